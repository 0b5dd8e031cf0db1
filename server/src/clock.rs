//! The server's clock: wall-clock milliseconds, read through tokio's
//! `Instant` so that tests with paused time control it completely.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

/// Wall-clock time as unix milliseconds, anchored once at start and then
/// advanced by tokio's monotonic clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    wall_ms: u64,
    instant: Instant,
}

impl Clock {
    pub fn new() -> Clock {
        let wall_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        Clock {
            wall_ms,
            instant: Instant::now(),
        }
    }

    /// Unix milliseconds now.
    pub fn now_ms(&self) -> u64 {
        self.wall_ms + self.instant.elapsed().as_millis() as u64
    }

    /// The `Instant` at which the clock will read `ms`.
    pub fn instant_at(&self, ms: u64) -> Instant {
        self.instant + Duration::from_millis(ms.saturating_sub(self.wall_ms))
    }
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::new()
    }
}

/// Sleeps until `deadline`, or forever without one.
pub async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
