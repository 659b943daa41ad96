// Plane geometry in table inches: (0,0) is the south-west corner, y runs
// north, headings are degrees counter-clockwise from +x.

export const rad = (deg) => (deg * Math.PI) / 180;
export const deg = (r) => (r * 180) / Math.PI;
export const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const headingTo = (a, b) => norm360(deg(Math.atan2(b[1] - a[1], b[0] - a[0])));
export const norm360 = (d) => ((d % 360) + 360) % 360;

// boxCorners returns the corners of a footprint of length along heading.
export function boxCorners(x, y, heading, length, width) {
  const c = Math.cos(rad(heading)), s = Math.sin(rad(heading));
  const hl = length / 2, hw = width / 2;
  return [[hl, hw], [-hl, hw], [-hl, -hw], [hl, -hw]].map(([u, v]) => [x + u * c - v * s, y + u * s + v * c]);
}

// pointInPolygon reports whether p is inside poly (points on the boundary
// may go either way).
export function pointInPolygon(p, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// segParam returns t in [0,1] along a→b where it meets c→d, or null.
export function segParam(a, b, c, d) {
  const r = [b[0] - a[0], b[1] - a[1]], s = [d[0] - c[0], d[1] - c[1]];
  const den = r[0] * s[1] - r[1] * s[0];
  if (Math.abs(den) < 1e-12) return null;
  const q = [c[0] - a[0], c[1] - a[1]];
  const t = (q[0] * s[1] - q[1] * s[0]) / den;
  const u = (q[0] * r[1] - q[1] * r[0]) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

// insideLength returns the length of segment a→b inside poly.
export function insideLength(a, b, poly) {
  const ts = [0, 1];
  for (let i = 0; i < poly.length; i++) {
    const t = segParam(a, b, poly[i], poly[(i + 1) % poly.length]);
    if (t !== null) ts.push(t);
  }
  ts.sort((x, y) => x - y);
  const L = dist(a, b);
  let len = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const m = (ts[i] + ts[i + 1]) / 2;
    const p = [a[0] + (b[0] - a[0]) * m, a[1] + (b[1] - a[1]) * m];
    if (pointInPolygon(p, poly)) len += (ts[i + 1] - ts[i]) * L;
  }
  return len;
}

// lineCrossings returns the parameters where a→b crosses a polyline.
export function lineCrossings(a, b, line) {
  const out = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const t = segParam(a, b, line[i], line[i + 1]);
    if (t !== null) out.push(t);
  }
  return out;
}

function pointSegDist(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return dist(p, [a[0] + t * dx, a[1] + t * dy]);
}

// polyDistance returns the distance between two convex polygons (0 when
// they overlap): closest hull point to closest hull point.
export function polyDistance(P, Q) {
  if (P.some((p) => pointInPolygon(p, Q)) || Q.some((q) => pointInPolygon(q, P))) return 0;
  let d = Infinity;
  for (let i = 0; i < P.length; i++) {
    const a = P[i], b = P[(i + 1) % P.length];
    for (let j = 0; j < Q.length; j++) {
      const c = Q[j], e = Q[(j + 1) % Q.length];
      if (segParam(a, b, c, e) !== null) return 0;
      d = Math.min(d, pointSegDist(a, c, e), pointSegDist(b, c, e), pointSegDist(c, a, b), pointSegDist(e, a, b));
    }
  }
  return d;
}

// pointPolyDistance returns the distance from p to the polygon (0 inside).
export function pointPolyDistance(p, poly) {
  if (pointInPolygon(p, poly)) return 0;
  let d = Infinity;
  for (let i = 0; i < poly.length; i++) d = Math.min(d, pointSegDist(p, poly[i], poly[(i + 1) % poly.length]));
  return d;
}

// pathAt returns the point d inches along a polyline and the heading there.
export function pathAt(path, d) {
  let left = d;
  for (let i = 0; i + 1 < path.length; i++) {
    const l = dist(path[i], path[i + 1]);
    if (left <= l || i + 2 === path.length) {
      const t = l ? Math.min(1, left / l) : 0;
      return { p: [path[i][0] + (path[i + 1][0] - path[i][0]) * t, path[i][1] + (path[i + 1][1] - path[i][1]) * t], h: headingTo(path[i], path[i + 1]) };
    }
    left -= l;
  }
  return { p: path[path.length - 1] || [0, 0], h: 0 };
}

// levelAt returns the hill level under p (0 on the flat).
export function levelAt(p, terrain) {
  let lv = 0;
  for (const t of terrain) if (t.kind === "hill" && t.polygon && pointInPolygon(p, t.polygon)) lv = Math.max(lv, t.level || 1);
  return lv;
}

// insideIntervals returns the [t0, t1] parts of a→b inside poly.
export function insideIntervals(a, b, poly) {
  const ts = [0, 1];
  for (let i = 0; i < poly.length; i++) {
    const t = segParam(a, b, poly[i], poly[(i + 1) % poly.length]);
    if (t !== null) ts.push(t);
  }
  ts.sort((x, y) => x - y);
  const out = [];
  for (let i = 0; i + 1 < ts.length; i++) {
    if (ts[i + 1] - ts[i] < 1e-9) continue;
    const m = (ts[i] + ts[i + 1]) / 2;
    if (pointInPolygon([a[0] + (b[0] - a[0]) * m, a[1] + (b[1] - a[1]) * m], poly)) {
      if (out.length && Math.abs(out[out.length - 1][1] - ts[i]) < 1e-9) out[out.length - 1][1] = ts[i + 1];
      else out.push([ts[i], ts[i + 1]]);
    }
  }
  return out;
}

// sightLine explains what lies between points a and b for the measure
// tool, after the ruleset's line-of-sight test (woods block beyond 1" of
// either end, hills block unless someone stands on them or higher, hedges
// block unless within 1" of either end or seen over from a hill, smoke
// always). It measures from points, not hulls: the server's verdict on a
// shot is the one that counts. units are {label, corners} boxes.
export function sightLine(a, b, terrain, units = []) {
  const L = dist(a, b);
  const out = { distance: L, woods: [], hills: [], hedges: [], units: [], blocked: false, notes: [] };
  const la = levelAt(a, terrain), lb = levelAt(b, terrain), high = Math.max(la, lb);
  const near = (d0, d1) => d1 <= 1 + 1e-9 || L - d0 <= 1 + 1e-9;
  for (const t of terrain) {
    if ((t.kind === "woods" || t.kind === "smoke") && t.polygon) {
      for (const [t0, t1] of insideIntervals(a, b, t.polygon)) {
        const d0 = t0 * L, d1 = t1 * L;
        if (t.kind === "smoke") { out.blocked = true; out.notes.push("a smoke screen blocks the view"); continue; }
        out.woods.push({ name: t.name, length: d1 - d0 });
        if (!near(d0, d1)) { out.blocked = true; out.notes.push(`${t.name}: more than 1" into the wood`); }
      }
    } else if (t.kind === "hill" && t.polygon) {
      const len = insideIntervals(a, b, t.polygon).reduce((s, [x, y]) => s + (y - x) * L, 0);
      if (len <= 0.01) continue;
      const lv = t.level || 1;
      out.hills.push({ name: t.name, level: lv, length: len });
      if (high <= lv && !pointInPolygon(a, t.polygon) && !pointInPolygon(b, t.polygon)) {
        out.blocked = true; out.notes.push(`${t.name} (level ${lv}) rises between`);
      }
    } else if ((t.kind === "hedge" || t.kind === "wall") && t.line) {
      const ds = lineCrossings(a, b, t.line).map((x) => x * L);
      if (!ds.length) continue;
      out.hedges.push({ name: t.name, count: ds.length });
      if (high >= 1) continue;
      if (ds.some((d) => d > 1 + 1e-9 && L - d > 1 + 1e-9)) { out.blocked = true; out.notes.push(`${t.name} blocks the view`); }
      else out.notes.push(`${t.name} right in front: light cover`);
    }
  }
  if (high >= 1 && out.hedges.length) out.notes.push("seen over the hedges from the hill");
  for (const u of units) {
    const c = u.corners;
    let hit = false;
    for (let i = 0; i < 4 && !hit; i++) hit = segParam(a, b, c[i], c[(i + 1) % 4]) !== null;
    if (hit && !pointInPolygon(a, c) && !pointInPolygon(b, c)) out.units.push(u.label);
  }
  if (out.units.length) out.notes.push("units in the way (friends block their own side's view): " + out.units.join(", "));
  return out;
}

// pathLength returns the length of a polyline.
export function pathLength(path) {
  let l = 0;
  for (let i = 0; i + 1 < path.length; i++) l += dist(path[i], path[i + 1]);
  return l;
}

// pathSlice returns the part of a polyline from d0 to d1 inches along it.
export function pathSlice(path, d0, d1) {
  const out = [pathAt(path, d0).p];
  let run = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    run += dist(path[i], path[i + 1]);
    if (run > d0 + 1e-9 && run < d1 - 1e-9) out.push(path[i + 1]);
  }
  out.push(pathAt(path, d1).p);
  return out;
}

// projectOnPath returns how far along a polyline the point nearest p lies,
// and how far p is from it.
export function projectOnPath(path, p) {
  let best = { along: 0, off: Infinity }, run = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i], b = path[i + 1], l = dist(a, b);
    const t = l ? Math.max(0, Math.min(1, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / (l * l))) : 0;
    const off = dist(p, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    if (off < best.off) best = { along: run + t * l, off };
    run += l;
  }
  return best;
}
