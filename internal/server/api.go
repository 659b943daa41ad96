package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/store"
)

// scenarioInfo is one scenario in GET /api/scenarios.
type scenarioInfo struct {
	ID       string     `json:"id"`
	Version  int        `json:"version"`
	Rules    string     `json:"rules"`
	Title    string     `json:"title"`
	Date     string     `json:"date,omitempty"`
	Location string     `json:"location,omitempty"`
	Briefing string     `json:"briefing,omitempty"`
	Sides    []sideInfo `json:"sides"`
	// Strongest is the opponent on offer that plays this scenario's rules
	// best (strongestFor).
	Strongest string `json:"strongest"`
	// Source is "built-in" for a scenario shipped in the binary, "file"
	// for one from a scenario file the server was started with.
	Source string `json:"source"`
}

type sideInfo struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Briefing string `json:"briefing,omitempty"`
}

// strongestAI is the strongest search the lobby offers: MCTS with a
// second of search a decision, on every core the AI may use.
const strongestAI = "mcts:1s"

// strongestFor returns the opponent on offer that plays a scenario of
// rules best, as measured (docs/simulate.md): under Armour Battles
// mcts:1s beats the scripted doctrine in 70.8% to 77.5% of 200 or more
// games a battle; under Pagano's rules a search of 200 iterations loses
// more than half its games to the doctrine (55.7% [50.0, 61.2] of 300),
// and searches the size of mcts:1s neither beat it nor lose to it on
// Battle 1 (7 won, 8 lost, 19 drawn in 34), most games reaching the turn
// limit undecided; so the doctrine, which decides its games, is marked
// the strongest there.
func strongestFor(rules string) string {
	if rules == pagano.Name {
		return "scripted"
	}
	return strongestAI
}

func (s *Server) listScenarios(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	if len(r.URL.Query()) > 0 {
		return nil, errf(http.StatusBadRequest, codeBadRequest, "/api/scenarios takes no parameters")
	}
	out := []scenarioInfo{}
	for _, sc := range s.cfg.Catalog.Scenarios() {
		if _, ok := engine.Lookup(sc.Rules); !ok {
			continue
		}
		si := scenarioInfo{ID: sc.ID, Version: sc.Version, Rules: sc.Rules, Title: sc.Title, Date: sc.Date, Location: sc.Location, Briefing: sc.Briefing, Strongest: strongestFor(sc.Rules), Source: "built-in"}
		if !sc.BuiltIn {
			si.Source = "file"
		}
		for _, sd := range sc.Sides {
			si.Sides = append(si.Sides, sideInfo{ID: sd.ID, Name: sd.Name, Briefing: sd.Briefing})
		}
		out = append(out, si)
	}
	// The strongest opponent on offer searches for a second a decision
	// (mcts:1s); any mcts:N or mcts:DURATION may be asked for.
	opponents := append(append([]string{store.PlayerHuman}, agent.Names()...), strongestAI)
	// The most games a balance check may play here; 0 when checks are off.
	return map[string]any{"scenarios": out, "opponents": opponents, "balance_games": max(0, s.cfg.BalanceGames&^1)}, nil
}

func (s *Server) listUnits(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	if e := onceEach(r); e != nil {
		return nil, e
	}
	if e := onlyParams(r, "rules"); e != nil {
		return nil, e
	}
	rules := s.cfg.Catalog.RulesWithUnits()
	if want := r.URL.Query().Get("rules"); want != "" {
		if !slices.Contains(rules, want) {
			return nil, errf(http.StatusNotFound, codeNotFound, fmt.Sprintf("no unit types for rules %q (have %s)", want, strings.Join(rules, ", ")))
		}
		rules = []string{want}
	}
	units := []any{}
	for _, rl := range rules {
		for _, u := range s.cfg.Catalog.Units(rl) {
			units = append(units, u)
		}
	}
	return map[string]any{"units": units}, nil
}

// gameSummary is one game in GET /api/games: nothing secret. It has no
// action count: the game-wide one would count a side's hidden actions.
type gameSummary struct {
	GameID   string    `json:"game_id"`
	Scenario string    `json:"scenario"`
	Rules    string    `json:"rules"`
	Status   string    `json:"status"`
	Players  []string  `json:"players"`
	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	if e := onceEach(r); e != nil {
		return nil, e
	}
	if e := onlyParams(r, "status"); e != nil {
		return nil, e
	}
	status := r.URL.Query().Get("status")
	switch status {
	case "", store.StatusActive, store.StatusOver:
	default:
		return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("status %q: want %s or %s", status, store.StatusActive, store.StatusOver))
	}
	gs, err := s.cfg.Store.ListGames(r.Context(), store.ListOptions{Status: status, Limit: 50})
	var damaged *store.DamagedError
	if errors.As(err, &damaged) {
		// One damaged record must not hide the other games.
		s.log.Warn("store: listing games", "err", err)
	} else if err != nil {
		return nil, s.storeError(err)
	}
	out := []gameSummary{}
	for _, g := range gs {
		sum := gameSummary{GameID: g.ID, Scenario: g.Scenario, Rules: g.Rules, Status: g.Status, Created: g.Created, Updated: g.Updated}
		if g.Status != store.StatusOver {
			// A game going on is stored at every action, a hidden one
			// too: to the millisecond, its time would let anyone count
			// the enemy's hidden moves. To the minute it says only
			// when the game was last played (and never before it was
			// made).
			sum.Updated = g.Updated.Truncate(time.Minute)
			if sum.Updated.Before(g.Created) {
				sum.Updated = g.Created
			}
		}
		for _, st := range g.Seats {
			sum.Players = append(sum.Players, st.Player)
		}
		out = append(out, sum)
	}
	// The store lists the latest played first, to the millisecond: in
	// that order the list would still move at each hidden move.
	slices.SortStableFunc(out, func(a, b gameSummary) int {
		if c := b.Updated.Compare(a.Updated); c != 0 {
			return c
		}
		if c := b.Created.Compare(a.Created); c != 0 {
			return c
		}
		return strings.Compare(a.GameID, b.GameID)
	})
	return map[string]any{"games": out}, nil
}

func (s *Server) storeError(err error) *apiError {
	if errors.Is(err, context.DeadlineExceeded) {
		return errf(http.StatusServiceUnavailable, codeTimeout, "the store did not answer in time")
	}
	s.log.Error("store", "err", err)
	if errors.Is(err, store.ErrDamaged) {
		return errf(http.StatusInternalServerError, codeDamaged, "this game's saved record is damaged and cannot be loaded; other games are not affected")
	}
	return errf(http.StatusServiceUnavailable, codeUnavailable, "the store failed")
}

// createRequest is the body of POST /api/games.
type createRequest struct {
	Scenario string          `json:"scenario"`
	Side     json.RawMessage `json:"side"`     // side id ("german") or index; default 0
	Opponent string          `json:"opponent"` // "human" or an agent name; default "random"
	Seed     *uint64         `json:"seed"`     // default: random
}

// createResponse answers POST /api/games. The tokens are shown once.
type createResponse struct {
	GameID string `json:"game_id"`
	Side   int    `json:"side"`
	SideID string `json:"side_id"`
	// Seed is echoed only when the request chose it: a seed the server
	// drew stays secret until the game is over (the full log then carries
	// it), since whoever knows it can foretell every die.
	Seed           *uint64 `json:"seed,omitempty"`
	SeatToken      string  `json:"seat_token"`
	SeatURL        string  `json:"seat_url"`
	JoinToken      string  `json:"join_token,omitempty"`
	JoinURL        string  `json:"join_url,omitempty"`
	SpectatorToken string  `json:"spectator_token"`
	SpectatorURL   string  `json:"spectator_url"`
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	var req createRequest
	if e := decodeBody(r, &req); e != nil {
		return nil, e
	}
	sc, err := s.cfg.Catalog.Scenario(req.Scenario)
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, err.Error())
	}
	rules, ok := engine.Lookup(sc.Rules)
	if !ok {
		return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("scenario %s needs rules %q, which this server lacks", sc.ID, sc.Rules))
	}
	if req.Opponent == "" {
		req.Opponent = "random"
	}
	if req.Opponent != store.PlayerHuman {
		// Any agent the AI seat can make: mcts:N and mcts:DURATION too.
		if err := s.checkOpponent(req.Opponent); err != nil {
			return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("opponent %q: %s (or human)", req.Opponent, strings.TrimPrefix(err.Error(), "agent: ")))
		}
	}
	seed := randUint64()
	if req.Seed != nil {
		seed = *req.Seed
	}
	g, err := engine.NewGame(rules, sc, seed)
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, err.Error())
	}
	sides := rules.SideNames(g.State())
	side, e := parseSide(req.Side, sides)
	if e != nil {
		return nil, e
	}
	h := g.Header()
	row := &store.Game{ID: newGameID(), Rules: h.Rules, Scenario: h.Scenario, ScenarioVersion: h.Version, Seed: h.Seed, HeaderHash: h.Hash, Status: store.StatusActive}
	resp := createResponse{GameID: row.ID, Side: side, SideID: sides[side], Seed: req.Seed, SeatToken: newToken(), SpectatorToken: newToken()}
	row.SpectatorHash = store.HashToken(resp.SpectatorToken)
	for i := range sides {
		st := store.Seat{Side: i, Player: req.Opponent}
		switch {
		case i == side:
			st.Player, st.TokenHash = store.PlayerHuman, store.HashToken(resp.SeatToken)
		case req.Opponent == store.PlayerHuman && resp.JoinToken == "":
			resp.JoinToken = newToken()
			st.TokenHash = store.HashToken(resp.JoinToken)
		case req.Opponent == store.PlayerHuman:
			st.TokenHash = store.HashToken(newToken()) // a third side: seat it later
		}
		row.Seats = append(row.Seats, st)
	}
	row.Config, _ = json.Marshal(gameConfig{AgentSeed: randUint64(), Dice: h.Dice, Rev: h.Rev, Digest: h.Digest})
	if err := s.cfg.Store.CreateGame(r.Context(), row); err != nil {
		return nil, s.storeError(err)
	}
	base := s.baseURL(r)
	link := func(tok string) string { return base + "/games/" + row.ID + "?token=" + tok }
	resp.SeatURL, resp.SpectatorURL = link(resp.SeatToken), link(resp.SpectatorToken)
	if resp.JoinToken != "" {
		resp.JoinURL = link(resp.JoinToken)
	}
	// Load it now, so an AI that decides first starts at once.
	if _, e := s.game(r.Context(), row.ID); e != nil {
		return nil, e
	}
	s.log.Info("game created", "game", row.ID, "scenario", sc.ID, "opponent", req.Opponent, "side", sides[side])
	return resp, nil
}

func parseSide(raw json.RawMessage, sides []string) (int, *apiError) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	var idx int
	if err := json.Unmarshal(raw, &idx); err == nil {
		if idx < 0 || idx >= len(sides) {
			return 0, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("side %d out of range (sides: %s)", idx, strings.Join(sides, ", ")))
		}
		return idx, nil
	}
	var id string
	if err := json.Unmarshal(raw, &id); err != nil {
		return 0, errf(http.StatusBadRequest, codeBadRequest, "side must be a side id or index")
	}
	if i := slices.Index(sides, id); i >= 0 {
		return i, nil
	}
	return 0, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("no side %q (sides: %s)", id, strings.Join(sides, ", ")))
}

func randUint64() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *Server) baseURL(r *http.Request) string {
	if s.cfg.BaseURL != "" {
		return strings.TrimRight(s.cfg.BaseURL, "/")
	}
	return "http://" + r.Host
}

// gameState answers GET /api/games/{id}: the requester's view.
type gameState struct {
	GameID    string          `json:"game_id"`
	Rules     string          `json:"rules"`
	Scenario  string          `json:"scenario"`
	Version   int             `json:"version"`
	Role      string          `json:"role"`
	Side      *int            `json:"side,omitempty"`
	Sides     []string        `json:"sides"`
	Players   []string        `json:"players"`
	Status    string          `json:"status"`
	N         int             `json:"n"`
	LastEvent int             `json:"last_event"`
	Pending   engine.Decision `json:"pending"`
	Result    engine.Result   `json:"result"`
	View      any             `json:"view"`
}

// position is where a requester stands in a game: the number of actions
// and the last event it may see.
type position struct {
	N         int             `json:"n"`
	LastEvent int             `json:"last_event"`
	Pending   engine.Decision `json:"pending"`
	Result    engine.Result   `json:"result"`
}

// positionOf returns acc's position in lg; lg.mu held. LastEvent is in
// acc's own event numbering (see liveGame.vis).
func positionOf(lg *liveGame, acc access) position {
	return position{N: lg.actionsSeen(acc), LastEvent: lg.lastEvent(acc), Pending: lg.g.Pending(), Result: lg.g.State().Result()}
}

// open authorises the request's token for game id and returns the game
// locked.
func (s *Server) open(r *http.Request, bodyToken string) (*liveGame, access, *apiError) {
	if e := onceEach(r); e != nil {
		return nil, access{}, e
	}
	tok := requestToken(r, bodyToken)
	if tok == "" {
		_, e := authorize(nil, "")
		return nil, access{}, e
	}
	lg, e := s.locked(r.Context(), r.PathValue("id"))
	if e != nil {
		return nil, access{}, e
	}
	acc, e := authorize(lg.row, tok)
	if e != nil {
		lg.mu.Unlock()
		return nil, access{}, e
	}
	return lg, acc, nil
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	lg, acc, e := s.open(r, "")
	if e != nil {
		return nil, e
	}
	defer lg.mu.Unlock()
	sides := lg.g.Rules().SideNames(lg.g.State())
	p := positionOf(lg, acc)
	out := gameState{GameID: lg.id, Rules: lg.row.Rules, Scenario: lg.row.Scenario, Version: lg.row.ScenarioVersion, Role: acc.role.String(),
		Sides: sides, Status: lg.row.Status, N: p.N, LastEvent: p.LastEvent, Pending: p.Pending, Result: p.Result,
		View: viewFor(lg.g.State(), len(sides), acc)}
	if acc.role == roleSeat {
		out.Side = &acc.side
	}
	for _, st := range lg.row.Seats {
		out.Players = append(out.Players, st.Player)
	}
	return out, nil
}

// candidatesResponse answers GET /api/games/{id}/candidates.
type candidatesResponse struct {
	// Candidates are the actions the ruleset suggests for the seat's
	// pending decision, in the form POST .../actions takes; empty when the
	// decision is not the seat's. They are the agents' menu, not every
	// legal action: moves and set-up spots are a sample of the table.
	Candidates []json.RawMessage `json:"candidates"`
	position
}

// getCandidates lists the ruleset's candidate actions for the seat's
// pending decision. The rules build them from what the deciding side may
// know (the agents choose among them), so they show nothing hidden.
func (s *Server) getCandidates(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	lg, acc, e := s.open(r, "")
	if e != nil {
		return nil, e
	}
	defer lg.mu.Unlock()
	if acc.role != roleSeat {
		return nil, errf(http.StatusForbidden, codeForbidden, "spectators have no decisions to make")
	}
	p := positionOf(lg, acc)
	out := candidatesResponse{Candidates: []json.RawMessage{}, position: p}
	if p.Result.Over || p.Pending.Side != acc.side {
		return out, nil
	}
	for _, a := range lg.g.State().Candidates(nil) {
		raw, err := engine.EncodeAction(a)
		if err != nil {
			return nil, errf(http.StatusInternalServerError, codeInternal, "encoding a candidate: "+err.Error())
		}
		out.Candidates = append(out.Candidates, raw)
	}
	return out, nil
}

// maxAIIterations bounds an mcts:N opponent's iterations per decision:
// about a second of search on this project's two-core machine.
const maxAIIterations = 20000

// checkOpponent refuses an agent the AI seat cannot play, or one that
// would search longer than the server gives a decision (Config.AIBudget),
// as the server has one AI worker a core. (A search that runs past it
// all the same, as N iterations may on a slow or busy machine, is cut
// short there.)
func (s *Server) checkOpponent(name string) error {
	if _, err := agent.New(name, 0); err != nil {
		return err
	}
	if rest, ok := strings.CutPrefix(name, "mcts:"); ok {
		cfg, _ := agent.ParseMCTSBudget(rest)
		switch {
		case cfg.Budget > s.cfg.AIBudget:
			return fmt.Errorf("the server gives an AI at most %v a decision (mcts:%v)", s.cfg.AIBudget, s.cfg.AIBudget)
		case cfg.Budget == 0 && cfg.Iterations > maxAIIterations:
			return fmt.Errorf("the server gives an AI at most %d iterations a decision (mcts:%d)", maxAIIterations, maxAIIterations)
		}
	}
	return nil
}

// seatAgent returns the agent of an AI seat, varying its set-up where it
// can (agent.Scripted.VarySetUp). A game saved before the
// server bounded searches may name a longer one; it searches within the
// bounds. One saved by a build with an agent this one lacks is played on
// by the doctrine (scripted), which every ruleset has, rather than left
// waiting for a move that never comes.
func (s *Server) seatAgent(game, name string, seed uint64) (agent.Agent, error) {
	if err := s.checkOpponent(name); err != nil && strings.HasPrefix(name, "mcts:") {
		bounded := fmt.Sprintf("mcts:%v", s.cfg.AIBudget)
		s.log.Warn("AI seat's search bounded", "game", game, "agent", name, "as", bounded, "why", err.Error())
		name = bounded
	}
	ag, err := agent.New(name, seed)
	if err != nil {
		s.log.Warn("AI seat's agent unknown to this build; the doctrine plays it", "game", game, "agent", name, "as", "scripted", "why", err.Error())
		ag, err = agent.New("scripted", seed)
	}
	if v, ok := ag.(interface{ VarySetUp() }); ok {
		// A human facing the doctrine must not meet the same hidden
		// set-up every game.
		v.VarySetUp()
	}
	return ag, err
}

// actionRequest is the body of POST /api/games/{id}/actions.
type actionRequest struct {
	Token string `json:"token,omitempty"`
	// After is the number of the last event the client has seen.
	After *int `json:"after"`
	// N is the number of actions the client has seen (position.n): an
	// action may emit no event, so After alone cannot tell a retry from
	// a new move.
	N      *int            `json:"n"`
	Action json.RawMessage `json:"action"`
}

// actionResponse answers an applied action: the events the actor may
// see and its new position.
type actionResponse struct {
	Events []engine.Event `json:"events"`
	position
}

func (s *Server) postAction(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	start := time.Now()
	v, e := s.postActionInner(r)
	if e != nil {
		s.metrics.rejected.WithLabelValues(e.Code).Inc()
		return nil, e
	}
	s.metrics.latency.Observe(time.Since(start).Seconds())
	return v, nil
}

// seatAction checks that the requester is the seat whose decision is
// pending in a game still going on, and, when n and after are given, that
// it has seen the game's latest position; it returns that position and
// the action decoded.
func seatAction(lg *liveGame, acc access, raw json.RawMessage, n, after *int) (position, engine.Action, *apiError) {
	if acc.role != roleSeat {
		return position{}, nil, errf(http.StatusForbidden, codeForbidden, "spectators cannot act")
	}
	p := positionOf(lg, acc)
	switch {
	case p.Result.Over:
		return p, nil, errf(http.StatusConflict, codeGameOver, "the game is over")
	case n != nil && (*n != p.N || *after != p.LastEvent):
		return p, nil, errf(http.StatusConflict, codeStale, fmt.Sprintf("stale or repeated action: the game is at action %d, event %d; you sent n=%d after=%d", p.N, p.LastEvent, *n, *after))
	case p.Pending.Side != acc.side:
		return p, nil, errf(http.StatusConflict, codeNotYourTurn, fmt.Sprintf("the pending decision (%s) is not yours", p.Pending.Kind))
	}
	a, err := lg.g.Rules().DecodeAction(raw)
	if err != nil {
		return p, nil, errf(http.StatusBadRequest, codeBadRequest, err.Error()) // the codec says what and which ruleset
	}
	return p, a, nil
}

func (s *Server) postActionInner(r *http.Request) (any, *apiError) {
	var req actionRequest
	if e := decodeBody(r, &req); e != nil {
		return nil, e
	}
	if req.After == nil || req.N == nil || len(req.Action) == 0 {
		return nil, errf(http.StatusBadRequest, codeBadRequest, `an action needs "after" (last event seen), "n" (actions seen) and "action"`)
	}
	lg, acc, e := s.open(r, req.Token)
	if e != nil {
		return nil, e
	}
	defer lg.mu.Unlock()
	p, a, e := seatAction(lg, acc, req.Action, req.N, req.After)
	if e != nil {
		return nil, e
	}
	if e := s.commit(r.Context(), lg, acc.side, a, "human"); e != nil {
		return nil, e
	}
	return actionResponse{Events: lg.eventsFor(acc, p.LastEvent), position: positionOf(lg, acc)}, nil
}

// checkRequest is the body of POST /api/games/{id}/check: an action to
// judge without taking it.
type checkRequest struct {
	Token  string          `json:"token,omitempty"`
	Action json.RawMessage `json:"action"`
}

// checkResponse says whether the rules would take the action now, why
// not, and what it would come to where the ruleset can tell (Previewer).
type checkResponse struct {
	Legal   bool   `json:"legal"`
	Error   string `json:"error,omitempty"`
	Preview any    `json:"preview,omitempty"`
	N       int    `json:"n"`
}

// Previewer is a state that can tell what a proposed action would come
// to without taking it (Pagano: a move's exact cost and reach).
type Previewer interface {
	Preview(a engine.Action) any
}

// postCheck answers POST /api/games/{id}/check: whether the seat's
// action would be taken in the current position, the rules' reason if
// not, and its preview. Nothing changes; the answer tells no more than
// posting the action would.
func (s *Server) postCheck(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	var req checkRequest
	if e := decodeBody(r, &req); e != nil {
		return nil, e
	}
	if len(req.Action) == 0 {
		return nil, errf(http.StatusBadRequest, codeBadRequest, `a check needs "action"`)
	}
	lg, acc, e := s.open(r, req.Token)
	if e != nil {
		return nil, e
	}
	defer lg.mu.Unlock()
	p, a, e := seatAction(lg, acc, req.Action, nil, nil)
	if e != nil {
		return nil, e
	}
	st := lg.g.State()
	resp := checkResponse{Legal: true, N: p.N}
	if err := st.Validate(a); err != nil {
		resp.Legal, resp.Error = false, err.Error()
	}
	if pv, ok := st.(Previewer); ok {
		resp.Preview = pv.Preview(a)
	}
	return resp, nil
}

func (s *Server) getEvents(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	after, e := intParam(r, "after")
	if e != nil {
		return nil, e
	}
	lg, acc, e := s.open(r, "")
	if e != nil {
		return nil, e
	}
	defer lg.mu.Unlock()
	return actionResponse{Events: lg.eventsFor(acc, after), position: positionOf(lg, acc)}, nil
}

func intParam(r *http.Request, name string) (int, *apiError) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, errf(http.StatusBadRequest, codeBadRequest, name+" must be a number of 0 or more")
	}
	return n, nil
}

// oddsResponse answers GET /api/games/{id}/odds: the fields of `sandtable
// odds --json` for a shot in the current state.
type oddsResponse struct {
	Firer  string `json:"firer"`
	Target string `json:"target"`
	Band   string `json:"band,omitempty"`
	odds.Result
}

// shotDicer is a state that can price a proposed shot (Armour Battles).
type shotDicer interface {
	ShotDice(firer, target string) (ab.ShotDice, int, error)
}

// shotReporter is a state that gives the whole report of a proposed shot
// (Pagano: the fields of `sandtable odds --rules pagano --json`).
type shotReporter interface {
	ShotReport(firer, target string) (pagano.Report, error)
}

func (s *Server) getOdds(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	if e := onlyParams(r, "firer", "target", "token"); e != nil {
		return nil, errf(e.Status, e.Code, e.Msg+"; a game's odds take the range, cover and the rest from the game (the table-side /api/odds takes them as parameters)")
	}
	q := r.URL.Query()
	firer, target := q.Get("firer"), q.Get("target")
	if firer == "" || target == "" {
		return nil, errf(http.StatusBadRequest, codeBadRequest, "odds need firer and target unit ids")
	}
	if firer == target {
		return nil, errf(http.StatusUnprocessableEntity, codeNoShot, "a unit cannot fire at itself")
	}
	lg, acc, e := s.open(r, "")
	if e != nil {
		return nil, e
	}
	defer lg.mu.Unlock()
	st := lg.g.State()
	// Units the requester cannot see get the same answer as unknown ones.
	for _, u := range []struct{ id, role string }{{firer, "firer"}, {target, "target"}} {
		if !unitsVisible(st, len(lg.row.Seats), acc, u.id) {
			return nil, errf(http.StatusNotFound, codeNotFound, fmt.Sprintf("no unit %q (the %s) on the table in your view", u.id, u.role))
		}
	}
	if pr, ok := st.(shotReporter); ok {
		rep, err := pr.ShotReport(firer, target)
		if err != nil {
			return nil, errf(http.StatusUnprocessableEntity, codeNoShot, err.Error())
		}
		return rep, nil
	}
	sd, ok := st.(shotDicer)
	if !ok {
		return nil, errf(http.StatusNotFound, codeNotFound, "no odds for rules "+lg.row.Rules)
	}
	d, dp, err := sd.ShotDice(firer, target)
	if err != nil {
		return nil, errf(http.StatusUnprocessableEntity, codeNoShot, err.Error())
	}
	if dp < 0 || dp >= odds.DisperseAt {
		return nil, errf(http.StatusUnprocessableEntity, codeNoShot, "the target is dispersed")
	}
	return oddsResponse{Firer: firer, Target: target, Band: d.Band, Result: odds.Compute(d, dp)}, nil
}

// getLog answers the game's log as the requester may see it: its events
// while the game goes on (or with ?format=events), and once it is over
// the full JSONL action log, the save-game format of `sandtable replay`.
func (s *Server) getLog(w http.ResponseWriter, r *http.Request) {
	switch f := r.URL.Query().Get("format"); f {
	case "", "events", "jsonl":
	default:
		writeError(w, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("format %q: want events, or jsonl (the action log, once the game is over)", f)))
		return
	}
	lg, acc, e := s.open(r, "")
	if e != nil && (e.Code == codeNoScenario || e.Code == codeRulesChanged) && r.URL.Query().Get("format") != "events" {
		// The game cannot be played here, but a finished one's log is
		// still its players': handed out as stored, for a build or a
		// scenario file that replays it.
		e = s.writeStoredLog(w, r, e)
	}
	if e != nil {
		writeError(w, e)
		return
	}
	if lg == nil {
		return
	}
	defer lg.mu.Unlock()
	over := lg.g.State().Result().Over
	if !over && r.URL.Query().Get("format") == "jsonl" {
		writeError(w, errf(http.StatusConflict, codeNotOver, "the action log (format=jsonl) comes once the game is over; until then ask for its events (format=events)"))
		return
	}
	if !over || r.URL.Query().Get("format") == "events" {
		evs := lg.eventsFor(acc, 0)
		p := positionOf(lg, acc)
		if over {
			// The fog lifts once the game is over: every event of both
			// sides, hidden moves too, as the action log (format=jsonl)
			// tells anyone who replays it. They are numbered among all
			// the game's events, and last_event counts them all.
			evs = lg.allEvents()
			p.LastEvent = len(evs)
		}
		writeJSON(w, http.StatusOK, actionResponse{Events: evs, position: p})
		return
	}
	var buf bytes.Buffer
	if err := lg.g.WriteLog(&buf); err != nil {
		writeError(w, errf(http.StatusInternalServerError, codeInternal, "writing the log failed"))
		return
	}
	writeLogFile(w, lg.id, buf.Bytes())
}

func writeLogFile(w http.ResponseWriter, id string, log []byte) {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", `attachment; filename="`+id+`.jsonl"`)
	w.Write(log)
}

// writeStoredLog answers GET .../log for a game that cannot be loaded
// (why): a finished game's log is written from the store's records, to a
// token of the game; an unfinished one's would show what its holder may
// not see, so that answer stays why, with a word on when the log comes.
// It returns nil once it has written the log.
func (s *Server) writeStoredLog(w http.ResponseWriter, r *http.Request, why *apiError) *apiError {
	id := r.PathValue("id")
	row, err := s.cfg.Store.Game(r.Context(), id)
	if err != nil {
		return why
	}
	if _, e := authorize(row, requestToken(r, "")); e != nil {
		return e
	}
	if row.Status != store.StatusOver {
		return errf(why.Status, why.Code, why.Msg+"; its log can be downloaded here once the game is over")
	}
	recs, err := s.cfg.Store.Actions(r.Context(), id, 0)
	if err != nil {
		return s.storeError(err)
	}
	lg, err := storedLog(row, recs)
	if err != nil {
		return s.storeError(err)
	}
	var buf bytes.Buffer
	if err := lg.Write(&buf); err != nil {
		return errf(http.StatusInternalServerError, codeInternal, "writing the log failed")
	}
	writeLogFile(w, id, buf.Bytes())
	return nil
}
