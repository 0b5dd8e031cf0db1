//! [`Store`], the handle to the database the rest of the server holds:
//! opening it (and starting its writer), writes through the writer, and
//! the reads of rooms and guests. Accounts' reads and rare writes are in
//! `store/accounts.rs`.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::db::{Db, with_pool};
use super::leases::Leases;
use super::marks::Marks;
use super::sql::Dialect;
use super::turns::{Pending, flusher};
use super::types::{EventRow, GuestRow, Location, Op, StoreError, StoreOptions, WriteError, WriteRequest};
use super::writer::{Writer, write_loop};
use super::{backup, sqlite, sqlite_inline, sqlite_writer};

/// Handle to the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pub(super) db: Db,
    writer: mpsc::Sender<WriteRequest>,
    /// Seconds from a write request to its commit (`/metrics`).
    commit_seconds: metrics::Histogram,
    /// Write requests that could not be stored (`/metrics`).
    failures: metrics::Counter,
    /// Checkpoints of a SQLite file's WAL run by its writer between
    /// batches (`checkpoints.rs`).
    checkpoints: Arc<AtomicU64>,
    /// The reads the notifications made of their tables (`notify.rs`).
    pub(super) notify_reads: Arc<AtomicU64>,
    /// Who may block someone or be notified (`marks.rs`).
    pub(super) marks: Arc<Marks>,
    /// The games waiting that rooms want written (`turns.rs`).
    pub(super) pending_turns: Arc<Pending>,
}

/// Closes the database once the writer has stopped.
#[derive(Clone, Debug)]
pub struct Closer(Db);

impl Closer {
    pub async fn close(self) {
        with_pool!(self.0, pool => pool.close().await)
    }
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
        if let Err(e) = super::turns::sweep(&db).await {
            tracing::warn!(error = %e, "could not forget the games waiting of rooms no longer played");
        }
        let lock = match lock {
            Some(lock) => Some(lock),
            None => backup::lock_shared(&location)?,
        };
        let (writer, queue) = mpsc::channel(4096);
        let checkpoints = Arc::new(AtomicU64::new(0));
        let pending_turns = Arc::new(Pending::default());
        let last_turns = pending_turns.clone();
        let task = match sqlite::file(&location) {
            // A SQLite file: the writer is a thread of our own, which holds
            // the lock as long as it writes.
            Some(path) => {
                let conn = sqlite_writer::open(path, options.sync_full).map_err(|e| {
                    StoreError::Open(format!(
                        "could not open the SQLite database {location} for writing: {e}"
                    ))
                })?;
                let checkpointer = checkpoints.clone();
                if options.inline_writer {
                    // The runtime's own thread commits (one shard).
                    tokio::spawn(async move {
                        sqlite_inline::run(conn, queue, checkpointer, &last_turns).await;
                        drop(lock);
                    })
                } else {
                    // A thread of our own rather than `spawn_blocking`: a
                    // blocking task that never ends would keep a paused clock
                    // (tests) from moving ahead. The task returned ends when
                    // the thread does.
                    let (ended, end) = oneshot::channel::<()>();
                    std::thread::Builder::new()
                        .name("sqlite-writer".into())
                        .spawn(move || {
                            sqlite_writer::run(conn, queue, checkpointer, &last_turns);
                            drop(lock);
                            let _ = ended.send(());
                        })
                        .map_err(|e| StoreError::Open(format!("could not start the SQLite writer: {e}")))?;
                    tokio::spawn(async move {
                        let _ = end.await;
                    })
                }
            }
            None => {
                // PostgreSQL: a commit that overruns its bounds is
                // abandoned (`bounds.rs`).
                let watch = match (options.bounds, &db) {
                    (Some(bounds), Db::Postgres(_)) => Some(
                        super::bounds::CommitWatch::start(bounds.commit_deadline()).map_err(|e| {
                            StoreError::Open(format!("could not start the commit watch: {e}"))
                        })?,
                    ),
                    _ => None,
                };
                tokio::spawn(write_loop(Writer::new(&db).await?, queue, watch, last_turns))
            }
        };
        tokio::spawn(flusher(pending_turns.clone(), writer.downgrade()));
        Ok((
            Store {
                db,
                writer,
                commit_seconds: metrics::Histogram::noop(),
                failures: metrics::Counter::noop(),
                checkpoints,
                notify_reads: Default::default(),
                marks: Default::default(),
                pending_turns,
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

    /// How many checkpoints of a SQLite file's WAL its writer has run
    /// between batches (`checkpoints.rs`); none elsewhere.
    pub fn checkpoints(&self) -> u64 {
        self.checkpoints.load(std::sync::atomic::Ordering::Relaxed)
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
            Ok(Err(WriteError::Fenced(_))) => Err(StoreError::Fenced),
            Ok(Err(WriteError::Rejected(reason))) => Err(StoreError::Rejected(reason)),
            Err(_) => Err(StoreError::Closed),
        };
        if matches!(result, Err(StoreError::Rejected(_) | StoreError::Closed)) {
            self.failures.increment(1);
        }
        result
    }

    /// Guest `id` now goes by `name`.
    pub async fn rename_guest(&self, id: &str, name: &str) -> Result<(), StoreError> {
        let (id, name) = (id.to_string(), name.to_string());
        self.write(vec![Op::RenameGuest { id, name }]).await
    }

    pub(super) async fn guest_by_token_hash(&self, token_hash: &str) -> Result<Option<GuestRow>, StoreError> {
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
