//! The game at the table, one part of a room's state: the rules' state, a
//! waiting draw offer, the table events (resignations, a draw agreed) for
//! the record's headers (`[Resign "white after 12"]`), and the room's
//! clocks. Only `RoomCore::evolve` changes it, but for the seats'
//! vacations (the accounts' own events, `room/away.rs`); what the players
//! may do at the table is decided in `room/conduct.rs`.

use lodestone_protocol::codes;
use lodestone_rules::{AnyAction, AnyEvents, AnyGame, Concession, Millis, RuleError, Seat, TableEvent};

use super::refusal::Refusal;
use super::timing::Clocks;
use crate::store::VacationSpan;

/// The game, its offers and its clocks.
#[derive(Debug)]
pub struct Table {
    game: AnyGame,
    /// The seat whose draw offer waits for an answer.
    draw_offer: Option<Seat>,
    /// The table events with the number of logged actions before each.
    table_events: Vec<(usize, TableEvent)>,
    clocks: Clocks,
    /// Each seat's vacations, on a correspondence clock.
    vacations: Vec<Vec<VacationSpan>>,
}

impl Table {
    pub(super) fn new(game: AnyGame, clocks: Clocks) -> Table {
        Table {
            vacations: vec![Vec::new(); game.seat_count()],
            game,
            draw_offer: None,
            table_events: Vec::new(),
            clocks,
        }
    }

    /// Seat `i`'s vacations are `spans`: its correspondence clock does
    /// not run during them. Whether anything changed.
    pub(super) fn set_vacations(&mut self, i: usize, spans: Vec<VacationSpan>) -> bool {
        if !self.clocks.control().is_correspondence() {
            return false;
        }
        let Some(old) = self.vacations.get_mut(i) else {
            return false;
        };
        let times = spans
            .iter()
            .filter(|s| s.until > s.from)
            .map(|s| (s.from, s.until));
        let clocks = self.clocks.set_away(i, times.collect());
        let shown = *old != spans;
        *old = spans;
        clocks || shown
    }

    /// Seat `i`'s vacations.
    pub fn vacations(&self, i: usize) -> &[VacationSpan] {
        self.vacations.get(i).map_or(&[], Vec::as_slice)
    }

    /// The vacation seat `i` is on at `now` (unix ms), if any.
    pub fn vacation_at(&self, i: usize, now: u64) -> Option<&VacationSpan> {
        let spans = self.vacations.get(i)?;
        spans.iter().find(|s| s.from <= now && now < s.until)
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

    /// `seat` goes berserk at `at`: its clock is halved.
    pub(super) fn berserk(&mut self, seat: Seat, at: Millis) {
        self.clocks.go_berserk(seat, at.0);
    }

    /// `seat` offers a draw, or (with `None`) no offer waits any more.
    pub(super) fn set_offer(&mut self, seat: Option<Seat>) {
        self.draw_offer = seat;
    }
}

pub(super) fn check_draw_offers(game: &AnyGame) -> Result<(), Refusal> {
    if game.has_draw_by_agreement() {
        return Ok(());
    }
    Err(Refusal::new(
        codes::NO_DRAW_OFFERS,
        "Magma has no draw by agreement: the player to move may propose the end (end?)",
    ))
}
