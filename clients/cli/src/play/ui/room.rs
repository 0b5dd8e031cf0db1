//! Drawing a room: the board beside its panel, and the seats before the
//! start (the parts both draw are in `room_parts.rs`).

use std::time::Instant;

use lodestone_protocol::{RoomState, RoomStatus};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::super::boards;
use super::super::model::App;
use super::super::room::Room;
use super::super::theme::Theme;
use super::panel::draw_panel;
use super::room_parts::{chat_lines, room_heading, seat_spans};
use super::{PANEL_MIN, notice_lines, short, wrap};

pub(super) fn draw_room(frame: &mut Frame, area: Rect, app: &App, room: &Room, theme: &Theme, now: Instant) {
    let Some(state) = &room.state else {
        let text = room
            .problem
            .clone()
            .unwrap_or_else(|| app.words.with("room-opening", &[("id", short(&room.id).into())]));
        let mut lines = vec![Line::from(text), Line::from("")];
        lines.extend(notice_lines(app, theme, area.width.saturating_sub(2), now));
        lines.push(Line::styled(app.words.get("room-back-to-lobby"), theme.dim()));
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
            let game = ("game", state.game.clone().into());
            let text = if e.is_empty() {
                app.words.with("board-unknown-game", &[game])
            } else {
                app.words
                    .with("board-unreadable", &[game, ("error", e.clone().into())])
            };
            frame.render_widget(Paragraph::new(text), area);
            return;
        }
        None => return,
    };
    let fitting = board.fitting_layout(area.width.saturating_sub(PANEL_MIN + 2), area.height);
    let Some(layout) = fitting else {
        let need = board.layout(boards::Size::Compact);
        frame.render_widget(
            Paragraph::new(app.words.with(
                "room-board-too-small",
                &[(
                    "size",
                    format!("{}×{}", need.width + PANEL_MIN + 2, need.height + 2).into(),
                )],
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
        Line::styled(room_heading(&app.words, state), theme.heading()),
        Line::from(""),
        Line::styled(app.words.get("room-seats"), theme.heading()),
    ];
    for (i, seat) in state.seats.iter().enumerate() {
        let selected = i == room.seat_row;
        let mut spans = vec![Span::raw(if selected { "› " } else { "  " })];
        spans.extend(seat_spans(&app.words, seat, state, None, theme));
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
        app.words.with(
            "room-waiting",
            &[("taken", taken.into()), ("seats", state.seats.len().into())],
        )
    } else if state.you.is_some() {
        app.words.get("room-press-start")
    } else {
        app.words.get("room-waiting-start")
    };
    lines.push(Line::from(status));
    if state.you.is_none() && taken < state.seats.len() {
        lines.push(Line::styled(app.words.get("room-choose-seat"), theme.dim()));
    }
    lines.push(Line::from(""));
    if let Some(link) = app.room_link() {
        lines.push(Line::from(app.words.get("room-invite-link")));
        for l in wrap(&link, width) {
            lines.push(Line::styled(l, theme.key()));
        }
        if let Some(code) = &room.invite {
            lines.push(Line::from(
                app.words.with("room-id", &[("id", room.id.as_str().into())]),
            ));
            lines.push(Line::from(
                app.words
                    .with("room-invite-code", &[("code", code.as_str().into())]),
            ));
        }
    }
    lines.push(Line::from(""));
    let notice = notice_lines(app, theme, area.width.saturating_sub(2), now);
    let left = usize::from(area.height.saturating_sub(1)).saturating_sub(lines.len() + notice.len());
    lines.extend(chat_lines(&app.words, room, width, theme, left.min(8)));
    lines.extend(notice);
    frame.render_widget(
        Paragraph::new(lines),
        Rect::new(area.x + 1, area.y + 1, area.width - 2, area.height - 1),
    );
}
