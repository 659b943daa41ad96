package armourbattles

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/geom"
)

// withBattery adds a battery of typ to side in a fixture.
func withBattery(t *testing.T, f *fixture, id, typ string, side int) {
	t.Helper()
	ut, err := mustCatalog(t).UnitType(Name, typ)
	if err != nil {
		t.Fatal(err)
	}
	f.s.b.addType(ut)
	f.s.Batteries = append(f.s.Batteries, Battery{ID: id, Type: f.s.b.typeIndex(ut), Side: side})
	f.s.b.sides[side].params.ArtilleryResponseDice = 4
}

func TestExampleArtilleryHitsEveryUnitInTheBurst(t *testing.T) {
	// "A hit is rolled – the targetted StuG III is hit along with the
	// other two StuGs." A burst of 4" from the marker's centre to the
	// closest point of each unit; 4+ regardless of range.
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 36, 10, 90},
		placed{"de-1", "stug-iii", german, 30, 30, -90},
		placed{"de-2", "stug-iii", german, 34, 30, -90},
		placed{"de-3", "stug-iii", german, 41, 30, -90}, // 5.25" from the marker to its hull
	)
	withBattery(t, f, "us-art", "m7", us)
	f.s.Sides[us].Staff = 2
	f.s.Sides[german].Staff = 0 // no reaction die to add
	// Response 4D vs 3D: 2 successes against 1: fires at once; hit die 6
	// (no deviation); StuG 1 and 2 attacked; StuG 3 out of the burst.
	f.dice(4, 5, 1, 1 /* opp 3D */, 4, 1, 1 /* hit die */, 6,
		/* de-1: 4D */ 6, 5, 1, 1 /* reaction 5D (artillery) */, 6, 4, 1, 1, 1,
		/* de-2: 4D */ 1, 1, 2, 2)
	f.do(CallMission{Battery: "us-art", Observer: "us-1", X: 32, Y: 30})
	f.usedAll()
	d1, d2, d3 := f.unit("de-1"), f.unit("de-2"), f.unit("de-3")
	// de-1: 2 hits (one six) vs 2 successes (one six): no disruption;
	// artillery suppression: matching the six is not enough.
	if d1.DP != 0 || !d1.Suppressed {
		t.Errorf("StuG 1 dp %d suppressed %v, want suppressed by tying sixes against artillery", d1.DP, d1.Suppressed)
	}
	if d2.DP != 0 || d2.Suppressed || d3.DP != 0 || d3.Suppressed {
		t.Errorf("StuG 2/3 affected: %+v %+v", d2, d3)
	}
	if !strings.Contains(f.log(), "5D at 4+") {
		t.Errorf("StuG reaction against artillery not 5D:\n%s", f.log())
	}
}

func TestExampleArtilleryDeviatesAndFiresNextLogistics(t *testing.T) {
	// A failed response check fires in the next logistics phase; a hit die
	// of 1-4 moves the marker the scatter die's inches in a d12 direction.
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 36, 10, 90},
		placed{"de-1", "panther-g", german, 36, 30, -90})
	withBattery(t, f, "us-art", "m7", us)
	f.s.Sides[us].Staff = 2
	f.dice(1, 1, 1, 1 /* opp */, 4, 4, 1)
	f.do(CallMission{Battery: "us-art", Observer: "us-1", X: 36, Y: 30})
	if f.s.Batteries[0].Marker == nil {
		t.Fatal("the marker was removed though the response check failed")
	}
	// Next turn's US logistics: adjust 2" with a staff order, then fire:
	// hit die 3 (deviates), scatter 5", d12 = 4 (90°: +y): lands 5" north
	// of (36, 32) at (36, 37): the Panther's hull (y 28.75-31.25) is 5.75"
	// away, out of the burst.
	f.s.Phase, f.s.Slots, f.s.Sides[us].Logistics = phaseChain, 0, false
	f.s.Sides[us].Dice = [7]int{0, 0, 1, 0, 0, 0, 0}
	f.s.advance(dice.NewScripted(), &f.evs)
	f.pending(phaseLogistics)
	f.do(AdjustMission{Battery: "us-art", X: 36, Y: 32})
	f.dice(3, 5, 4)
	f.do(EndLogistics{})
	f.usedAll()
	if !strings.Contains(f.log(), "deviates 5\" to (36.0, 37.0)") {
		t.Errorf("no 5\" deviation north in the log:\n%s", f.log())
	}
	if f.s.Batteries[0].Marker != nil {
		t.Error("impact marker not removed after firing")
	}
}

func TestCommandFailureCancelsUnmaintainedMissions(t *testing.T) {
	f := newFixture(t, nil, us, 0, placed{"us-1", "m4-75", us, 36, 10, 90})
	withBattery(t, f, "us-art", "m7", us)
	p := geom.Point{X: 36, Y: 30}
	f.s.Batteries[0].Marker = &p
	f.s.Phase, f.s.Sides[us].Failure, f.s.Sides[us].Logistics = phaseChain, true, false
	f.s.advance(dice.NewScripted(), &f.evs)
	f.pending(phaseLogistics)
	f.do(EndLogistics{})
	if f.s.Batteries[0].Marker != nil || !strings.Contains(f.log(), "cancelled by the command failure") {
		t.Errorf("mission survived a command failure without a staff order:\n%s", f.log())
	}
}

// TestFailuresWithoutLogisticsCancelMissions: when both sides fail their
// command roll, both sides' plotted missions are cancelled; so are those
// of a side that fails with no die left, which has no pulse in which to
// maintain them (Both Sides Roll a Command Failure; ruling R35).
func TestFailuresWithoutLogisticsCancelMissions(t *testing.T) {
	for _, c := range []struct {
		name  string
		rolls []int // German dice, then the US's (command dice 3 and 4 in the fixture)
	}{
		{"both fail", []int{1, 1, 2, 1, 1, 3, 4 /* then a quiet turn: */, 2, 3, 4, 2, 3, 4, 5}},
		{"us fails with no die left", []int{2, 3, 4, 1, 1, 1, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, nil, us, 0, placed{"us-1", "m4-75", us, 36, 10, 90}, placed{"de-1", "panther-g", german, 36, 40, -90})
			withBattery(t, f, "us-art", "m7", us)
			p := geom.Point{X: 36, Y: 30}
			f.s.Batteries[0].Marker = &p
			f.s.b.sides[german].params.CommandDice, f.s.b.sides[us].params.CommandDice = 3, 4
			f.s.b.params.FirstPulse = "roll"
			f.s.startTurn(dice.NewScripted(c.rolls...), &f.evs)
			if f.s.Batteries[0].Marker != nil || !strings.Contains(f.log(), "us-art's mission is cancelled") {
				t.Errorf("the US mission survived:\n%s", f.log())
			}
		})
	}
}

func TestSmokeBlocksLineOfSightUntilNextLogistics(t *testing.T) {
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 36, 10, 90},
		placed{"us-2", "m4-75", us, 20, 10, 90},
		placed{"de-1", "panther-g", german, 36, 30, -90})
	withBattery(t, f, "us-art", "m7", us)
	f.s.Sides[us].Staff = 2
	if !f.s.canSee(f.s.unitIndex("de-1"), f.s.unitIndex("us-1")) {
		t.Fatal("no line of sight before the smoke")
	}
	f.dice(6, 6, 6, 6, 1, 1, 1)
	f.do(CallMission{Battery: "us-art", Observer: "us-1", X: 36, Y: 20, Smoke: true, Orient: 0})
	if len(f.s.Smokes) != 1 || f.s.canSee(f.s.unitIndex("de-1"), f.s.unitIndex("us-1")) {
		t.Fatal("a smoke screen across the line of sight does not block it")
	}
	if !f.s.canSee(f.s.unitIndex("de-1"), f.s.unitIndex("us-2")) {
		t.Error("smoke blocks a line of sight that does not cross it")
	}
	f.s.Phase, f.s.Sides[us].Logistics, f.s.Slots = phaseChain, false, 0
	f.s.Sides[us].Dice = [7]int{0, 0, 1, 0, 0, 0, 0}
	f.s.advance(dice.NewScripted(), &f.evs)
	if len(f.s.Smokes) != 0 {
		t.Error("smoke did not lift at its side's next logistics phase")
	}
}

func TestHiddenUnitsNeverReachTheOtherSide(t *testing.T) {
	f := newFixture(t, nil, us, 2,
		placed{"us-1", "m4-75", us, 36, 5, 90},
		placed{"de-h", "stug-iii", german, 36, 40, -90})
	f.unit("de-h").Hidden = true
	js, _ := json.Marshal(f.s.View(us))
	if strings.Contains(string(js), "de-h") {
		t.Fatalf("US view shows the hidden StuG: %s", js)
	}
	js, _ = json.Marshal(f.s.View(german))
	if !strings.Contains(string(js), `"de-h"`) || !strings.Contains(string(js), `"hidden":true`) {
		t.Errorf("German view does not show its own hidden StuG")
	}
	// Candidates of the US do not target or move toward it.
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 2})
	for _, a := range f.s.Candidates(nil) {
		if fa, ok := a.(Fire); ok && fa.Target == "de-h" {
			t.Errorf("candidate fires at the hidden unit")
		}
	}
	// Firing at it is refused as firing at a unit that is not there is:
	// no word of line of sight or arc, which would give it away.
	hidden := f.s.Validate(Fire{Unit: "us-1", Target: "de-h"})
	absent := f.s.Validate(Fire{Unit: "us-1", Target: "nobody"})
	if hidden == nil || absent == nil || strings.ReplaceAll(hidden.Error(), `"de-h"`, "X") != strings.ReplaceAll(absent.Error(), `"nobody"`, "X") {
		t.Errorf("fire at the hidden StuG: %v; at no unit: %v; want the same answer", hidden, absent)
	}
	f.unit("us-1").Heading = geom.Deg(-90) // facing away: the arc must not tell either
	if err := f.s.Validate(Fire{Unit: "us-1", Target: "de-h"}); err == nil || err.Error() != hidden.Error() {
		t.Errorf("fire at the hidden StuG from behind: %v, want %v", err, hidden)
	}
	f.unit("us-1").Heading = geom.Deg(90)
	// Ending a move within 15" reveals it.
	f.dice(6, 6)
	f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{36, 25}}}}})
	f.passAll()
	if f.unit("de-h").Hidden {
		t.Errorf("StuG still hidden with an enemy %.1f\" away", f.s.box(0).Distance(f.s.box(1)))
	}
}

// TestSecretOrderMarksNoUnit: an order given to a group with a hidden
// unit names none of its units to the enemy, so neither the enemy's view
// nor the spectators' marks the visible leader activated; its own side's
// does. An order to visible units alone is marked for all.
func TestSecretOrderMarksNoUnit(t *testing.T) {
	activated := viewActivated
	f := newFixture(t, nil, german, 2,
		placed{"us-1", "m4-75", us, 36, 5, 90},
		placed{"de-rc", "sdkfz-234-2", german, 36, 40, -90},
		placed{"de-h", "stug-iii", german, 39, 40, -90},
		placed{"de-2", "stug-iii", german, 10, 40, -90})
	f.unit("de-h").Hidden = true
	f.do(Activate{Order: OrderMoveFire, Leader: "de-rc", Members: []string{"de-h"}, Dice: 1})
	if got, seen := activated(f, us, "de-rc"); !seen || got {
		t.Errorf("the US view of the Puma ordered with a hidden StuG: seen %v, activated %v; want it seen, not marked", seen, got)
	}
	if got, _ := activated(f, -1, "de-rc"); got {
		t.Error("the spectators' view marks the Puma ordered with a hidden StuG")
	}
	if got, _ := activated(f, german, "de-rc"); !got {
		t.Error("the German view does not mark its own Puma activated")
	}
	f.do(EndActivation{})
	f.passAll()
	// Nor does an American agent's determinized copy know of the order.
	if c := f.s.Determinize(us, dice.NewPCG(1)).(*State); c.Units[c.unitIndex("de-rc")].Activated {
		t.Error("the US determinized copy marks the Puma ordered with a hidden StuG activated")
	}
	if !f.unit("de-rc").Activated {
		t.Error("determinizing unmarked the real Puma")
	}
	if f.s.Active != german || f.s.Slots < 1 || f.s.Pending().Kind != "order" {
		t.Fatalf("no German order left to give: active %d, slots %d, pending %+v", f.s.Active, f.s.Slots, f.s.Pending())
	}
	f.do(Activate{Order: OrderMoveFire, Leader: "de-2", Dice: 1})
	if got, _ := activated(f, us, "de-2"); !got {
		t.Error("the US view does not mark a StuG ordered in the open")
	}
}

// TestSecretOrderNamedByItsActs: a Puma ordered with a hidden StuG is not
// marked activated in the American view until it acts in sight: once it
// moves, or fires, the view marks it, and once the activation is over an
// American agent's determinized copy keeps it activated; the StuG, which
// did nothing, stays out of the view.
func TestSecretOrderNamedByItsActs(t *testing.T) {
	for _, act := range []string{"move", "fire"} {
		f := newFixture(t, nil, german, 2,
			placed{"us-1", "m4-75", us, 36, 25, 90},
			placed{"de-rc", "sdkfz-234-2", german, 36, 40, -90},
			placed{"de-h", "stug-iii", german, 39, 40, -90})
		f.unit("de-h").Hidden = true
		f.do(Activate{Order: OrderMoveFire, Leader: "de-rc", Members: []string{"de-h"}, Dice: 1})
		if got, _ := viewActivated(f, us, "de-rc"); got {
			t.Fatalf("%s: the Puma is marked activated before it acts", act)
		}
		switch act {
		case "move":
			f.dice(3)
			f.do(Move{Units: []UnitMove{{Unit: "de-rc", To: [][2]float64{{30, 40}}}}})
		case "fire":
			f.do(Fire{Unit: "de-rc", Target: "us-1"})
		}
		if got, seen := viewActivated(f, us, "de-rc"); !seen || !got {
			t.Errorf("%s: after it acts the US view has the Puma seen %v, activated %v; want it marked", act, seen, got)
		}
		if _, seen := viewActivated(f, us, "de-h"); seen {
			t.Errorf("%s: the US view shows the hidden StuG", act)
		}
		if act != "move" {
			continue
		}
		// Once the activation is over, the copy still knows of it.
		f.passAll()
		f.do(EndActivation{})
		f.passAll()
		if c := f.s.Determinize(us, dice.NewPCG(1)).(*State); c.Act != nil || !c.Units[c.unitIndex("de-rc")].Activated {
			t.Errorf("%s: the US determinized copy (activation %v) unmarks the Puma it saw act", act, c.Act)
		}
	}
}

// viewActivated reports whether side's view marks unit id activated, and
// whether it shows the unit at all.
func viewActivated(f *fixture, side int, id string) (activated, seen bool) {
	js, _ := json.Marshal(f.s.View(side))
	var v struct {
		Units []struct {
			ID        string
			Activated bool
		}
	}
	json.Unmarshal(js, &v)
	for _, u := range v.Units {
		if u.ID == id {
			return u.Activated, true
		}
	}
	return false, false
}

func TestAmbushFireAddsADieAndOpportunityFireComesAfter(t *testing.T) {
	f := newFixture(t, nil, german, 1,
		placed{"us-1", "m4-75", us, 36, 20, 90},
		placed{"de-h", "stug-iii", german, 36, 34, -90})
	f.unit("de-h").Hidden = true
	f.s.Sides[us].Staff, f.s.Sides[german].Staff = 0, 0
	f.do(Activate{Order: OrderMoveFire, Leader: "de-h", Dice: 1})
	// 8D +1D ambush = 9D at 4+ (11.5": effective): two hits, no six;
	// the M4 reacts with 5D: one success. Then the US may answer.
	f.dice(5, 4, 1, 1, 1, 1, 1, 1, 1 /* reaction */, 4, 1, 1, 1, 1)
	f.do(Fire{Unit: "de-h", Target: "us-1"})
	if f.unit("us-1").DP != 1 {
		t.Fatalf("M4 dp %d, want 1: the ambush shot resolves before any answer\n%s", f.unit("us-1").DP, f.log())
	}
	if !strings.Contains(f.log(), "9D at 4+") || f.unit("de-h").Hidden {
		t.Errorf("ambush shot not 9D or the StuG not revealed:\n%s", f.log())
	}
	f.pending("opportunity-fire")
}

func TestExampleHitAndScatterDice(t *testing.T) {
	// "The black dice is the Hit Dice. A 5 is rolled – a hit!" and "A 3
	// is rolled on the Hit Dice – the fire deviates 4" in the direction of
	// the Scatter Dice." Also the deviation-die example: "The Impact Marker
	// is moved 5" in the direction of the arrow. Only one StuG III is hit."
	for _, tc := range []struct {
		name  string
		dice  []int // hit die, then scatter die and d12 direction if it deviates
		where string
		hit   int // StuGs attacked
	}{
		{"hit die 5 lands", []int{5}, "fires for effect at (32.0, 30.0)", 3},
		{"hit die 3 deviates 4 inches", []int{3, 4, 1}, "deviates 4\" to (36.0, 30.0)", 2},
		{"deviates 5 inches: one StuG hit", []int{2, 5, 1}, "deviates 5\" to (37.0, 30.0)", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil, us, 1,
				placed{"us-1", "m4-75", us, 32, 10, 90},
				placed{"de-1", "stug-iii", german, 29, 30, -90},
				placed{"de-2", "stug-iii", german, 32, 30, -90},
				placed{"de-3", "stug-iii", german, 35, 30, -90})
			withBattery(t, f, "us-art", "m7", us)
			f.s.Sides[us].Staff = 1
			// Response 4D vs 3D fires at once; each StuG under the burst
			// rolls no hits (all ones) so only the attacks are counted.
			d := append([]int{6, 6, 1, 1, 1, 1, 1}, tc.dice...)
			d = append(d, repeat(1, 4*tc.hit)...)
			f.dice(d...)
			f.do(CallMission{Battery: "us-art", Observer: "us-1", X: 32, Y: 30})
			f.usedAll()
			if !strings.Contains(f.log(), tc.where) {
				t.Errorf("log lacks %q:\n%s", tc.where, f.log())
			}
			if n := strings.Count(f.log(), "us-art rolls 4D at 4+"); n != tc.hit {
				t.Errorf("%d StuGs attacked, want %d", n, tc.hit)
			}
		})
	}
}

func TestArtilleryForcedBackTowardOwnEdge(t *testing.T) {
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 36, 10, 90},
		placed{"de-1", "panzer-iv-h", german, 36, 30, 0}) // facing east
	withBattery(t, f, "us-art", "m7", us)
	f.s.Sides[us].Staff = 1
	f.s.Sides[german].Staff = 0 // no reaction die to add
	// Fires at once, lands; 4D: 6,6,5,1 (3 hits, two sixes) vs 5D: 4,1,1,1,1
	// (1 success, no six): 2 disruption, suppressed, forced back 6+2D (3, 3).
	f.dice(6, 6, 1, 1, 1, 1, 1 /* hit */, 6 /* attack */, 6, 6, 5, 1 /* reaction */, 4, 1, 1, 1, 1 /* forced back */, 3, 3)
	f.do(CallMission{Battery: "us-art", Observer: "us-1", X: 36, Y: 30})
	u := f.unit("de-1")
	if u.DP != 2 || !u.Suppressed || !near(u.Pos.Y, 42) || !near(u.Pos.X, 36) {
		t.Errorf("Panzer IV dp %d suppressed %v at %v, want 2, suppressed, forced back 12\" north to y 42", u.DP, u.Suppressed, u.Pos)
	}
}

// TestMissionRules: a cancelled mission may be plotted again only next
// turn (Cancel Fire Mission); a hidden unit cannot observe (ruling R41).
func TestMissionRules(t *testing.T) {
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 36, 10, 90},
		placed{"us-2", "m4-75", us, 30, 10, 90},
		placed{"de-1", "stug-iii", german, 36, 30, -90})
	withBattery(t, f, "us-art", "m7", us)
	f.s.Sides[us].Staff = 2
	f.unit("us-2").Hidden = true
	f.reject(CallMission{Battery: "us-art", Observer: "us-2", X: 36, Y: 30}, `"us-2" cannot observe`)
	f.reject(CallMission{Battery: "us-art", Observer: "us-1", X: 36, Y: 30, Smoke: true, Orient: 1e300}, "orient 1e+300 is not a direction in degrees between -360 and 360")
	p := geom.Point{X: 36, Y: 30}
	f.s.Batteries[0].Marker = &p
	f.s.Phase, f.s.Sides[us].Logistics = phaseChain, false
	f.s.advance(dice.NewScripted(), &f.evs)
	f.pending(phaseLogistics)
	f.do(CancelMission{Battery: "us-art"})
	f.do(EndLogistics{})
	// (Missions are called in the orders phase: ask the check itself.)
	if err := f.s.validateCall(CallMission{Battery: "us-art", Observer: "us-1", X: 36, Y: 30}); err == nil || !strings.Contains(err.Error(), "cancelled this turn; a new one may be plotted next turn") {
		t.Errorf("a new mission the turn one was cancelled: %v", err)
	}
	f.s.Turn++
	if err := f.s.validateCall(CallMission{Battery: "us-art", Observer: "us-1", X: 36, Y: 30}); err != nil {
		t.Errorf("a new mission the next turn: %v", err)
	}
}

// TestFixedFirstPulseNeedsNoReroll: an exact tie of the command dice is
// rolled again only to say who goes first; where the scenario says who
// does, the dice stand.
func TestFixedFirstPulseNeedsNoReroll(t *testing.T) {
	f := newFixture(t, nil, us, 0, placed{"us-1", "m4-75", us, 36, 10, 90}, placed{"de-1", "panther-g", german, 36, 40, -90})
	f.s.b.sides[german].params.CommandDice, f.s.b.sides[us].params.CommandDice = 3, 3
	f.s.b.params.FirstPulse = "us"
	f.s.startTurn(dice.NewScripted(2, 3, 4, 2, 3, 4), &f.evs)
	if strings.Contains(f.log(), "roll again") || f.s.First != us {
		t.Errorf("tie with the first pulse fixed:\n%s", f.log())
	}
}

// TestArtilleryTargetsMayBreakOffAndBoost: a unit under the burst may break
// off (+2D) as against direct fire, and its side may add a staff order's
// die to the reaction (ruling R48).
func TestArtilleryTargetsMayBreakOffAndBoost(t *testing.T) {
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 36, 10, 90},
		placed{"de-rc", "sdkfz-234-2", german, 36, 30, -90})
	withBattery(t, f, "us-art", "m7", us)
	f.s.Sides[us].Staff, f.s.Sides[german].Staff = 1, 1
	// Fires at once (response 4D 6,6,1,1 vs 3D 1,1,1), no deviation (hit
	// die 6), then the Puma's side is asked.
	f.dice(6, 6, 1, 1, 1, 1, 1, 6)
	f.do(CallMission{Battery: "us-art", Observer: "us-1", X: 36, Y: 30})
	f.pending("break-off")
	// Break off 6 + 2×2 = 10" back; the attack 4D: 6,5,1,1.
	f.dice(2, 6, 5, 1, 1)
	f.do(BreakOffChoice{Yes: true})
	f.pending("reaction-boost")
	// The Puma's artillery reaction 4D, +2D break-off, +1D staff order.
	f.dice(6, 6, 1, 1, 1, 1, 1)
	f.do(Boost{Staff: true})
	f.usedAll()
	if !strings.Contains(f.log(), "breaks off") || !strings.Contains(f.log(), "adds 1D to") || !strings.Contains(f.log(), "reacts with 7D at 4+") {
		t.Errorf("no break-off or boost against artillery:\n%s", f.log())
	}
	u := f.unit("de-rc")
	if u.DP != 0 || u.Suppressed || f.s.Sides[german].Staff != 0 {
		t.Errorf("Puma dp %d suppressed %v, staff left %d: two hits and a six, all matched; the order spent", u.DP, u.Suppressed, f.s.Sides[german].Staff)
	}
}

// TestOwnLogisticsFireBoostWithWildDice: the United States' own battery
// falls on its tank in its logistics phase. With only a wild die in hand
// it is asked whether to add it to the reaction from revision 3 (the
// logistics phase is its own pulse, ruling R57); revision 2 did not ask.
// Spending its last die there passes the pulse to Germany.
func TestOwnLogisticsFireBoostWithWildDice(t *testing.T) {
	for _, rev := range []int{2, Revision} {
		f := newFixture(t, nil, us, 0,
			placed{"us-1", "m4-75", us, 36, 10, 90},
			placed{"de-1", "panther-g", german, 36, 40, -90})
		withBattery(t, f, "us-art", "m7", us)
		f.s.Rev = rev
		f.s.Sides[us].Staff, f.s.Sides[us].Dice[6], f.s.Sides[us].Dice[3] = 0, 1, 0
		p := geom.Point{X: 36, Y: 10}
		f.s.Batteries[0].Marker = &p
		f.s.Phase, f.s.Sides[us].Logistics = phaseChain, false
		f.s.advance(dice.NewScripted(), &f.evs)
		f.pending(phaseLogistics)
		// No deviation (hit die 6); the attack 4D at 4+: 6, 5, 1, 1.
		if rev < 3 {
			// Not asked: the M4's reaction, 5D, is rolled at once.
			f.dice(6, 6, 5, 1, 1, 6, 5, 1, 1, 1)
			f.do(EndLogistics{})
			f.usedAll()
			if strings.Contains(f.log(), "adds 1D") || f.s.Sides[us].Wild() != 1 {
				t.Errorf("revision %d: a wild die was used in the logistics phase:\n%s", rev, f.log())
			}
			continue
		}
		f.dice(6, 6, 5, 1, 1)
		f.do(EndLogistics{})
		f.pending("reaction-boost")
		// The M4's reaction 5D +1D wild: two successes, a six.
		f.dice(6, 5, 1, 1, 1, 1)
		f.do(Boost{Wild: true})
		f.usedAll()
		if !strings.Contains(f.log(), "United States adds 1D to us-1") {
			t.Errorf("no wild die added:\n%s", f.log())
		}
		if d := f.s.Pending(); d.Side != german || d.Kind != phaseChain || f.s.Sides[us].DiceLeft() != 0 {
			t.Errorf("after spending its last die: pending %+v, US dice left %d; want Germany to choose a chain", d, f.s.Sides[us].DiceLeft())
		}
	}
}

// TestFirstPulseOfASideWithNoDice: a scenario gives the US the first
// pulse, but its command failure lends every die to the Germans, who go
// first; the log says so rather than naming the US (The First Command
// Pulse; Command Failure).
func TestFirstPulseOfASideWithNoDice(t *testing.T) {
	f := newFixture(t, nil, us, 0, placed{"us-1", "m4-75", us, 36, 10, 90}, placed{"de-1", "panther-g", german, 36, 40, -90})
	f.s.b.sides[german].params.CommandDice, f.s.b.sides[us].params.CommandDice = 3, 4
	f.s.b.params.FirstPulse = f.s.b.sides[us].id
	f.s.startTurn(dice.NewScripted(2, 3, 4, 1, 1, 1, 1), &f.evs)
	if f.s.Active != german || f.s.Sides[german].DiceLeft() != 7 {
		t.Fatalf("active side %d with %d dice; want the Germans with their 3 and the US's 4 lent", f.s.Active, f.s.Sides[german].DiceLeft())
	}
	want := fmt.Sprintf("%s, given the first pulse, has lent every die; %s has the first command pulse", f.s.b.sides[us].name, f.s.b.sides[german].name)
	if !strings.Contains(f.log(), want) {
		t.Errorf("the log does not say %q:\n%s", want, f.log())
	}
}

// TestRollCommandAgreesWithTheGame: the table-side roll (RollCommand) and
// a game's start of turn, from the same dice, agree on every side's dice
// for the turn, wild dice, borrowed dice and the side with the first
// pulse, over many seeds, with the first pulse rolled for and fixed.
func TestRollCommandAgreesWithTheGame(t *testing.T) {
	for _, first := range []string{"roll", "us"} {
		for seed := uint64(1); seed <= 3000; seed++ {
			f := newFixture(t, nil, us, 0, placed{"us-1", "m4-75", us, 36, 10, 90}, placed{"de-1", "panther-g", german, 36, 40, -90})
			n := [2]int{int(seed%4) + 2, int(seed/4%4) + 2}
			f.s.b.sides[german].params.CommandDice, f.s.b.sides[us].params.CommandDice = n[0], n[1]
			f.s.b.params.FirstPulse = first
			fixed := -1
			if first != "roll" {
				fixed = us
			}
			r := RollCommand(n, [2]string{f.s.b.sides[0].name, f.s.b.sides[1].name}, fixed, dice.NewPCG(seed))
			turn := f.s.Turn
			f.s.startTurn(dice.NewPCG(seed), &f.evs)
			if r.First < 0 {
				// Both fail: the game ends the turn and rolls the next.
				if f.s.Turn <= turn+1 || !strings.Contains(f.log(), "both sides suffer a command failure") || r.Dice != [2]int{} || r.Wild != [2]int{} || r.Borrowed != [2]int{} {
					t.Fatalf("first %s, seed %d: RollCommand %+v; the game:\n%s", first, seed, r, f.log())
				}
				continue
			}
			var got CommandRoll
			for i := range 2 {
				sd := &f.s.Sides[i]
				got.Dice[i], got.Wild[i], got.Borrowed[i] = sd.DiceLeft(), sd.Wild(), sd.Borrowed
			}
			got.First = f.s.Active
			if got.Dice != r.Dice || got.Wild != r.Wild || got.Borrowed != r.Borrowed || got.First != r.First || f.s.Turn != turn+1 {
				t.Fatalf("first %s, seed %d: the game %+v, RollCommand %+v:\n%s", first, seed, got, r, f.log())
			}
		}
	}
}
