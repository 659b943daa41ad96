package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/outfile"
	"github.com/sandtable/sandtable/internal/sim"

	_ "github.com/sandtable/sandtable/internal/rules/armourbattles" // registers the ruleset
	_ "github.com/sandtable/sandtable/internal/rules/pagano"        // registers the ruleset
)

// playReport is the JSON printed by `play --json`.
type playReport struct {
	Scenario   string         `json:"scenario"`
	Seed       uint64         `json:"seed"`
	Winner     string         `json:"winner"`
	Reason     string         `json:"reason"`
	Turns      int            `json:"turns"`
	ArmyMorale map[string]int `json:"army_morale"` // empty for rules without army morale
	// UnitsLost is each side's losses by unit type, where the rules count
	// them.
	UnitsLost map[string]map[string]int `json:"units_lost,omitempty"`
	StateHash string                    `json:"state_hash"`
	Actions   int                       `json:"actions"`
}

func newPlayCmd() *cobra.Command {
	var (
		scen       scenarioFlags
		seed       uint64
		agentsFlag string
		logFile    string
		asJSON     bool
		quiet      bool
	)
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play one game headless and print a battle report",
		Long: `Play one game of a scenario from start to finish with an agent on each side
and print a readable battle report (or, with --json, a one-line summary).
The same scenario, seed and agents always give the same game; --log writes
the game log (JSON Lines) that 'sandtable replay' re-runs.`,
		Example: `  sandtable play --scenario armour-battles/battle-1 --seed 7
  sandtable play --scenario armour-battles/battle-1 --seed 7 --agents random,random --log game.jsonl --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sc, err := scen.load()
			if err != nil {
				return err
			}
			rules, ok := engine.Lookup(sc.Rules)
			if !ok {
				return fmt.Errorf("no ruleset %q for scenario %s", sc.Rules, sc.ID)
			}
			names := strings.Split(agentsFlag, ",")
			if len(names) != len(sc.Sides) {
				return fmt.Errorf("--agents %q: want one agent per side, %d in all (e.g. --agents random,random)", agentsFlag, len(sc.Sides))
			}
			agents := make([]agent.Agent, len(names))
			for i, n := range names {
				if agents[i], err = agent.New(strings.TrimSpace(n), agent.Seed(seed, i)); err != nil {
					return agentFlagError("--agents", err)
				}
			}
			if logFile != "" {
				// Say so now rather than after the game.
				if err := outfile.Check(logFile); err != nil {
					return fmt.Errorf("--log %s: %w", logFile, err)
				}
				if err := scen.overwrites(logFile); err != nil {
					return fmt.Errorf("--log %s: %w", logFile, err)
				}
			}
			g, err := engine.NewGame(rules, sc, seed)
			if err != nil {
				return err
			}
			// simulate's bound, so that a game simulate gave up on fails
			// here too when replayed with its seed and agents.
			res, playErr := agent.Play(g, agents, sim.DefaultMaxActions)
			if logFile != "" {
				if err := writeLog(g, logFile); err != nil {
					return err
				}
			}
			if playErr != nil {
				return stopped(cmd.OutOrStdout(), g, playErr, logFile, !asJSON && !quiet)
			}
			sides := rules.SideNames(g.State())
			rep := playReport{Scenario: sc.ID, Seed: seed, Winner: "draw", Reason: res.Reason, Turns: res.Turn, ArmyMorale: map[string]int{}, StateHash: engine.FormatHash(g.Hash()), Actions: len(g.Records())}
			if res.Winner >= 0 {
				rep.Winner = sides[res.Winner]
			}
			if mv, ok := g.State().(interface{ Morale(int) int }); ok {
				for i, id := range sides {
					rep.ArmyMorale[id] = mv.Morale(i)
				}
			}
			if l, ok := g.State().(interface{ UnitsLost(int) map[string]int }); ok {
				rep.UnitsLost = map[string]map[string]int{}
				for i, id := range sides {
					rep.UnitsLost[id] = l.UnitsLost(i)
				}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return json.NewEncoder(out).Encode(rep)
			}
			if !quiet {
				printEvents(out, g.Events())
				fmt.Fprintln(out)
			}
			fmt.Fprintf(out, "%s, seed %d: ", sc.Title, seed)
			if rep.Winner == "draw" {
				fmt.Fprintf(out, "a draw after %d turns: %s\n", rep.Turns, rep.Reason)
			} else {
				fmt.Fprintf(out, "%s wins in turn %d: %s\n", rep.Winner, rep.Turns, rep.Reason)
			}
			for _, id := range sides {
				if m, ok := rep.ArmyMorale[id]; ok {
					fmt.Fprintf(out, "  army morale %-8s %d\n", id, m)
				}
			}
			for _, id := range sides {
				if lost, ok := rep.UnitsLost[id]; ok {
					fmt.Fprintf(out, "  units lost  %-8s %s\n", id, lostList(lost))
				}
			}
			fmt.Fprintf(out, "  %d actions, state hash %s\n", rep.Actions, rep.StateHash)
			return nil
		},
	}
	scen.add(cmd, "armour-battles/battle-1")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "random seed: the same seed replays the same game")
	cmd.Flags().StringVar(&agentsFlag, "agents", "random,random", "one agent per side, comma-separated ("+strings.Join(agent.Names(), ", ")+
		"; mcts:N for at most N search iterations per decision, e.g. mcts:400; mcts:DURATION for a search time per decision, e.g. mcts:1s)")
	cmd.Flags().StringVar(&logFile, "log", "", "write the game log (JSON Lines) to this file")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON summary instead of the battle report")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print only the result, not every event")
	return cmd
}

func init() { rootCmd.AddCommand(newPlayCmd()) }

// printEvents writes the battle report: every event, the set-up
// (where each unit was placed, by the scenario or deployed) included, for
// scenario designers.
func printEvents(w io.Writer, evs []engine.Event) {
	for _, e := range evs {
		fmt.Fprintln(w, e.Text)
	}
}

// writeLog writes the game log atomically (outfile.Write): a failure
// never leaves half a log.
func writeLog(g *engine.Game, path string) error {
	if err := outfile.Write(path, g.WriteLog); err != nil {
		return fmt.Errorf("--log: %w", err)
	}
	return nil
}

// lostList writes losses by unit type as "type n, type n", or "none".
func lostList(lost map[string]int) string {
	if len(lost) == 0 {
		return "none"
	}
	var b strings.Builder
	for i, typ := range slices.Sorted(maps.Keys(lost)) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", typ, lost[typ])
	}
	return b.String()
}

// stopped reports a game that could not be played to its end: the events
// up to the stop (if show), the best evidence there is, then an error that
// says where it stopped and where the game so far is kept.
func stopped(out io.Writer, g *engine.Game, err error, logFile string, show bool) error {
	if show {
		printEvents(out, g.Events())
	}
	keep := "; run it again with --log FILE to keep the game so far"
	if logFile != "" {
		keep = "; the game so far is in " + logFile
	}
	return fmt.Errorf("the game stopped in turn %d after %d actions: %w%s", g.State().Result().Turn, len(g.Records()), err, keep)
}
