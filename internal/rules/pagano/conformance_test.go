package pagano

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

func battle1(t testing.TB) *scenario.Scenario { return paganoScenario(t, "pagano/battle-1") }

// paganoScenario returns an embedded scenario.
func paganoScenario(t testing.TB, id string) *scenario.Scenario {
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

// paganoScenarios lists every embedded Pagano scenario.
func paganoScenarios(t testing.TB) []*scenario.Scenario {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	var out []*scenario.Scenario
	for _, sc := range cat.Scenarios() {
		if sc.Rules == Name {
			out = append(out, sc)
		}
	}
	if len(out) < 3 {
		t.Fatalf("%d Pagano scenarios embedded, want at least 3", len(out))
	}
	return out
}

// invariant checks the rules' invariants after every action.
func invariant(st engine.State) error {
	s := st.(*State)
	if s.Phase < 0 || s.Phase > len(sequence) {
		return fmt.Errorf("phase %d", s.Phase)
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Shots < 0 || u.Shots > s.rate(i) {
			return fmt.Errorf("%s has %d shot markers (rate %d)", u.ID, u.Shots, s.rate(i))
		}
		if u.Out && u.Exited {
			return fmt.Errorf("%s is both out of action and off the table", u.ID)
		}
		if (u.Out || u.Exited) && u.Stunned {
			return fmt.Errorf("%s is out but stunned", u.ID)
		}
		if !u.Active() {
			continue
		}
		if u.Motion < Moving || u.Motion > Stationary {
			return fmt.Errorf("%s has motion %d", u.ID, u.Motion)
		}
		if s.Move == nil || s.Move.Unit != i {
			if !s.b.onTable(s.box(i)) {
				return fmt.Errorf("%s is off the table at %v", u.ID, u.Pos)
			}
			if o := s.overlapping(i, s.box(i)); o >= 0 && (s.Move == nil || s.Move.Unit != o) {
				return fmt.Errorf("%s overlaps %s", u.ID, s.Units[o].ID)
			}
		}
		if s.stats(i).Mount == MountBow && u.Turret != u.Heading {
			return fmt.Errorf("%s has a bow gun but its turret points %v, hull %v", u.ID, u.Turret, u.Heading)
		}
		if u.Stunned && u.Motion == Moving && (s.Move == nil || s.Move.Unit != i) {
			return fmt.Errorf("%s is stunned but still moving", u.ID)
		}
		if u.Immobile && u.Motion == Moving && (s.Move == nil || s.Move.Unit != i) {
			return fmt.Errorf("%s is immobilized but still moving", u.ID)
		}
	}
	if !s.Over && s.Phase > 0 && s.Pending().Side < 0 {
		return fmt.Errorf("no decision pending in phase %d", s.Phase)
	}
	return nil
}

// TestConformance runs the engine's conformance suite on every Pagano
// scenario.
func TestConformance(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 2
	}
	for _, sc := range paganoScenarios(t) {
		t.Run(sc.ID, func(t *testing.T) {
			enginetest.Run(t, enginetest.Config{
				Rules: Rules{}, Scenario: sc, Games: games, Seed: 1, MaxActions: 8000,
				Invariant: invariant, DeepEvery: 5,
				EventKinds: []string{"move", "move-start", "pivot", "fire", "turn"},
				Illegal: func(st engine.State) []engine.Action {
					return []engine.Action{
						Fire{Shots: []Shot{{Unit: "nobody", Target: "us-a1"}}},
						Move{Unit: "us-a1", To: [][2]float64{{-5, 3}}},
						Ambush{Unit: "de-pz1-1", At: -1},
					}
				},
			})
		})
	}
}
