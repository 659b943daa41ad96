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

// Corners returns the corners of b in the order front-left, front-right,
// rear-right, rear-left (clockwise), where left is 90° counter-clockwise of
// Heading.
func (b Box) Corners() [4]Point { return b.Frame().Corners() }

// Polygon returns b's corners as a Polygon, in the order of Corners.
func (b Box) Polygon() Polygon {
	c := b.Corners()
	return Polygon(c[:])
}

// Bounds returns the smallest axis-aligned Rect containing b.
func (b Box) Bounds() Rect { return b.Frame().Bounds() }

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
func (b Box) Contains(p Point) bool { return b.Frame().Contains(p) }

// DistToPoint returns the distance from p to the closest point of b, 0 when
// p is inside or on the boundary.
func (b Box) DistToPoint(p Point) float64 { return b.Frame().DistToPoint(p) }

// Overlaps reports whether the interiors of b and o overlap by more than
// Epsilon. Boxes in base contact — touching along an edge or at a corner —
// do not overlap; use Distance(o) == 0 for "touching or overlapping".
func (b Box) Overlaps(o Box) bool {
	// Boxes whose bounding circles lie apart cannot overlap: that answer
	// needs no frames (and no sines). The slack covers rounding. The
	// rough radii, never less than the half diagonals, settle most such
	// pairs without a square root.
	d2 := b.Center.dist2(o.Center)
	if rr := (b.RoughRadius()+o.RoughRadius())*(1+1e-12) + Epsilon; d2 > rr*rr {
		return false
	}
	r := (hypot(b.Length, b.Width)+hypot(o.Length, o.Width))/2*(1+1e-12) + Epsilon
	if d2 > r*r {
		return false
	}
	return b.Frame().Overlaps(o.Frame())
}

// RoughRadius is (Length + Width) / 2, never less than half the diagonal
// (Frame.Radius): a circle about the centre that holds b, a little too
// large, for a quick test without a square root. Two boxes whose centres
// lie c apart are at least c − r − ro apart.
func (b Box) RoughRadius() float64 { return (b.Length + b.Width) / 2 }

// Distance returns the distance between the closest points of b and o,
// 0 when they touch or overlap. It is symmetric: b.Distance(o) ==
// o.Distance(b) exactly.
func (b Box) Distance(o Box) float64 { return b.Frame().Distance(o.Frame()) }

// Behind reports whether o lies completely behind the infinite line through
// b's front edge: every corner of o is strictly (by more than Epsilon) on
// the rear side. A corner on the line does not count as behind.
func (b Box) Behind(o Box) bool { return b.Frame().Behind(o.Frame()) }

// HitFacing returns the zone of b that the point from lies in. The zones are
// bounded by lines leaving each corner at 45° to b's edges, outward: the
// Front zone lies ahead of the front edge between the lines from the two
// front corners, the Rear zone likewise behind the rear edge, and Side is
// everything else. A point exactly on a 45° line (within Epsilon) counts as
// Front or Rear, not Side. Points inside b are classified by the same
// lines extended inward; where the front and rear zones overlap there (boxes
// wider than they are long), Front wins.
func (b Box) HitFacing(from Point) Facing { return b.Frame().HitFacing(from) }

// InArc reports whether p lies within halfWidth either side of b's heading,
// measured from b's centre, as InArc does.
func (b Box) InArc(halfWidth Angle, p Point) bool {
	return InArc(b.Center, b.Heading, halfWidth, p)
}

// Clip appends to dst the parameter interval of s inside b, as Rect.Clip
// does: nothing when s misses b or only touches it at a point. As with
// Contains, the boundary is widened by Epsilon so that a segment running
// along an edge counts as inside despite rounding in the rotation.
func (b Box) Clip(s Segment, dst []Interval) []Interval { return b.Frame().Clip(s, dst) }

// IntersectsSegment reports whether s has at least one point in b (touching
// counts).
func (b Box) IntersectsSegment(s Segment) bool { return b.Frame().IntersectsSegment(s) }

// DistToSegment returns the distance between the closest points of the box
// and s: 0 when s touches or enters the box. Both being convex, the closest
// pair is an end of s against the box or a corner of the box against s.
func (b Box) DistToSegment(s Segment) float64 {
	fr := b.Frame()
	if fr.IntersectsSegment(s) {
		return 0
	}
	best := math.Min(fr.DistToPoint(s.A), fr.DistToPoint(s.B))
	for _, c := range fr.Corners() {
		best = math.Min(best, s.DistToPoint(c))
	}
	return best
}
