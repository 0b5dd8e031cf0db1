//! Moving the board cursor with the arrow keys: to the nearest cell in
//! that direction, among the cells that may be picked now (or all cells
//! when none may).

use std::collections::BTreeMap;

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

/// The cell an arrow leads to from `from`: among `cells` (label →
/// position, in units where one step across and one step up are about
/// the same length), the one ahead with the least distance along the
/// arrow plus twice the distance across it.
pub fn step(
    from: (i32, i32),
    dir: Dir,
    cells: &BTreeMap<String, (i32, i32)>,
    allowed: &dyn Fn(&str) -> bool,
) -> Option<String> {
    least(cells, allowed, |(x, y)| {
        let (dx, dy) = (x - from.0, y - from.1);
        let (along, across) = match dir {
            Dir::Right => (dx, dy.abs()),
            Dir::Left => (-dx, dy.abs()),
            Dir::Down => (dy, dx.abs()),
            Dir::Up => (-dy, dx.abs()),
        };
        (along > 0).then_some((along + 2 * across, across))
    })
}

/// The allowed cell nearest to `from`.
pub fn nearest(
    from: (i32, i32),
    cells: &BTreeMap<String, (i32, i32)>,
    allowed: &dyn Fn(&str) -> bool,
) -> Option<String> {
    least(cells, allowed, |(x, y)| {
        Some((x - from.0).pow(2) + (y - from.1).pow(2))
    })
}

/// The allowed cell of least `cost` (a cell without one is out of the
/// running); of equal costs, the first label.
fn least<C: Ord>(
    cells: &BTreeMap<String, (i32, i32)>,
    allowed: &dyn Fn(&str) -> bool,
    cost: impl Fn((i32, i32)) -> Option<C>,
) -> Option<String> {
    cells
        .iter()
        .filter(|(label, _)| allowed(label))
        .filter_map(|(label, &at)| Some((cost(at)?, label)))
        .min()
        .map(|(_, label)| label.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> BTreeMap<String, (i32, i32)> {
        let mut cells = BTreeMap::new();
        for (f, file) in ['a', 'b', 'c'].iter().enumerate() {
            for rank in 1..=3 {
                cells.insert(format!("{file}{rank}"), (f as i32 * 3, (3 - rank) * 3));
            }
        }
        cells
    }

    #[test]
    fn arrows_go_to_the_nearest_cell_ahead() {
        let cells = grid();
        let any = |_: &str| true;
        assert_eq!(step(cells["b2"], Dir::Right, &cells, &any).as_deref(), Some("c2"));
        assert_eq!(step(cells["b2"], Dir::Up, &cells, &any).as_deref(), Some("b3"));
        assert_eq!(step(cells["a1"], Dir::Left, &cells, &any), None);
        // Only the allowed cells: from a1, right goes to c3 (the only one).
        let only = |l: &str| l == "c3";
        assert_eq!(
            step(cells["a1"], Dir::Right, &cells, &only).as_deref(),
            Some("c3")
        );
        assert_eq!(step(cells["a1"], Dir::Down, &cells, &only), None);
        assert_eq!(nearest(cells["a1"], &cells, &only).as_deref(), Some("c3"));
    }
}
