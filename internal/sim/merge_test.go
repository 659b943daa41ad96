package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/sandtable/sandtable/internal/engine"
	"pgregory.net/rapid"
)

// pieceOf is run r's JSON summary, read back as the piece name.
func pieceOf(tb testing.TB, name string, r Report) Piece {
	tb.Helper()
	data, err := json.Marshal(r.Summary())
	if err != nil {
		tb.Fatal(err)
	}
	p, err := ReadPiece(name, bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("ReadPiece of a run's own summary: %v", err)
	}
	return p
}

// machineFields are the summary's fields that describe the machine and
// the run rather than the games.
var machineFields = cmpopts.IgnoreFields(Summary{}, "Workers", "Seconds", "GamesPerSecond", "DecisionMS", "Pieces")

// fataler is what sameMerged needs of a test: a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// sameMerged fails tb unless merged is whole's summary in everything the
// games decide: every count, rate, interval and distribution, and the
// decisions, searches and iterations of each agent.
func sameMerged(tb fataler, merged, whole Summary) {
	tb.Helper()
	if d := cmp.Diff(whole, merged, machineFields, cmpopts.EquateEmpty()); d != "" {
		tb.Fatalf("merged summary differs from the whole run's (-whole +merged):\n%s", d)
	}
	for key, w := range whole.DecisionMS {
		m := merged.DecisionMS[key]
		if m.Decisions != w.Decisions || m.Searched != w.Searched || m.IterationsPerSearch != w.IterationsPerSearch {
			tb.Fatalf("decisions of %s: merged %+v, whole run %+v", key, m, w)
		}
	}
	if len(merged.DecisionMS) != len(whole.DecisionMS) {
		tb.Fatalf("decision times for %d agents, want %d", len(merged.DecisionMS), len(whole.DecisionMS))
	}
}

// TestMergeIsTheWholeRun: a run played in pieces of any sizes (even ones,
// but for the last, with --swap), merged in any order, gives the summary
// of the whole run.
func TestMergeIsTheWholeRun(t *testing.T) {
	withFirstAgent(t)
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 60).Draw(rt, "games")
		swap := rapid.Bool().Draw(rt, "swap")
		seed := rapid.Uint64Range(0, 1000).Draw(rt, "seed")
		agents := [2]string{"first", "random"}
		if rapid.Bool().Draw(rt, "same agents") {
			agents = [2]string{"random", "random"}
		}
		cfg := Config{Rules: shootout{}, Games: n, Agents: agents, Swap: swap, Workers: 2, Seed: seed}
		whole := mustRun(t, cfg)
		var pieces []Piece
		for from := 0; from < n; {
			size := rapid.IntRange(1, n-from).Draw(rt, "size")
			if swap && from+size < n && size%2 == 1 {
				size++ // with --swap a piece followed by another is even
			}
			size = min(size, n-from)
			part := cfg
			part.Seed, part.Games, part.Workers = seed+uint64(from), size, rapid.IntRange(1, 3).Draw(rt, "workers")
			pieces = append(pieces, pieceOf(t, fmt.Sprintf("piece%d.json", len(pieces)), mustRun(t, part)))
			from += size
		}
		order := rapid.Permutation(pieces).Draw(rt, "order")
		merged, err := Merge(order)
		if err != nil {
			rt.Fatalf("Merge: %v", err)
		}
		if merged.GameCount() != n || merged.Pieces != len(pieces) || merged.Seed != seed {
			rt.Fatalf("merged %d games of %d pieces from seed %d, want %d of %d from %d", merged.GameCount(), merged.Pieces, merged.Seed, n, len(pieces), seed)
		}
		sameMerged(rt, merged.Summary(), whole.Summary())
	})
}

// TestMergeBattle1: the same on Armour Battles' Battle 1, whose summary has
// units lost by type and army morale, with the doctrine on one side; and a
// merged summary merges again.
func TestMergeBattle1(t *testing.T) {
	r, sc := battle1(t)
	cfg := Config{Rules: r, Scenario: sc, Games: 10, Agents: [2]string{"scripted", "random"}, Swap: true, Workers: 2, Seed: 70}
	whole := mustRun(t, cfg)
	var pieces []Piece
	for _, cut := range [][2]int{{6, 4}, {0, 4}, {4, 2}} { // out of order
		part := cfg
		part.Seed, part.Games = cfg.Seed+uint64(cut[0]), cut[1]
		pieces = append(pieces, pieceOf(t, fmt.Sprintf("seed%d.json", part.Seed), mustRun(t, part)))
	}
	merged, err := Merge(pieces)
	if err != nil {
		t.Fatal(err)
	}
	want := whole.Summary()
	if rv := r.(engine.Revised).Revision(); want.RulesRevision == nil || *want.RulesRevision != rv || merged.Summary().RulesRevision == nil || *merged.Summary().RulesRevision != rv {
		t.Errorf("the run records rules revision %v, merged %v, want %d", want.RulesRevision, merged.Summary().RulesRevision, rv)
	}
	if len(want.UnitsLost) != 2 || len(want.MoraleRemaining) != 2 {
		t.Fatalf("the whole run reports losses %v and morale %v: nothing to check them by", want.UnitsLost, want.MoraleRemaining)
	}
	sameMerged(t, merged.Summary(), want)

	// Two merged halves merge into the whole too.
	a, err := Merge(pieces[1:])
	if err != nil {
		t.Fatal(err)
	}
	again, err := Merge([]Piece{pieceOf(t, "first6.json", a), pieces[0]})
	if err != nil {
		t.Fatal(err)
	}
	sameMerged(t, again.Summary(), want)
	if s := again.Summary(); s.Pieces != 3 {
		t.Errorf("pieces = %d, want 3 (the merged half's two and the last piece)", s.Pieces)
	}
	var text strings.Builder
	if err := merged.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "merged from 3 pieces: the games of --seed 70 --games 10") {
		t.Errorf("text summary does not say what was merged:\n%s", text.String())
	}
}

// TestMergeFailedGames: the pieces' failed games are listed with their
// seeds and their numbers in the whole run.
func TestMergeFailedGames(t *testing.T) {
	// Games longer than the bound fail; the others finish.
	cfg := Config{Rules: shootout{}, Games: 30, Agents: [2]string{"random", "random"}, Seed: 20, MaxActions: 12}
	whole := mustRun(t, cfg)
	if n := len(whole.Errors); n == 0 || n == cfg.Games {
		t.Fatalf("%d of %d games failed: want some to fail and some to finish", n, cfg.Games)
	}
	a, b := cfg, cfg
	a.Games, b.Seed, b.Games = 13, 33, 17
	merged, err := Merge([]Piece{pieceOf(t, "b.json", mustRun(t, b)), pieceOf(t, "a.json", mustRun(t, a))})
	if err != nil {
		t.Fatal(err)
	}
	sameMerged(t, merged.Summary(), whole.Summary())
	if d := cmp.Diff(whole.Errors, merged.Errors); d != "" {
		t.Errorf("failed games (-whole +merged):\n%s", d)
	}
	if bal, ok := merged.Balance(); ok && merged.Agents[0] != merged.Agents[1] {
		t.Errorf("balance %+v given over failed games of two agents", bal)
	}
}

// TestMergeInterrupted: a piece stopped early merges as the games it
// kept, and the merged summary says the run was cut short.
func TestMergeInterrupted(t *testing.T) {
	cfg := Config{Rules: shootout{}, Games: 6, Agents: [2]string{"random", "random"}, Seed: 1}
	whole := mustRun(t, cfg)
	a, b := cfg, cfg
	a.Games, b.Seed, b.Games = 4, 5, 2
	stopped := pieceOf(t, "b.json", mustRun(t, b))
	stopped.Summary.Interrupted, stopped.Summary.GamesRequested = true, 10
	merged, err := Merge([]Piece{pieceOf(t, "a.json", mustRun(t, a)), stopped})
	if err != nil {
		t.Fatal(err)
	}
	s := merged.Summary()
	if !s.Interrupted || s.GamesRequested != 14 || s.Games != 6 {
		t.Errorf("merged: interrupted %v, %d of %d games asked for; want interrupted, 6 of 14", s.Interrupted, s.Games, s.GamesRequested)
	}
	s.Interrupted, s.GamesRequested = false, 0
	sameMerged(t, s, whole.Summary())

	// Stopped early but carried on by the next piece, from where it
	// stopped: the pieces make the whole run, not cut short.
	first := pieceOf(t, "a.json", mustRun(t, a))
	first.Summary.Interrupted, first.Summary.GamesRequested = true, 10
	carried, err := Merge([]Piece{first, pieceOf(t, "b.json", mustRun(t, b))})
	if err != nil {
		t.Fatal(err)
	}
	if s := carried.Summary(); s.Interrupted || s.GamesRequested != 0 {
		t.Errorf("a stopped piece carried on by the next: interrupted %v, %d asked for; want the whole run", s.Interrupted, s.GamesRequested)
	}
}

// TestMergeRefuses: pieces that are not of one run, and files that are
// not summaries, are refused with a message that says which and why.
func TestMergeRefuses(t *testing.T) {
	withFirstAgent(t)
	run := func(seed uint64, games int, agents [2]string, swap bool) Piece {
		r := mustRun(t, Config{Rules: shootout{}, Games: games, Agents: agents, Swap: swap, Seed: seed})
		return pieceOf(t, fmt.Sprintf("s%d.json", seed), r)
	}
	digest := func(p Piece, d string) Piece { p.Summary.ScenarioDigest = d; return p }
	rev := func(p Piece, v int) Piece { p.Summary.RulesRevision = &v; return p }
	fr := [2]string{"first", "random"}
	stopped := run(1, 2, fr, false)
	stopped.Summary.Interrupted, stopped.Summary.GamesRequested = true, 4
	for _, tc := range []struct {
		name   string
		pieces []Piece
		want   string
	}{
		{"none", nil, "no pieces"},
		{"overlap", []Piece{run(1, 4, fr, true), run(3, 4, fr, true)}, "s1.json (seeds 1-4) and s3.json (seeds 3-6) overlap"},
		{"the same piece twice", []Piece{run(1, 2, fr, true), run(1, 2, fr, true)}, "overlap"},
		{"gap", []Piece{run(1, 2, fr, false), run(5, 2, fr, false)}, "no piece holds seeds 3-4, between s1.json (seeds 1-2) and s5.json (seeds 5-6)"},
		{"gap after an interrupted piece", []Piece{stopped, run(5, 2, fr, false)}, "no piece holds seeds 3-4, between s1.json (seeds 1-2) and s5.json (seeds 5-6) (s1.json was interrupted after 2 of the 4 games asked for)"},
		{"odd piece with swap", []Piece{run(1, 3, fr, true), run(4, 2, fr, true)}, "s1.json: 3 games with --swap, then s4.json"},
		{"other agents", []Piece{run(1, 2, fr, false), run(3, 2, [2]string{"random", "first"}, false)}, "s3.json plays agents random,first, s1.json plays first,random"},
		{"swap and not", []Piece{run(1, 2, fr, false), run(3, 2, fr, true)}, "plays --swap true"},
		{"a gap of one seed", []Piece{run(1, 2, fr, false), run(4, 2, fr, false)}, "no piece holds seeds 3, between s1.json"},
		{"a gap past 2^31 seeds", []Piece{run(1, 2, fr, false), run(1<<40, 2, fr, false)}, "no piece holds seeds 3-1099511627775, between"},
		{"overlap at the top of the seeds", []Piece{run(^uint64(0)-1, 2, fr, false), run(^uint64(0), 1, fr, false)}, "overlap"},
		{"other scenario contents", []Piece{digest(run(1, 2, fr, false), "abcd"), digest(run(3, 2, fr, false), "0123")}, "a scenario of the same id but other contents"},
		{"other rules revisions", []Piece{run(1, 2, fr, false), rev(run(3, 2, fr, false), 4), rev(run(5, 2, fr, false), 5)}, "s5.json was played under rules revision 5, s3.json under revision 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Merge(tc.pieces)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Merge: %v, want an error saying %q", err, tc.want)
			}
		})
	}

	// A hundred pieces of over three years each: more machine time than a
	// summary holds, however each piece's may.
	var long []Piece
	for i := range 100 {
		p := run(uint64(1+2*i), 2, fr, false)
		p.Summary.Seconds, p.Summary.GamesPerSecond = 1e8, ptr(0.0)
		long = append(long, p)
	}
	if _, err := Merge(long); err == nil || !strings.Contains(err.Error(), "the pieces' seconds add up to more than a summary holds") {
		t.Errorf("Merge of 100 pieces of 1e8 s: %v", err)
	}

	four := mustRun(t, Config{Rules: shootout{}, Games: 4, Agents: fr, Seed: 1})
	good, err := json.MarshalIndent(four.Summary(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) string {
		if !strings.Contains(string(good), from) {
			t.Fatalf("the summary has no %q to edit:\n%s", from, good)
		}
		return strings.Replace(string(good), from, to, 1)
	}
	// at is the line:column of the byte k bytes into the first s of the
	// edited summary, counted as an editor does.
	at := func(s string, k int) string {
		text := edit(`"swap": false,`, `"swap": false,,`)
		i := strings.Index(text, s) + k
		line := strings.Count(text[:i], "\n") + 1
		return fmt.Sprintf("%d:%d", line, i-strings.LastIndex(text[:i], "\n"))
	}
	// at2 is the line:column of the byte k bytes into the first s of the
	// summary with games "four".
	at2 := func(s string, k int) string {
		text := edit(`"games": 4`, `"games": "four"`)
		i := strings.Index(text, s) + k
		return fmt.Sprintf("%d:%d", strings.Count(text[:i], "\n")+1, i-strings.LastIndex(text[:i], "\n"))
	}
	for _, tc := range []struct {
		name, data, want string
	}{
		{"empty", "", "x.json: empty"},
		{"not JSON", "games: 4\n", "x.json:1:1: not a `simulate --json` summary"},
		{"syntax error further on", edit(`"swap": false,`, `"swap": false,,`), "x.json:" + at(`,,`, 1) + ": not a `simulate --json` summary: invalid character ','"},
		{"cut short", string(good[:len(good)/2]), "x.json: cut short"},
		{"another JSON object", `{"name": "x", "games": 3}`, `unknown field "name"`},
		{"a number for a string", edit(`"rules": "shootout"`, `"rules": 7`), "x.json:3:12: not a `simulate --json` summary: rules holds a JSON number, want a string"},
		// Keys are named exactly and given once, as in a game log.
		{"a key in another case", edit(`"games": 4`, `"Games": 4`), "x.json: not a `simulate --json` summary: unknown field \"Games\""},
		{"a key twice", edit(`"games": 4`, `"games": 4, "games": 5`), "x.json: not a `simulate --json` summary: the key \"games\" is given twice"},
		{"two summaries", string(good) + string(good), "more after the summary"},
		{"no scenario or rules", edit(`"rules": "shootout"`, `"rules": ""`), "no scenario or rules"},
		{"one side", edit(`"blue"`, `"red"`), `sides ["red" "red"]`},
		{"no games", edit(`"games": 4`, `"games": 0`), "games 0: want at least 1"},
		{"more completed than games", edit(`"completed": 4`, `"completed": 5`), "completed 5 of 4 games"},
		{"a failed game not listed", edit(`"completed": 4`, `"completed": 3`), "0 failed games listed in errors, but 1 of 4 games did not finish"},
		{"wins that do not add up", edit(`"draws": `, `"draws": 1`), "wins and 1"},
		{"a histogram short of the games", edit(`"games": 1`, `"games": 2`), "turns.histogram counts"},
		{"a bracket after the summary", string(good) + "]", "more after the summary"},
		{"an array", "[1, 2]", "x.json:1:1: not a `simulate --json` summary: the file holds a JSON array, want an object"},
		{"a string for a number", edit(`"games": 4`, `"games": "four"`), "x.json:" + at2(`"games": "four"`, 9) + ": not a `simulate --json` summary: games holds a JSON string"},
		{"losses of one side", edit(`"units_lost": {`, `"units_lost": {"nobody": {}, `), "units_lost: want both sides"},
		{"a failed game twice", edit(`"completed": 4`, `"completed": 2`), "failed games listed"},
		{"interrupted before a game was over", edit(`"games": 4,`, `"games": 0, "interrupted": true, "games_requested": 4,`), "interrupted before any of its 4 games was over"},
		{"a negative mean decision time", edit(`"decision_ms": {`, `"decision_ms": {"ghost": {"mean": -5, "max": 1, "decisions": 1},`), `decision_ms of "ghost": 1 decisions, 0 searched, mean -5, longest 1,`},
		{"decisions of no agent", edit(`"decision_ms": {`, `"decision_ms": {"ghost": {"mean": 1, "max": 1, "decisions": 1},`), `decision_ms of "ghost"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadPiece("x.json", strings.NewReader(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ReadPiece: %v, want an error saying %q", err, tc.want)
			}
		})
	}

	// Figures that no JSON edit above reaches as simply, set on the
	// summary itself.
	huge := int(^uint(0) >> 1)
	for _, tc := range []struct {
		name string
		edit func(s *Summary)
		want string
	}{
		{"wins that would overflow", func(s *Summary) { s.Wins = map[string]int{"red": huge, "blue": huge} }, "wins of"},
		{"draws past the games", func(s *Summary) { *s.Draws = huge }, "draws"},
		{"a histogram that would overflow", func(s *Summary) {
			s.Turns.Histogram = []TurnCount{{Turns: 1, Games: huge}, {Turns: 2, Games: huge}}
		}, "turns.histogram"},
		{"more searched than decided", func(s *Summary) {
			dt := s.DecisionMS["first"]
			dt.Searched = dt.Decisions + 1
			s.DecisionMS["first"] = dt
		}, `decision_ms of "first"`},
		{"a negative rate", func(s *Summary) { s.GamesPerSecond = ptr(-1.0) }, "games_per_second"},
		{"turns past any game's", func(s *Summary) {
			s.Turns.Histogram = []TurnCount{{Turns: -huge, Games: 2}, {Turns: huge, Games: 2}}
		}, "turns.histogram: entry 0: -9223372036854775807 turns, want 0 to 1048576"},
		{"a negative turn count", func(s *Summary) { s.Turns.Histogram[0].Turns = -50 }, "turns, want 0 to"},
		{"an agent's wins that are not its side's", func(s *Summary) {
			s.WinsByAgent["first"], s.WinsByAgent["random"] = s.WinsByAgent["random"], s.WinsByAgent["first"]
		}, "wins_by_agent of first"},
		{"seconds past a summary's", func(s *Summary) { s.Seconds, s.GamesPerSecond = 1e300, ptr(0.0) }, "seconds 1e+300"},
		{"a decision time past a summary's", func(s *Summary) {
			dt := s.DecisionMS["first"]
			dt.Mean = ptr(1e300)
			s.DecisionMS["first"] = dt
		}, `decision_ms of "first"`},
	} {
		p := pieceOf(t, "x.json", four)
		draws := *p.Summary.Draws
		p.Summary.Draws = &draws
		tc.edit(&p.Summary)
		if err := p.check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: check: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

// TestShardsMakeTheRun: the shards of a run follow one another, cover
// every game, differ in size by at most a game (a pair with swap), are
// even but for the last with swap, and merge into the whole run.
func TestShardsMakeTheRun(t *testing.T) {
	withFirstAgent(t)
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 50).Draw(rt, "games")
		swap := rapid.Bool().Draw(rt, "swap")
		units := n
		if swap {
			units = (n + 1) / 2
		}
		k := rapid.IntRange(1, units).Draw(rt, "shards")
		cfg := Config{Rules: shootout{}, Games: n, Agents: [2]string{"first", "random"}, Swap: swap, Workers: 2, Seed: 90}
		var pieces []Piece
		next, least, most := 0, n, 0
		for i := range k {
			off, size, err := Shard(n, swap, i, k)
			if err != nil {
				rt.Fatalf("Shard(%d, %v, %d, %d): %v", n, swap, i, k, err)
			}
			if off != next || size < 1 || swap && i < k-1 && size%2 == 1 {
				rt.Fatalf("shard %d of %d: games %d to %d, want a piece from game %d (even with swap, unless last)", i, k, off, off+size-1, next)
			}
			next += size
			least, most = min(least, size), max(most, size)
			part := cfg
			part.Seed, part.Games = cfg.Seed+uint64(off), size
			pieces = append(pieces, pieceOf(t, fmt.Sprintf("shard%d.json", i), mustRun(t, part)))
		}
		if next != n {
			rt.Fatalf("%d shards hold %d games, want %d", k, next, n)
		}
		if unit := map[bool]int{false: 1, true: 2}[swap]; most-least > unit {
			rt.Fatalf("shard sizes from %d to %d: more apart than %d", least, most, unit)
		}
		merged, err := Merge(pieces)
		if err != nil {
			rt.Fatalf("Merge: %v", err)
		}
		whole := mustRun(t, cfg)
		sameMerged(rt, merged.Summary(), whole.Summary())
	})
	for _, tc := range []struct {
		games, i, k int
		swap        bool
		want        string
	}{
		{4, 0, 5, false, "5 shards of 4 games: at most 4"},
		{5, 0, 4, true, "4 shards of 5 games with --swap: at most 3"},
		{5, 3, 3, false, "shard 3 of 3"},
		{5, -1, 3, false, "shard -1 of 3"},
		{0, 0, 1, false, "0 games to shard"},
	} {
		if _, _, err := Shard(tc.games, tc.swap, tc.i, tc.k); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Shard(%d, %v, %d, %d): %v, want an error saying %q", tc.games, tc.swap, tc.i, tc.k, err, tc.want)
		}
	}
}

// TestBalance: the balance line speaks only when the side rows measure
// the scenario, and calls a side favoured only when the interval of its
// share of the decided games lies above a half.
func TestBalance(t *testing.T) {
	rep := func(agents [2]string, swap bool, games, w0, w1 int) *Report {
		turns := make([]float64, games)
		for i := range turns {
			turns[i] = float64(5 + i%7)
		}
		return &Report{Sides: []string{"red", "blue"}, Agents: agents, Swap: swap, Pieces: 1, MergedGames: games,
			Completed: games, Wins: [2]int{w0, w1}, Draws: games - w0 - w1, Turns: distribution(turns)}
	}
	same, two := [2]string{"scripted", "scripted"}, [2]string{"mcts", "scripted"}
	for _, tc := range []struct {
		name     string
		r        *Report
		ok       bool
		side     string
		favoured bool
	}{
		{"the same agent, lopsided", rep(same, false, 100, 30, 65), true, "blue", true},
		{"the same agent, close", rep(same, false, 100, 52, 46), true, "red", false},
		{"swapped agents, even games", rep(two, true, 40, 30, 10), true, "red", true},
		{"swapped agents, odd games", rep(two, true, 41, 30, 10), false, "", false},
		{"two agents not swapped", rep(two, false, 40, 30, 10), false, "", false},
		{"only draws", rep(same, false, 10, 0, 0), false, "", false},
	} {
		bal, ok := tc.r.Balance()
		if ok != tc.ok || bal.Side != tc.side || bal.Favoured != tc.favoured {
			t.Errorf("%s: Balance() = %+v, %v; want side %q favoured %v, ok %v", tc.name, bal, ok, tc.side, tc.favoured, tc.ok)
		}
		if ok && (bal.Decided != tc.r.Wins[0]+tc.r.Wins[1] || bal.CI95[0] > bal.Share || bal.CI95[1] < bal.Share) {
			t.Errorf("%s: %+v: the share must lie in its interval over the decided games", tc.name, bal)
		}
		if s := tc.r.Summary(); (s.Balance != nil) != ok {
			t.Errorf("%s: the summary's balance is %v, want one only when Balance says ok", tc.name, s.Balance)
		}
		var text strings.Builder
		if err := tc.r.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(text.String(), "balance:") != ok || tc.favoured && !strings.Contains(text.String(), "the battle favours "+tc.side) {
			t.Errorf("%s: text summary's balance line wrong:\n%s", tc.name, text.String())
		}
	}
}
