package dice

import (
	"fmt"
	"math"
	"testing"
)

func TestPoolDistOneDie(t *testing.T) {
	tests := []struct {
		tn          int
		succ, sixes []float64
	}{
		{0, []float64{0, 1}, []float64{5.0 / 6, 1.0 / 6}},
		{1, []float64{0, 1}, []float64{5.0 / 6, 1.0 / 6}},
		{2, []float64{1.0 / 6, 5.0 / 6}, []float64{5.0 / 6, 1.0 / 6}},
		{4, []float64{0.5, 0.5}, []float64{5.0 / 6, 1.0 / 6}},
		{6, []float64{5.0 / 6, 1.0 / 6}, []float64{5.0 / 6, 1.0 / 6}},
		{7, []float64{1, 0}, []float64{5.0 / 6, 1.0 / 6}},
	}
	for _, tt := range tests {
		j := PoolDist(1, tt.tn)
		if got := j.Successes(); !allNear(got, tt.succ, 1e-15) {
			t.Errorf("PoolDist(1, %d).Successes() = %v, want %v", tt.tn, got, tt.succ)
		}
		if got := j.Sixes(); !allNear(got, tt.sixes, 1e-15) {
			t.Errorf("PoolDist(1, %d).Sixes() = %v, want %v", tt.tn, got, tt.sixes)
		}
	}
	// At 4+, a six is always a success: P(1 success, 1 six) = 1/6,
	// P(1 success, no six) = 2/6, and a six without a success is impossible.
	j := PoolDist(1, 4)
	for _, c := range []struct {
		s, k int
		want float64
	}{{0, 0, 0.5}, {1, 0, 2.0 / 6}, {1, 1, 1.0 / 6}, {0, 1, 0}, {2, 0, 0}, {-1, 0, 0}} {
		if got := j.At(c.s, c.k); !near(got, c.want, 1e-15) {
			t.Errorf("PoolDist(1, 4).At(%d, %d) = %v, want %v", c.s, c.k, got, c.want)
		}
	}
}

// TestPoolDistExhaustive checks every small pool against all 6^n ways its
// dice can fall.
func TestPoolDistExhaustive(t *testing.T) {
	for n := 0; n <= 5; n++ {
		for tn := 0; tn <= 8; tn++ {
			w := n + 1
			counts := make([]int, w*w)
			total := 0
			forEachRoll(n, func(faces []int) {
				r := count(faces, tn)
				counts[r.Successes*w+r.Sixes]++
				total++
			})
			j := PoolDist(n, tn)
			for s := range w {
				for k := range w {
					want := float64(counts[s*w+k]) / float64(total)
					if got := j.At(s, k); !near(got, want, 1e-14) {
						t.Errorf("PoolDist(%d, %d).At(%d, %d) = %v, want %v", n, tn, s, k, got, want)
					}
				}
			}
		}
	}
}

func TestDistributionsSumToOne(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 12, 30, 64, 65, 80} {
		for tn := 0; tn <= 8; tn++ {
			j := PoolDist(n, tn)
			for name, p := range map[string][]float64{"joint": j.P, "successes": j.Successes(), "sixes": j.Sixes()} {
				if got := sum(p); !near(got, 1, 1e-12) {
					t.Errorf("PoolDist(%d, %d) %s sums to %.17g, want 1", n, tn, name, got)
				}
			}
		}
	}
	for _, c := range [][2]int{{0, 6}, {1, 6}, {2, 6}, {3, 3}, {10, 10}, {1, 100}, {2, 100}, {40, 6}} {
		if got := sum(SumDist(c[0], c[1])); !near(got, 1, 1e-12) {
			t.Errorf("SumDist(%d, %d) sums to %.17g, want 1", c[0], c[1], got)
		}
	}
	for _, c := range [][4]int{{0, 4, 0, 4}, {1, 4, 0, 4}, {0, 4, 3, 5}, {12, 4, 12, 4}, {12, 2, 3, 7}, {30, 5, 20, 3}, {70, 4, 66, 5}} {
		d := Opposed(c[0], c[1], c[2], c[3])
		var total float64
		for _, row := range d.P {
			if row[0] < 0 || row[1] < 0 {
				t.Errorf("Opposed%v has a negative cell %v", c, row)
			}
			total += row[0] + row[1]
		}
		if !near(total, 1, 1e-12) {
			t.Errorf("Opposed%v sums to %.17g, want 1", c, total)
		}
		a, tie, b := CompareSuccesses(c[0], c[1], c[2], c[3])
		if got := a + tie + b; !near(got, 1, 1e-12) {
			t.Errorf("CompareSuccesses%v sums to %.17g, want 1", c, got)
		}
	}
}

func TestPoolDistIsACopy(t *testing.T) {
	j := PoolDist(3, 4)
	j.P[0] = 7
	if got := PoolDist(3, 4).At(0, 0); got != 0.125 {
		t.Errorf("PoolDist(3, 4).At(0, 0) = %v after changing an earlier result, want 0.125", got)
	}
}

func TestSumDist(t *testing.T) {
	tests := []struct {
		n, sides int
		want     []float64 // in units of 1/sides^n
	}{
		{0, 6, []float64{1}},
		{1, 3, []float64{0, 1, 1, 1}},
		{1, 6, []float64{0, 1, 1, 1, 1, 1, 1}},
		{2, 6, []float64{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}},
		{3, 2, []float64{0, 0, 0, 1, 3, 3, 1}},
	}
	for _, tt := range tests {
		got := SumDist(tt.n, tt.sides)
		scale := math.Pow(float64(tt.sides), float64(tt.n))
		want := make([]float64, len(tt.want))
		for i, w := range tt.want {
			want[i] = w / scale
		}
		if !allNear(got, want, 1e-15) {
			t.Errorf("SumDist(%d, %d) = %v, want %v", tt.n, tt.sides, got, want)
		}
	}
}

func TestSumDistMatchesRoll(t *testing.T) {
	if testing.Short() {
		t.Skip("Monte Carlo")
	}
	const trials = 1_000_000
	for _, c := range [][2]int{{2, 6}, {3, 10}} {
		t.Run(fmt.Sprintf("%dd%d", c[0], c[1]), func(t *testing.T) {
			p := NewPCG(*seedFlag)
			hist := make([]int, c[0]*c[1]+1)
			for range trials {
				hist[Roll(p, c[0], c[1])]++
			}
			for total, pr := range SumDist(c[0], c[1]) {
				within(t, fmt.Sprintf("P(sum %d)", total), pr, hist[total], trials, 5)
			}
		})
	}
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
