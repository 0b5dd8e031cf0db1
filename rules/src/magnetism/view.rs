//! What one viewer may see of a Magnetism game: every piece, the side to
//! move, and each magnet as placed, not yet placed, or placed but hidden
//! (an opponent's secret opening square before both are in).

use std::fmt;

use super::board::{Color, GRID, Position, bit, label, rank_mask, squares};
use crate::geometry::square::Square;

/// What a viewer knows of one magnet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MagnetView {
    /// Its owner has not chosen a square yet (printed `-`).
    NotPlaced,
    /// Its owner has chosen a square this viewer may not see yet (printed
    /// `?`): the other side's secret opening choice.
    Hidden,
    /// On this square.
    At(Square),
}

/// The board as one viewer may see it. Its `Display` is the position
/// format, with a hidden magnet printed `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    pieces: [u128; 2],
    magnets: [MagnetView; 2],
    side: Color,
}

impl View {
    /// The whole position, hiding nothing.
    pub fn full(position: &Position) -> View {
        View::redacted(position, [true, true])
    }

    /// The position with each magnet shown only if `shown[colour]`.
    pub(crate) fn redacted(position: &Position, shown: [bool; 2]) -> View {
        let magnet = |c: Color| match position.magnet(c) {
            None => MagnetView::NotPlaced,
            Some(_) if !shown[c.index()] => MagnetView::Hidden,
            Some(sq) => MagnetView::At(sq),
        };
        View {
            pieces: [position.pieces(Color::White), position.pieces(Color::Black)],
            magnets: [magnet(Color::White), magnet(Color::Black)],
            side: position.side(),
        }
    }

    /// The colour of the piece on `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.pieces[c.index()] & bit(sq) != 0)
    }

    /// The squares of `c`'s pieces, ascending.
    pub fn pieces(&self, c: Color) -> impl Iterator<Item = Square> + use<> {
        squares(self.pieces[c.index()])
    }

    /// What this viewer knows of `c`'s magnet.
    pub fn magnet(&self, c: Color) -> MagnetView {
        self.magnets[c.index()]
    }

    /// The side that moves once both magnets are placed.
    pub fn side(&self) -> Color {
        self.side
    }

    /// Whether both magnets are placed (seen or not): the opening is over.
    pub fn opening_done(&self) -> bool {
        self.magnets.iter().all(|m| *m != MagnetView::NotPlaced)
    }

    /// How many of `c`'s pieces stand on the opponent's back row.
    pub fn far_row_count(&self, c: Color) -> u32 {
        (self.pieces[c.index()] & rank_mask(c.far_rank() as usize)).count_ones()
    }
}

impl fmt::Display for MagnetView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MagnetView::NotPlaced => f.write_str("-"),
            MagnetView::Hidden => f.write_str("?"),
            MagnetView::At(sq) => f.write_str(&label(sq)),
        }
    }
}

impl fmt::Display for View {
    /// `<rank 8>/…/<rank 1> <side> <white magnet> <black magnet>`; see
    /// `docs/rules/magnetism.md`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        GRID.write_ranks(f, |sq| {
            self.at(sq).map(|c| if c == Color::White { 'W' } else { 'B' })
        })?;
        let side = if self.side == Color::White { "w" } else { "b" };
        write!(f, " {side} {} {}", self.magnets[0], self.magnets[1])
    }
}

impl fmt::Display for Position {
    /// The position format, nothing hidden.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        View::full(self).fmt(f)
    }
}
