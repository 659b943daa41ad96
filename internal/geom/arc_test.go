package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestArcContainsIsInArc compares Arc.Contains with InArc at 400,000
// points: anywhere, on a lattice, and at the arc's edges (exactly, and
// nudged by a few ulps and by about the margin either way), for facings
// anywhere and on the axes, and half-widths from none to all round.
// Of the points not placed at an edge, in arcs between the margin and a
// right angle, nearly all must be answered the quick way (else Contains
// would be InArc with extra steps).
func TestArcContainsIsInArc(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 36))
	halves := []float64{0, 1e-8, 0.01, float64(Deg(20)), float64(Deg(30)), float64(Deg(45)), math.Pi/2 - 1e-8, math.Pi / 2, 2, math.Pi}
	quick, n := 0, 0
	for range 4000 {
		o := Pt(r.Float64()*72, r.Float64()*48)
		facing := Angle((r.Float64()*2 - 1) * math.Pi)
		if r.IntN(4) == 0 {
			facing = Angle(float64(r.IntN(4)) * math.Pi / 2).Normalized()
		}
		half := Angle(halves[r.IntN(len(halves))])
		if r.IntN(3) == 0 {
			half = Angle(r.Float64() * math.Pi)
		}
		a := NewArc(o, facing, half)
		for range 100 {
			var p Point
			kind := r.IntN(4)
			switch kind {
			case 0:
				p = Pt(r.Float64()*72, r.Float64()*48)
			case 1:
				p = Pt(math.Round(o.X)+float64(r.IntN(9)-4), math.Round(o.Y)+float64(r.IntN(9)-4))
			default: // at an edge, nudged
				edge := facing + half
				if r.IntN(2) == 0 {
					edge = facing - half
				}
				nudge := []float64{0, 1e-15, -1e-15, 1e-11, -1e-11, arcMargin / 2, -arcMargin / 2, arcMargin, -arcMargin, 2 * arcMargin, -2 * arcMargin}[r.IntN(11)]
				d := 0.1 + r.Float64()*80
				s, c := math.Sincos(float64(edge) + nudge)
				p = Pt(o.X+d*c, o.Y+d*s)
			}
			want := InArc(o, facing, half, p)
			if got := a.Contains(p); got != want {
				t.Fatalf("NewArc(%v, %v, %v).Contains(%v) = %v, InArc says %v", o, facing, half, p, got, want)
			}
			if a.quick && kind < 2 {
				n++
				if !a.nearEdge(p) {
					quick++
				}
			}
		}
	}
	if n == 0 || quick < n*99/100 {
		t.Errorf("%d of %d points away from the edges of arcs the quick way serves took it", quick, n)
	}
	t.Logf("%d of %d points away from the edges of arcs the quick way serves were answered without the arctangent", quick, n)
}

// nearEdge reports whether Contains would ask InArc about p (a quick arc).
func (a *Arc) nearEdge(p Point) bool {
	v := p.Sub(a.origin)
	if v.X == 0 && v.Y == 0 {
		return false
	}
	d, n2 := v.X*a.fx+v.Y*a.fy, v.X*v.X+v.Y*v.Y
	return !(d > 0 && d*d > a.cosIn*a.cosIn*n2) && !(d <= 0 || d*d < a.cosOut*a.cosOut*n2)
}
