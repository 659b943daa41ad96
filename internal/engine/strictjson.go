package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
)

// DecodeStrict decodes b, one JSON object, into the struct v points to,
// strictly: encoding/json alone takes more after the value, a key in any
// case ("Hash" for "hash") and a key given twice (keeping the last). A log
// line so edited must not replay as if it were whole, and a request to
// the server so written must not be half understood.
func DecodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s", JSONProblem(err))
	}
	if rest := bytes.TrimSpace(b[dec.InputOffset():]); len(rest) > 0 {
		return fmt.Errorf("more after the JSON object: %.40q", rest)
	}
	return strictKeys(b, jsonFields(v))
}

// strictKeys checks that the JSON value b repeats no key in any of its
// objects, and that its own object's keys are exactly fields (unless
// fields is nil).
func strictKeys(b []byte, fields []string) error {
	type object struct {
		keys    map[string]bool
		wantKey bool
	}
	var stack []*object // nil for an array
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s", JSONProblem(err))
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
			var o *object
			if d == '{' {
				o = &object{keys: map[string]bool{}, wantKey: true}
			}
			stack = append(stack, o)
			continue
		}
		if key, ok := tok.(string); ok && top != nil && top.wantKey {
			if top.keys[key] {
				return fmt.Errorf("the key %q is given twice", key)
			}
			if fields != nil && len(stack) == 1 && !slices.Contains(fields, key) {
				return fmt.Errorf("unknown field %q (the fields, named exactly: %s)", key, strings.Join(fields, ", "))
			}
			top.keys[key], top.wantKey = true, false
			continue
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
		}
		// A value has ended: the object holding it wants a key next.
		if len(stack) > 0 && stack[len(stack)-1] != nil {
			stack[len(stack)-1].wantKey = true
		}
	}
}

// jsonFields lists the JSON names of the fields of the struct v points
// to.
func jsonFields(v any) []string { return fieldNames(reflect.TypeOf(v).Elem()) }

// fieldNames lists the JSON names of struct type t's fields.
func fieldNames(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}
