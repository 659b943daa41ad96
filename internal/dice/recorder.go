package dice

import "slices"

// Recorder is a Source that passes every roll to another source and keeps
// the faces, in order, so a game log can record its chance outcomes and
// replay them later with [NewScripted].
//
// Rolls drawn through a Recorder always go through Die one value at a time,
// so wrapping a [*PCG] gives a different (equally uniform) sequence from the
// bare PCG, whose [Pool] fast path draws several dice from one 64-bit value.
type Recorder struct {
	src   Source
	faces []int
}

// NewRecorder returns a Recorder drawing from src.
func NewRecorder(src Source) *Recorder { return &Recorder{src: src} }

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
