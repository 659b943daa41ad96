package pagano

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// ambushStep is the spacing of the points along a mover's path at which
// ambush sight is sampled (ruling P18).
const ambushStep = 0.5

// ambushEligible reports whether unit e may fire ambush now: in action,
// loaded, and not yet fired ambush this movement phase (ruling P18).
func (s *State) ambushEligible(e int) bool {
	u := &s.Units[e]
	return u.Active() && !u.Stunned && u.Shots < s.rate(e) && !u.Ambushed
}

// moverBox returns the mover's footprint d inches along its path, pointing
// the way it moves.
func (s *State) moverBox(m *Transit, d float64) geom.Box {
	p, h := geom.Polyline(m.Path).At(d)
	return s.boxAt(m.Unit, p, h)
}

// moverBoxOn is moverBox, with walk a Walker along m's path.
func (s *State) moverBoxOn(m *Transit, walk *geom.Walker, d float64) geom.Box {
	p, h := walk.At(d)
	return s.boxAt(m.Unit, p, h)
}

// ambushSpans returns, for each loaded enemy that cannot fire at the mover
// where it starts, the stretch of the path where it can, provided the
// mover leaves its sight again before the end of the move: it "attempts to
// both enter and leave" its line of sight (Pagano, Ambush Fire). The
// spans are built in dst's storage (nil when there are none).
func (s *State) ambushSpans(mover int, m *Transit, dst []Span) []Span {
	spans := dst[:0]
	var walk geom.Walker
	walk.Follow(m.Path)
	for e := range s.Units {
		if s.Units[e].Side == s.Units[mover].Side || !s.ambushEligible(e) {
			continue
		}
		if s.Units[e].Pos.Dist(s.Units[mover].Pos) > MaxRange+m.Length+5 {
			continue
		}
		if from, to, ok := s.ambushSpan(e, mover, m, &walk); ok {
			spans = append(spans, Span{Unit: e, From: from, To: to})
		}
	}
	if len(spans) == 0 {
		return nil // as a move with no spans has always had them
	}
	return spans
}

// ambushSpan returns enemy e's ambush span along m's path (ambushSpans),
// if it has one: from the memo when it holds it (a search starts the same
// moves under the same enemies' eyes again and again), worked out by
// traceSpan otherwise. walk follows m's path.
func (s *State) ambushSpan(e, mover int, m *Transit, walk *geom.Walker) (from, to float64, ok bool) {
	memo := s.memo
	if memo == nil || len(m.Path) > maxSpanPath {
		return s.traceSpan(e, mover, m, walk)
	}
	k := s.spanKeyOf(e, mover, m.Path)
	sl, found := memo.span(&k)
	if found {
		return sl.from, sl.to, sl.open
	}
	from, to, ok = s.traceSpan(e, mover, m, walk)
	memo.fileSpan(sl, &k, ok, from, to)
	return from, to, ok
}

// traceSpan works ambushSpan's answer out: unless e can fire at the mover
// where it starts, the first stretch of the path, in steps of ambushStep,
// where it can, provided the mover leaves its sight again before the end.
func (s *State) traceSpan(e, mover int, m *Transit, walk *geom.Walker) (from, to float64, ok bool) {
	eb := s.box(e)
	er := eb.Frame() // the same for every point of the path
	if _, _, r := s.shotOKFrom(e, eb, &er, mover, s.box(mover)); r == shotFine {
		return 0, 0, false // in sight at the start
	}
	n := int(math.Ceil(m.Length / ambushStep))
	arc := s.fireArc(e, eb)
	first, last := -1.0, -1.0
	for k := 1; k <= n; k++ {
		d := min(float64(k)*ambushStep, m.Length)
		if s.shotOpen(e, eb, &er, &arc, mover, s.moverBoxOn(m, walk, d)) {
			if first < 0 {
				first = d
			}
			last = d
		} else if first >= 0 {
			return first, last, true
		}
	}
	return 0, 0, false
}

// ambushOpen reports whether an enemy may still fire ambush at the mover.
func (s *State) ambushOpen() bool {
	m := s.Move
	for _, sp := range m.Spans {
		if sp.To >= m.At-1e-9 && s.ambushEligible(sp.Unit) {
			return true
		}
	}
	return false
}

func (s *State) validateAmbush(a Ambush) error {
	m := s.Move
	e := s.unitIndex(a.Unit)
	if e < 0 {
		return errorf("ambush: no unit %q", a.Unit)
	}
	if !finite(a.At) {
		return errorf("ambush: at must be a number")
	}
	for _, sp := range m.Spans {
		if sp.Unit != e {
			continue
		}
		if !s.ambushEligible(e) {
			return errorf("ambush: %s is not loaded or has fired ambush this phase", a.Unit)
		}
		from := max(sp.From, m.At)
		if a.At < from-1e-9 || a.At > sp.To+1e-9 {
			return errorf("ambush: %s may fire at the mover between %.1f\" and %.1f\" along its path, not at %.1f\"", a.Unit, from, sp.To, a.At)
		}
		if _, _, err := s.shotCheck(e, s.box(e), m.Unit, s.moverBox(m, a.At)); err != nil {
			return errorf("ambush: %v", err)
		}
		return nil
	}
	return errorf("ambush: %s has no ambush shot at %s", a.Unit, s.Units[m.Unit].ID)
}

// applyAmbush brings the mover to the point of the shot and resolves the
// shot at once; a mover stunned, immobilized or wrecked goes no further.
func (s *State) applyAmbush(a Ambush, src dice.Source, out engine.Emitter) {
	m := s.Move
	e := s.unitIndex(a.Unit)
	mb := s.moverBox(m, a.At)
	mu := &s.Units[m.Unit]
	mu.Pos, mu.Heading = mb.Center, mb.Heading
	mu.Turret = mb.Heading
	if m.Turret != nil && m.Facing != nil {
		mu.Turret = (mb.Heading + *m.Turret - *m.Facing).Normalized()
	}
	s.fixTurret(m.Unit)
	m.At = a.At
	eu := &s.Units[e]
	eu.Ambushed = true
	eu.Shots++
	out.Emit(engine.Event{Kind: "ambush", Text: fmt.Sprintf("%s springs an ambush on %s %.1f\" along its move", s.name(e), mu.ID, a.At), To: engine.Everyone})
	s.shoot(e, m.Unit, true, src, out)
	if !mu.Active() || mu.Stunned || mu.Immobile {
		s.Move = nil
		s.recycleMove(m)
	}
}
