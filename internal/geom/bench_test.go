package geom

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkBoxDistance(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	boxes := make([]Box, 256)
	for i := range boxes {
		boxes[i] = Box{Center: Pt(r.Float64()*72, r.Float64()*48), Heading: Angle(r.Float64() * 6.28), Length: 1 + r.Float64()*2, Width: 2 + r.Float64()*6}
	}
	var sink float64
	i := 0
	for b.Loop() {
		sink += boxes[i&255].Distance(boxes[(i*7+3)&255])
		i++
	}
	_ = sink
}

func BenchmarkPolygonClip(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	// An 8-vertex wood of radius about 4".
	var wood Polygon
	for i := 0; i < 8; i++ {
		wood = append(wood, Pt(36, 24).Add(Dir(Angle(float64(i)*0.785)).Mul(3+r.Float64()*2)))
	}
	segs := make([]Segment, 256)
	for i := range segs {
		segs[i] = Seg(Pt(26+r.Float64()*20, 14+r.Float64()*20), Pt(26+r.Float64()*20, 14+r.Float64()*20))
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

func benchBoxes() []Box {
	r := rand.New(rand.NewPCG(1, 2))
	boxes := make([]Box, 256)
	for i := range boxes {
		boxes[i] = Box{Center: Pt(r.Float64()*72, r.Float64()*48), Heading: Angle(r.Float64() * 6.28), Length: 1 + r.Float64()*2, Width: 2 + r.Float64()*6}
	}
	return boxes
}

func benchFrames() []Frame {
	boxes := benchBoxes()
	frames := make([]Frame, len(boxes))
	for i, b := range boxes {
		frames[i] = b.Frame()
	}
	return frames
}

func BenchmarkFrameDistance(b *testing.B) {
	frames := benchFrames()
	var sink float64
	i := 0
	for b.Loop() {
		sink += frames[i&255].Distance(frames[(i*7+3)&255])
		i++
	}
	_ = sink
}

func BenchmarkBoxFrame(b *testing.B) {
	boxes := benchBoxes()
	var sink float64
	i := 0
	for b.Loop() {
		sink += boxes[i&255].Frame().Fwd().X
		i++
	}
	_ = sink
}

func BenchmarkBoxDistToPoint(b *testing.B) {
	boxes := benchBoxes()
	var sink float64
	i := 0
	for b.Loop() {
		sink += boxes[i&255].DistToPoint(boxes[(i*7+3)&255].Center)
		i++
	}
	_ = sink
}

func BenchmarkFrameDistToPoint(b *testing.B) {
	frames := benchFrames()
	var sink float64
	i := 0
	for b.Loop() {
		sink += frames[i&255].DistToPoint(frames[(i*7+3)&255].Center())
		i++
	}
	_ = sink
}

func BenchmarkFrameIntersectsSegment(b *testing.B) {
	frames := benchFrames()
	var sink int
	i := 0
	for b.Loop() {
		s := Seg(frames[(i*7+3)&255].Center(), frames[(i*13+5)&255].Center())
		if frames[i&255].IntersectsSegment(s) {
			sink++
		}
		i++
	}
	_ = sink
}

func BenchmarkFrameOverlaps(b *testing.B) {
	frames := benchFrames()
	var sink int
	i := 0
	for b.Loop() {
		if frames[i&255].Overlaps(frames[(i*7+3)&255]) {
			sink++
		}
		i++
	}
	_ = sink
}
