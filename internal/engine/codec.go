package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
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
//
// Beyond what encoding/json checks, a number field whose tag lacks
// omitempty must be present (a coordinate or a facing left out would
// otherwise be read as 0), and a fixed-size array, such as a point [x, y],
// must have exactly its number of values (encoding/json pads a short one
// with zeros and drops extra values).
func RegisterAction[T Action](c *ActionCodec) {
	var zero T
	typ := reflect.TypeOf(zero)
	c.decoders[zero.Kind()] = func(body []byte) (Action, error) {
		var a T
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil {
			if e := unknownFieldAt(typ, body, err); e != nil {
				return nil, e
			}
			// body is the action without its kind, re-encoded: a byte
			// offset into it would point at nothing the sender wrote.
			return nil, errors.New(jsonProblem(err, false))
		}
		if err := checkShape(typ, body, ""); err != nil {
			return nil, err
		}
		return a, nil
	}
}

// checkShape checks raw, which decoded into a value of type t without
// error, for what encoding/json lets pass: number fields without
// omitempty left out, and arrays of the wrong length. path names the
// value in the error ("" for the action itself).
func checkShape(t reflect.Type, raw json.RawMessage, path string) error {
	if string(raw) == "null" {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		return checkShape(t.Elem(), raw, path)
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return err
		}
		if err := checkCase(t, obj, path); err != nil {
			return err
		}
		for _, f := range structFields(t) {
			v, ok := lookup(obj, f.name)
			if !ok || string(v) == "null" {
				if isNumber(f.typ) && !strings.Contains(","+f.opts+",", ",omitempty,") {
					return fmt.Errorf("field %q is missing", join(path, f.name))
				}
				continue
			}
			if err := checkShape(f.typ, v, join(path, f.name)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return err
		}
		if t.Kind() == reflect.Array && len(elems) != t.Len() {
			return fmt.Errorf("field %q wants %d values, got %d", path, t.Len(), len(elems))
		}
		for i, e := range elems {
			if string(e) == "null" && (isNumber(t.Elem()) || t.Elem().Kind() == reflect.Array) {
				return fmt.Errorf("field %q wants a value, got null", fmt.Sprintf("%s[%d]", path, i))
			}
			if err := checkShape(t.Elem(), e, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// lookup finds key in obj. Keys are matched exactly: checkCase has
// refused the keys encoding/json would match ignoring case.
func lookup(obj map[string]json.RawMessage, key string) (json.RawMessage, bool) {
	v, ok := obj[key]
	return v, ok
}

// checkCase refuses a key of obj that names one of struct t's fields in
// other letter case ("Unit" for "unit"): encoding/json would take it for
// the field, but an action's fields are named exactly as EncodeAction
// writes them.
func checkCase(t reflect.Type, obj map[string]json.RawMessage, path string) error {
	names := fieldNames(t)
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if slices.Contains(names, k) {
			continue
		}
		for _, n := range names {
			if strings.EqualFold(k, n) {
				return fmt.Errorf("field %q is not a field: field names are case-sensitive; did you mean %q?", join(path, k), join(path, n))
			}
		}
	}
	return nil
}

// isNumber reports whether t is an integer or floating-point type.
func isNumber(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// join names field name of the value at path.
func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// Decode decodes one action.
func (c *ActionCodec) Decode(raw json.RawMessage) (Action, error) {
	kind, err := ActionKind(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: bad action: %s", c.name, JSONProblem(err))
	}
	if err := strictKeys(raw, nil); err != nil {
		return nil, fmt.Errorf("%s: bad action: %s", c.name, err)
	}
	if kind == "" {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) == nil {
			for _, k := range slices.Sorted(maps.Keys(obj)) {
				if k != "kind" && strings.EqualFold(k, "kind") {
					return nil, fmt.Errorf("%s: bad action: field %q is not a field: field names are case-sensitive; did you mean \"kind\"?", c.name, k)
				}
			}
		}
		return nil, fmt.Errorf("%s: bad action: it has no \"kind\" field naming what it is", c.name)
	}
	dec, ok := c.decoders[kind]
	if !ok {
		return nil, fmt.Errorf("%s: unknown action kind %q", c.name, kind)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("%s: bad %s action: %s", c.name, kind, JSONProblem(err))
	}
	delete(obj, "kind")
	body, _ := json.Marshal(obj)
	a, err := dec(body)
	if err != nil {
		return nil, fmt.Errorf("%s: bad %s action: %s", c.name, kind, JSONProblem(err))
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

// JSONProblem describes an error from encoding/json in JSON's words, for
// whoever wrote the JSON: which field wanted what, and at which byte,
// never a Go type name. Other errors are returned as they are, without
// the "json: " prefix.
func JSONProblem(err error) string { return jsonProblem(err, true) }

// jsonProblem is JSONProblem, with the byte offset (at) or without it
// (for JSON re-encoded before it was decoded, where an offset would point
// at nothing the sender wrote).
func jsonProblem(err error, at bool) string {
	where := func(off int64) string {
		if !at {
			return ""
		}
		return fmt.Sprintf(" (at byte %d)", off)
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := "the value"
		if typeErr.Field != "" {
			field = "field " + strconv.Quote(typeErr.Field)
		}
		return fmt.Sprintf("%s wants %s, got a JSON %s%s", field, jsonKind(typeErr.Type), typeErr.Value, where(typeErr.Offset))
	case errors.As(err, &syntaxErr):
		return strings.TrimPrefix(syntaxErr.Error(), "json: ") + where(syntaxErr.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends before its value does"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// JSONKind names what a value of Go type t is read from, in JSON's words
// ("a whole number", "an array"), for errors that must not show Go's.
func JSONKind(t reflect.Type) string { return jsonKind(t) }

// jsonKind names what a Go type decodes from, in JSON's words.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number not below 0"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "a value"
}
