package agent_test

import (
	"strings"
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

// untilRevealed plays scenario id with the Germans (side 0) setting up as
// deploy says and then only ever passing, and returns the US agent's
// decisions (name, seeded) until one of the German units hidden when the
// battle starts is revealed: from there the games may differ.
func untilRevealed(t *testing.T, id, name string, dieSeed, agentSeed uint64, deploy func(st engine.State) engine.Action) []string {
	t.Helper()
	r, sc := battle(t, id)
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewPCG(dieSeed)
	us, err := agent.New(name, agentSeed)
	if err != nil {
		t.Fatal(err)
	}
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
	start := -1 // German units hidden when the battle starts
	for step := 0; step < 400 && !st.Result().Over; step++ {
		d := st.Pending()
		var a engine.Action
		switch {
		case d.Kind == "deploy" && d.Side == 0:
			a = deploy(st)
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
		if start < 0 && d.Kind != "deploy" {
			start = hidden()
		}
		if start >= 0 && hidden() < start {
			break
		}
	}
	return out
}

// deployAt returns the Germans' set-up for untilRevealed: each unit in
// the order the candidates list them, facing south, at the next of spots
// if its id starts with prefix, else at the next of others.
func deployAt(prefix string, spots, others [][2]float64) func(st engine.State) engine.Action {
	return func(st engine.State) engine.Action {
		var c ab.Deploy
		for _, x := range st.Candidates(nil) {
			if dep, ok := x.(ab.Deploy); ok {
				c = dep
				break
			}
		}
		var p [2]float64
		if strings.HasPrefix(c.Unit, prefix) {
			p, spots = spots[0], spots[1:]
		} else {
			p, others = others[0], others[1:]
		}
		return ab.Deploy{Unit: c.Unit, X: p[0], Y: p[1], Facing: -90}
	}
}

// usDecisions plays Battle 2 with the hidden StuGs placed at stugs and
// returns the US agent's decisions until a hidden unit is revealed.
func usDecisions(t *testing.T, name string, stugs [][2]float64) []string {
	return untilRevealed(t, "armour-battles/battle-2", name, 21, 5, deployAt("de-ag", stugs, [][2]float64{{10, 46}, {14, 46}}))
}

// TestFogOfWar: two games identical except for where the hidden StuGs
// stand give the US agent's identical decisions until one is revealed.
func TestFogOfWar(t *testing.T) {
	for _, name := range []string{"random", "scripted", "mcts:12"} {
		a := usDecisions(t, name, [][2]float64{{35, 33.55}, {38, 33.55}, {41, 33.55}})
		b := usDecisions(t, name, [][2]float64{{57, 32.55}, {60, 32.55}, {63, 32.55}})
		sameDecisions(t, name+", hidden units elsewhere", a, b)
	}
}

// sameDecisions fails unless the decisions of two games agree as far as
// both go, and there are at least five of them.
func sameDecisions(t *testing.T, what string, a, b []string) {
	t.Helper()
	n := min(len(a), len(b))
	if n < 5 {
		t.Fatalf("%s: only %d decisions before a reveal; the test needs more", what, n)
	}
	for i := range n {
		if a[i] != b[i] {
			t.Errorf("%s: decision %d differs:\n %s\n %s", what, i, a[i], b[i])
			return
		}
	}
	t.Logf("%s: %d identical decisions compared (%d and %d before a reveal)", what, n, len(a), len(b))
}

// whatNextDecisions plays What Next? with the Germans hiding the company
// hide (three units, set up at spots) and holding every other panzer
// company in reserve, and returns the US agent's decisions until a hidden
// unit is revealed. The Germans only ever pass, so no reserve arrives.
func whatNextDecisions(t *testing.T, name, hide string, spots [][2]float64) []string {
	t.Helper()
	var stations []engine.Action
	for _, co := range []string{"Assault Gun Company", "Panzer Company (Panther)", "Panzer Company (Panzer IV)", "Heavy Tank Platoon"} {
		as := ab.StationReserve
		if co == hide {
			as = ab.StationHidden
		}
		stations = append(stations, ab.Station{Company: co, As: as})
	}
	// The Pumas go on the table, the same in every game.
	place := deployAt("de-rc", [][2]float64{{34, 46.5}, {38, 46.5}, {42, 46.5}}, spots)
	return untilRevealed(t, "armour-battles/what-next", name, 33, 7, func(st engine.State) engine.Action {
		if len(stations) > 0 {
			a := stations[0]
			stations = stations[1:]
			return a
		}
		return place(st)
	})
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
		sameDecisions(t, name+", another company hidden", a, b)
	}
}
