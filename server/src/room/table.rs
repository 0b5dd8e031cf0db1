//! What players do at the table besides moving: resign, offer a draw and
//! answer one, abort a game nobody has really begun (claims over absent
//! players are in `room/absence.rs`). Each is a room event stored like a move, so a
//! restarted server keeps a waiting offer; `restore.rs` replays them
//! through the same functions ([`RoomCore::concede`],
//! [`RoomCore::agree_draw`]).
//!
//! The rules decide what a resignation or a draw means (`AnyGame::resign`,
//! `agree_draw`, `has_draw_by_agreement`, `has_everyone_moved`); the room
//! keeps who offered a draw, and the table events for the record's
//! headers (`[Resign "white after 12"]`).

use lodestone_protocol::{RoomStatus, codes};
use lodestone_rules::{Concession, Millis, Seat, TableEvent};

use super::core::{Gone, Player, Refusal, RoomCore};
use super::event::{Recorded, RoomEvent};

impl RoomCore {
    /// `player`'s seat resigns.
    pub fn resign(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        let at = self.game_time(now);
        self.concede(seat, at)?;
        self.draw_offer = None;
        let wall = self.wall(at);
        let mut events = vec![self.record(wall, RoomEvent::Resigned { seat, at })];
        events.extend(self.after_change(at));
        Ok(events)
    }

    /// Whether the game ends drawn when both sides agree (not Magma,
    /// which has its own vote to end).
    pub(super) fn has_draw_offers(&self) -> bool {
        self.game.has_draw_by_agreement()
    }

    fn check_draw_offers(&self) -> Result<(), Refusal> {
        if self.has_draw_offers() {
            return Ok(());
        }
        Err(Refusal::new(
            codes::NO_DRAW_OFFERS,
            "Magma has no draw by agreement: the player to move may propose the end (end?)",
        ))
    }

    /// `player`'s seat offers a draw; the offer waits for the other side.
    pub fn offer_draw(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        self.check_draw_offers()?;
        match self.draw_offer {
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
        self.draw_offer = Some(seat);
        let wall = self.wall(at);
        Ok(vec![self.record(wall, RoomEvent::DrawOffered { seat, at })])
    }

    /// `player`'s seat accepts or declines the other side's offer.
    pub fn answer_draw(&mut self, player: &Player, accept: bool, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        self.check_draw_offers()?;
        match self.draw_offer {
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
        if accept {
            self.agree_draw(at)?;
        }
        self.draw_offer = None;
        let wall = self.wall(at);
        let mut events = vec![self.record(wall, RoomEvent::DrawAnswered { seat, accept, at })];
        events.extend(self.after_change(at));
        Ok(events)
    }

    /// `player`'s seat ends the game without a result, while some seat has
    /// not made its first move; the room closes for good.
    pub fn abort(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        if self.everyone_moved() {
            return Err(Refusal::new(
                codes::TOO_LATE,
                "every seat has made its first move: the game can no longer be aborted (resign instead)",
            ));
        }
        self.gone = Some(Gone::Aborted(seat));
        self.status = RoomStatus::Closed;
        self.draw_offer = None;
        Ok(vec![self.record(now, RoomEvent::Aborted { seat })])
    }

    /// The wall-clock time of the game's time `at`.
    fn wall(&self, at: Millis) -> u64 {
        self.started_at.unwrap_or(self.created_at) + at.0
    }

    /// `seat`'s time on the room's clock ran out at `at` (the deadline):
    /// it loses, or in Magma with more than two seats leaves the game.
    pub(super) fn out_of_time(&mut self, seat: Seat, at: Millis) -> Option<Vec<Recorded>> {
        if let Err(e) = self.concede_as(seat, Concession::OutOfTime, at) {
            tracing::error!(room = %self.id, error = %e.message, "the rules refused a loss on time");
            return None;
        }
        self.draw_offer = None;
        let wall = self.wall(at);
        let mut events = vec![self.record(wall, RoomEvent::OutOfTime { seat, at })];
        events.extend(self.after_change(at));
        Some(events)
    }

    /// `seat` resigns in the game (also when a stored resignation is
    /// replayed): the rules say what follows (two sides: the other wins;
    /// Magma with more: the seat stops playing, the others go on).
    pub(super) fn concede(&mut self, seat: Seat, at: Millis) -> Result<(), Refusal> {
        self.concede_as(seat, Concession::Resign, at)
    }

    /// `seat` leaves play (resigned, or out of time; also when replayed).
    pub(super) fn concede_as(&mut self, seat: Seat, how: Concession, at: Millis) -> Result<(), Refusal> {
        self.game
            .concede(seat, how, at)
            .map_err(|e| Refusal::new(e.code, e.message))?;
        self.table_events
            .push((self.log.len(), TableEvent::Concede(seat, how)));
        // Its clock stops; the others' run on if the game does.
        self.clocks.after(None, at.0, self.game.to_act());
        Ok(())
    }

    /// The game ends drawn by agreement (also when replayed).
    pub(super) fn agree_draw(&mut self, at: Millis) -> Result<(), Refusal> {
        self.check_draw_offers()?;
        self.game
            .agree_draw(at)
            .map_err(|e| Refusal::new(e.code, e.message))?;
        self.table_events.push((self.log.len(), TableEvent::DrawAgreed));
        self.clocks.stop(at.0);
        Ok(())
    }

    /// Whether every seat still playing has made its first move on the
    /// board (a setup, a secret magnet, a vote or a timeout does not
    /// count), as the rules tell.
    pub(super) fn everyone_moved(&self) -> bool {
        self.game.has_everyone_moved()
    }
}
