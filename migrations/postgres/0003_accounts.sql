-- Accounts, ratings and each player's finished games (issue 14).
--
-- An account is a guest with a name and a password: `guest_id` is the
-- guest it was made from, so its history stays. `name_key` is the name in
-- lower case: account names are unique whatever their case.
CREATE TABLE accounts (
    guest_id       TEXT PRIMARY KEY,
    name_key       TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL,      -- argon2id, as a PHC string
    created_at     BIGINT NOT NULL     -- unix milliseconds
);

-- The tokens of the devices an account logged in on (the guest's first
-- token stays in `guests`): hex SHA-256 of each, like `guests.token_hash`.
CREATE TABLE account_tokens (
    token_hash  TEXT PRIMARY KEY,
    guest_id    TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

-- Weng-Lin (OpenSkill) ratings, one per player and rating key (`magneton`,
-- `magma-4`...).
CREATE TABLE ratings (
    guest_id    TEXT NOT NULL,
    rating_key  TEXT NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (guest_id, rating_key)
);
CREATE INDEX ratings_by_key ON ratings (rating_key);

-- Games whose result is still to be recorded: a row is written when a
-- game starts and removed once its result is in, so a server that stopped
-- between a game's end and its result finds it again at start.
CREATE TABLE games_due (
    room_id  TEXT PRIMARY KEY,
    at       BIGINT NOT NULL
);

-- The rated games whose ratings are applied: written in the same
-- transaction as the new ratings, so a game is rated once.
CREATE TABLE rated_games (
    room_id     TEXT PRIMARY KEY,
    rating_key  TEXT NOT NULL,
    rated_at    BIGINT NOT NULL
);

-- Each player's finished games, for the player pages.
CREATE TABLE player_games (
    guest_id     TEXT NOT NULL,
    room_id      TEXT NOT NULL,
    game         TEXT NOT NULL,      -- the rating key: magneton, magma-4...
    result       TEXT NOT NULL,      -- win | loss | draw
    rated        BIGINT NOT NULL,   -- 0 or 1
    finished_at  BIGINT NOT NULL,   -- unix milliseconds
    PRIMARY KEY (guest_id, room_id)
);
CREATE INDEX player_games_recent ON player_games (guest_id, finished_at);
