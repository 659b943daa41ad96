package simqueue

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/sim"
	"github.com/sandtable/sandtable/internal/simqueue/natstest"

	_ "github.com/sandtable/sandtable/internal/rules/armourbattles" // registers the ruleset
)

// natsServer starts a NATS server with JetStream for the test and
// returns a JetStream client of it, and its URL.
func natsServer(t *testing.T) (jetstream.JetStream, string) {
	t.Helper()
	url := natstest.Server(t)
	return connect(t, url), url
}

// connect returns a JetStream client of the server at url.
func connect(t *testing.T, url string) jetstream.JetStream {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// wholeRun plays run on this machine, in one piece.
func wholeRun(t *testing.T, run Run) sim.Summary {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario(run.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := engine.Lookup(sc.Rules)
	rep, err := sim.Run(context.Background(), sim.Config{Rules: rules, Scenario: sc, Games: run.Games, Agents: run.Agents, Swap: run.Swap, Seed: run.Seed, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return rep.Summary()
}

// machineFields are the summary's fields that describe the machines.
var machineFields = cmpopts.IgnoreFields(sim.Summary{}, "Workers", "Seconds", "GamesPerSecond", "DecisionMS", "Pieces")

// startWorkers runs n workers on js until the test ends, and returns a
// function that tells how many shards each has filed.
func startWorkers(t *testing.T, js jetstream.JetStream, n int, ackWait time.Duration) func() map[string]int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var mu sync.Mutex
	played := map[string]int{}
	for i := range n {
		w := Worker{Name: "w" + string(rune('a'+i)), AckWait: ackWait, Played: func(r Result) {
			mu.Lock()
			played[r.Worker]++
			mu.Unlock()
		}}
		wg.Go(func() {
			if err := w.Work(ctx, js); err != nil {
				t.Errorf("worker %s: %v", w.Name, err)
			}
		})
	}
	t.Cleanup(func() { cancel(); wg.Wait() })
	return func() map[string]int {
		mu.Lock()
		defer mu.Unlock()
		return maps(played)
	}
}

func maps(m map[string]int) map[string]int {
	c := map[string]int{}
	for k, v := range m {
		c[k] = v
	}
	return c
}

// TestQueuedRunIsTheRun: a run cut into shards, played by two workers
// through the queue and merged, is the run played on one machine.
func TestQueuedRunIsTheRun(t *testing.T) {
	js, _ := natsServer(t)
	if _, err := Setup(context.Background(), js, 0); err != nil {
		t.Fatal(err)
	}
	played := startWorkers(t, js, 2, 0)
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"scripted", "random"}, Swap: true, Seed: 40, Games: 11, Shards: 5, Workers: 1}
	jobs, err := run.Jobs()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	n, since, err := Submit(ctx, js, jobs)
	if err != nil || n != 5 {
		t.Fatalf("Submit: %d queued, %v; want 5", n, err)
	}
	pieces, err := Collect(ctx, js, run.ID(), run.Shards, since, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sim.Merge(pieces)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(wholeRun(t, run), rep.Summary(), machineFields, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("the queued run differs from the run on one machine (-one +queued):\n%s", d)
	}
	// A worker says it played a shard once the job is acknowledged, just
	// after the summary the run collected.
	total := 0
	for deadline := time.Now().Add(5 * time.Second); total < 5 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		total = 0
		for _, n := range played() {
			total += n
		}
	}
	if total != 5 {
		t.Errorf("the workers filed %v, want the 5 shards between them", played())
	}

	// Asked for again, the run finds its shards filed and queues none.
	n, since, err = Submit(ctx, js, jobs)
	if err != nil || n != 0 {
		t.Errorf("Submit again: %d queued, %v; want none", n, err)
	}
	if _, err := Collect(ctx, js, run.ID(), run.Shards, since, nil); err != nil {
		t.Errorf("Collect again: %v", err)
	}
}

// TestAbandonedJobIsPlayedByAnother: a worker that takes a job and
// dies without a word leaves it to another worker once its
// acknowledgement is overdue, and the run completes.
func TestAbandonedJobIsPlayedByAnother(t *testing.T) {
	js, _ := natsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	const ackWait = 2 * time.Second
	c, err := Setup(ctx, js, ackWait)
	if err != nil {
		t.Fatal(err)
	}
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"random", "random"}, Seed: 7, Games: 4, Shards: 2, Workers: 1}
	jobs, _ := run.Jobs()
	_, since, err := Submit(ctx, js, jobs)
	if err != nil {
		t.Fatal(err)
	}
	// The dead worker: takes the first job and never answers.
	msg, err := c.Next(jetstream.FetchMaxWait(5 * time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var taken Job
	if err := json.Unmarshal(msg.Data(), &taken); err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	startWorkers(t, js, 1, ackWait)
	pieces, err := Collect(ctx, js, run.ID(), run.Shards, since, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sim.Merge(pieces); err != nil {
		t.Fatal(err)
	}
	for i, p := range pieces {
		if !strings.Contains(p.Name, "played on wa") {
			t.Errorf("shard %d: %s, want it played by the live worker, wa (the abandoned one too)", i, p.Name)
		}
	}
	if time.Since(started) < ackWait/2 {
		t.Errorf("the abandoned shard %d came back after %v, before its acknowledgement was overdue", taken.Shard, time.Since(started))
	}
}

// TestBadJobFailsTheRun: a shard no worker can play (an agent the worker
// does not know) comes back with the reason, and Collect says so.
func TestBadJobFailsTheRun(t *testing.T) {
	js, _ := natsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := Setup(ctx, js, 0); err != nil {
		t.Fatal(err)
	}
	startWorkers(t, js, 1, 0)
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"random", "grandmaster"}, Seed: 1, Games: 2, Shards: 1}
	jobs, _ := run.Jobs()
	_, since, err := Submit(ctx, js, jobs)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Collect(ctx, js, run.ID(), 1, since, nil)
	if err == nil || !strings.Contains(err.Error(), "shard 0 of 1 could not be played on wa") || !strings.Contains(err.Error(), "grandmaster") {
		t.Errorf("Collect: %v, want the worker's reason", err)
	}
}

// TestRunID: the id changes with anything that decides the games or
// the shards, and not otherwise.
func TestRunID(t *testing.T) {
	base := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"mcts", "scripted"}, Swap: true, Seed: 1, Games: 100, Shards: 10, Workers: 2}
	same := base
	same.Workers = 8
	if base.ID() != same.ID() {
		t.Error("the id depends on the workers' games at once, which decide nothing")
	}
	for _, other := range []Run{
		{Scenario: "armour-battles/battle-2", Agents: base.Agents, Swap: true, Seed: 1, Games: 100, Shards: 10},
		{Scenario: base.Scenario, Agents: [2]string{"scripted", "mcts"}, Swap: true, Seed: 1, Games: 100, Shards: 10},
		{Scenario: base.Scenario, Agents: base.Agents, Seed: 1, Games: 100, Shards: 10},
		{Scenario: base.Scenario, Agents: base.Agents, Swap: true, Seed: 2, Games: 100, Shards: 10},
		{Scenario: base.Scenario, Agents: base.Agents, Swap: true, Seed: 1, Games: 102, Shards: 10},
		{Scenario: base.Scenario, Agents: base.Agents, Swap: true, Seed: 1, Games: 100, Shards: 5},
		{Scenario: base.Scenario, Files: []File{{Name: "x.yaml", Data: []byte("id: x")}}, Agents: base.Agents, Swap: true, Seed: 1, Games: 100, Shards: 10},
	} {
		if other.ID() == base.ID() {
			t.Errorf("%+v has the id of %+v", other, base)
		}
	}
}

// queueAndCollect submits run on js and collects its pieces.
func queueAndCollect(t *testing.T, ctx context.Context, js jetstream.JetStream, run Run) ([]sim.Piece, error) {
	t.Helper()
	jobs, err := run.Jobs()
	if err != nil {
		t.Fatal(err)
	}
	_, since, err := Submit(ctx, js, jobs)
	if err != nil {
		t.Fatal(err)
	}
	return Collect(ctx, js, run.ID(), run.Shards, since, nil)
}

// TestWaitingLongIsFine: a worker with no job for longer than a pull
// request lives (30 seconds) keeps waiting, and so does a run whose
// first summary takes that long.
func TestWaitingLongIsFine(t *testing.T) {
	if testing.Short() {
		t.Skip("waits 35 seconds")
	}
	t.Parallel()
	js, _ := natsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := Setup(ctx, js, 0); err != nil {
		t.Fatal(err)
	}
	startWorkers(t, js, 1, 0)
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"random", "random"}, Seed: 3, Games: 2, Shards: 1, Workers: 1}
	done := make(chan error, 1)
	go func() {
		// Collect first, with nothing queued: it waits.
		_, err := Collect(ctx, js, run.ID(), 1, 0, nil)
		done <- err
	}()
	time.Sleep(35 * time.Second)
	select {
	case err := <-done:
		t.Fatalf("Collect gave up while waiting: %v", err)
	default:
	}
	jobs, _ := run.Jobs()
	if _, _, err := Submit(ctx, js, jobs); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Collect after a long wait: %v", err)
	}
}

// TestLongJobIsNotHandedOn: a worker's heartbeats keep a job that takes
// several times the acknowledgement wait from going to a second worker.
func TestLongJobIsNotHandedOn(t *testing.T) {
	js, _ := natsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Heartbeats every 400 ms: a loaded machine may delay one by a few
	// hundred, not by the whole wait.
	const ackWait = 1200 * time.Millisecond
	c, err := Setup(ctx, js, ackWait)
	if err != nil {
		t.Fatal(err)
	}
	played := startWorkers(t, js, 2, ackWait)
	// A time budget, so the job lasts as long on a fast machine as on a
	// slow one: many decisions of a twentieth of a second, several
	// acknowledgement waits.
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"mcts:50ms", "random"}, Seed: 5, Games: 2, Shards: 1, Workers: 1}
	start := time.Now()
	if _, err := queueAndCollect(t, ctx, js, run); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < 3*ackWait {
		t.Fatalf("the job took %v, not long enough to test the heartbeats (want over %v)", took, 3*ackWait)
	}
	// Had the job been handed on, the second worker would finish it
	// within the job's time of the first.
	time.Sleep(time.Since(start))
	total := 0
	for _, n := range played() {
		total += n
	}
	if total != 1 {
		t.Errorf("the job was played %d times (%v), want once", total, played())
	}
	if info := settled(t, ctx, c); info.NumAckPending != 0 {
		t.Errorf("consumer after the run: %d unacknowledged, want none", info.NumAckPending)
	}
}

// TestNotAJobIsDropped: messages on a job subject that are not jobs are
// dropped, and the workers go on to the real jobs.
func TestNotAJobIsDropped(t *testing.T) {
	js, _ := natsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := Setup(ctx, js, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, junk := range []string{"{}", "null", "not json", `{"run": "x", "shard": 0, "shards": 1}`, `{"run": "0123456789abcdef0123", "shard": 3, "shards": 2}`} {
		if _, err := js.Publish(ctx, JobSubject("junk", i), []byte(junk)); err != nil {
			t.Fatal(err)
		}
	}
	startWorkers(t, js, 1, 0)
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"random", "random"}, Seed: 9, Games: 2, Shards: 2, Workers: 1}
	if _, err := queueAndCollect(t, ctx, js, run); err != nil {
		t.Fatal(err)
	}
	if info := settled(t, ctx, c); info.NumAckPending != 0 || info.NumPending != 0 {
		t.Errorf("%d messages unacknowledged and %d waiting: want the junk dropped", info.NumAckPending, info.NumPending)
	}
}

// settled returns the consumer's state once nothing is waiting or
// unacknowledged, or after five seconds: a worker acknowledges a job
// just after filing its summary, so the run may be collected a moment
// before.
func settled(t *testing.T, ctx context.Context, c jetstream.Consumer) *jetstream.ConsumerInfo {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		info, err := c.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if info.NumAckPending == 0 && info.NumPending == 0 || time.Now().After(deadline) {
			return info
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestOldErrorIsIgnored: a shard a worker could not play in an earlier
// submission is played again when the run is asked for again.
func TestOldErrorIsIgnored(t *testing.T) {
	js, _ := natsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := Setup(ctx, js, 0); err != nil {
		t.Fatal(err)
	}
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"random", "random"}, Seed: 11, Games: 2, Shards: 1, Workers: 1}
	old, _ := json.Marshal(Result{Run: run.ID(), Shard: 0, Error: "this worker's build lacked the scenario", Worker: "old"})
	if _, err := js.Publish(ctx, ErrorSubject(run.ID(), 0), old); err != nil {
		t.Fatal(err)
	}
	startWorkers(t, js, 1, 0)
	if _, err := queueAndCollect(t, ctx, js, run); err != nil {
		t.Fatalf("the run with an old error for its shard: %v", err)
	}
}

// TestFailedShardIsPlayedAgain: a run whose shard failed on a worker,
// asked for again at once, queues that shard again and completes; and a
// second failure in a row is reported, not taken for the first.
func TestFailedShardIsPlayedAgain(t *testing.T) {
	js, _ := natsServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := Setup(ctx, js, 0); err != nil {
		t.Fatal(err)
	}
	failures := 2
	var mu sync.Mutex
	real := configOf
	configOf = func(j Job) (sim.Config, func(), error) {
		mu.Lock()
		defer mu.Unlock()
		if failures > 0 {
			failures--
			return sim.Config{}, nil, errors.New("this worker's build lacks the scenario")
		}
		return real(j)
	}
	t.Cleanup(func() { configOf = real })
	startWorkers(t, js, 1, 0)
	run := Run{Scenario: "armour-battles/battle-1", Agents: [2]string{"random", "random"}, Seed: 13, Games: 2, Shards: 1, Workers: 1}
	for attempt := 1; attempt <= 2; attempt++ {
		_, err := queueAndCollect(t, ctx, js, run)
		if err == nil || !strings.Contains(err.Error(), "lacks the scenario") {
			t.Fatalf("attempt %d: %v, want the worker's failure", attempt, err)
		}
	}
	if _, err := queueAndCollect(t, ctx, js, run); err != nil {
		t.Fatalf("the third attempt, the worker mended: %v", err)
	}
}
