//! A position as an SVG image (`/api/rooms/{id}/ply/{n}.svg`), for posting
//! where a page cannot run: drawn from a play state's `board` JSON (the
//! same data the clients draw from, already filtered for its viewer), one
//! plain drawing per game, with a caption line. Every text is escaped.

use std::fmt::Write;

use serde_json::Value;

/// Pixels of one square (Magneton, Magnetism) or one lattice step.
const UNIT: f64 = 40.0;
/// Room around the board for labels.
const MARGIN: f64 = 30.0;
/// Height of the caption under the board.
const CAPTION: f64 = 34.0;

/// `text` escaped for SVG text and attributes.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The image of `board` (a play state's board JSON) of `game`, titled and
/// captioned `caption`.
pub fn position(game: &str, board: &Value, caption: &str) -> String {
    let mut body = String::new();
    let (width, height) = match game {
        "magneton" => squares(&mut body, board, 8, 8, "stones", 'A'),
        "magnetism" => squares(&mut body, board, 12, 8, "pieces", 'a'),
        "magma" => magma(&mut body, board),
        "magnet" => magnet(&mut body, board),
        _ => (2.0 * MARGIN, 2.0 * MARGIN),
    };
    let (w, h) = (width.ceil(), (height + CAPTION).ceil());
    let caption = esc(caption);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" \
         font-family=\"sans-serif\"><title>{caption}</title><rect width=\"{w}\" height=\"{h}\" fill=\"#f7f3ea\"/>\
         {body}<text x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\" fill=\"#222\">{caption}</text></svg>\n",
        w / 2.0,
        h - 12.0
    )
}

/// The fill of a side's colour (a Magma colour is a colour name already).
fn fill(side: &str) -> &str {
    match side {
        "white" => "#fbfbf8",
        "black" => "#262626",
        other => other,
    }
}

/// A circle for a piece of `side`, with an optional letter on it.
fn piece(out: &mut String, x: f64, y: f64, r: f64, side: &str, letter: &str) {
    let text = if side == "black" || side == "blue" || side == "red" {
        "#fff"
    } else {
        "#111"
    };
    let _ = write!(
        out,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{}\" stroke=\"#111\" stroke-width=\"1.5\"/>",
        esc(fill(side))
    );
    if !letter.is_empty() {
        let _ = write!(
            out,
            "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{:.0}\" text-anchor=\"middle\" fill=\"{text}\">{}</text>",
            y + r * 0.4,
            r * 1.1,
            esc(letter)
        );
    }
}

/// The strings of a JSON array (none for anything else).
fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// A board of squares, `files` by `ranks`, files lettered from `first`:
/// Magneton's stones or Magnetism's pieces (and its magnets, where the
/// viewer may know them).
fn squares(out: &mut String, board: &Value, files: u8, ranks: u8, key: &str, first: char) -> (f64, f64) {
    let at = |square: &str| -> Option<(f64, f64)> {
        let mut chars = square.chars();
        let file = (chars.next()? as u32).checked_sub(first as u32)? as f64;
        let rank: f64 = chars.as_str().parse().ok()?;
        Some((
            MARGIN + file * UNIT + UNIT / 2.0,
            MARGIN + (f64::from(ranks) - rank) * UNIT + UNIT / 2.0,
        ))
    };
    for f in 0..files {
        for r in 0..ranks {
            let shade = if (f + r) % 2 == 0 { "#d9c7a3" } else { "#eadcc0" };
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{shade}\"/>",
                MARGIN + f64::from(f) * UNIT,
                MARGIN + f64::from(r) * UNIT
            );
        }
        let letter = char::from_u32(first as u32 + u32::from(f)).unwrap_or('?');
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#555\">{letter}</text>",
            MARGIN + f64::from(f) * UNIT + UNIT / 2.0,
            MARGIN + f64::from(ranks) * UNIT + 16.0
        );
    }
    for r in 0..ranks {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            MARGIN / 2.0,
            MARGIN + f64::from(r) * UNIT + UNIT / 2.0 + 5.0,
            ranks - r
        );
    }
    for side in ["white", "black"] {
        for square in strings(&board[key][side]) {
            if let Some((x, y)) = at(square) {
                piece(out, x, y, UNIT * 0.36, side, "");
            }
        }
        if let Some((x, y)) = board["magnets"][side].as_str().and_then(at) {
            let _ = write!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\"/>",
                x - UNIT * 0.42,
                y - UNIT * 0.42,
                UNIT * 0.84,
                UNIT * 0.84,
                if side == "white" { "#c0392b" } else { "#1f4e99" }
            );
        }
    }
    (
        2.0 * MARGIN + f64::from(files) * UNIT,
        2.0 * MARGIN + f64::from(ranks) * UNIT,
    )
}

/// Fits points to the picture: the offset that puts the smallest at the
/// margin, and the size.
fn bounds(points: &[(f64, f64)]) -> ((f64, f64), (f64, f64)) {
    let min_x = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let max_x = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let min_y = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_y = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    if points.is_empty() {
        return ((0.0, 0.0), (2.0 * MARGIN, 2.0 * MARGIN));
    }
    (
        (MARGIN + UNIT / 2.0 - min_x, MARGIN + UNIT / 2.0 - min_y),
        (
            max_x - min_x + 2.0 * MARGIN + UNIT,
            max_y - min_y + 2.0 * MARGIN + UNIT,
        ),
    )
}

/// Magma: hexagonal cells by their axial coordinates (`r` upward), home
/// corners tinted with their colour, pieces as discs.
fn magma(out: &mut String, board: &Value) -> (f64, f64) {
    let size = UNIT / 2.0;
    let center = |q: f64, r: f64| (size * 3f64.sqrt() * (q + r / 2.0), -size * 1.5 * r);
    let cells: Vec<&Value> = board["cells"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let points: Vec<(f64, f64)> = cells
        .iter()
        .map(|c| center(c["q"].as_f64().unwrap_or(0.0), c["r"].as_f64().unwrap_or(0.0)))
        .collect();
    let ((dx, dy), size_out) = bounds(&points);
    for (cell, (x, y)) in cells.iter().zip(&points) {
        let (x, y) = (x + dx, y + dy);
        let corners: Vec<String> = (0..6)
            .map(|i| {
                let angle = std::f64::consts::PI / 180.0 * (60.0 * f64::from(i) - 30.0);
                format!("{:.1},{:.1}", x + size * angle.cos(), y + size * angle.sin())
            })
            .collect();
        let tint = cell["corner"].as_str().map_or("#eadcc0".to_string(), esc);
        let opacity = if cell["corner"].is_string() { "0.35" } else { "1" };
        let _ = write!(
            out,
            "<polygon points=\"{}\" fill=\"{tint}\" fill-opacity=\"{opacity}\" stroke=\"#8a7a5c\"/>",
            corners.join(" ")
        );
        if let Some(side) = cell["piece"].as_str() {
            piece(out, x, y, size * 0.62, side, "");
        }
    }
    size_out
}

/// Magnet: the 91 vertices of its hexagonal lattice (columns A–K, rows
/// from 1), the lines between neighbours, the centre ringed, and each
/// side's pieces: a kind where the viewer may know it, else its rank.
fn magnet(out: &mut String, board: &Value) -> (f64, f64) {
    let at = |q: i32, r: i32| {
        (
            f64::from(q) * UNIT * 3f64.sqrt() / 2.0,
            -(f64::from(r) + f64::from(q) / 2.0) * UNIT,
        )
    };
    let on_board = |q: i32, r: i32| q.abs() <= 5 && r.abs() <= 5 && (q + r).abs() <= 5;
    let label = |q: i32, r: i32| format!("{}{}", char::from(b'A' + (q + 5) as u8), r + 6 + q.min(0));
    let lattice: Vec<(i32, i32)> = (-5..=5)
        .flat_map(|q| (-5..=5).map(move |r| (q, r)))
        .filter(|&(q, r)| on_board(q, r))
        .collect();
    let points: Vec<(f64, f64)> = lattice.iter().map(|&(q, r)| at(q, r)).collect();
    let ((dx, dy), size_out) = bounds(&points);
    let place = |q: i32, r: i32| {
        let (x, y) = at(q, r);
        (x + dx, y + dy)
    };
    for &(q, r) in &lattice {
        let (x, y) = place(q, r);
        for (a, b) in [(1, 0), (0, 1), (1, -1)] {
            if on_board(q + a, r + b) {
                let (x2, y2) = place(q + a, r + b);
                let _ = write!(
                    out,
                    "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#b8a57f\" stroke-width=\"1.5\"/>"
                );
            }
        }
    }
    let (cx, cy) = place(0, 0);
    let _ = write!(
        out,
        "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#7a5c00\" stroke-width=\"3\"/>",
        UNIT * 0.45
    );
    let vertex = |name: &str| {
        lattice
            .iter()
            .copied()
            .find(|&(q, r)| label(q, r).eq_ignore_ascii_case(name))
    };
    for side in ["red", "blue"] {
        for p in board[side]["pieces"].as_array().into_iter().flatten() {
            let Some((q, r)) = p["vertex"].as_str().and_then(vertex) else {
                continue;
            };
            let (x, y) = place(q, r);
            let text = match (p["kind"].as_str(), p["rank"].as_u64()) {
                (Some(kind), _) => kind.to_string(),
                (None, Some(rank)) if rank > 1 => format!("{rank}"),
                _ => String::new(),
            };
            piece(out, x, y, UNIT * 0.36, side, &text);
        }
    }
    size_out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_game_draws_its_pieces_and_escapes_text() {
        let magneton = position(
            "magneton",
            &json!({"stones": {"white": ["A1", "H8"], "black": ["D4"]}}),
            "Ann <3 & Bo",
        );
        assert!(magneton.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(magneton.matches("<circle").count(), 3);
        assert!(magneton.contains("Ann &lt;3 &amp; Bo") && !magneton.contains("<3"));
        let magnetism = position(
            "magnetism",
            &json!({"pieces": {"white": ["a1"], "black": ["l8"]}, "magnets": {"white": "g4", "black": "hidden"}}),
            "x",
        );
        assert_eq!(magnetism.matches("<circle").count(), 2);
        assert_eq!(
            magnetism.matches("stroke-width=\"4\"").count(),
            1,
            "the hidden magnet is not drawn"
        );
        let magma = position(
            "magma",
            &json!({"cells": [{"q": 0, "r": 0, "piece": "red", "corner": null}, {"q": 1, "r": 0, "piece": null, "corner": "blue"}]}),
            "x",
        );
        assert_eq!(magma.matches("<polygon").count(), 2);
        assert_eq!(magma.matches("<circle").count(), 1);
        let magnet = position(
            "magnet",
            &json!({"red": {"pieces": [{"vertex": "F6", "rank": 1, "kind": "K"}]}, "blue": {"pieces": [{"vertex": "A1", "rank": 2}]}}),
            "x",
        );
        // The centre's ring and two pieces; 91 vertices joined by 240 lines.
        assert_eq!(magnet.matches("<circle").count(), 3);
        assert_eq!(magnet.matches("<line").count(), 240);
        assert!(magnet.contains(">K</text>") && magnet.contains(">2</text>"));
    }
}
