package geom

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// refPolygonIntersectsSegment is Polygon.IntersectsSegment without the
// properCross shortcut.
func refPolygonIntersectsSegment(pg Polygon, s Segment) bool {
	if len(pg) < 3 {
		return false
	}
	d := s.B.Sub(s.A)
	l := d.Norm()
	if l <= Epsilon {
		return pg.Contains(s.A)
	}
	tol := Epsilon * l
	prev := pg[len(pg)-1]
	sp := d.Cross(prev.Sub(s.A))
	for _, cur := range pg {
		sc := d.Cross(cur.Sub(s.A))
		if !(sp > tol && sc > tol || sp < -tol && sc < -tol) {
			if _, _, ok := s.Intersect(Segment{prev, cur}); ok {
				return true
			}
		}
		prev, sp = cur, sc
	}
	return pg.containsOpen(s.A)
}

// randomPoint returns a point on a coarse lattice (so that touching,
// collinear and through-a-vertex cases are common) or anywhere.
func randomPoint(r *rand.Rand) Point {
	if r.IntN(2) == 0 {
		return Pt(float64(r.IntN(13)), float64(r.IntN(13)))
	}
	return Pt(r.Float64()*12, r.Float64()*12)
}

func TestFastPathsMatchIntersect(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 200000; i++ {
		s := Seg(randomPoint(r), randomPoint(r))
		o := Seg(randomPoint(r), randomPoint(r))
		d := s.B.Sub(s.A)
		tol := Epsilon * d.Norm()
		sp, sc := d.Cross(o.A.Sub(s.A)), d.Cross(o.B.Sub(s.A))
		if (sp > tol && sc < -tol || sp < -tol && sc > tol) && properCross(s, d, o.A, o.B) {
			tt, _, ok := s.Intersect(o)
			q := o.B.Sub(o.A)
			if !ok || tt != clamp01(o.A.Sub(s.A).Cross(q)/d.Cross(q)) {
				t.Fatalf("properCross(%v, %v) but Intersect = %v, %v", s, o, tt, ok)
			}
		}
		pl := Polyline{randomPoint(r), randomPoint(r), randomPoint(r), randomPoint(r)}
		var want []float64
		for j := 1; j < len(pl); j++ {
			if tt, _, ok := s.Intersect(pl.Segment(j - 1)); ok {
				want = append(want, tt)
			}
		}
		got := pl.Crossings(s, nil)
		// Crossings sorts and merges; compare against the same treatment.
		sortFloats(want)
		if len(want) > 1 {
			eps := Epsilon / s.Length()
			k := 1
			for j := 1; j < len(want); j++ {
				if want[j]-want[k-1] > eps {
					want[k] = want[j]
					k++
				}
			}
			want = want[:k]
		}
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("%v.Crossings(%v) = %v, want %v", pl, s, got, want)
		}
		pg := Polygon{randomPoint(r), randomPoint(r), randomPoint(r), randomPoint(r), randomPoint(r)}
		if pg.Validate() != nil {
			continue
		}
		if got, want := pg.IntersectsSegment(s), refPolygonIntersectsSegment(pg, s); got != want {
			t.Fatalf("%v.IntersectsSegment(%v) = %v, want %v", pg, s, got, want)
		}
	}
}

// refClip is Polygon.Clip as first written (one pass, branching on every
// vertex), to check the faster version against.
func refClip(pg Polygon, s Segment, dst []Interval) []Interval {
	n := len(pg)
	if n < 3 {
		return dst
	}
	d := s.B.Sub(s.A)
	dd := d.Dot(d)
	if dd <= Epsilon*Epsilon {
		if pg.Contains(s.A) {
			dst = append(dst, Interval{0, 1})
		}
		return dst
	}
	l := math.Sqrt(dd)
	eps := Epsilon / l // Epsilon as a parameter along s
	tol := Epsilon * l // a side value within tol is within Epsilon of the line
	var buf [24]float64
	ts := append(buf[:0], 0)
	// proper stays true while no vertex lies on the line through s; every
	// crossing of the line is then transversal, so inside and outside
	// alternate along the line, starting outside far before A.
	proper := true
	before := 0 // crossings of the line before A
	prev := pg[n-1]
	sp := d.Cross(prev.Sub(s.A))
	cp := sideClass(sp, tol)
	for _, cur := range pg {
		sc := d.X*(cur.Y-s.A.Y) - d.Y*(cur.X-s.A.X)
		cc := sideClass(sc, tol)
		switch {
		case cp*cc > 0:
			// The edge stays on one side of the line.
		case cp == 0 && cc == 0:
			// The edge lies along the line.
			proper = false
			if t := prev.Sub(s.A).Dot(d) / dd; t > eps && t < 1-eps {
				ts = append(ts, t)
			}
			if t := cur.Sub(s.A).Dot(d) / dd; t > eps && t < 1-eps {
				ts = append(ts, t)
			}
		default:
			if cp == 0 || cc == 0 {
				proper = false // through a vertex
			}
			e := cur.Sub(prev)
			t := prev.Sub(s.A).Cross(e) / d.Cross(e)
			switch {
			case t > eps && t < 1-eps:
				ts = append(ts, t)
			case t <= eps:
				if t >= -eps {
					proper = false // on A: parity at A is ambiguous
				}
				before++
			}
		}
		prev, sp, cp = cur, sc, cc
	}
	ts = append(ts, 1)
	sortFloats(ts)
	// Drop breakpoints closer than eps to the previous one.
	k := 1
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[k-1] > eps {
			ts[k] = ts[i]
			k++
			continue
		}
		if i == len(ts)-1 {
			ts[k-1] = 1 // keep the end exactly at 1
		} else {
			proper = false // two crossings merged: parity is unreliable
		}
	}
	ts = ts[:k]
	base := len(dst)
	in := before%2 == 1
	for i := 0; i+1 < len(ts); i++ {
		t0, t1 := ts[i], ts[i+1]
		switch {
		case !proper:
			in = pg.Contains(s.At((t0 + t1) / 2))
		case i > 0:
			in = !in
		}
		if !in {
			continue
		}
		if n := len(dst); n > base && dst[n-1].T1 >= t0 {
			dst[n-1].T1 = t1
			continue
		}
		dst = append(dst, Interval{t0, t1})
	}
	return dst
}

func TestClipMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 200000; i++ {
		n := 3 + r.IntN(8)
		if i%100 == 0 {
			n = 60 + r.IntN(10) // both sides of the 64-vertex switch
		}
		var pg Polygon
		if n > 12 {
			c := Pt(6, 6)
			for k := 0; k < n; k++ {
				pg = append(pg, c.Add(Dir(Angle(float64(k)*2*3.14159265/float64(n))).Mul(2+r.Float64()*4)))
			}
		} else {
			for k := 0; k < n; k++ {
				pg = append(pg, randomPoint(r))
			}
			if pg.Validate() != nil {
				continue
			}
		}
		s := Seg(randomPoint(r), randomPoint(r))
		if i%7 == 0 {
			s = Seg(pg[r.IntN(n)], pg[r.IntN(n)]) // along an edge, through vertices
		}
		got := pg.Clip(s, nil)
		want := refClip(pg, s, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("%v.Clip(%v) = %v, want %v", pg, s, got, want)
		}
	}
}

// TestWalkerMatchesAt checks Walker.At against Polyline.At, bit for bit, on
// random polylines (with repeated points) from before the start to past
// the end.
func TestWalkerMatchesAt(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 5000; i++ {
		pl := make(Polyline, r.IntN(7))
		for j := range pl {
			pl[j] = Point{r.Float64() * 72, r.Float64() * 48}
			if j > 0 && r.IntN(5) == 0 {
				pl[j] = pl[j-1] // a zero-length segment
			}
		}
		var w Walker
		w.Follow(pl)
		total := pl.Length()
		for k := -2; k <= 202; k++ {
			d := total * float64(k) / 200
			if k%50 == 7 {
				d = r.Float64() * total
			}
			p, h := w.At(d)
			wp, wh := pl.At(d)
			if math.Float64bits(p.X) != math.Float64bits(wp.X) || math.Float64bits(p.Y) != math.Float64bits(wp.Y) || math.Float64bits(float64(h)) != math.Float64bits(float64(wh)) {
				t.Fatalf("%v at %v: walker %v %v, At %v %v", pl, d, p, h, wp, wh)
			}
		}
	}
}
