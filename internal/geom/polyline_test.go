package geom

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// TestPolylineNear checks Near against At sampled along the polyline and
// past its ends: every sample within r lies in the interval, and the
// interval's finite ends are themselves (nearly) within r.
func TestPolylineNear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(t, "n")
		pl := make(Polyline, n)
		for i := range pl {
			pl[i] = genPoint(-20, 20).Draw(t, "p")
		}
		if rapid.Bool().Draw(t, "repeat") && n > 1 {
			pl[1] = pl[0] // a leg of no length
		}
		c := genPoint(-25, 25).Draw(t, "c")
		r := rapid.Float64Range(0, 30).Draw(t, "r")
		lo, hi := pl.Near(c, r)
		total := pl.Length()
		for i := -4; i <= 404; i++ {
			d := total * float64(i) / 400
			if p := pl.PointAt(d); p.Dist(c) <= r-1e-9 && (d < lo || d > hi) {
				t.Fatalf("At(%v) = %v is %v from %v (r %v), outside [%v, %v]", d, p, p.Dist(c), c, r, lo, hi)
			}
		}
		for _, d := range []float64{lo, hi} {
			if lo <= hi && !math.IsInf(d, 0) {
				if p := pl.PointAt(d); p.Dist(c) > r+1e-6 {
					t.Fatalf("end %v of [%v, %v]: At is %v from %v, more than r %v", d, lo, hi, p.Dist(c), c, r)
				}
			}
		}
	})
}

func TestPolylineNearCases(t *testing.T) {
	pl := Polyline{{0, 0}, {10, 0}, {10, 10}}
	cases := []struct {
		c      Point
		r      float64
		lo, hi float64
	}{
		{Point{5, 2}, 4, 5 - math.Sqrt(12), 5 + math.Sqrt(12)}, // the first leg's chord
		{Point{0, 0}, 1, math.Inf(-1), 1},                      // the first point, and before it
		{Point{10, 10}, 2, 18, math.Inf(1)},                    // the last point, and beyond it
		{Point{5, 20}, 1, math.Inf(1), math.Inf(-1)},           // nowhere near
		{Point{12, 0}, 3, 9, 10 + math.Sqrt(5)},                // round the corner
	}
	for _, tc := range cases {
		lo, hi := pl.Near(tc.c, tc.r)
		if math.Abs(lo-tc.lo) > 1e-9 && lo != tc.lo || math.Abs(hi-tc.hi) > 1e-9 && hi != tc.hi {
			t.Errorf("Near(%v, %v) = [%v, %v], want [%v, %v]", tc.c, tc.r, lo, hi, tc.lo, tc.hi)
		}
	}
	if lo, hi := (Polyline{{1, 1}, {1, 1}}).Near(Point{1, 2}, 1.5); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("a polyline of no length within r: [%v, %v], want everywhere", lo, hi)
	}
}
