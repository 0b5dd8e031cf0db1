//! Magnetism (Games and Puzzles Journal 17): twelve pieces a side on a
//! 12×8 board race to the opponent's back row. Each turn a player moves its
//! magnet like a queen, then pushes or pulls one of its pieces along a line
//! through the magnet. The magnets start on squares chosen in secret.
//!
//! The rules are those of RULINGS.md; `docs/rules/magnetism.md` tells them
//! in full, with our decisions.

mod action;
mod board;
mod effects;
mod notation;
mod view;

use std::fmt;
use std::ops::ControlFlow;

pub use action::Action;
pub use board::{Color, GRID, InvalidPosition, PIECES, Position, squares};
pub use effects::Event;
pub use notation::square_label;
pub use view::{MagnetView, View};

use crate::game::{
    Effect, ErrorCode, Events, Game, GameOptions, Millis, NotationError, OptionError, OptionSpec,
    OptionValues, Outcome, Risk, RuleError, avoidable,
};
use crate::geometry::square::Square;
use crate::repetition::Repetitions;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::table::{self, Moved};

/// The options of Magnetism.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Whether the third occurrence of a position draws (`repetition=on`,
    /// the default) or play goes on (`repetition=off`).
    pub repetition_draw: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            repetition_draw: true,
        }
    }
}

const OPTION_SPECS: &[OptionSpec] = &[OptionSpec {
    key: "repetition",
    values: &["on", "off"],
    help: "on: the third occurrence of the same position (pieces, magnets, side to move) is a draw; \
           off: play on",
}];

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = OPTION_SPECS;

    fn from_values(values: &OptionValues) -> Result<Options, OptionError> {
        Ok(Options {
            repetition_draw: values.get("repetition") == "on",
        })
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        let repetition = if self.repetition_draw { "on" } else { "off" };
        vec![("repetition", repetition.into())]
    }
}

/// A game of Magnetism: the position plus what the position alone does not
/// say (options, the positions seen since the opening, the result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magnetism {
    options: Options,
    position: Position,
    /// Every position since the opening ended, the current one last (kept
    /// only when repetition draws).
    history: Repetitions<Position>,
    /// The seats that have made a move since the opening.
    moved: Moved,
    outcome: Option<Outcome>,
}

fn win(winner: Color, reason: String) -> Option<Outcome> {
    Some(Outcome::win(SeatSet::only(winner.seat()), winner.name(), reason))
}

impl Magnetism {
    /// A game that continues from `position`. If the opening is over, the
    /// back-row rule is applied as if the side not to move had just moved,
    /// and a side to move without a complete move loses.
    pub fn from_position(options: Options, position: Position) -> Magnetism {
        // Only a position with every piece on its starting square shows
        // that nobody has moved yet (white moves first).
        let start = Position::start();
        let unmoved = !position.opening_done()
            || (position.side() == Color::White
                && Color::BOTH.iter().all(|&c| position.pieces(c) == start.pieces(c)));
        let mut game = Magnetism {
            options,
            position,
            history: Repetitions::new(),
            moved: Moved::all_or_nobody(2, !unmoved),
            outcome: None,
        };
        if position.opening_done() {
            game.remember();
            game.outcome = game.back_row(position.side().other()).or_else(|| game.stuck());
        }
        game
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    fn remember(&mut self) {
        if self.options.repetition_draw {
            self.history.push(self.position);
        }
    }

    /// The back-row rule after `mover`'s complete move: all twelve across
    /// wins; otherwise an opponent who is ahead wins.
    fn back_row(&self, mover: Color) -> Option<Outcome> {
        let mine = self.position.far_row_count(mover);
        let theirs = self.position.far_row_count(mover.other());
        if mine == PIECES {
            win(mover, format!("all {PIECES} pieces on the far row"))
        } else if theirs > mine {
            win(mover.other(), format!("ahead on the far row, {theirs} to {mine}"))
        } else {
            None
        }
    }

    /// A side to move that cannot complete both parts of a move loses.
    fn stuck(&self) -> Option<Outcome> {
        let side = self.position.side();
        (!self.position.has_move(side))
            .then(|| win(side.other(), format!("{} cannot complete a move", side.name())))
            .flatten()
    }

    /// Whether `viewer` may see `c`'s magnet now: always once both are
    /// placed, and before that only its owner and the referee.
    fn shows_magnet(&self, c: Color, viewer: Viewer) -> bool {
        self.position.opening_done()
            || match viewer {
                Viewer::Referee => true,
                Viewer::Seat(s) => s == c.seat(),
                Viewer::Spectator => false,
            }
    }
}

impl Game for Magnetism {
    crate::game::game_types!(Magnetism, view: View, key: Position, checked: ());

    fn check(&self, seat: Seat, action: &Action, _at: Millis) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        let pos = &self.position;
        let Some(color) = Color::from_seat(seat) else {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("seat {} does not play Magnetism", seat.0),
            ));
        };
        let name = color.name();
        if !pos.opening_done() {
            if let Some(sq) = pos.magnet(color) {
                let other = color.other().name();
                return Err(RuleError::new(
                    ErrorCode::NotYourTurn,
                    format!(
                        "{name} has already placed its magnet on {}; waiting for {other}",
                        square_label(sq)
                    ),
                ));
            }
            return match *action {
                Action::Move { .. } => Err(RuleError::new(
                    ErrorCode::WrongPhase,
                    format!(
                        "{name} must first place its magnet (magnet <square>, {})",
                        color.zone_text()
                    ),
                )),
                Action::Magnet(sq) => {
                    let label = square_label(sq);
                    if color.magnet_zone() & board::bit(sq) == 0 {
                        Err(RuleError::illegal(format!(
                            "{name}'s magnet must start in its own half off the back row ({}), not on {label}",
                            color.zone_text()
                        )))
                    } else if !pos.is_empty(sq) {
                        Err(RuleError::illegal(format!("{label} is occupied")))
                    } else {
                        Ok(())
                    }
                }
            };
        }
        if color != pos.side() {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", pos.side().name()),
            ));
        }
        match *action {
            Action::Magnet(_) => Err(RuleError::new(
                ErrorCode::WrongPhase,
                "both magnets are already placed: a move is written (f5) j1-g4",
            )),
            Action::Move { magnet, from, to } => pos.check_move(magnet, from, to).map_err(RuleError::illegal),
        }
    }

    fn play_unchecked<E: Events<Event>>(
        &mut self,
        seat: Seat,
        action: &Action,
        _checked: (),
        _at: Millis,
        events: &mut E,
    ) {
        match *action {
            Action::Magnet(at) => {
                let color = Color::from_seat(seat).expect("checked");
                self.position.place_magnet(color, at);
                events.record(|| Event::MagnetPlaced { color, at });
                if self.position.opening_done() {
                    // Both are down: the other magnet is revealed now.
                    let other = color.other();
                    if let Some(at) = self.position.magnet(other) {
                        events.record(|| Event::MagnetPlaced { color: other, at });
                    }
                    self.remember();
                    self.outcome = self.stuck();
                }
            }
            Action::Move { magnet, from, to } => {
                let mover = self.position.side();
                self.moved.add(mover.seat());
                if let Some(magnet_from) = self.position.magnet(mover) {
                    events.record(|| Event::Moved {
                        color: mover,
                        magnet_from,
                        magnet_to: magnet,
                        from,
                        to,
                    });
                }
                self.position.play(magnet, from, to);
                self.remember();
                self.outcome = self
                    .back_row(mover)
                    .or_else(|| self.stuck())
                    .or_else(|| self.history.draw());
            }
        }
    }

    crate::side::two_sided_game!();

    fn to_act(&self) -> SeatSet {
        let pos = &self.position;
        if self.outcome.is_some() {
            SeatSet::EMPTY
        } else if pos.opening_done() {
            SeatSet::only(pos.side().seat())
        } else {
            Color::BOTH
                .into_iter()
                .filter(|&c| pos.magnet(c).is_none())
                .map(Color::seat)
                .collect()
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let pos = &self.position;
        let color = Color::from_seat(seat).expect("a seat that may act is white or black");
        if !pos.opening_done() {
            return squares(pos.placements(color)).map(Action::Magnet).collect();
        }
        let mut actions = Vec::with_capacity(256);
        let _ = pos.visit_moves(color, |magnet, from, to| {
            actions.push(Action::Move { magnet, from, to });
            ControlFlow::Continue(())
        });
        actions
    }

    /// Judged on copies of the position, not of the game: each offered
    /// move is played on a copy; the back-row rule and a stuck opponent
    /// decide first, then the opponent's quick win is looked for
    /// ([`Position::can_win_at_once`]), and only then whether the move
    /// would have drawn by a third repetition. Whether a side surely keeps
    /// a move is answered from footprints of its moves
    /// ([`Position::footprints`]) rather than by playing: the opponent's
    /// footprints are found once, and an offer keeps those it does not
    /// touch (where its magnet and its piece go); the mover's are found
    /// once per square its magnet may go to, and an offer keeps those its
    /// piece's two squares do not touch. The same answer as
    /// [`Game::risks`]'s default, which plays everything out (a test
    /// compares them over many random positions).
    fn risks(&self, seat: Seat, _at: Millis) -> Vec<(Action, Risk)> {
        if self.views_differ() || !self.to_act().contains(seat) {
            return Vec::new();
        }
        let pos = self.position;
        let me = pos.side();
        let other = me.other();
        let theirs_now = pos.footprints(other);
        // The mover's footprints per square its magnet may go to.
        let mut mine_at: Vec<(Square, board::Footprints)> = Vec::new();
        let mut judged = Vec::with_capacity(256);
        let _ = pos.visit_moves(me, |magnet, from, to| {
            let mut after = pos;
            after.play(magnet, from, to);
            let (mine, theirs) = (after.far_row_count(me), after.far_row_count(other));
            let changed = board::bit(magnet) | board::bit(to);
            let risk = if mine == PIECES {
                None
            } else if theirs > mine {
                Some(Risk::Loses)
            } else if !theirs_now.any_avoiding(changed) && !after.has_move(other) {
                // The opponent cannot complete a move: the mover wins.
                None
            } else {
                let prints = match mine_at.iter().find(|(m, _)| *m == magnet) {
                    Some((_, p)) => p,
                    None => {
                        let p = pos.with_magnet(me, magnet).footprints(me);
                        mine_at.push((magnet, p));
                        &mine_at.last().expect("just pushed").1
                    }
                };
                let allows = after.can_win_at_once(prints, board::bit(from) | board::bit(to))
                    && !(self.options.repetition_draw && self.history.would_draw(&after));
                allows.then_some(Risk::AllowsWin)
            };
            judged.push((Action::Move { magnet, from, to }, risk));
            ControlFlow::Continue(())
        });
        avoidable(judged)
    }

    /// Tried on copies of the position alone (no game, no history): after
    /// a move, the mover wins at once with all its pieces across, or when
    /// the other side, not ahead, cannot complete a move
    /// ([`Position::can_win_at_once`]).
    fn can_win_at_once(&self, seat: Seat, _against: Seat, _at: Millis) -> bool {
        let pos = self.position;
        Color::from_seat(seat).is_some_and(|c| c == pos.side() && pos.opening_done())
            && pos.can_win_at_once(&pos.footprints(pos.side().other()), 0)
    }

    /// A magnet placement is told to whoever may see that magnet now.
    fn effects(&self, _actor: Seat, events: &[Event], viewer: Viewer) -> Vec<Effect> {
        events
            .iter()
            .filter(|e| match e {
                Event::MagnetPlaced { color, .. } => self.shows_magnet(*color, viewer),
                Event::Moved { .. } => true,
            })
            .flat_map(effects::tell)
            .collect()
    }

    table::two_sided_table!();

    /// Both sides have moved their magnet and a piece; placing the secret
    /// magnet does not count.
    fn has_everyone_moved(&self) -> bool {
        self.moved.0.len() == 2
    }

    /// Only the secret opening hides anything.
    fn views_differ(&self) -> bool {
        !self.position.opening_done()
    }

    fn view(&self, viewer: Viewer) -> View {
        let shown = Color::BOTH.map(|c| self.shows_magnet(c, viewer));
        View::redacted(&self.position, shown)
    }

    fn position_key(&self) -> Position {
        self.position
    }

    /// A magnet placement stays hidden from everyone but its owner (and the
    /// referee) until both magnets are placed.
    fn is_secret(&self, action: &Action) -> bool {
        matches!(action, Action::Magnet(_))
    }

    fn conceals(&self, actor: Seat, action: &Action, viewer: Viewer) -> bool {
        match (action, Color::from_seat(actor)) {
            (Action::Magnet(_), Some(c)) => !self.shows_magnet(c, viewer),
            _ => false,
        }
    }
}

impl fmt::Display for Magnetism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position, f)
    }
}
