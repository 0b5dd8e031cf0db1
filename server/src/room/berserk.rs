//! Berserk (the room option `berserk=on`, which an arena gives its games):
//! before its own first action a seat may halve its own clock, for one
//! point more if it wins (the arena's standings count it). The halving is
//! the room event `Berserk`, folded into the clocks (`room/timing.rs`)
//! live and on restore alike: half the time the seat has left at that
//! moment, and no increment after its moves (a correspondence bank: half
//! its cap). Only a clock with a bank of time offers it; a time per move
//! or no clock has nothing to halve.

use lodestone_protocol::codes;

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::refusal::Refusal;
use super::seating::Player;
use super::timing::{Clocks, TimeControl};

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

/// A room's clocks as its creation set them.
pub(super) fn clocks(control: TimeControl, seats: usize, weekend_pause: bool, berserk: bool) -> Clocks {
    Clocks::new(control, seats)
        .pausing_weekends(weekend_pause)
        .offering_berserk(berserk)
}

impl RoomCore {
    /// `player`'s seat goes berserk: only where the room offers it, once,
    /// and before the seat's first action.
    pub fn berserk(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        let clocks = self.table().clocks();
        let refused = |why: &str| Err(Refusal::new(codes::NO_BERSERK, why));
        if !clocks.offers_berserk() {
            return refused("this room does not offer berserk (it needs the room option berserk=on)");
        }
        if clocks.is_berserk(usize::from(seat.0)) {
            return refused("you went berserk already");
        }
        if self.log().entries().iter().any(|logged| logged.seat == seat) {
            return refused("berserk is only before your first move");
        }
        let at = self.game_time(now);
        let mut events = Vec::new();
        self.push(&mut events, self.wall(at), RoomEvent::Berserk { seat, at })?;
        Ok(events)
    }
}
