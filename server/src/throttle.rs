//! Log lines that a crowd could repeat (refused connections, refused
//! origins) are throttled: the first is written at once, then at most one
//! per interval, saying how many were held back meanwhile. A host sees why
//! something is refused without a flood filling the disk.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At most one line per this long from one place of the code.
const INTERVAL: Duration = Duration::from_secs(10);

/// The throttle of one kind of log line (a `static` where it is logged).
#[derive(Debug)]
pub struct Throttle {
    /// When the last line was written, and how many were held back since.
    state: Mutex<(Option<Instant>, u64)>,
}

impl Throttle {
    pub const fn new() -> Throttle {
        Throttle {
            state: Mutex::new((None, 0)),
        }
    }

    /// `Some(held_back)` when a line may be written now (`held_back`: how
    /// many were not since the last one); `None` to hold this one back.
    pub fn pass(&self) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        match state.0 {
            Some(last) if now.duration_since(last) < INTERVAL => {
                state.1 += 1;
                None
            }
            _ => {
                let held = state.1;
                *state = (Some(now), 0);
                Some(held)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_passes_and_the_rest_wait_for_the_interval() {
        let throttle = Throttle::new();
        assert_eq!(throttle.pass(), Some(0));
        assert_eq!(throttle.pass(), None);
        assert_eq!(throttle.pass(), None);
        // As if the interval had passed.
        throttle.state.lock().unwrap().0 = Some(Instant::now() - INTERVAL);
        assert_eq!(throttle.pass(), Some(2));
    }
}
