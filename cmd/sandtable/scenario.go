package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	_ "github.com/sandtable/sandtable/internal/rules/armourbattles" // registers its data schema
	"github.com/sandtable/sandtable/internal/scenario"
)

var scenarioCmd = &cobra.Command{
	Use:   "scenario",
	Short: "List and check scenario files",
	Long: `Scenarios are YAML files: table, terrain, sides, forces, reserves and victory
conditions. The scenarios shipped in the binary can be listed; any unit or
scenario file can be checked, with every mistake reported as file:line:col.`,
	// Without this, a misspelt subcommand would print the help and
	// succeed.
	RunE: func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return fmt.Errorf("unknown command %q for %q (want list or validate)", args[0], cmd.CommandPath())
		}
		return cmd.Help()
	},
}

var scenarioListJSON bool

var scenarioListCmd = &cobra.Command{
	Use:   "list",
	Short: "List the scenarios shipped in the binary",
	Long: `List prints the id, title, rules and sides of every scenario shipped in the
binary, sorted by id. With --json it prints an array of objects
{id, version, rules, title, sides: [{id, name}]}.`,
	Args: cobra.NoArgs,
	RunE: func(cmd *cobra.Command, _ []string) error {
		c, err := scenario.Embedded()
		if err != nil {
			return err
		}
		return writeScenarioList(cmd, c.Scenarios(), scenarioListJSON)
	},
}

type sideJSON struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type scenarioJSON struct {
	ID      string     `json:"id"`
	Version int        `json:"version"`
	Rules   string     `json:"rules"`
	Title   string     `json:"title"`
	Sides   []sideJSON `json:"sides"`
}

func writeScenarioList(cmd *cobra.Command, scs []*scenario.Scenario, asJSON bool) error {
	out := cmd.OutOrStdout()
	if asJSON {
		list := make([]scenarioJSON, 0, len(scs))
		for _, s := range scs {
			j := scenarioJSON{ID: s.ID, Version: s.Version, Rules: s.Rules, Title: s.Title, Sides: []sideJSON{}}
			for _, sd := range s.Sides {
				j.Sides = append(j.Sides, sideJSON{ID: sd.ID, Name: sd.Name})
			}
			list = append(list, j)
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(list)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tRULES\tSIDES")
	for _, s := range scs {
		var sides []string
		for _, sd := range s.Sides {
			sides = append(sides, sd.ID)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.ID, s.Title, s.Rules, strings.Join(sides, " vs "))
	}
	return tw.Flush()
}

var scenarioValidateCmd = &cobra.Command{
	Use:   "validate FILE|FOLDER...",
	Short: "Check unit and scenario files for mistakes",
	Long: `Validate decodes each unit or scenario file strictly and checks it: unknown
fields, wrong types, unknown rules or unit types, duplicate ids, terrain and
deployment zones outside the table, and the ruleset's own checks.

It prints one "file:line:col: message" line per problem on standard output
and exits with status 1 if there are any; each clean file is reported as
"ok FILE". Scenario files are checked against the unit types shipped in the
binary plus any unit files named in the same call. A folder stands for
the .yaml files in it, as serve --scenario reads it. A valid scenario
with a built-in one's id gets a "note FILE:line:col:" line: play and
simulate take it, serve --scenario refuses it. So does one whose
deployment zones hold its units packed tight but not always when they
are set up at random (ten set-ups by the random agent are tried): a
game of it can stop with a unit left no room.`,
	Args: wantArgs(1, -1, "the files or folders to check: sandtable scenario validate my-battle.yaml [my-units.yaml]"),
	RunE: func(cmd *cobra.Command, args []string) error {
		// A folder stands for its .yaml files, as serve --scenario reads
		// it: scenario and unit files checked together.
		var files []string
		for _, a := range args {
			if st, err := os.Stat(a); err == nil && st.IsDir() {
				in, err := yamlFilesIn(a)
				if err != nil {
					return fmt.Errorf("scenario validate: %s: %w", a, err)
				}
				files = append(files, in...)
				continue
			}
			files = append(files, a)
		}
		probs := scenario.Validate(files...)
		out := cmd.OutOrStdout()
		bad := map[string]bool{}
		for _, p := range probs {
			fmt.Fprintln(out, p.String())
			bad[p.File] = true
		}
		for _, f := range files {
			if !bad[f] {
				fmt.Fprintf(out, "ok %s\n", f)
			}
		}
		if len(probs) == 0 {
			if cat, err := scenario.Embedded(); err == nil {
				builtIn := cat.Scenarios()
				if cat.AddFiles(files...) == nil {
					builtInIDNotes(out, cat, builtIn)
					randomSetUpNotes(out, cat)
				}
			}
		}
		if len(probs) > 0 {
			return fmt.Errorf("scenario validate: %d problem%s in %d file%s", len(probs), plural(len(probs)), len(bad), plural(len(bad)))
		}
		return nil
	},
}

// builtInIDNotes notes each scenario of the users' files in cat (the
// built-in catalog with them on top) that has the id of one of builtIn:
// play and simulate take it in the built-in one's stead, but serve
// --scenario refuses it (serveCatalog says why).
func builtInIDNotes(out io.Writer, cat *scenario.Catalog, builtIn []*scenario.Scenario) {
	ids := map[string]bool{}
	for _, sc := range builtIn {
		ids[sc.ID] = true
	}
	for _, sc := range cat.Scenarios() {
		if !sc.BuiltIn && ids[sc.ID] {
			fmt.Fprintf(out, "note %s:%d:%d: id %q is a built-in scenario's: play and simulate take this file in its stead, serve --scenario refuses it (give it an id of its own, my/..., to serve it)\n", sc.Pos.File, sc.Pos.Line, sc.Pos.Col, sc.ID)
		}
	}
}

// setUpTries is how many set-ups at random randomSetUpNotes plays.
const setUpTries = 10

// randomSetUpNotes notes each scenario of the users' files in cat in
// which a set-up with every unit placed at random, as the random agent
// places them, can leave a unit with no room: the file's trial set-up
// packs the units tight from the back and passes, but a player's or an
// AI's set-up may spread them, and the game then stops with no legal
// place left (the rules offer no set-up action).
func randomSetUpNotes(out io.Writer, cat *scenario.Catalog) {
	for _, sc := range cat.Scenarios() {
		if sc.BuiltIn {
			continue
		}
		rules, ok := engine.Lookup(sc.Rules)
		if !ok {
			continue
		}
		stuck, what := 0, ""
		for seed := uint64(1); seed <= setUpTries; seed++ {
			if d, ok := stuckSetUp(rules, sc, seed); ok {
				stuck++
				if what == "" {
					what = d
				}
			}
		}
		if stuck > 0 {
			fmt.Fprintf(out, "note %s:%d:%d: %d of %d set-ups with the units placed at random (seeds 1 to %d) came to %s with no room left: a player's or an AI's set-up can get stuck so; make the deployment zones larger\n", sc.Pos.File, sc.Pos.Line, sc.Pos.Col, stuck, setUpTries, setUpTries, what)
		}
	}
}

// stuckSetUp plays the set-up of sc (until turn 1) with random agents
// from seed, and says which decision it stuck at, if it did.
func stuckSetUp(rules engine.Rules, sc *scenario.Scenario, seed uint64) (string, bool) {
	g, err := engine.NewGame(rules, sc, seed)
	if err != nil {
		return "", false
	}
	pick := [2]*agent.Random{agent.NewRandom(2 * seed), agent.NewRandom(2*seed + 1)}
	for range 5000 {
		st := g.State()
		if r := st.Result(); r.Over || r.Turn >= 1 {
			return "", false
		}
		d := g.Pending()
		if d.Side < 0 || d.Side > 1 {
			return "", false
		}
		a := pick[d.Side].Choose(st)
		if a == nil {
			return fmt.Sprintf("side %q's %s", sc.Sides[d.Side].ID, d.Kind), true
		}
		if _, err := g.Apply(a); err != nil {
			return "", false
		}
	}
	return "", false
}

func init() {
	scenarioListCmd.Flags().BoolVar(&scenarioListJSON, "json", false, "print a JSON array instead of a table")
	scenarioCmd.AddCommand(scenarioListCmd, scenarioValidateCmd)
	rootCmd.AddCommand(scenarioCmd)
}
