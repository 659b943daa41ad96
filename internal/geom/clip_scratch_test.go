package geom

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkScratchClipCrossing(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	var wood Polygon
	for i := 0; i < 8; i++ {
		wood = append(wood, Pt(36, 24).Add(Dir(Angle(float64(i)*0.785)).Mul(3+r.Float64()*2)))
	}
	segs := make([]Segment, 256)
	for i := range segs {
		for {
			s := Seg(Pt(16+r.Float64()*40, 4+r.Float64()*40), Pt(16+r.Float64()*40, 4+r.Float64()*40))
			if len(wood.Clip(s, nil)) > 0 {
				segs[i] = s
				break
			}
		}
	}
	var buf [8]Interval
	var sink int
	i := 0
	for b.Loop() {
		sink += len(wood.Clip(segs[i&255], buf[:0]))
		i++
	}
	_ = sink
}
