package geom

import "testing"

// TestRectGrid: the lattice of multiples of the step inside the rectangle,
// column by column, stopping when asked.
func TestRectGrid(t *testing.T) {
	r := Rect{Min: Point{X: 0.3, Y: -0.6}, Max: Point{X: 1.1, Y: 0}}
	var got []Point
	for p := range r.Grid(0.5) {
		got = append(got, p)
	}
	want := []Point{{0.5, -0.5}, {0.5, 0}, {1, -0.5}, {1, 0}}
	if len(got) != len(want) {
		t.Fatalf("Grid(0.5) = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Grid(0.5) = %v, want %v", got, want)
		}
	}
	n := 0
	for range r.Grid(0.5) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("a loop that breaks at once saw %d points", n)
	}
}
