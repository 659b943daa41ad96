// Pagano's decisions on the game page: the move phase (one vehicle at a
// time along waypoints), the fire phase (every shot declared at once) and
// the ambush window, and the standing (vehicles in action and out). The
// methods are mixed into Game (game.js).

import { api } from "./api.js";
import { el } from "./board.js";
import { dist, headingTo, insideLength, pathLength } from "./geom.js";
import { h, fmt1, pct } from "./util.js";

// START_COST is the movement points a stopped or stationary vehicle pays
// to begin moving (Pagano, Table 1); woods cost double.
const START_COST = 1;
const WOODS_COST = 2;

const round2 = (x) => Math.round(x * 100) / 100;

export const paganoMethods = {
  // active reports whether a Pagano vehicle is still in the fight.
  pgActive(u) { return u.placed && !u.out && !u.exited; },

  // pgBudget is u's movement points for a move: its MP less the cost of
  // starting when it is not already moving.
  pgBudget(u) {
    const mp = this.stats(u).mp || 0;
    return mp - (u.motion === "moving" ? 0 : START_COST);
  },

  // pgCost estimates the movement points of a path from the map: clear
  // ground one a inch, woods two; shown until the server's exact figure
  // (pgCheckMove: roads, hedges and climbs too) comes.
  pgCost(path) {
    let cost = 0;
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i], b = path[i + 1];
      let woods = 0;
      for (const t of this.map.terrain || []) if (t.kind === "woods" && t.polygon) woods += insideLength(a, b, t.polygon);
      cost += dist(a, b) + woods * (WOODS_COST - 1);
    }
    return cost;
  },

  // pgCandidates fetches the rules' suggested actions for the pending
  // decision once per position, and renders again when they come.
  pgCandidates() {
    const key = this.pos.n + ":" + ((this.g.pending || {}).kind || "");
    if (this.candKey === key) return this.cands;
    this.candKey = key;
    this.cands = null;
    api.candidates(this.id, this.token).then((r) => {
      if (this.candKey !== key || this.stopped) return;
      this.cands = r.candidates || [];
      this.render();
    }).catch((e) => {
      if (this.candKey !== key || this.stopped) return;
      this.cands = [];
      this.candError = e.message;
      this.render();
    });
    return null;
  },

  pgStanding(box) {
    for (const sid of this.g.sides || []) {
      const us = this.units.filter((u) => u.side === sid);
      const fighting = us.filter((u) => this.pgActive(u) && !u.retreat).length;
      const retreating = us.filter((u) => this.pgActive(u) && u.retreat).length;
      const out = us.filter((u) => u.out || u.exited).length;
      const waiting = us.filter((u) => !u.placed).length;
      box.appendChild(h("div", { class: "side-row" + ((this.g.pending || {}).side === this.g.sides.indexOf(sid) ? " active" : ""), testid: "side-" + sid, style: `border-left-color:${this.sideColor(sid)}` },
        h("div", { class: "side-name" }, this.sideName(sid), sid === this.mySide ? h("span", { class: "tag" }, "you") : null),
        h("div", { class: "side-stats" },
          h("span", { title: "Vehicles in the fight", testid: "fighting-" + sid }, "In action ", h("b", {}, fighting)),
          retreating ? h("span", { title: "Vehicles retreating to their edge" }, "Retreating ", h("b", {}, retreating)) : null,
          h("span", { title: "Vehicles knocked out or gone off the table", testid: "out-" + sid }, "Out ", h("b", {}, out)),
          waiting ? h("span", { title: "Vehicles still to deploy" }, "To deploy ", h("b", {}, waiting)) : null)));
    }
  },

  // --- move phase ---------------------------------------------------------

  pgMovers() { return this.units.filter((u) => u.side === this.mySide && this.pgActive(u) && !u.done); },

  panelPgMove(box) {
    const ui = this.ui;
    const movers = this.pgMovers();
    if (ui.mover && !movers.some((u) => u.id === ui.mover)) ui.mover = null;
    ui.path = ui.path || [];
    box.appendChild(h("p", {}, "Move your vehicles one at a time: pick one, click waypoints on the table, then Move. A vehicle that holds stays where it is; End movement finishes the phase."));
    box.appendChild(h("div", { class: "choices" }, movers.map((u) => h("button", {
      class: "unit-choice" + (u.id === ui.mover ? " selected" : ""), testid: "mover-" + u.id,
      title: `${u.name}: ${this.stats(u).mp || "?"} MP, ${u.motion}${u.stunned ? ", stunned" : ""}${u.immobile ? ", immobilized" : ""}${u.retreat ? ", retreating" : ""}`,
      onclick: () => this.pgSelect(u.id),
    }, u.id, h("span", { class: "muted" }, ` ${u.motion}`), u.stunned ? h("span", { class: "tag" }, "stunned") : null, u.immobile ? h("span", { class: "tag" }, "immobile") : null, u.retreat ? h("span", { class: "tag" }, "retreat") : null))));
    if (!movers.length) box.appendChild(h("p", { class: "muted" }, "Every vehicle has moved or held."));
    const u = ui.mover && this.unit(ui.mover);
    if (u) {
      const budget = this.pgBudget(u);
      const path = [[u.x, u.y], ...ui.path];
      const len = pathLength(path);
      // The server's exact figures once they come; the map's estimate
      // until then.
      const chk = ui.path.length ? this.pgCheckMove(u, ui.path) : null;
      const pv = chk && chk.preview;
      const cost = pv ? pv.cost : this.pgCost(path);
      const over = ui.path.length && (chk ? !chk.legal : cost > budget + 1e-6);
      const why = chk && !chk.legal ? " — " + (pv && pv.blocked ? pv.blocked : (chk.error || "").replace(/^move: /, "")) : over ? " — beyond its reach: shorten the path" : "";
      const stuck = u.stunned || u.immobile;
      box.appendChild(h("div", { class: "group-card", testid: "move-plan" },
        h("div", {}, h("b", {}, u.id), ` ${u.name} · ${this.stats(u).mp || "?"} MP`, u.motion === "moving" ? "" : ` (${START_COST} to start: ${fmt1(budget)} left)`),
        stuck ? h("div", { class: "bad" }, `${u.id} is ${u.stunned ? "stunned" : "immobilized"}: it may only hold${u.immobile && !u.stunned ? " or pivot" : ""}.`) : null,
        ui.path.length ? h("div", { testid: "path-length", class: over ? "bad" : "" }, pv ? `Path ${fmt1(len)}" · costs ${fmt1(pv.cost)} of ${fmt1(pv.budget)} MP` : `Path ${fmt1(len)}" · about ${fmt1(cost)} of ${fmt1(budget)} MP`,
          pv && over && !pv.blocked ? `; it gets ${fmt1(pv.reach)}"` : "", why) : h("div", { class: "muted" }, "Click the table to add waypoints.")));
      box.appendChild(h("div", { class: "row" },
        h("label", { title: "Stop at the end of the move (else it stays in motion, facing the way it goes)" },
          h("input", { type: "checkbox", testid: "move-stop", checked: ui.stop !== false && !u.retreat || null, disabled: u.retreat || null, onchange: (e) => { ui.stop = e.target.checked; this.render(); } }), " stop at the end")));
      box.appendChild(h("div", { class: "row" },
        h("button", { class: "primary", testid: "move-confirm", disabled: !ui.path.length || stuck, onclick: () => this.confirm() }, "Move (Enter)"),
        h("button", { testid: "undo-waypoint", disabled: !ui.path.length, onclick: () => { ui.path.pop(); this.render(); } }, "Undo waypoint"),
        h("button", { testid: "hold", title: "This vehicle stays where it is this phase", onclick: () => this.act({ kind: "hold", unit: u.id }) }, "Hold (H)")));
    }
    box.appendChild(h("div", { class: "row secondary" },
      h("button", { class: "end", testid: "end-movement", onclick: () => this.act({ kind: "end-movement" }) }, "End movement (E)")));
    this.hint(u ? (ui.path.length ? "Click more waypoints, Enter to move, Esc to clear" : `Click the table where ${u.id} goes`) : "Pick a vehicle to move (click it or its button)");
  },

  // pgCheckMove asks the server what a move of u along path would cost
  // (roads, hedges and climbs included) and whether the rules take it,
  // once per position and path, a moment after the path stops changing.
  // It returns the answer for this path, or null until it comes.
  pgCheckMove(u, path) {
    const ui = this.ui;
    const stop = u.retreat ? false : ui.stop !== false;
    const key = `${this.pos.n}:${u.id}:${stop}:${JSON.stringify(path)}`;
    if (ui.check && ui.check.key === key) return ui.check;
    if (ui.checkKey !== key) {
      ui.checkKey = key;
      clearTimeout(this.checkTimer);
      this.checkTimer = setTimeout(() => {
        api.check(this.id, this.token, { kind: "move", unit: u.id, to: path, stop }).then((r) => {
          if (this.stopped || ui !== this.ui) return;
          ui.check = { key, ...r };
          this.render();
        }).catch(() => {}); // the estimate stays; posting the move will say
      }, 150);
    }
    return null;
  },

  pgSelect(id) {
    this.ui.mover = id;
    this.ui.path = [];
    this.ui.stop = true;
    this.render();
  },

  // --- fire phase ---------------------------------------------------------

  // pgFirers returns the vehicles of this side with a shot, from the
  // rules' suggestions (a unit with no target in sight, not loaded or
  // stunned is in none).
  pgFirers() {
    const c = this.pgCandidates();
    if (!c) return null;
    const ids = new Set(), best = {};
    for (const a of c) for (const s of a.kind === "fire" ? a.shots || [] : []) { ids.add(s.unit); if (!best[s.unit]) best[s.unit] = s.target; }
    return { ids, best, all: c.filter((a) => a.kind === "fire") };
  },

  // pgAspect names the side of target t that firer f sees.
  pgAspect(f, t) {
    const d = Math.abs(((headingTo([t.x, t.y], [f.x, f.y]) - t.heading + 540) % 360) - 180);
    return d <= 45 ? "front" : d >= 135 ? "rear" : "side";
  },

  panelPgFire(box) {
    const ui = this.ui;
    ui.shots = ui.shots || [];
    const fr = this.pgFirers();
    box.appendChild(h("p", {}, "Declare every shot of this phase at once: pick one of your vehicles, then an enemy (its button or on the table). Vehicles not named keep their shot."));
    if (!fr) { box.appendChild(h("p", { class: "muted", testid: "firers-loading" }, "Finding who can fire…")); }
    else {
      const mine = this.units.filter((u) => u.side === this.mySide && fr.ids.has(u.id));
      if (ui.firer && !fr.ids.has(ui.firer)) ui.firer = null;
      if (!mine.length) box.appendChild(h("p", { class: "muted" }, "No vehicle of yours has a shot."));
      const enemies = this.units.filter((u) => u.side !== this.mySide && this.pgActive(u));
      const list = h("div", { class: "fire-list" });
      for (const u of mine) {
        const shot = ui.shots.find((s) => s.unit === u.id);
        const row = h("div", { class: "fire-row" + (ui.firer === u.id ? " current" : "") },
          h("button", { class: "firer" + (ui.firer === u.id ? " selected" : ""), testid: "firer-" + u.id, onclick: () => { ui.firer = u.id; this.render(); } }, u.id),
          shot ? h("span", { testid: "shot-" + u.id }, ` → ${shot.target} `, h("button", { testid: "unshot-" + u.id, title: "Remove this shot", onclick: () => { ui.shots = ui.shots.filter((s) => s !== shot); this.render(); } }, "✕")) : h("span", { class: "muted" }, ` suggested: ${fr.best[u.id]}`));
        if (shot) row.appendChild(pgOddsLine(this.pgOdds(u.id, shot.target), "odds-" + u.id));
        if (ui.firer === u.id) {
          row.appendChild(h("div", { class: "choices" }, enemies.map((e) => {
            const d = this.hullDist(u, e);
            const o = this.pgOdds(u.id, e.id);
            const why = o && o.error ? `: no shot, ${o.error}` : o && o.in_range ? `: hit ${pct(o.p_hit)}, wrecked ${pct(o.p_wrecked)}` : "";
            return h("button", { class: "target" + (shot && shot.target === e.id ? " selected" : "") + (fr.best[u.id] === e.id ? " priority" : "") + (o && o.error ? " noshot" : ""), testid: `target-${u.id}-${e.id}`,
              title: `${e.name}: ${fmt1(d)}", its ${this.pgAspect(u, e)} toward ${u.id}${why}`, onclick: () => this.pgAddShot(u.id, e.id) },
            `${e.id} ${fmt1(d)}"`, h("small", {}, " " + this.pgAspect(u, e)), h("small", { class: "hit", testid: `hit-${u.id}-${e.id}` }, o ? (o.error ? " no shot" : o.in_range ? " " + pct(o.p_hit) : "") : " …"));
          })));
        }
        list.appendChild(row);
      }
      box.appendChild(list);
      if (fr.all.length) {
        box.appendChild(h("div", { class: "row" }, h("button", { testid: "suggested-shots", title: "Load the rules' suggested shots", onclick: () => { ui.shots = fr.all[0].shots.map((s) => ({ ...s })); this.render(); } }, "Suggested shots")));
      }
    }
    box.appendChild(h("div", { class: "row" },
      h("button", { class: "primary fire", testid: "fire-confirm", disabled: !ui.shots.length, onclick: () => this.confirm() }, ui.shots.length ? `Fire ${ui.shots.length} shot${ui.shots.length > 1 ? "s" : ""} (Enter)` : "Fire (Enter)"),
      h("button", { testid: "hold-fire", onclick: () => this.act({ kind: "hold-fire" }) }, "Hold fire (P)")));
    box.appendChild(h("p", { class: "muted small" }, "Range and the side of the target seen are read from the table; the server judges line of sight and rolls the dice."));
    this.hint(ui.firer ? `Click an enemy for ${ui.firer} to fire at` : "Pick a vehicle of yours to fire");
  },

  // pgOdds returns the server's odds of firer's shot at target where
  // they stand (undefined until they come), asking once per position.
  pgOdds(firer, target) {
    const key = firer + ">" + target;
    if (!this.oddsCache.has(key + "@" + this.pos.n)) this.fetchOdds(firer, target);
    const o = this.oddsCache.get(key);
    return o && o.firer === firer || (o && o.error) ? o : undefined;
  },

  pgAddShot(firer, target) {
    const ui = this.ui;
    ui.shots = (ui.shots || []).filter((s) => s.unit !== firer);
    ui.shots.push({ unit: firer, target });
    ui.firer = null;
    this.render();
  },

  // --- ambush -------------------------------------------------------------

  panelPgAmbush(box) {
    const ui = this.ui;
    const a = this.view.ambush;
    ui.at = ui.at || {};
    if (!a) { box.appendChild(h("button", { testid: "ambush-pass", onclick: () => this.act({ kind: "ambush-pass" }) }, "Let it go")); return; }
    const c = this.pgCandidates();
    const eligible = c ? new Set(c.filter((x) => x.kind === "ambush").map((x) => x.unit)) : null;
    const m = this.unit(a.mover);
    box.appendChild(h("p", {}, h("b", {}, m ? `${m.id} (${m.name})` : a.mover), ` is moving: it is ${fmt1(a.at)}" along its path. A loaded vehicle of yours that sees it may fire ambush; pick how far along the path it fires.`));
    let any = false;
    for (const sp of a.spans || []) {
      const u = this.unit(sp.unit);
      if (!u || u.side !== this.mySide) continue;
      if (eligible && !eligible.has(sp.unit)) continue;
      const lo = Math.max(sp.from, a.at), hi = sp.to;
      if (hi < lo - 1e-9) continue;
      any = true;
      if (ui.at[sp.unit] === undefined) ui.at[sp.unit] = lo;
      const row = h("div", { class: "span-row", testid: "ambush-span-" + sp.unit }, h("b", {}, sp.unit), h("span", { class: "muted" }, ` ${u.name}: sees it ${fmt1(sp.from)}"–${fmt1(sp.to)}" along the path`));
      const out = h("span", { class: "at" }, fmt1(ui.at[sp.unit]) + '"');
      row.appendChild(h("div", { class: "row" }, "Fire at ",
        h("input", { type: "range", min: lo, max: hi, step: 0.1, value: ui.at[sp.unit], testid: "ambush-at-" + sp.unit, oninput: (e) => { ui.at[sp.unit] = +e.target.value; out.textContent = fmt1(ui.at[sp.unit]) + '"'; } }), out,
        h("button", { class: "primary fire", testid: "ambush-" + sp.unit, onclick: () => this.act({ kind: "ambush", unit: sp.unit, at: round2(Math.min(hi, Math.max(lo, ui.at[sp.unit]))) }) }, `Ambush with ${sp.unit}`)));
      box.appendChild(row);
    }
    if (!any) box.appendChild(h("p", { class: "muted" }, c ? "None of your loaded vehicles can fire at it now." : "Finding who can fire…"));
    box.appendChild(h("div", { class: "row" }, h("button", { testid: "ambush-pass", onclick: () => this.act({ kind: "ambush-pass" }) }, "Let it go (P)")));
    this.hint("Ambush, or let it go (P)");
  },

  // --- any other decision: the rules' suggestions as buttons ---------------

  panelCandidates(box) {
    const c = this.pgCandidates();
    if (!c) { box.appendChild(h("p", { class: "muted", testid: "candidates-loading" }, "Finding what you may do…")); return; }
    if (!c.length) { box.appendChild(h("p", { class: "muted" }, "The rules suggest nothing here" + (this.candError ? ` (${this.candError})` : "") + ".")); return; }
    box.appendChild(h("p", {}, "Choose one of the actions the rules suggest:"));
    box.appendChild(h("div", { class: "choices", testid: "candidates" }, c.map((a, i) => h("button", { testid: "candidate-" + i, onclick: () => this.act(a) }, describe(a)))));
  },

  // --- the table ------------------------------------------------------------

  pgOverlay() {
    const b = this.board, ui = this.ui, p = this.g.pending || {};
    if (!this.myTurn()) return;
    if (p.kind === "move" && ui.mover) {
      const u = this.unit(ui.mover);
      if (!u) return;
      this.ring(u, "sel-ring");
      const budget = this.pgBudget(u);
      if (budget > 0) el("circle", { cx: u.x, cy: b.sy(u.y), r: budget, class: "reach-max", "data-testid": "pg-reach" }, b.gUnderlay);
      const path = [[u.x, u.y], ...(ui.path || [])];
      if (path.length > 1) {
        const over = this.pgCost(path) > budget + 1e-6;
        el("polyline", { points: b.pts(path), class: "move-path" + (over ? " over" : ""), "marker-end": "url(#arrow)", "data-testid": "pg-path" }, b.gOverlay);
        const end = path[path.length - 1], prev = path[path.length - 2];
        this.ghost({ ...u, x: end[0], y: end[1], heading: headingTo(prev, end) }, "ghost");
        el("text", { x: end[0] + 1, y: b.sy(end[1]) - 0.4, class: "move-label", text: `${fmt1(pathLength(path))}"${over ? " too far" : ""}` }, b.gOverlay);
      }
    }
    if (p.kind === "fire") {
      for (const s of ui.shots || []) {
        const f = this.unit(s.unit), t = this.unit(s.target);
        if (f && t) el("line", { x1: f.x, y1: b.sy(f.y), x2: t.x, y2: b.sy(t.y), class: "aim-line" }, b.gOverlay);
      }
      if (ui.firer) this.ring(this.unit(ui.firer), "firer-ring current");
    }
  },

  // pgTableClick handles a click on the table in a Pagano phase; it
  // returns true when it did.
  pgTableClick(pt) {
    const p = this.g.pending || {}, ui = this.ui;
    if (p.kind === "move") {
      if (!ui.mover) { this.say("Pick a vehicle to move first (click it or its button)"); return true; }
      const u = this.unit(ui.mover);
      if (u && (u.stunned || u.immobile)) { this.say(`${u.id} cannot move: it is ${u.stunned ? "stunned" : "immobilized"}`); return true; }
      ui.path = ui.path || [];
      ui.path.push(pt.map(round2));
      this.render();
      return true;
    }
    if (p.kind === "fire") { this.say(ui.firer ? `Click an enemy vehicle for ${ui.firer} to fire at` : "Click one of your vehicles first"); return true; }
    return false;
  },

  pgUnitClick(u, ev) {
    const p = this.g.pending || {}, ui = this.ui;
    const own = u.side === this.mySide;
    if (p.kind === "move") {
      if (own && this.pgMovers().some((m) => m.id === u.id) && (!ui.mover || !(ui.path || []).length || u.id === ui.mover)) { if (u.id !== ui.mover) this.pgSelect(u.id); return true; }
      if (ui.mover) return this.pgTableClick(this.board.toTable(ev.clientX, ev.clientY));
      this.say(own ? `${u.id} has already moved or held this phase` : "Pick one of your vehicles to move");
      return true;
    }
    if (p.kind === "fire") {
      const fr = this.pgFirers();
      if (own) {
        if (fr && fr.ids.has(u.id)) { ui.firer = u.id; this.render(); }
        else this.say(`${u.id} has no shot now (not loaded, stunned or no enemy in sight)`);
        return true;
      }
      if (!ui.firer) { this.say("Click one of your vehicles first, then the enemy it fires at"); return true; }
      if (this.pgActive(u)) this.pgAddShot(ui.firer, u.id);
      return true;
    }
    return false;
  },

  pgConfirm() {
    const p = this.g.pending || {}, ui = this.ui;
    if (p.kind === "move") {
      if (!ui.mover) { this.say("Pick a vehicle to move first"); return true; }
      if (!(ui.path || []).length) { this.say(`Click the table to give ${ui.mover} a path first`); return true; }
      const u = this.unit(ui.mover);
      this.act({ kind: "move", unit: ui.mover, to: ui.path, stop: u && u.retreat ? false : ui.stop !== false });
      return true;
    }
    if (p.kind === "fire") {
      if (!(ui.shots || []).length) { this.say("Declare a shot first (your vehicle, then an enemy), or hold fire (P)"); return true; }
      this.act({ kind: "fire", shots: ui.shots });
      return true;
    }
    return false;
  },

  pgKey(k) {
    const p = this.g.pending || {};
    if ((k === "p" || k === "P") && p.kind === "fire") { this.act({ kind: "hold-fire" }); return true; }
    if ((k === "p" || k === "P") && p.kind === "ambush") { this.act({ kind: "ambush-pass" }); return true; }
    if ((k === "e" || k === "E") && p.kind === "move") { this.act({ kind: "end-movement" }); return true; }
    if ((k === "h" || k === "H") && p.kind === "move" && this.ui.mover) { this.act({ kind: "hold", unit: this.ui.mover }); return true; }
    return false;
  },
};

// pgOddsLine shows the odds of a declared shot: to hit, then each result.
function pgOddsLine(o, testid) {
  if (!o) return h("div", { class: "odds muted small", testid }, "Working out the odds…");
  if (o.error) return h("div", { class: "odds bad small", testid }, "No shot: " + o.error);
  const mods = (ms) => (ms || []).map((m) => `${m.value > 0 ? "+" : m.value < 0 ? "−" : "±"}${Math.abs(m.value)} ${m.name}`).join(", ") || "none";
  return h("div", { class: "odds small", testid, title: `To hit: d10 6+, ${mods(o.hit_modifiers)}. Effect: ${o.effect_modifiers && o.effect_modifiers.length ? mods(o.effect_modifiers) : "unarmoured, wrecked by any hit"}.` },
    h("b", {}, `Hit ${pct(o.p_hit)}`), ` · wrecked ${pct(o.p_wrecked)} · stunned ${pct(o.p_stunned)} · immobilized ${pct(o.p_immobilized)} · deflected ${pct(o.p_deflected)}`,
    h("span", { class: "muted" }, ` (${fmt1(o.range)}", ${o.aspect})`));
}

// describe words an action for a button.
export function describe(a) {
  const rest = Object.entries(a).filter(([k]) => k !== "kind").map(([k, v]) => `${k} ${typeof v === "number" ? Math.round(v * 10) / 10 : Array.isArray(v) ? v.map((x) => (typeof x === "object" ? Object.values(x).join("→") : x)).join(", ") : v}`);
  return a.kind + (rest.length ? ": " + rest.join(", ") : "");
}
