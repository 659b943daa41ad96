package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func runCompareCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return runCommand(newUnitsCompareCmd(), args...)
}

// TestUnitsCompare: the table's cells are the figures `odds --json` gives
// for the same shot, rows by firer and columns by target id; --json holds
// every cell in full.
func TestUnitsCompare(t *testing.T) {
	text, err := runCompareCmd(t, "--range", "12", "--flank", "--firers", "Panther,M5 Light Tank", "--targets", "M4 75mm,tiger-i")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], `armour-battles: each firer's shot at each target at 12" with --flank: Disruption Points a shot inflicts on average`) {
		t.Fatalf("printed:\n%s", text)
	}
	if f := strings.Fields(lines[1]); strings.Join(f, " ") != `firer \ target m4-75 tiger-i` {
		t.Errorf("heading %q", lines[1])
	}
	for _, c := range []struct {
		line          int
		firer, target string
	}{{2, "Panther", "M4 75mm"}, {2, "Panther", "tiger-i"}, {3, "m5", "M4 75mm"}, {3, "m5", "Tiger I"}} {
		o := oddsJSON(t, "--firer", c.firer, "--target", c.target, "--range", "12", "--flank")
		want := fmt.Sprintf("%.2f", o["expected_disruption"].(float64))
		cells := strings.Fields(lines[c.line])
		col := 0
		if strings.Contains(c.target, "iger") {
			col = 1
		}
		if got := cells[len(cells)-2+col]; got != want {
			t.Errorf("%s at %s: the table says %s, odds %s\n%s", c.firer, c.target, got, want, text)
		}
	}

	// A chance, and a shot out of range.
	text, err = runCompareCmd(t, "--range", "30", "--show", "disperse", "--firers", "Tiger I,m5", "--targets", "m4-75")
	if err != nil {
		t.Fatal(err)
	}
	o := oddsJSON(t, "--firer", "Tiger I", "--target", "m4-75", "--range", "30")
	if want := fmt.Sprintf("Tiger I %.1f%%", 100*o["p_dispersed"].(float64)); !strings.Contains(squeeze(text), want) || !strings.Contains(squeeze(text), "M5 Light Tank -") {
		t.Errorf("printed:\n%s\nwant %q and the M5 out of range", text, want)
	}

	// Pagano, and --json.
	js, err := runCompareCmd(t, "--rules", "pagano", "--range", "10", "--aspect", "side", "--json", "--firers", "T-34-85", "--targets", "Tiger I,m4-75")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Rules   string `json:"rules"`
		Range   float64
		Firers  []struct{ ID, Name string }
		Targets []struct{ ID, Name string }
		Cells   [][]map[string]any
	}
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatal(err)
	}
	po := oddsJSON(t, "--rules", "pagano", "--firer", "T-34-85", "--target", "Tiger I", "--range", "10", "--aspect", "side")
	if m.Rules != "pagano" || m.Range != 10 || len(m.Cells) != 1 || len(m.Cells[0]) != 2 || m.Targets[1].ID != "m4-75" || m.Firers[0].Name != "T-34-85" {
		t.Fatalf("--json: %s", js)
	}
	if got, want := m.Cells[0][0]["p_wrecked"], po["p_wrecked"]; got != want || got == nil {
		t.Errorf("--json cell's wrecked %v; odds %v", got, want)
	}
	text, err = runCompareCmd(t, "--rules", "pagano", "--range", "10", "--aspect", "side", "--firers", "T-34-85", "--targets", "Tiger I")
	if want := fmt.Sprintf("T-34-85 %.1f%%", 100*po["p_wrecked"].(float64)); err != nil || !strings.Contains(squeeze(text), want) || !strings.Contains(text, "with --aspect=side:") {
		t.Errorf("printed:\n%s (%v)\nwant %q", text, err, want)
	}
}

// squeeze collapses runs of spaces, so table rows read as words.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestUnitsCompareRefuses: bad flags give errors that name them.
func TestUnitsCompareRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{}, "missing --range"},
		{[]string{"--range", "12", "--aspect", "side"}, "--aspect is for --rules pagano"},
		{[]string{"--rules", "pagano", "--range", "12", "--flank"}, "--flank is an Armour Battles flag"},
		{[]string{"--rules", "chess", "--range", "12"}, `unknown --rules "chess"`},
		{[]string{"--range", "12", "--show", "wrecked"}, `--show: "wrecked" is not a figure of armour-battles`},
		{[]string{"--range", "12", "--moves", "4"}, "--moves must be 1, 2"},
		{[]string{"--range", "12", "--firers", "Firefly"}, `--firers: no unit type "Firefly"`},
		{[]string{"--range", "12", "--targets", "m7"}, "--targets: \"M7 Howitzer Motor Carriage\" is off-table artillery"},
		{[]string{"--rules", "pagano", "--range", "12", "--aspect", "top"}, `aspect: "top"`},
		{[]string{"--rules", "pagano", "--range", "12", "--firer-moving", "--firer-stationary"}, "cannot both be given"},
		{[]string{"--range", "12", "--target-dp", "3"}, "units compare: --target-dp: 0, 1 or 2"},
		{[]string{"--range", "-1"}, "units compare: --range: a distance of 0 inches or more, got -1"},
		{[]string{"--rules", "pagano", "--range", "12", "--aspect", ""}, "units compare: --aspect: missing"},
		{[]string{"--range", "12", "--firers", ""}, "--firers: no unit types given"},
		{[]string{"--range", "12", "--targets", ","}, "--targets: an empty name"},
		{[]string{"--units", "no-such-file.yaml", "--firers", "m7"}, "--units: no-such-file.yaml"},
	} {
		_, err := runCompareCmd(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("units compare %q: %v; want an error saying %q", c.args, err, c.says)
		}
	}
	// Off-table artillery alone needs no range, nor counts one; beside
	// vehicles, the heading says what does not count in its rows.
	for _, args := range [][]string{{"--firers", "m7", "--targets", "m4-75"}, {"--firers", "m7", "--targets", "m4-75", "--range", "12"}} {
		text, err := runCompareCmd(t, args...)
		if err != nil || !strings.Contains(text, "each target by fire for effect:") || strings.Contains(text, "Off-table artillery fires") {
			t.Errorf("artillery alone %q: %v\n%s", args, err, text)
		}
	}
	text, err := runCompareCmd(t, "--firers", "m7,Panther", "--targets", "m4-75", "--range", "12", "--moves", "2")
	if err != nil || !strings.Contains(text, `at 12" with --moves=2:`) || !strings.Contains(text, "Off-table artillery fires for effect: the range, --moves, --ambush, --flank, --cover and --uphill do not count in its rows.") {
		t.Errorf("artillery beside a Panther: %v\n%s", err, text)
	}
}
