//! Vacations on a room's clocks, the arithmetic: while a seat's player is
//! on vacation (`notify/vacation.rs` keeps them, `room/vacation.rs` gives
//! them to the room), a correspondence clock of that seat is not charged.
//! Vacations are spans of wall-clock time (unix ms, from the account's
//! stored vacation events), so the time charged between two moments is
//! the part of it outside them, as exact after a restart. The clock's
//! other pause (weekends) is applied by the caller's `base` measure: a
//! vacation over a weekend takes out only its weekdays.

/// A seat's vacations: spans `[from, until)` in unix ms, in order and
/// apart.
pub type Spans = [(u64, u64)];

/// The running time from `from` to `to` (unix ms) outside `away`, where
/// `base(a, b)` measures the running time from `a` to `b` without them.
pub fn charged(away: &Spans, from: u64, to: u64, base: impl Fn(u64, u64) -> u64) -> u64 {
    let to = to.max(from);
    let off: u64 = away
        .iter()
        .filter(|&&(a, b)| a < to && b > from)
        .map(|&(a, b)| base(a.max(from), b.min(to)))
        .sum();
    base(from, to).saturating_sub(off)
}

/// When a clock running from `from` (unix ms) with `left` running
/// milliseconds runs out, skipping `away`; `ends(t, ms)` is the first time
/// by which `ms` running milliseconds pass from `t` without vacations, and
/// `base` measures running time as in [`charged`].
pub fn runs_out(
    away: &Spans,
    from: u64,
    left: u64,
    base: impl Fn(u64, u64) -> u64,
    ends: impl Fn(u64, u64) -> u64,
) -> u64 {
    let (mut at, mut left) = (from, left);
    for &(a, b) in away {
        if b <= at {
            continue;
        }
        if a > at {
            let before = base(at, a);
            if left <= before {
                return ends(at, left);
            }
            left -= before;
        }
        at = b;
    }
    ends(at, left)
}

/// Whether `t` falls in one of the spans.
pub fn within(away: &Spans, t: u64) -> bool {
    away.iter().any(|&(a, b)| a <= t && t < b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(a: u64, b: u64) -> u64 {
        b.saturating_sub(a)
    }

    fn plus(t: u64, ms: u64) -> u64 {
        t + ms
    }

    #[test]
    fn a_vacation_is_not_charged_and_pushes_the_end_on() {
        let away = [(100, 200), (300, 350)];
        assert_eq!(charged(&away, 0, 400, plain), 400 - 100 - 50);
        assert_eq!(charged(&away, 150, 250, plain), 50);
        assert_eq!(charged(&away, 120, 180, plain), 0);
        assert_eq!(charged(&[], 10, 20, plain), 10);
        // 50 before the first vacation, 100 between, then 10 more.
        assert_eq!(runs_out(&away, 50, 160, plain, plus), 360);
        // Exactly at a vacation's start: it runs out there.
        assert_eq!(runs_out(&away, 50, 50, plain, plus), 100);
        // From inside a vacation: counted from its end.
        assert_eq!(runs_out(&away, 150, 10, plain, plus), 210);
        assert!(within(&away, 100) && !within(&away, 200));
    }
}
