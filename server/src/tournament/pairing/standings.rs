//! Standings: each player's points and tie-breaks, and the order they
//! give. Points are the games' points (halves) plus a win's for each bye,
//! except in an arena, whose points (streaks, berserk) the caller passes.
//!
//! - **Buchholz**: the sum of the final scores of every opponent met, once
//!   per game (a bye adds nothing).
//! - **Sonneborn–Berger**: for every opponent met, their final score times
//!   how the player did against them (2 when placed above, 1 when level, 0
//!   below; a forfeit is below everyone): a win counts the opponent's
//!   whole score, a draw half. In quarters of a point.
//! - **Performance** (arena): the opponents' average rating plus 400 times
//!   (wins − losses) over games, counting each opponent at a table once.
//!
//! Order: points, then Buchholz, then Sonneborn–Berger (round robin,
//! Swiss, Magma events); points, then performance (arena); then the
//! seeding. Players level on every tie-break share a place.

use lodestone_protocol::Tally;

use super::types::{Halves, Played};

/// How standings are ordered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Points, Buchholz, Sonneborn–Berger.
    Classic,
    /// The given points (an arena's, in halves), then performance.
    Arena(Vec<Halves>),
}

/// One player's line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub player: usize,
    /// 1 for the first; players level on everything share a place.
    pub place: usize,
    /// In halves.
    pub points: Halves,
    /// In halves.
    pub buchholz: u64,
    /// In quarters.
    pub sonneborn_berger: u64,
    /// Elo-style performance (arena; `None` before any game).
    pub performance: Option<i64>,
    pub tally: Tally,
    pub byes: u32,
}

/// How `a` did against `b` in `game` (both at its table): 2 above, 1
/// level, 0 below; a seat that forfeited is below everyone.
fn against(game: &Played, a: usize, b: usize) -> u32 {
    match (game.forfeits.contains(&a), game.forfeits.contains(&b)) {
        (true, _) => return 0,
        (false, true) => return 2,
        _ => {}
    }
    let (pa, pb) = (game.points[a], game.points[b]);
    match pa.cmp(&pb) {
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 0,
    }
}

/// The standings of `n` players after `games` and `byes` (one entry per
/// bye), with `ratings` for the performance; sorted, best first.
pub fn standings(
    n: usize,
    games: &[Played],
    byes: &[usize],
    ratings: &[i64],
    order: &Order,
) -> Vec<Standing> {
    let mut rows: Vec<Standing> = (0..n)
        .map(|player| Standing {
            player,
            ..Standing::default()
        })
        .collect();
    for game in games {
        for (k, &p) in game.players.iter().enumerate() {
            rows[p].points += game.points[k];
            rows[p].tally.games += 1;
            let others = (0..game.players.len()).filter(|&j| j != k);
            let (mut above, mut below) = (0, 0);
            for j in others {
                match against(game, k, j) {
                    2 => above += 1,
                    0 => below += 1,
                    _ => {}
                }
            }
            if game.forfeits.contains(&k) {
                rows[p].tally.losses += 1;
                continue;
            }
            match above.cmp(&below) {
                std::cmp::Ordering::Greater => rows[p].tally.wins += 1,
                std::cmp::Ordering::Less => rows[p].tally.losses += 1,
                std::cmp::Ordering::Equal => rows[p].tally.draws += 1,
            }
        }
    }
    for &p in byes {
        rows[p].points += 2;
        rows[p].byes += 1;
    }
    if let Order::Arena(points) = order {
        for row in &mut rows {
            row.points = points.get(row.player).copied().unwrap_or(0);
        }
    }
    let score: Vec<u64> = rows.iter().map(|r| u64::from(r.points)).collect();
    let mut rating_sum = vec![0i64; n];
    let mut met = vec![0i64; n];
    let mut margin = vec![0i64; n];
    for game in games {
        for (k, &p) in game.players.iter().enumerate() {
            for (j, &o) in game.players.iter().enumerate() {
                if j == k {
                    continue;
                }
                rows[p].buchholz += score[o];
                let how = against(game, k, j);
                rows[p].sonneborn_berger += score[o] * u64::from(how);
                rating_sum[p] += ratings.get(o).copied().unwrap_or(0);
                met[p] += 1;
                margin[p] += i64::from(how) - 1;
            }
        }
    }
    for row in &mut rows {
        let p = row.player;
        row.performance = (met[p] > 0).then(|| (rating_sum[p] + 400 * margin[p]) / met[p]);
    }
    let key = |r: &Standing| match order {
        Order::Classic => (r.points, r.buchholz, r.sonneborn_berger, 0),
        Order::Arena(_) => (r.points, 0, 0, r.performance.unwrap_or(i64::MIN)),
    };
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.player.cmp(&b.player)));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].place
        } else {
            i + 1
        };
    }
    rows
}
