package engine

import (
	"encoding/binary"
	"math"
)

// ActionKey builds the key a ruleset gives an action for search agents
// (their trees tell actions apart by it): each field appended in turn,
// strings after their length, so that any string, spaces and brackets
// included, reads back one way, and numbers in full. B is the key so
// far; OK turns false when a field cannot be keyed (a NaN, which equals
// nothing, not even itself).
type ActionKey struct {
	B  []byte
	OK bool
}

// Str appends a string.
func (k *ActionKey) Str(s string) {
	k.Int(len(s))
	k.B = append(k.B, s...)
}

// Int appends an integer.
func (k *ActionKey) Int(n int) { k.B = binary.AppendVarint(k.B, int64(n)) }

// Bool appends a flag.
func (k *ActionKey) Bool(v bool) {
	if v {
		k.B = append(k.B, 1)
	} else {
		k.B = append(k.B, 0)
	}
}

// Float appends a number, bit for bit (0 and -0 apart, as their JSON
// forms are).
func (k *ActionKey) Float(f float64) {
	if math.IsNaN(f) {
		k.OK = false
	}
	k.B = binary.LittleEndian.AppendUint64(k.B, math.Float64bits(f))
}

// OptFloat appends an optional number: nil apart from every number, as
// JSON omits it.
func (k *ActionKey) OptFloat(f *float64) {
	k.Bool(f != nil)
	if f != nil {
		k.Float(*f)
	}
}
