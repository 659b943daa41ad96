package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// OpenPostgres connects to the PostgreSQL database at url and migrates
// it (under an advisory lock, so servers starting together migrate once).
// Appends are plain transactions: the UPDATE of the game row takes its
// row lock, so concurrent appends to one game, from this process or any
// other sharing the database, serialise, and all but one see a stale
// count. A trigger NOTIFYs every append; Watch LISTENs.
func OpenPostgres(ctx context.Context, url string) (Store, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("cannot use the PostgreSQL URL: %w", err)
	}
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(32)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot connect to PostgreSQL: %s", oneLine(err))
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		db.Close()
		return nil, err
	}
	if err := migrate(ctx, db, goose.DialectPostgres, "migrations/postgres", locker); err != nil {
		db.Close()
		return nil, err
	}
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = 'games'::regclass`).Scan(&schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("PostgreSQL: finding the games table: %w", err)
	}
	p := &pgStore{sqlStore: &sqlStore{name: "postgres", db: db, w: db, q: dollar}, url: url, channel: "sandtable:" + schema}
	p.ctx, p.stop = context.WithCancel(context.Background())
	return p, nil
}

// pgStore is the PostgreSQL store: the shared SQL store plus Watch.
type pgStore struct {
	*sqlStore
	url, channel string

	ctx  context.Context // ends the listener on Close
	stop context.CancelFunc

	mu       sync.Mutex
	watchers map[int]func(Change)
	nextID   int
	started  bool
	ready    chan error // the listener's first LISTEN
	done     chan struct{}
}

// LeaseAI implements AILeaser with one upsert: a row per game holds the
// current lease, replaced when it is for an earlier decision, has
// expired, or is the same owner's.
func (p *pgStore) LeaseAI(ctx context.Context, gameID string, n int, owner string, ttl time.Duration) (bool, error) {
	var got string
	err := p.db.QueryRowContext(ctx, `INSERT INTO ai_leases (game_id, n, owner, expires_at)
VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond')
ON CONFLICT (game_id) DO UPDATE SET n = EXCLUDED.n, owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
WHERE ai_leases.n < EXCLUDED.n OR ai_leases.expires_at < clock_timestamp() OR (ai_leases.owner = EXCLUDED.owner AND ai_leases.n = EXCLUDED.n)
RETURNING owner`, gameID, n, owner, ttl.Milliseconds()).Scan(&got)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("store: postgres: leasing game %s's AI decision: %w", gameID, err)
	}
	return true, nil
}

// listenRetry is the pause before reconnecting a lost listener.
const listenRetry = 500 * time.Millisecond

// Watch implements Watcher with LISTEN on a connection of its own,
// started by the first Watch; it returns once the LISTEN is in place.
// After a lost connection it reconnects and calls fn with an empty Change.
func (p *pgStore) Watch(ctx context.Context, fn func(Change)) (func(), error) {
	p.mu.Lock()
	if p.ctx.Err() != nil {
		p.mu.Unlock()
		return nil, ErrClosed
	}
	if p.watchers == nil {
		p.watchers = map[int]func(Change){}
	}
	id := p.nextID
	p.nextID++
	p.watchers[id] = fn
	if !p.started {
		p.started = true
		p.ready = make(chan error, 1)
		p.done = make(chan struct{})
		go p.listen()
	}
	ready := p.ready
	p.mu.Unlock()
	cancel := func() {
		p.mu.Lock()
		delete(p.watchers, id)
		p.mu.Unlock()
	}
	select {
	case err, ok := <-ready:
		if ok && err != nil {
			cancel()
			return nil, err
		}
		return cancel, nil
	case <-ctx.Done():
		cancel()
		return nil, ctx.Err()
	}
}

func (p *pgStore) broadcast(c Change) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, fn := range p.watchers {
		fn(c)
	}
}

// listen holds the LISTEN connection until Close, reconnecting as
// needed. The first successful LISTEN closes p.ready (or a failure of the
// first attempt is sent on it).
func (p *pgStore) listen() {
	defer close(p.done)
	first := true
	for p.ctx.Err() == nil {
		err := p.listenOnce(&first)
		if p.ctx.Err() != nil {
			return
		}
		if first {
			p.ready <- fmt.Errorf("store: postgres: listening for commits: %w", err)
			close(p.ready)
			first = false
		}
		select {
		case <-time.After(listenRetry):
		case <-p.ctx.Done():
			return
		}
	}
}

// listenOnce connects, LISTENs and delivers notifications until the
// connection fails.
func (p *pgStore) listenOnce(first *bool) error {
	conn, err := pgx.Connect(p.ctx, p.url)
	if err != nil {
		return err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn.Close(cctx)
		cancel()
	}()
	if _, err := conn.Exec(p.ctx, "LISTEN "+pgx.Identifier{p.channel}.Sanitize()); err != nil {
		return err
	}
	if *first {
		*first = false
		close(p.ready)
	} else {
		// Commits made while we were not listening went unheard.
		p.broadcast(Change{})
	}
	for {
		n, err := conn.WaitForNotification(p.ctx)
		if err != nil {
			return err
		}
		if n.Channel != p.channel {
			continue
		}
		id, count, ok := strings.Cut(n.Payload, " ")
		k, err := strconv.Atoi(count)
		if !ok || err != nil {
			continue
		}
		p.broadcast(Change{GameID: id, Actions: k})
	}
}

func (p *pgStore) Close() error {
	p.mu.Lock()
	p.stop()
	started := p.started
	p.mu.Unlock()
	if started {
		<-p.done
	}
	err := p.sqlStore.Close()
	if errors.Is(err, sql.ErrConnDone) {
		err = nil
	}
	return err
}

// oneLine is err's message on one line: pgx lists each address it tried
// on a line of its own, the same line again for each attempt.
func oneLine(err error) string {
	var parts []string
	for _, l := range strings.Split(err.Error(), "\n") {
		if l = strings.TrimSpace(l); l != "" && !slices.Contains(parts, l) {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " ")
}
