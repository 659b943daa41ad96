package main

import (
	"context"
	"errors"
	"fmt"
	neturl "net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/sim"
	"github.com/sandtable/sandtable/internal/simqueue"
)

// queueFlags are simulate's --nats and --shards.
type queueFlags struct {
	url    string
	shards int
}

func (q *queueFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&q.url, "nats", "", "share the run out through the NATS JetStream server at this URL (nats://host:4222): 'sandtable simulate worker --nats URL' on any number of machines plays it")
	cmd.Flags().IntVar(&q.shards, "shards", 0, "with --nats, the number of jobs to cut the run into (default: a pair of games a job with --swap, a game without, at most 100 jobs)")
}

// checkNATSURL refuses what is not a NATS server's URL (or a
// comma-separated list of them), before any connection is tried.
func checkNATSURL(list string) error {
	for _, u := range strings.Split(list, ",") {
		if u = strings.TrimSpace(u); !strings.Contains(u, "://") {
			u = "nats://" + u // the client takes host:port as that
		}
		p, err := neturl.Parse(u)
		switch {
		case err != nil || p.Host == "":
			return fmt.Errorf("%q is not a URL with a host; want nats://host:4222", u)
		case !slices.Contains([]string{"nats", "tls", "ws", "wss"}, p.Scheme):
			return fmt.Errorf("%q: want a nats:// (or tls://, ws://, wss://) URL, not %s://", u, p.Scheme)
		}
	}
	return nil
}

// connectQueue connects to the NATS server at url and readies the
// queue's streams.
func connectQueue(ctx context.Context, url, name string) (*nats.Conn, jetstream.JetStream, error) {
	if err := checkNATSURL(url); err != nil {
		return nil, nil, fmt.Errorf("--nats %s: %w", url, err)
	}
	nc, err := nats.Connect(url, nats.Name(name), nats.Timeout(10*time.Second))
	if err != nil {
		return nil, nil, fmt.Errorf("--nats %s: cannot reach a NATS server there: %s", url, strings.TrimPrefix(err.Error(), "nats: "))
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("--nats %s: %w", url, err)
	}
	if _, err := simqueue.Setup(ctx, js, 0); err != nil {
		nc.Close()
		if errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, nats.ErrNoResponders) {
			return nil, nil, fmt.Errorf("--nats %s: the server has no JetStream (start it with nats-server -js): %w", url, err)
		}
		return nil, nil, fmt.Errorf("--nats %s: %w", url, err)
	}
	return nc, js, nil
}

// queueRun shares run out through the queue at q.url, waits for every
// shard and returns the merged report. A run already (partly) played
// finds its shards' summaries in the server and queues only the others.
func queueRun(ctx context.Context, cmd *cobra.Command, q queueFlags, run simqueue.Run) (sim.Report, error) {
	switch {
	case run.Shards < 0:
		return sim.Report{}, fmt.Errorf("--shards %d: want at least 1 (or 0, the default: a pair of games a job with --swap, a game without, at most 100 jobs)", run.Shards)
	case run.Shards == 0:
		run.Shards = min(sim.ShardUnits(run.Games, run.Swap), 100)
	}
	jobs, err := run.Jobs()
	if err != nil {
		return sim.Report{}, fmt.Errorf("--shards %d: %s", run.Shards, strings.TrimPrefix(err.Error(), "sim: "))
	}
	for _, j := range jobs {
		if _, size, _ := sim.Shard(run.Games, run.Swap, j.Shard, run.Shards); size > sim.MaxGames {
			return sim.Report{}, fmt.Errorf("--shards %d: %d games a shard: want at most %d (a worker keeps every game's result to the end); cut the run into more shards", run.Shards, size, sim.MaxGames)
		}
	}
	nc, js, err := connectQueue(ctx, q.url, "sandtable simulate")
	if err != nil {
		return sim.Report{}, err
	}
	defer nc.Close()
	queued, since, err := simqueue.Submit(ctx, js, jobs)
	if err != nil {
		return sim.Report{}, err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "run %s: %d of %d jobs queued on %s (the others played or waiting already)\n", run.ID(), queued, run.Shards, q.url)
	bar := newProgressBar(cmd.ErrOrStderr(), run.Shards)
	var progress func(int)
	if bar != nil {
		progress = func(n int) { bar.Set(n) }
	}
	pieces, err := simqueue.Collect(ctx, js, run.ID(), run.Shards, since, progress)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		if ctx.Err() != nil {
			return sim.Report{}, fmt.Errorf("interrupted: %w; the jobs stay queued and the workers' summaries stay on the server: run the same command again to collect them", err)
		}
		return sim.Report{}, err
	}
	return sim.Merge(pieces)
}

// runOf is the queue's Run for simulate's flags (workers 0: each worker
// plays as many games at once as it has cores); a scenario file of the
// user's own travels with its unit files.
func runOf(scen scenarioFlags, scenarioID string, agents [2]string, swap bool, seed uint64, games, shards, workers int) (simqueue.Run, error) {
	run := simqueue.Run{Scenario: scenarioID, Agents: agents, Swap: swap, Seed: seed, Games: games, Shards: shards, Workers: workers}
	if scen.isFile() {
		run.Scenario = filepath.Base(scen.scenario)
		for _, name := range append([]string{scen.scenario}, scen.units...) {
			data, err := os.ReadFile(name)
			if err != nil {
				return simqueue.Run{}, err
			}
			run.Files = append(run.Files, simqueue.File{Name: filepath.Base(name), Data: data})
		}
	}
	return run, nil
}

// newSimulateWorkerCmd is `sandtable simulate worker`: plays the jobs of
// runs shared out with simulate --nats.
func newSimulateWorkerCmd() *cobra.Command {
	var (
		url  string
		name string
	)
	cmd := &cobra.Command{
		Use:   "worker --nats URL",
		Short: "Play the jobs of runs shared out with simulate --nats",
		Long: `Take jobs from the NATS JetStream queue at --nats, one at a time, play each
(a shard of a run: some consecutive seeds) and file its summary, until
Ctrl-C. Start one on each machine that should help; every job goes to
one worker. A worker that stops or dies mid-job leaves the job to another
once the server has not heard from it for 30 seconds (at once, when it
is stopped with Ctrl-C), so a run finishes as long as one worker is
left. A job it cannot play (a scenario or agent this build lacks) is
reported back to the run, which fails with the reason. The games depend only on their seeds
(except under a time budget such as mcts:1s), so it does not matter
which worker plays a job.`,
		Example: `  nats-server -js &                                  # or any JetStream server
  sandtable simulate worker --nats nats://localhost:4222 &
  sandtable simulate --nats nats://localhost:4222 --games 200 --swap --agents mcts:20000,scripted`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if url == "" {
				return errors.New("--nats: give the URL of a NATS server with JetStream (nats://host:4222)")
			}
			ctx, caught, stop := stopOnSignal(contextOf(cmd))
			defer stop()
			nc, js, err := connectQueue(ctx, url, "sandtable simulate worker")
			if err != nil {
				return err
			}
			defer nc.Close()
			if name == "" {
				host, _ := os.Hostname()
				name = host + ":" + strconv.Itoa(os.Getpid())
			}
			errOut := cmd.ErrOrStderr()
			fmt.Fprintf(errOut, "worker %s: taking jobs from %s\n", name, url)
			w := simqueue.Worker{Name: name, Trouble: func(err error) { fmt.Fprintf(errOut, "worker %s: %v\n", name, err) }, Played: func(r simqueue.Result) {
				if r.Error != "" {
					fmt.Fprintf(errOut, "run %s shard %d: could not be played: %s\n", r.Run, r.Shard, r.Error)
					return
				}
				fmt.Fprintf(errOut, "run %s shard %d: %s played (seeds %d to %d) in %.1fs\n", r.Run, r.Shard,
					nGames(r.Summary.Games), r.Summary.Seed, r.Summary.Seed+uint64(r.Summary.Games)-1, r.Summary.Seconds)
			}}
			if err := w.Work(ctx, js); err != nil {
				return err
			}
			if sig := caught(); sig != nil {
				fmt.Fprintf(errOut, "worker %s: stopped\n", name)
				return withSignalStatus(errors.New("stopped; a job it was playing goes to another worker"), sig)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&url, "nats", "", "the NATS JetStream server to take jobs from (nats://host:4222)")
	cmd.Flags().StringVar(&name, "name", "", "the worker's name in the runs' summaries and messages (default: host:pid)")
	return cmd
}
