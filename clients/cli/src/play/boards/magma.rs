//! Magma's board: 91 hexagonal cells in lettered rows laid out from the
//! cells' labels (each row centred, so neighbouring rows sit half a cell
//! apart), pieces `R` `B` `Y`, empty home corners as lower-case letters of
//! their colour; the scores, hands and phase for the side panel.

use std::collections::BTreeMap;

use lodestone_i18n::Words;
use lodestone_protocol::RoomState;
use serde::Deserialize;

use super::super::words::color_word;
use super::{Decor, DecorKind, Glyph, Layout, Size, Spot};

/// Magma's `board` as sent.
#[derive(Clone, Debug, Deserialize)]
pub struct MagmaJson {
    pub cells: Vec<MagmaCell>,
    pub seats: Vec<SeatHand>,
    pub passes: u32,
    pub phase: Phase,
    #[serde(default)]
    pub clock: Option<TimerState>,
    pub scores: Vec<Score>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MagmaCell {
    pub cell: String,
    pub piece: Option<String>,
    pub corner: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SeatHand {
    pub seat: u8,
    pub hand: u32,
}

/// Whose move it is in the round, or the vote, or the penalty.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    Turn {},
    Vote { proposer: u8, waiting: Vec<u8> },
    Penalty { late: u8, color: String, chooser: u8 },
    Agreed,
}

#[derive(Clone, Debug, Deserialize)]
pub struct TimerState {
    pub timer: String,
    pub budget_ms: u64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Score {
    pub color: String,
    pub seats: Vec<u8>,
    pub pieces: u32,
    pub territory: u32,
    pub total: u32,
}

/// The board with its rows worked out.
#[derive(Clone, Debug)]
pub struct MagmaBoard {
    pub json: MagmaJson,
    /// Cells by label.
    cells: BTreeMap<String, usize>,
    /// Each row's length, from the top (row `a`).
    rows: Vec<u16>,
}

/// `e3` → (row 4, 3).
fn split_label(label: &str) -> Option<(usize, u16)> {
    let mut chars = label.chars();
    let row = chars.next().filter(char::is_ascii_lowercase)?;
    let number: u16 = chars.as_str().parse().ok().filter(|n| *n >= 1)?;
    Some((usize::from(row as u8 - b'a'), number))
}

/// A move `e3-e5` (or spelled out, `e3-e5-g6`) → [e3, g6]: the piece,
/// then where it ends; `enter e1` → [e1], where the piece lands;
/// `remove e4` → [e4]; `pass` and the votes are buttons.
pub fn magma_path(action: &str) -> Option<Vec<String>> {
    let text = action.trim().to_ascii_lowercase();
    if let Some(rest) = text.strip_prefix("enter ") {
        return rest.rsplit('-').next().map(|c| vec![c.trim().to_string()]);
    }
    if let Some(rest) = text.strip_prefix("remove ") {
        return Some(vec![rest.trim().to_string()]);
    }
    let cells: Vec<&str> = text.split('-').collect();
    if cells.len() >= 2 && cells.iter().all(|c| split_label(c).is_some()) {
        return Some(vec![cells[0].to_string(), cells[cells.len() - 1].to_string()]);
    }
    None
}

/// The words on a button (an action with no cells, in any game).
pub fn button_label(words: &Words, action: &str) -> String {
    let id = match action {
        "pass" => "button-pass",
        "end?" => "button-propose-end",
        "end!" => "button-agree-end",
        "end-" => "button-refuse-end",
        other => return other.into(),
    };
    words.get(id)
}

impl MagmaBoard {
    pub fn new(json: MagmaJson) -> Result<MagmaBoard, String> {
        let mut rows: Vec<u16> = Vec::new();
        let mut cells = BTreeMap::new();
        for (i, c) in json.cells.iter().enumerate() {
            let (row, number) =
                split_label(&c.cell).ok_or_else(|| format!("{:?} is not a Magma cell", c.cell))?;
            if row >= rows.len() {
                rows.resize(row + 1, 0);
            }
            rows[row] = rows[row].max(number);
            cells.insert(c.cell.clone(), i);
        }
        Ok(MagmaBoard { json, cells, rows })
    }

    pub fn layout(&self, size: Size) -> Layout {
        let (column_w, line_h) = match size {
            Size::Compact => (4, 1),
            Size::Large => (6, 2),
        };
        let widest = self.rows.iter().copied().max().unwrap_or(1);
        let left = 4;
        let last_x = left + column_w * (widest - 1);
        let mut layout = Layout {
            width: last_x + 5,
            height: self.rows.len() as u16 * line_h,
            ..Layout::default()
        };
        for (row, &n) in self.rows.iter().enumerate() {
            let letter = char::from(b'a' + row as u8);
            let y = row as u16 * line_h;
            for i in 0..n {
                let x = left + column_w / 2 * (widest - n) + column_w * i;
                let label = format!("{letter}{}", i + 1);
                if size == Size::Large {
                    layout.decor.push(Decor {
                        x: x - (label.len() as u16 - 1) / 2,
                        y: y + 1,
                        text: label.clone(),
                        kind: DecorKind::Label,
                    });
                }
                layout.cells.push(Spot {
                    label,
                    x,
                    y,
                    room: column_w - 1,
                });
            }
            for x in [1, last_x + 3] {
                layout.decor.push(Decor {
                    x,
                    y,
                    text: letter.to_string(),
                    kind: DecorKind::Coordinate,
                });
            }
        }
        layout
    }

    pub fn glyph(&self, label: &str) -> Glyph {
        let Some(cell) = self.cells.get(label).map(|&i| &self.json.cells[i]) else {
            return Glyph::empty(" ");
        };
        match (&cell.piece, &cell.corner) {
            (Some(color), _) => Glyph::piece(initial(color).to_ascii_uppercase().to_string(), color),
            (None, Some(color)) => Glyph::empty_of(&initial(color).to_string(), color),
            (None, None) => Glyph::empty("·"),
        }
    }

    /// The catalogue id of how to make a move now.
    pub fn hint(&self) -> &'static str {
        match self.json.phase {
            Phase::Penalty { .. } => "magma-hint-penalty",
            Phase::Vote { .. } => "magma-hint-vote",
            _ => "magma-hint-move",
        }
    }

    pub fn info(&self, words: &Words, state: &RoomState) -> Vec<String> {
        let name = |seat: u8| {
            state
                .seats
                .get(usize::from(seat))
                .map_or_else(|| seat.to_string(), |s| s.name.clone())
        };
        let mut lines = vec![words.get("magma-scores")];
        for score in &self.json.scores {
            let seats: Vec<String> = score.seats.iter().map(|&s| name(s)).collect();
            let line = words.with(
                "magma-score",
                &[
                    ("color", color_word(words, &score.color).into()),
                    ("seats", seats.join("+").into()),
                    ("total", score.total.into()),
                    ("pieces", score.pieces.into()),
                    ("reach", score.territory.into()),
                ],
            );
            let letter = initial(&score.color).to_ascii_uppercase();
            lines.push(format!(" {letter} {line}"));
        }
        let hands: Vec<String> = self
            .json
            .seats
            .iter()
            .map(|s| format!("{} {}", name(s.seat), s.hand))
            .collect();
        lines.push(words.with(
            "magma-in-hand",
            &[
                ("hands", hands.join(", ").into()),
                ("passes", self.json.passes.into()),
            ],
        ));
        if let Some(timer) = &self.json.clock {
            lines.push(words.with(
                "magma-timer",
                &[
                    ("timer", timer.timer.clone().into()),
                    ("seconds", (timer.budget_ms / 1000).into()),
                ],
            ));
        }
        match &self.json.phase {
            Phase::Turn { .. } => {}
            Phase::Vote { proposer, waiting } => {
                let waiting: Vec<String> = waiting.iter().map(|&s| name(s)).collect();
                lines.push(words.with(
                    "magma-vote",
                    &[
                        ("seat", name(*proposer).into()),
                        ("waiting", waiting.join(", ").into()),
                    ],
                ));
            }
            Phase::Penalty { late, color, chooser } => lines.push(words.with(
                "magma-penalty",
                &[
                    ("late", name(*late).into()),
                    ("chooser", name(*chooser).into()),
                    ("color", color_word(words, color).into()),
                ],
            )),
            Phase::Agreed => lines.push(words.get("magma-agreed")),
        }
        lines
    }
}

/// The first letter of a colour name.
fn initial(color: &str) -> char {
    color.chars().next().unwrap_or('?')
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::tests::render;
    use super::super::{Board, Marks};
    use super::*;
    use lodestone_rules::GameKind;

    /// The two-player start on the zig-zag board, from the rules.
    pub(crate) fn two_player_board() -> serde_json::Value {
        let game = lodestone_rules::AnyGame::new::<&str, &str>(GameKind::Magma, &[]).unwrap();
        let view = game.view(lodestone_rules::Viewer::Spectator);
        lodestone_protocol::board_json(&view).value()
    }

    #[test]
    fn paths_are_the_piece_then_where_it_ends() {
        assert_eq!(
            magma_path("e3-e5-g6"),
            Some(vec!["e3".to_string(), "g6".to_string()])
        );
        assert_eq!(magma_path("enter d1-e1-g2"), Some(vec!["g2".to_string()]));
        assert_eq!(magma_path("ENTER d1"), Some(vec!["d1".to_string()]));
        assert_eq!(magma_path("remove e4"), Some(vec!["e4".to_string()]));
        assert_eq!(magma_path("pass"), None);
        assert_eq!(magma_path("end?"), None);
        assert_eq!(button_label(&Words::english(), "end?"), "Propose to end the game");
    }

    #[test]
    fn rows_are_centred_and_corners_show_their_colour() {
        let board = Board::read(GameKind::Magma, &two_player_board()).unwrap();
        let lines = render(&board, Size::Compact, &Marks::default());
        assert_eq!(lines.len(), 13);
        // a1 (a yellow corner) alone on top, centred over the widest rows.
        assert_eq!(lines[0], format!(" a{}y{}a", " ".repeat(20), " ".repeat(20)));
        assert!(lines[3].starts_with(" d  b   ·"), "{}", lines[3]);
        assert!(
            lines[3].contains("R  d"),
            "{}: red's first piece stands on its home d10",
            lines[3]
        );
        assert_eq!(lines[4], " e    ·   ·   ·   ·   ·   ·   ·   ·   ·    e");
        let large = render(&board, Size::Large, &Marks::default());
        assert_eq!(large.len(), 26);
        assert!(large[7].contains("d1"), "{}", large[7]);
    }
}
