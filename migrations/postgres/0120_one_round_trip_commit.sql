-- A group commit in one round trip (issue 29): PostgreSQL's writer sends a
-- batch as one script of statements, which PostgreSQL runs as one implicit
-- transaction, all or nothing. A script cannot look at a statement's rows
-- between two statements, so the two checks that need to are functions
-- that raise: the fence, and an update that must find its row.

-- The fence of a batch: for each room in the order given (the writer sorts
-- them, as renewals lock the same rows in room order), the lease must be
-- `nodes[i]`'s at `epochs[i]` and unexpired by the database's clock; the
-- row records the room's next deadline (and is locked, so a node taking
-- the room waits for this transaction). The first room whose lease is not
-- so stops everything: SQLSTATE LDFEN, the room's id as the message.
CREATE FUNCTION lodestone_fence(rooms TEXT[], nodes TEXT[], epochs BIGINT[], deadlines BIGINT[])
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 1 .. coalesce(array_length(rooms, 1), 0) LOOP
        UPDATE leases SET deadline = deadlines[i]
            WHERE room_id = rooms[i] AND node = nodes[i] AND epoch = epochs[i]
              AND expires_at > clock_timestamp();
        IF NOT FOUND THEN
            RAISE EXCEPTION USING ERRCODE = 'LDFEN', MESSAGE = rooms[i];
        END IF;
    END LOOP;
END
$$;

-- An update that must find its row (a rename, a room's status) changed
-- none: SQLSTATE LDROW. (Not named `found`: PL/pgSQL's FOUND would hide it.)
CREATE FUNCTION lodestone_found(changed BIGINT)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF changed = 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'LDROW', MESSAGE = 'no row to update';
    END IF;
END
$$;
