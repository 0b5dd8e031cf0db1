//! Admission control: the checks that enforce the [`Limits`] before any
//! work is done for a stranger — places per address, connection and
//! message rates, the connection cap.
//!
//! Counting is by client address: the peer of the TCP connection, or, when
//! that peer is a reverse proxy named with `--trusted-proxy`, the address
//! its `X-Forwarded-For` header gives.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::HeaderMap;
use governor::clock::DefaultClock;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::limits::Limits;
use crate::metrics::{GaugeGuard, Metrics, Refusal};
/// Counts per address, bounded by `limit` (0: no limit). A taken place
/// is given back when its [`Slot`] drops; an address with no places left
/// is forgotten, so the map holds only addresses with something open.
#[derive(Clone, Debug)]
struct PerAddress {
    limit: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One place taken in a [`PerAddress`] count.
#[derive(Debug)]
pub struct Slot {
    ip: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl PerAddress {
    fn new(limit: usize) -> PerAddress {
        PerAddress {
            limit,
            open: Arc::default(),
        }
    }

    fn take(&self, ip: IpAddr) -> Option<Slot> {
        if self.limit == 0 {
            return None;
        }
        let mut open = lock(&self.open);
        let n = open.entry(ip).or_insert(0);
        if *n >= self.limit {
            return None;
        }
        *n += 1;
        Some(Slot {
            ip,
            open: self.open.clone(),
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = lock(&self.open);
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A std mutex around plain maps: every change is one insert or update,
/// so a poisoned lock still holds a consistent map.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A rate per address (governor's GCRA, one cell per address), or none.
#[derive(Debug)]
struct AddressRate {
    limiter: Option<RateLimiter<IpAddr, HashMapStateStore<IpAddr>, DefaultClock>>,
    checks: AtomicU64,
}

impl AddressRate {
    fn new(quota: Option<Quota>) -> AddressRate {
        AddressRate {
            limiter: quota.map(RateLimiter::hashmap),
            checks: AtomicU64::new(0),
        }
    }

    fn per_minute(n: u32) -> AddressRate {
        AddressRate::new(NonZeroU32::new(n).map(Quota::per_minute))
    }

    fn per_hour(n: u32) -> AddressRate {
        AddressRate::new(NonZeroU32::new(n).map(Quota::per_hour))
    }

    fn allow(&self, ip: IpAddr) -> bool {
        let Some(limiter) = &self.limiter else {
            return true;
        };
        // Addresses whose cells are full again are forgotten now and then,
        // so the map does not grow with every address ever seen.
        if self.checks.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter.check_key(&ip).is_ok()
    }
}

/// A rate per person (governor's GCRA, one cell per guest id), or none.
#[derive(Debug)]
struct GuestRate {
    limiter: Option<RateLimiter<String, HashMapStateStore<String>, DefaultClock>>,
    checks: AtomicU64,
}

impl GuestRate {
    fn per_minute(n: u32) -> GuestRate {
        GuestRate {
            limiter: NonZeroU32::new(n).map(|n| RateLimiter::hashmap(Quota::per_minute(n))),
            checks: AtomicU64::new(0),
        }
    }

    fn allow(&self, guest: &str) -> bool {
        let Some(limiter) = &self.limiter else {
            return true;
        };
        if self.checks.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter.check_key(&guest.to_string()).is_ok()
    }
}

/// What a connection holds while it is open: its place in the total and
/// in its address's count. Dropped with the socket (after an upgrade too,
/// since the WebSocket owns the socket).
#[derive(Debug)]
pub struct Ticket {
    _permit: Option<OwnedSemaphorePermit>,
    _slot: Option<Slot>,
    _gauge: GaugeGuard,
    /// A stranger's place, or probation (`reserve.rs`).
    pub standing: Arc<crate::reserve::Standing>,
}

/// The admission state of a server.
#[derive(Debug)]
pub struct Admission {
    limits: Limits,
    total: Option<Arc<Semaphore>>,
    tcp: PerAddress,
    /// WebSockets per client address behind a trusted proxy (whose own
    /// address is not counted at the accept).
    proxied: PerAddress,
    connects: AddressRate,
    requests: AddressRate,
    guests: AddressRate,
    chats: GuestRate,
    /// Unfinished input of every WebSocket (`input.rs`).
    pub input: Arc<crate::input::InputBudget>,
    /// Connections kept for known clients (`reserve.rs`).
    reserve: crate::reserve::Reserve,
}

impl Admission {
    pub fn new(limits: &Limits) -> Admission {
        Admission {
            limits: limits.clone(),
            total: (limits.max_connections > 0).then(|| Arc::new(Semaphore::new(limits.max_connections))),
            tcp: PerAddress::new(limits.per_address),
            proxied: PerAddress::new(limits.per_address),
            connects: AddressRate::per_minute(limits.connect_rate),
            requests: AddressRate::per_minute(limits.request_rate),
            guests: AddressRate::per_hour(limits.guests_per_hour),
            chats: GuestRate::per_minute(limits.chat_rate),
            input: Arc::new(crate::input::InputBudget::new(
                limits.input_per_address,
                limits.input_total,
                crate::input::MAX_FRAME_BYTES,
                limits.message_timeout,
            )),
            reserve: crate::reserve::Reserve::new(limits.max_connections, limits.known_reserve),
        }
    }

    /// Admits a new TCP connection from `peer`, or says why not.
    pub fn admit(&self, peer: IpAddr, metrics: &Metrics) -> Result<Ticket, Refusal> {
        let permit = match &self.total {
            None => None,
            Some(total) => Some(
                total
                    .clone()
                    .try_acquire_owned()
                    .map_err(|_| Refusal::MaxConnections)?,
            ),
        };
        self.admit_with(permit, peer, metrics)
    }

    /// The server is full: a connection on probation makes room, if there
    /// is one (`reserve.rs`).
    pub fn make_room(&self) -> bool {
        self.reserve.make_room()
    }

    /// Admits `peer` once a place is free (a connection made room for it),
    /// waiting a second at most.
    pub async fn admit_once_free(&self, peer: IpAddr, metrics: &Metrics) -> Result<Ticket, Refusal> {
        let Some(total) = &self.total else {
            return self.admit_with(None, peer, metrics);
        };
        let wait = total.clone().acquire_owned();
        match tokio::time::timeout(Duration::from_secs(1), wait).await {
            Ok(Ok(permit)) => self.admit_with(Some(permit), peer, metrics),
            _ => Err(Refusal::MaxConnections),
        }
    }

    fn admit_with(
        &self,
        permit: Option<OwnedSemaphorePermit>,
        peer: IpAddr,
        metrics: &Metrics,
    ) -> Result<Ticket, Refusal> {
        let key = self.limits.prefixes.key(peer);
        if self.is_trusted(peer) {
            return Ok(Ticket {
                _permit: permit,
                _slot: None,
                _gauge: metrics.tcp_connection(),
                standing: self.reserve.admit(),
            });
        }
        if !self.connects.allow(key) {
            return Err(Refusal::ConnectRate);
        }
        let slot = self.tcp.take(key);
        if slot.is_none() && self.limits.per_address > 0 {
            return Err(Refusal::PerAddress);
        }
        Ok(Ticket {
            _permit: permit,
            _slot: slot,
            _gauge: metrics.tcp_connection(),
            standing: self.reserve.admit(),
        })
    }

    /// Whether known clients fill the server (within 5% of the connection
    /// limit): then `/readyz` asks a proxy to send new players elsewhere.
    /// Strangers never make it full: a flood of them fills only their part
    /// (`reserve.rs`).
    pub fn nearly_full(&self) -> bool {
        self.reserve.full_of_known()
    }

    /// A place for a WebSocket of `client` arriving through proxy `peer`
    /// (`Ok(None)` when the connection was counted at the accept).
    pub fn proxied_socket(&self, peer: IpAddr, client: IpAddr) -> Result<Option<Slot>, Refusal> {
        if client == self.limits.prefixes.key(peer) || self.limits.per_address == 0 {
            return Ok(None);
        }
        self.proxied.take(client).map(Some).ok_or(Refusal::PerAddress)
    }

    /// Whether `client` may make another HTTP request now.
    pub fn request(&self, client: IpAddr) -> bool {
        self.requests.allow(client)
    }

    /// Whether `client` may make another guest now.
    pub fn new_guest(&self, client: IpAddr) -> bool {
        self.guests.allow(client)
    }

    /// Whether `guest` may say another chat line now.
    pub fn chat(&self, guest: &str) -> bool {
        self.chats.allow(guest)
    }

    fn is_trusted(&self, peer: IpAddr) -> bool {
        self.limits.trusted_proxies.contains(&peer)
    }

    /// The client's address: the peer's, or behind a trusted proxy, the
    /// nearest address of `X-Forwarded-For` that is not a trusted proxy.
    /// Cut to its network (`address.rs`): the key every per-address limit
    /// counts it under.
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.is_trusted(peer) {
            return self.limits.prefixes.key(peer);
        }
        let hops: Vec<IpAddr> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|hop| hop.trim().parse().ok())
            .collect();
        let client = hops
            .iter()
            .rev()
            .find(|ip| !self.is_trusted(**ip))
            .or(hops.first())
            .copied()
            .unwrap_or(peer);
        self.limits.prefixes.key(client)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::address::ip;

    #[test]
    fn places_per_address_come_back_when_dropped() {
        let count = PerAddress::new(2);
        let a = count.take(ip("10.0.0.1")).unwrap();
        let _b = count.take(ip("10.0.0.1")).unwrap();
        assert!(count.take(ip("10.0.0.1")).is_none());
        assert!(count.take(ip("10.0.0.2")).is_some());
        drop(a);
        assert!(count.take(ip("10.0.0.1")).is_some());
    }

    #[test]
    fn forwarded_addresses_are_believed_only_from_trusted_proxies() {
        let limits = Limits {
            trusted_proxies: vec![ip("10.0.0.9"), ip("10.0.0.8")],
            ..Limits::default()
        };
        let admission = Admission::new(&limits);
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "1.2.3.4, 5.6.7.8, 10.0.0.8".parse().unwrap());
        assert_eq!(admission.client_ip(ip("10.0.0.9"), &headers), ip("5.6.7.8"));
        assert_eq!(admission.client_ip(ip("9.9.9.9"), &headers), ip("9.9.9.9"));
        assert_eq!(
            admission.client_ip(ip("10.0.0.9"), &HeaderMap::new()),
            ip("10.0.0.9")
        );
    }
}
