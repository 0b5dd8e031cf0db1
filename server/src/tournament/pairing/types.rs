//! The values every pairing engine shares: points in halves, a round of
//! two-seat games, a finished game, and points by placing (a leaf, so
//! the engines import it rather than their parent).

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
