package geom

import "math"

// Segment is the closed straight line segment from A to B. Positions along it
// are given by a parameter t: A at t=0, B at t=1. A and B may coincide (a
// degenerate, zero-length segment behaves as the point A).
type Segment struct {
	A, B Point
}

// Seg returns the Segment from a to b.
func Seg(a, b Point) Segment { return Segment{a, b} }

// Length returns the length of s.
func (s Segment) Length() float64 { return s.A.Dist(s.B) }

// At returns the point at parameter t along s (A at 0, B at 1); t is not
// clamped.
func (s Segment) At(t float64) Point { return s.A.Lerp(s.B, t) }

// Reverse returns s with its ends swapped.
func (s Segment) Reverse() Segment { return Segment{s.B, s.A} }

// Bounds returns the smallest Rect containing s.
func (s Segment) Bounds() Rect {
	r := Rect{s.A, s.B}
	if r.Min.X > r.Max.X {
		r.Min.X, r.Max.X = r.Max.X, r.Min.X
	}
	if r.Min.Y > r.Max.Y {
		r.Min.Y, r.Max.Y = r.Max.Y, r.Min.Y
	}
	return r
}

// ClosestPoint returns the parameter t in [0, 1] and the point of s closest
// to p. For a degenerate segment it returns 0 and A.
func (s Segment) ClosestPoint(p Point) (t float64, q Point) {
	d := s.B.Sub(s.A)
	dd := d.Dot(d)
	if dd == 0 {
		return 0, s.A
	}
	t = p.Sub(s.A).Dot(d) / dd
	switch {
	case t <= 0:
		return 0, s.A
	case t >= 1:
		return 1, s.B
	}
	return t, s.At(t)
}

// DistToPoint returns the distance from p to the closest point of s.
func (s Segment) DistToPoint(p Point) float64 {
	_, q := s.ClosestPoint(p)
	return p.Dist(q)
}

// distSqToPoint is DistToPoint squared.
func (s Segment) distSqToPoint(p Point) float64 {
	_, q := s.ClosestPoint(p)
	return p.dist2(q)
}

// DistToSegment returns the distance between the closest points of s and o:
// 0 when they cross or touch. It is symmetric in s and o.
func (s Segment) DistToSegment(o Segment) float64 {
	if _, _, ok := s.Intersect(o); ok {
		return 0
	}
	d := math.Min(
		math.Min(s.distSqToPoint(o.A), s.distSqToPoint(o.B)),
		math.Min(o.distSqToPoint(s.A), o.distSqToPoint(s.B)))
	return math.Sqrt(d)
}

// Intersect reports whether s and o share at least one point and, if so,
// returns the parameters t along s and u along o of a shared point, so that
// s.At(t) ≈ o.At(u).
//
// Touching counts as intersecting: an endpoint of one segment lying on the
// other (within Epsilon) is an intersection. When the segments are collinear
// and overlap, the shared point returned is the one with the smallest t (the
// first point of the overlap met going from s.A to s.B). A degenerate
// segment intersects o when its point lies on o.
//
// Whether two segments intersect is symmetric: s.Intersect(o) and
// o.Intersect(s) agree on ok, and for a single crossing point the
// parameters are swapped.
func (s Segment) Intersect(o Segment) (t, u float64, ok bool) {
	r := s.B.Sub(s.A)
	q := o.B.Sub(o.A)
	rr, qq := r.Dot(r), q.Dot(q)
	if rr == 0 || qq == 0 {
		return s.intersectDegenerate(o, rr, qq)
	}
	w := o.A.Sub(s.A)
	den := r.Cross(q)
	lr, lq := math.Sqrt(rr), math.Sqrt(qq)
	if math.Abs(den) <= 1e-12*lr*lq {
		// Parallel. Collinear only if o.A lies on the line through s.
		if math.Abs(w.Cross(r))/lr > Epsilon {
			return 0, 0, false
		}
		t0 := w.Dot(r) / rr
		t1 := o.B.Sub(s.A).Dot(r) / rr
		lo, hi := math.Min(t0, t1), math.Max(t0, t1)
		e := Epsilon / lr
		if hi < -e || lo > 1+e {
			return 0, 0, false
		}
		t = clamp01(lo)
		u = clamp01(s.At(t).Sub(o.A).Dot(q) / qq)
		return t, u, true
	}
	t = w.Cross(q) / den
	u = w.Cross(r) / den
	et, eu := Epsilon/lr, Epsilon/lq
	if t < -et || t > 1+et || u < -eu || u > 1+eu {
		return 0, 0, false
	}
	return clamp01(t), clamp01(u), true
}

func (s Segment) intersectDegenerate(o Segment, rr, qq float64) (t, u float64, ok bool) {
	switch {
	case rr == 0 && qq == 0:
		return 0, 0, s.A.Dist(o.A) <= Epsilon
	case rr == 0:
		u, p := o.ClosestPoint(s.A)
		return 0, u, p.Dist(s.A) <= Epsilon
	default:
		t, p := s.ClosestPoint(o.A)
		return t, 0, p.Dist(o.A) <= Epsilon
	}
}

func clamp01(t float64) float64 {
	if t < 0 {
		return 0
	}
	if t > 1 {
		return 1
	}
	return t
}

// SideOf reports on which side of the infinite line through line.A and line.B
// the point p lies: positive on the left (counter-clockwise of A→B),
// negative on the right, zero on the line. The magnitude is twice the area of
// the triangle A, B, p, i.e. the distance from the line times its length.
// (It is not called Side because Side is a Facing.)
func SideOf(line Segment, p Point) float64 {
	return line.B.Sub(line.A).Cross(p.Sub(line.A))
}
