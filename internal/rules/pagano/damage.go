package pagano

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// DriftDistance is how far a vehicle rolls on after an errant turn
// (Pagano, Immobilization Hits).
const DriftDistance = 1.0

// ErrantTurn returns the turn of Pagano's errant-turn table for a d10
// roll, positive to the left. The text keeps only "1-4: 0 degrees"; the
// rest is designed: 5-6 45° left, 7-8 45° right, 9 90° left, 10 90° right
// (ruling P15).
func ErrantTurn(roll int) geom.Angle {
	switch {
	case roll <= 4:
		return 0
	case roll <= 6:
		return geom.Deg(45)
	case roll <= 8:
		return geom.Deg(-45)
	case roll == 9:
		return geom.Deg(90)
	}
	return geom.Deg(-90)
}

// wreck takes a vehicle out of action: place a puff on it.
func (s *State) wreck(t int, why string, out engine.Emitter) {
	u := &s.Units[t]
	u.Out, u.Wrecked, u.Puff, u.Stunned = true, true, true, false
	out.Emit(engine.Event{Kind: "wrecked", Text: fmt.Sprintf("%s is out of action: %s", s.name(t), why), To: engine.Everyone, Data: u.ID})
}

// stun places a stun marker, or takes an already stunned vehicle out of
// action; a moving vehicle stops with an errant turn (Pagano, Stun Hits).
func (s *State) stun(t int, src dice.Source, out engine.Emitter) {
	u := &s.Units[t]
	if u.Stunned {
		s.wreck(t, "stunned a second time", out)
		return
	}
	if u.Retreat {
		s.abandon(t, "stunned while retreating", out)
		return
	}
	u.Stunned, u.StunAt = true, s.Serial
	out.Emit(engine.Event{Kind: "stunned", Text: s.name(t) + " is stunned", To: engine.Everyone, Data: u.ID})
	if u.Motion == Moving {
		s.errantStop(t, src, out)
	}
}

// immobilize immobilizes a vehicle for the rest of the game; a moving
// vehicle stops with an errant turn (Pagano, Immobilization Hits).
func (s *State) immobilize(t int, src dice.Source, out engine.Emitter) {
	u := &s.Units[t]
	if u.Retreat {
		s.abandon(t, "immobilized while retreating", out)
		return
	}
	wasMoving := u.Motion == Moving
	u.Immobile = true
	out.Emit(engine.Event{Kind: "immobilized", Text: s.name(t) + " is immobilized", To: engine.Everyone, Data: u.ID})
	if wasMoving {
		s.errantStop(t, src, out)
	}
}

// errantStop rolls the errant turn of a moving vehicle brought to a halt,
// turns it, rolls it on 1" and places a stopped marker. Going over a cliff
// or off a bridge, or into a building, wrecks it; running into another
// vehicle immobilizes both if armoured and destroys the unarmoured (Pagano,
// Immobilization Hits; rulings P15, P16).
func (s *State) errantStop(t int, src dice.Source, out engine.Emitter) {
	u := &s.Units[t]
	oldHeading, oldTurret := u.Heading, u.Turret
	roll := dice.D10(src)
	turn := ErrantTurn(roll)
	h := (u.Heading + turn).Normalized()
	u.Turret = (u.Turret + turn).Normalized()
	u.Heading = h
	s.fixTurret(t)
	u.Motion = Stopped
	u.DugIn = false
	from := u.Pos
	dir := geom.Dir(h)
	// Roll on up to 1", staying on the table.
	d := DriftDistance
	for d > 0 && !s.b.onTable(s.boxAt(t, from.Add(dir.Mul(d)), h)) {
		d -= 0.05
	}
	d = max(d, 0)
	to := from.Add(dir.Mul(d))
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "errant-turn", Text: fmt.Sprintf("  %s's errant turn: rolls %d, turns %.0f° and rolls on %.1f\"", u.ID, roll, turn.Degrees(), d), To: engine.Everyone, Data: roll})
	}
	if d == 0 && !s.b.onTable(s.boxAt(t, to, h)) {
		// Turned at the table edge: back on the table (as armourbattles
		// R21).
		to = s.nudgeOnTable(t, to, h)
	}
	// Cliffs and bridges.
	ft := s.b.table
	hazard := ""
	ft.VisitSegment(geom.Segment{A: from, B: to}, func(c table.Crossing) bool {
		if c.Feature.Kind == KindCliff {
			hazard = "went over " + c.Feature.String()
			return false
		}
		return true
	})
	if hazard == "" {
		ft.VisitAt(from, func(f *table.Feature) bool {
			if f.Kind == KindBridge && !f.Contains(to) {
				hazard = "went off " + f.String()
				return false
			}
			return true
		})
	}
	box := s.boxAt(t, to, h)
	if hazard == "" {
		for _, f := range ft.Features() {
			if f.Kind == table.KindBuilding && len(f.Area) > 0 && boxMeetsPolygon(box, f.Area) {
				hazard = "ran into " + f.String()
				break
			}
		}
	}
	u.Pos = to
	if hazard != "" {
		s.wreck(t, hazard, out)
		return
	}
	o := s.overlapping(t, box)
	if o < 0 {
		return
	}
	// Stop in contact, short of the other vehicle.
	for dd := d; dd > 0 && s.overlapping(t, s.boxAt(t, u.Pos, h)) >= 0; {
		dd = max(0, dd-0.05)
		u.Pos = from.Add(dir.Mul(dd))
	}
	if s.overlapping(t, s.boxAt(t, u.Pos, h)) >= 0 {
		// The turn itself would swing it into the other vehicle: it
		// stops in contact where it was, unturned (ruling P16).
		u.Pos, u.Heading, u.Turret = from, oldHeading, oldTurret
	}
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "collision", Text: fmt.Sprintf("  %s collides with %s", u.ID, s.Units[o].ID), To: engine.Everyone})
	}
	for _, v := range []int{t, o} {
		if !s.Units[v].Active() {
			continue
		}
		if s.hasSpecial(v, Unarmoured) {
			s.wreck(v, "destroyed in a collision", out)
			continue
		}
		if s.Units[v].Retreat && s.Rev >= 1 {
			s.abandon(v, "immobilized in a collision while retreating", out)
			continue
		}
		if !s.Units[v].Immobile {
			s.Units[v].Immobile = true
			if s.Units[v].Motion == Moving {
				s.Units[v].Motion = Stopped
			}
			out.Emit(engine.Event{Kind: "immobilized", Text: s.name(v) + " is immobilized by the collision", To: engine.Everyone, Data: s.Units[v].ID})
		}
	}
}

// nudgeOnTable shifts a footprint the least distance that puts it wholly
// on the table.
func (s *State) nudgeOnTable(u int, pos geom.Point, h geom.Angle) geom.Point {
	r := s.boxAt(u, pos, h).Bounds()
	w, ht := s.b.table.Width(), s.b.table.Height()
	pos.X += max(0, -r.Min.X) - max(0, r.Max.X-w)
	pos.Y += max(0, -r.Min.Y) - max(0, r.Max.Y-ht)
	return pos
}

// boxMeetsPolygon reports whether a footprint and a polygon share any
// point.
func boxMeetsPolygon(b geom.Box, pg geom.Polygon) bool {
	for _, c := range b.Corners() {
		if pg.Contains(c) {
			return true
		}
	}
	for _, p := range pg {
		if b.Contains(p) {
			return true
		}
	}
	for i := range pg {
		if b.IntersectsSegment(pg.Edge(i)) {
			return true
		}
	}
	return false
}
