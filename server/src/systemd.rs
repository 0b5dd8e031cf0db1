//! systemd's notifications (`Type=notify`): the server says when it is
//! ready and when it stops, and, with `WatchdogSec=` in the unit, that it
//! is alive, twice a watchdog period, for as long as its storage writer
//! answers. Without `NOTIFY_SOCKET` (not started by systemd) every call
//! here does nothing.

use std::sync::Arc;
use std::time::Duration;

use sd_notify::NotifyState;

use crate::app::App;

/// Tells systemd the server serves now (after it listens and has resumed
/// its rooms).
pub fn notify_ready(status: &str) {
    if let Err(e) = sd_notify::notify(&[NotifyState::Ready, NotifyState::Status(status)]) {
        tracing::warn!(error = %e, "could not tell systemd the server is ready");
    }
}

/// Tells systemd the server is stopping (draining, storing its rooms).
pub fn notify_stopping() {
    let _ = sd_notify::notify(&[NotifyState::Stopping]);
}

/// Pings systemd's watchdog every half period while the storage writer
/// answers (`health::alive`); a hung writer or runtime stops the pings, and
/// systemd restarts the server. Ends at shutdown. Nothing without a
/// watchdog.
pub(crate) async fn watchdog(app: Arc<App>) {
    let Some(period) = sd_notify::watchdog_enabled() else {
        return;
    };
    let every = (period / 2).max(Duration::from_millis(100));
    tracing::info!(
        period_ms = period.as_millis() as u64,
        "pinging systemd's watchdog"
    );
    let mut tick = tokio::time::interval(every);
    loop {
        tokio::select! {
            _ = app.shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        match crate::health::alive(&app.store).await {
            Ok(()) => {
                let _ = sd_notify::notify(&[NotifyState::Watchdog]);
            }
            Err(reason) => tracing::warn!(%reason, "not pinging the watchdog: storage does not answer"),
        }
    }
}
