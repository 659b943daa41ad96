package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// sqlStore is the Store over database/sql shared by both backends. Reads
// go to db; writes to w (the same pool for PostgreSQL, a single connection
// for SQLite). When group is set, Append goes through it.
type sqlStore struct {
	name  string // "sqlite" or "postgres", for errors
	path  string // SQLite file
	db, w *sql.DB
	q     func(string) string // placeholder rewriting
	group *groupCommit
}

// migrate runs the embedded goose migrations under dir.
func migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect, dir string, locker lock.SessionLocker) error {
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return err
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	if locker != nil {
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db, sub, opts...)
	if err != nil {
		return fmt.Errorf("reading the migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("setting up its tables (%s): %w", dir, err)
	}
	return nil
}

// dollar rewrites ? placeholders as $1, $2, ... for PostgreSQL. The
// queries here have no ? inside string literals.
func dollar(q string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

func same(q string) string { return q }

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

func (s *sqlStore) CreateGame(ctx context.Context, g *Game) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	cfg := g.Config
	if len(cfg) == 0 {
		cfg = json.RawMessage("{}")
	}
	if g.Status == "" {
		g.Status = StatusActive
	}
	now := time.Now()
	if g.Created.IsZero() {
		g.Created = now
	}
	if g.Updated.IsZero() {
		g.Updated = g.Created
	}
	if g.Actions != 0 {
		return fmt.Errorf("store: %s: a new game has no actions (got %d)", s.name, g.Actions)
	}
	// A check first, so both backends report ErrExists the same way
	// without parsing driver errors; the primary key still guards races.
	var one int
	err = s.w.QueryRowContext(ctx, s.q(`SELECT 1 FROM games WHERE id = ?`), g.ID).Scan(&one)
	if err == nil {
		return ErrExists
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: %s: %w", s.name, err)
	}
	_, err = s.w.ExecContext(ctx, s.q(`INSERT INTO games (id, rules, scenario, scenario_version, seed, header_hash, seats, spectator_hash, config, status, actions, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`),
		g.ID, g.Rules, g.Scenario, g.ScenarioVersion, strconv.FormatUint(g.Seed, 10), g.HeaderHash, string(seats), g.SpectatorHash, string(cfg), g.Status,
		millis(g.Created), millis(g.Updated))
	if err != nil {
		if _, gerr := s.Game(ctx, g.ID); gerr == nil {
			return ErrExists
		}
		return fmt.Errorf("store: %s: creating game: %w", s.name, err)
	}
	return nil
}

const gameColumns = `id, rules, scenario, scenario_version, seed, header_hash, seats, spectator_hash, config, status, actions, created_at, updated_at`

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (*Game, error) {
	var g Game
	var seed, seats, cfg string
	var created, updated int64
	if err := r.Scan(&g.ID, &g.Rules, &g.Scenario, &g.ScenarioVersion, &seed, &g.HeaderHash, &seats, &g.SpectatorHash, &cfg, &g.Status, &g.Actions, &created, &updated); err != nil {
		return nil, err
	}
	var err error
	if g.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return nil, fmt.Errorf("store: game %s: %w: bad seed %q", g.ID, ErrDamaged, seed)
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return nil, fmt.Errorf("store: game %s: %w: bad seats: %v", g.ID, ErrDamaged, err)
	}
	g.Config = json.RawMessage(cfg)
	g.Created, g.Updated = fromMillis(created), fromMillis(updated)
	return &g, nil
}

func (s *sqlStore) Game(ctx context.Context, id string) (*Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(`SELECT `+gameColumns+` FROM games WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", s.name, err)
	}
	return g, nil
}

func (s *sqlStore) Actions(ctx context.Context, id string, after int) ([]Action, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT n, side, action, dice, hash FROM actions WHERE game_id = ? AND n > ? ORDER BY n`), id, after)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", s.name, err)
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var a Action
		var act, dice string
		if err := rows.Scan(&a.N, &a.Side, &act, &dice, &a.Hash); err != nil {
			return nil, fmt.Errorf("store: %s: %w", s.name, err)
		}
		a.Action = json.RawMessage(act)
		if err := json.Unmarshal([]byte(dice), &a.Dice); err != nil {
			return nil, fmt.Errorf("store: game %s record %d: %w: bad dice: %v", id, a.N, ErrDamaged, err)
		}
		if len(a.Dice) == 0 {
			a.Dice = nil // as the engine records an action without dice
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", s.name, err)
	}
	if len(out) == 0 {
		if _, err := s.Game(ctx, id); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *sqlStore) Append(ctx context.Context, a Append) error {
	if err := checkAppend(a); err != nil {
		return err
	}
	if s.group != nil {
		return s.group.submit(ctx, a)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %s: %w", s.name, err)
	}
	defer tx.Rollback()
	if err := s.appendTx(ctx, tx, a, time.Now()); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %s: commit: %w", s.name, err)
	}
	return nil
}

func checkAppend(a Append) error {
	if len(a.Actions) == 0 {
		return errors.New("store: append of no actions")
	}
	for i, r := range a.Actions {
		if r.N != a.After+i+1 {
			return fmt.Errorf("store: append after %d: record %d numbered %d", a.After, i, r.N)
		}
	}
	if a.Status != StatusActive && a.Status != StatusOver {
		return fmt.Errorf("store: unknown status %q", a.Status)
	}
	return nil
}

// execer is what appendTx needs of a *sql.Tx or *sql.Conn.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// appendTx is the optimistic concurrency check and the inserts, inside
// the caller's transaction: the UPDATE matches only if the game still has
// a.After records, and locks the row until commit.
func (s *sqlStore) appendTx(ctx context.Context, tx execer, a Append, now time.Time) error {
	res, err := tx.ExecContext(ctx, s.q(`UPDATE games SET actions = ?, status = ?, updated_at = ? WHERE id = ? AND actions = ?`),
		a.After+len(a.Actions), a.Status, millis(now), a.GameID, a.After)
	if err != nil {
		return fmt.Errorf("store: %s: %w", s.name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", s.name, err)
	}
	if n == 0 {
		var one int
		err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM games WHERE id = ?`), a.GameID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: %s: %w", s.name, err)
		}
		return ErrConflict
	}
	args := make([]any, 0, 7*len(a.Actions))
	for _, r := range a.Actions {
		args = append(args, a.GameID, r.N, r.Side, string(r.Action), diceJSON(r.Dice), r.Hash, millis(now))
	}
	if _, err := tx.ExecContext(ctx, s.q(insertActions(len(a.Actions))), args...); err != nil {
		return fmt.Errorf("store: %s: inserting actions: %w", s.name, err)
	}
	return nil
}

// insertActions returns an INSERT of n action rows.
func insertActions(n int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO actions (game_id, n, side, action, dice, hash, created_at) VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(?, ?, ?, ?, ?, ?, ?)")
	}
	return b.String()
}

// diceJSON encodes faces as a JSON array ("[]" for none).
func diceJSON(faces []int) string {
	if len(faces) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(faces)
	return string(b)
}

func (s *sqlStore) ListGames(ctx context.Context, o ListOptions) ([]*Game, error) {
	limit := o.Limit
	if limit <= 0 {
		limit = 50
	}
	q := `SELECT ` + gameColumns + ` FROM games`
	args := []any{}
	if o.Status != "" {
		q += ` WHERE status = ?`
		args = append(args, o.Status)
	}
	q += ` ORDER BY updated_at DESC, id LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", s.name, err)
	}
	defer rows.Close()
	var out []*Game
	var damaged []error
	for rows.Next() {
		g, err := scanGame(rows)
		if errors.Is(err, ErrDamaged) {
			damaged = append(damaged, err)
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(damaged) > 0 {
		return out, &DamagedError{Errs: damaged}
	}
	return out, nil
}

func (s *sqlStore) Ping(ctx context.Context) error {
	var one int
	if err := s.db.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return fmt.Errorf("store: %s: %w", s.name, err)
	}
	return nil
}

func (s *sqlStore) Close() error {
	var errs []error
	if s.group != nil {
		s.group.close()
	}
	errs = append(errs, s.db.Close())
	if s.w != s.db {
		errs = append(errs, s.w.Close())
	}
	return errors.Join(errs...)
}
