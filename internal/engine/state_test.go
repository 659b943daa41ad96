package engine_test

import (
	"fmt"
	"math"
	"math/bits"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
)

// TestDrawValidIsUniform follows every sequence of picks DrawValid can
// make, for up to seven options and every set of them that passes, and
// checks that each passing option comes out with probability 1/(the
// number passing), and -1 exactly when none passes.
func TestDrawValidIsUniform(t *testing.T) {
	for n := 0; n <= 7; n++ {
		for mask := 0; mask < 1<<n; mask++ {
			asked := map[int]bool{}
			got, _, ok := enginetest.Distribution(func(pick func(int) int) string {
				clear(asked)
				i := engine.DrawValid(n, pick, func(i int) bool {
					if asked[i] {
						t.Fatalf("n=%d mask=%b: option %d tried twice", n, mask, i)
					}
					asked[i] = true
					return mask&(1<<i) != 0
				})
				return fmt.Sprint(i)
			}, 1<<20)
			if !ok {
				t.Fatalf("n=%d mask=%b: too many pick sequences", n, mask)
			}
			valid := bits.OnesCount(uint(mask))
			want := map[string]float64{}
			if valid == 0 {
				want["-1"] = 1
			}
			for i := range n {
				if mask&(1<<i) != 0 {
					want[fmt.Sprint(i)] = 1 / float64(valid)
				}
			}
			if len(got) != len(want) {
				t.Fatalf("n=%d mask=%b: drew %v, want %v", n, mask, got, want)
			}
			for k, p := range want {
				if math.Abs(got[k]-p) > 1e-12 {
					t.Fatalf("n=%d mask=%b: %s with probability %v, want %v", n, mask, k, got[k], p)
				}
			}
		}
	}
}

// TestDrawValidManyOptions draws from more options than DrawValid keeps
// on the stack: the one passing option must still be found.
func TestDrawValidManyOptions(t *testing.T) {
	for _, n := range []int{64, 65, 200} {
		for _, good := range []int{0, n / 2, n - 1} {
			k := 0
			i := engine.DrawValid(n, func(m int) int { k++; return (k * 7) % m }, func(i int) bool { return i == good })
			if i != good {
				t.Errorf("n=%d: drew %d, want %d", n, i, good)
			}
		}
	}
}
