//! A rematch's room, opened by the old room's task once every seat has
//! accepted: built from the old room (`room/rematch.rs`), leased to this
//! node when several share the database, then stored with the old room's
//! `RematchOpened` in one write (the task's `commit`) and started.

use std::sync::Arc;

use super::core::RoomCore;
use super::event::Recorded;
use super::lease::{Hold, RoomLease};
use crate::secrets::OsSecrets;

/// A rematch's room ready to be stored.
pub(super) struct Reopened {
    pub(super) id: String,
    pub(super) room: RoomCore,
    /// The new room's events.
    pub(super) events: Vec<Recorded>,
    /// The old room's `RematchOpened`.
    pub(super) opened: Vec<Recorded>,
    pub(super) lease: Option<Arc<RoomLease>>,
}

/// Builds the rematch of `old` at `now` and leases it with `hold`'s node;
/// `old` records that it opened (to be committed with it). `None` (logged)
/// when it cannot: the next `rematch` tries again.
pub(super) async fn reopen(old: &mut RoomCore, hold: Option<&Hold>, now: u64) -> Option<Reopened> {
    let id = uuid::Uuid::new_v4().to_string();
    let (room, events) = match old.rematch_room(id.clone(), now, Box::new(OsSecrets)) {
        Ok(made) => made,
        Err(refusal) => {
            tracing::error!(room = %old.id(), error = %refusal.message, "could not make the rematch's room");
            return None;
        }
    };
    // With several nodes the new room is leased here, and both rooms'
    // events are stored under their fences.
    let lease = match hold {
        Some(hold) => match hold.lease_new(&id).await {
            Ok(lease) => Some(lease),
            Err(e) => {
                tracing::error!(room = %old.id(), error = %e, "could not lease the rematch's room; it opens at the next request");
                return None;
            }
        },
        None => None,
    };
    let opened = old.rematch_opened(id.clone(), now);
    Some(Reopened {
        id,
        room,
        events,
        opened,
        lease,
    })
}

impl Reopened {
    /// Its write failed: the new room's lease goes.
    pub(super) async fn abandon(self, hold: Option<&Hold>) {
        if let (Some(hold), Some(lease)) = (hold, &self.lease) {
            hold.drop_new(&self.id, lease).await;
        }
    }
}
