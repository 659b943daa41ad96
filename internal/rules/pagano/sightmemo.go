package pagano

import (
	"encoding/binary"
	"math"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/slotcache"
)

// minSightSlots and sightSlots are the fewest and most answers a
// SightMemo holds (powers of two; 144 bytes each, so 4.7 and 18.9 MB): it
// starts with the fewest and grows four-fold, keeping its answers, once
// it has written twice its size. An ambusher's view of each point of a
// move is asked again whenever a search plays that move again, so the
// memo pays for its size: a search of BenchmarkMCTSGamePagano1 takes
// 486.7 million instructions with 4,096 slots, 397.1 with 16,384, 373.6
// with 32,768 and 362.0 with 65,536, and a 3,000-iteration search of
// Pagano's Battle 1 5,739 million with 32,768 and 5,084 with 131,072
// (callgrind).
const (
	minSightSlots = 1 << 15
	sightSlots    = 1 << 17
)

// SightMemo remembers line-of-sight answers (sightFramed) for an agent
// that asks the same questions again and again: a search listing the same
// shots in rollout after rollout, an evaluation weighing the fire of units
// that have not moved. Under Pagano's rules an answer depends only on the
// table and the two footprints (vehicles never block the line), and the
// memo files each answer under the exact bits of both footprints, so it
// never changes an answer. It keeps the enemies' ambush spans along a
// move's path (spanKey) and the movement costs of paths (pathKey) the
// same way, and canFireAny's answers by the layout they depend on
// (fireKey). A memo must not be shared between goroutines.
type SightMemo struct {
	// b is the board the answers are about (its table, and its unit types
	// for the spans); a state on another board starts the memo afresh.
	b *board
	// slots is a direct-mapped cache, by key hash; a slot counts only if
	// its gen is the memo's.
	slots []sightSlot
	gen   uint32
	// fills counts the answers written since slots last grew.
	fills int
	// spans is a direct-mapped cache of ambush spans (ambushSpan), by
	// key hash, and spanFills what fills is to slots.
	spans     []spanSlot
	spanFills int
	// costs and reaches keep two-point paths' costs (pathCost) and how
	// far a budget takes a vehicle along them (reach), the same way.
	costs      []costSlot
	costFills  int
	reaches    []reachSlot
	reachFills int
	// fires is a direct-mapped cache of canFireAny's answers, by the hash
	// of their keys (fireKey, built in fireBuf); each slot keeps its key
	// in a buffer of its own, reused, so that filing an answer allocates
	// nothing once the slots have grown theirs. A slot counts only if its
	// gen is the memo's. fireFills counts the answers filed.
	fires     []fireSlot
	fireBuf   []byte
	fireFills int
	// pairs holds, for each ordered pair of units (viewer, target), the
	// answer last filed or found for them, whatever their footprints
	// (slotcache.PairSlot): a front to slots for the pairs asked about
	// again and again; its answer counts only if its gen is the memo's
	// and its key the question's.
	pairs []sightSlot
}

// fireSlots is the number of canFireAny answers a memo keeps.
const fireSlots = 1 << 12

type fireSlot struct {
	key []byte
	gen uint32
	ok  bool
}

// fireKey appends to dst what canFireAny(side) depends on besides the
// board: the side, and, by the exact bits of the numbers, each vehicle of
// side that may fire now (fireBar), with its type, place, hull and turret
// headings (its footprint and arc), and each active enemy, with its type,
// place and heading (its footprint). A vehicle in neither list plays no
// part in the answer.
func (s *State) fireKey(side int, dst []byte) []byte {
	dst = append(dst, byte(side))
	for u := range s.Units {
		un := &s.Units[u]
		switch {
		case un.Side == side:
			if s.fireBar(u) != barNone {
				continue
			}
			dst = append(dst, 'f')
		case un.Active():
			dst = append(dst, 't')
		default:
			continue
		}
		dst = binary.LittleEndian.AppendUint32(dst, uint32(u))
		dst = binary.LittleEndian.AppendUint32(dst, uint32(un.Type))
		for _, x := range [...]float64{un.Pos.X, un.Pos.Y, float64(un.Heading)} {
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(x))
		}
		if un.Side == side {
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(float64(un.Turret)))
		}
	}
	return dst
}

// fireHash returns the hash of a fireKey (its slot in fires): the key's
// words mixed in one after another, the same in every run.
func fireHash(key []byte) uint64 {
	h := uint64(len(key)) * 0x9e3779b97f4a7c15
	for ; len(key) >= 8; key = key[8:] {
		h = (h ^ binary.LittleEndian.Uint64(key)) * 0xc2b2ae3d27d4eb4f
		h ^= h >> 31
	}
	for _, c := range key {
		h = (h ^ uint64(c)) * 0x165667b19e3779f9
	}
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	h ^= h >> 29
	return h
}

// sightKey is the bits of the viewer's and the target's footprints.
type sightKey [10]uint64

type sightSlot struct {
	key sightKey
	gen uint32
	q   Sight
}

func keyOf(fa, fb geom.Box) sightKey {
	f := math.Float64bits
	return sightKey{
		f(fa.Center.X), f(fa.Center.Y), f(float64(fa.Heading)), f(fa.Length), f(fa.Width),
		f(fb.Center.X), f(fb.Center.Y), f(float64(fb.Heading)), f(fb.Length), f(fb.Width),
	}
}

// same reports whether k == o, word by word: quicker than the compiler's
// comparison of the whole array (a call to memequal).
func (k *sightKey) same(o *sightKey) bool {
	return k[0] == o[0] && k[1] == o[1] && k[2] == o[2] && k[3] == o[3] && k[4] == o[4] &&
		k[5] == o[5] && k[6] == o[6] && k[7] == o[7] && k[8] == o[8] && k[9] == o[9]
}

// hash returns k's hash (its slot: slotcache.Slot).
func (k *sightKey) hash() uint64 {
	// Each word is multiplied by its own odd constant, none waiting on
	// another (a chain of ten multiplications cost 4% of a search), and
	// the sum mixed once, so that the low bits, the slot, depend on all.
	h := k[0]*0x9e3779b97f4a7c15 + k[1]*0xc2b2ae3d27d4eb4f + k[2]*0x165667b19e3779f9 +
		k[3]*0xd6e8feb86659fd93 + k[4]*0xa0761d6478bd642f + k[5]*0xe7037ed1a0b428db +
		k[6]*0x8ebc6af09c88c6e3 + k[7]*0x589965cc75374cc3 + k[8]*0x1d8e4e27c47d124f +
		k[9]*0xbf58476d1ce4e5b9
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	h ^= h >> 29
	return h
}

// filed notes an answer written, and grows the memo four-fold (up to
// sightSlots, its answers kept) once it is crowded (slotcache.Crowded).
func (m *SightMemo) filed() {
	if m.fills++; slotcache.Crowded(m.fills, len(m.slots)) {
		m.slots, m.fills = slotcache.Grown(m.slots, sightSlots, func(sl *sightSlot) (uint64, bool) { return sl.key.hash(), sl.gen == m.gen }), 0
	}
}

// forBoard readies the memo for answers about board b.
func (m *SightMemo) forBoard(b *board) {
	if m.slots == nil {
		m.slots = make([]sightSlot, minSightSlots)
		m.spans = make([]spanSlot, minSpanSlots)
		m.costs = make([]costSlot, minPathSlots)
		m.reaches = make([]reachSlot, minPathSlots)
	}
	if m.fires == nil {
		m.fires = make([]fireSlot, fireSlots)
	}
	if m.b != b {
		m.b = b
		m.gen++
	}
}

// WithMemo lets s keep its line-of-sight answers in *memo (a *SightMemo,
// made if nil or of another kind) until it is cloned: an agent keeps one
// memo per goroutine and hands it to the copies it searches. Nothing s
// does depends on the memo but its speed.
func (s *State) WithMemo(memo *any) {
	m, _ := (*memo).(*SightMemo)
	if m == nil {
		m = &SightMemo{}
		*memo = m
	}
	m.forBoard(s.b)
	s.memo = m
}

// minSpanSlots and spanSlots are the fewest and most ambush spans a
// SightMemo holds (136 bytes each, so 0.6 and 8.9 MB). A search of 8,000
// iterations of Pagano's Battle 1 asks for an enemy's span along a path up
// to some 350,000 times, and for a few thousand different ones at most:
// the moves of the tree and the enemies watching them come again in
// iteration after iteration.
const (
	minSpanSlots = 1 << 12
	spanSlots    = 1 << 16
)

// maxSpanPath is the most points of a path whose ambush spans the memo
// keeps (a move's path is its start and its waypoints).
const maxSpanPath = 3

// spanKey is all an enemy's ambush span along a path depends on besides
// the table: both units' types and the number of path points (packed in
// the first word), the enemy's position, hull and turret headings, the
// mover's position and heading, and the path's points (unused words 0).
type spanKey [14]uint64

type spanSlot struct {
	key      spanKey
	gen      uint32
	open     bool // the enemy has a span: from..to
	from, to float64
}

// spanKeyOf returns the key of enemy e's ambush span along path, which
// has at most maxSpanPath points.
func (s *State) spanKeyOf(e, mover int, path []geom.Point) spanKey {
	f := math.Float64bits
	ue, um := &s.Units[e], &s.Units[mover]
	k := spanKey{
		uint64(ue.Type) | uint64(um.Type)<<24 | uint64(len(path))<<48,
		f(ue.Pos.X), f(ue.Pos.Y), f(float64(ue.Heading)), f(float64(ue.Turret)),
		f(um.Pos.X), f(um.Pos.Y), f(float64(um.Heading)),
	}
	for i, p := range path {
		k[8+2*i], k[9+2*i] = f(p.X), f(p.Y)
	}
	return k
}

// hash returns k's hash (its slot: slotcache.Slot): each word times its
// own odd constant, the sum mixed once, as sightKey.hash.
func (k *spanKey) hash() uint64 {
	var h uint64
	for i, w := range k {
		h += w * (0x9e3779b97f4a7c15 * uint64(2*i+1))
	}
	h ^= h >> 32
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	return h
}

// span returns the slot of key k and whether it holds k's span.
func (m *SightMemo) span(k *spanKey) (*spanSlot, bool) {
	sl := slotcache.Slot(m.spans, k.hash())
	return sl, sl.gen == m.gen && sl.key == *k
}

// fileSpan writes k's span in its slot sl (from span), and grows the
// span cache as filed grows the answers'.
func (m *SightMemo) fileSpan(sl *spanSlot, k *spanKey, open bool, from, to float64) {
	*sl = spanSlot{key: *k, gen: m.gen, open: open, from: from, to: to}
	if m.spanFills++; slotcache.Crowded(m.spanFills, len(m.spans)) {
		m.spans, m.spanFills = slotcache.Grown(m.spans, spanSlots, func(sl *spanSlot) (uint64, bool) { return sl.key.hash(), sl.gen == m.gen }), 0
	}
}
