package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// runOddsCmd runs a fresh `odds` command in-process with args and returns
// its standard output.
func runOddsCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return runCommand(newOddsCmd(), args...)
}

// runCommand runs cmd with args, returning what it printed to stdout.
func runCommand(cmd *cobra.Command, args ...string) (string, error) {
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&bytes.Buffer{})
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	return out.String(), err
}

// oddsJSON runs `odds --json` and decodes the object into a map, so the
// test checks the field names as scripts see them.
func oddsJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, err := runOddsCmd(t, append([]string{"--json"}, args...)...)
	if err != nil {
		t.Fatalf("odds --json %q: %v", args, err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("odds --json %q printed %q: %v", args, out, err)
	}
	return m
}

// contractFields are the --json fields scripts rely on in both modes.
var contractFields = []string{"attack_dice", "attack_tn", "reaction_dice", "reaction_tn", "in_range",
	"p_disruption", "p_suppressed", "p_forced_back", "p_dispersed", "expected_disruption"}

func checkFields(t *testing.T, m map[string]any, want map[string]any) {
	t.Helper()
	for k, w := range want {
		got, ok := m[k]
		if !ok {
			t.Errorf("field %q missing from %v", k, m)
			continue
		}
		switch w := w.(type) {
		case float64:
			if g, ok := got.(float64); !ok || math.Abs(g-w) > 1e-12 {
				t.Errorf("%s = %v, want %v", k, got, w)
			}
		default:
			if got != w {
				t.Errorf("%s = %v, want %v", k, got, w)
			}
		}
	}
}

func TestOddsRegistered(t *testing.T) {
	c, _, err := rootCmd.Find([]string{"odds"})
	if err != nil || c.Name() != "odds" {
		t.Errorf("rootCmd.Find(odds) = %v, %v, want the odds command", c, err)
	}
}

func TestOddsExplicitJSON(t *testing.T) {
	m := oddsJSON(t, "--attack-dice", "6", "--attack-tn", "4", "--reaction-dice", "5", "--reaction-tn", "4", "--target-dp", "1")
	for _, f := range contractFields {
		if _, ok := m[f]; !ok {
			t.Errorf("field %q missing", f)
		}
	}
	// 6 v 5 dice, both at 4+: the sixth attack die breaks a tie as often
	// as not, so the attacker scores more successes (a point or more)
	// exactly half the time.
	checkFields(t, m, map[string]any{
		"attack_dice": 6.0, "attack_tn": 4.0, "reaction_dice": 5.0, "reaction_tn": 4.0, "in_range": true,
		"expected_disruption": 0.9267578125, "p_dispersed": 0.2744140625,
	})
	pd, _ := m["p_disruption"].([]any)
	if len(pd) != 7 || math.Abs(pd[0].(float64)-0.5) > 1e-12 {
		t.Errorf("p_disruption = %v, want 7 entries starting 0.5", m["p_disruption"])
	}
	for _, f := range []string{"firer", "target", "range", "band"} {
		if _, ok := m[f]; ok {
			t.Errorf("explicit mode printed situational field %q", f)
		}
	}
}

func TestOddsSituationalJSON(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want map[string]any
	}{
		{"Panzer IV H v M4 75mm at 12 inches",
			[]string{"--firer", "Panzer IV H", "--target", "M4 75mm", "--range", "12"},
			map[string]any{"firer": "Panzer IV H", "target": "M4 75mm", "range": 12.0, "band": "effective",
				"attack_dice": 8.0, "attack_tn": 4.0, "reaction_dice": 5.0, "reaction_tn": 4.0, "in_range": true}},
		{"short names, flank at short range, cover",
			[]string{"--firer", "puma", "--target", "StuG III", "--range", "7", "--flank", "--cover"},
			map[string]any{"firer": "SdKfz 234/2 Puma", "target": "Sturmgeschütz III", "band": "short",
				"attack_dice": 6.0, "attack_tn": 2.0, "reaction_dice": 7.0, "reaction_tn": 4.0}},
		{"sloped armour at the flank, suppressed, double move, wild dice",
			[]string{"--firer", "M4 76mm", "--target", "Panther", "--range", "20", "--flank", "--target-suppressed",
				"--moves", "2", "--attack-wild", "2", "--reaction-wild", "1", "--uphill", "--disengaging"},
			map[string]any{"band": "long", "attack_dice": 9.0, "attack_tn": 4.0, "reaction_dice": 10.0, "reaction_tn": 5.0}},
		{"ambush after a triple move",
			[]string{"--firer", "Tiger I", "--target", "M5", "--range", "40", "--moves", "3", "--ambush", "--break-off"},
			map[string]any{"band": "long", "attack_dice": 9.0, "attack_tn": 5.0, "reaction_dice": 7.0}},
		{"out of range",
			[]string{"--firer", "M5", "--target", "Tiger", "--range", "24.5"},
			map[string]any{"band": "out of range", "in_range": false, "p_suppressed": 0.0, "p_dispersed": 0.0, "expected_disruption": 0.0}},
		{"a unit type of one's own (--units)",
			[]string{"--firer", "Jumbo", "--target", "Panther", "--range", "10", "--units", "testdata/jumbo.yaml"},
			map[string]any{"firer": "M4A3E2 Jumbo", "target": "Panther Ausf G", "band": "effective", "attack_dice": 7.0}},
		{"artillery ignores range and cover",
			[]string{"--artillery", "--firer", "105L28 Howitzer", "--target", "M10", "--cover", "--target-dp", "2"},
			map[string]any{"firer": "105L28 Howitzer", "target": "M10 Tank Destroyer", "band": "artillery",
				"attack_dice": 4.0, "attack_tn": 4.0, "reaction_dice": 4.0, "reaction_tn": 4.0, "p_forced_back": 0.0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := oddsJSON(t, tt.args...)
			for _, f := range append(contractFields, "firer", "target", "range", "band") {
				if _, ok := m[f]; !ok {
					t.Errorf("field %q missing", f)
				}
			}
			checkFields(t, m, tt.want)
			var sum float64
			pd, _ := m["p_disruption"].([]any)
			for _, p := range pd {
				sum += p.(float64)
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("p_disruption %v sums to %v", pd, sum)
			}
		})
	}
}

func TestOddsSituationalMatchesExplicit(t *testing.T) {
	sit := oddsJSON(t, "--firer", "Panzer IV H", "--target", "M4 75mm", "--range", "12", "--target-dp", "1")
	exp := oddsJSON(t, "--attack-dice", "8", "--attack-tn", "4", "--reaction-dice", "5", "--reaction-tn", "4", "--target-dp", "1")
	for _, f := range []string{"p_suppressed", "p_forced_back", "p_dispersed", "expected_disruption"} {
		if sit[f] != exp[f] {
			t.Errorf("%s: situational %v, explicit %v", f, sit[f], exp[f])
		}
	}
	art := oddsJSON(t, "--artillery", "--attack-dice", "4", "--attack-tn", "4", "--reaction-dice", "5", "--reaction-tn", "4")
	direct := oddsJSON(t, "--attack-dice", "4", "--attack-tn", "4", "--reaction-dice", "5", "--reaction-tn", "4")
	if art["p_suppressed"].(float64) <= direct["p_suppressed"].(float64) {
		t.Errorf("--artillery p_suppressed %v, want more than direct fire's %v", art["p_suppressed"], direct["p_suppressed"])
	}
}

func TestOddsTable(t *testing.T) {
	out, err := runOddsCmd(t, "--firer", "Panzer IV H", "--target", "M4 75mm", "--range", "12")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`Panzer IV H fires at M4 75mm at 12" (effective range)`,
		"Attack    8 dice at 4+", "Reaction  5 dice at 4+",
		"Disruption taken  Probability", "8                    0.012%",
		"Suppressed", "Forced back", "Dispersed", "Expected disruption",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("odds table lacks %q:\n%s", want, out)
		}
	}
	out, err = runOddsCmd(t, "--firer", "M5", "--target", "Tiger", "--range", "30")
	if err != nil || !strings.Contains(out, "Out of range: the shot misses.") {
		t.Errorf("odds out of range = %q, %v, want a miss", out, err)
	}
}

func TestOddsErrors(t *testing.T) {
	dice := []string{"--attack-dice", "6", "--attack-tn", "4", "--reaction-dice", "5", "--reaction-tn", "4"}
	with := func(extra ...string) []string { return append(append([]string(nil), dice...), extra...) }
	pz := []string{"--firer", "Panzer IV H", "--target", "M4 75mm", "--range", "12"}
	sit := func(extra ...string) []string { return append(append([]string(nil), pz...), extra...) }
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"nothing", nil, []string{"no shot", "--attack-dice", "--firer"}},
		{"mixed modes", with("--firer", "Panzer IV H"), []string{"--attack-dice cannot be mixed with --firer", "give either"}},
		{"mixed modes, modifier", with("--flank"), []string{"cannot be mixed with --flank"}},
		{"mixed modes, unit file", with("--units", "testdata/jumbo.yaml"), []string{"--attack-dice cannot be mixed with --units"}},
		{"missing reaction TN", []string{"--attack-dice", "6", "--attack-tn", "4", "--reaction-dice", "5"}, []string{"missing --reaction-tn"}},
		{"zero dice", []string{"--attack-dice", "0", "--attack-tn", "4", "--reaction-dice", "5", "--reaction-tn", "4"}, []string{"--attack-dice must be between 1 and 100, got 0"}},
		{"negative dice", []string{"--attack-dice", "6", "--attack-tn", "4", "--reaction-dice=-2", "--reaction-tn", "4"}, []string{"--reaction-dice must be between 1 and 100, got -2"}},
		{"TN 8", []string{"--attack-dice", "6", "--attack-tn", "8", "--reaction-dice", "5", "--reaction-tn", "4"}, []string{"--attack-tn must be between 2 and 7, got 8"}},
		{"TN 1", []string{"--attack-dice", "6", "--attack-tn", "4", "--reaction-dice", "5", "--reaction-tn", "1"}, []string{"--reaction-tn must be between 2 and 7, got 1"}},
		{"target DP 3", with("--target-dp", "3"), []string{"--target-dp must be 0, 1 or 2", "got 3"}},
		{"target DP -1", sit("--target-dp=-1"), []string{"--target-dp must be 0, 1 or 2", "got -1"}},
		{"unknown firer", []string{"--firer", "Tigger", "--target", "M4 75mm", "--range", "3"},
			[]string{`unknown --firer "Tigger"`, "Tiger I", "Sturmgeschütz III", "SdKfz 234/2 Puma", "105L28 Howitzer"}},
		{"a unit of the other rules", []string{"--firer", "T-34-85", "--target", "M4 75mm", "--range", "3"}, []string{`unknown --firer "T-34-85" in armour-battles ("T-34-85" is a unit of pagano: add --rules pagano)`}},
		{"unknown target", []string{"--firer", "Tiger", "--target", "Sherman Firefly", "--range", "3"}, []string{`unknown --target "Sherman Firefly"`, "M4 76mm"}},
		{"missing target", []string{"--firer", "Tiger", "--range", "3"}, []string{"missing --target"}},
		{"missing firer", []string{"--target", "Tiger", "--range", "3"}, []string{"missing --firer"}},
		{"missing range", []string{"--firer", "Tiger", "--target", "M4 75mm"}, []string{"missing --range"}},
		{"negative range", []string{"--firer", "Tiger", "--target", "M4 75mm", "--range=-1"}, []string{"--range must be a distance", "got -1"}},
		{"range with an underscore", []string{"--firer", "Tiger", "--target", "M4 75mm", "--range", "1_2"}, []string{`invalid argument "1_2" for "--range" flag: want a number such as 12 or 7.5, got "1_2"`}},
		{"range in hexadecimal", []string{"--firer", "Tiger", "--target", "M4 75mm", "--range", "0x1p3"}, []string{`"--range" flag: want a number`}},
		{"range of infinity", []string{"--firer", "Tiger", "--target", "M4 75mm", "--range", "inf"}, []string{`"--range" flag: want a number`, `got "inf"`}},
		{"range out of float range", []string{"--firer", "Tiger", "--target", "M4 75mm", "--range", "1e999"}, []string{`"--range" flag: want a number, and "1e999" is out of range`}},
		{"moves 4", sit("--moves", "4"), []string{"--moves must be 1, 2 (double move) or 3 (triple move), got 4"}},
		{"moves 0", sit("--moves", "0"), []string{"--moves must be 1, 2", "got 0"}},
		{"attack wild 3", sit("--attack-wild", "3"), []string{"--attack-wild must be 0, 1 or 2, got 3"}},
		{"reaction wild -1", sit("--reaction-wild=-1"), []string{"--reaction-wild must be 0, 1 or 2, got -1"}},
		{"break-off without the ability", []string{"--firer", "Tiger", "--target", "M4 75mm", "--range", "10", "--break-off"}, []string{`--break-off: the target "M4 75mm" has no break-off ability (its special rules: none)`}},
		{"scoot without the ability", []string{"--firer", "Tiger", "--target", "M5", "--range", "10", "--scoot"}, []string{`--scoot: the target "M5 Light Tank" has no shoot-and-scoot ability (its special rules: break-off)`}},
		{"break-off and scoot", sit("--break-off", "--scoot"), []string{"--break-off and --scoot cannot be combined", "at most one of --break-off, --disengaging, --scoot"}},
		{"artillery direct fire", []string{"--firer", "M7", "--target", "Tiger", "--range", "10"}, []string{`"M7 Howitzer Motor Carriage" is off-table artillery`, "--artillery"}},
		{"tank as artillery", []string{"--artillery", "--firer", "Tiger", "--target", "M4 75mm"}, []string{"--artillery needs off-table artillery", "105L28 Howitzer, M7 Howitzer Motor Carriage", `got "Tiger I"`}},
		{"fire at artillery", []string{"--firer", "Tiger", "--target", "M7", "--range", "10"}, []string{"cannot be fired on", "M4 75mm"}},
		{"moving artillery", []string{"--artillery", "--firer", "M7", "--target", "Tiger", "--moves", "2"}, []string{"neither moves nor fires from ambush"}},
		{"another ruleset's unit file", []string{"--units", "../../data/pagano/units.yaml", "--firer", "Panther", "--target", "M4 75mm", "--range", "12"}, []string{"--units ../../data/pagano/units.yaml: its unit types are for pagano, not armour-battles: none of them can be used here (--rules pagano)"}},
		{"pagano ambush at a stationary target", []string{"--rules", "pagano", "--firer", "Panzer IV", "--target", "M4 75mm", "--aspect", "front", "--range", "5", "--ambush", "--target-stationary"}, []string{"--ambush and --target-stationary cannot both be given", "ruling P18"}},
		{"hedgerow under armour battles", sit("--hedgerow"), []string{"--hedgerow"}},
		{"arguments", append(with(), "extra"), []string{"unknown command"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runOddsCmd(t, tt.args...)
			if err == nil {
				t.Fatalf("odds %q succeeded with %q, want an error", tt.args, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("odds %q error = %q, want it to contain %q", tt.args, err, w)
				}
			}
		})
	}
}

// paganoOddsFields are exactly the fields of `odds --rules pagano --json`:
// the odds (the first six; given_hit holds the four before it), then the
// situation and its modifiers.
var paganoOddsFields = []string{"p_hit", "p_deflected", "p_stunned", "p_immobilized", "p_wrecked", "given_hit",
	"firer", "target", "range", "aspect", "in_range", "hit_modifiers", "effect_modifiers"}

func checkExactKeys(t *testing.T, m map[string]any, want []string) {
	t.Helper()
	if len(m) != len(want) {
		t.Errorf("fields %v, want exactly %v", m, want)
	}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("field %q missing from %v", k, m)
		}
	}
}

// The text's Hit Effect example: a T-34-85 hits a Tiger I on its side at
// 10": +1 range (6-14"), +1 85mm, +1 L, -2 Tiger side = net +1, so a 6 or
// more of the d10 (7 after the +1) wrecks it: 5 in 10 given a hit; a 5
// (6 after) stuns or immobilizes.
func TestOddsPaganoT3485HitsTigerSide(t *testing.T) {
	m := oddsJSON(t, "--rules", "pagano", "--firer", "T-34-85", "--target", "Tiger I", "--range", "10", "--aspect", "side")
	checkExactKeys(t, m, paganoOddsFields)
	g, ok := m["given_hit"].(map[string]any)
	if !ok {
		t.Fatalf("given_hit = %v, want an object", m["given_hit"])
	}
	checkExactKeys(t, g, paganoOddsFields[1:5])
	checkFields(t, g, map[string]any{"p_wrecked": 0.5, "p_deflected": 0.4, "p_stunned": 0.05, "p_immobilized": 0.05})
	checkFields(t, m, map[string]any{"firer": "T-34-85", "target": "Tiger I", "range": 10.0, "aspect": "side", "in_range": true})
	if mods, _ := m["effect_modifiers"].([]any); len(mods) != 4 {
		t.Errorf("effect_modifiers = %v, want the four of the example (range, 85mm, L, side armour)", m["effect_modifiers"])
	}

	// The same figures from the ruleset's own Table 3 functions.
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	t34, err1 := cat.UnitType(pagano.Name, "T-34-85")
	tiger, err2 := cat.UnitType(pagano.Name, "Tiger I")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	sit, _, err := pagano.UnitSituation(t34, tiger, pagano.Situation{Range: 10, Facing: geom.Side})
	if err != nil {
		t.Fatal(err)
	}
	if em := pagano.EffectMods(sit); em.Sum() != 1 {
		t.Errorf("effect modifiers %v, net %+d; the text's example nets +1", em, em.Sum())
	}
	if want := pagano.EffectChances(pagano.EffectMods(sit).Sum()).Wrecked; g["p_wrecked"] != want {
		t.Errorf("given_hit.p_wrecked = %v, the ruleset's Table 3 gives %v", g["p_wrecked"], want)
	}
	// To hit: 10" is the 8-12" band (0), both stopped, Russian -1: 7+ on
	// the d10, 4 in 10; the per-shot figures are the products.
	checkFields(t, m, map[string]any{"p_hit": 0.4, "p_wrecked": 0.2, "p_deflected": 0.16, "p_stunned": 0.02, "p_immobilized": 0.02})
}

// TestOddsPaganoOutOfRange: at or beyond the end of Table 2's last band
// (84") there is no shot. Like Armour Battles' odds out of range, that is
// an answer (exit 0, every chance 0, in_range false), not an error.
func TestOddsPaganoOutOfRange(t *testing.T) {
	base := []string{"--rules", "pagano", "--firer", "T-34-85", "--target", "Tiger I", "--aspect", "side"}
	for _, rng := range []string{"84", "1000"} {
		m := oddsJSON(t, append(base, "--range", rng)...)
		checkExactKeys(t, m, paganoOddsFields)
		checkFields(t, m, map[string]any{"in_range": false, "p_hit": 0.0, "p_wrecked": 0.0, "p_deflected": 0.0})
		out, err := runOddsCmd(t, append(base, "--range", rng)...)
		if err != nil || !strings.Contains(out, "(out of range)") || !strings.Contains(out, "no shot") {
			t.Errorf("odds --range %s: %v, output %q; want it to say out of range, no shot", rng, err, out)
		}
	}
	// Just inside the band there is a shot.
	m := oddsJSON(t, append(base, "--range", "83.9", "--firer-stationary", "--target-stationary")...)
	if m["in_range"] != true || m["p_hit"].(float64) <= 0 {
		t.Errorf("odds at 83.9\": in_range %v, p_hit %v; want a shot", m["in_range"], m["p_hit"])
	}
}

func TestOddsPaganoModifiers(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		hit  float64
	}{
		// Panzer IV (75L) at a stopped M4 at 5": +1 range, 6+ less 1: 5+ = 6 in 10.
		{"plain", []string{"--range", "5"}, 0.6},
		// Stationary firer +2, stationary target +1: 2+ (a natural 1 misses) = 9 in 10.
		{"stationary", []string{"--range", "5", "--firer-stationary", "--target-stationary"}, 0.9},
		// Moving firer -3, moving target -2: 10+ needs 6 - 1 + 5 = 10: 1 in 10.
		{"moving", []string{"--range", "5", "--firer-moving", "--target-moving"}, 0.1},
		// Hull-down -2, woods -2, hedge -1 at 30" (-3 range, +1 L over 26").
		{"cover", []string{"--range", "30", "--hull-down", "--woods", "--hedge", "--firer-stationary"}, 0},
		// Ambush fire is at a moving target (-2, ruling P18), and over 6"
		// takes -1 more: 6+ less 1 for range, plus 3, is 8+: 3 in 10.
		{"ambush", []string{"--range", "7", "--ambush"}, 0.3},
		{"ambush close", []string{"--range", "6", "--ambush"}, 0.4},
		{"ambush, target moving said", []string{"--range", "6", "--ambush", "--target-moving"}, 0.4},
		// A hedgerow crossed near a hull: -2 (ruling P12): 7+ = 4 in 10.
		{"hedgerow", []string{"--range", "5", "--hedgerow"}, 0.4},
		{"hedge and hedgerow", []string{"--range", "5", "--hedge", "--hedgerow"}, 0.3},
	} {
		args := append([]string{"--rules", "pagano", "--firer", "Panzer IV", "--target", "M4 75mm", "--aspect", "front"}, c.args...)
		m := oddsJSON(t, args...)
		if got := m["p_hit"].(float64); math.Abs(got-c.hit) > 1e-12 {
			t.Errorf("%s: p_hit = %v, want %v", c.name, got, c.hit)
		}
		// Per-shot effects sum to the hit chance.
		sum := m["p_deflected"].(float64) + m["p_stunned"].(float64) + m["p_immobilized"].(float64) + m["p_wrecked"].(float64)
		if math.Abs(sum-c.hit) > 1e-9 {
			t.Errorf("%s: effects sum to %v, want p_hit %v", c.name, sum, c.hit)
		}
	}
	// Rear hits are worse for the target than front hits.
	front := oddsJSON(t, "--rules", "pagano", "--firer", "M4 75mm", "--target", "Panther", "--range", "20", "--aspect", "front")
	rear := oddsJSON(t, "--rules", "pagano", "--firer", "M4 75mm", "--target", "Panther", "--range", "20", "--aspect", "rear")
	fw := front["given_hit"].(map[string]any)["p_wrecked"].(float64)
	rw := rear["given_hit"].(map[string]any)["p_wrecked"].(float64)
	if fw != 0 || rw != 0.4 {
		t.Errorf("M4 75 v Panther at 20\": wrecked given a hit front %v rear %v, want 0 and 0.4", fw, rw)
	}
}

func TestOddsPaganoText(t *testing.T) {
	out, err := runOddsCmd(t, "--rules", "pagano", "--firer", "T-34-85", "--target", "Tiger I", "--range", "10", "--aspect", "side")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"T-34-85 fires at Tiger I's side", "+1 85mm gun", "-2 side armour", "Wrecked", "50.000%"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestOddsPaganoErrors(t *testing.T) {
	base := []string{"--rules", "pagano", "--firer", "T-34-85", "--target", "Tiger I"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(base, "--range", "10"), "missing --aspect"},
		{append(base, "--aspect", "side"), "missing --range"},
		{[]string{"--rules", "pagano", "--target", "Tiger I", "--range", "10", "--aspect", "side"}, "missing --firer"},
		{append(base, "--range", "10", "--aspect", "top"), `--aspect "top"`},
		{append(base, "--range", "84"), "missing --aspect"}, // out of range is an answer, but the question must be whole
		{append(base, "--range", "-1", "--aspect", "side"), "0 inches or more"},
		{append(base, "--range", "10", "--aspect", "side", "--firer-moving", "--firer-stationary"), "cannot both"},
		{append(base, "--range", "10", "--aspect", "side", "--target-moving", "--target-stationary"), "cannot both"},
		{append(base, "--range", "10", "--aspect", "side", "--flank"), "--flank is an Armour Battles flag"},
		{append(base, "--range", "10", "--aspect", "side", "--attack-dice", "3"), "--attack-dice is an Armour Battles flag"},
		{[]string{"--rules", "pagano", "--firer", "Nashorn", "--target", "Tiger I", "--range", "10", "--aspect", "side"}, `unknown --firer "Nashorn"`},
		{[]string{"--firer", "Panzer IV H", "--target", "M4 75mm", "--range", "12", "--aspect", "side"}, "--aspect is for --rules pagano"},
		{[]string{"--firer", "Panzer IV H", "--target", "M4 75mm", "--range", "12", "--hull-down"}, "--hull-down is for --rules pagano"},
		{[]string{"--rules", "chess", "--firer", "Panzer IV H"}, `unknown --rules "chess"`},
		{[]string{"--rules", "Chess", "--firer", "Panzer IV H"}, `unknown --rules "Chess"`},
	} {
		_, err := runOddsCmd(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("odds %q: error %v, want one containing %q", c.args, err, c.want)
		}
	}
}

// TestOddsRulesAnyCase: --rules is taken in any letter case, as units
// --rules takes it.
func TestOddsRulesAnyCase(t *testing.T) {
	lower, err := run(t, "odds", "--rules", "pagano", "--firer", "T-34-85", "--target", "Tiger I", "--range", "10", "--aspect", "side")
	if err != nil {
		t.Fatal(err)
	}
	upper, err := run(t, "odds", "--rules", " Pagano", "--firer", "T-34-85", "--target", "Tiger I", "--range", "10", "--aspect", "side")
	if err != nil || upper != lower {
		t.Errorf("odds --rules Pagano: %v\n%s\nwant what --rules pagano prints:\n%s", err, upper, lower)
	}
}
