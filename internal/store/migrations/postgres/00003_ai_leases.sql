-- +goose Up
-- Servers sharing the database take a lease on a game's next AI decision
-- before computing it (store.AILeaser), so one of them spends the time.
-- n is the number of records the game had when the lease was taken; a
-- lease lapses at expires_at, so a server that died holding one delays
-- the game by at most its term.
CREATE TABLE ai_leases (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    n          INTEGER NOT NULL,
    owner      TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE ai_leases;
