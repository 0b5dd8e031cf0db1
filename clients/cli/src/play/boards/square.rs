//! The square boards: Magneton (8×8, files A–H) and Magnetism (12×8,
//! files a–l), with coordinates on all four edges; stones and pieces are
//! `W` and `B`, Magnetism's magnets `Mw` and `Mb`.

use lodestone_i18n::Words;
use serde::Deserialize;

use super::{Decor, DecorKind, Glyph, Layout, Size, Spot};

pub const MAGNETON_FILES: [char; 8] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
pub const MAGNETISM_FILES: [char; 12] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];

/// Something for each side.
#[derive(Clone, Debug, Deserialize)]
pub struct BySide<T> {
    pub white: T,
    pub black: T,
}

/// Magneton's `board`.
#[derive(Clone, Debug, Deserialize)]
pub struct MagnetonBoard {
    pub stones: BySide<Vec<String>>,
    pub hands: BySide<u32>,
    pub phase: String,
}

/// Magnetism's `board`: a magnet is a square, `hidden` or not placed.
#[derive(Clone, Debug, Deserialize)]
pub struct MagnetismBoard {
    pub pieces: BySide<Vec<String>>,
    pub magnets: BySide<Option<String>>,
    pub far_row: BySide<u32>,
}

/// Squares named in an action, in order: letters from `files` then a rank
/// digit 1–8.
fn squares(action: &str, files: &[char]) -> Option<Vec<String>> {
    let chars: Vec<char> = action.chars().collect();
    let mut found = Vec::new();
    for pair in chars.windows(2) {
        let file = if files[0].is_ascii_uppercase() {
            pair[0].to_ascii_uppercase()
        } else {
            pair[0].to_ascii_lowercase()
        };
        if files.contains(&file) && ('1'..='8').contains(&pair[1]) {
            found.push(format!("{file}{}", pair[1]));
        }
    }
    (!found.is_empty()).then_some(found)
}

/// `D4` → [D4]; `D4-D1` → [D4, D1]; `pass` → a button.
pub fn magneton_path(action: &str) -> Option<Vec<String>> {
    squares(action, &MAGNETON_FILES)
}

/// `magnet g4` → [g4]; `(f5) j1-g4` → [f5, j1, g4]: the magnet's new
/// square, the piece, where it goes.
pub fn magnetism_path(action: &str) -> Option<Vec<String>> {
    // Only squares: `magnet` has letters but no digit after them.
    squares(action, &MAGNETISM_FILES)
}

/// A grid of `files` × `ranks`, rank 1 at the bottom. Compact: three
/// characters per square on one line. Large: squares boxed by grid lines.
pub fn layout(files: &[char], ranks: u16, size: Size) -> Layout {
    let n = files.len() as u16;
    let (cell_w, cell_h, left, top) = match size {
        Size::Compact => (3, 1, 3, 1),
        Size::Large => (4, 2, 3, 1),
    };
    let grid_w = n * cell_w + u16::from(size == Size::Large);
    let width = left + grid_w + 3;
    let grid_h = ranks * cell_h + u16::from(size == Size::Large);
    let height = top + grid_h + 1;
    let mut layout = Layout {
        width,
        height,
        ..Layout::default()
    };
    let centre_x = |f: u16| left + f * cell_w + cell_w / 2;
    // Large: the grid's top line is at `top`, each square's inside below it.
    let centre_y = |row: u16| top + row * cell_h + u16::from(size == Size::Large);
    let coordinate = |x, y, text: String| Decor {
        x,
        y,
        text,
        kind: DecorKind::Coordinate,
    };
    for (f, file) in files.iter().enumerate() {
        let f = f as u16;
        layout
            .decor
            .push(coordinate(centre_x(f), top - 1, file.to_string()));
        layout
            .decor
            .push(coordinate(centre_x(f), top + grid_h, file.to_string()));
    }
    for row in 0..ranks {
        let rank = ranks - row;
        let y = centre_y(row);
        layout.decor.push(coordinate(0, y, rank.to_string()));
        layout
            .decor
            .push(coordinate(left + grid_w + 1, y, rank.to_string()));
        for f in 0..n {
            layout.cells.push(Spot {
                label: format!("{}{rank}", files[f as usize]),
                x: centre_x(f),
                y,
                room: 3,
            });
        }
    }
    if size == Size::Large {
        for line in 0..=ranks {
            let y = top + line * cell_h;
            let (l, m, r) = match line {
                0 => ('┌', '┬', '┐'),
                l if l == ranks => ('└', '┴', '┘'),
                _ => ('├', '┼', '┤'),
            };
            let mut text = String::new();
            for f in 0..n {
                text.push(if f == 0 { l } else { m });
                text.push_str("───");
            }
            text.push(r);
            layout.decor.push(Decor {
                x: left,
                y,
                text,
                kind: DecorKind::Grid,
            });
            if line < ranks {
                for f in 0..=n {
                    layout.decor.push(Decor {
                        x: left + f * cell_w,
                        y: y + 1,
                        text: "│".into(),
                        kind: DecorKind::Grid,
                    });
                }
            }
        }
    }
    layout
}

fn stone_glyph(cell: &str, stones: &BySide<Vec<String>>) -> Option<Glyph> {
    if stones.white.iter().any(|s| s == cell) {
        Some(Glyph::piece("W", "white"))
    } else if stones.black.iter().any(|s| s == cell) {
        Some(Glyph::piece("B", "black"))
    } else {
        None
    }
}

impl MagnetonBoard {
    pub fn glyph(&self, cell: &str) -> Glyph {
        stone_glyph(cell, &self.stones).unwrap_or_else(|| Glyph::empty("·"))
    }

    pub fn info(&self, words: &Words) -> Vec<String> {
        vec![words.with(
            "magneton-in-hand",
            &[
                ("white", self.hands.white.into()),
                ("black", self.hands.black.into()),
            ],
        )]
    }

    /// The catalogue id of how to make a move now.
    pub fn hint(&self) -> &'static str {
        if self.phase == "drop" {
            "magneton-hint-drop"
        } else {
            "magneton-hint-move"
        }
    }
}

impl MagnetismBoard {
    pub fn glyph(&self, cell: &str) -> Glyph {
        if self.magnets.white.as_deref() == Some(cell) {
            return Glyph::piece("Mw", "white");
        }
        if self.magnets.black.as_deref() == Some(cell) {
            return Glyph::piece("Mb", "black");
        }
        stone_glyph(cell, &self.pieces).unwrap_or_else(|| Glyph::empty("·"))
    }

    pub fn info(&self, words: &Words) -> Vec<String> {
        let magnet = |side: &'static str, m: &Option<String>| match m.as_deref() {
            None => words.with("magnetism-magnet-unplaced", &[("side", side.into())]),
            Some("hidden") => words.with("magnetism-magnet-secret", &[("side", side.into())]),
            Some(square) => words.with(
                "magnetism-magnet-on",
                &[("side", side.into()), ("square", square.to_string().into())],
            ),
        };
        vec![
            magnet("white", &self.magnets.white),
            magnet("black", &self.magnets.black),
            words.with(
                "magnetism-far-row",
                &[
                    ("white", self.far_row.white.into()),
                    ("black", self.far_row.black.into()),
                ],
            ),
        ]
    }

    pub fn hint(&self) -> &'static str {
        let placed = |m: &Option<String>| m.as_deref().is_some_and(|m| m != "hidden");
        if placed(&self.magnets.white) && placed(&self.magnets.black) {
            "magnetism-hint-move"
        } else {
            "magnetism-hint-opening"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::render;
    use super::super::{Board, Marks};
    use super::*;
    use lodestone_rules::GameKind;

    #[test]
    fn paths_name_the_squares_in_order() {
        assert_eq!(magneton_path("D4"), Some(vec!["D4".to_string()]));
        assert_eq!(
            magneton_path("d4-D1"),
            Some(vec!["D4".to_string(), "D1".to_string()])
        );
        assert_eq!(magneton_path("pass"), None);
        assert_eq!(magnetism_path("magnet g4"), Some(vec!["g4".to_string()]));
        assert_eq!(
            magnetism_path("(f5) j1-g4"),
            Some(vec!["f5".to_string(), "j1".to_string(), "g4".to_string()])
        );
    }

    fn magneton() -> Board {
        Board::read(
            GameKind::Magneton,
            &serde_json::json!({"stones": {"white": ["D4", "A1"], "black": ["H8"]}, "hands": {"white": 10, "black": 11}, "side": "black", "phase": "drop"}),
        )
        .unwrap()
    }

    #[test]
    fn the_compact_magneton_board_has_coordinates_and_letters() {
        let mut marks = Marks {
            cursor: Some("E4".into()),
            ..Marks::default()
        };
        marks.targets.insert("E4".into());
        marks.targets.insert("E5".into());
        let lines = render(&magneton(), Size::Compact, &marks);
        assert_eq!(
            lines,
            [
                "    A  B  C  D  E  F  G  H",
                "8   ·  ·  ·  ·  ·  ·  ·  B  8",
                "7   ·  ·  ·  ·  ·  ·  ·  ·  7",
                "6   ·  ·  ·  ·  ·  ·  ·  ·  6",
                "5   ·  ·  ·  ·  •  ·  ·  ·  5",
                "4   ·  ·  ·  W [•] ·  ·  ·  4",
                "3   ·  ·  ·  ·  ·  ·  ·  ·  3",
                "2   ·  ·  ·  ·  ·  ·  ·  ·  2",
                "1   W  ·  ·  ·  ·  ·  ·  ·  1",
                "    A  B  C  D  E  F  G  H",
            ]
        );
    }

    #[test]
    fn the_large_magnetism_board_has_grid_lines_and_magnets() {
        let board = Board::read(
            GameKind::Magnetism,
            &serde_json::json!({"pieces": {"white": ["a1"], "black": ["l8"]}, "magnets": {"white": "g4", "black": "hidden"}, "side": "white", "far_row": {"white": 0, "black": 0}}),
        )
        .unwrap();
        let lines = render(&board, Size::Large, &Marks::default());
        assert_eq!(lines[0], "     a   b   c   d   e   f   g   h   i   j   k   l");
        assert_eq!(lines[1], "   ┌───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┬───┐");
        assert_eq!(lines[2], "8  │ · │ · │ · │ · │ · │ · │ · │ · │ · │ · │ · │ B │ 8");
        assert_eq!(
            lines[10],
            "4  │ · │ · │ · │ · │ · │ · │ Mw│ · │ · │ · │ · │ · │ 4"
        );
        assert_eq!(
            lines[16],
            "1  │ W │ · │ · │ · │ · │ · │ · │ · │ · │ · │ · │ · │ 1"
        );
        assert_eq!(lines[17], "   └───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┴───┘");
        assert_eq!(lines[18], "     a   b   c   d   e   f   g   h   i   j   k   l");
    }
}
