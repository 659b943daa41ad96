package agent_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
)

// TestScriptedVariesItsSetUp: the doctrine's hidden set-up of Battle 2 is
// the same whatever the seed, so a player who has met it once would know
// where the next game's hidden units stand; with VarySetUp (the server's
// AI seats) it differs from seed to seed, each hidden deployment legal and
// one the doctrine rates within SetUpMargin of its best, and each unit the
// enemy sees deploy where the doctrine puts it.
func TestScriptedVariesItsSetUp(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-2")
	setUp := func(seed uint64, vary bool) string {
		st, err := r.New(sc)
		if err != nil {
			t.Fatal(err)
		}
		src := dice.NewPCG(seed)
		var spots []string
		for i := 0; i < 500 && !st.Result().Over && st.Pending().Kind == "deploy"; i++ {
			ag := agent.NewScripted(seed*1000 + uint64(i))
			if vary {
				ag.VarySetUp()
			}
			opts := st.(*ab.State).DoctrineSetUpOptions()
			a := ag.Choose(st)
			if err := st.Validate(a); err != nil {
				t.Fatalf("seed %d: the set-up chose %+v: %v", seed, a, err)
			}
			if d, ok := a.(ab.Deploy); ok {
				switch {
				case vary && len(opts) > 0 && !containsAction(opts, a):
					t.Errorf("seed %d: hidden deployment %+v is not one of the doctrine's %d near-best", seed, d, len(opts))
				case len(opts) == 0 && fmt.Sprint(a) != fmt.Sprint(st.(engine.Doctrine).Doctrine()):
					t.Errorf("seed %d: deployment %+v, seen by the enemy, is not the doctrine's own", seed, d)
				}
				spots = append(spots, fmt.Sprintf("%s@(%.1f,%.1f)", d.Unit, d.X, d.Y))
			}
			st.Apply(a, src, engine.Discard)
		}
		if len(spots) == 0 {
			t.Fatalf("seed %d: no deployment chosen", seed)
		}
		return strings.Join(spots, " ")
	}
	if a, b := setUp(1, false), setUp(2, false); a != b {
		t.Errorf("the doctrine's own set-up differs by seed (the batch runs' games rest on its being its single best):\n%s\n%s", a, b)
	}
	varied := map[string]bool{}
	for seed := uint64(1); seed <= 4; seed++ {
		varied[setUp(seed, true)] = true
	}
	if len(varied) < 3 {
		t.Errorf("four seeds of a varied set-up gave %d different set-ups; want them to differ", len(varied))
	}
}

func containsAction(list []engine.Action, a engine.Action) bool {
	for _, b := range list {
		if fmt.Sprint(b) == fmt.Sprint(a) {
			return true
		}
	}
	return false
}
