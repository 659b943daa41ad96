package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

func TestPostgres(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, _ := openPostgresSchema(t)
		return s
	})
}

// openPostgresSchema opens the store in a fresh schema of its own, so
// subtests start empty and leave nothing behind, and returns the schema's
// URL for more stores on it. It skips the test without PostgreSQL.
func openPostgresSchema(t *testing.T) (store.Store, string) {
	t.Helper()
	url := storetest.PostgresSchemaURL(t, "st")
	s, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return s, url
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

// TestOpenRefusesWhatIsNoDatabase: a file that is not a SQLite
// database is refused in plain words and left as it was, and an
// unreachable PostgreSQL server is named in one line.
func TestOpenRefusesWhatIsNoDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "notes.db")
	text := []byte(strings.Repeat("my notes, not a database\n", 40))
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := store.Open(ctx, path)
	if want := "cannot read it as a SQLite database: file is not a database"; err == nil || err.Error() != want {
		t.Errorf("Open(a text file) = %v, want %q", err, want)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, text) {
		t.Errorf("the refused file was changed: %d bytes, was %d", len(b), len(text))
	}
	// Port 1 on this machine: nothing listens there.
	_, err = store.Open(ctx, "postgres://nobody@127.0.0.1:1/x?connect_timeout=5")
	if err == nil || !strings.HasPrefix(err.Error(), "cannot connect to PostgreSQL: ") || strings.Contains(err.Error(), "\n") || strings.Count(err.Error(), "connection refused") != 1 {
		t.Errorf("Open(an unreachable server) = %q, want one line saying it cannot connect", err)
	}
}

// TestPostgresWatchHearsOtherProcessesCommits: two stores on one
// database stand for two servers; each hears the other's commits (and
// its own), and nothing of another schema's.
func TestPostgresWatchHearsOtherProcessesCommits(t *testing.T) {
	a, schemaURL := openPostgresSchema(t)
	defer a.Close()
	b, err := store.Open(context.Background(), schemaURL)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	other, _ := openPostgresSchema(t) // another schema: another deployment
	defer other.Close()

	ctx := context.Background()
	heard := make(chan store.Change, 100)
	w, ok := b.(store.Watcher)
	if !ok {
		t.Fatal("the PostgreSQL store is no store.Watcher")
	}
	cancel, err := w.Watch(ctx, func(c store.Change) {
		select {
		case heard <- c:
		default:
			t.Error("watcher's buffer full")
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.CreateGame(ctx, storetest.NewGame("elsewhere")); err != nil {
		t.Fatal(err)
	}
	if err := other.Append(ctx, store.Append{GameID: "elsewhere", After: 0, Actions: storetest.Actions(1, 1), Status: store.StatusActive}); err != nil {
		t.Fatal(err)
	}
	if err := a.CreateGame(ctx, storetest.NewGame("g")); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 3; k++ {
		if err := a.Append(ctx, store.Append{GameID: "g", After: k - 1, Actions: storetest.Actions(k, 1), Status: store.StatusActive}); err != nil {
			t.Fatal(err)
		}
	}
	// A stale append is rolled back: no notification.
	if err := a.Append(ctx, store.Append{GameID: "g", After: 0, Actions: storetest.Actions(1, 1), Status: store.StatusActive}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale append: %v", err)
	}
	if err := b.Append(ctx, store.Append{GameID: "g", After: 3, Actions: storetest.Actions(4, 2), Status: store.StatusOver}); err != nil {
		t.Fatal(err)
	}
	var got []store.Change
	timeout := time.After(10 * time.Second)
	for len(got) < 4 {
		select {
		case c := <-heard:
			got = append(got, c)
		case <-timeout:
			t.Fatalf("heard %v; want 4 commits", got)
		}
	}
	want := []store.Change{{"g", 1}, {"g", 2}, {"g", 3}, {"g", 5}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("heard %v, want %v", got, want)
	}
	cancel()
	if err := a.Append(ctx, store.Append{GameID: "g", After: 5, Actions: storetest.Actions(6, 1), Status: store.StatusOver}); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-heard:
		t.Errorf("heard %v after cancel", c)
	case <-time.After(200 * time.Millisecond):
	}
}

// TestPostgresTwoStoresRaceOneGame: appends racing to one game from two
// stores (two servers' connection pools) on one database: exactly one
// wins each record, so no action is ever stored twice.
func TestPostgresTwoStoresRaceOneGame(t *testing.T) {
	a, schemaURL := openPostgresSchema(t)
	defer a.Close()
	b, err := store.Open(context.Background(), schemaURL)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	raceTwoStores(t, a, b)
}

// TestSQLiteTwoStoresRaceOneGame: the same with two stores on one SQLite
// file (two processes, each with its own writer).
func TestSQLiteTwoStoresRaceOneGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.db")
	a, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	raceTwoStores(t, a, b)
}

func raceTwoStores(t *testing.T, a, b store.Store) {
	ctx := context.Background()
	const games, records, racers = 4, 15, 4
	for i := range games {
		if err := a.CreateGame(ctx, storetest.NewGame(fmt.Sprint("r", i))); err != nil {
			t.Fatal(err)
		}
	}
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := range games {
		id := fmt.Sprint("r", i)
		for r := range racers {
			s := []store.Store{a, b}[r%2]
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					g, err := s.Game(ctx, id)
					if err != nil {
						t.Error(err)
						return
					}
					if g.Actions >= records {
						return
					}
					acts := storetest.Actions(g.Actions+1, 1)
					acts[0].Hash = fmt.Sprintf("racer-%d", r)
					err = s.Append(ctx, store.Append{GameID: id, After: g.Actions, Actions: acts, Status: store.StatusActive})
					switch {
					case err == nil:
						wins.Add(1)
					case errors.Is(err, store.ErrConflict):
					default:
						t.Errorf("%s racer %d: %v", id, r, err)
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	if wins.Load() != games*records {
		t.Errorf("%d appends won for %d games of %d records; want exactly %d", wins.Load(), games, records, games*records)
	}
	for i := range games {
		id := fmt.Sprint("r", i)
		acts, err := b.Actions(ctx, id, 0)
		if err != nil || len(acts) != records {
			t.Fatalf("%s: %d records, %v; want %d", id, len(acts), err, records)
		}
		for k, r := range acts {
			if r.N != k+1 {
				t.Errorf("%s: record %d numbered %d", id, k+1, r.N)
			}
		}
	}
}

// TestPostgresLeaseAI: one owner at a time holds a game's AI decision;
// a later decision, an expired lease or the holder itself takes it over.
func TestPostgresLeaseAI(t *testing.T) {
	s, _ := openPostgresSchema(t)
	defer s.Close()
	ctx := context.Background()
	if err := s.CreateGame(ctx, storetest.NewGame("lease")); err != nil {
		t.Fatal(err)
	}
	l := s.(store.AILeaser)
	steps := []struct {
		n     int
		owner string
		ttl   time.Duration
		want  bool
		why   string
	}{
		{4, "a", time.Minute, true, "no lease yet"},
		{4, "b", time.Minute, false, "a holds decision 4"},
		{3, "b", time.Minute, false, "an earlier decision while a holds 4"},
		{4, "a", time.Minute, true, "a renews its own"},
		{5, "b", 50 * time.Millisecond, true, "decision 5 is a new one"},
		{5, "a", time.Minute, false, "b holds decision 5"},
	}
	for _, st := range steps {
		got, err := l.LeaseAI(ctx, "lease", st.n, st.owner, st.ttl)
		if err != nil {
			t.Fatal(err)
		}
		if got != st.want {
			t.Fatalf("LeaseAI(%d, %s) = %v, want %v (%s)", st.n, st.owner, got, st.want, st.why)
		}
	}
	time.Sleep(100 * time.Millisecond)
	if got, err := l.LeaseAI(ctx, "lease", 5, "a", time.Minute); err != nil || !got {
		t.Fatalf("LeaseAI after b's lease expired = %v, %v; want granted", got, err)
	}
	if _, err := l.LeaseAI(ctx, "nosuchgame", 1, "a", time.Minute); err == nil {
		t.Fatal("a lease on a game that does not exist was granted")
	}
}
