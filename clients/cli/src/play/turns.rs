//! "Your move in N games": the games waiting for this identity's move,
//! the oldest first, as the server's `my_turns` lists them (the same list
//! as the browser's). Asked again every few seconds on every screen, so
//! the count follows the other players' moves in rooms not shown; listed
//! first in the lobby and as a line over a room, `g` opening the oldest
//! other one. No I/O here: the app asks (`model/turns.rs`) and draws.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::{RoomSummary, TurnWaiting};

/// How often the list is asked for again once answered.
pub const ASK_EVERY: Duration = Duration::from_secs(3);

/// How long an unanswered ask waits before another goes (its reply may
/// have been lost with a connection).
const ASK_AGAIN: Duration = Duration::from_secs(15);

/// The games waiting for our move, and when they were last asked for.
#[derive(Debug, Default)]
pub struct Turns {
    rooms: Vec<TurnWaiting>,
    asked: Option<Instant>,
    answered: bool,
}

impl Turns {
    /// The games waiting, oldest first.
    pub fn rooms(&self) -> &[TurnWaiting] {
        &self.rooms
    }

    /// Whether `room` waits for our move.
    pub fn waits(&self, room: &str) -> bool {
        self.rooms.iter().any(|t| t.room == room)
    }

    /// The games waiting other than `shown`, oldest first.
    pub fn others<'a>(&'a self, shown: Option<&str>) -> impl Iterator<Item = &'a TurnWaiting> + use<'a> {
        let shown = shown.map(str::to_string);
        self.rooms.iter().filter(move |t| Some(&t.room) != shown.as_ref())
    }

    /// The oldest game waiting other than `shown`.
    pub fn next(&self, shown: Option<&str>) -> Option<&TurnWaiting> {
        self.others(shown).next()
    }

    /// Whether to ask now; if so, notes that it was asked.
    pub fn due(&mut self, now: Instant) -> bool {
        let due = match self.asked {
            None => true,
            Some(at) if self.answered => now.saturating_duration_since(at) >= ASK_EVERY,
            Some(at) => now.saturating_duration_since(at) >= ASK_AGAIN,
        };
        if due {
            self.asked = Some(now);
            self.answered = false;
        }
        due
    }

    /// Asks at the next chance (after a welcome, back in the lobby).
    pub fn soon(&mut self) {
        self.asked = None;
    }

    /// The server's answer.
    pub fn answered(&mut self, rooms: Vec<TurnWaiting>) {
        self.rooms = rooms;
        self.answered = true;
    }

    /// The lobby's heading over the list: how many, and the key.
    pub fn heading(&self, words: &Words) -> String {
        words.with("turns-heading", &[("count", FluentValue::from(self.rooms.len()))])
    }

    /// The line over a room: how many other games wait, and the key to
    /// the oldest; none when no other game waits.
    pub fn room_line(&self, words: &Words, shown: &str) -> Option<String> {
        let count = self.others(Some(shown)).count();
        let next = self.next(Some(shown))?;
        Some(words.with(
            "turns-room-line",
            &[
                ("count", FluentValue::from(count)),
                ("game", next.game.clone().into()),
            ],
        ))
    }
}

/// A lobby line for a game waiting: the game, its players when the lobby
/// lists the room (else its short id), and for how long it has waited.
pub fn entry_text(turn: &TurnWaiting, known: Option<&RoomSummary>, words: &Words) -> String {
    let who = match known {
        Some(r) if !r.players.is_empty() => r.players.join(", "),
        _ => words.with(
            "lobby-room",
            &[("id", turn.room[..turn.room.len().min(8)].to_string().into())],
        ),
    };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let waited = Duration::from_millis(now.saturating_sub(turn.since));
    let (amount, unit) = match waited.as_secs() {
        s if s < 60 => (0, "now"),
        s if s < 3600 => (s / 60, "minutes"),
        s if s < 86_400 => (s / 3600, "hours"),
        s => (s / 86_400, "days"),
    };
    let since = words.with(
        "turns-waited",
        &[("amount", FluentValue::from(amount)), ("unit", unit.into())],
    );
    format!("{:<10} {who:<28} {since}", turn.game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(room: &str, since: u64) -> TurnWaiting {
        TurnWaiting {
            room: room.into(),
            game: "magneton".into(),
            since,
        }
    }

    #[test]
    fn asks_every_few_seconds_once_answered_and_again_after_a_lost_reply() {
        let start = Instant::now();
        let mut turns = Turns::default();
        assert!(turns.due(start));
        assert!(!turns.due(start + ASK_EVERY), "not answered yet");
        assert!(turns.due(start + ASK_AGAIN), "the reply was lost");
        turns.answered(vec![turn("a", 1)]);
        assert!(!turns.due(start + ASK_AGAIN + Duration::from_secs(1)));
        assert!(turns.due(start + ASK_AGAIN + ASK_EVERY));
        turns.soon();
        assert!(turns.due(start + ASK_AGAIN + ASK_EVERY));
    }

    #[test]
    fn the_next_game_is_the_oldest_other_than_the_one_shown() {
        let mut turns = Turns::default();
        turns.answered(vec![turn("a", 1), turn("b", 2)]);
        let words = Words::english();
        assert_eq!(turns.next(None).map(|t| t.room.as_str()), Some("a"));
        assert_eq!(turns.next(Some("a")).map(|t| t.room.as_str()), Some("b"));
        assert_eq!(turns.heading(&words), "Your move in 2 games (g opens the oldest)");
        assert_eq!(
            turns.room_line(&words, "a").as_deref(),
            Some("Your move in 1 other game: g opens magneton")
        );
        turns.answered(vec![turn("a", 1)]);
        assert_eq!(turns.room_line(&words, "a"), None);
        assert_eq!(turns.heading(&words), "Your move in 1 game (g opens the oldest)");
        assert!(turns.waits("a") && !turns.waits("b"));
        let line = entry_text(&turn("abcdef123456", 0), None, &words);
        assert!(
            line.starts_with("magneton") && line.contains("room abcdef12"),
            "{line}"
        );
        assert!(line.ends_with(" d"), "{line}");
    }
}
