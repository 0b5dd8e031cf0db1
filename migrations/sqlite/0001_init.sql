-- Guests, rooms, seats and the append-only action log.

CREATE TABLE guests (
    id          TEXT PRIMARY KEY,            -- uuid
    name        TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,        -- hex SHA-256 of the token
    created_at  INTEGER NOT NULL             -- unix milliseconds
);

CREATE TABLE rooms (
    id           TEXT PRIMARY KEY,           -- uuid
    game         TEXT NOT NULL,              -- magnet | magma | magnetism | magneton
    options      TEXT NOT NULL,              -- canonical key=value lines
    public       INTEGER NOT NULL,           -- 0 or 1
    invite       TEXT,                       -- invite code of a private room
    seed         TEXT NOT NULL,              -- hex RNG seed, secret until the game ends
    status       TEXT NOT NULL,              -- open | playing | finished
    created_at   INTEGER NOT NULL,
    started_at   INTEGER,
    finished_at  INTEGER,
    result       TEXT                        -- the outcome line, once finished
);

CREATE INDEX rooms_by_status ON rooms (status);

CREATE TABLE seats (
    room_id   TEXT NOT NULL REFERENCES rooms (id),
    seat      INTEGER NOT NULL,
    guest_id  TEXT NOT NULL REFERENCES guests (id),
    PRIMARY KEY (room_id, seat)
);

CREATE TABLE actions (
    room_id  TEXT NOT NULL REFERENCES rooms (id),
    ply      INTEGER NOT NULL,               -- from 1
    seat     INTEGER NOT NULL,
    action   TEXT NOT NULL,                  -- notation
    at_ms    INTEGER NOT NULL,               -- milliseconds since the game started
    salt     TEXT,                           -- hex salt of a secret action's commitment
    PRIMARY KEY (room_id, ply)
);
