package armourbattles

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/engine"
)

// SpotDistance reveals hidden units within this distance of an enemy unit
// that ends a move (Armour Battles, Hidden Units).
const SpotDistance = 15.0

// reveal places a hidden unit on the table for everyone to see.
func (s *State) reveal(u int, why string, out engine.Emitter) {
	un := &s.Units[u]
	if !un.Hidden {
		return
	}
	un.Hidden = false
	if engine.Quiet(out) {
		return // a search's copy: no one reads the event
	}
	out.Emit(engine.Event{Kind: "reveal", Text: fmt.Sprintf("%s is revealed at (%.1f, %.1f): it %s", s.name(u), un.Pos.X, un.Pos.Y, why), To: engine.Everyone,
		Data: map[string]any{"unit": un.ID, "x": round2(un.Pos.X), "y": round2(un.Pos.Y), "heading": round2(un.Heading.Degrees())}})
}

// named makes unit u's activation known to the enemy once it acts in
// sight of it: an order given with hidden units names none of its units
// (SecretOrder), but a unit seen moving, firing or rallying has shown
// that it was ordered.
func (s *State) named(u int) {
	if !s.Units[u].Hidden {
		s.Units[u].SecretOrder = false
	}
}

// spot reveals every hidden enemy unit within 15" of unit u, which has just
// ended a move.
func (s *State) spot(u int, out engine.Emitter) {
	uf := s.frame(u)
	for i := range s.Units {
		h := &s.Units[i]
		if h.Hidden && h.Active() && h.Side != s.Units[u].Side && uf.Within(s.frame(i), SpotDistance+1e-9) {
			why := ""
			if !engine.Quiet(out) {
				why = fmt.Sprintf("is spotted by %s within 15\"", s.Units[u].ID)
			}
			s.reveal(i, why, out)
		}
	}
}

// to returns who may see an event about units: their own side if any of
// them is hidden, otherwise everyone.
func (s *State) to(units ...int) int {
	for _, u := range units {
		if s.Units[u].Hidden {
			return s.Units[u].Side
		}
	}
	return engine.Everyone
}
