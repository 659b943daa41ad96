// Package store keeps saved games: one Store interface with two backends,
// an embedded SQLite file (the default) and PostgreSQL.
//
// A game is one row (scenario id and version, rules, seed, the initial
// state hash, seats with the SHA-256 of their tokens, opponent
// configuration, status) plus one row per applied action: the engine's log
// records (number, side, action JSON, dice, state hash). Loading a game is
// engine.Replay over those records, so the store holds no rules.
//
// Append is the only write on the hot path. It is an optimistic
// concurrency check: it adds records only if the game has exactly the
// number of records the caller saw, in the same transaction, so no action
// is ever stored twice. SQLite runs every write through one connection and
// commits the appends of concurrent games together (group commit): each
// caller still returns only after the transaction holding its records is
// durable. Both schemas are goose migrations embedded in the binary.
package store
