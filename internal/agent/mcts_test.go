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
// from one fixed root; Battles 2 and 3 have hidden units, which each
// iteration draws afresh (Determinizations 0) or takes from the tree's
// own draws in turn (OwnDeterminizations, each with fixed states of its
// own); Pagano's rules have their own dice.
func TestFixedStatesChangeNothing(t *testing.T) {
	positions := 6
	if testing.Short() {
		positions = 2
	}
	for _, dets := range []int{0, agent.OwnDeterminizations} {
		cfg := searchConfig(300, 1)
		cfg.Determinizations = dets
		for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "pagano/battle-1"} {
			pos := gamePositions(t, id)
			step := max(1, len(pos)/positions)
			for i := 0; i < len(pos); i += step {
				fast, slow := agent.NewMCTS(7, cfg), agent.NewMCTSReplaying(7, cfg)
				a, b := fast.Choose(pos[i]), slow.Choose(pos[i])
				ka, _ := engine.EncodeAction(a)
				kb, _ := engine.EncodeAction(b)
				if !slices.Equal(fast.RootVisits(), slow.RootVisits()) || string(ka) != string(kb) {
					t.Fatalf("%s, %d determinizations, position %d (%s): root visits %v, chose %s; replaying: %v, chose %s", id, dets, i, pos[i].Pending().Kind, fast.RootVisits(), ka, slow.RootVisits(), kb)
				}
			}
		}
	}
}

// TestEdgeListsMatchLookups checks the shortcut a search takes at a node
// whose candidates it has met before (mctsNode.all): over searches of
// positions spread over a scripted game of each battle, every time a node
// reuses its list of edges, looking each candidate's edge up by its key
// must find the very same edges in the same order. Battles 2 and 3 list
// keyed candidates (a fresh determinization at every iteration), and with
// the tree's own determinizations also the lists of fixed nodes under
// each; Battle 1 and Pagano's rules reuse the lists of their fixed nodes.
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
	for _, dets := range []int{0, agent.OwnDeterminizations} {
		cfg := searchConfig(2000, 1)
		cfg.Determinizations = dets
		for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "pagano/battle-1"} {
			pos := gamePositions(t, id)
			step := max(1, len(pos)/positions)
			before := used.Load()
			for i := 0; i < len(pos) && i < positions*step; i += step {
				agent.NewMCTS(7, cfg).Choose(pos[i])
			}
			if n := used.Load() - before; n < 1000 {
				t.Errorf("%s, %d determinizations: edge lists used %d times in %d searches, want at least 1,000", id, dets, n, positions)
			}
			if w := wrong.Load(); w > 0 {
				t.Fatalf("%s, %d determinizations: %d of %d uses of an edge list found other edges than the lookups", id, dets, w, used.Load())
			}
		}
	}
}

// TestDeterminizationsKeepStates checks that a tree's own determinizations
// (MCTSConfig.Determinizations) let a search facing hidden units keep
// states, which a fresh determinization at every iteration cannot: over
// the positions of a scripted Battle 2 game (the Germans hide units), a
// search of 400 iterations on one tree keeps no state when the deciding
// side faces hidden units and draws afresh, and keeps one root state for
// each of its determinizations and more below them with its own. A
// position that hides nothing keeps the same states either way.
func TestDeterminizationsKeepStates(t *testing.T) {
	dets := agent.OwnDeterminizations
	fresh := searchConfig(400, 1)
	fresh.Determinizations = 0
	own := fresh
	own.Determinizations = dets
	pos := gamePositions(t, "armour-battles/battle-2")
	step := max(1, len(pos)/12)
	hidden, plain := 0, 0
	for i := 0; i < len(pos); i += step {
		a, b := agent.NewMCTS(7, fresh), agent.NewMCTS(7, own)
		a.Choose(pos[i])
		b.Choose(pos[i])
		switch {
		case a.KeptStates() == 0:
			hidden++
			if b.KeptStates() <= dets {
				t.Errorf("position %d (%s), hidden units: %d determinizations kept %d states, want more than %d", i, pos[i].Pending().Kind, dets, b.KeptStates(), dets)
			}
		default:
			plain++
			if a.KeptStates() != b.KeptStates() {
				t.Errorf("position %d (%s), nothing hidden: kept %d states drawing afresh, %d with determinizations of its own", i, pos[i].Pending().Kind, a.KeptStates(), b.KeptStates())
			}
		}
	}
	t.Logf("%d positions facing hidden units, %d hiding nothing", hidden, plain)
	if hidden == 0 || plain == 0 {
		t.Fatalf("%d positions facing hidden units and %d hiding nothing: want some of each", hidden, plain)
	}
}
