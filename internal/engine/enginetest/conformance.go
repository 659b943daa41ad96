package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// Config describes one ruleset's conformance run.
type Config struct {
	Rules    engine.Rules
	Scenario *scenario.Scenario // nil for rulesets that need none
	// Games is the number of random playouts (default 20).
	Games int
	// Seed is the first game's seed; game i uses Seed+i.
	Seed uint64
	// MaxActions bounds the length of a game (default 5000).
	MaxActions int
	// Sides is the number of sides whose views are checked (default 2).
	Sides int
	// Invariant, if set, is checked after every action.
	Invariant func(s engine.State) error
	// Illegal, if set, returns actions that must be rejected in s; the
	// suite checks that each is rejected and changes nothing.
	Illegal func(s engine.State) []engine.Action
	// DeepEvery runs the clone, round-trip and view checks every n steps
	// (default 1: every step).
	DeepEvery int
	// EventKinds lists event kinds the games must produce between them.
	// Every event must carry text, and a shadow of each game played into
	// engine.Discard (where a ruleset may skip building events) must stay
	// in the same state: this catches a ruleset that lets Quiet change
	// more than its events, or that drops events it should emit.
	EventKinds []string
}

// Failure is one conformance violation.
type Failure struct {
	Seed uint64
	Step int
	Msg  string
}

func (f Failure) String() string { return fmt.Sprintf("seed %d step %d: %s", f.Seed, f.Step, f.Msg) }

// Run plays the configured games and reports every violation through t.
func Run(t testing.TB, c Config) {
	t.Helper()
	for _, f := range Check(c) {
		t.Error(f)
	}
}

// Check plays the configured games and returns the violations found (at
// most one per game: a game stops at its first violation).
func Check(c Config) []Failure {
	if c.Games == 0 {
		c.Games = 20
	}
	if c.MaxActions == 0 {
		c.MaxActions = 5000
	}
	if c.Sides == 0 {
		c.Sides = 2
	}
	if c.DeepEvery == 0 {
		c.DeepEvery = 1
	}
	var out []Failure
	kinds := map[string]int{}
	for i := 0; i < c.Games; i++ {
		seed := c.Seed + uint64(i)
		if f := playOne(c, seed, kinds); f != nil {
			out = append(out, *f)
		}
	}
	for _, k := range c.EventKinds {
		if kinds[k] == 0 {
			out = append(out, Failure{Seed: c.Seed, Step: -1, Msg: fmt.Sprintf("no %q event in %d games", k, c.Games)})
		}
	}
	return out
}

func playOne(c Config, seed uint64, kinds map[string]int) *Failure {
	fail := func(step int, format string, args ...any) *Failure {
		return &Failure{Seed: seed, Step: step, Msg: fmt.Sprintf(format, args...)}
	}
	g, err := engine.NewGame(c.Rules, c.Scenario, seed)
	if err != nil {
		return fail(0, "new game: %v", err)
	}
	// The set-up's events (engine.SetupReporter) are told from the
	// initial state without changing it.
	if h := engine.FormatHash(g.Hash()); h != g.Header().Hash {
		return fail(0, "telling of the set-up (engine.SetupReporter) changed the initial state: hash %s, %s before", h, g.Header().Hash)
	}
	for _, e := range g.SetupEvents() {
		if e.Text == "" {
			return fail(0, "set-up: a %q event without text", e.Kind)
		}
		kinds[e.Kind]++
	}
	pick := rand.New(rand.NewPCG(seed, 0x5eed))
	// quiet shadows the game, applying the same actions with the same dice
	// into engine.Discard.
	quiet, err := c.Rules.New(c.Scenario)
	if err != nil {
		return fail(0, "new state: %v", err)
	}
	quietSrc := dice.NewPCG(seed)
	var cands []engine.Action
	for step := 0; ; step++ {
		st := g.State()
		res := st.Result()
		if res.Over {
			if p := st.Pending(); p.Side != -1 {
				return fail(step, "game over but decision pending for side %d", p.Side)
			}
			break
		}
		if step >= c.MaxActions {
			return fail(step, "game not over after %d actions (length bound)", c.MaxActions)
		}
		hash := st.Hash()
		if d, ok := st.(engine.Decider); ok {
			if side, want := d.DecidingSide(), st.Pending().Side; side != want {
				return fail(step, "DecidingSide says side %d, Pending side %d", side, want)
			}
		}
		if step%c.DeepEvery == 0 {
			if f := deepChecks(c, st, hash); f != "" {
				return fail(step, "%s", f)
			}
		}
		if c.Illegal != nil {
			for _, a := range c.Illegal(st) {
				if _, err := g.Apply(a); err == nil {
					return fail(step, "illegal action %s %+v was accepted", a.Kind(), a)
				}
				if g.Hash() != hash {
					return fail(step, "rejected action %s changed the state", a.Kind())
				}
			}
		}
		cands = st.Candidates(cands[:0])
		if len(cands) == 0 {
			return fail(step, "no candidate action for pending decision %+v", st.Pending())
		}
		for _, a := range cands {
			if err := st.Validate(a); err != nil {
				return fail(step, "candidate %s %+v fails validation: %v", a.Kind(), a, err)
			}
		}
		before := st.Clone()
		a := cands[pick.IntN(len(cands))]
		evs, err := g.Apply(a)
		if err != nil {
			return fail(step, "apply %s: %v", a.Kind(), err)
		}
		for _, e := range evs {
			if e.Text == "" {
				return fail(step, "%s: a %q event without text", a.Kind(), e.Kind)
			}
			kinds[e.Kind]++
		}
		quiet.Apply(a, quietSrc, engine.Discard)
		if quiet.Hash() != g.Hash() {
			return fail(step, "%s played into engine.Discard leaves a different state than with its events kept", a.Kind())
		}
		if before.Hash() != hash {
			return fail(step, "applying %s changed a clone taken before it (shared state)", a.Kind())
		}
		if c.Invariant != nil {
			if err := c.Invariant(g.State()); err != nil {
				return fail(step, "after %s: invariant: %v", a.Kind(), err)
			}
		}
	}
	// The log replays to the same hash.
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		return fail(-1, "write log: %v", err)
	}
	lg, err := engine.ReadLog(&buf)
	if err != nil {
		return fail(-1, "read log: %v", err)
	}
	load := func(string, string) (*scenario.Scenario, error) { return c.Scenario, nil }
	rg, err := engine.Replay(lg, load)
	if err != nil {
		return fail(-1, "replay: %v", err)
	}
	if rg.Hash() != g.Hash() {
		return fail(-1, "replay ends at hash %x, game at %x", rg.Hash(), g.Hash())
	}
	a, b := rg.SetupEvents(), g.SetupEvents()
	if len(a) != len(b) {
		return fail(-1, "replay tells of the set-up in %d events, the game in %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Kind != b[i].Kind || a[i].Text != b[i].Text || a[i].To != b[i].To {
			return fail(-1, "replay's set-up event %d is %+v, the game's %+v", i+1, a[i], b[i])
		}
	}
	return nil
}

func deepChecks(c Config, st engine.State, hash uint64) string {
	orig, err := st.MarshalJSON()
	if err != nil {
		return fmt.Sprintf("marshal state: %v", err)
	}
	cl := st.Clone()
	if cl.Hash() != hash {
		return "clone hash differs from the original"
	}
	cj, err := cl.MarshalJSON()
	if err != nil || !bytes.Equal(cj, orig) {
		return "clone encodes differently from the original"
	}
	back, err := c.Rules.DecodeState(orig)
	if err != nil {
		return fmt.Sprintf("decode state: %v", err)
	}
	if back.Hash() != hash {
		return "state hash changes over a serialization round trip"
	}
	bj, err := back.MarshalJSON()
	if err != nil || !bytes.Equal(bj, orig) {
		return "state encoding changes over a serialization round trip"
	}
	if back.Pending() != st.Pending() {
		return "pending decision changes over a serialization round trip"
	}
	for side := 0; side < c.Sides; side++ {
		if _, err := json.Marshal(st.View(side)); err != nil {
			return fmt.Sprintf("view of side %d does not encode: %v", side, err)
		}
	}
	return ""
}
