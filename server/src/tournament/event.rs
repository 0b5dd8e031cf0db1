//! What happens to a tournament, as events, and how they are stored: a
//! tournament is its event log (`tournament_events`), like a room. Every
//! change is one event; the director stores it before anyone hears of it,
//! and restoring a tournament is a fold over its events (`state.rs`).
//! Each event is stored as its kind and its JSON (serde's own form of
//! this enum: the row's `data` is the whole event).

use std::collections::BTreeMap;

use lodestone_protocol::TournamentSpec;
use serde::{Deserialize, Serialize};

use super::pairing::Halves;
use crate::store::TournamentRow;

/// One game of a pairing: its room (an ordinary room, made by the
/// director right after the pairing is stored) and its players in seat
/// order, with the options that differ from the tournament's (a Magma
/// table's number of players).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub room: String,
    pub players: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
}

/// One change of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TournamentEvent {
    /// The tournament exists: what was asked for, by whom, and the invite
    /// code of a private one.
    Created {
        spec: TournamentSpec,
        organizer: String,
        organizer_name: String,
        #[serde(default)]
        invite: Option<String>,
    },
    /// A player entered (or came back after withdrawing).
    Joined {
        guest: String,
        name: String,
        #[serde(default)]
        bot: bool,
        /// A bot account (entered where bots are allowed).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        bot_account: bool,
        /// Its rating at entry on the performance's scale (an account
        /// with a rating in the event's game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<i64>,
        /// Its team, in an event of fixed teams (kept for the event).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team: Option<String>,
    },
    /// A player left before the start.
    Left { guest: String },
    /// A player withdrew during the event: not paired until it joins again.
    Paused { guest: String },
    /// The organizer removed a player for good.
    Removed { guest: String },
    /// The event started (an arena's end time with it).
    Started {
        #[serde(default)]
        ends_at: Option<u64>,
    },
    /// A round (an arena's wave) was paired: its games and byes.
    Paired {
        round: u32,
        games: Vec<Pairing>,
        #[serde(default)]
        byes: Vec<String>,
    },
    /// A game of the event is over: each seat's points (halves), and the
    /// seats that lost by not coming.
    GameOver {
        room: String,
        points: Vec<Halves>,
        #[serde(default)]
        no_shows: Vec<u8>,
        /// The seats that went berserk (an arena's +1 on a win).
        #[serde(default)]
        berserk: Vec<u8>,
        /// Of those, the seats that made fewer than `BERSERK_MIN_MOVES`
        /// moves of their own: no berserk point.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        short_berserk: Vec<u8>,
    },
    /// The event is over; the standings are final.
    Finished,
}

impl TournamentEvent {
    /// The event's kind, as its row names it.
    pub fn kind(&self) -> &'static str {
        match self {
            TournamentEvent::Created { .. } => "created",
            TournamentEvent::Joined { .. } => "joined",
            TournamentEvent::Left { .. } => "left",
            TournamentEvent::Paused { .. } => "paused",
            TournamentEvent::Removed { .. } => "removed",
            TournamentEvent::Started { .. } => "started",
            TournamentEvent::Paired { .. } => "paired",
            TournamentEvent::GameOver { .. } => "game-over",
            TournamentEvent::Finished => "finished",
        }
    }
}

/// An event with its place in the log and its wall-clock time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub seq: u64,
    /// Unix milliseconds.
    pub at: u64,
    pub event: TournamentEvent,
}

/// The row of `recorded` in tournament `id`'s log.
pub fn to_row(id: &str, recorded: &Recorded) -> TournamentRow {
    TournamentRow {
        tournament_id: id.to_string(),
        seq: recorded.seq as i64,
        kind: recorded.event.kind().to_string(),
        at: recorded.at as i64,
        data: serde_json::to_string(&recorded.event).expect("events serialise"),
    }
}

/// The event a row holds.
pub fn from_row(row: &TournamentRow) -> Result<Recorded, String> {
    let event: TournamentEvent = serde_json::from_str(&row.data)
        .map_err(|e| format!("event {} ({}) does not read: {e}", row.seq, row.kind))?;
    Ok(Recorded {
        seq: row.seq as u64,
        at: row.at as u64,
        event,
    })
}
