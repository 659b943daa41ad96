package agent_test

import (
	"flag"
	"fmt"
	"testing"
)

var agentGames = flag.Int("agent-games", 1000, "seeded games per Armour Battles scenario of scripted against random in TestAgentsPlayLegally (scripted against scripted plays a twentieth as many, mcts a hundredth)")

// TestAgentsPlayLegally plays seeded games of every Armour Battles scenario
// with scripted against random, scripted against scripted and a small MCTS
// against random, sides swapped on odd seeds, and fails on the first action
// an agent chooses that Validate rejects (play checks every one): by
// default 1,000 games of scripted against random per scenario (the
// acceptance figure; -short plays 20).
func TestAgentsPlayLegally(t *testing.T) {
	games := *agentGames
	if testing.Short() {
		games = min(games, 20)
	}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next", "armour-battles/what-next-artillery"} {
		r, sc := battle(t, id)
		for _, p := range []struct {
			a, b string
			n    int
		}{
			{"scripted", "random", games},
			{"scripted", "scripted", max(1, games/20)},
			{"mcts:8", "random", max(1, games/100)},
		} {
			t.Run(fmt.Sprintf("%s/%s-%s", id, p.a, p.b), func(t *testing.T) {
				t.Parallel()
				actions := 0
				for g := 0; g < p.n; g++ {
					names := [2]string{p.a, p.b}
					if g%2 == 1 {
						names = [2]string{p.b, p.a}
					}
					res, n := playCount(t, r, sc, uint64(1000+g), names, nil)
					if !res.Over {
						t.Fatalf("seed %d: game not over", 1000+g)
					}
					actions += n
				}
				t.Logf("%d games, %d actions, every one legal", p.n, actions)
			})
		}
	}
}
