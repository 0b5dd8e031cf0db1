//! What a finished game means for its players: the room option `rated`
//! (who may sit in a rated room), and a finished game's sides (teams, or
//! each seat) with their ranks, which `ratings.rs` records and rates. From
//! `&self`, without I/O: whether a seat's guest is an account is the
//! caller's to look up.

use std::collections::HashSet;

use lodestone_protocol::{RoomStatus, codes};
use lodestone_rules::{GameKind, Outcome, Seat};

use super::core::{Refusal, RoomCore};

/// Reads the option `rated`: `yes` or `no` (also `true`/`false`).
pub(super) fn parse_rated(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        other => Err(format!("rated {other:?} is not yes or no")),
    }
}

/// One side of a finished game: a team (Magma), or one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The guests of its seats, in seat order.
    pub guests: Vec<String>,
    /// 1 for the winners (everyone in a draw), 2 for the others.
    pub rank: usize,
}

impl Side {
    /// What the side's players got: `win`, `loss` or `draw`.
    pub fn result(&self, draw: bool) -> &'static str {
        match (draw, self.rank) {
            (true, _) => "draw",
            (false, 1) => "win",
            _ => "loss",
        }
    }
}

/// A finished game, as the players' records and ratings need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub room_id: String,
    /// The rating key: the game's name, Magma with its number of players
    /// (`magma-4`).
    pub key: String,
    pub rated: bool,
    pub draw: bool,
    pub sides: Vec<Side>,
}

/// The rating key of a game of `kind` with `seats` seats.
pub fn rating_key(kind: GameKind, seats: usize) -> String {
    match kind {
        GameKind::Magma => format!("magma-{seats}"),
        other => other.name().to_string(),
    }
}

impl RoomCore {
    /// Whether the game changes its players' ratings.
    pub fn is_rated(&self) -> bool {
        self.rated
    }

    /// A rated room seats no bot.
    pub(super) fn check_no_bots_if_rated(&self) -> Result<(), Refusal> {
        if self.rated {
            return Err(Refusal::new(
                codes::RATED_NEEDS_ACCOUNTS,
                "this room is rated: every seat must be held by an account, so no bot may sit",
            ));
        }
        Ok(())
    }

    /// Why the game may not start rated, given which of its seated guests
    /// are `accounts`: a bot, or a guest that is not an account, holds a
    /// seat. `None` when it may (or the room is not rated).
    pub fn rated_refusal(&self, accounts: &HashSet<String>) -> Option<Refusal> {
        if !self.rated {
            return None;
        }
        let seats = self.seats.iter().flatten();
        if seats.clone().any(|p| p.bot) {
            return self.check_no_bots_if_rated().err();
        }
        let guests: Vec<&str> = seats
            .filter(|p| !accounts.contains(&p.id))
            .map(|p| p.name.as_str())
            .collect();
        (!guests.is_empty()).then(|| {
            Refusal::new(
                codes::RATED_NEEDS_ACCOUNTS,
                format!(
                    "this room is rated: every seat must be held by an account, and {} {} a guest (register first)",
                    guests.join(", "),
                    if guests.len() == 1 { "is" } else { "are" }
                ),
            )
        })
    }

    /// The finished game's sides and ranks; `None` unless the game ended
    /// with a result.
    pub fn finished(&self) -> Option<Finished> {
        if self.status != RoomStatus::Finished || self.gone.is_some() {
            return None;
        }
        let outcome = self.game.outcome()?;
        let mut teams: Vec<(u8, Vec<Seat>)> = Vec::new();
        for i in 0..self.seats.len() {
            let seat = Seat(i as u8);
            let team = self.game.team(seat);
            match teams.iter_mut().find(|(t, _)| *t == team) {
                Some((_, seats)) => seats.push(seat),
                None => teams.push((team, vec![seat])),
            }
        }
        let draw = matches!(outcome, Outcome::Draw { .. });
        let sides = teams
            .into_iter()
            .map(|(_, seats)| Side {
                rank: match outcome {
                    Outcome::Win { winners, .. } if !seats.iter().any(|s| winners.contains(*s)) => 2,
                    _ => 1,
                },
                guests: seats
                    .iter()
                    .filter_map(|s| self.seats[s.index()].as_ref().map(|p| p.id.clone()))
                    .collect(),
            })
            .filter(|side| !side.guests.is_empty())
            .collect();
        Some(Finished {
            room_id: self.id.clone(),
            key: rating_key(self.kind, self.seats.len()),
            rated: self.rated,
            draw,
            sides,
        })
    }
}

/// A game that ended after its start, for the results worker
/// (`ratings.rs`): with its result, or without one (aborted, abandoned).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnded {
    pub room_id: String,
    pub finished: Option<Finished>,
    /// Unix milliseconds.
    pub at: u64,
}
