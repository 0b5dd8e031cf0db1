//! Magma (Jonathan Leistiko, 2009): two to six players, in up to three
//! colour teams, step and jump their pieces (Chinese-checkers style, over
//! their own colour only) out of their corner homes to claim territory:
//! at the end each colour scores its pieces plus three per vacant cell only
//! it could move to. Hot and White-Hot Magma add a turn timer, driven here by
//! the times of the actions.
//!
//! The rules are those of RULINGS.md; `docs/rules/magma.md` tells them in
//! full, with our decisions. The files: `action`, `options`, `board`,
//! `layout`, `clock` (leaves); `state` (the game and what it can tell);
//! `checks`, `play`, `scoring`, `setup` (the rules, as methods of the
//! game); `notation`, `view`; this file implements [`Game`] with them.

mod action;
mod board;
mod checks;
mod clock;
mod effects;
mod layout;
mod leave;
mod notation;
mod options;
mod play;
mod scoring;
mod setup;
mod state;
mod view;

use std::fmt;

pub use action::Action;
pub use board::{BoardKind, Cell, CellSet, Color, Geometry, bit, indices};
pub use clock::{Clock, FULL_MS, Timer};
pub use effects::Event;
pub use layout::{Layout, SUPPLY, Slot};
pub use options::Options;
pub use scoring::Score;
pub use state::{Magma, Phase, Position};
pub use view::{CellView, ClockView, PhaseView, SeatView, SlotView, View};

use crate::game::{
    Concession, Deadline, Effect, ErrorCode, Events, Game, Millis, NotationError, Outcome, RuleError,
};
use crate::seat::{Seat, SeatSet, Viewer};

impl Game for Magma {
    crate::game::game_types!(Magma, view: View, key: Position, checked: ());

    fn new(options: Options) -> Magma {
        Magma::start(options)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        self.layout.seat_count()
    }

    fn seat_name(&self, seat: Seat) -> String {
        (seat.0 + 1).to_string()
    }

    fn seat_color(&self, seat: Seat) -> String {
        self.layout.color(seat).name().to_string()
    }

    /// Teams are colours: red 0, blue 1, yellow 2.
    fn team(&self, seat: Seat) -> u8 {
        self.layout.color(seat) as u8
    }

    fn to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::EMPTY
        } else {
            SeatSet::only(self.actor())
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let g = self.geometry();
        let label = |i: u8| g.label(i);
        match self.pos.phase {
            Phase::Vote { .. } => vec![Action::AcceptEnd, Action::RefuseEnd],
            Phase::Penalty => indices(self.pos.pieces[self.current().color.index()])
                .map(|i| Action::Remove(label(i)))
                .collect(),
            Phase::Agreed => Vec::new(),
            Phase::Play { refused } => {
                let color = self.current().color;
                let (own, occupied) = (self.pos.pieces[color.index()], self.occupied());
                let mut actions = Vec::with_capacity(64);
                for from in indices(own) {
                    for to in indices(self.targets_among(from, own, occupied)) {
                        actions.push(Action::Move {
                            from: label(from),
                            to: label(to),
                            via: Vec::new(),
                        });
                    }
                }
                for to in indices(self.entry_targets(self.slot())) {
                    actions.push(Action::Enter {
                        to: label(to),
                        via: Vec::new(),
                    });
                }
                actions.push(Action::Pass);
                if !refused {
                    actions.push(Action::ProposeEnd);
                }
                if self.options.timer != Timer::None {
                    actions.push(Action::Timeout);
                }
                actions
            }
        }
    }

    #[inline]
    fn check(&self, seat: Seat, action: &Action, at: Millis) -> Result<(), RuleError> {
        self.judge(seat, action, at)
    }

    #[inline]
    fn play_unchecked<E: Events<Event>>(
        &mut self,
        _seat: Seat,
        action: &Action,
        _checked: (),
        at: Millis,
        events: &mut E,
    ) {
        self.play_action(action, at, events);
    }

    /// Only a pass that completes a round of passes, or the last `end!` of
    /// a vote, ends the game: only those are tried.
    fn can_win_at_once(&self, seat: Seat, against: Seat, at: Millis) -> bool {
        [Action::Pass, Action::AcceptEnd].iter().any(|action| {
            let mut after = self.clone();
            after.apply(seat, action, at).is_ok()
                && matches!(after.outcome(), Some(Outcome::Win { winners, .. }) if !winners.contains(against))
        })
    }

    /// Magma hides nothing: every viewer is told everything.
    fn effects(&self, _actor: Seat, events: &[Event], _viewer: Viewer) -> Vec<Effect> {
        events.iter().map(effects::tell).collect()
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// With two players the other wins at once; with more, the seat stops
    /// playing and the others go on (`docs/rules/magma.md`, "Leaving the
    /// game").
    fn concede<E: Events<Event>>(
        &mut self,
        seat: Seat,
        how: Concession,
        at: Millis,
        events: &mut E,
    ) -> Result<(), RuleError> {
        self.leave(seat, how, at, events)
    }

    fn has_left(&self, seat: Seat) -> bool {
        self.pos.out.contains(seat)
    }

    /// Magma ends by its own vote (`end?`), never by a draw offer.
    fn has_draw_by_agreement(&self) -> bool {
        false
    }

    fn agree_draw(&mut self, _at: Millis) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        Err(RuleError::new(
            ErrorCode::WrongGame,
            "Magma has no draw by agreement: the player to move may propose the end (end?)",
        ))
    }

    /// Every seat still playing has moved, entered or passed at least once.
    fn has_everyone_moved(&self) -> bool {
        let done = self
            .moved
            .0
            .iter()
            .chain(self.pos.out.iter())
            .collect::<SeatSet>();
        done == SeatSet::first(self.layout.seat_count())
    }

    /// Magma hides nothing.
    fn views_differ(&self) -> bool {
        false
    }

    fn view(&self, _viewer: Viewer) -> View {
        // Magma hides nothing: every viewer sees the whole position.
        View::of(self)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        notation::parse_action(self.geometry(), text)
    }

    fn parse_position(options: Options, text: &str) -> Result<Magma, NotationError> {
        let options = options.in_range();
        let layout = Layout::new(options.players, options.solo);
        let pos = notation::parse_position(&options, &layout, text)?;
        Magma::validate(&options, &layout, &pos)
            .map_err(|m| NotationError::new(format!("bad Magma position: {m}")))?;
        let game = Magma::from_parts(options, pos);
        if let Some(given) = notation::given_scores(text) {
            let actual = notation::score_field(&game.scores());
            if given != actual {
                return Err(NotationError::new(format!(
                    "bad Magma position: the score field says {given}, the position gives {actual}"
                )));
            }
        }
        Ok(game)
    }

    fn position_key(&self) -> Position {
        self.pos
    }

    fn deadline(&self) -> Option<Deadline<Action>> {
        if self.options.timer == Timer::None || self.outcome.is_some() {
            return None;
        }
        matches!(self.pos.phase, Phase::Play { .. }).then(|| Deadline {
            seat: self.current().seat,
            at: self.pos.clock.deadline(),
            action: Action::Timeout,
        })
    }

    /// `timeout` is applied by the server when the turn's time runs out.
    fn is_server_action(&self, action: &Action) -> bool {
        matches!(action, Action::Timeout)
    }

    fn counts_in_perft(&self, action: &Action) -> bool {
        !matches!(action, Action::ProposeEnd | Action::Timeout)
    }
}

impl fmt::Display for Magma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&View::of(self), f)
    }
}
