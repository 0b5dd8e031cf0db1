//! What clients send: `ClientMessage` and its parts, and how the server
//! reads one (`parse_client_message`), saying what is wrong in a reply it
//! can send as is.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::chat::ChatTo;
use crate::code::codes;
use crate::message::{RequestId, ServerMessage, error};
use crate::moderation::{ReportOutcome, Role};
use crate::notify::{NotifyEvent, PushKeys, WebhookFormat};
use crate::tournament::TournamentSpec;

/// The protocol version; a `hello` with another version is refused.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest client message the server reads, in bytes. Larger text gets
/// a `too-large` error (the connection stays open).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// [`peek_id`] reads the id only of a message this short.
const MAX_ID_PEEK_BYTES: usize = 1024;

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
        /// The language of the client's person (`fr`, `de-CH`,
        /// `fr_FR.UTF-8`): the server's sentences (errors, the pushes of
        /// subscriptions made on this connection) come in it where it has
        /// a catalogue, in English otherwise. Codes never change.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        lang: Option<String>,
        /// `false`: this client judges its own risks (a bot, a load
        /// generator), so `play.risks` may be left out of the updates of a
        /// seat that only such connections watch. Absent or `true`: they
        /// are sent as always.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        risks: Option<bool>,
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
        /// The room's `version` the client saw when it chose this (its
        /// latest `update`): if the room changed since (chat lines aside),
        /// the request is refused with `moved-on` and nothing changes.
        /// Absent: no such check. A client that sends an unanswered
        /// request again after a lost connection sends the same `at`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        at: Option<u64>,
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
    Resign {
        id: RequestId,
        room: String,
        /// As `act`'s `at`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        at: Option<u64>,
    },
    /// Halve one's own clock for a point more on a win (an arena's
    /// games: rooms with the option `berserk=on`), before one's first
    /// action.
    Berserk {
        id: RequestId,
        room: String,
        /// As `act`'s `at`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        at: Option<u64>,
    },
    /// Offer a draw to the other side (two-sided games, during play).
    OfferDraw {
        id: RequestId,
        room: String,
        /// As `act`'s `at`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        at: Option<u64>,
    },
    /// Accept (`true`) or decline (`false`) the other side's draw offer.
    AnswerDraw {
        id: RequestId,
        room: String,
        accept: bool,
        /// As `act`'s `at`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        at: Option<u64>,
    },
    /// End the game without a result, before every seat has made its first
    /// move (a seated player); the room closes.
    Abort {
        id: RequestId,
        room: String,
        /// As `act`'s `at`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        at: Option<u64>,
    },
    /// Claim the win over an absent player, when the room's policy allows.
    Claim {
        id: RequestId,
        room: String,
        /// As `act`'s `at`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        at: Option<u64>,
    },
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
    /// `tournament`. In an event of fixed teams, `team` names the team:
    /// a new name makes it, a team's name joins it while it has room.
    JoinTournament {
        id: RequestId,
        tournament: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        invite: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        team: Option<String>,
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
        /// An event of fixed teams: the bot's team (absent: the first
        /// team with room, else a team of its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        team: Option<String>,
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
    /// Go on vacation (an account) for `days` days from now, with a
    /// `message` the other players see: its correspondence clocks stop
    /// until then; answered with `vacation`.
    TakeVacation {
        id: RequestId,
        days: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        message: Option<String>,
    },
    /// Come back from vacation now (the days not begun are not counted);
    /// answered with `vacation`.
    EndVacation { id: RequestId },
    /// This account's vacation and the days left; answered with
    /// `vacation`.
    MyVacation { id: RequestId },
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

/// The match of [`ClientMessage::id`] over `$variant`s: every variant
/// has an `id`, and one left out of the list does not compile.
macro_rules! id_of {
    ($message:expr; $($variant:ident),* $(,)?) => {
        match $message {
            $(ClientMessage::$variant { id, .. })|* => id,
        }
    };
}

impl ClientMessage {
    pub fn id(&self) -> &RequestId {
        id_of!(
            self;
            Hello, ListRooms, CreateRoom, Join, Leave, Start, Watch, Unwatch, Act, AddBot, Resign,
            OfferDraw, Berserk, AnswerDraw, Abort, Claim, RemoveBot, Kick, CloseRoom, Ping, Replay,
            Rematch, Chat, SetChat, Register, Login, Block, Unblock, Preferences, SetPreferences, Report,
            ExportMyData, DeleteAccount, AdminOverview, AdminReports, AdminTakeReport, AdminResolveReport,
            AdminTimeout, AdminBan, AdminLift, AdminSanctions, AdminCloseRoom, AdminRename, AdminPlayer,
            AdminSetRole, AdminAudit, AdminExport, AdminDelete, CreateTournament, ListTournaments,
            WatchTournament, UnwatchTournament, JoinTournament, WithdrawTournament, StartTournament,
            RemoveFromTournament, AddTournamentBot, PushSubscribe, PushUnsubscribe, Visibility, SetWebhook,
            DeleteWebhook, MyTurns, TakeVacation, EndVacation, MyVacation,
        )
    }
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

/// The id of a short client message (at most `MAX_ID_PEEK_BYTES`), read
/// without checking the rest of it: for refusing a message without reading
/// it (reading a long one is the work a refusal may save).
pub fn peek_id(text: &str) -> Option<RequestId> {
    #[derive(Deserialize)]
    struct JustId {
        id: Option<RequestId>,
    }
    if text.len() > MAX_ID_PEEK_BYTES {
        return None;
    }
    serde_json::from_str::<JustId>(text).ok().and_then(|m| m.id)
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
