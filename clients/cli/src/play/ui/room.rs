//! Drawing a room: the board beside its panel, the seats before the start,
//! a seat's line (player, presence, clock), the rematch, and the chat as
//! plain text.

use std::time::Instant;

use lodestone_protocol::{ChatTo, RoomState, RoomStatus, SeatState};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::super::boards;
use super::super::model::App;
use super::super::room::Room;
use super::super::theme::Theme;
use super::super::words;
use super::panel::draw_panel;
use super::{PANEL_MIN, input_line, notice_lines, plain, short, wrap};

pub(super) fn draw_room(frame: &mut Frame, area: Rect, app: &App, room: &Room, theme: &Theme, now: Instant) {
    let Some(state) = &room.state else {
        let text = room
            .problem
            .clone()
            .unwrap_or_else(|| format!("Opening room {}…", short(&room.id)));
        let mut lines = vec![Line::from(text), Line::from("")];
        lines.extend(notice_lines(app, theme, area.width.saturating_sub(2), now));
        lines.push(Line::styled("q goes back to the lobby.", theme.dim()));
        frame.render_widget(
            Paragraph::new(lines),
            Rect::new(area.x + 1, area.y + 1, area.width - 2, area.height - 1),
        );
        return;
    };
    if state.status == RoomStatus::Open || room.board.is_none() {
        draw_seating(frame, area, app, room, state, theme, now);
        return;
    }
    let board = match &room.board {
        Some(Ok(board)) => board,
        Some(Err(e)) => {
            frame.render_widget(Paragraph::new(e.clone()), area);
            return;
        }
        None => return,
    };
    let fitting = board.fitting_layout(area.width.saturating_sub(PANEL_MIN + 2), area.height);
    let Some(layout) = fitting else {
        let need = board.layout(boards::Size::Compact);
        frame.render_widget(
            Paragraph::new(format!(
                "This board needs a terminal of at least {}×{}; make it larger.",
                need.width + PANEL_MIN + 2,
                need.height + 2
            )),
            area,
        );
        return;
    };
    let board_area = Rect::new(area.x + 1, area.y, layout.width, layout.height.min(area.height));
    boards::draw(
        frame.buffer_mut(),
        board_area,
        board,
        &layout,
        &room.marks(),
        theme,
    );
    let panel_x = board_area.x + layout.width + 1;
    let panel = Rect::new(panel_x, area.y, area.x + area.width - panel_x, area.height);
    draw_panel(frame, panel, app, (room, state, board), theme, now);
}

/// The room before the start: the seats to take, bots to add, the link.
pub(super) fn draw_seating(
    frame: &mut Frame,
    area: Rect,
    app: &App,
    room: &Room,
    state: &RoomState,
    theme: &Theme,
    now: Instant,
) {
    let width = usize::from(area.width.saturating_sub(2));
    let mut lines = vec![
        Line::styled(room_heading(state), theme.heading()),
        Line::from(""),
        Line::styled("Seats", theme.heading()),
    ];
    for (i, seat) in state.seats.iter().enumerate() {
        let selected = i == room.seat_row;
        let mut spans = vec![Span::raw(if selected { "› " } else { "  " })];
        spans.extend(seat_spans(seat, state, None, theme));
        let line = Line::from(spans);
        lines.push(if selected {
            line.patch_style(theme.selected())
        } else {
            line
        });
    }
    lines.push(Line::from(""));
    let taken = state.seats.iter().filter(|s| s.player.is_some()).count();
    let status = if taken < state.seats.len() {
        format!(
            "Waiting for players: {taken} of {} seats taken.",
            state.seats.len()
        )
    } else if state.you.is_some() {
        "Every seat is taken: press s to start.".to_string()
    } else {
        "Every seat is taken: waiting for a player to start.".to_string()
    };
    lines.push(Line::from(status));
    if state.you.is_none() && taken < state.seats.len() {
        lines.push(Line::styled(
            "Choose a free seat with ↑ ↓ and press Enter to sit.",
            theme.dim(),
        ));
    }
    lines.push(Line::from(""));
    if let Some(link) = app.room_link() {
        lines.push(Line::from(
            "Invite link (a browser opens it too; j in the lobby reads it):",
        ));
        for l in wrap(&link, width) {
            lines.push(Line::styled(l, theme.key()));
        }
        if let Some(code) = &room.invite {
            lines.push(Line::from(format!("Room id: {}", room.id)));
            lines.push(Line::from(format!("Invite code: {code}")));
        }
    }
    lines.push(Line::from(""));
    let notice = notice_lines(app, theme, area.width.saturating_sub(2), now);
    let left = usize::from(area.height.saturating_sub(1)).saturating_sub(lines.len() + notice.len());
    lines.extend(chat_lines(room, width, theme, left.min(8)));
    lines.extend(notice);
    frame.render_widget(
        Paragraph::new(lines),
        Rect::new(area.x + 1, area.y + 1, area.width - 2, area.height - 1),
    );
}

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
