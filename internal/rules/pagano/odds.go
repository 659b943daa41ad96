package pagano

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/internal/scenario"
)

// Effects are the chances of each Fire Effect result (Table 3): deflected
// (5 or less), stunned or immobilized (6, then d10 1-5 stun, 6-10
// immobilize) and wrecked (7 or more). They sum to 1 given a hit.
type Effects struct {
	Deflected   float64 `json:"p_deflected"`
	Stunned     float64 `json:"p_stunned"`
	Immobilized float64 `json:"p_immobilized"`
	Wrecked     float64 `json:"p_wrecked"`
}

// Odds are the exact chances of one shot: to hit, and of each effect, both
// per shot and given a hit.
type Odds struct {
	Hit float64 `json:"p_hit"`
	Effects
	GivenHit Effects `json:"given_hit"`
	// HitMods and EffectMods are the modifiers applied (for display).
	HitMods    Mods `json:"-"`
	EffectMods Mods `json:"-"`
}

// EffectChances enumerates the Fire Effect d10 (and the stun/immobilize
// d10 on a 6) for a total modifier m.
func EffectChances(m int) Effects {
	// Count outcomes in hundredths (two d10s) so the figures are exact
	// decimal fractions.
	var defl, stun, imm, wreck int
	for r := 1; r <= 10; r++ {
		switch t := r + m; {
		case t <= 5:
			defl += 10
		case t == 6:
			for sub := 1; sub <= 10; sub++ {
				if sub <= 5 {
					stun++
				} else {
					imm++
				}
			}
		default:
			wreck += 10
		}
	}
	return Effects{Deflected: float64(defl) / 100, Stunned: float64(stun) / 100, Immobilized: float64(imm) / 100, Wrecked: float64(wreck) / 100}
}

// ShotOdds returns the exact odds of a shot in the given situation, by
// enumerating the d10s of Tables 2 and 3 with the ruleset's own modifiers.
// A hit on an unarmoured target wrecks it. The target is taken to be
// unstunned (a stun on a stunned vehicle wrecks it).
func ShotOdds(sit Situation, targetUnarmoured bool) (Odds, error) {
	if sit.Firer == nil || sit.Target == nil {
		return Odds{}, fmt.Errorf("pagano: a shot needs a firer and a target")
	}
	if !(sit.Range >= 0) {
		return Odds{}, fmt.Errorf("pagano: range %v must be 0 inches or more", sit.Range)
	}
	if _, ok := HitRangeMod(sit.Range); !ok {
		return Odds{}, fmt.Errorf("pagano: range %g\" is beyond Table 2's last band (under %g\"): no shot", sit.Range, MaxRange)
	}
	o := Odds{HitMods: HitMods(sit)}
	o.Hit = HitChance(o.HitMods.Sum())
	if targetUnarmoured {
		o.GivenHit = Effects{Wrecked: 1}
	} else {
		o.EffectMods = EffectMods(sit)
		o.GivenHit = EffectChances(o.EffectMods.Sum())
	}
	// Multiply in whole outcomes of the three d10s (out of 1000) so the
	// products stay exact decimal fractions.
	hits := math.Round(o.Hit * 10)
	per := func(g float64) float64 { return hits * math.Round(g*100) / 1000 }
	o.Effects = Effects{
		Deflected:   per(o.GivenHit.Deflected),
		Stunned:     per(o.GivenHit.Stunned),
		Immobilized: per(o.GivenHit.Immobilized),
		Wrecked:     per(o.GivenHit.Wrecked),
	}
	return o, nil
}

// UnitSituation fills the vehicles of a Situation from two unit types of
// the ruleset, and reports whether the target is unarmoured.
func UnitSituation(firer, target *scenario.UnitType, sit Situation) (Situation, bool, error) {
	fs, ok1 := firer.Stats.(*UnitStats)
	ts, ok2 := target.Stats.(*UnitStats)
	if !ok1 || fs == nil || !ok2 || ts == nil {
		return sit, false, fmt.Errorf("pagano: %s and %s must both be Pagano vehicles", firer.Name, target.Name)
	}
	sit.Firer, sit.Target, sit.FirerNation = fs, ts, firer.Nation
	unarmoured := false
	for _, sp := range target.Special {
		unarmoured = unarmoured || sp == Unarmoured
	}
	return sit, unarmoured, nil
}

// Report is the JSON form of a shot's odds, as `sandtable odds --rules
// pagano --json` prints it and the server answers for a shot in a game:
// the situation, the modifiers, then the odds.
type Report struct {
	Firer      string  `json:"firer"`
	Target     string  `json:"target"`
	Range      float64 `json:"range"`
	Aspect     string  `json:"aspect"`
	InRange    bool    `json:"in_range"`
	HitMods    Mods    `json:"hit_modifiers"`
	EffectMods Mods    `json:"effect_modifiers"`
	Odds
}

// NewReport builds the Report of a shot; out of range, every chance is 0.
func NewReport(firer, target string, sit Situation, inRange bool, o Odds) Report {
	r := Report{Firer: firer, Target: target, Range: sit.Range, Aspect: sit.Facing.String(), InRange: inRange, HitMods: o.HitMods, EffectMods: o.EffectMods, Odds: o}
	for _, ms := range []*Mods{&r.HitMods, &r.EffectMods} {
		if *ms == nil {
			*ms = Mods{}
		}
	}
	return r
}

// ShotReport returns the exact odds of a shot that unit firer could fire
// at unit target where both stand now: the range, the side of the target
// it sees, both vehicles' motion markers and the target's cover read from
// the table. A shot the rules would refuse (a firer that may not fire,
// no line of sight, out of arc or range, a unit off the table) is an
// error saying why.
func (s *State) ShotReport(firer, target string) (Report, error) {
	u, t := s.unitIndex(firer), s.unitIndex(target)
	switch {
	case u < 0:
		return Report{}, fmt.Errorf("no unit %q", firer)
	case t < 0:
		return Report{}, fmt.Errorf("no unit %q", target)
	case u == t:
		return Report{}, fmt.Errorf("%s cannot fire at itself", firer)
	case s.Units[u].Side == s.Units[t].Side:
		return Report{}, fmt.Errorf("%s and %s are on the same side", firer, target)
	case !s.Units[u].Active():
		return Report{}, fmt.Errorf("%s is not on the table", firer)
	case !s.Units[t].Active():
		return Report{}, fmt.Errorf("%s is not on the table", target)
	}
	if err := s.canFire(u); err != nil {
		return Report{}, err
	}
	ub, tb := s.box(u), s.box(t)
	q, d, err := s.shotCheck(u, ub, t, tb)
	if err != nil {
		return Report{}, err
	}
	sit := s.situation(u, ub, t, tb, q, d, false)
	o, err := ShotOdds(sit, s.stats(t) == nil || s.hasSpecial(t, Unarmoured))
	if err != nil {
		return Report{}, err
	}
	return NewReport(firer, target, sit, true, o), nil
}
