package armourbattles

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// TestBestMoveBoundSameChoice checks that bestMove, told which scores are
// of use, gives up only on moves it may: at every sixth order decision of
// seeded games (every thirtieth with -short), for each group that may move and a range of bounds, it finds a
// move exactly when the unbounded search finds one of use, and then the
// very same move, risk and score.
func TestBestMoveBoundSameChoice(t *testing.T) {
	games, every := 2, 6
	if testing.Short() {
		games, every = 1, 30
	}
	compared := 0
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-3"} {
		for g := range games {
			seed := *memoSeed + uint64(g)
			s := setupFixture(t, id).s
			src := dice.NewPCG(seed)
			orders := 0
			for n := 0; !s.Over && n < 5000; n++ {
				if s.Pending().Kind == phaseOrders {
					orders++
				}
				if s.Pending().Kind == phaseOrders && orders%every == 0 {
					for _, c := range s.Candidates(nil) {
						a, ok := c.(Activate)
						if !ok || a.Order != OrderMoveFire {
							continue
						}
						units, err := s.group(a.Order, a.Leader, a.Members)
						if err != nil {
							t.Fatal(err)
						}
						want, wantOK := s.newDoc(nil).bestMove(units, a.Dice, nil)
						for _, floor := range []float64{-10, -1, 0, 0.5, 1, 2, want.score - 1e-9, want.score} {
							useful := func(score float64) bool { return score > floor }
							got, gotOK := s.newDoc(nil).bestMove(units, a.Dice, useful)
							if gotOK != (wantOK && useful(want.score)) || gotOK && !reflect.DeepEqual(got, want) {
								t.Fatalf("%s seed %d decision %d, %s with %d dice, scores above %v: got %+v (%v), unbounded %+v (%v)",
									id, seed, n, a.Leader, a.Dice, floor, got, gotOK, want, wantOK)
							}
							compared++
						}
					}
				}
				s.Apply(s.Doctrine(), src, engine.Discard)
			}
		}
	}
	t.Logf("%d bounded searches compared", compared)
	if compared == 0 {
		t.Fatal("no move-and-fire order met")
	}
}

// TestOrderSameAsPlain checks the order the doctrine gives (moves weighed
// last, each planned only as far as it could beat the best so far)
// against the plain rule: every candidate scored in full, in turn, the
// first of the highest score taken, with an empty memo. It compares every
// order decision of doctrine games on the Armour Battles tables, the
// doctrine's own with the memo the game's earlier decisions left.
func TestOrderSameAsPlain(t *testing.T) {
	ids := []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next"}
	if testing.Short() {
		ids = ids[:1]
	}
	compared, moved := 0, 0
	for _, id := range ids {
		s := setupFixture(t, id).s
		src := dice.NewPCG(*memoSeed)
		var memo any
		for n := 0; !s.Over && n < 5000; n++ {
			if s.Pending().Kind == phaseOrders {
				cands := s.Candidates(nil)
				m, _ := memo.(*SightMemo) // warm from the decisions before
				got := s.newDoc(m).order(cands)
				plain := s.newDoc(nil)
				plain.plain = true
				if want := plain.order(cands); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s decision %d, turn %d: order %#v, by the plain rule %#v", id, n, s.Turn, got, want)
				}
				compared++
				if a, ok := got.(Activate); ok && a.Order == OrderMoveFire {
					moved++
				}
			}
			s.Apply(s.DoctrineWith(&memo), src, engine.Discard)
		}
	}
	t.Logf("%d order decisions compared, %d of them move-and-fire orders", compared, moved)
	if moved == 0 {
		t.Fatal("no move-and-fire order chosen: the moves were not compared")
	}
}
