package armourbattles

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// Off-table artillery and smoke (Armour Battles, Indirect Fire; Smoke
// Missions).
const (
	// BurstRadius is measured from the marker's centre to the closest
	// point of each unit.
	BurstRadius = 4.0
	// AdjustDistance is how far an adjustment may move a marker.
	AdjustDistance = 4.0
	// ResponseOpposition is the opponent's dice in the response check.
	ResponseOpposition = 3
	SmokeLength        = 12.0
	SmokeWidth         = 1.0
)

// ownMission returns the index of the active side's battery id with a
// plotted mission.
func (s *State) ownMission(id string) (int, error) {
	for i := range s.Batteries {
		b := &s.Batteries[i]
		if b.ID == id {
			if b.Side != s.Active {
				return -1, errorf("%s is not your battery", id)
			}
			if b.Marker == nil {
				return -1, errorf("%s has no fire mission plotted", id)
			}
			return i, nil
		}
	}
	return -1, errorf("no battery %q", id)
}

// pointVisible reports whether unit u sees the table point p.
func (s *State) pointVisible(u int, p geom.Point) bool {
	fb := s.box(u)
	q := s.newSight(u, fb, -1, geom.Box{Center: p, Length: 0.01, Width: 0.01})
	return s.rayClear(&q, fb.Center, p)
}

// observes reports whether u can act as a forward observer: a friendly,
// unsuppressed unit on the table, not hidden (a hidden unit is not on the
// table until revealed: ruling R41), with line of sight to an enemy unit
// (Armour Battles, Forward Observers).
func (s *State) observes(u int) bool {
	return s.observesWith(s.sightFrom(s.Units[u].Side), u)
}

// observesWith is observes with sight, s.sightFrom(u's side), at hand.
func (s *State) observesWith(sight sideSight, u int) bool {
	un := &s.Units[u]
	if !un.Active() || un.Suppressed || un.Hidden || un.Side != s.Active {
		return false
	}
	for _, e := range s.enemiesOf(un.Side) {
		if sight.seesUnit(u, e) {
			return true
		}
	}
	return false
}

// batteryIndex is the index of the battery with this id, or -1.
func (s *State) batteryIndex(id string) int {
	for i := range s.Batteries {
		if s.Batteries[i].ID == id {
			return i
		}
	}
	return -1
}

func (s *State) validateCall(a CallMission) error {
	bi := s.batteryIndex(a.Battery)
	if bi < 0 || s.Batteries[bi].Side != s.Active {
		return errorf("call-mission: %q is not one of your batteries", a.Battery)
	}
	if s.Batteries[bi].Marker != nil {
		return errorf("call-mission: %s already has a mission plotted", a.Battery)
	}
	if !geom.ValidDegrees(a.Orient) {
		return errorf("call-mission: orient %g is not a direction in degrees between -%d and %d", a.Orient, geom.MaxDegrees, geom.MaxDegrees)
	}
	if s.Batteries[bi].Cancelled == s.Turn {
		return errorf("call-mission: %s's mission was cancelled this turn; a new one may be plotted next turn", a.Battery)
	}
	if s.Sides[s.Active].Staff == 0 {
		return errorf("call-mission: fire missions need a staff order, and none is left")
	}
	p := geom.Point{X: a.X, Y: a.Y}
	if math.IsNaN(a.X) || math.IsNaN(a.Y) || a.X < 0 || a.Y < 0 || a.X > s.b.table.Width() || a.Y > s.b.table.Height() {
		return errorf("call-mission: marker (%.1f, %.1f) is off the table", a.X, a.Y)
	}
	o := s.unitIndex(a.Observer)
	if o < 0 || !s.observes(o) {
		return errorf("call-mission: %q cannot observe (a friendly, unsuppressed unit on the table that sees an enemy unit)", a.Observer)
	}
	if !s.pointVisible(o, p) {
		return errorf("call-mission: %s cannot see the marker at (%.1f, %.1f)", a.Observer, a.X, a.Y)
	}
	return nil
}

// applyCall plots the mission and makes the artillery response check: the
// battery's response dice against the opponent's 3D, both at 4+; more
// successes fire for effect at once, otherwise in the next logistics phase.
func (s *State) applyCall(a CallMission, src dice.Source, out engine.Emitter) {
	bi := s.batteryIndex(a.Battery)
	bt := &s.Batteries[bi]
	p := geom.Point{X: a.X, Y: a.Y}
	bt.Marker, bt.Smoke, bt.Orient, bt.Observer, bt.Maintained = &p, a.Smoke, geom.Deg(a.Orient), s.unitIndex(a.Observer), false
	s.Sides[s.Active].Staff--
	kind := "an artillery"
	if a.Smoke {
		kind = "a smoke"
	}
	n := s.b.sides[s.Active].params.ArtilleryResponseDice
	r, o := dice.Pool(src, n, 4), dice.Pool(src, ResponseOpposition, 4)
	now := r.Successes > o.Successes
	when := "it will fire in the next logistics phase"
	if now {
		when = "it fires at once"
	}
	out.Emit(engine.Event{Kind: "mission", Text: fmt.Sprintf("%s calls %s mission from %s at (%.1f, %.1f): response %d against %d, %s", s.b.sides[s.Active].name, kind, a.Battery, a.X, a.Y, r.Successes, o.Successes, when), To: engine.Everyone})
	if now {
		s.fireMission(bi, src, out)
	}
}

func (s *State) validateAdjust(a AdjustMission) error {
	bi, err := s.ownMission(a.Battery)
	if err != nil {
		return err
	}
	if s.Sides[s.Active].Staff == 0 {
		return errorf("adjust-mission: needs a staff order, and none is left")
	}
	p := geom.Point{X: a.X, Y: a.Y}
	if d := p.Dist(*s.Batteries[bi].Marker); d > AdjustDistance+1e-9 || math.IsNaN(d) {
		return errorf("adjust-mission: the marker may move at most 4\", not %.1f\"", d)
	}
	for _, u := range s.unitsOf(s.Active) {
		if s.observes(u) && s.pointVisible(u, p) {
			return nil
		}
	}
	return errorf("adjust-mission: no forward observer sees (%.1f, %.1f)", a.X, a.Y)
}

func (s *State) applyAdjust(a AdjustMission, out engine.Emitter) {
	bi, _ := s.ownMission(a.Battery)
	p := geom.Point{X: a.X, Y: a.Y}
	s.Batteries[bi].Marker = &p
	s.Sides[s.Active].Staff--
	out.Emit(engine.Event{Kind: "mission", Text: fmt.Sprintf("%s adjusts %s's marker to (%.1f, %.1f)", s.b.sides[s.Active].name, a.Battery, a.X, a.Y), To: engine.Everyone})
}

func (s *State) validateMaintain(a MaintainMission) error {
	bi, err := s.ownMission(a.Battery)
	if err != nil {
		return err
	}
	if !s.Sides[s.Active].Failure {
		return errorf("maintain-mission: only needed in a turn with a command failure")
	}
	if s.Batteries[bi].Maintained {
		return errorf("maintain-mission: %s is already maintained", a.Battery)
	}
	if s.Sides[s.Active].Staff == 0 {
		return errorf("maintain-mission: needs a staff order, and none is left")
	}
	return nil
}

// startLogistics runs the start of a side's logistics phase, the first
// action of its first pulse in a turn: its smoke screens lift; if it has
// missions plotted it decides on adjustments (true is returned), otherwise
// the phase ends at once.
func (s *State) startLogistics(src dice.Source, out engine.Emitter) bool {
	s.Sides[s.Active].Logistics = true
	kept := s.Smokes[:0]
	for _, sm := range s.Smokes {
		if sm.Side != s.Active {
			kept = append(kept, sm)
		} else {
			out.Emit(engine.Event{Kind: "smoke", Text: fmt.Sprintf("%s's smoke screen at (%.1f, %.1f) clears", s.b.sides[sm.Side].name, sm.Center.X, sm.Center.Y), To: engine.Everyone})
		}
	}
	s.Smokes = kept
	for i := range s.Batteries {
		if s.Batteries[i].Side == s.Active && s.Batteries[i].Marker != nil {
			s.Phase = phaseLogistics
			return true
		}
	}
	return false
}

// cancelMissions cancels side's plotted missions (their markers), for
// why.
func (s *State) cancelMissions(side int, why string, out engine.Emitter) {
	for i := range s.Batteries {
		if bt := &s.Batteries[i]; bt.Side == side && bt.Marker != nil {
			bt.Marker = nil
			out.Emit(engine.Event{Kind: "mission", Text: fmt.Sprintf("%s's mission is cancelled by the %s", bt.ID, why), To: engine.Everyone})
		}
	}
}

// endLogistics cancels missions a command failure stopped (unless
// maintained) and fires the rest for effect.
func (s *State) endLogistics(src dice.Source, out engine.Emitter) {
	s.Phase = phaseChain
	for i := range s.Batteries {
		bt := &s.Batteries[i]
		if bt.Side != s.Active || bt.Marker == nil {
			continue
		}
		if s.Sides[s.Active].Failure && !bt.Maintained {
			bt.Marker = nil
			out.Emit(engine.Event{Kind: "mission", Text: fmt.Sprintf("%s's mission is cancelled by the command failure", bt.ID), To: engine.Everyone})
			continue
		}
		s.fireMission(i, src, out)
	}
}

// fireMission fires a battery for effect: an artillery marker deviates
// unless the hit die shows 5-6 (then the scatter die gives the distance in
// inches and a d12 the direction in 30° steps); every unit within 4" of the
// marker is attacked separately. A smoke mission never deviates and lays a
// screen. The marker is then removed.
func (s *State) fireMission(bi int, src dice.Source, out engine.Emitter) {
	bt := &s.Batteries[bi]
	p := *bt.Marker
	bt.Marker = nil
	if bt.Smoke {
		s.Smokes = append(s.Smokes, SmokeScreen{Side: bt.Side, Center: p, Orient: bt.Orient})
		out.Emit(engine.Event{Kind: "smoke", Text: fmt.Sprintf("%s lays a smoke screen at (%.1f, %.1f)", bt.ID, p.X, p.Y), To: engine.Everyone})
		return
	}
	if hit := dice.D6(src); hit < 5 {
		dist := float64(dice.D6(src))
		dir := geom.Deg(float64(dice.Roll(src, 1, 12)-1) * 30)
		p = p.Add(geom.Dir(dir).Mul(dist))
		out.Emit(engine.Event{Kind: "deviation", Text: fmt.Sprintf("%s's fire deviates %.0f\" to (%.1f, %.1f)", bt.ID, dist, p.X, p.Y), To: engine.Everyone})
	}
	out.Emit(engine.Event{Kind: "artillery", Text: fmt.Sprintf("%s fires for effect at (%.1f, %.1f)", bt.ID, p.X, p.Y), To: engine.Everyone, Data: map[string]any{"x": round2(p.X), "y": round2(p.Y), "radius": BurstRadius}})
	// Every unit under the burst is attacked in turn, in the order of
	// the units: the attacks go on the shot stack last first, so that each
	// target's side may break off or add a reaction die (advance).
	var hit []int
	for t := range s.Units {
		if s.Units[t].Active() && !s.Units[t].Hidden && s.frame(t).DistToPoint(p) <= BurstRadius+1e-9 {
			hit = append(hit, t)
		}
	}
	for i := len(hit) - 1; i >= 0; i-- {
		sh := PendingShot{Firer: -1, Target: hit[i], Battery: bi + 1, Answered: true}
		sh.Dice, _ = s.declaredShot(&sh).Dice()
		s.Shots = append(s.Shots, sh)
	}
}

// artilleryShot is the firemods situation of a battery's attack on one
// unit under the burst: 4+ regardless of range, no light cover, the
// target's artillery reaction (Armour Battles, Firing for Effect).
func (s *State) artilleryShot(sh *PendingShot) Shot {
	bt := &s.Batteries[sh.Battery-1]
	t := sh.Target
	return Shot{Firer: s.b.types[bt.Type], Target: s.b.types[s.Units[t].Type], Artillery: true, TargetSuppressed: s.Units[t].Suppressed,
		BreakOff: sh.BreakOff, ReactionWild: sh.ReactionWild}
}

// resolveArtillery makes the reaction check of a battery's attack: the
// target must roll more sixes than the battery or be suppressed; forced
// back toward its own table edge (Suppression From Artillery).
func (s *State) resolveArtillery(sh *PendingShot, src dice.Source, out engine.Emitter) {
	t := sh.Target
	d, err := s.declaredShot(sh).Dice()
	if err != nil {
		return
	}
	r := dice.Pool(src, d.ReactionDice, d.ReactionTN)
	out.Emit(engine.Event{Kind: "reaction", Text: fmt.Sprintf("%s reacts with %dD at %d+: %d successes, %d sixes", s.name(t), d.ReactionDice, d.ReactionTN, r.Successes, r.Sixes), To: engine.Everyone})
	net, suppress, unmatched := ShotEffect(d, sh.Attack, poolResult(r))
	// Away from a point beyond the enemy: toward the unit's own edge.
	home := geom.Dir(s.b.towardEnemy(s.Units[t].Side))
	from := s.Units[t].Pos.Add(home.Mul(10))
	s.applyResult(t, from, net, suppress, unmatched, src, out)
}
