package server

import (
	"log/slog"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
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
