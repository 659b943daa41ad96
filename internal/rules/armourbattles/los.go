package armourbattles

import (
	"math"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// SeeIntoWoods is how far a unit sees into or out of a wood: units within
// 1" of a wood's edge see out and are seen; units inside a wood see each
// other up to 1" (Armour Battles, Line of Sight: Woods).
const SeeIntoWoods = 1.0

// fringeStep is how often inFringe measures a ray's depth in a wood.
const fringeStep = 0.1

// HedgeAdjacent is how close a unit must be to a hedge to see through it
// (Armour Battles, Line of Sight: Hedges; the distance is the project's
// ruling).
const HedgeAdjacent = 1.0

// sight is one line-of-sight question between two footprints.
type sight struct {
	from, to   geom.Frame
	lFrom, lTo int
	// viewer and target are the units asking and seen (target -1 for a
	// point).
	viewer, target int
	// The viewer's other units that may stand in the way are listed
	// (listed true) when a ray first clears the terrain: most questions
	// the memo sees end in terrain already traced and blocking. They are
	// kept in fr, or in more when there are more of them than fr holds.
	fr     [16]friend
	nFr    int
	more   []friend
	listed bool
	// hills remembers, for the first hills the rays have crossed, whether
	// the viewer or the target stands on each.
	hills  [4]hillIn
	nHills int
}

// hillIn is whether the viewer or the target of a sight stands on hill f.
type hillIn struct {
	f  *table.Feature
	on bool
}

// onHill reports whether the viewer or the target stands on hill f,
// worked out once per sight.
func (q *sight) onHill(f *table.Feature) bool {
	for _, h := range q.hills[:q.nHills] {
		if h.f == f {
			return h.on
		}
	}
	on := f.Contains(q.from.Center()) || f.Contains(q.to.Center())
	if q.nHills < len(q.hills) {
		q.hills[q.nHills] = hillIn{f, on}
		q.nHills++
	}
	return on
}

type friend struct {
	unit int
	c    geom.Point
	r    float64 // bounding circle of the footprint
}

// newSight prepares a line-of-sight question from unit a (footprint fa) to
// footprint fb of unit b (b may be -1 for a point).
func (s *State) newSight(a int, fa geom.Box, b int, fb geom.Box) sight {
	return sight{from: fa.Frame(), to: fb.Frame(), lFrom: s.b.table.LevelAt(fa.Center), lTo: s.b.table.LevelAt(fb.Center),
		viewer: a, target: b}
}

// friendsOf lists, once, the viewer's friends that may stand in the way
// of q's rays.
func (q *sight) friendsOf(s *State) []friend {
	if q.listed {
		if q.more != nil {
			return q.more
		}
		return q.fr[:q.nFr]
	}
	q.listed = true
	// Every ray runs from the viewer's centre to a point of the target's
	// footprint, so it lies within reach of the axis between the centres:
	// a friend whose bounding circle is further than that from the axis
	// cannot block any of them.
	fa, fb := q.from.Box(), q.to.Box()
	axis := geom.Segment{A: fa.Center, B: fb.Center}
	reach := math.Sqrt(fb.Length*fb.Length+fb.Width*fb.Width)/2 + 1e-6
	side := s.Units[q.viewer].Side
	for i := range s.Units {
		u := &s.Units[i]
		if i == q.viewer || i == q.target || u.Side != side || !u.Active() || u.Hidden {
			continue
		}
		if axis.DistToPoint(u.Pos) > s.b.radius[u.Type]+reach {
			continue
		}
		f := friend{unit: i, c: u.Pos, r: s.b.radius[u.Type]}
		switch {
		case q.more != nil:
			q.more = append(q.more, f)
		case q.nFr == len(q.fr):
			// Copied, not appended to: q.fr must not reach the heap.
			q.more = make([]friend, q.nFr, 2*q.nFr)
			copy(q.more, q.fr[:])
			q.more = append(q.more, f)
		default:
			q.fr[q.nFr] = f
			q.nFr++
		}
	}
	return q.friendsOf(s)
}

// canSee reports whether unit a sees unit b where they stand.
func (s *State) canSee(a, b int) bool {
	return s.canSeeBox(a, s.box(a), b, s.box(b))
}

// canSeeBox reports whether unit a with footprint fa sees unit b with
// footprint fb: at least half of b's footprint (three of five sample points:
// the centre and the centres of its quarters) must be visible from a's
// centre (Armour Battles, Line of Sight).
func (s *State) canSeeBox(a int, fa geom.Box, b int, fb geom.Box) bool {
	if m := s.memo; m != nil {
		m.reset(s)
		return m.seesBox(s, m.env(s, s.Units[a].Side), a, fa, b, fb)
	}
	return s.lineOfSight(a, fa, b, fb)
}

// lineOfSight is canSeeBox worked out afresh.
func (s *State) lineOfSight(a int, fa geom.Box, b int, fb geom.Box) bool {
	return s.lineOfSightWith(a, fa, b, fb, nil)
}

// lineOfSightWith is lineOfSight with the terrain's part of the rays kept
// in e, unless e is nil (SightMemo.lineOfSight).
func (s *State) lineOfSightWith(a int, fa geom.Box, b int, fb geom.Box, e *rayEntry) bool {
	q := s.newSight(a, fa, b, fb)
	clear, blocked := 0, 0
	for i, p := range samplePointsOf(q.to) {
		var ok bool
		if e == nil {
			ok = s.rayClear(&q, fa.Center, p)
		} else {
			ok = e.rayClear(s, &q, i, geom.Segment{A: fa.Center, B: p})
		}
		if ok {
			clear++
		} else {
			blocked++
		}
		if clear >= 3 {
			return true
		}
		if blocked >= 3 {
			return false
		}
	}
	return false
}

// samplePoints returns the centre of a footprint and the centres of its
// four quarters.
func samplePoints(b geom.Box) [5]geom.Point { return samplePointsOf(b.Frame()) }

// samplePointsOf is samplePoints of fr's footprint, from fr's directions.
func samplePointsOf(fr geom.Frame) [5]geom.Point {
	b := fr.Box()
	fwd, left := fr.Fwd(), fr.Left()
	l, w := b.Length/4, b.Width/4
	return [5]geom.Point{
		b.Center,
		b.Center.Add(fwd.Mul(l)).Add(left.Mul(w)),
		b.Center.Add(fwd.Mul(l)).Sub(left.Mul(w)),
		b.Center.Sub(fwd.Mul(l)).Add(left.Mul(w)),
		b.Center.Sub(fwd.Mul(l)).Sub(left.Mul(w)),
	}
}

// rayClear reports whether the ray from p to q is clear of blocking
// terrain and friendly units.
func (s *State) rayClear(q *sight, p, t geom.Point) bool {
	seg := geom.Segment{A: p, B: t}
	if !s.terrainClear(q, seg) {
		return false
	}
	for i := range s.Smokes {
		if s.Smokes[i].Box().IntersectsSegment(seg) {
			return false
		}
	}
	return !s.friendInTheWay(q, seg)
}

// terrainClear reports whether the table's terrain leaves the ray clear:
// rayClear without the smoke screens and the viewer's friends. It depends
// only on the table and the two footprints.
func (s *State) terrainClear(q *sight, seg geom.Segment) bool {
	high := max(q.lFrom, q.lTo)
	return !s.b.table.AnySegment(seg, func(c table.Crossing) bool { return s.blocks(q, c, high) })
}

// blocks reports whether one terrain crossing blocks the ray.
func (s *State) blocks(q *sight, c table.Crossing, high int) bool {
	f := c.Feature
	switch f.Kind {
	case table.KindWoods:
		// The viewer or target may stand in the wood: the part of the ray
		// inside it then starts in the viewer's hull or ends in the
		// target's (ruling R6).
		inFrom, inTo := q.from.DistToPoint(c.Entry) <= 1e-9, q.to.DistToPoint(c.Exit) <= 1e-9
		if inFrom && inTo {
			// Both in this wood, the ray never out of it: they see each
			// other up to 1" apart, hull to hull.
			return q.from.Distance(q.to) > SeeIntoWoods+1e-9
		}
		// Seeing 1" into a wood: the part inside lies within 1" of the
		// viewer's hull or of the target's.
		near := func(b geom.Frame) bool {
			return b.DistToPoint(c.Entry) <= SeeIntoWoods+1e-9 && b.DistToPoint(c.Exit) <= SeeIntoWoods+1e-9
		}
		if near(q.from) || near(q.to) {
			return false
		}
		// Seeing out of a wood (or being seen in it) from within 1" of its
		// edge: the part inside keeps to the wood's 1" fringe.
		return !(inFrom || inTo) || !s.inFringe(f, c, q)
	case table.KindHill:
		// A hill blocks unless a higher hill carries the view over it, or
		// the viewer or target stands on it.
		if high > f.Level {
			return false
		}
		return !q.onHill(f)
	case table.KindHedge, table.KindWall:
		if high >= 1 {
			return false
		}
		return q.from.DistToPoint(c.Entry) > HedgeAdjacent+1e-9 && q.to.DistToPoint(c.Entry) > HedgeAdjacent+1e-9
	case table.KindSmoke, table.KindBuilding:
		return true
	}
	return false
}

// inFringe reports whether the part of a ray inside wood f (crossing c)
// keeps within 1" of the wood's edge wherever it is outside the two
// footprints: exactly for a convex wood, measured every fringeStep along
// it (and at its ends) for another.
func (s *State) inFringe(f *table.Feature, c table.Crossing, q *sight) bool {
	seg := geom.Segment{A: c.Entry, B: c.Exit}
	var buf [4]geom.Interval
	hulls := q.to.Clip(seg, q.from.Clip(seg, buf[:0]))
	inHull := func(t float64) bool {
		for _, iv := range hulls {
			if t >= iv.T0 && t <= iv.T1 {
				return true
			}
		}
		return false
	}
	if cast := s.b.woodCast[f]; cast != nil {
		t0, t1, deep := cast.Deep(seg, SeeIntoWoods+1e-9)
		if !deep {
			return true
		}
		// The deep part must lie within the footprints: walk it from t0,
		// over the hull intervals that cover where it is.
		for t, moved := t0, true; moved; {
			if t >= t1-1e-12 {
				return true
			}
			moved = false
			for _, iv := range hulls {
				if iv.T0 <= t+1e-12 && iv.T1 > t {
					t, moved = iv.T1, true
				}
			}
		}
		return false
	}
	n := max(1, int(math.Ceil(seg.Length()/fringeStep)))
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		if !inHull(t) && f.Area.DistToBoundary(seg.At(t)) > SeeIntoWoods+1e-9 {
			return false
		}
	}
	return true
}

// friendInTheWay reports whether a unit of the viewer's side blocks the
// ray. A friend does not block when the viewer stands higher than it and it
// is closer to the viewer than the target is (Armour Battles, Line of
// Sight: Friendly Units).
func (s *State) friendInTheWay(q *sight, seg geom.Segment) bool {
	friends := q.friendsOf(s)
	for i := range friends {
		f := &friends[i]
		if seg.DistToPoint(f.c) > f.r {
			continue // the ray passes clear of its bounding circle
		}
		fr := s.frame(f.unit)
		if !fr.IntersectsSegment(seg) {
			continue
		}
		if q.lFrom > s.b.table.LevelAt(f.c) && q.from.Distance(fr) < q.from.Distance(q.to) {
			continue // seen over from higher ground
		}
		return true
	}
	return false
}

// inWoods reports whether a footprint's centre lies in a wood.
func (s *State) inWoods(b geom.Box) bool {
	in := false
	s.b.table.VisitAt(b.Center, func(f *table.Feature) bool {
		if f.Kind == table.KindWoods {
			in = true
			return false
		}
		return true
	})
	return in
}

// inCover reports whether unit u is in or behind light cover: in a wood, or
// within 1" of a hedge (between it and the firer, when firer ≥ 0)
// (Armour Battles, Cover Dice).
func (s *State) inCover(u, firer int) bool {
	return s.boxInCover(s.box(u), firer)
}

func (s *State) boxInCover(b geom.Box, firer int) bool {
	if s.inWoods(b) {
		return true
	}
	if firer >= 0 {
		return s.behindHedge(b, s.Units[firer].Pos)
	}
	for _, f := range s.b.hedges {
		if f.Line.DistToPoint(b.Center) <= b.Length/2+HedgeAdjacent {
			return true
		}
	}
	return false
}

// behindHedge reports whether footprint b is behind a hedge it stands
// within 1" of, as seen from p.
func (s *State) behindHedge(b geom.Box, p geom.Point) bool {
	seg := geom.Segment{A: p, B: b.Center}
	// Only a hedge line within 1" of b can give cover: ask those for their
	// crossings (the ones the table would list) instead of walking the
	// whole line of fire through the table.
	r := math.Hypot(b.Length, b.Width) / 2
	var buf [8]float64
	for i, f := range s.b.hedges {
		if len(f.Line) == 0 {
			return s.behindHedgeOnTable(b, seg) // a hedge drawn as an area
		}
		if !s.hedgeNear(i, b.Center, r) {
			continue // every point of it is more than 1" from b
		}
		for _, t := range f.Line.Crossings(seg, buf[:0]) {
			if b.DistToPoint(seg.At(t)) <= HedgeAdjacent+1e-9 {
				return true
			}
		}
	}
	return false
}

// behindHedgeOnTable is behindHedge asking the table for every crossing
// of seg, the line of fire.
func (s *State) behindHedgeOnTable(b geom.Box, seg geom.Segment) bool {
	covered := false
	s.b.table.VisitSegment(seg, func(c table.Crossing) bool {
		if c.Feature.Kind == table.KindHedge && b.DistToPoint(c.Entry) <= HedgeAdjacent+1e-9 {
			covered = true
			return false
		}
		return true
	})
	return covered
}

// nearHedge reports whether a hedge may lie within 1" of footprint b, so
// that behindHedge may hold: false only when every hedge is a line further
// than that (with a margin) from b's bounding circle of radius r.
func (s *State) nearHedge(b geom.Box, r float64) bool {
	for i, f := range s.b.hedges {
		if len(f.Line) == 0 {
			return true
		}
		if s.hedgeNear(i, b.Center, r) {
			return true
		}
	}
	return false
}

// hedgeNear reports whether hedge line i comes within 1" (and a margin)
// of a bounding circle of radius r around c. It looks at the hedge's
// bounds first: a line is no nearer than its bounds.
func (s *State) hedgeNear(i int, c geom.Point, r float64) bool {
	reach := r + HedgeAdjacent + 1e-3
	return s.b.hedgeBounds[i].Expand(reach).Contains(c) && s.b.hedges[i].Line.DistToPoint(c) <= reach
}
