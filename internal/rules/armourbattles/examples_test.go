package armourbattles

// Rulebook worked examples, each reproduced with scripted dice and named
// after the example (Armour Battles, 2015).

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// rollTurn runs startTurn with scripted command dice (German dice first).
func rollTurn(t *testing.T, gerDice, usDice int, faces ...int) *State {
	t.Helper()
	f := newFixture(t, nil, 0, 0)
	f.s.b.sides[german].params.CommandDice = gerDice
	f.s.b.sides[us].params.CommandDice = usDice
	f.s.Turn = 0
	src := dice.NewScripted(faces...)
	f.s.startTurn(src, engine.Discard)
	if src.Remaining() != 0 {
		t.Errorf("%d command dice left unrolled", src.Remaining())
	}
	return f.s
}

func TestExampleLayingOutDiceChains(t *testing.T) {
	// "If you rolled 6, 5, 5, 4, 3 you have four Dice Chains."
	s := rollTurn(t, 5, 5, 6, 5, 5, 4, 3 /* US: */, 2, 2, 3, 3, 4)
	g := s.Sides[german]
	if g.Dice != [7]int{0, 0, 0, 1, 1, 2, 1} || g.Failure {
		t.Errorf("German dice %v failure %v, want one 6, two 5s, a 4 and a 3", g.Dice, g.Failure)
	}
	n := len(s.chainCandidates(nil))
	if chains := countFaces(g.Dice); chains != 4 {
		t.Errorf("%d chains, want 4 (%d candidates)", chains, n)
	}
	if s.First != german {
		t.Errorf("first pulse to side %d, want the German player with the only six", s.First)
	}
}

func countFaces(d [7]int) int {
	n := 0
	for f := 2; f <= 6; f++ {
		if d[f] > 0 {
			n++
		}
	}
	return n
}

func TestExampleCommandFailure(t *testing.T) {
	// "If you rolled 5, 4, 3, 1, 1 you trigger a Command Failure and give
	// your opponent the two 1s. You then have three Dice Chains."
	s := rollTurn(t, 5, 5, 5, 4, 3, 1, 1 /* US: */, 2, 2, 3, 3, 4)
	g, u := s.Sides[german], s.Sides[us]
	if !g.Failure || countFaces(g.Dice) != 3 || g.Dice[1] != 0 {
		t.Errorf("German failure %v dice %v, want a failure with three chains", g.Failure, g.Dice)
	}
	if u.Borrowed != 2 || u.Wild() != 2 {
		t.Errorf("US borrowed %d wild dice, want the two 1s", u.Borrowed)
	}
	if s.First != us || s.Active != us {
		t.Errorf("first pulse %d, want the US: the failing side pulses second", s.First)
	}
	if g.Spent != 2 || u.Rolled != 7 {
		t.Errorf("German spent %d (want the 2 lent), US rolled %d (want 5 + 2 borrowed)", g.Spent, u.Rolled)
	}
}

func TestExampleBothCommandFailuresEndTheTurn(t *testing.T) {
	s := rollTurn(t, 3, 4, 1, 1, 6 /* US */, 1, 1, 1, 5 /* turn 2: */, 6, 5, 4 /* US */, 3, 3, 2, 2)
	if s.Turn != 2 || s.First != german {
		t.Errorf("turn %d first %d, want turn 2 with the German six first", s.Turn, s.First)
	}
}

func TestExampleFirstPulseTieBreaks(t *testing.T) {
	// Same sixes, more fives wins.
	s := rollTurn(t, 3, 3, 6, 5, 2 /* US */, 6, 4, 4)
	if s.First != german {
		t.Errorf("first %d, want German (more fives)", s.First)
	}
	// A complete tie rerolls everything.
	s = rollTurn(t, 3, 3, 6, 5, 2 /* US */, 6, 5, 2 /* reroll */, 3, 3, 2 /* US */, 4, 2, 2)
	if s.First != us || s.Sides[us].Dice[4] != 1 {
		t.Errorf("first %d dice %v, want the US after a reroll", s.First, s.Sides[us].Dice)
	}
}

func TestExampleWildDiceChains(t *testing.T) {
	// "You roll two 1s, one 4, one 5, and two 6s. The two 1s are
	// discarded. [...] You can use both Wild Dice to create a Triple Dice
	// Chain by adding them to the 4 or the 5."
	s := rollTurn(t, 6, 3, 1, 1, 4, 5, 6, 6 /* US */, 2, 3, 4)
	g := &s.Sides[german]
	if g.Failure || g.Dice[1] != 0 || g.Wild() != 2 {
		t.Fatalf("German failure %v dice %v, want no failure, ones discarded, two wild dice", g.Failure, g.Dice)
	}
	s.Active, s.Phase = german, phaseChain
	for _, tc := range []struct {
		a    ChooseChain
		size int
	}{
		{ChooseChain{Face: 6, Wild: 2}, 2},
		{ChooseChain{Face: 4, Wild: 2}, 3},
		{ChooseChain{Face: 5, Wild: 1}, 2},
	} {
		c := s.clone()
		if err := c.Validate(tc.a); err != nil {
			t.Fatalf("%+v: %v", tc.a, err)
		}
		c.Apply(tc.a, dice.NewScripted(), engine.Discard)
		if c.ChainSize != tc.size || c.Slots != tc.size {
			t.Errorf("%+v: chain of %d, want %d", tc.a, c.ChainSize, tc.size)
		}
	}
	if err := s.Validate(ChooseChain{Face: 4, Wild: 3}); err == nil {
		t.Error("a chain with three wild dice accepted; only two were rolled")
	}
}

func TestExampleStaffOrdersRestock(t *testing.T) {
	f := newFixture(t, nil, us, 3)
	f.s.Sides[us].Staff = 0
	f.do(Restock{})
	if sd := f.s.Sides[us]; sd.StaffNew != 2 || sd.Staff != 0 {
		t.Errorf("triple chain restocked %d now / %d next turn, want 0 / 2", sd.Staff, sd.StaffNew)
	}
	// A chain of wild dice gives instant staff orders.
	f = newFixture(t, nil, us, 2)
	f.s.AllWild = true
	f.s.Sides[us].Staff = 0
	f.do(Restock{})
	if sd := f.s.Sides[us]; sd.Staff != 1 {
		t.Errorf("double chain of wild dice gave %d instant staff orders, want 1", sd.Staff)
	}
	// The stock is capped at the number of command dice (US: 4).
	f = newFixture(t, nil, us, 4)
	f.s.Sides[us].Staff = 3
	f.do(Restock{})
	if sd := f.s.Sides[us]; sd.Staff+sd.StaffNew != 4 {
		t.Errorf("staff orders %d + %d, want capped at 4", sd.Staff, sd.StaffNew)
	}
}

// m4Line is three M4s facing north at y = 5 (fronts at y = 6.25).
func m4Line() []placed {
	return []placed{
		{"us-1", "m4-75", us, 30, 5, 90},
		{"us-2", "m4-75", us, 36, 5, 90},
		{"us-3", "m4-75", us, 42, 5, 90},
	}
}

func TestExampleMovingThroughTheWood(t *testing.T) {
	// "A M4 platoon 9" from the edge of a wood [...] rolls a 5 (6+5 =
	// 11") and moves 9" to the edge of the wood. It then moves 1" into the
	// wood (half of the remaining 2")." A roll of 3 stops it at the edge.
	wood := rect(table.KindWoods, 20, 0, 40, 48)
	for _, tc := range []struct {
		roll  int
		moved float64
	}{{5, 10}, {3, 9}, {6, 10.5}} {
		f := newFixture(t, []table.Feature{wood}, us, 1, placed{"us-1", "m4-75", us, 9.75, 24, 0})
		f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
		f.dice(tc.roll)
		f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{35, 24}}}}})
		if got := f.unit("us-1").Pos.X - 9.75; !near(got, tc.moved) {
			t.Errorf("roll %d: moved %.2f\", want %.2f\"", tc.roll, got, tc.moved)
		}
		f.usedAll()
	}
	// "Later the platoon is ordered to move through the wood into Open
	// Ground. It is 4" from the edge of the wood. It rolls a 4 [...]: 8"
	// to the edge, leaving it with 2" to move into the Open Ground." A 2
	// only reaches the edge; a 1 moves it 3 1/2" and leaves it in the wood.
	for _, tc := range []struct {
		roll  int
		moved float64
	}{{4, 6}, {2, 4}, {1, 3.5}} {
		// Front at x = 36, 4" from the wood's far edge at x = 40.
		f := newFixture(t, []table.Feature{wood}, us, 1, placed{"us-1", "m4-75", us, 34.75, 24, 0})
		f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
		f.dice(tc.roll)
		f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{60, 24}}}}})
		if got := f.unit("us-1").Pos.X - 34.75; !near(got, tc.moved) {
			t.Errorf("through the wood, roll %d: moved %.2f\", want %.2f\"", tc.roll, got, tc.moved)
		}
	}
}

func TestExampleMovingAndFacing(t *testing.T) {
	// "A Panzer IV has been ordered to move from the south of the wood to
	// the north. It is currently facing east. [...] 6+1D" for a total move
	// of 11". [...] first turns to face north and then moves 5" [...]. It
	// then faces north-east and moves 3" to its destination. [...] changes
	// the Panzer IV's facing from North-east to North."
	f := newFixture(t, nil, german, 1, placed{"de-1", "panzer-iv-h", german, 20, 10, 0})
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	ne := geom.Dir(geom.Deg(45)).Mul(3)
	f.reject(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{20, 15}}, Facing: fp(450)}}}, "facing 450 is not a direction in degrees between -360 and 360")
	f.dice(5)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{20, 15}, {20 + ne.X, 15 + ne.Y}}, Facing: fp(90)}}})
	u := f.unit("de-1")
	if !near(u.Pos.X, 20+ne.X) || !near(u.Pos.Y, 15+ne.Y) {
		t.Errorf("ended at %v, want the destination (%.2f, %.2f)", u.Pos, 20+ne.X, 15+ne.Y)
	}
	if !near(u.Heading.Degrees(), 90) {
		t.Errorf("facing %.1f°, want north (90°)", u.Heading.Degrees())
	}
	if !strings.Contains(f.log(), "moves 8.0\"") {
		t.Errorf("log does not show the 8\" move:\n%s", f.log())
	}
}

func TestExampleSuppressedPantherMoves1D(t *testing.T) {
	// "Max's Panther platoon is suppressed. He activates it and moves it 1D"."
	f := newFixture(t, nil, german, 2,
		placed{"de-1", "panther-g", german, 20, 40, -90},
		placed{"de-2", "panther-g", german, 24, 40, -90})
	f.unit("de-1").Suppressed = true
	f.reject(Activate{Order: OrderMoveFire, Leader: "de-1", Members: []string{"de-2"}, Dice: 1}, "suppressed")
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(4)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{20, 20}}}}})
	if got := 40 - f.unit("de-1").Pos.Y; !near(got, 4) {
		t.Errorf("suppressed Panther moved %.2f\", want its variable move of 4\"", got)
	}
	if !f.unit("de-1").Suppressed {
		t.Error("suppression was lifted by activating the unit")
	}
}

func TestExampleDoubleAndTripleMovePenalty(t *testing.T) {
	// "A Panzer IV has 8D AT. If it makes a double move this is reduced by
	// -1D to 7D, and to 6D if it makes a triple move."
	for _, tc := range []struct{ dice, at int }{{1, 8}, {2, 7}, {3, 6}} {
		f := newFixture(t, nil, german, 3,
			placed{"de-1", "panzer-iv-h", german, 36, 40, -90},
			placed{"us-1", "m4-75", us, 36, 5, 90})
		f.s.Sides[us].Staff = 0 // no reaction boost decision
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: tc.dice})
		f.dice(append(make([]int, 0), repeat(1, tc.dice)...)...)
		f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{36, 30}}}}})
		f.passAll()
		// No hit: all ones, so the target makes no reaction check.
		f.dice(repeat(1, tc.at)...)
		f.fire(Fire{Unit: "de-1", Target: "us-1"})
		f.usedAll()
		if !strings.Contains(f.log(), "rolls "+itoa(tc.at)+"D") {
			t.Errorf("%d-dice move: log %q, want %dD", tc.dice, f.log(), tc.at)
		}
	}
}

func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+n))) }

func TestExampleTargetPriorityTwoUpOneDown(t *testing.T) {
	// "Tom's M4s are set up in a two up, one down formation. He has two
	// 75mm M4s in the front and a 76mm M4 in the rear. Max fires at Tom's
	// M4s with three Panzer IVs. [...] he has to target the two M4s at the
	// front of the formation first. He can then target the 76mm M4 with
	// his third tank."
	f := newFixture(t, nil, german, 1,
		placed{"de-1", "panzer-iv-h", german, 32, 25, -90},
		placed{"de-2", "panzer-iv-h", german, 36, 25, -90},
		placed{"de-3", "panzer-iv-h", german, 40, 25, -90},
		placed{"us-a", "m4-75", us, 33, 12, 90},
		placed{"us-b", "m4-75", us, 39, 12, 90},
		placed{"us-76", "m4-76", us, 36, 6, 90})
	f.s.Sides[us].Staff = 0
	f.do(Activate{Order: OrderMoveFire, Leader: "de-2", Members: []string{"de-1", "de-3"}, Dice: 1})
	f.reject(Fire{Unit: "de-1", Target: "us-76"}, "closest enemy first")
	f.dice(repeat(1, 8)...)
	f.fire(Fire{Unit: "de-1", Target: "us-a"})
	f.reject(Fire{Unit: "de-2", Target: "us-76"}, "closest enemy first")
	f.dice(repeat(1, 8)...)
	f.fire(Fire{Unit: "de-2", Target: "us-b"})
	f.dice(repeat(1, 8)...)
	f.fire(Fire{Unit: "de-3", Target: "us-76"})
	f.usedAll()
}

func TestExampleTargetPriorityConcentrateFire(t *testing.T) {
	// "If Max had four tanks, he could target the 76mm M4 twice" — and a
	// group may concentrate on a target it has already fired at.
	f := newFixture(t, nil, german, 1,
		placed{"de-1", "panzer-iv-h", german, 32, 25, -90},
		placed{"de-2", "panzer-iv-h", german, 36, 25, -90},
		placed{"us-a", "m4-75", us, 33, 12, 90},
		placed{"us-b", "m4-75", us, 39, 12, 90})
	f.s.Sides[us].Staff = 0
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Members: []string{"de-2"}, Dice: 1})
	f.dice(repeat(1, 8)...)
	f.fire(Fire{Unit: "de-1", Target: "us-a"})
	f.dice(repeat(1, 8)...)
	f.fire(Fire{Unit: "de-2", Target: "us-a"}) // concentrating is allowed
}

func TestExampleOpportunityFireAgainstThreePanthers(t *testing.T) {
	// "Max is moving three Panther tanks towards three American M4 tanks.
	// Tom decides to use opportunity fire against the German tanks when
	// they enter effective range at 14". One Panther is suppressed and
	// stops moving immediately. The second is suppressed and takes a
	// Disruption Point. It halts and is Forced Back 6+1D". The third
	// Panther isn't hit and completes its move 6" away from the Americans.
	// As two of the German tanks are suppressed, only one can fire."
	units := append(m4Line(),
		placed{"de-1", "panther-g", german, 30, 25.5, -90},
		placed{"de-2", "panther-g", german, 36, 25.5, -90},
		placed{"de-3", "panther-g", german, 42, 25.5, -90})
	f := newFixture(t, nil, german, 1, units...)
	f.s.Sides[german].Staff = 0 // no reaction boosts to decide
	f.do(Activate{Order: OrderMoveFire, Leader: "de-2", Members: []string{"de-1", "de-3"}, Dice: 1})
	// Each Panther heads for a point 6" from the M4s (fronts at 12.25).
	f.dice(6)
	f.do(Move{Units: []UnitMove{
		{Unit: "de-1", To: [][2]float64{{30, 13.5}}},
		{Unit: "de-2", To: [][2]float64{{36, 13.5}}},
		{Unit: "de-3", To: [][2]float64{{42, 13.5}}},
	}})
	f.pending("opportunity-fire")
	// 14" from the M4 fronts (6.25) is the Panther front at 20.25, the
	// centre at 21.5: 4" along the path. 14" is effective range for 7/14/28.
	const at = 4.0
	// Panther 1: the M4 scores 2 hits with a six (7D at 4+); the Panther
	// cancels both but rolls no six: suppressed, no disruption, halts.
	f.dice(6, 4, 1, 1, 2, 2, 3 /* reaction 7D */, 5, 4, 3, 3, 2, 1, 1)
	f.do(OppFire{Unit: "us-1", At: at})
	p1 := f.unit("de-1")
	if !p1.Suppressed || p1.DP != 0 || !near(p1.Pos.Y, 21.5) {
		t.Fatalf("Panther 1: suppressed %v dp %d at y %.2f, want suppressed at 21.5 with no disruption", p1.Suppressed, p1.DP, p1.Pos.Y)
	}
	f.pending("opportunity-fire") // now the second Panther moves
	// Panther 2: 3 hits with a six against 2 successes: one disruption,
	// suppressed, forced back 6" + 1D" (rolled 3).
	f.dice(6, 5, 4, 1, 1, 1, 2 /* reaction */, 5, 4, 1, 1, 1, 2, 3 /* forced back */, 3)
	f.do(OppFire{Unit: "us-2", At: at})
	p2 := f.unit("de-2")
	if !p2.Suppressed || p2.DP != 1 || !near(p2.Pos.Y, 21.5+9) {
		t.Fatalf("Panther 2: suppressed %v dp %d at y %.2f, want forced back 9\" from 21.5", p2.Suppressed, p2.DP, p2.Pos.Y)
	}
	if !near(p2.Heading.Degrees(), -90) {
		t.Errorf("Panther 2 faces %.0f°, want facing the enemy (-90°)", p2.Heading.Degrees())
	}
	f.pending("opportunity-fire")
	// Panther 3: the M4 misses entirely; Tom passes and it completes its
	// move 6" from the Americans.
	f.dice(repeat(2, 7)...)
	f.do(OppFire{Unit: "us-3", At: at})
	f.usedAll()
	if f.s.Window != nil {
		f.do(OppPass{})
	}
	p3 := f.unit("de-3")
	if p3.Suppressed || !near(p3.Pos.Y, 13.5) || !near(p3.Pos.Y-1.25-6.25, 6) {
		t.Fatalf("Panther 3 at y %.2f suppressed %v, want its full move, 6\" from the M4s", p3.Pos.Y, p3.Suppressed)
	}
	f.pending(phaseActivation)
	f.reject(Fire{Unit: "de-1", Target: "us-1"}, "suppressed")
	f.reject(Fire{Unit: "de-2", Target: "us-2"}, "suppressed")
	if err := f.s.Validate(Fire{Unit: "de-3", Target: "us-3"}); err != nil {
		t.Errorf("Panther 3 cannot fire: %v", err)
	}
}

func TestExampleRemovingSuppressionWithAWildDie(t *testing.T) {
	// "Three Panzer IVs are activated and they move towards a group of M4
	// 75mm. The M4s use opportunity fire and suppress one of the Panzer
	// IVs. The player uses a Wild Dice to remove the suppression: the
	// Panzer IV can now fire."
	units := append(m4Line(),
		placed{"de-1", "panzer-iv-h", german, 30, 30, -90},
		placed{"de-2", "panzer-iv-h", german, 36, 30, -90},
		placed{"de-3", "panzer-iv-h", german, 42, 30, -90})
	f := newFixture(t, nil, german, 1, units...)
	f.s.Sides[german].Dice[6] = 1 // a wild die in hand
	f.s.Sides[german].Staff = 0
	f.s.Sides[german].Rolled = 1
	f.do(Activate{Order: OrderMoveFire, Leader: "de-2", Members: []string{"de-1", "de-3"}, Dice: 1})
	f.dice(2)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{30, 20}}}, {Unit: "de-2", To: [][2]float64{{36, 20}}}, {Unit: "de-3", To: [][2]float64{{42, 20}}}}})
	f.pending("opportunity-fire")
	// A six and a 4 against five dice with no six: suppressed, and the
	// German chooses not to spend its wild die on the reaction.
	f.dice(6, 4, 1, 1, 1, 1, 1)
	f.do(OppFire{Unit: "us-1", At: 8})
	f.pending("reaction-boost")
	f.dice(5, 4, 1, 1, 1)
	f.do(Boost{})
	for f.s.Window != nil {
		f.do(OppPass{})
	}
	if !f.unit("de-1").Suppressed {
		t.Fatal("de-1 was not suppressed")
	}
	f.reject(Fire{Unit: "de-1", Target: "us-1"}, "suppressed")
	f.do(Unsuppress{Unit: "de-1"})
	if f.s.Sides[german].Wild() != 0 || f.unit("de-1").Suppressed {
		t.Fatal("the wild die did not remove the suppression")
	}
	if err := f.s.Validate(Fire{Unit: "de-1", Target: "us-1"}); err != nil {
		t.Errorf("de-1 cannot fire after its suppression was removed: %v", err)
	}
}

func TestExampleRemoveUnitSuppressionOrder(t *testing.T) {
	// "A US M4 platoon is suppressed. Tom uses a Command Dice to remove
	// the suppression marker. He then uses another Command Dice to
	// activate it along with two other units."
	f := newFixture(t, nil, us, 2, m4Line()...)
	f.unit("us-2").Suppressed = true
	f.reject(Activate{Order: OrderMoveFire, Leader: "us-2", Members: []string{"us-1", "us-3"}, Dice: 1}, "suppressed")
	f.do(RemoveSuppression{Unit: "us-2"})
	f.do(Activate{Order: OrderMoveFire, Leader: "us-2", Members: []string{"us-1", "us-3"}, Dice: 1})
	if f.s.Slots != 0 {
		t.Errorf("%d dice left, want the chain of two spent", f.s.Slots)
	}
}

// TestActivatedUnitKeepsSuppressionAgainstOrders: once a unit has been
// activated, only a wild die or staff order removes its suppression, not
// a command order (Remove Unit Suppression).
func TestActivatedUnitKeepsSuppressionAgainstOrders(t *testing.T) {
	f := newFixture(t, nil, us, 2, m4Line()...)
	f.unit("us-2").Suppressed, f.unit("us-2").Activated = true, true
	f.reject(RemoveSuppression{Unit: "us-2"}, "has been activated this turn; only a wild die or staff order")
}

// TestMoveReportsWhereItStopped: a move stopped short of a unit reports
// the distance the mover really went and what stopped it.
func TestMoveReportsWhereItStopped(t *testing.T) {
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 30, 5, 90},
		placed{"us-2", "m4-75", us, 30, 12, 90})
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
	f.dice(6)
	f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{30, 12}}}}})
	f.passAll()
	log := f.log()
	un := f.unit("us-1")
	want := fmt.Sprintf("moves %.1f\" to (30.0, %.1f), stopping short of %s", un.Pos.Dist(geom.Point{X: 30, Y: 5}), un.Pos.Y, f.s.name(f.s.unitIndex("us-2")))
	if un.Pos.Y >= 12 || un.Pos.Y <= 5 || !strings.Contains(log, want) {
		t.Errorf("us-1 at %v; want the log to say %q:\n%s", un.Pos, want, log)
	}
}

// TestMoveStopsShortOfHiddenUnit: a move that would end on a hidden enemy
// stops short of it, as of any unit, and the hidden unit is revealed
// (ruling R36): two hulls never overlap.
func TestMoveStopsShortOfHiddenUnit(t *testing.T) {
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 30, 5, 90},
		placed{"de-1", "stug-iii", german, 30, 16, -90})
	f.unit("de-1").Hidden = true
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
	f.dice(6)
	f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{30, 16}}}}})
	f.passAll()
	if a, b := f.s.box(f.s.unitIndex("us-1")), f.s.box(f.s.unitIndex("de-1")); a.Overlaps(b) {
		t.Errorf("the M4 ended on the hidden StuG: %+v and %+v", a, b)
	}
	if f.unit("de-1").Hidden {
		t.Error("the StuG was not revealed")
	}
}

func TestExampleCommandGroupLimits(t *testing.T) {
	f := newFixture(t, nil, us, 2,
		placed{"us-1", "m4-75", us, 30, 5, 90},
		placed{"us-2", "m4-75", us, 33, 5, 90},
		placed{"us-3", "m4-75", us, 27, 5, 90},
		placed{"us-4", "m4-76", us, 30, 9, 90},
		placed{"us-5", "m4-75", us, 30, 1.5, 90},
		placed{"us-far", "m4-75", us, 45, 5, 90})
	f.reject(Activate{Order: OrderMoveFire, Leader: "us-1", Members: []string{"us-2", "us-3", "us-4", "us-5"}, Dice: 1}, "at most 4")
	f.reject(Activate{Order: OrderMoveFire, Leader: "us-1", Members: []string{"us-far"}, Dice: 1}, "limit is 6")
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Members: []string{"us-2", "us-3", "us-4"}, Dice: 1})
	f.do(EndActivation{})
	f.reject(Activate{Order: OrderMoveFire, Leader: "us-2", Dice: 1}, "already been activated")
}

// TestReconGroupOfFive checks the reconnaissance rule: one recon unit
// joins a command group without counting against its four, as member or
// leader; a second recon unit counts. The candidates offer the larger
// group (Special Rules, Reconnaissance).
func TestReconGroupOfFive(t *testing.T) {
	f := newFixture(t, nil, german, 2,
		placed{"de-1", "panzer-iv-h", german, 30, 5, 90},
		placed{"de-2", "panzer-iv-h", german, 33, 5, 90},
		placed{"de-3", "panzer-iv-h", german, 27, 5, 90},
		placed{"de-4", "panzer-iv-h", german, 30, 9, 90},
		placed{"de-rc-1", "sdkfz-234-2", german, 30, 1.5, 90},
		placed{"de-rc-2", "sdkfz-234-2", german, 34, 8, 90})
	f.reject(Activate{Order: OrderMoveFire, Leader: "de-1", Members: []string{"de-2", "de-3", "de-4", "de-rc-1", "de-rc-2"}, Dice: 1}, "at most 5")
	cands := f.s.Candidates(nil)
	var five []Activate
	for _, a := range cands {
		if a, ok := a.(Activate); ok && a.Order == OrderMoveFire && a.Dice == 1 && len(a.Members) == 4 {
			five = append(five, a)
		}
	}
	// Each Panzer IV leads a group of five: the leader and the three
	// nearest are joined by a recon unit, or by the fourth nearest when a
	// recon unit is already among them. The recon units at the ends of the
	// line have only three units within 6".
	if len(five) != 4 {
		t.Fatalf("%d groups of five offered, want one per Panzer IV (4): %v", len(five), cands)
	}
	for _, a := range five {
		if !slices.ContainsFunc(append([]string{a.Leader}, a.Members...), func(id string) bool { return strings.HasPrefix(id, "de-rc") }) {
			t.Errorf("group of five without a recon unit: %+v", a)
		}
	}
	// The leader's group from the candidates: de-1's three nearest are de-3,
	// de-2 and de-rc-1 (3", 3", 3.5"), so the fourth nearest, de-4, joins.
	if i := slices.IndexFunc(five, func(a Activate) bool { return a.Leader == "de-1" }); i < 0 || !slices.Contains(five[i].Members, "de-4") {
		t.Errorf("de-1's group: %+v", five)
	}
	// A recon leader is the extra unit too.
	g := newFixture(t, nil, german, 2,
		placed{"de-rc-1", "sdkfz-234-2", german, 30, 5, 90},
		placed{"de-1", "panzer-iv-h", german, 33, 5, 90},
		placed{"de-2", "panzer-iv-h", german, 27, 5, 90},
		placed{"de-3", "panzer-iv-h", german, 30, 9, 90},
		placed{"de-4", "panzer-iv-h", german, 30, 1.5, 90})
	g.do(Activate{Order: OrderMoveFire, Leader: "de-rc-1", Members: []string{"de-1", "de-2", "de-3", "de-4"}, Dice: 1})
	if got := len(g.s.Act.Units); got != 5 {
		t.Errorf("%d units activated, want 5", got)
	}
}

func TestExampleFlankAttack(t *testing.T) {
	// A unit that begins its activation completely behind the target's
	// front edge fires at the flank: -1 TN. A single move from the front to
	// the flank still fires at the front; a double move may fire at the
	// flank (Movement and Flank/Rear Attacks).
	mk := func(x, y float64) *fixture {
		f := newFixture(t, nil, us, 2,
			placed{"us-1", "m4-76", us, x, y, 90},
			placed{"de-1", "panther-g", german, 36, 30, -90})
		f.s.Sides[german].Staff = 0
		return f
	}
	f := mk(36, 40) // behind the Panther's front edge (it faces south)
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
	f.dice(repeat(1, 8)...)
	f.fire(Fire{Unit: "us-1", Target: "de-1"})
	if !strings.Contains(f.log(), "8D at 2+") { // short range -1, flank -1
		t.Errorf("log %q, want 8D at 2+", f.log())
	}
	sh := flankOf(f)
	if !sh {
		t.Errorf("shot from behind the front edge is not a flank shot")
	}
	f = mk(40, 26) // in front, a single move from behind
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
	f.dice(6)
	f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{44, 26}, {44, 33}}}}})
	f.passAll()
	if !flankOf(f) {
		t.Fatalf("the M4 did not get behind the Panther: %v", f.unit("us-1").Pos)
	}
	if f.s.flank(f.s.unitIndex("us-1"), f.s.unitIndex("de-1")) {
		t.Errorf("a single move round to the rear gave a flank shot")
	}
	f = mk(36, 20)
	f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 2})
	f.dice(6, 6)
	f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{44, 20}, {44, 36}}}}})
	f.passAll()
	if !f.s.flank(f.s.unitIndex("us-1"), f.s.unitIndex("de-1")) {
		t.Errorf("a double move round to the rear did not give a flank shot")
	}
}

func flankOf(f *fixture) bool {
	return f.s.box(f.s.unitIndex("de-1")).Behind(f.s.box(f.s.unitIndex("us-1")))
}

func TestExampleHedgeCrossing(t *testing.T) {
	// "A Panzer IV platoon is 5" away from a hedge [...] It rolls a 6,
	// allowing it to move 5" up to the hedge. As it has only used 5 of
	// its 6 inches, it is placed on the other side of the hedge. If it had
	// rolled a 5, it would only have moved up to the hedge. If it had
	// rolled a 4 or less [...] it could have used its Fixed Move of 6" to
	// move up to the hedge." With a double chain: "It rolls an 8 for a
	// total move of 14". It moves up to the hedge (5"), crosses it, then
	// moves 9" beyond it."
	hedge := table.Feature{Kind: table.KindHedge, Line: geom.Polyline{{X: 20, Y: 0}, {X: 20, Y: 48}}}
	for _, tc := range []struct {
		dice  int
		rolls []int
		moved float64 // of the leading edge
	}{
		{1, []int{6}, 5 + 2.5}, // across: whole hull beyond the hedge
		{1, []int{5}, 5},
		{1, []int{2}, 5},
		{2, []int{4, 4}, 14},
	} {
		// Front at x = 15, 5" from the hedge.
		f := newFixture(t, []table.Feature{hedge}, german, 2, placed{"de-1", "panzer-iv-h", german, 13.75, 24, 0})
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: tc.dice})
		f.dice(tc.rolls...)
		f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{60, 24}}}}})
		if got := f.unit("de-1").Pos.X - 13.75; !near(got, tc.moved) {
			t.Errorf("%d dice rolling %v: moved %.2f\", want %.2f\"", tc.dice, tc.rolls, got, tc.moved)
		}
	}
}

// TestHedgeStoppedAtIsCrossedNextTime: a unit that stopped at a hedge
// ("ready to cross it on its next activation") pays the fixed move to
// cross it then, as one that set up against it does.
func TestHedgeStoppedAtIsCrossedNextTime(t *testing.T) {
	hedge := table.Feature{Kind: table.KindHedge, Line: geom.Polyline{{X: 20, Y: 0}, {X: 20, Y: 48}}}
	// Front at x = 20, on the hedge; a roll of 1 gives 7": 6 to cross, and
	// the unit ends wholly beyond the hedge, its rear on it.
	f := newFixture(t, []table.Feature{hedge}, german, 2, placed{"de-1", "panzer-iv-h", german, 18.75, 24, 0})
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(1)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{60, 24}}}}})
	if got := f.unit("de-1").Pos.X; !near(got, 21.25) {
		t.Errorf("moved to x %.2f, want 21.25 (across the hedge for the fixed move, no further)", got)
	}
}

func TestExampleTigerBreaksDown(t *testing.T) {
	// "If it rolls more 1s than 6s on a double or triple move, it breaks
	// down and cannot move this turn. It may still fire. Next turn it can
	// be repaired [...] It cannot move on the turn it's repaired."
	f := newFixture(t, nil, german, 2, placed{"de-t", "tiger-i", german, 30, 40, -90})
	f.do(Activate{Order: OrderMoveFire, Leader: "de-t", Dice: 2})
	f.dice(1, 3)
	f.do(Move{Units: []UnitMove{{Unit: "de-t", To: [][2]float64{{30, 20}}}}})
	if u := f.unit("de-t"); u.Pos.Y != 40 || u.BrokeDown != 1 {
		t.Fatalf("Tiger at y %.1f broke down %d, want it stuck at 40 having broken down in turn 1", u.Pos.Y, u.BrokeDown)
	}
	f.s.Turn, f.s.Phase, f.s.Act, f.s.Slots, f.s.ChainSize = 2, phaseOrders, nil, 2, 2
	f.unit("de-t").Activated = false
	f.do(Repair{Unit: "de-t"})
	f.do(Activate{Order: OrderMoveFire, Leader: "de-t", Dice: 1})
	f.reject(Move{Units: []UnitMove{{Unit: "de-t", To: [][2]float64{{30, 30}}}}}, "repaired this turn")
}

// TestTigerDisengageIsAMove: Poor Reliability applies to disengaging, a
// move: a broken-down Tiger cannot disengage, and a double disengage that
// rolls more 1s than 6s breaks it down where it stands.
func TestTigerDisengageIsAMove(t *testing.T) {
	f := newFixture(t, nil, german, 2, placed{"de-t", "tiger-i", german, 30, 30, -90}, placed{"us-1", "m4-75", us, 30, 10, 90})
	f.unit("de-t").BrokeDown = 1
	f.reject(Activate{Order: OrderDisengage, Leader: "de-t", Dice: 1}, "has broken down")
	f.unit("de-t").BrokeDown = 0
	f.unit("de-t").Hidden = true // disengaging reveals it, breakdown or not
	f.dice(1, 1)
	f.do(Activate{Order: OrderDisengage, Leader: "de-t", Dice: 2})
	f.passAll()
	if u := f.unit("de-t"); u.BrokeDown != f.s.Turn || u.Pos.Y != 30 || u.Hidden {
		t.Errorf("Tiger broke down %d at y %.1f hidden %v; want it revealed, broken down this turn, still at y 30", u.BrokeDown, u.Pos.Y, u.Hidden)
	}
}

// m5FiredAt sets up a Panzer IV at y = deY firing at an M5 (which may
// break off) at y = m5Y, both at x = 36, the US with no staff order, and
// waits for the M5's side to say whether it breaks off.
func m5FiredAt(t *testing.T, deY, m5Y float64) *fixture {
	t.Helper()
	f := newFixture(t, nil, german, 1,
		placed{"de-1", "panzer-iv-h", german, 36, deY, -90},
		placed{"us-m5", "m5", us, 36, m5Y, 90})
	f.s.Sides[us].Staff = 0
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.do(Fire{Unit: "de-1", Target: "us-m5"})
	f.pending("break-off")
	return f
}

// TestDisengageAtMaximum: a staff order (or wild die) gives a disengaging
// group its maximum move, a variable die made a 6 (ruling R48).
func TestDisengageAtMaximum(t *testing.T) {
	f := newFixture(t, nil, german, 1, placed{"de-1", "panzer-iv-h", german, 30, 30, -90}, placed{"us-1", "m4-75", us, 30, 10, 90})
	f.s.Sides[german].Staff = 1
	f.reject(Activate{Order: OrderDisengage, Leader: "de-1", Dice: 1, Wild: true, Staff: true}, "not both")
	f.dice(1)
	f.do(Activate{Order: OrderDisengage, Leader: "de-1", Dice: 1, Staff: true})
	f.passAll()
	if u := f.unit("de-1"); !near(u.Pos.Y, 42) || f.s.Sides[german].Staff != 0 {
		t.Errorf("disengaged to y %.2f with %d staff orders left; want 6\" + 6\" back to y 42, the order spent", u.Pos.Y, f.s.Sides[german].Staff)
	}
}

func TestExampleBreakOff(t *testing.T) {
	// A unit with Break-off may move straight back a normal move when
	// fired at and gains +2D reaction; the range is measured to where it
	// was (Special Rules, Break-Off).
	f := m5FiredAt(t, 30, 15)
	// Normal move 6 + 2×3 (fast); attack 8D at 4+ (12.5": effective).
	f.dice(3 /* break-off move */, 6, 5, 1, 1, 1, 1, 1, 1 /* reaction 5+2 = 7D */, 4, 4, 1, 1, 1, 1, 1)
	f.do(BreakOffChoice{Yes: true})
	f.passAll()
	f.usedAll()
	u := f.unit("us-m5")
	if !near(u.Pos.Y, 3) || !u.Activated {
		t.Errorf("M5 at y %.2f activated %v, want 12\" back at y 3 and unable to activate", u.Pos.Y, u.Activated)
	}
	if u.DP != 0 || !u.Suppressed {
		t.Errorf("M5 dp %d suppressed %v: two hits cancelled by 7D, one six unmatched", u.DP, u.Suppressed)
	}
	if !strings.Contains(f.log(), "7D at 4+") {
		t.Errorf("reaction was not 7D (5D +2D break-off):\n%s", f.log())
	}
}

// TestBrokenOffUnitHoldsFire: a unit that breaks off may not fire in
// that pulse, not even opportunity fire back at the firer; in the enemy's
// next pulse it may (Break-Off).
func TestBrokenOffUnitHoldsFire(t *testing.T) {
	f := m5FiredAt(t, 30, 15)
	f.dice(3, 1, 1, 1, 1, 1, 1, 1, 1)
	f.do(BreakOffChoice{Yes: true})
	if f.s.Pending().Kind == "opportunity-fire" {
		t.Fatalf("the broken-off M5 is offered opportunity fire: %+v", f.s.Window)
	}
	if !f.unit("us-m5").BrokeOff {
		t.Fatal("the M5 is not marked as broken off")
	}
	f.passAll()
	f.s.endPulse(dice.NewScripted(), engine.Discard)
	if f.unit("us-m5").BrokeOff {
		t.Error("the M5 still may not fire after the pulse")
	}
}

// TestReactionKeepsTheDeclaredBand: a target that breaks off out of long
// range still reacts with the dice of the band it was fired at in (it
// used to react with none, and be dispersed by any hit).
func TestReactionKeepsTheDeclaredBand(t *testing.T) {
	// 21.8" between the hulls: long range for the Panzer IV (8D at 5+).
	f := m5FiredAt(t, 44, 20)
	// Break off 6 + 2×6 = 18" back, beyond the Panzer's long range.
	f.dice(6 /* break-off: 6 + 2×6 */, 6, 6, 5, 5, 1, 1, 1, 1 /* attack 8D at 5+ */, 6, 6, 4, 4, 1, 1, 1 /* reaction 5D + 2D at 4+ */)
	f.do(BreakOffChoice{Yes: true})
	f.passAll()
	if !strings.Contains(f.log(), "reacts with 7D at 4+") {
		t.Errorf("the M5 did not react with 7D (5D + 2D break-off):\n%s", f.log())
	}
	if u := f.unit("us-m5"); u.Dispersed {
		t.Errorf("the M5 was dispersed: %+v\n%s", u, f.log())
	}
}

func TestExampleCommitReserves(t *testing.T) {
	f := newFixture(t, nil, us, 1, placed{"de-1", "panther-g", german, 36, 45, -90})
	f.s.Turn = 2
	for _, id := range []string{"us-r1", "us-r2"} {
		ut, _ := f.s.b.types, 0
		_ = ut
		cat := mustCatalog(t)
		t76, _ := cat.UnitType(Name, "m4-76")
		f.s.b.addType(t76)
		f.s.Units = append(f.s.Units, Unit{ID: id, Type: f.s.b.typeIndex(t76), Side: us, Company: "Reserve Company", Reserve: true, Arrive: 2, Heading: geom.Deg(90)})
	}
	f.s.Sides[us].Failure = true
	f.reject(Activate{Order: OrderReserves, Leader: "us-r1", Members: []string{"us-r2"}, Dice: 1, Entry: 30}, "command failure")
	f.s.Sides[us].Failure = false
	f.reject(Activate{Order: OrderReserves, Leader: "us-r1", Dice: 1, Entry: 30}, "must enter with its company")
	f.reject(Activate{Order: OrderReserves, Leader: "us-r1", Members: []string{"us-r2"}, Dice: 1, Entry: 1e308}, `entry 1e+308" is not along the south edge (0 to 72")`)
	f.reject(Activate{Order: OrderReserves, Leader: "us-r1", Members: []string{"us-r2"}, Dice: 1, Entry: -2}, "is not along the south edge")
	f.do(Activate{Order: OrderReserves, Leader: "us-r1", Members: []string{"us-r2"}, Dice: 1, Entry: 30})
	if !f.unit("us-r1").Placed || f.s.Act == nil || f.s.Act.Dice != 3 {
		t.Fatal("reserves did not enter with a triple move")
	}
	f.dice(1, 1, 1)
	f.do(Move{Units: []UnitMove{{Unit: "us-r1", To: [][2]float64{{30, 30}}}, {Unit: "us-r2", To: [][2]float64{{32, 30}}}}})
	f.passAll()
	if y := f.unit("us-r1").Pos.Y; !near(y-1.26, 21) {
		t.Errorf("reserve moved to y %.2f, want 18\" + 3 = 21\" from the edge", y)
	}
}
