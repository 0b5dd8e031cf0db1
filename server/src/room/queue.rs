//! A connection's queue of outgoing texts ([`channel`]): bounded, many
//! senders (the session and the rooms it watches), one receiver (the
//! connection's task). A `VecDeque` behind a lock with a `Notify`, grown
//! only as a burst needs and freed when the burst is read: an idle
//! connection's queue is one allocation of about 100 bytes, where a tokio
//! `mpsc` channel keeps a block of 32 slots and cache-padded heads (about
//! 1.6 KiB). Not `flume` either (in the tree through the database
//! driver; not measured here): by its source, a bounded channel keeps its queue's capacity after
//! a burst and, while its receiver waits, a boxed waker hook in a queue of
//! its own, which an idle connection would hold for its whole life.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::Notify;

/// A queue holding at most `capacity` texts, and its one receiver.
pub fn channel(capacity: usize) -> (Sender, Receiver) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            texts: VecDeque::new(),
            senders: 1,
            receiving: true,
        }),
        ready: Notify::new(),
        capacity,
    });
    (
        Sender {
            shared: shared.clone(),
        },
        Receiver { shared },
    )
}

struct Shared {
    state: Mutex<State>,
    /// Told when a text is queued or the last sender goes.
    ready: Notify,
    capacity: usize,
}

struct State {
    texts: VecDeque<Utf8Bytes>,
    senders: usize,
    /// False once the receiver is dropped: sends fail.
    receiving: bool,
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One of the queue's senders.
pub struct Sender {
    shared: Arc<Shared>,
}

impl Sender {
    /// Queues `text`, or gives it back if the queue is full or its
    /// receiver gone.
    pub fn try_send(&self, text: Utf8Bytes) -> Result<(), Utf8Bytes> {
        let mut state = self.shared.state();
        if !state.receiving || state.texts.len() >= self.shared.capacity {
            return Err(text);
        }
        state.texts.push_back(text);
        drop(state);
        self.shared.ready.notify_one();
        Ok(())
    }

    /// Whether the receiver is gone (the connection ended).
    pub fn is_closed(&self) -> bool {
        !self.shared.state().receiving
    }
}

impl Clone for Sender {
    fn clone(&self) -> Sender {
        self.shared.state().senders += 1;
        Sender {
            shared: self.shared.clone(),
        }
    }
}

impl Drop for Sender {
    fn drop(&mut self) {
        let mut state = self.shared.state();
        state.senders -= 1;
        let last = state.senders == 0;
        drop(state);
        if last {
            self.shared.ready.notify_one();
        }
    }
}

impl std::fmt::Debug for Sender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sender")
            .field("capacity", &self.shared.capacity)
            .finish()
    }
}

/// The queue's receiver.
pub struct Receiver {
    shared: Arc<Shared>,
}

impl Receiver {
    /// The next text, waiting for one; `None` once every sender is gone
    /// and the queue is empty.
    pub async fn recv(&mut self) -> Option<Utf8Bytes> {
        loop {
            {
                let mut state = self.shared.state();
                if let Some(text) = pop(&mut state) {
                    return Some(text);
                }
                if state.senders == 0 {
                    return None;
                }
            }
            // A text queued since the check left a permit: no wake-up is
            // lost.
            self.shared.ready.notified().await;
        }
    }

    /// The next text if one is queued.
    pub fn try_recv(&mut self) -> Option<Utf8Bytes> {
        pop(&mut self.shared.state())
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        let mut state = self.shared.state();
        state.receiving = false;
        state.texts = VecDeque::new();
    }
}

impl std::fmt::Debug for Receiver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Receiver")
            .field("capacity", &self.shared.capacity)
            .finish()
    }
}

/// The first text queued; a drained queue gives its memory back (one
/// allocation a burst, rather than slots kept by every idle connection).
fn pop(state: &mut State) -> Option<Utf8Bytes> {
    let text = state.texts.pop_front();
    if state.texts.is_empty() {
        state.texts = VecDeque::new();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Utf8Bytes {
        Utf8Bytes::from(s.to_owned())
    }

    #[tokio::test]
    async fn texts_come_out_in_order_until_the_senders_are_gone() {
        let (tx, mut rx) = channel(8);
        let other = tx.clone();
        tx.try_send(text("a")).unwrap();
        other.try_send(text("b")).unwrap();
        assert_eq!(rx.recv().await.as_deref(), Some("a"));
        assert_eq!(rx.try_recv().as_deref(), Some("b"));
        assert_eq!(rx.try_recv(), None);
        drop(tx);
        other.try_send(text("c")).unwrap();
        drop(other);
        assert_eq!(rx.recv().await.as_deref(), Some("c"));
        assert_eq!(rx.recv().await, None);
    }

    #[tokio::test]
    async fn a_full_queue_or_a_gone_receiver_refuses() {
        let (tx, mut rx) = channel(2);
        tx.try_send(text("a")).unwrap();
        tx.try_send(text("b")).unwrap();
        assert_eq!(tx.try_send(text("c")).unwrap_err(), "c");
        assert_eq!(rx.try_recv().as_deref(), Some("a"));
        tx.try_send(text("c")).unwrap();
        assert!(!tx.is_closed());
        drop(rx);
        assert!(tx.is_closed());
        assert_eq!(tx.try_send(text("d")).unwrap_err(), "d");
    }

    #[tokio::test]
    async fn a_waiting_receiver_is_woken_by_a_send_from_another_task() {
        let (tx, mut rx) = channel(64);
        let waiting = tokio::spawn(async move {
            let mut got = Vec::new();
            while let Some(text) = rx.recv().await {
                got.push(text.to_string());
            }
            got
        });
        for n in 0..40 {
            tokio::task::yield_now().await;
            tx.try_send(text(&n.to_string())).unwrap();
        }
        drop(tx);
        let got = waiting.await.unwrap();
        assert_eq!(got, (0..40).map(|n| n.to_string()).collect::<Vec<_>>());
    }

    #[test]
    fn a_drained_burst_gives_its_memory_back() {
        let (tx, mut rx) = channel(64);
        for n in 0..20 {
            tx.try_send(text(&n.to_string())).unwrap();
        }
        while rx.try_recv().is_some() {}
        assert_eq!(rx.shared.state().texts.capacity(), 0);
    }
}
