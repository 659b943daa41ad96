package armourbattles

import (
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// A screen answers many line-of-sight questions at once: whether one wood
// hides a whole stretch of a move from a viewer. A moving footprint is
// asked about every half inch of its path (opportunity fire) or every two
// inches (the doctrine's risk estimate), and nearly all of those questions
// come out blocked. When a single convex wood lies well away from the
// viewer and from the whole stretch, and every ray from the viewer to the
// stretch's outline passes well inside it, no footprint on the stretch is
// seen: every ray to it crosses the wood, and the wood is too far from
// either footprint for the see-into-woods exception (Armour Battles, Line
// of Sight: Woods). The
// test is conservative. "No screen" only means "ask each point", so it
// never changes an answer.

// screenMargin is the slack, in inches, that keeps rounding out of a
// screen: how deep inside the wood the outline's rays must pass, how much
// further than SeeIntoWoods the wood must lie from the footprints, and how
// much the stretch's outline is grown.
const screenMargin = 1e-3

// convexWood is a convex wood prepared for screens.
type convexWood struct {
	pg geom.Polygon
	// n are the inward unit normals of the edges, and c their offsets:
	// a point p lies n[i]·p - c[i] inside edge i.
	n []geom.Point
	c []float64
}

// newConvexWood prepares f if it is a wood with a convex outline.
func newConvexWood(f *table.Feature) *convexWood {
	pg := f.Area
	if f.Kind != table.KindWoods || len(pg) < 3 || !convex(pg) {
		return nil
	}
	w := &convexWood{pg: pg}
	ccw := pg.SignedArea() > 0
	for i, a := range pg {
		b := pg[(i+1)%len(pg)]
		e := b.Sub(a)
		l := e.Norm()
		if l == 0 {
			continue
		}
		n := geom.Point{X: -e.Y / l, Y: e.X / l} // left of a→b
		if !ccw {
			n = n.Mul(-1)
		}
		w.n = append(w.n, n)
		w.c = append(w.c, n.Dot(a))
	}
	return w
}

// convex reports whether pg turns the same way at every vertex (collinear
// vertices allowed) and has some area.
func convex(pg geom.Polygon) bool {
	sign := 0
	for i := range pg {
		a, b, c := pg[i], pg[(i+1)%len(pg)], pg[(i+2)%len(pg)]
		cr := b.Sub(a).Cross(c.Sub(b))
		switch {
		case cr > 0 && sign >= 0:
			sign = 1
		case cr < 0 && sign <= 0:
			sign = -1
		case cr != 0:
			return false
		}
	}
	return sign != 0
}

// depth returns how far p lies inside the wood (negative outside).
func (w *convexWood) depth(p geom.Point) float64 {
	d := w.n[0].Dot(p) - w.c[0]
	for i := 1; i < len(w.n); i++ {
		d = min(d, w.n[i].Dot(p)-w.c[i])
	}
	return d
}

// passesDeep reports whether segment s has a point at least screenMargin
// inside the wood.
func (w *convexWood) passesDeep(s geom.Segment) bool {
	var buf [4]geom.Interval
	for _, iv := range w.pg.Clip(s, buf[:0]) {
		if w.depth(s.At((iv.T0+iv.T1)/2)) >= screenMargin {
			return true
		}
	}
	return false
}

// distToSegment returns the distance between the wood and s.
func (w *convexWood) distToSegment(s geom.Segment) float64 {
	if w.pg.IntersectsSegment(s) {
		return 0
	}
	d := min(w.pg.DistToPoint(s.A), w.pg.DistToPoint(s.B))
	for _, v := range w.pg {
		d = min(d, s.DistToPoint(v))
	}
	return d
}

// screens reports whether the wood hides from a viewer at fa every
// footprint of first's size and heading whose centre lies on the segment
// from first's centre to last's (to within 1e-7").
func (w *convexWood) screens(fa, first, last geom.Box) bool {
	far := SeeIntoWoods + screenMargin
	// The wood keeps clear of the viewer's footprint and of every
	// footprint on the stretch: a footprint lies within its bounding
	// radius of its centre.
	if w.pg.DistToPoint(fa.Center)-boxRadius(fa) <= far {
		return false
	}
	if w.distToSegment(geom.Segment{A: first.Center, B: last.Center})-boxRadius(first) <= far {
		return false
	}
	// Every ray from the viewer's centre to a corner of the stretch's
	// outline (its end footprints, grown) passes deep inside the wood; the
	// rays to the points within that outline then pass through the same
	// convex core of the wood.
	for _, b := range [2]geom.Box{first, last} {
		b.Length += 2 * screenMargin
		b.Width += 2 * screenMargin
		for _, v := range b.Corners() {
			if !w.passesDeep(geom.Segment{A: fa.Center, B: v}) {
				return false
			}
		}
	}
	return true
}

func boxRadius(b geom.Box) float64 { return geom.Pt(b.Length, b.Width).Norm() / 2 }

// screened reports whether a single wood hides from a viewer at fa every
// footprint from first to last: footprints of one size and heading whose
// centres lie on the segment between first's and last's. lineOfSight from
// fa to any of them is then false. false means only "not certain".
func (s *State) screened(fa, first, last geom.Box) bool {
	if len(s.b.woods) == 0 {
		return false
	}
	mid := first.Center.Lerp(last.Center, 0.5)
	return s.b.table.AnySegment(geom.Segment{A: fa.Center, B: mid}, func(c table.Crossing) bool {
		w := s.b.woods[c.Feature]
		return w != nil && w.screens(fa, first, last)
	})
}

// onStretch reports whether the footprints bs form a stretch that
// screened may answer for: one size and heading, centres on the segment
// from the first's to the last's.
func onStretch(bs []geom.Box) bool {
	first, last := bs[0], bs[len(bs)-1]
	seg := geom.Segment{A: first.Center, B: last.Center}
	for _, b := range bs[1 : len(bs)-1] {
		if !sameStretch(first, b) || seg.DistToPoint(b.Center) > 1e-7 {
			return false
		}
	}
	return sameStretch(first, last)
}

// screenRetry is how many points a path is asked about one by one after a
// screen was not found, before looking for one again.
const screenRetry = 4

// screenFrom looks for a screen hiding from a viewer at fa the footprints
// of a path, bs, from bs[i] on: first to the end of the straight stretch
// that starts there, then over its next eight footprints. It returns the
// last footprint screened.
func (s *State) screenFrom(fa geom.Box, bs []geom.Box, i int) (end int, ok bool) {
	end = i
	for end+1 < len(bs) && sameStretch(bs[i], bs[end+1]) {
		end++
	}
	if end-i < 2 {
		return 0, false // too short to be worth it
	}
	if onStretch(bs[i:end+1]) && s.screened(fa, bs[i], bs[end]) {
		return end, true
	}
	if short := i + 7; short < end && onStretch(bs[i:short+1]) && s.screened(fa, bs[i], bs[short]) {
		return short, true
	}
	return 0, false
}

// sameStretch reports whether two footprints have one size and heading.
func sameStretch(a, b geom.Box) bool {
	return a.Heading == b.Heading && a.Length == b.Length && a.Width == b.Width
}
