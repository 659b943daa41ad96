package pagano

import "math"

// Evaluate scores the state for side between -1 (lost) and +1 (won)
// (engine.Evaluator): the balance of fighting value still in action, as a
// share of each side's starting value (stunned, immobilized and retreating
// vehicles count for less), and a small bonus for vehicles stationary or
// in woods. Pagano's basic rules hide nothing, so it reads the whole
// state.
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
	var have, start, posture [2]float64
	for i := range s.Units {
		u := &s.Units[i]
		w := s.worth(i)
		start[u.Side] += w
		if !u.Active() {
			continue
		}
		v := w
		switch {
		case u.Retreat:
			v *= 0.1
		case u.Immobile:
			v *= 0.6
		}
		if u.Stunned {
			v *= 0.7
		}
		have[u.Side] += v
		if !u.Placed || u.Retreat {
			continue
		}
		p := 0.0
		if u.Motion == Stationary {
			p += 0.3
		}
		if s.inWoodsOrBuilding(s.box(i)) {
			p += 0.5
		}
		posture[u.Side] += p * w
	}
	share := func(k int) float64 { return have[k] / math.Max(1e-9, start[k]) }
	material := share(side) - share(1-side)
	post := (posture[side]/math.Max(1e-9, start[side]) - posture[1-side]/math.Max(1e-9, start[1-side]))
	v := 0.8*material + 0.05*post
	return math.Max(-0.99, math.Min(0.99, v))
}
