//! The lobby's and the HTTP API's answers: the room list's lines, the
//! games with their options, player pages and leaderboards.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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

impl OptionInfo {
    /// The option `key` with its `values`, the default first.
    fn new(key: &str, values: &[&str], help: &str) -> OptionInfo {
        OptionInfo {
            key: key.to_string(),
            values: values.iter().map(|v| v.to_string()).collect(),
            default: values[0].to_string(),
            help: help.to_string(),
        }
    }
}

/// The options of the room every game has, after the game's own: key,
/// values (the default first) and help.
const ROOM_OPTIONS: [(&str, &[&str], &str); 9] = [
    ("clock", CLOCK_VALUES, CLOCK_HELP),
    ("absent", &["wait", "claim", "bot"], ABSENT_HELP),
    ("chat", &["on", "off"], CHAT_HELP),
    ("rated", &["no", "yes"], RATED_HELP),
    ("rated-bots", &["no", "yes"], RATED_BOTS_HELP),
    ("spectators", &["public", "link", "off"], SPECTATORS_HELP),
    ("spectator-delay", SPECTATOR_DELAY_VALUES, SPECTATOR_DELAY_HELP),
    ("weekends", &["run", "pause"], WEEKENDS_HELP),
    ("berserk", &["off", "on"], BERSERK_HELP),
];

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
                    .map(|spec| OptionInfo::new(spec.key, spec.values, spec.help))
                    .chain(
                        ROOM_OPTIONS
                            .iter()
                            .map(|&(key, values, help)| OptionInfo::new(key, values, help)),
                    )
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

/// What the room option `weekends` does (docs/protocol.md, Clocks).
pub const WEEKENDS_HELP: &str = "whether the room's clocks stop at weekends: run, they do not; pause, no time is charged from Saturday 00:00 to Monday 00:00 UTC (needs a clock)";

/// What the room option `berserk` does (docs/protocol.md, `berserk`).
pub const BERSERK_HELP: &str = "whether a player may go berserk before its first move: half its starting time taken and no increment, for a point more on an arena win after seven moves of its own; on needs a clock with a bank of time (5+3, bank:10d+36h)";

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
