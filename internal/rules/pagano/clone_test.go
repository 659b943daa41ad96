package pagano

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// TestCloneReusingSameAsClone checks, at every position of random games
// of each scenario, that CloneReusing builds in the storage of a state
// done with (one from earlier in the game or from another scenario, with
// a move under way or not) exactly the state Clone builds (reflect.
// DeepEqual, so nil and empty lists differ too; the checked move's empty
// buffers aside) and shares no storage with its source, and that the two
// clones then play on alike: the same
// action and dice give both the same state. Each source is a copy of the
// game's position, kept for a while: neither building clones in used
// storage nor playing on them may change any of the last few sources.
// In the game itself, the storage a finished move hands back must not be
// the move under way's.
func TestCloneReusingSameAsClone(t *testing.T) {
	type source struct {
		s    *State
		hash uint64
	}
	var spare engine.State
	var sources []source
	checked, underWay := 0, 0
	recycled := 0
	eachRandomPosition(t, 2, 400, nil, func(where string, s *State, a engine.Action) {
		checked++
		// A finished move's storage handed back to the state is not the
		// move under way's (recycleMove, startMove).
		if s.checked.transit != nil {
			recycled++
		}
		if m := s.Move; m != nil && (m == s.checked.transit || sameBuffer(m.Path, s.checked.spare)) {
			t.Fatalf("%s: the move under way shares the storage handed back by a finished one", where)
		}
		src := s.clone()
		sources = append(sources, source{src, src.Hash()})
		if len(sources) > 8 {
			sources = sources[1:]
		}
		fresh, reused := src.clone(), src.CloneReusing(spare).(*State)
		if what := sharedStorage(src, reused); what != "" {
			t.Fatalf("%s: the clone built in a used state shares its source's %s", where, what)
		}
		if reused.checked.ok {
			t.Fatalf("%s: the clone built in a used state kept a plan", where)
		}
		bare := *reused
		bare.checked.spare, bare.checked.to = nil, nil
		if !reflect.DeepEqual(fresh, &bare) {
			t.Fatalf("%s: the clone built in a used state differs from a fresh one", where)
		}
		if src.Move != nil {
			underWay++
		}
		fresh.Apply(a, dice.NewPCG(uint64(checked)), engine.Discard)
		reused.Apply(a, dice.NewPCG(uint64(checked)), engine.Discard)
		if fresh.Hash() != reused.Hash() || !reflect.DeepEqual(fresh.Move, reused.Move) {
			t.Fatalf("%s: the clone built in a used state plays %s otherwise than a fresh one", where, a.Kind())
		}
		for k, o := range sources {
			if o.s.Hash() != o.hash {
				t.Fatalf("%s: the source %d positions back changed", where, len(sources)-1-k)
			}
		}
		if checked%5 != 0 {
			spare = reused // else keep one from further back
		}
	})
	t.Logf("%d states cloned in used ones, %d with a move under way, %d with a finished move's storage kept", checked, underWay, recycled)
	if checked < 500 || underWay == 0 || recycled == 0 {
		t.Fatalf("only %d states checked, %d with a move under way, %d with a finished move's storage kept", checked, underWay, recycled)
	}
	s, _ := playRandom(t, paganoScenarios(t)[0], 1)
	before := s.Hash()
	if c := s.CloneReusing(s); c == engine.State(s) || s.Hash() != before {
		t.Fatal("CloneReusing built a state in its own source")
	}
}

// sharedStorage names the first of a's lists and pointers that b shares
// storage with, or "".
func sharedStorage(a, b *State) string {
	same := func(x, y []byte) bool { return len(x) > 0 && len(y) > 0 && &x[0] == &y[0] }
	bytesOf := func(p unsafe.Pointer, n int) []byte {
		if p == nil || n == 0 {
			return nil
		}
		return unsafe.Slice((*byte)(p), n)
	}
	units := func(s *State) []byte { return bytesOf(unsafe.Pointer(unsafe.SliceData(s.Units)), len(s.Units)) }
	if same(units(a), units(b)) {
		return "units"
	}
	if a.Move == nil || b.Move == nil {
		return ""
	}
	if a.Move == b.Move {
		return "move under way"
	}
	for _, f := range []struct {
		name string
		x, y []byte
	}{
		{"path", bytesOf(unsafe.Pointer(unsafe.SliceData(a.Move.Path)), len(a.Move.Path)), bytesOf(unsafe.Pointer(unsafe.SliceData(b.Move.Path)), len(b.Move.Path))},
		{"spans", bytesOf(unsafe.Pointer(unsafe.SliceData(a.Move.Spans)), len(a.Move.Spans)), bytesOf(unsafe.Pointer(unsafe.SliceData(b.Move.Spans)), len(b.Move.Spans))},
		{"facing", bytesOf(unsafe.Pointer(a.Move.Facing), 1), bytesOf(unsafe.Pointer(b.Move.Facing), 1)},
		{"turret", bytesOf(unsafe.Pointer(a.Move.Turret), 1), bytesOf(unsafe.Pointer(b.Move.Turret), 1)},
	} {
		if same(f.x, f.y) {
			return f.name
		}
	}
	return ""
}
