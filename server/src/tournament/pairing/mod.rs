//! Tournament pairings and standings as pure functions: no I/O, no clock,
//! no randomness. Players are indices `0..n` into the caller's list; points
//! are counted in halves (a win 2, a draw 1, a loss 0) so that sums stay
//! integers. docs/tournaments.md states every criterion these functions
//! keep, and `tests.rs` checks them against slow references over many
//! random events.
//!
//! - `round_robin`: Berger tables (single or double, seats swapped).
//! - `swiss`: one round of a Swiss event for two-seat games, by
//!   minimum-cost perfect matching (`integer-blossom`).
//! - `arena`: pairing the players waiting in an arena, and arena points.
//! - `tables`: Magma tables of 3–6 players, balanced for new opponents.
//! - `standings`: scores, Buchholz, Sonneborn–Berger and performance.

pub mod arena;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod tables;
#[cfg(test)]
mod tests;

/// Points in halves: a win is 2, a draw 1, a loss 0.
pub type Halves = u32;

/// One round's two-seat games: `(first seat, second seat)` pairs, and the
/// player with a bye, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// A finished game as standings need it: its players in seat order, the
/// points (halves) each scored, and the seats that lost by forfeit (a
/// no-show loses whatever the points of the others).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub players: Vec<usize>,
    pub points: Vec<Halves>,
    pub forfeits: Vec<usize>,
}

impl Played {
    /// A two-seat game: `score` is the first seat's points (2, 1 or 0).
    #[cfg(test)]
    pub fn two(first: usize, second: usize, score: Halves) -> Played {
        Played {
            players: vec![first, second],
            points: vec![score, 2 - score.min(2)],
            forfeits: Vec::new(),
        }
    }
}

/// Points by placing at a table of `n`: the last gets 0, each place above
/// one more, and tied players share the places they cover (in halves).
/// `ranks[i]` is player i's rank (1 = first; equal ranks are a tie).
pub fn placing_points(ranks: &[usize]) -> Vec<Halves> {
    let n = ranks.len();
    ranks
        .iter()
        .map(|&r| {
            let tied = ranks.iter().filter(|&&x| x == r).count();
            let above = ranks.iter().filter(|&&x| x < r).count();
            // Places above..above+tied-1 (0 = first) are worth n-1-place;
            // their average, in halves.
            let sum: usize = (above..above + tied).map(|place| n - 1 - place).sum();
            (2 * sum / tied) as Halves
        })
        .collect()
}
