//! The turns of the side to move: every distinct outcome for the referee
//! (`legal_actions`), and the turns offered to the mover, computed from its
//! own knowledge (`offers`).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;

use super::action::{Action, Turn, VertexList};
use super::board::{Board, Color, Piece, VERTICES, Vertex};
use super::checks::DEFAULT_ORDER;
use super::state::Magnet;
use super::turn::{Affected, MAX_AFFECTED, Plan, affected, outcomes, plan};
use crate::game::Offer;

/// Calls `f` with every permutation of `items[k..]` (after `items[..k]`),
/// in the order of swapping each later item to the front in turn, until
/// `f` breaks.
fn visit_permutations(
    items: &mut [u8],
    k: usize,
    f: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == items.len() {
        return f(items);
    }
    for i in k..items.len() {
        items.swap(k, i);
        let flow = visit_permutations(items, k + 1, f);
        items.swap(k, i);
        flow?;
    }
    ControlFlow::Continue(())
}

/// A fast, deterministic hasher for sets of boards (no per-process random
/// keys: the rules use no global randomness).
#[derive(Default)]
struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 =
                (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type BoardSet = HashSet<[u8; VERTICES], BuildHasherDefault<BoardHasher>>;

/// Each vertex `color` may put the magnet on, with the pieces it affects
/// there (vertices that affect none are left out).
fn magnets(board: &Board, color: Color) -> impl Iterator<Item = (Vertex, Affected)> + '_ {
    Vertex::all().filter_map(move |m| {
        let aff = affected(board, color, m);
        (!aff.is_empty()).then_some((m, aff))
    })
}

/// The offer of the turn with magnet `m` and `order` of the affected
/// pieces `aff`, planned as `planned`: the order is written out when the
/// opening has a choice of piece or, later, when it is not the default
/// one; the extras (if asked for) are every promotion the judge accepts:
/// the pieces that move in the foreseen turn, and those kept off M only by
/// an earlier piece of the order (named by their foreseen end, their
/// start), below their value.
fn offer(
    board: &Board,
    m: Vertex,
    aff: &Affected,
    order: &[u8],
    planned: &Plan,
    opening: bool,
    with_extras: bool,
) -> Offer<Action> {
    let identity = order.iter().enumerate().all(|(i, &j)| usize::from(j) == i);
    let listed = if opening { aff.len() > 1 } else { !identity };
    let order_list = listed.then(|| {
        let froms: Vec<Vertex> = order.iter().map(|&i| aff.get(usize::from(i)).from).collect();
        VertexList::from_slice(&froms).expect("at most six pieces")
    });
    let extras = if with_extras {
        let mut extras: Vec<Vertex> = order
            .iter()
            .filter(|&&i| planned.may_move & (1 << i) != 0)
            .filter(|&&i| {
                board
                    .at(aff.get(usize::from(i)).from)
                    .is_some_and(Piece::can_promote)
            })
            .filter_map(|&i| planned.ends[usize::from(i)])
            .collect();
        extras.sort_by_key(|v| v.label_order());
        extras.iter().map(ToString::to_string).collect()
    } else {
        Vec::new()
    };
    Offer {
        action: Action::Turn(Turn {
            magnet: m,
            order: order_list,
            promote: VertexList::new(),
        }),
        extras,
    }
}

impl Magnet {
    /// Every distinct outcome of the side to move's turn, one action each.
    /// The turns offered to the side to move, from its own knowledge only:
    /// a piece's path depends on the magnet, the order and the mover's own
    /// pieces (enemy pieces never block), so the mover can foresee where
    /// each piece ends unless a hidden trap or King interferes. One offer
    /// per magnet vertex and distinct foreseen ending (the first order that
    /// reaches it), with the promotions the player may add: the foreseen
    /// final vertex of every piece of the order that may change position
    /// and may still gain a rank — exactly those `check_turn` accepts.
    /// Unlike [`Game::legal_actions`], which tells apart outcomes that
    /// differ only because of hidden pieces, this list reveals nothing.
    ///
    /// The foreseen ends depend on the order only through which piece able
    /// to reach the magnet's vertex comes first (it enters the vertex, the
    /// others stop next to it), so there are at most as many as such
    /// pieces (one if there are none, or if a piece of the mover already
    /// holds the vertex): the orders are visited lazily and no more once
    /// that many endings have been met.
    pub(super) fn offered_turns(&self) -> Vec<Offer<Action>> {
        self.offered(true)
    }

    /// The offered turns without their promotions (the extras left
    /// empty): what judging their risks needs.
    pub(super) fn offered_actions(&self) -> Vec<Action> {
        self.offered(false)
            .into_iter()
            .map(|offer| offer.action)
            .collect()
    }

    /// [`Magnet::offered_turns`], with the extras worked out or not.
    fn offered(&self, with_extras: bool) -> Vec<Offer<Action>> {
        let pos = &self.position;
        let color = pos.side();
        let opening = pos.is_opening();
        let mut out = Vec::new();
        for (m, aff) in magnets(&pos.board, color) {
            let n = aff.len() as u8;
            let reaching = aff.iter().filter(|ray| ray.rank >= ray.dist).count();
            let held = pos.board.at(m).is_some_and(|p| p.color == color);
            let endings = if held { 1 } else { reaching.max(1) };
            // Every ending met, offered or not (a turn that moves nothing).
            let mut met: Vec<[Option<Vertex>; MAX_AFFECTED]> = Vec::new();
            let mut visit = |order: &[u8]| {
                let planned = plan(&pos.board, color, m, &aff, order);
                let moved = |i: u8| planned.moves & (1 << i) != 0;
                if opening {
                    // The opening's chosen piece must move; its orders are
                    // one piece each, all visited.
                    if !moved(order[0]) || met.contains(&planned.ends) {
                        return ControlFlow::Continue(());
                    }
                    met.push(planned.ends);
                } else {
                    if met.contains(&planned.ends) {
                        return ControlFlow::Continue(());
                    }
                    met.push(planned.ends);
                    // Every turn must move a piece.
                    if planned.moves == 0 {
                        return if met.len() == endings {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        };
                    }
                }
                out.push(offer(&pos.board, m, &aff, order, &planned, opening, with_extras));
                if !opening && met.len() == endings {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            if opening {
                for i in 0..n {
                    let _ = visit(&[i]);
                }
            } else {
                let mut items = [0, 1, 2, 3, 4, 5];
                let _ = visit_permutations(&mut items[..usize::from(n)], 0, &mut visit);
            }
        }
        out
    }

    pub(super) fn turns(&self) -> Vec<Action> {
        let pos = &self.position;
        let color = pos.side();
        let opening = pos.is_opening();
        let mut seen = BoardSet::default();
        let mut out = Vec::new();
        for (m, aff) in magnets(&pos.board, color) {
            if !opening && plan(&pos.board, color, m, &aff, &DEFAULT_ORDER[..aff.len()]).moves == 0 {
                continue;
            }
            for leaf in outcomes(&pos.board, color, m, &aff, opening) {
                let order = leaf.order();
                let planned = plan(&pos.board, color, m, &aff, order);
                let identity = order.iter().enumerate().all(|(i, &j)| usize::from(j) == i);
                let order_list = if opening {
                    (aff.len() > 1).then(|| {
                        VertexList::from_slice(&[aff.get(usize::from(order[0])).from]).expect("one vertex")
                    })
                } else if identity {
                    None
                } else {
                    let froms: Vec<Vertex> = order.iter().map(|&i| aff.get(usize::from(i)).from).collect();
                    Some(VertexList::from_slice(&froms).expect("at most six pieces"))
                };
                // Pieces that moved, survived and may still gain a rank.
                let mut promotable: Vec<(Vertex, Vertex)> = Vec::new();
                if leaf.event.is_none() {
                    for &i in order {
                        let i = usize::from(i);
                        if let Some(end) = leaf.ends[i].filter(|&e| e != aff.get(i).from)
                            && leaf.board.at(end).is_some_and(Piece::can_promote)
                        {
                            let named = planned.ends[i].expect("a planned end");
                            promotable.push((end, named));
                        }
                    }
                }
                promotable.sort_by_key(|(_, named)| named.label_order());
                for mask in 0u32..(1 << promotable.len()) {
                    let mut board: Board = leaf.board;
                    let mut promote = VertexList::new();
                    for (bit, &(end, named)) in promotable.iter().enumerate() {
                        if mask & (1 << bit) != 0 {
                            board.promote(end);
                            promote.push(named);
                        }
                    }
                    if seen.insert(*board.cells()) {
                        out.push(Action::Turn(Turn {
                            magnet: m,
                            order: order_list,
                            promote,
                        }));
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::game::{Game, Millis};
    use crate::magnet::{Color, Options, Setup};

    /// The offers as they were first written, kept as the oracle: every
    /// order of the affected pieces planned, the first order of each
    /// foreseen ending offered.
    fn offered_turns_by_every_order(game: &Magnet) -> Vec<Offer<Action>> {
        fn permutations(items: &mut Vec<u8>, k: usize, out: &mut Vec<Vec<u8>>) {
            if k == items.len() {
                out.push(items.clone());
                return;
            }
            for i in k..items.len() {
                items.swap(k, i);
                permutations(items, k + 1, out);
                items.swap(k, i);
            }
        }
        let pos = &game.position;
        let color = pos.side();
        let opening = pos.is_opening();
        let mut out = Vec::new();
        for (m, aff) in magnets(&pos.board, color) {
            let n = aff.len() as u8;
            let mut orders: Vec<Vec<u8>> = Vec::new();
            if opening {
                orders.extend((0..n).map(|i| vec![i]));
            } else {
                permutations(&mut (0..n).collect(), 0, &mut orders);
            }
            let mut seen: Vec<[Option<Vertex>; MAX_AFFECTED]> = Vec::new();
            for order in &orders {
                let planned = plan(&pos.board, color, m, &aff, order);
                let moved = |i: u8| planned.moves & (1 << i) != 0;
                if planned.moves == 0 || (opening && !moved(order[0])) {
                    continue;
                }
                if seen.contains(&planned.ends) {
                    continue;
                }
                seen.push(planned.ends);
                out.push(offer(&pos.board, m, &aff, order, &planned, opening, true));
            }
        }
        out
    }

    /// The lazy offers (orders visited until every possible ending is met)
    /// are the very offers of planning every order, in the same order, at
    /// every turn of many random games (random and chosen setups' openings
    /// included).
    #[test]
    fn offers_equal_planning_every_order() {
        let mut turns = 0;
        for seed in 0..60u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = Magnet::new(Options::default());
            for color in Color::BOTH {
                let setup = Action::Setup(Setup::random(color, &mut rng));
                game.apply(color.seat(), &setup, Millis(0)).unwrap();
            }
            for _ in 0..150 {
                let Some(seat) = game.to_act().first_seat() else {
                    break;
                };
                let offers = game.offered_turns();
                assert_eq!(offers, offered_turns_by_every_order(&game), "seed {seed}");
                let actions: Vec<Action> = offers.iter().map(|o| o.action).collect();
                assert_eq!(game.offered_actions(), actions);
                turns += 1;
                let offer = &offers[rng.random_range(0..offers.len())];
                game.apply(seat, &offer.action, Millis(0)).unwrap();
            }
        }
        assert!(turns > 3000, "{turns} turns");
    }
}
