package armourbattles

import (
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// The doctrine spends wild dice and staff orders on a shot where the exact
// odds say an extra die changes the outcome most: it works out the
// expected harm to the target from the pools' exact distributions with and
// without the die, and adds it when the difference is worth what the die
// or order would buy elsewhere.

// Harm values, in the doctrine's units (a disruption point on a fresh
// unit is 1, as in shotValue).
const (
	harmDispersed  = 4.0 // the unit is gone and its side loses morale
	harmSuppressed = 0.5
	harmForcedBack = 0.3
)

// Least gains in expected harm for which the doctrine adds a die: a wild
// die is gone at the end of the turn, a staff order is kept for later.
const (
	WildBoostGain  = 0.25
	StaffBoostGain = 0.6
)

// target is what the harm of a shot depends on in its target: the
// disruption points it carries and whether it is suppressed already.
type target struct {
	dp         int
	suppressed bool
}

// targetOf returns unit t as a target.
func (s *State) targetOf(t int) target {
	return target{dp: s.Units[t].DP, suppressed: s.Units[t].Suppressed}
}

// outcomeHarm is the harm to tg of net disruption points and, if
// suppress, suppression (which costs nothing more to a unit already
// suppressed, but forces it back all the same).
func outcomeHarm(tg target, net int, suppress bool) float64 {
	if tg.dp+net >= DispersalDP {
		return harmDispersed
	}
	h := float64(net) * (1 + 0.5*float64(tg.dp))
	if suppress {
		if !tg.suppressed {
			h += harmSuppressed
		}
		if net > 0 {
			h += harmForcedBack
		}
	}
	return h
}

// reactionHarm is the expected harm to tg of a rolled attack (successes,
// sixes) met by a reaction of n dice at tn (Reaction Checks; Direct Fire
// Combat Results).
func reactionHarm(tg target, attack PoolResult, n, tn int) float64 {
	return reactionHarmOf(tg, attack, dice.PoolDist(n, tn))
}

// reactionHarmOf is reactionHarm for a reaction whose distribution r is
// at hand: shotHarm asks it for every attack roll.
func reactionHarmOf(tg target, attack PoolResult, r dice.Joint) float64 {
	n := r.N
	h := 0.0
	for rs := 0; rs <= n; rs++ {
		for r6 := 0; r6 <= n; r6++ {
			p := r.At(rs, r6)
			if p == 0 {
				continue
			}
			h += p * outcomeHarm(tg, max(0, attack.Successes-rs), attack.Sixes > r6)
		}
	}
	return h
}

// shotHarm is the expected harm of a shot with dice d at tg, before the
// attack is rolled.
func shotHarm(tg target, d ShotDice) float64 {
	if !d.InRange || d.AttackDice < 1 {
		return 0 // no attack roll can harm
	}
	a := dice.PoolDist(d.AttackDice, d.AttackTN)
	r := dice.PoolDist(d.ReactionDice, d.ReactionTN)
	h := 0.0
	for as := 1; as <= d.AttackDice; as++ {
		for a6 := 0; a6 <= d.AttackDice; a6++ {
			if p := a.At(as, a6); p > 0 {
				h += p * reactionHarmOf(tg, PoolResult{Successes: as, Sixes: a6}, r)
			}
		}
	}
	return h
}

// boostFire adds a wild die or a staff order to the activated shot f when
// the odds say it is worth it; it returns f otherwise.
func (s *State) boostFire(f Fire) Fire {
	sd := &s.Sides[s.Active]
	wild, staff := sd.Wild() > 0, sd.Staff >= 2 // keep one order in hand
	if !wild && !staff {
		return f
	}
	u, t := s.unitIndex(f.Unit), s.unitIndex(f.Target)
	sh := PendingShot{Firer: u, Target: t, Moves: s.movesFor(u), Flank: s.flank(u, t), Ambush: s.Units[u].Hidden}
	d0, err0 := s.shotFor(&sh).Dice()
	sh.AttackWild = 1
	d1, err1 := s.shotFor(&sh).Dice()
	if err0 != nil || err1 != nil || !d0.InRange {
		return f
	}
	tg := s.targetOf(t)
	gain := shotHarm(tg, d1) - shotHarm(tg, d0)
	switch {
	case wild && gain >= WildBoostGain:
		f.Wild = true
	case staff && gain >= StaffBoostGain:
		f.Staff = true
	}
	if s.Validate(f) != nil {
		f.Wild, f.Staff = false, false
	}
	return f
}

// reactionBoost decides the reaction-boost decision of the shot on top of
// the stack from the exact odds of the reaction roll with and without one
// more die.
func (s *State) reactionBoost(cands []engine.Action) engine.Action {
	sh := &s.Shots[len(s.Shots)-1]
	d0, err0 := s.declaredShot(sh).Dice()
	b := *sh
	b.ReactionWild++
	d1, err1 := s.declaredShot(&b).Dice()
	if err0 != nil || err1 != nil {
		return Boost{}
	}
	tg := s.targetOf(sh.Target)
	gain := reactionHarm(tg, sh.Attack, d0.ReactionDice, d0.ReactionTN) - reactionHarm(tg, sh.Attack, d1.ReactionDice, d1.ReactionTN)
	keepsOne := s.Sides[s.Units[sh.Target].Side].Staff >= 2 // one order stays in hand
	var wild, staff engine.Action
	for _, a := range cands {
		if bo, ok := a.(Boost); ok {
			switch {
			case bo.Wild && !bo.Staff:
				wild = a
			case bo.Staff && !bo.Wild:
				staff = a
			}
		}
	}
	var freeWild, freeStaff engine.Action
	for _, a := range cands {
		if un, ok := a.(Unsuppress); ok {
			if un.Staff {
				freeStaff = a
			} else {
				freeWild = a
			}
		}
	}
	if freeWild != nil || freeStaff != nil {
		// Removing the target's suppression first (ruling R59): it reacts
		// at 4+ instead of 5+, and is no longer suppressed whatever the
		// result. Worth more than the extra die, it is taken first; the
		// decision is then asked again.
		if free := s.freeingGain(sh, tg); free > gain {
			switch {
			case freeWild != nil && free >= WildBoostGain:
				return freeWild
			case freeStaff != nil && keepsOne && free >= StaffBoostGain:
				return freeStaff
			}
		}
	}
	switch {
	case wild != nil && gain >= WildBoostGain:
		return wild
	case staff != nil && keepsOne && gain >= StaffBoostGain:
		return staff
	}
	return Boost{}
}

// freeingGain is the expected harm spared to the suppressed target tg of
// the rolled shot sh by removing its suppression before it reacts: the
// suppression itself, and the better reaction.
func (s *State) freeingGain(sh *PendingShot, tg target) float64 {
	d0, err0 := s.declaredShot(sh).Dice()
	un := &s.Units[sh.Target]
	un.Suppressed = false
	d1, err1 := s.declaredShot(sh).Dice()
	un.Suppressed = true
	if err0 != nil || err1 != nil {
		return 0
	}
	free := target{dp: tg.dp}
	return harmSuppressed + reactionHarm(tg, sh.Attack, d0.ReactionDice, d0.ReactionTN) - reactionHarm(free, sh.Attack, d1.ReactionDice, d1.ReactionTN)
}
