//! A node's run on PostgreSQL: each process of a node (a run) holds a
//! session-level advisory lock, key `(RUN_LOCKS, run)`, on a connection of
//! its own for as long as it lives. PostgreSQL frees it when that session
//! ends (the process died, its connection dropped), so the other nodes see
//! at once that the run is gone (the view `live_runs`, migration 0090) and
//! take its rooms without waiting for their leases to lapse; a process
//! that is stopped or stalled keeps its session, and its leases guard it
//! as before. A run is a number drawn at each start, so a node restarted
//! under the same name is never mistaken for its dead previous run.
//!
//! This is failure detection, not a fence: every write is still fenced by
//! its lease's epoch in its own transaction (`sql.rs`), so a run judged
//! dead by mistake (its lock's connection dropped while the process lives)
//! loses its rooms and writes nothing more to them.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

use sqlx::{Connection, PgConnection, Pool, Postgres};

use super::types::StoreError;

/// The first key of every run's advisory lock ("LODE"), so the locks of
/// runs are told from any other advisory lock in the database.
pub(super) const RUN_LOCKS: i32 = 0x4C4F_4445;

/// This node's run as the leases see it: the run it holds the lock of (0:
/// none yet), and whether it may judge other runs dead (its own lock has
/// been held long enough that every live node has taken its own again,
/// after PostgreSQL restarted and ended every session).
#[derive(Debug, Default)]
pub(super) struct RunState {
    run: AtomicI64,
    judging: AtomicBool,
}

/// The connection that holds this run's lock; the lock goes with it.
#[derive(Debug)]
pub struct RunLock {
    conn: PgConnection,
    run: i64,
}

impl RunLock {
    pub fn run(&self) -> i64 {
        self.run
    }

    /// Whether the lock is still held: its connection answers and the
    /// database lists the run as alive. An error or `false`: the session is
    /// gone (drop this and lock the run again).
    pub async fn held(&mut self) -> Result<bool, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM live_runs WHERE run = $1)")
                .bind(self.run)
                .fetch_one(&mut self.conn)
                .await?,
        )
    }

    /// Ends the session (and so the lock) now.
    pub async fn close(self) {
        let _ = self.conn.close().await;
    }
}

/// A run number: positive, so it reads the same as an `int4` key and as
/// the `oid` in `pg_locks`.
fn draw() -> i64 {
    let bits = uuid::Uuid::new_v4().as_u128() as u32 & 0x7FFF_FFFF;
    i64::from(bits.max(1))
}

impl RunState {
    /// Takes the lock of run `run` (a fresh run if `None`: drawn again if
    /// another session holds the number drawn) on a new connection to the
    /// database of `pool`, and makes it this node's run. `None` if the
    /// run's lock is held by another session (its previous connection, not
    /// yet ended by PostgreSQL).
    pub(super) async fn lock(
        &self,
        pool: &Pool<Postgres>,
        run: Option<i64>,
    ) -> Result<Option<RunLock>, StoreError> {
        let options = pool.connect_options();
        let mut conn = PgConnection::connect_with(&options).await?;
        for _ in 0..if run.is_some() { 1 } else { 8 } {
            let run = run.unwrap_or_else(draw);
            let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1, $2::int4)")
                .bind(RUN_LOCKS)
                .bind(run)
                .fetch_one(&mut conn)
                .await?;
            if locked {
                self.run.store(run, Ordering::SeqCst);
                return Ok(Some(RunLock { conn, run }));
            }
        }
        let _ = conn.close().await;
        Ok(None)
    }

    /// This node's run, once it holds its lock.
    pub(super) fn run(&self) -> Option<i64> {
        Some(self.run.load(Ordering::SeqCst)).filter(|&run| run != 0)
    }

    /// Lets this node judge other runs dead by their locks (`true`) or not.
    pub(super) fn judge(&self, judging: bool) {
        self.judging.store(judging, Ordering::SeqCst);
    }

    /// Whether this node judges other runs dead by their locks.
    pub(super) fn judging(&self) -> bool {
        self.judging.load(Ordering::SeqCst)
    }
}
