package geom

import (
	"math"
	"strconv"
)

// Point is a position on the table in inches. It doubles as a 2-D vector.
type Point struct {
	X, Y float64
}

// Pt returns the Point (x, y).
func Pt(x, y float64) Point { return Point{x, y} }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Mul returns p scaled by m.
func (p Point) Mul(m float64) Point { return Point{p.X * m, p.Y * m} }

// Dot returns the dot product p·q.
func (p Point) Dot(q Point) float64 { return p.X*q.X + p.Y*q.Y }

// Cross returns the z component of the cross product p×q: positive when q
// points counter-clockwise (to the left) of p, negative when clockwise, zero
// when they are parallel. Cross is antisymmetric: p.Cross(q) == -q.Cross(p)
// exactly.
func (p Point) Cross(q Point) float64 { return p.X*q.Y - p.Y*q.X }

// Norm returns the length of p as a vector.
func (p Point) Norm() float64 { return hypot(p.X, p.Y) }

// Dist returns the distance between p and q.
func (p Point) Dist(q Point) float64 { return hypot(p.X-q.X, p.Y-q.Y) }

// hypot returns sqrt(x²+y²). Unlike math.Hypot it does not guard against
// overflow, which cannot happen for table coordinates in inches (it would
// need values beyond 1e150), and it is several times cheaper: one square
// root instruction. It is exactly symmetric in the signs of x and y.
func hypot(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// dist2 returns the squared distance between p and q.
func (p Point) dist2(q Point) float64 {
	dx, dy := p.X-q.X, p.Y-q.Y
	return dx*dx + dy*dy
}

// Normalize returns the unit vector in the direction of p. The zero vector
// is returned unchanged.
func (p Point) Normalize() Point {
	n := p.Norm()
	if n == 0 {
		return p
	}
	return Point{p.X / n, p.Y / n}
}

// Rotate returns p rotated counter-clockwise by a about the origin.
func (p Point) Rotate(a Angle) Point {
	s, c := math.Sincos(float64(a))
	return Point{p.X*c - p.Y*s, p.X*s + p.Y*c}
}

// Lerp returns the point a fraction t of the way from p to q: p at t=0, q at
// t=1. t is not clamped.
func (p Point) Lerp(q Point, t float64) Point {
	return Point{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t}
}

// Heading returns the direction of p as a vector, in (-π, π]. The zero
// vector has heading 0.
func (p Point) Heading() Angle {
	if p.X == 0 && p.Y == 0 {
		return 0
	}
	return Angle(math.Atan2(p.Y, p.X))
}

// String returns p as "(x,y)" using the shortest decimal form that
// round-trips, e.g. "(10,12.5)".
func (p Point) String() string {
	b := make([]byte, 0, 24)
	b = append(b, '(')
	b = strconv.AppendFloat(b, p.X, 'f', -1, 64)
	b = append(b, ',')
	b = strconv.AppendFloat(b, p.Y, 'f', -1, 64)
	b = append(b, ')')
	return string(b)
}
