//! The wire types of moderation (docs/moderation.md): roles, reports,
//! sanctions (bans, chat timeouts, bans from rated play), the audit log,
//! the console's views of live rooms and players, and a player's own
//! settings (blocks, zen, muted spectators). The messages that carry them
//! are variants of `ClientMessage` and `ServerMessage` in `lib.rs`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{ChatLine, Guest, RecentGame, RoomStatus, RoomSummary};

/// What a person may do on the server beyond playing.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Everyone.
    #[default]
    Player,
    /// Appointed by an admin: the console's reports, timeouts, bans,
    /// closing rooms, renaming.
    Moderator,
    /// Made by the host (`lodestone-server admin grant NAME`): everything a
    /// moderator does, and appointing moderators, the audit log, a
    /// player's data exported or deleted.
    Admin,
}

impl Role {
    /// The role as the wire names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Moderator => "moderator",
            Role::Admin => "admin",
        }
    }
}

/// Where a report is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportStatus {
    /// Waiting for a moderator.
    Open,
    /// A moderator has taken it.
    Taken,
    /// Resolved with an action (a timeout, a ban, a rename...).
    Resolved,
    /// Looked at and dismissed.
    Dismissed,
}

impl ReportStatus {
    /// The status as stored and on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportStatus::Open => "open",
            ReportStatus::Taken => "taken",
            ReportStatus::Resolved => "resolved",
            ReportStatus::Dismissed => "dismissed",
        }
    }
}

/// What a report carries besides its reason: the room, the chat lines
/// around the reported one (as the reporter could read them) and the
/// game's record as the reporter may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ReportContext {
    pub room: String,
    pub game: String,
    /// The lines around the reported line (or the last lines of the room).
    pub lines: Vec<ChatLine>,
    /// The `seq` of the reported chat line, if a line was reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub line: Option<u64>,
    /// The game's record as the reporter may see it (rules/NOTATION.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub record: Option<String>,
}

/// A report as the console shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ReportInfo {
    pub id: String,
    /// Unix milliseconds.
    pub at: u64,
    pub reporter: Guest,
    /// The reported player.
    pub player: Guest,
    pub reason: String,
    pub status: ReportStatus,
    /// The moderator who took it (or resolved it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub moderator: Option<Guest>,
    /// The moderator's note when it was resolved or dismissed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub context: Option<ReportContext>,
}

/// How a moderator closes a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportOutcome {
    /// An action was taken (say which in the note).
    Resolved,
    /// Nothing to do.
    Dismissed,
}

/// What a sanction forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SanctionKind {
    /// No connection: the account, or every connection from the address.
    Ban,
    /// No chat: in one room, or everywhere.
    Timeout,
    /// No rated games (abandoning rated games; docs/moderation.md).
    RatedBan,
}

impl SanctionKind {
    /// The kind as stored and on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            SanctionKind::Ban => "ban",
            SanctionKind::Timeout => "timeout",
            SanctionKind::RatedBan => "rated_ban",
        }
    }
}

/// A ban, a chat timeout or a ban from rated play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Sanction {
    pub id: String,
    pub kind: SanctionKind,
    /// The player it concerns (absent for an address ban).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub player: Option<Guest>,
    /// The address it concerns (an address ban).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub address: Option<String>,
    /// The room of a timeout in one room (absent: everywhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub room: Option<String>,
    pub reason: String,
    /// Who gave it (absent: the server itself, for abandoning games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub by: Option<Guest>,
    /// Unix milliseconds.
    pub at: u64,
    /// When it ends, unix milliseconds (absent: never).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub until: Option<u64>,
    /// When a moderator lifted it early.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lifted: Option<u64>,
}

/// One stored admin or moderator action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct AuditEntry {
    pub id: String,
    /// Unix milliseconds.
    pub at: u64,
    /// Who acted (absent: the host, on the command line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub actor: Option<Guest>,
    /// What was done: `set_role`, `ban`, `timeout`, `lift`, `close_room`,
    /// `rename`, `take_report`, `resolve_report`, `dismiss_report`,
    /// `export`, `delete`.
    pub action: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub player: Option<Guest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub room: Option<String>,
    /// The action's details in words (a reason, a duration, a new name).
    pub detail: String,
}

/// A game left that counts against its player (docs/moderation.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Offense {
    pub room: String,
    /// `left` (absent past the grace with time running) or `aborted`.
    pub kind: String,
    /// Unix milliseconds.
    pub at: u64,
}

/// A room in the console's list of live rooms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LiveRoom {
    pub room: RoomSummary,
    pub status: RoomStatus,
    pub public: bool,
    /// The guests seated.
    pub seated: Vec<String>,
}

/// A person connected to the server now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OnlinePlayer {
    pub guest: Guest,
    /// The address of its connection (behind a trusted proxy, the one the
    /// proxy forwards for).
    pub address: String,
    pub connections: u32,
}

/// Everything the console shows of one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PlayerFile {
    pub guest: Guest,
    pub account: bool,
    pub role: Role,
    /// Unix milliseconds.
    pub created_at: u64,
    /// The latest finished games, newest first.
    pub games: Vec<RecentGame>,
    /// Reports about this player, newest first.
    pub reports: Vec<ReportInfo>,
    /// Reports this player made, newest first.
    pub reported: Vec<ReportInfo>,
    pub sanctions: Vec<Sanction>,
    /// The admin and moderator actions about this player (or by them).
    pub actions: Vec<AuditEntry>,
    pub offenses: Vec<Offense>,
}
