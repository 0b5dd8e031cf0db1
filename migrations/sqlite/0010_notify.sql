-- Notifications (issue 27): the server's VAPID key, Web Push
-- subscriptions, webhooks, the deliveries derived from rooms' stored
-- events (one row per event and target, claimed before it is sent, so a
-- restart or another node sends it once), and the games waiting for each
-- guest's move.

-- The server's VAPID (RFC 8292) P-256 private key, made at first start
-- unless a flag gives one: unpadded base64url of the 32-byte scalar.
CREATE TABLE vapid_keys (
    id           INTEGER PRIMARY KEY,       -- always 1
    private_key  TEXT NOT NULL,
    created_at   INTEGER NOT NULL
);

-- A browser's push subscription, belonging to a guest (or account).
CREATE TABLE push_subscriptions (
    endpoint    TEXT PRIMARY KEY,
    guest_id    TEXT NOT NULL,
    p256dh      TEXT NOT NULL,         -- unpadded base64url, 65 bytes
    auth        TEXT NOT NULL,         -- unpadded base64url, 16 bytes
    events      TEXT NOT NULL,         -- the categories wanted, comma-separated
    created_at  INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_guest ON push_subscriptions (guest_id);

-- A webhook of a room (owner 'room:ID', set by its owner) or of an
-- account for all its games (owner 'guest:ID').
CREATE TABLE webhooks (
    owner       TEXT NOT NULL,
    url         TEXT NOT NULL,
    format      TEXT NOT NULL,         -- discord | json
    secret      TEXT NOT NULL,         -- the HMAC-SHA-256 key, hex
    events      TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (owner, url)
);

-- One notification of one room event to one target ('push ENDPOINT' or
-- 'hook URL'): the key makes a second derivation of the same event a
-- no-op, and one URL gets an event once however many owners share it.
CREATE TABLE deliveries (
    room_id        TEXT NOT NULL,
    seq            INTEGER NOT NULL,      -- the event's seq (a turn's first event)
    kind           TEXT NOT NULL,      -- your-turn | game-started | offer | time-running-out | game-over
    target         TEXT NOT NULL,
    guest_id       TEXT,               -- whom it concerns (dropped when that guest acts)
    hook_owner     TEXT,               -- the webhooks row of a 'hook' target
    body           TEXT NOT NULL,      -- the notice as JSON (never a hidden value)
    due_at         INTEGER NOT NULL,      -- unix ms: not before
    attempts       INTEGER NOT NULL,
    state          TEXT NOT NULL,      -- due | sent | dropped | failed
    node           TEXT NOT NULL,      -- the node that derived it (it sends first)
    claimed_until  INTEGER,               -- unix ms: claimed by a sender until then
    PRIMARY KEY (room_id, seq, kind, target)
);
CREATE INDEX deliveries_due ON deliveries (state, due_at);

-- The games waiting for a guest's move, kept from the rooms' stored
-- events: since when, and the seq that made it the guest's move.
CREATE TABLE turns (
    guest_id  TEXT NOT NULL,
    room_id   TEXT NOT NULL,
    game      TEXT NOT NULL,
    since     INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    PRIMARY KEY (guest_id, room_id)
);
CREATE INDEX turns_by_room ON turns (room_id);
