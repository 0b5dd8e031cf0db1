//! What a room keeps of the talk at its table and of a rematch: the chat
//! lines, whether the chat is on, the seats that accepted a rematch, the
//! rematch's room, and when the game ended. Data only, brought up to date
//! by [`Social::note`] from `RoomCore::evolve`, for every event; the
//! rules are in `room/chat.rs` and `room/rematch.rs`.

use lodestone_rules::Seat;

use super::event::{ChatSaid, Recorded, RoomEvent};

/// One stored line of chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub seq: u64,
    pub at: u64,
    pub line: ChatSaid,
}

/// The room's chat and rematch.
#[derive(Clone, Debug, Default)]
pub struct Social {
    /// Every line, in order.
    chat: Vec<Said>,
    chat_off: bool,
    /// The seats that accepted the rematch, the proposer first.
    rematch: Vec<Seat>,
    /// The rematch's room, once it opened.
    rematch_room: Option<String>,
    /// The `seq` and wall time of the game's end (its `Finished` event).
    ended: Option<(u64, u64)>,
}

impl Social {
    /// Takes in one recorded event (new or restored).
    pub(super) fn note(&mut self, recorded: &Recorded) {
        match &recorded.event {
            RoomEvent::Chat(said) => self.chat.push(Said {
                seq: recorded.seq,
                at: recorded.at,
                line: said.clone(),
            }),
            RoomEvent::ChatSet { on } => self.chat_off = !on,
            RoomEvent::RematchAccepted { seats } => {
                for seat in seats {
                    if !self.rematch.contains(seat) {
                        self.rematch.push(*seat);
                    }
                }
            }
            RoomEvent::RematchDeclined { .. } => self.rematch.clear(),
            RoomEvent::RematchOpened { room } => self.rematch_room = Some(room.clone()),
            RoomEvent::Finished { .. } => self.ended = Some((recorded.seq, recorded.at)),
            _ => {}
        }
    }

    /// Every line, in order.
    pub fn lines(&self) -> &[Said] {
        &self.chat
    }

    pub fn chat_off(&self) -> bool {
        self.chat_off
    }

    /// The seats that accepted the rematch, the proposer first.
    pub fn accepted(&self) -> &[Seat] {
        &self.rematch
    }

    /// The rematch's room, once it opened.
    pub fn rematch_room(&self) -> Option<&str> {
        self.rematch_room.as_deref()
    }

    /// The `seq` and wall time of the game's end.
    pub fn ended(&self) -> Option<(u64, u64)> {
        self.ended
    }
}
