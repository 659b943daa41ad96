package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

// TestPostgresBackedServer plays a game against the AI to the end on a
// PostgreSQL store, in a schema of its own.
func TestPostgresBackedServer(t *testing.T) {
	url := os.Getenv("SANDTABLE_TEST_POSTGRES")
	if url == "" {
		t.Skip("SANDTABLE_TEST_POSTGRES is not set: skipping the PostgreSQL server test (see .ci/postgres.sh)")
	}
	schema := fmt.Sprintf("srv_%d", os.Getpid())
	admin, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	st, err := store.Open(context.Background(), url+sep+"search_path="+schema)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, server.Config{Store: st})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "random", "seed": 21})
	for {
		var s state
		waitFor(t, "red's turn", func() bool { s = e.state(c.GameID, c.SeatToken); return s.Result.Over || s.Pending.Side == 0 })
		if s.Result.Over {
			break
		}
		if r := e.act(c.GameID, c.SeatToken, s, `{"kind":"move","value":3}`); r.status != 200 {
			t.Fatalf("move: %d %s", r.status, r.body)
		}
		if r := e.act(c.GameID, c.SeatToken, s, `{"kind":"move","value":3}`); r.status != 409 {
			t.Fatalf("repeated move: %d %s; want 409", r.status, r.body)
		}
	}
	acts, err := st.Actions(context.Background(), c.GameID, 0)
	if err != nil || len(acts) != secretMoves {
		t.Errorf("PostgreSQL holds %d actions (%v), want %d", len(acts), err, secretMoves)
	}
}
