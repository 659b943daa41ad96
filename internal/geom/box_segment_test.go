package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestBoxDistToSegment(t *testing.T) {
	b := Box{Center: Pt(0, 0), Heading: 0, Length: 4, Width: 2} // x in [-2, 2], y in [-1, 1]
	for _, tc := range []struct {
		s    Segment
		want float64
	}{
		{Seg(Pt(-5, 3), Pt(5, 3)), 2},         // parallel above the long side
		{Seg(Pt(5, -5), Pt(5, 5)), 3},         // parallel beyond the front
		{Seg(Pt(-5, 0), Pt(5, 0)), 0},         // straight through
		{Seg(Pt(3, 2), Pt(6, 5)), math.Sqrt2}, // away from the corner (2, 1)
		{Seg(Pt(0, 1), Pt(0, 4)), 0},          // touching the side
		{Seg(Pt(-1, -4), Pt(1, -4)), 3},       // below
	} {
		if got := b.DistToSegment(tc.s); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("DistToSegment(%v) = %v, want %v", tc.s, got, tc.want)
		}
	}
	// Against dense sampling of the segment: never more than the sampled
	// minimum, and within the sampling step of it.
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		bx := Box{Center: Pt(r.Float64()*10, r.Float64()*10), Heading: Angle(r.Float64() * 6.3), Length: 1 + r.Float64()*3, Width: 0.5 + r.Float64()*2}
		s := Seg(Pt(r.Float64()*20-5, r.Float64()*20-5), Pt(r.Float64()*20-5, r.Float64()*20-5))
		got := bx.DistToSegment(s)
		sampled := math.Inf(1)
		const n = 2000
		for i := 0; i <= n; i++ {
			sampled = math.Min(sampled, bx.DistToPoint(s.A.Lerp(s.B, float64(i)/n)))
		}
		step := s.Length() / n
		if got > sampled+1e-9 || got < sampled-step {
			t.Fatalf("%v.DistToSegment(%v) = %v, sampled %v (step %v)", bx, s, got, sampled, step)
		}
	}
}
