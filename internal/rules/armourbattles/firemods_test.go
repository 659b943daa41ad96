package armourbattles_test

import (
	"fmt"
	"strings"
	"testing"

	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
)

// catalogUnit returns a rulebook unit from the embedded unit file.
func catalogUnit(t *testing.T, name string) *scenario.UnitType {
	t.Helper()
	c, err := scenario.Embedded()
	if err != nil {
		t.Fatalf("scenario.Embedded() = %v", err)
	}
	u, err := c.UnitType(ab.Name, name)
	if err != nil {
		t.Fatalf("UnitType(%q) = %v", name, err)
	}
	return u
}

// unit returns a hand-made unit type, so modifier tests do not depend on
// the data file.
func unit(name string, s ab.UnitStats, special ...string) *scenario.UnitType {
	return &scenario.UnitType{ID: strings.ToLower(name), Name: name, Rules: ab.Name, Stats: &s, Special: special}
}

var (
	pz4 = unit("Panzer IV H", ab.UnitStats{Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 5,
		Weapon: "75L48 gun", Range: []int{8, 16, 32}, AT: 8})
	m4 = unit("M4 75mm", ab.UnitStats{Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 5,
		Weapon: "75L38 gun", Range: []int{7, 14, 28}, AT: 7})
	panther = unit("Panther Ausf G", ab.UnitStats{Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 7,
		ReactionFlank: 6, ReactionArtillery: 6, Weapon: "75L70 gun", Range: []int{9, 18, 36}, AT: 9}, ab.SlopedArmour)
	stug = unit("Sturmgeschütz III", ab.UnitStats{Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 6,
		ReactionArtillery: 5, Weapon: "75L48 gun", Range: []int{8, 16, 32}, AT: 8, FireArc: 180}, ab.LowProfile)
	m10 = unit("M10 Tank Destroyer", ab.UnitStats{Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 5,
		ReactionArtillery: 4, Weapon: "76L52 gun", Range: []int{8, 16, 32}, AT: 8},
		ab.ShootAndScoot, ab.BreakOff, ab.OpenTopped)
	howitzer = unit("105L28 Howitzer", ab.UnitStats{Class: ab.ClassOffTableArtillery, Weapon: "105L28 howitzer", AT: 4},
		ab.ArtillerySuppression)
	plainArtillery = unit("Mortars", ab.UnitStats{Class: ab.ClassOffTableArtillery, Weapon: "mortar", AT: 3})

	// Units whose file leaves reaction_artillery out, so it is derived.
	openTopped = unit("Open", ab.UnitStats{Class: ab.ClassLightAFV, Move: ab.MoveFast, Reaction: 5,
		Weapon: "gun", Range: []int{6, 12, 24}, AT: 5}, ab.OpenTopped)
	lowProfile = unit("Low", ab.UnitStats{Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 6,
		Weapon: "gun", Range: []int{8, 16, 32}, AT: 8}, ab.LowProfile)
	sloped = unit("Sloped", ab.UnitStats{Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 7,
		ReactionFlank: 6, Weapon: "gun", Range: []int{9, 18, 36}, AT: 9}, ab.SlopedArmour)
	oneGun = unit("Pop-gun", ab.UnitStats{Class: ab.ClassLightAFV, Move: ab.MoveFast, Reaction: 3,
		Weapon: "gun", Range: []int{4, 8, 16}, AT: 1})
)

func TestRangeBand(t *testing.T) {
	gun := &ab.UnitStats{Class: ab.ClassMediumAFV, Range: []int{7, 14, 28}}
	tests := []struct {
		rng     float64
		band    string
		tnMod   int
		inRange bool
	}{
		{0, ab.BandShort, -1, true},
		{6.5, ab.BandShort, -1, true},
		{7, ab.BandShort, -1, true}, // each band includes its upper bound
		{7.01, ab.BandEffective, 0, true},
		{12, ab.BandEffective, 0, true},
		{14, ab.BandEffective, 0, true}, // Opportunity Fire example: 14" is effective range
		{14.01, ab.BandLong, 1, true},
		{28, ab.BandLong, 1, true},
		{28.01, ab.BandOutOfRange, 0, false},
		{100, ab.BandOutOfRange, 0, false},
	}
	for _, tt := range tests {
		band, mod, in := ab.RangeBand(gun, tt.rng)
		if band != tt.band || mod != tt.tnMod || in != tt.inRange {
			t.Errorf("RangeBand(7/14/28, %v) = %q, %d, %v, want %q, %d, %v",
				tt.rng, band, mod, in, tt.band, tt.tnMod, tt.inRange)
		}
	}
	art := &ab.UnitStats{Class: ab.ClassOffTableArtillery}
	if band, mod, in := ab.RangeBand(art, 1000); band != ab.BandArtillery || mod != 0 || !in {
		t.Errorf("RangeBand(artillery, 1000) = %q, %d, %v, want %q, 0, true", band, mod, in, ab.BandArtillery)
	}
	if band, _, in := ab.RangeBand(&ab.UnitStats{Class: ab.ClassMediumAFV}, 1); band != ab.BandOutOfRange || in {
		t.Errorf("RangeBand(no range bands, 1) = %q, %v, want %q, false", band, in, ab.BandOutOfRange)
	}
}

func TestShotDice(t *testing.T) {
	base := ab.Shot{Firer: pz4, Target: m4, Range: 12}
	with := func(f func(s *ab.Shot)) ab.Shot {
		s := base
		f(&s)
		return s
	}
	dice := func(at, atn, rd, rtn int, band string) ab.ShotDice {
		return ab.ShotDice{AttackDice: at, AttackTN: atn, ReactionDice: rd, ReactionTN: rtn, InRange: true, Band: band}
	}
	artillery := func(at, rd, rtn int) ab.ShotDice {
		d := dice(at, 4, rd, rtn, ab.BandArtillery)
		d.ArtillerySuppression = true
		return d
	}
	tests := []struct {
		rule string
		shot ab.Shot
		want ab.ShotDice
	}{
		{"Fire Modifiers: effective range 4+", base, dice(8, 4, 5, 4, ab.BandEffective)},
		{"Range: short range -1 TN", with(func(s *ab.Shot) { s.Range = 8 }), dice(8, 3, 5, 4, ab.BandShort)},
		{"Range: long range +1 TN", with(func(s *ab.Shot) { s.Range = 16.5 }), dice(8, 5, 5, 4, ab.BandLong)},
		{"How to Fire: out of range misses", with(func(s *ab.Shot) { s.Range = 32.5 }), ab.ShotDice{Band: ab.BandOutOfRange}},
		{"Flank and Rear Attacks: -1 TN", with(func(s *ab.Shot) { s.Flank = true }), dice(8, 3, 5, 4, ab.BandEffective)},
		{"Flank and Rear Attacks at short range", with(func(s *ab.Shot) { s.Flank, s.Range = true, 2 }), dice(8, 2, 5, 4, ab.BandShort)},
		{"Flank and Rear Attacks at long range", with(func(s *ab.Shot) { s.Flank, s.Range = true, 30 }), dice(8, 4, 5, 4, ab.BandLong)},
		{"Multiple Move: single move costs nothing", with(func(s *ab.Shot) { s.Moves = 1 }), dice(8, 4, 5, 4, ab.BandEffective)},
		{"Multiple Move: double move -1D", with(func(s *ab.Shot) { s.Moves = 2 }), dice(7, 4, 5, 4, ab.BandEffective)},
		{"Multiple Move: triple move -2D", with(func(s *ab.Shot) { s.Moves = 3 }), dice(6, 4, 5, 4, ab.BandEffective)},
		{"Ambush Fire: +1D", with(func(s *ab.Shot) { s.Ambush = true }), dice(9, 4, 5, 4, ab.BandEffective)},
		{"Ambush Fire after a triple move", with(func(s *ab.Shot) { s.Ambush, s.Moves = true, 3 }), dice(7, 4, 5, 4, ab.BandEffective)},
		{"Wild Dice: add to a combat roll", with(func(s *ab.Shot) { s.AttackWild = 2 }), dice(10, 4, 5, 4, ab.BandEffective)},
		{"Wild Dice: add to a reaction roll", with(func(s *ab.Shot) { s.ReactionWild = 1 }), dice(8, 4, 6, 4, ab.BandEffective)},
		{"Reaction Checks: suppressed target 5+", with(func(s *ab.Shot) { s.TargetSuppressed = true }), dice(8, 4, 5, 5, ab.BandEffective)},
		{"Cover Dice: light cover +1D", with(func(s *ab.Shot) { s.Cover = true }), dice(8, 4, 6, 4, ab.BandEffective)},
		{"Target Uphill: +1D", with(func(s *ab.Shot) { s.Uphill = true }), dice(8, 4, 6, 4, ab.BandEffective)},
		{"Cover and uphill add up", with(func(s *ab.Shot) { s.Cover, s.Uphill = true, true }), dice(8, 4, 7, 4, ab.BandEffective)},
		{"Break-Off: +2D", with(func(s *ab.Shot) { s.BreakOff = true }), dice(8, 4, 7, 4, ab.BandEffective)},
		{"Disengaging: +2D", with(func(s *ab.Shot) { s.Disengaging = true }), dice(8, 4, 7, 4, ab.BandEffective)},
		{"Shoot and Scoot: +2D", with(func(s *ab.Shot) { s.Scoot = true }), dice(8, 4, 7, 4, ab.BandEffective)},
		{"Break-off and scoot do not stack", with(func(s *ab.Shot) { s.BreakOff, s.Scoot, s.Disengaging = true, true, true }), dice(8, 4, 7, 4, ab.BandEffective)},
		{"Sloped Armour: first figure at the front", ab.Shot{Firer: m4, Target: panther, Range: 10}, dice(7, 4, 7, 4, ab.BandEffective)},
		{"Sloped Armour: second figure at flank and rear", ab.Shot{Firer: m4, Target: panther, Range: 10, Flank: true}, dice(7, 3, 6, 4, ab.BandEffective)},
		{"Low Profile: first figure against direct fire", ab.Shot{Firer: m4, Target: stug, Range: 10}, dice(7, 4, 6, 4, ab.BandEffective)},
		{"Low Profile at the flank keeps its figure", ab.Shot{Firer: m4, Target: stug, Range: 10, Flank: true}, dice(7, 3, 6, 4, ab.BandEffective)},
		{"Open-Topped: no effect on direct fire", ab.Shot{Firer: pz4, Target: m10, Range: 10}, dice(8, 4, 5, 4, ab.BandEffective)},
		{"Multiple Move: never fewer than one die", ab.Shot{Firer: oneGun, Target: m4, Range: 6, Moves: 3}, dice(1, 4, 5, 4, ab.BandEffective)},

		{"Indirect Fire: 4+ at any range", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, Range: 500}, artillery(4, 5, 4)},
		{"Light Cover and Artillery: no cover dice", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, Cover: true}, artillery(4, 5, 4)},
		{"Target Uphill: direct fire only", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, Uphill: true}, artillery(4, 5, 4)},
		{"Indirect Fire: no flank TN modifier", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, Flank: true}, artillery(4, 5, 4)},
		{"Indirect Fire: suppressed target 5+", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, TargetSuppressed: true}, artillery(4, 5, 5)},
		{"Break-Off: also against artillery", ab.Shot{Firer: howitzer, Target: m10, Artillery: true, BreakOff: true}, artillery(4, 6, 4)},
		{"Wild Dice against artillery", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, AttackWild: 1, ReactionWild: 2}, artillery(5, 7, 4)},
		{"Sloped Armour: second figure against artillery", ab.Shot{Firer: howitzer, Target: panther, Artillery: true}, artillery(4, 6, 4)},
		{"Low Profile: bracketed figure against artillery", ab.Shot{Firer: howitzer, Target: stug, Artillery: true}, artillery(4, 5, 4)},
		{"Open-Topped: -1D against artillery (figure in the file)", ab.Shot{Firer: howitzer, Target: m10, Artillery: true}, artillery(4, 4, 4)},
		{"Open-Topped: -1D against artillery (derived)", ab.Shot{Firer: howitzer, Target: openTopped, Artillery: true}, artillery(4, 4, 4)},
		{"Low Profile: no benefit against artillery (derived)", ab.Shot{Firer: howitzer, Target: lowProfile, Artillery: true}, artillery(4, 5, 4)},
		{"Sloped Armour: second figure against artillery (derived)", ab.Shot{Firer: howitzer, Target: sloped, Artillery: true}, artillery(4, 6, 4)},
		{"Suppression From Artillery: only with the special", ab.Shot{Firer: plainArtillery, Target: m4, Artillery: true},
			ab.ShotDice{AttackDice: 3, AttackTN: 4, ReactionDice: 5, ReactionTN: 4, InRange: true, Band: ab.BandArtillery}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got, err := tt.shot.Dice()
			if err != nil {
				t.Fatalf("%+v.Dice() error: %v", tt.shot, err)
			}
			if got != tt.want {
				t.Errorf("Dice() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestShotDiceErrors(t *testing.T) {
	noAT := unit("Unarmed", ab.UnitStats{Class: ab.ClassLightAFV, Move: ab.MoveFast, Reaction: 3, Range: []int{1, 2, 3}})
	tests := []struct {
		name string
		shot ab.Shot
		want string
	}{
		{"no firer", ab.Shot{Target: m4}, "needs a firer and a target"},
		{"no target", ab.Shot{Firer: pz4}, "needs a firer and a target"},
		{"foreign stats", ab.Shot{Firer: &scenario.UnitType{Name: "X", Stats: 3}, Target: m4}, "no Armour Battles stats"},
		{"firer without AT", ab.Shot{Firer: noAT, Target: m4, Range: 1}, "no AT Dice"},
		{"direct fire from artillery", ab.Shot{Firer: howitzer, Target: m4, Range: 10}, "cannot use direct fire"},
		{"artillery fire from a tank", ab.Shot{Firer: pz4, Target: m4, Artillery: true}, "not off-table artillery"},
		{"fire at artillery", ab.Shot{Firer: pz4, Target: howitzer, Range: 10}, "cannot be fired on"},
		{"negative range", ab.Shot{Firer: pz4, Target: m4, Range: -1}, "not a distance"},
		{"moves 4", ab.Shot{Firer: pz4, Target: m4, Range: 1, Moves: 4}, "moves 4"},
		{"moves -1", ab.Shot{Firer: pz4, Target: m4, Range: 1, Moves: -1}, "moves -1"},
		{"attack wild 3", ab.Shot{Firer: pz4, Target: m4, Range: 1, AttackWild: 3}, "attack wild dice 3 outside 0..2"},
		{"attack wild -1", ab.Shot{Firer: pz4, Target: m4, Range: 1, AttackWild: -1}, "attack wild dice -1"},
		{"reaction wild 3", ab.Shot{Firer: pz4, Target: m4, Range: 1, ReactionWild: 3}, "reaction wild dice 3 outside 0..2"},
		{"moving artillery", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, Moves: 2}, "neither moves nor fires from ambush"},
		{"ambushing artillery", ab.Shot{Firer: howitzer, Target: m4, Artillery: true, Ambush: true}, "neither moves nor fires from ambush"},
	}
	for _, tt := range tests {
		d, err := tt.shot.Dice()
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "armour-battles: ") {
			t.Errorf("%s: Dice() = %+v, %v, want an armourbattles error containing %q", tt.name, d, err, tt.want)
		}
	}
}

// TestShotDiceRulebookUnits checks the shipped unit file against the
// figures printed in the rulebook's unit lists.
func TestShotDiceRulebookUnits(t *testing.T) {
	tests := []struct {
		firer, target string
		shot          ab.Shot
		want          string // AttackDice@AttackTN v ReactionDice@ReactionTN band
	}{
		{"Panzer IV H", "M4 75mm", ab.Shot{Range: 12}, "8@4 v 5@4 effective"},
		{"M4 75mm", "Panther", ab.Shot{Range: 14}, "7@4 v 7@4 effective"},
		{"M4 75mm", "Panther", ab.Shot{Range: 14, Flank: true}, "7@3 v 6@4 effective"},
		{"M4 76mm", "StuG III", ab.Shot{Range: 8}, "8@3 v 6@4 short"},
		{"M5", "Puma", ab.Shot{Range: 24}, "5@5 v 4@4 long"},
		{"Tiger I", "M10", ab.Shot{Range: 40.5}, "0@0 v 0@0 out of range"},
		{"105L28 Howitzer", "M10", ab.Shot{Artillery: true}, "4@4 v 4@4 artillery"},
		{"105L28 Howitzer", "StuG III", ab.Shot{Artillery: true}, "4@4 v 5@4 artillery"},
		{"M7", "Panther", ab.Shot{Artillery: true}, "4@4 v 6@4 artillery"},
		{"M7", "Tiger", ab.Shot{Artillery: true}, "4@4 v 7@4 artillery"},
	}
	for _, tt := range tests {
		s := tt.shot
		s.Firer, s.Target = catalogUnit(t, tt.firer), catalogUnit(t, tt.target)
		d, err := s.Dice()
		if err != nil {
			t.Errorf("%s v %s: %v", tt.firer, tt.target, err)
			continue
		}
		got := fmt.Sprintf("%d@%d v %d@%d %s", d.AttackDice, d.AttackTN, d.ReactionDice, d.ReactionTN, d.Band)
		if got != tt.want {
			t.Errorf("%s v %s %+v: Dice() = %s, want %s", tt.firer, tt.target, tt.shot, got, tt.want)
		}
		if d.ArtillerySuppression != s.Artillery {
			t.Errorf("%s v %s: ArtillerySuppression = %v, want %v", tt.firer, tt.target, d.ArtillerySuppression, s.Artillery)
		}
	}
}

func ExampleShot_Dice() {
	pz4 := &scenario.UnitType{Name: "Panzer IV H", Stats: &ab.UnitStats{
		Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 5, Weapon: "75L48 gun", Range: []int{8, 16, 32}, AT: 8}}
	m4 := &scenario.UnitType{Name: "M4 75mm", Stats: &ab.UnitStats{
		Class: ab.ClassMediumAFV, Move: ab.MoveAverage, Reaction: 5, Weapon: "75L38 gun", Range: []int{7, 14, 28}, AT: 7}}
	d, _ := ab.Shot{Firer: pz4, Target: m4, Range: 20, Flank: true, Moves: 2, Cover: true}.Dice()
	fmt.Printf("%d dice at %d+ (%s range) against %d dice at %d+\n", d.AttackDice, d.AttackTN, d.Band, d.ReactionDice, d.ReactionTN)
	// Output: 7 dice at 4+ (long range) against 6 dice at 4+
}
