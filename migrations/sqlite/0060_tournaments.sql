-- Tournaments (issue 30). A tournament is its event log, like a room:
-- one row per event, keyed (tournament_id, seq). `tournaments` is the
-- summary derived from the log in the same transaction (its status and
-- its line in the list), so the server finds the live ones at start and
-- lists them without reading every log.
CREATE TABLE tournament_events (
    tournament_id  TEXT NOT NULL,
    seq            INTEGER NOT NULL,  -- 1, 2, 3…
    kind           TEXT NOT NULL,     -- created, joined, started, paired, game-over, finished, …
    at             INTEGER NOT NULL,  -- unix milliseconds
    data           TEXT NOT NULL,     -- the event as a JSON object
    PRIMARY KEY (tournament_id, seq)
) WITHOUT ROWID;

CREATE TABLE tournaments (
    id          TEXT PRIMARY KEY,
    organizer   TEXT NOT NULL,        -- the organizer's guest id
    public      INTEGER NOT NULL,     -- 0 or 1
    status      TEXT NOT NULL,        -- upcoming | running | finished
    created_at  INTEGER NOT NULL,     -- unix milliseconds
    summary     TEXT NOT NULL         -- its line in the list (JSON)
);

CREATE INDEX tournaments_by_status ON tournaments (status, created_at);
CREATE INDEX tournaments_by_organizer ON tournaments (organizer, status);
