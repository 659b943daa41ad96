// This file holds the data types read from unit and scenario files and
// their registration with package scenario; the rules live elsewhere.

package pagano

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// Name is the ruleset's name in data files (`rules: pagano`).
const Name = "pagano"

// Weapon types (Pagano, Vehicle Specifications: "S - Short-barreled
// weapon"; regular, L long and VL very long are named in Hit Effect).
const (
	GunShort    = "S"
	GunRegular  = ""
	GunLong     = "L"
	GunVeryLong = "VL"
)

// Weapon mounts: turret weapons fire in a 60° arc, bow weapons in 40°
// (Pagano, Firing).
const (
	MountTurret = "turret"
	MountBow    = "bow"
)

// Weights (Pagano, Vehicle Specifications "Wt").
var weights = []string{"L", "M", "H", "VH"}

// Special-rule names used in units[].special.
const (
	// Unarmoured vehicles are wrecked by any hit (Pagano, Firing).
	Unarmoured = "unarmoured"
)

// Specials lists every special-rule name the ruleset knows.
var Specials = []string{Unarmoured}

// UnitStats is the `stats:` block of a Pagano vehicle: the fields of the
// text's Vehicle Specifications.
type UnitStats struct {
	// MP is the movement points per movement phase.
	MP int `yaml:"mp" json:"mp"`
	// Gun is the main armament's calibre in mm.
	Gun int `yaml:"gun" json:"gun"`
	// GunType is "S", "" (regular), "L" or "VL".
	GunType string `yaml:"gun_type,omitempty" json:"gun_type,omitempty"`
	// Double marks a double rate of fire ("D").
	Double bool `yaml:"double,omitempty" json:"double,omitempty"`
	// Mount is "turret" or "bow".
	Mount string `yaml:"mount" json:"mount"`
	// Front, Side and Rear are the armour modifiers to Fire Effect rolls
	// against each facing (F, S & R).
	Front int `yaml:"front" json:"front"`
	Side  int `yaml:"side" json:"side"`
	Rear  int `yaml:"rear" json:"rear"`
	// Weight is L, M, H or VH (Wt).
	Weight string `yaml:"weight" json:"weight"`
	// Years is the Yr field: two digits, the first and last year of
	// service, e.g. "94" for 1939 through 1944.
	Years string `yaml:"years" json:"years"`
}

// Armament returns the armament as the text prints it, e.g. "75L" or "37D".
func (s *UnitStats) Armament() string {
	a := fmt.Sprintf("%d%s", s.Gun, s.GunType)
	if s.Double {
		a += "D"
	}
	return a
}

// Alliances a side may belong to; they decide its phases in the sequence of
// play.
const (
	Axis   = "axis"
	Allied = "allied"
)

// SideParams is the `params:` block of a side in a Pagano scenario.
type SideParams struct {
	// Alliance is "axis" or "allied".
	Alliance string `yaml:"alliance" json:"alliance"`
	// Independent lists unit ids that act independently and never roll
	// morale (Pagano, Morale).
	Independent []string `yaml:"independent,omitempty" json:"independent,omitempty"`
	// DugIn lists unit ids that begin the game dug in where they set up:
	// −2 to hit them until they move (Table 2; ruling P27).
	DugIn []string `yaml:"dug_in,omitempty" json:"dug_in,omitempty"`
}

// ScenarioParams is the scenario-level `params:` block.
type ScenarioParams struct {
	// Table1 overrides the movement costs of Table 1.
	Table1 *Table1 `yaml:"table1,omitempty" json:"table1,omitempty"`
}

// Table1 is Pagano's Table 1: the movement points to move 1" over each kind
// of ground and to perform particular actions. Only the road cost is in the
// text we have; the others are the project's (ruling P4). A nil field keeps
// the default.
type Table1 struct {
	Clear    *float64 `yaml:"clear,omitempty" json:"clear,omitempty"`
	Road     *float64 `yaml:"road,omitempty" json:"road,omitempty"`
	Woods    *float64 `yaml:"woods,omitempty" json:"woods,omitempty"`
	Field    *float64 `yaml:"field,omitempty" json:"field,omitempty"`
	Hill     *float64 `yaml:"hill,omitempty" json:"hill,omitempty"`
	Climb    *float64 `yaml:"climb,omitempty" json:"climb,omitempty"`
	Hedge    *float64 `yaml:"hedge,omitempty" json:"hedge,omitempty"`
	Wall     *float64 `yaml:"wall,omitempty" json:"wall,omitempty"`
	Hedgerow *float64 `yaml:"hedgerow,omitempty" json:"hedgerow,omitempty"`
	Start    *float64 `yaml:"start,omitempty" json:"start,omitempty"`
}

// Costs is Table 1 resolved: every cost in movement points.
type Costs struct {
	Clear    float64 // per inch of open ground
	Road     float64 // per inch along a road (the text: 2/3)
	Woods    float64 // per inch in woods
	Field    float64 // per inch in fields
	Hill     float64 // per inch on a hill (on top of the ground cost is not added: it replaces Clear)
	Climb    float64 // per level climbed
	Hedge    float64 // to cross a hedge
	Wall     float64 // to cross a wall
	Hedgerow float64 // to cross a hedgerow
	Start    float64 // to begin moving when stopped or stationary
}

// DefaultCosts is Table 1 as Sandtable plays it: the road cost is the
// text's, the rest are the project's design (ruling P4).
var DefaultCosts = Costs{Clear: 1, Road: 2.0 / 3, Woods: 2, Field: 1, Hill: 1, Climb: 1, Hedge: 1, Wall: 2, Hedgerow: 4, Start: 1}

// Resolve returns the default costs overridden by t's fields.
func (t *Table1) Resolve() Costs {
	c := DefaultCosts
	if t == nil {
		return c
	}
	set := func(dst *float64, v *float64) {
		if v != nil {
			*dst = *v
		}
	}
	set(&c.Clear, t.Clear)
	set(&c.Road, t.Road)
	set(&c.Woods, t.Woods)
	set(&c.Field, t.Field)
	set(&c.Hill, t.Hill)
	set(&c.Climb, t.Climb)
	set(&c.Hedge, t.Hedge)
	set(&c.Wall, t.Wall)
	set(&c.Hedgerow, t.Hedgerow)
	set(&c.Start, t.Start)
	return c
}

func init() {
	scenario.RegisterRules(scenario.Schema{
		Name:              Name,
		NewUnitStats:      func() any { return new(UnitStats) },
		NewSideParams:     func() any { return new(SideParams) },
		NewScenarioParams: func() any { return new(ScenarioParams) },
		Specials:          Specials,
		AreaKinds:         []string{KindBridge},
		LineKinds:         []string{KindHedgerow, KindCliff},
		NoArmyMorale:      true,
		CheckUnit:         checkUnit,
		Check:             checkScenario,
		Trial:             trialSetUp,
		TurnCap:           TurnCap,
	})
}

// MaxMP is the most movement points a vehicle may have: ten times the
// fastest vehicle in the data (9).
const MaxMP = 100

// MaxGun is the largest gun calibre, in mm, a vehicle may carry.
const MaxGun = 1000

// checkUnit reports stats that cannot be right for a Pagano vehicle.
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
	if s.MP < 1 || s.MP > MaxMP {
		bad("mp", "mp must be between 1 and %d, got %d", MaxMP, s.MP)
	}
	if s.Gun < 1 || s.Gun > MaxGun {
		bad("gun", "gun must be a calibre in mm between 1 and %d, got %d", MaxGun, s.Gun)
	}
	if !slices.Contains([]string{GunShort, GunRegular, GunLong, GunVeryLong}, s.GunType) {
		bad("gun_type", "gun_type %q is not one of \"S\", \"L\", \"VL\" (leave it out for a regular gun)", s.GunType)
	}
	if s.Mount != MountTurret && s.Mount != MountBow {
		bad("mount", "mount %q is not %q or %q", s.Mount, MountTurret, MountBow)
	}
	for _, m := range []struct {
		key string
		v   int
	}{{"front", s.Front}, {"side", s.Side}, {"rear", s.Rear}} {
		if m.v < -9 || m.v > 9 {
			bad(m.key, "%s armour modifier %d is outside -9..9", m.key, m.v)
		}
	}
	if !slices.Contains(weights, s.Weight) {
		bad("weight", "weight %q is not one of %s", s.Weight, quoteList(weights))
	}
	if len(s.Years) != 2 || s.Years[0] < '0' || s.Years[0] > '9' || s.Years[1] < '0' || s.Years[1] > '9' {
		bad("years", "years %q must be two digits, e.g. \"94\" for 1939 through 1944", s.Years)
	}
	// A negative footprint is reported when the file is read.
	if u.Footprint.Length == 0 && u.Footprint.Width == 0 {
		ps = append(ps, u.Pos.Problemf("a vehicle needs a footprint with positive length and width"))
	}
	return ps
}

// checkScenario reports side and scenario params that cannot be right.
func checkScenario(sc *scenario.Scenario) []scenario.Problem {
	ps := append(table.CheckPlacements(sc), preplacedInBuildings(sc)...)
	alliances := map[string]bool{}
	for _, sd := range sc.Sides {
		p, ok := sd.Params.(*SideParams)
		if !ok || p == nil {
			continue
		}
		b := sd.ParamsBlock
		if _, given := b.Keys["alliance"]; !given && p.Alliance == "" {
			ps = append(ps, b.Pos.Problemf("side %q: params.alliance is missing (%q or %q)", sd.ID, Axis, Allied))
		} else if p.Alliance != Axis && p.Alliance != Allied {
			ps = append(ps, b.At("alliance").Problemf("side %q: alliance %q is not %q or %q", sd.ID, p.Alliance, Axis, Allied))
		} else if alliances[p.Alliance] {
			ps = append(ps, b.At("alliance").Problemf("side %q: both sides are %s; one side must be axis and the other allied", sd.ID, p.Alliance))
		}
		alliances[p.Alliance] = true
		ps = append(ps, armourBattlesSetup(sd)...)
		for _, list := range []struct {
			key, what string
			ids       []string
		}{{"independent", "independent", p.Independent}, {"dug_in", "dug-in", p.DugIn}} {
			for i, id := range list.ids {
				switch {
				case !sideHasUnit(sd, id):
					ps = append(ps, b.At(list.key).Problemf("side %q: %s unit %q is not one of its units", sd.ID, list.what, id))
				case slices.Contains(list.ids[:i], id):
					ps = append(ps, b.At(list.key).Problemf("side %q: %s unit %q is listed twice", sd.ID, list.what, id))
				}
			}
		}
	}
	if p, ok := sc.Params.(*ScenarioParams); ok && p != nil && p.Table1 != nil {
		t := p.Table1
		for _, f := range []struct {
			key string
			v   *float64
		}{{"clear", t.Clear}, {"road", t.Road}, {"woods", t.Woods}, {"field", t.Field}, {"hill", t.Hill}, {"climb", t.Climb}, {"hedge", t.Hedge}, {"wall", t.Wall}, {"hedgerow", t.Hedgerow}, {"start", t.Start}} {
			if f.v == nil {
				continue
			}
			min := 0.0
			if f.key == "clear" || f.key == "road" || f.key == "woods" || f.key == "field" || f.key == "hill" {
				min = 0.1
			}
			if !(*f.v >= min) || *f.v > 100 {
				ps = append(ps, sc.ParamsBlock.At("table1."+f.key).Problemf("params.table1.%s: cost %v must be between %v and 100 movement points", f.key, *f.v, min))
			}
		}
	}
	return ps
}

// preplacedInBuildings reports pre-placed units (at:) whose footprint
// meets a building: vehicles never stand in one (ruling P16), so a
// deployment there is refused too.
func preplacedInBuildings(sc *scenario.Scenario) []scenario.Problem {
	var ps []scenario.Problem
	for _, sd := range sc.Sides {
		for _, co := range sd.Forces {
			for _, ref := range co.Units {
				ut := sc.Units[ref.ID]
				if ref.At == nil || ut == nil || ut.Footprint.Length <= 0 || ut.Footprint.Width <= 0 {
					continue // reported by CheckPlacements if at all
				}
				h := table.InwardHeading(sd.Edge)
				if ref.Facing != nil {
					h = geom.Deg(*ref.Facing)
				}
				b := geom.Box{Center: geom.Point{X: ref.At[0], Y: ref.At[1]}, Heading: h, Length: ut.Footprint.Length, Width: ut.Footprint.Width}
				for i, ts := range sc.Terrain {
					if ts.Kind == table.KindBuilding && len(ts.Polygon) > 2 && boxMeetsPolygon(b, table.Polygon(ts.Polygon)) {
						name := fmt.Sprintf("the building at terrain[%d] (line %d)", i, ts.Pos.Line)
						if ts.Name != "" {
							name = fmt.Sprintf("building %q", ts.Name)
						}
						ps = append(ps, ref.Pos.Problemf("unit %q at [%g, %g] would stand in %s; vehicles cannot enter buildings (ruling P16)", ref.ID, ref.At[0], ref.At[1], name))
						break
					}
				}
			}
		}
	}
	return ps
}

// armourBattlesSetup reports the set-up options of the scenario format
// that only Armour Battles plays: the Pagano rules would ignore them, and
// nothing in a scenario file is ignored silently (ruling D9: no hidden
// set-up).
func armourBattlesSetup(sd *scenario.Side) []scenario.Problem {
	var ps []scenario.Problem
	if sd.FreeSetup != nil {
		ps = append(ps, sd.Pos.Problemf("side %q: a free set-up is an Armour Battles rule; Pagano sides set up as listed", sd.ID))
	}
	for _, co := range sd.Reserves {
		ps = append(ps, co.Pos.Problemf("side %q: reserve %q: Pagano has no reserves; list the platoon under forces", sd.ID, co.Name))
	}
	for _, co := range sd.Forces {
		for _, o := range []struct {
			set  bool
			what string
		}{
			{co.Hidden, "hidden: Pagano has no hidden set-up (ruling D9)"},
			{co.Placement != "", "placement: an Armour Battles set-up rule; Pagano platoons set up anywhere in the zone"},
			{co.Together, "together: an Armour Battles set-up rule"},
			{co.MayJoinReserves, "may_join_reserves: Pagano has no reserves"},
		} {
			if o.set {
				ps = append(ps, co.Pos.Problemf("side %q: company %q: %s", sd.ID, co.Name, o.what))
			}
		}
	}
	return ps
}

func sideHasUnit(sd *scenario.Side, id string) bool {
	for _, cos := range [][]scenario.Company{sd.Forces, sd.Reserves} {
		for _, co := range cos {
			for _, u := range co.Units {
				if u.ID == id {
					return true
				}
			}
		}
	}
	return false
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// trialSetUp sets the scenario up once, each vehicle at the first free
// spot of its side's zones packed from the back, and reports a side left
// with a vehicle and no room for it: zones may give each vehicle room on
// its own and still not hold them all together (ruling P28).
func trialSetUp(sc *scenario.Scenario) []scenario.Problem {
	return engine.TrialSetUp(Rules{}, sc, "vehicle", func(st engine.State) (engine.Action, string) { return st.(*State).trialStep() })
}

// trialStep is trialSetUp's choice for the pending set-up decision: the
// next vehicle at the first free spot in packing order, a quarter inch
// apart; failing that the rules' first candidate; nil when the set-up is
// over.
func (s *State) trialStep() (engine.Action, string) {
	if s.pending().Kind != KindDeploy {
		return nil, ""
	}
	if u := s.nextToDeploy(); u >= 0 {
		un := &s.Units[u]
		sd, ut, h := &s.b.sides[s.Deployer], s.b.types[un.Type], s.b.towardEnemy(s.Deployer)
		for _, z := range sd.zones {
			for p := range table.PackingOrder(sd.edge, z.Bounds(), ut.Footprint.Length, ut.Footprint.Width, 0.25) {
				if p = (geom.Point{X: round2(p.X), Y: round2(p.Y)}); s.deployFree(u, p, h) {
					return Deploy{Unit: un.ID, X: p.X, Y: p.Y, Facing: round2(h.Degrees())}, ""
				}
			}
		}
	}
	if c := s.Candidates(nil); len(c) > 0 {
		return c[0], ""
	}
	if why := s.Stuck(); why != "" {
		return nil, why
	}
	return nil, "the rules offer no set-up action"
}
