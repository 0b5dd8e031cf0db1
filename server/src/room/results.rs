//! What a finished game means for its players: the room option `rated`
//! (who may sit in a rated room), and a finished game's sides (teams, or
//! each seat) with their ranks, which `ratings.rs` records and rates. From
//! `&self`, without I/O: whether a seat's guest is an account is the
//! caller's to look up.

use std::collections::HashSet;

use lodestone_protocol::{Detail, RoomStatus, codes};
use lodestone_rules::{AnyGame, Outcome, Seat, TableEvent};

use super::core::RoomCore;
use super::refusal::Refusal;
use super::seating::Player;
use crate::store::{PlayResult, RatingKey};

/// One side of a finished game: a team (Magma), or one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The guests of its seats, in seat order.
    pub guests: Vec<String>,
    /// 1 for the winners (everyone in a draw); then 2, 3… (see
    /// `RoomCore::ranks`).
    pub rank: usize,
}

impl Side {
    /// What the side's players got: `win`, `loss` or `draw`.
    pub fn result(&self, draw: bool) -> PlayResult {
        match (draw, self.rank) {
            (true, _) => PlayResult::Draw,
            (false, 1) => PlayResult::Win,
            _ => PlayResult::Loss,
        }
    }
}

/// A finished game, as the players' records and ratings need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub room_id: String,
    pub key: RatingKey,
    pub rated: bool,
    pub draw: bool,
    pub sides: Vec<Side>,
}

/// Which of a room's seated guests are accounts, and which of those bot
/// accounts, as the store knows them when a rated game starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seated {
    pub accounts: HashSet<String>,
    pub bot_accounts: HashSet<String>,
}

impl RoomCore {
    /// A rated room seats no bot.
    pub(super) fn check_no_bots_if_rated(&self) -> Result<(), Refusal> {
        if self.is_rated() {
            return Err(Refusal::detailed(codes::RATED_NEEDS_ACCOUNTS, Detail::RatedBots));
        }
        Ok(())
    }

    /// Why the game may not start rated, given which of its seated guests
    /// are `accounts`: a bot, or a guest that is not an account, holds a
    /// seat. `None` when it may (or the room is not rated).
    pub fn rated_refusal(&self, seated: &Seated) -> Option<Refusal> {
        if !self.is_rated() {
            return None;
        }
        let accounts = &seated.accounts;
        let seats = self.seating().players();
        if seats.clone().any(|p| p.bot) {
            return self.check_no_bots_if_rated().err();
        }
        let names: Vec<String> = seats
            .filter(|p| !accounts.contains(&p.id))
            .map(|p| p.name.clone())
            .collect();
        if !names.is_empty() {
            return Some(Refusal::detailed(
                codes::RATED_NEEDS_ACCOUNTS,
                Detail::RatedGuests { names },
            ));
        }
        self.rated_bots_refusal(&seated.bot_accounts)
    }

    /// Why the game may not start rated with these `bots` (the seated
    /// guests that are bot accounts, as the store knows them now, or as
    /// they said `hello`): bot accounts play people rated only where the
    /// room's option `rated-bots` allows it. A game between bot accounts
    /// only, or between people only, may. `None` when it may (or the
    /// room is not rated).
    fn rated_bots_refusal(&self, bots: &HashSet<String>) -> Option<Refusal> {
        if !self.is_rated() || self.rated_bots() {
            return None;
        }
        let is_bot = |p: &&Player| p.bot_account || bots.contains(&p.id);
        let (machines, people): (Vec<&Player>, Vec<&Player>) = self.seating().players().partition(is_bot);
        if machines.is_empty() || people.is_empty() {
            return None;
        }
        let names: Vec<String> = machines.iter().map(|p| p.name.clone()).collect();
        Some(Refusal::detailed(
            codes::RATED_NEEDS_ACCOUNTS,
            Detail::RatedBotAccounts { names },
        ))
    }

    /// Each side's rank: 1 for the winners (everyone in a draw); then the
    /// sides still playing at the end by their score (Magma's pieces plus
    /// three per cell of territory), then the sides that left (resigned or
    /// ran out of time), the last to leave first. Equal sides share a rank.
    fn ranks(&self, outcome: &Outcome, teams: &[(u8, Vec<Seat>)]) -> Vec<usize> {
        let Outcome::Win { winners, .. } = outcome else {
            return vec![1; teams.len()];
        };
        let scores = match self.game() {
            AnyGame::Magma(magma) => magma.scores(),
            _ => Vec::new(),
        };
        // When each seat left: its place among the table's events.
        let left = |seat: Seat| {
            self.table()
                .table_events()
                .iter()
                .position(|(_, event)| matches!(event, TableEvent::Concede(s, _) if *s == seat))
        };
        // Smaller is better.
        let keys: Vec<Option<(bool, i64)>> = teams
            .iter()
            .map(|(_, seats)| {
                if seats.iter().any(|s| winners.contains(*s)) {
                    return None;
                }
                let gone: Vec<Option<usize>> = seats.iter().map(|s| left(*s)).collect();
                Some(match gone.iter().copied().collect::<Option<Vec<usize>>>() {
                    Some(times) => (true, -(times.into_iter().max().unwrap_or(0) as i64)),
                    None => {
                        let score = scores
                            .iter()
                            .find(|sc| seats.iter().any(|s| sc.seats.contains(*s)))
                            .map_or(0, |sc| sc.total());
                        (false, -i64::from(score))
                    }
                })
            })
            .collect();
        let mut losing: Vec<(bool, i64)> = keys.iter().flatten().copied().collect();
        losing.sort_unstable();
        losing.dedup();
        keys.iter()
            .map(|key| match key {
                None => 1,
                Some(key) => 2 + losing.iter().position(|k| k == key).unwrap_or(0),
            })
            .collect()
    }

    /// The finished game's sides and ranks; `None` unless the game ended
    /// with a result.
    pub fn finished(&self) -> Option<Finished> {
        if self.status() != RoomStatus::Finished || self.is_gone() {
            return None;
        }
        let outcome = self.game().outcome()?;
        let held = self.seating().seats();
        let mut teams: Vec<(u8, Vec<Seat>)> = Vec::new();
        for i in 0..held.len() {
            let seat = Seat(i as u8);
            let team = self.game().team(seat);
            match teams.iter_mut().find(|(t, _)| *t == team) {
                Some((_, seats)) => seats.push(seat),
                None => teams.push((team, vec![seat])),
            }
        }
        let draw = matches!(outcome, Outcome::Draw { .. });
        let ranks = self.ranks(outcome, &teams);
        let sides = teams
            .iter()
            .zip(ranks)
            .map(|((_, seats), rank)| Side {
                rank,
                guests: seats
                    .iter()
                    .filter_map(|s| held[s.index()].as_ref().map(|p| p.id.clone()))
                    .collect(),
            })
            .filter(|side| !side.guests.is_empty())
            .collect();
        Some(Finished {
            room_id: self.id().to_string(),
            key: RatingKey::of(self.kind(), held.len()),
            rated: self.is_rated(),
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
    /// Whether the room was created rated: only a rated game can hold an
    /// offense (`moderation/abandonment.rs`), so only its log is read.
    pub rated: bool,
}
