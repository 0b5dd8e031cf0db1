//! Where a room is in its life, as one value: open, playing, finished, or
//! gone for good (and why). Only `RoomCore::evolve` moves it on.

use lodestone_protocol::RoomStatus;
use lodestone_rules::Seat;

/// Why a room is gone for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    /// Nobody started it in time.
    Expired,
    /// Its owner closed it before the start.
    Closed,
    /// Its game was aborted before every seat had moved.
    Aborted(Seat),
    /// Every person in its game stayed absent too long.
    Abandoned,
}

/// A room's stage; `started` is the wall time (unix ms) of the game's
/// start, its game time 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lifecycle {
    Open,
    Playing { started: u64 },
    Finished { started: u64 },
    Gone { why: Gone, started: Option<u64> },
}

impl Lifecycle {
    /// The status viewers are shown. An expired room was never started,
    /// and shows as open.
    pub fn status(self) -> RoomStatus {
        match self {
            Lifecycle::Open
            | Lifecycle::Gone {
                why: Gone::Expired, ..
            } => RoomStatus::Open,
            Lifecycle::Playing { .. } => RoomStatus::Playing,
            Lifecycle::Finished { .. } => RoomStatus::Finished,
            Lifecycle::Gone { .. } => RoomStatus::Closed,
        }
    }

    /// Why the room is gone for good, if it is.
    pub fn gone(self) -> Option<Gone> {
        match self {
            Lifecycle::Gone { why, .. } => Some(why),
            _ => None,
        }
    }

    /// When the game started, if it has.
    pub fn started_at(self) -> Option<u64> {
        match self {
            Lifecycle::Open => None,
            Lifecycle::Playing { started } | Lifecycle::Finished { started } => Some(started),
            Lifecycle::Gone { started, .. } => started,
        }
    }

    /// The game started at `at`.
    pub(super) fn start(&mut self, at: u64) {
        *self = Lifecycle::Playing { started: at };
    }

    /// The game ended with a result.
    pub(super) fn finish(&mut self) {
        let started = self.started_at().unwrap_or_default();
        *self = Lifecycle::Finished { started };
    }

    /// The room is gone for good.
    pub(super) fn end(&mut self, why: Gone) {
        let started = self.started_at();
        *self = Lifecycle::Gone { why, started };
    }
}
