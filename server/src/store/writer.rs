//! The writer of a pool (PostgreSQL, or an in-memory SQLite database):
//! a task that takes every request waiting and stores them as one
//! transaction (group commit), and stores a failed batch again request by
//! request, so a bad request fails alone. A SQLite file's writer is a
//! thread of its own (`store/sqlite_writer.rs`), answering the same way
//! ([`answer_batch`]).

use sqlx::pool::PoolConnection;
use sqlx::{Pool, Postgres, Sqlite};
use tokio::sync::mpsc;

use super::bounds::CommitWatch;
use super::db::Db;
use super::sql::{CommitError, Dialect};
use super::types::{MAX_BATCH, Op, WriteError, WriteRequest};

/// The writer's side of the database: the pool, and the connection it
/// keeps between commits (the writer does not wait for one per batch).
pub(super) enum Writer {
    Sqlite(Pool<Sqlite>, Option<PoolConnection<Sqlite>>),
    Postgres(Pool<Postgres>, Option<PoolConnection<Postgres>>),
}

impl Writer {
    /// The writer of `db`, with its connection taken already (so that it
    /// never waits for one later), except from a pool of one connection
    /// (an in-memory database), which it shares with the readers.
    pub(super) async fn new(db: &Db) -> Result<Writer, sqlx::Error> {
        Ok(match db {
            Db::Sqlite(pool) => Writer::Sqlite(pool.clone(), held(pool).await?),
            Db::Postgres(pool) => Writer::Postgres(pool.clone(), held(pool).await?),
        })
    }

    /// Stores `ops` in one transaction, waiting at most the deadline of
    /// `watch` (then the commit is abandoned with its connection, which
    /// PostgreSQL rolls back: nothing of it is stored).
    async fn commit(&mut self, ops: &[&Op], watch: Option<&CommitWatch>) -> Result<(), CommitError> {
        let commit = async {
            match self {
                Writer::Sqlite(pool, held) => Dialect::commit(pool, held, ops).await,
                Writer::Postgres(pool, held) => Dialect::commit(pool, held, ops).await,
            }
        };
        let Some(watch) = watch else {
            return commit.await;
        };
        let overrun = watch.begin();
        let result = tokio::select! {
            result = commit => Some(result),
            _ = overrun.cancelled() => None,
        };
        watch.end();
        match result {
            Some(result) => result,
            None => {
                if let Writer::Postgres(_, held) = self
                    && let Some(mut conn) = held.take()
                {
                    conn.close_on_drop();
                }
                Err(CommitError::Database(sqlx::Error::Protocol(format!(
                    "the database did not finish a commit within {} ms; {ABANDONED}",
                    watch.deadline().as_millis()
                ))))
            }
        }
    }
}

async fn held<DB: sqlx::Database>(pool: &Pool<DB>) -> Result<Option<PoolConnection<DB>>, sqlx::Error> {
    if pool.options().get_max_connections() == 1 {
        return Ok(None);
    }
    pool.acquire().await.map(Some)
}

/// Says that a commit was abandoned at its deadline.
const ABANDONED: &str = "the commit was abandoned";

pub(super) async fn write_loop(
    mut writer: Writer,
    mut queue: mpsc::Receiver<WriteRequest>,
    watch: Option<std::sync::Arc<CommitWatch>>,
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
        let results = store_batch(&mut writer, &batch, watch.as_deref()).await;
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
pub(super) fn answer_batch(
    batch: &mut Vec<WriteRequest>,
    mut commit: impl FnMut(&[&Op]) -> Result<(), WriteError>,
) {
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
async fn store_batch(
    writer: &mut Writer,
    batch: &[WriteRequest],
    watch: Option<&CommitWatch>,
) -> Vec<Result<(), WriteError>> {
    let all: Vec<&Op> = batch.iter().flat_map(|r| r.ops.iter()).collect();
    // Nothing but health probes (`Store::check`): nothing to commit.
    if all.is_empty() {
        return batch.iter().map(|_| Ok(())).collect();
    }
    match writer.commit(&all, watch).await {
        Ok(()) => return batch.iter().map(|_| Ok(())).collect(),
        // One request, or a database that does not answer at all (each
        // request alone would wait as long again): all fail together.
        Err(e) if batch.len() == 1 || e.to_string().contains(ABANDONED) => {
            log_failure(&e);
            let e = WriteError::from(e);
            return batch.iter().map(|_| Err(e.clone())).collect();
        }
        Err(e) => {
            tracing::warn!(error = %e, requests = batch.len(), "a batch failed; storing its requests one by one")
        }
    }
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        let ops: Vec<&Op> = request.ops.iter().collect();
        let result = writer.commit(&ops, watch).await.map_err(|e| {
            log_failure(&e);
            WriteError::from(e)
        });
        results.push(result);
    }
    results
}

/// Logs a failed commit: a fence's refusal is the room's news (its task
/// logs the lease lost), anything else an error.
fn log_failure(e: &CommitError) {
    match e {
        CommitError::Fenced(_) => tracing::debug!(error = %e, "a fence refused a commit"),
        CommitError::Database(_) => tracing::error!(error = %e, "storage commit failed"),
    }
}
