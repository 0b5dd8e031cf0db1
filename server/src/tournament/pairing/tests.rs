//! The pairing criteria over many random events, each against a slow
//! reference: every perfect matching (or split into tables) tried, and
//! standings recounted player by player.

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::arena::{ArenaGame, Waiting, arena_points, distance, may_meet, pair_waiting};
use super::round_robin::berger;
use super::standings::{Order, standings};
use super::swiss::{SwissPlayer, pair, round_cost};
use super::tables::{TablePlayer, better_swap, sizes, split_cost, tables};
use super::types::{Played, Round, placing_points};

/// Every round (pairs and a bye when odd) of `players`.
fn all_rounds(players: &[usize], out: &mut Vec<Round>, current: &mut Round) {
    let Some((&first, rest)) = players.split_first() else {
        out.push(current.clone());
        return;
    };
    if rest.len() % 2 == 0 && current.bye.is_none() {
        // An odd number left: `first` may have the bye.
        current.bye = Some(first);
        all_rounds(rest, out, current);
        current.bye = None;
    }
    for (k, &other) in rest.iter().enumerate() {
        let mut left = rest.to_vec();
        left.remove(k);
        current.pairs.push((first, other));
        all_rounds(&left, out, current);
        current.pairs.pop();
    }
}

/// A random result of a two-seat game: 2, 1 or 0 for the first seat.
fn result(rng: &mut SmallRng) -> u32 {
    [2, 2, 1, 0, 0][rng.random_range(0..5)]
}

#[test]
fn berger_tables_meet_everyone_once_with_seats_in_balance() {
    for n in 2..=17 {
        for double in [false, true] {
            let rounds = berger(n, double);
            let cycle = n - 1 + n % 2;
            assert_eq!(rounds.len(), cycle * (1 + usize::from(double)), "n={n}");
            let mut games = HashSet::new();
            let mut seats: Vec<Vec<bool>> = vec![Vec::new(); n];
            let mut byes = vec![0; n];
            for round in &rounds {
                let mut busy = HashSet::new();
                for &(a, b) in &round.pairs {
                    assert!(
                        busy.insert(a) && busy.insert(b),
                        "n={n}: a player twice in a round"
                    );
                    assert!(games.insert((a, b)), "n={n}: {a}-{b} twice with the same seats");
                    seats[a].push(true);
                    seats[b].push(false);
                }
                if let Some(b) = round.bye {
                    assert!(busy.insert(b));
                    byes[b] += 1;
                }
                assert_eq!(busy.len(), n, "n={n}: everyone plays or rests each round");
            }
            for a in 0..n {
                for b in 0..n {
                    if a < b {
                        let met = usize::from(games.contains(&(a, b))) + usize::from(games.contains(&(b, a)));
                        assert_eq!(met, 1 + usize::from(double), "n={n}: {a} and {b}");
                    }
                }
                assert_eq!(byes[a], (n % 2) * (1 + usize::from(double)), "n={n}: byes of {a}");
                let balance: i32 = seats[a].iter().map(|&f| if f { 1 } else { -1 }).sum();
                assert!(
                    balance.abs() <= if double { 0 } else { 1 },
                    "n={n}: balance {balance}"
                );
                if !double {
                    assert!(
                        seats[a].windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                        "n={n}"
                    );
                }
            }
        }
    }
}

/// Plays a random Swiss event of `n` players and `rounds` rounds, checking
/// each round against every possible round when `reference`.
fn swiss_event(rng: &mut SmallRng, n: usize, rounds: usize, reference: bool) -> Vec<SwissPlayer> {
    let mut players = vec![SwissPlayer::default(); n];
    for _ in 0..rounds {
        let round = pair(&players);
        let cost = round_cost(&players, &round);
        let mut seen = HashSet::new();
        for &(a, b) in &round.pairs {
            assert!(seen.insert(a) && seen.insert(b));
        }
        assert_eq!(seen.len() + usize::from(round.bye.is_some()), n);
        assert_eq!(round.bye.is_some(), n % 2 == 1);
        if reference {
            let mut all = Vec::new();
            let everyone: Vec<usize> = (0..n).collect();
            all_rounds(&everyone, &mut all, &mut Round::default());
            let best = all
                .iter()
                .map(|r| round_cost(&players, r))
                .min()
                .expect("a round");
            assert_eq!(cost, best, "n={n}: {round:?} against the best possible");
        }
        for &(a, b) in &round.pairs {
            let score = result(rng);
            players[a].score += score;
            players[b].score += 2 - score;
            players[a].met.push(b);
            players[b].met.push(a);
            players[a].seats.push(true);
            players[b].seats.push(false);
        }
        if let Some(b) = round.bye {
            players[b].score += 2;
            players[b].had_bye = true;
        }
    }
    players
}

#[test]
fn swiss_rounds_are_the_best_possible_by_every_criterion() {
    let mut rng = SmallRng::seed_from_u64(30);
    for _ in 0..60 {
        let n = rng.random_range(2..=9);
        let rounds = rng.random_range(1..=n + 1);
        swiss_event(&mut rng, n, rounds, true);
    }
}

#[test]
fn a_swiss_of_32_in_5_rounds_repeats_nobody_and_keeps_seats_in_balance() {
    let mut rng = SmallRng::seed_from_u64(32);
    for n in [32, 31, 17] {
        for _ in 0..4 {
            let players = swiss_event(&mut rng, n, 5, false);
            let mut byes = 0;
            for (i, p) in players.iter().enumerate() {
                let distinct: HashSet<_> = p.met.iter().collect();
                assert_eq!(distinct.len(), p.met.len(), "player {i} met someone twice");
                assert!(p.balance().abs() <= 2, "player {i}: {:?}", p.seats);
                assert!(p.seats.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])));
                byes += usize::from(p.had_bye);
            }
            assert_eq!(byes, (n % 2) * 5, "one bye a round, never twice to a player");
        }
    }
}

#[test]
fn score_groups_pair_within_themselves() {
    // Four leaders on 2, four on 0, after a first round: the second round
    // pairs leaders with leaders.
    let mut players = vec![SwissPlayer::default(); 8];
    for (w, l) in [(0, 4), (1, 5), (2, 6), (3, 7)] {
        players[w].score = 2;
        players[w].met.push(l);
        players[l].met.push(w);
        players[w].seats.push(true);
        players[l].seats.push(false);
    }
    let round = pair(&players);
    for &(a, b) in &round.pairs {
        assert_eq!(players[a].score, players[b].score, "{round:?}");
    }
    // Two who met with a draw meet again only when nobody else is left,
    // with the seats swapped.
    let mut two = vec![SwissPlayer::default(); 2];
    two[0].seats.push(true);
    two[1].seats.push(false);
    two[0].met.push(1);
    two[1].met.push(0);
    assert_eq!(pair(&two).pairs, vec![(1, 0)]);
}

#[test]
fn arena_waves_pair_the_most_players_near_each_other_never_the_last_opponent() {
    let mut rng = SmallRng::seed_from_u64(12);
    for _ in 0..300 {
        let n = rng.random_range(0..=8);
        let mut places: Vec<usize> = (0..12).collect();
        for i in (1..places.len()).rev() {
            places.swap(i, rng.random_range(0..=i));
        }
        let mut waiting: Vec<Waiting> = (0..n)
            .map(|i| Waiting {
                place: places[i],
                last: None,
                may_repeat: rng.random_range(0..4) == 0,
            })
            .collect();
        // Some pairs of them just met.
        for a in 0..n {
            let b = rng.random_range(0..n.max(1));
            if a != b && waiting[a].last.is_none() && waiting[b].last.is_none() && rng.random_range(0..2) == 0
            {
                waiting[a].last = Some(b);
                waiting[b].last = Some(a);
            }
        }
        let pairs = pair_waiting(&waiting);
        for &(a, b) in &pairs {
            assert!(may_meet(&waiting, a, b), "last opponents paired: {waiting:?}");
        }
        let cost = |pairs: &[(usize, usize)]| {
            let d: u64 = pairs.iter().map(|&(a, b)| distance(&waiting, a, b)).sum();
            (std::cmp::Reverse(pairs.len()), d)
        };
        // The reference: every matching (leaving players out) that pairs
        // only players who may meet.
        let mut best = None;
        let mut rounds = Vec::new();
        let everyone: Vec<usize> = (0..n).collect();
        for leave_out in 0..=n {
            for mask in 0u32..(1 << n) {
                if mask.count_ones() as usize != leave_out || (n - leave_out) % 2 == 1 {
                    continue;
                }
                let chosen: Vec<usize> = everyone
                    .iter()
                    .copied()
                    .filter(|&i| mask & (1 << i) == 0)
                    .collect();
                rounds.clear();
                all_rounds(&chosen, &mut rounds, &mut Round::default());
                for r in &rounds {
                    if r.bye.is_none() && r.pairs.iter().all(|&(a, b)| may_meet(&waiting, a, b)) {
                        let c = cost(&r.pairs);
                        if best.is_none_or(|b| c < b) {
                            best = Some(c);
                        }
                    }
                }
            }
        }
        assert_eq!(Some(cost(&pairs)), best, "{waiting:?}");
    }
}

#[test]
fn arena_points_double_on_a_streak_and_reward_berserk_wins() {
    let g = |result, berserk| ArenaGame { result, berserk };
    let (total, each) = arena_points(&[
        g(2, false),
        g(2, false),
        g(2, true),
        g(1, false),
        g(2, false),
        g(0, true),
    ]);
    // Win 2, win 2, on fire: berserk win 4+1, on fire: draw 2 (streak ends),
    // win 2, loss 0.
    assert_eq!(each, vec![2, 2, 5, 2, 2, 0]);
    assert_eq!(total, 13);
}

#[test]
fn placing_points_share_tied_places() {
    assert_eq!(placing_points(&[1, 2, 3, 4]), vec![6, 4, 2, 0]);
    assert_eq!(placing_points(&[1, 1, 3, 4]), vec![5, 5, 2, 0]);
    assert_eq!(placing_points(&[2, 1, 2]), vec![1, 4, 1]);
    assert_eq!(placing_points(&[1, 1]), vec![1, 1]);
}

/// The lowest cost of every split of `players` into tables of `sizes`
/// (slow: each labelled split is tried).
pub(super) fn best_split_cost(players: &[TablePlayer], sizes: &[usize]) -> Option<[u64; 2]> {
    let mut best = None;
    every_split(
        players.len(),
        sizes,
        0,
        &mut vec![Vec::new(); sizes.len()],
        &mut |s| {
            let c = split_cost(players, s);
            if best.is_none_or(|b| c < b) {
                best = Some(c);
            }
        },
    );
    best
}

/// Every split of `players` into tables of `sizes`, labelled (slow).
fn every_split(
    n: usize,
    sizes: &[usize],
    at: usize,
    tables: &mut Vec<Vec<usize>>,
    f: &mut impl FnMut(&[Vec<usize>]),
) {
    if at == n {
        f(tables);
        return;
    }
    for t in 0..sizes.len() {
        if tables[t].len() < sizes[t] {
            tables[t].push(at);
            every_split(n, sizes, at + 1, tables, f);
            tables[t].pop();
        }
    }
}

/// A random Magma event of `n` players at tables of `size`, `rounds`
/// rounds, checking each round's split against every split when `reference`.
fn table_event(
    rng: &mut SmallRng,
    n: usize,
    size: usize,
    rounds: usize,
    reference: bool,
) -> Vec<TablePlayer> {
    let mut players = vec![TablePlayer::default(); n];
    for _ in 0..rounds {
        let split = tables(&players, size);
        let mut seen: Vec<usize> = split.iter().flatten().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..n).collect::<Vec<_>>());
        assert!(split.iter().all(|t| (3..=6).contains(&t.len())));
        let cost = split_cost(&players, &split);
        if reference {
            let best = best_split_cost(&players, &sizes(n, size));
            assert_eq!(Some(cost), best, "n={n} size={size}");
        } else {
            assert_eq!(better_swap(&players, &split), None, "no swap improves the split");
        }
        for table in &split {
            let mut ranks: Vec<usize> = (0..table.len())
                .map(|_| rng.random_range(1..=table.len()))
                .collect();
            ranks.sort_unstable();
            let points = placing_points(&ranks);
            for (k, &p) in table.iter().enumerate() {
                players[p].score += points[k];
                players[p].met.extend(table.iter().copied().filter(|&o| o != p));
            }
            players[table[0]].firsts += 1;
        }
    }
    players
}

#[test]
fn magma_tables_are_the_best_split_by_every_criterion() {
    let mut rng = SmallRng::seed_from_u64(4);
    for (n, size) in [(6, 3), (7, 4), (8, 4), (9, 3), (10, 5), (8, 3), (12, 4)] {
        table_event(&mut rng, n, size, 3, true);
    }
}

#[test]
fn big_magma_events_cannot_be_improved_by_a_swap() {
    let mut rng = SmallRng::seed_from_u64(44);
    table_event(&mut rng, 20, 4, 4, false);
    table_event(&mut rng, 17, 3, 3, false);
    assert_eq!(sizes(10, 4), vec![4, 3, 3]);
    assert_eq!(sizes(5, 4), vec![5]);
    assert_eq!(sizes(13, 6), vec![5, 4, 4]);
}

/// Standings recounted the slow way: each player's games looked up again
/// for every figure.
#[test]
fn standings_and_tie_breaks_equal_a_recount() {
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..100 {
        let n = rng.random_range(2..=10);
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for _ in 0..rng.random_range(0..20) {
            let a = rng.random_range(0..n);
            let b = rng.random_range(0..n);
            if a == b {
                byes.push(a);
            } else if rng.random_range(0..4) == 0 && n >= 3 {
                let c = (0..n).find(|&c| c != a && c != b).expect("three players");
                let ranks: Vec<usize> = (0..3).map(|_| rng.random_range(1..=3)).collect();
                games.push(Played {
                    players: vec![a, b, c],
                    points: placing_points(&ranks),
                    forfeits: Vec::new(),
                });
            } else if rng.random_range(0..6) == 0 {
                // A no-show: the first seat forfeits.
                games.push(Played {
                    players: vec![a, b],
                    points: vec![0, 2],
                    forfeits: vec![0],
                });
            } else {
                games.push(Played::two(a, b, result(&mut rng)));
            }
        }
        let ratings: Vec<i64> = (0..n).map(|_| rng.random_range(1000..2000)).collect();
        let rows = standings(n, &games, &byes, &ratings, &Order::Classic);
        let points = |p: usize| -> u64 {
            let mut total = 2 * byes.iter().filter(|&&b| b == p).count() as u64;
            for g in &games {
                for (k, &q) in g.players.iter().enumerate() {
                    if q == p {
                        total += u64::from(g.points[k]);
                    }
                }
            }
            total
        };
        for row in &rows {
            let p = row.player;
            assert_eq!(u64::from(row.points), points(p));
            let (mut buchholz, mut sb) = (0, 0);
            for g in &games {
                let Some(k) = g.players.iter().position(|&q| q == p) else {
                    continue;
                };
                for (j, &o) in g.players.iter().enumerate() {
                    if j != k {
                        buchholz += points(o);
                        let how = if g.forfeits.contains(&k) {
                            0
                        } else if g.forfeits.contains(&j) || g.points[k] > g.points[j] {
                            2
                        } else if g.points[k] == g.points[j] {
                            1
                        } else {
                            0
                        };
                        sb += points(o) * how;
                    }
                }
            }
            assert_eq!(row.buchholz, buchholz);
            assert_eq!(row.sonneborn_berger, sb);
        }
        for w in rows.windows(2) {
            let key = |r: &super::standings::Standing| (r.points, r.buchholz, r.sonneborn_berger);
            assert!(key(&w[0]) >= key(&w[1]));
            assert_eq!(w[0].place == w[1].place, key(&w[0]) == key(&w[1]));
        }
        // The arena's order: its points, then performance.
        let arena: Vec<u32> = (0..n).map(|_| rng.random_range(0..10)).collect();
        let rows = standings(n, &games, &byes, &ratings, &Order::Arena(arena.clone()));
        for w in rows.windows(2) {
            assert!((w[0].points, w[0].performance) >= (w[1].points, w[1].performance));
        }
        assert!(rows.iter().all(|r| r.points == arena[r.player]));
    }
}
