package geom

import "math"

// ShadowMargin is how deep inside a shadow a point must lie for Shadow.Hides
// to answer for it: 1e-6", a thousand times Epsilon, so that a hidden
// point's segment runs through the polygon for far more than the
// tolerances that Polygon.Clip and Polygon.IntersectsSegment allow.
const ShadowMargin = 1e-6

// maxShadowEdges is the most edges a Shadow keeps: the edges of the
// polygon that face its viewer.
const maxShadowEdges = 8

// minShadowWidth is the thinnest convex polygon NewShadow casts a shadow
// of: 1e-4".
const minShadowWidth = 1e-4

// convexWidth returns the width of convex polygon pg: the least distance
// between two parallel lines that hold it between them. One of the lines
// runs along an edge, so it is the least, over the edges, of the largest
// distance of a vertex from the edge's line.
func convexWidth(pg Polygon) float64 {
	w := math.Inf(1)
	for i := range pg {
		e := pg.Edge(i)
		d := e.B.Sub(e.A)
		l := d.Norm()
		far := 0.0
		for _, v := range pg {
			far = max(far, math.Abs(d.Cross(v.Sub(e.A)))/l)
		}
		w = min(w, far)
	}
	return w
}

// sin1 is the sine of 1°.
const sin1 = 0.01745240643728351

// Shadow is the region that a convex polygon hides from a point: the points
// t for which the segment from the point to t passes through the polygon.
// It answers conservatively: Hides is true only for points well inside the
// region, whose segments pass through the polygon's interior, not merely
// touch its boundary. Points near the region's edges get false, which
// says nothing.
//
// The region is the wedge from the point between the rays through the
// polygon's two outermost vertices, cut by the lines of the polygon's
// edges that face the point: a ray in the wedge crosses every such line
// once, and it enters the polygon as it crosses the last of them.
type Shadow struct {
	from Point
	// wedge: unit normals of the lines through from and the outermost
	// vertices, pointing into the wedge, and each vertex's distance from
	// from.
	wn   [2]Point
	wlen [2]float64
	// The facing edges' lines: inward unit normals and offsets, a point t
	// being past a line when n·t - c ≥ ShadowMargin.
	n  [maxShadowEdges]Point
	c  [maxShadowEdges]float64
	ne int
}

// NewShadow returns the shadow that convex polygon pg casts from p. It
// reports false, and no shadow, when pg is not strictly convex, has a
// corner sharper than 1°, is thinner than 1e-4", has more than 8 edges
// facing p, or does not lie clear of p (p inside pg or within ShadowMargin
// of it). A caller that casts shadows of one polygon from many points
// makes it a Caster once instead.
func NewShadow(p Point, pg Polygon) (Shadow, bool) {
	c, ok := NewCaster(pg)
	if !ok {
		return Shadow{}, false
	}
	return c.Shadow(p)
}

// Caster is a convex polygon found fit to cast shadows (NewCaster), so
// that the checks on the polygon itself are made once, not for every
// point a shadow is cast from.
type Caster struct {
	pg       Polygon
	orient   float64 // +1 counter-clockwise, -1 clockwise
	centroid Point   // the mean of the vertices: inside
	// The edges' lines: inward unit normals and offsets (Inside).
	in  []Point
	off []float64
}

// NewCaster makes convex polygon pg ready to cast shadows. It reports
// false when pg can cast none: when it has fewer than three vertices, is
// not strictly convex, has a corner sharper than 1° or is thinner than
// 1e-4".
func NewCaster(pg Polygon) (Caster, bool) {
	n := len(pg)
	if n < 3 {
		return Caster{}, false
	}
	orient := 1.0
	if pg.SignedArea() < 0 {
		orient = -1
	}
	// Strictly convex: every corner turns the same way and the turns add
	// up to one full turn (a pentagram's turn the same way too, twice
	// round). No corner sharper than 1°, and no part thinner than
	// minShadowWidth: a segment that passes ShadowMargin inside the wedge
	// then crosses at least 1e-8" of the polygon, near a corner or not.
	var centroid Point
	turns := 0.0
	for i := range n {
		a, b, c := pg[i], pg[(i+1)%n], pg[(i+2)%n]
		e1, e2 := b.Sub(a), c.Sub(b)
		cr := orient * e1.Cross(e2)
		if cr <= Epsilon || e1.Dot(e2) < 0 && cr < sin1*e1.Norm()*e2.Norm() {
			return Caster{}, false // a straight, reflex or too sharp corner
		}
		turns += math.Atan2(cr, e1.Dot(e2))
		centroid = centroid.Add(a)
	}
	if math.Abs(turns-2*math.Pi) > 1e-6 {
		return Caster{}, false // winds round more than once
	}
	if convexWidth(pg) < minShadowWidth {
		return Caster{}, false
	}
	c := Caster{pg: pg, orient: orient, centroid: centroid.Mul(1 / float64(n)), in: make([]Point, n), off: make([]float64, n)}
	c.edgeLines()
	return c, true
}

// edgeLines fills c.in and c.off from c.pg and c.orient.
func (c *Caster) edgeLines() {
	pg, n := c.pg, len(c.pg)
	for i := range n {
		a, b := pg[i], pg[(i+1)%n]
		e := b.Sub(a)
		c.in[i] = Point{-e.Y, e.X}.Mul(c.orient / e.Norm())
		c.off[i] = c.in[i].Dot(a)
	}
}

// Shadow returns the shadow the box casts from p: NewShadow's of its
// corners, worked out without allocating. It reports false when the box
// is thinner than 1e-4" or p lies within ShadowMargin of it.
func (fr Frame) Shadow(p Point) (Shadow, bool) {
	if min(fr.b.Length, fr.b.Width) < minShadowWidth {
		return Shadow{}, false
	}
	// A rectangle that wide is strictly convex, with right-angled
	// corners: NewCaster would take it.
	cs := fr.Corners()
	var in [4]Point
	var off [4]float64
	c := Caster{pg: cs[:], orient: 1, in: in[:], off: off[:]}
	if c.pg.SignedArea() < 0 {
		c.orient = -1
	}
	for _, v := range cs {
		c.centroid = c.centroid.Add(v)
	}
	c.centroid = c.centroid.Mul(1.0 / 4)
	c.edgeLines()
	return c.Shadow(p)
}

// Inside reports whether q lies inside the polygon, at least margin from
// every edge's line (and so from its outline).
func (c *Caster) Inside(q Point, margin float64) bool {
	for i, n := range c.in {
		if n.Dot(q)-c.off[i] < margin {
			return false
		}
	}
	return true
}

// Deep returns the part of s, as parameters from 0 (s.A) to 1 (s.B),
// that lies inside the polygon at least depth from every edge's line (and
// so from its outline), and false when no part does.
func (c *Caster) Deep(s Segment, depth float64) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	v := s.B.Sub(s.A)
	for i, n := range c.in {
		// n·(A + t·v) - off ≥ depth
		a, b := n.Dot(s.A)-c.off[i]-depth, n.Dot(v)
		switch {
		case b == 0:
			if a < 0 {
				return 0, 0, false
			}
		case b > 0:
			t0 = max(t0, -a/b)
		default:
			t1 = min(t1, -a/b)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

// Shadow returns the shadow the polygon casts from p, as NewShadow does:
// false when it has more than 8 edges facing p or does not lie clear of p.
func (c *Caster) Shadow(p Point) (Shadow, bool) {
	var sh Shadow
	pg, orient := c.pg, c.orient
	n := len(pg) // at least 3 (NewCaster)
	if pg.DistToPoint(p) <= ShadowMargin {
		return sh, false
	}
	sh.from = p
	// An edge faces p when p lies strictly outside its line. The facing
	// edges of a convex polygon seen from outside form one run; first is
	// the index of its first edge.
	first, count := -1, 0
	facing := func(i int) bool {
		a, b := pg[i], pg[(i+1)%n]
		// Inward normal (left of a→b for counter-clockwise).
		e := b.Sub(a)
		in := Point{-e.Y, e.X}.Mul(orient)
		return in.Dot(p.Sub(a)) < 0
	}
	for i := range n {
		if facing(i) && !facing((i+n-1)%n) {
			first = i
		}
		if facing(i) {
			count++
		}
	}
	if first < 0 || count == 0 || count > maxShadowEdges {
		return sh, false
	}
	for k := range count {
		i := (first + k) % n
		sh.n[k], sh.c[k] = c.in[i], c.off[i]
	}
	sh.ne = count
	// The wedge's sides run through the first facing edge's start and the
	// last one's end; the polygon lies on the inner side of both. The
	// centroid is inside, off both sides.
	sh.setWedge(pg[first], pg[(first+count)%n], c.centroid)
	return sh, true
}

// setWedge sets the wedge's sides: the lines from sh.from through a and
// through b, their normals pointing to the side of each that inside, a
// point strictly between them, lies on.
func (sh *Shadow) setWedge(a, b, inside Point) {
	for k, v := range [2]Point{a, b} {
		d := v.Sub(sh.from)
		l := d.Norm()
		m := Point{-d.Y, d.X}.Mul(1 / l)
		if m.Dot(inside.Sub(sh.from)) < 0 {
			m = m.Mul(-1)
		}
		sh.wn[k], sh.wlen[k] = m, l
	}
}

// SegmentShadow returns the shadow that segment s casts from p: the points
// t for which the segment from p to t crosses s, at a point strictly
// between its ends (a hedge or a wall seen from p). Hides and HidesDisc
// answer for it as for a polygon's shadow, with s as the one facing edge.
// It reports false, and no shadow, when s is shorter than 1e-4" or p lies
// within 1e-4" of the line through it.
func SegmentShadow(p Point, s Segment) (Shadow, bool) {
	var sh Shadow
	e := s.B.Sub(s.A)
	l := e.Norm()
	if l < minShadowWidth {
		return sh, false
	}
	n := Point{-e.Y, e.X}.Mul(1 / l)
	if d := n.Dot(p.Sub(s.A)); math.Abs(d) < minShadowWidth {
		return sh, false
	} else if d > 0 {
		n = n.Mul(-1) // pointing away from p: past the line is behind s
	}
	sh.from = p
	sh.n[0], sh.c[0], sh.ne = n, n.Dot(s.A), 1
	sh.setWedge(s.A, s.B, s.At(0.5))
	return sh, true
}

// Hides reports whether t lies well inside the shadow: the segment from
// the shadow's point to t then passes through the polygon's interior, past
// both outermost vertices by at least ShadowMargin and into the polygon by
// at least ShadowMargin. False says nothing.
func (sh *Shadow) Hides(t Point) bool {
	d := t.Sub(sh.from)
	dd := d.Dot(d)
	for k := range 2 {
		// The segment's line passes the outermost vertex on the wedge's
		// inner side at a distance of (wn·d)·wlen/|d|: ask for at least
		// ShadowMargin, squared to avoid a square root.
		w := sh.wn[k].Dot(d)
		if w <= 0 || w*w*sh.wlen[k]*sh.wlen[k] < ShadowMargin*ShadowMargin*dd {
			return false
		}
	}
	for k := range sh.ne {
		if sh.n[k].Dot(t)-sh.c[k] < ShadowMargin {
			return false
		}
	}
	return true
}

// HidesDisc reports whether Hides holds for every point within r of c:
// the disc lies inside the wedge, ShadowMargin from its sides as Hides
// measures it, and at least ShadowMargin past every facing edge's line.
func (sh *Shadow) HidesDisc(c Point, r float64) bool {
	d := c.Sub(sh.from)
	dl := d.Norm()
	for k := range 2 {
		// Over the disc, wn·d is at least w and |d| at most dl + r.
		w := sh.wn[k].Dot(d) - r
		if w <= 0 || w*sh.wlen[k] < ShadowMargin*(dl+r) {
			return false
		}
	}
	for k := range sh.ne {
		if sh.n[k].Dot(c)-sh.c[k]-r < ShadowMargin {
			return false
		}
	}
	return true
}

// MissesTrack reports whether MissesDisc(c, r) holds for every point c of
// the polyline through track (or at its one point), because one line of
// the wedge or of a facing edge keeps the whole polyline more than r (and
// a margin for rounding) on its outer side. Each side's distance is linear
// along a segment, so the vertices settle it. False is no answer: some
// disc may still be missed.
func (sh *Shadow) MissesTrack(track []Point, r float64) bool {
	if len(track) == 0 {
		return false
	}
	r += trackMargin
	outside := func(f func(p Point) float64) bool {
		for _, p := range track {
			if f(p) >= -r {
				return false
			}
		}
		return true
	}
	for k := range sh.wn {
		if outside(func(p Point) float64 { return sh.wn[k].Dot(p.Sub(sh.from)) }) {
			return true
		}
	}
	for k := range sh.ne {
		if outside(func(p Point) float64 { return sh.n[k].Dot(p) - sh.c[k] }) {
			return true
		}
	}
	return false
}

// trackMargin covers the rounding of a point found along a polyline
// (Polyline.At) against its vertices in MissesTrack.
const trackMargin = 1e-9

// MissesDisc reports whether no point within r of c can be hidden: the
// disc lies wholly outside the wedge, or wholly on the near side of a
// facing edge's line. A quick way to pass over a shadow for a footprint.
func (sh *Shadow) MissesDisc(c Point, r float64) bool {
	d := c.Sub(sh.from)
	if sh.wn[0].Dot(d) < -r || sh.wn[1].Dot(d) < -r {
		return true
	}
	for k := range sh.ne {
		if sh.n[k].Dot(c)-sh.c[k] < -r {
			return true
		}
	}
	return false
}
