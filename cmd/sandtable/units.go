package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

var (
	unitsRules string
	unitsJSON  bool
	unitsFiles []string
)

var unitsCmd = &cobra.Command{
	Use:   "units",
	Short: "List the unit types shipped in the binary",
	Long: `Units prints the unit types of one ruleset (--rules) or of all rulesets:
id, name, nation and the key statistics. With --json it prints an array of
objects with the full statistics, footprint, aliases and special rules.
With --units FILE, the unit types of your own unit files are listed too
(and checked as validate checks them).`,
	Args: cobra.NoArgs,
	RunE: func(cmd *cobra.Command, _ []string) error {
		c, err := unitCatalog(unitsFiles)
		if err != nil {
			return fmt.Errorf("units: %w", err)
		}
		rules := c.RulesWithUnits()
		if unitsRules != "" {
			want := strings.ToLower(strings.TrimSpace(unitsRules))
			if !slices.Contains(rules, want) {
				return fmt.Errorf("units: unknown rules %q (choices: %s)", unitsRules, strings.Join(rules, ", "))
			}
			rules = []string{want}
		}
		var units []*scenario.UnitType
		for _, r := range rules {
			units = append(units, c.Units(r)...)
		}
		if unitsJSON {
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			if units == nil {
				units = []*scenario.UnitType{}
			}
			return enc.Encode(units)
		}
		return writeUnitTable(cmd.OutOrStdout(), units)
	},
}

// unitCatalog returns the built-in unit types with those of the unit
// files named (--units) on top; a file with a problem is an error naming
// it.
func unitCatalog(files []string) (*scenario.Catalog, error) {
	c, err := scenario.Embedded()
	if err != nil {
		return nil, fmt.Errorf("loading unit types: %w", err)
	}
	if len(files) > 0 {
		if err := c.AddUnitFiles(files...); err != nil {
			return nil, fmt.Errorf("--units: %w", err)
		}
	}
	return c, nil
}

// unitFilesFor refuses a unit file among files (loaded into c) whose unit
// types are all of rulesets other than rules: a command of those rules
// could use none of them, and would otherwise say nothing of it. flag
// names what asks for rules, for the hint.
func unitFilesFor(c *scenario.Catalog, files []string, rules, flag string) error {
	byFile := map[string]map[string]bool{}
	for _, r := range c.RulesWithUnits() {
		for _, u := range c.Units(r) {
			f := filepath.Clean(u.Pos.File)
			if byFile[f] == nil {
				byFile[f] = map[string]bool{}
			}
			byFile[f][u.Rules] = true
		}
	}
	for _, f := range files {
		got := byFile[filepath.Clean(f)]
		if len(got) == 0 || got[rules] {
			continue
		}
		others := slices.Sorted(maps.Keys(got))
		return fmt.Errorf("--units %s: its unit types are for %s, not %s: none of them can be used here (%s %s)", f, strings.Join(others, ", "), rules, flag, others[0])
	}
	return nil
}

func writeUnitTable(w io.Writer, units []*scenario.UnitType) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULES\tID\tNAME\tNATION\tSTATS")
	for _, u := range units {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", u.Rules, u.ID, u.Name, u.Nation, statsSummary(u))
	}
	return tw.Flush()
}

// statsSummary returns a one-line summary of a unit type's key statistics.
func statsSummary(u *scenario.UnitType) string {
	var parts []string
	switch s := u.Stats.(type) {
	case *armourbattles.UnitStats:
		parts = append(parts, s.Class)
		if !s.OffTable() {
			parts = append(parts, "move "+s.Move, "reaction "+abReaction(s))
			r := make([]string, len(s.Range))
			for i, v := range s.Range {
				r[i] = strconv.Itoa(v)
			}
			parts = append(parts, s.Weapon+" "+strings.Join(r, "/"))
		} else {
			parts = append(parts, s.Weapon)
		}
		parts = append(parts, fmt.Sprintf("AT %d", s.AT))
		if s.FireArc != 0 && s.FireArc != 360 {
			parts = append(parts, fmt.Sprintf("arc %d°", s.FireArc))
		}
	case *pagano.UnitStats:
		// As the vehicle specifications print them: MP, armament and mount,
		// armour modifiers F/S/R, weight and years of service.
		parts = append(parts, fmt.Sprintf("MP %d", s.MP), s.Armament()+" "+s.Mount, fmt.Sprintf("armour %+d/%+d/%+d", s.Front, s.Side, s.Rear),
			"weight "+s.Weight, "in service "+serviceYears(s.Years))
	default:
		b, _ := json.Marshal(s)
		parts = append(parts, string(b))
	}
	if len(u.Special) > 0 {
		parts = append(parts, strings.Join(u.Special, ", "))
	}
	return strings.Join(parts, "; ")
}

// abReaction writes Reaction the way the rulebook prints it: "7/6" for a
// different flank figure, "6 (5)" for a different artillery figure.
func abReaction(s *armourbattles.UnitStats) string {
	r := strconv.Itoa(s.Reaction)
	flank := s.Reaction
	if s.ReactionFlank != 0 && s.ReactionFlank != s.Reaction {
		flank = s.ReactionFlank
		r += "/" + strconv.Itoa(flank)
	}
	if s.ReactionArtillery != 0 && s.ReactionArtillery != flank {
		r += " (" + strconv.Itoa(s.ReactionArtillery) + ")"
	}
	return r
}

func init() {
	unitsCmd.Flags().StringVar(&unitsRules, "rules", "", "only this ruleset, e.g. armour-battles")
	unitsCmd.Flags().BoolVar(&unitsJSON, "json", false, "print a JSON array with the full statistics")
	unitsCmd.Flags().StringSliceVar(&unitsFiles, "units", nil, "unit files (.yaml) of your own to list with the built-in types (repeat or comma-separate)")
	rootCmd.AddCommand(unitsCmd)
}

// serviceYears reads Pagano's two-digit Yr field ("94": 1939 through
// 1944, a 9 standing for 1939 and any other digit for 194x).
func serviceYears(yr string) string {
	if len(yr) != 2 {
		return yr
	}
	year := func(d byte) int {
		if d == '9' {
			return 1939
		}
		return 1940 + int(d-'0')
	}
	return fmt.Sprintf("%d–%d", year(yr[0]), year(yr[1]))
}
