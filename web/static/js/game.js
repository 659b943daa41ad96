// The game page: battlefield, standing, decision panel and battle log,
// driven by the pending decision the server reports.

import { api, ApiError, openStream, saveGame } from "./api.js";
import { Board, el, TRAY } from "./board.js";
import { boxCorners, dist, headingTo, pointPolyDistance, polyDistance, sightLine, pathAt, pathLength, pathSlice, projectOnPath, norm360 } from "./geom.js";
import { h, toast, fmt1, pct } from "./util.js";
import { paganoMethods } from "./pagano.js";

const SIDE_COLORS = { german: "#5d6873", us: "#6e7c36", british: "#8a6d3b", soviet: "#7a3b2e" };
const FALLBACK_COLORS = ["#5d6873", "#6e7c36", "#8a6d3b", "#7a3b2e"];
const FIXED = 6; // inches of fixed move per die
const RADIUS = 6; // command radius
const BURST_RADIUS = 4; // a fire mission's burst
const SMOKE_LENGTH = 12, SMOKE_WIDTH = 1; // a smoke screen
// The view rounds a mover's reach to the hundredth; a point this far short
// of the shown reach is never beyond the true one.
const REACH_SLACK = 0.0051;

const ORDERS = [
  ["move-fire", "Move & fire", "Activate a group to move and shoot"],
  ["disengage", "Disengage", "Back the group away from the enemy"],
  ["rally", "Rally", "Try to remove disruption (1 die)"],
  ["remove-suppression", "Remove suppression", "Clear one unit's suppression (1 die)"],
  ["repair", "Repair", "Repair a broken-down unit (1 die)"],
  ["reserves", "Commit reserves", "Bring a reserve company on at your edge (1 die)"],
];

export class Game {
  constructor(root, id, token) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.events = [];
    this.seen = new Set();
    this.ui = {};
    this.busy = 0;
    this.tool = null; // "measure" or null
    this.oddsCache = new Map();
  }

  // --- loading and syncing ------------------------------------------------

  async start() {
    this.setBusy(1);
    try {
      const g = await api.game(this.id, this.token);
      this.apply(g);
      const [map, units] = await Promise.all([api.map(g.scenario), api.units(g.rules).catch(() => ({ units: [] }))]);
      this.map = map;
      this.types = Object.fromEntries(units.units.map((u) => [u.id, u]));
      const log = await api.events(this.id, this.token, 0);
      this.addEvents(log.events);
      const sideId = g.side !== undefined ? g.sides[g.side] : null;
      saveGame({ id: this.id, token: this.token, role: g.role, side: g.side, sideId, sideName: sideId ? this.sideName(sideId) : undefined, scenario: g.scenario, title: map.title });
    } finally {
      this.setBusy(-1);
    }
    this.layout();
    this.render();
    this.stream = openStream(this.id, this.token, this.lastSeq(), (m) => this.onStream(m), () => { this.streamDown(); this.poll(); }, () => this.setOnline(true));
    window.sandtable = this.testHooks();
    document.body.dataset.game = this.id;
  }

  stop() {
    this.stopped = true;
    this.stream && this.stream.close();
    document.removeEventListener("keydown", this.keyHandler);
    clearTimeout(this.refreshTimer);
    clearTimeout(this.downTimer);
  }

  // fetchGame fetches the game for refresh and act, numbered as sent.
  async fetchGame() {
    const seq = this.fetches = (this.fetches || 0) + 1;
    return { g: await api.game(this.id, this.token), seq };
  }

  // stale reports whether a fetch's answer is to be dropped, just before
  // it would be shown: an earlier position than the page shows, fetched
  // before the fetch that showed it. A refresh and an action's answer may
  // cross on the wire, and the later to arrive must not take the page back
  // to a decision already answered. (Fetched later, an earlier position is
  // shown: the server's word, should it ever go back.)
  stale({ g, seq }) {
    const older = this.pos && (g.n < this.pos.n || (g.n === this.pos.n && g.last_event < this.pos.last_event));
    if (older && seq < (this.shownFetch || 0)) return true;
    this.shownFetch = seq;
    return false;
  }

  apply(g) {
    this.g = g;
    this.view = g.view || { units: [], sides: [] };
    this.pos = { n: g.n, last_event: g.last_event };
    this.mySide = g.role === "seat" ? g.sides[g.side] : null;
    this.pagano = g.rules === "pagano";
  }

  lastSeq() { return this.events.length ? this.events[this.events.length - 1].seq : 0; }

  addEvents(evs) {
    let added = [];
    for (const e of evs || []) {
      if (this.seen.has(e.seq)) continue;
      this.seen.add(e.seq);
      this.events.push(e);
      added.push(e);
    }
    this.events.sort((a, b) => a.seq - b.seq);
    if (added.length && this.logList) this.renderLog(added);
    for (const e of added) this.noteEvent(e);
    return added;
  }

  // noteEvent keeps what the view does not carry: artillery impacts and
  // the shots just made, to draw them.
  noteEvent(e) {
    this.marks = this.marks || { impacts: [], shots: [] };
    if (e.kind === "artillery" && e.data) this.marks.impacts.push({ x: e.data.x, y: e.data.y, r: e.data.radius || BURST_RADIUS, turn: this.view.turn, seq: e.seq });
    if ((e.kind === "fire" || e.kind === "opportunity-fire") && e.data && e.data.firer) this.marks.shots = [{ firer: e.data.firer, target: e.data.target, seq: e.seq }];
    if (e.kind === "turn-end") this.marks.impacts = [];
  }

  onStream(m) {
    if (m.type === "error") { toast(m.error, "error"); return; }
    // Events this page has already (from its own action's answer) need no
    // refresh; new ones, or a position moved on, do. An action may emit
    // no event this seat sees and still pass the decision to it (the
    // enemy ending an activation): a new pending decision or result is a
    // new position too.
    const added = m.events && m.events.length ? this.addEvents(m.events) : [];
    if (m.n === undefined) return;
    const moved = m.n !== this.pos.n || m.last_event !== this.pos.last_event ||
      JSON.stringify(m.pending || null) !== JSON.stringify(this.g.pending || null) ||
      JSON.stringify(m.result || null) !== JSON.stringify(this.g.result || null);
    if (added.length || moved) this.scheduleRefresh();
  }

  // streamDown notes the stream closed: when it is not back within a
  // moment, the server is unreachable.
  streamDown() {
    clearTimeout(this.downTimer);
    this.downTimer = setTimeout(() => this.setOnline(false), 1000);
  }

  // setOnline shows or clears the "Disconnected" banner; back online, the
  // page catches up with what it missed.
  setOnline(on) {
    if (on) clearTimeout(this.downTimer);
    if (this.online === on || this.stopped) return;
    const was = this.online;
    this.online = on;
    if (this.banner) this.banner.hidden = on;
    document.body.dataset.offline = on ? "0" : "1";
    if (on && was === false) this.scheduleRefresh();
  }

  poll() {
    if (this.stopped) return;
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => this.refresh(), 1500);
  }

  scheduleRefresh() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.refresh(), 60);
  }

  async refresh() {
    this.setBusy(1);
    try {
      const [f, evs] = await Promise.all([this.fetchGame(), api.events(this.id, this.token, this.lastSeq())]);
      this.addEvents(evs.events);
      this.setOnline(true);
      if (this.stale(f)) return; // an action's answer showed a later position
      const g = f.g;
      const was = this.g.pending;
      this.apply(g);
      if (!samePending(was, g.pending)) this.ui = {};
      this.render();
    } catch (e) {
      if (e.status === 404 || e.status === 401 || e.status === 403) { this.gone(e); return; }
      if (e.code === "network") { this.setOnline(false); return; }
      toast(e.message, "error");
    } finally {
      this.setBusy(-1);
    }
  }

  // gone stops following a game the server no longer has (or no longer
  // lets this token see), instead of polling it for ever.
  gone(e) {
    this.stop();
    clearTimeout(this.pollTimer);
    this.root.replaceChildren(h("div", { class: "notice", testid: "game-gone" }, h("h2", {}, "This game is gone"),
      h("p", {}, e.status === 404 ? "The server no longer has this game." : "The server no longer lets this browser see this game.", " (", e.message, ")"),
      h("a", { href: "/" }, "To the lobby")));
  }

  setBusy(d) {
    this.busy += d;
    document.body.dataset.busy = this.busy > 0 ? "1" : "0";
  }

  // act submits an action; the server's refusal is shown as it is.
  async act(action) {
    if (this.acting) return false;
    this.acting = true;
    this.setBusy(1);
    try {
      const res = await api.act(this.id, this.token, this.pos, action);
      this.addEvents(res.events);
      this.stream && this.stream.seen(this.lastSeq());
      this.ui = {};
      const f = await this.fetchGame();
      if (!this.stale(f)) this.apply(f.g); // else a refresh showed a later position
      this.setOnline(true);
      this.render();
      return true;
    } catch (e) {
      const msg = e instanceof ApiError ? e.message.replace(/^(armourbattles|pagano): /, "") : String(e);
      if (e.code === "network") {
        // Not a refusal: the action never reached the rules.
        this.setOnline(false);
        toast("Not sent: the server cannot be reached. Reconnecting…", "error", 7000);
        this.lastError = msg;
        return false;
      }
      toast("Refused: " + msg, "error", 7000);
      this.lastError = msg;
      if (action.kind === "fire") (this.refused = this.refused || {})[`${action.unit}>${action.target}@${this.pos.n}`] = msg;
      if (e.code === "stale" || e.code === "not_your_turn") await this.refresh();
      return false;
    } finally {
      this.acting = false;
      this.setBusy(-1);
    }
  }

  // --- facts derived from the view -------------------------------------------

  get units() { return this.view.units || []; }
  unit(id) { return this.units.find((u) => u.id === id); }
  myTurn() { return this.mySide !== null && this.g.pending && this.g.pending.side === this.g.side && !this.g.result.over; }
  sideColor(id) {
    if (SIDE_COLORS[id]) return SIDE_COLORS[id];
    const i = (this.g.sides || []).indexOf(id);
    return FALLBACK_COLORS[Math.max(0, i) % FALLBACK_COLORS.length];
  }
  sideName(id) {
    const s = (this.view.sides || []).find((x) => x.id === id) || (this.map && this.mapSide(id));
    return s ? s.name : id;
  }
  mySideView() { return (this.view.sides || []).find((s) => s.id === this.mySide) || null; }
  mapSide(id) { return this.map.sides.find((s) => s.id === id); }
  // myBatteries returns the side's off-table batteries: from the view
  // (with their plotted markers), else from the scenario map.
  myBatteries() {
    const v = (this.view.batteries || []).filter((b) => b.side === this.mySide);
    return v.length ? v : ((this.mapSide(this.mySide) || {}).batteries || []);
  }
  stats(u) { const t = this.types[u.type]; return t ? t.stats || {} : {}; }
  onTable(u) { return u.placed && !u.dispersed && !u.out && !u.exited; }
  corners(u, x = u.x, y = u.y, hd = u.heading) { return boxCorners(x, y, hd, u.length || 2.5, u.width || 1.5); }
  hullDist(a, b) { return polyDistance(this.corners(a), this.corners(b)); }
  enemyFacing(sideId) {
    const e = (this.mapSide(sideId) || {}).edge;
    return { north: 270, south: 90, east: 180, west: 0 }[e] ?? 90;
  }

  // group returns the activated command group from the view's act: its
  // order, dice and units, moved (the group's move is done) and which
  // units have moved (a shoot-and-scoot moves a unit before the group).
  group() {
    const a = this.view.act;
    if (!a) return null;
    const units = a.units || [];
    return { order: a.order, dice: a.dice, units, moved: !!a.move_done, movedUnits: units.filter((_, i) => (a.moved || [])[i]), firedAt: a.fired_at || [] };
  }

  // targetsFor lists the enemy units u may shoot at, in the rules'
  // priority order (the first is the priority target), with the distance
  // and range band; the view's targets say which are allowed.
  targetsFor(u) {
    const ids = (this.view.targets || {})[u.id] || [];
    return ids.map((id) => this.unit(id)).filter(Boolean).map((e) => {
      const d = this.hullDist(u, e);
      return { unit: e, d, band: rangeBand(this.stats(u), d) };
    });
  }

  // canFire reports whether the view offers u any fire this activation.
  canFire(u) { return !!this.view.targets && Object.prototype.hasOwnProperty.call(this.view.targets, u.id); }

  // --- layout --------------------------------------------------------------

  layout() {
    this.root.replaceChildren();
    this.boardBox = h("div", { class: "board-box" });
    this.tooltip = h("div", { class: "tooltip", testid: "unit-info", hidden: true });
    this.toolbar = h("div", { class: "toolbar" },
      h("button", { testid: "tool-measure", title: "Measure distance and line of sight (M)", onclick: () => this.toggleMeasure() }, "Measure (M)"),
      h("button", { testid: "tool-zoom-in", title: "Zoom in (+, or pinch)", onclick: () => this.board.zoom(1 / 1.3) }, "+"),
      h("button", { testid: "tool-zoom-out", title: "Zoom out (−, or pinch)", onclick: () => this.board.zoom(1.3) }, "−"),
      h("button", { testid: "tool-fit", title: "Whole table (0)", onclick: () => this.board.resetZoom() }, "Fit"),
      h("span", { class: "hint", testid: "hint" }, ""),
      h("button", { class: "help-btn", title: "Keyboard shortcuts (?)", onclick: () => this.showHelp() }, "?"),
    );
    markKeys(this.toolbar);
    this.measureOut = h("div", { class: "measure-out", testid: "measure-out", hidden: true });
    const main = h("div", { class: "board-col" }, this.toolbar, this.boardBox, this.measureOut);
    this.standing = h("section", { class: "standing", testid: "standing" });
    this.panel = h("section", { class: "decision", testid: "decision" });
    this.logList = h("ol", { class: "log", testid: "log" });
    const logBox = h("section", { class: "log-box" }, h("h3", {}, "Battle log"), this.logList);
    const side = h("aside", { class: "side-col" }, this.standing, this.panel, logBox);
    this.banner = h("div", { class: "offline-banner", role: "alert", testid: "disconnected", hidden: this.online !== false }, "Disconnected — reconnecting…");
    this.root.appendChild(h("div", { class: "game" }, main, side, this.tooltip, this.banner));
    this.board = new Board(this.boardBox, this.map, {
      onClick: (pt, ev) => this.onTableClick(pt, ev),
      onUnit: (id, ev) => this.onUnitClick(id, ev),
      onHover: (id, ev) => this.showUnitInfo(id, ev),
      onHoverMove: (ev) => this.placeTooltip(ev),
      onPointer: (pt) => this.onPointer(pt),
    });
    this.board.drawZones(this.map.sides, Object.fromEntries(this.map.sides.map((s) => [s.id, this.sideColor(s.id)])));
    this.renderLog(this.events);
    this.keyHandler = (ev) => this.onKey(ev);
    document.addEventListener("keydown", this.keyHandler);
  }

  // --- rendering -------------------------------------------------------------

  render() {
    const p = this.g.pending || {};
    document.body.dataset.pending = p.kind || "";
    document.body.dataset.myTurn = this.myTurn() ? "1" : "0";
    document.body.dataset.turn = this.view.turn || 0;
    document.body.dataset.over = this.g.result && this.g.result.over ? "1" : "0";
    this.renderStatus();
    this.renderStanding();
    this.renderUnits();
    this.renderPanel();
    this.renderOverlay();
    this.autoFocus();
    this.followLog();
    this.autoHoldFire();
  }

  // againstAI reports whether every other seat is played by the server's
  // AI: then how soon this side answers tells the enemy nothing.
  againstAI() {
    const ps = this.g.players || [];
    return this.mySide !== null && ps.length > 1 && ps.every((p, i) => i === this.g.side || p !== "human");
  }

  // autoHold is the player's choice, kept per game, to hold fire at once
  // at a decoy window (ruling R56) against the AI.
  autoHold(on) {
    const key = "sandtable.autoHold." + this.id;
    try {
      if (on !== undefined) on ? localStorage.setItem(key, "1") : localStorage.removeItem(key);
      return localStorage.getItem(key) === "1";
    } catch { return false; }
  }

  // autoHoldFire answers a decoy window with a pass when the player asked
  // for it: against the AI a decoy can come at every enemy move.
  autoHoldFire() {
    const w = this.view.window;
    const p = this.g.pending || {};
    if (!this.myTurn() || p.kind !== "opportunity-fire" || !w || !w.decoy || !this.againstAI() || !this.autoHold()) return;
    if (this.autoHeld === this.pos.n) return; // once a position
    this.autoHeld = this.pos.n;
    this.autoHolds = (this.autoHolds || 0) + 1; // for the tests
    this.setBusy(1); // no "your decision" in between for a test to catch
    // A refresh (the stream's news of the enemy's move) may show the
    // window while an earlier action is still being answered; act would
    // drop the pass then, and this position would never be passed. So
    // wait for that answer, and pass only if the position is still this
    // one (a later window gets a pass of its own).
    const n = this.pos.n;
    const pass = () => {
      if (this.acting) { setTimeout(pass, 20); return; }
      this.setBusy(-1);
      if (this.pos.n !== n) return;
      this.act({ kind: "opportunity-pass" }).then((ok) => {
        if (ok || this.autoHeld !== n) return;
        // Not taken (the server out of reach or its store slow, say):
        // this position may be held for again, by the next showing of it
        // or, twice, in a moment; the page stays busy meanwhile.
        this.autoHeld = undefined;
        const tries = this.autoHoldTries && this.autoHoldTries.n === n ? this.autoHoldTries.k + 1 : 1;
        this.autoHoldTries = { n, k: tries };
        if (tries > 2) return;
        this.setBusy(1);
        setTimeout(() => { this.setBusy(-1); this.autoHoldFire(); }, 500 * tries);
      });
    };
    setTimeout(pass, 0);
  }

  // autoFocus zooms in on an opportunity-fire window on a move (the path,
  // the mover and the units that may fire), once per window, and zooms
  // back out when it closes.
  autoFocus() {
    const p = this.g.pending || {}, w = this.view.window;
    const key = this.myTurn() && p.kind === "opportunity-fire" && w && w.kind === "move" && w.path && w.path.length ? `${w.target}@${this.view.turn}:${w.path[0]}` : null;
    if (key === this.focusKey) return;
    if (key) {
      if (!this.focusKey) this.savedView = { ...this.board.vb };
      const pts = [...w.path];
      for (const id of [w.target, ...this.oppSpans().map((s) => s.unit)]) { const u = this.unit(id); if (u && u.placed) pts.push([u.x, u.y]); }
      this.board.focus(pts, 6, 36);
    } else if (this.savedView) {
      this.board.vb = this.savedView;
      this.board.applyViewBox();
      this.savedView = null;
    }
    this.focusKey = key;
  }

  renderStatus() {
    const s = document.getElementById("status");
    if (!s) return;
    const v = this.view, p = this.g.pending || {};
    const who = p.side >= 0 ? this.sideName(this.g.sides[p.side]) : "";
    // replaceChildren, unlike h(), takes a null for the text "null".
    s.replaceChildren(...[
      h("span", { class: "title" }, this.map.title),
      h("span", { class: "chip", testid: "turn" }, "Turn " + (v.turn || "–")),
      h("span", { class: "chip", testid: "phase" }, "Phase: " + (v.phase_name || v.phase || "–")),
      v.active && !this.g.result.over ? h("span", { class: "chip pulse", testid: "pulse", style: `border-color:${this.sideColor(v.active)}` }, "Pulse: " + this.sideName(v.active)) : null,
      h("span", { class: "chip you", style: this.mySide ? `background:${this.sideColor(this.mySide)}` : "" }, this.mySide ? "You: " + this.sideName(this.mySide) : "Spectating"),
      this.g.result.over ? null : h("span", { class: "chip " + (this.myTurn() ? "yours" : "waiting"), testid: "whose" }, this.myTurn() ? "Your decision" : who ? "Waiting for " + who : ""),
    ].filter(Boolean));
  }

  renderStanding() {
    const box = this.standing;
    box.replaceChildren();
    if (this.pagano) { this.pgStanding(box); return; }
    for (const sd of this.view.sides || []) {
      const init = (this.g.sides || []).indexOf(sd.id);
      const dice = [];
      for (let f = 2; f <= 5; f++) for (let i = 0; i < sd.dice[f]; i++) dice.push(die(f));
      // Wild dice: the side's own sixes, then the 1s the other side's
      // command failure lent it (they read as 1s on the table).
      const lentBy = (this.view.sides || []).find((o) => o.id !== sd.id);
      for (let i = 0; i < sd.wild; i++) {
        const d = die(i < sd.wild - (sd.borrowed || 0) ? 6 : 1, true);
        if (i >= sd.wild - (sd.borrowed || 0)) { d.classList.add("borrowed"); d.title = `A 1 lent by ${lentBy ? lentBy.name : "the enemy"}'s command failure: a wild die for ${sd.name} this turn`; d.dataset.testid = "lent-" + sd.id; }
        dice.push(d);
      }
      const lost = this.units.filter((u) => u.side === sd.id && u.dispersed).length;
      box.appendChild(h("div", { class: "side-row" + (sd.id === this.view.active && !this.g.result.over ? " active" : ""), testid: "side-" + sd.id, style: `border-left-color:${this.sideColor(sd.id)}` },
        h("div", { class: "side-name" }, sd.name, sd.id === this.mySide ? h("span", { class: "tag" }, "you") : null, sd.id === this.view.active && !this.g.result.over ? h("span", { class: "tag pulse" }, "pulse") : null),
        h("div", { class: "side-stats" },
          h("span", { title: "Army morale: at zero the army is beaten", testid: "morale-" + sd.id }, "Morale ", h("b", {}, sd.morale)),
          h("span", { title: "Staff orders usable now (+ restocked for next turn)", testid: "staff-" + sd.id }, "Staff ", h("b", {}, sd.staff), sd.staff_new ? ` (+${sd.staff_new})` : ""),
          lost ? h("span", { title: "Units dispersed" }, "Lost ", h("b", {}, lost)) : null,
          sd.failure ? h("span", { class: "failure", title: "Command failure this turn: the side's 1s go to the enemy as wild dice" }, "Command failure") : null,
          sd.borrowed ? h("span", { class: "lent", testid: "borrowed-" + sd.id, title: `The 1s of ${lentBy ? lentBy.name : "the enemy"}'s command failure, lent as wild dice` }, `+${sd.borrowed} wild lent`) : null,
        ),
        h("div", { class: "dice-row", title: "Unspent command dice (sixes are wild)" }, dice.length ? dice : h("span", { class: "muted" }, "no dice left")),
      ));
      void init;
    }
  }

  renderUnits() {
    const b = this.board;
    b.gUnits.replaceChildren();
    b.gLabels.querySelectorAll(".unit-label,.badge,.tray-item").forEach((n) => n.remove());
    b.gMarkers.replaceChildren();
    const group = this.group();
    const inGroup = new Set(group && this.view.phase === "activation" ? group.units : []);
    // Smoke screens and impacts (kept from events), under the units.
    for (const sm of this.view.smokes || []) {
      const c = boxCorners(sm.x, sm.y, sm.orient || 0, sm.length || SMOKE_LENGTH, sm.width || SMOKE_WIDTH);
      const e = el("polygon", { points: b.pts(c), class: "smoke", fill: "url(#pat-smoke)", "data-testid": "smoke" }, b.gMarkers);
      el("title", { text: `smoke screen (${this.sideName(sm.side)})` }, e);
    }
    for (const im of (this.marks && this.marks.impacts) || []) {
      const g = el("g", { class: "impact", "data-testid": "impact" }, b.gMarkers);
      el("title", { text: "artillery fire for effect" }, g);
      el("circle", { cx: im.x, cy: b.sy(im.y), r: im.r }, g);
      el("path", { d: starPath(im.x, b.sy(im.y), 0.9) }, g);
    }
    for (const bt of this.view.batteries || []) {
      if (!bt.marker) continue;
      const [mx, my] = bt.marker;
      const own = bt.side === this.mySide;
      const g = el("g", { class: "mission-marker" + (bt.smoke ? " smoke" : "") + (own ? " own" : " enemy"), "data-testid": "mission-" + bt.id }, b.gMarkers);
      if (bt.smoke) el("polygon", { points: b.pts(boxCorners(mx, my, bt.orient || 0, SMOKE_LENGTH, SMOKE_WIDTH)), class: "smoke-plot" }, g);
      else el("circle", { cx: mx, cy: b.sy(my), r: BURST_RADIUS, class: "burst" }, g);
      el("circle", { cx: mx, cy: b.sy(my), r: 0.7, class: "pin" }, g);
      el("text", { x: mx, y: b.sy(my) + 0.3, text: bt.smoke ? "S" : "✕" }, g);
      el("text", { x: mx, y: b.sy(my) + 1.5, class: "mission-label", text: `${bt.id} ${bt.smoke ? "smoke" : "fire"}` }, g);
      el("title", { text: `${this.sideName(bt.side)} ${bt.id} (${bt.name}): ${bt.smoke ? "smoke screen" : "fire mission, " + BURST_RADIUS + '" burst'} plotted; it lands at the end of the logistics phase` }, g);
    }
    const tray = { own: [], enemy: [] };
    this.labelBoxes = [];
    for (const u of this.units) {
      if (u.dispersed || u.out || u.exited) continue;
      const own = u.side === this.mySide;
      const cls = [own ? "own" : "enemy", "side-" + u.side, u.hidden ? "hidden" : "", u.activated ? "activated" : "", inGroup.has(u.id) ? "in-group" : "", u.suppressed ? "suppressed" : ""].join(" ");
      if (!u.placed) { tray[own || !this.mySide ? "own" : "enemy"].push(u); continue; }
      b.unitShape(b.gUnits, u, cls, this.sideColor(u.side));
      this.drawBadges(u, u.x, u.y);
    }
    // Off-table tray: units waiting to deploy or in reserve.
    let y = 3;
    const tx = b.W + 2.3;
    const companies = new Map();
    for (const u of [...tray.own, ...tray.enemy]) {
      const k = u.side + "|" + (u.company || u.platoon || "");
      if (!companies.has(k)) companies.set(k, []);
      companies.get(k).push(u);
    }
    for (const [k, us] of companies) {
      const [side, company] = k.split("|");
      const meta = ((this.mapSide(side) || {}).companies || []).find((c) => c.name === company) || {};
      const status = us[0].reserve ? `Reserve${meta.earliest_turn ? ", from turn " + meta.earliest_turn : ""}` : us.some((u) => u.hidden) || meta.hidden ? "To deploy (hidden)" : "To deploy";
      el("text", { x: tx - 0.5, y, class: "tray-item tray-status", text: status }, b.gLabels);
      y += 0.9;
      el("text", { x: tx - 0.5, y, class: "tray-item tray-company", fill: this.sideColor(side), text: company.length > 26 ? company.slice(0, 25) + "…" : company }, b.gLabels);
      y += 1.5;
      let x = tx + 0.6;
      for (const u of us) {
        const fake = { ...u, x, y: b.H - y - 0.1, heading: 90 };
        const own = u.side === this.mySide;
        const g = b.unitShape(b.gUnits, fake, [own ? "own" : "enemy", "tray-unit", u.hidden ? "hidden" : "", this.ui.deployUnit === u.id ? "selected" : ""].join(" "), this.sideColor(u.side));
        g.setAttribute("data-tray", "1");
        if (x + 2.2 > b.W + TRAY - 0.8) { x = tx + 0.6; y += 3.1; } else x += 2.2;
      }
      y += 3.4;
    }
  }

  drawBadges(u, x, y) {
    const b = this.board, sy = b.sy(y);
    const st = this.types[u.type];
    const id = u.id.replace(/^[a-z]+-/, "");
    const full = id + " " + (st ? shortName(st.name) : u.type);
    const half = Math.max(u.length, u.width) / 2;
    const by = sy + half + 0.15;
    // The label goes above the unit, else below it, else shortened to the
    // id: neighbours' labels must not run into each other.
    const boxes = (this.labelBoxes = this.labelBoxes || []);
    const fits = (text, ly) => {
      const w = text.length * 0.34, box = [x - w / 2, ly - 0.55, x + w / 2, ly + 0.1];
      return boxes.every((o) => box[2] <= o[0] || box[0] >= o[2] || box[3] <= o[1] || box[1] >= o[3]) ? box : null;
    };
    const above = sy - half - 0.35, below = by + 1.15;
    let pick = null;
    for (const [text, ly] of u.hidden ? [[full, above], [id, above]] : [[full, above], [full, below], [id, above], [id, below]]) {
      const box = fits(text, ly);
      if (box) { pick = [text, ly, box]; break; }
    }
    if (!pick) pick = [id, above, null];
    if (pick[2]) boxes.push(pick[2]);
    el("text", { x, y: pick[1], class: "unit-label" + (u.side === this.mySide ? " own" : ""), text: pick[0] }, b.gLabels);
    let bx = x + 1.2;
    const badge = (cls, text, title) => {
      const g = el("g", { class: "badge " + cls }, b.gLabels);
      el("circle", { cx: bx, cy: by, r: 0.48 }, g);
      el("text", { x: bx, y: by + 0.22, text }, g);
      el("title", { text: title }, g);
      bx -= 1.05;
    };
    if (u.dp) badge("dp", String(u.dp), `${u.dp} disruption point(s)`);
    if (u.suppressed) badge("sup", "S", "suppressed");
    if (u.fired) badge("fired", "F", "fire marker: fired this turn");
    if (u.activated) badge("act", "✓", "activated this turn");
    if (u.hidden) el("text", { x, y: by + 0.9, class: "badge hidden-label", text: "hidden" }, b.gLabels);
  }

  renderLog(evs) {
    const list = this.logList;
    // Follow the newest entries unless the reader has scrolled up.
    this.logFollow = this.logFollow === undefined || list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    for (const e of evs) {
      const li = h("li", { class: "ev ev-" + e.kind + (e.to >= 0 ? " private" : ""), "data-seq": e.seq, title: e.kind },
        h("span", { class: "seq" }, e.seq), " ", logText(e));
      list.appendChild(li);
    }
    this.followLog();
  }

  // followLog keeps the log scrolled to its end while it follows; called
  // again after each render, as the decision panel above it changes the
  // log's height.
  followLog() {
    if (this.logList && this.logFollow) this.logList.scrollTop = this.logList.scrollHeight;
  }

  // say tells the player why a click or key did nothing.
  say(text) {
    this.hint(text);
    toast(forFingers(text), "info", 4000);
  }

  hint(text) {
    const el = this.toolbar && this.toolbar.querySelector(".hint");
    if (el) el.textContent = forFingers(text || "");
  }

  // --- the decision panel ---------------------------------------------------------

  renderPanel() {
    const p = this.g.pending || {};
    const box = this.panel;
    box.replaceChildren();
    box.dataset.kind = p.kind || "";
    if (this.g.result.over) {
      const r = this.g.result;
      const w = r.winner >= 0 ? this.sideName(this.g.sides[r.winner]) : null;
      box.appendChild(h("div", { class: "over", testid: "game-over" },
        h("h2", {}, w ? `${w} wins` : "A draw"),
        h("p", {}, `Turn ${r.turn}${r.reason ? ": " + r.reason : ""}`),
        this.pagano ? null : this.overSummary(),
        h("a", { class: "button", href: `/replay/${this.id}`, testid: "open-replay" }, "Replay the battle"),
      ));
      this.hint("");
      return;
    }
    if (!this.myTurn()) {
      const who = p.side >= 0 ? this.sideName(this.g.sides[p.side]) : "";
      box.appendChild(h("div", { class: "waiting", testid: "waiting" },
        h("div", { class: "spinner" }), h("p", {}, this.mySide ? `${who} is deciding: ${p.prompt || p.kind}` : `${who}: ${p.prompt || p.kind}`)));
      if (!this.mySide) {
        box.appendChild(h("p", { class: "muted", testid: "spectator-note" },
          "You are watching: the table shows what both sides can see (no hidden units) and the log the events both sides hear. Spectators give no orders."));
      }
      this.hint("");
      return;
    }
    // A panel that has nothing more particular to say leaves this hint,
    // not the last panel's.
    this.hint({ ready: "Enter begins the battle", "reaction-boost": "Add a die to the reaction, or Enter for none",
      "break-off": "Break off, or Enter to stand", logistics: "Enter ends the logistics phase" }[p.kind] || "");
    box.appendChild(h("h2", { class: "prompt", testid: "prompt" }, promptTitle(p), p.reaction ? h("span", { class: "tag react" }, "reaction") : null));
    // The server's prompt, unless it only restates the title or the
    // orders left (shown with the chain).
    if (p.prompt && p.prompt.toLowerCase() !== promptTitle(p).toLowerCase() && p.kind !== "order") box.appendChild(h("p", { class: "muted" }, p.prompt));
    const f = {
      deploy: () => this.panelDeploy(box),
      ready: () => box.appendChild(h("button", { class: "primary", testid: "begin", onclick: () => this.act({ kind: "begin" }) }, "Begin the battle (Enter)")),
      "choose-chain": () => this.panelChain(box),
      order: () => this.panelOrder(box),
      activation: () => this.panelActivation(box),
      "opportunity-fire": () => this.panelOpp(box),
      "reaction-boost": () => this.panelBoost(box),
      "break-off": () => this.panelBreakOff(box),
      logistics: () => this.panelLogistics(box),
    }[p.kind];
    const pg = this.pagano && { move: () => this.panelPgMove(box), fire: () => this.panelPgFire(box), ambush: () => this.panelPgAmbush(box) }[p.kind];
    if (pg) pg();
    else if (f && !(this.pagano && p.kind !== "deploy" && p.kind !== "ready")) f();
    else this.panelCandidates(box);
    if (!this.pagano) this.applyChecks(box);
    markKeys(box);
  }

  // overSummary tells, side by side, what each army has left once the
  // battle is over (the fog has lifted: every unit is in the view): army
  // morale, units still fighting, and the units lost, by type.
  overSummary() {
    const rows = (this.view.sides || []).map((sd) => {
      const mine = this.units.filter((u) => u.side === sd.id && (u.placed || u.dispersed || u.reserve));
      const lost = mine.filter((u) => u.dispersed);
      const byType = {};
      for (const u of lost) byType[u.name] = (byType[u.name] || 0) + 1;
      const waiting = mine.filter((u) => !u.dispersed && !u.placed).length;
      return h("tr", { testid: "over-" + sd.id },
        h("th", { scope: "row" }, sd.name),
        h("td", { testid: "over-morale-" + sd.id }, String(sd.morale)),
        h("td", { testid: "over-left-" + sd.id }, `${mine.length - lost.length - waiting}` + (waiting ? ` (+${waiting} never on)` : "")),
        h("td", { testid: "over-lost-" + sd.id }, lost.length ? Object.entries(byType).map(([n, k]) => `${k}× ${n}`).join(", ") : "none"));
    });
    return h("table", { class: "over-summary", testid: "over-summary" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { title: "Army morale left" }, "Morale"), h("th", { title: "Units still on the table" }, "Fighting"), h("th", {}, "Lost"))),
      h("tbody", {}, rows));
  }

  // deploy: pick a unit, point at the table, click to place.
  panelDeploy(box) {
    const mine = this.units.filter((u) => u.side === this.mySide && !u.placed && !u.reserve && !u.dispersed);
    if (!this.ui.deployUnit || !mine.some((u) => u.id === this.ui.deployUnit)) this.ui.deployUnit = mine.length ? mine[0].id : null;
    if (this.ui.facing === undefined) this.ui.facing = this.enemyFacing(this.mySide);
    const hidden = new Set(this.mapSide(this.mySide).companies.filter((c) => c.hidden).flatMap((c) => c.units));
    box.appendChild(h("p", {}, matchMedia("(pointer: coarse)").matches
      ? "Choose a unit, then tap inside your deployment zone to place it."
      : "Choose a unit, then click inside your deployment zone to place it. R / Shift+R turns it."));
    box.appendChild(h("div", { class: "choices" }, mine.map((u) => h("button", {
      class: "unit-choice" + (u.id === this.ui.deployUnit ? " selected" : ""), testid: "deploy-unit-" + u.id,
      onclick: () => { this.ui.deployUnit = u.id; this.renderPanel(); this.renderUnits(); },
    }, `${u.id} · ${u.name}`, hidden.has(u.id) || u.hidden ? h("span", { class: "tag" }, "hidden") : null))));
    // Where the chosen unit may stand beyond the zone (table edge, cover,
    // with its company), and the set-up choices the rules offer.
    const setup = this.view.setup || {};
    const where = (setup.placement || {})[this.ui.deployUnit];
    if (where) box.appendChild(h("p", { class: "placement", testid: "placement" }, h("b", {}, `${this.ui.deployUnit}: `), where));
    const joins = (setup.regroup || {})[this.ui.deployUnit] || [];
    if (joins.length) {
      box.appendChild(h("div", { class: "row" }, `Or let ${this.ui.deployUnit} join `, joins.map((c) =>
        h("button", { testid: "regroup-" + slug(c), title: `${this.ui.deployUnit} sets up or arrives with ${c}`, onclick: () => this.act({ kind: "regroup", unit: this.ui.deployUnit, company: c }) }, c))));
    }
    for (const [c, starts] of Object.entries(setup.station || {})) {
      box.appendChild(h("div", { class: "row" }, h("b", {}, c), " starts ", starts.map((as) =>
        h("button", { testid: `station-${slug(c)}-${as}`, onclick: () => this.act({ kind: "station", company: c, as }) }, { table: "on the table", hidden: "hidden", reserve: "in reserve" }[as] || as))));
    }
    box.appendChild(h("div", { class: "row" }, "Facing ", h("b", { testid: "facing" }, Math.round(this.ui.facing) + "°"),
      h("button", { onclick: () => this.rotate(45) }, "⟲ 45°"), h("button", { onclick: () => this.rotate(-45) }, "⟳ 45°")));
    this.hint("Click in your deployment zone to place " + (this.ui.deployUnit || ""));
  }

  // deploySpot is where a click at (x, y) places the unit being deployed:
  // a unit that must set up on its table edge is drawn up against it, a
  // quarter inch in, wherever along the edge the click is (its footprint
  // turned to the chosen facing).
  deploySpot(x, y) {
    const id = this.ui.deployUnit;
    const u = id && this.unit(id);
    const edge = ((this.view.setup || {}).edge || []).includes(id) && (this.mapSide(this.mySide) || {}).edge;
    if (!u || !edge) return [x, y];
    const th = (this.ui.facing || 0) * Math.PI / 180, L = u.length || 2.5, W = u.width || 1.5;
    const hx = Math.abs(Math.cos(th)) * L / 2 + Math.abs(Math.sin(th)) * W / 2;
    const hy = Math.abs(Math.sin(th)) * L / 2 + Math.abs(Math.cos(th)) * W / 2;
    const gap = 0.25, tw = this.map.table.width, tht = this.map.table.height;
    const at = { south: [x, hy + gap], north: [x, tht - hy - gap], west: [hx + gap, y], east: [tw - hx - gap, y] }[edge] || [x, y];
    return at.map(round2);
  }

  rotate(d) { this.ui.facing = norm360((this.ui.facing || 0) + d); this.renderPanel(); this.renderOverlay(); }

  panelChain(box) {
    const sd = this.mySideView();
    const ui = this.ui;
    ui.wild = ui.wild || 0;
    ui.staff = ui.staff || 0;
    // With one kind of chain on offer, it is chosen already.
    const offered = [2, 3, 4, 5].filter((f) => sd.dice[f] > 0).concat(sd.wild > 0 ? [6] : []);
    if (!ui.face && offered.length === 1) { ui.face = offered[0]; if (ui.face === 6) ui.wild = Math.max(1, ui.wild); }
    box.appendChild(h("p", {}, "A chain is all your dice of one face: each die is one order. Add wild dice (sixes) or staff orders to lengthen it."));
    const faces = h("div", { class: "choices" });
    for (let f = 2; f <= 5; f++) {
      if (!sd.dice[f]) continue;
      faces.appendChild(h("button", { class: "chain" + (ui.face === f ? " selected" : ""), testid: "chain-face-" + f, onclick: () => { ui.face = f; this.renderPanel(); } },
        Array.from({ length: sd.dice[f] }, () => die(f)), ` ${sd.dice[f]} order${sd.dice[f] > 1 ? "s" : ""}`));
    }
    if (sd.wild > 0) faces.appendChild(h("button", { class: "chain" + (ui.face === 6 ? " selected" : ""), testid: "chain-face-6", onclick: () => { ui.face = 6; ui.wild = Math.max(1, ui.wild); this.renderPanel(); } }, die(6, true), " wild dice only"));
    box.appendChild(faces);
    box.appendChild(stepper("Wild dice", "chain-wild", ui.wild, 0, sd.wild, (v) => { ui.wild = v; this.renderPanel(); }));
    box.appendChild(stepper("Staff orders", "chain-staff", ui.staff, 0, sd.staff, (v) => { ui.staff = v; this.renderPanel(); }));
    const size = ui.face ? (ui.face === 6 ? 0 : sd.dice[ui.face]) + ui.wild + ui.staff : 0;
    box.appendChild(h("div", { class: "row" },
      h("button", { class: "primary", testid: "chain-confirm", disabled: !ui.face, onclick: () => this.confirm() }, ui.face ? `Use a chain of ${size} (Enter)` : "Choose a chain"),
      sd.wild > 0 ? h("button", { testid: "convert-wild", title: "Turn wild dice into staff orders for next turn", "data-action": JSON.stringify({ kind: "convert-wild", n: Math.max(1, ui.wild) }), onclick: () => this.act({ kind: "convert-wild", n: Math.max(1, ui.wild) }) }, `Convert ${Math.max(1, ui.wild)} wild → staff`) : null,
    ));
    this.hint("Pick a chain, Enter to confirm");
  }

  panelOrder(box) {
    const ui = this.ui;
    const sd = this.mySideView();
    ui.order = ui.order || "move-fire";
    ui.dice = ui.dice || 1;
    ui.members = ui.members || [];
    if (ui.mission) return this.panelMission(box);
    box.appendChild(h("div", { class: "slots" }, "Orders left in the chain: ", Array.from({ length: this.view.slots }, () => h("span", { class: "slot" })), h("b", { testid: "slots" }, " " + this.view.slots)));
    box.appendChild(h("div", { class: "choices orders" }, ORDERS.map(([k, label, title]) =>
      h("button", { class: "order" + (ui.order === k ? " selected" : ""), testid: "order-" + k, title, onclick: () => { this.ui = { order: k, dice: ui.dice, members: [] }; this.render(); } }, label))));
    if (ui.order === "move-fire" || ui.order === "disengage") {
      box.appendChild(h("div", { class: "row" }, "Dice: ", [1, 2, 3].map((n) => h("button", {
        class: "dice-n" + (ui.dice === n ? " selected" : ""), testid: "dice-" + n, disabled: n > this.view.slots,
        title: ["single move", "double move (no backing up)", "triple move (no backing up)"][n - 1],
        onclick: () => { ui.dice = n; this.render(); },
      }, `${n}`)), h("span", { class: "muted" }, ` = ${FIXED * ui.dice}" fixed + ${ui.dice}D6 variable`)));
    }
    if (ui.order === "reserves") this.panelReserves(box);
    else {
      const leader = ui.leader ? this.unit(ui.leader) : null;
      const text = {
        "move-fire": "Click a leader, then up to three more units within 6\" of it.",
        disengage: "Click a leader, then up to three more units within 6\" of it.",
        rally: "Click a leader, then the units to rally with it (not suppressed ones).",
        "remove-suppression": "Click a suppressed unit of yours.",
        repair: "Click a broken-down unit of yours.",
      }[ui.order];
      box.appendChild(h("p", {}, text));
      if (leader) {
        box.appendChild(h("div", { class: "group", testid: "group" }, h("b", {}, "Leader: "), `${leader.id} (${leader.name})`,
          ui.members.length ? h("div", {}, h("b", {}, "Members: "), ui.members.join(", ")) : null));
      }
      if (ui.order === "rally" && leader) {
        box.appendChild(h("div", { class: "row" },
          h("label", {}, h("input", { type: "checkbox", checked: ui.wild || null, disabled: !sd.wild, onchange: (e) => { ui.wild = e.target.checked; } }), " +1 wild die"),
          h("label", {}, h("input", { type: "checkbox", checked: ui.staff || null, disabled: !sd.staff, onchange: (e) => { ui.staff = e.target.checked; } }), " +1 staff order"),
          h("span", { class: "muted" }, ` for ${leader.id}`)));
      }
      if (ui.order === "disengage" && leader) {
        // A wild die or staff order makes one variable die a 6 (R48).
        box.appendChild(h("div", { class: "row" },
          h("label", { title: "Replace one variable die with a 6" }, "Max die: ", h("select", { testid: "disengage-max", onchange: (e) => { ui.max = e.target.value; } },
            h("option", { value: "" }, "—"), sd.wild ? h("option", { value: "wild", selected: ui.max === "wild" || null }, "wild die") : null, sd.staff ? h("option", { value: "staff", selected: ui.max === "staff" || null }, "staff order") : null))));
      }
      const label = { "move-fire": "Activate", disengage: "Disengage", rally: "Rally", "remove-suppression": "Remove suppression", repair: "Repair" }[ui.order];
      box.appendChild(h("button", { class: "primary", testid: "activate", disabled: !leader, onclick: () => this.confirm() }, leader ? `${label} (Enter)` : "Select a unit on the table"));
    }
    const batteries = this.myBatteries();
    box.appendChild(h("div", { class: "row secondary" },
      h("button", { testid: "pass", title: "Spend one die doing nothing (P)", "data-action": JSON.stringify({ kind: "pass" }), onclick: () => this.act({ kind: "pass" }) }, "Pass (P)"),
      h("button", { testid: "restock", title: "Turn the whole unused chain into staff orders", "data-action": JSON.stringify({ kind: "restock" }), onclick: () => this.act({ kind: "restock" }) }, "Restock staff"),
      sd.staff > 0 ? h("button", { testid: "add-staff-order", title: "Spend a staff order for one more order now", "data-action": JSON.stringify({ kind: "add-staff-order" }), onclick: () => this.act({ kind: "add-staff-order" }) }, "+ Staff order") : null,
      sd.wild > 0 ? h("button", { testid: "convert-wild", "data-action": JSON.stringify({ kind: "convert-wild", n: 1 }), onclick: () => this.act({ kind: "convert-wild", n: 1 }) }, "Wild → staff") : null,
      batteries.length && sd.staff > 0 ? h("button", { testid: "call-mission", onclick: () => { this.ui = { mission: { battery: batteries[0].id, smoke: false, orient: 0 } }; this.render(); } }, "Call artillery") : null,
    ));
    this.hint(ui.leader ? "Click more units to add them, Enter to confirm, Esc to clear" : "Click one of your units to lead the group");
  }

  panelReserves(box) {
    const ui = this.ui;
    const waiting = this.units.filter((u) => u.side === this.mySide && u.reserve && !u.placed && !u.dispersed);
    const comps = [...new Set(waiting.map((u) => u.company))];
    const meta = Object.fromEntries(this.mapSide(this.mySide).companies.map((c) => [c.name, c]));
    if (!comps.length) { box.appendChild(h("p", { class: "muted" }, "No reserves waiting.")); return; }
    box.appendChild(h("p", {}, "Choose a company, then click along your table edge where it enters."));
    box.appendChild(h("div", { class: "choices" }, comps.map((c) => h("button", {
      class: "unit-choice" + (ui.company === c ? " selected" : ""), testid: "reserve-" + slug(c),
      disabled: meta[c] && meta[c].earliest_turn > this.view.turn,
      onclick: () => { ui.company = c; this.render(); },
    }, c, meta[c] && meta[c].earliest_turn ? h("span", { class: "tag" }, "from turn " + meta[c].earliest_turn) : null))));
    if (ui.company && ui.entry !== undefined) box.appendChild(h("p", {}, `Entry at ${fmt1(ui.entry)}" along the edge`));
    box.appendChild(h("button", { class: "primary", testid: "activate", disabled: !(ui.company && ui.entry !== undefined), onclick: () => this.confirm() }, "Commit reserves (Enter)"));
  }

  panelMission(box) {
    const m = this.ui.mission;
    const batteries = this.myBatteries();
    box.appendChild(h("p", {}, "Call a fire mission with a staff order: choose the battery, click the observer (a unit of yours that sees an enemy and the point), then click the target point."));
    box.appendChild(h("div", { class: "choices" }, batteries.map((b) => h("button", { class: "unit-choice" + (m.battery === b.id ? " selected" : ""), testid: "battery-" + b.id, onclick: () => { m.battery = b.id; this.render(); } }, `${b.id} · ${b.name}`))));
    box.appendChild(h("div", { class: "row" },
      h("label", {}, h("input", { type: "checkbox", testid: "mission-smoke", checked: m.smoke || null, onchange: (e) => { m.smoke = e.target.checked; this.renderOverlay(); } }), " Smoke screen (1\"×12\")"),
      m.smoke ? h("span", {}, ` along ${Math.round(m.orient)}° `, h("button", { onclick: () => { m.orient = norm360(m.orient + 30); this.renderOverlay(); this.render(); } }, "⟲"), h("button", { onclick: () => { m.orient = norm360(m.orient - 30); this.render(); } }, "⟳")) : null));
    box.appendChild(h("p", {}, `Observer: ${m.observer || "—"} · Point: ${m.x !== undefined ? `(${fmt1(m.x)}, ${fmt1(m.y)})` : "—"}`));
    box.appendChild(h("div", { class: "row" },
      h("button", { class: "primary", testid: "mission-confirm", disabled: !(m.observer && m.x !== undefined), onclick: () => this.confirm() }, "Call the mission (Enter)"),
      h("button", { onclick: () => { this.ui = {}; this.render(); } }, "Cancel (Esc)")));
    this.hint(m.observer ? "Click the target point" : "Click your observing unit");
  }

  panelActivation(box) {
    const ui = this.ui;
    const grp = this.group();
    const sd = this.mySideView();
    if (!grp) { box.appendChild(h("button", { testid: "end-activation", onclick: () => this.act({ kind: "end-activation" }) }, "End activation (E)")); return; }
    const moveFire = grp.order === "move-fire";
    const canMove = moveFire && !grp.moved;
    ui.tool = ui.tool || (canMove ? "move" : "fire");
    if (ui.tool === "move" && !canMove) ui.tool = "fire";
    ui.moves = ui.moves || {};
    const units = grp.units.map((id) => this.unit(id)).filter(Boolean);
    const orderName = (ORDERS.find((o) => o[0] === grp.order) || [0, grp.order])[1];
    box.appendChild(h("div", { class: "group-card", testid: "act" },
      h("div", {}, h("b", {}, orderName), ` · ${grp.dice} ${grp.dice === 1 ? "die" : "dice"}`),
      h("div", { class: "group-units" }, units.map((u) => h("span", {
        class: "chip-unit" + (grp.movedUnits.includes(u.id) ? " moved" : "") + (u.fired ? " fired" : "") + (u.suppressed ? " sup" : ""),
        title: [grp.movedUnits.includes(u.id) ? "moved" : "not moved yet", u.fired ? "fired" : null, u.suppressed ? "suppressed" : null].filter(Boolean).join(", "),
      }, u.id, grp.movedUnits.includes(u.id) ? " ➜" : "", u.fired ? " ✹" : "")))));
    // The steps: the group moves once and each unit may fire once, in
    // either order (move and fire, or fire and move).
    box.appendChild(h("ol", { class: "steps" },
      h("li", { class: grp.moved ? "done" : ui.tool === "move" ? "now" : "" }, grp.moved ? "✓ Moved" : "Move (optional, before or after firing)"),
      h("li", { class: ui.tool === "fire" ? "now" : "" }, "Fire (each unit once)"),
      h("li", {}, "End activation")));
    box.appendChild(h("div", { class: "choices tools" },
      h("button", { class: ui.tool === "move" ? "selected" : "", testid: "tool-move", disabled: !canMove, onclick: () => { ui.tool = "move"; this.render(); } }, "Move (V)"),
      h("button", { class: ui.tool === "fire" ? "selected" : "", testid: "tool-fire", disabled: !moveFire, onclick: () => { ui.tool = "fire"; this.render(); } }, "Fire (F)")));
    if (ui.tool === "move" && canMove) {
      const movers = units.filter((u) => this.onTable(u) && !grp.movedUnits.includes(u.id));
      const fast = movers.every((u) => this.stats(u).move === "fast");
      box.appendChild(h("p", {}, `Reach: ${FIXED * grp.dice}" fixed (inner ring) + ${grp.dice}D6${fast ? "×2 (fast)" : ""} variable, up to ${FIXED * grp.dice + 6 * grp.dice * (fast ? 2 : 1)}" (outer ring). Woods and hills cost double; a hedge costs the fixed move.`));
      box.appendChild(h("p", { class: "muted" }, "Click the table to send the group (it keeps formation); click a unit of the group first to move it alone. Backing up is only for single moves."));
      const list = h("ul", { class: "plan" });
      for (const [id, mv] of Object.entries(ui.moves)) {
        const u = this.unit(id), d = dist([u.x, u.y], mv.to), fixed = u.suppressed ? 0 : FIXED * grp.dice;
        list.appendChild(h("li", { testid: "plan-" + id }, `${id} → (${fmt1(mv.to[0])}, ${fmt1(mv.to[1])}), ${fmt1(d)}"`,
          d > fixed + 0.05 ? h("span", { class: "warn", testid: "plan-warn-" + id }, ` beyond the fixed ${fixed}": it stops where the roll runs out`) : null));
      }
      box.appendChild(list);
      box.appendChild(h("div", { class: "row" },
        h("label", { title: "Replace one variable die with a 6" }, "Max die: ", h("select", { onchange: (e) => { ui.max = e.target.value; } },
          h("option", { value: "" }, "—"), sd.wild ? h("option", { value: "wild", selected: ui.max === "wild" || null }, "wild die") : null, sd.staff ? h("option", { value: "staff", selected: ui.max === "staff" || null }, "staff order") : null)),
        h("button", { class: "primary", testid: "move-confirm", disabled: !Object.keys(ui.moves).length, onclick: () => this.confirm() }, "Move (Enter)"),
        h("button", { onclick: () => { ui.moves = {}; ui.selected = null; this.render(); } }, "Clear (Esc)")));
      this.hint(ui.selected ? `Click where ${ui.selected} goes` : "Click the table where the group goes, or Fire (F) without moving");
    } else if (moveFire) {
      this.panelFire(box, units);
    } else {
      this.hint("End the activation (E)");
    }
    const sup = this.units.filter((u) => u.side === this.mySide && u.suppressed && this.onTable(u));
    if (sup.length && (sd.wild || sd.staff)) {
      box.appendChild(h("div", { class: "row secondary" }, "Unsuppress: ", sup.map((u) => h("button", { testid: "unsuppress-" + u.id, onclick: () => this.act({ kind: "unsuppress", unit: u.id, staff: !sd.wild || undefined }) }, `${u.id} (${sd.wild ? "wild die" : "staff"})`))));
    }
    box.appendChild(h("button", { class: "end", testid: "end-activation", onclick: () => this.act({ kind: "end-activation" }) }, "End activation (E)"));
  }

  panelFire(box, units) {
    const ui = this.ui;
    const sd = this.mySideView();
    const shooters = units.filter((u) => this.onTable(u) && this.canFire(u));
    if (ui.firer && !shooters.some((u) => u.id === ui.firer)) { ui.firer = null; ui.target = null; }
    if (!shooters.length) { box.appendChild(h("p", { class: "muted", testid: "no-shooters" }, "No unit of the group can fire (fired, suppressed or gone).")); this.hint("End the activation (E)"); return; }
    box.appendChild(h("p", {}, "Choose a firer and one of its targets. Only the targets target priority allows are offered: the closest enemy in sight first, farther ones once the group has fired at the closer."));
    const list = h("div", { class: "fire-list" });
    for (const u of units) {
      if (!this.onTable(u)) continue;
      const row = h("div", { class: "fire-row" + (ui.firer === u.id ? " current" : "") }, h("b", { class: "firer", onclick: () => { ui.firer = u.id; ui.target = null; this.render(); } }, u.id), " ");
      if (!this.canFire(u)) {
        row.appendChild(h("span", { class: "muted" }, u.fired ? "has fired" : u.suppressed ? "suppressed: cannot fire" : "cannot fire"));
        list.appendChild(row);
        continue;
      }
      const ts = this.targetsFor(u);
      ts.forEach((t, i) => {
        const sel = ui.firer === u.id && ui.target === t.unit.id;
        const no = (this.refused || {})[`${u.id}>${t.unit.id}@${this.pos.n}`];
        const why = no || (t.band === "out" ? "out of range: the shot cannot hit" : i === 0 ? "priority target: the closest enemy in sight" : "allowed: the closer enemies have been fired at");
        row.appendChild(h("button", {
          class: "target" + (sel ? " selected" : "") + (i === 0 ? " priority" : "") + (t.band === "out" ? " out" : "") + (no ? " refused" : ""),
          testid: `fire-${u.id}-${t.unit.id}`, title: why,
          onclick: () => this.pickTarget(u.id, t.unit.id),
        }, `${t.unit.id} ${fmt1(t.d)}"`, h("small", { class: "band band-" + t.band }, t.band)));
      });
      if (!ts.length) row.appendChild(h("span", { class: "muted" }, "no enemy in sight"));
      list.appendChild(row);
    }
    box.appendChild(list);
    if (ui.firer && ui.target) {
      const o = this.oddsCache.get(ui.firer + ">" + ui.target);
      box.appendChild(oddsBox(o));
      const fu = this.unit(ui.firer);
      const grp = this.group();
      const scoot = fu && (this.types[fu.type]?.special || []).includes("shoot-and-scoot") && grp && !grp.movedUnits.includes(fu.id);
      box.appendChild(h("div", { class: "row" },
        h("label", {}, h("input", { type: "checkbox", checked: ui.wild || null, disabled: !sd.wild, onchange: (e) => { ui.wild = e.target.checked; } }), " +1 wild"),
        h("label", {}, h("input", { type: "checkbox", checked: ui.staff || null, disabled: !sd.staff, onchange: (e) => { ui.staff = e.target.checked; } }), " +1 staff"),
        scoot ? h("label", {}, h("input", { type: "checkbox", checked: ui.scoot || null, onchange: (e) => { ui.scoot = e.target.checked; } }), " shoot & scoot") : null,
        h("button", { class: "primary fire", testid: "fire-confirm", onclick: () => this.confirm() }, o && o.in_range === false ? `Fire anyway: cannot hit (Enter)` : `Fire ${ui.firer} → ${ui.target} (Enter)`)));
      this.hint("Enter fires; Esc cancels");
    } else this.hint(ui.firer ? `Click a ringed enemy for ${ui.firer} to fire at` : "Pick a firer and a target (or click a ringed enemy on the table)");
  }

  async pickTarget(firer, target) {
    this.ui.firer = firer;
    this.ui.target = target;
    this.ui.tool = "fire";
    this.render();
    if (!this.oddsCache.has(firer + ">" + target + "@" + this.pos.n)) this.fetchOdds(firer, target);
  }

  // fetchOdds asks the server for the odds of firer's shot at target once
  // per position, and renders again when they come.
  async fetchOdds(firer, target) {
    const key = firer + ">" + target;
    this.oddsCache.set(key + "@" + this.pos.n, true);
    try {
      const o = await api.odds(this.id, this.token, firer, target);
      this.oddsCache.set(key, o);
    } catch (e) {
      this.oddsCache.set(key, { error: e.message });
    }
    if (!this.stopped) this.render();
  }

  // oppSpans returns the window's spans of the units that may still fire:
  // on the table, not suppressed unless a staff order may free it first
  // (view.unsuppress, R59), no fire marker (a unit that has fired in this
  // window stays listed in it) and, on a move, still able to see the
  // mover somewhere ahead of where it stands.
  oppSpans() {
    const w = this.view.window;
    if (!w) return [];
    const freeable = this.view.unsuppress || [];
    return (w.spans || []).filter((sp) => {
      const u = this.unit(sp.unit);
      if (!u || !this.onTable(u) || u.fired || u.suppressed && !freeable.includes(sp.unit)) return false;
      return w.kind !== "move" || sp.to >= (w.at || 0) - 1e-9;
    });
  }

  // oppRange returns where along the mover's path unit sp.unit may still
  // shoot: from where it first sees the mover (or where the mover stands
  // now) to where it last sees it (or the mover's reach). The view gives
  // the reach to the hundredth, rounded either way, and the server takes
  // no point beyond the true reach: a span ending at the reach ends just
  // short of it here.
  oppRange(sp) {
    const w = this.view.window || {};
    const lo = Math.max(sp.from, w.at || 0);
    let hi = w.reach > 0 ? Math.min(sp.to, w.reach) : sp.to;
    if (w.reach > 0 && hi > w.reach - REACH_SLACK) hi = w.reach - REACH_SLACK;
    // A unit that sees the mover only at the very end of its move.
    if (hi < lo && lo > (w.at || 0)) return [hi, hi];
    return [lo, Math.max(lo, hi)];
  }

  // oppAim is the point the page proposes for sp: the first of short
  // range, effective range and first sight still ahead of the mover (the
  // points the server sampled and saw), else where the mover stands.
  oppAim(sp) {
    const [lo, hi] = this.oppRange(sp);
    for (const x of [sp.short, sp.effective, sp.from]) if (x >= 0 && x >= lo - 1e-9 && x <= hi + 1e-9) return this.oppSnap(sp, clamp(x, lo, hi));
    return this.oppSnap(sp, lo);
  }

  // oppSnap moves a point along the path into the nearest stretch where
  // the unit sees the mover, when its sight is broken (sp.seen), keeping
  // it within oppRange.
  oppSnap(sp, x) {
    if (!sp.seen || !sp.seen.length) return x;
    const [lo, hi] = this.oppRange(sp);
    let best = x, bestD = Infinity;
    for (const [a, b] of sp.seen) {
      const a2 = Math.max(a, lo), b2 = Math.min(b, hi);
      if (b2 < a2 - 1e-9) continue;
      const y = clamp(x, a2, Math.max(a2, b2));
      if (Math.abs(y - x) < bestD) { best = y; bestD = Math.abs(y - x); }
    }
    return best;
  }

  // seenText describes where sp's unit sees the mover.
  seenText(sp) {
    const parts = sp.seen && sp.seen.length ? sp.seen : [[sp.from, sp.to]];
    return parts.map(([a, b]) => fmt1(a) === fmt1(b) ? `only at ${fmt1(a)}"` : `${fmt1(a)}"–${fmt1(b)}"`).join(", ");
  }

  panelOpp(box) {
    const w = this.view.window;
    const ui = this.ui;
    ui.at = ui.at || {};
    if (!w) { box.appendChild(h("button", { testid: "opp-pass", onclick: () => this.act({ kind: "opportunity-pass" }) }, "Hold fire")); return; }
    const t = this.unit(w.target);
    const tname = t ? `${t.id} (${t.name})` : w.target;
    const moving = w.kind === "move";
    if (w.decoy) {
      // R56: offered (or kept open after a shot) while a hidden unit
      // could fire, so that the enemy cannot tell when one sees; none of
      // this side's units can (any more).
      box.appendChild(h("p", {}, h("b", {}, tname), moving ? " is moving." : " fires."));
      box.appendChild(h("p", { class: "muted", testid: "opp-decoy" }, "None of your units can fire at it (any more). While the enemy cannot rule out a hidden unit of yours on the table, every enemy move and shot pauses for your answer, and stays paused after a shot, so the enemy cannot tell when your hidden units see them. Hold fire to go on."));
      box.appendChild(h("div", { class: "row" }, h("button", { class: "primary", testid: "opp-pass", onclick: () => this.act({ kind: "opportunity-pass" }) }, "Hold fire (Esc)")));
      if (this.againstAI()) {
        // Against the AI a quick answer tells nothing: the player may let
        // these windows pass by themselves.
        box.appendChild(h("label", { class: "check muted" },
          h("input", { type: "checkbox", testid: "opp-auto-hold", checked: this.autoHold() || null, onchange: (e) => { this.autoHold(e.target.checked); this.autoHoldFire(); } }),
          " From now on, hold fire by myself whenever none of my units can fire"));
      }
      this.hint("Nothing can fire: hold fire (Esc)");
      return;
    }
    const spans = this.oppSpans();
    if (!ui.oppUnit || !spans.some((sp) => sp.unit === ui.oppUnit)) ui.oppUnit = spans.length ? spans[0].unit : null;
    box.appendChild(h("p", {}, moving
      ? h("span", {}, h("b", {}, tname), ` is moving: it stands ${fmt1(w.at || 0)}" along its path and will get ${fmt1(w.reach || 0)}". Your ringed units can see it along the coloured stretches; pick a point on the path (slider or click) and fire, or hold fire.`)
      : h("span", {}, h("b", {}, tname), " fires. Your units that can see it may fire at it, with its shot (after it, against an ambusher), or hold fire.")));
    if (moving) box.appendChild(h("div", { class: "legend" }, h("i", { class: "seen" }), " in sight ", h("i", { class: "eff" }), " effective range ", h("i", { class: "short" }), " short range"));
    const sd = this.mySideView();
    const total = Math.max(w.reach || 0, ...spans.map((x) => x.to), 1);
    for (const sp of spans) {
      const u = this.unit(sp.unit);
      const cur = ui.oppUnit === sp.unit;
      const row = h("div", { class: "span-row" + (cur ? " current" : ""), testid: "opp-span-" + sp.unit, onclick: (e) => { if (ui.oppUnit !== sp.unit && !e.target.closest("button,input")) { ui.oppUnit = sp.unit; this.render(); } } },
        h("b", {}, sp.unit), u ? h("span", { class: "muted" }, " " + u.name) : null);
      if (moving && sp.from >= 0) {
        const [lo, hi] = this.oppRange(sp);
        if (ui.at[sp.unit] === undefined) ui.at[sp.unit] = this.oppAim(sp);
        row.appendChild(spanBar(sp, total, ui.at[sp.unit], w.at || 0));
        row.appendChild(h("div", { class: "muted small" }, `in sight ${this.seenText(sp)} along the path` + (sp.seen ? " (a gap where its view is blocked)" : "") +
          (sp.effective >= 0 ? `, effective range from ${fmt1(sp.effective)}"` : "") + (sp.short >= 0 ? `, short from ${fmt1(sp.short)}"` : "")));
        const inp = h("input", { type: "range", min: lo, max: hi, step: 0.1, value: ui.at[sp.unit], testid: "opp-at-" + sp.unit,
          oninput: (e) => { ui.at[sp.unit] = this.oppSnap(sp, +e.target.value); ui.oppUnit = sp.unit; row.querySelector(".at").textContent = fmt1(ui.at[sp.unit]) + '"'; this.renderOverlay(); },
          onchange: () => this.renderPanel() }); // the odds at the point let go of
        row.appendChild(h("div", { class: "row" }, "Shoot at ", inp, h("span", { class: "at" }, fmt1(ui.at[sp.unit]) + '"')));
        if (cur) {
          // The rules' odds of the shot taken there (POST /check).
          const c = this.checked({ kind: "opportunity-fire", unit: sp.unit, at: round4(ui.at[sp.unit]), staff: ui.staff || undefined });
          const pv = c && c.preview;
          if (pv) row.appendChild(h("div", { class: "odds-line", testid: "opp-odds-" + sp.unit }, `There: ${fmt1(pv.range)}" (${pv.band}), ${pv.attack_dice}D at ${pv.attack_tn}+ against ${pv.reaction_dice}D at ${pv.reaction_tn}+: ${pct(pv.disrupted)} disrupted` +
            (pv.dispersed ? ` (${pct(pv.dispersed)} dispersed)` : "") + `, ${pct(pv.suppressed)} suppressed, ${pct(pv.no_effect)} no effect`));
        }
      }
      if (!moving && cur && u) {
        // Firing back at a unit that stands where it is: the odds of the shot.
        const key = sp.unit + ">" + w.target;
        if (!this.oddsCache.has(key + "@" + this.pos.n)) this.fetchOdds(sp.unit, w.target);
        row.appendChild(oddsBox(this.oddsCache.get(key)));
      }
      if ((this.view.unsuppress || []).includes(sp.unit)) {
        // R59: a suppressed watcher fires once a staff order frees it.
        row.appendChild(h("div", { class: "row" },
          h("span", { class: "muted" }, "Suppressed: "),
          h("button", { class: "primary", testid: "opp-unsuppress-" + sp.unit, onclick: () => this.act({ kind: "unsuppress", unit: sp.unit, staff: true }) }, `Remove ${sp.unit}'s suppression (staff order)`)));
      } else {
        row.appendChild(h("div", { class: "row" },
          h("button", { class: "primary fire", testid: "opp-fire-" + sp.unit, disabled: !u, onclick: () => this.act({ kind: "opportunity-fire", unit: sp.unit, at: moving ? round4(ui.at[sp.unit] ?? this.oppAim(sp)) : undefined, staff: ui.staff || undefined }) }, `Fire with ${sp.unit}`)));
      }
      box.appendChild(row);
    }
    if (!spans.length) box.appendChild(h("p", { class: "muted" }, "None of your units can see it."));
    box.appendChild(h("div", { class: "row" },
      h("label", {}, h("input", { type: "checkbox", disabled: !sd.staff, checked: ui.staff || null, onchange: (e) => { ui.staff = e.target.checked; } }), " +1 staff order"),
      h("button", { testid: "opp-pass", onclick: () => this.act({ kind: "opportunity-pass" }) }, "Hold fire (Esc)")));
    this.hint(moving ? `Click the mover's path to aim ${ui.oppUnit || ""}; fire, or hold fire (Esc)` : "Fire back now, or hold fire (Esc)");
  }

  panelBoost(box) {
    const sd = this.mySideView();
    box.appendChild(h("p", {}, "Your unit is hit. Add a die to its reaction roll?"));
    // Each answer with the rules' odds for it (POST /check's preview).
    const opts = [];
    // R59: freed first, the unit reacts at 4+ instead of 5+.
    for (const id of this.view.unsuppress_wild || []) opts.push([{ kind: "unsuppress", unit: id }, "boost-unsuppress-wild", `Remove ${id}'s suppression first (wild die): it reacts at 4+`]);
    for (const id of this.view.unsuppress || []) opts.push([{ kind: "unsuppress", unit: id, staff: true }, "boost-unsuppress", `Remove ${id}'s suppression first (staff order): it reacts at 4+`]);
    if (sd.wild) opts.push([{ kind: "boost", wild: true }, "boost-wild", "+ wild die"]);
    if (sd.staff) opts.push([{ kind: "boost", staff: true }, "boost-staff", "+ staff order"]);
    if (sd.wild && sd.staff) opts.push([{ kind: "boost", wild: true, staff: true }, "boost-both", "both"]);
    opts.push([{ kind: "boost" }, "boost-none", "No boost (Enter)"]);
    const list = h("div", { class: "boost-options" });
    for (const [action, testid, label] of opts) {
      const c = this.checked(action);
      const pv = c && c.preview;
      list.appendChild(h("div", { class: "row boost-option" },
        h("button", { class: testid === "boost-none" ? "primary" : "", testid, "data-action": JSON.stringify(action), onclick: () => this.act(action) }, label),
        pv ? h("span", { class: "odds-line", testid: "odds-" + testid }, `${pv.dice}D at ${pv.tn}+: ${pct(pv.no_effect)} no effect, ${pct(pv.disrupted)} disrupted` +
          (pv.dispersed ? ` (${pct(pv.dispersed)} dispersed)` : "") + `, ${pct(pv.suppressed)} suppressed` + (pv.forced_back ? ` (${pct(pv.forced_back)} forced back)` : "")) : null));
    }
    const sh = opts.length && this.checked(opts[opts.length - 1][0]);
    if (sh && sh.preview) box.appendChild(h("p", { class: "muted" }, `The attack scored ${sh.preview.attack_successes} success${sh.preview.attack_successes === 1 ? "" : "es"} and ${sh.preview.attack_sixes} six${sh.preview.attack_sixes === 1 ? "" : "es"}: each reaction success cancels one, and matching the sixes avoids suppression.`));
    box.appendChild(list);
  }

  panelBreakOff(box) {
    box.appendChild(h("p", {}, "Break off: the unit backs straight away a normal move before the shot and reacts with +2 dice."));
    // Each answer with the rules' odds for the shot (POST /check's preview).
    // Breaking off, the reaction pool may differ with where the unit ends
    // (cover, a hill): the ends' pools, with how many of the six rolls
    // of the move's die give each.
    const reaction = pv => {
      const counts = new Map();
      for (const e of pv.ends || []) counts.set(e.reaction_dice, (counts.get(e.reaction_dice) || 0) + 1);
      if (counts.size < 2) return `${pv.reaction_dice}D`;
      return [...counts].sort((a, b) => a[0] - b[0]).map(([d, k]) => `${d}D (${k} of 6 rolls)`).join(" or ");
    };
    const line = (pv, testid) => pv ? h("span", { class: "odds-line", testid }, `${pv.attack_dice}D at ${pv.attack_tn}+ against ${reaction(pv)} at ${pv.reaction_tn}+: ${pct(pv.no_effect)} no effect, ${pct(pv.disrupted)} disrupted` +
      (pv.dispersed ? ` (${pct(pv.dispersed)} dispersed)` : "") + `, ${pct(pv.suppressed)} suppressed`) : null;
    const yes = { kind: "break-off", yes: true }, no = { kind: "break-off" };
    const cy = this.checked(yes), cn = this.checked(no);
    box.appendChild(h("div", { class: "row boost-option" },
      h("button", { testid: "break-off-yes", "data-action": JSON.stringify(yes), onclick: () => this.act(yes) }, "Break off"), line(cy && cy.preview, "odds-break-off-yes")));
    box.appendChild(h("div", { class: "row boost-option" },
      h("button", { class: "primary", testid: "break-off-no", "data-action": JSON.stringify(no), onclick: () => this.act(no) }, "Stand (Enter)"), line(cn && cn.preview, "odds-break-off-no")));
    if (cy && cy.preview) {
      const k = Math.round((cy.preview.covered || 0) * 6);
      box.appendChild(h("p", { class: "muted", testid: "break-off-cover" }, "Breaking off, the cover is judged where the unit ends: the odds are over the six rolls of its move's die" +
        (k === 0 ? "; no roll ends in cover." : k === 6 ? "; every roll ends in cover." : `; ${k} of 6 rolls end in cover.`)));
    }
  }

  panelLogistics(box) {
    const ui = this.ui;
    const batteries = this.myBatteries();
    const plotted = (this.view.batteries || []).filter((b) => b.side === this.mySide);
    box.appendChild(h("p", {}, "Plotted fire missions land when the phase ends. Adjust one (up to 4\", a staff order) by choosing it and clicking the new point, maintain it through a command failure, or cancel it."));
    for (const b of batteries) {
      const st = plotted.find((x) => x.id === b.id);
      box.appendChild(h("div", { class: "row" }, h("b", {}, b.id), ` ${b.name} `, st && st.marker ? `${st.smoke ? "smoke" : "fire"} at (${fmt1(st.marker[0])}, ${fmt1(st.marker[1])})` : h("span", { class: "muted" }, "no mission"),
        h("button", { class: ui.adjust === b.id ? "selected" : "", testid: "adjust-" + b.id, disabled: !(st && st.marker), title: st && st.marker ? "Move the marker up to 4\" (a staff order)" : "No mission to adjust", onclick: () => { ui.adjust = b.id; this.render(); } }, "Adjust"),
        h("button", { testid: "maintain-" + b.id, "data-action": JSON.stringify({ kind: "maintain-mission", battery: b.id }), disabled: !(st && st.marker), onclick: () => this.act({ kind: "maintain-mission", battery: b.id }) }, "Maintain"),
        h("button", { testid: "cancel-" + b.id, "data-action": JSON.stringify({ kind: "cancel-mission", battery: b.id }), disabled: !(st && st.marker), onclick: () => this.act({ kind: "cancel-mission", battery: b.id }) }, "Cancel")));
    }
    if (ui.adjust && ui.adjustTo) {
      // The new point chosen: the rules' odds there (applyChecks), then
      // the adjustment on Enter.
      box.appendChild(h("p", {}, `${ui.adjust}'s marker to (${fmt1(ui.adjustTo[0])}, ${fmt1(ui.adjustTo[1])}), a staff order:`));
      box.appendChild(h("div", { class: "row" },
        h("button", { class: "primary", testid: "adjust-confirm", onclick: () => this.confirm() }, "Adjust here (Enter)"),
        h("button", { testid: "adjust-cancel", onclick: () => { ui.adjust = null; ui.adjustTo = null; this.render(); } }, "Cancel (Esc)")));
      box.appendChild(h("button", { testid: "end-logistics", onclick: () => this.act({ kind: "end-logistics" }) }, "End logistics"));
    } else {
      box.appendChild(h("button", { class: "primary", testid: "end-logistics", onclick: () => this.act({ kind: "end-logistics" }) }, "End logistics (Enter)"));
    }
    this.hint(ui.adjust ? (ui.adjustTo ? "Enter adjusts the marker there; click elsewhere to choose again" : `Click the new point for ${ui.adjust}`) : "Enter ends the logistics phase");
  }

  // --- the overlay: previews, rings, paths ---------------------------------------

  renderOverlay() {
    const b = this.board;
    b.clearOverlay();
    const p = this.g.pending || {};
    const ui = this.ui;
    const mine = this.myTurn();
    // Last shot: a line from firer to target.
    const shot = this.marks && this.marks.shots[0];
    if (shot && this.lastSeq() - shot.seq < 6) {
      const f = this.unit(shot.firer), t = this.unit(shot.target);
      if (f && t && f.placed && t.placed) el("line", { x1: f.x, y1: b.sy(f.y), x2: t.x, y2: b.sy(t.y), class: "shot-line" }, b.gUnderlay);
    }
    if (mine && p.kind === "deploy" && ui.deployUnit && ui.cursor) {
      const u = this.unit(ui.deployUnit);
      const [x, y] = this.deploySpot(ui.cursor[0], ui.cursor[1]);
      if (u) this.ghost({ ...u, x, y, heading: ui.facing }, "ghost");
    }
    if (mine && p.kind === "order") {
      if (ui.leader) {
        const l = this.unit(ui.leader);
        el("circle", { cx: l.x, cy: b.sy(l.y), r: RADIUS, class: "radius", "data-testid": "command-radius" }, b.gUnderlay);
        for (const id of [ui.leader, ...(ui.members || [])]) this.ring(this.unit(id), "sel-ring");
      }
      if (ui.mission) this.missionPreview(ui.mission);
      if (ui.order === "reserves" && ui.company && ui.entry !== undefined) this.entryPreview();
    }
    if (mine && p.kind === "logistics" && ui.adjust && ui.adjustTo) {
      // The adjusted marker's burst, and the 4" it may move within.
      const st = (this.view.batteries || []).find((x) => x.id === ui.adjust);
      if (st && st.marker) el("circle", { cx: st.marker[0], cy: b.sy(st.marker[1]), r: 4, class: "radius" }, b.gUnderlay);
      this.missionPreview({ x: ui.adjustTo[0], y: ui.adjustTo[1], smoke: st && st.smoke, orient: st ? st.orient : 0 });
    }
    if (mine && p.kind === "activation") {
      const grp = this.group();
      if (grp && ui.tool === "move" && !grp.moved && grp.order === "move-fire") {
        const movers = grp.units.filter((id) => !grp.movedUnits.includes(id));
        const fast = movers.map((id) => this.unit(id)).filter(Boolean).every((u) => this.stats(u).move === "fast");
        for (const id of movers) {
          const u = this.unit(id);
          if (!u || !this.onTable(u)) continue;
          const fixed = u.suppressed ? 0 : FIXED * grp.dice;
          el("circle", { cx: u.x, cy: b.sy(u.y), r: fixed + 6 * grp.dice * (fast ? 2 : 1), class: "reach-max" }, b.gUnderlay);
          if (fixed) el("circle", { cx: u.x, cy: b.sy(u.y), r: fixed, class: "reach-fixed" }, b.gUnderlay);
          if (ui.selected === id) this.ring(u, "sel-ring");
        }
        // The rules' preview of the planned move, once it has come: each
        // unit's chance of getting there, over the ground as it lies.
        const main = this.mainAction();
        const pv = main && main.action && main.action.kind === "move" && this.checks && this.checks.n === this.pos.n ? (this.checks.m.get(JSON.stringify(main.action)) || {}).preview : null;
        const byUnit = Object.fromEntries(((pv && pv.units) || []).map((x) => [x.unit, x]));
        Object.entries(ui.moves || {}).forEach(([id, mv], i) => {
          const u = this.unit(id);
          el("line", { x1: u.x, y1: b.sy(u.y), x2: mv.to[0], y2: b.sy(mv.to[1]), class: "move-path", "marker-end": "url(#arrow)" }, b.gOverlay);
          const back = Math.abs(((headingTo([u.x, u.y], mv.to) - u.heading + 540) % 360) - 180) > 90;
          this.ghost({ ...u, x: mv.to[0], y: mv.to[1], heading: back ? u.heading : headingTo([u.x, u.y], mv.to) }, "ghost");
          const d = dist([u.x, u.y], mv.to), fixed = u.suppressed ? 0 : FIXED * grp.dice;
          const p = byUnit[id];
          const odds = p ? (p.chance >= 1 ? "" : p.chance <= 0 ? " · no roll" : ` · ${pct(p.chance)}`) : d > fixed + 0.05 ? " · roll" : "";
          // Labels of side-by-side movers stand at staggered points along
          // their paths, so that they do not run into each other.
          const f = [0.5, 0.3, 0.7, 0.4, 0.6][i % 5];
          el("text", { x: u.x + (mv.to[0] - u.x) * f, y: b.sy(u.y + (mv.to[1] - u.y) * f) - 0.4, class: "move-label", "data-testid": "move-label-" + id, text: fmt1(d) + '"' + odds }, b.gOverlay);
        });
      }
      if (grp && ui.tool === "fire") {
        for (const id of grp.units) { const u = this.unit(id); if (u && this.onTable(u) && this.canFire(u)) this.ring(u, "firer-ring" + (ui.firer === id ? " current" : "")); }
        // The allowed targets: the chosen firer's, else any firer's.
        const firers = ui.firer ? [ui.firer] : grp.units.filter((id) => { const u = this.unit(id); return u && this.canFire(u); });
        const ringed = new Map();
        for (const fid of firers) {
          (this.view.targets[fid] || []).forEach((tid, i) => { if (!ringed.has(tid) || i === 0) ringed.set(tid, ringed.get(tid) || i === 0); });
        }
        for (const [tid, prio] of ringed) {
          const t = this.unit(tid);
          if (t) this.ring(t, "target-ring" + (prio ? " priority" : ""), "target-ring-" + tid);
        }
        if (ui.firer) {
          const f = this.unit(ui.firer);
          const s = this.stats(f);
          if (s.range) s.range.forEach((r, i) => {
            el("circle", { cx: f.x, cy: b.sy(f.y), r, class: "range-ring band-" + i }, b.gUnderlay);
            el("text", { x: f.x, y: b.sy(f.y) - r - 0.15, class: "range-label", text: ["short", "effective", "long"][i] + " " + r + '"' }, b.gUnderlay);
          });
          if (ui.target) {
            const t = this.unit(ui.target);
            el("line", { x1: f.x, y1: b.sy(f.y), x2: t.x, y2: b.sy(t.y), class: "aim-line" }, b.gOverlay);
          }
        }
      }
    }
    if (mine && p.kind === "break-off") {
      // Where breaking off may end, a dot for each face of the move's
      // die, filled where the unit would be in cover (the rules' preview).
      const c = this.checks && this.checks.n === this.pos.n ? this.checks.m.get(JSON.stringify({ kind: "break-off", yes: true })) : null;
      // Rolls that end at one spot (held by the table edge or a unit)
      // share its label.
      const spots = new Map();
      for (const e of (c && c.preview && c.preview.ends) || []) {
        el("circle", { cx: e.x, cy: b.sy(e.y), r: 0.35, class: "break-off-end" + (e.cover ? " cover" : ""), "data-testid": "break-off-end-" + e.face }, b.gOverlay);
        const k = e.x + "," + e.y;
        spots.set(k, [...(spots.get(k) || []), e]);
      }
      for (const es of spots.values()) {
        el("text", { x: es[0].x + 0.6, y: b.sy(es[0].y) + 0.3, class: "move-label break-off-label", text: es.map((e) => e.face).join(",") }, b.gOverlay);
      }
    }
    if (p.kind === "opportunity-fire" && this.view.window) this.drawWindow(this.view.window);
    if (this.pagano) this.pgOverlay();
    if (this.measure) this.drawMeasure();
  }

  // drawWindow draws an opportunity-fire window: the threat, the units
  // that may answer it and, for a move, the mover's path with each unit's
  // stretches of it in sight, in effective and in short range, and the
  // point chosen to shoot at.
  drawWindow(w) {
    const b = this.board, ui = this.ui;
    const t = this.unit(w.target);
    if (t) this.ring(t, "threat-ring");
    const live = this.oppSpans();
    for (const sp of live) { const u = this.unit(sp.unit); if (u) this.ring(u, "firer-ring" + (ui.oppUnit === sp.unit ? " current" : "")); }
    const path = w.path;
    if (w.kind !== "move" || !path || !path.length) return;
    const full = pathLength(path);
    const now = w.at || 0, reach = w.reach > 0 ? w.reach : full;
    const g = el("g", { class: "mover-path", "data-testid": "mover-path" }, b.gOverlay);
    if (now > 0) el("polyline", { points: b.pts(pathSlice(path, 0, now)), class: "path-past" }, g);
    if (full > reach + 0.05) el("polyline", { points: b.pts(pathSlice(path, reach, full)), class: "path-beyond" }, g);
    el("polyline", { points: b.pts(pathSlice(path, now, reach)), class: "path-ahead", "marker-end": "url(#arrow)" }, g);
    // Other units' stretches thin, the chosen unit's thick on top.
    const spans = [...live].filter((sp) => sp.from >= 0).sort((a, c) => (a.unit === ui.oppUnit) - (c.unit === ui.oppUnit));
    for (const sp of spans) {
      const cur = sp.unit === ui.oppUnit;
      const sg = el("g", { class: "span-path" + (cur ? " current" : ""), "data-testid": "span-path-" + sp.unit }, g);
      // Each band runs from where it starts to the end of sight, cut where
      // the unit's view of the mover is blocked (sp.seen).
      const stretches = sp.seen && sp.seen.length ? sp.seen : [[sp.from, sp.to]];
      const parts = [["seen", sp.from], ["eff", sp.effective], ["short", sp.short]];
      for (const [cls, d0] of parts) {
        if (d0 < 0) continue;
        for (const [a, z] of stretches) {
          const s0 = Math.max(a, d0);
          if (z < s0) continue;
          if (z - s0 < 0.05) { const q = pathAt(path, s0).p; el("circle", { cx: q[0], cy: b.sy(q[1]), r: cur ? 0.6 : 0.35, class: cls }, sg); continue; }
          el("polyline", { points: b.pts(pathSlice(path, s0, z)), class: cls }, sg);
        }
      }
    }
    // Where the mover will end, and where the chosen unit would shoot.
    if (t) {
      const end = pathAt(path, reach);
      this.ghost({ ...t, x: end.p[0], y: end.p[1], heading: end.h }, "ghost mover-end");
    }
    const sp = live.find((x) => x.unit === ui.oppUnit);
    const at = ui.at && ui.at[ui.oppUnit];
    if (sp && at !== undefined) {
      const q = pathAt(path, at);
      const f = this.unit(sp.unit);
      if (f) el("line", { x1: f.x, y1: b.sy(f.y), x2: q.p[0], y2: b.sy(q.p[1]), class: "aim-line" }, b.gOverlay);
      if (t) this.ghost({ ...t, x: q.p[0], y: q.p[1], heading: q.h }, "ghost aim-ghost");
      el("circle", { cx: q.p[0], cy: b.sy(q.p[1]), r: 0.45, class: "at-mark", "data-testid": "opp-aim" }, b.gOverlay);
      const band = at >= sp.short && sp.short >= 0 ? "short" : at >= sp.effective && sp.effective >= 0 ? "effective" : "long";
      el("text", { x: q.p[0] + 1.4, y: b.sy(q.p[1]) + 0.3, class: "move-label aim-label", text: `${fmt1(at)}": ${band}` }, b.gOverlay);
    }
  }

  ring(u, cls, testid) {
    if (!u || !u.placed) return;
    const b = this.board;
    el("circle", { cx: u.x, cy: b.sy(u.y), r: Math.max(u.length, u.width) / 2 + 0.6, class: cls, "data-testid": testid }, b.gUnderlay);
  }

  ghost(u, cls) {
    const b = this.board;
    const g = b.unitShape(b.gOverlay, u, cls, this.sideColor(u.side));
    g.removeAttribute("data-unit");
    g.querySelector("rect").removeAttribute("data-testid");
  }

  missionPreview(m) {
    const b = this.board;
    if (m.observer) this.ring(this.unit(m.observer), "sel-ring");
    const at = m.x !== undefined ? [m.x, m.y] : this.ui.cursor;
    if (!at) return;
    if (m.smoke) el("polygon", { points: b.pts(boxCorners(at[0], at[1], m.orient, SMOKE_LENGTH, SMOKE_WIDTH)), class: "smoke preview", fill: "url(#pat-smoke)" }, b.gOverlay);
    else { el("circle", { cx: at[0], cy: b.sy(at[1]), r: 0.7, class: "mission-preview" }, b.gOverlay); el("circle", { cx: at[0], cy: b.sy(at[1]), r: BURST_RADIUS, class: "mission-burst" }, b.gOverlay); }
    if (m.observer) { const o = this.unit(m.observer); el("line", { x1: o.x, y1: b.sy(o.y), x2: at[0], y2: b.sy(at[1]), class: "aim-line" }, b.gOverlay); }
  }

  entryPreview() {
    const b = this.board, e = (this.mapSide(this.mySide) || {}).edge;
    const v = this.ui.entry;
    const pt = { north: [v, b.H], south: [v, 0], east: [b.W, v], west: [0, v] }[e];
    if (pt) el("circle", { cx: pt[0], cy: b.sy(pt[1]), r: 1.2, class: "entry-mark", "data-testid": "entry-mark" }, b.gOverlay);
  }

  // --- input ---------------------------------------------------------------------

  onPointer(pt) {
    this.ui.cursor = pt;
    const p = this.g.pending || {};
    if (this.measure && this.measure.a && !this.measure.b) { this.measure.cursor = pt; this.renderOverlayCheap(); return; }
    if (this.myTurn() && (p.kind === "deploy" || (this.ui.mission && this.ui.mission.x === undefined))) this.renderOverlayCheap();
  }

  renderOverlayCheap() {
    if (this.overlayQueued) return;
    this.overlayQueued = true;
    requestAnimationFrame(() => { this.overlayQueued = false; this.renderOverlay(); });
  }

  onTableClick(pt) {
    if (this.measure) return this.measureClick(pt);
    if (!this.myTurn()) return;
    const p = this.g.pending, ui = this.ui;
    const [x, y] = pt.map(round2);
    if (x < 0 || y < 0 || x > this.map.table.width || y > this.map.table.height) { this.say("That is off the table: click inside it"); return; }
    if (this.pagano && this.pgTableClick([x, y])) return;
    switch (p.kind) {
      case "deploy": {
        if (!ui.deployUnit) return;
        const [dx, dy] = this.deploySpot(x, y);
        this.act({ kind: "deploy", unit: ui.deployUnit, x: dx, y: dy, facing: round2(ui.facing) });
        return;
      }
        return;
      case "order":
        if (ui.mission) {
          if (!ui.mission.observer) { toast("First click the observing unit", "info"); return; }
          ui.mission.x = x; ui.mission.y = y; this.render(); return;
        }
        if (ui.order === "reserves") {
          const e = (this.mapSide(this.mySide) || {}).edge;
          ui.entry = e === "north" || e === "south" ? x : y;
          this.render();
          return;
        }
        ui.leader = null; ui.members = []; this.render();
        return;
      case "activation": {
        const grp = this.group();
        if (!grp || grp.order !== "move-fire") { this.say("This order moves nothing: end the activation (E)"); return; }
        if (ui.tool !== "move") { this.say(grp.moved ? "The group has moved: click an enemy to fire at, or end the activation (E)" : "Firing: click an enemy to fire at, or Move (V) to move"); return; }
        if (grp.moved) { this.say("The group has moved already"); return; }
        ui.moves = ui.moves || {};
        const movers = grp.units.filter((id) => !grp.movedUnits.includes(id) && this.unit(id) && this.onTable(this.unit(id)));
        const fast = movers.every((id) => this.stats(this.unit(id)).move === "fast");
        // A destination beyond the outer ring is brought back to it: the
        // unit could never get farther.
        const reach = (u) => (u.suppressed ? 0 : FIXED * grp.dice) + 6 * grp.dice * (fast ? 2 : 1);
        const clampTo = (u, dx, dy) => {
          const d = Math.hypot(dx, dy), r = reach(u);
          return d > r ? [dx * r / d, dy * r / d, true] : [dx, dy, false];
        };
        let clipped = null;
        if (ui.selected) {
          const u = this.unit(ui.selected);
          const [dx, dy, c] = clampTo(u, x - u.x, y - u.y);
          if (c) clipped = [u, reach(u)];
          ui.moves[ui.selected] = { to: [round2(u.x + dx), round2(u.y + dy)] };
        } else if (movers.length) {
          // The group keeps formation: every unit moves by the leader's offset.
          const l = this.unit(movers[0]);
          let dx = x - l.x, dy = y - l.y;
          for (const id of movers) {
            const u = this.unit(id), c = clampTo(u, dx, dy);
            if (c[2]) { [dx, dy] = c; clipped = [u, reach(u)]; }
          }
          for (const id of movers) {
            const u = this.unit(id);
            if (!u || !this.onTable(u)) continue;
            ui.moves[id] = { to: [clamp(round2(u.x + dx), 0.5, this.map.table.width - 0.5), clamp(round2(u.y + dy), 0.5, this.map.table.height - 0.5)] };
          }
        }
        this.render();
        if (clipped) this.say(`Too far: ${clipped[0].id} can go at most ${fmt1(clipped[1])}" (the outer ring); the destination is set there. Past the fixed move it goes only as far as the roll allows.`);
        return;
      }
      case "logistics":
        if (ui.adjust) { ui.adjustTo = [x, y]; this.render(); }
        return;
      case "opportunity-fire": {
        // A click near the mover's path aims the chosen unit there.
        const w = this.view.window;
        const sp = w && this.oppSpans().find((s) => s.unit === ui.oppUnit);
        if (!w || w.kind !== "move" || !w.path || !sp || sp.from < 0) return;
        const q = projectOnPath(w.path, pt);
        if (q.off > 4) { toast("Click on the mover's path to choose where to shoot", "info"); return; }
        const [lo, hi] = this.oppRange(sp);
        ui.at = ui.at || {};
        ui.at[sp.unit] = round4(this.oppSnap(sp, clamp(q.along, lo, hi)));
        if (Math.abs(ui.at[sp.unit] - q.along) > 0.05) toast(`${sp.unit} sees the mover only at ${this.seenText(sp)} along its path`, "info");
        this.render();
        return;
      }
    }
  }

  onUnitClick(id, ev) {
    if (this.measure) { const u = this.unit(id); if (u && u.placed) return this.measureClick([u.x, u.y]); return; }
    if (!this.myTurn()) return;
    const p = this.g.pending, ui = this.ui;
    const u = this.unit(id);
    if (!u) return;
    const own = u.side === this.mySide;
    if (this.pagano && this.pgUnitClick(u, ev)) return;
    switch (p.kind) {
      case "deploy":
        if (own && !u.placed) { ui.deployUnit = id; this.render(); }
        else if (ui.deployUnit) this.onTableClick(this.board.toTable(ev.clientX, ev.clientY));
        return;
      case "order":
        if (ui.mission) { if (own && this.onTable(u)) { ui.mission.observer = id; this.render(); } else this.onTableClick(this.board.toTable(ev.clientX, ev.clientY)); return; }
        if (!own || !this.onTable(u)) return;
        if (ui.order === "remove-suppression" || ui.order === "repair") { ui.leader = id; ui.members = []; this.render(); return; }
        if (!ui.leader || ui.leader === id) { ui.leader = ui.leader === id ? null : id; ui.members = []; this.render(); return; }
        if (ui.members.includes(id)) ui.members = ui.members.filter((m) => m !== id);
        else {
          const l = this.unit(ui.leader);
          // A suppressed unit is activated alone (the rules refuse it in a group).
          const sup = [l, u].find((x) => x.suppressed);
          if (sup) { toast(`${sup.id} is suppressed: it can only be activated alone`, "error"); return; }
          const d = pointPolyDistance([l.x, l.y], this.corners(u));
          if (d > RADIUS + 1e-6) { toast(`${id} is ${fmt1(d)}" from ${l.id}: members must be within 6"`, "error"); return; }
          if (ui.members.length >= 3) { toast("A group is a leader and at most three more units (four with a recon unit)", "info"); }
          ui.members.push(id);
        }
        this.render();
        return;
      case "activation": {
        const grp = this.group();
        if (!grp) return;
        if (own && grp.units.includes(id)) {
          if (ui.tool === "fire") {
            if (!this.canFire(u)) { toast(`${id} cannot fire (${u.fired ? "it has fired" : u.suppressed ? "suppressed" : "no fire left"})`, "info"); return; }
            ui.firer = id; ui.target = null; this.render(); return;
          }
          // With a unit selected, a click on another member is where the
          // selected unit goes.
          if (ui.tool === "move" && ui.selected && ui.selected !== id) return this.onTableClick(this.board.toTable(ev.clientX, ev.clientY));
          if (ui.tool === "move" && grp.movedUnits.includes(id)) { this.say(`${id} has moved already`); return; }
          ui.selected = ui.selected === id ? null : id; this.render(); return;
        }
        if (!own && ui.tool === "fire") {
          const allowed = (f) => ((this.view.targets || {})[f] || []).includes(id);
          const firer = ui.firer && allowed(ui.firer) ? ui.firer : grp.units.find((g) => allowed(g));
          if (firer) this.pickTarget(firer, id);
          else toast(`${id} is not a target now: ${ui.firer ? ui.firer + " " : "the group "}cannot see it, or a closer enemy must be fired at first`, "info");
          return;
        }
        if (ui.tool === "move") this.onTableClick(this.board.toTable(ev.clientX, ev.clientY));
        return;
      }
      case "opportunity-fire": {
        const w = this.view.window;
        if (own && w && this.oppSpans().some((s) => s.unit === id)) { ui.oppUnit = id; this.render(); return; }
        this.onTableClick(this.board.toTable(ev.clientX, ev.clientY));
        return;
      }
      case "logistics":
        if (ui.adjust) this.onTableClick(this.board.toTable(ev.clientX, ev.clientY));
    }
  }

  // confirm is Enter: the panel's main action.
  confirm() {
    if (!this.myTurn()) return;
    if (this.pagano && this.pgConfirm()) return;
    const m = this.mainAction();
    if (m && m.action) return this.act(m.action);
    if (m && m.say) return this.say(m.say);
  }

  // mainAction is what Enter would submit in the Armour Battles panels:
  // {action}, {say} (why there is nothing to submit yet) or null.
  mainAction() {
    const p = this.g.pending, ui = this.ui;
    const act = (action) => ({ action });
    switch (p.kind) {
      case "ready": return act({ kind: "begin" });
      case "choose-chain":
        if (!ui.face) return null;
        return act({ kind: "choose-chain", face: ui.face, wild: ui.wild || undefined, staff: ui.staff || undefined });
      case "order": {
        if (ui.mission) {
          const m = ui.mission;
          if (!m.observer || m.x === undefined) return null;
          return act({ kind: "call-mission", battery: m.battery, observer: m.observer, x: m.x, y: m.y, smoke: m.smoke || undefined, orient: m.smoke ? m.orient : undefined });
        }
        if (ui.order === "reserves") {
          const ids = this.units.filter((u) => u.side === this.mySide && u.reserve && !u.placed && !u.dispersed && u.company === ui.company).map((u) => u.id);
          if (!ids.length || ui.entry === undefined) return null;
          return act({ kind: "activate", order: "reserves", leader: ids[0], members: ids.slice(1), dice: 1, entry: round2(ui.entry) });
        }
        if (!ui.leader) return null;
        if (ui.order === "remove-suppression") return act({ kind: "remove-suppression", unit: ui.leader });
        if (ui.order === "repair") return act({ kind: "repair", unit: ui.leader });
        const a = { kind: "activate", order: ui.order, leader: ui.leader, members: ui.members.length ? ui.members : undefined, dice: ui.order === "rally" ? 1 : ui.dice };
        if (ui.order === "rally" && (ui.wild || ui.staff)) Object.assign(a, { boost_unit: ui.leader, wild: ui.wild || undefined, staff: ui.staff || undefined });
        if (ui.order === "disengage" && ui.max) Object.assign(a, { wild: ui.max === "wild" || undefined, staff: ui.max === "staff" || undefined });
        return act(a);
      }
      case "activation":
        if (ui.tool === "move" && ui.moves && Object.keys(ui.moves).length) {
          return act({ kind: "move", units: Object.entries(ui.moves).map(([unit, mv]) => ({ unit, to: [mv.to] })), max: ui.max || undefined });
        }
        if (ui.firer && ui.target) return act({ kind: "fire", unit: ui.firer, target: ui.target, wild: ui.wild || undefined, staff: ui.staff || undefined, scoot: ui.scoot || undefined });
        if (ui.tool === "move") return { say: ui.selected ? `Click the table where ${ui.selected} goes first` : "Click the table where the group goes first (nothing to move yet)" };
        return { say: ui.firer ? `Pick a target for ${ui.firer} first` : "Pick a firer and a target first, or end the activation (E)" };
      case "reaction-boost": return act({ kind: "boost" });
      case "break-off": return act({ kind: "break-off" });
      case "logistics":
        if (ui.adjust && ui.adjustTo) return act({ kind: "adjust-mission", battery: ui.adjust, x: ui.adjustTo[0], y: ui.adjustTo[1] });
        return act({ kind: "end-logistics" });
    }
    return null;
  }

  // checked asks the server, once per position, whether the rules would
  // take action now (POST /check) and returns its answer ({legal, error,
  // preview}), or null until it comes; the panel is drawn again then.
  checked(action) {
    if (!this.checks || this.checks.n !== this.pos.n) this.checks = { n: this.pos.n, m: new Map() };
    const key = JSON.stringify(action);
    const m = this.checks.m;
    if (m.has(key)) return m.get(key);
    m.set(key, null);
    const n = this.pos.n;
    api.check(this.id, this.token, action).then((r) => {
      if (this.stopped || !this.checks || this.checks.n !== n) return;
      m.set(key, r);
      if (r.n === n) { this.renderPanel(); this.renderOverlay(); this.followLog(); } // the panel's new height moves the log
    }).catch(() => m.delete(key)); // unknown: posting the action will say
    return null;
  }

  // applyChecks disables the panel's buttons the rules would refuse now,
  // with the rules' reason: each button carrying a data-action, and the
  // primary button for the panel's main action.
  applyChecks(box) {
    const why = (e) => (e || "").replace(/^(armourbattles|pagano): /, "");
    for (const b of box.querySelectorAll("button[data-action]:not([disabled])")) {
      const c = this.checked(JSON.parse(b.dataset.action));
      b.dataset.checked = c ? (c.legal ? "legal" : "refused") : "";
      if (c && !c.legal) { b.disabled = true; b.classList.add("refused"); b.title = "Not allowed now: " + why(c.error); }
    }
    const m = this.mainAction();
    const primary = box.querySelector("button.primary:not([data-action])");
    if (!m || !m.action || !primary || primary.disabled) return;
    const c = this.checked(m.action);
    primary.dataset.checked = c ? (c.legal ? "legal" : "refused") : "";
    if (!c) return;
    if (!c.legal) {
      primary.disabled = true;
      primary.title = why(c.error);
      primary.after(h("p", { class: "warn check-reason", testid: "check-reason" }, "Not allowed: " + why(c.error)));
    }
    if (c.preview && m.action.kind === "move") this.showMovePreview(box, c.preview);
    if (c.preview && m.action.kind === "activate" && m.action.order === "rally") this.showRallyPreview(primary, c.preview);
    if (c.preview && (m.action.kind === "call-mission" || m.action.kind === "adjust-mission")) this.showMissionPreview(primary, c.preview);
  }

  // showMissionPreview says, before the call button, how likely the
  // mission is to fire at once and what it would do to each unit in
  // sight that the burst may reach (deviation included).
  showMissionPreview(primary, pv) {
    const adjusting = this.g.pending.kind === "logistics";
    const box = h("div", { class: "mission-odds", testid: "mission-odds" },
      h("p", { testid: "mission-at-once" }, adjusting ? "It fires for effect when the logistics phase ends." : `${pct(pv.at_once)} that it fires at once; otherwise in your next logistics phase.`));
    if (!pv.smoke) {
      const list = h("ul", { class: "plan" });
      for (const u of pv.units || []) {
        list.appendChild(h("li", { testid: "mission-odds-" + u.unit, class: u.side === this.mySide ? "warn" : "" },
          `${u.unit}${u.side === this.mySide ? " (yours)" : ""}: ${pct(u.under)} under the burst, ${pct(u.disrupted)} disrupted` + (u.dispersed ? ` (${pct(u.dispersed)} dispersed)` : "") + `, ${pct(u.suppressed)} suppressed`));
      }
      box.appendChild(list.children.length ? list : h("p", { class: "muted" }, "No unit in sight is within reach of the burst."));
    }
    (primary.closest(".row") || primary).before(box);
  }

  // showRallyPreview lists, before the rally button, each unit's rally
  // dice against its disruption's and the chance of removing points.
  showRallyPreview(primary, pv) {
    const list = h("ul", { class: "plan", testid: "rally-odds" });
    for (const u of pv.units || []) {
      const some = 1 - (u.removed[0] || 0);
      list.appendChild(h("li", { testid: "rally-odds-" + u.unit }, u.dp === 0 ? `${u.unit}: no disruption to rally` :
        `${u.unit}: ${u.dice}D at ${u.tn}+ against ${u.dp}D at 4+: ${pct(some)} to remove a point` +
        (u.dp > 1 ? `, ${pct(u.removed[u.dp])} all ${u.dp}` : "") + ` (${u.expected.toFixed(2)} on average)`));
    }
    (primary.closest(".row") || primary).before(list);
  }

  // showMovePreview fills the move plan with the server's figures: what
  // each path costs over the ground and the chance the roll covers it.
  showMovePreview(box, pv) {
    for (const u of pv.units || []) {
      const li = box.querySelector(`[data-testid="plan-${u.unit}"]`);
      if (!li) continue;
      li.querySelectorAll(".warn").forEach((e) => e.remove());
      const over = u.cost > u.length + 0.05 ? ` costs ${fmt1(u.cost)}" over the ground` : "";
      const odds = u.chance >= 1 ? "sure to get there" : u.chance <= 0 ? `no roll gets it there: it stops ${fmt1(u.sure)}" to ${fmt1(u.furthest)}" along` : `${pct(u.chance)} that the roll gets it there, at least ${fmt1(u.sure)}" along`;
      li.appendChild(h("span", { class: u.chance >= 1 ? "ok" : "warn", testid: (u.chance >= 1 ? "plan-ok-" : "plan-warn-") + u.unit }, `${over}; ${odds}`));
      if (u.breakdown) li.appendChild(h("span", { class: "warn" }, `, ${pct(u.breakdown)} to break down`));
    }
  }

  cancel() {
    if (this.measure) { this.measure = null; this.measureOut.hidden = true; this.renderOverlay(); return; }
    const p = this.g.pending || {};
    if (this.myTurn() && p.kind === "opportunity-fire") return this.act({ kind: "opportunity-pass" });
    const keep = p.kind === "order" ? { order: this.ui.order, dice: this.ui.dice, members: [] } : p.kind === "activation" ? { tool: this.ui.tool } : {};
    this.ui = keep;
    this.render();
  }

  onKey(ev) {
    if (ev.target && /^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName) && ev.key !== "Escape") return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const p = this.g.pending || {}, mine = this.myTurn(), k = ev.key;
    let done = true;
    if (k === "Enter") this.confirm();
    else if (k === "Escape") this.cancel();
    else if (k === "m" || k === "M") this.toggleMeasure();
    else if (k === "+" || k === "=") this.board.zoom(1 / 1.3);
    else if (k === "-") this.board.zoom(1.3);
    else if (k === "0") this.board.resetZoom();
    else if (k === "?") this.showHelp();
    else if (!mine) done = false;
    else if (this.pagano && this.pgKey(k)) done = true;
    else if ((k === "p" || k === "P") && p.kind === "order") this.act({ kind: "pass" });
    else if ((k === "p" || k === "P") && p.kind === "opportunity-fire") this.act({ kind: "opportunity-pass" });
    else if ((k === "e" || k === "E") && p.kind === "activation") this.act({ kind: "end-activation" });
    else if ((k === "r" || k === "R") && p.kind === "deploy") this.rotate(ev.shiftKey ? -45 : 45);
    else if ((k === "r" || k === "R") && this.ui.mission) { this.ui.mission.orient = norm360(this.ui.mission.orient + (ev.shiftKey ? -30 : 30)); this.render(); }
    else if (/^[123]$/.test(k) && p.kind === "order") { this.ui.dice = +k; this.render(); }
    else if ((k === "f" || k === "F") && p.kind === "activation") { this.ui.tool = "fire"; this.render(); }
    else if ((k === "v" || k === "V") && p.kind === "activation") { this.ui.tool = "move"; this.render(); }
    else done = false;
    if (done) ev.preventDefault();
  }

  showHelp() {
    if (coarse()) {
      toast("Tap a unit to see its statistics and to pick it; tap the table to place, move or aim. Drag to pan, pinch to zoom, Fit for the whole table.", "info", 12000);
      return;
    }
    toast("Keys: Enter confirm · Esc cancel · P pass / hold fire · E end activation · 1/2/3 dice · V move · F fire · R rotate · M measure · +/−/0 zoom. Drag to pan, wheel to zoom.", "info", 12000);
  }

  // --- measure and line of sight ---------------------------------------------------

  toggleMeasure() {
    this.measure = this.measure ? null : {};
    this.measureOut.hidden = !this.measure;
    if (this.measure) this.measureOut.textContent = "Click two points (or units) to measure.";
    this.toolbar.querySelector("[data-testid=tool-measure]").classList.toggle("selected", !!this.measure);
    this.renderOverlay();
  }

  measureClick(pt) {
    const m = this.measure;
    if (!m.a || m.b) { this.measure = { a: pt }; this.measureOut.textContent = "Click the second point."; }
    else { m.b = pt; this.explainSight(); }
    this.renderOverlay();
  }

  explainSight() {
    const { a, b } = this.measure;
    const terrain = [...this.map.terrain, ...(this.view.smokes || []).map((s) => ({ kind: "smoke", polygon: boxCorners(s.x, s.y, s.orient || 0, s.length || 12, s.width || 1) }))];
    const boxes = this.units.filter((u) => this.onTable(u)).map((u) => ({ label: u.id, corners: this.corners(u) }));
    const s = sightLine(a, b, terrain, boxes);
    const parts = [h("b", { testid: "measure-distance" }, fmt1(s.distance) + '"'), " ",
      h("span", { class: s.blocked ? "blocked" : "clear", testid: "measure-los" }, s.blocked ? "view blocked" : "clear view")];
    const det = [];
    for (const w of s.woods) det.push(`${w.name}: ${fmt1(w.length)}" of woods`);
    for (const hl of s.hills) det.push(`${hl.name} (level ${hl.level})`);
    for (const hd of s.hedges) det.push(`${hd.name} crossed`);
    this.measureOut.replaceChildren(h("div", {}, ...parts), det.length ? h("div", { class: "muted" }, det.join(" · ")) : null,
      s.notes.length ? h("div", {}, s.notes.join("; ")) : null, h("div", { class: "muted small" }, "Read from the map between points; the server judges each shot from the hulls."));
  }

  drawMeasure() {
    const m = this.measure, b = this.board;
    if (!m || !m.a) return;
    const end = m.b || m.cursor;
    el("circle", { cx: m.a[0], cy: b.sy(m.a[1]), r: 0.3, class: "measure-pt" }, b.gOverlay);
    if (!end) return;
    el("line", { x1: m.a[0], y1: b.sy(m.a[1]), x2: end[0], y2: b.sy(end[1]), class: "measure-line" }, b.gOverlay);
    el("circle", { cx: end[0], cy: b.sy(end[1]), r: 0.3, class: "measure-pt" }, b.gOverlay);
    el("text", { x: (m.a[0] + end[0]) / 2, y: b.sy((m.a[1] + end[1]) / 2) - 0.5, class: "measure-label", text: fmt1(dist(m.a, end)) + '"' }, b.gOverlay);
  }

  // --- unit information on hover ----------------------------------------------------

  showUnitInfo(id, ev) {
    const t = this.tooltip;
    if (!id) { t.hidden = true; return; }
    const u = this.unit(id);
    if (!u) { t.hidden = true; return; }
    const ty = this.types[u.type] || {};
    const s = ty.stats || {};
    const state = this.pagano ? [u.stunned ? "stunned" : null, u.immobile ? "immobilized" : null, u.retreat ? "retreating" : null, u.shots ? `${u.shots} shot marker(s)` : null, u.done ? "moved this phase" : null, u.out ? "out of action" : null].filter(Boolean).join(" · ") : [u.dp ? `${u.dp} DP` : "no disruption", u.suppressed ? "suppressed" : null, u.fired ? "fired" : null, u.activated ? "activated" : null,
      u.hidden ? "hidden from the enemy" : null, u.reserve && !u.placed ? "in reserve" : null].filter(Boolean).join(" · ");
    t.replaceChildren(
      h("div", { class: "tt-title" }, h("span", { class: "swatch", style: `background:${this.sideColor(u.side)}` }), `${u.name}`, h("span", { class: "muted" }, ` ${u.id}`)),
      h("div", { class: "muted" }, `${this.sideName(u.side)} · ${u.company || u.platoon || ""}`),
      this.pagano ? h("table", {},
        row("MP", s.mp), row("Gun", s.gun ? `${s.gun}mm${s.gun_type ? " " + s.gun_type : ""}${s.double ? " (double shot)" : ""}` : null), row("Mount", s.mount),
        row("Armour", s.front !== undefined ? `front ${s.front} · side ${s.side} · rear ${s.rear}` : null), row("Weight", s.weight),
        row("Motion", u.motion), row("Facing", Math.round(norm360(u.heading)) + "°")) :
      h("table", {},
        row("Class", s.class), row("Move", s.move), row("Reaction", s.reaction ? `${s.reaction}D${s.reaction_flank ? "/" + s.reaction_flank + "D" : ""}` : null),
        row("Weapon", s.weapon), row("Range", s.range ? s.range.join(' / ') + '"' : null), row("AT", s.at ? s.at + "D" : null),
        row("Arc", s.fire_arc ? s.fire_arc + "°" : "360°"), row("Special", (ty.special || []).join(", ") || null),
        row("Facing", Math.round(u.heading) + "°")),
      h("div", { class: "tt-state" }, state));
    t.hidden = false;
    if (ev) this.placeTooltip(ev);
    // A tap shows it for a while: no pointer leaves a unit on a touch screen.
    clearTimeout(this.tooltipTimer);
    if (ev && ev.pointerType === "touch") this.tooltipTimer = setTimeout(() => { t.hidden = true; }, 5000);
  }

  // placeTooltip puts the unit card by the pointer. After a tap it goes
  // on the table, in the half away from the finger, so that it never
  // covers the decision panel (under the table on a phone or a tablet in
  // portrait) and the finger does not hide it.
  placeTooltip(ev) {
    const t = this.tooltip;
    const tw = t.offsetWidth || 280, th = t.offsetHeight || 220;
    const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    let x = Math.min(window.innerWidth - tw - 4, ev.clientX + 16), y = Math.min(window.innerHeight - th - 4, ev.clientY + 12);
    if (ev.pointerType === "touch") {
      const br = this.boardBox.getBoundingClientRect();
      x = clamp(ev.clientX - tw / 2, br.left + 4, Math.max(br.left + 4, br.right - tw - 4));
      y = ev.clientY > (br.top + br.bottom) / 2 ? br.top + 4 : Math.max(br.top + 4, br.bottom - th - 4);
    }
    t.style.left = clamp(x, 0, window.innerWidth - tw) + "px";
    t.style.top = clamp(y, 0, window.innerHeight - th) + "px";
  }

  testHooks() {
    return {
      game: this,
      toScreen: (x, y) => this.board.toScreen(x, y),
      view: () => this.view,
      pending: () => this.g.pending,
      group: () => this.group(),
      mySide: () => this.mySide,
      lastError: () => this.lastError || "",
    };
  }
}

Object.assign(Game.prototype, paganoMethods);

// --- small pieces ---------------------------------------------------------------

// coarse reports whether the page is used with fingers.
const coarse = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

// forFingers rewords a hint for a touch screen: taps, not clicks, and no
// keyboard shortcuts.
function forFingers(text) {
  if (!coarse()) return text;
  return text.replace(/,? (Enter|Esc) (to \w+|fires|cancels)/g, "").replace(/^Enter fires; Esc cancels$/, "Fire, or pick another target")
    .replace(/\s*\((?:Enter|Esc|[A-Z])\)/g, "").replace(/\bClick\b/g, "Tap").replace(/\bclick\b/g, "tap");
}

// markKeys wraps a button's trailing keyboard shortcut, "Move (Enter)", in
// a span.key, which touch screens hide: they have no such keys.
function markKeys(root) {
  for (const b of root.querySelectorAll("button")) {
    for (const n of [...b.childNodes]) {
      const m = n.nodeType === 3 && /^(.*\S)\s*(\((?:Enter|Esc|[A-Z])\))$/.exec(n.textContent);
      if (m) n.replaceWith(m[1], h("span", { class: "key" }, " " + m[2]));
    }
  }
  if (!coarse()) return;
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement.closest("button")) n.textContent = forFingers(n.textContent);
  }
}

function samePending(a, b) { return a && b && a.kind === b.kind && a.side === b.side && a.prompt === b.prompt; }
const round2 = (x) => Math.round(x * 100) / 100;
const round4 = (x) => Math.round(x * 10000) / 10000;
const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));
// rangeBand names the range band of distance d for stats (the client's
// reading from the hulls; the odds come from the server).
function rangeBand(st, d) {
  const r = (st && st.range) || [];
  if (r.length !== 3) return "out";
  return d <= r[0] + 1e-9 ? "short" : d <= r[1] + 1e-9 ? "effective" : d <= r[2] + 1e-9 ? "long" : "out";
}
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function die(face, wild = false) {
  if (!(face >= 1 && face <= 6)) return h("span", { class: "die" }, String(face));
  const pips = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] }[face];
  return h("span", { class: "die" + (wild ? " wild" : ""), title: wild ? "wild die" : `a ${face}` }, Array.from({ length: 9 }, (_, i) => h("i", { class: pips.includes(i) ? "on" : "" })));
}

function stepper(label, id, v, lo, hi, set) {
  return h("div", { class: "row stepper" }, label + ": ",
    h("button", { testid: id + "-minus", disabled: v <= lo, onclick: () => set(v - 1) }, "−"), h("b", {}, v),
    h("button", { testid: id + "-plus", disabled: v >= hi, onclick: () => set(v + 1) }, "+"), h("span", { class: "muted" }, ` of ${hi}`));
}

function row(k, v) { return v === null || v === undefined || v === "" ? null : h("tr", {}, h("th", {}, k), h("td", {}, String(v))); }

// oddsBox shows the odds of an Armour Battles shot (GET .../odds).
export function oddsBox(o) {
  if (!o) return h("div", { class: "odds", testid: "odds" }, "Working out the odds…");
  if (o.error) return h("div", { class: "odds bad", testid: "odds" }, o.error);
  if (!o.in_range) return h("div", { class: "odds bad", testid: "odds" }, "Out of range: the shot cannot hit.");
  const pd = o.p_disruption || [];
  const dist = pd.map((p, d) => h("span", { class: "pd", title: `${d} DP` }, h("i", { style: `height:${Math.round(p * 40)}px` }), h("small", {}, d))).slice(0, 7);
  return h("div", { class: "odds", testid: "odds" },
    h("div", {}, h("b", {}, `${o.attack_dice}D at ${o.attack_tn}+`), ` vs reaction ${o.reaction_dice}D at ${o.reaction_tn}+`, o.band ? ` · ${o.band} range` : ""),
    h("div", { class: "odds-grid" },
      h("span", { title: "no disruption point (the target may still be suppressed)" }, "No disruption ", h("b", {}, pct(pd[0] ?? 0))),
      h("span", {}, "Suppressed ", h("b", {}, pct(o.p_suppressed))),
      h("span", {}, "Forced back ", h("b", {}, pct(o.p_forced_back))),
      h("span", {}, "Dispersed ", h("b", { testid: "odds-dispersed" }, pct(o.p_dispersed))),
      h("span", {}, "Mean DP ", h("b", {}, (o.expected_disruption || 0).toFixed(2)))),
    h("div", { class: "pd-row", title: "chance of each number of disruption points" }, h("small", { class: "pd-label" }, "DP:"), dist));
}

function spanBar(sp, total, at, now) {
  const pc = (d) => `${Math.max(0, Math.min(100, (d / total) * 100))}%`;
  return h("div", { class: "span-bar" },
    now > 0 ? h("i", { class: "past", style: `left:0;width:${pc(now)}` }) : null,
    ...[["seen", sp.from], ["eff", sp.effective], ["short", sp.short]].flatMap(([cls, d0]) => d0 < 0 ? [] :
      (sp.seen && sp.seen.length ? sp.seen : [[sp.from, sp.to]]).filter(([, z]) => z >= d0).map(([a, z]) =>
        h("i", { class: cls, style: `left:${pc(Math.max(a, d0))};width:calc(${pc(z)} - ${pc(Math.max(a, d0))})` }))),
    at !== undefined ? h("b", { class: "at-pin", style: `left:${pc(at)}` }) : null);
}

function starPath(x, y, r) {
  let d = "";
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8, rr = i % 2 ? r * 0.45 : r;
    d += (i ? "L" : "M") + (x + rr * Math.cos(a)).toFixed(2) + "," + (y + rr * Math.sin(a)).toFixed(2);
  }
  return d + "z";
}

function promptTitle(p) {
  return {
    deploy: "Deploy your forces", ready: "Ready", "choose-chain": "Choose a dice chain", order: "Give an order",
    activation: "Command group activated", "opportunity-fire": "Opportunity fire!", "reaction-boost": "Reaction boost",
    "break-off": "Break off?", logistics: "Logistics phase",
    move: "Movement phase", fire: "Fire phase", ambush: "Ambush fire?",
  }[p.kind] || p.kind;
}

// shortName abbreviates a unit type's name for its label on the table.
export function shortName(n) {
  return n.replace(/Sturmgeschütz/i, "StuG").replace(/^Panzer /i, "Pz ").replace(/ Ausf\.? \w+$/i, "")
    .replace(/ Light Tank| Tank Destroyer| Armoured Car| Light| Medium| Heavy/gi, "").replace(/^Sd\.?Kfz\.? ?[\d\/]+ (\w+)$/i, "$1").replace(/^Sd\.?Kfz\.? ?/i, "SdKfz ");
}

function logText(e) {
  const span = h("span", { class: "txt" }, e.text);
  if (e.kind === "command-dice" && Array.isArray(e.data)) {
    // data counts the dice by face (index 1..6).
    const faces = [];
    e.data.forEach((n, f) => { for (let i = 0; i < n && f >= 1 && f <= 6; i++) faces.push(f); });
    return h("span", {}, span, " ", faces.map((f) => die(f, f === 6)));
  }
  if (e.kind === "move-roll" && Array.isArray(e.data)) return h("span", {}, span, " ", e.data.filter((f) => f >= 1 && f <= 6).map((f) => die(f)));
  return span;
}
