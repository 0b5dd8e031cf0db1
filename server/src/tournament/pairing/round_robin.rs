//! Round robin by Berger tables: every player meets every other once (or
//! twice, seats swapped, in a double round robin). The schedule is the
//! circle method turned by half the table each round, which is what the
//! published Berger tables are: the seats alternate so that no player's
//! first seats and second seats differ by more than one over a cycle, and
//! nobody has the same seat more than twice in a row. With an odd number
//! of players, whoever would meet the missing one has a bye.

use super::types::Round;

/// The rounds of a round robin of `n` players (`double`: a second cycle
/// with every game's seats swapped).
pub fn berger(n: usize, double: bool) -> Vec<Round> {
    if n < 2 {
        return Vec::new();
    }
    let m = n + n % 2;
    let fixed = m - 1;
    let mut rounds = Vec::with_capacity(2 * (m - 1));
    for r in 0..m - 1 {
        let circle: Vec<usize> = (0..m - 1).map(|k| (k + r * (m / 2)) % (m - 1)).collect();
        let mut round = Round::default();
        let first = if r % 2 == 0 {
            (circle[0], fixed)
        } else {
            (fixed, circle[0])
        };
        let tables = std::iter::once(first).chain((1..m / 2).map(|k| (circle[k], circle[m - 1 - k])));
        for (a, b) in tables {
            if a >= n {
                round.bye = Some(b);
            } else if b >= n {
                round.bye = Some(a);
            } else {
                round.pairs.push((a, b));
            }
        }
        rounds.push(round);
    }
    if double {
        let second: Vec<Round> = rounds
            .iter()
            .map(|r| Round {
                pairs: r.pairs.iter().map(|&(a, b)| (b, a)).collect(),
                bye: r.bye,
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}
