//! Connections kept for known clients: strangers (connections that have
//! not shown a known identity: an account, or the token of a guest the
//! server made before) may hold only part of the connection limit; the
//! rest is kept for known clients. A connection admitted into the part
//! kept ("on probation") must show a known identity within the handshake
//! timeout or it is closed; one that shows it gives its stranger's place
//! back. When even the part kept is full, a newcomer takes the place of
//! the oldest connection on probation that has not shown who it is yet
//! (which is closed), so strangers holding the kept part only push one
//! another out, and a known client gets in and shows who it is in a moment.
//! So a flood of strangers never locks known players out and never makes
//! `/readyz` say the server cannot serve: it is full only when known
//! clients fill it.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

/// The strangers' part of the connection limit, and how many connections
/// are known.
#[derive(Debug)]
pub struct Reserve {
    /// Places for strangers (`None`: no connection limit).
    strangers: Option<Arc<Semaphore>>,
    /// The connection limit (0: none).
    max: usize,
    known: Arc<AtomicUsize>,
    /// The connections on probation, oldest first (the first that is
    /// still unknown is the next to make room).
    probation: Mutex<VecDeque<Weak<Standing>>>,
}

/// Where a connection stands: a stranger's place, or on probation; known
/// once it has shown who it is.
#[derive(Debug)]
pub struct Standing {
    place: Mutex<Option<OwnedSemaphorePermit>>,
    /// Admitted into the part kept for known clients.
    pub probation: bool,
    known: AtomicBool,
    count: Arc<AtomicUsize>,
    /// Cancelled when a newcomer takes its place.
    pushed_out: CancellationToken,
}

impl Reserve {
    /// `percent` of `max` connections kept for known clients.
    pub fn new(max: usize, percent: u8) -> Reserve {
        let kept = max * usize::from(percent.min(100)) / 100;
        Reserve {
            strangers: (max > 0).then(|| Arc::new(Semaphore::new(max - kept))),
            max,
            known: Arc::default(),
            probation: Mutex::default(),
        }
    }

    /// The standing of a connection just admitted: a stranger's place if
    /// one is free, otherwise probation.
    pub fn admit(&self) -> Arc<Standing> {
        let place = self
            .strangers
            .as_ref()
            .and_then(|s| s.clone().try_acquire_owned().ok());
        let standing = Arc::new(Standing {
            probation: self.strangers.is_some() && place.is_none(),
            place: Mutex::new(place),
            known: AtomicBool::new(false),
            count: self.known.clone(),
            pushed_out: CancellationToken::new(),
        });
        if standing.probation {
            let mut queue = self.queue();
            queue.retain(|w| w.strong_count() > 0);
            queue.push_back(Arc::downgrade(&standing));
        }
        standing
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, VecDeque<Weak<Standing>>> {
        self.probation.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The server is full: pushes out the oldest connection on probation
    /// that is still unknown, if there is one (its place is free once it
    /// has closed).
    pub fn make_room(&self) -> bool {
        let mut queue = self.queue();
        while let Some(oldest) = queue.pop_front() {
            if let Some(standing) = oldest.upgrade()
                && !standing.is_known()
                && !standing.pushed_out.is_cancelled()
            {
                standing.pushed_out.cancel();
                return true;
            }
        }
        false
    }

    /// Whether known clients fill the server (within 5%, at least one
    /// place): then it cannot take more players.
    pub fn full_of_known(&self) -> bool {
        self.max > 0 && self.known.load(Ordering::SeqCst) + (self.max / 20).max(1) >= self.max
    }
}

impl Standing {
    /// The connection showed a known identity: its stranger's place (if
    /// it had one) goes back to the strangers.
    pub fn known(&self) {
        if !self.known.swap(true, Ordering::SeqCst) {
            self.count.fetch_add(1, Ordering::SeqCst);
            self.place.lock().unwrap_or_else(|e| e.into_inner()).take();
        }
    }

    pub fn is_known(&self) -> bool {
        self.known.load(Ordering::SeqCst)
    }

    /// Resolves when a connection on probation must go: `time` has passed
    /// (the caller checks it is still unknown) or a newcomer pushed it
    /// out; never for a stranger with a place of its own.
    pub async fn probation_over(&self, time: Duration) {
        if !self.probation || time.is_zero() {
            return std::future::pending().await;
        }
        tokio::select! {
            _ = tokio::time::sleep(time) => {}
            _ = self.pushed_out.cancelled() => {}
        }
    }

    /// Resolves when the connection of `standing` must go for want of a
    /// known identity: on probation, it has not shown one within `time`
    /// (or a newcomer pushed it out first); never otherwise.
    pub async fn unknown_after(standing: Option<Arc<Standing>>, time: Duration) {
        let Some(standing) = standing else {
            return std::future::pending().await;
        };
        standing.probation_over(time).await;
        if standing.is_known() {
            std::future::pending::<()>().await;
        }
    }
}

impl Drop for Standing {
    fn drop(&mut self) {
        if *self.known.get_mut() {
            self.count.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strangers_fill_their_part_and_the_rest_waits_for_known_clients() {
        let reserve = Reserve::new(20, 10);
        let strangers: Vec<_> = (0..18).map(|_| reserve.admit()).collect();
        assert!(strangers.iter().all(|s| !s.probation));
        let next = reserve.admit();
        assert!(next.probation, "the last two places are kept");
        assert!(!reserve.full_of_known(), "strangers never make it full");
        // A newcomer pushes out the oldest on probation still unknown.
        assert!(reserve.make_room());
        assert!(next.pushed_out.is_cancelled());
        assert!(!reserve.make_room(), "nobody else on probation");
        // A stranger who shows who it is gives its place back.
        strangers[0].known();
        assert!(!reserve.admit().probation);
        let known: Vec<_> = (0..18).map(|_| reserve.admit()).collect();
        for k in &known {
            k.known();
        }
        assert!(reserve.full_of_known());
        drop(known);
        assert!(!reserve.full_of_known());
    }
}
