package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// compareOptions holds the flag values of one `units compare`.
type compareOptions struct {
	rules, show      string
	firers, targets  []string
	unitFiles        []string
	json             bool
	q                odds.Question
	firerMoving      bool
	firerStationary  bool
	targetMoving     bool
	targetStationary bool
}

// compareABFlags and comparePaganoFlags are the situation flags of one
// ruleset each.
var (
	compareABFlags     = []string{"flank", "cover", "uphill", "target-suppressed", "moves", "target-dp"}
	comparePaganoFlags = []string{"aspect", "firer-moving", "firer-stationary", "target-moving", "target-stationary", "hull-down", "woods", "hedge", "hedgerow"}
)

func newUnitsCompareCmd() *cobra.Command {
	var o compareOptions
	cmd := &cobra.Command{
		Use:   "compare",
		Short: "Exact odds of every unit type's shot at every other, in one situation",
		Long: `Compare prints a table of exact shot odds: a row for each firing unit
type, a column for each target, every shot asked in the same situation (the
range and the modifiers of ` + "`sandtable odds`" + `). It is for weighing unit
types against each other, as a scenario designer balancing forces does.

--show picks the figure printed in each cell:
  armour-battles: expected (Disruption Points a shot inflicts on average,
                  the default), disrupt (chance of at least one point),
                  disperse, suppress
  pagano:         wrecked (the default), hit, effect (chance the shot stuns,
                  immobilizes or wrecks)
A cell out of range prints "-". --json prints every cell in full, as
` + "`odds --json`" + ` and GET /api/odds answer it.

--firers and --targets take unit types by id, name or short form (repeat
or comma-separate); without them every unit type of the ruleset is listed,
but off-table artillery, which may be named among the firers and is then
asked as fire for effect (range does not matter to it).`,
		Example: `  sandtable units compare --range 12
  sandtable units compare --range 20 --flank --show disperse
  sandtable units compare --range 12 --firers Panther,Tiger --targets "M4 75mm,M4 76mm"
  sandtable units compare --rules pagano --range 15 --aspect side`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			m, measure, err := runCompare(cmd, &o)
			if err != nil {
				return err
			}
			if o.json {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(m)
			}
			var with []string
			for _, n := range slices.Concat(compareABFlags, comparePaganoFlags, []string{"ambush"}) {
				switch fl := cmd.Flags().Lookup(n); {
				case !fl.Changed:
				case fl.Value.Type() == "bool" && fl.Value.String() == "true":
					with = append(with, "--"+n)
				default:
					with = append(with, "--"+n+"="+fl.Value.String())
				}
			}
			return printMatrix(cmd.OutOrStdout(), m, measure, with)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.rules, "rules", ab.Name, "ruleset: "+ab.Name+" or "+pagano.Name)
	decimalVar(f, &o.q.Range, "range", 0, "the range of every shot, in inches (closest hull to hull)")
	f.StringSliceVar(&o.firers, "firers", nil, "firing unit types (default: all but off-table artillery)")
	f.StringSliceVar(&o.targets, "targets", nil, "target unit types (default: all but off-table artillery)")
	f.StringVar(&o.show, "show", "", "the figure in each cell (default: expected under armour-battles, wrecked under pagano)")
	f.StringSliceVar(&o.unitFiles, "units", nil, "unit files (.yaml) with unit types of your own to compare too")
	f.BoolVar(&o.json, "json", false, "print one JSON object with every cell in full")

	f.BoolVar(&o.q.Flank, "flank", false, "flank or rear shots (-1 TN; sloped armour uses its second figure)")
	f.BoolVar(&o.q.Cover, "cover", false, "targets in or behind light cover (+1D reaction)")
	f.BoolVar(&o.q.Uphill, "uphill", false, "targets uphill of the firers (+1D reaction)")
	f.BoolVar(&o.q.Suppressed, "target-suppressed", false, "targets already suppressed (reaction 5+)")
	f.IntVar(&o.q.Moves, "moves", 1, "the firers' moves this activation: 1, 2 (double, -1D) or 3 (triple, -2D)")
	f.IntVar(&o.q.TargetDP, "target-dp", 0, "Disruption Points the targets already have (0..2)")
	f.BoolVar(&o.q.Ambush, "ambush", false, "ambush fire from hidden firers")

	f.StringVar(&o.q.Aspect, "aspect", "front", "pagano: the side of the targets the firers see, front, side or rear")
	f.BoolVar(&o.firerMoving, "firer-moving", false, "pagano: the firers are moving (-3 to hit)")
	f.BoolVar(&o.firerStationary, "firer-stationary", false, "pagano: the firers are stationary (+2 to hit)")
	f.BoolVar(&o.targetMoving, "target-moving", false, "pagano: the targets are moving (-2 to hit)")
	f.BoolVar(&o.targetStationary, "target-stationary", false, "pagano: the targets are stationary (+1 to hit)")
	f.BoolVar(&o.q.HullDown, "hull-down", false, "pagano: the targets are hull-down (-2 to hit)")
	f.BoolVar(&o.q.Woods, "woods", false, "pagano: the targets are in woods or a building (-2 to hit)")
	f.BoolVar(&o.q.Hedge, "hedge", false, "pagano: the lines of fire cross a wall or hedge (-1 to hit)")
	f.BoolVar(&o.q.Hedgerow, "hedgerow", false, "pagano: the lines of fire cross a hedgerow within 1\" of a hull (-2 to hit)")
	return cmd
}

// runCompare checks the flags and asks the matrix.
func runCompare(cmd *cobra.Command, o *compareOptions) (odds.Matrix, odds.Measure, error) {
	fail := func(format string, a ...any) (odds.Matrix, odds.Measure, error) {
		return odds.Matrix{}, odds.Measure{}, fmt.Errorf("units compare: "+format, a...)
	}
	o.q.Rules = strings.ToLower(strings.TrimSpace(o.rules))
	switch o.q.Rules {
	case ab.Name:
		if set := changedFlags(cmd, comparePaganoFlags); len(set) > 0 {
			return fail("%s is for --rules pagano, not %s", set[0], ab.Name)
		}
	case pagano.Name:
		if set := changedFlags(cmd, compareABFlags); len(set) > 0 {
			return fail("%s is an Armour Battles flag and does not apply with --rules pagano", set[0])
		}
	default:
		return fail("unknown --rules %q: want %s or %s", o.rules, ab.Name, pagano.Name)
	}
	o.q.HasRange = cmd.Flags().Changed("range")
	switch {
	case o.firerMoving && o.firerStationary:
		return fail("--firer-moving and --firer-stationary cannot both be given")
	case o.targetMoving && o.targetStationary:
		return fail("--target-moving and --target-stationary cannot both be given")
	case o.q.Moves < 1 || o.q.Moves > 3:
		return fail("--moves must be 1, 2 (double move) or 3 (triple move), got %d", o.q.Moves)
	}
	for _, l := range []struct {
		flag  string
		names []string
	}{{"firers", o.firers}, {"targets", o.targets}} {
		if cmd.Flags().Changed(l.flag) && len(l.names) == 0 {
			return fail("--%s: no unit types given; name them (comma-separated), or leave --%s out for all", l.flag, l.flag)
		}
	}
	cat, err := unitCatalog(o.unitFiles)
	if err != nil {
		return fail("%w", err)
	}
	if err := unitFilesFor(cat, o.unitFiles, o.q.Rules, "--rules"); err != nil {
		return fail("%w", err)
	}
	if !o.q.HasRange && !allArtillery(cat, o.firers) {
		return fail("missing --range in inches: every shot of the table is asked at one range")
	}
	for _, m := range []struct {
		moving, stationary bool
		to                 *string
	}{{o.firerMoving, o.firerStationary, &o.q.FirerMotion}, {o.targetMoving, o.targetStationary, &o.q.TargetMotion}} {
		switch {
		case m.moving:
			*m.to = "moving"
		case m.stationary:
			*m.to = "stationary"
		}
	}
	if o.q.Rules == ab.Name {
		o.q.Aspect = ""
	}
	measure := odds.Measures(o.q.Rules)[0]
	if o.show != "" {
		var err error
		if measure, err = odds.MeasureNamed(o.q.Rules, o.show); err != nil {
			return fail("--%s", err)
		}
	}
	m, err := odds.Compare(cat, o.q, o.firers, o.targets)
	if err != nil {
		return fail("%s", compareFlagError(err))
	}
	return m, measure, nil
}

// compareFlags names the flag of each field odds.Compare's errors start
// with.
var compareFlags = map[string]string{"range": "--range", "target_dp": "--target-dp", "moves": "--moves", "aspect": "--aspect",
	"firer_motion": "--firer-moving or --firer-stationary", "target_motion": "--target-moving or --target-stationary",
	"firers": "--firers", "targets": "--targets"}

// compareFlagError says odds.Compare's error in the flags' words.
func compareFlagError(err error) string {
	field, rest, ok := strings.Cut(err.Error(), ": ")
	if flag, known := compareFlags[field]; ok && known {
		return flag + ": " + rest
	}
	return err.Error()
}

// allArtillery reports whether every firer named is off-table artillery,
// which needs no range.
func allArtillery(cat *scenario.Catalog, firers []string) bool {
	if len(firers) == 0 {
		return false
	}
	for _, f := range firers {
		u, err := cat.UnitType(ab.Name, f)
		if err != nil || !isOffTable(u) {
			return false
		}
	}
	return true
}

// printMatrix writes the matrix's measure, a row a firer and a column a
// target (headed by its id).
// with lists the situation's flags set, for the heading.
func printMatrix(w io.Writer, m odds.Matrix, measure odds.Measure, with []string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	at := fmt.Sprintf("at %g\"", m.Range)
	artillery, onlyArtillery := bands(m, ab.BandArtillery)
	if onlyArtillery {
		at, artillery = "by fire for effect", false
	}
	if m.Rules == pagano.Name && !slices.ContainsFunc(with, func(s string) bool { return strings.HasPrefix(s, "--aspect=") }) {
		with = append([]string{"--aspect=front"}, with...)
	}
	if len(with) > 0 {
		at += " with " + strings.Join(with, " ")
	}
	fmt.Fprintf(w, "%s: each firer's shot at each target %s: %s (- out of range)\n", m.Rules, at, measure.What)
	if artillery {
		fmt.Fprintln(w, "Off-table artillery fires for effect: the range, --moves, --ambush, --flank, --cover and --uphill do not count in its rows.")
	}
	head := []string{"firer \\ target"}
	for _, t := range m.Targets {
		head = append(head, t.ID)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	chance := measure.Name != "expected"
	for i, f := range m.Firers {
		row := []string{f.Name}
		for _, c := range m.Cells[i] {
			v, ok := measure.Of(c)
			switch {
			case !ok:
				row = append(row, "-")
			case chance:
				row = append(row, fmt.Sprintf("%.1f%%", 100*v))
			default:
				row = append(row, fmt.Sprintf("%.2f", math.Round(v*100)/100))
			}
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	return tw.Flush()
}

// bands reports whether some and whether all of m's Armour Battles
// cells are of band.
func bands(m odds.Matrix, band string) (some, all bool) {
	all = true
	for _, row := range m.Cells {
		for _, c := range row {
			if s, ok := c.(odds.Situational); ok && s.Band == band {
				some = true
			} else {
				all = false
			}
		}
	}
	return some, all
}

func init() {
	unitsCmd.AddCommand(newUnitsCompareCmd())
}
