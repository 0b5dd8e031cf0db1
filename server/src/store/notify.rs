//! The storage of notifications (`notify/`): the VAPID key, push
//! subscriptions, webhooks, deliveries and the games waiting for each
//! guest's move. Transactions of their own on the pool, like the accounts'
//! (one SQL text for both backends); a delivery is claimed with a
//! conditional `UPDATE` before it is sent, so one node sends it once.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use super::db::{Db, pooled, sql, with_pool};
use super::handle::Store;
use super::types::{DeliveryRow, NoticeWrite, Op, StoreError, TurnRow, Value};

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

/// Who may be notified of a room's events: what its seated people and
/// the room itself set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// Each person's push subscriptions.
    pub subscriptions: BTreeMap<String, Vec<SubscriptionRow>>,
    /// Each person's account webhooks.
    pub account_hooks: BTreeMap<String, Vec<WebhookRow>>,
    /// The room's webhooks.
    pub room_hooks: Vec<WebhookRow>,
}

impl Targets {
    /// Whether nobody at all could be notified.
    pub fn is_empty(&self) -> bool {
        self.room_hooks.is_empty()
            && self.subscriptions.values().all(Vec::is_empty)
            && self.account_hooks.values().all(Vec::is_empty)
    }
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
        Ok(pooled!(&self.db, value String: "SELECT private_key FROM vapid_keys WHERE id = 1")?)
    }

    /// Stores `key` as the VAPID key unless one is stored already (another
    /// node may have been first); returns the key that is stored.
    pub async fn keep_vapid_key(&self, key: &str, now: i64) -> Result<String, StoreError> {
        pooled!(
            &self.db,
            exec "INSERT INTO vapid_keys (id, private_key, created_at) VALUES (1, $1, $2) ON CONFLICT DO NOTHING",
            key, now,
        )?;
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
        self.marks.owner(&row.guest_id);
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
    /// unless `others` (`$1` the owner, `$2` the row's key) counts `max`
    /// others of the same owner (0: no limit).
    async fn save_counted(
        &self,
        insert: &'static str,
        values: &[&str],
        now: i64,
        others: &'static str,
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
            let held = sql!(&mut *tx, count others, owner, key)?;
            if max > 0 && held as usize >= max {
                return Ok(Saved::TooMany);
            }
            tx.commit().await?;
            Ok(Saved::Done)
        })
    }

    /// Deletes `endpoint` (of `guest`, or of anyone with `None`); whether
    /// there was one.
    pub async fn delete_subscription(&self, endpoint: &str, guest: Option<&str>) -> Result<bool, StoreError> {
        let done = pooled!(
            &self.db,
            exec "DELETE FROM push_subscriptions WHERE endpoint = $1 AND ($2 IS NULL OR guest_id = $2)",
            endpoint, guest,
        )?;
        Ok(done > 0)
    }

    /// The subscriptions of `guest`.
    pub async fn subscriptions_of(&self, guest: &str) -> Result<Vec<SubscriptionRow>, StoreError> {
        self.notify_reads.fetch_add(1, Ordering::Relaxed);
        Ok(pooled!(
            &self.db,
            rows SubscriptionRow: "SELECT endpoint, guest_id, p256dh, auth, events, lang FROM push_subscriptions \
                                   WHERE guest_id = $1 ORDER BY endpoint",
            guest,
        )?)
    }

    /// The subscription at `endpoint`.
    pub async fn subscription(&self, endpoint: &str) -> Result<Option<SubscriptionRow>, StoreError> {
        Ok(pooled!(
            &self.db,
            row SubscriptionRow: "SELECT endpoint, guest_id, p256dh, auth, events, lang FROM push_subscriptions \
                                  WHERE endpoint = $1",
            endpoint,
        )?)
    }

    /// Saves a webhook (replacing the same owner's one at the same URL,
    /// with a new secret), unless its owner has `max` others (0: no limit).
    pub async fn save_webhook(&self, row: &WebhookRow, now: i64, max: usize) -> Result<Saved, StoreError> {
        self.marks.owner(&row.owner);
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
        let done = pooled!(&self.db, exec "DELETE FROM webhooks WHERE owner = $1 AND url = $2", owner, url)?;
        Ok(done > 0)
    }

    /// The webhooks of `owner`.
    pub async fn webhooks_of(&self, owner: &str) -> Result<Vec<WebhookRow>, StoreError> {
        self.notify_reads.fetch_add(1, Ordering::Relaxed);
        Ok(pooled!(
            &self.db,
            rows WebhookRow: "SELECT owner, url, format, secret, events FROM webhooks WHERE owner = $1 ORDER BY url",
            owner,
        )?)
    }

    /// The webhook of `owner` at `url`.
    pub async fn webhook(&self, owner: &str, url: &str) -> Result<Option<WebhookRow>, StoreError> {
        Ok(pooled!(
            &self.db,
            row WebhookRow: "SELECT owner, url, format, secret, events FROM webhooks WHERE owner = $1 AND url = $2",
            owner, url,
        )?)
    }

    /// How many reads of their tables the notifications have made, the
    /// loads of the marks with them (the tests check that a move makes
    /// none).
    pub fn notify_reads(&self) -> u64 {
        self.notify_reads.load(Ordering::Relaxed) + self.marks.loads()
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
        Ok(pooled!(
            &self.db,
            rows DeliveryRow: "SELECT room_id, seq, kind, target, guest_id, hook_owner, body, due_at, attempts \
                               FROM deliveries WHERE state = 'due' AND due_at <= $1 \
                               AND (claimed_until IS NULL OR claimed_until < $1) \
                               AND (node = $2 OR due_at <= $3) ORDER BY due_at LIMIT $4",
            now, node, now - takeover, limit,
        )?)
    }

    /// The earliest time a delivery of this node (or, after `takeover`,
    /// anyone's) falls due, if any is waiting.
    pub async fn next_due(&self, node: &str, takeover: i64) -> Result<Option<i64>, StoreError> {
        let earliest = pooled!(
            &self.db,
            value Option<i64>: "SELECT MIN(CASE WHEN node = $1 THEN due_at ELSE due_at + $2 END) FROM deliveries \
                                WHERE state = 'due'",
            node, takeover,
        )?;
        Ok(earliest.flatten())
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
        let done = pooled!(
            &self.db,
            exec "UPDATE deliveries SET claimed_until = $1, node = $2 WHERE room_id = $3 AND seq = $4 AND kind = $5 \
                  AND target = $6 AND state = 'due' AND (claimed_until IS NULL OR claimed_until < $7)",
            until, node, &d.room_id, d.seq, &d.kind, &d.target, now,
        )?;
        Ok(done == 1)
    }

    /// Settles a claimed delivery: `state` (`sent`, `dropped`, `failed`),
    /// or with `due`, due again at `again` after one more attempt.
    pub async fn settle_delivery(&self, d: &DeliveryRow, state: &str, again: i64) -> Result<(), StoreError> {
        pooled!(
            &self.db,
            exec "UPDATE deliveries SET state = $1, due_at = $2, attempts = attempts + 1, claimed_until = NULL \
                  WHERE room_id = $3 AND seq = $4 AND kind = $5 AND target = $6",
            state, again, &d.room_id, d.seq, &d.kind, &d.target,
        )?;
        Ok(())
    }

    /// Drops every delivery still due to `target` (a subscription gone).
    pub async fn drop_target(&self, target: &str) -> Result<(), StoreError> {
        pooled!(
            &self.db,
            exec "UPDATE deliveries SET state = 'dropped' WHERE target = $1 AND state = 'due'",
            target,
        )?;
        Ok(())
    }

    /// Forgets settled deliveries derived before `before` (unix ms).
    pub async fn forget_deliveries(&self, before: i64) -> Result<(), StoreError> {
        pooled!(&self.db, exec "DELETE FROM deliveries WHERE state <> 'due' AND due_at < $1", before)?;
        Ok(())
    }

    /// The deliveries of `room` (tests and tools: what was derived).
    pub async fn deliveries_of(&self, room: &str) -> Result<Vec<(DeliveryRow, String)>, StoreError> {
        let rows = pooled!(
            &self.db,
            rows (String, i64, String, String, Option<String>, Option<String>, String, i64, i64, String):
                "SELECT room_id, seq, kind, target, guest_id, hook_owner, body, due_at, attempts, state \
                 FROM deliveries WHERE room_id = $1 ORDER BY seq, kind, target",
            room,
        )?;
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

impl Store {
    /// Room `room` wants its games waiting to be `rows` as of its
    /// `version` (after the change at `version` is stored); `stored` is
    /// what it knew stored before. Written off the room's commits, soon
    /// (`turns.rs`); [`Store::turns`] shows them at once.
    pub fn want_turns(&self, room: &str, version: u64, stored: Vec<TurnRow>, rows: Vec<TurnRow>) {
        self.pending_turns.want(room, version, stored, rows);
    }

    /// The games waiting for a move, of `room` (by guest) or of `guest`
    /// (oldest first): the rows that wait, found by the table's key (room
    /// first) or its index by guest, with the rows rooms want and the
    /// store does not hold yet instead of those rooms' stored ones.
    pub async fn turns(&self, room: Option<&str>, guest: Option<&str>) -> Result<Vec<TurnRow>, StoreError> {
        self.notify_reads.fetch_add(1, Ordering::Relaxed);
        // What waits first: whatever is stored after it is as new.
        let waiting = self.pending_turns.overlay(room);
        let (sql, key) = match (room, guest) {
            (Some(room), _) => (TURNS_OF_ROOM, Some(room)),
            (None, Some(guest)) => (TURNS_OF_GUEST, Some(guest)),
            (None, None) => (TURNS_ALL, None),
        };
        let stored = pooled!(&self.db, rows TurnRow: sql, key)?;
        let mut rows: Vec<TurnRow> = (stored.into_iter())
            .filter(|t| !waiting.iter().any(|(room, _)| *room == t.room_id))
            .collect();
        rows.extend(
            (waiting.into_iter().flat_map(|(_, rows)| rows))
                .filter(|t| guest.is_none_or(|g| t.guest_id == g)),
        );
        rows.sort_by(|a, b| (a.since, &a.room_id, &a.guest_id).cmp(&(b.since, &b.room_id, &b.guest_id)));
        Ok(rows)
    }
}

/// The rows that wait: of a room, of a guest, or all (`$1` is `NULL`).
const TURNS_OF_ROOM: &str =
    "SELECT guest_id, room_id, game, since, seq FROM turns WHERE waiting AND room_id = $1";
const TURNS_OF_GUEST: &str =
    "SELECT guest_id, room_id, game, since, seq FROM turns WHERE waiting AND guest_id = $1";
const TURNS_ALL: &str = "SELECT guest_id, room_id, game, since, seq FROM turns WHERE waiting AND $1 IS NULL";

impl NoticeWrite {
    /// The statements of this notice, to run in its room's commit:
    /// pending deliveries dropped, new ones inserted (a second insert of
    /// the same key does nothing), alarms moved. Its games waiting are not
    /// among them: the room hands them to [`Store::want_turns`], written
    /// off the commit (`turns.rs`).
    pub fn ops(&self) -> Vec<Op> {
        use Value::{Int, MaybeText, Text};
        let room = || Text(self.room_id.clone());
        let op = |sql: &'static str, values: Vec<Value>| Op::Notice { sql, values };
        let mut out = Vec::new();
        out.extend(self.drop_for.iter().map(|guest| {
            op(
                "UPDATE deliveries SET state = 'dropped' WHERE room_id = $1 AND guest_id = $2 \
                 AND seq < $3 AND state = 'due' AND kind IN ('your-turn', 'time-running-out')",
                vec![room(), Text(guest.clone()), Int(self.drop_before)],
            )
        }));
        out.extend(self.deliveries.iter().map(|d| {
            op(
                "INSERT INTO deliveries (room_id, seq, kind, target, guest_id, hook_owner, body, due_at, \
                 attempts, state, node, claimed_until) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 'due', $9, NULL) ON CONFLICT DO NOTHING",
                vec![
                    Text(d.room_id.clone()),
                    Int(d.seq),
                    Text(d.kind.clone()),
                    Text(d.target.clone()),
                    MaybeText(d.guest_id.clone()),
                    MaybeText(d.hook_owner.clone()),
                    Text(d.body.clone()),
                    Int(d.due_at),
                    Text(self.node.clone()),
                ],
            )
        }));
        out.extend(self.alarms.iter().map(|(guest, seq, due_at)| {
            op(
                "UPDATE deliveries SET due_at = $1 WHERE room_id = $2 AND guest_id = $3 AND seq = $4 \
                 AND kind = 'time-running-out' AND state = 'due' AND attempts = 0",
                vec![Int(*due_at), room(), Text(guest.clone()), Int(*seq)],
            )
        }));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreOptions;
    use crate::store::turns::changes;

    fn turn(guest: &str, since: i64) -> TurnRow {
        turn_in("r", guest, since)
    }

    fn turn_in(room: &str, guest: &str, since: i64) -> TurnRow {
        TurnRow {
            guest_id: guest.into(),
            room_id: room.into(),
            game: "magneton".into(),
            since,
            seq: since / 10,
        }
    }

    /// How many rows of `room` the table holds, waiting or not.
    async fn rows_of(store: &Store, room: &str) -> i64 {
        pooled!(&store.db, count "SELECT COUNT(*) FROM turns WHERE room_id = $1", room).unwrap()
    }

    /// A room's games waiting are stored row by row: a move of a game of
    /// turns writes two rows in place (the guest who waits now, the one
    /// who no longer does, whose row is kept), an unchanged turn nothing,
    /// and the stored rows that wait are always the new ones; the room's
    /// rows go when nobody waits.
    #[tokio::test]
    async fn a_rooms_games_waiting_are_stored_row_by_row() {
        let dir = std::env::temp_dir().join(format!("lodestone-turns-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let (store, _task) = Store::open(dir.join("t.db").to_str().unwrap(), &StoreOptions::default())
            .await
            .unwrap();
        // The new rows, the changes they take, the rows then kept.
        let steps: [(Vec<TurnRow>, usize, i64); 7] = [
            (vec![turn("ann", 10)], 1, 1),
            (vec![turn("bo", 20)], 2, 2),
            (vec![turn("bo", 20)], 0, 2),
            (vec![turn("bo", 30)], 1, 2),
            (vec![turn("ann", 40), turn("bo", 30), turn("cy", 40)], 2, 3),
            (vec![turn("cy", 50)], 3, 3),
            (vec![], 1, 0),
        ];
        let mut old = Vec::new();
        for (n, (new, count, kept)) in steps.into_iter().enumerate() {
            let ops = changes(&old, &new);
            assert_eq!(ops.len(), count, "step {n}: {ops:?}");
            store.write(ops).await.unwrap();
            let mut stored = store.turns(Some("r"), None).await.unwrap();
            stored.sort_by(|a, b| a.guest_id.cmp(&b.guest_id));
            assert_eq!(stored, new, "step {n}");
            assert_eq!(rows_of(&store, "r").await, kept, "step {n}");
            old = new;
        }
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The database at `url` (a SQLite file is made) migrated only up to
    /// 0121, with `rows` stored in the old `turns`.
    async fn stored_before_0122(url: &str, dir: &std::path::Path, rows: &[TurnRow]) {
        let postgres = url.starts_with("postgres");
        let before = dir.join("migrations");
        std::fs::create_dir_all(&before).unwrap();
        let all = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../migrations")
            .join(if postgres { "postgres" } else { "sqlite" });
        for file in std::fs::read_dir(all).unwrap() {
            let file = file.unwrap();
            if file.file_name().to_str().unwrap() < "0122" {
                std::fs::copy(file.path(), before.join(file.file_name())).unwrap();
            }
        }
        let migrator = sqlx::migrate::Migrator::new(before.as_path()).await.unwrap();
        let db = if postgres {
            Db::Postgres(sqlx::PgPool::connect(url).await.unwrap())
        } else {
            let connect = url.parse::<sqlx::sqlite::SqliteConnectOptions>().unwrap();
            Db::Sqlite(
                sqlx::SqlitePool::connect_with(connect.create_if_missing(true))
                    .await
                    .unwrap(),
            )
        };
        with_pool!(&db, pool => {
            migrator.run(pool).await.unwrap();
            for t in rows {
                sql!(
                    pool,
                    exec "INSERT INTO turns (guest_id, room_id, game, since, seq) VALUES ($1, $2, $3, $4, $5)",
                    &t.guest_id, &t.room_id, &t.game, t.since, t.seq,
                )
                .unwrap();
            }
            pool.close().await;
        });
    }

    /// The migration to rows keyed by room (0122) carries the stored
    /// games waiting over, on the database at `url`: they are read by room
    /// and by guest as before, and the next move writes them as any other.
    async fn carried_over(url: &str, dir: &std::path::Path) {
        let stored = [
            turn_in("r", "ann", 10),
            turn_in("s", "cy", 30),
            turn_in("s", "bo", 20),
        ];
        stored_before_0122(url, dir, &stored).await;
        let (store, _task) = Store::open(url, &StoreOptions::default()).await.unwrap();
        let s = vec![stored[2].clone(), stored[1].clone()];
        assert_eq!(store.turns(Some("s"), None).await.unwrap(), s);
        assert_eq!(store.turns(None, Some("ann")).await.unwrap(), [stored[0].clone()]);
        // bo moves in s: cy alone waits there, bo's row kept.
        store.write(changes(&s, &[stored[1].clone()])).await.unwrap();
        assert_eq!(store.turns(Some("s"), None).await.unwrap(), [stored[1].clone()]);
        assert_eq!(store.turns(None, Some("bo")).await.unwrap(), []);
        assert_eq!(rows_of(&store, "s").await, 2);
    }

    #[tokio::test]
    async fn the_games_waiting_are_carried_over_to_rows_keyed_by_room() {
        let dir = std::env::temp_dir().join(format!("lodestone-turns-{}", uuid::Uuid::new_v4()));
        carried_over(&format!("sqlite://{}", dir.join("t.db").display()), &dir).await;
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The same on PostgreSQL, in a database of its own on the server
    /// `LODESTONE_TEST_POSTGRES` names (skipped without it).
    #[tokio::test]
    async fn the_games_waiting_are_carried_over_to_rows_keyed_by_room_on_postgresql() {
        let Some(server) = std::env::var("LODESTONE_TEST_POSTGRES")
            .ok()
            .filter(|v| !v.is_empty())
        else {
            eprintln!("skipped: LODESTONE_TEST_POSTGRES is not set");
            return;
        };
        let name = format!("turns_{}", uuid::Uuid::new_v4().simple());
        let admin = sqlx::PgPool::connect(&server).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&admin)
            .await
            .unwrap();
        let dir = std::env::temp_dir().join(format!("lodestone-turns-{name}"));
        let url = format!("{}/{name}", server.rsplit_once('/').unwrap().0);
        carried_over(&url, &dir).await;
        let _ = std::fs::remove_dir_all(&dir);
        admin.close().await;
    }
}
