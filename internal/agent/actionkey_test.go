package agent

import (
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	_ "github.com/sandtable/sandtable/internal/rules/armourbattles"
	_ "github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestTreeKeysShareStatistics checks, on every decision of seeded random
// games under each ruleset, that the search tree's keys let iterations
// share what they learn: the candidates listed on the state and on a
// clone of it (built afresh, with pointers of their own) get the same
// keys in the same order, and two candidates get the same key only when
// their encoded actions are the same.
func TestTreeKeysShareStatistics(t *testing.T) {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"armour-battles/battle-1", "pagano/battle-1"} {
		sc, err := cat.Scenario(id)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := engine.Lookup(sc.Rules)
		checked := 0
		for seed := uint64(1); seed <= 3; seed++ {
			st, err := r.New(sc)
			if err != nil {
				t.Fatal(err)
			}
			src := dice.NewPCG(seed)
			rnd := NewRandom(seed)
			for n := 0; !st.Result().Over && n < 2000; n++ {
				a := st.Candidates(nil)
				b := st.Clone().Candidates(nil)
				if len(a) != len(b) {
					t.Fatalf("%s seed %d action %d: %d candidates, %d on a clone", id, seed, n, len(a), len(b))
				}
				seen := map[string]string{} // key -> encoded action
				for i := range a {
					ka, kb := appendKey(nil, st, a[i]), appendKey(nil, st, b[i])
					if string(ka) != string(kb) {
						t.Fatalf("%s seed %d action %d: candidate %d (%s) has key %q, %q on a clone", id, seed, n, i, actionKey(a[i]), ka, kb)
					}
					enc := actionKey(a[i])
					if o, dup := seen[string(ka)]; dup && o != enc {
						t.Fatalf("%s seed %d action %d: %s and %s share a key", id, seed, n, o, enc)
					}
					seen[string(ka)] = enc
					checked++
				}
				st.Apply(rnd.Choose(st), src, engine.Discard)
			}
		}
		t.Logf("%s: %d candidates checked", id, checked)
	}
}
