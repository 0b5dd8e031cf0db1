//! The JSON shape of each kind of event row (`room/stored.rs` maps
//! events to and from them). Fields may be added with defaults, so older
//! rows still read; the meaning of a field never changes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::event::Owner;

#[derive(Serialize, Deserialize)]
pub(super) struct CreatedData {
    pub(super) game: String,
    pub(super) options: BTreeMap<String, String>,
    pub(super) public: bool,
    pub(super) invite: Option<String>,
    pub(super) seed: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) owner: Option<OwnerRow>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) clock: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) weekend_pause: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) berserk: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) absent: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) rated: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) rated_bots: bool,
    /// `link` or `off` (none: `public`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) spectators: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(super) spectator_delay: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Serialize, Deserialize)]
pub(super) struct OwnerRow {
    pub(super) guest: String,
    pub(super) name: String,
}

impl OwnerRow {
    pub(super) fn of(owner: &Option<Owner>) -> Option<OwnerRow> {
        owner.as_ref().map(|o| OwnerRow {
            guest: o.guest.clone(),
            name: o.name.clone(),
        })
    }

    pub(super) fn read(row: Option<OwnerRow>) -> Option<Owner> {
        row.map(|o| Owner {
            guest: o.guest,
            name: o.name,
        })
    }
}

#[derive(Serialize, Deserialize)]
pub(super) struct SeatData {
    pub(super) seat: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) guest: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) name: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) bot: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) bot_account: bool,
}

#[derive(Serialize, Deserialize)]
pub(super) struct OwnerData {
    pub(super) owner: Option<OwnerRow>,
}

/// What a seat did at the game's time (resigned, offered or answered a
/// draw, aborted).
#[derive(Serialize, Deserialize)]
pub(super) struct TableData {
    pub(super) seat: u8,
    #[serde(default)]
    pub(super) at_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) accept: Option<bool>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct ActionData {
    pub(super) seat: u8,
    pub(super) action: String,
    pub(super) at_ms: u64,
    pub(super) salt: Option<String>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct FinishedData {
    pub(super) result: String,
}

/// No details.
#[derive(Serialize, Deserialize)]
pub(super) struct Empty {}

#[derive(Serialize, Deserialize)]
pub(super) struct ChatData {
    pub(super) guest: String,
    pub(super) name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) seat: Option<u8>,
    /// `room`, `team` or `spectators`.
    pub(super) to: String,
    pub(super) text: String,
}

#[derive(Serialize, Deserialize)]
pub(super) struct ChatSetData {
    pub(super) on: bool,
}

#[derive(Serialize, Deserialize)]
pub(super) struct RematchData {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) seats: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) room: Option<String>,
}
