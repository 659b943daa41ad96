package agent_test

import (
	"runtime"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	_ "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
)

func battle(t testing.TB, id string) (engine.Rules, *scenario.Scenario) {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario(id)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := engine.Lookup(sc.Rules)
	return r, sc
}

// play runs one game on the fast path with every choice validated.
func play(t testing.TB, r engine.Rules, sc *scenario.Scenario, seed uint64, names [2]string) engine.Result {
	t.Helper()
	res, _ := playCount(t, r, sc, seed, names)
	return res
}

// playCount is play that also returns the number of actions.
func playCount(t testing.TB, r engine.Rules, sc *scenario.Scenario, seed uint64, names [2]string) (engine.Result, int) {
	t.Helper()
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	var ags [2]agent.Agent
	for i, n := range names {
		if ags[i], err = agent.New(n, agent.Seed(seed, i)); err != nil {
			t.Fatal(err)
		}
	}
	src := dice.NewPCG(seed)
	actions := 0
	for n := 0; !st.Result().Over; n++ {
		if n > 100000 {
			t.Fatalf("seed %d: game too long", seed)
		}
		side := st.Pending().Side
		a := ags[side].Choose(st)
		if a == nil {
			t.Fatalf("seed %d: %s chose nothing for %s", seed, names[side], st.Pending().Kind)
		}
		if err := st.Validate(a); err != nil {
			t.Fatalf("seed %d: %s chose an illegal %s: %v", seed, names[side], a.Kind(), err)
		}
		st.Apply(a, src, engine.Discard)
		actions++
	}
	return st.Result(), actions
}

func TestScriptedBeatsRandom(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-1")
	games := 6
	wins := 0
	for g := 0; g < games; g++ {
		names := [2]string{"scripted", "random"}
		me := 0
		if g%2 == 1 {
			names, me = [2]string{"random", "scripted"}, 1
		}
		if res := play(t, r, sc, uint64(100+g), names); res.Winner == me {
			wins++
		}
	}
	t.Logf("scripted won %d of %d against random (sides swapped)", wins, games)
	if wins < games/2+1 {
		t.Errorf("scripted won only %d of %d games against random", wins, games)
	}
}

func TestMCTSPlaysLegally(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-1")
	res := play(t, r, sc, 7, [2]string{"mcts:20", "random"})
	if !res.Over {
		t.Fatal("game not over")
	}
}

func TestAgentsDeterministic(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-1")
	for _, n := range []string{"random", "scripted", "mcts:10"} {
		a := play(t, r, sc, 3, [2]string{n, "random"})
		b := play(t, r, sc, 3, [2]string{n, "random"})
		if a != b {
			t.Errorf("%s: same seed gave %+v then %+v", n, a, b)
		}
	}
}

func TestParseMCTSBudget(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ok   bool
		iter int
	}{{"400", true, 400}, {"1s", true, 0}, {"0", false, 0}, {"fast", false, 0}} {
		c, err := agent.ParseMCTSBudget(tc.in)
		if (err == nil) != tc.ok || tc.ok && tc.iter > 0 && c.Iterations != tc.iter {
			t.Errorf("ParseMCTSBudget(%q) = %+v, %v", tc.in, c, err)
		}
	}
	// An iteration budget keeps the default trees on any number of cores
	// (the same choices on any machine); a time budget searches a tree
	// per core it may use, and New lets it use them all.
	trees := func(name string, cores int) int {
		a, err := agent.NewOn(name, 1, cores)
		if err != nil {
			t.Fatal(err)
		}
		return a.(*agent.MCTS).Config().Trees
	}
	for _, cores := range []int{1, 2, 3, 8} {
		if got := trees("mcts:400", cores); got != agent.DefaultMCTS.Trees {
			t.Errorf("mcts:400 on %d cores searches %d trees, want the default %d", cores, got, agent.DefaultMCTS.Trees)
		}
		if got, want := trees("mcts:1s", cores), max(agent.DefaultMCTS.Trees, cores); got != want {
			t.Errorf("mcts:1s on %d cores searches %d trees, want %d", cores, got, want)
		}
	}
	if a, _ := agent.New("mcts:1s", 1); a.(*agent.MCTS).Config().Trees != max(agent.DefaultMCTS.Trees, runtime.GOMAXPROCS(0)) {
		t.Errorf("New(mcts:1s) searches %d trees, want one per core", a.(*agent.MCTS).Config().Trees)
	}
	if _, err := agent.New("genius", 1); err == nil {
		t.Error("unknown agent accepted")
	}
}
