package armourbattles

import "github.com/sandtable/sandtable/internal/engine"

// Sample draws one of the candidates uniformly at random (engine.Sampler),
// as a search's rollouts want. At an orders decision it leaves the fire
// missions, whose forward observers cost a line of sight from every unit
// to every enemy, unworked out until it draws one of their places
// (orderOptions); otherwise it lists the candidates and picks one.
func (s *State) Sample(pick func(n int) int, buf []engine.Action) (engine.Action, []engine.Action) {
	if !s.Over && s.decision().Kind == phaseOrders {
		o := orderOptions{s: s, listed: s.keepValid(s.orderCandidates(buf[:0], false), 0)}
		i := engine.DrawValid(o.n(), pick, o.valid)
		if i < 0 {
			return nil, o.listed
		}
		return o.action(i), o.listed
	}
	buf = s.Candidates(buf[:0])
	if len(buf) == 0 {
		return nil, buf
	}
	return buf[pick(len(buf))], buf
}

// maxMissions is the most fire missions missionCandidates offers: a
// bombardment and a smoke screen.
const maxMissions = 2

// orderOptions are an orders decision's candidates as Sample draws them:
// those listed, validated, then maxMissions places for the fire missions,
// worked out (and validated) when one of them is drawn. A place beyond the
// missions offered holds nothing and is not valid.
type orderOptions struct {
	s        *State
	listed   []engine.Action
	missions []engine.Action
	asked    bool // the missions have been worked out
}

func (o *orderOptions) n() int { return len(o.listed) + maxMissions }

// valid reports whether option i holds a candidate.
func (o *orderOptions) valid(i int) bool {
	if i < len(o.listed) {
		return true
	}
	if !o.asked {
		o.asked = true
		o.missions = o.s.keepValid(o.s.missionCandidates(nil), 0)
	}
	return i-len(o.listed) < len(o.missions)
}

// action returns the candidate option i holds (valid(i) must hold).
func (o *orderOptions) action(i int) engine.Action {
	if i < len(o.listed) {
		return o.listed[i]
	}
	return o.missions[i-len(o.listed)]
}
