//! What moderation asks of a room (docs/moderation.md): a moderator
//! closes any room, its game ending without a result (the `closed` event,
//! stored like an owner's close), and who holds a seat, for a report's
//! context.

use lodestone_rules::Seat;

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::refusal::Refusal;

impl RoomCore {
    /// The seat guest `guest` holds, if any.
    pub fn seat_of_guest(&self, guest: &str) -> Option<Seat> {
        self.seat_of(guest)
    }

    /// A moderator closes the room, whatever its state: an open room is
    /// gone, a game ends without a result.
    pub fn close_by_moderator(&mut self, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_not_gone()?;
        let mut events = Vec::new();
        self.push(&mut events, now, RoomEvent::Closed)?;
        Ok(events)
    }
}
