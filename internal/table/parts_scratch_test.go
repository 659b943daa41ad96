package table

import (
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

func scratchSetup(b testing.TB) (*Table, []geom.Segment) {
	r := rand.New(rand.NewPCG(42, 7))
	tb := randomTable(b, r, 60)
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

func BenchmarkScratchSearchOnly(b *testing.B) {
	tb, rays := scratchSetup(b)
	n := 0
	i := 0
	for b.Loop() {
		min, max := key(rays[i&1023].Bounds())
		tb.all.Search(min, max, func(_, _ [2]float64, it *item) bool { n++; return true })
		i++
	}
}

func BenchmarkScratchVisit(b *testing.B) {
	tb, rays := scratchSetup(b)
	i := 0
	for b.Loop() {
		tb.VisitSegment(rays[i&1023], func(Crossing) bool { return true })
		i++
	}
}

func BenchmarkScratchHighest(b *testing.B) {
	tb, rays := scratchSetup(b)
	i := 0
	for b.Loop() {
		tb.HighestLevel(rays[i&1023])
		i++
	}
}
func BenchmarkScratchRay(b *testing.B) {
	tb, rays := scratchSetup(b)
	i := 0
	for b.Loop() {
		tb.VisitSegment(rays[i&1023], func(Crossing) bool { return true })
		tb.HighestLevel(rays[i&1023])
		i++
	}
}
