package dice

import "fmt"

// Scripted is a Source that replays given faces in order, for rulebook
// worked examples and tests.
//
// When the script is exhausted, or the next value is not a face of the die
// asked for, Die panics with a [*ScriptError]. A wrong script is a bug in the
// test or example, not a game outcome, and the panic keeps rules code free of
// error plumbing for dice; the engine recovers the panic at its Apply
// boundary and returns the *ScriptError as an error. Code that calls a
// Scripted source outside the engine can do the same:
//
//	defer func() {
//		if se, ok := recover().(*dice.ScriptError); ok {
//			err = se
//		}
//	}()
type Scripted struct {
	values []int
	next   int
}

// NewScripted returns a source that replays values in order.
func NewScripted(values ...int) *Scripted {
	return &Scripted{values: append([]int(nil), values...)}
}

// Die returns the next scripted value. It panics with a *ScriptError if the
// script is exhausted or the value is not in 1..sides; a failed call does not
// consume the value.
func (s *Scripted) Die(sides int) int {
	if s.next >= len(s.values) {
		panic(&ScriptError{Index: s.next, Sides: sides, Exhausted: true})
	}
	v := s.values[s.next]
	if v < 1 || v > sides {
		panic(&ScriptError{Index: s.next, Sides: sides, Value: v})
	}
	s.next++
	return v
}

// Remaining returns how many scripted values have not been used.
func (s *Scripted) Remaining() int { return len(s.values) - s.next }

// Used returns how many scripted values have been rolled.
func (s *Scripted) Used() int { return s.next }

// ScriptError is the panic value of a [Scripted] source that cannot answer a
// Die call.
type ScriptError struct {
	// Index is the position in the script of the value that was wanted
	// (equal to the script length when Exhausted).
	Index int
	// Sides is the die that was asked for.
	Sides int
	// Value is the scripted value that is not a face of the die; it is
	// meaningless when Exhausted.
	Value int
	// Exhausted reports whether the script had no value left.
	Exhausted bool
}

// Error returns, for example, "dice: script exhausted after 7 values (wanted
// a d6)" or "dice: scripted value 7 at index 3 is not a d6 face".
func (e *ScriptError) Error() string {
	if e.Exhausted {
		unit := "values"
		if e.Index == 1 {
			unit = "value"
		}
		return fmt.Sprintf("dice: script exhausted after %d %s (wanted a d%d)", e.Index, unit, e.Sides)
	}
	return fmt.Sprintf("dice: scripted value %d at index %d is not a d%d face", e.Value, e.Index, e.Sides)
}
