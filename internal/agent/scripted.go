package agent

import (
	"math"
	"math/rand/v2"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// Scripted is the doctrine agent. Where the ruleset offers a Doctrine
// (Armour Battles does) it plays it on a determinized copy. Otherwise it
// plays the ruleset's candidate actions (which already encode sensible options: advance by bounds, move
// to cover, fire at the priority target, opportunity fire where a unit
// first sees a mover or enters effective range, artillery on clusters,
// reserves, rallying) and picks the one whose short look-ahead scores best
// under the ruleset's evaluation (which values units in cover, intact and
// unsuppressed, enemy losses and army morale). Its side's remaining
// choices in the same turn of play are rolled out at random; dice are
// sampled. It never looks at what its side cannot see: it searches
// determinized copies.
type Scripted struct {
	rng *rand.Rand
	src *dice.PCG
	buf []engine.Action
	// Samples is the number of dice samples per candidate; Depth bounds
	// the look-ahead in actions of the same side.
	Samples, Depth int
	// memo is where a memoDoctrine keeps its work between decisions, if
	// KeepMemo handed the agent one; otherwise each decision borrows a
	// memo from doctrineMemos.
	memo *any
	// vary: set-up decisions are drawn among the doctrine's near-best
	// (VarySetUp).
	vary bool
}

// setUpVarier is implemented by rulesets whose doctrine can name its
// near-best set-up choices (DoctrineSetUpOptions; nil for any other
// decision).
type setUpVarier interface {
	DoctrineSetUpOptions() []engine.Action
}

// VarySetUp has the agent draw each set-up decision from its seed among
// the choices the doctrine rates nearly as well as its best, where the
// ruleset names them, instead of taking the best: against a human the
// AI's hidden set-up must not be the same every game. Batch runs leave
// it off, so that their games, and the strength figures measured with
// them, stay as they are.
func (a *Scripted) VarySetUp() { a.vary = true }

// doctrineMemos holds the memos of scripted agents that were handed none
// (KeepMemo), between their decisions: the server makes a fresh agent
// for every decision of an AI seat, and a memo is costly to start (a few
// megabytes) and worth more the more it has seen.
var doctrineMemos memoShelf

// memoDoctrine is implemented by rulesets whose doctrine can reuse work
// from one decision of a game to the next: DoctrineWith is Doctrine with
// memo, which the ruleset fills in and the agent keeps (nil at first).
type memoDoctrine interface {
	DoctrineWith(memo *any) engine.Action
}

// hider is implemented by rulesets that can tell whether anything is
// hidden from a side; when nothing is, the scripted agent needs no
// determinized copy.
type hider interface {
	HidesFrom(side int) bool
}

// NewScripted returns a scripted agent seeded with seed.
func NewScripted(seed uint64) *Scripted {
	return &Scripted{rng: rand.New(rand.NewPCG(seed, 0x5c41)), src: dice.NewPCG(seed ^ 0xd1ce), Samples: 2, Depth: 6}
}

// Name returns "scripted".
func (*Scripted) Name() string { return "scripted" }

// KeepMemo has the agent keep its reusable work in *memo from now on: a
// caller that plays games one after another in a goroutine (a simulation
// worker) hands each game's agents the same memo, which the games' states
// may share too. The agent's choices are the same with or without it; a
// memo must not be used by two goroutines at once.
func (a *Scripted) KeepMemo(memo *any) { a.memo = memo }

// doctrine returns the ruleset's doctrine's choice, keeping its work in
// *memo.
func (a *Scripted) doctrine(st engine.State, doc engine.Doctrine, side int, memo *any) engine.Action {
	// The ruleset's doctrine, on what this side may know: a determinized
	// copy when the enemy has hidden units, the state itself (which the
	// doctrine leaves as it found it) otherwise.
	if h, ok := st.(hider); !ok || h.HidesFrom(side) {
		c := searchCopy(st, side, a.src)
		if mu, ok := c.(memoUser); ok {
			// The copy's own questions (its candidates) go to the
			// agent's memo too; a copy starts without one.
			mu.WithMemo(memo)
		}
		doc = c.(engine.Doctrine)
	}
	if md, ok := doc.(memoDoctrine); ok {
		return md.DoctrineWith(memo)
	}
	return doc.Doctrine()
}

// Choose returns the candidate with the best sampled look-ahead.
func (a *Scripted) Choose(st engine.State) engine.Action {
	side := st.Pending().Side
	if v, ok := st.(setUpVarier); ok && a.vary {
		if opts := v.DoctrineSetUpOptions(); len(opts) > 0 {
			return opts[a.rng.IntN(len(opts))]
		}
	}
	if doc, ok := st.(engine.Doctrine); ok {
		if a.memo != nil {
			return a.doctrine(st, doc, side, a.memo)
		}
		// No defer: a decision that panics may leave the memo half
		// updated, and it is then not shelved again.
		memo := doctrineMemos.Get()
		act := a.doctrine(st, doc, side, &memo)
		if memo != nil {
			doctrineMemos.Put(memo)
		}
		return act
	}
	cands := st.Candidates(nil)
	switch len(cands) {
	case 0:
		return nil
	case 1:
		return cands[0]
	}
	best, bestV := 0, math.Inf(-1)
	same := func(s engine.State) bool { return engine.DecidingSide(s) == side }
	for i, c := range cands {
		v := 0.0
		for k := 0; k < a.Samples; k++ {
			s := searchCopy(st, side, a.src)
			s.Apply(c, a.src, engine.Discard)
			a.buf = rollout(s, a.Depth, a.rng.IntN, a.src, a.buf, same)
			v += evaluate(s, side)
		}
		v /= float64(a.Samples)
		v += a.rng.Float64() * 1e-9 // break exact ties at random
		if v > bestV {
			best, bestV = i, v
		}
	}
	return cands[best]
}
