//! What a room keeps of the talk at its table and of a rematch: the chat
//! lines, whether the chat is on, the seats that accepted a rematch, the
//! rematch's room, and when the game ended. Data only, brought up to date
//! by [`Social::note`] with every event the room records or restores; the
//! rules are in `room/chat.rs` and `room/rematch.rs`.

use lodestone_protocol::ChatTo;
use lodestone_rules::Seat;

use super::event::{Recorded, RoomEvent};

/// One stored line of chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub seq: u64,
    pub at: u64,
    pub guest: String,
    pub name: String,
    pub seat: Option<Seat>,
    pub to: ChatTo,
    pub text: String,
}

/// The room's chat and rematch.
#[derive(Clone, Debug, Default)]
pub struct Social {
    /// Every line, in order.
    pub chat: Vec<Said>,
    pub chat_off: bool,
    /// The seats that accepted the rematch, the proposer first.
    pub rematch: Vec<Seat>,
    /// The rematch's room, once it opened.
    pub rematch_room: Option<String>,
    /// The `seq` and wall time of the game's end (its `Finished` event).
    pub ended: Option<(u64, u64)>,
}

/// What a rollback needs of [`Social`].
#[derive(Clone, Debug)]
pub struct SocialMark {
    chat: usize,
    chat_off: bool,
    rematch: Vec<Seat>,
    rematch_room: Option<String>,
    ended: Option<(u64, u64)>,
}

impl Social {
    /// Takes in one recorded event (new or restored).
    pub fn note(&mut self, recorded: &Recorded) {
        match &recorded.event {
            RoomEvent::Chat {
                guest,
                name,
                seat,
                to,
                text,
            } => self.chat.push(Said {
                seq: recorded.seq,
                at: recorded.at,
                guest: guest.clone(),
                name: name.clone(),
                seat: *seat,
                to: *to,
                text: text.clone(),
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

    pub fn mark(&self) -> SocialMark {
        SocialMark {
            chat: self.chat.len(),
            chat_off: self.chat_off,
            rematch: self.rematch.clone(),
            rematch_room: self.rematch_room.clone(),
            ended: self.ended,
        }
    }

    /// Undoes everything since `mark`.
    pub fn rollback(&mut self, mark: SocialMark) {
        self.chat.truncate(mark.chat);
        self.chat_off = mark.chat_off;
        self.rematch = mark.rematch;
        self.rematch_room = mark.rematch_room;
        self.ended = mark.ended;
    }
}
