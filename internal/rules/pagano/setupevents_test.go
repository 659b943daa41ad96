package pagano

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

// battle1Preplaced is Battle 1 with the scenario placing the Germans'
// first two Panthers, one facing south-east and one facing as the rules
// face it (a copy: the catalog's is shared).
func battle1Preplaced(t *testing.T) *scenario.Scenario {
	t.Helper()
	sc := *battle1(t)
	de := *sc.Sides[0]
	de.Forces = append([]scenario.Company(nil), de.Forces...)
	units := append([]scenario.UnitRef(nil), de.Forces[0].Units...)
	facing := -45.0
	units[0].At, units[0].Facing = &[2]float64{20, 45}, &facing
	units[1].At = &[2]float64{30.5, 44.25}
	de.Forces[0].Units = units
	sc.Sides = []*scenario.Side{&de, sc.Sides[1]}
	return &sc
}

// TestReportSetupTellsOfPreplacedVehicles: a game of a scenario placing
// vehicles with at: starts with one event per such vehicle, for
// everyone (Pagano has no hidden set-up), where it stands and how it
// faces; the vehicles the players deploy are left to their deploy
// actions.
func TestReportSetupTellsOfPreplacedVehicles(t *testing.T) {
	sc := battle1Preplaced(t)
	g, err := engine.NewGame(Rules{}, sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.Event{
		{Seq: 1, Kind: "preplaced", Text: "de-pz1-1 (Panther Ausf G) is placed by the scenario at (20.0, 45.0) facing 315°", To: engine.Everyone,
			Data: map[string]any{"unit": "de-pz1-1", "x": 20.0, "y": 45.0, "heading": 315.0}},
		{Seq: 2, Kind: "preplaced", Text: "de-pz1-2 (Panther Ausf G) is placed by the scenario at (30.5, 44.2) facing 270°", To: engine.Everyone,
			Data: map[string]any{"unit": "de-pz1-2", "x": 30.5, "y": 44.25, "heading": 270.0}},
	}
	if diff := cmp.Diff(want, g.Events()); diff != "" {
		t.Fatalf("the set-up's events (-want +got):\n%s", diff)
	}
	fresh, err := Rules{}.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	if engine.FormatHash(fresh.Hash()) != g.Header().Hash || g.Hash() != fresh.Hash() {
		t.Errorf("telling of the set-up changed the state")
	}
	if g, err := engine.NewGame(Rules{}, battle1(t), 1); err != nil || len(g.Events()) != 0 {
		t.Errorf("Battle 1 as shipped: events %v (%v); want none", g.Events(), err)
	}
}

// TestConformancePreplaced: random games of Battle 1 with vehicles the
// scenario places pass the conformance suite, which checks that the
// set-up's events leave the state as it was and replay alike.
func TestConformancePreplaced(t *testing.T) {
	enginetest.Run(t, enginetest.Config{Rules: Rules{}, Scenario: battle1Preplaced(t), Games: 2, Seed: 1, MaxActions: 30000,
		EventKinds: []string{"preplaced", "deploy"}})
}
