package pagano

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/scenario"
)

// TestCheckScenarioUnitLists: independent and dug-in units must be the
// side's own, each listed once.
func TestCheckScenarioUnitLists(t *testing.T) {
	side := func(id, alliance string, p *SideParams, units ...string) *scenario.Side {
		p.Alliance = alliance
		co := scenario.Company{Name: "A"}
		for _, u := range units {
			co.Units = append(co.Units, scenario.UnitRef{ID: u})
		}
		return &scenario.Side{ID: id, Params: p, Forces: []scenario.Company{co}}
	}
	sc := &scenario.Scenario{Sides: []*scenario.Side{
		side("de", Axis, &SideParams{DugIn: []string{"de-1", "de-2", "de-1"}, Independent: []string{"de-2"}}, "de-1", "de-2"),
		side("us", Allied, &SideParams{Independent: []string{"us-1", "us-1", "de-1"}}, "us-1"),
	}}
	var got []string
	for _, p := range checkScenario(sc) {
		got = append(got, p.Msg)
	}
	want := []string{
		`side "de": dug-in unit "de-1" is listed twice`,
		`side "us": independent unit "us-1" is listed twice`,
		`side "us": independent unit "de-1" is not one of its units`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checkScenario problems (-want +got):\n%s", diff)
	}
}

// TestCheckScenarioArmourBattlesSetup: the scenario format's set-up
// options that only Armour Battles plays (reserves, hidden companies,
// placement rules, free set-up) are reported in a Pagano scenario, not
// ignored.
func TestCheckScenarioArmourBattlesSetup(t *testing.T) {
	ref := []scenario.UnitRef{{ID: "de-1"}}
	de := &scenario.Side{ID: "de", Params: &SideParams{Alliance: Axis}, FreeSetup: &scenario.FreeSetup{},
		Forces:   []scenario.Company{{Name: "A", Hidden: true, Placement: scenario.PlaceCover, Together: true, MayJoinReserves: true, Units: ref}},
		Reserves: []scenario.Company{{Name: "R", EarliestTurn: 2, Units: []scenario.UnitRef{{ID: "de-2"}}}}}
	us := &scenario.Side{ID: "us", Params: &SideParams{Alliance: Allied}, Forces: []scenario.Company{{Name: "B", Units: []scenario.UnitRef{{ID: "us-1"}}}}}
	var got []string
	for _, p := range checkScenario(&scenario.Scenario{Sides: []*scenario.Side{de, us}}) {
		got = append(got, p.Msg)
	}
	want := []string{
		`side "de": a free set-up is an Armour Battles rule; Pagano sides set up as listed`,
		`side "de": reserve "R": Pagano has no reserves; list the platoon under forces`,
		`side "de": company "A": hidden: Pagano has no hidden set-up (ruling D9)`,
		`side "de": company "A": placement: an Armour Battles set-up rule; Pagano platoons set up anywhere in the zone`,
		`side "de": company "A": together: an Armour Battles set-up rule`,
		`side "de": company "A": may_join_reserves: Pagano has no reserves`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checkScenario problems (-want +got):\n%s", diff)
	}
}

// TestCheckScenarioPreplacedInBuilding: a unit set up with at: where its
// footprint meets a building is reported, as a deployment there is
// refused (ruling P16); one beside the building is not.
func TestCheckScenarioPreplacedInBuilding(t *testing.T) {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	orig, err := cat.Scenario("pagano/battle-1")
	if err != nil {
		t.Fatal(err)
	}
	sc := *orig
	sc.Terrain = append(append([]scenario.TerrainSpec(nil), sc.Terrain...), scenario.TerrainSpec{Kind: "building", Name: "Farm", Polygon: [][2]float64{{30, 30}, {34, 30}, {34, 33}, {30, 33}}})
	de := *sc.Sides[0]
	de.Forces = append([]scenario.Company(nil), de.Forces...)
	units := append([]scenario.UnitRef(nil), de.Forces[0].Units...)
	units[0].At = &[2]float64{32, 31}
	units[1].At = &[2]float64{40, 31}
	de.Forces[0].Units = units
	sc.Sides = []*scenario.Side{&de, sc.Sides[1]}
	var got []string
	for _, p := range checkScenario(&sc) {
		got = append(got, p.Msg)
	}
	want := []string{fmt.Sprintf(`unit %q at [32, 31] would stand in building "Farm"; vehicles cannot enter buildings (ruling P16)`, units[0].ID)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checkScenario problems (-want +got):\n%s", diff)
	}
}

// TestRangeLabel: a range modifier's label reads to a tenth of an inch,
// unless that tenth would fall in another band.
func TestRangeLabel(t *testing.T) {
	for _, c := range []struct {
		d    float64
		want string
	}{{5.99, `range 5.99"`}, {6, `range 6.0"`}, {12.34, `range 12.3"`}, {5.96, `range 5.96"`}, {5.94, `range 5.9"`}} {
		if got := rangeLabel(c.d, EffectRangeMod); got != c.want {
			t.Errorf("rangeLabel(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// TestVictoryWithoutArmyMorale: Pagano keeps no army morale, so a scenario
// asking for army_morale_zero is told so, and one with no turn limit is
// fine: its battle ends when a side has nothing left in the fight (or at
// TurnCap).
func TestVictoryWithoutArmyMorale(t *testing.T) {
	src, err := os.ReadFile("../../../data/pagano/battle-1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const shipped = "victory: {army_morale_zero: false, turn_limit: 15, draw_at_turn_limit: true}"
	if !strings.Contains(string(src), shipped) {
		t.Fatalf("battle-1.yaml has no %q", shipped)
	}
	for _, c := range []struct{ victory, want string }{
		{"victory: {army_morale_zero: true}", "victory.army_morale_zero: pagano has no army morale; its battles end when a side has no unit left in the fight, or at the turn_limit"},
		{"victory: {turn_limit: 0}", ""},
	} {
		path := filepath.Join(t.TempDir(), "b.yaml")
		if err := os.WriteFile(path, []byte(strings.Replace(string(src), shipped, c.victory, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		got := scenario.Problems(scenario.Validate(path)).Error()
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: problems %q, want %q", c.victory, got, c.want)
		}
	}
}

// TestAllianceMissing: a side with no alliance is told it is missing, not
// that "" is not axis or allied.
func TestAllianceMissing(t *testing.T) {
	src, err := os.ReadFile("../../../data/pagano/battle-1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "b.yaml")
	if err := os.WriteFile(path, []byte(strings.Replace(string(src), "params: {alliance: allied}", "params: {}", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	ps := scenario.Validate(path)
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, `side "us": params.alliance is missing ("axis" or "allied")`) {
		t.Errorf("Validate = %v, want alliance missing", scenario.Problems(ps))
	}
}

// TestTrialSetUpFindsCrowdedZones: a zone with room for each vehicle on
// its own but not for both together is reported at the side (ruling
// P28); one just deep enough for both, packed from the back, is not.
func TestTrialSetUpFindsCrowdedZones(t *testing.T) {
	const src = `id: my/crowded
version: 1
rules: pagano
title: Crowded
table: {width: 48, height: 36}
sides:
  - id: german
    name: Germany
    edge: north
    deploy_order: 1
    params: {alliance: axis}
    zones:
      - {name: North, polygon: [[0, 30], [48, 30], [48, 36], [0, 36]]}
    forces:
      - company: Panzers
        units:
          - {id: de-1, type: panzer-iv-h}
  - id: us
    name: United States
    edge: south
    deploy_order: 2
    params: {alliance: allied}
    zones:
      - {name: South, polygon: [[0, 0], [0.5, 0], [0.5, DEPTH], [0, DEPTH]]}
    forces:
      - company: Tanks
        units:
          - {id: us-1, type: m4-75}
          - {id: us-2, type: m4-75}
victory: {army_morale_zero: false, turn_limit: 6, draw_at_turn_limit: true}
`
	for _, tc := range []struct{ depth, want string }{
		{"1.5", `18:5: side "us": a trial set-up, packing each vehicle into the deployment zones from the back, could not place every vehicle: there is no room left in us's deployment zones for us-2 (0.8×0.4"): no spot wholly inside a zone, clear of the vehicles already placed and of buildings; make the zones larger or set fewer vehicles up`},
		{"1.7", ""},
	} {
		path := filepath.Join(t.TempDir(), "crowded.yaml")
		if err := os.WriteFile(path, []byte(strings.ReplaceAll(src, "DEPTH", tc.depth)), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range scenario.Validate(path) {
			got = append(got, strings.TrimPrefix(p.String(), path+":"))
		}
		var want []string
		if tc.want != "" {
			want = []string{tc.want}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("zone %s\" deep: problems (-want +got):\n%s", tc.depth, diff)
		}
	}
}
