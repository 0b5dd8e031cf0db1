//! The storage of notifications (`notify/`): the VAPID key, push
//! subscriptions, webhooks, deliveries and the games waiting for each
//! guest's move. Transactions of their own on the pool, like the accounts'
//! (one SQL text for both backends); a delivery is claimed with a
//! conditional `UPDATE` before it is sent, so one node sends it once.

use super::db::{Db, with_pool};
use super::handle::Store;
use super::types::StoreError;

/// A browser's push subscription.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SubscriptionRow {
    pub endpoint: String,
    pub guest_id: String,
    pub p256dh: String,
    pub auth: String,
    /// The categories wanted, comma-separated.
    pub events: String,
    /// The language its notifications are written in (`en`, `fr`, `de`).
    pub lang: String,
}

/// A webhook: of a room (`owner` = `room:ID`) or of an account
/// (`guest:ID`).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct WebhookRow {
    pub owner: String,
    pub url: String,
    pub format: String,
    pub secret: String,
    pub events: String,
}

/// One notification of one event to one target.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DeliveryRow {
    pub room_id: String,
    pub seq: i64,
    pub kind: String,
    /// `push ENDPOINT` or `hook URL`.
    pub target: String,
    pub guest_id: Option<String>,
    pub hook_owner: Option<String>,
    pub body: String,
    pub due_at: i64,
    pub attempts: i64,
}

/// A game waiting for a guest's move.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TurnRow {
    pub guest_id: String,
    pub room_id: String,
    pub game: String,
    pub since: i64,
    pub seq: i64,
}

/// What one room's notice changes, written in one transaction: the games
/// waiting (the room's rows replaced by `turns`), the pending deliveries
/// about `drop_for` dropped (they acted, or the turn passed), and new
/// deliveries (a second insert of the same key does nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoticeWrite {
    pub room_id: String,
    pub turns: Vec<TurnRow>,
    pub drop_for: Vec<String>,
    /// Only deliveries derived before this seq are dropped.
    pub drop_before: i64,
    pub deliveries: Vec<DeliveryRow>,
    pub node: String,
    /// Time alarms not sent yet to move (a vacation moved their clock):
    /// guest, the turn's seq, the new due time.
    pub alarms: Vec<(String, i64, i64)>,
}

/// How a subscription or webhook request went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    Done,
    /// The owner has as many as it may already.
    TooMany,
}

impl Store {
    /// The stored VAPID private key, if one was made.
    pub async fn vapid_key(&self) -> Result<Option<String>, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            sqlx::query_as::<_, (String,)>("SELECT private_key FROM vapid_keys WHERE id = 1")
                .fetch_optional(pool)
                .await
        })?
        .map(|(k,)| k))
    }

    /// Stores `key` as the VAPID key unless one is stored already (another
    /// node may have been first); returns the key that is stored.
    pub async fn keep_vapid_key(&self, key: &str, now: i64) -> Result<String, StoreError> {
        with_pool!(&self.db, pool => {
            sqlx::query(
                "INSERT INTO vapid_keys (id, private_key, created_at) VALUES (1, $1, $2) ON CONFLICT DO NOTHING",
            )
            .bind(key)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        Ok(self.vapid_key().await?.unwrap_or_else(|| key.to_string()))
    }

    /// Saves a subscription for `row.guest_id` (an endpoint another guest
    /// had moves to this one: a browser has one subscription), unless the
    /// guest has `max` others already (0: no limit).
    pub async fn save_subscription(
        &self,
        row: &SubscriptionRow,
        now: i64,
        max: usize,
    ) -> Result<Saved, StoreError> {
        self.save_counted(
            "INSERT INTO push_subscriptions (endpoint, guest_id, p256dh, auth, events, lang, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (endpoint) DO UPDATE SET \
             guest_id = excluded.guest_id, p256dh = excluded.p256dh, auth = excluded.auth, \
             events = excluded.events, lang = excluded.lang",
            &[
                &row.endpoint,
                &row.guest_id,
                &row.p256dh,
                &row.auth,
                &row.events,
                &row.lang,
            ],
            now,
            "SELECT COUNT(*) FROM push_subscriptions WHERE guest_id = $1 AND endpoint <> $2",
            (&row.guest_id, &row.endpoint),
            max,
        )
        .await
    }

    /// Stores a row of texts and its time (`insert`: the texts `$1`…,
    /// then the time),
    /// unless `count` (`$1` the owner, `$2` the row's key) finds `max`
    /// others of the same owner (0: no limit).
    async fn save_counted(
        &self,
        insert: &'static str,
        values: &[&str],
        now: i64,
        count: &'static str,
        (owner, key): (&str, &str),
        max: usize,
    ) -> Result<Saved, StoreError> {
        with_pool!(&self.db, pool => {
            // The write first: on SQLite it takes the write lock (waiting
            // for it), where a read first could not upgrade.
            let mut tx = pool.begin().await?;
            let mut query = sqlx::query(insert);
            for value in values {
                query = query.bind(value);
            }
            query.bind(now).execute(&mut *tx).await?;
            let (others,) = sqlx::query_as::<_, (i64,)>(count)
                .bind(owner)
                .bind(key)
                .fetch_one(&mut *tx)
                .await?;
            if max > 0 && others as usize >= max {
                return Ok(Saved::TooMany);
            }
            tx.commit().await?;
            Ok(Saved::Done)
        })
    }

    /// Deletes `endpoint` (of `guest`, or of anyone with `None`); whether
    /// there was one.
    pub async fn delete_subscription(&self, endpoint: &str, guest: Option<&str>) -> Result<bool, StoreError> {
        let done = with_pool!(&self.db, pool => {
            sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND ($2 IS NULL OR guest_id = $2)")
                .bind(endpoint)
                .bind(guest)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
        })?;
        Ok(done > 0)
    }

    /// The subscriptions of `guest`.
    pub async fn subscriptions_of(&self, guest: &str) -> Result<Vec<SubscriptionRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            sqlx::query_as::<_, SubscriptionRow>(
                "SELECT endpoint, guest_id, p256dh, auth, events, lang FROM push_subscriptions WHERE guest_id = $1 \
                 ORDER BY endpoint",
            )
            .bind(guest)
            .fetch_all(pool)
            .await
        })?)
    }

    /// The subscription at `endpoint`.
    pub async fn subscription(&self, endpoint: &str) -> Result<Option<SubscriptionRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            sqlx::query_as::<_, SubscriptionRow>(
                "SELECT endpoint, guest_id, p256dh, auth, events, lang FROM push_subscriptions WHERE endpoint = $1",
            )
            .bind(endpoint)
            .fetch_optional(pool)
            .await
        })?)
    }

    /// Saves a webhook (replacing the same owner's one at the same URL,
    /// with a new secret), unless its owner has `max` others (0: no limit).
    pub async fn save_webhook(&self, row: &WebhookRow, now: i64, max: usize) -> Result<Saved, StoreError> {
        self.save_counted(
            "INSERT INTO webhooks (owner, url, format, secret, events, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (owner, url) DO UPDATE SET format = excluded.format, secret = excluded.secret, \
             events = excluded.events",
            &[&row.owner, &row.url, &row.format, &row.secret, &row.events],
            now,
            "SELECT COUNT(*) FROM webhooks WHERE owner = $1 AND url <> $2",
            (&row.owner, &row.url),
            max,
        )
        .await
    }

    /// Deletes the webhook of `owner` at `url`; whether there was one.
    pub async fn delete_webhook(&self, owner: &str, url: &str) -> Result<bool, StoreError> {
        let done = with_pool!(&self.db, pool => {
            sqlx::query("DELETE FROM webhooks WHERE owner = $1 AND url = $2")
                .bind(owner)
                .bind(url)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
        })?;
        Ok(done > 0)
    }

    /// The webhooks of `owner`.
    pub async fn webhooks_of(&self, owner: &str) -> Result<Vec<WebhookRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            sqlx::query_as::<_, WebhookRow>(
                "SELECT owner, url, format, secret, events FROM webhooks WHERE owner = $1 ORDER BY url",
            )
            .bind(owner)
            .fetch_all(pool)
            .await
        })?)
    }

    /// The webhook of `owner` at `url`.
    pub async fn webhook(&self, owner: &str, url: &str) -> Result<Option<WebhookRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            sqlx::query_as::<_, WebhookRow>(
                "SELECT owner, url, format, secret, events FROM webhooks WHERE owner = $1 AND url = $2",
            )
            .bind(owner)
            .bind(url)
            .fetch_optional(pool)
            .await
        })?)
    }

    /// The games waiting for a move, of `room` (by guest) or of `guest`
    /// (oldest first).
    pub async fn turns(&self, room: Option<&str>, guest: Option<&str>) -> Result<Vec<TurnRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            sqlx::query_as::<_, TurnRow>(
                "SELECT guest_id, room_id, game, since, seq FROM turns \
                 WHERE ($1 IS NULL OR room_id = $1) AND ($2 IS NULL OR guest_id = $2) \
                 ORDER BY since, room_id, guest_id",
            )
            .bind(room)
            .bind(guest)
            .fetch_all(pool)
            .await
        })?)
    }

    /// Writes what the notices of rooms change, each in one transaction.
    pub async fn write_notices(&self, writes: &[NoticeWrite]) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            for w in writes {
                sqlx::query("DELETE FROM turns WHERE room_id = $1")
                    .bind(&w.room_id)
                    .execute(&mut *tx)
                    .await?;
                for t in &w.turns {
                    sqlx::query(
                        "INSERT INTO turns (guest_id, room_id, game, since, seq) VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(&t.guest_id)
                    .bind(&t.room_id)
                    .bind(&t.game)
                    .bind(t.since)
                    .bind(t.seq)
                    .execute(&mut *tx)
                    .await?;
                }
                for guest in &w.drop_for {
                    sqlx::query(
                        "UPDATE deliveries SET state = 'dropped' WHERE room_id = $1 AND guest_id = $2 \
                         AND seq < $3 AND state = 'due' AND kind IN ('your-turn', 'time-running-out')",
                    )
                    .bind(&w.room_id)
                    .bind(guest)
                    .bind(w.drop_before)
                    .execute(&mut *tx)
                    .await?;
                }
                for d in &w.deliveries {
                    sqlx::query(
                        "INSERT INTO deliveries (room_id, seq, kind, target, guest_id, hook_owner, body, due_at, \
                         attempts, state, node, claimed_until) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 'due', $9, NULL) ON CONFLICT DO NOTHING",
                    )
                    .bind(&d.room_id)
                    .bind(d.seq)
                    .bind(&d.kind)
                    .bind(&d.target)
                    .bind(&d.guest_id)
                    .bind(&d.hook_owner)
                    .bind(&d.body)
                    .bind(d.due_at)
                    .bind(&w.node)
                    .execute(&mut *tx)
                    .await?;
                }
                for (guest, seq, due_at) in &w.alarms {
                    sqlx::query(
                        "UPDATE deliveries SET due_at = $1 WHERE room_id = $2 AND guest_id = $3 AND seq = $4 \
                         AND kind = 'time-running-out' AND state = 'due' AND attempts = 0",
                    )
                    .bind(due_at)
                    .bind(&w.room_id)
                    .bind(guest)
                    .bind(seq)
                    .execute(&mut *tx)
                    .await?;
                }
            }
            tx.commit().await?;
            Ok::<(), sqlx::Error>(())
        })?;
        Ok(())
    }

    /// Deliveries due by `now` that nobody holds: this node's, and after
    /// `takeover` ms any node's (the node that derived one may be gone).
    /// The earliest first, at most `limit`.
    pub async fn due_deliveries(
        &self,
        now: i64,
        node: &str,
        takeover: i64,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            sqlx::query_as::<_, DeliveryRow>(
                "SELECT room_id, seq, kind, target, guest_id, hook_owner, body, due_at, attempts FROM deliveries \
                 WHERE state = 'due' AND due_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1) \
                 AND (node = $2 OR due_at <= $3) ORDER BY due_at LIMIT $4",
            )
            .bind(now)
            .bind(node)
            .bind(now - takeover)
            .bind(limit)
            .fetch_all(pool)
            .await
        })?)
    }

    /// The earliest time a delivery of this node (or, after `takeover`,
    /// anyone's) falls due, if any is waiting.
    pub async fn next_due(&self, node: &str, takeover: i64) -> Result<Option<i64>, StoreError> {
        let row = with_pool!(&self.db, pool => {
            sqlx::query_as::<_, (Option<i64>,)>(
                "SELECT MIN(CASE WHEN node = $1 THEN due_at ELSE due_at + $2 END) FROM deliveries WHERE state = 'due'",
            )
            .bind(node)
            .bind(takeover)
            .fetch_one(pool)
            .await
        })?;
        Ok(row.0)
    }

    /// Claims `d` for `node` until `until`: true if this node now holds it
    /// (nobody else did, and it is still due).
    pub async fn claim_delivery(
        &self,
        d: &DeliveryRow,
        node: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let done = with_pool!(&self.db, pool => {
            sqlx::query(
                "UPDATE deliveries SET claimed_until = $1, node = $2 WHERE room_id = $3 AND seq = $4 AND kind = $5 \
                 AND target = $6 AND state = 'due' AND (claimed_until IS NULL OR claimed_until < $7)",
            )
            .bind(until)
            .bind(node)
            .bind(&d.room_id)
            .bind(d.seq)
            .bind(&d.kind)
            .bind(&d.target)
            .bind(now)
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
        })?;
        Ok(done == 1)
    }

    /// Settles a claimed delivery: `state` (`sent`, `dropped`, `failed`),
    /// or with `due`, due again at `again` after one more attempt.
    pub async fn settle_delivery(&self, d: &DeliveryRow, state: &str, again: i64) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            sqlx::query(
                "UPDATE deliveries SET state = $1, due_at = $2, attempts = attempts + 1, claimed_until = NULL \
                 WHERE room_id = $3 AND seq = $4 AND kind = $5 AND target = $6",
            )
            .bind(state)
            .bind(again)
            .bind(&d.room_id)
            .bind(d.seq)
            .bind(&d.kind)
            .bind(&d.target)
            .execute(pool)
            .await
            .map(|_| ())
        })?;
        Ok(())
    }

    /// Drops every delivery still due to `target` (a subscription gone).
    pub async fn drop_target(&self, target: &str) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            sqlx::query("UPDATE deliveries SET state = 'dropped' WHERE target = $1 AND state = 'due'")
                .bind(target)
                .execute(pool)
                .await
                .map(|_| ())
        })?;
        Ok(())
    }

    /// Forgets settled deliveries derived before `before` (unix ms).
    pub async fn forget_deliveries(&self, before: i64) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            sqlx::query("DELETE FROM deliveries WHERE state <> 'due' AND due_at < $1")
                .bind(before)
                .execute(pool)
                .await
                .map(|_| ())
        })?;
        Ok(())
    }

    /// The deliveries of `room` (tests and tools: what was derived).
    pub async fn deliveries_of(&self, room: &str) -> Result<Vec<(DeliveryRow, String)>, StoreError> {
        let rows = with_pool!(&self.db, pool => {
            sqlx::query_as::<_, (String, i64, String, String, Option<String>, Option<String>, String, i64, i64, String)>(
                "SELECT room_id, seq, kind, target, guest_id, hook_owner, body, due_at, attempts, state \
                 FROM deliveries WHERE room_id = $1 ORDER BY seq, kind, target",
            )
            .bind(room)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(
                |(room_id, seq, kind, target, guest_id, hook_owner, body, due_at, attempts, state)| {
                    (
                        DeliveryRow {
                            room_id,
                            seq,
                            kind,
                            target,
                            guest_id,
                            hook_owner,
                            body,
                            due_at,
                            attempts,
                        },
                        state,
                    )
                },
            )
            .collect())
    }
}
