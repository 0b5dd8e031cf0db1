-- Vacations (issue 27): an account's vacations as stored events, in the
-- order they happened. `begin` starts a vacation at `at` that runs
-- until `ends_at` (with the message shown to the other players); `end`
-- ends the running one early at `at`. Correspondence clocks do not run
-- for the account's seats while it is on vacation; the days taken in a
-- year count against the server's allowance.
CREATE TABLE vacation_events (
    guest_id  TEXT NOT NULL,
    seq       INTEGER NOT NULL,  -- 1, 2, ... per guest
    kind      TEXT NOT NULL,    -- begin | end
    at        INTEGER NOT NULL,  -- unix milliseconds
    ends_at   INTEGER,   -- begin: the planned end
    message   TEXT,             -- begin: shown to the other players
    PRIMARY KEY (guest_id, seq)
);
