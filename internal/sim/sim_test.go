package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"

	_ "github.com/sandtable/sandtable/internal/rules/armourbattles" // registers the ruleset
)

func battle1(tb testing.TB) (engine.Rules, *scenario.Scenario) {
	tb.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := cat.Scenario("armour-battles/battle-1")
	if err != nil {
		tb.Fatal(err)
	}
	r, ok := engine.Lookup(sc.Rules)
	if !ok {
		tb.Fatalf("no ruleset %q", sc.Rules)
	}
	return r, sc
}

func mustRun(tb testing.TB, cfg Config) Report {
	tb.Helper()
	r, err := Run(context.Background(), cfg)
	if err != nil {
		tb.Fatalf("Run: %v", err)
	}
	return r
}

func TestWilson(t *testing.T) {
	// Known 95% Wilson intervals (z = 1.96), to four decimals.
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{95, 100, 0.8882, 0.9785},
		{10, 10, 0.7225, 1},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n, 1.96)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("Wilson(%d, %d, 1.96) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestWilsonSymmetryAndBounds(t *testing.T) {
	for n := 1; n <= 50; n++ {
		for k := 0; k <= n; k++ {
			lo, hi := Wilson(k, n, Z95)
			p := float64(k) / float64(n)
			if lo < 0 || hi > 1 || lo > p || hi < p {
				t.Fatalf("Wilson(%d, %d) = [%v, %v], want 0 ≤ lo ≤ %v ≤ hi ≤ 1", k, n, lo, hi, p)
			}
			mlo, mhi := Wilson(n-k, n, Z95)
			if math.Abs(lo-(1-mhi)) > 1e-12 || math.Abs(hi-(1-mlo)) > 1e-12 {
				t.Fatalf("Wilson(%d, %d) = [%v, %v] is not the mirror of Wilson(%d, %d) = [%v, %v]", k, n, lo, hi, n-k, n, mlo, mhi)
			}
		}
	}
}

func ExampleWilson() {
	lo, hi := Wilson(5, 10, Z95)
	fmt.Printf("5 wins in 10 games: [%.3f, %.3f]\n", lo, hi)
	// Output: 5 wins in 10 games: [0.237, 0.763]
}

// TestDeterministicAcrossWorkers plays the same seeded batch of Battle 1
// on 1, 2 and 4 workers and wants identical games and aggregates.
func TestDeterministicAcrossWorkers(t *testing.T) {
	rules, sc := battle1(t)
	games := 20
	if testing.Short() {
		games = 8
	}
	cfg := Config{Rules: rules, Scenario: sc, Games: games, Agents: [2]string{"random", "random"}, Swap: true, Seed: 11}
	var want Report
	for _, w := range []int{1, 2, 4} {
		cfg.Workers = w
		got := mustRun(t, cfg)
		if len(got.Errors) > 0 {
			t.Fatalf("workers %d: failed games: %v", w, got.Errors)
		}
		if w == 1 {
			want = got
			continue
		}
		if d := cmp.Diff(want.Games, got.Games, ignoreTime); d != "" {
			t.Errorf("workers %d: games differ from 1 worker (-1 +%d):\n%s", w, w, d)
		}
		if d := cmp.Diff(want, got, ignoreTime, cmpopts.IgnoreFields(Report{}, "Elapsed", "Workers"), cmpopts.IgnoreFields(Thinking{}, "Total", "Max")); d != "" {
			t.Errorf("workers %d: report differs from 1 worker (-1 +%d):\n%s", w, w, d)
		}
	}
	// Battle 1 reports morale and losses; every game should carry them.
	// Every decision was timed, and counted for its side.
	var decisions int
	for _, th := range want.Thinking {
		decisions += th.Decisions
	}
	actions := 0
	for _, g := range want.Games {
		actions += g.Actions
		if g.Decisions[0]+g.Decisions[1] != g.Actions || g.Decisions[0] == 0 || g.Decisions[1] == 0 {
			t.Errorf("game %d: decisions %v for %d actions", g.Index, g.Decisions, g.Actions)
		}
	}
	if decisions != actions || len(want.Thinking) != 2 {
		t.Errorf("decision times: %v, %d decisions for %d actions; want both agents' times over every action", want.Thinking, decisions, actions)
	}
	for _, g := range want.Games {
		if len(g.Morale) != 2 || len(g.UnitsLost) != 2 {
			t.Fatalf("game %d: morale %v, units lost %v; want both for two sides", g.Index, g.Morale, g.UnitsLost)
		}
	}
	// A different seed gives different games.
	cfg.Seed++
	if other := mustRun(t, cfg); cmp.Equal(want.Games, other.Games, ignoreTime) {
		t.Errorf("seeds %d and %d gave the same games", cfg.Seed-1, cfg.Seed)
	}
}

func TestSwapPlaysHalfEachWay(t *testing.T) {
	withFirstAgent(t)
	cfg := Config{Rules: shootout{}, Games: 20, Agents: [2]string{"first", "random"}, Swap: true, Workers: 3, Seed: 5}
	r := mustRun(t, cfg)
	ways := map[[2]string]int{}
	for _, g := range r.Games {
		ways[g.Agents]++
		want := [2]string{"first", "random"}
		if g.Index%2 == 1 {
			want = [2]string{"random", "first"}
		}
		if g.Agents != want {
			t.Errorf("game %d agents %v, want %v", g.Index, g.Agents, want)
		}
		if g.Winner >= 0 && g.WinnerAgent != g.Agents[g.Winner] {
			t.Errorf("game %d: winner side %d agent %q, want %q", g.Index, g.Winner, g.WinnerAgent, g.Agents[g.Winner])
		}
	}
	if ways[[2]string{"first", "random"}] != 10 || ways[[2]string{"random", "first"}] != 10 {
		t.Errorf("sides per agent pair = %v, want 10 each way", ways)
	}
	if got, want := r.AgentWins["first"]+r.AgentWins["random"], r.Wins[0]+r.Wins[1]; got != want {
		t.Errorf("agent wins %v sum to %d, want the %d decisive games", r.AgentWins, got, want)
	}

	cfg.Swap = false
	for _, g := range mustRun(t, cfg).Games {
		if g.Agents != cfg.Agents {
			t.Errorf("without --swap game %d agents %v, want %v", g.Index, g.Agents, cfg.Agents)
		}
	}
}

func TestAgentKeys(t *testing.T) {
	for _, tc := range []struct {
		agents [2]string
		want   [2]string
	}{
		{[2]string{"random", "random"}, [2]string{"random@red", "random@blue"}},
		{[2]string{"first", "random"}, [2]string{"first", "random"}},
		{[2]string{"first", "red"}, [2]string{"agent:first", "agent:red"}},
	} {
		r := Report{Sides: []string{"red", "blue"}, Agents: tc.agents}
		if got := r.AgentKeys(); got != tc.want {
			t.Errorf("AgentKeys() with agents %v = %v, want %v", tc.agents, got, tc.want)
		}
	}
}

// TestSideNamedLikeAnAgent plays a batch whose sides are called after
// the agents: the summary's intervals by side and by agent must not
// overwrite each other in ci95.
func TestSideNamedLikeAnAgent(t *testing.T) {
	withFirstAgent(t)
	r := mustRun(t, Config{Rules: shootout{sides: []string{"random", "first"}}, Games: 40, Agents: [2]string{"first", "random"}, Swap: true, Workers: 2, Seed: 3})
	sum := r.Summary()
	var byAgent, bySide [2]int
	for _, g := range r.Games {
		if g.Winner == 0 || g.Winner == 1 {
			bySide[g.Winner]++
			if g.WinnerAgent == "first" {
				byAgent[0]++
			} else {
				byAgent[1]++
			}
		}
	}
	if byAgent == bySide {
		t.Fatalf("wins by agent %v equal wins by side %v: pick a seed that tells them apart", byAgent, bySide)
	}
	for i, side := range []string{"random", "first"} {
		lo, hi := Wilson(bySide[i], r.Completed, Z95)
		if got := sum.CI95[side]; got != [2]float64{lo, hi} {
			t.Errorf("ci95[%q] = %v, want side %q's interval %v", side, got, side, [2]float64{lo, hi})
		}
	}
	for i, key := range []string{"agent:first", "agent:random"} {
		lo, hi := Wilson(byAgent[i], r.Completed, Z95)
		if got := sum.CI95[key]; got != [2]float64{lo, hi} || sum.WinsByAgent[key] != byAgent[i] {
			t.Errorf("ci95[%q] = %v, wins_by_agent %d; want %v, %d", key, got, sum.WinsByAgent[key], [2]float64{lo, hi}, byAgent[i])
		}
	}
}

// TestAggregates recomputes the aggregates of a shootout batch from its
// games.
func TestAggregates(t *testing.T) {
	withFirstAgent(t)
	r := mustRun(t, Config{Rules: shootout{}, Games: 101, Agents: [2]string{"random", "first"}, Workers: 4, Seed: 1})
	var wins [2]int
	draws := 0
	lost := []map[string]int{{}, {}}
	var morale [2]int
	for _, g := range r.Games {
		if g.Err != "" {
			t.Fatalf("game %d failed: %s", g.Index, g.Err)
		}
		if g.Winner >= 0 {
			wins[g.Winner]++
		} else {
			draws++
		}
		for side := range 2 {
			morale[side] += g.Morale[side]
			for k, v := range g.UnitsLost[side] {
				lost[side][k] += v
			}
		}
	}
	if r.Played != 101 {
		t.Errorf("%d games played, want 101", r.Played)
	}
	if r.Completed != 101 || r.Wins != wins || r.Draws != draws {
		t.Errorf("completed %d wins %v draws %d, want 101 %v %d", r.Completed, r.Wins, r.Draws, wins, draws)
	}
	if draws == 0 || wins[0] == 0 || wins[1] == 0 {
		t.Errorf("wins %v draws %d: want some of each for a useful test", wins, draws)
	}
	if r.AgentWins["random"] != wins[0] || r.AgentWins["first"] != wins[1] {
		t.Errorf("agent wins %v, want random %d first %d", r.AgentWins, wins[0], wins[1])
	}
	if d := cmp.Diff(lost, r.UnitsLost); d != "" {
		t.Errorf("units lost (-want +got):\n%s", d)
	}
	for side := range 2 {
		if want := float64(morale[side]) / 101; math.Abs(r.Morale[side]-want) > 1e-12 {
			t.Errorf("side %d mean morale %v, want %v", side, r.Morale[side], want)
		}
	}
	if r.Reasons["army morale"] != wins[0]+wins[1] || r.Reasons["turn limit"] != draws {
		t.Errorf("reasons %v, want army morale %d, turn limit %d", r.Reasons, wins[0]+wins[1], draws)
	}
	n := 0
	for _, h := range r.Turns.Histogram {
		n += h.Games
	}
	if n != 101 {
		t.Errorf("turn histogram %v holds %d games, want 101", r.Turns.Histogram, n)
	}
}

func TestDistribution(t *testing.T) {
	got := distribution([]float64{8, 1, 2, 3, 4, 5, 6, 7, 7})
	want := Distribution{Min: 1, Q1: 3, Median: 5, Q3: 7, Max: 8, Mean: 43.0 / 9,
		Histogram: []TurnCount{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 2}, {8, 1}}}
	if d := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); d != "" {
		t.Errorf("distribution (-want +got):\n%s", d)
	}
	for _, c := range []struct {
		x              []float64
		q1, median, q3 float64
	}{
		{[]float64{31, 28}, 28.75, 29.5, 30.25},
		{[]float64{5}, 5, 5, 5},
		{[]float64{1, 2, 3, 4}, 1.75, 2.5, 3.25},
	} {
		d := distribution(c.x)
		if d.Q1 != c.q1 || d.Median != c.median || d.Q3 != c.q3 {
			t.Errorf("distribution(%v) quartiles %g, %g, %g; want %g, %g, %g", c.x, d.Q1, d.Median, d.Q3, c.q1, c.median, c.q3)
		}
	}
	if got := distribution(nil); got.Max != 0 || got.Histogram == nil {
		t.Errorf("distribution(nil) = %+v, want zeros and an empty histogram", got)
	}
}

func TestFailedGamesAreReportedWithSeed(t *testing.T) {
	t.Run("length bound", func(t *testing.T) {
		r := mustRun(t, Config{Rules: shootout{endless: true}, Games: 3, Agents: [2]string{"random", "random"}, Seed: 40, MaxActions: 50})
		if r.Completed != 0 || len(r.Errors) != 3 {
			t.Fatalf("completed %d, errors %v; want 0 and 3", r.Completed, r.Errors)
		}
		for i, e := range r.Errors {
			if e.Game != i || e.Seed != 40+uint64(i) || !strings.Contains(e.Error, fmt.Sprintf("seed %d", e.Seed)) || !strings.Contains(e.Error, "not over after 50 actions") {
				t.Errorf("error %d = %+v, want game %d seed %d not over after 50 actions", i, e, i, 40+i)
			}
		}
	})
	t.Run("panic", func(t *testing.T) {
		r := mustRun(t, Config{Rules: shootout{panicAt: 3}, Games: 2, Agents: [2]string{"random", "random"}, Seed: 9})
		if len(r.Errors) != 2 || !strings.Contains(r.Errors[0].Error, "deliberate") || r.Games[0].Winner != -1 {
			t.Fatalf("errors %v, want both games failing with the panic", r.Errors)
		}
	})
}

func TestRunConfigErrors(t *testing.T) {
	ok := Config{Rules: shootout{}, Games: 1, Agents: [2]string{"random", "random"}}
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"no rules", func(c *Config) { c.Rules = nil }, "no ruleset"},
		{"no games", func(c *Config) { c.Games = 0 }, "at least 1"},
		{"too many games", func(c *Config) { c.Games = MaxGames + 1 }, "at most 1000000"},
		{"unknown agent", func(c *Config) { c.Agents[1] = "nobody" }, `"nobody"`},
		{"negative bound", func(c *Config) { c.MaxActions = -1 }, "negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := ok
			tc.edit(&cfg)
			if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Run error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, Config{Rules: shootout{}, Games: 1000, Agents: [2]string{"random", "random"}, Workers: 2})
	if err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Errorf("Run with a cancelled context: error %v, want context canceled", err)
	}
}

func TestProgressCountsUp(t *testing.T) {
	var got []int
	mustRun(t, Config{Rules: shootout{}, Games: 7, Agents: [2]string{"random", "random"}, Workers: 3,
		Progress: func(done int) { got = append(got, done) }})
	if d := cmp.Diff([]int{1, 2, 3, 4, 5, 6, 7}, got); d != "" {
		t.Errorf("progress calls (-want +got):\n%s", d)
	}
}

func TestAgentSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for g := uint64(0); g < 100; g++ {
		for side := range 2 {
			s := AgentSeed(g, side)
			if seen[s] {
				t.Fatalf("AgentSeed(%d, %d) = %d repeats an earlier seed", g, side, s)
			}
			seen[s] = true
		}
	}
}

func TestSummaryJSON(t *testing.T) {
	withFirstAgent(t)
	r := mustRun(t, Config{Rules: shootout{}, Games: 10, Agents: [2]string{"first", "random"}, Swap: true, Seed: 3})
	raw, err := json.Marshal(r.Summary())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"games", "wins", "wins_by_agent", "draws", "ci95", "mean_turns", "games_per_second",
		"turns", "units_lost", "morale_remaining", "errors"} {
		if _, ok := m[f]; !ok {
			t.Errorf("field %q missing from %s", f, raw)
		}
	}
	ci := m["ci95"].(map[string]any)
	for _, k := range []string{"red", "blue", "first", "random"} {
		if iv, ok := ci[k].([]any); !ok || len(iv) != 2 {
			t.Errorf("ci95[%q] = %v, want [lo, hi]", k, ci[k])
		}
	}
	if errs, ok := m["errors"].([]any); !ok || len(errs) != 0 {
		t.Errorf("errors = %v, want an empty list", m["errors"])
	}
}

func TestWriteText(t *testing.T) {
	withFirstAgent(t)
	r := mustRun(t, Config{Rules: shootout{}, Games: 30, Agents: [2]string{"first", "random"}, Swap: true, Seed: 3})
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"30 games", "side red", "agent first", "draws", "95% CI", "game length in turns", " | #",
		"units lost", "army morale remaining", "games/s"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("summary does not contain %q:\n%s", want, b.String())
		}
	}
}

func TestPlot(t *testing.T) {
	withFirstAgent(t)
	r := mustRun(t, Config{Rules: shootout{}, Games: 40, Agents: [2]string{"first", "random"}, Swap: true, Seed: 2})
	dir := t.TempDir()
	for _, name := range []string{"sim.png", "sim.svg", "SIM.PNG"} {
		path := filepath.Join(dir, name)
		if err := r.SavePlot(path); err != nil {
			t.Fatalf("SavePlot(%s): %v", name, err)
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) == 0 {
			t.Fatalf("%s: %d bytes, %v", name, len(data), err)
		}
		if strings.HasSuffix(strings.ToLower(name), ".png") {
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s does not decode: %v", name, err)
			}
			if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 300 {
				t.Errorf("%s is %v, want a readable size", name, b)
			}
		} else if !bytes.Contains(data, []byte("<svg")) {
			t.Errorf("%s is not SVG: %.80q", name, data)
		}
	}
	if err := r.SavePlot(filepath.Join(dir, "sim.pdf")); err == nil || !strings.Contains(err.Error(), ".pdf") {
		t.Errorf("SavePlot(sim.pdf) error = %v, want an unsupported extension", err)
	}
	if err := r.SavePlot(filepath.Join(dir, ".svg")); err == nil || !strings.Contains(err.Error(), "no name") {
		t.Errorf("SavePlot(.svg) error = %v, want no name before the extension", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("plot directory holds %d files, want the 3 plots and no temporary files", len(entries))
	}
}

// BenchmarkSimulateBattle1 measures a batch of Battle 1 games between
// random agents on all CPUs.
func BenchmarkSimulateBattle1(b *testing.B) {
	rules, sc := battle1(b)
	const batch = 16
	cfg := Config{Rules: rules, Scenario: sc, Games: batch, Agents: [2]string{"random", "random"}, Workers: runtime.NumCPU()}
	games := 0
	for b.Loop() {
		cfg.Seed = uint64(games)
		r := mustRun(b, cfg)
		if len(r.Errors) > 0 {
			b.Fatalf("failed games: %v", r.Errors)
		}
		games += batch
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// ignoreTime leaves out the fields of a Game that depend on the machine.
var ignoreTime = cmpopts.IgnoreFields(Game{}, "Thinking", "MaxThinking")

// TestSearchIterationsReported checks that a searching agent's iterations
// are counted per searched decision: mcts:8 runs exactly 8 (two trees of
// 4) whenever it searches, and an agent that does not search reports none.
func TestSearchIterationsReported(t *testing.T) {
	rules, sc := battle1(t)
	r := mustRun(t, Config{Rules: rules, Scenario: sc, Games: 2, Agents: [2]string{"mcts:8", "random"}, Swap: true, Seed: 3, Workers: 2})
	if len(r.Errors) > 0 {
		t.Fatalf("failed games: %v", r.Errors)
	}
	m, rnd := r.Thinking["mcts:8"], r.Thinking["random"]
	if m.Searched == 0 || m.Searched > m.Decisions || m.Iterations != 8*m.Searched {
		t.Errorf("mcts:8: %d decisions, %d searched, %d iterations; want some searched, 8 iterations each", m.Decisions, m.Searched, m.Iterations)
	}
	if rnd.Searched != 0 || rnd.Iterations != 0 {
		t.Errorf("random: %d searched, %d iterations; want none", rnd.Searched, rnd.Iterations)
	}
	for _, g := range r.Games {
		side := 0
		if g.Agents[1] == "mcts:8" {
			side = 1
		}
		if g.Searched[side] == 0 || g.Iterations[side] != 8*g.Searched[side] || g.Searched[1-side] != 0 {
			t.Errorf("game %d (%v): searched %v, iterations %v", g.Index, g.Agents, g.Searched, g.Iterations)
		}
	}
	sum := r.Summary().DecisionMS
	if got := sum["mcts:8"]; got.Searched != m.Searched || got.IterationsPerSearch != 8 {
		t.Errorf("summary decision_ms[mcts:8] = %+v, want %d searched at 8 iterations each", got, m.Searched)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("(%d searched, 8 iterations each on average)", m.Searched); !strings.Contains(b.String(), want) {
		t.Errorf("text summary lacks %q:\n%s", want, b.String())
	}
}

// TestRunInterruptedKeepsFinishedGames cancels a run part-way: Run reports
// the cancellation with the first games, up to the first one not over and
// an even number of them (sides swapped), each exactly as an uninterrupted
// run plays it.
func TestRunInterruptedKeepsFinishedGames(t *testing.T) {
	rules, sc := battle1(t)
	cfg := Config{Rules: rules, Scenario: sc, Games: 40, Agents: [2]string{"random", "scripted"}, Swap: true, Seed: 5, Workers: 2}
	full := mustRun(t, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg.Progress = func(done int) {
		if done == 6 {
			cancel()
		}
	}
	// One worker plays the games in order, so the six over when Progress
	// cancels are games 0 to 5, whatever the machine's load: those are
	// kept, and at most the one or two games the worker finished before
	// it saw the cancellation. (With more workers a slow game 1 could hold
	// the kept games down to game 0 alone, made even: none.)
	cfg.Workers = 1
	r, err := Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("Run cancelled after 6 games: error %v, want an interruption wrapping context.Canceled", err)
	}
	if !r.Interrupted || r.Requested != 40 || len(r.Games) < 6 || len(r.Games) > 8 || len(r.Games)%2 != 0 {
		t.Fatalf("interrupted report: interrupted %v, requested %d, %d games; want an even 6 to 8 of 40", r.Interrupted, r.Requested, len(r.Games))
	}
	if r.Played < len(r.Games) || r.Played > r.Requested {
		t.Errorf("interrupted report: %d games played, %d kept of %d; games per second must count every game played", r.Played, len(r.Games), r.Requested)
	}
	for i, g := range r.Games {
		if g.Index != i {
			t.Errorf("game %d kept in place %d: want the first games, in order", g.Index, i)
		}
		if g.Err != "" {
			t.Errorf("game %d kept though it failed: %s", g.Index, g.Err)
		}
		if d := cmp.Diff(full.Games[g.Index], g, ignoreTime); d != "" {
			t.Errorf("game %d differs from the uninterrupted run's (-full +interrupted):\n%s", g.Index, d)
		}
	}
	if r.Completed != len(r.Games) || len(r.Errors) != 0 {
		t.Errorf("completed %d, errors %v; want all %d kept games completed", r.Completed, r.Errors, len(r.Games))
	}
	s := r.Summary()
	if !s.Interrupted || s.GamesRequested != 40 || s.Games != len(r.Games) {
		t.Errorf("summary: interrupted %v, games %d of %d requested", s.Interrupted, s.Games, s.GamesRequested)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("interrupted: the first %d of the 40 games asked for (as --games %d would play them)", len(r.Games), len(r.Games)); !strings.Contains(b.String(), want) {
		t.Errorf("text summary lacks %q:\n%s", want, b.String())
	}
	// The summary is the one an uninterrupted run of that many games
	// gives, but for the marks of the interruption.
	cfg.Games, cfg.Progress = len(r.Games), nil
	short := mustRun(t, cfg)
	ignore := cmpopts.IgnoreFields(Summary{}, "Seconds", "GamesPerSecond", "DecisionMS", "Workers", "Interrupted", "GamesRequested")
	if d := cmp.Diff(short.Summary(), s, ignore); d != "" {
		t.Errorf("interrupted summary differs from a run of --games %d (-run +interrupted):\n%s", len(r.Games), d)
	}
	// An uninterrupted run says nothing of it.
	if fs := full.Summary(); fs.Interrupted || fs.GamesRequested != 0 {
		t.Errorf("uninterrupted summary: interrupted %v, games_requested %d", fs.Interrupted, fs.GamesRequested)
	}
}

// TestRunInterruptedStopsSearch cancels a run during a long time-budgeted
// search: the search stops there, without waiting out its budget.
func TestRunInterruptedStopsSearch(t *testing.T) {
	rules, sc := battle1(t)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := Run(ctx, Config{Rules: rules, Scenario: sc, Games: 1, Agents: [2]string{"mcts:10m", "scripted"}, Seed: 1, Workers: 1})
	// A decision takes ten minutes unless the search stops when asked;
	// a minute allows for any machine's noise.
	if took := time.Since(start); took > time.Minute {
		t.Errorf("Run went on %v after being cancelled at 300ms", took)
	}
	if err == nil || !r.Interrupted || len(r.Games) != 0 {
		t.Errorf("Run cancelled in the first game: error %v, interrupted %v, %d games; want an interruption with no game", err, r.Interrupted, len(r.Games))
	}
}

// TestMCTSPanicFailsGame: a panic in the rules met by an MCTS search, in
// one of its trees' goroutines, fails that game like any other panic in
// the rules, and the run goes on to the next games.
func TestMCTSPanicFailsGame(t *testing.T) {
	// Each search copies the state and plays on it; the copies panic at
	// their fifth action, which every first search reaches (a shootout
	// cannot end before), long before the game itself would.
	for _, workers := range []int{1, 2} {
		r := mustRun(t, Config{Rules: shootout{panicAt: 5}, Games: 3, Agents: [2]string{"mcts:8", "random"}, Seed: 9, Workers: workers})
		if len(r.Errors) != 3 || r.Completed != 0 {
			t.Fatalf("%d workers: completed %d, errors %v; want the 3 games failed", workers, r.Completed, r.Errors)
		}
		for i, e := range r.Errors {
			if e.Game != i || !strings.Contains(e.Error, "panic after 0 actions") || !strings.Contains(e.Error, "mcts search") ||
				!strings.Contains(e.Error, "shootout: deliberate") {
				t.Errorf("%d workers: error %+v, want game %d failing with the search's panic before its first action", workers, e, i)
			}
		}
	}
}

// cancelAgent waits, always; when asked to decide on a state after `at`
// actions it cancels the run's context first, as Ctrl-C during a search.
type cancelAgent struct {
	at     int
	cancel func()
}

func (cancelAgent) Name() string { return "cancel" }
func (a cancelAgent) Choose(st engine.State) engine.Action {
	if st.(*shootState).Actions == a.at {
		a.cancel()
	}
	return wait{}
}

// withCancelAgent makes the agent "cancel" available to Run until the test
// ends: a cancelAgent with at and cancel.
func withCancelAgent(t *testing.T, at int, cancel func()) {
	old := newAgent
	newAgent = func(name string, seed uint64, cores int) (agent.Agent, error) {
		if name == "cancel" {
			return cancelAgent{at: at, cancel: cancel}, nil
		}
		return old(name, seed, cores)
	}
	t.Cleanup(func() { newAgent = old })
}

// TestCancelDuringDecisionCutsGame cancels the run while an agent makes the
// decision that would end the game: the action is not applied and the
// game is cut short, not kept as complete.
func TestCancelDuringDecisionCutsGame(t *testing.T) {
	// Both sides wait: the game ends on the turn limit with the 20th
	// action, the decision taken after 19. (Cancelled during an earlier
	// decision, the game is cut at the next one.)
	for _, at := range []int{19, 10} {
		t.Run(fmt.Sprint(at), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			withCancelAgent(t, at, cancel)
			r, err := Run(ctx, Config{Rules: shootout{}, Games: 1, Agents: [2]string{"cancel", "cancel"}, Workers: 1})
			if !errors.Is(err, context.Canceled) || !r.Interrupted || len(r.Games) != 0 || r.Completed != 0 {
				t.Errorf("cancelled during the decision after %d actions: error %v, interrupted %v, %d games (%d completed); want an interruption with no game",
					at, err, r.Interrupted, len(r.Games), r.Completed)
			}
		})
	}
	// Not cancelled, the same game is a draw on the turn limit after 20.
	t.Run("uncancelled", func(t *testing.T) {
		withCancelAgent(t, -1, func() { t.Error("cancelled") })
		r := mustRun(t, Config{Rules: shootout{}, Games: 1, Agents: [2]string{"cancel", "cancel"}, Workers: 1})
		if g := r.Games[0]; g.Actions != 20 || g.Reason != "turn limit" || g.Err != "" {
			t.Errorf("uncancelled game: %d actions, reason %q, error %q; want 20, turn limit", g.Actions, g.Reason, g.Err)
		}
	})
}

// tracingAgent records the hash of every state its agent decides on.
type tracingAgent struct {
	agent.Agent
	hashes *[]uint64
}

func (a tracingAgent) Choose(st engine.State) engine.Action {
	return a.ChooseContext(context.Background(), st)
}

func (a tracingAgent) ChooseContext(ctx context.Context, st engine.State) engine.Action {
	*a.hashes = append(*a.hashes, st.Hash())
	return agent.Choose(ctx, a.Agent, st)
}

func (a tracingAgent) SearchIterations() int {
	if s, ok := a.Agent.(agent.Searcher); ok {
		return s.SearchIterations()
	}
	return 0
}

// TestScriptedAndMCTSSameOnAnyWorkers plays scripted against mcts:8 on one
// and on two workers and wants the same games: the same results and the
// same state at every decision of every game.
func TestScriptedAndMCTSSameOnAnyWorkers(t *testing.T) {
	rules, sc := battle1(t)
	// Two games, so that each agent plays each side.
	cfg := Config{Rules: rules, Scenario: sc, Games: 2, Agents: [2]string{"scripted", "mcts:8"}, Swap: true, Seed: 17, Workers: 1}
	want, wantTraces := runTraced(t, cfg)
	cfg.Workers = 2
	got, traces := runTraced(t, cfg)
	sameGames(t, "2 workers", want, got, wantTraces, traces)
}

// runTraced runs cfg, whose agents must be scripted and mcts:8 (in either
// order), and returns the report and the state hash before every decision
// of every game.
func runTraced(t *testing.T, cfg Config) (Report, [][]uint64) {
	t.Helper()
	// The agents of game i are seeded AgentSeed(Seed+i, side): that tells
	// which game's trace an agent writes to.
	gameOf := map[uint64]int{}
	for i := range cfg.Games {
		for side := range 2 {
			gameOf[AgentSeed(cfg.Seed+uint64(i), side)] = i
		}
	}
	traces := make([][]uint64, cfg.Games)
	old := newAgent
	newAgent = func(name string, seed uint64, cores int) (agent.Agent, error) {
		a, err := old(name, seed, cores)
		if i, ok := gameOf[seed]; ok && err == nil {
			return tracingAgent{a, &traces[i]}, nil
		}
		return a, err
	}
	defer func() { newAgent = old }()
	got := mustRun(t, cfg)
	if len(got.Errors) > 0 {
		t.Fatalf("workers %d: failed games: %v", cfg.Workers, got.Errors)
	}
	for i, g := range got.Games {
		side := 1 - i%2 // mcts:8's side
		if cfg.Agents[0] != "scripted" {
			side = i % 2
		}
		if len(traces[i]) != g.Actions || g.Decisions[0]+g.Decisions[1] != g.Actions || g.Searched[side] == 0 || g.Iterations[side] != 8*g.Searched[side] {
			t.Fatalf("workers %d game %d: %d states traced, %d actions, decisions %v, searched %v, iterations %v",
				cfg.Workers, i, len(traces[i]), g.Actions, g.Decisions, g.Searched, g.Iterations)
		}
	}
	return got, traces
}

// sameGames wants got's games and traces (runTraced) to be want's.
func sameGames(t *testing.T, what string, want, got Report, wantTraces, traces [][]uint64) {
	t.Helper()
	if d := cmp.Diff(want.Games, got.Games, ignoreTime); d != "" {
		t.Errorf("%s: the games differ (-want +got):\n%s", what, d)
	}
	for i := range wantTraces {
		a, b := wantTraces[i], traces[i]
		if len(a) != len(b) {
			t.Errorf("%s game %d: %d decisions, want %d", what, i, len(b), len(a))
		}
		for j := range min(len(a), len(b)) {
			if a[j] != b[j] {
				t.Errorf("%s game %d: the state before decision %d differs", what, i, j)
				break
			}
		}
	}
}

// TestSavePlotRefusesDirectory: a directory where the plot should go is an
// error that says so, and leaves nothing behind.
func TestSavePlotRefusesDirectory(t *testing.T) {
	withFirstAgent(t)
	r := mustRun(t, Config{Rules: shootout{}, Games: 4, Agents: [2]string{"first", "random"}, Seed: 2})
	dir := t.TempDir()
	path := filepath.Join(dir, "d.png")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := r.SavePlot(path); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("SavePlot onto a directory: error %v, want one saying it is a directory", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "d.png" || !entries[0].IsDir() {
		t.Errorf("directory holds %v after SavePlot failed; want d.png alone", entries)
	}
}

// TestSavePlotTouchesNoOtherFile: saving a plot leaves a user's files
// alone, whatever their names (sim.png.tmp was once the temporary file),
// and replaces an older plot.
func TestSavePlotTouchesNoOtherFile(t *testing.T) {
	withFirstAgent(t)
	r := mustRun(t, Config{Rules: shootout{}, Games: 4, Agents: [2]string{"first", "random"}, Seed: 2})
	dir := t.TempDir()
	path := filepath.Join(dir, "sim.png")
	mine := []byte("the user's own file")
	for _, name := range []string{"sim.png.tmp", "sim.png"} {
		if err := os.WriteFile(filepath.Join(dir, name), mine, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.SavePlot(path); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "sim.png.tmp")); err != nil || !bytes.Equal(data, mine) {
		t.Errorf("sim.png.tmp after SavePlot(sim.png): %q, %v; want it untouched", data, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("sim.png is not the new plot: %v", err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("sim.png: %v, %v; want mode 0644 like any file", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("directory holds %d files, want the plot and sim.png.tmp only", len(entries))
	}
}

// TestMemoChangesNoGame plays the same batch on one worker, whose games
// each inherit the memo of the games before them, and with no memo at all,
// and wants the very same games, state for state.
func TestMemoChangesNoGame(t *testing.T) {
	rules, sc := battle1(t)
	games := 4
	if testing.Short() {
		games = 2
	}
	cfg := Config{Rules: rules, Scenario: sc, Games: games, Agents: [2]string{"scripted", "mcts:8"}, Swap: true, Seed: 23, Workers: 1}
	with, withTraces := runTraced(t, cfg)
	giveMemo = false
	defer func() { giveMemo = true }()
	without, withoutTraces := runTraced(t, cfg)
	sameGames(t, "with the memo", without, with, withoutTraces, withTraces)
}

// TestHistogramLastBinEndsAtMax: the text histogram's bins never run past
// the longest game (a 60-turn cap once showed as "59-61").
func TestHistogramLastBinEndsAtMax(t *testing.T) {
	var b strings.Builder
	writeHistogram(&b, Distribution{Min: 3, Max: 60, Histogram: []TurnCount{{3, 1}, {60, 2}}})
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if !strings.HasPrefix(last, "60 |") || strings.Contains(b.String(), "61") {
		t.Errorf("histogram:\n%s\nwant a last bin of 60 alone", b.String())
	}
}

// barFills are the SVG fills of the plot's bars.
func barFills() []string {
	var out []string
	for _, c := range []color.RGBA{sideColour, agentColour, drawColour, histColour} {
		out = append(out, fmt.Sprintf("fill:#%02X%02X%02X", c.R, c.G, c.B))
	}
	return out
}

// TestNoFinishedGames plays runs in which no game finishes, every game
// failing (Battle 1 bounded to one action a game) or the run stopped
// before its first game was over: the summary shows no measure as if it
// were one. The JSON keeps its fields, null; the text and the plot say
// there are no finished games.
func TestNoFinishedGames(t *testing.T) {
	rules, sc := battle1(t)
	cfg := Config{Rules: rules, Scenario: sc, Games: 3, Agents: [2]string{"random", "scripted"}, Seed: 1, Workers: 2, MaxActions: 1}
	failed := mustRun(t, cfg)
	if failed.Completed != 0 || len(failed.Errors) != 3 {
		t.Fatalf("games bounded to 1 action: completed %d, errors %v; want all 3 failing", failed.Completed, failed.Errors)
	}
	if e := failed.Errors[0].Error; !strings.Contains(e, "not over after 1 action (turn") {
		t.Errorf("game bounded to 1 action: error %q, want \"not over after 1 action\"", e)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg.MaxActions = 0
	stopped, err := Run(ctx, cfg)
	if err == nil || !stopped.Interrupted || len(stopped.Games) != 0 {
		t.Fatalf("run cancelled at once: error %v, interrupted %v, %d games", err, stopped.Interrupted, len(stopped.Games))
	}
	for _, tc := range []struct {
		name  string
		r     Report
		games float64
	}{{"every game failed", failed, 3}, {"interrupted at once", stopped, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.r.Summary())
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"wins", "wins_by_agent", "draws", "ci95", "draws_ci95", "reasons", "mean_turns", "turns", "units_lost", "morale_remaining"} {
				if v, ok := m[f]; !ok || v != nil {
					t.Errorf("%s = %v (present %v), want null", f, v, ok)
				}
			}
			if m["games"] != tc.games || m["completed"] != 0.0 {
				t.Errorf("games %v, completed %v; want %v and 0", m["games"], m["completed"], tc.games)
			}
			gps, ok := m["games_per_second"]
			if !ok || (tc.r.Played == 0) != (gps == nil) {
				t.Errorf("games_per_second = %v (present %v) with %d games played to their end; want null just when none was", gps, ok, tc.r.Played)
			}
			for key, v := range m["decision_ms"].(map[string]any) {
				dt := v.(map[string]any)
				if (dt["decisions"] == 0.0) != (dt["mean"] == nil) || (dt["mean"] == nil) != (dt["max"] == nil) {
					t.Errorf("decision_ms[%q] = %v; want mean and max null just when there were no decisions", key, dt)
				}
			}

			var b bytes.Buffer
			if err := tc.r.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			text := b.String()
			if !strings.Contains(text, "no finished games") {
				t.Errorf("text summary does not say there are no finished games:\n%s", text)
			}
			for _, bad := range []string{"%", "mean 0.00", "0.0 games/s", "0.00 ms mean"} {
				if strings.Contains(text, bad) {
					t.Errorf("text summary shows %q as if measured:\n%s", bad, text)
				}
			}

			b.Reset()
			if err := tc.r.WritePlot(&b, "svg"); err != nil {
				t.Fatal(err)
			}
			svg := b.String()
			if !strings.Contains(svg, ">no finished games<") {
				t.Errorf("plot does not say there are no finished games")
			}
			for _, bad := range append(barFills(), "0.0%") {
				if strings.Contains(svg, bad) {
					t.Errorf("plot of no finished games draws %q", bad)
				}
			}
		})
	}
}

// TestSummaryPlurals: one game, one failure, one decision are written
// in the singular, in the text summary and on the plot.
func TestSummaryPlurals(t *testing.T) {
	rules, sc := battle1(t)
	cfg := Config{Rules: rules, Scenario: sc, Games: 2, Agents: [2]string{"random", "random"}, Seed: 1, Workers: 1}
	full := mustRun(t, cfg)
	a, b := full.Games[0].Actions, full.Games[1].Actions
	if a == b || len(full.Errors) > 0 {
		t.Fatalf("games of %d and %d actions, errors %v: want two finished games of different lengths", a, b, full.Errors)
	}
	// Bounded to the shorter game's length, the longer game fails.
	cfg.MaxActions = min(a, b)
	r := mustRun(t, cfg)
	if r.Completed != 1 || len(r.Errors) != 1 {
		t.Fatalf("completed %d, errors %v; want 1 and 1", r.Completed, r.Errors)
	}
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{"1 game finished, 1 failed", ": 1 game\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("text summary lacks %q:\n%s", want, text)
		}
	}
	buf.Reset()
	if err := r.WritePlot(&buf, "svg"); err != nil {
		t.Fatal(err)
	}
	if svg := buf.String(); !strings.Contains(svg, "Win rate over 1 finished game,") {
		t.Errorf("plot does not say \"over 1 finished game\"")
	}
	// A count of one with a plural, not a rate such as "175.1 games/s".
	bad := regexp.MustCompile(`(^|[^0-9.])1 (games|decisions|actions|finished games)\b`)
	for _, out := range []string{text, buf.String()} {
		if m := bad.FindString(out); m != "" {
			t.Errorf("summary or plot says %q:\n%s", m, text)
		}
	}
}

// TestRunErrorPrefixOnce: an agent's error keeps its own prefix, without
// this package's in front of it ("sim: agent: ...").
func TestRunErrorPrefixOnce(t *testing.T) {
	_, err := Run(context.Background(), Config{Rules: shootout{}, Games: 1, Agents: [2]string{"random", "nobody"}})
	if err == nil || !strings.HasPrefix(err.Error(), `agent: unknown agent "nobody"`) {
		t.Errorf("Run with an unknown agent: error %v, want agent's own error, prefixed once", err)
	}
	_, err = Run(context.Background(), Config{Games: 1, Agents: [2]string{"random", "random"}})
	if err == nil || err.Error() != "sim: no ruleset" {
		t.Errorf("Run without rules: error %v, want sim's own prefix", err)
	}
}
