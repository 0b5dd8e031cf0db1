//! Magnet (Matt Calkins, 2008): two sides of twelve pieces whose values are
//! hidden from the opponent set up in secret on a 91-vertex hexagon; a turn
//! puts the magnet on a vertex and pulls the closest own piece of each of
//! its six rays toward it, capturing every enemy piece entered. Capture the
//! enemy King, or hold the centre with your own for a whole enemy turn.
//!
//! The rules are those of RULINGS.md; `docs/rules/magnet.md` tells them in
//! full, with our decisions. The files: `board`, `turn` (the mechanics), `options`,
//! `action` (leaves); `state` (the game); `setup`, `checks`, `play`,
//! `endings`, `offers` (the rules, as methods of the game); `notation`,
//! `view`; this file implements [`Game`] with them.

mod action;
mod board;
mod checks;
mod effects;
mod endings;
mod notation;
mod offers;
mod options;
mod play;
mod risks;
mod setup;
mod state;
mod turn;
mod view;

use rand_core::Rng;

pub use action::{Action, Turn, VertexList};
pub use board::{
    Color, InvalidPosition, Kind, MATERIAL, Piece, Position, Removed, VERTICES, Vertex, start_vertices,
};
pub use effects::Event;
pub use options::{Options, SetupRule, TrapVictims};
pub use setup::Setup;
pub use state::{Key, Magnet};
pub use view::{ClosedSide, HiddenPiece, KnownPiece, OpenSide, SideView, View};

use checks::CheckedTurn;

use crate::game::{Effect, Events, Game, Millis, NotationError, Offer, Outcome, Risk, RuleError};
use crate::seat::{Seat, SeatSet, Viewer};
use crate::table;

/// What judging a Magnet action found: nothing more for a setup; for a turn,
/// the affected pieces, their order and the promotions.
#[derive(Debug)]
pub enum Checked {
    Setup,
    Turn(CheckedTurn),
}

impl Game for Magnet {
    crate::game::game_types!(Magnet, view: View, key: Key, checked: Checked);

    crate::side::two_sided_game!();

    fn to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::EMPTY
        } else if self.position.in_setup() {
            Color::BOTH
                .into_iter()
                .filter(|&c| !self.position.has_set_up(c))
                .map(Color::seat)
                .collect()
        } else {
            SeatSet::only(self.position.side().seat())
        }
    }

    /// Every distinct outcome once. During the setup: every arrangement of
    /// the seat's pieces (2,217,600 of them). In play: for each magnet
    /// vertex, the distinct results of the orders of the affected pieces
    /// (each with its lexicographically first order, written out only when
    /// it is not the default), each with every subset of the promotions it
    /// allows; results equal to an earlier one (from another vertex) are
    /// left out.
    ///
    /// The result depends on the enemy's hidden pieces (which orders give
    /// the same result, whether a King falls): it is for the referee and
    /// tools, never to be shown to a seat.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let color = Color::from_seat(seat).expect("a seat that may act");
        if self.position.in_setup() {
            return Setup::all(color).map(Action::Setup).collect();
        }
        self.turns()
    }

    /// Setups are composed by the client (2,217,600 arrangements); turns
    /// are offered from the mover's knowledge (see `offered_turns`).
    fn offers(&self, seat: Seat) -> Vec<Offer<Action>> {
        if !self.to_act().contains(seat) || self.position.in_setup() {
            return Vec::new();
        }
        self.offered_turns()
    }

    fn check(&self, seat: Seat, action: &Action, _at: Millis) -> Result<Checked, RuleError> {
        match action {
            Action::Setup(setup) => self.check_setup(seat, setup).map(|()| Checked::Setup),
            Action::Turn(turn) => self.check_turn(seat, turn).map(Checked::Turn),
        }
    }

    fn play_unchecked<E: Events<Event>>(
        &mut self,
        _seat: Seat,
        action: &Action,
        checked: Checked,
        _at: Millis,
        events: &mut E,
    ) {
        match (action, checked) {
            (Action::Setup(setup), _) => {
                self.position.place_setup(setup.side(), setup.kinds());
                if !self.position.in_setup() {
                    self.history.push(self.repeated());
                    self.outcome = self.decide();
                }
            }
            (Action::Turn(_), Checked::Turn(turn)) => self.play_turn(&turn, events),
            (Action::Turn(_), Checked::Setup) => unreachable!("a turn is checked as a turn"),
        }
    }

    /// Judged from the mover's knowledge only: see `risks.rs` for what can
    /// be known and what is left out.
    fn risks(&self, seat: Seat, at: Millis) -> Vec<(Action, Risk)> {
        self.turn_risks(seat, at)
    }

    /// Captured kinds are told to everyone; a trap victim's kind only to
    /// whoever may know it (see `docs/rules/magnet.md`).
    fn effects(&self, _actor: Seat, events: &[Event], viewer: Viewer) -> Vec<Effect> {
        events.iter().map(|e| self.tell(e, viewer)).collect()
    }

    // A side may resign in the setup too; the setups are then shown to
    // everyone, as at every end.
    table::two_sided_table!();

    /// Both sides have played a turn (Red's opening turn counts; a setup,
    /// chosen or dealt, does not).
    fn has_everyone_moved(&self) -> bool {
        self.moved.0.len() == 2
    }

    /// Every view is whole once the game is over.
    fn views_differ(&self) -> bool {
        self.outcome.is_none()
    }

    fn view(&self, viewer: Viewer) -> View {
        View::new(&self.position, viewer, self.outcome.as_ref())
    }

    fn position_key(&self) -> Key {
        Key {
            repeated: self.repeated(),
            opening: self.position.is_opening(),
        }
    }

    /// With `setup=random`, during the setup: a dealt arrangement for each
    /// side that has none yet, red first.
    fn chance_actions<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<(Seat, Action)> {
        if self.options.setup != SetupRule::Random || !self.position.in_setup() || self.outcome.is_some() {
            return Vec::new();
        }
        Color::BOTH
            .into_iter()
            .filter(|&c| !self.position.has_set_up(c))
            .map(|c| (c.seat(), Action::Setup(Setup::random(c, rng))))
            .collect()
    }

    /// A setup stays secret from everyone but its side (and the referee)
    /// until the game is over.
    fn is_secret(&self, action: &Action) -> bool {
        matches!(action, Action::Setup(_))
    }

    fn conceals(&self, actor: Seat, action: &Action, viewer: Viewer) -> bool {
        let secret = matches!(action, Action::Setup(_)) && self.outcome.is_none();
        secret
            && match viewer {
                Viewer::Referee => false,
                Viewer::Seat(seat) => seat != actor,
                Viewer::Spectator => true,
            }
    }
}

impl std::fmt::Display for Magnet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.position, f)
    }
}
