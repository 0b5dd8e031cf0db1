//! The details of a refusal (`detail` of an `error`): its values, typed,
//! so that every language says the refusal with them (the server's
//! `message` is English, or the client's language when it said one in
//! `hello`). A program may read them too: how long a ban lasts, who keeps
//! a rated game from starting. Refusals without details have none.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::request_id::RequestId;

/// The details of a refusal, by `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Detail {
    /// `banned`: the account (or, with `address`, the address) is banned
    /// by a moderator for `reason`, for as long as `until` and `minutes`
    /// say ([`Lasting`]).
    Banned {
        address: bool,
        reason: String,
        #[serde(flatten)]
        lasting: Lasting,
    },
    /// `timed-out`: a moderator stopped the guest's chat for `reason`, for
    /// as long as `until` and `minutes` say ([`Lasting`]). `vacation`: the
    /// chat line refused is a vacation's message.
    TimedOut {
        reason: String,
        #[serde(flatten)]
        lasting: Lasting,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(optional, as = "Option<bool>")]
        vacation: bool,
    },
    /// `rated-needs-accounts`: a computer player sits in a rated room.
    RatedBots,
    /// `rated-needs-accounts`: these players (`names`) are guests, not
    /// accounts.
    RatedGuests { names: Vec<String> },
    /// `rated-needs-accounts`: these players (`names`) are bot accounts
    /// and the room does not let bots play people rated.
    RatedBotAccounts { names: Vec<String> },
    /// `not-owner`: only the room's owner (`owner`, its name, when the
    /// room has one) may do `action`.
    NotOwner {
        action: Action,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        owner: Option<String>,
    },
    /// `not-owner`: only the tournament's organizer (`organizer`, its
    /// name) may do `action`.
    NotOrganizer { action: Action, organizer: String },
    /// `already-started`: the game (or tournament) has started, so
    /// `action` can no longer be done.
    AlreadyStarted { action: Action },
    /// `no-such-seat`: `game` has no seat `seat`; its seats are `seats`.
    NoSuchSeat {
        game: String,
        seat: String,
        seats: Vec<String>,
    },
    /// `seat-taken`: `seat` is held by `name`.
    SeatTaken { seat: String, name: String },
    /// `already-seated`: the requester holds `seat` in this room already.
    AlreadySeated { seat: String },
    /// `seat-empty`: nobody holds `seat`.
    SeatEmpty { seat: String },
    /// `not-a-bot`: `name` at `seat` is a person, not a computer player.
    NotABot { seat: String, name: String },
    /// `seats-not-full`: `count` seats are still free.
    SeatsNotFull { count: u64 },
    /// `moved-on`: the action was chosen when the room was at version
    /// `seen`; it is at version `now`.
    MovedOn { seen: u64, now: u64 },
    /// `chat-too-long`: a chat line has at most `max` characters; this
    /// one has `length`.
    ChatTooLong { max: u64, length: u64 },
    /// `rated-banned`: the account may not play rated games, for `reason`
    /// (abandoned games, or a moderator's), for as long as `until` and
    /// `minutes` say ([`Lasting`]).
    RatedBanned {
        reason: String,
        #[serde(flatten)]
        lasting: Lasting,
    },
    /// `bad-message`: a moderator's reason or note has at most `max`
    /// characters; this one has `length`.
    ReasonTooLong { max: u64, length: u64 },
    /// `too-many-rooms`: the guest (or, with `address`, its address) has
    /// `count` open rooms, as many as it may.
    TooManyRooms { count: u64, address: bool },
    /// `too-many-watched`: the connection watches `count` rooms, as many
    /// as it may.
    TooManyWatched { count: u64 },
    /// `too-many-guests`: the address made `count` new guests in the last
    /// hour, as many as it may.
    TooManyGuests { count: u64 },
    /// `rate-limited`: more than `count` new connections a minute came
    /// from the address (the `connect-rate` limit).
    ConnectRate { count: u64 },
    /// `rate-limited`: more than `count` requests a minute came from the
    /// address (the `request-rate` limit).
    RequestRate { count: u64 },
    /// `rate-limited`: more than `count` messages a second came over the
    /// connection.
    MessageRate { count: u64 },
    /// `chat-rate-limited`: more than `count` chat lines a minute came
    /// from the person, in all rooms.
    ChatRate { count: u64 },
    /// `rate-limited`: the requester has `count` reports waiting for a
    /// moderator, as many as it may.
    OpenReports { count: u64 },
    /// `too-many-logins`: at most `account` logins a minute for one
    /// account and `address` from one address.
    TooManyLogins { account: u64, address: u64 },
    /// `too-many-tokens`: an account has at most `count` API tokens.
    TooManyTokens { count: u64 },
    /// `too-many-subscriptions`: the guest has `count` push subscriptions,
    /// as many as it may.
    TooManySubscriptions { count: u64 },
    /// `too-many-webhooks`: there are `count` webhooks here, as many as
    /// there may be.
    TooManyWebhooks { count: u64 },
    /// `too-early`: a tournament needs at least `count` players to start.
    TooFewPlayers { count: u64 },
    /// `too-early`: a team tournament needs two complete teams to start.
    TooFewTeams,
    /// `name-taken`: an account is named `name` already.
    NameTaken { name: String },
    /// `unknown-player`: no player is named (or has the id) `name`.
    UnknownPlayer { name: String },
    /// `unknown-room`: there is no room `room`.
    UnknownRoom { room: String },
    /// `unknown-room`: room `room` is not available now (try again).
    RoomUnavailable { room: String },
    /// `unknown-room`: room `room`'s record cannot be read.
    RoomUnreadable { room: String },
    /// `unknown-room`: room `room` cannot be replayed now (try again).
    ReplayUnavailable { room: String },
    /// `unknown-game`: a leaderboard's `?game=` is one of `keys` (the
    /// rating keys: a game, or a game and its variant).
    RatingGames { keys: Vec<String> },
    /// `unknown-report`: there is no open report `report` (moderators).
    UnknownReport { report: String },
    /// `unknown-report`: there is no sanction `sanction` (moderators).
    UnknownSanction { sanction: String },
    /// `bad-message`: `address` (as given to a ban) is not an IP address.
    NotAnAddress { address: String },
    /// `bad-message`: a report names line `seq`, which is not a chat line
    /// of its room that the reporter can read.
    UnknownChatLine { seq: u64 },
    /// `bad-vacation`: a vacation lasts 1 to `max` days.
    VacationLength { max: u64 },
    /// `on-vacation`: the account is on vacation until `until`
    /// (milliseconds since the Unix epoch) already.
    OnVacation { until: u64 },
    /// `vacation-used-up`: the account has `left` vacation days left of
    /// `max` in any 365 days.
    VacationUsedUp { left: u64, max: u64 },
    /// `bad-chat`: a chat line holds a bidirectional override or isolate,
    /// the character `code_point` (its Unicode number).
    ChatBidi { code_point: u32 },
    /// `no-rematch`: the rematch has opened already, in room `room`.
    RematchOpened { room: String },
    /// `unsupported-protocol`: the server speaks protocol `speaks`; the
    /// client asked for `asked`.
    ProtocolVersion { speaks: u32, asked: u32 },
    /// `storage-failure`: the store did not answer, so the server could
    /// not read `what`; try again.
    Unread { what: Stored },
    /// `bad-message`: request `id` went to the moderators' service but is
    /// not one of its messages.
    NotModeration { id: RequestId },
}

/// How long a ban or a chat timeout lasts: until `until` (milliseconds
/// since the epoch), `minutes` from now (rounded up); for good without
/// them. Its fields sit beside the detail's others on the wire.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Lasting {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub until: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub minutes: Option<u64>,
}

/// What a refused request would have done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Take a seat (`join`).
    TakeSeat,
    /// Leave a seat (`leave`).
    LeaveSeat,
    /// Seat a computer player (`add_bot`).
    SeatBot,
    /// Take a computer player out (`remove_bot`).
    RemoveBot,
    /// Free another player's seat (`kick`).
    FreeSeat,
    /// Close the room (`close`).
    CloseRoom,
    /// Start the game (`start`).
    StartGame,
    /// Take a player out of a tournament.
    RemovePlayer,
    /// Start a tournament.
    StartTournament,
    /// Enter a computer player in a tournament.
    EnterBot,
}

impl Action {
    /// The action as the wire names it (`seat-bot`), a catalogue's
    /// selector too.
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::TakeSeat => "take-seat",
            Action::LeaveSeat => "leave-seat",
            Action::SeatBot => "seat-bot",
            Action::RemoveBot => "remove-bot",
            Action::FreeSeat => "free-seat",
            Action::CloseRoom => "close-room",
            Action::StartGame => "start-game",
            Action::RemovePlayer => "remove-player",
            Action::StartTournament => "start-tournament",
            Action::EnterBot => "enter-bot",
        }
    }
}

/// What the server reads from its store to answer a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Stored {
    /// Which seated players are accounts (a rated game starting).
    Players,
    /// The room's own record (after a failed commit).
    Room,
    /// The reports (moderators).
    Reports,
    /// The sanctions in force (moderators).
    Sanctions,
    /// The audit log (admins).
    AuditLog,
}

impl Stored {
    /// The name the wire gives it (`audit-log`), a catalogue's selector
    /// too.
    pub const fn as_str(self) -> &'static str {
        match self {
            Stored::Players => "players",
            Stored::Room => "room",
            Stored::Reports => "reports",
            Stored::Sanctions => "sanctions",
            Stored::AuditLog => "audit-log",
        }
    }
}
