package sim

import (
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	_ "github.com/sandtable/sandtable/internal/rules/armourbattles"
	_ "github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestPlayAndSimulateGiveTheSameGame: a game played through the engine's
// logged Game (as `sandtable play` and the server do) and one played on
// simulate's fast path, with the same seed and agents, pass through the
// same states: the log's dice recorder draws what the bare PCG draws.
func TestPlayAndSimulateGiveTheSameGame(t *testing.T) {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "pagano/battle-1"} {
		sc, err := cat.Scenario(id)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := engine.Lookup(sc.Rules)
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := engine.NewGame(r, sc, seed)
			if err != nil {
				t.Fatal(err)
			}
			st, _ := r.New(sc)
			src := dice.NewPCG(seed)
			var logged, fast [2]agent.Agent
			for side := range 2 {
				logged[side], _ = agent.New("random", agent.Seed(seed, side))
				fast[side], _ = agent.New("random", AgentSeed(seed, side))
			}
			n := 0
			for ; !st.Result().Over && n < 20000; n++ {
				a := logged[g.Pending().Side].Choose(g.State())
				b := fast[st.Pending().Side].Choose(st)
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("%s seed %d action %d: %v", id, seed, n, err)
				}
				st.Apply(b, src, engine.Discard)
				if g.State().Hash() != st.Hash() {
					t.Fatalf("%s seed %d: the two games part at action %d (%s)", id, seed, n, a.Kind())
				}
			}
			if !g.State().Result().Over {
				t.Fatalf("%s seed %d: the logged game is not over after %d actions", id, seed, n)
			}
		}
	}
}
