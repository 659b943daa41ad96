// This file holds only the data types read from unit and scenario files and
// their registration with package scenario; the rules live elsewhere.

package armourbattles

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// Name is the ruleset's name in data files (`rules: armour-battles`).
const Name = "armour-battles"

// Unit classes (Armour Battles, unit statistics "Type").
const (
	ClassLightAFV          = "light AFV"
	ClassMediumAFV         = "medium AFV"
	ClassHeavyAFV          = "heavy AFV"
	ClassOffTableArtillery = "off-table artillery"
)

// Movement rates (Armour Battles, unit statistics "Move").
const (
	MoveAverage = "average" // 6"+1D"
	MoveFast    = "fast"    // (6"+1D")×2
)

// Special-rule names used in units[].special (Armour Battles, Special Rules).
const (
	SlopedArmour         = "sloped-armour"
	LowProfile           = "low-profile"
	Recon                = "recon"
	BreakOff             = "break-off"
	ShootAndScoot        = "shoot-and-scoot"
	OpenTopped           = "open-topped"
	PoorReliability      = "poor-reliability"
	ArtillerySuppression = "artillery-suppression"
)

// Specials lists every special-rule name the ruleset knows.
var Specials = []string{
	SlopedArmour, LowProfile, Recon, BreakOff, ShootAndScoot,
	OpenTopped, PoorReliability, ArtillerySuppression,
}

// UnitStats is the `stats:` block of an Armour Battles unit type.
type UnitStats struct {
	// Class is one of the Class constants.
	Class string `yaml:"class" json:"class"`
	// Move is MoveAverage or MoveFast; empty for off-table artillery.
	Move string `yaml:"move" json:"move,omitempty"`
	// Reaction is the Reaction Dice against direct fire at the front.
	Reaction int `yaml:"reaction" json:"reaction,omitempty"`
	// ReactionFlank is the second figure of sloped armour ("7D/6D"), used
	// against flank and rear fire; 0 means the same as Reaction.
	ReactionFlank int `yaml:"reaction_flank,omitempty" json:"reaction_flank,omitempty"`
	// ReactionArtillery is the Reaction Dice against artillery: the figure in
	// brackets for low-profile units, the second figure for sloped armour,
	// one less for open-topped units. 0 means the same as Reaction.
	ReactionArtillery int `yaml:"reaction_artillery,omitempty" json:"reaction_artillery,omitempty"`
	// Weapon is the gun or howitzer as printed, e.g. "75L48 gun".
	Weapon string `yaml:"weapon" json:"weapon"`
	// Range is the short, effective and long range in inches; empty for
	// off-table artillery.
	Range []int `yaml:"range" json:"range,omitempty"`
	// AT is the Anti-Tank Dice.
	AT int `yaml:"at" json:"at"`
	// FireArc is the fire arc in degrees centred on the facing; 0 means 360.
	FireArc int `yaml:"fire_arc,omitempty" json:"fire_arc,omitempty"`
}

// OffTable reports whether the unit is off-table artillery.
func (s *UnitStats) OffTable() bool { return s.Class == ClassOffTableArtillery }

// SideParams is the `params:` block of a side in an Armour Battles scenario
// (Armour Battles, Mission Briefings Explained).
type SideParams struct {
	CommandDice           int `yaml:"command_dice" json:"command_dice"`
	StaffOrders           int `yaml:"staff_orders" json:"staff_orders"`
	RallyDice             int `yaml:"rally_dice" json:"rally_dice"`
	ArmyMorale            int `yaml:"army_morale" json:"army_morale"`
	ArtilleryResponseDice int `yaml:"artillery_response_dice,omitempty" json:"artillery_response_dice,omitempty"`
}

// ScenarioParams is the scenario-level `params:` block.
type ScenarioParams struct {
	// FirstPulse is "roll" (or empty) when the sides roll for the first
	// Command Pulse each turn, or a side id that always pulses first.
	FirstPulse string `yaml:"first_pulse,omitempty" json:"first_pulse,omitempty"`
}

func init() {
	scenario.RegisterRules(scenario.Schema{
		Name:              Name,
		NewUnitStats:      func() any { return new(UnitStats) },
		NewSideParams:     func() any { return new(SideParams) },
		NewScenarioParams: func() any { return new(ScenarioParams) },
		Specials:          Specials,
		CheckUnit:         checkUnit,
		Check:             checkScenario,
		Trial:             trialSetUp,
		TurnCap:           TurnCap,
	})
}

// MaxDice is the most dice of one kind a unit or a side may be given
// (Anti-Tank, Reaction, command, rally, artillery response): far more
// than the rulebook's battles give (10 at the most), and few enough that
// a roll stays cheap.
const MaxDice = 100

// MaxArmyMorale is the largest army morale a side may start with.
const MaxArmyMorale = 10000

var classes = []string{ClassLightAFV, ClassMediumAFV, ClassHeavyAFV, ClassOffTableArtillery}

// checkUnit reports stats that cannot be right for an Armour Battles unit.
func checkUnit(u *scenario.UnitType) []scenario.Problem {
	s, ok := u.Stats.(*UnitStats)
	if !ok || s == nil {
		return nil
	}
	b := u.StatsBlock
	var ps []scenario.Problem
	bad := func(key, format string, args ...any) {
		ps = append(ps, b.Problemf(key, format, args...))
	}
	if !slices.Contains(classes, s.Class) {
		bad("class", "class %q is not one of %s", s.Class, quoteList(classes))
	}
	if s.AT < 1 || s.AT > MaxDice {
		bad("at", "at must be between 1 and %d, got %d", MaxDice, s.AT)
	}
	if s.Weapon == "" {
		bad("weapon", "weapon is missing")
	}
	if s.OffTable() {
		if s.Move != "" {
			bad("move", "off-table artillery has no move, got %q", s.Move)
		}
		if len(s.Range) != 0 {
			bad("range", "off-table artillery has no range bands")
		}
		if s.Reaction != 0 || s.ReactionFlank != 0 || s.ReactionArtillery != 0 {
			bad("reaction", "off-table artillery has no reaction dice")
		}
		if u.Footprint.Length != 0 || u.Footprint.Width != 0 {
			ps = append(ps, u.Pos.Problemf("off-table artillery has no footprint"))
		}
		return ps
	}
	if s.Move != MoveAverage && s.Move != MoveFast {
		bad("move", "move %q is not %q or %q", s.Move, MoveAverage, MoveFast)
	}
	if s.Reaction < 1 || s.Reaction > MaxDice {
		bad("reaction", "reaction must be between 1 and %d, got %d", MaxDice, s.Reaction)
	}
	if s.ReactionFlank < 0 || s.ReactionFlank > MaxDice {
		bad("reaction_flank", "reaction_flank must be between 0 and %d, got %d", MaxDice, s.ReactionFlank)
	}
	if s.ReactionArtillery < 0 || s.ReactionArtillery > MaxDice {
		bad("reaction_artillery", "reaction_artillery must be between 0 and %d, got %d", MaxDice, s.ReactionArtillery)
	}
	if len(s.Range) != 3 {
		bad("range", "range needs three bands [short, effective, long], got %d", len(s.Range))
	} else if s.Range[0] < 1 || s.Range[0] > s.Range[1] || s.Range[1] > s.Range[2] {
		bad("range", "range bands [%d, %d, %d] must be positive and increasing", s.Range[0], s.Range[1], s.Range[2])
	}
	if s.FireArc < 0 || s.FireArc > 360 {
		bad("fire_arc", "fire_arc must be between 1 and 360 degrees (leave it out for all round), got %d", s.FireArc)
	}
	// A negative footprint is reported when the file is read.
	if u.Footprint.Length == 0 && u.Footprint.Width == 0 {
		ps = append(ps, u.Pos.Problemf("a unit on the table needs a footprint with positive length and width"))
	}
	return ps
}

// checkScenario reports side and scenario params that cannot be right.
func checkScenario(sc *scenario.Scenario) []scenario.Problem {
	ps := append(table.CheckPlacements(sc), checkPlacementRoom(sc)...)
	ps = append(ps, checkTogetherRoom(sc)...)
	for _, sd := range sc.Sides {
		p, ok := sd.Params.(*SideParams)
		if !ok || p == nil {
			continue
		}
		b := sd.ParamsBlock
		between := func(key string, v, min, max int) {
			if v < min || v > max {
				ps = append(ps, b.At(key).Problemf("side %q: %s must be between %d and %d, got %d", sd.ID, key, min, max, v))
			}
		}
		between("command_dice", p.CommandDice, 1, MaxDice)
		between("staff_orders", p.StaffOrders, 0, MaxDice)
		between("rally_dice", p.RallyDice, 1, MaxDice)
		between("army_morale", p.ArmyMorale, 1, MaxArmyMorale)
		between("artillery_response_dice", p.ArtilleryResponseDice, 0, MaxDice)
		if p.StaffOrders > p.CommandDice && p.CommandDice >= 1 {
			ps = append(ps, b.At("staff_orders").Problemf("side %q: staff_orders %d exceeds command_dice %d (a battle group stores at most as many Staff Orders as it has Command Dice)", sd.ID, p.StaffOrders, p.CommandDice))
		}
	}
	for _, sd := range sc.Sides {
		for _, co := range sd.Forces {
			if !co.Hidden {
				continue
			}
			for _, u := range co.Units {
				if ut := sc.Units[u.ID]; ut == nil {
					continue // an unknown type, reported already
				} else if st, ok := ut.Stats.(*UnitStats); ok && st.OffTable() {
					ps = append(ps, co.Pos.Problemf("side %q: company %q is hidden, but %s is off-table artillery, which is never on the table to hide", sd.ID, co.Name, u.ID))
					break // one problem a company
				}
			}
		}
	}
	for _, sd := range sc.Sides {
		// Army morale falls as units on the table are dispersed; a side
		// with none there could never lose (only off-table batteries,
		// which no one can fire on).
		onTable := false
		for _, co := range append(slices.Clone(sd.Forces), sd.Reserves...) {
			for _, u := range co.Units {
				if ut := sc.Units[u.ID]; ut == nil {
					onTable = true // an unknown type, reported already
				} else if st, ok := ut.Stats.(*UnitStats); !ok || !st.OffTable() {
					onTable = true
				}
			}
		}
		if !onTable && (len(sd.Forces) > 0 || len(sd.Reserves) > 0) {
			ps = append(ps, sd.Pos.Problemf("side %q has only off-table artillery: no unit of it could ever be fired on, so it could never lose; give it a unit on the table", sd.ID))
		}
	}
	if v := sc.Victory; v.TurnLimit > 0 && !v.DrawAtTurnLimit {
		// The rules end a battle at its limit as a draw: a file that
		// does not say so would be read as asking for something else.
		ps = append(ps, v.Pos.Problemf("victory: Armour Battles ends a battle at its turn_limit as a draw; say so with draw_at_turn_limit: true"))
	}
	if p, ok := sc.Params.(*ScenarioParams); ok && p != nil {
		if p.FirstPulse != "" && p.FirstPulse != "roll" && sc.Side(p.FirstPulse) == nil {
			ids := []string{"roll"}
			for _, sd := range sc.Sides {
				ids = append(ids, sd.ID)
			}
			ps = append(ps, sc.ParamsBlock.At("first_pulse").Problemf("first_pulse %q is not one of %s", p.FirstPulse, quoteList(ids)))
		}
	}
	return ps
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// trialSetUp sets the scenario up once, each unit at the first free spot
// of its side's zones packed from the back, and reports a side left with
// a unit and no room for it: zones may give each unit room on its own and
// still not hold them all together (ruling R58).
func trialSetUp(sc *scenario.Scenario) []scenario.Problem {
	return engine.TrialSetUp(Rules{}, sc, "unit", func(st engine.State) (engine.Action, string) { return st.(*State).trialStep() })
}

// trialStep is trialSetUp's choice for the pending set-up decision: the
// next unit at the first legal spot in packing order, a quarter inch
// apart; failing that the rules' first candidate; nil when the set-up is
// over.
func (s *State) trialStep() (engine.Action, string) {
	if s.Phase != phaseDeploy {
		return nil, ""
	}
	if u := s.nextToDeploy(); u >= 0 {
		un, sd := &s.Units[u], &s.b.sides[s.Active]
		ut := s.b.types[un.Type]
		facing := round2(s.b.towardEnemy(s.Active).Degrees())
		for _, z := range sd.zones {
			for p := range table.PackingOrder(sd.edge, z.Bounds(), ut.Footprint.Length, ut.Footprint.Width, 0.25) {
				if a := (Deploy{Unit: un.ID, X: round2(p.X), Y: round2(p.Y), Facing: facing}); s.validateDeploy(a) == nil {
					return a, ""
				}
			}
		}
	}
	// The rules' own candidates: a spot off the quarter-inch grid, or a
	// set-up choice (a company held back).
	if c := s.Candidates(nil); len(c) > 0 {
		return c[0], ""
	}
	if why := s.Stuck(); why != "" {
		return nil, why
	}
	return nil, "the rules offer no set-up action"
}
