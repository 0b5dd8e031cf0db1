//! The game at the table: the rules' state, a waiting draw offer, the
//! table events (resignations, a draw agreed) for the record's headers,
//! and the room's clocks; and what players do there besides moving:
//! resign, offer a draw and answer one, abort a game nobody has really
//! begun (claims over absent players are in `room/absence.rs`). Each is a
//! room event stored like a move, so a restarted server keeps a waiting
//! offer.
//!
//! The rules decide what a resignation or a draw means (`AnyGame::resign`,
//! `agree_draw`, `has_draw_by_agreement`, `has_everyone_moved`); the room
//! keeps who offered a draw, and the table events for the record's
//! headers (`[Resign "white after 12"]`).

use lodestone_protocol::codes;
use lodestone_rules::{AnyAction, AnyEvents, AnyGame, Concession, Millis, RuleError, Seat, TableEvent};

use super::core::{Refusal, RoomCore};
use super::event::{Recorded, RoomEvent};
use super::seats::Player;
use super::timing::Clocks;

/// The game, its offers and its clocks.
#[derive(Debug)]
pub struct Table {
    game: AnyGame,
    /// The seat whose draw offer waits for an answer.
    draw_offer: Option<Seat>,
    /// The table events with the number of logged actions before each.
    table_events: Vec<(usize, TableEvent)>,
    clocks: Clocks,
}

impl Table {
    pub(super) fn new(game: AnyGame, clocks: Clocks) -> Table {
        Table {
            game,
            draw_offer: None,
            table_events: Vec::new(),
            clocks,
        }
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    pub fn table_events(&self) -> &[(usize, TableEvent)] {
        &self.table_events
    }

    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// The game starts at `started` (unix ms): the clocks of the seats to
    /// act run.
    pub(super) fn start(&mut self, started: u64) {
        self.clocks.set_origin(started);
        self.clocks.after(None, 0, self.game.to_act());
    }

    /// `seat` plays `action` at `at`; a draw offer lapses when its seat
    /// moves. An action the rules refuse changes nothing.
    pub(super) fn play(
        &mut self,
        seat: Seat,
        action: &AnyAction,
        at: Millis,
    ) -> Result<AnyEvents, RuleError> {
        let events = self.game.apply_with_events(seat, action, at)?;
        if self.draw_offer == Some(seat) {
            self.draw_offer = None;
        }
        self.clocks.after(Some(seat), at.0, self.game.to_act());
        Ok(events)
    }

    /// `seat` leaves play (resigned, out of time) after `actions` logged
    /// actions: the rules say what follows (two sides: the other wins;
    /// Magma with more: the seat stops playing, the others go on).
    pub(super) fn concede(
        &mut self,
        seat: Seat,
        how: Concession,
        at: Millis,
        actions: usize,
    ) -> Result<(), RuleError> {
        self.game.concede(seat, how, at)?;
        self.table_events.push((actions, TableEvent::Concede(seat, how)));
        // Its clock stops; the others' run on if the game does.
        self.clocks.after(None, at.0, self.game.to_act());
        self.draw_offer = None;
        Ok(())
    }

    /// The game ends drawn by agreement after `actions` logged actions.
    pub(super) fn agree_draw(&mut self, at: Millis, actions: usize) -> Result<(), Refusal> {
        check_draw_offers(&self.game)?;
        self.game
            .agree_draw(at)
            .map_err(|e| Refusal::new(e.code, e.message))?;
        self.table_events.push((actions, TableEvent::DrawAgreed));
        self.clocks.stop(at.0);
        Ok(())
    }

    /// `seat` offers a draw, or (with `None`) no offer waits any more.
    pub(super) fn set_offer(&mut self, seat: Option<Seat>) {
        self.draw_offer = seat;
    }
}

fn check_draw_offers(game: &AnyGame) -> Result<(), Refusal> {
    if game.has_draw_by_agreement() {
        return Ok(());
    }
    Err(Refusal::new(
        codes::NO_DRAW_OFFERS,
        "Magma has no draw by agreement: the player to move may propose the end (end?)",
    ))
}

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
