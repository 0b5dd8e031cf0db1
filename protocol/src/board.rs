//! Each game's board as structured JSON (the `board` field of a play
//! state), made from the rules' view for one viewer, so a client can draw
//! it without parsing the position format. Only what the view holds can
//! appear here: the view is already filtered for its viewer.

use lodestone_rules::AnyView;
use lodestone_rules::magma::{self, PhaseView};
use lodestone_rules::magnet::{self, SideView};
use lodestone_rules::magnetism::{self, MagnetView};
use lodestone_rules::magneton::{self, Color};
use serde_json::{Value, json};

/// The board of `view` as JSON text.
pub fn board_json(view: &AnyView) -> crate::RawJson {
    match view {
        AnyView::Magneton(p) => crate::RawJson::new(&magneton_board(p)),
        AnyView::Magnetism(v) => crate::RawJson::new(&magnetism_board(v)),
        AnyView::Magma(v) => magma_board(v),
        AnyView::Magnet(v) => crate::RawJson::new(&magnet_board(v)),
    }
}

/// `{"stones": {"white": ["D4"], "black": []}, "hands": {"white": 11,
/// "black": 12}, "side": "black", "phase": "drop"}`
fn magneton_board(p: &magneton::Position) -> Value {
    let stones = |c: Color| -> Vec<String> {
        magneton::squares(p.stones(c))
            .map(magneton::square_label)
            .collect()
    };
    json!({
        "stones": { "white": stones(Color::White), "black": stones(Color::Black) },
        "hands": { "white": p.hand(Color::White), "black": p.hand(Color::Black) },
        "side": p.side().name(),
        "phase": if p.in_drop_phase() { "drop" } else { "move" },
    })
}

/// `{"pieces": {"white": ["a1", …], "black": […]}, "magnets": {"white":
/// "g4", "black": "hidden"}, "side": "white", "far_row": {"white": 0,
/// "black": 0}}`. A magnet is a square, `"hidden"` (placed, but secret from
/// this viewer) or `null` (not placed yet).
fn magnetism_board(v: &magnetism::View) -> Value {
    use magnetism::Color;
    let pieces = |c: Color| -> Vec<String> { v.pieces(c).map(magnetism::square_label).collect() };
    let magnet = |c: Color| match v.magnet(c) {
        MagnetView::NotPlaced => Value::Null,
        MagnetView::Hidden => json!("hidden"),
        MagnetView::At(sq) => json!(magnetism::square_label(sq)),
    };
    json!({
        "pieces": { "white": pieces(Color::White), "black": pieces(Color::Black) },
        "magnets": { "white": magnet(Color::White), "black": magnet(Color::Black) },
        "side": v.side().name(),
        "far_row": { "white": v.far_row_count(Color::White), "black": v.far_row_count(Color::Black) },
    })
}

/// Magma: every cell (label, axial `q`/`r` with `r` growing upward, piece
/// colour, corner colour, the seat whose home it is), the turn slots, each
/// seat's colour, hand and homes, the phase, the timer and every colour's
/// score. Magma hides nothing. Built from typed parts rather than `json!`:
/// the board is the largest of the four and sent after every action.
fn magma_board(v: &magma::View) -> crate::RawJson {
    use serde::Serialize;

    #[derive(Serialize)]
    struct CellJson {
        cell: String,
        q: i8,
        r: i8,
        piece: Option<&'static str>,
        corner: Option<&'static str>,
        home_of: Option<u8>,
    }
    #[derive(Serialize)]
    struct SlotJson {
        seat: u8,
        color: &'static str,
        home: String,
    }
    #[derive(Serialize)]
    struct SeatJson {
        seat: u8,
        color: &'static str,
        hand: u8,
        homes: Vec<String>,
    }
    #[derive(Serialize)]
    struct ScoreJson {
        color: &'static str,
        seats: Vec<u8>,
        pieces: u32,
        territory: u32,
        total: u32,
    }
    #[derive(Serialize)]
    struct BoardJson {
        board: &'static str,
        cells: Vec<CellJson>,
        slots: Vec<SlotJson>,
        slot: usize,
        seats: Vec<SeatJson>,
        passes: u8,
        turns: u8,
        phase: Value,
        clock: Option<Value>,
        scores: Vec<ScoreJson>,
    }

    let seat = |s: lodestone_rules::Seat| s.0;
    let phase = match &v.phase {
        PhaseView::Turn { may_propose_end } => json!({"kind": "turn", "may_propose_end": may_propose_end}),
        PhaseView::Vote { proposer, waiting } => {
            json!({"kind": "vote", "proposer": seat(*proposer), "waiting": waiting.iter().map(|s| seat(*s)).collect::<Vec<_>>()})
        }
        PhaseView::Penalty { late, color, chooser } => {
            json!({"kind": "penalty", "late": seat(*late), "color": color.name(), "chooser": seat(*chooser)})
        }
        PhaseView::Agreed => json!({"kind": "agreed"}),
    };
    let board = BoardJson {
        board: v.board.name(),
        cells: v
            .cells
            .iter()
            .map(|c| CellJson {
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
            .map(|s| SlotJson {
                seat: seat(s.seat),
                color: s.color.name(),
                home: s.home.to_string(),
            })
            .collect(),
        slot: v.slot,
        seats: v
            .seats
            .iter()
            .map(|(s, sv)| SeatJson {
                seat: seat(s),
                color: sv.color.name(),
                hand: sv.hand,
                homes: sv.homes.iter().map(ToString::to_string).collect(),
            })
            .collect(),
        passes: v.passes,
        turns: v.turns,
        phase,
        clock: v.clock.map(|c| {
            json!({"timer": c.timer.name(), "budget_ms": c.budget_ms, "used_ms": c.used_ms, "running": c.deadline.is_some()})
        }),
        scores: v
            .scores
            .iter()
            .map(|s| ScoreJson {
                color: s.color.name(),
                seats: s.seats.iter().map(seat).collect(),
                pieces: s.pieces,
                territory: s.territory,
                total: s.total(),
            })
            .collect(),
    };
    crate::RawJson::new(&board)
}

/// Magnet: the side to move, the phase, and each side as this viewer may
/// see it. An open side (the viewer's own; every side once the game is
/// over) lists each piece's `kind` and `value`; a closed side lists only
/// where its pieces stand and their ranks: the view it is made from has no
/// kinds to give.
fn magnet_board(v: &magnet::View) -> Value {
    use magnet::Color;
    let side = |c: Color| match v.side(c) {
        SideView::Open(s) => json!({
            "open": true,
            "set_up": s.set_up,
            "pieces": s.pieces.iter().map(|p| json!({
                "vertex": p.vertex.to_string(),
                "rank": p.rank,
                "kind": p.kind.to_string(),
                "value": p.value(),
            })).collect::<Vec<_>>(),
            "captured": s.revealed.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "destroyed": s.secret.iter().map(ToString::to_string).collect::<Vec<_>>(),
        }),
        SideView::Closed(s) => json!({
            "open": false,
            "set_up": s.set_up,
            "pieces": s.pieces.iter().map(|p| json!({"vertex": p.vertex.to_string(), "rank": p.rank})).collect::<Vec<_>>(),
            "captured": s.revealed.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "destroyed": s.secret,
        }),
    };
    let start = |c: Color| -> Vec<String> {
        magnet::start_vertices(c)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    json!({
        "in_setup": v.in_setup,
        "side": v.side_to_move.name(),
        "opening": v.opening,
        "centre": magnet::Vertex::CENTRE.to_string(),
        "start": { "red": start(Color::Red), "blue": start(Color::Blue) },
        "red": side(Color::Red),
        "blue": side(Color::Blue),
    })
}
