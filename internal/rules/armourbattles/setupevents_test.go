package armourbattles

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

// battle2Preplaced is Battle 2 with the scenario placing two of the
// Germans' hidden StuGs (one facing south-west, one facing as the rules
// face it) and one of their Pumas (a copy: the catalog's is shared).
func battle2Preplaced(t *testing.T) *scenario.Scenario {
	t.Helper()
	sc := *battle(t, "armour-battles/battle-2")
	de := *sc.Sides[0]
	de.Forces = append([]scenario.Company(nil), de.Forces...)
	facing := 225.0
	for ci, at := range map[int][][2]float64{0: {{10, 40}, {14.25, 40}}, 1: {{40, 46.8}}} {
		units := append([]scenario.UnitRef(nil), de.Forces[ci].Units...)
		for i := range at {
			units[i].At = &at[i]
		}
		de.Forces[ci].Units = units
	}
	de.Forces[0].Units[0].Facing = &facing
	sc.Sides = []*scenario.Side{&de, sc.Sides[1]}
	return &sc
}

// TestReportSetupTellsOfPreplacedUnits: a game of a scenario placing
// units with at: starts with one event per such unit, where it stands
// and how it faces, a hidden one's told only to its own side; the
// units the players deploy are left to their deploy actions.
func TestReportSetupTellsOfPreplacedUnits(t *testing.T) {
	sc := battle2Preplaced(t)
	g, err := engine.NewGame(Rules{}, sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.Event{
		{Seq: 1, Kind: "preplaced", Text: "de-ag-1 (Sturmgeschütz III) is placed hidden by the scenario at (10.0, 40.0) facing 225°", To: 0,
			Data: map[string]any{"unit": "de-ag-1", "x": 10.0, "y": 40.0, "heading": 225.0}},
		{Seq: 2, Kind: "preplaced", Text: "de-ag-2 (Sturmgeschütz III) is placed hidden by the scenario at (14.2, 40.0) facing 270°", To: 0,
			Data: map[string]any{"unit": "de-ag-2", "x": 14.25, "y": 40.0, "heading": 270.0}},
		{Seq: 3, Kind: "preplaced", Text: "de-rc-1 (SdKfz 234/2 Puma) is placed by the scenario at (40.0, 46.8) facing 270°", To: engine.Everyone,
			Data: map[string]any{"unit": "de-rc-1", "x": 40.0, "y": 46.8, "heading": 270.0}},
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
	// Nothing to tell where the scenario places nothing.
	if g, err := engine.NewGame(Rules{}, battle(t, "armour-battles/battle-2"), 1); err != nil || len(g.Events()) != 0 {
		t.Errorf("Battle 2 as shipped: events %v (%v); want none", g.Events(), err)
	}
}

// TestConformancePreplaced: random games of Battle 2 with units the
// scenario places pass the conformance suite, which checks that the
// set-up's events leave the state as it was and replay alike.
func TestConformancePreplaced(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Rules: Rules{}, Scenario: battle2Preplaced(t), Games: 2, Seed: 1, MaxActions: 30000,
		Invariant: invariant, DeepEvery: 7, EventKinds: []string{"preplaced", "deploy"},
	})
}
