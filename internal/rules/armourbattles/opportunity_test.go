package armourbattles

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/table"
)

// TestOpportunityFireAtTheRoundedEndOfAMove: a view shows distances to
// 0.01", so a point read from it may overshoot the mover's reach by up to
// 0.005"; such a shot is taken at the end of the move, a wider miss is
// refused.
func TestOpportunityFireAtTheRoundedEndOfAMove(t *testing.T) {
	units := append(m4Line(), placed{"de-1", "panzer-iv-h", german, 36, 30, -90})
	f := newFixture(t, nil, german, 1, units...)
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(2)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{36, 20}}}}})
	f.pending("opportunity-fire")
	m := f.s.currentMover()
	reach := m.Reach
	f.reject(OppFire{Unit: "us-2", At: reach + 0.02}, "outside the rest of the mover's path")
	f.dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.do(OppFire{Unit: "us-2", At: reach + 0.004})
	if got := f.s.currentMover(); got != nil && got.At != reach {
		t.Fatalf("halted at %v, want the end of the move %v", got.At, reach)
	}
	if p := f.unit("de-1").Pos; !near(p.Y, 30-reach) {
		t.Fatalf("de-1 halted at y %.4f, want %.4f", p.Y, 30-reach)
	}
}

// TestFireWindowDropsUnitsThatCannotSeeTheFirer: a unit that cannot see
// the firer where it now stands (a shot may have forced it back behind a
// wood) is neither offered in the view nor keeps the window open.
func TestFireWindowDropsUnitsThatCannotSeeTheFirer(t *testing.T) {
	for _, wood := range []bool{false, true} {
		var terrain []table.Feature
		if wood {
			terrain = append(terrain, rect(table.KindWoods, 20, 14, 50, 20))
		}
		f := newFixture(t, terrain, german, 1, placed{"us-1", "m4-75", us, 36, 5, 90}, placed{"de-1", "panzer-iv-h", german, 36, 30, -90})
		f.s.Window = &Window{Kind: "fire", Target: f.s.unitIndex("de-1"), Spans: []Span{{Unit: f.s.unitIndex("us-1"), Effective: -1, Short: -1}}}
		if got := f.s.windowHasFirers(); got == wood {
			t.Errorf("wood %v: windowHasFirers = %v", wood, got)
		}
		w := f.s.View(us).(View).Window
		if w == nil || (len(w.Spans) == 0) != wood {
			t.Errorf("wood %v: view window %+v", wood, w)
		}
	}
}

// TestMoveWindowListsBrokenSight: a wood between the mover's path and a
// reacting unit breaks its sight; the window says where it sees the mover,
// and a shot in the gap is refused.
func TestMoveWindowListsBrokenSight(t *testing.T) {
	// The Panzer IV drives west along y = 30 past a wood (x 33–35) that
	// stands between it and the M4 at (34, 20).
	terrain := []table.Feature{rect(table.KindWoods, 33, 22, 35, 28)}
	f := newFixture(t, terrain, german, 1, placed{"us-1", "m4-75", us, 34, 20, 90}, placed{"de-1", "panzer-iv-h", german, 40, 30, 180})
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(6)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{26, 30}}}}})
	f.pending("opportunity-fire")
	w := f.s.View(us).(View).Window
	if w == nil || len(w.Spans) != 1 || len(w.Spans[0].Seen) != 2 {
		t.Fatalf("window %+v, want one unit seeing the mover in two stretches", w)
	}
	sp := w.Spans[0]
	gap := (sp.Seen[0][1] + sp.Seen[1][0]) / 2
	if sp.Seen[0][1] >= sp.Seen[1][0] || sp.From != sp.Seen[0][0] || sp.To != sp.Seen[1][1] {
		t.Fatalf("stretches %v do not fit from %v to %v", sp.Seen, sp.From, sp.To)
	}
	f.reject(OppFire{Unit: "us-1", At: gap}, "no line of sight")
	if err := f.s.Validate(OppFire{Unit: "us-1", At: sp.Seen[1][0]}); err != nil {
		t.Fatalf("a shot where the second stretch begins is refused: %v", err)
	}
}

// TestAnswerDecidedBeforeTheAttackRoll: a side answering a firing unit
// with opportunity fire decides before the attack dice are rolled, so it
// cannot wait to see the shot's effect (Opportunity Fire Against a Firing
// Target); the shot is rolled once the answer is given.
func TestAnswerDecidedBeforeTheAttackRoll(t *testing.T) {
	f := newFixture(t, nil, german, 1,
		placed{"de-1", "panzer-iv-h", german, 36, 30, -90},
		placed{"us-1", "m4-75", us, 36, 15, 90})
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.do(Fire{Unit: "de-1", Target: "us-1"})
	f.pending("opportunity-fire")
	if strings.Contains(f.log(), "rolls") {
		t.Fatalf("the attack was rolled before the other side answered:\n%s", f.log())
	}
	f.dice(4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.do(OppPass{})
	if !strings.Contains(f.log(), "de-1 (Panzer IV H) rolls 8D") {
		t.Errorf("the shot was not rolled after the answer:\n%s", f.log())
	}
}

// TestSuppressedWatcherOpensWindow: Remove Suppression is an opportunity
// staff order (ruling R59). From revision 4 a suppressed unit that would
// otherwise be offered opportunity fire opens the window while its side
// holds a staff order; it may fire once the order has freed it. Before
// revision 4, or with no order in hand, the move goes on unwatched.
func TestSuppressedWatcherOpensWindow(t *testing.T) {
	for _, tc := range []struct {
		rev, staff int
		window     bool
	}{{3, 2, false}, {Revision, 0, false}, {Revision, 2, true}} {
		f := newFixture(t, nil, german, 1, placed{"us-1", "m4-75", us, 36, 5, 90}, placed{"de-1", "panzer-iv-h", german, 36, 30, -90})
		f.s.Rev = tc.rev
		f.unit("us-1").Suppressed = true
		f.s.Sides[us].Staff = tc.staff
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.dice(2)
		f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{36, 20}}}}})
		if got := f.s.Pending().Kind == "opportunity-fire"; got != tc.window {
			t.Errorf("revision %d, %d staff orders: window %v, want %v", tc.rev, tc.staff, got, tc.window)
			continue
		}
		if !tc.window {
			continue
		}
		v := f.s.View(us).(View)
		if v.Window == nil || len(v.Window.Spans) != 1 || v.Window.Decoy || len(v.Unsuppress) != 1 || v.Unsuppress[0] != "us-1" {
			t.Fatalf("view window %+v, unsuppress %v; want us-1's span, not a decoy, and us-1 to free", v.Window, v.Unsuppress)
		}
		cands := f.s.Candidates(nil)
		want := []engine.Action{OppPass{}, Unsuppress{Unit: "us-1", Staff: true}}
		if !reflect.DeepEqual(cands, want) {
			t.Fatalf("candidates %v, want %v", cands, want)
		}
		at := f.s.currentMover().Reach
		f.reject(OppFire{Unit: "us-1", At: at}, "cannot fire (suppressed")
		f.do(Unsuppress{Unit: "us-1", Staff: true})
		if f.unit("us-1").Suppressed || f.s.Sides[us].Staff != 1 {
			t.Fatalf("after the order: suppressed %v, staff %d", f.unit("us-1").Suppressed, f.s.Sides[us].Staff)
		}
		f.pending("opportunity-fire")
		f.dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
		f.do(OppFire{Unit: "us-1", At: at})
		if !f.unit("us-1").Fired {
			t.Errorf("us-1 did not fire:\n%s", f.log())
		}
	}
}

// TestUnsuppressBeforeReaction: from revision 4 the side of a suppressed
// unit that is hit may spend a staff order to remove the suppression
// before it reacts, which it then does at 4+ (ruling R59); only the unit
// fired on may be freed so. Before revision 4 only a boost was allowed.
func TestUnsuppressBeforeReaction(t *testing.T) {
	for _, rev := range []int{3, Revision} {
		f := newFixture(t, nil, us, 1, placed{"us-1", "m4-75", us, 36, 20, 90}, placed{"de-1", "panzer-iv-h", german, 36, 30, -90}, placed{"de-2", "panzer-iv-h", german, 60, 45, -90})
		f.s.Rev = rev
		f.unit("de-1").Suppressed = true
		f.unit("de-2").Suppressed = true
		f.s.Sides[german].Staff = 2
		f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
		f.dice(5, 5, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4)
		f.do(Fire{Unit: "us-1", Target: "de-1"})
		if rev >= 4 {
			// de-1 watches the firer too: a window opens first.
			f.pending("opportunity-fire")
			f.do(OppPass{})
		}
		f.pending("reaction-boost")
		if rev < 4 {
			f.reject(Unsuppress{Unit: "de-1", Staff: true}, "unsuppress is not allowed now")
			continue
		}
		if v := f.s.View(german).(View); len(v.Unsuppress) != 1 || v.Unsuppress[0] != "de-1" {
			t.Errorf("view offers to free %v, want de-1", v.Unsuppress)
		}
		f.reject(Unsuppress{Unit: "de-2", Staff: true}, "only de-1, the unit fired on")
		f.do(Unsuppress{Unit: "de-1", Staff: true})
		if f.unit("de-1").Suppressed || f.s.Sides[german].Staff != 1 {
			t.Fatalf("after the order: suppressed %v, staff %d", f.unit("de-1").Suppressed, f.s.Sides[german].Staff)
		}
		f.pending("reaction-boost") // one order left: a boost may follow
		f.do(Boost{})
		if !strings.Contains(f.log(), "at 4+") {
			t.Errorf("de-1 did not react at 4+:\n%s", f.log())
		}
	}
}

// TestWildDieFreesAMoverBeforeItReacts: in its own pulse a side may free a
// unit of its activated group with a wild die before it reacts to
// opportunity fire (Removing Suppression After Activation; ruling R59);
// the view lists it under unsuppress_wild, and the doctrine takes it.
func TestWildDieFreesAMoverBeforeItReacts(t *testing.T) {
	f := newFixture(t, nil, german, 1, placed{"us-1", "m4-75", us, 36, 5, 90}, placed{"de-1", "panzer-iv-h", german, 36, 30, -90})
	f.s.Rev = Revision
	f.unit("de-1").Suppressed = true
	f.s.Sides[german].Staff = 0
	f.s.Sides[german].Dice[6] = 1
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
	f.dice(2)
	f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{36, 20}}}}})
	f.pending("opportunity-fire")
	f.dice(6, 6, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)
	f.do(OppFire{Unit: "us-1", At: f.s.currentMover().Reach})
	f.pending("reaction-boost")
	if p := f.s.Pending().Prompt; !strings.Contains(p, "remove de-1 (Panzer IV H)'s suppression before it reacts") {
		t.Errorf("prompt %q does not offer to remove the suppression", p)
	}
	v := f.s.View(german).(View)
	if len(v.Unsuppress) != 0 || !reflect.DeepEqual(v.UnsuppressWild, []string{"de-1"}) {
		t.Errorf("view: unsuppress %v, unsuppress_wild %v; want de-1 by wild die only", v.Unsuppress, v.UnsuppressWild)
	}
	if got := f.s.Doctrine(); got != (Unsuppress{Unit: "de-1"}) {
		t.Errorf("doctrine %+v, want to free de-1 with the wild die", got)
	}
	// With no die or order left the reaction is rolled at once, at 4+
	// (the eight sixes suppress it again).
	f.do(Unsuppress{Unit: "de-1"})
	if log := f.log(); f.s.Sides[german].Wild() != 0 || !strings.Contains(log, "suppression with a wild die") || !strings.Contains(log, "reacts with 5D at 4+") {
		t.Errorf("wild dice %d; want the wild die spent and a reaction at 4+:\n%s", f.s.Sides[german].Wild(), log)
	}
}

// TestMoveSpansMatchReference checks the move window's spans, with its
// shortcuts (the watchers' range bounds along the path, the shadows, the
// memos), against referenceSpans, which asks every watcher at every step
// the plain way, on every move of random games of the three battles.
func TestMoveSpansMatchReference(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 2
	}
	probes, seen := 0, 0
	eachMover(t, games, []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3"},
		func(s *State, m *Mover, memo *any) error {
			want := referenceSpans(s, m)
			for _, withMemo := range []bool{false, true} {
				c := s.clone()
				if withMemo {
					c.WithMemo(memo)
				}
				if got := c.moveSpans(c.currentMover(), nil); !reflect.DeepEqual(got, want) {
					return fmt.Errorf("turn %d, mover %d (memo %v): spans %+v, want %+v", s.Turn, m.Unit, withMemo, got, want)
				}
			}
			probes++
			seen += len(want)
			return nil
		})
	if probes == 0 || seen == 0 {
		t.Fatalf("%d moves, %d spans: the test proves nothing", probes, seen)
	}
	t.Logf("%d moves, %d spans", probes, seen)
}

// referenceSpans is moveSpans worked out the plain way: each watcher at
// each step of the path, oppCanHit and lineOfSight afresh.
func referenceSpans(s *State, m *Mover) []Span {
	var spans []Span
	steps := int(math.Ceil(m.Reach / PathStep))
	for _, u := range s.unitsOf(1 - s.Active) {
		if !s.oppWatcher(u) {
			continue
		}
		sp := Span{Unit: u, From: -1, To: -1, Effective: -1, Short: -1}
		for i := 0; i <= steps; i++ {
			d := min(m.Reach, float64(i)*PathStep)
			mb := s.moverBox(m, d)
			if !s.oppCanHit(u, mb) || !s.lineOfSight(u, s.box(u), m.Unit, mb) {
				continue
			}
			if sp.From < 0 {
				sp.From = d
			}
			switch {
			case sp.To >= 0 && d-sp.To > PathStep+1e-9:
				if sp.Seen == nil {
					sp.Seen = [][2]float64{{sp.From, sp.To}}
				}
				sp.Seen = append(sp.Seen, [2]float64{d, d})
			case len(sp.Seen) > 0:
				sp.Seen[len(sp.Seen)-1][1] = d
			}
			sp.To = d
			band, _, _ := RangeBand(s.stats(u), s.box(u).Frame().Distance(mb.Frame()))
			if (band == BandEffective || band == BandShort) && sp.Effective < 0 {
				sp.Effective = d
			}
			if band == BandShort && sp.Short < 0 {
				sp.Short = d
			}
		}
		if sp.From >= 0 {
			spans = append(spans, sp)
		}
	}
	return spans
}
