//! What the server sends: `ServerMessage`, the request ids it echoes
//! (`request_id.rs`), and the error reply.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::chat::ChatLine;
use crate::code::Code;
use crate::detail::Detail;
use crate::lobby::RoomSummary;
use crate::moderation::{AuditEntry, LiveRoom, OnlinePlayer, PlayerFile, ReportInfo, Role, Sanction};
use crate::notify::{TurnWaiting, VacationState};
pub use crate::request_id::RequestId;
use crate::state::{Guest, RoomState};
use crate::tournament::{TournamentState, TournamentSummary};

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The reply to `hello` and `login`. `token` is present only when a
    /// new guest was made, or an account logged in on a new device: keep
    /// it to come back as the same guest. `rooms` lists the
    /// unfinished rooms where the guest holds a seat.
    Welcome {
        id: RequestId,
        protocol: u32,
        guest: Guest,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        token: Option<String>,
        rooms: Vec<String>,
    },
    /// A request succeeded. `room` names the room it concerned, `seat` the
    /// seat taken by `join`, `invite` the code of a new private room,
    /// `version` the room version that includes an `act`.
    Ack {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        room: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        seat: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        invite: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        version: Option<u64>,
    },
    /// The reply to `list_rooms`: at most the server's page of rooms (in id
    /// order), and how many rooms matched in all.
    Rooms {
        id: RequestId,
        rooms: Vec<RoomSummary>,
        #[serde(default)]
        total: u32,
    },
    /// The reply to `ping`.
    Pong { id: RequestId },
    /// A request failed, or (with no id) a message could not be read.
    /// Nothing changed.
    Error {
        id: Option<RequestId>,
        code: Code,
        message: String,
        /// The refusal's values, for each language to say it with
        /// (absent when it has none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        detail: Option<Box<Detail>>,
    },
    /// The room as the receiving viewer may see it, after a change.
    Update {
        room: String,
        version: u64,
        state: Box<RoomState>,
    },
    /// The server is closing this connection: at shutdown (reconnect
    /// later), or, with `reconnect`, for an upgrade: the same address
    /// serves again within moments, so reconnect at once (say `hello` with
    /// the token, watch again, send again what had no reply); nothing is
    /// wrong, and a person need not be told. `reconnect` is absent
    /// otherwise.
    Bye {
        reason: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        reconnect: bool,
    },
    /// Another node owns `room` (or is taking it over): reconnect to `url`,
    /// say `hello` with the same token, and watch, join or act there again.
    /// What was asked about the room here was not done.
    Moved { room: String, url: String },
    /// The reply to `replay`: the room as the asking viewer may see it at
    /// ply `ply` of `plies` (the actions logged now), drawn like an
    /// update's `state`. `version` is the room's version at that point;
    /// `revealed` says the game is over and the view hides nothing.
    Replay {
        id: RequestId,
        room: String,
        ply: u32,
        plies: u32,
        version: u64,
        revealed: bool,
        state: Box<RoomState>,
        /// The chat lines the asking viewer could read at that point (the
        /// same audiences as live: a team's lines only for its team).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[ts(as = "Option<Vec<ChatLine>>", optional)]
        chat: Vec<ChatLine>,
    },
    /// Lines of a room's chat the receiver may read: each new line as it
    /// is said, and after a `watch` or `join`, every earlier line it may
    /// read (a line may come again: its `seq` tells).
    Chat { room: String, lines: Vec<ChatLine> },
    /// The reply to `preferences`.
    Preferences {
        id: RequestId,
        zen: bool,
        mute_spectators: bool,
        /// The players you block.
        blocked: Vec<Guest>,
        /// Your role on this server.
        role: Role,
    },
    /// The reply to `export_my_data` and `admin_export`: everything the
    /// server holds about `player`, as one JSON object
    /// (docs/moderation.md lists its parts).
    PlayerData {
        id: RequestId,
        player: String,
        #[ts(type = "Record<string, unknown>")]
        data: serde_json::Value,
    },
    /// The reply to `admin_overview`: the rooms in this node's memory and
    /// the people connected to it.
    AdminOverview {
        id: RequestId,
        rooms: Vec<LiveRoom>,
        online: Vec<OnlinePlayer>,
    },
    /// The reply to `admin_reports`, oldest first.
    AdminReports { id: RequestId, reports: Vec<ReportInfo> },
    /// The reply to `admin_sanctions`: the sanctions in force, newest
    /// first.
    AdminSanctions { id: RequestId, sanctions: Vec<Sanction> },
    /// The reply to `admin_player`.
    AdminPlayer { id: RequestId, player: Box<PlayerFile> },
    /// The reply to `admin_audit`, newest first.
    AdminAudit { id: RequestId, entries: Vec<AuditEntry> },
    /// A tournament as everyone sees it: the reply to a tournament request
    /// (with its id), or, without one, a change of a tournament this
    /// connection follows (new players, pairings, results, standings).
    Tournament {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        id: Option<RequestId>,
        tournament: Box<TournamentState>,
    },
    /// The reply to `list_tournaments`.
    Tournaments {
        id: RequestId,
        tournaments: Vec<TournamentSummary>,
    },
    /// The reply to `set_webhook`: the secret that signs its bodies
    /// (`X-Lodestone-Signature`), shown this once.
    Webhook {
        id: RequestId,
        url: String,
        secret: String,
    },
    /// The reply to `my_turns`: the games waiting for the guest's move,
    /// the oldest first.
    Turns { id: RequestId, rooms: Vec<TurnWaiting> },
    /// The reply to `take_vacation`, `end_vacation` and `my_vacation`.
    Vacation { id: RequestId, vacation: VacationState },
}

/// An `error` message.
pub fn error(id: Option<RequestId>, code: Code, message: impl Into<String>) -> ServerMessage {
    ServerMessage::Error {
        id,
        code,
        message: message.into(),
        detail: None,
    }
}

/// An `error` message with the refusal's details.
pub fn error_with(
    id: Option<RequestId>,
    code: Code,
    message: impl Into<String>,
    detail: Option<Detail>,
) -> ServerMessage {
    ServerMessage::Error {
        id,
        code,
        message: message.into(),
        detail: detail.map(Box::new),
    }
}
