-- The language a push subscription's notifications are written in (issue
-- 33): the `lang` of the hello of the connection that subscribed, one of
-- the catalogues' tags (en, fr, de). Subscriptions from before speak
-- English.
ALTER TABLE push_subscriptions ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
