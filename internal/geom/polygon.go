package geom

import (
	"errors"
	"math"
	"math/bits"
)

// Polygon is a simple polygon given by its vertices in either orientation;
// the closing edge from the last vertex back to the first is implicit and the
// first vertex is not repeated. A Polygon includes its boundary.
type Polygon []Point

// Edge returns the i'th edge, from vertex i to vertex i+1 (wrapping).
func (pg Polygon) Edge(i int) Segment {
	j := i + 1
	if j == len(pg) {
		j = 0
	}
	return Segment{pg[i], pg[j]}
}

// SignedArea returns the area of pg, positive when its vertices run
// counter-clockwise and negative when clockwise.
func (pg Polygon) SignedArea() float64 {
	if len(pg) < 3 {
		return 0
	}
	var a float64
	prev := pg[len(pg)-1]
	for _, p := range pg {
		a += prev.Cross(p)
		prev = p
	}
	return a / 2
}

// Area returns the (unsigned) area of pg in square inches.
func (pg Polygon) Area() float64 { return math.Abs(pg.SignedArea()) }

// Perimeter returns the length of pg's boundary, closing edge included.
func (pg Polygon) Perimeter() float64 {
	if len(pg) < 2 {
		return 0
	}
	var l float64
	prev := pg[len(pg)-1]
	for _, p := range pg {
		l += prev.Dist(p)
		prev = p
	}
	return l
}

// Bounds returns the smallest Rect containing pg (empty for no vertices).
func (pg Polygon) Bounds() Rect { return RectFromPoints(pg...) }

// Reverse returns a copy of pg with its vertex order reversed. The copy
// describes the same region.
func (pg Polygon) Reverse() Polygon {
	r := make(Polygon, len(pg))
	for i, p := range pg {
		r[len(pg)-1-i] = p
	}
	return r
}

// Validate returns an error unless pg has at least 3 vertices, finite
// coordinates, positive area and no two non-adjacent edges touching (i.e. it
// is simple).
func (pg Polygon) Validate() error {
	if len(pg) < 3 {
		return errors.New("geom: polygon needs at least 3 vertices")
	}
	for _, p := range pg {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return errors.New("geom: polygon has a non-finite vertex")
		}
	}
	if pg.Area() <= Epsilon {
		return errors.New("geom: polygon has no area")
	}
	n := len(pg)
	for i := 0; i < n; i++ {
		if pg[i].Dist(pg[(i+1)%n]) <= Epsilon {
			return errors.New("geom: polygon has a repeated vertex")
		}
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue // adjacent through the closing edge
			}
			if _, _, ok := pg.Edge(i).Intersect(pg.Edge(j)); ok {
				return errors.New("geom: polygon edges cross (not simple)")
			}
		}
	}
	return nil
}

// Contains reports whether p lies in pg. Points on the boundary (within
// Epsilon of an edge or vertex) are considered in. The result does not
// depend on the orientation of pg.
func (pg Polygon) Contains(p Point) bool {
	if len(pg) < 3 {
		return false
	}
	return pg.containsOpen(p) || pg.onBoundary(p)
}

// containsOpen is the crossing-number test; its answer for points exactly
// on the boundary is unspecified.
func (pg Polygon) containsOpen(p Point) bool {
	in := false
	prev := pg[len(pg)-1]
	for _, cur := range pg {
		if (cur.Y > p.Y) != (prev.Y > p.Y) {
			x := cur.X + (p.Y-cur.Y)*(prev.X-cur.X)/(prev.Y-cur.Y)
			if p.X < x {
				in = !in
			}
		}
		prev = cur
	}
	return in
}

// onBoundary reports whether p is within Epsilon of an edge of pg.
func (pg Polygon) onBoundary(p Point) bool {
	prev := pg[len(pg)-1]
	const e2 = Epsilon * Epsilon
	for _, cur := range pg {
		if (Segment{prev, cur}).distSqToPoint(p) <= e2 {
			return true
		}
		prev = cur
	}
	return false
}

// DistToPoint returns the distance from p to pg: 0 when p is inside or on
// the boundary, otherwise the distance to the nearest edge.
func (pg Polygon) DistToPoint(p Point) float64 {
	if len(pg) == 0 {
		return math.Inf(1)
	}
	if len(pg) >= 3 && pg.containsOpen(p) {
		return 0
	}
	return math.Sqrt(pg.distSqToBoundary(p))
}

// DistToBoundary returns the distance from p to pg's outline, inside or
// out.
func (pg Polygon) DistToBoundary(p Point) float64 {
	if len(pg) == 0 {
		return math.Inf(1)
	}
	return math.Sqrt(pg.distSqToBoundary(p))
}

func (pg Polygon) distSqToBoundary(p Point) float64 {
	best := math.Inf(1)
	prev := pg[len(pg)-1]
	for _, cur := range pg {
		if d := (Segment{prev, cur}).distSqToPoint(p); d < best {
			best = d
		}
		prev = cur
	}
	return best
}

// IntersectsSegment reports whether s has at least one point in pg; a
// segment touching the boundary at a single point intersects.
func (pg Polygon) IntersectsSegment(s Segment) bool {
	if len(pg) < 3 {
		return false
	}
	d := s.B.Sub(s.A)
	l := d.Norm()
	if l <= Epsilon {
		return pg.Contains(s.A)
	}
	tol := Epsilon * l // a side value within tol is within Epsilon of the line
	prev := pg[len(pg)-1]
	sp := d.Cross(prev.Sub(s.A))
	for _, cur := range pg {
		sc := d.Cross(cur.Sub(s.A))
		// Only edges reaching the line through s can touch s.
		if !(sp > tol && sc > tol || sp < -tol && sc < -tol) {
			if (sp > tol && sc < -tol || sp < -tol && sc > tol) && properCross(s, d, prev, cur) {
				return true
			}
			if _, _, ok := s.Intersect(Segment{prev, cur}); ok {
				return true
			}
		}
		prev, sp = cur, sc
	}
	// No boundary contact: s is wholly inside or wholly outside.
	return pg.containsOpen(s.A)
}

// Clip appends to dst the parameter intervals of s that lie inside pg,
// sorted and merged, and returns the extended slice. It does not allocate
// when dst has room for the result and s crosses fewer than about 20 edges
// of pg.
//
// Works for concave polygons and for segments that start or end inside.
// Because the boundary belongs to the polygon, a part of s running along an
// edge counts as inside, and intervals that meet are merged. Intervals of
// zero length (s merely touching the boundary at one point, e.g. grazing a
// vertex) are not reported. A degenerate segment (no longer than Epsilon)
// yields [0, 1] when its point is contained.
func (pg Polygon) Clip(s Segment, dst []Interval) []Interval {
	n := len(pg)
	if n < 3 {
		return dst
	}
	d := s.B.Sub(s.A)
	dd := d.Dot(d)
	if dd <= Epsilon*Epsilon {
		if pg.Contains(s.A) {
			dst = append(dst, Interval{0, 1})
		}
		return dst
	}
	l := math.Sqrt(dd)
	eps := Epsilon / l // Epsilon as a parameter along s
	tol := Epsilon * l // a side value within tol is within Epsilon of the line
	var buf [24]float64
	// proper stays true while no vertex lies on the line through s; every
	// crossing of the line is then transversal, so inside and outside
	// alternate along the line, starting outside far before A.
	ts := append(buf[:0], 0)
	proper := true
	before := 0 // crossings of the line before A
	if n <= 64 {
		// Classify every vertex first, without branches, then visit only
		// the edges that reach the line: usually none or two.
		pos, neg := sideMasks(pg, s.A, d, tol)
		full := uint64(1)<<n - 1 // n == 64 wraps to all ones
		prevPos := (pos<<1 | pos>>(n-1)) & full
		prevNeg := (neg<<1 | neg>>(n-1)) & full
		m := full &^ (pos&prevPos | neg&prevNeg)
		if m == 0 {
			return dst // the line through s misses pg
		}
		for ; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			j := i - 1
			if i == 0 {
				j = n - 1
			}
			cp := int(prevPos>>i&1) - int(prevNeg>>i&1)
			cc := int(pos>>i&1) - int(neg>>i&1)
			if cp*cc == 0 {
				// Through a vertex or along the line: the general case.
				ts = clipEdge(ts, &proper, &before, s, d, dd, eps, pg[j], pg[i], cp, cc)
				continue
			}
			// A clean crossing.
			prev, cur := pg[j], pg[i]
			e := cur.Sub(prev)
			t := prev.Sub(s.A).Cross(e) / d.Cross(e)
			switch {
			case t > eps && t < 1-eps:
				ts = append(ts, t)
			case t <= eps:
				if t >= -eps {
					proper = false // on A: parity at A is ambiguous
				}
				before++
			}
		}
	} else {
		prev := pg[n-1]
		cp := sideClass(d.Cross(prev.Sub(s.A)), tol)
		for _, cur := range pg {
			cc := sideClass(d.X*(cur.Y-s.A.Y)-d.Y*(cur.X-s.A.X), tol)
			if cp*cc <= 0 {
				ts = clipEdge(ts, &proper, &before, s, d, dd, eps, prev, cur, cp, cc)
			}
			prev, cp = cur, cc
		}
	}
	ts = append(ts, 1)
	sortFloats(ts)
	// Drop breakpoints closer than eps to the previous one.
	k := 1
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[k-1] > eps {
			ts[k] = ts[i]
			k++
			continue
		}
		if i == len(ts)-1 {
			ts[k-1] = 1 // keep the end exactly at 1
		} else {
			proper = false // two crossings merged: parity is unreliable
		}
	}
	ts = ts[:k]
	base := len(dst)
	in := before%2 == 1
	for i := 0; i+1 < len(ts); i++ {
		t0, t1 := ts[i], ts[i+1]
		switch {
		case !proper:
			in = pg.Contains(s.At((t0 + t1) / 2))
		case i > 0:
			in = !in
		}
		if !in {
			continue
		}
		if n := len(dst); n > base && dst[n-1].T1 >= t0 {
			dst[n-1].T1 = t1
			continue
		}
		dst = append(dst, Interval{t0, t1})
	}
	return dst
}

// clipEdge records in ts, proper and before (see Polygon.Clip) how the
// edge from prev to cur meets the line through s, given that it is not
// wholly on one side: cp and cc are the sides (1, -1 or 0 for on the line)
// of prev and cur. It returns the extended ts.
func clipEdge(ts []float64, proper *bool, before *int, s Segment, d Point, dd, eps float64, prev, cur Point, cp, cc int) []float64 {
	if cp == 0 && cc == 0 {
		// The edge lies along the line.
		*proper = false
		if t := prev.Sub(s.A).Dot(d) / dd; t > eps && t < 1-eps {
			ts = append(ts, t)
		}
		if t := cur.Sub(s.A).Dot(d) / dd; t > eps && t < 1-eps {
			ts = append(ts, t)
		}
		return ts
	}
	if cp == 0 || cc == 0 {
		*proper = false // through a vertex
	}
	e := cur.Sub(prev)
	t := prev.Sub(s.A).Cross(e) / d.Cross(e)
	switch {
	case t > eps && t < 1-eps:
		ts = append(ts, t)
	case t <= eps:
		if t >= -eps {
			*proper = false // on A: parity at A is ambiguous
		}
		*before++
	}
	return ts
}

// sideMasks classifies the vertices of pg (at most 64) against the line
// through a with direction d: bit i of pos is set when vertex i is more
// than tol (in units of the cross product) to the left, of neg when more
// than tol to the right.
func sideMasks(pg Polygon, a, d Point, tol float64) (pos, neg uint64) {
	for i := len(pg) - 1; i >= 0; i-- {
		p := pg[i]
		v := d.X*(p.Y-a.Y) - d.Y*(p.X-a.X)
		pos = pos<<1 | b2u(v > tol)
		neg = neg<<1 | b2u(v < -tol)
	}
	return pos, neg
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// LengthInside returns the length, in inches, of the part of s inside pg.
// It is never more than s.Length().
func (pg Polygon) LengthInside(s Segment) float64 {
	var buf [8]Interval
	return TotalLen(pg.Clip(s, buf[:0])) * s.Length()
}

// sideClass returns 1 when a side value v is beyond tol, -1 when below -tol
// and 0 in between (on the line).
func sideClass(v, tol float64) int {
	return b2i(v > tol) - b2i(v < -tol)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// properCross reports whether s (with direction d = s.B-s.A) crosses the
// segment from p to q well clear of every tolerance: given that p and q lie
// on opposite sides of the line through s, farther than Epsilon from it, it
// checks that s.A and s.B lie on opposite sides of the line through p and q,
// also farther than Epsilon, and that the lines meet at more than about
// 0.06°. s.Intersect(Segment{p, q}) then certainly reports a crossing, and
// the caller can skip its square roots and divisions. A false result says
// nothing.
func properCross(s Segment, d, p, q Point) bool {
	e := q.Sub(p)
	ee := e.Dot(e)
	ea := e.X*(s.A.Y-p.Y) - e.Y*(s.A.X-p.X)
	eb := e.X*(s.B.Y-p.Y) - e.Y*(s.B.X-p.X)
	if !(ea > 0 && eb < 0 || ea < 0 && eb > 0) {
		return false
	}
	const e2 = Epsilon * Epsilon
	den := d.Cross(e)
	return ea*ea > e2*ee && eb*eb > e2*ee && den*den > 1e-6*d.Dot(d)*ee
}
