//! What a Magnetism action did ([`Event`]) and how it is told: a magnet
//! put down in the opening (told only to those who may see it), or a
//! magnet moved and a piece pushed or pulled along a line through it.

use super::board::{Color, GRID};
use super::notation::square_label;
use crate::effect::{Effect, PieceInfo};
use crate::geometry::square::Square;

/// One thing a Magnetism action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `color`'s magnet went down on `at` in the opening; the placement
    /// that completes the opening also records the other magnet, which
    /// both sides then see.
    MagnetPlaced { color: Color, at: Square },
    /// A complete move: the magnet from `magnet_from` to `magnet_to`, then
    /// the piece from `from` to `to`.
    Moved {
        color: Color,
        magnet_from: Square,
        magnet_to: Square,
        from: Square,
        to: Square,
    },
}

/// The labels of the squares from `from` to `to` along their line.
fn path(from: Square, to: Square) -> Vec<String> {
    GRID.line_path(from, to).into_iter().map(square_label).collect()
}

/// How far `a` is from `b` along their line.
fn distance(a: Square, b: Square) -> u8 {
    GRID.direction(a, b).map_or(0, |(_, d)| d)
}

/// The effects of one event.
pub(super) fn tell(event: &Event) -> Vec<Effect> {
    match *event {
        Event::MagnetPlaced { color, at } => vec![Effect::Place {
            at: square_label(at),
            piece: PieceInfo::kind(color.name(), "magnet"),
        }],
        Event::Moved {
            color,
            magnet_from,
            magnet_to,
            from,
            to,
        } => {
            let piece = PieceInfo::of(color.name());
            let (from_label, to_label) = (square_label(from), square_label(to));
            let pulled = distance(to, magnet_to) < distance(from, magnet_to);
            vec![
                Effect::Move {
                    from: square_label(magnet_from),
                    to: square_label(magnet_to),
                    path: path(magnet_from, magnet_to),
                    piece: PieceInfo::kind(color.name(), "magnet"),
                },
                if pulled {
                    Effect::Pull {
                        from: from_label,
                        to: to_label,
                        piece,
                    }
                } else {
                    Effect::Push {
                        from: from_label,
                        to: to_label,
                        piece,
                    }
                },
            ]
        }
    }
}
