package pagano

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/internal/engine"
)

// ReportSetup tells of the vehicles the scenario places on the table
// itself (`at:`), which no deploy action does (engine.SetupReporter):
// one "preplaced" event each, worded as a deployment is. Pagano has no
// hidden set-up, so everyone sees them. It is called on the state New
// returned, where the vehicles on the table are exactly those, and
// changes nothing.
func (s *State) ReportSetup(out engine.Emitter) {
	for u := range s.Units {
		un := &s.Units[u]
		if !un.Placed {
			continue
		}
		facing := math.Mod(un.Heading.Degrees()+360, 360)
		out.Emit(engine.Event{Kind: "preplaced", Text: fmt.Sprintf("%s is placed by the scenario at (%.1f, %.1f) facing %.0f°", s.name(u), un.Pos.X, un.Pos.Y, facing), To: engine.Everyone,
			Data: map[string]any{"unit": un.ID, "x": round2(un.Pos.X), "y": round2(un.Pos.Y), "heading": round2(facing)}})
	}
}
