package scenario_test

import (
	"strings"
	"testing"

	_ "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
)

func TestEmbeddedLoads(t *testing.T) {
	c, err := scenario.Embedded()
	if err != nil {
		t.Fatalf("Embedded() error:\n%v", err)
	}
	if got := len(c.Units("armour-battles")); got != 11 {
		t.Errorf("len(Units(armour-battles)) = %d, want 11", got)
	}
	sc, err := c.Scenario("armour-battles/battle-1")
	if err != nil {
		t.Fatal(err)
	}
	count := func(id string) int {
		n := 0
		for _, co := range sc.Side(id).Forces {
			n += len(co.Units)
		}
		return n
	}
	if g, u := count("german"), count("us"); g != 7 || u != 9 {
		t.Errorf("battle-1 units: german %d, us %d; want 7, 9", g, u)
	}
	if _, err := c.Scenario("nope"); err == nil || !strings.Contains(err.Error(), "armour-battles/battle-1") {
		t.Errorf("Scenario(nope) error = %v, want it to list armour-battles/battle-1", err)
	}
}
