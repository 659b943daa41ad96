package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

// convexPolygon returns a random convex polygon: 3 to 12 points at sorted
// angles on an ellipse, turned and moved at random.
func convexPolygon(r *rand.Rand) Polygon {
	n := 3 + r.IntN(10)
	angles := make([]float64, n)
	for i := range angles {
		angles[i] = r.Float64() * 2 * math.Pi
	}
	sortFloats(angles)
	a, b := 1+r.Float64()*8, 1+r.Float64()*8
	turn := Angle(r.Float64() * 2 * math.Pi)
	c := Point{r.Float64()*40 - 20, r.Float64()*40 - 20}
	pg := make(Polygon, n)
	for i, t := range angles {
		pg[i] = c.Add(Point{a * math.Cos(t), b * math.Sin(t)}.Rotate(turn))
	}
	if r.IntN(2) == 0 {
		pg = pg.Reverse()
	}
	return pg
}

// pointWithin returns a point with both coordinates in [-half, half).
func pointWithin(r *rand.Rand, half float64) Point {
	return Point{r.Float64()*2*half - half, r.Float64()*2*half - half}
}

// polygonAndViewer returns a random convex polygon and a viewer anywhere
// near it.
func polygonAndViewer(r *rand.Rand) (Polygon, Point) {
	return convexPolygon(r), pointWithin(r, 40)
}

func centroid(pg Polygon) Point {
	var c Point
	for _, p := range pg {
		c = c.Add(p)
	}
	return c.Mul(1 / float64(len(pg)))
}

// TestShadowHidesOnlyCrossedPoints checks that whenever a shadow hides a
// point, the segment to it really runs through the polygon, by more than
// Polygon.Clip's tolerance: on random convex polygons, with points at
// random and points within a hair of the shadow's edges (the wedge's sides
// and the facing edges' lines), where rounding would show first. It also
// checks that the shadow is of use: points straight behind the polygon's
// centre are hidden.
func TestShadowHidesOnlyCrossedPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	shadows, hidden, nearEdge, behind := 0, 0, 0, 0
	var ivs [8]Interval
	check := func(pg Polygon, sh *Shadow, p, q Point, what string) {
		if !sh.Hides(q) {
			return
		}
		hidden++
		s := Segment{p, q}
		inside := TotalLen(pg.Clip(s, ivs[:0])) * s.Length()
		if inside < 1e-8 || !pg.IntersectsSegment(s) {
			t.Fatalf("%s: %v hidden from %v by %v, but the segment is only %.3g\" inside it", what, q, p, pg, inside)
		}
	}
	for range 20000 {
		pg := convexPolygon(r)
		p := Point{r.Float64()*80 - 40, r.Float64()*80 - 40}
		if r.IntN(4) == 0 {
			// Close to the polygon: just outside an edge.
			e := pg.Edge(r.IntN(len(pg)))
			m := e.At(r.Float64())
			out := e.B.Sub(e.A).Rotate(Deg(90)).Normalize()
			if pg.Contains(m.Add(out.Mul(1e-3))) {
				out = out.Mul(-1)
			}
			p = m.Add(out.Mul(math.Pow(10, -1-5*r.Float64())))
		}
		sh, ok := NewShadow(p, pg)
		if !ok {
			if !pg.Contains(p) && pg.DistToPoint(p) > 1e-3 && isConvex(pg, 0.2) && len(pg) <= 12 {
				t.Fatalf("no shadow for %v from %v, though it is convex and clear of the point", pg, p)
			}
			continue
		}
		shadows++
		if pg.Contains(p) {
			t.Fatalf("a shadow from %v, inside %v", p, pg)
		}
		for range 20 {
			q := Point{r.Float64()*120 - 60, r.Float64()*120 - 60}
			check(pg, &sh, p, q, "random")
		}
		// Along the wedge's sides and the facing edges' lines.
		for _, v := range pg {
			d := v.Sub(p)
			for _, eps := range []float64{1e-12, 1e-9, 1e-7, 1e-6, 2e-6, 1e-4} {
				for _, sign := range []float64{-1, 1} {
					for _, far := range []float64{0.5, 1, 1 + 1e-9, 1.0001, 2, 10} {
						q := p.Add(d.Rotate(Angle(sign * eps)).Mul(far))
						before := hidden
						check(pg, &sh, p, q, "near a vertex")
						nearEdge += hidden - before
					}
				}
			}
		}
		for i := range pg {
			e := pg.Edge(i)
			m := e.At(r.Float64())
			n := e.B.Sub(e.A).Rotate(Deg(90)).Normalize()
			for _, eps := range []float64{-1e-6, -1e-9, 0, 1e-9, 1e-7, 1e-6, 2e-6} {
				before := hidden
				check(pg, &sh, p, m.Add(n.Mul(eps)), "near an edge")
				nearEdge += hidden - before
			}
		}
		// Straight behind the centre: hidden.
		c := centroid(pg)
		q := p.Add(c.Sub(p).Mul(1.5 + r.Float64()))
		if !sh.Hides(q) {
			t.Fatalf("%v, behind the centre of %v seen from %v, not hidden", q, pg, p)
		}
		behind++
	}
	if shadows < 10000 || nearEdge == 0 {
		t.Fatalf("only %d shadows and %d hidden points near the edges: the test proves little", shadows, nearEdge)
	}
	t.Logf("%d shadows, %d points hidden (%d within a hair of the shadow's edges), %d behind centres", shadows, hidden, nearEdge, behind)
}

// isConvex reports whether every corner of pg turns the same way by at
// least minSin (as a sine) and none is sharper than 10°.
func isConvex(pg Polygon, minSin float64) bool {
	orient := 1.0
	if pg.SignedArea() < 0 {
		orient = -1
	}
	n := len(pg)
	for i := range n {
		e1, e2 := pg[(i+1)%n].Sub(pg[i]), pg[(i+2)%n].Sub(pg[(i+1)%n])
		s := orient * e1.Cross(e2) / (e1.Norm() * e2.Norm())
		if s < minSin || e1.Dot(e2)/(e1.Norm()*e2.Norm()) < -math.Cos(float64(Deg(10))) {
			return false
		}
	}
	return true
}

// TestNewShadowRefuses checks the cases NewShadow must turn down.
func TestNewShadowRefuses(t *testing.T) {
	square := Polygon{{0, 0}, {4, 0}, {4, 4}, {0, 4}}
	for _, c := range []struct {
		name string
		p    Point
		pg   Polygon
	}{
		{"viewer inside", Point{2, 2}, square},
		{"viewer on an edge", Point{4, 2}, square},
		{"viewer at a vertex", Point{4, 4}, square},
		{"concave", Point{-10, 2}, Polygon{{0, 0}, {4, 0}, {2, 1}, {4, 4}, {0, 4}}},
		{"collinear vertices", Point{-10, 2}, Polygon{{0, 0}, {2, 0}, {4, 0}, {4, 4}, {0, 4}}},
		{"a 0.5° spike", Point{-10, 2}, Polygon{{0, 0}, {100, 0.4}, {0, 0.8}}},
		{"two vertices", Point{-10, 2}, Polygon{{0, 0}, {4, 0}}},
		// A sliver 5e-10" thick, with 1.15° corners: Clip sees no crossing.
		{"a sliver", Point{25, 10}, Polygon{{20, 20}, {30, 20}, {30 + 2.5e-8, 20 + 5e-10}, {20 + 2.5e-8, 20 + 6e-10}}},
		{"a pentagram", Point{-20, 0}, pentagram()},
	} {
		if _, ok := NewShadow(c.p, c.pg); ok {
			t.Errorf("%s: NewShadow(%v, %v) gave a shadow", c.name, c.p, c.pg)
		}
	}
	sh, ok := NewShadow(Point{-10, 2}, square)
	if !ok {
		t.Fatal("no shadow of a square from outside")
	}
	for _, c := range []struct {
		q    Point
		want bool
	}{
		{Point{10, 2}, true},         // straight through
		{Point{2, 2}, true},          // inside the square
		{Point{-1, 2}, false},        // short of it
		{Point{0, 2}, false},         // on its near edge
		{Point{10, 20}, false},       // beside it
		{Point{10, 6}, false},        // touching the corner (0,4)
		{Point{10, 6 + 1e-9}, false}, // just past it
		{Point{10, 6 - 1e-9}, false}, // inside it by less than the margin
		{Point{10, 6 - 1e-3}, true},
	} {
		if got := sh.Hides(c.q); got != c.want {
			t.Errorf("square from (-10,2): Hides(%v) = %v, want %v", c.q, got, c.want)
		}
	}
}

// pentagram returns a five-pointed star drawn in one stroke: every corner
// turns the same way, but it winds round twice and is not simple.
func pentagram() Polygon {
	var pg Polygon
	for k := range 5 {
		a := float64(k*2) * 2 * math.Pi / 5
		pg = append(pg, Point{5 * math.Cos(a), 5 * math.Sin(a)})
	}
	return pg
}

// TestShadowSameEitherWay checks that a polygon and its reverse cast the
// same shadow.
func TestShadowSameEitherWay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for range 2000 {
		pg, p := polygonAndViewer(r)
		a, okA := NewShadow(p, pg)
		b, okB := NewShadow(p, pg.Reverse())
		if okA != okB {
			t.Fatalf("%v from %v: a shadow one way round only", pg, p)
		}
		if !okA {
			continue
		}
		for range 50 {
			q := pointWithin(r, 60)
			if a.Hides(q) != b.Hides(q) {
				t.Fatalf("%v from %v: %v hidden one way round only", pg, p, q)
			}
			compared++
		}
	}
	if compared == 0 {
		t.Fatal("nothing compared")
	}
}

// TestCasterReusedSameAsFresh casts each polygon's shadows from many
// points through one Caster, and checks each against NewShadow from that
// point, which makes a fresh Caster: a Caster carries nothing from one
// shadow to the next. (What a shadow hides is checked against the
// polygon itself by the tests above, all through Caster.)
func TestCasterReusedSameAsFresh(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	cast, refused := 0, 0
	for range 2000 {
		pg, _ := polygonAndViewer(r)
		c, ok := NewCaster(pg)
		for range 20 {
			p := pointWithin(r, 40)
			want, wantOK := NewShadow(p, pg)
			if !ok {
				if wantOK {
					t.Fatalf("%v: no caster, but a shadow from %v", pg, p)
				}
				refused++
				continue
			}
			got, gotOK := c.Shadow(p)
			if gotOK != wantOK || gotOK && got != want {
				t.Fatalf("%v from %v: the caster gave %v (%v), NewShadow %v (%v)", pg, p, got, gotOK, want, wantOK)
			}
			if gotOK {
				cast++
			}
		}
	}
	if cast == 0 || refused == 0 {
		t.Fatalf("%d shadows cast, %d refused: the test proves little", cast, refused)
	}
}

// TestCasterInside checks Inside against the polygon's own Contains and
// DistToPoint: inside by margin means contained and at least margin from
// the outline; a point well outside or near the outline is not inside.
func TestCasterInside(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	inside, outside := 0, 0
	for range 2000 {
		pg, _ := polygonAndViewer(r)
		c, ok := NewCaster(pg)
		if !ok {
			continue
		}
		for range 50 {
			q := pointWithin(r, 30)
			if r.IntN(2) == 0 {
				q = pg[r.IntN(len(pg))].Lerp(pg.Bounds().Center(), r.Float64()) // mostly inside
			}
			const margin = 1e-3
			got := c.Inside(q, margin)
			in, d := pg.Contains(q), math.Inf(1) // d: from the outline
			for i := range pg {
				d = min(d, pg.Edge(i).DistToPoint(q))
			}
			switch {
			case got && (!in || d < margin-1e-9):
				t.Fatalf("%v: %v taken to be inside by %v, but Contains %v, %v from the outline", pg, q, margin, in, d)
			case !got && in && d > margin+1e-9:
				t.Fatalf("%v: %v is %v inside, but not taken to be inside by %v", pg, q, d, margin)
			}
			if got {
				inside++
			} else {
				outside++
			}
		}
	}
	if inside == 0 || outside == 0 {
		t.Fatalf("%d inside, %d not: the test proves little", inside, outside)
	}
}

// TestShadowDiscs checks the shadow's answers for whole discs: no point
// of a disc it is said to miss (MissesDisc) is hidden, every point of a
// disc it is said to hide (HidesDisc) is, rim included, and discs do get
// missed and hidden.
func TestShadowDiscs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	missed, hidden := 0, 0
	for range 3000 {
		pg, p := polygonAndViewer(r)
		sh, ok := NewShadow(p, pg)
		if !ok {
			continue
		}
		for range 40 {
			// Behind the polygon, as seen from p, or anywhere.
			c := pointWithin(r, 60)
			if r.IntN(2) == 0 {
				c = p.Add(pg.Bounds().Center().Sub(p).Mul(1 + 3*r.Float64()))
			}
			rad := r.Float64() * 4
			misses, hides := sh.MissesDisc(c, rad), sh.HidesDisc(c, rad)
			if misses && hides {
				t.Fatalf("%v from %v: the disc of %v around %v is both missed and hidden", pg, p, rad, c)
			}
			if !misses && !hides {
				continue
			}
			if misses {
				missed++
			} else {
				hidden++
			}
			for k := range 50 {
				q := c.Add(Dir(Angle(r.Float64() * 2 * math.Pi)).Mul(rad * math.Sqrt(r.Float64())))
				if k < 8 {
					q = c.Add(Dir(Angle(float64(k) * math.Pi / 4)).Mul(rad)) // on the rim
				}
				if sh.Hides(q) == misses {
					t.Fatalf("%v from %v: the disc of %v around %v is missed %v, hidden %v, but Hides(%v) is %v", pg, p, rad, c, misses, hides, q, sh.Hides(q))
				}
			}
		}
	}
	if missed == 0 || hidden == 0 {
		t.Fatalf("%d discs missed, %d hidden: the test proves little", missed, hidden)
	}
	t.Logf("%d discs missed, %d hidden", missed, hidden)
}

// TestSegmentShadowHidesOnlyCrossedPoints checks that whenever a segment's
// shadow hides a point, the segment to it crosses the caster strictly
// between its ends, by more than Polyline.Crossings' tolerance: random
// segments and viewers, points at random, within a hair of the wedge's
// sides and of the segment's line; discs hidden only when every point of
// them is. It also checks that points straight behind the segment's middle
// are hidden, and the shadows refused.
func TestSegmentShadowHidesOnlyCrossedPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	shadows, hidden, nearEdge, discs := 0, 0, 0, 0
	check := func(s Segment, sh *Shadow, p, q Point, what string) {
		if !sh.Hides(q) {
			return
		}
		hidden++
		ray := Segment{p, q}
		ts := Polyline{s.A, s.B}.Crossings(ray, nil)
		_, u, ok := ray.Intersect(s)
		if len(ts) != 1 || !ok || u*s.Length() < 1e-8 || (1-u)*s.Length() < 1e-8 {
			t.Fatalf("%s: %v hidden from %v by %v, but the ray crosses it at %v (crossings %v)", what, q, p, s, u, ts)
		}
	}
	for range 20000 {
		s := Segment{pointWithin(r, 20), pointWithin(r, 20)}
		p := pointWithin(r, 40)
		if r.IntN(4) == 0 {
			// Close to the segment's line.
			n := s.B.Sub(s.A).Rotate(Deg(90)).Normalize()
			p = s.At(3*r.Float64() - 1).Add(n.Mul(math.Pow(10, -1-4*r.Float64())))
		}
		sh, ok := SegmentShadow(p, s)
		if !ok {
			if s.Length() > 1e-3 && (Polyline{s.A, s.B}).DistToPoint(p) > 1e-3 && math.Abs(s.B.Sub(s.A).Normalize().Cross(p.Sub(s.A))) > 1e-3 {
				t.Fatalf("no shadow for %v from %v", s, p)
			}
			continue
		}
		shadows++
		for range 20 {
			check(s, &sh, p, pointWithin(r, 60), "random")
		}
		for _, v := range [2]Point{s.A, s.B} {
			d := v.Sub(p)
			for _, eps := range []float64{1e-12, 1e-9, 1e-7, 1e-6, 2e-6, 1e-4} {
				for _, sign := range []float64{-1, 1} {
					for _, far := range []float64{0.5, 1, 1 + 1e-9, 1.0001, 2, 10} {
						before := hidden
						check(s, &sh, p, p.Add(d.Rotate(Angle(sign*eps)).Mul(far)), "near an end")
						nearEdge += hidden - before
					}
				}
			}
		}
		n := s.B.Sub(s.A).Rotate(Deg(90)).Normalize()
		m := s.At(r.Float64())
		for _, eps := range []float64{-1e-6, -1e-9, 0, 1e-9, 1e-7, 1e-6, 2e-6} {
			for _, sign := range []float64{-1, 1} {
				before := hidden
				check(s, &sh, p, m.Add(n.Mul(sign*eps)), "near the line")
				nearEdge += hidden - before
			}
		}
		if q := p.Add(s.At(0.5).Sub(p).Mul(1.5 + r.Float64())); !sh.Hides(q) {
			t.Fatalf("%v, behind the middle of %v seen from %v, not hidden", q, s, p)
		}
		c := p.Add(s.At(0.5).Sub(p).Mul(1 + 3*r.Float64()))
		rad := r.Float64()
		if sh.HidesDisc(c, rad) {
			discs++
			for k := range 20 {
				q := c.Add(Dir(Angle(float64(k) * math.Pi / 10)).Mul(rad))
				if !sh.Hides(q) {
					t.Fatalf("%v from %v: the disc of %v around %v is hidden, but not %v on its rim", s, p, rad, c, q)
				}
			}
		}
	}
	if shadows < 10000 || nearEdge == 0 || discs == 0 {
		t.Fatalf("%d shadows, %d hidden points near the edges, %d discs hidden: the test proves little", shadows, nearEdge, discs)
	}
	t.Logf("%d shadows, %d points hidden (%d within a hair of the edges), %d discs hidden", shadows, hidden, nearEdge, discs)
	for _, c := range []struct {
		s Segment
		p Point
	}{
		{Segment{Pt(0, 0), Pt(5e-5, 0)}, Pt(0, 5)},  // too short
		{Segment{Pt(0, 0), Pt(5, 0)}, Pt(8, 5e-5)},  // on its line
		{Segment{Pt(0, 0), Pt(5, 0)}, Pt(2, -5e-5)}, // on it
	} {
		if _, ok := SegmentShadow(c.p, c.s); ok {
			t.Errorf("a shadow of %v from %v", c.s, c.p)
		}
	}
}

// TestFrameShadowSameAsPolygon checks that a box's shadow is the one
// NewShadow casts from its corners, field for field, and that working it
// out allocates nothing.
func TestFrameShadowSameAsPolygon(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 29))
	cast := 0
	for range 20000 {
		b := Box{Center: pointWithin(r, 20), Heading: Angle(r.Float64() * 2 * math.Pi), Length: r.Float64() * 4, Width: r.Float64() * 3}
		if r.IntN(20) == 0 {
			b.Width = 5e-5 // too thin
		}
		p := pointWithin(r, 30)
		if r.IntN(8) == 0 {
			p = b.Center // inside
		}
		c := b.Corners()
		want, wok := NewShadow(p, Polygon(c[:]))
		got, ok := b.Frame().Shadow(p)
		if ok != wok || got != want {
			t.Fatalf("%v from %v: shadow %v %+v, NewShadow of the corners %v %+v", b, p, ok, got, wok, want)
		}
		if ok {
			cast++
		}
	}
	if cast < 10000 {
		t.Fatalf("only %d shadows cast: the test proves little", cast)
	}
	fr := Box{Center: Pt(0, 0), Heading: Deg(30), Length: 2.5, Width: 1.5}.Frame()
	if n := testing.AllocsPerRun(100, func() { fr.Shadow(Pt(10, 3)) }); n != 0 {
		t.Errorf("Frame.Shadow allocates %v times", n)
	}
}

// TestShadowMissesTrack checks that whenever a shadow misses a track, it
// misses the disc about every point along it (Polyline.At, as a mover's
// centre is found), on random convex polygons, viewers and tracks of one
// to four points, some of them close along a side of the wedge, where
// rounding would show first. It also checks that MissesTrack says so
// for at least a fifth of the tracks, or it would be of little use.
func TestShadowMissesTrack(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 37))
	missed, asked := 0, 0
	for range 3000 {
		pg, p := polygonAndViewer(r)
		sh, ok := NewShadow(p, pg)
		if !ok {
			continue
		}
		for range 20 {
			track := make(Polyline, 1+r.IntN(4))
			for i := range track {
				track[i] = pointWithin(r, 60)
			}
			rad := r.Float64() * 3
			if r.IntN(3) == 0 {
				// Along the line of the wedge's first side, just outside.
				for i := range track {
					along := sh.wn[0].Rotate(-math.Pi / 2).Mul(r.Float64()*80 - 40)
					track[i] = sh.from.Add(along).Add(sh.wn[0].Mul(-rad - 1e-12))
				}
			}
			asked++
			if !sh.MissesTrack(track, rad) {
				continue
			}
			missed++
			for _, c := range track {
				if !sh.MissesDisc(c, rad) {
					t.Fatalf("%v from %v misses track %v (radius %v) but not the disc about its point %v", pg, p, track, rad, c)
				}
			}
			for range 20 {
				c, _ := track.At(r.Float64() * track.Length())
				if !sh.MissesDisc(c, rad) {
					t.Fatalf("%v from %v misses track %v (radius %v) but not the disc about %v on it", pg, p, track, rad, c)
				}
			}
		}
	}
	if missed < asked/5 {
		t.Fatalf("%d of %d tracks missed: the test proves little, or MissesTrack is of little use", missed, asked)
	}
	t.Logf("%d of %d tracks missed", missed, asked)
}
