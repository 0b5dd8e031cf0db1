//! Hexagonal geometry in axial coordinates: the six directions, steps and
//! ray walks, and boards as finite sets of hexes with dense indices.
//!
//! Magnet's 91 vertices (a triangular lattice) and Magma's 91 cells (a hex
//! grid) are the same mathematics: each point has six neighbours in the
//! directions below.

/// A point of the hex lattice in axial coordinates; the third cube
/// coordinate is `s = -q - r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    pub q: i8,
    pub r: i8,
}

impl Hex {
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    pub const fn s(self) -> i8 {
        -self.q - self.r
    }

    pub const fn step(self, dir: HexDir) -> Hex {
        Hex {
            q: self.q + dir.dq,
            r: self.r + dir.dr,
        }
    }

    /// The point reflection through the origin.
    pub const fn reflected(self) -> Hex {
        Hex {
            q: -self.q,
            r: -self.r,
        }
    }

    /// Steps between two hexes.
    pub const fn distance(self, other: Hex) -> u8 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        let m = if dq > dr { dq } else { dr };
        if m > ds { m } else { ds }
    }
}

/// One of the six directions between neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexDir {
    pub dq: i8,
    pub dr: i8,
}

impl HexDir {
    /// The six directions in the order RULINGS.md uses for Magnet:
    /// (1,0) (1,−1) (0,−1) (−1,0) (−1,1) (0,1).
    pub const ALL: [HexDir; 6] = [
        HexDir { dq: 1, dr: 0 },
        HexDir { dq: 1, dr: -1 },
        HexDir { dq: 0, dr: -1 },
        HexDir { dq: -1, dr: 0 },
        HexDir { dq: -1, dr: 1 },
        HexDir { dq: 0, dr: 1 },
    ];

    pub const fn opposite(self) -> HexDir {
        HexDir {
            dq: -self.dq,
            dr: -self.dr,
        }
    }
}

/// Coordinates handled by [`HexBoard`]'s dense lookup: |q|, |r| ≤ this.
const SPAN: i8 = 12;
const SIDE: usize = (2 * SPAN as usize) + 1;

/// A finite board: a set of hexes, each with a dense index `0..len` (in
/// ascending (r, q) order: bottom row first, left to right).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexBoard {
    cells: Vec<Hex>,
    index: Vec<Option<u8>>,
}

impl HexBoard {
    /// The board of every hex within the span for which `on_board` holds.
    pub fn from_fn(on_board: impl Fn(Hex) -> bool) -> HexBoard {
        let mut cells = Vec::new();
        for r in -SPAN..=SPAN {
            for q in -SPAN..=SPAN {
                let h = Hex::new(q, r);
                if on_board(h) {
                    cells.push(h);
                }
            }
        }
        assert!(cells.len() <= 256, "a hex board has at most 256 cells");
        let mut index = vec![None; SIDE * SIDE];
        for (i, h) in cells.iter().enumerate() {
            index[Self::slot(*h).expect("inside the span")] = Some(i as u8);
        }
        HexBoard { cells, index }
    }

    /// The hexagon of all hexes at most `radius` from the origin.
    pub fn hexagon(radius: i8) -> HexBoard {
        HexBoard::from_fn(|h| h.distance(Hex::ORIGIN) <= radius as u8)
    }

    fn slot(h: Hex) -> Option<usize> {
        let (q, r) = (h.q as i32 + SPAN as i32, h.r as i32 + SPAN as i32);
        let side = SIDE as i32;
        ((0..side).contains(&q) && (0..side).contains(&r)).then_some((r * side + q) as usize)
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn cells(&self) -> &[Hex] {
        &self.cells
    }

    pub fn contains(&self, h: Hex) -> bool {
        self.index_of(h).is_some()
    }

    /// The dense index of `h`, if it is on the board.
    #[inline]
    pub fn index_of(&self, h: Hex) -> Option<usize> {
        Self::slot(h).and_then(|s| self.index[s]).map(usize::from)
    }

    pub fn hex(&self, index: usize) -> Hex {
        self.cells[index]
    }

    /// The neighbour of `h` in `dir`, if it is on the board.
    pub fn step(&self, h: Hex, dir: HexDir) -> Option<Hex> {
        let n = h.step(dir);
        self.contains(n).then_some(n)
    }

    /// The hexes from `h` (excluded) in `dir` up to the edge, nearest first.
    pub fn ray(&self, h: Hex, dir: HexDir) -> impl Iterator<Item = Hex> + '_ {
        std::iter::successors(self.step(h, dir), move |&x| self.step(x, dir))
    }

    /// The on-board neighbours of `h`.
    pub fn neighbours(&self, h: Hex) -> impl Iterator<Item = Hex> + '_ {
        HexDir::ALL.into_iter().filter_map(move |d| self.step(h, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_of_radius_five_has_91_points() {
        let b = HexBoard::hexagon(5);
        assert_eq!(b.len(), 91);
        for (i, &h) in b.cells().iter().enumerate() {
            assert_eq!(b.index_of(h), Some(i));
        }
        assert!(!b.contains(Hex::new(3, 3)));
        assert!(b.contains(Hex::new(-5, 0)));
    }

    #[test]
    fn rays_and_neighbours() {
        let b = HexBoard::hexagon(5);
        assert_eq!(b.ray(Hex::ORIGIN, HexDir::ALL[0]).count(), 5);
        assert_eq!(b.neighbours(Hex::ORIGIN).count(), 6);
        assert_eq!(b.neighbours(Hex::new(5, 0)).count(), 3);
        assert_eq!(b.neighbours(Hex::new(5, -2)).count(), 4);
        for d in HexDir::ALL {
            assert_eq!(Hex::ORIGIN.step(d).step(d.opposite()), Hex::ORIGIN);
            assert_eq!(Hex::ORIGIN.step(d).distance(Hex::ORIGIN), 1);
        }
    }
}
