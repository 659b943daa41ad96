package pagano

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// Table 2, "hull-down and/or dug in −2": a Panzer IV, stopped, fires at a
// dug-in M4 10" away (range 8-12" 0, target stationary +1, dug in −2: net
// −1). A 6 misses; the same 6 would hit the M4 in the open.
func TestDugInIsHarderToHit(t *testing.T) {
	f := newFixture(t, nil, 2,
		placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Stopped},
		placed{id: "m4", typ: "m4-75", side: us, x: 30, y: 30 - 0.4 - 10 - 0.4, facing: 90, motion: Stationary},
	)
	f.unit("m4").DugIn = true
	s := f.s
	pz, m4 := f.idx("pz4"), f.idx("m4")
	q, d, err := s.shotCheck(pz, s.box(pz), m4, s.box(m4))
	if err != nil {
		t.Fatal(err)
	}
	hm := s.ToHit(pz, s.box(pz), m4, s.box(m4), q, d, false)
	want := Mods{{"target stationary", 1}, {"target hull-down", -2}}
	if hm.String() != want.String() || hm.Sum() != -1 {
		t.Errorf("to-hit modifiers %v (net %+d), want %v (net -1)", hm, hm.Sum(), want)
	}
	f.dice(6)
	f.do(Fire{Shots: []Shot{{Unit: "pz4", Target: "m4"}}})
	f.usedAll()
	if !strings.Contains(f.log(), "rolls 6 -1") || !strings.Contains(f.log(), "= 5, misses") {
		t.Errorf("a 6 at the dug-in M4:\n%s", f.log())
	}
}

// "Hull-down and/or dug in": a dug-in vehicle that is also hull-down on a
// crest takes −2 once, not −4 (ruling P27).
func TestDugInAndHullDownNotCumulative(t *testing.T) {
	// The M4 stands 3/4" in from the edge of a level-1 hill (x=29), as in
	// TestSight's "target 3/4\" in: hull-down".
	f := newFixture(t, []table.Feature{hill(1, 29, 0, 72, 48)}, 2,
		placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 10, y: 20, facing: 0, motion: Stopped},
		placed{id: "m4", typ: "m4-75", side: us, x: 30.15, y: 20, facing: 180, motion: Stopped},
	)
	s := f.s
	pz, m4 := f.idx("pz4"), f.idx("m4")
	sum := func() int {
		q, d, err := s.shotCheck(pz, s.box(pz), m4, s.box(m4))
		if err != nil {
			t.Fatal(err)
		}
		if !q.TargetHullDown {
			t.Fatalf("the M4 is not hull-down: %+v", q)
		}
		return s.ToHit(pz, s.box(pz), m4, s.box(m4), q, d, false).Sum()
	}
	hullDown := sum()
	f.unit("m4").DugIn = true
	if both := sum(); both != hullDown {
		t.Errorf("hull-down and dug in: to-hit %+d, want %+d as hull-down alone", both, hullDown)
	}
}

// A dug-in vehicle keeps its position while it holds or pivots and leaves
// it as soon as it moves (ruling P27); the doctrine, weighing a move, does
// not carry the cover along.
func TestDugInLostOnMoving(t *testing.T) {
	f := newFixture(t, nil, 8,
		placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Stationary},
		placed{id: "m4", typ: "m4-75", side: us, x: 30, y: 10, facing: 90, motion: Stationary},
		placed{id: "m4b", typ: "m4-75", side: us, x: 40, y: 10, facing: 90, motion: Stationary},
	)
	for _, id := range []string{"m4", "m4b"} {
		f.unit(id).DugIn = true
	}
	s := f.s
	m4 := f.idx("m4")
	elsewhere := s.boxAt(m4, s.Units[m4].Pos.Add(geom.Point{Y: 3}), s.Units[m4].Heading)
	if !s.dugInAt(m4, s.box(m4)) || s.dugInAt(m4, elsewhere) {
		t.Error("dugInAt: want dug in where it stands and nowhere else")
	}
	f.do(Pivot{Unit: "m4b", Facing: fp(60)})
	f.do(Move{Unit: "m4", To: [][2]float64{{30, 13}}})
	for _, a := range []struct {
		id   string
		want bool
	}{{"m4", false}, {"m4b", true}} {
		if got := f.unit(a.id).DugIn; got != a.want {
			t.Errorf("%s dug in = %v after the movement phase, want %v:\n%s", a.id, got, a.want, f.log())
		}
	}
}

// A side's params.dug_in marks units dug in from the start; an id that is
// not the side's is a scenario problem.
func TestScenarioDugIn(t *testing.T) {
	src, err := os.ReadFile("../../../data/pagano/battle-1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, ids string) string {
		text := strings.Replace(string(src), "id: pagano/battle-1", "id: test/"+name, 1)
		text = strings.Replace(text, "params: {alliance: allied}", "params: {alliance: allied, dug_in: ["+ids+"]}", 1)
		p := filepath.Join(t.TempDir(), name+".yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("dug-in", "us-a1, us-b3")
	if ps := scenario.Validate(good); len(ps) != 0 {
		t.Fatalf("problems: %v", ps)
	}
	bad := write("dug-in-bad", "de-pz1-1")
	ps := scenario.Validate(bad)
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, `dug-in unit "de-pz1-1" is not one of its units`) {
		t.Errorf("problems %v, want one about de-pz1-1", ps)
	}
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	c := *cat
	if err := c.AddFiles(good); err != nil {
		t.Fatal(err)
	}
	sc, err := c.Scenario("test/dug-in")
	if err != nil {
		t.Fatal(err)
	}
	st, err := Rules{}.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, u := range s.Units {
		want := u.ID == "us-a1" || u.ID == "us-b3"
		if u.DugIn != want {
			t.Errorf("%s dug in = %v, want %v", u.ID, u.DugIn, want)
		}
	}
}
