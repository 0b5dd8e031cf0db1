//! A rectangular grid of squares with the eight chess directions and the
//! ray walks along them. Magneton is 8×8, Magnetism 12×8.

use crate::game::NotationError;

/// A square of a grid, as its index `rank * width + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u8);

impl Square {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A step between neighbouring squares: `dx` along files, `dy` along ranks
/// (rank 1 at the bottom, so north is `dy = 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    pub dx: i8,
    pub dy: i8,
}

impl Dir {
    pub const N: Dir = Dir { dx: 0, dy: 1 };
    pub const NE: Dir = Dir { dx: 1, dy: 1 };
    pub const E: Dir = Dir { dx: 1, dy: 0 };
    pub const SE: Dir = Dir { dx: 1, dy: -1 };
    pub const S: Dir = Dir { dx: 0, dy: -1 };
    pub const SW: Dir = Dir { dx: -1, dy: -1 };
    pub const W: Dir = Dir { dx: -1, dy: 0 };
    pub const NW: Dir = Dir { dx: -1, dy: 1 };

    /// The eight directions, clockwise from north.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// One direction of each of the four lines (rank, file, two diagonals).
    pub const LINES: [Dir; 4] = [Dir::E, Dir::N, Dir::NE, Dir::NW];

    pub const fn opposite(self) -> Dir {
        Dir {
            dx: -self.dx,
            dy: -self.dy,
        }
    }
}

/// The dimensions of a grid and the arithmetic on its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub width: u8,
    pub height: u8,
}

impl Grid {
    pub const fn new(width: u8, height: u8) -> Grid {
        assert!(width as usize * height as usize <= 256);
        Grid { width, height }
    }

    /// Number of squares.
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// File (column) from 0.
    #[inline]
    pub const fn file(self, sq: Square) -> u8 {
        sq.0 % self.width
    }

    /// Rank (row) from 0 at the bottom.
    #[inline]
    pub const fn rank(self, sq: Square) -> u8 {
        sq.0 / self.width
    }

    /// The square at `file`, `rank` if it is on the grid.
    #[inline]
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        let on = (0..self.width as i32).contains(&file) && (0..self.height as i32).contains(&rank);
        on.then(|| Square((rank * self.width as i32 + file) as u8))
    }

    /// Every square, rank by rank from the bottom.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(|i| Square(i as u8))
    }

    /// The neighbour of `sq` in `dir`, if on the grid.
    #[inline]
    pub fn step(self, sq: Square, dir: Dir) -> Option<Square> {
        self.square(
            self.file(sq) as i32 + dir.dx as i32,
            self.rank(sq) as i32 + dir.dy as i32,
        )
    }

    /// The squares from `sq` (excluded) in `dir` to the edge.
    #[inline]
    pub fn ray(self, sq: Square, dir: Dir) -> Ray {
        Ray {
            grid: self,
            at: sq,
            dir,
        }
    }

    /// Whether `to` lies on one of the eight rays from `from`; if so, the
    /// direction and the distance.
    pub fn direction(self, from: Square, to: Square) -> Option<(Dir, u8)> {
        let dx = self.file(to) as i32 - self.file(from) as i32;
        let dy = self.rank(to) as i32 - self.rank(from) as i32;
        if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let dist = dx.abs().max(dy.abs());
        Some((
            Dir {
                dx: dx.signum() as i8,
                dy: dy.signum() as i8,
            },
            dist as u8,
        ))
    }

    /// The squares from `from` to `to` along their line, both included
    /// (only `from` when they share no line).
    pub fn line_path(self, from: Square, to: Square) -> Vec<Square> {
        let mut cells = vec![from];
        if let Some((dir, dist)) = self.direction(from, to) {
            cells.extend(self.ray(from, dir).take(usize::from(dist)));
        }
        cells
    }

    /// Reads a board written by [`Grid::write_ranks`] with two letters
    /// (either case): the squares of each, as bit sets (bit = square
    /// index). A run of empty squares is one digit on a board narrower
    /// than ten, else a number; errors say which rank is wrong.
    pub fn read_ranks(self, text: &str, letters: [char; 2]) -> Result<[u128; 2], String> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != self.height as usize {
            return Err(format!("expected {} ranks, found {}", self.height, ranks.len()));
        }
        let width = i32::from(self.width);
        let mut sets = [0u128; 2];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = i32::from(self.height) - 1 - i as i32;
            let too_long = || format!("rank {} is longer than {width} squares", rank + 1);
            let unexpected = |ch: char| format!("unexpected {ch:?} in rank {}", rank + 1);
            let mut file = 0i32;
            let mut chars = rank_text.chars().peekable();
            while let Some(ch) = chars.next() {
                let lower = ch.to_ascii_lowercase();
                if let Some(side) = letters.iter().position(|l| l.to_ascii_lowercase() == lower) {
                    let sq = self.square(file, rank).ok_or_else(too_long)?;
                    sets[side] |= 1 << sq.0;
                    file += 1;
                    continue;
                }
                let mut run = match ch.to_digit(10) {
                    Some(d @ 1..=9) if width >= 10 || d as i32 <= width => d as i32,
                    _ => return Err(unexpected(lower)),
                };
                while width >= 10
                    && let Some(d) = chars.peek().and_then(|c| c.to_digit(10))
                {
                    run = run * 10 + d as i32;
                    chars.next();
                    if run > width {
                        return Err(too_long());
                    }
                }
                file += run;
                if file > width {
                    return Err(too_long());
                }
            }
            if file != width {
                return Err(format!("rank {} has {file} squares, not {width}", rank + 1));
            }
        }
        Ok(sets)
    }

    /// Writes the board FEN-style: ranks from the top, separated by `/`,
    /// each from the first file with `piece(square)`'s letter or, for a
    /// run of squares without one, the run's length.
    pub fn write_ranks(
        self,
        f: &mut std::fmt::Formatter<'_>,
        piece: impl Fn(Square) -> Option<char>,
    ) -> std::fmt::Result {
        use std::fmt::Write;
        for rank in (0..self.height as i32).rev() {
            let mut empty = 0;
            for file in 0..self.width as i32 {
                let sq = self.square(file, rank).expect("on the board");
                match piece(sq) {
                    None => empty += 1,
                    Some(letter) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_char(letter)?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        Ok(())
    }

    /// `a1`-style label, file letter lowercase or uppercase.
    pub fn label(self, sq: Square, uppercase: bool) -> String {
        let base = if uppercase { b'A' } else { b'a' };
        format!("{}{}", (base + self.file(sq)) as char, self.rank(sq) as u32 + 1)
    }

    /// [`Grid::parse_label`], or an error that names the grid's squares as
    /// the game writes them (`a1 to l8`, `A1 to H8`).
    pub fn read_label(self, text: &str, uppercase: bool) -> Result<Square, NotationError> {
        self.parse_label(text).ok_or_else(|| {
            let last = Square((self.len() - 1) as u8);
            NotationError::new(format!(
                "{:?} is not a square ({} to {})",
                text.trim(),
                self.label(Square(0), uppercase),
                self.label(last, uppercase)
            ))
        })
    }

    /// The part of Magneton's and Magnetism's position format they share:
    /// four fields (`fields` names them in the error), the first the board
    /// with `W` and `B` pieces ([`Grid::read_ranks`]), the second the side
    /// to move, `w` or `b` (0 or 1); the last two as they are.
    pub fn read_position<'a>(
        self,
        text: &'a str,
        fields: &str,
    ) -> Result<([u128; 2], usize, [&'a str; 2]), String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [board, side, third, fourth] = words[..] else {
            return Err(format!("expected 4 fields ({fields}), found {}", words.len()));
        };
        let pieces = self.read_ranks(board, ['W', 'B'])?;
        let side = match side.to_ascii_lowercase().as_str() {
            "w" => 0,
            "b" => 1,
            other => return Err(format!("side to move {other:?} is not w or b")),
        };
        Ok((pieces, side, [third, fourth]))
    }

    /// Reads an `a1`-style label in either case, with no other text.
    pub fn parse_label(self, text: &str) -> Option<Square> {
        let text = text.trim();
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank_text = chars.as_str();
        if rank_text.is_empty() || !rank_text.bytes().all(|b| b.is_ascii_digit()) || rank_text.len() > 2 {
            return None;
        }
        let rank: i32 = rank_text.parse().ok()?;
        self.square(file as i32 - 'a' as i32, rank - 1)
    }
}

/// Iterator over the squares of a ray, nearest first.
#[derive(Clone, Debug)]
pub struct Ray {
    grid: Grid,
    at: Square,
    dir: Dir,
}

impl Iterator for Ray {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let next = self.grid.step(self.at, self.dir)?;
        self.at = next;
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid = Grid::new(8, 8);

    #[test]
    fn labels_round_trip() {
        for sq in G.squares() {
            assert_eq!(G.parse_label(&G.label(sq, true)), Some(sq));
            assert_eq!(G.parse_label(&G.label(sq, false)), Some(sq));
        }
        assert_eq!(G.parse_label("i1"), None);
        assert_eq!(G.parse_label("a9"), None);
        assert_eq!(G.parse_label("a0"), None);
        assert_eq!(G.parse_label("a"), None);
        assert_eq!(G.parse_label("a01x"), None);
        assert_eq!(Grid::new(12, 8).parse_label("l8"), Some(Square(95)));
    }

    #[test]
    fn rays_stop_at_the_edge() {
        let c3 = G.parse_label("c3").unwrap();
        let sw: Vec<_> = G.ray(c3, Dir::SW).map(|s| G.label(s, false)).collect();
        assert_eq!(sw, ["b2", "a1"]);
        let n: Vec<_> = G.ray(c3, Dir::N).map(|s| G.label(s, false)).collect();
        assert_eq!(n, ["c4", "c5", "c6", "c7", "c8"]);
        assert_eq!(G.ray(G.parse_label("h8").unwrap(), Dir::NE).count(), 0);
    }

    #[test]
    fn direction_between_squares() {
        let d4 = G.parse_label("d4").unwrap();
        assert_eq!(G.direction(d4, G.parse_label("a1").unwrap()), Some((Dir::SW, 3)));
        assert_eq!(G.direction(d4, G.parse_label("d8").unwrap()), Some((Dir::N, 4)));
        assert_eq!(G.direction(d4, G.parse_label("e6").unwrap()), None);
        assert_eq!(G.direction(d4, d4), None);
    }
}
