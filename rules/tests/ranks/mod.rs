//! Position text from the rules tests' boards: a row of cells written as
//! the games' position texts write a rank.

/// `cells` (a piece's letter, or `None` for an empty cell) as a rank of a
/// position text, each run of empty cells written as its length.
pub fn rank_text(cells: impl IntoIterator<Item = Option<char>>) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for cell in cells {
        match cell {
            None => empty += 1,
            Some(piece) => {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(piece);
            }
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}
