//! How many notifications an identity (a guest's pushes, a webhook
//! owner's posts) may be sent a minute.

use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Notifications per identity per minute.
#[derive(Debug)]
pub struct Rate(Option<DefaultKeyedRateLimiter<String>>);

impl Rate {
    pub fn new(per_minute: u32) -> Rate {
        Rate(NonZeroU32::new(per_minute).map(|n| RateLimiter::keyed(Quota::per_minute(n))))
    }

    pub(super) fn allow(&self, who: &str) -> bool {
        self.0
            .as_ref()
            .is_none_or(|r| r.check_key(&who.to_string()).is_ok())
    }
}
