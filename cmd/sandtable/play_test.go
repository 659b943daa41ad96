package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// exec runs a freshly built command with args and returns its output.
func exec(t *testing.T, cmd *cobra.Command, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), err
}

func TestPlaySameSeedSameLogAndReplay(t *testing.T) {
	dir := t.TempDir()
	var reps [2]playReport
	for i := range reps {
		log := filepath.Join(dir, "g"+string(rune('a'+i))+".jsonl")
		out, err := exec(t, newPlayCmd(), "--scenario", "armour-battles/battle-1", "--seed", "11", "--log", log, "--json")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(out), &reps[i]); err != nil {
			t.Fatalf("play --json output %q: %v", out, err)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "ga.jsonl"))
	b, _ := os.ReadFile(filepath.Join(dir, "gb.jsonl"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("two plays with seed 11 wrote different logs (%d and %d bytes)", len(a), len(b))
	}
	r := reps[0]
	if r.Scenario != "armour-battles/battle-1" || r.Seed != 11 || r.Turns < 1 || len(r.StateHash) != 16 || len(r.ArmyMorale) != 2 || len(r.UnitsLost) != 2 {
		t.Errorf("report %+v lacks fields", r)
	}
	if r.Winner != "german" && r.Winner != "us" && r.Winner != "draw" {
		t.Errorf("winner %q", r.Winner)
	}
	if r.ArmyMorale[r.Winner] == 0 {
		t.Errorf("winner %s has no army morale left: %+v", r.Winner, r.ArmyMorale)
	}

	out, err := exec(t, newReplayCmd(), filepath.Join(dir, "ga.jsonl"), "--json")
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	var rep struct {
		StateHash string `json:"state_hash"`
		Match     bool   `json:"match"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.StateHash != r.StateHash || !rep.Match {
		t.Errorf("replay state_hash %s match %v, want %s", rep.StateHash, rep.Match, r.StateHash)
	}
}

func TestReplayNamesFirstDivergence(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	if _, err := exec(t, newPlayCmd(), "--seed", "3", "--log", log, "-q"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(log)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	// Corrupt the hash of record 40 (line 41).
	var rec map[string]any
	json.Unmarshal([]byte(lines[40]), &rec)
	rec["hash"] = "00000000deadbeef"
	b, _ := json.Marshal(rec)
	lines[40] = string(b)
	os.WriteFile(log, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	out, err := exec(t, newReplayCmd(), log)
	if err == nil || !strings.Contains(err.Error(), "record 40 (log line 41)") {
		t.Fatalf("replay of a corrupted log: err %v, out %q; want the divergence at record 40 line 41", err, out)
	}
	// Replayed on the built-in scenario, it says a file of one's own that
	// kept the id may be the cause.
	if !strings.Contains(err.Error(), "replayed on the built-in scenario armour-battles/battle-1") {
		t.Errorf("replay divergence %q does not say it was replayed on the built-in scenario", err)
	}
	// A truncated, garbled line is a clear error with its line number.
	os.WriteFile(log, []byte(strings.Join(lines[:5], "\n")+"\n{\"n\":5,\n"), 0o644)
	if _, err := exec(t, newReplayCmd(), log); err == nil || !strings.Contains(err.Error(), "line 6") {
		t.Fatalf("replay of a truncated log: %v, want an error naming line 6", err)
	}
}

func TestPlayErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--scenario", "nope"}, "armour-battles/battle-1"},
		{[]string{"--scenario", "nope"}, `--scenario "nope": no such built-in scenario (choices: armour-battles/battle-1,`},
		{[]string{"--scenario", "nope.yaml"}, "--scenario nope.yaml: the files have 1 problem:\nnope.yaml: cannot open it: no such file or directory"},
		{[]string{"--units", "testdata/jumbo.yaml"}, `--units: only for a scenario file of your own; "armour-battles/battle-1" is a built-in scenario id`},
		{[]string{"--agents", "random"}, `--agents "random": want one agent per side, 2 in all`},
		{[]string{"--agents", "random,genius"}, "unknown agent"},
		{[]string{"--log", "/proc/g.jsonl"}, "--log /proc/g.jsonl: cannot write in directory /proc"},
	} {
		_, err := exec(t, newPlayCmd(), tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("play %v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestPlayLogCheckedFirst: a --log that cannot be written is refused
// before the game is played, with an error naming the user's path, and
// leaves nothing behind.
func TestPlayLogCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	adir := filepath.Join(dir, "adir")
	if err := os.Mkdir(adir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ log, want string }{
		{adir, "--log " + adir + ": is a directory; want a file name"},
		{filepath.Join(dir, "nodir", "g.jsonl"), "no directory " + filepath.Join(dir, "nodir")},
	} {
		// mcts:1s would take minutes: the error must come first.
		out, err := exec(t, newPlayCmd(), "--agents", "mcts:1s,mcts:1s", "--log", c.log)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("play --log %s: error %v, want %q", c.log, err, c.want)
		}
		if strings.Contains(out, "wins") || strings.Contains(out, "draw") {
			t.Errorf("play --log %s played the game first:\n%s", c.log, out)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%s holds %d entries after the refusals, want adir alone", dir, len(entries))
	}
}

// TestOutputNeverOverwritesInput: --log and --plot naming the scenario or
// a unit file (by another path, too) are refused before any game is
// played, and the input file is left as it was.
func TestOutputNeverOverwritesInput(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"skirmish.yaml": "testdata/skirmish.yaml", "jumbo.yaml": "testdata/jumbo.yaml"}
	for name, src := range files {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sc, units := filepath.Join(dir, "skirmish.yaml"), filepath.Join(dir, "jumbo.yaml")
	for _, c := range []struct {
		cmd  *cobra.Command
		args []string
		want string
	}{
		{newPlayCmd(), []string{"--log", sc}, "--log " + sc + ": is the --scenario file " + sc},
		{newPlayCmd(), []string{"--log", dir + "/./../" + filepath.Base(dir) + "/jumbo.yaml"}, "is the --units file " + units},
	} {
		// Random agents: were the check missing, the game would be played
		// and the file overwritten at once, not after minutes.
		args := append([]string{"--scenario", sc, "--units", units, "--agents", "random,random"}, c.args...)
		out, err := exec(t, c.cmd, args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q\n%s", c.args, err, c.want, out)
		}
	}
	// --plot naming the scenario file through another path: a symlink.
	link := filepath.Join(dir, "plot.svg")
	if err := os.Symlink(sc, link); err != nil {
		t.Fatal(err)
	}
	if _, err := exec(t, newSimulateCmd(), "--scenario", sc, "--units", units, "--agents", "mcts:1s,mcts:1s", "--games", "2", "--plot", link); err == nil || !strings.Contains(err.Error(), "is the --scenario file") {
		t.Errorf("simulate --plot through a symlink to the scenario: error %v, want a refusal", err)
	}
	for name, src := range files {
		want, _ := os.ReadFile(src)
		if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, want) {
			t.Errorf("%s changed", name)
		}
	}
}

// TestPlayPaganoReportsLosses: Pagano keeps no army morale, so play
// reports none, and gives each side's losses by type instead.
func TestPlayPaganoReportsLosses(t *testing.T) {
	out, err := exec(t, newPlayCmd(), "--scenario", "pagano/battle-1", "--seed", "3", "--agents", "scripted,random", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var r playReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("play --json output %q: %v", out, err)
	}
	if len(r.ArmyMorale) != 0 {
		t.Errorf("Pagano army morale %v, want none", r.ArmyMorale)
	}
	lost := 0
	for _, side := range []string{"german", "us"} {
		if _, ok := r.UnitsLost[side]; !ok {
			t.Errorf("no losses reported for %s: %v", side, r.UnitsLost)
		}
		for _, n := range r.UnitsLost[side] {
			lost += n
		}
	}
	if r.Winner != "draw" && lost == 0 {
		t.Errorf("%s won (%s) and nobody lost a vehicle: %+v", r.Winner, r.Reason, r)
	}
	text, err := exec(t, newPlayCmd(), "--scenario", "pagano/battle-1", "--seed", "3", "--agents", "scripted,random", "-q")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text, "army morale") || !strings.Contains(text, "units lost  german") || strings.HasPrefix(text, "\n") {
		t.Errorf("play -q on Pagano:\n%s\nwant units lost, no army morale, no blank first line", text)
	}
}

// TestScenarioFileOfYourOwn: a scenario writer plays, simulates and
// replays a scenario file of their own, with a unit file of their own.
func TestScenarioFileOfYourOwn(t *testing.T) {
	const sc, units = "testdata/skirmish.yaml", "testdata/jumbo.yaml"
	log := filepath.Join(t.TempDir(), "g.jsonl")
	out, err := exec(t, newPlayCmd(), "--scenario", sc, "--units", units, "--seed", "4", "--agents", "scripted,random", "--log", log, "--json")
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	var rep playReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Scenario != "my/skirmish" || rep.Actions == 0 {
		t.Fatalf("play --json = %s (%v); want a game of my/skirmish", out, err)
	}
	// Replaying needs the same files.
	if out, err := exec(t, newReplayCmd(), log, "--scenario", sc, "--units", units); err != nil || !strings.Contains(out, "every record matches the log") {
		t.Errorf("replay with the files: %v\n%s", err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, `the log's scenario "my/skirmish" is not built in: name its file with --scenario FILE`},
		{[]string{"--units", units}, `--units: only with --scenario FILE`},
		{[]string{"--scenario", sc}, `testdata/skirmish.yaml:37:30: no unit type "Jumbo" in armour-battles`},
		{[]string{"--scenario", "../../internal/scenario/testdata/good.yaml"}, `the log is a game of scenario "my/skirmish", but --scenario ../../internal/scenario/testdata/good.yaml holds "test/good"`},
	} {
		if out, err := exec(t, newReplayCmd(), append([]string{log}, c.args...)...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("replay %v: %v\n%s\nwant an error saying %s", c.args, err, out, c.want)
		}
	}
	// A unit file with one stat changed: the log's scenario digest tells,
	// before any die is rolled, even where the stat would change no roll.
	src, err := os.ReadFile(units)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "jumbo.yaml")
	if err := os.WriteFile(other, bytes.Replace(src, []byte("reaction: 7"), []byte("reaction: 6"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = exec(t, newReplayCmd(), log, "--scenario", sc, "--units", other, "--json")
	if err == nil || !strings.Contains(err.Error(), "scenario digest") || !strings.Contains(err.Error(), "other scenario or unit data than --scenario testdata/skirmish.yaml and --units "+other) || !strings.Contains(out, `"match":false`) {
		t.Errorf("replay with a changed unit file: %v\n%s\nwant no match, on the scenario digest", err, out)
	}
	out, err = exec(t, newSimulateCmd(), "--scenario", sc, "--units", units, "--games", "4", "--agents", "scripted,random", "--workers", "2", "--json")
	var sum struct {
		Games int `json:"games"`
	}
	if err != nil || json.Unmarshal([]byte(out), &sum) != nil || sum.Games != 4 {
		t.Errorf("simulate: %v\n%s", err, out)
	}
}

// TestReplayJSONAnswersEveryFailure: with --json, a log that cannot be
// read or replayed still gets a JSON answer naming the problem.
func TestReplayJSONAnswersEveryFailure(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.jsonl")
	if err := os.WriteFile(garbage, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A good log, replayed on a scenario file with a mistake in it: the
	// file is at fault, not the log.
	good := filepath.Join(dir, "game.jsonl")
	if _, err := exec(t, newPlayCmd(), "--scenario", "armour-battles/battle-1", "--seed", "2", "--quiet", "--log", good); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../data/armour-battles/battle-1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "battle-1.yaml")
	if err := os.WriteFile(broken, []byte(strings.Replace(string(src), "width: 72", `width: "wide"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, want string
		args       []string
	}{
		{filepath.Join(dir, "none.jsonl"), "none.jsonl: no such file or directory", nil},
		{garbage, "garbage.jsonl: log line 1: bad header: invalid character 'x'", nil},
		{good, "--scenario " + broken + ": the files have 1 problem:\n" + broken + `:`, []string{"--scenario", broken}},
	} {
		out, err := exec(t, newReplayCmd(), append([]string{c.file, "--json"}, c.args...)...)
		if strings.Contains(out, "log line") && c.args != nil {
			t.Errorf("replay %s %v blames the log: %s", c.file, c.args, out)
		}
		var rep struct {
			Match bool   `json:"match"`
			Error string `json:"error"`
		}
		first, _, _ := strings.Cut(out, "\n") // exec mixes in the error output
		if err == nil || json.Unmarshal([]byte(first), &rep) != nil || rep.Match || !strings.Contains(rep.Error, c.want) {
			t.Errorf("replay --json %s: %v, output %q; want JSON saying %q", c.file, err, out, c.want)
		}
	}
}

// TestPlayReportShowsSetUp: the battle report starts with where each unit
// was set up, which a scenario designer wants to see.
func TestPlayReportShowsSetUp(t *testing.T) {
	out, err := exec(t, newPlayCmd(), "--scenario", "armour-battles/battle-1", "--seed", "2")
	if err != nil {
		t.Fatal(err)
	}
	deploys := strings.Count(out, " deploys at (")
	if first, _, _ := strings.Cut(out, "\n"); !strings.Contains(first, " deploys at (") || deploys < 10 {
		t.Errorf("the report shows %d set-up lines, first line %q; want every unit's", deploys, first)
	}
}

// TestPlayReportShowsPreplacedUnits: units a scenario places itself
// (at:) are in the battle report, first, with where they stand and how
// they face, in both rulesets.
func TestPlayReportShowsPreplacedUnits(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--scenario", "testdata/skirmish.yaml", "--units", "testdata/jumbo.yaml"},
			[]string{"us-2 (M4 75mm) is placed by the scenario at (30.0, 3.0) facing 90°"}},
		{[]string{"--scenario", "testdata/pagano-skirmish.yaml"},
			[]string{"de-1 (Panther Ausf G) is placed by the scenario at (12.0, 33.0) facing 270°", "us-2 (M4 76mm) is placed by the scenario at (30.0, 3.0) facing 90°"}},
	} {
		out, err := exec(t, newPlayCmd(), append(c.args, "--seed", "4", "--agents", "scripted,random")...)
		if err != nil {
			t.Fatalf("play %v: %v\n%s", c.args, err, out)
		}
		lines := strings.Split(out, "\n")
		if len(lines) < len(c.want) {
			t.Fatalf("play %v: report\n%s", c.args, out)
		}
		for i, w := range c.want {
			if lines[i] != w {
				t.Errorf("play %v: line %d of the report is %q; want %q", c.args, i+1, lines[i], w)
			}
		}
		if !strings.Contains(out, " deploys at (") {
			t.Errorf("play %v: the report tells of no deployment:\n%s", c.args, out)
		}
	}
}

// TestStoppedGameShowsWhatHappened: a game that cannot go on prints its
// events up to the stop and an error saying where it stopped and where
// the game so far is (or how to keep it).
func TestStoppedGameShowsWhatHappened(t *testing.T) {
	rules, _ := engine.Lookup("armour-battles")
	sc := embeddedScenario(t, "armour-battles/battle-1")
	g, err := engine.NewGame(rules, sc, 3)
	if err != nil {
		t.Fatal(err)
	}
	_, cause := agent.Play(g, []agent.Agent{agent.NewRandom(1), agent.NewRandom(2)}, 30)
	if cause == nil {
		t.Fatal("a game of Battle 1 ended within 30 actions")
	}
	for _, tc := range []struct {
		log   string
		show  bool
		where string
	}{{"", true, "run it again with --log FILE to keep the game so far"}, {"g.jsonl", false, "the game so far is in g.jsonl"}} {
		var out bytes.Buffer
		err := stopped(&out, g, cause, tc.log, tc.show)
		want := fmt.Sprintf("the game stopped in turn %d after 30 actions: agent: game not over after 30 actions; %s", g.State().Result().Turn, tc.where)
		if err == nil || err.Error() != want || !errors.Is(err, cause) {
			t.Errorf("error %v, want %q wrapping the cause", err, want)
		}
		if lines := strings.Count(out.String(), "\n"); tc.show && lines < 30 || !tc.show && lines != 0 {
			t.Errorf("show %v: %d lines of events printed", tc.show, lines)
		}
	}
}

// embeddedScenario returns a built-in scenario.
func embeddedScenario(t *testing.T, id string) *scenario.Scenario {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario(id)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestPlayResultLine: the result line says who won, when and why without
// brackets inside brackets, and an unknown agent is named once.
func TestPlayResultLine(t *testing.T) {
	out, err := exec(t, newPlayCmd(), "--scenario", "armour-battles/battle-1", "--seed", "2", "-q")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(out, "\n")
	if !strings.HasPrefix(first, "Battle 1: Meeting Engagement, seed 2: ") || !strings.Contains(first, " wins in turn ") && !strings.Contains(first, "a draw after ") || strings.Contains(first, "(") {
		t.Errorf("result line %q", first)
	}
	_, err = exec(t, newPlayCmd(), "--agents", "random,genius")
	if err == nil || !strings.HasPrefix(err.Error(), `--agents: unknown agent "genius"`) {
		t.Errorf("unknown agent: %v", err)
	}
}
