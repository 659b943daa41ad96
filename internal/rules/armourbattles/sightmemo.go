package armourbattles

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/slotcache"
)

// SightMemo remembers line-of-sight answers (canSeeBox) for an agent that
// asks the same questions again and again: a doctrine deciding turn after
// turn, a search replaying the same moves from the same position. An answer
// depends only on the table, the viewer's and the target's footprints, the
// viewer's side's units on the table that are not hidden (they may stand in
// the way) and the smoke screens. The memo files each answer under all of
// these, so it never changes an answer. What the terrain does to each ray
// depends on the table and the two footprints alone: the memo keeps that
// too (rays), so that a question asked again after the viewer's side has
// moved needs no ray traced, only its friends checked. The zero value is
// ready to use; a memo must not be shared between goroutines.
type SightMemo struct {
	b *board
	// envs numbers the sight environments met (a viewing side, where its
	// units stand, the smoke screens), by their encoding.
	envs map[string]int32
	buf  []byte
	// lastEnv is, for each side, the key of the environment last
	// numbered for it and its number (valid while gen is the memo's): a
	// side's environment is asked for again and again before it changes.
	lastEnv [2]struct {
		key []byte
		id  int32
		gen uint32
	}
	// answers is a direct-mapped cache of answers, by key hash; an entry
	// counts only if its gen is the memo's.
	answers []sightEntry
	gen     uint32
	// pairs holds, for each ordered pair of units (viewer, target), the
	// answer last filed or found for them in answers, whatever the
	// question (slotcache.PairSlot): a front to answers for units that
	// stand still; its answer counts only if its gen is the memo's and its
	// key the question's.
	pairs []sightEntry
	// flist holds the friend lists of a move window's watchers
	// (friendSet), reused from window to window.
	flist []int
	// rays is a direct-mapped cache of the terrain's part of questions
	// asked when no smoke screen is laid (rayEntry), by key hash with env
	// 0: unlike an answer, it holds whatever the viewer's friends do.
	rays []rayEntry
	// fills and rayFills count the entries written to answers and rays
	// since each last grew (slotcache.Grown).
	fills, rayFills int
	// windows remembers the spans of move windows (openMoveWindow), by
	// everything they depend on besides the sight environment (which the
	// key's env stands for); wbuf builds the keys.
	windows map[string][]Span
	wbuf    []byte
	// watchers remembers each watcher's span of a move window (From < 0:
	// it never sees the mover), by the window's mover, that watcher and
	// the friends of its that may stand in the way (friendSet), not by the
	// whole environment: a window worked out afresh because another
	// watcher has fired, a watcher joined, or a friend moved elsewhere
	// asks it before following the path. movers numbers the windows'
	// mover keys (windowKey) for it, fsets the friend sets (with the
	// smoke); fbuf builds their keys. Like answers, watchers is a
	// direct-mapped cache, by key hash; an entry counts only if its gen
	// is wgen, which moves on whenever the movers' and friend sets'
	// numbers start afresh. wfills counts the entries written since it
	// last grew, filed all those ever written.
	watchers      []watcherEntry
	wgen          uint32
	wfills, filed int
	movers        map[string]int32
	fsets         map[string]int32
	fbuf          []byte
	// friends and hedges hold the watchers' friends' and hedges' shadows
	// while a move window is worked out (moveSpans), so that they are not
	// made afresh, nor zeroed, for every window.
	friends []geom.Shadow
	hedges  []hedgeShadow
	// shadows keeps the terrain's shadows (screensFrom) from each viewer
	// footprint met, by its centre and size: a side's units stand
	// still through many of the other side's decisions.
	shadows map[shadowKey]*screens
	// lastKey and last are the viewer footprint asked about last and its
	// shadows: a viewer is often asked many questions in a row.
	lastKey shadowKey
	last    *screens
	// risks keeps the doctrine's risk estimates (docCtx.moveRisk): each
	// ready enemy unit's share, as far as they were worked out, by
	// everything the estimate depends on (riskMemo); rbuf builds the keys.
	risks map[string]*[]float64
	rbuf  []byte
	// heat tells, by unit index, how lately and how often a unit's share
	// of a risk estimate was above 0: estimateRisk works out the hottest
	// first. It changes no answer, only how soon one is found.
	heat []float64
	// frames keeps, by unit index, the frame of the footprint a unit was
	// last asked about (frame): units stand still through most questions,
	// and a frame costs a sine and a cosine.
	frames []keptFrame
	// plan holds the slices of a move that is only validated (scratchPlan),
	// shifts those of the group moves a rollout draws from (shiftBufs).
	plan   planBuf
	shifts [4]shiftBuf
	// tables keeps the answers between units where they stand, by the
	// pair of sight environments of the viewers' side and the targets'
	// (unitSightFrom).
	tables map[[2]int32]*visTable
	// unitSeq numbers the unitSightFrom calls; unitVT is the table of the
	// one numbered unitVTSeq.
	unitSeq, unitVTSeq uint64
	unitVT             *visTable
	// keyed is the list CandidateKeys keyed last, pool the ids of its
	// groups' members, or of Sample's (unitOrders).
	keyed keyedList
	pool  []string
	// doc is the last doctrine decision's (newDoc), whose lists the next
	// one fills in afresh: a memo serves one decision at a time, and a
	// decision must not start another with the same memo.
	doc *docCtx
}

// keptFrame is a footprint's frame; ok tells it from the zero entry.
type keptFrame struct {
	fr geom.Frame
	ok bool
}

// frame returns unit u's footprint frame, s.box(u).Frame(), from the memo
// when u was last asked about with the very same footprint, bit for bit.
func (s *State) frame(u int) geom.Frame {
	b := s.box(u)
	m := s.memo
	if m == nil {
		return b.Frame()
	}
	if u >= len(m.frames) {
		m.frames = append(m.frames, make([]keptFrame, u+1-len(m.frames))...)
	}
	k := &m.frames[u]
	if k.ok && sameBox(k.fr.Box(), b) {
		return k.fr
	}
	*k = keptFrame{fr: b.Frame(), ok: true}
	return k.fr
}

// sameBox reports whether a and b are the same box, bit for bit.
func sameBox(a, b geom.Box) bool {
	bits := math.Float64bits
	return bits(a.Center.X) == bits(b.Center.X) && bits(a.Center.Y) == bits(b.Center.Y) &&
		bits(float64(a.Heading)) == bits(float64(b.Heading)) &&
		bits(a.Length) == bits(b.Length) && bits(a.Width) == bits(b.Width)
}

// heatOf returns m.heat, long enough for n units.
func (m *SightMemo) heatOf(n int) []float64 {
	if len(m.heat) < n {
		m.heat = append(m.heat, make([]float64, n-len(m.heat))...)
	}
	return m.heat
}

// shadowKey is a viewer footprint for SightMemo.shadows: the bits of its
// centre, length and width. The shadows do not depend on its facing.
type shadowKey struct {
	x, y, l, w uint64
}

// maxShadows is the most viewer footprints a memo keeps shadows for before
// it starts afresh.
const maxShadows = 1 << 12

// screensFrom is State.screensFrom, remembered.
func (m *SightMemo) screensFrom(s *State, fa geom.Box) *screens {
	if m.b != s.b {
		// Kept for another board: work them out afresh, and leave the
		// memo as it is (a reset here would renumber the environments
		// under a caller's feet).
		sc := s.screensFrom(fa)
		return &sc
	}
	k := shadowKey{math.Float64bits(fa.Center.X), math.Float64bits(fa.Center.Y), math.Float64bits(fa.Length), math.Float64bits(fa.Width)}
	if m.last != nil && k == m.lastKey {
		return m.last
	}
	sc, ok := m.shadows[k]
	if !ok {
		if m.shadows == nil || len(m.shadows) >= maxShadows {
			m.shadows = map[shadowKey]*screens{}
		}
		sc = new(screens)
		*sc = s.screensFrom(fa)
		m.shadows[k] = sc
	}
	m.lastKey, m.last = k, sc
	return sc
}

// sightKey is one canSeeBox question in environment env: the viewer and
// the target and the bits of their footprints' centres and headings, so
// that keys are equal only for the very same footprints. The memo keeps
// only questions about footprints of the size of the type New gives their
// unit's index (standard), so the size need not be in the key, and an
// entry fills one cache line.
type sightKey struct {
	env            int32
	viewer, target int16
	boxes          [6]uint64
}

func boxBits(dst []uint64, b geom.Box) {
	dst[0], dst[1] = math.Float64bits(b.Center.X), math.Float64bits(b.Center.Y)
	dst[2] = math.Float64bits(float64(b.Heading))
}

type sightEntry struct {
	k   sightKey
	gen uint32
	ok  bool
}

// rayEntry is what a memo knows of the terrain's part of one question
// (terrainClear of each of lineOfSight's five rays): which rays it has
// traced, and which of those the terrain leaves clear, one bit each.
type rayEntry struct {
	k              sightKey
	gen            uint32
	traced, clears uint8
}

// standard reports whether footprint b is the size of the type New gives
// unit u's index (a decoded state may give it another type), and u's index
// fits a sightKey.
func (s *State) standard(u int, b geom.Box) bool {
	if u > math.MaxInt16 || u >= len(s.b.unitType) {
		return false
	}
	fp := &s.b.types[s.b.unitType[u]].Footprint
	return b.Length == fp.Length && b.Width == fp.Width
}

// sightSlots and raySlots are the most slots of a memo's answer cache (8
// MiB) and ray cache (4 MiB), which start at minSightSlots and
// minRaySlots (2 MiB and 0.5 MiB: a memo that serves a few doctrine
// decisions asks too little to fill more) and grow as they are used
// (slotcache.Crowded). maxEnvs is the environments a memo numbers before it
// starts afresh, maxWindows, maxMovers and maxRisks the move windows,
// movers and risk estimates it keeps before it forgets them all (the
// watchers' spans go with the movers); the watchers' spans, like the
// answers, have minWatcherSlots growing to watcherSlots (7 MiB). Measured on three
// 16,000-iteration searches of Battle 2 with 1<<15 slots and 1<<13
// windows: six in ten of the answers worked out afresh had been worked
// out before and lost to a slot another question took, and a quarter of
// the move windows worked out afresh had been forgotten.
const (
	minSightSlots   = 1 << 15
	sightSlots      = 1 << 17
	minRaySlots     = 1 << 13
	raySlots        = 1 << 16
	maxEnvs         = 1 << 14
	maxWindows      = 1 << 15
	minWatcherSlots = 1 << 13
	watcherSlots    = 1 << 16
	maxMovers       = 1 << 14
	maxRisks        = 1 << 14
	maxTables       = 1 << 13
)

// reset forgets everything if the memo was used on another board or has
// numbered too many environments.
func (m *SightMemo) reset(s *State) {
	if m.b != s.b || m.answers == nil || len(m.envs) > maxEnvs {
		m.b = s.b
		if m.envs == nil {
			m.envs = map[string]int32{}
			m.answers = make([]sightEntry, minSightSlots)
			m.rays = make([]rayEntry, minRaySlots)
			m.windows = map[string][]Span{}
			m.watchers = make([]watcherEntry, minWatcherSlots)
			m.movers = map[string]int32{}
			m.fsets = map[string]int32{}
		}
		clear(m.envs)
		clear(m.windows)
		m.wgen++
		clear(m.movers)
		clear(m.fsets)
		clear(m.tables)
		m.unitVT, m.unitVTSeq = nil, 0
		clear(m.shadows)
		m.last = nil
		clear(m.risks)
		m.gen++
	}
}

// hash returns k's hash: its slot in a cache of 2^n slots is its low n
// bits.
// same reports whether k == o, field by field: quicker than the
// compiler's comparison of the whole struct (a call to memequal) when, as
// in a cache slot, most keys differ early.
func (k *sightKey) same(o *sightKey) bool {
	return k.env == o.env && k.viewer == o.viewer && k.target == o.target &&
		k.boxes[0] == o.boxes[0] && k.boxes[1] == o.boxes[1] && k.boxes[2] == o.boxes[2] &&
		k.boxes[3] == o.boxes[3] && k.boxes[4] == o.boxes[4] && k.boxes[5] == o.boxes[5]
}

// The odd constants the memo's key hashes multiply their words by.
const (
	mix0 = 0x9e3779b97f4a7c15
	mix1 = 0xc2b2ae3d27d4eb4f
	mix2 = 0x165667b19e3779f9
	mix3 = 0xd6e8feb86659fd93
	mix4 = 0xa0761d6478bd642f
	mix5 = 0xe7037ed1a0b428db
	mix6 = 0x8ebc6af09c88c6e3
)

func (k *sightKey) hash() uint64 {
	// Each word is multiplied by its own odd constant, independently of
	// the others (no chain of multiplications waiting on each other), and
	// the sum mixed once, so that its low bits, the slot, depend on all.
	id := uint64(k.env)<<40 ^ uint64(k.viewer)<<20 ^ uint64(k.target)
	h := id*mix6 + k.boxes[0]*mix0 + k.boxes[1]*mix1 + k.boxes[2]*mix2 +
		k.boxes[3]*mix3 + k.boxes[4]*mix4 + k.boxes[5]*mix5
	h ^= h >> 32
	h *= mix0
	h ^= h >> 29
	return h
}

// env returns the number of side's sight environment in s.
func (m *SightMemo) env(s *State, side int) int32 {
	b := bitsKey(append(m.buf[:0], byte(side), byte(len(s.Smokes))))
	b.smoke(s)
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.Active() || u.Hidden {
			continue
		}
		b.u32(i)
		b.u32(u.Type)
		b.f(u.Pos.X)
		b.f(u.Pos.Y)
		b.f(float64(u.Heading))
	}
	m.buf = b
	last := &m.lastEnv[side]
	if last.gen == m.gen && bytes.Equal(last.key, b) {
		return last.id
	}
	id, ok := m.envs[string(b)]
	if !ok {
		id = int32(len(m.envs))
		m.envs[string(b)] = id
	}
	last.key, last.id, last.gen = append(last.key[:0], b...), id, m.gen
	return id
}

// bitsKey builds a memo key: numbers by their exact bits, so that keys are
// equal only for the very same numbers.
type bitsKey []byte

func (k *bitsKey) u32(x int)   { *k = binary.LittleEndian.AppendUint32(*k, uint32(x)) }
func (k *bitsKey) f(x float64) { *k = binary.LittleEndian.AppendUint64(*k, math.Float64bits(x)) }

// smoke appends what a sight environment keeps of each smoke screen: its
// side, centre and orientation.
func (k *bitsKey) smoke(s *State) {
	for i := range s.Smokes {
		sm := &s.Smokes[i]
		*k = append(*k, byte(sm.Side))
		k.f(sm.Center.X)
		k.f(sm.Center.Y)
		k.f(float64(sm.Orient))
	}
}

// seesBox is canSeeBox in environment env (m.env of a's side).
func (m *SightMemo) seesBox(s *State, env int32, a int, fa geom.Box, b int, fb geom.Box) bool {
	return m.seesBoxAfter(s, env, a, fa, b, fb, false)
}

// seesBoxAfter is seesBox for a caller that may have asked the shadows
// from fa about fb already (screened), and been told they do not hide it.
func (m *SightMemo) seesBoxAfter(s *State, env int32, a int, fa geom.Box, b int, fb geom.Box, screened bool) bool {
	if !s.standard(a, fa) || !s.standard(b, fb) {
		return s.lineOfSight(a, fa, b, fb) // not a question the memo keeps
	}
	k := sightKey{env: env, viewer: int16(a), target: int16(b)}
	boxBits(k.boxes[:3], fa)
	boxBits(k.boxes[3:], fb)
	// Units standing where they stand (not a mover's steps, which come
	// screened) are asked about again and again: their pair's own slot
	// first, a small table read without a hash.
	var pair *sightEntry
	if !screened {
		if pair = slotcache.PairSlot(&m.pairs, len(s.Units), a, b); pair != nil && pair.gen == m.gen && pair.k.same(&k) {
			return pair.ok
		}
	}
	e := slotcache.Slot(m.answers, k.hash())
	if e.gen == m.gen && e.k.same(&k) {
		if pair != nil {
			*pair = *e
		}
		return e.ok
	}
	// Not asked before: the terrain's shadows settle most "not seen"
	// answers before any ray is traced.
	ok, hidden := false, false
	if !screened {
		if sc := m.screensFrom(s, fa); len(sc.list) > 0 || len(sc.around) > 0 {
			hidden = sc.hides(fb, s.b.table.LevelAt(fb.Center), math.Hypot(fb.Length, fb.Width)/2)
		}
	}
	if hidden {
		if screenCheck != nil {
			screenCheck("memo", s, a, fa, b, fb)
		}
	} else {
		ok = m.lineOfSight(s, k, a, fa, b, fb)
	}
	*e = sightEntry{k: k, gen: m.gen, ok: ok}
	if pair != nil {
		*pair = *e
	}
	if m.fills++; slotcache.Crowded(m.fills, len(m.answers)) {
		m.answers, m.fills = slotcache.Grown(m.answers, sightSlots, func(e *sightEntry) (uint64, bool) { return e.k.hash(), e.gen == m.gen }), 0
	}
	return ok
}

// lineOfSight is s.lineOfSight of the question k (a standard one) with the
// terrain's part of each ray taken from the memo, or traced and kept
// there: the same question in another sight environment (a friend moved
// elsewhere) then traces no ray again. Smoke screens are not kept apart
// from the terrain: with any laid, every ray is traced.
func (m *SightMemo) lineOfSight(s *State, k sightKey, a int, fa geom.Box, b int, fb geom.Box) bool {
	if len(s.Smokes) > 0 {
		return s.lineOfSight(a, fa, b, fb)
	}
	k.env = 0
	e := slotcache.Slot(m.rays, k.hash())
	if e.gen == m.gen && e.k.same(&k) {
		return s.lineOfSightWith(a, fa, b, fb, e)
	}
	*e = rayEntry{k: k, gen: m.gen}
	ok := s.lineOfSightWith(a, fa, b, fb, e)
	if m.rayFills++; slotcache.Crowded(m.rayFills, len(m.rays)) {
		m.rays, m.rayFills = slotcache.Grown(m.rays, raySlots, func(e *rayEntry) (uint64, bool) { return e.k.hash(), e.gen == m.gen }), 0
	}
	return ok
}

// rayClear is s.rayClear of ray i (from the viewer's centre to the i-th
// sample point of the target, seg) when no smoke screen is laid, with the
// terrain's part kept in e.
func (e *rayEntry) rayClear(s *State, q *sight, i int, seg geom.Segment) bool {
	bit := uint8(1) << i
	if e.traced&bit == 0 {
		e.traced |= bit
		if s.terrainClear(q, seg) {
			e.clears |= bit
		}
	}
	return e.clears&bit != 0 && !s.friendInTheWay(q, seg)
}

// sightFrom prepares canSeeBox questions for viewers of side: with a memo,
// side's environment is worked out once, here. Its answers hold only while
// that environment stays as it was: side's units on the table (where they
// stand, their facing, whether they are hidden) and the smoke screens must
// not change between sightFrom and the last sees.
func (s *State) sightFrom(side int) sideSight {
	m := s.memo
	if m == nil {
		return sideSight{s: s}
	}
	m.reset(s)
	return sideSight{s: s, m: m, gen: m.gen, env: m.env(s, side)}
}

// sideSight answers canSeeBox for viewers of one side (see sightFrom).
type sideSight struct {
	s   *State
	m   *SightMemo // nil: no memo
	gen uint32
	env int32
	// seq numbers a unitSightFrom (0: a plain sightFrom), whose table
	// the memo keeps once asked for (table); side is its viewers' side.
	seq  uint64
	side int
}

// unitSightFrom is sightFrom with a table for seesUnit: the answers
// between side's units and its enemies where they stand, kept in the memo
// for the pair of the two sides' sight environments. Both environments
// hold everything such an answer depends on (each side's units on the
// table and not hidden, by type, place and facing, and the smoke), so the
// table's answers hold in any state with the same pair. The enemies'
// environment is worked out at the first seesUnit (table), not here: a
// listing that finds no enemy to ask about skips it. Like sightFrom's,
// its answers hold only while the state stays as it was.
func (s *State) unitSightFrom(side int) sideSight {
	v := s.sightFrom(side)
	if m := v.m; m != nil {
		m.unitSeq++
		v.seq, v.side = m.unitSeq, side
	}
	return v
}

// table returns v's table (unitSightFrom), found or made at its first
// use, or nil.
func (v sideSight) table() *visTable {
	m := v.m
	if v.seq == 0 || m.gen != v.gen {
		return nil
	}
	if m.unitVTSeq == v.seq {
		return m.unitVT
	}
	s := v.s
	k := [2]int32{v.env, m.env(s, 1-v.side)}
	vt := m.tables[k]
	if vt == nil || vt.n != len(s.Units) {
		if m.tables == nil || len(m.tables) >= maxTables {
			m.tables = map[[2]int32]*visTable{}
		}
		n := len(s.Units)
		words := (n*n + 63) / 64
		vt = &visTable{n: n, known: make([]uint64, words), seen: make([]uint64, words)}
		m.tables[k] = vt
	}
	m.unitVT, m.unitVTSeq = vt, v.seq
	return vt
}

// visTable holds, for viewer a and target b, whether a sees b (seen) once
// it is known (known), at bit a*n+b.
type visTable struct {
	n           int
	known, seen []uint64
}

// seesUnit is sees(a, s.box(a), b, s.box(b)) for a unit a of v's side
// and an enemy b: from v's table when both are on the table and not
// hidden (in the environments the table is kept for).
func (v sideSight) seesUnit(a, b int) bool {
	s := v.s
	ua, ub := &s.Units[a], &s.Units[b]
	if v.seq == 0 || ua.Side != v.side || ub.Side == v.side || ua.Hidden || ub.Hidden || !ua.Active() || !ub.Active() {
		return v.sees(a, s.box(a), b, s.box(b))
	}
	vt := v.table()
	if vt == nil {
		return v.sees(a, s.box(a), b, s.box(b))
	}
	i := a*vt.n + b
	w, bit := i/64, uint64(1)<<(i%64)
	if vt.known[w]&bit != 0 {
		return vt.seen[w]&bit != 0
	}
	ok := v.sees(a, s.box(a), b, s.box(b))
	vt.known[w] |= bit
	if ok {
		vt.seen[w] |= bit
	}
	return ok
}

// sees is canSeeBox.
func (v sideSight) sees(a int, fa geom.Box, b int, fb geom.Box) bool {
	return v.seesAfter(a, fa, b, fb, false)
}

// seesAfter is sees for a caller that may have found already that the
// shadows from fa do not hide fb (screened).
func (v sideSight) seesAfter(a int, fa geom.Box, b int, fb geom.Box, screened bool) bool {
	switch {
	case v.m == nil:
		return v.s.lineOfSight(a, fa, b, fb)
	case v.m.gen != v.gen:
		return v.s.canSeeBox(a, fa, b, fb) // the memo started afresh meanwhile
	}
	return v.m.seesBoxAfter(v.s, v.env, a, fa, b, fb, screened)
}

// WithMemo lets s keep its line-of-sight answers in *memo (a *SightMemo,
// made if nil) until it is cloned: an agent keeps one memo per goroutine
// and hands it to the copies it searches. Nothing s does depends on the
// memo but its speed.
func (s *State) WithMemo(memo *any) {
	m, _ := (*memo).(*SightMemo)
	if m == nil {
		m = &SightMemo{}
		*memo = m
	}
	s.memo = m
}

// windowKey returns the key of the move window of mover m with watchers
// cands in v's environment, the length of its first part (the key of the
// mover alone: watcherSpan), and false when there is no memo to ask.
// Besides the environment (the watchers' side's units not hidden, and the
// smoke), the window depends on the mover (its unit, path, reach, facing,
// where it stands) and on the watchers (where each stands, hidden or
// not); the board, unit types and stats do not change in a game. The key
// is the mover's part, then the environment, then the watchers.
func (v sideSight) windowKey(m *Mover, cands []int) ([]byte, int, bool) {
	memo := v.m
	if memo == nil || memo.gen != v.gen {
		return nil, 0, false
	}
	s := v.s
	b := bitsKey(memo.wbuf[:0])
	b.u32(m.Unit)
	b.u32(s.Units[m.Unit].Type) // a decoded state may give an index another type
	flags := 0
	if m.Back {
		flags |= 1
	}
	if m.Diseng {
		flags |= 2
	}
	if m.Facing != nil {
		flags |= 4
		b.f(float64(*m.Facing))
	}
	b.u32(flags)
	b.f(m.Reach)
	un := &s.Units[m.Unit]
	b.f(un.Pos.X)
	b.f(un.Pos.Y)
	b.f(float64(un.Heading))
	b.u32(len(m.Path))
	for _, p := range m.Path {
		b.f(p.X)
		b.f(p.Y)
	}
	base := len(b)
	b.u32(int(v.env))
	for _, u := range cands {
		b.watcher(s, u)
	}
	memo.wbuf = b
	return b, base, true
}

// watcher appends what a move window's span of watcher u depends on
// besides the mover and the environment: which unit it is, its type,
// where it stands and its facing.
func (k *bitsKey) watcher(s *State, u int) {
	w := &s.Units[u]
	k.u32(u)
	k.u32(w.Type)
	k.f(w.Pos.X)
	k.f(w.Pos.Y)
	k.f(float64(w.Heading))
}

// rememberWindow files the spans of a move window under key.
func (v sideSight) rememberWindow(key []byte, spans []Span) {
	if v.m.gen != v.gen {
		return // the memo started afresh meanwhile: key's env is stale
	}
	if len(v.m.windows) >= maxWindows {
		clear(v.m.windows)
	}
	v.m.windows[string(key)] = spans
}

// watcherKey is the key of a watcher's span in a move window: the
// window's mover (its number in movers), the friends of the watcher that
// may stand in the way (their number in fsets: friendSet), and what
// bitsKey.watcher keeps of the watcher, by the numbers' exact bits.
type watcherKey struct {
	mover, friends, unit, typ int32
	x, y, heading             uint64
}

// watcherKeyOf returns watcher u's key in the move window of mover id
// with the friend set fs.
func (v sideSight) watcherKeyOf(mover, fs int32, u int) watcherKey {
	w := &v.s.Units[u]
	return watcherKey{mover: mover, friends: fs, unit: int32(u), typ: int32(w.Type),
		x: math.Float64bits(w.Pos.X), y: math.Float64bits(w.Pos.Y), heading: math.Float64bits(float64(w.Heading))}
}

// hash mixes the key's words as sightKey.hash does.
func (k *watcherKey) hash() uint64 {
	ids := uint64(uint32(k.mover))<<32 ^ uint64(uint32(k.friends))
	h := ids*mix3 + (uint64(uint32(k.unit))<<32^uint64(uint32(k.typ)))*mix2 + k.x*mix0 + k.y*mix1 + k.heading*mix4
	h ^= h >> 32
	h *= mix0
	h ^= h >> 29
	return h
}

// watcherEntry is a slot of the watchers' spans.
type watcherEntry struct {
	k   watcherKey
	gen uint32
	sp  Span
}

// keepWatchers readies the watchers' spans for a move window: once the
// movers or the friend sets numbered reach maxMovers, their numbers start
// afresh and every span filed goes, before any number is handed out for
// this window. It reports false when the memo cannot be asked.
func (v sideSight) keepWatchers() bool {
	m := v.m
	if m == nil || m.gen != v.gen {
		return false
	}
	if len(m.movers) >= maxMovers || len(m.fsets) >= maxMovers {
		clear(m.movers)
		clear(m.fsets)
		m.wgen++
	}
	return true
}

// friendSet returns the number of what watcher u (footprint ub) sees a
// mover through besides the terrain, for a mover whose centre keeps to
// track (a single point: stands there) and whose bounding radius is rt:
// the smoke screens, and the friends of u that may stand in the way of a
// ray from its centre to the mover. A friend counts as in sightFrom's
// environment (its side's units on the table and not hidden, by unit,
// type, place and facing) when its centre lies within its bounding radius
// and rt of the fan from u's centre over track: every ray runs within rt
// of that fan (as in friendsOf), so a friend further off blocks none.
// Call it after keepWatchers. It appends those friends' indices, in
// order, to near and returns it too: friendShadows need look at no other.
func (v sideSight) friendSet(u int, ub geom.Box, fan *fan, rt float64, near []int) (int32, []int) {
	m, s := v.m, v.s
	b := bitsKey(m.fbuf[:0])
	b.u32(len(s.Smokes))
	b.smoke(s)
	side := s.Units[u].Side
	for i := range s.Units {
		f := &s.Units[i]
		if i == u || f.Side != side || !f.Active() || f.Hidden {
			continue
		}
		if fan.near(f.Pos, s.b.radius[f.Type]+rt+1e-6) {
			b.watcher(s, i)
			near = append(near, i)
		}
	}
	m.fbuf = b
	id, ok := m.fsets[string(b)]
	if !ok {
		id = int32(len(m.fsets))
		m.fsets[string(b)] = id
	}
	return id, near
}

// moverOf returns the number the memo gave the mover key mover
// (windowKey's first part), if it has filed spans under it.
func (v sideSight) moverOf(mover []byte) (int32, bool) {
	if v.m.gen != v.gen {
		return 0, false
	}
	id, ok := v.m.movers[string(mover)]
	return id, ok
}

// watcherSpan returns watcher u's span in the move window of mover id
// (moverOf) with friend set fs (friendSet), if remembered (From < 0: u
// never sees the mover).
func (v sideSight) watcherSpan(mover, fs int32, u int) (Span, bool) {
	m := v.m
	k := v.watcherKeyOf(mover, fs, u)
	e := slotcache.Slot(m.watchers, k.hash())
	if e.gen == m.wgen && e.k == k {
		return e.sp, true
	}
	return Span{}, false
}

// rememberWatchers files the watchers' spans sps, each with its friend
// set in sets, in the move window whose mover key is mover. The mover
// keys are numbered as they are met, and forgotten with the spans
// (keepWatchers).
func (v sideSight) rememberWatchers(mover []byte, sps []Span, sets []int32) {
	m := v.m
	if m.gen != v.gen {
		return
	}
	id, ok := m.movers[string(mover)]
	if !ok {
		id = int32(len(m.movers))
		m.movers[string(mover)] = id
	}
	for i, sp := range sps {
		k := v.watcherKeyOf(id, sets[i], sp.Unit)
		*slotcache.Slot(m.watchers, k.hash()) = watcherEntry{k: k, gen: m.wgen, sp: sp}
		m.filed++
		if m.wfills++; slotcache.Crowded(m.wfills, len(m.watchers)) {
			m.watchers, m.wfills = slotcache.Grown(m.watchers, watcherSlots, func(e *watcherEntry) (uint64, bool) { return e.k.hash(), e.gen == m.wgen }), 0
		}
	}
}

// riskMemo returns where d's memo keeps the enemy units' shares of
// moveRisk(units, ends, reach) (nil when it cannot be asked). Besides the
// group's paths, the estimate depends on each mover's type (its footprint
// and the shot's target), damage and suppression (the shot's value), on
// which enemy units are ready (and which of those must first be freed,
// weighed by the enemy's staff orders), and on the enemy side's sight
// environment, which numbers where every enemy unit not hidden stands and faces, its
// type, and the smoke. Which enemies are ready and the environment are
// this decision's (d.readyEnemies, d.env): moveRisk is only asked about
// the active side's units.
func (d *docCtx) riskMemo(units []int, ends []geom.Point, reach float64, ready []int) *[]float64 {
	m := d.sight
	if m.gen != d.gen {
		return nil // the memo started afresh meanwhile
	}
	s := d.State
	b := bitsKey(m.rbuf[:0])
	b.u32(int(d.env[1-s.Active]))
	b.u32(len(ready))
	for _, e := range ready {
		b.u32(e)
	}
	// The last d.freeable of them are suppressed, their shares weighed
	// by the enemy's staff orders (freeing).
	b.u32(d.freeable)
	if d.freeable > 0 {
		b.f(d.freeShot)
		b.f(d.freeWeight)
	}
	b.f(reach)
	for i, u := range units {
		un := &s.Units[u]
		flags := un.DP << 1
		if un.Suppressed {
			flags |= 1
		}
		b.u32(u)
		b.u32(un.Type)
		b.u32(flags)
		b.f(un.Pos.X)
		b.f(un.Pos.Y)
		b.f(ends[i].X)
		b.f(ends[i].Y)
	}
	m.rbuf = b
	if e, ok := m.risks[string(b)]; ok {
		return e
	}
	if m.risks == nil || len(m.risks) >= maxRisks {
		m.risks = map[string]*[]float64{}
	}
	e := new([]float64)
	m.risks[string(b)] = e
	return e
}
