package server_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// secretRules is a tiny ruleset for the server tests, after the engine's
// toy: two sides, red and blue, each with a secret that only it may see.
// Every move emits a public event and a private one to the mover carrying
// its secret ("SECRET-red-..."), so a test can check that no response to
// blue ever holds red's secret. "wait" emits no event at all. "sneak" is
// a hidden move along a path: a public "moves unseen" event and one
// private event per waypoint, so how many private events there are is as
// secret as where they lead.
type secretRules struct {
	name  string
	limit int // moves in a game
}

const secretRulesName = "server-test"

func init() {
	engine.Register(secretRules{secretRulesName, secretMoves})
	engine.Register(secretRules{longRulesName, 1 << 30})
}

// longRulesName is secretRules with no end in sight, for the load test.
const longRulesName = "server-test-long"

var longScenario = &scenario.Scenario{ID: "test/long-duel", Version: 1, Rules: longRulesName, Title: "Long duel",
	Sides: []*scenario.Side{{ID: "red", Name: "Red"}, {ID: "blue", Name: "Blue"}}}

// secretScenario is the scenario of secretRules (no YAML needed).
var secretScenario = &scenario.Scenario{ID: "test/secret-duel", Version: 2, Rules: secretRulesName, Title: "Secret duel",
	Briefing: "Two sides, one secret each.",
	Sides:    []*scenario.Side{{ID: "red", Name: "Red"}, {ID: "blue", Name: "Blue"}}}

// secretMoves is the game's length.
const secretMoves = 12

type moveAction struct {
	Value int `json:"value"`
}

func (moveAction) Kind() string { return "move" }

type waitAction struct{}

type sneakAction struct {
	Path [][2]float64 `json:"path"`
}

func (sneakAction) Kind() string { return "sneak" }

func (waitAction) Kind() string { return "wait" }

type secretState struct {
	Moves  int    `json:"moves"`
	Active int    `json:"active"`
	Waited bool   `json:"waited"`
	Score  [2]int `json:"score"`
	Secret [2]int `json:"secret"`
	Limit  int    `json:"limit"`
}

func (r secretRules) Name() string { return r.name }

func (r secretRules) New(*scenario.Scenario) (engine.State, error) {
	return &secretState{Secret: [2]int{1111, 2222}, Limit: r.limit}, nil
}

func (secretRules) DecodeAction(raw json.RawMessage) (engine.Action, error) {
	kind, err := engine.ActionKind(raw)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "move":
		var a moveAction
		err := json.Unmarshal(raw, &a)
		return a, err
	case "wait":
		return waitAction{}, nil
	case "sneak":
		var a sneakAction
		err := json.Unmarshal(raw, &a)
		return a, err
	}
	return nil, fmt.Errorf("server-test: unknown action %q", kind)
}

func (secretRules) DecodeState(raw []byte) (engine.State, error) {
	var s secretState
	err := json.Unmarshal(raw, &s)
	return &s, err
}

func (secretRules) SideNames(engine.State) []string { return []string{"red", "blue"} }

func (s *secretState) Pending() engine.Decision {
	if s.Moves >= s.Limit {
		return engine.Decision{Side: -1, Kind: "over"}
	}
	return engine.Decision{Side: s.Active, Kind: "move"}
}

func (s *secretState) Validate(a engine.Action) error {
	if s.Moves >= s.Limit {
		return engine.ErrGameOver
	}
	switch a := a.(type) {
	case moveAction:
		if a.Value < 1 || a.Value > 3 {
			return fmt.Errorf("server-test: move %d; 1 to 3 allowed", a.Value)
		}
	case waitAction:
		if s.Waited {
			return errors.New("server-test: only one wait in a row")
		}
	case sneakAction:
		if len(a.Path) < 1 || len(a.Path) > 8 {
			return fmt.Errorf("server-test: a sneak of %d waypoints; 1 to 8 allowed", len(a.Path))
		}
	default:
		return fmt.Errorf("server-test: unknown action %T", a)
	}
	return nil
}

func (s *secretState) Apply(a engine.Action, src dice.Source, out engine.Emitter) {
	side := s.Active
	switch a := a.(type) {
	case waitAction:
		s.Waited = true // no event: the position moves on silently
		return
	case moveAction:
		roll := dice.D6(src)
		s.Score[side] += a.Value * roll
		s.Secret[side] = s.Secret[side]*7%10007 + roll
		name := secretRules{}.SideNames(s)[side]
		out.Emit(engine.Event{Kind: "move", Text: fmt.Sprintf("%s moves %d", name, a.Value), To: engine.Everyone})
		out.Emit(engine.Event{Kind: "secret", Text: fmt.Sprintf("SECRET-%s-%d", name, s.Secret[side]), To: side})
	case sneakAction:
		name := secretRules{}.SideNames(s)[side]
		out.Emit(engine.Event{Kind: "move", Text: name + " moves unseen", To: engine.Everyone})
		for _, p := range a.Path {
			s.Secret[side] = (s.Secret[side]*31 + int(p[0]*10) + int(p[1])) % 10007
			out.Emit(engine.Event{Kind: "sneak", Text: fmt.Sprintf("SECRET-%s-at-%g-%g", name, p[0], p[1]), To: side,
				Data: map[string]any{"x": p[0], "y": p[1]}})
		}
	}
	s.Waited = false
	s.Moves++
	s.Active = 1 - side
}

func (s *secretState) Candidates(dst []engine.Action) []engine.Action {
	if s.Moves >= s.Limit {
		return dst
	}
	return append(dst, moveAction{1}, moveAction{2}, moveAction{3})
}

func (s *secretState) Result() engine.Result {
	r := engine.Result{Winner: -1, Turn: s.Moves/2 + 1}
	if s.Moves >= s.Limit {
		r.Over = true
		switch {
		case s.Score[0] > s.Score[1]:
			r.Winner = 0
		case s.Score[1] > s.Score[0]:
			r.Winner = 1
		}
	}
	return r
}

func (s *secretState) Clone() engine.State { c := *s; return &c }

func (s *secretState) Hash() uint64 {
	h := engine.NewHasher()
	h.Int(s.Moves)
	h.Int(s.Active)
	h.Bool(s.Waited)
	h.Int(s.Limit)
	for i := range 2 {
		h.Int(s.Score[i])
		h.Int(s.Secret[i])
	}
	return h.Sum()
}

func (s *secretState) View(side int) any {
	name := secretRules{}.SideNames(s)[side]
	return map[string]any{"moves": s.Moves, "active": s.Active, "score": s.Score, "me": name,
		"secret": fmt.Sprintf("SECRET-%s-%d", name, s.Secret[side])}
}

func (s *secretState) MarshalJSON() ([]byte, error) {
	type plain secretState
	return json.Marshal((*plain)(s))
}
