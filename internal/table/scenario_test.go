package table

import (
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
)

func TestFromScenarioAndHelpers(t *testing.T) {
	sc := &scenario.Scenario{ID: "t", Table: scenario.Table{Width: 20, Height: 10}, Terrain: []scenario.TerrainSpec{
		{Kind: KindWoods, Name: "w", Polygon: [][2]float64{{2, 2}, {6, 2}, {6, 6}, {2, 6}}},
		{Kind: KindHedge, Line: [][2]float64{{10, 0}, {10, 10}}},
	}}
	tb, err := FromScenario(sc)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Features()) != 2 || !tb.Features()[1].IsLine() {
		t.Fatalf("features %v", tb.Features())
	}
	bad := &scenario.Scenario{ID: "b", Table: scenario.Table{Width: 5, Height: 5}, Terrain: []scenario.TerrainSpec{{Kind: KindWoods, Polygon: [][2]float64{{2, 2}, {9, 2}, {9, 4}}}}}
	if _, err := FromScenario(bad); err == nil {
		t.Error("terrain off the table accepted")
	}
	box := geom.Box{Center: geom.Pt(1, 5), Heading: 0, Length: 2, Width: 1}
	if !tb.ContainsBox(box) {
		t.Error("a box touching the west edge is on the table")
	}
	box.Center.X = 0.9
	if tb.ContainsBox(box) {
		t.Error("a box over the west edge is on the table")
	}
	for edge, want := range map[string]float64{"north": -90, "south": 90, "east": 180, "west": 0} {
		if got := InwardHeading(edge).Degrees(); got != want {
			t.Errorf("InwardHeading(%s) = %v°, want %v°", edge, got, want)
		}
	}
	zone := []geom.Polygon{Polygon([][2]float64{{0, 0}, {20, 0}, {20, 3}, {0, 3}})}
	if !InAnyZone(zone, geom.Box{Center: geom.Pt(5, 1.5), Length: 2, Width: 1}) || InAnyZone(zone, geom.Box{Center: geom.Pt(5, 3), Length: 2, Width: 1}) {
		t.Error("InAnyZone wrong")
	}
}

// TestPackingOrder: the centres of a 2×1 footprint in a 3×4 rectangle
// come row by row from the side's own edge, each row from the side's
// left, and keep the footprint inside the rectangle.
func TestPackingOrder(t *testing.T) {
	r := geom.Rect{Min: geom.Point{X: 10, Y: 20}, Max: geom.Point{X: 13, Y: 24}}
	for _, tc := range []struct {
		edge string
		want []geom.Point
	}{
		// South: rows of x from the west (the left facing north).
		{"south", []geom.Point{{X: 10.5, Y: 21}, {X: 11.5, Y: 21}, {X: 12.5, Y: 21}, {X: 10.5, Y: 22}}},
		{"north", []geom.Point{{X: 12.5, Y: 23}, {X: 11.5, Y: 23}, {X: 10.5, Y: 23}, {X: 12.5, Y: 22}}},
		// Facing east the footprint lies along x: 2 of the 3" deep.
		{"west", []geom.Point{{X: 11, Y: 23.5}, {X: 11, Y: 22.5}, {X: 11, Y: 21.5}, {X: 11, Y: 20.5}, {X: 12, Y: 23.5}}},
		{"east", []geom.Point{{X: 12, Y: 20.5}, {X: 12, Y: 21.5}, {X: 12, Y: 22.5}, {X: 12, Y: 23.5}, {X: 11, Y: 20.5}}},
	} {
		var got []geom.Point
		for p := range PackingOrder(tc.edge, r, 2, 1, 1) {
			got = append(got, p)
		}
		if len(got) < len(tc.want) || !slices.Equal(got[:len(tc.want)], tc.want) {
			t.Errorf("%s: %v, want it to start %v", tc.edge, got, tc.want)
		}
		n := map[string]int{"south": 9, "north": 9, "west": 8, "east": 8}[tc.edge]
		if len(got) != n {
			t.Errorf("%s: %d centres, want %d", tc.edge, len(got), n)
		}
	}
}
