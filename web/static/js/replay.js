// The replay viewer: steps through a game's events, moving the units as
// the events tell.

import { api } from "./api.js";
import { Board, el } from "./board.js";
import { h } from "./util.js";
import { shortName } from "./game.js";

const COLORS = { german: "#5d6873", us: "#6e7c36" };

// keys is the open replay's keyboard handler, removed when the page
// leaves it (or opens another replay).
let keys = null;

export function stopReplay() {
  if (keys) document.removeEventListener("keydown", keys);
  keys = null;
}

export async function showReplay(root, id, token) {
  stopReplay();
  root.replaceChildren(h("p", { class: "loading" }, "Loading the battle…"));
  const g = await api.game(id, token);
  const [map, log, units] = await Promise.all([api.map(g.scenario), api.log(id, token), api.units(g.rules).catch(() => ({ units: [] }))]);
  const types = Object.fromEntries(units.units.map((u) => [u.id, u]));
  const events = log.events;
  const final = (g.view && g.view.units) || [];
  const boardBox = h("div", { class: "board-box" });
  const list = h("ol", { class: "log", testid: "replay-log" });
  const counter = h("span", { testid: "replay-step" });
  let step = 0;
  const go = (n) => { step = Math.max(0, Math.min(events.length, n)); draw(); };
  const controls = h("div", { class: "toolbar" },
    h("button", { testid: "replay-start", title: "Back to the start", onclick: () => go(0) }, "« Start"),
    h("button", { testid: "replay-prev", onclick: () => go(step - 1) }, "◀ Back"),
    h("button", { testid: "replay-next", onclick: () => go(step + 1) }, "Next ▶"),
    h("button", { testid: "replay-end", title: "To the last event", onclick: () => go(events.length) }, "End »"),
    counter, h("a", { href: "/games/" + id, class: "small" }, " back to the game"));
  root.replaceChildren(h("div", { class: "game" }, h("div", { class: "board-col" }, controls, boardBox), h("aside", { class: "side-col" }, h("section", { class: "log-box" }, h("h3", {}, "Events"), list))));
  document.getElementById("status").replaceChildren(h("span", { class: "title" }, "Replay: " + map.title));
  const board = new Board(boardBox, map, {});
  board.drawZones(map.sides, Object.fromEntries(map.sides.map((s, i) => [s.id, COLORS[s.id] || ["#5d6873", "#6e7c36"][i % 2]])));
  for (const e of events) list.appendChild(h("li", { class: "ev ev-" + e.kind, "data-seq": e.seq, onclick: () => go(events.indexOf(e) + 1) }, h("span", { class: "seq" }, e.seq), " ", e.text));

  // positions replays the events up to the current step: deployments,
  // reserves, moves and reveals carry the units' positions in their data.
  function positions() {
    const pos = {};
    const place = (d) => {
      if (!d || !d.unit || d.x === undefined) return;
      const was = pos[d.unit] || {};
      pos[d.unit] = { x: d.x, y: d.y, heading: d.heading ?? was.heading ?? 90, hidden: was.hidden };
    };
    for (const e of events.slice(0, step)) {
      const d = e.data;
      if (Array.isArray(d)) d.forEach((x) => x && typeof x === "object" && place(x)); // reserves: every unit entering
      else if (d && typeof d === "object") place(d);
      if (e.kind === "forced-back") {
        // Its data carries no position yet: read it from the text.
        const m = e.text.match(/^(\S+) .*?forced back [-\d.]+" to \(([-\d.]+), ([-\d.]+)\)/);
        if (m && pos[m[1]]) pos[m[1]] = { ...pos[m[1]], x: +m[2], y: +m[3] };
      }
      if (e.kind === "dispersed" && d && d.unit) pos[d.unit] = { ...(pos[d.unit] || {}), gone: true };
      // Hidden from the enemy from its secret set-up until revealed (the
      // fog lifted once the game was over shows it all the same).
      if (e.kind === "deploy" && d && d.unit && / deploys hidden /.test(e.text)) pos[d.unit].hidden = true;
      if (e.kind === "reveal" && d && d.unit && pos[d.unit]) pos[d.unit].hidden = false;
    }
    return pos;
  }

  // turnAt returns the turn the events up to the current step have reached.
  function turnAt() {
    let turn = 0;
    for (const e of events.slice(0, step)) {
      const m = /^turn (\d+)/.exec(e.text || "");
      if (m) turn = Math.max(turn, +m[1]);
    }
    return turn;
  }

  function draw() {
    const turn = turnAt();
    counter.textContent = ` event ${step} of ${events.length}` + (turn ? ` · turn ${turn}` : " · set-up");
    board.gUnits.replaceChildren();
    board.gLabels.querySelectorAll(".unit-label").forEach((n) => n.remove());
    const pos = positions();
    // Labels above the unit, else below, else the id alone: neighbours'
    // labels must not run into each other.
    const boxes = [];
    const fits = (x, text, ly) => {
      const w = text.length * 0.34, box = [x - w / 2, ly - 0.55, x + w / 2, ly + 0.1];
      return boxes.every((o) => box[2] <= o[0] || box[0] >= o[2] || box[3] <= o[1] || box[1] >= o[3]) ? box : null;
    };
    for (const u of final) {
      const p = pos[u.id] || (step === events.length && u.placed ? u : null);
      if (!p || p.gone || p.x === undefined) continue;
      board.unitShape(board.gUnits, { ...u, x: p.x, y: p.y, heading: p.heading }, "side-" + u.side + (p.hidden ? " hidden" : ""), COLORS[u.side] || "#777");
      const id = u.id.replace(/^[a-z]+-/, ""), full = id + " " + (types[u.type] ? shortName(types[u.type].name) : u.type) + (p.hidden ? " (hidden)" : "");
      const half = Math.max(u.length || 2.5, u.width || 1.5) / 2, sy = board.sy(p.y);
      let pick = [id, sy - half - 0.35];
      for (const [text, ly] of [[full, sy - half - 0.35], [full, sy + half + 0.75], [id, sy - half - 0.35], [id, sy + half + 0.75]]) {
        const box = fits(p.x, text, ly);
        if (box) { boxes.push(box); pick = [text, ly]; break; }
      }
      el("text", { x: p.x, y: pick[1], class: "unit-label", text: pick[0] }, board.gLabels);
    }
    [...list.children].forEach((li, i) => li.classList.toggle("current", i === step - 1));
    const cur = list.children[step - 1];
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }
  stopReplay();
  keys = (ev) => {
    if (ev.key === "ArrowRight") go(step + 1);
    if (ev.key === "ArrowLeft") go(step - 1);
  };
  document.addEventListener("keydown", keys);
  go(0);
}
