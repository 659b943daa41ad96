package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

func newReplayCmd() *cobra.Command {
	var (
		asJSON bool
		scen   scenarioFlags
	)
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Re-run a game log and check it hash by hash",
		Long: `Re-run a game log written by 'sandtable play --log' from its seed, comparing
the dice rolled and the state hash after every action with the log. The
first difference is reported with its record and line number. A game of a
scenario file of your own needs that file: --scenario FILE (and --units for
the unit files it uses).`,
		Args: wantArgs(1, 1, "one game log: sandtable replay GAME.jsonl"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(scen.units) > 0 && scen.scenario == "" {
				return fmt.Errorf("--units: only with --scenario FILE (the unit files a scenario file of your own uses)")
			}
			// fileErr is a fault of the scenario or unit files named with
			// --scenario and --units, not of the log: it is reported as
			// theirs.
			var fileErr error
			// A log that cannot be read or replayed at all still gets a
			// JSON answer with --json, for scripts.
			fail := func(err error) error {
				if fileErr != nil {
					err = fileErr
				} else {
					err = fmt.Errorf("%s: %w", args[0], err)
				}
				if asJSON {
					json.NewEncoder(cmd.OutOrStdout()).Encode(map[string]any{"match": false, "error": err.Error()})
				}
				return err
			}
			f, err := os.Open(args[0])
			if err != nil {
				return fail(errors.Unwrap(err))
			}
			defer f.Close()
			lg, err := engine.ReadLog(f)
			if err != nil {
				return fail(err)
			}
			load := func(rules, id string) (*scenario.Scenario, error) {
				if scen.scenario == "" {
					cat, err := scenario.Embedded()
					if err != nil {
						return nil, err
					}
					if sc, err := cat.Scenario(id); err == nil {
						return sc, nil
					}
					return nil, fmt.Errorf("the log's scenario %q is not built in: name its file with --scenario FILE", id)
				}
				sc, err := scen.load()
				if err != nil {
					fileErr = err
					return nil, err
				}
				if sc.ID != id {
					return nil, fmt.Errorf("the log is a game of scenario %q, but --scenario %s holds %q", id, scen.scenario, sc.ID)
				}
				return sc, nil
			}
			g, err := engine.Replay(lg, load)
			out := cmd.OutOrStdout()
			var div *engine.Divergence
			if err != nil && !errors.As(err, &div) {
				return fail(err)
			}
			res := g.State().Result()
			rep := map[string]any{"scenario": lg.Header.Scenario, "seed": lg.Header.Seed, "records": len(lg.Records),
				"replayed": len(g.Records()), "state_hash": engine.FormatHash(g.Hash()), "over": res.Over, "turns": res.Turn, "match": div == nil}
			if div != nil {
				rep["divergence"] = map[string]any{"record": div.Record, "line": div.Line, "what": div.What, "log": div.Want, "replay": div.Got}
			}
			if asJSON {
				if err := json.NewEncoder(out).Encode(rep); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(out, "%s: %d record%s replayed, state hash %s\n", args[0], len(g.Records()), plural(len(g.Records())), engine.FormatHash(g.Hash()))
			}
			if div != nil && div.What == "scenario digest" {
				// Same id and version, other contents: the log says so
				// before any die is rolled.
				files := "the built-in scenario and unit types"
				if scen.scenario != "" {
					files = "--scenario " + scen.scenario
					if len(scen.units) > 0 {
						files += " and --units " + strings.Join(scen.units, ",")
					} else {
						files += " with the built-in unit types"
					}
				}
				return fmt.Errorf("%s: %w (the game was played on other scenario or unit data than %s: name the files it was played with)", args[0], div, files)
			}
			if div != nil {
				if scen.scenario == "" && lg.Header.Scenario != "" {
					// A log that records the scenario's digest matched
					// the built-in scenario's data, so a file of one's
					// own cannot be the cause; an older log without one
					// cannot tell, and gets the hint.
					if lg.Header.Digest == "" {
						return fmt.Errorf("%s: %w (replayed on the built-in scenario %s; if played from a file of your own, name it with --scenario FILE)", args[0], div, lg.Header.Scenario)
					}
					return fmt.Errorf("%s: %w (replayed on the built-in scenario %s)", args[0], div, lg.Header.Scenario)
				}
				return fmt.Errorf("%s: %w", args[0], div)
			}
			if !asJSON {
				fmt.Fprintln(out, "every record matches the log")
				if !res.Over {
					// A saved game in progress, or a log cut short.
					p := g.Pending()
					fmt.Fprintf(out, "the log ends before the game is over: turn %d, %s to decide (%s)\n", res.Turn, g.Rules().SideNames(g.State())[p.Side], p.Kind)
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON report")
	scen.add(cmd, "")
	return cmd
}

func init() { rootCmd.AddCommand(newReplayCmd()) }
