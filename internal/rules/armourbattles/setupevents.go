package armourbattles

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/engine"
)

// ReportSetup tells of the units the scenario places on the table itself
// (`at:`), which no deploy action does (engine.SetupReporter): one
// "preplaced" event each, worded and shown as a deployment would be, a
// hidden unit's only to its own side. It is called on the state New
// returned, where the units on the table are exactly those, and changes
// nothing.
func (s *State) ReportSetup(out engine.Emitter) {
	for u := range s.Units {
		un := &s.Units[u]
		if !un.Placed || un.Reserve {
			continue
		}
		to, how := engine.Everyone, "is placed"
		if un.Hidden {
			to, how = un.Side, "is placed hidden"
		}
		facing := compass(un.Heading.Degrees())
		out.Emit(engine.Event{Kind: "preplaced", Text: fmt.Sprintf("%s %s by the scenario at (%.1f, %.1f) facing %.0f°", s.name(u), how, un.Pos.X, un.Pos.Y, facing), To: to,
			Data: map[string]any{"unit": un.ID, "x": round2(un.Pos.X), "y": round2(un.Pos.Y), "heading": round2(facing)}})
	}
}
