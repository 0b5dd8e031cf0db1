//! Unit tests of the Magnetism board: the ray tables against the grid, the
//! magnet zones and the move count after an opening.

use super::*;

fn sq(text: &str) -> Square {
    GRID.parse_label(text).unwrap()
}

#[test]
fn ray_tables_match_the_grid() {
    for s in GRID.squares() {
        for (d, dir) in Dir::ALL.iter().enumerate() {
            let walked: Vec<Square> = GRID.ray(s, *dir).collect();
            let table: Vec<Square> = (1..=RAY_LEN[s.index()][d]).map(|k| offset(s, d, k)).collect();
            assert_eq!(walked, table, "{} {dir:?}", label(s));
        }
    }
}

#[test]
fn ray_sets_match_the_grid() {
    for s in GRID.squares() {
        for (d, dir) in Dir::ALL.iter().enumerate() {
            let walked = GRID.ray(s, *dir).fold(0u128, |acc, t| acc | bit(t));
            assert_eq!(RAYS[s.index()][d], walked, "{} {dir:?}", label(s));
            let first = GRID.ray(s, *dir).next();
            assert_eq!(nearest(walked, d), first);
        }
    }
}

#[test]
fn zones_and_far_rows() {
    assert_eq!(Color::White.magnet_zone().count_ones(), 36);
    assert!(Color::White.magnet_zone() & bit(sq("l4")) != 0);
    assert!(Color::White.magnet_zone() & bit(sq("a5")) == 0);
    assert!(Color::Black.magnet_zone() & bit(sq("a5")) != 0);
    assert!(Color::Black.magnet_zone() & bit(sq("a8")) == 0);
    assert_eq!(Position::start().far_row_count(Color::White), 0);
    assert_eq!(Color::White.far_rank(), 7);
}

#[test]
fn after_the_seed_opening_white_has_143_moves() {
    let mut p = Position::start();
    p.place_magnet(Color::White, sq("g4"));
    p.place_magnet(Color::Black, sq("d5"));
    assert_eq!(p.magnet_destinations(Color::White).count_ones(), 26);
    assert!(p.has_move(Color::White));
    assert_eq!(p.moves(Color::White).len(), 143);
}
