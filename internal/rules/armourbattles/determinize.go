package armourbattles

import (
	"cmp"
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
)

// unseenBy reports whether unit u is one that side may not see: an enemy
// unit hidden on the table or not on it at all.
func (s *State) unseenBy(side, u int) bool {
	un := &s.Units[u]
	return un.Side != side && !un.Dispersed && (!un.Placed || un.Hidden)
}

// HidesFrom reports whether side's enemy may hold anything back that
// Determinize would redraw: hidden units on the table, or, once the
// enemy's free set-up (What Next?) is done, a company none of whose units
// side has seen (hidden, or still in reserve: side cannot tell which).
// Both follow from what side knows: the order of battle, which units
// start hidden in a fixed set-up, and every unit it has seen.
func (s *State) HidesFrom(side int) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side && u.Hidden && u.Placed && !u.Dispersed {
			return true
		}
	}
	return len(s.unseenCompanies(side)) > 0
}

// unseenCompanies returns the companies of side's enemy that side has
// seen nothing of, when the enemy has a free set-up and has finished
// setting up (every unit on the table or in reserve): each may wait
// hidden on the table or in reserve.
func (s *State) unseenCompanies(side int) []string {
	enemy := 1 - side
	if s.b.sides[enemy].free == nil || !s.setUpDone(enemy) {
		return nil
	}
	var out []string
	for _, co := range s.companies(enemy) {
		if s.companyUnseen(side, co) {
			out = append(out, co)
		}
	}
	return out
}

// companyUnseen reports whether side sees none of company co of its
// enemy.
func (s *State) companyUnseen(side int, co string) bool {
	for m := range s.companyMembers(1-side, co) {
		if !s.unseenBy(side, m) {
			return false
		}
	}
	return true
}

// Determinize returns a copy holding only what side may know of its
// enemy, the rest drawn from src (ruling R55):
//   - which company an unseen unit joined at set-up: a Battle 2 or 3
//     Puma one of the reserve companies side has seen nothing of
//     (redrawJoins), a unit of a free set-up as redrawRegroups says;
//   - under a free set-up the enemy has finished, each enemy company side
//     has seen nothing of waits hidden on the table or in reserve, drawn
//     afresh (at most the scenario's number of hidden companies in all);
//   - every hidden enemy unit stands at a spot drawn from where it could
//     have set up: in its side's zone, as its company's placement
//     requires (behind cover, on the edge, together), off every unit, more
//     than 15" from side's units (which would have spotted it), facing
//     side's edge;
//   - no hidden unit has had an order this turn or is in the enemy's
//     activation (side is not told to whom an order went), nor has a unit
//     in sight whose order went to a group with hidden units, and an open
//     opportunity-fire window of the enemy's holds, of the units side
//     cannot see, only the hidden ones where they are drawn.
func (s *State) Determinize(side int, src dice.Source) engine.State {
	return s.determinize(nil, side, src)
}

// DeterminizeReusing is Determinize, built in old's storage when old is
// an Armour Battles state nothing else refers to (engine.Reuser).
func (s *State) DeterminizeReusing(old engine.State, side int, src dice.Source) engine.State {
	return s.determinize(engine.Reusable(s, old), side, src)
}

// determinize is Determinize, in into's storage unless into is nil.
func (s *State) determinize(into *State, side int, src dice.Source) engine.State {
	c := s.cloneInto(into)
	c.redrawJoins(s, side, src)
	c.redrawRegroups(s, side, src)
	c.redrawStations(side, src)
	// Lift every hidden enemy unit first, so no draw depends on where
	// another one really stands.
	var hidden []int
	for i := range c.Units {
		u := &c.Units[i]
		if u.Side != side && u.Hidden && u.Placed && !u.Dispersed {
			u.Placed, u.Activated, u.Rallied = false, false, false
			hidden = append(hidden, i)
		}
		// An enemy unit given an order with hidden units was not named to
		// side (its view leaves it unmarked): nor is it in the copy, once
		// that activation is over.
		if u.Side != side && u.SecretOrder && (c.Act == nil || c.Act.index(i) < 0) {
			u.Activated, u.SecretOrder = false, false
		}
	}
	if c.Act != nil && c.Active != side {
		// Out of the enemy's activation goes every unit side cannot
		// see, hidden or now drawn into reserve.
		var unseen []int
		for _, u := range c.Act.Units {
			if s.unseenBy(side, u) {
				unseen = append(unseen, u)
			}
		}
		c.leaveOut(unseen)
	}
	for _, i := range hidden {
		c.placeUnseen(i, side, src)
	}
	c.redrawWindow(s, side, hidden)
	return c
}

// leaveOut takes units out of c's activation.
func (c *State) leaveOut(units []int) {
	a := c.Act
	keep := 0
	for k, u := range a.Units {
		if !slices.Contains(units, u) {
			a.Units[keep], a.Start[keep], a.Moved[keep] = u, a.Start[k], a.Moved[k]
			keep++
		}
	}
	a.Units, a.Start, a.Moved = a.Units[:keep], a.Start[:keep], a.Moved[:keep]
}

// setUpDone reports whether side has finished setting up: every unit on
// the table or in reserve.
func (s *State) setUpDone(side int) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && !u.Placed && !u.Reserve {
			return false
		}
	}
	return true
}

// redrawJoins draws afresh, in the copy c of s, which reserve company each
// enemy unit that may join one (a Battle 2 or 3 Puma) and that side cannot
// see has joined: one of the reserve companies side has seen nothing of,
// one such unit per company, as the set-up requires. Where none is left
// it stays where it is. Free set-ups (What Next?) are not redrawn here.
func (c *State) redrawJoins(s *State, side int, src dice.Source) {
	enemy := 1 - side
	if c.b.sides[enemy].free != nil || !c.setUpDone(enemy) {
		return
	}
	var open []*scenario.Company // reserve companies side has seen nothing of
	for k := range c.b.sc.Sides[enemy].Reserves {
		if co := &c.b.sc.Sides[enemy].Reserves[k]; s.companyUnseen(side, co.Name) {
			open = append(open, co)
		}
	}
	if len(open) == 0 {
		return
	}
	for i := range c.Units {
		u := &c.Units[i]
		home := c.b.home[u.ID]
		if u.Side != enemy || home == nil || !home.MayJoinReserves || !s.unseenBy(side, i) || len(open) == 0 {
			continue
		}
		k := src.Die(len(open)) - 1
		co := open[k]
		open = slices.Delete(open, k, k+1)
		u.Company, u.Regrouped = co.Name, true
		u.Reserve, u.Arrive, u.Hidden, u.Placed = true, max(1, co.EarliestTurn), false, false
		u.Pos, u.Heading = geom.Point{}, c.b.towardEnemy(enemy)
	}
}

// redrawRegroups draws afresh, in the copy c of s, the companies of the
// enemy units side cannot see under a free set-up that the enemy has
// finished: a unit whose company as listed holds none of the units side
// sees is taken to be still in it; another (its listed company is on the
// table, or arrived, without it) joined one of the companies side has
// seen nothing of that has room, drawn, or else waits hidden in one of
// the companies with room, drawn (no more of them than may be hidden), or,
// where the draws have left no room, in any company that may take it
// (no more hidden companies than may be), drawn.
func (c *State) redrawRegroups(s *State, side int, src dice.Source) {
	enemy := 1 - side
	if c.b.sides[enemy].free == nil || !c.setUpDone(enemy) {
		return
	}
	seen := map[string]bool{}        // companies holding a unit side sees
	size := map[string]int{}         // units in each company, as drawn so far
	recon := map[string]bool{}       // companies with a reconnaissance unit
	join := func(co string, u int) { // u counts in co
		size[co]++
		recon[co] = recon[co] || c.hasSpecial(u, Recon)
	}
	var unseen []int
	for i := range c.Units {
		u := &c.Units[i]
		if u.Side != enemy {
			continue
		}
		if s.unseenBy(side, i) {
			unseen = append(unseen, i)
			continue
		}
		seen[u.Company] = true
		join(u.Company, i)
	}
	var names []string // the companies as listed (of units, not batteries)
	for _, cos := range [][]scenario.Company{c.b.sc.Sides[enemy].Forces, c.b.sc.Sides[enemy].Reserves} {
		for _, co := range cos {
			if slices.ContainsFunc(co.Units, func(r scenario.UnitRef) bool { return c.unitIndex(r.ID) >= 0 }) {
				names = append(names, co.Name)
			}
		}
	}
	room := func(co string, u int) bool {
		limit := MaxGroup
		if recon[co] || c.hasSpecial(u, Recon) {
			limit++
		}
		return size[co] < limit
	}
	// First the units taken to be in their listed companies, then the
	// others into what room is left.
	var moved []int
	for _, i := range unseen {
		u := &c.Units[i]
		if home := c.b.home[u.ID]; home != nil && !seen[home.Name] {
			u.Company, u.Regrouped = home.Name, false
			join(home.Name, i)
		} else if home != nil {
			moved = append(moved, i)
		}
	}
	var hid []string // companies given a hidden unit below
	for _, i := range moved {
		u := &c.Units[i]
		var open, any []string
		for _, co := range names {
			if !room(co, i) {
				continue
			}
			if !seen[co] {
				open = append(open, co)
			}
			if len(hid) < c.b.sides[enemy].free.MaxHiddenGroups || slices.Contains(hid, co) {
				any = append(any, co)
			}
		}
		var to string
		switch {
		case len(open) > 0:
			to = open[src.Die(len(open))-1] // its start is drawn with the company's
		case len(any) > 0:
			// Every company with room holds a unit side sees: it waits
			// hidden among one of them.
			to = any[src.Die(len(any))-1]
			u.Hidden, u.Placed, u.Reserve, u.Arrive = true, true, false, 0
			if !slices.Contains(hid, to) {
				hid = append(hid, to)
			}
		default:
			// No company has room as drawn so far (the draws above filled
			// the one it is really in): any company may take it, drawn, so
			// that nothing of where it really is stays in the copy.
			may := slices.DeleteFunc(slices.Clone(names), func(co string) bool {
				return seen[co] && len(hid) >= c.b.sides[enemy].free.MaxHiddenGroups && !slices.Contains(hid, co)
			})
			if len(may) == 0 {
				may = names
			}
			to = may[src.Die(len(may))-1]
			if seen[to] {
				u.Hidden, u.Placed, u.Reserve, u.Arrive = true, true, false, 0
				if !slices.Contains(hid, to) {
					hid = append(hid, to)
				}
			}
		}
		u.Company, u.Regrouped = to, to != c.b.home[u.ID].Name
		join(to, i)
	}
}

// redrawStations draws afresh, in c, how each enemy company side has seen
// nothing of starts under a free set-up: hidden on the table (then placed
// by Determinize) or in reserve, each even odds while hidden companies
// are left, in an order drawn too. Companies known to be hidden, those
// with a unit still hidden among units side has seen, count against the
// limit. (A hidden company wholly revealed is not known as one: the state
// does not record it.)
func (c *State) redrawStations(side int, src dice.Source) {
	cos := c.unseenCompanies(side)
	if len(cos) == 0 {
		return
	}
	enemy := 1 - side
	free := c.b.sides[enemy].free
	left := free.MaxHiddenGroups
	for _, co := range c.companies(enemy) {
		if slices.Contains(cos, co) {
			continue
		}
		for m := range c.companyMembers(enemy, co) {
			if c.Units[m].Hidden && c.Units[m].Placed {
				left--
				break
			}
		}
	}
	for i := len(cos) - 1; i > 0; i-- {
		k := src.Die(i+1) - 1
		cos[i], cos[k] = cos[k], cos[i]
	}
	for _, co := range cos {
		hidden := left > 0 && src.Die(2) == 1
		if hidden {
			left--
		}
		for m := range c.companyMembers(enemy, co) {
			u := &c.Units[m]
			u.Hidden, u.Placed, u.Reserve, u.Arrive, u.Activated, u.Rallied = hidden, hidden, !hidden, 0, false, false
			if !hidden {
				// Off the table, where a unit never placed stands.
				u.Arrive, u.Pos, u.Heading = free.ReserveFrom, geom.Point{}, c.b.towardEnemy(u.Side)
			}
		}
	}
}

// unseenTries is how many spots Determinize draws for a hidden unit
// before it settles for a guess.
const unseenTries = 60

// spotKey names a pool of spots: a side's units of a type, set up under a
// placement rule ("" for none).
type spotKey struct {
	side, typ int
	place     string
}

// spotStep is the spacing of the grid of spots drawn over a deployment
// zone, in inches.
const spotStep = 1.0

// spotPool returns the spots where unit i could have set up, facing the
// enemy, as far as the table and its zone tell: a grid over its zone and
// the spots the deploy candidates use, kept where the footprint lies in
// the zone and meets its company's placement (on the edge, behind cover).
// The pool depends only on the board, so it is worked out once a board.
func (c *State) spotPool(i int) []geom.Point {
	u := &c.Units[i]
	key := spotKey{side: u.Side, typ: u.Type}
	if home := c.b.home[u.ID]; home != nil && !u.Regrouped {
		key.place = home.Placement
	}
	if v, ok := c.b.spotPools.Load(key); ok {
		return v.([]geom.Point)
	}
	h := c.b.towardEnemy(u.Side)
	spots := c.tableSpots(i, h)
	for _, z := range c.b.sides[u.Side].zones {
		r := z.Bounds()
		for x := r.Min.X + spotStep/2; x < r.Max.X; x += spotStep {
			for y := r.Min.Y + spotStep/2; y < r.Max.Y; y += spotStep {
				spots = append(spots, geom.Point{X: x, Y: y})
			}
		}
	}
	var pool []geom.Point
	for _, p := range spots {
		b := c.boxAt(i, p, h)
		if !c.b.inZone(u.Side, b) {
			continue
		}
		if d, limit := c.placementGap(u.Side, key.place, b); d > limit+1e-9 {
			continue
		}
		pool = append(pool, p)
	}
	// West to east, for placeUnseen's look around a company mate.
	slices.SortFunc(pool, func(a, b geom.Point) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y)) })
	v, _ := c.b.spotPools.LoadOrStore(key, pool)
	return v.([]geom.Point)
}

// placeUnseen puts hidden unit i (lifted off the table) at a spot drawn
// from src where it could have set up unseen by side (spotPool): within
// 6" of a company mate placed when the company sets up together, off
// every unit, more than 15" from side's units. When no such spot turns
// up, it draws again as often without the company mates (they may have
// moved away since), and only then settles for a guess.
func (c *State) placeUnseen(i, side int, src dice.Source) {
	u := &c.Units[i]
	u.Placed = true
	zones := c.b.sides[u.Side].zones
	h := c.b.towardEnemy(u.Side)
	pool := c.spotPool(i)
	if len(zones) == 0 || len(pool) == 0 {
		// Nowhere to draw from: the table's centre, a guess that owes
		// nothing to where the unit really is.
		u.Pos, u.Heading = geom.Point{X: c.b.table.Width() / 2, Y: c.b.table.Height() / 2}, h
		return
	}
	var mates []geom.Point // company mates placed, when it sets up together
	if c.together(i) {
		for m := range c.companyMembers(u.Side, u.Company) {
			if m != i && c.Units[m].Placed {
				mates = append(mates, c.Units[m].Pos)
			}
		}
	}
	reach := GroupRadius + c.b.radius[u.Type] // how far a mate's centre may be
	for try := range 2 * unseenTries {
		var p geom.Point
		if try < unseenTries && len(mates) > 0 {
			// A spot of the pool within reach of a mate drawn: the
			// pool runs west to east.
			m := mates[src.Die(len(mates))-1]
			lo, _ := slices.BinarySearchFunc(pool, m.X-reach, func(p geom.Point, x float64) int { return cmp.Compare(p.X, x) })
			hi, _ := slices.BinarySearchFunc(pool, m.X+reach, func(p geom.Point, x float64) int { return cmp.Compare(p.X, x) })
			if lo >= hi {
				continue
			}
			if p = pool[lo+src.Die(hi-lo)-1]; p.Dist(m) > reach {
				continue
			}
		} else {
			p = pool[src.Die(len(pool))-1]
		}
		b := c.boxAt(i, p, h)
		if try < unseenTries && len(mates) > 0 {
			bf := b.Frame()
			if !slices.ContainsFunc(mates, func(m geom.Point) bool { return bf.DistToPoint(m) <= GroupRadius+1e-9 }) {
				continue
			}
		}
		if c.overlappingAny(i, b) >= 0 || c.spottedBy(side, b) {
			continue
		}
		u.Pos, u.Heading = p, h
		return
	}
	// No spot found: the centre of its side's first zone, facing the
	// enemy's edge, again owing nothing to where it really is.
	u.Pos, u.Heading = zones[0].Bounds().Center(), h
}

// spottedBy reports whether a hidden unit at b would be within 15" of one
// of side's units.
func (c *State) spottedBy(side int, b geom.Box) bool {
	rb := math.Hypot(b.Length, b.Width) / 2
	var bf geom.Frame // b's, once needed
	for _, o := range c.unitsOf(side) {
		// Footprints lie no nearer than their centres less both bounding
		// radii: skip the exact distance for units clearly too far.
		if c.Units[o].Pos.Dist(b.Center)-rb-c.b.radius[c.Units[o].Type] > SpotDistance+1e-6 {
			continue
		}
		if bf == (geom.Frame{}) {
			bf = b.Frame()
		}
		if c.frame(o).Distance(bf) <= SpotDistance {
			return true
		}
	}
	return false
}

// redrawWindow mends, in the determinized copy c of s, an open
// opportunity-fire window of side's enemy: the spans of units side cannot
// see in s (worked out from where they really stand, or held by a company
// now drawn into reserve) are dropped, and those of hidden's units worked
// out where they are drawn.
func (c *State) redrawWindow(s *State, side int, hidden []int) {
	w := c.Window
	if w == nil || c.Active != side {
		return // no window, or it is side's own
	}
	nw := &Window{Kind: w.Kind, Target: w.Target}
	for _, sp := range w.Spans {
		if !s.unseenBy(side, sp.Unit) {
			nw.Spans = append(nw.Spans, sp)
		}
	}
	if len(hidden) == 0 && len(nw.Spans) == len(w.Spans) {
		return // nothing side cannot see
	}
	switch {
	case len(hidden) == 0:
	case w.Kind == "move":
		if m := c.currentMover(); m != nil {
			nw.Spans = append(nw.Spans, c.moveSpans(m, hidden)...)
		}
	default:
		sight := c.sightFrom(1 - side)
		fb := c.box(w.Target)
		for _, u := range hidden {
			if c.canAnswer(sight, u, w.Target, fb) {
				nw.Spans = append(nw.Spans, Span{Unit: u, Effective: -1, Short: -1})
			}
		}
	}
	slices.SortFunc(nw.Spans, func(a, b Span) int { return cmp.Compare(a.Unit, b.Unit) })
	// Whether the real window is a decoy is the enemy's secret (R56): in
	// the copy it is one when none of the units drawn can answer.
	nw.Decoy = len(nw.Spans) == 0
	c.Window = nw
}
