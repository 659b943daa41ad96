package odds

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/geom"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// Question is one shot asked about away from any game, as a player beside
// a real table asks it: two unit types by id, name or alias, the measured
// range and the situation. It is what the server's table-side calculator
// (GET /api/odds) takes; the field names of the errors are its query
// parameters.
type Question struct {
	Rules         string // ab.Name or pagano.Name
	Firer, Target string
	Range         float64
	HasRange      bool // Range was given

	// Armour Battles: the target's Disruption Points, and the modifiers of
	// `sandtable odds`.
	TargetDP                                    int
	Artillery, Flank, Cover, Uphill, Suppressed bool
	Moves, AttackWild, ReactionWild             int
	Ambush                                      bool // both rulesets
	BreakOff, Disengaging, Scoot                bool

	// Pagano: the side of the target the firer sees (front, side, rear),
	// each vehicle's motion (stopped, moving, stationary; empty is
	// stopped, except a target under ambush fire, which is moving: ruling
	// P18), and the target's cover. Hedgerow: the line of fire crosses a
	// hedgerow within 1" of either hull (ruling P12).
	Aspect                           string
	FirerMotion, TargetMotion        string
	HullDown, Woods, Hedge, Hedgerow bool
}

// Units is where a Question's unit types are looked up; *scenario.Catalog
// is one.
type Units interface {
	UnitType(rules, idOrName string) (*scenario.UnitType, error)
	Units(rules string) []*scenario.UnitType
	RulesWithUnits() []string
}

// Situational is an Armour Battles Answer: the unit types' names, the
// range and its band, and the outcome distribution.
type Situational struct {
	Firer  string  `json:"firer"`
	Target string  `json:"target"`
	Range  float64 `json:"range"`
	Band   string  `json:"band,omitempty"`
	Result
}

// Answer returns the exact odds of q: a Situational under Armour Battles,
// a pagano.Report under Pagano's rules. The error names the field that is
// wrong and why.
func Answer(units Units, q Question) (any, error) {
	if q.Firer == "" || q.Target == "" {
		return nil, fmt.Errorf("firer and target: both unit types are needed (an id, name or alias each)")
	}
	if q.HasRange && (q.Range < 0 || math.IsNaN(q.Range) || math.IsInf(q.Range, 0)) {
		return nil, fmt.Errorf("range: a distance of 0 inches or more, got %v", q.Range)
	}
	if q.Rules != ab.Name && q.Rules != pagano.Name {
		return nil, fmt.Errorf("rules: %q has no shot odds (armour-battles or pagano)", q.Rules)
	}
	firer, err := unitType(units, q.Rules, "firer", q.Firer)
	if err != nil {
		return nil, err
	}
	target, err := unitType(units, q.Rules, "target", q.Target)
	if err != nil {
		return nil, err
	}
	if q.Rules == pagano.Name {
		return answerPagano(q, firer, target)
	}
	return answerArmourBattles(q, firer, target)
}

// unitType looks field's unit type up; the error lists the ruleset's unit
// types, and says so when the name is one of another ruleset's.
func unitType(units Units, rules, field, name string) (*scenario.UnitType, error) {
	u, err := units.UnitType(rules, name)
	if err == nil {
		return u, nil
	}
	names, other := Unknown(units, rules, name)
	hint := ""
	if other != "" {
		hint = fmt.Sprintf(" (%q is a unit type of %s: ask with rules=%s)", name, other, other)
	}
	return nil, fmt.Errorf("%s: no unit type %q in %s%s; its unit types (by name, id or short form): %s", field, name, rules, hint, strings.Join(names, ", "))
}

// Unknown says what a message about a unit type name that rules does not
// have needs: the names of the unit types it has, and another ruleset
// that has one of that name ("" if none).
func Unknown(units Units, rules, name string) (names []string, other string) {
	for _, u := range units.Units(rules) {
		names = append(names, u.Name)
	}
	for _, r := range units.RulesWithUnits() {
		if _, err := units.UnitType(r, name); err == nil && r != rules {
			return names, r
		}
	}
	return names, ""
}

func answerArmourBattles(q Question, firer, target *scenario.UnitType) (any, error) {
	offTable := isOffTable
	switch {
	case offTable(target):
		return nil, fmt.Errorf("target: %q is off-table artillery, which cannot be fired on", target.Name)
	case offTable(firer) && !q.Artillery:
		return nil, fmt.Errorf("firer: %q is off-table artillery: ask with artillery=true, for fire for effect", firer.Name)
	case !offTable(firer) && q.Artillery:
		return nil, fmt.Errorf("artillery: the firer %q is not off-table artillery; artillery=true is for fire for effect", firer.Name)
	case q.Artillery && (q.Moves > 1 || q.Ambush):
		return nil, fmt.Errorf("moves, ambush: off-table artillery neither moves nor fires from ambush")
	case !q.HasRange && !q.Artillery:
		return nil, fmt.Errorf("range: missing: the closest hull-to-hull distance in inches (off-table artillery, artillery=true, needs none)")
	case q.TargetDP < 0 || q.TargetDP >= DisperseAt:
		return nil, fmt.Errorf("target_dp: 0, 1 or 2 (3 points disperse a unit), got %d", q.TargetDP)
	case q.Moves == 0:
		q.Moves = 1
	}
	bonuses := 0
	for _, b := range []bool{q.BreakOff, q.Disengaging, q.Scoot} {
		if b {
			bonuses++
		}
	}
	if bonuses > 1 {
		return nil, fmt.Errorf("break_off, disengaging, scoot: at most one (the +2D does not stack)")
	}
	for _, c := range []struct {
		set            bool
		field, special string
	}{{q.BreakOff, "break_off", ab.BreakOff}, {q.Scoot, "scoot", ab.ShootAndScoot}} {
		if c.set && !slices.Contains(target.Special, c.special) {
			return nil, fmt.Errorf("%s: the target %q has no %s ability", c.field, target.Name, c.special)
		}
	}
	shot := ab.Shot{
		Firer: firer, Target: target, Range: q.Range,
		Flank: q.Flank, Cover: q.Cover, Uphill: q.Uphill, TargetSuppressed: q.Suppressed,
		Moves: q.Moves, Ambush: q.Ambush, AttackWild: q.AttackWild, ReactionWild: q.ReactionWild,
		BreakOff: q.BreakOff, Disengaging: q.Disengaging, Scoot: q.Scoot,
		Artillery: q.Artillery,
	}
	d, err := shot.Dice()
	if err != nil {
		return nil, fmt.Errorf("the shot: %s", strings.TrimPrefix(err.Error(), "armour-battles: "))
	}
	return Situational{Firer: firer.Name, Target: target.Name, Range: q.Range, Band: d.Band, Result: Compute(d, q.TargetDP)}, nil
}

func answerPagano(q Question, firer, target *scenario.UnitType) (any, error) {
	sit, unarmoured, err := PaganoSituation(q, firer, target)
	if err != nil {
		return nil, err
	}
	if q.Range >= pagano.MaxRange {
		return pagano.NewReport(firer.Name, target.Name, sit, false, pagano.Odds{}), nil
	}
	o, err := pagano.ShotOdds(sit, unarmoured)
	if err != nil {
		return nil, fmt.Errorf("the shot: %s", strings.TrimPrefix(err.Error(), "pagano: "))
	}
	return pagano.NewReport(firer.Name, target.Name, sit, true, o), nil
}

// PaganoSituation is q's Pagano situation, and whether the target is
// unarmoured: the table-side calculator's and `sandtable odds --rules
// pagano`'s. The errors name q's fields as the query parameters do
// (aspect, firer_motion, target_motion).
func PaganoSituation(q Question, firer, target *scenario.UnitType) (pagano.Situation, bool, error) {
	sit, err := paganoTable(q)
	if err != nil {
		return sit, false, err
	}
	sit, unarmoured, err := pagano.UnitSituation(firer, target, sit)
	if err != nil {
		return sit, false, fmt.Errorf("the shot: %s", strings.TrimPrefix(err.Error(), "pagano: "))
	}
	return sit, unarmoured, nil
}

// paganoTable is the part of q's Pagano situation that does not depend
// on the two vehicles: the range, the aspect, the motions and the cover.
func paganoTable(q Question) (pagano.Situation, error) {
	if !q.HasRange {
		return pagano.Situation{}, fmt.Errorf("range: missing: the distance in inches")
	}
	sit := pagano.Situation{Range: q.Range, HullDown: q.HullDown, Woods: q.Woods, Hedge: q.Hedge, Hedgerow: q.Hedgerow, Ambush: q.Ambush}
	switch strings.ToLower(q.Aspect) {
	case "front":
		sit.Facing = geom.Front
	case "side":
		sit.Facing = geom.Side
	case "rear":
		sit.Facing = geom.Rear
	case "":
		return pagano.Situation{}, fmt.Errorf("aspect: missing: the side of the target the firer sees, front, side or rear")
	default:
		return pagano.Situation{}, fmt.Errorf("aspect: %q: want front, side or rear", q.Aspect)
	}
	if q.Ambush {
		// Ambush fire takes a vehicle on the move (ruling P18).
		switch strings.ToLower(q.TargetMotion) {
		case "", "moving":
			q.TargetMotion = "moving"
		default:
			return pagano.Situation{}, fmt.Errorf("target_motion: %q: ambush fire is at a moving target (ruling P18); leave target_motion out or give moving", q.TargetMotion)
		}
	}
	for _, m := range []struct {
		field, v string
		to       *pagano.Motion
	}{{"firer_motion", q.FirerMotion, &sit.FirerMotion}, {"target_motion", q.TargetMotion, &sit.TargetMotion}} {
		switch strings.ToLower(m.v) {
		case "", "stopped":
			*m.to = pagano.Stopped
		case "moving":
			*m.to = pagano.Moving
		case "stationary":
			*m.to = pagano.Stationary
		default:
			return pagano.Situation{}, fmt.Errorf("%s: %q: want stopped (moved and halted), moving or stationary", m.field, m.v)
		}
	}
	return sit, nil
}

// Rolled is a Question's odds and one roll of its dice: an
// ab.ShotRoll under Armour Battles, a pagano.ShotRoll under Pagano's
// rules.
type Rolled struct {
	Seed uint64 `json:"seed"`
	Odds any    `json:"odds"`
	Roll any    `json:"roll"`
}

// Roll answers q (as Answer does) and rolls the shot from seed, die by
// die as the game rolls it, for a player beside a real table who would
// rather the dice were rolled for them. The same seed gives the same
// dice. A Pagano shot beyond Table 2 rolls nothing.
func Roll(units Units, q Question, seed uint64) (Rolled, error) {
	ans, err := Answer(units, q)
	if err != nil {
		return Rolled{}, err
	}
	out := Rolled{Seed: seed, Odds: ans}
	src := dice.NewPCG(seed)
	switch a := ans.(type) {
	case Situational:
		out.Roll = ab.RollShot(a.Dice(), a.TargetDP, src)
	case pagano.Report:
		if !a.InRange {
			out.Roll = pagano.ShotRoll{Result: "out of range", Outcome: "beyond Table 2's last band: no shot"}
			break
		}
		firer, _ := unitType(units, q.Rules, "firer", q.Firer)
		target, _ := unitType(units, q.Rules, "target", q.Target)
		sit, unarmoured, err := PaganoSituation(q, firer, target)
		if err != nil {
			return Rolled{}, err
		}
		out.Roll = pagano.RollShot(sit, unarmoured, src)
	}
	return out, nil
}
