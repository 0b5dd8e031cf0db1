//! [`GameKind`] and [`AnyGame`]: every game behind one type, so that a
//! server room, a record or a tool can hold whichever game it is given.
//!
//! `AnyGame` forwards each call to the game it holds; actions and views
//! come back wrapped in [`AnyAction`] and [`AnyView`]. Adding a game adds a
//! variant to each enum, an arm to `with_game!` and a `variant!` line (its
//! [`Variant`] impl).

use std::fmt;

use rand_core::Rng;

use crate::game::{
    Concession, Deadline, Effect, ErrorCode, Game, Millis, NotationError, OptionError, OptionSpec,
    OptionValues, Outcome, Risk, RuleError, TableEvent,
};
pub use crate::kind::GameKind;
use crate::magma::{self, Magma};
use crate::magnet::{self, Magnet};
use crate::magnetism::{self, Magnetism};
use crate::magneton::{self, Magneton};
use crate::perft::{PerftError, perft};
use crate::seat::{Seat, SeatSet, Viewer};

impl GameKind {
    /// The options the game offers.
    pub fn option_specs(self) -> &'static [OptionSpec] {
        match self {
            GameKind::Magnet => Magnet::option_specs(),
            GameKind::Magnetism => Magnetism::option_specs(),
            GameKind::Magma => Magma::option_specs(),
            GameKind::Magneton => Magneton::option_specs(),
        }
    }
}

/// A game of any kind.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Magnet(Magnet),
    Magnetism(Magnetism),
    Magma(Magma),
    Magneton(Magneton),
}

/// An action of a game of any kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyAction {
    Magnet(magnet::Action),
    Magnetism(magnetism::Action),
    Magma(magma::Action),
    Magneton(magneton::Action),
}

/// A view of a game of any kind.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyView {
    Magnet(magnet::View),
    Magnetism(magnetism::View),
    /// Boxed: a Magma view (every cell, seat and score) is large.
    Magma(Box<magma::View>),
    Magneton(magneton::Position),
}

/// What an action of a game of any kind did, as the referee knows it;
/// [`AnyGame::effects`] tells it to a viewer.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyEvents {
    Magnet(Vec<magnet::Event>),
    Magnetism(Vec<magnetism::Event>),
    Magma(Vec<magma::Event>),
    Magneton(Vec<magneton::Event>),
}

/// Runs `$body` with `$g` bound to the concrete game inside `$game`. The
/// body is pasted once per game, so it may call generic helpers such as
/// [`wrap_action`] that take the game to find the right variant.
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Magnet($g) => $body,
            AnyGame::Magnetism($g) => $body,
            AnyGame::Magma($g) => $body,
            AnyGame::Magneton($g) => $body,
        }
    };
}

/// A game that has its variant in [`AnyGame`], [`AnyAction`] and [`AnyView`].
pub trait Variant: Game {
    fn into_any(self) -> AnyGame;
    fn wrap_action(action: Self::Action) -> AnyAction;
    fn unwrap_action(action: &AnyAction) -> Option<&Self::Action>;
    fn wrap_view(view: Self::View) -> AnyView;
    fn wrap_events(events: Vec<Self::Event>) -> AnyEvents;
    fn unwrap_events(events: &AnyEvents) -> Option<&[Self::Event]>;
}

/// The [`Variant`] impl of `$game`, whose variant in each enum has its
/// name; `|$view| $wrap` makes its [`AnyView`].
macro_rules! variant {
    ($game:ident, |$view:ident| $wrap:expr) => {
        impl Variant for $game {
            fn into_any(self) -> AnyGame {
                AnyGame::$game(self)
            }
            fn wrap_action(action: Self::Action) -> AnyAction {
                AnyAction::$game(action)
            }
            fn unwrap_action(action: &AnyAction) -> Option<&Self::Action> {
                match action {
                    AnyAction::$game(a) => Some(a),
                    _ => None,
                }
            }
            fn wrap_view($view: Self::View) -> AnyView {
                $wrap
            }
            fn wrap_events(events: Vec<Self::Event>) -> AnyEvents {
                AnyEvents::$game(events)
            }
            fn unwrap_events(events: &AnyEvents) -> Option<&[Self::Event]> {
                match events {
                    AnyEvents::$game(e) => Some(e),
                    _ => None,
                }
            }
        }
    };
}

variant!(Magneton, |view| AnyView::Magneton(view));
variant!(Magnet, |view| AnyView::Magnet(view));
variant!(Magnetism, |view| AnyView::Magnetism(view));
variant!(Magma, |view| AnyView::Magma(Box::new(view)));

fn wrap_action<G: Variant>(_: &G) -> fn(G::Action) -> AnyAction {
    G::wrap_action
}

fn unwrap_action<'a, G: Variant>(_: &G, action: &'a AnyAction) -> Option<&'a G::Action> {
    G::unwrap_action(action)
}

fn wrap_events<G: Variant>(_: &G) -> fn(Vec<G::Event>) -> AnyEvents {
    G::wrap_events
}

fn unwrap_events<'a, G: Variant>(_: &G, events: &'a AnyEvents) -> Option<&'a [G::Event]> {
    G::unwrap_events(events)
}

/// An action that could not be played: either not an action of this game
/// at all, or refused by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    Notation(NotationError),
    Rule(RuleError),
}

impl ActionError {
    /// The stable code: `bad-notation` or the rules' code.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::Notation(_) => NotationError::CODE,
            ActionError::Rule(e) => e.code.as_str(),
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    Option(OptionError),
    Position(NotationError),
}

/// `Display` (the wrapped error's message) and `Error` for the errors that
/// are one of several errors of the rules.
macro_rules! either_errors {
    ($($error:ident { $($variant:ident),+ }),+) => {$(
        impl fmt::Display for $error {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $($error::$variant(e) => e.fmt(f),)+
                }
            }
        }

        impl std::error::Error for $error {}
    )+};
}

either_errors!(ActionError { Notation, Rule }, SetupError { Option, Position });

impl From<OptionError> for SetupError {
    fn from(e: OptionError) -> SetupError {
        SetupError::Option(e)
    }
}

fn typed_options<G: Game, K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Result<G::Options, OptionError> {
    G::options_from(&OptionValues::parse(G::option_specs(), pairs)?)
}

/// A new game of `G` with options given as text pairs.
fn made<G: Variant, K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Result<AnyGame, OptionError> {
    Ok(G::new(typed_options::<G, _, _>(pairs)?).into_any())
}

/// A game of `G` from `position`, with options given as text pairs.
fn parsed<G: Variant, K: AsRef<str>, V: AsRef<str>>(
    pairs: &[(K, V)],
    position: &str,
) -> Result<AnyGame, SetupError> {
    let options = typed_options::<G, _, _>(pairs)?;
    G::parse_position(options, position)
        .map(G::into_any)
        .map_err(SetupError::Position)
}

impl AnyGame {
    /// A new game of `kind` with options given as `key=value` text pairs.
    pub fn new<K: AsRef<str>, V: AsRef<str>>(
        kind: GameKind,
        options: &[(K, V)],
    ) -> Result<AnyGame, OptionError> {
        match kind {
            GameKind::Magnet => made::<Magnet, _, _>(options),
            GameKind::Magnetism => made::<Magnetism, _, _>(options),
            GameKind::Magma => made::<Magma, _, _>(options),
            GameKind::Magneton => made::<Magneton, _, _>(options),
        }
    }

    /// A game of `kind` continuing from a position in the game's position
    /// format.
    pub fn from_position<K: AsRef<str>, V: AsRef<str>>(
        kind: GameKind,
        options: &[(K, V)],
        position: &str,
    ) -> Result<AnyGame, SetupError> {
        match kind {
            GameKind::Magnet => parsed::<Magnet, _, _>(options, position),
            GameKind::Magnetism => parsed::<Magnetism, _, _>(options, position),
            GameKind::Magma => parsed::<Magma, _, _>(options, position),
            GameKind::Magneton => parsed::<Magneton, _, _>(options, position),
        }
    }

    pub fn kind(&self) -> GameKind {
        with_game!(self, g => kind_of(g))
    }

    /// The options as canonical `key=value` pairs.
    pub fn option_pairs(&self) -> Vec<(&'static str, String)> {
        with_game!(self, g => option_pairs_of(g))
    }

    pub fn seat_count(&self) -> usize {
        with_game!(self, g => g.seat_count())
    }

    pub fn seat_name(&self, seat: Seat) -> String {
        with_game!(self, g => g.seat_name(seat))
    }

    pub fn seat_color(&self, seat: Seat) -> String {
        with_game!(self, g => g.seat_color(seat))
    }

    pub fn team(&self, seat: Seat) -> u8 {
        with_game!(self, g => g.team(seat))
    }

    pub fn parse_seat(&self, name: &str) -> Option<Seat> {
        with_game!(self, g => g.parse_seat(name))
    }

    pub fn to_act(&self) -> SeatSet {
        with_game!(self, g => g.to_act())
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        with_game!(self, g => g.outcome())
    }

    pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
        with_game!(self, g => g.legal_actions(seat).into_iter().map(wrap_action(g)).collect())
    }

    /// What a client of `seat` is offered (see [`Game::offers`]), as text:
    /// each action with its extras.
    pub fn offers(&self, seat: Seat) -> Vec<(String, Vec<String>)> {
        with_game!(self, g => g.offers(seat).into_iter().map(|o| (o.action.to_string(), o.extras)).collect())
    }

    pub fn parse_action(&self, text: &str) -> Result<AnyAction, NotationError> {
        with_game!(self, g => g.parse_action(text).map(wrap_action(g)))
    }

    /// Plays `action` for `seat`; on error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &AnyAction, at: Millis) -> Result<(), RuleError> {
        with_game!(self, g => match unwrap_action(g, action) {
            Some(a) => g.apply(seat, a, at),
            None => Err(RuleError::new(ErrorCode::WrongGame, "that action belongs to another game")),
        })
    }

    /// [`AnyGame::apply`], keeping what the action did (for
    /// [`AnyGame::effects`]).
    pub fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &AnyAction,
        at: Millis,
    ) -> Result<AnyEvents, RuleError> {
        with_game!(self, g => match unwrap_action(g, action) {
            Some(a) => g.apply_with_events(seat, a, at).map(wrap_events(g)),
            None => Err(RuleError::new(ErrorCode::WrongGame, "that action belongs to another game")),
        })
    }

    /// `seat` leaves play at `at`: it resigned or ran out of the room's time
    /// (see [`Game::concede`]); returns what that did (for
    /// [`AnyGame::effects`], with `seat` as the actor: Magma's claimed
    /// territory when the game ends by it).
    pub fn concede(&mut self, seat: Seat, how: Concession, at: Millis) -> Result<AnyEvents, RuleError> {
        with_game!(self, g => g.concede_with_events(seat, how, at).map(wrap_events(g)))
    }

    /// `seat` resigns at `at` (see [`Game::concede`]).
    pub fn resign(&mut self, seat: Seat, at: Millis) -> Result<AnyEvents, RuleError> {
        self.concede(seat, Concession::Resign, at)
    }

    /// `seat` ran out of the room's time at `at` (see [`Game::concede`]).
    pub fn lose_on_time(&mut self, seat: Seat, at: Millis) -> Result<AnyEvents, RuleError> {
        self.concede(seat, Concession::OutOfTime, at)
    }

    /// Whether `seat` has left a game that goes on (see [`Game::has_left`]).
    pub fn has_left(&self, seat: Seat) -> bool {
        with_game!(self, g => g.has_left(seat))
    }

    /// Whether the game can end in a draw by agreement (not Magma).
    pub fn has_draw_by_agreement(&self) -> bool {
        with_game!(self, g => g.has_draw_by_agreement())
    }

    /// Ends the game drawn by agreement (see [`Game::agree_draw`]).
    pub fn agree_draw(&mut self, at: Millis) -> Result<(), RuleError> {
        with_game!(self, g => g.agree_draw(at))
    }

    /// Whether every seat still playing has made its first move (see
    /// [`Game::has_everyone_moved`]): until then a room may abort.
    pub fn has_everyone_moved(&self) -> bool {
        with_game!(self, g => g.has_everyone_moved())
    }

    /// Plays a table event: a concession or a draw agreed (see
    /// [`TableEvent`]).
    pub fn apply_table(&mut self, event: TableEvent, at: Millis) -> Result<AnyEvents, RuleError> {
        match event {
            TableEvent::Concede(seat, how) => self.concede(seat, how, at),
            TableEvent::DrawAgreed => {
                self.agree_draw(at)?;
                Ok(with_game!(self, g => wrap_events(g)(Vec::new())))
            }
        }
    }

    /// What `viewer` may know now of `events`, of an action `actor`
    /// played (see [`Game::effects`]); nothing for another game's events.
    pub fn effects(&self, actor: Seat, events: &AnyEvents, viewer: Viewer) -> Vec<Effect> {
        with_game!(self, g => unwrap_events(g, events).map_or_else(Vec::new, |e| g.effects(actor, e, viewer)))
    }

    /// Reads `text` as an action and plays it for `seat`; returns the action.
    pub fn play(&mut self, seat: Seat, text: &str, at: Millis) -> Result<AnyAction, ActionError> {
        let action = self.parse_action(text).map_err(ActionError::Notation)?;
        self.apply(seat, &action, at).map_err(ActionError::Rule)?;
        Ok(action)
    }

    /// The risks of `seat`'s offered actions, as text (see
    /// [`Game::risks`]).
    pub fn risks(&self, seat: Seat, at: Millis) -> Vec<(String, Risk)> {
        with_game!(self, g => g.risks(seat, at).into_iter().map(|(a, r)| (a.to_string(), r)).collect())
    }

    pub fn views_differ(&self) -> bool {
        with_game!(self, g => g.views_differ())
    }

    pub fn view(&self, viewer: Viewer) -> AnyView {
        with_game!(self, g => view_of(g, viewer))
    }

    /// The full position in the game's position format.
    pub fn position_string(&self) -> String {
        with_game!(self, g => g.position_string())
    }

    pub fn perft(&self, depth: u32) -> Result<u64, PerftError> {
        with_game!(self, g => perft(g, depth))
    }

    pub fn chance_actions<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<(Seat, AnyAction)> {
        with_game!(self, g => {
            let wrap = wrap_action(g);
            g.chance_actions(rng).into_iter().map(|(s, a)| (s, wrap(a))).collect()
        })
    }

    pub fn deadline(&self) -> Option<Deadline<AnyAction>> {
        with_game!(self, g => g.deadline().map(|d| Deadline {
            seat: d.seat,
            at: d.at,
            action: wrap_action(g)(d.action),
        }))
    }

    /// Whether `action` is the server's to play (see
    /// [`Game::is_server_action`]); false for another game's action.
    pub fn is_server_action(&self, action: &AnyAction) -> bool {
        with_game!(self, g => unwrap_action(g, action).is_some_and(|a| g.is_server_action(a)))
    }

    pub fn is_secret(&self, action: &AnyAction) -> bool {
        with_game!(self, g => unwrap_action(g, action).is_some_and(|a| g.is_secret(a)))
    }

    pub fn conceals(&self, actor: Seat, action: &AnyAction, viewer: Viewer) -> bool {
        with_game!(self, g => unwrap_action(g, action).is_some_and(|a| g.conceals(actor, a, viewer)))
    }
}

fn kind_of<G: Game>(_: &G) -> GameKind {
    G::KIND
}

fn view_of<G: Variant>(g: &G, viewer: Viewer) -> AnyView {
    G::wrap_view(g.view(viewer))
}

fn option_pairs_of<G: Game>(g: &G) -> Vec<(&'static str, String)> {
    G::option_pairs(g.options())
}

impl fmt::Display for AnyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyAction::Magnet(a) => a.fmt(f),
            AnyAction::Magnetism(a) => a.fmt(f),
            AnyAction::Magma(a) => a.fmt(f),
            AnyAction::Magneton(a) => a.fmt(f),
        }
    }
}

impl fmt::Display for AnyView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyView::Magnet(v) => v.fmt(f),
            AnyView::Magnetism(v) => v.fmt(f),
            AnyView::Magma(v) => v.fmt(f),
            AnyView::Magneton(v) => v.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_and_print() {
        for k in GameKind::ALL {
            assert_eq!(k.name().parse::<GameKind>(), Ok(k));
        }
        assert_eq!(" MagNeton ".parse::<GameKind>(), Ok(GameKind::Magneton));
        assert!(
            "chess"
                .parse::<GameKind>()
                .unwrap_err()
                .message
                .contains("unknown game")
        );
    }

    #[test]
    fn any_game_forwards_to_magneton() {
        let mut g = AnyGame::new(GameKind::Magneton, &[("move-rule", "per-ray")]).unwrap();
        assert_eq!(g.kind(), GameKind::Magneton);
        assert_eq!(g.option_pairs(), vec![("move-rule", "per-ray".to_string())]);
        assert_eq!(g.parse_seat("Black"), Some(Seat(1)));
        assert_eq!(g.legal_actions(Seat(0)).len(), 64);
        let a = g.play(Seat(0), "d4", Millis(0)).unwrap();
        assert_eq!(a.to_string(), "D4");
        let e = g.play(Seat(0), "e4", Millis(0)).unwrap_err();
        assert_eq!(e.code(), "not-your-turn");
        assert_eq!(
            g.play(Seat(1), "d4", Millis(0)).unwrap_err().to_string(),
            "D4 is occupied"
        );
        assert_eq!(
            g.play(Seat(1), "zz", Millis(0)).unwrap_err().code(),
            "bad-notation"
        );
        assert_eq!(g.position_string(), "8/8/8/8/3W4/8/8/8 b 11 12");
    }

    #[test]
    fn unknown_options_are_named() {
        let e = AnyGame::new(GameKind::Magneton, &[("rule", "line")]).unwrap_err();
        assert!(e.message.contains("unknown option \"rule\""), "{e}");
        let e = AnyGame::new(GameKind::Magneton, &[("move-rule", "diagonal")]).unwrap_err();
        assert!(
            e.message.contains("move-rule=\"diagonal\" is out of range"),
            "{e}"
        );
    }
}
