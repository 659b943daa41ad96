package agent_test

import (
	"encoding/json"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
)

// passive always takes the first of a fixed list of do-nothing answers, so
// its choices never depend on where its hidden units stand.
func passive(st engine.State) engine.Action {
	for _, a := range st.Candidates(nil) {
		switch a.(type) {
		case ab.Pass, ab.OppPass, ab.EndLogistics, ab.Boost, ab.BreakOffChoice, ab.EndActivation:
			return a
		}
	}
	return st.Candidates(nil)[0] // a chain choice: depends on dice only
}

// usDecisions plays Battle 2 with the hidden StuGs placed at spots and
// returns the US agent's decisions until a hidden unit is revealed.
func usDecisions(t *testing.T, name string, stugs [][2]float64) []string {
	t.Helper()
	r, sc := battle(t, "armour-battles/battle-2")
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewPCG(21)
	us, err := agent.New(name, 5)
	if err != nil {
		t.Fatal(err)
	}
	fixed := [][2]float64{{10, 46}, {14, 46}}
	var out []string
	hidden := func() int {
		n := 0
		for _, u := range st.(*ab.State).Units {
			if u.Hidden {
				n++
			}
		}
		return n
	}
	started := false
	for step := 0; step < 400 && !st.Result().Over; step++ {
		d := st.Pending()
		var a engine.Action
		switch {
		case d.Kind == "deploy" && d.Side == 0:
			c := st.Candidates(nil)[0].(ab.Deploy)
			var p [2]float64
			if len(stugs) > 0 && c.Unit[:5] == "de-ag" {
				p, stugs = stugs[0], stugs[1:]
			} else {
				p, fixed = fixed[0], fixed[1:]
			}
			a = ab.Deploy{Unit: c.Unit, X: p[0], Y: p[1], Facing: -90}
		case d.Side == 0:
			a = passive(st)
		default:
			a = us.Choose(st)
			b, _ := engine.EncodeAction(a)
			out = append(out, string(b))
		}
		if err := st.Validate(a); err != nil {
			t.Fatalf("%s: %v", a.Kind(), err)
		}
		st.Apply(a, src, engine.Discard)
		if !started && d.Kind != "deploy" {
			started = true
		}
		if started && hidden() < 3 {
			break // a StuG was revealed: the games may differ from here
		}
	}
	return out
}

// TestFogOfWar: two games identical except for where the hidden StuGs
// stand give the US agent's identical decisions until one is revealed.
func TestFogOfWar(t *testing.T) {
	for _, name := range []string{"random", "scripted", "mcts:12"} {
		a := usDecisions(t, name, [][2]float64{{35, 33.55}, {38, 33.55}, {41, 33.55}})
		b := usDecisions(t, name, [][2]float64{{57, 32.55}, {60, 32.55}, {63, 32.55}})
		n := min(len(a), len(b))
		if n < 5 {
			t.Fatalf("%s: only %d decisions before a reveal; the test needs more", name, n)
		}
		for i := 0; i < n; i++ {
			if a[i] != b[i] {
				t.Errorf("%s: decision %d differs with the hidden units elsewhere:\n %s\n %s", name, i, a[i], b[i])
				break
			}
		}
		js, _ := json.Marshal(len(a))
		t.Logf("%s: %s identical decisions compared", name, js)
	}
}

// whatNextDecisions plays What Next? with the Germans hiding the company
// hide (three units, set up at spots) and holding every other panzer
// company in reserve, and returns the US agent's decisions until a hidden
// unit is revealed. The Germans only ever pass, so no reserve arrives.
func whatNextDecisions(t *testing.T, name, hide string, spots [][2]float64) []string {
	t.Helper()
	r, sc := battle(t, "armour-battles/what-next")
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewPCG(33)
	us, err := agent.New(name, 7)
	if err != nil {
		t.Fatal(err)
	}
	stations := []ab.Station{}
	for _, co := range []string{"Assault Gun Company", "Panzer Company (Panther)", "Panzer Company (Panzer IV)", "Heavy Tank Platoon"} {
		as := ab.StationReserve
		if co == hide {
			as = ab.StationHidden
		}
		stations = append(stations, ab.Station{Company: co, As: as})
	}
	visible := [][2]float64{{34, 46.5}, {38, 46.5}, {42, 46.5}} // the Pumas, on the table
	hidden := func() int {
		n := 0
		for _, u := range st.(*ab.State).Units {
			if u.Hidden && u.Side == 0 {
				n++
			}
		}
		return n
	}
	var out []string
	started := false
	for step := 0; step < 400 && !st.Result().Over; step++ {
		d := st.Pending()
		var a engine.Action
		switch {
		case d.Kind == "deploy" && d.Side == 0 && len(stations) > 0:
			a, stations = stations[0], stations[1:]
		case d.Kind == "deploy" && d.Side == 0:
			var c ab.Deploy
			for _, x := range st.Candidates(nil) {
				if dep, ok := x.(ab.Deploy); ok {
					c = dep
					break
				}
			}
			var p [2]float64
			if c.Unit[:5] == "de-rc" {
				p, visible = visible[0], visible[1:]
			} else {
				p, spots = spots[0], spots[1:]
			}
			a = ab.Deploy{Unit: c.Unit, X: p[0], Y: p[1], Facing: -90}
		case d.Side == 0:
			a = passive(st)
		default:
			a = us.Choose(st)
			b, _ := engine.EncodeAction(a)
			out = append(out, string(b))
		}
		if err := st.Validate(a); err != nil {
			t.Fatalf("%s: %v", a.Kind(), err)
		}
		st.Apply(a, src, engine.Discard)
		if d.Kind != "deploy" {
			started = true
		}
		if started && hidden() < 3 {
			break // a hidden unit was revealed: the games may differ from here
		}
	}
	return out
}

// TestFogOfWarFreeSetUp: two games of What Next? that differ only in
// which German company waits hidden (the StuGs, or the Panthers, at other
// spots) and which waits in reserve give the US agent's identical
// decisions until a hidden unit is revealed: the US cannot tell a hidden
// company from one in reserve (ruling R55).
func TestFogOfWarFreeSetUp(t *testing.T) {
	for _, name := range []string{"random", "scripted", "mcts:12"} {
		a := whatNextDecisions(t, name, "Assault Gun Company", [][2]float64{{14, 46.5}, {18, 46.5}, {22, 46.5}})
		b := whatNextDecisions(t, name, "Panzer Company (Panther)", [][2]float64{{52, 46.5}, {56, 46.5}, {60, 46.5}})
		n := min(len(a), len(b))
		if n < 5 {
			t.Fatalf("%s: only %d decisions before a reveal; the test needs more", name, n)
		}
		for i := 0; i < n; i++ {
			if a[i] != b[i] {
				t.Errorf("%s: decision %d differs with another company hidden:\n %s\n %s", name, i, a[i], b[i])
				break
			}
		}
		t.Logf("%s: %d identical decisions compared (%d and %d before a reveal)", name, n, len(a), len(b))
	}
}
