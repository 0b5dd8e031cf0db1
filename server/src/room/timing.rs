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
//!
//! With the room option `weekends=pause` a clock does not run on Saturdays
//! and Sundays, in UTC (one zone for every player of a room, whatever
//! their own; the day starts and ends at 00:00 UTC): the time charged
//! between two moments is the part of it that falls on Monday to Friday,
//! found from the game's start time, so it is as exact after a restart.
//!
//! A seat whose player is on vacation (`room/away.rs`) is not charged
//! either, on a correspondence clock (a turn of a day or more: `1d/move`,
//! `bank:10d+36h`). Vacations come from the account's stored events, not
//! the room's log, and may be learnt late (taken on another node): the
//! clocks keep their own steps and fold them again when they change.

use std::fmt;
use std::str::FromStr;

use lodestone_rules::{Seat, SeatSet};

use super::away;

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

    /// A seat's time when the game starts (nothing without a clock).
    pub fn start_ms(self) -> u64 {
        match self {
            TimeControl::None => 0,
            TimeControl::Bank { base_ms, .. } => base_ms,
            TimeControl::PerMove { ms } => ms,
            TimeControl::TimeBank { start_ms, .. } => start_ms,
        }
    }

    /// A correspondence clock: a turn may last a day or more (a vacation
    /// pauses it).
    pub fn is_correspondence(self) -> bool {
        match self {
            TimeControl::PerMove { ms } => ms >= DAY,
            TimeControl::TimeBank { start_ms, .. } => start_ms >= DAY,
            _ => false,
        }
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

/// The room option `weekends`: `run` (the default) or `pause`, which
/// needs a clock.
pub fn weekend_pause(value: Option<&str>, clock: TimeControl) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        None | Some("run") => Ok(false),
        Some("pause") if !clock.is_none() => Ok(true),
        Some("pause") => Err("weekends=pause needs a clock (option clock)".into()),
        Some(other) => Err(format!("weekends {other:?} is not run or pause")),
    }
}

/// The room option `berserk`: `off` (the default) or `on`, which needs a
/// clock with a bank (`5+3`, `bank:10d+36h`).
pub fn berserk_option(value: Option<&str>, clock: TimeControl) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        None | Some("off") => Ok(false),
        Some("on") => match clock {
            TimeControl::Bank { base_ms, .. } if base_ms > 0 => Ok(true),
            TimeControl::TimeBank { .. } => Ok(true),
            _ => Err(
                "berserk=on needs a clock with a bank of time (5+3, bank:10d+36h), not none or a time per move"
                    .into(),
            ),
        },
        Some(other) => Err(format!("berserk {other:?} is not on or off")),
    }
}

/// Every seat's clock: the time it had left when its clock last started
/// (or stopped), and since when it runs.
#[derive(Clone, Debug, Default)]
pub struct Clocks {
    control: TimeControl,
    left: Vec<u64>,
    since: Vec<Option<u64>>,
    /// The clocks stop on weekends (UTC); `origin` is the game's start
    /// (unix ms), which game times are counted from.
    weekend_pause: bool,
    origin: u64,
    /// Each seat's vacations (unix ms spans; correspondence clocks only).
    away: Vec<Vec<(u64, u64)>>,
    /// Every step folded so far, to fold again when a vacation becomes
    /// known late.
    steps: Vec<Step>,
    /// The room offers berserk (room option `berserk`), and the seats
    /// that went berserk (`room/berserk.rs`).
    berserk_offered: bool,
    berserk: Vec<bool>,
}

/// What the clocks have folded: a step of the game (actor, game time,
/// seats to act), or a seat going berserk (seat, game time).
#[derive(Clone, Debug)]
enum Step {
    After(Option<Seat>, u64, SeatSet),
    Berserk(Seat, u64),
}

const DAY: u64 = 86_400 * SECOND;
const WEEK: u64 = 7 * DAY;
/// Monday to Friday.
const WORK_WEEK: u64 = 5 * DAY;
/// From a Monday 00:00 UTC (1969-12-29) to the unix epoch (a Thursday).
const EPOCH_AFTER_MONDAY: u64 = 3 * DAY;

/// Weekday milliseconds (Monday to Friday, UTC) from 1969-12-29 to the
/// unix time `t`.
fn weekday_ms(t: u64) -> u64 {
    let s = t + EPOCH_AFTER_MONDAY;
    (s / WEEK) * WORK_WEEK + (s % WEEK).min(WORK_WEEK)
}

/// The first unix time, not before `from`, by which `ms` weekday
/// milliseconds have passed since `from`.
fn after_weekday_ms(from: u64, ms: u64) -> u64 {
    let target = weekday_ms(from) + ms;
    let (weeks, rest) = (target / WORK_WEEK, target % WORK_WEEK);
    // The end of a work week is reached on Friday at midnight, not after
    // the weekend that follows.
    let s = if rest == 0 && weeks > 0 {
        (weeks - 1) * WEEK + WORK_WEEK
    } else {
        weeks * WEEK + rest
    };
    s.saturating_sub(EPOCH_AFTER_MONDAY).max(from)
}

impl Clocks {
    pub fn new(control: TimeControl, seats: usize) -> Clocks {
        Clocks {
            control,
            left: vec![control.start_ms(); seats],
            since: vec![None; seats],
            weekend_pause: false,
            origin: 0,
            away: vec![Vec::new(); seats],
            steps: Vec::new(),
            berserk_offered: false,
            berserk: vec![false; seats],
        }
    }

    /// Seat `i`'s vacations are `spans` (unix ms, in order and apart):
    /// the clocks are folded again when that changes anything. Whether
    /// anything changed.
    pub fn set_away(&mut self, i: usize, spans: Vec<(u64, u64)>) -> bool {
        let spans = if self.control.is_correspondence() {
            spans
        } else {
            Vec::new()
        };
        match self.away.get_mut(i) {
            Some(old) if *old != spans => *old = spans,
            _ => return false,
        }
        let steps = std::mem::take(&mut self.steps);
        let fresh = Clocks::new(self.control, self.left.len());
        (self.left, self.since, self.berserk) = (fresh.left, fresh.since, fresh.berserk);
        for step in steps {
            match step {
                Step::After(actor, at, running) => self.after(actor, at, running),
                Step::Berserk(seat, at) => self.go_berserk(seat, at),
            }
        }
        true
    }

    /// These clocks offer berserk (only a bank does: see
    /// `room/berserk.rs`).
    pub fn offering_berserk(mut self, offered: bool) -> Clocks {
        self.berserk_offered = offered;
        self
    }

    pub fn offers_berserk(&self) -> bool {
        self.berserk_offered
    }

    /// Whether seat `i` went berserk.
    pub fn is_berserk(&self, i: usize) -> bool {
        self.berserk.get(i).copied().unwrap_or(false)
    }

    /// Seat `seat` goes berserk at game time `at`: half its starting time
    /// is taken from what it has left (so it does not matter whether it
    /// thought before or after), and from now on it gets no increment (a
    /// correspondence bank: its cap is halved too).
    pub fn go_berserk(&mut self, seat: Seat, at: u64) {
        let i = usize::from(seat.0);
        if self.control.is_none() || self.is_berserk(i) || i >= self.left.len() {
            return;
        }
        self.steps.push(Step::Berserk(seat, at));
        if let Some(t) = self.since[i] {
            self.left[i] = self.left[i].saturating_sub(self.charged(i, t, at));
            self.since[i] = Some(at);
        }
        self.left[i] = self.left[i].saturating_sub(self.control.start_ms() / 2);
        self.berserk[i] = true;
    }

    /// These clocks do not run on Saturdays and Sundays (UTC).
    pub fn pausing_weekends(mut self, pause: bool) -> Clocks {
        self.weekend_pause = pause;
        self
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    pub fn pauses_weekends(&self) -> bool {
        self.weekend_pause
    }

    /// The game started at `origin` (unix ms): game times count from it.
    pub fn set_origin(&mut self, origin: u64) {
        self.origin = origin;
    }

    /// The running time from unix time `a` to `b`, vacations aside.
    fn base(&self, a: u64, b: u64) -> u64 {
        if self.weekend_pause {
            weekday_ms(b.max(a)) - weekday_ms(a)
        } else {
            b.saturating_sub(a)
        }
    }

    /// The first unix time by which a clock running from unix time `t`
    /// has run `ms`, vacations aside.
    fn ends(&self, t: u64, ms: u64) -> u64 {
        if self.weekend_pause {
            after_weekday_ms(t, ms)
        } else {
            t + ms
        }
    }

    /// The time charged to seat `i`'s running clock from game time `from`
    /// to `to`.
    fn charged(&self, i: usize, from: u64, to: u64) -> u64 {
        let (from, to) = (self.origin + from, self.origin + to.max(from));
        away::charged(&self.away[i], from, to, |a, b| self.base(a, b))
    }

    /// The game time at which seat `i`'s clock running since `from` with
    /// `left` milliseconds runs out.
    fn runs_out(&self, i: usize, from: u64, left: u64) -> u64 {
        let base = |a, b| self.base(a, b);
        let ends = |t, ms| self.ends(t, ms);
        away::runs_out(&self.away[i], self.origin + from, left, base, ends) - self.origin
    }

    /// At game time `at`, `actor` (if any) has acted and `running` are the
    /// seats to act now: the clocks that ran are charged, the actor gets
    /// its increment (or a new move's time), and the seats to act run.
    pub fn after(&mut self, actor: Option<Seat>, at: u64, running: SeatSet) {
        if self.control.is_none() {
            return;
        }
        self.steps.push(Step::After(actor, at, running));
        for i in 0..self.left.len() {
            let seat = Seat(i as u8);
            if let Some(t) = self.since[i] {
                self.left[i] = self.left[i].saturating_sub(self.charged(i, t, at));
            }
            let was_running = self.since[i].is_some();
            let berserk = self.berserk[i];
            match self.control {
                TimeControl::Bank { increment_ms, .. } if actor == Some(seat) && !berserk => {
                    self.left[i] += increment_ms;
                }
                TimeControl::TimeBank { start_ms, add_ms } if actor == Some(seat) => {
                    let cap = if berserk { start_ms / 2 } else { start_ms };
                    self.left[i] = (self.left[i] + add_ms).min(cap);
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
            .filter_map(|i| self.since[i].map(|t| (Seat(i as u8), self.runs_out(i, t, self.left[i]))))
            .min_by_key(|&(seat, at)| (at, seat.0))
    }

    /// When the running clock of the seat `i`, as it is at game time `at`,
    /// runs out (game time): later than `at` plus its time left when a
    /// weekend pause falls between.
    pub fn runs_out_at(&self, i: usize, at: u64) -> Option<u64> {
        let t = self.since.get(i).copied().flatten()?;
        Some(self.runs_out(i, t, self.left[i]).max(at))
    }

    /// The game time by which seat `i`'s clock running from game time
    /// `at` has been charged `ms` (later than `at + ms` when a weekend
    /// pause or a known vacation falls between).
    pub fn after_running(&self, i: usize, at: u64, ms: u64) -> u64 {
        self.runs_out(i, at, ms)
    }

    /// Since when (game time) seat `i`'s clock runs and the time it had
    /// then (for the 80% alarm, `room/notice.rs`); none when it stands.
    pub fn running_since(&self, i: usize) -> Option<(u64, u64)> {
        Some((self.since.get(i).copied().flatten()?, *self.left.get(i)?))
    }

    /// Each seat's time left at game time `at`, and whether its clock runs
    /// (not during its vacation).
    pub fn at(&self, at: u64) -> Vec<(u64, bool)> {
        if self.control.is_none() {
            return Vec::new();
        }
        (0..self.left.len())
            .map(|i| match self.since[i] {
                Some(t) => {
                    let left = self.left[i].saturating_sub(self.charged(i, t, at));
                    (left, !away::within(&self.away[i], self.origin + at))
                }
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

    /// Berserk takes half the seat's starting time from its clock and
    /// its increment away; the other seat keeps both.
    #[test]
    fn a_berserk_seat_loses_half_its_time_and_its_increment() {
        let mut clocks = Clocks::new("1+2".parse().unwrap(), 2).offering_berserk(true);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        // White thinks 4 s, then goes berserk: 60 - 4 - 30 = 26 s left.
        clocks.go_berserk(Seat(0), 4_000);
        assert_eq!(clocks.at(4_000), vec![(26_000, true), (60_000, false)]);
        assert_eq!(clocks.deadline(), Some((Seat(0), 30_000)));
        // Black goes berserk while waiting: 30 s, not running.
        clocks.go_berserk(Seat(1), 5_000);
        // Twice changes nothing.
        clocks.go_berserk(Seat(1), 5_000);
        assert_eq!(clocks.at(5_000), vec![(25_000, true), (30_000, false)]);
        // White moves at 10 s, black at 12 s: no increments.
        clocks.after(Some(Seat(0)), 10_000, SeatSet::only(Seat(1)));
        assert_eq!(clocks.at(10_000), vec![(20_000, false), (30_000, true)]);
        clocks.after(Some(Seat(1)), 12_000, SeatSet::only(Seat(0)));
        assert_eq!(clocks.at(12_000), vec![(20_000, true), (28_000, false)]);
        assert!(clocks.is_berserk(0) && clocks.is_berserk(1));
        // Without berserk the same moves earn their increments.
        let mut plain = Clocks::new("1+2".parse().unwrap(), 2);
        plain.after(None, 0, SeatSet::only(Seat(0)));
        plain.after(Some(Seat(0)), 10_000, SeatSet::only(Seat(1)));
        assert_eq!(plain.at(10_000), vec![(52_000, false), (60_000, true)]);
        assert!(!plain.is_berserk(0));
    }

    /// Thinking first or going berserk first ends at the same time left.
    #[test]
    fn berserk_costs_the_same_before_or_after_thinking() {
        let mut early = Clocks::new("3+0".parse().unwrap(), 2).offering_berserk(true);
        early.after(None, 0, SeatSet::only(Seat(0)));
        early.go_berserk(Seat(0), 0);
        let mut late = Clocks::new("3+0".parse().unwrap(), 2).offering_berserk(true);
        late.after(None, 0, SeatSet::only(Seat(0)));
        late.go_berserk(Seat(0), 50_000);
        assert_eq!(early.at(50_000), late.at(50_000));
        assert_eq!(late.at(50_000)[0], (40_000, true));
    }

    #[test]
    fn a_berserk_time_bank_refills_only_to_half_its_start() {
        let mut clocks = Clocks::new("bank:10d+36h".parse().unwrap(), 2).offering_berserk(true);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        clocks.go_berserk(Seat(0), 0);
        assert_eq!(clocks.at(0)[0], (120 * H, true));
        clocks.after(Some(Seat(0)), H, SeatSet::only(Seat(1)));
        assert_eq!(clocks.at(H)[0], (120 * H, false));
        // A vacation learnt late folds the clocks again: still berserk.
        let mut away = clocks.clone();
        assert!(away.set_away(1, vec![(H, 2 * H)]));
        assert!(away.is_berserk(0) && !away.is_berserk(1));
        assert_eq!(away.at(H)[0], (120 * H, false));
        away.after(Some(Seat(1)), 3 * H, SeatSet::only(Seat(0)));
        away.after(Some(Seat(0)), 4 * H, SeatSet::only(Seat(1)));
        assert_eq!(away.at(4 * H)[0], (120 * H, false));
        assert_eq!(away.at(4 * H)[1].0, 240 * H);
    }

    /// Friday 2026-11-27, 12:00 UTC (unix ms).
    const FRIDAY_NOON: u64 = 1_795_780_800_000;
    const H: u64 = 3_600_000;

    #[test]
    fn weekday_time_skips_saturdays_and_sundays_in_utc() {
        // Friday noon to Monday noon: 24 weekday hours.
        let monday_noon = FRIDAY_NOON + 72 * H;
        assert_eq!(weekday_ms(monday_noon) - weekday_ms(FRIDAY_NOON), 24 * H);
        // Wholly within a weekend: nothing.
        let saturday = FRIDAY_NOON + 12 * H;
        assert_eq!(weekday_ms(saturday + 47 * H) - weekday_ms(saturday), 0);
        // A whole week: five days.
        assert_eq!(
            weekday_ms(FRIDAY_NOON + 7 * 24 * H) - weekday_ms(FRIDAY_NOON),
            120 * H
        );
        // Running out: 12 hours from Friday noon ends at Friday midnight
        // (not on Monday); 13 hours at Monday 01:00.
        assert_eq!(after_weekday_ms(FRIDAY_NOON, 12 * H), saturday);
        assert_eq!(after_weekday_ms(FRIDAY_NOON, 13 * H), saturday + 49 * H);
        // From inside a weekend: Monday first.
        assert_eq!(after_weekday_ms(saturday + 5 * H, 2 * H), saturday + 50 * H);
        assert_eq!(after_weekday_ms(saturday + 5 * H, 0), saturday + 5 * H);
    }

    #[test]
    fn a_clock_pausing_weekends_is_not_charged_on_saturday_and_sunday() {
        let control: TimeControl = "1d/move".parse().unwrap();
        let mut clocks = Clocks::new(control, 2).pausing_weekends(true);
        clocks.set_origin(FRIDAY_NOON);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        // 12 hours on Friday, then the weekend, then 12 hours on Monday.
        assert_eq!(clocks.deadline(), Some((Seat(0), 72 * H)));
        assert_eq!(clocks.at(60 * H), vec![(12 * H, true), (H * 24, false)]);
        assert_eq!(clocks.runs_out_at(0, 60 * H), Some(72 * H));
        // White moves on Monday at 06:00: black's day runs to Tuesday.
        clocks.after(Some(Seat(0)), 66 * H, SeatSet::only(Seat(1)));
        assert_eq!(clocks.deadline(), Some((Seat(1), 90 * H)));
        // The same clock without the pause runs out on Saturday noon.
        let mut plain = Clocks::new(control, 2);
        plain.set_origin(FRIDAY_NOON);
        plain.after(None, 0, SeatSet::only(Seat(0)));
        assert_eq!(plain.deadline(), Some((Seat(0), 24 * H)));
    }

    #[test]
    fn a_time_bank_pausing_weekends_keeps_its_weekday_hours() {
        let mut clocks = Clocks::new("bank:2d+1d".parse().unwrap(), 2).pausing_weekends(true);
        clocks.set_origin(FRIDAY_NOON);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        // Moves on Monday noon: charged 24 hours, adds 24 (up to 48).
        clocks.after(Some(Seat(0)), 72 * H, SeatSet::only(Seat(1)));
        assert_eq!(clocks.at(72 * H)[0], (48 * H, false));
        // Black's 48 hours run to Wednesday noon.
        assert_eq!(clocks.deadline(), Some((Seat(1), 120 * H)));
    }

    #[test]
    fn a_vacation_stops_a_correspondence_clock_even_when_learnt_late() {
        let control: TimeControl = "1d/move".parse().unwrap();
        let mut clocks = Clocks::new(control, 2);
        clocks.set_origin(FRIDAY_NOON);
        clocks.after(None, 0, SeatSet::only(Seat(0)));
        // White moves after 2 hours; black's day runs.
        clocks.after(Some(Seat(0)), 2 * H, SeatSet::only(Seat(1)));
        // Black went on vacation for 10 hours an hour into its turn (the
        // room learns it only now, 5 hours in): it is folded again.
        let away = (FRIDAY_NOON + 3 * H, FRIDAY_NOON + 13 * H);
        assert!(clocks.set_away(1, vec![away]));
        assert!(!clocks.set_away(1, vec![away]), "the same again changes nothing");
        assert_eq!(clocks.at(7 * H)[1], (23 * H, false), "stopped on vacation");
        assert_eq!(clocks.at(15 * H)[1], (21 * H, true));
        assert_eq!(clocks.deadline(), Some((Seat(1), 36 * H)));
        // Back early: the vacation ends at 5 hours.
        assert!(clocks.set_away(1, vec![(away.0, FRIDAY_NOON + 5 * H)]));
        assert_eq!(clocks.deadline(), Some((Seat(1), 28 * H)));
        // A real-time clock takes no vacation.
        let mut blitz = Clocks::new("5+3".parse().unwrap(), 2);
        blitz.after(None, 0, SeatSet::only(Seat(0)));
        assert!(!blitz.set_away(0, vec![away]));
        assert!(!TimeControl::PerMove { ms: 23 * H }.is_correspondence());
        assert!("bank:1d+1h".parse::<TimeControl>().unwrap().is_correspondence());
    }
}
