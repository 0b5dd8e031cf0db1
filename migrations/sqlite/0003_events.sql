-- Every room becomes one append-only event log. The rooms, seats and
-- actions of the first schema are turned into events, so games in progress
-- carry on after the upgrade; `rooms` shrinks to a summary derived from
-- the events.

CREATE TABLE events (
    room_id  TEXT NOT NULL,
    seq      INTEGER NOT NULL,   -- 1, 2, 3…: the room's version once this event is in
    kind     TEXT NOT NULL,      -- created, seat-taken, seat-freed, started, action, finished, expired, …
    at       INTEGER NOT NULL,   -- unix milliseconds
    data     TEXT NOT NULL,      -- a JSON object; its fields depend on the kind
    PRIMARY KEY (room_id, seq)
) WITHOUT ROWID;

-- The old options text ("key=value" lines, each ending in a newline) as a
-- JSON object, per room.
CREATE TEMP TABLE old_options AS
WITH RECURSIVE lines (room_id, rest, line) AS (
    SELECT id, options, NULL FROM rooms
    UNION ALL
    SELECT room_id,
           substr(rest, instr(rest, char(10)) + 1),
           substr(rest, 1, instr(rest, char(10)) - 1)
    FROM lines
    WHERE instr(rest, char(10)) > 0
)
SELECT r.id AS room_id,
       COALESCE((SELECT json_group_object(substr(l.line, 1, instr(l.line, '=') - 1),
                                          substr(l.line, instr(l.line, '=') + 1))
                 FROM lines l
                 WHERE l.room_id = r.id AND l.line IS NOT NULL AND instr(l.line, '=') > 0),
                '{}') AS options
FROM rooms r;

-- How many seats each room had taken (they come right after `created`).
CREATE TEMP TABLE old_seat_counts AS
SELECT r.id AS room_id, (SELECT COUNT(*) FROM seats s WHERE s.room_id = r.id) AS seats
FROM rooms r;

-- 1: created.
INSERT INTO events (room_id, seq, kind, at, data)
SELECT r.id, 1, 'created', r.created_at,
       json_object('game', r.game,
                   'options', json(o.options),
                   'public', json(CASE WHEN r.public <> 0 THEN 'true' ELSE 'false' END),
                   'invite', r.invite,
                   'seed', r.seed)
FROM rooms r JOIN old_options o ON o.room_id = r.id;

-- 2…: the seats held, in seat order.
INSERT INTO events (room_id, seq, kind, at, data)
SELECT s.room_id, 1 + ROW_NUMBER() OVER (PARTITION BY s.room_id ORDER BY s.seat), 'seat-taken', r.created_at,
       json_object('seat', s.seat, 'guest', s.guest_id, 'name', g.name)
FROM seats s JOIN rooms r ON r.id = s.room_id JOIN guests g ON g.id = s.guest_id;

-- Then started, for a game that did.
INSERT INTO events (room_id, seq, kind, at, data)
SELECT r.id, 2 + c.seats, 'started', COALESCE(r.started_at, r.created_at), '{}'
FROM rooms r JOIN old_seat_counts c ON c.room_id = r.id
WHERE r.status <> 'open';

-- Then every action, in play order.
INSERT INTO events (room_id, seq, kind, at, data)
SELECT a.room_id, 2 + c.seats + a.ply, 'action', COALESCE(r.started_at, r.created_at) + a.at_ms,
       json_object('seat', a.seat, 'action', a.action, 'at_ms', a.at_ms, 'salt', a.salt)
FROM actions a JOIN rooms r ON r.id = a.room_id JOIN old_seat_counts c ON c.room_id = a.room_id;

-- Then finished, for a game that did.
INSERT INTO events (room_id, seq, kind, at, data)
SELECT r.id, 3 + c.seats + COALESCE((SELECT MAX(a.ply) FROM actions a WHERE a.room_id = r.id), 0), 'finished',
       COALESCE(r.finished_at, r.started_at, r.created_at),
       json_object('result', COALESCE(r.result, ''))
FROM rooms r JOIN old_seat_counts c ON c.room_id = r.id
WHERE r.status = 'finished';

DROP TABLE old_options;
DROP TABLE old_seat_counts;
DROP TABLE actions;
DROP TABLE seats;

-- The summary the server reads at start to find the live rooms, written in
-- the same transaction as every event that changes it.
CREATE TABLE room_summaries (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    public      INTEGER NOT NULL,   -- 0 or 1
    status      TEXT NOT NULL,      -- open | playing | finished | expired
    created_at  INTEGER NOT NULL    -- unix milliseconds
);

INSERT INTO room_summaries (id, game, public, status, created_at)
SELECT id, game, public, status, created_at FROM rooms;

DROP TABLE rooms;
ALTER TABLE room_summaries RENAME TO rooms;

CREATE INDEX rooms_by_status ON rooms (status);
