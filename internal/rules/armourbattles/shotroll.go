package armourbattles

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
)

// ShotEffect is what a shot's attack and reaction rolls come to (Reaction
// Checks; Direct Fire Combat Results; Suppression From Artillery): net is
// the Disruption Points the target takes, suppress whether it is
// suppressed, and unmatched the attacker's sixes the target did not match,
// each a D6 of a forced-back move. Under d.ArtillerySuppression the target
// must roll more sixes than the attacker, not merely as many, to escape
// suppression. The game's shots and a table-side roll (RollShot) both come
// through here.
func ShotEffect(d ShotDice, attack, reaction PoolResult) (net int, suppress bool, unmatched int) {
	net = max(0, attack.Successes-reaction.Successes)
	suppress = attack.Sixes > 0 && (attack.Sixes > reaction.Sixes || d.ArtillerySuppression && attack.Sixes >= reaction.Sixes)
	return net, suppress, max(0, attack.Sixes-reaction.Sixes)
}

// ShotRoll is one shot rolled away from any game, for a player beside a
// real table: every die's face, and what the shot did to a target that
// had TargetDP Disruption Points before it.
type ShotRoll struct {
	TargetDP int  `json:"target_dp"`
	InRange  bool `json:"in_range"`
	// Attack and Reaction are the dice's faces, in the order rolled;
	// Reaction is empty when the attack scored no success (no Reaction
	// Check) or the shot was out of range.
	Attack            []int `json:"attack"`
	Reaction          []int `json:"reaction"`
	AttackSuccesses   int   `json:"attack_successes"`
	AttackSixes       int   `json:"attack_sixes"`
	ReactionSuccesses int   `json:"reaction_successes"`
	ReactionSixes     int   `json:"reaction_sixes"`
	// Disruption is the points taken; Dispersed whether the target's
	// points reached DispersalDP, when MoraleLost is its side's D3.
	Disruption int  `json:"disruption"`
	Dispersed  bool `json:"dispersed"`
	MoraleLost int  `json:"morale_lost,omitempty"`
	Suppressed bool `json:"suppressed"`
	// ForcedBack is the forced-back move in inches (ForcedBackFixed plus
	// the ForcedBackDice), 0 when the target is not forced back.
	ForcedBack     float64 `json:"forced_back"`
	ForcedBackDice []int   `json:"forced_back_dice"`
	// Outcome says it in a sentence.
	Outcome string `json:"outcome"`
}

// RollShot rolls a shot of dice d at a target with targetDP Disruption
// Points, die by die from src in the game's order: the attack, the
// reaction if the attack scored, then the D3 of army morale if the target
// is dispersed or the D6s of its forced-back move.
func RollShot(d ShotDice, targetDP int, src dice.Source) ShotRoll {
	r := ShotRoll{TargetDP: targetDP, InRange: d.InRange, Attack: []int{}, Reaction: []int{}, ForcedBackDice: []int{}}
	if !d.InRange {
		r.Outcome = "out of range: the shot misses"
		return r
	}
	var a, re PoolResult
	r.Attack, a = rollPool(src, d.AttackDice, d.AttackTN)
	r.AttackSuccesses, r.AttackSixes = a.Successes, a.Sixes
	if a.Successes == 0 {
		r.Outcome = "no success: no Reaction Check, no effect"
		return r
	}
	r.Reaction, re = rollPool(src, d.ReactionDice, d.ReactionTN)
	r.ReactionSuccesses, r.ReactionSixes = re.Successes, re.Sixes
	net, suppress, unmatched := ShotEffect(d, a, re)
	r.Disruption = net
	switch {
	case targetDP+net >= DispersalDP:
		r.Dispersed, r.MoraleLost = true, dice.D3(src)
		r.Outcome = fmt.Sprintf("%s: dispersed, and its side loses %d army morale", points(net), r.MoraleLost)
	case suppress && net > 0:
		r.Suppressed, r.ForcedBack = true, ForcedBackFixed
		for range unmatched {
			f := dice.D6(src)
			r.ForcedBackDice = append(r.ForcedBackDice, f)
			r.ForcedBack += float64(f)
		}
		r.Outcome = fmt.Sprintf("%s: suppressed and forced back %g\"", points(net), r.ForcedBack)
	case suppress:
		r.Suppressed = true
		r.Outcome = "no disruption, but suppressed"
	case net > 0:
		r.Outcome = points(net)
	default:
		r.Outcome = "the target shrugs the fire off"
	}
	return r
}

// rollPool rolls n dice against tn one by one, as dice.Pool counts them.
func rollPool(src dice.Source, n, tn int) ([]int, PoolResult) {
	faces := make([]int, n)
	var r PoolResult
	for i := range faces {
		f := dice.D6(src)
		faces[i] = f
		if f >= tn {
			r.Successes++
		}
		if f == 6 {
			r.Sixes++
		}
	}
	return faces, r
}

func points(n int) string {
	if n == 1 {
		return "1 Disruption Point"
	}
	return fmt.Sprintf("%d Disruption Points", n)
}
