-- Several nodes over one database (issue 12): which node owns each live
-- room, under a lease that expires by the database's own clock, and where
-- each node can be reached. Nothing here is room state: the events are.

CREATE TABLE nodes (
    name       TEXT PRIMARY KEY,
    url        TEXT NOT NULL,                     -- where clients reach its /ws
    heartbeat  TIMESTAMPTZ NOT NULL DEFAULT now() -- the database's clock
);

-- One row per live room. A node may append to a room's log only while it
-- holds the row at its epoch and before expires_at (checked in the same
-- transaction as the append); taking the room from another node bumps the
-- epoch.
CREATE TABLE leases (
    room_id     TEXT PRIMARY KEY,
    node        TEXT NOT NULL,
    epoch       BIGINT NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    deadline    BIGINT,            -- unix ms of the room's next timer (a clock, a Magma turn, expiry), if any
    public      BOOLEAN NOT NULL DEFAULT false,
    status      TEXT NOT NULL DEFAULT 'open',
    summary     TEXT,              -- the room's line in the public list (JSON), as its owner last wrote it
    seated      TEXT NOT NULL DEFAULT '[]' -- the guests seated (JSON array of ids)
);

-- No index on expires_at: renewals and fences then update the rows in
-- place (HOT), and the sweeper's scan is of live rooms only.
