//! The writer of a pool (PostgreSQL, or an in-memory SQLite database):
//! a task that takes every request waiting and stores them as one
//! transaction (group commit). A batch that fails is stored again in one
//! transaction with each request apart (its fences first, then each
//! request under a savepoint), so a bad or fenced request fails alone and
//! the others still share one commit. On PostgreSQL the first transaction
//! is one script, sent in one round trip (`postgres.rs`). A SQLite file's
//! writer is a thread of its own (`store/sqlite_writer.rs`), answering the
//! same way.

use sqlx::pool::PoolConnection;
use sqlx::{Pool, Postgres, Sqlite};
use tokio::sync::mpsc;

use super::bounds::CommitWatch;
use super::db::Db;
use super::postgres;
use super::sql::{CommitError, Dialect};
use super::turns::Pending;
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
        self.bounded(watch, async |writer| match writer {
            Writer::Sqlite(pool, held) => Dialect::commit(pool, held, ops).await,
            // One round trip (`postgres.rs`).
            Writer::Postgres(pool, held) => postgres::commit(pool, held, ops).await,
        })
        .await
    }

    /// Stores each of `parts` apart in one transaction
    /// ([`Dialect::commit_apart`]), within the deadline of `watch` like
    /// [`Writer::commit`].
    async fn commit_apart(
        &mut self,
        parts: &[Vec<&Op>],
        watch: Option<&CommitWatch>,
    ) -> Result<Vec<Result<(), CommitError>>, CommitError> {
        self.bounded(watch, async |writer| match writer {
            Writer::Sqlite(pool, held) => Dialect::commit_apart(pool, held, parts).await,
            Writer::Postgres(pool, held) => Dialect::commit_apart(pool, held, parts).await,
        })
        .await
    }

    /// Runs `commit` on this writer within the deadline of `watch`; a
    /// commit that overruns it is abandoned ([`Writer::abandon`]).
    async fn bounded<T>(
        &mut self,
        watch: Option<&CommitWatch>,
        commit: impl AsyncFnOnce(&mut Writer) -> Result<T, CommitError>,
    ) -> Result<T, CommitError> {
        match within(watch, commit(self)).await {
            Some(result) => result,
            None => Err(self.abandon(watch)),
        }
    }

    /// A commit overran the deadline of `watch`: its connection is closed
    /// (PostgreSQL rolls the transaction back); the error that says so.
    fn abandon(&mut self, watch: Option<&CommitWatch>) -> CommitError {
        if let Writer::Postgres(_, held) = self
            && let Some(mut conn) = held.take()
        {
            conn.close_on_drop();
        }
        let ms = watch.map_or(0, |w| w.deadline().as_millis());
        CommitError::Database(sqlx::Error::Protocol(format!(
            "the database did not finish a commit within {ms} ms; {ABANDONED}"
        )))
    }
}

/// Runs `work` within the deadline of `watch` (without one: to the end);
/// `None` if it overran.
async fn within<T>(watch: Option<&CommitWatch>, work: impl std::future::Future<Output = T>) -> Option<T> {
    let Some(watch) = watch else {
        return Some(work.await);
    };
    let overrun = watch.begin();
    let result = tokio::select! {
        result = work => Some(result),
        _ = overrun.cancelled() => None,
    };
    watch.end();
    result
}

async fn held<DB: sqlx::Database>(pool: &Pool<DB>) -> Result<Option<PoolConnection<DB>>, sqlx::Error> {
    if pool.options().get_max_connections() == 1 {
        return Ok(None);
    }
    pool.acquire().await.map(Some)
}

/// Says that a commit was abandoned at its deadline.
const ABANDONED: &str = "the commit was abandoned";

/// Takes batches from `queue` until every sender is gone and stores each
/// as one transaction; at the end writes the games waiting still in
/// `turns` (`turns.rs`).
pub(super) async fn write_loop(
    mut writer: Writer,
    mut queue: mpsc::Receiver<WriteRequest>,
    watch: Option<std::sync::Arc<CommitWatch>>,
    turns: std::sync::Arc<Pending>,
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
    let last = turns.take_all();
    turns.close();
    if !last.is_empty()
        && let Err(e) = writer
            .commit(&last.iter().collect::<Vec<_>>(), watch.as_deref())
            .await
    {
        tracing::warn!(error = %e, "could not store the games waiting at the end");
    }
}

/// Stores a batch as one transaction; if a request may have made that
/// fail, again in one transaction with each request apart, so a failing
/// request fails alone. Returns one result per request.
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
    let failed = match writer.commit(&all, watch).await {
        Ok(()) => return batch.iter().map(|_| Ok(())).collect(),
        Err(e) => e,
    };
    // One request, or the database itself failing (gone, restarting, a
    // commit abandoned): storing the requests apart would only wait as
    // long again; all fail together, and their rooms try again.
    if batch.len() == 1 || !one_may_fail(&failed) {
        return fail_all(batch, failed);
    }
    match &failed {
        // A fence's refusal is a room's news (`log_failure`).
        CommitError::Fenced(_) => {
            tracing::debug!(error = %failed, requests = batch.len(), "a batch was fenced; storing its requests apart")
        }
        CommitError::Database(_) => {
            tracing::warn!(error = %failed, requests = batch.len(), "a batch failed; storing its requests apart")
        }
    }
    let parts: Vec<Vec<&Op>> = batch.iter().map(|r| r.ops.iter().collect()).collect();
    match writer.commit_apart(&parts, watch).await {
        Ok(results) => results
            .into_iter()
            .map(|result| {
                result.map_err(|e| {
                    log_failure(&e);
                    WriteError::from(e)
                })
            })
            .collect(),
        Err(e) => fail_all(batch, e),
    }
}

/// Every request of `batch` refused with `e`.
fn fail_all(batch: &[WriteRequest], e: CommitError) -> Vec<Result<(), WriteError>> {
    log_failure(&e);
    let e = WriteError::from(e);
    batch.iter().map(|_| Err(e.clone())).collect()
}

/// Whether one request of a batch may have caused failure `e` (a fence, a
/// key or a check its rows broke, a row it updates missing, a lock it
/// waited for too long), rather than the database itself (its connection
/// lost, shutting down, out of resources, a commit abandoned).
fn one_may_fail(e: &CommitError) -> bool {
    match e {
        CommitError::Fenced(_) => true,
        CommitError::Database(sqlx::Error::RowNotFound) => true,
        CommitError::Database(sqlx::Error::Database(db)) => {
            let code = db.code().unwrap_or_default();
            // SQLSTATE classes of the connection, the operator (shutdown),
            // resources, the system and internal errors.
            !["08", "57P", "53", "58", "XX"]
                .iter()
                .any(|class| code.starts_with(class))
        }
        CommitError::Database(_) => false,
    }
}

/// Logs a failed commit: a fence's refusal is the room's news (its task
/// logs the lease lost), anything else an error.
fn log_failure(e: &CommitError) {
    match e {
        CommitError::Fenced(_) => tracing::debug!(error = %e, "a fence refused a commit"),
        CommitError::Database(_) => tracing::error!(error = %e, "storage commit failed"),
    }
}
