//! A room's chat on the wire: who a line is for, and a line.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::state::Guest;

/// Who a chat line is for.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ChatTo {
    /// The seated players.
    #[default]
    Room,
    /// The sender's teammates (Magma's team games).
    Team,
    /// The spectators; the seated players read it once the game is over.
    Spectators,
}

impl ChatTo {
    /// The audience as the wire names it.
    pub fn as_str(self) -> &'static str {
        match self {
            ChatTo::Room => "room",
            ChatTo::Team => "team",
            ChatTo::Spectators => "spectators",
        }
    }
}

/// One line of a room's chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ChatLine {
    /// The line's place in the room's log (its version once it was said).
    pub seq: u64,
    /// Unix milliseconds.
    pub at: u64,
    pub to: ChatTo,
    /// Who said it, under the name it had then.
    pub from: Guest,
    /// The sender's seat; absent for a spectator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seat: Option<u8>,
    pub text: String,
}
