package odds_test

import (
	"flag"
	"fmt"
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
)

var seedFlag = flag.Uint64("seed", 20240607, "seed for Monte Carlo tests, so a failure can be replayed")

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

func shot(aN, aTN, bN, bTN int, artillery bool) ab.ShotDice {
	return ab.ShotDice{AttackDice: aN, AttackTN: aTN, ReactionDice: bN, ReactionTN: bTN, InRange: true, ArtillerySuppression: artillery}
}

// outcome is one attack resolved by the rules as written.
type outcome struct {
	points     int
	suppressed bool
	unmatched  int // attacker sixes minus target sixes
}

// resolve applies the Direct Fire Combat Results and Suppression rules to
// rolled dice; bS and bK are ignored when the attacker scored no success,
// since then there is no Reaction Check.
func resolve(aS, aK, bS, bK int, artillery bool) outcome {
	if aS == 0 {
		return outcome{}
	}
	o := outcome{points: max(aS-bS, 0), unmatched: aK - bK}
	if artillery {
		o.suppressed = aK >= 1 && bK <= aK
	} else {
		o.suppressed = aK >= 1 && bK < aK
	}
	return o
}

// tally accumulates outcomes into the shape of a Result, weighted by w.
type tally struct {
	points, fbSixes                   []float64
	suppressed, forcedBack, dispersed float64
}

func newTally(aN int) *tally {
	return &tally{points: make([]float64, aN+1), fbSixes: make([]float64, aN+1)}
}

func (t *tally) scale(w float64) {
	for i := range t.points {
		t.points[i] *= w
		t.fbSixes[i] *= w
	}
	t.suppressed *= w
	t.forcedBack *= w
	t.dispersed *= w
}

func (t *tally) add(o outcome, dp int, w float64) {
	t.points[o.points] += w
	if o.suppressed {
		t.suppressed += w
	}
	if dp+o.points >= 3 {
		t.dispersed += w
	} else if o.suppressed && o.points >= 1 {
		t.forcedBack += w
		t.fbSixes[o.unmatched] += w
	}
}

func TestComputeOneDieEach(t *testing.T) {
	// Attack 1 die at 4+ against 1 reaction die at 4+: the attack hits on
	// 4-6 (1/2) and is cancelled on 4-6 (1/2), so one point is 1/4. The
	// attacker rolls a six 1/6 of the time; the target fails to match it
	// with 1-5 (5/6), so direct fire suppresses 5/36. Forced back needs the
	// six and a failed reaction (1-3): 1/6 × 1/2 = 1/12. Artillery also
	// suppresses when the target rolls a six too: 1/6.
	tests := []struct {
		name                              string
		d                                 ab.ShotDice
		dp                                int
		points                            []float64
		suppressed, forcedBack, dispersed float64
		fbSixes                           []float64
	}{
		{"direct fire", shot(1, 4, 1, 4, false), 0, []float64{0.75, 0.25}, 5.0 / 36, 1.0 / 12, 0, []float64{0, 1.0 / 12}},
		{"direct fire at 2 points", shot(1, 4, 1, 4, false), 2, []float64{0.75, 0.25}, 5.0 / 36, 0, 0.25, []float64{0, 0}},
		{"artillery", shot(1, 4, 1, 4, true), 0, []float64{0.75, 0.25}, 1.0 / 6, 1.0 / 12, 0, []float64{0, 1.0 / 12}},
		// At 2+ the attack hits on 2-6 (5/6); the reaction at 5+ cancels on
		// 5-6 (1/3): one point 5/6 × 2/3 = 5/9. Forced back: six (1/6) and reaction 1-4
		// (2/3) = 1/9.
		{"short range flank at a suppressed target", shot(1, 2, 1, 5, false), 1, []float64{4.0 / 9, 5.0 / 9}, 5.0 / 36, 1.0 / 9, 0, []float64{0, 1.0 / 9}},
		// At 7 nothing hits, so no Reaction Check and no suppression.
		{"TN 7 never hits", shot(1, 7, 1, 4, false), 0, []float64{1, 0}, 0, 0, 0, []float64{0, 0}},
		// No reaction dice: every success is a point and every six suppresses.
		{"no reaction dice", shot(1, 4, 0, 4, false), 2, []float64{0.5, 0.5}, 1.0 / 6, 0, 0.5, []float64{0, 0}},
		{"out of range", ab.ShotDice{Band: ab.BandOutOfRange}, 2, []float64{1}, 0, 0, 0, []float64{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := odds.Compute(tt.d, tt.dp)
			if !allNear(r.PDisruption, tt.points, 1e-15) {
				t.Errorf("PDisruption = %v, want %v", r.PDisruption, tt.points)
			}
			if !allNear(r.PForcedBackSixes, tt.fbSixes, 1e-15) {
				t.Errorf("PForcedBackSixes = %v, want %v", r.PForcedBackSixes, tt.fbSixes)
			}
			for _, c := range []struct {
				name      string
				got, want float64
			}{
				{"PSuppressed", r.PSuppressed, tt.suppressed},
				{"PForcedBack", r.PForcedBack, tt.forcedBack},
				{"PDispersed", r.PDispersed, tt.dispersed},
				{"ExpectedDisruption", r.ExpectedDisruption, tt.points[len(tt.points)-1] * float64(len(tt.points)-1)},
			} {
				if !near(c.got, c.want, 1e-15) {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
		})
	}
}

// TestComputeExhaustive checks small attacks against every way all the
// dice can fall, resolved by the rules as written.
func TestComputeExhaustive(t *testing.T) {
	for aN := 0; aN <= 3; aN++ {
		for bN := 0; bN <= 3; bN++ {
			for _, aTN := range []int{2, 4, 5, 7} {
				for _, bTN := range []int{4, 5, 7} {
					for _, art := range []bool{false, true} {
						d := shot(aN, aTN, bN, bTN, art)
						want := make([]*tally, 3)
						for dp := range want {
							want[dp] = newTally(aN)
						}
						forEachRoll(aN+bN, func(faces []int) {
							aS, aK := count(faces[:aN], aTN)
							bS, bK := count(faces[aN:], bTN)
							o := resolve(aS, aK, bS, bK, art)
							for dp, tl := range want {
								tl.add(o, dp, 1)
							}
						})
						for dp, tl := range want {
							tl.scale(math.Pow(6, -float64(aN+bN)))
							checkExact(t, fmt.Sprintf("%+v dp %d", d, dp), odds.Compute(d, dp), tl, 1e-14)
						}
					}
				}
			}
		}
	}
}

func checkExact(t *testing.T, name string, r odds.Result, want *tally, tol float64) {
	t.Helper()
	if !allNear(r.PDisruption, want.points, tol) {
		t.Errorf("%s: PDisruption = %v, want %v", name, r.PDisruption, want.points)
	}
	if !allNear(r.PForcedBackSixes, want.fbSixes, tol) {
		t.Errorf("%s: PForcedBackSixes = %v, want %v", name, r.PForcedBackSixes, want.fbSixes)
	}
	if !near(r.PSuppressed, want.suppressed, tol) || !near(r.PForcedBack, want.forcedBack, tol) || !near(r.PDispersed, want.dispersed, tol) {
		t.Errorf("%s: suppressed, forced back, dispersed = %v, %v, %v, want %v, %v, %v", name,
			r.PSuppressed, r.PForcedBack, r.PDispersed, want.suppressed, want.forcedBack, want.dispersed)
	}
}

// TestComputeMatchesRolls compares typical attacks with the frequencies of
// rolling them with dice.PCG, within 5 binomial standard errors.
func TestComputeMatchesRolls(t *testing.T) {
	if testing.Short() {
		t.Skip("Monte Carlo")
	}
	const trials = 400_000
	tests := []struct {
		name string
		d    ab.ShotDice
		dp   int
	}{
		{"Panzer IV H v M4 75mm effective", shot(8, 4, 5, 4, false), 0},
		{"Panther v M4 short, 1 point", shot(9, 3, 7, 4, false), 1},
		{"M4 v Panther flank, suppressed", shot(7, 3, 6, 5, false), 2},
		{"105L28 v M10", shot(4, 4, 4, 4, true), 1},
		{"105L28 v Tiger", shot(4, 4, 7, 4, true), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dice.NewPCG(*seedFlag)
			freq := newTally(tt.d.AttackDice)
			for range trials {
				a := dice.Pool(src, tt.d.AttackDice, tt.d.AttackTN)
				var b dice.PoolResult
				if a.Successes > 0 {
					b = dice.Pool(src, tt.d.ReactionDice, tt.d.ReactionTN)
				}
				freq.add(resolve(a.Successes, a.Sixes, b.Successes, b.Sixes, tt.d.ArtillerySuppression), tt.dp, 1)
			}
			r := odds.Compute(tt.d, tt.dp)
			for i, p := range r.PDisruption {
				within(t, fmt.Sprintf("P(%d points)", i), p, freq.points[i], trials)
			}
			for u, p := range r.PForcedBackSixes {
				within(t, fmt.Sprintf("P(forced back, %d unmatched sixes)", u), p, freq.fbSixes[u], trials)
			}
			within(t, "PSuppressed", r.PSuppressed, freq.suppressed, trials)
			within(t, "PForcedBack", r.PForcedBack, freq.forcedBack, trials)
			within(t, "PDispersed", r.PDispersed, freq.dispersed, trials)
		})
	}
}

// within checks an exact probability p against count hits in trials,
// allowing 5 binomial standard errors plus one trial's worth of slack.
func within(t *testing.T, name string, p, count float64, trials int) {
	t.Helper()
	freq := count / float64(trials)
	se := math.Sqrt(p * (1 - p) / float64(trials))
	if !near(freq, p, 5*se+1/float64(trials)) {
		t.Errorf("%s: frequency %.6f over %d trials, exact %.6f (%.1f standard errors off)",
			name, freq, trials, p, math.Abs(freq-p)/se)
	}
}

func TestComputeInvariants(t *testing.T) {
	for aN := 0; aN <= 12; aN++ {
		for bN := 0; bN <= 12; bN += 3 {
			for _, tn := range []int{2, 3, 4, 5, 6, 7} {
				direct := odds.Compute(shot(aN, tn, bN, 4, false), 0)
				art := odds.Compute(shot(aN, tn, bN, 4, true), 0)
				for _, r := range []odds.Result{direct, art} {
					if len(r.PDisruption) != aN+1 {
						t.Errorf("%d v %d at %d+: len(PDisruption) = %d, want %d", aN, bN, tn, len(r.PDisruption), aN+1)
					}
					if s := sum(r.PDisruption); !near(s, 1, 1e-12) {
						t.Errorf("%d v %d at %d+: PDisruption sums to %v", aN, bN, tn, s)
					}
					if s := sum(r.PForcedBackSixes); !near(s, r.PForcedBack, 1e-12) {
						t.Errorf("%d v %d at %d+: PForcedBackSixes sums to %v, PForcedBack %v", aN, bN, tn, s, r.PForcedBack)
					}
					if r.PForcedBack > r.PSuppressed+1e-15 {
						t.Errorf("%d v %d at %d+: PForcedBack %v > PSuppressed %v", aN, bN, tn, r.PForcedBack, r.PSuppressed)
					}
				}
				// Needing more sixes, not as many, only makes suppression likelier.
				if art.PSuppressed < direct.PSuppressed-1e-15 {
					t.Errorf("%d v %d at %d+: artillery suppresses %v < direct %v", aN, bN, tn, art.PSuppressed, direct.PSuppressed)
				}
				if art.PForcedBackSixes[0] != 0 && direct.PForcedBackSixes[0] != 0 {
					t.Errorf("%d v %d at %d+: direct fire forced back with no unmatched six", aN, bN, tn)
				}
			}
		}
	}
}

func TestComputePanics(t *testing.T) {
	for _, c := range []struct {
		d  ab.ShotDice
		dp int
	}{{shot(3, 4, 3, 4, false), -1}, {shot(3, 4, 3, 4, false), 3}, {shot(-1, 4, 3, 4, false), 0}, {shot(3, 4, -1, 4, false), 0}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Compute(%+v, %d) did not panic", c.d, c.dp)
				}
			}()
			odds.Compute(c.d, c.dp)
		}()
	}
}

func BenchmarkCompute(b *testing.B) {
	for _, c := range []struct {
		name string
		d    ab.ShotDice
	}{
		{"9v7", shot(9, 4, 7, 4, false)},
		{"8v5", shot(8, 4, 5, 4, false)},
		{"4v5artillery", shot(4, 4, 5, 4, true)},
		{"12v12", shot(12, 3, 12, 5, false)},
	} {
		b.Run(c.name, func(b *testing.B) {
			odds.Compute(c.d, 1) // warm the pool cache
			for b.Loop() {
				odds.Compute(c.d, 1)
			}
		})
	}
}

func ExampleCompute() {
	// Panzer IV H (8 AT Dice) at an M4 75mm (5 Reaction Dice) at effective
	// range, the M4 already carrying one Disruption Point.
	r := odds.Compute(ab.ShotDice{AttackDice: 8, AttackTN: 4, ReactionDice: 5, ReactionTN: 4, InRange: true}, 1)
	fmt.Printf("no effect %.1f%%, suppressed %.1f%%, forced back %.1f%%, dispersed %.1f%%\n",
		100*r.PDisruption[0], 100*r.PSuppressed, 100*r.PForcedBack, 100*r.PDispersed)
	// Output: no effect 29.1%, suppressed 49.0%, forced back 9.2%, dispersed 50.0%
}

func sum(p []float64) float64 {
	var s float64
	for _, x := range p {
		s += x
	}
	return s
}

func allNear(got, want []float64, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !near(got[i], want[i], tol) {
			return false
		}
	}
	return true
}

// forEachRoll calls f with every one of the 6^n ways n d6 can fall.
func forEachRoll(n int, f func(faces []int)) {
	faces := make([]int, n)
	for i := range faces {
		faces[i] = 1
	}
	for {
		f(faces)
		i := 0
		for ; i < n && faces[i] == 6; i++ {
			faces[i] = 1
		}
		if i == n {
			return
		}
		faces[i]++
	}
}

// count returns the successes and sixes of faces at tn.
func count(faces []int, tn int) (successes, sixes int) {
	for _, f := range faces {
		if f >= tn {
			successes++
		}
		if f == 6 {
			sixes++
		}
	}
	return successes, sixes
}

// TestRollShotAgreesWithCompute: the table-side roll (ab.RollShot), fed
// every way the dice of small shots can fall, comes to the exact odds
// Compute gives: the points taken, dispersal, forced back and its sixes.
func TestRollShotAgreesWithCompute(t *testing.T) {
	for aN := 1; aN <= 3; aN++ {
		for bN := 0; bN <= 3; bN++ {
			for _, aTN := range []int{2, 4, 6, 7} {
				for _, art := range []bool{false, true} {
					for dp := 0; dp < odds.DisperseAt; dp++ {
						d := shot(aN, aTN, bN, 5, art)
						got := newTally(aN)
						w := math.Pow(6, -float64(aN+bN))
						faces := make([]int, aN+bN)
						var each func(i int)
						each = func(i int) {
							if i < len(faces) {
								for f := 1; f <= 6; f++ {
									faces[i] = f
									each(i + 1)
								}
								return
							}
							// The attack, the reaction, then a D3 or the
							// forced-back D6s, read only when needed.
							script := append(append([]int{}, faces...), 1, 1, 1, 1)
							src := dice.NewScripted(script...)
							r := ab.RollShot(d, dp, src)
							if r.Reaction == nil || len(r.Attack) != aN {
								t.Fatalf("%v: rolled %v", d, r)
							}
							if r.AttackSuccesses == 0 && src.Used() != aN || r.AttackSuccesses > 0 && src.Used() < aN+bN {
								t.Fatalf("%v with %v: read %d dice", d, faces, src.Used())
							}
							got.points[r.Disruption] += w
							switch {
							case r.Dispersed:
								got.dispersed += w
							case r.ForcedBack > 0:
								got.forcedBack += w
								got.fbSixes[len(r.ForcedBackDice)] += w
							}
						}
						each(0)
						want := odds.Compute(d, dp)
						if !allNear(got.points, want.PDisruption, 1e-12) || !allNear(got.fbSixes, want.PForcedBackSixes, 1e-12) ||
							!near(got.dispersed, want.PDispersed, 1e-12) || !near(got.forcedBack, want.PForcedBack, 1e-12) {
							t.Errorf("%+v at %d DP: rolled points %v dispersed %v forced back %v (sixes %v); Compute %v %v %v (%v)",
								d, dp, got.points, got.dispersed, got.forcedBack, got.fbSixes, want.PDisruption, want.PDispersed, want.PForcedBack, want.PForcedBackSixes)
						}
					}
				}
			}
		}
	}
}
