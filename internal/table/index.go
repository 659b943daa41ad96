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
// The grid is shared between clones and copied on write: Clone marks the
// grid shared, and the first Add or Remove on either table copies the cell
// array (with every list's capacity clipped to its length, so that an
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
// to pass over it without touching the item: its bounds and its range of
// cells.
type entry struct {
	b              [4]float64 // the item's bounds: Min.X, Min.Y, Max.X, Max.Y
	x0, y0, x1, y1 int16      // the item's range of cells
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
	b := it.bounds
	e := entry{
		b:  [4]float64{b.Min.X, b.Min.Y, b.Max.X, b.Max.Y},
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
	walkNone  = iota // the segment misses the gridded area
	walkCells        // walk the cells
	walkScan         // the segment is not finite (or too awkward): scan every feature
)

// start begins a walk along s, returning walkCells with w at the first
// cell.
func (g *grid) start(w *walk, s geom.Segment) int {
	dx, dy := s.B.X-s.A.X, s.B.Y-s.A.Y
	if !finite(s.A.X) || !finite(s.A.Y) || !finite(dx) || !finite(dy) {
		return walkScan // B is finite too
	}
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
		if !finite(a.X) || !finite(a.Y) || !finite(b.X) || !finite(b.Y) {
			return walkScan // 0·∞ in the clip: a tiny dx or dy
		}
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

// fresh is 1 when e was not listed in the walk's previous cell, 0 when
// it has been looked at already (computed without branches).
func (w *walk) fresh(e *entry) int {
	return b2i(uint(w.px-int(e.x0)) > uint(e.x1-e.x0)) | b2i(uint(w.py-int(e.y0)) > uint(e.y1-e.y0))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// probe is a segment prepared for testing against cell entries.
type probe struct {
	ax, ay         float64 // the start of the segment
	dx, dy         float64 // B - A
	x0, x1, y0, y1 float64 // the segment's bounds
	// Indexes into a Rect seen as [4]float64{Min.X, Min.Y, Max.X, Max.Y}
	// of the coordinates giving the corners where dx*y - dy*x is least
	// (ylo, xhi) and greatest (yhi, xlo).
	ylo, xhi, yhi, xlo int
}

func newProbe(s geom.Segment) probe {
	p := probe{
		ax: s.A.X, ay: s.A.Y,
		dx: s.B.X - s.A.X, dy: s.B.Y - s.A.Y,
		x0: s.A.X, x1: s.B.X, y0: s.A.Y, y1: s.B.Y,
	}
	if p.x0 > p.x1 {
		p.x0, p.x1 = p.x1, p.x0
	}
	if p.y0 > p.y1 {
		p.y0, p.y1 = p.y1, p.y0
	}
	// dx*y is least at Min.Y when dx ≥ 0, dy*x greatest at Max.X when
	// dy ≥ 0.
	p.ylo, p.yhi = 1, 3
	if p.dx < 0 {
		p.ylo, p.yhi = 3, 1
	}
	p.xhi, p.xlo = 2, 0
	if p.dy < 0 {
		p.xhi, p.xlo = 0, 2
	}
	return p
}

// overlaps is 1 when the segment's bounds meet the rectangle r, else 0:
// the first test of r.IntersectsSegment, computed without branches since
// the answer is hard to predict.
func (p *probe) overlaps(r *[4]float64) int {
	return b2i(p.x1 >= r[0]) & b2i(p.x0 <= r[2]) & b2i(p.y1 >= r[1]) & b2i(p.y0 <= r[3])
}

// crossesLine reports whether the line through the segment meets the
// rectangle r: the second test of r.IntersectsSegment, which takes the
// cross products c = d×(corner−A) at the four corners and reports a miss
// when all are positive or all negative. Here only the least and the
// greatest are computed, at the corners known from the signs of d; as
// rounding is monotonic they are the least and greatest of the four, so
// the answer is the same to the last bit. The segment must be finite.
func (p *probe) crossesLine(r *[4]float64) bool {
	cmin := p.dx*(r[p.ylo&3]-p.ay) - p.dy*(r[p.xhi&3]-p.ax)
	cmax := p.dx*(r[p.yhi&3]-p.ay) - p.dy*(r[p.xlo&3]-p.ax)
	return cmin <= 0 && cmax >= 0
}

// maxCands is how many candidate features a segment query gathers before
// looking at them.
const maxCands = 32
