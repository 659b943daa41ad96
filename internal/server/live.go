package server

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/store"
)

// gameConfig is the opponent configuration stored with a game.
type gameConfig struct {
	// AgentSeed seeds the agents; each decision uses AgentSeed mixed with
	// the record number, so AI play does not depend on restarts.
	AgentSeed uint64 `json:"agent_seed"`
	// Dice is the log header's dice drawing (engine.Header.Dice); games
	// stored before it was recorded have none and replay die by die.
	Dice int `json:"dice,omitempty"`
	// Rev is the log header's rules revision (engine.Header.Rev); games
	// stored before it was recorded have none and replay under revision 0.
	Rev int `json:"rev,omitempty"`
	// Digest is the log header's scenario digest (engine.Header.Digest);
	// games stored before it was recorded have none and are not checked.
	Digest string `json:"digest,omitempty"`
}

// liveGame is a game held in memory. mu guards everything below it; a
// commit holds mu, so nobody sees an action before it is durable.
type liveGame struct {
	id string

	mu     sync.Mutex
	row    *store.Game
	g      *engine.Game
	cfg    gameConfig
	subs   map[*subscriber]struct{}
	aiBusy bool
	// pace is the least time an AI seat of this game takes to answer a
	// reaction decision (see reactionPace).
	pace time.Duration
	// vis numbers the events per viewer (see viewer): vis[v][k-1] is the
	// index in g.Events() of the k-th event viewer v may see. Each
	// viewer's numbers run 1, 2, 3... with no gap where another side's
	// private events were, so they reveal nothing of them. indexed is
	// how many of g.Events() vis covers.
	vis     [][]int32
	indexed int
	// acts counts the actions each viewer may know of (see viewer): its
	// own side's, and those that emitted an event it may see. A hidden
	// move of the enemy's is not among them, so n (position.N) cannot
	// count the enemy's hidden actions either. actsIndexed is how many
	// records acts covers.
	acts        []int
	actsIndexed int
	// dropped is set when the game left the cache (evicted, or its
	// memory can no longer be trusted after a failed commit); holders
	// fetch it again.
	dropped bool
	elem    *list.Element
}

// subscriber is one WebSocket stream; notify is poked after each commit.
type subscriber struct {
	notify chan struct{}
}

func (lg *liveGame) poke() {
	for sub := range lg.subs {
		select {
		case sub.notify <- struct{}{}:
		default:
		}
	}
}

// viewer returns acc's index in lg.vis: 0 for spectators, 1+side for a
// seat.
func viewer(acc access) int {
	if acc.role == roleSeat {
		return 1 + acc.side
	}
	return 0
}

// indexEvents extends lg.vis over the events added since the last call;
// mu held.
func (lg *liveGame) indexEvents() {
	evs := lg.g.Events()
	if lg.vis == nil {
		lg.vis = make([][]int32, 1+len(lg.row.Seats))
	}
	for i := lg.indexed; i < len(evs); i++ {
		for v := range lg.vis {
			acc := access{role: roleSpectator}
			if v > 0 {
				acc = access{role: roleSeat, side: v - 1}
			}
			if acc.sees(evs[i]) {
				lg.vis[v] = append(lg.vis[v], int32(i))
			}
		}
	}
	lg.indexed = len(evs)
	if lg.acts == nil {
		lg.acts = make([]int, len(lg.vis))
	}
	recs := lg.g.Records()
	for i := lg.actsIndexed; i < len(recs); i++ {
		for v := range lg.acts {
			acc := access{role: roleSpectator}
			if v > 0 {
				acc = access{role: roleSeat, side: v - 1}
			}
			known := acc.role == roleSeat && recs[i].Side == acc.side
			for _, e := range lg.g.RecordEvents(i) {
				known = known || acc.sees(e)
			}
			if known {
				lg.acts[v]++
			}
		}
	}
	lg.actsIndexed = len(recs)
}

// actionsSeen returns the number of actions acc may know of; mu held.
func (lg *liveGame) actionsSeen(acc access) int { return lg.acts[viewer(acc)] }

// lastEvent returns the number of the last event acc may see (0 for
// none); mu held.
func (lg *liveGame) lastEvent(acc access) int { return len(lg.vis[viewer(acc)]) }

// eventsFor returns the events acc may see numbered after after, each
// with Seq set to acc's own number for it; mu held.
func (lg *liveGame) eventsFor(acc access, after int) []engine.Event {
	idx := lg.vis[viewer(acc)]
	after = max(after, 0)
	if after >= len(idx) {
		return []engine.Event{}
	}
	evs := lg.g.Events()
	out := make([]engine.Event, 0, len(idx)-after)
	for k := after; k < len(idx); k++ {
		e := evs[idx[k]]
		e.Seq = k + 1
		out = append(out, e)
	}
	return out
}

// allEvents returns every event of the game, whoever it was for,
// numbered from 1; mu held.
func (lg *liveGame) allEvents() []engine.Event {
	evs := slices.Clone(lg.g.Events())
	for k := range evs {
		evs[k].Seq = k + 1
	}
	return evs
}

// idle reports whether the game may be evicted; mu held.
func (lg *liveGame) idle() bool { return len(lg.subs) == 0 && !lg.aiBusy }

// cache holds live games by id, least recently used first to go.
type cache struct {
	s   *Server
	max int

	mu  sync.Mutex
	m   map[string]*cacheEntry
	lru *list.List // of *cacheEntry, most recent at the front
}

type cacheEntry struct {
	id    string
	ready chan struct{}
	lg    *liveGame
	err   error
	elem  *list.Element
}

func newCache(s *Server, max int) *cache {
	return &cache{s: s, max: max, m: map[string]*cacheEntry{}, lru: list.New()}
}

func (c *cache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// get returns the live game id, loading it from the store if needed;
// concurrent callers share one load.
func (c *cache) get(ctx context.Context, id string) (*liveGame, error) {
	c.mu.Lock()
	if e, ok := c.m[id]; ok {
		c.lru.MoveToFront(e.elem)
		c.mu.Unlock()
		select {
		case <-e.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return e.lg, e.err
	}
	e := &cacheEntry{id: id, ready: make(chan struct{})}
	e.elem = c.lru.PushFront(e)
	c.m[id] = e
	c.mu.Unlock()

	// The load is shared, so it must not die with the first caller.
	lctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	e.lg, e.err = c.s.load(lctx, id)
	cancel()
	close(e.ready)
	if e.err != nil {
		c.remove(e)
		return nil, e.err
	}
	c.evict()
	return e.lg, nil
}

// peek returns the cache's entry for id, loaded or loading, or nil.
func (c *cache) peek(id string) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[id]
}

// live returns the loaded games.
func (c *cache) live() []*liveGame {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]*liveGame, 0, len(c.m))
	for _, e := range c.m {
		select {
		case <-e.ready:
			if e.lg != nil {
				out = append(out, e.lg)
			}
		default:
		}
	}
	return out
}

func (c *cache) remove(e *cacheEntry) {
	c.mu.Lock()
	if c.m[e.id] == e {
		delete(c.m, e.id)
		c.lru.Remove(e.elem)
	}
	c.mu.Unlock()
}

// drop takes lg out of the cache; mu of lg held. The next get reloads
// the game from the store.
func (c *cache) drop(lg *liveGame) {
	lg.dropped = true
	c.mu.Lock()
	if e, ok := c.m[lg.id]; ok && e.lg == lg {
		delete(c.m, lg.id)
		c.lru.Remove(e.elem)
	}
	c.mu.Unlock()
	lg.poke()
}

// evict drops idle games beyond the limit, oldest first.
func (c *cache) evict() {
	c.mu.Lock()
	var victims []*cacheEntry
	over := len(c.m) - c.max
	for e := c.lru.Back(); e != nil && over > 0; e = e.Prev() {
		ce := e.Value.(*cacheEntry)
		select {
		case <-ce.ready:
		default:
			continue
		}
		if ce.lg != nil {
			victims = append(victims, ce)
			over--
		}
	}
	c.mu.Unlock()
	for _, ce := range victims {
		lg := ce.lg
		lg.mu.Lock()
		if lg.idle() {
			c.remove(ce)
			lg.dropped = true
		}
		lg.mu.Unlock()
	}
}

// load rebuilds a game from the store: engine.Replay of its records
// checks every record's side, dice and state hash.
func (s *Server) load(ctx context.Context, id string) (*liveGame, error) {
	row, err := s.cfg.Store.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	recs, err := s.cfg.Store.Actions(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	// Another server sharing the store may have appended between the
	// two reads: more records than the row said are fine.
	if len(recs) < row.Actions {
		return nil, fmt.Errorf("server: game %s: %d records stored, the game row says %d", id, len(recs), row.Actions)
	}
	lg, err := storedLog(row, recs)
	if err != nil {
		return nil, err
	}
	// A scenario from a user's file may be gone (the server started
	// without it) or at another version since the game was made.
	sc, err := s.cfg.Catalog.Scenario(row.Scenario)
	if err != nil {
		return nil, &scenarioGone{id: row.Scenario, err: err}
	}
	if sc.Version != row.ScenarioVersion {
		return nil, &scenarioGone{id: row.Scenario, saved: row.ScenarioVersion, now: sc.Version, builtIn: sc.BuiltIn}
	}
	g, err := engine.Replay(lg, func(_, sid string) (*scenario.Scenario, error) { return s.cfg.Catalog.Scenario(sid) })
	if err != nil {
		return nil, fmt.Errorf("server: game %s does not replay: %w", id, err)
	}
	row.Actions = len(recs)
	if g.State().Result().Over {
		row.Status = store.StatusOver
	}
	live := &liveGame{id: id, row: row, g: g, subs: map[*subscriber]struct{}{}}
	live.indexEvents()
	if len(row.Config) > 0 {
		if err := json.Unmarshal(row.Config, &live.cfg); err != nil {
			return nil, fmt.Errorf("server: game %s: %w: bad config: %v", id, store.ErrDamaged, err)
		}
	}
	live.mu.Lock()
	s.maybeAI(live)
	live.mu.Unlock()
	return live, nil
}

// storedLog is a stored game as the engine's log: the header the game
// was made with and its records, as the store holds them. It needs no
// scenario, so a game whose scenario is gone can still be handed out.
func storedLog(row *store.Game, recs []store.Action) (*engine.Log, error) {
	var cfg gameConfig
	if len(row.Config) > 0 {
		if err := json.Unmarshal(row.Config, &cfg); err != nil {
			return nil, fmt.Errorf("server: game %s: %w: bad config: %v", row.ID, store.ErrDamaged, err)
		}
	}
	lg := &engine.Log{Header: engine.Header{Format: engine.LogFormat, Rules: row.Rules, Scenario: row.Scenario, Version: row.ScenarioVersion, Seed: row.Seed, Hash: row.HeaderHash, Dice: cfg.Dice, Rev: cfg.Rev, Digest: cfg.Digest}}
	for i, r := range recs {
		lg.Records = append(lg.Records, engine.Record{N: r.N, Side: r.Side, Action: r.Action, Dice: r.Dice, Hash: r.Hash})
		lg.Lines = append(lg.Lines, i+2)
	}
	return lg, nil
}

// game returns the live game for a request, mapping errors to answers.
func (s *Server) game(ctx context.Context, id string) (*liveGame, *apiError) {
	lg, err := s.games.get(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		if !isGameID(id) {
			return nil, errf(http.StatusNotFound, codeNotFound, "no such game: a game id is 16 hex digits")
		}
		return nil, errf(http.StatusNotFound, codeNotFound, "no game "+id)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		return nil, errf(http.StatusServiceUnavailable, codeTimeout, "timed out loading the game")
	case errors.As(err, new(*engine.Divergence)) || errors.As(err, new(*engine.Rejected)):
		// Its records are kept, but this build's rules play them
		// otherwise: a game saved under earlier rules.
		s.log.Warn("game does not replay under these rules", "game", id, "err", err)
		return nil, errf(http.StatusConflict, codeRulesChanged, "this game was saved under an earlier version of the rules (or its saved records were changed) and cannot be continued with this one: "+divergenceText(err))
	case errors.As(err, new(*scenarioGone)):
		s.log.Warn("game's scenario is not on this server", "game", id, "err", err)
		return nil, errf(http.StatusConflict, codeNoScenario, err.Error())
	case errors.Is(err, store.ErrDamaged):
		return nil, s.storeError(err)
	case err != nil:
		s.log.Error("loading game", "game", id, "err", err)
		return nil, errf(http.StatusInternalServerError, codeInternal, "the game cannot be loaded")
	}
	return lg, nil
}

// scenarioGone is why a stored game cannot be loaded when its scenario,
// one from a user's file, is not on the server (err) or is at another
// version (saved, now). Its records are kept as they are.
type scenarioGone struct {
	id         string
	err        error
	saved, now int
	builtIn    bool // the server's scenario of that id is a built-in one
}

func (e *scenarioGone) Error() string {
	switch {
	case e.err != nil:
		return fmt.Sprintf("this game's scenario %q is not on this server; if it came from a scenario file of your own, start the server with that file (sandtable serve --scenario FILE) to continue the game", e.id)
	case e.builtIn:
		return fmt.Sprintf("this game was made with version %d of the built-in scenario %q, and this build of Sandtable has version %d; the game is kept, but only a build with version %d can continue it", e.saved, e.id, e.now, e.saved)
	}
	return fmt.Sprintf("this game was made with version %d of scenario %q and the server now has version %d; start the server with the scenario file as it was (version %d) to continue the game", e.saved, e.id, e.now, e.saved)
}

func (e *scenarioGone) Unwrap() error { return e.err }

// divergenceText says where a stored game stops replaying.
func divergenceText(err error) string {
	var div *engine.Divergence
	var rej *engine.Rejected
	switch {
	case errors.As(err, &div) && div.What == "scenario digest":
		return "its scenario's data (forces, terrain, set-up rules or unit stats) has changed since it was saved, under the same scenario version (scenario digest " + div.Want + " saved, " + div.Got + " now); a scenario from a file of your own needs the file as it was"
	case errors.As(err, &div) && div.Record == 0:
		return "its set-up differs"
	case errors.As(err, &div):
		return fmt.Sprintf("it replays the same only up to action %d", div.Record-1)
	case errors.As(err, &rej):
		return fmt.Sprintf("its action %d is not allowed now (%v)", rej.Record, rej.Err)
	}
	return err.Error()
}

// locked fetches the live game and locks it, fetching again if it was
// dropped meanwhile.
func (s *Server) locked(ctx context.Context, id string) (*liveGame, *apiError) {
	for range 3 {
		lg, e := s.game(ctx, id)
		if e != nil {
			return nil, e
		}
		lg.mu.Lock()
		if !lg.dropped {
			return lg, nil
		}
		lg.mu.Unlock()
	}
	return nil, errf(http.StatusServiceUnavailable, codeUnavailable, "the game is being reloaded; try again")
}

// commit applies a for side and stores the record; lg.mu held. It
// returns only after the record is durable; on a failed commit the live
// game is dropped and reloaded from the store on next use.
func (s *Server) commit(ctx context.Context, lg *liveGame, side int, a engine.Action, source string) *apiError {
	g := lg.g
	if g.State().Result().Over {
		return errf(http.StatusConflict, codeGameOver, "the game is over")
	}
	if p := g.Pending(); p.Side != side {
		return errf(http.StatusConflict, codeNotYourTurn, fmt.Sprintf("the pending decision (%s) is not yours", p.Kind))
	}
	after := len(g.Records())
	if _, err := g.Apply(a); err != nil {
		return errf(http.StatusUnprocessableEntity, codeIllegal, err.Error())
	}
	lg.indexEvents()
	rec := g.Records()[after]
	status := store.StatusActive
	if g.State().Result().Over {
		status = store.StatusOver
	}
	err := s.cfg.Store.Append(ctx, store.Append{GameID: lg.id, After: after, Status: status,
		Actions: []store.Action{{N: rec.N, Side: rec.Side, Action: rec.Action, Dice: rec.Dice, Hash: rec.Hash}}})
	if err != nil {
		s.games.drop(lg)
		if errors.Is(err, store.ErrConflict) {
			return errf(http.StatusConflict, codeStale, "another action was stored first; fetch the game again")
		}
		s.log.Error("storing an action", "game", lg.id, "n", rec.N, "err", err)
		return errf(http.StatusServiceUnavailable, codeUnavailable, "the action could not be stored; it was not applied")
	}
	lg.row.Actions, lg.row.Status = rec.N, status
	s.metrics.applied(source).Inc()
	lg.poke()
	s.maybeAI(lg)
	return nil
}

// seatPlayer returns the player of side ("human" or an agent name).
func (lg *liveGame) seatPlayer(side int) string {
	for _, st := range lg.row.Seats {
		if st.Side == side {
			return st.Player
		}
	}
	return ""
}

// maybeAI starts the AI if the pending decision is an agent's; lg.mu
// held. The decision runs on a clone of the state without the lock, in a
// bounded pool, so it never blocks this game's readers or other games.
func (s *Server) maybeAI(lg *liveGame) {
	if lg.aiBusy || lg.dropped || lg.g.State().Result().Over {
		return
	}
	side := lg.g.Pending().Side
	name := lg.seatPlayer(side)
	if name == "" || name == store.PlayerHuman {
		return
	}
	lg.aiBusy = true
	s.bg.Add(1)
	go s.runAI(lg, side, name, len(lg.g.Records()))
}

// leaseAI asks a shared store for the lease on game id's decision after n
// records; false means another server holds it. A store error grants
// it: computing twice costs time, and only one answer can be stored.
func (s *Server) leaseAI(id string, n int) bool {
	l, ok := s.cfg.Store.(store.AILeaser)
	if !ok {
		return true
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	got, err := l.LeaseAI(ctx, id, n, s.id, s.cfg.AILease)
	if err != nil {
		if s.ctx.Err() != nil {
			return false // shutting down: compute nothing more
		}
		s.log.Error("leasing an AI decision", "game", id, "n", n, "err", err)
		return true
	}
	if !got {
		s.metrics.aiLeasedElsewhere.Inc()
	}
	return got
}

// retryAI looks at lg again once a lease another server holds on its
// decision after n records has run out: if that server has not played
// (it died, say), this one takes the decision over. Called from a
// goroutine counted in s.bg.
func (s *Server) retryAI(lg *liveGame, n int) {
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		t := time.NewTimer(s.cfg.AILease)
		defer t.Stop()
		select {
		case <-t.C:
		case <-s.ctx.Done():
			return
		}
		lg.mu.Lock()
		defer lg.mu.Unlock()
		if !lg.dropped && len(lg.g.Records()) == n {
			s.maybeAI(lg)
		}
	}()
}

// reactionPace returns the least time an AI seat called name takes to
// answer a reaction decision, having just taken took over one, and keeps
// it (lg.mu held). A search answers at once a decision with one choice
// (a decoy opportunity-fire window, ruling R56) and searches one with
// several, so how soon the AI answered would tell the enemy whether one
// of its hidden units saw. So every reaction answer of a searching seat
// waits, from the first, for its search's time budget (mcts:1s) or, for
// a search of so many iterations (mcts, mcts:400), for searchPace; and
// for the longest any answer has taken in the game, should that be
// longer; never more than limit. Other agents decide in microseconds
// either way: theirs wait only for the longest.
func (lg *liveGame) reactionPace(name string, took, limit time.Duration) time.Duration {
	if name == "mcts" {
		lg.pace = max(lg.pace, searchPace)
	} else if rest, ok := strings.CutPrefix(name, "mcts:"); ok {
		if cfg, err := agent.ParseMCTSBudget(rest); err == nil && cfg.Budget > 0 {
			lg.pace = max(lg.pace, cfg.Budget)
		} else {
			lg.pace = max(lg.pace, searchPace)
		}
	}
	lg.pace = min(max(lg.pace, took), limit)
	return lg.pace
}

// searchPace is the least time a search of so many iterations takes to
// answer a reaction decision on the server: about eight times the longest
// the default search (mcts) took over the 73 opportunity-fire windows
// with a choice in four scripted What Next? games on the project's 2-core
// machine (13 ms on average, 32 ms at most).
const searchPace = 250 * time.Millisecond

// errNoAction is what an agent that chose nothing did wrong.
var errNoAction = errors.New("no action")

// firstLegal returns the first of st's candidates that its rules accept,
// or nil if none is.
func firstLegal(st engine.State) engine.Action {
	for _, c := range st.Candidates(nil) {
		if st.Validate(c) == nil {
			return c
		}
	}
	return nil
}

func (s *Server) runAI(lg *liveGame, side int, name string, n int) {
	defer s.bg.Done()
	done := func() {
		lg.mu.Lock()
		lg.aiBusy = false
		lg.mu.Unlock()
	}
	select {
	case s.aiSem <- struct{}{}:
	case <-s.ctx.Done():
		done()
		return
	}
	lg.mu.Lock()
	if lg.dropped || len(lg.g.Records()) != n {
		lg.aiBusy = false
		s.maybeAI(lg)
		lg.mu.Unlock()
		<-s.aiSem
		return
	}
	st := lg.g.State().Clone()
	seed := lg.cfg.AgentSeed ^ (uint64(n)+1)*0x9e3779b97f4a7c15
	lg.mu.Unlock()

	if !s.leaseAI(lg.id, n) {
		<-s.aiSem
		lg.mu.Lock()
		lg.aiBusy = false
		if lg.dropped || len(lg.g.Records()) != n {
			// The holder's commit came in while the lease was asked for:
			// the next decision may be this server's to lease.
			s.maybeAI(lg)
		} else {
			s.retryAI(lg, n)
		}
		lg.mu.Unlock()
		return
	}
	start := time.Now()
	var a engine.Action
	ag, err := s.seatAgent(lg.id, name, seed)
	if err == nil {
		// A search stops at the server's time for a decision, or when
		// the server shuts down (the decision is then not committed: a
		// restart takes it again).
		ctx, cancel := context.WithTimeout(s.ctx, s.cfg.AIBudget)
		a = agent.Choose(ctx, ag, st)
		cancel()
	}
	if err == nil {
		verr := errNoAction
		if a != nil {
			verr = st.Validate(a)
		}
		if verr != nil {
			// An agent's fault must not stall the game: the first
			// legal candidate is played instead.
			a = firstLegal(st)
			s.log.Error("AI chose no legal action; playing the first legal candidate", "game", lg.id, "agent", name, "n", n, "why", verr.Error(), "instead", a != nil)
		}
	}
	took := time.Since(start)
	<-s.aiSem
	if s.ctx.Err() != nil {
		done()
		return
	}
	if took > s.cfg.AIBudget {
		s.log.Warn("AI decision over budget", "game", lg.id, "agent", name, "took", took, "budget", s.cfg.AIBudget)
	}
	paced := took
	if st.Pending().Reaction {
		lg.mu.Lock()
		pace := lg.reactionPace(name, took, s.cfg.AIBudget)
		lg.mu.Unlock()
		wait := pace - took
		paced = max(took, pace)
		if wait > 0 {
			select {
			case <-time.After(wait):
			case <-s.ctx.Done():
				done()
				return
			}
		}
	}
	// The time the game saw, paced: the search's own time in a reaction
	// window would tell a decoy window (answered at once) from a real one.
	s.metrics.aiDecision.Observe(paced.Seconds())

	lg.mu.Lock()
	defer lg.mu.Unlock()
	lg.aiBusy = false
	switch {
	case err != nil:
		s.log.Error("AI seat has an unknown agent", "game", lg.id, "err", err)
		return
	case a == nil:
		s.log.Error("AI chose no action", "game", lg.id, "agent", name, "n", n)
		return
	case lg.dropped || len(lg.g.Records()) != n:
		s.maybeAI(lg)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if e := s.commit(ctx, lg, side, a, "ai"); e != nil {
		lvl := slog.LevelError
		if e.Code == codeStale {
			// Another server sharing the store played this seat first.
			lvl = slog.LevelInfo
		}
		s.log.Log(ctx, lvl, "AI action refused", "game", lg.id, "agent", name, "n", n, "code", e.Code, "err", e.Msg)
		if lg.dropped {
			// Reload so the AI resumes from what the store holds.
			s.bg.Add(1)
			go func() {
				defer s.bg.Done()
				if s.ctx.Err() == nil {
					s.games.get(s.ctx, lg.id)
				}
			}()
		}
	}
}
