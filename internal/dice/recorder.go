package dice

import "slices"

// Recorder is a Source that passes every roll to another source and keeps
// the faces, in order, so a game log can record its chance outcomes and
// replay them later with [NewScripted].
//
// A Recorder over a [*PCG] draws exactly what the bare PCG would: [Pool]
// and [PoolFaces] take the PCG's fast path (several dice from one 64-bit
// value) and record the faces it rolled, so a game played with a log gives
// the same dice as one played without (sandtable play and simulate agree).
type Recorder struct {
	src   Source
	faces []int
	// perDie turns the fast path off: every die is drawn on its own.
	perDie bool
}

// NewRecorder returns a Recorder drawing from src.
func NewRecorder(src Source) *Recorder { return &Recorder{src: src} }

// NewPerDieRecorder returns a Recorder that draws every die on its own,
// even from a PCG: the dice of game logs written before pools took the fast
// path through a recorder.
func NewPerDieRecorder(src Source) *Recorder { return &Recorder{src: src, perDie: true} }

// Die rolls src and records the face.
func (r *Recorder) Die(sides int) int {
	v := r.src.Die(sides)
	r.faces = append(r.faces, v)
	return v
}

// Faces returns a copy of the faces rolled since creation or the last Reset.
func (r *Recorder) Faces() []int { return slices.Clone(r.faces) }

// Reset forgets the recorded faces.
func (r *Recorder) Reset() { r.faces = r.faces[:0] }
