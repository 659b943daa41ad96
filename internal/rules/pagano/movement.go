package pagano

import (
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// RoadHalfWidth is how far from a road's centre line a vehicle's centre may
// be and still move at the road rate (ruling P5).
const RoadHalfWidth = 0.3

// roadStep is the length of the pieces a path near a road is cut into to
// decide which are on the road.
const roadStep = 0.1

// pathCheckStep is the spacing of the points at which a path is checked
// for other vehicles in the way.
const pathCheckStep = 0.25

// leg is a piece of a path of uniform cost per inch.
type leg struct {
	from, to float64 // inches along the path
	perInch  float64
	// fixed is a cost paid on reaching `from` (a line crossed, a level
	// climbed); blocked marks impassable ground from `from` on.
	fixed   float64
	blocked string
}

// legs cuts a path into legs of uniform cost (Table 1, with the costs of
// the board; ruling P4), in dst's storage. Terrain is judged at the
// vehicle's centre.
func (s *State) legs(path []geom.Point, dst []leg) []leg {
	c := s.b.costs
	t := s.b.table
	var spanBuf [16]table.PathSpan
	spans := t.AlongPathInto(spanBuf[:0], geom.Polyline(path))
	total := geom.Polyline(path).Length()
	// Breakpoints: span ends, line crossings and, near roads, fine steps.
	var cutBuf [32]float64
	cuts := append(cutBuf[:0], 0, total)
	// The costs paid on reaching a point (lines crossed), summed per
	// point: paid by the first leg starting there, else on arrival when
	// the point ends the path (a point where only legs shorter than 1e-9
	// start, short of the end, costs nothing).
	var fixedBuf [8]fixedCost
	fixedAt := fixedBuf[:0]
	addFixed := func(d, cost float64) {
		for i := range fixedAt {
			if fixedAt[i].d == d {
				fixedAt[i].cost += cost
				return
			}
		}
		fixedAt = append(fixedAt, fixedCost{d: d, cost: cost})
	}
	var blockAt []struct {
		d   float64
		why string
	}
	for _, sp := range spans {
		f := sp.Feature
		if f.IsLine() {
			switch f.Kind {
			case table.KindHedge:
				addFixed(sp.From, c.Hedge)
			case table.KindWall:
				addFixed(sp.From, c.Wall)
			case KindHedgerow:
				addFixed(sp.From, c.Hedgerow)
			case KindCliff:
				blockAt = append(blockAt, struct {
					d   float64
					why string
				}{sp.From, "a cliff"})
			}
			cuts = append(cuts, sp.From)
			continue
		}
		cuts = append(cuts, sp.From, sp.To)
	}
	if len(s.b.roads) > 0 {
		pl := geom.Polyline(path)
		box := pl.Bounds().Expand(RoadHalfWidth + 1e-6)
		for _, r := range s.b.roads {
			if r.Bounds().Intersects(box) {
				for d := roadStep; d < total; d += roadStep {
					cuts = append(cuts, d)
				}
				break
			}
		}
	}
	for _, fc := range fixedAt {
		cuts = append(cuts, fc.d)
	}
	slices.Sort(cuts)
	out := dst[:0]
	pl := geom.Polyline(path)
	prevLevel := t.LevelAt(path[0])
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		if b-a < 1e-9 {
			continue
		}
		mid := pl.PointAt((a + b) / 2)
		lg := leg{from: a, to: b}
		for k := range fixedAt {
			if fixedAt[k].d == a && !fixedAt[k].paid {
				lg.fixed, fixedAt[k].paid = fixedAt[k].cost, true
			}
		}
		for _, bl := range blockAt {
			if math.Abs(bl.d-a) < 1e-9 && lg.blocked == "" {
				lg.blocked = bl.why
			}
		}
		lvl := t.LevelAt(mid)
		if lvl > prevLevel {
			lg.fixed += float64(lvl-prevLevel) * c.Climb
		}
		prevLevel = lvl
		lg.perInch = c.Clear
		onRoad := false
		for _, r := range s.b.roads {
			if r.DistToPoint(mid) <= RoadHalfWidth {
				onRoad = true
				break
			}
		}
		woods, field, hill := false, false, lvl > 0
		t.VisitAt(mid, func(f *table.Feature) bool {
			switch f.Kind {
			case table.KindWoods:
				woods = true
			case table.KindField:
				field = true
			case table.KindBuilding:
				if lg.blocked == "" {
					lg.blocked = f.String()
				}
			}
			return true
		})
		switch {
		case onRoad:
			lg.perInch = c.Road
		case woods:
			lg.perInch = c.Woods
		case field:
			lg.perInch = c.Field
		case hill:
			lg.perInch = c.Hill
		}
		out = append(out, lg)
	}
	// A crossing at the very end of the path is paid on arrival.
	for _, fc := range fixedAt {
		if !fc.paid && fc.cost > 0 && len(out) > 0 && fc.d >= total-1e-9 {
			out[len(out)-1].fixed += fc.cost
		}
	}
	return out
}

// fixedCost is the cost of the lines a path crosses at d inches along it.
type fixedCost struct {
	d, cost float64
	paid    bool
}

// tracePathCost works pathCost's answer out.
func (s *State) tracePathCost(path []geom.Point) (float64, error) {
	cost := 0.0
	var buf [16]leg
	for _, lg := range s.legs(path, buf[:0]) {
		if lg.blocked != "" {
			return 0, fmt.Errorf("the path enters %s at %.1f\"", lg.blocked, lg.from)
		}
		cost += lg.fixed + (lg.to-lg.from)*lg.perInch
	}
	return cost, nil
}

// traceReach works reach's answer out.
func (s *State) traceReach(path []geom.Point, budget float64) float64 {
	done := 0.0
	var buf [16]leg
	for _, lg := range s.legs(path, buf[:0]) {
		if lg.blocked != "" || lg.fixed > budget+1e-9 {
			return done
		}
		budget -= lg.fixed
		c := (lg.to - lg.from) * lg.perInch
		if c > budget+1e-9 {
			return lg.from + budget/lg.perInch
		}
		budget -= c
		done = lg.to
	}
	return done
}

// movePlan is a validated Move.
type movePlan struct {
	unit   int
	path   []geom.Point
	cost   float64
	stop   bool
	facing geom.Angle
	turret geom.Angle
	exit   bool
}

// budget returns unit u's movement points left for a move: its MP less
// the cost of starting when stopped or stationary (Table 1; ruling P4).
func (s *State) budget(u int) float64 {
	b := float64(s.stats(u).MP)
	if s.Units[u].Motion != Moving {
		b -= s.b.costs.Start
	}
	return b
}

func (s *State) moverFor(unitID string) (int, error) {
	u := s.unitIndex(unitID)
	if u < 0 {
		return -1, fmt.Errorf("no unit %q", unitID)
	}
	un := &s.Units[u]
	side := s.pending().Side
	switch {
	case un.Side != side:
		return -1, fmt.Errorf("%s is not %s's", unitID, s.b.sides[side].id)
	case !un.Active():
		return -1, fmt.Errorf("%s is not in action", unitID)
	case un.Done:
		return -1, fmt.Errorf("%s has finished its movement phase", unitID)
	}
	return u, nil
}

// checkedMove is a move Validate found legal, copied (its points into a
// buffer of its own, so that whatever the caller does with its action
// later changes nothing here), with the plan planMove made of it. It
// holds while the state stays as Validate saw it: the engine changes a
// state only by Apply, which takes or drops it, and a clone starts
// without one.
type checkedMove struct {
	ok                   bool
	unit                 string
	to                   [][2]float64
	stop                 bool
	hasFacing, hasTurret bool
	facing, turret       float64
	plan                 movePlan
	// spare is the buffer planMove plans the next path in; keep swaps it
	// with the kept plan's, and a path handed to Apply leaves with it.
	spare []geom.Point
	// trial is moveLine's, kept here as the buffers are: per state, and
	// not shared with its clones.
	trial moveTrial
	// transit is a finished move's, for the next startMove (recycleMove).
	transit *Transit
}

// keep files move a and its plan p.
func (c *checkedMove) keep(a Move, p movePlan) {
	old := c.plan.path // free again: the plan it belonged to is dropped
	c.ok, c.unit, c.to, c.stop, c.plan = true, a.Unit, append(c.to[:0], a.To...), a.Stop, p
	if sameBuffer(c.spare, p.path) {
		c.spare = old // p's path was planned in the spare: swap
	}
	c.hasFacing, c.hasTurret = a.Facing != nil, a.Turret != nil
	if c.hasFacing {
		c.facing = *a.Facing
	}
	if c.hasTurret {
		c.turret = *a.Turret
	}
}

// take returns the plan kept for a move equal to a, and drops it either
// way. The plan's path is the caller's from then on.
func (c *checkedMove) take(a Move) (movePlan, bool) {
	if !c.ok {
		return movePlan{}, false
	}
	p := c.plan
	c.ok, c.plan = false, movePlan{}
	same := c.unit == a.Unit && c.stop == a.Stop && slices.Equal(c.to, a.To) &&
		sameFloat(c.hasFacing, c.facing, a.Facing) && sameFloat(c.hasTurret, c.turret, a.Turret)
	return p, same
}

// drop forgets the move kept; its path's buffer may be planned in again.
func (c *checkedMove) drop() {
	if c.ok && c.spare == nil {
		c.spare = c.plan.path
	}
	c.ok, c.plan = false, movePlan{}
}

// own returns path, planned by planMove, as the caller's own: the spare
// buffer it was planned in is not planned in again.
func (c *checkedMove) own(path []geom.Point) []geom.Point {
	if sameBuffer(c.spare, path) {
		c.spare = nil
	}
	return path
}

// sameBuffer reports whether a and b start at the same element.
func sameBuffer(a, b []geom.Point) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:1][0] == &b[:1][0]
}

// sameFloat reports whether an optional number kept (has, x) equals the
// optional number b: both absent, or both present and equal.
func sameFloat(has bool, x float64, b *float64) bool {
	if b == nil {
		return !has
	}
	return has && x == *b
}

func (s *State) planMove(a Move) (movePlan, error) {
	var p movePlan
	u, err := s.moverFor(a.Unit)
	if err != nil {
		return p, errorf("move: %v", err)
	}
	un := &s.Units[u]
	st := s.stats(u)
	switch {
	case un.Stunned:
		return p, errorf("move: %s is stunned and may not move", a.Unit)
	case un.Immobile:
		return p, errorf("move: %s is immobilized", a.Unit)
	case un.Retreat && a.Stop:
		return p, errorf("move: %s is retreating and may not stop", a.Unit)
	case a.Turret != nil && st.Mount != MountTurret:
		return p, errorf("move: %s has no turret", a.Unit)
	case a.Facing != nil && !geom.ValidDegrees(*a.Facing), a.Turret != nil && !geom.ValidDegrees(*a.Turret):
		return p, errorf("move: %s: facing and turret must be degrees between -%d and %d", a.Unit, geom.MaxDegrees, geom.MaxDegrees)
	}
	// The path is planned in the spare buffer (checkedMove): a refused
	// move leaves it for the next.
	if cap(s.checked.spare) < len(a.To)+1 {
		s.checked.spare = make([]geom.Point, 0, max(8, len(a.To)+1))
	}
	path := append(s.checked.spare[:0], un.Pos)
	for i, w := range a.To {
		pt := geom.Point{X: w[0], Y: w[1]}
		if !finite(pt.X) || !finite(pt.Y) || pt.X < 0 || pt.Y < 0 || pt.X > s.b.table.Width() || pt.Y > s.b.table.Height() {
			return p, errorf("move: %s waypoint %d (%.1f, %.1f) is off the table", a.Unit, i+1, pt.X, pt.Y)
		}
		if pt.Dist(path[len(path)-1]) > 1e-9 {
			path = append(path, pt)
		}
	}
	if len(path) < 2 {
		return p, errorf("move: %s goes nowhere; use pivot or hold", a.Unit)
	}
	cost, err := s.pathCost(path)
	if err != nil {
		return p, errorf("move: %s: %v", a.Unit, err)
	}
	if b := s.budget(u); cost > b+1e-6 {
		start := ""
		if un.Motion != Moving {
			start = fmt.Sprintf(" after %.3g to start moving", s.b.costs.Start)
		}
		return p, errorf("move: %s's path costs %.2f movement points; it has %.2f%s", a.Unit, cost, b, start)
	}
	pl := geom.Polyline(path)
	travel := pl.HeadingAt(pl.Length())
	p = movePlan{unit: u, path: path, cost: cost, stop: a.Stop, facing: travel}
	if a.Facing != nil {
		f := geom.Deg(*a.Facing).Normalized()
		if !a.Stop && geom.AngleBetween(f, travel) > geom.Deg(0.5) {
			return p, errorf("move: %s ends in motion and must point the way it moves (%.0f°), not %.0f°", a.Unit, travel.Degrees(), *a.Facing)
		}
		if a.Stop {
			p.facing = f
		}
	}
	p.turret = p.facing + (un.Turret - un.Heading)
	if a.Turret != nil {
		p.turret = geom.Deg(*a.Turret)
	}
	if st.Mount != MountTurret {
		p.turret = p.facing
	}
	p.turret = p.turret.Normalized()
	end := path[len(path)-1]
	box := s.boxAt(u, end, p.facing)
	if un.Retreat {
		if s.b.edgeDist(un.Side, end) >= s.b.edgeDist(un.Side, un.Pos)-1e-9 {
			return p, errorf("move: %s is retreating and must move toward its %s edge", a.Unit, s.b.sides[un.Side].edge)
		}
		p.exit = s.b.edgeDist(un.Side, end) <= box.Length/2+1e-6
	}
	// Vehicles do not pass through one another, nor off the table on the
	// way (ruling P21).
	pl2 := geom.Polyline(path)
	// Every point checked lies on the path, so only vehicles whose
	// centres come within both hulls' rough radii of it, and buildings
	// within the mover's of its bounds, can be in the way; and if the
	// bounds lie that far inside the table, no point runs off it
	// (Table.ContainsBox accepts such a box at once). The checks then
	// give the answers of checking everything, in the same order.
	r := box.RoughRadius()
	slack := r + 1e-6
	var otherBuf [16]int
	var boxBuf [16]geom.Box
	others, boxes := otherBuf[:0], boxBuf[:0]
	bounds := pl2.Bounds()
	for i := range s.Units {
		if i == u || !s.Units[i].Active() {
			continue
		}
		// A centre farther than reach from the path's bounds along x or
		// y is farther from the path: only the others need its distance.
		ob := s.box(i)
		c, reach := ob.Center, slack+ob.RoughRadius()
		if c.X < bounds.Min.X-reach-1e-9 || c.X > bounds.Max.X+reach+1e-9 || c.Y < bounds.Min.Y-reach-1e-9 || c.Y > bounds.Max.Y+reach+1e-9 {
			continue
		}
		if pl2.DistToPoint(c) <= reach {
			others = append(others, i)
			boxes = append(boxes, ob)
		}
	}
	var bldBuf [8]*table.Feature
	blds := bldBuf[:0]
	for _, f := range s.b.buildings {
		if f.Area.Bounds().Intersects(bounds.Expand(slack)) {
			blds = append(blds, f)
		}
	}
	t := s.b.table
	inside := bounds.Min.X >= r && bounds.Min.Y >= r && bounds.Max.X <= t.Width()-r && bounds.Max.Y <= t.Height()-r
	var walk geom.Walker // pl2.At, each leg's heading worked out once
	walk.Follow(pl2)
	for d := pathCheckStep; d < pl2.Length()-1e-9; d += pathCheckStep {
		if len(boxes) == 0 && len(blds) == 0 && (inside || p.exit) {
			break
		}
		pt, h := walk.At(d)
		b := s.boxAt(u, pt, h)
		o := -1
		for k, ob := range boxes {
			if ob.Overlaps(b) {
				o = others[k]
				break
			}
		}
		if o >= 0 {
			return p, &collision{unit: a.Unit, other: s.Units[o].ID, along: d}
		}
		for _, f := range blds {
			if boxMeetsPolygon(b, f.Area) {
				return p, errorf("move: %s's hull would enter %s %.1f\" along its path; vehicles cannot enter buildings (ruling P16)", a.Unit, f, d)
			}
		}
		if !p.exit && !inside && !s.b.onTable(b) {
			return p, errorf("move: %s would run off the table %.1f\" along its path", a.Unit, d)
		}
	}
	if !p.exit {
		if !s.b.onTable(box) {
			return p, errorf("move: %s would end partly off the table", a.Unit)
		}
		if o := s.overlapping(u, box); o >= 0 {
			return p, &collision{unit: a.Unit, other: s.Units[o].ID, along: -1}
		}
		if f := s.inBuilding(box); f != nil {
			return p, errorf("move: %s would end with its hull in %s; vehicles cannot enter buildings (ruling P16)", a.Unit, f)
		}
	}
	return p, nil
}

// collision is planMove's refusal of a move that runs into another
// vehicle along its path (along inches from its start) or ends on top of
// one (along < 0). It is the refusal the candidates meet most, so it is
// made in one allocation where errorf's takes five.
type collision struct {
	unit, other string
	along       float64
}

func (e *collision) Error() string {
	if e.along < 0 {
		return fmt.Sprintf("move: %s would end on top of %s", e.unit, e.other)
	}
	return fmt.Sprintf("move: %s would run into %s %.1f\" along its path", e.unit, e.other, e.along)
}

// startMove begins a validated move: the vehicle is committed, and loaded
// enemies it passes in and out of sight of may fire ambush (Pagano, Ambush
// Fire).
func (s *State) startMove(p movePlan, out engine.Emitter) {
	un := &s.Units[p.unit]
	un.Done, un.Moved = true, true
	// A dug-in vehicle that moves leaves its position (ruling P27).
	un.DugIn = false
	// A finished move's Transit, handed back (recycleMove), is filled
	// again rather than made anew.
	m := s.checked.transit
	s.checked.transit = nil
	var f, t *geom.Angle
	var spans []Span
	if m == nil {
		m, f, t = new(Transit), new(geom.Angle), new(geom.Angle)
	} else {
		f, t, spans = m.Facing, m.Turret, m.Spans
	}
	*m = Transit{Unit: p.unit, Path: p.path, Length: geom.Polyline(p.path).Length(), Stop: p.stop, Exit: p.exit, Facing: f, Turret: t}
	*f, *t = p.facing, p.turret
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "move-start", Text: fmt.Sprintf("%s moves %.1f\" for %.2f movement points", s.name(p.unit), m.Length, p.cost), To: engine.Everyone})
	}
	if un.Motion != Moving {
		un.Motion = Moving
	}
	m.Spans = s.ambushSpans(p.unit, m, spans)
	s.Move = m
}

// recycleMove hands m, a move no longer under way that nothing else
// refers to (s.Move no longer does), back to the state: its Transit, with
// its facing, turret and spans, for the next startMove, and its path's
// buffer for the next plan (checkedMove.spare), when those are free.
func (s *State) recycleMove(m *Transit) {
	if s.checked.spare == nil && cap(m.Path) > 0 {
		s.checked.spare = m.Path[:0]
	}
	m.Path = nil
	if s.checked.transit == nil && m.Facing != nil && m.Turret != nil {
		s.checked.transit = m
	}
}

// finishMove completes the move under way.
func (s *State) finishMove(src dice.Source, out engine.Emitter) {
	m := s.Move
	s.Move = nil
	if m == nil {
		return
	}
	s.arrive(m, out)
	s.recycleMove(m)
}

// arrive puts the vehicle of m, a move just finished, where the move
// takes it, unless it was stopped on the way.
func (s *State) arrive(m *Transit, out engine.Emitter) {
	un := &s.Units[m.Unit]
	if !un.Active() || un.Stunned || un.Immobile {
		return
	}
	un.Pos = m.Path[len(m.Path)-1]
	un.Heading, un.Turret = *m.Facing, *m.Turret
	if m.Stop {
		un.Motion = Stopped
	} else {
		un.Motion = Moving
	}
	if m.Exit {
		un.Exited = true
		out.Emit(engine.Event{Kind: "exit", Text: s.name(m.Unit) + " retreats off the table", To: engine.Everyone})
		return
	}
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "move", Text: fmt.Sprintf("%s moves to (%.1f, %.1f), %s", s.name(m.Unit), un.Pos.X, un.Pos.Y, un.Motion), To: engine.Everyone,
			Data: map[string]any{"unit": un.ID, "x": round2(un.Pos.X), "y": round2(un.Pos.Y), "heading": round2(un.Heading.Degrees()), "motion": un.Motion.String()}})
	}
}

// validatePivot checks a Pivot (hold false) or Hold (hold true).
func (s *State) validatePivot(unitID string, facing, turret *float64, hold bool) error {
	what := "pivot"
	if hold {
		what = "hold"
	}
	u, err := s.moverFor(unitID)
	if err != nil {
		return errorf("%s: %v", what, err)
	}
	un := &s.Units[u]
	switch {
	case !hold && facing == nil && turret == nil:
		return errorf("pivot: %s: give a facing or a turret direction", unitID)
	case facing != nil && !geom.ValidDegrees(*facing), turret != nil && !geom.ValidDegrees(*turret):
		return errorf("%s: %s: facing and turret must be degrees between -%d and %d", what, unitID, geom.MaxDegrees, geom.MaxDegrees)
	case un.Stunned && (facing != nil || turret != nil):
		return errorf("%s: %s is stunned and may not pivot", what, unitID)
	case un.Immobile && facing != nil:
		return errorf("%s: %s is immobilized: only its turret may turn", what, unitID)
	case turret != nil && s.stats(u).Mount != MountTurret:
		return errorf("%s: %s has no turret", what, unitID)
	}
	if facing != nil {
		b := s.boxAt(u, un.Pos, geom.Deg(*facing))
		if !s.b.onTable(b) {
			return errorf("%s: %s would overhang the table edge", what, unitID)
		}
		if o := s.overlapping(u, b); o >= 0 {
			return errorf("%s: %s would overlap %s", what, unitID, s.Units[o].ID)
		}
	}
	return nil
}

func (s *State) applyPivot(unitID string, facing, turret *float64, hold bool, out engine.Emitter) {
	u := s.unitIndex(unitID)
	un := &s.Units[u]
	if facing != nil {
		h := geom.Deg(*facing).Normalized()
		un.Turret = (un.Turret + h - un.Heading).Normalized()
		un.Heading = h
	}
	if turret != nil {
		un.Turret = geom.Deg(*turret).Normalized()
	}
	if s.stats(u).Mount != MountTurret {
		un.Turret = un.Heading
	}
	if facing != nil || turret != nil {
		if !engine.Quiet(out) {
			out.Emit(engine.Event{Kind: "pivot", Text: fmt.Sprintf("%s pivots: hull %.0f°, turret %.0f°", s.name(u), un.Heading.Degrees(), un.Turret.Degrees()), To: engine.Everyone})
		}
	}
	if hold {
		un.Done = true
	}
}

// MovePreview is what a proposed move would cost: the path's length and
// movement points (roads, hedges, climbs and all), the mover's budget,
// and how far along the path that budget takes it.
type MovePreview struct {
	Unit   string  `json:"unit"`
	Length float64 `json:"length"`
	Cost   float64 `json:"cost"`
	Budget float64 `json:"budget"`
	Reach  float64 `json:"reach"`
	// Blocked names impassable ground on the path ("" for none); Cost
	// is then 0 and Reach where the vehicle must stop.
	Blocked string `json:"blocked,omitempty"`
}

// Preview returns what a proposed action would come to without taking
// it: a MovePreview for a move of a vehicle of the deciding side, nil for
// anything else.
func (s *State) Preview(a engine.Action) any {
	m, ok := a.(Move)
	if !ok {
		return nil
	}
	u := s.unitIndex(m.Unit)
	if u < 0 || s.Units[u].Side != s.pending().Side || !s.Units[u].Active() {
		return nil
	}
	path := []geom.Point{s.Units[u].Pos}
	for _, w := range m.To {
		pt := geom.Point{X: w[0], Y: w[1]}
		if !finite(pt.X) || !finite(pt.Y) || pt.X < 0 || pt.Y < 0 || pt.X > s.b.table.Width() || pt.Y > s.b.table.Height() {
			return nil // off the table: the move is refused as such
		}
		if pt.Dist(path[len(path)-1]) > 1e-9 {
			path = append(path, pt)
		}
	}
	b := s.budget(u)
	p := MovePreview{Unit: m.Unit, Length: round2(geom.Polyline(path).Length()), Budget: round2(b), Reach: round2(s.reach(path, b))}
	cost, err := s.pathCost(path)
	if err != nil {
		p.Blocked = err.Error()
	} else {
		p.Cost = round2(cost)
	}
	return p
}
