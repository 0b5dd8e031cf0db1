//! At the table (issue 13): resigning and running out of time in every
//! game, in setups too; a Magma seat that leaves a game of three or more
//! sides (turns skipped, pieces kept, votes and timers going round it,
//! teams, the solo seat); draws by agreement; the first-move helper for
//! aborts; table events in records; and random two-sided games with a
//! random resignation (Magma's random resignations are in
//! `magma_props.rs`).

use lodestone_rules::magma::{Action, Cell, Color, Magma, Options, Phase, Timer};
use lodestone_rules::{
    AnyGame, Concession, ErrorCode, Game, GameKind, Millis, Outcome, Record, ReplayError, Seat, SeatSet,
    TableEvent, Viewer,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const RED_SETUP: &str = "setup A2:K A3:2 A4:T2 A5:4 B7:3 C8:3 D9:T3 E10:4 G10:2 H9:2 I8:3 J7:4";
const BLUE_SETUP: &str = "setup B1:4 C1:3 D1:2 E1:T3 G1:3 H1:2 I1:T2 J1:4 K2:3 K3:2 K4:K K5:4";

fn any_game(kind: GameKind, options: &[(&str, &str)]) -> AnyGame {
    AnyGame::new(kind, options).unwrap()
}

/// Plays `text` for the first seat to act.
fn play(g: &mut AnyGame, text: &str) {
    let seat = g.to_act().first_seat().expect("someone is to act");
    g.play(seat, text, Millis(0))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Plays the first offered action of the first seat to act.
fn play_offered(g: &mut AnyGame) {
    let seat = g.to_act().first_seat().expect("someone is to act");
    let (text, _) = g.offers(seat).into_iter().next().expect("an offer");
    g.play(seat, &text, Millis(0)).unwrap();
}

fn result(g: &AnyGame) -> String {
    g.outcome().map_or_else(|| "ongoing".into(), ToString::to_string)
}

fn winners(g: &AnyGame) -> SeatSet {
    match g.outcome() {
        Some(Outcome::Win { winners, .. }) => *winners,
        other => panic!("not a win: {other:?}"),
    }
}

/// Everything at the table is refused once the game is over, and nothing
/// changes.
fn refuses_after_the_end(g: &mut AnyGame) {
    let before = (g.position_string(), g.outcome().cloned());
    for seat in (0..g.seat_count() as u8).map(Seat) {
        assert_eq!(g.resign(seat, Millis(0)).unwrap_err().code, ErrorCode::GameOver);
        assert_eq!(
            g.lose_on_time(seat, Millis(0)).unwrap_err().code,
            ErrorCode::GameOver
        );
    }
    assert_eq!(g.agree_draw(Millis(0)).unwrap_err().code, ErrorCode::GameOver);
    assert_eq!((g.position_string(), g.outcome().cloned()), before);
}

#[test]
fn either_side_resigns_in_every_two_sided_game() {
    let names = [
        (GameKind::Magneton, ["white", "black"]),
        (GameKind::Magnetism, ["white", "black"]),
        (GameKind::Magnet, ["red", "blue"]),
        (GameKind::Magma, ["red", "blue"]),
    ];
    for (kind, sides) in names {
        for loser in 0..2u8 {
            let mut g = any_game(kind, &[]);
            g.resign(Seat(loser), Millis(5)).unwrap();
            let winner = 1 - loser;
            assert_eq!(
                result(&g),
                format!("{} wins (resignation)", sides[winner as usize])
            );
            assert_eq!(winners(&g), SeatSet::only(Seat(winner)), "{kind}");
            assert!(g.to_act().is_empty());
            refuses_after_the_end(&mut g);
        }
    }
}

#[test]
fn resigning_after_moves_and_after_the_end() {
    let mut g = any_game(GameKind::Magneton, &[]);
    for text in ["d4", "e5", "c3"] {
        play(&mut g, text);
    }
    // Not black's turn: it may resign all the same.
    g.resign(Seat(1), Millis(0)).unwrap();
    assert_eq!(result(&g), "white wins (resignation)");
    refuses_after_the_end(&mut g);
    assert_eq!(g.play(Seat(1), "e4", Millis(0)).unwrap_err().code(), "game-over");

    // A game that ended on the board refuses a late resignation.
    let mut m = Magma::new(Options::default());
    for _ in 0..2 {
        let seat = m.to_act().first_seat().unwrap();
        m.apply(seat, &Action::Pass, Millis(0)).unwrap();
    }
    assert!(m.outcome().is_some());
    let mut g = AnyGame::Magma(m);
    refuses_after_the_end(&mut g);
}

#[test]
fn magnet_sides_resign_before_and_during_the_setup() {
    // Before either setup.
    let mut g = any_game(GameKind::Magnet, &[]);
    g.resign(Seat(0), Millis(0)).unwrap();
    assert_eq!(result(&g), "blue wins (resignation)");
    for v in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
        Viewer::Referee,
    ] {
        let _ = g.view(v).to_string();
    }
    // Red has set up, blue has not: blue resigns; red's setup may be shown
    // now, as at every end.
    let mut g = any_game(GameKind::Magnet, &[]);
    g.play(Seat(0), RED_SETUP, Millis(0)).unwrap();
    g.resign(Seat(1), Millis(0)).unwrap();
    assert_eq!(result(&g), "red wins (resignation)");
    assert!(!g.views_differ());
    for v in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        let _ = g.view(v).to_string();
    }
    assert_eq!(
        g.play(Seat(1), BLUE_SETUP, Millis(0)).unwrap_err().code(),
        "game-over"
    );
}

#[test]
fn magnetism_sides_resign_before_the_magnets_are_placed() {
    let mut g = any_game(GameKind::Magnetism, &[]);
    g.resign(Seat(1), Millis(0)).unwrap();
    assert_eq!(result(&g), "white wins (resignation)");

    // White's magnet is down and still secret; black runs out of time.
    let mut g = any_game(GameKind::Magnetism, &[]);
    let (text, _) = g.offers(Seat(0)).into_iter().next().unwrap();
    g.play(Seat(0), &text, Millis(0)).unwrap();
    g.lose_on_time(Seat(1), Millis(0)).unwrap();
    assert_eq!(result(&g), "white wins (on time)");
    refuses_after_the_end(&mut g);
}

#[test]
fn running_out_of_time_loses_a_two_sided_game() {
    let mut g = any_game(GameKind::Magneton, &[]);
    play(&mut g, "d4");
    g.lose_on_time(Seat(0), Millis(60_000)).unwrap();
    assert_eq!(result(&g), "black wins (on time)");

    let mut g = any_game(GameKind::Magma, &[("timer", "hot")]);
    g.lose_on_time(Seat(0), Millis(0)).unwrap();
    assert_eq!(result(&g), "blue wins (on time)");
    assert_eq!(winners(&g), SeatSet::only(Seat(1)));
    assert_eq!(g.deadline(), None);
}

#[test]
fn draws_are_agreed_in_two_sided_games_and_refused_in_magma() {
    for kind in [GameKind::Magneton, GameKind::Magnetism, GameKind::Magnet] {
        let mut g = any_game(kind, &[]);
        assert!(g.has_draw_by_agreement());
        g.agree_draw(Millis(0)).unwrap();
        assert_eq!(result(&g), "draw (agreed)");
        assert!(matches!(g.outcome(), Some(Outcome::Draw { .. })));
        refuses_after_the_end(&mut g);
    }
    for players in ["2", "3"] {
        let mut g = any_game(GameKind::Magma, &[("players", players)]);
        assert!(!g.has_draw_by_agreement());
        let before = g.position_string();
        let e = g.agree_draw(Millis(0)).unwrap_err();
        assert_eq!(e.code, ErrorCode::WrongGame);
        assert!(e.message.contains("end?"), "{e}");
        assert_eq!(g.position_string(), before);
        assert!(g.outcome().is_none());
    }
}

fn magma(players: u8, timer: Timer) -> Magma {
    Magma::new(Options {
        players,
        timer,
        ..Options::default()
    })
}

fn seat_to_act(g: &Magma) -> Seat {
    g.to_act().first_seat().expect("someone is to act")
}

/// The seats (numbered from 1) of the next `n` turns, each taking a move
/// or an entry (never a pass, so the game goes on).
fn next_turns(g: &mut Magma, n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| {
            let seat = seat_to_act(g);
            let action = g
                .legal_actions(seat)
                .into_iter()
                .find(|a| matches!(a, Action::Move { .. } | Action::Enter { .. }))
                .expect("a move or an entry");
            g.apply(seat, &action, Millis(0)).unwrap();
            seat.0 + 1
        })
        .collect()
}

fn pass(g: &mut Magma, at: u64) -> Seat {
    let seat = seat_to_act(g);
    g.apply(seat, &Action::Pass, Millis(at)).unwrap();
    seat
}

fn cell(g: &Magma, label: &str) -> Option<Color> {
    g.piece_at(Cell::parse(label).unwrap())
}

#[test]
fn a_magma_seat_that_resigns_is_skipped_and_its_pieces_stay() {
    let mut g = magma(3, Timer::None);
    assert_eq!(next_turns(&mut g, 3), [1, 2, 3]);
    let yellow = g.pieces(Color::Yellow);
    g.resign(Seat(1), Millis(0)).unwrap();
    assert!(g.outcome().is_none());
    assert!(g.has_left(Seat(1)) && !g.has_left(Seat(0)));
    assert_eq!(g.pieces(Color::Yellow), yellow, "yellow's pieces stay");
    assert_eq!(next_turns(&mut g, 4), [1, 3, 1, 3]);
    // The position says who left, and reads back.
    let text = g.to_string();
    assert!(text.contains(" out=2 "), "{text}");
    let again = Magma::parse_position(*g.options(), &text).unwrap();
    assert_eq!(again, g);
    assert_eq!(again.to_string(), text);
    // A round of passes of the two seats still playing ends the game;
    // yellow is ranked last, whatever it scores.
    pass(&mut g, 0);
    assert!(g.outcome().is_none());
    pass(&mut g, 0);
    let outcome = g.outcome().expect("the game is over").to_string();
    assert!(outcome.contains("all passed"), "{outcome}");
    assert!(outcome.contains(" (out)"), "{outcome}");
    assert!(!outcome.starts_with("yellow"), "{outcome}");
    assert_eq!(
        g.resign(Seat(0), Millis(0)).unwrap_err().code,
        ErrorCode::GameOver
    );
}

#[test]
fn a_resigned_colour_with_the_best_score_is_still_ranked_last() {
    let mut g = magma(3, Timer::None);
    // Red enters three pieces while the others pass (never three passes
    // in a row).
    for _ in 0..3 {
        next_turns(&mut g, 1);
        pass(&mut g, 0);
        pass(&mut g, 0);
    }
    let scores = g.scores();
    let red = scores.iter().find(|s| s.color == Color::Red).unwrap().total();
    assert!(
        scores.iter().all(|s| s.color == Color::Red || s.total() < red),
        "{scores:?}"
    );
    assert_eq!(seat_to_act(&g), Seat(0));
    g.resign(Seat(0), Millis(0)).unwrap();
    assert_eq!(seat_to_act(&g), Seat(1), "its turn ends at once");
    // The run of passes starts afresh.
    assert_eq!(g.passes(), 0);
    pass(&mut g, 0);
    pass(&mut g, 0);
    let outcome = g.outcome().unwrap();
    let text = outcome.to_string();
    assert!(text.contains(&format!(", red {red} (out)")), "{text}");
    assert!(matches!(outcome, Outcome::Win { winners, .. } if !winners.contains(Seat(0))));
}

#[test]
fn a_team_plays_on_until_every_member_has_resigned() {
    // Four players: red 1+3, blue 2+4.
    let mut g = magma(4, Timer::None);
    g.resign(Seat(0), Millis(0)).unwrap();
    assert!(g.outcome().is_none(), "red still has seat 3");
    assert_eq!(next_turns(&mut g, 6), [2, 3, 4, 2, 3, 4]);
    g.resign(Seat(2), Millis(0)).unwrap();
    let mut any = AnyGame::Magma(g);
    assert_eq!(result(&any), "blue wins (resignation)");
    assert_eq!(winners(&any), [Seat(1), Seat(3)].into_iter().collect());
    refuses_after_the_end(&mut any);

    // Six players: red 1+4 leave; blue and yellow play on.
    let mut g = magma(6, Timer::None);
    g.resign(Seat(3), Millis(0)).unwrap();
    g.lose_on_time(Seat(0), Millis(0)).unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(next_turns(&mut g, 4), [2, 3, 5, 6]);
    for _ in 0..4 {
        pass(&mut g, 0);
    }
    let text = g.outcome().expect("four passes end it").to_string();
    assert!(text.contains("red") && text.ends_with("(out))"), "{text}");
    assert!(!text.starts_with("red"), "{text}");
}

#[test]
fn the_last_side_still_playing_wins_at_once() {
    let mut g = magma(3, Timer::None);
    g.lose_on_time(Seat(1), Millis(0)).unwrap();
    assert!(g.outcome().is_none());
    g.resign(Seat(0), Millis(0)).unwrap();
    let any = AnyGame::Magma(g);
    assert_eq!(result(&any), "blue wins (resignation)");
    assert_eq!(winners(&any), SeatSet::only(Seat(2)));
}

#[test]
fn the_solo_seat_resigns_from_both_its_slots() {
    // Five players, yellow solo: turn order 1, 2, 3, 4, 5, 3.
    let mut g = magma(5, Timer::None);
    assert_eq!(g.layout().solo(), Some(Seat(2)));
    assert_eq!(next_turns(&mut g, 6), [1, 2, 3, 4, 5, 3]);
    g.resign(Seat(2), Millis(0)).unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(next_turns(&mut g, 8), [1, 2, 4, 5, 1, 2, 4, 5]);
    assert!(g.pieces(Color::Yellow) != 0, "the solo seat's pieces stay");
    // A round of passes is now four long.
    for _ in 0..3 {
        pass(&mut g, 0);
    }
    assert!(g.outcome().is_none());
    pass(&mut g, 0);
    assert!(g.outcome().unwrap().to_string().contains("yellow"));
}

#[test]
fn the_hot_timer_goes_round_a_seat_that_left() {
    let mut g = magma(3, Timer::Hot);
    g.resign(Seat(1), Millis(0)).unwrap();
    // Seat 1 passes at 1 s: the next timed turn is seat 3's, not seat 2's.
    assert_eq!(pass(&mut g, 1_000), Seat(0));
    let d = g.deadline().unwrap();
    assert_eq!((d.seat, d.at), (Seat(2), Millis(31_000)));
    g.apply(d.seat, &d.action, d.at).unwrap();
    // Blue timed out; seat 2, to its right, has left: seat 1 chooses.
    assert_eq!(g.phase(), Phase::Penalty);
    assert_eq!(seat_to_act(&g), Seat(0));
    let remove = g.legal_actions(Seat(0))[0].clone();
    // The next turn's timer starts when the penalty is chosen.
    g.apply(Seat(0), &remove, Millis(32_000)).unwrap();
    let d = g.deadline().unwrap();
    assert_eq!((d.seat, d.at), (Seat(0), Millis(62_000)));
}

#[test]
fn white_hot_sand_passes_to_the_next_seat_still_playing() {
    let mut g = magma(3, Timer::WhiteHot);
    // The first turn has 15 s; seat 1 resigns at 5 s with 10 s left.
    g.resign(Seat(0), Millis(5_000)).unwrap();
    let d = g.deadline().unwrap();
    assert_eq!((d.seat, d.at), (Seat(1), Millis(25_000)));
    assert_eq!(g.turn_time(), Some(20_000));
}

#[test]
fn a_late_seat_that_resigns_still_loses_its_piece() {
    let mut g = magma(3, Timer::Hot);
    let d = g.deadline().unwrap();
    assert_eq!(d.seat, Seat(0));
    g.apply(d.seat, &d.action, d.at).unwrap();
    assert_eq!(g.phase(), Phase::Penalty);
    // Seat 3, to red's right, chooses; red's seat resigns meanwhile.
    assert_eq!(seat_to_act(&g), Seat(2));
    g.resign(Seat(0), Millis(31_000)).unwrap();
    assert_eq!(g.phase(), Phase::Penalty);
    g.apply(Seat(2), &g.parse_action("remove d10").unwrap(), Millis(32_000))
        .unwrap();
    assert_eq!(cell(&g, "d10"), None);
    assert_eq!(seat_to_act(&g), Seat(1));
}

#[test]
fn votes_go_on_without_a_seat_that_left() {
    // A voter leaves: the others decide.
    let mut g = magma(3, Timer::None);
    g.apply(Seat(0), &Action::ProposeEnd, Millis(0)).unwrap();
    assert_eq!(seat_to_act(&g), Seat(1));
    g.resign(Seat(2), Millis(0)).unwrap();
    assert_eq!(
        g.phase(),
        Phase::Vote {
            waiting: SeatSet::only(Seat(1))
        }
    );
    g.apply(Seat(1), &Action::AcceptEnd, Millis(0)).unwrap();
    let text = g.outcome().expect("everyone still playing agreed").to_string();
    assert!(
        text.contains("agreed end") && text.contains(", blue 7 (out)"),
        "{text}"
    );

    // The last voter leaves: everyone left has agreed.
    let mut g = magma(3, Timer::None);
    g.apply(Seat(0), &Action::ProposeEnd, Millis(0)).unwrap();
    g.apply(Seat(1), &Action::AcceptEnd, Millis(0)).unwrap();
    g.resign(Seat(2), Millis(0)).unwrap();
    assert!(g.outcome().unwrap().to_string().contains("agreed end"));

    // The proposer leaves: its proposal lapses and the next seat plays.
    let mut g = magma(3, Timer::Hot);
    g.apply(Seat(0), &Action::ProposeEnd, Millis(2_000)).unwrap();
    g.resign(Seat(0), Millis(50_000)).unwrap();
    assert_eq!(g.phase(), Phase::Play { refused: false });
    let d = g.deadline().unwrap();
    assert_eq!((d.seat, d.at), (Seat(1), Millis(80_000)));
    // New proposals do not wait for it.
    g.apply(Seat(1), &Action::ProposeEnd, Millis(50_000)).unwrap();
    assert_eq!(
        g.phase(),
        Phase::Vote {
            waiting: SeatSet::only(Seat(2))
        }
    );
}

#[test]
fn magma_refuses_a_second_resignation_and_unknown_seats() {
    let mut g = magma(3, Timer::None);
    g.resign(Seat(1), Millis(0)).unwrap();
    let before = g.clone();
    let e = g.resign(Seat(1), Millis(0)).unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);
    assert!(e.message.contains("already left"), "{e}");
    assert_eq!(
        g.resign(Seat(3), Millis(0)).unwrap_err().code,
        ErrorCode::NotYourTurn
    );
    assert_eq!(g, before);
    // A seat that left cannot act.
    g.apply(Seat(0), &Action::Pass, Millis(0)).unwrap();
    assert_eq!(
        g.apply(Seat(1), &Action::Pass, Millis(0)).unwrap_err().code,
        ErrorCode::NotYourTurn
    );
}

#[test]
fn positions_with_seats_that_left_are_checked() {
    let options = Options {
        players: 3,
        ..Options::default()
    };
    let start = magma(3, Timer::None).to_string();
    let with = |field: &str| start.replacen(" passes=", &format!(" {field} passes="), 1);
    // Seat 2 out, seat 1 to move: fine.
    assert!(Magma::parse_position(options, &with("out=2")).is_ok());
    // The seat to move has left.
    let e = Magma::parse_position(options, &with("out=1")).unwrap_err();
    assert!(e.message.contains("seat 1 has left"), "{e}");
    // Only one side left: the game would be over.
    let e = Magma::parse_position(options, &with("out=2,3")).unwrap_err();
    assert!(e.message.contains("fewer than two sides"), "{e}");
    let e = Magma::parse_position(options, &with("out=4")).unwrap_err();
    assert!(e.message.contains("does not have"), "{e}");
}

#[test]
fn everyone_has_moved_once_each_seat_still_playing_has_played() {
    // Magneton: a drop each.
    let mut g = any_game(GameKind::Magneton, &[]);
    assert!(!g.has_everyone_moved());
    play(&mut g, "d4");
    assert!(!g.has_everyone_moved());
    play(&mut g, "e5");
    assert!(g.has_everyone_moved());

    // Magnetism: the secret magnets do not count.
    let mut g = any_game(GameKind::Magnetism, &[]);
    play_offered(&mut g);
    play_offered(&mut g);
    assert!(!g.has_everyone_moved());
    play_offered(&mut g);
    assert!(!g.has_everyone_moved());
    play_offered(&mut g);
    assert!(g.has_everyone_moved());

    // Magnet: setups (chosen or dealt) do not count; Red's opening does.
    let mut g = any_game(GameKind::Magnet, &[]);
    g.play(Seat(1), BLUE_SETUP, Millis(0)).unwrap();
    g.play(Seat(0), RED_SETUP, Millis(0)).unwrap();
    assert!(!g.has_everyone_moved());
    play_offered(&mut g);
    assert!(!g.has_everyone_moved());
    play_offered(&mut g);
    assert!(g.has_everyone_moved());
    let mut g = any_game(GameKind::Magnet, &[("setup", "random")]);
    for (seat, action) in g.chance_actions(&mut SmallRng::seed_from_u64(7)) {
        g.apply(seat, &action, Millis(0)).unwrap();
    }
    assert!(!g.has_everyone_moved());

    // Magma: votes and timeouts do not count; a pass does; a seat that
    // left is not waited for.
    let mut g = magma(3, Timer::Hot);
    g.apply(Seat(0), &Action::ProposeEnd, Millis(0)).unwrap();
    g.apply(Seat(1), &Action::RefuseEnd, Millis(0)).unwrap();
    let d = g.deadline().unwrap();
    g.apply(d.seat, &d.action, d.at).unwrap();
    let remove = g.legal_actions(seat_to_act(&g))[0].clone();
    g.apply(seat_to_act(&g), &remove, d.at).unwrap();
    assert!(!AnyGame::Magma(g.clone()).has_everyone_moved());
    assert_eq!(pass(&mut g, 31_000), Seat(1));
    assert_eq!(pass(&mut g, 32_000), Seat(2));
    assert!(!g.has_everyone_moved(), "seat 1 only timed out");
    g.resign(Seat(0), Millis(33_000)).unwrap();
    assert!(g.has_everyone_moved());
}

#[test]
fn records_carry_table_events_where_they_happened() {
    let record = |text: &str| Record::parse(text).unwrap();
    let r = record("[Game \"magneton\"]\n[Resign \"white after 2\"]\n1. d4\n1... e5\n");
    assert_eq!(result(&r.replay().unwrap()), "black wins (resignation)");
    let r = record("[Game \"magnetism\"]\n[DrawAgreed \"after 0\"]\n");
    assert_eq!(result(&r.replay().unwrap()), "draw (agreed)");
    let r = record("[Game \"magnet\"]\n[OutOfTime \"Blue after 0\"]\n");
    assert_eq!(result(&r.replay().unwrap()), "red wins (on time)");

    // Magma with three players: seat 2 resigns after the first action, so
    // the next action is seat 3's.
    let text = "[Game \"magma\"]\n[Option \"players=3\"]\n[Resign \"2 after 1\"]\npass\npass\n";
    let g = record(text).replay().unwrap();
    let mut direct = magma(3, Timer::None);
    pass(&mut direct, 0);
    direct.resign(Seat(1), Millis(0)).unwrap();
    pass(&mut direct, 0);
    assert_eq!(g.position_string(), direct.to_string());
    assert_eq!(g.outcome(), direct.outcome());
    // The resignation started the run of passes afresh.
    assert!(g.outcome().is_none());
    assert_eq!(g.to_act(), SeatSet::only(Seat(0)));

    // The server writes them with table_header.
    let any = AnyGame::Magma(magma(3, Timer::None));
    let h = Record::table_header(&any, TableEvent::Concede(Seat(1), Concession::Resign), 14);
    assert_eq!((h.key.as_str(), h.value.as_str()), ("Resign", "2 after 14"));
    let any = any_game(GameKind::Magneton, &[]);
    let h = Record::table_header(&any, TableEvent::Concede(Seat(0), Concession::OutOfTime), 3);
    assert_eq!((h.key.as_str(), h.value.as_str()), ("OutOfTime", "white after 3"));
    let h = Record::table_header(&any, TableEvent::DrawAgreed, 9);
    assert_eq!((h.key.as_str(), h.value.as_str()), ("DrawAgreed", "after 9"));
}

#[test]
fn bad_table_headers_are_named() {
    let setup_error = |text: &str| match Record::parse(text).unwrap().replay() {
        Err(ReplayError::Setup(m)) => m,
        other => panic!("{text}: {other:?}"),
    };
    let m = setup_error("[Game \"magneton\"]\n[Resign \"white\"]\n");
    assert!(m.contains("is not \"<seat> after <N>\""), "{m}");
    let m = setup_error("[Game \"magneton\"]\n[Resign \"purple after 0\"]\n");
    assert!(m.contains("no seat \"purple\""), "{m}");
    let m = setup_error("[Game \"magneton\"]\n[DrawAgreed \"after 3\"]\nd4\n");
    assert!(m.contains("the record has 1"), "{m}");
    let m = setup_error("[Game \"magneton\"]\n[Resign \"white after 0\"]\n[Resign \"black after 0\"]\n");
    assert!(m.contains("game-over"), "{m}");
    let m = setup_error("[Game \"magma\"]\n[DrawAgreed \"after 0\"]\n");
    assert!(m.contains("wrong-game"), "{m}");
    // An action after the end is refused as before.
    let r = Record::parse("[Game \"magneton\"]\n[Resign \"white after 1\"]\nd4\ne5\n").unwrap();
    assert!(matches!(
        r.replay(),
        Err(ReplayError::Action {
            number: 2,
            code: "game-over",
            ..
        })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The two-sided games: a random seat concedes at a random moment
    /// (during a setup too); the other side wins, and nothing more is
    /// accepted.
    #[test]
    fn two_sided_games_with_a_random_resignation(kind in 0usize..3, seed: u64, at in 0usize..60) {
        let (kind, options): (GameKind, &[(&str, &str)]) = [
            (GameKind::Magneton, &[][..]),
            (GameKind::Magnetism, &[][..]),
            (GameKind::Magnet, &[("setup", "random")][..]),
        ][kind];
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = any_game(kind, options);
        let dealt = rng.random_range(0..2) == 0;
        for (seat, action) in g.chance_actions(&mut rng) {
            if dealt {
                g.apply(seat, &action, Millis(0)).unwrap();
            }
        }
        for _ in 0..at {
            let Some(seat) = g.to_act().first_seat() else { break };
            if !dealt && g.offers(seat).is_empty() {
                break; // a Magnet setup the client composes
            }
            let offers = g.offers(seat);
            let (text, _) = &offers[rng.random_range(0..offers.len())];
            g.play(seat, text, Millis(0)).unwrap();
        }
        let over = g.outcome().is_some();
        let loser = Seat(rng.random_range(0..2));
        let how = if rng.random_range(0..2) == 0 { Concession::Resign } else { Concession::OutOfTime };
        let done = g.concede(loser, how, Millis(0));
        if over {
            prop_assert_eq!(done.unwrap_err().code, ErrorCode::GameOver);
        } else {
            prop_assert!(done.is_ok());
            prop_assert_eq!(winners(&g), SeatSet::only(Seat(1 - loser.0)));
            let reason = format!("({})", how.reason());
            prop_assert!(result(&g).ends_with(&reason), "{}", result(&g));
            prop_assert!(g.to_act().is_empty());
            prop_assert_eq!(g.resign(Seat(1 - loser.0), Millis(0)).unwrap_err().code, ErrorCode::GameOver);
        }
        for v in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Spectator, Viewer::Referee] {
            let _ = g.view(v).to_string();
        }
    }
}
