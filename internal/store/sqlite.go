package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

//go:embed migrations
var migrations embed.FS

// SQLite settings. The journal is WAL with synchronous=FULL: every commit
// is fsynced before Append returns, so an acknowledged action survives a
// power cut, not only a crash of the process (NORMAL in WAL mode would
// survive kill -9 but could lose the last commits on power loss). Group
// commit pays for the fsync once per batch of concurrent games' appends.
const sqlitePragmas = "_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"

// maxGroup bounds the appends committed in one SQLite transaction.
const maxGroup = 256

// sqliteDSN returns the driver DSN of a database file.
func sqliteDSN(path string, write bool) string {
	dsn := path + "?" + sqlitePragmas
	if write {
		// Checkpoints run in the background (checkpointer), not inside
		// an acknowledged commit.
		dsn += "&_txlock=immediate&_pragma=wal_autocheckpoint(0)"
	}
	return dsn
}

// OpenSQLite opens (creating if missing) the SQLite database file at
// path and migrates it. Writes go through a single connection with group
// commit; reads use a small pool of their own (WAL readers never block
// the writer).
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if path == "" {
		return nil, fmt.Errorf("no database file given")
	}
	if u, err := url.Parse(path); err == nil && u.RawQuery != "" {
		return nil, fmt.Errorf("%q: give a plain file path (no ?options)", path)
	}
	w, err := sql.Open("sqlite", sqliteDSN(path, true))
	if err != nil {
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(new(int)); err != nil {
		w.Close()
		return nil, fmt.Errorf("cannot read it as a SQLite database: %v", sqliteProblem(err))
	}
	if err := migrate(ctx, w, goose.DialectSQLite3, "migrations/sqlite", nil); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", sqliteDSN(path, false)+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	r.SetMaxOpenConns(8)
	r.SetMaxIdleConns(8)
	s := &sqlStore{name: "sqlite", path: path, db: r, w: w, q: same}
	if s.group, err = newGroupCommit(ctx, s); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	return s, nil
}

// groupCommit serialises appends through one writer and commits those
// that queue up while a commit is in progress in one transaction, each in
// a savepoint so that one append's conflict does not undo another's.
type groupCommit struct {
	s      *sqlStore
	ch     chan *commitReq
	mu     sync.RWMutex
	closed bool
	done   chan struct{}

	ckpt               *sql.DB
	stopCkpt, ckptDone chan struct{}

	// update and the inserts are prepared once on the writer: parsing
	// SQL was a fifth of the writer's time. inserts[k] inserts k rows,
	// for k a power of two up to insertChunk.
	update  *sql.Stmt
	inserts [insertChunk + 1]*sql.Stmt

	batches, appends atomic.Uint64
}

type commitReq struct {
	a    Append
	done chan error
}

func newGroupCommit(ctx context.Context, s *sqlStore) (*groupCommit, error) {
	g := &groupCommit{s: s, ch: make(chan *commitReq, maxGroup), done: make(chan struct{})}
	var err error
	if g.update, err = s.w.PrepareContext(ctx, `UPDATE games SET actions = ?, status = ?, updated_at = ? WHERE id = ? AND actions = ?`); err != nil {
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	if err := g.prepareInserts(ctx); err != nil {
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	if g.ckpt, err = sql.Open("sqlite", sqliteDSN(s.path, false)); err != nil {
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	g.ckpt.SetMaxOpenConns(1)
	g.stopCkpt = make(chan struct{})
	g.ckptDone = make(chan struct{})
	go g.run()
	go g.checkpointer()
	return g, nil
}

// checkpointer copies the WAL back into the database file every
// checkpointEvery from a connection of its own: a PASSIVE checkpoint
// never blocks the writer, so commits do not wait for it.
func (g *groupCommit) checkpointer() {
	defer close(g.ckptDone)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-g.stopCkpt:
			return
		case <-t.C:
			if _, err := g.ckpt.Exec(`PRAGMA wal_checkpoint(PASSIVE)`); err != nil {
				continue // retried on the next tick
			}
		}
	}
}

// checkpointEvery is the period of background WAL checkpoints.
const checkpointEvery = 500 * time.Millisecond

// submit queues a and waits for the commit of its batch. It waits even if
// ctx is cancelled meanwhile: an append either committed or not, and the
// caller must know which.
func (g *groupCommit) submit(ctx context.Context, a Append) error {
	req := &commitReq{a: a, done: make(chan error, 1)}
	g.mu.RLock()
	if g.closed {
		g.mu.RUnlock()
		return ErrClosed
	}
	select {
	case g.ch <- req:
	case <-ctx.Done():
		g.mu.RUnlock()
		return ctx.Err()
	}
	g.mu.RUnlock()
	return <-req.done
}

func (g *groupCommit) run() {
	defer close(g.done)
	batch := make([]*commitReq, 0, maxGroup)
	busy := false
	for req := range g.ch {
		batch = g.gather(append(batch[:0], req), busy)
		g.commit(batch)
		// Appends that queued up during the commit mean they arrive
		// faster than commits: the next batch lingers for more. After an
		// idle spell the queue is empty and a lone append goes at once.
		busy = len(g.ch) > 0
	}
}

// commitLinger is how long a batch waits for more appends when appends
// are arriving faster than commits. Each commit costs an fsync and, on
// a virtual machine, a good part of a millisecond of CPU; lingering
// makes batches larger and commits fewer under load (TestLoad reports
// appends per commit and CPU per action), while a lone append on an
// idle server is committed at once.
const commitLinger = time.Millisecond

// gather adds the appends already queued to batch and, if linger, those
// arriving within commitLinger, up to maxGroup.
func (g *groupCommit) gather(batch []*commitReq, linger bool) []*commitReq {
	var deadline <-chan time.Time
	if linger {
		t := time.NewTimer(commitLinger)
		defer t.Stop()
		deadline = t.C
	}
	for len(batch) < maxGroup {
		select {
		case r, ok := <-g.ch:
			if !ok {
				return batch
			}
			batch = append(batch, r)
			continue
		default:
		}
		if deadline == nil {
			return batch
		}
		select {
		case r, ok := <-g.ch:
			if !ok {
				return batch
			}
			batch = append(batch, r)
		case <-deadline:
			return batch
		}
	}
	return batch
}

// insertChunk bounds the rows of one INSERT statement of a batch; the
// writer has statements of 1, 2, 4, ... insertChunk rows prepared.
const insertChunk = 32

// prepareInserts prepares the multi-row INSERTs on the writer (before
// run starts: the writer's one connection is busy inside a batch).
func (g *groupCommit) prepareInserts(ctx context.Context) error {
	for k := 1; k <= insertChunk; k *= 2 {
		st, err := g.s.w.PrepareContext(ctx, insertActions(k))
		if err != nil {
			return err
		}
		g.inserts[k] = st
	}
	return nil
}

// insertRows returns the largest prepared row count of an INSERT not
// above n.
func insertRows(n int) int {
	k := 1
	for k*2 <= min(n, insertChunk) {
		k *= 2
	}
	return k
}

// commit stores a batch in one transaction: per append, an UPDATE (the
// optimistic check; an append that fails it changed nothing), then the
// rows of every append that passed, a few dozen per INSERT statement
// (one statement per row was a third of the writer's time, which every
// append in the next batch waits for). Should an INSERT fail
// (it cannot while the row counts are right), each append is retried in
// a transaction of its own so that one bad append fails alone.
func (g *groupCommit) commit(batch []*commitReq) {
	errs, err := g.commitTx(batch)
	if err != nil && len(batch) > 1 {
		for _, r := range batch {
			g.commit([]*commitReq{r})
		}
		return
	}
	if err != nil {
		errs = []error{err}
	} else {
		g.batches.Add(1)
		g.appends.Add(uint64(len(batch)))
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}

func (g *groupCommit) commitTx(batch []*commitReq) ([]error, error) {
	ctx := context.Background()
	s := g.s
	errs := make([]error, len(batch))
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: sqlite: begin: %w", err)
	}
	defer tx.Rollback()
	now := millis(time.Now())
	update := tx.StmtContext(ctx, g.update)
	var rows []any // 7 values per record, of the appends that passed
	for i, r := range batch {
		a := r.a
		res, err := update.ExecContext(ctx, a.After+len(a.Actions), a.Status, now, a.GameID, a.After)
		if err != nil {
			return nil, fmt.Errorf("store: sqlite: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var one int
			err := tx.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, a.GameID).Scan(&one)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				errs[i] = ErrNotFound
			case err != nil:
				return nil, fmt.Errorf("store: sqlite: %w", err)
			default:
				errs[i] = ErrConflict
			}
			continue
		}
		for _, rec := range a.Actions {
			rows = append(rows, a.GameID, rec.N, rec.Side, string(rec.Action), diceJSON(rec.Dice), rec.Hash, now)
		}
	}
	for len(rows) > 0 {
		k := insertRows(len(rows) / 7)
		if _, err := tx.StmtContext(ctx, g.inserts[k]).ExecContext(ctx, rows[:7*k]...); err != nil {
			return nil, fmt.Errorf("store: sqlite: inserting actions: %w", err)
		}
		rows = rows[7*k:]
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: sqlite: commit: %w", err)
	}
	return errs, nil
}

func (g *groupCommit) close() {
	g.mu.Lock()
	if !g.closed {
		g.closed = true
		close(g.ch)
	}
	g.mu.Unlock()
	<-g.done
	close(g.stopCkpt)
	<-g.ckptDone
	g.ckpt.Close()
	g.update.Close()
	for _, st := range g.inserts {
		if st != nil {
			st.Close()
		}
	}
	// Fold the WAL into the database file before closing.
	g.s.w.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
}

// CommitStats reports how many transactions the SQLite writer committed
// and how many appends they carried (appends/commits is the mean group
// size). Other backends report zeros.
func CommitStats(s Store) (commits, appends uint64) {
	if ss, ok := s.(*sqlStore); ok && ss.group != nil {
		return ss.group.batches.Load(), ss.group.appends.Load()
	}
	return 0, 0
}

// SQLiteCommitRate measures the raw rate of durable single-row commits on
// a scratch SQLite database at path (created and left for the caller to
// remove), with the store's settings, for d. It is for benchmarks: the
// ceiling an unbatched store would have on this disk.
func SQLiteCommitRate(ctx context.Context, path string, d time.Duration) (float64, error) {
	db, err := sql.Open("sqlite", sqliteDSN(path, true))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS t (n INTEGER PRIMARY KEY, v TEXT)`); err != nil {
		return 0, err
	}
	start := time.Now()
	n := 0
	for time.Since(start) < d {
		if _, err := db.ExecContext(ctx, `INSERT INTO t (v) VALUES ('{"kind":"attack","dice":3}')`); err != nil {
			return 0, err
		}
		n++
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

// sqliteProblem is err from the SQLite driver in plain words: without
// the driver's result code ("file is not a database (26)").
func sqliteProblem(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, " ("); i > 0 && strings.HasSuffix(msg, ")") {
		if _, e := strconv.Atoi(msg[i+2 : len(msg)-1]); e == nil {
			return msg[:i]
		}
	}
	return msg
}
