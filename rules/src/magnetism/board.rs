//! Magnetism's position: twelve pieces a side and two magnets on the 12×8
//! board, and the side to move; magnet moves, pushes and pulls, and the
//! far-row counts.
//!
//! Squares are bits of a `u128` (bit `rank * 12 + file`); rays are walked
//! with precomputed lengths, so move generation allocates nothing.

use std::ops::ControlFlow;

use crate::geometry::square::{Dir, Grid, Square};

/// The 12×8 board: files a–l, ranks 1–8.
pub const GRID: Grid = Grid::new(12, 8);

/// Pieces each side owns (never captured, so always on the board).
pub const PIECES: u32 = 12;

const WIDTH: usize = 12;
const HEIGHT: usize = 8;
pub(crate) const SQUARES: usize = WIDTH * HEIGHT;

/// Every square of the board.
pub const BOARD: u128 = (1 << SQUARES) - 1;

/// A rank of the board (from 0) as a bit set.
pub(crate) const fn rank_mask(rank: usize) -> u128 {
    ((1 << WIDTH) - 1) << (rank * WIDTH)
}

crate::side::two_sides!(
    /// A side, and the colour of its pieces and magnet.
    White = "white",
    Black = "black"
);

impl Color {
    /// The rank (from 0) this side starts on: its own back row.
    pub const fn home_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => HEIGHT as u8 - 1,
        }
    }

    /// The rank (from 0) this side races to: the opponent's back row.
    pub const fn far_rank(self) -> u8 {
        self.other().home_rank()
    }

    /// The squares this side may choose for its magnet in the opening: its
    /// own half without the back row (white ranks 2–4, black ranks 5–7).
    pub const fn magnet_zone(self) -> u128 {
        match self {
            Color::White => rank_mask(1) | rank_mask(2) | rank_mask(3),
            Color::Black => rank_mask(4) | rank_mask(5) | rank_mask(6),
        }
    }

    /// The opening zone in words, for messages.
    pub const fn zone_text(self) -> &'static str {
        match self {
            Color::White => "ranks 2 to 4",
            Color::Black => "ranks 5 to 7",
        }
    }
}

pub(crate) const fn bit(sq: Square) -> u128 {
    1 << sq.0
}

/// The squares of a bit set, ascending.
pub fn squares(set: u128) -> impl Iterator<Item = Square> {
    crate::geometry::indices(set).map(Square)
}

/// The index step of each direction of [`Dir::ALL`].
const DELTA: [i8; 8] = {
    let mut t = [0i8; 8];
    let mut d = 0;
    while d < 8 {
        t[d] = Dir::ALL[d].dx + WIDTH as i8 * Dir::ALL[d].dy;
        d += 1;
    }
    t
};

/// `RAY_LEN[sq][d]`: how many squares lie beyond `sq` in `Dir::ALL[d]`.
const RAY_LEN: [[u8; 8]; SQUARES] = RAY_TABLES.0;

/// `RAYS[sq][d]`: the squares beyond `sq` in `Dir::ALL[d]`, as a bit set.
static RAYS: [[u128; 8]; SQUARES] = RAY_TABLES.1;

/// [`RAY_LEN`] and [`RAYS`], built by one walk of every ray.
const RAY_TABLES: ([[u8; 8]; SQUARES], [[u128; 8]; SQUARES]) = {
    let mut lens = [[0u8; 8]; SQUARES];
    let mut rays = [[0u128; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = (Dir::ALL[d].dx as i32, Dir::ALL[d].dy as i32);
            let (mut x, mut y) = ((sq % WIDTH) as i32 + dx, (sq / WIDTH) as i32 + dy);
            while x >= 0 && x < WIDTH as i32 && y >= 0 && y < HEIGHT as i32 {
                lens[sq][d] += 1;
                rays[sq][d] |= 1 << (y * WIDTH as i32 + x);
                x += dx;
                y += dy;
            }
            d += 1;
        }
        sq += 1;
    }
    (lens, rays)
};

/// How many footprints [`Position::footprints`] collects at most.
pub(crate) const FOOTPRINTS: usize = 32;

/// How many footprints sharing no square answer every question asked of
/// [`Footprints`] (at most three squares filled, then two more at most).
const ENOUGH_APART: usize = 5;

/// Footprints of complete moves of one side ([`Position::footprints`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Footprints {
    prints: [u128; FOOTPRINTS],
    len: usize,
    /// How many of them share no square, found greedily.
    apart: usize,
    /// The squares of those.
    apart_squares: u128,
}

impl Default for Footprints {
    fn default() -> Footprints {
        Footprints {
            prints: [0; FOOTPRINTS],
            len: 0,
            apart: 0,
            apart_squares: 0,
        }
    }
}

impl Footprints {
    /// Adds one; false when no more are needed: when full, or when
    /// [`ENOUGH_APART`] share no square (every question asked of them is
    /// then answered by those alone).
    fn push(&mut self, print: u128) -> bool {
        self.prints[self.len] = print;
        self.len += 1;
        if print & self.apart_squares == 0 {
            self.apart += 1;
            self.apart_squares |= print;
        }
        self.len < FOOTPRINTS && self.apart < ENOUGH_APART
    }

    fn as_slice(&self) -> &[u128] {
        &self.prints[..self.len]
    }

    /// Whether one of them touches none of `filled`.
    pub(crate) fn any_avoiding(&self, filled: u128) -> bool {
        // Each filled square touches at most one of those that share none.
        self.apart > filled.count_ones() as usize || self.as_slice().iter().any(|&p| p & filled == 0)
    }

    /// The squares that touch every footprint that `filled` does not
    /// touch (every square when there is none).
    pub(crate) fn touching_all(&self, filled: u128) -> u128 {
        if self.apart > filled.count_ones() as usize + 1 {
            // Two of those sharing no square are left: nothing touches both.
            return 0;
        }
        self.as_slice()
            .iter()
            .filter(|&&p| p & filled == 0)
            .fold(BOARD, |acc, &p| acc & p)
    }

    /// Whether, leaving out those that touch `filled`, some two squares
    /// (or one) touch every footprint left (true when none is left): only
    /// then can filling `filled` and two squares more leave none of these
    /// moves.
    pub(crate) fn two_squares_touch_all(&self, filled: u128) -> bool {
        // Three that share no square, after `filled` took at most one each.
        if self.apart >= 3 + filled.count_ones() as usize {
            return false;
        }
        let left = || self.as_slice().iter().copied().filter(move |&p| p & filled == 0);
        let (mut used, mut apart) = (0u128, 0);
        for p in left() {
            if p & used == 0 {
                used |= p;
                apart += 1;
                if apart == 3 {
                    return false;
                }
            }
        }
        let Some(first) = left().next() else {
            return true;
        };
        // One of the two squares lies in the first footprint.
        squares(first).any(|x| {
            let mut others = left().filter(|&p| p & bit(x) == 0);
            match others.next() {
                None => true,
                Some(p) => others.fold(p, |acc, q| acc & q) != 0,
            }
        })
    }
}

/// The square of `set` (squares on one ray in direction `d`) nearest the
/// ray's start.
#[inline]
fn nearest(set: u128, d: usize) -> Option<Square> {
    (set != 0).then(|| {
        if DELTA[d] > 0 {
            Square(set.trailing_zeros() as u8)
        } else {
            Square(127 - set.leading_zeros() as u8)
        }
    })
}

/// The square `k` steps from `sq` in direction `d` (the caller knows it is
/// on the board).
const fn offset(sq: Square, d: usize, k: u8) -> Square {
    Square((sq.0 as i16 + DELTA[d] as i16 * k as i16) as u8)
}

/// A slide of `steps` squares from `from` towards `dir` over the squares
/// `occupied`: refused, with a sentence for players, if one on the way or
/// at the end is taken (`mover` names what slides).
fn clear_path(from: Square, dir: Dir, steps: u8, occupied: u128, mover: &str) -> Result<(), String> {
    let mut path = GRID.ray(from, dir).take(usize::from(steps));
    match path.find(|&s| occupied & bit(s) != 0) {
        None => Ok(()),
        // The last square of the path: where the slide would end.
        Some(sq) if path.next().is_none() => Err(format!("{} is occupied", label(sq))),
        Some(sq) => Err(format!(
            "{mover} cannot pass through {}: it is occupied",
            label(sq)
        )),
    }
}

/// The lowercase label of a square: `g4`.
pub fn label(sq: Square) -> String {
    GRID.label(sq, false)
}

/// Why a position cannot exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition(pub String);

/// The pieces, the magnets and the side to move: everything that decides
/// future play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Squares of each colour's pieces.
    pieces: [u128; 2],
    /// Each colour's magnet; `None` until it is placed in the opening.
    magnets: [Option<Square>; 2],
    /// The side that moves next once both magnets are placed.
    side: Color,
}

impl Position {
    /// The Figure-1 setup: white on a1–l1, black on a8–l8, no magnet placed
    /// yet, white to move first.
    pub const fn start() -> Position {
        Position {
            pieces: [rank_mask(0), rank_mask(HEIGHT - 1)],
            magnets: [None, None],
            side: Color::White,
        }
    }

    /// A position from its parts, if they can occur in a game: twelve
    /// pieces a side, no square holding two things, and, while the opening
    /// lasts, a placed magnet inside its owner's opening zone.
    pub fn new(
        white: u128,
        black: u128,
        magnets: [Option<Square>; 2],
        side: Color,
    ) -> Result<Position, InvalidPosition> {
        let err = |m: String| Err(InvalidPosition(m));
        if (white | black) & !BOARD != 0 {
            return err("a piece lies off the board".into());
        }
        if white & black != 0 {
            return err("a square holds two pieces".into());
        }
        let pos = Position {
            pieces: [white, black],
            magnets,
            side,
        };
        for c in Color::BOTH {
            let n = pos.pieces[c.index()].count_ones();
            if n != PIECES {
                return err(format!("{} has {n} pieces; each side has {PIECES}", c.name()));
            }
        }
        for c in Color::BOTH {
            let Some(m) = magnets[c.index()] else {
                continue;
            };
            if m.index() >= SQUARES {
                return err(format!("the {} magnet lies off the board", c.name()));
            }
            if (white | black) & bit(m) != 0 {
                return err(format!(
                    "the {} magnet's square {} holds a piece",
                    c.name(),
                    label(m)
                ));
            }
            if !pos.opening_done() && c.magnet_zone() & bit(m) == 0 {
                return err(format!(
                    "the {} magnet on {} is outside {}, where it must be placed in the opening",
                    c.name(),
                    label(m),
                    c.zone_text()
                ));
            }
        }
        if let [Some(a), Some(b)] = magnets
            && a == b
        {
            return err(format!("both magnets are on {}", label(a)));
        }
        Ok(pos)
    }

    pub const fn side(&self) -> Color {
        self.side
    }

    /// The squares of `c`'s pieces.
    pub const fn pieces(&self, c: Color) -> u128 {
        self.pieces[c.index()]
    }

    /// `c`'s magnet, once placed.
    pub const fn magnet(&self, c: Color) -> Option<Square> {
        self.magnets[c.index()]
    }

    /// Whether both magnets are on the board (the opening is over).
    pub const fn opening_done(&self) -> bool {
        self.magnets[0].is_some() && self.magnets[1].is_some()
    }

    /// The colour of the piece on `sq`, if any (magnets are not pieces).
    pub const fn at(&self, sq: Square) -> Option<Color> {
        if self.pieces[0] & bit(sq) != 0 {
            Some(Color::White)
        } else if self.pieces[1] & bit(sq) != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The colour of the magnet on `sq`, if any.
    pub fn magnet_at(&self, sq: Square) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.magnets[c.index()] == Some(sq))
    }

    fn magnet_bits(&self, c: Color) -> u128 {
        self.magnets[c.index()].map_or(0, bit)
    }

    /// Squares holding a piece or a magnet.
    pub fn occupied(&self) -> u128 {
        self.pieces[0] | self.pieces[1] | self.magnet_bits(Color::White) | self.magnet_bits(Color::Black)
    }

    pub fn is_empty(&self, sq: Square) -> bool {
        self.occupied() & bit(sq) == 0
    }

    /// How many of `c`'s pieces stand on its far row (the opponent's back
    /// row).
    pub const fn far_row_count(&self, c: Color) -> u32 {
        (self.pieces[c.index()] & rank_mask(c.far_rank() as usize)).count_ones()
    }

    /// The empty squares of `c`'s opening zone: where its magnet may go.
    pub fn placements(&self, c: Color) -> u128 {
        c.magnet_zone() & !self.occupied()
    }

    /// Puts `c`'s magnet on `sq` (an unchecked opening placement).
    pub(crate) fn place_magnet(&mut self, c: Color, sq: Square) {
        debug_assert!(self.magnets[c.index()].is_none() && self.is_empty(sq));
        self.magnets[c.index()] = Some(sq);
    }

    /// The squares `c`'s magnet can move to like a queen: at least one
    /// step, never through or onto a piece or the other magnet. Empty if the
    /// magnet is not placed.
    pub fn magnet_destinations(&self, c: Color) -> u128 {
        let Some(from) = self.magnets[c.index()] else {
            return 0;
        };
        let blocked = self.occupied();
        let mut targets = 0;
        for (d, &len) in RAY_LEN[from.index()].iter().enumerate() {
            for k in 1..=len {
                let sq = offset(from, d, k);
                if blocked & bit(sq) != 0 {
                    break;
                }
                targets |= bit(sq);
            }
        }
        targets
    }

    /// Calls `f(magnet, from, to)` for every complete move of `c`: its
    /// magnet to `magnet`, then its piece on `from` pushed or pulled to
    /// `to`. Each move is visited once. Stops early when `f` breaks.
    pub fn visit_moves(
        &self,
        c: Color,
        mut f: impl FnMut(Square, Square, Square) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for m in squares(self.magnet_destinations(c)) {
            self.visit_moves_with_magnet(c, m, &mut f)?;
        }
        ControlFlow::Continue(())
    }

    /// [`Position::visit_moves`] for the moves whose magnet goes to `m`
    /// (one of its destinations).
    fn visit_moves_with_magnet(
        &self,
        c: Color,
        m: Square,
        mut f: impl FnMut(Square, Square, Square) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let own = self.pieces[c.index()];
        let enemy_magnet = self.magnets[c.other().index()];
        // The own magnet leaves its square, so that square is free below.
        let fixed = self.pieces[0] | self.pieces[1] | self.magnet_bits(c.other());
        {
            let blocked = fixed | bit(m);
            for d in 0..8 {
                for k in 1..=RAY_LEN[m.index()][d] {
                    let s = offset(m, d, k);
                    if Some(s) == enemy_magnet {
                        // Influence does not pass the opponent's magnet.
                        break;
                    }
                    if own & bit(s) == 0 {
                        continue;
                    }
                    // Pull: toward the magnet, stopping before anything
                    // (at the latest before the magnet itself).
                    let mut t = s;
                    loop {
                        t = Square((t.0 as i16 - DELTA[d] as i16) as u8);
                        if blocked & bit(t) != 0 {
                            break;
                        }
                        f(m, s, t)?;
                    }
                    // Push: away from the magnet, to the edge at most.
                    for j in 1..=RAY_LEN[s.index()][d] {
                        let t = offset(s, d, j);
                        if blocked & bit(t) != 0 {
                            break;
                        }
                        f(m, s, t)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether `c` has at least one complete move.
    pub fn has_move(&self, c: Color) -> bool {
        self.visit_moves(c, |_, _, _| ControlFlow::Break(())).is_break()
    }

    /// The footprints of some complete moves of `c` (at most
    /// [`FOOTPRINTS`]), the smallest for each square its magnet may go
    /// to: the squares that move needs as they are. Those are its
    /// magnet's path (the square it leaves excluded), the squares between
    /// the magnet and the piece, the piece's square and the first square of
    /// its push or pull (a longer push or pull passes there too). A change
    /// of the board that only empties squares, fills squares, takes one of
    /// `c`'s pieces away or puts the other magnet somewhere leaves every
    /// move whose footprint it does not touch legal: emptying a square can
    /// only help, and the other magnet shields a piece only from between.
    pub(crate) fn footprints(&self, c: Color) -> Footprints {
        let mut out = Footprints::default();
        let Some(start) = self.magnets[c.index()] else {
            return out;
        };
        let own = self.pieces[c.index()];
        let enemy_magnet = self.magnet_bits(c.other());
        // The own magnet leaves its square, so that square is free below.
        let fixed = self.pieces[0] | self.pieces[1] | enemy_magnet;
        // The magnet's stops nearest first, all directions at each
        // distance, so that the footprints kept are spread out.
        let lens = &RAY_LEN[start.index()];
        let mut paths = [0u128; 8];
        let mut open = [true; 8];
        for k in 1..=lens.iter().copied().max().unwrap_or(0) {
            for md in 0..8 {
                if !open[md] || k > lens[md] {
                    continue;
                }
                let m = offset(start, md, k);
                if fixed & bit(m) != 0 {
                    open[md] = false;
                    continue;
                }
                paths[md] |= bit(m);
                let path = paths[md];
                let blocked = fixed | bit(m);
                // The smallest footprint from this stop: all of this
                // stop's footprints hold `m`, so one is as good as many.
                let mut best: Option<u128> = None;
                for d in 0..8 {
                    let ray = RAYS[m.index()][d];
                    // The pieces of `c` on the ray before the other magnet.
                    let mut candidates = ray & (own | enemy_magnet);
                    while let Some(s) = nearest(candidates, d) {
                        if enemy_magnet & bit(s) != 0 {
                            break;
                        }
                        let beyond = RAYS[s.index()][d];
                        let between = ray & !(beyond | bit(s));
                        // A pull one step (onto a square between) or a push
                        // one step.
                        let pull = Square((s.0 as i16 - DELTA[d] as i16) as u8);
                        let print = if blocked & bit(pull) == 0 {
                            Some(path | between | bit(s))
                        } else if RAY_LEN[s.index()][d] > 0 && blocked & bit(offset(s, d, 1)) == 0 {
                            Some(path | between | bit(s) | bit(offset(s, d, 1)))
                        } else {
                            None
                        };
                        if let Some(print) = print {
                            if best.is_none_or(|b| print.count_ones() < b.count_ones()) {
                                best = Some(print);
                            }
                            // Farther pieces on this ray have more between.
                            break;
                        }
                        candidates &= beyond;
                    }
                }
                if let Some(print) = best
                    && !out.push(print)
                {
                    return out;
                }
            }
        }
        out
    }

    /// The same position with `c`'s magnet on `sq` (an empty square).
    pub(crate) fn with_magnet(&self, c: Color, sq: Square) -> Position {
        let mut pos = *self;
        pos.magnets[c.index()] = Some(sq);
        pos
    }

    /// Whether the side to move has a complete move after which it wins at
    /// once: all its pieces across, or the other side, not ahead, unable to
    /// complete a move. `other_moves` are footprints of the other side's
    /// moves ([`Position::footprints`]) on a board that differs from this
    /// one only by squares emptied and the squares `filled` (or its piece
    /// taken from them): a move of the side to move fills two squares more
    /// (where its magnet and its piece go), so unless two squares touch
    /// every footprint that `filled` does not, the other side keeps a move. Moves
    /// are played only when the counts allow a win and that is not known.
    pub(crate) fn can_win_at_once(&self, other_moves: &Footprints, filled: u128) -> bool {
        let color = self.side;
        let other = color.other();
        let (mine, theirs) = (self.far_row_count(color), self.far_row_count(other));
        // A move brings at most one more piece across.
        let all_across = mine + 1 >= PIECES;
        let stuck = mine + 1 >= theirs && other_moves.two_squares_touch_all(filled);
        if !all_across && !stuck {
            return false;
        }
        let wins = |magnet: Square, from: Square, to: Square| {
            let mut after = *self;
            after.play(magnet, from, to);
            let (mine, theirs) = (after.far_row_count(color), after.far_row_count(other));
            let wins = mine == PIECES || (theirs <= mine && !after.has_move(other));
            if wins {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        if all_across {
            return self.visit_moves(color, wins).is_break();
        }
        // Only a move that touches every footprint left can leave the other
        // side without a move: for each square the magnet may go to, the
        // piece must go where every footprint the magnet leaves alone is
        // touched.
        squares(self.magnet_destinations(color)).any(|magnet| {
            let targets = other_moves.touching_all(filled | bit(magnet));
            targets != 0
                && self
                    .visit_moves_with_magnet(color, magnet, |m, from, to| {
                        if targets & bit(to) == 0 {
                            ControlFlow::Continue(())
                        } else {
                            wins(m, from, to)
                        }
                    })
                    .is_break()
        })
    }

    /// Every complete move `(magnet, from, to)` of `c`.
    pub fn moves(&self, c: Color) -> Vec<(Square, Square, Square)> {
        let mut out = Vec::new();
        let _ = self.visit_moves(c, |m, from, to| {
            out.push((m, from, to));
            ControlFlow::Continue(())
        });
        out
    }

    /// Checks the complete move `(magnet) from-to` for the side to move,
    /// both magnets being placed. The error is a sentence for players.
    pub fn check_move(&self, magnet: Square, from: Square, to: Square) -> Result<(), String> {
        let c = self.side;
        let Some(start) = self.magnets[c.index()] else {
            return Err(format!("{} has not placed its magnet", c.name()));
        };
        let (ms, m) = (label(start), label(magnet));
        // Part 1: the magnet moves like a queen over empty squares.
        if magnet == start {
            return Err(format!("the magnet must move: it is already on {m}"));
        }
        let Some((dir, dist)) = GRID.direction(start, magnet) else {
            return Err(format!(
                "the magnet on {ms} cannot reach {m}: it moves along a rank, file or diagonal"
            ));
        };
        let occupied = self.occupied();
        clear_path(start, dir, dist, occupied, "the magnet")?;
        // Part 2: one of the mover's pieces on a line with the magnet.
        let (f, t) = (label(from), label(to));
        match self.at(from) {
            None => return Err(format!("there is no piece on {f}")),
            Some(owner) if owner != c => {
                return Err(format!("the piece on {f} is {}'s", owner.name()));
            }
            Some(_) => {}
        }
        let Some((line, reach)) = GRID.direction(magnet, from) else {
            return Err(format!(
                "{f} is not on a rank, file or diagonal with the magnet on {m}"
            ));
        };
        let enemy = self.magnets[c.other().index()];
        if let Some(shield) = GRID
            .ray(magnet, line)
            .take(reach as usize - 1)
            .find(|&s| Some(s) == enemy)
        {
            return Err(format!(
                "the {} magnet on {} shields {f} from the magnet on {m}",
                c.other().name(),
                label(shield)
            ));
        }
        if from == to {
            return Err(format!("the piece on {f} must move at least one square"));
        }
        let (step, steps) = match GRID.direction(from, to) {
            Some((d, n)) if d == line => (d, n),
            Some((d, n)) if d == line.opposite() => {
                if n >= reach {
                    return Err(format!("{f} cannot be pulled onto or past the magnet on {m}"));
                }
                (d, n)
            }
            _ => {
                return Err(format!(
                    "{f}-{t} does not follow the line from the magnet on {m} through {f}"
                ));
            }
        };
        // The magnet has left `start` and now stands on `magnet`.
        let blocked = (occupied & !bit(start)) | bit(magnet);
        clear_path(from, step, steps, blocked, &format!("the piece on {f}"))
    }

    /// Plays a checked move of the side to move and hands the turn over.
    pub(crate) fn play(&mut self, magnet: Square, from: Square, to: Square) {
        let c = self.side.index();
        self.magnets[c] = Some(magnet);
        // The piece may land on the square the magnet has just left.
        debug_assert!(self.pieces[c] & bit(from) != 0 && self.is_empty(to));
        self.pieces[c] ^= bit(from) | bit(to);
        self.side = self.side.other();
    }
}

#[cfg(test)]
mod tests;
