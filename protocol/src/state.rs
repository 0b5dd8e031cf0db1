//! The room as one viewer may see it: `RoomState`, its seats and its
//! game (`PlayState`), kept whole in every update.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::board::Board;
use crate::effect::{LastAction, RiskState};
use crate::notify::SeatVacation;
use crate::raw::RawJson;

/// A guest: a display name behind an unguessable token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Guest {
    pub id: String,
    pub name: String,
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
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
    /// The player is on vacation (its correspondence clock stands still):
    /// until when, and its message; absent when not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vacation: Option<SeatVacation>,
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
    /// Whether it is counting down now (the seat is to act, and not on
    /// vacation).
    pub running: bool,
    /// The seat went berserk (halved its clock); absent when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub berserk: bool,
}

/// A running turn timer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ClockState {
    pub seat: u8,
    /// Milliseconds left when the update was sent.
    pub remaining_ms: u64,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
