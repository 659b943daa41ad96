package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
)

// TestLogOfAGameWhoseScenarioIsGone: a server that no longer has a
// game's scenario (a user's file not given again) cannot load the game,
// but still hands a finished game's log to its players, byte for byte as
// the server that played it did, and the log replays once the scenario is
// back. An unfinished game's log stays withheld, since it would show its
// holder what they may not see.
func TestLogOfAGameWhoseScenarioIsGone(t *testing.T) {
	e := newEnv(t, server.Config{})
	done := e.create(map[string]any{"scenario": secretScenario.ID, "side": "blue", "opponent": "random", "seed": 5})
	e.playOut(done, 3)
	played := e.do("GET", "/api/games/"+done.GameID+"/log", done.SeatToken, nil)
	if played.status != 200 {
		t.Fatalf("the log where the game was played: %d %.200s", played.status, played.body)
	}
	open := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "human", "seed": 6})

	// The same store under a server without the game's scenario.
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: e.store, Catalog: cat, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	gone := *e
	gone.url = hs.URL

	if r := gone.do("GET", "/api/games/"+done.GameID, done.SeatToken, nil); r.status != http.StatusConflict || r.errCode() != "scenario_missing" {
		t.Fatalf("the game without its scenario: %d %s; want 409 scenario_missing", r.status, r.body)
	}
	r := gone.do("GET", "/api/games/"+done.GameID+"/log", done.SeatToken, nil)
	if r.status != 200 || string(r.body) != string(played.body) {
		t.Fatalf("the finished game's log without its scenario: %d %.300s\nwant 200 and the log served where it was played:\n%.300s", r.status, r.body, played.body)
	}
	if d := r.header.Get("Content-Disposition"); d != `attachment; filename="`+done.GameID+`.jsonl"` {
		t.Errorf("Content-Disposition %q; want the game's log file", d)
	}
	lg, err := engine.ReadLog(strings.NewReader(string(r.body)))
	if err != nil {
		t.Fatal(err)
	}
	if g, err := engine.Replay(lg, func(string, string) (*scenario.Scenario, error) { return secretScenario, nil }); err != nil || !g.State().Result().Over {
		t.Fatalf("replaying the stored log with the scenario back: %v", err)
	}

	for _, c := range []struct {
		what, path, token string
		status            int
		code, says        string
	}{
		{"no token", "/api/games/" + done.GameID + "/log", "", http.StatusUnauthorized, "missing_token", "token"},
		{"another game's token", "/api/games/" + done.GameID + "/log", open.SeatToken, http.StatusForbidden, "forbidden", "no access"},
		{"the events form", "/api/games/" + done.GameID + "/log?format=events", done.SeatToken, http.StatusConflict, "scenario_missing", "sandtable serve --scenario FILE"},
		{"an unfinished game", "/api/games/" + open.GameID + "/log", open.SeatToken, http.StatusConflict, "scenario_missing", "its log can be downloaded here once the game is over"},
		{"no such game", "/api/games/nosuchgame/log", done.SeatToken, http.StatusNotFound, "not_found", "no such game: a game id is 16 hex digits"},
		{"an unknown game id", "/api/games/0123456789abcdef/log", done.SeatToken, http.StatusNotFound, "not_found", "no game 0123456789abcdef"},
	} {
		r := gone.do("GET", c.path, c.token, nil)
		if r.status != c.status || r.errCode() != c.code || !strings.Contains(string(r.body), c.says) {
			t.Errorf("%s: %d %s; want %d %s saying %q", c.what, r.status, r.body, c.status, c.code, c.says)
		}
	}
	if row, err := e.store.Game(context.Background(), open.GameID); err != nil || row.Actions != 0 {
		t.Errorf("the unfinished game's row: %+v, %v; want it kept as it was", row, err)
	}
}
