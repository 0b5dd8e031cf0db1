//! What clients' unfinished messages may cost: every byte a WebSocket
//! reads counts from the moment it arrives until its message is complete
//! (a fragment, or half a frame, counts as much as a whole message), so a
//! client that starts a large message and never finishes it is bounded in
//! memory per connection (the message limit), per address and for the
//! whole server (the input budgets), and in time (a message begun must be
//! finished within the message timeout). The counting is done where the
//! bytes are read (`serve.rs`'s stream); the connection says when a
//! message is complete (`ws/mod.rs`). A connection over a bound is closed
//! and the refusal counted in `/metrics`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::Message;

use crate::metrics::{Metrics, Refusal};

/// Frames larger than this close the connection (the WebSocket layer's
/// limit); messages between `MAX_MESSAGE_BYTES` and this get an error.
pub const MAX_FRAME_BYTES: usize = 1 << 20;

/// A connection's bytes may always reach this much (the largest message
/// the protocol takes, with its frame headers) whatever the budgets: a
/// client that sends messages of the protocol's size is never refused.
const ALWAYS: usize = lodestone_protocol::MAX_MESSAGE_BYTES + 1024;

/// Unfinished input of every connection, by address and in all.
#[derive(Debug, Default)]
pub struct InputBudget {
    /// The most one address's connections may hold unfinished beyond
    /// [`ALWAYS`] each (0: no limit).
    per_address: usize,
    /// The most all connections may hold unfinished (0: no limit).
    total_limit: usize,
    /// The most one message may be (the WebSocket layer's limit).
    per_message: usize,
    /// A message begun must be finished within this (zero: no limit).
    pub message_timeout: Duration,
    total: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

impl InputBudget {
    pub fn new(
        per_address: usize,
        total: usize,
        per_message: usize,
        message_timeout: Duration,
    ) -> InputBudget {
        InputBudget {
            per_address,
            total_limit: total,
            per_message,
            message_timeout,
            ..InputBudget::default()
        }
    }

    fn addresses(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.by_address.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts `n` more unfinished bytes of `ip`, of a connection that now
    /// holds `pending`: refused if that goes over a bound.
    fn add(&self, ip: IpAddr, n: usize, pending: usize) -> Result<(), Refusal> {
        let total = self.total.fetch_add(n, Ordering::SeqCst) + n;
        let mut addresses = self.addresses();
        let at_address = {
            let count = addresses.entry(ip).or_insert(0);
            *count += n;
            *count
        };
        drop(addresses);
        if pending > self.per_message.saturating_add(ALWAYS) {
            return Err(Refusal::InputBudget);
        }
        if pending > ALWAYS
            && ((self.per_address > 0 && at_address > self.per_address)
                || (self.total_limit > 0 && total > self.total_limit))
        {
            return Err(Refusal::InputBudget);
        }
        Ok(())
    }

    /// `n` unfinished bytes of `ip` are done with.
    fn release(&self, ip: IpAddr, n: usize) {
        if n == 0 {
            return;
        }
        self.total.fetch_sub(n, Ordering::SeqCst);
        let mut addresses = self.addresses();
        if let Some(count) = addresses.get_mut(&ip) {
            *count = count.saturating_sub(n);
            if *count == 0 {
                addresses.remove(&ip);
            }
        }
    }

    /// Unfinished bytes held now, in all.
    #[cfg(test)]
    pub fn total(&self) -> usize {
        self.total.load(Ordering::SeqCst)
    }
}

/// One connection's unfinished input. Counts nothing until the connection
/// becomes a WebSocket ([`Meter::arm`]): an HTTP request head has limits
/// of its own.
#[derive(Debug)]
pub struct Meter {
    budget: Arc<InputBudget>,
    /// Refusals over a budget, and of messages not finished in time.
    over_budget: metrics::Counter,
    overdue: metrics::Counter,
    armed: AtomicBool,
    ip: Mutex<Option<IpAddr>>,
    pending: AtomicUsize,
}

/// What reading some bytes did.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// Nothing to watch (not a WebSocket yet, or nothing read).
    Nothing,
    /// A message began with these bytes: its timeout starts.
    Began,
    /// More of a message under way.
    More,
}

impl Meter {
    pub fn new(budget: Arc<InputBudget>, metrics: &Metrics) -> Meter {
        Meter {
            budget,
            over_budget: metrics.refusals_of(Refusal::InputBudget),
            overdue: metrics.refusals_of(Refusal::MessageTimeout),
            armed: AtomicBool::new(false),
            ip: Mutex::new(None),
            pending: AtomicUsize::new(0),
        }
    }

    /// The connection is a WebSocket of client `ip` (the address the
    /// limits count it under): its input counts from now.
    pub fn arm(&self, ip: IpAddr) {
        *self.ip.lock().unwrap_or_else(|e| e.into_inner()) = Some(ip);
        self.armed.store(true, Ordering::SeqCst);
    }

    fn ip(&self) -> Option<IpAddr> {
        *self.ip.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `n` bytes were read: refused (the connection is closed, the refusal
    /// counted) if they go over a bound.
    pub fn read(&self, n: usize) -> Result<Read, std::io::Error> {
        if n == 0 || !self.armed.load(Ordering::SeqCst) {
            return Ok(Read::Nothing);
        }
        let Some(ip) = self.ip() else {
            return Ok(Read::Nothing);
        };
        let before = self.pending.fetch_add(n, Ordering::SeqCst);
        match self.budget.add(ip, n, before + n) {
            Ok(()) if before == 0 => Ok(Read::Began),
            Ok(()) => Ok(Read::More),
            Err(_) => {
                self.over_budget.increment(1);
                Err(std::io::Error::other(
                    "the client's unfinished messages are over the input budget",
                ))
            }
        }
    }

    /// Whether a message is under way (bytes read and not yet a message).
    pub fn under_way(&self) -> bool {
        self.pending.load(Ordering::SeqCst) > 0
    }

    /// A message begun too long ago is still unfinished: counted, and the
    /// connection is closed.
    pub fn timed_out(&self) -> std::io::Error {
        self.overdue.increment(1);
        std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "the client did not finish its message in time",
        )
    }

    /// A message (text, binary or close) is complete: everything read so
    /// far is done with.
    pub fn message(&self) {
        let done = self.pending.swap(0, Ordering::SeqCst);
        if let Some(ip) = self.ip() {
            self.budget.release(ip, done);
        }
    }

    /// A control frame (ping or pong) with `payload` bytes is complete:
    /// its own bytes are done with (a message may be under way around it).
    pub fn control(&self, payload: usize) {
        // A client's frame: two header bytes and a four-byte mask.
        let size = payload + 6;
        let done = self
            .pending
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |p| {
                Some(p.saturating_sub(size))
            })
            .map_or(0, |p| p.min(size));
        if let Some(ip) = self.ip() {
            self.budget.release(ip, done);
        }
    }

    /// What the WebSocket layer read (`None`: the end) is complete: a
    /// message's bytes, or a control frame's, are done with.
    pub fn received(&self, frame: &Option<Result<Message, axum::Error>>) {
        match frame {
            Some(Ok(Message::Ping(p) | Message::Pong(p))) => self.control(p.len()),
            Some(Ok(_)) => self.message(),
            _ => {}
        }
    }

    pub fn message_timeout(&self) -> Duration {
        self.budget.message_timeout
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.message();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meter(budget: &Arc<InputBudget>, ip: [u8; 4]) -> Meter {
        let m = Meter::new(budget.clone(), &Metrics::new());
        m.arm(IpAddr::from(ip));
        m
    }

    #[test]
    fn unfinished_input_is_bounded_per_address_and_in_all_but_small_messages_pass() {
        let budget = Arc::new(InputBudget::new(100_000, 150_000, 1 << 20, Duration::ZERO));
        let a1 = meter(&budget, [10, 0, 0, 1]);
        let a2 = meter(&budget, [10, 0, 0, 1]);
        let b = meter(&budget, [10, 0, 0, 2]);
        assert_eq!(a1.read(90_000).unwrap(), Read::Began);
        // Over the address's budget with a large message under way.
        assert!(a2.read(20_000).is_err());
        a2.message();
        // Small messages always pass, even over the budgets.
        assert_eq!(a2.read(2_000).unwrap(), Read::Began);
        a2.message();
        assert_eq!(b.read(50_000).unwrap(), Read::Began);
        assert!(b.read(20_000).is_err(), "over the server's budget");
        b.message();
        a1.message();
        assert_eq!(budget.total(), 0);
        // A control frame's bytes are done with alone.
        assert_eq!(a1.read(6).unwrap(), Read::Began);
        a1.control(0);
        assert!(!a1.under_way());
        drop(a1);
        assert!(budget.addresses().is_empty());
    }

    #[test]
    fn one_message_is_bounded_whatever_the_budgets() {
        let budget = Arc::new(InputBudget::new(0, 0, 64 * 1024, Duration::ZERO));
        let m = meter(&budget, [10, 0, 0, 3]);
        m.read(64 * 1024).unwrap();
        assert!(m.read(ALWAYS + 1).is_err());
    }
}
