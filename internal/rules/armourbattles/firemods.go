package armourbattles

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/scenario"
)

// Target numbers (Armour Battles, Fire Modifiers; Reaction Dice).
const (
	// BaseTN is the attack TN at effective range, and for off-table
	// artillery firing for effect at any range.
	BaseTN = 4
	// ReactionTN is the Reaction Check TN of an unsuppressed unit.
	ReactionTN = 4
	// SuppressedReactionTN is the Reaction Check TN of a suppressed unit.
	SuppressedReactionTN = 5
)

// MaxWild is the most wild dice and Staff Orders a Shot may add to one roll:
// one Command Dice wild die plus one Staff Order.
const MaxWild = 2

// Range bands returned by [RangeBand] and found in [ShotDice.Band].
const (
	BandShort      = "short"
	BandEffective  = "effective"
	BandLong       = "long"
	BandOutOfRange = "out of range"
	BandArtillery  = "artillery"
)

// Shot is one attack's situation (Armour Battles, Direct Fire; Indirect
// Fire). The zero value of every field but Firer and Target is the plain
// case: a frontal shot by a unit that has not moved at an unsuppressed
// target in the open.
type Shot struct {
	// Firer is the shooting unit; it is off-table artillery exactly when
	// Artillery is set.
	Firer, Target *scenario.UnitType
	// Range is the closest hull-to-hull distance in inches; ignored for
	// artillery.
	Range float64
	// Flank is a flank or rear attack: −1 TN, and sloped armour reacts with
	// its second figure. Ignored for artillery, which has no TN modifiers
	// and always meets sloped armour's second figure.
	Flank bool
	// Cover is a target in or behind light cover: +1D reaction against
	// direct fire only (Light Cover and Artillery).
	Cover bool
	// Uphill is a target uphill of the firer: +1D reaction against direct
	// fire only.
	Uphill bool
	// TargetSuppressed makes the Reaction Check TN 5+ instead of 4+.
	TargetSuppressed bool
	// Moves is the firer's moves this activation: 0 or 1 costs nothing, 2
	// (a double move) −1D, 3 (a triple move) −2D (Multiple Move).
	Moves int
	// Ambush is hidden-unit ambush fire: +1D (Ambush Fire).
	Ambush bool
	// AttackWild and ReactionWild are wild dice and Staff Orders added to
	// the attack and to the Reaction Check, 0..MaxWild each.
	AttackWild, ReactionWild int
	// BreakOff, Disengaging and Scoot are the target breaking off,
	// disengaging or shooting and scooting: +2D reaction, once however many
	// apply.
	BreakOff, Disengaging, Scoot bool
	// Artillery is off-table artillery firing for effect.
	Artillery bool
}

// ShotDice is the dice of one attack and its Reaction Check.
type ShotDice struct {
	AttackDice   int `json:"attack_dice"`
	AttackTN     int `json:"attack_tn"`
	ReactionDice int `json:"reaction_dice"`
	ReactionTN   int `json:"reaction_tn"`
	// InRange is false for a target beyond long range: the unit fires but
	// misses, and every dice field is 0.
	InRange bool `json:"in_range"`
	// Band is one of the Band constants.
	Band string `json:"band"`
	// ArtillerySuppression is set when the target must roll more sixes than
	// the attacker, not merely as many, to avoid suppression (Suppression
	// From Artillery).
	ArtillerySuppression bool `json:"artillery_suppression,omitempty"`
}

// RangeBand returns the range band of a target rng inches from a unit with
// stats, the TN modifier it gives and whether the target is in range.
// Each band includes its upper bound: with ranges 7/14/28, 7" is short,
// 14" effective and 28" long, and beyond 28" is out of range. Off-table
// artillery always fires at effective range, so its band is BandArtillery
// with no modifier. A unit without three range bands has nothing in range.
func RangeBand(stats *UnitStats, rng float64) (band string, tnMod int, inRange bool) {
	switch {
	case stats.OffTable():
		return BandArtillery, 0, true
	case len(stats.Range) != 3 || math.IsNaN(rng):
		return BandOutOfRange, 0, false
	case rng <= float64(stats.Range[0]):
		return BandShort, -1, true
	case rng <= float64(stats.Range[1]):
		return BandEffective, 0, true
	case rng <= float64(stats.Range[2]):
		return BandLong, +1, true
	}
	return BandOutOfRange, 0, false
}

// Dice returns the dice rolled for the shot. It reports an error for a
// situation that cannot occur: a missing unit or stats, a firer without AT
// Dice, direct fire from off-table artillery or artillery fire from a unit
// on the table, fire at off-table artillery, a negative range, Moves
// outside 0..3, wild dice outside 0..MaxWild, or a moving or ambushing
// artillery battery.
func (s Shot) Dice() (ShotDice, error) {
	fs, ts, err := s.check()
	if err != nil {
		return ShotDice{}, err
	}
	d := ShotDice{
		ReactionTN:           ReactionTN,
		ArtillerySuppression: s.Artillery && slices.Contains(s.Firer.Special, ArtillerySuppression),
	}
	if s.TargetSuppressed {
		d.ReactionTN = SuppressedReactionTN
	}

	// Fire Modifiers: TN.
	band, tnMod, inRange := RangeBand(fs, s.Range)
	if !inRange {
		// How to Fire: out of range, the unit fires but misses.
		return ShotDice{Band: band}, nil
	}
	d.InRange, d.Band = true, band
	d.AttackTN = BaseTN + tnMod
	if s.Flank && !s.Artillery {
		d.AttackTN-- // Flank and Rear Attacks
	}

	// Fire Modifiers: AT Dice.
	d.AttackDice = fs.AT
	if s.Moves > 1 {
		d.AttackDice -= s.Moves - 1 // Multiple Move: double −1D, triple −2D
	}
	if s.Ambush {
		d.AttackDice++ // Ambush Fire
	}
	d.AttackDice += s.AttackWild
	// A unit rolls at least one die however much it moved. No unit in the
	// rulebook has fewer than 4 AT Dice, so the clamp only guards unit
	// files of our own; the rules are silent on it.
	d.AttackDice = max(d.AttackDice, 1)

	// Reaction Checks: dice.
	d.ReactionDice = reactionDice(s, ts)
	if !s.Artillery {
		if s.Cover {
			d.ReactionDice++ // Cover Dice; not against artillery
		}
		if s.Uphill {
			d.ReactionDice++ // Target Uphill
		}
	}
	if s.BreakOff || s.Disengaging || s.Scoot {
		d.ReactionDice += 2 // Break-Off, Disengage, Shoot and Scoot
	}
	d.ReactionDice += s.ReactionWild
	return d, nil
}

// reactionDice returns the target's own Reaction Dice for the shot, before
// situational modifiers. The figures in the unit file already include
// sloped armour, low profile and open-topped (see UnitStats); only when
// reaction_artillery is absent is the artillery figure derived here from
// the specials: sloped armour's second figure, one die fewer for a low
// profile (no benefit against artillery) and one fewer for open-topped.
func reactionDice(s Shot, ts *UnitStats) int {
	switch {
	case s.Artillery && ts.ReactionArtillery > 0:
		return ts.ReactionArtillery
	case s.Artillery:
		n := ts.Reaction
		if slices.Contains(s.Target.Special, SlopedArmour) && ts.ReactionFlank > 0 {
			n = ts.ReactionFlank
		}
		if slices.Contains(s.Target.Special, LowProfile) {
			n--
		}
		if slices.Contains(s.Target.Special, OpenTopped) {
			n--
		}
		return max(n, 1)
	case s.Flank && ts.ReactionFlank > 0:
		return ts.ReactionFlank // Sloped Armour: second figure
	}
	return ts.Reaction
}

// check validates the shot and returns the firer's and target's stats.
func (s Shot) check() (fs, ts *UnitStats, err error) {
	if s.Firer == nil || s.Target == nil {
		return nil, nil, errors.New("armour-battles: shot needs a firer and a target")
	}
	fs, ok := s.Firer.Stats.(*UnitStats)
	if !ok || fs == nil {
		return nil, nil, fmt.Errorf("armour-battles: firer %q has no Armour Battles stats", s.Firer.Name)
	}
	ts, ok = s.Target.Stats.(*UnitStats)
	if !ok || ts == nil {
		return nil, nil, fmt.Errorf("armour-battles: target %q has no Armour Battles stats", s.Target.Name)
	}
	switch {
	case fs.AT < 1:
		return nil, nil, fmt.Errorf("armour-battles: firer %q has no AT Dice", s.Firer.Name)
	case s.Artillery && !fs.OffTable():
		return nil, nil, fmt.Errorf("armour-battles: %q is not off-table artillery and cannot fire for effect", s.Firer.Name)
	case !s.Artillery && fs.OffTable():
		return nil, nil, fmt.Errorf("armour-battles: off-table artillery %q cannot use direct fire, only fire for effect", s.Firer.Name)
	case ts.OffTable():
		return nil, nil, fmt.Errorf("armour-battles: off-table artillery %q cannot be fired on", s.Target.Name)
	case ts.Reaction < 1:
		return nil, nil, fmt.Errorf("armour-battles: target %q has no Reaction Dice", s.Target.Name)
	case !s.Artillery && (s.Range < 0 || math.IsNaN(s.Range)):
		return nil, nil, fmt.Errorf("armour-battles: range %v is not a distance", s.Range)
	case s.Moves < 0 || s.Moves > 3:
		return nil, nil, fmt.Errorf("armour-battles: moves %d is not 0, 1, 2 (double) or 3 (triple)", s.Moves)
	case s.Artillery && (s.Moves > 1 || s.Ambush):
		return nil, nil, fmt.Errorf("armour-battles: off-table artillery %q neither moves nor fires from ambush", s.Firer.Name)
	case s.AttackWild < 0 || s.AttackWild > MaxWild:
		return nil, nil, fmt.Errorf("armour-battles: attack wild dice %d outside 0..%d", s.AttackWild, MaxWild)
	case s.ReactionWild < 0 || s.ReactionWild > MaxWild:
		return nil, nil, fmt.Errorf("armour-battles: reaction wild dice %d outside 0..%d", s.ReactionWild, MaxWild)
	}
	return fs, ts, nil
}
