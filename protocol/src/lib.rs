//! Lodestone's wire protocol: the JSON messages clients and the server
//! exchange over WebSocket. This crate is the only place wire types are
//! defined; `docs/protocol.md` documents every message with an example.
//!
//! Every client message carries a client-chosen `id`; the server answers it
//! with exactly one reply carrying the same id (`welcome`, `ack`, `rooms`,
//! `pong` or `error`). Between replies the server pushes `update`s: the
//! whole room as the receiving viewer may see it, with a version that grows
//! by one with every change.

mod account;
mod board;
mod code;
mod effect;
mod fairness;
mod http;
mod moderation;
mod notify;
pub mod schema;
mod tournament;
pub mod typescript;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use account::{
    AccountInfo, ApiTokenInfo, MAX_API_TOKENS, MAX_TOKEN_LABEL_CHARS, NewApiToken, NewTokenRequest,
};
pub use board::{
    Board, Destroyed, MagmaBoard, MagmaCell, MagmaClock, MagmaPhase, MagmaScore, MagmaSeat, MagmaSlot,
    MagnetBoard, MagnetPiece, MagnetSide, MagnetismBoard, MagnetonBoard, RedBlue, WhiteBlack, board,
    board_json,
};
pub use code::{Code, codes};
pub use effect::{EffectState, LastAction, PieceState, RiskState};
pub use fairness::{chance_rng, commitment, seed_commitment, sha256_hex};
pub use http::{ErrorType, GameRecord, HttpError, PlyView, RecordAction};
pub use moderation::{
    AuditEntry, LiveRoom, Offense, OnlinePlayer, PlayerFile, ReportContext, ReportInfo, ReportOutcome,
    ReportStatus, Role, Sanction, SanctionKind,
};
pub use notify::{NotifyEvent, PushKey, PushKeys, TurnWaiting, WebhookFormat};
pub use tournament::{
    EntrantStatus, StandingRow, TournamentFormat, TournamentGame, TournamentPlayer, TournamentRound,
    TournamentSpec, TournamentState, TournamentStatus, TournamentSummary,
};

/// The protocol version; a `hello` with another version is refused.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest client message the server reads, in bytes. Larger text gets
/// a `too-large` error (the connection stays open).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// A client-chosen request id, echoed in the reply: a number or a string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum RequestId {
    Number(u64),
    Text(String),
}

impl From<u64> for RequestId {
    fn from(n: u64) -> RequestId {
        RequestId::Number(n)
    }
}

/// A seat, by its index from 0 in turn order or by its name in the game
/// (`"white"`, `"red"`, `"3"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum SeatRef {
    Index(u8),
    Name(String),
}

impl std::fmt::Display for SeatRef {
    /// The index, or the name as given.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatRef::Index(i) => write!(f, "{i}"),
            SeatRef::Name(name) => f.write_str(name),
        }
    }
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Identify: `name` alone makes a new guest (the reply carries its
    /// token); `token` resumes an existing guest (with `name`, renames it).
    Hello {
        id: RequestId,
        protocol: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// List the public rooms that have a free seat (optionally of one game),
    /// or with `playing`, the public games being played (to watch).
    ListRooms {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        playing: bool,
    },
    /// Open a room. The game and its options decide the seats (and teams).
    CreateRoom {
        id: RequestId,
        game: String,
        /// Option values are text; JSON numbers and booleans are read as
        /// their text (`3`, `true`).
        #[serde(default, deserialize_with = "option_values")]
        #[ts(optional, type = "Record<string, string | number | boolean>")]
        #[schemars(with = "BTreeMap<String, OptionValue>")]
        options: BTreeMap<String, String>,
        #[serde(default = "yes")]
        #[ts(as = "Option<bool>", optional)]
        public: bool,
    },
    /// Take a seat (a given one, or any free one) before the game starts;
    /// also watches the room.
    Join {
        id: RequestId,
        room: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatRef>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// Give up one's seat before the game starts.
    Leave { id: RequestId, room: String },
    /// Start the game; any seated player may, once every seat is taken.
    Start { id: RequestId, room: String },
    /// Receive the room's updates: as one's seat if one has a seat there
    /// (the way to reconnect), otherwise as a spectator.
    Watch {
        id: RequestId,
        room: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// Stop receiving the room's updates.
    Unwatch { id: RequestId, room: String },
    /// Play an action, in the game's notation (NOTATION.md).
    Act {
        id: RequestId,
        room: String,
        action: String,
    },
    /// Seat a computer player at a free seat (a given one, or any), before
    /// the game starts: the room's owner only. With `replace_me`, a seated
    /// player hands its own seat to the bot. `level`: `random`, `greedy` (the default), `easy`,
    /// `normal` or `hard` (`GET /api/games` lists them in words).
    AddBot {
        id: RequestId,
        room: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatRef>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
        /// Hand one's own seat to the bot (before the start or during the
        /// game) instead of seating it at a free seat.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(optional, as = "Option<bool>")]
        replace_me: bool,
    },
    /// Resign the game (a seated player, during play).
    Resign { id: RequestId, room: String },
    /// Offer a draw to the other side (two-sided games, during play).
    OfferDraw { id: RequestId, room: String },
    /// Accept (`true`) or decline (`false`) the other side's draw offer.
    AnswerDraw {
        id: RequestId,
        room: String,
        accept: bool,
    },
    /// End the game without a result, before every seat has made its first
    /// move (a seated player); the room closes.
    Abort { id: RequestId, room: String },
    /// Claim the win over an absent player, when the room's policy allows.
    Claim { id: RequestId, room: String },
    /// Remove a bot from its seat before the start (the room's owner).
    RemoveBot {
        id: RequestId,
        room: String,
        seat: SeatRef,
    },
    /// Free someone's seat before the start (the room's owner).
    Kick {
        id: RequestId,
        room: String,
        seat: SeatRef,
    },
    /// Close the room for good before the start (the room's owner).
    CloseRoom { id: RequestId, room: String },
    /// Check the connection.
    Ping { id: RequestId },
    /// The room as the asking viewer saw it at ply `ply` (the number of
    /// logged actions, 0 = the start): answered with `replay`. During the
    /// game a viewer gets what it was shown then (secrets kept); once the
    /// game is over, everything. `invite`: a private room's code, for a
    /// guest without a seat there.
    Replay {
        id: RequestId,
        room: String,
        ply: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// After the end of a game (a seated person): the first proposes a
    /// rematch, the others accept it; with `accept: false`, decline it (or
    /// withdraw one's own proposal). When every person's seat has
    /// accepted (bots accept at once), a new room with the same game,
    /// options and people opens, already started, seats rotated by one.
    Rematch {
        id: RequestId,
        room: String,
        #[serde(default = "yes")]
        #[ts(as = "Option<bool>", optional)]
        accept: bool,
    },
    /// Say `text` in the room's chat, to `to`: `room` (the seated
    /// players), `team` (one's teammates, in a team game) or `spectators`
    /// (those watching without a seat).
    Chat {
        id: RequestId,
        room: String,
        text: String,
        #[serde(default)]
        #[ts(as = "Option<ChatTo>", optional)]
        to: ChatTo,
    },
    /// Turn the room's chat on or off (the room's owner).
    SetChat { id: RequestId, room: String, on: bool },
    /// Turn the guest of this connection into an account with a name and
    /// a password (8 to 128 characters), keeping its id and history;
    /// answered with `ack`. The guest takes the name.
    Register {
        id: RequestId,
        name: String,
        password: Password,
    },
    /// Log in to an account (on a new device, or after clearing the
    /// browser): answered with `welcome` carrying a new token for this
    /// device (the account's other tokens keep working).
    Login {
        id: RequestId,
        name: String,
        password: Password,
    },
    /// Block a player (docs/moderation.md): its chat is hidden from you,
    /// it cannot sit at a table with you or propose you a rematch, and a
    /// tournament never pairs you. Answered with `ack`.
    Block { id: RequestId, player: String },
    /// Unblock a player. Answered with `ack`.
    Unblock { id: RequestId, player: String },
    /// Your settings and the players you block: answered with
    /// `preferences`.
    Preferences { id: RequestId },
    /// Change your settings: `zen` hides every chat from you; with
    /// `mute_spectators`, nobody watching your games may chat in them.
    /// Answered with `ack`.
    SetPreferences {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        zen: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        mute_spectators: Option<bool>,
    },
    /// Report a player to the moderators, optionally about a room and a
    /// chat line (its `seq`): the report carries the room, the lines
    /// around it and the game's record. Answered with `ack`.
    Report {
        id: RequestId,
        player: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        room: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        line: Option<u64>,
        reason: String,
    },
    /// Everything the server holds about you: answered with `player_data`.
    ExportMyData { id: RequestId },
    /// Delete your account (an account confirms with its password): your
    /// games stay with your name replaced, your ratings go. Answered with
    /// `ack`; then the connection ends.
    DeleteAccount {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        password: Option<Password>,
    },
    /// (moderators) The live rooms and the players online: answered with
    /// `admin_overview`.
    AdminOverview { id: RequestId },
    /// (moderators) The reports waiting (with `all`, every report):
    /// answered with `admin_reports`.
    AdminReports {
        id: RequestId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(optional, as = "Option<bool>")]
        all: bool,
    },
    /// (moderators) Take a report: it is yours to resolve.
    AdminTakeReport { id: RequestId, report: String },
    /// (moderators) Close a report: resolved with an action, or dismissed.
    AdminResolveReport {
        id: RequestId,
        report: String,
        outcome: ReportOutcome,
        #[serde(default)]
        note: String,
    },
    /// (moderators) Forbid a player to chat for `minutes` (10, 60 or
    /// 1440), in one room or everywhere.
    AdminTimeout {
        id: RequestId,
        player: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        room: Option<String>,
        minutes: u32,
        reason: String,
    },
    /// (moderators) Ban an account (`player`) or an address (`address`)
    /// for `minutes`, or for good without them.
    AdminBan {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        player: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        address: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        minutes: Option<u32>,
        reason: String,
    },
    /// (moderators) Lift a ban, a timeout or a ban from rated play early.
    AdminLift { id: RequestId, sanction: String },
    /// (moderators) The sanctions in force: answered with
    /// `admin_sanctions`.
    AdminSanctions { id: RequestId },
    /// (moderators) Close any room: its game ends without a result.
    AdminCloseRoom {
        id: RequestId,
        room: String,
        reason: String,
    },
    /// (moderators) Give a player with an offensive name another one; the
    /// old name may not be taken again.
    AdminRename {
        id: RequestId,
        player: String,
        name: String,
    },
    /// (moderators) A player's history (by id or name): answered with
    /// `admin_player`.
    AdminPlayer { id: RequestId, player: String },
    /// (admins) Make a player a moderator, or a player again.
    AdminSetRole {
        id: RequestId,
        player: String,
        role: Role,
    },
    /// (admins) The audit log, newest first (with `all`, every entry, to
    /// export): answered with `admin_audit`.
    AdminAudit {
        id: RequestId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(optional, as = "Option<bool>")]
        all: bool,
    },
    /// (admins) Everything the server holds about a player: answered with
    /// `player_data`.
    AdminExport { id: RequestId, player: String },
    /// (admins) Delete a player's account as `delete_account` does.
    AdminDelete { id: RequestId, player: String },
    /// Create a tournament (docs/tournaments.md); answered with
    /// `tournament`, whose `invite` lets others join a private one.
    CreateTournament {
        id: RequestId,
        tournament: TournamentSpec,
    },
    /// The tournaments: upcoming and running ones, then the latest
    /// finished ones; answered with `tournaments`.
    ListTournaments { id: RequestId },
    /// Follow a tournament: answered with `tournament`, and another
    /// `tournament` (without an id) after every change until `unwatch_tournament`.
    WatchTournament {
        id: RequestId,
        tournament: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        invite: Option<String>,
    },
    /// Stop following a tournament; answered with `ack`.
    UnwatchTournament { id: RequestId, tournament: String },
    /// Enter a tournament (or come back after withdrawing); answered with
    /// `tournament`.
    JoinTournament {
        id: RequestId,
        tournament: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        invite: Option<String>,
    },
    /// Leave a tournament before it starts, or withdraw during it (not
    /// paired again until `join_tournament`); answered with `tournament`.
    WithdrawTournament { id: RequestId, tournament: String },
    /// The organizer starts the tournament now; answered with `tournament`.
    StartTournament { id: RequestId, tournament: String },
    /// The organizer removes a player for good; answered with `tournament`.
    RemoveFromTournament {
        id: RequestId,
        tournament: String,
        player: String,
    },
    /// The organizer enters a computer player of `level` (when the
    /// tournament allows bots); answered with `tournament`.
    AddTournamentBot {
        id: RequestId,
        tournament: String,
        level: String,
    },
    /// Send this guest's notifications to a browser's push subscription
    /// (`events`: the categories wanted; absent, all); answered with `ack`.
    PushSubscribe {
        id: RequestId,
        endpoint: String,
        keys: PushKeys,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        events: Option<Vec<NotifyEvent>>,
    },
    /// Stop pushing to a subscription of this guest; answered with `ack`.
    PushUnsubscribe { id: RequestId, endpoint: String },
    /// Whether the page of this connection is visible now (a page that
    /// never says counts as visible); answered with `ack`.
    Visibility { id: RequestId, visible: bool },
    /// Post a room's events (as its owner, `room`) or every game of this
    /// account (no `room`) to `url`; answered with `webhook` (the signing
    /// secret, shown once).
    SetWebhook {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        room: Option<String>,
        url: String,
        #[serde(default)]
        format: WebhookFormat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        events: Option<Vec<NotifyEvent>>,
    },
    /// Remove a webhook set with `set_webhook`; answered with `ack`.
    DeleteWebhook {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        room: Option<String>,
        url: String,
    },
    /// The games waiting for this guest's move, oldest first; answered
    /// with `turns`.
    MyTurns { id: RequestId },
}

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

/// A rematch proposed after the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RematchState {
    /// The seats that have accepted (the proposer first; bots at once).
    pub accepted: Vec<u8>,
    /// The new room, once every seat has accepted: go there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub room: Option<String>,
}

/// A password on the wire: its text, never shown by `Debug` (so a logged
/// message cannot carry it).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(transparent)]
#[ts(type = "string")]
pub struct Password(pub String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// The text, to hash or check.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// An option's value as `create_room` reads it (for the JSON Schema:
/// text, or a number or a boolean read as its text).
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum OptionValue {
    Text(String),
    Number(f64),
    Flag(bool),
}

fn yes() -> bool {
    true
}

/// Reads an options object whose values may be strings, numbers or
/// booleans, keeping each value as its text.
fn option_values<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Value {
        Text(String),
        Number(serde_json::Number),
        Flag(bool),
    }
    let values = BTreeMap::<String, Option<Value>>::deserialize(deserializer)?;
    values
        .into_iter()
        .map(|(key, value)| match value {
            Some(Value::Text(text)) => Ok((key, text)),
            Some(Value::Number(n)) => Ok((key, n.to_string())),
            Some(Value::Flag(b)) => Ok((key, b.to_string())),
            None => Err(serde::de::Error::custom(format!(
                "option {key:?} has no value: option values are strings, numbers or booleans"
            ))),
        })
        .collect()
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl ClientMessage {
    pub fn id(&self) -> &RequestId {
        match self {
            ClientMessage::Hello { id, .. }
            | ClientMessage::ListRooms { id, .. }
            | ClientMessage::CreateRoom { id, .. }
            | ClientMessage::Join { id, .. }
            | ClientMessage::Leave { id, .. }
            | ClientMessage::Start { id, .. }
            | ClientMessage::Watch { id, .. }
            | ClientMessage::Unwatch { id, .. }
            | ClientMessage::Act { id, .. }
            | ClientMessage::AddBot { id, .. }
            | ClientMessage::Resign { id, .. }
            | ClientMessage::OfferDraw { id, .. }
            | ClientMessage::AnswerDraw { id, .. }
            | ClientMessage::Abort { id, .. }
            | ClientMessage::Claim { id, .. }
            | ClientMessage::RemoveBot { id, .. }
            | ClientMessage::Kick { id, .. }
            | ClientMessage::CloseRoom { id, .. }
            | ClientMessage::Ping { id }
            | ClientMessage::Replay { id, .. }
            | ClientMessage::Rematch { id, .. }
            | ClientMessage::Chat { id, .. }
            | ClientMessage::SetChat { id, .. }
            | ClientMessage::Register { id, .. }
            | ClientMessage::Login { id, .. }
            | ClientMessage::Block { id, .. }
            | ClientMessage::Unblock { id, .. }
            | ClientMessage::Preferences { id }
            | ClientMessage::SetPreferences { id, .. }
            | ClientMessage::Report { id, .. }
            | ClientMessage::ExportMyData { id }
            | ClientMessage::DeleteAccount { id, .. }
            | ClientMessage::AdminOverview { id }
            | ClientMessage::AdminReports { id, .. }
            | ClientMessage::AdminTakeReport { id, .. }
            | ClientMessage::AdminResolveReport { id, .. }
            | ClientMessage::AdminTimeout { id, .. }
            | ClientMessage::AdminBan { id, .. }
            | ClientMessage::AdminLift { id, .. }
            | ClientMessage::AdminSanctions { id }
            | ClientMessage::AdminCloseRoom { id, .. }
            | ClientMessage::AdminRename { id, .. }
            | ClientMessage::AdminPlayer { id, .. }
            | ClientMessage::AdminSetRole { id, .. }
            | ClientMessage::AdminAudit { id, .. }
            | ClientMessage::AdminExport { id, .. }
            | ClientMessage::AdminDelete { id, .. }
            | ClientMessage::CreateTournament { id, .. }
            | ClientMessage::ListTournaments { id }
            | ClientMessage::WatchTournament { id, .. }
            | ClientMessage::UnwatchTournament { id, .. }
            | ClientMessage::JoinTournament { id, .. }
            | ClientMessage::WithdrawTournament { id, .. }
            | ClientMessage::StartTournament { id, .. }
            | ClientMessage::RemoveFromTournament { id, .. }
            | ClientMessage::AddTournamentBot { id, .. } => id,
            ClientMessage::PushSubscribe { id, .. }
            | ClientMessage::PushUnsubscribe { id, .. }
            | ClientMessage::Visibility { id, .. }
            | ClientMessage::SetWebhook { id, .. }
            | ClientMessage::DeleteWebhook { id, .. }
            | ClientMessage::MyTurns { id } => id,
        }
    }
}

/// A guest: a display name behind an unguessable token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Guest {
    pub id: String,
    pub name: String,
}

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
}

/// One line of the room list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RoomSummary {
    pub id: String,
    pub game: String,
    pub options: BTreeMap<String, String>,
    pub seats: u8,
    pub taken: u8,
    pub players: Vec<String>,
}

/// A game the server can play, with the options `create_room` accepts
/// for it: the answer of `GET /api/games` is a list of these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct GameInfo {
    /// The game's name on the wire (`magneton`).
    pub game: String,
    pub options: Vec<OptionInfo>,
    /// The computer players `add_bot` can seat, weakest first.
    pub bots: Vec<BotInfo>,
}

/// One level of computer player: its name for `add_bot`, and in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct BotInfo {
    /// `random`, `greedy`, `easy`, `normal` or `hard`.
    pub level: String,
    /// The level's name for people (`Hard`).
    pub name: String,
    /// How it plays, in a few words.
    pub description: String,
}

/// One option of a game: its key, the values it accepts (the default
/// first) and a sentence saying what it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OptionInfo {
    pub key: String,
    pub values: Vec<String>,
    pub default: String,
    pub help: String,
}

impl GameInfo {
    /// Every game the rules crate plays, with its options.
    pub fn available() -> Vec<GameInfo> {
        lodestone_rules::GameKind::ALL
            .into_iter()
            .map(|kind| GameInfo {
                game: kind.name().to_string(),
                options: kind
                    .option_specs()
                    .iter()
                    .map(|spec| OptionInfo {
                        key: spec.key.to_string(),
                        values: spec.values.iter().map(|v| v.to_string()).collect(),
                        default: spec.default_value().to_string(),
                        help: spec.help.to_string(),
                    })
                    .chain([
                        OptionInfo {
                            key: "clock".to_string(),
                            values: CLOCK_VALUES.iter().map(|v| v.to_string()).collect(),
                            default: "none".to_string(),
                            help: CLOCK_HELP.to_string(),
                        },
                        OptionInfo {
                            key: "absent".to_string(),
                            values: vec!["wait".to_string(), "claim".to_string(), "bot".to_string()],
                            default: "wait".to_string(),
                            help: ABSENT_HELP.to_string(),
                        },
                        OptionInfo {
                            key: "chat".to_string(),
                            values: vec!["on".to_string(), "off".to_string()],
                            default: "on".to_string(),
                            help: CHAT_HELP.to_string(),
                        },
                        OptionInfo {
                            key: "rated".to_string(),
                            values: vec!["no".to_string(), "yes".to_string()],
                            default: "no".to_string(),
                            help: RATED_HELP.to_string(),
                        },
                        OptionInfo {
                            key: "rated-bots".to_string(),
                            values: vec!["no".to_string(), "yes".to_string()],
                            default: "no".to_string(),
                            help: RATED_BOTS_HELP.to_string(),
                        },
                        OptionInfo {
                            key: "spectators".to_string(),
                            values: vec!["public".to_string(), "link".to_string(), "off".to_string()],
                            default: "public".to_string(),
                            help: SPECTATORS_HELP.to_string(),
                        },
                        OptionInfo {
                            key: "spectator-delay".to_string(),
                            values: SPECTATOR_DELAY_VALUES.iter().map(|v| v.to_string()).collect(),
                            default: "0".to_string(),
                            help: SPECTATOR_DELAY_HELP.to_string(),
                        },
                    ])
                    .collect(),
                bots: lodestone_rules::bot::Level::ALL
                    .into_iter()
                    .map(|level| BotInfo {
                        level: level.name().to_string(),
                        name: level.label().to_string(),
                        description: level.description().to_string(),
                    })
                    .collect(),
            })
            .collect()
    }
}

/// The room option `clock` offered for every game in `/api/games` (any
/// well-formed value is accepted: `M+S`, `Ns/move`, `Nm/move`, `Nh/move`,
/// `Nd/move`).
pub const CLOCK_VALUES: &[&str] = &[
    "none",
    "5+3",
    "10+5",
    "30s/move",
    "1d/move",
    "3d/move",
    "bank:10d+36h",
];

/// What the room option `clock` does.
pub const CLOCK_HELP: &str = "the room's clock: none; minutes per player plus seconds added after each of its moves (5+3); a time for each move (30s/move, or 3d/move to play by correspondence); or a correspondence time bank (bank:10d+36h: 10 days at first, 36 hours more after each move, never above the 10 days); a player whose time runs out loses (in Magma with more than two players, leaves the game)";

/// What the room option `absent` does.
pub const ABSENT_HELP: &str = "what happens when a player has been away for the grace period (a minute; a day with a clock of a day or more per move): wait; claim, when the absent player is to act the others may claim the game (the absent player loses as if out of time); or bot, a bot plays for the absent player until they return";

/// What the room option `chat` does.
pub const CHAT_HELP: &str =
    "the room's chat: on, or off (nobody can chat; the room's owner can turn it on or off at any time)";

/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// What the room option `rated` does.
pub const RATED_HELP: &str = "whether the game changes the players' ratings: yes only when every seat is held by an account (no guests, no bots)";

/// What the room option `spectators` does (docs/moderation.md).
pub const SPECTATORS_HELP: &str = "who may watch the game without a seat: public, anyone (the room is among the games being played); link, only people with the room's invite; off, nobody until the game is over";

/// The room option `spectator-delay` offered in `/api/games` (any number
/// of plies from 0 to 100 is accepted).
pub const SPECTATOR_DELAY_VALUES: &[&str] = &["0", "1", "2", "4", "8", "16"];

/// What the room option `spectator-delay` does (docs/moderation.md).
pub const SPECTATOR_DELAY_HELP: &str = "how many plies behind the game spectators see it while it runs (0 to 100; they see all of it once it is over); 0 unless set, but in a Magma game with teams one round of turns (the number of seats)";

/// What the room option `rated-bots` does.
pub const RATED_BOTS_HELP: &str = "in a rated room, whether bot accounts (programs playing through the protocol) may play people: no, a rated game is between people only or between bots only; yes, bot accounts may sit with people and the game is rated all the same";

/// A player's page: the answer of `GET /api/players/{id}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PlayerPage {
    pub id: String,
    pub name: String,
    /// Whether the player is an account (otherwise a guest).
    pub account: bool,
    /// Whether a program plays this player: one of the server's computer
    /// players, or (with `account`) a bot account.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub bot: bool,
    /// One rating per game played rated (Magma per number of players).
    pub ratings: Vec<PlayerRating>,
    /// The latest finished games, newest first.
    pub recent: Vec<RecentGame>,
}

/// A player's rating in one game: Weng-Lin (OpenSkill) skill `mu` with
/// uncertainty `sigma`, shown as the conservative `rating` = mu - 3 sigma.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PlayerRating {
    /// The rating key: the game (`magneton`), Magma with its number of
    /// players (`magma-4`).
    pub game: String,
    /// mu - 3 sigma, rounded to two decimals.
    pub rating: f64,
    pub mu: f64,
    pub sigma: f64,
    /// Rated games played.
    pub games: u32,
    /// Fewer than 5 rated games, or sigma still above 5: the number says
    /// little yet.
    pub provisional: bool,
}

/// A finished game on a player's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RecentGame {
    pub room: String,
    /// The rating key (`magneton`, `magma-4`).
    pub game: String,
    /// `win`, `loss` or `draw`.
    pub result: String,
    pub rated: bool,
    /// Unix milliseconds.
    pub finished_at: u64,
    /// Where the browser shows the game from its start
    /// (`#/room/<id>/ply/0`).
    pub replay: String,
}

/// The answer of `GET /api/leaderboard?game=…`: the best players by
/// conservative rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Leaderboard {
    pub game: String,
    pub players: Vec<LeaderboardEntry>,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LeaderboardEntry {
    /// From 1.
    pub rank: u32,
    pub id: String,
    pub name: String,
    /// mu - 3 sigma, rounded to two decimals.
    pub rating: f64,
    pub games: u32,
    pub provisional: bool,
    /// Whether the player is a bot account (absent when not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub bot: bool,
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Seats are being taken.
    Open,
    Playing,
    Finished,
    /// Closed for good without a result: its owner closed it before the
    /// start, or its game was aborted. The last update a watcher gets.
    Closed,
}

/// A seat of a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SeatState {
    pub seat: u8,
    /// The seat's name in the game (`white`, `red`, `3`).
    pub name: String,
    /// The colour the seat plays (Magma: its team's colour; otherwise the
    /// seat's own).
    pub color: String,
    /// Seats on the same team share this number (Magma); otherwise each
    /// seat is its own team.
    pub team: u8,
    pub player: Option<Guest>,
    /// Whether the player has a connection watching the room now.
    pub connected: bool,
    /// Whether the player is a computer player (absent when not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub bot: bool,
    /// Whether the player is a bot account: an account a program plays
    /// through the protocol (absent when not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub bot_account: bool,
    /// The player's name as shown in this room: its name, with a short
    /// tag (` (2)`, ` (3)`...) when someone else in the room has the same
    /// name; absent when it is the name itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub shown_as: Option<String>,
    /// Whether the player has been away (no connection) for the grace
    /// period during the game; absent when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub absent: bool,
    /// Whether a bot plays this absent person's seat now (the room's
    /// option `absent` is `bot`): the seat's moves are the bot's until the
    /// person returns; absent when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub stand_in: bool,
}

/// How the people at the table (rather than the board) ended a game or a
/// room: `how`, and the seat that did it or that it happened to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct EndState {
    pub how: EndHow,
    /// `resigned`, `out_of_time`: the seat that lost so; `claimed`: the
    /// absent seat the game was claimed from; `draw_agreed`: the seat that
    /// accepted the offer; `aborted`: the seat that aborted. Absent for the
    /// others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seat: Option<u8>,
}

/// What ended a game or a room at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndHow {
    /// A seat resigned.
    Resigned,
    /// A seat's time on the room's clock ran out.
    OutOfTime,
    /// Another seat claimed the game from a seat absent on its turn.
    Claimed,
    /// A draw offer was accepted.
    DrawAgreed,
    /// A seat aborted the game before every seat had moved: no result.
    Aborted,
    /// The room's owner closed the room before the start.
    Closed,
    /// Every person stayed away too long: no result.
    Abandoned,
    /// Nobody started the game in time.
    Expired,
}

/// The whole room as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RoomState {
    pub id: String,
    pub game: String,
    pub options: BTreeMap<String, String>,
    pub public: bool,
    /// The invite code of a private room, shown to its seated players.
    pub invite: Option<String>,
    pub status: RoomStatus,
    /// SHA-256 (hex) of the room's random seed, the same from the room's
    /// creation on: chance (Magnet's dealt setups) draws only from that
    /// seed (docs/protocol.md, "Commitments").
    pub seed_commitment: String,
    /// The seed itself, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seed: Option<String>,
    pub seats: Vec<SeatState>,
    /// The viewer's seat, or none for a spectator.
    pub you: Option<u8>,
    /// The guest who owns the room (adds and removes bots, kicks, closes
    /// it before the start); absent when nobody does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub owner: Option<Guest>,
    /// The game, once started.
    pub play: Option<PlayState>,
    /// After the end: the rematch proposed, who has accepted, and the new
    /// room once it opened; absent when none is proposed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rematch: Option<RematchState>,
    /// How the table ended the game or the room, when it was not the
    /// board (a resignation, a loss on time or by a claim, a draw agreed,
    /// an abort, the owner's close, an abandonment); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ended: Option<EndState>,
}

/// The game part of a room, filtered for one viewer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PlayState {
    /// The position in the game's position format, as the viewer may see it.
    pub position: String,
    /// The game's board as structured data for drawing (per game; see
    /// docs/protocol.md). Kept as JSON text: the server builds it once and
    /// sends it to every viewer who sees the same board.
    #[ts(type = "Board")]
    #[schemars(with = "Board")]
    pub board: RawJson,
    /// The seats that may act now.
    pub to_act: Vec<u8>,
    /// The actions offered to the viewer, if it may act now: every legal
    /// action, except in Magnet (one per turn the player can tell apart;
    /// nothing during the setup, which the client composes).
    pub legal: Vec<String>,
    /// Magnet: for an offered action, the vertices it may add as
    /// promotions (`<action> +V,W`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub promotions: BTreeMap<String, Vec<String>>,
    /// The log from ply `moves_from + 1` on, hidden actions without their
    /// text. The first update a watcher gets has the whole log
    /// (`moves_from` 0); later ones usually carry only the new actions, to
    /// be appended after the first `moves_from` entries the client has. A
    /// client holding fewer than `moves_from` entries watches again.
    pub moves: Vec<MoveEntry>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub moves_from: u32,
    pub outcome: Option<OutcomeState>,
    /// The running turn timer.
    pub clock: Option<ClockState>,
    /// The room's clocks (option `clock`), one per seat in seat order;
    /// absent without a clock.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<SeatClock>>", optional)]
    pub clocks: Vec<SeatClock>,
    /// The seat whose draw offer is waiting for an answer; absent when
    /// none is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub draw_offer: Option<u8>,
    /// The last action of the log and what it did, as the viewer may know
    /// it; absent before the first action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last: Option<LastAction>,
    /// For the seat to act: its offered actions that lose at once or let
    /// an opponent win on the spot when another would not, judged from
    /// its own knowledge; absent when empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub risks: BTreeMap<String, RiskState>,
}

impl PlayState {
    /// The board as a JSON value, to look into.
    pub fn board_value(&self) -> serde_json::Value {
        self.board.value()
    }

    /// The offered actions with the extras each may add (Magnet's
    /// promotions), as `lodestone_rules::AnyGame::offers` gives them.
    pub fn offers(&self) -> Vec<(String, Vec<String>)> {
        self.legal
            .iter()
            .map(|a| (a.clone(), self.promotions.get(a).cloned().unwrap_or_default()))
            .collect()
    }
}

impl RoomState {
    /// The options as `(key, value)` pairs.
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    /// What a bot playing the receiving seat knows when that seat is to
    /// act: the game, options, seat, position text and offers. `None` when
    /// the viewer holds no seat, is not to act, or the game is not known.
    pub fn situation(&self) -> Option<lodestone_rules::bot::Situation> {
        let (play, seat) = (self.play.as_ref()?, self.you?);
        if self.status != RoomStatus::Playing || !play.to_act.contains(&seat) {
            return None;
        }
        Some(lodestone_rules::bot::Situation::new(
            self.game.parse().ok()?,
            self.option_pairs(),
            lodestone_rules::Seat(seat),
            play.position.clone(),
            play.offers(),
        ))
    }

    /// The milliseconds left on the receiving seat's turn timer, if it is
    /// running for that seat.
    pub fn time_left(&self) -> Option<u64> {
        let clock = self.play.as_ref()?.clock.as_ref()?;
        (Some(clock.seat) == self.you).then_some(clock.remaining_ms)
    }
}

/// A piece of JSON kept as text: written into a message as it is (built
/// once, sent to many), read from a message as any JSON value.
#[derive(Clone, Debug)]
pub struct RawJson(Box<serde_json::value::RawValue>);

impl RawJson {
    /// `value` as JSON.
    pub fn new<T: Serialize + ?Sized>(value: &T) -> RawJson {
        RawJson(serde_json::value::to_raw_value(value).expect("a value serialises"))
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// The JSON as a value, to look into.
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.0.get()).expect("the text is JSON")
    }
}

impl PartialEq for RawJson {
    fn eq(&self, other: &RawJson) -> bool {
        self.get() == other.get()
    }
}

impl Serialize for RawJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RawJson {
    /// Through a `Value`, which (unlike a raw value) can be read inside a
    /// message tagged by its `type`.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RawJson, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(RawJson::new(&value))
    }
}

/// One action of the game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct MoveEntry {
    /// From 1.
    pub ply: u32,
    pub seat: u8,
    /// The action in notation; absent (not `null`) while it is secret
    /// from the viewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub action: Option<String>,
    /// For a secret action: SHA-256 (hex) of `<salt>:<action>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub commitment: Option<String>,
    /// The salt (hex), revealed when the game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub salt: Option<String>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OutcomeState {
    /// `white wins (four in a row)`, `draw (threefold repetition)`.
    pub result: String,
    pub winners: Vec<u8>,
}

/// One seat's time on the room's clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SeatClock {
    pub seat: u8,
    /// Milliseconds left when the update was sent.
    pub remaining_ms: u64,
    /// Whether it is counting down now (the seat is to act).
    pub running: bool,
}

/// A running turn timer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ClockState {
    pub seat: u8,
    /// Milliseconds left when the update was sent.
    pub remaining_ms: u64,
}

/// Reads a client message, saying what is wrong in a reply the server can
/// send as is (with the message's id when it has one).
pub fn parse_client_message(text: &str) -> Result<ClientMessage, ServerMessage> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(error(
            None,
            codes::TOO_LARGE,
            format!(
                "the message has {} bytes; the limit is {MAX_MESSAGE_BYTES}",
                text.len()
            ),
        ));
    }
    // The common case, a well-formed message, is read once; only a bad one
    // is read again as plain JSON to say what is wrong.
    if let Ok(message) = serde_json::from_str::<ClientMessage>(text) {
        return check(message);
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| error(None, codes::BAD_JSON, format!("the message is not JSON: {e}")))?;
    let id = value
        .get("id")
        .and_then(|v| serde_json::from_value::<RequestId>(v.clone()).ok());
    if !value.is_object() {
        return Err(error(
            id,
            codes::BAD_MESSAGE,
            "a message is a JSON object with a \"type\"",
        ));
    }
    let message = serde_json::from_value(value).map_err(|e| error(id, codes::BAD_MESSAGE, format!("{e}")))?;
    check(message)
}

/// What the types cannot say: a `hello` names a guest by a name or a token.
fn check(message: ClientMessage) -> Result<ClientMessage, ServerMessage> {
    match message {
        ClientMessage::Hello {
            id,
            name: None,
            token: None,
            ..
        } => Err(error(
            Some(id),
            codes::BAD_MESSAGE,
            "hello needs a name (a new guest) or a token (a guest coming back)",
        )),
        message => Ok(message),
    }
}

/// An `error` message.
pub fn error(id: Option<RequestId>, code: Code, message: impl Into<String>) -> ServerMessage {
    ServerMessage::Error {
        id,
        code,
        message: message.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_message_and_reports_bad_ones() {
        let m = parse_client_message(r#"{"type":"act","id":7,"room":"r","action":"D4"}"#).unwrap();
        assert_eq!(m.id(), &RequestId::Number(7));
        let code = |text: &str| match parse_client_message(text) {
            Err(ServerMessage::Error { id, code, .. }) => (id, code),
            other => panic!("{other:?}"),
        };
        assert_eq!(code("{nope"), (None, Code::BadJson));
        assert_eq!(code("[1]"), (None, Code::BadMessage));
        assert_eq!(
            code(r#"{"type":"dance","id":"a"}"#),
            (Some(RequestId::Text("a".into())), Code::BadMessage)
        );
        assert_eq!(
            code(r#"{"type":"act","id":3}"#),
            (Some(RequestId::Number(3)), Code::BadMessage)
        );
        assert_eq!(code(&"x".repeat(MAX_MESSAGE_BYTES + 1)), (None, Code::TooLarge));
    }

    #[test]
    fn a_hello_names_a_guest_by_name_or_token() {
        let refused = parse_client_message(r#"{"type":"hello","id":1,"protocol":1}"#);
        assert!(
            matches!(&refused, Err(ServerMessage::Error { id: Some(RequestId::Number(1)), code: Code::BadMessage, message })
                if message.contains("a name") && message.contains("a token")),
            "{refused:?}"
        );
        assert!(parse_client_message(r#"{"type":"hello","id":1,"protocol":1,"token":"t"}"#).is_ok());
    }

    #[test]
    fn option_values_may_be_numbers_and_booleans() {
        let text = r#"{"type":"create_room","id":1,"game":"magma","options":{"players":3,"teams":true,"timer":"hot","x":1.5}}"#;
        let Ok(ClientMessage::CreateRoom { options, .. }) = parse_client_message(text) else {
            panic!("refused: {text}");
        };
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            pairs,
            [
                ("players", "3"),
                ("teams", "true"),
                ("timer", "hot"),
                ("x", "1.5")
            ]
        );
        for bad in [
            r#"{"players":null}"#,
            r#"{"players":[3]}"#,
            r#"{"players":{"n":3}}"#,
        ] {
            let text = format!(r#"{{"type":"create_room","id":2,"game":"magma","options":{bad}}}"#);
            assert!(
                matches!(
                    parse_client_message(&text),
                    Err(ServerMessage::Error {
                        code: Code::BadMessage,
                        ..
                    })
                ),
                "{text}"
            );
        }
    }

    #[test]
    fn a_secret_move_has_no_action_field() {
        let entry = MoveEntry {
            ply: 1,
            seat: 1,
            action: None,
            commitment: Some("c".into()),
            salt: None,
        };
        assert_eq!(
            serde_json::to_string(&entry).unwrap(),
            r#"{"ply":1,"seat":1,"commitment":"c"}"#
        );
        assert_eq!(SeatRef::Name("purple".into()).to_string(), "purple");
        assert_eq!(SeatRef::Index(2).to_string(), "2");
    }
}
