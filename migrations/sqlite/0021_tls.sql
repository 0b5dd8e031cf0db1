-- HTTPS by itself (issue 31): what the server keeps of ACME, in the
-- database so that several nodes share one account and one certificate.
-- `tls_state` holds the ACME account's credentials, each certificate with
-- its private key (JSON), and the short claims that let one node at a time
-- order a certificate; `acme_challenges` the HTTP-01 answers, which any
-- node serves.

CREATE TABLE tls_state (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_at  BIGINT NOT NULL    -- unix milliseconds
);

CREATE TABLE acme_challenges (
    token              TEXT PRIMARY KEY,
    key_authorization  TEXT NOT NULL,
    created_at         BIGINT NOT NULL
);
