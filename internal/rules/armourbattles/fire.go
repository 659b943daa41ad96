package armourbattles

import (
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// ForcedBackFixed is the fixed part of a forced-back move; each unmatched
// six adds 1D" (Armour Battles, Forced Back).
const ForcedBackFixed = 6.0

// DispersalDP is the disruption at which a unit is dispersed (Cohesion 3).
const DispersalDP = 3

// fireArcOK reports whether target lies in the firer's arc of fire; a
// 180° arc means the front half-plane, judged by the target's centre
// (Armour Battles, Arc of Fire).
func (s *State) fireArcOK(firer int, fb geom.Box, target geom.Point) bool {
	arc := s.stats(firer).FireArc
	if arc == 0 || arc >= 360 {
		return true
	}
	return geom.InArc(fb.Center, fb.Heading, geom.Deg(float64(arc)/2), target)
}

// visibleEnemies returns the enemy units u can see and could fire at,
// nearest first.
func (s *State) visibleEnemies(u int) []int {
	var buf [listCap]sighted
	vis := s.visibleEnemiesWithin(buf[:0], s.sightFrom(s.Units[u].Side), u, math.Inf(1))
	out := make([]int, len(vis))
	for i, v := range vis {
		out[i] = v.unit
	}
	return out
}

// sighted is a visible enemy and its distance, footprint to footprint.
type sighted struct {
	unit int
	dist float64
}

// visibleEnemiesWithin appends to dst the start of visibleEnemies(u): the
// visible enemies at most reach inches from u, with their distances.
// Enemies farther away cost no line-of-sight question. The list is sorted
// by distance (keeping the order of equal ones), so it is exactly the part
// of the full list within reach, and target priority, which looks only at
// nearer enemies, judges a target within reach the same on either list.
// sight is s.sightFrom(u's side).
func (s *State) visibleEnemiesWithin(dst []sighted, sight sideSight, u int, reach float64) []sighted {
	base := len(dst)
	dst = s.inReach(dst, u, reach)
	out := dst[:base]
	for _, v := range dst[base:] {
		if sight.seesUnit(u, v.unit) {
			out = append(out, v)
		}
	}
	sortByDist(out[base:])
	return out
}

// inReach appends to dst the enemies at most reach inches from u and in
// its arc of fire, seen or not, with their distances, in unit order.
func (s *State) inReach(dst []sighted, u int, reach float64) []sighted {
	ff := s.frame(u)
	fb := ff.Box()
	ru := s.b.radius[s.Units[u].Type]
	for _, e := range s.enemiesOf(s.Units[u].Side) {
		// Footprints lie no nearer than their centres less both bounding
		// radii: skip the exact distance for enemies clearly out of reach.
		if s.Units[e].Pos.Dist(fb.Center)-ru-s.b.radius[s.Units[e].Type] > reach+1e-6 {
			continue
		}
		d := ff.Distance(s.frame(e))
		if d > reach || !s.fireArcOK(u, fb, s.Units[e].Pos) {
			continue
		}
		dst = append(dst, sighted{e, d})
	}
	return dst
}

// fireableWithin is visibleEnemiesWithin cut short where target priority
// stops: the part of its list that firstInPriority can allow, given the
// enemies the group has fired at (firedAt). Enemies in reach and arc are
// taken nearest first, and none is asked about once a visible enemy not
// yet fired at lies more than the priority tolerance nearer. Every target
// the full list would allow is on this one, at the same place, with the
// same nearer enemies before it.
func (s *State) fireableWithin(dst []sighted, sight sideSight, u int, reach float64, firedAt []int) []sighted {
	base := len(dst)
	dst = s.inReach(dst, u, reach)
	sortByDist(dst[base:])
	// Now keep those seen, in order, until priority shuts the rest out.
	out := dst[:base]
	first := math.Inf(1) // the nearest visible enemy not fired at
	for _, v := range dst[base:] {
		if first < v.dist-priorityTie {
			break // as firstInPriority would judge it, and all beyond
		}
		if !sight.seesUnit(u, v.unit) {
			continue
		}
		out = append(out, v)
		if math.IsInf(first, 1) && !contains(firedAt, v.unit) {
			first = v.dist
		}
	}
	return out
}

// priorityTie is how much nearer an enemy must be than a target to come
// before it (firstInPriority).
const priorityTie = 1e-6

// sortByDist sorts vis by distance, keeping the order of equal ones: an
// insertion sort, quick for the few units here.
func sortByDist(vis []sighted) {
	for i := 1; i < len(vis); i++ {
		v := vis[i]
		j := i
		for ; j > 0 && v.dist < vis[j-1].dist; j-- {
			vis[j] = vis[j-1]
		}
		vis[j] = v
	}
}

// firstInPriority reports whether vis[i], from a list made by
// visibleEnemiesWithin, may be fired at: every visible enemy closer than it
// must already have been fired at by the group (firedAt) (Armour Battles,
// Target Priority).
func firstInPriority(vis []sighted, i int, firedAt []int) bool {
	for _, e := range vis[:i] {
		if e.dist < vis[i].dist-priorityTie && !contains(firedAt, e.unit) {
			return false
		}
	}
	return true
}

func (s *State) validateFire(a Fire) error {
	act := s.Act
	if act == nil || act.Order != OrderMoveFire {
		return errorf("fire: no move-and-fire activation")
	}
	u := s.unitIndex(a.Unit)
	if u < 0 || act.index(u) < 0 {
		return errorf("fire: %q is not in the activated group", a.Unit)
	}
	un := &s.Units[u]
	switch {
	case un.Dispersed:
		return errorf("fire: %s has been dispersed", a.Unit)
	case un.Fired:
		return errorf("fire: %s already has a fire marker this turn", a.Unit)
	case un.BrokeOff:
		return errorf("fire: %s broke off in this pulse and may not fire until the next", a.Unit)
	case un.Suppressed:
		return errorf("fire: %s is suppressed and cannot fire", a.Unit)
	}
	t := s.unitIndex(a.Target)
	if t < 0 || s.Units[t].Side == un.Side || !s.Units[t].Active() || s.Units[t].Hidden {
		// A hidden unit gets the answer an absent one does: anything
		// else (no line of sight, outside the arc) would tell the
		// firer's side where it is, or that it is on the table at all.
		return errorf("fire: %q is not an enemy unit in view on the table", a.Target)
	}
	if !s.fireArcOK(u, s.box(u), s.Units[t].Pos) {
		return errorf("fire: %s is outside %s's %d° arc of fire", a.Target, a.Unit, s.stats(u).FireArc)
	}
	// Enemies farther than the target can neither hide it nor come first.
	var buf [listCap]sighted
	vis := s.visibleEnemiesWithin(buf[:0], s.sightFrom(un.Side), u, s.frame(u).Distance(s.frame(t)))
	i := slices.IndexFunc(vis, func(v sighted) bool { return v.unit == t })
	if i < 0 {
		return errorf("fire: %s has no line of sight to %s", a.Unit, a.Target)
	}
	if !firstInPriority(vis, i, act.FiredAt) {
		return errorf("fire: %s must fire at the closest enemy first (%s)", a.Unit, s.Units[vis[0].unit].ID)
	}
	if a.Scoot {
		if !s.hasSpecial(u, ShootAndScoot) {
			return errorf("fire: %s cannot shoot and scoot", a.Unit)
		}
		if act.Moved[act.index(u)] {
			return errorf("fire: %s has moved; it may only shoot and scoot before moving", a.Unit)
		}
	}
	return s.validateBoostUse(a.Wild, a.Staff)
}

// movesFor returns the moves that count against u's fire: the chain's dice
// if u has moved in this activation, or may still move with a double or
// triple chain (it fires before the group moves), else none (ruling R3).
func (s *State) movesFor(u int) int {
	if act := s.Act; act != nil && s.Units[u].Side == s.Active {
		if i := act.index(u); i >= 0 && (act.Moved[i] || act.Dice >= 2 && !act.MoveDone) {
			return act.Dice
		}
	}
	return 0
}

// flank reports a flank or rear attack: the firer lies completely behind
// the target's front edge line. An activated unit is judged where it began
// its activation, unless it made a double or triple move (Armour Battles,
// Movement and Flank/Rear Attacks).
func (s *State) flank(firer, target int) bool {
	fb := s.box(firer)
	if act := s.Act; act != nil && s.Units[firer].Side == s.Active {
		if i := act.index(firer); i >= 0 && !(act.Moved[i] && act.Dice >= 2) {
			fb = act.Start[i]
		}
	}
	return s.box(target).Behind(fb)
}

// shotFor builds the firemods situation of a shot as things stand.
func (s *State) shotFor(sh *PendingShot) Shot {
	f, t := sh.Firer, sh.Target
	fb, tb := s.box(f), s.box(t)
	return Shot{
		Firer:            s.b.types[s.Units[f].Type],
		Target:           s.b.types[s.Units[t].Type],
		Range:            fb.Distance(tb),
		Flank:            sh.Flank,
		Cover:            s.boxInCover(tb, f),
		Uphill:           s.b.table.LevelAt(tb.Center) > s.b.table.LevelAt(fb.Center),
		TargetSuppressed: s.Units[t].Suppressed,
		Moves:            sh.Moves,
		AttackWild:       sh.AttackWild,
		ReactionWild:     sh.ReactionWild,
		Disengaging:      sh.Disengaging,
		BreakOff:         sh.BreakOff,
		Scoot:            sh.TargetScoots,
		Ambush:           sh.Ambush,
	}
}

// declaredShot is shotFor of a declared shot: at the range it was
// declared at, whatever either unit has done since (a break-off, a forced
// back), so that the target's reaction dice are those of the band the
// shot was fired in (ruling R26).
func (s *State) declaredShot(sh *PendingShot) Shot {
	if sh.Battery > 0 {
		return s.artilleryShot(sh)
	}
	x := s.shotFor(sh)
	x.Range = sh.Range
	return x
}

func (s *State) applyFire(a Fire, src dice.Source, out engine.Emitter) {
	u, t := s.unitIndex(a.Unit), s.unitIndex(a.Target)
	s.Act.FiredAt = append(s.Act.FiredAt, t)
	s.declareShot(u, t, false, s.spendBoost(s.Active, a.Wild, a.Staff), out)
	s.named(u)
	if a.Scoot {
		sh := &s.Shots[len(s.Shots)-1]
		sh.Scoot = true
		s.Act.Moved[s.Act.index(u)] = true // it may not move again
		// So it makes no multiple move: no penalty (ruling R3).
		sh.Moves = 0
		sh.Dice, _ = s.shotFor(sh).Dice()
	}
}

// declareShot marks the firer with a fire marker and puts the shot on the
// stack; its attack dice are rolled by advance.
func (s *State) declareShot(u, t int, opp bool, wild int, out engine.Emitter) {
	s.Units[u].Fired = true
	sh := PendingShot{Firer: u, Target: t, Opp: opp, Moves: s.movesFor(u), Flank: s.flank(u, t), AttackWild: wild, Ambush: s.Units[u].Hidden}
	if sh.Ambush {
		s.reveal(u, "fires from ambush", out)
	}
	if m := s.currentMover(); m != nil && m.Unit == t {
		sh.Disengaging, sh.TargetScoots = m.Diseng, m.Scoot
	}
	sh.Range = s.frame(u).Distance(s.frame(t))
	sh.Dice, _ = s.shotFor(&sh).Dice()
	kind := "fires at"
	if opp {
		kind = "opportunity fires at"
	}
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "fire", Text: fmt.Sprintf("%s %s %s: %.1f\" (%s)", s.name(u), kind, s.name(t), s.frame(u).Distance(s.frame(t)), sh.Dice.Band), To: engine.Everyone,
			Data: map[string]any{"firer": s.Units[u].ID, "target": s.Units[t].ID, "opportunity": opp}})
	}
	s.Shots = append(s.Shots, sh)
}

// rollAttack rolls a shot's attack dice (once the other side has said
// whether it answers an activated unit's shot: see advance).
func (s *State) rollAttack(sh *PendingShot, src dice.Source, out engine.Emitter) {
	sh.Rolled = true
	if sh.Battery > 0 {
		bt := &s.Batteries[sh.Battery-1]
		sh.Attack = poolResult(dice.Pool(src, sh.Dice.AttackDice, sh.Dice.AttackTN))
		out.Emit(engine.Event{Kind: "attack-roll", Text: fmt.Sprintf("%s rolls %dD at %d+ against %s: %d successes, %d sixes", bt.ID, sh.Dice.AttackDice, sh.Dice.AttackTN, s.name(sh.Target), sh.Attack.Successes, sh.Attack.Sixes), To: engine.Everyone})
		return
	}
	if sh.Dice.InRange {
		sh.Attack = poolResult(dice.Pool(src, sh.Dice.AttackDice, sh.Dice.AttackTN))
		if !engine.Quiet(out) {
			out.Emit(engine.Event{Kind: "attack-roll", Text: fmt.Sprintf("%s rolls %dD at %d+: %d successes, %d sixes", s.name(sh.Firer), sh.Dice.AttackDice, sh.Dice.AttackTN, sh.Attack.Successes, sh.Attack.Sixes), To: engine.Everyone})
		}
	} else {
		out.Emit(engine.Event{Kind: "attack-roll", Text: s.name(sh.Firer) + " fires beyond long range and misses", To: engine.Everyone})
	}
}

// resolveShot makes the target's reaction check and applies the results
// (Armour Battles, Reaction Checks; Direct Fire Combat Results).
func (s *State) resolveShot(src dice.Source, out engine.Emitter) {
	sh := s.Shots[len(s.Shots)-1]
	s.Shots = s.Shots[:len(s.Shots)-1]
	t := sh.Target
	if sh.Scoot {
		defer s.scoot(sh.Firer, src, out)
	}
	if sh.Ambush && !sh.Opp {
		// Opportunity fire at an ambusher comes after its shot.
		defer func() {
			if !s.Over && s.Window == nil && s.Units[sh.Firer].Active() {
				s.openFireWindow(sh.Firer)
			}
		}()
	}
	if !s.Units[t].Active() || sh.Attack.Successes == 0 {
		return
	}
	if sh.Battery > 0 {
		s.resolveArtillery(&sh, src, out)
		return
	}
	d, _ := s.declaredShot(&sh).Dice()
	r := dice.Pool(src, d.ReactionDice, d.ReactionTN)
	net, suppress, unmatched := ShotEffect(d, sh.Attack, poolResult(r))
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "reaction", Text: fmt.Sprintf("%s reacts with %dD at %d+: %d successes, %d sixes", s.name(t), d.ReactionDice, d.ReactionTN, r.Successes, r.Sixes), To: engine.Everyone})
	}
	s.applyResult(t, s.Units[sh.Firer].Pos, net, suppress, unmatched, src, out)
}

// applyResult applies disruption, dispersal, suppression and forced back to
// target t; a forced-back unit moves directly away from `from`.
func (s *State) applyResult(t int, from geom.Point, net int, suppress bool, unmatched int, src dice.Source, out engine.Emitter) {
	un := &s.Units[t]
	if m := s.currentMover(); m != nil && m.Unit == t && suppress {
		m.Halted = true
	}
	if net > 0 {
		un.DP += net
		if !engine.Quiet(out) {
			out.Emit(engine.Event{Kind: "disruption", Text: fmt.Sprintf("%s takes %d disruption point%s (%d of %d now)", s.name(t), net, map[bool]string{true: "", false: "s"}[net == 1], min(un.DP, DispersalDP), DispersalDP), To: engine.Everyone})
		}
	}
	if un.DP >= DispersalDP {
		un.DP = DispersalDP
		s.disperse(t, "three disruption points", src, out)
		return
	}
	if !suppress {
		if net == 0 {
			out.Emit(engine.Event{Kind: "no-effect", Text: s.name(t) + " shrugs the fire off", To: engine.Everyone})
		}
		return
	}
	un.Suppressed = true
	out.Emit(engine.Event{Kind: "suppressed", Text: s.name(t) + " is suppressed", To: engine.Everyone})
	if net > 0 {
		dist := ForcedBackFixed
		for i := 0; i < unmatched; i++ {
			dist += float64(dice.D6(src))
		}
		s.forceBack(t, from, dist, src, out)
	}
}

// disperse removes a unit and costs its side D3 army morale.
func (s *State) disperse(t int, why string, src dice.Source, out engine.Emitter) {
	un := &s.Units[t]
	un.Dispersed = true
	un.Suppressed = false
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "dispersed", Text: fmt.Sprintf("%s is dispersed (%s)", s.name(t), why), To: engine.Everyone, Data: map[string]any{"unit": un.ID}})
	}
	s.loseMorale(un.Side, dice.D3(src), out)
}

// forceBack moves target t directly away from the point `from`, facing
// it: through friends (placed beyond them), dispersed by running into an
// enemy, halting at the table edge, on entering a wood, or on crossing a
// hedge (Armour Battles, Forced Back).
func (s *State) forceBack(t int, from geom.Point, dist float64, src dice.Source, out engine.Emitter) {
	un := &s.Units[t]
	dir := un.Pos.Sub(from).Normalize()
	if dir.Norm() == 0 {
		dir = geom.Dir(un.Heading + geom.Deg(180))
	}
	facing := dir.Mul(-1).Heading()
	start := un.Pos
	startWoods := s.inWoods(s.box(t))
	const step = 0.25
	pos := start
	why := "at its full distance"
	for d := step; d <= dist+1e-9; d += step {
		next := start.Add(dir.Mul(d))
		nb := s.boxAt(t, next, facing)
		if !s.b.onTable(nb) {
			why = "at the table edge"
			break
		}
		if e := s.overlapping(t, nb); e >= 0 && s.Units[e].Side != un.Side {
			un.Pos, un.Heading = next, facing
			s.disperse(t, "forced back into "+s.Units[e].ID, src, out)
			return
		}
		pos = next
		if !startWoods && s.inWoods(nb) {
			why = "in cover (a wood)"
			break
		}
		if s.crossesHedge(start, next, nb) {
			why = "in cover (behind a hedge)"
			break
		}
	}
	// A unit that would end on a friend is placed beyond it.
	if s.Rev < 5 {
		for n := 0; n < 200; n++ {
			nb := s.boxAt(t, pos, facing)
			if s.overlapping(t, nb) < 0 {
				break
			}
			next := pos.Add(dir.Mul(step))
			if !s.b.onTable(s.boxAt(t, next, facing)) {
				break
			}
			pos = next
		}
	} else {
		if s.overlapping(t, s.boxAt(t, pos, facing)) >= 0 {
			on := pos
			var e int
			if pos, e = s.beyondFriends(t, start, pos, dir, facing); e >= 0 {
				un.Pos, un.Heading = pos, facing
				s.disperse(t, "forced back into "+s.Units[e].ID, src, out)
				return
			}
			if pos.Dist(start) < on.Dist(start) {
				why = "short of friends, with no room beyond them" // not named: one may be hidden
			}
		}
		if pos = s.nudgeOnTable(t, pos, facing); s.overlappingAny(t, s.boxAt(t, pos, facing)) >= 0 {
			// Its end lies on a unit its walk did not meet (one hidden
			// from its side): from revision 6 it halts at the furthest
			// point of its path clear of every unit (ruling R64). Turned
			// where it stands (or shifted at the table edge) onto a
			// neighbour, it stays as it was (ruling R63).
			back, ok := geom.Point{}, false
			if s.Rev >= 6 {
				back, ok = s.clearBack(t, start, pos, dir, facing)
			}
			switch {
			case ok:
				pos, why = back, "short of a unit in its way" // not named: it may be hidden
			default:
				pos, facing = start, un.Heading
				why = "where it stands, with no clear place to go"
			}
		}
	}
	un.Pos, un.Heading = pos, facing
	if s.Rev < 5 {
		un.Pos = s.nudgeOnTable(t, pos, facing) // the event tells pos
	}
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "forced-back", Text: fmt.Sprintf("%s is forced back %.1f\" to (%.1f, %.1f) and halts %s", s.name(t), pos.Dist(start), pos.X, pos.Y, why), To: engine.Everyone})
	}
}

// beyondFriends places unit t, forced back from start along dir to pos
// where it would end on a friend, beyond the friends it meets there; an
// enemy it runs into on the way is returned to disperse it (else -1). With
// no room beyond before the table edge it halts short of them instead, at
// the furthest clear point of its path (ruling R63).
func (s *State) beyondFriends(t int, start, pos, dir geom.Point, facing geom.Angle) (geom.Point, int) {
	const step = 0.25
	for p := pos; ; {
		p = p.Add(dir.Mul(step))
		nb := s.boxAt(t, p, facing)
		if !s.b.onTable(nb) {
			break
		}
		switch e := s.overlapping(t, nb); {
		case e < 0:
			return p, -1
		case s.Units[e].Side != s.Units[t].Side:
			return p, e
		}
	}
	for d := pos.Dist(start) - step; d > 0; d -= step {
		if p := start.Add(dir.Mul(d)); s.overlapping(t, s.boxAt(t, p, facing)) < 0 {
			return p, -1
		}
	}
	return start, -1
}

// clearBack is the furthest point of unit t's forced-back path, from
// start along dir short of pos, where it stands on the table clear of
// every unit, hidden ones too; ok is false when there is none.
func (s *State) clearBack(t int, start, pos, dir geom.Point, facing geom.Angle) (geom.Point, bool) {
	const step = 0.25
	for d := pos.Dist(start) - step; d > 1e-9; d -= step {
		p := start.Add(dir.Mul(d))
		if nb := s.boxAt(t, p, facing); s.b.onTable(nb) && s.overlappingAny(t, nb) < 0 {
			return p, true
		}
	}
	return geom.Point{}, false
}

// crossesHedge reports whether the move from a to b has carried footprint
// nb wholly across a hedge.
func (s *State) crossesHedge(a, b geom.Point, nb geom.Box) bool {
	crossed := false
	s.b.table.VisitSegment(geom.Segment{A: a, B: b}, func(c table.Crossing) bool {
		if c.Feature.Kind == table.KindHedge && !nb.IntersectsSegment(geom.Segment{A: c.Entry, B: c.Entry}) && nb.DistToPoint(c.Entry) > 0 {
			crossed = true
			return false
		}
		return true
	})
	return crossed
}
