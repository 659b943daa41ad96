package dice

import (
	"flag"
	"math"
	"testing"
)

var seedFlag = flag.Uint64("seed", 20240606, "seed for Monte Carlo tests, so a failure can be replayed")

// near reports whether got is within tol of want.
func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

func sum(p []float64) float64 {
	var s float64
	for _, x := range p {
		s += x
	}
	return s
}

// within checks an exact probability p against a Monte Carlo frequency of
// count hits in trials, allowing z binomial standard errors (plus a little
// slack for p so small a cell never or almost never occurs).
func within(t *testing.T, name string, p float64, count, trials int, z float64) {
	t.Helper()
	freq := float64(count) / float64(trials)
	se := math.Sqrt(p * (1 - p) / float64(trials))
	if !near(freq, p, z*se+1/float64(trials)) {
		t.Errorf("%s: frequency %.6f over %d trials, exact %.6f (%.1f standard errors off)",
			name, freq, trials, p, math.Abs(freq-p)/se)
	}
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

// count returns the successes and sixes of faces at tn, by the rules as
// written rather than as implemented.
func count(faces []int, tn int) PoolResult {
	var r PoolResult
	for _, f := range faces {
		if f >= tn {
			r.Successes++
		}
		if f == 6 {
			r.Sixes++
		}
	}
	return r
}
