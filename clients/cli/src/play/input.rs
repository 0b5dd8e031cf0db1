//! Text entry: a one-line editor (room links, names, typed moves) and the
//! typed move's completion from the legal list. A typed move is sent only
//! if it is an entry of `legal` (compared without case or spaces), or in
//! Magnet an offered turn plus promotions `promotions` allows for it.

use std::collections::BTreeMap;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A line being edited.
#[derive(Clone, Debug, Default)]
pub struct TextInput {
    pub text: String,
    /// The cursor, in characters from the start.
    pub cursor: usize,
}

/// What a key did to a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Edit {
    Changed,
    Submit,
    Cancel,
    /// Not an editing key.
    Other,
}

impl TextInput {
    pub fn with(text: &str) -> TextInput {
        TextInput {
            text: text.to_string(),
            cursor: text.chars().count(),
        }
    }

    fn byte(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }

    /// Inserts text (a typed character or a paste; line breaks dropped).
    pub fn insert(&mut self, text: &str) {
        for c in text.chars().filter(|c| !c.is_control()) {
            let at = self.byte(self.cursor);
            self.text.insert(at, c);
            self.cursor += 1;
        }
    }

    pub fn set(&mut self, text: &str) {
        *self = TextInput::with(text);
    }

    pub fn key(&mut self, key: KeyEvent) -> Edit {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Enter => Edit::Submit,
            KeyCode::Esc => Edit::Cancel,
            KeyCode::Char('u') if ctrl => {
                self.set("");
                Edit::Changed
            }
            KeyCode::Char('a') if ctrl => {
                self.cursor = 0;
                Edit::Changed
            }
            KeyCode::Char('e') if ctrl => {
                self.cursor = self.text.chars().count();
                Edit::Changed
            }
            KeyCode::Char(c) if !ctrl => {
                self.insert(&c.to_string());
                Edit::Changed
            }
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                let at = self.byte(self.cursor);
                self.text.remove(at);
                Edit::Changed
            }
            KeyCode::Delete if self.cursor < self.text.chars().count() => {
                let at = self.byte(self.cursor);
                self.text.remove(at);
                Edit::Changed
            }
            KeyCode::Left => {
                self.cursor = self.cursor.saturating_sub(1);
                Edit::Changed
            }
            KeyCode::Right => {
                self.cursor = (self.cursor + 1).min(self.text.chars().count());
                Edit::Changed
            }
            KeyCode::Home => {
                self.cursor = 0;
                Edit::Changed
            }
            KeyCode::End => {
                self.cursor = self.text.chars().count();
                Edit::Changed
            }
            KeyCode::Backspace | KeyCode::Delete => Edit::Changed,
            _ => Edit::Other,
        }
    }
}

/// How actions compare: without case and spaces.
fn key_of(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The offered actions that begin with `text`.
pub fn completions<'a>(text: &str, legal: &'a [String]) -> Vec<&'a String> {
    let key = key_of(text);
    legal.iter().filter(|a| key_of(a).starts_with(&key)).collect()
}

/// A move being typed, with the state of Tab completion.
#[derive(Clone, Debug, Default)]
pub struct Typed {
    pub input: TextInput,
    /// What was typed when Tab began stepping through the matches.
    stem: Option<String>,
    step: usize,
}

impl Typed {
    /// Any key but Tab: edits the line and ends stepping through matches.
    pub fn key(&mut self, key: KeyEvent) -> Edit {
        let edit = self.input.key(key);
        if edit == Edit::Changed {
            self.stem = None;
        }
        edit
    }

    /// Tab: completes the line to what every matching action shares; if it
    /// already does, steps through the matches one by one.
    pub fn complete(&mut self, legal: &[String]) {
        if let Some(stem) = &self.stem {
            let matches = completions(stem, legal);
            if !matches.is_empty() {
                self.input.set(matches[self.step % matches.len()]);
                self.step += 1;
            }
            return;
        }
        let matches = completions(&self.input.text, legal);
        let Some(first) = matches.first() else {
            return;
        };
        let shared: String = matches.iter().skip(1).fold(first.to_string(), |acc, a| {
            acc.chars()
                .zip(a.chars())
                .take_while(|(x, y)| x.eq_ignore_ascii_case(y))
                .map(|(x, _)| x)
                .collect()
        });
        if key_of(&shared).len() > key_of(&self.input.text).len() {
            self.input.set(&shared);
        } else {
            self.stem = Some(self.input.text.clone());
            self.input.set(first);
            self.step = 1;
        }
    }
}

/// The exact action to send for `text`, if it is one: an entry of `legal`
/// or (Magnet) an offered turn followed by `+` and promotions the server
/// allows for it, written the way the server lists them.
pub fn resolve(text: &str, legal: &[String], promotions: &BTreeMap<String, Vec<String>>) -> Option<String> {
    let key = key_of(text);
    if key.is_empty() {
        return None;
    }
    if let Some(action) = legal.iter().find(|a| key_of(a) == key) {
        return Some(action.clone());
    }
    let (base, plus) = text.split_once('+')?;
    let offer = legal.iter().find(|a| key_of(a) == key_of(base))?;
    let allowed = promotions.get(offer)?;
    let wanted: Vec<String> = plus
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_uppercase)
        .collect();
    if wanted.is_empty()
        || !wanted
            .iter()
            .all(|w| allowed.iter().any(|a| a.eq_ignore_ascii_case(w)))
    {
        return None;
    }
    let chosen: Vec<&str> = allowed
        .iter()
        .filter(|a| wanted.iter().any(|w| a.eq_ignore_ascii_case(w)))
        .map(String::as_str)
        .collect();
    Some(format!("{offer} +{}", chosen.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn press(input: &mut TextInput, code: KeyCode) -> Edit {
        input.key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn edits_a_line() {
        let mut input = TextInput::default();
        for c in "d4-d".chars() {
            press(&mut input, KeyCode::Char(c));
        }
        press(&mut input, KeyCode::Left);
        press(&mut input, KeyCode::Backspace);
        assert_eq!((input.text.as_str(), input.cursor), ("d4d", 2));
        input.insert("x\ny");
        assert_eq!(input.text, "d4xyd");
        assert_eq!(press(&mut input, KeyCode::Enter), Edit::Submit);
        assert_eq!(press(&mut input, KeyCode::Esc), Edit::Cancel);
        assert_eq!(press(&mut input, KeyCode::F(2)), Edit::Other);
    }

    #[test]
    fn only_an_offered_action_resolves() {
        let offered = legal(&["(f5) j1-g4", "magnet g4", "D4-D1"]);
        let none = BTreeMap::new();
        assert_eq!(
            resolve("(F5)J1-G4", &offered, &none).as_deref(),
            Some("(f5) j1-g4")
        );
        assert_eq!(
            resolve(" magnet  G4 ", &offered, &none).as_deref(),
            Some("magnet g4")
        );
        assert_eq!(resolve("d4-d2", &offered, &none), None);
        assert_eq!(resolve("", &offered, &none), None);
    }

    #[test]
    fn a_magnet_turn_takes_only_the_promotions_allowed() {
        let offered = legal(&["F6 E5,G6", "F6 G6,E5"]);
        let promotions = BTreeMap::from([("F6 E5,G6".to_string(), vec!["F6".to_string(), "G5".to_string()])]);
        assert_eq!(
            resolve("f6 e5,g6 +g5,f6", &offered, &promotions).as_deref(),
            Some("F6 E5,G6 +F6,G5")
        );
        assert_eq!(resolve("F6 E5,G6 +H1", &offered, &promotions), None);
        assert_eq!(resolve("F6 G6,E5 +F6", &offered, &promotions), None);
        assert_eq!(resolve("F6 E5,G6 +", &offered, &promotions), None);
    }

    #[test]
    fn tab_completes_what_the_matches_share_then_steps_through_them() {
        let offered = legal(&["D4-D1", "D4-D2", "E5-E1"]);
        let mut typed = Typed::default();
        typed.key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::NONE));
        typed.complete(&offered);
        assert_eq!(typed.input.text, "D4-D");
        typed.complete(&offered);
        assert_eq!(typed.input.text, "D4-D1");
        typed.complete(&offered);
        assert_eq!(typed.input.text, "D4-D2");
        typed.complete(&offered);
        assert_eq!(typed.input.text, "D4-D1");
        // Typing ends the stepping: the line completes afresh.
        typed.key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
        typed.complete(&offered);
        assert_eq!(typed.input.text, "D4-D1");
        let mut nothing = Typed::default();
        nothing.input.set("z");
        nothing.complete(&offered);
        assert_eq!(nothing.input.text, "z");
        assert_eq!(completions("e", &offered), [&offered[2]]);
    }
}
