//! The ping/pong heartbeat of a connection: when to ping a silent client,
//! and when to give it up.

use std::pin::Pin;
use std::time::Duration;

use tokio::time::{Instant, Sleep};

/// The ping/pong heartbeat: a connection silent for half the idle timeout
/// is pinged; one silent for all of it is closed. The timer is moved only
/// when it fires, not at every message.
pub(super) struct Heartbeat {
    idle: Duration,
    heard: Instant,
    pinged: bool,
    timer: Pin<Box<Sleep>>,
}

pub(super) enum Beat {
    Wait,
    Ping,
    Dead,
}

impl Heartbeat {
    pub(super) fn new(idle: Duration) -> Heartbeat {
        let now = Instant::now();
        Heartbeat {
            idle,
            heard: now,
            pinged: false,
            timer: Box::pin(tokio::time::sleep_until(now + idle / 2)),
        }
    }

    pub(super) fn heard(&mut self) {
        self.heard = Instant::now();
        self.pinged = false;
    }

    /// Resolves when the timer fires (never with no idle timeout).
    pub(super) async fn fired(&mut self) {
        if self.idle.is_zero() {
            std::future::pending::<()>().await;
        }
        self.timer.as_mut().await;
    }

    /// What to do now that the timer fired.
    pub(super) fn beat(&mut self) -> Beat {
        // Due: the ping, or once pinged, the end.
        let due = self.heard + if self.pinged { self.idle } else { self.idle / 2 };
        if Instant::now() < due {
            self.timer.as_mut().reset(due);
            return Beat::Wait;
        }
        if self.pinged {
            return Beat::Dead;
        }
        self.pinged = true;
        self.timer.as_mut().reset(self.heard + self.idle);
        Beat::Ping
    }
}
