package pagano

// Worked examples of the text (Pagano, MWAN #101), each reproduced with
// scripted dice and named after the example.

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// Hit Effect: "A T-34-85 hits a Tiger I on its side facing at a range of
// 10", and rolls a 6 for effect. The modifiers are +1 for range (6-14"),
// +1 for weapon size (85mm), +1 for weapon type (L), and -2 for the
// Tiger's side modifier. This adds up to a net +1, which added to the 6
// makes a 7; the Tiger is taken out of action."
func TestExampleT3485HitsTigerOnTheSide(t *testing.T) {
	// The Tiger faces north; the T-34-85 is due east of it, 10" from its
	// side (Tiger width 0.5", T-34 length 0.85").
	f := newFixture(t, nil, 4,
		placed{id: "tiger", typ: "tiger-i", side: german, x: 30, y: 20, facing: 90, motion: Stopped},
		placed{id: "t34", typ: "t-34-85", side: us, x: 30 + 0.25 + 10 + 0.425, y: 20, facing: 180, motion: Stopped},
	)
	s := f.s
	ti, ri := f.idx("t34"), f.idx("tiger")
	em, facing := s.Effect(ti, s.box(ti), ri, s.box(ri), s.box(ti).Distance(s.box(ri)))
	if facing != geom.Side {
		t.Fatalf("facing %v, want side", facing)
	}
	want := Mods{{"range 10.0\"", 1}, {"85mm gun", 1}, {"weapon type L", 1}, {"side armour", -2}}
	if em.String() != want.String() || em.Sum() != 1 {
		t.Errorf("effect modifiers %v (net %+d), want %v (net +1)", em, em.Sum(), want)
	}
	// To hit: range 10" 0, Russian vehicle −1: a roll of 8 hits. Then
	// the 6 for effect.
	f.dice(8, 6)
	f.do(Fire{Shots: []Shot{{Unit: "t34", Target: "tiger"}}})
	f.usedAll()
	if !f.unit("tiger").Out || !f.unit("tiger").Puff {
		t.Errorf("the Tiger is not taken out of action:\n%s", f.log())
	}
	if !strings.Contains(f.log(), "= 7: wrecked") {
		t.Errorf("log lacks the effect total of 7:\n%s", f.log())
	}
}

// Movement: "it costs 2/3 point to move 1" on the road, which would allow
// the Pz IV to move 9" on the road (1 1/2" for every point expended)."
func TestExamplePanzerIVMovesNineInchesOnTheRoad(t *testing.T) {
	road := []table.Feature{line(table.KindRoad, 2, 20, 70, 20)}
	f := newFixture(t, road, 3, placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 10, y: 20, motion: Moving}, farEnemy)
	f.reject(Move{Unit: "pz4", To: [][2]float64{{19.2, 20}}}, "costs 6.13 movement points; it has 6.00")
	f.do(Move{Unit: "pz4", To: [][2]float64{{19, 20}}})
	if u := f.unit("pz4"); !near(u.Pos.X, 19) || u.Motion != Moving {
		t.Errorf("Panzer IV at %v %v, want (19,20) moving", u.Pos, u.Motion)
	}
	// Off the road it moves 6" on clear ground; from a halt it must first
	// pay to start moving (ruling P4: 1 point).
	f = newFixture(t, nil, 3, placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 10, y: 20, motion: Stationary}, farEnemy)
	f.reject(Move{Unit: "pz4", To: [][2]float64{{16, 20}}}, "after 1 to start moving")
	f.do(Move{Unit: "pz4", To: [][2]float64{{15, 20}}, Stop: true})
	if u := f.unit("pz4"); u.Motion != Stopped {
		t.Errorf("Panzer IV %v, want stopped", u.Motion)
	}
}

// To-Hit: "The range modifier for a target between 4 and 8 inches, for
// example, is +1." A natural 1 always misses.
func TestExampleRangeFourToEightInches(t *testing.T) {
	for _, tc := range []struct {
		d    float64
		want int
	}{{3.9, 2}, {4, 1}, {6, 1}, {7.99, 1}, {8, 0}, {11.9, 0}, {12, -1}, {83.9, -7}} {
		if got, ok := HitRangeMod(tc.d); !ok || got != tc.want {
			t.Errorf("HitRangeMod(%v) = %d, %v; want %d", tc.d, got, ok, tc.want)
		}
	}
	if _, ok := HitRangeMod(84); ok {
		t.Errorf("84\" is within Table 2, want out of range")
	}
	if got := HitChance(+9); got != 0.9 {
		t.Errorf("HitChance(+9) = %v, want 0.9: a natural 1 always misses", got)
	}
	if got := HitChance(0); got != 0.5 {
		t.Errorf("HitChance(0) = %v, want 0.5 (the base 50%%)", got)
	}
}

// Firing: "if five German units are firing upon two Russian units, the
// German may decide to fire three at one target and two at the other. If
// the first firer of the group of three knocks out the target, the others
// are considered to have fired at it as well."
func TestExampleFiveGermansFireAtTwoRussians(t *testing.T) {
	var us_ []placed
	for i, id := range []string{"g1", "g2", "g3", "g4", "g5"} {
		us_ = append(us_, placed{id: id, typ: "panzer-iv-h", side: german, x: 20 + 3*float64(i), y: 30, facing: -90, motion: Stopped})
	}
	us_ = append(us_,
		placed{id: "r1", typ: "t-34-85", side: us, x: 24, y: 20, facing: 90, motion: Stopped},
		placed{id: "r2", typ: "t-34-85", side: us, x: 30, y: 20, facing: 90, motion: Stopped})
	f := newFixture(t, nil, 2, us_...)
	// g1 hits r1 (9) and wrecks it (10); g2 and g3 fire at it too, without
	// rolling. g4 misses r2 (2), g5 rolls a natural 1.
	f.dice(9, 10, 2, 1)
	f.do(Fire{Shots: []Shot{{"g1", "r1"}, {"g2", "r1"}, {"g3", "r1"}, {"g4", "r2"}, {"g5", "r2"}}})
	f.usedAll()
	if !f.unit("r1").Out || f.unit("r2").Out {
		t.Errorf("r1 out %v, r2 out %v; want only r1 out\n%s", f.unit("r1").Out, f.unit("r2").Out, f.log())
	}
	for _, id := range []string{"g1", "g2", "g3", "g4", "g5"} {
		if u := f.unit(id); u.Shots != 1 {
			t.Errorf("%s has %d shot markers, want 1", id, u.Shots)
		}
	}
	if strings.Count(f.log(), "already out of action") != 2 {
		t.Errorf("want g2 and g3 to have fired at the wreck:\n%s", f.log())
	}
}

// Hit Effect: "If the result is a 6, the vehicle is either stunned or
// immobilized. To determine which, roll another d10 and if the result is a
// 1-5 the vehicle is stunned, otherwise it is immobilized."
func TestExampleSixStunsOrImmobilizes(t *testing.T) {
	for _, tc := range []struct {
		sub          int
		stun, immobl bool
	}{{5, true, false}, {6, false, true}} {
		f := newFixture(t, nil, 2,
			placed{id: "pz", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Stopped},
			placed{id: "m4", typ: "m4-75", side: us, x: 30, y: 20, facing: 90, motion: Stopped})
		// 9.2": to hit 0 -1 (range 8-12 is 0; 9.2" hull to hull) ; effect
		// +1 range, 0 size, +1 L, -2 front = 0: roll 6.
		f.dice(7, 6, tc.sub)
		f.do(Fire{Shots: []Shot{{"pz", "m4"}}})
		f.usedAll()
		if u := f.unit("m4"); u.Stunned != tc.stun || u.Immobile != tc.immobl {
			t.Errorf("second die %d: stunned %v immobilized %v\n%s", tc.sub, u.Stunned, u.Immobile, f.log())
		}
	}
}
