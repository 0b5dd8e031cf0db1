//! Single flight per key: the callers that want the same key at once share
//! one run of the work (the first starts it, and they all wait for its
//! result), while callers of other keys never wait for
//! it. Finding a room (loading it, taking its lease) goes through one of
//! these, so a room never gets two tasks and a look-up stuck on one room
//! (say, on a lock a stalled node holds) holds up nobody else's.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Mutex;

use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};

/// The runs under way, by key. `T` is cloned to every caller that shares
/// a run.
pub struct Flights<T: Clone> {
    under_way: Mutex<HashMap<String, Shared<BoxFuture<'static, T>>>>,
}

impl<T: Clone> Default for Flights<T> {
    fn default() -> Self {
        Flights {
            under_way: Mutex::new(HashMap::new()),
        }
    }
}

impl<T: Clone> std::fmt::Debug for Flights<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let keys = self.under_way.lock().map_or(0, |m| m.len());
        f.debug_struct("Flights").field("under_way", &keys).finish()
    }
}

impl<T: Clone + Send + Sync + 'static> Flights<T> {
    /// The result of the run of `key` under way, or of `work()` started
    /// now. The run is driven by whoever waits for it: the first caller,
    /// or, if it stops waiting, the others (a caller that comes to a run
    /// every caller left picks it up where it stopped). It runs on the
    /// callers' own task, so what a caller does with the result (queue a
    /// request to a room just loaded) follows it at once.
    pub async fn run<F>(&self, key: &str, work: impl FnOnce() -> F) -> T
    where
        F: Future<Output = T> + Send + 'static,
    {
        let flight = {
            let mut under_way = self.under_way.lock().unwrap_or_else(|e| e.into_inner());
            under_way
                .entry(key.to_string())
                .or_insert_with(|| work().boxed().shared())
                .clone()
        };
        let value = flight.clone().await;
        // The caller that sees the run end first removes it, in the same
        // step: an ended run is never joined.
        let mut under_way = self.under_way.lock().unwrap_or_else(|e| e.into_inner());
        if under_way.get(key).is_some_and(|f| Shared::ptr_eq(f, &flight)) {
            under_way.remove(key);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn callers_of_one_key_share_a_run_and_other_keys_do_not_wait() {
        let flights: Arc<Flights<usize>> = Arc::default();
        let runs = Arc::new(AtomicUsize::new(0));
        let (release, held) = tokio::sync::watch::channel(false);
        let mut waiting = Vec::new();
        for _ in 0..5 {
            let (flights, runs, held) = (flights.clone(), runs.clone(), held.clone());
            waiting.push(tokio::spawn(async move {
                flights
                    .run("stuck", move || async move {
                        let mut held = held;
                        let _ = held.wait_for(|go| *go).await;
                        runs.fetch_add(1, Ordering::SeqCst) + 1
                    })
                    .await
            }));
        }
        tokio::task::yield_now().await;
        // Another key is answered while "stuck" is held.
        let other = flights.run("other", || async { 7 }).await;
        assert_eq!(other, 7);
        release.send(true).unwrap();
        for w in waiting {
            assert_eq!(w.await.unwrap(), 1, "every caller got the one run's result");
        }
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        // Done: the next call runs again.
        assert_eq!(flights.run("stuck", || async { 9 }).await, 9);
    }

    #[tokio::test]
    async fn a_run_its_caller_left_is_picked_up_by_the_next() {
        let flights: Arc<Flights<usize>> = Arc::default();
        let (started, running) = tokio::sync::oneshot::channel();
        let (go, gate) = tokio::sync::oneshot::channel::<()>();
        let runs = Arc::new(AtomicUsize::new(0));
        let caller = {
            let (flights, runs) = (flights.clone(), runs.clone());
            tokio::spawn(async move {
                flights
                    .run("room", move || async move {
                        let _ = started.send(());
                        let _ = gate.await;
                        runs.fetch_add(1, Ordering::SeqCst) + 1
                    })
                    .await
            })
        };
        running.await.expect("the work started");
        caller.abort();
        let _ = caller.await;
        go.send(()).unwrap();
        assert_eq!(
            flights.run("room", || async { 99 }).await,
            1,
            "the run left half-way goes on"
        );
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert_eq!(
            flights.run("room", || async { 2 }).await,
            2,
            "an ended run is not joined"
        );
    }
}
