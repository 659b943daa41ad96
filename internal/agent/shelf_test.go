package agent

import (
	"runtime"
	"testing"
)

// TestMemoShelfKeepsMemosThroughGC: a memo put on the shelf is there for
// the next search even after garbage collections (a sync.Pool would have
// dropped it), the last put comes back first, and the shelf keeps no more
// than shelfSize memos.
func TestMemoShelfKeepsMemosThroughGC(t *testing.T) {
	var sh memoShelf
	if m := sh.Get(); m != nil {
		t.Fatalf("an empty shelf gave %v", m)
	}
	a, b := new(int), new(int)
	sh.Put(a)
	sh.Put(b)
	runtime.GC()
	runtime.GC()
	if m := sh.Get(); m != b {
		t.Fatalf("got %v, want the memo put last", m)
	}
	if m := sh.Get(); m != a {
		t.Fatalf("got %v, want the first memo", m)
	}
	for range shelfSize() + 5 {
		sh.Put(new(int))
	}
	n := 0
	for sh.Get() != nil {
		n++
	}
	if n != shelfSize() {
		t.Fatalf("the shelf kept %d memos, want %d", n, shelfSize())
	}
}
