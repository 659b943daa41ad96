package armourbattles

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// scrambleHidden returns a copy of s with everything side may not know of
// its enemy changed: where the hidden units stand and whether they have
// had an order this turn, which company an unseen unit joined at set-up,
// how each company side
// has seen nothing of started a free set-up (hidden or in reserve), the
// hidden units' spans in an open window of the enemy's, and whether they
// are in the enemy's activation and where they started it. It reports what it changed.
func scrambleHidden(s *State, side int, src dice.Source) (*State, []string) {
	c := s.clone()
	var did []string
	var hidden []int
	for i := range c.Units {
		u := &c.Units[i]
		if u.Side != side && u.Hidden && u.Placed && !u.Dispersed {
			u.Pos = u.Pos.Add(geom.Point{X: float64(src.Die(9) - 5), Y: float64(src.Die(9) - 5)})
			u.Heading += geom.Deg(float64(src.Die(90)))
			u.Activated, u.Rallied = src.Die(2) == 1, src.Die(2) == 1
			hidden = append(hidden, i)
			did = append(did, "position")
		}
	}
	if enemy := 1 - side; c.b.sides[enemy].free == nil && c.setUpDone(enemy) {
		for i := range c.Units {
			u := &c.Units[i]
			if home := c.b.home[u.ID]; u.Side != enemy || home == nil || !home.MayJoinReserves || !s.unseenBy(side, i) {
				continue
			}
			// Into another reserve company, any.
			res := c.b.sc.Sides[enemy].Reserves
			co := res[src.Die(len(res))-1]
			u.Company, u.Arrive = co.Name, max(1, co.EarliestTurn)
			did = append(did, "join")
		}
	}
	if enemy := 1 - side; c.b.sides[enemy].free != nil && c.setUpDone(enemy) {
		// Unseen units into any company holding no unit side sees.
		var open []string
		for _, co := range c.b.sc.Sides[enemy].Forces {
			if len(co.Units) > 0 && !slices.ContainsFunc(c.companyUnits(enemy, co.Name), func(m int) bool { return !s.unseenBy(side, m) }) {
				open = append(open, co.Name)
			}
		}
		for i := range c.Units {
			if u := &c.Units[i]; u.Side == enemy && s.unseenBy(side, i) && len(open) > 0 && src.Die(3) == 1 {
				u.Company = open[src.Die(len(open))-1]
				did = append(did, "regroup")
			}
		}
	}
	for _, co := range c.unseenCompanies(side) {
		free := c.b.sides[1-side].free
		for _, m := range c.companyUnits(1-side, co) {
			u := &c.Units[m]
			if u.Hidden {
				u.Hidden, u.Placed, u.Reserve, u.Arrive = false, false, true, free.ReserveFrom
			} else {
				u.Hidden, u.Placed, u.Reserve, u.Arrive = true, true, false, 0
				u.Pos = c.b.sides[u.Side].zones[0].Bounds().Center()
			}
		}
		did = append(did, "station")
	}
	if w := c.Window; w != nil && c.Active == side {
		n := len(w.Spans)
		w.Spans = slices.DeleteFunc(w.Spans, func(sp Span) bool { return slices.Contains(hidden, sp.Unit) })
		if len(w.Spans) < n {
			did = append(did, "window")
		}
	}
	if a := c.Act; a != nil && c.Active != side && slices.ContainsFunc(a.Units, func(u int) bool { return slices.Contains(hidden, u) }) {
		// Which hidden units are in the enemy's activation, and where
		// they started.
		if src.Die(2) == 1 {
			c.leaveOut(hidden)
		} else {
			for k, u := range a.Units {
				if slices.Contains(hidden, u) {
					a.Start[k].Center.X += 3
				}
			}
		}
		did = append(did, "activation")
	}
	return c, did
}

// TestDeterminizeSeesOnlyWhatSideKnows plays random games of the
// scenarios with hidden units or a free set-up and, at every fifth
// decision and every decision in the enemy's activation, determinizes the state for the deciding side twice: as it
// is, and with everything that side may not know scrambled. Drawn from
// the same dice, the two copies must be the same state (ruling R55):
// nothing hidden leaks into what an agent searches.
func TestDeterminizeSeesOnlyWhatSideKnows(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 2
	}
	changed := map[string]int{}
	for _, id := range []string{"armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next", "armour-battles/what-next-artillery"} {
		sc := battle(t, id)
		for g := range games {
			seed := uint64(40 + g)
			n := 0
			playRandomOn(t, sc, seed, func(s *State, _ engine.Action) error {
				side := s.Pending().Side
				// Every fifth decision, and every one taken in the
				// enemy's activation (the rarer case).
				if n++; n%5 != 0 && (s.Act == nil || s.Active == side) {
					return nil
				}
				scr, did := scrambleHidden(s, side, dice.NewPCG(uint64(n)))
				for _, d := range did {
					changed[d]++
				}
				if enemy := 1 - side; s.b.sides[enemy].free != nil && s.mayHide(enemy) != s.HidesFrom(side) {
					return fmt.Errorf("%s: mayHide(%d) %v, HidesFrom(%d) %v", id, enemy, s.mayHide(enemy), side, s.HidesFrom(side))
				}
				if s.HidesFrom(side) != scr.HidesFrom(side) {
					return fmt.Errorf("%s: HidesFrom(%d) tells the scrambled state (%v) from the real one", id, side, did)
				}
				a := s.Determinize(side, dice.NewPCG(seed+uint64(n))).(*State)
				b := scr.Determinize(side, dice.NewPCG(seed+uint64(n))).(*State)
				if a.Hash() != b.Hash() {
					return fmt.Errorf("%s: the copies determinized for side %d differ after scrambling %v", id, side, did)
				}
				if err := plausible(a, side); err != nil {
					return fmt.Errorf("%s: the copy determinized for side %d: %v", id, side, err)
				}
				return nil
			})
		}
	}
	t.Logf("hidden things scrambled: %v", changed)
	for _, d := range []string{"position", "station", "window", "activation", "join", "regroup"} {
		if changed[d] == 0 && !testing.Short() { // -short plays too few games for some
			t.Errorf("no %s was ever scrambled: the test needs games that exercise it", d)
		}
	}
}

// plausible checks a copy determinized for side: the rules' invariants
// hold, no hidden enemy unit overlaps another unit or stands within 15"
// of side's units, and a free set-up has no more hidden
// companies than it allows.
func plausible(c *State, side int) error {
	if err := invariant(c); err != nil {
		return err
	}
	for i := range c.Units {
		u := &c.Units[i]
		if !u.Active() || u.Side == side || !u.Hidden {
			continue // (units moving may pass through others: R50)
		}
		if o := c.overlappingAny(i, c.box(i)); o >= 0 {
			return fmt.Errorf("hidden %s overlaps %s", u.ID, c.Units[o].ID)
		}
		if c.spottedBy(side, c.box(i)) {
			return fmt.Errorf("hidden %s stands within 15\" of %s's units", u.ID, c.b.sides[side].id)
		}
	}
	if free := c.b.sides[1-side].free; free != nil {
		hidden := 0
		for _, co := range c.companies(1 - side) {
			if slices.ContainsFunc(c.companyUnits(1-side, co), func(m int) bool { return c.Units[m].Hidden && c.Units[m].Placed }) {
				hidden++
			}
		}
		if hidden > free.MaxHiddenGroups {
			return fmt.Errorf("%d hidden companies, at most %d", hidden, free.MaxHiddenGroups)
		}
	}
	return nil
}

// TestDeterminizeReusingSameAsFresh checks that DeterminizeReusing builds,
// in the storage of a state done with, exactly the state Determinize
// builds from the same draws (reflect.DeepEqual, so nil and empty lists
// differ too), and CloneReusing exactly the state Clone builds, and that
// both leave their source alone. The states reused come from earlier in
// the game or from another battle, with other numbers of units and
// batteries.
func TestDeterminizeReusingSameAsFresh(t *testing.T) {
	var spare, spareClone engine.State
	checked := 0
	for _, id := range allBattles {
		playRandomOn(t, battle(t, id), 5, func(s *State, _ engine.Action) error {
			if s.Over {
				return nil
			}
			checked++
			side := checked % 2
			before := s.Hash()
			fresh := s.Determinize(side, dice.NewPCG(uint64(checked)))
			reused := s.DeterminizeReusing(spare, side, dice.NewPCG(uint64(checked)))
			if !reflect.DeepEqual(fresh, reused) {
				return fmt.Errorf("action %d: the determinized copy built in a used state differs from a fresh one", checked)
			}
			if s.Hash() != before {
				return fmt.Errorf("action %d: DeterminizeReusing changed its source", checked)
			}
			clone, reusedClone := s.Clone(), s.CloneReusing(spareClone)
			if !reflect.DeepEqual(clone, reusedClone) {
				return fmt.Errorf("action %d: the clone built in a used state differs from a fresh one", checked)
			}
			if s.Hash() != before {
				return fmt.Errorf("action %d: CloneReusing changed its source", checked)
			}
			if checked%7 != 0 {
				spare = reused // else keep one from further back
			}
			if checked%5 != 0 {
				spareClone = reusedClone
			}
			return nil
		})
	}
	if checked < 500 {
		t.Fatalf("only %d states checked", checked)
	}
	s, _ := playRandomOn(t, battle(t, "armour-battles/battle-2"), 1, nil)
	before := s.Hash()
	if c := s.DeterminizeReusing(s, 0, dice.NewPCG(1)); c == engine.State(s) || s.Hash() != before {
		t.Fatal("DeterminizeReusing built a state in its own source")
	}
	if c := s.CloneReusing(s); c == engine.State(s) || s.Hash() != before {
		t.Fatal("CloneReusing built a state in its own source")
	}
}
