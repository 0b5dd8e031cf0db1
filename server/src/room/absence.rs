//! Absent players (the room option `absent`). A seat whose connections
//! are all gone during the game is *absent* once a grace period has passed
//! (the server's `absent_grace`, at least a day with a correspondence
//! clock); that is a stored event, and so is its return. What follows is
//! the room's policy: `wait` (nothing), or `claim` (when an absent seat is
//! to act, the others may claim the game: the absent seat loses as if its
//! time had run out), or `bot` (a bot plays the seat as that person until
//! it returns). Whatever the policy, a game whose people are all absent
//! for the server's `abandon_after` (a week; at least ten grace periods)
//! is abandoned: no result, the room closes.
//!
//! Who is connected is not stored; when each seat was last seen is kept
//! here in memory, so after a restart every seat counts from the restart.

use lodestone_protocol::{RoomStatus, codes};
use lodestone_rules::Seat;

use super::core::RoomCore;
use super::event::{AbsentPolicy, Recorded, RoomEvent};
use super::refusal::Refusal;
use super::seating::Player;
use super::timing::TimeControl;

/// A game whose people are all absent ends (abandoned) after at least
/// this many grace periods.
const ABANDON_AFTER_GRACES: u64 = 10;

/// The shortest grace period with a correspondence clock (a day or more
/// per move).
const CORRESPONDENCE_GRACE_MS: u64 = 24 * 3600 * 1000;

impl RoomCore {
    /// How long a seat may be away before it is absent: `grace`, or a day
    /// with a correspondence clock.
    fn grace(&self, grace: u64) -> u64 {
        match self.table().clocks().control() {
            TimeControl::PerMove { ms } | TimeControl::TimeBank { start_ms: ms, .. }
                if ms >= CORRESPONDENCE_GRACE_MS =>
            {
                grace.max(CORRESPONDENCE_GRACE_MS)
            }
            _ => grace,
        }
    }

    /// Whether seat `i` is held by a person (not a bot).
    fn person_at(&self, i: usize) -> bool {
        self.seating().seats()[i].as_ref().is_some_and(|p| !p.bot)
    }

    /// Notes who is connected at `now`; a seat that was absent and is back
    /// returns (its events, to store).
    pub fn note_presence(&mut self, now: u64) -> Vec<Recorded> {
        let connected = self.connected_seats();
        let playing = self.status() == RoomStatus::Playing;
        let mut events = Vec::new();
        for i in 0..self.seating().len() {
            let seat = Seat(i as u8);
            let here = connected.contains(&seat);
            self.presence().note(i, here, now);
            if here && playing && self.seating().is_absent(i) {
                self.then(&mut events, now, RoomEvent::Returned { seat });
            }
        }
        events
    }

    /// The people a bot should stand in for now: absent, seated, with the
    /// policy `bot`, during the game.
    pub fn stand_in_for(&self) -> Vec<Player> {
        if self.absent_policy() != AbsentPolicy::Bot || self.status() != RoomStatus::Playing {
            return Vec::new();
        }
        let seating = self.seating();
        (0..seating.len())
            .filter(|&i| seating.is_absent(i))
            .filter_map(|i| seating.seats()[i].clone())
            .collect()
    }

    /// When the next seat becomes absent, during the game.
    pub fn absence_deadline(&self, grace: u64, abandon_after: u64) -> Option<u64> {
        if self.status() != RoomStatus::Playing {
            return None;
        }
        let grace = self.grace(grace);
        (0..self.seating().len())
            .filter(|&i| !self.seating().is_absent(i) && self.person_at(i))
            .filter_map(|i| self.watchers().away_since(i).map(|t| t + grace))
            .chain(self.abandon_at(grace, abandon_after))
            .min()
    }

    /// When the game is abandoned: once every person seated has been
    /// absent for `abandon_after`, and at least `ABANDON_AFTER_GRACES`
    /// grace periods (`grace` already for this room).
    fn abandon_at(&self, grace: u64, abandon_after: u64) -> Option<u64> {
        let people: Vec<usize> = (0..self.seating().len()).filter(|&i| self.person_at(i)).collect();
        if people.is_empty() {
            return None;
        }
        let mut last = 0;
        for i in people {
            last = last.max(self.seating().absent_since(i)?);
        }
        Some(last + abandon_after.max(ABANDON_AFTER_GRACES * grace))
    }

    /// Marks absent the seats away for the grace period at `now`, or
    /// abandons the game.
    pub fn mark_absent(&mut self, now: u64, grace: u64, abandon_after: u64) -> Vec<Recorded> {
        let mut events = Vec::new();
        if self.status() != RoomStatus::Playing {
            return events;
        }
        let grace = self.grace(grace);
        if self.abandon_at(grace, abandon_after).is_some_and(|at| at <= now) {
            self.then(&mut events, now, RoomEvent::Abandoned);
            return events;
        }
        for i in 0..self.seating().len() {
            let due = self.watchers().away_since(i).is_some_and(|t| t + grace <= now);
            if due && !self.seating().is_absent(i) && self.person_at(i) {
                self.then(&mut events, now, RoomEvent::Absent { seat: Seat(i as u8) });
            }
        }
        events
    }

    /// Claims the game over an absent seat that is to act: it loses as if
    /// its time had run out. Only with the policy `claim`.
    pub fn claim(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        if self.absent_policy() != AbsentPolicy::Claim {
            return Err(Refusal::new(
                codes::TOO_EARLY,
                "this room waits for absent players (or lets a bot play for them): claims are not allowed here",
            ));
        }
        let to_act = self.game().to_act();
        let Some(absent) = (0..self.seating().len())
            .map(|i| Seat(i as u8))
            .find(|&s| s != seat && self.seating().is_absent(s.index()) && to_act.contains(s))
        else {
            return Err(Refusal::new(
                codes::TOO_EARLY,
                "no absent player is to act: a claim is possible once a player has been away for the grace period on its turn",
            ));
        };
        let at = self.game_time(now);
        self.concede_now(RoomEvent::OutOfTime { seat: absent, at }, at)
    }
}
