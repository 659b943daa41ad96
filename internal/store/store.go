package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Errors returned by every backend; test with errors.Is.
var (
	// ErrNotFound is returned for an unknown game.
	ErrNotFound = errors.New("store: no such game")
	// ErrExists is returned when creating a game whose id is taken.
	ErrExists = errors.New("store: game id already exists")
	// ErrConflict is returned by Append when the game no longer has the
	// number of records the caller saw: someone else appended first.
	ErrConflict = errors.New("store: the game has moved on (stale append)")
	// ErrClosed is returned after Close.
	ErrClosed = errors.New("store: closed")
	// ErrDamaged marks a game whose stored record cannot be read (a
	// seed, seats, dice or config that do not decode): the database was
	// changed by hand or corrupted.
	ErrDamaged = errors.New("its stored record is damaged")
)

// DamagedError is returned by ListGames beside the games it could read
// when some of the listed games' records are damaged (ErrDamaged): one
// damaged game does not hide the others.
type DamagedError struct {
	Errs []error // one per damaged game, each naming it
}

func (e *DamagedError) Error() string {
	msgs := make([]string, len(e.Errs))
	for i, err := range e.Errs {
		msgs[i] = err.Error()
	}
	return fmt.Sprintf("store: %d damaged game record(s): %s", len(e.Errs), strings.Join(msgs, "; "))
}

func (e *DamagedError) Unwrap() []error { return e.Errs }

// Status values of a game.
const (
	StatusActive = "active"
	StatusOver   = "over"
)

// Player values of a seat other than an agent name.
const PlayerHuman = "human"

// Seat is one side of a game. Only the SHA-256 of its token is kept; an
// agent's seat has none.
type Seat struct {
	Side      int    `json:"side"`
	Player    string `json:"player"` // PlayerHuman or an agent name
	TokenHash string `json:"token_hash,omitempty"`
}

// Game is a saved game's row: everything needed to rebuild it with the
// engine except its actions.
type Game struct {
	ID              string
	Rules           string
	Scenario        string
	ScenarioVersion int
	Seed            uint64
	HeaderHash      string // engine hash of the initial state
	Seats           []Seat
	SpectatorHash   string
	Config          json.RawMessage // opponent configuration, JSON
	Status          string
	Actions         int // number of records stored
	Created         time.Time
	Updated         time.Time
}

// Action is one applied action: an engine log record.
type Action struct {
	N      int             `json:"n"`
	Side   int             `json:"side"`
	Action json.RawMessage `json:"action"`
	Dice   []int           `json:"dice,omitempty"`
	Hash   string          `json:"hash"`
}

// Append adds records to a game that has exactly After records.
type Append struct {
	GameID  string
	After   int
	Actions []Action // numbered After+1, After+2, ...
	Status  string   // the game's status afterwards
}

// ListOptions filters ListGames.
type ListOptions struct {
	Status string // "" for any
	Limit  int    // 0 for 50
}

// Store is a saved-games backend. Implementations are safe for concurrent
// use; Append returns only after its records are durably committed.
type Store interface {
	// CreateGame stores a new game with no actions.
	CreateGame(ctx context.Context, g *Game) error
	// Game returns the game row, or ErrNotFound.
	Game(ctx context.Context, id string) (*Game, error)
	// Actions returns the records numbered after+1 onwards, in order.
	Actions(ctx context.Context, id string, after int) ([]Action, error)
	// Append adds records in one transaction if the game has exactly
	// a.After records; otherwise it returns ErrConflict and changes nothing.
	Append(ctx context.Context, a Append) error
	// ListGames returns games, most recently updated first. Games whose
	// records are damaged are left out and named in a *DamagedError,
	// returned beside the others.
	ListGames(ctx context.Context, o ListOptions) ([]*Game, error)
	// Ping reports whether the backend answers.
	Ping(ctx context.Context) error
	// Close flushes pending writes and releases the backend.
	Close() error
}

// Change is a commit that added records to a game, as a Watcher reports
// it. An empty GameID means commits may have been missed (the watch was
// interrupted): every game should be checked against the store.
type Change struct {
	GameID  string
	Actions int // the game's number of records after the commit
}

// Watcher is a Store that several processes may share (PostgreSQL): it
// reports the commits of all of them, so that each can push them to its
// own clients. SQLite is single-process and is no Watcher.
type Watcher interface {
	// Watch calls fn with every commit that adds records to a game,
	// whichever process made it (this one too), from when Watch returns
	// until cancel is called or the store is closed. fn is called from
	// one goroutine, in commit order, and must not block.
	Watch(ctx context.Context, fn func(Change)) (cancel func(), err error)
}

// AILeaser is implemented by stores that several servers may share
// (PostgreSQL): before computing an AI decision a server leases it, so
// only one server spends the time on it.
type AILeaser interface {
	// LeaseAI grants owner the decision a game faces after n records
	// for ttl, unless another owner holds an unexpired lease on the same
	// or a later decision. Granting an owner its own lease again renews it.
	LeaseAI(ctx context.Context, gameID string, n int, owner string, ttl time.Duration) (bool, error)
}

// Open opens the store named by dsn: a postgres:// or postgresql:// URL
// for PostgreSQL, anything else is a SQLite file path (created if
// missing). It runs the migrations.
func Open(ctx context.Context, dsn string) (Store, error) {
	if IsPostgres(dsn) {
		return OpenPostgres(ctx, dsn)
	}
	return OpenSQLite(ctx, dsn)
}

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// HashToken returns the hex SHA-256 of a token, the form seats keep.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
