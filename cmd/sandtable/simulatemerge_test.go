package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimulateMerge: `simulate merge` of two pieces' --json summaries
// prints what the whole run prints, in text and JSON, and draws its plot.
func TestSimulateMerge(t *testing.T) {
	dir := t.TempDir()
	run := func(seed, games string) string {
		out, _, err := runSimulateCmd(t, "--scenario", "armour-battles/battle-1", "--agents", "scripted,random", "--swap",
			"--seed", seed, "--games", games, "--workers", "2", "--json")
		if err != nil {
			t.Fatalf("simulate --seed %s --games %s: %v", seed, games, err)
		}
		return out
	}
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for name, data := range map[string]string{a: run("11", "4"), b: run("15", "2")} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var whole, merged map[string]any
	if err := json.Unmarshal([]byte(run("11", "6")), &whole); err != nil {
		t.Fatal(err)
	}
	out, _, err := runSimulateCmd(t, "merge", b, a, "--json")
	if err != nil {
		t.Fatalf("simulate merge --json: %v", err)
	}
	if err := json.Unmarshal([]byte(out), &merged); err != nil {
		t.Fatalf("simulate merge --json printed %q: %v", out, err)
	}
	if merged["pieces"] != 2.0 {
		t.Errorf("pieces = %v, want 2", merged["pieces"])
	}
	for _, f := range []string{"games", "completed", "seed", "wins", "wins_by_agent", "draws", "ci95", "draws_ci95",
		"reasons", "mean_turns", "turns", "units_lost", "morale_remaining", "errors"} {
		w, _ := json.Marshal(whole[f])
		m, _ := json.Marshal(merged[f])
		if string(w) != string(m) {
			t.Errorf("%s: merged %s, the whole run %s", f, m, w)
		}
	}

	plot := filepath.Join(dir, "all.png")
	text, _, err := runSimulateCmd(t, "merge", a, b, "--plot", plot)
	if err != nil {
		t.Fatalf("simulate merge --plot: %v", err)
	}
	for _, want := range []string{"6 games, scripted (german) v random (us)", "merged from 2 pieces: the games of --seed 11 --games 6",
		"agent scripted", "plot written to " + plot} {
		if !strings.Contains(text, want) {
			t.Errorf("text summary lacks %q:\n%s", want, text)
		}
	}
	if fi, err := os.Stat(plot); err != nil || fi.Size() == 0 {
		t.Errorf("plot %s: %v", plot, err)
	}
}

// TestSimulateMergeRefuses: bad files and bad sets of pieces are refused
// with the file named, and the pieces are never written over.
func TestSimulateMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	piece, _, err := runSimulateCmd(t, "--games", "2", "--agents", "random,random", "--seed", "1", "--json")
	if err != nil {
		t.Fatal(err)
	}
	good, notJSON, svg := filepath.Join(dir, "good.json"), filepath.Join(dir, "notes.txt"), filepath.Join(dir, "piece.svg")
	for name, data := range map[string]string{good: piece, notJSON: "my notes\n", svg: piece} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"merge"}, "missing the --json summaries to merge"},
		{[]string{"merge", filepath.Join(dir, "none.json")}, "none.json: no such file"},
		{[]string{"merge", good, notJSON}, notJSON + ":1:1: not a `simulate --json` summary"},
		{[]string{"merge", good, good}, "overlap"},
		{[]string{"merge", good, "--plot", filepath.Join(dir, "x.gif")}, "unsupported extension"},
		{[]string{"merge", svg, "--plot", svg}, "is the summary " + svg + " being merged"},
	} {
		_, _, err := runSimulateCmd(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("simulate %q: %v, want an error saying %q", tc.args, err, tc.want)
		}
	}
	if data, err := os.ReadFile(svg); err != nil || string(data) != piece {
		t.Errorf("the piece named like a plot was changed: %v", err)
	}
}

// TestSimulateShards: the --shard I/K runs of a run, merged, are the run.
func TestSimulateShards(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--scenario", "armour-battles/battle-1", "--agents", "scripted,random", "--swap", "--seed", "30", "--games", "7", "--workers", "1"}
	wholeOut, _, err := runSimulateCmd(t, append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for i := range 3 {
		out, _, err := runSimulateCmd(t, append(args, "--json", "--shard", fmt.Sprintf("%d/3", i))...)
		if err != nil {
			t.Fatalf("--shard %d/3: %v", i, err)
		}
		name := filepath.Join(dir, fmt.Sprintf("shard%d.json", i))
		if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	out, _, err := runSimulateCmd(t, append([]string{"merge", "--json"}, files...)...)
	if err != nil {
		t.Fatalf("merge: %v", err)
	}
	var whole, merged map[string]any
	if err := json.Unmarshal([]byte(wholeOut), &whole); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out), &merged); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"games", "seed", "wins", "wins_by_agent", "draws", "ci95", "turns", "units_lost", "morale_remaining"} {
		w, _ := json.Marshal(whole[f])
		m, _ := json.Marshal(merged[f])
		if string(w) != string(m) {
			t.Errorf("%s: the merged shards %s, the whole run %s", f, m, w)
		}
	}
	text, _, err := runSimulateCmd(t, append(args, "--shard", "1/3")...)
	if err != nil || !strings.HasPrefix(text, "shard 1 of 3 of --seed 30 --games 7: 2 games, seeds 32 to 33\n") {
		t.Errorf("--shard 1/3 text starts %q (%v), want it to say which games it plays", strings.SplitN(text, "\n", 2)[0], err)
	}
	for _, bad := range []struct{ shard, want string }{
		{"3/3", `--shard "3/3": want I/K, shard I of K counted from 0 (0/4, 1/4, 2/4, 3/4 for four shards); I must be from 0 to 2, one less than K`},
		{"0/0", `K, the number of shards, must be 1 or more`},
		{"1", `--shard "1": want I/K`},
		{"0/5", "--shard 0/5: 5 shards of 7 games with --swap: at most 4"},
	} {
		if _, _, err := runSimulateCmd(t, append(args, "--shard", bad.shard)...); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("--shard %s: %v, want an error saying %q", bad.shard, err, bad.want)
		}
	}
}
