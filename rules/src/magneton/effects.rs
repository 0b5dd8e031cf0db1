//! What a Magneton action did ([`Event`]) and how it is told: the stone
//! dropped or moved, each stone the magnetic effect pushed or pulled, and
//! the winning line. Magneton hides nothing, so every viewer is told the
//! same.

use super::board::{Color, Displaced, GRID};
use super::notation::square_label;
use crate::effect::{Effect, PieceInfo};
use crate::geometry::square::Square;

/// One thing a Magneton action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Dropped {
        at: Square,
        color: Color,
    },
    Moved {
        from: Square,
        to: Square,
        color: Color,
    },
    /// A stone of the magnetic effect.
    Displaced(Displaced),
    /// The winning line (every square of it).
    Line {
        cells: Vec<Square>,
        color: Color,
    },
}

/// The labels of the squares from `from` to `to` along their line.
fn path(from: Square, to: Square) -> Vec<String> {
    GRID.line_path(from, to).into_iter().map(square_label).collect()
}

/// The effects of one event.
pub(super) fn tell(event: &Event) -> Effect {
    let stone = |c: Color| PieceInfo::of(c.name());
    match event {
        Event::Dropped { at, color } => Effect::Place {
            at: square_label(*at),
            piece: stone(*color),
        },
        Event::Moved { from, to, color } => Effect::Move {
            from: square_label(*from),
            to: square_label(*to),
            path: path(*from, *to),
            piece: stone(*color),
        },
        Event::Displaced(d) if d.pushed => Effect::Push {
            from: square_label(d.from),
            to: square_label(d.to),
            piece: stone(d.color),
        },
        Event::Displaced(d) => Effect::Pull {
            from: square_label(d.from),
            to: square_label(d.to),
            piece: stone(d.color),
        },
        Event::Line { cells, color } => Effect::Line {
            cells: cells.iter().map(|&sq| square_label(sq)).collect(),
            side: color.name().to_string(),
        },
    }
}
