package sim

import "math"

// Z95 is the standard normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval for k successes in n trials at
// normal quantile z (use [Z95] for 95%). The interval always lies within
// [0, 1]; it is exactly 0 below for k = 0 and exactly 1 above for k = n.
// With no trials (n ≤ 0) it returns the uninformative interval [0, 1].
func Wilson(k, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	denom := 1 + z2/nf
	centre := (p + z2/(2*nf)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = max(0, centre-half), min(1, centre+half)
	if k <= 0 {
		lo = 0
	}
	if k >= n {
		hi = 1
	}
	return lo, hi
}
