package table_test

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

func ExampleParseASCII() {
	// 2" cells: a 16"×8" table. Row 0 is the far edge of the table.
	tb, err := table.ParseASCII([]string{
		"..WW....",
		"..WW..11",
		"......11",
		"--------",
	}, 2, map[rune]table.Legend{
		'W': {Kind: table.KindWoods, Name: "Bois de Bezange"},
		'1': {Kind: table.KindHill, Level: 1},
		'-': {Kind: table.KindHedge},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range tb.Features() {
		fmt.Println(f, f.Bounds())
	}
	// Output:
	// woods "Bois de Bezange" {(4,4) (8,8)}
	// hill #2 (level 1) {(12,2) (16,6)}
	// hedge #3 {(0,1) (16,1)}
}

func ExampleTable_Explain() {
	tb := table.New(24, 24)
	tb.Add(table.Feature{Kind: table.KindWoods, Name: "Bois de Bezange",
		Area: geom.Rect{Min: geom.Pt(10, 10), Max: geom.Pt(12.5, 14)}.Polygon()})
	tb.Add(table.Feature{Kind: table.KindHedge, Line: geom.Polyline{geom.Pt(16, 0), geom.Pt(16, 24)}})
	for _, line := range tb.Explain(geom.Seg(geom.Pt(2, 12), geom.Pt(20, 12))) {
		fmt.Println(line)
	}
	// Output:
	// woods "Bois de Bezange" from (10.0,12.0) to (12.5,12.0): 2.5" inside
	// hedge #2 crossed at (16.0,12.0)
}

func ExampleTable_VisitSegment() {
	tb := table.New(24, 24)
	tb.Add(table.Feature{Kind: table.KindHill, Level: 1, Area: geom.Rect{Min: geom.Pt(8, 0), Max: geom.Pt(16, 24)}.Polygon()})
	tb.Add(table.Feature{Kind: table.KindSmoke, Temporary: true,
		Area: geom.Box{Center: geom.Pt(20, 12), Heading: geom.Deg(90), Length: 12, Width: 1}.Polygon()})
	ray := geom.Seg(geom.Pt(2, 12), geom.Pt(22, 12))
	tb.VisitSegment(ray, func(c table.Crossing) bool {
		fmt.Printf("%s: %.1f\"\n", c.Feature.Kind, c.Length)
		return true
	})
	level, _ := tb.HighestLevel(ray)
	fmt.Println("highest level", level)
	// Output:
	// hill: 8.0"
	// smoke: 1.0"
	// highest level 1
}
