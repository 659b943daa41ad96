package dice

import (
	"slices"
	"sync/atomic"
)

// Joint is the exact joint distribution of successes and sixes for a pool of
// N d6, as returned by [PoolDist].
type Joint struct {
	// N is the number of dice.
	N int
	// P holds P(successes = s, sixes = k) at P[s*(N+1)+k], for s and k in
	// 0..N.
	P []float64
}

// At returns P(successes = s, sixes = k); it is 0 for s or k outside 0..N.
func (j Joint) At(s, k int) float64 {
	if s < 0 || k < 0 || s > j.N || k > j.N {
		return 0
	}
	return j.P[s*(j.N+1)+k]
}

// Successes returns the marginal distribution of successes: element s is
// P(successes = s), for s in 0..N.
func (j Joint) Successes() []float64 {
	m := make([]float64, j.N+1)
	for s := range m {
		for k := range j.N + 1 {
			m[s] += j.P[s*(j.N+1)+k]
		}
	}
	return m
}

// Sixes returns the marginal distribution of sixes: element k is
// P(sixes = k), for k in 0..N.
func (j Joint) Sixes() []float64 {
	m := make([]float64, j.N+1)
	for s := range j.N + 1 {
		for k := range m {
			m[k] += j.P[s*(j.N+1)+k]
		}
	}
	return m
}

// PoolDist returns the exact joint distribution of (successes, sixes) for n
// d6 rolled against tn, with the counting rules of [Pool]. It panics if
// n < 0.
//
// The result is the caller's to modify. Pools of up to 64 dice are computed
// once per (n, tn) and cached.
func PoolDist(n, tn int) Joint {
	checkCount(n)
	t := poolTableFor(n, tn)
	return Joint{N: n, P: slices.Clone(t.joint)}
}

// poolTable holds the exact distributions of one (n, tn) pool in the shapes
// the opposed-roll code wants. It is immutable once built.
type poolTable struct {
	n int
	// joint[s*(n+1)+k] = P(S = s, K = k) for successes S and sixes K.
	joint []float64
	// sixHits reports whether sixes are successes (tn ≤ 6), in which
	// case joint is zero for k > s.
	sixHits bool
	// succ[s] = P(S = s); below[s] = P(S < s); above[s] = P(S > s).
	succ, below, above []float64
	// cumRev holds rows k = 0..n+1 of width n+1, with
	// cumRev[k*(n+1)+i] = P(S = n-i, K < k). Row n+1 is P(S = n-i).
	// Reversing the success axis makes the opposed-roll inner loops run
	// forwards over both slices.
	cumRev []float64
	// cumRevPre[k*(n+2)+j] is the sum of the first j entries of row k of
	// cumRev, for j in 0..n+1.
	cumRevPre []float64
}

const maxCachedPool = 64

// poolCache holds tables for n ≤ maxCachedPool, indexed by n and the
// clamped target number. Racing builders store equal tables, so the first
// store wins harmlessly.
var poolCache [maxCachedPool + 1][7]atomic.Pointer[poolTable]

func poolTableFor(n, tn int) *poolTable {
	t := faceIndex(tn)
	if n > maxCachedPool {
		return newPoolTable(n, t)
	}
	slot := &poolCache[n][t]
	if pt := slot.Load(); pt != nil {
		return pt
	}
	pt := newPoolTable(n, t)
	slot.Store(pt)
	return pt
}

// newPoolTable builds the tables for n dice where a die with 0-based face
// index ≥ t succeeds (t in 0..6).
//
// Each die independently fails, succeeds without a six, or shows a six
// (a success unless t = 6): (sixes, other successes, failures) is
// multinomial. The joint is built one die at a time, which gives the
// multinomial probabilities without large coefficients.
func newPoolTable(n int, t uint64) *poolTable {
	w := n + 1
	pSix := 1.0 / 6
	pHit := float64(5-min(t, 5)) / 6 // faces t+1..5 succeed without a six
	pMiss := 1 - pSix - pHit
	sixHits := 1 // does a six count as a success?
	if t == 6 {
		sixHits = 0
	}

	joint := make([]float64, w*w)
	next := make([]float64, w*w)
	joint[0] = 1
	for d := range n {
		clear(next)
		for s := 0; s <= d; s++ {
			for k := 0; k <= d; k++ {
				p := joint[s*w+k]
				if p == 0 {
					continue
				}
				next[s*w+k] += p * pMiss
				next[(s+1)*w+k] += p * pHit
				next[(s+sixHits)*w+k+1] += p * pSix
			}
		}
		joint, next = next, joint
	}

	pt := &poolTable{
		n:         n,
		joint:     joint,
		sixHits:   sixHits == 1,
		succ:      make([]float64, w),
		below:     make([]float64, w),
		above:     make([]float64, w),
		cumRev:    make([]float64, (w+1)*w),
		cumRevPre: make([]float64, (w+1)*(w+1)),
	}
	for s := range w {
		for k := range w {
			pt.succ[s] += joint[s*w+k]
		}
	}
	for s := 1; s <= n; s++ {
		pt.below[s] = pt.below[s-1] + pt.succ[s-1]
	}
	for s := n - 1; s >= 0; s-- {
		pt.above[s] = pt.above[s+1] + pt.succ[s+1]
	}
	for k := 1; k <= w; k++ {
		for s := range w {
			pt.cumRev[k*w+n-s] = pt.cumRev[(k-1)*w+n-s] + joint[s*w+k-1]
		}
		for i := range w {
			pt.cumRevPre[k*(w+1)+i+1] = pt.cumRevPre[k*(w+1)+i] + pt.cumRev[k*w+i]
		}
	}
	return pt
}

// SumDist returns the exact distribution of the sum of n dice with the given
// number of sides: element t is P(sum = t), for t in 0..n*sides (elements
// below n are 0). SumDist(0, sides) is [1]. It panics if n < 0 or sides < 1.
func SumDist(n, sides int) []float64 {
	checkCount(n)
	checkSides(sides)
	dist := make([]float64, n*sides+1)
	next := make([]float64, n*sides+1)
	dist[0] = 1
	p := 1 / float64(sides)
	for d := range n {
		clear(next)
		for t := d; t <= d*sides; t++ {
			q := dist[t] * p
			if q == 0 {
				continue
			}
			for f := 1; f <= sides; f++ {
				next[t+f] += q
			}
		}
		dist, next = next, dist
	}
	return dist
}
