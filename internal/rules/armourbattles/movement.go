package armourbattles

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// FixedMove is the fixed part of every move (Armour Battles, Fixed and
// Variable Moves).
const FixedMove = 6.0

// movePlan is a validated Move.
type movePlan struct {
	units  []int
	paths  [][]geom.Point
	facing []*geom.Angle
	back   []bool
	max    string
}

// planBuf holds a group's movePlan slices.
type planBuf struct {
	units  [MaxGroup + 1]int
	paths  [MaxGroup + 1][]geom.Point
	facing [MaxGroup + 1]*geom.Angle
	back   [MaxGroup + 1]bool
	pts    [2 * (MaxGroup + 1)]geom.Point // every unit's start and one waypoint
}

// scratchPlan returns a planBuf for a plan that is only validated and
// dropped: the memo's, which serves one goroutine, or nil (planMove
// makes one) without a memo.
func (s *State) scratchPlan() *planBuf {
	if s.memo == nil {
		return nil
	}
	return &s.memo.plan
}

// planMove validates a and plans it. Its slices lie in b when a group's
// plan fits there (nil b: in a new planBuf); a caller that keeps the plan
// must pass nil.
func (s *State) planMove(a Move, b *planBuf) (movePlan, error) {
	act := s.Act
	var p movePlan
	if act == nil || act.Order != OrderMoveFire {
		return p, errorf("move: no move-and-fire activation")
	}
	if act.MoveDone {
		return p, errorf("move: the group has already moved in this activation")
	}
	if len(a.Units) == 0 {
		return p, errorf("move: no units named")
	}
	// The plan and the error take constants or copies, never a's own
	// strings: a caller that only validates can then keep a's lists on
	// its stack.
	switch a.Max {
	case "":
	case "wild":
		if err := s.validateBoostUse(true, false); err != nil {
			return p, errorf("move: %v", err)
		}
		p.max = "wild"
	case "staff":
		if err := s.validateBoostUse(false, true); err != nil {
			return p, errorf("move: %v", err)
		}
		p.max = "staff"
	default:
		return p, errorf("move: max %q; use \"wild\" or \"staff\" to replace a variable die with its maximum", strings.Clone(a.Max))
	}
	n := len(a.Units)
	npts := 0
	for _, um := range a.Units {
		npts += 1 + len(um.To)
	}
	var pts []geom.Point // all its paths' points
	if n <= MaxGroup+1 {
		// A whole group's plan in one allocation (a group has at most
		// MaxGroup units, one more with a recce unit), with its paths'
		// points when each has one waypoint, as the candidates' do.
		if b == nil {
			b = &planBuf{}
		}
		p.units, p.paths, p.facing, p.back = b.units[:0:n], b.paths[:0:n], b.facing[:0:n], b.back[:0:n]
		if npts <= len(b.pts) {
			pts = b.pts[:0:npts]
		}
	} else {
		p.units, p.paths, p.facing, p.back = make([]int, 0, n), make([][]geom.Point, 0, n), make([]*geom.Angle, 0, n), make([]bool, 0, n)
	}
	if pts == nil {
		pts = make([]geom.Point, 0, npts)
	}
	for _, um := range a.Units {
		u := s.unitIndex(um.Unit)
		if u < 0 || act.index(u) < 0 {
			return p, errorf("move: %q is not in the activated group", strings.Clone(um.Unit))
		}
		if contains(p.units, u) {
			return p, errorf("move: %s is named twice", s.Units[u].ID)
		}
		un := &s.Units[u]
		if !un.Active() {
			return p, errorf("move: %s is not on the table", s.Units[u].ID)
		}
		if act.Moved[act.index(u)] {
			return p, errorf("move: %s has already moved (shot and scooted)", s.Units[u].ID)
		}
		if un.BrokeDown != 0 {
			return p, errorf("move: %s has broken down; repair it first (from the turn after it broke down)", s.Units[u].ID)
		}
		if un.Repaired == s.Turn {
			return p, errorf("move: %s was repaired this turn and cannot move until next turn", s.Units[u].ID)
		}
		start := len(pts)
		pts = append(pts, un.Pos)
		for i, w := range um.To {
			pt := geom.Point{X: w[0], Y: w[1]}
			if math.IsNaN(pt.X) || math.IsNaN(pt.Y) || pt.X < 0 || pt.Y < 0 || pt.X > s.b.table.Width() || pt.Y > s.b.table.Height() {
				return p, errorf("move: %s waypoint %d (%g, %g) is off the table", s.Units[u].ID, i+1, pt.X, pt.Y)
			}
			if pt.Dist(pts[len(pts)-1]) < 1e-9 {
				continue
			}
			pts = append(pts, pt)
		}
		path := pts[start:len(pts):len(pts)]
		var facing *geom.Angle
		if um.Facing != nil {
			if !geom.ValidDegrees(*um.Facing) {
				return p, errorf("move: %s facing %g is not a direction in degrees between -%d and %d", s.Units[u].ID, *um.Facing, geom.MaxDegrees, geom.MaxDegrees)
			}
			f := geom.Deg(*um.Facing).Normalized()
			facing = &f
		}
		if len(path) == 1 && facing == nil {
			return p, errorf("move: %s has neither a destination nor a facing", s.Units[u].ID)
		}
		back := false
		if len(path) > 1 {
			first := path[1].Sub(path[0]).Heading()
			back = geom.AngleBetween(first, un.Heading) > geom.Deg(90)+1e-9
			if back && act.Dice > 1 {
				return p, errorf("move: %s cannot move backwards with a chain of %d dice (Sideways and Backwards Movement)", s.Units[u].ID, act.Dice)
			}
		}
		if s.stats(u).Move == "" {
			return p, errorf("move: %s cannot move", s.Units[u].ID)
		}
		p.units = append(p.units, u)
		p.paths = append(p.paths, path)
		p.facing = append(p.facing, facing)
		p.back = append(p.back, back)
	}
	// Units of a group that move must end within 6" of each other: each
	// mover's destination within 6" of the leader's end point (ruling).
	leader := act.Units[0]
	lp := s.Units[leader].Pos
	for i, u := range p.units {
		if u == leader {
			lp = p.paths[i][len(p.paths[i])-1]
		}
	}
	for i, u := range p.units {
		if u == leader {
			continue
		}
		if end := p.paths[i][len(p.paths[i])-1]; !s.endsNearLeader(u, end, lp) {
			d := end.Dist(lp)
			return p, errorf("move: %s's destination is %.1f\" from the leader's; a group must end within 6\" of each other", s.Units[u].ID, d)
		}
	}
	return p, nil
}

// applyMove rolls the group's move once, at the speed of its slowest
// mover, and queues each mover along its path (Armour Battles, Movement;
// Multiple Moves; Suppressed Units; Sideways and Backwards Movement).
func (s *State) applyMove(p movePlan, src dice.Source, out engine.Emitter) {
	act := s.Act
	act.MoveDone = true
	k := act.Dice
	fast, mult := s.rate(p.units)
	variable := 0.0
	var facesBuf [8]int // a chain of up to eight dice rolls on the stack
	faces := facesBuf[:0]
	if k > len(facesBuf) {
		faces = make([]int, 0, k)
	}
	faces = faces[:k]
	for i := range faces {
		faces[i] = dice.D6(src)
	}
	if p.max != "" {
		s.spendBoost(s.Active, p.max == "wild", p.max == "staff")
		faces[0] = 6
	}
	for _, f := range faces {
		variable += float64(f) * mult
	}
	broken := s.breakdowns(k, faces, p.units, out)
	for _, u := range p.units {
		if s.Units[u].Hidden {
			s.reveal(u, "moves", out)
		}
		s.named(u)
	}
	if !engine.Quiet(out) {
		faces := slices.Clone(faces) // the event keeps them; the roll's are on the stack
		out.Emit(engine.Event{Kind: "move-roll", Text: fmt.Sprintf("%s moves: %d×6\" fixed + %v variable%s = %.0f\"", s.b.sides[s.Active].name, k, faces, map[bool]string{true: " ×2 (fast)", false: ""}[fast], FixedMove*float64(k)+variable), To: engine.Everyone, Data: faces})
	}
	m := &MoveState{Movers: make([]Mover, 0, len(p.units))}
	for i, u := range p.units {
		if broken[u] {
			continue
		}
		act.Moved[act.index(u)] = true
		budget := FixedMove*float64(k) + variable
		if s.Units[u].Suppressed || p.back[i] {
			budget = variable
		}
		mv := Mover{Unit: u, Path: p.paths[i], Back: p.back[i], Facing: p.facing[i], From: s.Units[u].Heading}
		mv.Reach = s.reach(u, p.paths[i], budget)
		mv.Final = s.Units[u].Heading
		if len(p.paths[i]) > 1 && !p.back[i] {
			_, mv.Final = geom.Polyline(p.paths[i]).At(mv.Reach)
		}
		m.Movers = append(m.Movers, mv)
	}
	s.Move = m
}

// rate is a group's move rate: fast, its variable dice counting double,
// only when every mover is fast (a group moves at its slowest mover's
// speed).
func (s *State) rate(movers []int) (fast bool, mult float64) {
	fast = true
	for _, u := range movers {
		fast = fast && s.stats(u).Move == MoveFast
	}
	if fast {
		return true, 2
	}
	return false, 1
}

// reach returns how far along path unit u gets with budget inches of
// movement: broken ground (woods and hills) costs double, judged at the
// leading edge of the hull, so a unit moves at full speed up to the edge of
// broken ground and at half speed beyond it (Armour Battles, Moving In and
// Out of Terrain Types). Crossing a hedge costs the fixed move; a unit that
// cannot pay it with movement to spare stops at the hedge, and one that
// crosses ends wholly beyond it (Armour Battles, Minor Obstacles).
func (s *State) reach(u int, path []geom.Point, budget float64) float64 {
	length := s.b.types[s.Units[u].Type].Footprint.Length
	half := length / 2
	done := 0.0
	lastHedge := -1.0
	total := geom.Polyline(path).Length()
	finish := func(d float64) float64 {
		if lastHedge >= 0 && d < lastHedge+length {
			d = min(total, lastHedge+length)
		}
		return d
	}
	var ivBuf [8]geom.Interval
	var hedgeBuf [8]float64
	for i := 0; i+1 < len(path); i++ {
		a, b := path[i], path[i+1]
		l := a.Dist(b)
		dir := b.Sub(a).Normalize()
		lead := geom.Segment{A: a.Add(dir.Mul(half)), B: b.Add(dir.Mul(half))}
		broken, hedges := ivBuf[:0], hedgeBuf[:0]
		s.b.table.VisitSegment(lead, func(c table.Crossing) bool {
			switch c.Feature.Kind {
			case table.KindWoods, table.KindHill:
				broken = append(broken, geom.Interval{T0: c.T0, T1: c.T1})
			case table.KindHedge:
				// A hedge the leading edge touches at the start is still to
				// cross (a unit stopped at it, or set up against it); one
				// the path only runs along is not crossed.
				if c.T0 > 1e-9 || c.T1-c.T0 < 1e-9 {
					hedges = append(hedges, c.T0)
				}
			}
			return true
		})
		if i == 0 {
			// Hedges at the leading edge as the move starts are crossed
			// first (at a later waypoint they were paid for on the way).
			for _, h := range hedges {
				if h <= 1e-9 {
					if budget-FixedMove <= 1e-9 {
						return done // it stays at the hedge
					}
					budget -= FixedMove
					lastHedge = done
				}
			}
		}
		t := 0.0
		for t < 1-1e-12 {
			factor, next := 1.0, 1.0
			for _, iv := range broken {
				if t >= iv.T0-1e-12 && t < iv.T1-1e-12 {
					factor, next = 2, min(next, iv.T1)
				} else if iv.T0 > t+1e-12 {
					next = min(next, iv.T0)
				}
			}
			hedgeAt := -1.0
			for _, h := range hedges {
				if h > t+1e-12 && h <= next+1e-12 {
					next, hedgeAt = h, h
				}
			}
			seg := (next - t) * l
			if cost := seg * factor; cost > budget+1e-9 {
				return finish(done + budget/factor)
			} else {
				budget -= cost
			}
			done += seg
			t = next
			if hedgeAt >= 0 {
				if budget-FixedMove <= 1e-9 {
					return done // up to the hedge, not over it
				}
				budget -= FixedMove
				lastHedge = done
			}
		}
	}
	return finish(done)
}

// currentMover returns the unit moving now, or nil.
func (s *State) currentMover() *Mover {
	if s.Move == nil || s.Move.Idx >= len(s.Move.Movers) {
		return nil
	}
	return &s.Move.Movers[s.Move.Idx]
}

// moverBox returns the footprint of a mover d inches along its path.
func (s *State) moverBox(m *Mover, d float64) geom.Box { return s.moverBoxOn(m, nil, d) }

// moverBoxOn is moverBox, with walk (if not nil) a Walker along m's path.
func (s *State) moverBoxOn(m *Mover, walk *geom.Walker, d float64) geom.Box {
	un := &s.Units[m.Unit]
	if len(m.Path) < 2 {
		h := un.Heading
		if m.Facing != nil {
			h = *m.Facing
		}
		return s.boxAt(m.Unit, un.Pos, h)
	}
	var p geom.Point
	var h geom.Angle
	if walk != nil {
		p, h = walk.At(d)
	} else {
		p, h = geom.Polyline(m.Path).At(d)
	}
	switch {
	case m.Diseng:
		h = *m.Facing // disengaging units back away facing the enemy
	case m.Back:
		h = un.Heading
	}
	return s.boxAt(m.Unit, p, h)
}

// endsNearLeader reports whether unit u of a moving group, ending at end,
// ends within 6" of the leader's end point lp: measured from the leader's
// centre to the unit's hull, taken as its centre less half its length
// (ruling R11).
func (s *State) endsNearLeader(u int, end, lp geom.Point) bool {
	return end.Dist(lp) <= GroupRadius+s.b.types[s.Units[u].Type].Footprint.Length/2+1e-9
}

// stepMove advances the current mover: it first opens the other side's
// opportunity-fire window, then completes its move unless it was halted.
// It returns true when a decision is pending.
func (s *State) stepMove(out engine.Emitter) bool {
	m := s.currentMover()
	if m == nil {
		s.Move = nil
		return false
	}
	if !m.Started {
		m.Started = true
		if s.openMoveWindow(m) {
			return true
		}
	}
	un := &s.Units[m.Unit]
	if !un.Dispersed && m.Halted && s.Rev >= 5 {
		s.settleHalted(m, out)
	}
	if !un.Dispersed && !m.Halted {
		b := s.moverBox(m, m.Reach)
		pos, h := b.Center, b.Heading
		reached := len(m.Path) < 2 || m.Reach >= geom.Polyline(m.Path).Length()-1e-6
		if reached && m.Facing != nil {
			h = *m.Facing
		}
		pos, h, d, blocker := s.clearOf(m, pos, h)
		un.Pos, un.Heading = pos, h
		if !engine.Quiet(out) {
			text := fmt.Sprintf("%s moves %.1f\" to (%.1f, %.1f)", s.name(m.Unit), max(0, d-m.At), pos.X, pos.Y)
			if blocker >= 0 {
				// A hidden unit in the way is not named: the mover only
				// finds the way blocked (ruling R36).
				by := "another unit"
				if !s.Units[blocker].Hidden {
					by = s.name(blocker)
				}
				text += fmt.Sprintf(", stopping short of %s", by)
			}
			out.Emit(engine.Event{Kind: "move", Text: text, To: engine.Everyone,
				Data: map[string]any{"unit": un.ID, "x": round2(pos.X), "y": round2(pos.Y), "heading": round2(h.Degrees())}})
		}
	}
	if !un.Dispersed {
		s.spot(m.Unit, out)
	}
	s.Move.Idx++
	if s.Move.Idx >= len(s.Move.Movers) {
		s.Move = nil
	}
	return false
}

// clearOf backs a mover along its path until its footprint overlaps no
// other unit (units never end a move on top of another). It returns where
// the mover ends, facing which way, how far along its path that is, and
// the unit it stopped short of (-1 if none). From rules revision 5 a
// mover backed all the way to its start that would still overlap a unit
// there, turned to its new facing, keeps the facing it had (ruling R63).
func (s *State) clearOf(m *Mover, pos geom.Point, h geom.Angle) (geom.Point, geom.Angle, float64, int) {
	d, blocker := m.Reach, -1
	pos = s.nudgeOnTable(m.Unit, pos, h)
	for d > 0 {
		o := s.overlappingAny(m.Unit, s.boxAt(m.Unit, pos, h))
		if o < 0 {
			break
		}
		if blocker < 0 {
			blocker = o
		}
		d = max(0, d-0.25)
		pos = s.nudgeOnTable(m.Unit, s.moverBox(m, d).Center, h)
	}
	if s.Rev >= 5 && d == 0 && len(m.Path) > 0 {
		if o := s.overlappingAny(m.Unit, s.boxAt(m.Unit, pos, h)); o >= 0 {
			if blocker < 0 {
				blocker = o
			}
			pos, h = m.Path[0], m.From
		}
	}
	return pos, h, d, blocker
}

// settleHalted places a mover that opportunity fire halted where it stands
// on another unit (passing through friends) back along its path, clear of
// them, once the shot is resolved: as a mover that stops short (ruling
// R63). One the shot moved (forced back) has been placed already.
func (s *State) settleHalted(m *Mover, out engine.Emitter) {
	un := &s.Units[m.Unit]
	b := s.moverBox(m, m.At)
	if un.Pos != s.nudgeOnTable(m.Unit, b.Center, b.Heading) || s.overlappingAny(m.Unit, s.box(m.Unit)) < 0 {
		return
	}
	mm := *m
	mm.Reach = m.At
	pos, h, _, blocker := s.clearOf(&mm, un.Pos, un.Heading)
	if !engine.Quiet(out) {
		by := "another unit"
		if blocker >= 0 && !s.Units[blocker].Hidden {
			by = s.name(blocker)
		}
		out.Emit(engine.Event{Kind: "move", Text: fmt.Sprintf("%s halts %.1f\" back, short of %s", s.name(m.Unit), pos.Dist(un.Pos), by), To: engine.Everyone,
			Data: map[string]any{"unit": un.ID, "x": round2(pos.X), "y": round2(pos.Y), "heading": round2(h.Degrees())}})
	}
	un.Pos, un.Heading = pos, h
}

// nudgeOnTable shifts a footprint the least distance that puts it wholly
// on the table (a unit turning at the table edge).
func (s *State) nudgeOnTable(u int, pos geom.Point, h geom.Angle) geom.Point {
	r := s.boxAt(u, pos, h).Bounds()
	w, ht := s.b.table.Width(), s.b.table.Height()
	pos.X += max(0, -r.Min.X) - max(0, r.Max.X-w)
	pos.Y += max(0, -r.Min.Y) - max(0, r.Max.Y-ht)
	return pos
}

// startDisengage moves a group directly back from the nearest enemy,
// facing it: the full rolled distance, or halting on entering cover when
// asked (Armour Battles, Disengage Group).
func (s *State) startDisengage(a Activate, src dice.Source, out engine.Emitter) {
	act := s.Act
	k := act.Dice
	fast := true
	for _, u := range act.Units {
		fast = fast && s.stats(u).Move == MoveFast
	}
	variable := 0.0
	var facesBuf [8]int // a chain of up to eight dice rolls on the stack
	faces := facesBuf[:0]
	if k > len(facesBuf) {
		faces = make([]int, 0, k)
	}
	faces = faces[:k]
	for i := range faces {
		faces[i] = dice.D6(src)
	}
	if a.Wild || a.Staff {
		s.spendBoost(s.Active, a.Wild, a.Staff)
		faces[0] = 6
	}
	for i := range faces {
		f := float64(faces[i])
		if fast {
			f *= 2
		}
		variable += f
	}
	// A double or triple disengage is a multiple move: Poor Reliability
	// applies (Tiger I).
	// Disengaging reveals a hidden unit (ruling R36), one that breaks down
	// too: it is revealed before its breakdown is told to both sides.
	for _, u := range act.Units {
		if s.Units[u].Hidden {
			s.reveal(u, "disengages", out)
		}
		s.named(u)
	}
	broken := s.breakdowns(k, faces, act.Units, out)
	m := &MoveState{}
	for i, u := range act.Units {
		act.Moved[i] = true
		if broken[u] {
			continue // it stays where it is
		}
		un := &s.Units[u]
		enemy := s.nearestEnemy(u)
		away := geom.Dir(un.Heading + geom.Deg(180))
		face := un.Heading
		if enemy >= 0 {
			away = un.Pos.Sub(s.Units[enemy].Pos).Normalize()
			face = away.Mul(-1).Heading()
		}
		budget := FixedMove*float64(k) + variable
		if un.Suppressed {
			budget = variable
		}
		end := s.clampToTable(u, un.Pos, away, budget, face)
		path := []geom.Point{un.Pos, end}
		mv := Mover{Unit: u, Path: path, Back: true, Diseng: true, Facing: &face, From: s.Units[u].Heading}
		mv.Reach = s.reach(u, path, budget)
		if a.HaltCover {
			mv.Reach = s.coverStop(u, path, mv.Reach, face)
		}
		mv.Final = face
		m.Movers = append(m.Movers, mv)
	}
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "move-roll", Text: fmt.Sprintf("%s disengages: %d×6\" + %.0f\"", s.b.sides[s.Active].name, k, variable), To: engine.Everyone})
	}
	s.Move = m
}

// nearestEnemy returns the closest enemy unit on the table, or -1.
func (s *State) nearestEnemy(u int) int {
	best, bd := -1, math.Inf(1)
	uf := s.frame(u)
	ub := uf.Box()
	ru := s.b.radius[s.Units[u].Type]
	for _, e := range s.enemiesOf(s.Units[u].Side) {
		// Footprints lie no nearer than their centres less both bounding
		// radii: an enemy clearly farther than the best so far is skipped.
		if s.Units[e].Pos.Dist(ub.Center)-ru-s.b.radius[s.Units[e].Type] > bd+1e-6 {
			continue
		}
		if d := uf.Distance(s.frame(e)); d < bd {
			best, bd = e, d
		}
	}
	return best
}

// clampToTable returns the furthest point up to dist along dir from p at
// which u's footprint stays on the table.
func (s *State) clampToTable(u int, p, dir geom.Point, dist float64, h geom.Angle) geom.Point {
	for d := dist; d > 0; d -= 0.25 {
		q := p.Add(dir.Mul(d))
		if s.b.onTable(s.boxAt(u, q, h)) {
			return q
		}
	}
	return p
}

// coverStop returns where along path (up to reach) a unit first enters a
// wood or crosses a hedge, or reach.
func (s *State) coverStop(u int, path []geom.Point, reach float64, h geom.Angle) float64 {
	pl := geom.Polyline(path)
	startWoods := s.inWoods(s.boxAt(u, path[0], h))
	for d := 0.25; d <= reach+1e-9; d += 0.25 {
		p := pl.PointAt(d)
		b := s.boxAt(u, p, h)
		if !startWoods && s.inWoods(b) || s.crossesHedge(path[0], p, b) {
			return d
		}
	}
	return reach
}
