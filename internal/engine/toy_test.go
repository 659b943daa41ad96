package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// The toy game "duel" proves the engine and the conformance suite: two sides
// take turns attacking with 1-3 dice at 4+; the defender gets a reaction
// window to spend one of two block tokens for an extra defence die; net
// successes reduce the defender's strength. Each side also holds a secret
// number that only its own view shows. The first side at zero strength
// loses; after 30 turns the game is a draw.

type toyAttack struct {
	Dice int `json:"dice"`
}

func (toyAttack) Kind() string { return "attack" }

type toyReact struct {
	Block bool `json:"block"`
}

func (toyReact) Kind() string { return "react" }

type toyState struct {
	Turn     int    `json:"turn"`
	Active   int    `json:"active"`
	Phase    string `json:"phase"` // "attack" or "react"
	Attack   int    `json:"attack"`
	Strength [2]int `json:"strength"`
	Blocks   [2]int `json:"blocks"`
	Secret   [2]int `json:"secret"`
	Winner   int    `json:"winner"`
	Over     bool   `json:"over"`
}

const toyTurns = 30

type toyRules struct{}

func (toyRules) Name() string { return "toy-duel" }

func (toyRules) New(*scenario.Scenario) (engine.State, error) {
	return &toyState{Turn: 1, Phase: "attack", Strength: [2]int{6, 6}, Blocks: [2]int{2, 2}, Secret: [2]int{3, 7}, Winner: -1}, nil
}

func (toyRules) DecodeAction(raw json.RawMessage) (engine.Action, error) {
	kind, err := engine.ActionKind(raw)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "attack":
		var a toyAttack
		err := json.Unmarshal(raw, &a)
		return a, err
	case "react":
		var a toyReact
		err := json.Unmarshal(raw, &a)
		return a, err
	}
	return nil, fmt.Errorf("toy: unknown action kind %q", kind)
}

func (toyRules) DecodeState(raw []byte) (engine.State, error) {
	var s toyState
	err := json.Unmarshal(raw, &s)
	return &s, err
}

func (toyRules) SideNames(engine.State) []string { return []string{"red", "blue"} }

func (s *toyState) Pending() engine.Decision {
	switch {
	case s.Over:
		return engine.Decision{Side: -1, Kind: "over"}
	case s.Phase == "react":
		return engine.Decision{Side: 1 - s.Active, Kind: "react", Reaction: true}
	}
	return engine.Decision{Side: s.Active, Kind: "attack"}
}

func (s *toyState) Validate(a engine.Action) error {
	if s.Over {
		return engine.ErrGameOver
	}
	switch a := a.(type) {
	case toyAttack:
		if s.Phase != "attack" {
			return errors.New("toy: not the attack phase")
		}
		if a.Dice < 1 || a.Dice > 3 {
			return fmt.Errorf("toy: attack with %d dice; 1 to 3 allowed", a.Dice)
		}
	case toyReact:
		if s.Phase != "react" {
			return errors.New("toy: no reaction window open")
		}
		if a.Block && s.Blocks[1-s.Active] == 0 {
			return errors.New("toy: no block tokens left")
		}
	default:
		return fmt.Errorf("toy: unknown action %T", a)
	}
	return nil
}

func (s *toyState) Apply(a engine.Action, src dice.Source, out engine.Emitter) {
	switch a := a.(type) {
	case toyAttack:
		s.Attack = a.Dice
		s.Phase = "react"
	case toyReact:
		def := 1 - s.Active
		n := 1
		if a.Block {
			s.Blocks[def]--
			n++
		}
		hit := dice.Pool(src, s.Attack, 4).Successes - dice.Pool(src, n, 4).Successes
		if hit > 0 {
			s.Strength[def] -= hit
			out.Emit(engine.Event{Kind: "hit", Text: fmt.Sprintf("side %d loses %d", def, hit), To: engine.Everyone})
		}
		switch {
		case s.Strength[def] <= 0:
			s.Over, s.Winner = true, s.Active
		case s.Active == 1 && s.Turn == toyTurns:
			s.Over = true
		default:
			if s.Active == 1 {
				s.Turn++
			}
			s.Active, s.Phase = def, "attack"
		}
	}
}

func (s *toyState) Candidates(dst []engine.Action) []engine.Action {
	switch {
	case s.Over:
		return dst
	case s.Phase == "attack":
		return append(dst, toyAttack{1}, toyAttack{2}, toyAttack{3})
	}
	dst = append(dst, toyReact{false})
	if s.Blocks[1-s.Active] > 0 {
		dst = append(dst, toyReact{true})
	}
	return dst
}

func (s *toyState) Result() engine.Result {
	return engine.Result{Over: s.Over, Winner: s.Winner, Turn: s.Turn}
}

func (s *toyState) Clone() engine.State { c := *s; return &c }

func (s *toyState) Hash() uint64 {
	h := engine.NewHasher()
	h.Int(s.Turn)
	h.Int(s.Active)
	h.String(s.Phase)
	h.Int(s.Attack)
	for i := 0; i < 2; i++ {
		h.Int(s.Strength[i])
		h.Int(s.Blocks[i])
		h.Int(s.Secret[i])
	}
	h.Int(s.Winner)
	h.Bool(s.Over)
	return h.Sum()
}

// View shows the opponent's strength and blocks but only one's own secret.
func (s *toyState) View(side int) any {
	return map[string]any{"turn": s.Turn, "strength": s.Strength, "blocks": s.Blocks, "secret": s.Secret[side]}
}

func (s *toyState) MarshalJSON() ([]byte, error) {
	type plain toyState
	return json.Marshal((*plain)(s))
}
