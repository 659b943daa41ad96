package geom

import (
	"errors"
	"math"
)

// Box is an oriented rectangle: a unit's footprint (its base or bases).
// Length runs along Heading, Width across it. The front edge is the edge
// facing Heading, at Center + Dir(Heading)*Length/2.
type Box struct {
	Center  Point
	Heading Angle
	Length  float64 // along Heading, inches
	Width   float64 // across Heading, inches
}

// Facing is the zone of a Box that something is seen from or hits.
type Facing int

// The facings reported by Box.HitFacing.
const (
	Front Facing = iota
	Side
	Rear
)

// String returns "front", "side" or "rear".
func (f Facing) String() string {
	switch f {
	case Front:
		return "front"
	case Side:
		return "side"
	case Rear:
		return "rear"
	}
	return "facing(?)"
}

// Validate returns an error unless b has positive, finite Length and Width
// and a finite position and heading.
func (b Box) Validate() error {
	for _, v := range []float64{b.Center.X, b.Center.Y, float64(b.Heading), b.Length, b.Width} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return errors.New("geom: box has a non-finite field")
		}
	}
	if b.Length <= 0 || b.Width <= 0 {
		return errors.New("geom: box needs positive length and width")
	}
	return nil
}

// axes returns the unit vectors forward (along Heading) and left of b.
func (b Box) axes() (fwd, left Point) {
	fwd = Dir(b.Heading)
	return fwd, Point{-fwd.Y, fwd.X}
}

// local returns p in b's frame: x forward from the centre, y to the left.
func (b Box) local(p Point) Point {
	f, l := b.axes()
	v := p.Sub(b.Center)
	return Point{v.Dot(f), v.Dot(l)}
}

// Corners returns the corners of b in the order front-left, front-right,
// rear-right, rear-left (clockwise), where left is 90° counter-clockwise of
// Heading.
func (b Box) Corners() [4]Point {
	f, l := b.axes()
	fh := f.Mul(b.Length / 2)
	lh := l.Mul(b.Width / 2)
	front := b.Center.Add(fh)
	rear := b.Center.Sub(fh)
	return [4]Point{front.Add(lh), front.Sub(lh), rear.Sub(lh), rear.Add(lh)}
}

// Polygon returns b's corners as a Polygon, in the order of Corners.
func (b Box) Polygon() Polygon {
	c := b.Corners()
	return Polygon(c[:])
}

// Bounds returns the smallest axis-aligned Rect containing b.
func (b Box) Bounds() Rect {
	c := b.Corners()
	return RectFromPoints(c[:]...)
}

// FrontEdge returns the front edge, from the front-left to the front-right
// corner.
func (b Box) FrontEdge() Segment {
	c := b.Corners()
	return Segment{c[0], c[1]}
}

// RearEdge returns the rear edge, from the rear-left to the rear-right
// corner.
func (b Box) RearEdge() Segment {
	c := b.Corners()
	return Segment{c[3], c[2]}
}

// FrontCenter returns the middle of the front edge.
func (b Box) FrontCenter() Point {
	return b.Center.Add(Dir(b.Heading).Mul(b.Length / 2))
}

// Contains reports whether p lies in b; points on the boundary (within
// Epsilon) are considered in.
func (b Box) Contains(p Point) bool {
	q := b.local(p)
	return math.Abs(q.X) <= b.Length/2+Epsilon && math.Abs(q.Y) <= b.Width/2+Epsilon
}

// DistToPoint returns the distance from p to the closest point of b, 0 when
// p is inside or on the boundary.
func (b Box) DistToPoint(p Point) float64 {
	q := b.local(p)
	dx := math.Max(0, math.Abs(q.X)-b.Length/2)
	dy := math.Max(0, math.Abs(q.Y)-b.Width/2)
	return math.Hypot(dx, dy)
}

// frame is a Box prepared for repeated point tests: its centre, unit axes
// and half sizes.
type frame struct {
	c, f, l Point
	hl, hw  float64
}

func (b Box) frame() frame {
	f, l := b.axes()
	return frame{b.Center, f, l, b.Length / 2, b.Width / 2}
}

// distSqToPoint is the square of Box.DistToPoint.
func (fr *frame) distSqToPoint(p Point) float64 {
	v := p.Sub(fr.c)
	dx := math.Abs(v.X*fr.f.X+v.Y*fr.f.Y) - fr.hl
	dy := math.Abs(v.X*fr.l.X+v.Y*fr.l.Y) - fr.hw
	if dx < 0 {
		dx = 0
	}
	if dy < 0 {
		dy = 0
	}
	return dx*dx + dy*dy
}

func (fr *frame) corners() [4]Point {
	fh := fr.f.Mul(fr.hl)
	lh := fr.l.Mul(fr.hw)
	front := fr.c.Add(fh)
	rear := fr.c.Sub(fh)
	return [4]Point{front.Add(lh), front.Sub(lh), rear.Sub(lh), rear.Add(lh)}
}

// separated reports whether an axis of b or o separates them with a gap
// greater than -slack (slack > 0 tolerates a small overlap). It is exactly
// symmetric in b and o.
func separated(b, o *frame, slack float64) bool {
	if o.c.X < b.c.X || (o.c.X == b.c.X && o.c.Y < b.c.Y) {
		b, o = o, b // test in an order independent of the receiver
	}
	d := o.c.Sub(b.c)
	sep := func(a Point) bool {
		rb := b.hl*math.Abs(b.f.Dot(a)) + b.hw*math.Abs(b.l.Dot(a))
		ro := o.hl*math.Abs(o.f.Dot(a)) + o.hw*math.Abs(o.l.Dot(a))
		return math.Abs(d.Dot(a)) > rb+ro-slack
	}
	return sep(b.f) || sep(b.l) || sep(o.f) || sep(o.l)
}

// Overlaps reports whether the interiors of b and o overlap by more than
// Epsilon. Boxes in base contact — touching along an edge or at a corner —
// do not overlap; use Distance(o) == 0 for "touching or overlapping".
func (b Box) Overlaps(o Box) bool {
	fb, fo := b.frame(), o.frame()
	return !separated(&fb, &fo, Epsilon)
}

// Distance returns the distance between the closest points of b and o,
// 0 when they touch or overlap. It is symmetric: b.Distance(o) ==
// o.Distance(b) exactly.
func (b Box) Distance(o Box) float64 {
	fb, fo := b.frame(), o.frame()
	if !separated(&fb, &fo, 0) {
		return 0
	}
	// For disjoint convex polygons the closest pair always includes a vertex
	// of one of them.
	best := math.Inf(1)
	for _, c := range fb.corners() {
		if d := fo.distSqToPoint(c); d < best {
			best = d
		}
	}
	for _, c := range fo.corners() {
		if d := fb.distSqToPoint(c); d < best {
			best = d
		}
	}
	return math.Sqrt(best)
}

// Behind reports whether o lies completely behind the infinite line through
// b's front edge: every corner of o is strictly (by more than Epsilon) on
// the rear side. A corner on the line does not count as behind.
func (b Box) Behind(o Box) bool {
	f := Dir(b.Heading)
	front := b.Center.Add(f.Mul(b.Length / 2))
	for _, c := range o.Corners() {
		if c.Sub(front).Dot(f) >= -Epsilon {
			return false
		}
	}
	return true
}

// HitFacing returns the zone of b that the point from lies in. The zones are
// bounded by lines leaving each corner at 45° to b's edges, outward: the
// Front zone lies ahead of the front edge between the lines from the two
// front corners, the Rear zone likewise behind the rear edge, and Side is
// everything else. A point exactly on a 45° line (within Epsilon) counts as
// Front or Rear, not Side. Points inside b are classified by the same
// lines extended inward; where the front and rear zones overlap there (boxes
// wider than they are long), Front wins.
func (b Box) HitFacing(from Point) Facing {
	q := b.local(from)
	side := math.Abs(q.Y) - b.Width/2
	switch {
	case q.X-b.Length/2 >= side-Epsilon:
		return Front
	case -q.X-b.Length/2 >= side-Epsilon:
		return Rear
	}
	return Side
}

// InArc reports whether p lies within halfWidth either side of b's heading,
// measured from b's centre, as InArc does.
func (b Box) InArc(halfWidth Angle, p Point) bool {
	return InArc(b.Center, b.Heading, halfWidth, p)
}

// Clip appends to dst the parameter interval of s inside b, as Rect.Clip
// does: nothing when s misses b or only touches it at a point. As with
// Contains, the boundary is widened by Epsilon so that a segment running
// along an edge counts as inside despite rounding in the rotation.
func (b Box) Clip(s Segment, dst []Interval) []Interval {
	r := Rect{Point{-b.Length / 2, -b.Width / 2}, Point{b.Length / 2, b.Width / 2}}
	return r.Expand(Epsilon).clip(Segment{b.local(s.A), b.local(s.B)}, dst, 4*Epsilon)
}

// IntersectsSegment reports whether s has at least one point in b (touching
// counts).
func (b Box) IntersectsSegment(s Segment) bool {
	r := Rect{Point{-b.Length / 2, -b.Width / 2}, Point{b.Length / 2, b.Width / 2}}
	return r.Expand(Epsilon).IntersectsSegment(Segment{b.local(s.A), b.local(s.B)})
}
