package odds

import (
	"fmt"
	"sync/atomic"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/rules/armourbattles"
)

// DisperseAt is the number of Disruption Points at which a unit is
// Dispersed (Armour Battles, Dispersion).
const DisperseAt = 3

// Result is the exact outcome distribution of one attack.
type Result struct {
	AttackDice   int  `json:"attack_dice"`
	AttackTN     int  `json:"attack_tn"`
	ReactionDice int  `json:"reaction_dice"`
	ReactionTN   int  `json:"reaction_tn"`
	InRange      bool `json:"in_range"`
	// ArtillerySuppression is copied from the shot: the target needed more
	// sixes than the attacker, not as many.
	ArtillerySuppression bool `json:"artillery_suppression"`
	// TargetDP is the target's Disruption Points before the attack.
	TargetDP int `json:"target_dp"`
	// PDisruption[d] is the probability that the target takes d Disruption
	// Points from the attack, for d in 0..AttackDice. Out of range it is [1].
	PDisruption []float64 `json:"p_disruption"`
	// PSuppressed is the probability that the target is suppressed,
	// whether or not it takes Disruption Points or is Dispersed.
	PSuppressed float64 `json:"p_suppressed"`
	// PForcedBack is the probability that the target is suppressed, takes
	// at least one Disruption Point and is not Dispersed.
	PForcedBack float64 `json:"p_forced_back"`
	// PDispersed is the probability that TargetDP plus the points taken
	// reaches DisperseAt.
	PDispersed float64 `json:"p_dispersed"`
	// ExpectedDisruption is the mean number of Disruption Points taken.
	ExpectedDisruption float64 `json:"expected_disruption"`
	// PForcedBackSixes[u] is the probability that the target is Forced Back
	// with u unmatched sixes, so 6"+uD" (Forced Back); it sums to
	// PForcedBack. u is 0 only under artillery suppression, when the target
	// rolled as many sixes as the attacker.
	PForcedBackSixes []float64 `json:"p_forced_back_sixes"`
}

// Dice are the dice r was computed for, to roll them (ab.RollShot).
func (r Result) Dice() armourbattles.ShotDice {
	return armourbattles.ShotDice{AttackDice: r.AttackDice, AttackTN: r.AttackTN, ReactionDice: r.ReactionDice, ReactionTN: r.ReactionTN,
		InRange: r.InRange, ArtillerySuppression: r.ArtillerySuppression}
}

// Compute returns the exact outcome distribution of an attack with dice d
// at a target that already has targetDP Disruption Points (Armour Battles,
// Reaction Checks; Direct Fire Combat Results; Unit Morale; Suppression
// From Artillery):
//
//   - the target makes a Reaction Check only if the attacker scores a
//     success; each reaction success cancels one attack success and each
//     uncancelled success is a Disruption Point;
//   - when the attacker rolled at least one six, the target is suppressed
//     unless it rolled as many sixes (more sixes, under
//     d.ArtillerySuppression), with or without Disruption Points;
//   - a target whose points reach DisperseAt is Dispersed; one suppressed
//     that took a point and was not Dispersed is Forced Back.
//
// A six that is not a success (target number 7) does not suppress without
// a success: there is no Reaction Check to compare it with.
//
// Compute panics if a dice count is negative or targetDP is outside
// 0..DisperseAt-1.
func Compute(d armourbattles.ShotDice, targetDP int) Result {
	if targetDP < 0 || targetDP >= DisperseAt {
		panic(fmt.Sprintf("odds: target disruption points %d outside 0..%d", targetDP, DisperseAt-1))
	}
	if d.AttackDice < 0 || d.ReactionDice < 0 {
		panic(fmt.Sprintf("odds: negative dice %d v %d", d.AttackDice, d.ReactionDice))
	}
	r := Result{
		AttackDice: d.AttackDice, AttackTN: d.AttackTN,
		ReactionDice: d.ReactionDice, ReactionTN: d.ReactionTN,
		InRange: d.InRange, ArtillerySuppression: d.ArtillerySuppression,
		TargetDP: targetDP,
	}
	if !d.InRange {
		// How to Fire: out of range, the unit fires but misses.
		r.PDisruption = []float64{1}
		r.PForcedBackSixes = []float64{0}
		return r
	}

	aN := d.AttackDice
	a := tableFor(aN, d.AttackTN)
	b := tableFor(d.ReactionDice, d.ReactionTN)
	wa, wb := a.w, b.w

	// off: the target is suppressed when its sixes are below the attacker's
	// sixes plus off.
	off := 0
	if d.ArtillerySuppression {
		off = 1
	}
	// sixLess(m) = P(reaction sixes < m).
	sixLess := func(m int) float64 { return b.sixLess[min(m, wb)] }

	// One allocation holds both result slices.
	buf := make([]float64, 2*wa)
	pDis, fbSixes := buf[:wa:wa], buf[wa:]

	// maxNet is the most points that Force Back rather than Disperse.
	maxNet := DisperseAt - 1 - targetDP
	for s := range wa {
		row := a.joint[s*wa : s*wa+wa]
		pa := a.succ[s]
		if s == 0 {
			// No success: no Reaction Check, no points, no suppression.
			pDis[0] += pa
			continue
		}
		// Disruption: successes minus reaction successes, at least 0.
		tMax := min(s, wb-1)
		for t, q := range b.succ[:tMax+1] {
			pDis[s-t] += pa * q
		}
		if s < wb-1 {
			pDis[0] += pa * b.succAbove[s]
		}
		for k := 1; k < wa; k++ {
			pak := row[k]
			if pak == 0 {
				continue
			}
			need := k + off // suppressed when the target rolled fewer sixes than need
			r.PSuppressed += pak * sixLess(need)
			for net := 1; net <= min(maxNet, s); net++ {
				t := s - net // reaction successes
				if t >= wb {
					continue
				}
				brow := b.joint[t*wb : t*wb+min(need, wb)]
				for kb, q := range brow {
					fbSixes[k-kb] += pak * q
				}
			}
		}
	}

	for n, p := range pDis {
		r.ExpectedDisruption += float64(n) * p
		if targetDP+n >= DisperseAt {
			r.PDispersed += p
		}
	}
	for _, p := range fbSixes {
		r.PForcedBack += p
	}
	r.PDisruption, r.PForcedBackSixes = pDis, fbSixes
	return r
}

// table is the exact distribution of one pool in the shapes Compute reads.
// It is immutable once built.
type table struct {
	w int // dice + 1
	// joint[s*w+k] = P(successes = s, sixes = k).
	joint []float64
	// succ[s] = P(successes = s); succAbove[s] = P(successes > s).
	succ, succAbove []float64
	// sixLess[m] = P(sixes < m), for m in 0..w.
	sixLess []float64
}

// maxCached is the largest pool whose table is kept; dice.PoolDist caches
// the same sizes.
const maxCached = 64

// cache holds tables by dice and target number clamped to 1..7 (dice
// treats every target number below 1 as 1 and above 7 as 7). Racing
// builders store equal tables, so the first store wins harmlessly.
var cache [maxCached + 1][8]atomic.Pointer[table]

func tableFor(n, tn int) *table {
	tn = min(max(tn, 1), 7)
	if n > maxCached {
		return newTable(n, tn)
	}
	slot := &cache[n][tn]
	if t := slot.Load(); t != nil {
		return t
	}
	t := newTable(n, tn)
	slot.Store(t)
	return t
}

func newTable(n, tn int) *table {
	j := dice.PoolDist(n, tn)
	w := n + 1
	t := &table{w: w, joint: j.P, succ: make([]float64, w), succAbove: make([]float64, w), sixLess: make([]float64, w+1)}
	for s := range w {
		for k, p := range j.P[s*w : s*w+w] {
			t.succ[s] += p
			t.sixLess[k+1] += p
		}
	}
	for s := w - 2; s >= 0; s-- {
		t.succAbove[s] = t.succAbove[s+1] + t.succ[s+1]
	}
	for m := 1; m <= w; m++ {
		t.sixLess[m] += t.sixLess[m-1]
	}
	return t
}
