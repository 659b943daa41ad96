package armourbattles

import (
	"math"

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
				f := s.frame(e)
				ef, er = append(ef, f), append(er, f.Radius())
			}
		}
		uf := s.frame(u)
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
