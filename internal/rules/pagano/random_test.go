package pagano

import (
	"flag"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

var randomGames = flag.Int("random-games", 200, "number of seeded random games of pagano/battle-1 in TestRandomGamesBattle1")

// playRandom plays one game of Battle 1 with random agents on the fast
// path (State.Apply after Validate), checking the invariants after every
// action.
func playRandom(tb testing.TB, seed uint64) (*State, int) {
	st, err := Rules{}.New(battle1(tb))
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	src := dice.NewPCG(seed)
	agents := []agent.Agent{agent.NewRandom(seed*2 + 1), agent.NewRandom(seed*2 + 2)}
	n := 0
	for !s.Over {
		a := agents[s.Pending().Side].Choose(s)
		if a == nil {
			tb.Fatalf("seed %d action %d: no candidate for %+v", seed, n, s.Pending())
		}
		if err := s.Validate(a); err != nil {
			tb.Fatalf("seed %d action %d: agent chose an illegal %s: %v", seed, n, a.Kind(), err)
		}
		s.Apply(a, src, engine.Discard)
		n++
		if err := invariant(s); err != nil {
			tb.Fatalf("seed %d action %d (%s %+v): %v", seed, n, a.Kind(), a, err)
		}
		if n > 20000 {
			tb.Fatalf("seed %d: game not over after %d actions", seed, n)
		}
	}
	return s, n
}

func TestRandomGamesBattle1(t *testing.T) {
	games := *randomGames
	if testing.Short() {
		games = 20
	}
	wins := map[int]int{}
	turns, actions, lost := 0, 0, [2]int{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, n := playRandom(t, seed)
		wins[s.Winner]++
		turns += s.Turn
		actions += n
		lost[0] += s.Lost(0)
		lost[1] += s.Lost(1)
	}
	t.Logf("%d games: German %d, US %d, draws %d; mean %.1f turns, %.0f actions; vehicles lost per game: German %.2f, US %.2f",
		games, wins[0], wins[1], wins[-1], float64(turns)/float64(games), float64(actions)/float64(games),
		float64(lost[0])/float64(games), float64(lost[1])/float64(games))
}

func BenchmarkRandomGameBattle1(b *testing.B) {
	seed := uint64(0)
	actions := 0
	for b.Loop() {
		seed++
		_, n := playRandom(b, seed)
		actions += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}
