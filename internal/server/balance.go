package server

import (
	"fmt"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/sim"
)

// A balance check plays AI-v-AI games of a scenario with the sides
// swapped every other game, as `sandtable simulate --swap` does, for a
// scenario author in the browser who wants to know which side the battle
// favours. Checks are held in memory only (they are not saved games): one
// plays at a time, on half the cores (the whole core of a one-core
// machine, beside the AI seats: Config.BalanceGames turns checks off),
// and a finished one is kept for balanceKeep.
const (
	balanceDefaultGames = 200
	balanceMaxGames     = 1000
	balanceKeep         = time.Hour
	balanceMaxKept      = 32
)

// balanceAgents are the agents a check may use: fast ones. A search
// (mcts) takes seconds to minutes a game; `sandtable simulate` runs those.
var balanceAgents = []string{"scripted", "random"}

// balanceRequest is the body of POST /api/balance.
type balanceRequest struct {
	Scenario string  `json:"scenario"`
	Games    *int    `json:"games"` // default 200; even, 2 to 1000
	Agent    string  `json:"agent"` // both sides' agent: scripted (default) or random
	Seed     *uint64 `json:"seed"`  // default: random, and shown
}

// balanceCheck is one check: GET /api/balance/{id} answers it.
type balanceCheck struct {
	ID       string `json:"check_id"`
	Scenario string `json:"scenario"`
	Agent    string `json:"agent"`
	Games    int    `json:"games"`
	Seed     uint64 `json:"seed"`
	// Status is "running", "done", "failed" (Error says why) or
	// "stopped" (the server shut down first).
	Status string `json:"status"`
	Done   int    `json:"done"` // games finished so far
	Error  string `json:"error,omitempty"`
	// Command is the same run on the command line, to play it at scale or
	// with other agents.
	Command string       `json:"command"`
	Summary *sim.Summary `json:"summary,omitempty"`

	finished time.Time
}

// balanceChecks holds the server's checks.
type balanceChecks struct {
	mu      sync.Mutex
	checks  map[string]*balanceCheck
	running string // the id of the check under way, if any
}

func (b *balanceChecks) get(id string) (balanceCheck, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c, ok := b.checks[id]
	if !ok {
		return balanceCheck{}, false
	}
	return *c, true
}

// prune drops checks finished more than balanceKeep ago, and the oldest
// finished ones past balanceMaxKept. Call with b.mu held.
func (b *balanceChecks) prune(now time.Time) {
	var done []*balanceCheck
	for id, c := range b.checks {
		switch {
		case c.finished.IsZero():
		case now.Sub(c.finished) > balanceKeep:
			delete(b.checks, id)
		default:
			done = append(done, c)
		}
	}
	sort.Slice(done, func(i, j int) bool { return done[i].finished.Before(done[j].finished) })
	for len(b.checks) > balanceMaxKept && len(done) > 0 {
		delete(b.checks, done[0].ID)
		done = done[1:]
	}
}

// postBalance starts a balance check: 202 with the check, whose id
// GET /api/balance/{id} follows. While one is under way another is
// refused with 409 "busy".
func (s *Server) postBalance(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	switch {
	case s.cfg.BalanceGames < 0:
		return nil, errf(http.StatusForbidden, codeForbidden, "this server plays no balance checks (sandtable serve --balance-games 0); run sandtable simulate instead")
	case s.cfg.BalanceGames < 2:
		return nil, errf(http.StatusForbidden, codeForbidden, fmt.Sprintf("this server plays no balance checks: it allows %d game, and a check plays each side by each agent as often (sandtable serve --balance-games 2 or more); run sandtable simulate instead", s.cfg.BalanceGames))
	}
	if s.ctx.Err() != nil {
		return nil, errf(http.StatusServiceUnavailable, codeUnavailable, "the server is shutting down")
	}
	var req balanceRequest
	if e := decodeBody(r, &req); e != nil {
		return nil, e
	}
	if req.Scenario == "" {
		return nil, errf(http.StatusBadRequest, codeBadRequest, "scenario: missing (a scenario id: GET /api/scenarios)")
	}
	sc, err := s.cfg.Catalog.Scenario(req.Scenario)
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, "scenario: "+strings.TrimPrefix(err.Error(), "scenario: "))
	}
	rules, ok := engine.Lookup(sc.Rules)
	if !ok {
		return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("scenario: %s is of rules %q, which this server does not play", sc.ID, sc.Rules))
	}
	games := min(balanceDefaultGames, s.cfg.BalanceGames&^1)
	if req.Games != nil {
		games = *req.Games
	}
	if most := s.cfg.BalanceGames &^ 1; games < 2 || games > most || games%2 != 0 {
		return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("games: an even number from 2 to %d (each side played by each agent as often), got %d; `sandtable simulate` plays more", most, games))
	}
	agentName := req.Agent
	if agentName == "" {
		agentName = "scripted"
	}
	if !slices.Contains(balanceAgents, agentName) {
		return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("agent: %q: a check plays %s on both sides; a search such as mcts takes seconds a game (minutes at mcts:1s), too long for a check of hundreds of games: run it with sandtable simulate", agentName, strings.Join(balanceAgents, " or ")))
	}
	seed := randUint64() >> 11 // 53 bits: a JavaScript number shows it exactly
	if req.Seed != nil {
		seed = *req.Seed
	}
	if top := ^uint64(0) - uint64(games-1); seed > top {
		return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("seed: %d games from seed %d would need seeds past the largest", games, seed))
	}
	scenarioArg := sc.ID
	if !sc.BuiltIn {
		scenarioArg = filepath.Base(sc.Pos.File) // the file's name, not where the server keeps it
	}
	c := &balanceCheck{ID: newToken()[:16], Scenario: sc.ID, Agent: agentName, Games: games, Seed: seed, Status: "running",
		Command: fmt.Sprintf("sandtable simulate --scenario %s --games %d --agents %s,%s --swap --seed %d", shellQuote(scenarioArg), games, agentName, agentName, seed)}

	b := &s.balance
	b.mu.Lock()
	if b.checks == nil {
		b.checks = map[string]*balanceCheck{}
	}
	b.prune(time.Now())
	if b.running != "" {
		run := b.checks[b.running]
		b.mu.Unlock()
		return nil, errf(http.StatusConflict, codeBusy, fmt.Sprintf("another balance check is under way (%d of %d games of %s); this server plays one at a time: ask again when it is over", run.Done, run.Games, run.Scenario))
	}
	b.checks[c.ID], b.running = c, c.ID
	out := *c
	b.mu.Unlock()

	cfg := sim.Config{Rules: rules, Scenario: sc, Games: games, Agents: [2]string{agentName, agentName}, Swap: true,
		Workers: max(1, runtime.GOMAXPROCS(0)/2), Seed: seed,
		Progress: func(done int) {
			b.mu.Lock()
			c.Done = done
			b.mu.Unlock()
		}}
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		rep, err := sim.Run(s.ctx, cfg)
		b.mu.Lock()
		defer b.mu.Unlock()
		b.running, c.finished = "", time.Now()
		switch {
		case rep.Interrupted || err != nil && s.ctx.Err() != nil:
			c.Status, c.Error = "stopped", "the server shut down before the check was over"
		case err != nil:
			c.Status, c.Error = "failed", err.Error()
		case len(rep.Errors) > 0:
			sum := rep.Summary()
			c.Status, c.Error, c.Summary = "failed", fmt.Sprintf("%d of %d games failed: %s", len(rep.Errors), games, rep.Errors[0].Error), &sum
		default:
			sum := rep.Summary()
			c.Status, c.Done, c.Summary = "done", games, &sum
		}
		s.log.Info("balance check", "check", c.ID, "scenario", c.Scenario, "games", games, "status", c.Status)
	}()
	return out, nil // 202 (api)
}

// getBalance answers GET /api/balance/{id}.
func (s *Server) getBalance(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	id := r.PathValue("id")
	s.balance.mu.Lock()
	s.balance.prune(time.Now())
	s.balance.mu.Unlock()
	c, ok := s.balance.get(id)
	if !ok {
		return nil, errf(http.StatusNotFound, codeNotFound, fmt.Sprintf("no balance check %q on this server (checks are kept for %v after they end, and not across restarts)", clipID(id), balanceKeep))
	}
	return c, nil
}

// shellQuote quotes a word for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:+=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// clipID is id cut to a length worth echoing.
func clipID(id string) string {
	if len(id) > 40 {
		return id[:40] + "..."
	}
	return id
}
