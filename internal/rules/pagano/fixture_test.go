package pagano

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// Sides in Battle 1 order.
const (
	german = 0
	us     = 1
)

// placed is one vehicle of a test fixture. typ is a unit type id of
// data/pagano/units.yaml or of extraTypes.
type placed struct {
	id, typ string
	side    int
	x, y    float64
	facing  float64 // degrees
	motion  Motion
}

// extraTypes are vehicles of the text's examples that are not in the
// shipped data.
var extraTypes = map[string]*scenario.UnitType{
	"truck": {ID: "truck", Name: "Truck", Nation: "germany", Rules: Name, Special: []string{Unarmoured},
		Footprint: struct {
			Length float64 `json:"length"`
			Width  float64 `json:"width"`
		}{0.7, 0.3},
		Stats: &UnitStats{MP: 8, Gun: 0, Mount: MountTurret, Weight: "L", Years: "95"}},
}

// fixture is a game on an open 72×48" table (or the given terrain) with
// the given vehicles placed, turn 1, in the given phase. Each vehicle is a
// platoon of one unless the test regroups it.
type fixture struct {
	t   *testing.T
	s   *State
	src *dice.Scripted
	evs engine.EventList
}

func newFixture(t *testing.T, terrain []table.Feature, phase int, units ...placed) *fixture {
	t.Helper()
	sc := battle1(t)
	cat, _ := scenario.Embedded()
	real, err := boardFor(sc)
	if err != nil {
		t.Fatal(err)
	}
	b := &board{sc: sc, sides: real.sides, axis: real.axis, costs: DefaultCosts, maxTurn: 15, drawAtLimit: true}
	b.table = table.New(72, 48)
	for _, f := range terrain {
		if _, err := b.table.Add(f); err != nil {
			t.Fatal(err)
		}
		if f.Kind == table.KindRoad {
			b.roads = append(b.roads, f.Line)
		}
	}
	b.indexBuildings()
	s := &State{b: b, Turn: 1, Phase: phase, Serial: phase, Deployer: -1, Winner: -1, Rev: Revision}
	for _, p := range units {
		ut := extraTypes[p.typ]
		if ut == nil {
			if ut, err = cat.UnitType(Name, p.typ); err != nil {
				t.Fatal(err)
			}
		}
		b.addType(ut)
		b.platoons = append(b.platoons, platoon{name: p.id, side: p.side, independent: true})
		h := geom.Deg(p.facing)
		s.Units = append(s.Units, Unit{ID: p.id, Type: b.typeIndex(ut), Side: p.side, Platoon: len(b.platoons) - 1,
			Pos: geom.Point{X: p.x, Y: p.y}, Heading: h, Turret: h, Placed: true, Motion: p.motion})
	}
	if sequence[phase-1].kind == phaseMove {
		side := b.sideOf(sequence[phase-1].alliance)
		for i := range s.Units {
			s.Units[i].Done = s.Units[i].Side != side
		}
	}
	return &fixture{t: t, s: s}
}

// platoon puts the named vehicles into one platoon.
func (f *fixture) platoon(name string, ids ...string) {
	b := f.s.b
	b.platoons = append(b.platoons, platoon{name: name, side: f.unit(ids[0]).Side})
	for _, id := range ids {
		f.unit(id).Platoon = len(b.platoons) - 1
	}
}

// dice sets the scripted dice for the next actions.
func (f *fixture) dice(v ...int) { f.src = dice.NewScripted(v...) }

// do validates and applies an action, failing the test on a rejection.
func (f *fixture) do(a engine.Action) {
	f.t.Helper()
	if err := f.s.Validate(a); err != nil {
		f.t.Fatalf("%s %+v rejected: %v", a.Kind(), a, err)
	}
	if f.src == nil {
		f.src = dice.NewScripted()
	}
	f.s.Apply(a, f.src, &f.evs)
}

// reject checks that an action is refused with a message containing want.
func (f *fixture) reject(a engine.Action, want string) {
	f.t.Helper()
	before := f.s.Hash()
	err := f.s.Validate(a)
	if err == nil || !strings.Contains(err.Error(), want) {
		f.t.Fatalf("%s %+v: error %v, want one containing %q", a.Kind(), a, err, want)
	}
	if f.s.Hash() != before {
		f.t.Fatalf("rejected %s changed the state", a.Kind())
	}
}

func (f *fixture) unit(id string) *Unit {
	f.t.Helper()
	i := f.s.unitIndex(id)
	if i < 0 {
		f.t.Fatalf("no unit %s", id)
	}
	return &f.s.Units[i]
}

func (f *fixture) idx(id string) int {
	f.t.Helper()
	f.unit(id)
	return f.s.unitIndex(id)
}

// usedAll checks that every scripted die was consumed.
func (f *fixture) usedAll() {
	f.t.Helper()
	if f.src != nil && f.src.Remaining() != 0 {
		f.t.Errorf("%d scripted dice left unused\n%s", f.src.Remaining(), f.log())
	}
}

func (f *fixture) log() string {
	var b strings.Builder
	for _, e := range f.evs {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

func rect(kind string, x0, y0, x1, y1 float64) table.Feature {
	return table.Feature{Kind: kind, Area: geom.Polygon{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}}
}

func hill(level int, x0, y0, x1, y1 float64) table.Feature {
	f := rect(table.KindHill, x0, y0, x1, y1)
	f.Level = level
	return f
}

func line(kind string, pts ...float64) table.Feature {
	var pl geom.Polyline
	for i := 0; i+1 < len(pts); i += 2 {
		pl = append(pl, geom.Point{X: pts[i], Y: pts[i+1]})
	}
	return table.Feature{Kind: kind, Line: pl}
}

// farEnemy keeps a game going: a US vehicle in a far corner.
var farEnemy = placed{id: "far", typ: "m4-75", side: us, x: 70, y: 1, facing: 90, motion: Stationary}

func fp(x float64) *float64 { return &x }
