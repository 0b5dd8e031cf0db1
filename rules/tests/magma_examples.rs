//! Every Magma example of the seed text and of RULINGS.md, rebuilt on
//! concrete cells (the seed's pictures were lost), plus the end, scoring,
//! timer and option rules.
//!
//! Pictures show the zig-zag board row by row from `a` (top) to `m`
//! (bottom), cells left to right: `.` empty, `r` `b` `y` a piece; any other
//! character is an empty cell marked for the test (`*` the seed's green
//! stars, `x` its purple X, `+` its white diamonds).

use lodestone_rules::magma::{
    Action, BoardKind, Cell, Color, Geometry, Magma, Options, Phase, PhaseView, Timer,
};
use lodestone_rules::{Deadline, ErrorCode, Game, Millis, Outcome, RuleError, Seat, SeatSet, Viewer};

/// The board field of the position format for a picture, and the labels of
/// the cells marked with `mark`.
fn picture(rows: [&str; 13], mark: char) -> (String, Vec<String>) {
    let g = Geometry::of(BoardKind::Zigzag);
    let mut out = Vec::new();
    let mut marked = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let tokens: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(
            tokens.len(),
            g.row_len(r),
            "row {} of the picture",
            (b'a' + r as u8) as char
        );
        let mut text = String::new();
        let mut empty = 0;
        for (i, &t) in tokens.iter().enumerate() {
            if matches!(t, 'r' | 'b' | 'y') {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(t);
            } else {
                empty += 1;
                if t == mark {
                    marked.push(Cell::new(r as u8, i as u8 + 1).to_string());
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        out.push(text);
    }
    (out.join("/"), marked)
}

fn options(players: u8) -> Options {
    Options {
        players,
        ..Options::default()
    }
}

fn timed(players: u8, timer: Timer) -> Options {
    Options {
        players,
        timer,
        ..Options::default()
    }
}

/// A game from a picture and the fields after the board.
fn game(options: Options, rows: [&str; 13], fields: &str) -> Magma {
    let (board, _) = picture(rows, '.');
    let text = format!("{board} {fields}");
    Magma::parse_position(options, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `text` for the seat to act at time `at`.
fn play_at(g: &mut Magma, text: &str, at: u64) {
    let seat = g.to_act().first_seat().expect("someone is to act");
    let action = g.parse_action(text).unwrap();
    g.apply(seat, &action, Millis(at))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn play(g: &mut Magma, text: &str) {
    play_at(g, text, 0);
}

/// Tries `text` for `seat` at time 0; the error, after checking that the
/// game is unchanged.
fn refused_for(g: &Magma, seat: Seat, text: &str) -> RuleError {
    let mut after = g.clone();
    let action = g.parse_action(text).unwrap();
    let e = after.apply(seat, &action, Millis(0)).unwrap_err();
    assert_eq!(&after, g, "a refused action changed the game");
    e
}

fn refused(g: &Magma, text: &str) -> RuleError {
    refused_for(g, g.to_act().first_seat().unwrap(), text)
}

/// Each `(action, message)` of `cases` is refused in `g` with that message.
fn refuses(g: &Magma, cases: &[(&str, &str)]) {
    for (text, message) in cases {
        assert_eq!(refused(g, text).message, *message, "{text}");
    }
}

fn labels(cells: Vec<Cell>) -> Vec<String> {
    cells.into_iter().map(|c| c.to_string()).collect()
}

fn cell(text: &str) -> Cell {
    Cell::parse(text).unwrap()
}

fn seat_of(g: &Magma) -> u8 {
    g.to_act().first_seat().unwrap().0 + 1
}

fn total(g: &Magma, color: Color) -> u32 {
    g.scores().iter().find(|s| s.color == color).unwrap().total()
}

// ---------------------------------------------------------------------------
// The seed's worked situations.

/// The seed's movement example: blue pieces on f4, g5, h5 and h6, a yellow
/// piece on h7.
const BLUE_AND_YELLOW: [&str; 13] = [
    "         .         ", // a
    "      . . . .      ", // b
    "   . . . . . . .   ", // c
    "b . . . . . . . . r", // d
    " . . . . . . . . . ", // e
    ". . * b * . . . . .", // f
    " . . . . b * . . . ", // g
    ". . . * b b y x . .", // h
    " . . . . * * . . . ", // i
    ". . . . . . . . . .", // j
    "   . . . . . . .   ", // k
    "      . . . .      ", // l
    "         y         ", // m
];

// "The right-most blue piece can move to and end its movement in any space
// with a green star. It can not move to the space with the purple X because
// it can not jump over the yellow piece."
#[test]
fn the_rightmost_blue_piece_reaches_the_stars_but_not_the_x() {
    let g = game(options(3), BLUE_AND_YELLOW, "3@d1 hand=24,23,20 passes=0 turns=2");
    let (_, stars) = picture(BLUE_AND_YELLOW, '*');
    let (_, x) = picture(BLUE_AND_YELLOW, 'x');
    // Steps to g6, i5, i6; jumps over h5 to h4, over g5 to f5 and on over
    // f4 to f3.
    assert_eq!(stars, ["f3", "f5", "g6", "h4", "i5", "i6"]);
    assert_eq!(labels(g.destinations(cell("h6"))), stars);
    assert_eq!(x, ["h8"]);
    let e = refused(&g, "h6-h8");
    assert_eq!(e.code, ErrorCode::IllegalAction);
    assert_eq!(
        e.message,
        "h6-h8 would jump the yellow piece on h7: blue jumps only blue pieces"
    );
    assert_eq!(
        refused(&g, "h6-h10").message,
        "the piece on h6 can reach only f3, f5, g6, h4, i5 or i6"
    );
    // Spelled out, the last jump is the one that fails: h6 is empty once the
    // piece has left it.
    let e = refused(&g, "h6-h4-h6-h8");
    assert_eq!(
        e.message,
        "h6-h8 would jump the yellow piece on h7: blue jumps only blue pieces"
    );
    // A stop on the way is a legal end too.
    let mut g2 = g.clone();
    play(&mut g2, "h6-f5-f3");
    assert_eq!(g2.piece_at(cell("f3")), Some(Color::Blue));
    assert_eq!(g2.piece_at(cell("h6")), None);
}

/// The seed's entry example, in a four-player game: blue's home d1 holds
/// the allied (seat 2's) piece; blue pieces on e2 and f2.
const ENTRY: [&str; 13] = [
    "         .         ", // a
    "      . . . .      ", // b
    "   . . . . . . .   ", // c
    "b + . . . . . . . r", // d
    " + b + . . . . . . ", // e
    "+ b + . . . . . . .", // f
    " . + . . . . . . . ", // g
    ". . . . . . . . . .", // h
    " . . . . . . . . . ", // i
    "r . . . . . . . . b", // j
    "   . . . . . . .   ", // k
    "      . . . .      ", // l
    "         .         ", // m
];

// "If blue wanted to put a new piece in play, that piece could jump over
// the allied piece in the home space, move to, and end its movement in any
// space with a white diamond."
#[test]
fn entering_over_the_allied_home_piece_reaches_the_diamonds() {
    let g = game(options(4), ENTRY, "4@d1 hand=24,22,24,22 passes=0 turns=3");
    let (_, diamonds) = picture(ENTRY, '+');
    // The two cells next to the home (d2, e1), then on by jumps: e1 over e2
    // to e3 and over f2 to g2; d2 over e2 to f3, and on over f2 to f1.
    assert_eq!(diamonds, ["d2", "e1", "e3", "f1", "f3", "g2"]);
    assert_eq!(labels(g.entry_destinations(g.slot())), diamonds);
    let entries: Vec<String> = g
        .legal_actions(Seat(3))
        .iter()
        .map(|a| a.to_string())
        .filter(|a| a.starts_with("enter"))
        .collect();
    assert_eq!(
        entries,
        [
            "enter g2", "enter f1", "enter f3", "enter e1", "enter e3", "enter d2"
        ],
        "in index order (bottom row first)"
    );

    // NOTATION.md's path form: over the home onto e1, then over f2 to g2.
    let mut a = g.clone();
    play(&mut a, "enter d1-e1-g2");
    let mut b = g.clone();
    play(&mut b, "enter g2");
    assert_eq!(a.position(), b.position());
    assert_eq!(a.hand(Seat(3)), 21);
    assert_eq!(a.piece_at(cell("g2")), Some(Color::Blue));
    assert_eq!(a.piece_at(cell("d1")), Some(Color::Blue), "the home piece stays");

    // The longest chain, spelled out.
    let mut c = g.clone();
    play(&mut c, "enter d1-d2-f3-f1");
    assert_eq!(c.piece_at(cell("f1")), Some(Color::Blue));

    // A written path must be legal jump by jump.
    refuses(
        &g,
        &[
            (
                "enter d1-e1-f1",
                "e1-f1 is a step: a path of several cells is a chain of jumps",
            ),
            ("enter d1-e3", "e3 is not next to the home d1"),
            (
                "enter e1-g2",
                "a written entry path starts with the home d1 (enter d1-…)",
            ),
            ("enter d1-d2-d4", "d2-d4 would jump the empty cell d3"),
            (
                "enter h5",
                "a piece entering over d1 can reach only d2, e1, e3, f1, f3 or g2",
            ),
            (
                "enter d1",
                "d1 is occupied: enter by jumping the piece on it (enter and a cell next to d1)",
            ),
        ],
    );
}

#[test]
fn an_entry_is_blocked_when_both_cells_next_to_the_home_are_occupied() {
    let rows = [
        "         .         ", // a
        "      . . . .      ", // b
        "   . . . . . . .   ", // c
        ". . . . . . . . b r", // d: d9 blue, d10 red home
        " . . . . . . . . b ", // e: e9 blue
        ". . . . . . . . . .", // f
        " . . . . . . . . . ", // g
        ". . . . . . . . . .", // h
        " . . . . . . . . . ", // i
        "b . . . . . . . . .", // j
        "   . . . . . . .   ", // k
        "      . . . .      ", // l
        "         .         ", // m
    ];
    let g = game(options(2), rows, "1@d10 hand=24,21 passes=0 turns=4");
    assert_eq!(g.entry_destinations(0), Vec::<Cell>::new());
    assert!(
        g.legal_actions(Seat(0))
            .iter()
            .all(|a| !a.to_string().starts_with("enter"))
    );
    refuses(
        &g,
        &[
            ("enter e9", "e9 is occupied"),
            (
                "enter c7",
                "no piece can enter over d10: the cells next to it are occupied",
            ),
        ],
    );
    // The home piece itself cannot move either; red can only pass.
    assert_eq!(refused(&g, "d10-c7").message, "the piece on d10 cannot move");
    let actions: Vec<String> = g.legal_actions(Seat(0)).iter().map(|a| a.to_string()).collect();
    assert_eq!(actions, ["pass", "end?"]);
}

// "A home held by another colour cannot be entered" (RULINGS.md).
#[test]
fn a_home_held_by_another_colour_cannot_be_entered() {
    let mut rows = [
        "         .         ", // a
        "      . . . .      ", // b
        "   . . . . . . .   ", // c
        ". . . . . . . . . b", // d: a blue piece on red's home d10
        " . . . . . . . . . ", // e
        ". . . . . . . . . .", // f
        " . . . . . . . . . ", // g
        ". . . . r . . . . .", // h: h5 red
        " . . . . . . . . . ", // i
        "b . . . . . . . . .", // j
        "   . . . . . . .   ", // k
        "      . . . .      ", // l
        "         .         ", // m
    ];
    let g = game(options(2), rows, "1@d10 hand=20,20 passes=0 turns=8");
    let message = "the home d10 holds a blue piece: red cannot enter";
    refuses(
        &g,
        &[
            ("enter d9", message),
            ("enter d10", message),
            ("enter d10-d9", message),
        ],
    );
    // Once the home is empty red enters onto it, and the turn ends there.
    rows[3] = ". . . . . . . . . .";
    let mut g = game(options(2), rows, "1@d10 hand=20,20 passes=0 turns=8");
    assert_eq!(labels(g.entry_destinations(0)), ["d10"]);
    assert_eq!(
        refused(&g, "enter d9").message,
        "the home d10 is empty: a piece enters onto it (enter d10)"
    );
    play(&mut g, "enter d10");
    assert_eq!(g.piece_at(cell("d10")), Some(Color::Red));
    assert_eq!(g.hand(Seat(0)), 19);
    assert_eq!(seat_of(&g), 2);
}

#[test]
fn a_seat_with_an_empty_hand_cannot_enter() {
    let g = game(options(2), TWO_HOMES, "1@d10 hand=0,24 passes=0 turns=2");
    assert_eq!(
        refused(&g, "enter d9").message,
        "seat 1 has no pieces left in hand"
    );
    assert!(g.entry_destinations(0).is_empty());
}

/// Two homes and nothing else (two players).
const TWO_HOMES: [&str; 13] = [
    "         .         ", // a
    "      . . . .      ", // b
    "   . . . . . . .   ", // c
    ". . . . . . . . . r", // d
    " . . . . . . . . . ", // e
    ". . . . . . . . . .", // f
    " . . . . . . . . . ", // g
    ". . . . . . . . . .", // h
    " . . . . . . . . . ", // i
    "b . . . . . . . . .", // j
    "   . . . . . . .   ", // k
    "      . . . .      ", // l
    "         .         ", // m
];

// "Going clockwise around the table are Alice (red), Bob (blue), Claire
// (yellow), Dan (red), and Eunice (blue). Claire is the solo player and
// Alice is going first. The order of one round of play goes like this:
// Alice, Bob, Claire, Dan, Eunice, and Claire again." Claire enters through
// the home nearest the previous player's: m1 after Bob (j10), a1 after
// Eunice (d1).
#[test]
fn five_players_alice_bob_claire_dan_eunice_claire() {
    let names = ["Alice", "Bob", "Claire", "Dan", "Eunice"];
    let mut g = Magma::new(options(5));
    assert_eq!(g.layout().solo(), Some(Seat(2)));
    assert_eq!(g.layout().color(Seat(2)), Color::Yellow);
    assert_eq!(
        g.hand(Seat(2)),
        48,
        "the solo player has 50 pieces, one on each home"
    );
    let mut order = Vec::new();
    for entry in ["enter e9", "enter j9", "enter l2", "enter j2", "enter e1"] {
        order.push(names[seat_of(&g) as usize - 1]);
        play(&mut g, entry);
    }
    // Claire's second slot: only a1 may be entered.
    order.push(names[seat_of(&g) as usize - 1]);
    assert_eq!(labels(g.entry_destinations(g.slot())), ["b2", "b3"]);
    refuses(
        &g,
        &[
            ("enter m1", "in this turn slot seat 3 enters through a1, not m1"),
            ("enter l3", "a piece entering over a1 can reach only b2 or b3"),
        ],
    );
    play(&mut g, "enter b3");
    assert_eq!(order, ["Alice", "Bob", "Claire", "Dan", "Eunice", "Claire"]);
    assert_eq!(names[seat_of(&g) as usize - 1], "Alice", "a new round");
    assert_eq!(g.hand(Seat(2)), 46);
    // In her first slot Claire entered next to m1 (l2), in her second next
    // to a1 (b3).
    assert_eq!(g.piece_at(cell("l2")), Some(Color::Yellow));
    assert_eq!(g.piece_at(cell("b3")), Some(Color::Yellow));
}

/// The seed's scoring example, rebuilt: three players with 20 pieces each
/// on the board; 14 vacant cells only blue can reach, 13 only yellow, 4 only
/// red, and no other vacant cell.
const SCORING: [&str; 13] = [
    "         y         ", // a
    "      . b r r      ", // b
    "   b . b r . r r   ", // c
    "b . . b b r r r . r", // d
    " b . . . b r r r r ", // e
    ". . . b b r . r . r", // f
    " . . b . b r r r r ", // g
    "b b . b b y y y y b", // h
    " y b b y y . . y b ", // i
    ". y y y y . y . y y", // j
    "   . . . . . y .   ", // k
    "      y y . .      ", // l
    "         y         ", // m
];

// "In this game, yellow went first. Can you figure out each player's score?
// Who won?" — "Blue: 14×3 + 20 • Yellow: 13×3 + 20 • Red: 4×3 + 20. Blue
// wins by three points."
#[test]
fn the_seed_scoring_example_blue_wins_by_three() {
    let opts = Options {
        first: Seat(1),
        ..options(3)
    };
    // Yellow (seat 2) went first; the round ends with red's pass.
    let mut g = game(opts, SCORING, "1@d10 hand=5,5,5 passes=2 turns=3");
    for color in [Color::Red, Color::Blue, Color::Yellow] {
        assert_eq!(g.pieces(color).count_ones(), 20, "{color}");
    }
    let territory = |c| g.territory(c).len();
    assert_eq!(
        (
            territory(Color::Blue),
            territory(Color::Yellow),
            territory(Color::Red)
        ),
        (14, 13, 4)
    );
    assert_eq!(total(&g, Color::Blue), 14 * 3 + 20);
    assert_eq!(total(&g, Color::Yellow), 13 * 3 + 20);
    assert_eq!(total(&g, Color::Red), 4 * 3 + 20);
    assert_eq!(total(&g, Color::Blue) - total(&g, Color::Yellow), 3);
    play(&mut g, "pass");
    let Some(Outcome::Win { winners, side, .. }) = g.outcome() else {
        panic!("{:?}", g.outcome())
    };
    assert_eq!((*winners, side.as_str()), (SeatSet::only(Seat(2)), "blue"));
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "blue wins (all passed; blue 62, yellow 59, red 32)"
    );
    assert!(g.to_act().is_empty());
}

// ---------------------------------------------------------------------------
// Moves (RULINGS.md "Turn").

#[test]
fn two_jump_paths_to_one_cell_are_one_move() {
    // A diamond of blue pieces: f5 reaches h6 two ways, over g5 directly or
    // over f6 to f7 and then over g6.
    let rows = [
        "         .         ", // a
        "      . . . .      ", // b
        "   . . . . . . .   ", // c
        ". . . . . . . . . r", // d
        " . . . . . . . . . ", // e
        ". . . . b b . . . .", // f: f5 the mover, f6
        " . . . . b b . . . ", // g: g5, g6
        ". . . . . . . . . .", // h
        " . . . . . . . . . ", // i
        "b . . . . . . . . .", // j
        "   . . . . . . .   ", // k
        "      . . . .      ", // l
        "         .         ", // m
    ];
    let g = game(options(2), rows, "2@j1 hand=24,20 passes=0 turns=9");
    let moves: Vec<String> = g
        .legal_actions(Seat(1))
        .iter()
        .map(|a| a.to_string())
        .filter(|a| a.starts_with("f5-"))
        .collect();
    let mut unique = moves.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(moves.len(), unique.len(), "each destination once: {moves:?}");
    assert_eq!(moves, ["f5-h6", "f5-g4", "f5-f4", "f5-f7", "f5-e4", "f5-e5"]);
    let mut a = g.clone();
    play(&mut a, "f5-h6");
    let mut b = g.clone();
    play(&mut b, "f5-f7-h6");
    assert_eq!(a.position(), b.position());
    // Ending where the piece started is not a move.
    refuses(
        &g,
        &[
            (
                "f5-h6-f5",
                "the jumps end on f5, where the piece started: a piece must end elsewhere",
            ),
            ("f5-f5", "f5-f5 is not a move: a piece must end elsewhere"),
            // No mixing a step with jumps.
            (
                "f5-e5-g5",
                "f5-e5 is a step: a path of several cells is a chain of jumps",
            ),
            ("f5-f9", "the piece on f5 can reach only e4, e5, f4, f7, g4 or h6"),
        ],
    );
}

// A teammate's pieces are your colour: seat 3 (red, j1) moves and jumps
// seat 1's pieces.
#[test]
fn teammates_move_and_jump_each_others_pieces() {
    let mut g = Magma::new(options(4));
    play(&mut g, "enter d9"); // seat 1 (red)
    play(&mut g, "pass"); // seat 2 (blue)
    assert_eq!(seat_of(&g), 3);
    // Seat 3 moves the piece seat 1 brought in, jumping its home piece.
    assert_eq!(labels(g.destinations(cell("d9"))), ["c7", "d8", "e8", "e9"]);
    play(&mut g, "d10-d8");
    assert_eq!(g.piece_at(cell("d8")), Some(Color::Red));
    assert_eq!(g.piece_at(cell("d10")), None);
    // Seat 4 (blue) may not move red pieces.
    refuses(
        &g,
        &[
            ("d8-d7", "the piece on d8 is red: this turn plays blue"),
            ("h5-h6", "there is no piece on h5"),
        ],
    );
}

// ---------------------------------------------------------------------------
// Scoring (RULINGS.md "Scoring").

#[test]
fn a_cell_both_colours_can_reach_counts_for_nobody() {
    let rows = [
        "         .         ", // a
        "      . . . .      ", // b
        "   . . . . . . .   ", // c
        ". . . . . . . . . r", // d
        " . . . . . . . . . ", // e
        ". . . . r . b . . .", // f: f5 red, f7 blue; f6 between them
        " . . . . . . . . . ", // g
        ". . . . . . . . . .", // h
        " . . . . . . . . . ", // i
        "b . . . . . . . . .", // j
        "   . . . . . . .   ", // k
        "      . . . .      ", // l
        "         .         ", // m
    ];
    let g = game(options(2), rows, "1@d10 hand=23,23 passes=0 turns=4");
    // f5's other five neighbours are red's, f7's other five blue's; each
    // home adds the two cells next to it.
    assert_eq!(
        labels(g.territory(Color::Red)),
        ["d9", "e4", "e5", "e9", "f4", "g4", "g5"]
    );
    assert_eq!(
        labels(g.territory(Color::Blue)),
        ["e6", "e7", "f8", "g6", "g7", "i1", "j2"]
    );
    assert_eq!(total(&g, Color::Red), 2 + 3 * 7);
    assert_eq!(total(&g, Color::Blue), 2 + 3 * 7);
}

// Entries count toward "could move to": an empty home of a seat with pieces
// in hand, and the cells beyond a home piece. In a two-player game blue
// enters through its own home j1 although the board draws that corner red.
#[test]
fn entries_count_for_territory_and_blue_enters_through_j1() {
    let rows = [
        "         .         ", // a
        "      . . . .      ", // b
        "   . . . . . . .   ", // c
        ". . . . . . . . . .", // d: red's home d10 empty
        " . . . . . . . . . ", // e
        ". . . . . . . . . .", // f
        " . . . . r . . . . ", // g: g5 red
        ". . . . . . . . . .", // h
        " . . . . . . . . . ", // i
        ". . . . . . . . . .", // j: blue's home j1 empty
        "   . . . . . . .   ", // k
        "      . . . .      ", // l
        "         .         ", // m
    ];
    let g = game(options(2), rows, "2@j1 hand=23,0 passes=0 turns=6");
    // Red has pieces in hand: its empty home counts. Blue has none left: j1
    // counts for nobody.
    assert_eq!(
        labels(g.territory(Color::Red)),
        ["d10", "f5", "f6", "g4", "g6", "h5", "h6"]
    );
    assert_eq!(g.territory(Color::Blue), Vec::<Cell>::new());
    assert_eq!(total(&g, Color::Blue), 0);

    let g = game(options(2), rows, "2@j1 hand=23,5 passes=0 turns=6");
    assert_eq!(labels(g.territory(Color::Blue)), ["j1"]);
    let view = g.view(Viewer::Spectator);
    let j1 = view.cell(cell("j1")).unwrap();
    assert_eq!((j1.corner, j1.home_of), (Some(Color::Red), Some(Seat(1))));
    let mut g = g;
    play(&mut g, "enter j1");
    assert_eq!(g.piece_at(cell("j1")), Some(Color::Blue));
    // Now the landings next to blue's home count for blue.
    assert_eq!(labels(g.territory(Color::Blue)), ["i1", "j2"]);
}

#[test]
fn a_tie_goes_to_the_side_that_played_last() {
    // Both start with 1 + 3 × 2 = 7.
    let mut g = Magma::new(options(2));
    play(&mut g, "pass");
    play(&mut g, "pass");
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "blue wins (all passed; blue 7, red 7; the tie goes to blue, who played last)"
    );
    let mut g = Magma::new(Options {
        first: Seat(1),
        ..options(2)
    });
    assert_eq!(seat_of(&g), 2);
    play(&mut g, "pass");
    play(&mut g, "pass");
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "red wins (all passed; red 7, blue 7; the tie goes to red, who played last)"
    );
}

#[test]
fn a_tie_before_anyone_has_played_is_a_draw() {
    let mut g = Magma::new(options(3));
    play(&mut g, "end?");
    play(&mut g, "end!");
    play(&mut g, "end!");
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Draw {
            reason: "agreed end; red 7, blue 7, yellow 7; a tie, and no tied side has taken a turn".into()
        })
    );
}

// ---------------------------------------------------------------------------
// The end (RULINGS.md "End").

#[test]
fn a_full_round_of_passes_ends_the_game_and_proposals_do_not_break_it() {
    let mut g = Magma::new(options(3));
    play(&mut g, "pass"); // 1
    play(&mut g, "end?"); // 2 proposes …
    play(&mut g, "end!"); // 3 accepts
    play(&mut g, "end-"); // 1 refuses
    assert_eq!(g.passes(), 1, "the proposal did not break the run");
    assert_eq!(seat_of(&g), 2, "the proposer takes its turn");
    play(&mut g, "pass"); // 2
    assert!(g.outcome().is_none());
    play(&mut g, "pass"); // 3
    assert!(g.outcome().unwrap().to_string().contains("all passed"));
    assert_eq!(refused_for(&g, Seat(0), "pass").code, ErrorCode::GameOver);
}

#[test]
fn a_move_breaks_the_run_of_passes() {
    let mut g = Magma::new(options(2));
    play(&mut g, "pass");
    play(&mut g, "enter j2");
    play(&mut g, "pass");
    assert!(g.outcome().is_none());
    assert_eq!(g.passes(), 1);
}

#[test]
fn everyone_agrees_to_end_in_turn_order_and_the_solo_player_answers_once() {
    let mut g = Magma::new(options(5));
    for _ in 0..5 {
        play(&mut g, "pass");
    }
    // Claire (seat 3, solo) proposes in her second slot (a1): seats 1, 2, 4
    // and 5 answer, in turn order from the next slot.
    assert_eq!(g.current().seat, Seat(2));
    play(&mut g, "end?");
    let mut voters = Vec::new();
    while g.outcome().is_none() {
        voters.push(seat_of(&g));
        play(&mut g, "end!");
    }
    assert_eq!(voters, [1, 2, 4, 5]);
    assert!(g.outcome().unwrap().to_string().contains("agreed end"));

    // Seat 1 proposes: seat 3 answers once although it has two slots.
    let mut g = Magma::new(options(5));
    play(&mut g, "end?");
    let mut voters = Vec::new();
    while g.outcome().is_none() {
        voters.push(seat_of(&g));
        play(&mut g, "end!");
    }
    assert_eq!(voters, [2, 3, 4, 5]);
}

#[test]
fn the_first_refusal_ends_the_vote_and_the_proposer_plays_on() {
    let mut g = Magma::new(options(4));
    play(&mut g, "end?");
    assert_eq!(seat_of(&g), 2);
    // While the vote is open only the next voter may act, and only answer.
    assert_eq!(refused_for(&g, Seat(0), "pass").code, ErrorCode::NotYourTurn);
    assert_eq!(refused_for(&g, Seat(2), "end!").code, ErrorCode::NotYourTurn);
    let e = refused(&g, "pass");
    assert_eq!(e.code, ErrorCode::WrongPhase);
    assert_eq!(
        e.message,
        "seat 2 must first answer the proposal to end the game (end! or end-)"
    );
    play(&mut g, "end!");
    play(&mut g, "end-"); // seat 3 refuses; seat 4 is never asked
    assert_eq!(g.phase(), Phase::Play { refused: true });
    assert_eq!(seat_of(&g), 1);
    let e = refused(&g, "end?");
    assert_eq!(e.code, ErrorCode::IllegalAction);
    assert_eq!(
        e.message,
        "seat 1's proposal to end was refused this turn: it may not propose again until its next turn"
    );
    assert!(!g.legal_actions(Seat(0)).iter().any(|a| a.to_string() == "end?"));
    play(&mut g, "enter d9");
    // Seat 2 may propose in its own turn, and so may seat 1 in its next.
    assert!(g.legal_actions(Seat(1)).iter().any(|a| a.to_string() == "end?"));
    assert_eq!(refused(&g, "end!").message, "no proposal to end the game is open");
}

// ---------------------------------------------------------------------------
// Hot Magma and White-Hot Magma.

#[test]
fn a_timeout_ends_the_turn_then_the_player_to_the_right_removes_a_piece() {
    let mut g = Magma::new(timed(3, Timer::Hot));
    play_at(&mut g, "enter e9", 4_000); // seat 1, red
    assert_eq!(
        g.deadline(),
        Some(Deadline {
            seat: Seat(1),
            at: Millis(34_000),
            action: Action::Timeout
        })
    );
    play_at(&mut g, "pass", 10_000); // seat 2, yellow: the run of passes is 1
    // Seat 3 (blue) runs out of time.
    assert_eq!(g.deadline().unwrap().at, Millis(40_000));
    let mut after = g.clone();
    let e = after
        .apply(Seat(2), &g.parse_action("pass").unwrap(), Millis(40_001))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotYourTurn);
    assert_eq!(
        e.message,
        "seat 3's time ran out at 40000 ms: the turn ends with timeout"
    );
    play_at(&mut g, "timeout", 40_000);
    assert_eq!(g.passes(), 0, "a timeout is not a pass");
    // The player to the right of seat 3 is seat 2; the timers stand still.
    assert_eq!(seat_of(&g), 2);
    assert_eq!(g.deadline(), None);
    assert_eq!(
        g.view(Viewer::Referee).phase,
        PhaseView::Penalty {
            late: Seat(2),
            color: Color::Blue,
            chooser: Seat(1)
        }
    );
    let legal: Vec<String> = g.legal_actions(Seat(1)).iter().map(|a| a.to_string()).collect();
    assert_eq!(legal, ["remove d1"]);
    refuses(
        &g,
        &[
            (
                "remove d10",
                "the piece on d10 is red: the penalty removes a blue piece",
            ),
            ("remove h5", "there is no piece on h5"),
        ],
    );
    assert_eq!(refused(&g, "pass").code, ErrorCode::WrongPhase);
    assert_eq!(refused_for(&g, Seat(2), "pass").code, ErrorCode::NotYourTurn);
    play_at(&mut g, "remove d1", 50_000);
    assert_eq!(g.piece_at(cell("d1")), None);
    // Play continues with the slot after the late player's: seat 1, whose
    // 30 s start when the penalty was chosen.
    assert_eq!(seat_of(&g), 1);
    assert_eq!(g.deadline().unwrap().at, Millis(80_000));
}

#[test]
fn a_timeout_without_pieces_on_the_board_has_no_penalty() {
    let rows = TWO_HOMES.map(|r| {
        if r.starts_with('b') {
            ". . . . . . . . . ."
        } else {
            r
        }
    });
    let mut g = game(
        timed(2, Timer::Hot),
        rows,
        "2@j1 hand=24,20 passes=1 turns=2 clock=30000/0@0",
    );
    play_at(&mut g, "timeout", 31_000);
    assert_eq!(seat_of(&g), 1);
    assert_eq!(g.phase(), Phase::Play { refused: false });
    assert_eq!(g.passes(), 0);
    assert_eq!(g.deadline().unwrap().at, Millis(61_000));
}

#[test]
fn timeout_and_remove_need_a_timer() {
    let g = Magma::new(options(2));
    assert_eq!(
        refused(&g, "timeout").message,
        "this game has no timer: timeout is not one of its actions"
    );
    assert_eq!(refused(&g, "remove d10").code, ErrorCode::WrongPhase);
    assert_eq!(g.deadline(), None);
    assert_eq!(g.turn_time(), None);
}

#[test]
fn white_hot_each_turn_gets_the_sand_the_last_one_used() {
    let mut g = Magma::new(timed(2, Timer::WhiteHot));
    // The first turn: half a timer.
    assert_eq!(g.turn_time(), Some(15_000));
    assert_eq!(g.deadline().unwrap().at, Millis(15_000));
    play_at(&mut g, "enter d9", 5_000); // 10 s left → the next turn gets 20 s
    assert_eq!(g.turn_time(), Some(20_000));
    assert_eq!(g.time_left(Millis(5_000)), Some(20_000));
    assert_eq!(g.deadline().unwrap().at, Millis(25_000));
    play_at(&mut g, "enter j2", 24_000); // 1 s left → 29 s
    assert_eq!(g.turn_time(), Some(29_000));
    assert_eq!(g.deadline().unwrap().at, Millis(53_000));
    // A vote stops the sand: proposed after 9 s, refused 60 s later.
    play_at(&mut g, "end?", 33_000);
    assert_eq!(g.deadline(), None);
    assert_eq!(g.time_left(Millis(90_000)), Some(20_000));
    play_at(&mut g, "end-", 93_000);
    assert_eq!(g.deadline().unwrap().at, Millis(113_000));
    play_at(&mut g, "pass", 113_000); // exactly on time: 0 s left → 30 s
    assert_eq!(g.turn_time(), Some(30_000));
    // A turn that runs out gives the next 30 s, from when play resumes.
    play_at(&mut g, "timeout", 143_000);
    play_at(&mut g, "remove j2", 150_000);
    assert_eq!(g.turn_time(), Some(30_000));
    assert_eq!(g.deadline().unwrap().at, Millis(180_000));
    // Ending a full turn at once leaves the next turn no sand at all.
    play_at(&mut g, "pass", 150_000);
    assert_eq!(g.turn_time(), Some(0));
    assert_eq!(g.deadline().unwrap().at, Millis(150_000));
}

#[test]
fn hot_every_turn_has_thirty_seconds() {
    let mut g = Magma::new(timed(2, Timer::Hot));
    assert_eq!(g.turn_time(), Some(30_000));
    play_at(&mut g, "pass", 1_000);
    assert_eq!(g.deadline().unwrap().at, Millis(31_000));
    play_at(&mut g, "pass", 30_000);
    assert!(g.outcome().is_some());
    assert_eq!(g.deadline(), None);
}

// ---------------------------------------------------------------------------
// Options.

#[test]
fn options_are_checked_and_named() {
    use lodestone_rules::{AnyGame, GameKind};
    let err = |pairs: &[(&str, &str)]| AnyGame::new(GameKind::Magma, pairs).unwrap_err().message;
    assert_eq!(
        err(&[("solo", "red")]),
        "option solo=red needs players=5 (this game has 2)"
    );
    assert_eq!(
        err(&[("players", "4"), ("solo", "yellow")]),
        "option solo=yellow needs players=5 (this game has 4)"
    );
    assert_eq!(
        err(&[("players", "3"), ("first", "4")]),
        "option first=4 is out of range for players=3 (allowed: 1 to 3)"
    );
    assert!(err(&[("players", "7")]).contains("players=\"7\" is out of range"));
    assert!(err(&[("colour", "red")]).contains("unknown option \"colour\""));
    let g = AnyGame::new(
        GameKind::Magma,
        &[("players", "5"), ("solo", "red"), ("first", "5")],
    )
    .unwrap();
    assert_eq!(
        g.option_pairs(),
        [
            ("players", "5"),
            ("solo", "red"),
            ("board", "zigzag"),
            ("timer", "none"),
            ("first", "5")
        ]
        .map(|(k, v)| (k, v.to_string()))
    );
    // With red solo the order is 1, 2, 3, 1, 4, 5, and seat 5 starts.
    assert_eq!(g.to_act(), SeatSet::only(Seat(4)));
}

#[test]
fn radius5_corners_take_the_seats_and_enter_onto_three_cells() {
    let g = Magma::new(Options {
        board: BoardKind::Radius5,
        ..options(6)
    });
    let homes: Vec<String> = g
        .layout()
        .slots()
        .iter()
        .enumerate()
        .map(|(i, _)| g.geometry().label(g.home(i)).to_string())
        .collect();
    assert_eq!(homes, ["a6", "f11", "k6", "k1", "f1", "a1"]);
    assert_eq!(labels(g.entry_destinations(0)), ["a5", "b6", "b7"]);
    assert_eq!(
        g.to_string(),
        "y4r/7/8/9/10/b9b/10/9/8/7/r4y 1@a6 hand=24,24,24,24,24,24 passes=0 turns=0 score=red:20,blue:20,yellow:20"
    );
}

#[test]
fn the_starting_positions() {
    let start = |players| Magma::new(options(players)).to_string();
    assert_eq!(
        start(2),
        "1/4/7/9r/9/10/9/10/9/b9/7/4/1 1@d10 hand=24,24 passes=0 turns=0 score=red:7,blue:7"
    );
    assert_eq!(
        start(3),
        "1/4/7/b8r/9/10/9/10/9/10/7/4/y 1@d10 hand=24,24,24 passes=0 turns=0 score=red:7,blue:7,yellow:7"
    );
    assert_eq!(
        start(4),
        "1/4/7/b8r/9/10/9/10/9/r8b/7/4/1 1@d10 hand=24,24,24,24 passes=0 turns=0 score=red:14,blue:14"
    );
    assert_eq!(
        start(6),
        "y/4/7/b8r/9/10/9/10/9/r8b/7/4/y 1@d10 hand=24,24,24,24,24,24 passes=0 turns=0 score=red:14,blue:14,yellow:14"
    );
}

#[test]
fn typed_options_out_of_range_are_brought_into_range() {
    let g = Magma::new(Options {
        players: 9,
        first: Seat(7),
        ..Options::default()
    });
    assert_eq!(g.seat_count(), 6);
    assert_eq!(g.to_act(), SeatSet::only(Seat(0)));
    let g = Magma::new(Options {
        players: 0,
        ..Options::default()
    });
    assert_eq!(g.seat_count(), 2);
}

#[test]
fn any_game_plays_magma() {
    use lodestone_rules::{AnyAction, AnyGame, AnyView, GameKind};
    let mut g = AnyGame::new(GameKind::Magma, &[("players", "3"), ("timer", "hot")]).unwrap();
    assert_eq!(g.kind(), GameKind::Magma);
    assert_eq!(g.parse_seat("2"), Some(Seat(1)));
    assert_eq!(g.legal_actions(Seat(0)).len(), 7, "5 actions, end? and timeout");
    assert_eq!(
        g.play(Seat(0), "Enter E9", Millis(1_000)).unwrap().to_string(),
        "enter e9"
    );
    assert_eq!(
        g.play(Seat(0), "pass", Millis(2_000)).unwrap_err().code(),
        "not-your-turn"
    );
    assert_eq!(
        g.play(Seat(1), "e9-z9", Millis(2_000)).unwrap_err().code(),
        "bad-notation"
    );
    let deadline = g.deadline().unwrap();
    assert_eq!((deadline.seat, deadline.at), (Seat(1), Millis(31_000)));
    assert_eq!(deadline.action, AnyAction::Magma(Action::Timeout));
    let AnyView::Magma(view) = g.view(Viewer::Seat(Seat(2))) else {
        panic!("a Magma view")
    };
    assert_eq!(view.to_act, SeatSet::only(Seat(1)));
    assert_eq!(view.seats[Seat(0)].hand, 23);
    assert_eq!(view.clock.unwrap().deadline, Some(Millis(31_000)));
    assert_eq!(view.to_string(), g.position_string());
    assert_eq!(
        g.position_string(),
        "1/4/7/b8r/8r/10/9/10/9/10/7/4/y 2@m1 hand=23,24,24 passes=0 turns=1 clock=30000/0@1000 score=red:14,blue:7,yellow:7"
    );
}

// "6 passes in a row in the 5-player game": a round has six turn slots.
#[test]
fn five_players_end_after_six_passes() {
    let mut g = Magma::new(options(5));
    for _ in 0..5 {
        play(&mut g, "pass");
    }
    assert!(g.outcome().is_none(), "five passes are not a round");
    assert_eq!(seat_of(&g), 3, "the solo player's second slot");
    play(&mut g, "pass");
    assert!(g.outcome().unwrap().to_string().contains("all passed"));
}

// "The tied side whose latest turn (a pass or a timeout included) came
// last": red's only turn was a timeout, and it still wins the tie.
#[test]
fn a_timeout_counts_as_a_turn_for_the_tie_break() {
    let rows = [
        "         .         ", // a
        "      . . . .      ", // b
        "   . . . . . . .   ", // c
        ". . . . . . . . . r", // d
        " . . . . . . . . . ", // e
        ". . . . . . . . . .", // f
        " . . . . r . . . . ", // g: g5, a lone red piece
        ". . . . . . . . . .", // h
        " . . . . . . . . . ", // i
        "b . . . . . . . . .", // j
        "   . . . . . . .   ", // k
        "      . . . .      ", // l
        "         .         ", // m
    ];
    let mut g = game(
        timed(2, Timer::Hot),
        rows,
        "1@d10 hand=23,24 passes=0 turns=0 clock=30000/0@0",
    );
    assert_eq!((total(&g, Color::Red), total(&g, Color::Blue)), (2 + 3 * 8, 7));
    play(&mut g, "timeout");
    play(&mut g, "remove g5"); // blue takes red's lone piece: 7 each
    assert_eq!((total(&g, Color::Red), total(&g, Color::Blue)), (7, 7));
    play(&mut g, "end?"); // blue, whose slot follows red's
    play(&mut g, "end!");
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "red wins (agreed end; red 7, blue 7; the tie goes to red, who played last)"
    );
}
