//! Each game's board as structured JSON (the `board` field of a play
//! state), made from the rules' view for one viewer, so a client can draw
//! it without parsing the position format. Only what the view holds can
//! appear here: the view is already filtered for its viewer.

use lodestone_rules::AnyView;
use lodestone_rules::magnetism::{self, MagnetView};
use lodestone_rules::magneton::{self, Color};
use serde_json::{Value, json};

/// The board of `view` as JSON.
pub fn board_json(view: &AnyView) -> Value {
    match view {
        AnyView::Magneton(p) => magneton_board(p),
        AnyView::Magnetism(v) => magnetism_board(v),
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
