package table

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/geom"
)

// Crossing is one passage of a segment through a feature.
//
// For an area feature T0 < T1 are the segment parameters where it enters and
// leaves the area (T0 = 0 if it starts inside, T1 = 1 if it ends inside),
// Entry and Exit the corresponding points and Length the distance between
// them. For a line feature T0 == T1 is the crossing point, Entry == Exit and
// Length is 0.
type Crossing struct {
	Feature     *Feature
	T0, T1      float64
	Entry, Exit geom.Point
	Length      float64 // inches inside; 0 for a line feature
}

// String describes c for a player, e.g.
// `woods "Bois de Bezange" from (10.0,12.0) to (12.5,12.0): 2.5" inside` or
// `hedge #3 crossed at (4.0,7.5)`.
func (c Crossing) String() string {
	if c.Feature.IsLine() {
		return fmt.Sprintf("%s crossed at %s", c.Feature, fmtPt(c.Entry))
	}
	return fmt.Sprintf("%s from %s to %s: %.1f\" inside", c.Feature, fmtPt(c.Entry), fmtPt(c.Exit), c.Length)
}

func fmtPt(p geom.Point) string { return fmt.Sprintf("(%.1f,%.1f)", p.X, p.Y) }

// maxStack is how many crossings a query gathers without allocating.
const maxStack = 24

// hit is a crossing before its points are worked out: the item and the
// parameter interval along the segment.
type hit struct {
	it     *item
	t0, t1 float64
}

// crossing expands h into a Crossing along s, whose length is l.
func (h *hit) crossing(s geom.Segment, l float64) Crossing {
	c := Crossing{Feature: &h.it.f, T0: h.t0, T1: h.t1, Entry: s.At(h.t0), Length: (h.t1 - h.t0) * l}
	if h.t1 == h.t0 {
		c.Exit = c.Entry
	} else {
		c.Exit = s.At(h.t1)
	}
	return c
}

// appendHits appends the crossings of s with it's feature, unsorted, using
// ivs as scratch space.
func (it *item) appendHits(s geom.Segment, dst []hit, ivs []geom.Interval) []hit {
	if !it.bounds.IntersectsSegment(s) {
		return dst
	}
	return it.appendCrossings(s, dst, ivs)
}

// appendCrossings appends the crossings of s with the features of es,
// whose bounds are known to meet s's bounds.
func (p *probe) appendCrossings(s geom.Segment, es []*entry, dst []hit, ivs []geom.Interval) []hit {
	for _, e := range es {
		if p.crossesLine(&e.b) {
			dst = e.it.appendCrossings(s, dst, ivs)
		}
	}
	return dst
}

// appendCrossings is appendHits for an item whose bounds are known to
// touch s.
func (it *item) appendCrossings(s geom.Segment, dst []hit, ivs []geom.Interval) []hit {
	f := &it.f
	if len(f.Line) > 0 {
		var buf [8]float64
		for _, t := range f.Line.Crossings(s, buf[:0]) {
			dst = append(dst, hit{it, t, t})
		}
		return dst
	}
	if f.Circle != nil {
		ivs = f.Circle.Clip(s, ivs[:0])
	} else {
		ivs = f.Area.Clip(s, ivs[:0])
	}
	for _, iv := range ivs {
		dst = append(dst, hit{it, iv.T0, iv.T1})
	}
	return dst
}

// less orders hits by entry, then feature ID, then exit.
func (h *hit) less(o *hit) bool {
	if h.t0 != o.t0 {
		return h.t0 < o.t0
	}
	if h.it.f.ID != o.it.f.ID {
		return h.it.f.ID < o.it.f.ID
	}
	return h.t1 < o.t1
}

func sortHits(hs []hit) {
	for i := 1; i < len(hs); i++ {
		h := hs[i]
		j := i
		for j > 0 && h.less(&hs[j-1]) {
			hs[j] = hs[j-1]
			j--
		}
		hs[j] = h
	}
}

// appendHits appends the crossings of s with every feature, sorted.
func (t *Table) appendHits(s geom.Segment, dst []hit) []hit {
	base := len(dst)
	var ivs [8]geom.Interval
	g := t.grid
	for _, it := range g.outside {
		dst = it.appendHits(s, dst, ivs[:0])
	}
	var w walk
	switch g.start(&w, s) {
	case walkCells:
		// Gather, without branches, the entries not seen before whose
		// bounds meet the segment's; then test those exactly.
		p := newProbe(s)
		var cands [maxCands]*entry
		k := 0
		for {
			all := g.cells[w.iy*g.nx+w.ix].all
			for i := range all {
				e := &all[i]
				cands[k] = e
				k += w.fresh(e) & p.overlaps(&e.b)
				if k == maxCands {
					dst = p.appendCrossings(s, cands[:], dst, ivs[:0])
					k = 0
				}
			}
			if !w.next() {
				break
			}
		}
		dst = p.appendCrossings(s, cands[:k], dst, ivs[:0])
	case walkScan:
		sb := s.Bounds()
		for _, it := range t.items {
			if !it.outside && it.bounds.Intersects(sb) {
				dst = it.appendHits(s, dst, ivs[:0])
			}
		}
	}
	sortHits(dst[base:])
	return dst
}

// VisitSegment calls visit for every crossing of s with a feature, in order
// of entry along s (ties broken by feature ID, then exit), until visit
// returns false. See Crossing for what is reported: an area entered twice
// (a concave wood) gives two crossings, a line feature one crossing per
// crossing point. A segment touching an area's boundary at a single point
// (grazing a corner) does not cross it; one running along its edge does. A
// segment merely touching a line feature (ending on a hedge) does cross it.
//
// VisitSegment does not allocate unless s crosses more than 24 features.
func (t *Table) VisitSegment(s geom.Segment, visit func(c Crossing) bool) {
	var buf [maxStack]hit
	hs := t.appendHits(s, buf[:0])
	if len(hs) == 0 {
		return
	}
	l := s.Length()
	for i := range hs {
		if !visit(hs[i].crossing(s, l)) {
			return
		}
	}
}

// Crossings appends to dst the crossings VisitSegment would visit, in the
// same order, and returns the extended slice.
func (t *Table) Crossings(s geom.Segment, dst []Crossing) []Crossing {
	var buf [maxStack]hit
	hs := t.appendHits(s, buf[:0])
	l := s.Length()
	for i := range hs {
		dst = append(dst, hs[i].crossing(s, l))
	}
	return dst
}

// HighestLevel returns the level of the highest hill that s touches (passes
// over, starts or ends on, or grazes), and that hill; 0 and nil when s
// touches no hill. Among hills of equal level the one with the lowest ID is
// returned.
func (t *Table) HighestLevel(s geom.Segment) (level int, f *Feature) {
	if best := t.highest(s); best != nil {
		return best.f.Level, &best.f
	}
	return 0, nil
}

// flatHills is how many hills a table may have before HighestLevel walks
// the grid rather than trying every hill in order of preference.
const flatHills = 48

// highest returns the hill HighestLevel reports, or nil.
func (t *Table) highest(s geom.Segment) *item {
	g := t.grid
	if len(g.hills) <= flatHills {
		// The hills are in order of preference: the first that s
		// touches is the answer.
		sb := s.Bounds()
		for _, it := range g.hills {
			if it.bounds.Intersects(sb) && it.touches(s) {
				return it
			}
		}
		return nil
	}
	var best *item
	for _, it := range g.outside {
		if it.f.Kind == KindHill && (best == nil || hillBefore(it, best)) && it.touches(s) {
			best = it
		}
	}
	var w walk
	switch g.start(&w, s) {
	case walkCells:
		for {
			// Each cell's hills are in order of preference too: stop at
			// the first that touches s or cannot beat best.
			for _, it := range g.cells[w.iy*g.nx+w.ix].hills {
				if best != nil && !hillBefore(it, best) {
					break
				}
				if !w.seen(it) && it.touches(s) {
					best = it
					break
				}
			}
			if !w.next() {
				break
			}
		}
	case walkScan:
		sb := s.Bounds()
		for _, it := range g.hills {
			if !it.outside && it.bounds.Intersects(sb) && (best == nil || hillBefore(it, best)) && it.touches(s) {
				best = it
			}
		}
	}
	return best
}

// touches reports whether s has a point in it's area (polygon or circle).
func (it *item) touches(s geom.Segment) bool {
	if !it.bounds.IntersectsSegment(s) {
		return false
	}
	if it.f.Circle != nil {
		return it.f.Circle.IntersectsSegment(s)
	}
	return it.f.Area.IntersectsSegment(s)
}

// LevelAt returns the level of the ground at p: the Level of the highest
// hill containing p (boundary included), or 0.
func (t *Table) LevelAt(p geom.Point) int {
	level := 0
	g := t.grid
	for _, it := range g.outside {
		if it.f.Kind == KindHill && it.f.Level > level && it.bounds.Contains(p) && it.f.Contains(p) {
			level = it.f.Level
		}
	}
	if c, ok := g.at(p); ok {
		for _, it := range c.hills {
			if it.f.Level <= level {
				break
			}
			if it.bounds.Contains(p) && it.f.Contains(p) {
				level = it.f.Level
				break
			}
		}
	}
	return level
}

// VisitAt calls visit, in ID order, for every area feature (polygon or
// circle) containing p, boundary included, until visit returns false. It
// does not allocate unless more than 32 features contain p.
func (t *Table) VisitAt(p geom.Point, visit func(f *Feature) bool) {
	var buf [maxStack]*Feature
	for _, f := range t.At(p, buf[:0]) {
		if !visit(f) {
			return
		}
	}
}

// At appends to dst every area feature (polygon or circle) containing p,
// boundary included, in ID order, and returns the extended slice.
func (t *Table) At(p geom.Point, dst []*Feature) []*Feature {
	base := len(dst)
	g := t.grid
	for _, it := range g.outside {
		if it.bounds.Contains(p) && it.f.Contains(p) {
			dst = append(dst, &it.f)
		}
	}
	if c, ok := g.at(p); ok {
		for i := range c.all {
			if it := c.all[i].it; it.bounds.Contains(p) && it.f.Contains(p) {
				dst = append(dst, &it.f)
			}
		}
	}
	fs := dst[base:]
	for i := 1; i < len(fs); i++ {
		f := fs[i]
		j := i
		for j > 0 && fs[j-1].ID > f.ID {
			fs[j] = fs[j-1]
			j--
		}
		fs[j] = f
	}
	return dst
}

// FootprintsCrossed appends to dst the indexes, ascending, of the boxes
// that s passes through — for "a friendly unit in the way" — and returns
// the extended slice. A box counts when part of s of positive length lies
// in it (including along its edge); s only touching a corner does not
// count. Callers normally leave the firer's and the target's own footprints
// out of boxes. The table's features play no part.
func (t *Table) FootprintsCrossed(s geom.Segment, boxes []geom.Box, dst []int) []int {
	sb := s.Bounds()
	for i, b := range boxes {
		if !b.Bounds().Intersects(sb) {
			continue
		}
		var buf [1]geom.Interval
		if len(b.Clip(s, buf[:0])) > 0 {
			dst = append(dst, i)
		}
	}
	return dst
}

// Explain returns one human-readable line per crossing of s, in the order
// VisitSegment reports them, for a line-of-sight tool; nil when s crosses
// nothing.
func (t *Table) Explain(s geom.Segment) []string {
	var out []string
	for _, c := range t.Crossings(s, nil) {
		out = append(out, c.String())
	}
	return out
}

// AnySegment reports whether pred holds for some crossing of s. Crossings
// are visited in no particular order and the query stops at the first one
// pred accepts, so it is cheaper than VisitSegment when order does not
// matter, as in "does anything block this line of sight?". It does not
// allocate.
func (t *Table) AnySegment(s geom.Segment, pred func(c Crossing) bool) bool {
	var buf [maxStack]hit
	var ivs [8]geom.Interval
	l := s.Length()
	check := func(hs []hit) bool {
		for i := range hs {
			if pred(hs[i].crossing(s, l)) {
				return true
			}
		}
		return false
	}
	g := t.grid
	for _, it := range g.outside {
		if check(it.appendHits(s, buf[:0], ivs[:0])) {
			return true
		}
	}
	var w walk
	switch g.start(&w, s) {
	case walkCells:
		p := newProbe(s)
		for {
			all := g.cells[w.iy*g.nx+w.ix].all
			for i := range all {
				e := &all[i]
				if w.fresh(e) == 1 && p.overlaps(&e.b) == 1 && p.crossesLine(&e.b) {
					if check(e.it.appendCrossings(s, buf[:0], ivs[:0])) {
						return true
					}
				}
			}
			if !w.next() {
				break
			}
		}
	case walkScan:
		sb := s.Bounds()
		for _, it := range t.items {
			if !it.outside && it.bounds.Intersects(sb) {
				if check(it.appendHits(s, buf[:0], ivs[:0])) {
					return true
				}
			}
		}
	}
	return false
}
