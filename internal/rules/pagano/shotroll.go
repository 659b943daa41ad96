package pagano

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
)

// hits reports whether a To-Hit d10 of roll with modifiers mod hits
// (Table 2): a total of 6 or more, and a 1 always misses.
func hits(roll, mod int) bool { return roll != 1 && roll+mod >= 6 }

// Fire Effect results (Table 3).
const (
	EffectDeflected   = "deflected"
	EffectStunned     = "stunned"
	EffectImmobilized = "immobilized"
	EffectWrecked     = "wrecked"
)

// effectOf is the Fire Effect of a d10 total (Table 3): 5 or less
// deflects, 7 or more wrecks, and a 6 stuns on a second d10 (sub) of 1-5
// and immobilizes on 6-10.
func effectOf(total, sub int) string {
	switch {
	case total <= 5:
		return EffectDeflected
	case total == 6 && sub <= 5:
		return EffectStunned
	case total == 6:
		return EffectImmobilized
	}
	return EffectWrecked
}

// ShotRoll is one shot rolled away from any game, for a player beside a
// real table: each d10 and what the shot did.
type ShotRoll struct {
	HitRoll  int  `json:"hit_roll"`
	HitTotal int  `json:"hit_total"`
	Hit      bool `json:"hit"`
	// EffectRoll and EffectTotal are the Fire Effect d10 and its total
	// (0 on a miss, or on an unarmoured target, which a hit wrecks);
	// SubRoll the second d10 of a 6.
	EffectRoll  int `json:"effect_roll,omitempty"`
	EffectTotal int `json:"effect_total"`
	SubRoll     int `json:"sub_roll,omitempty"`
	// Result is "missed" or one of the Effect constants.
	Result string `json:"result"`
	// ErrantRoll is the errant-turn d10 of a moving target stunned or
	// immobilized, and ErrantTurn its turn in degrees, positive to the
	// left (ErrantTurn).
	ErrantRoll int     `json:"errant_roll,omitempty"`
	ErrantTurn float64 `json:"errant_turn,omitempty"`
	Outcome    string  `json:"outcome"`
}

// RollShot rolls a shot in situation sit from src as the game rolls it:
// To-Hit, then on a hit Fire Effect (and its second d10 on a 6), then the
// errant turn of a moving target brought to a halt. Like ShotOdds, it
// takes the target to be unstunned. The range must be within Table 2.
func RollShot(sit Situation, unarmoured bool, src dice.Source) ShotRoll {
	var r ShotRoll
	hm := hitSum(sit)
	r.HitRoll = dice.D10(src)
	r.HitTotal, r.Hit = r.HitRoll+hm, hits(r.HitRoll, hm)
	switch {
	case !r.Hit:
		r.Result = "missed"
		r.Outcome = fmt.Sprintf("the shot misses (%d, %+d = %d)", r.HitRoll, hm, r.HitTotal)
		if r.HitRoll == 1 {
			r.Outcome = "the shot misses (a 1 always misses)"
		}
		return r
	case unarmoured:
		r.Result = EffectWrecked
		r.Outcome = "a hit wrecks the unarmoured target"
		return r
	}
	em := effectSum(sit)
	r.EffectRoll = dice.D10(src)
	r.EffectTotal = r.EffectRoll + em
	if r.EffectTotal == 6 {
		r.SubRoll = dice.D10(src)
	}
	r.Result = effectOf(r.EffectTotal, r.SubRoll)
	r.Outcome = fmt.Sprintf("a hit (%d, %+d = %d); effect %d, %+d = %d: %s", r.HitRoll, hm, r.HitTotal, r.EffectRoll, em, r.EffectTotal, r.Result)
	if sit.TargetMotion == Moving && (r.Result == EffectStunned || r.Result == EffectImmobilized) {
		r.ErrantRoll = dice.D10(src)
		r.ErrantTurn = ErrantTurn(r.ErrantRoll).Degrees()
		r.Outcome += fmt.Sprintf("; the moving target halts with an errant turn (%d: %s)", r.ErrantRoll, turnText(r.ErrantTurn))
	}
	return r
}

func turnText(deg float64) string {
	switch {
	case deg > 0:
		return fmt.Sprintf("%g° left", deg)
	case deg < 0:
		return fmt.Sprintf("%g° right", -deg)
	}
	return "no turn"
}
