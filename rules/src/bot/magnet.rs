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
/// How much of its best capture the side to move is counted as having.
const CASH: f32 = 0.7;
/// Progressive widening: a node visited `n` times tries `WIDEN·√n` actions.
const WIDEN: f32 = 1.0;

pub(super) fn choose(situation: &Situation, think: &Think<'_>, rng: &mut Fast) -> Option<String> {
    let guesser = Guesser::new(situation.position(), situation.seat())?;
    let mut model = Search {
        options: situation.options().to_vec(),
        guesser,
        playout: PLAYOUT,
        order: Fast::new(rng.next()),
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

/// A setup for a seat that has not set up: dealt at random, or for the
/// searching levels arranged (`arranged`).
pub(super) fn compose_setup(situation: &Situation, search: bool, rng: &mut Fast) -> Option<String> {
    if !situation.position().ends_with("setup") {
        return None;
    }
    let color = Color::from_seat(situation.seat())?;
    // Only a side that has not set up yet shows as `-`.
    let section = situation.position().split(" | ").nth(color.index())?;
    if section.trim() != "-" {
        return None;
    }
    let setup = if search {
        arranged(color, rng)
    } else {
        Setup::random(color, rng)
    };
    Some(Action::Setup(setup).to_string())
}

/// A setup with the King on a start vertex as far as can be from the
/// enemy's (the vertices next to an empty corner the enemy borders are the
/// easiest to reach), the two traps on the start vertices nearest to it
/// (an enemy piece that takes a guard next to the King dies), the rest at
/// random.
fn arranged(color: Color, rng: &mut Fast) -> Setup {
    let starts = magnet::start_vertices(color);
    let enemy = magnet::start_vertices(color.other());
    let away = |v: Vertex| enemy.iter().map(|e| v.hex().distance(e.hex())).min().unwrap_or(0);
    let far = starts.iter().map(|&v| away(v)).max().unwrap_or(0);
    let homes: Vec<usize> = (0..12).filter(|&i| away(starts[i]) == far).collect();
    let king = homes[rng.below(homes.len())];
    let mut near: Vec<usize> = (0..12).filter(|&i| i != king).collect();
    rng.shuffle(&mut near);
    near.sort_by_key(|&i| starts[i].hex().distance(starts[king].hex()));
    let mut kinds = [Kind::Two; 12];
    kinds[king] = Kind::King;
    kinds[near[0]] = Kind::TrapTwo;
    kinds[near[1]] = Kind::TrapThree;
    let mut rest: Vec<Kind> = magnet::MATERIAL
        .into_iter()
        .filter(|k| !matches!(k, Kind::King | Kind::TrapTwo | Kind::TrapThree))
        .collect();
    rng.shuffle(&mut rest);
    for (&i, kind) in near[2..].iter().zip(rest) {
        kinds[i] = kind;
    }
    Setup::new(color, kinds)
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
    /// Breaks ties between equally promising actions.
    order: Fast,
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
    const WIDEN: Option<f32> = Some(WIDEN);

    fn world(&mut self, rng: &mut Fast) -> Magnet {
        // A guess always exists (the one `choose` started from); retry
        // the rare draw that paints itself into a corner.
        loop {
            if let Some(g) = self.guess(rng) {
                return g;
            }
        }
    }

    /// The side to move, and every piece's vertex, colour and rank, with
    /// the kinds of `seat`'s own pieces, mixed into 64 bits.
    fn knowledge(&self, game: &Magnet, seat: Seat) -> u64 {
        let pos = game.position();
        let mix = |h: u64, x: u64| (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        let mut h = mix(pos.side() as u64, u64::from(pos.is_opening()));
        for color in Color::BOTH {
            for (v, p) in pos.pieces(color) {
                let kind = if color.seat() == seat {
                    p.kind as u64 + 1
                } else {
                    0
                };
                h = mix(
                    h,
                    v.index() as u64 | (color as u64) << 8 | u64::from(p.rank) << 9 | kind << 12,
                );
            }
        }
        h
    }

    /// The seat's offers, each with every promotion, the most promising
    /// first (by [`pull_gain`] of its magnet vertex; ties in random
    /// order).
    fn actions(&mut self, game: &Magnet, seat: Seat) -> Vec<Action> {
        let Some(me) = Color::from_seat(seat) else {
            return Vec::new();
        };
        let mut gains = [f32::NAN; magnet::VERTICES];
        let mut scored: Vec<(f32, u64, Action)> = game
            .offers(seat)
            .into_iter()
            .filter_map(|offer| match offer.action {
                Action::Turn(turn) => {
                    let promote: Vec<Vertex> = offer.extras.iter().filter_map(|e| e.parse().ok()).collect();
                    let gain = &mut gains[turn.magnet.index()];
                    if gain.is_nan() {
                        *gain = pull_gain(game, me, turn.magnet);
                    }
                    let action = Action::Turn(Turn {
                        promote: VertexList::from_slice(&promote)?,
                        ..turn
                    });
                    Some((*gain, self.order.next(), action))
                }
                Action::Setup(_) => None,
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().map(|(_, _, a)| a).collect()
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

/// Roughly what `mover` takes with the magnet on `m`: along each line
/// from `m`, its closest piece is pulled up to its rank toward `m`,
/// taking the enemy pieces it enters (a King: a win, worth 100; a trap
/// costs the piece). Pieces are taken as if each moved alone.
fn pull_gain(game: &Magnet, mover: Color, m: Vertex) -> f32 {
    let pos = game.position();
    let mut gain = 0.0;
    for dir in HexDir::ALL {
        // The closest piece of the mover on this line, and the vertices
        // between the magnet and it (a line holds at most ten).
        let mut path = [m; 11];
        let mut len = 1;
        let mut h = m.hex();
        let piece = loop {
            h = h.step(dir);
            let Some(v) = Vertex::from_hex(h) else {
                break None;
            };
            match pos.at(v) {
                Some(p) if p.color == mover => break Some(p),
                _ => {
                    path[len] = v;
                    len += 1;
                }
            }
        };
        let Some(piece) = piece else {
            continue;
        };
        // The piece walks back along the path to `m` itself.
        for &v in path[..len].iter().rev().take(usize::from(piece.rank)) {
            match pos.at(v) {
                Some(q) if q.color == mover => break,
                Some(q) if q.kind == Kind::King => {
                    gain += 100.0;
                    break;
                }
                Some(q) => {
                    gain += worth(q.kind) + 0.5 * f32::from(q.rank);
                    if q.kind.is_trap() {
                        gain -= worth(piece.kind) + 0.5 * f32::from(piece.rank);
                        break;
                    }
                }
                None => {}
            }
        }
    }
    gain
}

/// What `mover` could take with one piece at once: whether the enemy
/// King, and otherwise the most material. A piece of rank `r` is pulled at
/// most `r` steps along a line, through enemy pieces (taking each) and up
/// to the first of its own; the magnet on the last vertex it enters makes
/// it stop there. A trap taken costs the piece itself (and a King that
/// takes a trap before the enemy King loses). Read straight from the
/// board, without playing the turns (other pieces the magnet moves are
/// left out).
fn threats(game: &Magnet, mover: Color) -> (bool, f32) {
    let pos = game.position();
    let mut best = 0.0f32;
    for (v, piece) in pos.pieces(mover) {
        for dir in HexDir::ALL {
            let mut h = v.hex();
            let mut gain = 0.0;
            let mut trapped = false;
            for _ in 0..piece.rank {
                h = h.step(dir);
                let Some(w) = Vertex::from_hex(h) else {
                    break;
                };
                match pos.at(w) {
                    Some(q) if q.color == mover => break,
                    Some(q) if q.kind == Kind::King => {
                        if !(trapped && piece.kind == Kind::King) {
                            return (true, 0.0);
                        }
                        break;
                    }
                    Some(q) => {
                        gain += worth(q.kind) + 0.5 * f32::from(q.rank);
                        if q.kind.is_trap() && !trapped {
                            trapped = true;
                            gain -= worth(piece.kind) + 0.5 * f32::from(piece.rank);
                        }
                        if !(trapped && piece.kind == Kind::King) {
                            best = best.max(gain);
                        }
                    }
                    None => {}
                }
            }
        }
    }
    (false, best)
}

/// Each side's chance from material, the Kings' distance to the centre,
/// and whether the side to move could take the enemy King at once.
fn value(game: &Magnet) -> Values {
    let pos = game.position();
    let mover = pos.side();
    let enemy_king = pos.king(mover.other());
    let (king, gain) = threats(game, mover);
    let x = if king {
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
        // The side to move will most likely cash in its best capture.
        let cash = if mover == Color::Red {
            CASH * gain
        } else {
            -CASH * gain
        };
        Some(
            material(game, Color::Red)
                - material(game, Color::Blue)
                - 0.4 * (centre(Color::Red) - centre(Color::Blue))
                + cash,
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
