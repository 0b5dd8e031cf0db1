//! The parts of a room's screen that the room view and its panel both
//! draw: the heading, a seat's line (player, presence, clock), the
//! rematch, and the chat as plain text.

use lodestone_i18n::Words;
use lodestone_protocol::{ChatTo, RoomState, RoomStatus, SeatState};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::super::model::App;
use super::super::room::Room;
use super::super::theme::Theme;
use super::super::words::{color_word, list_words};
use super::{input_line, plain, wrap};

/// The rematch proposed after the end, as `state.rematch` tells it.
pub(super) fn rematch_text(w: &Words, state: &RoomState) -> Option<String> {
    let rematch = state.rematch.as_ref()?;
    let name = |seat: &u8| {
        state.seats.get(usize::from(*seat)).map_or_else(
            || w.with("seat-number", &[("seat", (*seat).into())]),
            |s| {
                s.player
                    .as_ref()
                    .map_or_else(|| s.name.clone(), |p| plain(&p.name))
            },
        )
    };
    if rematch.room.is_some() {
        return Some(w.get("rematch-opened"));
    }
    let accepted: Vec<String> = rematch.accepted.iter().map(name).collect();
    let waiting: Vec<String> = state
        .seats
        .iter()
        .filter(|s| !rematch.accepted.contains(&s.seat))
        .map(|s| name(&s.seat))
        .collect();
    let id = if waiting.is_empty() {
        "rematch-in"
    } else if state.you.is_some_and(|y| !rematch.accepted.contains(&y)) {
        "rematch-asks-you"
    } else {
        "rematch-waiting"
    };
    Some(w.with(
        id,
        &[
            ("accepted", list_words(w, &accepted).into()),
            ("waiting", list_words(w, &waiting).into()),
        ],
    ))
}

/// The room's chat in at most `max` lines (its end, and the line being
/// written); nothing when there is no chat and none is written.
pub(super) fn chat_lines(
    w: &Words,
    room: &Room,
    width: usize,
    theme: &Theme,
    max: usize,
) -> Vec<Line<'static>> {
    if max < 2 || (room.chat.is_empty() && room.chat_input.is_none()) {
        return Vec::new();
    }
    let mut said: Vec<Line> = Vec::new();
    for line in &room.chat {
        let to = match line.to {
            ChatTo::Room => String::new(),
            to => format!("[{}] ", audience(w, to)),
        };
        let text = format!("{to}{}: {}", plain(&line.from.name), plain(&line.text));
        let style = if line.to == ChatTo::Room {
            Style::new()
        } else {
            theme.dim()
        };
        said.extend(wrap(&text, width).into_iter().map(|l| Line::styled(l, style)));
    }
    let mut out = vec![Line::styled(w.get("chat-title"), theme.heading())];
    let mut writing = Vec::new();
    if let Some(draft) = &room.chat_input {
        let prompt = format!(
            "{} ",
            w.with("chat-to", &[("audience", audience(w, draft.to).into())])
        );
        let room_left = width.saturating_sub(prompt.chars().count()).max(4);
        let mut spans = vec![Span::styled(prompt, theme.key())];
        spans.extend(input_line(&draft.input, room_left, theme).spans);
        writing.push(Line::from(spans));
    }
    let keep = max.saturating_sub(1 + writing.len());
    out.extend(said[said.len().saturating_sub(keep)..].iter().cloned());
    out.extend(writing);
    out
}

/// Whom a chat line is for, in words.
fn audience(w: &Words, to: ChatTo) -> String {
    w.get(match to {
        ChatTo::Room => "chat-room",
        ChatTo::Team => "chat-team",
        ChatTo::Spectators => "chat-spectators",
    })
}

pub(super) fn room_heading(w: &Words, state: &RoomState) -> String {
    let mut game = state.game.clone();
    if let Some(first) = game.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    let options = App::describe_options(w, &state.options);
    if state.public {
        format!("{game} · {options}")
    } else {
        w.with(
            "room-heading-private",
            &[("game", game.into()), ("options", options.into())],
        )
    }
}

/// A seat: colour letter, seat name, player, you, presence, clock, turn.
pub(super) fn seat_spans(
    w: &Words,
    seat: &SeatState,
    state: &RoomState,
    clock: Option<String>,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let letter = seat.color.chars().next().unwrap_or('?').to_ascii_uppercase();
    let mut spans = vec![
        Span::styled(letter.to_string(), theme.side(&seat.color)),
        Span::raw(format!(" {:<6} ", color_word(w, &seat.name))),
    ];
    match &seat.player {
        Some(p) => {
            spans.push(Span::raw(p.name.clone()));
            // The server's computer players and bot accounts (programs
            // playing through the protocol) are tagged alike.
            if seat.bot || seat.bot_account {
                spans.push(Span::styled(format!(" {}", w.get("seat-bot")), theme.dim()));
            }
            if state.you == Some(seat.seat) {
                spans.push(Span::styled(format!(" {}", w.get("seat-you")), theme.good()));
            }
            let presence = if seat.stand_in {
                format!(" ⚙ {}", w.get("seat-stand-in"))
            } else if seat.connected {
                " ●".to_string()
            } else if seat.absent {
                format!(" ○ {}", w.get("seat-absent"))
            } else {
                format!(" ○ {}", w.get("seat-away"))
            };
            spans.push(Span::styled(presence, theme.dim()));
        }
        None => spans.push(Span::styled(format!("— {} —", w.get("seat-free")), theme.dim())),
    }
    if state.seats.iter().any(|s| s.team != s.seat) {
        let team = w.with("seat-team", &[("team", (seat.team + 1).into())]);
        spans.push(Span::styled(format!(" {team}"), theme.dim()));
    }
    if let Some(clock) = clock {
        spans.push(Span::styled(format!(" {clock}"), theme.key()));
    }
    let to_act = state.status == RoomStatus::Playing
        && state.play.as_ref().is_some_and(|p| p.to_act.contains(&seat.seat));
    if to_act {
        spans.push(Span::styled(" ◀", theme.key()));
    }
    spans
}

/// `m:ss` of a countdown.
pub fn clock_text(ms: u64) -> String {
    let total = ms.div_ceil(1000);
    format!("{}:{:02}", total / 60, total % 60)
}
