package armourbattles

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// normalMove rolls a unit's normal move: 6" + 1D" (fast: 1D×2"); a
// suppressed unit uses only the variable part.
func (s *State) normalMove(u int, src dice.Source) float64 {
	v := float64(dice.D6(src))
	if s.stats(u).Move == MoveFast {
		v *= 2
	}
	if s.Units[u].Suppressed {
		return v
	}
	return FixedMove + v
}

// breakOffPending reports whether the top shot waits for its target's side
// to decide whether to break off.
func (s *State) breakOffPending() bool {
	sh := &s.Shots[len(s.Shots)-1]
	if sh.Rolled || sh.BreakOffAsked {
		return false
	}
	t := sh.Target
	return s.Units[t].Active() && (s.hasSpecial(t, BreakOff) || s.hasSpecial(t, ShootAndScoot))
}

// applyBreakOff moves the target straight back a normal move before the
// shot; the shot keeps its range from the original position and the target
// gains +2D; the unit cannot be activated again this turn (Armour Battles,
// Break-Off; Shoot and Scoot units may always break off).
func (s *State) applyBreakOff(a BreakOffChoice, src dice.Source, out engine.Emitter) {
	sh := &s.Shots[len(s.Shots)-1]
	sh.BreakOffAsked = true
	if !a.Yes {
		return
	}
	sh.BreakOff = true
	t := sh.Target
	if m := s.currentMover(); m != nil && m.Unit == t {
		m.Halted = true
	}
	s.Units[t].Activated = true
	s.Units[t].BrokeOff = true // no fire until the next pulse
	s.moveBack(t, s.normalMove(t, src), out, "breaks off")
}

// moveBack moves unit u straight back along its facing up to dist inches,
// keeping its facing, stopping at the table edge and short of other units.
func (s *State) moveBack(u int, dist float64, out engine.Emitter, verb string) {
	un := &s.Units[u]
	back := geom.Dir(un.Heading + geom.Deg(180))
	end := s.clampToTable(u, un.Pos, back, dist, un.Heading)
	m := &Mover{Unit: u, Path: []geom.Point{un.Pos, end}, Back: true, From: un.Heading}
	m.Reach = s.reach(u, m.Path, dist)
	pos, _, _, _ := s.clearOf(m, s.moverBox(m, m.Reach).Center, un.Heading)
	out.Emit(engine.Event{Kind: "move", Text: fmt.Sprintf("%s %s %.1f\" to (%.1f, %.1f)", s.name(u), verb, pos.Dist(un.Pos), pos.X, pos.Y), To: engine.Everyone,
		Data: map[string]any{"unit": un.ID, "x": round2(pos.X), "y": round2(pos.Y), "heading": round2(un.Heading.Degrees())}})
	un.Pos = pos
}

// scoot moves a unit that shot and scooted straight back a normal move. In
// its own pulse the move can draw opportunity fire (+2D reaction); in the
// enemy's pulse nobody may react to it (ruling R25).
func (s *State) scoot(u int, src dice.Source, out engine.Emitter) {
	if !s.Units[u].Active() {
		return
	}
	dist := s.normalMove(u, src)
	if s.Units[u].Side != s.Active || s.Move != nil {
		s.moveBack(u, dist, out, "scoots back")
		return
	}
	un := &s.Units[u]
	back := geom.Dir(un.Heading + geom.Deg(180))
	end := s.clampToTable(u, un.Pos, back, dist, un.Heading)
	m := Mover{Unit: u, Path: []geom.Point{un.Pos, end}, Back: true, Scoot: true, From: un.Heading}
	m.Reach = s.reach(u, m.Path, dist)
	m.Final = un.Heading
	s.Move = &MoveState{Movers: []Mover{m}}
	out.Emit(engine.Event{Kind: "scoot", Text: s.name(u) + " shoots and scoots", To: engine.Everyone})
}

func (s *State) validateRepair(a Repair) error {
	u := s.unitIndex(a.Unit)
	if u < 0 || s.Units[u].Side != s.Active || !s.Units[u].Active() {
		return errorf("repair: %q is not one of your units on the table", a.Unit)
	}
	un := &s.Units[u]
	if un.BrokeDown == 0 {
		return errorf("repair: %s has not broken down", a.Unit)
	}
	if un.BrokeDown == s.Turn {
		return errorf("repair: %s broke down this turn; it can be repaired from next turn", a.Unit)
	}
	return nil
}

// breakdowns applies Poor Reliability to a group's double or triple move:
// more 1s than 6s on the move dice breaks down every unreliable mover,
// which stays where it is this turn (Tiger I).
func (s *State) breakdowns(k int, faces []int, movers []int, out engine.Emitter) map[int]bool {
	if k < 2 {
		return nil
	}
	ones, sixes := 0, 0
	for _, f := range faces {
		switch f {
		case 1:
			ones++
		case 6:
			sixes++
		}
	}
	if ones <= sixes {
		return nil
	}
	broken := map[int]bool{}
	for _, u := range movers {
		if s.hasSpecial(u, PoorReliability) {
			s.Units[u].BrokeDown = s.Turn
			broken[u] = true
			out.Emit(engine.Event{Kind: "breakdown", Text: s.name(u) + " breaks down and cannot move this turn", To: engine.Everyone})
		}
	}
	return broken
}

// --- reserves ---

// reserveUnits resolves a Commit Reserves group: the units of one reserve
// company, waiting off the table, whose earliest turn has come (Armour
// Battles, Commit Reserves).
func (s *State) reserveUnits(a Activate) ([]int, error) {
	if s.Sides[s.Active].Failure {
		return nil, errorf("reserves: no Commit Reserves order in a turn with a command failure")
	}
	if a.Dice != 1 {
		return nil, errorf("reserves: a Commit Reserves order uses exactly one die (the group makes a triple move)")
	}
	ids := append([]string{a.Leader}, a.Members...)
	var units []int
	company := ""
	for _, id := range ids {
		u := s.unitIndex(id)
		if u < 0 || s.Units[u].Side != s.Active || !s.Units[u].Reserve || s.Units[u].Placed || s.Units[u].Dispersed {
			return nil, errorf("reserves: %q is not one of your reserve units waiting off the table", id)
		}
		if company == "" {
			company = s.Units[u].Company
		}
		if s.Units[u].Company != company {
			return nil, errorf("reserves: %s is not in %s; each company is committed as its own group", id, company)
		}
		if s.Turn < s.Units[u].Arrive {
			return nil, errorf("reserves: %s may be committed from turn %d", id, s.Units[u].Arrive)
		}
		if contains(units, u) {
			return nil, errorf("reserves: %s is named twice", id)
		}
		units = append(units, u)
	}
	for i := range s.Units {
		if s.Units[i].Side == s.Active && s.Units[i].Reserve && !s.Units[i].Placed && s.Units[i].Company == company && !contains(units, i) && !s.Units[i].Dispersed {
			return nil, errorf("reserves: %s of %s must enter with its company", s.Units[i].ID, company)
		}
	}
	return units, nil
}

// entryBoxes lines the units up along the friendly edge from a.Entry,
// facing the enemy, and checks they stand in the deployment zone.
func (s *State) entryBoxes(units []int, entry float64) ([]geom.Box, error) {
	side := s.Active
	h := s.b.towardEnemy(side)
	edge := s.b.table.Width()
	if e := s.b.sides[side].edge; e == "west" || e == "east" {
		edge = s.b.table.Height()
	}
	if !(entry >= 0 && entry <= edge) { // NaN too
		return nil, errorf("reserves: entry %g\" is not along the %s edge (0 to %g\")", entry, s.b.sides[side].edge, edge)
	}
	var out []geom.Box
	along := entry
	for _, u := range units {
		ut := s.b.types[s.Units[u].Type]
		l, w := ut.Footprint.Length/2+0.01, ut.Footprint.Width
		var c geom.Point
		switch s.b.sides[side].edge {
		case "south":
			c = geom.Point{X: along, Y: l}
		case "north":
			c = geom.Point{X: along, Y: s.b.table.Height() - l}
		case "west":
			c = geom.Point{X: l, Y: along}
		default:
			c = geom.Point{X: s.b.table.Width() - l, Y: along}
		}
		b := s.boxAt(u, c, h)
		if !s.b.onTable(b) || !s.b.inZone(side, b) {
			return nil, errorf("reserves: %s entering at %.1f\" along the edge is not inside the deployment zone", s.Units[u].ID, along)
		}
		if o := s.overlapping(u, b); o >= 0 {
			return nil, errorf("reserves: %s entering at %.1f\" would overlap %s", s.Units[u].ID, along, s.Units[o].ID)
		}
		out = append(out, b)
		along += w + 0.5
	}
	return out, nil
}

// commitReserves places the company on the edge and starts its triple move.
func (s *State) commitReserves(units []int, a Activate, out engine.Emitter) {
	boxes, _ := s.entryBoxes(units, a.Entry)
	for i, u := range units {
		un := &s.Units[u]
		un.Placed, un.Reserve, un.Pos, un.Heading, un.Activated = true, false, boxes[i].Center, boxes[i].Heading, true
	}
	placedAt := []map[string]any{}
	for _, u := range units {
		placedAt = append(placedAt, map[string]any{"unit": s.Units[u].ID, "x": round2(s.Units[u].Pos.X), "y": round2(s.Units[u].Pos.Y), "heading": round2(s.Units[u].Heading.Degrees())})
	}
	out.Emit(engine.Event{Kind: "reserves", Text: fmt.Sprintf("%s commits %s from its table edge", s.b.sides[s.Active].name, s.Units[units[0]].Company), To: engine.Everyone, Data: placedAt})
	s.Act = s.newActivation(OrderMoveFire, units, 3)
	s.Phase = phaseActivation
}
