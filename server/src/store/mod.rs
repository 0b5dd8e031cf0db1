//! Durable storage: guests, rooms, seats and each game's append-only action
//! log, in SQLite (the embedded default).
//!
//! Reads go through a connection pool. Writes go through one writer task
//! that groups the requests waiting at the moment into one transaction
//! (each request in its own savepoint, so one bad request fails alone) and
//! answers each request only after that transaction has committed: an
//! action is acknowledged only once it is on disk, and many games share the
//! cost of one commit.

mod migrations;

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Acquire, Row, SqlitePool};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// A storage failure. The message is for logs; clients get a generic
/// `storage-failure`.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("bad database URL {0:?}: use sqlite://PATH or sqlite::memory:")]
    Url(String),
    #[error("the storage writer has stopped")]
    Closed,
}

/// One change to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    CreateGuest {
        id: String,
        name: String,
        token_hash: String,
        created_at: u64,
        /// The level of a computer player.
        bot: Option<String>,
    },
    RenameGuest {
        id: String,
        name: String,
    },
    CreateRoom {
        id: String,
        game: String,
        options: String,
        public: bool,
        invite: Option<String>,
        seed: String,
        created_at: u64,
    },
    /// Seat `seat` of `room` is now held by `guest` (or freed).
    SetSeat {
        room: String,
        seat: u8,
        guest: Option<String>,
    },
    StartGame {
        room: String,
        started_at: u64,
    },
    AppendAction {
        room: String,
        ply: u32,
        seat: u8,
        action: String,
        at_ms: u64,
        salt: Option<String>,
    },
    FinishGame {
        room: String,
        result: String,
        finished_at: u64,
    },
}

/// A guest as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuestRow {
    pub id: String,
    pub name: String,
    /// The level of a computer player.
    pub bot: Option<String>,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub ply: u32,
    pub seat: u8,
    pub action: String,
    pub at_ms: u64,
    pub salt: Option<String>,
}

/// A room with its seats and log, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRecord {
    pub id: String,
    pub game: String,
    pub options: String,
    pub public: bool,
    pub invite: Option<String>,
    pub seed: String,
    pub status: String,
    pub created_at: u64,
    pub started_at: Option<u64>,
    pub result: Option<String>,
    pub seats: Vec<(u8, GuestRow)>,
    pub actions: Vec<ActionRow>,
}

struct WriteRequest {
    ops: Vec<Op>,
    done: oneshot::Sender<Result<(), String>>,
}

/// The most requests one transaction takes.
const MAX_BATCH: usize = 512;

/// Handle to the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    writer: mpsc::Sender<WriteRequest>,
}

impl std::fmt::Debug for WriteRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteRequest").field("ops", &self.ops).finish()
    }
}

impl Store {
    /// Opens (creating if needed) the database at `url`, applies the
    /// missing migrations and starts the writer. The returned task ends
    /// when every `Store` clone has been dropped and the queue is drained.
    pub async fn open(url: &str, sync_full: bool) -> Result<(Store, JoinHandle<()>), StoreError> {
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        if !url.starts_with("sqlite:") {
            return Err(StoreError::Url(url.to_string()));
        }
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|_| StoreError::Url(url.to_string()))?
            .create_if_missing(true)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let options = if memory {
            options
        } else {
            options
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(if sync_full {
                    SqliteSynchronous::Full
                } else {
                    SqliteSynchronous::Normal
                })
        };
        let pool = SqlitePoolOptions::new()
            // An in-memory database lives in one connection.
            .max_connections(if memory { 1 } else { 4 })
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(3600))
            .test_before_acquire(false)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        migrations::sqlite().run(&pool).await?;
        let (writer, queue) = mpsc::channel(4096);
        // The writer keeps one connection for good: no acquiring per batch.
        let conn = pool.acquire().await?;
        let task = tokio::spawn(write_loop(conn, pool.clone(), queue));
        Ok((Store { pool, writer }, task))
    }

    /// Stores `ops` atomically; returns once they are committed.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        if ops.is_empty() {
            return Ok(());
        }
        let (done, result) = oneshot::channel();
        self.writer
            .send(WriteRequest { ops, done })
            .await
            .map_err(|_| StoreError::Closed)?;
        match result.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(message)) => Err(StoreError::Database(sqlx::Error::Protocol(message))),
            Err(_) => Err(StoreError::Closed),
        }
    }

    pub async fn guest_by_token_hash(&self, token_hash: &str) -> Result<Option<GuestRow>, StoreError> {
        let row = sqlx::query("SELECT id, name, bot FROM guests WHERE token_hash = ?")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| GuestRow {
            id: r.get("id"),
            name: r.get("name"),
            bot: r.get("bot"),
        }))
    }

    /// Every room whose game has not finished, with seats and log.
    pub async fn unfinished_rooms(&self) -> Result<Vec<RoomRecord>, StoreError> {
        let ids: Vec<String> =
            sqlx::query_scalar("SELECT id FROM rooms WHERE status <> 'finished' ORDER BY created_at, id")
                .fetch_all(&self.pool)
                .await?;
        let mut rooms = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(room) = self.room(&id).await? {
                rooms.push(room);
            }
        }
        Ok(rooms)
    }

    /// One room with its seats and log.
    pub async fn room(&self, id: &str) -> Result<Option<RoomRecord>, StoreError> {
        let Some(r) = sqlx::query(
            "SELECT id, game, options, public, invite, seed, status, created_at, started_at, result \
             FROM rooms WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let seats = sqlx::query(
            "SELECT s.seat, g.id, g.name, g.bot FROM seats s JOIN guests g ON g.id = s.guest_id \
             WHERE s.room_id = ? ORDER BY s.seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|s| {
            (
                s.get::<i64, _>(0) as u8,
                GuestRow {
                    id: s.get(1),
                    name: s.get(2),
                    bot: s.get(3),
                },
            )
        })
        .collect();
        let actions =
            sqlx::query("SELECT ply, seat, action, at_ms, salt FROM actions WHERE room_id = ? ORDER BY ply")
                .bind(id)
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|a| ActionRow {
                    ply: a.get::<i64, _>("ply") as u32,
                    seat: a.get::<i64, _>("seat") as u8,
                    action: a.get("action"),
                    at_ms: a.get::<i64, _>("at_ms") as u64,
                    salt: a.get("salt"),
                })
                .collect();
        Ok(Some(RoomRecord {
            id: r.get("id"),
            game: r.get("game"),
            options: r.get("options"),
            public: r.get::<i64, _>("public") != 0,
            invite: r.get("invite"),
            seed: r.get("seed"),
            status: r.get("status"),
            created_at: r.get::<i64, _>("created_at") as u64,
            started_at: r.get::<Option<i64>, _>("started_at").map(|t| t as u64),
            result: r.get("result"),
            seats,
            actions,
        }))
    }

    /// Whether storage works: the writer is running and the database
    /// answers a query.
    pub async fn check(&self) -> Result<(), StoreError> {
        if self.writer.is_closed() {
            return Err(StoreError::Closed);
        }
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// The connection pool, to close it once the writer has stopped.
    pub fn pool(&self) -> SqlitePool {
        self.pool.clone()
    }
}

async fn write_loop(
    mut conn: sqlx::pool::PoolConnection<sqlx::Sqlite>,
    pool: SqlitePool,
    mut queue: mpsc::Receiver<WriteRequest>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // Let the other tasks that are ready run first: their writes join
        // this batch, and one commit serves them all.
        tokio::task::yield_now().await;
        while batch.len() < MAX_BATCH
            && let Ok(request) = queue.try_recv()
        {
            batch.push(request);
        }
        let results = match commit(&mut conn, &batch).await {
            Ok(results) => results,
            Err(e) => {
                tracing::error!(error = %e, requests = batch.len(), "storage commit failed");
                // The connection may be broken: take a fresh one.
                if let Ok(fresh) = pool.acquire().await {
                    conn = fresh;
                }
                batch.iter().map(|_| Err(e.to_string())).collect()
            }
        };
        for (request, result) in batch.drain(..).zip(results) {
            // A requester that went away no longer needs the answer.
            let _ = request.done.send(result);
        }
    }
}

/// Stores a batch, the cheapest way that works: nothing but actions in
/// one statement; else inserts only in one script; else (or if that
/// failed) each request in its own savepoint, so a failing request fails
/// alone. Returns one result per request.
async fn commit(
    conn: &mut sqlx::SqliteConnection,
    batch: &[WriteRequest],
) -> Result<Vec<Result<(), String>>, sqlx::Error> {
    let all_ok = || batch.iter().map(|_| Ok(())).collect();
    if let Ok(true) = commit_actions(conn, batch).await {
        return Ok(all_ok());
    }
    if commit_together(conn, batch).await.is_ok() {
        return Ok(all_ok());
    }
    commit_each(conn, batch).await
}

/// The common batch, nothing but actions, as one multi-row insert: a
/// single statement is its own transaction in SQLite (all or nothing), and
/// costs one round trip to the database thread. Returns false, having done
/// nothing, for a batch with anything else in it.
async fn commit_actions(
    conn: &mut sqlx::SqliteConnection,
    batch: &[WriteRequest],
) -> Result<bool, sqlx::Error> {
    let ops: Vec<&Op> = batch.iter().flat_map(|r| r.ops.iter()).collect();
    // SQLite allows 32766 parameters in one statement; six per action.
    if ops.len() > 5000 || !ops.iter().all(|op| matches!(op, Op::AppendAction { .. })) {
        return Ok(false);
    }
    let mut query = sqlx::QueryBuilder::<sqlx::Sqlite>::new(
        "INSERT INTO actions (room_id, ply, seat, action, at_ms, salt) ",
    );
    query.push_values(ops, |mut row, op| {
        if let Op::AppendAction {
            room,
            ply,
            seat,
            action,
            at_ms,
            salt,
        } = op
        {
            row.push_bind(room.as_str())
                .push_bind(i64::from(*ply))
                .push_bind(i64::from(*seat))
                .push_bind(action.as_str())
                .push_bind(*at_ms as i64)
                .push_bind(salt.as_deref());
        }
    });
    query.build().execute(&mut *conn).await?;
    Ok(true)
}

/// Whether `op` only inserts rows (so a script can run it: a failed
/// insert is an error, while an update or delete that finds no row is not,
/// and those go through [`execute`], which checks).
fn inserts_only(op: &Op) -> bool {
    matches!(
        op,
        Op::AppendAction { .. }
            | Op::CreateGuest { .. }
            | Op::CreateRoom { .. }
            | Op::SetSeat { guest: Some(_), .. }
    )
}

/// Runs a batch of inserts in one transaction, in order: all or nothing.
/// The whole transaction is one SQL script sent to SQLite in one go (one
/// round trip to the database thread instead of one per statement), with
/// consecutive actions in one multi-row insert. Batches with other
/// operations go to [`commit_each`].
async fn commit_together(
    conn: &mut sqlx::SqliteConnection,
    batch: &[WriteRequest],
) -> Result<(), sqlx::Error> {
    let ops = || batch.iter().flat_map(|r| r.ops.iter());
    if !ops().all(inserts_only) {
        return Err(sqlx::Error::Protocol("not only inserts".into()));
    }
    let mut script = String::from("BEGIN IMMEDIATE;\n");
    let mut in_insert = false;
    for op in ops() {
        if let Op::AppendAction {
            room,
            ply,
            seat,
            action,
            at_ms,
            salt,
        } = op
        {
            script.push_str(if in_insert {
                ",\n"
            } else {
                "INSERT INTO actions (room_id, ply, seat, action, at_ms, salt) VALUES\n"
            });
            in_insert = true;
            script.push_str(&format!(
                "({}, {ply}, {seat}, {}, {at_ms}, {})",
                literal(room),
                literal(action),
                opt_literal(salt.as_deref())
            ));
            continue;
        }
        if in_insert {
            script.push_str(";\n");
            in_insert = false;
        }
        script.push_str(&insert_statement(op));
        script.push_str(";\n");
    }
    if in_insert {
        script.push_str(";\n");
    }
    script.push_str("COMMIT;");
    if let Err(e) = sqlx::raw_sql(sqlx::AssertSqlSafe(script))
        .execute(&mut *conn)
        .await
    {
        // Leave no transaction open behind a failed script.
        let _ = sqlx::raw_sql("ROLLBACK").execute(&mut *conn).await;
        return Err(e);
    }
    Ok(())
}

/// A text as an SQL string literal: quoted, with quotes doubled. Every
/// text stored is the server's own (ids, notation, names, hex), but quoting
/// makes the script safe whatever it holds.
fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

fn opt_literal(text: Option<&str>) -> String {
    text.map_or_else(|| "NULL".to_string(), literal)
}

/// An inserting operation (other than an action) as a statement.
fn insert_statement(op: &Op) -> String {
    match op {
        Op::CreateGuest {
            id,
            name,
            token_hash,
            created_at,
            bot,
        } => format!(
            "INSERT INTO guests (id, name, token_hash, created_at, bot) VALUES ({}, {}, {}, {created_at}, {})",
            literal(id),
            literal(name),
            literal(token_hash),
            opt_literal(bot.as_deref())
        ),
        Op::CreateRoom {
            id,
            game,
            options,
            public,
            invite,
            seed,
            created_at,
        } => format!(
            "INSERT INTO rooms (id, game, options, public, invite, seed, status, created_at) \
             VALUES ({}, {}, {}, {}, {}, {}, 'open', {created_at})",
            literal(id),
            literal(game),
            literal(options),
            i64::from(*public),
            opt_literal(invite.as_deref()),
            literal(seed)
        ),
        Op::SetSeat {
            room,
            seat,
            guest: Some(guest),
        } => format!(
            "INSERT OR REPLACE INTO seats (room_id, seat, guest_id) VALUES ({}, {seat}, {})",
            literal(room),
            literal(guest)
        ),
        other => unreachable!("not an insert: {other:?}"),
    }
}

/// Runs every request of the batch in one transaction, each in its own
/// savepoint. Returns one result per request; an error if the transaction
/// as a whole failed (then none of it is stored).
async fn commit_each(
    conn: &mut sqlx::SqliteConnection,
    batch: &[WriteRequest],
) -> Result<Vec<Result<(), String>>, sqlx::Error> {
    let mut tx = conn.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        let mut savepoint = tx.begin().await?;
        let mut outcome = Ok(());
        for op in &request.ops {
            if let Err(e) = execute(&mut savepoint, op).await {
                outcome = Err(e.to_string());
                break;
            }
        }
        match outcome {
            Ok(()) => savepoint.commit().await?,
            Err(_) => savepoint.rollback().await?,
        }
        results.push(outcome);
    }
    tx.commit().await?;
    Ok(results)
}

async fn execute(conn: &mut sqlx::SqliteConnection, op: &Op) -> Result<(), sqlx::Error> {
    let query = match op {
        Op::CreateGuest {
            id,
            name,
            token_hash,
            created_at,
            bot,
        } => sqlx::query("INSERT INTO guests (id, name, token_hash, created_at, bot) VALUES (?, ?, ?, ?, ?)")
            .bind(id)
            .bind(name)
            .bind(token_hash)
            .bind(*created_at as i64)
            .bind(bot),
        Op::RenameGuest { id, name } => sqlx::query("UPDATE guests SET name = ? WHERE id = ?")
            .bind(name)
            .bind(id),
        Op::CreateRoom {
            id,
            game,
            options,
            public,
            invite,
            seed,
            created_at,
        } => sqlx::query(
            "INSERT INTO rooms (id, game, options, public, invite, seed, status, created_at) \
             VALUES (?, ?, ?, ?, ?, ?, 'open', ?)",
        )
        .bind(id)
        .bind(game)
        .bind(options)
        .bind(*public as i64)
        .bind(invite)
        .bind(seed)
        .bind(*created_at as i64),
        Op::SetSeat {
            room,
            seat,
            guest: Some(guest),
        } => sqlx::query("INSERT OR REPLACE INTO seats (room_id, seat, guest_id) VALUES (?, ?, ?)")
            .bind(room)
            .bind(*seat as i64)
            .bind(guest),
        Op::SetSeat {
            room,
            seat,
            guest: None,
        } => sqlx::query("DELETE FROM seats WHERE room_id = ? AND seat = ?")
            .bind(room)
            .bind(*seat as i64),
        Op::StartGame { room, started_at } => {
            sqlx::query("UPDATE rooms SET status = 'playing', started_at = ? WHERE id = ?")
                .bind(*started_at as i64)
                .bind(room)
        }
        Op::AppendAction {
            room,
            ply,
            seat,
            action,
            at_ms,
            salt,
        } => sqlx::query(
            "INSERT INTO actions (room_id, ply, seat, action, at_ms, salt) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(room)
        .bind(*ply as i64)
        .bind(*seat as i64)
        .bind(action)
        .bind(*at_ms as i64)
        .bind(salt),
        Op::FinishGame {
            room,
            result,
            finished_at,
        } => sqlx::query("UPDATE rooms SET status = 'finished', result = ?, finished_at = ? WHERE id = ?")
            .bind(result)
            .bind(*finished_at as i64)
            .bind(room),
    };
    let done = query.execute(&mut *conn).await?;
    if done.rows_affected() == 0 {
        return Err(sqlx::Error::RowNotFound);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room_op(id: &str) -> Op {
        Op::CreateRoom {
            id: id.into(),
            game: "magneton".into(),
            options: "move-rule=line".into(),
            public: true,
            invite: None,
            seed: "00".into(),
            created_at: 1,
        }
    }

    #[tokio::test]
    async fn writes_are_durable_and_read_back() {
        let dir = tempdir();
        let url = format!("sqlite://{}", dir.join("t.db").display());
        let (store, task) = Store::open(&url, false).await.unwrap();
        store
            .write(vec![
                Op::CreateGuest {
                    id: "g1".into(),
                    name: "Ann".into(),
                    token_hash: "h1".into(),
                    created_at: 1,
                    bot: None,
                },
                room_op("r1"),
                Op::SetSeat {
                    room: "r1".into(),
                    seat: 0,
                    guest: Some("g1".into()),
                },
                Op::StartGame {
                    room: "r1".into(),
                    started_at: 5,
                },
                Op::AppendAction {
                    room: "r1".into(),
                    ply: 1,
                    seat: 0,
                    action: "D4".into(),
                    at_ms: 10,
                    salt: None,
                },
            ])
            .await
            .unwrap();
        // A failing request (duplicate ply) fails alone and changes nothing.
        let dup = Op::AppendAction {
            room: "r1".into(),
            ply: 1,
            seat: 1,
            action: "E5".into(),
            at_ms: 11,
            salt: None,
        };
        let (a, b) = tokio::join!(store.write(vec![dup]), store.write(vec![room_op("r2")]));
        assert!(a.is_err());
        b.unwrap();
        assert!(
            store
                .write(vec![Op::RenameGuest {
                    id: "nobody".into(),
                    name: "x".into()
                }])
                .await
                .is_err()
        );
        drop(store);
        task.await.unwrap();

        let (store, _task) = Store::open(&url, false).await.unwrap();
        assert_eq!(
            store.guest_by_token_hash("h1").await.unwrap().unwrap().name,
            "Ann"
        );
        let rooms = store.unfinished_rooms().await.unwrap();
        assert_eq!(rooms.len(), 2);
        let r1 = &rooms[0];
        assert_eq!(r1.status, "playing");
        assert_eq!(r1.seats[0].1.name, "Ann");
        assert_eq!(r1.actions.len(), 1);
        assert_eq!(r1.actions[0].action, "D4");
    }

    fn tempdir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("lodestone-store-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
