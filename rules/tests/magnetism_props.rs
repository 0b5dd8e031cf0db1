//! Properties of Magnetism over random games: the generator and the judge
//! agree, notation and positions round-trip, views hide exactly the
//! unrevealed magnet, and playouts are deterministic and replay as records.

// Not every piece the suites share is used here.
#[allow(dead_code)]
mod common;

use std::collections::HashSet;

use lodestone_rules::geometry::square::{Dir, Square};
use lodestone_rules::magnetism::{Action, Color, GRID, MagnetView, Magnetism, Options, Position};
use lodestone_rules::{Game, GameKind, Millis, Outcome, Record, Risk, Seat, Viewer};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const SEATS: [Seat; 2] = [Seat(0), Seat(1)];

fn options(repetition_draw: bool) -> Options {
    Options { repetition_draw }
}

/// Plays up to `plies` random legal actions from the start, the seat
/// chosen at random when both may act; returns the game and the actions
/// with their seats.
fn random_game(options: Options, seed: u64, plies: usize) -> (Magnetism, Vec<(Seat, Action)>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Magnetism::new(options);
    let mut played = Vec::new();
    while played.len() < plies {
        let seats: Vec<Seat> = game.to_act().iter().collect();
        if seats.is_empty() {
            break;
        }
        let seat = seats[rng.random_range(0..seats.len())];
        let actions = game.legal_actions(seat);
        let action = actions[rng.random_range(0..actions.len())];
        game.apply(seat, &action, Millis(0))
            .expect("generated actions are accepted");
        played.push((seat, action));
    }
    (game, played)
}

/// The squares on the eight lines through `sq`, and `sq` itself.
fn lines_through(sq: Square) -> Vec<Square> {
    let mut out = vec![sq];
    for d in Dir::ALL {
        out.extend(GRID.ray(sq, d));
    }
    out
}

/// A superset of the legal actions of `seat`: every placement, and every
/// move whose magnet lies on a line through the seat's magnet, whose piece
/// square holds a piece (or is one of a few empty squares) and whose target
/// lies on a line through it. Plus `extra` random triples from anywhere.
fn candidates(game: &Magnetism, seat: Seat, rng: &mut SmallRng, extra: usize) -> Vec<Action> {
    let pos = game.position();
    let mut all: Vec<Action> = GRID.squares().map(Action::Magnet).collect();
    let color = Color::from_seat(seat).unwrap();
    let magnets = match pos.magnet(color) {
        Some(m) => lines_through(m),
        None => vec![Square(rng.random_range(0..96))],
    };
    let mut froms: Vec<Square> = GRID.squares().filter(|&s| pos.at(s).is_some()).collect();
    froms.extend((0..3).map(|_| Square(rng.random_range(0..96))));
    for &magnet in &magnets {
        for &from in &froms {
            for to in lines_through(from) {
                all.push(Action::Move { magnet, from, to });
            }
        }
    }
    for _ in 0..extra {
        let mut sq = || Square(rng.random_range(0..96));
        all.push(Action::Move {
            magnet: sq(),
            from: sq(),
            to: sq(),
        });
    }
    all
}

fn any_action() -> impl Strategy<Value = Action> {
    let square = || common::square(96);
    prop_oneof![
        square().prop_map(Action::Magnet),
        (square(), square(), square()).prop_map(|(magnet, from, to)| Action::Move { magnet, from, to }),
    ]
}

/// A record of `played`, the opening placements in seat order.
fn record_text(options: Options, played: &[(Seat, Action)]) -> String {
    let repetition = if options.repetition_draw { "on" } else { "off" };
    let mut text = format!("[Game \"magnetism\"]\n[Option \"repetition={repetition}\"]\n");
    let (mut opening, moves): (Vec<_>, Vec<_>) =
        played.iter().partition(|(_, a)| matches!(a, Action::Magnet(_)));
    opening.sort_by_key(|(seat, _)| *seat);
    for (_, action) in opening.iter().chain(&moves) {
        text.push_str(&format!("{action}\n"));
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// An action is accepted exactly when it was generated, for both seats;
    /// a refused action changes nothing; nothing is generated twice.
    #[test]
    fn generated_iff_accepted(seed: u64, plies in prop_oneof![0usize..3, 2usize..60], repetition: bool) {
        let (game, _) = random_game(options(repetition), seed, plies);
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
        for seat in SEATS {
            let legal = game.legal_actions(seat);
            let set: HashSet<Action> = legal.iter().copied().collect();
            prop_assert_eq!(set.len(), legal.len(), "an action is generated twice");
            prop_assert_eq!(legal.is_empty(), !game.to_act().contains(seat));
            for action in &legal {
                let mut after = game.clone();
                prop_assert!(after.apply(seat, action, Millis(0)).is_ok(), "{} refused", action);
            }
            let mut scratch = game.clone();
            for action in candidates(&game, seat, &mut rng, 200) {
                match scratch.apply(seat, &action, Millis(0)) {
                    Ok(()) => {
                        prop_assert!(set.contains(&action), "{} accepted but not generated", action);
                        scratch = game.clone();
                    }
                    Err(_) => {
                        prop_assert!(!set.contains(&action), "{} generated but refused", action);
                        prop_assert_eq!(&scratch, &game, "refused {} changed the game", action);
                    }
                }
            }
        }
    }

    #[test]
    fn actions_round_trip(action in any_action()) {
        common::reads_back(action, &[|t| t.to_uppercase(), |t| t.replace(' ', "   ")])?;
    }

    /// Reached positions print and read back, and a position read back is
    /// judged the same (except a repetition, which needs the history).
    #[test]
    fn reachable_positions_round_trip(seed: u64, plies in 0usize..200) {
        let (game, _) = random_game(options(true), seed, plies);
        let text = game.position().to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(*game.position()));
        let again = Magnetism::parse_position(options(true), &text).unwrap();
        prop_assert_eq!(again.position(), game.position());
        let repetition = game.outcome().is_some_and(|o| o.to_string().contains("repetition"));
        if !repetition {
            prop_assert_eq!(again.outcome(), game.outcome());
        }
    }

    #[test]
    fn arbitrary_positions_round_trip(
        squares in Just((0u8..96).collect::<Vec<_>>()).prop_shuffle(),
        placed in (any::<bool>(), any::<bool>()),
        black_to_move: bool,
    ) {
        let bits = |s: &[u8]| s.iter().fold(0u128, |acc, &i| acc | 1 << i);
        let magnets = [
            placed.0.then_some(Square(squares[24])),
            placed.1.then_some(Square(squares[25])),
        ];
        let side = if black_to_move { Color::Black } else { Color::White };
        if let Ok(p) = Position::new(bits(&squares[..12]), bits(&squares[12..24]), magnets, side) {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
            prop_assert_eq!(p.to_string().to_lowercase().parse::<Position>(), Ok(p));
        }
    }

    /// Every viewer sees every piece; a magnet is hidden only from the other
    /// seat and spectators, only while the opening lasts; the hidden square
    /// appears nowhere in the printed view.
    #[test]
    fn views_hide_exactly_the_unrevealed_magnet(seed: u64, plies in 0usize..4) {
        let (game, played) = random_game(options(true), seed, plies);
        let pos = game.position();
        for viewer in [Viewer::Seat(SEATS[0]), Viewer::Seat(SEATS[1]), Viewer::Spectator, Viewer::Referee] {
            let view = game.view(viewer);
            for c in Color::BOTH {
                prop_assert!(view.pieces(c).eq(lodestone_rules::magnetism::squares(pos.pieces(c))));
                let own = viewer == Viewer::Seat(c.seat()) || viewer == Viewer::Referee;
                let expected = match pos.magnet(c) {
                    None => MagnetView::NotPlaced,
                    Some(_) if !pos.opening_done() && !own => MagnetView::Hidden,
                    Some(sq) => MagnetView::At(sq),
                };
                prop_assert_eq!(view.magnet(c), expected);
                if expected == MagnetView::Hidden {
                    let sq = pos.magnet(c).unwrap();
                    let printed = view.to_string();
                    prop_assert!(!printed.contains(&GRID.label(sq, false)), "{} shows {:?}", printed, sq);
                }
            }
            for (actor, action) in &played {
                let hidden = view.magnet(Color::from_seat(*actor).unwrap()) == MagnetView::Hidden;
                prop_assert_eq!(game.conceals(*actor, action, viewer), hidden && matches!(action, Action::Magnet(_)));
            }
        }
    }

    /// Playouts to the end never panic, end or stop at the bound, and the
    /// same seed gives the same game; the written record replays to the
    /// same position and result.
    #[test]
    fn playouts_are_deterministic(seed: u64, repetition: bool) {
        let (a, played) = random_game(options(repetition), seed, 3_000);
        let (b, again) = random_game(options(repetition), seed, 3_000);
        prop_assert!(a.outcome().is_some() || played.len() == 3_000);
        prop_assert_eq!(&played, &again);
        prop_assert_eq!(&a, &b);

        let record = Record::parse(&record_text(options(repetition), &played)).unwrap();
        let replayed = record.replay().unwrap();
        prop_assert_eq!(replayed.kind(), GameKind::Magnetism);
        prop_assert_eq!(replayed.position_string(), a.position().to_string());
        prop_assert_eq!(replayed.outcome(), a.outcome());
    }
}

/// The risks by their definition (`common::risks_by_playing_out`), for a
/// position whose views do not differ.
fn risks_by_playing_out(game: &Magnetism, seat: Seat) -> Vec<(Action, Risk)> {
    if game.views_differ() || !game.to_act().contains(seat) {
        return Vec::new();
    }
    common::risks_by_playing_out(game, seat)
}

/// What the oracle comparison met, so that the test can insist on the rare
/// cases.
#[derive(Debug, Default)]
struct Met {
    positions: usize,
    loses: usize,
    allows_win: usize,
    /// An offer after which the opponent cannot complete a move (the mover
    /// wins that way).
    stalemating_offer: usize,
    /// An offer after which a reply of the opponent leaves the mover
    /// without a move.
    stalemated_by_reply: usize,
    /// An offer after which a reply brings all the opponent's pieces
    /// across.
    all_across_reply: usize,
    /// An offer that draws by a third repetition.
    repeating_offer: usize,
    /// An offer that draws by a third repetition where, without the draw,
    /// the opponent could win at once.
    repetition_saves: usize,
    /// A position where one offer wins and another loses.
    win_and_loss: usize,
}

/// Compares the risks of the seat to act with the oracle (and checks that
/// the seat not to act is told nothing), counting what was met.
fn compare_risks(game: &Magnetism, met: &mut Met, context: &str) {
    let Some(seat) = game.to_act().first_seat() else {
        return;
    };
    if game.views_differ() {
        return;
    }
    let fast = game.risks(seat, Millis(0));
    assert_eq!(
        fast,
        risks_by_playing_out(game, seat),
        "{context}: {}",
        game.position()
    );
    assert!(game.risks(Seat(1 - seat.0), Millis(0)).is_empty());
    met.positions += 1;
    met.loses += fast.iter().filter(|(_, r)| *r == Risk::Loses).count();
    met.allows_win += fast.iter().filter(|(_, r)| *r == Risk::AllowsWin).count();
    // The rare cases, found on positions (cheap enough for every offer).
    let pos = *game.position();
    let me = pos.side();
    let other = me.other();
    let (mut wins, mut loses) = (false, false);
    for (magnet, from, to) in pos.moves(me) {
        let mut after = game.clone();
        after
            .apply(seat, &Action::Move { magnet, from, to }, Millis(0))
            .unwrap();
        match after.outcome() {
            Some(Outcome::Win { winners, reason, .. }) => {
                if winners.contains(seat) {
                    wins = true;
                    if reason.contains("cannot complete") {
                        met.stalemating_offer += 1;
                    }
                } else {
                    loses = true;
                }
            }
            Some(Outcome::Draw { .. }) => {
                met.repeating_offer += 1;
                let on = Magnetism::from_position(options(false), *after.position());
                let replier = Seat(1 - seat.0);
                if on.outcome().is_none()
                    && on.legal_actions(replier).into_iter().any(|r| {
                        let mut q = on.clone();
                        q.apply(replier, &r, Millis(0)).unwrap();
                        matches!(q.outcome(), Some(Outcome::Win { winners, .. }) if !winners.contains(seat))
                    })
                {
                    met.repetition_saves += 1;
                }
            }
            None => {
                let p = *after.position();
                if p.far_row_count(other) + 1 >= 12 || p.far_row_count(me) <= p.far_row_count(other) + 1 {
                    for (m, f, t) in p.moves(other) {
                        let mut q = after.clone();
                        q.apply(
                            Seat(1 - seat.0),
                            &Action::Move {
                                magnet: m,
                                from: f,
                                to: t,
                            },
                            Millis(0),
                        )
                        .unwrap();
                        if let Some(Outcome::Win { reason, winners, .. }) = q.outcome()
                            && !winners.contains(seat)
                        {
                            if reason.contains("cannot complete") {
                                met.stalemated_by_reply += 1;
                            } else if reason.contains("all 12") {
                                met.all_across_reply += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    met.win_and_loss += usize::from(wins && loses);
}

/// A random legal move of the side to move; with `forward`, one that
/// brings a piece nearer the far row when there is one, most of the time;
/// with `seek`, one that undoes the mover's last move when there is one
/// (`history`: the positions so far, the current one last).
fn steered_move(
    game: &Magnetism,
    rng: &mut SmallRng,
    forward: bool,
    seek: bool,
    history: &[Position],
) -> Action {
    let seat = game.to_act().first_seat().unwrap();
    let actions = game.legal_actions(seat);
    if !game.position().opening_done() {
        return actions[rng.random_range(0..actions.len())];
    }
    let me = game.position().side();
    let toward = |a: &Action| match *a {
        Action::Move { from, to, .. } => {
            let (f, t) = (i32::from(GRID.rank(from)), i32::from(GRID.rank(to)));
            if me == Color::White { t > f } else { t < f }
        }
        Action::Magnet(_) => false,
    };
    let after = |a: &Action| {
        let mut g = game.clone();
        g.apply(seat, a, Millis(0)).unwrap();
        *g.position()
    };
    // Seeking repeats: a move that undoes the mover's last one (its
    // pieces and magnet as before it), so that both sides undoing in turn
    // come back to the same positions.
    if seek && history.len() >= 3 {
        let before = history[history.len() - 3];
        let undo = actions.iter().find(|a| {
            let p = after(a);
            p.pieces(me) == before.pieces(me) && p.magnet(me) == before.magnet(me)
        });
        if let Some(undo) = undo
            && rng.random_range(0..4) > 0
        {
            return *undo;
        }
    }
    let ahead: Vec<&Action> = actions.iter().filter(|a| toward(a)).collect();
    if forward && !ahead.is_empty() && rng.random_range(0..5) > 0 {
        *ahead[rng.random_range(0..ahead.len())]
    } else {
        actions[rng.random_range(0..actions.len())]
    }
}

/// A random position where the race is close or the board is crowded:
/// each side's pieces mostly across or near a corner, the magnets near
/// them, so that stuck sides, wins and losses in one move are common.
fn crowded_position(rng: &mut SmallRng) -> Option<Magnetism> {
    let mut taken = 0u128;
    let near = |rng: &mut SmallRng, centre: (i32, i32), spread: i32| {
        let f = (centre.0 + rng.random_range(-spread..=spread)).clamp(0, 11);
        let r = (centre.1 + rng.random_range(-spread..=spread)).clamp(0, 7);
        Square((r * 12 + f) as u8)
    };
    let centre = (rng.random_range(0..12), rng.random_range(0..8));
    let spread = rng.random_range(1..4);
    let across = [rng.random_range(0..13), rng.random_range(0..13)];
    let mut pieces = [0u128; 2];
    for (c, color) in Color::BOTH.into_iter().enumerate() {
        let far = if color == Color::White { 7 } else { 0 };
        let mut placed = 0;
        let mut tries = 0;
        while placed < 12 {
            tries += 1;
            if tries > 10_000 {
                return None;
            }
            let sq = if placed < across[c] {
                Square((far * 12 + rng.random_range(0..12)) as u8)
            } else if rng.random_range(0..2) == 0 {
                near(rng, centre, spread)
            } else {
                Square(rng.random_range(0..96))
            };
            if taken & (1 << sq.0) == 0 {
                taken |= 1 << sq.0;
                pieces[c] |= 1 << sq.0;
                placed += 1;
            }
        }
    }
    let mut magnets = [None, None];
    for m in &mut magnets {
        let sq = (0..1000)
            .map(|_| near(rng, centre, spread + 1))
            .find(|s| taken & (1 << s.0) == 0)?;
        taken |= 1 << sq.0;
        *m = Some(sq);
    }
    let side = Color::BOTH[rng.random_range(0..2)];
    let pos = Position::new(pieces[0], pieces[1], magnets, side).ok()?;
    let game = Magnetism::from_position(options(rng.random_range(0..2) == 0), pos);
    game.outcome().is_none().then_some(game)
}

/// Four moves from `game` that end nothing and come back to it: a move, a
/// reply, the move undone, the reply undone (tried at random among the
/// moves that could be undone at once).
fn undo_cycle(game: &Magnetism, rng: &mut SmallRng) -> Option<[Action; 4]> {
    // The moves of the side to move in `g` that it could undo if it moved
    // again at once, with their undoing.
    let undoable = |g: &Magnetism| -> Vec<(Action, Action)> {
        let pos = *g.position();
        let me = pos.side();
        let start = pos.magnet(me).unwrap();
        pos.moves(me)
            .into_iter()
            .filter_map(|(magnet, from, to)| {
                let mut after = g.clone();
                let action = Action::Move { magnet, from, to };
                after.apply(me.seat(), &action, Millis(0)).unwrap();
                let p = after.position();
                let again = Position::new(
                    p.pieces(Color::White),
                    p.pieces(Color::Black),
                    [p.magnet(Color::White), p.magnet(Color::Black)],
                    me,
                )
                .ok()?;
                again.check_move(start, to, from).ok()?;
                Some((
                    action,
                    Action::Move {
                        magnet: start,
                        from: to,
                        to: from,
                    },
                ))
            })
            .collect()
    };
    let first = undoable(game);
    for _ in 0..10 {
        if first.is_empty() {
            return None;
        }
        let (c, c_back) = first[rng.random_range(0..first.len())];
        let mut g = game.clone();
        let seat = g.to_act().first_seat()?;
        g.apply(seat, &c, Millis(0)).ok()?;
        if g.outcome().is_some() {
            continue;
        }
        let second = undoable(&g);
        if second.is_empty() {
            continue;
        }
        let (r, r_back) = second[rng.random_range(0..second.len())];
        let cycle = [c, r, c_back, r_back];
        let mut h = game.clone();
        let ok = cycle.iter().all(|a| {
            let seat = h.to_act().first_seat().unwrap();
            h.apply(seat, a, Millis(0)).is_ok() && h.outcome().is_none()
        });
        if ok && h.position() == game.position() {
            return Some(cycle);
        }
    }
    None
}

/// Magnetism's own risks (judged on positions, with moves that share no
/// square standing for "keeps a move") equal the definition played out in
/// full, over random games (some racing forward, some seeking repeated
/// positions) and over crowded random positions where stuck sides and
/// wins and losses in one move are common; every rare case is met.
#[test]
fn fast_risks_equal_playing_everything_out() {
    let mut met = Met::default();
    for seed in 0..16u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Magnetism::new(options(seed % 8 != 7));
        let forward = seed % 2 == 0;
        let seek = seed % 4 >= 2;
        let mut history = vec![*game.position()];
        for ply in 0..150 {
            if game.to_act().is_empty() {
                break;
            }
            let pos = game.position();
            if ply % 2 == 0 || pos.far_row_count(Color::White) + pos.far_row_count(Color::Black) > 12 {
                compare_risks(&game, &mut met, &format!("seed {seed} ply {ply}"));
            }
            let seat = game.to_act().first_seat().unwrap();
            let action = steered_move(&game, &mut rng, forward, seek, &history);
            game.apply(seat, &action, Millis(0)).unwrap();
            history.push(*game.position());
        }
    }
    let from_games = met.positions;
    let mut rng = SmallRng::seed_from_u64(99);
    for i in 0..1500 {
        if let Some(game) = crowded_position(&mut rng) {
            compare_risks(&game, &mut met, &format!("crowded {i}"));
        }
    }
    // Cycles from crowded positions: a move, a reply, both undone, twice
    // over, so that offers repeat a position a third time where quick wins
    // abound.
    let mut cycles = 0;
    for i in 0..3000 {
        if cycles == 60 {
            break;
        }
        let Some(game) = crowded_position(&mut rng) else {
            continue;
        };
        // Only where the side to move could win at once, and repetition
        // draws: then the cycle's last offer draws where it would allow a
        // win.
        let game = Magnetism::from_position(options(true), *game.position());
        let seat = game.to_act().first_seat().unwrap();
        let wins_at_once = game.legal_actions(seat).into_iter().any(|a| {
            let mut g = game.clone();
            g.apply(seat, &a, Millis(0)).unwrap();
            matches!(g.outcome(), Some(Outcome::Win { winners, .. }) if winners.contains(seat))
        });
        if !wins_at_once {
            continue;
        }
        if let Some(cycle) = undo_cycle(&game, &mut rng) {
            cycles += 1;
            let mut g = game;
            for (k, action) in cycle.iter().cycle().take(7).enumerate() {
                let seat = g.to_act().first_seat().unwrap();
                if g.apply(seat, action, Millis(0)).is_err() || g.outcome().is_some() {
                    break;
                }
                compare_risks(&g, &mut met, &format!("cycle {i} step {k}"));
            }
        }
    }
    eprintln!("{from_games} positions from games; {met:?}");
    assert!(met.positions > 1000, "{met:?}");
    assert!(
        met.loses > 0
            && met.allows_win > 0
            && met.stalemating_offer > 0
            && met.stalemated_by_reply > 0
            && met.all_across_reply > 0
            && met.repeating_offer > 0
            && met.repetition_saves > 0
            && met.win_and_loss > 0,
        "{met:?}"
    );
}
