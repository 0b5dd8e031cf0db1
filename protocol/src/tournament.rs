//! Tournament messages' types: what `create_tournament` asks for
//! (`TournamentSpec`), a tournament as everyone sees it (`TournamentState`:
//! players, standings, rounds and their games), and a line of the
//! tournament list. docs/tournaments.md has the formats' rules.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TournamentFormat {
    /// Everyone meets everyone (Berger tables); `double` meets twice.
    RoundRobin,
    /// Rounds paired by score (two-seat games).
    Swiss,
    /// A fixed time; players are paired again as soon as they finish.
    Arena,
    /// Swiss-like rounds of Magma tables of 3–6 players, points by placing.
    Magma,
}

fn yes() -> bool {
    true
}

/// Teams fixed for a whole Magma event (`teams` of `create_tournament`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TournamentTeams {
    /// Teams of two players, paired and seated as one colour team at
    /// tables of four (two teams) or six (three teams).
    Pairs,
}

/// What `create_tournament` asks for. Limits: docs/tournaments.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentSpec {
    /// 1 to 60 characters.
    pub name: String,
    /// The game (`magneton`, `magma`, …).
    pub game: String,
    pub format: TournamentFormat,
    /// The game's options and the room options (`clock`, `absent`), as
    /// `create_room` takes them; every game of the event has them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(optional, as = "Option<BTreeMap<String, String>>")]
    pub options: BTreeMap<String, String>,
    /// Swiss and Magma events: the number of rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rounds: Option<u32>,
    /// Round robin: twice, the seats swapped in the second cycle.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub double: bool,
    /// Swiss: two games a round with the seats swapped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub two_games: bool,
    /// Arena: how long it lasts, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seconds: Option<u64>,
    /// Magma events: players a table (3–6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub table: Option<u32>,
    /// When it starts (unix milliseconds); none: when the organizer says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub starts_at: Option<u64>,
    /// Correspondence: each round is open this many days (the next round
    /// is paired then, or as soon as the round's games are over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub round_days: Option<u32>,
    /// Whether the games change ratings (every player an account).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub rated: bool,
    /// Listed for everyone; otherwise joined by its invite code.
    #[serde(default = "yes")]
    #[ts(optional, as = "Option<bool>")]
    pub public: bool,
    /// Whether computer players may enter.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub bots: bool,
    /// Only accounts may enter (not guests).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub accounts_only: bool,
    /// At most this many players (and the server's limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_players: Option<u32>,
    /// Whether players may join after the start, where the format allows
    /// (Swiss and Magma before the last round, the arena until its end).
    #[serde(default = "yes")]
    #[ts(optional, as = "Option<bool>")]
    pub late_join: bool,
    /// Magma events: teams fixed for the event (`pairs`); players enter
    /// naming their team (`join_tournament`'s `team`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub teams: Option<TournamentTeams>,
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Taking entries.
    Upcoming,
    Running,
    Finished,
}

/// A player's place in a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntrantStatus {
    /// Paired in every round.
    Active,
    /// Withdrew during the event (paired again after joining again).
    Paused,
    /// Removed by the organizer: never paired again.
    Removed,
}

/// One player of a tournament, in the order of entry (the seeding).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentPlayer {
    /// The guest id.
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub bot: bool,
    /// A bot account (a program playing through the protocol), entered
    /// where the tournament allows bots (absent when not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub bot_account: bool,
    pub status: EntrantStatus,
    /// Its team in an event of fixed teams.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub team: Option<String>,
}

/// One line of the standings, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct StandingRow {
    /// 1 for the first; players level on every tie-break share a place.
    pub place: u32,
    /// The guest id.
    pub player: String,
    pub name: String,
    pub points: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
    /// Arena only: the Elo-style performance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub performance: Option<i64>,
    #[serde(flatten)]
    pub tally: Tally,
    pub byes: u32,
    /// Arena: on a streak (two wins in a row; the next game counts double).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub on_fire: bool,
    /// Its team in an event of fixed teams.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub team: Option<String>,
}

/// One line of the team standings of an event of fixed teams, best first:
/// a team's points are its placing points (every member gets them), its
/// tie-breaks are counted between teams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TeamStandingRow {
    /// 1 for the first; teams level on every tie-break share a place.
    pub place: u32,
    pub team: String,
    /// Its members' guest ids, in the order of entry.
    pub members: Vec<String>,
    pub points: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
    #[serde(flatten)]
    pub tally: Tally,
}

/// A line of the standings' games and how they went (sent as the row's own
/// fields): each game is a win, a draw or a loss; a bye is none of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Tally {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// One game of a tournament: an ordinary room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentGame {
    pub room: String,
    /// The players' guest ids in seat order.
    pub players: Vec<String>,
    /// Each seat's points once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub points: Option<Vec<f64>>,
    /// Seats that lost by not coming (no-show).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<u8>>")]
    pub no_shows: Vec<u8>,
    /// Seats that went berserk (an arena: a win scores one more).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<u8>>")]
    pub berserk: Vec<u8>,
    /// When the director found it over (unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ended_at: Option<u64>,
}

/// A round (an arena's waves are one round each).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentRound {
    /// From 1.
    pub number: u32,
    /// Unix milliseconds.
    pub paired_at: u64,
    pub games: Vec<TournamentGame>,
    /// Players with a bye (a win's points).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<String>>")]
    pub byes: Vec<String>,
}

/// A tournament as everyone may see it (`GET /api/tournaments/{id}`, the
/// `tournament` message).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentState {
    pub id: String,
    pub spec: TournamentSpec,
    pub status: TournamentStatus,
    /// The organizer's guest id and name.
    pub organizer: String,
    pub organizer_name: String,
    /// Unix milliseconds.
    pub created_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub started_at: Option<u64>,
    /// Arena: when pairing stops.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ends_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub finished_at: Option<u64>,
    /// When the next round is paired at the latest (correspondence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next_round_at: Option<u64>,
    /// The rounds the event will have (none for an arena).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub total_rounds: Option<u32>,
    pub players: Vec<TournamentPlayer>,
    pub standings: Vec<StandingRow>,
    /// An event of fixed teams: the teams' standings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<TeamStandingRow>>")]
    pub team_standings: Vec<TeamStandingRow>,
    pub rounds: Vec<TournamentRound>,
    /// The invite code of a private tournament: only for its organizer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invite: Option<String>,
}

/// A line of the tournament list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentSummary {
    pub id: String,
    pub name: String,
    pub game: String,
    pub format: TournamentFormat,
    pub status: TournamentStatus,
    pub players: u32,
    pub organizer_name: String,
    pub created_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub starts_at: Option<u64>,
}
