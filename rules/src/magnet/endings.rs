//! How a Magnet game ends: a King lost, the two-King race, a King that
//! held the centre, or the threefold repetition.

use super::board::{Color, Vertex};
use super::state::Magnet;
use crate::game::Outcome;
use crate::seat::SeatSet;

impl Magnet {
    /// How the position alone ends the game: a King gone, the two-King
    /// race won, or the side to move starting its turn with its King on
    /// the centre.
    pub(super) fn decide(&self) -> Option<Outcome> {
        let pos = &self.position;
        if pos.in_setup() {
            return None;
        }
        let win = |color: Color, reason: String| Outcome::Win {
            winners: SeatSet::only(color.seat()),
            side: color.name().into(),
            reason,
        };
        for color in Color::BOTH {
            if pos.king(color).is_none() {
                // Turns always end with the other side to move: a King lost
                // in its owner's own turn fell to a trap.
                let reason = if color == pos.side() {
                    "king captured".to_string()
                } else {
                    format!("{}'s king captured a trap", color.name())
                };
                return Some(win(color.other(), reason));
            }
        }
        if Color::BOTH.iter().all(|&c| pos.board.count(c) == 1)
            && let Some(color) = Color::BOTH
                .into_iter()
                .find(|&c| pos.king(c) == Some(Vertex::CENTRE))
        {
            return Some(win(color, "two-king race".into()));
        }
        let side = pos.side();
        if pos.king(side) == Some(Vertex::CENTRE) {
            return Some(win(side, "king on the centre".into()));
        }
        None
    }
}
