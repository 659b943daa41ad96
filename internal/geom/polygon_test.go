package geom

import (
	"math"
	"testing"
)

// uShape is a concave polygon, drawn with y up:
//
//	4 +--+  +--+
//	  |  |  |  |
//	2 |  +--+  |
//	  |        |
//	0 +--------+
//	  0  2  4  6
var uShape = Polygon{Pt(0, 0), Pt(6, 0), Pt(6, 4), Pt(4, 4), Pt(4, 2), Pt(2, 2), Pt(2, 4), Pt(0, 4)}

func TestPolygonArea(t *testing.T) {
	tests := []struct {
		name string
		pg   Polygon
		want float64
	}{
		{"unit square", sq(0, 0, 1, 1), 1},
		{"clockwise square", sq(0, 0, 2, 3).Reverse(), 6},
		{"u shape", uShape, 20},
		{"triangle", Polygon{Pt(0, 0), Pt(4, 0), Pt(0, 3)}, 6},
		{"too few", Polygon{Pt(0, 0), Pt(4, 0)}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.pg.Area(); !near(got, tt.want) {
				t.Errorf("Area() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPolygonContains(t *testing.T) {
	tests := []struct {
		name string
		p    Point
		want bool
	}{
		{"inside base", Pt(3, 1), true},
		{"inside left arm", Pt(1, 3), true},
		{"in the notch", Pt(3, 3), false},
		{"outside", Pt(7, 1), false},
		{"on bottom edge", Pt(3, 0), true},
		{"on notch floor", Pt(3, 2), true},
		{"on vertex", Pt(0, 0), true},
		{"on reflex vertex", Pt(4, 2), true},
		{"on top of arm", Pt(5, 4), true},
		{"level with top, in notch", Pt(3, 4), false},
		{"just outside", Pt(6.0001, 1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := uShape.Contains(tt.p); got != tt.want {
				t.Errorf("Contains(%v) = %v, want %v", tt.p, got, tt.want)
			}
			if got := uShape.Reverse().Contains(tt.p); got != tt.want {
				t.Errorf("reversed Contains(%v) = %v, want %v", tt.p, got, tt.want)
			}
			wantD := 0.0
			if !tt.want {
				wantD = uShape.distSqToBoundary(tt.p)
			}
			if got := uShape.DistToPoint(tt.p); !near(got*got, wantD) {
				t.Errorf("DistToPoint(%v) = %v, want %v", tt.p, got, math.Sqrt(wantD))
			}
		})
	}
	if got := uShape.DistToPoint(Pt(3, 3)); !near(got, 1) {
		t.Errorf("DistToPoint(notch) = %v, want 1", got)
	}
}

func TestPolygonValidate(t *testing.T) {
	tests := []struct {
		name string
		pg   Polygon
		ok   bool
	}{
		{"square", sq(0, 0, 1, 1), true},
		{"u shape", uShape, true},
		{"two points", Polygon{Pt(0, 0), Pt(1, 1)}, false},
		{"collinear", Polygon{Pt(0, 0), Pt(1, 0), Pt(2, 0)}, false},
		{"bow tie", Polygon{Pt(0, 0), Pt(2, 2), Pt(2, 0), Pt(0, 2)}, false},
		{"repeated vertex", Polygon{Pt(0, 0), Pt(2, 0), Pt(2, 0), Pt(0, 2)}, false},
		{"NaN", Polygon{Pt(0, 0), Pt(2, 0), Pt(math.NaN(), 2)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.pg.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestPolygonClip(t *testing.T) {
	tests := []struct {
		name string
		pg   Polygon
		s    Segment
		want []Interval
	}{
		{"through square", sq(2, -1, 4, 1), Seg(Pt(0, 0), Pt(10, 0)), []Interval{{0.2, 0.4}}},
		{"starts inside", sq(-1, -1, 4, 1), Seg(Pt(0, 0), Pt(10, 0)), []Interval{{0, 0.4}}},
		{"ends inside", sq(8, -1, 12, 1), Seg(Pt(0, 0), Pt(10, 0)), []Interval{{0.8, 1}}},
		{"wholly inside", sq(-1, -1, 11, 1), Seg(Pt(0, 0), Pt(10, 0)), []Interval{{0, 1}}},
		{"miss", sq(2, 1, 4, 3), Seg(Pt(0, 0), Pt(10, 0)), nil},
		{"along bottom edge", sq(2, 0, 4, 3), Seg(Pt(0, 0), Pt(10, 0)), []Interval{{0.2, 0.4}}},
		{"grazing a corner", Polygon{Pt(5, 0), Pt(6, 1), Pt(4, 1)}, Seg(Pt(0, 0), Pt(10, 0)), nil},
		{"through a vertex", Polygon{Pt(5, 0), Pt(6, 1), Pt(4, 1)}, Seg(Pt(5, 0), Pt(5, 10)), []Interval{{0, 0.1}}},
		{"concave twice", uShape, Seg(Pt(-1, 3), Pt(7, 3)), []Interval{{0.125, 0.375}, {0.625, 0.875}}},
		{"concave along notch floor", uShape, Seg(Pt(-1, 2), Pt(7, 2)), []Interval{{0.125, 0.875}}},
		{"concave reversed order", uShape.Reverse(), Seg(Pt(7, 3), Pt(-1, 3)), []Interval{{0.125, 0.375}, {0.625, 0.875}}},
		{"concave diagonal", uShape, Seg(Pt(1, 5), Pt(5, -3)), []Interval{{0.125, 0.25}, {0.375, 0.625}}},
		{"degenerate inside", uShape, Seg(Pt(1, 1), Pt(1, 1)), []Interval{{0, 1}}},
		{"degenerate outside", uShape, Seg(Pt(3, 3), Pt(3, 3)), nil},
		{"degenerate on boundary", uShape, Seg(Pt(3, 2), Pt(3, 2)), []Interval{{0, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.pg.Clip(tt.s, nil)
			if !nearIntervals(got, tt.want) {
				t.Errorf("Clip(%v) = %v, want %v", tt.s, got, tt.want)
			}
			wantLen := TotalLen(tt.want) * tt.s.Length()
			if got := tt.pg.LengthInside(tt.s); !near(got, wantLen) {
				t.Errorf("LengthInside(%v) = %v, want %v", tt.s, got, wantLen)
			}
		})
	}
	// Appends after existing content and does not merge into it.
	dst := []Interval{{0, 1}}
	got := sq(2, -1, 4, 1).Clip(Seg(Pt(0, 0), Pt(10, 0)), dst)
	if want := []Interval{{0, 1}, {0.2, 0.4}}; !nearIntervals(got, want) {
		t.Errorf("Clip appended = %v, want %v", got, want)
	}
}

func nearIntervals(a, b []Interval) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i].T0, b[i].T0) || !near(a[i].T1, b[i].T1) {
			return false
		}
	}
	return true
}

func TestRect(t *testing.T) {
	r := Rect{Pt(0, 0), Pt(4, 2)}
	if !r.Contains(Pt(4, 2)) || !r.Contains(Pt(2, 1)) || r.Contains(Pt(5, 1)) {
		t.Errorf("Contains wrong for %v", r)
	}
	tests := []struct {
		name string
		o    Rect
		want bool
	}{
		{"overlap", Rect{Pt(3, 1), Pt(6, 6)}, true},
		{"touching edge", Rect{Pt(4, 0), Pt(6, 2)}, true},
		{"touching corner", Rect{Pt(4, 2), Pt(6, 6)}, true},
		{"apart", Rect{Pt(4.1, 0), Pt(6, 2)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Intersects(tt.o); got != tt.want {
				t.Errorf("%v.Intersects(%v) = %v, want %v", r, tt.o, got, tt.want)
			}
		})
	}
	if got, want := r.Union(Rect{Pt(-1, 1), Pt(1, 5)}), (Rect{Pt(-1, 0), Pt(4, 5)}); got != want {
		t.Errorf("Union = %v, want %v", got, want)
	}
	if got, want := r.Expand(1), (Rect{Pt(-1, -1), Pt(5, 3)}); got != want {
		t.Errorf("Expand = %v, want %v", got, want)
	}
	if got := RectFromPoints(); !got.IsEmpty() {
		t.Errorf("RectFromPoints() = %v, want empty", got)
	}
	if got := r.Clip(Seg(Pt(-2, 1), Pt(6, 1)), nil); !nearIntervals(got, []Interval{{0.25, 0.75}}) {
		t.Errorf("Rect.Clip = %v", got)
	}
}

func TestRectIntersectsSegment(t *testing.T) {
	r := Rect{Pt(0, 0), Pt(4, 2)}
	tests := []struct {
		name string
		s    Segment
		want bool
	}{
		{"through", Seg(Pt(-1, 1), Pt(5, 1)), true},
		{"inside", Seg(Pt(1, 1), Pt(2, 1)), true},
		{"touching corner", Seg(Pt(3, 3), Pt(5, 1)), true},
		{"missing the corner", Seg(Pt(3.1, 3), Pt(5, 1.1)), false},
		{"diagonal past, bboxes overlap", Seg(Pt(3, 4), Pt(6, 1)), false},
		{"along edge", Seg(Pt(-1, 0), Pt(5, 0)), true},
		{"point inside", Seg(Pt(1, 1), Pt(1, 1)), true},
		{"point outside", Seg(Pt(5, 1), Pt(5, 1)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.IntersectsSegment(tt.s); got != tt.want {
				t.Errorf("%v.IntersectsSegment(%v) = %v, want %v", r, tt.s, got, tt.want)
			}
		})
	}
}

func TestPolygonDistToBoundary(t *testing.T) {
	sq := Polygon{{0, 0}, {4, 0}, {4, 4}, {0, 4}}
	for _, c := range []struct {
		p    Point
		want float64
	}{
		{Point{2, 2}, 2}, // inside: to the nearest edge
		{Point{1, 3.5}, 0.5},
		{Point{4, 2}, 0}, // on the outline
		{Point{7, 8}, 5}, // outside: to the nearest corner
	} {
		if got := sq.DistToBoundary(c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("DistToBoundary(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if got := (Polygon{}).DistToBoundary(Point{}); !math.IsInf(got, 1) {
		t.Errorf("empty polygon: %v, want +Inf", got)
	}
}

func TestCasterDeep(t *testing.T) {
	c, ok := NewCaster(Polygon{{0, 0}, {10, 0}, {10, 4}, {0, 4}})
	if !ok {
		t.Fatal("no caster for a rectangle")
	}
	for _, tc := range []struct {
		s      Segment
		depth  float64
		t0, t1 float64
		ok     bool
	}{
		{Segment{Point{-2, 2}, Point{12, 2}}, 1, 3.0 / 14, 11.0 / 14, true}, // through the middle: x from 1 to 9
		{Segment{Point{-2, 0.5}, Point{12, 0.5}}, 1, 0, 0, false},           // along the fringe
		{Segment{Point{5, -1}, Point{5, 5}}, 2, 0.5, 0.5, true},             // just touches the 2"-deep line
		{Segment{Point{5, 1}, Point{5, 3}}, 0, 0, 1, true},                  // wholly inside
	} {
		t0, t1, ok := c.Deep(tc.s, tc.depth)
		if ok != tc.ok || ok && (math.Abs(t0-tc.t0) > 1e-12 || math.Abs(t1-tc.t1) > 1e-12) {
			t.Errorf("Deep(%v, %v) = %v, %v, %v; want %v, %v, %v", tc.s, tc.depth, t0, t1, ok, tc.t0, tc.t1, tc.ok)
		}
	}
}
