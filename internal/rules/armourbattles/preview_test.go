package armourbattles

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

func previewOf(t *testing.T, f *fixture, m Move) UnitMovePreview {
	t.Helper()
	p, ok := f.s.Preview(m).(MovePreview)
	if !ok || len(p.Units) != 1 {
		t.Fatalf("preview of %+v: %#v", m, f.s.Preview(m))
	}
	return p.Units[0]
}

func nearTo(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestPreviewHedge: the rule book's hedge example (a Panzer IV 5" short of
// a hedge). Going 16.25" on, to x = 30, costs the 16.25" and the hedge's
// fixed move: 22.25". One die (6" + 1D6) never gets there; with a roll of
// 1 it stops at the hedge, with a 6 it ends wholly beyond it. Three dice
// (18" + 3D6) fail only on a total of 3 or 4.
func TestPreviewHedge(t *testing.T) {
	hedge := table.Feature{Kind: table.KindHedge, Line: geom.Polyline{{X: 20, Y: 0}, {X: 20, Y: 48}}}
	for _, tc := range []struct {
		dice                   int
		chance, sure, furthest float64
	}{
		{1, 0, 5, 7.5},
		{3, 212.0 / 216, 15, 16.25}, // the lowest roll (21") falls 1.25" short
	} {
		f := newFixture(t, []table.Feature{hedge}, german, 3, placed{"de-1", "panzer-iv-h", german, 13.75, 24, 0})
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: tc.dice})
		p := previewOf(t, f, Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{30, 24}}}}})
		if !nearTo(p.Length, 16.25, 0.01) || !nearTo(p.Cost, 22.25, 0.01) {
			t.Errorf("%d dice: length %.2f cost %.2f, want 16.25 and 22.25", tc.dice, p.Length, p.Cost)
		}
		if !nearTo(p.Chance, tc.chance, 1e-4) || !nearTo(p.Sure, tc.sure, 0.01) || !nearTo(p.Furthest, tc.furthest, 0.01) {
			t.Errorf("%d dice: chance %.4f sure %.2f furthest %.2f, want %.4f %.2f %.2f", tc.dice, p.Chance, p.Sure, p.Furthest, tc.chance, tc.sure, tc.furthest)
		}
		if p.Fixed != 6*float64(tc.dice) || p.Least != 7*float64(tc.dice) || p.Most != 12*float64(tc.dice) {
			t.Errorf("%d dice: movement %v/%v/%v", tc.dice, p.Fixed, p.Least, p.Most)
		}
		if want := 13.75 + tc.sure; !nearTo(p.SureAt[0], want, 0.01) || p.SureAt[1] != 24 {
			t.Errorf("%d dice: sure at %v, want (%.2f, 24)", tc.dice, p.SureAt, want)
		}
	}
}

// TestPreviewChanceAtAHedge: the chance a move gets there is what the move
// does with each roll. A Panzer IV with its front 1" short of a hedge
// moves 2.75" across it on one die: crossing takes more than the fixed
// move, so the low rolls stop it at the hedge (a budget of exactly the
// cost's whole number among them). Each face is played, and the share
// that reach the end is the preview's chance.
func TestPreviewChanceAtAHedge(t *testing.T) {
	hedge := table.Feature{Kind: table.KindHedge, Line: geom.Polyline{{X: 20, Y: 0}, {X: 20, Y: 48}}}
	setup := func() *fixture {
		f := newFixture(t, []table.Feature{hedge}, german, 3, placed{"de-1", "panzer-iv-h", german, 16.75, 24, 0})
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		return f
	}
	to := Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{19.5, 24}}}}}
	p := previewOf(t, setup(), to)
	reached := 0
	for face := 1; face <= 6; face++ {
		f := setup()
		f.dice(face)
		f.do(to)
		f.passAll()
		if near(f.unit("de-1").Pos.X, 19.5) {
			reached++
		}
	}
	if reached == 0 || reached == 6 || !nearTo(p.Chance, float64(reached)/6, 1e-4) {
		t.Errorf("the preview gives chance %.4f; playing each face, %d of 6 get there (the test wants some to stop at the hedge)", p.Chance, reached)
	}
}

// TestPreviewWoods: 5" of open ground then 5" into a wood costs 15": out of
// one die's reach, and 12" + 2D6 fails only on double 1. A suppressed unit
// has no fixed move. Maxing a die with a wild die makes two dice certain.
func TestPreviewWoods(t *testing.T) {
	woods := rect(table.KindWoods, 20, 0, 30, 48)
	to := Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{23.75, 24}}}}}
	for _, tc := range []struct {
		dice       int
		suppressed bool
		max        string
		chance     float64
	}{
		{1, false, "", 0},
		{2, false, "", 35.0 / 36},
		{2, false, "wild", 1},
		{1, true, "", 0},
		{2, true, "", 0}, // 2D6 only, at most 12 of 15
	} {
		f := newFixture(t, []table.Feature{woods}, german, 2, placed{"de-1", "panzer-iv-h", german, 13.75, 24, 0})
		f.unit("de-1").Suppressed = tc.suppressed
		f.s.Sides[german].Dice[6] = 1
		if err := f.s.Validate(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: tc.dice}); err != nil {
			t.Fatal(err)
		}
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: tc.dice})
		m := to
		m.Max = tc.max
		p := previewOf(t, f, m)
		if !nearTo(p.Cost, 15, 0.01) || !nearTo(p.Chance, tc.chance, 1e-4) {
			t.Errorf("%+v: cost %.2f chance %.4f, want 15 and %.4f", tc, p.Cost, p.Chance, tc.chance)
		}
		if tc.suppressed && p.Fixed != 0 {
			t.Errorf("%+v: a suppressed unit has %v\" fixed", tc, p.Fixed)
		}
	}
}

// TestPreviewBreakdown: a Tiger on a double move breaks down on more 1s
// than 6s: nine rolls of 36. A die maxed to 6 leaves one die, which cannot
// show more 1s than the 6. A single move never breaks down, and a
// reliable unit gets no figure.
func TestPreviewBreakdown(t *testing.T) {
	for _, tc := range []struct {
		typ  string
		dice int
		max  string
		want float64
	}{
		{"tiger-i", 2, "", 9.0 / 36},
		{"tiger-i", 2, "staff", 0},
		{"tiger-i", 1, "", 0},
		{"panzer-iv-h", 2, "", 0},
	} {
		f := newFixture(t, nil, german, 2, placed{"de-t", tc.typ, german, 30, 40, -90})
		f.do(Activate{Order: OrderMoveFire, Leader: "de-t", Dice: tc.dice})
		p := previewOf(t, f, Move{Units: []UnitMove{{Unit: "de-t", To: [][2]float64{{30, 30}}}}, Max: tc.max})
		if !nearTo(p.Breakdown, tc.want, 1e-4) {
			t.Errorf("%+v: breakdown %.4f, want %.4f", tc, p.Breakdown, tc.want)
		}
	}
}

// TestPreviewOnlyLegalMoves: no preview for a refused move or another kind
// of action, and previewing changes nothing.
func TestPreviewOnlyLegalMoves(t *testing.T) {
	f := newFixture(t, nil, german, 2, placed{"de-1", "panzer-iv-h", german, 30, 24, 0}, placed{"de-2", "panzer-iv-h", german, 30, 40, 0})
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	before := f.s.Hash()
	for _, a := range []any{
		f.s.Preview(Move{Units: []UnitMove{{Unit: "de-2", To: [][2]float64{{40, 40}}}}}), // not in the group
		f.s.Preview(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{80, 24}}}}}), // off the table
		f.s.Preview(EndActivation{}),
	} {
		if a != nil {
			t.Errorf("preview %#v, want none", a)
		}
	}
	if f.s.Preview(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{40, 24}}}}}) == nil {
		t.Error("no preview of a legal move")
	}
	if f.s.Hash() != before {
		t.Error("previewing changed the state")
	}
}

// TestPreviewReaction: a suppressed Panzer IV with a point already is hit
// (the attack rolled); the preview of each answer — no boost, a staff
// order's die, its suppression removed first — gives its reaction pool and
// chances equal to counting every face of the reaction dice, and changes
// nothing.
func TestPreviewReaction(t *testing.T) {
	f := newFixture(t, nil, us, 1, placed{"us-1", "m4-75", us, 36, 20, 90}, placed{"de-1", "panzer-iv-h", german, 36, 30, -90})
	f.s.Rev = Revision
	f.unit("de-1").Suppressed = true
	f.unit("de-1").DP = 1
	f.s.Sides[german].Staff = 3
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
	f.dice(6, 5, 5, 1, 1, 1, 1)
	f.do(Fire{Unit: "us-1", Target: "de-1"})
	f.do(OppPass{})
	f.pending("reaction-boost")
	sh := f.s.Shots[len(f.s.Shots)-1]
	before := f.s.Hash()
	base, ok := f.s.Preview(Boost{}).(ReactionPreview)
	if !ok {
		t.Fatalf("no reaction preview: %#v", f.s.Preview(Boost{}))
	}
	boosted := f.s.Preview(Boost{Staff: true}).(ReactionPreview)
	freed := f.s.Preview(Unsuppress{Unit: "de-1", Staff: true}).(ReactionPreview)
	if f.s.Hash() != before || !f.unit("de-1").Suppressed {
		t.Fatal("previewing changed the state")
	}
	if boosted.Dice != base.Dice+1 || boosted.TN != base.TN || freed.TN != base.TN-1 || freed.Dice != base.Dice {
		t.Errorf("pools: base %dD at %d+, boosted %dD at %d+, freed %dD at %d+", base.Dice, base.TN, boosted.Dice, boosted.TN, freed.Dice, freed.TN)
	}
	for _, p := range []ReactionPreview{base, boosted, freed} {
		want := bruteReaction(sh.Attack, p.Dice, p.TN, 1)
		got := [4]float64{p.NoEffect, p.Disrupted, p.Dispersed, p.Suppressed}
		for i := range got {
			if !nearTo(got[i], want[i], 1e-4) {
				t.Errorf("%dD at %d+ against %d successes, %d sixes: %v, counting faces gives %v", p.Dice, p.TN, sh.Attack.Successes, sh.Attack.Sixes, got, want)
				break
			}
		}
	}
	if !(boosted.Disrupted < base.Disrupted && freed.Disrupted < base.Disrupted) {
		t.Errorf("an extra die (%.4f) or the better target number (%.4f) does not lower the chance of disruption (%.4f)", boosted.Disrupted, freed.Disrupted, base.Disrupted)
	}
}

// bruteReaction counts every face of n reaction dice at tn against a
// rolled attack on a unit with dp points: the chances of no effect,
// disruption, dispersal and suppression (not dispersed).
func bruteReaction(attack PoolResult, n, tn, dp int) [4]float64 {
	var out [4]float64
	for r, p := range rollFaces(n, tn) {
		net := max(0, attack.Successes-r.Successes)
		sup := attack.Sixes > r.Sixes
		if net == 0 && !sup {
			out[0] += p
		}
		if net > 0 {
			out[1] += p
		}
		if dp+net >= DispersalDP {
			out[2] += p
		} else if sup {
			out[3] += p
		}
	}
	return out
}

// rolled keeps rollFaces' answers by n and tn.
var rolled = map[[2]int]map[PoolResult]float64{}

// rollFaces rolls every face of n dice at tn and gives the chance of
// each number of successes and sixes (worked out once for each n and tn).
func rollFaces(n, tn int) map[PoolResult]float64 {
	if r, ok := rolled[[2]int{n, tn}]; ok {
		return r
	}
	rolls := map[PoolResult]float64{}
	defer func() { rolled[[2]int{n, tn}] = rolls }()
	total := 1
	for range n {
		total *= 6
	}
	for c := range total {
		var r PoolResult
		for i, x := 0, c; i < n; i, x = i+1, x/6 {
			if f := x%6 + 1; f >= tn {
				r.Successes++
				if f == 6 {
					r.Sixes++
				}
			}
		}
		rolls[r] += 1 / float64(total)
	}
	return rolls
}

// TestPreviewRally: a rally order's preview gives each unit's pool as
// the rally rolls it (the leader with the staff order's extra die) and the
// chance of removing each number of points, equal to counting every face
// of both sides' dice.
func TestPreviewRally(t *testing.T) {
	f := newFixture(t, nil, us, 2, placed{"us-1", "m4-75", us, 30, 10, 90}, placed{"us-2", "m4-75", us, 34, 10, 90}, placed{"de-1", "panzer-iv-h", german, 32, 30, -90})
	f.unit("us-1").DP = 2
	f.unit("us-2").DP = 1
	a := Activate{Order: OrderRally, Leader: "us-1", Members: []string{"us-2"}, Dice: 1, BoostUnit: "us-1", Staff: true}
	pv, ok := f.s.Preview(a).(RallyPreview)
	if !ok || len(pv.Units) != 2 {
		t.Fatalf("preview %#v", f.s.Preview(a))
	}
	for i, p := range pv.Units {
		u := f.s.unitIndex(p.Unit)
		extra := 0
		if i == 0 {
			extra = 1
		}
		if n, tn := f.s.rallyPool(u, extra); p.Dice != n || p.TN != tn || p.DP != f.s.Units[u].DP {
			t.Errorf("%s: %dD at %d+ with %d DP, the rally rolls %dD at %d+", p.Unit, p.Dice, p.TN, p.DP, n, tn)
		}
		want := make([]float64, p.DP+1)
		faces := 1
		for range p.Dice + p.DP {
			faces *= 6
		}
		for c := range faces {
			rs, os := 0, 0
			for k, x := 0, c; k < p.Dice+p.DP; k, x = k+1, x/6 {
				switch fc := x%6 + 1; {
				case k < p.Dice && fc >= p.TN:
					rs++
				case k >= p.Dice && fc >= 4:
					os++
				}
			}
			want[min(p.DP, max(0, rs-os))] += 1 / float64(faces)
		}
		for k := range want {
			if !nearTo(p.Removed[k], want[k], 1e-4) {
				t.Errorf("%s: removes %v, counting faces gives %v", p.Unit, p.Removed, want)
				break
			}
		}
	}
	if pv.Units[0].Dice != pv.Units[1].Dice+1 {
		t.Errorf("the staff order's die went to %v", pv.Units)
	}
}

// TestPreviewBreakOff: an M5 fired on may break off; the preview of
// standing gives the shot's own pools, breaking off two more reaction
// dice and a lower chance of disruption; each gives the chances that
// counting every face of both pools gives, and changes nothing.
func TestPreviewBreakOff(t *testing.T) {
	f := m5FiredAt(t, 20, 10)
	before := f.s.Hash()
	sh := f.s.Shots[len(f.s.Shots)-1]
	stand, ok1 := f.s.Preview(BreakOffChoice{}).(ShotPreview)
	off, ok2 := f.s.Preview(BreakOffChoice{Yes: true}).(ShotPreview)
	if !ok1 || !ok2 {
		t.Fatalf("previews %#v, %#v", f.s.Preview(BreakOffChoice{}), f.s.Preview(BreakOffChoice{Yes: true}))
	}
	if f.s.Hash() != before {
		t.Fatal("previewing changed the state")
	}
	d, _ := f.s.declaredShot(&sh).Dice()
	if stand.AttackDice != d.AttackDice || stand.ReactionDice != d.ReactionDice || off.ReactionDice != d.ReactionDice+2 || off.AttackDice != d.AttackDice {
		t.Errorf("pools: the shot %dD v %dD; standing %dD v %dD, breaking off %dD v %dD", d.AttackDice, d.ReactionDice, stand.AttackDice, stand.ReactionDice, off.AttackDice, off.ReactionDice)
	}
	if !(off.Disrupted < stand.Disrupted && off.NoEffect > stand.NoEffect) {
		t.Errorf("breaking off (%+v) is no better than standing (%+v)", off, stand)
	}
	dp := f.unit("us-m5").DP
	for _, p := range []ShotPreview{stand, off} {
		want := bruteShot(p.AttackDice, p.AttackTN, p.ReactionDice, p.ReactionTN, dp)
		got := [4]float64{p.NoEffect, p.Disrupted, p.Dispersed, p.Suppressed}
		for i := range got {
			if !nearTo(got[i], want[i], 1e-4) {
				t.Errorf("%dD at %d+ against %dD at %d+: %v, counting faces gives %v", p.AttackDice, p.AttackTN, p.ReactionDice, p.ReactionTN, got, want)
				break
			}
		}
	}
}

// TestPreviewBreakOffIntoWoods: an M5 fired on at 10" with woods behind
// it: breaking off, it backs a normal move (one die) and ends in the
// woods on the longer rolls. The preview's ends are
// where breaking off with each face of the die puts it, its odds are the
// average over the faces of counting every face of each end's pools, the
// cover die counted where the M5 ends, and Covered is the share of ends
// in cover, strictly between 0 and 1 here.
func TestPreviewBreakOffIntoWoods(t *testing.T) {
	woods := rect(table.KindWoods, 0, 0, 72, 19)
	setup := func() *fixture {
		f := newFixture(t, []table.Feature{woods}, german, 1,
			placed{"de-1", "panzer-iv-h", german, 36, 40, -90},
			placed{"us-m5", "m5", us, 36, 30, 90})
		f.s.Sides[us].Staff = 0
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.do(Fire{Unit: "de-1", Target: "us-m5"})
		f.pending("break-off")
		return f
	}
	f := setup()
	before := f.s.Hash()
	stand := f.s.Preview(BreakOffChoice{}).(ShotPreview)
	off, ok := f.s.Preview(BreakOffChoice{Yes: true}).(ShotPreview)
	if !ok || len(off.Ends) != 6 || f.s.Hash() != before {
		t.Fatalf("preview %#v (state changed: %v)", f.s.Preview(BreakOffChoice{Yes: true}), f.s.Hash() != before)
	}
	var want [4]float64
	covered := 0
	for face := 1; face <= 6; face++ {
		g := setup()
		g.dice(face, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1) // the move, then misses
		g.do(BreakOffChoice{Yes: true})
		u := g.s.unitIndex("us-m5")
		pos, cover := g.unit("us-m5").Pos, g.s.inWoods(g.s.box(u))
		e := off.Ends[face-1]
		if e.Face != face || !near(e.X, pos.X) || !near(e.Y, pos.Y) || e.Cover != cover {
			t.Errorf("face %d: the preview ends at (%.2f, %.2f), cover %v; breaking off puts the M5 at %v, cover %v", face, e.X, e.Y, e.Cover, pos, cover)
		}
		rd := stand.ReactionDice + 2
		if cover {
			rd++
			covered++
		}
		for i, p := range bruteShot(stand.AttackDice, stand.AttackTN, rd, stand.ReactionTN, 0) {
			want[i] += p / 6
		}
	}
	if covered == 0 || covered == 6 || !nearTo(off.Covered, float64(covered)/6, 1e-4) {
		t.Errorf("covered %.4f, %d of 6 ends in the woods; want some in and some out", off.Covered, covered)
	}
	got := [4]float64{off.NoEffect, off.Disrupted, off.Dispersed, off.Suppressed}
	for i := range got {
		if !nearTo(got[i], want[i], 2e-4) {
			t.Errorf("breaking off: %v, counting faces end by end gives %v", got, want)
			break
		}
	}
	if off.ReactionDice != stand.ReactionDice+2 || off.AttackDice != stand.AttackDice {
		t.Errorf("the pools given %dD v %dD; standing %dD v %dD: want those of an end out of cover", off.AttackDice, off.ReactionDice, stand.AttackDice, stand.ReactionDice)
	}
}

// TestPreviewBreakOffHidesNothing: a hidden Panzer IV stands behind an M5
// that may break off. The preview's ends are the same as with no Panzer
// there: where the M5 would stop short of it is not for its side to know.
func TestPreviewBreakOffHidesNothing(t *testing.T) {
	ends := func(hidden bool) []BreakOffEnd {
		units := []placed{{"de-1", "panzer-iv-h", german, 36, 40, -90}, {"us-m5", "m5", us, 36, 30, 90}}
		if hidden {
			units = append(units, placed{"de-2", "panzer-iv-h", german, 36, 21, 90})
		}
		f := newFixture(t, nil, german, 1, units...)
		if hidden {
			f.unit("de-2").Hidden = true
		}
		f.s.Sides[us].Staff = 0
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.do(Fire{Unit: "de-1", Target: "us-m5"})
		f.pending("break-off")
		before := f.s.Hash()
		p := f.s.Preview(BreakOffChoice{Yes: true}).(ShotPreview)
		if f.s.Hash() != before || hidden && !f.unit("de-2").Placed {
			t.Fatal("previewing changed the state")
		}
		return p.Ends
	}
	open, hidden := ends(false), ends(true)
	if !slices.Equal(open, hidden) {
		t.Errorf("with a hidden enemy behind, the ends are %v; without it %v", hidden, open)
	}
}

// bruteShot counts every face of a shot's n attack dice at tn, and for
// each attack roll every face of its reaction dice (bruteReaction): the
// chances of no effect, disruption, dispersal and suppression on a target
// with dp points. An attack with no success asks no reaction check.
func bruteShot(n, tn, rn, rtn, dp int) [4]float64 {
	var out [4]float64
	for r, w := range rollFaces(n, tn) {
		if r.Successes == 0 {
			out[0] += w
			continue
		}
		for i, p := range bruteReaction(r, rn, rtn, dp) {
			out[i] += w * p
		}
	}
	return out
}

// TestPreviewMission: a fire mission called on a Panther: the chance it
// fires at once is the response check's (4D against 3D at 4+, counted
// face by face); the Panther under the marker is under the burst whenever
// the fire lands on target and on most deviations, its neighbour 3" off
// no more often, the Americans 36" away never (not listed), and a hidden
// unit under the marker is left out; a smoke mission lists no units.
func TestPreviewMission(t *testing.T) {
	f := smokeFixture(t)
	f.s.Units = append(f.s.Units, f.s.Units[f.s.unitIndex("de-2")])
	f.s.Units[len(f.s.Units)-1].ID, f.s.Units[len(f.s.Units)-1].Hidden = "de-3", true
	f.s.Units[len(f.s.Units)-1].Pos = geom.Point{X: 31, Y: 43}
	a := CallMission{Battery: "us-art", Observer: "us-1", X: 31, Y: 40}
	if err := f.s.Validate(a); err != nil {
		t.Fatal(err)
	}
	before := f.s.Hash()
	pv, ok := f.s.Preview(a).(MissionPreview)
	if !ok || f.s.Hash() != before {
		t.Fatalf("preview %#v (state changed: %v)", f.s.Preview(a), f.s.Hash() != before)
	}
	n := f.s.b.sides[us].params.ArtilleryResponseDice
	faces, wins := 1, 0
	for range n + ResponseOpposition {
		faces *= 6
	}
	for c := range faces {
		r, o := 0, 0
		for k, x := 0, c; k < n+ResponseOpposition; k, x = k+1, x/6 {
			if x%6+1 >= 4 {
				if k < n {
					r++
				} else {
					o++
				}
			}
		}
		if r > o {
			wins++
		}
	}
	if want := float64(wins) / float64(faces); !nearTo(pv.AtOnce, want, 1e-4) {
		t.Errorf("fires at once %.4f, counting faces %.4f", pv.AtOnce, want)
	}
	under := map[string]UnitMissionPreview{}
	for _, u := range pv.Units {
		under[u.Unit] = u
	}
	d1, d2 := under["de-1"], under["de-2"]
	if d1.Under <= 2.0/6 || d1.Under > 1 || d2.Under > d1.Under || d1.Disrupted <= 0 || d1.Disrupted > d1.Under {
		t.Errorf("de-1 %+v, de-2 %+v", d1, d2)
	}
	for _, id := range []string{"us-1", "us-2", "de-3"} {
		if _, ok := under[id]; ok {
			t.Errorf("%s is listed: %+v", id, under[id])
		}
	}
	a.Smoke = true
	if p := f.s.Preview(a).(MissionPreview); len(p.Units) != 0 || !nearTo(p.AtOnce, pv.AtOnce, 1e-9) {
		t.Errorf("smoke preview %+v", p)
	}
}

// TestPreviewOppFire: a Panzer IV drives at an M4 watching it; the
// preview of the M4's shot at a point of the path gives the pools the shot
// then declared there has, a nearer point better odds, and changes
// nothing.
func TestPreviewOppFire(t *testing.T) {
	f := newFixture(t, nil, german, 1, placed{"us-1", "m4-75", us, 36, 5, 90}, placed{"de-1", "panzer-iv-h", german, 36, 40, -90})
	f.s.Rev = Revision
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(6)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{36, 28}}}}})
	f.pending("opportunity-fire")
	before := f.s.Hash()
	far, ok := f.s.Preview(OppFire{Unit: "us-1", At: 0.5}).(ShotPreview)
	near, ok2 := f.s.Preview(OppFire{Unit: "us-1", At: 11.5}).(ShotPreview)
	if !ok || !ok2 || f.s.Hash() != before || f.unit("de-1").Pos.Y != 40 {
		t.Fatalf("previews %+v %+v; state changed %v", f.s.Preview(OppFire{Unit: "us-1", At: 0.5}), near, f.s.Hash() != before)
	}
	if !(near.Range < far.Range && near.Disrupted > far.Disrupted) {
		t.Errorf("at %.1f\" (%s) %+v; at %.1f\" (%s) %+v: the nearer shot should do more", far.Range, far.Band, far, near.Range, near.Band, near)
	}
	f.dice(repeat(1, 40)...) // the attack misses
	f.do(OppFire{Unit: "us-1", At: 11.5})
	if want := fmt.Sprintf("rolls %dD at %d+", near.AttackDice, near.AttackTN); !strings.Contains(f.log(), want) || !strings.Contains(f.log(), fmt.Sprintf("%.1f\"", near.Range)) {
		t.Errorf("the shot declared there:\n%s\nthe preview %+v (want %q)", f.log(), near, want)
	}
}

// TestPreviewAdjust: in the logistics phase a plotted mission's marker
// moved 3" onto the Panthers: the preview gives the burst's odds there,
// the same as a mission called there, to be fired when the phase ends.
func TestPreviewAdjust(t *testing.T) {
	f := smokeFixture(t)
	bt := &f.s.Batteries[len(f.s.Batteries)-1]
	bt.Marker = &geom.Point{X: 31, Y: 37}
	f.s.Phase = phaseLogistics
	a := AdjustMission{Battery: bt.ID, X: 31, Y: 40}
	if err := f.s.Validate(a); err != nil {
		t.Fatal(err)
	}
	pv, ok := f.s.Preview(a).(MissionPreview)
	if !ok || pv.AtOnce != 1 || len(pv.Units) == 0 {
		t.Fatalf("preview %#v", f.s.Preview(a))
	}
	want := f.s.burstPreview(len(f.s.Batteries)-1, geom.Point{X: 31, Y: 40})
	if len(want) != len(pv.Units) || want[0] != pv.Units[0] {
		t.Errorf("adjusted %+v, the burst there %+v", pv.Units, want)
	}
	if f.s.Preview(AdjustMission{Battery: bt.ID, X: 31, Y: 50}) != nil {
		t.Error("a preview of an adjustment the rules refuse (off the table)")
	}
}
