package armourbattles

import (
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

func TestReactionHarmByHand(t *testing.T) {
	// One success and no six against one die at 4+: half the time the
	// reaction fails and a fresh unit takes one disruption point.
	if got := reactionHarm(target{}, PoolResult{Successes: 1}, 1, 4); !near(got, 0.5) {
		t.Errorf("reactionHarm = %v, want 0.5", got)
	}
	// The same on a unit with two points: a failed reaction disperses it.
	if got := reactionHarm(target{dp: 2}, PoolResult{Successes: 1}, 1, 4); !near(got, 0.5*harmDispersed) {
		t.Errorf("reactionHarm at 2 DP = %v, want %v", got, 0.5*harmDispersed)
	}
	// More reaction dice never make it worse.
	for n := 0; n < 8; n++ {
		a, b := reactionHarm(target{dp: 1}, PoolResult{Successes: 3, Sixes: 1}, n, 4), reactionHarm(target{dp: 1}, PoolResult{Successes: 3, Sixes: 1}, n+1, 4)
		if b > a+1e-12 {
			t.Errorf("%d reaction dice: harm %v; %d dice: %v", n, a, n+1, b)
		}
	}
}

// TestShotHarmMatchesRolling checks the exact expectation against 200,000
// rolled shots.
func TestShotHarmMatchesRolling(t *testing.T) {
	for _, c := range []struct {
		d  ShotDice
		tg target
	}{
		{ShotDice{AttackDice: 5, AttackTN: 4, ReactionDice: 4, ReactionTN: 4, InRange: true}, target{}},
		{ShotDice{AttackDice: 6, AttackTN: 3, ReactionDice: 3, ReactionTN: 5, InRange: true}, target{dp: 1, suppressed: true}},
		{ShotDice{AttackDice: 3, AttackTN: 5, ReactionDice: 6, ReactionTN: 4, InRange: true}, target{dp: 2}},
	} {
		src := dice.NewPCG(7)
		const n = 200000
		var sum, sumSq float64
		for range n {
			a := dice.Pool(src, c.d.AttackDice, c.d.AttackTN)
			h := 0.0
			if a.Successes > 0 {
				r := dice.Pool(src, c.d.ReactionDice, c.d.ReactionTN)
				h = outcomeHarm(c.tg, max(0, a.Successes-r.Successes), a.Sixes > r.Sixes)
			}
			sum += h
			sumSq += h * h
		}
		mean := sum / n
		se := math.Sqrt((sumSq/n - mean*mean) / n)
		if got := shotHarm(c.tg, c.d); math.Abs(got-mean) > 4*se {
			t.Errorf("%+v at %+v: exact %v, rolled %v ± %v", c.d, c.tg, got, mean, se)
		}
	}
}

// boostFixture is the wild-die example's opportunity fire: three Panzer
// IVs move toward three M4s, us-1 fires at de-1 and scores attack (the
// scripted dice), and the German, with a wild die in hand, decides its
// reaction boost.
func boostFixture(t *testing.T, dp int, attack ...int) *fixture {
	units := append(m4Line(),
		placed{"de-1", "panzer-iv-h", german, 30, 30, -90},
		placed{"de-2", "panzer-iv-h", german, 36, 30, -90},
		placed{"de-3", "panzer-iv-h", german, 42, 30, -90})
	f := newFixture(t, nil, german, 1, units...)
	f.s.Sides[german].Dice[6] = 1
	f.s.Sides[german].Staff = 0
	f.unit("de-1").DP = dp
	f.do(Activate{Order: OrderMoveFire, Leader: "de-2", Members: []string{"de-1", "de-3"}, Dice: 1})
	f.dice(2)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{30, 20}}}, {Unit: "de-2", To: [][2]float64{{36, 20}}}, {Unit: "de-3", To: [][2]float64{{42, 20}}}}})
	f.pending("opportunity-fire")
	f.dice(attack...)
	f.do(OppFire{Unit: "us-1", At: 8})
	f.pending("reaction-boost")
	return f
}

func TestDoctrineBoostsTheReactionWhereTheOddsChangeMost(t *testing.T) {
	// At long range (5+), three successes (two sixes) at a unit one point
	// from dispersal: five reaction dice fail to stop it half the time,
	// six dice a third of the time, so the extra die is worth spending.
	f := boostFixture(t, 2, 6, 6, 5, 1, 1, 1, 1)
	if got := f.s.Doctrine(); got != (Boost{Wild: true}) {
		t.Errorf("two hits at a wavering Panzer IV: doctrine %+v, want the wild die", got)
	}
	// One success and no six at a fresh unit: at most a point, and the
	// reaction holds unless all five dice fail; keep the die.
	f = boostFixture(t, 0, 5, 1, 1, 1, 1, 1, 1)
	if got := f.s.Doctrine(); got != (Boost{}) {
		t.Errorf("one hit at a fresh Panzer IV: doctrine %+v, want no boost", got)
	}
	// One success and a six at a unit with two points: the extra die
	// saves little (the reaction rarely fails outright), so it is kept.
	f = boostFixture(t, 2, 6, 4, 1, 1, 1, 1, 1)
	if got := f.s.Doctrine(); got != (Boost{}) {
		t.Errorf("one hit (a six) at a wavering Panzer IV: doctrine %+v, want no boost", got)
	}
}

func TestDoctrineAddsAWildDieToAShotThatCanDisperse(t *testing.T) {
	// A Panzer IV with a wild die fires at an M4 already carrying two
	// points: one more success through disperses it.
	units := []placed{{"de-1", "panzer-iv-h", german, 36, 20, -90}, {"us-1", "m4-75", us, 36, 5, 90}}
	f := newFixture(t, nil, german, 1, units...)
	f.s.Sides[german].Dice[6] = 1
	f.s.Sides[german].Staff = 0
	f.unit("us-1").DP = 2
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	if got := f.s.Doctrine(); got != (Fire{Unit: "de-1", Target: "us-1", Wild: true}) {
		t.Errorf("doctrine %+v, want the shot with the wild die", got)
	}
	// Without the wild die (and one staff order, kept in hand) the shot
	// goes unboosted.
	f.s.Sides[german].Dice[6] = 0
	f.s.Sides[german].Staff = 1
	if got := f.s.Doctrine(); got != (Fire{Unit: "de-1", Target: "us-1"}) {
		t.Errorf("doctrine %+v, want the plain shot", got)
	}
}

// TestShotHarmSumsReactionHarm checks shotHarm, which works out the
// reaction's distribution once, against the sum over every attack roll of
// reactionHarm, bit for bit.
func TestShotHarmSumsReactionHarm(t *testing.T) {
	cases := 0
	for _, tg := range []target{{}, {dp: 1}, {dp: 2}} {
		for an := 0; an <= 6; an++ {
			for rn := 0; rn <= 5; rn++ {
				for atn := 2; atn <= 7; atn++ {
					for _, rtn := range []int{3, 5} {
						d := ShotDice{AttackDice: an, AttackTN: atn, ReactionDice: rn, ReactionTN: rtn, InRange: true}
						a, want := dice.PoolDist(an, atn), 0.0
						for as := 1; as <= an; as++ {
							for a6 := 0; a6 <= an; a6++ {
								if p := a.At(as, a6); p > 0 {
									want += p * reactionHarm(tg, PoolResult{Successes: as, Sixes: a6}, rn, rtn)
								}
							}
						}
						if got := shotHarm(tg, d); got != want {
							t.Fatalf("shotHarm(%+v, %+v) = %v, want %v", tg, d, got, want)
						}
						cases++
					}
				}
			}
		}
	}
	if cases != 3*7*6*6*2 {
		t.Fatalf("checked %d cases", cases)
	}
}

// TestDoctrineFreesASuppressedTargetBeforeItReacts: under revision 4 the
// doctrine spends a staff order (keeping one in hand) to remove a hit
// unit's suppression before it reacts when the better reaction and the
// lifted suppression are worth it (ruling R59).
func TestDoctrineFreesASuppressedTargetBeforeItReacts(t *testing.T) {
	for _, tc := range []struct {
		staff int
		want  engine.Action
	}{{3, Unsuppress{Unit: "de-1", Staff: true}}, {1, Boost{}}} {
		f := newFixture(t, nil, us, 1, placed{"us-1", "m4-75", us, 36, 20, 90}, placed{"de-1", "panzer-iv-h", german, 36, 30, -90})
		f.s.Rev = Revision
		f.unit("de-1").Suppressed = true
		f.unit("de-1").DP = 1
		f.s.Sides[german].Staff = tc.staff
		f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
		f.dice(6, 5, 5, 1, 1, 1, 1)
		f.do(Fire{Unit: "us-1", Target: "de-1"})
		f.pending("opportunity-fire")
		f.do(OppPass{})
		f.pending("reaction-boost")
		if got := f.s.Doctrine(); got != tc.want {
			t.Errorf("%d staff orders: doctrine %+v, want %+v", tc.staff, got, tc.want)
		}
	}
}

// TestDoctrineFreesASuppressedWatcherForAGoodShot: in a window whose only
// watcher is suppressed, the doctrine frees it with a staff order when the
// shot it would then have is worth the order, and fires it next.
func TestDoctrineFreesASuppressedWatcherForAGoodShot(t *testing.T) {
	f := newFixture(t, nil, german, 1, placed{"us-1", "m4-75", us, 36, 5, 90}, placed{"de-1", "panzer-iv-h", german, 36, 30, -90})
	f.s.Rev = Revision
	f.unit("us-1").Suppressed = true
	f.unit("de-1").DP = 2 // one more point disperses it
	f.s.Sides[us].Staff = 2
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(6)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{36, 12}}}}})
	f.pending("opportunity-fire")
	if got := f.s.Doctrine(); got != (Unsuppress{Unit: "us-1", Staff: true}) {
		t.Fatalf("doctrine %+v, want to free us-1", got)
	}
	f.do(Unsuppress{Unit: "us-1", Staff: true})
	if got, ok := f.s.Doctrine().(OppFire); !ok || got.Unit != "us-1" {
		t.Errorf("then %+v, want us-1's shot", f.s.Doctrine())
	}
	// A fresh target at long range is not worth the order.
	f = newFixture(t, nil, german, 1, placed{"us-1", "m4-75", us, 36, 5, 90}, placed{"de-1", "panzer-iv-h", german, 36, 40, -90})
	f.s.Rev = Revision
	f.unit("us-1").Suppressed = true
	f.s.Sides[us].Staff = 2
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(1)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{36, 34}}}}})
	f.pending("opportunity-fire")
	if got := f.s.Doctrine(); got != (OppPass{}) {
		t.Errorf("a long shot at a fresh unit: doctrine %+v, want to hold fire", got)
	}
}
