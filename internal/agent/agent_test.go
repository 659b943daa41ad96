package agent_test

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	_ "github.com/sandtable/sandtable/internal/rules/armourbattles"
	_ "github.com/sandtable/sandtable/internal/rules/pagano"
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

// startGame sets up game seed of sc: the state, the agents named, seeded
// for their sides, and the dice. The state keeps its memo in *memo, as a
// simulation worker's games do in the worker's, or in one of its own
// when memo is nil, as Play's game does.
func startGame(t testing.TB, r engine.Rules, sc *scenario.Scenario, seed uint64, names [2]string, memo *any) (engine.State, [2]agent.Agent, dice.Source) {
	t.Helper()
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	if mu, ok := st.(interface{ WithMemo(*any) }); ok {
		if memo == nil {
			memo = new(any)
		}
		mu.WithMemo(memo)
	}
	var ags [2]agent.Agent
	for i, n := range names {
		if ags[i], err = agent.New(n, agent.Seed(seed, i)); err != nil {
			t.Fatal(err)
		}
		if mk, ok := ags[i].(agent.MemoKeeper); ok && memo != nil {
			mk.KeepMemo(memo)
		}
	}
	return st, ags, dice.NewPCG(seed)
}

// play runs one game on the fast path with every choice validated.
func play(t testing.TB, r engine.Rules, sc *scenario.Scenario, seed uint64, names [2]string) engine.Result {
	t.Helper()
	res, _ := playCount(t, r, sc, seed, names, nil)
	return res
}

// playCount is play that also returns the number of actions.
func playCount(t testing.TB, r engine.Rules, sc *scenario.Scenario, seed uint64, names [2]string, memo *any) (engine.Result, int) {
	t.Helper()
	st, ags, src := startGame(t, r, sc, seed, names, memo)
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

// trace plays one game like play and returns the state hash after every
// action.
func trace(t testing.TB, r engine.Rules, sc *scenario.Scenario, seed uint64, names [2]string) []uint64 {
	t.Helper()
	st, ags, src := startGame(t, r, sc, seed, names, nil)
	var hashes []uint64
	for !st.Result().Over {
		if len(hashes) > 100000 {
			t.Fatalf("seed %d: game too long", seed)
		}
		a := ags[st.Pending().Side].Choose(st)
		if a == nil {
			t.Fatalf("seed %d: %s chose nothing for %s", seed, names[st.Pending().Side], st.Pending().Kind)
		}
		st.Apply(a, src, engine.Discard)
		hashes = append(hashes, st.Hash())
	}
	return hashes
}

// TestAgentsDeterministic plays each agent twice with the same seed and
// wants the same game: the same state after every action, not just the
// same result.
func TestAgentsDeterministic(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-1")
	for _, n := range []string{"random", "scripted", "mcts:10"} {
		a := trace(t, r, sc, 3, [2]string{n, "random"})
		b := trace(t, r, sc, 3, [2]string{n, "random"})
		if len(a) == 0 {
			t.Fatalf("%s: no actions", n)
		}
		if !slices.Equal(a, b) {
			i := 0
			for i < min(len(a), len(b)) && a[i] == b[i] {
				i++
			}
			t.Errorf("%s: same seed, games of %d and %d actions that part after action %d", n, len(a), len(b), i)
		}
	}
}

// TestMCTSIterationsAreExact checks that an iteration budget is spent
// exactly, whatever the number of trees, by a search that does not stop
// once settled (MCTSConfig.Settle; TestSettledSearchesChooseAlike checks
// those): a search that does not divide evenly gives the remainder to
// the first trees.
func TestMCTSIterationsAreExact(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-1")
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	// Play a little way in, by scripted agents, recording the positions.
	src := dice.NewPCG(5)
	ags := [2]agent.Agent{agent.NewScripted(1), agent.NewScripted(2)}
	var states []engine.State
	for len(states) < 40 && !st.Result().Over {
		states = append(states, st.Clone())
		st.Apply(ags[st.Pending().Side].Choose(st), src, engine.Discard)
	}
	for _, tc := range []struct{ iters, trees int }{
		{3, 2}, {1, 2}, {5, 3}, {7, 4}, {2, 3}, {8, 2}, {16, 2}, {9, 1},
	} {
		cfg := agent.DefaultMCTS
		cfg.Iterations, cfg.Trees, cfg.Settle = tc.iters, tc.trees, false
		m := agent.NewMCTS(7, cfg)
		searched := 0
		for i, s := range states {
			before := m.SearchIterations()
			m.Choose(s)
			switch n := m.SearchIterations() - before; n {
			case 0: // a single candidate: no search
			case tc.iters:
				searched++
			default:
				t.Errorf("%d iterations on %d trees: decision %d ran %d iterations", tc.iters, tc.trees, i, n)
			}
		}
		if searched == 0 {
			t.Errorf("%d iterations on %d trees: no decision searched", tc.iters, tc.trees)
		}
	}
	// The agent as named on the command line: mcts:3 over the default two
	// trees runs 3 iterations a search, not 2.
	a, err := agent.New("mcts:3", 1)
	if err != nil {
		t.Fatal(err)
	}
	m := a.(*agent.MCTS)
	for i, s := range states {
		before := m.SearchIterations()
		m.Choose(s)
		if n := m.SearchIterations() - before; n != 0 && n != 3 {
			t.Fatalf("mcts:3 on %d trees: decision %d ran %d iterations, want 3", m.Config().Trees, i, n)
		}
	}
	if m.SearchIterations() == 0 {
		t.Error("mcts:3 never searched")
	}
}

// panicky is a state whose copies (those a search makes) panic in Apply,
// as a rules bug met during a rollout would.
type panicky struct {
	engine.State
	copy bool
}

func (p *panicky) Clone() engine.State { return &panicky{State: p.State.Clone(), copy: true} }

func (p *panicky) Apply(a engine.Action, src dice.Source, out engine.Emitter) {
	if p.copy {
		panic("rules: deliberate")
	}
	p.State.Apply(a, src, out)
}

// TestMCTSPanicReachesCaller: a panic in a search tree's goroutine comes
// out of Choose in the caller's goroutine (which may recover it), as a
// *SearchPanic holding the first tree's value and stack, instead of
// killing the process; the agent can go on choosing afterwards.
func TestMCTSPanicReachesCaller(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-1")
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(st.Candidates(nil)); n < 2 {
		t.Fatalf("%d candidates at the start: want a decision to search", n)
	}
	for _, trees := range []int{1, 2, 4} {
		cfg := agent.DefaultMCTS
		cfg.Iterations, cfg.Trees = 8, trees
		m := agent.NewMCTS(1, cfg)
		func() {
			defer func() {
				p, ok := recover().(*agent.SearchPanic)
				if !ok {
					t.Fatalf("%d trees: Choose did not panic with a *SearchPanic", trees)
				}
				if p.Tree != 0 || p.Value != "rules: deliberate" || !bytes.Contains(p.Stack, []byte("panicky")) ||
					!strings.Contains(p.Error(), "rules: deliberate") {
					t.Errorf("%d trees: panic %v (tree %d, value %v), stack:\n%s", trees, p, p.Tree, p.Value, p.Stack)
				}
			}()
			m.Choose(&panicky{State: st})
			t.Errorf("%d trees: Choose returned", trees)
		}()
		if a := m.Choose(st); a == nil || st.Validate(a) != nil {
			t.Errorf("%d trees: after a panic, Choose gave %v", trees, a)
		}
	}
}

func TestParseMCTSBudget(t *testing.T) {
	for _, tc := range []struct {
		in     string
		ok     bool
		iter   int
		budget time.Duration
	}{{"400", true, 400, 0}, {"1s", true, 0, time.Second}, {"250ms", true, 0, 250 * time.Millisecond},
		{"0", false, 0, 0}, {"fast", false, 0, 0}, {"-1s", false, 0, 0},
		// One spelling an agent: no sign, no leading zeros.
		{"+5", false, 0, 0}, {"05", false, 0, 0}, {"01s", false, 0, 0}, {"+1s", false, 0, 0}, {"0.5s", true, 0, 500 * time.Millisecond}} {
		c, err := agent.ParseMCTSBudget(tc.in)
		if (err == nil) != tc.ok || tc.ok && (c.Budget != tc.budget || tc.iter > 0 && c.Iterations != tc.iter) {
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
