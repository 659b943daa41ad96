package main

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

func init() {
	rootCmd.AddCommand(newOddsCmd())
}

// maxOddsDice bounds explicit dice counts; no Armour Battles roll comes
// near it, and the cost grows with its square.
const maxOddsDice = 100

// Flags of the two modes of `sandtable odds`. The JSON field names and flag
// names are a contract with scripts; keep them.
var (
	explicitFlags    = []string{"attack-dice", "attack-tn", "reaction-dice", "reaction-tn"}
	situationalFlags = []string{"firer", "target", "range", "flank", "cover", "uphill", "target-suppressed",
		"moves", "ambush", "attack-wild", "reaction-wild", "break-off", "disengaging", "scoot", "units"}
	reactionBonusFlags = []string{"break-off", "disengaging", "scoot"}
	// paganoOnlyFlags belong to --rules pagano; armourBattlesOnlyFlags to
	// the Armour Battles modes.
	paganoOnlyFlags = []string{"aspect", "firer-moving", "firer-stationary", "target-moving", "target-stationary",
		"hull-down", "woods", "hedge", "hedgerow"}
	armourBattlesOnlyFlags = []string{"attack-dice", "attack-tn", "reaction-dice", "reaction-tn", "target-dp", "artillery",
		"flank", "cover", "uphill", "target-suppressed", "moves", "attack-wild", "reaction-wild", "break-off", "disengaging", "scoot"}
)

// oddsOptions holds the flag values of one run.
type oddsOptions struct {
	attackDice, attackTN, reactionDice, reactionTN int
	targetDP                                       int
	artillery, json                                bool

	firer, target                        string
	unitFiles                            []string
	rng                                  float64
	flank, cover, uphill, suppressed     bool
	moves, attackWild, reactionWild      int
	ambush, breakOff, disengaging, scoot bool

	// --rules and the Pagano situation.
	rules                            string
	aspect                           string
	firerMoving, firerStationary     bool
	targetMoving, targetStationary   bool
	hullDown, woods, hedge, hedgerow bool

	// --roll rolls the shot's dice from --seed.
	roll bool
	seed uint64
}

// oddsOutput is the --json object: the result plus, in situational mode,
// the units, range and range band.
type oddsOutput struct {
	Firer  string   `json:"firer,omitempty"`
	Target string   `json:"target,omitempty"`
	Range  *float64 `json:"range,omitempty"`
	Band   string   `json:"band,omitempty"`
	odds.Result
	// With --roll: the seed and the roll.
	Seed *uint64      `json:"seed,omitempty"`
	Roll *ab.ShotRoll `json:"roll,omitempty"`
}

// newOddsCmd returns a fresh `odds` command, so tests get their own flags.
func newOddsCmd() *cobra.Command {
	var o oddsOptions
	cmd := &cobra.Command{
		Use:   "odds",
		Short: "Exact odds of one shot (Armour Battles or Pagano)",
		Long: `Odds prints the exact probabilities of one Armour Battles attack: the
Disruption Points the target takes, and whether it is suppressed, Forced Back
or Dispersed. Give either the dice:

  sandtable odds --attack-dice 6 --attack-tn 4 --reaction-dice 5 --reaction-tn 4 [--target-dp 1] [--artillery]

or the situation, with unit names as printed in the rulebook or short forms:

  sandtable odds --firer "Panzer IV H" --target "M4 75mm" --range 12 [--flank] [--cover] ...
  sandtable odds --artillery --firer "105L28 Howitzer" --target "StuG III"

With --artillery the target must roll more sixes than the attacker to avoid
suppression, and in situational mode the firer is off-table artillery firing
for effect (--range is ignored).

With --rules pagano the shot is one of Pagano's micro-armour rules: the
chance to hit (Table 2) and of each Fire Effect (Table 3), per shot and
given a hit, enumerated exactly:

  sandtable odds --rules pagano --firer T-34-85 --target "Tiger I" --range 10 --aspect side \
      [--firer-moving|--firer-stationary] [--target-moving|--target-stationary] \
      [--hull-down] [--woods] [--hedge] [--hedgerow] [--ambush]

Without --firer-moving or --firer-stationary the firer is stopped (it moved
and halted); likewise the target, except under --ambush, which fires at a
moving target (ruling P18).

With --roll the shot's dice are rolled too, in the order a game rolls
them, and the roll is printed after the odds (in --json, "seed" and
"roll"): for a game on a real table played without dice at hand. --seed S
rolls the same dice again; without it a seed is drawn and printed.`,
		Example: `  sandtable odds --json --attack-dice 6 --attack-tn 4 --reaction-dice 5 --reaction-tn 4 --target-dp 1
  sandtable odds --firer "Panzer IV H" --target "M4 75mm" --range 12
  sandtable odds --rules pagano --json --firer T-34-85 --target "Tiger I" --range 10 --aspect side
  sandtable odds --firer Panther --target "M4 75mm" --range 12 --roll`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// In any letter case, as units --rules and units compare take it.
			given := o.rules
			o.rules = strings.ToLower(strings.TrimSpace(o.rules))
			switch o.rules {
			case pagano.Name:
				po, err := runPaganoOdds(cmd, &o)
				if err != nil {
					return err
				}
				if err := rollPagano(cmd, &o, &po); err != nil {
					return err
				}
				if o.json {
					enc := json.NewEncoder(cmd.OutOrStdout())
					enc.SetIndent("", "  ")
					return enc.Encode(po.json())
				}
				return printPaganoOdds(cmd.OutOrStdout(), po)
			case ab.Name:
			default:
				return fmt.Errorf("odds: unknown --rules %q: want %s or %s", given, ab.Name, pagano.Name)
			}
			if set := changedFlags(cmd, paganoOnlyFlags); len(set) > 0 {
				return fmt.Errorf("odds: %s is for --rules pagano, not %s", set[0], ab.Name)
			}
			out, err := runOdds(cmd, &o)
			if err != nil {
				return err
			}
			if seed, ok, err := rollSeed(cmd, &o); err != nil {
				return err
			} else if ok {
				r := ab.RollShot(out.Result.Dice(), out.TargetDP, dice.NewPCG(seed))
				out.Seed, out.Roll = &seed, &r
			}
			if o.json {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(out)
			}
			return printOdds(cmd.OutOrStdout(), out)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.attackDice, "attack-dice", 0, "explicit mode: attack dice (1.."+fmt.Sprint(maxOddsDice)+")")
	f.IntVar(&o.attackTN, "attack-tn", 0, "explicit mode: attack target number (2..7)")
	f.IntVar(&o.reactionDice, "reaction-dice", 0, "explicit mode: reaction dice (1.."+fmt.Sprint(maxOddsDice)+")")
	f.IntVar(&o.reactionTN, "reaction-tn", 0, "explicit mode: reaction target number (2..7)")
	f.IntVar(&o.targetDP, "target-dp", 0, "Disruption Points the target already has (0..2)")
	f.BoolVar(&o.artillery, "artillery", false, "off-table artillery fire for effect: the target needs more sixes to avoid suppression")
	f.BoolVar(&o.json, "json", false, "print one JSON object")

	f.StringVar(&o.firer, "firer", "", "situational mode: firing unit type")
	f.StringVar(&o.target, "target", "", "situational mode: target unit type")
	f.StringSliceVar(&o.unitFiles, "units", nil, "situational mode: unit files (.yaml) with unit types of your own for --firer and --target (repeat or comma-separate)")
	decimalVar(f, &o.rng, "range", 0, "situational mode: closest hull-to-hull distance in inches")
	f.BoolVar(&o.flank, "flank", false, "flank or rear attack (-1 TN; sloped armour uses its second figure)")
	f.BoolVar(&o.cover, "cover", false, "target in or behind light cover (+1D reaction, not against artillery)")
	f.BoolVar(&o.uphill, "uphill", false, "target uphill of the firer (+1D reaction, direct fire only)")
	f.BoolVar(&o.suppressed, "target-suppressed", false, "target already suppressed (reaction 5+)")
	f.IntVar(&o.moves, "moves", 1, "firer's moves this activation: 1, 2 (double, -1D) or 3 (triple, -2D)")
	f.BoolVar(&o.ambush, "ambush", false, "ambush fire: from a hidden unit (+1D); pagano: at a moving target, -1 to hit beyond 6\"")
	f.IntVar(&o.attackWild, "attack-wild", 0, "wild dice and Staff Orders added to the attack (0..2)")
	f.IntVar(&o.reactionWild, "reaction-wild", 0, "wild dice and Staff Orders added to the reaction (0..2)")
	f.BoolVar(&o.breakOff, "break-off", false, "target breaks off (+2D reaction)")
	f.BoolVar(&o.disengaging, "disengaging", false, "target is disengaging (+2D reaction)")
	f.BoolVar(&o.scoot, "scoot", false, "target shoots and scoots (+2D reaction)")

	f.BoolVar(&o.roll, "roll", false, "roll the shot's dice too, die by die as a game rolls them, and print what it did")
	f.Uint64Var(&o.seed, "seed", 0, "with --roll: the dice's seed, to roll the same dice again (default: one drawn and printed)")
	f.StringVar(&o.rules, "rules", ab.Name, "ruleset: "+ab.Name+" or "+pagano.Name)
	f.StringVar(&o.aspect, "aspect", "", "pagano: facing hit, front, side or rear")
	f.BoolVar(&o.firerMoving, "firer-moving", false, "pagano: the firer is moving (-3 to hit)")
	f.BoolVar(&o.firerStationary, "firer-stationary", false, "pagano: the firer is stationary (+2 to hit)")
	f.BoolVar(&o.targetMoving, "target-moving", false, "pagano: the target is moving (-2 to hit)")
	f.BoolVar(&o.targetStationary, "target-stationary", false, "pagano: the target is stationary (+1 to hit)")
	f.BoolVar(&o.hullDown, "hull-down", false, "pagano: the target is hull-down (-2 to hit)")
	f.BoolVar(&o.woods, "woods", false, "pagano: the target is in woods or a building (-2 to hit)")
	f.BoolVar(&o.hedge, "hedge", false, "pagano: the line of fire crosses a wall or hedge (-1 to hit)")
	f.BoolVar(&o.hedgerow, "hedgerow", false, "pagano: the line of fire crosses a hedgerow within 1\" of either hull (-2 to hit)")
	return cmd
}

// runOdds validates the flags and computes the odds.
func runOdds(cmd *cobra.Command, o *oddsOptions) (oddsOutput, error) {
	changed := func(names []string) []string {
		var set []string
		for _, n := range names {
			if cmd.Flags().Changed(n) {
				set = append(set, "--"+n)
			}
		}
		return set
	}
	either := "give either the dice (--attack-dice, --attack-tn, --reaction-dice, --reaction-tn) " +
		"or the situation (--firer, --target, --range and its modifiers)"
	exp, sit := changed(explicitFlags), changed(situationalFlags)
	switch {
	case len(exp) > 0 && len(sit) > 0:
		return oddsOutput{}, fmt.Errorf("odds: %s cannot be mixed with %s: %s", exp[0], sit[0], either)
	case len(exp) == 0 && len(sit) == 0:
		return oddsOutput{}, fmt.Errorf("odds: no shot: %s", either)
	}
	if o.targetDP < 0 || o.targetDP >= odds.DisperseAt {
		return oddsOutput{}, fmt.Errorf("odds: --target-dp must be 0, 1 or 2 (3 points disperse a unit), got %d", o.targetDP)
	}
	if len(exp) > 0 {
		return explicitOdds(o, exp)
	}
	return situationalOdds(o, changed)
}

func explicitOdds(o *oddsOptions, set []string) (oddsOutput, error) {
	for _, n := range explicitFlags {
		if !slices.Contains(set, "--"+n) {
			return oddsOutput{}, fmt.Errorf("odds: missing --%s (the dice need --attack-dice, --attack-tn, --reaction-dice and --reaction-tn)", n)
		}
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"attack-dice", o.attackDice}, {"reaction-dice", o.reactionDice}} {
		if c.v < 1 || c.v > maxOddsDice {
			return oddsOutput{}, fmt.Errorf("odds: --%s must be between 1 and %d, got %d", c.name, maxOddsDice, c.v)
		}
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"attack-tn", o.attackTN}, {"reaction-tn", o.reactionTN}} {
		if c.v < 2 || c.v > 7 {
			return oddsOutput{}, fmt.Errorf("odds: --%s must be between 2 and 7, got %d", c.name, c.v)
		}
	}
	d := ab.ShotDice{
		AttackDice: o.attackDice, AttackTN: o.attackTN,
		ReactionDice: o.reactionDice, ReactionTN: o.reactionTN,
		InRange: true, ArtillerySuppression: o.artillery,
	}
	return oddsOutput{Result: odds.Compute(d, o.targetDP)}, nil
}

func situationalOdds(o *oddsOptions, changed func([]string) []string) (oddsOutput, error) {
	switch {
	case o.firer == "":
		return oddsOutput{}, errors.New("odds: missing --firer (the situation needs --firer, --target and --range, or --artillery instead of --range)")
	case o.target == "":
		return oddsOutput{}, errors.New("odds: missing --target (the situation needs --firer, --target and --range, or --artillery instead of --range)")
	case !o.artillery && len(changed([]string{"range"})) == 0:
		return oddsOutput{}, errors.New("odds: missing --range in inches (or --artillery for off-table artillery, which ignores range)")
	case !o.artillery && (o.rng < 0 || math.IsNaN(o.rng) || math.IsInf(o.rng, 0)):
		return oddsOutput{}, fmt.Errorf("odds: --range must be a distance of 0 inches or more, a finite number, got %v", o.rng)
	case o.moves < 1 || o.moves > 3:
		return oddsOutput{}, fmt.Errorf("odds: --moves must be 1, 2 (double move) or 3 (triple move), got %d", o.moves)
	case o.attackWild < 0 || o.attackWild > ab.MaxWild:
		return oddsOutput{}, fmt.Errorf("odds: --attack-wild must be 0, 1 or 2, got %d", o.attackWild)
	case o.reactionWild < 0 || o.reactionWild > ab.MaxWild:
		return oddsOutput{}, fmt.Errorf("odds: --reaction-wild must be 0, 1 or 2, got %d", o.reactionWild)
	}
	if set := changed(reactionBonusFlags); len(set) > 1 {
		return oddsOutput{}, fmt.Errorf("odds: %s cannot be combined (the +2D does not stack): give at most one of --break-off, --disengaging, --scoot", strings.Join(set, " and "))
	}
	if o.artillery && (o.moves > 1 || o.ambush) {
		return oddsOutput{}, errors.New("odds: off-table artillery neither moves nor fires from ambush: drop --moves and --ambush with --artillery")
	}

	cat, err := unitCatalog(o.unitFiles)
	if err != nil {
		return oddsOutput{}, fmt.Errorf("odds: %w", err)
	}
	if err := unitFilesFor(cat, o.unitFiles, ab.Name, "--rules"); err != nil {
		return oddsOutput{}, fmt.Errorf("odds: %w", err)
	}
	units := cat.Units(ab.Name)
	firer, err := findUnit(cat, "--firer", o.firer)
	if err != nil {
		return oddsOutput{}, err
	}
	target, err := findUnit(cat, "--target", o.target)
	if err != nil {
		return oddsOutput{}, err
	}
	artillery := unitNames(units, true)
	switch {
	case o.artillery && !isOffTable(firer):
		return oddsOutput{}, fmt.Errorf("odds: --artillery needs off-table artillery as --firer (%s), got %q", strings.Join(artillery, ", "), firer.Name)
	case !o.artillery && isOffTable(firer):
		return oddsOutput{}, fmt.Errorf("odds: %q is off-table artillery: add --artillery for fire for effect", firer.Name)
	case isOffTable(target):
		return oddsOutput{}, fmt.Errorf("odds: --target %q is off-table artillery and cannot be fired on; targets: %s", target.Name, strings.Join(unitNames(units, false), ", "))
	}

	// Breaking off and shooting and scooting are abilities of some units
	// only; disengaging is open to all.
	for _, c := range []struct {
		set     bool
		flag    string
		special string
	}{{o.breakOff, "--break-off", ab.BreakOff}, {o.scoot, "--scoot", ab.ShootAndScoot}} {
		if c.set && !slices.Contains(target.Special, c.special) {
			return oddsOutput{}, fmt.Errorf("odds: %s: the target %q has no %s ability (its special rules: %s)", c.flag, target.Name, c.special, specialList(target.Special))
		}
	}

	shot := ab.Shot{
		Firer: firer, Target: target, Range: o.rng,
		Flank: o.flank, Cover: o.cover, Uphill: o.uphill, TargetSuppressed: o.suppressed,
		Moves: o.moves, Ambush: o.ambush, AttackWild: o.attackWild, ReactionWild: o.reactionWild,
		BreakOff: o.breakOff, Disengaging: o.disengaging, Scoot: o.scoot,
		Artillery: o.artillery,
	}
	d, err := shot.Dice()
	if err != nil {
		return oddsOutput{}, fmt.Errorf("odds: %w", err)
	}
	rng := o.rng
	return oddsOutput{
		Firer: firer.Name, Target: target.Name, Range: &rng, Band: d.Band,
		Result: odds.Compute(d, o.targetDP),
	}, nil
}

// findUnit looks an Armour Battles unit type up by id, name or alias; the
// error lists the rulebook names.
func findUnit(cat *scenario.Catalog, flag, name string) (*scenario.UnitType, error) {
	return findRulesUnit(cat, ab.Name, flag, name)
}

// findRulesUnit looks a unit type of a ruleset up by id, name or alias.
func findRulesUnit(cat *scenario.Catalog, rules string, flag, name string) (*scenario.UnitType, error) {
	u, err := cat.UnitType(rules, name)
	if err != nil {
		all, other := odds.Unknown(cat, rules, name)
		hint := ""
		if other != "" {
			hint = fmt.Sprintf(" (%q is a unit of %s: add --rules %s)", name, other, other)
		}
		return nil, fmt.Errorf("odds: unknown %s %q in %s%s; units (or their ids and short forms): %s", flag, name, rules, hint, strings.Join(all, ", "))
	}
	return u, nil
}

// unitNames returns the names of the off-table artillery units, or of the
// others.
func unitNames(units []*scenario.UnitType, offTable bool) []string {
	var names []string
	for _, u := range units {
		if isOffTable(u) == offTable {
			names = append(names, u.Name)
		}
	}
	return names
}

func isOffTable(u *scenario.UnitType) bool {
	s, ok := u.Stats.(*ab.UnitStats)
	return ok && s != nil && s.OffTable()
}

// printOdds writes the readable table.
func printOdds(w io.Writer, out oddsOutput) error {
	r := out.Result
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if out.Firer != "" {
		switch out.Band {
		case ab.BandArtillery:
			fmt.Fprintf(tw, "%s fires for effect on %s\n", out.Firer, out.Target)
		default:
			fmt.Fprintf(tw, "%s fires at %s at %g\" (%s)\n", out.Firer, out.Target, *out.Range, bandText(out.Band))
		}
	}
	if !r.InRange {
		fmt.Fprintln(tw, "Out of range: the shot misses.")
		printRoll(tw, out)
		return tw.Flush()
	}
	fmt.Fprintf(tw, "Attack\t%d dice at %d+\n", r.AttackDice, r.AttackTN)
	fmt.Fprintf(tw, "Reaction\t%d dice at %d+\n", r.ReactionDice, r.ReactionTN)
	if r.ArtillerySuppression {
		fmt.Fprintln(tw, "Suppression\tthe target needs more sixes than the attacker")
	}
	fmt.Fprintf(tw, "Target\t%d disruption point%s before the shot\n", r.TargetDP, plural(r.TargetDP))
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "Disruption taken\tProbability")
	for n, p := range r.PDisruption {
		fmt.Fprintf(tw, "%d\t%s\n", n, percent(p))
	}
	fmt.Fprintln(tw)
	fmt.Fprintf(tw, "Suppressed\t%s\n", percent(r.PSuppressed))
	fmt.Fprintf(tw, "Forced back\t%s\n", percent(r.PForcedBack))
	fmt.Fprintf(tw, "Dispersed\t%s\n", percent(r.PDispersed))
	fmt.Fprintf(tw, "Expected disruption\t%8.3f\n", r.ExpectedDisruption)
	printRoll(tw, out)
	return tw.Flush()
}

// printRoll writes --roll's dice, if it was given: for a shot out of
// range only the seed and the outcome, as no dice are rolled.
func printRoll(w io.Writer, out oddsOutput) {
	x := out.Roll
	if x == nil {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Rolled (seed %d)\n", *out.Seed)
	if x.InRange {
		fmt.Fprintf(w, "Attack\t%s: %d successes, %d sixes\n", facesText(x.Attack), x.AttackSuccesses, x.AttackSixes)
	}
	if x.AttackSuccesses > 0 {
		fmt.Fprintf(w, "Reaction\t%s: %d successes, %d sixes\n", facesText(x.Reaction), x.ReactionSuccesses, x.ReactionSixes)
	}
	if len(x.ForcedBackDice) > 0 {
		fmt.Fprintf(w, "Forced back\t6\" + %s = %g\"\n", facesText(x.ForcedBackDice), x.ForcedBack)
	}
	fmt.Fprintf(w, "Outcome\t%s\n", x.Outcome)
}

// facesText lists dice faces, or says there were none.
func facesText(faces []int) string {
	if len(faces) == 0 {
		return "no dice"
	}
	parts := make([]string, len(faces))
	for i, f := range faces {
		parts[i] = fmt.Sprint(f)
	}
	return strings.Join(parts, " ")
}

// rollSeed says whether the shot is to be rolled, and from which seed.
func rollSeed(cmd *cobra.Command, o *oddsOptions) (uint64, bool, error) {
	if !o.roll {
		if cmd.Flags().Changed("seed") {
			return 0, false, errors.New("odds: --seed is the seed of --roll's dice: add --roll")
		}
		return 0, false, nil
	}
	if cmd.Flags().Changed("seed") {
		return o.seed, true, nil
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, false, fmt.Errorf("odds: drawing a seed: %w", err)
	}
	return binary.LittleEndian.Uint64(b[:]) >> 11, true, nil // 53 bits, as the server draws them
}

// rollPagano rolls po's shot when --roll asks it.
func rollPagano(cmd *cobra.Command, o *oddsOptions, po *paganoOddsOutput) error {
	seed, ok, err := rollSeed(cmd, o)
	if err != nil || !ok {
		return err
	}
	r := pagano.ShotRoll{Result: "out of range", Outcome: "beyond Table 2's last band: no shot"}
	if !po.OutOfRange {
		r = pagano.RollShot(po.Situation, po.Unarmoured, dice.NewPCG(seed))
	}
	po.Seed, po.Roll = &seed, &r
	return nil
}

func bandText(band string) string {
	if band == ab.BandOutOfRange {
		return band
	}
	return band + " range"
}

// specialList lists a unit's special rules, or says it has none.
func specialList(sp []string) string {
	if len(sp) == 0 {
		return "none"
	}
	return strings.Join(sp, ", ")
}

func percent(p float64) string { return fmt.Sprintf("%8.3f%%", 100*p) }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// changedFlags returns the flags of names set on the command line, as
// "--name".
func changedFlags(cmd *cobra.Command, names []string) []string {
	var set []string
	for _, n := range names {
		if cmd.Flags().Changed(n) {
			set = append(set, "--"+n)
		}
	}
	return set
}

// paganoOddsOutput is one Pagano shot: --json prints Odds alone.
type paganoOddsOutput struct {
	Firer, Target string
	Situation     pagano.Situation
	// OutOfRange: the range is at or beyond the end of Table 2's last
	// band, so there is no shot and every chance is 0.
	OutOfRange bool
	Unarmoured bool
	pagano.Odds
	// With --roll: the seed and the roll.
	Seed *uint64
	Roll *pagano.ShotRoll
}

// paganoOddsJSON is `odds --rules pagano --json`: the report, and with
// --roll the seed and the roll.
type paganoOddsJSON struct {
	pagano.Report
	Seed *uint64          `json:"seed,omitempty"`
	Roll *pagano.ShotRoll `json:"roll,omitempty"`
}

func (po paganoOddsOutput) json() paganoOddsJSON {
	return paganoOddsJSON{Report: pagano.NewReport(po.Firer, po.Target, po.Situation, !po.OutOfRange, po.Odds), Seed: po.Seed, Roll: po.Roll}
}

// runPaganoOdds validates the Pagano flags and computes the odds with the
// ruleset's own tables.
func runPaganoOdds(cmd *cobra.Command, o *oddsOptions) (paganoOddsOutput, error) {
	var out paganoOddsOutput
	if set := changedFlags(cmd, armourBattlesOnlyFlags); len(set) > 0 {
		return out, fmt.Errorf("odds: %s is an Armour Battles flag and does not apply with --rules pagano", set[0])
	}
	need := "the Pagano situation needs --firer, --target, --range and --aspect"
	switch {
	case o.firer == "":
		return out, errors.New("odds: missing --firer: " + need)
	case o.target == "":
		return out, errors.New("odds: missing --target: " + need)
	case !cmd.Flags().Changed("range"):
		return out, errors.New("odds: missing --range in inches: " + need)
	case o.rng < 0 || math.IsNaN(o.rng) || math.IsInf(o.rng, 0):
		return out, fmt.Errorf("odds: --range must be a distance of 0 inches or more, a finite number, got %v", o.rng)
	case o.aspect == "":
		return out, errors.New("odds: missing --aspect (front, side or rear): " + need)
	case o.firerMoving && o.firerStationary:
		return out, errors.New("odds: --firer-moving and --firer-stationary cannot both be given")
	case o.targetMoving && o.targetStationary:
		return out, errors.New("odds: --target-moving and --target-stationary cannot both be given")
	case o.ambush && o.targetStationary:
		return out, errors.New("odds: --ambush and --target-stationary cannot both be given: ambush fire is at a moving target (ruling P18)")
	}
	motion := func(moving, stationary bool) string {
		switch {
		case moving:
			return "moving"
		case stationary:
			return "stationary"
		}
		return "stopped"
	}
	q := odds.Question{Rules: pagano.Name, Firer: o.firer, Target: o.target, Range: o.rng, HasRange: true,
		Aspect: o.aspect, FirerMotion: motion(o.firerMoving, o.firerStationary), TargetMotion: motion(o.targetMoving || o.ambush, o.targetStationary),
		HullDown: o.hullDown, Woods: o.woods, Hedge: o.hedge, Hedgerow: o.hedgerow, Ambush: o.ambush}
	cat, err := unitCatalog(o.unitFiles)
	if err != nil {
		return out, fmt.Errorf("odds: %w", err)
	}
	if err := unitFilesFor(cat, o.unitFiles, pagano.Name, "--rules"); err != nil {
		return out, fmt.Errorf("odds: %w", err)
	}
	firer, err := findRulesUnit(cat, pagano.Name, "--firer", o.firer)
	if err != nil {
		return out, err
	}
	target, err := findRulesUnit(cat, pagano.Name, "--target", o.target)
	if err != nil {
		return out, err
	}
	sit, unarmoured, err := odds.PaganoSituation(q, firer, target)
	if err != nil {
		// An error about the aspect names the query parameter; here it
		// is a flag. (The motions come from flags that cannot be wrong.)
		if msg, ok := strings.CutPrefix(err.Error(), "aspect: "); ok {
			return out, fmt.Errorf("odds: --aspect %s", msg)
		}
		return out, fmt.Errorf("odds: %w", err)
	}
	out = paganoOddsOutput{Firer: firer.Name, Target: target.Name, Situation: sit, Unarmoured: unarmoured}
	if o.rng >= pagano.MaxRange {
		// Beyond Table 2's last band there is no shot: every chance is 0,
		// as Armour Battles' odds answer a shot out of range.
		out.OutOfRange = true
		return out, nil
	}
	out.Odds, err = pagano.ShotOdds(sit, unarmoured)
	if err != nil {
		return out, fmt.Errorf("odds: %w", err)
	}
	return out, nil
}

// printPaganoOdds writes the readable table of a Pagano shot.
func printPaganoOdds(w io.Writer, out paganoOddsOutput) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if out.OutOfRange {
		fmt.Fprintf(tw, "%s fires at %s's %s at %g\" (out of range)\n", out.Firer, out.Target, out.Situation.Facing, out.Situation.Range)
		fmt.Fprintf(tw, "Out of range (Table 2's last band ends under %g\"): no shot, every chance is 0.\n", pagano.MaxRange)
		printPaganoRoll(tw, out)
		return tw.Flush()
	}
	fmt.Fprintf(tw, "%s fires at %s's %s at %g\"\n", out.Firer, out.Target, out.Situation.Facing, out.Situation.Range)
	mods := func(ms pagano.Mods) string {
		if len(ms) == 0 {
			return "none"
		}
		return fmt.Sprintf("%+d (%s)", ms.Sum(), ms)
	}
	fmt.Fprintf(tw, "To hit\td10 6+, modifiers %s\n", mods(out.HitMods))
	if out.EffectMods != nil {
		fmt.Fprintf(tw, "Fire effect\td10, modifiers %s\n", mods(out.EffectMods))
	} else {
		fmt.Fprintln(tw, "Fire effect\tunarmoured: wrecked by any hit")
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "Result\tPer shot\tGiven a hit")
	fmt.Fprintf(tw, "Hit\t%s\t\n", percent(out.Hit))
	for _, r := range []struct {
		name string
		p, g float64
	}{{"Deflected", out.Deflected, out.GivenHit.Deflected}, {"Stunned", out.Stunned, out.GivenHit.Stunned},
		{"Immobilized", out.Immobilized, out.GivenHit.Immobilized}, {"Wrecked", out.Wrecked, out.GivenHit.Wrecked}} {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.name, percent(r.p), percent(r.g))
	}
	printPaganoRoll(tw, out)
	return tw.Flush()
}

// printPaganoRoll writes --roll's d10s, if it was given.
func printPaganoRoll(w io.Writer, out paganoOddsOutput) {
	x := out.Roll
	if x == nil {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Rolled (seed %d)\n", *out.Seed)
	if x.HitRoll > 0 {
		fmt.Fprintf(w, "To hit\t%d: %d\n", x.HitRoll, x.HitTotal)
	}
	if x.EffectRoll > 0 {
		fmt.Fprintf(w, "Fire effect\t%d: %d\n", x.EffectRoll, x.EffectTotal)
	}
	if x.SubRoll > 0 {
		fmt.Fprintf(w, "Stun or immobilize\t%d\n", x.SubRoll)
	}
	if x.ErrantRoll > 0 {
		fmt.Fprintf(w, "Errant turn\t%d\n", x.ErrantRoll)
	}
	fmt.Fprintf(w, "Outcome\t%s\n", x.Outcome)
}
