//! Every Magnetism example of the seed text and of RULINGS.md, as named
//! tests on concrete positions, plus the end rule in all its cases, the
//! secret opening and the refusals.
//!
//! Diagrams are written rank 8 first, twelve squares a to l: `.` empty,
//! `o` a white piece, `x` a black piece, `O` the white magnet, `X` the black
//! magnet. The seed's pictures were lost; where a test rebuilds one, its
//! comment says what the text states about it.

use lodestone_rules::magnetism::{Action, Color, GRID, MagnetView, Magnetism, Options, Position, View};
use lodestone_rules::{ErrorCode, Game, Millis, Outcome, Record, Seat, SeatSet, Viewer};

mod ranks;

use ranks::rank_text;

const WHITE: Seat = Seat(0);
const BLACK: Seat = Seat(1);

/// The position text of a diagram.
fn diagram(rows: [&str; 8], side: Color) -> String {
    let mut magnets = ["-".to_string(), "-".to_string()];
    let ranks: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(cells.len(), 12, "row {row:?} must have 12 squares");
            rank_text(cells.into_iter().enumerate().map(|(file, c)| match c {
                '.' => None,
                'o' => Some('W'),
                'x' => Some('B'),
                'O' | 'X' => {
                    let label = format!("{}{}", (b'a' + file as u8) as char, 8 - i);
                    magnets[usize::from(c == 'X')] = label;
                    None
                }
                other => panic!("unexpected {other:?} in diagram"),
            }))
        })
        .collect();
    let side = if side == Color::White { "w" } else { "b" };
    format!("{} {side} {} {}", ranks.join("/"), magnets[0], magnets[1])
}

fn game(rows: [&str; 8], side: Color) -> Magnetism {
    game_with(Options::default(), rows, side)
}

fn game_with(options: Options, rows: [&str; 8], side: Color) -> Magnetism {
    Magnetism::parse_position(options, &diagram(rows, side)).expect("diagram is a position")
}

fn play(g: &mut Magnetism, seat: Seat, action: &str) {
    let action = g.parse_action(action).unwrap();
    g.apply(seat, &action, Millis(0))
        .unwrap_or_else(|e| panic!("{action}: {e}"));
}

/// Plays `action` for the seat to act.
fn next(g: &mut Magnetism, action: &str) {
    let seat = g.to_act().first_seat().expect("the game is not over");
    play(g, seat, action);
}

fn refuse(g: &Magnetism, seat: Seat, action: &str) -> (ErrorCode, String) {
    let mut h = g.clone();
    let e = h
        .apply(seat, &action.parse().unwrap(), Millis(0))
        .expect_err(action);
    assert_eq!(&h, g, "refused {action} changed the game");
    (e.code, e.message)
}

/// The piece moves `from-to` of the legal actions whose magnet goes to
/// `magnet`, in generation order.
fn piece_moves(g: &Magnetism, seat: Seat, magnet: &str) -> Vec<String> {
    let m = GRID.parse_label(magnet).unwrap();
    g.legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { magnet, from, to } if magnet == m => {
                Some(format!("{}-{}", GRID.label(from, false), GRID.label(to, false)))
            }
            _ => None,
        })
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn result(g: &Magnetism) -> String {
    g.outcome().map_or("ongoing".into(), |o| o.to_string())
}

// ---------------------------------------------------------------------------
// Rule (1), Figure 1, and rule (2): the secret opening.

#[test]
fn figure_1_setup_and_both_seats_choose_at_once() {
    let g = Magnetism::new(Options::default());
    let text = g.position().to_string();
    assert_eq!(text, "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w - -");
    let p = g.position();
    for file in 0..12 {
        assert_eq!(p.at(GRID.square(file, 0).unwrap()), Some(Color::White));
        assert_eq!(p.at(GRID.square(file, 7).unwrap()), Some(Color::Black));
    }
    assert_eq!(g.to_act(), SeatSet::first(2));
}

#[test]
fn magnets_start_in_their_own_half_off_the_back_row() {
    let g = Magnetism::new(Options::default());
    let squares = |seat| -> Vec<String> { g.legal_actions(seat).iter().map(|a| a.to_string()).collect() };
    let white = squares(WHITE);
    assert_eq!(white.len(), 36);
    assert_eq!(
        (white[0].as_str(), white[35].as_str()),
        ("magnet a2", "magnet l4")
    );
    let black = squares(BLACK);
    assert_eq!(black.len(), 36);
    assert_eq!(
        (black[0].as_str(), black[35].as_str()),
        ("magnet a5", "magnet l7")
    );
    assert_eq!(
        refuse(&g, WHITE, "magnet g5"),
        (
            ErrorCode::IllegalAction,
            "white's magnet must start in its own half off the back row (ranks 2 to 4), not on g5".into()
        )
    );
    assert_eq!(
        refuse(&g, WHITE, "magnet g1").1,
        "white's magnet must start in its own half off the back row (ranks 2 to 4), not on g1"
    );
    assert_eq!(
        refuse(&g, BLACK, "magnet d8").1,
        "black's magnet must start in its own half off the back row (ranks 5 to 7), not on d8"
    );
    assert_eq!(
        refuse(&g, BLACK, "magnet d4").1,
        "black's magnet must start in its own half off the back row (ranks 5 to 7), not on d4"
    );
}

#[test]
fn either_seat_may_commit_first_and_then_only_the_other_acts() {
    let mut g = Magnetism::new(Options::default());
    // Black commits before white: the room accepts the choices in any order.
    play(&mut g, BLACK, "magnet d5");
    assert_eq!(g.to_act(), SeatSet::only(WHITE));
    assert_eq!(
        refuse(&g, BLACK, "magnet e6"),
        (
            ErrorCode::NotYourTurn,
            "black has already placed its magnet on d5; waiting for white".into()
        )
    );
    assert!(g.legal_actions(BLACK).is_empty());
    play(&mut g, WHITE, "magnet g4");
    assert_eq!(g.to_act(), SeatSet::only(WHITE));
    assert_eq!(
        g.position().to_string(),
        "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w g4 d5"
    );
}

/// Neither choice is visible to the other side until both are in.
#[test]
fn a_committed_magnet_is_hidden_from_the_other_seat_until_both_are_in() {
    let mut g = Magnetism::new(Options::default());
    play(&mut g, WHITE, "magnet g4");
    let g4 = GRID.parse_label("g4").unwrap();

    let black_view: View = g.view(Viewer::Seat(BLACK));
    assert_eq!(black_view.magnet(Color::White), MagnetView::Hidden);
    assert_eq!(black_view.magnet(Color::Black), MagnetView::NotPlaced);
    let printed = black_view.to_string();
    assert_eq!(printed, "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w ? -");
    assert!(!printed.contains("g4"), "{printed}");
    assert_eq!(g.view(Viewer::Spectator), black_view);

    // White sees its own choice; the referee sees everything.
    assert_eq!(
        g.view(Viewer::Seat(WHITE)).magnet(Color::White),
        MagnetView::At(g4)
    );
    assert_eq!(
        g.view(Viewer::Referee).to_string(),
        "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w g4 -"
    );

    // The server redacts the record with `conceals`.
    let placement = Action::Magnet(g4);
    assert!(g.conceals(WHITE, &placement, Viewer::Seat(BLACK)));
    assert!(g.conceals(WHITE, &placement, Viewer::Spectator));
    assert!(!g.conceals(WHITE, &placement, Viewer::Seat(WHITE)));
    assert!(!g.conceals(WHITE, &placement, Viewer::Referee));

    // Black's choice completes the opening: both are revealed at once.
    play(&mut g, BLACK, "magnet d5");
    let d5 = GRID.parse_label("d5").unwrap();
    for viewer in [Viewer::Seat(WHITE), Viewer::Seat(BLACK), Viewer::Spectator] {
        let v = g.view(viewer);
        assert_eq!(v.magnet(Color::White), MagnetView::At(g4));
        assert_eq!(v.magnet(Color::Black), MagnetView::At(d5));
        assert_eq!(
            v.to_string(),
            "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w g4 d5"
        );
        assert!(!g.conceals(WHITE, &placement, viewer));
        assert!(!g.conceals(BLACK, &Action::Magnet(d5), viewer));
    }
}

#[test]
fn black_committing_first_is_hidden_from_white() {
    let mut g = Magnetism::new(Options::default());
    play(&mut g, BLACK, "magnet d5");
    let v = g.view(Viewer::Seat(WHITE));
    assert_eq!(v.magnet(Color::Black), MagnetView::Hidden);
    assert!(!v.to_string().contains("d5"));
    assert!(v.to_string().ends_with(" w - ?"));
    assert!(g.conceals(BLACK, &"magnet d5".parse().unwrap(), Viewer::Seat(WHITE)));
    // A move is not secret.
    assert!(!g.conceals(BLACK, &"(f5) j1-g4".parse().unwrap(), Viewer::Seat(WHITE)));
}

#[test]
fn no_move_before_both_magnets_and_no_placement_after() {
    let mut g = Magnetism::new(Options::default());
    assert_eq!(
        refuse(&g, WHITE, "(f5) j1-g4"),
        (
            ErrorCode::WrongPhase,
            "white must first place its magnet (magnet <square>, ranks 2 to 4)".into()
        )
    );
    play(&mut g, WHITE, "magnet g4");
    play(&mut g, BLACK, "magnet d5");
    assert_eq!(
        refuse(&g, WHITE, "magnet e4"),
        (
            ErrorCode::WrongPhase,
            "both magnets are already placed: a move is written (f5) j1-g4".into()
        )
    );
    assert_eq!(
        refuse(&g, BLACK, "(g2) a8-e4"),
        (ErrorCode::NotYourTurn, "it is white's turn".into())
    );
    assert_eq!(refuse(&g, Seat(2), "(f5) j1-g4").0, ErrorCode::NotYourTurn);
}

// ---------------------------------------------------------------------------
// Rules (4), (5) and (6): the two-part move, and Figure 2.

/// Figure 2 as the text describes it: white's magnet is about to move to c4
/// (here from a6); white pieces on d5, c1 and f1; e6, f7, g8, c2, c3, e2 and
/// d3 vacant. The other pieces stand off every line through c4.
const FIGURE_2: [&str; 8] = [
    "xxxxxx.xxxxx", // g8 vacant
    "............", // f7 vacant
    "O......x.X..", // white magnet a6; black piece h6, black magnet j6
    "...o........", // d5
    "............", // c4: where the white magnet goes
    "............", //
    "............", //
    "ooooooooooo.", // c1 and f1 among them
];

#[test]
fn figure_2_with_the_magnet_on_c4_d5_may_be_pushed_to_e6_f7_or_g8() {
    let g = game(FIGURE_2, Color::White);
    let d5 = moves_of(&g, "c4", "d5");
    assert_eq!(d5, ["d5-e6", "d5-f7", "d5-g8"]);
    // d5 is next to c4, so it cannot be pulled.
    let (code, message) = refuse(&g, WHITE, "(c4) d5-c4");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert_eq!(message, "d5 cannot be pulled onto or past the magnet on c4");
}

#[test]
fn figure_2_c1_may_be_pulled_to_c2_or_c3() {
    let g = game(FIGURE_2, Color::White);
    let c1 = moves_of(&g, "c4", "c1");
    assert_eq!(sorted(c1), ["c1-c2", "c1-c3"]);
}

#[test]
fn figure_2_f1_may_be_pulled_to_e2_or_d3() {
    let g = game(FIGURE_2, Color::White);
    let f1 = moves_of(&g, "c4", "f1");
    assert_eq!(sorted(f1), ["f1-d3", "f1-e2"]);
}

#[test]
fn figure_2_those_seven_are_all_the_moves_with_the_magnet_on_c4() {
    let g = game(FIGURE_2, Color::White);
    assert_eq!(
        sorted(piece_moves(&g, WHITE, "c4")),
        ["c1-c2", "c1-c3", "d5-e6", "d5-f7", "d5-g8", "f1-d3", "f1-e2"]
    );
    let mut after = g.clone();
    play(&mut after, WHITE, "(c4) d5-g8");
    assert_eq!(after.position().magnet(Color::White), GRID.parse_label("c4"));
}

/// Rule (6): with a black piece on f7, d5 cannot be pushed to g8 and must
/// stop at e6.
#[test]
fn figure_2_a_black_piece_on_f7_stops_the_push_at_e6() {
    let mut rows = FIGURE_2;
    rows[1] = ".....x......"; // the black piece from h6 now on f7
    rows[2] = "O........X..";
    let g = game(rows, Color::White);
    let d5 = moves_of(&g, "c4", "d5");
    assert_eq!(d5, ["d5-e6"]);
    assert_eq!(refuse(&g, WHITE, "(c4) d5-f7").1, "f7 is occupied");
    assert_eq!(
        refuse(&g, WHITE, "(c4) d5-g8").1,
        "the piece on d5 cannot pass through f7: it is occupied"
    );
}

/// The piece moves of the piece on `from`, with the magnet going to `magnet`.
fn moves_of(g: &Magnetism, magnet: &str, from: &str) -> Vec<String> {
    let seat = g.to_act().first_seat().unwrap();
    piece_moves(g, seat, magnet)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{from}-")))
        .collect()
}

/// Rank 3 seen from the white magnet's next square c3: d3, e3 and f3 hold
/// a black piece, a white piece and a white piece.
const THROUGH: [&str; 8] = [
    "xxxxxxxxxxx.", //
    "............", //
    "..........X.", // black magnet k6
    "..O.........", // white magnet c5, going to c3
    "............", //
    "...xoo......", // d3 black, e3 white, f3 white
    "............", //
    "oooooooooo..", //
];

/// Rule (6): a magnet's influence passes through other pieces, of either
/// colour, but a piece moves only over empty squares.
#[test]
fn influence_passes_through_pieces() {
    let g = game(THROUGH, Color::White);
    // f3 lies beyond a black and a white piece: still influenced. It cannot
    // be pulled (e3 is in the way) but can be pushed to the edge.
    assert_eq!(
        moves_of(&g, "c3", "f3"),
        ["f3-g3", "f3-h3", "f3-i3", "f3-j3", "f3-k3", "f3-l3"]
    );
    // e3 is influenced but boxed in between d3 and f3.
    assert!(moves_of(&g, "c3", "e3").is_empty());
    assert_eq!(
        refuse(&g, WHITE, "(c3) f3-d3").1,
        "the piece on f3 cannot pass through e3: it is occupied"
    );
    let mut after = g.clone();
    play(&mut after, WHITE, "(c3) f3-l3");
    assert_eq!(
        after.position().at(GRID.parse_label("l3").unwrap()),
        Some(Color::White)
    );
}

/// Rule (6): the influence does not pass through the opponent's magnet.
#[test]
fn influence_does_not_pass_the_opponents_magnet() {
    let mut rows = THROUGH;
    rows[0] = "xxxxxxxxxxxx";
    rows[2] = "............";
    rows[5] = "...Xoo......"; // the black magnet on d3 instead of a piece
    let g = game(rows, Color::White);
    assert!(moves_of(&g, "c3", "e3").is_empty());
    assert!(moves_of(&g, "c3", "f3").is_empty());
    assert_eq!(
        refuse(&g, WHITE, "(c3) f3-g3"),
        (
            ErrorCode::IllegalAction,
            "the black magnet on d3 shields f3 from the magnet on c3".into()
        )
    );
    // Only what lies beyond the black magnet is shielded: with the magnet
    // on f3 instead, e3 (before it) can be pulled to d3, g3 (beyond) nothing.
    rows[5] = "....oXo.....";
    let g = game(rows, Color::White);
    assert_eq!(moves_of(&g, "c3", "e3"), ["e3-d3"]);
    assert!(moves_of(&g, "c3", "g3").is_empty());
    assert_eq!(
        refuse(&g, WHITE, "(c3) g3-h3").1,
        "the black magnet on f3 shields g3 from the magnet on c3"
    );
}

/// Rule (4): the magnet moves like a queen, at least one square, never
/// through or onto a piece or the other magnet.
#[test]
fn the_magnet_moves_like_a_queen_over_empty_squares() {
    let g = game(FIGURE_2, Color::White);
    let refused = |a: &str| refuse(&g, WHITE, a).1;
    assert_eq!(refused("(a6) c1-c2"), "the magnet must move: it is already on a6");
    assert_eq!(
        refused("(c5) c1-c2"),
        "the magnet on a6 cannot reach c5: it moves along a rank, file or diagonal"
    );
    assert_eq!(
        refused("(l6) c1-c2"),
        "the magnet cannot pass through h6: it is occupied"
    );
    assert_eq!(refused("(h6) c1-c2"), "h6 is occupied");
    assert_eq!(refused("(a1) c1-c2"), "a1 is occupied");
    let mut rows = FIGURE_2;
    rows[1] = ".....x......";
    rows[2] = "O........X..";
    let g = game(rows, Color::White);
    assert_eq!(
        refuse(&g, WHITE, "(k6) c1-c2").1,
        "the magnet cannot pass through j6: it is occupied"
    );
    assert!(!piece_moves(&g, WHITE, "i6").is_empty());
}

/// Rule (5): the second part moves one of the mover's own pieces along a
/// line through the magnet, toward it or away, never onto or past it.
#[test]
fn the_piece_moves_along_its_line_with_the_magnet() {
    let mut g = Magnetism::new(Options::default());
    play(&mut g, WHITE, "magnet g4");
    play(&mut g, BLACK, "magnet d5");
    let refused = |a: &str| refuse(&g, WHITE, a).1;
    assert_eq!(refused("(f5) j2-g4"), "there is no piece on j2");
    assert_eq!(refused("(f5) c8-d7"), "the piece on c8 is black's");
    assert_eq!(
        refused("(f5) a1-a2"),
        "a1 is not on a rank, file or diagonal with the magnet on f5"
    );
    assert_eq!(
        refused("(f5) j1-j2"),
        "j1-j2 does not follow the line from the magnet on f5 through j1"
    );
    assert_eq!(
        refused("(f5) j1-f5"),
        "j1 cannot be pulled onto or past the magnet on f5"
    );
    assert_eq!(
        refused("(f5) j1-e6"),
        "j1 cannot be pulled onto or past the magnet on f5"
    );
    assert_eq!(
        refused("(f5) j1-j1"),
        "the piece on j1 must move at least one square"
    );
}

/// RULINGS.md: "a player who cannot complete both parts loses", so a
/// magnet move that no piece move can follow is not a move at all.
#[test]
fn a_magnet_move_without_a_piece_move_is_not_a_move() {
    let mut g = Magnetism::new(Options::default());
    play(&mut g, WHITE, "magnet g4");
    play(&mut g, BLACK, "magnet d5");
    // From g2 every white piece in line is adjacent to the magnet.
    assert!(g.position().magnet_destinations(Color::White) & (1 << GRID.parse_label("g2").unwrap().0) != 0);
    assert!(piece_moves(&g, WHITE, "g2").is_empty());
    assert_eq!(
        refuse(&g, WHITE, "(g2) g1-g3").1,
        "g1 cannot be pulled onto or past the magnet on g2"
    );
}

/// Rule (5): "A player who at any time is unable to complete both parts of
/// a move has lost the game." White's push to j6 leaves black's magnet only
/// k7, from where no black piece is in line.
#[test]
fn a_player_who_cannot_complete_a_move_loses() {
    let rows = [
        "..........xX", // k8 black, black magnet l8
        "...........o", // l7 white
        "......o.....", // g6 white: will be pushed to j6
        "........o...", // i5 white
        "xx..O.......", // white magnet e4
        "xxxx........", //
        "xxxxo....x..", // j2 black: pullable up the j-file from j6
        "....oooooooo", //
    ];
    let g = game(rows, Color::White);
    // Were it black's turn, its magnet could go to j6 and pull j2.
    let black_first = game(rows, Color::Black);
    assert_eq!(
        sorted(
            black_first
                .legal_actions(BLACK)
                .iter()
                .map(|a| a.to_string())
                .collect()
        ),
        ["(j6) j2-j3", "(j6) j2-j4", "(j6) j2-j5"]
    );
    let mut after = g.clone();
    play(&mut after, WHITE, "(e6) g6-j6");
    assert_eq!(result(&after), "white wins (black cannot complete a move)");
    assert_eq!(after.to_act(), SeatSet::EMPTY);
    // Black's magnet could still step to k7, but no piece move follows.
    assert_eq!(
        after.position().magnet_destinations(Color::Black),
        1 << GRID.parse_label("k7").unwrap().0
    );
    assert!(after.legal_actions(BLACK).is_empty());
    assert_eq!(refuse(&after, BLACK, "(k7) k8-k6").0, ErrorCode::GameOver);
    // Read back, the position says the same.
    let again = Magnetism::parse_position(Options::default(), &after.position().to_string()).unwrap();
    assert_eq!(again.outcome(), after.outcome());
}

// ---------------------------------------------------------------------------
// The example partial game.

fn seed_record() -> Record {
    Record::parse(include_str!(
        "../../tests/records/magnetism/valid/seed-partial-game.txt"
    ))
    .unwrap()
}

#[test]
fn the_seed_partial_game_ends_with_one_piece_each_across() {
    let record = seed_record();
    let mut g = Magnetism::new(Options::default());
    for a in &record.actions {
        assert_eq!(g.outcome(), None, "over before {}", a.text);
        next(&mut g, &a.text);
    }
    let p = g.position();
    assert_eq!(p.far_row_count(Color::White), 1);
    assert_eq!(p.far_row_count(Color::Black), 1);
    assert_eq!(p.at(GRID.parse_label("j8").unwrap()), Some(Color::White));
    assert_eq!(p.at(GRID.parse_label("j1").unwrap()), Some(Color::Black));
    assert_eq!(result(&g), "ongoing");
    assert_eq!(g.to_act(), SeatSet::only(WHITE));
    assert_eq!(
        p.to_string(),
        "1BBB1BBBBWBB/5B6/7B4/12/12/12/12/WWWWWWWWWBWW w j4 e6"
    );
    // The whole record, replayed through AnyGame, agrees.
    assert_eq!(record.replay().unwrap().position_string(), p.to_string());
}

/// Move 1, (f5) j1-g4: the piece stops on g4, the square the magnet has
/// just left.
#[test]
fn seed_move_1_the_piece_may_stop_where_the_magnet_was() {
    let mut g = Magnetism::new(Options::default());
    play(&mut g, WHITE, "magnet g4");
    play(&mut g, BLACK, "magnet d5");
    assert_eq!(sorted(moves_of(&g, "f5", "j1")), ["j1-g4", "j1-h3", "j1-i2"]);
    let action: Action = " (F5)  J1 - G4 ".parse().unwrap();
    assert_eq!(action.to_string(), "(f5) j1-g4");
    g.apply(WHITE, &action, Millis(0)).unwrap();
    assert_eq!(
        g.position().to_string(),
        "BBBBBBBBBBBB/12/12/12/6W5/12/12/WWWWWWWWW1WW b f5 d5"
    );
}

/// "Note White's move 5 shows it is not necessary for the magnet to be
/// adjacent to a piece in order to move it away": j4 pushes j6, two squares
/// off, to j8.
#[test]
fn seed_move_5_the_magnet_need_not_be_adjacent_to_push() {
    let record = seed_record();
    let mut g = Magnetism::new(Options::default());
    for a in &record.actions[..10] {
        next(&mut g, &a.text);
    }
    assert_eq!(record.actions[10].text, "(j4) j6-j8");
    assert_eq!(moves_of(&g, "j4", "j6"), ["j6-j5", "j6-j7", "j6-j8"]);
    next(&mut g, "(j4) j6-j8");
    // White is ahead 1 to 0: black has one move to draw level, and does.
    assert_eq!(result(&g), "ongoing");
    next(&mut g, "(e6) f5-j1");
    assert_eq!(result(&g), "ongoing");
}

// ---------------------------------------------------------------------------
// Rule (3), as RULINGS.md formalises it: the back-row race.

/// White can push c6 to c8 (magnet a4 to c4); black can then push e3 to e1
/// (magnet g5 to e5).
const RACE: [&str; 8] = [
    "xx.xxxxxxxxx", // c8 vacant
    "............", //
    "..o.........", // c6 white
    "......X.....", // black magnet g5
    "O...........", // white magnet a4
    "....x.......", // e3 black
    "............", //
    "oooo.ooooooo", // e1 vacant
];

/// [`RACE`] after `played`, each move by the seat to act (white first).
fn race(played: &[&str]) -> Magnetism {
    let mut g = game(RACE, Color::White);
    for action in played {
        next(&mut g, action);
    }
    g
}

#[test]
fn going_ahead_gives_the_opponent_one_move_and_equalising_continues() {
    let mut g = race(&["(c4) c6-c8"]);
    assert_eq!(g.position().far_row_count(Color::White), 1);
    assert_eq!(result(&g), "ongoing");
    play(&mut g, BLACK, "(e5) e3-e1");
    assert_eq!(g.position().far_row_count(Color::Black), 1);
    assert_eq!(result(&g), "ongoing");
    assert_eq!(g.to_act(), SeatSet::only(WHITE));
}

#[test]
fn failing_to_equalise_loses() {
    let g = race(&["(c4) c6-c8", "(e5) e3-e2"]);
    assert_eq!(result(&g), "white wins (ahead on the far row, 1 to 0)");
    assert!(matches!(g.outcome(), Some(Outcome::Win { winners, .. }) if *winners == SeatSet::only(WHITE)));
    assert_eq!(g.to_act(), SeatSet::EMPTY);
    assert_eq!(refuse(&g, WHITE, "(c3) c8-c7").0, ErrorCode::GameOver);
}

#[test]
fn moving_ones_own_piece_back_off_the_far_row_loses_when_it_leaves_one_behind() {
    let mut g = race(&["(c4) c6-c8", "(e5) e3-e1"]);
    // 1 to 1. White pulls its far-row piece back: 0 to 1.
    play(&mut g, WHITE, "(c3) c8-c7");
    assert_eq!(result(&g), "black wins (ahead on the far row, 1 to 0)");
}

#[test]
fn going_ahead_again_after_equalising_continues_the_race() {
    let mut g = race(&["(c4) c6-c8", "(e5) e3-e1"]);
    // White leaves the race alone: still 1 to 1 after each move.
    play(&mut g, WHITE, "(c3) c1-c2");
    assert_eq!(result(&g), "ongoing");
    // Black pulls its far-row piece back while white is level: 1 to 0 for
    // white after black's own move, so white wins.
    play(&mut g, BLACK, "(e4) e1-e2");
    assert_eq!(result(&g), "white wins (ahead on the far row, 1 to 0)");
}

/// All twelve across wins at once, even from level (11 to 11): the
/// opponent gets no reply.
#[test]
fn all_twelve_across_wins_at_once() {
    let rows = [
        "ooooooooooo.", // eleven white pieces across
        "............", //
        ".....X.....o", // black magnet f6; l6 white
        "....x.......", //
        ".......O....", // white magnet h4
        "............", //
        "............", //
        "xxxxxxxxxxx.", // eleven black pieces across
    ];
    let g = game(rows, Color::White);
    assert_eq!(result(&g), "ongoing");
    let mut short = g.clone();
    play(&mut short, WHITE, "(l4) l6-l7");
    assert_eq!(result(&short), "ongoing");
    let mut across = g.clone();
    play(&mut across, WHITE, "(l4) l6-l8");
    assert_eq!(result(&across), "white wins (all 12 pieces on the far row)");
    assert_eq!(across.to_act(), SeatSet::EMPTY);
}

/// A position read from text is judged as if the side not to move had
/// just moved: black to move while white is ahead is still a game (black
/// may draw level); white to move while white is ahead means black has
/// failed to draw level, so white has won.
#[test]
fn positions_read_from_text_are_judged_like_positions_reached_in_play() {
    let g = race(&["(c4) c6-c8"]);
    let text = g.position().to_string();
    let read = Magnetism::parse_position(Options::default(), &text).unwrap();
    assert_eq!(result(&read), "ongoing");
    let flipped = text.replace(" b ", " w ");
    let read = Magnetism::parse_position(Options::default(), &flipped).unwrap();
    assert_eq!(result(&read), "white wins (ahead on the far row, 1 to 0)");
}

// ---------------------------------------------------------------------------
// RULINGS.md: threefold repetition (option `repetition`).

const SHUFFLE: [&str; 4] = ["(g5) g1-g2", "(d4) d8-d7", "(g4) g2-g1", "(d5) d7-d8"];

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut g = Magnetism::new(Options::default());
    play(&mut g, WHITE, "magnet g4");
    play(&mut g, BLACK, "magnet d5");
    let start = *g.position();
    for round in 0..2 {
        for a in SHUFFLE {
            assert_eq!(result(&g), "ongoing", "round {round}, before {a}");
            next(&mut g, a);
        }
    }
    assert_eq!(*g.position(), start);
    assert_eq!(result(&g), "draw (threefold repetition)");
}

#[test]
fn with_repetition_off_play_goes_on() {
    let options = Options {
        repetition_draw: false,
    };
    let mut g = Magnetism::new(options);
    play(&mut g, WHITE, "magnet g4");
    play(&mut g, BLACK, "magnet d5");
    for _ in 0..5 {
        for a in SHUFFLE {
            next(&mut g, a);
        }
    }
    assert_eq!(result(&g), "ongoing");
    let pairs = <Magnetism as Game>::option_pairs(g.options());
    assert_eq!(pairs, vec![("repetition", "off".to_string())]);
}

#[test]
fn a_position_reached_twice_is_not_yet_a_draw() {
    let mut g = Magnetism::new(Options::default());
    play(&mut g, WHITE, "magnet g4");
    play(&mut g, BLACK, "magnet d5");
    for a in SHUFFLE {
        next(&mut g, a);
    }
    assert_eq!(result(&g), "ongoing");
    // A position with the other side to move is a different position.
    let p: Position = g.position().to_string().replace(" w ", " b ").parse().unwrap();
    assert_ne!(&p, g.position());
}

// ---------------------------------------------------------------------------
// Through AnyGame, as a room or a tool holds the game.

#[test]
fn any_game_plays_magnetism_and_hides_the_opening() {
    use lodestone_rules::{AnyGame, GameKind};
    assert_eq!(GameKind::Magnetism.option_specs()[0].key, "repetition");
    let mut g = AnyGame::new(GameKind::Magnetism, &[("Repetition", "OFF")]).unwrap();
    assert_eq!(g.option_pairs(), vec![("repetition", "off".to_string())]);
    assert_eq!(g.parse_seat("Black"), Some(BLACK));
    assert_eq!(g.to_act(), SeatSet::first(2));
    let placed = g.play(WHITE, "Magnet G4", Millis(0)).unwrap();
    assert_eq!(placed.to_string(), "magnet g4");
    assert!(g.conceals(WHITE, &placed, Viewer::Seat(BLACK)));
    assert!(!g.conceals(WHITE, &placed, Viewer::Seat(WHITE)));
    assert_eq!(
        g.view(Viewer::Seat(BLACK)).to_string(),
        "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w ? -"
    );
    assert_eq!(
        g.play(WHITE, "magnet g3", Millis(0)).unwrap_err().code(),
        "not-your-turn"
    );
    assert_eq!(
        g.play(BLACK, "magnet z9", Millis(0)).unwrap_err().code(),
        "bad-notation"
    );
    g.play(BLACK, "magnet d5", Millis(0)).unwrap();
    assert!(!g.conceals(WHITE, &placed, Viewer::Seat(BLACK)));
    assert_eq!(g.legal_actions(WHITE).len(), 143);
    assert_eq!(g.perft(1), Ok(143));
    let e = AnyGame::new(GameKind::Magnetism, &[("repetition", "maybe")]).unwrap_err();
    assert!(e.message.contains("repetition=\"maybe\" is out of range"), "{e}");
    let e = AnyGame::from_position(GameKind::Magnetism, &[] as &[(&str, &str)], "12 w - -").unwrap_err();
    assert!(e.to_string().contains("bad Magnetism position"), "{e}");
}
