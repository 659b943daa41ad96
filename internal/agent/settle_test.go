package agent_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
)

// TestSettledSearchesChooseAlike checks that ending a search once its
// choice is settled (MCTSConfig.Settle) changes nothing but the work:
// over positions spread over a scripted game of each battle, on two
// trees and on three, a settled search must choose what the full search
// of the same iterations chooses, and, being the first part of that
// search, end with no candidate visited more often than there. Searched
// again, it must stop after the same iterations with the same visits,
// whichever tree ran ahead. Some searches must end early, or the test
// shows nothing.
func TestSettledSearchesChooseAlike(t *testing.T) {
	positions := 12
	if testing.Short() {
		positions = 4
	}
	early, searched := 0, 0
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "pagano/battle-1"} {
		pos := gamePositions(t, id)
		step := max(1, len(pos)/positions)
		for _, shape := range [][2]int{{16, 2}, {400, 2}, {301, 3}} {
			on := searchConfig(shape[0], shape[1])
			off := on
			off.Settle = false
			for i := 0; i < len(pos); i += step {
				settled, again, full := agent.NewMCTS(11, on), agent.NewMCTS(11, on), agent.NewMCTS(11, off)
				a, b := settled.Choose(pos[i]), full.Choose(pos[i])
				again.Choose(pos[i])
				ka, _ := engine.EncodeAction(a)
				kb, _ := engine.EncodeAction(b)
				where := fmt.Sprintf("%s, %d iterations on %d trees, position %d (%s)", id, shape[0], shape[1], i, pos[i].Pending().Kind)
				if string(ka) != string(kb) {
					t.Fatalf("%s: settled search chose %s after %d iterations (root visits %v); the full one %s (%v)",
						where, ka, settled.Iterations, settled.RootVisits(), kb, full.RootVisits())
				}
				if again.Iterations != settled.Iterations || !slices.Equal(again.RootVisits(), settled.RootVisits()) {
					t.Fatalf("%s: searched again, settled after %d iterations (root visits %v), not %d (%v)",
						where, again.Iterations, again.RootVisits(), settled.Iterations, settled.RootVisits())
				}
				if full.Iterations != shape[0] || settled.Iterations > full.Iterations {
					t.Fatalf("%s: %d iterations settled, %d in full", where, settled.Iterations, full.Iterations)
				}
				for c, n := range settled.RootVisits() {
					if n > full.RootVisits()[c] {
						t.Fatalf("%s: candidate %d visited %d times settled, %d in full", where, c, n, full.RootVisits()[c])
					}
				}
				searched++
				if settled.Iterations < full.Iterations {
					early++
				}
			}
		}
	}
	t.Logf("%d of %d searches settled early", early, searched)
	if early == 0 {
		t.Fatalf("none of %d searches settled early", searched)
	}
}

// TestSettlingSearchStopsWhenAsked: a settling search on several trees,
// its context cancelled while they are running, returns a legal action;
// so does one of a time budget.
func TestSettlingSearchStopsWhenAsked(t *testing.T) {
	pos := gamePositions(t, "armour-battles/battle-1")
	st := pos[len(pos)/2]
	for _, trees := range []int{2, 3} {
		cfg := searchConfig(1<<30, trees)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		a := agent.NewMCTS(1, cfg).ChooseContext(ctx, st)
		cancel()
		if a == nil || st.Validate(a) != nil {
			t.Errorf("%d trees, cancelled: chose %v", trees, a)
		}
		cfg.Budget = 100 * time.Millisecond
		if a := agent.NewMCTS(1, cfg).Choose(st); a == nil || st.Validate(a) != nil {
			t.Errorf("%d trees, a time budget: chose %v", trees, a)
		}
	}
}
