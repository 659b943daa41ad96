package armourbattles

import (
	"math"
	"math/bits"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// Screens: a shortcut for the many "not seen" answers.
//
// An agent asks whether one viewer sees a target at many places in turn:
// the doctrine along every planned path, the opportunity-fire window along
// every move. Most answers are "blocked", and most blocked rays cross a
// hill or a wood well away from both ends. For such a feature the rules
// need no more than the fact that the ray runs through it (a hill blocks
// whatever the entry and exit points when the viewer and target stand
// lower and off it; a wood more than 1" from both footprints blocks
// whatever part is inside it; a building blocks every ray). So, once per
// viewer, each convex hill, wood and building gets its geom.Shadow, and a
// target whose footprint has three of its five sample points hidden by
// some applicable shadow is not seen: at least three of lineOfSight's rays
// are blocked by terrain. (For a target near or in a wood, the wood's
// shadow is asked about the part of the ray well away from the target.)
// A wood within 1" of the viewer casts no such shadow, but a ray that is
// still inside it 1" beyond the viewer's footprint, and deeper than the
// wood's 1" fringe, is blocked too, for a target far enough away
// (aroundWood). A target that may stand in a wood is left to lineOfSight
// for that wood: it may be seen through the fringe (ruling R6).
// Two more kinds of shadow serve the opportunity-fire window, whose
// questions all lie along one path: those of hedges and of the viewer's
// friends near the rays to the path (hedgeShadows, friendShadows,
// hidesFrameWith). A hedge blocks every ray that crosses it more than 1"
// from both footprints when neither stands on a hill (ruling R8), so each
// straight stretch of a hedge more than 1" from a viewer at ground level
// casts a shadow for targets at ground level more than 1" from it. The
// viewer's friends stand still while the window is worked out, and each
// one no lower than the viewer blocks every ray it lies across (R9).
// (Kept among every viewer's shadows, the hedges' cost the doctrine's
// risk estimates on Battle 3 more than they saved.)
// Every other target is asked about as before. The answer is always
// lineOfSight's: TestScreensAgreeWithLineOfSight,
// TestFriendShadowsAgreeWithLineOfSight and TestScreensAgreeWhereWiredIn
// check it.

// screenCheck, when a test sets it, is told of every target the shadows
// hide where the shortcut is wired in (site names the place), so that the
// test can check that lineOfSight agrees. Nil otherwise.
var screenCheck func(site string, s *State, a int, fa geom.Box, b int, fb geom.Box)

// maxScreens is the most shadows a viewer keeps; further features are
// left to lineOfSight.
const maxScreens = 12

// maxHedgeShadows is the most shadows of hedges that hidesFrameWith asks
// about a target.
const maxHedgeShadows = 16

// screenMargin is how far beyond the 1" see-into-woods distance a wood
// must lie from a footprint's bounding circle to block every ray into it.
const screenMargin = 1e-6

// screen is one feature's shadow from a viewer.
type screen struct {
	f  *table.Feature
	sh geom.Shadow
	// level is a hill's level: it hides a target that stands lower
	// (targets on it, at its level, or higher are left to lineOfSight).
	// 0 for a wood or a building.
	level int
	// c and r are a wood's bounding circle: it hides a target only when
	// the target's bounding circle lies more than 1" from it. r < 0 for a
	// building or a hill.
	c geom.Point
	r float64
}

// screens are the shadows cast from one viewer's footprint, and the woods
// around it.
type screens struct {
	from   geom.Point // the viewer's centre, where every ray starts
	list   []screen   // at most maxScreens
	around []aroundWood
	// hot is 1 + the index in list of the shadow that last hid a whole
	// target (0: none yet). Targets asked about in turn often lie close
	// together, so hidesFrame asks it first. It changes no answer.
	hot int
}

// aroundWood is a convex wood within 1" of a viewer's footprint, where the
// wood's shadow does not settle anything. Take a ray from the viewer's
// centre that is still inside the wood d from the centre (d: the
// footprint's bounding radius + 1" + a margin). The part of the ray inside
// the wood then reaches more than 1" from the viewer's footprint, and it
// starts no further than entry from the centre (0 when the centre is in
// the wood, d otherwise). If the target's footprint lies more than 1"
// beyond that (applies), the part inside the wood is not within 1" of
// either footprint, and the wood blocks the ray (Armour Battles, Line of
// Sight: woods), whatever the levels.
type aroundWood struct {
	f        *table.Feature
	cast     *geom.Caster
	d, entry float64
	// ra is the viewer's bounding radius: a target within 1" of the
	// viewer's footprint may see it through the wood they both stand in
	// (ruling R6).
	ra float64
}

// applies reports whether the wood blocks the rays it hides (hides) to a
// target footprint centred at c with bounding radius rt, seen from from.
func (a *aroundWood) applies(from, c geom.Point, rt float64) bool {
	return c.Dist(from) > max(a.entry, a.ra)+rt+SeeIntoWoods+screenMargin
}

// hides reports whether the ray from the viewer's centre from to point p
// is still inside the wood d from from.
func (a *aroundWood) hides(from, p geom.Point) bool {
	v := p.Sub(from)
	l := v.Norm()
	if l <= a.d {
		return false
	}
	return a.cast.Inside(from.Add(v.Mul(a.d/l)), deepInWood)
}

// deepInWood is how far inside a wood a ray's point must be for the wood
// to block the ray whoever stands in the wood: beyond its 1" fringe
// (ruling R6), with room for inFringe's steps.
const deepInWood = SeeIntoWoods + fringeStep + screenMargin

// hidesDisc reports whether hides holds for every point within r of c
// (r < |c - from|): each such point lies beyond d, and its ray's point d
// from from lies within d·(π/2)·r/|c - from| of the centre ray's, which
// must then be inside the wood by that much more.
func (a *aroundWood) hidesDisc(from, c geom.Point, r float64) bool {
	v := c.Sub(from)
	l := v.Norm()
	if l-r <= a.d || r >= l {
		return false
	}
	return a.cast.Inside(from.Add(v.Mul(a.d/l)), deepInWood+a.d*(math.Pi/2)*r/l)
}

// maxAround is the most woods around a viewer that hidesFrame asks.
const maxAround = 4

// screensFrom returns the shadows cast from a viewer standing at fa: the
// convex hills at or above its level and clear of it, the convex woods
// more than 1" from its bounding circle, and the convex buildings; and the
// other convex woods, around it.
func (s *State) screensFrom(fa geom.Box) screens {
	var buf [maxScreens]screen
	var around []aroundWood
	n := 0
	p := fa.Center
	lv := s.b.table.LevelAt(p)
	ra := math.Hypot(fa.Length, fa.Width) / 2
	for i := range s.b.screenable {
		if n == len(buf) {
			break
		}
		sf := &s.b.screenable[i]
		f := sf.f
		scr := screen{f: f, r: -1}
		switch f.Kind {
		case table.KindHill:
			if f.Level < lv {
				continue // the viewer sees over it
			}
			scr.level = f.Level
		case table.KindWoods:
			if f.Area.DistToPoint(p)-ra <= SeeIntoWoods+screenMargin {
				// The viewer may see into it or out of it.
				a := aroundWood{f: f, cast: &sf.cast, d: ra + SeeIntoWoods + screenMargin, ra: ra}
				if !sf.cast.Inside(p, screenMargin) {
					a.entry = a.d
				}
				around = append(around, a)
				continue
			}
			scr.c, scr.r = sf.c, sf.r
		}
		sh, ok := sf.cast.Shadow(p)
		if !ok {
			continue
		}
		scr.sh = sh
		buf[n] = scr
		n++
	}
	sc := screens{from: p, around: around}
	if n > 0 { // sized to fit: a memo keeps thousands
		sc.list = append([]screen(nil), buf[:n]...)
	}
	return sc
}

// screenable is a feature whose outline can cast shadows (board.screenable):
// its caster and, for a wood, its bounding circle (woodCircle); r < 0
// for the others.
type screenable struct {
	f    *table.Feature
	cast geom.Caster
	c    geom.Point
	r    float64
}

// woodCircle returns a circle containing polygon pg: the centre of its
// bounds and the distance from there to its farthest vertex.
func woodCircle(pg geom.Polygon) (geom.Point, float64) {
	c := pg.Bounds().Center()
	r := 0.0
	for _, v := range pg {
		r = max(r, v.Dist(c))
	}
	return c, r
}

// hides reports whether the shadows certainly hide the target footprint
// fb, whose centre stands at level lt and whose bounding radius is rt:
// then at least three of lineOfSight's five rays cross terrain that blocks
// them, and the viewer does not see the target. False says nothing.
func (sc *screens) hides(fb geom.Box, lt int, rt float64) bool {
	if len(sc.list) == 0 && len(sc.around) == 0 {
		return false
	}
	return sc.hidesFrame(fb.Frame(), lt, rt)
}

// hidesFrame is hides for a target whose frame ff is at hand.
func (sc *screens) hidesFrame(ff geom.Frame, lt int, rt float64) bool {
	return sc.hidesFrameWith(ff, lt, rt, allScreens, nil, nil)
}

// allScreens has a bit for each of a screens' list (bit i for list[i]).
const allScreens = 1<<maxScreens - 1

// nearTrack returns the bits of the shadows of sc.list that may hide a
// target of bounding radius rt whose centre keeps to track: the others
// miss every such target's sample points (geom.Shadow.MissesTrack).
func (sc *screens) nearTrack(track geom.Polyline, rt float64) uint16 {
	var near uint16
	for i := range sc.list {
		if !sc.list[i].sh.MissesTrack(track, sampleDisc(rt)) {
			near |= 1 << i
		}
	}
	return near
}

// sampleDisc returns the radius about a target's centre, of bounding
// radius rt, that holds its sample points, and a margin.
func sampleDisc(rt float64) float64 { return rt/2 + screenMargin }

// maxFriendShadows is the most shadows of the viewer's friends that
// hidesFrameWith asks about a target.
const maxFriendShadows = 16

// hidesFrameWith is hidesFrame with more shadows from the same viewer:
// those of hedges (hedgeShadows) and of the viewer's friends (friends:
// every one of them blocks every ray it hides, whatever the target;
// friendShadows). Of sc.list it asks only the shadows with a bit in
// terrain (nearTrack; allScreens for all): the others must miss the
// target.
func (sc *screens) hidesFrameWith(ff geom.Frame, lt int, rt float64, terrain uint16, hedges []hedgeShadow, friends []geom.Shadow) bool {
	if len(sc.list) == 0 && len(sc.around) == 0 && len(hedges) == 0 && len(friends) == 0 {
		return false
	}
	fb := ff.Box()
	disc := sampleDisc(rt) // the sample points lie within rt/2 of the centre
	if sc.hot > 0 {
		if scr := &sc.list[sc.hot-1]; scr.appliesTo(fb, lt, rt) == hidesRay && scr.sh.HidesDisc(fb.Center, disc) {
			return true // as the loops below would find
		}
	}
	// The woods around the viewer that apply to this target.
	var aroundBuf [maxAround]*aroundWood
	around := aroundBuf[:0]
	for k := range sc.around {
		if a := &sc.around[k]; len(around) < maxAround && a.applies(sc.from, fb.Center, rt) {
			around = append(around, a)
		}
	}
	// The shadows that apply to this target, and how.
	var idx [maxScreens]int // their indexes in sc.list
	var short [maxScreens]bool
	n := 0
	for m := terrain & (1<<len(sc.list) - 1); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		scr := &sc.list[i]
		// The sample points lie within rt/2 of the centre: pass over a
		// shadow that misses that disc (and so misses every point on the
		// way to one of them, which hidesShortRay asks about).
		if scr.sh.MissesDisc(fb.Center, disc) {
			continue
		}
		switch scr.appliesTo(fb, lt, rt) {
		case hidesRay:
			idx[n], short[n] = i, false
			n++
		case hidesShortRay:
			idx[n], short[n] = i, true
			n++
		}
	}
	// The hedges' and friends' shadows that may hide a sample point:
	// each blocks every ray it hides.
	var frBuf [maxHedgeShadows + maxFriendShadows]*geom.Shadow
	fr := frBuf[:0]
	for k := range hedges {
		if h := &hedges[k]; len(fr) < cap(fr) && !h.sh.MissesDisc(fb.Center, disc) && h.applies(fb.Center, lt, rt) {
			fr = append(fr, &h.sh)
		}
	}
	for k := range friends {
		if sh := &friends[k]; len(fr) < cap(fr) && !sh.MissesDisc(fb.Center, disc) {
			fr = append(fr, sh)
		}
	}
	if n == 0 && len(around) == 0 && len(fr) == 0 {
		return false
	}
	// A wood around the viewer or a shadow that hides that whole disc
	// hides all five sample points.
	for _, sh := range fr {
		if sh.HidesDisc(fb.Center, disc) {
			return true
		}
	}
	for _, a := range around {
		if a.hidesDisc(sc.from, fb.Center, disc) {
			return true
		}
	}
	for k, i := range idx[:n] {
		if !short[k] && sc.list[i].sh.HidesDisc(fb.Center, disc) {
			sc.hot = 1 + i
			return true
		}
	}
	// A ray is blocked by a wood more than 1" from the viewer when some
	// of the ray inside it lies more than 1" from the target's footprint
	// (then the entry or the exit does: distance to a convex footprint
	// is convex along the ray). Every point of the ray more than
	// 1" + 2·rt short of its end is that far from the footprint, whose
	// sample points lie within rt of its centre.
	keep := SeeIntoWoods + 2*rt + screenMargin
	hidden := 0
	pts := samplePointsOf(ff)
	for i, p := range pts {
		hit := false
		for _, a := range around {
			if a.hides(sc.from, p) {
				hit = true
				break
			}
		}
		for k := 0; !hit && k < len(fr); k++ {
			hit = fr[k].Hides(p)
		}
		var q geom.Point // p brought keep closer to the viewer, once needed
		qOK := 0         // 0 not worked out, 1 worked out, -1 the ray is too short
		for k := 0; !hit && k < n; k++ {
			scr := &sc.list[idx[k]]
			if !short[k] {
				hit = scr.sh.Hides(p)
				continue
			}
			if qOK == 0 {
				d := p.Sub(sc.from)
				l := d.Norm()
				qOK = -1
				if l > keep {
					q, qOK = sc.from.Add(d.Mul((l-keep)/l)), 1
				}
			}
			hit = qOK > 0 && scr.sh.Hides(q)
		}
		if hit {
			hidden++
		}
		if hidden >= 3 {
			return true
		}
		if hidden+len(pts)-1-i < 3 {
			return false
		}
	}
	return false
}

// How a shadow applies to a target (screen.appliesTo).
const (
	hidesNothing  = iota
	hidesRay      // every ray it hides is blocked
	hidesShortRay // a ray is blocked if it hides the ray's point 1" + 2·rt short of the target
)

// appliesTo reports how the shadow applies to a target footprint fb whose
// centre stands at level lt and whose bounding radius is rt: a hill only
// to targets lower than it; a wood to targets more than 1" from it, and
// to the others by the part of the ray more than 1" from them.
func (scr *screen) appliesTo(fb geom.Box, lt int, rt float64) int {
	switch {
	case scr.level > 0:
		if lt < scr.level { // not on it, level with it or above it
			return hidesRay
		}
		return hidesNothing
	case scr.r >= 0:
		switch gap := fb.Center.Dist(scr.c) - scr.r - rt; {
		case gap > SeeIntoWoods+screenMargin:
			return hidesRay
		case gap <= screenMargin:
			// The target may stand in the wood and be seen through its
			// fringe (ruling R6): left to lineOfSight.
			return hidesNothing
		}
		return hidesShortRay
	}
	return hidesRay
}

// friendShadows appends to dst, up to maxFriendShadows in all and never
// beyond its capacity (a shared buffer: a full one gets none), the
// shadows cast from viewer u's centre (footprint fa) by its friends that
// block every ray they lie across: the units of its side on the table and
// not hidden, other than u, standing no lower than u (a friend lower than
// the viewer may be seen over: Armour Battles, Line of Sight: Friendly
// Units; ruling R9), and within reach of a ray to a target with bounding
// radius rt whose centre lies on fan's track. It looks only at the
// units among lists (in order): all of them, or a list that leaves out
// none of those (friendSet's).
func (s *State) friendShadows(dst []geom.Shadow, u int, fa geom.Box, fan *fan, rt float64, among []int) []geom.Shadow {
	side := s.Units[u].Side
	lv := -1 // the viewer's level, once needed
	for _, i := range among {
		if len(dst) == cap(dst) || len(dst) >= maxFriendShadows {
			break
		}
		f := &s.Units[i]
		if i == u || f.Side != side || !f.Active() || f.Hidden {
			continue
		}
		if !fan.near(f.Pos, s.b.radius[f.Type]+rt) {
			continue // clear of every ray
		}
		if lv < 0 {
			lv = s.b.table.LevelAt(fa.Center)
		}
		if s.b.table.LevelAt(f.Pos) < lv {
			continue
		}
		if sh, ok := s.frame(i).Shadow(fa.Center); ok {
			dst = append(dst, sh)
		}
	}
	return dst
}

// fan is the segments from a viewer's centre o to the points of track, a
// polyline (a single point when it has one): where the rays to a target
// whose centre keeps to track run, give or take its radius.
type fan struct {
	o      geom.Point
	track  geom.Polyline
	lo, hi geom.Point // its bounds
}

func newFan(o geom.Point, track geom.Polyline) fan {
	f := fan{o: o, track: track, lo: o, hi: o}
	for _, p := range track {
		f.lo.X, f.lo.Y, f.hi.X, f.hi.Y = min(f.lo.X, p.X), min(f.lo.Y, p.Y), max(f.hi.X, p.X), max(f.hi.Y, p.Y)
	}
	return f
}

// near reports whether point c lies within r of the fan: within r of one
// of the triangles o, A, B over track's legs A→B.
func (f *fan) near(c geom.Point, r float64) bool {
	if c.X < f.lo.X-r || c.Y < f.lo.Y-r || c.X > f.hi.X+r || c.Y > f.hi.Y+r {
		return false // most points asked about lie beyond its bounds
	}
	o, track := f.o, f.track
	if len(track) == 1 {
		return geom.Segment{A: o, B: track[0]}.DistToPoint(c) <= r
	}
	for i := 0; i+1 < len(track); i++ {
		a, b := track[i], track[i+1]
		// Inside the triangle: on the same side of its three edges.
		d1, d2, d3 := a.Sub(o).Cross(c.Sub(o)), b.Sub(a).Cross(c.Sub(a)), o.Sub(b).Cross(c.Sub(b))
		if (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0) {
			return true
		}
		if min(geom.Segment{A: o, B: a}.DistToPoint(c), geom.Segment{A: o, B: b}.DistToPoint(c), geom.Segment{A: a, B: b}.DistToPoint(c)) <= r {
			return true
		}
	}
	return false
}

// hedgeShadow is the shadow of a straight stretch of hedge, seg, from a
// viewer at ground level more than 1" from it (hedgeShadows).
type hedgeShadow struct {
	sh  geom.Shadow
	seg geom.Segment
}

// applies reports whether the stretch blocks every ray it hides to a
// target whose centre c stands at level lt, with bounding radius rt: a
// target at ground level more than 1" from it.
func (h *hedgeShadow) applies(c geom.Point, lt int, rt float64) bool {
	return lt < 1 && h.seg.DistToPoint(c)-rt > HedgeAdjacent+screenMargin
}

// hedgeShadows appends to dst, up to maxHedgeShadows in all and never
// beyond its capacity (as friendShadows), the shadows cast from a viewer
// at ground level standing at fa by the straight stretches of hedge more
// than 1" from it and near fan (the rays to the target's centres). A
// hedge blocks only rays between two footprints at ground level, crossing
// it more than 1" from both (Armour Battles, Line of Sight: Hedges;
// ruling R8): every point of a stretch this far from the viewer's centre
// is more than 1" from its footprint, and hedgeShadow.applies asks the
// rest of the target.
func (s *State) hedgeShadows(dst []hedgeShadow, fa geom.Box, fan *fan, rt float64) []hedgeShadow {
	p := fa.Center
	if len(s.b.hedgeSegs) == 0 || s.b.table.LevelAt(p) >= 1 {
		return dst
	}
	ra := math.Hypot(fa.Length, fa.Width) / 2
	for i := range s.b.hedgeSegs {
		if len(dst) == cap(dst) || len(dst) >= maxHedgeShadows {
			return dst
		}
		h := &s.b.hedgeSegs[i]
		if !fan.near(h.mid, h.half+rt) {
			continue // clear of every ray
		}
		if h.seg.DistToPoint(p)-ra <= HedgeAdjacent+screenMargin {
			continue
		}
		if sh, ok := geom.SegmentShadow(p, h.seg); ok {
			dst = append(dst, hedgeShadow{sh: sh, seg: h.seg})
		}
	}
	return dst
}
