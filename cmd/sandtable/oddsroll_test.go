package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestOddsRoll: `odds --roll --seed S` rolls the shot from S as the
// calculator's API does (odds.Roll), prints the roll after the odds, and
// adds "seed" and "roll" to --json without changing the odds' fields; a
// drawn seed is printed and rolls the same dice again.
func TestOddsRoll(t *testing.T) {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	decode := func(args ...string) (json.RawMessage, uint64, map[string]any) {
		t.Helper()
		out, err := runOddsCmd(t, append([]string{"--json", "--roll"}, args...)...)
		if err != nil {
			t.Fatalf("odds %q: %v", args, err)
		}
		var v struct {
			Seed uint64          `json:"seed"`
			Roll json.RawMessage `json:"roll"`
		}
		var m map[string]any
		if json.Unmarshal([]byte(out), &v) != nil || json.Unmarshal([]byte(out), &m) != nil {
			t.Fatalf("odds %q printed %s", args, out)
		}
		return v.Roll, v.Seed, m
	}
	for seed := uint64(1); seed <= 20; seed++ {
		s := []string{"--seed", jsonNumber(seed)}
		roll, got, m := decode(append([]string{"--firer", "Panther", "--target", "M4 75mm", "--range", "12", "--target-dp", "1", "--flank"}, s...)...)
		want, err := odds.Roll(cat, odds.Question{Rules: ab.Name, Firer: "Panther", Target: "M4 75mm", Range: 12, HasRange: true, TargetDP: 1, Flank: true}, seed)
		if err != nil {
			t.Fatal(err)
		}
		var r ab.ShotRoll
		json.Unmarshal(roll, &r)
		if d := cmp.Diff(want.Roll, r); d != "" || got != seed {
			t.Fatalf("seed %d (printed %d): the CLI's roll against the API's (-api +cli):\n%s", seed, got, d)
		}
		for _, f := range contractFields {
			if _, ok := m[f]; !ok {
				t.Errorf("--roll --json lost the field %q", f)
			}
		}

		roll, _, _ = decode(append([]string{"--rules", "pagano", "--firer", "T-34-85", "--target", "Tiger I", "--range", "10", "--aspect", "side", "--target-moving"}, s...)...)
		want, err = odds.Roll(cat, odds.Question{Rules: pagano.Name, Firer: "T-34-85", Target: "Tiger I", Range: 10, HasRange: true, Aspect: "side", TargetMotion: "moving"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		var pr pagano.ShotRoll
		json.Unmarshal(roll, &pr)
		if d := cmp.Diff(want.Roll, pr); d != "" {
			t.Fatalf("seed %d: the CLI's Pagano roll against the API's (-api +cli):\n%s", seed, d)
		}
	}

	// A drawn seed, printed, rolls the same dice again.
	text, err := runOddsCmd(t, "--firer", "Panther", "--target", "M4 75mm", "--range", "12", "--roll")
	if err != nil {
		t.Fatal(err)
	}
	var seed uint64
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "Rolled (seed ") {
			seed = parseUint(t, strings.TrimSuffix(strings.TrimPrefix(line, "Rolled (seed "), ")"))
		}
	}
	again, err := runOddsCmd(t, "--firer", "Panther", "--target", "M4 75mm", "--range", "12", "--roll", "--seed", jsonNumber(seed))
	if err != nil || again != text {
		t.Errorf("a drawn seed's roll:\n%s\nrolled again by its seed:\n%s (%v)", text, again, err)
	}
	want := ab.RollShot(ab.ShotDice{AttackDice: 9, AttackTN: 4, ReactionDice: 5, ReactionTN: 4, InRange: true}, 0, dice.NewPCG(seed))
	if !hasRow(text, "Outcome", want.Outcome) || !hasRow(text, "Attack", facesText(want.Attack)+":", "prefix") {
		t.Errorf("seed %d: printed\n%s\nwant the attack %s and the outcome %q", seed, text, facesText(want.Attack), want.Outcome)
	}

	// Out of range, the seed and the outcome are printed all the same,
	// and no dice.
	far, err := runOddsCmd(t, "--firer", "Panther", "--target", "M4 75mm", "--range", "200", "--roll", "--seed", "5")
	if err != nil {
		t.Fatal(err)
	}
	farRoll := ab.RollShot(ab.ShotDice{}, 0, dice.NewPCG(5))
	if !strings.Contains(far, "Rolled (seed 5)\n") || !hasRow(far, "Outcome", farRoll.Outcome) || hasRow(far, "Attack", "", "prefix") {
		t.Errorf("an out-of-range shot rolled from seed 5 printed\n%s\nwant the seed, the outcome %q and no attack dice", far, farRoll.Outcome)
	}

	if _, err := runOddsCmd(t, "--firer", "Panther", "--target", "M4 75mm", "--range", "12", "--seed", "3"); err == nil || !strings.Contains(err.Error(), "--seed is the seed of --roll's dice") {
		t.Errorf("--seed without --roll: %v", err)
	}
	if out, _ := runOddsCmd(t, "--json", "--firer", "Panther", "--target", "M4 75mm", "--range", "12"); strings.Contains(out, `"roll"`) || strings.Contains(out, `"seed"`) {
		t.Errorf("without --roll the JSON has a roll: %s", out)
	}
}

func jsonNumber(n uint64) string { b, _ := json.Marshal(n); return string(b) }

func parseUint(t *testing.T, s string) uint64 {
	t.Helper()
	var n uint64
	if err := json.Unmarshal([]byte(s), &n); err != nil {
		t.Fatalf("not a seed: %q", s)
	}
	return n
}

// hasRow reports whether text has a line of a table row starting with
// name whose rest, spaces trimmed, is want (or, with prefix set, starts
// with it).
func hasRow(text, name, want string, prefix ...string) bool {
	for _, line := range strings.Split(text, "\n") {
		rest, ok := strings.CutPrefix(line, name+" ")
		if !ok {
			continue
		}
		rest = strings.TrimSpace(rest)
		if rest == want || len(prefix) > 0 && strings.HasPrefix(rest, want) {
			return true
		}
	}
	return false
}
