package armourbattles

import (
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// Candidates appends a small set of sensible legal actions for the pending
// decision: the options agents search over. Every candidate passes
// Validate; there is at least one unless the game is over.
func (s *State) Candidates(dst []engine.Action) []engine.Action {
	return s.candidates(dst, true)
}

// candidates is Candidates; without moves it leaves out an activation's
// group moves, which the doctrine plans for itself (bestMove).
func (s *State) candidates(dst []engine.Action, moves bool) []engine.Action {
	if s.Over {
		return dst
	}
	base := len(dst)
	d := s.decision()
	switch d.Kind {
	case phaseDeploy:
		dst = s.deployCandidates(dst)
	case phaseReady:
		dst = append(dst, Begin{})
	case phaseChain:
		dst = s.chainCandidates(dst)
	case phaseOrders:
		dst = s.orderCandidates(dst, true)
	case phaseActivation:
		dst = s.activationCandidates(dst, moves)
	case "opportunity-fire":
		dst = s.oppCandidates(dst)
	case phaseLogistics:
		dst = append(dst, EndLogistics{})
		for _, bt := range s.Batteries {
			if bt.Side == s.Active && bt.Marker != nil {
				dst = append(dst, CancelMission{Battery: bt.ID})
				if s.Sides[s.Active].Failure && !bt.Maintained {
					dst = append(dst, MaintainMission{Battery: bt.ID})
				}
			}
		}
	case "break-off":
		dst = append(dst, BreakOffChoice{}, BreakOffChoice{Yes: true})
	case "reaction-boost":
		dst = append(dst, Boost{})
		sd := &s.Sides[d.Side]
		if t := s.Shots[len(s.Shots)-1].Target; s.Rev >= 4 && s.Units[t].Suppressed {
			// Remove Suppression before the reaction (ruling R59).
			dst = append(dst, Unsuppress{Unit: s.Units[t].ID, Staff: true}, Unsuppress{Unit: s.Units[t].ID})
		}
		if sd.Staff > 0 {
			dst = append(dst, Boost{Staff: true})
		}
		if d.Side == s.Active && sd.Wild() > 0 {
			dst = append(dst, Boost{Wild: true})
		}
	}
	return s.keepValid(dst, base)
}

// builtValid reports whether a, an activation from unitOrders, is one of
// those built to pass (keepValid): a move-and-fire group's, on dice the
// side holds, with no boost.
func (s *State) builtValid(a Activate) bool {
	return a.Order == OrderMoveFire && a.Dice >= 1 && a.Dice <= min(3, s.Slots) && !a.Wild && !a.Staff && a.BoostUnit == ""
}

// keepValid keeps, of the candidates in dst[base:], those that validate.
func (s *State) keepValid(dst []engine.Action, base int) []engine.Action {
	// Keep only what validates (moves, orders, missions and opportunity
	// fire from spans computed when the window opened are generated
	// loosely). Two kinds are built to pass and are not checked twice:
	// activated shots come from the same line-of-sight, arc and priority
	// checks Validate makes, and move-and-fire groups from groupAround,
	// which keeps to group's rules (members within 6" of the leader, none
	// activated or suppressed, at most MaxGroup units, one more for a
	// reconnaissance unit). The conformance
	// suite validates every candidate.
	out := dst[:base]
	for _, a := range dst[base:] {
		switch x := a.(type) {
		case Fire:
			out = append(out, a)
			continue
		case Activate:
			if s.builtValid(x) {
				out = append(out, a)
				continue
			}
		}
		if s.Validate(a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// nextToDeploy returns the active side's next unit to set up, or -1.
func (s *State) nextToDeploy() int {
	for i := range s.Units {
		if s.Units[i].Side == s.Active && !s.Units[i].Placed && !s.Units[i].Reserve {
			return i
		}
	}
	return -1
}

func (s *State) deployCandidates(dst []engine.Action) []engine.Action {
	u := s.nextToDeploy()
	if u < 0 {
		return dst
	}
	facing := s.b.towardEnemy(s.Active)
	var spots []geom.Point
	for _, p := range s.deploySpots(u, facing) {
		a := Deploy{Unit: s.Units[u].ID, X: round2(p.X), Y: round2(p.Y), Facing: round2(facing.Degrees())}
		if s.validateDeploy(a) == nil {
			spots = append(spots, geom.Point{X: a.X, Y: a.Y})
		}
	}
	// Crowded: look over the whole zone, inch by inch, then (a narrow
	// zone) quarter-inch by quarter-inch.
	for _, step := range []float64{1, 0.25} {
		if len(spots) > 0 {
			break
		}
		for _, z := range s.b.sides[s.Active].zones {
			for p := range z.Bounds().Grid(step) {
				if s.validateDeploy(Deploy{Unit: s.Units[u].ID, X: p.X, Y: p.Y, Facing: round2(facing.Degrees())}) == nil {
					spots = append(spots, p)
				}
			}
		}
	}
	// Up to eight spots spread over those found.
	n := len(spots)
	for i := 0; i < min(8, n); i++ {
		p := spots[i*n/min(8, n)]
		dst = append(dst, Deploy{Unit: s.Units[u].ID, X: p.X, Y: p.Y, Facing: round2(facing.Degrees())})
	}
	return s.setupCandidates(dst)
}

func (s *State) chainCandidates(dst []engine.Action) []engine.Action {
	sd := &s.Sides[s.Active]
	best, bestN := 0, 0
	for f := 2; f <= 5; f++ {
		if sd.Dice[f] > 0 {
			dst = append(dst, chainAction(f, 0))
			if sd.Dice[f] > bestN {
				best, bestN = f, sd.Dice[f]
			}
		}
	}
	if w := sd.Wild(); w > 0 {
		dst = append(dst, chainAction(6, w))
		if w > 1 {
			dst = append(dst, chainAction(6, 1))
		}
		if best > 0 {
			dst = append(dst, chainAction(best, 1))
		}
	}
	return dst
}

// boxedChains holds ChooseChain{Face: f, Wild: w} as engine.Actions, made
// once: the candidates are listed in every searched position, and boxing
// each afresh cost an allocation.
var boxedChains = func() (t [7][16]engine.Action) {
	for f := range t {
		for w := range t[f] {
			t[f][w] = ChooseChain{Face: f, Wild: w}
		}
	}
	return t
}()

// chainAction returns ChooseChain{Face: face, Wild: wild}.
func chainAction(face, wild int) engine.Action {
	if face >= 0 && face < len(boxedChains) && wild >= 0 && wild < len(boxedChains[face]) {
		return boxedChains[face][wild]
	}
	return ChooseChain{Face: face, Wild: wild}
}

// groupAround returns up to three (MaxGroup-1) of the nearest eligible
// units (of units, the active side's on the table) within 6" of leader u,
// to go with it, and a fourth when the group has a reconnaissance unit:
// the leader or one of the three, or else the nearest reconnaissance unit
// left, which joins as the extra unit. A suppressed leader goes alone.
// The ids are appended to pool, and the group is pool's new tail (its
// capacity ends there); hurt reports whether the leader or a member has
// damage points.
func (s *State) groupAround(u int, units []int, pool []string) (group, rest []string, hurt bool) {
	start := len(pool)
	hurt = s.Units[u].DP > 0
	if s.Units[u].Suppressed {
		return pool[start:start:start], pool, hurt
	}
	var buf [listCap]int
	near := buf[:0]
	lp := s.Units[u].Pos
	for _, o := range units {
		if o == u || s.Units[o].Activated || s.Units[o].Suppressed {
			continue
		}
		// A footprint lies no nearer than its centre less its bounding
		// radius, and no farther than its centre: settle units clearly too
		// far or near without the exact distance.
		c := s.Units[o].Pos.Dist(lp)
		if c-s.b.radius[s.Units[o].Type] > GroupRadius+1e-6 {
			continue
		}
		if c <= GroupRadius-1e-6 || s.frame(o).DistToPoint(lp) <= GroupRadius {
			near = append(near, o)
		}
	}
	sortedByDist(near, func(o int) float64 { return s.Units[o].Pos.Dist(lp) })
	n := min(len(near), MaxGroup-1)
	if n < len(near) {
		if s.hasSpecial(u, Recon) || slices.ContainsFunc(near[:n], func(o int) bool { return s.hasSpecial(o, Recon) }) {
			n++ // the recon unit already in the group is the extra one
		} else if r := slices.IndexFunc(near[n:], func(o int) bool { return s.hasSpecial(o, Recon) }); r >= 0 {
			near[n], near[n+r] = near[n+r], near[n]
			n++
		}
	}
	for _, o := range near[:n] {
		pool = append(pool, s.Units[o].ID)
		hurt = hurt || s.Units[o].DP > 0
	}
	return pool[start:len(pool):len(pool)], pool, hurt
}

// orderCandidates appends the orders to consider (loosely built: they are
// validated after), with the fire missions unless missions is false.
func (s *State) orderCandidates(dst []engine.Action, missions bool) []engine.Action {
	dst = s.sideOrders(dst, missions)
	var buf [listCap]unitOrder
	for _, it := range s.unitOrders(buf[:0], false) {
		dst = append(dst, it.action())
	}
	return dst
}

// sideOrders appends the orders that are not one unit's (orderCandidates):
// a pass, a restock, the reserves, and the fire missions unless missions
// is false.
func (s *State) sideOrders(dst []engine.Action, missions bool) []engine.Action {
	dst = append(dst, Pass{})
	if s.Slots == s.ChainSize && s.ChainSize >= 2 {
		dst = append(dst, Restock{})
	}
	dst = s.reserveCandidates(dst)
	if missions {
		dst = s.missionCandidates(dst)
	}
	return dst
}

// unitOrder is one unit's order before it is made an engine.Action (which
// costs an allocation for an activation): an activation is kept as a
// value, act, anything else as an action, other.
type unitOrder struct {
	other engine.Action // nil for an activation
	act   Activate
}

func (it *unitOrder) action() engine.Action {
	if it.other != nil {
		return it.other
	}
	return it.act
}

// ownAction is action with an activation's members copied out of the
// scratch space unitOrders may have put them in.
func (it *unitOrder) ownAction() engine.Action {
	if it.other != nil {
		return it.other
	}
	a := it.act
	a.Members = slices.Clone(a.Members)
	return a
}

// unitOrders appends the orders of the active side's units, which follow
// sideOrders' in orderCandidates. With scratch (and a memo) the groups'
// members lie in the memo's scratch space, until the next call: make
// actions of them with ownAction.
func (s *State) unitOrders(dst []unitOrder, scratch bool) []unitOrder {
	units := s.unitsOf(s.Active)
	var pool []string // every group's ids
	if need := len(units) * MaxGroup; scratch && s.memo != nil {
		if cap(s.memo.pool) < need {
			s.memo.pool = make([]string, 0, need)
		}
		pool = s.memo.pool[:0]
	} else {
		pool = make([]string, 0, need)
	}
	for _, u := range units {
		un := &s.Units[u]
		if un.BrokeDown != 0 && un.BrokeDown < s.Turn {
			dst = append(dst, unitOrder{other: Repair{Unit: un.ID}})
		}
		if un.Activated {
			continue
		}
		if un.Suppressed {
			dst = append(dst, unitOrder{other: RemoveSuppression{Unit: un.ID}})
		}
		var members []string
		var hurt bool
		members, pool, hurt = s.groupAround(u, units, pool) // each unit leads one group
		dst = append(dst, unitOrder{act: Activate{Order: OrderMoveFire, Leader: un.ID, Members: members, Dice: 1}})
		if s.Slots >= 2 {
			dst = append(dst, unitOrder{act: Activate{Order: OrderMoveFire, Leader: un.ID, Members: members, Dice: 2}})
		}
		if hurt {
			dst = append(dst, unitOrder{act: Activate{Order: OrderRally, Leader: un.ID, Members: members, Dice: 1}})
			dst = append(dst, unitOrder{act: Activate{Order: OrderDisengage, Leader: un.ID, Members: members, Dice: 1, HaltCover: true}})
		}
	}
	return dst
}

// keepValidOrders keeps, of the unit orders in dst, those that validate,
// as keepValid does.
func (s *State) keepValidOrders(dst []unitOrder) []unitOrder {
	out := dst[:0]
	for _, it := range dst {
		var ok bool
		if it.other == nil {
			ok = s.builtValid(it.act) || s.Validate(it.act) == nil
		} else {
			ok = s.Validate(it.other) == nil
		}
		if ok {
			out = append(out, it)
		}
	}
	return out
}

func (s *State) activationCandidates(dst []engine.Action, moves bool) []engine.Action {
	act := s.Act
	dst = append(dst, EndActivation{})
	var sight sideSight
	sightSet := false
	for _, u := range act.Units {
		un := &s.Units[u]
		if !un.Active() {
			continue
		}
		if un.Suppressed && s.Sides[s.Active].Wild() > 0 {
			dst = append(dst, Unsuppress{Unit: un.ID})
		}
		if un.Fired || un.Suppressed || un.BrokeOff {
			continue
		}
		// Only enemies within long range can be fired at, and a target's
		// priority depends only on nearer enemies.
		st := s.stats(u)
		if len(st.Range) != 3 && !st.OffTable() {
			continue
		}
		reach := math.Inf(1)
		if !st.OffTable() {
			reach = float64(st.Range[2])
		}
		var buf [listCap]sighted
		if !sightSet {
			// The group's side and the sight environment stay the same
			// through the loop: one sightFrom serves every unit.
			sight, sightSet = s.unitSightFrom(un.Side), true
		}
		vis := s.fireableWithin(buf[:0], sight, u, reach, act.FiredAt)
		for i, v := range vis {
			if !firstInPriority(vis, i, act.FiredAt) {
				continue
			}
			if band, _, in := RangeBand(st, v.dist); in && band != "" {
				t := v.unit
				dst = append(dst, Fire{Unit: un.ID, Target: s.Units[t].ID})
				if s.hasSpecial(u, ShootAndScoot) && !act.Moved[act.index(u)] {
					dst = append(dst, Fire{Unit: un.ID, Target: s.Units[t].ID, Scoot: true})
				}
			}
		}
	}
	if !act.MoveDone && moves {
		dst = s.moveCandidates(dst)
	}
	return dst
}

// moveCandidates appends group moves to out: advance toward the nearest
// enemy (a full and a short bound), and move to the nearest wood.
func (s *State) moveCandidates(out []engine.Action) []engine.Action {
	shifts, n := s.groupShifts()
	for _, sh := range shifts[:n] {
		if m, ok := s.shiftGroup(sh, nil, nil); ok {
			out = append(out, m)
		}
	}
	return out
}

// groupShift is one of the group moves moveCandidates offers: the group
// shifted dist inches toward to.
type groupShift struct {
	to   geom.Point
	dist float64
}

// groupShifts returns the group moves moveCandidates offers, in its order,
// before they are built.
func (s *State) groupShifts() (shifts [4]groupShift, n int) {
	act := s.Act
	leader := act.Units[0]
	enemy := s.nearestEnemy(leader)
	var target geom.Point
	if enemy >= 0 {
		target = s.Units[enemy].Pos
	} else {
		target = s.Units[leader].Pos.Add(geom.Dir(s.b.towardEnemy(s.Active)).Mul(12))
	}
	for _, bound := range []float64{4, 10, float64(act.Dice) * 9} {
		shifts[n] = groupShift{target, bound}
		n++
	}
	if w, ok := s.nearestWood(leader); ok {
		shifts[n] = groupShift{w, s.Units[leader].Pos.Dist(w)}
		n++
	}
	return shifts, n
}

// shiftGroup moves every unit of the group the same distance toward
// sh.to (each keeping its place in the formation), facing the move. The
// move's lists are built in units and to when they have room for the
// group (cap(units) and len(to) at least its size), else in new ones.
func (s *State) shiftGroup(sh groupShift, units []UnitMove, to [][2]float64) (Move, bool) {
	leader := s.Act.Units[0]
	lp := s.Units[leader].Pos
	v := sh.to.Sub(lp)
	dist := sh.dist
	if v.Norm() < 1 || dist < 0.5 {
		return Move{}, false
	}
	dist = min(dist, v.Norm()-3)
	if dist < 0.5 {
		return Move{}, false
	}
	off := v.Normalize().Mul(dist)
	if n := len(s.Act.Units); cap(units) < n || len(to) < n {
		units, to = make([]UnitMove, 0, n), make([][2]float64, n)
	}
	m := Move{Units: units[:0]}
	for _, u := range s.Act.Units {
		un := &s.Units[u]
		if !un.Active() {
			continue
		}
		p := un.Pos.Add(off)
		p.X = math.Max(1.5, math.Min(s.b.table.Width()-1.5, p.X))
		p.Y = math.Max(1.5, math.Min(s.b.table.Height()-1.5, p.Y))
		i := len(m.Units)
		to[i] = [2]float64{round2(p.X), round2(p.Y)}
		m.Units = append(m.Units, UnitMove{Unit: un.ID, To: to[i : i+1 : i+1]})
	}
	return m, len(m.Units) > 0
}

// clone returns a copy of m with lists of its own: m's may lie in a
// caller's scratch space. Each unit keeps one waypoint, as shiftGroup's
// moves have.
func (m Move) clone() Move {
	c := Move{Units: make([]UnitMove, len(m.Units)), Max: m.Max}
	to := make([][2]float64, len(m.Units))
	for i, um := range m.Units {
		c.Units[i] = um
		if len(um.To) == 1 {
			to[i] = um.To[0]
			c.Units[i].To = to[i : i+1 : i+1]
		} else {
			c.Units[i].To = slices.Clone(um.To)
		}
		if um.Facing != nil {
			f := *um.Facing
			c.Units[i].Facing = &f
		}
	}
	return c
}

// nearestWood returns the centre of the wood nearest to unit u.
func (s *State) nearestWood(u int) (geom.Point, bool) {
	best, bd := geom.Point{}, math.Inf(1)
	for _, w := range s.b.woods {
		if d := w.centre.Dist(s.Units[u].Pos); d < bd && !w.f.Area.Contains(s.Units[u].Pos) {
			best, bd = w.centre, d
		}
	}
	return best, !math.IsInf(bd, 1)
}

// oppCandidates appends the window's answers: the pass, then each
// watcher's, in the spans' order (oppOptions).
func (s *State) oppCandidates(dst []engine.Action) []engine.Action {
	var buf [listCap]oppOption
	for _, o := range s.oppOptions(buf[:0]) {
		dst = append(dst, o.action())
	}
	return dst
}

// oppOption is one of oppCandidates' actions as a value: opportunity
// fire (other nil), or other, the pass or a staff order to remove a
// suppression. Only the option drawn need be made an action.
type oppOption struct {
	fire  OppFire
	other engine.Action
}

func (o *oppOption) action() engine.Action {
	if o.other != nil {
		return o.other
	}
	return o.fire
}

// valid reports whether Validate passes the option's action, in the
// window it was listed for.
func (o *oppOption) valid(s *State) bool {
	if o.other != nil {
		return s.Validate(o.other) == nil
	}
	return s.validateOppFire(o.fire) == nil // as Validate does, its kind allowed
}

// validOppOptions appends to dst, in oppOptions' order, the options
// whose actions pass Validate: the list Candidates gives in the window.
func (s *State) validOppOptions(dst []oppOption) []oppOption {
	base := len(dst)
	all := s.oppOptions(dst)
	out := all[:base]
	for _, o := range all[base:] {
		if o.valid(s) {
			out = append(out, o)
		}
	}
	return out
}

// oppOptions appends oppCandidates' list to dst as values, in its order.
func (s *State) oppOptions(dst []oppOption) []oppOption {
	dst = append(dst, oppOption{other: OppPass{}})
	w := s.Window
	if w.Kind == "fire" {
		for _, sp := range w.Spans {
			if s.canAnswerFire(sp.Unit, w.Target) {
				dst = append(dst, s.oppAnswer(sp.Unit))
			}
		}
		return dst
	}
	m := s.currentMover()
	for _, sp := range w.Spans {
		if !s.oppWatcher(sp.Unit) || sp.To < m.At {
			continue
		}
		if s.Units[sp.Unit].Suppressed {
			dst = append(dst, s.oppAnswer(sp.Unit))
			continue
		}
		var atBuf [4]float64
		at := append(atBuf[:0], math.Max(sp.From, m.At))
		for _, x := range [...]float64{sp.Effective, sp.Short, sp.To} {
			if x >= m.At && x != at[0] {
				at = append(at, x)
			}
		}
		id := s.Units[sp.Unit].ID
		for _, x := range at {
			dst = append(dst, oppOption{fire: OppFire{Unit: id, At: x}})
		}
		if s.hasSpecial(sp.Unit, ShootAndScoot) {
			dst = append(dst, oppOption{fire: OppFire{Unit: id, At: at[len(at)-1], Scoot: true}})
		}
	}
	return dst
}

// oppAnswer is a watcher's answer in a fire window, or a suppressed
// watcher's in a move window: opportunity fire, or, for a suppressed
// watcher, removing its suppression with a staff order first (ruling R59).
func (s *State) oppAnswer(u int) oppOption {
	if s.Units[u].Suppressed {
		return oppOption{other: Unsuppress{Unit: s.Units[u].ID, Staff: true}}
	}
	return oppOption{fire: OppFire{Unit: s.Units[u].ID}}
}

// reserveCandidates offers each reserve company that may enter, at the
// left, middle and right of the deployment zone's edge.
func (s *State) reserveCandidates(dst []engine.Action) []engine.Action {
	if s.Sides[s.Active].Failure {
		return dst
	}
	companies := map[string][]string{}
	var order []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == s.Active && u.Reserve && !u.Placed && !u.Dispersed && s.Turn >= u.Arrive {
			if _, ok := companies[u.Company]; !ok {
				order = append(order, u.Company)
			}
			companies[u.Company] = append(companies[u.Company], u.ID)
		}
	}
	for _, co := range order {
		ids := companies[co]
		for _, z := range s.b.sides[s.Active].zones {
			r := z.Bounds()
			lo, hi := r.Min.X, r.Max.X
			if e := s.b.sides[s.Active].edge; e == "east" || e == "west" {
				lo, hi = r.Min.Y, r.Max.Y
			}
			for _, f := range []float64{0.15, 0.5, 0.8} {
				dst = append(dst, Activate{Order: OrderReserves, Leader: ids[0], Members: ids[1:], Dice: 1, Entry: round2(lo + f*(hi-lo))})
			}
		}
	}
	return dst
}

// missionCandidates offers, for the first idle battery, an artillery
// mission on the visible enemy unit with the most other enemy units within
// the burst radius, observed by a unit that sees it.
func (s *State) missionCandidates(dst []engine.Action) []engine.Action {
	if s.Sides[s.Active].Staff == 0 {
		return dst
	}
	bi := -1
	for i := range s.Batteries {
		if bt := &s.Batteries[i]; bt.Side == s.Active && bt.Marker == nil && bt.Cancelled != s.Turn {
			bi = i
			break
		}
	}
	if bi < 0 {
		return dst
	}
	best, bestN, observer := -1, 0, -1
	enemies := s.enemiesOf(s.Active)
	sight := s.unitSightFrom(s.Active)
	for _, u := range s.unitsOf(s.Active) {
		// A forward observer (observes) is an unsuppressed unit, not
		// hidden, that sees an enemy: the loop below finds nothing for a
		// unit that sees none, so only the rest needs asking first.
		if s.Units[u].Suppressed || s.Units[u].Hidden {
			continue
		}
		for _, e := range enemies {
			if !sight.seesUnit(u, e) {
				continue
			}
			n := 0
			for _, o := range enemies {
				if s.frame(o).DistToPoint(s.Units[e].Pos) <= BurstRadius {
					n++
				}
			}
			if n > bestN {
				best, bestN, observer = e, n, u
			}
		}
		if best >= 0 {
			break
		}
	}
	if best < 0 {
		return dst
	}
	p := s.Units[best].Pos
	dst = append(dst, CallMission{Battery: s.Batteries[bi].ID, Observer: s.Units[observer].ID, X: round2(p.X), Y: round2(p.Y)})
	if sm, ok := s.smokeCandidate(bi, sight); ok {
		dst = append(dst, sm)
	}
	return dst
}

// smokeCandidate offers a smoke screen laid on the ready enemy guns
// (unfired, unsuppressed) an observer sees: centred on one of them and
// lying toward the nearest other within the screen's length, so that it
// takes in as many as it can. A unit whose centre is inside a screen sees
// nothing through it (lines of sight are drawn from the viewer's centre;
// ruling R39).
// sight is s.unitSightFrom(s.Active).
func (s *State) smokeCandidate(bi int, sight sideSight) (CallMission, bool) {
	ready := s.readyEnemies(s.Active, nil)
	best, bestN, observer := CallMission{}, 0, -1
	var observers []int // the side's forward observers, once needed
	for _, e := range ready {
		p := s.Units[e].Pos
		if observers == nil {
			observers = make([]int, 0, listCap)
			for _, u := range s.unitsOf(s.Active) {
				if s.observesWith(sight, u) {
					observers = append(observers, u)
				}
			}
		}
		o := -1
		for _, u := range observers {
			if s.pointVisible(u, p) {
				o = u
				break
			}
		}
		if o < 0 {
			continue
		}
		orient := geom.Angle(0)
		if near, d := s.nearestOf(ready, e); near >= 0 && d <= SmokeLength/2 {
			orient = s.Units[near].Pos.Sub(p).Heading()
		} else {
			orient = s.Units[o].Pos.Sub(p).Heading() + geom.Deg(90)
		}
		screen := SmokeScreen{Center: p, Orient: orient}.Box()
		n := 0
		for _, r := range ready {
			if screen.Contains(s.Units[r].Pos) {
				n++
			}
		}
		if n > bestN {
			best = CallMission{Battery: s.Batteries[bi].ID, X: round2(p.X), Y: round2(p.Y), Smoke: true, Orient: round2(orient.Degrees())}
			bestN, observer = n, o
		}
	}
	if observer < 0 {
		return CallMission{}, false
	}
	best.Observer = s.Units[observer].ID
	return best, true
}

// nearestOf returns the unit of us nearest to unit u (not u itself) and
// its distance, or -1.
func (s *State) nearestOf(us []int, u int) (int, float64) {
	best, bestD := -1, math.Inf(1)
	for _, v := range us {
		if v == u {
			continue
		}
		if d := s.Units[v].Pos.Dist(s.Units[u].Pos); d < bestD {
			best, bestD = v, d
		}
	}
	return best, bestD
}
