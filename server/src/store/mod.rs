//! Durable storage: guests, and each room as one append-only event log, in
//! SQLite (the embedded default) or PostgreSQL, chosen by the URL.
//!
//! The seam is [`Store`]: the rest of the server sees rows and operations,
//! never a backend. Both backends run the same SQL (`sql.rs`, generic over
//! sqlx's `Database`); `sqlite.rs` and `postgres.rs` only connect and
//! migrate (one migrations folder per backend).
//!
//! Reads go through a connection pool. Writes go through one writer task
//! that takes every request waiting at the moment and stores them as one
//! transaction (group commit), then answers each request: an action is
//! acknowledged only once it is committed, and many games share the cost
//! of one commit. Every write to the log is an INSERT, so a batch is one
//! multi-row insert; if a batch fails (say a duplicate `(room_id, seq)`),
//! its requests are stored again one by one, so a bad request fails alone.

mod leases;
mod postgres;
mod sql;
mod sqlite;
mod sqlite_writer;

use sqlx::pool::PoolConnection;
use sqlx::{Pool, Postgres, Sqlite};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use self::sql::Dialect;
pub use leases::{CHANNEL, Leases, LobbyLine, Take};

/// A storage failure. The message is for logs and for a host reading the
/// server's start-up error; clients get a generic `storage-failure`.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The database would not take a write (a broken constraint, a lost
    /// connection); nothing of the request was stored.
    #[error("the write was not stored: {0}")]
    Rejected(String),
    /// The database URL names no backend we have, or cannot be read.
    #[error("{0}")]
    Url(String),
    /// The database could not be opened or prepared; a sentence for the
    /// host.
    #[error("{0}")]
    Open(String),
    #[error("the storage writer has stopped")]
    Closed,
    /// The writer no longer holds the lease of a room it appended to
    /// (another node took the room, or the lease lapsed): nothing of the
    /// request was stored, and this node must not write to that room
    /// again.
    #[error("this node no longer holds the room's lease; nothing was stored")]
    Fenced,
}

/// How to open the database, besides its URL.
#[derive(Clone, Debug)]
pub struct StoreOptions {
    /// SQLite: wait for the disk at every commit (`synchronous=FULL`).
    pub sync_full: bool,
    /// PostgreSQL: connections in the pool (SQLite keeps a few of its own).
    pub connections: u32,
    /// The database must exist already and be a Lodestone database (the
    /// source of a copy or a backup): nothing is created, and anything
    /// else is refused with a sentence.
    pub existing: bool,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            sync_full: false,
            connections: 8,
            existing: false,
        }
    }
}

/// A guest as the server uses it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GuestRow {
    pub id: String,
    pub name: String,
    /// The level of a computer player.
    pub bot: Option<String>,
}

/// A guest with everything stored about it (for copying a database).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GuestRecord {
    pub id: String,
    pub name: String,
    pub token_hash: String,
    pub created_at: i64,
    pub bot: Option<String>,
}

/// One event of a room's log as stored: what happened (`kind`) and its
/// details (`data`, a JSON object whose fields depend on the kind).
/// `room/stored.rs` knows the kinds; the store does not.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRow {
    pub room_id: String,
    /// From 1; the room's version once this event is in.
    pub seq: i64,
    pub kind: String,
    /// Unix milliseconds.
    pub at: i64,
    pub data: String,
}

/// The derived summary of a room, written in the same transaction as the
/// events that change it: it lets the server find the live rooms at start
/// without reading every log.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RoomRow {
    pub id: String,
    pub game: String,
    pub public: bool,
    /// `open`, `playing`, `finished` or `expired`.
    pub status: String,
    pub created_at: i64,
}

/// One change to store. Everything but a rename and a summary's status is
/// an INSERT.
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
    /// Appends an event to its room's log.
    Append(EventRow),
    /// The summary of a new room.
    CreateRoom(RoomRow),
    /// A room's summary changes status.
    SetStatus {
        room: String,
        status: String,
    },
    /// The fence of one room's appends (PostgreSQL with several nodes):
    /// the transaction stores nothing unless `node` still holds the
    /// room's lease at `epoch` and it has not expired by the database's
    /// clock; it also records the room's next `deadline` (unix ms) for the
    /// other nodes' sweepers. Checked before anything else is written.
    Fence {
        room: String,
        node: String,
        epoch: i64,
        deadline: Option<i64>,
    },
    /// A room's game started: its result is due (`ratings.rs` records it
    /// and removes the row), written with the `started` event.
    GameDue {
        room: String,
        at: i64,
    },
    /// One player's finished game that counts for no rating (a rated one
    /// is recorded with its ratings: `accounts.rs`).
    PlayerGame {
        guest: String,
        room: String,
        /// The rating key (`magneton`, `magma-4`).
        game: String,
        /// `win`, `loss` or `draw`.
        result: String,
        finished_at: i64,
    },
    /// A room's result is no longer due (recorded, or there is none).
    DueDone {
        room: String,
    },
    /// A readiness probe (`health.rs`): overwrites this server's row of
    /// `probes`, so it succeeds only if the database takes a write now.
    Probe {
        node: String,
        at: i64,
    },
}

struct WriteRequest {
    ops: Vec<Op>,
    done: oneshot::Sender<Result<(), String>>,
}

impl std::fmt::Debug for WriteRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteRequest").field("ops", &self.ops).finish()
    }
}

/// The most requests one transaction takes.
const MAX_BATCH: usize = 512;

/// The pool of one backend.
#[derive(Clone, Debug)]
enum Db {
    Sqlite(Pool<Sqlite>),
    Postgres(Pool<Postgres>),
}

/// Runs `$body` with `$pool` bound to the pool of whichever backend `$db`
/// is: the one place that chooses between them.
macro_rules! with_pool {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            Db::Sqlite($pool) => $body,
            Db::Postgres($pool) => $body,
        }
    };
}

mod accounts;
mod backup;
mod copy;
mod tournaments;
pub use accounts::{GameResult, PlayerResult, Rate, Registered, StoredRating};
pub use backup::{BackupInfo, Restored, backup, restore, utc_stamp};
pub use copy::{Copied, Progress, copy};
pub use tournaments::{Fence, TournamentLine, TournamentRow};

impl Db {
    /// Opens the database at `location` and brings it up to date.
    async fn open(location: &Location, options: &StoreOptions) -> Result<Db, StoreError> {
        Ok(match location {
            Location::Postgres(_) => Db::Postgres(postgres::open(location, options).await?),
            Location::SqliteUrl(_) | Location::SqliteFile(_) => {
                Db::Sqlite(sqlite::open(location, options).await?)
            }
        })
    }
}

/// Handle to the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
    writer: mpsc::Sender<WriteRequest>,
    /// Seconds from a write request to its commit (`/metrics`).
    commit_seconds: metrics::Histogram,
    /// Write requests that could not be stored (`/metrics`).
    failures: metrics::Counter,
}

/// Closes the database once the writer has stopped.
#[derive(Clone, Debug)]
pub struct Closer(Db);

impl Closer {
    pub async fn close(self) {
        with_pool!(self.0, pool => pool.close().await)
    }
}

/// Where the database is, from the URL given to `--database`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// `sqlite://PATH`, `sqlite:PATH` or `sqlite::memory:`, as given.
    SqliteUrl(String),
    /// A plain file path: an SQLite file.
    SqliteFile(std::path::PathBuf),
    /// `postgres://USER@HOST/DB` (or `postgresql://…`), as given.
    Postgres(String),
}

impl Location {
    /// Reads a database URL: `sqlite://…`, `postgres://…`, or a plain path.
    pub fn parse(url: &str) -> Result<Location, StoreError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(StoreError::Url(
                "the database URL is empty: give sqlite://PATH, a file path, or postgres://USER@HOST/DB"
                    .into(),
            ));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Location::Postgres(url.to_string()));
        }
        if url.starts_with("sqlite:") {
            return Ok(Location::SqliteUrl(url.to_string()));
        }
        if let Some((scheme, _)) = url.split_once("://") {
            return Err(StoreError::Url(format!(
                "the database URL {url:?} names a kind of database this server does not know ({scheme:?}): give sqlite://PATH, a file path, or postgres://USER@HOST/DB"
            )));
        }
        Ok(Location::SqliteFile(url.into()))
    }
}

/// The file of a SQLite database URL (`None` for PostgreSQL, memory, or a
/// URL that cannot be read).
pub fn sqlite_path(url: &str) -> Option<std::path::PathBuf> {
    Location::parse(url).ok().as_ref().and_then(sqlite::file)
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::SqliteUrl(url) => f.write_str(url),
            Location::SqliteFile(path) => write!(f, "{}", path.display()),
            // Never print a password.
            Location::Postgres(url) => f.write_str(&redact_password(url)),
        }
    }
}

/// `url` with the password part of its user information replaced.
fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_once('/').map_or((rest, None), |(a, p)| (a, Some(p)));
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{name}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    match path {
        Some(path) => format!("{scheme}://{authority}/{path}"),
        None => format!("{scheme}://{authority}"),
    }
}

/// The migrations a database had before this start (`applied`: what its
/// migrations table says, an error if it has none). A database that must
/// exist already (`existing`) without a first Lodestone migration is
/// refused: it is not a Lodestone database.
fn before_migrating(
    applied: Result<Vec<i64>, sqlx::Error>,
    location: &Location,
    existing: bool,
) -> Result<Vec<i64>, StoreError> {
    match applied {
        Ok(versions) if !existing || versions.contains(&1) => Ok(versions),
        Err(_) if !existing => Ok(Vec::new()),
        _ => Err(StoreError::Open(format!(
            "the database {location} is not a Lodestone database (it has none of lodestone-server's tables)"
        ))),
    }
}

/// Logs each migration `migrator` applied that was not there `before`.
fn log_migrations(migrator: &sqlx::migrate::Migrator, before: &[i64], location: &Location) {
    for migration in migrator.iter().filter(|m| !before.contains(&m.version)) {
        tracing::info!(
            version = migration.version,
            description = %migration.description,
            database = %location,
            "applied schema migration"
        );
    }
}

/// A failed migration, as a sentence for the host.
fn migrate_error(location: &Location, e: sqlx::migrate::MigrateError) -> StoreError {
    use sqlx::migrate::MigrateError;
    StoreError::Open(match e {
        MigrateError::VersionMissing(version) => format!(
            "the database {location} was written by a newer version of lodestone-server (it has schema migration {version}, which this version does not know): run that version or a newer one, or restore a backup from before the upgrade"
        ),
        MigrateError::VersionMismatch(version) => format!(
            "the database {location} has a schema migration {version} that differs from this version's: it was written by another build of lodestone-server"
        ),
        other => format!("could not bring the database {location} up to date: {other}"),
    })
}

impl Store {
    /// Opens (creating if needed) the database at `url`, applies the
    /// missing migrations and starts the writer. The returned task ends
    /// when every `Store` clone has been dropped and the queue is drained.
    pub async fn open(url: &str, options: &StoreOptions) -> Result<(Store, JoinHandle<()>), StoreError> {
        let location = Location::parse(url)?;
        // A restore must not replace the file under a server (`backup.rs`).
        let lock = backup::lock_shared(&location)?;
        let db = Db::open(&location, options).await?;
        let lock = match lock {
            Some(lock) => Some(lock),
            None => backup::lock_shared(&location)?,
        };
        let (writer, queue) = mpsc::channel(4096);
        let task = match sqlite::file(&location) {
            // A SQLite file: the writer is a thread of our own, which holds
            // the lock as long as it writes.
            Some(path) => {
                let conn = sqlite_writer::open(path, options.sync_full).map_err(|e| {
                    StoreError::Open(format!(
                        "could not open the SQLite database {location} for writing: {e}"
                    ))
                })?;
                // A thread of our own rather than `spawn_blocking`: a
                // blocking task that never ends would keep a paused clock
                // (tests) from moving ahead. The task returned ends when
                // the thread does.
                let (ended, end) = oneshot::channel::<()>();
                std::thread::Builder::new()
                    .name("sqlite-writer".into())
                    .spawn(move || {
                        sqlite_writer::run(conn, queue);
                        drop(lock);
                        let _ = ended.send(());
                    })
                    .map_err(|e| StoreError::Open(format!("could not start the SQLite writer: {e}")))?;
                tokio::spawn(async move {
                    let _ = end.await;
                })
            }
            None => tokio::spawn(write_loop(Writer::new(&db).await?, queue)),
        };
        Ok((
            Store {
                db,
                writer,
                commit_seconds: metrics::Histogram::noop(),
                failures: metrics::Counter::noop(),
            },
            task,
        ))
    }

    /// Stores `ops` atomically; returns once they are committed.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        if ops.is_empty() {
            return Ok(());
        }
        self.request(ops).await
    }

    /// Records each write's time from request to commit in `histogram`.
    pub fn with_commit_histogram(self, histogram: metrics::Histogram) -> Store {
        Store {
            commit_seconds: histogram,
            ..self
        }
    }

    /// Counts each write request that could not be stored in `counter`
    /// (a fence's refusal is a lease lost, counted apart).
    pub fn with_failure_counter(self, counter: metrics::Counter) -> Store {
        Store {
            failures: counter,
            ..self
        }
    }

    /// Write requests waiting for the writer.
    pub fn queue_len(&self) -> usize {
        self.writer.max_capacity() - self.writer.capacity()
    }

    /// Whether storage works: the writer runs and answers a probe (a
    /// request with nothing to store) queued behind whatever waits before
    /// it; a writer stuck on a commit does not answer.
    pub async fn check(&self) -> Result<(), StoreError> {
        self.request(Vec::new()).await
    }

    /// Whether the database takes a write now: a probe row of `node`
    /// (`health.rs`) stored through the writer, behind whatever waits.
    pub async fn probe(&self, node: &str, at: i64) -> Result<(), StoreError> {
        self.request(vec![Op::Probe {
            node: node.to_string(),
            at,
        }])
        .await
    }

    async fn request(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let started = std::time::Instant::now();
        let (done, result) = oneshot::channel();
        self.writer
            .send(WriteRequest { ops, done })
            .await
            .map_err(|_| StoreError::Closed)?;
        let result = result.await;
        self.commit_seconds.record(started.elapsed().as_secs_f64());
        let result = match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(reason)) if reason.contains(sql::FENCED) => Err(StoreError::Fenced),
            Ok(Err(reason)) => Err(StoreError::Rejected(reason)),
            Err(_) => Err(StoreError::Closed),
        };
        if matches!(result, Err(StoreError::Rejected(_) | StoreError::Closed)) {
            self.failures.increment(1);
        }
        result
    }

    pub async fn guest_by_token_hash(&self, token_hash: &str) -> Result<Option<GuestRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => Dialect::guest_by_token_hash(pool, token_hash).await)?)
    }

    /// The guests with these ids (in no particular order).
    pub async fn guests(&self, ids: &[String]) -> Result<Vec<GuestRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => Dialect::guests(pool, ids).await)?)
    }

    /// One room's log, in order (empty if there is no such room).
    pub async fn room_events(&self, id: &str) -> Result<Vec<EventRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => Dialect::room_events(pool, id).await)?)
    }

    /// The logs of every room that is open or playing, room after room,
    /// each in order: one query.
    pub async fn live_events(&self) -> Result<Vec<EventRow>, StoreError> {
        Ok(with_pool!(&self.db, pool => Dialect::live_events(pool).await)?)
    }

    /// The leases of rooms and the nodes sharing the database: PostgreSQL
    /// only (an SQLite database has one server, which owns every room).
    pub fn leases(&self) -> Option<Leases> {
        match &self.db {
            Db::Postgres(pool) => Some(Leases::new(pool.clone())),
            Db::Sqlite(_) => None,
        }
    }

    /// Closes the database once the writer has stopped.
    pub fn closer(&self) -> Closer {
        Closer(self.db.clone())
    }
}

/// The writer's side of the database: the pool, and the connection it
/// keeps between commits (the writer does not wait for one per batch).
enum Writer {
    Sqlite(Pool<Sqlite>, Option<PoolConnection<Sqlite>>),
    Postgres(Pool<Postgres>, Option<PoolConnection<Postgres>>),
}

impl Writer {
    /// The writer of `db`, with its connection taken already (so that it
    /// never waits for one later), except from a pool of one connection
    /// (an in-memory database), which it shares with the readers.
    async fn new(db: &Db) -> Result<Writer, sqlx::Error> {
        Ok(match db {
            Db::Sqlite(pool) => Writer::Sqlite(pool.clone(), held(pool).await?),
            Db::Postgres(pool) => Writer::Postgres(pool.clone(), held(pool).await?),
        })
    }

    /// Stores `ops` in one transaction.
    async fn commit(&mut self, ops: &[&Op]) -> Result<(), sqlx::Error> {
        match self {
            Writer::Sqlite(pool, held) => Dialect::commit(pool, held, ops).await,
            Writer::Postgres(pool, held) => Dialect::commit(pool, held, ops).await,
        }
    }
}

async fn held<DB: sqlx::Database>(pool: &Pool<DB>) -> Result<Option<PoolConnection<DB>>, sqlx::Error> {
    if pool.options().get_max_connections() == 1 {
        return Ok(None);
    }
    pool.acquire().await.map(Some)
}

async fn write_loop(mut writer: Writer, mut queue: mpsc::Receiver<WriteRequest>) {
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
        let results = store_batch(&mut writer, &batch).await;
        for (request, result) in batch.drain(..).zip(results) {
            // A requester that went away no longer needs the answer.
            let _ = request.done.send(result);
        }
    }
}

/// Stores a batch with `commit` as one transaction (if that fails, each
/// request in a transaction of its own, so a failing request fails alone),
/// answers its requests and empties it. The blocking writer's
/// ([`sqlite_writer`]) counterpart of [`store_batch`].
fn answer_batch(batch: &mut Vec<WriteRequest>, mut commit: impl FnMut(&[&Op]) -> Result<(), String>) {
    let all: Vec<&Op> = batch.iter().flat_map(|r| r.ops.iter()).collect();
    let together = if all.is_empty() { Ok(()) } else { commit(&all) };
    let alone = match together {
        Ok(()) => false,
        Err(e) if batch.len() == 1 => {
            tracing::error!(error = %e, "storage commit failed");
            let request = batch.pop().expect("one request");
            let _ = request.done.send(Err(e));
            return;
        }
        Err(e) => {
            tracing::warn!(error = %e, requests = batch.len(), "a batch failed; storing its requests one by one");
            true
        }
    };
    for request in batch.drain(..) {
        let result = if alone {
            let ops: Vec<&Op> = request.ops.iter().collect();
            commit(&ops).inspect_err(|e| tracing::error!(error = %e, "storage commit failed"))
        } else {
            Ok(())
        };
        // A requester that went away no longer needs the answer.
        let _ = request.done.send(result);
    }
}

/// Stores a batch as one transaction; if that fails, each request in a
/// transaction of its own, so a failing request fails alone. Returns one
/// result per request.
async fn store_batch(writer: &mut Writer, batch: &[WriteRequest]) -> Vec<Result<(), String>> {
    let all: Vec<&Op> = batch.iter().flat_map(|r| r.ops.iter()).collect();
    // Nothing but health probes (`Store::check`): nothing to commit.
    if all.is_empty() {
        return batch.iter().map(|_| Ok(())).collect();
    }
    match writer.commit(&all).await {
        Ok(()) => return batch.iter().map(|_| Ok(())).collect(),
        Err(e) if batch.len() == 1 => {
            log_failure(&e);
            return vec![Err(e.to_string())];
        }
        Err(e) => {
            tracing::warn!(error = %e, requests = batch.len(), "a batch failed; storing its requests one by one")
        }
    }
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        let ops: Vec<&Op> = request.ops.iter().collect();
        let result = writer.commit(&ops).await.map_err(|e| {
            log_failure(&e);
            e.to_string()
        });
        results.push(result);
    }
    results
}

/// Logs a failed commit: a fence's refusal is the room's news (its task
/// logs the lease lost), anything else an error.
fn log_failure(e: &sqlx::Error) {
    if e.to_string().contains(sql::FENCED) {
        tracing::debug!(error = %e, "a fence refused a commit");
    } else {
        tracing::error!(error = %e, "storage commit failed");
    }
}

#[cfg(test)]
mod tests;
