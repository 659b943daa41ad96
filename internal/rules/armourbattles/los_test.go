package armourbattles

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
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

// TestWoodsLineOfSightAsTheRuleSays: a unit within 1" of a wood's edge
// sees out of it, and is seen, at any angle through the 1" fringe; not
// through the depth of the wood; two units in a wood see each other up to
// 1" apart, hull to hull, whichever way they stand (ruling R6).
func TestWoodsLineOfSightAsTheRuleSays(t *testing.T) {
	// A wood from y = 20 to y = 40 across the table's middle.
	wood := table.Feature{Kind: table.KindWoods, Area: geom.Polygon{{X: 20, Y: 20}, {X: 52, Y: 20}, {X: 52, Y: 40}, {X: 20, Y: 40}}}
	for _, c := range []struct {
		name     string
		viewer   [3]float64 // x, y, heading in degrees (a Panzer IV, 2.5 x 1.5)
		target   [3]float64 // an M4
		wantSeen bool
	}{
		{"in the fringe, looking out square", [3]float64{36, 20.9, 90}, [3]float64{36, 10, 90}, true},
		{"in the fringe, looking out at 15 degrees to the edge", [3]float64{36, 20.6, 0}, [3]float64{6, 12.6, 0}, true},
		{"hull 0.6\" inside, long side to the edge, out at 26 degrees to it", [3]float64{36, 21.35, 0}, [3]float64{16, 11.9, 0}, true},
		{"hull 0.9\" inside: rays leaving its corners run deeper than the fringe", [3]float64{36, 21.65, 0}, [3]float64{16, 11.9, 0}, false},
		{"in the fringe, looking through the whole wood", [3]float64{36, 20.9, 90}, [3]float64{36, 50, 90}, false},
		{"deep in the wood", [3]float64{36, 30, 90}, [3]float64{36, 10, 90}, false},
		{"two in the wood nose to tail, 0.5\" apart", [3]float64{36, 30, 90}, [3]float64{36, 33, 90}, true},
		{"two in the wood side by side, 0.8\" apart", [3]float64{36, 30, 90}, [3]float64{38.3, 30, 90}, true},
		{"two in the wood, 2\" apart", [3]float64{36, 30, 90}, [3]float64{36, 34.5, 90}, false},
		{"outside, a target in the fringe at a shallow angle", [3]float64{10, 12, 0}, [3]float64{36, 20.9, 0}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, []table.Feature{wood}, german, 1,
				placed{"de-1", "panzer-iv-h", german, c.viewer[0], c.viewer[1], c.viewer[2]},
				placed{"us-1", "m4-75", us, c.target[0], c.target[1], c.target[2]})
			a, b := f.s.unitIndex("de-1"), f.s.unitIndex("us-1")
			if got := f.s.lineOfSight(a, f.s.box(a), b, f.s.box(b)); got != c.wantSeen {
				t.Errorf("seen %v, want %v", got, c.wantSeen)
			}
			// The shadows and the memo agree.
			if got := f.s.canSee(a, b); got != c.wantSeen {
				t.Errorf("canSee %v, want %v", got, c.wantSeen)
			}
		})
	}
}

// TestFriendsInTheWayListed lines up more of the viewer's friends near the
// line of sight than a sight keeps in place (they then move to the heap),
// with some far from it: the friends listed are the near ones, in order,
// and the one straddling the line blocks it (Armour Battles, Line of
// Sight: Friendly Units), while the line is clear without it.
func TestFriendsInTheWayListed(t *testing.T) {
	for _, n := range []int{3, 16, 17, 30} {
		t.Run(fmt.Sprint(n, " near"), func(t *testing.T) {
			units := []placed{
				{"de-0", "panzer-iv-h", german, 5, 24, 0},
				{"us-0", "m4-75", us, 65, 24, 180},
			}
			var near []string
			for i := range n {
				// Alternately beside the line (2" off it: near enough to be
				// listed, too far to block) and far from it.
				id := fmt.Sprint("de-near-", i)
				near = append(near, id)
				units = append(units, placed{id, "panzer-iv-h", german, 8 + 3*float64(i%18), 24 + 2*float64(1-2*(i%2)) + 0.1*float64(i/18), 0},
					placed{fmt.Sprint("de-far-", i), "panzer-iv-h", german, 8 + 3*float64(i%18), 40, 0})
			}
			f := newFixture(t, nil, german, 1, units...)
			a, b := f.s.unitIndex("de-0"), f.s.unitIndex("us-0")
			if !f.s.lineOfSight(a, f.s.box(a), b, f.s.box(b)) {
				t.Fatalf("the line is blocked by friends beside it")
			}
			q := f.s.newSight(a, f.s.box(a), b, f.s.box(b))
			var got []string
			for _, fr := range q.friendsOf(f.s) {
				got = append(got, f.s.Units[fr.unit].ID)
			}
			if !slices.Equal(got, near) {
				t.Fatalf("friends listed %v, want %v", got, near)
			}
			// Listed once: asking again gives the same.
			if again := q.friendsOf(f.s); len(again) != len(near) {
				t.Fatalf("asked again: %d friends, want %d", len(again), len(near))
			}
			// One of them across the line blocks it.
			f.s.Units[f.s.unitIndex(near[n-1])].Pos.Y = 24
			if f.s.lineOfSight(a, f.s.box(a), b, f.s.box(b)) {
				t.Fatalf("the line is clear with %s across it", near[n-1])
			}
		})
	}
}
