-- The games waiting for a guest's move (`turns`), laid out so that a move
-- changes no key (issue 28): keyed by room, then guest; a guest's row
-- stays while the game goes on, with `waiting` set or cleared and its turn
-- written in place, and the room's rows go when nobody waits there any
-- more (`store/notify.rs`). Before, a move handed the row from one guest
-- to the next by changing `guest_id`, the first column of the primary key:
-- a new index entry in both of the table's indexes at every move. Now a
-- move's update changes no indexed column, so PostgreSQL can write it on
-- the row's own page without touching an index (a heap-only tuple), for
-- which the table's pages keep room (`fillfactor`). The guest's games are
-- still found by guest, through `turns_by_guest`.
--
-- Every stored row is carried over; each was a guest waiting.
ALTER TABLE turns ADD COLUMN waiting BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE turns ALTER COLUMN waiting DROP DEFAULT;
ALTER TABLE turns DROP CONSTRAINT turns_pkey;
ALTER TABLE turns ADD PRIMARY KEY (room_id, guest_id);
DROP INDEX turns_by_room;
CREATE INDEX turns_by_guest ON turns (guest_id);
ALTER TABLE turns SET (fillfactor = 50);

-- `lodestone_append` (migration 0121) with the turn rows' new statements,
-- given as arrays (one element per change, in order), each as
-- `store/plan.rs` writes it for SQLite:
--   1  the guest waits: game, since, seq of (guest, room), the row made or
--      set waiting
--   2  the guest no longer waits: the row of (guest, room) kept, not waiting
--   3  nobody waits in the room: its rows deleted
-- An unknown kind stops everything (SQLSTATE LDKND): nothing is stored.
DROP FUNCTION lodestone_append(
    TEXT[], BIGINT[], TEXT[], BIGINT[], TEXT[],
    BIGINT[], TEXT[], BIGINT[], BIGINT[], TEXT[], TEXT[], TEXT[]
);
CREATE FUNCTION lodestone_append(
    e_room TEXT[], e_seq BIGINT[], e_kind TEXT[], e_at BIGINT[], e_data TEXT[],
    t_kind BIGINT[], t_game TEXT[], t_since BIGINT[], t_seq BIGINT[],
    t_guest TEXT[], t_room TEXT[]
)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF coalesce(array_length(e_room, 1), 0) > 0 THEN
        INSERT INTO events (room_id, seq, kind, at, data)
            SELECT * FROM unnest(e_room, e_seq, e_kind, e_at, e_data);
    END IF;
    FOR i IN 1 .. coalesce(array_length(t_kind, 1), 0) LOOP
        CASE t_kind[i]
            WHEN 1 THEN
                INSERT INTO turns (guest_id, room_id, game, since, seq, waiting)
                    VALUES (t_guest[i], t_room[i], t_game[i], t_since[i], t_seq[i], TRUE)
                    ON CONFLICT (room_id, guest_id) DO UPDATE SET game = excluded.game,
                        since = excluded.since, seq = excluded.seq, waiting = TRUE;
            WHEN 2 THEN
                UPDATE turns SET waiting = FALSE WHERE room_id = t_room[i] AND guest_id = t_guest[i];
            WHEN 3 THEN
                DELETE FROM turns WHERE room_id = t_room[i];
            ELSE
                RAISE EXCEPTION USING ERRCODE = 'LDKND', MESSAGE = 'unknown turn statement';
        END CASE;
    END LOOP;
END
$$;
