package engine

import "github.com/sandtable/sandtable/internal/scenario"

// TrialSetUp sets sc up once. step gives the action to take at each
// decision of the set-up (placing a unit at the first free spot of its
// zones, packed from the back; the rules' first candidate for other
// set-up choices), or nil when the set-up is over, or nil and why when
// a unit has no room left. It reports the side left with a unit (noun:
// "unit", "vehicle") and no room, at the side's line. It is a scenario
// check: zones that give each unit room on its own may not hold them all
// together.
func TrialSetUp(r Rules, sc *scenario.Scenario, noun string, step func(State) (Action, string)) []scenario.Problem {
	side, why, err := trialSetUp(r, sc, step)
	switch {
	case err != nil:
		return []scenario.Problem{sc.Pos.Problemf("a trial set-up failed: %v", err)}
	case side >= 0:
		sd := sc.Sides[side]
		return []scenario.Problem{sd.Pos.Problemf("side %q: a trial set-up, packing each %s into the deployment zones from the back, could not place every %s: %s", sd.ID, noun, noun, why)}
	}
	return nil
}

func trialSetUp(r Rules, sc *scenario.Scenario, step func(State) (Action, string)) (int, string, error) {
	g, err := NewGame(r, sc, 1)
	if err != nil {
		return -1, "", err
	}
	for !g.State().Result().Over {
		a, why := step(g.State())
		if why != "" {
			return g.Pending().Side, why, nil
		}
		if a == nil {
			break
		}
		if _, err := g.Apply(a); err != nil {
			return -1, "", err
		}
	}
	return -1, "", nil
}
