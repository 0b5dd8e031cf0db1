//! This node among several sharing one PostgreSQL database: its name and
//! advertised URL, the rooms whose lease it holds (what the renewer renews),
//! and the lobby as every node sees it (read from the database, cached
//! until a `LISTEN/NOTIFY` notice or a lost listener says it changed).
//! The tasks that drive all this are in `cluster.rs`; the SQL in
//! `store/leases.rs`.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use lodestone_protocol::RoomSummary;
use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::metrics::Metrics;
use crate::room::{NodeEnv, Owned, RoomLease};
use crate::store::{Leases, StoreError, StoredStatus};

/// A public list as read from the database, and when.
type Listing = (Instant, Vec<RoomSummary>);

/// This node.
#[derive(Debug)]
pub struct Node {
    /// `--node`: unique among the nodes.
    pub name: String,
    /// `--advertise`: where clients reach this node's `/ws`.
    pub url: String,
    pub lease_ms: u64,
    pub renew_ms: u64,
    pub leases: Leases,
    /// The rooms whose lease this node holds, with their epochs (shared
    /// with the room tasks, which lease a rematch's room themselves).
    owned: Owned,
    /// The public lists (open, playing) as last read, and when.
    listing: Mutex<[Option<Listing>; 2]>,
    /// Counts the lobby's notices, so a list read while one came is not
    /// kept.
    lobby_notices: AtomicU64,
    /// Set once SIGTERM started handing the rooms over: the node takes no
    /// more.
    draining: AtomicBool,
    /// Lease losses (`lodestone_lease_losses_total`).
    losses: metrics::Counter,
    /// Live rooms whose log does not replay (logged once): the sweeper
    /// leaves them alone.
    unreadable: Mutex<std::collections::HashSet<String>>,
}

/// The host's name, the default of `--node`.
pub fn host_name() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|path| std::fs::read_to_string(path).ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|n| !n.is_empty()))
        .unwrap_or_else(|| "lodestone".into())
}

/// The URL clients reach a server listening on `addr` at, if it is not
/// advertised: `ws://ADDR/ws`, with the host's name for an unspecified
/// address.
pub fn default_url(addr: SocketAddr) -> String {
    if addr.ip().is_unspecified() {
        format!("ws://{}:{}/ws", host_name(), addr.port())
    } else {
        format!("ws://{addr}/ws")
    }
}

impl Node {
    /// Node `name` of a server configured by `config`, listening on
    /// `addr`.
    pub fn new(name: &str, config: &Config, addr: SocketAddr, leases: Leases, metrics: &Metrics) -> Node {
        let lease_ms = config.lease_ms.max(100);
        Node {
            name: name.to_string(),
            url: config.advertise.clone().unwrap_or_else(|| default_url(addr)),
            lease_ms,
            renew_ms: config.renew_ms.clamp(10, lease_ms / 2),
            leases,
            owned: Owned::default(),
            listing: Mutex::new([None, None]),
            lobby_notices: AtomicU64::new(0),
            draining: AtomicBool::new(false),
            losses: metrics.lease_losses.clone(),
            unreadable: Mutex::new(Default::default()),
        }
    }

    /// What a room task needs of this node.
    pub fn env(&self) -> NodeEnv {
        NodeEnv {
            leases: self.leases.clone(),
            owned: self.owned.clone(),
            name: self.name.clone(),
            url: self.url.clone(),
            alive_ms: self.alive_ms(),
            losses: self.losses.clone(),
        }
    }

    /// A node heard from within this long is alive.
    pub fn alive_ms(&self) -> u64 {
        self.lease_ms
    }

    fn owned(&self) -> MutexGuard<'_, HashMap<String, Arc<RoomLease>>> {
        self.owned.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records that this node holds `room` at `epoch`; returns the lease
    /// its task gets.
    pub fn adopt(&self, room: &str, epoch: i64) -> Arc<RoomLease> {
        self.env().adopt(room, epoch)
    }

    /// The leases to renew (room and epoch); the ones whose task has ended
    /// are forgotten.
    pub fn to_renew(&self) -> Vec<(String, Arc<RoomLease>)> {
        let mut owned = self.owned();
        owned.retain(|_, lease| !lease.ended.is_cancelled());
        owned
            .iter()
            .filter(|(_, lease)| !lease.lost.is_cancelled())
            .map(|(room, lease)| (room.clone(), lease.clone()))
            .collect()
    }

    /// A renewal did not find `lease` of `room` (as it was when the
    /// renewal began): lost, unless the room has let it go meanwhile (its
    /// task ended, or the room was loaded again under a new lease, maybe
    /// of the same epoch: a room that ended deletes its lease row, so the
    /// next take starts again at 1). Only a lease still in use that the
    /// database no longer gives this node is lost.
    pub fn not_renewed(&self, room: &str, lease: &Arc<RoomLease>) {
        let current = self.owned().get(room).is_some_and(|l| Arc::ptr_eq(l, lease));
        if current {
            self.lose(room, lease.epoch);
        }
    }

    /// How many rooms this node holds.
    pub fn owned_count(&self) -> usize {
        self.owned().values().filter(|l| !l.ended.is_cancelled()).count()
    }

    /// `room`'s lease at `epoch` is gone: its task hands the room over.
    /// A room whose task has ended let its lease go itself (a renewal under
    /// way then misses it): that is no loss, and is not counted.
    pub fn lose(&self, room: &str, epoch: i64) {
        if let Some(lease) = self.owned().get(room)
            && lease.epoch == epoch
            && !lease.lost.is_cancelled()
            && !lease.ended.is_cancelled()
        {
            tracing::warn!(room, epoch, node = %self.name, "lease lost: another node took the room (a failed renewal or its notice)");
            self.losses.increment(1);
            lease.lost.cancel();
        }
    }

    /// Room `room` could not be loaded from its log: not swept again.
    pub fn unreadable(&self, room: &str) {
        self.unreadable
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(room.to_string());
    }

    /// Whether the sweeper should try to take `room`.
    pub fn sweepable(&self, room: &str) -> bool {
        !self
            .unreadable
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(room)
    }

    /// Another node says it took `room`: if this node still serves it,
    /// it hands the room over now rather than at its next renewal.
    pub fn taken_by(&self, room: &str, other: &str) {
        if other == self.name {
            return;
        }
        let epoch = self.owned().get(room).map(|l| l.epoch);
        if let Some(epoch) = epoch {
            self.lose(room, epoch);
        }
    }

    /// Starts handing every room over (SIGTERM); returns their leases, to
    /// wait for their tasks to end.
    pub fn drain(&self) -> Vec<Arc<RoomLease>> {
        self.draining.store(true, Ordering::SeqCst);
        let leases: Vec<Arc<RoomLease>> = self.owned().values().cloned().collect();
        for lease in &leases {
            lease.draining.store(true, Ordering::SeqCst);
            lease.lost.cancel();
        }
        leases
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    /// Waits for the next tick of `tick` at which this node is not
    /// draining (the periodic work of a node: renewing, sweeping, taking
    /// what nobody holds); `false` once `shutdown` is cancelled.
    pub async fn next_period(&self, shutdown: &CancellationToken, tick: &mut tokio::time::Interval) -> bool {
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return false,
                _ = tick.tick() => {}
            }
            if !self.is_draining() {
                return true;
            }
        }
    }

    /// Forgets the cached lobby: a notice said it changed, or the
    /// listener lost its connection (it may have missed notices).
    pub fn lobby_changed(&self) {
        self.lobby_notices.fetch_add(1, Ordering::SeqCst);
        *self.listing.lock().unwrap_or_else(|e| e.into_inner()) = [None, None];
    }

    /// The public rooms with a free seat (or with `playing`, being played)
    /// as every node sees them: from the database, or from the copy read
    /// since the last notice (at most a renewal period old).
    pub async fn list(&self, playing: bool) -> Result<Vec<RoomSummary>, StoreError> {
        let slot = usize::from(playing);
        let max_age = Duration::from_millis(self.renew_ms);
        if let Some((at, rooms)) = &self.listing.lock().unwrap_or_else(|e| e.into_inner())[slot]
            && at.elapsed() < max_age
        {
            return Ok(rooms.clone());
        }
        let read_at = Instant::now();
        let notices = self.lobby_notices.load(Ordering::SeqCst);
        let rows = self
            .leases
            .listed(if playing {
                StoredStatus::Playing
            } else {
                StoredStatus::Open
            })
            .await?;
        let rooms: Vec<RoomSummary> = rows
            .iter()
            .filter_map(|row| serde_json::from_str(&row.summary).ok())
            .collect();
        let mut listing = self.listing.lock().unwrap_or_else(|e| e.into_inner());
        if self.lobby_notices.load(Ordering::SeqCst) == notices {
            listing[slot] = Some((read_at, rooms.clone()));
        }
        Ok(rooms)
    }
}
