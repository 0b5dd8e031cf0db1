//! Magma's two boards (the 91-cell zig-zag hexagon and the radius-5
//! hex-hex), their cell labels and corners, the three colours, and the
//! cell-set arithmetic the rules run on (a board fits in a `u128`).

use std::fmt;
use std::sync::OnceLock;

use crate::geometry::hex::{Hex, HexBoard, HexDir};

/// Which board the game is played on (the `board` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// The default: a hexagon turned 30° to the grid, with zig-zag sides and
    /// one-cell pointed corners that have two neighbours each.
    #[default]
    Zigzag,
    /// The plain hex-hex board of radius 5; its corners have three
    /// neighbours.
    Radius5,
}

impl BoardKind {
    pub const fn name(self) -> &'static str {
        match self {
            BoardKind::Zigzag => "zigzag",
            BoardKind::Radius5 => "radius5",
        }
    }
}

/// The colour of a piece and of the seats that play it. Teammates share a
/// colour, so a piece belongs to a colour, not to a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red,
    Blue,
    Yellow,
}

impl Color {
    /// The three colours in the order they run clockwise round the board.
    pub const ALL: [Color; 3] = [Color::Red, Color::Blue, Color::Yellow];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Yellow => "yellow",
        }
    }

    /// The letter of a piece of this colour in the position format.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
            Color::Yellow => 'y',
        }
    }

    pub fn from_letter(c: char) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
    }
}

crate::error::display_as!(Color, name);

/// A cell as players name it: a row letter (`a` at the top) and a number
/// counted from the left of that row, as in `e3`. The label alone does not
/// say whether the cell exists; [`Geometry::index`] does, for one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0 (`a`).
    pub row: u8,
    /// The number within the row, from 1.
    pub number: u8,
}

impl Cell {
    pub const fn new(row: u8, number: u8) -> Cell {
        Cell { row, number }
    }

    /// Reads a label such as `e3` (any case, no spaces), whatever the board.
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let number: u8 = digits.parse().ok()?;
        (number >= 1).then(|| Cell::new(letter as u8 - b'a', number))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.row) as char, self.number)
    }
}

/// A set of cells of one board, bit `i` for the cell with index `i`.
pub type CellSet = u128;

/// No neighbour in that direction.
const NONE: u8 = u8::MAX;

pub const fn bit(index: u8) -> CellSet {
    1 << index
}

/// The indices of a cell set, ascending.
pub fn indices(set: CellSet) -> impl Iterator<Item = u8> {
    crate::geometry::indices(set)
}

/// One board's cells with everything the rules ask of them, computed once:
/// dense indices (those of [`HexBoard`]), labels both ways, neighbours and
/// the six corners.
#[derive(Debug)]
pub struct Geometry {
    kind: BoardKind,
    board: HexBoard,
    /// The label of each index.
    labels: Vec<Cell>,
    /// The axial `r` of row `a`; row `k` has `r = top - k`.
    top: i8,
    /// Per row: the `q` of its first cell and its length.
    rows: Vec<(i8, u8)>,
    /// Per index and direction ([`HexDir::ALL`] order): the neighbour's index.
    neighbours: Vec<[u8; 6]>,
    /// Per index: its neighbours as a set.
    around: Vec<CellSet>,
    /// The corners clockwise from the upper right one (the homes of the
    /// six-player game's seats 1 to 6).
    corners: [u8; 6],
}

impl Geometry {
    /// The geometry of `kind`, built on first use.
    #[inline]
    pub fn of(kind: BoardKind) -> &'static Geometry {
        static ZIGZAG: OnceLock<Geometry> = OnceLock::new();
        static RADIUS5: OnceLock<Geometry> = OnceLock::new();
        match kind {
            BoardKind::Zigzag => ZIGZAG.get_or_init(|| Geometry::build(kind)),
            BoardKind::Radius5 => RADIUS5.get_or_init(|| Geometry::build(kind)),
        }
    }

    fn build(kind: BoardKind) -> Geometry {
        let (board, top, corners) = match kind {
            // max(|q−r|, |r−s|, |s−q|) ≤ 9; corners clockwise from the upper
            // right: (3,3) d10, (6,−3) j10, (3,−6) m1, (−3,−3) j1, (−6,3) d1,
            // (−3,6) a1.
            BoardKind::Zigzag => (
                HexBoard::from_fn(|h| {
                    let (q, r, s) = (h.q as i16, h.r as i16, h.s() as i16);
                    (q - r).abs().max((r - s).abs()).max((s - q).abs()) <= 9
                }),
                6,
                [(3, 3), (6, -3), (3, -6), (-3, -3), (-6, 3), (-3, 6)],
            ),
            // The radius-5 hexagon's corners standing in for the same six:
            // a6, f11, k6, k1, f1, a1.
            BoardKind::Radius5 => (
                HexBoard::hexagon(5),
                5,
                [(0, 5), (5, 0), (5, -5), (0, -5), (-5, 0), (-5, 5)],
            ),
        };
        assert!(board.len() <= 128, "a Magma board fits in a u128");
        let mut rows = Vec::new();
        for r in (-top..=top).rev() {
            let qs: Vec<i8> = board.cells().iter().filter(|h| h.r == r).map(|h| h.q).collect();
            rows.push((qs[0], qs.len() as u8));
        }
        let labels = board
            .cells()
            .iter()
            .map(|h| {
                let row = (top - h.r) as usize;
                Cell::new(row as u8, (h.q - rows[row].0 + 1) as u8)
            })
            .collect();
        let neighbours: Vec<[u8; 6]> = board
            .cells()
            .iter()
            .map(|&h| {
                HexDir::ALL.map(|d| {
                    board
                        .step(h, d)
                        .and_then(|n| board.index_of(n))
                        .map_or(NONE, |i| i as u8)
                })
            })
            .collect();
        let around = neighbours
            .iter()
            .map(|ns| ns.iter().filter(|&&n| n != NONE).fold(0, |set, &n| set | bit(n)))
            .collect();
        let corners =
            corners.map(|(q, r)| board.index_of(Hex::new(q, r)).expect("a corner is on the board") as u8);
        Geometry {
            kind,
            board,
            labels,
            top,
            rows,
            neighbours,
            around,
            corners,
        }
    }

    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// How many cells the board has.
    pub fn len(&self) -> usize {
        self.board.len()
    }

    pub fn is_empty(&self) -> bool {
        self.board.is_empty()
    }

    /// Every cell, as a set.
    pub fn all(&self) -> CellSet {
        if self.len() == 128 {
            CellSet::MAX
        } else {
            bit(self.len() as u8) - 1
        }
    }

    /// How many rows the board has (13 or 11).
    pub fn row_count(&self) -> usize {
        self.rows.len()
    }

    /// How many cells row `row` (from 0 at the top) has.
    pub fn row_len(&self, row: usize) -> usize {
        self.rows[row].1 as usize
    }

    /// The label of the cell with `index`.
    pub fn label(&self, index: u8) -> Cell {
        self.labels[index as usize]
    }

    /// The axial coordinates of the cell with `index`.
    pub fn hex(&self, index: u8) -> Hex {
        self.board.hex(index as usize)
    }

    /// The index of the cell labelled `cell`, if it is on this board.
    #[inline]
    pub fn index(&self, cell: Cell) -> Option<u8> {
        let &(first_q, len) = self.rows.get(cell.row as usize)?;
        if cell.number == 0 || cell.number > len {
            return None;
        }
        let hex = Hex::new(first_q + cell.number as i8 - 1, self.top - cell.row as i8);
        self.board.index_of(hex).map(|i| i as u8)
    }

    /// The index of `cell`, or a sentence saying why it is not a cell here.
    pub fn index_or_error(&self, cell: Cell) -> Result<u8, String> {
        self.index(cell).ok_or_else(|| {
            let last = (b'a' + self.row_count() as u8 - 1) as char;
            match self.rows.get(cell.row as usize) {
                None => format!("{cell} is not a cell of this board (rows a to {last})"),
                Some(&(_, len)) => format!(
                    "{cell} is not a cell of this board (row {} has {len} cells)",
                    (b'a' + cell.row) as char
                ),
            }
        })
    }

    /// The neighbour of `index` in direction `dir` (an index into
    /// [`HexDir::ALL`]), if it is on the board.
    pub fn neighbour(&self, index: u8, dir: usize) -> Option<u8> {
        let n = self.neighbours[index as usize][dir];
        (n != NONE).then_some(n)
    }

    /// The neighbours of `index`.
    pub fn around(&self, index: u8) -> CellSet {
        self.around[index as usize]
    }

    /// Every cell next to a cell of `set`.
    pub fn dilate(&self, set: CellSet) -> CellSet {
        indices(set).fold(0, |acc, i| acc | self.around(i))
    }

    /// The corner cells clockwise from the upper right one.
    pub fn corners(&self) -> [u8; 6] {
        self.corners
    }

    /// The cell a jump from `from` over its neighbour in `dir` lands on, and
    /// the cell jumped, if both are on the board.
    pub fn jump(&self, from: u8, dir: usize) -> Option<(u8, u8)> {
        let over = self.neighbour(from, dir)?;
        Some((over, self.neighbour(over, dir)?))
    }

    /// If `to` is a jump away from `from` (two cells along a line), the cell
    /// in between.
    pub fn jumped_cell(&self, from: u8, to: u8) -> Option<u8> {
        (0..6).find_map(|d| {
            self.jump(from, d)
                .filter(|&(_, land)| land == to)
                .map(|(over, _)| over)
        })
    }

    /// Where a jump from `at` in direction `dir` lands: over a neighbour in
    /// `own` onto the cell straight beyond, if it is on the board and not
    /// in `blocked`.
    #[inline]
    fn jump_over(&self, at: u8, dir: usize, own: CellSet, blocked: CellSet) -> Option<u8> {
        let over = self.neighbours[at as usize][dir];
        if over == NONE || own & bit(over) == 0 {
            return None;
        }
        let land = self.neighbours[over as usize][dir];
        if land == NONE || blocked & bit(land) != 0 {
            return None;
        }
        Some(land)
    }

    /// Every cell a piece starting on `start` can reach by one or more
    /// jumps, each over a cell of `own` onto a cell outside `occupied`
    /// (`start` itself excluded). The caller leaves the moving piece out of
    /// both sets.
    pub fn jump_targets(&self, start: u8, own: CellSet, occupied: CellSet) -> CellSet {
        let mut reached = bit(start);
        let mut stack = [0u8; 128];
        stack[0] = start;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let at = stack[len];
            // The body of `jump_over`, written out: this is the hottest
            // loop of Magma's move generation, and the call costs 2%.
            for dir in 0..6 {
                let over = self.neighbours[at as usize][dir];
                if over == NONE || own & bit(over) == 0 {
                    continue;
                }
                let land = self.neighbours[over as usize][dir];
                if land == NONE || (occupied | reached) & bit(land) != 0 {
                    continue;
                }
                reached |= bit(land);
                stack[len] = land;
                len += 1;
            }
        }
        reached & !bit(start)
    }

    /// A shortest chain of jumps from `start` to `target` as
    /// [`Geometry::jump_targets`] finds them: every landing cell, `target`
    /// last; `None` if `target` cannot be reached.
    pub fn jump_path(&self, start: u8, target: u8, own: CellSet, occupied: CellSet) -> Option<Vec<u8>> {
        let mut came_from = [NONE; 128];
        let mut reached = bit(start);
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            if at == target {
                let mut path = vec![at];
                while let Some(&last) = path.last() {
                    match came_from[last as usize] {
                        NONE => break,
                        prev if prev == start => break,
                        prev => path.push(prev),
                    }
                }
                path.reverse();
                return Some(path);
            }
            for dir in 0..6 {
                let Some(land) = self.jump_over(at, dir, own, occupied | reached) else {
                    continue;
                };
                reached |= bit(land);
                came_from[land as usize] = at;
                queue.push_back(land);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> Cell {
        Cell::parse(text).unwrap()
    }

    #[test]
    fn the_zigzag_board_has_91_cells_in_13_rows() {
        let g = Geometry::of(BoardKind::Zigzag);
        assert_eq!(g.len(), 91);
        let lens: Vec<usize> = (0..g.row_count()).map(|r| g.row_len(r)).collect();
        assert_eq!(lens, [1, 4, 7, 10, 9, 10, 9, 10, 9, 10, 7, 4, 1]);
        for i in 0..91u8 {
            assert_eq!(g.index(g.label(i)), Some(i));
        }
    }

    #[test]
    fn zigzag_corner_labels_land_on_the_corner_cubes() {
        let g = Geometry::of(BoardKind::Zigzag);
        // (q, r) of RULINGS.md's cubes (q, r, s).
        let expect = [
            ("d10", (3, 3)),
            ("j10", (6, -3)),
            ("m1", (3, -6)),
            ("j1", (-3, -3)),
            ("d1", (-6, 3)),
            ("a1", (-3, 6)),
        ];
        for ((label, (q, r)), corner) in expect.into_iter().zip(g.corners()) {
            assert_eq!(g.hex(corner), Hex::new(q, r), "{label}");
            assert_eq!(g.label(corner), cell(label));
            assert_eq!(g.around(corner).count_ones(), 2, "{label} has two neighbours");
        }
        // Every other cell has at least three neighbours.
        let corners: Vec<u8> = g.corners().to_vec();
        for i in (0..91u8).filter(|i| !corners.contains(i)) {
            assert!(g.around(i).count_ones() >= 3, "{}", g.label(i));
        }
        // Row e starts at q = −5 (e1 is next to d1).
        assert_eq!(g.hex(g.index(cell("e1")).unwrap()), Hex::new(-5, 2));
        assert_eq!(
            g.around(g.index(cell("d1")).unwrap()),
            bit(g.index(cell("e1")).unwrap()) | bit(g.index(cell("d2")).unwrap())
        );
    }

    #[test]
    fn radius5_corners_and_labels() {
        let g = Geometry::of(BoardKind::Radius5);
        assert_eq!(g.len(), 91);
        assert_eq!(g.row_count(), 11);
        let labels: Vec<String> = g.corners().iter().map(|&c| g.label(c).to_string()).collect();
        assert_eq!(labels, ["a6", "f11", "k6", "k1", "f1", "a1"]);
        for c in g.corners() {
            assert_eq!(g.around(c).count_ones(), 3);
        }
    }

    #[test]
    fn labels_outside_the_board_are_explained() {
        let g = Geometry::of(BoardKind::Zigzag);
        assert_eq!(g.index(cell("d11")), None);
        assert_eq!(
            g.index_or_error(cell("d11")).unwrap_err(),
            "d11 is not a cell of this board (row d has 10 cells)"
        );
        assert_eq!(
            g.index_or_error(cell("n1")).unwrap_err(),
            "n1 is not a cell of this board (rows a to m)"
        );
        assert_eq!(Cell::parse("e"), None);
        assert_eq!(Cell::parse("e0"), None);
        assert_eq!(Cell::parse("3e"), None);
        assert_eq!(Cell::parse("E12"), Some(Cell::new(4, 12)));
    }

    #[test]
    fn jumps_go_over_own_pieces_onto_empty_cells() {
        let g = Geometry::of(BoardKind::Zigzag);
        let at = |t: &str| g.index(cell(t)).unwrap();
        // A line along row f: f3 f4 f5 f6 f7.
        let own = bit(at("f4")) | bit(at("f6"));
        let occupied = own;
        let targets = g.jump_targets(at("f3"), own, occupied);
        assert_eq!(targets, bit(at("f5")) | bit(at("f7")));
        assert_eq!(g.jumped_cell(at("f3"), at("f5")), Some(at("f4")));
        assert_eq!(g.jumped_cell(at("f3"), at("f6")), None);
    }
}
