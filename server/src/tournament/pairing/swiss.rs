//! One round of a Swiss event for two-seat games, paired by a
//! minimum-cost perfect matching over every possible pair (blossom, from
//! `integer-blossom`). The cost of a pairing is a list of criteria
//! compared in order, each counted over the whole round (a later one only
//! breaks ties of the ones before):
//!
//! 1. byes to players who had one already (none while avoidable);
//! 2. repeated meetings (none while avoidable);
//! 3. seats out of balance: pairs that would leave a player with first
//!    seats and second seats differing by more than two, or with the same
//!    seat three times in a row;
//! 4. score differences: the sum of the squared differences of the pairs'
//!    scores (in halves), and for the bye the squared distance of its
//!    player's score above the lowest score: players meet their own score
//!    group, a group's odd player floats to the nearest group, and the bye
//!    goes to the lowest scores;
//! 5. seat wishes not met: pairs whose players both want the same seat
//!    (the one they had fewer times, or the other one than last time);
//! 6. within a score group, the higher half meets the lower half: the
//!    distance of the pair's ranks from half the group apart.
//!
//! An odd number of players adds a "bye" vertex. Each criterion's weight
//! is one more than the most all later criteria can add up to over a
//! round, so the sum of weights orders pairings exactly like the list.

use integer_blossom::min_weight_perfect_matching;

use super::types::{Halves, Round};

/// A player's past as the pairing needs it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Points so far, in halves.
    pub score: Halves,
    /// The others met so far (an index once per game).
    pub met: Vec<usize>,
    /// Seats so far, oldest first: `true` for the first seat.
    pub seats: Vec<bool>,
    /// Whether the player has had a bye.
    pub had_bye: bool,
}

impl SwissPlayer {
    /// First seats minus second seats.
    pub fn balance(&self) -> i32 {
        self.seats.iter().map(|&f| if f { 1 } else { -1 }).sum()
    }

    fn times_met(&self, other: usize) -> u64 {
        self.met.iter().filter(|&&m| m == other).count() as u64
    }

    /// The seat the player wants: the rarer one, or else the other one
    /// than last time; `None` before any game.
    pub fn wants_first(&self) -> Option<bool> {
        match self.balance() {
            b if b > 0 => Some(false),
            b if b < 0 => Some(true),
            _ => self.seats.last().map(|&f| !f),
        }
    }

    /// Whether taking `first` keeps the seats in balance: first and second
    /// seats differ by at most two, and no seat three times in a row.
    fn may_sit(&self, first: bool) -> bool {
        let balance = self.balance() + if first { 1 } else { -1 };
        let n = self.seats.len();
        let thrice = n >= 2 && self.seats[n - 1] == first && self.seats[n - 2] == first;
        balance.abs() <= 2 && !thrice
    }
}

/// The criteria of one pair (or of the bye, with `b` = `None`), in order:
/// `[bye again, repeats, seats out of balance, score², seat wishes, half]`.
pub fn pair_cost(players: &[SwissPlayer], ranks: &[usize], a: usize, b: Option<usize>) -> [u64; 6] {
    let pa = &players[a];
    let Some(b) = b else {
        let lowest = players.iter().map(|p| p.score).min().unwrap_or(0);
        let above = u64::from(pa.score - lowest);
        return [u64::from(pa.had_bye), 0, 0, above * above, 0, 0];
    };
    let pb = &players[b];
    let repeats = pa.times_met(b);
    let seats = !((pa.may_sit(true) && pb.may_sit(false)) || (pa.may_sit(false) && pb.may_sit(true)));
    let diff = u64::from(pa.score.abs_diff(pb.score));
    let wishes = matches!((pa.wants_first(), pb.wants_first()), (Some(x), Some(y)) if x == y);
    let half = if pa.score == pb.score {
        let group = players.iter().filter(|p| p.score == pa.score).count() as u64;
        let apart = ranks[a].abs_diff(ranks[b]) as u64;
        apart.abs_diff(group / 2)
    } else {
        0
    };
    [0, repeats, u64::from(seats), diff * diff, u64::from(wishes), half]
}

/// Each criterion's weight: one more than the most the later criteria can
/// add up to over a round of `pairs` pairs (each criterion's largest
/// value over the possible pairs, times the pairs).
fn weights(maxima: &[u64; 6], pairs: u64) -> [u128; 6] {
    let mut weights = [1u128; 6];
    let mut below: u128 = 0;
    for k in (0..6).rev() {
        weights[k] = below + 1;
        below += weights[k] * u128::from(maxima[k]) * u128::from(pairs);
    }
    weights
}

/// Players' places within their score group: by score (highest first),
/// then by their order in `players` (the seeding).
fn ranks(players: &[SwissPlayer]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(players[i].score), i));
    let mut ranks = vec![0; players.len()];
    for (place, &i) in order.iter().enumerate() {
        ranks[i] = place;
    }
    ranks
}

/// Who sits first in a pair: the one whose seats stay in balance, then
/// the one who wants the first seat, then the higher score, then the
/// earlier in the seeding.
pub fn seat(players: &[SwissPlayer], a: usize, b: usize) -> (usize, usize) {
    let (pa, pb) = (&players[a], &players[b]);
    let a_first = (
        pa.may_sit(true) && pb.may_sit(false),
        pa.wants_first() == Some(true),
    );
    let b_first = (
        pb.may_sit(true) && pa.may_sit(false),
        pb.wants_first() == Some(true),
    );
    let key = |ok: (bool, bool), p: &SwissPlayer, i: usize| (ok.0, ok.1, p.score, std::cmp::Reverse(i));
    if key(a_first, pa, a) >= key(b_first, pb, b) {
        (a, b)
    } else {
        (b, a)
    }
}

/// The total cost of a round, criterion by criterion.
#[cfg(test)]
pub fn round_cost(players: &[SwissPlayer], round: &Round) -> [u64; 6] {
    let ranks = ranks(players);
    let mut total = [0u64; 6];
    let costs = round
        .pairs
        .iter()
        .map(|&(a, b)| pair_cost(players, &ranks, a, Some(b)))
        .chain(round.bye.map(|a| pair_cost(players, &ranks, a, None)));
    for cost in costs {
        for k in 0..6 {
            total[k] += cost[k];
        }
    }
    total
}

/// Pairs one round of `players` (in seeding order, best first), seated.
pub fn pair(players: &[SwissPlayer]) -> Round {
    let n = players.len();
    if n < 2 {
        return Round {
            pairs: Vec::new(),
            bye: (n == 1).then_some(0),
        };
    }
    let ranks = ranks(players);
    // With an odd number, vertex n is the bye.
    let m = n + n % 2;
    let cost = |i: usize, j: usize| {
        if j >= n {
            pair_cost(players, &ranks, i, None)
        } else {
            pair_cost(players, &ranks, i, Some(j))
        }
    };
    let mut maxima = [0u64; 6];
    let mut costs = vec![[0u64; 6]; m * m];
    for i in 0..m {
        for j in i + 1..m {
            let c = cost(i, j);
            for k in 0..6 {
                maxima[k] = maxima[k].max(c[k]);
            }
            costs[i * m + j] = c;
        }
    }
    let weights = weights(&maxima, (m / 2) as u64);
    let matrix: Vec<i128> = costs
        .iter()
        .map(|c| (0..6).map(|k| weights[k] * u128::from(c[k])).sum::<u128>() as i128)
        .collect();
    let mate = min_weight_perfect_matching(&matrix, m);
    let mut round = Round::default();
    for (i, &j) in mate.iter().enumerate().take(n) {
        if j >= n {
            round.bye = Some(i);
        } else if i < j {
            round.pairs.push(seat(players, i, j));
        }
    }
    round.pairs.sort_by_key(|&(a, b)| {
        let best = a.min(b);
        (std::cmp::Reverse(players[a].score.max(players[b].score)), best)
    });
    round
}
