package armourbattles

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
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
// that cannot answer (suppressed): the window is offered, and after the
// pass the attack is rolled.
func TestDecoyFireWindow(t *testing.T) {
	for _, hidden := range []bool{false, true} {
		f := newFixture(t, nil, german, 1,
			placed{"de-1", "panzer-iv-h", german, 36, 30, -90},
			placed{"us-1", "m4-75", us, 36, 20, 90},
			placed{"us-h", "m4-75", us, 2, 2, 180})
		f.s.Rev = Revision
		f.unit("us-1").Suppressed = true
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

// TestRevisionZeroLogsReplay: logs made before revision 1 (no "rev" in
// their header) still replay record for record, under revision 0; the
// Battle 2 one has no decoy windows, which revision 1 would open.
func TestRevisionZeroLogsReplay(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "rev0", "*.jsonl"))
	if len(paths) == 0 {
		t.Fatal("no logs in testdata/rev0")
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
		if lg.Header.Rev != 0 {
			t.Fatalf("%s: header rev %d, want none", p, lg.Header.Rev)
		}
		g, err := engine.Replay(lg, func(_, id string) (*scenario.Scenario, error) {
			cat, err := scenario.Embedded()
			if err != nil {
				return nil, err
			}
			return cat.Scenario(id)
		})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if g.Header().Rev != 0 || g.State().(*State).Rev != 0 {
			t.Errorf("%s replayed under revision %d", p, g.Header().Rev)
		}
		var out bytes.Buffer
		if err := g.WriteLog(&out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), raw) {
			t.Errorf("%s: the replayed game's log is not the log", p)
		}
	}
	// A log from a later revision than this version knows is refused.
	lg := &engine.Log{Header: engine.Header{Format: engine.LogFormat, Rules: Name, Scenario: "armour-battles/battle-1", Version: 1, Seed: 1, Dice: engine.DiceBatched, Rev: Revision + 1}}
	_, err := engine.Replay(lg, func(_, id string) (*scenario.Scenario, error) {
		cat, _ := scenario.Embedded()
		return cat.Scenario(id)
	})
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("a log from a newer version?")) {
		t.Errorf("replaying revision %d: %v", Revision+1, err)
	}
}
