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

// TestPairSlot: every ordered pair of n items has a slot of its own, the
// table is remade (empty) for another n, and an index out of range has
// none.
func TestPairSlot(t *testing.T) {
	var tab []entry
	seen := map[*entry]bool{}
	for a := range 5 {
		for b := range 5 {
			e := PairSlot(&tab, 5, a, b)
			if e == nil || seen[e] {
				t.Fatalf("pair (%d, %d): no slot, or another pair's", a, b)
			}
			seen[e] = true
			e.key = uint64(10*a + b)
		}
	}
	if e := PairSlot(&tab, 5, 3, 4); e.key != 34 {
		t.Fatalf("pair (3, 4) reads %d, want 34", e.key)
	}
	if len(tab) != 25 {
		t.Fatalf("%d slots for 5 items, want 25", len(tab))
	}
	if e := PairSlot(&tab, 6, 3, 4); len(tab) != 36 || e.key != 0 {
		t.Fatalf("for 6 items: %d slots, pair (3, 4) reads %d; want 36 and an empty slot", len(tab), e.key)
	}
	for _, ab := range [][2]int{{-1, 0}, {0, -1}, {6, 0}, {0, 6}} {
		if PairSlot(&tab, 6, ab[0], ab[1]) != nil {
			t.Fatalf("pair %v of 6 items has a slot", ab)
		}
	}
}
