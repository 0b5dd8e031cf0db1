-- Computer players: a guest that is a bot has its level here, so a
-- restarted server can set it playing again.
ALTER TABLE guests ADD COLUMN bot TEXT;
