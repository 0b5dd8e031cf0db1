//! Properties of Magnet over random games: the generator and the judge
//! agree, notation and positions round-trip, playouts are deterministic
//! and replay from their records, and no view (nor any refusal) tells a
//! seat anything about the opponent's hidden pieces.

// Not every piece the suites share is used here.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;

use lodestone_rules::geometry::hex::HexDir;
use lodestone_rules::magnet::{
    Action, Color, Kind, MATERIAL, Magnet, Options, Position, Setup, SetupRule, Turn, Vertex, VertexList,
};
use lodestone_rules::{Game, GameKind, Millis, Seat, Viewer};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn seat(color: Color) -> Seat {
    Seat(color as u8)
}

/// Both setups, drawn from `rng`.
fn deal(rng: &mut SmallRng) -> [Setup; 2] {
    [Setup::random(Color::Red, rng), Setup::random(Color::Blue, rng)]
}

/// A game after `setups`, then up to `plies` random legal turns; returns it
/// and every action played (the setups first).
fn random_game(options: Options, setups: [Setup; 2], seed: u64, plies: usize) -> (Magnet, Vec<Action>) {
    let mut game = Magnet::new(options);
    let mut played = Vec::new();
    for setup in setups {
        let action = Action::Setup(setup);
        game.apply(seat(setup.side()), &action, Millis(0))
            .expect("a dealt setup is legal");
        played.push(action);
    }
    common::play_randomly(game, played, seed, plies + 2)
}

fn seeded_game(seed: u64, plies: usize) -> (Magnet, Vec<Action>) {
    let setups = deal(&mut SmallRng::seed_from_u64(seed ^ 0x5eed));
    random_game(Options::default(), setups, seed, plies)
}

/// The affected pieces of `color` for a magnet on `m`, found independently
/// of the rules crate: the first piece of `color` on each ray.
fn affected(pos: &Position, color: Color, m: Vertex) -> Vec<Vertex> {
    let mut out = Vec::new();
    for dir in HexDir::ALL {
        let mut h = m.hex().step(dir);
        while let Some(v) = Vertex::from_hex(h) {
            if pos.at(v).is_some_and(|p| p.color == color) {
                out.push(v);
                break;
            }
            h = h.step(dir);
        }
    }
    out
}

/// Every order of `items` (all of them when there are few, else a sample).
fn orders(items: &[Vertex], rng: &mut SmallRng) -> Vec<Vec<Vertex>> {
    fn permute(items: &mut Vec<Vertex>, k: usize, out: &mut Vec<Vec<Vertex>>) {
        if k == items.len() {
            out.push(items.clone());
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            permute(items, k + 1, out);
            items.swap(k, i);
        }
    }
    let mut out = Vec::new();
    if items.len() <= 4 {
        permute(&mut items.to_vec(), 0, &mut out);
    } else {
        out.push(items.to_vec());
        for _ in 0..12 {
            let mut o = items.to_vec();
            for i in (1..o.len()).rev() {
                o.swap(i, rng.random_range(0..=i));
            }
            out.push(o);
        }
    }
    out
}

/// Turn texts that might be legal: every magnet vertex with the bare form
/// and with orders of the pieces on its rays, then promotions of subsets
/// of the vertices where own pieces stand after the move or started.
fn candidate_turns(game: &Magnet, rng: &mut SmallRng) -> Vec<Turn> {
    let pos = game.position();
    let color = pos.side();
    let mut out = Vec::new();
    for m in Vertex::all() {
        let aff = affected(pos, color, m);
        let mut lists: Vec<Option<Vec<Vertex>>> = vec![None];
        if pos.is_opening() {
            lists.extend(aff.iter().map(|&v| Some(vec![v])));
            if aff.len() > 1 {
                lists.push(Some(aff[..2].to_vec()));
            }
        } else {
            lists.extend(orders(&aff, rng).into_iter().map(Some));
            if aff.len() > 1 {
                lists.push(Some(aff[1..].to_vec())); // one missing
            }
        }
        for order in lists {
            let order = order.map(|o| VertexList::from_slice(&o).unwrap());
            let bare = Turn {
                magnet: m,
                order,
                promote: VertexList::new(),
            };
            out.push(bare);
            let mut after = game.clone();
            if after.apply(seat(color), &Action::Turn(bare), Millis(0)).is_err() {
                continue;
            }
            // Own pieces on the magnet's lines after the move, and where
            // the affected pieces started.
            let mut near: Vec<Vertex> = aff.clone();
            for v in affected(after.position(), color, m) {
                if !near.contains(&v) {
                    near.push(v);
                }
            }
            if after.position().at(m).is_some_and(|p| p.color == color) && !near.contains(&m) {
                near.push(m);
            }
            near.truncate(8);
            for (i, &a) in near.iter().enumerate() {
                out.push(Turn {
                    promote: VertexList::from_slice(&[a]).unwrap(),
                    ..bare
                });
                for &b in &near[i..] {
                    out.push(Turn {
                        promote: VertexList::from_slice(&[a, b]).unwrap(),
                        ..bare
                    });
                }
            }
            if near.len() <= 6 && near.len() > 2 {
                out.push(Turn {
                    promote: VertexList::from_slice(&near).unwrap(),
                    ..bare
                });
            }
        }
    }
    out
}

fn any_vertex() -> impl Strategy<Value = Vertex> {
    (0usize..91).prop_map(|i| Vertex::from_index(i).unwrap())
}

fn any_list(max: usize) -> impl Strategy<Value = VertexList> {
    prop::collection::vec(any_vertex(), 0..=max).prop_map(|v| VertexList::from_slice(&v).unwrap())
}

fn any_action() -> impl Strategy<Value = Action> {
    let kinds = prop::array::uniform12(prop::sample::select(Kind::ALL.to_vec()));
    prop_oneof![
        (any::<bool>(), kinds).prop_map(|(blue, kinds)| Action::Setup(Setup::new(
            if blue { Color::Blue } else { Color::Red },
            kinds
        ))),
        (any_vertex(), any_list(6), any::<bool>(), any_list(6)).prop_map(|(magnet, order, bare, promote)| {
            Action::Turn(Turn {
                magnet,
                order: (!bare && !order.is_empty()).then_some(order),
                promote,
            })
        }),
    ]
}

/// What the public (and `color`'s own side) shows of a position: where
/// every piece stands and its rank, the kinds of `color`'s pieces, the
/// public removed pieces and the count of secret ones, whose turn it is.
fn public(game: &Magnet, color: Color) -> String {
    let pos = game.position();
    let mut text = String::new();
    for c in Color::BOTH {
        for (v, p) in pos.pieces(c) {
            let kind = if c == color { p.kind.token() } else { "?" };
            text.push_str(&format!("{v}:{}:{kind}:{} ", c.name(), p.rank));
        }
        let removed = pos.removed(c);
        let secret: u8 = removed.hidden.iter().sum();
        text.push_str(&format!("{:?} {secret} | ", removed.revealed));
    }
    format!(
        "{text}{:?} {} {}",
        pos.side(),
        pos.is_opening(),
        game.outcome().is_some()
    )
}

/// `setup` with the kinds on two of its slots swapped.
fn swapped(setup: Setup, i: usize, j: usize) -> Setup {
    let mut kinds = *setup.kinds();
    kinds.swap(i, j);
    Setup::new(setup.side(), kinds)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Every generated turn is accepted and gives its own position; every
    /// candidate turn the judge accepts gives a position some generated
    /// turn gives; a refused one changes nothing; the seat not to move is
    /// refused everything.
    #[test]
    fn generated_iff_accepted(seed: u64, plies in 0usize..40) {
        let (game, _) = seeded_game(seed, plies);
        prop_assume!(game.outcome().is_none());
        let color = game.position().side();
        let mut results: HashMap<_, Magnet> = HashMap::new();
        for action in game.legal_actions(seat(color)) {
            let mut after = game.clone();
            prop_assert!(after.apply(seat(color), &action, Millis(0)).is_ok(), "{} refused", action);
            let earlier = results.insert(after.position_key(), after);
            prop_assert!(earlier.is_none(), "{} repeats an earlier action's position", action);
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let pos = game.position();
        for turn in candidate_turns(&game, &mut rng) {
            let action = Action::Turn(turn);
            let mut after = game.clone();
            let accepted = after.apply(seat(color), &action, Millis(0));
            // Any order of all the affected pieces is as legal as the
            // default one.
            let aff = affected(pos, color, turn.magnet);
            let full_order = turn.order.is_some_and(|o| {
                o.len() == aff.len() && aff.iter().all(|v| o.iter().any(|w| w == *v))
            });
            if !pos.is_opening() && full_order && turn.promote.is_empty() {
                let bare = Action::Turn(Turn { order: None, ..turn });
                let bare_ok = game.clone().apply(seat(color), &bare, Millis(0)).is_ok();
                prop_assert_eq!(accepted.is_ok(), bare_ok, "{} and {} judged differently", action, bare);
            }
            match accepted {
                Ok(()) => {
                    let generated = results.get(&after.position_key());
                    prop_assert!(generated.is_some(), "{} was accepted but not generated", action);
                    let generated = generated.unwrap();
                    prop_assert_eq!(generated.position(), after.position(), "{}", action);
                    prop_assert_eq!(generated.outcome(), after.outcome(), "{}", action);
                }
                Err(_) => prop_assert_eq!(&after, &game, "{} was refused but changed the game", action),
            }
            let mut other = game.clone();
            prop_assert!(other.apply(seat(color.other()), &action, Millis(0)).is_err());
            prop_assert_eq!(&other, &game);
        }
    }

    /// Any actions at all, on any reachable game: refused ones change
    /// nothing, and nothing panics.
    #[test]
    fn arbitrary_actions_never_panic(seed: u64, plies in 0usize..60, actions in prop::collection::vec(any_action(), 1..40)) {
        let (game, _) = seeded_game(seed, plies);
        for action in actions {
            for s in [Seat(0), Seat(1), Seat(5)] {
                let mut after = game.clone();
                if after.apply(s, &action, Millis(0)).is_err() {
                    prop_assert_eq!(&after, &game);
                }
            }
        }
    }

    /// A setup is accepted exactly when it is the seat's own start vertices
    /// with a side's material.
    #[test]
    fn setups_accepted_iff_well_formed(kinds in prop::array::uniform12(prop::sample::select(Kind::ALL.to_vec())), blue: bool, seed: u64) {
        let game = Magnet::new(Options::default());
        let side = if blue { Color::Blue } else { Color::Red };
        let mut sorted = kinds;
        sorted.sort();
        let material = sorted == MATERIAL;
        for s in Color::BOTH {
            let mut after = game.clone();
            let ok = after.apply(seat(s), &Action::Setup(Setup::new(side, kinds)), Millis(0)).is_ok();
            prop_assert_eq!(ok, material && s == side);
        }
        // A shuffled material is always a legal setup.
        let dealt = Setup::random(side, &mut SmallRng::seed_from_u64(seed));
        let mut after = game.clone();
        prop_assert!(after.apply(seat(side), &Action::Setup(dealt), Millis(0)).is_ok());
    }

    #[test]
    fn actions_round_trip(action in any_action()) {
        common::reads_back(action, &[|t| t.to_lowercase()])?;
    }

    /// The position format reads back what it printed, in play and during
    /// the setup.
    #[test]
    fn positions_round_trip(seed: u64, plies in 0usize..100, red_only: bool) {
        let (game, _) = seeded_game(seed, plies);
        let text = game.position().to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(game.position().clone()));
        let again = Magnet::parse_position(*game.options(), &text).unwrap();
        prop_assert_eq!(again.position(), game.position());
        prop_assert_eq!(again.position_key(), game.position_key());
        if !matches!(game.outcome(), Some(lodestone_rules::Outcome::Draw { .. })) {
            prop_assert_eq!(again.outcome(), game.outcome());
        }
        let mut setup = Magnet::new(Options::default());
        let dealt = Setup::random(if red_only { Color::Red } else { Color::Blue }, &mut SmallRng::seed_from_u64(seed));
        setup.apply(seat(dealt.side()), &Action::Setup(dealt), Millis(0)).unwrap();
        let text = setup.position().to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(setup.position().clone()));
    }

}

proptest! {
    // Whole games: fewer cases.
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Playouts never panic, end within the bound or earlier, and the same
    /// seed gives the same game; the written record replays to the same
    /// position and result. With `setup=random`, the record holds the
    /// dealt setups.
    #[test]
    fn playouts_are_deterministic_and_replay(seed: u64, random_setup: bool) {
        let options = Options {
            setup: if random_setup { SetupRule::Random } else { SetupRule::Chosen },
            ..Options::default()
        };
        let setups = if random_setup {
            let dealt = Magnet::new(options).chance_actions(&mut SmallRng::seed_from_u64(seed));
            let setup = |i: usize| match dealt[i].1 { Action::Setup(s) => s, _ => unreachable!() };
            [setup(0), setup(1)]
        } else {
            deal(&mut SmallRng::seed_from_u64(seed))
        };
        let (a, played) = random_game(options, setups, seed, 300);
        let (b, again) = random_game(options, setups, seed, 300);
        prop_assert_eq!(&played, &again);
        prop_assert_eq!(&a, &b);
        prop_assert!(a.outcome().is_some() || played.len() == 302);

        let mut tags = String::from("[Game \"magnet\"]\n");
        if random_setup {
            tags.push_str("[Option \"setup=random\"]\n");
        }
        common::record_replays(&tags, &played, GameKind::Magnet, &a.position().to_string(), a.outcome())?;
    }

    /// Every offered turn is accepted as it is, and with all its promotions;
    /// every turn the mover can tell apart from others is offered once.
    #[test]
    fn offers_are_legal(seed: u64, plies in 0usize..60) {
        let (game, _) = seeded_game(seed, plies);
        let Some(s) = game.to_act().first_seat() else { return Ok(()) };
        let offers = game.offers(s);
        prop_assert!(!offers.is_empty());
        let mut texts: Vec<String> = offers.iter().map(|o| o.action.to_string()).collect();
        for offer in &offers {
            let plain = offer.action.to_string();
            prop_assert!(game.clone().apply(s, &offer.action, Millis(0)).is_ok(), "{} refused", plain);
            if !offer.extras.is_empty() {
                let full = format!("{plain} +{}", offer.extras.join(","));
                let action = game.parse_action(&full).unwrap();
                let judged = game.clone().apply(s, &action, Millis(0));
                prop_assert!(judged.is_ok(), "{} refused: {:?}", full, judged);
            }
        }
        texts.sort();
        let n = texts.len();
        texts.dedup();
        prop_assert_eq!(texts.len(), n, "an offer appears twice");
        // No offer during the setup: the client composes the arrangement.
        prop_assert!(Magnet::new(Options::default()).offers(Seat(0)).is_empty());
    }

    /// The promotions offered with a turn are exactly the ones the judge
    /// accepts (issue 18): for every offered turn and every vertex V,
    /// `TURN +V` is accepted if and only if V is one of the turn's extras.
    #[test]
    fn offered_promotions_are_exactly_the_accepted_ones(seed: u64, plies in 0usize..60) {
        let (game, _) = seeded_game(seed, plies);
        let Some(s) = game.to_act().first_seat() else { return Ok(()) };
        for offer in game.offers(s) {
            let Action::Turn(turn) = offer.action else { unreachable!("turns only") };
            let mut accepted: Vec<String> = Vec::new();
            for v in Vertex::all() {
                let promoted = Action::Turn(Turn { promote: VertexList::from_slice(&[v]).unwrap(), ..turn });
                if game.clone().apply(s, &promoted, Millis(0)).is_ok() {
                    accepted.push(v.to_string());
                }
            }
            let mut offered = offer.extras.clone();
            offered.sort();
            accepted.sort();
            prop_assert_eq!(offered, accepted, "promotions of {}", offer.action);
        }
    }

    /// No view leaks a hidden kind. Play a random game; play it again with
    /// two of one side's pieces swapped in its setup. While everything
    /// public (and the viewer's own pieces) agrees, the viewer's printed
    /// view and the spectator's are byte-identical in both games, the
    /// viewer's actions are accepted or refused alike (with the same
    /// sentence), and the printed view shows no hidden kind.
    #[test]
    fn views_never_reveal_hidden_kinds(seed: u64, special in 0usize..3, j in 0usize..11, swap_blue: bool) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let setups = deal(&mut rng);
        let (hidden, viewer) = if swap_blue { (Color::Blue, Color::Red) } else { (Color::Red, Color::Blue) };
        // Swap the King or a trap with another piece: what matters most.
        let kinds = setups[hidden.index()].kinds();
        let target = [Kind::King, Kind::TrapTwo, Kind::TrapThree][special];
        let i = kinds.iter().position(|&k| k == target).unwrap();
        let j = if j >= i { j + 1 } else { j };
        let mut other = setups;
        other[hidden.index()] = swapped(setups[hidden.index()], i, j);
        let (a, played) = random_game(Options::default(), setups, seed, 150);
        prop_assume!(played.len() > 2);
        let _ = a;
        let mut ga = Magnet::new(Options::default());
        let mut gb = Magnet::new(Options::default());
        for (n, action) in played.iter().enumerate() {
            let s = ga.to_act().first_seat().unwrap();
            let action_b = match action {
                Action::Setup(setup) => Action::Setup(other[setup.side().index()]),
                turn => *turn,
            };
            if (2..60).contains(&n) && s == seat(viewer) {
                // The viewer's candidates are judged alike in both games.
                let mut probe = SmallRng::seed_from_u64(seed ^ n as u64);
                let mut probes: Vec<Action> = ga.legal_actions(s).into_iter().take(20).collect();
                let mut candidates = candidate_turns(&ga, &mut probe);
                for k in 0..candidates.len().min(40) {
                    let pick = probe.random_range(k..candidates.len());
                    candidates.swap(k, pick);
                    probes.push(Action::Turn(candidates[k]));
                }
                for p in probes {
                    let ra = ga.clone().apply(s, &p, Millis(0)).map_err(|e| e.message);
                    let rb = gb.clone().apply(s, &p, Millis(0)).map_err(|e| e.message);
                    prop_assert_eq!(ra, rb, "{} judged differently", p);
                }
                // What the viewer's client is offered does not depend on
                // the hidden pieces either.
                prop_assert_eq!(ga.offers(s), gb.offers(s));
            }
            ga.apply(s, action, Millis(0)).unwrap();
            if gb.apply(s, &action_b, Millis(0)).is_err() {
                break;
            }
            let view = ga.view(Viewer::Seat(seat(viewer)));
            if ga.outcome().is_none() {
                // No kind of the hidden side's pieces on the board, nor of
                // its secret removed pieces, appears in the printed view.
                let printed = view.to_string();
                let section = printed.split(" | ").nth(hidden.index()).unwrap();
                for token in section.split_whitespace().filter(|t| *t != "-") {
                    prop_assert!(token.starts_with("x:") || token.contains(":?"), "{} in {}", token, printed);
                }
            }
            if public(&ga, viewer) != public(&gb, viewer) || ga.outcome().is_some() {
                break;
            }
            prop_assert_eq!(view.to_string(), gb.view(Viewer::Seat(seat(viewer))).to_string());
            prop_assert_eq!(&view, &gb.view(Viewer::Seat(seat(viewer))));
            prop_assert_eq!(ga.view(Viewer::Spectator).to_string(), gb.view(Viewer::Spectator).to_string());
        }
    }
}

/// Text built from the pieces of the notation and the position format.
fn token_soup() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "setup", "F6", "A2:K", "a3:2", "K5:T3", "x:4", "t:T2", "t:?", "F6:3^2", "G5:4^9", "Z9", "A7", "+",
        ",", "|", "-", "red", "blue", "opening", "setup", ":", "^", "x:K", "B1:4", "E10:K", "F11", "K1", "?",
    ]);
    prop::collection::vec(token, 0..40).prop_map(|t| t.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Reading any text as an action or a position never panics.
    #[test]
    fn reading_never_panics(text in prop_oneof![token_soup(), ".{0,200}"]) {
        let game = Magnet::new(Options::default());
        let _ = game.parse_action(&text);
        let _ = Magnet::parse_position(Options::default(), &text);
        let many_x = format!("{} | - | setup", "x:4 ".repeat(300));
        prop_assert!(Magnet::parse_position(Options::default(), &many_x).is_err());
    }
}
