-- A batch's events and turn rows in one function call (issue 29): the
-- statements inside a PL/pgSQL function are planned once per session and
-- their plans kept, where the same statements written into each batch's
-- script were parsed and planned again at every commit. The writer sends
-- `SELECT lodestone_append(…)` after the fences (and after any new guests
-- and rooms) of the batch's one-round-trip script (`store/postgres.rs`).

-- Inserts the events given as five arrays of equal length (one element per
-- event, in order), then runs the turn-row statements given as arrays (one
-- element per statement, in order), each as `store/notify.rs` writes it:
--   1  a waiting guest's turn changed: game, since, seq of (guest, room)
--   2  the row of `was` handed to `guest`, with game, since, seq
--   3  a new row (game, since, seq, guest, room), or the existing one set so
--   4  the row of (guest, room) deleted
-- An unknown kind stops everything (SQLSTATE LDKND): nothing is stored.
CREATE FUNCTION lodestone_append(
    e_room TEXT[], e_seq BIGINT[], e_kind TEXT[], e_at BIGINT[], e_data TEXT[],
    t_kind BIGINT[], t_game TEXT[], t_since BIGINT[], t_seq BIGINT[],
    t_guest TEXT[], t_was TEXT[], t_room TEXT[]
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
                UPDATE turns SET game = t_game[i], since = t_since[i], seq = t_seq[i]
                    WHERE guest_id = t_guest[i] AND room_id = t_room[i];
            WHEN 2 THEN
                UPDATE turns SET game = t_game[i], since = t_since[i], seq = t_seq[i], guest_id = t_guest[i]
                    WHERE guest_id = t_was[i] AND room_id = t_room[i];
            WHEN 3 THEN
                INSERT INTO turns (game, since, seq, guest_id, room_id)
                    VALUES (t_game[i], t_since[i], t_seq[i], t_guest[i], t_room[i])
                    ON CONFLICT (guest_id, room_id) DO UPDATE SET game = excluded.game,
                        since = excluded.since, seq = excluded.seq;
            WHEN 4 THEN
                DELETE FROM turns WHERE guest_id = t_guest[i] AND room_id = t_room[i];
            ELSE
                RAISE EXCEPTION USING ERRCODE = 'LDKND', MESSAGE = 'unknown turn statement';
        END CASE;
    END LOOP;
END
$$;
