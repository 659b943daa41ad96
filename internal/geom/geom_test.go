package geom

import (
	"math"
)

const testEps = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) <= testEps*math.Max(1, math.Abs(a)+math.Abs(b)) }

func nearPt(a, b Point) bool { return near(a.X, b.X) && near(a.Y, b.Y) }

func nearAngle(a, b Angle) bool { return AngleBetween(a, b) <= 1e-9 }

func sq(x0, y0, x1, y1 float64) Polygon {
	return Rect{Point{x0, y0}, Point{x1, y1}}.Polygon()
}
