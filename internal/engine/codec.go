package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/sandtable/sandtable/internal/scenario"
)

// ActionCodec decodes a ruleset's actions from their JSON form (as
// EncodeAction writes it) strictly: unknown kinds and unknown fields are
// errors, and errors carry the ruleset's name.
type ActionCodec struct {
	name     string
	decoders map[string]func(body []byte) (Action, error)
}

// NewActionCodec returns an empty codec for the ruleset called name.
func NewActionCodec(name string) *ActionCodec {
	return &ActionCodec{name: name, decoders: map[string]func([]byte) (Action, error){}}
}

// RegisterAction adds the action type T (a struct with JSON fields whose
// Kind method works on the zero value) to c.
func RegisterAction[T Action](c *ActionCodec) {
	var zero T
	c.decoders[zero.Kind()] = func(body []byte) (Action, error) {
		var a T
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil {
			return nil, err
		}
		return a, nil
	}
}

// Decode decodes one action.
func (c *ActionCodec) Decode(raw json.RawMessage) (Action, error) {
	kind, err := ActionKind(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: bad action: %v", c.name, err)
	}
	dec, ok := c.decoders[kind]
	if !ok {
		return nil, fmt.Errorf("%s: unknown action kind %q", c.name, kind)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("%s: bad %s action: %v", c.name, kind, err)
	}
	delete(obj, "kind")
	body, _ := json.Marshal(obj)
	a, err := dec(body)
	if err != nil {
		return nil, fmt.Errorf("%s: bad %s action: %v", c.name, kind, err)
	}
	return a, nil
}

// ScenarioCache holds one value per scenario, built once: a ruleset's
// immutable board (table, unit types) shared by every state of the
// scenario and by states decoded from JSON. It is safe for concurrent use.
type ScenarioCache[T any] struct {
	mu sync.Mutex
	m  map[*scenario.Scenario]T
}

// Get returns the value for sc, building it with build the first time.
func (c *ScenarioCache[T]) Get(sc *scenario.Scenario, build func(*scenario.Scenario) (T, error)) (T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[sc]; ok {
		return v, nil
	}
	v, err := build(sc)
	if err != nil {
		return v, err
	}
	if c.m == nil {
		c.m = map[*scenario.Scenario]T{}
	}
	c.m[sc] = v
	return v, nil
}

// SavedScenario finds the scenario a saved state names in its "scenario"
// and "version" fields, in the embedded catalog, and checks the version.
// Rulesets call it from DecodeState; name prefixes the errors.
func SavedScenario(name string, raw []byte) (*scenario.Scenario, error) {
	var head struct {
		Scenario string `json:"scenario"`
		Version  int    `json:"version"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("%s: bad state: %v", name, err)
	}
	cat, err := scenario.Embedded()
	if err != nil {
		return nil, err
	}
	sc, err := cat.Scenario(head.Scenario)
	if err != nil {
		return nil, err
	}
	if sc.Version != head.Version {
		return nil, fmt.Errorf("%s: state is for %s version %d, have version %d", name, sc.ID, head.Version, sc.Version)
	}
	return sc, nil
}
