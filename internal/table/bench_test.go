package table

import (
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

// BenchmarkRay measures one line-of-sight ray — VisitSegment plus
// HighestLevel — on a 72"×48" table with 60 mixed features and rays of
// 5–40".
func BenchmarkRay(b *testing.B) {
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
