//! Magneton's position: stones on the 8×8 board, stones in hand, the side
//! to move; the magnetic effect and the move generation of both move rules.

use crate::geometry::square::{Dir, Grid, Square};

/// The 8×8 board.
pub const GRID: Grid = Grid::new(8, 8);

/// Stones each side owns.
pub const STONES: u8 = 12;

crate::side::two_sides!(
    /// A side, and the colour of its stones.
    White = "white",
    Black = "black"
);

/// A stone the magnetic effect displaced: from where to where, whose, and
/// whether it was pushed away (a stone of the acting stone's colour) or
/// pulled next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Displaced {
    pub from: Square,
    pub to: Square,
    pub color: Color,
    pub pushed: bool,
}

/// How stones move once all are down (an option of the game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoveRule {
    /// Each of the four lines through the stone gives a move only if exactly
    /// one side of it holds a stone.
    #[default]
    Line,
    /// Each of the eight directions reacts to its nearest stone, whatever
    /// lies on the other side.
    PerRay,
}

/// The board, the hands and the side to move: everything that decides
/// future play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Occupied squares per colour, bit `i` for square `i`.
    stones: [u64; 2],
    /// Stones each colour still has to drop.
    hands: [u8; 2],
    side: Color,
}

/// Why a position cannot exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition(pub String);

const fn bit(sq: Square) -> u64 {
    1 << sq.0
}

impl Position {
    /// The empty board, twelve stones in each hand, white to move.
    pub const fn start() -> Position {
        Position {
            stones: [0, 0],
            hands: [STONES, STONES],
            side: Color::White,
        }
    }

    /// A position from its parts, if they are possible: no square held by
    /// both colours, and no colour with more than 12 stones on the board and
    /// in hand together.
    pub fn new(white: u64, black: u64, hands: [u8; 2], side: Color) -> Result<Position, InvalidPosition> {
        if white & black != 0 {
            return Err(InvalidPosition("a square holds two stones".into()));
        }
        let pos = Position {
            stones: [white, black],
            hands,
            side,
        };
        for c in Color::BOTH {
            let total = pos.on_board(c) + hands[c.index()] as u32;
            if total > STONES as u32 {
                return Err(InvalidPosition(format!(
                    "{} has {total} stones on the board and in hand; the most is {STONES}",
                    c.name()
                )));
            }
        }
        Ok(pos)
    }

    pub const fn side(&self) -> Color {
        self.side
    }

    pub const fn hand(&self, c: Color) -> u8 {
        self.hands[c.index()]
    }

    pub const fn stones(&self, c: Color) -> u64 {
        self.stones[c.index()]
    }

    pub const fn on_board(&self, c: Color) -> u32 {
        self.stones[c.index()].count_ones()
    }

    const fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    #[inline]
    pub fn at(&self, sq: Square) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.stones[c.index()] & bit(sq) != 0)
    }

    pub fn is_empty(&self, sq: Square) -> bool {
        self.occupied() & bit(sq) == 0
    }

    /// Whether the side to move still drops stones (otherwise it moves one).
    pub const fn in_drop_phase(&self) -> bool {
        self.hands[self.side.index()] > 0
    }

    fn put(&mut self, sq: Square, c: Color) {
        self.stones[c.index()] |= bit(sq);
    }

    fn lift(&mut self, sq: Square, c: Color) {
        self.stones[c.index()] &= !bit(sq);
    }

    /// The first stone from `from` in `dir`: its square and the number of
    /// steps to it.
    #[inline]
    fn first_stone(&self, from: Square, dir: Dir) -> Option<(Square, u8)> {
        let sq = nearest(ray(from, dir) & self.occupied(), dir)?;
        Some((sq, steps(from, sq, dir)))
    }

    /// The last empty square from `from` in `dir` before a stone or the
    /// edge (`from` itself if the next square is blocked).
    #[inline]
    fn slide_end(&self, from: Square, dir: Dir) -> Square {
        let path = ray(from, dir);
        match nearest(path & self.occupied(), dir) {
            // One step back from the blocking stone.
            Some(stop) => Square((stop.0 as i32 - delta(dir)) as u8),
            None => farthest(path, dir).unwrap_or(from),
        }
    }

    /// Drops a stone of the side to move on the empty square `sq`, with the
    /// magnetic effect unless it is one of the first two drops; hands the
    /// turn over. Returns the stones the effect displaced (their new
    /// squares, as a bit set).
    pub fn drop_stone(&mut self, sq: Square) -> u64 {
        self.drop_stone_with(sq, |_| {})
    }

    /// [`Position::drop_stone`], telling `seen` each stone the effect
    /// displaces.
    pub fn drop_stone_with(&mut self, sq: Square, seen: impl FnMut(Displaced)) -> u64 {
        debug_assert!(self.is_empty(sq) && self.in_drop_phase());
        let c = self.side;
        let effect = self.on_board(Color::White) + self.on_board(Color::Black) >= 2;
        self.put(sq, c);
        self.hands[c.index()] -= 1;
        let displaced = if effect { self.magnetic_effect(sq, seen) } else { 0 };
        self.side = c.other();
        displaced
    }

    /// Moves the side to move's stone, then the magnetic effect; hands the
    /// turn over. Returns the displaced stones as for [`Position::drop_stone`].
    pub fn move_stone(&mut self, from: Square, to: Square) -> u64 {
        self.move_stone_with(from, to, |_| {})
    }

    /// [`Position::move_stone`], telling `seen` each stone the effect
    /// displaces.
    pub fn move_stone_with(&mut self, from: Square, to: Square, seen: impl FnMut(Displaced)) -> u64 {
        let c = self.side;
        debug_assert_eq!(self.at(from), Some(c));
        self.lift(from, c);
        self.put(to, c);
        let displaced = self.magnetic_effect(to, seen);
        self.side = c.other();
        displaced
    }

    /// Gives the turn to the other side without changing the board.
    pub fn pass(&mut self) {
        self.side = self.side.other();
    }

    /// The effect of the stone on `s`: the first stone on each ray is pushed
    /// away to the next obstacle if it has the same colour, or pulled next to
    /// `s` otherwise. The rays never share a square, so their order does not
    /// matter.
    fn magnetic_effect(&mut self, s: Square, mut seen: impl FnMut(Displaced)) -> u64 {
        let mover = self.at(s).expect("the effect starts from a stone");
        let mut displaced = 0;
        for dir in Dir::ALL {
            let Some(t) = nearest(ray(s, dir) & self.occupied(), dir) else {
                continue;
            };
            let (to, owner) = if self.stones[mover.index()] & bit(t) != 0 {
                (self.slide_end(t, dir), mover)
            } else {
                // Next to `s`, which `t` lies beyond.
                (Square((s.0 as i32 + delta(dir)) as u8), mover.other())
            };
            if to != t {
                self.lift(t, owner);
                self.put(to, owner);
                displaced |= bit(to);
                seen(Displaced {
                    from: t,
                    to,
                    color: owner,
                    pushed: owner == mover,
                });
            }
        }
        displaced
    }

    /// Every square of `c`'s lines of four or more through one of the
    /// `displaced` squares, ascending.
    pub fn line_squares(&self, displaced: u64, c: Color) -> Vec<Square> {
        let own = self.stones[c.index()];
        let mut cells = 0u64;
        for sq in squares(displaced & own) {
            for d in Dir::LINES {
                let run = |dir| GRID.ray(sq, dir).take_while(|s| own & bit(*s) != 0);
                if 1 + run(d).count() + run(d.opposite()).count() >= 4 {
                    cells |= bit(sq);
                    run(d).chain(run(d.opposite())).for_each(|s| cells |= bit(s));
                }
            }
        }
        squares(cells).collect()
    }

    /// The colours owning a line of four or more through one of the
    /// `displaced` squares, in [`Color::BOTH`] order.
    pub fn winning_lines(&self, displaced: u64) -> Vec<Color> {
        Color::BOTH
            .into_iter()
            .filter(|&c| self.has_line(displaced, c))
            .collect()
    }

    /// Whether `c` owns a line of four or more through one of the
    /// `displaced` squares ([`Position::winning_lines`] for one colour,
    /// without allocating).
    #[inline]
    pub fn has_line(&self, displaced: u64, c: Color) -> bool {
        let own = self.stones[c.index()];
        displaced & own != 0 && four_in_a_row(own) & displaced != 0
    }

    /// The empty squares where a drop of `c` might push one of `c`'s
    /// stones into a line of four: a superset of the drops that make such
    /// a line at once, found without trying each drop.
    ///
    /// A drop pushes the first stone of its own colour on each ray, on to
    /// the end of the ray's empty run beyond it; the rays from the drop
    /// share no square, so where each stone lands depends only on the board
    /// beyond it. A line through a landing square holds only `c`'s stones
    /// now and landing squares: not the dropped stone, which lies on the
    /// pushed stone's ray behind the square it left, now empty (no other
    /// stone moves along that ray), and so not in a run with its landing;
    /// and of the landings only those of pushes the same drop can make
    /// (whose drops meet the drops of this push). If even those cannot make
    /// four in a row, no drop behind that stone can.
    pub fn drops_that_may_line(&self, c: Color) -> u64 {
        // The first two drops have no effect.
        if self.on_board(Color::White) + self.on_board(Color::Black) < 2 {
            return 0;
        }
        let own = self.stones[c.index()];
        let occupied = self.occupied();
        // A drop pushes `stone` along `dir` when it lies behind it with
        // only empty squares between: then the square right behind it is
        // empty.
        // Every landing at once, by bit sets: the stones with an empty
        // square right behind, each slid to the end of its empty run.
        let empty = !occupied;
        let landings = Dir::ALL.iter().fold(0u64, |acc, &dir| {
            acc | slide_ends(own & shift(empty, dir), empty, dir)
        });
        // Only a landing in four in a row of the most generous set (every
        // landing, every stone of `c`) needs the closer look.
        let runs = four_in_a_row(own | landings);
        if runs & landings == 0 {
            return 0;
        }
        // Every push a drop can make: the stone, where it lands, and the
        // drops that make it (the empty run behind the stone).
        let mut pushes = [(Square(0), Square(0), 0u64); 8 * STONES as usize];
        let mut count = 0;
        for dir in Dir::ALL {
            // The stones with an empty square right behind.
            for stone in squares(own & shift(empty, dir)) {
                let to = self.slide_end(stone, dir);
                if to == stone {
                    continue;
                }
                let back = dir.opposite();
                let behind = ray(stone, back);
                let drops = match nearest(behind & occupied, back) {
                    Some(stop) => behind & !(ray(stop, back) | bit(stop)),
                    None => behind,
                };
                if count == pushes.len() {
                    // More stones than a side owns: every empty square.
                    return !occupied;
                }
                pushes[count] = (stone, to, drops);
                count += 1;
            }
        }
        let pushes = &pushes[..count];
        // The landings of each drop.
        let mut lands = [0u64; 64];
        for &(_, to, drops) in pushes {
            for y in squares(drops) {
                lands[y.index()] |= bit(to);
            }
        }
        let mut may = 0;
        for &(stone, to, drops) in pushes {
            if runs & bit(to) == 0 || drops & !may == 0 {
                continue;
            }
            // With it, only the pushes of the same drop: those whose drops
            // meet these. The square the stone leaves is empty after it.
            let together = squares(drops).fold(0u64, |acc, y| acc | lands[y.index()]);
            let generous = (own & !bit(stone)) | together;
            if Dir::LINES
                .iter()
                .any(|&d| 1 + run(generous, to, d) + run(generous, to, d.opposite()) >= 4)
            {
                may |= drops;
            }
        }
        may
    }

    /// The squares the stone on `from` may move to under `rule`, in
    /// ascending order, each once. Empty if `from` holds no stone.
    pub fn destinations(&self, from: Square, rule: MoveRule) -> Vec<Square> {
        squares(self.destination_set(from, rule)).collect()
    }

    /// [`Position::destinations`] as a bit set.
    fn destination_set(&self, from: Square, rule: MoveRule) -> u64 {
        let Some(own) = self.at(from) else {
            return 0;
        };
        let mut targets = 0u64;
        let mut add = |target: Option<Square>| {
            if let Some(t) = target.filter(|&t| t != from) {
                targets |= bit(t);
            }
        };
        match rule {
            MoveRule::Line => {
                for d in Dir::LINES {
                    match (self.first_stone(from, d), self.first_stone(from, d.opposite())) {
                        (Some(n), None) => add(self.reaction(from, d, n, own)),
                        (None, Some(n)) => add(self.reaction(from, d.opposite(), n, own)),
                        _ => {}
                    }
                }
            }
            MoveRule::PerRay => {
                for d in Dir::ALL {
                    if let Some(n) = self.first_stone(from, d) {
                        add(self.reaction(from, d, n, own));
                    }
                }
            }
        }
        targets
    }

    /// Whether the side to move has a drop or a move that makes a line of
    /// four of its own colour through a displaced stone at once (and so
    /// wins: the mover's line comes first). Only the drops that
    /// [`Position::drops_that_may_line`] finds are tried; nothing is
    /// allocated.
    pub fn can_line_at_once(&self, rule: MoveRule) -> bool {
        let c = self.side;
        let dropping = self.in_drop_phase();
        // A line needs four of `c`'s stones on the board.
        if self.on_board(c) + u32::from(dropping) < 4 {
            return false;
        }
        if dropping {
            let may = self.drops_that_may_line(c) & !self.occupied();
            return squares(may).any(|sq| self.drop_makes_line(sq, c));
        }
        let own = self.stones[c.index()];
        // The moves end among the landings (see `move_landings`): no move
        // generated unless a landing lies in four in a row.
        let landings = self.move_landings(c);
        if four_in_a_row(own | landings) & landings == 0 {
            return false;
        }
        // Each stone's destinations, kept on the stack for the moves tried.
        let mut moves = [(Square(0), 0u64); STONES as usize];
        let mut count = 0;
        let mut targets = 0u64;
        for from in squares(own) {
            let to = self.destination_set(from, rule);
            if to != 0 {
                if count == moves.len() {
                    // More stones than a side owns: try everything.
                    return self.moves_make_line(&self.all_destinations(c, rule), c);
                }
                moves[count] = (from, to);
                count += 1;
                targets |= to;
            }
        }
        debug_assert_eq!(targets & !landings, 0, "every move ends on a landing");
        self.moves_make_line(&moves[..count], c)
    }

    /// Whether a drop of `c` on the empty square `sq` (not one of the first
    /// two) makes a line of `c`'s through a stone it pushes: the drop
    /// without its pulls, which move only the other colour's stones along
    /// other rays (the rays from `sq` share no square), so they change no
    /// push and no line of `c`'s.
    fn drop_makes_line(&self, sq: Square, c: Color) -> bool {
        let occupied = self.occupied();
        let mut own = self.stones[c.index()] | bit(sq);
        let mut landed = 0u64;
        for dir in Dir::ALL {
            let Some(t) = nearest(ray(sq, dir) & occupied, dir) else {
                continue;
            };
            if own & bit(t) != 0 {
                let to = self.slide_end(t, dir);
                if to != t {
                    own ^= bit(t) | bit(to);
                    landed |= bit(to);
                }
            }
        }
        landed != 0 && four_in_a_row(own) & landed != 0
    }

    /// Every stone of `c` with its destinations (those with none left out).
    fn all_destinations(&self, c: Color, rule: MoveRule) -> Vec<(Square, u64)> {
        squares(self.stones[c.index()])
            .map(|from| (from, self.destination_set(from, rule)))
            .filter(|&(_, to)| to != 0)
            .collect()
    }

    /// Whether one of `moves` (a stone and its destinations) of `c`, the
    /// side to move, makes a line of `c`'s through a displaced stone.
    fn moves_make_line(&self, moves: &[(Square, u64)], c: Color) -> bool {
        moves.iter().any(|&(from, to)| {
            squares(to).any(|to| {
                let mut after = *self;
                let displaced = after.move_stone(from, to);
                after.has_line(displaced, c)
            })
        })
    }

    /// Where a move of `c` might push `c`'s stones, and where its moves
    /// end.
    ///
    /// A move ends at the end of an empty run from the stone (next to an
    /// opponent's stone, or as far as it slides away from its own), so
    /// among the ends of every stone's runs in every direction.
    /// A move displaces `c`'s stones only by pushing them: a stone first on
    /// a ray from the square moved to slides on along it over the empty
    /// squares and the square moved from (now empty), so it lands at the
    /// end of the empty run beyond it, or, when the run ends at a stone of
    /// `c` (which might be the one that moved: counted, to be generous), at
    /// the end of the empty run after that, or on that stone's square. After
    /// the move, `c`'s stones are among its stones now, the landings and
    /// the squares moved to: if no landing has four in a row of those, no
    /// move makes a line.
    fn move_landings(&self, c: Color) -> u64 {
        let own = self.stones[c.index()];
        let occupied = self.occupied();
        let empty = !occupied;
        let mut landings = 0u64;
        for dir in Dir::ALL {
            let ends = slide_ends(own, empty, dir);
            // The first stone after each run (or right after the stone):
            // one of `c`'s goes on (its own run's end is among `ends`) or
            // stays where it is.
            let own_stops = shift(ends | own, dir) & occupied & own;
            landings |= ends | (own_stops & !shift(empty, dir.opposite()));
        }
        landings
    }

    /// Where the stone on `from` goes because of the stone `n` (square and
    /// distance) in direction `d`: toward an opponent's stone, stopping next
    /// to it; away from one of its own, to the next stone or the edge.
    #[inline]
    fn reaction(&self, from: Square, d: Dir, (n, dist): (Square, u8), own: Color) -> Option<Square> {
        if self.at(n) == Some(own) {
            Some(self.slide_end(from, d.opposite()))
        } else {
            GRID.ray(from, d).nth((dist as usize).checked_sub(2)?)
        }
    }

    /// Every move `(from, to)` of the side to move.
    pub fn moves(&self, rule: MoveRule) -> Vec<(Square, Square)> {
        self.moves_of(self.side, rule)
    }

    /// Every move `(from, to)` that `c`'s stones have, whoever is to move.
    pub fn moves_of(&self, c: Color, rule: MoveRule) -> Vec<(Square, Square)> {
        squares(self.stones[c.index()])
            .flat_map(|from| {
                self.destinations(from, rule)
                    .into_iter()
                    .map(move |to| (from, to))
            })
            .collect()
    }

    /// Whether `c` could act if it were its turn: a stone to drop (there is
    /// always an empty square) or a stone to move.
    pub fn can_act(&self, c: Color, rule: MoveRule) -> bool {
        self.hands[c.index()] > 0
            || squares(self.stones[c.index()]).any(|from| self.destination_set(from, rule) != 0)
    }

    /// The empty squares, ascending.
    pub fn empty_squares(&self) -> impl Iterator<Item = Square> + use<> {
        squares(!self.occupied())
    }
}

/// The squares from each square in each direction (indexed by
/// [`dir_index`]), the square itself excluded, as bit sets.
static RAYS: [[u64; 9]; 64] = rays();

const fn rays() -> [[u64; 9]; 64] {
    let mut table = [[0u64; 9]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut dy = -1i32;
        while dy <= 1 {
            let mut dx = -1i32;
            while dx <= 1 {
                let mut mask = 0u64;
                if dx != 0 || dy != 0 {
                    let (mut file, mut rank) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
                    while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                        mask |= 1 << (rank * 8 + file);
                        file += dx;
                        rank += dy;
                    }
                }
                table[sq][((dy + 1) * 3 + dx + 1) as usize] = mask;
                dx += 1;
            }
            dy += 1;
        }
        sq += 1;
    }
    table
}

const fn dir_index(dir: Dir) -> usize {
    ((dir.dy as i32 + 1) * 3 + dir.dx as i32 + 1) as usize
}

/// The squares from `from` in `dir`, `from` excluded.
#[inline]
fn ray(from: Square, dir: Dir) -> u64 {
    RAYS[from.index()][dir_index(dir)]
}

/// How a square's index changes with one step in `dir`.
const fn delta(dir: Dir) -> i32 {
    dir.dy as i32 * GRID_WIDTH + dir.dx as i32
}

/// Squares per rank ([`GRID`]'s width).
const GRID_WIDTH: i32 = 8;

/// The square of `set` (squares on one ray in `dir`) nearest the ray's
/// start: the lowest for a direction of growing indices, else the highest.
#[inline]
fn nearest(set: u64, dir: Dir) -> Option<Square> {
    (set != 0).then(|| {
        if delta(dir) > 0 {
            Square(set.trailing_zeros() as u8)
        } else {
            Square(63 - set.leading_zeros() as u8)
        }
    })
}

/// The square of `set` (squares on one ray in `dir`) farthest from the
/// ray's start.
#[inline]
fn farthest(set: u64, dir: Dir) -> Option<Square> {
    nearest(set, dir.opposite())
}

/// Steps from `from` to `to`, a square on its ray in `dir`.
#[inline]
fn steps(from: Square, to: Square, dir: Dir) -> u8 {
    ((to.0 as i32 - from.0 as i32) / delta(dir)) as u8
}

/// How many of `own`'s stones follow `sq` in `dir` without a gap.
#[inline]
fn run(own: u64, sq: Square, dir: Dir) -> usize {
    let path = ray(sq, dir);
    match nearest(path & !own, dir) {
        Some(gap) => steps(sq, gap, dir) as usize - 1,
        None => path.count_ones() as usize,
    }
}

/// Every square of `set` moved one step in `dir` (those leaving the board
/// dropped).
#[inline]
const fn shift(set: u64, dir: Dir) -> u64 {
    // Squares that may step east (not on file h) or west (not on file a).
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    let set = match dir.dx {
        1 => set & NOT_H,
        -1 => set & NOT_A,
        _ => set,
    };
    let d = delta(dir);
    if d > 0 { set << d } else { set >> -d }
}

/// For every square of `from`, the empty run after it in `dir`: where a
/// stone on it would slide to over the squares of `empty`, if anywhere
/// (the end of each run of at least one square).
#[inline]
fn slide_ends(from: u64, empty: u64, dir: Dir) -> u64 {
    // The last square of each run: the next one is not empty.
    slide_reach(from, empty, dir) & !shift(empty, dir.opposite())
}

/// The squares of `empty` reached from `from` by sliding in `dir`.
#[inline]
fn slide_reach(from: u64, empty: u64, dir: Dir) -> u64 {
    let mut reach = 0;
    let mut front = shift(from, dir) & empty;
    while front != 0 {
        reach |= front;
        front = shift(front, dir) & empty;
    }
    reach
}

/// The squares of `set` that lie in four or more of its squares in a row
/// (along a rank, a file or a diagonal), as a bit set.
fn four_in_a_row(set: u64) -> u64 {
    // Squares whose file leaves room for three more steps east (≤ e) or
    // west (≥ d).
    const EAST_ROOM: u64 = 0x1f1f_1f1f_1f1f_1f1f;
    const WEST_ROOM: u64 = 0xf8f8_f8f8_f8f8_f8f8;
    // (step of the index, the squares a run of four may start from)
    let lines = [(1, EAST_ROOM), (8, u64::MAX), (9, EAST_ROOM), (7, WEST_ROOM)];
    let mut cells = 0;
    for (step, room) in lines {
        let starts = set & (set >> step) & (set >> (2 * step)) & (set >> (3 * step)) & room;
        cells |= starts | (starts << step) | (starts << (2 * step)) | (starts << (3 * step));
    }
    cells
}

/// The squares of a bit set, ascending.
pub fn squares(set: u64) -> impl Iterator<Item = Square> {
    crate::geometry::indices(set).map(Square)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next number of a xorshift sequence: the tests' sets of squares.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// `slide_ends` and `slide_reach` find, for every stone at once, what
    /// sliding one stone square by square finds.
    #[test]
    fn slides_of_whole_sets_agree_with_one_stone() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..5_000 {
            let r = xorshift(&mut state);
            let occupied = r & r.rotate_left(23);
            let from = occupied & r.rotate_left(41);
            let pos = Position {
                stones: [occupied, 0],
                hands: [0, 0],
                side: Color::White,
            };
            for dir in Dir::ALL {
                let (mut ends, mut reach) = (0u64, 0u64);
                for sq in squares(from) {
                    let end = pos.slide_end(sq, dir);
                    if end != sq {
                        ends |= bit(end);
                    }
                    for s in GRID.ray(sq, dir).take_while(|s| occupied & bit(*s) == 0) {
                        reach |= bit(s);
                    }
                }
                assert_eq!(
                    slide_ends(from, !occupied, dir),
                    ends,
                    "{occupied:#x} {from:#x} {dir:?}"
                );
                assert_eq!(
                    slide_reach(from, !occupied, dir),
                    reach,
                    "{occupied:#x} {from:#x} {dir:?}"
                );
            }
        }
    }

    /// `four_in_a_row` finds the squares that `run` counts in a line of
    /// four or more, on every kind of set.
    #[test]
    fn four_in_a_row_agrees_with_counting_runs() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000 {
            // Sparse and dense sets alike.
            let r = xorshift(&mut state);
            let set = match i % 3 {
                0 => r,
                1 => r | r.rotate_left(17),
                _ => r & r.rotate_left(29),
            };
            let counted = squares(set)
                .filter(|&sq| {
                    Dir::LINES
                        .iter()
                        .any(|&d| 1 + run(set, sq, d) + run(set, sq, d.opposite()) >= 4)
                })
                .fold(0u64, |acc, sq| acc | bit(sq));
            assert_eq!(four_in_a_row(set), counted, "{set:#018x}");
        }
    }
}
