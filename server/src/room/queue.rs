//! A bounded queue with many senders and one receiver ([`channel`]): a
//! connection's queue of outgoing texts (its senders the session and the
//! rooms it watches), and a room's queue of requests (`handle.rs`). A
//! `VecDeque` behind a lock with a `Notify`, grown only as a burst needs
//! and freed when the burst is read: an idle queue is one allocation of
//! about 100 bytes, where a tokio `mpsc` channel keeps a block of 32 slots
//! and cache-padded heads (about 1.6 KiB for a connection's texts, 0.8 KiB
//! for a room's boxed requests). A room's senders wait while its queue is
//! full ([`Sender::send`]); a connection's are refused
//! ([`Sender::try_send`]). Not `flume` either (in the tree through the
//! database driver; not measured here): by its source, a bounded channel
//! keeps its queue's capacity after a burst and, while its receiver waits,
//! a boxed waker hook in a queue of its own, which an idle queue would
//! hold for its whole life.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::Notify;

/// A queue holding at most `capacity` items, and its one receiver.
pub fn channel<T>(capacity: usize) -> (Sender<T>, Receiver<T>) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            items: VecDeque::new(),
            senders: 1,
            receiving: true,
        }),
        ready: Notify::new(),
        space: Notify::new(),
        capacity,
    });
    (
        Sender {
            shared: shared.clone(),
        },
        Receiver { shared },
    )
}

struct Shared<T> {
    state: Mutex<State<T>>,
    /// Told when an item is queued or the last sender goes.
    ready: Notify,
    /// Told when a full queue has room again or the receiver closes it.
    space: Notify,
    capacity: usize,
}

struct State<T> {
    items: VecDeque<T>,
    senders: usize,
    /// False once the receiver is closed or dropped: sends fail.
    receiving: bool,
}

impl<T> Shared<T> {
    fn state(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues `item` if there is room; what became of it otherwise.
    fn push(&self, item: T) -> Result<(), Refused<T>> {
        let mut state = self.state();
        if !state.receiving {
            return Err(Refused::Closed(item));
        }
        if state.items.len() >= self.capacity {
            return Err(Refused::Full(item));
        }
        state.items.push_back(item);
        drop(state);
        self.ready.notify_one();
        Ok(())
    }
}

/// Why an item was not queued.
enum Refused<T> {
    Full(T),
    Closed(T),
}

/// One of the queue's senders.
pub struct Sender<T = Utf8Bytes> {
    shared: Arc<Shared<T>>,
}

impl<T> Sender<T> {
    /// Queues `item`, or gives it back if the queue is full or its
    /// receiver gone.
    pub fn try_send(&self, item: T) -> Result<(), T> {
        self.shared
            .push(item)
            .map_err(|(Refused::Full(item) | Refused::Closed(item))| item)
    }

    /// Queues `item`, waiting while the queue is full; gives it back if
    /// the receiver is closed or gone.
    pub async fn send(&self, mut item: T) -> Result<(), T> {
        loop {
            // Registered before the check, so that room made (or the
            // close) after it is not missed.
            let space = self.shared.space.notified();
            let mut space = std::pin::pin!(space);
            space.as_mut().enable();
            match self.shared.push(item) {
                Ok(()) => return Ok(()),
                Err(Refused::Closed(item)) => return Err(item),
                Err(Refused::Full(full)) => item = full,
            }
            space.await;
        }
    }

    /// Whether the receiver is closed or gone.
    pub fn is_closed(&self) -> bool {
        !self.shared.state().receiving
    }

    /// Resolves once the receiver is closed or gone.
    pub async fn closed(&self) {
        loop {
            let space = self.shared.space.notified();
            let mut space = std::pin::pin!(space);
            space.as_mut().enable();
            if self.is_closed() {
                return;
            }
            space.await;
        }
    }
}

impl<T> Clone for Sender<T> {
    fn clone(&self) -> Sender<T> {
        self.shared.state().senders += 1;
        Sender {
            shared: self.shared.clone(),
        }
    }
}

impl<T> Drop for Sender<T> {
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

impl<T> std::fmt::Debug for Sender<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sender")
            .field("capacity", &self.shared.capacity)
            .finish()
    }
}

/// The queue's receiver.
pub struct Receiver<T = Utf8Bytes> {
    shared: Arc<Shared<T>>,
}

impl<T> Receiver<T> {
    /// The next item, waiting for one; `None` once the queue is empty and
    /// every sender is gone or the queue is closed.
    pub async fn recv(&mut self) -> Option<T> {
        loop {
            {
                let mut state = self.shared.state();
                if let Some(item) = self.pop(&mut state) {
                    return Some(item);
                }
                if state.senders == 0 || !state.receiving {
                    return None;
                }
            }
            // An item queued since the check left a permit: no wake-up is
            // lost.
            self.shared.ready.notified().await;
        }
    }

    /// The next item if one is queued.
    pub fn try_recv(&mut self) -> Option<T> {
        self.pop(&mut self.shared.state())
    }

    /// Refuses what is sent from now on; what is queued can still be
    /// received.
    pub fn close(&mut self) {
        self.shared.state().receiving = false;
        self.shared.space.notify_waiters();
    }

    /// The first item queued; a drained queue gives its memory back (one
    /// allocation a burst, rather than slots kept by every idle queue).
    fn pop(&self, state: &mut State<T>) -> Option<T> {
        let full = state.items.len() >= self.shared.capacity;
        let item = state.items.pop_front();
        if state.items.is_empty() {
            state.items = VecDeque::new();
        }
        if full {
            // Every waiting sender tries again: waking only one would
            // lose a place when the receiver takes a second item before
            // the woken sender runs (the next pop is not from a full
            // queue and wakes nobody). Those that find it full again wait
            // again (they register before they look).
            self.shared.space.notify_waiters();
        }
        item
    }
}

impl<T> Drop for Receiver<T> {
    fn drop(&mut self) {
        let mut state = self.shared.state();
        state.receiving = false;
        let items = std::mem::take(&mut state.items);
        drop(state);
        self.shared.space.notify_waiters();
        drop(items);
    }
}

impl<T> std::fmt::Debug for Receiver<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Receiver")
            .field("capacity", &self.shared.capacity)
            .finish()
    }
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
        let (tx, mut rx) = channel::<Utf8Bytes>(64);
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

    /// Two senders wait on a full queue and the receiver takes two items
    /// before either runs: both queue theirs (with a single wake-up for
    /// the first take, the second sender would wait for ever).
    #[tokio::test]
    async fn every_sender_waiting_on_a_full_queue_is_let_in_as_places_free() {
        let (tx, mut rx) = channel::<u32>(2);
        tx.try_send(1).unwrap();
        tx.try_send(2).unwrap();
        let waiting: Vec<_> = [3, 4]
            .map(|n| {
                let tx = tx.clone();
                tokio::spawn(async move { tx.send(n).await })
            })
            .into();
        for _ in 0..4 {
            tokio::task::yield_now().await;
        }
        assert_eq!((rx.try_recv(), rx.try_recv()), (Some(1), Some(2)));
        let both = async {
            for sender in waiting {
                sender.await.unwrap().unwrap();
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(10), both)
            .await
            .expect("a sender was never let in");
        let mut got = [rx.try_recv(), rx.try_recv()];
        got.sort();
        assert_eq!(got, [Some(3), Some(4)]);
    }

    #[test]
    fn a_drained_burst_gives_its_memory_back() {
        let (tx, mut rx) = channel(64);
        for n in 0..20 {
            tx.try_send(text(&n.to_string())).unwrap();
        }
        while rx.try_recv().is_some() {}
        assert_eq!(rx.shared.state().items.capacity(), 0);
    }

    #[tokio::test]
    async fn a_sender_waits_while_the_queue_is_full_and_is_refused_once_it_closes() {
        let (tx, mut rx) = channel::<u32>(1);
        tx.send(1).await.unwrap();
        let other = tx.clone();
        let mut waiting = tokio::spawn(async move { other.send(2).await });
        tokio::task::yield_now().await;
        assert!(
            futures_util::poll!(&mut waiting).is_pending(),
            "the queue is full"
        );
        assert_eq!(rx.recv().await, Some(1));
        waiting.await.unwrap().unwrap();
        assert_eq!(rx.try_recv(), Some(2));
        // Full again: a waiting sender is refused when the receiver closes,
        // and what was queued is still received.
        tx.send(3).await.unwrap();
        let other = tx.clone();
        let refused = tokio::spawn(async move { other.send(4).await });
        let closed = tokio::spawn({
            let tx = tx.clone();
            async move { tx.closed().await }
        });
        tokio::task::yield_now().await;
        rx.close();
        assert_eq!(refused.await.unwrap(), Err(4));
        closed.await.unwrap();
        assert!(tx.is_closed());
        assert_eq!(tx.send(5).await, Err(5));
        assert_eq!(rx.recv().await, Some(3));
        assert_eq!(rx.recv().await, None);
    }
}
