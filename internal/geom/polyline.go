package geom

import "math"

// Polyline is an open chain of segments through its points, such as a
// hedge, a wall, a road or a unit's movement path. A Polyline with fewer
// than two points has no segments.
type Polyline []Point

// Segment returns the i'th segment, from point i to point i+1.
func (pl Polyline) Segment(i int) Segment { return Segment{pl[i], pl[i+1]} }

// Length returns the total length of pl.
func (pl Polyline) Length() float64 {
	var l float64
	for i := 1; i < len(pl); i++ {
		l += pl[i-1].Dist(pl[i])
	}
	return l
}

// Bounds returns the smallest Rect containing pl.
func (pl Polyline) Bounds() Rect { return RectFromPoints(pl...) }

// DistToPoint returns the distance from p to the closest point of pl. A
// single-point Polyline is treated as that point; an empty one is at
// infinite distance.
func (pl Polyline) DistToPoint(p Point) float64 {
	switch len(pl) {
	case 0:
		return math.Inf(1)
	case 1:
		return pl[0].Dist(p)
	}
	best := math.Inf(1)
	for i := 1; i < len(pl); i++ {
		if d := (Segment{pl[i-1], pl[i]}).distSqToPoint(p); d < best {
			best = d
		}
	}
	return math.Sqrt(best)
}

// IntersectsSegment reports whether s touches or crosses pl.
func (pl Polyline) IntersectsSegment(s Segment) bool {
	for i := 1; i < len(pl); i++ {
		if _, _, ok := s.Intersect(Segment{pl[i-1], pl[i]}); ok {
			return true
		}
	}
	return false
}

// Crossings appends to dst the parameters t along s at which s crosses or
// touches pl, sorted ascending, and returns the extended slice. Touching
// counts (s ending on the line, or the line ending on s). A crossing through
// a vertex of pl, and any two crossings within Epsilon of each other along
// s, are reported once. Where a segment of pl is collinear with s and
// overlaps it, the first point of the overlap is reported. It does not
// allocate when dst has room.
func (pl Polyline) Crossings(s Segment, dst []float64) []float64 {
	base := len(dst)
	if len(pl) < 2 {
		return dst
	}
	d := s.B.Sub(s.A)
	tol := Epsilon * d.Norm()
	sp := d.Cross(pl[0].Sub(s.A))
	for i := 1; i < len(pl); i++ {
		sc := d.Cross(pl[i].Sub(s.A))
		// Skip segments wholly on one side of the line through s.
		if !(sp > tol && sc > tol || sp < -tol && sc < -tol) {
			o := Segment{pl[i-1], pl[i]}
			if (sp > tol && sc < -tol || sp < -tol && sc > tol) && properCross(s, d, o.A, o.B) {
				// A clean crossing: the parameter Intersect would return.
				q := o.B.Sub(o.A)
				dst = append(dst, clamp01(o.A.Sub(s.A).Cross(q)/d.Cross(q)))
			} else if t, _, ok := s.Intersect(o); ok {
				dst = append(dst, t)
			}
		}
		sp = sc
	}
	if len(dst)-base < 2 {
		return dst
	}
	out := dst[base:]
	sortFloats(out)
	eps := Epsilon
	if l := s.Length(); l > 0 {
		eps = Epsilon / l
	}
	k := 1
	for i := 1; i < len(out); i++ {
		if out[i]-out[k-1] > eps {
			out[k] = out[i]
			k++
		}
	}
	return dst[:base+k]
}

// PointAt returns the point at distance d along pl from its first point. d
// is clamped to [0, Length]. An empty Polyline yields the zero Point.
func (pl Polyline) PointAt(d float64) Point {
	p, _ := pl.At(d)
	return p
}

// HeadingAt returns the direction of travel at distance d along pl (clamped
// to [0, Length]). At a vertex the heading of the segment leaving it is
// returned, except at the very end where the last segment's heading is.
// Zero-length segments are skipped; a Polyline of no length has heading 0.
func (pl Polyline) HeadingAt(d float64) Angle {
	_, h := pl.At(d)
	return h
}

// At returns both the point and the heading at distance d along pl, as
// PointAt and HeadingAt do.
func (pl Polyline) At(d float64) (Point, Angle) {
	if len(pl) == 0 {
		return Point{}, 0
	}
	var last Segment
	found := false
	for i := 1; i < len(pl); i++ {
		s := Segment{pl[i-1], pl[i]}
		l := s.Length()
		if l == 0 {
			continue
		}
		if d < l {
			if d <= 0 {
				return s.A, s.B.Sub(s.A).Heading()
			}
			return s.At(d / l), s.B.Sub(s.A).Heading()
		}
		d -= l
		last, found = s, true
	}
	if !found {
		return pl[0], 0
	}
	return last.B, last.B.Sub(last.A).Heading()
}

// Walker answers At along one polyline again and again (a mover's box,
// sampled every half inch; see Follow): it works out each segment's length
// and heading once, where At works them out on every call. Its answers are
// At's, bit for bit.
type Walker struct {
	pl   Polyline
	n    int        // segments
	buf  [4]walkSeg // the segments of a path of up to five points
	more []walkSeg  // all the segments of a longer one
}

type walkSeg struct {
	s Segment
	l float64
	h Angle
}

// Follow sets w to walk along pl (kept, not copied). A Walker in a
// variable of its own stays off the heap for paths of up to five points.
func (w *Walker) Follow(pl Polyline) {
	w.pl, w.n, w.more = pl, max(len(pl)-1, 0), nil
	if w.n > len(w.buf) {
		w.more = make([]walkSeg, w.n)
	}
	for i := 1; i < len(pl); i++ {
		s := Segment{pl[i-1], pl[i]}
		*w.seg(i - 1) = walkSeg{s, s.Length(), s.B.Sub(s.A).Heading()}
	}
}

func (w *Walker) seg(i int) *walkSeg {
	if w.more != nil {
		return &w.more[i]
	}
	return &w.buf[i]
}

// At is pl.At(d).
func (w *Walker) At(d float64) (Point, Angle) {
	if len(w.pl) == 0 {
		return Point{}, 0
	}
	var last *walkSeg
	for i := 0; i < w.n; i++ {
		g := w.seg(i)
		if g.l == 0 {
			continue
		}
		if d < g.l {
			if d <= 0 {
				return g.s.A, g.h
			}
			return g.s.At(d / g.l), g.h
		}
		d -= g.l
		last = g
	}
	if last == nil {
		return w.pl[0], 0
	}
	return last.s.B, last.h
}

// Near returns the smallest interval [lo, hi] of distances along pl (as
// At takes them: before the start is the first point, beyond the end the
// last) at which the point At(d) lies within r of c, with lo > hi when
// there is none. lo is -Inf when the first point is within r, hi +Inf
// when the last one is. The ends are worked out in floating point: a
// caller that must not miss a point within r passes r with a margin.
func (pl Polyline) Near(c Point, r float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	if len(pl) == 0 {
		return lo, hi
	}
	var s0 float64 // the distance along pl to the leg's start
	found := false
	var last Point
	for i := 1; i < len(pl); i++ {
		a, b := pl[i-1], pl[i]
		l := a.Dist(b)
		if l == 0 {
			continue
		}
		if !found && a.Dist(c) <= r {
			lo = math.Inf(-1) // the first point, and all before it
		}
		found, last = true, b
		// |a + t u - c|² = t² + 2 t (a-c)·u + |a-c|², u the unit
		// direction: within r between the roots.
		u := b.Sub(a).Mul(1 / l)
		ac := a.Sub(c)
		bb := ac.Dot(u)
		disc := bb*bb - (ac.Dot(ac) - r*r)
		if disc < 0 {
			s0 += l
			continue
		}
		sq := math.Sqrt(disc)
		t0, t1 := max(-bb-sq, 0), min(-bb+sq, l)
		if t0 <= t1 {
			lo, hi = min(lo, s0+t0), max(hi, s0+t1)
		}
		s0 += l
	}
	if !found { // no length: the first point throughout
		if pl[0].Dist(c) <= r {
			return math.Inf(-1), math.Inf(1)
		}
		return lo, hi
	}
	if last.Dist(c) <= r {
		hi = math.Inf(1)
	}
	return lo, hi
}
