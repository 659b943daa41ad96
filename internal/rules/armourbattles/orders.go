package armourbattles

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// GroupRadius is the command radius: members within 6" of the leader,
// measured from the leader's centre to the closest point of the member
// (Armour Battles, Creating a Command Group).
const GroupRadius = 6.0

// MaxGroup is the leader plus three units; one reconnaissance unit more.
const MaxGroup = 4

// --- deployment ---

func (s *State) validateDeploy(a Deploy) error {
	u := s.unitIndex(a.Unit)
	if u < 0 {
		return errorf("deploy: no unit %q", a.Unit)
	}
	un := &s.Units[u]
	if un.Side != s.Active {
		return errorf("deploy: %s is not %s's unit", a.Unit, s.b.sides[s.Active].id)
	}
	if un.Placed {
		return errorf("deploy: %s is already on the table", a.Unit)
	}
	if un.Reserve {
		return errorf("deploy: %s waits in reserve and enters from turn %d with Commit Reserves", a.Unit, un.Arrive)
	}
	if !geom.ValidDegrees(a.Facing) {
		return errorf("deploy: %s facing %g is not a direction in degrees between -%d and %d", a.Unit, a.Facing, geom.MaxDegrees, geom.MaxDegrees)
	}
	if w, h := s.b.table.Width(), s.b.table.Height(); !(a.X >= 0 && a.X <= w && a.Y >= 0 && a.Y <= h) {
		return errorf("deploy: %s at (%g, %g) is off the %g×%g\" table", a.Unit, a.X, a.Y, w, h)
	}
	box := s.boxAt(u, geom.Point{X: a.X, Y: a.Y}, geom.Deg(a.Facing))
	if !s.b.inZone(un.Side, box) {
		return errorf("deploy: %s at (%.1f, %.1f) is not wholly inside %s's deployment zone", a.Unit, a.X, a.Y, s.b.sides[un.Side].name)
	}
	if o := s.overlapping(u, box); o >= 0 {
		return errorf("deploy: %s at (%.1f, %.1f) overlaps %s", a.Unit, a.X, a.Y, s.Units[o].ID)
	}
	return s.placementErr(u, box)
}

func (s *State) applyDeploy(a Deploy, src dice.Source, out engine.Emitter) {
	u := s.unitIndex(a.Unit)
	un := &s.Units[u]
	un.Pos, un.Heading, un.Placed = geom.Point{X: a.X, Y: a.Y}, geom.Deg(a.Facing), true
	to, how := engine.Everyone, "deploys"
	if un.Hidden {
		to, how = un.Side, "deploys hidden"
	}
	out.Emit(engine.Event{Kind: "deploy", Text: fmt.Sprintf("%s %s at (%.1f, %.1f) facing %.0f°", s.name(u), how, a.X, a.Y, compass(a.Facing)), To: to,
		Data: map[string]any{"unit": un.ID, "x": round2(a.X), "y": round2(a.Y), "heading": round2(a.Facing)}})
	s.nextSetup(src, out)
}

// overlapping returns a placed unit (other than u) whose footprint
// overlaps box, or -1. Hidden enemies are left out: u's side cannot know
// of them (see overlappingAny).
func (s *State) overlapping(u int, box geom.Box) int { return s.overlaps(u, box, false, nil) }

// overlappingAny is overlapping with the hidden enemies too: where a move
// physically ends, a hidden unit stops it short as any unit does (ruling
// R36).
func (s *State) overlappingAny(u int, box geom.Box) int { return s.overlaps(u, box, true, nil) }

// overlaps returns an active unit other than u, and not in skip, whose
// footprint overlaps box (u's footprint somewhere), or -1. Hidden enemies
// of u count only if hiddenToo.
func (s *State) overlaps(u int, box geom.Box, hiddenToo bool, skip []int) int {
	r := s.b.radius[s.Units[u].Type]
	var bf geom.Frame // box's, once needed
	for i := range s.Units {
		o := &s.Units[i]
		if i == u || !o.Active() || !hiddenToo && o.Hidden && o.Side != s.Units[u].Side {
			continue // a hidden enemy is not on the table yet
		}
		if o.Pos.Dist(box.Center) > r+s.b.radius[o.Type] || slices.Contains(skip, i) {
			continue // bounding circles apart, or left out
		}
		if bf == (geom.Frame{}) {
			bf = box.Frame()
		}
		// s.box(i).Overlaps(box), with i's frame kept (State.frame).
		if s.frame(i).Overlaps(bf) {
			return i
		}
	}
	return -1
}

// --- dice chains and staff orders ---

func (s *State) validateChain(a ChooseChain) error {
	sd := &s.Sides[s.Active]
	if a.Wild < 0 || a.Staff < 0 {
		return errorf("choose-chain: negative wild dice or staff orders")
	}
	if a.Wild > sd.Wild() {
		return errorf("choose-chain: %d wild dice asked, %d available", a.Wild, sd.Wild())
	}
	if a.Staff > sd.Staff {
		return errorf("choose-chain: %d staff orders asked, %d available", a.Staff, sd.Staff)
	}
	switch {
	case a.Face == 6:
		if a.Wild < 1 {
			return errorf("choose-chain: a chain of wild dice needs at least one wild die")
		}
	case a.Face >= 2 && a.Face <= 5:
		if sd.Dice[a.Face] == 0 {
			return errorf("choose-chain: no dice showing %d (have %s)", a.Face, s.chainsText(s.Active))
		}
	default:
		return errorf("choose-chain: face %d; choose 2-5 or 6 for wild dice", a.Face)
	}
	return nil
}

func (s *State) chainsText(side int) string {
	sd := &s.Sides[side]
	var parts []string
	for f := 2; f <= 5; f++ {
		if sd.Dice[f] > 0 {
			parts = append(parts, fmt.Sprintf("%d×%d", sd.Dice[f], f))
		}
	}
	if w := sd.Wild(); w > 0 {
		parts = append(parts, fmt.Sprintf("%d wild", w))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func (s *State) applyChain(a ChooseChain, out engine.Emitter) {
	sd := &s.Sides[s.Active]
	n := 0
	if a.Face != 6 {
		n = sd.Dice[a.Face]
		sd.Dice[a.Face] = 0
		sd.Spent += n
	}
	for i := 0; i < a.Wild; i++ {
		sd.spendWild()
	}
	sd.Staff -= a.Staff
	s.ChainSize = n + a.Wild + a.Staff
	s.Slots = s.ChainSize
	s.AllWild = a.Face == 6 && a.Staff == 0
	s.Phase = phaseOrders
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "chain", Text: fmt.Sprintf("%s uses a chain of %d (%s)", s.b.sides[s.Active].name, s.ChainSize, chainWords(a, n)), To: engine.Everyone})
	}
}

func chainWords(a ChooseChain, n int) string {
	var parts []string
	if a.Face != 6 {
		parts = append(parts, fmt.Sprintf("%d×%d", n, a.Face))
	}
	if a.Wild > 0 {
		parts = append(parts, fmt.Sprintf("%d wild", a.Wild))
	}
	if a.Staff > 0 {
		parts = append(parts, fmt.Sprintf("%d staff", a.Staff))
	}
	return strings.Join(parts, " + ")
}

func (s *State) validateConvertWild(a ConvertWild) error {
	if a.N < 1 || a.N > s.Sides[s.Active].Wild() {
		return errorf("convert-wild: %d wild dice; %d available", a.N, s.Sides[s.Active].Wild())
	}
	return nil
}

// applyConvertWild restocks staff orders one for one from wild dice,
// usable next turn (Armour Battles, Stocking Staff Orders with Wild Dice).
func (s *State) applyConvertWild(a ConvertWild, out engine.Emitter) {
	sd := &s.Sides[s.Active]
	for i := 0; i < a.N; i++ {
		sd.spendWild()
	}
	s.addStaff(s.Active, a.N, false)
	out.Emit(engine.Event{Kind: "restock", Text: fmt.Sprintf("%s turns %d wild dice into staff orders for next turn", s.b.sides[s.Active].name, a.N), To: engine.Everyone})
	if s.Phase == phaseChain && sd.DiceLeft() == 0 {
		s.Phase = phaseOrders // nothing left to chain: the pulse ends
	}
}

// addStaff adds staff orders, instant or for next turn, capped at the
// number of command dice (Armour Battles, Maximum Number of Staff Orders).
func (s *State) addStaff(side, n int, instant bool) {
	sd := &s.Sides[side]
	room := max(0, s.b.sides[side].params.CommandDice-sd.Staff-sd.StaffNew)
	n = min(n, room)
	if instant {
		sd.Staff += n
	} else {
		sd.StaffNew += n
	}
}

func (s *State) validateRestock() error {
	if s.Slots != s.ChainSize || s.ChainSize < 2 {
		return errorf("restock: needs a whole, unused chain of two or more dice (chain %d, %d orders left)", s.ChainSize, s.Slots)
	}
	return nil
}

// applyRestock turns the chain into staff orders: one fewer than its size
// (Armour Battles, Restocking Staff Orders; Instant Staff Orders).
func (s *State) applyRestock(out engine.Emitter) {
	n := s.ChainSize - 1
	s.addStaff(s.Active, n, s.AllWild)
	when := "next turn"
	if s.AllWild {
		when = "at once (instant)"
	}
	out.Emit(engine.Event{Kind: "restock", Text: fmt.Sprintf("%s restocks %s, usable %s", s.b.sides[s.Active].name, count(n, "staff order"), when), To: engine.Everyone})
	s.Slots = 0
}

// --- command groups ---

func (s *State) validateRemoveSuppression(a RemoveSuppression) error {
	u := s.unitIndex(a.Unit)
	if u < 0 || s.Units[u].Side != s.Active || !s.Units[u].Active() {
		return errorf("remove-suppression: %q is not one of your units on the table", a.Unit)
	}
	if !s.Units[u].Suppressed {
		return errorf("remove-suppression: %s is not suppressed", a.Unit)
	}
	if s.Units[u].Activated {
		// Only a wild die or staff order (unsuppress) can now.
		return errorf("remove-suppression: %s has been activated this turn; only a wild die or staff order can remove its suppression now", a.Unit)
	}
	return nil
}

// group resolves and checks a command group: the leader plus members
// within 6", at most three (a fourth if one is reconnaissance), none
// activated this turn, suppressed units only alone (Armour Battles,
// Command Groups; Activation Restrictions; Reconnaissance).
func (s *State) group(order, leader string, members []string) ([]int, error) {
	return s.groupIn(make([]int, 0, 1+len(members)), order, leader, members)
}

// groupIn is group with the units appended to dst[:0], for a caller that
// only checks the group and can hold them on its stack.
func (s *State) groupIn(dst []int, order, leader string, members []string) ([]int, error) {
	l := s.unitIndex(leader)
	if l < 0 || s.Units[l].Side != s.Active || !s.Units[l].Active() {
		return nil, errorf("%s: leader %q is not one of your units on the table", order, leader)
	}
	units := append(dst[:0], l)
	recon := 0
	if s.hasSpecial(l, Recon) {
		recon++ // a reconnaissance leader is the group's extra unit too
	}
	for _, m := range members {
		u := s.unitIndex(m)
		if u < 0 || s.Units[u].Side != s.Active || !s.Units[u].Active() {
			return nil, errorf("%s: member %q is not one of your units on the table", order, m)
		}
		for _, x := range units {
			if x == u {
				return nil, errorf("%s: %s is named twice", order, m)
			}
		}
		if d := s.frame(u).DistToPoint(s.Units[l].Pos); d > GroupRadius+1e-9 {
			return nil, errorf("%s: %s is %.1f\" from leader %s; the limit is 6\"", order, m, d, leader)
		}
		if s.hasSpecial(u, Recon) {
			recon++
		}
		units = append(units, u)
	}
	limit := MaxGroup
	if recon > 0 {
		limit++
	}
	if len(units) > limit {
		return nil, errorf("%s: %d units in the group; at most %d", order, len(units), limit)
	}
	for _, u := range units {
		un := &s.Units[u]
		if un.Activated {
			return nil, errorf("%s: %s has already been activated this turn", order, un.ID)
		}
		if un.Suppressed && len(units) > 1 {
			return nil, errorf("%s: %s is suppressed and can only be activated alone", order, un.ID)
		}
	}
	return units, nil
}

func (s *State) hasSpecial(u int, name string) bool {
	for _, sp := range s.b.types[s.Units[u].Type].Special {
		if sp == name {
			return true
		}
	}
	return false
}

func (s *State) validateActivate(a Activate) error {
	switch a.Order {
	case OrderMoveFire, OrderDisengage:
		if a.Dice < 1 || a.Dice > 3 {
			return errorf("%s: %d dice; use 1 (single), 2 (double) or 3 (triple)", a.Order, a.Dice)
		}
	case OrderRally:
		if a.Dice != 1 {
			return errorf("rally: uses exactly one die")
		}
	case OrderReserves:
		if a.Dice > s.Slots {
			return errorf("reserves: no die left in the chain")
		}
		units, err := s.reserveUnits(a)
		if err != nil {
			return err
		}
		_, err = s.entryBoxes(units, a.Entry)
		return err
	default:
		return errorf("activate: unknown order %q (move-fire, disengage, rally, reserves)", a.Order)
	}
	if a.Dice > s.Slots {
		return errorf("%s: %d dice asked, %d left in the chain", a.Order, a.Dice, s.Slots)
	}
	var buf [MaxGroup + 2]int
	units, err := s.groupIn(buf[:0], a.Order, a.Leader, a.Members)
	if err != nil {
		return err
	}
	if a.Order == OrderDisengage {
		// Disengaging is moving: a broken-down Tiger, or one repaired this
		// turn, cannot (Tiger I, Poor Reliability).
		for _, u := range units {
			if un := &s.Units[u]; un.BrokeDown != 0 {
				return errorf("disengage: %s has broken down; repair it first (from the turn after it broke down)", un.ID)
			} else if un.Repaired == s.Turn {
				return errorf("disengage: %s was repaired this turn and cannot move until next turn", un.ID)
			}
		}
	}
	if a.Order == OrderRally {
		for _, u := range units {
			if s.Units[u].Suppressed {
				return errorf("rally: %s is suppressed and cannot rally", s.Units[u].ID)
			}
		}
		if err := s.validateBoostUse(a.Wild, a.Staff); err != nil {
			return err
		}
		if (a.Wild || a.Staff) && !contains(units, s.unitIndex(a.BoostUnit)) {
			return errorf("rally: boost unit %q is not in the group", a.BoostUnit)
		}
	} else if a.Order == OrderDisengage && (a.Wild || a.Staff) {
		// One wild die or staff order gives the disengaging group its
		// maximum move: a variable die becomes a 6 (Replace a Variable
		// Move Dice; ruling R48).
		if a.Wild && a.Staff || a.BoostUnit != "" {
			return errorf("disengage: one wild die or one staff order replaces a variable die, not both, and for the group (no boost_unit)")
		}
		if err := s.validateBoostUse(a.Wild, a.Staff); err != nil {
			return err
		}
	} else if a.Wild || a.Staff || a.BoostUnit != "" {
		return errorf("%s: wild dice and staff orders are added to a unit's fire or move, not to the order", a.Order)
	}
	return nil
}

// validateBoostUse checks one wild die and/or one staff order for the
// active side (at most one of each per action).
func (s *State) validateBoostUse(wild, staff bool) error {
	sd := &s.Sides[s.Active]
	if wild && sd.Wild() == 0 {
		return errorf("no wild dice left")
	}
	if staff && sd.Staff == 0 {
		return errorf("no staff orders left")
	}
	return nil
}

func (s *State) spendBoost(side int, wild, staff bool) int {
	n := 0
	if wild {
		s.Sides[side].spendWild()
		n++
	}
	if staff {
		s.Sides[side].Staff--
		n++
	}
	return n
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// sayActivate emits the events of a command order given to units.
func (s *State) sayActivate(a Activate, units []int, out engine.Emitter) {
	ids := make([]string, len(units))
	for i, u := range units {
		ids[i] = s.Units[u].ID
	}
	text := fmt.Sprintf("%s: %s order with %s for %s", s.b.sides[s.Active].name, a.Order, diceCount(a.Dice), strings.Join(ids, ", "))
	if to := s.to(units...); to != engine.Everyone {
		// The enemy learns only that an order was given.
		out.Emit(engine.Event{Kind: "activate", Text: fmt.Sprintf("%s gives a %s order with %s", s.b.sides[s.Active].name, a.Order, diceCount(a.Dice)), To: 1 - to})
		out.Emit(engine.Event{Kind: "activate", Text: text, To: to})
	} else {
		out.Emit(engine.Event{Kind: "activate", Text: text, To: engine.Everyone})
	}
}

func (s *State) applyActivate(a Activate, src dice.Source, out engine.Emitter) {
	if a.Order == OrderReserves {
		units, _ := s.reserveUnits(a)
		s.Slots -= a.Dice
		s.commitReserves(units, a, out)
		return
	}
	units, _ := s.group(a.Order, a.Leader, a.Members)
	s.Slots -= a.Dice
	secret := s.to(units...) != engine.Everyone
	for _, u := range units {
		s.Units[u].Activated, s.Units[u].SecretOrder = true, secret
	}
	if !engine.Quiet(out) {
		s.sayActivate(a, units, out)
	}
	switch a.Order {
	case OrderRally:
		boost := s.spendBoost(s.Active, a.Wild, a.Staff)
		for _, u := range units {
			extra := 0
			if u == s.unitIndex(a.BoostUnit) {
				extra = boost
			}
			s.rally(u, extra, src, out)
			s.named(u)
		}
		return
	case OrderDisengage:
		s.Act = s.newActivation(a.Order, units, a.Dice)
		s.Phase = phaseActivation
		s.startDisengage(a, src, out)
		return
	}
	s.Act = s.newActivation(a.Order, units, a.Dice)
	s.Phase = phaseActivation
}

func (s *State) newActivation(order string, units []int, n int) *Activation {
	// One allocation for the activation and its lists, when they fit.
	b := &actBuf{act: Activation{Order: order, Units: units, Dice: n}}
	act := &b.act
	if k := len(units); k <= MaxGroup+1 {
		act.Moved = b.moved[:k:k]
		if k > 0 {
			act.Start = b.start[:0:k]
		}
	} else {
		act.Moved = make([]bool, k)
	}
	for _, u := range units {
		act.Start = append(act.Start, s.box(u))
	}
	return act
}

// --- rallying ---

// RallyTN returns the rally target number for a distance to the nearest
// enemy: 6+ up to 6", 5+ up to 12", 4+ up to 24", 3+ up to 36", 2+ beyond
// (Armour Battles, Rally Table; a distance on a band's edge belongs to the
// nearer band).
func RallyTN(dist float64) int {
	switch {
	case dist <= 6:
		return 6
	case dist <= 12:
		return 5
	case dist <= 24:
		return 4
	case dist <= 36:
		return 3
	}
	return 2
}

// rally rolls one unit's rally: rally dice (+1 in or behind cover, +1 with
// no line of sight to any enemy, + wild/staff) at the distance's TN against
// one opposing die per disruption point at 4+; each net success removes a
// point (Armour Battles, How to Rally).
func (s *State) rally(u, extra int, src dice.Source, out engine.Emitter) {
	un := &s.Units[u]
	un.Rallied = true
	if un.DP == 0 {
		out.Emit(engine.Event{Kind: "rally", Text: s.name(u) + " has no disruption to rally", To: s.to(u)})
		return
	}
	n, tn := s.rallyPool(u, extra)
	r := dice.Pool(src, n, tn)
	o := dice.Pool(src, un.DP, 4)
	removed := min(un.DP, max(0, r.Successes-o.Successes))
	un.DP -= removed
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "rally", Text: fmt.Sprintf("%s rallies: %dD at %d+ scores %d against %d; %d disruption removed (%d left)", s.name(u), n, tn, r.Successes, o.Successes, removed, un.DP), To: s.to(u)})
	}
}

// rallyPool is unit u's rally dice, with extra more, and their target
// number: the side's rally dice, one more in cover and one more out of
// sight of every enemy, at the number the nearest enemy's distance gives
// (How to Rally; hidden enemies do not count, as they are not on the
// table yet).
func (s *State) rallyPool(u, extra int) (n, tn int) {
	un := &s.Units[u]
	nearest, seen := 1e9, false
	for _, e := range s.enemiesOf(un.Side) {
		nearest = min(nearest, s.frame(u).Distance(s.frame(e)))
		if !seen && s.canSee(u, e) {
			seen = true
		}
	}
	n = s.b.sides[un.Side].params.RallyDice + extra
	if s.inCover(u, -1) {
		n++
	}
	if !seen {
		n++
	}
	return n, RallyTN(nearest)
}

// compass returns a heading in degrees as 0 to 360, as the UI shows it.
func compass(deg float64) float64 {
	if d := math.Mod(deg, 360); d < 0 {
		return d + 360
	} else {
		return d
	}
}

// diceCount says "1 die", "2 dice".
func diceCount(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

// count says "1 order", "2 orders".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
