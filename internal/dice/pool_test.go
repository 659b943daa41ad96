package dice

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

// TestRejectionBounds checks the fast path's tables against big-integer
// arithmetic: 6^k, and 2^64 mod 6^k, below which a batch is redrawn.
func TestRejectionBounds(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for k := 1; k <= poolBatch; k++ {
		p := new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(k)), nil)
		if pow6[k] != p.Uint64() {
			t.Errorf("pow6[%d] = %d, want %v", k, pow6[k], p)
		}
		if want := new(big.Int).Mod(two64, p); reject6[k] != want.Uint64() {
			t.Errorf("reject6[%d] = %d, want %v", k, reject6[k], want)
		}
	}
	for g, c := range groupCounts {
		var want uint64
		for x := g; x > 0; x /= 6 {
			for f := 1; f <= x%6; f++ {
				want += 1 << (8 * f)
			}
		}
		if c != want {
			t.Errorf("groupCounts[%d] = %#x, want %#x", g, c, want)
		}
	}
}

func TestPoolTargetNumbers(t *testing.T) {
	faces := []int{1, 2, 3, 4, 5, 6, 6}
	tests := []struct {
		tn   int
		want PoolResult
	}{
		{-3, PoolResult{Successes: 7, Sixes: 2}},
		{0, PoolResult{Successes: 7, Sixes: 2}},
		{1, PoolResult{Successes: 7, Sixes: 2}},
		{2, PoolResult{Successes: 6, Sixes: 2}},
		{4, PoolResult{Successes: 4, Sixes: 2}},
		{6, PoolResult{Successes: 2, Sixes: 2}},
		{7, PoolResult{Successes: 0, Sixes: 2}},
		{12, PoolResult{Successes: 0, Sixes: 2}},
	}
	for _, tt := range tests {
		if got := Pool(NewScripted(faces...), len(faces), tt.tn); got != tt.want {
			t.Errorf("Pool(%v, tn %d) = %+v, want %+v", faces, tt.tn, got, tt.want)
		}
		got, gotFaces := PoolFaces(NewScripted(faces...), len(faces), tt.tn, nil)
		if got != tt.want || !slices.Equal(gotFaces, faces) {
			t.Errorf("PoolFaces(%v, tn %d) = %+v, %v, want %+v, %v", faces, tt.tn, got, gotFaces, tt.want, faces)
		}
	}
}

func TestPoolZeroDice(t *testing.T) {
	for _, src := range []Source{NewScripted(), NewPCG(1)} {
		if got := Pool(src, 0, 4); got != (PoolResult{}) {
			t.Errorf("Pool(%T, 0, 4) = %+v, want zero", src, got)
		}
	}
}

func TestPoolPanicsOnNegativeCount(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("Pool(src, -1, 4) did not panic")
		}
	}()
	Pool(NewPCG(1), -1, 4)
}

// TestPCGPoolMatchesFaces checks the PCG fast path counts as the rules say:
// PoolFaces consumes the same values as Pool, so the same seed must give the
// same counts, and the counts must match the faces.
func TestPCGPoolMatchesFaces(t *testing.T) {
	for _, n := range []int{1, 5, 10, 19, 20, 21, 45} {
		for tn := 0; tn <= 8; tn++ {
			a, b := NewPCG(uint64(n*100+tn)), NewPCG(uint64(n*100+tn))
			for range 50 {
				got := Pool(a, n, tn)
				prefix := []int{42}
				res, faces := PoolFaces(b, n, tn, prefix)
				if faces[0] != 42 || len(faces) != n+1 {
					t.Fatalf("PoolFaces(n %d) = %v, want 42 followed by %d faces", n, faces, n)
				}
				if want := count(faces[1:], tn); got != want || res != want {
					t.Fatalf("n %d tn %d faces %v: Pool = %+v, PoolFaces = %+v, want %+v", n, tn, faces[1:], got, res, want)
				}
			}
		}
	}
}

// TestPCGPoolFacesUniform checks the batched fast path yields uniform faces
// with no dependence between neighbours in a batch: chi-square over the 36
// (face i, face i+1) pairs for positions throughout a 20-die batch and
// across batch boundaries.
func TestPCGPoolFacesUniform(t *testing.T) {
	const rolls = 20_000
	p := NewPCG(*seedFlag)
	var singles [25][6]int
	var pairs [24][36]int
	var faces []int
	for range rolls {
		_, faces = PoolFaces(p, 25, 4, faces[:0])
		for i, f := range faces {
			singles[i][f-1]++
			if i+1 < len(faces) {
				pairs[i][(f-1)*6+faces[i+1]-1]++
			}
		}
	}
	for i := range singles {
		if x2 := chiSquare(singles[i][:], rolls); x2 > chiSquareCritical[5] {
			t.Errorf("die %d of 25: counts %v, chi-square %.1f > %.1f", i, singles[i], x2, chiSquareCritical[5])
		}
	}
	for i := range pairs {
		if x2 := chiSquare(pairs[i][:], rolls); x2 > chiSquareCritical[35] {
			t.Errorf("dice %d,%d of 25: chi-square %.1f > %.1f", i, i+1, x2, chiSquareCritical[35])
		}
	}
}

// TestPoolMatchesPoolDist compares Monte Carlo pools from PCG, through the
// fast path and through Die, with the exact joint distribution.
func TestPoolMatchesPoolDist(t *testing.T) {
	const trials = 1_000_000
	for _, c := range []struct {
		name string
		n    int
		tn   int
		src  func() Source
	}{
		{"fast path 5 at 4+", 5, 4, func() Source { return NewPCG(*seedFlag) }},
		{"fast path 10 at 5+", 10, 5, func() Source { return NewPCG(*seedFlag + 1) }},
		{"Die path 4 at 3+", 4, 3, func() Source { return dieOnly{NewPCG(*seedFlag + 2)} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() {
				t.Skip("Monte Carlo")
			}
			src := c.src()
			hist := make([]int, (c.n+1)*(c.n+1))
			for range trials {
				r := Pool(src, c.n, c.tn)
				hist[r.Successes*(c.n+1)+r.Sixes]++
			}
			j := PoolDist(c.n, c.tn)
			for s := 0; s <= c.n; s++ {
				for k := 0; k <= c.n; k++ {
					within(t, fmt.Sprintf("P(%d successes, %d sixes)", s, k), j.At(s, k), hist[s*(c.n+1)+k], trials, 5)
				}
			}
		})
	}
}

// dieOnly hides a source's concrete type so Pool takes the Die path.
type dieOnly struct{ Source }

func BenchmarkPool10(b *testing.B) {
	p := NewPCG(1)
	for b.Loop() {
		Pool(p, 10, 4)
	}
}

func BenchmarkPoolFaces10(b *testing.B) {
	p := NewPCG(1)
	faces := make([]int, 0, 10)
	for b.Loop() {
		_, faces = PoolFaces(p, 10, 4, faces[:0])
	}
}

func BenchmarkPool10DiePath(b *testing.B) {
	var src Source = dieOnly{NewPCG(1)}
	for b.Loop() {
		Pool(src, 10, 4)
	}
}

func BenchmarkDie6(b *testing.B) {
	p := NewPCG(1)
	for b.Loop() {
		p.Die(6)
	}
}
