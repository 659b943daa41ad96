package dice

import (
	"math/bits"
	"math/rand/v2"
)

// pcgStream is the fixed second seed word given to math/rand/v2's PCG, so a
// game is identified by one uint64 seed.
const pcgStream = 0x5a4e_d7ab_1e00_d1ce

// PCG is a seeded Source built on math/rand/v2's PCG (PCG-DXSM, 128-bit
// state). For a given seed it yields the same sequence on every platform and
// run, which is what makes games replay exactly.
//
// A PCG is not safe for concurrent use. Copying the struct value copies the
// state, as [PCG.Clone] does.
type PCG struct {
	src rand.PCG
}

// NewPCG returns a source seeded with seed.
func NewPCG(seed uint64) *PCG {
	p := &PCG{}
	p.src.Seed(seed, pcgStream)
	return p
}

// Die returns a value uniformly distributed in 1..sides, exactly (Lemire's
// bounded multiply with rejection, no modulo bias). It panics if sides < 1.
func (p *PCG) Die(sides int) int {
	if sides < 1 {
		checkSides(sides)
	}
	n := uint64(sides)
	hi, lo := bits.Mul64(p.src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(p.src.Uint64(), n)
		}
	}
	return int(hi) + 1
}

// Uint64 returns 64 uniformly random bits, for agents that need raw
// randomness from the game's stream.
func (p *PCG) Uint64() uint64 { return p.src.Uint64() }

// Clone returns an independent source in the same state: it yields the same
// sequence as p from here on, and drawing from one does not advance the
// other.
func (p *PCG) Clone() *PCG {
	c := *p
	return &c
}

// MarshalBinary returns the generator state; [PCG.UnmarshalBinary] restores
// it, after which the source continues the same sequence.
func (p *PCG) MarshalBinary() ([]byte, error) { return p.src.MarshalBinary() }

// UnmarshalBinary restores a state written by [PCG.MarshalBinary].
func (p *PCG) UnmarshalBinary(data []byte) error { return p.src.UnmarshalBinary(data) }
