package armourbattles

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestEndActivationIsTold: ending an activation by choice shows in the
// battle log; only in the side's own when a unit of it is hidden.
func TestEndActivationIsTold(t *testing.T) {
	for _, hidden := range []bool{false, true} {
		f := newFixture(t, nil, german, 1, placed{"de-1", "panzer-iv-h", german, 36, 40, -90}, placed{"us-1", "m4-75", us, 10, 5, 90})
		f.unit("de-1").Hidden = hidden
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.evs = nil
		f.do(EndActivation{})
		var got []engine.Event
		for _, e := range f.evs {
			if e.Kind == "end-activation" {
				got = append(got, e)
			}
		}
		full := "Germany ends the " + OrderMoveFire + " order of de-1"
		switch {
		case !hidden && (len(got) != 1 || got[0].Text != full || got[0].To != engine.Everyone):
			t.Errorf("end-activation events %+v, want one for everyone: %q", got, full)
		case hidden && (len(got) != 1 || got[0].To != german || got[0].Text != full):
			t.Errorf("hidden: end-activation events %+v, want one for the Germans only: %q", got, full)
		}
		if f.s.Act != nil {
			t.Errorf("activation still open after end-activation")
		}
	}
}

// TestPulsePassesWhenLogisticsSpendsEveryDie: in turn 16 of this Battle 2
// game Germany rolled two sixes and two 1s; its own artillery then fell on
// its tanks in its logistics phase and it spent both wild dice on their
// reactions. With nothing left to chain, the pulse must pass to the United
// States (ruling R57) instead of asking Germany for a chain it cannot
// choose. The log stops before the last answer, which is applied here.
func TestPulsePassesWhenLogisticsSpendsEveryDie(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "logistics", "battle-2-seed-92-wild-boosts.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lg, err := engine.ReadLog(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(lg, scenario.EmbeddedScenario)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State().(*State)
	if d := g.Pending(); d.Kind != "reaction-boost" || d.Side != 1 {
		t.Fatalf("pending %+v, want the United States' reaction boost", d)
	}
	if s.Phase != phaseChain || s.Active != 0 || s.Sides[0].DiceLeft() != 0 {
		t.Fatalf("phase %s, active %d, German dice left %d: the fixture no longer shows Germany's logistics fire with every die spent", s.Phase, s.Active, s.Sides[0].DiceLeft())
	}
	if _, err := g.Apply(Boost{Staff: true}); err != nil {
		t.Fatal(err)
	}
	s = g.State().(*State)
	d := g.Pending()
	if d.Side != 1 || d.Kind != phaseChain || s.Active != 1 {
		t.Fatalf("after the fire: pending %+v (active %d), want the United States to choose a chain", d, s.Active)
	}
	// And the game plays on to its end.
	for !g.State().Result().Over {
		c := g.State().Candidates(nil)
		if len(c) == 0 {
			t.Fatalf("no candidate for %+v", g.Pending())
		}
		if _, err := g.Apply(c[0]); err != nil {
			t.Fatal(err)
		}
	}
}
