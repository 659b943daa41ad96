package store

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// OpenPostgres connects to the PostgreSQL database at url and migrates
// it (under an advisory lock, so servers starting together migrate once).
// Appends are plain transactions: the UPDATE of the game row takes its
// row lock, so concurrent appends to one game serialise and all but one
// see a stale count.
func OpenPostgres(ctx context.Context, url string) (Store, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(32)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: postgres: %w", err)
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
	return &sqlStore{name: "postgres", db: db, w: db, q: dollar}, nil
}
