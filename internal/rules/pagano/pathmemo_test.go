package pagano

import (
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

// TestPathMemo checks the memo's path costs and reaches against those
// worked out afresh, for the path of every move chosen in random games
// of each Pagano scenario and for paths with one end moved (along x or
// y, by 3"), each asked twice (the second answer from the memo), with
// the vehicle's budget and with half of it. Each change of the path, and
// of the budget, must alter some answer, or the test could not tell
// whether the key holds it; and for a few paths a second budget filed in
// the vehicle's budget's slot must get its own reach.
func TestPathMemo(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	type change struct {
		name string
		do   func(path []geom.Point)
	}
	changes := []change{
		{"start x", func(p []geom.Point) { p[0].X += 3 }},
		{"start y", func(p []geom.Point) { p[0].Y += 3 }},
		{"end x", func(p []geom.Point) { p[1].X += 3 }},
		{"end y", func(p []geom.Point) { p[1].Y += 3 }},
	}
	alteredCost, alteredReach := make([]int, len(changes)), make([]int, len(changes))
	halfAltered, asked, found, collided := 0, 0, 0, 0
	eachRandomMove(t, games, func(where string, s *State, memo *any, mv Move) {
		p, err := s.clone().planMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if len(p.path) != 2 {
			return
		}
		c := s.clone()
		c.WithMemo(memo)
		budget := s.budget(p.unit)
		check := func(path []geom.Point) (cost float64, bad bool, r, half float64) {
			wantCost, wantErr := s.tracePathCost(path)
			wantR, wantHalf := s.traceReach(path, budget), s.traceReach(path, budget/2)
			for range 2 {
				k := pathKeyOf(path)
				if sl := &c.memo.costs[k.hash(0)&uint64(len(c.memo.costs)-1)]; sl.gen == c.memo.gen && sl.key == k {
					found++
				}
				cost, err := c.pathCost(path)
				if cost != wantCost || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
					t.Fatalf("%s: path %v costs %v (%v), want %v (%v)", where, path, cost, err, wantCost, wantErr)
				}
				if r, h := c.reach(path, budget), c.reach(path, budget/2); r != wantR || h != wantHalf {
					t.Fatalf("%s: path %v reaches %v and %v with budgets %v and %v, want %v and %v", where, path, r, h, budget, budget/2, wantR, wantHalf)
				}
				asked++
			}
			return wantCost, wantErr != nil, wantR, wantHalf
		}
		cost, bad, r, half := check(p.path)
		if collided < 20 {
			// A budget filed in the same slot as the vehicle's, asked
			// right after it: the memo must tell the two apart.
			k := pathKeyOf(p.path)
			slot := k.hash(math.Float64bits(budget)) & uint64(len(c.memo.reaches)-1)
			for i := 1; i < 1<<20; i++ {
				b2 := budget * (1 - float64(i)*1e-6)
				if k.hash(math.Float64bits(b2))&uint64(len(c.memo.reaches)-1) != slot {
					continue
				}
				want2 := s.traceReach(p.path, b2)
				if got, got2 := c.reach(p.path, budget), c.reach(p.path, b2); got != r || got2 != want2 {
					t.Fatalf("%s: path %v reaches %v and %v with budgets %v and %v (one slot), want %v and %v", where, p.path, got, got2, budget, b2, r, want2)
				}
				if want2 != r {
					collided++
				}
				break
			}
		}
		if half != r {
			halfAltered++
		}
		for i, ch := range changes {
			path := []geom.Point{p.path[0], p.path[1]}
			ch.do(path)
			if cost2, bad2, r2, _ := check(path); cost2 != cost || bad2 != bad {
				alteredCost[i]++
			} else if r2 != r {
				alteredReach[i]++
			}
		}
	})
	if found == 0 {
		t.Errorf("%d paths asked, none found in the memo", asked)
	}
	for i, ch := range changes {
		if alteredCost[i] == 0 || alteredCost[i]+alteredReach[i] == 0 {
			t.Errorf("moving the path's %s never changed its cost: the test cannot tell whether the key holds it", ch.name)
		}
	}
	if collided == 0 {
		t.Error("no two budgets in one slot gave different reaches")
	}
	if halfAltered == 0 {
		t.Error("half the budget never changed the reach: the test cannot tell whether the key holds the budget")
	}
	t.Logf("%d paths asked, %d costs found in the memo; answers altered by each change (cost, reach only): %v %v; by half the budget: %d", asked, found, alteredCost, alteredReach, halfAltered)
}
