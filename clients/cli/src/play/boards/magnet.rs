//! Magnet's board: the 91 vertices of the hexagonal lattice in columns A–K
//! (each column's vertices two lines apart, neighbouring columns half a
//! step higher or lower), row numbers along the left edges, the centre F6
//! marked. Red pieces read `r…`, blue ones `b…`: the kind when the viewer
//! may see it (`rK`, `rT2`), `?` otherwise, and the rank as a superscript
//! (`b?²`).

use lodestone_i18n::Words;
use serde::Deserialize;

use super::{Decor, DecorKind, Glyph, Layout, Size, Spot};

/// Something for each side.
#[derive(Clone, Debug, Deserialize)]
pub struct RedBlue<T> {
    pub red: T,
    pub blue: T,
}

/// Magnet's `board`.
#[derive(Clone, Debug, Deserialize)]
pub struct MagnetBoard {
    pub in_setup: bool,
    pub centre: String,
    pub start: RedBlue<Vec<String>>,
    pub red: MagnetSide,
    pub blue: MagnetSide,
}

/// One side as the viewer may see it: `open` sides carry kinds.
#[derive(Clone, Debug, Deserialize)]
pub struct MagnetSide {
    pub set_up: bool,
    pub pieces: Vec<MagnetPiece>,
    pub captured: Vec<String>,
    /// Kinds (an open side) or a count (a closed one).
    pub destroyed: serde_json::Value,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MagnetPiece {
    pub vertex: String,
    pub rank: u8,
    #[serde(default)]
    pub kind: Option<String>,
}

/// A turn's parts: `F6 E5,G6 +F6,G5` → (`F6`, [E5, G6], [F6, G5]).
pub fn read_turn(action: &str) -> (String, Vec<String>, Vec<String>) {
    let (moves, promote) = action.split_once('+').unwrap_or((action, ""));
    let words = |text: &str| -> Vec<String> {
        text.split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_uppercase)
            .collect()
    };
    let mut parts = words(moves);
    let magnet = if parts.is_empty() {
        String::new()
    } else {
        parts.remove(0)
    };
    (magnet, parts, words(promote))
}

/// The label of axial vertex (q, r): column `A + q + 5`, row
/// `r + 6 + min(q, 0)` (docs/rules/magnet.md).
fn label(q: i32, r: i32) -> String {
    let column = char::from(b'A' + (q + 5) as u8);
    format!("{column}{}", r + 6 + q.min(0))
}

/// Every vertex as (q, r).
fn vertices() -> impl Iterator<Item = (i32, i32)> {
    (-5..=5).flat_map(|q: i32| ((-5).max(-q - 5)..=5.min(-q + 5)).map(move |r| (q, r)))
}

/// The axial (q, r) of a vertex label, if it is one.
fn axial(label: &str) -> Option<(i32, i32)> {
    let mut chars = label.chars();
    let column = chars.next()?.to_ascii_uppercase();
    let row: i32 = chars.as_str().parse().ok()?;
    let q = i32::from(column as u8) - i32::from(b'A') - 5;
    let r = row - 6 - q.min(0);
    on_board(q, r).then_some((q, r))
}

fn on_board(q: i32, r: i32) -> bool {
    q.abs() <= 5 && r.abs() <= 5 && (q + r).abs() <= 5
}

/// The superscript of a rank above 1.
fn rank_mark(rank: u8) -> &'static str {
    match rank {
        2 => "²",
        3 => "³",
        4 => "⁴",
        _ => "",
    }
}

pub fn layout(size: Size) -> Layout {
    let column_w: i32 = match size {
        Size::Compact => 4,
        Size::Large => 6,
    };
    // Room left of column A for the row numbers and a cursor's bracket.
    let left = 6;
    let x_of = |q: i32| (left + column_w * (q + 5)) as u16;
    let y_of = |q: i32, r: i32| (10 - (2 * r + q)) as u16;
    let mut layout = Layout {
        width: x_of(5) + 4,
        height: 22,
        ..Layout::default()
    };
    for (q, r) in vertices() {
        layout.cells.push(Spot {
            label: label(q, r),
            x: x_of(q),
            y: y_of(q, r),
            room: (2 * column_w - 1) as u16,
        });
    }
    for q in -5..=5 {
        layout.decor.push(Decor {
            x: x_of(q),
            y: 21,
            text: char::from(b'A' + (q + 5) as u8).to_string(),
            kind: DecorKind::Coordinate,
        });
    }
    // Row numbers left of each row's first vertex: rows 1–6 start in
    // column A, rows 7–11 on the upper-left edge (B7, C8, D9, E10, F11).
    for row in 1..=11 {
        let (q, r) = if row <= 6 { (-5, row - 1) } else { (row - 11, 5) };
        let text = row.to_string();
        layout.decor.push(Decor {
            x: x_of(q) - 3 - text.len() as u16,
            y: y_of(q, r),
            text,
            kind: DecorKind::Coordinate,
        });
    }
    layout
}

impl MagnetBoard {
    pub fn side_of(&self, color: &str) -> &MagnetSide {
        if color == "red" { &self.red } else { &self.blue }
    }

    pub fn glyph(&self, cell: &str) -> Glyph {
        for (color, side) in [("red", &self.red), ("blue", &self.blue)] {
            if let Some(piece) = side.pieces.iter().find(|p| p.vertex == cell) {
                return Glyph::piece(piece_text(color, piece.kind.as_deref(), piece.rank), color);
            }
        }
        Glyph::empty(if cell == self.centre { "◇" } else { "·" })
    }

    /// What a magnet on `vertex` would pull: the nearest piece of
    /// `color` along each of the six lines. A preview for the eye; what
    /// may be played comes from the server's offers only.
    pub fn nearest_own(&self, vertex: &str, color: &str) -> Vec<String> {
        let Some((q0, r0)) = axial(vertex) else {
            return Vec::new();
        };
        let own: Vec<&str> = self
            .side_of(color)
            .pieces
            .iter()
            .map(|p| p.vertex.as_str())
            .collect();
        let mut found = Vec::new();
        for (dq, dr) in [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)] {
            let (mut q, mut r) = (q0 + dq, r0 + dr);
            while on_board(q, r) {
                let here = label(q, r);
                if own.contains(&here.as_str()) {
                    found.push(here);
                    break;
                }
                q += dq;
                r += dr;
            }
        }
        found
    }

    /// The catalogue id of how to make a move.
    pub fn hint(&self) -> &'static str {
        "magnet-hint"
    }

    pub fn info(&self, words: &Words) -> Vec<String> {
        let losses = |color: &'static str, side: &MagnetSide| {
            let captured = if side.captured.is_empty() {
                words.get("magnet-lost-nothing")
            } else {
                side.captured.join(", ")
            };
            let (id, trapped) = match &side.destroyed {
                serde_json::Value::Array(kinds) if !kinds.is_empty() => {
                    let kinds: Vec<&str> = kinds.iter().filter_map(|k| k.as_str()).collect();
                    ("magnet-lost-trapped", kinds.join(", "))
                }
                serde_json::Value::Number(n) if n.as_u64() != Some(0) => {
                    ("magnet-lost-trapped-count", n.to_string())
                }
                _ => ("magnet-lost", String::new()),
            };
            words.with(
                id,
                &[
                    ("side", color.into()),
                    ("captured", captured.into()),
                    ("trapped", trapped.into()),
                ],
            )
        };
        vec![
            losses("red", &self.red),
            losses("blue", &self.blue),
            words.get("magnet-legend"),
        ]
    }
}

/// `rK`, `bT2`, `r3²`, `b?`, `b?³`.
pub fn piece_text(color: &str, kind: Option<&str>, rank: u8) -> String {
    let letter = if color == "red" { 'r' } else { 'b' };
    format!("{letter}{}{}", kind.unwrap_or("?"), rank_mark(rank))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::tests::render;
    use super::super::{Board, Marks};
    use super::*;
    use lodestone_rules::GameKind;

    pub(crate) fn start_board() -> serde_json::Value {
        serde_json::json!({
            "in_setup": false, "side": "red", "opening": true, "centre": "F6",
            "start": {"red": ["A2", "A3", "A4", "A5", "B7", "C8", "D9", "E10", "G10", "H9", "I8", "J7"],
                      "blue": ["B1", "C1", "D1", "E1", "G1", "H1", "I1", "J1", "K2", "K3", "K4", "K5"]},
            "red": {"open": true, "set_up": true, "pieces": [
                {"vertex": "A2", "rank": 1, "kind": "K", "value": 1},
                {"vertex": "A3", "rank": 2, "kind": "T2", "value": 2}],
                "captured": [], "destroyed": []},
            "blue": {"open": false, "set_up": true, "pieces": [
                {"vertex": "B1", "rank": 1}, {"vertex": "K5", "rank": 3}],
                "captured": ["4"], "destroyed": 1}
        })
    }

    #[test]
    fn labels_follow_the_rules_page() {
        let labels: Vec<String> = vertices().map(|(q, r)| label(q, r)).collect();
        assert_eq!(labels.len(), 91);
        for corner in ["A1", "A6", "F11", "K6", "K1", "F1", "F6"] {
            assert!(labels.contains(&corner.to_string()), "{corner}");
        }
        assert_eq!(label(0, 0), "F6");
    }

    #[test]
    fn a_magnet_pulls_the_nearest_own_piece_on_each_line() {
        let Board::Magnet(board) = Board::read(GameKind::Magnet, &start_board()).unwrap() else {
            unreachable!()
        };
        // From A4: down the column to A3 (A2 is behind it); nothing else
        // of red's on the other lines.
        assert_eq!(board.nearest_own("A4", "red"), ["A3"]);
        assert_eq!(board.nearest_own("F6", "blue"), Vec::<String>::new());
        assert_eq!(board.nearest_own("A1", "blue"), ["B1"]);
        assert_eq!(axial("F6"), Some((0, 0)));
        assert_eq!(axial("A7"), None);
    }

    #[test]
    fn turns_read_into_their_parts() {
        assert_eq!(read_turn("F6"), ("F6".into(), vec![], vec![]));
        assert_eq!(
            read_turn("f6 e5,G6 +F6,G5"),
            (
                "F6".into(),
                vec!["E5".into(), "G6".into()],
                vec!["F6".into(), "G5".into()]
            )
        );
    }

    #[test]
    fn the_lattice_shows_kinds_ranks_and_hidden_pieces() {
        let board = Board::read(GameKind::Magnet, &start_board()).unwrap();
        let marks = Marks {
            cursor: Some("F6".into()),
            ..Marks::default()
        };
        let lines = render(&board, Size::Compact, &marks);
        assert_eq!(lines.len(), 22);
        // F11 alone on the top line, F6 (the centre, under the cursor) in
        // the middle, F1 at the bottom, the column letters under it all.
        assert_eq!(lines[0].trim(), "11   ·");
        assert!(lines[10].contains("[◇]"), "{}", lines[10]);
        assert_eq!(lines[21], "      A   B   C   D   E   F   G   H   I   J   K");
        // A2 is two lines above A1 (line 15); A3 holds a T2 of rank 2.
        assert!(lines[13].starts_with("  2   rK"), "{}", lines[13]);
        assert!(lines[11].starts_with("  3  rT2²"), "{}", lines[11]);
        // Blue's pieces show no kind.
        assert!(lines[16].contains("b?"), "{}", lines[16]);
        assert!(lines[7].ends_with("b?³"), "{}", lines[7]);
    }
}
