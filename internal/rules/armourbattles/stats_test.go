package armourbattles

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/scenario"
)

// TestShippedUnitStats checks the shipped unit file against the rulebook's
// unit statistics (Armour Battles, US Units and German Units).
func TestShippedUnitStats(t *testing.T) {
	c, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		stats   UnitStats
		special []string
		length  float64
	}
	tests := map[string]want{
		"m4-75":           {UnitStats{Class: ClassMediumAFV, Move: MoveAverage, Reaction: 5, Weapon: "75L38 gun", Range: []int{7, 14, 28}, AT: 7}, nil, 2.5},
		"m4-76":           {UnitStats{Class: ClassMediumAFV, Move: MoveAverage, Reaction: 5, Weapon: "76L52 gun", Range: []int{8, 16, 32}, AT: 8}, nil, 2.5},
		"m5":              {UnitStats{Class: ClassLightAFV, Move: MoveFast, Reaction: 5, Weapon: "37L53 gun", Range: []int{6, 12, 24}, AT: 5}, []string{BreakOff}, 2.0},
		"m10":             {UnitStats{Class: ClassMediumAFV, Move: MoveAverage, Reaction: 5, ReactionArtillery: 4, Weapon: "76L52 gun", Range: []int{8, 16, 32}, AT: 8}, []string{ShootAndScoot, BreakOff, OpenTopped}, 2.5},
		"m7":              {UnitStats{Class: ClassOffTableArtillery, Weapon: "105mm howitzer", AT: 4}, []string{ArtillerySuppression}, 0},
		"tiger-i":         {UnitStats{Class: ClassHeavyAFV, Move: MoveAverage, Reaction: 7, Weapon: "88L56 gun", Range: []int{10, 20, 40}, AT: 10}, []string{PoorReliability}, 2.75},
		"panther-g":       {UnitStats{Class: ClassMediumAFV, Move: MoveAverage, Reaction: 7, ReactionFlank: 6, ReactionArtillery: 6, Weapon: "75L70 gun", Range: []int{9, 18, 36}, AT: 9}, []string{SlopedArmour}, 2.5},
		"panzer-iv-h":     {UnitStats{Class: ClassMediumAFV, Move: MoveAverage, Reaction: 5, Weapon: "75L48 gun", Range: []int{8, 16, 32}, AT: 8}, nil, 2.5},
		"stug-iii":        {UnitStats{Class: ClassMediumAFV, Move: MoveAverage, Reaction: 6, ReactionArtillery: 5, Weapon: "75L48 gun", Range: []int{8, 16, 32}, AT: 8, FireArc: 180}, []string{LowProfile}, 2.5},
		"sdkfz-234-2":     {UnitStats{Class: ClassLightAFV, Move: MoveFast, Reaction: 4, Weapon: "50L60 gun", Range: []int{7, 14, 28}, AT: 6}, []string{Recon, BreakOff}, 2.0},
		"105l28-howitzer": {UnitStats{Class: ClassOffTableArtillery, Weapon: "105L28 howitzer", AT: 4}, []string{ArtillerySuppression}, 0},
	}
	units := c.Units(Name)
	if len(units) != len(tests) {
		t.Errorf("%d unit types, want %d", len(units), len(tests))
	}
	for _, u := range units {
		w, ok := tests[u.ID]
		if !ok {
			t.Errorf("unexpected unit type %q", u.ID)
			continue
		}
		s, ok := u.Stats.(*UnitStats)
		if !ok {
			t.Fatalf("%s: Stats is %T, want *UnitStats", u.ID, u.Stats)
		}
		if diff := cmp.Diff(w.stats, *s); diff != "" {
			t.Errorf("%s stats (-want +got):\n%s", u.ID, diff)
		}
		if diff := cmp.Diff(w.special, u.Special); diff != "" {
			t.Errorf("%s special (-want +got):\n%s", u.ID, diff)
		}
		if u.Footprint.Length != w.length {
			t.Errorf("%s footprint length = %v, want %v", u.ID, u.Footprint.Length, w.length)
		}
	}
}

func TestBattle1Params(t *testing.T) {
	c, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := c.Scenario("armour-battles/battle-1")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]SideParams{
		"german": {CommandDice: 3, StaffOrders: 2, RallyDice: 4, ArmyMorale: 7},
		"us":     {CommandDice: 4, StaffOrders: 2, RallyDice: 4, ArmyMorale: 9},
	}
	for id, w := range want {
		sd := sc.Side(id)
		if sd == nil {
			t.Fatalf("no side %q", id)
		}
		if got := *sd.Params.(*SideParams); got != w {
			t.Errorf("side %s params = %+v, want %+v", id, got, w)
		}
	}
	if p := sc.Params.(*ScenarioParams); p.FirstPulse != "roll" {
		t.Errorf("first_pulse = %q, want roll", p.FirstPulse)
	}
}

func TestCheckScenarioParams(t *testing.T) {
	sc := &scenario.Scenario{
		Sides: []*scenario.Side{
			{ID: "a", Params: &SideParams{CommandDice: 0, StaffOrders: 2, RallyDice: 4, ArmyMorale: 7}},
			{ID: "b", Params: &SideParams{CommandDice: 2, StaffOrders: 3, RallyDice: 4, ArmyMorale: 7}},
			// A one-line slip that would have a roll fill the memory.
			{ID: "c", Params: &SideParams{CommandDice: 1_000_000_000, StaffOrders: 1, RallyDice: 101, ArmyMorale: 1 << 62, ArtilleryResponseDice: MaxDice + 1}},
			{ID: "d", Params: &SideParams{CommandDice: MaxDice, StaffOrders: MaxDice, RallyDice: MaxDice, ArmyMorale: MaxArmyMorale, ArtilleryResponseDice: MaxDice}},
		},
		Params: &ScenarioParams{FirstPulse: "e"},
	}
	got := checkScenario(sc)
	var msgs []string
	for _, p := range got {
		msgs = append(msgs, p.Msg)
	}
	want := []string{
		`side "a": command_dice must be between 1 and 100, got 0`,
		`side "b": staff_orders 3 exceeds command_dice 2 (a battle group stores at most as many Staff Orders as it has Command Dice)`,
		`side "c": command_dice must be between 1 and 100, got 1000000000`,
		`side "c": rally_dice must be between 1 and 100, got 101`,
		`side "c": army_morale must be between 1 and 10000, got 4611686018427387904`,
		`side "c": artillery_response_dice must be between 0 and 100, got 101`,
		`first_pulse "e" is not one of "roll", "a", "b", "c", "d"`,
	}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("checkScenario problems (-want +got):\n%s", diff)
	}
}

// TestCheckUnitDiceBounds checks that a unit's dice are kept between their
// least and their most, both ends included.
func TestCheckUnitDiceBounds(t *testing.T) {
	ok := UnitStats{Class: ClassMediumAFV, Move: MoveAverage, Reaction: 5, Weapon: "75L48 gun", Range: []int{8, 16, 32}, AT: 8}
	unit := func(s UnitStats) *scenario.UnitType {
		u := &scenario.UnitType{ID: "t", Stats: &s}
		u.Footprint.Length, u.Footprint.Width = 2.5, 1.5
		return u
	}
	tests := []struct {
		name string
		edit func(*UnitStats)
		want []string
	}{
		{"as shipped", func(*UnitStats) {}, nil},
		{"at the most", func(s *UnitStats) {
			s.AT, s.Reaction, s.ReactionFlank, s.ReactionArtillery = MaxDice, MaxDice, MaxDice, MaxDice
		}, nil},
		{"at 0", func(s *UnitStats) { s.AT = 0 }, []string{"at must be between 1 and 100, got 0"}},
		{"at a billion", func(s *UnitStats) { s.AT = 1_000_000_000 }, []string{"at must be between 1 and 100, got 1000000000"}},
		{"reaction 101", func(s *UnitStats) { s.Reaction = MaxDice + 1 }, []string{"reaction must be between 1 and 100, got 101"}},
		{"flank and artillery", func(s *UnitStats) { s.ReactionFlank, s.ReactionArtillery = -1, 1<<40 }, []string{
			"reaction_flank must be between 0 and 100, got -1",
			"reaction_artillery must be between 0 and 100, got 1099511627776",
		}},
	}
	for _, tc := range tests {
		s := ok
		tc.edit(&s)
		var got []string
		for _, p := range checkUnit(unit(s)) {
			got = append(got, p.Msg)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: problems (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestHiddenArtilleryCompany: off-table artillery is never on the table,
// so a hidden company holding it is a mistake in the file.
func TestHiddenArtilleryCompany(t *testing.T) {
	sc := *battle(t, "armour-battles/battle-2")
	if ps := checkScenario(&sc); len(ps) != 0 {
		t.Fatalf("battle 2 as shipped: %v", ps)
	}
	sides := make([]*scenario.Side, len(sc.Sides))
	for i, sd := range sc.Sides {
		c := *sd
		c.Forces = append([]scenario.Company(nil), sd.Forces...)
		for j := range c.Forces {
			if c.Forces[j].Name == "Off-Table Artillery" {
				c.Forces[j].Hidden = true
			}
		}
		sides[i] = &c
	}
	sc.Sides = sides
	var got []string
	for _, p := range checkScenario(&sc) {
		got = append(got, p.Msg)
	}
	if len(got) != 2 {
		t.Fatalf("hidden artillery companies: %q, want one problem a side", got)
	}
	for _, m := range got {
		if !strings.Contains(m, `company "Off-Table Artillery" is hidden, but`) || !strings.Contains(m, "is off-table artillery") {
			t.Errorf("problem %q does not name the hidden artillery", m)
		}
	}
}
