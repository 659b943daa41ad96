package pagano

import (
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// Extra feature kinds this ruleset reads from scenario terrain besides the
// table package's conventional ones (rulings P12, P16).
const (
	KindHedgerow = "hedgerow" // a line: a 1st-level obstacle
	KindCliff    = "cliff"    // a line: impassable; drifting over it wrecks
	KindBridge   = "bridge"   // an area: drifting off it wrecks
)

// board is the immutable part of a game: the scenario, its table, unit
// types and platoons. Clones of a state share it.
type board struct {
	sc       *scenario.Scenario
	table    *table.Table
	sides    []boardSide
	types    []*scenario.UnitType
	stats    []*UnitStats
	platoons []platoon
	costs    Costs
	roads    []geom.Polyline
	// buildings holds the building features: a vehicle's hull may never
	// meet one (ruling P16).
	buildings []*table.Feature
	// unitPlatoon maps each unit id to its platoon index.
	unitPlatoon map[string]int
	axis        int // side index of the Axis
	maxTurn     int
	drawAtLimit bool
	// capped: the scenario sets no turn limit and maxTurn is TurnCap.
	capped bool
}

type boardSide struct {
	id       string
	name     string
	edge     string
	order    int
	alliance string
	zones    []geom.Polygon
}

// platoon is one morale group: a company of the scenario file.
type platoon struct {
	name        string
	side        int
	independent bool // a unit acting alone: no morale (Pagano, Morale)
}

// TurnCap ends a game that has no scenario turn limit as a draw.
const TurnCap = 40

func newBoard(sc *scenario.Scenario) (*board, error) {
	if sc == nil {
		return nil, fmt.Errorf("pagano: a scenario is required")
	}
	if sc.Rules != Name {
		return nil, fmt.Errorf("pagano: scenario %s is for %q, not %q", sc.ID, sc.Rules, Name)
	}
	if len(sc.Sides) != 2 {
		return nil, fmt.Errorf("pagano: scenario %s has %d sides; the rules need 2", sc.ID, len(sc.Sides))
	}
	b := &board{sc: sc, maxTurn: sc.Victory.TurnLimit, drawAtLimit: sc.Victory.DrawAtTurnLimit, axis: -1}
	if b.maxTurn == 0 {
		b.maxTurn, b.capped = TurnCap, true
	}
	var t1 *Table1
	if p, ok := sc.Params.(*ScenarioParams); ok && p != nil {
		t1 = p.Table1
	}
	b.costs = t1.Resolve()
	b.table = table.New(sc.Table.Width, sc.Table.Height)
	for _, t := range sc.Terrain {
		f := table.Feature{Kind: t.Kind, Name: t.Name, Level: t.Level}
		if len(t.Polygon) > 0 {
			f.Area = table.Polygon(t.Polygon)
		} else {
			f.Line = geom.Polyline(table.Polygon(t.Line))
		}
		if _, err := b.table.Add(f); err != nil {
			return nil, fmt.Errorf("pagano: %s: terrain %s %q: %w", sc.ID, t.Kind, t.Name, err)
		}
		if t.Kind == table.KindRoad {
			b.roads = append(b.roads, f.Line)
		}
	}
	b.indexBuildings()
	for si, sd := range sc.Sides {
		p, ok := sd.Params.(*SideParams)
		if !ok || p == nil {
			return nil, fmt.Errorf("pagano: %s: side %s has no params", sc.ID, sd.ID)
		}
		bs := boardSide{id: sd.ID, name: sd.Name, edge: sd.Edge, order: sd.DeployOrder, alliance: p.Alliance}
		for _, z := range sd.Zones {
			bs.zones = append(bs.zones, table.Polygon(z.Polygon))
		}
		if p.Alliance == Axis {
			b.axis = si
		}
		b.sides = append(b.sides, bs)
	}
	if b.axis < 0 || b.sides[1-b.axis].alliance != Allied {
		return nil, fmt.Errorf("pagano: %s: one side must be axis and the other allied", sc.ID)
	}
	b.unitPlatoon = map[string]int{}
	for si, sd := range sc.Sides {
		p := sd.Params.(*SideParams)
		for _, co := range sd.Forces {
			pi := len(b.platoons)
			b.platoons = append(b.platoons, platoon{name: co.Name, side: si, independent: len(co.Units) == 1})
			for _, ref := range co.Units {
				ut := sc.Units[ref.ID]
				if ut == nil {
					return nil, fmt.Errorf("pagano: %s: unit %s has no type", sc.ID, ref.ID)
				}
				b.addType(ut)
				b.unitPlatoon[ref.ID] = pi
				if len(co.Units) > 1 && slices.Contains(p.Independent, ref.ID) {
					// An independent unit listed in a company is a platoon
					// of its own (ruling P19).
					b.unitPlatoon[ref.ID] = len(b.platoons)
					b.platoons = append(b.platoons, platoon{name: ref.ID, side: si, independent: true})
				}
			}
		}
	}
	return b, nil
}

// typeIndex returns the index of a unit type of the scenario, or -1.
func (b *board) typeIndex(ut *scenario.UnitType) int {
	for i, t := range b.types {
		if t == ut {
			return i
		}
	}
	return -1
}

// addType adds a unit type to the board if new.
func (b *board) addType(ut *scenario.UnitType) {
	if b.typeIndex(ut) >= 0 {
		return
	}
	st, _ := ut.Stats.(*UnitStats)
	if st == nil {
		st = &UnitStats{}
	}
	b.types = append(b.types, ut)
	b.stats = append(b.stats, st)
}

// sideOf returns the side of an alliance.
func (b *board) sideOf(alliance string) int {
	if alliance == Axis {
		return b.axis
	}
	return 1 - b.axis
}

// inZone reports whether the whole footprint lies inside one of side's
// deployment zones.
func (b *board) inZone(side int, box geom.Box) bool { return table.InAnyZone(b.sides[side].zones, box) }

// onTable reports whether the whole footprint lies on the table.
func (b *board) onTable(box geom.Box) bool { return b.table.ContainsBox(box) }

// towardEnemy returns the heading from side's friendly edge toward the enemy.
func (b *board) towardEnemy(side int) geom.Angle { return table.InwardHeading(b.sides[side].edge) }

// edgeDist returns how far p is from side's friendly (safe) table edge.
func (b *board) edgeDist(side int, p geom.Point) float64 {
	switch b.sides[side].edge {
	case "north":
		return b.table.Height() - p.Y
	case "east":
		return b.table.Width() - p.X
	case "west":
		return p.X
	}
	return p.Y
}

// edgePoint returns the point of side's friendly edge straight behind p.
func (b *board) edgePoint(side int, p geom.Point) geom.Point {
	switch b.sides[side].edge {
	case "north":
		return geom.Point{X: p.X, Y: b.table.Height()}
	case "east":
		return geom.Point{X: b.table.Width(), Y: p.Y}
	case "west":
		return geom.Point{X: 0, Y: p.Y}
	}
	return geom.Point{X: p.X, Y: 0}
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// indexBuildings lists the table's buildings, once its terrain is in.
func (b *board) indexBuildings() {
	b.buildings = nil
	for _, f := range b.table.Features() {
		if f.Kind == table.KindBuilding && len(f.Area) > 2 {
			b.buildings = append(b.buildings, f)
		}
	}
}
