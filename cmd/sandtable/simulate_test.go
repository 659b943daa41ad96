package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// runSimulateCmd runs a fresh `simulate` command in-process with args and
// returns its standard output and standard error.
func runSimulateCmd(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	cmd := newSimulateCmd()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err = cmd.Execute()
	return out.String(), errOut.String(), err
}

// simulateJSON runs `simulate --json` and decodes the object into a map, so
// the test checks the field names as scripts see them.
func simulateJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, _, err := runSimulateCmd(t, append([]string{"--json"}, args...)...)
	if err != nil {
		t.Fatalf("simulate --json %q: %v", args, err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("simulate --json %q printed %q: %v", args, out, err)
	}
	return m
}

func TestSimulateRegistered(t *testing.T) {
	c, _, err := rootCmd.Find([]string{"simulate"})
	if err != nil || c.Name() != "simulate" {
		t.Errorf("rootCmd.Find(simulate) = %v, %v, want the simulate command", c, err)
	}
}

func TestSimulateJSON(t *testing.T) {
	m := simulateJSON(t, "--scenario", "armour-battles/battle-1", "--games", "6", "--agents", "random,random", "--swap", "--seed", "3", "--workers", "2")
	for _, f := range []string{"games", "wins", "wins_by_agent", "draws", "ci95", "mean_turns", "games_per_second",
		"turns", "units_lost", "morale_remaining", "errors"} {
		if _, ok := m[f]; !ok {
			t.Errorf("field %q missing from %v", f, m)
		}
	}
	if m["games"] != 6.0 {
		t.Errorf("games = %v, want 6", m["games"])
	}
	wins := m["wins"].(map[string]any)
	total := m["draws"].(float64)
	for _, side := range []string{"german", "us"} {
		w, ok := wins[side].(float64)
		if !ok {
			t.Fatalf("wins[%q] missing from %v", side, wins)
		}
		total += w
	}
	if total != 6 {
		t.Errorf("wins %v plus draws %v = %v, want 6", wins, m["draws"], total)
	}
	byAgent := m["wins_by_agent"].(map[string]any)
	ci := m["ci95"].(map[string]any)
	for _, k := range []string{"german", "us", "random@german", "random@us"} {
		if iv, ok := ci[k].([]any); !ok || len(iv) != 2 || iv[0].(float64) > iv[1].(float64) {
			t.Errorf("ci95[%q] = %v, want [lo, hi]", k, ci[k])
		}
	}
	rate := m["draws"].(float64) / 6
	if iv, ok := m["draws_ci95"].([]any); !ok || len(iv) != 2 || iv[0].(float64) > rate || rate > iv[1].(float64) || iv[1].(float64) <= 0 {
		t.Errorf("draws_ci95 = %v, want an interval about the draw rate %v", m["draws_ci95"], rate)
	}
	if byAgent["random@german"] != wins["german"] {
		t.Errorf("wins_by_agent %v, want random@german = wins[german] = %v", byAgent, wins["german"])
	}
	if lost := m["units_lost"].(map[string]any); len(lost) != 2 {
		t.Errorf("units_lost = %v, want both sides", lost)
	}
	if mor := m["morale_remaining"].(map[string]any); len(mor) != 2 {
		t.Errorf("morale_remaining = %v, want both sides", mor)
	}
	if errs := m["errors"].([]any); len(errs) != 0 {
		t.Errorf("errors = %v, want none", errs)
	}
}

// TestSimulateWorkersDoNotChangeResults compares the JSON of one seed on 1
// and 3 workers, leaving out timings and the worker count.
// The decision counts (decision_ms) must agree too.
func TestSimulateWorkersDoNotChangeResults(t *testing.T) {
	strip := func(m map[string]any) map[string]any {
		for _, k := range []string{"seconds", "games_per_second", "workers"} {
			delete(m, k)
		}
		// Decision times vary; the number of decisions does not.
		for _, v := range m["decision_ms"].(map[string]any) {
			delete(v.(map[string]any), "mean")
			delete(v.(map[string]any), "max")
		}
		return m
	}
	a := strip(simulateJSON(t, "--games", "5", "--seed", "21", "--workers", "1"))
	b := strip(simulateJSON(t, "--games", "5", "--seed", "21", "--workers", "3"))
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Errorf("1 worker:\n%s\n3 workers:\n%s", ja, jb)
	}
}

func TestSimulateText(t *testing.T) {
	out, stderr, err := runSimulateCmd(t, "--games", "4", "--seed", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"armour-battles/battle-1: 4 games", "side german", "side us", "draws", "95% CI",
		"game length in turns", "units lost", "army morale remaining", "games/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	if stderr != "" {
		t.Errorf("stderr = %q, want no progress bar when it is not a terminal", stderr)
	}
	one, _, err := runSimulateCmd(t, "--games", "1", "--seed", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(one, "battle-1: 1 game, ") || !strings.Contains(one, "\n1 game in ") {
		t.Errorf("a one-game run does not say \"1 game\":\n%s", one)
	}
	odd, _, err := runSimulateCmd(t, "--games", "3", "--seed", "2", "--swap", "--agents", "random,scripted")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(odd, "note: an odd number of games; random played german once more than scripted did") {
		t.Errorf("an odd swapped run does not say the sides are uneven:\n%s", odd)
	}
	if strings.Contains(out, "note: an odd number") {
		t.Errorf("an even run has the odd-run note:\n%s", out)
	}
}

// TestSimulatePaganoText: Pagano keeps no army morale; the summary says so
// and still counts each side's losses by type.
func TestSimulatePaganoText(t *testing.T) {
	out, _, err := runSimulateCmd(t, "--scenario", "pagano/battle-1", "--games", "2", "--seed", "3", "--agents", "scripted,random")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"units lost (total, mean per game):\n  german:", "army morale remaining: none kept in these rules"} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "army morale remaining (mean)") {
		t.Errorf("Pagano summary gives an army morale:\n%s", out)
	}
}

func TestSimulatePlot(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"sim.png", "sim.svg"} {
		path := filepath.Join(dir, name)
		if _, _, err := runSimulateCmd(t, "--games", "4", "--swap", "--json", "--plot", path); err != nil {
			t.Fatalf("--plot %s: %v", name, err)
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) == 0 {
			t.Fatalf("%s: %d bytes, %v", name, len(data), err)
		}
		if filepath.Ext(name) == ".png" {
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("%s does not decode as PNG: %v", name, err)
			}
		} else if !bytes.Contains(data, []byte("<svg")) {
			t.Errorf("%s is not SVG", name)
		}
	}
}

func TestSimulateErrors(t *testing.T) {
	plotDir := filepath.Join(t.TempDir(), "d.png")
	if err := os.Mkdir(plotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"unknown scenario", []string{"--scenario", "nowhere/1"}, []string{"--scenario", `"nowhere/1"`, "armour-battles/battle-1"}},
		{"too many games", []string{"--games", "1000001"}, []string{"--games 1000001", "at most 1000000"}},
		// Said before the games are played, not after.
		{"plot onto a directory", []string{"--games", "2", "--plot", plotDir}, []string{"--plot", plotDir, "is a directory"}},
		{"unknown agent", []string{"--agents", "random,genius"}, []string{`"genius"`, "random"}},
		{"one agent", []string{"--agents", "random"}, []string{"two agents"}},
		{"no games", []string{"--games", "0"}, []string{"--games"}},
		{"no workers", []string{"--workers", "0"}, []string{"--workers"}},
		{"bad plot extension", []string{"--plot", "out.pdf"}, []string{"--plot", ".pdf", ".svg or .png"}},
		{"plot in a missing directory", []string{"--games", "2", "--plot", "no-such-dir/out.svg"}, []string{"--plot", "no directory no-such-dir"}},
		{"plot where nothing can be written", []string{"--games", "2", "--plot", "/proc/out.svg"}, []string{"--plot /proc/out.svg: cannot write in directory /proc"}},
		{"seeds past the largest", []string{"--games", "2", "--seed", "18446744073709551615"}, []string{"--seed 18446744073709551615", "2 games would need seeds past the largest"}},
		{"zero MCTS budget", []string{"--agents", "mcts:0,random"}, []string{`"0"`, "positive number of iterations"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := runSimulateCmd(t, tc.args...)
			if err == nil {
				t.Fatalf("simulate %q: no error; output %q", tc.args, out)
			}
			if out != "" {
				t.Errorf("simulate %q printed %q; want the error before any game", tc.args, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("simulate %q error = %q, want it to contain %q", tc.args, err, w)
				}
			}
		})
	}
}

// TestSimulateInterruptedPrintsSummary stops a long run (as Ctrl-C does,
// through the command's context): the summary of the games finished so
// far is printed, marked interrupted, and the command fails saying so.
func TestSimulateInterruptedPrintsSummary(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	cmd := newSimulateCmd()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs([]string{"--games", "100000", "--agents", "random,random", "--workers", "2", "--json"})
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.ExecuteContext(ctx)
	if err == nil || !strings.Contains(err.Error(), "interrupted: the summary covers the first") || !strings.Contains(err.Error(), "of 100000 games") {
		t.Fatalf("interrupted simulate: error %v, want one saying it was interrupted", err)
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("interrupted simulate printed %q: %v", out.String(), err)
	}
	games, _ := m["games"].(float64)
	if m["interrupted"] != true || m["games_requested"] != 100000.0 || games < 1 || games >= 100000 || m["completed"] != games {
		t.Errorf("interrupted summary: interrupted %v, games %v (completed %v) of %v", m["interrupted"], m["games"], m["completed"], m["games_requested"])
	}
	// A run cancelled before any game finished still prints a summary, of
	// no games, for a script to parse, and fails saying so.
	done, stop := context.WithCancel(context.Background())
	stop()
	for _, asJSON := range []bool{true, false} {
		out.Reset()
		cmd = newSimulateCmd()
		cmd.SetOut(&out)
		cmd.SetErr(&errOut)
		args := []string{"--games", "10"}
		if asJSON {
			args = append(args, "--json")
		}
		cmd.SetArgs(args)
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		err := cmd.ExecuteContext(done)
		if err == nil || !strings.Contains(err.Error(), "interrupted: the summary covers the first 0 of 10 games") {
			t.Errorf("simulate cancelled at once: error %v, want one saying no game was kept", err)
		}
		if !asJSON {
			if !strings.Contains(out.String(), "interrupted before any of the 10 games asked for was over") {
				t.Errorf("simulate cancelled at once printed %q", out.String())
			}
			continue
		}
		m = nil
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatalf("simulate --json cancelled at once printed %q: %v", out.String(), err)
		}
		if m["interrupted"] != true || m["games"] != 0.0 || m["games_requested"] != 10.0 {
			t.Errorf("summary of a run cancelled at once: interrupted %v, games %v of %v", m["interrupted"], m["games"], m["games_requested"])
		}
	}
}

// TestSimulateSignalExitStatus sends SIGINT and SIGTERM to a real
// `sandtable simulate` process: it prints the JSON summary of the games
// finished, says it was interrupted, and exits with the shell's status
// for the signal (130, 143).
func TestSimulateSignalExitStatus(t *testing.T) {
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := osexec.Command(bin, "simulate", "--games", "100000", "--agents", "random,random", "--workers", "2", "--json")
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			err := signalMidRun(t, cmd, sig, nil)
			var ee *osexec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Fatalf("simulate stopped by %v: %v, want exit status %d; stderr %q", sig, err, 128+int(sig), errOut.String())
			}
			if !strings.Contains(errOut.String(), "interrupted: the summary covers the first") {
				t.Errorf("stderr %q does not say the run was interrupted", errOut.String())
			}
			var m map[string]any
			if err := json.Unmarshal(out.Bytes(), &m); err != nil {
				t.Fatalf("stdout is not a JSON summary (%v): %q", err, out.String())
			}
			if games, _ := m["games"].(float64); m["interrupted"] != true || games < 1 {
				t.Errorf("summary: interrupted %v, games %v", m["interrupted"], m["games"])
			}
		})
	}
}

// signalMidRun starts cmd, lets it play for 3 s (past the checks of the
// flags, into the games: random games take milliseconds), calls before
// (if not nil), sends sig and returns what cmd.Wait returns. It fails the
// test if cmd does not stop within 30 s.
func signalMidRun(t *testing.T, cmd *osexec.Cmd, sig syscall.Signal, before func()) error {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil { // the test failed before cmd stopped
			cmd.Process.Kill()
		}
	})
	time.Sleep(3 * time.Second)
	if before != nil {
		before()
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("simulate did not stop within 30 s of %v", sig)
	}
	return nil
}

// TestAgentsHelpNamesMCTSBudgets: the --agents help of simulate and play
// names the mcts:N and mcts:DURATION forms, not only the plain agents.
func TestAgentsHelpNamesMCTSBudgets(t *testing.T) {
	for _, cmd := range []*cobra.Command{newSimulateCmd(), newPlayCmd()} {
		usage := cmd.Flags().Lookup("agents").Usage
		for _, want := range []string{"scripted", "mcts:N", "mcts:400", "mcts:DURATION", "mcts:1s"} {
			if !strings.Contains(usage, want) {
				t.Errorf("%s --agents help %q does not mention %q", cmd.Name(), usage, want)
			}
		}
	}
}

// TestSimulatePlotErrorKeepsSignalStatus: when the plot cannot be written
// at the end of an interrupted run (here a directory took its place during
// the run), the command says so naming --plot, leaves no temporary file,
// and still exits with the signal's status.
func TestSimulatePlotErrorKeepsSignalStatus(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	plot := filepath.Join(dir, "p.svg")
	cmd := osexec.Command(bin, "simulate", "--games", "100000", "--agents", "random,random", "--workers", "2", "--json", "--plot", plot)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := signalMidRun(t, cmd, syscall.SIGINT, func() {
		if err := os.Mkdir(plot, 0o755); err != nil {
			t.Fatal(err)
		}
	})
	var ee *osexec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("simulate stopped by SIGINT with an unwritable plot: %v, want exit status 130; stderr %q", err, errOut.String())
	}
	if s := errOut.String(); !strings.Contains(s, "--plot") || !strings.Contains(s, "is a directory") {
		t.Errorf("stderr %q does not name --plot and the directory", s)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 || !entries[0].IsDir() {
		t.Errorf("plot directory holds %v, want the directory p.svg alone", entries)
	}
}

// TestSimulateHelpExceptsTimeBudgets: the help (and docs/simulate.md)
// says the worker count changes no result only with an exception for
// time-budgeted searches (mcts:1s), whose games depend on the machine.
func TestSimulateHelpExceptsTimeBudgets(t *testing.T) {
	cmd := newSimulateCmd()
	docs, err := os.ReadFile("../../docs/simulate.md")
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{"simulate --help": cmd.Long, "--workers help": cmd.Flags().Lookup("workers").Usage, "docs/simulate.md": string(docs)}
	for where, text := range texts {
		found := false
		for _, para := range strings.Split(text, "\n\n") {
			flat := strings.Join(strings.Fields(para), " ")
			if !strings.Contains(flat, "number of workers") && !strings.Contains(flat, "do not depend on it") && !strings.Contains(flat, "without changing any result") {
				continue
			}
			found = true
			if !strings.Contains(flat, "mcts:1s") || !strings.Contains(flat, "time") {
				t.Errorf("%s says the workers change no result without excepting time budgets (mcts:1s):\n%s", where, flat)
			}
		}
		if !found {
			t.Errorf("%s no longer says what the number of workers changes", where)
		}
	}
}

// TestSimulateNoFinishedGames runs simulate cancelled before its first
// game was over: the JSON keeps its fields, null rather than zeros as if
// measured, the text says there are no finished games, and so does the
// plot, which draws no bars.
func TestSimulateNoFinishedGames(t *testing.T) {
	done, stop := context.WithCancel(context.Background())
	stop()
	run := func(args ...string) string {
		t.Helper()
		cmd := newSimulateCmd()
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(append([]string{"--games", "4", "--agents", "random,scripted", "--swap"}, args...))
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		if err := cmd.ExecuteContext(done); err == nil || !strings.Contains(err.Error(), "the first 0 of 4 games") {
			t.Fatalf("simulate %q cancelled at once: error %v", args, err)
		}
		return out.String()
	}
	plot := filepath.Join(t.TempDir(), "none.svg")
	var m map[string]any
	if out := run("--json", "--plot", plot); json.Unmarshal([]byte(out), &m) != nil {
		t.Fatalf("simulate --json printed %q", out)
	}
	for _, f := range []string{"wins", "wins_by_agent", "draws", "ci95", "draws_ci95", "mean_turns", "turns", "games_per_second"} {
		if v, ok := m[f]; !ok || v != nil {
			t.Errorf("%s = %v (present %v), want null", f, v, ok)
		}
	}
	if m["games"] != 0.0 || m["completed"] != 0.0 {
		t.Errorf("games %v, completed %v; want 0 and 0", m["games"], m["completed"])
	}
	svg, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte(">no finished games<")) {
		t.Errorf("the plot does not say there are no finished games")
	}
	for _, bar := range []string{"fill:#4477AA", "fill:#AAAAAA", "fill:#EE8833", "fill:#669966", "0.0%"} {
		if bytes.Contains(svg, []byte(bar)) {
			t.Errorf("the plot of no finished games draws %q", bar)
		}
	}
	text := run()
	if !strings.Contains(text, "no finished games") || strings.Contains(text, "%") || strings.Contains(text, "games/s") {
		t.Errorf("text summary of no finished games:\n%s\nwant it to say so, with no rates", text)
	}
}

// TestSimulateSummaryWording: one game is "1 game", reasons that carry
// brackets of their own ("turn limit (15 turns)") get none around them,
// and the command's closing errors count games in the singular too.
func TestSimulateSummaryWording(t *testing.T) {
	out, _, err := runSimulateCmd(t, "--scenario", "pagano/battle-1", "--games", "3", "--seed", "1", "--agents", "random,random")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\nended by:\n  turn limit (15 turns): ") {
		t.Errorf("summary does not give the turn limit with its count after it:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		depth := 0
		for _, c := range line {
			switch c {
			case '(', '[':
				depth++
			case ')', ']':
				depth--
			}
			if depth > 1 {
				t.Errorf("nested brackets in %q", line)
				break
			}
		}
	}
	for _, c := range []struct{ got, want string }{
		{failedGamesMsg(1, 1), "the game failed"},
		{failedGamesMsg(1, 4), "1 of 4 games failed"},
		{failedGamesMsg(2, 4), "2 of 4 games failed, the first"},
		{failedGamesMsg(4, 4), "all 4 games failed, the first"},
		{nGames(1), "1 game"},
		{nGames(0), "0 games"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestSimulateFlagErrorsSayItOnce: an empty --plot is refused, not
// ignored, and an agent's error is named after --agents without the agent
// package's own "agent: " after it.
func TestSimulateFlagErrorsSayItOnce(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--plot", ""}, "--plot: give a file name ending .svg or .png"},
		{[]string{"--plot="}, "--plot: give a file name ending .svg or .png"},
		{[]string{"--agents", "random,genius"}, `--agents: unknown agent "genius" (have `},
		{[]string{"--agents", "mcts:0,random"}, `--agents: mcts budget "0": want a positive number`},
	} {
		out, _, err := runSimulateCmd(t, append([]string{"--games", "2"}, c.args...)...)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || out != "" {
			t.Errorf("simulate %q: error %v, output %q; want %q before any game", c.args, err, out, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "agent: ") {
			t.Errorf("simulate %q: error %q repeats agent's prefix", c.args, err)
		}
	}
}

// TestReplayHintOnlyWhenUseful: a divergence replayed on a built-in
// scenario hints at --scenario FILE only for a log without a scenario
// digest; a log with one matched the built-in data, so a file of one's
// own cannot be the cause.
func TestReplayHintOnlyWhenUseful(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	var out bytes.Buffer
	play := newPlayCmd()
	play.SetOut(&out)
	play.SetErr(&out)
	play.SetArgs([]string{"--seed", "3", "--log", log, "-q"})
	if err := play.Execute(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[10]), &rec); err != nil {
		t.Fatal(err)
	}
	rec["hash"] = "00000000deadbeef" // record 10 diverges
	b, _ := json.Marshal(rec)
	lines[10] = string(b)
	replay := func(lines []string) error {
		t.Helper()
		if err := os.WriteFile(log, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := newReplayCmd()
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs([]string{log})
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		err := cmd.Execute()
		if err == nil || !strings.Contains(err.Error(), "record 10 (log line 11)") {
			t.Fatalf("replay of a corrupted log: error %v, want the divergence at record 10", err)
		}
		return err
	}
	if err := replay(lines); strings.Contains(err.Error(), "--scenario") {
		t.Errorf("replay of a log with a scenario digest: %q; want no --scenario hint (the digest matched)", err)
	}
	var header map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &header); err != nil || header["digest"] == nil {
		t.Fatalf("log header %s: %v, want a digest", lines[0], err)
	}
	delete(header, "digest") // as in logs made before digests
	b, _ = json.Marshal(header)
	lines[0] = string(b)
	err = replay(lines)
	_, hint, _ := strings.Cut(err.Error(), "replayed (replayed on the built-in scenario armour-battles/battle-1")
	if !strings.Contains(hint, "--scenario FILE") || len(hint) > 80 {
		t.Errorf("replay of a log without a digest: %q; want a short hint naming --scenario FILE", err)
	}
}
