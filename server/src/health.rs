//! Health: whether the server can still keep games, for `/healthz`,
//! `/readyz` and systemd's watchdog.
//!
//! "Can keep games" means "can store a move now": a probe row is written
//! through the storage writer, behind whatever waits, so a read-only SQLite
//! file, a full disk or a stopped PostgreSQL all show, not only a writer
//! that stopped. A probe's answer is kept for a moment and shared by the
//! requests that arrive meanwhile, so a monitor polling fast (or a crowd of
//! them) costs two small writes a second at most.

use std::time::{Duration, Instant};

use tokio::sync::Mutex;

use crate::store::Store;

/// How long the storage check may take before storage counts as failed.
const PATIENCE: Duration = Duration::from_secs(3);

/// How long a probe's answer stands for the requests after it.
const FRESH: Duration = Duration::from_millis(500);

/// The last probe's answer, shared by the health endpoints.
#[derive(Debug, Default)]
pub struct Health {
    last: Mutex<Option<(Instant, Result<(), String>)>>,
}

impl Health {
    /// `Ok` while a move could be stored now (a probe write of this
    /// server's row commits in time); otherwise a sentence saying what is
    /// wrong. `node` names this server's probe row.
    pub async fn can_store(&self, store: &Store, node: Option<&str>) -> Result<(), String> {
        // Held while probing: requests that come meanwhile wait for this
        // probe's answer rather than queue probes of their own.
        let mut last = self.last.lock().await;
        if let Some((at, answer)) = last.as_ref()
            && at.elapsed() < FRESH
        {
            return answer.clone();
        }
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        let probe = store.probe(node.unwrap_or(""), now_ms);
        let answer = match tokio::time::timeout(PATIENCE, probe).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("cannot store a move: {e}")),
            Err(_) => Err(format!(
                "the database did not take a write within {} s",
                PATIENCE.as_secs()
            )),
        };
        *last = Some((Instant::now(), answer.clone()));
        answer
    }
}

/// `Ok` while the storage writer runs and answers in time (a request with
/// nothing to store, queued behind the others); for the watchdog, which
/// restarts a server that hangs, not one whose database is away.
pub async fn alive(store: &Store) -> Result<(), String> {
    match tokio::time::timeout(PATIENCE, store.check()).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!(
            "the storage writer did not answer within {} s",
            PATIENCE.as_secs()
        )),
    }
}
