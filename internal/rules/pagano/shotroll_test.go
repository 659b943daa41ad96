package pagano

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
)

func shotRollStats(t *testing.T) func(id string) *UnitStats {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return func(id string) *UnitStats {
		ut, err := cat.UnitType(Name, id)
		if err != nil {
			t.Fatal(err)
		}
		return ut.Stats.(*UnitStats)
	}
}

// TestRollShotAgreesWithShotOdds: the table-side roll, fed every way the
// d10s can fall, comes to ShotOdds' exact chances of each result.
func TestRollShotAgreesWithShotOdds(t *testing.T) {
	st := shotRollStats(t)
	t34, tiger, stuart := st("t-34-85"), st("tiger-i"), st("m5")
	for _, c := range []struct {
		sit        Situation
		unarmoured bool
	}{
		{Situation{Firer: t34, Target: tiger, FirerNation: "ussr", Range: 10, Facing: geom.Side, FirerMotion: Stopped, TargetMotion: Stopped}, false},
		{Situation{Firer: t34, Target: tiger, FirerNation: "ussr", Range: 30, Facing: geom.Front, FirerMotion: Moving, TargetMotion: Moving, Woods: true}, false},
		{Situation{Firer: tiger, Target: stuart, FirerNation: "germany", Range: 5, Facing: geom.Rear, FirerMotion: Stopped, TargetMotion: Stationary}, false},
		{Situation{Firer: tiger, Target: t34, FirerNation: "germany", Range: 20, Facing: geom.Front, FirerMotion: Stationary, TargetMotion: Stopped, HullDown: true, Hedge: true}, false},
		{Situation{Firer: tiger, Target: stuart, FirerNation: "germany", Range: 12, Facing: geom.Side, FirerMotion: Stopped, TargetMotion: Moving}, true},
	} {
		want, err := ShotOdds(c.sit, c.unarmoured)
		if err != nil {
			t.Fatal(err)
		}
		var got Effects
		hit := 0.0
		for a := 1; a <= 10; a++ {
			for b := 1; b <= 10; b++ {
				for d := 1; d <= 10; d++ {
					src := dice.NewScripted(a, b, d, 1)
					r := RollShot(c.sit, c.unarmoured, src)
					w := 1.0 / 1000
					if r.Hit {
						hit += w
					}
					switch r.Result {
					case EffectDeflected:
						got.Deflected += w
					case EffectStunned:
						got.Stunned += w
					case EffectImmobilized:
						got.Immobilized += w
					case EffectWrecked:
						got.Wrecked += w
					case "missed":
					default:
						t.Fatalf("result %q", r.Result)
					}
				}
			}
		}
		for _, p := range []struct {
			what      string
			got, want float64
		}{{"hit", hit, want.Hit}, {"deflected", got.Deflected, want.Deflected}, {"stunned", got.Stunned, want.Stunned},
			{"immobilized", got.Immobilized, want.Immobilized}, {"wrecked", got.Wrecked, want.Wrecked}} {
			if math.Abs(p.got-p.want) > 1e-12 {
				t.Errorf("%+v: rolled %s %v, ShotOdds %v", c.sit, p.what, p.got, p.want)
			}
		}
	}
}

// TestRollShot: scripted d10s, read in the game's order.
func TestRollShot(t *testing.T) {
	st := shotRollStats(t)
	side := Situation{Firer: st("t-34-85"), Target: st("tiger-i"), FirerNation: "ussr", Range: 10, Facing: geom.Side, FirerMotion: Stopped, TargetMotion: Stopped}
	moving := side
	moving.TargetMotion = Moving
	for _, c := range []struct {
		what       string
		sit        Situation
		unarmoured bool
		faces      []int
		want       ShotRoll
	}{
		{"a 1 misses", side, false, []int{1}, ShotRoll{HitRoll: 1, HitTotal: 0, Result: "missed", Outcome: "the shot misses (a 1 always misses)"}},
		{"a 3 misses at -1", side, false, []int{3}, ShotRoll{HitRoll: 3, HitTotal: 2, Result: "missed", Outcome: "the shot misses (3, -1 = 2)"}},
		{"a 6 on the effect, then a stun", moving, false, []int{10, 5, 3, 9}, ShotRoll{HitRoll: 10, HitTotal: 7, Hit: true, EffectRoll: 5, EffectTotal: 6, SubRoll: 3,
			Result: EffectStunned, ErrantRoll: 9, ErrantTurn: 90,
			Outcome: "a hit (10, -3 = 7); effect 5, +1 = 6: stunned; the moving target halts with an errant turn (9: 90° left)"}},
		{"a 6 then an immobilization, target stopped", side, false, []int{10, 5, 6}, ShotRoll{HitRoll: 10, HitTotal: 9, Hit: true, EffectRoll: 5, EffectTotal: 6, SubRoll: 6,
			Result: EffectImmobilized, Outcome: "a hit (10, -1 = 9); effect 5, +1 = 6: immobilized"}},
		{"wrecked", side, false, []int{10, 9}, ShotRoll{HitRoll: 10, HitTotal: 9, Hit: true, EffectRoll: 9, EffectTotal: 10, Result: EffectWrecked,
			Outcome: "a hit (10, -1 = 9); effect 9, +1 = 10: wrecked"}},
		{"an unarmoured target hit", side, true, []int{10}, ShotRoll{HitRoll: 10, HitTotal: 9, Hit: true, Result: EffectWrecked,
			Outcome: "a hit wrecks the unarmoured target"}},
	} {
		src := dice.NewScripted(c.faces...)
		got := RollShot(c.sit, c.unarmoured, src)
		if got != c.want || src.Remaining() != 0 {
			t.Errorf("%s: %+v (%d dice unread); want %+v", c.what, got, src.Remaining(), c.want)
		}
	}
}

// TestShotRollJSONKeepsAZeroEffectTotal: a Fire Effect rolled whose total
// comes to 0 still says so in JSON (the calculator prints the total), and
// so does a miss.
func TestShotRollJSONKeepsAZeroEffectTotal(t *testing.T) {
	st := shotRollStats(t)
	sit := Situation{Firer: st("m5"), Target: st("tiger-i"), FirerNation: "usa", Range: 5, Facing: geom.Side, FirerMotion: Stopped, TargetMotion: Stopped}
	found := false
	for a := 1; a <= 10 && !found; a++ {
		for b := 1; b <= 10 && !found; b++ {
			r := RollShot(sit, false, dice.NewScripted(a, b, 1, 1))
			if r.EffectRoll == 0 || r.EffectTotal != 0 {
				continue
			}
			found = true
			js, err := json.Marshal(r)
			if err != nil || !strings.Contains(string(js), `"effect_total":0`) {
				t.Errorf("a Fire Effect totalling 0: %s (%v); want effect_total 0 said", js, err)
			}
		}
	}
	if !found {
		t.Fatal("no roll of an M5 on a Tiger's side at 5 inches has a Fire Effect totalling 0")
	}
}
