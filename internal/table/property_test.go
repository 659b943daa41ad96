package table

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sandtable/sandtable/internal/geom"
	"pgregory.net/rapid"
)

// starPolygon returns an n-vertex star-shaped (possibly concave) polygon
// around c with radii in [rmin, rmax].
func starPolygon(r *rand.Rand, c geom.Point, n int, rmin, rmax float64) geom.Polygon {
	angles := make([]float64, n)
	for i := range angles {
		angles[i] = (float64(i) + 0.1 + 0.8*r.Float64()) * 2 * math.Pi / float64(n)
	}
	sort.Float64s(angles)
	pg := make(geom.Polygon, n)
	for i, a := range angles {
		pg[i] = c.Add(geom.Dir(geom.Angle(a)).Mul(rmin + (rmax-rmin)*r.Float64()))
	}
	return pg
}

// randomTable returns a 72"×48" table with n mixed features: woods of about
// 8 vertices, hills (some nested), hedges and the odd impact marker.
func randomTable(r *rand.Rand, n int) *Table {
	t := New(72, 48)
	pt := func(margin float64) geom.Point {
		return geom.Pt(margin+r.Float64()*(72-2*margin), margin+r.Float64()*(48-2*margin))
	}
	for t.Len() < n {
		var f Feature
		switch k := r.IntN(10); {
		case k < 4:
			f = Feature{Kind: KindWoods, Area: starPolygon(r, pt(6), 6+r.IntN(5), 1.5, 5)}
		case k < 6:
			f = Feature{Kind: KindHill, Level: 1 + r.IntN(3), Area: starPolygon(r, pt(8), 5+r.IntN(6), 2, 7)}
		case k < 9:
			a := pt(0)
			line := geom.Polyline{a}
			for j := 0; j < 1+r.IntN(3); j++ {
				b := a.Add(geom.Dir(geom.Angle(r.Float64() * 6.28)).Mul(2 + r.Float64()*8))
				b.X = math.Max(0, math.Min(72, b.X))
				b.Y = math.Max(0, math.Min(48, b.Y))
				line = append(line, b)
				a = b
			}
			f = Feature{Kind: KindHedge, Line: line}
		default:
			f = Feature{Kind: KindImpact, Temporary: true, Circle: &geom.Circle{C: pt(3), R: 0.5 + 2*r.Float64()}}
		}
		if _, err := t.Add(f); err != nil {
			continue // e.g. a hedge folded back on itself to no length
		}
	}
	return t
}

// bruteSegment is VisitSegment without the index.
func (t *Table) bruteSegment(s geom.Segment) []Crossing {
	var hs []hit
	var ivs [8]geom.Interval
	for _, it := range t.items {
		hs = it.appendHits(s, hs, ivs[:0])
	}
	sortHits(hs)
	var cs []Crossing
	for i := range hs {
		cs = append(cs, hs[i].crossing(s, s.Length()))
	}
	return cs
}

func TestPropIndexMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64().Draw(rt, "seed")
		r := rand.New(rand.NewPCG(seed, 1))
		tb := randomTable(r, rapid.IntRange(0, 40).Draw(rt, "n"))
		// Remove a few, to exercise the index's deletions.
		for _, f := range tb.Features() {
			if r.IntN(5) == 0 {
				tb.Remove(f.ID)
			}
		}
		for i := 0; i < 20; i++ {
			s := geom.Segment{
				A: geom.Pt(rapid.Float64Range(-5, 77).Draw(rt, "ax"), rapid.Float64Range(-5, 53).Draw(rt, "ay")),
				B: geom.Pt(rapid.Float64Range(-5, 77).Draw(rt, "bx"), rapid.Float64Range(-5, 53).Draw(rt, "by")),
			}
			var got []Crossing
			tb.VisitSegment(s, func(c Crossing) bool { got = append(got, c); return true })
			want := tb.bruteSegment(s)
			if diff := cmp.Diff(want, got); diff != "" {
				rt.Fatalf("VisitSegment(%v) differs from brute force (-want +got):\n%s", s, diff)
			}
			for j := 1; j < len(got); j++ {
				if got[j].T0 < got[j-1].T0 {
					rt.Fatalf("crossings out of order: %v", got)
				}
			}
			// AnySegment finds a crossing exactly when one exists, and
			// every crossing it offers is one of them.
			for _, kind := range []string{KindWoods, KindHill, KindHedge} {
				want := false
				for _, c := range want0(got) {
					want = want || c.Feature.Kind == kind
				}
				seen := 0
				any := tb.AnySegment(s, func(c Crossing) bool {
					seen++
					if !containsCrossing(got, c) {
						rt.Fatalf("AnySegment(%v) offered %v, not among %v", s, c, got)
					}
					return c.Feature.Kind == kind
				})
				if any != want {
					rt.Fatalf("AnySegment(%v, kind %s) = %v, want %v", s, kind, any, want)
				}
				if !want && seen != len(got) {
					rt.Fatalf("AnySegment(%v) offered %d crossings, want all %d", s, seen, len(got))
				}
			}
			// HighestLevel against a scan of all hills.
			wantLevel := 0
			for _, f := range tb.Features() {
				if f.Kind == KindHill && f.Level > wantLevel && f.Area.IntersectsSegment(s) {
					wantLevel = f.Level
				}
			}
			if got, _ := tb.HighestLevel(s); got != wantLevel {
				rt.Fatalf("HighestLevel(%v) = %d, brute force %d", s, got, wantLevel)
			}
			// LevelAt against a scan.
			wantAt := 0
			for _, f := range tb.Features() {
				if f.Kind == KindHill && f.Level > wantAt && f.Contains(s.A) {
					wantAt = f.Level
				}
			}
			if got := tb.LevelAt(s.A); got != wantAt {
				rt.Fatalf("LevelAt(%v) = %d, brute force %d", s.A, got, wantAt)
			}
		}
	})
}

func want0(cs []Crossing) []Crossing { return cs }

func containsCrossing(cs []Crossing, c Crossing) bool {
	for _, x := range cs {
		if x.Feature == c.Feature && x.T0 == c.T0 && x.T1 == c.T1 {
			return true
		}
	}
	return false
}

// ContainsBox answers by the bounding circle when it can; the answer is
// the corners' answer every time.
func TestPropContainsBoxMatchesCorners(t *testing.T) {
	tb := New(72, 48)
	rapid.Check(t, func(t *rapid.T) {
		b := geom.Box{
			Center:  geom.Pt(rapid.Float64Range(-3, 75).Draw(t, "x"), rapid.Float64Range(-3, 51).Draw(t, "y")),
			Heading: geom.Angle(rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "h")),
			Length:  rapid.Float64Range(0.5, 6).Draw(t, "l"),
			Width:   rapid.Float64Range(0.5, 6).Draw(t, "w"),
		}
		want := true
		for _, c := range b.Corners() {
			if c.X < -geom.Epsilon || c.Y < -geom.Epsilon || c.X > 72+geom.Epsilon || c.Y > 48+geom.Epsilon {
				want = false
			}
		}
		if got := tb.ContainsBox(b); got != want {
			t.Fatalf("ContainsBox(%+v) = %v, corners say %v", b, got, want)
		}
	})
}
