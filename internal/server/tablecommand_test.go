package server_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/dice"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/server"
)

// TestTablesideCommand asks GET /api/command for the start of a turn on a
// real table: from a scenario (its command dice, side names and first
// pulse) or from counts, rolled as ab.RollCommand rolls it from the seed.
func TestTablesideCommand(t *testing.T) {
	e := newEnv(t, server.Config{})
	type answer struct {
		Seed     uint64         `json:"seed"`
		Scenario string         `json:"scenario"`
		Sides    [2]string      `json:"sides"`
		Dice     [2]int         `json:"command_dice"`
		Staff    *[2]int        `json:"staff_orders"`
		Morale   *[2]int        `json:"army_morale"`
		Roll     ab.CommandRoll `json:"roll"`
	}
	ask := func(query string) answer {
		t.Helper()
		r := e.do("GET", "/api/command?"+query, "", nil)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", query, r.status, r.body)
		}
		var a answer
		r.decode(t, &a)
		return a
	}
	us := [2]string{"Germany", "United States"}
	for seed := uint64(1); seed <= 40; seed++ {
		s := strconv.FormatUint(seed, 10)
		for _, c := range []struct {
			query string
			dice  [2]int
			sides [2]string
			first int
		}{
			{"scenario=armour-battles/battle-1&seed=" + s, [2]int{3, 4}, us, -1},
			{"scenario=armour-battles/battle-2&seed=" + s, [2]int{4, 5}, us, 1},
			{"dice=2,6&sides=Red,Blue&first=Red&seed=" + s, [2]int{2, 6}, [2]string{"Red", "Blue"}, 0},
			{"dice=3,3&seed=" + s, [2]int{3, 3}, [2]string{"Side 1", "Side 2"}, -1},
		} {
			got := ask(c.query)
			want := ab.RollCommand(c.dice, c.sides, c.first, dice.NewPCG(seed))
			if got.Seed != seed || got.Dice != c.dice || got.Sides != c.sides {
				t.Fatalf("%s: seed %d, dice %v, sides %v; want %d, %v, %v", c.query, got.Seed, got.Dice, got.Sides, seed, c.dice, c.sides)
			}
			if d := cmp.Diff(want, got.Roll); d != "" {
				t.Fatalf("%s (-RollCommand +served):\n%s", c.query, d)
			}
		}
	}
	if a := ask("scenario=armour-battles/battle-2"); a.Staff == nil || *a.Staff != [2]int{3, 4} || a.Morale == nil || *a.Morale != [2]int{10, 12} {
		t.Errorf("Battle 2's sides start with staff orders %v and army morale %v; want [3 4] and [10 12]", a.Staff, a.Morale)
	}
	if a := ask("dice=3,4"); a.Staff != nil || a.Morale != nil {
		t.Errorf("sides given by hand: staff orders %v, army morale %v; want none said", a.Staff, a.Morale)
	}
	drawn := ask("scenario=armour-battles/battle-3")
	if again := ask("scenario=armour-battles/battle-3&seed=" + strconv.FormatUint(drawn.Seed, 10)); !cmp.Equal(drawn, again) || drawn.Scenario != "armour-battles/battle-3" {
		t.Errorf("a drawn seed %+v, asked again by its seed %+v", drawn, again)
	}

	for _, c := range []struct{ query, says string }{
		{"", "dice: missing"},
		{"dice=3", "want two counts"},
		{"dice=0,3", "from 1 to 20"},
		{"dice=3,x", "from 1 to 20"},
		{"dice=3,3&sides=A,A", "two different names"},
		{"dice=3,3&sides=A,B&first=C", `first: "C": want roll, A or B`},
		{"dice=3,3&seed=-2", "seed: want a whole number"},
		{"dice=3,3&sides=Roll,Blue", "a side cannot be called roll"},
		{"dice=3,3&sides=A,B,C", "a name cannot hold a comma"},
		{"dice=3,3&seed=18446744073709551615", "seed: want a whole number from 0 to 9007199254740991"},
		{"dice=3,3&dice=4,4", "dice: given 2 times"},
		{"dice=3,3&turn=2", "turn: no such parameter"},
		{"scenario=armour-battles/battle-1&dice=3,3", "dice: the scenario gives it"},
		{"scenario=nowhere", `no scenario "nowhere"`},
		{"scenario=pagano/battle-1", "command dice are Armour Battles'"},
		{"seed=1&dice=3,3&x=%zz", "the query cannot be read"},
	} {
		r := e.do("GET", "/api/command?"+c.query, "", nil)
		var msg struct{ Error string }
		json.Unmarshal(r.body, &msg)
		if r.status != 400 || r.errCode() != "bad_request" || !strings.Contains(msg.Error, c.says) {
			t.Errorf("%q: %d %s; want 400 saying %q", c.query, r.status, r.body, c.says)
		}
	}
}
