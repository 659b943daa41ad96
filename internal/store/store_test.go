package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/sandtable/sandtable/internal/store"
	"github.com/sandtable/sandtable/internal/store/storetest"
)

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// PostgresEnv names the variable holding the URL of a scratch PostgreSQL
// database; .ci/postgres.sh prints it.
const PostgresEnv = "SANDTABLE_TEST_POSTGRES"

var schemas atomic.Int32

func TestPostgres(t *testing.T) {
	url := os.Getenv(PostgresEnv)
	if url == "" {
		t.Skip(PostgresEnv + " is not set: skipping the PostgreSQL store tests (run `eval \"$(.ci/postgres.sh)\"` to start a throwaway cluster)")
	}
	storetest.Run(t, func(t *testing.T) store.Store {
		return openPostgresSchema(t, url)
	})
}

// openPostgresSchema opens the store in a fresh schema of its own, so
// subtests start empty and leave nothing behind.
func openPostgresSchema(t *testing.T, url string) store.Store {
	t.Helper()
	schema := fmt.Sprintf("st_%d_%d", os.Getpid(), schemas.Add(1))
	admin, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", url)
		if err == nil {
			admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			admin.Close()
		}
	})
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	s, err := store.Open(context.Background(), url+sep+"search_path="+schema)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSQLiteReopenKeepsGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "re.db")
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.CreateGame(ctx, storetest.NewGame("g")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, store.Append{GameID: "g", After: 0, Actions: storetest.Actions(1, 3), Status: store.StatusActive}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, store.Append{GameID: "g", After: 3, Actions: storetest.Actions(4, 1), Status: store.StatusActive}); err != store.ErrClosed {
		t.Errorf("Append after Close = %v, want ErrClosed", err)
	}
	s, err = store.Open(ctx, path) // migrations run again: a no-op
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	acts, err := s.Actions(ctx, "g", 0)
	if err != nil || len(acts) != 3 {
		t.Errorf("after reopening: %d records, %v; want 3", len(acts), err)
	}
}

func TestOpenRejectsSQLiteOptions(t *testing.T) {
	if _, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "x.db")+"?_pragma=synchronous(OFF)"); err == nil {
		t.Error("Open accepted a SQLite path with options that could weaken durability")
	}
}
