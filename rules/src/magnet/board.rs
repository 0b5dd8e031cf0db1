//! Magnet's board and material: the 91 vertices (a side-6 hexagon on a
//! triangular lattice) with their neighbour and ray tables, the sides, the
//! six kinds of piece, and [`Position`]: pieces on the board, removed
//! pieces, whose setup is in, the side to move.

use std::fmt;

use crate::geometry::hex::{Hex, HexDir};

/// How many vertices the board has.
pub const VERTICES: usize = 91;

/// Vertices at most this far from the centre are on the board.
const RADIUS: i8 = 5;

/// A vertex of the board, by its dense index `0..91` (rows from the bottom,
/// r = −5 first, each row left to right): the order of
/// [`HexBoard::hexagon(5)`](crate::geometry::hex::HexBoard::hexagon).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vertex(u8);

impl Vertex {
    /// The centre, `F6`.
    pub const CENTRE: Vertex = Vertex(45);

    /// The vertex with dense index `index`, if there is one.
    pub const fn from_index(index: usize) -> Option<Vertex> {
        if index < VERTICES {
            Some(Vertex(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The vertex at axial `hex`, if it is on the board.
    pub fn from_hex(hex: Hex) -> Option<Vertex> {
        if !on_board(hex.q, hex.r) {
            return None;
        }
        let i = TABLES.index[(hex.q + RADIUS) as usize][(hex.r + RADIUS) as usize];
        Some(Vertex(i))
    }

    /// The axial coordinates of the vertex.
    pub fn hex(self) -> Hex {
        TABLES.hex[self.index()]
    }

    /// Every vertex, in index order.
    pub fn all() -> impl Iterator<Item = Vertex> {
        (0..VERTICES as u8).map(Vertex)
    }

    /// The sort key of the vertex's label: column, then row (`A1` < `A2` <
    /// `B1`). Lists of vertices are printed in this order.
    pub fn label_order(self) -> (i8, i8) {
        let h = self.hex();
        (h.q, h.r)
    }

    /// The neighbour in direction `dir` (an index into [`HexDir::ALL`]).
    pub(super) fn step(self, dir: usize) -> Option<Vertex> {
        let n = TABLES.neighbour[self.index()][dir];
        (n != NONE).then_some(Vertex(n))
    }

    /// The vertices from `self` (excluded) to the edge in direction `dir`,
    /// as a bit set.
    pub(super) fn ray(self, dir: usize) -> u128 {
        TABLES.ray[self.index()][dir]
    }

    pub(super) const fn bit(self) -> u128 {
        1 << self.0
    }
}

const NONE: u8 = u8::MAX;

const fn on_board(q: i8, r: i8) -> bool {
    q.abs() <= RADIUS && r.abs() <= RADIUS && (q + r).abs() <= RADIUS
}

/// Precomputed geometry.
struct Tables {
    hex: [Hex; VERTICES],
    /// `index[q + 5][r + 5]`: the dense index, or `NONE`.
    index: [[u8; 11]; 11],
    /// `neighbour[v][d]`: the neighbour of `v` in `HexDir::ALL[d]`, or `NONE`.
    neighbour: [[u8; 6]; VERTICES],
    /// `ray[v][d]`: bit set of the vertices from `v` (excluded) in direction
    /// `d` up to the edge.
    ray: [[u128; 6]; VERTICES],
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        hex: [Hex::ORIGIN; VERTICES],
        index: [[NONE; 11]; 11],
        neighbour: [[NONE; 6]; VERTICES],
        ray: [[0; 6]; VERTICES],
    };
    let mut i = 0;
    let mut r = -RADIUS;
    while r <= RADIUS {
        let mut q = -RADIUS;
        while q <= RADIUS {
            if on_board(q, r) {
                t.hex[i] = Hex::new(q, r);
                t.index[(q + RADIUS) as usize][(r + RADIUS) as usize] = i as u8;
                i += 1;
            }
            q += 1;
        }
        r += 1;
    }
    let mut v = 0;
    while v < VERTICES {
        let mut d = 0;
        while d < 6 {
            let dir = HexDir::ALL[d];
            let h = t.hex[v];
            let (mut q, mut r) = (h.q + dir.dq, h.r + dir.dr);
            if on_board(q, r) {
                t.neighbour[v][d] = t.index[(q + RADIUS) as usize][(r + RADIUS) as usize];
            }
            let mut mask = 0u128;
            while on_board(q, r) {
                mask |= 1 << t.index[(q + RADIUS) as usize][(r + RADIUS) as usize];
                q += dir.dq;
                r += dir.dr;
            }
            t.ray[v][d] = mask;
            d += 1;
        }
        v += 1;
    }
    t
}

static TABLES: Tables = build_tables();

/// Whether walking in direction `d` raises the dense index (so that the
/// nearest vertex of a ray is its lowest bit).
pub(super) const fn ascending(d: usize) -> bool {
    let dir = HexDir::ALL[d];
    dir.dr > 0 || (dir.dr == 0 && dir.dq > 0)
}

/// The index of the direction opposite to `d`.
pub(super) const fn opposite(d: usize) -> usize {
    (d + 3) % 6
}

crate::side::two_sides!(
    /// A side, and the colour of its pieces. Red sets up first in records and
    /// moves first.
    Red = "red",
    Blue = "blue"
);

/// Vertices as a list for messages: `A2, A3, B7`.
pub(super) fn list_labels(vertices: impl Iterator<Item = Vertex>) -> String {
    vertices.map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

/// What a piece is. Its value (the highest rank it may reach) follows from
/// its kind; traps move and promote like the plain piece of their value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Two,
    TrapTwo,
    Three,
    TrapThree,
    Four,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Two,
        Kind::TrapTwo,
        Kind::Three,
        Kind::TrapThree,
        Kind::Four,
    ];

    /// How many pieces of this kind each side has.
    pub const fn count(self) -> u8 {
        match self {
            Kind::King | Kind::TrapTwo | Kind::TrapThree => 1,
            Kind::Two | Kind::Three | Kind::Four => 3,
        }
    }

    /// The highest rank the piece may reach.
    pub const fn value(self) -> u8 {
        match self {
            Kind::King => 1,
            Kind::Two | Kind::TrapTwo => 2,
            Kind::Three | Kind::TrapThree => 3,
            Kind::Four => 4,
        }
    }

    pub const fn is_trap(self) -> bool {
        matches!(self, Kind::TrapTwo | Kind::TrapThree)
    }

    /// How the notation writes the kind: `K`, `2`, `T2`, `3`, `T3`, `4`.
    pub const fn token(self) -> &'static str {
        match self {
            Kind::King => "K",
            Kind::Two => "2",
            Kind::TrapTwo => "T2",
            Kind::Three => "3",
            Kind::TrapThree => "T3",
            Kind::Four => "4",
        }
    }

    /// Reads a token, ignoring case.
    pub fn from_token(text: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.token().eq_ignore_ascii_case(text))
    }

    /// The kind in words, for messages: `King`, `2`, `T2`.
    pub(super) const fn name(self) -> &'static str {
        match self {
            Kind::King => "King",
            _ => self.token(),
        }
    }
}

crate::error::display_as!(Kind, token);

/// The kinds of one side's twelve pieces, sorted (the order setups are
/// generated from).
pub const MATERIAL: [Kind; 12] = [
    Kind::King,
    Kind::Two,
    Kind::Two,
    Kind::Two,
    Kind::TrapTwo,
    Kind::Three,
    Kind::Three,
    Kind::Three,
    Kind::TrapThree,
    Kind::Four,
    Kind::Four,
    Kind::Four,
];

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    /// 1 to the kind's value.
    pub rank: u8,
}

impl Piece {
    /// The piece as one nonzero byte: colour, kind and rank.
    const fn code(self) -> u8 {
        ((self.color as u8) << 6) | ((self.kind as u8) << 3) | self.rank
    }

    const fn decode(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let color = if code >> 6 == 0 { Color::Red } else { Color::Blue };
        let kind = Kind::ALL[((code >> 3) & 7) as usize];
        Some(Piece {
            color,
            kind,
            rank: code & 7,
        })
    }

    /// Whether the piece may still gain a rank.
    pub const fn can_promote(self) -> bool {
        self.rank < self.kind.value()
    }
}

/// The start vertices of `color` in label order (`A2` … `J7` for red,
/// `B1` … `K5` for blue).
pub fn start_vertices(color: Color) -> [Vertex; 12] {
    // Red owns the four inner vertices of three consecutive edges; blue's
    // are their point reflection. Listed here in label order.
    const RED: [(i8, i8); 12] = [
        (-5, 1),
        (-5, 2),
        (-5, 3),
        (-5, 4),
        (-4, 5),
        (-3, 5),
        (-2, 5),
        (-1, 5),
        (1, 4),
        (2, 3),
        (3, 2),
        (4, 1),
    ];
    let mut out = RED.map(|(q, r)| {
        let h = Hex::new(q, r);
        let h = if color == Color::Red { h } else { h.reflected() };
        Vertex::from_hex(h).expect("start vertices are on the board")
    });
    out.sort_by_key(|v| v.label_order());
    out
}

/// The pieces on the board: a byte per vertex and a bit set per colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Board {
    cells: [u8; VERTICES],
    occupied: [u128; 2],
}

impl Board {
    pub(super) const EMPTY: Board = Board {
        cells: [0; VERTICES],
        occupied: [0; 2],
    };

    pub(super) fn at(&self, v: Vertex) -> Option<Piece> {
        Piece::decode(self.cells[v.index()])
    }

    pub(super) fn occupied(&self, color: Color) -> u128 {
        self.occupied[color.index()]
    }

    pub(super) fn put(&mut self, v: Vertex, piece: Piece) {
        debug_assert!(self.cells[v.index()] == 0, "put on an occupied vertex");
        self.cells[v.index()] = piece.code();
        self.occupied[piece.color.index()] |= v.bit();
    }

    pub(super) fn take(&mut self, v: Vertex) -> Option<Piece> {
        let piece = self.at(v)?;
        self.cells[v.index()] = 0;
        self.occupied[piece.color.index()] &= !v.bit();
        Some(piece)
    }

    pub(super) fn promote(&mut self, v: Vertex) {
        let mut piece = self.at(v).expect("a piece to promote");
        piece.rank += 1;
        self.cells[v.index()] = piece.code();
    }

    pub(super) fn cells(&self) -> &[u8; VERTICES] {
        &self.cells
    }

    /// The pieces of `color`, in index order.
    pub(super) fn pieces(&self, color: Color) -> impl Iterator<Item = (Vertex, Piece)> + '_ {
        bits(self.occupied(color)).map(|v| (v, self.at(v).expect("occupied")))
    }

    pub(super) fn count(&self, color: Color) -> u32 {
        self.occupied(color).count_ones()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(Vertex::all().filter_map(|v| self.at(v).map(|p| (v, p))))
            .finish()
    }
}

/// The vertices of a bit set, in index order.
pub(super) fn bits(set: u128) -> impl Iterator<Item = Vertex> {
    crate::geometry::indices(set).map(Vertex)
}

/// Everything that decides future play, and what the views show: the pieces
/// on the board, which removed pieces are public, whose setup is in, the
/// side to move and whether Red's opening turn is still to come.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) board: Board,
    /// Per side, how many removed pieces of each kind are public: captured
    /// ones (and, with `trap-victims=revealed`, those a trap destroyed).
    pub(super) revealed: [[u8; 6]; 2],
    pub(super) set_up: [bool; 2],
    pub(super) side: Color,
    pub(super) opening: bool,
}

/// Why a position cannot exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition(pub String);

/// What a side has off the board, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    /// Removed and public (captured, so revealed).
    pub revealed: [u8; 6],
    /// Removed but still secret (destroyed by a trap).
    pub hidden: [u8; 6],
}

impl Position {
    /// Before the setup: an empty board, red to move first once both sides
    /// have set up.
    pub const fn start() -> Position {
        Position {
            board: Board::EMPTY,
            revealed: [[0; 6]; 2],
            set_up: [false; 2],
            side: Color::Red,
            opening: true,
        }
    }

    /// A position from its parts, checked: vertices distinct, each side's
    /// twelve pieces accounted for, ranks within values, a setup phase
    /// with its pieces at rank 1 on their start vertices.
    pub fn new(
        pieces: &[(Vertex, Piece)],
        revealed: [[u8; 6]; 2],
        hidden: [[u8; 6]; 2],
        set_up: [bool; 2],
        side: Color,
        opening: bool,
    ) -> Result<Position, InvalidPosition> {
        let err = |m: String| Err(InvalidPosition(m));
        let mut board = Board::EMPTY;
        for &(v, piece) in pieces {
            if board.at(v).is_some() {
                return err(format!("{v} holds two pieces"));
            }
            if piece.rank == 0 || piece.rank > piece.kind.value() {
                return err(format!(
                    "the {} on {v} has rank {}, but its value is {}",
                    piece.kind.name(),
                    piece.rank,
                    piece.kind.value()
                ));
            }
            board.put(v, piece);
        }
        for color in Color::BOTH {
            let c = color.index();
            let name = color.name();
            let mut on_board = [0u8; 6];
            for (_, p) in board.pieces(color) {
                on_board[p.kind as usize] += 1;
            }
            let listed = (0..6).any(|k| on_board[k] > 0 || revealed[c][k] > 0 || hidden[c][k] > 0);
            if !set_up[c] {
                if listed {
                    return err(format!("{name} has pieces but has not set up"));
                }
                continue;
            }
            for kind in Kind::ALL {
                let k = kind as usize;
                let total =
                    usize::from(on_board[k]) + usize::from(revealed[c][k]) + usize::from(hidden[c][k]);
                if total != usize::from(kind.count()) {
                    return err(format!(
                        "{name} has {total} pieces of kind {}, not {}",
                        kind.token(),
                        kind.count()
                    ));
                }
            }
        }
        let setup_phase = set_up != [true, true];
        if setup_phase {
            for color in Color::BOTH {
                if board.count(color) != 12 && set_up[color.index()] {
                    return err(format!(
                        "during the setup, all of {}'s pieces are on the board",
                        color.name()
                    ));
                }
                let starts = start_vertices(color);
                for (v, p) in board.pieces(color) {
                    if !starts.contains(&v) || p.rank != 1 {
                        return err(format!(
                            "during the setup, {}'s pieces stand on its start vertices at rank 1 ({v} does not)",
                            color.name()
                        ));
                    }
                }
            }
            if side != Color::Red || !opening {
                return err("during the setup, red is to move and its opening turn is to come".into());
            }
        } else {
            if opening && side != Color::Red {
                return err("only red has an opening turn".into());
            }
            if Color::BOTH.iter().all(|&c| !has_king(&board, c)) {
                return err("both kings are gone".into());
            }
        }
        Ok(Position {
            board,
            revealed,
            set_up,
            side,
            opening,
        })
    }

    /// The piece on `v`.
    pub fn at(&self, v: Vertex) -> Option<Piece> {
        self.board.at(v)
    }

    /// The pieces of `color` on the board, in index order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Vertex, Piece)> + '_ {
        self.board.pieces(color)
    }

    /// The side to move (red during the setup).
    pub fn side(&self) -> Color {
        self.side
    }

    /// Whether Red's opening turn (one piece only) is still to come.
    pub fn is_opening(&self) -> bool {
        self.opening
    }

    /// Whether `color` has set up.
    pub fn has_set_up(&self, color: Color) -> bool {
        self.set_up[color.index()]
    }

    /// Whether a side still has to set up.
    pub fn in_setup(&self) -> bool {
        self.set_up != [true, true]
    }

    /// What `color` has off the board.
    pub fn removed(&self, color: Color) -> Removed {
        let c = color.index();
        let mut removed = Removed {
            revealed: self.revealed[c],
            hidden: [0; 6],
        };
        if self.set_up[c] {
            let mut left = Kind::ALL.map(Kind::count);
            for (_, p) in self.pieces(color) {
                left[p.kind as usize] -= 1;
            }
            for (k, hidden) in removed.hidden.iter_mut().enumerate() {
                *hidden = left[k] - self.revealed[c][k];
            }
        }
        removed
    }

    /// Where `color`'s King stands, if it is on the board.
    pub fn king(&self, color: Color) -> Option<Vertex> {
        self.pieces(color)
            .find(|(_, p)| p.kind == Kind::King)
            .map(|(v, _)| v)
    }

    /// Puts a side's setup on the board: `kinds[i]` on the i-th start
    /// vertex. The caller has checked it.
    pub(super) fn place_setup(&mut self, color: Color, kinds: &[Kind; 12]) {
        for (v, &kind) in start_vertices(color).iter().zip(kinds) {
            self.board.put(*v, Piece { color, kind, rank: 1 });
        }
        self.set_up[color.index()] = true;
    }
}

fn has_king(board: &Board, color: Color) -> bool {
    board.pieces(color).any(|(_, p)| p.kind == Kind::King)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::hex::HexBoard;

    #[test]
    fn tables_match_the_shared_hex_board() {
        let board = HexBoard::hexagon(5);
        assert_eq!(board.len(), VERTICES);
        for v in Vertex::all() {
            assert_eq!(board.hex(v.index()), v.hex());
            assert_eq!(Vertex::from_hex(v.hex()), Some(v));
            for (d, dir) in HexDir::ALL.into_iter().enumerate() {
                let expected = board.step(v.hex(), dir).and_then(Vertex::from_hex);
                assert_eq!(v.step(d), expected);
                let ray: u128 = board
                    .ray(v.hex(), dir)
                    .map(|h| Vertex::from_hex(h).unwrap().bit())
                    .fold(0, |a, b| a | b);
                assert_eq!(v.ray(d), ray);
                // The nearest vertex of a ray is its lowest bit exactly when
                // the direction ascends.
                if let Some(n) = v.step(d) {
                    assert_eq!(ascending(d), n.index() > v.index());
                }
                assert_eq!(HexDir::ALL[opposite(d)], dir.opposite());
            }
        }
        assert_eq!(Vertex::CENTRE.hex(), Hex::ORIGIN);
    }

    #[test]
    fn blue_starts_reflect_red_starts() {
        let red = start_vertices(Color::Red);
        let blue = start_vertices(Color::Blue);
        for v in red {
            let reflected = Vertex::from_hex(v.hex().reflected()).unwrap();
            assert!(blue.contains(&reflected));
            assert!(!red.contains(&reflected));
        }
    }

    #[test]
    fn pieces_pack_into_one_byte() {
        for color in Color::BOTH {
            for kind in Kind::ALL {
                for rank in 1..=kind.value() {
                    let p = Piece { color, kind, rank };
                    assert_ne!(p.code(), 0);
                    assert_eq!(Piece::decode(p.code()), Some(p));
                }
            }
        }
        assert_eq!(MATERIAL.iter().filter(|&&k| k == Kind::Four).count(), 3);
        assert_eq!(Kind::ALL.map(Kind::count).iter().sum::<u8>(), 12);
    }
}
