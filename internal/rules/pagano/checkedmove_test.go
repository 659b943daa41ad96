package pagano

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// TestCheckedMoveSameGame plays random games of every Pagano scenario
// and, at every decision that offers moves, applies each of up to six of
// them three ways: validated first (Apply takes the plan Validate kept),
// not validated (Apply plans it), and after another move of the same
// vehicle was validated (Apply must not take that one's plan). The three
// must leave the same state and the same events. It also checks that any
// other action drops the kept plan, and counts the plans taken.
func TestCheckedMoveSameGame(t *testing.T) {
	taken, others := 0, 0
	games := uint64(2)
	if testing.Short() {
		games = 1
	}
	var buf []engine.Action
	for _, sc := range paganoScenarios(t) {
		for seed := uint64(1); seed <= games; seed++ {
			st, err := Rules{}.New(sc)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			src := dice.NewPCG(seed)
			agents := []agent.Agent{agent.NewRandom(seed*2 + 1), agent.NewRandom(seed*2 + 2)}
			for n := 0; !s.Over && n < 500; n++ {
				buf = s.Candidates(buf[:0])
				var moves []Move
				for _, c := range buf {
					if m, ok := c.(Move); ok && len(moves) < 6 {
						moves = append(moves, m)
					}
				}
				for i, m := range moves {
					apply := func(c *State) (uint64, engine.EventList) {
						var ev engine.EventList
						c.Apply(m, dice.NewPCG(seed*7919+uint64(n)), &ev)
						return c.Hash(), ev
					}
					a := s.clone()
					if err := a.Validate(m); err != nil {
						continue // a candidate refused when validated: not a move to apply
					}
					if !a.checked.ok {
						t.Fatalf("%s seed %d action %d: Validate kept no plan for %+v", sc.ID, seed, n, m)
					}
					if a.clone().checked.ok {
						t.Fatalf("%s seed %d action %d: a clone kept the plan (and its path) of its original", sc.ID, seed, n)
					}
					taken++
					ha, ea := apply(a)
					hb, eb := apply(s.clone())
					if ha != hb || !reflect.DeepEqual(ea, eb) {
						t.Fatalf("%s seed %d action %d: %+v applied with the kept plan differs from it planned afresh", sc.ID, seed, n, m)
					}
					// The same move turned, its turret turned, or told to
					// stop, validated last; and the move's own points
					// changed by its caller after it was validated.
					f := 90.0
					if m.Facing != nil {
						f = *m.Facing + 90
					}
					variants := []Move{m, m, m}
					variants[0].Facing = &f
					variants[1].Turret = &f
					variants[2].Stop = !m.Stop
					for _, o := range variants {
						c := s.clone()
						if c.Validate(o) != nil {
							continue
						}
						if hc, ec := apply(c); hc != hb || !reflect.DeepEqual(ec, eb) {
							t.Fatalf("%s seed %d action %d: %+v applied after %+v was validated differs from it planned afresh", sc.ID, seed, n, m, o)
						}
						others++
					}
					if len(m.To) > 0 {
						moved := m
						moved.To = append([][2]float64(nil), m.To...)
						c := s.clone()
						if c.Validate(moved) == nil {
							moved.To[len(moved.To)-1][0] += 0.25
							if s.clone().Validate(moved) == nil {
								var ec, ef engine.EventList
								c.Apply(moved, dice.NewPCG(1), &ec)
								fresh := s.clone()
								fresh.Apply(moved, dice.NewPCG(1), &ef)
								if c.Hash() != fresh.Hash() || !reflect.DeepEqual(ec, ef) {
									t.Fatalf("%s seed %d action %d: a move whose points its caller changed after validating it took the old plan", sc.ID, seed, n)
								}
								others++
							}
						}
					}
					// Another move validated last, of the same vehicle if
					// there is one.
					for j, o := range moves {
						if j == i || o.Unit != m.Unit {
							continue
						}
						c := s.clone()
						if c.Validate(o) != nil {
							continue
						}
						if hc, ec := apply(c); hc != hb || !reflect.DeepEqual(ec, eb) {
							t.Fatalf("%s seed %d action %d: %+v applied after %+v was validated differs from it planned afresh", sc.ID, seed, n, m, o)
						}
						others++
						break
					}
				}
				a := agents[s.Pending().Side].Choose(s)
				if len(moves) > 0 {
					if err := s.Validate(moves[0]); err == nil {
						if _, isMove := a.(Move); !isMove {
							s.Apply(a, src, engine.Discard)
							if s.checked.ok {
								t.Fatalf("%s seed %d action %d: a %s kept the plan of a move validated before it", sc.ID, seed, n, a.Kind())
							}
							continue
						}
					}
				}
				s.Apply(a, src, engine.Discard)
			}
		}
	}
	t.Logf("%d moves applied with the kept plan, %d after another move was validated", taken, others)
	if taken == 0 || others == 0 {
		t.Fatal("no kept plan taken, or none passed over: the test proves too little")
	}
}

// TestCheckedMoveKnowsEveryField fails when Move gains a field: take
// compares each of them, and a new one must be compared too.
func TestCheckedMoveKnowsEveryField(t *testing.T) {
	var names []string
	for f := range reflect.TypeFor[Move]().Fields() {
		names = append(names, f.Name)
	}
	if want := []string{"Unit", "To", "Stop", "Facing", "Turret"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("Move's fields are %v; checkedMove.take compares %v: compare the new ones too", names, want)
	}
}
