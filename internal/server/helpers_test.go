package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

// testCatalog is the embedded catalog plus secretScenario, longScenario
// and, by id only, preplacedID.
type testCatalog struct{ *scenario.Catalog }

func (c testCatalog) Scenarios() []*scenario.Scenario {
	return append(c.Catalog.Scenarios(), secretScenario, longScenario)
}

func (c testCatalog) Scenario(id string) (*scenario.Scenario, error) {
	if id == secretScenario.ID {
		return secretScenario, nil
	}
	if id == longScenario.ID {
		return longScenario, nil
	}
	if id == preplacedID {
		return preplacedScenario(c.Catalog)
	}
	return c.Catalog.Scenario(id)
}

func newCatalog(t testing.TB) testCatalog {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return testCatalog{cat}
}

// second starts another server over e's store, as after a restart, and
// returns an env that talks to it; the test's end stops it. With resume,
// it resumes the stored games first (Server.Resume).
func (e *env) second(resume bool) *env {
	e.t.Helper()
	srv, err := server.New(server.Config{Store: e.store, Catalog: newCatalog(e.t), RateLimit: -1})
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(srv.Close)
	if resume {
		if err := srv.Resume(context.Background()); err != nil {
			e.t.Fatal(err)
		}
	}
	hs := httptest.NewServer(srv.Handler())
	e.t.Cleanup(hs.Close)
	e2 := *e
	e2.srv, e2.url = srv, hs.URL
	return &e2
}

// env is a server under test on a loopback listener.
type env struct {
	t     testing.TB
	srv   *server.Server
	store store.Store
	http  *httptest.Server
	url   string
}

// newEnv starts a server over a fresh SQLite store; cfg's Store and
// Catalog are filled in.
func newEnv(t testing.TB, cfg server.Config, opts ...func(*http.Server)) *env {
	t.Helper()
	if cfg.Store == nil {
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
		if err != nil {
			t.Fatal(err)
		}
		cfg.Store = st
	}
	st := cfg.Store
	cfg.Catalog = newCatalog(t)
	if cfg.RateLimit == 0 {
		cfg.RateLimit = -1
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Config = srv.HTTPServer("")
	for _, o := range opts {
		o(hs.Config)
	}
	hs.Start()
	e := &env{t: t, srv: srv, store: st, http: hs, url: hs.URL}
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return e
}

// reply is an HTTP answer.
type reply struct {
	status int
	body   []byte
	header http.Header
}

func (r reply) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.body, err)
	}
}

// errCode returns the "code" of a JSON error body.
func (r reply) errCode() string {
	var e struct {
		Code  string `json:"code"`
		Error string `json:"error"`
	}
	if json.Unmarshal(r.body, &e) != nil || e.Error == "" {
		return ""
	}
	return e.Code
}

func (e *env) do(method, path, token string, body any) reply {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, e.url+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return reply{resp.StatusCode, b, resp.Header}
}

// created is the answer to POST /api/games.
type created struct {
	GameID         string `json:"game_id"`
	Side           int    `json:"side"`
	SeatToken      string `json:"seat_token"`
	JoinToken      string `json:"join_token"`
	JoinURL        string `json:"join_url"`
	SpectatorToken string `json:"spectator_token"`
	SpectatorURL   string `json:"spectator_url"`
}

func (e *env) create(body map[string]any) created {
	e.t.Helper()
	r := e.do("POST", "/api/games", "", body)
	if r.status != http.StatusCreated {
		e.t.Fatalf("POST /api/games %v: %d %s", body, r.status, r.body)
	}
	var c created
	r.decode(e.t, &c)
	return c
}

// state is the part of GET /api/games/{id} and action answers the tests
// read.
type state struct {
	Role      string          `json:"role"`
	Side      *int            `json:"side"`
	N         int             `json:"n"`
	LastEvent int             `json:"last_event"`
	Pending   engine.Decision `json:"pending"`
	Result    engine.Result   `json:"result"`
	Status    string          `json:"status"`
	Events    []engine.Event  `json:"events"`
	View      json.RawMessage `json:"view"`
}

func (e *env) state(id, token string) state {
	e.t.Helper()
	r := e.do("GET", "/api/games/"+id, token, nil)
	if r.status != 200 {
		e.t.Fatalf("GET game %s: %d %s", id, r.status, r.body)
	}
	var s state
	r.decode(e.t, &s)
	return s
}

// act submits an action from the position st and returns the answer.
func (e *env) act(id, token string, st state, action string) reply {
	e.t.Helper()
	return e.do("POST", "/api/games/"+id+"/actions", token, map[string]any{"after": st.LastEvent, "n": st.N, "action": json.RawMessage(action)})
}

func mustContainNone(t testing.TB, what string, body []byte, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(string(body), s) {
			t.Errorf("%s holds %q, which it must not see:\n%s", what, s, body)
		}
	}
}

// metric returns the value of an unlabelled series (or a histogram's
// _count) on the server's /metrics page; 0 when absent.
func (e *env) metric(name string) float64 {
	e.t.Helper()
	r := e.do("GET", "/metrics", "", nil)
	for line := range strings.Lines(string(r.body)) {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				e.t.Fatalf("/metrics: %s: %v", line, err)
			}
			return f
		}
	}
	return 0
}

// playOut plays blue's moves of value in a game of secretScenario against
// an agent until the game is over, and returns how many blue played.
func (e *env) playOut(c created, value int) int {
	e.t.Helper()
	for moves := 0; ; moves++ {
		var st state
		waitFor(e.t, "the AI to move", func() bool {
			st = e.state(c.GameID, c.SeatToken)
			return st.Result.Over || st.Pending.Side == 1
		})
		if st.Result.Over {
			return moves
		}
		if r := e.act(c.GameID, c.SeatToken, st, fmt.Sprintf(`{"kind":"move","value":%d}`, value)); r.status != 200 {
			e.t.Fatalf("move %d: %d %s", moves, r.status, r.body)
		}
	}
}
