package engine

import (
	"encoding/json"
	"errors"
)

// Action is one choice made by a side. Each ruleset defines its own concrete
// action types; they must encode to JSON and decode again through
// [Rules.DecodeAction].
type Action interface {
	// Kind names the action type, e.g. "choose-chain"; it is the "kind"
	// field of the action in the log.
	Kind() string
}

// Decision describes the single pending decision of a game.
type Decision struct {
	// Side is the index of the side that must decide, or -1 when the game
	// is over.
	Side int `json:"side"`
	// Kind names the decision, e.g. "deploy", "choose-chain",
	// "opportunity-fire".
	Kind string `json:"kind"`
	// Prompt is a short readable description for a player.
	Prompt string `json:"prompt,omitempty"`
	// Reaction reports whether this is a reaction window: the deciding
	// side reacts during the other side's turn or pulse.
	Reaction bool `json:"reaction,omitempty"`
}

// EncodeAction returns the JSON object of an action with its "kind" field
// added in front of the action's own fields.
func EncodeAction(a Action) (json.RawMessage, error) {
	body, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	kind, _ := json.Marshal(a.Kind())
	if string(body) == "{}" || string(body) == "null" {
		return json.RawMessage(`{"kind":` + string(kind) + `}`), nil
	}
	if len(body) < 2 || body[0] != '{' {
		return nil, &json.UnsupportedValueError{Str: "engine: action " + a.Kind() + " does not encode to a JSON object"}
	}
	out := make([]byte, 0, len(body)+len(kind)+9)
	out = append(out, `{"kind":`...)
	out = append(out, kind...)
	out = append(out, ',')
	out = append(out, body[1:]...)
	return out, nil
}

// ActionKind returns the "kind" field of an encoded action ("" when it
// has none; a "Kind" in other letter case is not it).
func ActionKind(raw json.RawMessage) (string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return "", err
	}
	var kind string
	if v, ok := obj["kind"]; ok {
		if err := json.Unmarshal(v, &kind); err != nil {
			var typeErr *json.UnmarshalTypeError
			if errors.As(err, &typeErr) {
				typeErr.Field = "kind"
			}
			return "", err
		}
	}
	return kind, nil
}
