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
    /// The room exists, as its creation made it.
    Created(Creation),
    /// A guest took a seat, under the name it had then (a computer
    /// player: `bot`). During the game, a seat is taken only by a bot its
    /// player handed the seat to.
    SeatTaken { seat: Seat, player: Player },
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
    /// A line of chat.
    Chat(ChatSaid),
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

/// How a room was created: its game with canonical options, whether the
/// public list shows it, the invite code of a private room, and the
/// secret seed of its chance draws (revealed with the record once the
/// game ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Creation {
    pub game: GameKind,
    pub options: Vec<(String, String)>,
    pub public: bool,
    pub invite: Option<String>,
    pub seed: String,
    /// The guest who created the room and owns it (none in rooms
    /// stored before rooms had owners).
    pub owner: Option<Owner>,
    /// The room's clock (`none` in rooms stored before clocks).
    pub clock: TimeControl,
    /// The clock stops on Saturdays and Sundays, UTC (option
    /// `weekends=pause`).
    pub weekend_pause: bool,
    /// The seats may go berserk (room option `berserk`).
    pub berserk: bool,
    /// What happens when a player is absent.
    pub absent: AbsentPolicy,
    /// Whether the game changes its players' ratings (option `rated`).
    pub rated: bool,
    /// Whether bot accounts may play people rated (option
    /// `rated-bots`).
    pub rated_bots: bool,
    /// Who may watch, how far behind (options `spectators`,
    /// `spectator-delay`).
    pub spectators: Spectators,
}

/// A line of chat: who said it (under the name it had then, from its
/// seat or none), to whom, and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatSaid {
    pub guest: String,
    pub name: String,
    pub seat: Option<Seat>,
    pub to: ChatTo,
    pub text: String,
}

/// A guest acting in a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub name: String,
    /// A computer player (bots never own a room).
    pub bot: bool,
    /// A bot account: an account a program plays through the protocol
    /// (a person's seat in every other way).
    pub bot_account: bool,
}

impl Player {
    /// A person.
    pub fn person(id: impl Into<String>, name: impl Into<String>) -> Player {
        Player {
            id: id.into(),
            name: name.into(),
            bot: false,
            bot_account: false,
        }
    }

    pub(super) fn as_owner(&self) -> Owner {
        Owner {
            guest: self.id.clone(),
            name: self.name.clone(),
        }
    }
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

/// `FromStr` and `Display` for the values of room option `$option`, by
/// their words: in any case, spaces around them aside; an error lists the
/// words.
macro_rules! option_words {
    ($name:ident, $option:literal, { $($variant:ident = $word:literal),+ $(,)? }) => {
        impl FromStr for $name {
            type Err = String;

            fn from_str(text: &str) -> Result<$name, String> {
                choose($option, text, &[$(($name::$variant, $word)),+])
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self {
                    $($name::$variant => $word),+
                })
            }
        }
    };
}

option_words!(AbsentPolicy, "absent", { Wait = "wait", Claim = "claim", Bot = "bot" });

/// The value of option `option` whose word is `text`; an error listing
/// the words if none is.
fn choose<T: Copy>(option: &str, text: &str, words: &[(T, &str)]) -> Result<T, String> {
    let text = text.trim().to_ascii_lowercase();
    match words.iter().find(|(_, word)| *word == text) {
        Some((value, _)) => Ok(*value),
        None => {
            let listed: Vec<&str> = words.iter().map(|(_, word)| *word).collect();
            let (last, rest) = listed.split_last().expect("an option has values");
            Err(format!("{option} {text:?} is not {} or {last}", rest.join(", ")))
        }
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

option_words!(SpectatorPolicy, "spectators", { Public = "public", Link = "link", Off = "off" });

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
