package server_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/server"
)

// TestTablesideOdds asks GET /api/odds, the shot calculator away from any
// game, and checks each parameter reaches the dice: a Panther at an M4
// 12" away rolls 9 AT dice at 4+ against 5 reaction dice at 4+
// (effective range), and each modifier moves the figure the rulebook
// says; the odds are those of odds.Compute for those dice.
func TestTablesideOdds(t *testing.T) {
	e := newEnv(t, server.Config{})
	base := "firer=Panther&target=M4+75mm&range=12"
	for _, tc := range []struct {
		query                 string
		atk, atn, react, rtn  int
		band                  string
		dp                    int
		artillery, outOfRange bool
	}{
		{query: base, atk: 9, atn: 4, react: 5, rtn: 4, band: "effective"},
		{query: base + "&flank=true", atk: 9, atn: 3, react: 5, rtn: 4, band: "effective"},
		{query: "firer=panther-g&target=m4-75&range=5", atk: 9, atn: 3, react: 5, rtn: 4, band: "short"},
		{query: base + "&moves=2", atk: 8, atn: 4, react: 5, rtn: 4, band: "effective"},
		{query: base + "&moves=3&ambush=true", atk: 8, atn: 4, react: 5, rtn: 4, band: "effective"},
		{query: base + "&attack_wild=2&reaction_wild=1", atk: 11, atn: 4, react: 6, rtn: 4, band: "effective"},
		{query: base + "&cover=true&disengaging=true", atk: 9, atn: 4, react: 8, rtn: 4, band: "effective"},
		{query: base + "&target_suppressed=true&target_dp=2", atk: 9, atn: 4, react: 5, rtn: ab.SuppressedReactionTN, band: "effective", dp: 2},
		{query: "firer=Panther&target=M4+75mm&range=40", band: "out of range", outOfRange: true},
		{query: "firer=105L28+Howitzer&target=StuG+III&artillery=true", atk: 4, atn: 4, react: 5, rtn: 4, band: "artillery", artillery: true},
	} {
		r := e.do("GET", "/api/odds?"+tc.query, "", nil)
		if r.status != 200 {
			t.Errorf("%s: %d %s", tc.query, r.status, r.body)
			continue
		}
		var got odds.Situational
		r.decode(t, &got)
		want := odds.Compute(ab.ShotDice{AttackDice: tc.atk, AttackTN: tc.atn, ReactionDice: tc.react, ReactionTN: tc.rtn, InRange: !tc.outOfRange, ArtillerySuppression: tc.artillery, Band: tc.band}, tc.dp)
		if tc.outOfRange {
			want = odds.Compute(ab.ShotDice{Band: tc.band}, tc.dp)
		}
		if diff := cmp.Diff(want, got.Result); diff != "" || got.Band != tc.band {
			t.Errorf("%s: band %q (want %q), odds (-want +got):\n%s", tc.query, got.Band, tc.band, diff)
		}
	}

	// Pagano's: the modifiers reach the situation, as the ruleset's own
	// odds of the same situation show.
	cat := newCatalog(t)
	t34, _ := cat.UnitType(pagano.Name, "T-34-85")
	tiger, _ := cat.UnitType(pagano.Name, "Tiger I")
	for _, tc := range []struct {
		query string
		sit   pagano.Situation
	}{
		{"aspect=side", pagano.Situation{Facing: geom.Side, FirerMotion: pagano.Stopped, TargetMotion: pagano.Stopped}},
		{"aspect=Front&hull_down=true&woods=true&firer_motion=stopped", pagano.Situation{Facing: geom.Front, HullDown: true, Woods: true, FirerMotion: pagano.Stopped, TargetMotion: pagano.Stopped}},
		{"aspect=rear&firer_motion=moving&target_motion=moving&hedge=true&ambush=true",
			pagano.Situation{Facing: geom.Rear, FirerMotion: pagano.Moving, TargetMotion: pagano.Moving, Hedge: true, Ambush: true}},
		// Ambush fire is at a moving target (ruling P18).
		{"aspect=rear&ambush=true", pagano.Situation{Facing: geom.Rear, FirerMotion: pagano.Stopped, TargetMotion: pagano.Moving, Ambush: true}},
		{"aspect=front&hedgerow=true&target_motion=stationary", pagano.Situation{Facing: geom.Front, FirerMotion: pagano.Stopped, TargetMotion: pagano.Stationary, Hedgerow: true}},
		{"aspect=side&firer_motion=Stationary&target_motion=MOVING", pagano.Situation{Facing: geom.Side, FirerMotion: pagano.Stationary, TargetMotion: pagano.Moving}},
	} {
		q := "rules=pagano&firer=T-34-85&target=Tiger+I&range=10&" + tc.query
		r := e.do("GET", "/api/odds?"+q, "", nil)
		if r.status != 200 {
			t.Errorf("%s: %d %s", q, r.status, r.body)
			continue
		}
		var got pagano.Report
		r.decode(t, &got)
		sit := tc.sit
		sit.Range = 10
		sit, unarmoured, err := pagano.UnitSituation(t34, tiger, sit)
		if err != nil {
			t.Fatal(err)
		}
		o, err := pagano.ShotOdds(sit, unarmoured)
		if err != nil {
			t.Fatal(err)
		}
		want := pagano.NewReport(t34.Name, tiger.Name, sit, true, o)
		want.Odds.HitMods, want.Odds.EffectMods = nil, nil // the report's own copies go out, these not
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", q, diff)
		}
	}
	r := e.do("GET", "/api/odds?rules=pagano&firer=T-34-85&target=Tiger+I&range=90&aspect=front", "", nil)
	var far pagano.Report
	if r.decode(t, &far); r.status != 200 || far.InRange || far.Hit != 0 {
		t.Errorf("a Pagano shot beyond Table 2: %d %s; want no chance of a hit", r.status, r.body)
	}
}

// TestTablesideOddsRefuses: every wrong question is a 400 that names the
// parameter and says what it wants.
func TestTablesideOddsRefuses(t *testing.T) {
	e := newEnv(t, server.Config{})
	base := "firer=Panther&target=M4+75mm"
	for _, tc := range []struct{ query, says string }{
		{"", "firer and target: both unit types are needed"},
		{"firer=Panther", "firer and target: both unit types are needed"},
		{base, "range: missing"},
		{base + "&range=far", `range: want a distance in inches, got "far"`},
		{base + "&range=1_2", `range: want a distance in inches, got "1_2"`},
		{base + "&range=0x1p3", `range: want a distance in inches, got "0x1p3"`},
		{base + "&range=-2", "range: a distance of 0 inches or more"},
		{base + "&range=NaN", "range: a distance of 0 inches or more"},
		{base + "&range=2&range=3", "range: given 2 times"},
		{"firer=Shermann&target=M4&range=2", `firer: no unit type "Shermann" in armour-battles; its unit types (by name, id or short form): 105L28 Howitzer, M10 Tank Destroyer,`},
		{"firer=T-34-85&target=M4&range=2", `firer: no unit type "T-34-85" in armour-battles ("T-34-85" is a unit type of pagano: ask with rules=pagano)`},
		{base + "&range=2&flank=tr%zzue", "the query cannot be read"},
		{base + "&range=2&flank=true;cover=true", "the query cannot be read"},
		{base + "&range=2&flank=yes", `flank: want true or false, got "yes"`},
		{base + "&range=2&moves=0", `moves: want a whole number from 1 to 3, got "0"`},
		{base + "&range=2&target_dp=3", "target_dp: want a whole number from 0 to 2"},
		{base + "&range=2&attack_wild=3", "attack_wild: want a whole number from 0 to 2"},
		{base + "&range=2&speed=3", "speed: no such parameter; armour-battles takes rules, ambush, artillery,"},
		{base + "&range=2&aspect=side", "aspect: not a parameter of armour-battles"},
		{base + "&range=2&disengaging=true&break_off=true", "break_off, disengaging, scoot: at most one"},
		{base + "&range=2&break_off=true", `break_off: the target "M4 75mm" has no break-off ability`},
		{base + "&range=2&artillery=true", `artillery: the firer "Panther Ausf G" is not off-table artillery`},
		{"firer=105L28+Howitzer&target=M4+75mm&range=2", `firer: "105L28 Howitzer" is off-table artillery: ask with artillery=true`},
		{"firer=105L28+Howitzer&target=M4+75mm", `firer: "105L28 Howitzer" is off-table artillery: ask with artillery=true`},
		{"firer=105L28+Howitzer&target=M4+75mm&artillery=true&moves=2", "moves, ambush: off-table artillery neither moves nor fires from ambush"},
		{"firer=Panther&target=105L28+Howitzer&range=2", `target: "105L28 Howitzer" is off-table artillery, which cannot be fired on`},
		{"rules=great-battles&" + base, `rules: "great-battles" has no shot odds`},
		{"rules=pagano&firer=T-34-85&target=Tiger+I&range=2", "aspect: missing"},
		{"rules=pagano&firer=T-34-85&target=Tiger+I&range=2&aspect=top", `aspect: "top": want front, side or rear`},
		{"rules=pagano&firer=T-34-85&target=Tiger+I&range=2&aspect=side&firer_motion=fast", `firer_motion: "fast": want stopped`},
		{"rules=pagano&firer=T-34-85&target=Tiger+I&range=2&aspect=side&flank=true", "flank: not a parameter of pagano, which takes rules, ambush, aspect,"},
		{"rules=pagano&firer=T-34-85&target=Tiger+I&aspect=side", "range: missing"},
		{"rules=pagano&firer=T-34-85&target=Tiger+I&range=2&aspect=side&ambush=true&target_motion=stationary", `target_motion: "stationary": ambush fire is at a moving target (ruling P18)`},
		{base + "&range=2&hedgerow=true", "hedgerow: not a parameter of armour-battles"},
		{"rules=pagano&firer=Panther+Ausf+G&target=Jeep&range=2&aspect=side", `target: no unit type "Jeep" in pagano`},
	} {
		r := e.do("GET", "/api/odds?"+tc.query, "", nil)
		var msg struct{ Error string }
		r.decode(t, &msg)
		if r.status != 400 || r.errCode() != "bad_request" || !strings.Contains(msg.Error, tc.says) {
			t.Errorf("GET /api/odds?%s: %d %s; want 400 bad_request saying %q", tc.query, r.status, r.body, tc.says)
		}
	}
	if r := e.do("POST", "/api/odds?"+url.Values{"firer": {"Panther"}}.Encode(), "", nil); r.status != 405 {
		t.Errorf("POST /api/odds: %d %s, want 405", r.status, r.body)
	}
}

// TestTablesideRoll asks GET /api/odds/roll: the shot of GET /api/odds,
// rolled with the seed given (or one the server draws and names), as
// ab.RollShot rolls it from that seed; the same seed gives the same dice.
// A Pagano shot's d10s carry the modifiers its odds show.
func TestTablesideRoll(t *testing.T) {
	e := newEnv(t, server.Config{})
	type rolled struct {
		Seed uint64           `json:"seed"`
		Odds odds.Situational `json:"odds"`
		Roll ab.ShotRoll      `json:"roll"`
	}
	roll := func(query string) rolled {
		t.Helper()
		r := e.do("GET", "/api/odds/roll?"+query, "", nil)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", query, r.status, r.body)
		}
		var got rolled
		r.decode(t, &got)
		return got
	}
	for _, query := range []string{"firer=Panther&target=M4+75mm&range=12&target_dp=1", "firer=105L28+Howitzer&target=StuG+III&artillery=true", "firer=Panther&target=M4+75mm&range=40"} {
		var asked odds.Situational
		e.do("GET", "/api/odds?"+query, "", nil).decode(t, &asked)
		for seed := uint64(1); seed <= 30; seed++ {
			got := roll(query + "&seed=" + strconv.FormatUint(seed, 10))
			want := ab.RollShot(asked.Dice(), asked.TargetDP, dice.NewPCG(seed))
			if got.Seed != seed || !cmp.Equal(got.Odds, asked) {
				t.Fatalf("%s seed %d: seed %d, odds %+v; want the seed and GET /api/odds's %+v", query, seed, got.Seed, got.Odds, asked)
			}
			if diff := cmp.Diff(want, got.Roll); diff != "" {
				t.Fatalf("%s seed %d: the roll (-RollShot +served):\n%s", query, seed, diff)
			}
		}
	}
	// The Panther's 9D at 4+ against the M4's 5D at 4+: every seed rolls
	// nine attack dice whose successes are the faces of 4 or more, and
	// thirty seeds land some Disruption Points and miss sometimes.
	hits := 0
	for seed := 1; seed <= 30; seed++ {
		r := roll("firer=Panther&target=M4+75mm&range=12&seed=" + strconv.Itoa(seed)).Roll
		n := 0
		for _, f := range r.Attack {
			if f >= 4 {
				n++
			}
		}
		if len(r.Attack) != 9 || n != r.AttackSuccesses || r.Outcome == "" {
			t.Errorf("seed %d: the Panther's roll %+v; want 9 attack dice, %d successes and an outcome", seed, r, n)
		}
		if r.Disruption > 0 {
			hits++
		}
	}
	if hits == 0 || hits == 30 {
		t.Errorf("the Panther's 30 rolls disrupted the M4 %d times; want some hits and some misses", hits)
	}
	drawn := roll("firer=Panther&target=M4+75mm&range=12")
	if again := roll("firer=Panther&target=M4+75mm&range=12&seed=" + strconv.FormatUint(drawn.Seed, 10)); !cmp.Equal(again, drawn) {
		t.Errorf("a drawn seed's roll %+v, asked again by its seed %+v", drawn, again)
	}
	if drawn.Seed >= 1<<53 {
		t.Errorf("drawn seed %d: want one a JavaScript number holds exactly", drawn.Seed)
	}

	// Pagano's: the d10s' totals carry the modifiers of the odds shown,
	// and the result is Table 3's for the effect total.
	type paganoRolled struct {
		Seed uint64        `json:"seed"`
		Odds pagano.Report `json:"odds"`
		Roll pagano.ShotRoll
	}
	results := map[string]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		query := "rules=pagano&firer=T-34-85&target=Tiger+I&range=10&aspect=side&target_motion=moving&seed=" + strconv.FormatUint(seed, 10)
		var got paganoRolled
		r := e.do("GET", "/api/odds/roll?"+query, "", nil)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", query, r.status, r.body)
		}
		r.decode(t, &got)
		var again paganoRolled
		e.do("GET", "/api/odds/roll?"+query, "", nil).decode(t, &again)
		ro := got.Roll
		results[ro.Result]++
		want := "missed"
		if ro.Hit {
			switch et := ro.EffectTotal; {
			case et <= 5:
				want = "deflected"
			case et >= 7:
				want = "wrecked"
			case ro.SubRoll <= 5:
				want = "stunned"
			default:
				want = "immobilized"
			}
		}
		switch {
		case !cmp.Equal(got, again):
			t.Errorf("seed %d rolled twice: %+v, then %+v", seed, got, again)
		case ro.HitTotal-ro.HitRoll != got.Odds.HitMods.Sum() || ro.Hit != (ro.HitRoll != 1 && ro.HitTotal >= 6):
			t.Errorf("seed %d: to hit %d for %d; the odds' modifiers sum to %d", seed, ro.HitTotal, ro.HitRoll, got.Odds.HitMods.Sum())
		case ro.Hit && ro.EffectTotal-ro.EffectRoll != got.Odds.EffectMods.Sum():
			t.Errorf("seed %d: effect %d for %d; the odds' modifiers sum to %d", seed, ro.EffectTotal, ro.EffectRoll, got.Odds.EffectMods.Sum())
		case ro.Result != want || ro.Outcome == "":
			t.Errorf("seed %d: %+v; want %s", seed, ro, want)
		case (ro.Result == "stunned" || ro.Result == "immobilized") != (ro.ErrantRoll > 0):
			t.Errorf("seed %d: %+v; a moving target halted by a stun or immobilization rolls its errant turn, and only then", seed, ro)
		}
	}
	if results["missed"] == 0 || results["missed"] == 60 {
		t.Errorf("60 Pagano rolls came to %v; want hits and misses", results)
	}
	var far paganoRolled
	e.do("GET", "/api/odds/roll?rules=pagano&firer=T-34-85&target=Tiger+I&range=90&aspect=side&seed=1", "", nil).decode(t, &far)
	if far.Odds.InRange || far.Roll.Result != "out of range" || far.Roll.HitRoll != 0 {
		t.Errorf("a Pagano shot beyond Table 2: %+v; want nothing rolled", far)
	}

	for _, tc := range []struct{ query, says string }{
		{"firer=Panther&target=M4+75mm&range=12&seed=x", "seed: want a whole number"},
		{"firer=Panther&target=M4+75mm&range=12&seed=-1", "seed: want a whole number"},
		{"firer=Panther&target=M4+75mm&range=12&seed=9007199254740992", "seed: want a whole number from 0 to 9007199254740991"},
		{"firer=Panther&target=M4+75mm&range=12&seed=1&seed=2", "seed: given 2 times"},
		{"rules=pagano&firer=T-34-85&target=Tiger+I&range=10", "aspect: missing"},
		{"firer=Panther&target=M4+75mm&range=12&dice=9", "dice: no such parameter"},
		{"firer=Panther&target=M4+75mm", "range: missing"},
	} {
		r := e.do("GET", "/api/odds/roll?"+tc.query, "", nil)
		if r.status != 400 || r.errCode() != "bad_request" || !strings.Contains(string(r.body), tc.says) {
			t.Errorf("%s: %d %s; want 400 saying %q", tc.query, r.status, r.body, tc.says)
		}
	}
}

// TestTablesideCompare asks GET /api/odds/compare: every cell is GET
// /api/odds's answer for that firer and target in the situation asked,
// the lists default to every unit type but off-table artillery, and bad
// queries are 400s that name the parameter.
func TestTablesideCompare(t *testing.T) {
	e := newEnv(t, server.Config{})
	type matrix struct {
		Rules   string `json:"rules"`
		Firers  []struct{ ID, Name string }
		Targets []struct{ ID, Name string }
		Cells   [][]json.RawMessage
	}
	for _, c := range []struct{ compare, pair string }{
		{"range=12&flank=true&firers=Panther,m5&targets=M4+75mm,tiger-i", "range=12&flank=true"},
		{"rules=pagano&range=15&aspect=side&hull_down=true&firers=T-34-85&targets=Tiger+I,m4-75", "rules=pagano&range=15&aspect=side&hull_down=true"},
	} {
		r := e.do("GET", "/api/odds/compare?"+c.compare, "", nil)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", c.compare, r.status, r.body)
		}
		var m matrix
		r.decode(t, &m)
		if len(m.Cells) != len(m.Firers) || len(m.Firers) == 0 || len(m.Targets) != 2 {
			t.Fatalf("%s: %s", c.compare, r.body)
		}
		for i, f := range m.Firers {
			for j, tg := range m.Targets {
				one := e.do("GET", "/api/odds?"+c.pair+"&firer="+f.ID+"&target="+tg.ID, "", nil)
				var want, got any
				json.Unmarshal(one.body, &want)
				json.Unmarshal(m.Cells[i][j], &got)
				if d := cmp.Diff(want, got); one.status != 200 || d != "" {
					t.Errorf("%s: %s at %s (-/api/odds +compare):\n%s", c.compare, f.ID, tg.ID, d)
				}
			}
		}
	}
	var all matrix
	e.do("GET", "/api/odds/compare?range=12", "", nil).decode(t, &all)
	if len(all.Firers) != 9 || len(all.Targets) != 9 || len(all.Cells) != 9 || len(all.Cells[8]) != 9 {
		t.Errorf("every Armour Battles unit type but the two batteries: %d firers, %d targets", len(all.Firers), len(all.Targets))
	}
	for _, tc := range []struct{ query, says string }{
		{"range=12&firer=Panther", "firer: not a parameter of a comparison"},
		{"range=12&firers=Panther,,m5", `firers: "Panther,,m5" has an empty name`},
		{"range=12&targets=m7", `targets: "M7 Howitzer Motor Carriage" is off-table artillery`},
		{"range=12&firers=a&firers=b", "firers: given 2 times"},
		{"range=12&aspect=side", "aspect: not a parameter of armour-battles"},
		{"range=12&artillery=true", "artillery: not a parameter of a comparison"},
		{"range=12&bogus=1", "bogus: no such parameter; a comparison under armour-battles takes firers, targets, rules, ambush, attack_wild,"},
		{"range=-1", "range: a distance of 0 inches or more, got -1"},
		{"rules=pagano&range=12", "aspect: missing"},
		{"firers=Panther", "range: missing"},
		{"range=12&firers=Sherman+Firefly", `firers: no unit type "Sherman Firefly"`},
	} {
		r := e.do("GET", "/api/odds/compare?"+tc.query, "", nil)
		var msg struct{ Error string }
		json.Unmarshal(r.body, &msg)
		if r.status != 400 || !strings.Contains(msg.Error, tc.says) {
			t.Errorf("%s: %d %s; want 400 saying %q", tc.query, r.status, r.body, tc.says)
		}
	}
}
