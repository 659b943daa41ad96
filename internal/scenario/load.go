package scenario

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/sandtable/sandtable/internal/geom"
)

// The raw* types mirror the YAML files; the decoder fills them and the
// functions below check them and build the public types.

type rawUnitFile struct {
	Rules  string    `yaml:"rules"`
	Units  []rawUnit `yaml:"units"`
	Pos    Pos
	KeyPos map[string]Pos
}

type rawUnit struct {
	ID        string        `yaml:"id"`
	Name      string        `yaml:"name"`
	Aliases   []word        `yaml:"aliases"`
	Nation    string        `yaml:"nation"`
	Footprint *rawFootprint `yaml:"footprint"`
	Stats     ast.Node      `yaml:"stats"`
	Special   []word        `yaml:"special"`
	Pos       Pos
	KeyPos    map[string]Pos
}

type rawFootprint struct {
	Length float64 `yaml:"length"`
	Width  float64 `yaml:"width"`
	Pos    Pos
	KeyPos map[string]Pos
}

type rawScenario struct {
	ID       string       `yaml:"id"`
	Version  int          `yaml:"version"`
	Rules    string       `yaml:"rules"`
	Title    string       `yaml:"title"`
	Date     string       `yaml:"date"`
	Location string       `yaml:"location"`
	Briefing string       `yaml:"briefing"`
	Table    *rawTable    `yaml:"table"`
	Terrain  []rawTerrain `yaml:"terrain"`
	Sides    []rawSide    `yaml:"sides"`
	Params   ast.Node     `yaml:"params"`
	Victory  *rawVictory  `yaml:"victory"`
	Pos      Pos
	KeyPos   map[string]Pos
}

type rawTable struct {
	Width  float64 `yaml:"width"`
	Height float64 `yaml:"height"`
	Pos    Pos
	KeyPos map[string]Pos
}

type rawTerrain struct {
	Kind    string `yaml:"kind"`
	Name    string `yaml:"name"`
	Level   int    `yaml:"level"`
	Polygon points `yaml:"polygon"`
	Line    points `yaml:"line"`
	Pos     Pos
	KeyPos  map[string]Pos
}

type rawSide struct {
	ID          string        `yaml:"id"`
	Name        string        `yaml:"name"`
	Briefing    string        `yaml:"briefing"`
	Edge        string        `yaml:"edge"`
	DeployOrder int           `yaml:"deploy_order"`
	Params      ast.Node      `yaml:"params"`
	Zones       []rawZone     `yaml:"zones"`
	Forces      []rawCompany  `yaml:"forces"`
	Reserves    []rawCompany  `yaml:"reserves"`
	FreeSetup   *rawFreeSetup `yaml:"free_setup"`
	Pos         Pos
	KeyPos      map[string]Pos
}

type rawZone struct {
	Name    string `yaml:"name"`
	Polygon points `yaml:"polygon"`
	Pos     Pos
	KeyPos  map[string]Pos
}

type rawCompany struct {
	Company         string       `yaml:"company"`
	Hidden          bool         `yaml:"hidden"`
	EarliestTurn    int          `yaml:"earliest_turn"`
	Placement       string       `yaml:"placement"`
	Together        bool         `yaml:"together"`
	MayJoinReserves bool         `yaml:"may_join_reserves"`
	MinPlaced       int          `yaml:"min_placed"`
	Units           []rawUnitRef `yaml:"units"`
	Pos             Pos
	KeyPos          map[string]Pos
}

type rawFreeSetup struct {
	ReserveFrom     int `yaml:"reserve_from"`
	MaxHiddenGroups int `yaml:"max_hidden_groups"`
	Pos             Pos
	KeyPos          map[string]Pos
}

type rawUnitRef struct {
	ID     string   `yaml:"id"`
	Type   string   `yaml:"type"`
	At     *point   `yaml:"at"`
	Facing *float64 `yaml:"facing"`
	Pos    Pos
	KeyPos map[string]Pos
}

type rawVictory struct {
	ArmyMoraleZero  bool `yaml:"army_morale_zero"`
	TurnLimit       int  `yaml:"turn_limit"`
	DrawAtTurnLimit bool `yaml:"draw_at_turn_limit"`
	Pos             Pos
	KeyPos          map[string]Pos
}

// word is a string with its position, for list items that may be wrong.
type word struct {
	S   string
	Pos Pos
}

func (w *word) decodeNode(d *decoder, n ast.Node, what string) {
	w.Pos = d.pos(n)
	if _, null := n.(*ast.NullNode); null {
		d.errf(n, "%s: want a string, got %s", what, describe(n))
		return
	}
	d.value(n, reflect.ValueOf(&w.S).Elem(), what)
}

// Bounds on a scenario's size, far above any table or battle: they keep
// arithmetic on the table's inches and the turn count finite and exact.
const (
	MaxTableSide = 1000 // inches, about 83 feet
	MaxTurnLimit = 1000
)

var (
	idRE         = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	scenarioIDRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._/-]*$`)
	areaKinds    = []string{"woods", "hill", "field", "building"}
	lineKinds    = []string{"hedge", "wall", "road"}
	edges        = []string{"north", "south", "east", "west"}
	placements   = []string{PlaceEdge, PlaceCover}
)

// at returns the position of key's value in a mapping, or the mapping's own
// position when the key is absent.
func at(keys map[string]Pos, key string, parent Pos) Pos {
	if p, ok := keys[key]; ok {
		return p
	}
	return parent
}

func quoted(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

func fmtf(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// topKeys returns the keys of a top-level mapping.
func topKeys(n ast.Node) map[string]bool {
	keys := map[string]bool{}
	if m, ok := unwrap(n).(*ast.MappingNode); ok {
		for _, mv := range m.Values {
			if k, ok := keyName(mv.Key); ok {
				keys[k] = true
			}
		}
	}
	return keys
}

// decodeUnits decodes a unit file's body.
func (d *decoder) decodeUnits(body ast.Node) []*UnitType {
	var raw rawUnitFile
	d.mapping(body, reflect.ValueOf(&raw).Elem(), "")
	schema := d.rules(raw.Rules, raw.KeyPos, raw.Pos)
	var out []*UnitType
	seen := map[string]Pos{}
	for i, ru := range raw.Units {
		what := fmt.Sprintf("units[%d]", i)
		u := &UnitType{ID: ru.ID, Name: ru.Name, Nation: ru.Nation, Rules: raw.Rules, Pos: ru.Pos}
		switch {
		case ru.ID == "":
			d.missing(ru.KeyPos, "id", ru.Pos, "%s: id is missing", what)
		case !idRE.MatchString(ru.ID):
			d.add(at(ru.KeyPos, "id", ru.Pos), "%s: id %q must be lower-case letters, digits, '-', '.' or '_'", what, ru.ID)
		default:
			if prev, dup := seen[ru.ID]; dup {
				d.add(at(ru.KeyPos, "id", ru.Pos), "duplicate unit id %q (first at line %d)", ru.ID, prev.Line)
			} else {
				seen[ru.ID] = at(ru.KeyPos, "id", ru.Pos)
			}
		}
		if ru.Name == "" {
			d.missing(ru.KeyPos, "name", ru.Pos, "%s: name is missing", what)
		}
		if ru.Nation == "" {
			d.missing(ru.KeyPos, "nation", ru.Pos, "%s: nation is missing", what)
		}
		for _, a := range ru.Aliases {
			if strings.TrimSpace(a.S) == "" {
				d.add(a.Pos, "%s: empty alias", what)
				continue
			}
			u.Aliases = append(u.Aliases, a.S)
		}
		if fp := ru.Footprint; fp != nil {
			if fp.Length < 0 || fp.Width < 0 || (fp.Length == 0) != (fp.Width == 0) {
				d.add(fp.Pos, "%s.footprint: length and width must both be positive (or both zero for off-table units), got %s×%s", what, fmtf(fp.Length), fmtf(fp.Width))
			} else if fp.Length > MaxFootprint || fp.Width > MaxFootprint {
				d.add(fp.Pos, "%s.footprint: length and width must be at most %g inches (a model, not a table), got %s×%s", what, float64(MaxFootprint), fmtf(fp.Length), fmtf(fp.Width))
			}
			u.Footprint.Length, u.Footprint.Width = fp.Length, fp.Width
		}
		statsOK := false
		if schema != nil {
			if ru.Stats == nil {
				d.missing(ru.KeyPos, "stats", ru.Pos, "%s: stats is missing", what)
			}
			before := len(d.probs)
			u.Stats, u.StatsBlock = d.block(ru.Stats, schema.NewUnitStats, schema.Name, what+".stats", ru.Pos)
			statsOK = ru.Stats != nil && len(d.probs) == before
			for _, sp := range ru.Special {
				if !slices.Contains(schema.Specials, sp.S) {
					d.add(sp.Pos, "%s: unknown special rule %q in %s (known: %s)", what, sp.S, schema.Name, strings.Join(schema.Specials, ", "))
				}
			}
		}
		for _, sp := range ru.Special {
			u.Special = append(u.Special, sp.S)
		}
		// The ruleset checks the values of stats that decoded (on stats
		// that did not, they would only repeat a mistake already reported),
		// so that all of a unit's mistakes come in one go.
		if schema != nil && schema.CheckUnit != nil && statsOK {
			for _, p := range schema.CheckUnit(u) {
				p.Msg = what + ".stats: " + p.Msg
				d.probs = append(d.probs, p)
			}
		}
		if u.ID != "" {
			out = append(out, u)
		}
	}
	if len(raw.Units) == 0 {
		d.add(at(raw.KeyPos, "units", raw.Pos), "units: the list is empty")
	}
	return out
}

// rules checks a file's `rules:` value and returns its schema, or nil.
func (d *decoder) rules(name string, keys map[string]Pos, parent Pos) *Schema {
	if name == "" {
		d.missing(keys, "rules", parent, "rules is missing (known: %s)", quoted(Rules()))
		return nil
	}
	s := lookupSchema(name)
	if s == nil {
		d.add(at(keys, "rules", parent), "unknown rules %q (known: %s)", name, quoted(Rules()))
	}
	return s
}

// resolver finds a unit type for a scenario.
type resolver func(rules, name string) (*UnitType, error)

// decodeScenario decodes a scenario file's body.
func (d *decoder) decodeScenario(body ast.Node, resolve resolver) *Scenario {
	var raw rawScenario
	d.mapping(body, reflect.ValueOf(&raw).Elem(), "")
	sc := &Scenario{
		ID: raw.ID, Version: raw.Version, Rules: raw.Rules, Title: raw.Title,
		Date: raw.Date, Location: raw.Location, Briefing: raw.Briefing,
		File: d.file, Pos: raw.Pos, Units: map[string]*UnitType{},
	}
	top := raw.Pos
	if !scenarioIDRE.MatchString(raw.ID) {
		d.add(at(raw.KeyPos, "id", top), "id %q must be lower-case letters, digits, '-', '.', '_' or '/'", raw.ID)
	} else if seg := badIDSegment(raw.ID); seg != "" {
		d.add(at(raw.KeyPos, "id", top), "id %q: %s", raw.ID, seg)
	}
	if _, given := raw.KeyPos["version"]; !given {
		d.add(top, "version is missing (1 for a new scenario; raise it when you change one)")
	} else if raw.Version < 1 {
		d.add(raw.KeyPos["version"], "version must be 1 or more, got %d", raw.Version)
	}
	if raw.Title == "" {
		d.missing(raw.KeyPos, "title", top, "title is missing")
	}
	schema := d.rules(raw.Rules, raw.KeyPos, top)

	tableOK := false
	if t := raw.Table; t == nil {
		d.missing(raw.KeyPos, "table", top, "table is missing")
	} else {
		sc.Table = Table{Width: t.Width, Height: t.Height, Pos: t.Pos}
		tableOK = true
		for _, side := range []struct {
			key string
			v   float64
		}{{"width", t.Width}, {"height", t.Height}} {
			if side.v <= 0 || side.v > MaxTableSide {
				d.add(at(t.KeyPos, side.key, t.Pos), "table.%s must be more than 0 and at most %g inches, got %s", side.key, float64(MaxTableSide), fmtf(side.v))
				tableOK = false
			}
		}
	}
	g := geomCheck{d: d, table: sc.Table, ok: tableOK}

	for i, rt := range raw.Terrain {
		sc.Terrain = append(sc.Terrain, d.terrain(rt, fmt.Sprintf("terrain[%d]", i), g, schema))
	}

	if len(raw.Sides) != 2 {
		d.add(at(raw.KeyPos, "sides", top), "sides: a scenario needs exactly two sides for now, got %d", len(raw.Sides))
	}
	// A params block missing altogether would have the ruleset's Check
	// report each of its parameters: then it is skipped.
	paramsMissing := false
	sideIDs := map[string]bool{}
	edgeUsed := map[string]string{}
	orderUsed := map[int]string{}
	unitSeen := map[string]Pos{}
	var zones []zoneAt
	var placed []placedAt
	for i, rs := range raw.Sides {
		what := fmt.Sprintf("sides[%d]", i)
		sd := &Side{ID: rs.ID, Name: rs.Name, Briefing: rs.Briefing, Edge: rs.Edge, DeployOrder: rs.DeployOrder, Pos: rs.Pos}
		switch {
		case !idRE.MatchString(rs.ID):
			d.add(at(rs.KeyPos, "id", rs.Pos), "%s: id %q must be lower-case letters, digits, '-', '.' or '_'", what, rs.ID)
		case sideIDs[rs.ID]:
			d.add(at(rs.KeyPos, "id", rs.Pos), "%s: duplicate side id %q", what, rs.ID)
		default:
			sideIDs[rs.ID] = true
		}
		if rs.Name == "" {
			d.missing(rs.KeyPos, "name", rs.Pos, "%s: name is missing", what)
		}
		if _, given := rs.KeyPos["edge"]; !given {
			d.add(rs.Pos, "%s: edge is missing (one of %s)", what, quoted(edges))
		} else if !slices.Contains(edges, rs.Edge) {
			d.add(at(rs.KeyPos, "edge", rs.Pos), "%s: edge %q is not one of %s", what, rs.Edge, quoted(edges))
		} else if other, used := edgeUsed[rs.Edge]; used {
			d.add(at(rs.KeyPos, "edge", rs.Pos), "%s: edge %q is already side %q's edge", what, rs.Edge, other)
		} else {
			edgeUsed[rs.Edge] = rs.ID
		}
		if _, given := rs.KeyPos["deploy_order"]; !given {
			d.add(rs.Pos, "%s: deploy_order is missing (1 for the side that sets up first, 2 for the other)", what)
		} else if rs.DeployOrder < 1 {
			d.add(at(rs.KeyPos, "deploy_order", rs.Pos), "%s: deploy_order must be 1 or more, got %d", what, rs.DeployOrder)
		} else if other, used := orderUsed[rs.DeployOrder]; used {
			d.add(at(rs.KeyPos, "deploy_order", rs.Pos), "%s: deploy_order %d is already side %q's; the sides set up one after the other", what, rs.DeployOrder, other)
		} else {
			orderUsed[rs.DeployOrder] = rs.ID
		}
		if schema != nil {
			if rs.Params == nil && schema.NewSideParams != nil {
				d.missing(rs.KeyPos, "params", rs.Pos, "%s: params is missing", what)
				paramsMissing = true
			}
			sd.Params, sd.ParamsBlock = d.block(rs.Params, schema.NewSideParams, schema.Name, what+".params", rs.Pos)
		}
		allFar := len(rs.Zones) > 0 && g.ok // every zone lies in the half away from the side's edge
		for j, rz := range rs.Zones {
			zw := fmt.Sprintf("%s.zones[%d]", what, j)
			if rz.Name == "" {
				d.missing(rz.KeyPos, "name", rz.Pos, "%s: name is missing", zw)
			}
			if _, given := rz.KeyPos["polygon"]; !given {
				d.add(rz.Pos, "%s: polygon is missing", zw)
			}
			poly, ok := g.polygon(rz.Polygon, zw+".polygon", at(rz.KeyPos, "polygon", rz.Pos))
			allFar = allFar && ok && g.farFromEdge(poly, rs.Edge)
			sd.Zones = append(sd.Zones, Zone{Name: rz.Name, Polygon: poly, Pos: rz.Pos})
			zones = append(zones, zoneAt{side: i, sideID: rs.ID, name: rz.Name, what: zw, pos: rz.Pos, polygon: poly, ok: ok})
		}
		if allFar {
			// Units set up there would face away from their own edge, the
			// enemy behind them, and reserves arrive across the table.
			d.add(rs.Zones[0].Pos, "%s: every deployment zone of side %q lies in the half of the table away from its edge (%s): move the zones to that edge, or give the side the edge they are on", what, rs.ID, rs.Edge)
		}
		toDeploy := false
		// A company is known by its name within its side (orders,
		// keeping together, reserves arriving): one name, one company.
		companySeen := map[string]Pos{}
		companies := func(list []rawCompany, key string, reserve bool) []Company {
			var out []Company
			for j, rc := range list {
				cw := fmt.Sprintf("%s.%s[%d]", what, key, j)
				c := Company{Name: rc.Company, Hidden: rc.Hidden, EarliestTurn: rc.EarliestTurn, Placement: rc.Placement,
					Together: rc.Together, MayJoinReserves: rc.MayJoinReserves, MinPlaced: rc.MinPlaced, Pos: rc.Pos}
				if rc.Company == "" {
					d.missing(rc.KeyPos, "company", rc.Pos, "%s: company name is missing", cw)
				} else if prev, dup := companySeen[rc.Company]; dup {
					d.add(at(rc.KeyPos, "company", rc.Pos), "%s: side %q already has a company %q (line %d): give each company of a side its own name", cw, rs.ID, rc.Company, prev.Line)
				} else {
					companySeen[rc.Company] = at(rc.KeyPos, "company", rc.Pos)
				}
				if rc.Placement != "" && !slices.Contains(placements, rc.Placement) {
					d.add(at(rc.KeyPos, "placement", rc.Pos), "%s: placement %q is not one of %s", cw, rc.Placement, quoted(placements))
				}
				for _, k := range []string{"hidden", "placement", "together", "may_join_reserves", "min_placed"} {
					if _, given := rc.KeyPos[k]; given && reserve {
						d.add(rc.KeyPos[k], "%s: %s is only for companies set up on the table (forces)", cw, k)
					}
				}
				if rc.MinPlaced < 0 || rc.MinPlaced > len(rc.Units) {
					d.add(at(rc.KeyPos, "min_placed", rc.Pos), "%s: min_placed must be between 0 and the company's %d units, got %d", cw, len(rc.Units), rc.MinPlaced)
				}
				if _, given := rc.KeyPos["min_placed"]; given && !rc.MayJoinReserves {
					d.add(rc.KeyPos["min_placed"], "%s: min_placed only matters with may_join_reserves: true", cw)
				}
				if _, given := rc.KeyPos["earliest_turn"]; given && !reserve {
					d.add(rc.KeyPos["earliest_turn"], "%s: earliest_turn is only for reserves", cw)
				}
				if reserve {
					if _, given := rc.KeyPos["earliest_turn"]; !given {
						c.EarliestTurn = 1
					} else if rc.EarliestTurn < 1 {
						d.add(rc.KeyPos["earliest_turn"], "%s: earliest_turn must be 1 or more, got %d", cw, rc.EarliestTurn)
					}
				}
				if len(rc.Units) == 0 {
					d.add(at(rc.KeyPos, "units", rc.Pos), "%s: a company needs at least one unit", cw)
				}
				for k, ru := range rc.Units {
					uw := fmt.Sprintf("%s.units[%d]", cw, k)
					ref := UnitRef{ID: ru.ID, Type: ru.Type, Facing: ru.Facing, Pos: ru.Pos}
					idPos := at(ru.KeyPos, "id", ru.Pos)
					switch {
					case !idRE.MatchString(ru.ID):
						d.add(idPos, "%s: id %q must be lower-case letters, digits, '-', '.' or '_'", uw, ru.ID)
					default:
						if prev, dup := unitSeen[ru.ID]; dup {
							d.add(idPos, "duplicate unit id %q (first at line %d)", ru.ID, prev.Line)
						} else {
							unitSeen[ru.ID] = idPos
						}
					}
					if ru.Type == "" {
						d.missing(ru.KeyPos, "type", ru.Pos, "%s: type is missing", uw)
					} else if schema != nil {
						ut, err := resolve(schema.Name, ru.Type)
						if err != nil {
							d.add(at(ru.KeyPos, "type", ru.Pos), "%s", err.Error())
						} else {
							ref.Type = ut.ID
							if ru.ID != "" {
								sc.Units[ru.ID] = ut
							}
						}
					}
					if ru.At != nil && reserve {
						d.add(at(ru.KeyPos, "at", ru.Pos), "%s: at is only for units set up on the table (forces): reserves arrive from their table edge during the game", uw)
					}
					if ru.Facing != nil && ru.At == nil {
						d.add(at(ru.KeyPos, "facing", ru.Pos), "%s: facing is only for a unit placed with at (players face the units they set up)", uw)
					}
					if ru.Facing != nil && !geom.ValidDegrees(*ru.Facing) {
						d.add(at(ru.KeyPos, "facing", ru.Pos), "%s: facing %g is not a direction in degrees between -%d and %d", uw, *ru.Facing, geom.MaxDegrees, geom.MaxDegrees)
					}
					if ru.At != nil {
						if ru.At.ok {
							xy := ru.At.XY
							ref.At = &xy
							g.inside(*ru.At, uw+".at")
							if !reserve {
								placed = append(placed, placedAt{side: i, id: ru.ID, xy: xy, what: uw + ".at", pos: ru.At.Pos})
							}
						}
					} else if !reserve {
						toDeploy = true
					}
					c.Units = append(c.Units, ref)
				}
				out = append(out, c)
			}
			return out
		}
		if fs := rs.FreeSetup; fs != nil {
			sd.FreeSetup = &FreeSetup{ReserveFrom: fs.ReserveFrom, MaxHiddenGroups: fs.MaxHiddenGroups}
			if fs.ReserveFrom < 1 {
				d.add(at(fs.KeyPos, "reserve_from", fs.Pos), "%s.free_setup: reserve_from must be 1 or more, got %d", what, fs.ReserveFrom)
			}
			if fs.MaxHiddenGroups < 0 {
				d.add(at(fs.KeyPos, "max_hidden_groups", fs.Pos), "%s.free_setup: max_hidden_groups must be 0 or more, got %d", what, fs.MaxHiddenGroups)
			}
			hidden := 0
			for _, rc := range rs.Forces {
				if rc.Hidden {
					hidden++
				}
			}
			if fs.MaxHiddenGroups >= 0 && hidden > fs.MaxHiddenGroups {
				d.add(at(fs.KeyPos, "max_hidden_groups", fs.Pos), "%s.free_setup: %d %s listed hidden, more than max_hidden_groups %d", what, hidden, map[bool]string{true: "company is", false: "companies are"}[hidden == 1], fs.MaxHiddenGroups)
			}
		}
		sd.Forces = companies(rs.Forces, "forces", false)
		sd.Reserves = companies(rs.Reserves, "reserves", true)
		if len(rs.Forces)+len(rs.Reserves) == 0 {
			d.add(rs.Pos, "%s: side %q has no forces and no reserves", what, rs.ID)
		}
		if toDeploy && len(rs.Zones) == 0 {
			d.add(rs.Pos, "%s: side %q has units without `at` to deploy but no deployment zone", what, rs.ID)
		}
		sc.Sides = append(sc.Sides, sd)
	}
	d.setupConflicts(zones, placed)

	if schema != nil {
		sc.Params, sc.ParamsBlock = d.block(raw.Params, schema.NewScenarioParams, schema.Name, "params", top)
	}

	if v := raw.Victory; v == nil {
		d.missing(raw.KeyPos, "victory", top, "victory is missing")
	} else {
		sc.Victory = Victory{ArmyMoraleZero: v.ArmyMoraleZero, TurnLimit: v.TurnLimit, DrawAtTurnLimit: v.DrawAtTurnLimit, Pos: v.Pos}
		if v.TurnLimit < 0 || v.TurnLimit > MaxTurnLimit {
			d.add(at(v.KeyPos, "turn_limit", v.Pos), "victory.turn_limit must be 0 (no limit) to %d, got %d", MaxTurnLimit, v.TurnLimit)
		}
		if v.DrawAtTurnLimit && v.TurnLimit == 0 {
			d.add(at(v.KeyPos, "draw_at_turn_limit", v.Pos), "victory.draw_at_turn_limit needs a turn_limit")
		}
		last, lastSays := v.TurnLimit, fmt.Sprintf("turn_limit %d", v.TurnLimit)
		if last == 0 && schema != nil && schema.TurnCap > 0 {
			last, lastSays = schema.TurnCap, fmt.Sprintf("%s draws a battle with no turn_limit after turn %d", schema.Name, schema.TurnCap)
		}
		for i, sd := range sc.Sides {
			if fs := sd.FreeSetup; fs != nil && last > 0 && fs.ReserveFrom > last {
				d.add(sd.Pos, "sides[%d].free_setup: reserve_from %d: a company stationed in reserve would arrive after the battle's last turn (%s)", i, fs.ReserveFrom, lastSays)
			}
			for _, co := range sd.Reserves {
				switch {
				case v.TurnLimit > 0 && co.EarliestTurn > v.TurnLimit:
					d.add(co.Pos, "side %q: reserve %q arrives from turn %d, after the battle's last turn (turn_limit %d)", sd.ID, co.Name, co.EarliestTurn, v.TurnLimit)
				case v.TurnLimit == 0 && schema != nil && schema.TurnCap > 0 && co.EarliestTurn > schema.TurnCap:
					d.add(co.Pos, "side %q: reserve %q arrives from turn %d, after the battle's last turn (%s draws a battle with no turn_limit after turn %d)", sd.ID, co.Name, co.EarliestTurn, schema.Name, schema.TurnCap)
				}
			}
		}
		switch {
		case schema != nil && schema.NoArmyMorale && v.ArmyMoraleZero:
			d.add(at(v.KeyPos, "army_morale_zero", v.Pos), "victory.army_morale_zero: %s has no army morale; its battles end when a side has no unit left in the fight, or at the turn_limit", schema.Name)
		case schema != nil && schema.NoArmyMorale:
		case !v.ArmyMoraleZero && v.TurnLimit == 0:
			d.add(v.Pos, "victory: the battle can never end; set army_morale_zero or a turn_limit")
		}
	}

	if schema != nil && schema.Check != nil && !paramsMissing {
		// The ruleset's checks go on past a value of the wrong type; what
		// they say of the zero value left in its place is dropped, since
		// the value's own line says it already.
		for _, p := range schema.Check(sc) {
			if !d.wrongType[Pos{File: p.File, Line: p.Line, Col: p.Col}] {
				d.probs = append(d.probs, p)
			}
		}
	}
	if schema != nil && schema.Trial != nil && len(d.probs) == 0 {
		d.probs = append(d.probs, schema.Trial(sc)...)
	}
	return sc
}

// terrain checks and converts one terrain feature.
func (d *decoder) terrain(rt rawTerrain, what string, g geomCheck, schema *Schema) TerrainSpec {
	ts := TerrainSpec{Kind: rt.Kind, Name: rt.Name, Level: rt.Level, Pos: rt.Pos}
	areas, lines := areaKinds, lineKinds
	if schema != nil {
		areas = append(slices.Clone(areas), schema.AreaKinds...)
		lines = append(slices.Clone(lines), schema.LineKinds...)
	}
	isArea, isLine := slices.Contains(areas, rt.Kind), slices.Contains(lines, rt.Kind)
	if !isArea && !isLine && schema != nil {
		// A misspelt kind would be open ground, silently.
		d.add(at(rt.KeyPos, "kind", rt.Pos), "%s: kind %q is not one of %s (in %s)", what, rt.Kind, quoted(append(slices.Clone(areas), lines...)), schema.Name)
	}
	_, hasPoly := rt.KeyPos["polygon"]
	_, hasLine := rt.KeyPos["line"]
	switch {
	case hasPoly && hasLine:
		d.add(rt.KeyPos["line"], "%s: give a polygon or a line, not both", what)
	case isArea && !hasPoly:
		d.add(rt.Pos, "%s: %s needs a polygon", what, rt.Kind)
	case isLine && !hasLine:
		d.add(rt.Pos, "%s: %s needs a line", what, rt.Kind)
	case !hasPoly && !hasLine:
		d.add(rt.Pos, "%s: needs a polygon or a line", what)
	}
	if isArea && hasLine {
		d.add(rt.KeyPos["line"], "%s: %s is an area; give a polygon, not a line", what, rt.Kind)
	}
	if isLine && hasPoly {
		d.add(rt.KeyPos["polygon"], "%s: %s is a line; give a line, not a polygon", what, rt.Kind)
	}
	if rt.Kind == "hill" {
		if _, given := rt.KeyPos["level"]; !given {
			d.add(rt.Pos, "%s: hill needs a level (1 to %d)", what, MaxHillLevel)
		} else if rt.Level < 1 {
			d.add(rt.KeyPos["level"], "%s: hill level must be 1 or more, got %d", what, rt.Level)
		} else if rt.Level > MaxHillLevel {
			d.add(rt.KeyPos["level"], "%s: hill level %d is more than %d: no WWII table has more than a handful of contour levels (1 for a hill, 2 for a crest on it, and so on)", what, rt.Level, MaxHillLevel)
		}
	} else if _, given := rt.KeyPos["level"]; given {
		d.add(rt.KeyPos["level"], "%s: level is only for hills", what)
	}
	if hasPoly {
		ts.Polygon, _ = g.polygon(rt.Polygon, what+".polygon", rt.KeyPos["polygon"])
	}
	if hasLine {
		ts.Line = g.line(rt.Line, what+".line", rt.KeyPos["line"])
	}
	return ts
}

// geomCheck checks points against the table.
type geomCheck struct {
	d     *decoder
	table Table
	ok    bool // the table is valid, so points can be checked against it
}

// MaxFootprint bounds a unit's length and width, in inches.
const MaxFootprint = 24

// badIDSegment says what is wrong with the /-separated parts of a
// scenario id (the id names a file in links and logs), or "".
func badIDSegment(id string) string {
	for _, seg := range strings.Split(id, "/") {
		switch seg {
		case "":
			return "a part between slashes is empty (my/battle, not my//battle or my/)"
		case ".", "..":
			return fmt.Sprintf("a part between slashes may not be %q", seg)
		}
	}
	return ""
}

// farFromEdge reports whether the polygon lies wholly in the half of the
// table away from edge.
func (g geomCheck) farFromEdge(poly [][2]float64, edge string) bool {
	lo, hi := poly[0], poly[0]
	for _, q := range poly {
		lo = [2]float64{min(lo[0], q[0]), min(lo[1], q[1])}
		hi = [2]float64{max(hi[0], q[0]), max(hi[1], q[1])}
	}
	w, h := g.table.Width, g.table.Height
	switch edge {
	case "south":
		return lo[1] >= h/2
	case "north":
		return hi[1] <= h/2
	case "west":
		return lo[0] >= w/2
	case "east":
		return hi[0] <= w/2
	}
	return false
}

// inside reports a point outside the table. Points on the edge are inside.
func (g geomCheck) inside(p point, what string) bool {
	if !g.ok || !p.ok {
		return true
	}
	x, y := p.XY[0], p.XY[1]
	if x < 0 || y < 0 || x > g.table.Width || y > g.table.Height {
		g.d.add(p.Pos, "%s: point [%s, %s] is outside the %s×%s\" table", what, fmtf(x), fmtf(y), fmtf(g.table.Width), fmtf(g.table.Height))
		return false
	}
	return true
}

func (g geomCheck) points(pts []point, what string) ([][2]float64, bool) {
	out := make([][2]float64, 0, len(pts))
	ok := true
	for i, p := range pts {
		if !p.ok {
			ok = false
			continue
		}
		g.inside(p, fmt.Sprintf("%s[%d]", what, i))
		out = append(out, p.XY)
	}
	return out, ok
}

// polygon checks a polygon: at least three points, inside the table, with
// an area and no crossing edges. ok is false when the points do not make
// such a polygon (points off the table apart), reported already, so that
// later checks of its shape need not repeat the mistake.
func (g geomCheck) polygon(list points, what string, p Pos) (xy [][2]float64, ok bool) {
	if !list.ok {
		return nil, false
	}
	pts := list.P
	if len(pts) < 3 {
		g.d.add(p, "%s: a polygon needs at least 3 points, got %d", what, len(pts))
	}
	xy, ok = g.points(pts, what)
	if !ok || len(xy) < 3 {
		return xy, false
	}
	for i := range xy {
		if j := (i + 1) % len(xy); xy[i] == xy[j] {
			if j == 0 {
				g.d.add(pts[i].Pos, "%s: the last point repeats the first; leave it out (a polygon closes itself)", what)
			} else {
				g.d.add(pts[j].Pos, "%s: point %d repeats point %d", what, j, i)
			}
			return xy, false
		}
	}
	if math.Abs(area(xy)) < 1e-9 {
		g.d.add(p, "%s: the polygon has no area", what)
		return xy, false
	} else if i, j, crossed := selfCrossing(xy); crossed {
		g.d.add(pts[j].Pos, "%s: edge from point %d crosses edge from point %d; polygon edges must not cross", what, j, i)
		return xy, false
	}
	return xy, true
}

// line checks a polyline: at least two points inside the table.
func (g geomCheck) line(list points, what string, p Pos) [][2]float64 {
	if !list.ok {
		return nil
	}
	pts := list.P
	if len(pts) < 2 {
		g.d.add(p, "%s: a line needs at least 2 points, got %d", what, len(pts))
	}
	xy, _ := g.points(pts, what)
	pl := make(geom.Polyline, len(xy))
	for i, q := range xy {
		pl[i] = geom.Point{X: q[0], Y: q[1]}
	}
	if len(pl) >= 2 && !(pl.Length() > geom.Epsilon) {
		g.d.add(p, "%s: the line has no length (its points all coincide)", what)
	}
	return xy
}

// area returns the signed area of a polygon (shoelace formula).
func area(p [][2]float64) float64 {
	var a float64
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i][0]*p[j][1] - p[j][0]*p[i][1]
	}
	return a / 2
}

// selfCrossing reports the first pair of non-adjacent polygon edges that
// intersect (touching counts).
func selfCrossing(p [][2]float64) (int, int, bool) {
	n := len(p)
	for i := range n {
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue // adjacent through the closing edge
			}
			if segmentsMeet(p[i], p[(i+1)%n], p[j], p[(j+1)%n]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

func orient(a, b, c [2]float64) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

func onSegment(a, b, c [2]float64) bool {
	return math.Min(a[0], b[0]) <= c[0] && c[0] <= math.Max(a[0], b[0]) &&
		math.Min(a[1], b[1]) <= c[1] && c[1] <= math.Max(a[1], b[1])
}

// segmentsMeet reports whether segments ab and cd share a point.
func segmentsMeet(a, b, c, d [2]float64) bool {
	d1, d2 := orient(c, d, a), orient(c, d, b)
	d3, d4 := orient(a, b, c), orient(a, b, d)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	return (d1 == 0 && onSegment(c, d, a)) || (d2 == 0 && onSegment(c, d, b)) ||
		(d3 == 0 && onSegment(a, b, c)) || (d4 == 0 && onSegment(a, b, d))
}
