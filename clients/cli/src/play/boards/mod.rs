//! The four boards in a terminal: each game's `board` JSON (docs/protocol.md,
//! `protocol/src/board.rs`) read into a small typed form, laid out as
//! character cells (a compact layout that fits 80×24 and a larger one),
//! and drawn with Unicode and colour. Sides differ by letters, never by
//! colour alone, so `--no-color` and monochrome terminals still work.

mod magma;
mod magnet;
mod square;

use std::collections::{BTreeMap, BTreeSet};

use lodestone_i18n::Words;
use lodestone_protocol::RoomState;
use lodestone_rules::GameKind;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

pub use magma::{MagmaBoard, button_label};
pub use magnet::{MagnetBoard, piece_text, read_turn};
pub use square::{MagnetismBoard, MagnetonBoard};

use super::theme::Theme;

/// A game's board as the viewer may see it.
#[derive(Clone, Debug)]
pub enum Board {
    Magneton(MagnetonBoard),
    Magnetism(MagnetismBoard),
    Magnet(MagnetBoard),
    Magma(MagmaBoard),
}

/// How much room a layout takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Fits beside a side panel in 80×24.
    Compact,
    /// Room for grid lines or labels.
    Large,
}

/// Where the cells and the decorations (coordinates, grid lines) go, in
/// characters from the board's top-left corner.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    pub width: u16,
    pub height: u16,
    pub cells: Vec<Spot>,
    pub decor: Vec<Decor>,
}

/// One cell: its label, the column and line of its centre, and how many
/// characters it may use around that centre.
#[derive(Clone, Debug)]
pub struct Spot {
    pub label: String,
    pub x: u16,
    pub y: u16,
    pub room: u16,
}

/// Text drawn around the cells.
#[derive(Clone, Debug)]
pub struct Decor {
    pub x: u16,
    pub y: u16,
    pub text: String,
    pub kind: DecorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecorKind {
    /// Coordinates along the edges.
    Coordinate,
    /// Lines of the grid.
    Grid,
    /// A cell's label printed under it.
    Label,
}

/// What stands on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glyph {
    pub text: String,
    /// The colour name of the side it belongs to (`white`, `red`), if any.
    pub side: Option<String>,
    /// Nothing stands here (the text is a marker such as `·`).
    pub empty: bool,
}

impl Glyph {
    pub fn piece(text: impl Into<String>, side: &str) -> Glyph {
        Glyph {
            text: text.into(),
            side: Some(side.to_string()),
            empty: false,
        }
    }

    pub fn empty(text: &str) -> Glyph {
        Glyph {
            text: text.to_string(),
            side: None,
            empty: true,
        }
    }

    /// An empty cell drawn in a side's colour (a home corner).
    pub fn empty_of(text: &str, side: &str) -> Glyph {
        Glyph {
            text: text.to_string(),
            side: Some(side.to_string()),
            empty: true,
        }
    }
}

/// The highlights of a drawing: where the cursor is, what is chosen, which
/// cells continue the choice, and the last action's cells.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    pub cursor: Option<String>,
    pub chosen: BTreeSet<String>,
    /// Cells that complete an action (a dot on an empty cell).
    pub targets: BTreeSet<String>,
    /// Cells that lead further (a ring on an empty cell).
    pub sources: BTreeSet<String>,
    pub last: BTreeSet<String>,
    /// Glyphs drawn instead of the board's (Magnet's setup being arranged).
    pub overrides: BTreeMap<String, Glyph>,
}

impl Board {
    /// Reads the `board` JSON of `kind`.
    /// The board of `kind` from the server's JSON, or what is wrong with
    /// it (serde's words: a detail the screen puts in a sentence).
    pub fn read(kind: GameKind, value: &serde_json::Value) -> Result<Board, String> {
        let error = |e: serde_json::Error| e.to_string();
        Ok(match kind {
            GameKind::Magneton => Board::Magneton(serde_json::from_value(value.clone()).map_err(error)?),
            GameKind::Magnetism => Board::Magnetism(serde_json::from_value(value.clone()).map_err(error)?),
            GameKind::Magnet => Board::Magnet(serde_json::from_value(value.clone()).map_err(error)?),
            GameKind::Magma => Board::Magma(MagmaBoard::new(
                serde_json::from_value(value.clone()).map_err(error)?,
            )?),
        })
    }

    /// The cells of `action` in the order they are pointed at, or `None`
    /// for an action with no cells (a button). Magnet has its own chooser.
    pub fn path(kind: GameKind, action: &str) -> Option<Vec<String>> {
        match kind {
            GameKind::Magneton => square::magneton_path(action),
            GameKind::Magnetism => square::magnetism_path(action),
            GameKind::Magma => magma::magma_path(action),
            GameKind::Magnet => None,
        }
    }

    pub fn layout(&self, size: Size) -> Layout {
        match self {
            Board::Magneton(_) => square::layout(&square::MAGNETON_FILES, 8, size),
            Board::Magnetism(_) => square::layout(&square::MAGNETISM_FILES, 8, size),
            Board::Magnet(_) => magnet::layout(size),
            Board::Magma(b) => b.layout(size),
        }
    }

    /// The largest layout that fits in `width` × `height`, if any does.
    pub fn fitting_layout(&self, width: u16, height: u16) -> Option<Layout> {
        [Size::Large, Size::Compact]
            .into_iter()
            .map(|size| self.layout(size))
            .find(|l| l.width <= width && l.height <= height)
    }

    /// What stands on `cell`.
    pub fn glyph(&self, cell: &str) -> Glyph {
        match self {
            Board::Magneton(b) => b.glyph(cell),
            Board::Magnetism(b) => b.glyph(cell),
            Board::Magnet(b) => b.glyph(cell),
            Board::Magma(b) => b.glyph(cell),
        }
    }

    /// How to make a move here, in a line: its catalogue id.
    pub fn hint(&self) -> &'static str {
        match self {
            Board::Magneton(b) => b.hint(),
            Board::Magnetism(b) => b.hint(),
            Board::Magnet(b) => b.hint(),
            Board::Magma(b) => b.hint(),
        }
    }

    /// Facts for the side panel: stones in hand, magnets, losses, scores.
    pub fn info(&self, words: &Words, state: &RoomState) -> Vec<String> {
        match self {
            Board::Magneton(b) => b.info(words),
            Board::Magnetism(b) => b.info(words),
            Board::Magnet(b) => b.info(words),
            Board::Magma(b) => b.info(words, state),
        }
    }
}

/// Draws `board` laid out by `layout` into `area` of `buf`, with `marks`.
pub fn draw(buf: &mut Buffer, area: Rect, board: &Board, layout: &Layout, marks: &Marks, theme: &Theme) {
    let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
        if y < area.height && x < area.width {
            let max = (area.width - x) as usize;
            buf.set_stringn(area.x + x, area.y + y, text, max, style);
        }
    };
    for decor in &layout.decor {
        let style = match decor.kind {
            DecorKind::Coordinate => theme.coordinate(),
            DecorKind::Grid => theme.grid(),
            DecorKind::Label => theme.label(),
        };
        put(buf, decor.x, decor.y, &decor.text, style);
    }
    for spot in &layout.cells {
        let glyph = marks
            .overrides
            .get(&spot.label)
            .cloned()
            .unwrap_or_else(|| board.glyph(&spot.label));
        let cursor = marks.cursor.as_deref() == Some(spot.label.as_str());
        let chosen = marks.chosen.contains(&spot.label);
        let target = marks.targets.contains(&spot.label);
        let source = marks.sources.contains(&spot.label);
        let mut text = glyph.text.clone();
        if glyph.empty && !chosen {
            if target {
                text = "•".into();
            } else if source {
                text = "○".into();
            }
        }
        let mut style = match &glyph.side {
            Some(side) if glyph.empty => theme.home(side),
            Some(side) => theme.side(side),
            None => theme.empty(),
        };
        if (target || source) && !glyph.empty {
            style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
        }
        if (target || source) && glyph.empty {
            style = theme.target();
        }
        if marks.last.contains(&spot.label) {
            style = theme.last(style);
        }
        if chosen {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        if cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let width = text.chars().count() as u16;
        let bracketed = cursor && width + 2 <= spot.room;
        let shown = if bracketed { width + 2 } else { width };
        let x = spot.x.saturating_sub(shown.saturating_sub(1) / 2);
        if bracketed {
            put(buf, x, spot.y, "[", theme.cursor());
            put(buf, x + 1, spot.y, &text, style);
            put(buf, x + 1 + width, spot.y, "]", theme.cursor());
        } else {
            put(buf, x, spot.y, &text, style);
        }
    }
}

/// The spots of a layout by label, for the cursor.
pub fn positions(layout: &Layout) -> BTreeMap<String, (i32, i32)> {
    layout
        .cells
        .iter()
        .map(|s| (s.label.clone(), (i32::from(s.x), i32::from(s.y))))
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The text of a buffer, one string per line, trailing spaces cut.
    pub(crate) fn lines(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| {
                let line: String = (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect();
                line.trim_end().to_string()
            })
            .collect()
    }

    pub(crate) fn render(board: &Board, size: Size, marks: &Marks) -> Vec<String> {
        let layout = board.layout(size);
        let area = Rect::new(0, 0, layout.width, layout.height);
        let mut buf = Buffer::empty(area);
        draw(&mut buf, area, board, &layout, marks, &Theme::new(false));
        lines(&buf)
    }

    #[test]
    fn every_layout_fits_beside_a_panel_in_80_by_24() {
        // The compact layouts leave at least 30 columns and the title and
        // help lines.
        let boards = [
            (
                GameKind::Magneton,
                serde_json::json!({"stones": {"white": [], "black": []}, "hands": {"white": 12, "black": 12}, "side": "white", "phase": "drop"}),
            ),
            (
                GameKind::Magnetism,
                serde_json::json!({"pieces": {"white": [], "black": []}, "magnets": {"white": null, "black": null}, "side": "white", "far_row": {"white": 0, "black": 0}}),
            ),
            (GameKind::Magnet, magnet::tests::start_board()),
            (GameKind::Magma, magma::tests::two_player_board()),
        ];
        for (kind, json) in boards {
            let board = Board::read(kind, &json).unwrap();
            let layout = board.layout(Size::Compact);
            assert!(
                layout.width <= 50 && layout.height <= 22,
                "{kind}: {}×{}",
                layout.width,
                layout.height
            );
            let labels: BTreeSet<&str> = layout.cells.iter().map(|s| s.label.as_str()).collect();
            assert_eq!(labels.len(), layout.cells.len(), "{kind}: labels are unique");
            let places: BTreeSet<(u16, u16)> = layout.cells.iter().map(|s| (s.x, s.y)).collect();
            assert_eq!(
                places.len(),
                layout.cells.len(),
                "{kind}: no two cells share a place"
            );
            let large = board.layout(Size::Large);
            assert!(
                large.width >= layout.width && large.height >= layout.height,
                "{kind}"
            );
        }
    }

    #[test]
    fn a_board_that_cannot_be_read_is_an_error_not_a_panic() {
        let error = Board::read(GameKind::Magneton, &serde_json::json!({"stones": 3})).unwrap_err();
        assert!(error.contains("invalid type"), "{error}");
    }
}
