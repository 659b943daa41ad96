package scenario

import (
	"math"
	"testing"
)

// TestOverlapArea: the area two simple polygons share, whatever their
// orientation, convex or not; zones that only touch share none.
func TestOverlapArea(t *testing.T) {
	rect := func(x0, y0, x1, y1 float64) [][2]float64 {
		return [][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
	}
	reverse := func(p [][2]float64) [][2]float64 {
		r := make([][2]float64, len(p))
		for i, q := range p {
			r[len(p)-1-i] = q
		}
		return r
	}
	// A U open to the north: the notch is [4, 6]×[2, 10].
	u := [][2]float64{{0, 0}, {10, 0}, {10, 10}, {6, 10}, {6, 2}, {4, 2}, {4, 10}, {0, 10}}
	for _, c := range []struct {
		name string
		a, b [][2]float64
		want float64
	}{
		{"identical", rect(0, 0, 10, 10), rect(0, 0, 10, 10), 100},
		{"identical, opposite orientations", rect(0, 0, 10, 10), reverse(rect(0, 0, 10, 10)), 100},
		{"touching along an edge", rect(0, 0, 72, 6), rect(0, 6, 72, 12), 0},
		{"touching along part of an edge", rect(0, 0, 10, 10), rect(3, 10, 7, 20), 0},
		{"touching at a corner", rect(0, 0, 10, 10), rect(10, 10, 20, 20), 0},
		{"apart", rect(0, 0, 10, 10), rect(11, 0, 20, 10), 0},
		{"one inside the other", rect(0, 0, 10, 10), rect(2, 2, 4, 5), 6},
		{"sharing an edge, overlapping", rect(0, 0, 10, 10), rect(5, 0, 15, 5), 25},
		{"a cross", rect(0, 4, 10, 6), rect(4, 0, 6, 10), 4},
		{"in a U's notch", u, rect(4, 2, 6, 12), 0},
		{"across a U's notch", u, rect(2, 4, 8, 6), 8},
		{"a collinear point", [][2]float64{{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}}, rect(8, -2, 12, 2), 4},
		{"triangles", [][2]float64{{0, 0}, {4, 0}, {0, 4}}, [][2]float64{{0, 0}, {4, 0}, {4, 4}}, 4},
	} {
		for _, swap := range []bool{false, true} {
			a, b := c.a, c.b
			if swap {
				a, b = b, a
			}
			if got := overlapArea(a, b); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("%s (swapped %v): overlapArea = %v, want %v", c.name, swap, got, c.want)
			}
		}
	}
}

// TestTrianglesCoverPolygon: ear clipping cuts a polygon into triangles
// whose areas add up to its own.
func TestTrianglesCoverPolygon(t *testing.T) {
	for _, p := range [][][2]float64{
		{{0, 0}, {10, 0}, {10, 10}, {6, 10}, {6, 2}, {4, 2}, {4, 10}, {0, 10}},
		{{8, 22}, {12, 19}, {18, 20}, {21, 24}, {20, 29}, {15, 32}, {10, 30}, {7, 26}},
		{{0, 0}, {5, 0}, {10, 0}, {10, 10}, {5, 10}, {0, 10}},
		{{0, 0}, {2, 5}, {0, 10}, {10, 10}, {8, 5}, {10, 0}},
	} {
		var sum float64
		for _, tr := range triangles(p) {
			sum += area(tr[:])
		}
		if want := math.Abs(area(p)); math.Abs(sum-want) > 1e-9 {
			t.Errorf("triangles(%v) cover %v square inches, want %v", p, sum, want)
		}
	}
}
