package armourbattles

import (
	"strings"
	"testing"

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
