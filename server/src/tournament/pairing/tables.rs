//! Magma tables: a Swiss-like round of 3–6 player tables. The players are
//! split into tables of the size asked for (or one less, when the number
//! does not divide: `sizes`), minimising first how often players at one
//! table have met before, then the spread of scores at each table (the sum
//! over each table's pairs of their squared score difference). Up to
//! `EXACT` players every split is tried; beyond, the split by score is
//! improved by swapping players between tables until no swap helps.

use super::types::Halves;

/// Up to this many players, the best split is found by trying them all.
pub const EXACT: usize = 12;

/// A player as the tables need it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TablePlayer {
    pub score: Halves,
    /// The others met so far (an index once per game).
    pub met: Vec<usize>,
    /// Games played in the first seat.
    pub firsts: u32,
}

/// The sizes of the tables for `n` players at tables of `size` (3–6):
/// as many tables as `size` needs, evened out; none below 3.
pub fn sizes(n: usize, size: usize) -> Vec<usize> {
    sizes_within(n, size, 3, 6)
}

/// The sizes of the tables for `n` units at tables of `size`, each table
/// `min` to `max` units: as many tables as `size` needs, evened out.
pub fn sizes_within(n: usize, size: usize, min: usize, max: usize) -> Vec<usize> {
    let size = size.clamp(min, max);
    if n < min {
        return Vec::new();
    }
    let mut tables = n.div_ceil(size);
    while tables > 1 && n / tables < min {
        tables -= 1;
    }
    let base = n / tables;
    let extra = n % tables;
    if base + usize::from(extra > 0) > max {
        return Vec::new();
    }
    (0..tables).map(|t| base + usize::from(t < extra)).collect()
}

/// The cost of one table: `[meetings before, score spread]`.
pub fn table_cost(players: &[TablePlayer], table: &[usize]) -> [u64; 2] {
    let mut cost = [0u64; 2];
    for (k, &a) in table.iter().enumerate() {
        for &b in &table[k + 1..] {
            cost[0] += players[a].met.iter().filter(|&&m| m == b).count() as u64;
            let d = u64::from(players[a].score.abs_diff(players[b].score));
            cost[1] += d * d;
        }
    }
    cost
}

/// The cost of a whole split.
#[cfg(test)]
pub fn split_cost(players: &[TablePlayer], tables: &[Vec<usize>]) -> [u64; 2] {
    tables.iter().fold([0, 0], |acc, t| {
        let c = table_cost(players, t);
        [acc[0] + c[0], acc[1] + c[1]]
    })
}

/// Splits `players` into tables of `size` and seats each table: the
/// player who had the first seat least often sits first, and so on.
pub fn tables(players: &[TablePlayer], size: usize) -> Vec<Vec<usize>> {
    split(players, &sizes(players.len(), size))
}

/// Splits `players` into tables of `sizes` (which seat them all) and seats
/// each table as `tables` does; the tables of the highest scores first.
pub fn split(players: &[TablePlayer], sizes: &[usize]) -> Vec<Vec<usize>> {
    if sizes.is_empty() {
        return Vec::new();
    }
    let mut split = if players.len() <= EXACT {
        exact(players, sizes)
    } else {
        improved(players, sizes)
    };
    for table in &mut split {
        table.sort_by_key(|&i| (players[i].firsts, i));
    }
    split.sort_by_key(|t| std::cmp::Reverse(t.iter().map(|&i| players[i].score).max()));
    split
}

/// The best split, trying every one (tables of equal size unordered).
fn exact(players: &[TablePlayer], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut best: Option<([u64; 2], Vec<Vec<usize>>)> = None;
    let free: Vec<usize> = (0..players.len()).collect();
    search(players, &free, sizes, &mut Vec::new(), [0, 0], &mut best);
    best.map(|(_, split)| split).unwrap_or_default()
}

fn search(
    players: &[TablePlayer],
    free: &[usize],
    sizes: &[usize],
    chosen: &mut Vec<Vec<usize>>,
    cost: [u64; 2],
    best: &mut Option<([u64; 2], Vec<Vec<usize>>)>,
) {
    if best.as_ref().is_some_and(|(b, _)| cost >= *b) {
        return;
    }
    if sizes.is_empty() {
        *best = Some((cost, chosen.clone()));
        return;
    }
    // The first free player sits at a table of each size in turn; choose
    // its table mates.
    let (&head, others) = free.split_first().expect("players for every seat");
    let mut tried = Vec::new();
    for (k, &size) in sizes.iter().enumerate() {
        if tried.contains(&size) {
            continue;
        }
        tried.push(size);
        let mut rest_sizes = sizes.to_vec();
        rest_sizes.remove(k);
        let mut pick = Vec::with_capacity(size);
        combinations(others, size - 1, &mut pick, &mut |mates| {
            let mut table = vec![head];
            table.extend_from_slice(mates);
            let c = table_cost(players, &table);
            let rest: Vec<usize> = others.iter().copied().filter(|p| !mates.contains(p)).collect();
            chosen.push(table);
            search(
                players,
                &rest,
                &rest_sizes,
                chosen,
                [cost[0] + c[0], cost[1] + c[1]],
                best,
            );
            chosen.pop();
        });
    }
}

/// Calls `f` with every `k`-subset of `items`, in order.
fn combinations(items: &[usize], k: usize, pick: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
    if pick.len() == k {
        f(pick);
        return;
    }
    let need = k - pick.len();
    for i in 0..items.len() {
        if items.len() - i < need {
            break;
        }
        pick.push(items[i]);
        combinations(&items[i + 1..], k, pick, f);
        pick.pop();
    }
}

/// The split by score (best first), improved by swaps between tables
/// until none lowers the cost.
fn improved(players: &[TablePlayer], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(players[i].score), i));
    let mut split = Vec::with_capacity(sizes.len());
    let mut at = 0;
    for &size in sizes {
        split.push(order[at..at + size].to_vec());
        at += size;
    }
    while let Some((t, i, u, j)) = better_swap(players, &split) {
        let a = split[t][i];
        split[t][i] = split[u][j];
        split[u][j] = a;
    }
    split
}

/// A swap of two players between tables that lowers the cost, if any:
/// (table, place, other table, place).
pub fn better_swap(players: &[TablePlayer], split: &[Vec<usize>]) -> Option<(usize, usize, usize, usize)> {
    for t in 0..split.len() {
        for u in t + 1..split.len() {
            let before = add(table_cost(players, &split[t]), table_cost(players, &split[u]));
            for i in 0..split[t].len() {
                for j in 0..split[u].len() {
                    let mut a = split[t].clone();
                    let mut b = split[u].clone();
                    std::mem::swap(&mut a[i], &mut b[j]);
                    if add(table_cost(players, &a), table_cost(players, &b)) < before {
                        return Some((t, i, u, j));
                    }
                }
            }
        }
    }
    None
}

fn add(a: [u64; 2], b: [u64; 2]) -> [u64; 2] {
    [a[0] + b[0], a[1] + b[1]]
}
