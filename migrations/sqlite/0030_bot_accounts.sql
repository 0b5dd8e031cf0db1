-- Bot accounts and their API tokens (issue 33).
--
-- An account marked a bot (a program plays it) has a row here; the flag
-- is never taken back. Rooms show its seats as a bot's, rated rooms seat
-- it against people only when they allow it, and tournaments will admit
-- it only when their organizer does.
CREATE TABLE bot_accounts (
    guest_id   TEXT PRIMARY KEY,   -- accounts.guest_id
    marked_at  INTEGER NOT NULL     -- unix milliseconds
);

-- The API tokens a bot account's program says hello with, made and
-- revoked from the account's settings: hex SHA-256 of each, like the
-- other tokens; `id` names a token to revoke it without knowing it.
CREATE TABLE api_tokens (
    id          TEXT PRIMARY KEY,
    guest_id    TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    label       TEXT NOT NULL,
    created_at  INTEGER NOT NULL     -- unix milliseconds
);
CREATE INDEX api_tokens_by_guest ON api_tokens (guest_id);
