//! Properties of Magma over random games of every player count, board and
//! timer: the generator and the judge agree, written paths agree with the
//! short forms, scoring's reach is the set of legal destinations, notation
//! and positions round-trip, playouts end and are deterministic, and seats
//! that resign or run out of time at random moments leave a well-formed
//! game.

use lodestone_rules::magma::{
    Action, BoardKind, Cell, CellSet, Color, Geometry, Magma, Options, Phase, Timer, bit,
};
use lodestone_rules::{Concession, Game, GameKind, Millis, Record, Seat};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

mod ranks;

use ranks::rank_text;

/// `game`'s position text reads back as the same game, which prints the
/// same text.
fn reads_back(options: Options, game: &Magma) -> Result<(), TestCaseError> {
    let text = game.to_string();
    let again = Magma::parse_position(options, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    prop_assert_eq!(&again, game);
    prop_assert_eq!(again.to_string(), text);
    Ok(())
}

fn any_options() -> impl Strategy<Value = Options> {
    (2u8..=6, 0usize..3, any::<bool>(), 0usize..3, 0u8..6).prop_map(
        |(players, solo, radius5, timer, first)| Options {
            players,
            solo: [Color::Yellow, Color::Red, Color::Blue][solo],
            board: if radius5 {
                BoardKind::Radius5
            } else {
                BoardKind::Zigzag
            },
            timer: [Timer::None, Timer::Hot, Timer::WhiteHot][timer],
            first: Seat(first % players),
        },
    )
}

/// Chooses an action for the seat to act after `n` actions: `end?` and
/// `timeout` are rare, anything else is uniform; if `eager`, passes grow
/// likelier as the game goes on, so that games fill the board, then end.
fn choose(game: &Magma, rng: &mut SmallRng, n: usize, eager: bool) -> (Seat, Action) {
    let seat = game.to_act().first_seat().expect("someone is to act");
    let actions = game.legal_actions(seat);
    assert!(!actions.is_empty(), "the seat to act has an action");
    if eager && actions.contains(&Action::Pass) && rng.random_range(0..n + 150) < n {
        return (seat, Action::Pass);
    }
    let ordinary: Vec<&Action> = actions
        .iter()
        .filter(|a| !matches!(a, Action::ProposeEnd | Action::Timeout))
        .collect();
    if ordinary.is_empty() || rng.random_range(0..20) == 0 {
        return (seat, actions[rng.random_range(0..actions.len())].clone());
    }
    (seat, ordinary[rng.random_range(0..ordinary.len())].clone())
}

/// Plays up to `plies` chosen actions at time 0; returns the game and the
/// actions played.
fn random_game(options: Options, seed: u64, plies: usize, eager: bool) -> (Magma, Vec<Action>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Magma::new(options);
    let mut played = Vec::new();
    while played.len() < plies && game.outcome().is_none() {
        let (seat, action) = choose(&game, &mut rng, played.len(), eager);
        game.apply(seat, &action, Millis(0))
            .unwrap_or_else(|e| panic!("generated {action} was refused: {e}"));
        played.push(action);
    }
    (game, played)
}

/// A random game's position after `plies` actions, then (by `tail`) a
/// proposal to end or a timeout if either is legal, so that votes and
/// penalties are sampled too.
fn sample(options: Options, seed: u64, plies: usize, tail: u8) -> Magma {
    let (mut game, _) = random_game(options, seed, plies, false);
    let last = match tail {
        1 => Action::ProposeEnd,
        2 => Action::Timeout,
        _ => return game,
    };
    if let Some(seat) = game.to_act().first_seat() {
        let _ = game.apply(seat, &last, Millis(0));
    }
    game
}

fn all_cells(g: &Geometry) -> Vec<Cell> {
    (0..g.len() as u8).map(|i| g.label(i)).collect()
}

/// Every short-form action on the board, and then some.
fn action_space(g: &Geometry) -> Vec<Action> {
    let cells = all_cells(g);
    let mut all = vec![
        Action::Pass,
        Action::ProposeEnd,
        Action::AcceptEnd,
        Action::RefuseEnd,
        Action::Timeout,
    ];
    for &from in &cells {
        all.extend(cells.iter().map(|&to| Action::Move {
            from,
            to,
            via: Vec::new(),
        }));
    }
    all.extend(cells.iter().map(|&to| Action::Enter { to, via: Vec::new() }));
    all.extend(cells.iter().map(|&c| Action::Remove(c)));
    all
}

/// A chain of jumps from `start` to `goal` over `own` onto cells outside
/// `occupied` (the landing cells, `goal` last), found by breadth-first
/// search independently of the rules' own search.
fn jump_path(g: &Geometry, start: u8, goal: u8, own: CellSet, occupied: CellSet) -> Option<Vec<u8>> {
    let mut parent: Vec<Option<u8>> = vec![None; g.len()];
    let mut seen = bit(start);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        if at == goal && at != start {
            let mut path = vec![at];
            let mut c = at;
            while let Some(p) = parent[c as usize] {
                if p == start {
                    break;
                }
                path.push(p);
                c = p;
            }
            path.reverse();
            return Some(path);
        }
        for dir in 0..6 {
            let Some((over, land)) = g.jump(at, dir) else {
                continue;
            };
            if own & bit(over) != 0 && occupied & bit(land) == 0 && seen & bit(land) == 0 {
                seen |= bit(land);
                parent[land as usize] = Some(at);
                queue.push_back(land);
            }
        }
    }
    None
}

/// The spelled-out form of a generated move or entry, if it is not a plain
/// step or an entry onto the home.
fn spelled_out(game: &Magma, action: &Action) -> Option<Action> {
    let g = game.geometry();
    let color = game.current().color;
    let occupied: CellSet = Color::ALL.iter().fold(0, |a, &c| a | game.pieces(c));
    let own = game.pieces(color);
    match action {
        Action::Move { from, to, .. } => {
            let (f, t) = (g.index(*from)?, g.index(*to)?);
            if g.around(f) & bit(t) != 0 {
                return None;
            }
            let path = jump_path(g, f, t, own & !bit(f), occupied & !bit(f))?;
            let via = path[..path.len() - 1].iter().map(|&i| g.label(i)).collect();
            Some(Action::Move {
                from: *from,
                to: *to,
                via,
            })
        }
        Action::Enter { to, .. } => {
            let home = game.home(game.slot());
            let t = g.index(*to)?;
            if t == home {
                return None;
            }
            let path = (0..6).filter_map(|d| g.neighbour(home, d)).find_map(|landing| {
                if occupied & bit(landing) != 0 {
                    return None;
                }
                if landing == t {
                    return Some(vec![landing]);
                }
                let mut rest = jump_path(g, landing, t, own, occupied)?;
                rest.insert(0, landing);
                Some(rest)
            })?;
            let mut via: Vec<Cell> = vec![g.label(home)];
            via.extend(path[..path.len() - 1].iter().map(|&i| g.label(i)));
            Some(Action::Enter { to: *to, via })
        }
        _ => None,
    }
}

/// A position text for random options: random pieces of the colours in
/// play (about one cell in four), hands of 0 to 11, any turn slot, pass
/// and turn counts, phase and clock. Many are valid positions; the rest
/// exercise the reader's checks.
fn position_text() -> impl Strategy<Value = (Options, String)> {
    (
        any_options(),
        prop::collection::vec(0u8..12, 91),
        prop::collection::vec(0u8..12, 6),
        0usize..6,
        0u8..7,
        0u8..7,
        0usize..6,
        (0u32..=30_000, 0u32..=30_000, 0u64..1_000_000),
    )
        .prop_map(|(options, cells, hands, slot, turns, passes, phase, clock)| {
            let game = Magma::new(options);
            let g = game.geometry();
            let view = game.view(lodestone_rules::Viewer::Referee);
            let colors: Vec<Color> = game.layout().colors().collect();
            let mut rows: Vec<Vec<Option<char>>> = Vec::new();
            for (i, c) in view.cells.iter().enumerate() {
                if rows.len() <= c.label.row as usize {
                    rows.push(Vec::new());
                }
                // Mostly empty cells, some of each colour in play.
                let piece = colors.get(cells[i] as usize).map(|c| c.letter());
                rows[c.label.row as usize].push(piece);
            }
            let rows: Vec<String> = rows.into_iter().map(rank_text).collect();
            let board = rows.join("/");
            let n = game.layout().slot_count();
            let passes = passes.min(turns).min(n as u8);
            let s = game.layout().slot(slot % n);
            let hands: Vec<String> = hands[..game.seat_count()].iter().map(|h| h.to_string()).collect();
            let phase = ["", " refused", " penalty", " agreed", " vote=2,3", " vote=1"][phase];
            let clock = if options.timer == Timer::None {
                String::new()
            } else {
                format!(" clock={}/{}@{}", clock.0, clock.1 % (clock.0 + 1), clock.2)
            };
            let text = format!(
                "{board} {}@{} hand={} passes={passes} turns={turns}{phase}{clock}",
                s.seat.0 + 1,
                g.label(game.home(slot % n)),
                hands.join(",")
            );
            (options, text)
        })
}

/// An action is accepted exactly when it was generated, for every seat; a
/// refused action changes nothing; no action is generated twice, and
/// distinct moves lead to distinct positions.
fn check_generator(game: &Magma) -> Result<(), TestCaseError> {
    let space = action_space(game.geometry());
    for seat in (0..game.seat_count() as u8).map(Seat) {
        let legal = game.legal_actions(seat);
        for action in &space {
            let mut after = game.clone();
            let accepted = after.apply(seat, action, Millis(0)).is_ok();
            prop_assert_eq!(
                accepted,
                legal.contains(action),
                "{} by seat {}",
                action,
                seat.0 + 1
            );
            if !accepted {
                prop_assert_eq!(&after, game);
            }
        }
        let mut positions = std::collections::HashSet::new();
        for action in legal
            .iter()
            .filter(|a| matches!(a, Action::Move { .. } | Action::Enter { .. } | Action::Pass))
        {
            let mut after = game.clone();
            after.apply(seat, action, Millis(0)).unwrap();
            prop_assert!(
                positions.insert(after.position_key()),
                "{} repeats a position",
                action
            );
        }
        let mut unique: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        unique.sort();
        unique.dedup();
        prop_assert_eq!(unique.len(), legal.len(), "an action is generated twice");
    }
    Ok(())
}

/// Scoring's "could move a piece to" is exactly the set of legal
/// destinations of the colour's pieces and of entries through its homes.
fn check_reach(game: &Magma) -> Result<(), TestCaseError> {
    let g = game.geometry();
    for color in game.layout().colors() {
        let mut cells: Vec<Cell> = Vec::new();
        for i in lodestone_rules::magma::indices(game.pieces(color)) {
            cells.extend(game.destinations(g.label(i)));
        }
        for (slot, s) in game.layout().slots().iter().enumerate() {
            if s.color == color {
                cells.extend(game.entry_destinations(slot));
            }
        }
        let brute: CellSet = cells.iter().fold(0, |a, &c| a | bit(g.index(c).unwrap()));
        prop_assert_eq!(game.reach(color), brute, "{}", color);
    }
    Ok(())
}

/// The checks every state of a game must pass: over with an outcome and
/// nobody to act, or someone to act who still plays and has an action.
fn well_formed(g: &Magma) -> Result<(), TestCaseError> {
    if g.outcome().is_some() {
        prop_assert!(g.to_act().is_empty());
        return Ok(());
    }
    let to_act = g.to_act();
    prop_assert_eq!(to_act.len(), 1);
    let seat = to_act.first_seat().unwrap();
    prop_assert!(!g.has_left(seat), "seat {} left but is to act: {}", seat.0 + 1, g);
    prop_assert!(!g.legal_actions(seat).is_empty());
    prop_assert!(!g.has_left(g.current().seat) || g.phase() == Phase::Penalty);
    if let Some(d) = g.deadline() {
        prop_assert!(!g.has_left(d.seat));
    }
    let text = g.to_string();
    let again = Magma::parse_position(*g.options(), &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    prop_assert_eq!(&again, g);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// An action is accepted exactly when it was generated, for every
    /// seat; a refused action changes nothing; no action is generated
    /// twice, and distinct moves lead to distinct positions.
    #[test]
    fn generated_iff_accepted(options in any_options(), seed: u64, plies in 0usize..250, tail in 0u8..3) {
        let game = sample(options, seed, plies, tail);
        check_generator(&game)?;
    }

    /// The written path of a generated move or entry is accepted and has
    /// the short form's effect.
    #[test]
    fn written_paths_agree_with_short_forms(options in any_options(), seed: u64, plies in 0usize..250, tail in 0u8..3) {
        let game = sample(options, seed, plies, tail);
        let Some(seat) = game.to_act().first_seat() else { return Ok(()); };
        for action in game.legal_actions(seat) {
            let Some(long) = spelled_out(&game, &action) else { continue };
            let mut a = game.clone();
            a.apply(seat, &action, Millis(0)).unwrap();
            let mut b = game.clone();
            b.apply(seat, &long, Millis(0)).unwrap_or_else(|e| panic!("{long}: {e}"));
            prop_assert_eq!(a.position(), b.position(), "{} and {}", action, long);
        }
    }

    /// A written path (random walks of geometric jumps from each piece of
    /// the colour to move) is accepted exactly when every leg jumps a piece
    /// of that colour onto an empty cell (the start is empty once the piece
    /// has left) and the path does not end where it started.
    #[test]
    fn written_paths_are_checked_leg_by_leg(options in any_options(), seed: u64, plies in 0usize..250, walk_seed: u64) {
        let game = sample(options, seed, plies, 0);
        let Some(seat) = game.to_act().first_seat() else { return Ok(()); };
        if !matches!(game.phase(), lodestone_rules::magma::Phase::Play { .. }) {
            return Ok(());
        }
        let g = game.geometry();
        let color = game.current().color;
        let occupied: CellSet = Color::ALL.iter().fold(0, |a, &c| a | game.pieces(c));
        let mut rng = SmallRng::seed_from_u64(walk_seed);
        for from in lodestone_rules::magma::indices(game.pieces(color)) {
            let own = game.pieces(color) & !bit(from);
            let empty = !(occupied & !bit(from));
            for _ in 0..4 {
                let mut path = Vec::new();
                let mut at = from;
                let mut legal = true;
                for _ in 0..rng.random_range(2..5) {
                    // Mostly a legal leg when there is one, so that both
                    // outcomes are common.
                    let good: Vec<usize> = (0..6)
                        .filter(|&d| g.jump(at, d).is_some_and(|(o, l)| own & bit(o) != 0 && empty & bit(l) != 0))
                        .collect();
                    let dir = if !good.is_empty() && rng.random_range(0..4) != 0 {
                        good[rng.random_range(0..good.len())]
                    } else {
                        rng.random_range(0..6)
                    };
                    let Some((over, land)) = g.jump(at, dir) else { break };
                    legal &= own & bit(over) != 0 && empty & bit(land) != 0;
                    path.push(land);
                    at = land;
                }
                if path.len() < 2 {
                    continue;
                }
                legal &= at != from;
                let action = Action::Move {
                    from: g.label(from),
                    to: g.label(at),
                    via: path[..path.len() - 1].iter().map(|&i| g.label(i)).collect(),
                };
                let mut after = game.clone();
                let accepted = after.apply(seat, &action, Millis(0)).is_ok();
                prop_assert_eq!(accepted, legal, "{}", action);
            }
        }
    }

    /// Scoring's "could move a piece to" is exactly the set of legal
    /// destinations: every move of a piece of the colour and every entry
    /// through the home of one of its seats.
    #[test]
    fn reach_is_the_set_of_legal_destinations(options in any_options(), seed: u64, plies in 0usize..300, tail in 0u8..3) {
        let game = sample(options, seed, plies, tail);
        check_reach(&game)?;
    }

    #[test]
    fn actions_round_trip(options in any_options(), picks in prop::collection::vec(0usize..91, 1..6), kind in 0usize..8) {
        let game = Magma::new(options);
        let cells = all_cells(game.geometry());
        let c: Vec<Cell> = picks.iter().map(|&i| cells[i]).collect();
        let action = match kind {
            0 => Action::Pass,
            1 => Action::ProposeEnd,
            2 => Action::AcceptEnd,
            3 => Action::RefuseEnd,
            4 => Action::Timeout,
            5 => Action::Remove(c[0]),
            6 => Action::Enter { to: c[c.len() - 1], via: c[..c.len() - 1].to_vec() },
            _ => Action::Move { from: c[0], to: c[c.len() - 1], via: c[1..c.len().saturating_sub(1).max(1)].to_vec() },
        };
        let text = action.to_string();
        prop_assert_eq!(game.parse_action(&text), Ok(action.clone()));
        prop_assert_eq!(game.parse_action(&text.to_uppercase().replace('-', " - ")), Ok(action));
    }

    #[test]
    fn reachable_positions_round_trip(options in any_options(), seed: u64, plies in 0usize..300, tail in 0u8..3) {
        reads_back(options, &sample(options, seed, plies, tail))?;
    }

    /// Any text the position reader accepts prints back to a text it reads
    /// as the same game.
    #[test]
    fn arbitrary_positions_round_trip((options, text) in position_text()) {
        if let Ok(p) = Magma::parse_position(options, &text) {
            reads_back(options, &p)?;
        }
    }

    /// The generator and the judge agree in arbitrary positions too (empty
    /// hands, blocked homes, pending votes and penalties), and so do reach
    /// and the legal destinations.
    #[test]
    fn generated_iff_accepted_in_arbitrary_positions((options, text) in position_text()) {
        if let Ok(game) = Magma::parse_position(options, &text) {
            check_generator(&game)?;
            check_reach(&game)?;
        }
    }

    /// Playouts never panic, end, and the same choices give the same game;
    /// the written record replays to the same position and result.
    #[test]
    fn playouts_end_and_are_deterministic(options in any_options(), seed: u64) {
        let (a, played) = random_game(options, seed, 5_000, true);
        let (b, again) = random_game(options, seed, 5_000, true);
        prop_assert!(a.outcome().is_some(), "a game did not end in 5000 actions");
        prop_assert_eq!(&played, &again);
        prop_assert_eq!(&a, &b);

        let mut text = String::from("[Game \"magma\"]\n");
        for (k, v) in Magma::option_pairs(&options) {
            text.push_str(&format!("[Option \"{k}={v}\"]\n"));
        }
        for action in &played {
            text.push_str(&format!("{action}\n"));
        }
        let replayed = Record::parse(&text).unwrap().replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(replayed.kind(), GameKind::Magma);
        prop_assert_eq!(replayed.position_string(), a.to_string());
        prop_assert_eq!(replayed.outcome(), a.outcome());
    }

    /// With a timer and times that move on, every generated action is
    /// accepted before the deadline, the deadline's timeout is accepted at
    /// it, and the same times give the same game.
    #[test]
    fn timed_playouts_follow_the_deadlines(options in any_options(), seed: u64) {
        let options = Options { timer: if seed % 2 == 0 { Timer::Hot } else { Timer::WhiteHot }, ..options };
        let run = || {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = Magma::new(options);
            let mut now = 0u64;
            let mut log = Vec::new();
            for _ in 0..400 {
                if game.outcome().is_some() {
                    break;
                }
                now += rng.random_range(0..20_000u64);
                if let Some(d) = game.deadline()
                    && now > d.at.0
                {
                    game.apply(d.seat, &d.action, d.at).unwrap_or_else(|e| panic!("timeout: {e}"));
                    log.push((d.at.0, d.action));
                    now = d.at.0;
                    continue;
                }
                let (seat, action) = choose(&game, &mut rng, log.len(), true);
                let action = if action == Action::Timeout { Action::Pass } else { action };
                game.apply(seat, &action, Millis(now)).unwrap_or_else(|e| panic!("{action} at {now}: {e}"));
                log.push((now, action));
            }
            (game, log)
        };
        let (a, log_a) = run();
        let (b, log_b) = run();
        prop_assert_eq!(&log_a, &log_b);
        prop_assert_eq!(&a, &b);
        if let Some(d) = a.deadline() {
            prop_assert!(a.time_left(d.at) == Some(0));
        }
    }

    /// Random Magma games in which random seats resign or run out of time
    /// at random moments never panic, keep a well-formed turn order, end
    /// (by passes, a vote, or the last side standing), and replay from a
    /// record with the table events as headers.
    #[test]
    fn magma_games_with_random_resignations(options in any_options(), seed: u64) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = Magma::new(options);
        let mut actions = Vec::new();
        let mut headers = Vec::new();
        let mut now = 0u64;
        for n in 0..3_000usize {
            if g.outcome().is_some() {
                break;
            }
            now += rng.random_range(0..2_000u64);
            if rng.random_range(0..40) == 0 {
                let seat = Seat(rng.random_range(0..options.players));
                let how = if rng.random_range(0..2) == 0 { Concession::Resign } else { Concession::OutOfTime };
                let left = g.has_left(seat);
                let before = g.clone();
                match g.concede_with_events(seat, how, Millis(now)) {
                    Ok(_) => {
                        prop_assert!(!left);
                        headers.push(format!("[{} \"{} after {}\"]\n", how.header_key(), seat.0 + 1, actions.len()));
                    }
                    Err(e) => {
                        prop_assert!(left, "{e}");
                        prop_assert_eq!(&g, &before);
                    }
                }
                well_formed(&g)?;
                continue;
            }
            if let Some(d) = g.deadline() && now > d.at.0 {
                g.apply(d.seat, &d.action, d.at).unwrap();
                actions.push(d.action);
                now = d.at.0;
                well_formed(&g)?;
                continue;
            }
            let seat = g.to_act().first_seat().unwrap();
            let legal = g.legal_actions(seat);
            let action = if legal.contains(&Action::Pass) && rng.random_range(0..n + 150) < n {
                Action::Pass
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            let action = if action == Action::Timeout { Action::Pass } else { action };
            g.apply(seat, &action, Millis(now)).unwrap_or_else(|e| panic!("{action}: {e}"));
            actions.push(action);
            well_formed(&g)?;
        }
        prop_assert!(g.outcome().is_some(), "the game did not end: {}", g);

        let mut text = String::from("[Game \"magma\"]\n");
        for (k, v) in Magma::option_pairs(&options) {
            text.push_str(&format!("[Option \"{k}={v}\"]\n"));
        }
        text.extend(headers);
        for a in &actions {
            text.push_str(&format!("{a}\n"));
        }
        let replayed = Record::parse(&text).unwrap().replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        // Replays run at time 0, so only untimed games match position for
        // position; every game matches in who left and how it ended.
        if options.timer == Timer::None {
            prop_assert_eq!(replayed.position_string(), g.to_string());
        }
        for seat in (0..options.players).map(Seat) {
            prop_assert_eq!(replayed.has_left(seat), g.has_left(seat));
        }
        if options.timer == Timer::None {
            prop_assert_eq!(replayed.outcome(), g.outcome());
        }
    }
}
