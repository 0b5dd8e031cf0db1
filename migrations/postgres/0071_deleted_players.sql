-- Players whose data was deleted (issue 32). Their guest row stays, since
-- other players' records name it, but the player is gone: the console and
-- an export answer as for no player at all.
CREATE TABLE deleted_players (
    guest_id    TEXT PRIMARY KEY,   -- guests.id
    deleted_at  BIGINT NOT NULL     -- unix milliseconds
);
