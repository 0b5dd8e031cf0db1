//! The arena: players who are not in a game wait to be paired, and are
//! paired in waves (the director runs one every few seconds). A wave pairs
//! as many waiting players as it can, each with someone near in the
//! standings (the sum of the squared distances of the pairs' places), and
//! never two players who just met, unless both have waited long enough
//! (`may_repeat`: nobody else came). Points: a win 2, a draw 1, a loss 0;
//! after two wins in a row a player is on a streak and every game scores
//! double until one is not a win; a berserk win scores one more, once
//! the berserk player made `BERSERK_MIN_MOVES` moves of its own.

use integer_blossom::max_weight_matching;

use super::types::Halves;

/// A waiting player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Place in the standings (0 = first).
    pub place: usize,
    /// The index (among the waiting) of the player met last, if waiting.
    pub last: Option<usize>,
    /// Waited so long that meeting the last opponent again is allowed.
    pub may_repeat: bool,
}

/// Whether `a` and `b` may meet now.
pub fn may_meet(waiting: &[Waiting], a: usize, b: usize) -> bool {
    let last = waiting[a].last == Some(b) || waiting[b].last == Some(a);
    !last || (waiting[a].may_repeat && waiting[b].may_repeat)
}

/// The cost of a pair: how far apart they stand, squared.
pub fn distance(waiting: &[Waiting], a: usize, b: usize) -> u64 {
    let d = waiting[a].place.abs_diff(waiting[b].place) as u64;
    d * d
}

/// Pairs the waiting players: the most pairs possible among those who may
/// meet, then the smallest total distance. Returns unordered pairs
/// (seating is the caller's: the one with fewer first seats goes first).
pub fn pair_waiting(waiting: &[Waiting]) -> Vec<(usize, usize)> {
    let n = waiting.len();
    if n < 2 {
        return Vec::new();
    }
    // Every pair weighs more than all distances together, so more pairs
    // always win; among as many, the nearer.
    let total: u64 = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .map(|(a, b)| distance(waiting, a, b))
        .sum();
    let base = i128::from(total) + 1;
    let mut weight = vec![0i128; n * n];
    for a in 0..n {
        for b in a + 1..n {
            if may_meet(waiting, a, b) {
                weight[a * n + b] = 2 * base - i128::from(distance(waiting, a, b));
            }
        }
    }
    let mate = max_weight_matching(&weight, n);
    (0..n)
        .filter_map(|a| mate[a].filter(|&b| a < b).map(|b| (a, b)))
        .collect()
}

/// The moves (actions) of its own a player who went berserk must have
/// made in the game for a win to score the berserk point (as lichess asks
/// seven): going berserk and winning at once, because the opponent
/// resigned or never came, earns nothing more.
pub const BERSERK_MIN_MOVES: usize = 7;

/// One arena game of a player, as points need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// 2 a win, 1 a draw, 0 a loss.
    pub result: Halves,
    /// The player went berserk in this game and made its
    /// `BERSERK_MIN_MOVES` moves: a win scores one more.
    pub berserk: bool,
}

/// A player's arena points for its games in the order played, and each
/// game's points (for showing streaks). In whole points, not halves.
pub fn arena_points(games: &[ArenaGame]) -> (u32, Vec<u32>) {
    let mut wins_in_a_row = 0;
    let mut each = Vec::with_capacity(games.len());
    for game in games {
        let on_fire = wins_in_a_row >= 2;
        let mut points = game.result;
        if on_fire {
            points *= 2;
        }
        if game.result == 2 && game.berserk {
            points += 1;
        }
        if game.result == 2 {
            wins_in_a_row += 1;
        } else {
            wins_in_a_row = 0;
        }
        each.push(points);
    }
    (each.iter().sum(), each)
}
