//! The sender: claims due deliveries in the database (one node each) and
//! sends them, at most `queue` at once; a push whose person looks at the
//! room is dropped, a subscription a push service says is gone (404, 410)
//! is deleted, and 429, 5xx or no answer is tried again with exponential
//! back-off (or after `Retry-After`) until the tries run out. Each
//! identity (a guest's pushes, a webhook owner's posts) has a rate.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::derive::Payload;
use super::service::Notify;
use super::{hooks, push};
use crate::store::DeliveryRow;

/// How long a claim holds a delivery (a send takes at most 10 s).
const CLAIM_MS: i64 = 60_000;

/// A delivery derived by another node is sent here once it has been due
/// this long (its node may be gone).
const TAKEOVER_MS: i64 = 30_000;

/// Settled deliveries are forgotten after a week.
const KEEP_MS: i64 = 7 * 86_400_000;

/// What became of one try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Sent,
    /// Not sent, and never will be (its person looks, the target is gone,
    /// over the rate).
    Dropped,
    Failed,
    /// Try again, after at least this many seconds if given.
    Later(Option<u64>),
}

/// Claims and sends due deliveries until shutdown.
pub async fn run(notify: Arc<Notify>, shutdown: CancellationToken, tasks: TaskTracker) {
    let slots = Arc::new(Semaphore::new(notify.config.queue.max(1)));
    let mut forgotten_at = 0;
    loop {
        let now = notify.now();
        let free = slots.available_permits() as i64;
        if free > 0 {
            match notify
                .store
                .due_deliveries(now, &notify.node, TAKEOVER_MS, free)
                .await
            {
                Ok(rows) => {
                    for row in rows {
                        let claimed = notify
                            .store
                            .claim_delivery(&row, &notify.node, now, now + CLAIM_MS)
                            .await;
                        if !matches!(claimed, Ok(true)) {
                            continue;
                        }
                        let Ok(slot) = slots.clone().try_acquire_owned() else {
                            break;
                        };
                        let n = notify.clone();
                        tasks.spawn(async move {
                            n.deliver(row).await;
                            drop(slot);
                        });
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not read the due notifications"),
            }
        }
        if now - forgotten_at > 3_600_000 {
            forgotten_at = now;
            let _ = notify.store.forget_deliveries(now - KEEP_MS).await;
        }
        let next = notify
            .store
            .next_due(&notify.node, TAKEOVER_MS)
            .await
            .ok()
            .flatten();
        let poll = notify.config.poll.map_or(i64::MAX, |p| p.as_millis() as i64);
        let wait = match next {
            Some(at) => Some((at - notify.now()).clamp(0, poll)),
            None => notify.config.poll.is_some().then_some(poll),
        }
        .map(|ms| Duration::from_millis(ms as u64));
        // A full queue waits for a slot to free before looking again.
        let wait = if free == 0 {
            Some(wait.map_or(Duration::from_millis(50), |w| w.max(Duration::from_millis(50))))
        } else {
            wait
        };
        let sleep = async {
            match wait {
                Some(wait) => tokio::time::sleep(wait).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = notify.wake.notified() => {}
            _ = sleep => {}
        }
    }
}

impl Notify {
    /// Sends one claimed delivery and settles it.
    async fn deliver(&self, row: DeliveryRow) {
        let outcome = match serde_json::from_str::<Payload>(&row.body) {
            Ok(payload) => {
                if let Some(endpoint) = row.target.strip_prefix("push ") {
                    self.push(&row, endpoint, &payload).await
                } else if let Some(url) = row.target.strip_prefix("hook ") {
                    self.hook(&row, url, &payload).await
                } else {
                    Outcome::Dropped
                }
            }
            Err(_) => Outcome::Dropped,
        };
        let now = self.now();
        let (state, again) = match outcome {
            Outcome::Sent => ("sent", now),
            Outcome::Dropped => ("dropped", now),
            Outcome::Failed => ("failed", now),
            Outcome::Later(_) if row.attempts + 1 >= i64::from(self.config.attempts) => ("failed", now),
            Outcome::Later(after) => {
                let backoff = 1000i64 << row.attempts.clamp(0, 9);
                let asked = after.map_or(0, |s| s.min(3600) as i64 * 1000);
                ("due", now + backoff.max(asked))
            }
        };
        tracing::debug!(room = %row.room_id, kind = %row.kind, target = %row.target, state, "notification");
        if let Err(e) = self.store.settle_delivery(&row, state, again).await {
            tracing::warn!(error = %e, "could not settle a notification; it will be claimed again");
        }
    }

    async fn push(&self, row: &DeliveryRow, endpoint: &str, payload: &Payload) -> Outcome {
        let Some(guest) = row.guest_id.as_deref() else {
            return Outcome::Dropped;
        };
        if self.looking.is_looking(guest, &row.room_id) {
            return Outcome::Dropped;
        }
        let sub = match self.store.subscription(endpoint).await {
            Ok(Some(sub)) if sub.guest_id == guest => sub,
            Ok(_) => return Outcome::Dropped,
            Err(_) => return Outcome::Later(None),
        };
        let Ok(checked) = push::check(&sub.endpoint, &sub.p256dh, &sub.auth, &self.config.push_origins)
        else {
            let _ = self.store.delete_subscription(endpoint, None).await;
            self.targets_changed(guest).await;
            return Outcome::Dropped;
        };
        let Some(vapid) = self.vapid.get() else {
            return Outcome::Later(None);
        };
        if row.attempts == 0 && !self.rate.allow(guest) {
            tracing::info!(guest, "over the notification rate: a push dropped");
            return Outcome::Dropped;
        }
        let body = serde_json::to_vec(payload).unwrap_or_default();
        match push::send(
            &self.push_client,
            vapid,
            &self.config.vapid_subject,
            &checked,
            &body,
        )
        .await
        {
            push::Answer::Sent => Outcome::Sent,
            push::Answer::Gone => {
                tracing::info!(guest, "a push subscription is gone; forgotten");
                let _ = self.store.delete_subscription(endpoint, None).await;
                let _ = self.store.drop_target(&row.target).await;
                self.targets_changed(guest).await;
                Outcome::Dropped
            }
            push::Answer::Later(after) => Outcome::Later(after),
            push::Answer::Refused(status) => {
                tracing::warn!(status, "a push service refused a push");
                Outcome::Failed
            }
        }
    }

    async fn hook(&self, row: &DeliveryRow, url: &str, payload: &Payload) -> Outcome {
        let Some(owner) = row.hook_owner.as_deref() else {
            return Outcome::Dropped;
        };
        let hook = match self.store.webhook(owner, url).await {
            Ok(Some(hook)) => hook,
            Ok(None) => return Outcome::Dropped,
            Err(_) => return Outcome::Later(None),
        };
        if row.attempts == 0 && !self.rate.allow(owner) {
            tracing::info!(owner, "over the notification rate: a webhook dropped");
            return Outcome::Dropped;
        }
        let body = hooks::body(&hook.format, payload, self.config.public_url.as_deref());
        let sent = self
            .hook_client
            .post(url)
            .header("Content-Type", "application/json")
            .header(hooks::SIGNATURE, hooks::signature(&hook.secret, &body))
            .header(hooks::EVENT, payload.event.as_str())
            .body(body)
            .send()
            .await;
        match sent {
            Ok(response) => match push::answer(response.status().as_u16(), None) {
                push::Answer::Sent => Outcome::Sent,
                push::Answer::Later(_) => {
                    let after = response
                        .headers()
                        .get("retry-after")
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| v.trim().parse().ok());
                    Outcome::Later(after)
                }
                _ => Outcome::Failed,
            },
            Err(e) => {
                tracing::info!(error = %e, "a webhook did not answer");
                Outcome::Later(None)
            }
        }
    }
}
