-- The games waiting for a guest's move (`turns`), laid out so that a move
-- changes no key (issue 28): keyed by room, then guest, and clustered so
-- (WITHOUT ROWID: a room's rows are one entry each in the table's one
-- b-tree, on one page); a guest's row stays while the game goes on, with
-- `waiting` set or cleared and its turn written in place, and the room's
-- rows go when nobody waits there any more (`store/notify.rs`). Before, a
-- move handed the row from one guest to the next by changing `guest_id`,
-- the first column of the primary key, so every move moved an index entry
-- too. The guest's games are still found by guest, through
-- `turns_by_guest`, whose column a move never changes.
--
-- Every stored row is carried over; each was a guest waiting.
CREATE TABLE turns_kept (
    guest_id  TEXT NOT NULL,
    room_id   TEXT NOT NULL,
    game      TEXT NOT NULL,
    since     INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    waiting   INTEGER NOT NULL,  -- 0 or 1
    PRIMARY KEY (room_id, guest_id)
) WITHOUT ROWID;
INSERT INTO turns_kept (guest_id, room_id, game, since, seq, waiting)
    SELECT guest_id, room_id, game, since, seq, 1 FROM turns;
DROP TABLE turns;
ALTER TABLE turns_kept RENAME TO turns;
CREATE INDEX turns_by_guest ON turns (guest_id);
