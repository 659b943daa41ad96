package dice

import "testing"

func TestHelpersAskForTheRightDie(t *testing.T) {
	tests := []struct {
		name  string
		roll  func(Source) int
		sides int
	}{
		{"D3", D3, 3},
		{"D6", D6, 6},
		{"D10", D10, 10},
		{"D100", D100, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The die's top face is accepted and one more is not.
			if got := tt.roll(NewScripted(tt.sides)); got != tt.sides {
				t.Errorf("%s(scripted %d) = %d, want %d", tt.name, tt.sides, got, tt.sides)
			}
			err := scriptPanic(func() { tt.roll(NewScripted(tt.sides + 1)) })
			if err == nil || err.Sides != tt.sides {
				t.Errorf("%s(scripted %d) panicked with %v, want a ScriptError for a d%d", tt.name, tt.sides+1, err, tt.sides)
			}
		})
	}
}

func TestRoll(t *testing.T) {
	tests := []struct {
		script   []int
		n, sides int
		want     int
	}{
		{nil, 0, 6, 0},
		{[]int{4}, 1, 6, 4},
		{[]int{1, 6}, 2, 6, 7},
		{[]int{3, 3, 3}, 3, 3, 9},
		{[]int{10, 1, 7}, 3, 10, 18},
	}
	for _, tt := range tests {
		src := NewScripted(tt.script...)
		if got := Roll(src, tt.n, tt.sides); got != tt.want {
			t.Errorf("Roll(%v, %d, %d) = %d, want %d", tt.script, tt.n, tt.sides, got, tt.want)
		}
		if src.Remaining() != 0 {
			t.Errorf("Roll(%v, %d, %d) left %d values unused", tt.script, tt.n, tt.sides, src.Remaining())
		}
	}
}

func TestRollPanicsOnBadArguments(t *testing.T) {
	for _, tt := range []struct{ n, sides int }{{-1, 6}, {2, 0}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Roll(src, %d, %d) did not panic", tt.n, tt.sides)
				}
			}()
			Roll(NewPCG(1), tt.n, tt.sides)
		}()
	}
}
