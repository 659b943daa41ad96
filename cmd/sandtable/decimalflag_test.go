package main

import (
	"math"
	"strings"
	"testing"
)

func TestDecimalFlag(t *testing.T) {
	for in, want := range map[string]float64{"12": 12, "7.5": 7.5, ".5": 0.5, "12.": 12, "+3": 3, "-1": -1, "1e1": 10, "2.5E-1": 0.25, "007": 7} {
		var v float64
		if err := (decimal{&v}).Set(in); err != nil || v != want {
			t.Errorf("Set(%q) = %v, %v; want %v", in, v, err, want)
		}
	}
	// -0 is read as 0, so that no "-0 inches" is printed.
	var z float64
	if err := (decimal{&z}).Set("-0"); err != nil || z != 0 || math.Signbit(z) {
		t.Errorf("Set(\"-0\") = %v (sign bit %v), %v; want 0", z, math.Signbit(z), err)
	}
	for _, in := range []string{"1_2", "0x1p3", "inf", "-Inf", "NaN", "", " 12", "12 ", "1,5", "e3", ".", "1e", "--1"} {
		v := 42.0
		err := (decimal{&v}).Set(in)
		if err == nil || !strings.Contains(err.Error(), "want a number") {
			t.Errorf("Set(%q) = %v, want a refusal", in, err)
		}
		if v != 42 {
			t.Errorf("Set(%q) refused changed the value to %v", in, v)
		}
	}
}
