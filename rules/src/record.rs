//! Game records (NOTATION.md): `[Key "Value"]` headers, then one action per
//! line, with move numbers and `#` comments allowed; and replaying a record
//! into a game.

use std::fmt;

use crate::any::{AnyGame, GameKind};
use crate::game::{Concession, ErrorCode, Millis, OptionError, OptionValues, TableEvent};

/// A header line: `[Key "Value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub key: String,
    pub value: String,
}

/// One action line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordAction {
    /// The action's number, counting action lines from 1.
    pub number: usize,
    /// The line of the file it came from, from 1.
    pub line: usize,
    /// The action as written, without move number or comment.
    pub text: String,
}

/// A parsed game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub game: GameKind,
    /// Every header in file order, `Game` and `Option` included; unknown
    /// keys are kept.
    pub headers: Vec<Header>,
    pub actions: Vec<RecordAction>,
}

/// A record that is not well formed, with the line it was found on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

/// Strips a leading move number (`12.` or `12...`) from an action line.
fn strip_move_number(text: &str) -> &str {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &text[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    if digits > 0 && dots > 0 {
        rest[dots..].trim_start()
    } else {
        text
    }
}

/// Reads `[Key "Value"]`; `\"` and `\\` escape inside the value.
fn parse_header(text: &str) -> Result<Header, String> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or("a header is written [Key \"Value\"]")?
        .trim();
    let (key, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or("a header is written [Key \"Value\"]")?;
    let key_ok =
        key.starts_with(|c: char| c.is_ascii_alphabetic()) && key.chars().all(|c| c.is_ascii_alphanumeric());
    if !key_ok {
        return Err(format!(
            "header key {key:?} must be letters and digits, starting with a letter"
        ));
    }
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .ok_or_else(|| format!("the value of header {key} must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or("a header value ends in a lone backslash")?),
            '"' => return Err(format!("the value of header {key} has an unescaped quote")),
            c => value.push(c),
        }
    }
    Ok(Header {
        key: key.to_string(),
        value,
    })
}

impl Record {
    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut headers = Vec::new();
        let mut actions = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |message: String| RecordError { line, message };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            if content.starts_with('[') {
                if !actions.is_empty() {
                    return Err(err("headers must come before the first action".into()));
                }
                headers.push(parse_header(content).map_err(err)?);
                continue;
            }
            let action = strip_move_number(content);
            if action.is_empty() {
                continue;
            }
            actions.push(RecordAction {
                number: actions.len() + 1,
                line,
                text: action.to_string(),
            });
        }
        let mut games = headers.iter().filter(|h| h.key.eq_ignore_ascii_case("Game"));
        let game_header = games.next().ok_or(RecordError {
            line: 1,
            message: "the record has no [Game \"...\"] header".into(),
        })?;
        let line_of = |key: &str, value: &str| {
            text.lines()
                .position(|l| l.contains(key) && l.contains(value))
                .map_or(1, |i| i + 1)
        };
        if games.next().is_some() {
            return Err(RecordError {
                line: line_of("Game", ""),
                message: "the record has more than one Game header".into(),
            });
        }
        let game = game_header.value.parse::<GameKind>().map_err(|e| RecordError {
            line: line_of("Game", &game_header.value),
            message: e.message,
        })?;
        Ok(Record {
            game,
            headers,
            actions,
        })
    }

    /// The values of every header with `key` (case-insensitive), in order.
    pub fn header_values<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.headers
            .iter()
            .filter(move |h| h.key.eq_ignore_ascii_case(key))
            .map(|h| h.value.as_str())
    }

    /// The `Option` headers as `(key, value)` pairs.
    pub fn options(&self) -> Result<Vec<(String, String)>, OptionError> {
        self.header_values("Option")
            .map(|o| OptionValues::split_pair(o).map(|(k, v)| (k.to_string(), v.to_string())))
            .collect()
    }

    /// The table events of the record's headers (`Resign`, `OutOfTime`,
    /// `DrawAgreed`), each with the number of actions played before it, in
    /// the order they happened; `game` names the seats.
    pub fn table_events(&self, game: &AnyGame) -> Result<Vec<(usize, TableEvent)>, String> {
        let mut events = Vec::new();
        for h in &self.headers {
            let how = if h.key.eq_ignore_ascii_case(Concession::Resign.header_key()) {
                Some(Concession::Resign)
            } else if h.key.eq_ignore_ascii_case(Concession::OutOfTime.header_key()) {
                Some(Concession::OutOfTime)
            } else if h.key.eq_ignore_ascii_case(TableEvent::DrawAgreed.header_key()) {
                None
            } else {
                continue;
            };
            let bad = || {
                let form = if how.is_some() {
                    "<seat> after <N>"
                } else {
                    "after <N>"
                };
                format!("header [{} \"{}\"] is not \"{form}\"", h.key, h.value)
            };
            let words: Vec<&str> = h.value.split_whitespace().collect();
            let (seat, after) = match (how, words.as_slice()) {
                (Some(_), [seat, "after", n]) => (Some(*seat), *n),
                (None, ["after", n]) => (None, *n),
                _ => return Err(bad()),
            };
            let after: usize = after.parse().map_err(|_| bad())?;
            if after > self.actions.len() {
                return Err(format!(
                    "header [{} \"{}\"] comes after action {after}, but the record has {}",
                    h.key,
                    h.value,
                    self.actions.len()
                ));
            }
            let event = match (how, seat) {
                (Some(how), Some(name)) => {
                    let seat = game
                        .parse_seat(name)
                        .ok_or_else(|| format!("header [{} \"{}\"]: no seat {name:?}", h.key, h.value))?;
                    TableEvent::Concede(seat, how)
                }
                _ => TableEvent::DrawAgreed,
            };
            events.push((after, event));
        }
        // Stable: events after the same action keep their header order.
        events.sort_by_key(|&(after, _)| after);
        Ok(events)
    }

    /// The header that records `event` after `after` actions:
    /// `[Resign "white after 31"]`, `[OutOfTime "2 after 14"]`,
    /// `[DrawAgreed "after 40"]`; `game` names the seats.
    pub fn table_header(game: &AnyGame, event: TableEvent, after: usize) -> Header {
        let value = match event {
            TableEvent::Concede(seat, _) => format!("{} after {after}", game.seat_name(seat)),
            TableEvent::DrawAgreed => format!("after {after}"),
        };
        Header {
            key: event.header_key().to_string(),
            value,
        }
    }

    /// Plays the record's actions from the start of its game, and its
    /// table events (resignations, time run out, a draw agreed) where they
    /// happened.
    pub fn replay(&self) -> Result<AnyGame, ReplayError> {
        let options = self.options().map_err(|e| ReplayError::Setup(e.message))?;
        let mut game = AnyGame::new(self.game, &options).map_err(|e| ReplayError::Setup(e.message))?;
        let table = self.table_events(&game).map_err(ReplayError::Setup)?;
        let mut table = table.into_iter().peekable();
        let mut play_table = |game: &mut AnyGame, played: usize| -> Result<(), ReplayError> {
            while let Some((_, event)) = table.next_if(|&(after, _)| after == played) {
                game.apply_table(event, Millis(0)).map_err(|e| {
                    ReplayError::Setup(format!("{event} after action {played}: {e} ({})", e.code))
                })?;
            }
            Ok(())
        };
        play_table(&mut game, 0)?;
        for action in &self.actions {
            let fail = |reason: String, code: &'static str| ReplayError::Action {
                number: action.number,
                action: action.text.clone(),
                reason,
                code,
            };
            let seat = game
                .to_act()
                .first_seat()
                .ok_or_else(|| fail("the game is already over".into(), ErrorCode::GameOver.as_str()))?;
            game.play(seat, &action.text, Millis(0))
                .map_err(|e| fail(e.to_string(), e.code()))?;
            play_table(&mut game, action.number)?;
        }
        Ok(game)
    }
}

impl fmt::Display for Record {
    /// Writes the record canonically: headers, a blank line, one action per
    /// line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for h in &self.headers {
            let value = h.value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{} \"{value}\"]", h.key)?;
        }
        if !self.headers.is_empty() && !self.actions.is_empty() {
            writeln!(f)?;
        }
        for a in &self.actions {
            writeln!(f, "{}", a.text)?;
        }
        Ok(())
    }
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The headers do not describe a game that can start (bad option,
    /// unavailable game).
    Setup(String),
    /// Action `number` could not be read or was refused.
    Action {
        number: usize,
        action: String,
        reason: String,
        code: &'static str,
    },
}

impl fmt::Display for ReplayError {
    /// `action N: <the action>: <reason>` for a refused action.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(m) => f.write_str(m),
            ReplayError::Action {
                number,
                action,
                reason,
                ..
            } => write!(f, "action {number}: {action}: {reason}"),
        }
    }
}

impl std::error::Error for ReplayError {}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"[Game "magneton"]
[Option "move-rule=per-ray"]
[Event "club \"night\""]
# a comment
1. D4
1... e5   # black
2.

c3
"#;

    #[test]
    fn reads_headers_numbers_and_comments() {
        let r = Record::parse(TEXT).unwrap();
        assert_eq!(r.game, GameKind::Magneton);
        assert_eq!(r.options().unwrap(), vec![("move-rule".into(), "per-ray".into())]);
        assert_eq!(r.header_values("event").collect::<Vec<_>>(), ["club \"night\""]);
        let texts: Vec<_> = r
            .actions
            .iter()
            .map(|a| (a.number, a.line, a.text.as_str()))
            .collect();
        assert_eq!(texts, [(1, 5, "D4"), (2, 6, "e5"), (3, 9, "c3")]);
        let again = Record::parse(&r.to_string()).unwrap();
        assert_eq!(again.headers, r.headers);
        assert_eq!(
            again.actions.iter().map(|a| &a.text).collect::<Vec<_>>(),
            ["D4", "e5", "c3"]
        );
    }

    #[test]
    fn malformed_records_name_the_line() {
        let e = Record::parse("D4\n").unwrap_err();
        assert!(e.message.contains("no [Game"), "{e}");
        let e = Record::parse("[Game \"magneton\"]\nD4\n[Option \"a=b\"]\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = Record::parse("[Game magneton]\n").unwrap_err();
        assert!(e.message.contains("double quotes"), "{e}");
        let e = Record::parse("[1Game \"x\"]\n").unwrap_err();
        assert!(e.message.contains("letters and digits"), "{e}");
        let e = Record::parse("[Game \"go\"]\n").unwrap_err();
        assert!(e.message.contains("unknown game"), "{e}");
    }

    #[test]
    fn replay_counts_actions_from_one() {
        let r = Record::parse("[Game \"magneton\"]\n# x\n1. D4\n1... D4\n").unwrap();
        let e = r.replay().unwrap_err();
        assert_eq!(e.to_string(), "action 2: D4: D4 is occupied");
        let r = Record::parse("[Game \"magneton\"]\n[Option \"speed=fast\"]\n").unwrap();
        assert!(matches!(r.replay(), Err(ReplayError::Setup(m)) if m.contains("unknown option")));
    }
}
