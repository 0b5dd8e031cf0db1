//! Every Magnet example of the seed text (its picture captions, whose
//! pictures were lost, rebuilt on concrete positions) and of RULINGS.md, as
//! named tests; plus the end-of-game rules and what views may show.
//!
//! Positions are written with [`game`]: each side's pieces as `VERTEX:KIND`
//! (`^RANK` when above 1); the rest of its twelve pieces count as captured.
//! Around the centre F6 the six rays, in the default order, run through
//! G6…K6, G5…K1, F5…F1, E5…A1, E6…A6 and F7…F11.

use lodestone_rules::magnet::{Action, Color, Kind, Magnet, Options, Piece, SetupRule, Vertex};
use lodestone_rules::{ErrorCode, Game, Millis, Outcome, RuleError, Seat, SeatSet, Viewer};
use rand::SeedableRng;
use rand::rngs::SmallRng;

const RED: Seat = Seat(0);
const BLUE: Seat = Seat(1);

const RED_SETUP: &str = "setup A2:K A3:2 A4:T2 A5:4 B7:3 C8:3 D9:T3 E10:4 G10:2 H9:2 I8:3 J7:4";
const BLUE_SETUP: &str = "setup B1:4 C1:3 D1:2 E1:T3 G1:3 H1:2 I1:T2 J1:4 K2:3 K3:2 K4:K K5:4";

/// One side's section of the position format: the pieces given, then the
/// rest of the side's material as captured pieces.
fn section(pieces: &[&str]) -> String {
    let mut left: Vec<Kind> = lodestone_rules::magnet::MATERIAL.to_vec();
    for p in pieces {
        let kind = p.split(':').nth(1).unwrap().split('^').next().unwrap();
        let kind = Kind::from_token(kind).unwrap();
        let i = left
            .iter()
            .position(|&k| k == kind)
            .expect("a side has that piece");
        left.remove(i);
    }
    let mut tokens: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
    tokens.extend(left.iter().map(|k| format!("x:{k}")));
    tokens.join(" ")
}

fn game(red: &[&str], blue: &[&str], status: &str) -> Magnet {
    let text = format!("{} | {} | {status}", section(red), section(blue));
    Magnet::parse_position(Options::default(), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(g: &mut Magnet, seat: Seat, text: &str) {
    let action = g.parse_action(text).unwrap();
    g.apply(seat, &action, Millis(0))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Plays `text`, which must be refused and change nothing.
fn refuse(g: &Magnet, seat: Seat, text: &str) -> RuleError {
    let mut after = g.clone();
    let action = g.parse_action(text).unwrap();
    let e = after.apply(seat, &action, Millis(0)).unwrap_err();
    assert_eq!(&after, g, "a refused action changed the game");
    e
}

fn v(label: &str) -> Vertex {
    label.parse().unwrap()
}

fn at(g: &Magnet, label: &str) -> Option<Piece> {
    g.position().at(v(label))
}

/// `(colour, kind, rank)` of the piece on `label`.
fn piece(g: &Magnet, label: &str) -> Option<(Color, Kind, u8)> {
    at(g, label).map(|p| (p.color, p.kind, p.rank))
}

fn winner(g: &Magnet) -> Option<(SeatSet, String)> {
    match g.outcome() {
        Some(Outcome::Win { winners, reason, .. }) => Some((*winners, reason.clone())),
        _ => None,
    }
}

fn start() -> Magnet {
    let mut g = Magnet::new(Options::default());
    play(&mut g, RED, RED_SETUP);
    play(&mut g, BLUE, BLUE_SETUP);
    g
}

// "Piece A does not lie on a line radiating from the magnet's position, and
// is not affected by it. Piece B lies on a line … and is affected."
#[test]
fn a_piece_off_the_magnet_lines_is_not_affected() {
    let mut g = game(&["A2:K", "G4:2", "F3:3"], &["K2:K"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "G4"), Some((Color::Red, Kind::Two, 1)), "A stays");
    assert_eq!(at(&g, "F3"), None);
    assert_eq!(
        piece(&g, "F4"),
        Some((Color::Red, Kind::Three, 1)),
        "B moves one step"
    );
}

// "Piece A is affected by the magnet. Piece C lies on a line radiating from
// the magnet's position, but is blocked by piece A and is not affected.
// Piece X is an opposing piece and is not affected. Piece B is affected
// because opposing pieces do not block the magnet."
#[test]
fn the_closest_friendly_piece_is_affected_and_enemies_do_not_block() {
    let mut g = game(&["A2:K", "F4:2", "F2:3", "D4:4"], &["K2:K", "E5:3"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "F5"), Some((Color::Red, Kind::Two, 1)), "A moved");
    assert_eq!(piece(&g, "F2"), Some((Color::Red, Kind::Three, 1)), "C did not");
    assert_eq!(
        piece(&g, "E5"),
        Some((Color::Red, Kind::Four, 1)),
        "B moved through X's vertex"
    );
    let blue: Vec<_> = g.position().pieces(Color::Blue).collect();
    assert_eq!(blue.len(), 1, "X (blue) did not move: B captured it");
}

// "Piece A (rank 2) is affected by the magnet and will move two vertices
// towards the position of the magnet."
#[test]
fn a_rank_two_piece_moves_two_vertices() {
    let mut g = game(&["A2:K", "F2:3^2"], &["K2:K"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(at(&g, "F2"), None);
    assert_eq!(at(&g, "F3"), None);
    assert_eq!(piece(&g, "F4"), Some((Color::Red, Kind::Three, 2)));
}

// A piece that enters the magnet's vertex stops there, whatever its rank.
#[test]
fn a_piece_stops_on_entering_the_magnet_vertex() {
    let mut g = game(&["A2:K", "F4:4^4"], &["K2:K"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::Four, 4)));
    assert_eq!(at(&g, "F7"), None);
}

// "A piece that occupies the same space as the magnet is not affected."
#[test]
fn a_piece_on_the_magnet_vertex_is_not_affected() {
    let mut g = game(&["A2:K", "F6:2", "F3:3", "F5:4"], &["K2:K"], "red");
    // The magnet on the red piece at F6: F5 is blocked by it, F3 is behind
    // F5, so nothing can move.
    let e = refuse(&g, RED, "F6");
    assert_eq!(e.code, ErrorCode::IllegalAction);
    assert_eq!(e.message, "a magnet on F6 moves no red piece");
    // With F5 gone the magnet on F6 pulls F3, and F6's own piece stays.
    g = game(&["A2:K", "F6:2", "F3:3"], &["K2:K"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::Two, 1)));
    assert_eq!(piece(&g, "F4"), Some((Color::Red, Kind::Three, 1)));
}

// "The magnet is placed in any vertex on the board, occupied or otherwise,
// so long as at least one piece is caused to move."
#[test]
fn the_magnet_must_move_at_least_one_piece() {
    let g = game(&["A2:K", "F3:3"], &["K2:K"], "red");
    let e = refuse(&g, RED, "G4");
    assert_eq!(e.message, "no red piece lies on a line from G4");
    let e = refuse(&g, RED, "F3");
    assert_eq!(e.message, "no red piece lies on a line from F3");
    // An occupied vertex is fine: the magnet on blue's king pulls F3.
    let mut g = game(&["A2:K", "F3:3"], &["F6:K"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "F4"), Some((Color::Red, Kind::Three, 1)));
}

/// Pieces A (F4, rank 2) and B (C3, rank 3), both able to reach the magnet
/// on F6: A on the ray F5…F1, B on the ray E5…A1.
fn order_example() -> Magnet {
    game(&["A2:K", "F4:3^2", "C3:4^3"], &["K2:K"], "red")
}

// "Red decides to move A first, moving it to the same vertex as the magnet.
// Red can then move B only two vertices even though it is rank 3, because
// it is blocked by piece A."
#[test]
fn moving_a_before_b_puts_a_on_the_magnet_vertex() {
    let mut g = order_example();
    play(&mut g, RED, "F6 F4,C3");
    assert_eq!(
        piece(&g, "F6"),
        Some((Color::Red, Kind::Three, 2)),
        "A on the magnet"
    );
    assert_eq!(
        piece(&g, "E5"),
        Some((Color::Red, Kind::Four, 3)),
        "B moved two, not three"
    );
    // The default order is the same here: F4's ray comes before C3's.
    let mut h = order_example();
    play(&mut h, RED, "F6");
    assert_eq!(h.position(), g.position());
}

// "Note that Red could have moved piece B before A, and then B would have
// blocked A instead."
#[test]
fn moving_b_before_a_puts_b_on_the_magnet_vertex() {
    let mut g = order_example();
    play(&mut g, RED, "F6 C3,F4");
    assert_eq!(
        piece(&g, "F6"),
        Some((Color::Red, Kind::Four, 3)),
        "B on the magnet"
    );
    assert_eq!(
        piece(&g, "F5"),
        Some((Color::Red, Kind::Three, 2)),
        "A moved one, not two"
    );
}

#[test]
fn both_orders_are_generated_as_distinct_outcomes() {
    let g = order_example();
    let texts: Vec<String> = g.legal_actions(RED).iter().map(|a| a.to_string()).collect();
    for t in [
        "F6",
        "F6 +F6",
        "F6 +E5",
        "F6 +E5,F6",
        "F6 C3,F4",
        "F6 C3,F4 +F5,F6",
    ] {
        assert!(texts.contains(&t.to_string()), "{t} missing from {texts:?}");
    }
    assert!(
        !texts.contains(&"F6 F4,C3".to_string()),
        "the default order is written bare"
    );
}

// "Piece A (rank 3) will capture both piece X and piece Y on this move. …
// If neither piece was a trap, piece A would complete its move."
#[test]
fn one_piece_captures_two() {
    let mut g = game(&["A2:K", "F3:4^3"], &["K2:K", "F4:2", "F5:3"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::Four, 3)));
    assert_eq!(g.position().pieces(Color::Blue).count(), 1);
    // Captured pieces are revealed: blue's 2 and 3 are public now.
    let removed = g.position().removed(Color::Blue);
    assert_eq!(
        removed.revealed[Kind::Two as usize],
        3,
        "the captured 2 and the two set aside"
    );
    assert_eq!(removed.hidden, [0; 6]);
}

// "This is true even if X is a trap. … A capturing piece destroyed by a
// trap still makes every capture in its intended move before it is
// removed from the game."
#[test]
fn a_piece_that_captures_a_trap_finishes_its_path_then_is_removed() {
    let mut g = game(&["A2:K", "F3:4^3"], &["K2:K", "F4:T2", "F5:3"], "red");
    play(&mut g, RED, "F6");
    for label in ["F3", "F4", "F5", "F6"] {
        assert_eq!(at(&g, label), None, "{label}");
    }
    assert_eq!(g.position().pieces(Color::Blue).count(), 1, "Y was captured too");
    // Blue's trap is revealed; red's destroyed 4 stays secret from blue.
    assert_eq!(
        g.position().removed(Color::Blue).revealed[Kind::TrapTwo as usize],
        1
    );
    assert_eq!(g.position().removed(Color::Red).hidden[Kind::Four as usize], 1);
    let blue_view = g.view(Viewer::Seat(BLUE)).to_string();
    assert!(blue_view.contains("t:?"), "{blue_view}");
    assert!(g.outcome().is_none());
}

// "If a trap is captured, the capturing piece is also removed from the
// game."
#[test]
fn capturing_a_trap_removes_the_capturer() {
    let mut g = game(&["A2:K", "F4:2"], &["K2:K", "F5:T3"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(at(&g, "F4"), None);
    assert_eq!(at(&g, "F5"), None);
    assert_eq!(g.position().pieces(Color::Red).count(), 1);
}

// With `trap-victims=revealed` the destroyed piece is shown like a captured
// one.
#[test]
fn trap_victims_can_be_revealed_by_option() {
    let text = format!(
        "{} | {} | red",
        section(&["A2:K", "F4:2"]),
        section(&["K2:K", "F5:T3"])
    );
    let options = Options {
        trap_victims: lodestone_rules::magnet::TrapVictims::Revealed,
        ..Options::default()
    };
    let mut g = Magnet::parse_position(options, &text).unwrap();
    play(&mut g, RED, "F6");
    assert_eq!(g.position().removed(Color::Red).hidden, [0; 6]);
    assert!(!g.view(Viewer::Seat(BLUE)).to_string().contains("t:"));
}

// "If the king is destroyed by capturing a trap, the game ends
// immediately."
#[test]
fn the_king_capturing_a_trap_loses() {
    let mut g = game(&["F4:K", "A3:2"], &["K2:K", "F5:T2"], "red");
    play(&mut g, RED, "F6");
    let (winners, reason) = winner(&g).unwrap();
    assert_eq!(winners, SeatSet::only(BLUE));
    assert_eq!(reason, "red's king captured a trap");
    assert!(g.to_act().is_empty());
    let e = refuse(&g, BLUE, "F6");
    assert_eq!(e.code, ErrorCode::GameOver);
}

// "The game is won instantly whenever a king is captured. No further moves
// take place." RULINGS.md: the capturing piece stops on the King's vertex,
// later pieces in the order do not move, and there is no promotion.
#[test]
fn capturing_the_king_ends_the_turn_at_once() {
    let g0 = game(&["A2:K", "F3:4^2", "C3:3"], &["F6:2", "F4:K"], "red");
    let mut g = g0.clone();
    // F3 (rank 2) would go to F5, but stops on the King at F4; C3 would
    // have moved next. The promotions name where red foresaw the pieces
    // ending, and are void.
    play(&mut g, RED, "F6 F3,C3 +F5,D4");
    let (winners, reason) = winner(&g).unwrap();
    assert_eq!(winners, SeatSet::only(RED));
    assert_eq!(reason, "king captured");
    assert_eq!(
        piece(&g, "F4"),
        Some((Color::Red, Kind::Four, 2)),
        "stopped on the King, not promoted"
    );
    assert_eq!(
        piece(&g, "C3"),
        Some((Color::Red, Kind::Three, 1)),
        "did not move"
    );
    // The generator offers no promotion in a turn that takes the King.
    for action in g0.legal_actions(RED) {
        let mut h = g0.clone();
        h.apply(RED, &action, Millis(0)).unwrap();
        if h.outcome().is_some() {
            assert!(!action.to_string().contains('+'), "{action}");
        }
    }
}

// The other order moves C3 first, then F3 captures the King.
#[test]
fn pieces_before_the_king_capture_do_move() {
    let mut g = game(&["A2:K", "F3:4^2", "C3:3"], &["F6:2", "F4:K"], "red");
    play(&mut g, RED, "F6 C3,F3");
    assert_eq!(piece(&g, "D4"), Some((Color::Red, Kind::Three, 1)));
    assert_eq!(piece(&g, "F4"), Some((Color::Red, Kind::Four, 2)));
    assert_eq!(winner(&g).unwrap().0, SeatSet::only(RED));
}

// A piece capturing the enemy on the magnet vertex enters it.
#[test]
fn the_enemy_piece_on_the_magnet_vertex_is_captured() {
    let mut g = game(&["A2:K", "F5:2"], &["K2:K", "F6:4"], "red");
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::Two, 1)));
}

/// Red's F5 and E5 (rank 1) both next to a blue trap on the magnet vertex.
fn trap_on_the_magnet() -> Magnet {
    game(&["A2:K", "F5:3", "E5:4"], &["K2:K", "F6:T2"], "red")
}

// The first piece into the magnet vertex captures the trap and is removed,
// which frees the vertex for the next piece.
#[test]
fn a_trap_on_the_magnet_vertex_lets_the_next_piece_in() {
    let mut g = trap_on_the_magnet();
    play(&mut g, RED, "F6 F5,E5");
    assert_eq!(at(&g, "F5"), None);
    assert_eq!(at(&g, "E5"), None);
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::Four, 1)));
}

// RULINGS.md: promotion is optional, +1, at most the value, once per turn,
// only for pieces that moved and survived. A promotion names the piece by
// where it ends as its owner can foresee the turn (every enemy piece taken
// for an ordinary one), so that its legality never depends on hidden
// pieces: a promotion of a piece the turn removes is void.
#[test]
fn promotions_are_judged_on_what_the_mover_can_foresee() {
    // Foreseen: F5 ends on F6, E5 is kept off it and stays. F6 is a trap.
    let mut g = trap_on_the_magnet();
    play(&mut g, RED, "F6 F5,E5 +F6");
    assert_eq!(
        piece(&g, "F6"),
        Some((Color::Red, Kind::Four, 1)),
        "void: F5's piece was destroyed"
    );
    // E5's piece may move (if the magnet vertex frees up), so it may be
    // promoted by its foreseen end, which is where it starts.
    let mut g = trap_on_the_magnet();
    play(&mut g, RED, "F6 F5,E5 +E5");
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::Four, 2)));
    // The same texts are accepted when F6 holds an ordinary piece: a
    // refusal would have told red which it is.
    let plain = game(&["A2:K", "F5:3", "E5:4"], &["K2:K", "F6:2"], "red");
    for text in ["F6 F5,E5 +F6", "F6 F5,E5 +E5"] {
        let mut g = plain.clone();
        play(&mut g, RED, text);
    }
    let mut g = plain.clone();
    play(&mut g, RED, "F6 F5,E5 +F6");
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::Three, 2)));
    assert_eq!(piece(&g, "E5"), Some((Color::Red, Kind::Four, 1)));
    // Refusals name only what red knows, and read the same either way.
    for base in [trap_on_the_magnet(), plain] {
        assert_eq!(
            refuse(&base, RED, "F6 +G9").message,
            "no moving red piece ends on G9"
        );
        assert_eq!(
            refuse(&base, RED, "F6 +F6,F6").message,
            "F6 is listed twice for promotion"
        );
    }
}

#[test]
fn promotion_limits() {
    let g = game(&["A2:K", "F4:3^3", "D4:2", "F8:4", "A5:4"], &["K2:K"], "red");
    // F4 (rank 3, already its value) ends on F6; D4 on E5; F8 on F7.
    assert_eq!(
        refuse(&g, RED, "F6 +F6").message,
        "the piece ending on F6 is already at rank 3, its value"
    );
    let mut h = g.clone();
    play(&mut h, RED, "F6 +E5,F7");
    assert_eq!(piece(&h, "E5"), Some((Color::Red, Kind::Two, 2)));
    assert_eq!(piece(&h, "F7"), Some((Color::Red, Kind::Four, 2)));
    assert_eq!(piece(&h, "F6"), Some((Color::Red, Kind::Three, 3)));
    // Not promoted: optional.
    let mut h = g.clone();
    play(&mut h, RED, "F6");
    assert_eq!(piece(&h, "E5"), Some((Color::Red, Kind::Two, 1)));
    // A piece that does not move cannot be promoted; nor can a King.
    let g = game(&["F4:K", "F6:2", "F5:3", "D4:4"], &["K2:K"], "red");
    assert_eq!(
        refuse(&g, RED, "F6 +F5").message,
        "the piece on F5 does not move, so it cannot be promoted"
    );
    let g = game(&["F4:K", "A3:2"], &["K2:K"], "red");
    assert_eq!(
        refuse(&g, RED, "F6 +F5").message,
        "the King ending on F5 is never promoted"
    );
    // Only a piece that moves may be named, and only once.
    let g = game(&["A2:K", "F4:2"], &["K2:K"], "red");
    assert_eq!(
        refuse(&g, RED, "F6 +A2").message,
        "no moving red piece ends on A2"
    );
}

// The order must list every affected piece, each once, by its starting
// vertex.
#[test]
fn orders_are_checked() {
    let g = order_example();
    assert_eq!(
        refuse(&g, RED, "F6 F4").message,
        "the order must list every piece the magnet affects: C3 is missing"
    );
    assert_eq!(
        refuse(&g, RED, "F6 F4,F4,C3").message,
        "F4 is listed twice in the order"
    );
    assert_eq!(
        refuse(&g, RED, "F6 F4,A2").message,
        "A2 is not one of the pieces a magnet on F6 affects (F4, C3)"
    );
    let e = refuse(&g, BLUE, "F6");
    assert_eq!(
        (e.code, e.message.as_str()),
        (ErrorCode::NotYourTurn, "it is red's turn")
    );
}

// "Red takes the first turn, but may move only one piece, even if more than
// one piece is affected by the magnet. On Blue's reply, and all turns
// thereafter, there is no limit to the number of pieces that move."
#[test]
fn red_opening_turn_moves_exactly_one_piece() {
    let g = start();
    assert!(g.position().is_opening());
    // A magnet on B5 affects H9 (along its row), A4, A5 and B7.
    let e = refuse(&g, RED, "B5");
    assert_eq!(
        e.message,
        "red's opening turn moves exactly one piece: name one of H9, A4, A5, B7 after the magnet"
    );
    assert_eq!(
        refuse(&g, RED, "B5 A4,B7").message,
        "red's opening turn moves exactly one piece, not 2"
    );
    let mut h = g.clone();
    play(&mut h, RED, "B5 B7");
    assert_eq!(piece(&h, "B6"), Some((Color::Red, Kind::Three, 1)));
    assert_eq!(
        piece(&h, "A4"),
        Some((Color::Red, Kind::TrapTwo, 1)),
        "A4 did not move"
    );
    assert_eq!(
        piece(&h, "A5"),
        Some((Color::Red, Kind::Four, 1)),
        "A5 did not move"
    );
    assert!(!h.position().is_opening());
    // When only one piece is affected, the bare form is fine.
    let mut h = g.clone();
    play(&mut h, RED, "A1");
    assert_eq!(piece(&h, "A1"), Some((Color::Red, Kind::King, 1)));
    // Blue's reply moves every affected piece: K2, J1 and E1 for a magnet
    // on J2. K2 comes first in the default order and takes J2, so J1 is
    // blocked; E1 steps toward J2 along the bottom row.
    play(&mut h, BLUE, "J2");
    assert_eq!(piece(&h, "J2"), Some((Color::Blue, Kind::Three, 1)));
    assert_eq!(piece(&h, "J1"), Some((Color::Blue, Kind::Four, 1)));
    assert_eq!(at(&h, "E1"), None);
    assert_eq!(piece(&h, "F2"), Some((Color::Blue, Kind::TrapThree, 1)));
}

// "At the beginning of a turn, but not at the end, a player may declare
// victory if his/her king is at the center vertex. (Thus it is not enough
// to move the king onto the center vertex, the king must also survive
// there during the opponent's turn.)"
#[test]
fn the_king_on_the_centre_wins_only_after_surviving_a_turn() {
    let g0 = game(&["F5:K", "A3:2"], &["K2:K", "F8:4^2", "K5:3"], "red");
    let mut g = g0.clone();
    play(&mut g, RED, "F6");
    assert_eq!(piece(&g, "F6"), Some((Color::Red, Kind::King, 1)));
    assert_eq!(g.outcome(), None, "moving there is not enough");
    // Blue plays elsewhere; at the start of red's turn, red wins.
    play(&mut g, BLUE, "K6");
    let (winners, reason) = winner(&g).unwrap();
    assert_eq!(winners, SeatSet::only(RED));
    assert_eq!(reason, "king on the centre");
    // Or blue captures the King there with its rank-2 piece from F8.
    let mut g = g0.clone();
    play(&mut g, RED, "F6");
    play(&mut g, BLUE, "F6");
    let (winners, reason) = winner(&g).unwrap();
    assert_eq!(winners, SeatSet::only(BLUE));
    assert_eq!(reason, "king captured");
}

// "If the only pieces left in the game are the two kings, the first king to
// reach the center vertex wins immediately."
#[test]
fn two_kings_race_to_the_centre() {
    let mut g = game(&["F5:K"], &["K2:K"], "red");
    play(&mut g, RED, "F6");
    let (winners, reason) = winner(&g).unwrap();
    assert_eq!(winners, SeatSet::only(RED));
    assert_eq!(reason, "two-king race");
}

// RULINGS.md: the two-King rule is checked at the end of every turn, so a
// King already on the centre wins when the last other piece falls.
#[test]
fn the_two_king_rule_applies_when_the_last_other_piece_falls() {
    // Blue's 2 on F10 captures red's last other piece, a trap on F9, and
    // is destroyed: only the kings are left, and red's is on the centre.
    let mut g = game(&["F6:K", "F9:T2"], &["K2:K", "F10:2"], "blue");
    play(&mut g, BLUE, "F8");
    let (winners, reason) = winner(&g).unwrap();
    assert_eq!(winners, SeatSet::only(RED));
    assert_eq!(reason, "two-king race");
}

// "If exactly the same position is reached three times, the game ends in a
// draw." RULINGS.md: the position is every piece's owner, kind, value,
// rank and vertex plus the side to move.
#[test]
fn threefold_repetition_is_a_draw() {
    let mut g = game(&["K4:K", "F3:2"], &["A5:K", "H3:2"], "red");
    for round in 0..2 {
        play(&mut g, RED, "F5"); // F3 to F4
        play(&mut g, BLUE, "H5"); // H3 to H4
        play(&mut g, RED, "F2"); // back to F3
        assert_eq!(g.outcome(), None, "round {round}");
        play(&mut g, BLUE, "H2"); // back to H3
    }
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Draw {
            reason: "threefold repetition".into()
        })
    );
}

// "Each player arranges his/her twelve pieces in any order into the twelve
// starting vertices": in secret and at the same time.
#[test]
fn setups_are_secret_and_simultaneous() {
    let mut g = Magnet::new(Options::default());
    assert_eq!(g.to_act(), SeatSet::first(2));
    // Blue may set up first; red's turn cannot start before both are in.
    play(&mut g, BLUE, BLUE_SETUP);
    assert_eq!(g.to_act(), SeatSet::only(RED));
    let e = refuse(&g, RED, "F6");
    assert_eq!(e.code, ErrorCode::WrongPhase);
    assert_eq!(
        e.message,
        "both sides set up before the first turn (red has not yet)"
    );
    // Red sees that blue has committed, nothing more.
    assert_eq!(
        g.view(Viewer::Seat(RED)).to_string(),
        "- | B1:? C1:? D1:? E1:? G1:? H1:? I1:? J1:? K2:? K3:? K4:? K5:? | setup"
    );
    let blue_setup: Action = BLUE_SETUP.parse().unwrap();
    assert!(g.conceals(BLUE, &blue_setup, Viewer::Seat(RED)));
    assert!(g.conceals(BLUE, &blue_setup, Viewer::Spectator));
    assert!(!g.conceals(BLUE, &blue_setup, Viewer::Seat(BLUE)));
    assert!(!g.conceals(BLUE, &blue_setup, Viewer::Referee));
    assert_eq!(refuse(&g, BLUE, BLUE_SETUP).code, ErrorCode::NotYourTurn);
    // A side sets up on its own start vertices, with its own material.
    assert_eq!(
        refuse(&g, RED, BLUE_SETUP).message,
        "red sets up on its own start vertices (A2, A3, A4, A5, B7, C8, D9, E10, G10, H9, I8, J7), not on blue's"
    );
    let two_kings = RED_SETUP.replace("A3:2", "A3:K");
    assert_eq!(
        refuse(&g, RED, &two_kings).message,
        "red's setup has 2 of K; a side has one K, three 2, one T2, three 3, one T3 and three 4"
    );
    play(&mut g, RED, RED_SETUP);
    assert_eq!(g.to_act(), SeatSet::only(RED));
    assert_eq!(refuse(&g, BLUE, BLUE_SETUP).code, ErrorCode::WrongPhase);
    // Setups stay concealed until the game ends.
    assert!(g.conceals(BLUE, &blue_setup, Viewer::Seat(RED)));
}

// "Random variant: allocate pieces into starting spaces at random." The
// deal comes from the caller's RNG, so a seed reproduces it.
#[test]
fn random_setups_are_dealt_from_the_callers_rng() {
    let options = Options {
        setup: SetupRule::Random,
        ..Options::default()
    };
    let g = Magnet::new(options);
    let deal = |seed| g.chance_actions(&mut SmallRng::seed_from_u64(seed));
    let dealt = deal(7);
    assert_eq!(dealt, deal(7));
    assert_ne!(dealt, deal(8));
    assert_eq!(dealt.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [RED, BLUE]);
    let mut played = g.clone();
    for (seat, action) in &dealt {
        assert!(action.to_string().starts_with("setup "));
        played.apply(*seat, action, Millis(0)).unwrap();
    }
    assert!(!played.position().in_setup());
    assert!(played.chance_actions(&mut SmallRng::seed_from_u64(7)).is_empty());
    // Chosen setups: chance deals nothing.
    assert!(start().chance_actions(&mut SmallRng::seed_from_u64(7)).is_empty());
    assert!(
        Magnet::new(Options::default())
            .chance_actions(&mut SmallRng::seed_from_u64(7))
            .is_empty()
    );
}

// A seat sees its own pieces in full and the opponent's as vertex and rank;
// a spectator sees ranks only; after the game everyone sees everything.
#[test]
fn views_show_each_viewer_what_it_may_see() {
    let mut g = game(&["F4:K", "A3:2^2"], &["K2:K", "F5:T2", "H3:4^3"], "red");
    assert_eq!(
        g.view(Viewer::Seat(RED)).to_string(),
        "A3:2^2 F4:K x:2 x:2 x:T2 x:3 x:3 x:3 x:T3 x:4 x:4 x:4 \
         | F5:? H3:?^3 K2:? x:2 x:2 x:2 x:3 x:3 x:3 x:T3 x:4 x:4 | red"
    );
    assert_eq!(
        g.view(Viewer::Spectator).to_string(),
        "A3:?^2 F4:? x:2 x:2 x:T2 x:3 x:3 x:3 x:T3 x:4 x:4 x:4 \
         | F5:? H3:?^3 K2:? x:2 x:2 x:2 x:3 x:3 x:3 x:T3 x:4 x:4 | red"
    );
    assert_eq!(g.view(Viewer::Referee).to_string(), g.position().to_string());
    play(&mut g, RED, "F6"); // the King takes the trap
    assert!(g.outcome().is_some());
    for viewer in [Viewer::Seat(RED), Viewer::Seat(BLUE), Viewer::Spectator] {
        assert_eq!(g.view(viewer).to_string(), g.position().to_string());
    }
}
