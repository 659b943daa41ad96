package pagano

import (
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
