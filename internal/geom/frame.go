package geom

import "math"

// Frame is a Box prepared for repeated measurement: the Box together with
// its unit axes, worked out once. Every Box method that needs the box's
// orientation computes a Frame (a sine and a cosine) on each call; code
// that asks many questions of the same footprint — line of sight tests
// several rays against each unit — should take b.Frame() once and use the
// Frame's methods instead.
//
// A Frame's methods give exactly the same results as the Box methods of
// the same name (the Box methods are implemented with them). A Frame is a
// small value (nine float64s); copy it freely. The zero Frame is a box of
// no size at the origin; build Frames with Box.Frame.
type Frame struct {
	b    Box
	f, l Point // unit vectors forward (along Heading) and left of b
}

// Frame returns b prepared for repeated measurement.
func (b Box) Frame() Frame {
	s, c := math.Sincos(float64(b.Heading))
	return Frame{b: b, f: Point{c, s}, l: Point{-s, c}}
}

// Reframe returns b.Frame(), reusing fr's directions when b has fr's
// heading, bit for bit (a box moved without turning), which saves the sine
// and cosine.
func (fr Frame) Reframe(b Box) Frame {
	if math.Float64bits(float64(b.Heading)) != math.Float64bits(float64(fr.b.Heading)) || fr.f == (Point{}) {
		return b.Frame()
	}
	return Frame{b: b, f: fr.f, l: fr.l}
}

// Box returns the Box fr was made from.
func (fr Frame) Box() Box { return fr.b }

// Center returns the centre of the box.
func (fr Frame) Center() Point { return fr.b.Center }

// Fwd returns the unit vector along the box's Heading, Dir(Heading).
func (fr Frame) Fwd() Point { return fr.f }

// Left returns the unit vector 90° counter-clockwise of the box's Heading.
func (fr Frame) Left() Point { return fr.l }

// HalfLength returns half the box's Length (along Heading).
func (fr Frame) HalfLength() float64 { return fr.b.Length / 2 }

// HalfWidth returns half the box's Width (across Heading).
func (fr Frame) HalfWidth() float64 { return fr.b.Width / 2 }

// Local returns p in the box's own coordinates: X forward from the centre
// along Heading, Y to the left.
func (fr Frame) Local(p Point) Point {
	v := p.Sub(fr.b.Center)
	return Point{v.X*fr.f.X + v.Y*fr.f.Y, v.X*fr.l.X + v.Y*fr.l.Y}
}

// Corners returns the corners of the box in the order front-left,
// front-right, rear-right, rear-left, as Box.Corners.
func (fr Frame) Corners() [4]Point {
	fh := fr.f.Mul(fr.b.Length / 2)
	lh := fr.l.Mul(fr.b.Width / 2)
	front := fr.b.Center.Add(fh)
	rear := fr.b.Center.Sub(fh)
	return [4]Point{front.Add(lh), front.Sub(lh), rear.Sub(lh), rear.Add(lh)}
}

// Bounds returns the smallest axis-aligned Rect containing the box, as
// Box.Bounds.
func (fr Frame) Bounds() Rect {
	c := fr.Corners()
	return RectFromPoints(c[:]...)
}

// Contains reports whether p lies in the box, as Box.Contains.
func (fr Frame) Contains(p Point) bool {
	q := fr.Local(p)
	return math.Abs(q.X) <= fr.b.Length/2+Epsilon && math.Abs(q.Y) <= fr.b.Width/2+Epsilon
}

// DistToPoint returns the distance from p to the closest point of the box,
// 0 when p is inside or on the boundary, as Box.DistToPoint.
func (fr Frame) DistToPoint(p Point) float64 {
	q := fr.Local(p)
	dx := math.Abs(q.X) - fr.b.Length/2
	dy := math.Abs(q.Y) - fr.b.Width/2
	switch {
	case dx <= 0 && dy <= 0:
		return 0
	case dy <= 0:
		return dx // == math.Hypot(dx, 0)
	case dx <= 0:
		return dy
	}
	return hypot(dx, dy)
}

// minDistSq returns the smallest of best and the squared distances from
// the box to each of the points cs (a NaN distance is skipped).
func (fr *Frame) minDistSq(cs *[4]Point, best float64) float64 {
	c, f, l := fr.b.Center, fr.f, fr.l
	hl, hw := fr.b.Length/2, fr.b.Width/2
	for _, p := range cs {
		vx, vy := p.X-c.X, p.Y-c.Y
		dx := math.Abs(vx*f.X+vy*f.Y) - hl
		dy := math.Abs(vx*l.X+vy*l.Y) - hw
		if dx < 0 {
			dx = 0
		}
		if dy < 0 {
			dy = 0
		}
		if d := dx*dx + dy*dy; d < best {
			best = d
		}
	}
	return best
}

// separated reports whether an axis of b or o separates them with a gap
// greater than -slack (slack > 0 tolerates a small overlap). It is exactly
// symmetric in b and o.
func separated(b, o *Frame, slack float64) bool {
	if o.b.Center.X < b.b.Center.X || (o.b.Center.X == b.b.Center.X && o.b.Center.Y < b.b.Center.Y) {
		b, o = o, b // test in an order independent of the receiver
	}
	d := o.b.Center.Sub(b.b.Center)
	bhl, bhw := b.b.Length/2, b.b.Width/2
	ohl, ohw := o.hl(), o.hw()
	// The projections of each frame's axes on the four candidate axes,
	// each dot product taken once (x·y == y·x exactly).
	bff, bll := math.Abs(b.f.Dot(b.f)), math.Abs(b.l.Dot(b.l))
	off, oll := math.Abs(o.f.Dot(o.f)), math.Abs(o.l.Dot(o.l))
	ff := math.Abs(b.f.Dot(o.f))
	fl := math.Abs(b.f.Dot(o.l))
	lf := math.Abs(b.l.Dot(o.f))
	ll := math.Abs(b.l.Dot(o.l))
	bfl := math.Abs(b.l.Dot(b.f)) // 0 up to rounding
	ofl := math.Abs(o.l.Dot(o.f))
	// Axis b.f.
	if math.Abs(d.Dot(b.f)) > (bhl*bff+bhw*bfl)+(ohl*ff+ohw*fl)-slack {
		return true
	}
	// Axis b.l.
	if math.Abs(d.Dot(b.l)) > (bhl*bfl+bhw*bll)+(ohl*lf+ohw*ll)-slack {
		return true
	}
	// Axis o.f.
	if math.Abs(d.Dot(o.f)) > (bhl*ff+bhw*lf)+(ohl*off+ohw*ofl)-slack {
		return true
	}
	// Axis o.l.
	return math.Abs(d.Dot(o.l)) > (bhl*fl+bhw*ll)+(ohl*ofl+ohw*oll)-slack
}

func (fr *Frame) hl() float64 { return fr.b.Length / 2 }
func (fr *Frame) hw() float64 { return fr.b.Width / 2 }

// Overlaps reports whether the interiors of the boxes overlap by more than
// Epsilon, as Box.Overlaps.
func (fr Frame) Overlaps(o Frame) bool {
	return !separated(&fr, &o, Epsilon)
}

// Distance returns the distance between the closest points of the boxes,
// 0 when they touch or overlap, as Box.Distance. It is exactly symmetric.
func (fr Frame) Distance(o Frame) float64 {
	if !separated(&fr, &o, 0) {
		return 0
	}
	// For disjoint convex polygons the closest pair always includes a vertex
	// of one of them.
	a, b := fr.Corners(), o.Corners()
	return math.Sqrt(fr.minDistSq(&b, o.minDistSq(&a, math.Inf(1))))
}

// Within reports whether Distance(o) <= d, answering from the centres
// alone when they settle it: the boxes are no further apart than their
// centres, and no nearer than that less both half-diagonals. Only the
// narrow band between needs the corners. A margin of 1e-9 keeps rounding
// from giving an answer Distance would not, for coordinates of table
// scale (far below a million inches).
func (fr Frame) Within(o Frame, d float64) bool {
	c := hypot(fr.b.Center.X-o.b.Center.X, fr.b.Center.Y-o.b.Center.Y)
	if c <= d-1e-9 {
		return true
	}
	if c-fr.radius()-o.radius() > d+1e-9 {
		return false
	}
	return fr.Distance(o) <= d
}

// WithinRadii is Within for a caller that has both bounding radii at hand
// (Radius): r is fr's and ro is o's. It saves working them out on every
// question, as Within must.
func (fr Frame) WithinRadii(o Frame, d, r, ro float64) bool {
	c := hypot(fr.b.Center.X-o.b.Center.X, fr.b.Center.Y-o.b.Center.Y)
	if c <= d-1e-9 {
		return true
	}
	if c-r-ro > d+1e-9 {
		return false
	}
	return fr.Distance(o) <= d
}

// Radius is half the box's diagonal: its bounding circle about the centre.
func (fr Frame) Radius() float64 { return fr.radius() }

// radius is half the box's diagonal: its bounding circle about the centre.
func (fr *Frame) radius() float64 { return hypot(fr.b.Length, fr.b.Width) / 2 }

// Behind reports whether the box o lies completely behind the infinite
// line through fr's front edge, as Box.Behind.
func (fr Frame) Behind(o Frame) bool {
	front := fr.b.Center.Add(fr.f.Mul(fr.b.Length / 2))
	for _, c := range o.Corners() {
		if c.Sub(front).Dot(fr.f) >= -Epsilon {
			return false
		}
	}
	return true
}

// HitFacing returns the zone of the box that the point from lies in, as
// Box.HitFacing.
func (fr Frame) HitFacing(from Point) Facing {
	q := fr.Local(from)
	side := math.Abs(q.Y) - fr.b.Width/2
	switch {
	case q.X-fr.b.Length/2 >= side-Epsilon:
		return Front
	case -q.X-fr.b.Length/2 >= side-Epsilon:
		return Rear
	}
	return Side
}

// InArc reports whether p lies within halfWidth either side of the box's
// heading, measured from its centre, as Box.InArc.
func (fr Frame) InArc(halfWidth Angle, p Point) bool {
	return InArc(fr.b.Center, fr.b.Heading, halfWidth, p)
}

// localRect returns the box in its own coordinates, widened by Epsilon.
func (fr *Frame) localRect() Rect {
	hl, hw := fr.b.Length/2+Epsilon, fr.b.Width/2+Epsilon
	return Rect{Point{-fr.b.Length/2 - Epsilon, -fr.b.Width/2 - Epsilon}, Point{hl, hw}}
}

// Clip appends to dst the parameter interval of s inside the box, as
// Box.Clip.
func (fr Frame) Clip(s Segment, dst []Interval) []Interval {
	return fr.localRect().clip(Segment{fr.Local(s.A), fr.Local(s.B)}, dst, 4*Epsilon)
}

// IntersectsSegment reports whether s has at least one point in the box
// (touching counts), as Box.IntersectsSegment.
func (fr Frame) IntersectsSegment(s Segment) bool {
	return fr.localRect().IntersectsSegment(Segment{fr.Local(s.A), fr.Local(s.B)})
}
