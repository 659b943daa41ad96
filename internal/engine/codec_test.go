package engine_test

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

func TestActionCodec(t *testing.T) {
	c := engine.NewActionCodec("toy")
	engine.RegisterAction[toyAttack](c)
	engine.RegisterAction[toyReact](c)
	engine.RegisterAction[toyMarch](c)
	raw, _ := engine.EncodeAction(toyAttack{Dice: 2})
	a, err := c.Decode(raw)
	if err != nil || a != (toyAttack{Dice: 2}) {
		t.Fatalf("Decode(%s) = %+v, %v", raw, a, err)
	}
	for _, tc := range []struct{ raw, want string }{
		{`{"kind":"attack","dice":2,"extra":1}`, `toy: bad attack action`},
		{`{"kind":"castle"}`, `toy: unknown action kind "castle"`},
		{`{"dice":2}`, `toy: bad action: it has no "kind" field naming what it is`},
		{`{"kind":2}`, `toy: bad action: field "kind" wants a string, got a JSON number (at byte`},
		{`[1]`, `toy: bad action: the value wants an object, got a JSON array`},
		// No byte offset: the action is decoded without its kind, so one
		// would point at nothing the sender wrote.
		{`{"kind":"attack","dice":"two"}`, `toy: bad attack action: field "dice" wants a whole number, got a JSON string`},
		{`{"kind":"attack","dice":2.5}`, `field "dice" wants a whole number, got a JSON number 2.5`},
		{`{"kind":"attack","dice":2`, `toy: bad action: unexpected end of JSON input`},
		// A number left out is not read as 0.
		{`{"kind":"attack"}`, `toy: bad attack action: field "dice" is missing`},
		// Field names are matched exactly, the kind's too.
		{`{"kind":"attack","Dice":2}`, `toy: bad attack action: field "Dice" is not a field: field names are case-sensitive; did you mean "dice"?`},
		{`{"kind":"attack","dice":2,"dice":3}`, `toy: bad action: the key "dice" is given twice`},
		{`{"Kind":"attack","dice":2}`, `toy: bad action: field "Kind" is not a field: field names are case-sensitive; did you mean "kind"?`},
		// Nested mistakes are named by their path.
		{`{"kind":"march","legs":[{"to":[1,2]},{"to":[1,2],"speed":3}]}`, `toy: bad march action: unknown field "legs[1].speed" (the fields of legs[1], named exactly: to)`},
		{`{"kind":"march","legs":[{"to":[1e400,2]}]}`, `toy: bad march action: field "legs.to" wants a number, got a JSON number 1e400`},
	} {
		_, err := c.Decode([]byte(tc.raw))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%s) error %v, want %q", tc.raw, err, tc.want)
		}
		// Errors are for whoever wrote the JSON: no Go type names.
		if err != nil && (strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "json: ")) {
			t.Errorf("Decode(%s) error %q shows Go's own words", tc.raw, err)
		}
	}
}

func TestScenarioCache(t *testing.T) {
	var c engine.ScenarioCache[int]
	sc := &scenario.Scenario{ID: "x"}
	builds := 0
	build := func(*scenario.Scenario) (int, error) { builds++; return 7, nil }
	for i := 0; i < 3; i++ {
		if v, err := c.Get(sc, build); v != 7 || err != nil {
			t.Fatalf("Get = %d, %v", v, err)
		}
	}
	if builds != 1 {
		t.Errorf("built %d times, want once", builds)
	}
}

// toyMarch is an action with nested values, for the codec's paths.
type toyMarch struct {
	Legs []struct {
		To [2]float64 `json:"to"`
	} `json:"legs"`
}

func (toyMarch) Kind() string { return "march" }
