//! How fast a connection may send: a token bucket per connection
//! ([`RateLimit`]). A refused message's id is read cheaply
//! (`lodestone_protocol::peek_id`) so that its refusal can name it.

use tokio::time::Instant;

/// A token bucket: `rate` messages a second, bursts of twice that.
#[derive(Debug)]
pub(super) struct RateLimit {
    pub(super) rate: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    pub(super) fn new(rate: u32) -> RateLimit {
        RateLimit {
            rate: rate as f64,
            tokens: 2.0 * rate as f64,
            last: Instant::now(),
        }
    }

    pub(super) fn allow(&mut self) -> bool {
        if self.rate == 0.0 {
            return true;
        }
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
