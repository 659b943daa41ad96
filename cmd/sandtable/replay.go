package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

func newReplayCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Re-run a game log and check it hash by hash",
		Long: `Re-run a game log written by 'sandtable play --log' from its seed, comparing
the dice rolled and the state hash after every action with the log. The
first difference is reported with its record and line number.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			lg, err := engine.ReadLog(f)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			cat, err := scenario.Embedded()
			if err != nil {
				return err
			}
			load := func(rules, id string) (*scenario.Scenario, error) { return cat.Scenario(id) }
			g, err := engine.Replay(lg, load)
			out := cmd.OutOrStdout()
			var div *engine.Divergence
			if err != nil && !errors.As(err, &div) {
				return fmt.Errorf("%s: %w", args[0], err)
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
				fmt.Fprintf(out, "%s: %d records replayed, state hash %s\n", args[0], len(g.Records()), engine.FormatHash(g.Hash()))
			}
			if div != nil {
				return fmt.Errorf("%s: %w", args[0], div)
			}
			if !asJSON {
				fmt.Fprintln(out, "every record matches the log")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON report")
	return cmd
}

func init() { rootCmd.AddCommand(newReplayCmd()) }
