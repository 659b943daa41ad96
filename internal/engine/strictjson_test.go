package engine

import (
	"encoding/json"
	"testing"
)

type strictInner struct {
	Depth int    `json:"depth"`
	Label string `json:"label,omitempty"`
}

type strictOuter struct {
	Name  string                 `json:"name"`
	Inner *strictInner           `json:"inner,omitempty"`
	List  []strictInner          `json:"list,omitempty"`
	By    map[string]strictInner `json:"by,omitempty"`
	Raw   json.RawMessage        `json:"raw,omitempty"`
}

// TestDecodeStrictNestedNames: a nested object's keys must name their
// struct's fields exactly, as the top level's must, in a pointer, a
// slice element and a map value alike; a RawMessage is left to whoever
// reads it.
func TestDecodeStrictNestedNames(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"top level in another case", `{"Name":"a"}`, `unknown field "Name" (the fields, named exactly: name, inner, list, by, raw)`},
		{"nested object", `{"name":"a","inner":{"Depth":2}}`, `field "inner.Depth" is not a field: field names are case-sensitive; did you mean "inner.depth"?`},
		{"slice element", `{"name":"a","list":[{"depth":1},{"LABEL":"x","depth":2}]}`, `field "list[1].LABEL" is not a field: field names are case-sensitive; did you mean "list[1].label"?`},
		{"map value", `{"name":"a","by":{"x":{"depth":1},"y":{"Depth":1}}}`, `field "by.y.Depth" is not a field: field names are case-sensitive; did you mean "by.y.depth"?`},
		{"nested unknown field", `{"name":"a","inner":{"width":2}}`, `unknown field "inner.width" (the fields of inner, named exactly: depth, label)`},
		{"unknown field in a slice element", `{"name":"a","list":[{"depth":1},{"depth":2,"w":1}]}`, `unknown field "list[1].w" (the fields of list[1], named exactly: depth, label)`},
		{"a wrong type before an unknown field", `{"name":"a","inner":"deep","list":[{"w":1}]}`, `field "inner" wants an object, got a JSON string (at byte 26)`},
		{"an unknown field before a wrong type", `{"name":"a","list":[{"w":1}],"inner":"deep"}`, `unknown field "list[0].w" (the fields of list[0], named exactly: depth, label)`},
		{"nested key twice", `{"name":"a","inner":{"depth":1,"depth":2}}`, `the key "depth" is given twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v strictOuter
			err := DecodeStrict([]byte(tc.in), &v)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("DecodeStrict(%s) = %v, want %q", tc.in, err, tc.want)
			}
		})
	}
	var v strictOuter
	in := `{"name":"a","inner":{"depth":3},"list":[{"depth":1,"label":"l"}],"by":{"Key":{"depth":4}},"raw":{"Anything":[1]}}`
	if err := DecodeStrict([]byte(in), &v); err != nil {
		t.Fatalf("DecodeStrict(%s): %v", in, err)
	}
	if v.Inner.Depth != 3 || v.List[0].Label != "l" || v.By["Key"].Depth != 4 || string(v.Raw) != `{"Anything":[1]}` {
		t.Fatalf("decoded %+v", v)
	}
}
