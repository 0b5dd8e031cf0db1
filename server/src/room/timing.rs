//! A room's clocks (the room option `clock`), for every game: none; real
//! time, a bank of minutes per seat plus seconds added after each of its
//! moves (`5+3`); a fixed time per move (`30s/move`, `3d/move` for
//! correspondence); or a correspondence time bank (`bank:10d+36h`: ten
//! days to start with, 36 hours more after each move, never above the
//! start). Magma's own Hot and White-Hot turn timers are the rules' and
//! stay as they are.
//!
//! The clocks are a fold over the times of the log's actions (game time,
//! milliseconds since the start), so a restarted room has them as they
//! were: nothing about them is stored but the option and, when a seat runs
//! out, the event that says so.

use std::fmt;
use std::str::FromStr;

use lodestone_rules::{Seat, SeatSet};

/// The time control of a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimeControl {
    #[default]
    None,
    /// A bank per seat, with an increment after each of its moves.
    Bank { base_ms: u64, increment_ms: u64 },
    /// A fixed time for each move.
    PerMove { ms: u64 },
    /// A correspondence bank: `start_ms` at first, `add_ms` more after
    /// each of the seat's moves, never above `start_ms`.
    TimeBank { start_ms: u64, add_ms: u64 },
}

impl TimeControl {
    pub fn is_none(self) -> bool {
        self == TimeControl::None
    }
}

const SECOND: u64 = 1000;

/// The units of a duration in a clock's text, the largest first.
const UNITS: [(u64, &str); 4] = [
    (86_400 * SECOND, "d"),
    (3600 * SECOND, "h"),
    (60 * SECOND, "m"),
    (SECOND, "s"),
];

/// A duration's text: `30s`, `36h`, `10d` (the largest unit that divides).
fn duration_text(ms: u64) -> String {
    let (unit, name) = UNITS
        .into_iter()
        .find(|(u, _)| ms.is_multiple_of(*u))
        .unwrap_or(UNITS[3]);
    format!("{}{name}", ms / unit)
}

/// A duration's value: 1 to 10 000 of `s`, `m`, `h` or `d`.
fn duration_ms(text: &str) -> Option<u64> {
    let (n, unit) = text.split_at(text.len().checked_sub(1)?);
    let (unit_ms, _) = UNITS.into_iter().find(|(_, name)| *name == unit)?;
    let n = n.parse::<u64>().ok().filter(|n| *n > 0 && *n <= 10_000)?;
    Some(n * unit_ms)
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        let text = text.trim().to_ascii_lowercase();
        let bad = || {
            format!(
                "clock {text:?} is not none, minutes+seconds (5+3), a time per move (30s/move, 2h/move, 3d/move) or a time bank (bank:10d+36h)"
            )
        };
        if text == "none" {
            return Ok(TimeControl::None);
        }
        let number = |s: &str| s.parse::<u64>().ok().filter(|n| *n > 0 && *n <= 10_000);
        if let Some(per) = text.strip_suffix("/move") {
            let ms = duration_ms(per).ok_or_else(bad)?;
            return Ok(TimeControl::PerMove { ms });
        }
        if let Some(bank) = text.strip_prefix("bank:") {
            let (start, add) = bank.split_once('+').ok_or_else(bad)?;
            let start_ms = duration_ms(start).ok_or_else(bad)?;
            let add_ms = if add == "0" {
                0
            } else {
                duration_ms(add).ok_or_else(bad)?
            };
            return Ok(TimeControl::TimeBank { start_ms, add_ms });
        }
        let (base, increment) = text.split_once('+').ok_or_else(bad)?;
        let base = number(base).ok_or_else(bad)?;
        let increment = if increment == "0" {
            0
        } else {
            number(increment).ok_or_else(bad)?
        };
        Ok(TimeControl::Bank {
            base_ms: base * 60 * SECOND,
            increment_ms: increment * SECOND,
        })
    }
}

impl fmt::Display for TimeControl {
    /// `none`, `5+3`, `30s/move`, `3d/move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("none"),
            TimeControl::Bank {
                base_ms,
                increment_ms,
            } => write!(f, "{}+{}", base_ms / (60 * SECOND), increment_ms / SECOND),
            TimeControl::PerMove { ms } => write!(f, "{}/move", duration_text(ms)),
            TimeControl::TimeBank { start_ms, add_ms } => {
                let add = if add_ms == 0 {
                    "0".to_string()
                } else {
                    duration_text(add_ms)
                };
                write!(f, "bank:{}+{add}", duration_text(start_ms))
            }
        }
    }
}

/// Every seat's clock: the time it had left when its clock last started
/// (or stopped), and since when it runs.
#[derive(Clone, Debug, Default)]
pub struct Clocks {
    control: TimeControl,
    left: Vec<u64>,
    since: Vec<Option<u64>>,
}

impl Clocks {
    pub fn new(control: TimeControl, seats: usize) -> Clocks {
        let full = match control {
            TimeControl::None => 0,
            TimeControl::Bank { base_ms, .. } => base_ms,
            TimeControl::PerMove { ms } => ms,
            TimeControl::TimeBank { start_ms, .. } => start_ms,
        };
        Clocks {
            control,
            left: vec![full; seats],
            since: vec![None; seats],
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// At game time `at`, `actor` (if any) has acted and `running` are the
    /// seats to act now: the clocks that ran are charged, the actor gets
    /// its increment (or a new move's time), and the seats to act run.
    pub fn after(&mut self, actor: Option<Seat>, at: u64, running: SeatSet) {
        if self.control.is_none() {
            return;
        }
        for i in 0..self.left.len() {
            let seat = Seat(i as u8);
            if let Some(t) = self.since[i] {
                self.left[i] = self.left[i].saturating_sub(at.saturating_sub(t));
            }
            let was_running = self.since[i].is_some();
            match self.control {
                TimeControl::Bank { increment_ms, .. } if actor == Some(seat) => {
                    self.left[i] += increment_ms;
                }
                TimeControl::TimeBank { start_ms, add_ms } if actor == Some(seat) => {
                    self.left[i] = (self.left[i] + add_ms).min(start_ms);
                }
                // A new move, a new time: after its own action, or when its
                // turn begins.
                TimeControl::PerMove { ms }
                    if actor == Some(seat) || (!was_running && running.contains(seat)) =>
                {
                    self.left[i] = ms;
                }
                _ => {}
            }
            self.since[i] = running.contains(seat).then_some(at);
        }
    }

    /// Every clock stops (the game is over).
    pub fn stop(&mut self, at: u64) {
        self.after(None, at, SeatSet::EMPTY);
    }

    /// The seat whose time runs out first, and when (game time).
    pub fn deadline(&self) -> Option<(Seat, u64)> {
        if self.control.is_none() {
            return None;
        }
        (0..self.left.len())
            .filter_map(|i| self.since[i].map(|t| (Seat(i as u8), t + self.left[i])))
            .min_by_key(|&(seat, at)| (at, seat.0))
    }

    /// Each seat's time left at game time `at`, and whether its clock runs.
    pub fn at(&self, at: u64) -> Vec<(u64, bool)> {
        if self.control.is_none() {
            return Vec::new();
        }
        (0..self.left.len())
            .map(|i| match self.since[i] {
                Some(t) => (self.left[i].saturating_sub(at.saturating_sub(t)), true),
                None => (self.left[i], false),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_print() {
        for (text, canonical) in [
            ("none", "none"),
            ("5+3", "5+3"),
            ("10+0", "10+0"),
            ("30s/move", "30s/move"),
            ("120s/move", "2m/move"),
            ("3d/move", "3d/move"),
            ("2H/move", "2h/move"),
            ("bank:10d+36h", "bank:10d+36h"),
            ("bank:240h+36h", "bank:10d+36h"),
            ("BANK:3d+1d", "bank:3d+1d"),
            ("bank:90m+0", "bank:90m+0"),
            ("bank:1d+30s", "bank:1d+30s"),
        ] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.to_string(), canonical, "{text}");
            assert_eq!(canonical.parse::<TimeControl>().unwrap(), control);
        }
        for bad in [
            "",
            "5",
            "+3",
            "5+",
            "0+3",
            "30x/move",
            "s/move",
            "fast",
            "99999+1",
            "bank:",
            "bank:10d",
            "bank:10d+",
            "bank:0d+1h",
            "bank:10+36",
            "bank:10d+36x",
            "bank:+36h",
            "bank:10001d+1h",
            "bank:10d+36h/move",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bank_is_charged_and_incremented() {
        let control: TimeControl = "1+2".parse().unwrap();
        let mut clocks = Clocks::new(control, 2);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        assert_eq!(clocks.deadline(), Some((Seat(0), 60_000)));
        // White moves after 10 s: 50 s + 2 s left; black's clock runs.
        clocks.after(Some(Seat(0)), 10_000, SeatSet::only(Seat(1)));
        assert_eq!(clocks.at(15_000), vec![(52_000, false), (55_000, true)]);
        assert_eq!(clocks.deadline(), Some((Seat(1), 70_000)));
        clocks.stop(20_000);
        assert_eq!(clocks.deadline(), None);
    }

    #[test]
    fn a_time_per_move_starts_again_each_turn() {
        let mut clocks = Clocks::new("30s/move".parse().unwrap(), 2);
        // A simultaneous phase: both run.
        clocks.after(None, 0, SeatSet::first(2));
        clocks.after(Some(Seat(1)), 5_000, SeatSet::only(Seat(0)));
        assert_eq!(clocks.deadline(), Some((Seat(0), 30_000)));
        clocks.after(Some(Seat(0)), 29_000, SeatSet::only(Seat(1)));
        assert_eq!(clocks.deadline(), Some((Seat(1), 59_000)));
    }

    #[test]
    fn a_time_bank_gains_after_each_move_but_never_above_its_start() {
        const H: u64 = 3_600_000;
        let mut clocks = Clocks::new("bank:10d+36h".parse().unwrap(), 2);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        assert_eq!(clocks.deadline(), Some((Seat(0), 240 * H)));
        // A quick move: back to the start, not above it.
        clocks.after(Some(Seat(0)), H, SeatSet::only(Seat(1)));
        assert_eq!(clocks.at(H), vec![(240 * H, false), (240 * H, true)]);
        // Black thinks 100 hours: 140 left, plus 36.
        clocks.after(Some(Seat(1)), 101 * H, SeatSet::only(Seat(0)));
        assert_eq!(clocks.at(101 * H)[1], (176 * H, false));
        // Exactly at the start: the addition stops there.
        clocks.after(Some(Seat(0)), 137 * H, SeatSet::only(Seat(1)));
        assert_eq!(clocks.at(137 * H)[0], (240 * H, false));
        // Black's bank runs out 176 hours after its turn began.
        assert_eq!(clocks.deadline(), Some((Seat(1), (137 + 176) * H)));
        assert_eq!(clocks.at((137 + 176) * H)[1], (0, true));
    }

    #[test]
    fn a_time_bank_without_additions_only_runs_down() {
        let mut clocks = Clocks::new("bank:90m+0".parse().unwrap(), 2);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        clocks.after(Some(Seat(0)), 60_000, SeatSet::only(Seat(1)));
        clocks.after(Some(Seat(1)), 120_000, SeatSet::only(Seat(0)));
        assert_eq!(
            clocks.at(120_000),
            vec![(89 * 60_000, true), (89 * 60_000, false)]
        );
        assert_eq!(clocks.deadline(), Some((Seat(0), 120_000 + 89 * 60_000)));
    }
}
