package pagano

import (
	"flag"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

var randomGames = flag.Int("random-games", 1000, "number of seeded random games of each Pagano scenario in TestRandomGames (-short: 20)")

// playRandom plays one game of a scenario with random agents on the fast
// path (State.Apply after Validate), checking the invariants after every
// action.
func playRandom(tb testing.TB, sc *scenario.Scenario, seed uint64) (*State, int) {
	st, err := Rules{}.New(sc)
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
			tb.Fatalf("%s seed %d action %d: no candidate for %+v", sc.ID, seed, n, s.Pending())
		}
		if err := s.Validate(a); err != nil {
			tb.Fatalf("%s seed %d action %d: agent chose an illegal %s: %v", sc.ID, seed, n, a.Kind(), err)
		}
		s.Apply(a, src, engine.Discard)
		n++
		if err := invariant(s); err != nil {
			tb.Fatalf("%s seed %d action %d (%s %+v): %v", sc.ID, seed, n, a.Kind(), a, err)
		}
		if n > 40000 {
			tb.Fatalf("%s seed %d: game not over after %d actions", sc.ID, seed, n)
		}
	}
	if err := invariant(s); err != nil {
		tb.Fatalf("%s seed %d: at the end: %v", sc.ID, seed, err)
	}
	return s, n
}

// TestRandomGames plays seeded random games of every Pagano scenario to
// the end, checking the invariants after every action.
func TestRandomGames(t *testing.T) {
	games := *randomGames
	if testing.Short() {
		games = 20
	}
	for _, sc := range paganoScenarios(t) {
		t.Run(sc.ID, func(t *testing.T) {
			t.Parallel()
			wins := map[int]int{}
			turns, actions, lost := 0, 0, [2]int{}
			for seed := uint64(1); seed <= uint64(games); seed++ {
				s, n := playRandom(t, sc, seed)
				if !s.Over || s.Turn < 1 || s.Turn > s.b.maxTurn {
					t.Fatalf("seed %d: ended at turn %d (over %v), limit %d", seed, s.Turn, s.Over, s.b.maxTurn)
				}
				wins[s.Winner]++
				turns += s.Turn
				actions += n
				lost[0] += s.Lost(0)
				lost[1] += s.Lost(1)
			}
			t.Logf("%d games: German %d, US %d, draws %d; mean %.1f turns, %.0f actions; vehicles lost per game: German %.2f, US %.2f",
				games, wins[0], wins[1], wins[-1], float64(turns)/float64(games), float64(actions)/float64(games),
				float64(lost[0])/float64(games), float64(lost[1])/float64(games))
		})
	}
}

func BenchmarkRandomGameBattle1(b *testing.B) {
	sc := battle1(b)
	seed := uint64(0)
	actions := 0
	for b.Loop() {
		seed++
		_, n := playRandom(b, sc, seed)
		actions += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}
