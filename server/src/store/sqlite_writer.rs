//! The SQLite writer on a thread of its own: it owns one connection
//! (rusqlite, on the same file and the same SQLite library as sqlx's
//! pool), blocks on the write queue, and commits whatever requests are
//! waiting as one transaction.
//!
//! Why not sqlx's writer connection: sqlx runs each SQLite connection on a
//! worker thread of its own and talks to it through channels, so every
//! batch crossed threads four times (room task → writer task → sqlx's
//! thread → writer task → room tasks), each a futex wake-up. Here a batch
//! crosses twice: the room tasks wake this thread, and its answers wake
//! them. The SQL is the same text (`sql.rs`); an in-memory database keeps
//! sqlx's path, since its one connection is shared with the readers.
//! With `--writer inline` the same batches are committed on the
//! runtime's one thread instead (`sqlite_inline.rs`).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, OpenFlags, params_from_iter};
use tokio::sync::mpsc;

use super::checkpoints::{self, watch_wal};
use super::plan::{self, Param, Statement};
use super::turns::Pending;
use super::types::{MAX_BATCH, Op, WriteError, WriteRequest};

/// SQLite's limit on one statement's parameters (as in `sql.rs`).
const MAX_PARAMS: usize = 32766;

/// Opens the writer's connection to the SQLite file at `path`, which the
/// pool has created and migrated (in WAL mode, which the file keeps).
pub(super) fn open(path: PathBuf, sync_full: bool) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(Duration::from_secs(10))?;
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "synchronous", if sync_full { "FULL" } else { "NORMAL" })?;
    // Checkpoints run between batches, not in a commit (`checkpoints.rs`).
    watch_wal(&conn);
    // A batch's inserts have as many rows as it has requests: room for the
    // statements of many batch sizes, each prepared once.
    conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
    Ok(conn)
}

/// How many prepared statements the writer keeps.
const STATEMENTS_KEPT: usize = 256;

/// Takes batches from `queue` until every sender is gone, commits each as
/// one transaction and answers its requests, then checkpoints if the WAL
/// is long (counted in `checkpoints`); at the end writes the games waiting
/// still in `turns`. Runs on a thread of its own (it blocks).
pub(super) fn run(
    mut conn: Connection,
    mut queue: mpsc::Receiver<WriteRequest>,
    checkpoints: Arc<AtomicU64>,
    turns: &Pending,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = queue.blocking_recv() {
        batch.push(first);
        take_waiting(&mut queue, &mut batch);
        answer(&mut conn, &mut batch);
        checkpoints::after_commit(&conn, &checkpoints);
    }
    store_last_turns(&mut conn, turns);
}

/// Once the queue is closed: the games waiting not written yet, last
/// (`turns.rs`).
pub(super) fn store_last_turns(conn: &mut Connection, turns: &Pending) {
    let last = turns.take_all();
    turns.close();
    if let Err(e) = commit(conn, &last.iter().collect::<Vec<_>>()) {
        tracing::warn!(error = %e, "could not store the games waiting at the end");
    }
}

/// Adds to `batch` the requests waiting in `queue`, up to [`MAX_BATCH`]:
/// those that came while the last batch was committed join this one, and
/// one commit serves them all.
pub(super) fn take_waiting(queue: &mut mpsc::Receiver<WriteRequest>, batch: &mut Vec<WriteRequest>) {
    while batch.len() < MAX_BATCH
        && let Ok(request) = queue.try_recv()
    {
        batch.push(request);
    }
}

/// Stores a batch as one transaction; if that fails, again in one
/// transaction with each request under a savepoint of its own, so a
/// failing request fails alone (if that transaction fails too, the
/// database itself did: all fail). Answers every request and empties the
/// batch.
pub(super) fn answer(conn: &mut Connection, batch: &mut Vec<WriteRequest>) {
    let rejected = |e: rusqlite::Error| WriteError::Rejected(e.to_string());
    let all: Vec<&Op> = batch.iter().flat_map(|r| r.ops.iter()).collect();
    let results: Vec<Result<(), WriteError>> = match commit(conn, &all) {
        // Nothing but health probes (`Store::check`) commits nothing.
        Ok(()) => batch.iter().map(|_| Ok(())).collect(),
        Err(e) if batch.len() == 1 => vec![Err(rejected(e))],
        Err(e) => {
            tracing::warn!(error = %e, requests = batch.len(), "a batch failed; storing its requests apart");
            let parts: Vec<Vec<&Op>> = batch.iter().map(|r| r.ops.iter().collect()).collect();
            match commit_apart(conn, &parts) {
                Ok(results) => results.into_iter().map(|r| r.map_err(rejected)).collect(),
                // The database itself failed: all fail together.
                Err(e) => {
                    let e = rejected(e);
                    batch.iter().map(|_| Err(e.clone())).collect()
                }
            }
        }
    };
    for (request, result) in batch.drain(..).zip(results) {
        if let Err(e) = &result {
            tracing::error!(error = %e, "storage commit failed");
        }
        // A requester that went away no longer needs the answer.
        let _ = request.done.send(result);
    }
}

/// Stores `ops` in one transaction, all or nothing; a batch that is a
/// single statement runs without `BEGIN` (one statement is atomic).
fn commit(conn: &mut Connection, ops: &[&Op]) -> Result<(), rusqlite::Error> {
    if ops.is_empty() {
        return Ok(());
    }
    let statements = plan::plan(ops, MAX_PARAMS);
    if let [only] = statements.as_slice() {
        return execute(conn, only);
    }
    let tx = conn.transaction()?;
    for statement in &statements {
        execute(&tx, statement)?;
    }
    tx.commit()
}

/// Stores each of `parts` in one transaction, each under a savepoint of
/// its own (rolled back alone if it fails): one result per part, or an
/// error if the transaction itself failed (nothing of it is stored).
fn commit_apart(
    conn: &mut Connection,
    parts: &[Vec<&Op>],
) -> Result<Vec<Result<(), rusqlite::Error>>, rusqlite::Error> {
    let mut tx = conn.transaction()?;
    let mut results = Vec::with_capacity(parts.len());
    for ops in parts {
        let savepoint = tx.savepoint()?;
        let result = plan::plan(ops, MAX_PARAMS)
            .iter()
            .try_for_each(|statement| execute(&savepoint, statement));
        if result.is_ok() {
            savepoint.commit()?;
        } else {
            // Rolled back to the savepoint, and released.
            savepoint.finish()?;
        }
        results.push(result);
    }
    tx.commit()?;
    Ok(results)
}

fn execute(conn: &Connection, statement: &Statement<'_>) -> Result<(), rusqlite::Error> {
    let mut prepared = conn.prepare_cached(&numbered(statement.sql()))?;
    let params = params_from_iter(statement.params().into_iter().map(Value));
    if statement.returns_row() {
        // Finding no row to update is an error, as on sqlx's path.
        prepared.query_row(params, |_| Ok(()))?;
    } else {
        prepared.execute(params)?;
    }
    Ok(())
}

/// `sql` with its placeholders `$N` written `?N`: the same parameters to
/// SQLite, which finds a `?N` by its number but a `$N` by its name, in a
/// list it reads from the start for each one (a many-row insert's
/// preparation then grows with the square of its parameters).
fn numbered(sql: String) -> String {
    let mut bytes = sql.into_bytes();
    for i in 1..bytes.len() {
        if bytes[i - 1] == b'$' && bytes[i].is_ascii_digit() {
            bytes[i - 1] = b'?';
        }
    }
    // One ASCII byte for another: still the same UTF-8.
    String::from_utf8(bytes).expect("an ASCII byte replaced by another")
}

/// A parameter as rusqlite binds it.
struct Value<'a>(Param<'a>);

impl rusqlite::ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self.0 {
            Param::Text(text) => ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes())),
            Param::MaybeText(Some(text)) => ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes())),
            Param::MaybeText(None) => ToSqlOutput::Borrowed(ValueRef::Null),
            Param::Int(n) | Param::MaybeInt(Some(n)) => {
                ToSqlOutput::Owned(rusqlite::types::Value::Integer(n))
            }
            Param::MaybeInt(None) => ToSqlOutput::Borrowed(ValueRef::Null),
            Param::Bool(b) => ToSqlOutput::Owned(rusqlite::types::Value::Integer(i64::from(b))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn placeholders_are_numbered_and_nothing_else_changes() {
        assert_eq!(
            numbered("INSERT INTO t (a, b) VALUES ($1, $12), ($13, '$x') RETURNING $".to_string()),
            "INSERT INTO t (a, b) VALUES (?1, ?12), (?13, '$x') RETURNING $"
        );
    }
}
