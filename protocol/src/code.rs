//! The stable error codes of `error` messages: one enum for the server,
//! its bots, the CLI and (through the generated types) the browser. On the
//! wire a code is its kebab-case text (`illegal-action`); docs/protocol.md
//! has a table row for every one.

use std::fmt;

use lodestone_rules::ErrorCode;
use serde::{Deserialize, Serialize};

/// Defines `Code` with each variant's wire text, and `Code::ALL`, from one
/// list, so the list of every code cannot miss a variant.
macro_rules! codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $text:literal,)*) => {
        /// A stable error code: why a request was refused.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
        pub enum Code {
            $($(#[doc = $doc])* #[serde(rename = $text)] $variant,)*
        }

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code as it appears on the wire; never changes.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)*
                }
            }
        }
    };
}

codes! {
    /// The frame is not JSON.
    BadJson = "bad-json",
    /// JSON, but not a message (no or unknown `type`, missing or wrong
    /// fields, a binary frame, a `hello` with neither name nor token).
    BadMessage = "bad-message",
    /// A message over the size limit.
    TooLarge = "too-large",
    /// More messages than the per-connection rate allows.
    RateLimited = "rate-limited",
    /// `hello` with another protocol version.
    UnsupportedProtocol = "unsupported-protocol",
    /// A request before `hello`.
    NotIdentified = "not-identified",
    /// `hello` with a token that belongs to no guest.
    BadToken = "bad-token",
    /// `hello` with a name that is empty, too long, has control
    /// characters or bidirectional overrides, or shows nothing (only
    /// invisible characters).
    BadName = "bad-name",
    /// `create_room` with a game the server does not play.
    UnknownGame = "unknown-game",
    /// `create_room` with an option the game does not have, or a bad value.
    BadOption = "bad-option",
    /// `add_bot` with an unknown level.
    BadLevel = "bad-level",
    /// No room with that id.
    UnknownRoom = "unknown-room",
    /// A private room without (or with a wrong) invite.
    InviteRequired = "invite-required",
    /// `join` or `add_bot` naming a seat the game does not have.
    NoSuchSeat = "no-such-seat",
    /// `join` or `add_bot` naming a seat someone holds.
    SeatTaken = "seat-taken",
    /// `join` or `add_bot` without a seat when every seat is taken.
    RoomFull = "room-full",
    /// `join` naming another seat than the one the guest holds.
    AlreadySeated = "already-seated",
    /// `leave`, `start` or `act` without a seat in the room.
    NotSeated = "not-seated",
    /// `unwatch` of a room not watched.
    NotWatching = "not-watching",
    /// Seats can no longer change: the game has started.
    AlreadyStarted = "already-started",
    /// `act` before the game started.
    NotStarted = "not-started",
    /// `start` while a seat is free.
    SeatsNotFull = "seats-not-full",
    /// The server could not store the change; nothing changed.
    StorageFailure = "storage-failure",
    /// The rules: the game has ended.
    GameOver = "game-over",
    /// The rules: the seat may not act now.
    NotYourTurn = "not-your-turn",
    /// The rules: the kind of action does not belong to the current phase.
    WrongPhase = "wrong-phase",
    /// The rules: the action is forbidden here.
    IllegalAction = "illegal-action",
    /// The rules: the action belongs to another game.
    WrongGame = "wrong-game",
    /// The rules: the text is not an action in the game's notation.
    BadNotation = "bad-notation",
    /// `act`, `resign`, `offer_draw`, `answer_draw`, `abort` or `claim`
    /// with an `at` older than the room: it changed since the client
    /// chose (perhaps by this very request, sent before and carried out).
    /// Nothing changed; the client reads the room's state.
    MovedOn = "moved-on",
    /// `create_room` when the guest, or its address, has as many open
    /// rooms as it may.
    TooManyRooms = "too-many-rooms",
    /// `join` or `watch` of one more room than a connection may watch.
    TooManyWatched = "too-many-watched",
    /// `hello` making a new guest when the address has made its new guests
    /// for the hour.
    TooManyGuests = "too-many-guests",
    /// HTTP 503: the server has as many connections as it takes.
    ServerFull = "server-full",
    /// HTTP 429: the address has as many connections open as it may.
    TooManyConnections = "too-many-connections",
    /// HTTP 403: a page of another origin tried to open a WebSocket.
    OriginNotAllowed = "origin-not-allowed",
    /// HTTP 400: a token in the address of a request.
    TokenInUrl = "token-in-url",
    /// Only the room's owner may do this (add or remove a bot, kick a
    /// seat, close the room).
    NotOwner = "not-owner",
    /// Not yet: `claim` before the room's policy allows one.
    TooEarly = "too-early",
    /// No longer: `abort` once every seat has made its first move.
    TooLate = "too-late",
    /// `offer_draw` in a game without draws by agreement (Magma, which
    /// has its own vote to end).
    NoDrawOffers = "no-draw-offers",
    /// `answer_draw` with no offer from another seat waiting.
    NoOffer = "no-offer",
    /// `offer_draw` while an offer is already waiting.
    OfferPending = "offer-pending",
    /// `berserk` in a room that does not offer it (no option
    /// `berserk=on`), a second time, or after the seat's first action.
    NoBerserk = "no-berserk",
    /// `remove_bot` naming a seat that a person holds.
    NotABot = "not-a-bot",
    /// `remove_bot` or `kick` naming a free seat.
    SeatEmpty = "seat-empty",
    /// `replay` of a ply past the end of the room's log.
    BadPly = "bad-ply",
    /// `chat` while the room's chat is off.
    ChatOff = "chat-off",
    /// `chat` with empty text, or with control characters or
    /// bidirectional overrides.
    BadChat = "bad-chat",
    /// `chat` with more than 500 characters.
    ChatTooLong = "chat-too-long",
    /// `chat` more often than a person may.
    ChatRateLimited = "chat-rate-limited",
    /// `chat` to `team` in a game without teams.
    NoTeams = "no-teams",
    /// `chat` to `spectators` from a seated player.
    SpectatorsOnly = "spectators-only",
    /// `rematch` when none can be had: the game is not over, it ended
    /// without a result, the time for one has passed, or one has opened.
    NoRematch = "no-rematch",
    /// `register` with a password shorter than 8 or longer than 128
    /// characters.
    BadPassword = "bad-password",
    /// `register` with a name an account has already (names are compared
    /// without regard to case).
    NameTaken = "name-taken",
    /// `register` from a connection that is an account already.
    AlreadyRegistered = "already-registered",
    /// `login` with a name no account has, or a wrong password (the same
    /// answer for both).
    BadLogin = "bad-login",
    /// `login` too often for the account or from the address; wait a
    /// minute.
    TooManyLogins = "too-many-logins",
    /// A rated room: a seat held by a guest that is not an account, or a
    /// bot (`start`, `add_bot`).
    RatedNeedsAccounts = "rated-needs-accounts",
    /// `GET /api/players/{id}`: no player with that id (also a
    /// moderation message naming nobody).
    UnknownPlayer = "unknown-player",
    /// HTTP 403: an account's settings asked by a guest that is not an
    /// account.
    NotAnAccount = "not-an-account",
    /// HTTP 409: marking an account a bot when it has rated games.
    HasRatings = "has-ratings",
    /// HTTP 403: an API token asked for by an account that is not a bot.
    NotABotAccount = "not-a-bot-account",
    /// HTTP 409: a new API token when the account has as many as it may.
    TooManyTokens = "too-many-tokens",
    /// HTTP 404: revoking an API token the account does not have.
    UnknownToken = "unknown-token",
    /// HTTP 403: an account's settings asked with an API token (they need
    /// the token of a device that logged in).
    LoginRequired = "login-required",
    /// A moderation message from someone without the role it needs
    /// (every `admin_*` message from a player; the admins' own from a
    /// moderator). Nothing changed.
    NotAllowed = "not-allowed",
    /// The account or the address is banned: the message says why and
    /// until when; the connection then ends.
    Banned = "banned",
    /// `chat` from a player a moderator has timed out (in the room, or
    /// everywhere); the message says until when.
    TimedOut = "timed-out",
    /// `join` at a table with a player who blocks you or whom you block;
    /// `rematch` with such a player.
    Blocked = "blocked",
    /// A rated room (`create_room`, `join`) while banned from rated play
    /// for abandoning games; the message says until when.
    RatedBanned = "rated-banned",
    /// `watch` or `replay` by a spectator of a room whose `spectators`
    /// option is `off` while its game runs.
    NoSpectators = "no-spectators",
    /// `chat` to `spectators` in a game whose player has muted its
    /// spectators.
    SpectatorsMuted = "spectators-muted",
    /// A moderation message naming a report or a sanction that does not
    /// exist (or is closed already).
    UnknownReport = "unknown-report",
    /// `delete_account` (or `admin_delete`) while the player holds a seat
    /// in a game that is not over.
    InGame = "in-game",
    UnknownTournament = "unknown-tournament",
    TournamentFull = "tournament-full",
    NotInvited = "not-invited",
    BotsNotAllowed = "bots-not-allowed",
    TooManyTournaments = "too-many-tournaments",
    NotEntered = "not-entered",
    /// `push_subscribe` with an endpoint that is not a URL, or keys that
    /// are not a P-256 public key and a 16-byte secret.
    BadSubscription = "bad-subscription",
    /// `push_subscribe` with an endpoint outside the push services the
    /// server accepts (`https://` ones, and `--push-origin`s).
    EndpointNotAllowed = "endpoint-not-allowed",
    /// `push_subscribe` beyond the subscriptions a guest may have.
    TooManySubscriptions = "too-many-subscriptions",
    /// `set_webhook` with a URL that is not `http(s)://`, or too long.
    BadWebhook = "bad-webhook",
    /// `set_webhook` with a URL whose host is a loopback, private or
    /// link-local address (unless the server allows them).
    AddressNotAllowed = "address-not-allowed",
    /// `set_webhook` beyond the webhooks a room or account may have.
    TooManyWebhooks = "too-many-webhooks",
    /// A request only an account may make (a webhook for all its games).
    AccountRequired = "account-required",
    /// `push_unsubscribe` or `delete_webhook` of something not set.
    NotSubscribed = "not-subscribed",
    /// `take_vacation` with no days, more than a year's allowance, or a
    /// message over 200 characters.
    BadVacation = "bad-vacation",
    /// `take_vacation` for more days than the account has left this year.
    VacationUsedUp = "vacation-used-up",
    /// `take_vacation` while on vacation already.
    OnVacation = "on-vacation",
    /// `end_vacation` while not on vacation.
    NotOnVacation = "not-on-vacation",
    /// `join_tournament` (or `add_tournament_bot`) naming a team of an
    /// event of fixed teams that has all its players already.
    TeamFull = "team-full",
    /// `join_tournament` in an event of fixed teams without a `team`, or
    /// with a team name that is empty, too long or has control characters;
    /// or a `team` in an event without teams.
    BadTeam = "bad-team",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<ErrorCode> for Code {
    fn from(code: ErrorCode) -> Code {
        match code {
            ErrorCode::GameOver => Code::GameOver,
            ErrorCode::NotYourTurn => Code::NotYourTurn,
            ErrorCode::WrongPhase => Code::WrongPhase,
            ErrorCode::IllegalAction => Code::IllegalAction,
            ErrorCode::WrongGame => Code::WrongGame,
        }
    }
}

/// A code equals its wire text (`Code::RoomFull == "room-full"`).
impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// The codes under the names the server used when they were text, so a
/// call site reads `codes::ROOM_FULL` either way.
pub mod codes {
    use super::Code;

    pub const BAD_JSON: Code = Code::BadJson;
    pub const BAD_MESSAGE: Code = Code::BadMessage;
    pub const TOO_LARGE: Code = Code::TooLarge;
    pub const RATE_LIMITED: Code = Code::RateLimited;
    pub const UNSUPPORTED_PROTOCOL: Code = Code::UnsupportedProtocol;
    pub const NOT_IDENTIFIED: Code = Code::NotIdentified;
    pub const BAD_TOKEN: Code = Code::BadToken;
    pub const BAD_NAME: Code = Code::BadName;
    pub const UNKNOWN_GAME: Code = Code::UnknownGame;
    pub const BAD_OPTION: Code = Code::BadOption;
    pub const UNKNOWN_ROOM: Code = Code::UnknownRoom;
    pub const INVITE_REQUIRED: Code = Code::InviteRequired;
    pub const SEAT_TAKEN: Code = Code::SeatTaken;
    pub const NO_SUCH_SEAT: Code = Code::NoSuchSeat;
    pub const ROOM_FULL: Code = Code::RoomFull;
    pub const ALREADY_SEATED: Code = Code::AlreadySeated;
    pub const NOT_SEATED: Code = Code::NotSeated;
    pub const NOT_WATCHING: Code = Code::NotWatching;
    pub const ALREADY_STARTED: Code = Code::AlreadyStarted;
    pub const NOT_STARTED: Code = Code::NotStarted;
    pub const SEATS_NOT_FULL: Code = Code::SeatsNotFull;
    pub const STORAGE: Code = Code::StorageFailure;
    pub const BAD_LEVEL: Code = Code::BadLevel;
    pub const GAME_OVER: Code = Code::GameOver;
    pub const BAD_NOTATION: Code = Code::BadNotation;
    pub const MOVED_ON: Code = Code::MovedOn;
    pub const TOO_MANY_ROOMS: Code = Code::TooManyRooms;
    pub const TOO_MANY_WATCHED: Code = Code::TooManyWatched;
    pub const TOO_MANY_GUESTS: Code = Code::TooManyGuests;
    pub const SERVER_FULL: Code = Code::ServerFull;
    pub const TOO_MANY_CONNECTIONS: Code = Code::TooManyConnections;
    pub const ORIGIN_NOT_ALLOWED: Code = Code::OriginNotAllowed;
    pub const TOKEN_IN_URL: Code = Code::TokenInUrl;
    pub const NOT_OWNER: Code = Code::NotOwner;
    pub const TOO_EARLY: Code = Code::TooEarly;
    pub const TOO_LATE: Code = Code::TooLate;
    pub const NO_DRAW_OFFERS: Code = Code::NoDrawOffers;
    pub const NO_OFFER: Code = Code::NoOffer;
    pub const OFFER_PENDING: Code = Code::OfferPending;
    pub const NO_BERSERK: Code = Code::NoBerserk;
    pub const NOT_A_BOT: Code = Code::NotABot;
    pub const SEAT_EMPTY: Code = Code::SeatEmpty;
    pub const BAD_PLY: Code = Code::BadPly;
    pub const CHAT_OFF: Code = Code::ChatOff;
    pub const BAD_CHAT: Code = Code::BadChat;
    pub const CHAT_TOO_LONG: Code = Code::ChatTooLong;
    pub const CHAT_RATE_LIMITED: Code = Code::ChatRateLimited;
    pub const NO_TEAMS: Code = Code::NoTeams;
    pub const SPECTATORS_ONLY: Code = Code::SpectatorsOnly;
    pub const NO_REMATCH: Code = Code::NoRematch;
    pub const BAD_PASSWORD: Code = Code::BadPassword;
    pub const NAME_TAKEN: Code = Code::NameTaken;
    pub const ALREADY_REGISTERED: Code = Code::AlreadyRegistered;
    pub const BAD_LOGIN: Code = Code::BadLogin;
    pub const TOO_MANY_LOGINS: Code = Code::TooManyLogins;
    pub const RATED_NEEDS_ACCOUNTS: Code = Code::RatedNeedsAccounts;
    pub const UNKNOWN_PLAYER: Code = Code::UnknownPlayer;
    pub const NOT_AN_ACCOUNT: Code = Code::NotAnAccount;
    pub const HAS_RATINGS: Code = Code::HasRatings;
    pub const NOT_A_BOT_ACCOUNT: Code = Code::NotABotAccount;
    pub const TOO_MANY_TOKENS: Code = Code::TooManyTokens;
    pub const UNKNOWN_TOKEN: Code = Code::UnknownToken;
    pub const LOGIN_REQUIRED: Code = Code::LoginRequired;
    pub const NOT_ALLOWED: Code = Code::NotAllowed;
    pub const BANNED: Code = Code::Banned;
    pub const TIMED_OUT: Code = Code::TimedOut;
    pub const BLOCKED: Code = Code::Blocked;
    pub const RATED_BANNED: Code = Code::RatedBanned;
    pub const NO_SPECTATORS: Code = Code::NoSpectators;
    pub const SPECTATORS_MUTED: Code = Code::SpectatorsMuted;
    pub const UNKNOWN_REPORT: Code = Code::UnknownReport;
    pub const IN_GAME: Code = Code::InGame;
    pub const BAD_SUBSCRIPTION: Code = Code::BadSubscription;
    pub const ENDPOINT_NOT_ALLOWED: Code = Code::EndpointNotAllowed;
    pub const TOO_MANY_SUBSCRIPTIONS: Code = Code::TooManySubscriptions;
    pub const BAD_WEBHOOK: Code = Code::BadWebhook;
    pub const ADDRESS_NOT_ALLOWED: Code = Code::AddressNotAllowed;
    pub const TOO_MANY_WEBHOOKS: Code = Code::TooManyWebhooks;
    pub const ACCOUNT_REQUIRED: Code = Code::AccountRequired;
    pub const NOT_SUBSCRIBED: Code = Code::NotSubscribed;
    pub const BAD_VACATION: Code = Code::BadVacation;
    pub const VACATION_USED_UP: Code = Code::VacationUsedUp;
    pub const ON_VACATION: Code = Code::OnVacation;
    pub const NOT_ON_VACATION: Code = Code::NotOnVacation;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_text_is_the_listed_text() {
        for &code in Code::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{code}\""));
            assert_eq!(serde_json::from_str::<Code>(&json).unwrap(), code);
        }
        assert_eq!(Code::from(ErrorCode::IllegalAction), "illegal-action");
        assert_eq!(Code::BadNotation, lodestone_rules::NotationError::CODE);
    }

    #[test]
    fn the_rules_codes_keep_their_text() {
        for code in [
            ErrorCode::GameOver,
            ErrorCode::NotYourTurn,
            ErrorCode::WrongPhase,
            ErrorCode::IllegalAction,
            ErrorCode::WrongGame,
        ] {
            assert_eq!(Code::from(code), code.as_str());
        }
    }
}
