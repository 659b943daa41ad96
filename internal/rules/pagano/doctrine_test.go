package pagano

import (
	"context"
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/sim"
	"github.com/sandtable/sandtable/internal/table"
)

var (
	_ engine.Doctrine  = (*State)(nil)
	_ engine.Evaluator = (*State)(nil)
)

// Pagano's basic rules hide nothing: the state needs no determinizing.
func TestNoHiddenInformation(t *testing.T) {
	var st engine.State = &State{}
	if _, ok := st.(engine.Determinizer); ok {
		t.Error("State implements engine.Determinizer, but the basic rules have no hidden information")
	}
}

// TestDoctrineGames plays the doctrine against random agents on every
// scenario: every doctrine choice must be legal, the invariants hold after
// every action and the evaluation stays within [-1, 1].
func TestDoctrineGames(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, sc := range paganoScenarios(t) {
		t.Run(sc.ID, func(t *testing.T) {
			t.Parallel()
			for g := 0; g < games; g++ {
				seed := uint64(g + 1)
				doc := g % 2
				st, err := Rules{}.New(sc)
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				src := dice.NewPCG(seed)
				rnd := agent.NewRandom(seed)
				for n := 0; !s.Over; n++ {
					var a engine.Action
					if s.Pending().Side == doc {
						a = s.Doctrine()
					} else {
						a = rnd.Choose(s)
					}
					if err := s.Validate(a); err != nil {
						t.Fatalf("seed %d action %d: %T %+v is illegal: %v", seed, n, a, a, err)
					}
					s.Apply(a, src, engine.Discard)
					if err := invariant(s); err != nil {
						t.Fatalf("seed %d action %d: %v", seed, n, err)
					}
					for side := 0; side < 2; side++ {
						if v := s.Evaluate(side); !(v >= -1 && v <= 1) {
							t.Fatalf("seed %d action %d: Evaluate(%d) = %v", seed, n, side, v)
						}
					}
					if n > 40000 {
						t.Fatalf("seed %d: not over", seed)
					}
				}
				if v := s.Evaluate(s.Winner); s.Winner >= 0 && v != 1 {
					t.Errorf("seed %d: Evaluate(winner) = %v at the end, want 1", seed, v)
				}
			}
		})
	}
}

// The doctrine holds a vehicle that has a good shot from a hull-down
// position still (stationary, to fire at +2, and hard to hit), its gun on
// the target, and fires at it.
func TestDoctrineHoldsAndFires(t *testing.T) {
	// The Panzer IV is 3/4" in from the edge (x=29) of a level-1 hill,
	// hull-down to the M4 in the open 9" below.
	f := newFixture(t, []table.Feature{hill(1, 29, 0, 72, 48)}, 3,
		placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 30.15, y: 20, facing: 180, motion: Stationary},
		placed{id: "m4", typ: "m4-75", side: us, x: 20, y: 20, facing: 0, motion: Stopped},
	)
	a := f.s.Doctrine()
	h, ok := a.(Hold)
	if !ok || h.Unit != "pz4" || h.Turret == nil || math.Abs(math.Abs(*h.Turret)-180) > 1 {
		t.Fatalf("doctrine in the movement phase = %+v, want pz4 to hold, turret on the M4", a)
	}
	f.s.Phase, f.s.Serial = 5, 5
	fire, ok := f.s.Doctrine().(Fire)
	if !ok || len(fire.Shots) != 1 || fire.Shots[0] != (Shot{Unit: "pz4", Target: "m4"}) {
		t.Errorf("doctrine in the fire phase = %+v, want pz4 to fire at m4", f.s.Doctrine())
	}
}

// Next to an M4 the doctrine swings round it: it ends out of the M4's
// gun arc (the M4 cannot turn before its next fire phases), with a shot
// at its side or rear.
func TestDoctrineFlanksACloseEnemy(t *testing.T) {
	f := newFixture(t, nil, 3,
		placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Stationary},
		placed{id: "m4", typ: "m4-75", side: us, x: 30, y: 26, facing: 90, motion: Stopped},
	)
	a := f.s.Doctrine()
	m, ok := a.(Move)
	if !ok || m.Unit != "pz4" || !m.Stop {
		t.Fatalf("doctrine = %+v, want pz4 to move and stop", a)
	}
	f.do(m)
	s := f.s
	pz, m4 := f.idx("pz4"), f.idx("m4")
	if s.inGunArc(m4, s.box(m4), s.Units[pz].Pos) {
		t.Errorf("pz4 ends at %v, in the M4's arc", s.Units[pz].Pos)
	}
	if fc := s.box(m4).HitFacing(s.Units[pz].Pos); fc == geom.Front {
		t.Errorf("pz4 ends at %v, facing the M4's front", s.Units[pz].Pos)
	}
	if _, _, err := s.shotCheck(pz, s.box(pz), m4, s.box(m4)); err != nil {
		t.Errorf("pz4 at %v has no shot at the M4: %v", s.Units[pz].Pos, err)
	}
}

// TestDoctrineBeatsRandom plays the doctrine against the random agent on
// every scenario, sides swapped every other game, and wants it to win
// nearly every game: a regression guard for the doctrine's strength. The
// measured rates over 400 games are in docs/rulings/pagano.md (Agents).
func TestDoctrineBeatsRandom(t *testing.T) {
	games, want := 40, 0.85
	if testing.Short() {
		games = 8
	}
	for _, sc := range paganoScenarios(t) {
		t.Run(sc.ID, func(t *testing.T) {
			t.Parallel()
			r, err := sim.Run(context.Background(), sim.Config{Rules: Rules{}, Scenario: sc, Games: games,
				Agents: [2]string{"scripted", "random"}, Swap: true, Workers: 1, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Errors) > 0 {
				t.Fatalf("failed games: %v", r.Errors)
			}
			won := 0
			for _, g := range r.Games {
				if g.WinnerAgent == "scripted" {
					won++
				}
			}
			if rate := float64(won) / float64(games); rate < want && !testing.Short() || testing.Short() && won < games-2 {
				t.Errorf("scripted won %d of %d games against random, want at least %.0f%%", won, games, 100*want)
			}
		})
	}
}

func TestEvaluateMaterial(t *testing.T) {
	f := newFixture(t, nil, 3,
		placed{id: "pz4", typ: "panzer-iv-h", side: german, x: 30, y: 30, facing: -90, motion: Stationary},
		placed{id: "m4", typ: "m4-75", side: us, x: 30, y: 20, facing: 90, motion: Stationary},
		placed{id: "m4b", typ: "m4-75", side: us, x: 40, y: 20, facing: 90, motion: Stationary},
	)
	before := f.s.Evaluate(german)
	f.unit("m4").Out = true
	if after := f.s.Evaluate(german); after <= before {
		t.Errorf("Evaluate(german) %v after an M4 is knocked out, %v before: want it higher", after, before)
	}
	if a, b := f.s.Evaluate(german), f.s.Evaluate(us); math.Abs(a+b) > 1e-9 {
		t.Errorf("Evaluate is not zero-sum: %v and %v", a, b)
	}
}

func TestShotOdds(t *testing.T) {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	st := func(id string) *UnitStats {
		ut, err := cat.UnitType(Name, id)
		if err != nil {
			t.Fatal(err)
		}
		return ut.Stats.(*UnitStats)
	}
	t34, tiger := st("t-34-85"), st("tiger-i")
	o, err := ShotOdds(Situation{Firer: t34, Target: tiger, FirerNation: "ussr", Range: 10, Facing: geom.Side, FirerMotion: Stopped, TargetMotion: Stopped}, false)
	if err != nil {
		t.Fatal(err)
	}
	// The text's example: net +1 for effect, so 6+ on the d10 wrecks.
	if o.GivenHit != (Effects{Deflected: 0.4, Stunned: 0.05, Immobilized: 0.05, Wrecked: 0.5}) || o.Hit != 0.4 {
		t.Errorf("T-34-85 at a Tiger's side at 10\": %+v", o)
	}
	for m := -12; m <= 12; m++ {
		e := EffectChances(m)
		if sum := e.Deflected + e.Stunned + e.Immobilized + e.Wrecked; math.Abs(sum-1) > 1e-12 {
			t.Errorf("EffectChances(%d) sums to %v", m, sum)
		}
		if e.Wrecked != KillChance(m) {
			t.Errorf("EffectChances(%d).Wrecked = %v, KillChance %v", m, e.Wrecked, KillChance(m))
		}
	}
	if _, err := ShotOdds(Situation{Firer: t34, Target: tiger, Range: 84}, false); err == nil {
		t.Error("a shot at 84\" has odds; Table 2 ends under 84\"")
	}
	o, _ = ShotOdds(Situation{Firer: t34, Target: tiger, Range: 5}, true)
	if o.GivenHit.Wrecked != 1 || o.Wrecked != o.Hit {
		t.Errorf("unarmoured target: %+v, want wrecked by any hit", o)
	}
}
