//! Magneton's actions: a drop, a move, or the forced pass.

use crate::geometry::square::Square;

/// One action of Magneton.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Drop a stone from the hand: `D4`.
    Drop(Square),
    /// Move a stone on the board: `D4-D1`.
    Move { from: Square, to: Square },
    /// The forced pass of a side with no legal move: `pass`.
    Pass,
}
