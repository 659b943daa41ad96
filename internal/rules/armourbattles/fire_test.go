package armourbattles

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
)

// referenceVisibleEnemies is the plain rule, worked out afresh and
// independently of visibleEnemiesWithin: every enemy in u's fire arc that u
// sees, nearest first, equal distances in unit order.
func referenceVisibleEnemies(s *State, u int) []int {
	fb := s.box(u)
	var vis []int
	for _, e := range s.enemiesOf(s.Units[u].Side) {
		if s.fireArcOK(u, fb, s.Units[e].Pos) && s.lineOfSight(u, fb, e, s.box(e)) {
			vis = append(vis, e)
		}
	}
	slices.SortStableFunc(vis, func(a, b int) int {
		return cmp.Compare(fb.Distance(s.box(a)), fb.Distance(s.box(b)))
	})
	return vis
}

// TestVisibleEnemiesWithinIsPrefix checks the shortcut the fire candidates
// and fire validation take: asking only about enemies within reach gives
// exactly the visible enemies within reach, in the same order, as asking
// about all of them, worked out by the plain rule (referenceVisibleEnemies).
// It looks at every unit after every action of seeded
// random Battle 1 games, with reach its long range and the distance to each
// enemy in turn.
func TestVisibleEnemiesWithinIsPrefix(t *testing.T) {
	games, checked, cut := 15, 0, 0
	if testing.Short() {
		games = 5
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playRandom(t, seed, func(s *State, _ engine.Action) error {
			for u := range s.Units {
				if !s.Units[u].Active() {
					continue
				}
				all := referenceVisibleEnemies(s, u)
				reaches := []float64{}
				if st := s.stats(u); len(st.Range) == 3 {
					reaches = append(reaches, float64(st.Range[2]))
				}
				for _, e := range s.enemiesOf(s.Units[u].Side) {
					reaches = append(reaches, s.box(u).Distance(s.box(e)))
				}
				for _, r := range reaches {
					var want []int
					for _, e := range all {
						if s.box(u).Distance(s.box(e)) <= r {
							want = append(want, e)
						}
					}
					var got []int
					for _, v := range s.visibleEnemiesWithin(nil, s.sightFrom(s.Units[u].Side), u, r) {
						if d := s.box(u).Distance(s.box(v.unit)); v.dist != d {
							return fmt.Errorf("%s: distance to %s given as %v, is %v", s.Units[u].ID, s.Units[v.unit].ID, v.dist, d)
						}
						got = append(got, v.unit)
					}
					if !slices.Equal(got, want) {
						return fmt.Errorf("%s within %.3f\": got %v, want %v (all visible %v)", s.Units[u].ID, r, got, want, all)
					}
					checked++
					if len(want) < len(all) {
						cut++
					}
				}
			}
			return nil
		})
	}
	if cut == 0 {
		t.Fatalf("no visible enemy was ever beyond reach in %d checks: the test proves nothing", checked)
	}
	t.Logf("%d checks, %d with visible enemies beyond reach", checked, cut)
}

// TestFireableWithinAllowsTheSameTargets checks the fire candidates'
// shortcut: the targets firstInPriority allows on fireableWithin's list
// (cut short where priority stops) are those it allows on the plain rule's
// full list, in the same order. It looks at every unit after every action
// of seeded random Battle 1 games, with the group having fired at none,
// each leading run, and every other one of the enemies it sees.
func TestFireableWithinAllowsTheSameTargets(t *testing.T) {
	games, checked, cut := 15, 0, 0
	if testing.Short() {
		games = 5
	}
	allowed := func(vis []sighted, firedAt []int) []int {
		var out []int
		for i, v := range vis {
			if firstInPriority(vis, i, firedAt) {
				out = append(out, v.unit)
			}
		}
		return out
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playRandom(t, seed, func(s *State, _ engine.Action) error {
			for u := range s.Units {
				st := s.stats(u)
				if !s.Units[u].Active() || len(st.Range) != 3 {
					continue
				}
				reach := float64(st.Range[2])
				var full []sighted
				for _, e := range referenceVisibleEnemies(s, u) {
					if d := s.box(u).Distance(s.box(e)); d <= reach {
						full = append(full, sighted{e, d})
					}
				}
				firedAts := [][]int{nil}
				var alternate []int
				for i, v := range full {
					firedAts = append(firedAts, units(full[:i+1]))
					if i%2 == 0 {
						alternate = append(alternate, v.unit)
					}
				}
				firedAts = append(firedAts, alternate)
				for _, fa := range firedAts {
					got := s.fireableWithin(nil, s.sightFrom(s.Units[u].Side), u, reach, fa)
					for _, v := range got {
						if d := s.box(u).Distance(s.box(v.unit)); v.dist != d {
							return fmt.Errorf("%s: distance to %s given as %v, is %v", s.Units[u].ID, s.Units[v.unit].ID, v.dist, d)
						}
					}
					if g, w := allowed(got, fa), allowed(full, fa); !slices.Equal(g, w) {
						return fmt.Errorf("%s, fired at %v: allows %v, want %v (visible %v)", s.Units[u].ID, fa, g, w, units(full))
					}
					checked++
					if len(got) < len(full) {
						cut++
					}
				}
			}
			return nil
		})
	}
	if cut == 0 {
		t.Fatalf("no list was ever cut short in %d checks: the test proves nothing", checked)
	}
	t.Logf("%d checks, %d cut short", checked, cut)
}

// units returns the units of vis.
func units(vis []sighted) []int {
	out := make([]int, len(vis))
	for i, v := range vis {
		out[i] = v.unit
	}
	return out
}

// TestFireBeforeADoubleMoveTakesThePenalty: a unit that fires before its
// group makes a double move fires at -1D, since it may still move; one that
// stays put while the group moves fires with full dice (ruling R3).
func TestFireBeforeADoubleMoveTakesThePenalty(t *testing.T) {
	f := newFixture(t, nil, german, 2,
		placed{"de-1", "panzer-iv-h", german, 36, 30, -90},
		placed{"de-2", "panzer-iv-h", german, 40, 30, -90},
		placed{"us-1", "m4-75", us, 36, 15, 90})
	f.s.Sides[us].Staff = 0
	f.do(Activate{Order: OrderMoveFire, Leader: "de-1", Members: []string{"de-2"}, Dice: 2})
	f.do(Fire{Unit: "de-1", Target: "us-1"})
	if d := f.s.Shots[len(f.s.Shots)-1].Dice.AttackDice; d != 7 {
		t.Errorf("fired before the double move with %dD, want 7D (8D -1D)", d)
	}
	f.s.Act.MoveDone = true // the group has moved; de-2 stayed put
	if got := f.s.movesFor(f.s.unitIndex("de-2")); got != 0 {
		t.Errorf("a unit that stayed put while its group moved counts %d moves, want 0", got)
	}
}
