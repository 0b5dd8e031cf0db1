//! The app's side of "your move in N games" (`play/turns.rs`): `my_turns`
//! asked on the clock's tick while welcomed, its answer kept, and `g`
//! opening the oldest game waiting other than the room shown.

use std::time::Instant;

use lodestone_protocol::{ClientMessage, TurnWaiting};

use super::super::target::RoomLink;
use super::{App, Pending};

impl App {
    /// On the clock's tick: asks for the games waiting when it is time.
    pub(super) fn ask_turns_if_due(&mut self, now: Instant) {
        if self.guest.is_some() && self.live() && self.lobby.turns.due(now) {
            self.request(Pending::Turns, |id| ClientMessage::MyTurns { id });
        }
    }

    /// The answer to `my_turns`.
    pub(super) fn turns_answered(&mut self, rooms: Vec<TurnWaiting>) {
        self.lobby.turns.answered(rooms);
    }

    /// `g`: opens the oldest game waiting for our move other than the room
    /// shown (which is left, as going back to the lobby leaves it).
    pub(super) fn open_next_turn(&mut self) {
        let shown = self.room().map(|r| r.id.clone());
        let Some(next) = self.lobby.turns.next(shown.as_deref()).map(|t| t.room.clone()) else {
            let none = self.words.get("turns-none");
            self.complain(none);
            return;
        };
        if let Some(old) = shown
            && self.live()
        {
            self.request(Pending::Other, |id| ClientMessage::Unwatch { id, room: old });
        }
        self.open_room(RoomLink {
            room: next,
            invite: None,
        });
    }
}
