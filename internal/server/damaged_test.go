package server_test

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

// TestDamagedGameRecord: a game whose stored row was changed by hand (a
// seed that is not a number) is answered 500 "damaged" on its own, while
// the lobby still lists the other games and they still load.
func TestDamagedGameRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, server.Config{Store: st})
	good := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "human", "seed": 8})
	bad := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "human", "seed": 9})

	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE games SET seed = 'abc' WHERE id = ?`, bad.GameID); err != nil {
		t.Fatal(err)
	}

	// The store lists the good game and names the damaged one.
	gs, err := st.ListGames(context.Background(), store.ListOptions{})
	var damaged *store.DamagedError
	if err == nil {
		t.Fatalf("ListGames with a damaged game: no error")
	}
	if len(gs) != 1 || gs[0].ID != good.GameID || !strings.Contains(err.Error(), bad.GameID) {
		t.Errorf("ListGames = %d games, %v; want %s alone and an error naming %s", len(gs), err, good.GameID, bad.GameID)
	}
	if !strings.Contains(err.Error(), "damaged") || !errors.As(err, &damaged) {
		t.Errorf("ListGames error %v, want a *store.DamagedError", err)
	}

	// A server started afresh (nothing cached) answers for each game.
	srv2, err := server.New(server.Config{Store: st, Catalog: newCatalog(t), RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	if err := srv2.Resume(context.Background()); err != nil {
		t.Fatalf("Resume with a damaged game: %v", err)
	}
	hs := httptest.NewServer(srv2.Handler())
	defer hs.Close()
	e2 := *e
	e2.srv, e2.url = srv2, hs.URL

	r := e2.do("GET", "/api/games", "", nil)
	if r.status != http.StatusOK || !strings.Contains(string(r.body), good.GameID) || strings.Contains(string(r.body), bad.GameID) {
		t.Errorf("GET /api/games with a damaged game: %d %s; want 200 listing %s alone", r.status, r.body, good.GameID)
	}
	if r := e2.do("GET", "/api/games/"+bad.GameID, bad.SeatToken, nil); r.status != http.StatusInternalServerError || r.errCode() != "damaged" {
		t.Errorf("GET the damaged game: %d %s; want 500 damaged", r.status, r.body)
	}
	if st := e2.state(good.GameID, good.SeatToken); st.N != 0 || st.Status != store.StatusActive {
		t.Errorf("the good game after the other was damaged: n %d status %q", st.N, st.Status)
	}
}
