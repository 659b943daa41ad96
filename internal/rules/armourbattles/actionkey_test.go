package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
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
	keys := map[string]string{} // fast key -> slow key
	slow := map[string]string{} // slow key -> fast key
	declined := 0
	for _, a := range acts {
		k, ok := s.AppendActionKey(nil, a)
		if !ok {
			declined++
			continue
		}
		if k2, _ := s.AppendActionKey(append(make([]byte, 0, 64), 'x'), a); string(k2) != "x"+string(k) {
			t.Fatalf("%v: appended to x, key %q, want x then %q", a, k2, k)
		}
		enc, err := engine.EncodeAction(a)
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		sk := string(enc)
		if o, dup := keys[string(k)]; dup && o != sk {
			t.Fatalf("%s and %s share a key", o, sk)
		}
		if o, dup := slow[sk]; dup && o != string(k) {
			t.Fatalf("%s has two keys", sk)
		}
		keys[string(k)], slow[sk] = sk, string(k)
	}
	if declined != 1 {
		t.Errorf("declined %d actions, want the 1 made to be declined (a facing by pointer)", declined)
	}
	t.Logf("%d actions, %d distinct keys", len(acts), len(keys))
}
