package pagano

import (
	"math"
	"sort"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// Doctrine returns the choice a sound Pagano player would make for the
// pending decision (engine.Doctrine; the scripted agent plays it). Pagano's
// basic rules hide nothing, so it reads the whole state. It:
//
//   - deploys on wood edges and hill crests facing the enemy, else behind
//     hedges, the platoons kept together near the centre of the zone;
//   - fires each turn, early in the loading cycle when the shot is good and
//     at the last fire phase before reloading at anything it can hit,
//     allotting firers to targets so that fire is concentrated on the
//     targets most likely to be knocked out and most dangerous, without
//     wasting shots on a target already likely to be gone;
//   - in its movement phase keeps a vehicle that has a shot stationary
//     (pivoting to bring its gun and its front armour to bear), and
//     otherwise moves it by bounds to the position that best trades the
//     shots it will have against the shots the enemy will have at it:
//     hull-down on crests and at wood edges preferred, an enemy whose gun
//     does not bear on the place counted for less (it fires before it may
//     turn), places all round enemies within a move tried (flanks, and a
//     view into woods or onto a plateau), stopping at the end of each
//     bound unless no enemy is in sight either way, closing in on the
//     enemy as the battle goes on and once it outnumbers the enemy;
//   - springs an ambush at the point of the mover's path where the shot is
//     best, when the shot is worth its load;
//   - retreats straight to its own edge when morale fails.
func (s *State) Doctrine() engine.Action {
	if s.Over {
		return nil
	}
	switch s.pending().Kind {
	case KindDeploy:
		if a, ok := s.doctrineDeploy(); ok {
			return a
		}
	case KindReady:
		return Begin{}
	case KindFire:
		return s.doctrineFire()
	case KindMove:
		if a := s.doctrineMove(); a != nil {
			return a
		}
	case KindAmbush:
		return s.doctrineAmbush()
	}
	c := s.Candidates(nil)
	if len(c) == 0 {
		return nil
	}
	return c[0]
}

// Weights of the doctrine's judgement of results short of a wreck: a stun
// silences a vehicle for a turn, an immobilization pins it for good.
const (
	stunWorth = 0.3
	immWorth  = 0.25
)

// killWorth is the value of a hit with Fire Effect modifier m on t: a
// wreck counts 1, a stun (a wreck if t is already stunned) and an
// immobilization less.
func (s *State) killWorth(t int, m int) float64 {
	if s.hasSpecial(t, Unarmoured) {
		return 1
	}
	e := EffectChances(m)
	stun := stunWorth
	if s.Units[t].Stunned {
		stun = 1
	}
	imm := immWorth
	if s.Units[t].Immobile {
		imm = 0
	}
	return e.Wrecked + e.Stunned*stun + e.Immobilized*imm
}

// shotWorth is the expected value of a shot from u at t with both at the
// given footprints and markers, ignoring u's arc (a vehicle may pivot in
// its movement phase), or 0 without sight or range.
func (s *State) shotWorth(u int, ub geom.Box, um Motion, t int, tb geom.Box, tm Motion, ambush bool) float64 {
	return s.shotWorthAt(u, ub, um, t, tb, tm, ambush, -1)
}

// shotWorthAt is shotWorth for a caller that has the hull-to-hull range d
// at hand (ub.Distance(tb), which is tb.Distance(ub) exactly), or -1.
func (s *State) shotWorthAt(u int, ub geom.Box, um Motion, t int, tb geom.Box, tm Motion, ambush bool, d float64) float64 {
	if d >= MaxRange {
		return 0 // a range given is free to check first
	}
	// Otherwise sight before the range: it refuses far more shots than
	// range does, and the hull-to-hull distance costs more than most rays.
	q := s.sight(u, ub, t, tb)
	if !q.OK {
		return 0
	}
	if d < 0 {
		if d = ub.Distance(tb); d >= MaxRange {
			return 0
		}
	}
	if q.ViewerHullDown && (s.stats(u).Mount != MountTurret || isRussian(s.b.types[s.Units[u].Type].Nation)) {
		return 0
	}
	sit := s.situation(u, ub, t, tb, q, d, ambush)
	sit.FirerMotion, sit.TargetMotion = um, tm
	return HitChance(hitSum(sit)) * s.killWorth(t, effectSum(sit))
}

// worth is a vehicle's fighting value: what its gun can do against a
// typical target and what it takes to knock it out.
func (s *State) worth(u int) float64 {
	st := s.stats(u)
	gun := float64(CalibreMod(st.Gun)+TypeEffectMod(st.GunType)) + 4
	armour := float64(-(st.Front + st.Side)) / 2
	v := 1 + 0.15*gun + 0.1*armour
	if st.Double {
		v += 0.2
	}
	return math.Max(0.3, v)
}

// lastFirePhase reports whether the pending fire phase is the last of the
// side's loading cycle: Axis 2, 5, 9 (reload at 1); Allied 7, 10, 4
// (reload at 6).
func (s *State) lastFirePhase() bool {
	return s.Phase == 9 || s.Phase == 4
}

func (s *State) doctrineFire() engine.Action {
	side := s.pending().Side
	type opt struct {
		u, t int
		v    float64
	}
	var opts []opt
	firers := map[int]bool{}
	for u := range s.Units {
		if s.Units[u].Side != side || s.fireBar(u) != barNone {
			continue
		}
		ub := s.box(u)
		for _, t := range s.targets(u) {
			tb := s.box(t)
			q, d, _ := s.shotOK(u, ub, t, tb)
			sit := s.situation(u, ub, t, tb, q, d, false)
			v := HitChance(hitSum(sit)) * s.killWorth(t, effectSum(sit))
			if v > 0 {
				opts = append(opts, opt{u, t, v})
				firers[u] = true
			}
		}
	}
	if len(opts) == 0 {
		return HoldFire{}
	}
	// Early in the cycle only good shots are taken, saving the rest for a
	// closer target or an ambush; at the last phase anything goes. A
	// double-rate vehicle with two loads fires freely.
	threshold := tune.fireEarly
	if s.lastFirePhase() {
		threshold = 0.005
	}
	alive := map[int]float64{}
	for _, o := range opts {
		alive[o.t] = 1
	}
	var shots []Shot
	used := map[int]bool{}
	for {
		best, bv := -1, 0.0
		for i, o := range opts {
			if used[o.u] {
				continue
			}
			min := threshold
			if s.rate(o.u)-s.Units[o.u].Shots >= 2 {
				min = 0.005
			}
			// The shot's worth given the shots already declared at the
			// same target: a shot at a target likely gone is saved.
			if o.v*alive[o.t] < min {
				continue
			}
			v := o.v * alive[o.t] * s.worth(o.t)
			if v > bv {
				best, bv = i, v
			}
		}
		if best < 0 {
			break
		}
		o := opts[best]
		used[o.u] = true
		alive[o.t] *= 1 - o.v
		shots = append(shots, Shot{Unit: s.Units[o.u].ID, Target: s.Units[o.t].ID})
	}
	if len(shots) == 0 {
		return HoldFire{}
	}
	return Fire{Shots: shots}
}

func (s *State) doctrineAmbush() engine.Action {
	m := s.Move
	best, bv := engine.Action(AmbushPass{}), 0.06
	for _, sp := range m.Spans {
		if !s.ambushEligible(sp.Unit) || sp.To < m.At-1e-9 {
			continue
		}
		from := math.Max(sp.From, m.At)
		eb := s.box(sp.Unit)
		for k := 0; k <= 4; k++ {
			at := from + (sp.To-from)*float64(k)/4
			mb := s.moverBox(m, at)
			if _, _, r := s.shotOK(sp.Unit, eb, m.Unit, mb); r != shotFine {
				continue
			}
			v := s.shotWorth(sp.Unit, eb, s.Units[sp.Unit].Motion, m.Unit, mb, Moving, true)
			if v > bv {
				best, bv = Ambush{Unit: s.Units[sp.Unit].ID, At: at}, v
			}
		}
	}
	if a, ok := best.(Ambush); ok && s.Validate(a) != nil {
		return AmbushPass{}
	}
	return best
}

// enemiesOf returns the active enemy vehicles of side.
func (s *State) enemiesOf(side int) []int {
	var out []int
	for i := range s.Units {
		if s.Units[i].Side != side && s.Units[i].Active() {
			out = append(out, i)
		}
	}
	return out
}

// fightingCount returns how many of side's vehicles are still fighting.
func (s *State) fightingCount(side int) int {
	n := 0
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Fighting() {
			n++
		}
	}
	return n
}

// aggression is how hard side pushes toward the enemy: more as the turns
// run out and when it outnumbers the enemy.
func (s *State) aggression(side int) float64 {
	a := tune.aggrBase
	left := s.b.maxTurn - s.Turn
	if left < tune.lateTurns {
		a += tune.aggrLate * float64(tune.lateTurns-left)
	}
	mine, theirs := s.fightingCount(side), s.fightingCount(1-side)
	if theirs > 0 && float64(mine) >= 1.5*float64(theirs) {
		a += tune.aggrOutnumber
	}
	return a
}

// tune holds the doctrine's weights, found by playing the scripted agent
// against the random one (see docs/rulings/pagano.md, Agents).
var tune = struct {
	// aggrBase is the pull toward the nearest enemy per inch; aggrLate is
	// added per turn within lateTurns of the turn limit; aggrOutnumber
	// when the side outnumbers the enemy 3 to 2.
	aggrBase, aggrLate, aggrOutnumber float64
	lateTurns                         int
	// threat weighs the enemy's shots at a vehicle against its own;
	// closeIn is the range within which it no longer closes for its own
	// sake; holdBonus favours holding still over an equal move.
	threat, closeIn, holdBonus float64
	// fireEarly is the least worth of a shot taken before the last fire
	// phase of the loading cycle.
	fireEarly float64
	// endThreat replaces threat once the side outnumbers the enemy 2 to
	// 1 or fewer than lateThreat turns are left; nonStop favours staying
	// in motion where no enemy can be seen or fire.
	endThreat, nonStop float64
	lateThreat         int
	// offArc weighs the threat of an enemy whose gun does not bear on a
	// place: its next fire phases come before it may turn.
	offArc float64
	// surround, if positive, offers places all round the enemies within
	// reach.
	surround float64
}{aggrBase: 0.02, aggrLate: 0.02, aggrOutnumber: 0.04, lateTurns: 8, threat: 1, closeIn: 0, holdBonus: 0.02, fireEarly: 0.06,
	endThreat: 0.6, nonStop: 0.01, lateThreat: 3, offArc: 0.3, surround: 1}

// spot is a place a vehicle might end its movement phase.
type spot struct {
	p      geom.Point
	facing geom.Angle
	stop   bool
}

func (s *State) doctrineMove() engine.Action {
	side := s.pending().Side
	u := -1
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Active() && !s.Units[i].Done {
			u = i
			break
		}
	}
	if u < 0 {
		return EndMovement{}
	}
	un := &s.Units[u]
	id := un.ID
	deg := func(a geom.Angle) *float64 { d := round2(a.Normalized().Degrees()); return &d }
	turret := s.stats(u).Mount == MountTurret
	enemies := s.enemiesOf(side)
	if un.Stunned {
		return Hold{Unit: id}
	}
	if un.Retreat {
		for _, a := range s.Candidates(nil) {
			if m, ok := a.(Move); ok && m.Unit == id {
				return m
			}
		}
		return Hold{Unit: id}
	}
	// The best target from where it stands, as a stationary vehicle.
	here := s.box(u)
	aim := func(b geom.Box, m Motion) (int, float64) {
		bt, bv := -1, 0.0
		for _, e := range enemies {
			if v := s.shotWorth(u, b, m, e, s.box(e), s.Units[e].Motion, false) * s.worth(e); v > bv {
				bt, bv = e, v
			}
		}
		return bt, bv
	}
	nearest := s.nearestEnemy(u)
	hold := func() engine.Action {
		t, _ := aim(here, Stationary)
		if t < 0 {
			t = nearest
		}
		h := Hold{Unit: id}
		if t >= 0 {
			dir := s.Units[t].Pos.Sub(un.Pos).Heading()
			face := dir
			if turret {
				h.Turret = deg(dir)
				// The hull's front to the guns that threaten it most.
				face = s.safeFacing(u, un.Pos, dir, Stationary, enemies)
			}
			if !un.Immobile && s.validatePivot(id, deg(face), h.Turret, true) == nil {
				h.Facing = deg(face)
			}
		}
		return h
	}
	if un.Immobile || nearest < 0 {
		return hold()
	}
	// Score each place the vehicle could end the phase: the shot it will
	// have there, less the shots the enemy will have at it, plus a pull
	// toward the enemy.
	aggr := s.aggression(side)
	threatW := tune.threat
	if mine, theirs := s.fightingCount(side), s.fightingCount(1-side); theirs > 0 && float64(mine) >= 2*float64(theirs) || s.b.maxTurn-s.Turn < tune.lateThreat {
		threatW = tune.endThreat
	}
	// score returns the worth of ending the phase at b with marker m, and
	// whether the place is out of the fight (no shot either way).
	score := func(b geom.Box, m Motion) (float64, bool) {
		// The best shot from b (aim's), the enemy's shots at b and the
		// nearest enemy, with each enemy's range worked out once.
		off, threat := 0.0, 0.0
		nd := math.Inf(1)
		for _, e := range enemies {
			eb := s.box(e)
			d := b.Distance(eb)
			nd = math.Min(nd, d)
			if v := s.shotWorthAt(u, b, m, e, eb, s.Units[e].Motion, false, d) * s.worth(e); v > off {
				off = v
			}
			if s.Units[e].Stunned {
				continue
			}
			w := s.shotWorthAt(e, eb, s.Units[e].Motion, u, b, m, false, d) * s.worth(u)
			if w > 0 && !s.inGunArc(e, eb, b.Center) {
				// Its next fire phases come before it can turn its gun.
				w *= tune.offArc
			}
			threat += w
		}
		quiet := off == 0 && threat == 0
		return off - threatW*threat - aggr*math.Max(0, nd-tune.closeIn), quiet
	}
	best := hold()
	bestV, _ := score(here, Stationary)
	bestV += tune.holdBonus
	budget := s.budget(u)
	if budget <= 0 {
		return best
	}
	ep := s.Units[nearest].Pos
	toward := ep.Sub(un.Pos).Heading()
	var spots []spot
	dist := un.Pos.Dist(ep)
	for _, f := range []float64{1, 0.6, 0.3} {
		for _, side := range []float64{0, 35, -35, 70, -70} {
			dir := geom.Dir(toward + geom.Deg(side))
			d := math.Min(dist-4, 20) * f
			if side != 0 {
				d = 20 * f
			}
			if d < 0.5 {
				continue
			}
			spots = append(spots, spot{p: un.Pos.Add(dir.Mul(d)), stop: true})
		}
	}
	// Right up to the nearest enemy: into woods it hides in.
	if dist > 2 {
		spots = append(spots, spot{p: un.Pos.Add(geom.Dir(toward).Mul(dist - 1.5)), stop: true})
	}
	for _, kind := range []string{table.KindWoods, table.KindHill} {
		depth := 0.25
		if kind == table.KindHill {
			depth = 0.75
		}
		spots = append(spots, s.coverSpots(u, toward, kind, depth)...)
	}
	// Close around enemies within reach: from any side, to see into
	// woods and over crests and to find a flank.
	if tune.surround > 0 {
		for _, e := range enemies {
			ep := s.Units[e].Pos
			d := ep.Dist(un.Pos)
			if d > budget+4 {
				continue
			}
			for _, r := range []float64{1.4, 3} {
				for k := 0; k < 8; k++ {
					p := ep.Add(geom.Dir(geom.Deg(45 * float64(k))).Mul(r))
					if p.Dist(un.Pos) > budget+0.5 {
						continue
					}
					spots = append(spots, spot{p: p, facing: ep.Sub(p).Heading(), stop: true})
				}
			}
		}
	}
	for _, sp := range spots {
		m, ok := s.boundTo(u, sp, budget, toward, turret)
		if !ok {
			continue
		}
		end := geom.Point{X: m.To[len(m.To)-1][0], Y: m.To[len(m.To)-1][1]}
		face := end.Sub(un.Pos).Heading()
		if m.Facing != nil {
			face = geom.Deg(*m.Facing)
		}
		motion := Stopped
		if !m.Stop {
			motion = Moving
		}
		v, quiet := score(s.boxAt(u, end, face), motion)
		if quiet && m.Stop && tune.nonStop > 0 {
			// Out of the fight there, it stays in motion: it saves the
			// point it would pay to start again next turn.
			if mm, ok := s.keepMoving(m); ok {
				m = mm
				if v2, quiet2 := score(s.boxAt(u, end, s.travelHeading(u, m)), Moving); quiet2 {
					v = v2 + tune.nonStop
				} else {
					m.Stop = true
				}
			}
		}
		if v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// inGunArc reports whether p is within the fire arc of unit e standing at
// box eb (Pagano, Firing: 60° turret, 40° bow).
func (s *State) inGunArc(e int, eb geom.Box, p geom.Point) bool {
	facing, half := s.Units[e].Turret, TurretHalfArc
	if s.stats(e).Mount == MountBow {
		facing, half = eb.Heading, BowHalfArc
	}
	return geom.InArc(eb.Center, facing, geom.Deg(half), p)
}

// keepMoving returns m ending in motion instead of stopped, if legal.
func (s *State) keepMoving(m Move) (Move, bool) {
	mm := m
	mm.Stop, mm.Facing = false, nil
	if s.Validate(mm) != nil {
		return m, false
	}
	return mm, true
}

// travelHeading returns the direction of the last leg of m.
func (s *State) travelHeading(u int, m Move) geom.Angle {
	prev := s.Units[u].Pos
	if n := len(m.To); n > 1 {
		prev = geom.Point{X: m.To[n-2][0], Y: m.To[n-2][1]}
	}
	end := geom.Point{X: m.To[len(m.To)-1][0], Y: m.To[len(m.To)-1][1]}
	return end.Sub(prev).Heading()
}

// threatAt is the enemy's expected damage to unit u standing at box b with
// marker m: each loaded enemy's best shot at it.
func (s *State) threatAt(u int, b geom.Box, m Motion, enemies []int) float64 {
	threat := 0.0
	for _, e := range enemies {
		if s.Units[e].Stunned {
			continue
		}
		threat += s.shotWorth(e, s.box(e), s.Units[e].Motion, u, b, m, false)
	}
	return threat
}

// safeFacing returns the hull facing at p, among def and the directions
// of the enemies, that leaves unit u least exposed.
func (s *State) safeFacing(u int, p geom.Point, def geom.Angle, m Motion, enemies []int) geom.Angle {
	best, bv := def, s.threatAt(u, s.boxAt(u, p, def), m, enemies)
	for _, e := range enemies {
		if s.Units[e].Pos.Dist(p) > 40 {
			continue
		}
		f := s.Units[e].Pos.Sub(p).Heading()
		if v := s.threatAt(u, s.boxAt(u, p, f), m, enemies); v < bv-1e-9 {
			best, bv = f, v
		}
	}
	return best
}

// coverSpots returns positions at the edges of woods or hills facing the
// enemy (direction toward) within a move of unit u.
func (s *State) coverSpots(u int, toward geom.Angle, kind string, depth float64) []spot {
	un := &s.Units[u]
	half := s.b.types[un.Type].Footprint.Length / 2
	dir := geom.Dir(toward)
	reach := float64(s.stats(u).MP) * 1.5
	var out []spot
	for _, es := range s.b.edges(kind) {
		if es.out.Dot(dir) < 0.5 {
			continue
		}
		p := es.p.Sub(es.out.Mul(depth + half))
		if d := p.Dist(un.Pos); d > reach || d < 0.5 {
			continue
		}
		if kind == table.KindHill && s.b.table.LevelAt(p) != es.level {
			continue
		}
		out = append(out, spot{p: p, facing: es.out.Heading(), stop: true})
	}
	// Keep the nearest few.
	sort.Slice(out, func(i, j int) bool { return out[i].p.Dist(un.Pos) < out[j].p.Dist(un.Pos) })
	if len(out) > 6 {
		out = out[:6]
	}
	return out
}

// boundTo returns a legal move of unit u toward sp as far as its points
// allow, stopping facing sp's facing (or toward the enemy).
func (s *State) boundTo(u int, sp spot, budget float64, toward geom.Angle, turret bool) (Move, bool) {
	un := &s.Units[u]
	deg := func(a geom.Angle) *float64 { d := round2(a.Normalized().Degrees()); return &d }
	target := sp.p
	target.X = math.Max(0.5, math.Min(s.b.table.Width()-0.5, target.X))
	target.Y = math.Max(0.5, math.Min(s.b.table.Height()-0.5, target.Y))
	v := target.Sub(un.Pos)
	if v.Norm() < 0.5 {
		return Move{}, false
	}
	r := s.reach([]geom.Point{un.Pos, target}, budget)
	face := sp.facing
	if face == 0 {
		face = toward
	}
	for _, frac := range []float64{1, 0.8, 0.6, 0.4} {
		d := math.Min(r, v.Norm()) * frac
		if d < 0.5 {
			break
		}
		p := un.Pos.Add(v.Normalize().Mul(d))
		m := Move{Unit: un.ID, To: [][2]float64{{round2(p.X), round2(p.Y)}}, Stop: sp.stop}
		if sp.stop {
			m.Facing = deg(face)
		}
		if turret {
			m.Turret = deg(s.enemyDir(u, p, face))
		}
		if s.Validate(m) == nil {
			return m, true
		}
	}
	return Move{}, false
}

// doctrineDeploy places the next vehicle: the best-scoring spot of the
// zone, preferring wood edges and hill crests facing the enemy, then hedges
// in front, close to the centre line of the table and to the vehicles
// already placed, never crowding them.
func (s *State) doctrineDeploy() (engine.Action, bool) {
	side := s.Deployer
	u := -1
	for i := range s.Units {
		if s.Units[i].Side == side && !s.Units[i].Placed {
			u = i
			break
		}
	}
	if u < 0 {
		return nil, false
	}
	toward := s.b.towardEnemy(side)
	var pts []spot
	for _, z := range s.b.sides[side].zones {
		r := z.Bounds()
		for y := r.Min.Y + 1; y <= r.Max.Y-1; y += 1.5 {
			for x := r.Min.X + 1; x <= r.Max.X-1; x += 1.5 {
				pts = append(pts, spot{p: geom.Point{X: x, Y: y}, facing: toward})
			}
		}
	}
	for _, kind := range []string{table.KindWoods, table.KindHill} {
		depth := 0.25
		if kind == table.KindHill {
			depth = 0.75
		}
		half := s.b.types[s.Units[u].Type].Footprint.Length / 2
		for _, es := range s.b.edges(kind) {
			if es.out.Dot(geom.Dir(toward)) < 0.5 {
				continue
			}
			p := es.p.Sub(es.out.Mul(depth + half))
			if kind == table.KindHill && s.b.table.LevelAt(p) != es.level {
				continue
			}
			pts = append(pts, spot{p: p, facing: es.out.Heading()})
		}
	}
	cx := s.b.table.Width() / 2
	var placed []geom.Point
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Placed {
			placed = append(placed, s.Units[i].Pos)
		}
	}
	best, bv := spot{}, math.Inf(-1)
	for _, sp := range pts {
		b := s.boxAt(u, sp.p, sp.facing)
		if !s.b.inZone(side, b) || s.overlapping(u, b) >= 0 || s.inBuilding(b) != nil {
			continue
		}
		v := -0.08 * math.Abs(sp.p.X-cx)
		if s.inWoodsOrBuilding(b) {
			v += 3
		}
		if lvl := s.b.table.LevelAt(sp.p); lvl > 0 {
			v += 1 + float64(lvl)
		}
		// Forward in the zone (toward the enemy) a little.
		v -= 0.05 * s.b.edgeDist(1-side, sp.p)
		for _, q := range placed {
			d := q.Dist(sp.p)
			if d < 1.5 {
				v -= 5
			} else if d < 6 {
				v += 0.1
			}
		}
		if v > bv {
			best, bv = sp, v
		}
	}
	if math.IsInf(bv, -1) {
		return nil, false
	}
	a := Deploy{Unit: s.Units[u].ID, X: round2(best.p.X), Y: round2(best.p.Y), Facing: round2(best.facing.Normalized().Degrees())}
	if s.Validate(a) != nil {
		return nil, false
	}
	return a, true
}
