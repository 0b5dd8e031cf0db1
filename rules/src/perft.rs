//! Perft: the number of leaves of the tree of legal play to a depth, where
//! the children of a node are its distinct successor positions (two actions
//! that lead to the same position count once; NOTATION.md). A position
//! includes whether the game is over and who won: two actions that leave
//! the same pieces, one of them ending the game, are two children.

use std::collections::HashSet;
use std::fmt;

use crate::game::{Game, Millis, Outcome};
use crate::seat::SeatSet;

/// Perft was asked of a position it does not count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftError(pub String);

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PerftError {}

/// The perft count of `game` at `depth`. Simultaneous phases are not part
/// of perft: it starts from a position where they are done.
pub fn perft<G: Game>(game: &G, depth: u32) -> Result<u64, PerftError> {
    if game.to_act().len() > 1 {
        return Err(PerftError(
            "perft starts after the simultaneous phase: give a record that completes it".into(),
        ));
    }
    Ok(count(game, depth))
}

fn count<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => children(game).len() as u64,
        _ => children(game).iter().map(|c| count(c, depth - 1)).sum(),
    }
}

/// The part of a result that tells positions apart: over or not, and who
/// won (not the reason, which is words for people).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ending {
    Ongoing,
    Draw,
    Won(SeatSet),
}

impl Ending {
    fn of(outcome: Option<&Outcome>) -> Ending {
        match outcome {
            None => Ending::Ongoing,
            Some(Outcome::Draw { .. }) => Ending::Draw,
            Some(Outcome::Win { winners, .. }) => Ending::Won(*winners),
        }
    }
}

/// The distinct positions one action away, in the order their first action
/// was generated.
pub fn children<G: Game>(game: &G) -> Vec<G> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for seat in game.to_act().iter() {
        for action in game.legal_actions(seat) {
            if !game.counts_in_perft(&action) {
                continue;
            }
            let mut child = game.clone();
            child
                .apply(seat, &action, Millis(0))
                .unwrap_or_else(|e| panic!("generated action {action} was refused: {e}"));
            if seen.insert((child.position_key(), Ending::of(child.outcome()))) {
                out.push(child);
            }
        }
    }
    out
}
