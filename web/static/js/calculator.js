// The shot calculator: the exact odds of one shot for a player beside a
// real table, who names the two vehicles, measures the range and ticks
// the situation (GET /api/odds), and may have the shot's dice rolled here
// (GET /api/odds/roll). The question lives in the address bar, so a link
// or a reload asks it again.

import { api } from "./api.js";
import { oddsBox } from "./game.js";
import { h, pct } from "./util.js";

const RULES = [["armour-battles", "Armour Battles"], ["pagano", "Pagano"]];

// The situation's switches and choices per ruleset: [parameter, label,
// choices]; a choice list of none is a tick box.
const FIELDS = {
  "armour-battles": [
    ["flank", "Flank or rear shot (−1 to the target number)"],
    ["cover", "Target in or behind light cover (+1D reaction)"],
    ["uphill", "Firing uphill at a target on a hill"],
    ["target_suppressed", "Target suppressed"],
    ["ambush", "Ambush fire from hiding (+1D)"],
    ["moves", "Firer's moves this activation", [["1", "one"], ["2", "double (−1D)"], ["3", "triple (−2D)"]]],
    ["reaction", "Target's reaction", [["", "none"], ["break_off", "breaks off (+2D)"], ["disengaging", "disengaging (+2D)"], ["scoot", "shoots and scoots (+2D)"]]],
    ["attack_wild", "Wild dice or staff orders on the attack", [["0", "0"], ["1", "1"], ["2", "2"]]],
    ["reaction_wild", "Wild dice or staff orders on the reaction", [["0", "0"], ["1", "1"], ["2", "2"]]],
    ["target_dp", "Target's disruption points already", [["0", "0"], ["1", "1"], ["2", "2"]]],
  ],
  pagano: [
    ["aspect", "Side of the target the firer sees", [["front", "front"], ["side", "side"], ["rear", "rear"]]],
    ["firer_motion", "Firer's motion", [["stopped", "moved and halted"], ["stationary", "stationary"], ["moving", "moving"]]],
    ["target_motion", "Target's motion", [["stopped", "moved and halted"], ["stationary", "stationary"], ["moving", "moving"]]],
    ["hull_down", "Target hull-down"],
    ["woods", "Target in woods or a building"],
    ["hedge", "Line of fire crosses a wall or hedge"],
    ["hedgerow", "Line of fire crosses a hedgerow within 1\" of a hull"],
    ["ambush", "Ambush fire"],
  ],
};

const offTable = (u) => !(u.footprint && u.footprint.length > 0);

// showCalculator draws the page into root and returns it; the router
// calls its stop() on leaving, after which nothing it had under way
// touches the page or the address bar.
export function showCalculator(root) {
  const page = { stopped: false, timer: 0, stop() { this.stopped = true; clearTimeout(this.timer); } };
  page.ready = draw(root, page);
  return page;
}

async function draw(root, page) {
  document.getElementById("status").replaceChildren(h("span", { class: "title" }, "Shot odds and command dice for a game on a real table"));
  root.replaceChildren(h("p", { class: "loading" }, "Loading the unit types…"));
  const units = {};
  try {
    for (const [r] of RULES) units[r] = (await api.units(r)).units || [];
  } catch (e) {
    if (!page.stopped) root.replaceChildren(h("p", { class: "error" }, "Cannot load the unit types: " + e.message));
    return;
  }
  if (page.stopped) return;
  const url = new URL(location.href);
  const q = new URLSearchParams(url.search);
  let rules = RULES.some(([r]) => r === q.get("rules")) ? q.get("rules") : "armour-battles";
  const result = h("div", { class: "calc-result", testid: "calc-result", "aria-live": "polite" });
  // The comparison follows the form once asked for; a cell picked is
  // put in the form.
  const compare = compareBox(page, () => question(), (firer, target) => {
    form.querySelector("[data-param=firer]").value = firer;
    form.querySelector("[data-param=target]").value = target;
    changed();
  });
  const form = h("div", { class: "calc-form" });
  root.replaceChildren(h("div", { class: "calculator", testid: "calculator" },
    h("section", {}, h("h2", {}, "Shot odds"),
      h("p", { class: "muted" }, "For a game on a real table: name the two vehicles, measure the range from hull to hull, tick the situation. The odds are exact, worked out from the rules' dice, not sampled."),
      form),
    h("section", {}, h("h2", {}, "The odds"), result),
    compare,
    commandBox(page)));

  let seq = 0;
  const ask = async () => {
    if (page.stopped) return;
    compare.refresh();
    const p = question();
    history.replaceState({}, "", "/odds?" + p.toString());
    const n = ++seq;
    result.replaceChildren(h("p", { class: "muted" }, "Working out the odds…"));
    let o;
    try { o = await api.tableOdds(p); } catch (e) { o = { error: e.message }; }
    if (n !== seq || page.stopped) return; // a later question is on its way, or the page is gone
    result.replaceChildren(rules === "pagano" ? paganoResult(o, p, page) : abResult(o, p, page));
    result.dataset.ready = String(n);
  };

  // question reads the form into the API's parameters.
  const question = () => {
    const p = new URLSearchParams({ rules });
    for (const el of form.querySelectorAll("[data-param]")) {
      const name = el.dataset.param;
      if (el.type === "checkbox") { if (el.checked) p.set(name, "true"); continue; }
      if (name === "reaction") { if (el.value) p.set(el.value, "true"); continue; }
      if (name === "range" && el.disabled) continue;
      if (el.value !== "") p.set(name, el.value);
    }
    return p;
  };

  const render = (from) => {
    const us = units[rules];
    const pick = (param, label, list, want) => {
      const found = list.find((u) => u.id === want || u.name === want) || list.find((u) => !offTable(u)) || list[0];
      return h("label", { class: "field" }, h("b", {}, label),
        h("select", { "data-param": param, testid: "calc-" + param, onchange: changed },
          list.map((u) => h("option", { value: u.id, selected: found && u.id === found.id ? true : null }, u.name))));
    };
    const firers = rules === "armour-battles" ? us : us.filter((u) => !offTable(u));
    const targets = us.filter((u) => !offTable(u));
    const fields = FIELDS[rules].map(([param, label, choices]) => {
      if (!choices) {
        return h("label", { class: "check" }, h("input", { type: "checkbox", "data-param": param, testid: "calc-" + param, checked: from.get(param) === "true" || null, onchange: changed }), " ", label);
      }
      let now = from.get(param);
      if (param === "reaction") now = ["break_off", "disengaging", "scoot"].find((k) => from.get(k) === "true") || "";
      return h("label", { class: "field" }, h("b", {}, label),
        h("select", { "data-param": param, testid: "calc-" + param, onchange: changed },
          choices.map(([v, text]) => h("option", { value: v, selected: v === now ? true : null }, text))));
    });
    form.replaceChildren(
      h("div", { class: "choices", testid: "calc-rules" }, RULES.map(([r, name]) => h("label", { class: "radio" + (r === rules ? " selected" : "") },
        h("input", { type: "radio", name: "calc-rules", value: r, testid: "calc-rules-" + r, checked: r === rules || null, onchange: () => { rules = r; render(new URLSearchParams()); ask(); } }), " ", name))),
      pick("firer", "Firer", firers, from.get("firer")),
      pick("target", "Target", targets, from.get("target")),
      h("label", { class: "field" }, h("b", {}, "Range (inches)"),
        h("input", { type: "number", min: 0, step: 0.5, "data-param": "range", testid: "calc-range", value: from.get("range") || "12", oninput: changed })),
      h("p", { class: "muted small", testid: "calc-artillery-note", hidden: true }, "Off-table artillery fires for effect: range does not count."),
      ...fields);
    syncArtillery();
  };

  // Off-table artillery (Armour Battles) fires for effect: no range,
  // no moves, no ambush.
  const syncArtillery = () => {
    // A target breaks off, or shoots and scoots, only with the ability.
    const reaction = form.querySelector("[data-param=reaction]");
    if (reaction) {
      const tgt = units[rules].find((x) => x.id === form.querySelector("[data-param=target]").value);
      const has = { break_off: "break-off", scoot: "shoot-and-scoot" };
      for (const o of reaction.options) {
        o.disabled = !!has[o.value] && !(tgt && (tgt.special || []).includes(has[o.value]));
      }
      if (reaction.selectedOptions[0] && reaction.selectedOptions[0].disabled) reaction.value = "";
    }
    const firer = form.querySelector("[data-param=firer]");
    const u = units[rules].find((x) => x.id === firer.value);
    const art = rules === "armour-battles" && u && offTable(u);
    form.querySelector("[data-param=range]").disabled = art;
    form.querySelector("[data-testid=calc-artillery-note]").hidden = !art;
    let flag = form.querySelector("[data-param=artillery]");
    if (art && !flag) form.appendChild(flag = h("input", { type: "hidden", "data-param": "artillery", value: "true" }));
    if (!art && flag) flag.remove();
    // Nor do a flank, cover or a hill count against it.
    for (const p of ["moves", "ambush", "flank", "cover", "uphill"]) {
      const el = form.querySelector(`[data-param=${p}]`);
      if (!el) continue;
      el.disabled = art;
      if (art) { if (el.type === "checkbox") el.checked = false; else el.value = "1"; }
    }
  };

  function changed() {
    syncArtillery();
    for (const l of form.querySelectorAll("label.radio")) l.classList.toggle("selected", !!l.querySelector("input:checked"));
    clearTimeout(page.timer);
    page.timer = setTimeout(ask, 150);
  }

  render(q);
  ask();
}

function abResult(o, question, page) {
  if (o.error) return oddsBox(o);
  return h("div", {},
    h("p", {}, h("b", { testid: "calc-answer-firer" }, o.firer), " at ", h("b", {}, o.target),
      o.band === "artillery" ? " · fire for effect" : ` · ${o.range}"`),
    oddsBox(o),
    o.in_range ? disruptionTable(o) : null,
    o.in_range ? rollBox(question, page, abRoll) : null);
}

// The figures a comparison can show per ruleset: [name, heading, of(cell)].
const FIGURES = {
  "armour-battles": [
    ["expected", "Disruption points a shot inflicts on average", (c) => c.expected_disruption.toFixed(2)],
    ["disrupt", "Chance a shot inflicts a disruption point or more", (c) => pct(1 - c.p_disruption[0])],
    ["disperse", "Chance a shot disperses the target", (c) => pct(c.p_dispersed)],
    ["suppress", "Chance a shot suppresses the target", (c) => pct(c.p_suppressed)],
  ],
  pagano: [
    ["wrecked", "Chance a shot wrecks the target", (c) => pct(c.p_wrecked)],
    ["hit", "Chance a shot hits", (c) => pct(c.p_hit)],
    ["effect", "Chance a shot stuns, immobilizes or wrecks the target", (c) => pct(c.p_stunned + c.p_immobilized + c.p_wrecked)],
  ],
};

// compareBox asks the situation of the form for every firer at every
// target (GET /api/odds/compare), for weighing unit types against each
// other; question reads the form, pick puts a cell's pair in it.
function compareBox(page, question, pick) {
  const out = h("div", { class: "calc-compare-out", testid: "calc-compare-result", "aria-live": "polite" });
  // wanted: the comparison was asked for, so it follows the form; last:
  // the table shown (none while one is on its way, or after an error).
  let seq = 0, last = null, wanted = false;
  const figure = h("select", { testid: "calc-compare-figure", onchange: () => last && draw(last.m, last.asked) });
  const draw = (m, asked) => {
    const figs = FIGURES[m.rules];
    if (![...figure.options].some((o) => o.value === figure.value && figs.some(([n]) => n === o.value))) {
      figure.replaceChildren(...figs.map(([n, what]) => h("option", { value: n }, what)));
    }
    const [, what, of] = figs.find(([n]) => n === figure.value) || figs[0];
    out.replaceChildren(
      h("p", { class: "muted small" }, `${what}, at ${m.range}" in the situation ticked; – out of range. Pick a cell to ask that shot.`),
      h("div", { class: "calc-compare-scroll" }, h("table", { class: "calc-table", testid: "calc-compare-table" },
        h("tr", {}, h("th", {}, "firer \\ target"), ...m.targets.map((t) => h("th", { title: t.name }, t.id))),
        ...m.firers.map((f, i) => h("tr", {}, h("th", { title: f.id }, f.name),
          ...m.targets.map((t, j) => {
            const c = m.cells[i][j];
            const here = asked.get("firer") === f.id && asked.get("target") === t.id;
            return h("td", { class: here ? "current" : null, testid: `calc-compare-${f.id}-${t.id}`, title: `${f.name} at ${t.name}`,
              onclick: () => pick(f.id, t.id) }, c.in_range ? of(c) : "–");
          }))))));
  };
  const ask = async () => {
    const asked = question();
    const p = new URLSearchParams(asked);
    // Breaking off and shooting and scooting are some targets' own: a
    // table of every target is asked without them.
    for (const k of ["firer", "target", "artillery", "break_off", "scoot"]) p.delete(k);
    if (!p.has("range")) {
      const r = document.querySelector("[data-param=range]");
      if (r && r.value !== "") p.set("range", r.value);
    }
    const n = ++seq;
    wanted = true;
    last = null;
    out.replaceChildren(h("p", { class: "muted" }, "Working out every pair…"));
    let m;
    try { m = await api.tableCompare(p); } catch (e) { m = { error: e.message }; }
    if (n !== seq || page.stopped || !out.isConnected) return;
    if (m.error) {
      out.replaceChildren(h("p", { class: "error", testid: "calc-compare-error" }, m.error));
      out.dataset.ready = String(n);
      return;
    }
    last = { m, asked };
    draw(m, asked);
    out.dataset.ready = String(n);
  };
  const box = h("section", { class: "calc-compare" }, h("h2", {}, "Unit types compared"),
    h("p", { class: "muted" }, "Every unit type's shot at every other, at the range and in the situation above: for weighing one against another when writing a scenario."),
    h("div", { class: "choices" }, h("button", { class: "primary", testid: "calc-compare", onclick: ask }, "Compare every unit type"), " ", figure),
    out);
  // refresh asks again for a comparison asked for before (shown, on its
  // way or refused), the form having changed.
  box.refresh = () => { if (wanted) ask(); };
  return box;
}

// rollBox rolls the shot asked (GET /api/odds/roll) for a player who
// would rather the dice were rolled here; show draws the roll. The seed
// shown repeats it.
function rollBox(question, page, show) {
  const out = h("div", { class: "calc-roll", testid: "calc-roll-result", "aria-live": "polite" });
  let seq = 0;
  const roll = async (seed) => {
    const p = new URLSearchParams(question);
    if (seed !== undefined) p.set("seed", seed);
    const n = ++seq;
    out.replaceChildren(h("p", { class: "muted" }, "Rolling…"));
    let r;
    try { r = await api.tableRoll(p); } catch (e) { r = { error: e.message }; }
    if (n !== seq || page.stopped || !out.isConnected) return;
    if (r.error) { out.replaceChildren(h("p", { class: "error", testid: "calc-roll-error" }, r.error)); return; }
    out.replaceChildren(...[...show(r.odds, r.roll),
      h("p", {}, h("b", { testid: "calc-roll-outcome" }, r.roll.outcome.charAt(0).toUpperCase() + r.roll.outcome.slice(1) + ".")),
      h("p", { class: "muted small" }, "Seed ", h("span", { testid: "calc-roll-seed" }, String(r.seed)), " · ",
        h("button", { class: "link small", testid: "calc-roll-again", onclick: () => roll(String(r.seed)) }, "the same dice again"))].filter(Boolean));
  };
  return h("div", {}, h("h3", {}, "Roll it here"),
    h("button", { class: "primary", testid: "calc-roll", onclick: () => roll() }, "Roll the dice"), out);
}

// faces draws dice, those of tn or more as successes.
const faces = (list, tn, id) => h("span", { class: "dice", testid: id }, list.map((f) =>
  h("span", { class: "die" + (f >= tn ? " hit" : "") + (f === 6 ? " six" : ""), title: f >= tn ? "a success" : "no success" }, f)));
const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// abRoll draws an Armour Battles roll: the attack, the reaction, the
// forced-back dice.
function abRoll(o, x) {
  return [
    h("p", {}, `Attack ${o.attack_dice}D at ${o.attack_tn}+: `, faces(x.attack, o.attack_tn, "calc-roll-attack"),
      ` ${count(x.attack_successes, "success", "successes")}, ${count(x.attack_sixes, "six", "sixes")}`),
    x.attack_successes ? h("p", {}, `Reaction ${o.reaction_dice}D at ${o.reaction_tn}+: `, faces(x.reaction, o.reaction_tn, "calc-roll-reaction"),
      ` ${count(x.reaction_successes, "success", "successes")}, ${count(x.reaction_sixes, "six", "sixes")}`) : null,
    x.forced_back_dice.length ? h("p", {}, "Forced back 6\" + ", faces(x.forced_back_dice, 7, "calc-roll-forced"), ` = ${x.forced_back}"`) : null,
  ];
}

// paganoRoll draws a Pagano roll: the To-Hit d10, the Fire Effect d10
// and its second d10 on a 6, the errant turn.
function paganoRoll(o, x) {
  const d10 = (v, id) => h("span", { class: "dice", testid: id }, h("span", { class: "die" }, v));
  const signed = (n) => (n < 0 ? "−" + -n : "+" + n);
  return [
    h("p", {}, "To hit: ", d10(x.hit_roll, "calc-roll-hit"), ` ${signed(x.hit_total - x.hit_roll)} = ${x.hit_total}: ${x.hit ? "a hit" : "a miss"}`),
    x.effect_roll ? h("p", {}, "Fire effect: ", d10(x.effect_roll, "calc-roll-effect"), ` ${signed(x.effect_total - x.effect_roll)} = ${x.effect_total}`,
      x.sub_roll ? h("span", {}, ", then ", d10(x.sub_roll, "calc-roll-sub")) : null) : null,
    x.errant_roll ? h("p", {}, "Errant turn: ", d10(x.errant_roll, "calc-roll-errant")) : null,
  ];
}

// disruptionTable lists the chance of each number of disruption points.
function disruptionTable(o) {
  const pd = o.p_disruption || [];
  return h("table", { class: "calc-table", testid: "calc-disruption" },
    h("tr", {}, h("th", {}, "Disruption points taken"), ...pd.map((_, d) => h("th", {}, d))),
    h("tr", {}, h("td", {}, "Chance"), ...pd.map((p) => h("td", {}, pct(p)))));
}

function paganoResult(o, question, page) {
  if (o.error) return h("div", { class: "odds bad", testid: "odds" }, o.error);
  const mods = (ms) => (ms && ms.length ? ms.map((m) => h("li", {}, `${m.value > 0 ? "+" : m.value < 0 ? "−" : "±"}${Math.abs(m.value)} ${m.name}`)) : [h("li", { class: "muted" }, "none")]);
  const given = o.given_hit || {};
  return h("div", {},
    h("p", {}, h("b", { testid: "calc-answer-firer" }, o.firer), " at ", h("b", {}, o.target), ` · ${o.range}" · ${o.aspect}`),
    o.in_range
      ? h("div", { class: "odds", testid: "odds" },
        h("div", {}, "To hit (d10, 6 or more after modifiers): ", h("b", { testid: "odds-hit" }, pct(o.p_hit))),
        h("table", { class: "calc-table" },
          h("tr", {}, h("th", {}, ""), h("th", {}, "Wrecked"), h("th", {}, "Stunned"), h("th", {}, "Immobilized"), h("th", {}, "Deflected")),
          h("tr", {}, h("td", {}, "per shot"), h("td", { testid: "odds-wrecked" }, pct(o.p_wrecked)), h("td", {}, pct(o.p_stunned)), h("td", {}, pct(o.p_immobilized)), h("td", {}, pct(o.p_deflected))),
          h("tr", {}, h("td", {}, "given a hit"), h("td", {}, pct(given.p_wrecked)), h("td", {}, pct(given.p_stunned)), h("td", {}, pct(given.p_immobilized)), h("td", {}, pct(given.p_deflected)))))
      : h("div", { class: "odds bad", testid: "odds" }, "Out of range: beyond Table 2, no shot."),
    o.in_range && h("div", { class: "calc-mods" },
      h("div", {}, h("b", {}, "To-hit modifiers"), h("ul", {}, mods(o.hit_modifiers))),
      h("div", {}, h("b", {}, "Fire effect modifiers"), h("ul", {}, mods(o.effect_modifiers)))),
    o.in_range ? rollBox(question, page, paganoRoll) : null);
}

// commandBox keeps the command bookkeeping of an Armour Battles game on a
// real table: each turn's command dice rolled here (GET /api/command:
// command failure, the 1s discarded or lent, the wild dice, the first
// pulse), with the sides taken from a scenario or given by hand; a click
// on a die marks it spent, and each side's army morale and staff orders
// are kept beside. The book is kept in this browser (localStorage), so a
// reload or a later visit goes on with the same game.
const BOOK = "sandtable-command-book";

// turnOK says whether a saved turn has what drawing it reads (GET
// /api/command's answer, the query that rolled it, the dice spent).
function turnOK(t) {
  const two = (v, kind) => Array.isArray(v) && v.length === 2 && v.every((x) => kind === "array" ? Array.isArray(x) && x.length <= 20 && x.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)
    : kind === "count" ? Number.isInteger(x) && x >= 0 && x <= 40 : typeof x === kind);
  const x = t && t.r && t.r.roll;
  return !!x && typeof t.q === "string" && Array.isArray(t.spent) && t.spent.every((k) => typeof k === "string") && two(t.r.sides, "string") && Number.isInteger(t.r.seed) &&
    two(x.faces, "array") && two(x.dice, "count") && two(x.wild, "count") && two(x.borrowed, "count") && two(x.failure, "boolean") &&
    Number.isInteger(x.first) && typeof x.outcome === "string";
}

function loadBook() {
  try {
    const b = JSON.parse(localStorage.getItem(BOOK) || "null");
    if (b && Array.isArray(b.turns)) b.turns = b.turns.filter(turnOK); // a bad turn is dropped, not the book
    const pair = (v) => Array.isArray(v) && v.length === 2 && v.every((n) => n === null || Number.isInteger(n));
    if (b && typeof b.scenario === "string" && Array.isArray(b.turns) && pair(b.morale) && pair(b.staff)) return b;
  } catch { /* a damaged book starts afresh */ }
  return { scenario: "", turns: [], morale: [null, null], staff: [null, null] };
}

// ownSides is the book's sides given by hand (names and command dice),
// remembered as typed; a book without them has the page's defaults.
function ownSides(book) {
  const o = book.own;
  const ok = (v) => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "string" || typeof x === "number");
  const first = o && ["roll", "0", "1"].includes(o.first) ? o.first : "roll";
  return o && ok(o.names) && ok(o.dice) ? { names: [...o.names], dice: [...o.dice], first } : { names: ["Germany", "United States"], dice: [5, 6], first };
}

function commandBox(page) {
  const book = loadBook();
  const save = () => { try { localStorage.setItem(BOOK, JSON.stringify(book)); } catch { /* full or private: the page still works */ } };
  const box = h("section", { class: "calc-command", testid: "command" });
  const pick = h("select", { testid: "command-scenario" }, h("option", { value: "" }, "my own (below)"));
  const own = h("div", { class: "row", testid: "command-own" },
    ...[0, 1].map((i) => h("label", { class: "field" }, h("b", {}, `Side ${i + 1}`),
      h("input", { type: "text", value: ownSides(book).names[i], testid: `command-side-${i}`, size: 14,
        onchange: (e) => { book.own = ownSides(book); book.own.names[i] = e.target.value; save(); } }),
      h("input", { type: "number", min: 1, max: 20, value: ownSides(book).dice[i], testid: `command-dice-${i}`, title: "command dice",
        onchange: (e) => { book.own = ownSides(book); book.own.dice[i] = e.target.value; save(); } }))),
    h("label", { class: "field" }, h("b", {}, "First pulse"),
      h("select", { testid: "command-first-own", onchange: (e) => { book.own = ownSides(book); book.own.first = e.target.value; save(); } },
        ...[["roll", "rolled for each turn"], ["0", "always side 1"], ["1", "always side 2"]].map(([v, label]) =>
          h("option", { value: v, selected: ownSides(book).first === v }, label)))));
  const ledger = h("div", { class: "command-ledger", testid: "command-ledger" });
  const turns = h("ol", { class: "command-turns", testid: "command-turns", reversed: true });
  const say = h("p", { class: "error", testid: "command-error", hidden: true });
  let seq = 0;
  const params = () => {
    if (pick.value) return new URLSearchParams({ scenario: pick.value });
    const name = (i) => box.querySelector(`[data-testid=command-side-${i}]`).value.trim();
    const n = (i) => box.querySelector(`[data-testid=command-dice-${i}]`).value;
    const q = new URLSearchParams({ dice: `${n(0)},${n(1)}`, sides: `${name(0)},${name(1)}` });
    const first = box.querySelector("[data-testid=command-first-own]").value;
    if (first !== "roll") q.set("first", name(Number(first)));
    return q;
  };
  // drawLedger draws the sides' army morale and staff orders, each a
  // number the players change as the game goes.
  const drawLedger = () => {
    const last = book.turns[0];
    const names = last ? last.r.sides : ["Side 1", "Side 2"];
    const counter = (what, key, i) => h("label", { class: "field" }, h("span", {}, what + " "),
      h("input", { type: "number", min: 0, max: 99, value: book[key][i] ?? "", testid: `command-${key}-${i}`,
        onchange: (e) => { const v = e.target.value.trim(); book[key][i] = v === "" ? null : Math.max(0, Math.trunc(Number(v)) || 0); save(); drawLedger(); } }));
    ledger.replaceChildren(...(last ? [0, 1].map((i) => h("div", { class: "row" }, h("b", {}, names[i]),
      counter("army morale", "morale", i), counter("staff orders", "staff", i),
      book.morale[i] === 0 ? h("span", { class: "bad", testid: `command-broken-${i}` }, " army morale gone: the battle is lost") : null)) : []));
  };
  // drawTurn draws one turn of the book; only the latest turn's dice can
  // be marked spent.
  const drawTurn = (t, latest) => {
    const r = t.r;
    // Both sides failing leaves no die (a turn saved before the API said
    // so may still count some).
    const x = r.roll.first < 0 ? { ...r.roll, dice: [0, 0], wild: [0, 0], borrowed: [0, 0] } : r.roll;
    const dice = (i) => {
      const die = (f, j, borrowed) => {
        const usable = x.first >= 0 && (f !== 1 || borrowed); // both failing: no die is used
        const key = `${i}:${j}`;
        return h("span", {
          class: "die" + (f === 6 || borrowed ? " hit six" : "") + (f === 1 && !borrowed ? " one" : "") + (borrowed ? " borrowed" : "") + (t.spent.includes(key) ? " spent" : ""),
          "data-die": usable ? key : null,
          title: borrowed ? "a 1 borrowed from the other side: a wild die" : f === 6 ? "a wild die" : f === 1 ? (x.failure[i] ? "lent to the other side" : "discarded") : "",
          onclick: usable && latest ? () => { t.spent = t.spent.includes(key) ? t.spent.filter((k) => k !== key) : [...t.spent, key]; save(); redraw(); } : null,
        }, f);
      };
      const n = x.faces[i].length;
      return [h("span", { class: "dice", testid: `command-faces-${i}` }, x.faces[i].map((f, j) => die(f, j, false))),
        x.borrowed[i] ? h("span", { class: "dice", testid: `command-borrowed-${i}` }, " + ", Array.from({ length: x.borrowed[i] }, (_, k) => die(1, n + k, true))) : null];
    };
    const left = (i) => x.dice[i] - t.spent.filter((k) => k.startsWith(i + ":")).length;
    const side = (i) => h("div", {}, h("b", {}, r.sides[i]), ": ", dice(i),
      x.failure[i] ? h("span", { class: "bad" }, " command failure") : null,
      ` · ${x.dice[i]} dice for the turn, ${x.wild[i]} wild${x.borrowed[i] ? ` (${x.borrowed[i]} borrowed)` : ""}`,
      latest ? h("span", { testid: `command-left-${i}` }, ` · ${left(i)} left`) : null);
    const same = new URLSearchParams(t.q);
    same.set("seed", String(r.seed));
    return h("li", { testid: "command-turn" }, side(0), side(1),
      h("p", {}, h("b", { testid: "command-first" }, x.first < 0 ? "Both sides fail: the turn ends at once." : `${r.sides[x.first]} has the first command pulse.`)),
      h("p", { class: "muted small", testid: "command-outcome" }, x.outcome.charAt(0).toUpperCase() + x.outcome.slice(1) + "."),
      h("p", { class: "muted small" }, "Seed ", h("span", { testid: "command-seed" }, String(r.seed)), x.rerolls ? ` · ${x.rerolls} exact tie${x.rerolls === 1 ? "" : "s"} rolled again` : "", " · ",
        h("button", { class: "link small", testid: "command-again", onclick: () => roll(same) }, "the same dice again")));
  };
  const redraw = () => {
    turns.replaceChildren(...book.turns.map((t, k) => drawTurn(t, k === 0)));
    drawLedger();
  };
  const roll = async (p) => {
    const n = ++seq;
    let r;
    try { r = await api.commandRoll(p); } catch (e) { r = { error: e.message }; }
    if (n !== seq || page.stopped) return;
    say.hidden = !r.error;
    say.textContent = r.error || "";
    if (r.error) return;
    if (!book.turns.length) {
      book.scenario = r.scenario || "";
      if (r.army_morale) { book.morale = [...r.army_morale]; book.staff = [...r.staff_orders]; }
    }
    book.turns.unshift({ q: p.toString(), r, spent: [] });
    save();
    redraw();
  };
  const fresh = () => {
    book.turns = [];
    book.morale = [null, null];
    book.staff = [null, null];
    book.scenario = pick.value;
    save();
    redraw();
  };
  // Another battle chosen keeps the book (nothing is thrown away unasked);
  // the note says how to start a fresh one.
  const other = h("p", { class: "muted small", testid: "command-other", hidden: true }, "These turns were rolled for another battle: press New game to start its book.");
  const sides = () => {
    own.hidden = !!pick.value;
    other.hidden = !book.turns.length || pick.value === book.scenario;
  };
  pick.addEventListener("change", () => {
    if (!book.turns.length) { book.scenario = pick.value; save(); }
    sides();
  });
  box.append(h("h2", {}, "Command dice"),
    h("p", { class: "muted" }, "The start of each Armour Battles turn: both sides' command dice, rolled here. More 1s than 6s is a command failure, whose 1s go to the other side as wild dice; otherwise 1s are discarded. Sixes, then fives and down, give the first command pulse. Click a die when it is spent."),
    h("label", { class: "field" }, h("b", {}, "Sides from"), pick), own,
    h("div", { class: "row" },
      h("button", { class: "primary", testid: "command-roll", onclick: () => roll(params()) }, "Roll the command dice"),
      h("button", { testid: "command-new", onclick: () => { fresh(); sides(); } }, "New game")),
    other, say, ledger, turns);
  try { redraw(); } catch { fresh(); } // a book this page cannot draw starts afresh
  api.scenarios().then((r) => {
    if (page.stopped) return;
    for (const sc of r.scenarios || []) {
      if (sc.rules === "armour-battles") pick.append(h("option", { value: sc.id }, sc.title || sc.id));
    }
    if (book.scenario && [...pick.options].some((o) => o.value === book.scenario)) pick.value = book.scenario;
    sides();
    box.dataset.ready = "1";
  }).catch(() => { box.dataset.ready = "1"; });
  return box;
}
