package pagano

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/table"
)

// TestSight draws each case along the X axis: the viewer "a" faces east
// toward the target "b" (which faces west), both M4s (0.8" long) unless
// said otherwise.
func TestSight(t *testing.T) {
	for _, tc := range []struct {
		name    string
		terrain []table.Feature
		ax, bx  float64
		atyp    string
		ok      bool
		want    string // a Sight flag that must be set: hedge, hedgerow, target-hd, viewer-hd
		why     string // part of the reason when blocked
	}{
		{name: "open ground", ax: 10, bx: 30, ok: true},
		{name: "hedge does not block, modifies", terrain: []table.Feature{line(table.KindHedge, 20, 10, 20, 30)}, ax: 10, bx: 30, ok: true, want: "hedge"},
		{name: "wall does not block, modifies", terrain: []table.Feature{line(table.KindWall, 20, 10, 20, 30)}, ax: 10, bx: 30, ok: true, want: "hedge"},
		{name: "hedgerow in the open blocks", terrain: []table.Feature{line(KindHedgerow, 20, 10, 20, 30)}, ax: 10, bx: 30, why: "hedgerow"},
		{name: "hedgerow next to the target", terrain: []table.Feature{line(KindHedgerow, 29, 10, 29, 30)}, ax: 10, bx: 30, ok: true, want: "hedgerow"},
		{name: "through 1\" of woods", terrain: []table.Feature{rect(table.KindWoods, 20, 10, 21, 30)}, ax: 10, bx: 30, ok: true},
		{name: "through 1.5\" of woods", terrain: []table.Feature{rect(table.KindWoods, 20, 10, 21.5, 30)}, ax: 10, bx: 30, why: "woods"},
		{name: "two thin woods add up", terrain: []table.Feature{rect(table.KindWoods, 15, 10, 15.6, 30), rect(table.KindWoods, 25, 10, 25.6, 30)}, ax: 10, bx: 30, why: "woods"},
		{name: "building blocks", terrain: []table.Feature{rect(table.KindBuilding, 20, 19, 21, 21)}, ax: 10, bx: 30, why: "building"},
		{name: "hill between ground units", terrain: []table.Feature{hill(1, 18, 10, 22, 30)}, ax: 10, bx: 30, why: "hill"},
		// Hill edge: b on a level-1 hill whose edge is x=29, b's hull front
		// (west end) 0.3", 0.75" and 1.2" in from it.
		{name: "target in the 1/2\" slope band", terrain: []table.Feature{hill(1, 29, 0, 72, 48)}, ax: 10, bx: 29.7, ok: true},
		{name: "target 3/4\" in: hull-down", terrain: []table.Feature{hill(1, 29, 0, 72, 48)}, ax: 10, bx: 30.15, ok: true, want: "target-hd"},
		{name: "target 1.2\" in: hidden", terrain: []table.Feature{hill(1, 29, 0, 72, 48)}, ax: 10, bx: 30.6, why: "more than 1\""},
		// The same from the top of the hill looking down (a is on the
		// hill at x ≤ 21, facing east).
		{name: "viewer hull-down above", terrain: []table.Feature{hill(1, 0, 0, 21, 48)}, ax: 19.85, bx: 40, ok: true, want: "viewer-hd"},
		// Firing over obstacles: a on a level-2 hill (edge x=2.9, hull 0.3"
		// from it), a level-1 hill from x=10 to x=20, b on the ground. b
		// must be at least as far beyond the hill's edge (x=20) as a is
		// before it (centre 2.2 → 17.8"): b at x ≥ 37.8.
		{name: "over a 1st-level hill from a 2nd-level hill, far enough", terrain: []table.Feature{hill(2, 0, 0, 2.9, 48), hill(1, 10, 0, 20, 48)}, ax: 2.2, bx: 38.5, ok: true},
		{name: "over a 1st-level hill from a 2nd-level hill, too close", terrain: []table.Feature{hill(2, 0, 0, 2.9, 48), hill(1, 10, 0, 20, 48)}, ax: 2.2, bx: 37, why: "hill"},
		{name: "over a 1st-level obstacle from a 2nd-level hill (woods on a hill)", terrain: []table.Feature{hill(2, 0, 0, 2.9, 48), rect(table.KindBuilding, 10, 0, 20, 48)}, ax: 2.2, bx: 38.5, ok: true},
		{name: "own height to a lower unit never", terrain: []table.Feature{hill(1, 0, 0, 2.9, 48), hill(1, 10, 0, 20, 48)}, ax: 2.2, bx: 60, why: "hill"},
		{name: "own height to a unit on another 1st-level hill", terrain: []table.Feature{hill(1, 0, 0, 2.9, 48), hill(1, 10, 0, 20, 48), hill(1, 39, 0, 50, 48)}, ax: 2.2, bx: 45, ok: true},
		{name: "same-level hills do not matter", terrain: []table.Feature{hill(1, 0, 0, 15, 48), hill(1, 25, 0, 40, 48)}, ax: 5, bx: 35, ok: true},
		{name: "woods (2nd level) between 1st-level hills block", terrain: []table.Feature{hill(1, 0, 0, 15, 48), hill(1, 25, 0, 40, 48), rect(table.KindWoods, 18, 0, 22, 48)}, ax: 5, bx: 35, why: "woods"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			typ := tc.atyp
			if typ == "" {
				typ = "m4-75"
			}
			f := newFixture(t, tc.terrain, 2,
				placed{id: "a", typ: typ, side: german, x: tc.ax, y: 20, facing: 0},
				placed{id: "b", typ: "m4-75", side: us, x: tc.bx, y: 20, facing: 180})
			s := f.s
			for dir, pair := range [][2]int{{0, 1}, {1, 0}} {
				a, b := pair[0], pair[1]
				q := s.sight(a, s.box(a), b, s.box(b))
				if q.OK != tc.ok {
					t.Fatalf("direction %d: sight OK = %v (%s), want %v", dir, q.OK, q.Why(), tc.ok)
				}
				if !tc.ok && !strings.Contains(q.Why(), tc.why) {
					t.Errorf("direction %d: blocked because %q, want it to mention %q", dir, q.Why(), tc.why)
				}
				if dir == 1 || tc.want == "" {
					continue
				}
				got := map[string]bool{"hedge": q.HedgeOrWall, "hedgerow": q.Hedgerow, "target-hd": q.TargetHullDown, "viewer-hd": q.ViewerHullDown}
				if !got[tc.want] {
					t.Errorf("sight %+v lacks %s", q, tc.want)
				}
			}
		})
	}
}

// TestHullDownFiring: only turret-mounted weapons fire from a hull-down
// position at lower targets; Russian vehicles only from within 1/2" of
// the edge (Pagano, Firing "THROUGH" obstacles).
func TestHullDownFiring(t *testing.T) {
	crest := []table.Feature{hill(1, 0, 0, 21, 48)}
	for _, tc := range []struct {
		typ  string
		x    float64
		want string // "" for allowed
	}{
		{"m4-75", 19.85, ""},
		{"stug-iii", 19.85, "only turret weapons"},
		{"t-34-85", 19.85, "Russian"},
		{"stug-iii", 20.3, ""},
		{"t-34-85", 20.3, ""},
	} {
		f := newFixture(t, crest, 4,
			placed{id: "a", typ: tc.typ, side: us, x: tc.x, y: 20, facing: 0},
			placed{id: "b", typ: "panzer-iv-h", side: german, x: 40, y: 20, facing: 180})
		s := f.s
		_, _, err := s.shotCheck(0, s.box(0), 1, s.box(1))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s at x=%v: %v, want allowed", tc.typ, tc.x, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s at x=%v: %v, want %q", tc.typ, tc.x, err, tc.want)
		}
	}
}
