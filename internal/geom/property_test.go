package geom

import (
	"math"
	"sort"
	"testing"

	"pgregory.net/rapid"
)

func genPoint(lo, hi float64) *rapid.Generator[Point] {
	return rapid.Custom(func(t *rapid.T) Point {
		return Point{rapid.Float64Range(lo, hi).Draw(t, "x"), rapid.Float64Range(lo, hi).Draw(t, "y")}
	})
}

func genSegment() *rapid.Generator[Segment] {
	return rapid.Custom(func(t *rapid.T) Segment {
		return Segment{genPoint(-20, 20).Draw(t, "a"), genPoint(-20, 20).Draw(t, "b")}
	})
}

func genBox() *rapid.Generator[Box] {
	return rapid.Custom(func(t *rapid.T) Box {
		return Box{
			Center:  genPoint(-20, 20).Draw(t, "c"),
			Heading: Angle(rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "h")),
			Length:  rapid.Float64Range(0.5, 8).Draw(t, "l"),
			Width:   rapid.Float64Range(0.5, 8).Draw(t, "w"),
		}
	})
}

// genPolygon returns a star-shaped (often concave) simple polygon: vertices
// at increasing angles around a centre with random radii.
func genPolygon() *rapid.Generator[Polygon] {
	return rapid.Custom(func(t *rapid.T) Polygon {
		n := rapid.IntRange(3, 12).Draw(t, "n")
		c := genPoint(-5, 5).Draw(t, "centre")
		angles := make([]float64, n)
		for i := range angles {
			// Spread the angles so that no two coincide.
			angles[i] = (float64(i) + rapid.Float64Range(0.05, 0.95).Draw(t, "a")) * 2 * math.Pi / float64(n)
		}
		sort.Float64s(angles)
		pg := make(Polygon, n)
		for i, a := range angles {
			r := rapid.Float64Range(1, 10).Draw(t, "r")
			pg[i] = c.Add(Dir(Angle(a)).Mul(r))
		}
		return pg
	})
}

func TestPropBoxDistanceSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genBox().Draw(t, "a"), genBox().Draw(t, "b")
		if d1, d2 := a.Distance(b), b.Distance(a); d1 != d2 {
			t.Fatalf("a.Distance(b) = %v, b.Distance(a) = %v", d1, d2)
		}
		if a.Overlaps(b) != b.Overlaps(a) {
			t.Fatalf("Overlaps not symmetric")
		}
		if a.Overlaps(b) && a.Distance(b) != 0 {
			t.Fatalf("overlapping boxes at distance %v", a.Distance(b))
		}
	})
}

func TestPropBoxDistanceMatchesEdges(t *testing.T) {
	// Distance equals the brute-force minimum over edge pairs when the boxes
	// do not overlap.
	rapid.Check(t, func(t *rapid.T) {
		a, b := genBox().Draw(t, "a"), genBox().Draw(t, "b")
		pa, pb := a.Polygon(), b.Polygon()
		want := math.Inf(1)
		for i := range pa {
			for j := range pb {
				want = math.Min(want, pa.Edge(i).DistToSegment(pb.Edge(j)))
			}
		}
		if pa.Contains(pb[0]) || pb.Contains(pa[0]) {
			want = 0
		}
		if got := a.Distance(b); math.Abs(got-want) > 1e-7 {
			t.Fatalf("Distance = %v, brute force %v", got, want)
		}
	})
}

func TestPropInvariance(t *testing.T) {
	// Distances do not change when everything is rotated and translated.
	rapid.Check(t, func(t *rapid.T) {
		a, b := genBox().Draw(t, "a"), genBox().Draw(t, "b")
		s, o := genSegment().Draw(t, "s"), genSegment().Draw(t, "o")
		rot := Angle(rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "rot"))
		off := genPoint(-50, 50).Draw(t, "off")
		move := func(p Point) Point { return p.Rotate(rot).Add(off) }
		moveBox := func(b Box) Box { b.Center = move(b.Center); b.Heading += rot; return b }
		moveSeg := func(s Segment) Segment { return Segment{move(s.A), move(s.B)} }
		const tol = 1e-7
		if d1, d2 := a.Distance(b), moveBox(a).Distance(moveBox(b)); math.Abs(d1-d2) > tol {
			t.Fatalf("Box.Distance %v moved %v", d1, d2)
		}
		if d1, d2 := s.DistToSegment(o), moveSeg(s).DistToSegment(moveSeg(o)); math.Abs(d1-d2) > tol {
			t.Fatalf("DistToSegment %v moved %v", d1, d2)
		}
		if d1, d2 := a.DistToPoint(s.A), moveBox(a).DistToPoint(move(s.A)); math.Abs(d1-d2) > tol {
			t.Fatalf("Box.DistToPoint %v moved %v", d1, d2)
		}
		l1 := a.Polygon().LengthInside(s)
		l2 := moveBox(a).Polygon().LengthInside(moveSeg(s))
		if math.Abs(l1-l2) > 1e-6 {
			t.Fatalf("LengthInside %v moved %v", l1, l2)
		}
	})
}

func TestPropIntersectSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, o := genSegment().Draw(t, "s"), genSegment().Draw(t, "o")
		t1, u1, ok1 := s.Intersect(o)
		t2, u2, ok2 := o.Intersect(s)
		if ok1 != ok2 {
			t.Fatalf("s.Intersect(o) ok=%v, o.Intersect(s) ok=%v", ok1, ok2)
		}
		if !ok1 {
			if s.DistToSegment(o) <= 0 {
				t.Fatalf("no intersection but distance 0")
			}
			return
		}
		if d := s.B.Sub(s.A).Cross(o.B.Sub(o.A)); math.Abs(d) > 1e-6 && (math.Abs(t1-u2) > 1e-9 || math.Abs(u1-t2) > 1e-9) {
			t.Fatalf("params (%v,%v) vs swapped (%v,%v)", t1, u1, t2, u2)
		}
		if d := s.At(t1).Dist(o.At(u1)); d > 1e-7 {
			t.Fatalf("intersection points %v and %v differ by %v", s.At(t1), o.At(u1), d)
		}
		if d := o.At(t2).Dist(s.At(u2)); d > 1e-7 {
			t.Fatalf("swapped intersection points %v and %v differ by %v", o.At(t2), s.At(u2), d)
		}
		if s.DistToSegment(o) != 0 || o.DistToSegment(s) != 0 {
			t.Fatalf("intersecting segments at non-zero distance")
		}
	})
}

func TestPropClipConsistentWithContains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pg := genPolygon().Draw(t, "pg")
		s := genSegment().Draw(t, "s")
		if rapid.Bool().Draw(t, "reverse") {
			pg = pg.Reverse()
		}
		ivs := pg.Clip(s, nil)
		prev := -1.0
		for _, iv := range ivs {
			if iv.T0 < 0 || iv.T1 > 1 || iv.T0 > iv.T1 || iv.T0 <= prev {
				t.Fatalf("bad intervals %v", ivs)
			}
			prev = iv.T1
		}
		l := s.Length()
		if li := pg.LengthInside(s); li > l+1e-9 {
			t.Fatalf("LengthInside %v > length %v", li, l)
		}
		for i := 0; i <= 50; i++ {
			tt := float64(i) / 50
			p := s.At(tt)
			in := false
			for _, iv := range ivs {
				if iv.Contains(tt) {
					in = true
				}
			}
			// Skip samples right at an interval end, where rounding decides.
			nearEnd := false
			for _, iv := range ivs {
				if math.Abs(iv.T0-tt)*l < 1e-6 || math.Abs(iv.T1-tt)*l < 1e-6 {
					nearEnd = true
				}
			}
			if nearEnd || pg.DistToPoint(p) == 0 && pg.distSqToBoundary(p) < 1e-12 {
				continue
			}
			if in != pg.Contains(p) {
				t.Fatalf("t=%v %v: in clip %v, Contains %v; intervals %v", tt, p, in, pg.Contains(p), ivs)
			}
		}
	})
}

func TestPropContainsReversal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pg := genPolygon().Draw(t, "pg")
		p := genPoint(-16, 16).Draw(t, "p")
		if pg.Contains(p) != pg.Reverse().Contains(p) {
			t.Fatalf("Contains(%v) differs after reversal", p)
		}
		// Vertices and edge midpoints are on the boundary, hence in.
		i := rapid.IntRange(0, len(pg)-1).Draw(t, "i")
		if !pg.Contains(pg[i]) || !pg.Contains(pg.Edge(i).At(0.5)) {
			t.Fatalf("boundary point not contained")
		}
	})
}

func TestPropCircleClip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := Circle{C: genPoint(-10, 10).Draw(t, "c"), R: rapid.Float64Range(0.5, 10).Draw(t, "r")}
		s := genSegment().Draw(t, "s")
		ivs := c.Clip(s, nil)
		for i := 1; i < 20; i++ {
			tt := float64(i) / 20
			in := len(ivs) == 1 && ivs[0].Contains(tt)
			d := c.C.Dist(s.At(tt))
			if math.Abs(d-c.R) < 1e-6 {
				continue
			}
			if in != (d < c.R) {
				t.Fatalf("t=%v: in clip %v, distance %v radius %v", tt, in, d, c.R)
			}
		}
	})
}

// RoughRadius bounds a box: every corner lies within it of the centre,
// it is never under half the diagonal (Frame.Radius), and two boxes are
// never closer than their centres' distance less both radii.
func TestPropBoxRoughRadiusBounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genBox().Draw(t, "a"), genBox().Draw(t, "b")
		for _, c := range a.Corners() {
			if d := c.Dist(a.Center); d > a.RoughRadius()+1e-12 {
				t.Fatalf("corner %v is %v from the centre, rough radius %v", c, d, a.RoughRadius())
			}
		}
		if a.RoughRadius() < a.Frame().Radius() {
			t.Fatalf("rough radius %v under half the diagonal %v", a.RoughRadius(), a.Frame().Radius())
		}
		if lb, d := a.Center.Dist(b.Center)-a.RoughRadius()-b.RoughRadius(), a.Distance(b); d < lb-1e-9 {
			t.Fatalf("distance %v below the radii's bound %v", d, lb)
		}
	})
}
