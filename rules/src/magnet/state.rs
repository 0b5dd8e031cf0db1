//! The state of a Magnet game ([`Magnet`]) and its keys: the position as
//! perft counts it, and as repetition compares it.

use super::board::{Color, Position, VERTICES};
use super::options::Options;
use crate::game::{ErrorCode, Outcome, RuleError};
use crate::repetition::Repetitions;
use crate::seat::Seat;
use crate::table::Moved;

/// The position as it decides future play: every piece (owner, kind,
/// value, rank, vertex), the side to move and whether Red's opening turn is
/// to come. Perft counts these.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub(super) repeated: Repeated,
    pub(super) opening: bool,
}

/// What repetition compares (RULINGS.md): every piece's owner, kind, value,
/// rank and vertex, plus the side to move; not the opening turn, so the
/// start of play counts as the first occurrence of its position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Repeated {
    pub(super) cells: [u8; VERTICES],
    pub(super) side: Color,
}

/// A game of Magnet: the position plus what the position alone does not
/// say (options, the positions seen since the last irreversible turn, the
/// result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magnet {
    pub(super) options: Options,
    pub(super) position: Position,
    /// Every position since the last capture, trap or promotion (none of
    /// which can be undone), the current one last; empty during the setup.
    pub(super) history: Repetitions<Repeated>,
    /// The seats that have played a turn (setups do not count).
    pub(super) moved: Moved,
    pub(super) outcome: Option<Outcome>,
}

impl Magnet {
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub(super) fn repeated(&self) -> Repeated {
        Repeated {
            cells: *self.position.board.cells(),
            side: self.position.side(),
        }
    }

    pub(super) fn side_of(&self, seat: Seat) -> Result<Color, RuleError> {
        Color::from_seat(seat).ok_or_else(|| {
            RuleError::new(
                ErrorCode::NotYourTurn,
                format!("Magnet has two seats (red and blue), not seat {}", seat.0),
            )
        })
    }
}
