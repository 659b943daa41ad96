package geom

import (
	"iter"
	"math"
)

// Rect is a closed axis-aligned rectangle. A Rect with Min == Max is a single
// point; a Rect with Min.X > Max.X or Min.Y > Max.Y is empty.
type Rect struct {
	Min, Max Point
}

// RectFromPoints returns the smallest Rect containing all of pts, or the
// empty Rect{Min: +Inf, Max: -Inf} when pts is empty.
func RectFromPoints(pts ...Point) Rect {
	r := EmptyRect()
	for _, p := range pts {
		r = r.AddPoint(p)
	}
	return r
}

// RectFromCenterSize returns the Rect centred on c with the given width (X)
// and height (Y).
func RectFromCenterSize(c Point, w, h float64) Rect {
	return Rect{Point{c.X - w/2, c.Y - h/2}, Point{c.X + w/2, c.Y + h/2}}
}

// EmptyRect returns an empty Rect, the identity for Union and AddPoint.
func EmptyRect() Rect {
	inf := math.Inf(1)
	return Rect{Point{inf, inf}, Point{-inf, -inf}}
}

// IsEmpty reports whether r contains no points.
func (r Rect) IsEmpty() bool { return r.Min.X > r.Max.X || r.Min.Y > r.Max.Y }

// Size returns the width and height of r as a vector.
func (r Rect) Size() Point { return r.Max.Sub(r.Min) }

// Center returns the centre of r.
func (r Rect) Center() Point { return r.Min.Lerp(r.Max, 0.5) }

// Contains reports whether p lies in r; points on the boundary are
// considered in.
func (r Rect) Contains(p Point) bool {
	return p.X >= r.Min.X && p.X <= r.Max.X && p.Y >= r.Min.Y && p.Y <= r.Max.Y
}

// ContainsRect reports whether every point of o lies in r. An empty o is
// contained in every Rect.
func (r Rect) ContainsRect(o Rect) bool {
	if o.IsEmpty() {
		return true
	}
	return o.Min.X >= r.Min.X && o.Max.X <= r.Max.X && o.Min.Y >= r.Min.Y && o.Max.Y <= r.Max.Y
}

// Intersects reports whether r and o share at least one point; rectangles
// that only touch along an edge or at a corner intersect.
func (r Rect) Intersects(o Rect) bool {
	return r.Min.X <= o.Max.X && o.Min.X <= r.Max.X && r.Min.Y <= o.Max.Y && o.Min.Y <= r.Max.Y
}

// Union returns the smallest Rect containing both r and o.
func (r Rect) Union(o Rect) Rect {
	return Rect{
		Point{math.Min(r.Min.X, o.Min.X), math.Min(r.Min.Y, o.Min.Y)},
		Point{math.Max(r.Max.X, o.Max.X), math.Max(r.Max.Y, o.Max.Y)},
	}
}

// AddPoint returns the smallest Rect containing r and p.
func (r Rect) AddPoint(p Point) Rect {
	return Rect{
		Point{math.Min(r.Min.X, p.X), math.Min(r.Min.Y, p.Y)},
		Point{math.Max(r.Max.X, p.X), math.Max(r.Max.Y, p.Y)},
	}
}

// Expand returns r grown by margin on every side (shrunk if margin is
// negative; the result may then be empty).
func (r Rect) Expand(margin float64) Rect {
	return Rect{
		Point{r.Min.X - margin, r.Min.Y - margin},
		Point{r.Max.X + margin, r.Max.Y + margin},
	}
}

// Polygon returns the four corners of r counter-clockwise from Min.
func (r Rect) Polygon() Polygon {
	return Polygon{r.Min, {r.Max.X, r.Min.Y}, r.Max, {r.Min.X, r.Max.Y}}
}

// DistToPoint returns the distance from p to the closest point of r, 0 when
// p is inside.
func (r Rect) DistToPoint(p Point) float64 {
	dx := math.Max(0, math.Max(r.Min.X-p.X, p.X-r.Max.X))
	dy := math.Max(0, math.Max(r.Min.Y-p.Y, p.Y-r.Max.Y))
	return hypot(dx, dy)
}

// clipParams returns the parameter range [t0, t1] of s inside r using the
// Liang–Barsky slab method, and false when s misses r. A segment that only
// touches r yields t0 == t1.
func (r Rect) clipParams(s Segment) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	d := s.B.Sub(s.A)
	clip := func(p, q float64) bool { // p*t <= q
		if p == 0 {
			return q >= 0
		}
		t := q / p
		if p < 0 {
			if t > t1 {
				return false
			}
			if t > t0 {
				t0 = t
			}
		} else {
			if t < t0 {
				return false
			}
			if t < t1 {
				t1 = t
			}
		}
		return true
	}
	if clip(-d.X, s.A.X-r.Min.X) && clip(d.X, r.Max.X-s.A.X) &&
		clip(-d.Y, s.A.Y-r.Min.Y) && clip(d.Y, r.Max.Y-s.A.Y) {
		return t0, t1, true
	}
	return 0, 0, false
}

// IntersectsSegment reports whether s has at least one point in r
// (touching counts).
func (r Rect) IntersectsSegment(s Segment) bool {
	// Separating axes: the two coordinate axes, then the segment's normal
	// (all four corners strictly on one side of its line).
	x0, x1 := s.A.X, s.B.X
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	y0, y1 := s.A.Y, s.B.Y
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	if x1 < r.Min.X || x0 > r.Max.X || y1 < r.Min.Y || y0 > r.Max.Y {
		return false
	}
	d := s.B.Sub(s.A)
	// Side of each corner relative to the line: d × (corner - A).
	x0, x1 = r.Min.X-s.A.X, r.Max.X-s.A.X
	y0, y1 = r.Min.Y-s.A.Y, r.Max.Y-s.A.Y
	c0 := d.X*y0 - d.Y*x0
	c1 := d.X*y0 - d.Y*x1
	c2 := d.X*y1 - d.Y*x1
	c3 := d.X*y1 - d.Y*x0
	return !(c0 > 0 && c1 > 0 && c2 > 0 && c3 > 0 || c0 < 0 && c1 < 0 && c2 < 0 && c3 < 0)
}

// Clip appends to dst the parameter interval of s that lies inside r, if it
// has positive length (a segment that only touches a corner yields nothing);
// a degenerate segment (no longer than Epsilon) inside r yields [0, 1].
func (r Rect) Clip(s Segment, dst []Interval) []Interval {
	return r.clip(s, dst, Epsilon)
}

// clip is Clip dropping intervals no longer than minLen inches.
func (r Rect) clip(s Segment, dst []Interval, minLen float64) []Interval {
	t0, t1, ok := r.clipParams(s)
	if !ok {
		return dst
	}
	l := s.Length()
	if l <= minLen {
		return append(dst, Interval{0, 1}) // a point, for our purposes
	}
	if (t1-t0)*l <= minLen {
		return dst
	}
	return append(dst, Interval{t0, t1})
}

// Grid yields the points of r on the lattice of multiples of step,
// column by column (x, then y within it), for a search over an area.
func (r Rect) Grid(step float64) iter.Seq[Point] {
	return func(yield func(Point) bool) {
		for x := math.Ceil(r.Min.X/step) * step; x <= r.Max.X; x += step {
			for y := math.Ceil(r.Min.Y/step) * step; y <= r.Max.Y; y += step {
				if !yield(Point{X: x, Y: y}) {
					return
				}
			}
		}
	}
}
