package pagano

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// Fire arcs: turret weapons 60° in all (30° either side of the turret),
// bow-mounted weapons 40° (Pagano, Firing).
const (
	TurretHalfArc = 30.0
	BowHalfArc    = 20.0
)

// MaxRange is the end of Table 2's last range band ("under 84"); no shot
// is allowed at 84" or more (ruling P7).
const MaxRange = 84.0

// AmbushLongRange is the range beyond which ambush fire takes −1.
const AmbushLongRange = 6.0

// Mod is one line of a To-Hit or Fire Effect calculation.
type Mod struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// Mods is a list of modifiers.
type Mods []Mod

// Sum returns the total of the modifiers.
func (ms Mods) Sum() int {
	n := 0
	for _, m := range ms {
		n += m.Value
	}
	return n
}

// String returns e.g. "+1 range 4-8\", −3 firer moving".
func (ms Mods) String() string {
	parts := make([]string, 0, len(ms))
	for _, m := range ms {
		parts = append(parts, fmt.Sprintf("%+d %s", m.Value, m.Name))
	}
	return strings.Join(parts, ", ")
}

// hitRangeBands is Table 2's range column: the modifier applies to a range
// under the band's limit. The first band ("under 4", +2) is lost from the
// text and designed (ruling P6).
var hitRangeBands = []struct {
	under float64
	mod   int
}{{4, 2}, {8, 1}, {12, 0}, {18, -1}, {26, -2}, {36, -3}, {48, -4}, {60, -5}, {72, -6}, {84, -7}}

// HitRangeMod returns Table 2's range modifier and whether the range is
// within the table.
func HitRangeMod(d float64) (int, bool) {
	for _, b := range hitRangeBands {
		if d < b.under {
			return b.mod, true
		}
	}
	return 0, false
}

// GunHitMod returns Table 2's firer modifier for the weapon type at range
// d: S −1 at 22-42", −2 over 42"; L +1 over 26"; VL +1 at 26-60", +2 over
// 60". "a-b" includes both ends and "over n" excludes n (ruling P7), so a
// VL gun takes +1 from 26" exactly.
func GunHitMod(gunType string, d float64) int {
	switch gunType {
	case GunShort:
		switch {
		case d > 42:
			return -2
		case d >= 22:
			return -1
		}
	case GunLong:
		if d > 26 {
			return 1
		}
	case GunVeryLong:
		switch {
		case d > 60:
			return 2
		case d >= 26:
			return 1
		}
	}
	return 0
}

// EffectRangeMod returns Table 3's range modifier. The text's example
// calls +1 the modifier "for range (6-14\")", so a first band under 6" was
// lost from the table; it is designed as +2 (ruling P6).
// rangeLabel names a range modifier: the range to a tenth of an inch,
// or in full when the tenth would read as another band of mod (5.99" is
// not "6.0"" when 6" starts the next band).
func rangeLabel(d float64, mod func(float64) int) string {
	t := fmt.Sprintf("%.1f", d)
	if r, err := strconv.ParseFloat(t, 64); err == nil && mod(r) != mod(d) {
		t = strconv.FormatFloat(d, 'f', -1, 64)
	}
	return "range " + t + "\""
}

func EffectRangeMod(d float64) int {
	switch {
	case d < 6:
		return 2
	case d < 14:
		return 1
	case d < 30:
		return 0
	case d < 54:
		return -1
	}
	return -2
}

// CalibreMod returns Table 3's weapon-size modifier for a gun of mm
// calibre. The minus signs of the bands under 70mm are lost from the text
// and restored; calibres between bands take the band below, and those under
// 28mm take −4 (ruling P8).
func CalibreMod(mm int) int {
	switch {
	case mm < 28:
		return -4
	case mm < 40:
		return -3
	case mm < 50:
		return -2
	case mm < 70:
		return -1
	case mm < 85:
		return 0
	case mm < 100:
		return 1
	case mm < 120:
		return 2
	case mm < 128:
		return 3
	case mm < 150:
		return 4
	}
	return 5
}

// TypeEffectMod returns Table 3's weapon-type modifier: L +1, VL +2;
// short and regular guns have none (ruling P8).
func TypeEffectMod(gunType string) int {
	switch gunType {
	case GunLong:
		return 1
	case GunVeryLong:
		return 2
	}
	return 0
}

// nationHitPenalty reports whether a nation's vehicles fire at −1
// (Table 2: Russian, French, Polish vehicle).
func nationHitPenalty(nation string) bool {
	switch strings.ToLower(nation) {
	case "ussr", "russia", "soviet", "soviet union", "france", "poland":
		return true
	}
	return false
}

func isRussian(nation string) bool {
	switch strings.ToLower(nation) {
	case "ussr", "russia", "soviet", "soviet union":
		return true
	}
	return false
}

// Reasons a shot is impossible, from shotOK.
const (
	shotFine = iota
	shotRange
	shotArc
	shotSight
	shotBowHullDown
	shotRussianHullDown
)

// shotOK is shotCheck without the error text, for the hot paths of
// candidates and ambush sampling. The range it returns is the hulls'
// exact range only when the target is within range and arc; for
// shotRange and shotArc it may be a bound (MaxRange, or 0), and shotCheck
// works the exact one out for its message.
func (s *State) shotOK(u int, ub geom.Box, t int, tb geom.Box) (Sight, float64, int) {
	return s.shotOKFrom(u, ub, nil, t, tb)
}

// shotOKFrom is shotOK for a caller that may have the firer's frame at
// hand (ur; nil when not), as an ambusher's is for every point of a move.
func (s *State) shotOKFrom(u int, ub geom.Box, ur *geom.Frame, t int, tb geom.Box) (Sight, float64, int) {
	if r := s.shotBounds(u, ub, tb); r != shotFine {
		return Sight{}, boundOf(r), r
	}
	if ur == nil {
		f := ub.Frame()
		ur = &f
	}
	tr := tb.Frame()
	d := ur.Distance(tr)
	if d >= MaxRange {
		return Sight{}, d, shotRange
	}
	q := s.sightFramed(u, ub, ur, t, tb, &tr)
	return q, d, s.sightBars(u, q)
}

// shotOpen reports whether shotOKFrom would find the shot fine, without
// the hulls' exact range when the centres are within range (the hulls
// are then too): an ambusher asks it at every point of a move.
// A caller asking about many targets (or many places of one) passes u's
// arc of fire (fireArc); nil when it has none.
func (s *State) shotOpen(u int, ub geom.Box, ur *geom.Frame, arc *geom.Arc, t int, tb geom.Box) bool {
	if arc == nil {
		if s.shotBounds(u, ub, tb) != shotFine {
			return false
		}
	} else if inRange(ub, tb) != shotFine || !arc.Contains(tb.Center) {
		return false
	}
	if ub.Center.Dist(tb.Center) >= MaxRange {
		if ur == nil {
			f := ub.Frame()
			ur = &f
		}
		if ur.Distance(tb.Frame()) >= MaxRange {
			return false
		}
	}
	return s.sightBars(u, s.sightFramed(u, ub, ur, t, tb, nil)) == shotFine
}

// shotBounds settles most impossible shots without the hulls' exact
// range: the centres' distance less the two bounding radii is a lower
// bound of it, and the arc needs only the centres. (The rough radii need
// no square roots, nor, compared squared, the distance.) It returns
// shotRange, shotArc, or shotFine when neither settles it.
func (s *State) shotBounds(u int, ub, tb geom.Box) int {
	if r := inRange(ub, tb); r != shotFine {
		return r
	}
	facing, half := s.arcOf(u, ub)
	if !geom.InArc(ub.Center, facing, half, tb.Center) {
		return shotArc
	}
	return shotFine
}

// inRange is shotBounds' range test: shotRange, or shotFine when it does
// not settle the shot.
func inRange(ub, tb geom.Box) int {
	v := tb.Center.Sub(ub.Center)
	if far := MaxRange + 1e-6 + ub.RoughRadius() + tb.RoughRadius(); v.X*v.X+v.Y*v.Y >= far*far {
		return shotRange
	}
	return shotFine
}

// arcOf returns the facing and half-width of u's arc of fire, standing at
// ub: its turret's, or its hull's for a bow-mounted gun.
func (s *State) arcOf(u int, ub geom.Box) (geom.Angle, geom.Angle) {
	if s.stats(u).Mount == MountBow {
		return ub.Heading, geom.Deg(BowHalfArc)
	}
	return s.Units[u].Turret, geom.Deg(TurretHalfArc)
}

// fireArc returns u's arc of fire standing at ub, readied for asking
// about many targets (shotOpen).
func (s *State) fireArc(u int, ub geom.Box) geom.Arc {
	facing, half := s.arcOf(u, ub)
	return geom.NewArc(ub.Center, facing, half)
}

// boundOf is the range shotOK reports for a shot shotBounds refused.
func boundOf(r int) float64 {
	if r == shotRange {
		return MaxRange
	}
	return 0
}

// sightBars returns why sight q bars a shot from u, or shotFine.
func (s *State) sightBars(u int, q Sight) int {
	if !q.OK {
		return shotSight
	}
	if q.ViewerHullDown {
		if s.stats(u).Mount != MountTurret {
			return shotBowHullDown
		}
		if isRussian(s.b.types[s.Units[u].Type].Nation) {
			return shotRussianHullDown
		}
	}
	return shotFine
}

// shotCheck is what a shot from u at t needs: line of sight, arc, range
// and the hull-down restrictions. It returns the sight and the range, or
// why the shot is impossible.
func (s *State) shotCheck(u int, ub geom.Box, t int, tb geom.Box) (Sight, float64, error) {
	q, d, r := s.shotOK(u, ub, t, tb)
	if r == shotRange || r == shotArc {
		// Out of range before out of arc, with the exact range.
		if d = ub.Distance(tb); d >= MaxRange {
			r = shotRange
		}
	}
	switch r {
	case shotRange:
		return q, d, fmt.Errorf("%s is %.1f\" away, beyond the last range band", s.Units[t].ID, d)
	case shotArc:
		half := TurretHalfArc
		if s.stats(u).Mount == MountBow {
			half = BowHalfArc
		}
		return q, d, fmt.Errorf("%s is outside %s's %g° arc", s.Units[t].ID, s.Units[u].ID, 2*half)
	case shotSight:
		return q, d, fmt.Errorf("no line of sight from %s to %s: %s", s.Units[u].ID, s.Units[t].ID, q.Why())
	case shotBowHullDown:
		return q, d, fmt.Errorf("%s is hull-down: only turret weapons fire from there at lower targets", s.Units[u].ID)
	case shotRussianHullDown:
		return q, d, fmt.Errorf("%s is Russian: it fires at lower targets only from within 1/2\" of the edge", s.Units[u].ID)
	}
	return q, d, nil
}

// Situation is what Tables 2 and 3 read of one shot: the two vehicles,
// the range, their markers, the facing hit and the target's cover. The
// game builds it from the table; the odds command from flags.
type Situation struct {
	Firer, Target *UnitStats
	// FirerNation decides the Russian, French or Polish −1.
	FirerNation string
	// Range is the closest hull-to-hull distance in inches.
	Range        float64
	FirerMotion  Motion
	TargetMotion Motion
	// Facing is the target's facing hit (Fire Effect armour modifier).
	Facing geom.Facing
	// HullDown: the target is hull-down (or dug in); Woods: in woods or a
	// building; Hedge: the line crosses a wall or hedge; Hedgerow: it
	// crosses a hedgerow next to a hull; Ambush: ambush fire.
	HullDown, Woods, Hedge, Hedgerow, Ambush bool

	// rev0 plays the shot under rules revision 0, where a very long gun
	// at exactly 26" took no +1. Only a game saved under that revision
	// sets it.
	rev0 bool
}

// HitMods returns Table 2's modifiers for a shot (Pagano, Firing; To-Hit).
func HitMods(sit Situation) Mods { return named(hitMods, sit) }

// hitSum returns the total of HitMods(sit) without naming the modifiers.
func hitSum(sit Situation) int { return total(hitMods, sit) }

// named lists the modifiers that table adds for sit.
func named(table func(Situation, *modList), sit Situation) Mods {
	k := modList{named: true}
	table(sit, &k)
	return k.ms
}

// modsFor returns the modifiers that table adds for sit, named only if
// named is set, and their sum.
func modsFor(table func(Situation, *modList), sit Situation, named bool) (Mods, int) {
	k := modList{named: named}
	table(sit, &k)
	return k.ms, k.sum
}

// total returns the sum of the modifiers that table adds for sit.
func total(table func(Situation, *modList), sit Situation) int {
	var k modList
	table(sit, &k)
	return k.sum
}

// modList gathers modifiers: their total, and, when named, the list.
// Names that cost work to build are built only when named.
type modList struct {
	named bool
	ms    Mods
	sum   int
}

func (k *modList) add(name string, v int) {
	if v == 0 {
		return
	}
	k.sum += v
	if k.named {
		k.ms = append(k.ms, Mod{name, v})
	}
}

func hitMods(sit Situation, k *modList) {
	d := sit.Range
	rm, _ := HitRangeMod(d)
	name := ""
	if k.named {
		name = rangeLabel(d, func(r float64) int { m, _ := HitRangeMod(r); return m })
	}
	k.add(name, rm)
	switch sit.FirerMotion {
	case Stationary:
		k.add("firer stationary", 2)
	case Moving:
		k.add("firer moving", -3)
	}
	if st := sit.Firer; st != nil && st.GunType != GunRegular {
		m := GunHitMod(st.GunType, d)
		if sit.rev0 && st.GunType == GunVeryLong && d == 26 {
			m = 0
		}
		if k.named {
			name = "gun " + st.GunType + " at range"
		}
		k.add(name, m)
	}
	if nationHitPenalty(sit.FirerNation) {
		k.add("Russian, French or Polish vehicle", -1)
	}
	switch sit.TargetMotion {
	case Moving:
		k.add("target moving", -2)
	case Stationary:
		k.add("target stationary", 1)
	}
	if sit.HullDown {
		k.add("target hull-down", -2)
	}
	if sit.Woods {
		k.add("target in woods or building", -2)
	}
	if sit.Hedge {
		k.add("through wall or hedge", -1)
	}
	if sit.Hedgerow {
		k.add("through hedgerow", -2)
	}
	if sit.Ambush && d > AmbushLongRange {
		k.add("ambush fire over 6\"", -1)
	}
}

// EffectMods returns Table 3's modifiers for a hit (Pagano, Hit Effect).
func EffectMods(sit Situation) Mods { return named(effectMods, sit) }

// effectSum returns the total of EffectMods(sit) without naming the
// modifiers.
func effectSum(sit Situation) int { return total(effectMods, sit) }

func effectMods(sit Situation, k *modList) {
	st, ts := sit.Firer, sit.Target
	name := ""
	if k.named {
		name = rangeLabel(sit.Range, EffectRangeMod)
	}
	k.add(name, EffectRangeMod(sit.Range))
	if k.named {
		name = fmt.Sprintf("%dmm gun", st.Gun)
	}
	k.add(name, CalibreMod(st.Gun))
	if st.GunType != GunRegular {
		if k.named {
			name = "weapon type " + st.GunType
		}
		k.add(name, TypeEffectMod(st.GunType))
	}
	armour := ts.Front
	switch sit.Facing {
	case geom.Side:
		armour = ts.Side
	case geom.Rear:
		armour = ts.Rear
	}
	if k.named {
		name = sit.Facing.String() + " armour"
	}
	k.add(name, armour)
}

// situation returns the Situation of a shot from u at t standing at the
// given footprints, with the sight and range.
func (s *State) situation(u int, ub geom.Box, t int, tb geom.Box, q Sight, d float64, ambush bool) Situation {
	return Situation{
		Firer: s.stats(u), Target: s.stats(t), FirerNation: s.b.types[s.Units[u].Type].Nation,
		Range: d, FirerMotion: s.Units[u].Motion, TargetMotion: s.Units[t].Motion,
		Facing:   tb.HitFacing(ub.Center),
		HullDown: q.TargetHullDown || s.dugInAt(t, tb), Woods: s.inWoodsOrBuilding(tb), Hedge: q.HedgeOrWall, Hedgerow: q.Hedgerow,
		Ambush: ambush, rev0: s.Rev < 1,
	}
}

// dugInAt reports whether unit t, standing at footprint tb, is dug in:
// only where it dug in, so that a doctrine weighing a move does not carry
// the cover along (ruling P27).
func (s *State) dugInAt(t int, tb geom.Box) bool {
	return s.Units[t].DugIn && tb.Center == s.Units[t].Pos
}

// ToHit returns the To-Hit modifiers (Table 2) of a shot from u at t
// standing at the given footprints, with the sight and range. ambush marks
// ambush fire.
func (s *State) ToHit(u int, ub geom.Box, t int, tb geom.Box, q Sight, d float64, ambush bool) Mods {
	return HitMods(s.situation(u, ub, t, tb, q, d, ambush))
}

// Effect returns the Fire Effect modifiers (Table 3) of a hit from u on t
// and the facing hit (Pagano, Hit Effect).
func (s *State) Effect(u int, ub geom.Box, t int, tb geom.Box, d float64) (Mods, geom.Facing) {
	sit := s.effectSituation(u, ub, t, tb, d)
	return EffectMods(sit), sit.Facing
}

// effectSituation is the situation Effect weighs.
func (s *State) effectSituation(u int, ub geom.Box, t int, tb geom.Box, d float64) Situation {
	return Situation{Firer: s.stats(u), Target: s.stats(t), Range: d, Facing: tb.HitFacing(ub.Center)}
}

// HitChance returns the chance that a To-Hit roll with total modifier m
// hits: d10 + m ≥ 6, a natural 1 always missing.
func HitChance(m int) float64 {
	n := 0
	for r := 2; r <= 10; r++ {
		if r+m >= 6 {
			n++
		}
	}
	return float64(n) / 10
}

// KillChance returns the chance that a Fire Effect roll with total
// modifier m wrecks the target (7+).
func KillChance(m int) float64 {
	n := 0
	for r := 1; r <= 10; r++ {
		if r+m >= 7 {
			n++
		}
	}
	return float64(n) / 10
}

// firePlan is a validated Fire action: firer and target indexes in order.
type firePlan struct {
	firers, targets []int
}

// canFire reports why unit u cannot fire in the current fire phase, or nil.
func (s *State) canFire(u int) error {
	un := &s.Units[u]
	switch s.fireBar(u) {
	case barOut:
		return fmt.Errorf("%s is not in action", un.ID)
	case barStunned:
		return fmt.Errorf("%s is stunned", un.ID)
	case barUnloaded:
		return fmt.Errorf("%s has fired and is not loaded (%d shot marker(s))", un.ID, un.Shots)
	case barFired:
		return fmt.Errorf("%s has already fired in this phase", un.ID)
	}
	return nil
}

// Why a vehicle may not fire now (fireBar), or barNone.
const (
	barNone = iota
	barOut
	barStunned
	barUnloaded
	barFired
)

// fireBar returns why unit u may not fire now, or barNone: canFire
// without its message.
func (s *State) fireBar(u int) int {
	un := &s.Units[u]
	switch {
	case !un.Active():
		return barOut
	case un.Stunned:
		return barStunned
	case un.Shots >= s.rate(u):
		return barUnloaded
	case un.FiredIn == s.Serial:
		return barFired
	}
	return barNone
}

// planFire checks fire action a and returns its plan, its firers and
// targets appended to p's (empty) lists: a caller done with the plan
// before it returns may pass buffers on its stack.
func (s *State) planFire(a Fire, p firePlan) (firePlan, error) {
	if len(a.Shots) == 0 {
		return p, errorf("fire: no shots declared; use hold-fire to save them")
	}
	side := s.pending().Side
	for _, sh := range a.Shots {
		u, t := s.unitIndex(sh.Unit), s.unitIndex(sh.Target)
		switch {
		case u < 0:
			return p, errorf("fire: no unit %q", sh.Unit)
		case t < 0:
			return p, errorf("fire: no target %q", sh.Target)
		case s.Units[u].Side != side:
			return p, errorf("fire: %s is not %s's", sh.Unit, s.b.sides[side].id)
		case s.Units[t].Side == side:
			return p, errorf("fire: %s is a friendly vehicle", sh.Target)
		case !s.Units[t].Active():
			return p, errorf("fire: %s is not on the table", sh.Target)
		}
		for _, f := range p.firers {
			if f == u {
				return p, errorf("fire: %s is declared twice", sh.Unit)
			}
		}
		if err := s.canFire(u); err != nil {
			return p, errorf("fire: %v", err)
		}
		if _, _, err := s.shotCheck(u, s.box(u), t, s.box(t)); err != nil {
			return p, errorf("fire: %v", err)
		}
		p.firers = append(p.firers, u)
		p.targets = append(p.targets, t)
	}
	return p, nil
}

// resolveFire resolves the declared shots in order. A shot at a target
// already taken out of action is spent without a roll: the firer is taken
// to have fired at it too (Pagano, Firing). A firer itself taken out of
// action by an earlier shot's consequences (a stunned target's errant turn
// running into it while it retreats, ruling P22) fires no more: its shot
// is lost, and no shot marker is placed (ruling P29; from rules revision
// 2, before which it fired).
func (s *State) resolveFire(p firePlan, src dice.Source, out engine.Emitter) {
	for i, u := range p.firers {
		t := p.targets[i]
		un := &s.Units[u]
		if !un.Active() && s.Rev >= 2 {
			out.Emit(engine.Event{Kind: "fire", Text: fmt.Sprintf("%s is out of action before its shot at %s: the shot is lost", s.name(u), s.Units[t].ID), To: engine.Everyone})
			continue
		}
		un.Shots++
		un.FiredIn = s.Serial
		if !s.Units[t].Active() {
			out.Emit(engine.Event{Kind: "fire", Text: fmt.Sprintf("%s fires at %s too, already out of action", s.name(u), s.Units[t].ID), To: engine.Everyone})
			continue
		}
		s.shoot(u, t, false, src, out)
	}
}

// shoot rolls To-Hit and, on a hit, Fire Effect for a shot from u at t.
func (s *State) shoot(u, t int, ambush bool, src dice.Source, out engine.Emitter) {
	ub, tb := s.box(u), s.box(t)
	q, d, err := s.shotCheck(u, ub, t, tb)
	if err != nil {
		// Positions changed since the declaration (an errant turn);
		// the shot is lost.
		out.Emit(engine.Event{Kind: "fire", Text: fmt.Sprintf("%s's shot at %s is lost: %v", s.name(u), s.Units[t].ID, err), To: engine.Everyone})
		return
	}
	// The modifiers are named only for the events' text.
	quiet := engine.Quiet(out)
	hm, hsum := modsFor(hitMods, s.situation(u, ub, t, tb, q, d, ambush), !quiet)
	roll := dice.D10(src)
	total := roll + hsum
	hit := hits(roll, hsum)
	word := "misses"
	if hit {
		word = "hits"
	}
	kind := "fire"
	if ambush {
		kind = "ambush-fire"
	}
	if !quiet {
		out.Emit(engine.Event{Kind: kind, Text: fmt.Sprintf("%s fires at %s at %.1f\": rolls %d %s = %d, %s", s.name(u), s.name(t), d, roll, modsText(hm), total, word), To: engine.Everyone,
			Data: map[string]any{"firer": s.Units[u].ID, "target": s.Units[t].ID, "roll": roll, "total": total, "hit": hit}})
	}
	if !hit {
		return
	}
	if s.stats(t) == nil || s.hasSpecial(t, Unarmoured) {
		s.wreck(t, "unarmoured, wrecked by the hit", out)
		return
	}
	esit := s.effectSituation(u, ub, t, tb, d)
	em, esum := modsFor(effectMods, esit, !quiet)
	facing := esit.Facing
	er := dice.D10(src)
	et := er + esum
	sub := 0 // the second d10 of a 6
	if et == 6 {
		sub = dice.D10(src)
	}
	res := effectOf(et, sub)
	if !quiet {
		text, data := fmt.Sprintf("  effect on the %s: rolls %d %s = %d: %s", facing, er, modsText(em), et, res), []int{er, et}
		if sub > 0 {
			text, data = fmt.Sprintf("  effect on the %s: rolls %d %s = %d: stun or immobilize, rolls %d", facing, er, modsText(em), et, sub), []int{er, et, sub}
		}
		out.Emit(engine.Event{Kind: "effect", Text: text, To: engine.Everyone, Data: data})
	}
	switch res {
	case EffectStunned:
		s.stun(t, src, out)
	case EffectImmobilized:
		s.immobilize(t, src, out)
	case EffectWrecked:
		s.wreck(t, "destroyed", out)
	}
}

func modsText(ms Mods) string {
	n := ms.Sum()
	if n == 0 {
		return "+0"
	}
	return fmt.Sprintf("%+d [%s]", n, ms)
}

func (s *State) hasSpecial(u int, name string) bool {
	for _, sp := range s.b.types[s.Units[u].Type].Special {
		if sp == name {
			return true
		}
	}
	return false
}

// targets returns the enemy vehicles unit u may fire at now.
func (s *State) targets(u int) []int {
	var out []int
	s.eachTarget(u, func(t int) bool {
		out = append(out, t)
		return true
	})
	return out
}

// eachTarget calls yield with each enemy vehicle unit u may fire at now,
// in order, until yield returns false.
func (s *State) eachTarget(u int, yield func(t int) bool) {
	ub := s.box(u)
	arc := s.fireArc(u, ub)
	for t := range s.Units {
		if s.Units[t].Side == s.Units[u].Side || !s.Units[t].Active() {
			continue
		}
		// shotOpen: shotOK's answer without the hulls' exact distance
		// where the centres are in range.
		if s.shotOpen(u, ub, nil, &arc, t, s.box(t)) && !yield(t) {
			return
		}
	}
}

// canFireAny reports whether any vehicle of side has a legal shot. With
// a memo the answer is kept under everything it depends on (fireKey): a
// search meets the same layout at fire phase after fire phase.
func (s *State) canFireAny(side int) bool {
	m := s.memo
	if m == nil {
		return s.findShot(side)
	}
	key := s.fireKey(side, m.fireBuf[:0])
	m.fireBuf = key
	sl := &m.fires[fireHash(key)&(fireSlots-1)]
	if sl.gen == m.gen && bytes.Equal(sl.key, key) {
		return sl.ok
	}
	v := s.findShot(side)
	sl.key, sl.gen, sl.ok = append(sl.key[:0], key...), m.gen, v
	m.fireFills++
	return v
}

// findShot is canFireAny worked out: it looks for a shot until it finds
// one.
func (s *State) findShot(side int) bool {
	for u := range s.Units {
		if s.Units[u].Side != side || s.fireBar(u) != barNone {
			continue
		}
		found := false
		s.eachTarget(u, func(int) bool {
			found = true
			return false
		})
		if found {
			return true
		}
	}
	return false
}

// shotValue is the chance that a shot from u at t wrecks it outright, for
// candidate ordering.
func (s *State) shotValue(u, t int, ambush bool) float64 {
	ub, tb := s.box(u), s.box(t)
	q, d, r := s.shotOK(u, ub, t, tb)
	if r != shotFine {
		return 0
	}
	return HitChance(hitSum(s.situation(u, ub, t, tb, q, d, ambush))) * KillChance(effectSum(s.effectSituation(u, ub, t, tb, d)))
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
