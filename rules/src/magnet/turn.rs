//! The mechanics of a Magnet turn: which pieces a magnet affects, how one
//! piece moves, captures and meets a trap, the plan its owner can foresee,
//! and the search for every distinct outcome of a magnet placement.

use super::board::{Board, Color, Kind, Piece, Vertex, ascending, opposite};

/// The most pieces one magnet can affect: one per ray.
pub(super) const MAX_AFFECTED: usize = 6;

/// An affected piece: the closest piece of the mover on one ray from the
/// magnet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ray {
    /// Where the piece stands.
    pub from: Vertex,
    /// The direction (index into `HexDir::ALL`) from the piece toward the
    /// magnet.
    pub toward: usize,
    /// Steps from the piece to the magnet.
    pub dist: u8,
    pub rank: u8,
}

/// The pieces a magnet affects, in the default order (by the direction of
/// their ray from the magnet).
#[derive(Clone, Copy, Debug)]
pub(super) struct Affected {
    rays: [Option<Ray>; MAX_AFFECTED],
    len: usize,
}

impl Affected {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Ray {
        self.rays[i].expect("an affected piece")
    }

    pub fn iter(&self) -> impl Iterator<Item = Ray> + '_ {
        self.rays[..self.len]
            .iter()
            .map(|r| r.expect("an affected piece"))
    }

    /// The index of the piece standing on `v`.
    pub fn position(&self, v: Vertex) -> Option<usize> {
        self.iter().position(|r| r.from == v)
    }
}

/// The closest piece of `color` on each of the six rays from `m` (the
/// magnet's own vertex excluded; other pieces do not block).
pub(super) fn affected(board: &Board, color: Color, m: Vertex) -> Affected {
    let own = board.occupied(color);
    let mut out = Affected {
        rays: [None; MAX_AFFECTED],
        len: 0,
    };
    for d in 0..6 {
        let mask = m.ray(d) & own;
        if mask == 0 {
            continue;
        }
        let index = if ascending(d) {
            mask.trailing_zeros()
        } else {
            127 - mask.leading_zeros()
        };
        let from = Vertex::from_index(index as usize).expect("a vertex bit");
        let piece = board.at(from).expect("an own piece");
        out.rays[out.len] = Some(Ray {
            from,
            toward: opposite(d),
            dist: from.hex().distance(m.hex()),
            rank: piece.rank,
        });
        out.len += 1;
    }
    out
}

/// A turn as its mover can foresee it, treating every enemy piece as an
/// ordinary one (no trap, no King): where each listed piece ends.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// Where each affected piece ends (its start if it is not in the order
    /// or does not move).
    pub ends: [Option<Vertex>; MAX_AFFECTED],
    /// Bit i: piece i changes position in the plan.
    pub moves: u8,
    /// Bit i: piece i might change position, whatever the enemy's hidden
    /// pieces turn out to be. Besides the pieces that move in the plan, a
    /// piece that could reach the magnet but is kept off it by an earlier
    /// piece of the order may move after all if a trap removes that piece.
    pub may_move: u8,
}

/// The plan of `order` (indices into `aff`).
pub(super) fn plan(board: &Board, color: Color, m: Vertex, aff: &Affected, order: &[u8]) -> Plan {
    let mut out = Plan {
        ends: [None; MAX_AFFECTED],
        moves: 0,
        may_move: 0,
    };
    for (i, ray) in aff.iter().enumerate() {
        out.ends[i] = Some(ray.from);
    }
    let held_at_start = board.at(m).is_some_and(|p| p.color == color);
    let mut held = held_at_start;
    for &i in order {
        let i = usize::from(i);
        let ray = aff.get(i);
        let reaches = ray.rank >= ray.dist;
        let steps = if reaches && !held {
            held = true;
            ray.dist
        } else if reaches {
            ray.dist - 1
        } else {
            ray.rank
        };
        out.ends[i] = Some(walk(ray.from, ray.toward, steps));
        if steps > 0 {
            out.moves |= 1 << i;
        }
        if steps > 0 || (reaches && !held_at_start) {
            out.may_move |= 1 << i;
        }
    }
    out
}

fn walk(mut v: Vertex, dir: usize, steps: u8) -> Vertex {
    for _ in 0..steps {
        v = v
            .step(dir)
            .expect("a piece walks toward the magnet, on the board");
    }
    v
}

/// A moment that ends the game at once, in the middle of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum KingEvent {
    /// The moving piece captured the enemy King: the mover wins.
    Captured,
    /// The mover's King captured a trap and was removed: the mover loses.
    Lost,
}

/// What happened when one piece moved.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Moved {
    /// Where it ended; `None` if a trap destroyed it.
    pub end: Option<Vertex>,
    pub event: Option<KingEvent>,
    /// The enemy pieces it captured, in path order.
    pub captured: [Option<Kind>; 4],
    /// The piece itself, if a trap destroyed it.
    pub destroyed: Option<Kind>,
    /// How many vertices it stepped (where a trap destroyed it, too).
    pub steps: u8,
}

/// Moves the affected piece `ray` of `color` toward the magnet on `m`, for
/// real: steps up to its rank, stops on entering `m` or before a piece of
/// its own, captures every enemy piece it enters, stops at once on the
/// enemy King, and is removed after its path if it captured a trap.
pub(super) fn run(board: &mut Board, color: Color, m: Vertex, ray: Ray) -> Moved {
    let mut out = Moved::default();
    let mut pos = ray.from;
    let mut trapped = false;
    let mut captures = 0;
    for _ in 0..ray.rank {
        let next = pos
            .step(ray.toward)
            .expect("a piece walks toward the magnet, on the board");
        if board.at(next).is_some_and(|p| p.color == color) {
            break;
        }
        let piece = board.take(pos).expect("the moving piece");
        let victim = board.take(next);
        board.put(next, piece);
        pos = next;
        out.steps += 1;
        if let Some(victim) = victim {
            out.captured[captures] = Some(victim.kind);
            captures += 1;
            if victim.kind == Kind::King {
                out.end = Some(pos);
                out.event = Some(KingEvent::Captured);
                return out;
            }
            trapped |= victim.kind.is_trap();
        }
        if next == m {
            break;
        }
    }
    if trapped {
        let piece: Piece = board.take(pos).expect("the moving piece");
        out.destroyed = Some(piece.kind);
        if piece.kind == Kind::King {
            out.event = Some(KingEvent::Lost);
        }
    } else {
        out.end = Some(pos);
    }
    out
}

/// One distinct result of moving the affected pieces of a magnet.
#[derive(Clone, Debug)]
pub(super) struct Leaf {
    pub board: Board,
    /// The order (indices into the affected pieces) that reaches this
    /// result first in lexicographic order: every affected piece, or only
    /// the one moved on Red's opening turn.
    pub order: [u8; MAX_AFFECTED],
    pub len: usize,
    /// Where each affected piece ended; `None` if a trap destroyed it.
    pub ends: [Option<Vertex>; MAX_AFFECTED],
    pub event: Option<KingEvent>,
}

impl Leaf {
    pub fn order(&self) -> &[u8] {
        &self.order[..self.len]
    }
}

/// Every distinct result of a magnet on `m` (which must move some piece),
/// each with the lexicographically first order that gives it.
///
/// On the opening turn each piece that can move gives one result. Otherwise
/// the orders are searched one position of the order at a time; two
/// prefixes that moved the same pieces to the same board are merged (the
/// rest of the turn cannot tell them apart), so pieces that do not interact
/// cost one branch instead of all their permutations.
pub(super) fn outcomes(board: &Board, color: Color, m: Vertex, aff: &Affected, opening: bool) -> Vec<Leaf> {
    let k = aff.len();
    let mut root = Leaf {
        board: *board,
        order: [0; MAX_AFFECTED],
        len: 0,
        ends: [None; MAX_AFFECTED],
        event: None,
    };
    for (i, ray) in aff.iter().enumerate() {
        root.ends[i] = Some(ray.from);
    }
    let step = |node: &Leaf, i: usize| {
        let mut child = node.clone();
        let moved = run(&mut child.board, color, m, aff.get(i));
        child.ends[i] = moved.end;
        child.event = moved.event;
        child.order[child.len] = i as u8;
        child.len += 1;
        child
    };
    if opening {
        return (0..k)
            .map(|i| step(&root, i))
            .filter(|leaf| leaf.ends[leaf.order[0] as usize] != Some(aff.get(leaf.order[0] as usize).from))
            .collect();
    }
    let mut leaves = Vec::new();
    let mut frontier = vec![(root, 0u8)];
    for _ in 0..k {
        let mut next: Vec<(Leaf, u8)> = Vec::with_capacity(frontier.len() * 2);
        for (node, done) in &frontier {
            for i in (0..k).filter(|i| done & (1 << i) == 0) {
                let mut child = step(node, i);
                let done = done | (1 << i);
                if child.event.is_some() {
                    // The turn stops here; the rest of the order is moot.
                    for j in (0..k).filter(|j| done & (1 << j) == 0) {
                        child.order[child.len] = j as u8;
                        child.len += 1;
                    }
                    leaves.push(child);
                } else if !next.iter().any(|(n, d)| *d == done && n.board == child.board) {
                    next.push((child, done));
                }
            }
        }
        frontier = next;
    }
    leaves.extend(frontier.into_iter().map(|(leaf, _)| leaf));
    leaves.sort_by(|a, b| a.order().cmp(b.order()));
    leaves
}
