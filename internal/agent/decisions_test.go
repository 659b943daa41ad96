package agent_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
)

var updateDecisions = flag.Bool("update-decisions", false, "rewrite testdata/decisions.golden with the games the agents play now")

// TestAgentDecisionsUnchanged plays 48 seeded games (scripted against
// random, scripted against scripted, and mcts:16 against scripted on
// either side, three seeds each, on Battles 1–3 and What Next?; on Battles
// 2 and 3 only the second side faces hidden units) and compares a digest of the
// state hash after every action, and the final hash, with
// testdata/decisions.golden. Every strength figure in docs/simulate.md
// was measured with these decisions: a change that alters any of them
// (a faster line of sight must not) shows here, and must be made on
// purpose, with -update-decisions, and the figures looked at again.
// mcts:N runs DefaultMCTS's two trees on any machine, so the games are
// the same everywhere. The games of a table share a memo, as a simulation
// worker's games do. -short plays Battle 1 only.
func TestAgentDecisionsUnchanged(t *testing.T) {
	ids := []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next"}
	if testing.Short() && !*updateDecisions {
		ids = ids[:1]
	}
	checkDecisions(t, "testdata/decisions.golden", ids)
}

// TestPaganoDecisionsUnchanged does the same for the three Pagano battles
// against testdata/pagano-decisions.golden: the Pagano doctrine's
// figures (docs/rulings/pagano.md, Agents) were measured with these
// decisions. -short plays Battle 1 only.
func TestPaganoDecisionsUnchanged(t *testing.T) {
	ids := []string{"pagano/battle-1", "pagano/battle-2", "pagano/battle-3"}
	if testing.Short() && !*updateDecisions {
		ids = ids[:1]
	}
	checkDecisions(t, "testdata/pagano-decisions.golden", ids)
}

// checkDecisions plays the decision trace's games on the scenarios ids
// and compares them with (or, with -update-decisions, writes them to) the
// file golden.
func checkDecisions(t *testing.T, golden string, ids []string) {
	var got strings.Builder
	for _, id := range ids {
		r, sc := battle(t, id)
		// The games of a table share one memo, state and agents, as a
		// simulation worker's do: a memo must change no decision.
		var memo any
		for _, names := range [][2]string{{"scripted", "random"}, {"scripted", "scripted"}, {"mcts:16", "scripted"}, {"scripted", "mcts:16"}} {
			for seed := uint64(1); seed <= 3; seed++ {
				st, ags, src := startGame(t, r, sc, seed, names, &memo)
				h, n := uint64(0), 0
				for ; !st.Result().Over && n < 5000; n++ {
					st.Apply(ags[st.Pending().Side].Choose(st), src, engine.Discard)
					h = h*31 + st.Hash()
				}
				fmt.Fprintf(&got, "%s %v %d: %d actions, trace %x, final %x\n", id, names, seed, n, h, st.Hash())
			}
		}
	}
	if *updateDecisions {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	wantLines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	gotLines := strings.Split(strings.TrimSuffix(got.String(), "\n"), "\n")
	if testing.Short() && len(gotLines) < len(wantLines) {
		wantLines = wantLines[:len(gotLines)] // the first table's games only
	}
	if len(gotLines) != len(wantLines) {
		t.Errorf("%d games played, %s has %d", len(gotLines), golden, len(wantLines))
	}
	for i, line := range gotLines {
		if i >= len(wantLines) || line != wantLines[i] {
			t.Errorf("game %d differs from %s:\n got  %s\n want %s", i, golden, line, wantLines[min(i, len(wantLines)-1)])
		}
	}
}
