package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

func init() { engine.Register(toyRules{}) }

func TestConformanceToy(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Rules: toyRules{}, Games: 200, Seed: 1, MaxActions: 200,
		Invariant: func(s engine.State) error {
			ts := s.(*toyState)
			if ts.Blocks[0] < 0 || ts.Blocks[1] < 0 {
				return errors.New("negative blocks")
			}
			return nil
		},
		Illegal: func(s engine.State) []engine.Action {
			return []engine.Action{toyAttack{Dice: 4}, toyAttack{Dice: 0}}
		},
	})
}

// sharedCloneRules is the toy game with a Clone that shares its state with
// the original, which the suite must catch.
type sharedCloneRules struct{ toyRules }

type sharedState struct{ *toyState }

func (s *sharedState) Clone() engine.State { return &sharedState{s.toyState} }

func (sharedCloneRules) New(sc *scenario.Scenario) (engine.State, error) {
	s, err := toyRules{}.New(sc)
	return &sharedState{s.(*toyState)}, err
}

func (sharedCloneRules) DecodeState(raw []byte) (engine.State, error) {
	s, err := toyRules{}.DecodeState(raw)
	return &sharedState{s.(*toyState)}, err
}

func TestConformanceCatchesSharedClone(t *testing.T) {
	fs := enginetest.Check(enginetest.Config{Rules: sharedCloneRules{}, Games: 3, Seed: 1, MaxActions: 200})
	if len(fs) == 0 {
		t.Fatal("conformance suite accepted a ruleset whose Clone shares state")
	}
	if !strings.Contains(fs[0].Msg, "clone") {
		t.Errorf("failure = %q, want it to mention the clone", fs[0].Msg)
	}
}

// wrongSideRules is the toy game with a DecidingSide that names the other
// side, which the suite must catch.
type wrongSideRules struct{ toyRules }

type wrongSideState struct{ *toyState }

func (s *wrongSideState) Clone() engine.State {
	return &wrongSideState{s.toyState.Clone().(*toyState)}
}

func (s *wrongSideState) DecidingSide() int { return 1 - s.Pending().Side }

func (wrongSideRules) New(sc *scenario.Scenario) (engine.State, error) {
	s, err := toyRules{}.New(sc)
	return &wrongSideState{s.(*toyState)}, err
}

func (wrongSideRules) DecodeState(raw []byte) (engine.State, error) {
	s, err := toyRules{}.DecodeState(raw)
	return &wrongSideState{s.(*toyState)}, err
}

func TestConformanceCatchesWrongDecidingSide(t *testing.T) {
	fs := enginetest.Check(enginetest.Config{Rules: wrongSideRules{}, Games: 2, Seed: 1, MaxActions: 200})
	if len(fs) == 0 || !strings.Contains(fs[0].Msg, "DecidingSide") {
		t.Fatalf("failures = %v, want one saying DecidingSide differs from Pending", fs)
	}
}

func TestDecidingSide(t *testing.T) {
	g, err := engine.NewGame(toyRules{}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := engine.DecidingSide(g.State()), g.Pending().Side; got != want {
		t.Errorf("DecidingSide of a state without Decider = %d, want Pending's %d", got, want)
	}
	ws := &wrongSideState{g.State().(*toyState)}
	if got, want := engine.DecidingSide(ws), 1-g.Pending().Side; got != want {
		t.Errorf("DecidingSide through Decider = %d, want the Decider's %d", got, want)
	}
}

func TestConformanceCatchesLengthBound(t *testing.T) {
	fs := enginetest.Check(enginetest.Config{Rules: toyRules{}, Games: 1, Seed: 1, MaxActions: 3})
	if len(fs) != 1 || !strings.Contains(fs[0].Msg, "length bound") {
		t.Fatalf("failures = %v, want one length-bound failure", fs)
	}
}

func TestApplyRejectsAndLeavesStateUntouched(t *testing.T) {
	g, err := engine.NewGame(toyRules{}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	before := g.Hash()
	for _, a := range []engine.Action{toyAttack{Dice: 9}, toyReact{Block: true}} {
		if _, err := g.Apply(a); err == nil {
			t.Errorf("Apply(%+v) = nil error, want a rejection", a)
		}
	}
	if g.Hash() != before || len(g.Records()) != 0 {
		t.Errorf("rejected actions changed the game: hash %x -> %x, %d records", before, g.Hash(), len(g.Records()))
	}
}

func TestScriptExhaustedMidApplyRestoresState(t *testing.T) {
	// Attack with 3 dice needs 3 + 1 faces; give only 2.
	g, err := engine.NewGameWithSource(toyRules{}, nil, 0, dice.NewScripted(6, 6))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(toyAttack{Dice: 3}); err != nil {
		t.Fatal(err)
	}
	before := g.Hash()
	_, err = g.Apply(toyReact{Block: false})
	var se *dice.ScriptError
	if !errors.As(err, &se) {
		t.Fatalf("Apply error = %v, want a *dice.ScriptError", err)
	}
	if g.Hash() != before || len(g.Records()) != 1 {
		t.Errorf("failed apply changed the game (hash %x -> %x, %d records)", before, g.Hash(), len(g.Records()))
	}
}

func TestScriptedExample(t *testing.T) {
	// Red attacks with 3 dice rolling 6, 4, 2 (two successes); blue blocks
	// and rolls 5, 1 (one success): blue loses one strength point.
	g, _ := engine.NewGameWithSource(toyRules{}, nil, 0, dice.NewScripted(6, 4, 2, 5, 1))
	mustApply(t, g, toyAttack{Dice: 3})
	evs := mustApply(t, g, toyReact{Block: true})
	st := g.State().(*toyState)
	if st.Strength[1] != 5 || st.Blocks[1] != 1 {
		t.Errorf("blue strength %d blocks %d, want 5 and 1", st.Strength[1], st.Blocks[1])
	}
	if len(evs) != 1 || evs[0].Seq != 1 || evs[0].Kind != "hit" {
		t.Errorf("events = %+v, want one hit numbered 1", evs)
	}
	if got := g.Records()[1].Dice; len(got) != 5 {
		t.Errorf("record dice = %v, want the 5 faces rolled", got)
	}
}

func mustApply(t *testing.T, g *engine.Game, a engine.Action) []engine.Event {
	t.Helper()
	evs, err := g.Apply(a)
	if err != nil {
		t.Fatalf("Apply(%+v): %v", a, err)
	}
	return evs
}

func playToy(t *testing.T, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(toyRules{}, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.State().Result().Over; i++ {
		c := g.State().Candidates(nil)
		mustApply(t, g, c[i%len(c)])
	}
	return g
}

func TestLogReplay(t *testing.T) {
	g := playToy(t, 42)
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	lg, err := engine.ReadLog(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	rg, err := engine.Replay(lg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rg.Hash() != g.Hash() {
		t.Errorf("replayed hash %x, want %x", rg.Hash(), g.Hash())
	}

	t.Run("tampered hash names the record", func(t *testing.T) {
		lines := strings.Split(strings.TrimSpace(text), "\n")
		h := g.Records()[2].Hash
		lines[3] = strings.Replace(lines[3], h, "0000000000000bad", 1)
		lg, err := engine.ReadLog(strings.NewReader(strings.Join(lines, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		_, err = engine.Replay(lg, nil)
		var d *engine.Divergence
		if !errors.As(err, &d) || d.Record != 3 || d.Line != 4 || d.What != "hash" {
			t.Fatalf("Replay error = %v, want a hash divergence at record 3 line 4", err)
		}
	})
	t.Run("a record after the end is named", func(t *testing.T) {
		lines := strings.Split(strings.TrimSpace(text), "\n")
		n := len(lines) - 1 // records
		var rec map[string]any
		if err := json.Unmarshal([]byte(lines[n]), &rec); err != nil {
			t.Fatal(err)
		}
		rec["n"] = n + 1
		extra, _ := json.Marshal(rec)
		lg, err := engine.ReadLog(strings.NewReader(text + string(extra) + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = engine.Replay(lg, nil)
		want := fmt.Sprintf("log line %d: record %d rejected: it comes after the game is over (it ended at record %d)", n+2, n+1, n)
		var rej *engine.Rejected
		if !errors.As(err, &rej) || !strings.Contains(err.Error(), want) {
			t.Fatalf("Replay error = %v, want %q", err, want)
		}
	})
	t.Run("different seed diverges on dice", func(t *testing.T) {
		lines := strings.Split(strings.TrimSpace(text), "\n")
		lines[0] = strings.Replace(lines[0], `"seed":42`, `"seed":43`, 1)
		lg, _ := engine.ReadLog(strings.NewReader(strings.Join(lines, "\n")))
		_, err := engine.Replay(lg, nil)
		var d *engine.Divergence
		if !errors.As(err, &d) || d.What != "dice" {
			t.Fatalf("Replay error = %v, want a dice divergence", err)
		}
	})
}

func TestReadLogErrors(t *testing.T) {
	hdr := `{"format":"sandtable-log/1","rules":"toy-duel","seed":1,"hash":"0"}`
	for _, tc := range []struct{ name, log, want string }{
		{"empty", "", "empty log"},
		{"bad header", "{nope\n", "line 1"},
		{"wrong format", `{"format":"x","rules":"toy-duel","seed":1,"hash":"0"}`, "format"},
		{"unknown field", `{"format":"sandtable-log/1","rules":"toy-duel","seed":1,"hash":"0"}` + "\n" + `{"n":1,"side":0,"action":{"kind":"attack"},"hash":"0","extra":1}`, "line 2"},
		{"skipped record", `{"format":"sandtable-log/1","rules":"toy-duel","seed":1,"hash":"0"}` + "\n" + `{"n":2,"side":0,"action":{"kind":"attack"},"hash":"0"}`, "record number 2, want 1"},
		{"no action", `{"format":"sandtable-log/1","rules":"toy-duel","seed":1,"hash":"0"}` + "\n" + `{"n":1,"side":0,"hash":"0"}`, "no action"},
		{"line too long", `{"format":"sandtable-log/1","rules":"toy-duel","seed":1,"hash":"0"}` + "\n" + strings.Repeat("x", 17<<20), "log line 2: longer than 16 MiB"},
		{"blank lines only", "   \n\t\n", "empty log: no header line"},
		{"more after a record", hdr + "\n" + `{"n":1,"side":0,"action":{"kind":"attack"},"hash":"0"}]]}garbage`, `log line 2: more after the JSON object: "]]}garbage"`},
		{"a second record on the line", hdr + "\n" + `{"n":1,"side":0,"action":{"kind":"attack"},"hash":"0"} {"n":2}`, "log line 2: more after the JSON object"},
		{"more after the header", hdr + `{"evil":1}`, "log line 1: bad header: more after the JSON object"},
		{"a key twice", hdr + "\n" + `{"n":1,"side":0,"action":{"kind":"attack"},"hash":"deadbeef","hash":"0"}`, `log line 2: the key "hash" is given twice`},
		{"a key twice in the action", hdr + "\n" + `{"n":1,"side":0,"action":{"kind":"attack","kind":"attack"},"hash":"0"}`, `log line 2: the key "kind" is given twice`},
		{"a key in another case", hdr + "\n" + `{"n":1,"side":0,"action":{"kind":"attack"},"Hash":"0"}`, `log line 2: unknown field "Hash" (the fields, named exactly: n, side, action, dice, hash)`},
		{"a header key in another case", `{"format":"sandtable-log/1","Rules":"toy-duel","seed":1,"hash":"0"}`, `log line 1: bad header: unknown field "Rules"`},
		{"the events of a game under way", `{"events":[{"seq":1,"kind":"deploy","text":"x","to":-1}]}`, "log line 1: this is a list of a game's events, as the server gives them while the game is under way, not a game log"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := engine.ReadLog(strings.NewReader(tc.log))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ReadLog error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestReadLogBlankLinesFirst: blank lines before the header are skipped,
// and the lines are still counted as a file's.
func TestReadLogBlankLinesFirst(t *testing.T) {
	log := "\n  \n" + `{"format":"sandtable-log/1","rules":"toy-duel","seed":1,"hash":"0"}` + "\n" + `{"n":1,"side":0,"action":{"kind":"attack"},"hash":"0"}`
	lg, err := engine.ReadLog(strings.NewReader(log))
	if err != nil || lg.Header.Rules != "toy-duel" || len(lg.Records) != 1 || lg.Lines[0] != 4 {
		t.Fatalf("ReadLog: %+v, %v; want the header and one record on line 4", lg, err)
	}
}

func TestReplayRejectsIllegalRecord(t *testing.T) {
	log := `{"format":"sandtable-log/1","rules":"toy-duel","seed":1,"hash":"` + engine.FormatHash(mustNew(t).Hash()) + `"}` + "\n" +
		`{"n":1,"side":0,"action":{"kind":"attack","dice":7},"hash":"0"}`
	lg, err := engine.ReadLog(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(lg, nil); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("Replay error = %v, want a rejection naming line 2", err)
	}
}

func mustNew(t *testing.T) engine.State {
	s, err := toyRules{}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// perDie hides a PCG's type so that pools are drawn a die at a time, as
// logs were recorded before pools took the fast path.
type perDie struct{ p *dice.PCG }

func (d perDie) Die(n int) int { return d.p.Die(n) }

// TestOldLogsStillReplay: a log recorded with every die drawn on its own
// (no `dice` in its header) replays; the same records under a header that
// says the pools were batched diverge on the dice, and an unknown drawing
// is refused.
func TestOldLogsStillReplay(t *testing.T) {
	const seed = 42
	g, err := engine.NewGameWithSource(toyRules{}, nil, seed, perDie{dice.NewPCG(seed)})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.State().Result().Over; i++ {
		c := g.State().Candidates(nil)
		mustApply(t, g, c[i%len(c)])
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	batched := buf.String()
	if !strings.Contains(batched, `"dice":1`) {
		t.Fatalf("the header does not say how the dice were drawn:\n%s", batched[:strings.Index(batched, "\n")])
	}
	replay := func(text string) error {
		lg, err := engine.ReadLog(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		_, err = engine.Replay(lg, nil)
		return err
	}
	var d *engine.Divergence
	if err := replay(batched); !errors.As(err, &d) || d.What != "dice" {
		t.Fatalf("per-die records under a batched header: %v, want a dice divergence", err)
	}
	if err := replay(strings.Replace(batched, `,"dice":1`, "", 1)); err != nil {
		t.Fatalf("an old log does not replay: %v", err)
	}
	if err := replay(strings.Replace(batched, `"dice":1`, `"dice":7`, 1)); err == nil || !strings.Contains(err.Error(), "unknown dice drawing 7") {
		t.Fatalf("unknown drawing: %v", err)
	}
}

func TestQuiet(t *testing.T) {
	if !engine.Quiet(engine.Discard) {
		t.Error("engine.Quiet(engine.Discard) = false")
	}
	if engine.Quiet(&engine.EventList{}) {
		t.Error("engine.Quiet(&engine.EventList{}) = true")
	}
}

// quietDiffersRules is the toy game played differently into
// engine.Discard: a ruleset whose Quiet shortcut changes more than events.
type quietDiffersRules struct{ toyRules }

type quietDiffersState struct{ *toyState }

func (s *quietDiffersState) Clone() engine.State {
	return &quietDiffersState{s.toyState.Clone().(*toyState)}
}

func (s *quietDiffersState) Apply(a engine.Action, src dice.Source, out engine.Emitter) {
	s.toyState.Apply(a, src, out)
	if engine.Quiet(out) {
		s.Blocks[0]++
	}
}

func (quietDiffersRules) New(sc *scenario.Scenario) (engine.State, error) {
	s, err := toyRules{}.New(sc)
	return &quietDiffersState{s.(*toyState)}, err
}

func (quietDiffersRules) DecodeState(raw []byte) (engine.State, error) {
	s, err := toyRules{}.DecodeState(raw)
	return &quietDiffersState{s.(*toyState)}, err
}

func TestConformanceChecksQuietPlayAndEvents(t *testing.T) {
	fs := enginetest.Check(enginetest.Config{Rules: quietDiffersRules{}, Games: 3, Seed: 1, MaxActions: 200})
	if len(fs) == 0 || !strings.Contains(fs[0].Msg, "engine.Discard") {
		t.Fatalf("failures = %v, want one saying play into engine.Discard differs", fs)
	}
	if fs := enginetest.Check(enginetest.Config{Rules: toyRules{}, Games: 20, Seed: 1, MaxActions: 200, EventKinds: []string{"hit"}}); len(fs) != 0 {
		t.Fatalf("toy game: %v", fs)
	}
	fs = enginetest.Check(enginetest.Config{Rules: toyRules{}, Games: 2, Seed: 1, MaxActions: 200, EventKinds: []string{"hit", "parade"}})
	if len(fs) != 1 || !strings.Contains(fs[0].Msg, `no "parade" event`) {
		t.Fatalf("failures = %v, want one for the missing parade event", fs)
	}
}
