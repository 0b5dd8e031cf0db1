//! Magnetism's actions: the secret magnet placement and the two-part move.

use crate::geometry::square::Square;

/// One action of Magnetism.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The secret opening choice of the magnet's square: `magnet g4`.
    Magnet(Square),
    /// A complete move: the magnet to `magnet`, then the piece on `from`
    /// pushed or pulled to `to`: `(f5) j1-g4`.
    Move {
        magnet: Square,
        from: Square,
        to: Square,
    },
}
