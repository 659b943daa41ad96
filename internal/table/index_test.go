package table

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/sandtable/sandtable/internal/geom"
)

// randomSegment returns a segment that may start or end off the table,
// run along a cell boundary or be degenerate.
func randomSegment(r *rand.Rand) geom.Segment {
	pt := func() geom.Point { return geom.Pt(-8+r.Float64()*88, -8+r.Float64()*64) }
	switch r.IntN(6) {
	case 0: // along a grid line or table edge
		y := float64(r.IntN(7)) * 8
		return geom.Segment{A: geom.Pt(-3+r.Float64()*20, y), B: geom.Pt(40+r.Float64()*40, y)}
	case 1:
		p := pt()
		return geom.Segment{A: p, B: p}
	}
	return geom.Segment{A: pt(), B: pt()}
}

// checkAgainstBruteForce compares the indexed queries of tb with scans of
// every feature.
func checkAgainstBruteForce(t *testing.T, tb *Table, r *rand.Rand, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		s := randomSegment(r)
		got := tb.Crossings(s, nil)
		if diff := cmp.Diff(tb.bruteSegment(s), got); diff != "" {
			t.Fatalf("Crossings(%v) differs from brute force (-want +got):\n%s", s, diff)
		}
		var want *Feature
		for _, f := range tb.Features() {
			if f.Kind != KindHill {
				continue
			}
			hit := f.Circle != nil && f.Circle.IntersectsSegment(s) || f.Circle == nil && f.Area.IntersectsSegment(s)
			if hit && (want == nil || f.Level > want.Level) {
				want = f
			}
		}
		gotL, gotF := tb.HighestLevel(s)
		if want == nil && gotF != nil || want != nil && (gotF != want || gotL != want.Level) {
			t.Fatalf("HighestLevel(%v) = %d, %v; want %v", s, gotL, gotF, want)
		}
		var wantAt []*Feature
		wantLevel := 0
		for _, f := range tb.Features() {
			if f.IsArea() && f.Contains(s.A) {
				wantAt = append(wantAt, f)
				if f.Kind == KindHill && f.Level > wantLevel {
					wantLevel = f.Level
				}
			}
		}
		if got := tb.At(s.A, nil); !cmp.Equal(got, wantAt) {
			t.Fatalf("At(%v) = %v, want %v", s.A, got, wantAt)
		}
		if got := tb.LevelAt(s.A); got != wantLevel {
			t.Fatalf("LevelAt(%v) = %d, want %d", s.A, got, wantLevel)
		}
	}
}

// TestIndexOffTableAndClones exercises temporary features hanging off the
// table (kept outside the grid), hills of many levels in one cell, and the
// copy-on-write index of clones.
func TestIndexOffTableAndClones(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	base := randomTable(r, 50)
	// Smoke screens and markers straddling the edges, some far off.
	for i := 0; i < 8; i++ {
		c := geom.Pt([]float64{0, 72}[i%2], r.Float64()*48)
		if i%3 == 0 {
			c = geom.Pt(r.Float64()*72, []float64{0, 48}[i%2])
		}
		box := geom.Box{Center: c, Heading: geom.Angle(r.Float64() * 3), Length: 1, Width: 12}
		if _, err := base.Add(Feature{Kind: KindSmoke, Temporary: true, Area: box.Polygon()}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := base.Add(Feature{Kind: KindHill, Level: 5, Temporary: true, Area: geom.Rect{Min: geom.Pt(-6, 20), Max: geom.Pt(2, 30)}.Polygon()}); err != nil {
		t.Fatal(err)
	}
	checkAgainstBruteForce(t, base, r, 3000)

	clone := base.Clone()
	grand := clone.Clone()
	before := base.Crossings(geom.Segment{A: geom.Pt(-5, -5), B: geom.Pt(77, 53)}, nil)
	// Change each copy differently.
	for _, f := range clone.Features() {
		if r.IntN(3) == 0 {
			clone.Remove(f.ID)
		}
	}
	for i := 0; i < 10; i++ {
		c := geom.Pt(r.Float64()*72, r.Float64()*48)
		if _, err := grand.Add(Feature{Kind: KindHill, Level: 1 + r.IntN(4), Area: geom.Rect{Min: c.Sub(geom.Pt(1, 1)), Max: c.Add(geom.Pt(1, 1))}.Polygon()}); err != nil && c.X > 1 && c.Y > 1 && c.X < 71 && c.Y < 47 {
			t.Fatal(err)
		}
	}
	for _, tb := range []*Table{base, clone, grand} {
		checkAgainstBruteForce(t, tb, r, 1000)
	}
	if after := base.Crossings(geom.Segment{A: geom.Pt(-5, -5), B: geom.Pt(77, 53)}, nil); !cmp.Equal(before, after) {
		t.Errorf("changing clones changed the original")
	}
	if base.Len() == clone.Len() || base.Len() == grand.Len() {
		t.Errorf("lengths %d %d %d: clones not independent", base.Len(), clone.Len(), grand.Len())
	}
}

// TestConcurrentQueries runs queries on a table and its clones while the
// clones change; run with -race.
func TestConcurrentQueries(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	tb := randomTable(r, 40)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, 1))
			c := tb.Clone()
			for i := 0; i < 300; i++ {
				s := randomSegment(r)
				tb.VisitSegment(s, func(Crossing) bool { return true })
				tb.HighestLevel(s)
				tb.LevelAt(s.A)
				if i%50 == 0 {
					id, err := c.Add(Feature{Kind: KindSmoke, Temporary: true, Circle: &geom.Circle{C: s.A, R: 2}})
					if err == nil && i%100 == 0 {
						c.Remove(id)
					}
					c = c.Clone()
				}
				c.Crossings(s, nil)
			}
		}(uint64(g))
	}
	wg.Wait()
}

// TestNonFiniteSegments checks that segments with infinite or NaN ends do
// not upset the grid walk.
func TestNonFiniteSegments(t *testing.T) {
	tb := randomTable(rand.New(rand.NewPCG(41, 42)), 30)
	inf, nan := math.Inf(1), math.NaN()
	for _, s := range []geom.Segment{
		{A: geom.Pt(-inf, 10), B: geom.Pt(inf, 10)},
		{A: geom.Pt(10, 10), B: geom.Pt(inf, inf)},
		{A: geom.Pt(nan, 10), B: geom.Pt(20, 20)},
		{A: geom.Pt(nan, nan), B: geom.Pt(nan, nan)},
	} {
		tb.VisitSegment(s, func(Crossing) bool { return true })
		tb.HighestLevel(s)
		tb.LevelAt(s.A)
		tb.At(s.B, nil)
	}
	if cs := tb.Crossings(geom.Segment{A: geom.Pt(nan, 10), B: geom.Pt(20, 20)}, nil); len(cs) != 0 {
		t.Errorf("NaN segment crosses %v", cs)
	}
}

// TestManyHills exercises HighestLevel's grid walk, used when a table has
// more hills than it is worth trying one by one.
func TestManyHills(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	tb := New(72, 48)
	for tb.Len() < 3*flatHills {
		c := geom.Pt(3+r.Float64()*66, 3+r.Float64()*42)
		tb.Add(Feature{Kind: KindHill, Level: 1 + r.IntN(4), Area: starPolygon(r, c, 5+r.IntN(4), 0.5, 3)})
	}
	checkAgainstBruteForce(t, tb, r, 3000)
}

// TestAwkwardSegments checks segments whose clipping to the grid meets
// overflow or 0·∞ against a scan of every feature.
func TestAwkwardSegments(t *testing.T) {
	tb := randomTable(rand.New(rand.NewPCG(61, 62)), 40)
	for _, s := range []geom.Segment{
		{A: geom.Pt(-1e308, 20), B: geom.Pt(1e308, 21)},
		{A: geom.Pt(-1, 10), B: geom.Pt(-1+5e-324, 40)},
		{A: geom.Pt(30, -1), B: geom.Pt(35, -1+5e-324)},
		{A: geom.Pt(0, 0), B: geom.Pt(72, 48)},
		{A: geom.Pt(72, 0), B: geom.Pt(0, 48)},
	} {
		if diff := cmp.Diff(tb.bruteSegment(s), tb.Crossings(s, nil), cmpopts.EquateNaNs()); diff != "" {
			t.Errorf("Crossings(%v) differs from brute force:\n%s", s, diff)
		}
	}
}
