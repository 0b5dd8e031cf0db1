//! Magma tables of teams fixed for the event: each team is one unit of the
//! tables' split (`tables::split`: teams that met before kept apart first,
//! then scores close), at tables of 2 or 3 teams (four or six players);
//! then each table is seated as Magma's colour teams, which play as one
//! side: at a table of `k` teams, the team at place `t` takes seats `t`
//! and `t + k` (seats 1+3 and 2+4 at four, 1+4, 2+5 and 3+6 at six).

use super::tables::{TablePlayer, sizes_within, split};

/// Fewest and most teams at a table (four and six players).
pub const TEAMS_A_TABLE: (usize, usize) = (2, 3);

/// The sizes (in teams) of the tables for `n` teams at tables of
/// `per_table` teams.
pub fn team_sizes(n: usize, per_table: usize) -> Vec<usize> {
    sizes_within(n, per_table, TEAMS_A_TABLE.0, TEAMS_A_TABLE.1)
}

/// The teams' tables at tables of `per_table` teams (evened out where the
/// number does not divide), the tables of the best scores first; each
/// table's teams in seat order (the team that had the first seat least
/// often first).
pub fn team_tables(teams: &[TablePlayer], per_table: usize) -> Vec<Vec<usize>> {
    split(teams, &team_sizes(teams.len(), per_table))
}

/// The players of a table of teams in seat order: `members[team]` lists
/// each team's players in the order they take its seats (every team of
/// the table as many).
pub fn seat(table: &[usize], members: &[Vec<usize>]) -> Vec<usize> {
    let size = table.iter().map(|&t| members[t].len()).max().unwrap_or(0);
    (0..size)
        .flat_map(|m| table.iter().filter_map(move |&t| members[t].get(m).copied()))
        .collect()
}
