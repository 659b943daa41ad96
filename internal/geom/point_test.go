package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestPointOps(t *testing.T) {
	p, q := Pt(3, 4), Pt(-1, 2)
	tests := []struct {
		name      string
		got, want Point
	}{
		{"Add", p.Add(q), Pt(2, 6)},
		{"Sub", p.Sub(q), Pt(4, 2)},
		{"Mul", p.Mul(2), Pt(6, 8)},
		{"Normalize", p.Normalize(), Pt(0.6, 0.8)},
		{"NormalizeZero", Point{}.Normalize(), Point{}},
		{"Rotate90", Pt(1, 0).Rotate(90 * Degree), Pt(0, 1)},
		{"Rotate180", p.Rotate(180 * Degree), Pt(-3, -4)},
		{"LerpHalf", p.Lerp(q, 0.5), Pt(1, 3)},
		{"LerpBeyond", Pt(0, 0).Lerp(Pt(1, 0), 2), Pt(2, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !nearPt(tt.got, tt.want) {
				t.Errorf("got %v, want %v", tt.got, tt.want)
			}
		})
	}
	if got := p.Dot(q); got != 5 {
		t.Errorf("%v.Dot(%v) = %v, want 5", p, q, got)
	}
	if got, want := p.Cross(q), 10.0; got != want {
		t.Errorf("%v.Cross(%v) = %v, want %v", p, q, got, want)
	}
	if got := p.Norm(); got != 5 {
		t.Errorf("%v.Norm() = %v, want 5", p, got)
	}
	if got := p.Dist(Pt(0, 0)); got != 5 {
		t.Errorf("Dist = %v, want 5", got)
	}
	if got, want := Pt(10, 12.5).String(), "(10,12.5)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestHeading(t *testing.T) {
	tests := []struct {
		v    Point
		want Angle
	}{
		{Pt(1, 0), 0},
		{Pt(0, 1), 90 * Degree},
		{Pt(-1, 0), 180 * Degree},
		{Pt(0, -1), -90 * Degree},
		{Pt(1, 1), 45 * Degree},
		{Pt(0, 0), 0},
	}
	for _, tt := range tests {
		if got := tt.v.Heading(); !nearAngle(got, tt.want) {
			t.Errorf("%v.Heading() = %v, want %v", tt.v, got, tt.want)
		}
		if tt.v != (Point{}) && !nearPt(Dir(tt.v.Heading()), tt.v.Normalize()) {
			t.Errorf("Dir(%v.Heading()) = %v, want %v", tt.v, Dir(tt.v.Heading()), tt.v.Normalize())
		}
	}
}

func TestAngle(t *testing.T) {
	norm := []struct{ in, want Angle }{
		{0, 0},
		{math.Pi, math.Pi},
		{-math.Pi, math.Pi}, // (-π, π]: -π maps to π
		{3 * math.Pi, math.Pi},
		{Deg(270), Deg(-90)},
		{Deg(-190), Deg(170)},
		{Deg(720 + 30), Deg(30)},
	}
	for _, tt := range norm {
		if got := tt.in.Normalized(); !near(float64(got), float64(tt.want)) {
			t.Errorf("%v.Normalized() = %v, want %v", tt.in, got, tt.want)
		}
	}
	between := []struct{ a, b, want Angle }{
		{Deg(10), Deg(350), Deg(20)},
		{Deg(350), Deg(10), Deg(20)},
		{Deg(0), Deg(180), Deg(180)},
		{Deg(-170), Deg(170), Deg(20)},
		{Deg(45), Deg(45), 0},
	}
	for _, tt := range between {
		if got := AngleBetween(tt.a, tt.b); !near(float64(got), float64(tt.want)) {
			t.Errorf("AngleBetween(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	turn := []struct {
		name          string
		from, to, max Angle
		want          Angle
	}{
		{"within", Deg(0), Deg(30), Deg(45), Deg(30)},
		{"limited ccw", Deg(0), Deg(90), Deg(45), Deg(45)},
		{"limited cw", Deg(0), Deg(-90), Deg(45), Deg(-45)},
		{"short way across ±180", Deg(170), Deg(-170), Deg(5), Deg(175)},
		{"opposite turns ccw", Deg(0), Deg(180), Deg(10), Deg(10)},
		{"exact max", Deg(0), Deg(45), Deg(45), Deg(45)},
	}
	for _, tt := range turn {
		t.Run(tt.name, func(t *testing.T) {
			if got := TurnToward(tt.from, tt.to, tt.max); !nearAngle(got, tt.want) {
				t.Errorf("TurnToward(%v, %v, %v) = %v, want %v", tt.from, tt.to, tt.max, got, tt.want)
			}
		})
	}
	if got := Deg(90).Degrees(); !near(got, 90) {
		t.Errorf("Deg(90).Degrees() = %v, want 90", got)
	}
}

// TestNormalizedBitForBit checks Normalized's shortcuts against the
// remainder it stood for, bit for bit, about the edges of its ranges and
// at random.
func TestNormalizedBitForBit(t *testing.T) {
	plain := func(a Angle) Angle {
		r := math.Remainder(float64(a), 2*math.Pi)
		if r <= -math.Pi {
			r = math.Pi
		}
		return Angle(r)
	}
	var xs []float64
	for _, e := range []float64{0, math.Pi, 2 * math.Pi, 3 * math.Pi, 4 * math.Pi} {
		for _, sign := range []float64{1, -1} {
			x := sign * e
			xs = append(xs, x, math.Nextafter(x, math.Inf(1)), math.Nextafter(x, math.Inf(-1)))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		xs = append(xs, (rng.Float64()*2-1)*5*math.Pi)
	}
	for _, x := range xs {
		got, want := Angle(x).Normalized(), plain(Angle(x))
		if math.Float64bits(float64(got)) != math.Float64bits(float64(want)) {
			t.Fatalf("Angle(%v).Normalized() = %v, the remainder gives %v", x, got, want)
		}
	}
}
