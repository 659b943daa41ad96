package pagano

import "math"

// Evaluate scores the state for side between -1 (lost) and +1 (won)
// (engine.Evaluator): the balance of fighting value still in action, as a
// share of each side's starting value (stunned, immobilized and retreating
// vehicles count for less), the balance of fire (what each side's guns
// threaten where everything stands: firePower), and a small bonus for
// vehicles stationary or in woods. Pagano's basic rules hide nothing, so
// it reads the whole state. The balance of fire was measured in, against
// the plain evaluation, on 100 games of each battle (docs/simulate.md).
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
	v := 0.8*material + 0.05*post + fireWeight*(s.firePower(side)-s.firePower(1-side))
	return math.Max(-0.99, math.Min(0.99, v))
}

// fireWeight weighs the balance of fire in Evaluate.
const fireWeight = 1.0

// firePower is what side's guns threaten where everything stands: over
// its vehicles that are fighting and not stunned, the doctrine's value
// (shotWorth) of each one's best shot at an enemy, summed, per vehicle
// the side started with.
func (s *State) firePower(side int) float64 {
	sum, n := 0.0, 0
	for u := range s.Units {
		un := &s.Units[u]
		if un.Side != side {
			continue
		}
		n++
		if !un.Fighting() || un.Stunned {
			continue
		}
		ub, best := s.box(u), 0.0
		for t := range s.Units {
			if s.Units[t].Side == side || !s.Units[t].Active() {
				continue
			}
			if v := s.shotWorth(u, ub, un.Motion, t, s.box(t), s.Units[t].Motion, false); v > best {
				best = v
			}
		}
		sum += best
	}
	return sum / math.Max(1, float64(n))
}
