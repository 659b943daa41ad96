package geom

import (
	"math"
	"strconv"
)

// Angle is a direction or a turn in radians. Headings are measured
// counter-clockwise from +X.
type Angle float64

// Degree is one degree as an Angle: 45*Degree is half a right angle.
const Degree Angle = math.Pi / 180

// MaxDegrees bounds a direction given in degrees by a player or a file:
// one full turn either way. Anything larger is a slip, and a huge value
// loses its precision when reduced to a turn.
const MaxDegrees = 360

// ValidDegrees reports whether d is a direction in degrees that a player
// or a file may give: a number from -MaxDegrees to MaxDegrees (NaN is
// not).
func ValidDegrees(d float64) bool { return d >= -MaxDegrees && d <= MaxDegrees }

// Deg returns d degrees as an Angle.
func Deg(d float64) Angle { return Angle(d) * Degree }

// Degrees returns a in degrees.
func (a Angle) Degrees() float64 { return float64(a / Degree) }

// Normalized returns a reduced into (-π, π].
func (a Angle) Normalized() Angle {
	// The IEEE remainder by 2π is exact, and so, in these ranges, is
	// adding or subtracting 2π (Sterbenz): the same bits, without the
	// cost of math.Remainder. (At ±2π the remainder is a signed zero,
	// left to it.)
	switch x := float64(a); {
	case x > -math.Pi && x <= math.Pi:
		return a
	case x > math.Pi && x < 2*math.Pi:
		return Angle(x - 2*math.Pi)
	case x > -2*math.Pi && x < -math.Pi:
		return Angle(x + 2*math.Pi)
	}
	r := math.Remainder(float64(a), 2*math.Pi) // in [-π, π]
	if r <= -math.Pi {
		r = math.Pi
	}
	return Angle(r)
}

// String returns a in degrees, e.g. "45°".
func (a Angle) String() string {
	return strconv.FormatFloat(a.Degrees(), 'f', -1, 64) + "°"
}

// Dir returns the unit vector with heading a.
func Dir(a Angle) Point {
	s, c := math.Sincos(float64(a))
	return Point{c, s}
}

// AngleBetween returns the absolute smallest difference between the
// directions a and b, in [0, π]. It is symmetric in a and b.
func AngleBetween(a, b Angle) Angle {
	d := math.Abs(float64((b - a).Normalized()))
	return Angle(d)
}

// TurnToward returns the heading reached by turning from toward to by at
// most max (max ≥ 0), taking the shorter way round. If to is within max of
// from the result is to. When to is exactly opposite from, the turn is
// counter-clockwise. The result is normalized into (-π, π].
func TurnToward(from, to, max Angle) Angle {
	d := (to - from).Normalized()
	if max < 0 {
		max = 0
	}
	switch {
	case math.Abs(float64(d)) <= float64(max):
		return to.Normalized()
	case d > 0:
		return (from + max).Normalized()
	default:
		return (from - max).Normalized()
	}
}
