package agent

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/engine"
)

// Play runs g to the end with one agent per side and returns the result.
// maxActions bounds the game (0 for no bound). A state that can keep a
// memo (memoUser) is given one, and keeps it: its reads may then write to
// the memo, so it must not be read from several goroutines at once. The
// agents that can (MemoKeeper) keep their work in the same memo.
func Play(g *engine.Game, agents []Agent, maxActions int) (engine.Result, error) {
	if mu, ok := g.State().(memoUser); ok {
		var memo any // the game's own line-of-sight work, kept while it lasts
		mu.WithMemo(&memo)
		for _, a := range agents {
			if mk, ok := a.(MemoKeeper); ok {
				mk.KeepMemo(&memo)
			}
		}
	}
	for n := 0; ; n++ {
		res := g.State().Result()
		if res.Over {
			return res, nil
		}
		if maxActions > 0 && n >= maxActions {
			return res, fmt.Errorf("agent: game not over after %d actions", maxActions)
		}
		d := g.Pending()
		if d.Side < 0 || d.Side >= len(agents) {
			return res, fmt.Errorf("agent: pending decision for side %d", d.Side)
		}
		a := agents[d.Side].Choose(g.State())
		if a == nil {
			return res, fmt.Errorf("agent %s: %s", agents[d.Side].Name(), NoAction(g.State()))
		}
		if _, err := g.Apply(a); err != nil {
			return res, fmt.Errorf("agent %s chose an illegal action: %w", agents[d.Side].Name(), err)
		}
	}
}

// Stuck is implemented by rulesets that can say why they offer no
// action for the pending decision ("" when they offer some).
type Stuck interface {
	Stuck() string
}

// NoAction says that the rules offered no action for st's pending
// decision, and why when the ruleset can tell (Stuck): a scenario that
// cannot be played on, most likely a set-up with no room left in a
// deployment zone.
func NoAction(st engine.State) string {
	msg := "the rules offer no legal action for the pending " + st.Pending().Kind + " decision"
	if s, ok := st.(Stuck); ok {
		if why := s.Stuck(); why != "" {
			return msg + ": " + why
		}
	}
	if st.Pending().Kind == "deploy" {
		msg += ": there is no room left for the next unit in the side's deployment zones (make them larger)"
	}
	return msg
}
