//! What players do at the table besides moving: resign, offer a draw and
//! answer one, abort a game nobody has really begun (claims over absent
//! players are in `room/absence.rs`), and a loss on time. Each is a room
//! event stored like a move, so a restarted server keeps a waiting offer.
//! The rules decide what a resignation or a draw means (`AnyGame::resign`,
//! `agree_draw`, `has_draw_by_agreement`, `has_everyone_moved`); the table
//! (`room/table.rs`) keeps who offered a draw.

use lodestone_protocol::codes;
use lodestone_rules::{Millis, Seat};

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::refusal::Refusal;
use super::seating::Player;
use super::table::check_draw_offers;

impl RoomCore {
    /// `player`'s seat resigns.
    pub fn resign(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        let at = self.game_time(now);
        self.concede_now(RoomEvent::Resigned { seat, at }, at)
    }

    /// `seat` leaves play with `event` (resigned, out of time) at `at`;
    /// then the end, if that ends the game.
    pub(super) fn concede_now(&mut self, event: RoomEvent, at: Millis) -> Result<Vec<Recorded>, Refusal> {
        let mut events = Vec::new();
        self.push(&mut events, self.wall(at), event)?;
        self.after_change(at, &mut events);
        Ok(events)
    }

    /// `player`'s seat offers a draw; the offer waits for the other side.
    pub fn offer_draw(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        check_draw_offers(self.game())?;
        match self.table().draw_offer() {
            Some(s) if s == seat => {
                return Err(Refusal::new(
                    codes::OFFER_PENDING,
                    "your draw offer is waiting for an answer already",
                ));
            }
            Some(_) => {
                return Err(Refusal::new(
                    codes::OFFER_PENDING,
                    "the other side has offered a draw: answer it (answer_draw)",
                ));
            }
            None => {}
        }
        let at = self.game_time(now);
        let mut events = Vec::new();
        self.push(&mut events, self.wall(at), RoomEvent::DrawOffered { seat, at })?;
        Ok(events)
    }

    /// `player`'s seat accepts or declines the other side's offer.
    pub fn answer_draw(&mut self, player: &Player, accept: bool, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        check_draw_offers(self.game())?;
        match self.table().draw_offer() {
            None => return Err(Refusal::new(codes::NO_OFFER, "no draw offer is waiting")),
            Some(s) if s == seat => {
                return Err(Refusal::new(
                    codes::NO_OFFER,
                    "the waiting offer is yours: the other side answers it",
                ));
            }
            Some(_) => {}
        }
        let at = self.game_time(now);
        let mut events = Vec::new();
        let answered = RoomEvent::DrawAnswered { seat, accept, at };
        self.push(&mut events, self.wall(at), answered)?;
        self.after_change(at, &mut events);
        Ok(events)
    }

    /// `player`'s seat ends the game without a result, while some seat has
    /// not made its first move; the room closes for good.
    pub fn abort(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        if self.game().has_everyone_moved() {
            return Err(Refusal::new(
                codes::TOO_LATE,
                "every seat has made its first move: the game can no longer be aborted (resign instead)",
            ));
        }
        let mut events = Vec::new();
        self.push(&mut events, now, RoomEvent::Aborted { seat })?;
        Ok(events)
    }

    /// The wall-clock time of the game's time `at`.
    pub(super) fn wall(&self, at: Millis) -> u64 {
        self.started_at().unwrap_or(self.created_at()) + at.0
    }

    /// `seat`'s time on the room's clock ran out at `at` (the deadline):
    /// it loses, or in Magma with more than two seats leaves the game.
    pub(super) fn out_of_time(&mut self, seat: Seat, at: Millis) -> Option<Vec<Recorded>> {
        match self.concede_now(RoomEvent::OutOfTime { seat, at }, at) {
            Ok(events) => Some(events),
            Err(e) => {
                tracing::error!(room = %self.id(), error = %e.message, "the rules refused a loss on time");
                None
            }
        }
    }
}
