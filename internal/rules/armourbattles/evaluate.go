package armourbattles

import (
	"math"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// Evaluate scores the state for side between -1 (lost) and +1 (won): the
// balance of fighting value (AT plus reaction dice, less for disruption
// and suppression, more in cover; reserves still to come count), army
// morale left, and a small pull toward bringing guns within effective
// range. It is the heuristic the search agents use; it reads the whole
// state, so agents call it on determinized copies only.
func (s *State) Evaluate(side int) float64 {
	if s.Over {
		switch s.Winner {
		case side:
			return 1
		case -1:
			return 0
		}
		return -1
	}
	var val [2]float64
	for i := range s.Units {
		u := &s.Units[i]
		if u.Dispersed {
			continue
		}
		st := s.stats(i)
		v := float64(st.AT + st.Reaction)
		v *= 1 - 0.22*float64(u.DP)
		if u.Suppressed {
			v *= 0.85
		}
		switch {
		case !u.Placed:
			v *= 0.8
		case s.inWoods(s.box(i)):
			v *= 1.08
		}
		val[u.Side] += v
	}
	material := (val[side] - val[1-side]) / math.Max(1, val[side]+val[1-side])
	var morale [2]float64
	for i := range s.Sides {
		morale[i] = float64(s.Sides[i].Morale) / math.Max(1, float64(s.b.sides[i].params.ArmyMorale))
	}
	pull := s.inRangeShare(side) - s.inRangeShare(1-side)
	v := 0.5*material + 0.4*(morale[side]-morale[1-side]) + 0.05*pull
	return math.Max(-0.99, math.Min(0.99, v))
}

// inRangeShare is the share of side's units on the table with an enemy
// within their effective range (by distance only).
func (s *State) inRangeShare(side int) float64 {
	n, in := 0, 0
	// The enemies' frames and radii, worked out once (on the stack).
	var efBuf [listCap]geom.Frame
	var erBuf [listCap]float64
	var ef []geom.Frame
	var er []float64
	enemies := s.enemiesOf(side)
	for _, u := range s.unitsOf(side) {
		st := s.stats(u)
		if len(st.Range) < 3 {
			continue
		}
		n++
		if ef == nil {
			ef, er = efBuf[:0], erBuf[:0]
			for _, e := range enemies {
				f := s.box(e).Frame()
				ef, er = append(ef, f), append(er, f.Radius())
			}
		}
		uf := s.box(u).Frame()
		ur := uf.Radius()
		for i := range enemies {
			if uf.WithinRadii(ef[i], float64(st.Range[1]), ur, er[i]) {
				in++
				break
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(in) / float64(n)
}

// HidesFrom reports whether side's enemy has hidden units on the table:
// only then does Determinize differ from a plain copy.
func (s *State) HidesFrom(side int) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side && u.Hidden && u.Placed && !u.Dispersed {
			return true
		}
	}
	return false
}

// Determinize returns a copy in which the enemy's hidden units stand at
// positions sampled from their deployment zones, away from the spots
// side's units would have spotted them (15"), facing side's edge: what
// side may assume without seeing them.
func (s *State) Determinize(side int, src dice.Source) engine.State {
	c := s.clone()
	// Lift every hidden enemy unit first, so no sample depends on where
	// another one really stands.
	var hidden []int
	for i := range c.Units {
		u := &c.Units[i]
		if u.Side != side && u.Hidden && u.Placed && !u.Dispersed {
			u.Placed = false
			hidden = append(hidden, i)
		}
	}
	for _, i := range hidden {
		u := &c.Units[i]
		u.Placed = true
		zones := c.b.sides[u.Side].zones
		if len(zones) == 0 {
			continue
		}
		found := false
		for try := 0; try < 40 && !found; try++ {
			z := zones[(dice.D100(src)-1)%len(zones)]
			r := z.Bounds()
			p := geom.Point{X: r.Min.X + (r.Max.X-r.Min.X)*float64(dice.D100(src)-1)/99, Y: r.Min.Y + (r.Max.Y-r.Min.Y)*float64(dice.D100(src)-1)/99}
			b := c.boxAt(i, p, c.b.towardEnemy(u.Side))
			if !c.b.inZone(u.Side, b) || c.overlapping(i, b) >= 0 {
				continue
			}
			spotted := false
			for _, o := range c.unitsOf(side) {
				if c.box(o).Distance(b) <= SpotDistance {
					spotted = true
					break
				}
			}
			if !spotted {
				u.Pos, u.Heading = p, b.Heading
				found = true
			}
		}
		// If no spot was found, the unit gets a guess that owes nothing
		// to where it really is: the centre of its side's first zone,
		// facing the enemy's edge.
		if !found {
			u.Pos, u.Heading = zones[0].Bounds().Center(), c.b.towardEnemy(u.Side)
		}
	}
	return c
}
