//! Notifications: Web Push, webhooks and correspondence alarms, derived
//! from what rooms stored, never from a timer held only in memory.
//!
//! A room derives each change it may notify about (`derive.rs`, through
//! `RoomEnv::notices`, from the turns and targets it keeps in memory:
//! `room/notified.rs`) and stores, in the same commit as the change, the
//! pending pushes to drop and one delivery row per notable event and
//! target (a push subscription or a webhook URL), each with the time it
//! falls due: a `your-turn` push after a hold, a `time-running-out` alarm
//! at 80% of a correspondence turn. The games now waiting for each
//! person's move, derived state, are handed to the store after the commit
//! and written apart (`store/turns.rs`). A move of a room nobody could be
//! notified of reads nothing and adds nothing to its commit. The sender (`send.rs`) claims due rows in the database and sends
//! them, so a restart or another node sends each once; a push whose
//! person is looking at the room (`looking.rs`) is dropped. Everything a
//! person sets (subscriptions, webhooks) is stored with its identity
//! (docs/notifications.md).

mod config;
mod derive;
mod hooks;
mod looking;
mod push;
mod rate;
pub(crate) mod requests;
mod send;
mod service;
mod vacation;

use std::sync::Arc;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use config::{NotifyArgs, NotifyConfig};
pub use derive::Payload;
pub use hooks::{EVENT as EVENT_HEADER, SIGNATURE as SIGNATURE_HEADER};
pub use looking::Looking;
pub use push::Vapid;
pub use service::{Notify, Refusal};

/// Starts the notifications' sender (rooms store their notices
/// themselves).
pub fn spawn(notify: Arc<Notify>, shutdown: CancellationToken, tasks: &TaskTracker) {
    if !notify.config.enabled {
        return;
    }
    tasks.spawn(send::run(notify, shutdown, tasks.clone()));
}
