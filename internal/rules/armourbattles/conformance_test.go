package armourbattles

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

func battle1(t testing.TB) *scenario.Scenario { return battle(t, "armour-battles/battle-1") }

func battle(t testing.TB, id string) *scenario.Scenario {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario(id)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

var allBattles = []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next", "armour-battles/what-next-artillery"}

// invariant checks the rules' invariants after every action.
func invariant(st engine.State) error {
	s := st.(*State)
	for i := range s.Units {
		u := &s.Units[i]
		if u.DP < 0 || u.DP > DispersalDP {
			return fmt.Errorf("%s has %d disruption points", u.ID, u.DP)
		}
		if u.DP == DispersalDP && !u.Dispersed {
			return fmt.Errorf("%s has 3 disruption points but is not dispersed", u.ID)
		}
		if u.Placed && u.Reserve {
			return fmt.Errorf("%s is placed but still marked as a reserve", u.ID)
		}
		if u.Active() && !s.b.onTable(s.box(i)) {
			return fmt.Errorf("%s is off the table at %v", u.ID, u.Pos)
		}
	}
	if err := noOverlap(s); err != nil {
		return err
	}
	for i, sd := range s.Sides {
		if sd.Morale < 0 {
			return fmt.Errorf("side %d army morale %d", i, sd.Morale)
		}
		if sd.Spent+sd.DiceLeft() != sd.Rolled {
			return fmt.Errorf("side %d: %d dice rolled, %d spent, %d left", i, sd.Rolled, sd.Spent, sd.DiceLeft())
		}
		if sd.Staff < 0 || sd.Staff+sd.StaffNew > s.b.sides[i].params.CommandDice {
			return fmt.Errorf("side %d: %d+%d staff orders", i, sd.Staff, sd.StaffNew)
		}
	}
	if s.Phase == phaseChain && s.Sides[s.Active].DiceLeft() == 0 {
		return errors.New("choosing a chain with no dice left")
	}
	return nil
}

// noOverlap checks that no two units stand on one another, hidden ones
// included, once no move is under way (ruling R63: a mover passes through
// friends), from rules revision 5.
func noOverlap(s *State) error {
	if s.Move != nil || s.Rev < 5 {
		return nil
	}
	for i := range s.Units {
		if s.Units[i].Active() {
			if e := s.overlappingAny(i, s.box(i)); e >= 0 {
				return fmt.Errorf("%s at %v overlaps %s at %v", s.Units[i].ID, s.Units[i].Pos, s.Units[e].ID, s.Units[e].Pos)
			}
		}
	}
	return nil
}

func TestConformance(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, id := range allBattles {
		t.Run(id, func(t *testing.T) {
			enginetest.Run(t, enginetest.Config{
				Rules: Rules{}, Scenario: battle(t, id), Games: games, Seed: 1, MaxActions: 30000,
				Invariant: invariant, DeepEvery: 7,
				EventKinds: []string{"move", "move-roll", "fire", "attack-roll", "reaction", "activate", "chain", "turn-end"},
				Illegal: func(st engine.State) []engine.Action {
					return []engine.Action{Fire{Unit: "nobody", Target: "nobody"}, ChooseChain{Face: 9}}
				},
			})
		})
	}
}
