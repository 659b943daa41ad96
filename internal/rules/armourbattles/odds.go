package armourbattles

import "fmt"

// ShotDice returns the dice of a shot firer would take at target as things
// stand (range, flank, cover, uphill, suppression, moves so far), and the
// target's disruption points: what a player asks before firing. It does
// not check target priority or line of sight; see Validate for that.
func (s *State) ShotDice(firer, target string) (ShotDice, int, error) {
	f, t := s.unitIndex(firer), s.unitIndex(target)
	switch {
	case f < 0:
		return ShotDice{}, 0, fmt.Errorf("no unit %q (the firer)", firer)
	case t < 0:
		return ShotDice{}, 0, fmt.Errorf("no unit %q (the target)", target)
	case f == t:
		return ShotDice{}, 0, fmt.Errorf("%s cannot fire at itself", firer)
	}
	if !s.Units[f].Active() || !s.Units[t].Active() {
		return ShotDice{}, 0, fmt.Errorf("%s and %s must both be on the table", firer, target)
	}
	if s.Units[f].Side == s.Units[t].Side {
		return ShotDice{}, 0, fmt.Errorf("%s and %s are on the same side", firer, target)
	}
	sh := PendingShot{Firer: f, Target: t, Moves: s.movesFor(f), Flank: s.flank(f, t)}
	d, err := s.shotFor(&sh).Dice()
	return d, s.Units[t].DP, err
}

// UnitsLost returns, for side, how many units of each type have been
// dispersed, by unit type name.
func (s *State) UnitsLost(side int) map[string]int {
	out := map[string]int{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Dispersed {
			out[s.b.types[u.Type].Name]++
		}
	}
	return out
}
