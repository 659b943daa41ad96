package geom

import (
	"math"
	"testing"
)

// infantry is a unit in line facing +Y (up the table): 4" wide, 1" deep,
// centred at (10, 10), so its front edge runs from (8,10.5) to (12,10.5).
var infantry = Box{Center: Pt(10, 10), Heading: Deg(90), Length: 1, Width: 4}

func TestBoxCorners(t *testing.T) {
	got := infantry.Corners()
	want := [4]Point{Pt(8, 10.5), Pt(12, 10.5), Pt(12, 9.5), Pt(8, 9.5)} // FL, FR, RR, RL
	for i := range want {
		if !nearPt(got[i], want[i]) {
			t.Errorf("Corners() = %v, want %v", got, want)
			break
		}
	}
	if fe := infantry.FrontEdge(); !nearPt(fe.A, want[0]) || !nearPt(fe.B, want[1]) {
		t.Errorf("FrontEdge() = %v, want {%v %v}", fe, want[0], want[1])
	}
	if re := infantry.RearEdge(); !nearPt(re.A, want[3]) || !nearPt(re.B, want[2]) {
		t.Errorf("RearEdge() = %v, want {%v %v}", re, want[3], want[2])
	}
	if b := infantry.Bounds(); !nearPt(b.Min, Pt(8, 9.5)) || !nearPt(b.Max, Pt(12, 10.5)) {
		t.Errorf("Bounds() = %v", b)
	}
	if a := infantry.Polygon().Area(); !near(a, 4) {
		t.Errorf("Polygon().Area() = %v, want 4", a)
	}
}

func TestBoxContainsDist(t *testing.T) {
	tests := []struct {
		name string
		p    Point
		in   bool
		dist float64
	}{
		{"centre", Pt(10, 10), true, 0},
		{"front edge", Pt(11, 10.5), true, 0},
		{"corner", Pt(12, 9.5), true, 0},
		{"ahead", Pt(10, 13.5), false, 3},
		{"beyond right", Pt(15, 10), false, 3},
		{"diagonal off corner", Pt(15, 14.5), false, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := infantry.Contains(tt.p); got != tt.in {
				t.Errorf("Contains(%v) = %v, want %v", tt.p, got, tt.in)
			}
			if got := infantry.DistToPoint(tt.p); !near(got, tt.dist) {
				t.Errorf("DistToPoint(%v) = %v, want %v", tt.p, got, tt.dist)
			}
		})
	}
}

func TestBoxDistance(t *testing.T) {
	tests := []struct {
		name     string
		o        Box
		dist     float64
		overlaps bool
	}{
		{"base contact front to front", Box{Center: Pt(10, 11), Heading: Deg(-90), Length: 1, Width: 4}, 0, false},
		{"touching at a corner", Box{Center: Pt(14, 11), Heading: Deg(90), Length: 1, Width: 4}, 0, false},
		{"overlapping", Box{Center: Pt(11, 10.2), Heading: Deg(0), Length: 2, Width: 2}, 0, true},
		{"crossed, no corner inside", Box{Center: Pt(10, 10), Heading: Deg(0), Length: 0.5, Width: 6}, 0, true},
		{"inside", Box{Center: Pt(10, 10), Heading: Deg(30), Length: 0.2, Width: 0.2}, 0, true},
		{"6 inches ahead", Box{Center: Pt(10, 17), Heading: Deg(-90), Length: 1, Width: 4}, 6, false},
		{"3-4-5 off the corner", Box{Center: Pt(16.5, 15.5), Heading: Deg(90), Length: 2, Width: 3}, 5, false},
		{"rotated 45 corner first", Box{Center: Pt(10, 10.5+2+math.Sqrt2), Heading: Deg(45), Length: 2, Width: 2}, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := infantry.Distance(tt.o); !near(got, tt.dist) {
				t.Errorf("Distance(%v) = %v, want %v", tt.o, got, tt.dist)
			}
			if got := tt.o.Distance(infantry); !near(got, tt.dist) {
				t.Errorf("reversed Distance = %v, want %v", got, tt.dist)
			}
			if got := infantry.Overlaps(tt.o); got != tt.overlaps {
				t.Errorf("Overlaps(%v) = %v, want %v", tt.o, got, tt.overlaps)
			}
		})
	}
}

func TestBoxBehind(t *testing.T) {
	tests := []struct {
		name string
		o    Box
		want bool
	}{
		{"wholly behind", Box{Center: Pt(10, 5), Heading: Deg(90), Length: 1, Width: 4}, true},
		{"in base contact behind", Box{Center: Pt(10, 9), Heading: Deg(90), Length: 1, Width: 4}, true},
		{"itself (front edge on the line)", infantry, false},
		{"straddling the front line", Box{Center: Pt(20, 10.5), Heading: Deg(0), Length: 2, Width: 2}, false},
		{"touching the front line", Box{Center: Pt(20, 9.5), Heading: Deg(90), Length: 2, Width: 2}, false},
		{"ahead", Box{Center: Pt(10, 15), Heading: Deg(-90), Length: 1, Width: 4}, false},
		{"far to the side but behind the line", Box{Center: Pt(40, 0), Heading: Deg(0), Length: 1, Width: 1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := infantry.Behind(tt.o); got != tt.want {
				t.Errorf("Behind(%v) = %v, want %v", tt.o, got, tt.want)
			}
		})
	}
}

func TestBoxHitFacing(t *testing.T) {
	// infantry: front corners (8,10.5) and (12,10.5); the front zone's
	// 45° lines run up-left from (8,10.5) and up-right from (12,10.5).
	tests := []struct {
		name string
		p    Point
		want Facing
	}{
		{"dead ahead", Pt(10, 20), Front},
		{"ahead, off the corner inside 45°", Pt(14, 13), Front},
		{"exactly on the 45° line", Pt(14, 12.5), Front},
		{"just outside the 45° line", Pt(14.01, 12.5), Side},
		{"level with the flank", Pt(20, 10), Side},
		{"dead behind", Pt(10, 0), Rear},
		{"on the rear 45° line", Pt(5, 6.5), Rear},
		{"behind, wide", Pt(2, 8), Side},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := infantry.HitFacing(tt.p); got != tt.want {
				t.Errorf("HitFacing(%v) = %v, want %v", tt.p, got, tt.want)
			}
		})
	}
}

func TestBoxClip(t *testing.T) {
	tests := []struct {
		name string
		s    Segment
		want []Interval
	}{
		{"through the width", Seg(Pt(6, 10), Pt(14, 10)), []Interval{{0.25, 0.75}}},
		{"along the front edge", Seg(Pt(6, 10.5), Pt(14, 10.5)), []Interval{{0.25, 0.75}}},
		{"grazing a corner", Seg(Pt(11, 11.5), Pt(13, 9.5)), nil},
		{"miss", Seg(Pt(0, 0), Pt(0, 20)), nil},
		{"from inside", Seg(Pt(10, 10), Pt(10, 20)), []Interval{{0, 0.05}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := infantry.Clip(tt.s, nil); !nearIntervals(got, tt.want) {
				t.Errorf("Clip(%v) = %v, want %v", tt.s, got, tt.want)
			}
		})
	}
}

func TestInArc(t *testing.T) {
	o := Pt(0, 0)
	tests := []struct {
		name   string
		facing Angle
		half   Angle
		p      Point
		want   bool
	}{
		{"ahead", 0, Deg(45), Pt(10, 1), true},
		{"on the boundary", 0, Deg(45), Pt(10, 10), true},
		{"just outside", 0, Deg(45), Pt(10, 10.01), false},
		{"behind", 0, Deg(90), Pt(-1, 0.5), false},
		{"all round", 0, Deg(180), Pt(-1, 0), true},
		{"across ±180", Deg(180), Deg(10), Pt(-10, -1), true},
		{"origin itself", 0, Deg(1), o, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := InArc(o, tt.facing, tt.half, tt.p); got != tt.want {
				t.Errorf("InArc(%v, %v, %v, %v) = %v, want %v", o, tt.facing, tt.half, tt.p, got, tt.want)
			}
		})
	}
	if !infantry.InArc(Deg(45), Pt(10, 20)) || infantry.InArc(Deg(45), Pt(10, 0)) {
		t.Errorf("Box.InArc wrong for %v", infantry)
	}
}

func TestCircle(t *testing.T) {
	c := Circle{C: Pt(0, 0), R: 3}
	if !c.Contains(Pt(3, 0)) || c.Contains(Pt(3, 0.1)) {
		t.Errorf("Contains wrong at the rim")
	}
	clips := []struct {
		name string
		s    Segment
		want []Interval
	}{
		{"diameter", Seg(Pt(-5, 0), Pt(5, 0)), []Interval{{0.2, 0.8}}},
		{"tangent", Seg(Pt(-5, 3), Pt(5, 3)), nil},
		{"from centre", Seg(Pt(0, 0), Pt(6, 0)), []Interval{{0, 0.5}}},
		{"inside", Seg(Pt(-1, 0), Pt(1, 0)), []Interval{{0, 1}}},
		{"miss", Seg(Pt(-5, 4), Pt(5, 4)), nil},
		{"degenerate inside", Seg(Pt(1, 1), Pt(1, 1)), []Interval{{0, 1}}},
	}
	for _, tt := range clips {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Clip(tt.s, nil); !nearIntervals(got, tt.want) {
				t.Errorf("Clip(%v) = %v, want %v", tt.s, got, tt.want)
			}
		})
	}
	b := Box{Center: Pt(10, 0), Heading: 0, Length: 2, Width: 2}
	if got := c.DistCenterToBox(b); !near(got, 9) {
		t.Errorf("DistCenterToBox = %v, want 9", got)
	}
	if got := c.DistToBox(b); !near(got, 6) {
		t.Errorf("DistToBox = %v, want 6", got)
	}
	if got, want := c.Bounds(), (Rect{Pt(-3, -3), Pt(3, 3)}); got != want {
		t.Errorf("Bounds = %v, want %v", got, want)
	}
}
