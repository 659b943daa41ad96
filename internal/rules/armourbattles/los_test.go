package armourbattles

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

// TestBehindHedgeAsTheTableSays checks behindHedge, which asks only the
// hedges within reach of the target for their crossings, against
// behindHedgeOnTable, which walks the whole line of fire through the
// table, and nearHedge against the plain distance to every hedge: on the
// hedged fields of Battle 2, with targets on, beside and away from the
// hedges, facing anywhere, and firers anywhere on the table.
func TestBehindHedgeAsTheTableSays(t *testing.T) {
	st, err := Rules{}.New(battle(t, "armour-battles/battle-2"))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if len(s.b.hedges) == 0 {
		t.Fatal("Battle 2 has no hedges")
	}
	r := rand.New(rand.NewPCG(4, 4))
	tb := s.b.table
	covered, near := 0, 0
	for range 20000 {
		c := geom.Point{X: r.Float64() * tb.Width(), Y: r.Float64() * tb.Height()}
		if r.IntN(3) > 0 { // within 3" of a hedge
			f := s.b.hedges[r.IntN(len(s.b.hedges))]
			k := r.IntN(len(f.Line) - 1)
			c = f.Line[k].Lerp(f.Line[k+1], r.Float64()).Add(geom.Dir(geom.Angle(r.Float64() * 2 * math.Pi)).Mul(3 * r.Float64()))
		}
		b := s.boxAt(0, c, geom.Angle(r.Float64()*2*math.Pi))
		p := geom.Point{X: r.Float64() * tb.Width(), Y: r.Float64() * tb.Height()}
		got, want := s.behindHedge(b, p), s.behindHedgeOnTable(b, geom.Segment{A: p, B: b.Center})
		if got != want {
			t.Fatalf("%v seen from %v: behindHedge %v, the table says %v", b, p, got, want)
		}
		rb := math.Hypot(b.Length, b.Width) / 2
		plain := false
		for _, f := range s.b.hedges {
			plain = plain || f.Line.DistToPoint(b.Center) <= rb+HedgeAdjacent+1e-3
		}
		if s.nearHedge(b, rb) != plain {
			t.Fatalf("%v: nearHedge %v, the plain distance says %v", b, !plain, plain)
		}
		if got {
			covered++
		}
		if plain {
			near++
		}
	}
	if covered == 0 || near == 0 {
		t.Fatalf("covered %d times, near a hedge %d times: the test proves little", covered, near)
	}
	t.Logf("20000 targets: %d behind a hedge, %d near one", covered, near)
}
