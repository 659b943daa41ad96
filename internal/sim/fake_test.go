package sim

import (
	"encoding/json"
	"errors"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// shootout is a tiny two-sided game for testing aggregation: each side in
// turn either shoots (a d6: 5 knocks out an enemy "tank", 6 an enemy "gun",
// each costing a morale point) or waits. A side at 0 morale loses; a game
// still going after turn 10 is a draw. Its state reports Morale and Losses.
type shootout struct {
	// endless makes every action "wait", so no game ends; panicAt makes
	// Apply panic at that action count.
	endless bool
	panicAt int
	// sides, when set, are the side ids instead of red and blue.
	sides []string
}

type shootState struct {
	rules   shootout
	Turn    int
	Side    int
	Actions int
	MP      [2]int
	Lost    [2]map[string]int
	Over    bool
	Winner  int
	Reason  string
}

type shoot struct{}

func (shoot) Kind() string { return "shoot" }

type wait struct{}

func (wait) Kind() string { return "wait" }

func (shootout) Name() string { return "shootout" }

func (r shootout) New(*scenario.Scenario) (engine.State, error) {
	return &shootState{rules: r, Turn: 1, MP: [2]int{3, 3}, Winner: -1,
		Lost: [2]map[string]int{{}, {}}}, nil
}

func (shootout) DecodeAction(json.RawMessage) (engine.Action, error) { return nil, errors.New("no") }
func (shootout) DecodeState([]byte) (engine.State, error)            { return nil, errors.New("no") }
func (r shootout) SideNames(engine.State) []string {
	if r.sides != nil {
		return r.sides
	}
	return []string{"red", "blue"}
}

func (s *shootState) Pending() engine.Decision {
	if s.Over {
		return engine.Decision{Side: -1}
	}
	return engine.Decision{Side: s.Side, Kind: "act"}
}

func (s *shootState) Validate(a engine.Action) error {
	switch a.(type) {
	case shoot, wait:
		return nil
	}
	return errors.New("shootout: unknown action")
}

func (s *shootState) Apply(a engine.Action, src dice.Source, _ engine.Emitter) {
	s.Actions++
	if s.rules.panicAt > 0 && s.Actions == s.rules.panicAt {
		panic("shootout: deliberate")
	}
	if _, ok := a.(shoot); ok {
		enemy := 1 - s.Side
		switch dice.D6(src) {
		case 5:
			s.Lost[enemy]["tank"]++
			s.MP[enemy]--
		case 6:
			s.Lost[enemy]["gun"]++
			s.MP[enemy]--
		}
		if s.MP[enemy] == 0 {
			s.Over, s.Winner, s.Reason = true, s.Side, "army morale"
			return
		}
	}
	if s.Side == 1 {
		s.Turn++
		if s.Turn > 10 && !s.rules.endless {
			s.Turn, s.Over, s.Reason = 10, true, "turn limit"
			return
		}
	}
	s.Side = 1 - s.Side
}

func (s *shootState) Candidates(dst []engine.Action) []engine.Action {
	if s.rules.endless {
		return append(dst, wait{})
	}
	return append(dst, shoot{}, wait{})
}

func (s *shootState) Result() engine.Result {
	return engine.Result{Over: s.Over, Winner: s.Winner, Turn: s.Turn, Reason: s.Reason}
}

func (s *shootState) Clone() engine.State {
	c := *s
	c.Lost = [2]map[string]int{{}, {}}
	for side, m := range s.Lost {
		for k, v := range m {
			c.Lost[side][k] = v
		}
	}
	return &c
}

func (s *shootState) Hash() uint64                 { return uint64(s.Actions) }
func (s *shootState) View(int) any                 { return s }
func (s *shootState) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

func (s *shootState) Morale(side int) int               { return s.MP[side] }
func (s *shootState) UnitsLost(side int) map[string]int { return s.Lost[side] }

// firstAgent always takes the first candidate (shoot, in a shootout): a
// second agent distinguishable from "random".
type firstAgent struct{}

func (firstAgent) Name() string { return "first" }
func (firstAgent) Choose(st engine.State) engine.Action {
	return st.Candidates(nil)[0]
}

// withFirstAgent makes the agent "first" available to Run until the test
// ends.
func withFirstAgent(t interface{ Cleanup(func()) }) {
	old := newAgent
	newAgent = func(name string, seed uint64, cores int) (agent.Agent, error) {
		if name == "first" {
			return firstAgent{}, nil
		}
		return old(name, seed, cores)
	}
	t.Cleanup(func() { newAgent = old })
}
