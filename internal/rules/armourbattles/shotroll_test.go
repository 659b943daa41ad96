package armourbattles_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/dice"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
)

// TestRollShot: shots rolled with scripted dice, one for each way a shot
// can end, with every die read in the game's order.
func TestRollShot(t *testing.T) {
	direct := ab.ShotDice{AttackDice: 4, AttackTN: 4, ReactionDice: 3, ReactionTN: 5, InRange: true}
	artillery := direct
	artillery.ArtillerySuppression = true
	for _, c := range []struct {
		what  string
		d     ab.ShotDice
		dp    int
		faces []int
		want  ab.ShotRoll
	}{
		{"out of range", ab.ShotDice{AttackDice: 4, AttackTN: 4, ReactionDice: 3, ReactionTN: 5}, 0, nil,
			ab.ShotRoll{Outcome: "out of range: the shot misses"}},
		{"no success", direct, 0, []int{1, 2, 3, 3},
			ab.ShotRoll{InRange: true, Attack: []int{1, 2, 3, 3}, Outcome: "no success: no Reaction Check, no effect"}},
		{"all cancelled", direct, 0, []int{4, 5, 1, 1, 5, 6, 2},
			ab.ShotRoll{InRange: true, Attack: []int{4, 5, 1, 1}, Reaction: []int{5, 6, 2}, AttackSuccesses: 2, ReactionSuccesses: 2, ReactionSixes: 1,
				Outcome: "the target shrugs the fire off"}},
		{"a point, sixes matched", direct, 0, []int{6, 5, 4, 1, 6, 1, 1},
			ab.ShotRoll{InRange: true, Attack: []int{6, 5, 4, 1}, Reaction: []int{6, 1, 1}, AttackSuccesses: 3, AttackSixes: 1, ReactionSuccesses: 1, ReactionSixes: 1,
				Disruption: 2, Outcome: "2 Disruption Points"}},
		{"suppressed without a point", direct, 0, []int{6, 1, 1, 1, 5, 2, 2},
			ab.ShotRoll{InRange: true, Attack: []int{6, 1, 1, 1}, Reaction: []int{5, 2, 2}, AttackSuccesses: 1, AttackSixes: 1, ReactionSuccesses: 1,
				Suppressed: true, Outcome: "no disruption, but suppressed"}},
		{"dispersed by three points", direct, 0, []int{6, 6, 4, 1, 1, 1, 1, 3},
			ab.ShotRoll{InRange: true, Attack: []int{6, 6, 4, 1}, Reaction: []int{1, 1, 1}, AttackSuccesses: 3, AttackSixes: 2,
				Disruption: 3, Dispersed: true, MoraleLost: 3, Outcome: "3 Disruption Points: dispersed, and its side loses 3 army morale"}},
		{"forced back", direct, 0, []int{6, 6, 1, 1, 5, 1, 1, 3, 5},
			ab.ShotRoll{InRange: true, Attack: []int{6, 6, 1, 1}, Reaction: []int{5, 1, 1}, AttackSuccesses: 2, AttackSixes: 2, ReactionSuccesses: 1,
				Disruption: 1, Suppressed: true, ForcedBack: 14, ForcedBackDice: []int{3, 5}, Outcome: "1 Disruption Point: suppressed and forced back 14\""}},
		{"dispersed by the points it had", direct, 2, []int{4, 1, 1, 1, 1, 1, 1, 2},
			ab.ShotRoll{TargetDP: 2, InRange: true, Attack: []int{4, 1, 1, 1}, Reaction: []int{1, 1, 1}, AttackSuccesses: 1,
				Disruption: 1, Dispersed: true, MoraleLost: 2, Outcome: "1 Disruption Point: dispersed, and its side loses 2 army morale"}},
		{"direct fire: sixes matched, not suppressed", direct, 0, []int{6, 4, 1, 1, 6, 1, 1},
			ab.ShotRoll{InRange: true, Attack: []int{6, 4, 1, 1}, Reaction: []int{6, 1, 1}, AttackSuccesses: 2, AttackSixes: 1, ReactionSuccesses: 1, ReactionSixes: 1,
				Disruption: 1, Outcome: "1 Disruption Point"}},
		{"artillery: sixes matched still suppress", artillery, 0, []int{6, 4, 1, 1, 6, 1, 1},
			ab.ShotRoll{InRange: true, Attack: []int{6, 4, 1, 1}, Reaction: []int{6, 1, 1}, AttackSuccesses: 2, AttackSixes: 1, ReactionSuccesses: 1, ReactionSixes: 1,
				Disruption: 1, Suppressed: true, ForcedBack: 6, Outcome: "1 Disruption Point: suppressed and forced back 6\""}},
	} {
		src := dice.NewScripted(c.faces...)
		got := ab.RollShot(c.d, c.dp, src)
		for _, s := range []*[]int{&c.want.Attack, &c.want.Reaction, &c.want.ForcedBackDice} {
			if *s == nil {
				*s = []int{}
			}
		}
		c.want.TargetDP = c.dp
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.what, d)
		}
		if src.Remaining() != 0 {
			t.Errorf("%s: %d scripted dice left unread", c.what, src.Remaining())
		}
	}
}
