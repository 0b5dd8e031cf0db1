-- Guests, every room's append-only event log, and the room summaries
-- derived from the events (the same schema as SQLite's after its third
-- migration).

CREATE TABLE guests (
    id          TEXT PRIMARY KEY,          -- uuid
    name        TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,      -- hex SHA-256 of the token
    created_at  BIGINT NOT NULL,           -- unix milliseconds
    bot         TEXT                       -- the level of a computer player
);

CREATE TABLE events (
    room_id  TEXT NOT NULL,
    seq      BIGINT NOT NULL,              -- 1, 2, 3…: the room's version once this event is in
    kind     TEXT NOT NULL,                -- created, seat-taken, seat-freed, started, action, finished, expired, …
    at       BIGINT NOT NULL,              -- unix milliseconds
    data     TEXT NOT NULL,                -- a JSON object; its fields depend on the kind
    PRIMARY KEY (room_id, seq)
);

-- Written in the same transaction as every event that changes it.
CREATE TABLE rooms (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    public      BOOLEAN NOT NULL,
    status      TEXT NOT NULL,             -- open | playing | finished | expired
    created_at  BIGINT NOT NULL            -- unix milliseconds
);

CREATE INDEX rooms_by_status ON rooms (status);
