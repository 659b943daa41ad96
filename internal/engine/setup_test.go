package engine_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

// setupRules is the toy game set up with a tower the scenario places in
// the open and a spy it hides in it, which its states tell of
// (engine.SetupReporter): one event for everyone, one for blue alone. Its
// states carry a rules revision (engine.Revised) that the set-up's events
// name, so that a replay under an earlier revision shows it tells of the
// state it replays. With silent, the same game's states tell nothing of
// their set-up.
type setupRules struct {
	toyRules
	silent bool
}

func init() {
	engine.Register(setupRules{})
	engine.Register(setupRules{silent: true})
}

const setupRevision = 2

// setupState is the toy state with a rules revision.
type setupState struct {
	*toyState
	Rev int
}

// tellingState is a setupState that tells of its set-up.
type tellingState struct{ setupState }

func (s *tellingState) ReportSetup(out engine.Emitter) {
	out.Emit(engine.Event{Kind: "preplaced", Text: fmt.Sprintf("the scenario places red's tower at (3.0, 4.0) facing 90° (revision %d)", s.Rev), To: engine.Everyone})
	out.Emit(engine.Event{Kind: "preplaced", Text: "the scenario hides blue's spy in the tower", To: 1})
}

func (r setupRules) Name() string {
	if r.silent {
		return "toy-setup-silent"
	}
	return "toy-setup"
}

func (setupRules) Revision() int { return setupRevision }

func (r setupRules) New(sc *scenario.Scenario) (engine.State, error) {
	return r.NewRevision(sc, setupRevision)
}

func (r setupRules) NewRevision(sc *scenario.Scenario, rev int) (engine.State, error) {
	s, err := toyRules{}.New(sc)
	return r.wrap(setupState{s.(*toyState), rev}), err
}

func (r setupRules) wrap(s setupState) engine.State {
	if r.silent {
		return &s
	}
	return &tellingState{s}
}

func (r setupRules) DecodeState(raw []byte) (engine.State, error) {
	var j struct {
		Toy json.RawMessage `json:"toy"`
		Rev int             `json:"rev"`
	}
	if err := json.Unmarshal(raw, &j); err != nil {
		return nil, err
	}
	s, err := toyRules{}.DecodeState(j.Toy)
	return r.wrap(setupState{s.(*toyState), j.Rev}), err
}

func (s *setupState) Clone() engine.State {
	return &setupState{s.toyState.Clone().(*toyState), s.Rev}
}

func (s *tellingState) Clone() engine.State {
	return &tellingState{*s.setupState.Clone().(*setupState)}
}

func (s *setupState) Hash() uint64 {
	h := engine.NewHasher()
	h.Uint64(s.toyState.Hash())
	h.Int(s.Rev)
	return h.Sum()
}

func (s *setupState) MarshalJSON() ([]byte, error) {
	toy, err := s.toyState.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{"toy": json.RawMessage(toy), "rev": s.Rev})
}

// playSetup plays a whole game of r with seed, always taking candidate
// i mod n.
func playSetup(t *testing.T, r engine.Rules, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(r, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.State().Result().Over; i++ {
		c := g.State().Candidates(nil)
		mustApply(t, g, c[i%len(c)])
	}
	return g
}

// TestSetupEventsComeFirst: a game whose initial state tells of its
// set-up starts its events with them, numbered from 1 and visible as the
// ruleset says; they belong to no record, so each action's events, the
// actions a side may know of, the state hash and the log are the same
// as in the game that tells nothing of its set-up.
func TestSetupEventsComeFirst(t *testing.T) {
	want := []engine.Event{
		{Seq: 1, Kind: "preplaced", Text: "the scenario places red's tower at (3.0, 4.0) facing 90° (revision 2)", To: engine.Everyone},
		{Seq: 2, Kind: "preplaced", Text: "the scenario hides blue's spy in the tower", To: 1},
	}
	fresh, err := engine.NewGame(setupRules{}, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, fresh.Events()); diff != "" {
		t.Fatalf("a new game's events (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, fresh.SetupEvents()); diff != "" {
		t.Fatalf("a new game's set-up events (-want +got):\n%s", diff)
	}
	if len(fresh.Records()) != 0 || fresh.ActionsKnownTo(0) != 0 || fresh.ActionsKnownTo(1) != 0 {
		t.Fatalf("a new game has %d records, %d and %d known actions; want none", len(fresh.Records()), fresh.ActionsKnownTo(0), fresh.ActionsKnownTo(1))
	}
	if !fresh.Events()[0].VisibleTo(0) || fresh.Events()[1].VisibleTo(0) || !fresh.Events()[1].VisibleTo(1) {
		t.Fatal("the hidden spy's event is not blue's alone")
	}

	g, silent := playSetup(t, setupRules{}, 5), playSetup(t, setupRules{silent: true}, 5)
	if len(silent.SetupEvents()) != 0 {
		t.Fatalf("a state that is no SetupReporter told of its set-up: %v", silent.SetupEvents())
	}
	if diff := cmp.Diff(want, g.Events()[:2]); diff != "" {
		t.Fatalf("the played game's first events (-want +got):\n%s", diff)
	}
	if len(g.Events()) != len(silent.Events())+2 {
		t.Fatalf("%d events, %d without the set-up's; want 2 more", len(g.Events()), len(silent.Events()))
	}
	for i, e := range g.Events() {
		if e.Seq != i+1 {
			t.Fatalf("event %d is numbered %d", i+1, e.Seq)
		}
	}
	for i := range g.Records() {
		got, want := g.RecordEvents(i), silent.RecordEvents(i)
		if len(got) != len(want) {
			t.Fatalf("record %d emitted %d events, %d in the silent game", i+1, len(got), len(want))
		}
		for k := range got {
			if got[k].Text != want[k].Text || got[k].Seq != want[k].Seq+2 {
				t.Fatalf("record %d's event %d is %+v, %+v in the silent game", i+1, k+1, got[k], want[k])
			}
		}
	}
	for side := range 2 {
		if a, b := g.ActionsKnownTo(side), silent.ActionsKnownTo(side); a != b {
			t.Errorf("side %d may know of %d actions, %d in the silent game", side, a, b)
		}
	}
	if g.Hash() != silent.Hash() {
		t.Errorf("state hash %x, %x in the silent game", g.Hash(), silent.Hash())
	}
	var logA, logB bytes.Buffer
	if err := g.WriteLog(&logA); err != nil {
		t.Fatal(err)
	}
	if err := silent.WriteLog(&logB); err != nil {
		t.Fatal(err)
	}
	if a, b := logA.String(), strings.Replace(logB.String(), `"rules":"toy-setup-silent"`, `"rules":"toy-setup"`, 1); a != b {
		t.Fatalf("the logs differ with the set-up told:\n%s\n%s", a, b)
	}

	// The replay tells of the set-up alike, and of every action.
	lg, err := engine.ReadLog(&logA)
	if err != nil {
		t.Fatal(err)
	}
	rg, err := engine.Replay(lg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(g.Events(), rg.Events()); diff != "" {
		t.Errorf("the replay's events (-game +replay):\n%s", diff)
	}
}

// TestSetupEventsOfAnEarlierRevision: a log made under an earlier rules
// revision replays from that revision's initial state, and the set-up
// events tell of that state, not of the current revision's.
func TestSetupEventsOfAnEarlierRevision(t *testing.T) {
	old, err := setupRules{}.NewRevision(nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	log := fmt.Sprintf(`{"format":"sandtable-log/1","rules":"toy-setup","seed":3,"hash":%q,"dice":1,"rev":1}`, engine.FormatHash(old.Hash()))
	lg, err := engine.ReadLog(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(lg, nil)
	if err != nil {
		t.Fatal(err)
	}
	evs := g.Events()
	if len(evs) != 2 || len(g.SetupEvents()) != 2 || evs[0].Seq != 1 || !strings.HasSuffix(evs[0].Text, "(revision 1)") {
		t.Fatalf("events of a revision-1 game: %+v; want its two set-up events, of revision 1", evs)
	}
}

// TestConformanceChecksSetupEvents: the conformance suite counts the
// set-up's events among the kinds it saw, and accepts a ruleset whose
// set-up events leave the state as it was.
func TestConformanceChecksSetupEvents(t *testing.T) {
	if fs := enginetest.Check(enginetest.Config{Rules: setupRules{}, Games: 5, Seed: 1, MaxActions: 200, EventKinds: []string{"preplaced", "hit"}}); len(fs) != 0 {
		t.Fatalf("failures: %v", fs)
	}
	fs := enginetest.Check(enginetest.Config{Rules: changingSetupRules{}, Games: 1, Seed: 1, MaxActions: 200})
	if len(fs) == 0 || !strings.Contains(fs[0].Msg, "SetupReporter") {
		t.Fatalf("failures = %v, want one saying the set-up's events changed the state", fs)
	}
}

// changingSetupRules is setupRules whose ReportSetup changes the state,
// which the conformance suite must catch.
type changingSetupRules struct{ setupRules }

type changingState struct{ tellingState }

func (changingSetupRules) Name() string { return "toy-setup-changing" }

func (r changingSetupRules) New(sc *scenario.Scenario) (engine.State, error) {
	s, err := r.setupRules.New(sc)
	return &changingState{*s.(*tellingState)}, err
}

func (s *changingState) ReportSetup(out engine.Emitter) {
	s.tellingState.ReportSetup(out)
	s.Secret[0]++
}

func (s *changingState) Clone() engine.State {
	return &changingState{*s.tellingState.Clone().(*tellingState)}
}
