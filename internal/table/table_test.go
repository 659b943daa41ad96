package table

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sandtable/sandtable/internal/geom"
)

// testRows is a 20"×10" table in 1" cells; row 0 is the far edge (y 9–10).
//
//	woods  x 2–6,  y 6–9
//	hill 1 a ring x 12–16, y 5–9 around hill 2 at x 13–15, y 6–8
//	hedge  y 3.5 from x 6 to 11
//	wall   x 2.5 from y 3 down to y 1
var testRows = []string{
	"....................", // y 9–10
	"..WWWW......1111....", // y 8–9
	"..WWWW......1221....", // y 7–8
	"..WWWW......1221....", // y 6–7
	"............1111....", // y 5–6
	"....................", // y 4–5
	"......-----.........", // y 3–4
	"..|.................", // y 2–3
	"..|.................", // y 1–2
	"....................", // y 0–1
}

var testLegend = map[rune]Legend{
	'W': {Kind: KindWoods, Name: "Bois de Bezange"},
	'1': {Kind: KindHill, Level: 1, Name: "Hill 112"},
	'2': {Kind: KindHill, Level: 2, Name: "Hill 112 crest"},
	'-': {Kind: KindHedge},
	'|': {Kind: KindWall},
}

func testTable(t testing.TB) *Table {
	t.Helper()
	tb, err := ParseASCII(testRows, 1, testLegend)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func seg(x0, y0, x1, y1 float64) geom.Segment {
	return geom.Segment{A: geom.Point{X: x0, Y: y0}, B: geom.Point{X: x1, Y: y1}}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }

func TestParseASCII(t *testing.T) {
	tb := testTable(t)
	if tb.Width() != 20 || tb.Height() != 10 {
		t.Errorf("size = %vx%v, want 20x10", tb.Width(), tb.Height())
	}
	kinds := map[string]int{}
	for _, f := range tb.Features() {
		kinds[f.Kind]++
	}
	want := map[string]int{KindWoods: 1, KindHill: 5, KindHedge: 1, KindWall: 1}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("feature kinds (-want +got):\n%s", diff)
	}
	for _, f := range tb.Features() {
		switch f.Kind {
		case KindWoods:
			if got, want := f.Area.Bounds(), (geom.Rect{Min: geom.Pt(2, 6), Max: geom.Pt(6, 9)}); got != want {
				t.Errorf("woods bounds = %v, want %v", got, want)
			}
		case KindHedge:
			if got, want := f.Line, (geom.Polyline{geom.Pt(6, 3.5), geom.Pt(11, 3.5)}); !cmp.Equal(got, want) {
				t.Errorf("hedge = %v, want %v", got, want)
			}
		case KindWall:
			if got, want := f.Line, (geom.Polyline{geom.Pt(2.5, 3), geom.Pt(2.5, 1)}); !cmp.Equal(got, want) {
				t.Errorf("wall = %v, want %v", got, want)
			}
		}
	}
}

func TestParseASCIILines(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want []geom.Polyline
	}{
		{"diagonal up", []string{"..", "./", "/."}, []geom.Polyline{{geom.Pt(0, 0), geom.Pt(2, 2)}}},
		{"diagonal down", []string{"\\.", ".\\", ".."}, []geom.Polyline{{geom.Pt(0, 3), geom.Pt(2, 1)}}},
		{"generic L", []string{"hh", "h."}, []geom.Polyline{{geom.Pt(0, 1.5), geom.Pt(2, 1.5)}, {geom.Pt(0.5, 2), geom.Pt(0.5, 0)}}},
		{"generic single", []string{".h"}, []geom.Polyline{{geom.Pt(1, 0.5), geom.Pt(2, 0.5)}}},
	}
	legend := map[rune]Legend{'/': {Kind: KindHedge}, '\\': {Kind: KindHedge}, 'h': {Kind: KindHedge}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb, err := ParseASCII(tt.rows, 1, legend)
			if err != nil {
				t.Fatal(err)
			}
			var got []geom.Polyline
			for _, f := range tb.Features() {
				got = append(got, f.Line)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseASCIIAreasMerge(t *testing.T) {
	// An L-shaped wood becomes two rectangles covering exactly its cells.
	tb, err := ParseASCII([]string{
		"WW..",
		"WW..",
		"WWWW",
	}, 2, map[rune]Legend{'W': {Kind: KindWoods}})
	if err != nil {
		t.Fatal(err)
	}
	var area float64
	for _, f := range tb.Features() {
		area += f.Area.Area()
	}
	if n := tb.Len(); n != 2 || area != 8*4 {
		t.Errorf("got %d features of total area %v, want 2 of area 32", n, area)
	}
	if got := len(tb.At(geom.Pt(7, 1), nil)); got != 1 {
		t.Errorf("At(7,1) found %d features, want 1", got)
	}
	if got := len(tb.At(geom.Pt(7, 5), nil)); got != 0 {
		t.Errorf("At(7,5) found %d features, want 0", got)
	}
}

func TestParseASCIIErrors(t *testing.T) {
	tests := []struct {
		name   string
		rows   []string
		cell   float64
		legend map[rune]Legend
		want   string
	}{
		{"unknown rune", []string{"..X"}, 1, testLegend, "rune 'X' is not in the legend"},
		{"hill without level", []string{"H"}, 1, map[rune]Legend{'H': {Kind: KindHill}}, "level ≥ 1"},
		{"no rows", nil, 1, testLegend, "empty drawing"},
		{"zero cell", []string{"."}, 0, testLegend, "must be positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseASCII(tt.rows, tt.cell, tt.legend)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseASCII error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestVisitSegment(t *testing.T) {
	tb := testTable(t)
	type want struct {
		kind        string
		entry, exit geom.Point
		length      float64
	}
	tests := []struct {
		name string
		s    geom.Segment
		want []want
	}{
		{"through the wood", seg(0, 7.5, 10, 7.5), []want{{KindWoods, geom.Pt(2, 7.5), geom.Pt(6, 7.5), 4}}},
		{"starts in the wood", seg(3, 7.5, 10, 7.5), []want{{KindWoods, geom.Pt(3, 7.5), geom.Pt(6, 7.5), 3}}},
		{"across the hedge", seg(8, 0, 8, 5), []want{{KindHedge, geom.Pt(8, 3.5), geom.Pt(8, 3.5), 0}}},
		{"ends on the hedge", seg(8, 0, 8, 3.5), []want{{KindHedge, geom.Pt(8, 3.5), geom.Pt(8, 3.5), 0}}},
		{"grazes the wood's corner", seg(0, 8, 4, 12), nil},
		{"along the wood's edge", seg(0, 6, 8, 6), []want{{KindWoods, geom.Pt(2, 6), geom.Pt(6, 6), 4}}},
		{"over the hill", seg(10, 7.5, 20, 7.5), []want{
			{KindHill, geom.Pt(12, 7.5), geom.Pt(13, 7.5), 1},
			{KindHill, geom.Pt(13, 7.5), geom.Pt(15, 7.5), 2},
			{KindHill, geom.Pt(15, 7.5), geom.Pt(16, 7.5), 1},
		}},
		{"wood, then hedge, diagonal", seg(0, 10, 10, 0), []want{
			{KindWoods, geom.Pt(2, 8), geom.Pt(4, 6), 2 * math.Sqrt2},
			{KindHedge, geom.Pt(6.5, 3.5), geom.Pt(6.5, 3.5), 0},
		}},
		{"open ground", seg(0, 4.5, 20, 4.5), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []want
			tb.VisitSegment(tt.s, func(c Crossing) bool {
				got = append(got, want{c.Feature.Kind, c.Entry, c.Exit, c.Length})
				return true
			})
			opt := cmp.Comparer(func(a, b float64) bool { return near(a, b) })
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(want{}), opt); diff != "" {
				t.Errorf("VisitSegment(%v) (-want +got):\n%s", tt.s, diff)
			}
		})
	}
	// visit returning false stops the walk.
	n := 0
	tb.VisitSegment(seg(10, 7.5, 20, 7.5), func(Crossing) bool { n++; return false })
	if n != 1 {
		t.Errorf("VisitSegment visited %d crossings after stop, want 1", n)
	}
}

func TestHighestLevel(t *testing.T) {
	tb := testTable(t)
	tests := []struct {
		name string
		s    geom.Segment
		want int
		hill string
	}{
		{"over the crest", seg(10, 7, 20, 7), 2, "Hill 112 crest"},
		{"over the lower slope", seg(10, 5.5, 20, 5.5), 1, "Hill 112"},
		{"touching the hill's edge", seg(10, 5, 20, 5), 1, "Hill 112"},
		{"clear of the hill", seg(10, 9.5, 20, 9.5), 0, ""},
		{"starting on the crest", seg(14, 7, 14, 1), 2, "Hill 112 crest"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, f := tb.HighestLevel(tt.s)
			name := ""
			if f != nil {
				name = f.Name
			}
			if got != tt.want || name != tt.hill {
				t.Errorf("HighestLevel(%v) = %d, %q, want %d, %q", tt.s, got, name, tt.want, tt.hill)
			}
		})
	}
	levels := []struct {
		p    geom.Point
		want int
	}{
		{geom.Pt(14, 7), 2}, {geom.Pt(12.5, 5.5), 1}, {geom.Pt(13, 6), 2}, {geom.Pt(1, 1), 0}, {geom.Pt(12, 5), 1},
	}
	for _, tt := range levels {
		if got := tb.LevelAt(tt.p); got != tt.want {
			t.Errorf("LevelAt(%v) = %d, want %d", tt.p, got, tt.want)
		}
	}
}

func TestAt(t *testing.T) {
	tb := testTable(t)
	smoke, err := tb.Add(Feature{Kind: KindSmoke, Area: geom.Rect{Min: geom.Pt(3, 5), Max: geom.Pt(4, 10)}.Polygon(), Temporary: true})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	tb.VisitAt(geom.Pt(3.5, 7), func(f *Feature) bool { kinds = append(kinds, f.Kind); return true })
	if want := []string{KindWoods, KindSmoke}; !cmp.Equal(kinds, want) {
		t.Errorf("VisitAt kinds = %v, want %v (ID order)", kinds, want)
	}
	if got := tb.At(geom.Pt(8, 3.5), nil); len(got) != 0 {
		t.Errorf("At on a hedge = %v, want no area features", got)
	}
	tb.Remove(smoke)
	if got := tb.At(geom.Pt(3.5, 7), nil); len(got) != 1 {
		t.Errorf("At after removing smoke found %d, want 1", len(got))
	}
}

func TestExplain(t *testing.T) {
	tb := testTable(t)
	got := tb.Explain(seg(0, 7.5, 20, 7.5))
	want := []string{
		`woods "Bois de Bezange" from (2.0,7.5) to (6.0,7.5): 4.0" inside`,
		`hill "Hill 112" (level 1) from (12.0,7.5) to (13.0,7.5): 1.0" inside`,
		`hill "Hill 112 crest" (level 2) from (13.0,7.5) to (15.0,7.5): 2.0" inside`,
		`hill "Hill 112" (level 1) from (15.0,7.5) to (16.0,7.5): 1.0" inside`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Explain (-want +got):\n%s", diff)
	}
	got = tb.Explain(seg(8, 0, 8, 5))
	if want := []string{`hedge #7 crossed at (8.0,3.5)`}; !cmp.Equal(got, want) {
		t.Errorf("Explain = %q, want %q", got, want)
	}
}

func TestSmokeAndClone(t *testing.T) {
	tb := testTable(t)
	ray := seg(0, 4.5, 20, 4.5)
	blocked := func(tb *Table) bool {
		hit := false
		tb.VisitSegment(ray, func(c Crossing) bool {
			hit = hit || c.Feature.Kind == KindSmoke
			return true
		})
		return hit
	}
	// A 1"×12" smoke screen laid diagonally across the ray.
	screen := geom.Box{Center: geom.Pt(10, 4.5), Heading: geom.Deg(60), Length: 12, Width: 1}
	clone := tb.Clone()
	id, err := clone.Add(Feature{Kind: KindSmoke, Area: screen.Polygon(), Temporary: true})
	if err != nil {
		t.Fatal(err)
	}
	if !blocked(clone) {
		t.Errorf("smoke on the clone does not block")
	}
	if blocked(tb) {
		t.Errorf("smoke added to the clone blocks the original")
	}
	var got float64
	clone.VisitSegment(ray, func(c Crossing) bool { got += c.Length; return true })
	if want := 1 / math.Sin(60*math.Pi/180); !near(got, want) {
		t.Errorf("length through smoke = %v, want %v", got, want)
	}
	// Removing a permanent feature from the original leaves the clone whole.
	woods := tb.At(geom.Pt(3, 7), nil)[0].ID
	if !tb.Remove(woods) || tb.Feature(woods) != nil {
		t.Fatalf("Remove(%d) failed", woods)
	}
	if clone.Feature(woods) == nil || len(clone.At(geom.Pt(3, 7), nil)) != 1 {
		t.Errorf("removal from the original affected the clone")
	}
	if !clone.Remove(id) || blocked(clone) {
		t.Errorf("smoke still blocks after Remove")
	}
	if clone.Remove(id) {
		t.Errorf("second Remove(%d) = true, want false", id)
	}
	if tb.Len() != clone.Len()-1 {
		t.Errorf("Len: original %d, clone %d", tb.Len(), clone.Len())
	}
}

func TestAddErrors(t *testing.T) {
	sq := geom.Rect{Min: geom.Pt(1, 1), Max: geom.Pt(3, 3)}.Polygon()
	tests := []struct {
		name string
		f    Feature
		want string // substring of the error, "" for success
	}{
		{"woods", Feature{Kind: KindWoods, Area: sq}, ""},
		{"no shape", Feature{Kind: KindWoods}, "exactly one"},
		{"two shapes", Feature{Kind: KindWoods, Area: sq, Line: geom.Polyline{geom.Pt(0, 0), geom.Pt(1, 1)}}, "exactly one"},
		{"no kind", Feature{Area: sq}, "no kind"},
		{"bow tie", Feature{Kind: KindWoods, Area: geom.Polygon{geom.Pt(1, 1), geom.Pt(3, 3), geom.Pt(3, 1), geom.Pt(1, 2)}}, "not simple"},
		{"flat", Feature{Kind: KindWoods, Area: geom.Polygon{geom.Pt(1, 1), geom.Pt(2, 1), geom.Pt(3, 1)}}, "no area"},
		{"short line", Feature{Kind: KindHedge, Line: geom.Polyline{geom.Pt(1, 1)}}, "at least 2"},
		{"zero line", Feature{Kind: KindHedge, Line: geom.Polyline{geom.Pt(1, 1), geom.Pt(1, 1)}}, "no length"},
		{"zero circle", Feature{Kind: KindImpact, Circle: &geom.Circle{C: geom.Pt(5, 5)}, Temporary: true}, "positive radius"},
		{"hill without level", Feature{Kind: KindHill, Area: sq}, "level ≥ 1"},
		{"hill as a line", Feature{Kind: KindHill, Level: 1, Line: geom.Polyline{geom.Pt(0, 0), geom.Pt(1, 1)}}, "level ≥ 1"},
		{"negative level", Feature{Kind: KindWoods, Area: sq, Level: -1}, "negative level"},
		{"off table", Feature{Kind: KindWoods, Area: geom.Rect{Min: geom.Pt(30, 1), Max: geom.Pt(32, 3)}.Polygon()}, "off the"},
		{"overhanging", Feature{Kind: KindWoods, Area: geom.Rect{Min: geom.Pt(19, 1), Max: geom.Pt(21, 3)}.Polygon()}, "off the"},
		{"temporary overhanging", Feature{Kind: KindSmoke, Temporary: true, Area: geom.Rect{Min: geom.Pt(19, 1), Max: geom.Pt(21, 3)}.Polygon()}, ""},
		{"temporary off table", Feature{Kind: KindSmoke, Temporary: true, Area: geom.Rect{Min: geom.Pt(25, 1), Max: geom.Pt(27, 3)}.Polygon()}, "off the"},
		{"on the edge", Feature{Kind: KindHedge, Line: geom.Polyline{geom.Pt(0, 0), geom.Pt(20, 0)}}, ""},
		{"taken ID", Feature{ID: 1, Kind: KindWoods, Area: sq}, "already in use"},
		{"negative ID", Feature{ID: -3, Kind: KindWoods, Area: sq}, "negative ID"},
		{"chosen ID", Feature{ID: 100, Kind: KindWoods, Area: sq}, ""},
	}
	tb := New(20, 10)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tb.Add(tt.f)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Add = %v, want success", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Add error = %v, want one containing %q", err, tt.want)
			}
		})
	}
	if id, _ := tb.Add(Feature{Kind: KindField, Area: sq}); id != 101 {
		t.Errorf("next ID = %d, want 101", id)
	}
	// The table keeps its own copy of the shape.
	mine := geom.Rect{Min: geom.Pt(5, 5), Max: geom.Pt(6, 6)}.Polygon()
	id, _ := tb.Add(Feature{Kind: KindField, Area: mine})
	mine[0] = geom.Pt(-100, -100)
	if tb.Feature(id).Area[0] != geom.Pt(5, 5) {
		t.Errorf("Add kept the caller's slice")
	}
	ids := []int{}
	for _, f := range tb.Features() {
		ids = append(ids, f.ID)
	}
	for i := 1; i < len(ids); i++ {
		if ids[i] <= ids[i-1] {
			t.Errorf("Features() not sorted by ID: %v", ids)
		}
	}
}

func TestFootprintsCrossed(t *testing.T) {
	tb := New(48, 48)
	boxes := []geom.Box{
		{Center: geom.Pt(10, 10), Heading: geom.Deg(90), Length: 1, Width: 4},                   // astride the ray
		{Center: geom.Pt(20, 15), Heading: geom.Deg(90), Length: 1, Width: 4},                   // off to the side
		{Center: geom.Pt(30, 11.5), Heading: geom.Deg(0), Length: 2, Width: 3},                  // edge along y=10
		{Center: geom.Pt(40, 11), Heading: geom.Deg(45), Length: math.Sqrt2, Width: math.Sqrt2}, // corner touches y=10
	}
	got := tb.FootprintsCrossed(seg(0, 10, 48, 10), boxes, nil)
	if want := []int{0, 2}; !cmp.Equal(got, want) {
		t.Errorf("FootprintsCrossed = %v, want %v", got, want)
	}
}

func TestAlongPath(t *testing.T) {
	tb := testTable(t)
	// Into the wood, turn inside it, out across the hedge.
	path := geom.Polyline{geom.Pt(0, 7.5), geom.Pt(4, 7.5), geom.Pt(4, 0)}
	got := tb.AlongPath(path)
	type span struct {
		kind     string
		from, to float64
	}
	var gs []span
	for _, s := range got {
		gs = append(gs, span{s.Feature.Kind, s.From, s.To})
	}
	want := []span{{KindWoods, 2, 4 + 1.5}} // 2" in, turn, 1.5" on to y=6
	opt := cmp.Comparer(func(a, b float64) bool { return near(a, b) })
	if diff := cmp.Diff(want, gs, cmp.AllowUnexported(span{}), opt); diff != "" {
		t.Errorf("AlongPath (-want +got):\n%s", diff)
	}
	path = geom.Polyline{geom.Pt(4, 7.5), geom.Pt(8, 7.5), geom.Pt(8, 3.5), geom.Pt(8, 0)}
	gs = gs[:0]
	for _, s := range tb.AlongPath(path) {
		gs = append(gs, span{s.Feature.Kind, s.From, s.To})
	}
	want = []span{{KindWoods, 0, 2}, {KindHedge, 8, 8}} // hedge crossed exactly at a vertex: once
	if diff := cmp.Diff(want, gs, cmp.AllowUnexported(span{}), opt); diff != "" {
		t.Errorf("AlongPath (-want +got):\n%s", diff)
	}
	// AlongPathInto gives the same spans in the caller's buffer, over
	// whatever it held.
	buf := make([]PathSpan, 3, 8)
	app := tb.AlongPathInto(buf, path)
	if !cmp.Equal(app, tb.AlongPath(path)) || &app[0] != &buf[0] {
		t.Errorf("AlongPathInto = %v in its own storage: %v; want AlongPath's %v in the buffer", app, &app[0] != &buf[0], tb.AlongPath(path))
	}
}
