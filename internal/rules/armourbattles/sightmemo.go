package armourbattles

import (
	"slices"

	"github.com/sandtable/sandtable/internal/geom"
)

// SightMemo remembers line-of-sight answers (canSeeBox) for a doctrine that
// decides again and again in one game. An answer depends only on the
// table, the viewer's and the target's footprints, the viewer's side's
// units on the table that are not hidden (they may stand in the way) and
// the smoke screens; sync forgets a side's answers as soon as any of those
// differ from what they were when the answers were given, so the memo never
// changes an answer. The zero value is ready to use; a memo must not be
// shared between goroutines.
type SightMemo struct {
	b      *board
	smokes []SmokeScreen
	// env is, per viewing side, where its units stood; m its answers.
	env [][]envUnit
	m   []map[sightKey]bool
}

// envUnit is what a unit contributes to its side's line of sight: nothing
// unless on (on the table and not hidden), else its footprint.
type envUnit struct {
	on  bool
	typ int
	pos geom.Point
	h   geom.Angle
}

// sightKey is one canSeeBox question.
type sightKey struct {
	viewer, target int
	from, to       geom.Box
}

// maxSightMemo bounds the answers kept per side.
const maxSightMemo = 1 << 16

// sync makes the memo's answers those of s: it forgets the answers of each
// side whose units (or the smoke screens, or the table) have changed.
func (m *SightMemo) sync(s *State) {
	sides := len(s.Sides)
	if m.b != s.b || len(m.env) != sides || !slices.Equal(m.smokes, s.Smokes) {
		m.b = s.b
		m.smokes = append(m.smokes[:0], s.Smokes...)
		m.env = make([][]envUnit, sides)
		m.m = make([]map[sightKey]bool, sides)
	}
	for side := range sides {
		if m.m[side] != nil && len(m.m[side]) <= maxSightMemo && m.sameEnv(s, side) {
			continue
		}
		env := m.env[side][:0]
		for i := range s.Units {
			if u := &s.Units[i]; u.Side == side {
				env = append(env, envOf(u))
			}
		}
		m.env[side] = env
		if m.m[side] == nil {
			m.m[side] = map[sightKey]bool{}
		} else {
			clear(m.m[side])
		}
	}
}

func envOf(u *Unit) envUnit {
	if !u.Active() || u.Hidden {
		return envUnit{typ: u.Type}
	}
	return envUnit{on: true, typ: u.Type, pos: u.Pos, h: u.Heading}
}

// sameEnv reports whether side's units stand as they did when its answers
// were given.
func (m *SightMemo) sameEnv(s *State, side int) bool {
	env := m.env[side]
	k := 0
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side {
			continue
		}
		if k >= len(env) || env[k] != envOf(u) {
			return false
		}
		k++
	}
	return k == len(env)
}

// seesBox is canSeeBox, remembered.
func (m *SightMemo) seesBox(s *State, a int, fa geom.Box, b int, fb geom.Box) bool {
	side := s.Units[a].Side
	k := sightKey{a, b, fa, fb}
	if ok, found := m.m[side][k]; found {
		return ok
	}
	ok := s.canSeeBox(a, fa, b, fb)
	m.m[side][k] = ok
	return ok
}
