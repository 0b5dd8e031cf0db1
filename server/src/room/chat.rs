//! The room's chat: who may say what to whom, and who may read each line.
//!
//! - `room`: said by a seated player, read by the seated players (not by
//!   spectators, as on lichess: the players' talk stays at their table,
//!   during the game, after it and in replays);
//! - `team`: said by a seated player of a team game (Magma with 4 or 6
//!   players), read by the seats of the same team only;
//! - `spectators`: said by someone watching without a seat, read by the
//!   spectators, and by the seated players only once the game is over.
//!
//! A line is an event of the room's log, stored before anyone reads it;
//! [`RoomCore::chat_for`] filters the stored lines for a viewer up to a
//! version of the log (live views and replays alike). The owner can turn
//! the chat off (`set_chat`; the room option `chat` off does it at the
//! creation). Text has 1 to 500 characters, no control characters and no
//! bidirectional overrides; the rate per person is checked before the
//! room is asked (`limits.rs`).

use lodestone_protocol::{ChatLine, ChatTo, Detail, Guest, MAX_CHAT_CHARS, codes};
use lodestone_rules::Seat;

use super::core::RoomCore;
use super::event::{ChatSaid, Recorded, RoomEvent};
use super::refusal::Refusal;
use super::seating::Player;
use super::social::Said;
use super::watchers::ConnId;
use crate::names::{is_bidi_control, is_invisible};

/// The text of a chat line as it is kept, or why it is refused.
pub fn check_text(text: &str) -> Result<String, Refusal> {
    let len = text.chars().count();
    if len > MAX_CHAT_CHARS {
        return Err(Refusal::detailed(
            codes::CHAT_TOO_LONG,
            Detail::ChatTooLong {
                max: MAX_CHAT_CHARS as u64,
                length: len as u64,
            },
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(Refusal::new(
            codes::BAD_CHAT,
            "a chat line cannot hold control characters (a line break, a tab...)",
        ));
    }
    if let Some(c) = text.chars().find(|&c| is_bidi_control(c)) {
        let code_point = c as u32;
        return Err(Refusal::detailed(
            codes::BAD_CHAT,
            Detail::ChatBidi { code_point },
        ));
    }
    if text.chars().all(is_invisible) {
        return Err(Refusal::new(codes::BAD_CHAT, "the chat line shows nothing"));
    }
    Ok(text.trim().to_string())
}

impl RoomCore {
    /// Whether some seats share a team (Magma with 4 or 6 players).
    pub(super) fn has_teams(&self) -> bool {
        let n = self.seating().len();
        let teams: std::collections::BTreeSet<u8> = (0..n).map(|i| self.game().team(Seat(i as u8))).collect();
        teams.len() < n
    }

    /// `player`, watching on `conn`, says `text` to `to`. Returns the
    /// line's event.
    pub fn chat(
        &mut self,
        conn: ConnId,
        player: &Player,
        to: ChatTo,
        text: &str,
        now: u64,
    ) -> Result<Recorded, Refusal> {
        self.check_not_gone()?;
        if !self.watchers().contains(conn) {
            return Err(Refusal::new(
                codes::NOT_WATCHING,
                "watch the room (or join it) before chatting in it",
            ));
        }
        if self.social().chat_off() {
            return Err(Refusal::new(
                codes::CHAT_OFF,
                "the room's owner has turned its chat off",
            ));
        }
        let text = check_text(text)?;
        let seat = self.seat_of(&player.id);
        match (to, seat) {
            (ChatTo::Room | ChatTo::Team, None) => {
                return Err(Refusal::new(
                    codes::NOT_SEATED,
                    "only the seated players talk in the room's chat: spectators write to spectators",
                ));
            }
            (ChatTo::Team, Some(_)) if !self.has_teams() => {
                return Err(Refusal::new(
                    codes::NO_TEAMS,
                    "this game has no teams: write to the room",
                ));
            }
            (ChatTo::Spectators, Some(_)) => {
                return Err(Refusal::new(
                    codes::SPECTATORS_ONLY,
                    "the spectators' chat is for those watching without a seat",
                ));
            }
            _ => {}
        }
        let event = RoomEvent::Chat(ChatSaid {
            guest: player.id.clone(),
            name: player.name.clone(),
            seat,
            to,
            text,
        });
        let mut events = Vec::with_capacity(1);
        self.push(&mut events, now, event)?;
        Ok(events.remove(0))
    }

    /// The owner turns the chat on or off.
    pub fn set_chat(&mut self, player: &Player, on: bool, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_not_gone()?;
        if !self.owns(&player.id) {
            return Err(Refusal::new(
                codes::NOT_OWNER,
                "only the room's owner can turn its chat on or off",
            ));
        }
        let mut events = Vec::new();
        if self.social().chat_off() == on {
            self.push(&mut events, now, RoomEvent::ChatSet { on })?;
        }
        // Otherwise already so: nothing to store.
        Ok(events)
    }

    /// Whether the chat is on.
    pub fn chat_on(&self) -> bool {
        !self.social().chat_off()
    }

    /// Whether `viewer` (a seat, or a spectator) may read `said` as the
    /// room was at version `upto`.
    fn may_read(&self, said: &Said, viewer: Option<Seat>, upto: u64) -> bool {
        if said.seq > upto {
            return false;
        }
        match (said.line.to, viewer) {
            (ChatTo::Room, viewer) => viewer.is_some(),
            (ChatTo::Team, Some(seat)) => said
                .line
                .seat
                .is_some_and(|from| self.game().team(from) == self.game().team(seat)),
            (ChatTo::Team, None) => false,
            (ChatTo::Spectators, None) => true,
            (ChatTo::Spectators, Some(_)) => self.social().ended().is_some_and(|(end, _)| end <= upto),
        }
    }

    /// The chat lines `viewer` (a seat, or a spectator) may read, as the
    /// room was at version `upto` (`u64::MAX`: now): for live views and
    /// for replays, which show a viewer the lines it could read then.
    pub fn chat_for(&self, viewer: Option<Seat>, upto: u64) -> Vec<ChatLine> {
        self.social()
            .lines()
            .iter()
            .filter(|said| self.may_read(said, viewer, upto))
            .map(line)
            .collect()
    }

    /// The line of event `seq`, if `viewer` may read it now.
    pub fn chat_line_for(&self, seq: u64, viewer: Option<Seat>) -> Option<ChatLine> {
        self.social()
            .lines()
            .iter()
            .rev()
            .find(|said| said.seq == seq)
            .filter(|said| self.may_read(said, viewer, u64::MAX))
            .map(line)
    }

    /// The lines of the spectators' chat, which the seated players may
    /// read once the game is over.
    pub fn spectators_lines(&self) -> usize {
        self.social()
            .lines()
            .iter()
            .filter(|s| s.line.to == ChatTo::Spectators)
            .count()
    }
}

fn line(said: &Said) -> ChatLine {
    ChatLine {
        seq: said.seq,
        at: said.at,
        to: said.line.to,
        from: Guest {
            id: said.line.guest.clone(),
            name: said.line.name.clone(),
        },
        seat: said.line.seat.map(|s| s.0),
        text: said.line.text.clone(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::secrets::SeededSecrets;

    /// The texts of the lines `viewer` may read at version `upto`.
    fn read(room: &RoomCore, viewer: Option<Seat>, upto: u64) -> Vec<String> {
        room.chat_for(viewer, upto).into_iter().map(|l| l.text).collect()
    }

    /// A line of spaces and characters that draw nothing is refused,
    /// whichever of them it is made of (the shorthand format controls
    /// U+1BCA0–U+1BCA3 and the tags included); one visible character
    /// among them is a line.
    #[test]
    fn a_line_that_shows_nothing_is_refused() {
        for text in [
            " ",
            "\u{200B}\u{3164}",
            "\u{2800} \u{FEFF}",
            "\u{1BCA0}\u{1BCA3}",
            "\u{E0041}\u{FFF0}",
        ] {
            let refusal = check_text(text).unwrap_err();
            assert_eq!(refusal.message, "the chat line shows nothing", "{text:?}");
        }
        assert_eq!(check_text(" \u{1BCA1}hi ").unwrap(), "\u{1BCA1}hi");
    }

    #[test]
    fn each_viewer_reads_its_lines_as_the_room_was_then_and_after_a_restore() {
        let (ann, bo, eve) = (
            Player::person("ann", "Ann"),
            Player::person("bo", "Bo"),
            Player::person("eve", "Eve"),
        );
        let (mut room, mut events) = RoomCore::create(
            "r".into(),
            "magneton",
            &BTreeMap::new(),
            true,
            &ann,
            0,
            Box::new(SeededSecrets::new(3)),
        )
        .unwrap();
        events.extend(room.join(1, &ann, None, None, 0).unwrap().1);
        events.extend(room.join(2, &bo, None, None, 0).unwrap().1);
        room.watch(3, &eve, None).unwrap();
        events.extend(room.start(&ann, 0).unwrap());
        events.push(room.chat(1, &ann, ChatTo::Room, "  hello  ", 1).unwrap());
        events.push(room.chat(3, &eve, ChatTo::Spectators, "psst", 2).unwrap());
        let during = room.version();
        assert_eq!(read(&room, Some(Seat(0)), u64::MAX), ["hello"]);
        assert_eq!(read(&room, None, u64::MAX), ["psst"]);
        assert_eq!(read(&room, Some(Seat(1)), during - 1), ["hello"]);
        events.extend(room.resign(&bo, 3).unwrap());
        // After the end the players read the spectators' line, but a
        // replay of the game before the end still does not show it.
        assert_eq!(read(&room, Some(Seat(1)), u64::MAX), ["hello", "psst"]);
        assert_eq!(read(&room, Some(Seat(1)), during), ["hello"]);
        assert_eq!(read(&room, None, u64::MAX), ["psst"]);
        // The same from the stored events.
        let again = RoomCore::restore("r", &events, Box::new(SeededSecrets::new(3))).unwrap();
        assert_eq!(
            again.chat_for(Some(Seat(0)), u64::MAX),
            room.chat_for(Some(Seat(0)), u64::MAX)
        );
        assert_eq!(read(&again, Some(Seat(0)), during), ["hello"]);
    }

    #[test]
    fn text_is_checked() {
        assert_eq!(check_text(" gg ").unwrap(), "gg");
        assert_eq!(check_text(&"é".repeat(500)).unwrap().chars().count(), 500);
        assert_eq!(
            check_text(&"é".repeat(501)).unwrap_err().code,
            codes::CHAT_TOO_LONG
        );
        for bad in ["", " \u{200B} ", "a\nb", "a\u{7}", "\u{2066}x"] {
            assert_eq!(check_text(bad).unwrap_err().code, codes::BAD_CHAT, "{bad:?}");
        }
    }
}
