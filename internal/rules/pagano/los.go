package pagano

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/slotcache"
	"github.com/sandtable/sandtable/internal/table"
)

// Line-of-sight distances (Pagano, Line of Sight).
const (
	// WoodsSeeThrough is how much woods a line of sight may cross.
	WoodsSeeThrough = 1.0
	// SlopeDepth is the sloping band at a hill's edge: vehicles within it
	// are clearly visible from below.
	SlopeDepth = 0.5
	// HullDownDepth is how far in from a hill's edge a vehicle may still be
	// seen from below, hull-down beyond SlopeDepth.
	HullDownDepth = 1.0
	// HedgerowNear is how close to a hedgerow a hull must be to fire
	// through it (ruling P12).
	HedgerowNear = 1.0
)

// Sight is the answer to a line-of-sight question between two vehicles,
// with what it crossed, for the To-Hit modifiers and a LOS tool.
type Sight struct {
	OK bool
	// Blocker is the feature that blocks, when !OK; Depth is how far in
	// from a hill's edge the higher vehicle stands, or the inches of woods
	// crossed, when that is why.
	Blocker *table.Feature
	Depth   float64
	why     int
	// FromLevel and ToLevel are the ground levels of the two vehicles.
	FromLevel, ToLevel int
	// HedgeOrWall: the line crosses a wall or hedge (To-Hit −1).
	HedgeOrWall bool
	// Hedgerow: the line crosses a hedgerow next to one of the hulls
	// (To-Hit −2; ruling P12).
	Hedgerow bool
	// TargetHullDown: the target stands 1/2" to 1" in from the edge of
	// the hill it is on and the viewer is lower (To-Hit −2).
	TargetHullDown bool
	// ViewerHullDown: the viewer stands 1/2" to 1" in from its hill's edge
	// and the target is lower: only turret weapons may fire, and no
	// Russian vehicle.
	ViewerHullDown bool
}

const (
	whyBlocks = iota
	whyEdge
	whyWoods
)

// Why says what blocks the line of sight, for messages and a LOS tool.
func (q Sight) Why() string {
	switch {
	case q.OK || q.Blocker == nil:
		return ""
	case q.why == whyEdge:
		return fmt.Sprintf("%s: more than 1\" in from the edge (%.2f\")", q.Blocker, q.Depth)
	case q.why == whyWoods:
		return fmt.Sprintf("%.1f\" of woods (%s)", q.Depth, q.Blocker)
	}
	return q.Blocker.String() + " blocks"
}

// sight answers whether vehicle a with footprint fa sees vehicle b with
// footprint fb. The line runs between the centres; obstacles count only
// between the two hulls. Hills are plateaus whose polygon edge is the top of
// the slope; a vehicle's level is the level of the ground at its centre
// (Pagano, Line of Sight; rulings P9-P14).
func (s *State) sight(a int, fa geom.Box, b int, fb geom.Box) Sight {
	return s.sightFramed(a, fa, nil, b, fb, nil)
}

// sightFramed is sight for a caller that may have the footprints' frames
// at hand (ra, rb; nil when not): it works out those it needs and lacks.
func (s *State) sightFramed(a int, fa geom.Box, ra *geom.Frame, b int, fb geom.Box, rb *geom.Frame) Sight {
	m := s.memo
	if m == nil {
		return s.traceSight(fa, ra, fb, rb)
	}
	k := keyOf(fa, fb)
	// The pair's own slot first: a small table, read without a hash,
	// that holds the answer for the footprints last asked about for a
	// and b (the evaluation and the shot listings ask the same pairs,
	// standing where they stood, in iteration after iteration).
	pair := slotcache.PairSlot(&m.pairs, len(s.Units), a, b)
	if pair != nil && pair.gen == m.gen && pair.key.same(&k) {
		return pair.q
	}
	sl := slotcache.Slot(m.slots, k.hash())
	if sl.gen != m.gen || !sl.key.same(&k) {
		q := s.traceSight(fa, ra, fb, rb)
		sl.key, sl.gen, sl.q = k, m.gen, q
		m.filed()
		// filed may have moved the slots: copy from the answer, not sl.
		if pair != nil {
			pair.key, pair.gen, pair.q = k, m.gen, q
		}
		return q
	}
	if pair != nil {
		*pair = *sl
	}
	return sl.q
}

// traceSight works the answer of sightFramed out.
func (s *State) traceSight(fa geom.Box, ra *geom.Frame, fb geom.Box, rb *geom.Frame) Sight {
	t := s.b.table
	q := Sight{FromLevel: t.LevelAt(fa.Center), ToLevel: t.LevelAt(fb.Center), OK: true}
	ray := geom.Segment{A: fa.Center, B: fb.Center}
	L := ray.Length()
	if L < 1e-9 {
		return q
	}
	// The gap between the hulls along the ray, as parameters [ga, gb],
	// worked out at the first feature the ray meets: most rays over open
	// ground meet none.
	ga, gb, gap := 0.0, 1.0, false
	var own [2]geom.Frame // the frames worked out here
	touch := func() bool {
		if !gap {
			gap = true
			if ra == nil {
				own[0] = fa.Frame()
				ra = &own[0]
			}
			if rb == nil {
				own[1] = fb.Frame()
				rb = &own[1]
			}
			var buf [2]geom.Interval
			if ivs := ra.Clip(ray, buf[:0]); len(ivs) > 0 && ivs[0].T0 <= 1e-9 {
				ga = ivs[0].T1
			}
			if ivs := rb.Clip(ray, buf[:0]); len(ivs) > 0 && ivs[len(ivs)-1].T1 >= 1-1e-9 {
				gb = ivs[len(ivs)-1].T0
			}
		}
		return ga >= gb
	}
	lo, hi := min(q.FromLevel, q.ToLevel), max(q.FromLevel, q.ToLevel)
	lowIsViewer := q.FromLevel <= q.ToLevel
	// blocked reports whether an obstacle of height o whose edge nearest
	// the lower vehicle is at parameter tNear blocks the line (Pagano,
	// Firing OVER obstacles; ruling P13).
	blocked := func(o int, tNear float64) bool {
		switch {
		case o <= lo:
			return false
		case o >= hi:
			return true
		}
		x := tNear
		if !lowIsViewer {
			x = 1 - tNear
		}
		return x < float64(o-lo)/float64(hi-lo)-1e-9
	}
	var woods [8]table.Crossing
	nw, woodsLen := 0, 0.0
	t.VisitSegment(ray, func(c table.Crossing) bool {
		if touch() {
			return false // the hulls touch: nothing lies between them
		}
		f := c.Feature
		t0, t1 := max(c.T0, ga), min(c.T1, gb)
		if t0 > t1+1e-12 {
			return true
		}
		near := t0
		if !lowIsViewer {
			near = t1
		}
		switch f.Kind {
		case table.KindHedge, table.KindWall:
			q.HedgeOrWall = true
		case KindHedgerow:
			p := c.Entry
			if ra.DistToPoint(p) <= HedgerowNear+1e-9 || rb.DistToPoint(p) <= HedgerowNear+1e-9 {
				q.Hedgerow = true
			} else if blocked(1+t.LevelAt(p), near) {
				q.OK, q.Blocker = false, f
				return false
			}
		case table.KindBuilding:
			if blocked(1+t.LevelAt(c.Entry), near) {
				q.OK, q.Blocker = false, f
				return false
			}
		case table.KindWoods:
			woodsLen += (t1 - t0) * L
			if nw < len(woods) {
				c.T0, c.T1 = t0, t1
				woods[nw] = c
				nw++
			}
		case table.KindHill:
			n := f.Level
			if n <= lo {
				return true
			}
			// The hill the higher vehicle stands on: the line may pass
			// through 1" of it, hull-down beyond 1/2".
			ownHigh := n == hi && lo < hi && (q.ToLevel == hi && c.T1 >= 1-1e-9 || q.FromLevel == hi && c.T0 <= 1e-9)
			if ownHigh {
				edge := (t1 - t0) * L
				switch {
				case edge > HullDownDepth+1e-9:
					q.OK, q.Blocker, q.Depth, q.why = false, f, edge, whyEdge
					return false
				case edge > SlopeDepth+1e-9:
					if q.ToLevel == hi {
						q.TargetHullDown = true
					} else {
						q.ViewerHullDown = true
					}
				}
				return true
			}
			if blocked(n, near) {
				q.OK, q.Blocker = false, f
				return false
			}
		}
		return true
	})
	if !q.OK {
		return q
	}
	if woodsLen > WoodsSeeThrough+1e-9 {
		for _, c := range woods[:nw] {
			near := c.T0
			if !lowIsViewer {
				near = c.T1
			}
			if blocked(2+t.LevelAt(c.Entry), near) {
				q.OK, q.Blocker, q.Depth, q.why = false, c.Feature, woodsLen, whyWoods
				return q
			}
		}
	}
	return q
}

// inWoodsOrBuilding reports whether a footprint's centre lies in woods or
// a building (To-Hit: target in woods and/or building).
func (s *State) inWoodsOrBuilding(b geom.Box) bool {
	in := false
	s.b.table.VisitAt(b.Center, func(f *table.Feature) bool {
		if f.Kind == table.KindWoods || f.Kind == table.KindBuilding {
			in = true
			return false
		}
		return true
	})
	return in
}
