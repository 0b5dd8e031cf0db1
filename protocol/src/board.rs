//! Each game's board as structured JSON (the `board` field of a play
//! state), made from the rules' view for one viewer, so a client can draw
//! it without parsing the position format. Only what the view holds can
//! appear here: the view is already filtered for its viewer. The types are
//! typed (and exported to the browser's type declarations) so a field name
//! is checked on both sides.

use lodestone_rules::AnyView;
use lodestone_rules::Seat;
use lodestone_rules::magma::{self, PhaseView};
use lodestone_rules::magnet::{self, SideView};
use lodestone_rules::magnetism::{self, MagnetView};
use lodestone_rules::magneton;
use schemars::JsonSchema;
use serde::Serialize;
use ts_rs::TS;

/// The board of `view` as JSON text.
pub fn board_json(view: &AnyView) -> crate::RawJson {
    crate::RawJson::new(&board(view))
}

/// The board of `view`.
pub fn board(view: &AnyView) -> Board {
    match view {
        AnyView::Magneton(p) => Board::Magneton(magneton_board(p)),
        AnyView::Magnetism(v) => Board::Magnetism(magnetism_board(v)),
        AnyView::Magma(v) => Board::Magma(magma_board(v)),
        AnyView::Magnet(v) => Board::Magnet(magnet_board(v)),
    }
}

/// The `board` of a play state: the game's own shape (the room's `game`
/// says which).
#[derive(Clone, Debug, PartialEq, Serialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum Board {
    Magneton(MagnetonBoard),
    Magnetism(MagnetismBoard),
    Magma(MagmaBoard),
    Magnet(MagnetBoard),
}

/// One value for each side of a white-and-black game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct WhiteBlack<T> {
    pub white: T,
    pub black: T,
}

/// One value for each side of Magnet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct RedBlue<T> {
    pub red: T,
    pub blue: T,
}

/// Magneton: each side's stones (squares) and stones in hand, the side to
/// move and the phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagnetonBoard {
    pub stones: WhiteBlack<Vec<String>>,
    pub hands: WhiteBlack<u8>,
    #[ts(type = r#""white" | "black""#)]
    pub side: &'static str,
    #[ts(type = r#""drop" | "move""#)]
    pub phase: &'static str,
}

fn magneton_board(p: &magneton::Position) -> MagnetonBoard {
    use magneton::Color;
    let stones = |c: Color| -> Vec<String> {
        magneton::squares(p.stones(c))
            .map(magneton::square_label)
            .collect()
    };
    MagnetonBoard {
        stones: WhiteBlack {
            white: stones(Color::White),
            black: stones(Color::Black),
        },
        hands: WhiteBlack {
            white: p.hand(Color::White),
            black: p.hand(Color::Black),
        },
        side: p.side().name(),
        phase: if p.in_drop_phase() { "drop" } else { "move" },
    }
}

/// Magnetism: each side's pieces (squares), each magnet, the side to move
/// and how many pieces each side has on the opponent's back row. A magnet
/// is a square, `"hidden"` (placed, but secret from this viewer) or `null`
/// (not placed yet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagnetismBoard {
    pub pieces: WhiteBlack<Vec<String>>,
    pub magnets: WhiteBlack<Option<String>>,
    #[ts(type = r#""white" | "black""#)]
    pub side: &'static str,
    pub far_row: WhiteBlack<u32>,
}

fn magnetism_board(v: &magnetism::View) -> MagnetismBoard {
    use magnetism::Color;
    let pieces = |c: Color| -> Vec<String> { v.pieces(c).map(magnetism::square_label).collect() };
    let magnet = |c: Color| match v.magnet(c) {
        MagnetView::NotPlaced => None,
        MagnetView::Hidden => Some("hidden".to_string()),
        MagnetView::At(sq) => Some(magnetism::square_label(sq)),
    };
    MagnetismBoard {
        pieces: WhiteBlack {
            white: pieces(Color::White),
            black: pieces(Color::Black),
        },
        magnets: WhiteBlack {
            white: magnet(Color::White),
            black: magnet(Color::Black),
        },
        side: v.side().name(),
        far_row: WhiteBlack {
            white: v.far_row_count(Color::White),
            black: v.far_row_count(Color::Black),
        },
    }
}

/// Magma: every cell, the turn slots of a round and the current one, each
/// seat's colour, hand and homes, the passes in a row, the phase, the
/// timer and every colour's score as if the game ended now. Magma hides
/// nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagmaBoard {
    #[ts(type = r#""zigzag" | "radius5""#)]
    pub board: &'static str,
    /// In label order.
    pub cells: Vec<MagmaCell>,
    pub slots: Vec<MagmaSlot>,
    pub slot: u32,
    pub seats: Vec<MagmaSeat>,
    pub passes: u8,
    pub turns: u8,
    pub phase: MagmaPhase,
    /// Timed games: the timer (the countdown itself is the play state's
    /// `clock`).
    pub clock: Option<MagmaClock>,
    pub scores: Vec<MagmaScore>,
}

/// A Magma cell: its label, axial coordinates (`r` grows upward), the
/// colour of its piece and of its corner, and the seat whose home it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagmaCell {
    pub cell: String,
    pub q: i8,
    pub r: i8,
    pub piece: Option<&'static str>,
    pub corner: Option<&'static str>,
    pub home_of: Option<u8>,
}

/// A turn slot of a Magma round: the seat, its colour and the home it
/// enters through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagmaSlot {
    pub seat: u8,
    pub color: &'static str,
    pub home: String,
}

/// A Magma seat: its colour, pieces in hand and homes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagmaSeat {
    pub seat: u8,
    pub color: &'static str,
    pub hand: u8,
    pub homes: Vec<String>,
}

/// A colour's score: pieces on the board plus territory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagmaScore {
    pub color: &'static str,
    pub seats: Vec<u8>,
    pub pieces: u32,
    pub territory: u32,
    pub total: u32,
}

/// Where a Magma game is: a turn, a vote to end, a penalty to choose, or
/// ended by agreement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MagmaPhase {
    Turn {
        may_propose_end: bool,
    },
    Vote {
        proposer: u8,
        waiting: Vec<u8>,
    },
    Penalty {
        late: u8,
        color: &'static str,
        chooser: u8,
    },
    Agreed,
}

/// A timed Magma game's timer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagmaClock {
    #[ts(type = r#""hot" | "white-hot""#)]
    pub timer: &'static str,
    pub budget_ms: u32,
    pub used_ms: u32,
    pub running: bool,
}

fn magma_board(v: &magma::View) -> MagmaBoard {
    let seat = |s: Seat| s.0;
    MagmaBoard {
        board: v.board.name(),
        cells: v
            .cells
            .iter()
            .map(|c| MagmaCell {
                cell: c.label.to_string(),
                q: c.hex.q,
                r: c.hex.r,
                piece: c.piece.map(|p| p.name()),
                corner: c.corner.map(|p| p.name()),
                home_of: c.home_of.map(seat),
            })
            .collect(),
        slots: v
            .slots
            .iter()
            .map(|s| MagmaSlot {
                seat: seat(s.seat),
                color: s.color.name(),
                home: s.home.to_string(),
            })
            .collect(),
        slot: v.slot as u32,
        seats: v
            .seats
            .iter()
            .map(|(s, sv)| MagmaSeat {
                seat: seat(s),
                color: sv.color.name(),
                hand: sv.hand,
                homes: sv.homes.iter().map(ToString::to_string).collect(),
            })
            .collect(),
        passes: v.passes,
        turns: v.turns,
        phase: match &v.phase {
            PhaseView::Turn { may_propose_end } => MagmaPhase::Turn {
                may_propose_end: *may_propose_end,
            },
            PhaseView::Vote { proposer, waiting } => MagmaPhase::Vote {
                proposer: seat(*proposer),
                waiting: waiting.iter().map(|s| seat(*s)).collect(),
            },
            PhaseView::Penalty { late, color, chooser } => MagmaPhase::Penalty {
                late: seat(*late),
                color: color.name(),
                chooser: seat(*chooser),
            },
            PhaseView::Agreed => MagmaPhase::Agreed,
        },
        clock: v.clock.map(|c| MagmaClock {
            timer: c.timer.name(),
            budget_ms: c.budget_ms,
            used_ms: c.used_ms,
            running: c.deadline.is_some(),
        }),
        scores: v
            .scores
            .iter()
            .map(|s| MagmaScore {
                color: s.color.name(),
                seats: s.seats.iter().map(seat).collect(),
                pieces: s.pieces,
                territory: s.territory,
                total: s.total(),
            })
            .collect(),
    }
}

/// Magnet: the phase, the side to move, the centre, each side's start
/// vertices, and each side as this viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagnetBoard {
    pub in_setup: bool,
    #[ts(type = r#""red" | "blue""#)]
    pub side: &'static str,
    /// Whether red's opening turn (one piece only) is still to come.
    pub opening: bool,
    pub centre: String,
    /// Each side's twelve start vertices, in label order.
    pub start: RedBlue<Vec<String>>,
    pub red: MagnetSide,
    pub blue: MagnetSide,
}

/// A Magnet side as the viewer may see it. An open side (the viewer's
/// own; every side once the game is over) gives each piece's `kind` and
/// `value` and its destroyed pieces by kind; a closed side gives only
/// where its pieces stand and their ranks, and how many were destroyed:
/// the view it is made from has no kinds to give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagnetSide {
    pub open: bool,
    pub set_up: bool,
    pub pieces: Vec<MagnetPiece>,
    /// Captured pieces, by kind (public).
    pub captured: Vec<String>,
    /// Pieces removed by a trap: their kinds on an open side, their number
    /// on a closed one.
    pub destroyed: Destroyed,
}

/// A Magnet piece; `kind` and `value` only on an open side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
pub struct MagnetPiece {
    pub vertex: String,
    pub rank: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub value: Option<u8>,
}

/// The pieces a trap destroyed: by kind, or only how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum Destroyed {
    Kinds(Vec<String>),
    Count(u32),
}

fn magnet_board(v: &magnet::View) -> MagnetBoard {
    use magnet::Color;
    let kinds = |kinds: &[magnet::Kind]| -> Vec<String> { kinds.iter().map(ToString::to_string).collect() };
    let piece = |vertex: magnet::Vertex, rank: u8, kind: Option<magnet::Kind>| MagnetPiece {
        vertex: vertex.to_string(),
        rank,
        kind: kind.map(|k| k.to_string()),
        value: kind.map(|k| k.value()),
    };
    let side = |c: Color| match v.side(c) {
        SideView::Open(s) => MagnetSide {
            open: true,
            set_up: s.set_up,
            pieces: s
                .pieces
                .iter()
                .map(|p| piece(p.vertex, p.rank, Some(p.kind)))
                .collect(),
            captured: kinds(&s.revealed),
            destroyed: Destroyed::Kinds(kinds(&s.secret)),
        },
        SideView::Closed(s) => MagnetSide {
            open: false,
            set_up: s.set_up,
            pieces: s.pieces.iter().map(|p| piece(p.vertex, p.rank, None)).collect(),
            captured: kinds(&s.revealed),
            destroyed: Destroyed::Count(s.secret as u32),
        },
    };
    let start = |c: Color| -> Vec<String> {
        magnet::start_vertices(c)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    MagnetBoard {
        in_setup: v.in_setup,
        side: v.side_to_move.name(),
        opening: v.opening,
        centre: magnet::Vertex::CENTRE.to_string(),
        start: RedBlue {
            red: start(Color::Red),
            blue: start(Color::Blue),
        },
        red: side(Color::Red),
        blue: side(Color::Blue),
    }
}
