-- Readiness probes (issue 31): `/readyz` and `/healthz` store a row here to
-- learn whether a move could be stored now (a read-only file or a stopped
-- database fails the write). One row per server, overwritten each time.

CREATE TABLE probes (
    node  TEXT PRIMARY KEY,   -- the node's name, or '' for a server alone
    at    BIGINT NOT NULL     -- unix milliseconds of the last probe
);
