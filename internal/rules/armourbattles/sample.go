package armourbattles

import "github.com/sandtable/sandtable/internal/engine"

// Sample draws one of the candidates uniformly at random (engine.Sampler),
// as a search's rollouts want. At an orders decision it leaves the fire
// missions, whose forward observers cost a line of sight from every unit
// to every enemy, unworked out until it draws one of their places
// (missionPlaces), and makes an action of the one unit order it draws;
// otherwise it lists the candidates and picks one.
func (s *State) Sample(pick func(n int) int, buf []engine.Action) (engine.Action, []engine.Action) {
	if !s.Over && s.decision().Kind == phaseOrders {
		var items [listCap]unitOrder
		listed, units, mp := s.orderOptions(buf[:0], items[:0])
		i := engine.DrawValid(mp.first+maxMissions, pick, mp.valid)
		if i < 0 {
			return nil, listed
		}
		return mp.action(i, listed, units), listed
	}
	if !s.Over && s.decision().Kind == phaseActivation {
		return s.sampleActivation(pick, buf)
	}
	if !s.Over && s.decision().Kind == "opportunity-fire" {
		// The window's answers as values (oppOptions), and only the one
		// drawn made an action, with the one pick Candidates' list would
		// have.
		var optBuf [listCap]oppOption
		opts := s.validOppOptions(optBuf[:0])
		if len(opts) == 0 {
			return nil, buf[:0]
		}
		return opts[pick(len(opts))].action(), buf[:0]
	}
	buf = s.Candidates(buf[:0])
	if len(buf) == 0 {
		return nil, buf
	}
	return buf[pick(len(buf))], buf
}

// sampleActivation is Sample in an activation: the candidates other than
// group moves, then the group moves, each built and validated in the
// memo's scratch space (validMoves), and only the one drawn copied out
// (Move.clone). It draws with the one pick(n) Candidates' list would
// have, so the same picks give the same action.
func (s *State) sampleActivation(pick func(n int) int, buf []engine.Action) (engine.Action, []engine.Action) {
	buf = s.keepValid(s.activationCandidates(buf[:0], false), 0)
	bufs := s.shiftBufs()
	moves, n := s.validMoves(bufs)
	if len(buf)+n == 0 {
		return nil, buf
	}
	i := pick(len(buf) + n)
	if i < len(buf) {
		return buf[i], buf
	}
	m := moves[i-len(buf)]
	if bufs != nil {
		m = m.clone()
	}
	return m, buf
}

// validMoves returns the group moves moveCandidates offers in an
// activation that pass Validate, in its order, built in bufs (nil: in new
// lists).
func (s *State) validMoves(bufs *[4]shiftBuf) (moves [4]Move, n int) {
	if s.Act.MoveDone {
		return moves, 0
	}
	shifts, k := s.groupShifts()
	for i, sh := range shifts[:k] {
		var units []UnitMove
		var to [][2]float64
		if bufs != nil {
			units, to = bufs[i].units[:0], bufs[i].to[:]
		}
		m, ok := s.shiftGroup(sh, units, to)
		if !ok {
			continue
		}
		if _, err := s.planMove(m, s.scratchPlan()); err == nil {
			moves[n] = m
			n++
		}
	}
	return moves, n
}

// shiftBuf holds the lists of a group move sampleActivation builds.
type shiftBuf struct {
	units [MaxGroup + 1]UnitMove
	to    [MaxGroup + 1][2]float64
}

// shiftBufs returns the memo's scratch space for the group moves of one
// sampleActivation, or nil without a memo.
func (s *State) shiftBufs() *[4]shiftBuf {
	if s.memo == nil {
		return nil
	}
	return &s.memo.shifts
}

// maxMissions is the most fire missions missionCandidates offers: a
// bombardment and a smoke screen.
const maxMissions = 2

// orderOptions lists an orders decision's candidates as Sample draws
// them, in orderCandidates' order: the side's orders (listed, appended to
// buf) and its units' (units, appended to items), validated, then
// maxMissions places for the fire missions (mp). The units' orders stay
// unitOrders until one is drawn. (Two lists, not one struct, so that
// items may stay on the caller's stack.)
func (s *State) orderOptions(buf []engine.Action, items []unitOrder) (listed []engine.Action, units []unitOrder, mp missionPlaces) {
	listed = s.keepValid(s.sideOrders(buf, false), 0)
	units = s.keepValidOrders(s.unitOrders(items, true))
	return listed, units, missionPlaces{s: s, first: len(listed) + len(units)}
}

// action returns the candidate option i of orderOptions' lists holds
// (valid(i) must hold).
func (mp *missionPlaces) action(i int, listed []engine.Action, units []unitOrder) engine.Action {
	switch {
	case i < len(listed):
		return listed[i]
	case i < mp.first:
		return units[i-len(listed)].ownAction()
	}
	return mp.missions[i-mp.first]
}

// missionPlaces are the options from first on: maxMissions places for
// the fire missions, worked out (and validated) when one of them is
// drawn. A place beyond the missions offered holds nothing and is not
// valid.
type missionPlaces struct {
	s        *State
	first    int
	missions []engine.Action
	asked    bool // the missions have been worked out
}

// valid reports whether option i holds a candidate.
func (mp *missionPlaces) valid(i int) bool {
	if i < mp.first {
		return true
	}
	if !mp.asked {
		mp.asked = true
		mp.missions = mp.s.keepValid(mp.s.missionCandidates(nil), 0)
	}
	return i-mp.first < len(mp.missions)
}
