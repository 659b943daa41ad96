package armourbattles

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

// placed is one unit of a test fixture.
type placed struct {
	id, typ string
	side    int
	x, y    float64
	facing  float64 // degrees
}

// fixture builds a state on an open 72×48" table (or the given terrain)
// with the given units placed, turn 1, the given side in its orders phase
// with a chain of `slots` dice, and the rest of the sides' dice empty.
type fixture struct {
	t   *testing.T
	s   *State
	src *dice.Scripted
	evs engine.EventList
}

func newFixture(t *testing.T, terrain []table.Feature, active, slots int, units ...placed) *fixture {
	t.Helper()
	sc := battle1(t)
	cat, _ := scenario.Embedded()
	real, err := boardFor(sc)
	if err != nil {
		t.Fatal(err)
	}
	b := &board{sc: sc, sides: append([]boardSide(nil), real.sides...), maxTurn: TurnCap}
	b.table = table.New(72, 48)
	for _, f := range terrain {
		if _, err := b.table.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	b.indexTerrain()
	s := &State{b: b, Turn: 1, Phase: phaseOrders, Active: active, Slots: slots, ChainSize: slots, Winner: -1}
	for i := range b.sides {
		// One die left each, so a test's pulse ends without ending the turn.
		sd := SideState{Morale: b.sides[i].params.ArmyMorale, Staff: b.sides[i].params.StaffOrders, Rolled: 1}
		sd.Dice[3] = 1
		s.Sides = append(s.Sides, sd)
	}
	for _, p := range units {
		ut, err := cat.UnitType(Name, p.typ)
		if err != nil {
			t.Fatal(err)
		}
		b.addType(ut)
		s.Units = append(s.Units, Unit{ID: p.id, Type: b.typeIndex(ut), Side: p.side, Pos: geom.Point{X: p.x, Y: p.y}, Heading: geom.Deg(p.facing), Placed: true})
	}
	return &fixture{t: t, s: s}
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

// usedAll checks that every scripted die was consumed.
func (f *fixture) usedAll() {
	f.t.Helper()
	if f.src != nil && f.src.Remaining() != 0 {
		f.t.Errorf("%d scripted dice left unused", f.src.Remaining())
	}
}

func (f *fixture) pending(kind string) {
	f.t.Helper()
	if d := f.s.Pending(); d.Kind != kind {
		f.t.Fatalf("pending %s for side %d, want %s", d.Kind, d.Side, kind)
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

func fp(x float64) *float64 { return &x }

// fire declares a shot and lets the other side decline opportunity fire.
func (f *fixture) fire(a Fire) {
	f.t.Helper()
	f.do(a)
	f.passAll()
}

// passAll declines every opportunity-fire window and reaction boost.
func (f *fixture) passAll() {
	f.t.Helper()
	for {
		switch f.s.Pending().Kind {
		case "opportunity-fire":
			f.do(OppPass{})
		case "reaction-boost":
			f.do(Boost{})
		default:
			return
		}
	}
}

func mustCatalog(t *testing.T) *scenario.Catalog {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}
