package geom_test

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/geom"
)

func ExamplePolygon_Clip() {
	// A wood and a line of sight passing through it.
	wood := geom.Polygon{{X: 10, Y: 10}, {X: 14, Y: 10}, {X: 14, Y: 14}, {X: 10, Y: 14}}
	los := geom.Seg(geom.Pt(0, 12), geom.Pt(20, 12))
	var buf [4]geom.Interval
	for _, iv := range wood.Clip(los, buf[:0]) {
		fmt.Printf("inside from %v to %v\n", los.At(iv.T0), los.At(iv.T1))
	}
	fmt.Printf("%.1f\" inside\n", wood.LengthInside(los))
	// Output:
	// inside from (10,12) to (14,12)
	// 4.0" inside
}

func ExampleBox_HitFacing() {
	// A platoon in line facing up the table (+Y).
	unit := geom.Box{Center: geom.Pt(20, 20), Heading: geom.Deg(90), Length: 1, Width: 6}
	for _, from := range []geom.Point{{X: 20, Y: 30}, {X: 35, Y: 21}, {X: 21, Y: 5}} {
		fmt.Println(from, unit.HitFacing(from))
	}
	// Output:
	// (20,30) front
	// (35,21) side
	// (21,5) rear
}

func ExampleBox_Distance() {
	a := geom.Box{Center: geom.Pt(10, 10), Heading: 0, Length: 2, Width: 4}
	b := geom.Box{Center: geom.Pt(17, 10), Heading: geom.Deg(180), Length: 2, Width: 4}
	fmt.Println(a.Distance(b), a.Behind(b), b.Behind(a))
	// Output: 5 false false
}

func ExampleTurnToward() {
	h := geom.TurnToward(geom.Deg(0), geom.Deg(120), geom.Deg(45))
	fmt.Printf("%.0f\n", h.Degrees())
	// Output: 45
}
