package engine

import (
	"encoding/json"
	"slices"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/scenario"
)

// State is the complete, ruleset-specific state of one game. Implementations
// keep no randomness of their own: every roll comes from the dice.Source
// passed to Apply, so a game replays exactly.
type State interface {
	// Pending returns the single pending decision (Side -1 when over).
	Pending() Decision
	// Validate reports why a is not a legal answer to the pending decision
	// (wrong side, wrong kind, out-of-range values, illegal moves), or nil.
	// It never changes the state.
	Validate(a Action) error
	// Apply applies a validated action, rolling dice from src and emitting
	// events. It is the unvalidated fast path: callers other than Game must
	// Validate first. It may panic only with a *dice.ScriptError when a
	// scripted source runs out.
	Apply(a Action, src dice.Source, out Emitter)
	// Candidates appends a small set of sensible legal actions for the
	// pending decision to dst (for agents and tests). It returns at least
	// one action unless the game is over.
	Candidates(dst []Action) []Action
	// Result reports whether the game is over and who won.
	Result() Result
	// Clone returns an independent deep copy.
	Clone() State
	// Hash returns a hash of the whole state; equal states hash equal.
	Hash() uint64
	// View returns what side may know, built by allow-list, ready for JSON.
	View(side int) any
	// MarshalJSON encodes the whole state; Rules.DecodeState reverses it.
	MarshalJSON() ([]byte, error)
}

// Result is the outcome of a game so far.
type Result struct {
	Over bool `json:"over"`
	// Winner is the winning side index, or -1 for a draw or while the game
	// goes on.
	Winner int `json:"winner"`
	// Turn is the current (or final) turn number.
	Turn int `json:"turn"`
	// Reason says why the game ended, e.g. "army morale".
	Reason string `json:"reason,omitempty"`
}

// Rules is one rule system.
type Rules interface {
	// Name is the ruleset's id, matching the scenario files' `rules` field.
	Name() string
	// New returns the initial state of a scenario.
	New(sc *scenario.Scenario) (State, error)
	// DecodeAction decodes an action encoded by EncodeAction.
	DecodeAction(raw json.RawMessage) (Action, error)
	// DecodeState decodes a state encoded by State.MarshalJSON.
	DecodeState(raw []byte) (State, error)
	// SideNames returns the side ids of a state, by index.
	SideNames(s State) []string
}

// Revised is a ruleset whose play has changed since logs were first
// made. Revision is the revision new games are played under, recorded in
// the log header (Header.Rev); NewRevision starts a game under an earlier
// one, so that logs and saved games made before a change replay as they
// were played. Revision 0 is the rules before the first change.
type Revised interface {
	Revision() int
	NewRevision(sc *scenario.Scenario, rev int) (State, error)
}

var registry = map[string]Rules{}

// Register makes a ruleset available by name. It panics on a duplicate.
func Register(r Rules) {
	if _, dup := registry[r.Name()]; dup {
		panic("engine: ruleset registered twice: " + r.Name())
	}
	registry[r.Name()] = r
}

// Lookup returns the registered ruleset called name.
func Lookup(name string) (Rules, bool) {
	r, ok := registry[name]
	return r, ok
}

// SetupReporter is implemented by states that can tell how the game
// stands before any action, in events: the units a scenario places on
// the table itself, which no deployment tells of. ReportSetup emits those
// events to out, each visible as the matching action's event would be
// (a hidden unit's placement only to its own side).
//
// Game calls it once, on the state Rules.New (or Revised.NewRevision)
// returned, before any action, and puts its events first in
// Game.Events; they belong to no record. The events are derived from the
// state, not actions: ReportSetup must not change the state, so the
// state hash and the log are the same as without them, and old logs
// replay unchanged.
type SetupReporter interface {
	ReportSetup(out Emitter)
}

// Decider is implemented by states that can tell whose decision is
// pending without building the rest of Pending's answer (its prompt, say),
// as a search asks at every step. DecidingSide must equal Pending().Side.
type Decider interface {
	DecidingSide() int
}

// DecidingSide returns Pending().Side, through Decider when s has it.
func DecidingSide(s State) int {
	if d, ok := s.(Decider); ok {
		return d.DecidingSide()
	}
	return s.Pending().Side
}

// Evaluator is implemented by states that can score a position: Evaluate
// returns how good the state is for side, from -1 (lost) to +1 (won).
// Search agents use it at the leaves of their look-ahead.
type Evaluator interface {
	Evaluate(side int) float64
}

// Sampler is implemented by states that can draw one of their candidates
// at random without working out the others, as a search's random rollouts
// want. Sample returns an action drawn uniformly from what Candidates
// would list, or nil when it lists nothing; it calls pick(n), which
// returns an integer in [0, n), as often as it needs. The draw has
// Candidates' distribution but not its sequence of picks: pick(len(list))
// on the full list may give another action for the same picks. buf is
// scratch space Sample may use and return.
type Sampler interface {
	Sample(pick func(n int) int, buf []Action) (Action, []Action)
}

// DrawValid draws one of n options uniformly among those that pass try,
// for a Sampler that checks only what it draws: it picks among the options
// left (pick(k) returns an integer in [0, k)), and drops each one that
// fails and picks again. Each option that passes try is returned with
// probability 1/(the number that pass). It returns -1 when none passes.
// try must answer the same for an option whenever it is asked.
func DrawValid(n int, pick func(k int) int, try func(i int) bool) int {
	var small [64]int
	left := small[:0]
	if n > len(small) {
		left = make([]int, 0, n)
	}
	for i := range n {
		left = append(left, i)
	}
	for len(left) > 0 {
		k := pick(len(left))
		if i := left[k]; try(i) {
			return i
		}
		left = slices.Delete(left, k, k+1)
	}
	return -1
}

// Determinizer is implemented by states with hidden information.
// Determinize returns an independent copy in which everything side may not
// know is replaced by a sample consistent with what side has seen, drawn
// from src. Agents search determinized copies so they never use what their
// side cannot see.
type Determinizer interface {
	Determinize(side int, src dice.Source) State
}

// Reuser is implemented by Determinizers that can build a determinized
// copy in the storage of old, a state of the same ruleset its caller is
// done with and that nothing else refers to (nil: none). The copy is the
// one Determinize would return, drawn the same way.
type Reuser interface {
	DeterminizeReusing(old State, side int, src dice.Source) State
}

// CloneReuser is implemented by states that can build their Clone in
// the storage of old, a state of the same ruleset its caller is done
// with and that nothing else refers to (nil: none). The copy is the one
// Clone would return.
type CloneReuser interface {
	CloneReusing(old State) State
}

// ReuseSlice returns a copy of src in buf's storage when it has room (a
// CloneReuser's lists); nil when src is empty, as append to nil gives.
func ReuseSlice[T any](buf, src []T) []T {
	if len(src) == 0 {
		return nil
	}
	return append(buf[:0], src...)
}

// Reusable returns old as the *T a Reuser or CloneReuser s may build in:
// nil when old is nil, of another type, or s itself (never its own
// source).
func Reusable[T any](s *T, old State) *T {
	o, _ := any(old).(*T)
	if o == s {
		return nil
	}
	return o
}

// Doctrine is implemented by rulesets that know how a sound player would
// answer each decision; Doctrine returns that choice from what the
// deciding side may see. The scripted agent plays it.
type Doctrine interface {
	Doctrine() Action
}
