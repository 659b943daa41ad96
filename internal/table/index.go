package table

import (
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/geom"
)

// The spatial index is a uniform grid laid over the table and a margin
// around it. Each cell lists the features whose bounds overlap it; a
// segment query walks only the cells the segment passes through
// (Amanatides–Woo), a point query looks in one cell. Features reaching
// beyond the gridded area (temporary features hanging off the table) are
// kept in a short list checked by every query.
//
// A feature listed in several cells the walk visits is looked at once:
// the walk is monotone in X and Y, so the cells it visits inside a
// feature's (rectangular) range of cells are consecutive, and a feature is
// skipped when the previous cell of the walk is in its range. That needs no
// scratch memory, so queries stay allocation-free and safe for concurrent
// use.
//
// The grid is shared between clones and copied on write: Clone marks both
// tables' grids shared, and the first Add or Remove on either copies the
// cell array (with every list's capacity clipped to its length, so that an
// append never writes into a list the other table can see; removals build
// a new list).

const (
	// gridMargin is how far, in inches, the grid reaches beyond each table
	// edge, so that temporary features overlapping an edge are usually
	// still gridded.
	gridMargin = 1.0
	// gridPad widens a feature's bounds when working out which cells it
	// is listed in. It is far larger than the rounding in the cell walk,
	// so a walk that strays by rounding into the neighbouring cell at a
	// cell corner still meets every feature the segment touches.
	gridPad = 1e-6
	// gridTargetCells is roughly how many cells the grid has.
	gridTargetCells = 160
	// maxCells bounds the cells along each axis (cell ranges are int16).
	maxCells = 4096
)

// cell is one grid cell.
type cell struct {
	all   []entry // every feature whose padded bounds overlap the cell
	hills []*item // the hills among them, highest Level first, then by ID
}

// entry is a feature as listed in a cell, with what a segment query needs
// to pass over it without touching the item: its padded bounds, as centre
// and half extents, and its range of cells.
type entry struct {
	cx, cy, ex, ey float64
	x0, y0, x1, y1 int16
	it             *item
}

// grid is the spatial index of a Table.
type grid struct {
	ox, oy  float64   // the lower-left corner of cell (0, 0)
	size    float64   // cell side in inches
	inv     float64   // 1/size
	nx, ny  int       // cells along X and Y
	dom     geom.Rect // the gridded area
	cells   []cell    // row-major: cell (ix, iy) is cells[iy*nx+ix]
	outside []*item   // features whose padded bounds leave dom
	hills   []*item   // every hill, highest Level first, then by ID
	shared  bool      // another Table may read cells and outside: copy before writing
}

func newGrid(width, height float64) *grid {
	w, h := width+2*gridMargin, height+2*gridMargin
	size := math.Sqrt(w * h / gridTargetCells)
	if !(size > 0) || math.IsInf(size, 0) {
		size = 1
	}
	nx := max(1, min(maxCells, int(math.Ceil(w/size))))
	ny := max(1, min(maxCells, int(math.Ceil(h/size))))
	g := &grid{
		ox: -gridMargin, oy: -gridMargin,
		size: size, inv: 1 / size,
		nx: nx, ny: ny,
	}
	g.dom = geom.Rect{
		Min: geom.Point{X: g.ox, Y: g.oy},
		Max: geom.Point{X: g.ox + float64(nx)*size, Y: g.oy + float64(ny)*size},
	}
	// The cells may overshoot the table a little: make dom no larger
	// than the cells actually cover after rounding.
	g.dom.Max.X = math.Min(g.dom.Max.X, width+gridMargin)
	g.dom.Max.Y = math.Min(g.dom.Max.Y, height+gridMargin)
	g.cells = make([]cell, nx*ny)
	return g
}

// cellX returns the column holding x, clamped to the grid. x must not be
// NaN.
func (g *grid) cellX(x float64) int {
	v := (x - g.ox) * g.inv
	switch {
	case v < 0:
		return 0
	case v >= float64(g.nx):
		return g.nx - 1
	}
	return int(v)
}

// cellY returns the row holding y, clamped to the grid.
func (g *grid) cellY(y float64) int {
	v := (y - g.oy) * g.inv
	switch {
	case v < 0:
		return 0
	case v >= float64(g.ny):
		return g.ny - 1
	}
	return int(v)
}

// place works out it's cell range, or marks it as outside the grid.
func (g *grid) place(it *item) {
	r := it.bounds.Expand(gridPad)
	if !g.dom.ContainsRect(r) {
		it.outside = true
		return
	}
	it.outside = false
	it.cx0, it.cy0 = int32(g.cellX(r.Min.X)), int32(g.cellY(r.Min.Y))
	it.cx1, it.cy1 = int32(g.cellX(r.Max.X)), int32(g.cellY(r.Max.Y))
}

// own makes g safe to modify: a shared grid is copied first. It returns
// the grid to modify.
func (g *grid) own() *grid {
	if !g.shared {
		return g
	}
	c := *g
	c.shared = false
	c.cells = make([]cell, len(g.cells))
	for i, cl := range g.cells {
		c.cells[i] = cell{all: cl.all[:len(cl.all):len(cl.all)], hills: clip(cl.hills)}
	}
	c.outside = clip(g.outside)
	c.hills = clip(g.hills)
	return &c
}

// clip returns s with its capacity cut to its length, so that appending
// to it never writes into s's array.
func clip(s []*item) []*item { return s[:len(s):len(s)] }

// hillBefore orders hills for HighestLevel: higher Level first, then lower
// ID.
func hillBefore(a, b *item) bool {
	if a.f.Level != b.f.Level {
		return a.f.Level > b.f.Level
	}
	return a.f.ID < b.f.ID
}

// insert adds it, which must have been placed, to g (which must be
// owned).
func (g *grid) insert(it *item) {
	hill := it.f.Kind == KindHill
	if hill {
		g.hills = insertHill(g.hills, it)
	}
	if it.outside {
		g.outside = append(g.outside, it)
		return
	}
	r := it.bounds.Expand(2 * gridPad)
	e := entry{
		cx: (r.Min.X + r.Max.X) / 2, cy: (r.Min.Y + r.Max.Y) / 2,
		ex: (r.Max.X - r.Min.X) / 2, ey: (r.Max.Y - r.Min.Y) / 2,
		x0: int16(it.cx0), y0: int16(it.cy0), x1: int16(it.cx1), y1: int16(it.cy1),
		it: it,
	}
	for iy := int(it.cy0); iy <= int(it.cy1); iy++ {
		for ix := int(it.cx0); ix <= int(it.cx1); ix++ {
			c := &g.cells[iy*g.nx+ix]
			c.all = append(c.all, e)
			if hill {
				c.hills = insertHill(c.hills, it)
			}
		}
	}
}

// insertHill inserts it into hills, keeping the order of hillBefore.
func insertHill(hills []*item, it *item) []*item {
	i := 0
	for i < len(hills) && hillBefore(hills[i], it) {
		i++
	}
	return slices.Insert(hills, i, it)
}

// without returns a new slice holding s less it.
func without(s []*item, it *item) []*item {
	i := slices.Index(s, it)
	if i < 0 {
		return s
	}
	out := make([]*item, 0, len(s)-1)
	out = append(out, s[:i]...)
	return append(out, s[i+1:]...)
}

// delete removes it from g (which must be owned). Lists are rebuilt
// rather than edited in place, since their arrays may be shared.
func (g *grid) delete(it *item) {
	if it.f.Kind == KindHill {
		g.hills = without(g.hills, it)
	}
	if it.outside {
		g.outside = without(g.outside, it)
		return
	}
	for iy := int(it.cy0); iy <= int(it.cy1); iy++ {
		for ix := int(it.cx0); ix <= int(it.cx1); ix++ {
			c := &g.cells[iy*g.nx+ix]
			i := slices.IndexFunc(c.all, func(e entry) bool { return e.it == it })
			if i >= 0 {
				all := make([]entry, 0, len(c.all)-1)
				all = append(all, c.all[:i]...)
				c.all = append(all, c.all[i+1:]...)
			}
			if it.f.Kind == KindHill {
				c.hills = without(c.hills, it)
			}
		}
	}
}

// at returns the cell holding p and true, or false when p lies outside
// the gridded area (or is NaN).
func (g *grid) at(p geom.Point) (*cell, bool) {
	if !(p.X >= g.dom.Min.X && p.X <= g.dom.Max.X && p.Y >= g.dom.Min.Y && p.Y <= g.dom.Max.Y) {
		return nil, false
	}
	return &g.cells[g.cellY(p.Y)*g.nx+g.cellX(p.X)], true
}

// walk is a walk along the cells a segment passes through, in order from
// A to B.
type walk struct {
	ix, iy   int     // the current cell
	px, py   int     // the previous cell; -1 at the first
	sx, sy   int     // step direction along X and Y
	nx, ny   int     // steps left along X and Y
	tmx, tmy float64 // segment parameter of the next X and Y cell boundary
	tdx, tdy float64 // parameter step between X and Y boundaries
}

// Outcomes of grid.start.
const (
	walkNone = iota // the segment misses the gridded area
	walkCells       // walk the cells
	walkScan        // the segment is not finite: scan every feature
)

// start begins a walk along s, returning walkCells with w at the first
// cell.
func (g *grid) start(w *walk, s geom.Segment) int {
	if !finite(s.A.X) || !finite(s.A.Y) || !finite(s.B.X) || !finite(s.B.Y) {
		return walkScan
	}
	dx, dy := s.B.X-s.A.X, s.B.Y-s.A.Y
	// 1/dx and 1/dy, ±Inf for 0 (then unused).
	rx, ry := 1/dx, 1/dy
	a, b := s.A, s.B
	if !g.dom.Contains(a) || !g.dom.Contains(b) {
		// Clip s to the gridded area (Liang–Barsky).
		t0, t1 := 0.0, 1.0
		slab := func(p, lo, hi, d, r float64) bool {
			if d == 0 {
				return p >= lo && p <= hi
			}
			u0, u1 := (lo-p)*r, (hi-p)*r
			if d < 0 {
				u0, u1 = u1, u0
			}
			t0, t1 = max(t0, u0), min(t1, u1)
			return t0 <= t1
		}
		if !slab(s.A.X, g.dom.Min.X, g.dom.Max.X, dx, rx) || !slab(s.A.Y, g.dom.Min.Y, g.dom.Max.Y, dy, ry) {
			return walkNone
		}
		a = geom.Point{X: s.A.X + dx*t0, Y: s.A.Y + dy*t0}
		b = geom.Point{X: s.A.X + dx*t1, Y: s.A.Y + dy*t1}
	}
	ix0, iy0 := g.cellX(a.X), g.cellY(a.Y)
	ix1, iy1 := g.cellX(b.X), g.cellY(b.Y)
	*w = walk{ix: ix0, iy: iy0, px: -1, py: -1}
	switch {
	case ix1 > ix0:
		w.sx, w.nx = 1, ix1-ix0
		w.tmx = (g.ox + float64(ix0+1)*g.size - s.A.X) * rx
		w.tdx = g.size * rx
	case ix1 < ix0:
		w.sx, w.nx = -1, ix0-ix1
		w.tmx = (g.ox + float64(ix0)*g.size - s.A.X) * rx
		w.tdx = -g.size * rx
	}
	switch {
	case iy1 > iy0:
		w.sy, w.ny = 1, iy1-iy0
		w.tmy = (g.oy + float64(iy0+1)*g.size - s.A.Y) * ry
		w.tdy = g.size * ry
	case iy1 < iy0:
		w.sy, w.ny = -1, iy0-iy1
		w.tmy = (g.oy + float64(iy0)*g.size - s.A.Y) * ry
		w.tdy = -g.size * ry
	}
	return walkCells
}

// next moves w to the next cell, reporting false at the end of the walk.
func (w *walk) next() bool {
	if w.nx == 0 && w.ny == 0 {
		return false
	}
	w.px, w.py = w.ix, w.iy
	if w.ny == 0 || w.nx > 0 && w.tmx < w.tmy {
		w.ix += w.sx
		w.tmx += w.tdx
		w.nx--
	} else {
		w.iy += w.sy
		w.tmy += w.tdy
		w.ny--
	}
	return true
}

// seen reports whether it was listed in the walk's previous cell, and so
// has been looked at already.
func (w *walk) seen(it *item) bool {
	return int(it.cx0) <= w.px && w.px <= int(it.cx1) && int(it.cy0) <= w.py && w.py <= int(it.cy1)
}

// seenEntry is seen for a cell entry.
func (w *walk) seenEntry(e *entry) bool {
	return uint(w.px-int(e.x0)) <= uint(e.x1-e.x0) && uint(w.py-int(e.y0)) <= uint(e.y1-e.y0)
}

// probe is a segment prepared for quick rejection of cell entries.
type probe struct {
	ax, ay   float64 // the start of the segment
	nx, ny   float64 // a normal of the segment: (-dy, dx)
	anx, any float64 // |nx|, |ny|
	mx, my   float64 // centre of the segment's bounds
	hx, hy   float64 // half extents of the segment's bounds
}

func newProbe(s geom.Segment) probe {
	dx, dy := s.B.X-s.A.X, s.B.Y-s.A.Y
	return probe{
		ax: s.A.X, ay: s.A.Y,
		nx: -dy, ny: dx,
		anx: math.Abs(dy), any: math.Abs(dx),
		mx: (s.A.X + s.B.X) / 2, my: (s.A.Y + s.B.Y) / 2,
		hx: math.Abs(dx) / 2, hy: math.Abs(dy) / 2,
	}
}

// near reports whether the segment may touch e's bounds: false only when
// an axis of the bounds or the segment's normal separates them (the
// separating-axis test Rect.IntersectsSegment makes, but on bounds padded
// by far more than its rounding, so it never rejects what that accepts).
func (p *probe) near(e *entry) bool {
	return math.Abs(e.cx-p.mx) <= e.ex+p.hx && math.Abs(e.cy-p.my) <= e.ey+p.hy &&
		math.Abs(p.nx*(e.cx-p.ax)+p.ny*(e.cy-p.ay)) <= p.anx*e.ex+p.any*e.ey
}
