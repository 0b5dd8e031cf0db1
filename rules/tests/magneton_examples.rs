//! Every Magneton example of the seed text and of RULINGS.md, as named
//! tests on the seed's own diagrams, plus the end-of-game rules.
//!
//! Diagrams are written as in the seed: rank 8 first, `.` empty, `o`/`O` a
//! white stone, `x`/`X` a black stone (case means nothing).

use lodestone_rules::magneton::{
    Action, Color, Magneton, MoveRule, Options, Position, square_label, squares,
};
use lodestone_rules::{ErrorCode, Game, Millis, Outcome, Seat, SeatSet};

mod ranks;

use ranks::rank_text;

const WHITE: Seat = Seat(0);
const BLACK: Seat = Seat(1);

/// The position text of a diagram.
fn diagram(rows: [&str; 8], side: Color, hands: (u8, u8)) -> String {
    let ranks: Vec<String> = rows
        .iter()
        .map(|row| {
            let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(cells.len(), 8, "row {row:?} must have 8 squares");
            rank_text(cells.into_iter().map(|c| match c.to_ascii_lowercase() {
                '.' => None,
                'o' => Some('W'),
                'x' => Some('B'),
                other => panic!("unexpected {other:?} in diagram"),
            }))
        })
        .collect();
    let side = if side == Color::White { "w" } else { "b" };
    format!("{} {side} {} {}", ranks.join("/"), hands.0, hands.1)
}

fn game(rows: [&str; 8], side: Color, hands: (u8, u8)) -> Magneton {
    game_with(Options::default(), rows, side, hands)
}

fn game_with(options: Options, rows: [&str; 8], side: Color, hands: (u8, u8)) -> Magneton {
    Magneton::parse_position(options, &diagram(rows, side, hands)).expect("diagram is a position")
}

fn board(rows: [&str; 8], side: Color, hands: (u8, u8)) -> Position {
    *game(rows, side, hands).position()
}

fn play(g: &mut Magneton, seat: Seat, action: &str) {
    let action = g.parse_action(action).unwrap();
    g.apply(seat, &action, Millis(0))
        .unwrap_or_else(|e| panic!("{action}: {e}"));
}

fn labels(set: impl Iterator<Item = lodestone_rules::geometry::square::Square>) -> Vec<String> {
    set.map(square_label).collect()
}

fn winner(g: &Magneton) -> Option<SeatSet> {
    match g.outcome() {
        Some(Outcome::Win { winners, .. }) => Some(*winners),
        _ => None,
    }
}

// The seed's first diagram: dropping on C3 involves A1, E1 and C5 only.
#[test]
fn drop_on_c3_involves_only_the_first_stone_of_each_ray() {
    let rows = [
        "........", //
        "..x.....", // C7: behind C5, not involved
        "........", //
        "..o.....", // C5
        "o...x...", // A4, E4: not in line with C3
        "........", //
        "........", //
        "o...x...", // A1, E1
    ];
    let mut g = game(rows, Color::Black, (9, 9));
    play(&mut g, BLACK, "C3");
    let after = board(
        [
            "........", //
            "..x.....", // C7 untouched
            "........", //
            "........", //
            "o.o.x...", // C5 pulled to C4; A4 and E4 untouched
            "..x.....", // the dropped stone
            ".o......", // A1 pulled to B2
            "....x...", // E1 (black, same colour) pushed away: already at the edge
        ],
        Color::White,
        (9, 8),
    );
    assert_eq!(*g.position(), after);
    assert_eq!(labels(g.last_displaced()), ["B2", "C4"]);
}

// The seed's second diagram, with the black stone of row 2 on F2 as
// RULINGS.md corrects it.
#[test]
fn drop_on_d4_with_the_stone_on_f2() {
    let before = [
        "........", //
        "...x..o.", // D7 x, G7 o
        ".o...x..", // B6 o, F6 x
        "...o....", // D5 o
        "........", //
        "......x.", // G3 x
        "..o..x..", // C2 o, F2 x (the seed draws one dot too many)
        "......x.", // G1 x
    ];
    let mut g = game(before, Color::White, (7, 6));
    play(&mut g, WHITE, "D4");
    let after = [
        "........", //
        "o..x..o.", // B6 pushed to A7
        "...o....", // D5 pushed to D6, stopped by D7
        "....x...", // F6 pulled to E5
        "...o....", // the dropped stone
        "....x.x.", // F2 pulled to E3
        "..o.....", //
        "......x.", // G1 stays: F2 was first on its ray
    ];
    assert_eq!(*g.position(), board(after, Color::Black, (6, 6)));
    assert_eq!(labels(g.last_displaced()), ["E3", "E5", "D6", "A7"]);
    assert_eq!(g.outcome(), None);
}

/// The seed's third diagram, in the move phase.
const MOVE_EXAMPLE: [&str; 8] = [
    "........", //
    "o.xx..o.", // A7 o, C7 x, D7 x, G7 o
    "...o....", // D6 o
    "........", //
    ".x.o....", // B4 x, D4 o
    "....x.x.", // E3 x, G3 x
    "..o.....", // C2 o
    "......x.", // G1 x
];

#[test]
fn stone_on_d4_can_move_to_d1_c4_and_a1() {
    let g = game(MOVE_EXAMPLE, Color::White, (0, 0));
    let d4 = lodestone_rules::magneton::GRID.parse_label("D4").unwrap();
    let targets = g.position().destinations(d4, MoveRule::Line);
    assert_eq!(labels(targets.into_iter()), ["A1", "D1", "C4"]);
    // The diagonal through C5 and E3 has stones on both sides: no move.
    let e = g
        .clone()
        .apply(WHITE, &"D4-F2".parse().unwrap(), Millis(0))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalAction);
    assert_eq!(e.message, "the stone on D4 can move only to A1, D1 or C4");
}

#[test]
fn move_d4_to_a1() {
    let mut g = game(MOVE_EXAMPLE, Color::White, (0, 0));
    play(&mut g, WHITE, "D4-A1");
    // As the seed draws it, with the dot its rows 8, 4 and 1 lack: G7 is
    // pushed to H8.
    let after = [
        "o......o", // A7 pushed to A8; G7 pushed along the diagonal to H8
        "..xx....", //
        "...o....", //
        "........", //
        ".x......", //
        "....x.x.", //
        "..o.....", //
        "ox......", // G1 pulled to B1
    ];
    assert_eq!(*g.position(), board(after, Color::Black, (0, 0)));
}

#[test]
fn move_d4_to_c4() {
    let mut g = game(MOVE_EXAMPLE, Color::White, (0, 0));
    play(&mut g, WHITE, "D4-C4");
    let after = [
        "........", //
        "o..x..o.", // C7 pulled ...
        "...o....", //
        "..x.....", // ... to C5
        ".xo.....", // B4 already next to C4
        "....x.x.", //
        "........", //
        "..o...x.", // C2 pushed to C1
    ];
    assert_eq!(*g.position(), board(after, Color::Black, (0, 0)));
}

#[test]
fn move_d4_to_d1() {
    let mut g = game(MOVE_EXAMPLE, Color::White, (0, 0));
    play(&mut g, WHITE, "D4-D1");
    let after = [
        "........", //
        "o.xx..o.", // D6 cannot be pushed: D7 is occupied
        "...o....", //
        "........", //
        "ox......", // C2 pushed along the diagonal to A4
        "....x.x.", //
        "........", //
        "...ox...", // G1 pulled to E1
    ];
    assert_eq!(*g.position(), board(after, Color::Black, (0, 0)));
}

/// The seed's victory diagram: white o on D6, D5, D4, C3; black x on E3.
const VICTORY_EXAMPLE: [&str; 8] = [
    "........", //
    "........", //
    "...o....", //
    "...o....", //
    "...o....", //
    "..o.x...", //
    "........", //
    "........", //
];

#[test]
fn drop_on_b3_as_written_does_not_win() {
    // B3 pushes C3 to D3, but also pushes D5 along the diagonal to G8.
    let mut g = game(VICTORY_EXAMPLE, Color::White, (8, 11));
    play(&mut g, WHITE, "B3");
    assert_eq!(g.outcome(), None);
    let after = [
        "......o.", //
        "........", //
        "...o....", //
        "........", //
        "...o....", //
        ".o.ox...", //
        "........", //
        "........", //
    ];
    assert_eq!(*g.position(), board(after, Color::Black, (7, 11)));
}

#[test]
fn drop_on_b3_wins_with_a_black_stone_on_c4() {
    let mut rows = VICTORY_EXAMPLE;
    rows[4] = "..xo....";
    let mut g = game(rows, Color::White, (8, 10));
    play(&mut g, WHITE, "B3");
    assert_eq!(winner(&g), Some(SeatSet::only(WHITE)));
    assert_eq!(g.outcome().unwrap().to_string(), "white wins (four in a row)");
    assert_eq!(g.to_act(), SeatSet::EMPTY);
}

#[test]
fn drop_on_d3_completes_a_line_but_does_not_win() {
    let mut g = game(VICTORY_EXAMPLE, Color::White, (8, 11));
    play(&mut g, WHITE, "D3");
    // D3..D6 is a line of four, but no stone of it was displaced.
    let d = |s: &str| lodestone_rules::magneton::GRID.parse_label(s).unwrap();
    for s in ["D3", "D4", "D5", "D6"] {
        assert_eq!(g.position().at(d(s)), Some(Color::White), "{s}");
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn moving_c3_to_d3_completes_a_line_but_does_not_win() {
    let mut g = game(VICTORY_EXAMPLE, Color::White, (0, 0));
    play(&mut g, WHITE, "C3-D3");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().to_string(), "8/8/3W4/3W4/3W4/3WB3/8/8 b 0 0");
}

#[test]
fn the_first_two_drops_have_no_effect() {
    let mut g = Magneton::new(Options::default());
    play(&mut g, WHITE, "D4");
    play(&mut g, BLACK, "D6"); // would be pulled to D5 by a later drop
    assert_eq!(g.position().to_string(), "8/8/3B4/8/3W4/8/8/8 w 11 11");
    play(&mut g, WHITE, "D2"); // the third drop pushes D4 and pulls nothing
    assert_eq!(g.position().to_string(), "8/8/3B4/3W4/8/8/3W4/8 b 10 11");
}

#[test]
fn the_owner_of_a_line_wins_even_if_the_opponent_made_it() {
    let rows = [
        "........", //
        "......x.", // G7 black
        "........", //
        "........", //
        "...xxx..", // D4 E4 F4 black
        "........", //
        "........", //
        "........", //
    ];
    let mut g = game(rows, Color::White, (11, 8));
    play(&mut g, WHITE, "G3");
    // White's drop pulls G7 down to G4, completing black's D4-G4.
    assert_eq!(g.outcome().unwrap().to_string(), "black wins (four in a row)");
    assert_eq!(winner(&g), Some(SeatSet::only(BLACK)));
}

#[test]
fn when_both_sides_get_a_line_the_mover_wins() {
    let rows = [
        "........", //
        "........", //
        "ox......", // A6 white, B6 black
        ".x......", // B5 black
        ".x......", // B4 black
        "o....x..", // A3 white, F3 black
        "o.......", // A2 white
        "o.......", // A1 white
    ];
    let mut g = game(rows, Color::White, (7, 7));
    play(&mut g, WHITE, "A8");
    // The south ray pushes A6 to A4 (A3 stops it): white A1-A4. The
    // south-east ray B7 C6 D5 E4 F3 pulls F3 to B7: black B4-B7.
    assert_eq!(g.position().to_string(), "W7/1B6/1B6/1B6/WB6/W7/W7/W7 b 6 7");
    assert_eq!(g.outcome().unwrap().to_string(), "white wins (four in a row)");
}

#[test]
fn a_longer_line_through_a_displaced_stone_wins() {
    let rows = [
        "........", //
        "....o...", // E7 white
        "........", //
        "........", //
        "........", //
        "........", //
        "oooo....", // A2 B2 C2 D2 white
        "....x...", // E1 black
    ];
    let mut g = game(rows, Color::White, (7, 11));
    play(&mut g, WHITE, "E8");
    // E8 pushes E7 down the file until E1 stops it: A2-E2, five in a row.
    assert_eq!(g.position().to_string(), "4W3/8/8/8/8/8/WWWWW3/4B3 b 6 11");
    assert_eq!(g.outcome().unwrap().to_string(), "white wins (four in a row)");
}

#[test]
fn a_side_without_moves_must_pass() {
    let rows = [
        "........", //
        "........", //
        "........", //
        "........", //
        "..x.....", // C4 black: can slide away from A2 to G8
        "........", //
        "x.......", // A2 black
        "o.......", // A1 white: every line is empty or ends at A2, adjacent
    ];
    let mut g = game(rows, Color::White, (0, 0));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.legal_actions(WHITE), [Action::Pass]);
    let e = g
        .clone()
        .apply(WHITE, &"A1-B1".parse().unwrap(), Millis(0))
        .unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (ErrorCode::IllegalAction, "the stone on A1 cannot move")
    );
    play(&mut g, WHITE, "pass");
    assert_eq!(g.position().to_string(), "8/8/8/8/2B5/8/B7/W7 b 0 0");
    let e = g.clone().apply(BLACK, &Action::Pass, Millis(0)).unwrap_err();
    assert_eq!(e.message, "black has a legal move and may not pass");
    assert!(g.legal_actions(BLACK).contains(&"C4-G8".parse().unwrap()));
}

#[test]
fn neither_side_able_to_move_is_a_draw() {
    let rows = [
        "........", //
        "........", //
        "........", //
        "........", //
        "........", //
        "........", //
        "x.......", //
        "o.......", //
    ];
    let g = game(rows, Color::White, (0, 0));
    assert_eq!(g.outcome().unwrap().to_string(), "draw (neither side can move)");
    assert_eq!(g.to_act(), SeatSet::EMPTY);
    assert!(g.legal_actions(WHITE).is_empty());
    let e = g.clone().apply(WHITE, &Action::Pass, Millis(0)).unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);
}

#[test]
fn threefold_repetition_is_a_draw() {
    let record = lodestone_rules::Record::parse(include_str!(
        "../../tests/records/magneton/valid/threefold-repetition.txt"
    ))
    .unwrap();
    let mut g = Magneton::new(Options::default());
    let mut seen = Vec::new();
    for (i, a) in record.actions.iter().enumerate() {
        assert_eq!(g.outcome(), None, "over before action {}", i + 1);
        let seat = g.to_act().first_seat().unwrap();
        play(&mut g, seat, &a.text);
        seen.push(*g.position());
    }
    let last = seen.last().unwrap();
    assert_eq!(seen.iter().filter(|p| *p == last).count(), 3);
    assert_eq!(g.outcome().unwrap().to_string(), "draw (threefold repetition)");
}

#[test]
fn per_ray_rule_reacts_to_each_direction() {
    let rows = [
        "........", //
        "........", //
        "...o....", // D6 white
        "........", //
        "...o....", // D4 white
        "........", //
        "........", //
        "...x....", // D1 black
    ];
    let line = game(rows, Color::White, (0, 0));
    let moves = |g: &Magneton| {
        g.legal_actions(WHITE)
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
    };
    // D4's file has stones on both sides: under the line rule it cannot move.
    assert_eq!(moves(&line), ["D6-D8"]);
    let per_ray = game_with(
        Options {
            move_rule: MoveRule::PerRay,
        },
        rows,
        Color::White,
        (0, 0),
    );
    // Per ray: away from D6 until D1 blocks, and toward D1: both D2, once.
    assert_eq!(moves(&per_ray), ["D4-D2", "D6-D8"]);
}

#[test]
fn refusals_name_the_reason_and_change_nothing() {
    let mut g = Magneton::new(Options::default());
    play(&mut g, WHITE, "D4");
    let before = g.clone();
    let check = |g: &Magneton, seat, action: &str, code, message: &str| {
        let mut h = g.clone();
        let e = h.apply(seat, &action.parse().unwrap(), Millis(0)).unwrap_err();
        assert_eq!((e.code, e.message.as_str()), (code, message), "{action}");
        assert_eq!(&h, g, "{action} changed the game");
    };
    check(&g, WHITE, "E4", ErrorCode::NotYourTurn, "it is black's turn");
    check(&g, BLACK, "D4", ErrorCode::IllegalAction, "D4 is occupied");
    check(
        &g,
        BLACK,
        "D4-D5",
        ErrorCode::WrongPhase,
        "black still has 12 stones to drop",
    );
    check(
        &g,
        BLACK,
        "pass",
        ErrorCode::WrongPhase,
        "black must drop a stone",
    );
    check(&g, Seat(2), "E4", ErrorCode::NotYourTurn, "it is black's turn");
    assert_eq!(g, before);

    let moving = game(MOVE_EXAMPLE, Color::White, (0, 0));
    check(
        &moving,
        WHITE,
        "E5",
        ErrorCode::WrongPhase,
        "white has no stones left to drop: move one instead",
    );
    check(
        &moving,
        WHITE,
        "E5-E6",
        ErrorCode::IllegalAction,
        "there is no stone on E5",
    );
    check(
        &moving,
        WHITE,
        "B4-B5",
        ErrorCode::IllegalAction,
        "the stone on B4 is black's",
    );
}

#[test]
fn the_last_drop_starts_the_move_phase() {
    let mut g = Magneton::new(Options::default());
    let squares: Vec<_> = squares(u64::MAX).collect();
    let mut dropped = 0;
    // Drop on the first empty square each time until the hands are empty.
    while g.position().in_drop_phase() && g.outcome().is_none() {
        let seat = g.to_act().first_seat().unwrap();
        let sq = *squares.iter().find(|&&s| g.position().is_empty(s)).unwrap();
        g.apply(seat, &Action::Drop(sq), Millis(0)).unwrap();
        dropped += 1;
    }
    assert_eq!(g.outcome(), None);
    assert_eq!(dropped, 24);
    assert_eq!(
        g.position().hand(Color::White) + g.position().hand(Color::Black),
        0
    );
    let actions = g.legal_actions(g.to_act().first_seat().unwrap());
    assert!(!actions.is_empty());
    assert!(actions.iter().all(|a| !matches!(a, Action::Drop(_))));
}
