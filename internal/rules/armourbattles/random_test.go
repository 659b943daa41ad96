package armourbattles

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

var randomGames = flag.Int("random-games", 1000, "number of seeded random games of Battle 1 in TestRandomGamesBattle1")

// playRandom plays one game of Battle 1 with random agents on the fast
// path (State.Apply after Validate), calling check after every action.
func playRandom(tb testing.TB, seed uint64, check func(s *State, a engine.Action) error) (*State, int) {
	return playRandomOn(tb, battle1(tb), seed, check)
}

func playRandomOn(tb testing.TB, sc *scenario.Scenario, seed uint64, check func(s *State, a engine.Action) error) (*State, int) {
	st, err := Rules{}.New(sc)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	src := dice.NewPCG(seed)
	var evs engine.EventList
	agents := []agent.Agent{agent.NewRandom(seed*2 + 1), agent.NewRandom(seed*2 + 2)}
	n := 0
	for !s.Over {
		a := agents[s.Pending().Side].Choose(s)
		if err := s.Validate(a); err != nil {
			tb.Fatalf("seed %d action %d: agent chose an illegal %s: %v", seed, n, a.Kind(), err)
		}
		if check != nil {
			if err := check(s, a); err != nil {
				tb.Fatalf("seed %d action %d (%s): %v", seed, n, a.Kind(), err)
			}
		}
		evs = evs[:0]
		s.Apply(a, src, &evs)
		n++
		if err := invariant(s); err != nil {
			tb.Fatalf("seed %d action %d (%s): %v", seed, n, a.Kind(), err)
		}
		if err := eventLeak(s, evs); err != nil {
			tb.Fatalf("seed %d action %d (%s): %v", seed, n, a.Kind(), err)
		}
	}
	return s, n
}

func TestRandomGamesBattle1(t *testing.T) {
	games := *randomGames
	if testing.Short() {
		games = 50
	}
	wins := map[int]int{}
	turns := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		activated := map[string]int{} // unit -> turn of its activation
		s, _ := playRandom(t, seed, func(s *State, a engine.Action) error {
			act, ok := a.(Activate)
			if !ok {
				return nil
			}
			for _, id := range append([]string{act.Leader}, act.Members...) {
				if turn, seen := activated[id]; seen && turn == s.Turn {
					return fmt.Errorf("%s activated twice in turn %d", id, s.Turn)
				}
				activated[id] = s.Turn
			}
			return nil
		})
		if !s.Over {
			t.Fatalf("seed %d: game not over", seed)
		}
		if s.Winner < 0 && s.Reason != fmt.Sprintf("turn cap (%d turns)", TurnCap) {
			t.Errorf("seed %d: draw for %q", seed, s.Reason)
		}
		wins[s.Winner]++
		turns += s.Turn
	}
	t.Logf("%d games: German %d, US %d, draws %d; mean %.1f turns", games, wins[german], wins[us], wins[-1], float64(turns)/float64(games))
}

func BenchmarkRandomGameBattle1(b *testing.B) {
	seed := uint64(0)
	actions := 0
	for b.Loop() {
		seed++
		_, n := playRandom(b, seed, nil)
		actions += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// TestRandomGamesPart2 plays seeded random games of Battles 2, 3 and the
// What Next? variants with the rules' invariants checked after every action,
// each scenario in parallel.
func TestRandomGamesPart2(t *testing.T) {
	games := *randomGames
	if testing.Short() {
		games = 10
	}
	// The set-up choice each scenario offers.
	setup := map[string]string{
		"armour-battles/battle-2":            "regroup",
		"armour-battles/battle-3":            "regroup",
		"armour-battles/what-next":           "station",
		"armour-battles/what-next-artillery": "station",
	}
	for _, id := range allBattles[1:] {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			sc := battle(t, id)
			wins := map[int]int{}
			events := map[string]int{}
			for seed := uint64(1); seed <= uint64(games); seed++ {
				s, _ := playRandomOn(t, sc, seed, func(s *State, a engine.Action) error {
					events[a.Kind()]++
					return hiddenLeak(s)
				})
				wins[s.Winner]++
			}
			t.Logf("%s: %d games: German %d, US %d, draws %d; actions %v", id, games, wins[german], wins[us], wins[-1], events)
			for _, k := range []string{"call-mission", "end-logistics", "break-off", setup[id]} {
				if events[k] == 0 {
					t.Errorf("%s: no %s in %d random games", id, k, games)
				}
			}
			if events["activate"] == 0 {
				t.Errorf("%s: nothing activated", id)
			}
		})
	}
}

// hiddenLeak checks that no side's view names an enemy unit still hidden.
func hiddenLeak(s *State) error {
	hidden := false
	for i := range s.Units {
		hidden = hidden || s.Units[i].Hidden
	}
	if !hidden || s.Over {
		return nil // nothing left to leak, or the fog has lifted
	}
	for side := range s.Sides {
		js, err := json.Marshal(s.View(side))
		if err != nil {
			return err
		}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side != side && u.Hidden && strings.Contains(string(js), `"`+u.ID+`"`) {
				return fmt.Errorf("side %d's view shows hidden unit %s", side, u.ID)
			}
		}
	}
	return nil
}

// eventLeak checks that no event visible to a side names an enemy unit
// that is still hidden after the action.
func eventLeak(s *State, evs []engine.Event) error {
	for _, e := range evs {
		for i := range s.Units {
			u := &s.Units[i]
			if !u.Hidden {
				continue
			}
			other := 1 - u.Side
			if e.VisibleTo(other) && strings.Contains(e.Text, u.ID+" ") {
				return fmt.Errorf("event %q visible to side %d names hidden unit %s", e.Text, other, u.ID)
			}
		}
	}
	return nil
}
