//! Hot and White-Hot Magma's turn timer as state: how long the running
//! turn may last, how much of it is used, and how each turn's time follows
//! from the times of the actions (the rules never read a clock).

use crate::game::Millis;

/// The `timer` option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Timer {
    /// No timer: turns last as long as they last.
    #[default]
    None,
    /// Hot Magma: every turn has 30 seconds.
    Hot,
    /// White-Hot Magma: one sand timer passed on and flipped; the first
    /// turn has 15 seconds, a turn that ends with `t` left gives the next
    /// `30 − t`, a turn that runs out gives the next 30.
    WhiteHot,
}

impl Timer {
    pub const fn name(self) -> &'static str {
        match self {
            Timer::None => "none",
            Timer::Hot => "hot",
            Timer::WhiteHot => "white-hot",
        }
    }
}

/// A full timer, in milliseconds.
pub const FULL_MS: u32 = 30_000;

/// The running turn's timer. While a vote or a penalty is pending it stands
/// still: `used` holds what was used before and `since` the moment it
/// stopped; it restarts when the turn resumes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clock {
    /// How long the turn may last.
    pub budget: u32,
    /// Time used before `since`.
    pub used: u32,
    /// When the timer last started (or stopped, while it stands still).
    pub since: u64,
}

impl Clock {
    /// The first turn's timer, started at time 0 (the game's start).
    pub const fn start(timer: Timer) -> Clock {
        let budget = match timer {
            Timer::None => 0,
            Timer::Hot => FULL_MS,
            Timer::WhiteHot => FULL_MS / 2,
        };
        Clock {
            budget,
            used: 0,
            since: 0,
        }
    }

    /// A fresh turn of `budget` starting at `at`.
    pub const fn turn(budget: u32, at: Millis) -> Clock {
        Clock {
            budget,
            used: 0,
            since: at.0,
        }
    }

    /// Time used by `at`, if the timer runs since `since`.
    pub fn elapsed(&self, at: Millis) -> u64 {
        self.used as u64 + at.0.saturating_sub(self.since)
    }

    /// Whether the turn has run out by `at`.
    pub fn is_late(&self, at: Millis) -> bool {
        self.elapsed(at) > self.budget as u64
    }

    /// The time left at `at` (zero once it has run out).
    pub fn left(&self, at: Millis) -> u32 {
        (self.budget as u64).saturating_sub(self.elapsed(at)) as u32
    }

    /// When the turn runs out, if the timer runs.
    pub fn deadline(&self) -> Millis {
        Millis(self.since + (self.budget.saturating_sub(self.used)) as u64)
    }

    /// Stops the timer at `at`.
    pub fn pause(&mut self, at: Millis) {
        self.used = self.elapsed(at).min(self.budget as u64) as u32;
        self.since = at.0;
    }

    /// Restarts a stopped timer at `at`.
    pub fn resume(&mut self, at: Millis) {
        self.since = at.0;
    }

    /// The next turn's timer after this turn ended normally at `at`.
    #[inline]
    pub fn next(&self, timer: Timer, at: Millis) -> Clock {
        match timer {
            Timer::None => Clock::default(),
            Timer::Hot => Clock::turn(FULL_MS, at),
            Timer::WhiteHot => Clock::turn(FULL_MS - self.left(at).min(FULL_MS), at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_hot_sand_is_flipped() {
        let first = Clock::start(Timer::WhiteHot);
        assert_eq!(first.deadline(), Millis(15_000));
        // Ends after 5 s with 10 s left: the next turn gets 20 s.
        let second = first.next(Timer::WhiteHot, Millis(5_000));
        assert_eq!(second, Clock::turn(20_000, Millis(5_000)));
        assert_eq!(second.deadline(), Millis(25_000));
        // Paused after 2 s, resumed 100 s later: 18 s remain.
        let mut c = second;
        c.pause(Millis(7_000));
        c.resume(Millis(107_000));
        assert_eq!(c.left(Millis(107_000)), 18_000);
        assert_eq!(c.deadline(), Millis(125_000));
        assert!(!c.is_late(Millis(125_000)));
        assert!(c.is_late(Millis(125_001)));
        // An instant turn with a full timer leaves the next one nothing.
        let full = Clock::turn(30_000, Millis(0));
        assert_eq!(full.next(Timer::WhiteHot, Millis(0)).budget, 0);
        assert_eq!(full.next(Timer::Hot, Millis(0)).budget, 30_000);
    }
}
