package scenario_test

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/scenario"
)

// TestSetupAndTerrainChecks: opposing deployment zones that overlap, units
// placed inside an enemy zone, absurd hill levels and Pagano's Table 1
// overrides out of range are each refused, word for word, at the place to
// fix; zones of one side overlapping, zones touching along an edge and a
// unit's centre on an enemy zone's edge are not.
func TestSetupAndTerrainChecks(t *testing.T) {
	tests := []struct {
		file string
		want []string // "line:col: message"
	}{
		{"zones_overlap.yaml", []string{
			`42:9: sides[1].zones[2]: zone "Ridge" of side "us" overlaps zone "North" of side "german" (line 20) by 56 square inches; the two sides' deployment zones may touch but not overlap`,
			`42:9: sides[1].zones[2]: zone "Ridge" of side "us" overlaps zone "Forward post" of side "german" (line 23) by 36 square inches; the two sides' deployment zones may touch but not overlap`,
		}},
		{"preplaced_in_enemy_zone.yaml", []string{
			`27:45: sides[0].forces[0].units[1].at: unit "de-2" at [20, 4] stands in side "us"'s deployment zone "South"; a unit placed with at must start outside the enemy's deployment zones`,
			`48:17: sides[1].forces[1].units[0].at: unit "us-3" at [10, 45] stands in side "german"'s deployment zone "North"; a unit placed with at must start outside the enemy's deployment zones`,
		}},
		{"hill_level_high.yaml", []string{
			`11:12: terrain[1]: hill level 120 is more than 10: no WWII table has more than a handful of contour levels (1 for a hill, 2 for a crest on it, and so on)`,
		}},
		{"zone_far_off_table.yaml", []string{
			`16:48: sides[0].zones[0].polygon[3]: point [0, 1e+09] is outside the 72×48" table`,
		}},
		{"reserve_after_turn_cap.yaml", []string{
			`87:9: side "us": reserve "Late" arrives from turn 1000, after the battle's last turn (armour-battles draws a battle with no turn_limit after turn 60)`,
		}},
		{"together_too_far.yaml", []string{
			`110:14: side "german": company "Assault Gun Company" sets up together, each unit within 6" of one already placed, but the units the scenario places (at:) stand 13.1" at the nearest from the side's deployment zones, so its other units could set up only by leaving it for another company: place them nearer, or place the whole company`,
		}},
		{"free_reserve_too_late.yaml", []string{
			`87:5: sides[0].free_setup: reserve_from 1000: a company stationed in reserve would arrive after the battle's last turn (armour-battles draws a battle with no turn_limit after turn 60)`,
		}},
		{"table1_out_of_range.yaml", []string{
			`38:11: params.table1.road: cost 0 must be between 0.1 and 100 movement points`,
			`40:15: params.table1.hedgerow: cost 101 must be between 0 and 100 movement points`,
			`41:12: params.table1.start: cost -1 must be between 0 and 100 movement points`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			var want []string
			for _, w := range tt.want {
				want = append(want, path+":"+w)
			}
			var got []string
			for _, p := range scenario.Validate(path) {
				got = append(got, p.String())
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Validate(%s) (-want +got):\n%s", path, diff)
			}
		})
	}
}

// TestBlockAtPath: Block.At finds a nested value by its path, and falls
// back to the nearest enclosing value given, then to the block.
func TestBlockAtPath(t *testing.T) {
	pos := func(line int) scenario.Pos { return scenario.Pos{File: "f", Line: line, Col: 1} }
	b := scenario.Block{Pos: pos(1), Keys: map[string]scenario.Pos{
		"table1":         pos(2),
		"table1.road":    pos(3),
		"independent":    pos(4),
		"independent[1]": pos(5),
		"a.b":            pos(6),
		"a.b[0].c":       pos(7),
	}}
	for _, c := range []struct {
		key  string
		line int
	}{
		{"table1", 2}, {"table1.road", 3}, {"table1.woods", 2}, {"independent[1]", 5},
		{"independent[2]", 4}, {"a.b[0].c", 7}, {"a.b[0].d", 6}, {"a.b[1]", 6},
		{"dug_in", 1}, {"dug_in[0]", 1}, {"", 1},
	} {
		if got := b.At(c.key); got != pos(c.line) {
			t.Errorf("At(%q) = %v, want line %d", c.key, got, c.line)
		}
	}
}
