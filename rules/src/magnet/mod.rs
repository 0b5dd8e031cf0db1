//! Magnet (Matt Calkins, 2008): two sides of twelve pieces whose values are
//! hidden from the opponent set up in secret on a 91-vertex hexagon; a turn
//! puts the magnet on a vertex and pulls the closest own piece of each of
//! its six rays toward it, capturing every enemy piece entered. Capture the
//! enemy King, or hold the centre with your own for a whole enemy turn.
//!
//! The rules are those of RULINGS.md; `docs/rules/magnet.md` tells them in
//! full, with our decisions.

mod board;
mod notation;
mod turn;
mod view;

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use rand_core::Rng;

pub use board::{
    Color, InvalidPosition, Kind, MATERIAL, Piece, Position, Removed, VERTICES, Vertex, start_vertices,
};
pub use view::{ClosedSide, HiddenPiece, KnownPiece, OpenSide, SideView, View};

use board::Board;
use turn::{Affected, MAX_AFFECTED, affected, outcomes, plan, run};

use crate::game::{
    ErrorCode, Game, Millis, NotationError, Offer, OptionError, OptionSpec, OptionValues, Outcome, RuleError,
};
use crate::{GameKind, Seat, SeatSet, Viewer};

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

/// Up to six vertices: the order of a turn's pieces, or its promotions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VertexList {
    items: [Option<Vertex>; MAX_AFFECTED],
    len: u8,
}

impl VertexList {
    pub const fn new() -> VertexList {
        VertexList {
            items: [None; MAX_AFFECTED],
            len: 0,
        }
    }

    /// The list of `vertices`, if there are at most six.
    pub fn from_slice(vertices: &[Vertex]) -> Option<VertexList> {
        let mut list = VertexList::new();
        vertices.iter().all(|&v| list.push(v)).then_some(list)
    }

    /// Appends `v`; false if the list is full.
    pub fn push(&mut self, v: Vertex) -> bool {
        let Some(slot) = self.items.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = Some(v);
        self.len += 1;
        true
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = Vertex> + '_ {
        self.items[..self.len()]
            .iter()
            .map(|v| v.expect("within the length"))
    }
}

/// One side's arrangement of its twelve pieces on its start vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    side: Color,
    /// `kinds[i]` stands on `start_vertices(side)[i]`.
    kinds: [Kind; 12],
}

impl Setup {
    /// The setup putting `kinds[i]` on the i-th start vertex of `side` (in
    /// label order). Whether the kinds are a side's material is for the
    /// rules to judge.
    pub const fn new(side: Color, kinds: [Kind; 12]) -> Setup {
        Setup { side, kinds }
    }

    /// The side whose start vertices it names.
    pub const fn side(&self) -> Color {
        self.side
    }

    pub const fn kinds(&self) -> &[Kind; 12] {
        &self.kinds
    }

    /// Each start vertex with its piece, in label order.
    pub fn pieces(&self) -> impl Iterator<Item = (Vertex, Kind)> + use<> {
        start_vertices(self.side).into_iter().zip(self.kinds)
    }

    /// A uniformly random arrangement for `side`, drawn from `rng` by a
    /// Fisher–Yates shuffle (so a seed reproduces it).
    pub fn random<R: Rng + ?Sized>(side: Color, rng: &mut R) -> Setup {
        let mut kinds = MATERIAL;
        for i in (1..kinds.len()).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            kinds.swap(i, j);
        }
        Setup::new(side, kinds)
    }

    /// Every distinct arrangement for `side` (12! / (3!·3!·3!) = 2,217,600),
    /// in lexicographic order of the kinds.
    pub fn all(side: Color) -> impl Iterator<Item = Setup> {
        let mut next = Some(MATERIAL);
        std::iter::from_fn(move || {
            let kinds = next?;
            let mut following = kinds;
            next = next_permutation(&mut following).then_some(following);
            Some(Setup::new(side, kinds))
        })
    }
}

/// A uniform number in `0..n` from `rng`, without modulo bias.
fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let zone = u32::MAX - u32::MAX % n;
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

/// Steps `items` to its next arrangement in lexicographic order; false
/// after the last.
fn next_permutation<T: Ord>(items: &mut [T]) -> bool {
    let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        return false;
    };
    let j = (i..items.len())
        .rev()
        .find(|&j| items[j] > items[i - 1])
        .expect("a larger item");
    items.swap(i - 1, j);
    items[i..].reverse();
    true
}

/// A turn: the magnet's vertex, optionally the order of the affected
/// pieces (by their starting vertices; left out, the default order), and
/// the pieces to promote (by their foreseen final vertices: where each
/// would end if every enemy piece were ordinary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub magnet: Vertex,
    pub order: Option<VertexList>,
    pub promote: VertexList,
}

/// One action of Magnet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A side's secret arrangement: `setup A2:K A3:2 …`.
    Setup(Setup),
    /// A turn: `F6`, `F6 E5,G6`, `F6 E5,G6 +F6,G5`.
    Turn(Turn),
}

/// Who arranges the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SetupRule {
    /// Each side chooses its arrangement in secret.
    #[default]
    Chosen,
    /// Chance deals both ([`Game::chance_actions`]).
    Random,
}

/// What the opponent learns of a piece a trap destroys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TrapVictims {
    /// Nothing: only captured pieces are revealed.
    #[default]
    Hidden,
    /// Its kind, like a captured piece's.
    Revealed,
}

/// The options of Magnet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub setup: SetupRule,
    pub trap_victims: TrapVictims,
}

const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "setup",
        values: &["chosen", "random"],
        help: "chosen: each side arranges its pieces in secret; random: they are dealt at random",
    },
    OptionSpec {
        key: "trap-victims",
        values: &["hidden", "revealed"],
        help: "whether the kind of a piece destroyed by a trap stays secret or is shown like a captured one",
    },
];

/// The position as it decides future play: every piece (owner, kind,
/// value, rank, vertex), the side to move and whether Red's opening turn is
/// to come. Perft counts these.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    repeated: Repeated,
    opening: bool,
}

/// What repetition compares (RULINGS.md): every piece's owner, kind, value,
/// rank and vertex, plus the side to move; not the opening turn, so the
/// start of play counts as the first occurrence of its position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Repeated {
    cells: [u8; VERTICES],
    side: Color,
}

/// A game of Magnet: the position plus what the position alone does not
/// say (options, the positions seen since the last irreversible turn, the
/// result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magnet {
    options: Options,
    position: Position,
    /// Every position since the last capture, trap or promotion (none of
    /// which can be undone), the current one last; empty during the setup.
    history: Vec<Repeated>,
    outcome: Option<Outcome>,
}

impl Color {
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    pub fn from_seat(seat: Seat) -> Option<Color> {
        match seat.0 {
            0 => Some(Color::Red),
            1 => Some(Color::Blue),
            _ => None,
        }
    }
}

/// The default order of up to six affected pieces.
const DEFAULT_ORDER: [u8; MAX_AFFECTED] = [0, 1, 2, 3, 4, 5];

/// A checked turn, ready to play.
struct Checked {
    magnet: Vertex,
    affected: Affected,
    order: PieceOrder,
    /// Indices into `affected` of the pieces to promote.
    promote: [u8; MAX_AFFECTED],
    promote_len: usize,
}

/// Indices into the affected pieces, in the order they move.
#[derive(Clone, Copy)]
struct PieceOrder {
    items: [u8; MAX_AFFECTED],
    len: usize,
}

impl PieceOrder {
    fn as_slice(&self) -> &[u8] {
        &self.items[..self.len]
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

fn list_labels(vertices: impl Iterator<Item = Vertex>) -> String {
    vertices.map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

impl Magnet {
    /// A game that continues from `position`.
    pub fn from_position(options: Options, position: Position) -> Magnet {
        let mut game = Magnet {
            options,
            position,
            history: Vec::new(),
            outcome: None,
        };
        if !game.position.in_setup() {
            game.history.push(game.repeated());
        }
        game.outcome = game.decide();
        game
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    fn repeated(&self) -> Repeated {
        Repeated {
            cells: *self.position.board.cells(),
            side: self.position.side(),
        }
    }

    /// How the position alone ends the game: a King gone, the two-King
    /// race won, or the side to move starting its turn with its King on
    /// the centre.
    fn decide(&self) -> Option<Outcome> {
        let pos = &self.position;
        if pos.in_setup() {
            return None;
        }
        let win = |color: Color, reason: String| Outcome::Win {
            winners: SeatSet::only(color.seat()),
            side: color.name().into(),
            reason,
        };
        for color in Color::BOTH {
            if pos.king(color).is_none() {
                // Turns always end with the other side to move: a King lost
                // in its owner's own turn fell to a trap.
                let reason = if color == pos.side() {
                    "king captured".to_string()
                } else {
                    format!("{}'s king captured a trap", color.name())
                };
                return Some(win(color.other(), reason));
            }
        }
        if Color::BOTH.iter().all(|&c| pos.board.count(c) == 1)
            && let Some(color) = Color::BOTH
                .into_iter()
                .find(|&c| pos.king(c) == Some(Vertex::CENTRE))
        {
            return Some(win(color, "two-king race".into()));
        }
        let side = pos.side();
        if pos.king(side) == Some(Vertex::CENTRE) {
            return Some(win(side, "king on the centre".into()));
        }
        None
    }

    fn side_of(&self, seat: Seat) -> Result<Color, RuleError> {
        Color::from_seat(seat).ok_or_else(|| {
            RuleError::new(
                ErrorCode::NotYourTurn,
                format!("Magnet has two seats (red and blue), not seat {}", seat.0),
            )
        })
    }

    fn check_setup(&self, seat: Seat, setup: &Setup) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        let color = self.side_of(seat)?;
        let name = color.name();
        if !self.position.in_setup() {
            return Err(RuleError::new(
                ErrorCode::WrongPhase,
                "the setup is over: both sides have set up",
            ));
        }
        if self.position.has_set_up(color) {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("{name} has already set up; waiting for {}", color.other().name()),
            ));
        }
        if setup.side() != color {
            return Err(RuleError::illegal(format!(
                "{name} sets up on its own start vertices ({}), not on {}'s",
                list_labels(start_vertices(color).into_iter()),
                setup.side().name()
            )));
        }
        for kind in Kind::ALL {
            let n = setup.kinds().iter().filter(|&&k| k == kind).count();
            if n != usize::from(kind.count()) {
                return Err(RuleError::illegal(format!(
                    "{name}'s setup has {n} of {}; a side has one K, three 2, one T2, three 3, one T3 and three 4",
                    kind.token()
                )));
            }
        }
        Ok(())
    }

    /// Checks a turn for the side to move without changing anything. Every
    /// check uses only what the mover knows (its own pieces and the board),
    /// so a refusal never tells it anything about the enemy's hidden
    /// pieces.
    fn check_turn(&self, seat: Seat, turn: &Turn) -> Result<Checked, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        let color = self.side_of(seat)?;
        let pos = &self.position;
        if pos.in_setup() {
            let missing: Vec<_> = Color::BOTH
                .into_iter()
                .filter(|&c| !pos.has_set_up(c))
                .map(Color::name)
                .collect();
            return Err(RuleError::new(
                ErrorCode::WrongPhase,
                format!(
                    "both sides set up before the first turn ({} has not yet)",
                    missing.join(" and ")
                ),
            ));
        }
        if color != pos.side() {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", pos.side().name()),
            ));
        }
        let name = color.name();
        let m = turn.magnet;
        let aff = affected(&pos.board, color, m);
        if aff.is_empty() {
            return Err(RuleError::illegal(format!(
                "no {name} piece lies on a line from {m}"
            )));
        }
        let affected_list = || list_labels(aff.iter().map(|r| r.from));
        let mut order = PieceOrder {
            items: [0; MAX_AFFECTED],
            len: 0,
        };
        match &turn.order {
            None if pos.is_opening() && aff.len() > 1 => {
                return Err(RuleError::illegal(format!(
                    "{name}'s opening turn moves exactly one piece: name one of {} after the magnet",
                    affected_list()
                )));
            }
            None => {
                order.items = DEFAULT_ORDER;
                order.len = aff.len();
            }
            Some(list) => {
                for v in list.iter() {
                    let i = aff.position(v).ok_or_else(|| {
                        RuleError::illegal(format!(
                            "{v} is not one of the pieces a magnet on {m} affects ({})",
                            affected_list()
                        ))
                    })?;
                    if order.as_slice().contains(&(i as u8)) {
                        return Err(RuleError::illegal(format!("{v} is listed twice in the order")));
                    }
                    order.items[order.len] = i as u8;
                    order.len += 1;
                }
                if pos.is_opening() && order.len != 1 {
                    return Err(RuleError::illegal(format!(
                        "{name}'s opening turn moves exactly one piece, not {}",
                        order.len
                    )));
                }
                if !pos.is_opening()
                    && let Some(missing) = aff.iter().find(|r| !list.iter().any(|v| v == r.from))
                {
                    return Err(RuleError::illegal(format!(
                        "the order must list every piece the magnet affects: {} is missing",
                        missing.from
                    )));
                }
            }
        }
        let planned = plan(&pos.board, color, m, &aff, order.as_slice());
        if planned.moves == 0 {
            return Err(RuleError::illegal(if pos.is_opening() && aff.len() > 1 {
                format!(
                    "the piece on {} cannot move toward {m}",
                    aff.get(usize::from(order.items[0])).from
                )
            } else {
                format!("a magnet on {m} moves no {name} piece")
            }));
        }
        let mut promote = [0u8; MAX_AFFECTED];
        let mut promote_len = 0;
        for v in turn.promote.iter() {
            let i = order
                .as_slice()
                .iter()
                .map(|&i| usize::from(i))
                .find(|&i| planned.ends[i] == Some(v))
                .ok_or_else(|| RuleError::illegal(format!("no moving {name} piece ends on {v}")))?;
            let piece = pos.at(aff.get(i).from).expect("an affected piece");
            if planned.may_move & (1 << i) == 0 {
                return Err(RuleError::illegal(format!(
                    "the piece on {v} does not move, so it cannot be promoted"
                )));
            }
            if piece.kind == Kind::King {
                return Err(RuleError::illegal(format!(
                    "the King ending on {v} is never promoted"
                )));
            }
            if !piece.can_promote() {
                return Err(RuleError::illegal(format!(
                    "the piece ending on {v} is already at rank {}, its value",
                    piece.rank
                )));
            }
            if promote[..promote_len].contains(&(i as u8)) {
                return Err(RuleError::illegal(format!("{v} is listed twice for promotion")));
            }
            promote[promote_len] = i as u8;
            promote_len += 1;
        }
        Ok(Checked {
            magnet: m,
            affected: aff,
            order,
            promote,
            promote_len,
        })
    }

    /// Plays a checked turn and decides whether the game has ended.
    fn play_turn(&mut self, turn: &Checked) {
        let color = self.position.side();
        let enemy = color.other();
        let mut board = self.position.board;
        let mut ends = [None; MAX_AFFECTED];
        let mut irreversible = false;
        let mut event = None;
        for &i in turn.order.as_slice() {
            let i = usize::from(i);
            let moved = run(&mut board, color, turn.magnet, turn.affected.get(i));
            ends[i] = moved.end;
            for kind in moved.captured.into_iter().flatten() {
                self.position.revealed[enemy.index()][kind as usize] += 1;
                irreversible = true;
            }
            if let Some(kind) = moved.destroyed {
                if self.options.trap_victims == TrapVictims::Revealed {
                    self.position.revealed[color.index()][kind as usize] += 1;
                }
                irreversible = true;
            }
            if moved.event.is_some() {
                event = moved.event;
                break;
            }
        }
        if event.is_none() {
            for &i in &turn.promote[..turn.promote_len] {
                let i = usize::from(i);
                // A promotion is void for a piece the turn removed or did
                // not move after all.
                if let Some(end) = ends[i].filter(|&e| e != turn.affected.get(i).from) {
                    board.promote(end);
                    irreversible = true;
                }
            }
        }
        self.position.board = board;
        self.position.side = enemy;
        self.position.opening = false;
        if irreversible {
            self.history.clear();
        }
        let key = self.repeated();
        self.history.push(key.clone());
        self.outcome = self.decide().or_else(|| {
            (self.history.iter().filter(|&k| *k == key).count() >= 3).then(|| Outcome::Draw {
                reason: "threefold repetition".into(),
            })
        });
    }

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
    fn offered_turns(&self) -> Vec<Offer<Action>> {
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

    fn turns(&self) -> Vec<Action> {
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

impl Game for Magnet {
    const KIND: GameKind = GameKind::Magnet;
    type Options = Options;
    type Action = Action;
    type View = View;
    type Key = Key;

    fn option_specs() -> &'static [OptionSpec] {
        OPTION_SPECS
    }

    fn options_from(values: &OptionValues) -> Result<Options, OptionError> {
        Ok(Options {
            setup: match values.get("setup") {
                "random" => SetupRule::Random,
                _ => SetupRule::Chosen,
            },
            trap_victims: match values.get("trap-victims") {
                "revealed" => TrapVictims::Revealed,
                _ => TrapVictims::Hidden,
            },
        })
    }

    fn option_pairs(options: &Options) -> Vec<(&'static str, String)> {
        let setup = match options.setup {
            SetupRule::Chosen => "chosen",
            SetupRule::Random => "random",
        };
        let victims = match options.trap_victims {
            TrapVictims::Hidden => "hidden",
            TrapVictims::Revealed => "revealed",
        };
        vec![("setup", setup.into()), ("trap-victims", victims.into())]
    }

    fn new(options: Options) -> Magnet {
        Magnet::from_position(options, Position::start())
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        Color::from_seat(seat).map_or_else(|| format!("seat {}", seat.0), |c| c.name().into())
    }

    fn to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::EMPTY
        } else if self.position.in_setup() {
            Color::BOTH
                .into_iter()
                .filter(|&c| !self.position.has_set_up(c))
                .map(Color::seat)
                .collect()
        } else {
            SeatSet::only(self.position.side().seat())
        }
    }

    /// Every distinct outcome once. During the setup: every arrangement of
    /// the seat's pieces (2,217,600 of them). In play: for each magnet
    /// vertex, the distinct results of the orders of the affected pieces
    /// (each with its lexicographically first order, written out only when
    /// it is not the default), each with every subset of the promotions it
    /// allows; results equal to an earlier one (from another vertex) are
    /// left out.
    ///
    /// The result depends on the enemy's hidden pieces (which orders give
    /// the same result, whether a King falls): it is for the referee and
    /// tools, never to be shown to a seat.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let color = Color::from_seat(seat).expect("a seat that may act");
        if self.position.in_setup() {
            return Setup::all(color).map(Action::Setup).collect();
        }
        self.turns()
    }

    /// Setups are composed by the client (2,217,600 arrangements); turns
    /// are offered from the mover's knowledge (see `offered_turns`).
    fn offers(&self, seat: Seat) -> Vec<Offer<Action>> {
        if !self.to_act().contains(seat) || self.position.in_setup() {
            return Vec::new();
        }
        self.offered_turns()
    }

    fn apply(&mut self, seat: Seat, action: &Action, _at: Millis) -> Result<(), RuleError> {
        match action {
            Action::Setup(setup) => {
                self.check_setup(seat, setup)?;
                self.position.place_setup(setup.side(), setup.kinds());
                if !self.position.in_setup() {
                    self.history = vec![self.repeated()];
                    self.outcome = self.decide();
                }
            }
            Action::Turn(turn) => {
                let checked = self.check_turn(seat, turn)?;
                self.play_turn(&checked);
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Every view is whole once the game is over.
    fn views_differ(&self) -> bool {
        self.outcome.is_none()
    }

    fn view(&self, viewer: Viewer) -> View {
        View::new(&self.position, viewer, self.outcome.as_ref())
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        text.parse()
    }

    fn parse_position(options: Options, text: &str) -> Result<Magnet, NotationError> {
        Ok(Magnet::from_position(options, text.parse()?))
    }

    fn position_key(&self) -> Key {
        Key {
            repeated: self.repeated(),
            opening: self.position.is_opening(),
        }
    }

    /// With `setup=random`, during the setup: a dealt arrangement for each
    /// side that has none yet, red first.
    fn chance_actions<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<(Seat, Action)> {
        if self.options.setup != SetupRule::Random || !self.position.in_setup() || self.outcome.is_some() {
            return Vec::new();
        }
        Color::BOTH
            .into_iter()
            .filter(|&c| !self.position.has_set_up(c))
            .map(|c| (c.seat(), Action::Setup(Setup::random(c, rng))))
            .collect()
    }

    /// A setup stays secret from everyone but its side (and the referee)
    /// until the game is over.
    fn conceals(&self, actor: Seat, action: &Action, viewer: Viewer) -> bool {
        let secret = matches!(action, Action::Setup(_)) && self.outcome.is_none();
        secret
            && match viewer {
                Viewer::Referee => false,
                Viewer::Seat(seat) => seat != actor,
                Viewer::Spectator => true,
            }
    }
}

impl std::fmt::Display for Magnet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.position, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_are_counted_and_distinct() {
        let mut n = 0usize;
        let mut last: Option<[Kind; 12]> = None;
        for s in Setup::all(Color::Red) {
            if let Some(prev) = last {
                assert!(prev < *s.kinds(), "setups are generated in increasing order");
            }
            last = Some(*s.kinds());
            n += 1;
        }
        assert_eq!(n, 2_217_600);
    }

    #[test]
    fn fisher_yates_draws_a_side_material() {
        struct Counter(u32);
        impl rand_core::TryRng for Counter {
            type Error = std::convert::Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                Ok(self.0)
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                Ok(u64::from(self.try_next_u32()?))
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
                for b in dst {
                    *b = self.try_next_u32()? as u8;
                }
                Ok(())
            }
        }
        let a = Setup::random(Color::Blue, &mut Counter(1));
        let b = Setup::random(Color::Blue, &mut Counter(1));
        assert_eq!(a, b);
        let mut sorted = *a.kinds();
        sorted.sort();
        assert_eq!(sorted, MATERIAL);
    }
}
