package slotcache

import "testing"

type entry struct {
	key  uint64
	live bool
}

// TestGrown grows a table of 8 slots: the live entries land in the slots
// of their keys in a table of 32, the dead ones are dropped, and a table
// already at its most entries is returned as it is.
func TestGrown(t *testing.T) {
	old := make([]entry, 8)
	for k := uint64(0); k < 8; k++ {
		*Slot(old, k*37) = entry{key: k * 37, live: k%2 == 0}
	}
	n := Grown(old, 64, func(e *entry) (uint64, bool) { return e.key, e.live })
	if len(n) != 32 {
		t.Fatalf("grown to %d slots, want 32", len(n))
	}
	live := 0
	for i, e := range n {
		if !e.live {
			continue
		}
		live++
		if got := Slot(n, e.key); got != &n[i] {
			t.Errorf("key %d in slot %d, not its own", e.key, i)
		}
	}
	if live != 4 {
		t.Errorf("%d live entries kept, want 4", live)
	}
	if same := Grown(n, 32, func(e *entry) (uint64, bool) { return e.key, e.live }); &same[0] != &n[0] {
		t.Error("a table at its most entries was copied")
	}
	if Crowded(16, 8) || !Crowded(17, 8) {
		t.Error("Crowded: want more than twice the size")
	}
}
