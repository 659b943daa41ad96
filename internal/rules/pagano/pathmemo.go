package pagano

import (
	"math"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/slotcache"
)

// minPathSlots and pathSlots are the fewest and most two-point paths
// whose cost, and whose reach for a budget, a SightMemo keeps. A search
// lists the same moves of the same vehicles visit after visit, and each
// listing works out a path's cost twice (reach to find where the move
// ends, pathCost to validate it): both depend on the table alone.
const (
	minPathSlots = 1 << 12
	pathSlots    = 1 << 16
)

// pathKey is the bits of a two-point path's ends.
type pathKey [4]uint64

func pathKeyOf(path []geom.Point) pathKey {
	f := math.Float64bits
	return pathKey{f(path[0].X), f(path[0].Y), f(path[1].X), f(path[1].Y)}
}

// hash returns k's hash with extra, a fifth word (0 when there is none),
// mixed in as sightKey.hash mixes its words.
func (k *pathKey) hash(extra uint64) uint64 {
	h := k[0]*0x9e3779b97f4a7c15 + k[1]*0xc2b2ae3d27d4eb4f + k[2]*0x165667b19e3779f9 +
		k[3]*0xd6e8feb86659fd93 + extra*0xa0761d6478bd642f
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	h ^= h >> 29
	return h
}

type costSlot struct {
	key  pathKey
	gen  uint32
	cost float64
	err  error
}

type reachSlot struct {
	key    pathKey
	budget uint64 // its bits
	gen    uint32
	reach  float64
}

// pathCost returns the movement points to follow path, or an error naming
// impassable ground on it: from the memo for a two-point path when it has
// it, else worked out (tracePathCost).
func (s *State) pathCost(path []geom.Point) (float64, error) {
	m := s.memo
	if m == nil || len(path) != 2 {
		return s.tracePathCost(path)
	}
	k := pathKeyOf(path)
	sl := slotcache.Slot(m.costs, k.hash(0))
	if sl.gen == m.gen && sl.key == k {
		return sl.cost, sl.err
	}
	cost, err := s.tracePathCost(path)
	*sl = costSlot{key: k, gen: m.gen, cost: cost, err: err}
	if m.costFills++; slotcache.Crowded(m.costFills, len(m.costs)) {
		m.costs, m.costFills = slotcache.Grown(m.costs, pathSlots, func(sl *costSlot) (uint64, bool) { return sl.key.hash(0), sl.gen == m.gen }), 0
	}
	return cost, err
}

// reach returns how far along path a vehicle gets with budget movement
// points, stopping before impassable ground: from the memo for a
// two-point path when it has it, else worked out (traceReach).
func (s *State) reach(path []geom.Point, budget float64) float64 {
	m := s.memo
	if m == nil || len(path) != 2 {
		return s.traceReach(path, budget)
	}
	k, b := pathKeyOf(path), math.Float64bits(budget)
	sl := slotcache.Slot(m.reaches, k.hash(b))
	if sl.gen == m.gen && sl.key == k && sl.budget == b {
		return sl.reach
	}
	r := s.traceReach(path, budget)
	*sl = reachSlot{key: k, budget: b, gen: m.gen, reach: r}
	if m.reachFills++; slotcache.Crowded(m.reachFills, len(m.reaches)) {
		m.reaches, m.reachFills = slotcache.Grown(m.reaches, pathSlots, func(sl *reachSlot) (uint64, bool) { return sl.key.hash(sl.budget), sl.gen == m.gen }), 0
	}
	return r
}
