package agent

import (
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// searchCopy returns a copy of st that side may search: determinized when
// the ruleset hides information, a plain clone otherwise.
func searchCopy(st engine.State, side int, src dice.Source) engine.State {
	return searchCopyReusing(st, side, src, nil)
}

// searchCopyReusing is searchCopy, reusing the storage of old, a state
// the caller is done with, where the ruleset can (engine.Reuser).
func searchCopyReusing(st engine.State, side int, src dice.Source, old engine.State) engine.State {
	if r, ok := st.(engine.Reuser); ok && old != nil {
		return r.DeterminizeReusing(old, side, src)
	}
	if d, ok := st.(engine.Determinizer); ok {
		return d.Determinize(side, src)
	}
	return st.Clone()
}

// cloneReusing is st.Clone(), in the storage of old, a state the caller
// is done with, where the ruleset can (engine.CloneReuser).
func cloneReusing(st, old engine.State) engine.State {
	if r, ok := st.(engine.CloneReuser); ok && old != nil {
		return r.CloneReusing(old)
	}
	return st.Clone()
}

// evaluate scores st for side: the ruleset's evaluation, or the result
// (+1 won, -1 lost, 0 otherwise) when it has none.
func evaluate(st engine.State, side int) float64 {
	if r := st.Result(); r.Over {
		switch r.Winner {
		case side:
			return 1
		case -1:
			return 0
		}
		return -1
	}
	if e, ok := st.(engine.Evaluator); ok {
		return e.Evaluate(side)
	}
	return 0
}

// rollout plays random candidates on st for at most steps actions, or
// while `while` holds. A state that can draw a candidate without listing
// them all (engine.Sampler) is asked for one.
func rollout(st engine.State, steps int, pick func(n int) int, src dice.Source, buf []engine.Action, while func(engine.State) bool) []engine.Action {
	sm, _ := st.(engine.Sampler)
	for i := 0; i < steps && !st.Result().Over && (while == nil || while(st)); i++ {
		var a engine.Action
		if sm != nil {
			a, buf = sm.Sample(pick, buf)
		} else if buf = st.Candidates(buf[:0]); len(buf) > 0 {
			a = buf[pick(len(buf))]
		}
		if a == nil {
			break
		}
		st.Apply(a, src, engine.Discard)
	}
	return buf
}
