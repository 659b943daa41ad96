package geom

import "math"

// InArc reports whether p lies within the arc of fire or vision of a unit at
// origin facing facing: within halfWidth either side of facing. The boundary
// is in (a point exactly halfWidth off facing is in the arc), the origin
// itself is in every arc, and halfWidth ≥ π means all round.
func InArc(origin Point, facing Angle, halfWidth Angle, p Point) bool {
	if halfWidth >= Angle(math.Pi) {
		return true
	}
	if halfWidth < 0 {
		return false
	}
	v := p.Sub(origin)
	if v.X == 0 && v.Y == 0 {
		return true
	}
	return AngleBetween(facing, v.Heading()) <= halfWidth+1e-12
}

// arcMargin is how far, in radians, from an Arc's edge a point must lie
// for Arc.Contains to answer without InArc: far more than the rounding of
// its dot products, far less than any arc the rules draw.
const arcMargin = 1e-7

// Arc is InArc for one origin, facing and half-width, readied for asking
// about many points: a point clearly inside or outside is told by a dot
// product, and only one within arcMargin of an edge by InArc's
// arctangent, so Contains gives InArc's answers exactly.
type Arc struct {
	origin        Point
	facing, half  Angle
	fx, fy        float64 // the facing's unit vector
	cosIn, cosOut float64 // cosines of half less and plus the margin
	quick         bool    // half lies between the margin and a right angle less it
}

// NewArc readies InArc(origin, facing, half, ·).
func NewArc(origin Point, facing, half Angle) Arc {
	a := Arc{origin: origin, facing: facing, half: half}
	h := float64(half)
	if h > 10*arcMargin && h < math.Pi/2-10*arcMargin {
		a.quick = true
		a.fy, a.fx = math.Sincos(float64(facing))
		a.cosIn, a.cosOut = math.Cos(h-arcMargin), math.Cos(h+arcMargin)
	}
	return a
}

// Contains reports InArc(origin, facing, half, p).
func (a *Arc) Contains(p Point) bool {
	if !a.quick {
		return InArc(a.origin, a.facing, a.half, p)
	}
	v := p.Sub(a.origin)
	if v.X == 0 && v.Y == 0 {
		return true
	}
	// d is |v| times the cosine of v's angle off the facing.
	d, n2 := v.X*a.fx+v.Y*a.fy, v.X*v.X+v.Y*v.Y
	switch {
	case d > 0 && d*d > a.cosIn*a.cosIn*n2:
		return true // less than half - margin off the facing
	case d <= 0 || d*d < a.cosOut*a.cosOut*n2:
		return false // more than half + margin off (a right angle or more when d <= 0)
	}
	return InArc(a.origin, a.facing, a.half, p)
}
