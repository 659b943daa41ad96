package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
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
