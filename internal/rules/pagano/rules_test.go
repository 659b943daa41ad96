package pagano

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// TestSequenceOfPlay walks one turn: phase 1 (Axis Morale & Load, ruling
// P1) runs by itself, then each side decides in the order of the text.
func TestSequenceOfPlay(t *testing.T) {
	f := newFixture(t, nil, 1,
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Stationary},
		placed{id: "m4", typ: "m4-75", side: us, x: 30, y: 10, facing: 90, motion: Stationary})
	f.s.advance(nil, &f.evs)
	var got []string
	for len(got) < 9 {
		d := f.s.Pending()
		got = append(got, fmt.Sprintf("%d %s %s", f.s.Phase, f.s.b.sides[d.Side].id, d.Kind))
		switch d.Kind {
		case KindFire:
			f.do(HoldFire{})
		case KindMove:
			f.do(EndMovement{})
		}
	}
	want := []string{"2 german fire", "3 german move", "4 us fire", "5 german fire", "7 us fire", "8 us move", "9 german fire", "10 us fire", "2 german fire"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("decisions:\n %s\nwant\n %s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
	if f.s.Turn != 2 {
		t.Errorf("turn %d, want 2", f.s.Turn)
	}
	for p, want := range map[int]string{1: "Axis Morale & Load", 3: "Axis Movement", 6: "Allied Morale & Load", 10: "Allied Fire"} {
		if got := PhaseName(p); got != want {
			t.Errorf("PhaseName(%d) = %q, want %q", p, got, want)
		}
	}
}

// TestRatesOfFire: a single rate of fire allows one shot between Morale &
// Load phases, a double rate one shot in each of two fire phases; stunned
// vehicles keep their shot markers (Pagano, Firing).
func TestRatesOfFire(t *testing.T) {
	f := newFixture(t, nil, 7,
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 40, facing: -90, motion: Stationary},
		placed{id: "m4", typ: "m4-75", side: us, x: 28, y: 20, facing: 90, motion: Stationary},
		placed{id: "m5", typ: "m5", side: us, x: 32, y: 20, facing: 90, motion: Stationary})
	f.reject(Fire{Shots: []Shot{{"m5", "pz"}, {"m5", "pz"}}}, "declared twice")
	f.reject(Fire{Shots: []Shot{{"pz", "m4"}}}, "is not us's")
	f.dice(2, 2)
	f.do(Fire{Shots: []Shot{{"m4", "pz"}, {"m5", "pz"}}})
	// Phase 8: the US moves; nothing to do.
	f.do(EndMovement{})
	// Phase 9 is the German fire phase; hold.
	if d := f.s.Pending(); d.Kind != KindFire || d.Side != german {
		t.Fatalf("pending %+v, want German fire (phase 9)", d)
	}
	f.do(HoldFire{})
	// Phase 10: only the M5 is loaded.
	if err := f.s.canFire(f.idx("m4")); err == nil || !strings.Contains(err.Error(), "not loaded") {
		t.Errorf("M4 canFire = %v, want not loaded", err)
	}
	f.dice(2)
	f.do(Fire{Shots: []Shot{{"m5", "pz"}}})
	f.usedAll()
	if m5 := f.unit("m5"); m5.Shots != 2 {
		t.Errorf("M5 has %d shot markers, want 2", m5.Shots)
	}
	// Allied Morale & Load removes them, but not from a stunned vehicle.
	f.unit("m4").Stunned = true
	f.s.moraleAndLoad(us, nil, engine.Discard)
	if f.unit("m5").Shots != 0 || f.unit("m4").Shots != 1 {
		t.Errorf("after loading: M5 %d, stunned M4 %d shot markers; want 0 and 1", f.unit("m5").Shots, f.unit("m4").Shots)
	}
	// Once per fire phase even with a double rate.
	m5 := f.idx("m5")
	f.s.Units[m5].Shots, f.s.Units[m5].FiredIn = 1, f.s.Serial
	if err := f.s.canFire(m5); err == nil || !strings.Contains(err.Error(), "already fired in this phase") {
		t.Errorf("canFire = %v, want already fired", err)
	}
}

// TestShotRangeBeforeArc: a target beyond the last range band is refused
// for its range, with the hulls' exact range, whether or not it is in arc
// (shotOK settles such shots on a bound and the arc first); one in range
// but out of arc is refused for the arc.
func TestShotRangeBeforeArc(t *testing.T) {
	for _, tc := range []struct {
		x, facing float64
		want      string
	}{
		{100, 0, "is 89.2\" away, beyond the last range band"},
		{100, 180, "is 89.2\" away, beyond the last range band"},
		// 84.07" apart, hull to hull, but under 84" on the bound, and
		// out of arc too: refused for the range.
		{94.87, 180, "is 84.1\" away, beyond the last range band"},
		{60, 180, "outside a's 60° arc"},
		{60, 0, ""},
		// The same in arc.
		{94.87, 0, "is 84.1\" away, beyond the last range band"},
		// 84.4" between the centres, 83.6" hull to hull: in range.
		{94.4, 0, ""},
	} {
		f := newFixture(t, nil, 2,
			placed{id: "a", typ: "m4-75", side: german, x: 10, y: 24, facing: tc.facing, motion: Stationary},
			placed{id: "b", typ: "m4-75", side: us, x: tc.x, y: 24, facing: 180, motion: Stationary})
		f.s.b.table = table.New(120, 48)
		_, _, err := f.s.shotCheck(0, f.s.box(0), 1, f.s.box(1))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("target at x=%v, facing %v°: %v", tc.x, tc.facing, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("target at x=%v, facing %v°: %v, want %q", tc.x, tc.facing, err, tc.want)
		}
		// An ambusher's quick check agrees.
		if open := f.s.shotOpen(0, f.s.box(0), nil, nil, 1, f.s.box(1)); open != (err == nil) {
			t.Errorf("target at x=%v, facing %v°: shotOpen %v, shotCheck %v", tc.x, tc.facing, open, err)
		}
	}
}

// TestFireArcs: turret weapons 30° either side of the turret, bow weapons
// 20° either side of the hull.
func TestFireArcs(t *testing.T) {
	for _, tc := range []struct {
		typ string
		deg float64 // bearing of the target off the facing
		ok  bool
	}{{"m4-75", 29, true}, {"m4-75", 31, false}, {"stug-iii", 19, true}, {"stug-iii", 21, false}} {
		d := geom.Dir(geom.Deg(tc.deg)).Mul(20)
		f := newFixture(t, nil, 2,
			placed{id: "a", typ: tc.typ, side: german, x: 20, y: 24, facing: 0, motion: Stationary},
			placed{id: "b", typ: "m4-75", side: us, x: 20 + d.X, y: 24 + d.Y, facing: 180, motion: Stationary})
		_, _, err := f.s.shotCheck(0, f.s.box(0), 1, f.s.box(1))
		if (err == nil) != tc.ok {
			t.Errorf("%s, target %v° off: %v, want ok %v", tc.typ, tc.deg, err, tc.ok)
		}
	}
}

// TestToHitModifiers checks Table 2 line by line on one shot.
func TestToHitModifiers(t *testing.T) {
	terrain := []table.Feature{line(table.KindHedge, 25, 0, 25, 48), rect(table.KindWoods, 39.5, 15, 45, 25)}
	f := newFixture(t, terrain, 4,
		placed{id: "t34", typ: "t-34-85", side: us, x: 10, y: 20, facing: 0, motion: Moving},
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 40, y: 20, facing: 180, motion: Stationary})
	s := f.s
	q, d, err := s.shotCheck(0, s.box(0), 1, s.box(1))
	if err != nil {
		t.Fatal(err)
	}
	ms := s.ToHit(0, s.box(0), 1, s.box(1), q, d, true)
	want := "-3 range 29.2\", -3 firer moving, +1 gun L at range, -1 Russian, French or Polish vehicle, +1 target stationary, -2 target in woods or building, -1 through wall or hedge, -1 ambush fire over 6\""
	if ms.String() != want {
		t.Errorf("modifiers\n %s\nwant\n %s", ms, want)
	}
	for _, tc := range []struct {
		typ  string
		d    float64
		want int
	}{{GunShort, 21.9, 0}, {GunShort, 22, -1}, {GunShort, 42.1, -2}, {GunLong, 26, 0}, {GunLong, 26.1, 1}, {GunVeryLong, 25.9, 0}, {GunVeryLong, 26, 1}, {GunVeryLong, 26.1, 1}, {GunVeryLong, 60, 1}, {GunVeryLong, 60.1, 2}, {GunShort, 42, -1}, {GunRegular, 70, 0}} {
		if got := GunHitMod(tc.typ, tc.d); got != tc.want {
			t.Errorf("GunHitMod(%q, %v) = %d, want %d", tc.typ, tc.d, got, tc.want)
		}
	}
}

// TestFireEffectTables checks Table 3: weapon size by calibre bands (with
// the restored minus signs, ruling P8), weapon type and range.
func TestFireEffectTables(t *testing.T) {
	for mm, want := range map[int]int{20: -4, 28: -3, 37: -3, 40: -2, 47: -2, 50: -1, 57: -1, 60: -1, 75: 0, 76: 0, 85: 1, 88: 1, 95: 1, 105: 2, 122: 3, 128: 4, 152: 5} {
		if got := CalibreMod(mm); got != want {
			t.Errorf("CalibreMod(%d) = %d, want %d", mm, got, want)
		}
	}
	for d, want := range map[float64]int{5.9: 2, 6: 1, 13.9: 1, 14: 0, 29.9: 0, 30: -1, 54: -2} {
		if got := EffectRangeMod(d); got != want {
			t.Errorf("EffectRangeMod(%v) = %d, want %d", d, got, want)
		}
	}
	if TypeEffectMod(GunLong) != 1 || TypeEffectMod(GunVeryLong) != 2 || TypeEffectMod(GunShort) != 0 {
		t.Errorf("TypeEffectMod L/VL/S = %d/%d/%d", TypeEffectMod(GunLong), TypeEffectMod(GunVeryLong), TypeEffectMod(GunShort))
	}
	// Facings by the 45° lines from the corners.
	f := newFixture(t, nil, 2,
		placed{id: "a", typ: "m4-75", side: german, x: 30, y: 30, facing: 0, motion: Stopped},
		placed{id: "n", typ: "m4-75", side: us, x: 30, y: 40, motion: Stopped},
		placed{id: "e", typ: "m4-75", side: us, x: 40, y: 30, motion: Stopped},
		placed{id: "w", typ: "m4-75", side: us, x: 20, y: 31, motion: Stopped})
	s := f.s
	for id, want := range map[string]geom.Facing{"n": geom.Side, "e": geom.Front, "w": geom.Rear} {
		u := f.idx(id)
		if _, got := s.Effect(u, s.box(u), 0, s.box(0), 10); got != want {
			t.Errorf("hit from %s: %v, want %v", id, got, want)
		}
	}
}

func TestUnarmouredVehicleWreckedByAHit(t *testing.T) {
	f := newFixture(t, nil, 4,
		placed{id: "truck", typ: "truck", side: german, x: 30, y: 30, facing: 0, motion: Stopped},
		placed{id: "m4", typ: "m4-75", side: us, x: 30, y: 20, facing: 90, motion: Stopped})
	f.dice(9) // to hit only: no effect roll
	f.do(Fire{Shots: []Shot{{"m4", "truck"}}})
	f.usedAll()
	if !f.unit("truck").Out {
		t.Errorf("truck not wrecked:\n%s", f.log())
	}
}

// TestStun: a stunned moving vehicle stops with an errant turn; a second
// stun takes it out of action; the marker goes at the end of the unit's
// next movement phase (Pagano, Stun Hits).
func TestStun(t *testing.T) {
	f := newFixture(t, nil, 4,
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: 0, motion: Moving},
		placed{id: "m4", typ: "m4-76", side: us, x: 30, y: 20, facing: 90, motion: Stationary},
		placed{id: "m4b", typ: "m4-76", side: us, x: 34, y: 20, facing: 90, motion: Stationary})
	// Hit (9), effect 5 +1 range +1 L -1?: the Panzer IV's side (+1): 5+1+0+1+1 = 8? Use 3: 3+3 = 6.
	f.dice(9, 3, 2, 9)
	f.do(Fire{Shots: []Shot{{"m4", "pz"}}})
	f.usedAll()
	pz := f.unit("pz")
	if !pz.Stunned || pz.Motion != Stopped || !near(float64(pz.Heading), float64(geom.Deg(90))) || !near(pz.Pos.X, 30) || !near(pz.Pos.Y, 31) {
		t.Fatalf("stunned %v, %v, heading %v at %v; want stunned, stopped, turned 90° left and rolled 1\"\n%s", pz.Stunned, pz.Motion, pz.Heading, pz.Pos, f.log())
	}
	// Stunned again: out of action (m4b fires in a later phase).
	s := f.s
	s.Serial++
	s.stun(f.idx("pz"), nil, &f.evs)
	if !pz.Out {
		t.Errorf("stunned twice but not out of action")
	}

	// Removal: stunned in phase 4 (turn 1), the marker goes at the end of
	// the German movement phase of turn 2 (phase 3) — not if stunned in
	// that phase itself.
	for _, tc := range []struct {
		stunAt int
		gone   bool
	}{{4, true}, {13, false}} {
		f := newFixture(t, nil, 3,
			placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: 0, motion: Stopped}, farEnemy)
		f.s.Serial = 13
		u := f.unit("pz")
		u.Stunned, u.StunAt, u.Done = true, tc.stunAt, true
		f.s.advance(nil, &f.evs)
		if u.Stunned == tc.gone {
			t.Errorf("stunned in serial %d: still stunned %v after the movement phase, want %v", tc.stunAt, u.Stunned, !tc.gone)
		}
		if u.Motion != Stationary {
			t.Errorf("stunned vehicle is %v after its movement phase, want stationary", u.Motion)
		}
	}
}

// TestImmobilizedCollision: an immobilized moving vehicle rolls on 1" and
// runs into the vehicle ahead: both are immobilized (ruling P16).
func TestImmobilizedCollision(t *testing.T) {
	f := newFixture(t, nil, 4,
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: 0, motion: Moving},
		placed{id: "pz2", typ: "panzer-iv-h", side: german, x: 31.3, y: 30, facing: 90, motion: Stationary},
		placed{id: "m4", typ: "m4-76", side: us, x: 30, y: 20, facing: 90, motion: Stationary})
	f.dice(9, 3, 8, 1) // hit, effect 6, immobilized, errant turn straight on
	f.do(Fire{Shots: []Shot{{"m4", "pz"}}})
	f.usedAll()
	pz, pz2 := f.unit("pz"), f.unit("pz2")
	if !pz.Immobile || !pz2.Immobile || pz.Motion != Stopped {
		t.Errorf("immobile %v/%v, motion %v; want both immobilized\n%s", pz.Immobile, pz2.Immobile, pz.Motion, f.log())
	}
	if f.s.box(0).Overlaps(f.s.box(1)) {
		t.Errorf("the vehicles overlap after the collision: %v, %v", pz.Pos, pz2.Pos)
	}
	// An immobilized vehicle may turn its turret but not its hull.
	f.s.Phase, f.s.Serial = 3, f.s.Serial+1
	pz.Done = false
	f.reject(Move{Unit: "pz", To: [][2]float64{{20, 30}}}, "immobilized")
	f.reject(Pivot{Unit: "pz", Facing: fp(45)}, "only its turret")
	f.do(Pivot{Unit: "pz", Turret: fp(45)})
}

func TestErrantTurnOverACliff(t *testing.T) {
	f := newFixture(t, []table.Feature{line(KindCliff, 30.7, 0, 30.7, 48)}, 4,
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: 0, motion: Moving},
		placed{id: "m4", typ: "m4-76", side: us, x: 30, y: 20, facing: 90, motion: Stationary}, farEnemy)
	f.dice(9, 3, 8, 4)
	f.do(Fire{Shots: []Shot{{"m4", "pz"}}})
	f.usedAll()
	if !f.unit("pz").Out {
		t.Errorf("the Panzer IV rolled over the cliff but is not wrecked:\n%s", f.log())
	}
}

// TestMovementRules: costs of Table 1 (ruling P4), pointing the way a
// moving vehicle moves, and what blocks a path.
func TestMovementRules(t *testing.T) {
	terrain := []table.Feature{rect(table.KindWoods, 20, 0, 30, 10), line(table.KindHedge, 10, 20, 10, 48), hill(1, 40, 20, 72, 48), rect(table.KindBuilding, 50, 5, 52, 10)}
	f := newFixture(t, terrain, 3,
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 5, y: 30, facing: 0, motion: Moving},
		placed{id: "wd", typ: "panzer-iv-h", side: german, x: 18, y: 5, facing: 0, motion: Moving},
		placed{id: "hl", typ: "panzer-iv-h", side: german, x: 37, y: 30, facing: 0, motion: Moving},
		placed{id: "bd", typ: "panzer-iv-h", side: german, x: 47, y: 7, facing: 0, motion: Moving},
		placed{id: "m4", typ: "m4-75", side: us, x: 60, y: 2, facing: 90})
	s := f.s
	for _, tc := range []struct {
		id   string
		to   [2]float64
		cost float64
		err  string
	}{
		{id: "pz", to: [2]float64{10.5, 30}, cost: 5.5 + 1},   // over the hedge
		{id: "pz", to: [2]float64{10, 30}, cost: 5 + 1},       // onto the hedge: paid on arrival
		{id: "wd", to: [2]float64{22, 5}, cost: 2 + 2*2},      // 2" clear, 2" woods
		{id: "hl", to: [2]float64{42, 30}, cost: 5 + 1},       // climbs one level
		{id: "bd", to: [2]float64{53, 7}, err: "building"},    // impassable
		{id: "pz", to: [2]float64{5, 45}, err: "costs 15.00"}, // too far
	} {
		u := f.idx(tc.id)
		cost, err := s.pathCost([]geom.Point{s.Units[u].Pos, {X: tc.to[0], Y: tc.to[1]}})
		if tc.err == "" {
			if err != nil || !near(cost, tc.cost) {
				t.Errorf("%s to %v: cost %v, %v; want %v", tc.id, tc.to, cost, err, tc.cost)
			}
			continue
		}
		verr := s.Validate(Move{Unit: tc.id, To: [][2]float64{tc.to}})
		if verr == nil || !strings.Contains(verr.Error(), tc.err) {
			t.Errorf("%s to %v: %v, want %q", tc.id, tc.to, verr, tc.err)
		}
	}
	// The whole hull keeps out of buildings, not only the path's centre
	// line: ending with its nose in one, or brushing a corner on the way.
	f.reject(Move{Unit: "bd", To: [][2]float64{{49.7, 7}}, Stop: true}, "would end with its hull in")
	f.reject(Move{Unit: "bd", To: [][2]float64{{49, 4.85}, {51.5, 4.85}}, Stop: true}, "hull would enter")
	if err := s.Validate(Move{Unit: "bd", To: [][2]float64{{49.4, 7}}, Stop: true}); err != nil {
		t.Errorf("bd stopping short of the building: %v", err)
	}
	f.reject(Move{Unit: "pz", To: [][2]float64{{9, 30}}, Facing: fp(90)}, "must point the way it moves")
	f.reject(Move{Unit: "pz", To: [][2]float64{{9, 30}}, Stop: true, Facing: fp(361)}, "facing and turret must be degrees between -360 and 360")
	f.reject(Pivot{Unit: "pz", Turret: fp(-1e300)}, "facing and turret must be degrees between -360 and 360")
	f.reject(Hold{Unit: "pz", Facing: fp(720)}, "facing and turret must be degrees between -360 and 360")
	f.do(Move{Unit: "pz", To: [][2]float64{{9, 30}}, Stop: true, Facing: fp(90), Turret: fp(0)})
	if u := f.unit("pz"); u.Motion != Stopped || !near(u.Heading.Degrees(), 90) || !near(u.Turret.Degrees(), 0) {
		t.Errorf("after a stop: %v, hull %v, turret %v", u.Motion, u.Heading, u.Turret)
	}
	f.reject(Move{Unit: "pz", To: [][2]float64{{8, 30}}}, "finished its movement phase")
	f.unit("wd").Pos = geom.Point{X: 5, Y: 30}
	f.reject(Move{Unit: "wd", To: [][2]float64{{10, 30}}}, "run into pz")
	f.do(Pivot{Unit: "wd", Facing: fp(45)})
	f.do(Hold{Unit: "wd"})
	f.do(EndMovement{})
	if u := f.unit("wd"); u.Motion != Stationary {
		t.Errorf("a vehicle that only pivoted is %v, want stationary", u.Motion)
	}
}

// TestMorale: a platoon that lost a vehicle rolls a d10 in its Morale &
// Load phase and fails on a roll equal to or less than its losses since
// the start; it then retreats (Pagano, Morale).
func TestMorale(t *testing.T) {
	setup := func(blind bool) *fixture {
		var terrain []table.Feature
		if blind {
			terrain = []table.Feature{rect(table.KindWoods, 0, 24, 72, 28)}
		}
		f := newFixture(t, terrain, 1,
			placed{id: "p1", typ: "panzer-iv-h", side: german, x: 20, y: 40, facing: -90, motion: Stopped},
			placed{id: "p2", typ: "panzer-iv-h", side: german, x: 25, y: 40, facing: -90, motion: Stationary},
			placed{id: "p3", typ: "panzer-iv-h", side: german, x: 30, y: 40, facing: -90, motion: Stopped},
			placed{id: "m4", typ: "m4-75", side: us, x: 25, y: 10, facing: 90})
		f.platoon("Panzer IV platoon", "p1", "p2", "p3")
		p3 := f.unit("p3")
		p3.Out, p3.Puff = true, true
		f.unit("p2").Stunned = true
		return f
	}
	f := setup(false)
	f.dice(2)
	f.s.moraleAndLoad(german, f.src, &f.evs)
	f.usedAll()
	if f.unit("p1").Retreat || f.unit("p3").Puff {
		t.Errorf("rolled 2 against 1 lost: retreat %v, puff left %v", f.unit("p1").Retreat, f.unit("p3").Puff)
	}
	f = setup(false)
	f.dice(1)
	f.s.moraleAndLoad(german, f.src, &f.evs)
	if p1 := f.unit("p1"); !p1.Retreat || p1.Motion != Moving {
		t.Errorf("rolled 1 against 1 lost: p1 retreat %v, %v; want retreating in motion\n%s", p1.Retreat, p1.Motion, f.log())
	}
	if p2 := f.unit("p2"); !p2.Out {
		t.Errorf("the stunned p2 is not abandoned")
	}
	f = setup(true)
	f.dice()
	f.s.moraleAndLoad(german, f.src, &f.evs)
	if f.unit("p1").Retreat || !strings.Contains(f.log(), "no enemy in sight") {
		t.Errorf("no enemy in sight, yet:\n%s", f.log())
	}

	// A retreating vehicle must head for its safe edge, may not stop, and
	// leaves the table there; one that cannot move is abandoned.
	f = newFixture(t, nil, 3,
		placed{id: "p1", typ: "panzer-iv-h", side: german, x: 20, y: 45, facing: -90, motion: Moving},
		placed{id: "p2", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Moving},
		placed{id: "p3", typ: "panzer-iv-h", side: german, x: 40, y: 30, facing: -90, motion: Moving},
		farEnemy)
	f.unit("p1").Retreat, f.unit("p2").Retreat = true, true
	f.reject(Move{Unit: "p1", To: [][2]float64{{20, 40}}}, "toward its north edge")
	f.reject(Move{Unit: "p1", To: [][2]float64{{20, 47}}, Stop: true}, "may not stop")
	f.do(Move{Unit: "p1", To: [][2]float64{{20, 48}}})
	f.do(Hold{Unit: "p2"})
	f.do(Hold{Unit: "p3"})
	if !f.unit("p1").Exited || !f.unit("p2").Out || f.unit("p3").Out {
		t.Errorf("p1 exited %v, p2 abandoned %v, p3 out %v\n%s", f.unit("p1").Exited, f.unit("p2").Out, f.unit("p3").Out, f.log())
	}
	// With p3 wrecked no German vehicle is left fighting.
	f.s.wreck(f.idx("p3"), "test", &f.evs)
	f.s.advance(nil, &f.evs)
	if !f.s.Over || f.s.Winner != us {
		t.Errorf("game over %v, winner %d: want a US win with no German vehicle fighting", f.s.Over, f.s.Winner)
	}
}

// TestAmbushFire: a vehicle that crosses a gap in a wood, in and out of
// the sight of a loaded enemy, may be fired on during its move (Pagano,
// Ambush Fire).
func TestAmbushFire(t *testing.T) {
	woods := []table.Feature{rect(table.KindWoods, 20, 0, 22, 19), rect(table.KindWoods, 20, 21, 22, 48)}
	setup := func() *fixture {
		f := newFixture(t, woods, 3,
			placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 23, facing: -90, motion: Moving},
			placed{id: "m4", typ: "m4-75", side: us, x: 10, y: 20, facing: 0, motion: Stationary})
		f.do(Move{Unit: "pz", To: [][2]float64{{30, 17}}})
		if d := f.s.Pending(); d.Kind != KindAmbush || d.Side != us || !d.Reaction {
			t.Fatalf("pending %+v, want a US ambush window", d)
		}
		return f
	}
	f := setup()
	sp := f.s.Move.Spans[0]
	if sp.From > 3 || sp.To < 3 || sp.To >= 6 {
		t.Fatalf("ambush span %+v, want one around 3\" along the path", sp)
	}
	f.reject(Ambush{Unit: "m4", At: 0.5}, "may fire at the mover between")
	// To hit: range 19.6" -2, stationary +2, target moving -2, ambush over
	// 6" -1 = -3: a 10 hits. Effect on the side: +1 armour: 5 → 6; 8:
	// immobilized; errant turn 1: straight on 1".
	f.dice(10, 5, 8, 1)
	f.do(Ambush{Unit: "m4", At: 3})
	f.usedAll()
	pz := f.unit("pz")
	if !pz.Immobile || f.s.Move != nil || !near(pz.Pos.Y, 19) || pz.Motion != Stopped {
		t.Errorf("mover immobile %v at %v %v, move %v; want immobilized 1\" past the ambush point\n%s", pz.Immobile, pz.Pos, pz.Motion, f.s.Move, f.log())
	}
	if m4 := f.unit("m4"); !m4.Ambushed || !strings.Contains(f.log(), "springs an ambush") {
		t.Errorf("ambusher ambushed %v\n%s", m4.Ambushed, f.log())
	}
	// Passing lets the mover finish.
	f = setup()
	f.do(AmbushPass{})
	if pz := f.unit("pz"); !near(pz.Pos.Y, 17) || pz.Motion != Moving {
		t.Errorf("after a pass the mover is at %v %v, want (30,17) moving", pz.Pos, pz.Motion)
	}
}

// TestTable1FromData: the scenario's table1 block overrides the designed
// costs; Battle 1 spells out the defaults.
func TestTable1FromData(t *testing.T) {
	b, err := boardFor(battle1(t))
	if err != nil {
		t.Fatal(err)
	}
	if b.costs != DefaultCosts {
		t.Errorf("battle-1 costs %+v, want the defaults %+v", b.costs, DefaultCosts)
	}
	woods := 3.0
	if c := (&Table1{Woods: &woods}).Resolve(); c.Woods != 3 || c.Road != 2.0/3 {
		t.Errorf("override: %+v", c)
	}
}

// TestErrantTurnIntoNeighbour: an errant turn that would swing a vehicle
// onto the one beside it stops it where it was, unturned, and both are
// immobilized by the collision (ruling P16); nothing overlaps.
func TestErrantTurnIntoNeighbour(t *testing.T) {
	f := newFixture(t, nil, 4,
		placed{id: "puma", typ: "sdkfz-234-2", side: german, x: 30, y: 20, facing: 90, motion: Moving},
		placed{id: "pz", typ: "panzer-iv-h", side: german, x: 29.6, y: 20, facing: 90, motion: Stationary},
		farEnemy)
	f.dice(9) // errant turn: 90° left, toward the Panzer IV
	f.s.stun(f.idx("puma"), f.src, &f.evs)
	f.usedAll()
	puma, pz := f.unit("puma"), f.unit("pz")
	if err := invariant(f.s); err != nil {
		t.Fatalf("%v\n%s", err, f.log())
	}
	if !puma.Immobile || !pz.Immobile || !near(puma.Pos.X, 30) || !near(puma.Heading.Degrees(), 90) {
		t.Errorf("puma at %v heading %v immobile %v, pz immobile %v; want both immobilized, the puma unmoved and unturned\n%s",
			puma.Pos, puma.Heading.Degrees(), puma.Immobile, pz.Immobile, f.log())
	}
}

// TestLastShotOfTheLastTurn: a side whose last vehicle is knocked out in
// the last fire phase of the last turn loses; the turn limit's draw is
// only for a battle still undecided (ruling P20).
func TestLastShotOfTheLastTurn(t *testing.T) {
	f := newFixture(t, nil, 10,
		placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Stopped},
		placed{id: "m4", typ: "m4-76", side: us, x: 30, y: 27, facing: 90, motion: Stopped},
	)
	f.s.Turn = f.s.b.maxTurn
	// To hit: under 4" +2; a 6 hits. Effect on the front: under 6" +2,
	// L +1, front −2: a 9 wrecks.
	f.dice(6, 9)
	f.do(Fire{Shots: []Shot{{Unit: "m4", Target: "pz4"}}})
	f.usedAll()
	if !f.s.Over || f.s.Winner != us {
		t.Errorf("game over %v, winner %d (%s): want a US win\n%s", f.s.Over, f.s.Winner, f.s.Reason, f.log())
	}
}

// TestUnitsLost: a side's losses are its vehicles out of the fight, by
// type: knocked out, retreating, or gone off the table; Pagano keeps no
// army morale.
func TestUnitsLost(t *testing.T) {
	f := newFixture(t, nil, 1,
		placed{id: "p1", typ: "panzer-iv-h", side: german, x: 20, y: 40, facing: -90},
		placed{id: "p2", typ: "panzer-iv-h", side: german, x: 25, y: 40, facing: -90},
		placed{id: "p3", typ: "panzer-iv-h", side: german, x: 30, y: 40, facing: -90},
		placed{id: "p4", typ: "panzer-iv-h", side: german, x: 35, y: 40, facing: -90},
		placed{id: "m4", typ: "m4-75", side: us, x: 25, y: 10, facing: 90})
	f.unit("p2").Out = true
	f.unit("p3").Retreat = true
	f.unit("p4").Exited = true
	name := f.s.b.types[f.unit("p1").Type].Name
	if got := f.s.UnitsLost(german); len(got) != 1 || got[name] != 3 {
		t.Errorf("German losses %v, want %s 3", got, name)
	}
	if got := f.s.UnitsLost(us); len(got) != 0 {
		t.Errorf("US losses %v, want none", got)
	}
	if _, ok := any(f.s).(interface{ Morale(int) int }); ok {
		t.Error("the Pagano state reports an army morale it does not keep")
	}
}

// TestDeployNotInBuildings: buildings are impassable (P16), so a vehicle
// may not be set up in one, and the deploy candidates offer no spot that
// meets one.
func TestDeployNotInBuildings(t *testing.T) {
	f := newFixture(t, []table.Feature{rect(table.KindBuilding, 0, 42, 40, 48)}, 1,
		placed{id: "de-1", typ: "panzer-iv-h", side: 0, x: 0, y: 0, facing: -90})
	f.s.Units[0].Placed = false
	f.s.Deployer = 0
	err := f.s.validateDeploy(Deploy{Unit: "de-1", X: 20, Y: 45, Facing: -90})
	if err == nil || !strings.Contains(err.Error(), "vehicles cannot enter buildings") {
		t.Errorf("deploy in a building: %v", err)
	}
	if err := f.s.validateDeploy(Deploy{Unit: "de-1", X: 60, Y: 45, Facing: -90}); err != nil {
		t.Errorf("deploy beside the building: %v", err)
	}
	cands := f.s.deployCandidates(nil)
	if len(cands) == 0 {
		t.Fatal("no deploy candidates")
	}
	for _, c := range cands {
		if err := f.s.validateDeploy(c.(Deploy)); err != nil {
			t.Errorf("candidate %+v: %v", c, err)
		}
	}
}

// TestDeployInNarrowZones: a zone too narrow for the middle row of spots
// (4" across here) still offers spots over its whole area, so every
// vehicle sets up; a zone too small for one vehicle says so, naming it.
func TestDeployInNarrowZones(t *testing.T) {
	with := func(z [][2]float64) *State {
		t.Helper()
		sc := *battle1(t)
		sides := make([]*scenario.Side, len(sc.Sides))
		for i, sd := range sc.Sides {
			c := *sd
			c.Zones = []scenario.Zone{{Name: "zone", Polygon: z}}
			if i == 1 {
				c.Zones = []scenario.Zone{{Name: "zone", Polygon: [][2]float64{{0, 0}, {72, 0}, {72, 6}, {0, 6}}}}
			}
			sides[i] = &c
		}
		sc.Sides = sides
		st, err := Rules{}.New(&sc)
		if err != nil {
			t.Fatal(err)
		}
		return st.(*State)
	}
	s := with([][2]float64{{34, 38}, {38, 38}, {38, 48}, {34, 48}})
	src := dice.NewPCG(1)
	for n := 0; s.Pending().Kind == KindDeploy && s.Deployer == 0; n++ {
		c := s.Candidates(nil)
		if len(c) == 0 {
			t.Fatalf("no deploy candidate after %d vehicles in a 4\" zone: %s", n, s.Stuck())
		}
		if err := s.Validate(c[0]); err != nil {
			t.Fatalf("candidate %+v: %v", c[0], err)
		}
		s.Apply(c[0], src, engine.Discard)
	}
	for _, u := range s.Units {
		if u.Side == 0 && !u.Placed {
			t.Errorf("%s not set up in a 4\" zone", u.ID)
		}
	}
	s = with([][2]float64{{34, 47.6}, {34.5, 47.6}, {34.5, 48}, {34, 48}})
	if c := s.Candidates(nil); len(c) != 0 {
		t.Fatalf("a 0.5×0.4\" zone offers %v", c)
	}
	if got := s.Stuck(); !strings.Contains(got, "there is no room left in german's deployment zones for de-") {
		t.Errorf("Stuck() = %q, want it to name the vehicle with no room", got)
	}
}

// TestTurnLimitAndTurnCap: at a scenario's turn limit with no draw, the
// side that lost fewer vehicles wins (ruling P20); a scenario with no
// limit is stopped at TurnCap as a draw, whatever the losses.
func TestTurnLimitAndTurnCap(t *testing.T) {
	for _, capped := range []bool{false, true} {
		f := newFixture(t, nil, 10,
			placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 40, facing: -90},
			placed{id: "m1", typ: "m4-75", side: us, x: 20, y: 10, facing: 90},
			placed{id: "m2", typ: "m4-75", side: us, x: 40, y: 10, facing: 90})
		f.s.b.drawAtLimit, f.s.b.capped = false, capped
		f.unit("m2").Out = true
		f.s.endByTurnLimit(&f.evs)
		switch {
		case !f.s.Over:
			t.Errorf("capped %v: the game goes on", capped)
		case !capped && (f.s.Winner != german || !strings.Contains(f.s.Reason, "fewer vehicles lost")):
			t.Errorf("at the turn limit: winner %d (%s), want the Germans on fewer vehicles lost", f.s.Winner, f.s.Reason)
		case capped && (f.s.Winner != -1 || !strings.Contains(f.s.Reason, "turn cap")):
			t.Errorf("at the turn cap: winner %d (%s), want a draw at the cap", f.s.Winner, f.s.Reason)
		}
	}
}

// TestRetreatingVehicleInCollision: a retreating vehicle immobilized by
// another's errant roll is abandoned at once under revision 1, as one hit
// while retreating is (ruling P22); under revision 0 it stayed in action,
// immobilized.
func TestRetreatingVehicleInCollision(t *testing.T) {
	for _, rev := range []int{0, Revision} {
		f := newFixture(t, nil, 4,
			placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: 0, motion: Moving},
			placed{id: "pz2", typ: "panzer-iv-h", side: german, x: 31.3, y: 30, facing: 90, motion: Moving},
			placed{id: "m4", typ: "m4-76", side: us, x: 30, y: 20, facing: 90, motion: Stationary})
		f.s.Rev = rev
		f.unit("pz2").Retreat = true
		f.dice(9, 3, 8, 1) // hit, effect 6, immobilized, errant turn straight on
		f.do(Fire{Shots: []Shot{{"m4", "pz"}}})
		f.usedAll()
		pz2 := f.unit("pz2")
		if rev >= 1 {
			if !pz2.Out || pz2.Wrecked || !strings.Contains(f.log(), "abandoned: immobilized in a collision while retreating") {
				t.Errorf("revision %d: retreating pz2 out %v, wrecked %v; want abandoned\n%s", rev, pz2.Out, pz2.Wrecked, f.log())
			}
		} else if pz2.Out || !pz2.Immobile {
			t.Errorf("revision 0: retreating pz2 out %v, immobile %v; want immobilized, in action\n%s", pz2.Out, pz2.Immobile, f.log())
		}
		if !f.unit("pz").Immobile || f.unit("pz").Out {
			t.Errorf("revision %d: the vehicle hit should be immobilized and in action\n%s", rev, f.log())
		}
	}
}

// TestVeryLongGunFromTwentySix: a VL gun 26" from its target takes Table
// 2's +1 ("VL 26-60", ruling P7) under revision 1, not under revision 0.
func TestVeryLongGunFromTwentySix(t *testing.T) {
	for _, rev := range []int{0, Revision} {
		f := newFixture(t, nil, 4,
			placed{id: "pa", typ: "panther-g", side: german, x: 20, y: 24, facing: 0, motion: Stationary},
			placed{id: "m4", typ: "m4-76", side: us, x: 46.875, y: 24, facing: 180, motion: Stationary})
		f.s.Rev = rev
		q, d, err := f.s.shotCheck(0, f.s.box(0), 1, f.s.box(1))
		if err != nil || math.Abs(d-26) > 1e-9 {
			t.Fatalf("shot at %v\": %v; want about 26\"", d, err)
		}
		ms := f.s.ToHit(0, f.s.box(0), 1, f.s.box(1), q, 26, false)
		has := strings.Contains(ms.String(), "+1 gun VL at range")
		if has != (rev >= 1) {
			t.Errorf("revision %d: modifiers %s; VL +1 present %v", rev, ms, has)
		}
	}
}

// TestFirerOutOfActionLosesItsShot: a German shot stuns a moving M4,
// whose errant turn runs it into a retreating Panzer IV that has declared
// a shot of its own; the Panzer IV is abandoned (ruling P22) and, from
// revision 2, fires no more (ruling P29); under revision 1 it still fired.
func TestFirerOutOfActionLosesItsShot(t *testing.T) {
	for _, rev := range []int{1, Revision} {
		f := newFixture(t, nil, 2,
			placed{id: "a1", typ: "panzer-iv-h", side: german, x: 36, y: 21.2, facing: -90, motion: Moving},
			placed{id: "a2", typ: "panzer-iv-h", side: german, x: 36, y: 30, facing: -90, motion: Stopped},
			placed{id: "t", typ: "m4-75", side: us, x: 36, y: 20, facing: 90, motion: Moving},
			placed{id: "t2", typ: "m4-75", side: us, x: 35.5, y: 15, facing: 90, motion: Stationary},
			farEnemy)
		f.s.Rev = rev
		f.unit("a1").Retreat = true
		// a2 hits t (10), effect 6, a stun (1), errant turn straight on (1)
		// into a1; then, under revision 1, a1's shot at t2 rolls 10s.
		if rev >= 2 {
			f.dice(10, 6, 1, 1)
		} else {
			f.dice(10, 6, 1, 1, 10, 10)
		}
		f.do(Fire{Shots: []Shot{{Unit: "a2", Target: "t"}, {Unit: "a1", Target: "t2"}}})
		f.usedAll()
		if !f.unit("a1").Out {
			t.Fatalf("revision %d: a1 is not out of action after the collision\n%s", rev, f.log())
		}
		lost := strings.Contains(f.log(), "is out of action before its shot at t2: the shot is lost")
		if t2 := f.unit("t2"); rev >= 2 && (!lost || t2.Out || f.unit("a1").Shots != 0) {
			t.Errorf("revision %d: a1's shot should be lost (lost %v, t2 out %v, a1 shots %d)\n%s", rev, lost, t2.Out, f.unit("a1").Shots, f.log())
		} else if rev < 2 && (lost || !t2.Out) {
			t.Errorf("revision %d: a1 should still fire and wreck t2 (lost %v, t2 out %v)\n%s", rev, lost, t2.Out, f.log())
		}
	}
}
