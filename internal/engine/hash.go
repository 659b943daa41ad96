package engine

import (
	"math"
	"strconv"
)

// Hasher accumulates a 64-bit hash of a state's fields without allocating:
// each word is folded in with a multiply-xorshift step (strings byte by
// byte, FNV-1a style). Rulesets write every field of their state into it in a fixed
// order; floats are hashed by their bit patterns, so equal states (as
// produced by the same sequence of operations) hash equal.
type Hasher struct{ h uint64 }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// NewHasher returns a Hasher in its initial state.
func NewHasher() Hasher { return Hasher{h: fnvOffset} }

// Uint64 adds v.
func (h *Hasher) Uint64(v uint64) {
	x := (h.h ^ v) * 0xbf58476d1ce4e5b9
	h.h = x ^ x>>31
}

// Int adds v.
func (h *Hasher) Int(v int) { h.Uint64(uint64(v)) }

// Bool adds v.
func (h *Hasher) Bool(v bool) {
	if v {
		h.Uint64(1)
	} else {
		h.Uint64(0)
	}
}

// Float adds v by its bit pattern (with -0 folded into +0).
func (h *Hasher) Float(v float64) {
	if v == 0 {
		v = 0
	}
	h.Uint64(math.Float64bits(v))
}

// String adds s and its length.
func (h *Hasher) String(s string) {
	x := h.h
	for i := 0; i < len(s); i++ {
		x ^= uint64(s[i])
		x *= fnvPrime
	}
	h.h = x
	h.Int(len(s))
}

// Sum returns the hash so far.
func (h *Hasher) Sum() uint64 { return h.h }

// FormatHash renders a state hash as 16 hex digits, as logs and JSON show it.
func FormatHash(h uint64) string {
	s := strconv.FormatUint(h, 16)
	for len(s) < 16 {
		s = "0" + s
	}
	return s
}
