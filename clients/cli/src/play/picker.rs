//! Choosing a move by pointing at cells, for the square boards and Magma:
//! each action the server offers is a path of cells (its `path`); only
//! paths that lead to an offered action can be followed, so whatever the
//! picker plays is an exact entry of the server's `legal` list. Actions
//! with no cells (`pass`, Magma's votes) are buttons. The same rules as
//! the browser's click paths.

use std::collections::BTreeSet;

/// The cells of an action on a game's board, or `None` for a button.
pub type PathFn<'a> = &'a dyn Fn(&str) -> Option<Vec<String>>;

/// The offered actions and the cells chosen so far.
#[derive(Debug, Default)]
pub struct Picker {
    /// Actions with their paths, in the server's order.
    options: Vec<(String, Vec<String>)>,
    /// Actions with no cells.
    buttons: Vec<String>,
    /// Cells chosen so far (a prefix of at least one option's path).
    chosen: Vec<String>,
    /// The legal list these were made from.
    legal: Vec<String>,
}

/// What pointing at a cell did.
#[derive(Debug, PartialEq, Eq)]
pub enum Pointed {
    /// This action is complete: play it.
    Play(String),
    /// The cell was added to the choice (or the choice started over).
    Chosen,
    /// The cell continues nothing.
    Nothing,
}

impl Picker {
    /// Takes the server's list of offered actions; keeps the current choice
    /// if the list did not change.
    pub fn set_legal(&mut self, legal: &[String], path: PathFn<'_>) {
        if legal == self.legal.as_slice() {
            return;
        }
        self.legal = legal.to_vec();
        self.chosen.clear();
        self.options.clear();
        self.buttons.clear();
        for action in legal {
            match path(action) {
                Some(cells) if !cells.is_empty() => self.options.push((action.clone(), cells)),
                _ => self.buttons.push(action.clone()),
            }
        }
    }

    /// The actions shown as buttons.
    pub fn buttons(&self) -> &[String] {
        &self.buttons
    }

    /// The cells chosen so far.
    pub fn chosen(&self) -> &[String] {
        &self.chosen
    }

    /// Forgets the choice.
    pub fn reset(&mut self) {
        self.chosen.clear();
    }

    /// The options that continue the current choice.
    fn candidates(&self) -> impl Iterator<Item = &(String, Vec<String>)> {
        let n = self.chosen.len();
        self.options
            .iter()
            .filter(move |(_, path)| path.len() >= n && path[..n] == self.chosen[..])
    }

    /// The action the choice makes as it stands, if exactly one.
    pub fn complete(&self) -> Option<&str> {
        let n = self.chosen.len();
        let mut exact = self.candidates().filter(|(_, p)| p.len() == n);
        match (n, exact.next(), exact.next()) {
            (1.., Some((action, _)), None) => Some(action),
            _ => None,
        }
    }

    /// The actions that pointing at `cell` now would complete.
    pub fn completed_at(&self, cell: &str) -> Vec<&str> {
        let n = self.chosen.len();
        let again = n > 0 && self.chosen[n - 1] == cell;
        self.candidates()
            .filter(|(_, p)| (p.len() == n + 1 && p[n] == cell) || (again && p.len() == n))
            .map(|(action, _)| action.as_str())
            .collect()
    }

    /// Cells that continue the choice: `targets` end an action, `sources`
    /// lead further.
    pub fn next_cells(&self) -> (BTreeSet<String>, BTreeSet<String>) {
        let n = self.chosen.len();
        let (mut targets, mut sources) = (BTreeSet::new(), BTreeSet::new());
        for (_, path) in self.candidates() {
            if path.len() == n + 1 {
                targets.insert(path[n].clone());
            } else if path.len() > n + 1 {
                sources.insert(path[n].clone());
            }
        }
        (targets, sources)
    }

    /// Points at `cell`: completes an action, extends the choice, or
    /// starts a new one from this cell.
    pub fn point(&mut self, cell: &str) -> Pointed {
        let n = self.chosen.len();
        if n > 0
            && self.chosen[n - 1] == cell
            && let Some(action) = self.complete()
        {
            return Pointed::Play(action.to_string());
        }
        let next: Vec<&(String, Vec<String>)> = self
            .candidates()
            .filter(|(_, p)| p.get(n).is_some_and(|c| c == cell))
            .collect();
        if next.is_empty() {
            if n > 0 {
                self.chosen.clear();
                if self.options.iter().any(|(_, p)| p[0] == cell) {
                    return self.point(cell);
                }
                return Pointed::Chosen;
            }
            return Pointed::Nothing;
        }
        if let [(action, path)] = next.as_slice()
            && path.len() == n + 1
        {
            return Pointed::Play(action.clone());
        }
        self.chosen.push(cell.to_string());
        Pointed::Chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(action: &str) -> Option<Vec<String>> {
        let cells: Vec<String> = action
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.len() == 2)
            .map(str::to_string)
            .collect();
        (!cells.is_empty()).then_some(cells)
    }

    fn legal(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_one_cell_action_plays_at_once() {
        let mut picker = Picker::default();
        picker.set_legal(&legal(&["D4", "E5", "pass"]), &squares);
        assert_eq!(picker.buttons(), ["pass"]);
        assert_eq!(picker.point("E5"), Pointed::Play("E5".into()));
        assert_eq!(picker.point("A1"), Pointed::Nothing);
    }

    #[test]
    fn a_move_is_its_source_then_its_destination() {
        let mut picker = Picker::default();
        picker.set_legal(&legal(&["D4-D1", "D4-D2", "E5-E1"]), &squares);
        let (targets, sources) = picker.next_cells();
        assert!(targets.is_empty());
        assert_eq!(sources.into_iter().collect::<Vec<_>>(), ["D4", "E5"]);
        assert_eq!(picker.point("D4"), Pointed::Chosen);
        assert_eq!(picker.chosen(), ["D4"]);
        let (targets, _) = picker.next_cells();
        assert_eq!(targets.into_iter().collect::<Vec<_>>(), ["D1", "D2"]);
        // Another source starts over from it.
        assert_eq!(picker.point("E5"), Pointed::Chosen);
        assert_eq!(picker.chosen(), ["E5"]);
        assert_eq!(picker.point("E1"), Pointed::Play("E5-E1".into()));
        // A cell that continues nothing forgets the choice.
        picker.point("D4");
        assert_eq!(picker.point("H8"), Pointed::Chosen);
        assert!(picker.chosen().is_empty());
    }

    #[test]
    fn a_cell_that_ends_one_action_and_begins_another_waits_for_a_second_press() {
        // Magma: `enter d1` lands on d1; `d1-e2` moves the piece standing there.
        let mut picker = Picker::default();
        picker.set_legal(&legal(&["enter d1", "d1-e2"]), &|a| {
            Some(match a {
                "enter d1" => vec!["d1".into()],
                _ => vec!["d1".into(), "e2".into()],
            })
        });
        assert_eq!(picker.point("d1"), Pointed::Chosen);
        assert_eq!(picker.complete(), Some("enter d1"));
        assert_eq!(picker.point("d1"), Pointed::Play("enter d1".into()));
        assert_eq!(picker.point("e2"), Pointed::Play("d1-e2".into()));
    }

    #[test]
    fn a_new_list_forgets_the_choice_but_the_same_list_keeps_it() {
        let mut picker = Picker::default();
        let list = legal(&["D4-D1", "D4-D2"]);
        picker.set_legal(&list, &squares);
        picker.point("D4");
        picker.set_legal(&list, &squares);
        assert_eq!(picker.chosen(), ["D4"]);
        picker.set_legal(&legal(&["A1"]), &squares);
        assert!(picker.chosen().is_empty());
    }
}
