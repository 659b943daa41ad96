package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/sandtable/sandtable/internal/rules/armourbattles"
	_ "github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestBadFiles checks that each mistake is reported at the right place with
// a useful message, and that nothing else is reported.
func TestBadFiles(t *testing.T) {
	type want struct {
		pos string // file:line:col
		msg string // substring of the message
	}
	tests := []struct {
		file string
		want []want
	}{
		{"unknown_field_top.yaml", []want{{"5:1", `unknown field "colour" in file`}}},
		{"unknown_field_side.yaml", []want{{"29:5", `unknown field "flag" in sides[1]`}}},
		{"unknown_field_stats.yaml", []want{
			{"11:7", `unknown field "armour" in units[0].stats`},
			{"15:30", `unknown special rule "invisible"`},
		}},
		{"wrong_type_command_dice.yaml", []want{{"31:28", `sides[1].params.command_dice: want an integer, got string "four"`}}},
		{"wrong_type_polygon.yaml", []want{{"9:15", `terrain[0].polygon: want a list of points`}}},
		{"unknown_unit_type.yaml", []want{
			{"25:30", `no unit type "panther-h" in armour-battles`},
			{"38:30", `no unit type "jumbo" in armour-battles`},
		}},
		{"duplicate_id.yaml", []want{{"38:18", `duplicate unit id "de-2" (first at line 26)`}}},
		{"hill_no_level.yaml", []want{{"10:5", `terrain[1]: hill needs a level`}}},
		{"bad_setup.yaml", []want{
			{"24:20", `placement "hedgerow" is not one of "edge", "cover"`},
			{"25:21", `min_placed only matters with may_join_reserves: true`},
			{"31:32", `free_setup: reserve_from must be 1 or more, got 0`},
			{"31:54", `max_hidden_groups must be 0 or more, got -1`},
			{"41:21", `min_placed must be between 0 and the company's 2 units, got 3`},
			{"47:19", `together is only for companies set up on the table (forces)`},
		}},
		{"point_outside.yaml", []want{
			{"12:25", `terrain[1].polygon[1]: point [80, 10] is outside the 72×48" table`},
			{"12:35", `terrain[1].polygon[2]: point [35, -2] is outside`},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			got := scenario.Validate(path)
			if len(got) != len(tt.want) {
				t.Fatalf("Validate(%s) = %d problems, want %d:\n%v", path, len(got), len(tt.want), scenario.Problems(got))
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(got[i].String(), path+":"+w.pos+": ") || !strings.Contains(got[i].Msg, w.msg) {
					t.Errorf("problem %d = %q, want %s:%s: ...%s...", i, got[i], path, w.pos, w.msg)
				}
			}
		})
	}
}

func TestShippedFilesValidate(t *testing.T) {
	// The files of every ruleset this test imports (each ruleset's own
	// tests check its files too).
	var files []string
	for _, r := range scenario.Rules() {
		fs, err := filepath.Glob("../../data/" + r + "/*.yaml")
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Fatal("no shipped files found")
	}
	files = append(files, "testdata/good.yaml")
	if ps := scenario.Validate(files...); len(ps) > 0 {
		t.Errorf("Validate(shipped files) =\n%v", scenario.Problems(ps))
	}
}

func TestUnitTypeLookup(t *testing.T) {
	c, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"panther-g", "panther-g"},
		{"PANTHER", "panther-g"},
		{"Panther Ausf G", "panther-g"},
		{"stug iii", "stug-iii"},
		{"Sturmgeschütz III", "stug-iii"},
		{"puma", "sdkfz-234-2"},
		{"pzkpfw iv h", "panzer-iv-h"},
		{"Panzer IV", "panzer-iv-h"},
		{"sherman 75", "m4-75"},
		{"M4 76mm", "m4-76"},
		{" tiger ", "tiger-i"},
		{"105L28", "105l28-howitzer"},
	}
	for _, tt := range tests {
		u, err := c.UnitType("armour-battles", tt.in)
		if err != nil {
			t.Errorf("UnitType(%q) error: %v", tt.in, err)
			continue
		}
		if u.ID != tt.want {
			t.Errorf("UnitType(%q) = %s, want %s", tt.in, u.ID, tt.want)
		}
	}
	_, err = c.UnitType("armour-battles", "M4")
	if err == nil || !strings.Contains(err.Error(), "m4-75") {
		t.Errorf(`UnitType("M4") error = %v, want a list of choices`, err)
	}
	if _, err := c.UnitType("no-such-rules", "Panther"); err == nil {
		t.Error("UnitType with unknown rules: no error")
	}
}

func TestScenarioResolvesUnitTypes(t *testing.T) {
	c, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	shipped := len(c.Scenarios())
	if err := c.AddFiles("testdata/good.yaml"); err != nil {
		t.Fatal(err)
	}
	sc, err := c.Scenario("test/good")
	if err != nil {
		t.Fatal(err)
	}
	us := sc.Side("us").Forces[0].Units[1]
	if us.Type != "m4-76" || sc.Units["us-2"].Name != "M4 76mm" {
		t.Errorf("us-2 type = %q (%v), want m4-76 resolved from alias", us.Type, sc.Units["us-2"])
	}
	if us.At == nil || *us.At != [2]float64{36, 3} || us.Facing == nil || *us.Facing != 90 {
		t.Errorf("us-2 at/facing = %v/%v, want [36 3]/90", us.At, us.Facing)
	}
	if got := len(c.Scenarios()); got != shipped+1 {
		t.Errorf("len(Scenarios()) = %d after AddFiles, want the %d shipped plus one", got, shipped)
	}
	// A bad file leaves the catalog unchanged.
	if err := c.AddFiles("testdata/duplicate_id.yaml"); err == nil {
		t.Error("AddFiles(duplicate_id.yaml): no error")
	}
	if _, err := c.Scenario("test/duplicate_id"); err == nil {
		t.Error("a scenario from a failed AddFiles was added")
	}
}

// TestDecodeMistakes covers mistakes that need no whole file of context.
func TestDecodeMistakes(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"empty", "", "1:1: file is empty"},
		{"neither", "foo: 1\n", "not a data file"},
		{"unknown rules", "rules: chess\nunits: [{id: a, name: A, nation: x}]\n", `1:8: unknown rules "chess" (known: "armour-battles", "pagano")`},
		{"alias", "rules: armour-battles\nunits:\n  - &a {id: a}\n  - *a\n", "aliases are not supported"},
		{"duplicate key", "rules: armour-battles\nrules: x\nunits: []\n", `2:1: key "rules" given twice (first at line 1, column 1)`},
		{"tab", "rules: armour-battles\nunits:\n\t- id: a\n", "3:1: a tab character: YAML is indented with spaces, never tabs"},
		{"open quote", "rules: \"armour-battles\nunits: []\n", "a double-quoted string is not closed"},
		{"stray colon", "rules: armour-battles\ntitle: a: b\n", `2:8: a "key: value" where none may be`},
		{"indented", "rules: armour-battles\nunits: []\n  foo: x\n", "3:3: a value where none may be: check this line's indentation"},
		{"open list", "rules: [armour-battles\n", "a [ list is not closed with ]"},
		{"open list, more lines", "rules: [armour-battles\ntitle: x\n", "2:1: a [ list opened above is not closed with ]"},
		{"open mapping, more lines", "rules: armour-battles\ntable: {width: 72, height: 48\ntitle: x\n", "3:1: a { mapping opened above is not closed with }"},
		{"open quote, more lines", "rules: armour-battles\ntitle: \"Battle 1: Meeting\ndate: \"20 September\"\n", "3:8: a value where none may be: a quoted string on a line above may lack its closing quote"},
		{"bad class", "rules: armour-battles\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 2, width: 1}\n    stats: {class: tank, move: average, reaction: 5, weapon: g, range: [1, 2, 3], at: 4}\n", `7:20: units[0].stats: class "tank" is not one of`},
		{"at left out", "rules: armour-battles\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 2, width: 1}\n    stats: {class: light AFV, move: fast, reaction: 5, weapon: g, range: [1, 2, 3]}\n", "7:13: units[0].stats: at is missing (must be between 1 and 100)"},
		{"class left out", "rules: armour-battles\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 2, width: 1}\n    stats: {move: fast, reaction: 5, weapon: g, range: [1, 2, 3], at: 4}\n", `units[0].stats: class is missing (one of "light AFV", "medium AFV", "heavy AFV", "off-table artillery")`},
		{"at zero", "rules: armour-battles\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 2, width: 1}\n    stats: {class: light AFV, move: fast, reaction: 5, weapon: g, range: [1, 2, 3], at: 0}\n", "at must be between 1 and 100, got 0"},
		{"pagano mp left out", "rules: pagano\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 1, width: 0.5}\n    stats: {gun: 75, mount: turret, front: 0, side: 0, rear: 0, weight: M, years: \"44\"}\n", "units[0].stats: mp is missing (must be between 1 and"},
		{"short range", "rules: armour-battles\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 2, width: 1}\n    stats: {class: light AFV, move: fast, reaction: 5, weapon: g, range: [1, 2], at: 4}\n", "range needs three bands"},
		{"huge footprint", "rules: armour-battles\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 900, width: 900}\n    stats: {class: light AFV, move: fast, reaction: 5, weapon: g, range: [1, 2, 3], at: 4}\n", "6:17: units[0].footprint: length and width must be at most 24 inches (a model, not a table), got 900×900"},
		{"off-table footprint", "rules: armour-battles\nunits:\n  - id: a\n    name: A\n    nation: x\n    footprint: {length: 2, width: 1}\n    stats: {class: off-table artillery, weapon: g, at: 4}\n", "off-table artillery has no footprint"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".yaml")
			if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			ps := scenario.Validate(path)
			if len(ps) == 0 {
				t.Fatalf("Validate(%q) found no problem", tt.src)
			}
			all := scenario.Problems(ps).Error()
			if !strings.HasPrefix(all, path+":") || !strings.Contains(all, tt.want) {
				t.Errorf("Validate(%q) =\n%s\nwant %s", tt.src, all, tt.want)
			}
		})
	}
}

// TestValidateWithUserUnits checks that a scenario may use unit types from a
// unit file given in the same call, and not otherwise.
func TestValidateWithUserUnits(t *testing.T) {
	dir := t.TempDir()
	units := filepath.Join(dir, "units.yaml")
	sc := filepath.Join(dir, "sc.yaml")
	good, err := os.ReadFile("testdata/good.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(good), "type: m4-75}", "type: Jumbo}", 1)
	must(t, os.WriteFile(sc, []byte(src), 0o644))
	must(t, os.WriteFile(units, []byte(`rules: armour-battles
units:
  - id: m4a3e2
    name: M4A3E2 Jumbo
    aliases: [Jumbo]
    nation: usa
    footprint: {length: 2.5, width: 1.5}
    stats: {class: medium AFV, move: average, reaction: 7, weapon: 75L38 gun, range: [7, 14, 28], at: 7}
`), 0o644))
	if ps := scenario.Validate(units, sc); len(ps) > 0 {
		t.Errorf("Validate(units, scenario) =\n%v", scenario.Problems(ps))
	}
	ps := scenario.Validate(sc)
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, `no unit type "Jumbo"`) {
		t.Errorf("Validate(scenario alone) = %v, want one unknown unit type", ps)
	}
	if _, err := scenario.LoadFile(sc, units); err != nil {
		t.Errorf("LoadFile(scenario, units): %v", err)
	}
	// A unit type of one's own may not take a built-in type's name or
	// alias, whichever comes first by id: "Sherman 75" would otherwise
	// pick out the new type in every scenario.
	taken := filepath.Join(dir, "taken.yaml")
	must(t, os.WriteFile(taken, []byte(`rules: armour-battles
units:
  - {id: a-jumbo, name: A Jumbo, aliases: [M4 75mm], nation: usa, footprint: {length: 2.5, width: 1.5}, stats: {class: medium AFV, move: average, reaction: 7, weapon: 75L38 gun, range: [7, 14, 28], at: 7}}
`), 0o644))
	if ps := scenario.Validate(taken); len(ps) != 1 || !strings.Contains(ps[0].Msg, `unit "a-jumbo": name or alias "m4 75mm" is already used by unit "m4-75"`) {
		t.Errorf("Validate(a unit taking a built-in name) = %v, want it refused", scenario.Problems(ps))
	}
	// A scenario file given where a unit file belongs is an error, not
	// quietly loaded as one more scenario.
	other := filepath.Join(dir, "other.yaml")
	must(t, os.WriteFile(other, []byte(strings.Replace(string(good), "id: test/good", "id: test/other", 1)), 0o644))
	if _, err := scenario.LoadFile(sc, units, other); err == nil || !strings.Contains(err.Error(), other+": a scenario file, given as a unit file") {
		t.Errorf("LoadFile with a scenario file as a unit file: %v, want it refused", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestAuthorMistakes: slips a scenario writer makes in an otherwise good
// file, each reported where it is, and files that are fine as they are.
func TestAuthorMistakes(t *testing.T) {
	good, err := os.ReadFile("testdata/good.yaml")
	if err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) string {
		if !strings.Contains(string(good), old) {
			t.Fatalf("good.yaml has no %q", old)
		}
		return strings.Replace(string(good), old, new, 1)
	}
	reserves := edit("params: {command_dice: 4,", "reserves:\n      - company: Late\n        units:\n          - {id: us-9, type: m4-75, at: [30, 3]}\n    params: {command_dice: 4,")
	tests := []struct {
		name, src string
		want      string // "" for no problem
	}{
		{"byte-order mark", "\ufeff" + string(good), ""},
		{"misspelt kind", edit("kind: woods", "kind: wood"), `7:11: terrain[0]: kind "wood" is not one of "woods", "hill"`},
		{"off the table", edit("at: [36, 3]", "at: [36, 0.5]"), `39:14: unit "us-2" at [36, 0.5]: its 2.5×1.5" footprint reaches off the 72×48" table`},
		{"overlap", edit("{id: us-1, type: m4-75}", "{id: us-1, type: m4-75, at: [36.5, 3.5]}"), `39:14: unit "us-2" at [36, 3] overlaps unit "us-1"`},
		{"facing alone", edit("{id: de-1, type: panther-g}", "{id: de-1, type: panther-g, facing: 90}"), `25:49: sides[0].forces[0].units[0]: facing is only for a unit placed with at`},
		{"hedge of no length", edit("  - kind: hill\n", "  - kind: hedge\n    line: [[1, 1], [1, 1]]\n  - kind: hill\n"), `11:11: terrain[1].line: the line has no length (its points all coincide)`},
		{"facing huge", edit("at: [36, 3], facing: 90", "at: [36, 3], facing: 1e300"), `sides[1].forces[0].units[1]: facing 1e+300 is not a direction in degrees between -360 and 360`},
		{"reserve placed", reserves, `at is only for units set up on the table (forces)`},
		{"polygon closed by hand", edit("polygon: [[10, 10], [20, 10], [20, 20], [10, 20]]", "polygon: [[10, 10], [20, 10], [20, 20], [10, 20], [10, 10]]"), `9:55: terrain[0].polygon: the last point repeats the first; leave it out (a polygon closes itself)`},
		{"point repeated", edit("polygon: [[10, 10], [20, 10], [20, 20], [10, 20]]", "polygon: [[10, 10], [20, 10], [20, 10], [20, 20], [10, 20]]"), `9:35: terrain[0].polygon: point 2 repeats point 1`},
		{"type a number", edit("{id: us-1, type: m4-75}", "{id: us-1, type: 5}"), `38:30: sides[1].forces[0].units[0].type: want a string, got integer 5 (quote it if it is meant as text)`},
		{"reserve hidden", edit("params: {command_dice: 4,", "reserves:\n      - company: Late\n        hidden: true\n        units:\n          - {id: us-9, type: m4-75}\n    params: {command_dice: 4,"), `sides[1].reserves[0]: hidden is only for companies set up on the table (forces)`},
		{"zone too thin", edit("[[0, 0], [72, 0], [72, 6], [0, 6]]", "[[0, 0], [72, 0], [72, 1], [0, 1]]"), `38:14: unit "us-1" (M4 75mm, 2.5×1.5") fits nowhere wholly inside side "us"'s deployment zones, facing the enemy: make a zone deeper or wider`},
		{"zone room for one unit, not two", strings.Replace(edit("[[0, 0], [72, 0], [72, 6], [0, 6]]", "[[0, 0], [2, 0], [2, 4.5], [0, 4.5]]"), "{id: us-1, type: m4-75}", "{id: us-1, type: m4-75}\n          - {id: us-3, type: m4-75}", 1),
			`27:5: side "us": a trial set-up, packing each unit into the deployment zones from the back, could not place every unit: there is no room left in United States's deployment zones for us-3 (2.5×1.5"): make the zones larger or set fewer units up`},
		{"zone just room for two units", strings.Replace(edit("[[0, 0], [72, 0], [72, 6], [0, 6]]", "[[0, 0], [2, 0], [2, 5.25], [0, 5.25]]"), "{id: us-1, type: m4-75}", "{id: us-1, type: m4-75}\n          - {id: us-3, type: m4-75}", 1), ""},
		{"zone too small", edit("[[0, 0], [72, 0], [72, 6], [0, 6]]", "[[0, 0], [1, 0], [1, 1], [0, 1]]"), `side "us": its 1 units to set up cover 3.75 square inches, more than its deployment zones' 1`},
		// One mistake, one line: no follow-on complaints about the zero
		// value left behind.
		{"version not a number", edit("version: 1", "version: one"), `2:10: version: want an integer, got string "one"`},
		{"turn limit without a draw", edit("victory: {army_morale_zero: true}", "victory: {army_morale_zero: true, turn_limit: 10}"), `victory: Armour Battles ends a battle at its turn_limit as a draw; say so with draw_at_turn_limit: true`},
		{"turn limit with a draw", edit("victory: {army_morale_zero: true}", "victory: {army_morale_zero: true, turn_limit: 10, draw_at_turn_limit: true}"), ""},
		{"version too long", edit("version: 1", "version: 99999999999999999999999"), `2:10: version: integer 99999999999999999999999 is out of range`},
		{"version with exponent", edit("version: 1", "version: 1e20"), `2:10: version: want an integer, got number 1e20`},
		{"version missing", edit("version: 1\n", ""), "1:1: version is missing"},
		{"edge missing", edit("    edge: south\n", ""), `27:5: sides[1]: edge is missing (one of "north", "south", "east", "west")`},
		{"params missing", edit("    params: {command_dice: 4, staff_orders: 2, rally_dice: 4, army_morale: 9}\n", ""), "27:5: sides[1]: params is missing"},
		{"infinite", edit("at: [36, 3]", "at: [.inf, 3]"), "39:47: sides[1].forces[0].units[1].at: want a finite number, got number .inf"},
		{"exponent", edit("height: 48", "height: 48e0"), ""},
		{"hill level ten", edit("    level: 1\n", "    level: 10\n"), ""},
		{"hill level eleven", edit("    level: 1\n", "    level: 11\n"), "11:12: terrain[1]: hill level 11 is more than 10"},
		{"zones overlapping by an inch", edit("[[0, 0], [72, 0], [72, 6], [0, 6]]", "[[0, 0], [72, 0], [72, 6], [1, 6], [1, 43], [0, 43]]"), `33:9: sides[1].zones[0]: zone "South" of side "us" overlaps zone "North" of side "german" (line 20) by 1 square inch; the two sides' deployment zones may touch but not overlap`},
		// A zone whose polygon is reported already is not compared with
		// the enemy's.
		{"crossed zone over the enemy's", edit("[[0, 0], [72, 0], [72, 6], [0, 6]]", "[[0, 0], [72, 44], [72, 0], [0, 30]]"), "polygon edges must not cross"},
		// A table of no size reports itself, not every unit as fitting nowhere.
		{"table width a word", edit("width: 72", `width: "wide"`), `table.width: want a number, got string "wide"`},
		{"table width infinite", edit("width: 72", "width: .inf"), "table.width: want a finite number, got number .inf"},
		{"table height not a number", edit("height: 48", "height: .nan"), "table.height: want a finite number"},
		{"huge table", edit("height: 48", "height: 1e308"), "5:28: table.height must be more than 0 and at most 1000 inches, got 1e+308"},
		{"not UTF-8", edit("title: Test", "title: Te\xffst"), `4:10: the file is not UTF-8 text`},
		// A leading zero is octal to the parser (010 = 8), decimal to YAML
		// 1.2: refused, with no follow-on complaint about the value.
		{"version with a leading zero", edit("version: 1", "version: 010"), `2:10: version: 010 starts with a 0, which YAML may read as octal (010 as 8); write it without the leading zero`},
		{"width with a leading zero", edit("width: 72", "width: 072"), `table.width: 072 starts with a 0`},
		{"a point with a leading zero", edit("at: [36, 3]", "at: [036, 3]"), `sides[1].forces[0].units[1].at: 036 starts with a 0`},
		{"a leading zero quoted", edit("title: Test", `title: "007"`), ""},
		// A key given with a value of the wrong kind is not also missing.
		{"title a number", edit("title: Test", "title: 1944"), `4:8: title: want a string, got integer 1944 (quote it if it is meant as text)`},
		{"table a number", edit("table: {width: 72, height: 48}", "table: 5"), `5:8: table: want a mapping, got integer 5`},
		{"params an alias", strings.Replace(edit("params: {command_dice: 3,", "params: &p {command_dice: 3,"), "params: {command_dice: 4, staff_orders: 2, rally_dice: 4, army_morale: 9}", "params: *p", 1), `31:13: sides[1].params: YAML aliases are not supported in data files: write the value out`},
		{"params a merge", strings.Replace(edit("params: {command_dice: 3,", "params: &p {command_dice: 3,"), "params: {command_dice: 4, staff_orders: 2, rally_dice: 4, army_morale: 9}", "params: {<<: *p, army_morale: 9}", 1), `31:14: sides[1].params: merge keys (<<: *name) are not supported in data files: write each key out`},
		{"only off-table artillery", strings.Replace(edit("{id: us-1, type: m4-75}", "{id: us-1, type: m7}"), "{id: us-2, type: sherman 76, at: [36, 3], facing: 90}", "{id: us-2, type: m7}", 1), `side "us" has only off-table artillery: no unit of it could ever be fired on, so it could never lose`},
		{"id ending in a slash", edit("id: test/good", "id: my/"), `1:5: id "my/": a part between slashes is empty (my/battle, not my//battle or my/)`},
		{"id climbing", edit("id: test/good", "id: my/../x"), `1:5: id "my/../x": a part between slashes may not be ".."`},
		{"version 1.0", edit("version: 1", "version: 1.0"), `2:10: version: want an integer, got number 1.0`},
		{"blank title", edit("title: Test", `title: "   "`), `4:8: title: blank text; write something, or leave the key out`},
		{"blank side name", edit("name: Germany", `name: " "`), `sides[0].name: blank text; write something, or leave the key out`},
		{"a YAML directive", "%YAML 1.2\n---\n" + string(good), ""},
		{"two documents", string(good) + "---\nid: other\n", "a data file holds one YAML document, found 2"},
		{"octal said so", edit("version: 1", "version: 0o1"), ""},
		// The parser's time grows with the square of the nesting.
		{"nested a hundred thousand deep", edit("title: Test", "title: "+strings.Repeat("[", 100000)+strings.Repeat("]", 100000)), `4:72: lists and mappings nested more than 64 deep here`},
		{"list items nested on one line", edit("title: Test", "title:\n  "+strings.Repeat("- ", 100000)+"x"), `5:131: lists and mappings nested more than 64 deep here`},
		{"too large", string(good) + "#" + strings.Repeat("x", scenario.MaxFileBytes) + "\n", `1:1: the file is 4195`},
		{"deploy order missing", edit("    deploy_order: 2\n", ""), `27:5: sides[1]: deploy_order is missing (1 for the side that sets up first, 2 for the other)`},
		{"same deploy order", edit("deploy_order: 2", "deploy_order: 1"), `sides[1]: deploy_order 1 is already side "german"'s; the sides set up one after the other`},
		{"reserve too late", strings.Replace(edit("params: {command_dice: 4,", "reserves:\n      - company: Late\n        earliest_turn: 12\n        units:\n          - {id: us-9, type: m4-75}\n    params: {command_dice: 4,"), "victory: {army_morale_zero: true}", "victory: {army_morale_zero: true, turn_limit: 10, draw_at_turn_limit: true}", 1),
			`side "us": reserve "Late" arrives from turn 12, after the battle's last turn (turn_limit 10)`},
		{"company named twice", edit("params: {command_dice: 4,", "reserves:\n      - company: Tanks\n        units:\n          - {id: us-9, type: m4-75}\n    params: {command_dice: 4,"),
			`sides[1].reserves[0]: side "us" already has a company "Tanks" (line 40): give each company of a side its own name`},
		{"more hidden than allowed", strings.Replace(edit("      - company: Tanks\n", "      - company: Tanks\n        hidden: true\n"), "    forces:\n      - company: Tanks", "    free_setup: {reserve_from: 2, max_hidden_groups: 0}\n    forces:\n      - company: Tanks", 1),
			`sides[1].free_setup: 1 company is listed hidden, more than max_hidden_groups 0`},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".yaml")
			must(t, os.WriteFile(path, []byte(tt.src), 0o644))
			ps := scenario.Validate(path)
			all := scenario.Problems(ps).Error()
			if tt.want != "" && len(ps) != 1 {
				t.Errorf("Validate = %d problems, want 1:\n%s", len(ps), all)
			}
			switch {
			case tt.want == "" && all != "":
				t.Errorf("Validate found problems in a good file:\n%s", all)
			case tt.want != "" && !strings.Contains(all, path+":"+tt.want) && !(strings.Contains(all, tt.want) && strings.HasPrefix(all, path+":")):
				t.Errorf("Validate =\n%s\nwant %s:%s", all, path, tt.want)
			}
		})
	}
	// A value of the wrong type in a params block does not hide the
	// ruleset's checks of the rest, nor is its zero value complained of.
	t.Run("mistakes beside a wrong type", func(t *testing.T) {
		src := strings.Replace(edit("rally_dice: 4, army_morale: 7", `rally_dice: "4", army_morale: 7`), "staff_orders: 2, rally_dice: 4, army_morale: 9", "staff_orders: 9, rally_dice: 4, army_morale: 9", 1)
		src = strings.Replace(src, "params: {first_pulse: roll}", "params: {first_pulse: nobody}", 1)
		path := filepath.Join(dir, "beside.yaml")
		must(t, os.WriteFile(path, []byte(src), 0o644))
		got := scenario.Problems(scenario.Validate(path)).Error()
		for _, want := range []string{
			`:18:60: sides[0].params.rally_dice: want an integer, got string "4"`,
			`side "us": staff_orders 9 exceeds command_dice 4`,
			`first_pulse "nobody" is not one of "roll", "german", "us"`,
		} {
			if !strings.Contains(got, want) {
				t.Errorf("Validate =\n%s\nwant %q", got, want)
			}
		}
		if n := strings.Count(got, "\n") + 1; n != 3 {
			t.Errorf("Validate = %d problems, want 3:\n%s", n, got)
		}
	})
	// Edges swapped, zones left: each side would set up facing away
	// from the enemy. A forward zone beside one at the edge is allowed.
	t.Run("edges against the zones", func(t *testing.T) {
		swapped := strings.Replace(strings.Replace(edit("edge: north", "edge: EDGE"), "edge: south", "edge: north", 1), "edge: EDGE", "edge: south", 1)
		path := filepath.Join(dir, "swapped.yaml")
		must(t, os.WriteFile(path, []byte(swapped), 0o644))
		got := scenario.Problems(scenario.Validate(path)).Error()
		want := path + `:20:9: sides[0]: every deployment zone of side "german" lies in the half of the table away from its edge (south)`
		if !strings.Contains(got, want) || !strings.Contains(got, `side "us" lies in the half of the table away from its edge (north)`) {
			t.Errorf("Validate =\n%s\nwant %s and the same of us", got, want)
		}
		forward := edit("        polygon: [[0, 0], [72, 0], [72, 6], [0, 6]]\n", "        polygon: [[0, 0], [72, 0], [72, 6], [0, 6]]\n      - name: Forward\n        polygon: [[30, 30], [40, 30], [40, 36], [30, 36]]\n")
		path = filepath.Join(dir, "forward.yaml")
		must(t, os.WriteFile(path, []byte(forward), 0o644))
		if ps := scenario.Validate(path); len(ps) > 0 {
			t.Errorf("a forward zone beside one at the edge: %v", scenario.Problems(ps))
		}
	})
	t.Run("named twice", func(t *testing.T) {
		if ps := scenario.Validate("testdata/good.yaml", "./testdata/good.yaml"); len(ps) > 0 {
			t.Errorf("a file named twice: %v", scenario.Problems(ps))
		}
	})
	t.Run("directory", func(t *testing.T) {
		ps := scenario.Validate("testdata")
		if len(ps) != 1 || ps[0].String() != "testdata: is a directory, not a unit or scenario file" {
			t.Errorf("Validate(a directory) = %v", scenario.Problems(ps))
		}
	})
}

// TestUnitMistakesAllAtOnce: a unit file's mistakes come in one report,
// the ruleset's checks of the stats' values included, not in waves as each
// is fixed; and none is reported twice.
func TestUnitMistakesAllAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "units.yaml")
	must(t, os.WriteFile(path, []byte(`rules: armour-battles
units:
  - id: a
    name: A
    nation: x
    footprint: {length: -2, width: 1}
    special: [flying]
    stats: {class: medium tank, move: quick, reaction: -5, weapon: g, range: [36, 18, 9], at: 4}
`), 0o644))
	var got []string
	for _, p := range scenario.Validate(path) {
		got = append(got, strings.TrimPrefix(p.String(), path+":"))
	}
	want := []string{
		"6:17: units[0].footprint: length and width must both be positive (or both zero for off-table units), got -2×1",
		`7:15: units[0]: unknown special rule "flying"`,
		`8:20: units[0].stats: class "medium tank" is not one of`,
		`8:39: units[0].stats: move "quick" is not "average" or "fast"`,
		"8:56: units[0].stats: reaction must be between 1 and 100, got -5",
		"8:78: units[0].stats: range bands [36, 18, 9] must be positive and increasing",
	}
	if len(got) != len(want) {
		t.Fatalf("Validate = %d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d = %q, want %q...", i, got[i], want[i])
		}
	}
}

// TestRulesetTerrainKinds: a ruleset's own terrain kinds (Pagano's
// hedgerows, cliffs and bridges) are known in its scenarios only.
func TestRulesetTerrainKinds(t *testing.T) {
	src, err := os.ReadFile("../../data/pagano/battle-1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	extra := "terrain:\n  - kind: hedgerow\n    line: [[30, 10], [30, 20]]\n  - kind: bridge\n    polygon: [[40, 10], [42, 10], [42, 14], [40, 14]]\n"
	pag := strings.Replace(string(src), "terrain:\n", extra, 1)
	dir := t.TempDir()
	path := filepath.Join(dir, "pagano.yaml")
	must(t, os.WriteFile(path, []byte(pag), 0o644))
	if ps := scenario.Validate(path); len(ps) > 0 {
		t.Errorf("Pagano's own kinds refused:\n%v", scenario.Problems(ps))
	}
	must(t, os.WriteFile(path, []byte(strings.Replace(pag, "kind: hedgerow", "kind: hedgrow", 1)), 0o644))
	if ps := scenario.Validate(path); len(ps) != 1 || !strings.Contains(ps[0].Msg, `kind "hedgrow" is not one of`) || !strings.Contains(ps[0].Msg, `"hedgerow"`) {
		t.Errorf("a misspelt Pagano kind: %v", scenario.Problems(ps))
	}
	good, err := os.ReadFile("testdata/good.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ab := strings.Replace(string(good), "kind: woods", "kind: bridge", 1)
	must(t, os.WriteFile(path, []byte(ab), 0o644))
	if ps := scenario.Validate(path); len(ps) != 1 || !strings.Contains(ps[0].Msg, `kind "bridge" is not one of`) {
		t.Errorf("a Pagano kind in an Armour Battles scenario: %v", scenario.Problems(ps))
	}
}
