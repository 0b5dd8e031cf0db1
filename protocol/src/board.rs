//! Each game's board as structured JSON (the `board` field of a play
//! state), made from the rules' view for one viewer, so a client can draw
//! it without parsing the position format. Only what the view holds can
//! appear here: the view is already filtered for its viewer.

use lodestone_rules::AnyView;
use lodestone_rules::magneton::{self, Color};
use serde_json::{Value, json};

/// The board of `view` as JSON.
pub fn board_json(view: &AnyView) -> Value {
    match view {
        AnyView::Magneton(p) => magneton_board(p),
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
