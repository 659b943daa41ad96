package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sandtable/sandtable/internal/simqueue/natstest"
)

// TestSimulateOverNATS: `simulate --nats` with two `simulate worker`s
// prints the summary the run gives on one machine; asked again, it
// collects the filed shards with no worker left.
func TestSimulateOverNATS(t *testing.T) {
	url := natstest.Server(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var logs [2]bytes.Buffer
	for i := range 2 {
		wg.Go(func() {
			cmd := newSimulateCmd()
			cmd.SetArgs([]string{"worker", "--nats", url, "--name", []string{"left", "right"}[i]})
			cmd.SetOut(&logs[i])
			cmd.SetErr(&logs[i])
			cmd.SilenceUsage, cmd.SilenceErrors = true, true
			if err := cmd.ExecuteContext(ctx); err != nil {
				t.Errorf("worker %d: %v", i, err)
			}
		})
	}
	stopWorkers := func() { cancel(); wg.Wait() }
	defer stopWorkers()

	args := []string{"--scenario", "armour-battles/battle-1", "--agents", "scripted,random", "--swap", "--seed", "50", "--games", "9", "--json"}
	local, _, err := runSimulateCmd(t, append(args, "--workers", "1")...)
	if err != nil {
		t.Fatal(err)
	}
	queued, errOut, err := runSimulateCmd(t, append(args, "--nats", url, "--shards", "4")...)
	if err != nil {
		t.Fatalf("simulate --nats: %v\n%s", err, errOut)
	}
	if !strings.Contains(errOut, "4 of 4 jobs queued") {
		t.Errorf("simulate --nats said %q, want it to say it queued the 4 jobs", errOut)
	}
	var one, shared map[string]any
	if err := json.Unmarshal([]byte(local), &one); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(queued), &shared); err != nil {
		t.Fatalf("simulate --nats printed %q: %v", queued, err)
	}
	for _, f := range []string{"games", "seed", "wins", "wins_by_agent", "draws", "ci95", "turns", "units_lost", "morale_remaining", "balance"} {
		a, _ := json.Marshal(one[f])
		b, _ := json.Marshal(shared[f])
		if string(a) != string(b) {
			t.Errorf("%s: shared out %s, on one machine %s", f, b, a)
		}
	}
	if shared["pieces"] != 4.0 {
		t.Errorf("pieces = %v, want the 4 shards", shared["pieces"])
	}

	stopWorkers()
	for i := range logs {
		if !strings.Contains(logs[i].String(), "taking jobs from "+url) {
			t.Errorf("worker %d's log: %q", i, logs[i].String())
		}
	}
	again, errOut, err := runSimulateCmd(t, append(args, "--nats", url, "--shards", "4")...)
	if err != nil || !strings.Contains(errOut, "0 of 4 jobs queued") || again != queued {
		t.Errorf("asked again with no worker: %v, %q; want the same summary from the filed shards, none queued", err, errOut)
	}
}

// TestSimulateNATSRefuses: flags that do not go together, and a server
// that is not there, are told apart.
func TestSimulateNATSRefuses(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--nats", "nats://127.0.0.1:1", "--shard", "0/2"}, "--shard and --nats"},
		{[]string{"--shards", "3"}, "--shards: only with --nats"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--games", "4", "--shards", "9"}, "--shards 9: 9 shards of 4 games"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--games", "4"}, "--nats nats://127.0.0.1:1: cannot reach a NATS server there: no servers available for connection"},
		{[]string{"--nats", "http://127.0.0.1:1", "--games", "4"}, `--nats http://127.0.0.1:1: "http://127.0.0.1:1": want a nats:// (or tls://, ws://, wss://) URL, not http://`},
		{[]string{"--nats", "nats://[::1", "--games", "4"}, `--nats nats://[::1: "nats://[::1" is not a URL with a host; want nats://host:4222`},
		{[]string{"worker"}, "--nats: give the URL"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--games", "2", "--seed", "18446744073709551615"}, "--seed 18446744073709551615: 2 games would need seeds past the largest"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--games", "4", "--shards", "-3"}, "--shards -3: want at least 1"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--games", "200000000", "--shards", "100"}, "--shards 100: 2000000 games a shard: want at most 1000000"},
		// A run past one process's games, in shards that are not, is
		// queued (here: refused only for want of a server).
		{[]string{"--nats", "nats://127.0.0.1:1", "--games", "2000000", "--shards", "100"}, "--nats nats://127.0.0.1:1"},
	} {
		_, _, err := runSimulateCmd(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("simulate %q: %v, want an error saying %q", tc.args, err, tc.want)
		}
	}
}

// TestSimulateOverNATSScenarioFile: a scenario file of the user's own
// travels with its unit file to the worker, also when both files have the
// same name in folders of their own, and plays as it does here.
func TestSimulateOverNATSScenarioFile(t *testing.T) {
	url := natstest.Server(t)
	dir := t.TempDir()
	sc, units := filepath.Join(dir, "a", "battle.yaml"), filepath.Join(dir, "b", "battle.yaml")
	for dst, src := range map[string]string{sc: "testdata/skirmish.yaml", units: "testdata/jumbo.yaml"} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		cmd := newSimulateCmd()
		cmd.SetArgs([]string{"worker", "--nats", url})
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		if err := cmd.ExecuteContext(ctx); err != nil {
			t.Errorf("worker: %v", err)
		}
	})
	defer func() { cancel(); wg.Wait() }()
	args := []string{"--scenario", sc, "--units", units, "--agents", "scripted,random", "--games", "4", "--json"}
	local, _, err := runSimulateCmd(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	shared, errOut, err := runSimulateCmd(t, append(args, "--nats", url, "--shards", "2")...)
	if err != nil {
		t.Fatalf("simulate --nats with a scenario file: %v\n%s", err, errOut)
	}
	var a, b map[string]any
	if err := json.Unmarshal([]byte(local), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(shared), &b); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"scenario", "scenario_digest", "wins", "turns", "units_lost"} {
		x, _ := json.Marshal(a[f])
		y, _ := json.Marshal(b[f])
		if string(x) != string(y) {
			t.Errorf("%s: shared out %s, here %s", f, y, x)
		}
	}
}
