// The battlefield: an SVG drawing of the table to scale, with zoom (wheel),
// pan (drag) and clicks reported in table inches.

import { boxCorners } from "./geom.js";

const NS = "http://www.w3.org/2000/svg";
export const TRAY = 11; // width of the reserves tray beside the table, inches

// el makes an SVG element with attributes.
export function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  if (parent) parent.appendChild(e);
  return e;
}

const HILL_FILL = ["#b9c48f", "#c9b98a", "#b29d6c", "#98804f", "#7e6840"];

export class Board {
  // opts: onClick(pt, ev), onUnit(unitId, ev), onHover(unitId|null, ev), onPointer(pt)
  constructor(container, map, opts = {}) {
    this.map = map;
    this.opts = opts;
    this.W = map.table.width;
    this.H = map.table.height;
    this.svg = el("svg", { class: "board", "data-testid": "board", xmlns: NS, role: "img", "aria-label": "battlefield " + map.title });
    container.appendChild(this.svg);
    this.full = { x: -1.5, y: -2.5, w: this.W + TRAY + 3, h: this.H + 4 };
    this.vb = { ...this.full };
    this.applyViewBox();
    this.defs();
    this.gTable = el("g", { class: "table-layer" }, this.svg);
    this.gZones = el("g", { class: "zones" }, this.svg);
    this.gMarkers = el("g", { class: "markers" }, this.svg);
    this.gUnderlay = el("g", { class: "underlay", "clip-path": "url(#table-clip)" }, this.svg);
    this.gUnits = el("g", { class: "units" }, this.svg);
    this.gOverlay = el("g", { class: "overlay" }, this.svg);
    this.gLabels = el("g", { class: "labels" }, this.svg);
    this.drawTable();
    this.bindPointer();
  }

  sy(y) { return this.H - y; }

  applyViewBox() {
    const v = this.vb;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  resetZoom() { this.vb = { ...this.full }; this.applyViewBox(); }

  // focus zooms to show the table points pts (inches) with a margin,
  // never closer than minW inches across nor wider than the whole table.
  focus(pts, margin = 4, minW = 30) {
    if (!pts.length) return;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const [x, y] of pts) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, this.sy(y)); y1 = Math.max(y1, this.sy(y)); }
    const rect = this.svg.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : this.full.w / this.full.h;
    let w = Math.max(minW, x1 - x0 + 2 * margin), hgt = y1 - y0 + 2 * margin;
    if (w / hgt < aspect) w = hgt * aspect; else hgt = w / aspect;
    if (w >= this.full.w) { this.resetZoom(); return; }
    // Keep the view on the table (and its tray) where it can.
    const f = this.full;
    const x = Math.min(Math.max((x0 + x1) / 2 - w / 2, f.x), f.x + f.w - w);
    const y = hgt >= f.h ? (y0 + y1) / 2 - hgt / 2 : Math.min(Math.max((y0 + y1) / 2 - hgt / 2, f.y), f.y + f.h - hgt);
    this.vb = { x, y, w, h: hgt };
    this.applyViewBox();
  }

  zoom(f, cx, cy) {
    const v = this.vb;
    const nw = Math.min(this.full.w * 1.5, Math.max(6, v.w * f));
    const k = nw / v.w;
    if (cx === undefined) { cx = v.x + v.w / 2; cy = v.y + v.h / 2; }
    this.vb = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w: v.w * k, h: v.h * k };
    this.applyViewBox();
  }

  // svgPoint converts client coordinates to SVG user units.
  svgPoint(clientX, clientY) {
    const p = this.svg.createSVGPoint();
    p.x = clientX; p.y = clientY;
    const q = p.matrixTransform(this.svg.getScreenCTM().inverse());
    return [q.x, q.y];
  }

  // toTable converts client coordinates to table inches.
  toTable(clientX, clientY) {
    const [x, y] = this.svgPoint(clientX, clientY);
    return [x, this.H - y];
  }

  // toScreen converts table inches to client coordinates (tests use it to
  // click a point of the table).
  toScreen(x, y) {
    const p = this.svg.createSVGPoint();
    p.x = x; p.y = this.H - y;
    const q = p.matrixTransform(this.svg.getScreenCTM());
    return [q.x, q.y];
  }

  // bindPointer handles mouse, pen and touch alike with pointer events: a
  // press and release without moving is a click (on a unit or the
  // table); a drag pans; the wheel or a two-finger pinch zooms.
  bindPointer() {
    let down = null;
    const touches = new Map(); // touch pointers on the table: id → [clientX, clientY]
    let pinch = null;
    const svg = this.svg;
    svg.style.touchAction = "none"; // the page must not scroll or zoom under a drag or pinch
    svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [x, y] = this.svgPoint(ev.clientX, ev.clientY);
      this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
    }, { passive: false });
    const startPinch = () => {
      const [a, b] = [...touches.values()];
      pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, vb: { ...this.vb }, mid: this.svgPoint((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) };
    };
    svg.addEventListener("pointerdown", (ev) => {
      if (ev.pointerType === "touch") {
        touches.set(ev.pointerId, [ev.clientX, ev.clientY]);
        if (touches.size === 2) { down = null; startPinch(); return; }
        if (touches.size > 2) return;
      }
      if (ev.button !== 0) return;
      down = { x: ev.clientX, y: ev.clientY, vb: { ...this.vb }, panning: false, id: ev.pointerId, type: ev.pointerType };
    });
    svg.addEventListener("pointermove", (ev) => {
      if (touches.has(ev.pointerId)) touches.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (pinch && touches.size >= 2) {
        const [a, b] = [...touches.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
        const k = Math.min(this.full.w * 1.5, Math.max(6, pinch.vb.w * pinch.d / d)) / pinch.vb.w;
        const [mx, my] = pinch.mid;
        this.vb = { x: mx - (mx - pinch.vb.x) * k, y: my - (my - pinch.vb.y) * k, w: pinch.vb.w * k, h: pinch.vb.h * k };
        this.applyViewBox();
        return;
      }
      // A finger moves further than a mouse before a press is a drag.
      const slop = down && down.type === "touch" ? 10 : 6;
      if (down && down.id === ev.pointerId && (down.panning || Math.hypot(ev.clientX - down.x, ev.clientY - down.y) > slop)) {
        if (!down.panning) { down.panning = true; try { svg.setPointerCapture(down.id); } catch { /* synthetic */ } }
        const rect = svg.getBoundingClientRect();
        const scale = Math.max(down.vb.w / rect.width, down.vb.h / rect.height);
        this.vb = { ...down.vb, x: down.vb.x - (ev.clientX - down.x) * scale, y: down.vb.y - (ev.clientY - down.y) * scale };
        this.applyViewBox();
        return;
      }
      if (ev.pointerType === "touch") return; // no hover under a finger
      this.opts.onPointer && this.opts.onPointer(this.toTable(ev.clientX, ev.clientY), ev);
      const u = ev.target.closest && ev.target.closest("[data-unit]");
      const id = u ? u.getAttribute("data-unit") : null;
      if (id !== this.hovered) { this.hovered = id; this.opts.onHover && this.opts.onHover(id, ev); }
      else if (id && this.opts.onHoverMove) this.opts.onHoverMove(ev);
    });
    svg.addEventListener("pointerleave", (ev) => {
      if (ev.pointerType !== "touch" && this.hovered) { this.hovered = null; this.opts.onHover && this.opts.onHover(null); }
    });
    const lift = (ev) => {
      touches.delete(ev.pointerId);
      if (pinch) { if (touches.size < 2) pinch = null; down = null; return true; }
      return false;
    };
    svg.addEventListener("pointercancel", (ev) => { lift(ev); if (down && down.id === ev.pointerId) down = null; });
    svg.addEventListener("pointerup", (ev) => {
      if (lift(ev)) return;
      const d = down;
      if (!d || d.id !== ev.pointerId) return;
      down = null;
      if (d.panning) return;
      // Under a finger the pointer's target is where the touch began;
      // the point where it lifted is the one that counts.
      const hit = ev.pointerType === "touch" ? document.elementFromPoint(ev.clientX, ev.clientY) : ev.target;
      const u = hit && hit.closest && hit.closest("[data-unit]");
      if (ev.pointerType === "touch") {
        // A tap shows a unit's statistics, as hovering does with a mouse.
        const id = u ? u.getAttribute("data-unit") : null;
        this.hovered = id;
        this.opts.onHover && this.opts.onHover(id, ev);
        this.opts.onPointer && this.opts.onPointer(this.toTable(ev.clientX, ev.clientY), ev);
      }
      if (u && this.opts.onUnit) { this.opts.onUnit(u.getAttribute("data-unit"), ev); return; }
      this.opts.onClick && this.opts.onClick(this.toTable(ev.clientX, ev.clientY), ev);
    });
  }

  defs() {
    const d = el("defs", {}, this.svg);
    const clip = el("clipPath", { id: "table-clip" }, d);
    el("rect", { x: 0, y: 0, width: this.W, height: this.H }, clip);
    const woods = el("pattern", { id: "pat-woods", width: 2.2, height: 2.2, patternUnits: "userSpaceOnUse" }, d);
    el("rect", { width: 2.2, height: 2.2, fill: "#557f43" }, woods);
    el("circle", { cx: 0.6, cy: 0.6, r: 0.55, fill: "#3f6a33" }, woods);
    el("circle", { cx: 1.7, cy: 1.5, r: 0.6, fill: "#46733a" }, woods);
    el("circle", { cx: 1.6, cy: 0.4, r: 0.3, fill: "#36602c" }, woods);
    const field = el("pattern", { id: "pat-field", width: 1, height: 1, patternUnits: "userSpaceOnUse", patternTransform: "rotate(30)" }, d);
    el("rect", { width: 1, height: 1, fill: "#d8cc86" }, field);
    el("line", { x1: 0, y1: 0.5, x2: 1, y2: 0.5, stroke: "#c4b66c", "stroke-width": 0.22 }, field);
    const smoke = el("pattern", { id: "pat-smoke", width: 1, height: 1, patternUnits: "userSpaceOnUse" }, d);
    el("rect", { width: 1, height: 1, fill: "#e6e6e6", opacity: 0.85 }, smoke);
    el("circle", { cx: 0.5, cy: 0.5, r: 0.35, fill: "#cfcfcf" }, smoke);
    const felt = el("pattern", { id: "pat-felt", width: 4, height: 4, patternUnits: "userSpaceOnUse" }, d);
    el("rect", { width: 4, height: 4, fill: "#a7b784" }, felt);
    el("circle", { cx: 1, cy: 1, r: 0.08, fill: "#9aab76" }, felt);
    el("circle", { cx: 3, cy: 2.6, r: 0.08, fill: "#9aab76" }, felt);
    const arrow = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, d);
    el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#1d3557" }, arrow);
  }

  pts(poly) { return poly.map(([x, y]) => `${x},${this.sy(y)}`).join(" "); }

  drawTable() {
    const g = this.gTable, W = this.W, H = this.H;
    el("rect", { x: -1.2, y: -1.2, width: W + 2.4, height: H + 2.4, rx: 0.6, fill: "#5b4632" }, g);
    el("rect", { x: 0, y: 0, width: W, height: H, fill: "url(#pat-felt)", "data-testid": "table" }, g);
    // Grid every 6": a ruler for the eye, not for the rules.
    const grid = el("g", { class: "grid" }, g);
    for (let x = 6; x < W; x += 6) el("line", { x1: x, y1: 0, x2: x, y2: H }, grid);
    for (let y = 6; y < H; y += 6) el("line", { x1: 0, y1: this.sy(y), x2: W, y2: this.sy(y) }, grid);
    const order = { field: 0, hill: 1, woods: 2, building: 3, road: 4, hedge: 5, wall: 5 };
    const terrain = [...this.map.terrain].sort((a, b) => (order[a.kind] ?? 3) - (order[b.kind] ?? 3) || (a.level || 0) - (b.level || 0));
    for (const t of terrain) {
      const title = `${t.name || t.kind}${t.kind === "hill" ? " (level " + (t.level || 1) + ")" : ""}`;
      let e;
      if (t.polygon) {
        if (t.kind === "woods") e = el("polygon", { points: this.pts(t.polygon), class: "woods", fill: "url(#pat-woods)" }, g);
        else if (t.kind === "hill") e = el("polygon", { points: this.pts(t.polygon), class: "hill", fill: HILL_FILL[Math.min(t.level || 1, 4)] }, g);
        else if (t.kind === "field") e = el("polygon", { points: this.pts(t.polygon), class: "field", fill: "url(#pat-field)" }, g);
        else e = el("polygon", { points: this.pts(t.polygon), class: "terrain-" + t.kind }, g);
      } else if (t.line) {
        const pl = this.pts(t.line);
        if (t.kind === "hedge") {
          el("polyline", { points: pl, class: "hedge-base" }, g);
          e = el("polyline", { points: pl, class: "hedge" }, g);
        } else e = el("polyline", { points: pl, class: "terrain-" + t.kind }, g);
      }
      if (e) { e.setAttribute("data-terrain", t.kind); el("title", { text: title }, e); }
    }
    for (const t of this.map.terrain) {
      if (!t.polygon || !t.name || t.kind === "field") continue;
      if (t.kind === "hill" && /crest/i.test(t.name)) continue;
      const [cx, cy] = centroid(t.polygon);
      el("text", { x: cx, y: this.sy(cy), class: "terrain-label", text: t.name }, this.gLabels);
    }
    // Table edges: compass and scale.
    el("text", { x: W / 2, y: -1.6, class: "edge-label", text: "North" }, g);
    el("text", { x: W / 2, y: H + 2.2, class: "edge-label", text: "South" }, g);
    const sb = el("g", { class: "scalebar" }, g);
    el("rect", { x: 0.5, y: H + 0.5 + 0.2, width: 6, height: 0.35, fill: "#222" }, sb);
    el("rect", { x: 6.5, y: H + 0.5 + 0.2, width: 6, height: 0.35, fill: "#eee", stroke: "#222", "stroke-width": 0.05 }, sb);
    el("text", { x: 13, y: H + 1.05, class: "scale-label", text: '12"  (grid 6")' }, sb);
    // The reserves tray.
    el("rect", { x: W + 1.5, y: 0, width: TRAY - 1.5, height: H, rx: 0.5, class: "tray" }, g);
    el("text", { x: W + 1.5 + (TRAY - 1.5) / 2, y: 1.4, class: "tray-label", text: "Off table" }, g);
  }

  drawZones(sides, colors) {
    this.gZones.replaceChildren();
    for (const sd of this.map.sides) {
      for (const z of sd.zones) {
        const e = el("polygon", { points: this.pts(z.polygon), class: "zone", stroke: colors[sd.id], fill: colors[sd.id], "data-testid": "zone-" + sd.id }, this.gZones);
        el("title", { text: z.name }, e);
        const [cx, cy] = centroid(z.polygon);
        el("text", { x: cx, y: this.sy(cy) + 0.3, class: "zone-label", fill: colors[sd.id], text: z.name }, this.gZones);
      }
    }
  }

  // unitShape draws one unit (x, y, heading in table terms) into parent.
  unitShape(parent, u, cls, color) {
    const g = el("g", { class: "unit " + cls, "data-unit": u.id, transform: `translate(${u.x},${this.sy(u.y)}) rotate(${-u.heading})` }, parent);
    const L = u.length || 2.5, Wd = u.width || 1.5;
    el("rect", { x: -L / 2, y: -Wd / 2, width: L, height: Wd, rx: 0.18, fill: color, class: "hull", "data-testid": "unit-" + u.id }, g);
    el("path", { d: `M${L / 2 - 0.55},${-Wd / 2 + 0.2} L${L / 2 - 0.05},0 L${L / 2 - 0.55},${Wd / 2 - 0.2} z`, class: "nose" }, g);
    el("line", { x1: 0, y1: 0, x2: L / 2 + 0.5, y2: 0, class: "gun" }, g);
    return g;
  }

  clearOverlay() { this.gOverlay.replaceChildren(); this.gUnderlay.replaceChildren(); }
}

export function centroid(poly) {
  let x = 0, y = 0;
  for (const p of poly) { x += p[0]; y += p[1]; }
  return [x / poly.length, y / poly.length];
}

export { boxCorners };
