package agent_test

import (
	"slices"
	"sync/atomic"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
)

// TestFixedStatesChangeNothing checks the shortcut MCTS takes over the
// part of its tree reached without a die rolled (the states it keeps
// there instead of replaying the actions): over positions spread over a
// scripted game of each battle, a search of 300 iterations on one tree
// must end with the very same visit counts at its root as the same search
// replaying every action. Battle 1 hides nothing, so its searches start
// from one fixed root; Battle 2 has hidden units, so each of its
// iterations draws them afresh; Pagano's rules have their own dice.
func TestFixedStatesChangeNothing(t *testing.T) {
	positions := 6
	if testing.Short() {
		positions = 2
	}
	cfg := agent.MCTSConfig{Iterations: 300, Trees: 1, Depth: 10, C: 1.2}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "pagano/battle-1"} {
		pos := gamePositions(t, id)
		step := max(1, len(pos)/positions)
		for i := 0; i < len(pos); i += step {
			fast, slow := agent.NewMCTS(7, cfg), agent.NewMCTSReplaying(7, cfg)
			a, b := fast.Choose(pos[i]), slow.Choose(pos[i])
			ka, _ := engine.EncodeAction(a)
			kb, _ := engine.EncodeAction(b)
			if !slices.Equal(fast.RootVisits(), slow.RootVisits()) || string(ka) != string(kb) {
				t.Fatalf("%s position %d (%s): root visits %v, chose %s; replaying: %v, chose %s", id, i, pos[i].Pending().Kind, fast.RootVisits(), ka, slow.RootVisits(), kb)
			}
		}
	}
}

// TestEdgeListsMatchLookups checks the shortcut a search takes at a node
// whose candidates it has met before (mctsNode.all): over searches of
// positions spread over a scripted game of each battle, every time a node
// reuses its list of edges, looking each candidate's edge up by its key
// must find the very same edges in the same order. Battles 2 and 3 list
// keyed candidates (a fresh determinization at every iteration); Battle 1
// and Pagano's rules also reuse the lists of their fixed nodes.
func TestEdgeListsMatchLookups(t *testing.T) {
	var used, wrong atomic.Int64
	agent.CheckEdgeLists(func(same bool) {
		used.Add(1)
		if !same {
			wrong.Add(1)
		}
	})
	defer agent.CheckEdgeLists(nil)
	positions := 4
	if testing.Short() {
		positions = 1
	}
	cfg := agent.MCTSConfig{Iterations: 2000, Trees: 1, Depth: 10, C: 1.2}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "pagano/battle-1"} {
		pos := gamePositions(t, id)
		step := max(1, len(pos)/positions)
		before := used.Load()
		for i := 0; i < len(pos) && i < positions*step; i += step {
			agent.NewMCTS(7, cfg).Choose(pos[i])
		}
		if n := used.Load() - before; n < 1000 {
			t.Errorf("%s: edge lists used %d times in %d searches, want at least 1,000", id, n, positions)
		}
		if w := wrong.Load(); w > 0 {
			t.Fatalf("%s: %d of %d uses of an edge list found other edges than the lookups", id, w, used.Load())
		}
	}
}
