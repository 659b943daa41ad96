package armourbattles

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

var memoSeed = flag.Uint64("memo-seed", 1, "first seed of the games in the SightMemo tests")

// TestSightMemoSameAnswers plays seeded random games with a memo attached
// to the state and, before every action, asks it both new line-of-sight
// questions and every question asked before (so answers given before units
// moved or smoke was laid are asked again): each answer must be the one
// worked out afresh. The game must also end as the same game played
// without a memo.
func TestSightMemoSameAnswers(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2"} {
		for g := range games {
			seed := *memoSeed + uint64(g)
			rng := rand.New(rand.NewPCG(seed, 99))
			var memo any
			type question struct {
				a, b int
				fb   geom.Box
			}
			var asked []question
			checks, seen := 0, 0
			end, n := playRandomOn(t, battle(t, id), seed, func(s *State, _ engine.Action) error {
				if s.memo == nil {
					s.WithMemo(&memo)
				}
				var on []int
				for i := range s.Units {
					if s.Units[i].Active() {
						on = append(on, i)
					}
				}
				if len(on) < 2 {
					return nil
				}
				for range 4 {
					a, b := on[rng.IntN(len(on))], on[rng.IntN(len(on))]
					if a == b {
						continue
					}
					// b where it stands, or a few inches away facing anywhere.
					fb := s.box(b)
					if rng.IntN(2) == 0 {
						fb = s.boxAt(b, fb.Center.Add(geom.Pt(rng.Float64()*8-4, rng.Float64()*8-4)), geom.Deg(rng.Float64()*360))
					}
					asked = append(asked, question{a, b, fb})
				}
				if len(asked) > 400 {
					asked = asked[len(asked)-400:]
				}
				for _, q := range asked {
					if !s.Units[q.a].Active() {
						continue
					}
					fa := s.box(q.a)
					got, want := s.canSeeBox(q.a, fa, q.b, q.fb), s.lineOfSight(q.a, fa, q.b, q.fb)
					if got != want {
						return fmt.Errorf("memo says %s sees %s at %v: %v, lineOfSight says %v", s.Units[q.a].ID, s.Units[q.b].ID, q.fb, got, want)
					}
					checks++
					if want {
						seen++
					}
				}
				return nil
			})
			plain, pn := playRandomOn(t, battle(t, id), seed, nil)
			if n != pn || end.Hash() != plain.Hash() {
				t.Errorf("%s seed %d: with a memo %d actions to hash %x, without %d to %x", id, seed, n, end.Hash(), pn, plain.Hash())
			}
			t.Logf("%s seed %d: %d answers compared, %d of them seen", id, seed, checks, seen)
		}
	}
}

// TestDoctrineMemoSameChoice plays seeded games with the doctrine on both
// sides and checks at every decision that the doctrine with a memo kept
// for the whole game chooses what the doctrine without one chooses, and
// leaves the state as it found it.
func TestDoctrineMemoSameChoice(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2"} {
		for g := range games {
			seed := *memoSeed + uint64(g)
			s := setupFixture(t, id).s
			src := dice.NewPCG(seed)
			var memo any
			n := 0
			for ; !s.Over && n < 5000; n++ {
				want := s.Clone().(*State).Doctrine()
				h := s.Hash()
				got := s.DoctrineWith(&memo)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s seed %d decision %d (%s): with memo %#v, without %#v", id, seed, n, s.Pending().Kind, got, want)
				}
				if s.Hash() != h {
					t.Fatalf("%s seed %d decision %d: the doctrine with memo changed the state", id, seed, n)
				}
				s.Apply(want, src, engine.Discard)
			}
			t.Logf("%s seed %d: %d decisions compared", id, seed, n)
		}
	}
}

// TestExpectedNetTable checks the remembered expected net successes
// against dice.Opposed, asked twice.
func TestExpectedNetTable(t *testing.T) {
	for range 2 {
		for aN := 1; aN <= 15; aN++ {
			for aTN := 2; aTN <= 7; aTN++ {
				for bN := 0; bN <= 15; bN++ {
					for bTN := 2; bTN <= 7; bTN++ {
						want := dice.Opposed(aN, aTN, bN, bTN).ExpectedNet()
						if got := expectedNet(aN, aTN, bN, bTN); got != want {
							t.Fatalf("expectedNet(%d, %d, %d, %d) = %v, want %v", aN, aTN, bN, bTN, got, want)
						}
					}
				}
			}
		}
	}
}
