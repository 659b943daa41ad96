package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refBox holds the straightforward Box formulas the Frame methods replace
// (one Sincos per call), to check that the Frame gives the same answers
// bit for bit.
type refBox struct{ Box }

func (b refBox) axes() (fwd, left Point) {
	fwd = Dir(b.Heading)
	return fwd, Point{-fwd.Y, fwd.X}
}

func (b refBox) local(p Point) Point {
	f, l := b.axes()
	v := p.Sub(b.Center)
	return Point{v.Dot(f), v.Dot(l)}
}

func (b refBox) corners() [4]Point {
	f, l := b.axes()
	fh := f.Mul(b.Length / 2)
	lh := l.Mul(b.Width / 2)
	front := b.Center.Add(fh)
	rear := b.Center.Sub(fh)
	return [4]Point{front.Add(lh), front.Sub(lh), rear.Sub(lh), rear.Add(lh)}
}

func (b refBox) contains(p Point) bool {
	q := b.local(p)
	return math.Abs(q.X) <= b.Length/2+Epsilon && math.Abs(q.Y) <= b.Width/2+Epsilon
}

func (b refBox) distToPoint(p Point) float64 {
	q := b.local(p)
	dx := math.Max(0, math.Abs(q.X)-b.Length/2)
	dy := math.Max(0, math.Abs(q.Y)-b.Width/2)
	return hypot(dx, dy)
}

func (b refBox) distSqToPoint(p Point) float64 {
	q := b.local(p)
	dx := math.Max(0, math.Abs(q.X)-b.Length/2)
	dy := math.Max(0, math.Abs(q.Y)-b.Width/2)
	return dx*dx + dy*dy
}

func refSeparated(b, o refBox, slack float64) bool {
	if o.Center.X < b.Center.X || (o.Center.X == b.Center.X && o.Center.Y < b.Center.Y) {
		b, o = o, b
	}
	d := o.Center.Sub(b.Center)
	bf, bl := b.axes()
	of, ol := o.axes()
	sep := func(a Point) bool {
		rb := b.Length/2*math.Abs(bf.Dot(a)) + b.Width/2*math.Abs(bl.Dot(a))
		ro := o.Length/2*math.Abs(of.Dot(a)) + o.Width/2*math.Abs(ol.Dot(a))
		return math.Abs(d.Dot(a)) > rb+ro-slack
	}
	return sep(bf) || sep(bl) || sep(of) || sep(ol)
}

func (b refBox) distance(o refBox) float64 {
	if !refSeparated(b, o, 0) {
		return 0
	}
	best := math.Inf(1)
	for _, c := range b.corners() {
		best = math.Min(best, o.distSqToPoint(c))
	}
	for _, c := range o.corners() {
		best = math.Min(best, b.distSqToPoint(c))
	}
	return math.Sqrt(best)
}

func (b refBox) behind(o refBox) bool {
	f := Dir(b.Heading)
	front := b.Center.Add(f.Mul(b.Length / 2))
	for _, c := range o.corners() {
		if c.Sub(front).Dot(f) >= -Epsilon {
			return false
		}
	}
	return true
}

func (b refBox) clip(s Segment, dst []Interval) []Interval {
	r := Rect{Point{-b.Length / 2, -b.Width / 2}, Point{b.Length / 2, b.Width / 2}}
	return r.Expand(Epsilon).clip(Segment{b.local(s.A), b.local(s.B)}, dst, 4*Epsilon)
}

func (b refBox) intersectsSegment(s Segment) bool {
	r := Rect{Point{-b.Length / 2, -b.Width / 2}, Point{b.Length / 2, b.Width / 2}}
	return r.Expand(Epsilon).IntersectsSegment(Segment{b.local(s.A), b.local(s.B)})
}

// randomBox returns a unit-sized box somewhere on a small area, with
// headings often exactly axis-aligned so that touching cases come up.
func randomBox(r *rand.Rand) Box {
	h := Angle(r.Float64() * 2 * math.Pi)
	if r.IntN(3) == 0 {
		h = Deg(float64(90 * r.IntN(4)))
	}
	return Box{
		Center:  Pt(math.Round(r.Float64()*40)/4, math.Round(r.Float64()*40)/4),
		Heading: h,
		Length:  float64(1+r.IntN(8)) / 4,
		Width:   float64(1+r.IntN(16)) / 4,
	}
}

func TestFrameMatchesBoxFormulas(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for i := 0; i < 20000; i++ {
		b, o := randomBox(r), randomBox(r)
		fb, fo := b.Frame(), o.Frame()
		rb, ro := refBox{b}, refBox{o}
		if fb.Box() != b {
			t.Fatalf("Frame().Box() = %v, want %v", fb.Box(), b)
		}
		if got, want := fb.Corners(), rb.corners(); got != want || b.Corners() != want {
			t.Fatalf("%v: Corners = %v, want %v", b, got, want)
		}
		if got, want := fb.Distance(fo), rb.distance(ro); !same(got, want) || !same(b.Distance(o), want) {
			t.Fatalf("%v.Distance(%v) = %v, want %v", b, o, got, want)
		}
		if got, want := fb.Overlaps(fo), !refSeparated(rb, ro, Epsilon); got != want || b.Overlaps(o) != want {
			t.Fatalf("%v.Overlaps(%v) = %v, want %v", b, o, got, want)
		}
		if got, want := fb.Behind(fo), rb.behind(ro); got != want || b.Behind(o) != want {
			t.Fatalf("%v.Behind(%v) = %v, want %v", b, o, got, want)
		}
		p := Pt(r.Float64()*12-1, r.Float64()*12-1)
		if r.IntN(4) == 0 {
			p = o.Center
		}
		if got, want := fb.DistToPoint(p), rb.distToPoint(p); !same(got, want) || !same(b.DistToPoint(p), want) {
			t.Fatalf("%v.DistToPoint(%v) = %v, want %v", b, p, got, want)
		}
		if got, want := fb.Contains(p), rb.contains(p); got != want || b.Contains(p) != want {
			t.Fatalf("%v.Contains(%v) = %v, want %v", b, p, got, want)
		}
		s := Seg(p, Pt(r.Float64()*12-1, r.Float64()*12-1))
		if got, want := fb.IntersectsSegment(s), rb.intersectsSegment(s); got != want || b.IntersectsSegment(s) != want {
			t.Fatalf("%v.IntersectsSegment(%v) = %v, want %v", b, s, got, want)
		}
		var g, w [2]Interval
		gs, ws := fb.Clip(s, g[:0]), rb.clip(s, w[:0])
		if len(gs) != len(ws) || len(gs) == 1 && gs[0] != ws[0] {
			t.Fatalf("%v.Clip(%v) = %v, want %v", b, s, gs, ws)
		}
		rc := rb.corners()
		if got, want := fb.Bounds(), RectFromPoints(rc[:]...); got != want {
			t.Fatalf("%v.Bounds() = %v, want %v", b, got, want)
		}
		if got, want := fb.Local(p), rb.local(p); got != want {
			t.Fatalf("%v.Local(%v) = %v, want %v", b, p, got, want)
		}
	}
}

func TestFrameAccessors(t *testing.T) {
	fr := infantry.Frame()
	if fr.Center() != infantry.Center || fr.HalfLength() != 0.5 || fr.HalfWidth() != 2 {
		t.Errorf("accessors = %v %v %v", fr.Center(), fr.HalfLength(), fr.HalfWidth())
	}
	if !nearPt(fr.Fwd(), Pt(0, 1)) || !nearPt(fr.Left(), Pt(-1, 0)) {
		t.Errorf("axes = %v %v", fr.Fwd(), fr.Left())
	}
	if got := fr.Local(Pt(11, 13)); !nearPt(got, Pt(3, -1)) {
		t.Errorf("Local = %v, want (3,-1)", got)
	}
	if fr.HitFacing(Pt(10, 20)) != Front || fr.HitFacing(Pt(30, 10)) != Side || fr.HitFacing(Pt(10, 0)) != Rear {
		t.Errorf("HitFacing wrong")
	}
	if !fr.InArc(Deg(45), Pt(10, 20)) || fr.InArc(Deg(45), Pt(10, 0)) {
		t.Errorf("InArc wrong")
	}
}

// TestFrameWithinMatchesDistance checks Within and WithinRadii against
// Distance for random pairs of boxes at thresholds spread around their
// distance, and exactly at the centre distance and the bounding-circle gap
// where their shortcuts switch over.
func TestFrameWithinMatchesDistance(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		b, o := randomBox(r), randomBox(r)
		fb, fo := b.Frame(), o.Frame()
		dist := fb.Distance(fo)
		c := b.Center.Dist(o.Center)
		gap := c - fb.radius() - fo.radius()
		for _, d := range []float64{dist, dist - 1e-12, dist + 1e-12, c, c - 1e-9, gap, gap + 1e-9, r.Float64() * 15, 0} {
			if got, want := fb.Within(fo, d), dist <= d; got != want {
				t.Fatalf("%v.Within(%v, %v) = %v, want %v (distance %v)", b, o, d, got, want, dist)
			}
			if got, want := fb.WithinRadii(fo, d, fb.Radius(), fo.Radius()), dist <= d; got != want {
				t.Fatalf("%v.WithinRadii(%v, %v) = %v, want %v (distance %v)", b, o, d, got, want, dist)
			}
		}
	}
}

func TestFrameReframe(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 2000; i++ {
		a, b := randomBox(r), randomBox(r)
		if r.IntN(2) == 0 {
			b.Heading = a.Heading // moved without turning
		}
		if got, want := a.Frame().Reframe(b), b.Frame(); got != want {
			t.Fatalf("%v.Frame().Reframe(%v) = %+v, want %+v", a, b, got, want)
		}
	}
	// A heading of -0 equals +0 but its frame's directions carry other
	// signs of zero: Reframe must not reuse them.
	plus, minus := Box{Center: Pt(1, 2), Length: 2, Width: 1}, Box{Center: Pt(3, 2), Heading: Angle(math.Copysign(0, -1)), Length: 2, Width: 1}
	got, want := plus.Frame().Reframe(minus), minus.Frame()
	if bits := func(f Frame) [4]uint64 {
		return [4]uint64{math.Float64bits(f.Fwd().X), math.Float64bits(f.Fwd().Y), math.Float64bits(f.Left().X), math.Float64bits(f.Left().Y)}
	}; bits(got) != bits(want) {
		t.Fatalf("Reframe to heading -0 from +0: directions %v, want %v", bits(got), bits(want))
	}
	zero := Box{Center: Pt(1, 2), Length: 2, Width: 1} // heading 0, as the zero Frame's
	if got, want := (Frame{}).Reframe(zero), zero.Frame(); got != want {
		t.Fatalf("Frame{}.Reframe(%v) = %+v, want %+v", zero, got, want)
	}
}
