-- +goose Up
CREATE TABLE games (
    id               TEXT PRIMARY KEY,
    rules            TEXT NOT NULL,
    scenario         TEXT NOT NULL,
    scenario_version INTEGER NOT NULL,
    seed             TEXT NOT NULL,    -- decimal uint64
    header_hash      TEXT NOT NULL,    -- engine hash of the initial state
    seats            TEXT NOT NULL,    -- JSON [{side, player, token_hash}]
    spectator_hash   TEXT NOT NULL,    -- hex SHA-256 of the spectator token
    config           TEXT NOT NULL,    -- JSON opponent configuration
    status           TEXT NOT NULL,
    actions          INTEGER NOT NULL DEFAULT 0,
    created_at       BIGINT NOT NULL, -- Unix milliseconds
    updated_at       BIGINT NOT NULL
);
CREATE INDEX games_updated ON games (updated_at);
CREATE TABLE actions (
    game_id    TEXT NOT NULL REFERENCES games (id),
    n          INTEGER NOT NULL,
    side       INTEGER NOT NULL,
    action     TEXT NOT NULL,          -- JSON {"kind":...}
    dice       TEXT NOT NULL,          -- JSON array of faces
    hash       TEXT NOT NULL,          -- engine state hash after the action
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- +goose Down
DROP TABLE actions;
DROP TABLE games;
