package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// DecodeStrict decodes b, one JSON object, into the struct v points to,
// strictly: encoding/json alone takes more after the value, a key in any
// case ("Hash" for "hash"), at any depth, and a key given twice (keeping
// the last). A log line so edited must not replay as if it were whole,
// and a request to the server so written must not be half understood.
func DecodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if e := unknownFieldAt(reflect.TypeOf(v).Elem(), b, err); e != nil {
			return e
		}
		return fmt.Errorf("%s", JSONProblem(err))
	}
	if rest := bytes.TrimSpace(b[dec.InputOffset():]); len(rest) > 0 {
		return fmt.Errorf("more after the JSON object: %.40q", rest)
	}
	if err := strictKeys(b, jsonFields(v)); err != nil {
		return err
	}
	return checkNames(reflect.TypeOf(v).Elem(), b, "")
}

// unknownFieldAt is err, encoding/json's refusal of raw as a t, said
// with the path to the unknown field when it is one nested below the top
// (encoding/json names the key alone); nil for any other error.
func unknownFieldAt(t reflect.Type, raw []byte, err error) error {
	if !strings.HasPrefix(err.Error(), "json: unknown field ") {
		return nil
	}
	return checkNames(t, raw, "")
}

// checkNames refuses, in raw (a value of type t), a key of a nested
// object that names a struct field in other letter case (encoding/json
// matches keys ignoring case at every depth) or none at all. path names
// the value in the error ("" for the top, whose keys strictKeys checks).
// A json.Unmarshaler, json.RawMessage included, reads its own value and
// is not looked into, and a value of the wrong JSON type is left to
// encoding/json's error.
func checkNames(t reflect.Type, raw []byte, path string) error {
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	if t.Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		return checkNames(t.Elem(), raw, path)
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil
		}
		if path != "" {
			if err := checkCase(t, obj, path); err != nil {
				return err
			}
			names := fieldNames(t)
			for _, k := range slices.Sorted(maps.Keys(obj)) {
				if !slices.Contains(names, k) {
					return fmt.Errorf("unknown field %q (the fields of %s, named exactly: %s)", join(path, k), path, strings.Join(names, ", "))
				}
			}
		}
		for _, f := range structFields(t) {
			if v, ok := obj[f.name]; ok {
				if err := checkNames(f.typ, v, join(path, f.name)); err != nil {
					return err
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil // []byte is a base64 string
		}
		var elems []json.RawMessage
		if json.Unmarshal(raw, &elems) != nil {
			return nil
		}
		for i, e := range elems {
			if err := checkNames(t.Elem(), e, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if err := checkNames(t.Elem(), obj[k], join(path, k)); err != nil {
				return err
			}
		}
	}
	return nil
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

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
	dec.UseNumber() // a number too large for a float64 is for the decoder proper to refuse, by name
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
	for _, f := range structFields(t) {
		names = append(names, f.name)
	}
	return names
}

// jsonField is a struct field as encoding/json sees it.
type jsonField struct {
	name string // its key
	opts string // the tag's options after the name ("omitempty")
	typ  reflect.Type
}

// structFields lists the fields of struct type t that encoding/json
// reads, in order: exported, not tagged "-".
func structFields(t reflect.Type) []jsonField {
	var fields []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields = append(fields, jsonField{name, opts, f.Type})
	}
	return fields
}
