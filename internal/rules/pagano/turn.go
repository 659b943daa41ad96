package pagano

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

type phaseKind int

const (
	phaseMorale phaseKind = iota // Morale & Load
	phaseFire
	phaseMove
)

type phaseDef struct {
	kind     phaseKind
	alliance string
}

// String returns e.g. "Axis Fire".
func (p phaseDef) String() string {
	a := "Axis"
	if p.alliance == Allied {
		a = "Allied"
	}
	switch p.kind {
	case phaseMorale:
		return a + " Morale & Load"
	case phaseFire:
		return a + " Fire"
	}
	return a + " Movement"
}

// sequence is the ten-phase turn (Pagano, Sequence of Play). The text
// lists phases 2 to 10 only; phase 1 is the Axis Morale & Load phase, the
// mirror of phase 6 (ruling P1).
var sequence = [10]phaseDef{
	{phaseMorale, Axis},   // 1 (lost from the text; ruling P1)
	{phaseFire, Axis},     // 2
	{phaseMove, Axis},     // 3
	{phaseFire, Allied},   // 4
	{phaseFire, Axis},     // 5
	{phaseMorale, Allied}, // 6
	{phaseFire, Allied},   // 7
	{phaseMove, Allied},   // 8
	{phaseFire, Axis},     // 9
	{phaseFire, Allied},   // 10
}

// PhaseName returns the name of phase p (1..10) of the sequence of play.
func PhaseName(p int) string {
	if p < 1 || p > len(sequence) {
		return "deployment"
	}
	return sequence[p-1].String()
}

func (s *State) validateDeploy(a Deploy) error {
	u := s.unitIndex(a.Unit)
	if u < 0 {
		return errorf("deploy: no unit %q", a.Unit)
	}
	un := &s.Units[u]
	if un.Side != s.Deployer {
		return errorf("deploy: %s is not %s's", a.Unit, s.b.sides[s.Deployer].id)
	}
	if un.Placed {
		return errorf("deploy: %s is already on the table", a.Unit)
	}
	if !finite(a.X) || !finite(a.Y) {
		return errorf("deploy: %s: the position must be numbers", a.Unit)
	}
	if !geom.ValidDegrees(a.Facing) || a.Turret != nil && !geom.ValidDegrees(*a.Turret) {
		return errorf("deploy: %s: facing and turret must be degrees between -%d and %d", a.Unit, geom.MaxDegrees, geom.MaxDegrees)
	}
	b := s.boxAt(u, geom.Point{X: a.X, Y: a.Y}, geom.Deg(a.Facing))
	if !s.b.inZone(un.Side, b) {
		return errorf("deploy: %s at (%.1f, %.1f) is not wholly inside a deployment zone of %s", a.Unit, a.X, a.Y, s.b.sides[un.Side].id)
	}
	if o := s.overlapping(u, b); o >= 0 {
		return errorf("deploy: %s would overlap %s", a.Unit, s.Units[o].ID)
	}
	if f := s.inBuilding(b); f != nil {
		return errorf("deploy: %s at (%.1f, %.1f) would stand in %s; vehicles cannot enter buildings (ruling P16)", a.Unit, a.X, a.Y, f)
	}
	if a.Turret != nil && s.stats(u).Mount != MountTurret {
		return errorf("deploy: %s has no turret", a.Unit)
	}
	return nil
}

// inBuilding returns a building that footprint b meets, or nil.
func (s *State) inBuilding(b geom.Box) *table.Feature {
	for _, f := range s.b.buildings {
		if boxMeetsPolygon(b, f.Area) {
			return f
		}
	}
	return nil
}

func (s *State) applyDeploy(a Deploy, out engine.Emitter) {
	u := s.unitIndex(a.Unit)
	un := &s.Units[u]
	un.Pos = geom.Point{X: a.X, Y: a.Y}
	un.Heading = geom.Deg(a.Facing).Normalized()
	un.Turret = un.Heading
	if a.Turret != nil {
		un.Turret = geom.Deg(*a.Turret).Normalized()
	}
	un.Placed, un.Motion = true, Stationary
	out.Emit(engine.Event{Kind: "deploy", Text: fmt.Sprintf("%s deploys at (%.1f, %.1f) facing %.0f°", s.name(u), a.X, a.Y, math.Mod(un.Heading.Degrees()+360, 360)), To: engine.Everyone})
	s.Deployer = s.nextDeployer()
	if s.Deployer < 0 {
		s.startBattle(out)
	}
}

// overlapping returns a unit on the table (other than u) whose footprint
// overlaps box, or -1.
func (s *State) overlapping(u int, box geom.Box) int {
	for i := range s.Units {
		if i != u && s.Units[i].Active() && s.box(i).Overlaps(box) {
			return i
		}
	}
	return -1
}

func (s *State) startBattle(out engine.Emitter) {
	s.Turn, s.Phase, s.Serial, s.Deployer = 1, 1, 1, -1
	out.Emit(engine.Event{Kind: "turn", Text: "turn 1 begins", To: engine.Everyone})
}

// advance resolves everything automatic (morale and load phases, fire
// phases in which no one can fire, the end of a movement phase whose
// vehicles have all acted) until a side must decide or the game ends.
func (s *State) advance(src dice.Source, out engine.Emitter) {
	for !s.Over {
		if s.Phase == 0 {
			return
		}
		if s.Move != nil {
			if s.ambushOpen() {
				return
			}
			s.finishMove(src, out)
			continue
		}
		if s.checkEnd(out) {
			return
		}
		ph := sequence[s.Phase-1]
		side := s.b.sideOf(ph.alliance)
		switch ph.kind {
		case phaseMorale:
			s.moraleAndLoad(side, src, out)
			s.nextPhase(out)
		case phaseFire:
			if s.canFireAny(side) {
				return
			}
			s.nextPhase(out)
		case phaseMove:
			if s.anyToMove(side) {
				return
			}
			s.endMovement(src, out)
		}
	}
}

// nextPhase moves on to the next phase of the sequence, and to the next
// turn after phase 10; the game ends after the last turn.
func (s *State) nextPhase(out engine.Emitter) {
	s.Phase++
	s.Serial++
	if s.Phase > len(sequence) {
		if s.Turn >= s.b.maxTurn {
			// A side left with nothing fighting by the last fire phase
			// has lost before the limit is reached (ruling P20).
			s.Phase = len(sequence)
			if !s.checkEnd(out) {
				s.endByTurnLimit(out)
			}
			return
		}
		s.Turn++
		s.Phase = 1
		out.Emit(engine.Event{Kind: "turn", Text: fmt.Sprintf("turn %d begins", s.Turn), To: engine.Everyone})
	}
	ph := sequence[s.Phase-1]
	if ph.kind == phaseMove {
		side := s.b.sideOf(ph.alliance)
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == side {
				// A stunned vehicle may not move or pivot: its phase is
				// over before it starts (Pagano, Stun Hits).
				u.Done, u.Moved, u.Ambushed = u.Stunned || !u.Active(), false, false
			}
		}
	}
}

// anyToMove reports whether a vehicle of side has yet to act in its
// movement phase.
func (s *State) anyToMove(side int) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.Active() && !u.Done {
			return true
		}
	}
	return false
}

// endMovement closes side's movement phase: vehicles that did not move are
// stationary, retreating vehicles that could not move are abandoned, and
// stun markers placed before this phase are removed (Pagano, Movement;
// Stun Hits; Morale).
func (s *State) endMovement(src dice.Source, out engine.Emitter) {
	side := s.b.sideOf(sequence[s.Phase-1].alliance)
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.Active() {
			continue
		}
		if !u.Moved {
			if u.Retreat {
				s.abandon(i, "it has no avenue of escape", out)
				continue
			}
			u.Motion = Stationary
		}
		if u.Stunned && u.StunAt < s.Serial {
			u.Stunned = false
			out.Emit(engine.Event{Kind: "stun-removed", Text: s.name(i) + " recovers from its stun", To: engine.Everyone})
		}
		u.Done, u.Moved, u.Ambushed = false, false, false
	}
	s.nextPhase(out)
}

// moraleAndLoad runs side's Morale & Load phase: a morale roll for each
// platoon that lost a vehicle since the last one, then shot markers are
// removed from every vehicle that is not stunned (Pagano, Morale; Firing).
func (s *State) moraleAndLoad(side int, src dice.Source, out engine.Emitter) {
	for pi, pl := range s.b.platoons {
		if pl.side != side || pl.independent {
			continue
		}
		var memberBuf [16]int
		members := memberBuf[:0]
		puff, retreating, lost := false, false, 0
		for i := range s.Units {
			u := &s.Units[i]
			if u.Platoon != pi {
				continue
			}
			puff = puff || u.Puff
			if u.Out {
				lost++
			}
			if u.Active() {
				members = append(members, i)
				retreating = retreating || u.Retreat
			}
		}
		if !puff || retreating || len(members) == 0 {
			continue
		}
		if !s.enemyInSight(members) {
			out.Emit(engine.Event{Kind: "morale", Text: fmt.Sprintf("%s: no enemy in sight, no morale roll", pl.name), To: engine.Everyone})
			continue
		}
		roll := dice.D10(src)
		if roll > lost {
			out.Emit(engine.Event{Kind: "morale", Text: fmt.Sprintf("%s passes morale: rolled %d against %d lost", pl.name, roll, lost), To: engine.Everyone, Data: []int{roll, lost}})
			continue
		}
		out.Emit(engine.Event{Kind: "morale", Text: fmt.Sprintf("%s fails morale: rolled %d against %d lost; it retreats", pl.name, roll, lost), To: engine.Everyone, Data: []int{roll, lost}})
		for _, m := range members {
			u := &s.Units[m]
			u.Retreat = true
			u.Motion = Moving
			if u.Stunned || u.Immobile {
				s.abandon(m, "it cannot retreat", out)
			}
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side {
			continue
		}
		u.Puff = false
		if u.Active() && !u.Stunned {
			u.Shots = 0
		}
	}
}

// enemyInSight reports whether any of members sees an enemy vehicle;
// immobilized enemies do not count (Pagano, Morale; ruling P17).
func (s *State) enemyInSight(members []int) bool {
	for _, m := range members {
		for e := range s.Units {
			eu := &s.Units[e]
			if eu.Side == s.Units[m].Side || !eu.Active() || eu.Immobile {
				continue
			}
			if s.sight(m, s.box(m), e, s.box(e)).OK {
				return true
			}
		}
	}
	return false
}

// abandon takes a vehicle out of action: its crew leaves it.
func (s *State) abandon(u int, why string, out engine.Emitter) {
	un := &s.Units[u]
	un.Out, un.Puff, un.Stunned = true, true, false
	out.Emit(engine.Event{Kind: "abandoned", Text: fmt.Sprintf("%s is abandoned: %s", s.name(u), why), To: engine.Everyone})
}

// checkEnd ends the game when a side has no vehicle left fighting (all out
// of action, off the table or retreating; ruling P20) and reports whether
// it did.
func (s *State) checkEnd(out engine.Emitter) bool {
	var fighting [2]int
	for i := range s.Units {
		if s.Units[i].Fighting() {
			fighting[s.Units[i].Side]++
		}
	}
	switch {
	case fighting[0] > 0 && fighting[1] > 0:
		return false
	case fighting[0] == 0 && fighting[1] == 0:
		s.end(-1, "both forces destroyed or retreating", out)
	case fighting[0] == 0:
		s.end(1, s.b.sides[0].name+" has no vehicle left fighting", out)
	default:
		s.end(0, s.b.sides[1].name+" has no vehicle left fighting", out)
	}
	return true
}

// endByTurnLimit ends the game after the last turn: a draw when the
// scenario says so or sets no limit (TurnCap), else the side that lost
// fewer vehicles wins (ruling P20).
func (s *State) endByTurnLimit(out engine.Emitter) {
	s.Phase = len(sequence)
	reason := fmt.Sprintf("turn limit (%d turn%s)", s.b.maxTurn, map[bool]string{true: "", false: "s"}[s.b.maxTurn == 1])
	if s.b.capped {
		// No limit in the scenario: the cap only stops an endless game.
		s.end(-1, fmt.Sprintf("turn cap (%d turns; the scenario sets no turn limit)", s.b.maxTurn), out)
		return
	}
	if s.b.drawAtLimit {
		s.end(-1, reason, out)
		return
	}
	switch l0, l1 := s.Lost(0), s.Lost(1); {
	case l0 < l1:
		s.end(0, reason+", fewer vehicles lost", out)
	case l1 < l0:
		s.end(1, reason+", fewer vehicles lost", out)
	default:
		s.end(-1, reason, out)
	}
}

func (s *State) end(winner int, reason string, out engine.Emitter) {
	s.Over, s.Winner, s.Reason = true, winner, reason
	s.Move = nil
	text := "the game ends in a draw: " + reason
	if winner >= 0 {
		text = fmt.Sprintf("%s wins: %s", s.b.sides[winner].name, reason)
	}
	out.Emit(engine.Event{Kind: "game-over", Text: text, To: engine.Everyone})
}
