package agent

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/sandtable/sandtable/internal/engine"
)

// Agent decides for one side.
type Agent interface {
	// Name is the agent's registered name, e.g. "random".
	Name() string
	// Choose returns an action for the pending decision of st, which
	// belongs to the agent's side. It must not modify st.
	Choose(st engine.State) engine.Action
}

// Factory makes an agent whose choices are deterministic for seed.
type Factory func(seed uint64) Agent

var factories = map[string]Factory{
	"random": func(seed uint64) Agent { return NewRandom(seed) },
}

// New returns the agent called name seeded with seed.
func New(name string, seed uint64) (Agent, error) {
	f, ok := factories[name]
	if !ok {
		return nil, fmt.Errorf("agent: unknown agent %q (have %s)", name, strings.Join(Names(), ", "))
	}
	return f(seed), nil
}

// Names lists the registered agents.
func Names() []string {
	var out []string
	for n := range factories {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Random chooses uniformly among the ruleset's candidate actions.
type Random struct {
	rng *rand.Rand
	buf []engine.Action
}

// NewRandom returns a random agent seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0xa9e47))}
}

// Name returns "random".
func (*Random) Name() string { return "random" }

// Choose picks one candidate uniformly.
func (r *Random) Choose(st engine.State) engine.Action {
	r.buf = st.Candidates(r.buf[:0])
	if len(r.buf) == 0 {
		return nil
	}
	return r.buf[r.rng.IntN(len(r.buf))]
}
