//! Magnet's search: information-set Monte Carlo tree search. Every
//! iteration plays in a *world* guessed from the bot's own view alone —
//! its own pieces, the enemy pieces' vertices and ranks, the kinds the
//! enemy has lost (captured, so revealed) and how many it lost secretly —
//! never from the true hidden kinds, which the bot is never given. A
//! guess gives each hidden enemy piece a kind the enemy may still have,
//! with a value at least its rank, the King on a rank-1 piece.
//!
//! The bot's own choices at the root are its offers (the same in every
//! world); deeper, each side's actions are its offers in the world at hand
//! (what that side could tell apart), with every promotion taken. A leaf
//! plays a few quick turns (the best of a few random magnet vertices, a
//! King capture whenever one is seen) and is valued by material and the
//! Kings' safety and distance to the centre.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::fast::Fast;
use super::mcts::{self, Model, Values};
use super::{Situation, Think};
use crate::any::AnyGame;
use crate::game::{Game, Outcome};
use crate::geometry::hex::HexDir;
use crate::magnet::{self, Action, Color, Kind, Magnet, Setup, Turn, Vertex, VertexList};
use crate::{MAX_SEATS, Millis, Seat};

/// Quick turns played from a leaf before it is evaluated.
const PLAYOUT: usize = 0;
/// Random magnet vertices tried for each quick turn.
const TRIES: usize = 6;
/// A material lead of this many points is a 73% chance.
const SCALE: f32 = 5.0;

pub(super) fn choose(situation: &Situation, think: &Think<'_>, rng: &mut Fast) -> Option<String> {
    let guesser = Guesser::new(situation.position(), situation.seat())?;
    let mut model = Search {
        options: situation.options().to_vec(),
        guesser,
        playout: PLAYOUT,
    };
    let world = model.guess(rng)?;
    let me = situation.seat();
    // The offers are legal whatever the hidden kinds: they hold in every
    // world.
    let root = super::root_actions(&world, situation)?;
    mcts::search(&mut model, me, root, think, rng)
        .best()
        .map(|a| a.to_string())
}

/// A setup for a seat that has not set up: dealt at random.
pub(super) fn compose_setup(situation: &Situation, _search: bool, rng: &mut Fast) -> Option<String> {
    if !situation.position().ends_with("setup") {
        return None;
    }
    let color = Color::from_seat(situation.seat())?;
    // Only a side that has not set up yet shows as `-`.
    let section = situation.position().split(" | ").nth(color.index())?;
    (section.trim() == "-").then(|| Action::Setup(Setup::random(color, rng)).to_string())
}

/// A full position consistent with `seat`'s view `text` (one guess), for
/// the greedy level. `None` if the text is not a seat's view of a game in
/// play.
pub(super) fn guess_world(text: &str, seat: Seat, rng: &mut Fast) -> Option<String> {
    Guesser::new(text, seat)?.guess(rng)
}

/// Guesses the hidden kinds of a seat's view.
#[derive(Clone, Debug)]
struct Guesser {
    sections: Vec<String>,
    other: usize,
    /// The enemy side's tokens.
    tokens: Vec<String>,
    /// The kinds the enemy may still have on the board or secretly lost.
    pool: Vec<Kind>,
    /// Hidden pieces on the board: token index and rank, highest rank
    /// first (they constrain most).
    hidden: Vec<(usize, u8)>,
    /// How many pieces the enemy lost secretly.
    secret: usize,
    /// For each hidden piece, how likely it is to be the King, relatively
    /// (0 above rank 1).
    king_weight: Vec<f32>,
}

impl Guesser {
    fn new(text: &str, seat: Seat) -> Option<Guesser> {
        let sections: Vec<String> = text.split(" | ").map(str::to_string).collect();
        if sections.len() != 3 || sections[2].contains("setup") || seat.index() > 1 {
            return None;
        }
        let other = 1 - seat.index();
        let tokens: Vec<String> = sections[other].split_whitespace().map(str::to_string).collect();
        let mut pool: Vec<Kind> = magnet::MATERIAL.to_vec();
        for t in &tokens {
            if let Some(k) = t.strip_prefix("x:") {
                let kind = Kind::from_token(k)?;
                let i = pool.iter().position(|&p| p == kind)?;
                pool.remove(i);
            }
        }
        let mut hidden = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            if t.starts_with("x:") || t.starts_with("t:") {
                continue;
            }
            let (_, piece) = t.split_once(':')?;
            if piece.starts_with('?') {
                let rank = piece.split_once('^').map_or(Some(1), |(_, r)| r.parse().ok())?;
                hidden.push((i, rank));
            }
        }
        hidden.sort_by_key(|&(_, rank)| std::cmp::Reverse(rank));
        let secret = tokens.iter().filter(|t| t.starts_with("t:")).count();
        let starts = magnet::start_vertices(if other == 0 { Color::Red } else { Color::Blue });
        let king_weight = hidden
            .iter()
            .map(|&(i, rank)| {
                let vertex: Option<Vertex> = tokens[i].split_once(':').and_then(|(v, _)| v.parse().ok());
                match vertex {
                    Some(v) if rank == 1 => king_prior(v, starts.contains(&v)),
                    _ => 0.0,
                }
            })
            .collect();
        (pool.len() == hidden.len() + secret).then_some(Guesser {
            sections,
            other,
            tokens,
            pool,
            hidden,
            secret,
            king_weight,
        })
    }

    /// One full position text.
    fn guess(&self, rng: &mut Fast) -> Option<String> {
        let mut pool = self.pool.clone();
        let mut kinds: Vec<Option<Kind>> = vec![None; self.hidden.len()];
        // The enemy King is on the board while the game goes on, on a
        // piece of rank 1.
        if let Some(k) = pool.iter().position(|&p| p == Kind::King) {
            let total: f32 = self.king_weight.iter().sum();
            if total <= 0.0 {
                return None;
            }
            let mut x = rng.unit() * total;
            let pick = self
                .king_weight
                .iter()
                .position(|&w| {
                    x -= w;
                    w > 0.0 && x < 0.0
                })
                .or_else(|| self.king_weight.iter().rposition(|&w| w > 0.0))?;
            kinds[pick] = Some(pool.swap_remove(k));
        }
        for (i, &(_, rank)) in self.hidden.iter().enumerate() {
            if kinds[i].is_some() {
                continue;
            }
            let fitting: Vec<usize> = (0..pool.len()).filter(|&k| pool[k].value() >= rank).collect();
            let pick = *fitting.get(rng.below(fitting.len().max(1)))?;
            kinds[i] = Some(pool.swap_remove(pick));
        }
        let mut out = self.tokens.clone();
        for (&(i, rank), kind) in self.hidden.iter().zip(kinds) {
            let kind = kind?;
            let vertex = out[i].split_once(':')?.0.to_string();
            out[i] = if rank > 1 {
                format!("{vertex}:{kind}^{rank}")
            } else {
                format!("{vertex}:{kind}")
            };
        }
        // Secret losses take what is left, in the format's kind order.
        if pool.len() != self.secret {
            return None;
        }
        out.retain(|t| !t.starts_with("t:"));
        pool.sort_by_key(|k| Kind::ALL.iter().position(|a| a == k));
        out.extend(pool.iter().map(|k| format!("t:{k}")));
        let mut sections = self.sections.clone();
        sections[self.other] = out.join(" ");
        Some(sections.join(" | "))
    }
}

/// How likely a hidden rank-1 piece on `v` is to be the King, relatively:
/// a King that has left its start vertex without being promoted, and one
/// near the centre, are the usual signs. A prior read from the view alone.
fn king_prior(v: Vertex, at_start: bool) -> f32 {
    let distance = f32::from(v.hex().distance(Vertex::CENTRE.hex()));
    let moved = if at_start { 1.0 } else { 3.0 };
    moved * (1.0 + (5.0 - distance).max(0.0) / 2.0)
}

struct Search {
    options: Vec<(String, String)>,
    guesser: Guesser,
    playout: usize,
}

impl Search {
    fn guess(&self, rng: &mut Fast) -> Option<Magnet> {
        let text = self.guesser.guess(rng)?;
        match AnyGame::from_position(crate::GameKind::Magnet, &self.options, &text) {
            Ok(AnyGame::Magnet(g)) => Some(g),
            _ => None,
        }
    }
}

impl Model for Search {
    type G = Magnet;
    const PERFECT: bool = false;

    fn world(&mut self, rng: &mut Fast) -> Magnet {
        // A guess always exists (the one `choose` started from); retry
        // the rare draw that paints itself into a corner.
        loop {
            if let Some(g) = self.guess(rng) {
                return g;
            }
        }
    }

    fn knowledge(&self, game: &Magnet, seat: Seat) -> u64 {
        let pos = game.position();
        let mut h = DefaultHasher::new();
        (pos.side(), pos.is_opening()).hash(&mut h);
        for color in Color::BOTH {
            for (v, p) in pos.pieces(color) {
                let kind = (color.seat() == seat).then_some(p.kind);
                (v, color, p.rank, kind).hash(&mut h);
            }
        }
        h.finish()
    }

    fn actions(&mut self, game: &Magnet, seat: Seat) -> Vec<Action> {
        game.offers(seat)
            .into_iter()
            .filter_map(|offer| match offer.action {
                Action::Turn(turn) => {
                    let promote: Vec<Vertex> = offer.extras.iter().filter_map(|e| e.parse().ok()).collect();
                    Some(Action::Turn(Turn {
                        promote: VertexList::from_slice(&promote)?,
                        ..turn
                    }))
                }
                Action::Setup(_) => None,
            })
            .collect()
    }

    fn leaf(&mut self, game: &mut Magnet, rng: &mut Fast) -> Values {
        for _ in 0..self.playout {
            let Some(seat) = game.to_act().first_seat() else {
                break;
            };
            let Some(next) = quick_turn(game, seat, rng) else {
                break;
            };
            *game = next;
            if let Some(outcome) = game.outcome() {
                return mcts::outcome_values(outcome);
            }
        }
        value(game)
    }
}

/// A plain turn with the magnet on `v` (default order, no promotion).
fn plain(v: Vertex) -> Action {
    Action::Turn(Turn {
        magnet: v,
        order: None,
        promote: VertexList::new(),
    })
}

/// The game after a quick turn of `seat`: the best by material of a few
/// random magnet vertices, or a win at once if one is seen.
fn quick_turn(game: &Magnet, seat: Seat, rng: &mut Fast) -> Option<Magnet> {
    let me = Color::from_seat(seat)?;
    let before = material(game, me.other());
    let mut best: Option<(f32, Magnet)> = None;
    for _ in 0..TRIES {
        let v = Vertex::from_index(rng.below(magnet::VERTICES))?;
        let mut after = game.clone();
        if after.apply(seat, &plain(v), Millis(0)).is_err() {
            continue;
        }
        let gain = match after.outcome() {
            Some(Outcome::Win { winners, .. }) if winners.contains(seat) => return Some(after),
            Some(_) => -100.0,
            None => before - material(&after, me.other()) - (material(game, me) - material(&after, me)),
        };
        if best.as_ref().is_none_or(|(b, _)| gain > *b) {
            best = Some((gain, after));
        }
    }
    best.map(|(_, g)| g)
}

/// What a piece is worth beyond its rank.
fn worth(kind: Kind) -> f32 {
    match kind {
        Kind::King => 0.0,
        Kind::Two => 2.0,
        Kind::TrapTwo => 2.5,
        Kind::Three => 3.0,
        Kind::TrapThree => 3.5,
        Kind::Four => 4.0,
    }
}

/// `color`'s material on the board.
fn material(game: &Magnet, color: Color) -> f32 {
    game.position()
        .pieces(color)
        .map(|(_, p)| worth(p.kind) + 0.5 * f32::from(p.rank))
        .sum()
}

/// Whether `color`'s King could be taken by the side to move now: some
/// magnet vertex on a line through the King brings an enemy piece onto
/// it (tried with the default order only).
fn king_exposed(game: &Magnet, color: Color) -> bool {
    let Some(king) = game.position().king(color) else {
        return false;
    };
    let mover = color.other().seat();
    let mut vertices = vec![king];
    for dir in HexDir::ALL {
        let mut h = king.hex();
        loop {
            h = h.step(dir);
            let Some(v) = Vertex::from_hex(h) else {
                break;
            };
            vertices.push(v);
        }
    }
    vertices.into_iter().any(|v| {
        let mut after = game.clone();
        after.apply(mover, &plain(v), Millis(0)).is_ok()
            && matches!(after.outcome(), Some(Outcome::Win { winners, .. }) if winners.contains(mover))
    })
}

/// Each side's chance from material, the Kings' distance to the centre,
/// and whether the side to move could take the enemy King at once.
fn value(game: &Magnet) -> Values {
    let pos = game.position();
    let mover = pos.side();
    let enemy_king = pos.king(mover.other());
    let x = if king_exposed(game, mover.other()) {
        None
    } else if enemy_king == Some(Vertex::CENTRE) {
        // The enemy King holds the centre and cannot be taken: it wins
        // when this turn is over.
        Some(if mover == Color::Red { -100.0 } else { 100.0 })
    } else {
        let centre = |c: Color| {
            pos.king(c)
                .map_or(0.0, |k| f32::from(k.hex().distance(Vertex::CENTRE.hex())))
        };
        Some(
            material(game, Color::Red)
                - material(game, Color::Blue)
                - 0.4 * (centre(Color::Red) - centre(Color::Blue)),
        )
    };
    let red = match x {
        None if mover == Color::Red => 1.0,
        None => 0.0,
        Some(x) => mcts::squash(x, SCALE),
    };
    let mut v = [0.5; MAX_SEATS];
    v[0] = red;
    v[1] = 1.0 - red;
    v
}
