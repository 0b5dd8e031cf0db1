//! How fast a connection may send: a token bucket per connection
//! ([`RateLimit`]), and the id of a refused message read cheaply
//! ([`peek_id`]) so that its refusal can name it.

use lodestone_protocol::RequestId;
use tokio::time::Instant;

/// A rate-limited message's id is read only from a message this short
/// (reading a long one is the work the limit saves).
const MAX_ID_PEEK_BYTES: usize = 1024;

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

/// The id of a short message, read without checking the rest of it.
pub(super) fn peek_id(text: &str) -> Option<RequestId> {
    #[derive(serde::Deserialize)]
    struct JustId {
        id: Option<RequestId>,
    }
    if text.len() > MAX_ID_PEEK_BYTES {
        return None;
    }
    serde_json::from_str::<JustId>(text).ok().and_then(|m| m.id)
}
