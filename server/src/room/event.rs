//! What happens to a room, as domain events. Every change of a room is one
//! event; the room core returns the events of each change, the room task
//! stores them (`room/stored.rs` maps them to rows) before anyone hears of
//! the change, and restoring a room is a fold over its events.
//!
//! New kinds (clocks, chat, rematch) are new variants here and new arms in
//! `stored.rs`; the table does not change.

use std::fmt;
use std::str::FromStr;

use lodestone_protocol::ChatTo;
use lodestone_rules::{AnyGame, GameKind, Millis, Seat};

use super::timing::TimeControl;

/// One change of a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    /// The room exists: its game with canonical options, whether the public
    /// list shows it, the invite code of a private room, and the secret
    /// seed of its chance draws (revealed with the record once the game
    /// ends).
    Created {
        game: GameKind,
        options: Vec<(String, String)>,
        public: bool,
        invite: Option<String>,
        seed: String,
        /// The guest who created the room and owns it (none in rooms
        /// stored before rooms had owners).
        owner: Option<Owner>,
        /// The room's clock (`none` in rooms stored before clocks).
        clock: TimeControl,
        /// The clock stops on Saturdays and Sundays, UTC (option
        /// `weekends=pause`).
        weekend_pause: bool,
        /// The seats may go berserk (room option `berserk`).
        berserk: bool,
        /// What happens when a player is absent.
        absent: AbsentPolicy,
        /// Whether the game changes its players' ratings (option `rated`).
        rated: bool,
        /// Whether bot accounts may play people rated (option
        /// `rated-bots`).
        rated_bots: bool,
        /// Who may watch, how far behind (options `spectators`,
        /// `spectator-delay`).
        spectators: Spectators,
    },
    /// A guest took a seat, under the name it had then; `bot` for a
    /// computer player. During the game, a seat is taken only by a bot its
    /// player handed the seat to.
    SeatTaken {
        seat: Seat,
        guest: String,
        name: String,
        bot: bool,
        /// The guest is a bot account.
        bot_account: bool,
    },
    /// A seat was given up before the start (left, kicked, a bot removed).
    SeatFreed { seat: Seat },
    /// The room has a new owner (or, with `None`, no owner).
    OwnerChanged { owner: Option<Owner> },
    /// The player of a seat now goes by another name.
    Renamed { seat: Seat, name: String },
    /// A seat resigned at the game's time `at`.
    Resigned { seat: Seat, at: Millis },
    /// A seat's time on the room's clock ran out at the game's time `at`.
    OutOfTime { seat: Seat, at: Millis },
    /// A seat went berserk (halved its own clock for a point more on a
    /// win) at the game's time `at`.
    Berserk { seat: Seat, at: Millis },
    /// A seat's player has been away for the grace period.
    Absent { seat: Seat },
    /// An absent seat's player is back.
    Returned { seat: Seat },
    /// A seat offered a draw.
    DrawOffered { seat: Seat, at: Millis },
    /// A seat answered the waiting draw offer: accepted (the game ends
    /// drawn) or declined.
    DrawAnswered { seat: Seat, accept: bool, at: Millis },
    /// A seat aborted the game before every seat had moved: no result;
    /// the room is closed for good.
    Aborted { seat: Seat },
    /// The owner closed the room before the start: it is gone for good.
    Closed,
    /// Every person seated in the game stayed absent too long: it ended
    /// without a result and the room is gone for good.
    Abandoned,
    /// The game started (the event's time is the game's time 0).
    Started,
    /// An accepted action of a seat (or chance, or the server's timer) in
    /// notation, at the game's time, with the salt of its commitment when
    /// it was secret.
    Action {
        seat: Seat,
        action: String,
        at: Millis,
        salt: Option<String>,
    },
    /// The game ended with this result line.
    Finished { result: String },
    /// Nobody started the open room in time: it is closed for good.
    Expired,
    /// A line of chat: who said it (under the name it had then, from its
    /// seat or none), to whom, and the text.
    Chat {
        guest: String,
        name: String,
        seat: Option<Seat>,
        to: ChatTo,
        text: String,
    },
    /// The room's chat was turned off or on (by its owner, or at the
    /// creation with the option `chat` off).
    ChatSet { on: bool },
    /// Seats accepted a rematch after the end (the first proposes it;
    /// bots accept with the proposer).
    RematchAccepted { seats: Vec<Seat> },
    /// A seat declined the rematch (or withdrew its proposal): nobody
    /// has accepted any more.
    RematchDeclined { seat: Seat },
    /// Every seat accepted: the rematch opened as room `room`.
    RematchOpened { room: String },
}

/// The guest who owns a room, under the name it had then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    pub guest: String,
    pub name: String,
}

/// An event with its place in the room's log and its wall-clock time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// From 1, one more for each event: the room's `version` once this
    /// event is in.
    pub seq: u64,
    /// Unix milliseconds.
    pub at: u64,
    pub event: RoomEvent,
}

/// What happens when a player is absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AbsentPolicy {
    /// Nothing: the game waits.
    #[default]
    Wait,
    /// The others may claim the game while an absent seat is to act.
    Claim,
    /// A bot plays an absent person's seat until the person returns.
    Bot,
}

impl FromStr for AbsentPolicy {
    type Err = String;

    fn from_str(text: &str) -> Result<AbsentPolicy, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "wait" => Ok(AbsentPolicy::Wait),
            "claim" => Ok(AbsentPolicy::Claim),
            "bot" => Ok(AbsentPolicy::Bot),
            other => Err(format!("absent {other:?} is not wait, claim or bot")),
        }
    }
}

impl fmt::Display for AbsentPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AbsentPolicy::Wait => "wait",
            AbsentPolicy::Claim => "claim",
            AbsentPolicy::Bot => "bot",
        })
    }
}

/// The most plies a spectator may be kept behind.
pub const MAX_DELAY: u32 = 100;

/// Who may watch without a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SpectatorPolicy {
    #[default]
    Public,
    /// Only with the room's invite (a public room gets one for this).
    Link,
    /// Nobody while the game is not over.
    Off,
}

impl FromStr for SpectatorPolicy {
    type Err = String;

    fn from_str(text: &str) -> Result<SpectatorPolicy, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "public" => Ok(SpectatorPolicy::Public),
            "link" => Ok(SpectatorPolicy::Link),
            "off" => Ok(SpectatorPolicy::Off),
            other => Err(format!("spectators {other:?} is not public, link or off")),
        }
    }
}

impl fmt::Display for SpectatorPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SpectatorPolicy::Public => "public",
            SpectatorPolicy::Link => "link",
            SpectatorPolicy::Off => "off",
        })
    }
}

/// A room's spectator options, as its creation fixed them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spectators {
    pub policy: SpectatorPolicy,
    /// Plies spectators are kept behind while the game runs.
    pub delay: u32,
}

impl Spectators {
    /// The options `spectators` and `spectator-delay` of a new room of
    /// `game`: the delay's default is one round of turns in a team game.
    pub fn from_options(
        options: &std::collections::BTreeMap<String, String>,
        game: &AnyGame,
    ) -> Result<Spectators, String> {
        let policy = match options.get("spectators") {
            Some(text) => text.parse()?,
            None => SpectatorPolicy::Public,
        };
        let delay = match options.get("spectator-delay") {
            Some(text) => match text.trim().parse::<u32>() {
                Ok(n) if n <= MAX_DELAY => n,
                _ => {
                    return Err(format!(
                        "spectator-delay {text:?} is not a number of plies from 0 to {MAX_DELAY}"
                    ));
                }
            },
            None if game.kind() == GameKind::Magma && has_teams(game) => game.seat_count() as u32,
            None => 0,
        };
        Ok(Spectators { policy, delay })
    }
}

fn has_teams(game: &AnyGame) -> bool {
    let n = game.seat_count();
    let teams: std::collections::BTreeSet<u8> = (0..n)
        .map(|i| game.team(lodestone_rules::Seat(i as u8)))
        .collect();
    teams.len() < n
}
