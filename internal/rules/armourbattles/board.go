package armourbattles

import (
	"fmt"
	"math"
	"sync"

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
	// spotPools caches, by spotKey, the spots a hidden unit may be drawn
	// at (see State.spotPool). Boards are shared between goroutines.
	spotPools sync.Map
	// home is the company each unit is listed in by the scenario, for
	// its set-up constraints.
	home map[string]*scenario.Company
	// company numbers the scenario's company names, for hashing.
	company map[string]int
	// hedges are the table's hedges, for quick cover checks.
	hedges []*table.Feature
	// hedgeBounds are the hedges' bounds, in the same order.
	hedgeBounds []geom.Rect
	// hedgeSegs are the straight stretches of the hedges drawn as lines
	// (hedgeShadows).
	hedgeSegs []hedgeSeg
	// woods are the table's woods (with an area), each with the centre
	// of its bounds, for nearestWood.
	woods []wood
	// screenable are the hills, woods and buildings whose outline can
	// cast shadows that settle sight questions (screens.go).
	screenable []screenable
	// woodCast is the caster of each convex wood among them: how deep a
	// ray runs into it (inFringe).
	woodCast map[*table.Feature]*geom.Caster
	// unitAt is where New puts each unit in State.Units: unitIndex's
	// first guess.
	unitAt map[string]int
	// unitType is the type of the unit New puts at each index: the sight
	// memo keeps answers only about footprints of these types' sizes
	// (State.standard).
	unitType []int
}

// indexTerrain lists the table's hedges, woods and screenable features,
// once the table's terrain is in place.
func (b *board) indexTerrain() {
	b.hedges, b.hedgeBounds, b.hedgeSegs, b.woods, b.screenable = nil, nil, nil, nil, nil
	for _, f := range b.table.Features() {
		if f.Kind == table.KindHedge {
			b.hedges = append(b.hedges, f)
			b.hedgeBounds = append(b.hedgeBounds, f.Bounds())
			for i := 0; i+1 < len(f.Line); i++ {
				seg := f.Line.Segment(i)
				b.hedgeSegs = append(b.hedgeSegs, hedgeSeg{seg: seg, mid: seg.At(0.5), half: seg.Length() / 2})
			}
		}
		if f.Kind == table.KindWoods && len(f.Area) > 0 {
			b.woods = append(b.woods, wood{f, f.Area.Bounds().Center()})
		}
		if len(f.Area) >= 3 && (f.Kind == table.KindWoods || f.Kind == table.KindBuilding || f.Kind == table.KindHill && f.Level >= 1) {
			if c, ok := geom.NewCaster(f.Area); ok { // the others cast no shadow
				sf := screenable{f: f, cast: c, r: -1}
				if f.Kind == table.KindWoods {
					sf.c, sf.r = woodCircle(f.Area)
				}
				b.screenable = append(b.screenable, sf)
			}
		}
	}
	b.woodCast = map[*table.Feature]*geom.Caster{}
	for i := range b.screenable {
		if sf := &b.screenable[i]; sf.f.Kind == table.KindWoods {
			b.woodCast[sf.f] = &sf.cast
		}
	}
}

// hedgeSeg is a straight stretch of a hedge, with its middle and half
// its length: the circle that holds it.
type hedgeSeg struct {
	seg  geom.Segment
	mid  geom.Point
	half float64
}

type wood struct {
	f      *table.Feature
	centre geom.Point
}

type boardSide struct {
	id     string
	name   string
	edge   string
	order  int // deployment order, 1 first
	params SideParams
	zones  []geom.Polygon
	free   *scenario.FreeSetup // the side's set-up freedom, or nil
}

// TurnCap ends a game that has no scenario turn limit as a draw; see the
// rulings document ("Games without a turn limit").
const TurnCap = 60

func newBoard(sc *scenario.Scenario) (*board, error) {
	if sc == nil {
		return nil, fmt.Errorf("armour-battles: a scenario is required")
	}
	if sc.Rules != Name {
		return nil, fmt.Errorf("armour-battles: scenario %s is for %q, not %q", sc.ID, sc.Rules, Name)
	}
	if len(sc.Sides) != 2 {
		return nil, fmt.Errorf("armour-battles: scenario %s has %d sides; Armour Battles needs 2", sc.ID, len(sc.Sides))
	}
	b := &board{sc: sc, maxTurn: sc.Victory.TurnLimit, home: map[string]*scenario.Company{}, company: map[string]int{}, unitAt: map[string]int{}}
	if b.maxTurn == 0 {
		b.maxTurn = TurnCap
	}
	if p, ok := sc.Params.(*ScenarioParams); ok && p != nil {
		b.params = *p
	}
	var err error
	if b.table, err = table.FromScenario(sc); err != nil {
		return nil, fmt.Errorf("armour-battles: %w", err)
	}
	b.indexTerrain()
	for _, sd := range sc.Sides {
		bs := boardSide{id: sd.ID, name: sd.Name, edge: sd.Edge, order: sd.DeployOrder, free: sd.FreeSetup}
		p, ok := sd.Params.(*SideParams)
		if !ok || p == nil {
			return nil, fmt.Errorf("armour-battles: %s: side %s has no params", sc.ID, sd.ID)
		}
		bs.params = *p
		for _, z := range sd.Zones {
			bs.zones = append(bs.zones, table.Polygon(z.Polygon))
		}
		b.sides = append(b.sides, bs)
	}
	for _, sd := range sc.Sides {
		for _, cos := range [][]scenario.Company{sd.Forces, sd.Reserves} {
			for ci := range cos {
				co := &cos[ci]
				if _, ok := b.company[co.Name]; !ok {
					b.company[co.Name] = len(b.company)
				}
				for _, ref := range co.Units {
					b.home[ref.ID] = co
					ut := sc.Units[ref.ID]
					if ut == nil {
						return nil, fmt.Errorf("armour-battles: %s: unit %s has no type", sc.ID, ref.ID)
					}
					b.addType(ut)
					if st, ok := ut.Stats.(*UnitStats); ok && !st.OffTable() {
						b.unitAt[ref.ID] = len(b.unitAt) // where New puts it
						b.unitType = append(b.unitType, b.typeIndex(ut))
					}
				}
			}
		}
	}
	if fp := b.params.FirstPulse; fp != "" && fp != "roll" && sc.Side(fp) == nil {
		return nil, fmt.Errorf("armour-battles: %s: first_pulse %q is not a side", sc.ID, fp)
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
func (b *board) inZone(side int, box geom.Box) bool { return table.InAnyZone(b.sides[side].zones, box) }

// onTable reports whether the whole footprint lies on the table.
func (b *board) onTable(box geom.Box) bool { return b.table.ContainsBox(box) }

// towardEnemy returns the heading from side's friendly edge toward the enemy.
func (b *board) towardEnemy(side int) geom.Angle { return table.InwardHeading(b.sides[side].edge) }

func round2(x float64) float64 { return math.Round(x*100) / 100 }
