package dice

import (
	"slices"
	"testing"
)

// TestRecorderDrawsWhatTheBarePCGDraws: pools through a Recorder over a
// PCG give the bare PCG's results and leave it in the same state, and the
// recorded faces replay to the same results.
func TestRecorderDrawsWhatTheBarePCGDraws(t *testing.T) {
	bare, inner := NewPCG(9), NewPCG(9)
	rec := NewRecorder(inner)
	var want, got []PoolResult
	for i := range 200 {
		n, tn := i%23, 2+i%6
		want = append(want, Pool(bare, n, tn), Pool(bare, 3, 4))
		r, _ := PoolFaces(rec, n, tn, nil)
		got = append(got, r, Pool(rec, 3, 4))
		if bare.Die(6) != rec.Die(6) {
			t.Fatalf("roll %d: the streams parted", i)
		}
	}
	if !slices.Equal(want, got) {
		t.Fatal("pools through the recorder differ from the bare PCG's")
	}
	replay := NewScripted(rec.Faces()...)
	for i := range 200 {
		n, tn := i%23, 2+i%6
		if a, b := Pool(replay, n, tn), got[2*i]; a != b {
			t.Fatalf("pool %d replays as %+v, recorded %+v", i, a, b)
		}
		if a, b := Pool(replay, 3, 4), got[2*i+1]; a != b {
			t.Fatalf("pool %d replays as %+v, recorded %+v", i, a, b)
		}
		replay.Die(6)
	}
}
