package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
)

// TestAppendActionKey checks on the candidates of seeded random games, and
// on a few hand-made actions, that two actions get the same key exactly
// when their JSON forms (engine.EncodeAction, the search agents' slower
// key) are the same.
func TestAppendActionKey(t *testing.T) {
	facing := 90.0
	var acts []engine.Action
	acts = append(acts, Pass{}, OppPass{}, Boost{}, Boost{Wild: true}, BreakOffChoice{}, OppFire{Unit: "a", At: 0}, OppFire{Unit: "a", At: -0.0 * facing},
		Move{Units: []UnitMove{{Unit: "a", To: [][2]float64{{1, 2}}, Facing: &facing}}}, Activate{Order: OrderRally, Leader: "a b"}, Activate{Order: OrderRally, Leader: "a", Members: []string{"b"}},
		// Strings that a key without lengths would run together.
		Activate{Order: OrderRally, Leader: "a", Members: []string{"b c"}}, Activate{Order: OrderRally, Leader: "a", Members: []string{"b", "c"}},
		Activate{Order: OrderRally, Leader: "a [b]", Members: []string{"{c}"}}, Fire{Unit: "a b", Target: "c"}, Fire{Unit: "a", Target: "b c"}, Fire{Unit: "ab", Target: "c"}, Fire{Unit: "a", Target: "bc"})
	for seed := uint64(1); seed <= 4; seed++ {
		playRandomOn(t, battle(t, "armour-battles/battle-1"), seed, func(s *State, _ engine.Action) error {
			if len(acts) < 4000 {
				acts = s.Candidates(acts)
			}
			return nil
		})
	}
	var s State
	declined, distinct := enginetest.CheckActionKeys(t, s.AppendActionKey, acts)
	if declined != 1 {
		t.Errorf("declined %d actions, want the 1 made to be declined (a facing by pointer)", declined)
	}
	t.Logf("%d actions, %d distinct keys", len(acts), distinct)
}

// TestCandidateKeys checks CandidateKeys at every decision of a seeded
// random game of each battle, with a sight memo: as many keys as
// Candidates lists actions, the i-th AppendActionKey's key of the i-th
// action, and Candidate(i) that action, which must stay as it was
// through the rest of the game, keyed with the same memo. Without a memo
// it declines.
func TestCandidateKeys(t *testing.T) {
	var memo any
	decisions, orders := 0, 0
	var made []engine.Action // the game's Candidate actions so far
	var madeKeys []string
	for _, id := range allBattles {
		playRandomOn(t, battle(t, id), 1, func(s0 *State, _ engine.Action) error {
			if s0.Over {
				return nil
			}
			s := s0.Clone().(*State)
			if _, _, ok := s.CandidateKeys(nil, nil); ok {
				t.Fatalf("%s: CandidateKeys keyed the candidates without a memo", id)
			}
			s.WithMemo(&memo)
			cands := s.Candidates(nil)
			keys, ends, ok := s.CandidateKeys(nil, nil)
			if !ok {
				return nil // an action AppendActionKey leaves to the slower key
			}
			if len(ends) != len(cands) {
				t.Fatalf("%s: %d keys for %d candidates", id, len(ends), len(cands))
			}
			from := 0
			for i, a := range cands {
				want, _ := s.AppendActionKey(nil, a)
				if got := keys[from:ends[i]]; string(got) != string(want) {
					t.Fatalf("%s: key %d is %q, AppendActionKey gives %q for %s", id, i, got, want, key(t, a))
				}
				from = ends[i]
				c := s.Candidate(i)
				if got, want := key(t, c), key(t, a); got != want {
					t.Fatalf("%s: Candidate(%d) is %s, Candidates' %s", id, i, got, want)
				}
				made, madeKeys = append(made, c), append(madeKeys, key(t, c))
			}
			decisions++
			if s.decision().Kind == phaseOrders {
				orders++
			}
			return nil
		})
		for i, a := range made {
			if got := key(t, a); got != madeKeys[i] {
				t.Fatalf("%s: an action Candidate made changed later in the game to %s, was %s", id, got, madeKeys[i])
			}
		}
		made, madeKeys = made[:0], madeKeys[:0]
	}
	t.Logf("%d decisions keyed, %d of them orders decisions", decisions, orders)
	if decisions < 1000 || orders < 200 {
		t.Fatalf("the test checks too little")
	}
}
