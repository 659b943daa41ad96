package geom

import "testing"

func TestSegmentBasics(t *testing.T) {
	s := Seg(Pt(0, 0), Pt(10, 0))
	if got := s.Length(); got != 10 {
		t.Errorf("Length() = %v, want 10", got)
	}
	if got, want := s.At(0.25), Pt(2.5, 0); got != want {
		t.Errorf("At(0.25) = %v, want %v", got, want)
	}
	closest := []struct {
		name  string
		p     Point
		wantT float64
		wantQ Point
		dist  float64
	}{
		{"above middle", Pt(4, 3), 0.4, Pt(4, 0), 3},
		{"before A", Pt(-3, 4), 0, Pt(0, 0), 5},
		{"after B", Pt(13, -4), 1, Pt(10, 0), 5},
		{"on segment", Pt(7, 0), 0.7, Pt(7, 0), 0},
	}
	for _, tt := range closest {
		t.Run(tt.name, func(t *testing.T) {
			gt, gq := s.ClosestPoint(tt.p)
			if !near(gt, tt.wantT) || !nearPt(gq, tt.wantQ) {
				t.Errorf("ClosestPoint(%v) = %v, %v, want %v, %v", tt.p, gt, gq, tt.wantT, tt.wantQ)
			}
			if got := s.DistToPoint(tt.p); !near(got, tt.dist) {
				t.Errorf("DistToPoint(%v) = %v, want %v", tt.p, got, tt.dist)
			}
		})
	}
	deg := Seg(Pt(1, 1), Pt(1, 1))
	if gt, gq := deg.ClosestPoint(Pt(5, 5)); gt != 0 || gq != deg.A {
		t.Errorf("degenerate ClosestPoint = %v, %v, want 0, %v", gt, gq, deg.A)
	}
}

func TestSegmentIntersect(t *testing.T) {
	tests := []struct {
		name string
		s, o Segment
		ok   bool
		t, u float64
		dist float64
	}{
		{"cross", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(5, -5), Pt(5, 5)), true, 0.5, 0.5, 0},
		{"miss", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(5, 1), Pt(5, 5)), false, 0, 0, 1},
		{"T touch at o's end", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(5, 0), Pt(5, 5)), true, 0.5, 0, 0},
		{"endpoints touch", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(10, 0), Pt(10, 5)), true, 1, 0, 0},
		{"parallel apart", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(0, 2), Pt(10, 2)), false, 0, 0, 2},
		{"collinear overlap", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(12, 0), Pt(4, 0)), true, 0.4, 1, 0},
		{"collinear overlap starting before", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(-5, 0), Pt(5, 0)), true, 0, 0.5, 0},
		{"collinear touching ends", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(10, 0), Pt(15, 0)), true, 1, 0, 0},
		{"collinear disjoint", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(11, 0), Pt(15, 0)), false, 0, 0, 1},
		{"degenerate on segment", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(3, 0), Pt(3, 0)), true, 0.3, 0, 0},
		{"degenerate off segment", Seg(Pt(0, 0), Pt(10, 0)), Seg(Pt(3, 1), Pt(3, 1)), false, 0, 0, 1},
		{"both degenerate same", Seg(Pt(2, 2), Pt(2, 2)), Seg(Pt(2, 2), Pt(2, 2)), true, 0, 0, 0},
		{"both degenerate apart", Seg(Pt(2, 2), Pt(2, 2)), Seg(Pt(2, 5), Pt(2, 5)), false, 0, 0, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gt, gu, ok := tt.s.Intersect(tt.o)
			if ok != tt.ok || (ok && (!near(gt, tt.t) || !near(gu, tt.u))) {
				t.Errorf("%v.Intersect(%v) = %v, %v, %v, want %v, %v, %v", tt.s, tt.o, gt, gu, ok, tt.t, tt.u, tt.ok)
			}
			if _, _, ok2 := tt.o.Intersect(tt.s); ok2 != tt.ok {
				t.Errorf("reversed Intersect ok = %v, want %v", ok2, tt.ok)
			}
			if got := tt.s.DistToSegment(tt.o); !near(got, tt.dist) {
				t.Errorf("DistToSegment = %v, want %v", got, tt.dist)
			}
		})
	}
}

func TestSideOf(t *testing.T) {
	l := Seg(Pt(0, 0), Pt(1, 0))
	tests := []struct {
		p    Point
		sign int
	}{{Pt(5, 1), 1}, {Pt(5, -1), -1}, {Pt(-5, 0), 0}}
	for _, tt := range tests {
		got := SideOf(l, tt.p)
		if (got > 0 && tt.sign != 1) || (got < 0 && tt.sign != -1) || (got == 0 && tt.sign != 0) {
			t.Errorf("SideOf(%v, %v) = %v, want sign %d", l, tt.p, got, tt.sign)
		}
	}
}

func TestPolyline(t *testing.T) {
	// An L-shaped path: 10" east then 5" north.
	pl := Polyline{Pt(0, 0), Pt(10, 0), Pt(10, 5)}
	if got := pl.Length(); got != 15 {
		t.Errorf("Length() = %v, want 15", got)
	}
	at := []struct {
		d    float64
		p    Point
		head Angle
	}{
		{-1, Pt(0, 0), 0},
		{0, Pt(0, 0), 0},
		{4, Pt(4, 0), 0},
		{10, Pt(10, 0), Deg(90)}, // at a vertex: heading of the leaving segment
		{12, Pt(10, 2), Deg(90)},
		{15, Pt(10, 5), Deg(90)},
		{99, Pt(10, 5), Deg(90)},
	}
	for _, tt := range at {
		if got := pl.PointAt(tt.d); !nearPt(got, tt.p) {
			t.Errorf("PointAt(%v) = %v, want %v", tt.d, got, tt.p)
		}
		if got := pl.HeadingAt(tt.d); !nearAngle(got, tt.head) {
			t.Errorf("HeadingAt(%v) = %v, want %v", tt.d, got, tt.head)
		}
	}
	if got := pl.DistToPoint(Pt(5, 3)); !near(got, 3) {
		t.Errorf("DistToPoint = %v, want 3", got)
	}
	// A zigzag hedge crossed by a horizontal ray; one crossing goes exactly
	// through a vertex and must be reported once.
	hedge := Polyline{Pt(2, -1), Pt(4, 1), Pt(6, -1), Pt(8, 0), Pt(9, 2)}
	got := hedge.Crossings(Seg(Pt(0, 0), Pt(10, 0)), nil)
	want := []float64{0.3, 0.5, 0.8}
	if len(got) != len(want) {
		t.Fatalf("Crossings = %v, want %v", got, want)
	}
	for i := range want {
		if !near(got[i], want[i]) {
			t.Errorf("Crossings = %v, want %v", got, want)
		}
	}
	if got := hedge.Crossings(Seg(Pt(0, 5), Pt(10, 5)), nil); len(got) != 0 {
		t.Errorf("Crossings of a clear ray = %v, want none", got)
	}
}
