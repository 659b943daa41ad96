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
