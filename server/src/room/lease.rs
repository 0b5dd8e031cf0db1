//! A room's lease when several nodes share a PostgreSQL database (none on
//! SQLite: the one server owns every room): the lease a node holds per
//! room ([`RoomLease`], shared with the node's renewer in `node.rs`), what
//! a room task knows of its node ([`NodeEnv`]), and the task's hold on
//! its lease ([`Hold`]): the fence of its writes, its lobby line
//! published to the lease row, the hand-over when the lease is lost, and
//! the release when the room leaves.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use lodestone_protocol::ServerMessage;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::core::RoomCore;
use super::handle::{Inbox, Outbox, RoomMsg, encode};
use super::stored::{self, Fence};
use crate::store::{Leases, LobbyLine};

/// One room's lease held by this node.
#[derive(Debug)]
pub struct RoomLease {
    /// The fencing epoch every append of the room's task is checked
    /// against.
    pub epoch: i64,
    /// Cancelled when the room must go: the lease was lost (another node
    /// took it, a renewal found it gone) or the node is draining. The task
    /// then stops accepting, releases the lease and sends its watchers
    /// `moved`.
    pub lost: CancellationToken,
    /// Cancelled by the task when it has stopped: the lease is no longer
    /// renewed.
    pub ended: CancellationToken,
    /// Set (before `lost`) when the node drains: with no other node to
    /// send the clients to, they just get the shutdown's goodbye.
    pub draining: AtomicBool,
}

impl RoomLease {
    pub fn new(epoch: i64) -> RoomLease {
        RoomLease {
            epoch,
            lost: CancellationToken::new(),
            ended: CancellationToken::new(),
            draining: AtomicBool::new(false),
        }
    }
}

/// The rooms whose lease a node holds, by id: what its renewer renews.
pub type Owned = Arc<std::sync::Mutex<HashMap<String, Arc<RoomLease>>>>;

/// What a room task needs to know of the node it runs on.
#[derive(Clone, Debug)]
pub struct NodeEnv {
    pub leases: Leases,
    /// The leases this node holds (shared with `node.rs`).
    pub owned: Owned,
    /// This node's name (`--node`).
    pub name: String,
    /// Where clients reach this node (`--advertise`).
    pub url: String,
    /// A node heard from within this many milliseconds is alive.
    pub alive_ms: u64,
    /// Leases lost (`lodestone_lease_losses_total`).
    pub losses: metrics::Counter,
}

impl NodeEnv {
    /// Records that this node holds `room` at `epoch`; returns the lease
    /// its task gets.
    pub fn adopt(&self, room: &str, epoch: i64) -> Arc<RoomLease> {
        let lease = Arc::new(RoomLease::new(epoch));
        self.owned
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(room.to_string(), lease.clone());
        lease
    }
}

/// A room task's hold on its room's lease.
#[derive(Debug)]
pub(super) struct Hold {
    room: String,
    lease: Arc<RoomLease>,
    node: NodeEnv,
    /// The room's lobby line, to publish (the latest only).
    line: watch::Sender<Option<LobbyLine>>,
}

impl Hold {
    /// The hold of `room`'s task on `lease`; its lobby line is published
    /// by a task of its own until the hold is dropped.
    pub(super) fn new(node: &NodeEnv, lease: Arc<RoomLease>, room: &str, tasks: &TaskTracker) -> Hold {
        let (line, rx) = watch::channel(None);
        tasks.spawn(publish(node.clone(), room.to_string(), lease.epoch, rx));
        Hold {
            room: room.to_string(),
            lease,
            node: node.clone(),
            line,
        }
    }

    /// The fence of the room's next write (with its next deadline, for
    /// the other nodes' sweepers).
    pub(super) fn fence(&self, deadline: Option<u64>) -> Fence {
        Fence {
            node: self.node.name.clone(),
            epoch: self.lease.epoch,
            deadline: deadline.map(|ms| ms as i64),
        }
    }

    /// Queues the room's lobby line for the database if it changed.
    pub(super) fn publish(&self, core: &RoomCore) {
        let next = LobbyLine {
            public: core.is_public(),
            status: stored::status(core.status()),
            summary: serde_json::to_string(&core.summary()).unwrap_or_default(),
            seated: serde_json::to_string(&core.seated_guests()).unwrap_or_default(),
        };
        self.line.send_if_modified(|last| {
            let changed = last.as_ref() != Some(&next);
            if changed {
                *last = Some(next);
            }
            changed
        });
    }

    /// A write was refused by its fence: the lease is lost, and the room
    /// is handed over.
    pub(super) fn fenced(&self) {
        if !self.lease.lost.is_cancelled() {
            tracing::warn!(room = %self.room, epoch = self.lease.epoch, "lease lost: an append was refused by its fence");
            self.node.losses.increment(1);
            self.lease.lost.cancel();
        }
    }

    /// The room's task has stopped: the lease is no longer renewed.
    pub(super) fn ended(&self) {
        self.lease.ended.cancel();
    }

    /// Gives up the lease: deleted when the room is over (`gone`),
    /// otherwise expired so that another node takes it. Stops its renewal
    /// first.
    pub(super) async fn release(&self, gone: bool) {
        self.ended();
        let released = self
            .node
            .leases
            .release(&self.room, &self.node.name, self.lease.epoch, gone);
        match tokio::time::timeout(Duration::from_secs(2), released).await {
            // A room over leaves every node's lobby.
            Ok(Ok(())) if gone => {
                let _ = self.node.leases.notify("lobby").await;
            }
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::warn!(room = %self.room, error = %e, "could not release the room's lease; it will expire")
            }
            Err(_) => {
                tracing::warn!(room = %self.room, "releasing the room's lease took too long; it will expire")
            }
        }
    }

    /// The lease is lost or the node drains: lets the lease go and sends
    /// `moved` to where the room is, or will be, served to every watcher,
    /// to the requesters whose request a fence refused (`refused`) and to
    /// every request still queued in `rx` (which closes). When the node
    /// drains with no other node to send the clients to, they get its
    /// goodbye instead.
    pub(super) async fn hand_over<'a>(
        &self,
        room: &str,
        watchers: impl Iterator<Item = &'a Outbox>,
        refused: &'a [Outbox],
        rx: &mut Inbox,
    ) {
        self.release(false).await;
        let whereto = self
            .node
            .leases
            .where_to(&self.room, &self.node.name, self.node.alive_ms);
        let draining = self.lease.draining.load(Ordering::SeqCst);
        let epoch = self.lease.epoch;
        let url = match tokio::time::timeout(Duration::from_secs(2), whereto).await {
            Ok(Ok(Some(url))) => url,
            _ if draining => {
                tracing::info!(room, epoch, "lease released; no other node to hand the room to");
                rx.close();
                return self.ended();
            }
            // Nobody else: come back here, and this node takes it again.
            _ => self.node.url.clone(),
        };
        tracing::info!(room, epoch, to = %url, "room handed over; its clients are moved");
        let moved = encode(&ServerMessage::Moved {
            room: room.to_string(),
            url,
        });
        let mut told = HashSet::new();
        for outbox in watchers.chain(refused) {
            if told.insert(outbox.conn) {
                outbox.send(moved.clone());
            }
        }
        rx.close();
        while let Some(msg) = rx.recv().await {
            if let RoomMsg::Request { outbox, .. } = *msg
                && told.insert(outbox.conn)
            {
                outbox.send(moved.clone());
            }
        }
        self.ended();
    }
}

/// Resolves when the lease of `hold` is lost; never without one.
pub(super) async fn lost(hold: Option<&Hold>) {
    match hold {
        Some(hold) => hold.lease.lost.cancelled().await,
        None => std::future::pending().await,
    }
}

/// Writes a room's lobby line to the database whenever it changes (the
/// latest only), then tells the other nodes; ends with the room's task.
async fn publish(node: NodeEnv, room: String, epoch: i64, mut rx: watch::Receiver<Option<LobbyLine>>) {
    while rx.changed().await.is_ok() {
        let Some(line) = rx.borrow_and_update().clone() else {
            continue;
        };
        match node.leases.publish(&room, &node.name, epoch, &line).await {
            Ok(()) => {
                let _ = node.leases.notify("lobby").await;
            }
            Err(e) => {
                tracing::warn!(room = %room, error = %e, "could not publish the room's lobby line; trying again");
                tokio::time::sleep(Duration::from_millis(500)).await;
                rx.mark_changed();
            }
        }
    }
}
