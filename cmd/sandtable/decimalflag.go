package main

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/spf13/pflag"
)

// decimal is a float64 flag that takes a number as a wargamer writes it:
// digits with an optional point and fraction, an optional sign and
// exponent. strconv.ParseFloat, behind pflag's Float64Var, also reads Go
// literals (1_2 as 12, 0x1p3 as 8), "inf" and "NaN"; a distance typed with
// a slip should be refused, not measured.
type decimal struct{ v *float64 }

// decimalForm is the accepted spelling.
var decimalForm = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)

func (d decimal) String() string {
	if d.v == nil {
		return "0"
	}
	return strconv.FormatFloat(*d.v, 'g', -1, 64)
}

func (d decimal) Set(s string) error {
	if !decimalForm.MatchString(s) {
		return fmt.Errorf("want a number such as 12 or 7.5, got %q", s)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("want a number, and %q is out of range", s)
	}
	*d.v = v + 0 // -0 is 0: "at -0 inches" would be printed otherwise
	return nil
}

// Type names the value in the help, as pflag's own float flags do.
func (decimal) Type() string { return "float64" }

// decimalVar defines a decimal flag, as pflag.FlagSet.Float64Var does.
func decimalVar(f *pflag.FlagSet, p *float64, name string, value float64, usage string) {
	*p = value
	f.Var(decimal{p}, name, usage)
}
