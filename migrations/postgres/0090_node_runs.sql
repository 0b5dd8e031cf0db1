-- A dead node's rooms are taken at once, not when their leases lapse
-- (issue 29). Each run of a node (a process: a node restarted under the
-- same name is a new run) holds a session-level advisory lock, key
-- (1280263237, run), on a connection of its own for as long as it lives.
-- PostgreSQL frees the lock when that session ends (the process died, its
-- connection dropped); a stalled process keeps its session, and its
-- leases still guard it. A lease names the run that took it; a lease of a
-- run whose lock nobody holds may be taken before it expires. The fence is
-- unchanged: a node writes only under its lease's epoch.

ALTER TABLE nodes ADD COLUMN run BIGINT;
ALTER TABLE leases ADD COLUMN run BIGINT;

-- The runs whose lock is held now, in this database.
CREATE VIEW live_runs AS
    SELECT objid::bigint AS run FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND classid = 1280263237 AND objsubid = 2
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database());
