package engine

import (
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/scenario"
)

// Game is a State plus its history: the validated, recorded path that
// players, the server and the CLI use. Agents' playouts may call State
// directly (the fast path) and skip the record.
type Game struct {
	rules   Rules
	header  Header
	state   State
	src     dice.Source
	rec     *dice.Recorder
	records []Record
	events  []Event
	// setup is how many of events tell of the initial state
	// (SetupReporter); they belong to no record.
	setup int
	// ends[i] is len(events) once record i was applied.
	ends []int
}

// NewGame starts a game of scenario sc (nil for rulesets that need none)
// with dice from a PCG seeded with seed.
func NewGame(r Rules, sc *scenario.Scenario, seed uint64) (*Game, error) {
	return NewGameWithSource(r, sc, seed, dice.NewPCG(seed))
}

// NewGameWithSource starts a game whose dice come from src, e.g. a
// dice.Scripted source reproducing a rulebook example. seed is only recorded.
func NewGameWithSource(r Rules, sc *scenario.Scenario, seed uint64, src dice.Source) (*Game, error) {
	st, err := r.New(sc)
	if err != nil {
		return nil, err
	}
	h := Header{Format: LogFormat, Rules: r.Name(), Seed: seed, Dice: DiceBatched}
	if rv, ok := r.(Revised); ok {
		h.Rev = rv.Revision()
	}
	if sc != nil {
		h.Scenario, h.Version, h.Digest = sc.ID, sc.Version, scenario.Digest(sc)
	}
	h.Hash = FormatHash(st.Hash())
	g := &Game{rules: r, header: h, state: st, src: src, rec: dice.NewRecorder(src)}
	g.reportSetup()
	return g, nil
}

// reportSetup makes the events of the initial state (SetupReporter) the
// game's first, numbered from 1, in place of any it had; it is called
// before any action.
func (g *Game) reportSetup() {
	g.events, g.setup = nil, 0
	sr, ok := g.state.(SetupReporter)
	if !ok {
		return
	}
	var list EventList
	sr.ReportSetup(&list)
	for _, e := range list {
		e.Seq = len(g.events) + 1
		g.events = append(g.events, e)
	}
	g.setup = len(g.events)
}

// Rules returns the game's ruleset.
func (g *Game) Rules() Rules { return g.rules }

// Header returns the log header of the game.
func (g *Game) Header() Header { return g.header }

// State returns the current state. Callers must not modify it; use Clone.
func (g *Game) State() State { return g.state }

// Pending returns the pending decision.
func (g *Game) Pending() Decision { return g.state.Pending() }

// Records returns the history, one record per applied action.
func (g *Game) Records() []Record { return g.records }

// Events returns every event so far, numbered from 1: the set-up's
// (SetupEvents) first, then those of each record in turn.
func (g *Game) Events() []Event { return g.events }

// SetupEvents returns the events that tell of the initial state, before
// any action (see SetupReporter): the first of Events, none for a
// ruleset or scenario without them.
func (g *Game) SetupEvents() []Event { return g.events[:g.setup] }

// Hash returns the current state hash.
func (g *Game) Hash() uint64 { return g.state.Hash() }

// ErrGameOver is returned by Apply when the game has ended.
var ErrGameOver = errors.New("the game is over")

// Apply validates a, applies it, records it with the dice it rolled and the
// resulting hash, and returns the events it produced. A rejected action
// returns an error saying why and leaves the game untouched, including when a
// scripted dice source runs out part-way through.
func (g *Game) Apply(a Action) (evs []Event, err error) {
	if a == nil {
		return nil, errors.New("no action")
	}
	if g.state.Result().Over {
		return nil, ErrGameOver
	}
	pending := g.state.Pending()
	if err := g.state.Validate(a); err != nil {
		return nil, err
	}
	raw, err := EncodeAction(a)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", a.Kind(), err)
	}
	snapshot := g.state.Clone()
	var srcSnap *dice.PCG
	if p, ok := g.src.(*dice.PCG); ok {
		srcSnap = p.Clone()
	}
	g.rec.Reset()
	var list EventList
	if err := g.applyGuarded(a, &list); err != nil {
		g.state = snapshot
		if srcSnap != nil {
			*g.src.(*dice.PCG) = *srcSnap
		}
		return nil, err
	}
	rec := Record{
		N:      len(g.records) + 1,
		Side:   pending.Side,
		Action: raw,
		Dice:   append([]int(nil), g.rec.Faces()...),
		Hash:   FormatHash(g.state.Hash()),
	}
	g.records = append(g.records, rec)
	first := len(g.events)
	for _, e := range list {
		e.Seq = len(g.events) + 1
		g.events = append(g.events, e)
	}
	g.ends = append(g.ends, len(g.events))
	return g.events[first:], nil
}

// ActionsKnownTo counts the actions side may know of: its own, and those
// that emitted an event it may see. The server's n is this count, so a
// side cannot count the other's hidden actions.
func (g *Game) ActionsKnownTo(side int) int {
	n := 0
	for i, r := range g.records {
		known := r.Side == side
		for _, e := range g.RecordEvents(i) {
			known = known || e.VisibleTo(side)
		}
		if known {
			n++
		}
	}
	return n
}

// RecordEvents returns the events the i-th record's action (from 0)
// emitted; the set-up's events (SetupEvents) are no record's.
func (g *Game) RecordEvents(i int) []Event {
	from := g.setup
	if i > 0 {
		from = g.ends[i-1]
	}
	return g.events[from:g.ends[i]]
}

func (g *Game) applyGuarded(a Action, out Emitter) (err error) {
	defer func() {
		if r := recover(); r != nil {
			var se *dice.ScriptError
			if e, ok := r.(error); ok && errors.As(e, &se) {
				err = fmt.Errorf("%s: %w", a.Kind(), se)
				return
			}
			err = fmt.Errorf("internal error applying %s: %v", a.Kind(), r)
		}
	}()
	g.state.Apply(a, g.rec, out)
	return nil
}
