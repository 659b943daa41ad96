package table

import (
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

// BenchmarkRay measures one line-of-sight ray — VisitSegment plus
// HighestLevel — on a 72"×48" table with 60 mixed features and rays of
// 5–40".
// benchRays returns the benchmark table and 1024 rays of 5-40".
func benchRays() (*Table, []geom.Segment) {
	r := rand.New(rand.NewPCG(42, 7))
	tb := randomTable(r, 60)
	rays := make([]geom.Segment, 1024)
	for i := range rays {
		for {
			a := geom.Pt(r.Float64()*72, r.Float64()*48)
			e := a.Add(geom.Dir(geom.Angle(r.Float64() * 6.283)).Mul(5 + 35*r.Float64()))
			if tb.Bounds().Contains(e) {
				rays[i] = geom.Segment{A: a, B: e}
				break
			}
		}
	}
	return tb, rays
}

// BenchmarkRay is one line-of-sight ray as a full ordered query: every
// crossing with entry and exit points, and the highest hill level.
func BenchmarkRay(b *testing.B) {
	tb, rays := benchRays()
	var length float64
	var level int
	visit := func(c Crossing) bool { length += c.Length; return true }
	i := 0
	for b.Loop() {
		s := rays[i&1023]
		tb.VisitSegment(s, visit)
		l, _ := tb.HighestLevel(s)
		level += l
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/ray")
	_, _ = length, level
}

// BenchmarkRayBlocked is one line-of-sight ray as the rules ask it: "does
// any wood longer than 1" or any hill block it?", stopping at the first
// blocker (AnySegment).
func BenchmarkRayBlocked(b *testing.B) {
	tb, rays := benchRays()
	blocks := func(c Crossing) bool {
		return c.Feature.Kind == KindHill || c.Feature.Kind == KindWoods && c.Length > 1 || c.Feature.Kind == KindHedge
	}
	n, i := 0, 0
	for b.Loop() {
		if tb.AnySegment(rays[i&1023], blocks) {
			n++
		}
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/ray")
	_ = n
}
