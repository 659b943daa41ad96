package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/sim"
)

// newSimulateMergeCmd is `sandtable simulate merge`: the summaries of runs
// played in pieces (by seed range, on one machine or several) made into
// the one summary of the whole run.
func newSimulateMergeCmd() *cobra.Command {
	var (
		asJSON   bool
		plotFile string
	)
	cmd := &cobra.Command{
		Use:   "merge FILE.json...",
		Short: "Merge the --json summaries of runs played in pieces into one",
		Long: `Read the summaries that "sandtable simulate --json" wrote for pieces of one
run and print the summary of the whole: the pieces must play the same
scenario, agents and --swap, on seeds that follow one another with no gap
and no overlap (the files may come in any order). With --swap every piece
but the last must have an even number of games. The result is then the
summary of --seed S --games N, S the first piece's seed and N all their
games: the same wins, draws, intervals, game lengths, losses and morale as
that run would give. Times are the pieces' added up: seconds is their
machine time, games per second the games over it, and decision times are
weighed by each piece's decisions.

A file that is not such a summary, or whose figures do not add up, is
refused with its name (and line and column, for bad JSON), as are pieces
that play another match, overlap or leave a gap.`,
		Example: `  sandtable simulate --seed 1 --games 500 --swap --agents mcts,scripted --json > a.json
  sandtable simulate --seed 501 --games 500 --swap --agents mcts,scripted --json > b.json
  sandtable simulate merge a.json b.json          # the games of --seed 1 --games 1000
  sandtable simulate merge pieces/*.json --json --plot all.svg`,
		Args: wantArgs(1, -1, "the --json summaries to merge: sandtable simulate merge shard-*.json"),
		RunE: func(cmd *cobra.Command, files []string) error {
			overwrites := func(path string) error { return overwritesInput(path, files) }
			if err := checkPlotFlag(cmd, plotFile, overwrites); err != nil {
				return err
			}
			pieces := make([]sim.Piece, 0, len(files))
			for _, name := range files {
				f, err := os.Open(name)
				if err != nil {
					return err
				}
				p, err := sim.ReadPiece(name, f)
				f.Close()
				if err != nil {
					return err
				}
				pieces = append(pieces, p)
			}
			rep, err := sim.Merge(pieces)
			if err != nil {
				return err
			}
			if err := writeReport(cmd, &rep, asJSON, plotFile); err != nil {
				return err
			}
			if rep.Interrupted {
				return fmt.Errorf("interrupted: a piece was stopped early, so the summary covers the first %s of the %d asked for", nGames(rep.GameCount()), rep.Requested)
			}
			if n := len(rep.Errors); n > 0 {
				return fmt.Errorf("%s: %s", failedGamesMsg(n, rep.GameCount()), rep.Errors[0].Error)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the merged summary as one JSON object")
	cmd.Flags().StringVar(&plotFile, "plot", "", "also draw win rates and game lengths to this .svg or .png file")
	return cmd
}

// overwritesInput refuses path when it is one of the files being read.
func overwritesInput(path string, files []string) error {
	out, err := os.Stat(path)
	if err != nil {
		return nil // nothing there yet: nothing to overwrite
	}
	for _, in := range files {
		if st, err := os.Stat(in); err == nil && os.SameFile(out, st) {
			return fmt.Errorf("is the summary %s being merged: writing it would overwrite it; name another file", in)
		}
	}
	return nil
}
