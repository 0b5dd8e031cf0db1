//! What the load generator reads of each update: a room's status, who may
//! act, the legal actions (in one buffer) and the seats of new log entries.

use lodestone_protocol::RoomStatus;
use serde::Deserialize;

use crate::net::{Connection, RoomView};

/// What the load generator reads of a room's state: its status, who may
/// act, the actions offered and the seats of the new log entries; the rest
/// of each update (position, board, seats, clocks…) is skipped unbuilt.
#[derive(Debug, Deserialize)]
pub(super) struct LoadView {
    pub(super) status: RoomStatus,
    pub(super) play: Option<LoadPlay>,
}

/// The part of [`lodestone_protocol::PlayState`] the load generator reads.
#[derive(Debug, Deserialize)]
pub(super) struct LoadPlay {
    pub(super) to_act: Vec<u8>,
    pub(super) legal: Actions,
    pub(super) moves: Vec<LoadMove>,
    #[serde(default)]
    pub(super) moves_from: u32,
}

/// The part of [`lodestone_protocol::MoveEntry`] the load generator reads.
#[derive(Debug, Deserialize)]
pub(super) struct LoadMove {
    pub(super) seat: u8,
}

/// A list of actions in one buffer: the legal actions of an update, read
/// without a `String` each.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Actions {
    text: String,
    /// Where each action ends in `text`.
    ends: Vec<usize>,
}

impl Actions {
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Action `i` (of `0..len`).
    pub(super) fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }
}

impl<'de> Deserialize<'de> for Actions {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Actions, D::Error> {
        /// Reads the array.
        struct List;
        /// Appends one string to the buffer.
        struct Append<'a>(&'a mut String);
        impl<'de> serde::de::Visitor<'de> for List {
            type Value = Actions;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of actions")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Actions, A::Error> {
                let mut actions = Actions::default();
                while seq.next_element_seed(Append(&mut actions.text))?.is_some() {
                    actions.ends.push(actions.text.len());
                }
                Ok(actions)
            }
        }
        impl<'de> serde::de::DeserializeSeed<'de> for Append<'_> {
            type Value = ();
            fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
                deserializer.deserialize_str(self)
            }
        }
        impl<'de> serde::de::Visitor<'de> for Append<'_> {
            type Value = ();
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an action")
            }
            fn visit_str<E: serde::de::Error>(self, action: &str) -> Result<(), E> {
                self.0.push_str(action);
                Ok(())
            }
        }
        deserializer.deserialize_seq(List)
    }
}

impl RoomView for LoadView {
    fn finished(&self) -> bool {
        self.status == RoomStatus::Finished
    }
}

/// A load client's connection.
pub(super) type Conn = Connection<LoadView>;
