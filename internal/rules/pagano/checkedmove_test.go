package pagano

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// TestCheckedMoveSameGame plays random games of every Pagano scenario
// and, at every decision that offers moves, applies each of up to six of
// them several ways: validated first (Apply takes the plan Validate
// kept), not validated (Apply plans it), validated and then followed by
// a variant or another move of the same vehicle validated (a refused one
// must leave the kept plan whole, a legal one replace it), and after only
// that other move was validated (Apply must not take its plan). All must
// leave the same state and the same events, and the path under way must
// not share the buffer the next plan is made in. It also checks that any
// other action drops the kept plan, and counts the plans taken.
func TestCheckedMoveSameGame(t *testing.T) {
	taken, others, refusedAfter := 0, 0, 0
	games := 2
	if testing.Short() {
		games = 1
	}
	var buf []engine.Action
	eachRandomPosition(t, games, 500, nil, func(where string, s *State, next engine.Action) {
		buf = s.Candidates(buf[:0])
		var moves []Move
		for _, c := range buf {
			if m, ok := c.(Move); ok && len(moves) < 6 {
				moves = append(moves, m)
			}
		}
		for i, m := range moves {
			apply := func(c *State, m Move) (uint64, engine.EventList) {
				var ev engine.EventList
				c.Apply(m, dice.NewPCG(7919), &ev)
				// The path under way is the state's own: no buffer the
				// next plan may be made in holds it.
				if c.Move != nil && (sameBuffer(c.Move.Path, c.checked.spare) || sameBuffer(c.Move.Path, c.checked.plan.path)) {
					t.Fatalf("%s: the path of %+v under way shares the buffer of the next plan", where, m)
				}
				return c.Hash(), ev
			}
			a := s.clone()
			if err := a.Validate(m); err != nil {
				continue // a candidate refused when validated: not a move to apply
			}
			if !a.checked.ok {
				t.Fatalf("%s: Validate kept no plan for %+v", where, m)
			}
			if a.clone().checked.ok {
				t.Fatalf("%s: a clone kept the plan (and its path) of its original", where)
			}
			taken++
			ha, ea := apply(a, m)
			hb, eb := apply(s.clone(), m)
			if ha != hb || !reflect.DeepEqual(ea, eb) {
				t.Fatalf("%s: %+v applied with the kept plan differs from it planned afresh", where, m)
			}
			// m applied after o was validated last must be m planned
			// afresh; afterValidating reports whether o was legal.
			// Validated after m, o must leave m's kept plan whole when it
			// is refused, and replace it when it is legal.
			afterValidating := func(o Move) bool {
				c := s.clone()
				c.Validate(m)
				legal := c.Validate(o) == nil
				if hc, ec := apply(c, m); hc != hb || !reflect.DeepEqual(ec, eb) {
					t.Fatalf("%s: %+v applied after %+v was validated (legal: %v) differs from it planned afresh", where, m, o, legal)
				}
				if !legal {
					refusedAfter++
					return false
				}
				c = s.clone()
				c.Validate(o)
				if hc, ec := apply(c, m); hc != hb || !reflect.DeepEqual(ec, eb) {
					t.Fatalf("%s: %+v applied after %+v was validated differs from it planned afresh", where, m, o)
				}
				others++
				return true
			}
			// The same move turned, its turret turned, or told to stop.
			f := 90.0
			if m.Facing != nil {
				f = *m.Facing + 90
			}
			variants := []Move{m, m, m}
			variants[0].Facing = &f
			variants[1].Turret = &f
			variants[2].Stop = !m.Stop
			for _, o := range variants {
				afterValidating(o)
			}
			// Another move of the same vehicle, if there is one.
			for j, o := range moves {
				if j != i && o.Unit == m.Unit && afterValidating(o) {
					break
				}
			}
			// The move's own points changed by its caller after it was
			// validated.
			if len(m.To) > 0 {
				moved := m
				moved.To = append([][2]float64(nil), m.To...)
				c := s.clone()
				if c.Validate(moved) == nil {
					moved.To[len(moved.To)-1][0] += 0.25
					if s.clone().Validate(moved) == nil {
						hc, ec := apply(c, moved)
						if hf, ef := apply(s.clone(), moved); hc != hf || !reflect.DeepEqual(ec, ef) {
							t.Fatalf("%s: a move whose points its caller changed after validating it took the old plan", where)
						}
						others++
					}
				}
			}
		}
		// Any other action drops the kept plan.
		if _, isMove := next.(Move); !isMove && len(moves) > 0 {
			c := s.clone()
			if c.Validate(moves[0]) == nil {
				c.Apply(next, dice.NewPCG(1), engine.Discard)
				if c.checked.ok {
					t.Fatalf("%s: a %s kept the plan of a move validated before it", where, next.Kind())
				}
			}
		}
	})
	t.Logf("%d moves applied with the kept plan, %d after another move was validated, %d after another was refused", taken, others, refusedAfter)
	if taken == 0 || others == 0 || refusedAfter == 0 {
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
