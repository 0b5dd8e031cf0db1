-- Moderation (issue 32, docs/moderation.md).
--
-- Roles beyond playing: `admin` (made by the host) or `moderator`
-- (appointed by an admin). A player without a row is a player.
CREATE TABLE roles (
    guest_id    TEXT PRIMARY KEY,
    role        TEXT NOT NULL,      -- admin | moderator
    granted_by  TEXT,               -- a guest id; NULL: the host
    granted_at  INTEGER NOT NULL    -- unix milliseconds
);

-- Every admin and moderator action, as it was done: the audit log.
CREATE TABLE audit (
    id          TEXT PRIMARY KEY,
    at          INTEGER NOT NULL,
    actor_id    TEXT,               -- NULL: the host on the command line
    action      TEXT NOT NULL,
    target_id   TEXT,
    room_id     TEXT,
    detail      TEXT NOT NULL
);
CREATE INDEX audit_by_time ON audit (at);
CREATE INDEX audit_by_target ON audit (target_id);

-- Bans (of an account or an address), chat timeouts (in a room or
-- everywhere) and bans from rated play (abandoned games).
CREATE TABLE sanctions (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,      -- ban | timeout | rated_ban
    guest_id    TEXT,
    address     TEXT,
    room_id     TEXT,
    reason      TEXT NOT NULL,
    by_id       TEXT,               -- NULL: the server (abandonment)
    at          INTEGER NOT NULL,
    until       INTEGER,            -- NULL: for good
    lifted_at   INTEGER
);
CREATE INDEX sanctions_by_guest ON sanctions (guest_id, kind);
CREATE INDEX sanctions_by_address ON sanctions (address, kind);

-- Who blocks whom.
CREATE TABLE blocks (
    guest_id    TEXT NOT NULL,
    blocked_id  TEXT NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (guest_id, blocked_id)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked_id);

-- A player's settings: zen (no chat shown), spectators muted in its games.
CREATE TABLE preferences (
    guest_id         TEXT PRIMARY KEY,
    zen              INTEGER NOT NULL,
    mute_spectators  INTEGER NOT NULL
);

-- Reports of players, with their context (a JSON object) as it was when
-- the report was made.
CREATE TABLE reports (
    id            TEXT PRIMARY KEY,
    at            INTEGER NOT NULL,
    reporter_id   TEXT NOT NULL,
    target_id     TEXT NOT NULL,
    room_id       TEXT,
    reason        TEXT NOT NULL,
    context       TEXT,
    status        TEXT NOT NULL,    -- open | taken | resolved | dismissed
    moderator_id  TEXT,
    note          TEXT,
    updated_at    INTEGER NOT NULL
);
CREATE INDEX reports_by_status ON reports (status, at);
CREATE INDEX reports_by_target ON reports (target_id);

-- Rated (or tournament) games a player left: absent past the grace with
-- its time running, or aborted.
CREATE TABLE offenses (
    guest_id  TEXT NOT NULL,
    room_id   TEXT NOT NULL,
    kind      TEXT NOT NULL,        -- left | aborted
    at        INTEGER NOT NULL,
    PRIMARY KEY (guest_id, room_id, kind)
);

-- Names a moderator took away: no guest or account may take them again
-- (compared in lower case).
CREATE TABLE banned_names (
    name_key  TEXT PRIMARY KEY,
    at        INTEGER NOT NULL
);
