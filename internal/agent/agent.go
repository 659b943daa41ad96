package agent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
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

// MemoKeeper is an agent that can keep work it may reuse (line-of-sight
// answers, say) in a memo its caller hands it (KeepMemo), so that games
// played one after another in a goroutine share it. Its choices are the
// same with or without the memo.
type MemoKeeper interface {
	KeepMemo(memo *any)
}

// ContextChooser is an agent whose decision can be cut short: ChooseContext
// is Choose that returns soon after ctx is done (with the best action it
// has by then).
type ContextChooser interface {
	ChooseContext(ctx context.Context, st engine.State) engine.Action
}

// Choose asks a for a decision, cut short when ctx is done if a can be.
func Choose(ctx context.Context, a Agent, st engine.State) engine.Action {
	if c, ok := a.(ContextChooser); ok {
		return c.ChooseContext(ctx, st)
	}
	return a.Choose(st)
}

// Searcher is an agent that searches before it chooses: it reports how
// many search iterations it has run in all, so that a caller can tell
// what a time budget bought.
type Searcher interface {
	SearchIterations() int
}

// Factory makes an agent whose choices are deterministic for seed.
type Factory func(seed uint64) Agent

var factories = map[string]Factory{
	"random":   func(seed uint64) Agent { return NewRandom(seed) },
	"scripted": func(seed uint64) Agent { return NewScripted(seed) },
	"mcts":     func(seed uint64) Agent { return NewMCTS(seed, DefaultMCTS) },
}

// Register adds an agent factory under name; it panics on a duplicate.
func Register(name string, f Factory) {
	if _, dup := factories[name]; dup {
		panic("agent: registered twice: " + name)
	}
	factories[name] = f
}

// New returns the agent called name seeded with seed, free to use every
// core (NewOn with GOMAXPROCS).
func New(name string, seed uint64) (Agent, error) {
	return NewOn(name, seed, runtime.GOMAXPROCS(0))
}

// NewOn returns the agent called name seeded with seed, to run on cores
// cores. "mcts:N" is MCTS with N iterations per decision over
// DefaultMCTS's trees, the same choices on any machine; "mcts:Ds" (e.g.
// mcts:1s, mcts:250ms) has a time budget per decision, and searches a tree
// per core (at least DefaultMCTS's trees).
func NewOn(name string, seed uint64, cores int) (Agent, error) {
	if rest, ok := strings.CutPrefix(name, "mcts:"); ok {
		cfg, err := ParseMCTSBudget(rest)
		if err != nil {
			return nil, err
		}
		if cfg.Budget > 0 {
			cfg.Trees = max(cfg.Trees, cores)
		}
		return NewMCTS(seed, cfg), nil
	}
	f, ok := factories[name]
	if !ok {
		return nil, fmt.Errorf("agent: unknown agent %q (have %s, mcts:N, mcts:DURATION)", name, strings.Join(Names(), ", "))
	}
	return f(seed), nil
}

// Seed returns the seed of the agent playing side in a game whose dice
// seed is gameSeed (SplitMix64 of the two), so play and simulate agree.
func Seed(gameSeed uint64, side int) uint64 {
	z := gameSeed + uint64(side+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
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
