package armourbattles

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// board is the immutable part of a game: the scenario, its table and unit
// types. Clones of a state share it.
type board struct {
	sc      *scenario.Scenario
	table   *table.Table
	sides   []boardSide
	types   []*scenario.UnitType
	stats   []*UnitStats
	radius  []float64 // half the footprint's diagonal, by type
	params  ScenarioParams
	maxTurn int
}

type boardSide struct {
	id     string
	name   string
	edge   string
	order  int // deployment order, 1 first
	params SideParams
	zones  []geom.Polygon
}

// TurnCap ends a game that has no scenario turn limit as a draw; see the
// rulings document ("Games without a turn limit").
const TurnCap = 60

func newBoard(sc *scenario.Scenario) (*board, error) {
	if sc == nil {
		return nil, fmt.Errorf("armourbattles: a scenario is required")
	}
	if sc.Rules != Name {
		return nil, fmt.Errorf("armourbattles: scenario %s is for %q, not %q", sc.ID, sc.Rules, Name)
	}
	if len(sc.Sides) != 2 {
		return nil, fmt.Errorf("armourbattles: scenario %s has %d sides; Armour Battles needs 2", sc.ID, len(sc.Sides))
	}
	b := &board{sc: sc, maxTurn: sc.Victory.TurnLimit}
	if b.maxTurn == 0 {
		b.maxTurn = TurnCap
	}
	if p, ok := sc.Params.(*ScenarioParams); ok && p != nil {
		b.params = *p
	}
	b.table = table.New(sc.Table.Width, sc.Table.Height)
	for _, t := range sc.Terrain {
		f := table.Feature{Kind: t.Kind, Name: t.Name, Level: t.Level}
		if len(t.Polygon) > 0 {
			f.Area = toPolygon(t.Polygon)
		} else {
			f.Line = geom.Polyline(toPolygon(t.Line))
		}
		if _, err := b.table.Add(f); err != nil {
			return nil, fmt.Errorf("armourbattles: %s: terrain %s %q: %w", sc.ID, t.Kind, t.Name, err)
		}
	}
	for _, sd := range sc.Sides {
		bs := boardSide{id: sd.ID, name: sd.Name, edge: sd.Edge, order: sd.DeployOrder}
		p, ok := sd.Params.(*SideParams)
		if !ok || p == nil {
			return nil, fmt.Errorf("armourbattles: %s: side %s has no params", sc.ID, sd.ID)
		}
		bs.params = *p
		for _, z := range sd.Zones {
			bs.zones = append(bs.zones, toPolygon(z.Polygon))
		}
		b.sides = append(b.sides, bs)
	}
	for _, sd := range sc.Sides {
		for _, cos := range [][]scenario.Company{sd.Forces, sd.Reserves} {
			for _, co := range cos {
				for _, ref := range co.Units {
					ut := sc.Units[ref.ID]
					if ut == nil {
						return nil, fmt.Errorf("armourbattles: %s: unit %s has no type", sc.ID, ref.ID)
					}
					b.addType(ut)
				}
			}
		}
	}
	if fp := b.params.FirstPulse; fp != "" && fp != "roll" && sc.Side(fp) == nil {
		return nil, fmt.Errorf("armourbattles: %s: first_pulse %q is not a side", sc.ID, fp)
	}
	return b, nil
}

// typeIndex returns the index of a unit type of the scenario.
func (b *board) typeIndex(ut *scenario.UnitType) int {
	for i, t := range b.types {
		if t == ut {
			return i
		}
	}
	return -1
}

// addType adds a unit type to the board's table if new.
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
	b.radius = append(b.radius, math.Hypot(ut.Footprint.Length, ut.Footprint.Width)/2)
}

func (b *board) sideIndex(id string) int {
	for i, s := range b.sides {
		if s.id == id {
			return i
		}
	}
	return -1
}

// inZone reports whether the whole footprint lies inside one of side's
// deployment zones.
func (b *board) inZone(side int, box geom.Box) bool {
	for _, z := range b.sides[side].zones {
		ok := true
		for _, c := range box.Corners() {
			if !z.Contains(c) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// onTable reports whether the whole footprint lies on the table.
func (b *board) onTable(box geom.Box) bool {
	w, h := b.table.Width(), b.table.Height()
	for _, c := range box.Corners() {
		if c.X < -1e-9 || c.Y < -1e-9 || c.X > w+1e-9 || c.Y > h+1e-9 {
			return false
		}
	}
	return true
}

// towardEnemy returns the heading from side's friendly edge toward the enemy.
func (b *board) towardEnemy(side int) geom.Angle {
	switch b.sides[side].edge {
	case "north":
		return geom.Deg(-90)
	case "east":
		return geom.Deg(180)
	case "west":
		return 0
	}
	return geom.Deg(90)
}

func toPolygon(pts [][2]float64) geom.Polygon {
	out := make(geom.Polygon, len(pts))
	for i, p := range pts {
		out[i] = geom.Point{X: p[0], Y: p[1]}
	}
	return out
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
