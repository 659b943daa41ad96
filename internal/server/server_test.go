package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

// waitFor polls cond until it holds or ten seconds pass.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestPlayAgainstAIToTheEndAndReplayTheLog(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "blue", "opponent": "random", "seed": 5})
	if c.Side != 1 || c.JoinURL != "" {
		t.Fatalf("created %+v; want side 1 (blue) and no join link against an agent", c)
	}
	e.playOut(c, 2)
	r := e.do("GET", "/api/games/"+c.GameID+"/log", c.SeatToken, nil)
	if r.status != 200 || !strings.HasPrefix(string(r.body), `{"format":"sandtable-log/1"`) {
		t.Fatalf("log of a finished game: %d %.200s", r.status, r.body)
	}
	lg, err := engine.ReadLog(strings.NewReader(string(r.body)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(lg, func(string, string) (*scenario.Scenario, error) { return secretScenario, nil })
	if err != nil || len(g.Records()) != secretMoves || !g.State().Result().Over {
		t.Fatalf("replaying the served log: %v (%d records)", err, len(lg.Records))
	}
	row, _ := e.store.Game(context.Background(), c.GameID)
	if row.Status != store.StatusOver || row.Actions != secretMoves {
		t.Errorf("stored game: status %q, %d actions; want over, %d", row.Status, row.Actions, secretMoves)
	}
	for _, s := range row.Seats {
		if s.TokenHash != "" && s.TokenHash == c.SeatToken {
			t.Error("the store holds a token, not its hash")
		}
	}
}

func TestStaleAndRepeatedActionsAreRefused(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "human", "seed": 1})
	red, blue := c.SeatToken, c.JoinToken
	st := e.state(c.GameID, red)
	if r := e.act(c.GameID, red, st, `{"kind":"move","value":1}`); r.status != 200 {
		t.Fatalf("first move: %d %s", r.status, r.body)
	}
	if r := e.act(c.GameID, red, st, `{"kind":"move","value":1}`); r.status != 409 {
		t.Errorf("the same request again: %d %s; want 409", r.status, r.body)
	}
	bst := e.state(c.GameID, blue)
	// A wait emits no event: only n tells its retry from a new action.
	if r := e.act(c.GameID, blue, bst, `{"kind":"wait"}`); r.status != 200 {
		t.Fatalf("wait: %d %s", r.status, r.body)
	}
	if r := e.act(c.GameID, blue, bst, `{"kind":"move","value":3}`); r.status != 409 || r.errCode() != "stale" {
		t.Errorf("an action from before the wait: %d %s; want 409 stale", r.status, r.body)
	}
	for _, tc := range []struct {
		name, body string
		status     int
		code       string
	}{
		{"red out of turn", "", 409, "not_your_turn"},
		{"illegal move", `{"kind":"move","value":9}`, 422, "illegal_action"},
		{"unknown kind", `{"kind":"fly"}`, 400, "bad_request"},
	} {
		tok := blue
		body := tc.body
		if body == "" {
			tok, body = red, `{"kind":"move","value":1}`
		}
		st := e.state(c.GameID, tok)
		if r := e.act(c.GameID, tok, st, body); r.status != tc.status || r.errCode() != tc.code {
			t.Errorf("%s: %d %s; want %d %s", tc.name, r.status, r.body, tc.status, tc.code)
		}
	}
	r := e.do("POST", "/api/games/"+c.GameID+"/actions", blue, map[string]any{"action": json.RawMessage(`{"kind":"move","value":1}`)})
	if r.status != 400 {
		t.Errorf("an action without after and n: %d %s; want 400", r.status, r.body)
	}
	acts, _ := e.store.Actions(context.Background(), c.GameID, 0)
	if len(acts) != 2 {
		t.Errorf("%d actions stored, want 2 (move, wait)", len(acts))
	}
}

// dialWS opens the event stream of a game.
func dialWS(t *testing.T, e *env, id, token string, after int) (*websocket.Conn, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := strings.Replace(e.url, "http://", "ws://", 1) + fmt.Sprintf("/api/games/%s/ws?after=%d", id, after)
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
}

type wsMsg struct {
	Type      string         `json:"type"`
	Role      string         `json:"role"`
	Events    []engine.Event `json:"events"`
	N         int            `json:"n"`
	LastEvent int            `json:"last_event"`
	Code      string         `json:"code"`
}

func readWS(t *testing.T, c *websocket.Conn) (wsMsg, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatalf("reading the stream: %v", err)
	}
	var m wsMsg
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m, b
}

// collect reads the stream until it has seen event number upTo or more
// (or position n), returning the events.
func collect(t *testing.T, c *websocket.Conn, n int) []engine.Event {
	t.Helper()
	var evs []engine.Event
	for {
		m, b := readWS(t, c)
		if m.Type != "events" && m.Type != "hello" {
			t.Fatalf("unexpected message %s", b)
		}
		evs = append(evs, m.Events...)
		if m.N >= n {
			return evs
		}
	}
}

func TestWebSocketResumesWithoutGapOrDuplicate(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "human", "seed": 2})
	toks := []string{c.SeatToken, c.JoinToken}
	play := func(k int) {
		for range k {
			st := e.state(c.GameID, toks[0])
			tok := toks[st.Pending.Side]
			st = e.state(c.GameID, tok)
			if r := e.act(c.GameID, tok, st, `{"kind":"move","value":1}`); r.status != 200 {
				t.Fatalf("move: %d %s", r.status, r.body)
			}
		}
	}
	ws, _, err := dialWS(t, e, c.GameID, c.JoinToken, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m, b := readWS(t, ws); m.Type != "hello" || m.Role != "seat" || len(m.Events) != 0 {
		t.Fatalf("first message %s; want an empty hello to a seat", b)
	}
	play(3)
	got := collect(t, ws, 3)
	ws.Close(websocket.StatusNormalClosure, "")
	last := got[len(got)-1].Seq
	play(4) // while the client is away
	ws, _, err = dialWS(t, e, c.GameID, c.JoinToken, last)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	got = append(got, collect(t, ws, 7)...)
	play(2)
	got = append(got, collect(t, ws, 9)...)

	var want []engine.Event
	e.do("GET", "/api/games/"+c.GameID+"/events", c.JoinToken, nil).decode(t, &struct {
		Events *[]engine.Event `json:"events"`
	}{&want})
	if len(got) != len(want) {
		t.Fatalf("stream gave %d events, the events endpoint %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Seq != want[i].Seq || got[i].Text != want[i].Text {
			t.Errorf("event %d: stream %+v, endpoint %+v", i, got[i], want[i])
		}
		if got[i].To == 0 {
			t.Errorf("blue's stream carries red's private event %+v", got[i])
		}
	}

	// Pings are answered; anything else is an error message, and an
	// oversized message closes the stream.
	ctx := context.Background()
	ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`))
	if m, b := readWS(t, ws); m.Type != "pong" {
		t.Errorf("answer to a ping: %s", b)
	}
	ws.Write(ctx, websocket.MessageText, []byte(`{"type":"action","action":{"kind":"move"}}`))
	if m, b := readWS(t, ws); m.Type != "error" {
		t.Errorf("answer to an action over the socket: %s; want an error", b)
	}
	ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","pad":"`+strings.Repeat("x", 8<<10)+`"}`))
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, _, err := ws.Read(rctx); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Errorf("after an 8 KiB message: %v; want the stream closed with StatusMessageTooBig", err)
	}
}

func TestSpectatorSeesPublicEventsAndNoSecrets(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "random", "seed": 3})
	for range 3 {
		var st state
		waitFor(t, "red's turn", func() bool { st = e.state(c.GameID, c.SeatToken); return st.Pending.Side == 0 })
		e.act(c.GameID, c.SeatToken, st, `{"kind":"move","value":3}`)
	}
	st := e.state(c.GameID, c.SpectatorToken)
	if st.Role != "spectator" || st.Side != nil {
		t.Errorf("spectator state: role %q side %v", st.Role, st.Side)
	}
	var view map[string]any
	json.Unmarshal(st.View, &view)
	if view["moves"] == nil || view["score"] == nil || view["secret"] != nil || view["me"] != nil {
		t.Errorf("spectator view %s; want moves and score, no secret and no side", st.View)
	}
	r := e.do("GET", "/api/games/"+c.GameID+"/events", c.SpectatorToken, nil)
	mustContainNone(t, "the spectator's events", r.body, "SECRET")
	if !strings.Contains(string(r.body), "red moves 3") {
		t.Errorf("spectator events miss the public moves: %s", r.body)
	}
}

func TestHealthzMetricsAndPage(t *testing.T) {
	e := newEnv(t, server.Config{})
	if r := e.do("GET", "/healthz", "", nil); r.status != 200 || string(r.body) != "ok" {
		t.Errorf("/healthz: %d %q", r.status, r.body)
	}
	c := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "human", "seed": 3})
	e.act(c.GameID, c.SeatToken, e.state(c.GameID, c.SeatToken), `{"kind":"move","value":3}`)
	r := e.do("GET", "/metrics", "", nil)
	for _, name := range []string{"sandtable_games_live 1", `sandtable_actions_applied_total{source="human"} 1`, "sandtable_action_latency_seconds_bucket",
		"sandtable_websocket_clients 0", "sandtable_ai_decision_seconds_count", "sandtable_ai_decisions_leased_elsewhere_total 0"} {
		if !strings.Contains(string(r.body), name) {
			t.Errorf("/metrics lacks %q", name)
		}
	}
	for _, p := range []string{"/", "/games/" + c.GameID} {
		if r := e.do("GET", p, "", nil); r.status != 200 || !strings.Contains(string(r.body), "<title>Sandtable</title>") {
			t.Errorf("GET %s: %d, want the browser UI's page", p, r.status)
		}
	}
	if r := e.do("GET", "/api/nope", "", nil); r.status != 404 || r.errCode() != "not_found" {
		t.Errorf("GET /api/nope: %d %s", r.status, r.body)
	}
	// An endpoint asked with a method it does not take is 405, saying
	// which it takes.
	for _, tc := range []struct{ method, path, takes string }{
		{"DELETE", "/api/games/" + c.GameID, "it takes GET"},
		{"PUT", "/api/games", "it takes GET or POST"},
		{"GET", "/api/games/" + c.GameID + "/actions", "it takes POST"},
	} {
		if r := e.do(tc.method, tc.path, "", nil); r.status != http.StatusMethodNotAllowed || r.errCode() != "method_not_allowed" || !strings.Contains(string(r.body), tc.takes) {
			t.Errorf("%s %s: %d %s; want 405 method_not_allowed, %s", tc.method, tc.path, r.status, r.body, tc.takes)
		}
	}
	if r := e.do("GET", "/api/games/"+c.GameID+"/log?format=xml", c.SeatToken, nil); r.status != 400 || !strings.Contains(string(r.body), `format \"xml\"`) {
		t.Errorf("GET log?format=xml: %d %s; want 400 naming the format", r.status, r.body)
	}
	var sc struct {
		Scenarios []struct {
			ID       string `json:"id"`
			Briefing string `json:"briefing"`
		} `json:"scenarios"`
	}
	e.do("GET", "/api/scenarios", "", nil).decode(t, &sc)
	if len(sc.Scenarios) < 2 || sc.Scenarios[0].Briefing == "" {
		t.Errorf("scenarios: %+v", sc.Scenarios)
	}
	var units struct {
		Units []map[string]any `json:"units"`
	}
	e.do("GET", "/api/units?rules=armour-battles", "", nil).decode(t, &units)
	if len(units.Units) == 0 {
		t.Error("no Armour Battles units listed")
	}
	if r := e.do("GET", "/api/units?rules=chess", "", nil); r.status != 404 {
		t.Errorf("units of unknown rules: %d", r.status)
	}
}

// TestOpponentsOnOffer: the lobby's list offers the strongest search, and
// names for each scenario the strongest opponent for its rules (the
// search under Armour Battles, the doctrine under Pagano's); a game may
// be made against any agent the AI seat can play, mcts:N and
// mcts:DURATION included; an unknown or empty-budget one gets a 400 that
// says what is wrong.
func TestOpponentsOnOffer(t *testing.T) {
	e := newEnv(t, server.Config{})
	var list struct {
		Opponents []string `json:"opponents"`
		Scenarios []struct {
			ID, Rules, Strongest string
		} `json:"scenarios"`
	}
	e.do("GET", "/api/scenarios", "", nil).decode(t, &list)
	for _, want := range []string{"human", "random", "scripted", "mcts", "mcts:1s"} {
		if !slices.Contains(list.Opponents, want) {
			t.Errorf("opponents on offer %v lack %q", list.Opponents, want)
		}
	}
	strongest := map[string]string{"armour-battles": "mcts:1s", "pagano": "scripted"}
	seen := map[string]bool{}
	for _, sc := range list.Scenarios {
		if want, ok := strongest[sc.Rules]; ok && sc.Strongest != want {
			t.Errorf("%s (%s): strongest opponent %q, want %q", sc.ID, sc.Rules, sc.Strongest, want)
		}
		if !slices.Contains(list.Opponents, sc.Strongest) {
			t.Errorf("%s: strongest opponent %q is not on offer %v", sc.ID, sc.Strongest, list.Opponents)
		}
		seen[sc.Rules] = true
	}
	if !seen["armour-battles"] || !seen["pagano"] {
		t.Errorf("the list has scenarios of %v, want both rulesets'", seen)
	}
	for _, opp := range []string{"mcts:8", "mcts:1s"} {
		// Side 0 decides first in the test scenario: the AI seat waits.
		if c := e.create(map[string]any{"scenario": secretScenario.ID, "side": 0, "opponent": opp, "seed": 3}); c.GameID == "" {
			t.Errorf("no game against %s", opp)
		}
	}
	for _, c := range []struct{ opp, want string }{
		{"genius", `opponent "genius": unknown agent "genius" (have mcts, random, scripted`},
		{"mcts:0", "positive number of iterations"},
		{"mcts:-1s", "positive duration"},
		// A search cannot be cut short: one of hours would hold an AI
		// worker, and so every AI game on the server, for hours.
		{"mcts:99h", "the server gives an AI at most 5s a decision (mcts:5s)"},
		{"mcts:5000000", "at most 20000 iterations a decision"},
	} {
		r := e.do("POST", "/api/games", "", map[string]any{"scenario": secretScenario.ID, "opponent": c.opp})
		var body struct {
			Error string `json:"error"`
		}
		json.Unmarshal(r.body, &body)
		if r.status != http.StatusBadRequest || r.errCode() != "bad_request" || !strings.Contains(body.Error, c.want) || strings.Contains(body.Error, "agent: ") {
			t.Errorf("opponent %q: %d %s; want 400 saying %q (and no package name)", c.opp, r.status, r.body, c.want)
		}
	}
}

// TestDrawnSeedStaysSecret: whoever knows a game's seed can foretell every
// die, so a seed the server drew is not told to the players while the game
// goes on; a seed the creator chose is echoed back.
func TestDrawnSeedStaysSecret(t *testing.T) {
	e := newEnv(t, server.Config{})
	for _, c := range []struct {
		body map[string]any
		seed string
	}{
		{map[string]any{"scenario": secretScenario.ID, "opponent": "human"}, ""},
		{map[string]any{"scenario": secretScenario.ID, "opponent": "human", "seed": 42}, "42"},
	} {
		r := e.do("POST", "/api/games", "", c.body)
		var got map[string]json.RawMessage
		r.decode(t, &got)
		if r.status != http.StatusCreated || string(got["seed"]) != c.seed {
			t.Errorf("POST /api/games %v: %d, seed %s; want 201 and seed %q", c.body, r.status, got["seed"], c.seed)
		}
		var id, tok string
		json.Unmarshal(got["game_id"], &id)
		json.Unmarshal(got["seat_token"], &tok)
		for _, path := range []string{"/api/games/" + id, "/api/games/" + id + "/log"} {
			if v := e.do("GET", path, tok, nil); v.status != http.StatusOK || c.seed == "" && strings.Contains(string(v.body), `"seed"`) {
				t.Errorf("GET %s during the game: %d %.200s; want no seed", path, v.status, v.body)
			}
		}
	}
}

// TestBodyErrorsSpeakJSON: a client that sends the wrong JSON learns which
// field wanted what, in JSON's words, not Go's.
func TestBodyErrorsSpeakJSON(t *testing.T) {
	e := newEnv(t, server.Config{})
	for _, c := range []struct {
		name string
		body any
		want string
	}{
		{"number for a string", json.RawMessage(`{"scenario": 5}`), `bad JSON body: field "scenario" wants a string, got a JSON number (at byte`},
		{"negative seed", json.RawMessage(`{"scenario": "x", "seed": -1}`), `field "seed" wants a whole number not below 0, got a JSON number -1`},
		{"array body", json.RawMessage(`[1, 2]`), `the value wants an object, got a JSON array`},
		{"empty body", nil, "the body is empty; send a JSON object"},
		// encoding/json alone would take these as {"scenario": "y"}.
		{"a key in other case", json.RawMessage(`{"Scenario": "armour-battles/battle-1"}`), `unknown field "Scenario" (the fields, named exactly: scenario, side, opponent, seed)`},
		{"a key twice", json.RawMessage(`{"scenario": "x", "scenario": "armour-battles/battle-1"}`), `the key "scenario" is given twice`},
		{"unknown field", json.RawMessage(`{"scenario": "armour-battles/battle-1", "sides": 1}`), `unknown field "sides"`},
	} {
		r := e.do("POST", "/api/games", "", c.body)
		var body struct {
			Error string `json:"error"`
		}
		json.Unmarshal(r.body, &body)
		if r.status != http.StatusBadRequest || r.errCode() != "bad_request" || !strings.Contains(body.Error, c.want) {
			t.Errorf("%s: %d %s; want 400 saying %q", c.name, r.status, r.body, c.want)
		}
		if strings.Contains(body.Error, "Go ") || strings.Contains(body.Error, "json: ") {
			t.Errorf("%s: error %q shows Go's own words", c.name, body.Error)
		}
	}
}

// TestCandidates: a seat asks the rules for its pending decision's
// suggested actions and can send any of them back as they are; the other
// seat gets none, and spectators are refused.
func TestCandidates(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": "armour-battles/battle-1", "side": 0, "opponent": "human", "seed": 5})
	kinds := map[string]bool{}
	for step := 0; step < 40; step++ {
		gs := e.state(c.GameID, c.SeatToken)
		mine, theirs := c.SeatToken, c.JoinToken
		if gs.Pending.Side == 1 {
			mine, theirs = theirs, mine
		}
		var got struct {
			Candidates []json.RawMessage `json:"candidates"`
			N          int               `json:"n"`
			LastEvent  int               `json:"last_event"`
		}
		r := e.do("GET", "/api/games/"+c.GameID+"/candidates", mine, nil)
		r.decode(t, &got)
		if r.status != 200 || len(got.Candidates) == 0 || got.N != e.state(c.GameID, mine).N {
			t.Fatalf("step %d: candidates for the deciding seat: %d %s", step, r.status, r.body)
		}
		var none struct {
			Candidates []json.RawMessage `json:"candidates"`
		}
		r = e.do("GET", "/api/games/"+c.GameID+"/candidates", theirs, nil)
		r.decode(t, &none)
		if r.status != 200 || none.Candidates == nil || len(none.Candidates) != 0 {
			t.Fatalf("step %d: candidates for the waiting seat: %d %s; want an empty list", step, r.status, r.body)
		}
		// Send the last suggestion, as it came.
		st := e.state(c.GameID, mine)
		if r := e.act(c.GameID, mine, st, string(got.Candidates[len(got.Candidates)-1])); r.status != 200 {
			t.Fatalf("step %d: sending the candidate %s: %d %s", step, got.Candidates[len(got.Candidates)-1], r.status, r.body)
		}
		kinds[gs.Pending.Kind] = true
	}
	if r := e.do("GET", "/api/games/"+c.GameID+"/candidates", c.SpectatorToken, nil); r.status != http.StatusForbidden {
		t.Errorf("candidates for a spectator: %d %s; want 403", r.status, r.body)
	}
	// The 40 steps go past set-up into the battle.
	for _, k := range []string{"deploy", "order"} {
		if !kinds[k] {
			t.Errorf("no %q decision in 40 steps (saw %v)", k, kinds)
		}
	}
}

// TestMetricsLocalOnly: on the players' listener /metrics answers only a
// client on the server's machine, not one elsewhere nor one a proxy
// forwards, since its counters move with hidden actions too.
func TestMetricsLocalOnly(t *testing.T) {
	e := newEnv(t, server.Config{})
	h := e.srv.Handler()
	for _, tt := range []struct {
		remote string
		header string
		want   int
	}{
		{"127.0.0.1:5000", "", http.StatusOK},
		{"[::1]:5000", "", http.StatusOK},
		{"203.0.113.7:5000", "", http.StatusForbidden},
		{"[2001:db8::1]:5000", "", http.StatusForbidden},
		{"127.0.0.1:5000", "X-Forwarded-For", http.StatusForbidden},
		{"127.0.0.1:5000", "Forwarded", http.StatusForbidden},
	} {
		r := httptest.NewRequest("GET", "/metrics", nil)
		r.RemoteAddr = tt.remote
		if tt.header != "" {
			r.Header.Set(tt.header, "for=198.51.100.2")
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tt.want {
			t.Errorf("/metrics from %s (%s) = %d, want %d: %s", tt.remote, tt.header, w.Code, tt.want, w.Body)
		}
		if w.Code == http.StatusOK && !strings.Contains(w.Body.String(), "sandtable_games_live") {
			t.Errorf("/metrics from %s lacks its series", tt.remote)
		}
		if w.Code == http.StatusForbidden && !strings.Contains(w.Body.String(), "--metrics-addr") {
			t.Errorf("/metrics refused from %s without saying what to do: %s", tt.remote, w.Body)
		}
	}
}
