//! Magma events of fixed teams over many random events: every team seated
//! once a round, tables of two or three teams, teams meeting again only
//! when every split would (the split's cost equal to the best of every
//! split), and both partners always at the same table on the same side,
//! as the rules' own colour teams of a four- or six-player game say.

use lodestone_rules::{AnyGame, GameKind, Seat};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::tables::{TablePlayer, split_cost};
use super::teams::{seat, team_sizes, team_tables};
use super::tests::best_split_cost;
use super::types::placing_points;

/// The team of each seat of a Magma game of `players`, as its rules say.
fn colour_teams(players: usize) -> Vec<u8> {
    let game = AnyGame::new(GameKind::Magma, &[("players", players.to_string())]).expect("a Magma game");
    (0..players).map(|s| game.team(Seat(s as u8))).collect()
}

/// A random event of `n` teams of two (team `t`: players `2t`, `2t + 1`)
/// at tables of `per_table` teams; checks every round and returns how
/// often each pair of teams met.
fn team_event(
    rng: &mut SmallRng,
    n: usize,
    per_table: usize,
    rounds: usize,
    reference: bool,
) -> Vec<Vec<u32>> {
    let members: Vec<Vec<usize>> = (0..n).map(|t| vec![2 * t, 2 * t + 1]).collect();
    let mut teams = vec![TablePlayer::default(); n];
    let mut met = vec![vec![0u32; n]; n];
    for _ in 0..rounds {
        let split = team_tables(&teams, per_table);
        let mut seen: Vec<usize> = split.iter().flatten().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..n).collect::<Vec<_>>(), "every team once");
        assert!(split.iter().all(|t| (2..=3).contains(&t.len())), "{split:?}");
        if reference {
            let best = best_split_cost(&teams, &team_sizes(n, per_table));
            assert_eq!(
                Some(split_cost(&teams, &split)),
                best,
                "n={n} per_table={per_table}"
            );
        }
        for table in &split {
            let seats = seat(table, &members);
            let k = table.len();
            assert_eq!(seats.len(), 2 * k);
            let colours = colour_teams(seats.len());
            for (place, &t) in table.iter().enumerate() {
                // Both partners at this table, on one side: seats t, t + k.
                assert_eq!((seats[place], seats[place + k]), (2 * t, 2 * t + 1));
                assert_eq!(colours[place], colours[place + k]);
                for other in (0..k).filter(|&o| o != place) {
                    assert_ne!(colours[place], colours[other], "another team, another side");
                }
            }
            let mut ranks: Vec<usize> = (0..k).map(|_| rng.random_range(1..=k)).collect();
            ranks.sort_unstable();
            let points = placing_points(&ranks);
            for (place, &t) in table.iter().enumerate() {
                teams[t].score += points[place];
                for &o in table.iter().filter(|&&o| o != t) {
                    teams[t].met.push(o);
                    met[t][o] += 1;
                }
            }
            teams[table[0]].firsts += 1;
        }
    }
    met
}

#[test]
fn team_tables_are_the_best_split_and_partners_share_a_side() {
    let mut rng = SmallRng::seed_from_u64(30);
    for _ in 0..4 {
        for (n, per_table) in [
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 2),
            (6, 2),
            (6, 3),
            (7, 3),
            (8, 2),
            (9, 3),
            (10, 2),
        ] {
            team_event(&mut rng, n, per_table, 3, true);
        }
    }
    // Beyond the exact search: still every team once, partners together.
    team_event(&mut rng, 16, 2, 4, false);
    team_event(&mut rng, 15, 3, 4, false);
}

#[test]
fn teams_meet_new_teams_while_any_are_left() {
    let mut rng = SmallRng::seed_from_u64(31);
    // Four teams at tables of two: three rounds are a round robin.
    let met = team_event(&mut rng, 4, 2, 3, true);
    for (a, row) in met.iter().enumerate() {
        for (b, &n) in row.iter().enumerate() {
            assert_eq!(n, u32::from(a != b), "teams {a} and {b}");
        }
    }
    // Eight teams at tables of two, three rounds: never a team twice.
    for seed in 0..10 {
        let met = team_event(&mut SmallRng::seed_from_u64(seed), 8, 2, 3, true);
        assert!(met.iter().flatten().all(|&n| n <= 1), "seed {seed}: {met:?}");
    }
}

#[test]
fn team_table_sizes_are_two_or_three_teams() {
    assert_eq!(team_sizes(1, 2), Vec::<usize>::new());
    assert_eq!(team_sizes(2, 3), vec![2]);
    assert_eq!(team_sizes(3, 2), vec![3]);
    assert_eq!(team_sizes(5, 2), vec![3, 2]);
    assert_eq!(team_sizes(7, 2), vec![3, 2, 2]);
    assert_eq!(team_sizes(4, 3), vec![2, 2]);
    assert_eq!(team_sizes(7, 3), vec![3, 2, 2]);
    for n in 2..40 {
        for per_table in [2, 3] {
            let sizes = team_sizes(n, per_table);
            assert_eq!(sizes.iter().sum::<usize>(), n);
            assert!(sizes.iter().all(|s| (2..=3).contains(s)), "{n}: {sizes:?}");
        }
    }
}
