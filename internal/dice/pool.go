package dice

import (
	"math/bits"
	"slices"
)

// PoolResult is the outcome of a d6 pool roll.
type PoolResult struct {
	// Successes counts dice showing the target number or more.
	Successes int
	// Sixes counts dice showing a 6, whether or not they succeeded.
	Sixes int
}

// Pool rolls n d6 against target number tn and counts the result.
//
// A die succeeds when its face is at least tn, so tn ≤ 1 makes every die a
// success and tn > 6 makes none. Sixes are counted for every tn; they are
// also successes whenever tn ≤ 6. Pool panics if n < 0.
//
// With a [*PCG] source (bare, or under a [Recorder], which then records
// the faces) Pool takes an allocation-free fast path that draws up
// to 20 dice from one 64-bit value by exact rejection sampling over 6^k
// outcomes, so every face is still exactly uniform and independent, but the
// values consumed differ from n calls to Die. Any other source is asked for
// n dice through Die, in order.
func Pool(src Source, n, tn int) PoolResult {
	checkCount(n)
	t := faceIndex(tn)
	if p, ok := src.(*PCG); ok {
		return p.pool(n, t)
	}
	if rec, ok := src.(*Recorder); ok && !rec.perDie {
		if p, ok := rec.src.(*PCG); ok {
			// The same values as the bare PCG's fast path, faces kept.
			var r PoolResult
			r, rec.faces = p.poolFaces(n, t, rec.faces)
			return r
		}
	}
	var r PoolResult
	for range n {
		f := src.Die(6)
		if f >= tn {
			r.Successes++
		}
		if f == 6 {
			r.Sixes++
		}
	}
	return r
}

// PoolFaces is Pool that also appends the n faces rolled, in order, to faces
// and returns the extended slice, for logs and for rules that look at
// individual dice.
func PoolFaces(src Source, n, tn int, faces []int) (PoolResult, []int) {
	checkCount(n)
	t := faceIndex(tn)
	faces = slices.Grow(faces, n)
	if p, ok := src.(*PCG); ok {
		return p.poolFaces(n, t, faces)
	}
	if rec, ok := src.(*Recorder); ok && !rec.perDie {
		if p, ok := rec.src.(*PCG); ok {
			start := len(faces)
			r, faces := p.poolFaces(n, t, faces)
			rec.faces = append(rec.faces, faces[start:]...)
			return r, faces
		}
	}
	var r PoolResult
	for range n {
		f := src.Die(6)
		if f >= tn {
			r.Successes++
		}
		if f == 6 {
			r.Sixes++
		}
		faces = append(faces, f)
	}
	return r, faces
}

// faceIndex returns the smallest 0-based face index (face-1) that succeeds
// against tn: 0 when every face succeeds, 6 when none does.
func faceIndex(tn int) uint64 {
	return uint64(min(max(tn, 1), 7) - 1)
}

// poolBatch is the number of d6 drawn from one 64-bit value. 6^20 < 2^64,
// and a draw is rejected with probability below 6^20/2^64 ≈ 2e-4.
const poolBatch = 20

// pow6[k] = 6^k and reject6[k] = 2^64 mod 6^k: a batch of k dice is
// rejected when the low word left over is below reject6[k] (Lemire's bound
// for the range 6^k).
var pow6, reject6 = func() (p, r [poolBatch + 1]uint64) {
	p[0] = 1
	for k := 1; k <= poolBatch; k++ {
		p[k] = p[k-1] * 6
		r[k] = -p[k] % p[k]
	}
	return
}()

// groupDice is the number of d6 read at once through groupCounts.
const groupDice = 4

// groupCounts[g], for g in 0..6^4-1 read as four base-6 digits (0-based
// face indexes), holds in byte f, for f in 1..5, how many of the digits are
// at least f. Byte 0 and byte 6 stay 0 so that leading zero digits of a
// shorter group count for nothing; byte 5 counts sixes.
var groupCounts = func() (tab [1296]uint64) {
	for g := range tab {
		for d, x := 0, g; d < groupDice; d, x = d+1, x/6 {
			for f := 1; f <= x%6; f++ {
				tab[g] += 1 << (8 * f)
			}
		}
	}
	return
}()

// pool rolls n d6 where a die with 0-based face index ≥ t succeeds.
//
// Drawing x uniform in [0, 2^64) and repeatedly multiplying the low word by
// 6 (or by 6^4 for four dice at once) computes x·6^k = Q·2^64 + r, where the
// high words are the base-6 digits of Q. Accepting only r ≥ 2^64 mod 6^k
// makes Q exactly uniform on [0, 6^k) (Lemire's method over 6^k;
// Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer Generation",
// 2024), so the digits are independent uniform dice.
func (p *PCG) pool(n int, t uint64) PoolResult {
	var res PoolResult
	for n > 0 {
		k := min(n, poolBatch)
		var acc uint64
		for {
			r := p.src.Uint64()
			acc = 0
			m := k
			var h uint64
			for ; m >= groupDice; m -= groupDice {
				h, r = bits.Mul64(r, pow6[groupDice])
				acc += groupCounts[h]
			}
			if m > 0 {
				h, r = bits.Mul64(r, pow6[m])
				acc += groupCounts[h%uint64(len(groupCounts))]
			}
			if r >= reject6[k] {
				break
			}
		}
		acc += uint64(k) // byte 0: every die is at least face index 0
		res.Successes += int(acc >> (8 * t) & 0xff)
		res.Sixes += int(acc >> 40 & 0xff)
		n -= k
	}
	return res
}

// poolFaces is pool that also appends the faces to faces. It consumes the
// same values as pool, so the two give the same results.
func (p *PCG) poolFaces(n int, t uint64, faces []int) (PoolResult, []int) {
	var res PoolResult
	for n > 0 {
		k := min(n, poolBatch)
		var buf [poolBatch]int
		for {
			r := p.src.Uint64()
			for i := range k {
				var h uint64
				h, r = bits.Mul64(r, 6)
				buf[i] = int(h) + 1
			}
			if r >= reject6[k] {
				break
			}
		}
		for _, f := range buf[:k] {
			if uint64(f-1) >= t {
				res.Successes++
			}
			if f == 6 {
				res.Sixes++
			}
		}
		faces = append(faces, buf[:k]...)
		n -= k
	}
	return res, faces
}
