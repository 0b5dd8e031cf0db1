//! How long anything may wait on PostgreSQL: every statement, every lock,
//! a transaction left idle, and a connection whose other end went silent.
//! PostgreSQL enforces them on its side of each of the pool's connections
//! (session settings sent when the connection opens), so a node that
//! stalls in the middle of a commit, or whose network is cut, holds its
//! locks only that long; the node bounds its own waits too (a commit that
//! overruns is abandoned with its connection: `mod.rs`). sqlx opens the
//! sockets itself and offers no way to set keepalive on them, so keepalive
//! is PostgreSQL's (`tcp_keepalives_*`, `tcp_user_timeout`), which is the
//! side that holds the locks.

use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;

/// The bounds of the database waits (PostgreSQL; SQLite has one server and
/// its own busy timeout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DbBounds {
    /// A statement that runs longer is cancelled (`statement_timeout`).
    pub statement: Duration,
    /// A wait for a lock that lasts longer fails (`lock_timeout`): a room
    /// whose lease row another node holds locked is answered "try again"
    /// in that time rather than waited for.
    pub lock: Duration,
    /// A transaction left idle this long (its node stalled or cut off) is
    /// ended by PostgreSQL, which rolls it back and frees its locks
    /// (`idle_in_transaction_session_timeout`). Keep it below the lease.
    pub idle_in_transaction: Duration,
    /// A connection silent this long is probed (TCP keepalive, three
    /// probes this far apart), and data unacknowledged for three times
    /// this long drops it (`tcp_user_timeout`).
    pub keepalive: Duration,
    /// A request waits this long at most for a connection of the pool (a
    /// PostgreSQL that is down or unreachable: the pool keeps trying to
    /// connect meanwhile); then it fails, and a move gets
    /// `storage-failure` (its client sends it again) instead of no answer.
    pub acquire: Duration,
}

impl Default for DbBounds {
    fn default() -> DbBounds {
        DbBounds {
            statement: Duration::from_secs(30),
            lock: Duration::from_secs(1),
            idle_in_transaction: Duration::from_secs(5),
            keepalive: Duration::from_secs(10),
            acquire: Duration::from_secs(5),
        }
    }
}

impl DbBounds {
    /// The session settings that put these bounds on a connection.
    pub(super) fn settings(&self) -> Vec<(&'static str, String)> {
        let ms = |d: Duration| d.as_millis().max(1).to_string();
        let secs = self.keepalive.as_secs().max(1);
        vec![
            ("statement_timeout", ms(self.statement)),
            ("lock_timeout", ms(self.lock)),
            (
                "idle_in_transaction_session_timeout",
                ms(self.idle_in_transaction),
            ),
            ("tcp_keepalives_idle", secs.to_string()),
            ("tcp_keepalives_interval", secs.to_string()),
            ("tcp_keepalives_count", "3".into()),
            ("tcp_user_timeout", (secs * 3000).to_string()),
        ]
    }

    /// How long the node waits for one commit before it abandons it (and
    /// its connection): a statement's bound and a lock's, with room to
    /// spare.
    pub fn commit_deadline(&self) -> Duration {
        self.statement + self.lock + Duration::from_secs(1)
    }
}

/// Watches the writer's commit under way and cancels it once it has taken
/// longer than the deadline, by the wall clock: a thread of its own, not a
/// tokio timer, which a paused clock (tests) would fire at once while the
/// database answers.
#[derive(Debug)]
pub(super) struct CommitWatch {
    deadline: Duration,
    under_way: Mutex<Option<(Instant, CancellationToken)>>,
}

impl CommitWatch {
    /// A watch of commits that may take `deadline`, with its thread (which
    /// ends when the watch is dropped).
    pub(super) fn start(deadline: Duration) -> std::io::Result<Arc<CommitWatch>> {
        let watch = Arc::new(CommitWatch {
            deadline,
            under_way: Mutex::new(None),
        });
        let weak: Weak<CommitWatch> = Arc::downgrade(&watch);
        std::thread::Builder::new()
            .name("commit-watch".into())
            .spawn(move || {
                let tick = (deadline / 4).clamp(Duration::from_millis(10), Duration::from_millis(250));
                while let Some(watch) = weak.upgrade() {
                    if let Some((at, token)) = &*watch.lock()
                        && at.elapsed() > watch.deadline
                    {
                        token.cancel();
                    }
                    drop(watch);
                    std::thread::sleep(tick);
                }
            })?;
        Ok(watch)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(Instant, CancellationToken)>> {
        self.under_way.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A commit starts: cancelled if it is still under way at the
    /// deadline.
    pub(super) fn begin(&self) -> CancellationToken {
        let token = CancellationToken::new();
        *self.lock() = Some((Instant::now(), token.clone()));
        token
    }

    /// The commit ended.
    pub(super) fn end(&self) {
        *self.lock() = None;
    }

    pub(super) fn deadline(&self) -> Duration {
        self.deadline
    }
}

/// The database bound flags of `lodestone-server` (flattened into its
/// arguments).
#[derive(Clone, Debug, clap::Args)]
pub struct DbArgs {
    /// PostgreSQL: a statement running longer is cancelled (a number with
    /// ms, s or m).
    #[arg(long, env = "LODESTONE_DB_STATEMENT_TIMEOUT", default_value = "30s", value_parser = parse_duration)]
    pub db_statement_timeout: Duration,
    /// PostgreSQL: a wait for a row another node holds locked fails after
    /// this long, and the client is told to try again (ms, s or m).
    #[arg(long, env = "LODESTONE_DB_LOCK_TIMEOUT", default_value = "1s", value_parser = parse_duration)]
    pub db_lock_timeout: Duration,
    /// PostgreSQL: a transaction left idle this long (its node stalled or
    /// cut off mid-commit) is rolled back and its locks freed; keep it
    /// below the lease (ms, s or m).
    #[arg(long, env = "LODESTONE_DB_IDLE_IN_TRANSACTION_TIMEOUT", default_value = "5s", value_parser = parse_duration)]
    pub db_idle_in_transaction_timeout: Duration,
    /// PostgreSQL: a silent connection is probed after this long (TCP
    /// keepalive, three probes) and dropped when they go unanswered (s or
    /// m).
    #[arg(long, env = "LODESTONE_DB_KEEPALIVE", default_value = "10s", value_parser = parse_duration)]
    pub db_keepalive: Duration,
    /// PostgreSQL: a request waits this long at most for a database
    /// connection (PostgreSQL down or unreachable); then a move is refused
    /// with `storage-failure` and its client sends it again (ms, s or m).
    #[arg(long, env = "LODESTONE_DB_ACQUIRE_TIMEOUT", default_value = "5s", value_parser = parse_duration)]
    pub db_acquire_timeout: Duration,
}

impl From<DbArgs> for DbBounds {
    fn from(a: DbArgs) -> DbBounds {
        DbBounds {
            statement: a.db_statement_timeout,
            lock: a.db_lock_timeout,
            idle_in_transaction: a.db_idle_in_transaction_timeout,
            keepalive: a.db_keepalive,
            acquire: a.db_acquire_timeout,
        }
    }
}

/// A duration written as a positive number with `ms`, `s` or `m`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit): (&str, fn(u64) -> Option<Duration>) = if let Some(n) = text.strip_suffix("ms") {
        (n, |n| Some(Duration::from_millis(n)))
    } else if let Some(n) = text.strip_suffix('s') {
        (n, |n| Some(Duration::from_secs(n)))
    } else if let Some(n) = text.strip_suffix('m') {
        (n, |n| n.checked_mul(60).map(Duration::from_secs))
    } else {
        return Err(format!(
            "{text:?}: give a number with ms, s or m (e.g. 500ms, 5s)"
        ));
    };
    match number.trim().parse::<u64>().ok().and_then(unit) {
        Some(d) if !d.is_zero() => Ok(d),
        _ => Err(format!(
            "{text:?}: give a positive number with ms, s or m (e.g. 500ms, 5s)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_and_bad_ones_are_refused() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("5s"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        for bad in ["", "5", "0s", "-1s", "s", "1h", "1.5s"] {
            assert!(parse_duration(bad).is_err(), "{bad:?}");
        }
    }
}
