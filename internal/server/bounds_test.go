package server

import (
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestSeatAgentBoundsOldGames: a game saved before opponents were bounded
// may name a search of hours; its AI seat searches within the server's
// budget instead of holding an AI worker for hours.
func TestSeatAgentBoundsOldGames(t *testing.T) {
	s := &Server{cfg: Config{AIBudget: 5 * time.Second}, log: slog.New(slog.DiscardHandler)}
	for name, want := range map[string]time.Duration{"mcts:99h": 5 * time.Second, "mcts:5000000": 5 * time.Second, "mcts:2s": 2 * time.Second} {
		ag, err := s.seatAgent("g", name, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if m, ok := ag.(*agent.MCTS); !ok || m.Config().Budget != want {
			t.Errorf("%s plays as %#v; want an mcts search of %v", name, ag, want)
		}
	}
	if ag, err := s.seatAgent("g", "scripted", 1); err != nil || ag.Name() != "scripted" {
		t.Errorf("scripted: %v, %v", ag, err)
	}
}

// TestSeatAgentVariesTheSetUp: a scripted AI seat's first hidden
// deployment of Battle 2 differs from seed to seed, where the doctrine
// alone always takes the same spot.
func TestSeatAgentVariesTheSetUp(t *testing.T) {
	s := &Server{cfg: Config{AIBudget: 5 * time.Second}, log: slog.New(slog.DiscardHandler)}
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario("armour-battles/battle-2")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := engine.Lookup(sc.Rules)
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	seat, plain := map[string]bool{}, map[string]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		ag, err := s.seatAgent("g", "scripted", seed)
		if err != nil {
			t.Fatal(err)
		}
		seat[fmt.Sprint(ag.Choose(st))] = true
		plain[fmt.Sprint(agent.NewScripted(seed).Choose(st))] = true
	}
	if len(seat) < 2 || len(plain) != 1 {
		t.Errorf("eight seeds' first deployment: %d different by a seat's agent, %d by the doctrine alone; want several and one", len(seat), len(plain))
	}
}

// TestReactionPace: an AI seat answers every reaction decision no sooner
// than the longest one has taken it in the game (at most the server's
// budget), and a search from the first at its time budget, or
// searchPace for one of so many iterations, so that a one-choice (decoy)
// window answered at once does not stand out from a real one searched
// (ruling R56).
func TestReactionPace(t *testing.T) {
	const limit = 5 * time.Second
	ms := time.Millisecond
	for _, c := range []struct {
		name string
		took []time.Duration
		want []time.Duration
	}{
		{"scripted", []time.Duration{2 * ms, 7 * ms, 0, 3 * ms}, []time.Duration{2 * ms, 7 * ms, 7 * ms, 7 * ms}},
		{"mcts:400", []time.Duration{0, 90 * ms, 300 * ms, 40 * ms}, []time.Duration{searchPace, searchPace, 300 * ms, 300 * ms}},
		{"mcts", []time.Duration{0}, []time.Duration{searchPace}},
		{"mcts:1s", []time.Duration{0, 1010 * ms, 0}, []time.Duration{time.Second, 1010 * ms, 1010 * ms}},
		{"mcts:99h", []time.Duration{0}, []time.Duration{limit}},
		{"scripted", []time.Duration{9 * time.Second, 0}, []time.Duration{limit, limit}},
	} {
		lg := &liveGame{}
		for i, took := range c.took {
			if got := lg.reactionPace(c.name, took, limit); got != c.want[i] {
				t.Errorf("%s, answer %d taking %v: pace %v, want %v", c.name, i, took, got, c.want[i])
			}
		}
	}
}
