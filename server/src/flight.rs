//! Single flight per key: the callers that want the same key at once share
//! one run of the work (the first starts it as a task of its own; the
//! others wait for its result), while callers of other keys never wait for
//! it. Finding a room (loading it, taking its lease) goes through one of
//! these, so a room never gets two tasks and a look-up stuck on one room
//! (say, on a lock a stalled node holds) holds up nobody else's.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};

/// One run: its result as every caller awaits it, and whether its task
/// has ended (then it is over even if no caller is left to see it).
type Run<T> = (Shared<BoxFuture<'static, T>>, Arc<AtomicBool>);

/// The runs under way, by key. `T` is cloned to every caller that shares
/// a run.
pub struct Flights<T: Clone> {
    under_way: Mutex<HashMap<String, Run<T>>>,
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
    /// now as a task of its own (`spawn`): it goes on to the end even if
    /// every caller stops waiting (a lease taken is never left unused
    /// half-way).
    pub async fn run<F>(
        &self,
        key: &str,
        spawn: impl FnOnce(BoxFuture<'static, T>) -> tokio::task::JoinHandle<T>,
        work: impl FnOnce() -> F,
    ) -> T
    where
        F: Future<Output = T> + Send + 'static,
    {
        let flight = {
            let mut under_way = self.under_way.lock().unwrap_or_else(|e| e.into_inner());
            match under_way.get(key) {
                // (A run that ended is not joined: every caller left it
                // before it ended, and its result may be stale.)
                Some((flight, ended)) if !ended.load(Ordering::SeqCst) => flight.clone(),
                _ => {
                    let ended = Arc::new(AtomicBool::new(false));
                    let work = work();
                    let end = ended.clone();
                    let task = spawn(
                        async move {
                            let value = work.await;
                            end.store(true, Ordering::SeqCst);
                            value
                        }
                        .boxed(),
                    );
                    let flight = async move {
                        match task.await {
                            Ok(value) => value,
                            // The task panicked or the runtime is going
                            // away: the callers see it as a panic too.
                            Err(e) => std::panic::resume_unwind(e.into_panic()),
                        }
                    }
                    .boxed()
                    .shared();
                    under_way.insert(key.to_string(), (flight.clone(), ended));
                    flight
                }
            }
        };
        let value = flight.clone().await;
        let mut under_way = self.under_way.lock().unwrap_or_else(|e| e.into_inner());
        if under_way
            .get(key)
            .is_some_and(|(f, _)| Shared::ptr_eq(f, &flight))
        {
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
                    .run("stuck", tokio::spawn, move || async move {
                        let mut held = held;
                        let _ = held.wait_for(|go| *go).await;
                        runs.fetch_add(1, Ordering::SeqCst) + 1
                    })
                    .await
            }));
        }
        tokio::task::yield_now().await;
        // Another key is answered while "stuck" is held.
        let other = flights.run("other", tokio::spawn, || async { 7 }).await;
        assert_eq!(other, 7);
        release.send(true).unwrap();
        for w in waiting {
            assert_eq!(w.await.unwrap(), 1, "every caller got the one run's result");
        }
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        // Done: the next call runs again.
        assert_eq!(flights.run("stuck", tokio::spawn, || async { 9 }).await, 9);
    }

    #[tokio::test]
    async fn a_run_goes_on_when_its_caller_leaves() {
        let flights: Arc<Flights<usize>> = Arc::default();
        let (started, running) = tokio::sync::oneshot::channel();
        let (go, gate) = tokio::sync::oneshot::channel::<()>();
        let (done, finished) = tokio::sync::oneshot::channel();
        let caller = {
            let flights = flights.clone();
            tokio::spawn(async move {
                flights
                    .run("room", tokio::spawn, move || async move {
                        let _ = started.send(());
                        let _ = gate.await;
                        let _ = done.send(());
                        1
                    })
                    .await
            })
        };
        running.await.expect("the work started");
        caller.abort();
        let _ = caller.await;
        go.send(()).unwrap();
        finished.await.expect("the work ran to its end");
        // The next caller may still share that run (if its task has not
        // quite ended), and after it a new run is made.
        let next = flights.run("room", tokio::spawn, || async { 2 }).await;
        if next == 1 {
            assert_eq!(flights.run("room", tokio::spawn, || async { 2 }).await, 2);
        } else {
            assert_eq!(next, 2);
        }
    }
}
