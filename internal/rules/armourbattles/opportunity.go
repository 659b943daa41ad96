package armourbattles

import (
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// PathStep is the spacing at which a mover's path is checked for line of
// sight from the other side's units.
const PathStep = 0.5

// Span is where along a mover's path one reacting unit can see it in
// range: the first and last distances.
type Span struct {
	Unit int     `json:"unit"`
	From float64 `json:"from"`
	To   float64 `json:"to"`
	// Effective and Short are the first distances at which the mover is
	// in effective or short range (-1 if never).
	Effective float64 `json:"effective"`
	Short     float64 `json:"short"`
	// Seen lists the stretches [from, to] of the path where the unit sees
	// the mover, when its sight is broken in between (nil when it sees it
	// all the way from From to To).
	Seen [][2]float64 `json:"seen,omitempty"`
}

// oppEligible reports whether unit u may use opportunity fire: on the
// table, not suppressed, no fire marker, not broken off in this pulse,
// and not in its own pulse (Armour Battles, Units That Can Use
// Opportunity Fire; Break-Off).
func (s *State) oppEligible(u int) bool {
	un := &s.Units[u]
	return un.Active() && !un.Suppressed && !un.Fired && !un.BrokeOff && un.Side != s.Active
}

// oppWatcher reports whether unit u counts as a watcher for opportunity
// fire: eligible, or, from revision 4, suppressed but otherwise eligible
// while its side holds a staff order to remove the suppression with
// (Opportunity Staff Orders; ruling R59). A suppressed watcher must have
// its suppression removed before it fires.
func (s *State) oppWatcher(u int) bool {
	un := &s.Units[u]
	return un.Active() && !un.Fired && !un.BrokeOff && un.Side != s.Active &&
		(!un.Suppressed || s.Rev >= 4 && s.Sides[un.Side].Staff > 0)
}

// openFireWindow opens a window against a unit that fires if any enemy can
// answer it.
func (s *State) openFireWindow(firer int) {
	w := &Window{Kind: "fire", Target: firer}
	sight := s.sightFrom(1 - s.Active)
	fb := s.box(firer)
	for _, u := range s.unitsOf(1 - s.Active) {
		if s.canAnswer(sight, u, firer, fb) {
			w.Spans = append(w.Spans, Span{Unit: u, Effective: -1, Short: -1})
		}
	}
	if len(w.Spans) > 0 {
		s.Window = w
	} else if s.hiddenWatch(1 - s.Active) {
		s.Window = &Window{Kind: "fire", Target: firer, Decoy: true}
	}
}

// hiddenWatch reports whether side's opportunity-fire windows are offered
// even when none of its units can answer (Window.Decoy, ruling R56), and,
// from revision 2, kept open after a shot until the side passes: while it
// has a hidden unit on the table that could fire if it saw an enemy, or,
// under a free set-up (What Next?) from revision 2, while the enemy cannot
// rule out that it hides something (HidesFrom, which follows from what the
// enemy knows).
func (s *State) hiddenWatch(side int) bool {
	if s.Rev < 1 {
		return false
	}
	if s.b.sides[side].free != nil {
		// Whether any company hides at all is the side's secret (R55):
		// revision 1 offered no decoy there, which told it.
		return s.Rev >= 2 && s.mayHide(side)
	}
	for i := range s.Units { // not unitsOf: no list to allocate on every move
		if un := &s.Units[i]; un.Side == side && un.Hidden && s.oppEligible(i) {
			return true
		}
	}
	return false
}

// mayHide reports, without allocating (it is asked at every move and
// shot), what HidesFrom(1-side) does for a side with a free set-up:
// whether the enemy cannot rule out that side hides something. Once
// side has set up, that is whether any unit of it is unseen by the
// enemy (hidden, or off the table); before, whether one is hidden on the
// table. (A company enters from reserve whole, so one with a unit the
// enemy has seen holds no unit waiting off the table.)
func (s *State) mayHide(side int) bool {
	done := s.setUpDone(side)
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && !u.Dispersed && (u.Placed && u.Hidden || done && !u.Placed) {
			return true
		}
	}
	return false
}

// canAnswer reports whether unit u may answer the fire of firer, standing
// at fb: a watcher (oppWatcher), in range and arc, and seeing it.
func (s *State) canAnswer(sight sideSight, u, firer int, fb geom.Box) bool {
	return s.oppWatcher(u) && s.oppCanHit(u, fb) && sight.sees(u, s.box(u), firer, fb)
}

// oppCanHit reports whether u's gun reaches footprint tb and it lies in u's
// arc of fire.
func (s *State) oppCanHit(u int, tb geom.Box) bool {
	st := s.stats(u)
	if len(st.Range) < 3 {
		return false
	}
	ub := s.box(u)
	return ub.Frame().Within(tb.Frame(), float64(st.Range[2])+1e-9) && s.fireArcOK(u, ub, tb.Center)
}

// openMoveWindow computes, for each eligible enemy unit, where along the
// mover's path it sees the mover in range, and opens a window if any can.
func (s *State) openMoveWindow(m *Mover) bool {
	return s.setMoveWindow(m, s.moveSpans(m, nil))
}

// moveSpans returns the spans of the watchers (oppWatcher) of the side not in
// its pulse (of only those in only, unless nil) that see mover m in range
// somewhere along its path. The spans may be shared with a remembered
// window: nothing may change them.
func (s *State) moveSpans(m *Mover, only []int) []Span {
	var candsBuf [listCap]int
	cands := candsBuf[:0]
	path := geom.Polyline(m.Path)
	if len(m.Path) < 2 {
		path = geom.Polyline{m.Path[0], m.Path[0]}
	}
	reachEnd := s.moverBox(m, m.Reach).Center
	for _, u := range s.unitsOf(1 - s.Active) {
		if !s.oppWatcher(u) || only != nil && !slices.Contains(only, u) {
			continue
		}
		// Skip units the whole path stays out of range of.
		st := s.stats(u)
		if len(st.Range) < 3 {
			continue
		}
		near := min(path.DistToPoint(s.Units[u].Pos), reachEnd.Dist(s.Units[u].Pos))
		if near > float64(st.Range[2])+8 {
			continue
		}
		cands = append(cands, u)
	}
	if len(cands) == 0 {
		return nil
	}
	sight := s.sightFrom(1 - s.Active) // the watchers' side; s does not change here
	key, base, memo := sight.windowKey(m, cands)
	if memo {
		if spans, ok := sight.m.windows[string(key)]; ok {
			return spans
		}
	}
	// What oppCanHit and the range band need of each watcher whose span
	// is not remembered, worked out once: its footprint, frame, long range
	// and bounding radius. Both lists stay on the stack for the usual few
	// watchers.
	type watcher struct {
		j      int // its index in cands and spans
		ub     geom.Box
		uf     geom.Frame
		rng, r float64 // long range, bounding radius
		// lo and hi bound where along the path the mover may be in its
		// range: beyond them the centres stand too far apart.
		lo, hi float64
		fan    fan      // the rays from its centre to the mover's track
		fs     int32    // its friend set (friendSet; memo only)
		fl     []int    // the friends in that set
		sc     *screens // the terrain's shadows from it, once needed (memo only)
		near   uint16   // those of sc's shadows that may hide the mover (nearTrack)
		// fr and hs are its friends' and hedges' shadows (friendShadows,
		// hedgeShadows), with sc.
		fr []geom.Shadow
		hs []hedgeShadow
	}
	var spanBuf [16]Span
	var wBuf [16]watcher
	spans, ws := spanBuf[:0], wBuf[:0]
	// The mover's centre keeps to its path (moverBoxOn), or stands where
	// it is; rt is its bounding radius.
	track := geom.Polyline(m.Path)
	if len(track) < 2 {
		track = geom.Polyline{reachEnd}
	}
	rt := s.b.radius[s.Units[m.Unit].Type]
	var mover int32
	filed := false // the memo has spans filed under the mover's key
	if memo {
		memo = sight.keepWatchers()
	}
	if memo {
		mover, filed = sight.moverOf(key[:base])
	}
	// The mover's bounding radius, and where along the path any watcher
	// may have it in range.
	mr := s.moverBox(m, 0).Frame().Radius()
	gLo, gHi := math.Inf(1), math.Inf(-1)
	// The watchers' friend lists, one after another in the memo's buffer.
	var flFree []int
	if memo {
		if cap(sight.m.flist) == 0 {
			sight.m.flist = make([]int, 0, 256)
		}
		flFree = sight.m.flist[:0]
	}
	for j, u := range cands {
		ub := s.box(u)
		fn := newFan(ub.Center, track)
		fs := int32(-1)
		var fl []int
		if memo {
			fs, fl = sight.friendSet(u, ub, &fn, rt, flFree)
			flFree = fl[len(fl):len(fl):cap(fl)]
			if filed {
				if sp, ok := sight.watcherSpan(mover, fs, u); ok {
					spans = append(spans, sp)
					continue
				}
			}
		}
		spans = append(spans, Span{Unit: u, From: -1, To: -1, Effective: -1, Short: -1})
		uf := ub.Frame()
		rng, r := float64(s.stats(u).Range[2]), uf.Radius()
		// WithinRadii says no once the centres stand further apart than
		// rng+r+mr (and 1e-9); the margin covers Near's rounding.
		lo, hi := math.Inf(-1), math.Inf(1)
		if len(m.Path) >= 2 {
			lo, hi = path.Near(ub.Center, rng+r+mr+1e-6)
		}
		ws = append(ws, watcher{j: j, ub: ub, uf: uf, rng: rng, r: r, lo: lo, hi: hi, fan: fn, fs: fs, fl: fl})
		gLo, gHi = min(gLo, lo), max(gHi, hi)
	}
	// The watchers' friends' and hedges' shadows share two buffers, the
	// memo's.
	var hsFree []hedgeShadow
	var frFree []geom.Shadow
	if memo {
		if cap(sight.m.friends) == 0 {
			sight.m.friends = make([]geom.Shadow, 0, 8*maxFriendShadows)
			sight.m.hedges = make([]hedgeShadow, 0, 8*maxHedgeShadows)
		}
		frFree, hsFree = sight.m.friends[:0], sight.m.hedges[:0]
	}
	steps := int(math.Ceil(m.Reach / PathStep))
	if len(ws) == 0 {
		steps = -1 // every span remembered
	}
	var mf geom.Frame
	var walk geom.Walker
	walk.Follow(m.Path)
	for i := 0; i <= steps; i++ {
		d := min(m.Reach, float64(i)*PathStep)
		if d < gLo || d > gHi {
			continue // out of every watcher's range
		}
		mb := s.moverBoxOn(m, &walk, d)
		mf = mf.Reframe(mb)
		lt := -1 // the level at mb's centre, once needed
		for k := range ws {
			w := &ws[k]
			u := cands[w.j]
			// oppCanHit(u, mb) and canSeeBox, as below.
			if d < w.lo || d > w.hi || !(w.uf.WithinRadii(mf, w.rng+1e-9, w.r, mr) && s.fireArcOK(u, w.ub, mb.Center)) {
				continue
			}
			if memo {
				// The shadows settle most "not seen" answers at once.
				if w.sc == nil {
					w.sc = sight.m.screensFrom(s, w.ub)
					w.near = w.sc.nearTrack(track, rt)
					w.fr = s.friendShadows(frFree, cands[w.j], w.ub, &w.fan, rt, w.fl)
					frFree = frFree[len(w.fr):len(w.fr):cap(frFree)]
					w.hs = s.hedgeShadows(hsFree, w.ub, &w.fan, rt)
					hsFree = hsFree[len(w.hs):len(w.hs):cap(hsFree)]
				}
				if lt < 0 {
					lt = s.b.table.LevelAt(mb.Center)
				}
				if w.sc.hidesFrameWith(mf, lt, rt, w.near, w.hs, w.fr) {
					if screenCheck != nil {
						screenCheck("window", s, u, w.ub, m.Unit, mb)
					}
					continue
				}
			}
			if !sight.seesAfter(u, w.ub, m.Unit, mb, memo) { // memo: screened above
				continue
			}
			dist := w.uf.Distance(mf)
			sp := &spans[w.j]
			if sp.From < 0 {
				sp.From = d
			}
			if sp.To >= 0 && d-sp.To > PathStep+1e-9 {
				// Sight was broken since the last point seen: a new stretch.
				if sp.Seen == nil {
					sp.Seen = [][2]float64{{sp.From, sp.To}}
				}
				sp.Seen = append(sp.Seen, [2]float64{d, d})
			} else if n := len(sp.Seen); n > 0 {
				sp.Seen[n-1][1] = d
			}
			sp.To = d
			band, _, _ := RangeBand(s.stats(u), dist)
			if band == BandEffective && sp.Effective < 0 || band == BandShort && sp.Effective < 0 {
				sp.Effective = d
			}
			if band == BandShort && sp.Short < 0 {
				sp.Short = d
			}
		}
	}
	if memo && len(ws) > 0 {
		var newBuf [16]Span
		var setBuf [16]int32
		fresh, sets := newBuf[:0], setBuf[:0]
		for _, w := range ws {
			fresh = append(fresh, spans[w.j])
			sets = append(sets, w.fs)
		}
		sight.rememberWatchers(key[:base], fresh, sets)
	}
	var seen []Span
	for _, sp := range spans {
		if sp.From >= 0 {
			seen = append(seen, sp)
		}
	}
	if memo {
		sight.rememberWindow(key, seen)
	}
	return seen
}

// setMoveWindow opens the move window of mover m with spans (nothing is
// opened if there are none) and reports whether it did. The spans may be
// shared with a remembered window: nothing changes them.
func (s *State) setMoveWindow(m *Mover, spans []Span) bool {
	if len(spans) == 0 {
		if !s.hiddenWatch(1 - s.Active) {
			return false
		}
		s.Window = &Window{Kind: "move", Target: m.Unit, Decoy: true}
		return true
	}
	s.Window = &Window{Kind: "move", Target: m.Unit, Spans: spans}
	return true
}

// windowHasFirers reports whether the window stays open: a unit can still
// fire in it, or it waits for the side's pass (a decoy; from revision 2
// any window while hiddenWatch holds, so that whether it stays open after
// a shot tells the enemy nothing).
func (s *State) windowHasFirers() bool {
	w := s.Window
	if w.Kind == "move" {
		m := s.currentMover()
		if m == nil || m.Halted || s.Units[m.Unit].Dispersed {
			return false
		}
	} else if !s.Units[w.Target].Active() {
		return false
	}
	if w.Decoy || s.Rev >= 2 && s.hiddenWatch(1-s.Active) {
		return true // until passed
	}
	return s.windowFirers()
}

// windowFirers reports whether any unit of the window's spans can still
// fire in it.
func (s *State) windowFirers() bool {
	w := s.Window
	if w.Kind == "move" {
		m := s.currentMover()
		if m == nil {
			return false
		}
		for _, sp := range w.Spans {
			if s.oppWatcher(sp.Unit) && sp.To >= m.At-1e-9 {
				return true
			}
		}
		return false
	}
	for _, sp := range w.Spans {
		if s.canAnswerFire(sp.Unit, w.Target) {
			return true
		}
	}
	return false
}

// canAnswerFire reports whether unit u may still answer the firer t in a
// fire window: a watcher (oppWatcher: it may first need its suppression
// removed), in range and arc, and seeing it where it stands now (a shot
// may have forced it back out of sight).
func (s *State) canAnswerFire(u, t int) bool {
	return s.oppWatcher(u) && s.oppCanHit(u, s.box(t)) && s.canSee(u, t)
}

// AtSlack is how far, in inches, an opportunity-fire point may fall outside
// the rest of the mover's path and still be taken (at the nearest end):
// views round distances to 0.01", so a point read from one may overshoot
// by half of that.
const AtSlack = 0.005

// clampAt brings a point along the mover's path within what is left of it.
func clampAt(at float64, m *Mover) float64 { return max(m.At, min(m.Reach, at)) }

// closeWindow ends the opportunity-fire window.
func (s *State) closeWindow(out engine.Emitter) {
	s.Window = nil
}

func (s *State) validateOppFire(a OppFire) error {
	w := s.Window
	u := s.unitIndex(a.Unit)
	if u < 0 || s.Units[u].Side == s.Active {
		return errorf("opportunity-fire: %q is not one of your units", a.Unit)
	}
	if !s.oppEligible(u) {
		return errorf("opportunity-fire: %s cannot fire (suppressed, already fired, or not on the table)", a.Unit)
	}
	if a.Staff && s.Sides[s.Units[u].Side].Staff == 0 {
		return errorf("opportunity-fire: no staff orders left")
	}
	if a.Scoot && !s.hasSpecial(u, ShootAndScoot) {
		return errorf("opportunity-fire: %s cannot shoot and scoot", a.Unit)
	}
	tb := s.box(w.Target)
	if w.Kind == "move" {
		m := s.currentMover()
		if math.IsNaN(a.At) || a.At < m.At-AtSlack || a.At > m.Reach+AtSlack {
			return errorf("opportunity-fire: at %.2f\" is outside the rest of the mover's path (%.2f\" to %.2f\")", a.At, m.At, m.Reach)
		}
		tb = s.moverBox(m, clampAt(a.At, m))
	}
	if !s.fireArcOK(u, s.box(u), tb.Center) {
		return errorf("opportunity-fire: the target is outside %s's arc of fire", a.Unit)
	}
	if !s.canSeeBox(u, s.box(u), w.Target, tb) {
		return errorf("opportunity-fire: %s has no line of sight to %s there", a.Unit, s.Units[w.Target].ID)
	}
	return nil
}

// applyOppFire halts a mover where it is fired on and resolves the shot.
func (s *State) applyOppFire(a OppFire, src dice.Source, out engine.Emitter) {
	u := s.unitIndex(a.Unit)
	w := s.Window
	if w.Kind == "move" {
		m := s.currentMover()
		m.At = clampAt(a.At, m)
		b := s.moverBox(m, m.At)
		un := &s.Units[m.Unit]
		un.Pos, un.Heading = s.nudgeOnTable(m.Unit, b.Center, b.Heading), b.Heading
		if !engine.Quiet(out) {
			out.Emit(engine.Event{Kind: "halt", Text: fmt.Sprintf("%s is halted %.1f\" along its move to take fire", s.name(m.Unit), m.At), To: engine.Everyone})
		}
	}
	if s.Units[u].Hidden {
		// declareShot reveals it and adds the ambush die.
	}
	wild := 0
	if a.Staff {
		s.Sides[s.Units[u].Side].Staff--
		wild = 1
	}
	s.declareShot(u, w.Target, true, wild, out)
	s.Shots[len(s.Shots)-1].Scoot = a.Scoot
}

func (s *State) validateBoost(a Boost) error {
	sh := &s.Shots[len(s.Shots)-1]
	side := s.Units[sh.Target].Side
	sd := &s.Sides[side]
	if a.Wild && (side != s.Active || sd.Wild() == 0) {
		return errorf("boost: no wild die to use (wild dice only in your own pulse)")
	}
	if a.Staff && sd.Staff == 0 {
		return errorf("boost: no staff orders left")
	}
	return nil
}

func (s *State) applyBoost(a Boost, out engine.Emitter) {
	sh := &s.Shots[len(s.Shots)-1]
	sh.BoostAsked = true
	side := s.Units[sh.Target].Side
	sh.ReactionWild = s.spendBoost(side, a.Wild, a.Staff)
	if sh.ReactionWild > 0 {
		if !engine.Quiet(out) {
			out.Emit(engine.Event{Kind: "boost", Text: fmt.Sprintf("%s adds %dD to %s's reaction", s.b.sides[side].name, sh.ReactionWild, s.name(sh.Target)), To: engine.Everyone})
		}
	}
}

func (s *State) validateUnsuppress(a Unsuppress, side int) error {
	u := s.unitIndex(a.Unit)
	if u < 0 || s.Units[u].Side != side || !s.Units[u].Active() {
		return errorf("unsuppress: %q is not one of your units on the table", a.Unit)
	}
	if !s.Units[u].Suppressed {
		return errorf("unsuppress: %s is not suppressed", a.Unit)
	}
	if a.Staff {
		if s.Sides[side].Staff == 0 {
			return errorf("unsuppress: no staff orders left")
		}
		return nil
	}
	if side != s.Active || s.Act == nil || s.Act.index(u) < 0 {
		return errorf("unsuppress: a wild die removes suppression only from a unit of the activated group; use a staff order otherwise")
	}
	if s.Sides[side].Wild() == 0 {
		return errorf("unsuppress: no wild dice left")
	}
	return nil
}

func (s *State) applyUnsuppress(a Unsuppress, out engine.Emitter) {
	u := s.unitIndex(a.Unit)
	side := s.Units[u].Side
	s.spendBoost(side, !a.Staff, a.Staff)
	s.Units[u].Suppressed = false
	how := "a wild die"
	if a.Staff {
		how = "a staff order"
	}
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "unsuppress", Text: fmt.Sprintf("%s removes %s's suppression with %s", s.b.sides[side].name, s.name(u), how), To: s.to(u)})
	}
}
