//! Computer players. A bot sees exactly what a player's client sees: its
//! seat's position text (the game's position format, redacted for that
//! seat) and the actions offered to it. `random` picks uniformly;
//! `greedy` looks one action ahead and picks the best by a simple
//! evaluation per game (docs/bots.md explains each).
//!
//! Greedy play needs a whole position to try actions on. Where the view
//! hides something (Magnet's values, a Magnetism magnet during the secret
//! opening), the bot fills the gaps with a guess drawn from what is still
//! possible (a "determinised" position) and never with the truth.

use std::fmt;
use std::str::FromStr;

use rand_core::Rng;

use crate::any::{AnyGame, AnyView, GameKind};
use crate::game::Millis;
use crate::geometry::square::Grid;
use crate::magnet::{self, Kind};
use crate::{Outcome, Seat, Viewer};

/// How a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any offered action, uniformly.
    Random,
    /// The offered action with the best evaluation one action ahead.
    Greedy,
}

impl Level {
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            other => Err(format!("unknown bot level {other:?} (random or greedy)")),
        }
    }
}

/// What a bot knows when it must act: the game, its options, its seat,
/// its view's position text, and what it is offered (each action with the
/// extras it may add, as `AnyGame::offers` gives them).
#[derive(Clone, Copy, Debug)]
pub struct Situation<'a> {
    pub kind: GameKind,
    pub options: &'a [(String, String)],
    pub seat: Seat,
    pub position: &'a str,
    pub offers: &'a [(String, Vec<String>)],
}

/// The action the bot plays, or `None` if it has nothing to do.
pub fn choose<R: Rng + ?Sized>(situation: &Situation<'_>, level: Level, rng: &mut R) -> Option<String> {
    if situation.offers.is_empty() {
        return compose(situation, rng);
    }
    let candidates = candidates(situation.offers);
    match level {
        Level::Random => Some(candidates[below(rng, candidates.len())].clone()),
        Level::Greedy => Some(
            greedy(situation, &candidates, rng)
                .unwrap_or_else(|| candidates[below(rng, candidates.len())].clone()),
        ),
    }
}

/// Every offered action, and each with all its extras (Magnet: promoting
/// every piece that may be promoted).
fn candidates(offers: &[(String, Vec<String>)]) -> Vec<String> {
    let mut out = Vec::with_capacity(offers.len());
    for (action, extras) in offers {
        out.push(action.clone());
        if !extras.is_empty() {
            out.push(format!("{action} +{}", extras.join(",")));
        }
    }
    out
}

/// An action no list offers: Magnet's secret setup, dealt at random.
fn compose<R: Rng + ?Sized>(situation: &Situation<'_>, rng: &mut R) -> Option<String> {
    if situation.kind != GameKind::Magnet || !situation.position.ends_with("setup") {
        return None;
    }
    let color = magnet::Color::from_seat(situation.seat)?;
    // Only a side that has not set up yet shows as `-`.
    let section = situation.position.split(" | ").nth(color.index())?;
    (section.trim() == "-").then(|| magnet::Action::Setup(magnet::Setup::random(color, rng)).to_string())
}

/// A uniform index below `n` (n > 0).
fn below<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn greedy<R: Rng + ?Sized>(situation: &Situation<'_>, candidates: &[String], rng: &mut R) -> Option<String> {
    let position = match situation.kind {
        GameKind::Magnet => determinise_magnet(situation.position, situation.seat, rng)?,
        _ => situation.position.to_string(),
    };
    let game = AnyGame::from_position(situation.kind, situation.options, &position).ok()?;
    let mut best: Vec<&String> = Vec::new();
    let mut best_score = f64::NEG_INFINITY;
    for action in candidates {
        let mut after = game.clone();
        // An action the guessed position refuses (a guess that cannot be
        // true) is still playable: rate it as neutral.
        let score = match after.play(situation.seat, action, Millis(0)) {
            Ok(_) => evaluate(&after, situation.seat),
            Err(_) => 0.0,
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(action);
        }
    }
    best.get(below(rng, best.len().max(1)).min(best.len().saturating_sub(1)))
        .map(|s| (*s).clone())
}

/// How good `game` is for `seat`: huge for a win, hugely negative for a
/// loss, else the game's own measure.
pub fn evaluate(game: &AnyGame, seat: Seat) -> f64 {
    match game.outcome() {
        Some(Outcome::Win { winners, .. }) if winners.contains(seat) => return 1e9,
        Some(Outcome::Win { .. }) => return -1e9,
        Some(Outcome::Draw { .. }) => return 0.0,
        None => {}
    }
    match game.view(Viewer::Referee) {
        AnyView::Magneton(p) => magneton_value(&p, seat),
        AnyView::Magnetism(v) => magnetism_value(&v, seat),
        AnyView::Magma(v) => magma_value(&v, seat),
        AnyView::Magnet(v) => magnet_value(&v, seat),
    }
}

/// Magneton: for every window of four squares in a line, a side holding
/// `n` of them with no enemy stone scores `n²`; own minus the opponent's.
fn magneton_value(p: &crate::magneton::Position, seat: Seat) -> f64 {
    use crate::magneton::{Color, GRID};
    let me = if seat.0 == 0 { Color::White } else { Color::Black };
    let (own, theirs) = (p.stones(me), p.stones(me.other()));
    let mut score = 0.0;
    for sq in GRID.squares() {
        for dir in crate::geometry::square::Dir::LINES {
            let window: Vec<_> = std::iter::once(sq).chain(GRID.ray(sq, dir).take(3)).collect();
            if window.len() < 4 {
                continue;
            }
            let mask: u64 = window.iter().map(|s| 1u64 << s.0).sum();
            let (a, b) = ((own & mask).count_ones(), (theirs & mask).count_ones());
            if b == 0 {
                score += f64::from(a * a);
            }
            if a == 0 {
                score -= f64::from(b * b);
            }
        }
    }
    score
}

/// Magnetism: pieces on the far row count 100 each; every other piece
/// counts by how far it has come. Own minus the opponent's.
fn magnetism_value(v: &crate::magnetism::View, seat: Seat) -> f64 {
    use crate::magnetism::{Color, GRID};
    let grid: Grid = GRID;
    let side = |c: Color| {
        let far = f64::from(v.far_row_count(c)) * 100.0;
        let progress: f64 = v
            .pieces(c)
            .map(|sq| {
                let rank = f64::from(grid.rank(sq));
                if c == Color::White { rank } else { 7.0 - rank }
            })
            .sum();
        far + progress
    };
    let me = if seat.0 == 0 { Color::White } else { Color::Black };
    side(me) - side(me.other())
}

/// Magma: the seat's colour's score minus the best other colour's.
fn magma_value(v: &crate::magma::View, seat: Seat) -> f64 {
    let mine = v.seats.get(seat).map(|s| s.color);
    let own = v
        .scores
        .iter()
        .filter(|s| Some(s.color) == mine)
        .map(|s| f64::from(s.total()))
        .sum::<f64>();
    let other = v
        .scores
        .iter()
        .filter(|s| Some(s.color) != mine)
        .map(|s| f64::from(s.total()))
        .fold(0.0, f64::max);
    own - other
}

/// Magnet: material (values on the board), and the King's steps from the
/// centre. Own minus the opponent's.
fn magnet_value(v: &magnet::View, seat: Seat) -> f64 {
    use magnet::{Color, SideView, Vertex};
    let side = |c: Color| match v.side(c) {
        SideView::Open(s) => s
            .pieces
            .iter()
            .map(|p| {
                let king = if p.kind == Kind::King {
                    50.0 - 2.0 * f64::from(p.vertex.hex().distance(Vertex::CENTRE.hex()))
                } else {
                    0.0
                };
                f64::from(p.value()) + f64::from(p.rank) * 0.5 + king
            })
            .sum::<f64>(),
        SideView::Closed(s) => s.pieces.iter().map(|p| 2.0 + f64::from(p.rank) * 0.5).sum(),
    };
    let me = if seat.0 == 0 { Color::Red } else { Color::Blue };
    side(me) - side(me.other())
}

/// A full Magnet position consistent with what `seat` sees: each hidden
/// piece gets a kind drawn from the kinds the opponent still may have
/// (respecting ranks: a piece of rank r has a value of at least r), and
/// secret removed pieces take the rest. `None` if the text is not a seat's
/// view of a game in play.
fn determinise_magnet<R: Rng + ?Sized>(text: &str, seat: Seat, rng: &mut R) -> Option<String> {
    let mut sections: Vec<String> = text.split(" | ").map(str::to_string).collect();
    if sections.len() != 3 || sections[2].contains("setup") {
        return None;
    }
    let other = 1 - seat.index();
    let tokens: Vec<&str> = sections[other].split_whitespace().collect();
    // The kinds still unaccounted for: all material minus captured kinds.
    let mut pool: Vec<Kind> = magnet::MATERIAL.to_vec();
    for t in &tokens {
        if let Some(k) = t.strip_prefix("x:") {
            let kind = Kind::from_token(k)?;
            let i = pool.iter().position(|&p| p == kind)?;
            pool.remove(i);
        }
    }
    // Hidden pieces on the board, highest rank first (they constrain most).
    let mut hidden: Vec<(usize, u8)> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if let Some((_, piece)) = t.split_once(':')
            && !t.starts_with("x:")
            && !t.starts_with("t:")
            && piece.starts_with('?')
        {
            let rank = piece.split_once('^').map_or(Some(1), |(_, r)| r.parse().ok())?;
            hidden.push((i, rank));
        }
    }
    hidden.sort_by_key(|&(_, rank)| std::cmp::Reverse(rank));
    let mut out: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    for &(i, rank) in &hidden {
        let fitting: Vec<usize> = (0..pool.len()).filter(|&k| pool[k].value() >= rank).collect();
        let pick = *fitting.get(below(rng, fitting.len().max(1)))?;
        let kind = pool.remove(pick);
        let vertex = out[i].split_once(':')?.0.to_string();
        out[i] = if rank > 1 {
            format!("{vertex}:{kind}^{rank}")
        } else {
            format!("{vertex}:{kind}")
        };
    }
    // Secret removed pieces take what is left, in the format's kind order.
    let secret = out.iter().filter(|t| t.starts_with("t:")).count();
    if secret != pool.len() {
        return None;
    }
    out.retain(|t| !t.starts_with("t:"));
    pool.sort_by_key(|k| Kind::ALL.iter().position(|a| a == k));
    out.extend(pool.iter().map(|k| format!("t:{k}")));
    sections[other] = out.join(" ");
    Some(sections.join(" | "))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::Game;

    /// Plays a whole game of bots; returns the number of actions.
    fn bot_game(
        kind: GameKind,
        options: &[(String, String)],
        levels: &[Level],
        seed: u64,
    ) -> (AnyGame, usize) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = AnyGame::new(kind, options).unwrap();
        let mut n = 0;
        while let Some(seat) = game.to_act().first_seat() {
            let view = game.view(Viewer::Seat(seat)).to_string();
            let offers = game.offers(seat);
            let situation = Situation {
                kind,
                options,
                seat,
                position: &view,
                offers: &offers,
            };
            let level = levels[seat.index() % levels.len()];
            let action = choose(&situation, level, &mut rng).expect("a bot always finds an action");
            game.play(seat, &action, Millis(0))
                .unwrap_or_else(|e| panic!("{kind}: {action}: {e}"));
            n += 1;
            assert!(n < 3000, "{kind} did not end");
        }
        (game, n)
    }

    #[test]
    fn bots_play_every_game_to_its_end() {
        let magma: Vec<(String, String)> = vec![("players".into(), "4".into())];
        for (kind, options) in [
            (GameKind::Magneton, vec![]),
            (GameKind::Magnetism, vec![]),
            (GameKind::Magnet, vec![]),
            (GameKind::Magma, magma),
        ] {
            for levels in [[Level::Random, Level::Greedy], [Level::Greedy, Level::Greedy]] {
                let (game, _) = bot_game(kind, &options, &levels, 7);
                assert!(game.outcome().is_some());
            }
        }
    }

    #[test]
    fn greedy_beats_random_at_magneton_more_often_than_not() {
        let mut greedy_wins = 0;
        for seed in 0..10 {
            let (game, _) = bot_game(GameKind::Magneton, &[], &[Level::Greedy, Level::Random], seed);
            if let Some(Outcome::Win { winners, .. }) = game.outcome()
                && winners.contains(Seat(0))
            {
                greedy_wins += 1;
            }
        }
        assert!(greedy_wins >= 6, "greedy won only {greedy_wins} of 10");
    }

    #[test]
    fn a_determinised_magnet_view_is_a_position_and_keeps_the_seats_own_side() {
        let mut game = crate::magnet::Magnet::new(crate::magnet::Options::default());
        let mut rng = SmallRng::seed_from_u64(3);
        for color in crate::magnet::Color::BOTH {
            let setup = crate::magnet::Action::Setup(crate::magnet::Setup::random(color, &mut rng));
            game.apply(color.seat(), &setup, Millis(0)).unwrap();
        }
        let view = game.view(Viewer::Seat(Seat(0))).to_string();
        let guess = determinise_magnet(&view, Seat(0), &mut rng).unwrap();
        assert!(!guess.contains('?'));
        assert_eq!(guess.split(" | ").next(), view.split(" | ").next());
        assert!(
            crate::magnet::Magnet::parse_position(Default::default(), &guess).is_ok(),
            "{guess}"
        );
    }

    #[test]
    fn levels_read_and_print() {
        assert_eq!("Greedy".parse::<Level>(), Ok(Level::Greedy));
        assert_eq!(Level::Random.to_string(), "random");
        assert!("clever".parse::<Level>().is_err());
    }
}
