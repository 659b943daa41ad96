package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/sim"
)

type balanceReply struct {
	ID       string       `json:"check_id"`
	Scenario string       `json:"scenario"`
	Agent    string       `json:"agent"`
	Games    int          `json:"games"`
	Seed     uint64       `json:"seed"`
	Status   string       `json:"status"`
	Done     int          `json:"done"`
	Error    string       `json:"error"`
	Command  string       `json:"command"`
	Summary  *sim.Summary `json:"summary"`
}

// waitBalance polls a check until it is no longer running.
func waitBalance(t *testing.T, e *env, id string) balanceReply {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		r := e.do("GET", "/api/balance/"+id, "", nil)
		var c balanceReply
		r.decode(t, &c)
		if r.status != 200 {
			t.Fatalf("GET /api/balance/%s: %d %s", id, r.status, r.body)
		}
		if c.Status != "running" || time.Now().After(deadline) {
			return c
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBalanceCheck runs a balance check through the API: 40 scripted
// games of Battle 1 with the sides swapped. Its summary is the one
// `sandtable simulate` gives for the same seed (on another worker
// count), a second check is refused while it runs, and its command
// repeats it on the command line.
func TestBalanceCheck(t *testing.T) {
	e := newEnv(t, server.Config{})
	r := e.do("POST", "/api/balance", "", map[string]any{"scenario": "armour-battles/battle-1", "games": 40, "seed": 5})
	var c balanceReply
	r.decode(t, &c)
	if r.status != http.StatusAccepted || c.ID == "" || c.Status != "running" || c.Games != 40 || c.Agent != "scripted" {
		t.Fatalf("POST /api/balance: %d %s", r.status, r.body)
	}
	if want := "sandtable simulate --scenario armour-battles/battle-1 --games 40 --agents scripted,scripted --swap --seed 5"; c.Command != want {
		t.Errorf("command %q, want %q", c.Command, want)
	}
	busy := e.do("POST", "/api/balance", "", map[string]any{"scenario": "armour-battles/battle-2"})
	if busy.status != http.StatusConflict || busy.errCode() != "busy" || !strings.Contains(string(busy.body), "another balance check is under way") {
		t.Errorf("a second check while one runs: %d %s; want 409 busy", busy.status, busy.body)
	}
	done := waitBalance(t, e, c.ID)
	if done.Status != "done" || done.Done != 40 || done.Summary == nil {
		t.Fatalf("the check: %+v", done)
	}

	sc, err := newCatalog(t).Scenario("armour-battles/battle-1")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sim.Run(context.Background(), sim.Config{Rules: ab.Rules{}, Scenario: sc, Games: 40, Agents: [2]string{"scripted", "scripted"}, Swap: true, Workers: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	want := rep.Summary()
	got := *done.Summary
	for _, s := range []*sim.Summary{&want, &got} { // the machine's time, not the games'
		s.Workers, s.Seconds, s.GamesPerSecond, s.DecisionMS = 0, 0, nil, nil
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the check's summary differs from simulate's (-simulate +check):\n%s", diff)
	}
	if got.Balance == nil || got.Wins["german"]+got.Wins["us"]+*got.Draws != 40 {
		t.Errorf("the summary: wins %v, draws %v, balance %+v", got.Wins, got.Draws, got.Balance)
	}

	// Once it is over, another may start.
	r = e.do("POST", "/api/balance", "", map[string]any{"scenario": "armour-battles/battle-1", "games": 2, "agent": "random"})
	r.decode(t, &c)
	if r.status != http.StatusAccepted || waitBalance(t, e, c.ID).Status != "done" {
		t.Errorf("a check after the first: %d %s", r.status, r.body)
	}
}

// TestBalanceCheckRefuses: each wrong request is a 400 saying what is
// wrong; an unknown check is a 404.
func TestBalanceCheckRefuses(t *testing.T) {
	e := newEnv(t, server.Config{})
	for _, tc := range []struct {
		body map[string]any
		says string
	}{
		{map[string]any{}, "scenario: missing"},
		{map[string]any{"scenario": "nope"}, `scenario: no scenario "nope" (choices: `},
		{map[string]any{"scenario": "armour-battles/battle-1", "games": 3}, "games: an even number from 2 to 1000"},
		{map[string]any{"scenario": "armour-battles/battle-1", "games": 0}, "games: an even number from 2 to 1000"},
		{map[string]any{"scenario": "armour-battles/battle-1", "games": 1002}, "games: an even number from 2 to 1000"},
		{map[string]any{"scenario": "armour-battles/battle-1", "agent": "mcts"}, `agent: "mcts": a check plays scripted or random on both sides`},
		{map[string]any{"scenario": "armour-battles/battle-1", "seed": uint64(1<<64 - 1)}, "seed: 200 games from seed 18446744073709551615 would need seeds past the largest"},
		{map[string]any{"scenario": "armour-battles/battle-1", "turns": 3}, `unknown field "turns"`},
	} {
		r := e.do("POST", "/api/balance", "", tc.body)
		var msg struct{ Error string }
		r.decode(t, &msg)
		if r.status != 400 || r.errCode() != "bad_request" || !strings.Contains(msg.Error, tc.says) {
			t.Errorf("POST /api/balance %v: %d %s; want 400 saying %q", tc.body, r.status, r.body, tc.says)
		}
	}
	if r := e.do("GET", "/api/balance/nope", "", nil); r.status != 404 || !strings.Contains(string(r.body), `no balance check \"nope\"`) {
		t.Errorf("an unknown check: %d %s", r.status, r.body)
	}
}

// TestBalanceCheckStopsWithTheServer: a check under way when the server
// closes ends as "stopped", and says why.
func TestBalanceCheckStopsWithTheServer(t *testing.T) {
	e := newEnv(t, server.Config{})
	r := e.do("POST", "/api/balance", "", map[string]any{"scenario": "armour-battles/battle-3", "games": 1000})
	var c balanceReply
	r.decode(t, &c)
	if r.status != http.StatusAccepted {
		t.Fatalf("POST /api/balance: %d %s", r.status, r.body)
	}
	e.srv.Close() // waits for the check to stop
	got := waitBalance(t, e, c.ID)
	if got.Status != "stopped" || !strings.Contains(got.Error, "the server shut down") || got.Done >= 1000 {
		t.Errorf("the check after the server closed: %+v", got)
	}
}

// TestBalanceCheckLimits: the server's bound on a check's games, checks
// turned off, a check asked of a server shutting down, and the command
// of a scenario from a file, which names the file but not its folder.
func TestBalanceCheckLimits(t *testing.T) {
	e := newEnv(t, server.Config{BalanceGames: 10})
	var list struct {
		BalanceGames int `json:"balance_games"`
	}
	e.do("GET", "/api/scenarios", "", nil).decode(t, &list)
	if list.BalanceGames != 10 {
		t.Errorf("/api/scenarios offers checks of %d games, want 10", list.BalanceGames)
	}
	r := e.do("POST", "/api/balance", "", map[string]any{"scenario": "armour-battles/battle-1", "games": 12})
	var msg struct{ Error string }
	if r.decode(t, &msg); r.status != 400 || !strings.Contains(msg.Error, "games: an even number from 2 to 10") {
		t.Errorf("12 games on a server that allows 10: %d %s", r.status, r.body)
	}
	// Asked for no number, a check plays the 200 it would, or as many as
	// the server allows if fewer.
	r = e.do("POST", "/api/balance", "", map[string]any{"scenario": "armour-battles/battle-1", "seed": 4})
	var small balanceReply
	if r.decode(t, &small); r.status != http.StatusAccepted || small.Games != 10 {
		t.Fatalf("a check of no stated size on a server that allows 10: %d %s; want 10 games", r.status, r.body)
	}
	if got := waitBalance(t, e, small.ID); got.Status != "done" || got.Summary == nil || got.Summary.Games != 10 {
		t.Errorf("the check of 10 games: %+v", got)
	}

	for _, most := range []int{-1, 1} {
		off := newEnv(t, server.Config{BalanceGames: most})
		off.do("GET", "/api/scenarios", "", nil).decode(t, &list)
		r = off.do("POST", "/api/balance", "", map[string]any{"scenario": "armour-battles/battle-1", "games": 2})
		if list.BalanceGames != 0 || r.status != http.StatusForbidden || !strings.Contains(string(r.body), "plays no balance checks") {
			t.Errorf("checks of at most %d games (off): offered %d games, POST %d %s", most, list.BalanceGames, r.status, r.body)
		}
	}

	sc := *secretScenario
	sc.Pos.File = "/home/author/battles/secret.yaml"
	cat := fileCatalog{newCatalog(t), &sc}
	st := e.store
	srv, err := server.New(server.Config{Store: st, Catalog: cat, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	e2 := *e
	e2.url = hs.URL
	r = e2.do("POST", "/api/balance", "", map[string]any{"scenario": sc.ID, "games": 2, "agent": "random", "seed": 9})
	var c balanceReply
	r.decode(t, &c)
	if want := "sandtable simulate --scenario secret.yaml --games 2 --agents random,random --swap --seed 9"; r.status != http.StatusAccepted || c.Command != want {
		t.Errorf("a check of a file's scenario: %d, command %q; want %q", r.status, c.Command, want)
	}
	if got := waitBalance(t, &e2, c.ID); got.Status != "done" {
		t.Errorf("the check: %+v", got)
	}
	srv.Close()
	r = e2.do("POST", "/api/balance", "", map[string]any{"scenario": sc.ID, "games": 2})
	if r.status != http.StatusServiceUnavailable {
		t.Errorf("a check asked of a closed server: %d %s, want 503", r.status, r.body)
	}
}

// fileCatalog is a test catalog whose secret scenario came from a file.
type fileCatalog struct {
	testCatalog
	sc *scenario.Scenario
}

func (c fileCatalog) Scenario(id string) (*scenario.Scenario, error) {
	if id == c.sc.ID {
		return c.sc, nil
	}
	return c.testCatalog.Scenario(id)
}
