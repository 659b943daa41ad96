package armourbattles

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
)

// decoyFixture: a German Panzer IV in its pulse at (60, 40), and a US M4
// 50" away at (10, 5) that cannot see it (beyond its gun's range), hidden
// or not, under rules revision rev.
func decoyFixture(t *testing.T, rev int, hidden bool) *fixture {
	f := newFixture(t, nil, german, 1,
		placed{"de-1", "panzer-iv-h", german, 60, 40, 90},
		placed{"us-h", "m4-75", us, 10, 5, 90})
	f.s.Rev = rev
	f.unit("us-h").Hidden = hidden
	return f
}

// TestDecoyMoveWindow (ruling R56): under revision 1, while the US has a
// hidden unit on the table, every German move offers it an
// opportunity-fire window, even when no US unit can fire: the Germans see
// the same pending decision whether or not a hidden unit watches them.
// The window holds only a pass, the Germans' view shows nothing of it,
// and after the pass the move ends exactly as under revision 0.
func TestDecoyMoveWindow(t *testing.T) {
	move := Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{60, 46}}}}}
	end := func(f *fixture) Unit {
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.dice(4)
		f.do(move)
		return *f.unit("de-1")
	}

	old := decoyFixture(t, 0, true)
	want := end(old)
	old.pending(phaseActivation) // revision 0: no window, as before

	plain := decoyFixture(t, Revision, false)
	end(plain)
	plain.pending(phaseActivation) // nothing hidden: no window

	f := decoyFixture(t, Revision, true)
	end(f)
	d := f.s.Pending()
	if d.Kind != "opportunity-fire" || d.Side != us || !d.Reaction || d.Prompt != "opportunity fire at de-1 (Panzer IV H)?" {
		t.Fatalf("pending %+v, want the US offered an opportunity-fire window on de-1", d)
	}
	if c := f.s.Candidates(nil); len(c) != 1 || c[0] != (OppPass{}) {
		t.Errorf("decoy window candidates %v, want only a pass", c)
	}
	if w := f.s.View(german).(View).Window; w != nil {
		t.Errorf("the Germans see the window %+v", w)
	}
	if w := f.s.View(us).(View).Window; w == nil || !w.Decoy || len(w.Spans) != 0 {
		t.Errorf("the US view of the window %+v, want a decoy with no spans", w)
	}
	f.do(OppPass{})
	f.pending(phaseActivation)
	if got := *f.unit("de-1"); got.Pos != want.Pos || got.Heading != want.Heading {
		t.Errorf("after the pass de-1 stands at %v facing %v; under revision 0 at %v facing %v", got.Pos, got.Heading, want.Pos, want.Heading)
	}
}

// TestDecoyFireWindow: the same for a German unit that fires at a US unit
// that cannot answer (it has fired already): the window is offered, and
// after the pass the attack is rolled.
func TestDecoyFireWindow(t *testing.T) {
	for _, hidden := range []bool{false, true} {
		f := newFixture(t, nil, german, 1,
			placed{"de-1", "panzer-iv-h", german, 36, 30, -90},
			placed{"us-1", "m4-75", us, 36, 20, 90},
			placed{"us-h", "m4-75", us, 2, 2, 180})
		f.s.Rev = Revision
		f.unit("us-1").Fired = true
		f.unit("us-h").Hidden = hidden
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.dice(6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
		f.do(Fire{Unit: "de-1", Target: "us-1"})
		d := f.s.Pending()
		if hidden != (d.Kind == "opportunity-fire") {
			t.Fatalf("hidden %v: pending %+v", hidden, d)
		}
		if !hidden {
			continue
		}
		if len(f.s.Shots) != 1 || f.s.Shots[0].Rolled {
			t.Fatalf("the attack was rolled before the window was passed: %+v", f.s.Shots)
		}
		left := f.src.Remaining()
		f.do(OppPass{})
		if f.src.Remaining() == left {
			t.Errorf("after the pass no attack dice were rolled")
		}
	}
}

// TestOldRevisionLogsReplay: logs made under an earlier revision replay
// record for record under it: those from before revision 1 (no "rev" in
// their header; the Battle 2 one has no decoy windows, which revision 1
// would open) and those of revision 1 (a Battle 2 window that stayed
// open only while a unit could fire, a What Next? game without decoys),
// which revision 2 plays differently, and those of revision 2 (a Battle 2
// game whose side, with only a wild die, was not asked about a reaction
// die against its own logistics fire, as revision 3 asks), and those of
// revision 3 (a Battle 1 game with no window for a suppressed watcher
// whose side held a staff order, which revision 4 opens: ruling R59),
// and those of revision 4 (a Battle 1 game of random play in which a unit
// ended on a neighbour, which revision 5 prevents: ruling R63).
func TestOldRevisionLogsReplay(t *testing.T) {
	embedded := scenario.EmbeddedScenario
	for rev := range Revision {
		paths, _ := filepath.Glob(filepath.Join("testdata", fmt.Sprintf("rev%d", rev), "*.jsonl"))
		if len(paths) == 0 {
			t.Fatalf("no logs in testdata/rev%d", rev)
		}
		for _, p := range paths {
			raw, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			lg, err := engine.ReadLog(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			if lg.Header.Rev != rev {
				t.Fatalf("%s: header rev %d, want %d", p, lg.Header.Rev, rev)
			}
			g, err := engine.Replay(lg, embedded)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if g.Header().Rev != rev || g.State().(*State).Rev != rev {
				t.Errorf("%s replayed under revision %d", p, g.Header().Rev)
			}
			var out bytes.Buffer
			if err := g.WriteLog(&out); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), raw) {
				t.Errorf("%s: the replayed game's log is not the log", p)
			}
			if rev == Revision-1 {
				lg.Header.Rev = Revision
				if _, err := engine.Replay(lg, embedded); err == nil || !strings.Contains(err.Error(), "diverges") {
					t.Errorf("%s under revision %d: %v, want it to diverge", p, Revision, err)
				}
			}
		}
	}
	// A log from a later revision than this version knows is refused.
	lg := &engine.Log{Header: engine.Header{Format: engine.LogFormat, Rules: Name, Scenario: "armour-battles/battle-1", Version: 1, Seed: 1, Dice: engine.DiceBatched, Rev: Revision + 1}}
	_, err := engine.Replay(lg, embedded)
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("a log from a newer version?")) {
		t.Errorf("replaying revision %d: %v", Revision+1, err)
	}
}

// freeDecoyFixture is decoyFixture with a free set-up for the US (What
// Next?): us-h alone in company A, and us-2 in company B in plain sight.
func freeDecoyFixture(t *testing.T, rev int, hidden bool) *fixture {
	f := decoyFixture(t, rev, hidden)
	f.s.b.sides[us].free = &scenario.FreeSetup{ReserveFrom: 3, MaxHiddenGroups: 1}
	f.s.Units = append(f.s.Units, Unit{ID: "us-2", Type: f.unit("us-h").Type, Side: us, Company: "B", Pos: geom.Point{X: 4, Y: 4}, Heading: geom.Deg(90), Placed: true})
	f.unit("us-h").Company = "A"
	f.unit("de-1").Company = "A"
	return f
}

// TestDecoyFreeSetUp (R56, revision 2): under a free set-up the Germans
// cannot tell whether company A, which they have seen nothing of, hides
// on the table or waits in reserve, so every German move offers the US a
// window whether A hides (us-h hidden) or waits off the table (us-h not
// yet placed); revision 1 offered one only when a hidden unit saw, and
// so told it. Once the Germans have seen a unit of every US company, no
// decoy is offered.
func TestDecoyFreeSetUp(t *testing.T) {
	move := Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{60, 46}}}}}
	run := func(f *fixture) engine.Decision {
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.dice(4)
		f.do(move)
		return f.s.Pending()
	}
	inReserve := func(f *fixture) {
		u := f.unit("us-h")
		u.Hidden, u.Placed, u.Reserve, u.Arrive = false, false, true, 3
	}
	for _, c := range []struct {
		name   string
		rev    int
		set    func(*fixture)
		window bool
	}{
		{"revision 1, A hidden", 1, func(*fixture) {}, false},
		{"revision 2, A hidden", Revision, func(*fixture) {}, true},
		{"revision 2, A in reserve", Revision, inReserve, true},
		{"revision 2, A seen", Revision, func(f *fixture) { f.unit("us-h").Hidden = false }, false},
	} {
		f := freeDecoyFixture(t, c.rev, true)
		c.set(f)
		d := run(f)
		if got := d.Kind == "opportunity-fire"; got != c.window {
			t.Errorf("%s: pending %+v, want a window: %v", c.name, d, c.window)
			continue
		}
		if !c.window {
			continue
		}
		if w := f.s.View(us).(View).Window; w == nil || !w.Decoy {
			t.Errorf("%s: the US view of the window %+v, want a decoy", c.name, w)
		}
		if cs := f.s.Candidates(nil); len(cs) != 1 || cs[0] != (OppPass{}) {
			t.Errorf("%s: candidates %v, want only a pass", c.name, cs)
		}
		f.do(OppPass{})
		f.pending(phaseActivation)
	}
}

// TestWindowStaysOpenAfterShot (R56, revision 2): a visible M4 fires on
// a moving Panzer IV without suppressing it. Under revision 1 the window
// then closed, as no other unit could fire, and the Germans could tell
// that no hidden unit watched; from revision 2, while the US has a
// hidden unit that could fire, the window stays open until the US
// passes, shown to the US as a decoy with only a pass.
func TestWindowStaysOpenAfterShot(t *testing.T) {
	for _, c := range []struct {
		rev    int
		hidden bool
		open   bool
	}{{1, true, false}, {Revision, false, false}, {Revision, true, true}} {
		f := newFixture(t, nil, german, 1,
			placed{"de-1", "panzer-iv-h", german, 36, 30, 180},
			placed{"us-1", "m4-75", us, 36, 20, 90},
			placed{"us-h", "m4-75", us, 2, 2, 180})
		f.s.Rev = c.rev
		f.unit("us-h").Hidden = c.hidden
		f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Dice: 1})
		f.dice(4)
		f.do(Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{30, 30}}}}})
		if d := f.s.Pending(); d.Kind != "opportunity-fire" || d.Side != us {
			t.Fatalf("rev %d: pending %+v, want the US window", c.rev, d)
		}
		// One hit at most, no six: de-1 is not suppressed and goes on.
		f.dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
		f.do(OppFire{Unit: "us-1", At: 1})
		d := f.s.Pending()
		if got := d.Kind == "opportunity-fire"; got != c.open {
			t.Fatalf("rev %d hidden %v: after the shot pending %+v, want the window open: %v", c.rev, c.hidden, d, c.open)
		}
		if !c.open {
			continue
		}
		if w := f.s.View(us).(View).Window; w == nil || !w.Decoy || len(w.Spans) != 0 {
			t.Errorf("rev %d: the US view of the window %+v, want a decoy with no spans", c.rev, w)
		}
		if cs := f.s.Candidates(nil); len(cs) != 1 || cs[0] != (OppPass{}) {
			t.Errorf("rev %d: candidates %v, want only a pass", c.rev, cs)
		}
		f.do(OppPass{})
		if d := f.s.Pending(); d.Kind == "opportunity-fire" {
			t.Errorf("rev %d: the window is still open after the pass", c.rev)
		}
	}
}
