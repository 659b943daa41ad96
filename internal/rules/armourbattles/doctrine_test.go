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
