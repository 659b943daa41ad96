package geom

import "math"

// Circle is a closed disc of radius R inches around C, e.g. a barrage or
// blast template.
type Circle struct {
	C Point
	R float64
}

// Contains reports whether p lies in c; the rim (within Epsilon) counts as
// in.
func (c Circle) Contains(p Point) bool { return c.C.Dist(p) <= c.R+Epsilon }

// Bounds returns the smallest Rect containing c.
func (c Circle) Bounds() Rect {
	return Rect{Point{c.C.X - c.R, c.C.Y - c.R}, Point{c.C.X + c.R, c.C.Y + c.R}}
}

// DistToPoint returns the distance from p to c, 0 when p is inside.
func (c Circle) DistToPoint(p Point) float64 { return math.Max(0, c.C.Dist(p)-c.R) }

// DistCenterToBox returns the distance from c's centre to the closest point
// of b, 0 when the centre is inside b. (Template rules usually ask "is the
// centre within x of the unit".)
func (c Circle) DistCenterToBox(b Box) float64 { return b.DistToPoint(c.C) }

// DistToBox returns the distance from the rim of c to b, 0 when they touch
// or overlap.
func (c Circle) DistToBox(b Box) float64 { return math.Max(0, b.DistToPoint(c.C)-c.R) }

// IntersectsSegment reports whether s has at least one point in c (touching
// counts).
func (c Circle) IntersectsSegment(s Segment) bool { return s.DistToPoint(c.C) <= c.R+Epsilon }

// Clip appends to dst the parameter interval of s inside c (the chord),
// clamped to [0, 1]. Nothing is appended when s misses c or is tangent to
// it; a degenerate segment (no longer than Epsilon) inside c yields [0, 1].
func (c Circle) Clip(s Segment, dst []Interval) []Interval {
	d := s.B.Sub(s.A)
	a := d.Dot(d)
	if a <= Epsilon*Epsilon { // a point, for our purposes
		if c.Contains(s.A) {
			dst = append(dst, Interval{0, 1})
		}
		return dst
	}
	f := s.A.Sub(c.C)
	// Solve |f + t d|² = R², written with the half coefficient for accuracy.
	bh := f.Dot(d)
	cc := f.Dot(f) - c.R*c.R
	disc := bh*bh - a*cc
	if disc <= 0 {
		return dst
	}
	sq := math.Sqrt(disc)
	t0 := clamp01((-bh - sq) / a)
	t1 := clamp01((-bh + sq) / a)
	if (t1-t0)*math.Sqrt(a) <= Epsilon {
		return dst
	}
	return append(dst, Interval{t0, t1})
}

// LengthInside returns the length, in inches, of the part of s inside c.
func (c Circle) LengthInside(s Segment) float64 {
	var buf [1]Interval
	return TotalLen(c.Clip(s, buf[:0])) * s.Length()
}
