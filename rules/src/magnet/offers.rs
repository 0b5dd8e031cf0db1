//! The turns of the side to move: every distinct outcome for the referee
//! (`legal_actions`), and the turns offered to the mover, computed from its
//! own knowledge (`offers`).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::action::{Action, Turn, VertexList};
use super::board::{Board, Piece, VERTICES, Vertex};
use super::checks::DEFAULT_ORDER;
use super::state::Magnet;
use super::turn::{MAX_AFFECTED, affected, outcomes, plan};
use crate::game::Offer;

/// Appends every permutation of `items[k..]` (after `items[..k]`) to `out`.
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
    pub(super) fn offered_turns(&self) -> Vec<Offer<Action>> {
        let pos = &self.position;
        let color = pos.side();
        let opening = pos.is_opening();
        let mut out = Vec::new();
        let mut orders: Vec<Vec<u8>> = Vec::new();
        for m in Vertex::all() {
            let aff = affected(&pos.board, color, m);
            if aff.is_empty() {
                continue;
            }
            let n = aff.len() as u8;
            orders.clear();
            if opening {
                orders.extend((0..n).map(|i| vec![i]));
            } else {
                permutations(&mut (0..n).collect(), 0, &mut orders);
            }
            let mut seen: Vec<[Option<Vertex>; MAX_AFFECTED]> = Vec::new();
            for order in &orders {
                let planned = plan(&pos.board, color, m, &aff, order);
                let moved = |i: u8| planned.moves & (1 << i) != 0;
                // Every turn must move a piece; the opening's chosen one.
                if planned.moves == 0 || (opening && !moved(order[0])) {
                    continue;
                }
                if seen.contains(&planned.ends) {
                    continue;
                }
                seen.push(planned.ends);
                let identity = order.iter().enumerate().all(|(i, &j)| usize::from(j) == i);
                let listed = if opening { n > 1 } else { !identity };
                let order_list = listed.then(|| {
                    let froms: Vec<Vertex> = order.iter().map(|&i| aff.get(usize::from(i)).from).collect();
                    VertexList::from_slice(&froms).expect("at most six pieces")
                });
                // Every promotion the judge accepts: the pieces that move in
                // the foreseen turn, and those kept off M only by an earlier
                // piece of the order (named by their foreseen end, their
                // start), below their value.
                let mut extras: Vec<Vertex> = order
                    .iter()
                    .filter(|&&i| planned.may_move & (1 << i) != 0)
                    .filter(|&&i| {
                        pos.board
                            .at(aff.get(usize::from(i)).from)
                            .is_some_and(Piece::can_promote)
                    })
                    .filter_map(|&i| planned.ends[usize::from(i)])
                    .collect();
                extras.sort_by_key(|v| v.label_order());
                out.push(Offer {
                    action: Action::Turn(Turn {
                        magnet: m,
                        order: order_list,
                        promote: VertexList::new(),
                    }),
                    extras: extras.iter().map(ToString::to_string).collect(),
                });
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
        for m in Vertex::all() {
            let aff = affected(&pos.board, color, m);
            if aff.is_empty() {
                continue;
            }
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
