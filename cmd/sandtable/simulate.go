package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/outfile"
	"github.com/sandtable/sandtable/internal/sim"

	_ "github.com/sandtable/sandtable/internal/rules/armourbattles" // registers the ruleset
)

func newSimulateCmd() *cobra.Command {
	var (
		scen       scenarioFlags
		games      int
		agentsFlag string
		swap       bool
		workers    int
		seed       uint64
		asJSON     bool
		plotFile   string
		shardFlag  string
		queue      queueFlags
	)
	cmd := &cobra.Command{
		Use:   "simulate",
		Short: "Play many AI-v-AI games of a scenario and summarise them",
		Long: `Play N games of a scenario with agent A on the first side and agent B on
the second (with --swap, the odd-numbered games exchange them) and print
wins per side and per agent with Wilson 95% intervals, draws, game length
in turns, units lost by type and army morale remaining.

Game i uses dice seed S+i and agent seeds derived from S+i and the side,
so a seed gives the same results whatever the number of workers, except
with a time-budgeted search (mcts:1s, a search time per decision): how
far a search gets in its time depends on the machine's speed, its load
and the workers sharing its cores, so those games are not repeatable.
A game that does not finish (or whose agent or rules fail) is listed with
its seed and makes the command exit with an error after printing the
summary.

Ctrl-C (or SIGTERM) stops the run at once, searches included, and prints
the summary of the first games, up to the first one not over (with --swap,
an even number of them): the games --games K would play. It is marked
interrupted, and the command then exits with the shell's status for the
signal (130 for Ctrl-C, 143 for SIGTERM). A second Ctrl-C kills it
outright.

With --json, wins and wins_by_agent are keyed by side id and by agent name;
when the same agent plays both sides its wins are keyed "agent@side-id".

With --shard I/K the command plays only shard I (from 0) of K of the run
that --games and --seed describe, a run of consecutive seeds of its own,
so that K machines (or the K jobs of an indexed batch job) can share one
run: "sandtable simulate merge" puts their --json summaries back together
into the run's summary.

With --nats URL the command shares the run out through that NATS
JetStream server instead of playing it: it queues a job a shard (--shards
of them), and "sandtable simulate worker --nats URL", started on any
number of machines, plays them; the command waits for every shard and
prints the merged summary. Asked again for the same run (after Ctrl-C,
say), it collects the shards already played and queues only the others.`,
		Example: `  sandtable simulate --scenario armour-battles/battle-1 --games 1000
  sandtable simulate --games 2000 --agents random,random --swap --seed 7 --json
  sandtable simulate --games 500 --plot battle-1.png
  sandtable simulate --games 10000 --swap --agents mcts,scripted --shard 2/8 --json > shard-2.json
  sandtable simulate --games 200 --swap --agents mcts:20000,scripted --nats nats://queue:4222`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games < 1 {
				return fmt.Errorf("--games %d: want at least 1", games)
			}
			if games > sim.MaxGames && shardFlag == "" && queue.url == "" {
				return fmt.Errorf("--games %d: want at most %d (every game's result is kept to the end; a longer run is played in shards, --shard or --nats)", games, sim.MaxGames)
			}
			if top := ^uint64(0) - uint64(games-1); seed > top {
				return fmt.Errorf("--seed %d: %d games would need seeds past the largest, %d", seed, games, ^uint64(0))
			}
			if workers < 1 {
				return fmt.Errorf("--workers %d: want at least 1", workers)
			}
			// Say so now rather than after the games.
			if err := checkPlotFlag(cmd, plotFile, scen.overwrites); err != nil {
				return err
			}
			sc, err := scen.load()
			if err != nil {
				return err
			}
			rules, ok := engine.Lookup(sc.Rules)
			if !ok {
				return fmt.Errorf("no ruleset %q for scenario %s", sc.Rules, sc.ID)
			}
			names := strings.Split(agentsFlag, ",")
			if len(names) != 2 {
				return fmt.Errorf("--agents %q: want two agents, A,B (e.g. --agents random,random)", agentsFlag)
			}
			var agents [2]string
			for i, n := range names {
				agents[i] = strings.TrimSpace(n)
				if _, err := agent.New(agents[i], 0); err != nil {
					return agentFlagError("--agents", err)
				}
			}

			if queue.url != "" {
				if shardFlag != "" {
					return errors.New("--shard and --nats: give one; --nats cuts the run into shards itself (--shards)")
				}
				jobWorkers := 0 // each worker uses its cores
				if cmd.Flags().Changed("workers") {
					jobWorkers = workers
				}
				run, err := runOf(scen, sc.ID, agents, swap, seed, games, queue.shards, jobWorkers)
				if err != nil {
					return err
				}
				ctx, caught, stop := stopOnSignal(contextOf(cmd))
				defer stop()
				rep, err := queueRun(ctx, cmd, queue, run)
				if err != nil {
					return withSignalStatus(err, caught())
				}
				if err := writeReport(cmd, &rep, asJSON, plotFile); err != nil {
					return err
				}
				if n := len(rep.Errors); n > 0 {
					return fmt.Errorf("%s: %s", failedGamesMsg(n, games), rep.Errors[0].Error)
				}
				return nil
			}
			if cmd.Flags().Changed("shards") {
				return errors.New("--shards: only with --nats (for one shard of a run, --shard I/K)")
			}
			cfg := sim.Config{Rules: rules, Scenario: sc, Games: games, Agents: agents,
				Swap: swap, Workers: workers, Seed: seed}
			if shardFlag != "" {
				i, k, err := parseShard(shardFlag)
				if err != nil {
					return err
				}
				off, size, err := sim.Shard(games, swap, i, k)
				if err != nil {
					return fmt.Errorf("--shard %s: %s", shardFlag, strings.TrimPrefix(err.Error(), "sim: "))
				}
				if size > sim.MaxGames {
					return fmt.Errorf("--shard %s: %d games a shard: want at most %d (every game's result is kept to the end); cut the run into more shards", shardFlag, size, sim.MaxGames)
				}
				if !asJSON {
					fmt.Fprintf(cmd.OutOrStdout(), "shard %d of %d of --seed %d --games %d: %s, seeds %d to %d\n",
						i, k, seed, games, nGames(size), seed+uint64(off), seed+uint64(off+size)-1)
				}
				cfg.Seed, cfg.Games, games = seed+uint64(off), size, size
			}
			bar := newProgressBar(cmd.ErrOrStderr(), games)
			if bar != nil {
				cfg.Progress = func(done int) { bar.Set(done) }
			}
			// Ctrl-C (or SIGTERM) stops the run and prints what the
			// finished games show; a second Ctrl-C kills at once.
			ctx, caught, stop := stopOnSignal(contextOf(cmd))
			defer stop()
			rep, err := sim.Run(ctx, cfg)
			if bar != nil {
				bar.Finish()
			}
			if err != nil && !rep.Interrupted {
				return withSignalStatus(err, caught())
			}

			if err := writeReport(cmd, &rep, asJSON, plotFile); err != nil {
				// An interrupted run still exits with its signal's status.
				return withSignalStatus(err, caught())
			}
			if rep.Interrupted {
				return withSignalStatus(fmt.Errorf("interrupted: the summary covers the first %d of %s", len(rep.Games), nGames(games)), caught())
			}
			if n := len(rep.Errors); n > 0 {
				return fmt.Errorf("%s: %s", failedGamesMsg(n, games), rep.Errors[0].Error)
			}
			return nil
		},
	}
	scen.add(cmd, "armour-battles/battle-1")
	cmd.Flags().IntVar(&games, "games", 100, "number of games")
	cmd.Flags().StringVar(&agentsFlag, "agents", "random,random", "agents A,B: A on the first side, B on the second ("+strings.Join(agent.Names(), ", ")+
		"; mcts:N for at most N search iterations per decision, e.g. mcts:400; mcts:DURATION for a search time per decision, e.g. mcts:1s)")
	cmd.Flags().BoolVar(&swap, "swap", false, "exchange the agents between sides in the odd-numbered games")
	cmd.Flags().IntVar(&workers, "workers", runtime.NumCPU(), "games played at once (results do not depend on it, except under a time budget such as mcts:1s)")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of game 0; game i uses seed+i")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the summary as one JSON object")
	cmd.Flags().StringVar(&plotFile, "plot", "", "also draw win rates and game lengths to this .svg or .png file")
	cmd.Flags().StringVar(&shardFlag, "shard", "", "play only shard I/K (I from 0 to K-1) of the run of --games games from --seed; 'simulate merge' joins the shards' --json summaries")
	queue.add(cmd)
	cmd.AddCommand(newSimulateMergeCmd(), newSimulateWorkerCmd())
	return cmd
}

func init() { rootCmd.AddCommand(newSimulateCmd()) }

// contextOf is cmd's context, or the background context when it has none.
func contextOf(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// parseShard reads --shard's I/K: shard I, from 0, of K.
func parseShard(v string) (i, k int, err error) {
	a, b, ok := strings.Cut(v, "/")
	i, errI := strconv.Atoi(strings.TrimSpace(a))
	k, errK := strconv.Atoi(strings.TrimSpace(b))
	const form = "want I/K, shard I of K counted from 0 (0/4, 1/4, 2/4, 3/4 for four shards)"
	switch {
	case !ok || errI != nil || errK != nil:
		return 0, 0, fmt.Errorf("--shard %q: %s", v, form)
	case k < 1:
		return 0, 0, fmt.Errorf("--shard %q: %s; K, the number of shards, must be 1 or more", v, form)
	case i < 0 || i >= k:
		return 0, 0, fmt.Errorf("--shard %q: %s; I must be from 0 to %d, one less than K", v, form, k-1)
	}
	return i, k, nil
}

// checkPlotFlag checks --plot's file name (plotFile) before any work is
// done: a format PlotFormat knows, in a directory that can take it, and
// not a file the command reads (overwrites says which it is, if it is).
func checkPlotFlag(cmd *cobra.Command, plotFile string, overwrites func(path string) error) error {
	if plotFile == "" && cmd.Flags().Changed("plot") {
		return fmt.Errorf("--plot: give a file name ending .svg or .png")
	}
	if plotFile == "" {
		return nil
	}
	if _, err := sim.PlotFormat(plotFile); err != nil {
		return fmt.Errorf("--plot: %w", err)
	}
	if err := outfile.Check(plotFile); err != nil {
		return fmt.Errorf("--plot %s: %w", plotFile, err)
	}
	if err := overwrites(plotFile); err != nil {
		return fmt.Errorf("--plot %s: %w", plotFile, err)
	}
	return nil
}

// writeReport prints rep's summary on cmd's output, as text or JSON, and
// draws its plot to plotFile when one is named.
func writeReport(cmd *cobra.Command, rep *sim.Report, asJSON bool, plotFile string) error {
	out := cmd.OutOrStdout()
	var err error
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep.Summary())
	} else {
		err = rep.WriteText(out)
	}
	if err != nil {
		return err
	}
	if plotFile != "" {
		if err := rep.SavePlot(plotFile); err != nil {
			return fmt.Errorf("--plot: %w", err)
		}
		if !asJSON {
			fmt.Fprintf(out, "plot written to %s\n", plotFile)
		}
	}
	return nil
}

// nGames returns "1 game", "2 games".
func nGames(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

// failedGamesMsg says that n of games games failed, the first of them
// named after it.
func failedGamesMsg(n, games int) string {
	switch {
	case games == 1:
		return "the game failed"
	case n == 1:
		return fmt.Sprintf("1 of %d games failed", games)
	case n == games:
		return fmt.Sprintf("all %d games failed, the first", games)
	}
	return fmt.Sprintf("%d of %d games failed, the first", n, games)
}

// agentFlagError is err, an error of agent.New about the value of flag,
// named after the flag instead of the agent package's prefix:
// "--agents: agent: ..." would say "agent" twice.
func agentFlagError(flag string, err error) error {
	return relabelledError{msg: flag + ": " + strings.TrimPrefix(err.Error(), "agent: "), err: err}
}

// relabelledError is an error with a message of its own that wraps err.
type relabelledError struct {
	msg string
	err error
}

func (e relabelledError) Error() string { return e.msg }
func (e relabelledError) Unwrap() error { return e.err }

// newProgressBar returns a progress bar for games on w when w is a
// terminal, or nil otherwise (pipes, files, tests), so scripted output
// stays clean.
func newProgressBar(w io.Writer, games int) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(games,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription("simulating"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true), // shown before the first game ends
	)
}

// stopOnSignal returns a context cancelled by the first SIGINT or SIGTERM,
// a function that tells which signal it was (nil if none came), and a stop
// that releases the signals. After the first signal the default handling
// is restored, so a second one kills the process at once.
func stopOnSignal(parent context.Context) (ctx context.Context, caught func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	var mu sync.Mutex
	var got os.Signal
	go func() {
		select {
		case sig := <-sigs:
			mu.Lock()
			got = sig
			mu.Unlock()
			cancel()
		case <-ctx.Done():
		}
		signal.Stop(sigs)
	}()
	caught = func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return got
	}
	return ctx, caught, func() { signal.Stop(sigs); cancel() }
}

// withSignalStatus is err, to exit with signalStatus(sig) when a signal
// stopped the run (sig not nil).
func withSignalStatus(err error, sig os.Signal) error {
	if sig == nil {
		return err
	}
	return exitError{code: signalStatus(sig), err: err}
}

// signalStatus is the shell's exit status for a process stopped by sig:
// 128 plus the signal's number (130 for Ctrl-C, 143 for SIGTERM).
func signalStatus(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}
