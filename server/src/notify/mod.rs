//! Notifications: Web Push, webhooks and correspondence alarms, derived
//! from what rooms stored, never from a timer held only in memory.
//!
//! A room task hands each stored change it may notify about to
//! [`run_notices`] (a [`RoomNotice`] through `RoomEnv::notices`). That
//! worker derives (`derive.rs`) and stores, in one transaction, the games
//! now waiting for each person's move, the pending pushes to drop, and
//! one delivery row per notable event and target (a push subscription or
//! a webhook URL), each with the time it falls due: a `your-turn` push
//! after a hold, a `time-running-out` alarm at 80% of a correspondence
//! turn. The sender (`send.rs`) claims due rows in the database and sends
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

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use config::{NotifyArgs, NotifyConfig};
pub use derive::Payload;
pub use hooks::{EVENT as EVENT_HEADER, SIGNATURE as SIGNATURE_HEADER};
pub use looking::Looking;
pub use push::Vapid;
pub use service::{Notify, Refusal};

use crate::room::RoomNotice;
use crate::store::NoticeWrite;

/// Turns the rooms' notices into stored turns and deliveries, in order,
/// a batch at a time, until shutdown (then what is queued is written).
pub async fn run_notices(
    notify: Arc<Notify>,
    mut rx: mpsc::UnboundedReceiver<RoomNotice>,
    shutdown: CancellationToken,
) {
    let mut batch = Vec::new();
    loop {
        let stopping = tokio::select! {
            got = rx.recv_many(&mut batch, 64) => got == 0,
            _ = shutdown.cancelled() => {
                while let Ok(n) = rx.try_recv() {
                    batch.push(n);
                }
                true
            }
        };
        let mut writes: Vec<NoticeWrite> = Vec::new();
        for notice in batch.drain(..) {
            // A room twice in one batch: the second sees the first's turns.
            let earlier = writes
                .iter()
                .rev()
                .find(|w| w.room_id == notice.room)
                .map(|w| w.turns.clone());
            match notify.derive(&notice, earlier).await {
                Ok(write) => writes.push(write),
                Err(e) => {
                    tracing::error!(room = %notice.room, error = %e, "could not derive a room's notifications")
                }
            }
        }
        if !writes.is_empty() {
            let mut tries = 0;
            while let Err(e) = notify.store.write_notices(&writes).await {
                tries += 1;
                tracing::warn!(error = %e, tries, "could not store notifications; trying again");
                if tries >= 5 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(200 * tries)).await;
            }
            if writes
                .iter()
                .any(|w| !w.deliveries.is_empty() || !w.alarms.is_empty())
            {
                notify.wake.notify_one();
            }
        }
        if stopping {
            return;
        }
    }
}

/// Starts the notifications' workers: the notices and the sender.
pub fn spawn(
    notify: Arc<Notify>,
    notices: Option<mpsc::UnboundedReceiver<RoomNotice>>,
    shutdown: CancellationToken,
    tasks: &TaskTracker,
) {
    if !notify.config.enabled {
        return;
    }
    if let Some(rx) = notices {
        tasks.spawn(run_notices(notify.clone(), rx, shutdown.clone()));
    }
    tasks.spawn(send::run(notify, shutdown, tasks.clone()));
}
