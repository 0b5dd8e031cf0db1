//! The parts of a room's screen that the room view and its panel both
//! draw: the heading, a seat's line (player, presence, clock), the
//! rematch, and the chat as plain text.

use lodestone_protocol::{ChatTo, RoomState, RoomStatus, SeatState};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::super::model::App;
use super::super::room::Room;
use super::super::theme::Theme;
use super::super::words;
use super::{input_line, plain, wrap};

/// The rematch proposed after the end, as `state.rematch` tells it.
pub(super) fn rematch_text(state: &RoomState) -> Option<String> {
    let rematch = state.rematch.as_ref()?;
    let name = |seat: &u8| {
        state.seats.get(usize::from(*seat)).map_or_else(
            || format!("seat {seat}"),
            |s| {
                s.player
                    .as_ref()
                    .map_or_else(|| s.name.clone(), |p| plain(&p.name))
            },
        )
    };
    if rematch.room.is_some() {
        return Some("Rematch: it has opened.".into());
    }
    let accepted: Vec<String> = rematch.accepted.iter().map(name).collect();
    let waiting: Vec<String> = state
        .seats
        .iter()
        .filter(|s| !rematch.accepted.contains(&s.seat))
        .map(|s| name(&s.seat))
        .collect();
    let mut text = format!("Rematch: {} in", accepted.join(", "));
    if !waiting.is_empty() {
        text.push_str(&format!("; waiting for {}", waiting.join(", ")));
        if state.you.is_some_and(|y| !rematch.accepted.contains(&y)) {
            text.push_str(" (r accepts, R declines)");
        }
    }
    text.push('.');
    Some(text)
}

/// The room's chat in at most `max` lines (its end, and the line being
/// written); nothing when there is no chat and none is written.
pub(super) fn chat_lines(room: &Room, width: usize, theme: &Theme, max: usize) -> Vec<Line<'static>> {
    if max < 2 || (room.chat.is_empty() && room.chat_input.is_none()) {
        return Vec::new();
    }
    let mut said: Vec<Line> = Vec::new();
    for line in &room.chat {
        let to = match line.to {
            ChatTo::Room => String::new(),
            to => format!("[{}] ", to.as_str()),
        };
        let text = format!("{to}{}: {}", plain(&line.from.name), plain(&line.text));
        let style = if line.to == ChatTo::Room {
            Style::new()
        } else {
            theme.dim()
        };
        said.extend(wrap(&text, width).into_iter().map(|l| Line::styled(l, style)));
    }
    let mut out = vec![Line::styled("Chat", theme.heading())];
    let mut writing = Vec::new();
    if let Some(draft) = &room.chat_input {
        let prompt = format!("to {}› ", draft.to.as_str());
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

pub(super) fn room_heading(state: &RoomState) -> String {
    let mut game = state.game.clone();
    if let Some(first) = game.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    format!(
        "{game} · {}{}",
        App::describe_options(&state.options),
        if state.public { "" } else { " · private" }
    )
}

/// A seat: colour letter, seat name, player, you, presence, clock, turn.
pub(super) fn seat_spans(
    seat: &SeatState,
    state: &RoomState,
    clock: Option<String>,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let letter = seat.color.chars().next().unwrap_or('?').to_ascii_uppercase();
    let mut spans = vec![
        Span::styled(letter.to_string(), theme.side(&seat.color)),
        Span::raw(format!(" {:<6} ", seat.name)),
    ];
    match &seat.player {
        Some(p) => {
            spans.push(Span::raw(p.name.clone()));
            // The server's computer players and bot accounts (programs
            // playing through the protocol) are tagged alike.
            if seat.bot || seat.bot_account {
                spans.push(Span::styled(" [bot]", theme.dim()));
            }
            if state.you == Some(seat.seat) {
                spans.push(Span::styled(" (you)", theme.good()));
            }
            let presence = if seat.stand_in {
                words::STAND_IN
            } else if seat.connected {
                " ●"
            } else if seat.absent {
                " ○ absent"
            } else {
                " ○ away"
            };
            spans.push(Span::styled(presence, theme.dim()));
        }
        None => spans.push(Span::styled("— free —", theme.dim())),
    }
    if state.seats.iter().any(|s| s.team != s.seat) {
        spans.push(Span::styled(format!(" team {}", seat.team + 1), theme.dim()));
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
