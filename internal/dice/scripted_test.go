package dice

import (
	"errors"
	"slices"
	"testing"
)

// scriptPanic runs f and returns the *ScriptError it panicked with, or nil
// if it returned normally. Any other panic is re-raised.
func scriptPanic(f func()) (se *ScriptError) {
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if se, ok = r.(*ScriptError); !ok {
				panic(r)
			}
		}
	}()
	f()
	return nil
}

func TestScriptedReplaysInOrder(t *testing.T) {
	s := NewScripted(3, 1, 6, 2, 10, 57)
	calls := []struct{ sides, want int }{{6, 3}, {6, 1}, {6, 6}, {3, 2}, {10, 10}, {100, 57}}
	for i, c := range calls {
		if got := s.Die(c.sides); got != c.want {
			t.Errorf("call %d: Die(%d) = %d, want %d", i, c.sides, got, c.want)
		}
		if s.Used() != i+1 || s.Remaining() != len(calls)-i-1 {
			t.Errorf("after call %d: Used() = %d, Remaining() = %d, want %d, %d",
				i, s.Used(), s.Remaining(), i+1, len(calls)-i-1)
		}
	}
}

func TestScriptedDoesNotAlias(t *testing.T) {
	values := []int{4, 5}
	s := NewScripted(values...)
	values[0] = 1
	if got := s.Die(6); got != 4 {
		t.Errorf("Die(6) = %d after the caller changed its slice, want 4", got)
	}
}

func TestScriptError(t *testing.T) {
	tests := []struct {
		name    string
		script  []int
		rolls   []int // sides of each Die call; the last one fails
		want    ScriptError
		wantMsg string
	}{
		{
			name:    "exhausted",
			script:  []int{1, 2, 3, 4, 5, 6, 1},
			rolls:   []int{6, 6, 6, 6, 6, 6, 6, 6},
			want:    ScriptError{Index: 7, Sides: 6, Exhausted: true},
			wantMsg: "dice: script exhausted after 7 values (wanted a d6)",
		},
		{
			name:    "empty",
			script:  nil,
			rolls:   []int{10},
			want:    ScriptError{Index: 0, Sides: 10, Exhausted: true},
			wantMsg: "dice: script exhausted after 0 values (wanted a d10)",
		},
		{
			name:    "one value",
			script:  []int{2},
			rolls:   []int{3, 3},
			want:    ScriptError{Index: 1, Sides: 3, Exhausted: true},
			wantMsg: "dice: script exhausted after 1 value (wanted a d3)",
		},
		{
			name:    "face too high",
			script:  []int{1, 2, 3, 7},
			rolls:   []int{6, 6, 6, 6},
			want:    ScriptError{Index: 3, Sides: 6, Value: 7},
			wantMsg: "dice: scripted value 7 at index 3 is not a d6 face",
		},
		{
			name:    "zero face",
			script:  []int{0},
			rolls:   []int{6},
			want:    ScriptError{Index: 0, Sides: 6, Value: 0},
			wantMsg: "dice: scripted value 0 at index 0 is not a d6 face",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewScripted(tt.script...)
			for _, sides := range tt.rolls[:len(tt.rolls)-1] {
				s.Die(sides)
			}
			se := scriptPanic(func() { s.Die(tt.rolls[len(tt.rolls)-1]) })
			if se == nil {
				t.Fatalf("Die did not panic, want %+v", tt.want)
			}
			if *se != tt.want {
				t.Errorf("panic value = %+v, want %+v", *se, tt.want)
			}
			if se.Error() != tt.wantMsg {
				t.Errorf("Error() = %q, want %q", se.Error(), tt.wantMsg)
			}
			var err error = se
			var target *ScriptError
			if !errors.As(err, &target) {
				t.Errorf("errors.As did not find the *ScriptError")
			}
			if s.Used() != len(tt.rolls)-1 {
				t.Errorf("Used() = %d after a failed roll, want %d", s.Used(), len(tt.rolls)-1)
			}
		})
	}
}

func TestRecorder(t *testing.T) {
	r := NewRecorder(NewScripted(2, 5, 6, 1, 4))
	D6(r)
	Pool(r, 3, 4)
	want := []int{2, 5, 6, 1}
	got := r.Faces()
	if !slices.Equal(got, want) {
		t.Errorf("Faces() = %v, want %v", got, want)
	}
	got[0] = 99
	if r.Faces()[0] != 2 {
		t.Errorf("changing the slice from Faces() changed the record")
	}
	r.Reset()
	if got := r.Faces(); len(got) != 0 {
		t.Errorf("Faces() after Reset = %v, want none", got)
	}
	D6(r)
	if got := r.Faces(); !slices.Equal(got, []int{4}) {
		t.Errorf("Faces() after Reset and a roll = %v, want [4]", got)
	}
}

func TestRecorderReplays(t *testing.T) {
	// A game logged through a Recorder replays exactly from its faces.
	r := NewRecorder(NewPCG(5))
	first := []PoolResult{Pool(r, 7, 4), Pool(r, 3, 6), Pool(r, 12, 2)}
	s := NewScripted(r.Faces()...)
	again := []PoolResult{Pool(s, 7, 4), Pool(s, 3, 6), Pool(s, 12, 2)}
	for i := range first {
		if first[i] != again[i] {
			t.Errorf("pool %d: replay gave %+v, original %+v", i, again[i], first[i])
		}
	}
	if s.Remaining() != 0 {
		t.Errorf("replay left %d faces unused", s.Remaining())
	}
}
