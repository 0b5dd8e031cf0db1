//! Drawing the side panel beside a board: the turn or the result, the seats
//! with their clocks, what the player can do now, the move list, the chat
//! and the board's facts.

use std::time::Instant;

use lodestone_i18n::Words;
use lodestone_protocol::{RoomState, RoomStatus};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::super::boards::{self, Board};
use super::super::effects;
use super::super::input::completions;
use super::super::model::App;
use super::super::room::{Room, TableAct};
use super::super::theme::Theme;
use super::super::words;
use super::room_parts::{chat_lines, clock_text, rematch_text, room_heading, seat_spans};
use super::{input_line, notice_lines, wrap};

/// The side panel beside the board of `room` (with its state and board).
pub(super) fn draw_panel(
    frame: &mut Frame,
    area: Rect,
    app: &App,
    (room, state, board): (&Room, &RoomState, &Board),
    theme: &Theme,
    now: Instant,
) {
    let width = usize::from(area.width.saturating_sub(1));
    let play = state.play.as_ref();
    let w = &app.words;
    let mut top: Vec<Line> = wrap(&room_heading(w, state), width)
        .into_iter()
        .map(|l| Line::styled(l, theme.heading()))
        .collect();
    // The turn, or the result: who won, and who did what.
    if let Some((headline, sentence)) = words::end_words(w, state) {
        let outcome = play.and_then(|p| p.outcome.as_ref());
        let won = outcome.is_some_and(|o| state.you.is_some_and(|y| o.winners.contains(&y)));
        let lost = outcome.is_some_and(|o| state.you.is_some() && !o.winners.is_empty() && !won);
        let head = if won {
            "end-you-win"
        } else if lost {
            "end-you-lose"
        } else {
            "end-game-over"
        };
        for l in wrap(&w.with(head, &[("headline", headline.into())]), width) {
            top.push(Line::styled(l, theme.attention()));
        }
        for l in wrap(&sentence, width) {
            top.push(Line::styled(l, theme.attention()));
        }
        if let Some(text) = rematch_text(w, state) {
            top.extend(
                wrap(&text, width)
                    .into_iter()
                    .map(|l| Line::styled(l, theme.key())),
            );
        }
    } else if room.to_act() {
        let text = match play {
            Some(p) if p.to_act.len() > 1 => "turn-yours-together",
            _ => "turn-yours",
        };
        top.push(Line::styled(w.get(text), theme.attention()));
    } else if let Some(play) = play {
        let names: Vec<String> = play
            .to_act
            .iter()
            .filter_map(|&s| state.seats.get(usize::from(s)))
            .map(|s| {
                let seat = words::color_word(w, &s.name);
                s.player.as_ref().map_or(seat.clone(), |p| {
                    w.with(
                        "turn-seat",
                        &[("seat", seat.into()), ("name", p.name.clone().into())],
                    )
                })
            })
            .collect();
        let id = if state.you.is_none() {
            "turn-watching"
        } else {
            "turn-to-act"
        };
        top.push(Line::from(w.with(id, &[("names", names.join(", ").into())])));
    }
    // Seats, each with its clock counting down from the last update (the
    // room's clock and Magma's turn timer); standing still, marked, while
    // the connection is not live.
    let live = app.live();
    let elapsed = if live {
        room.received
            .map_or(0, |at| now.saturating_duration_since(at).as_millis() as u64)
    } else {
        room.received.zip(app.not_live_since()).map_or(0, |(at, since)| {
            since.saturating_duration_since(at).as_millis() as u64
        })
    };
    for seat in &state.seats {
        let mut parts = Vec::new();
        if let Some(c) = play.and_then(|p| p.clocks.iter().find(|c| c.seat == seat.seat)) {
            let left = if c.running {
                c.remaining_ms.saturating_sub(elapsed)
            } else {
                c.remaining_ms
            };
            parts.push(clock_text(left));
        }
        if let Some(c) = play
            .and_then(|p| p.clock.as_ref())
            .filter(|c| c.seat == seat.seat)
        {
            let left = clock_text(c.remaining_ms.saturating_sub(elapsed));
            parts.push(if parts.is_empty() {
                left
            } else {
                w.with("clock-turn", &[("clock", left.into())])
            });
        }
        let mut shown = (!parts.is_empty()).then(|| parts.join(" · "));
        if !live && let Some(text) = shown.as_mut() {
            *text = w.with("clock-stale", &[("clock", text.clone().into())]);
        }
        top.push(Line::from(seat_spans(w, seat, state, shown, theme)));
    }
    // The table's keys, for a seated player during the game.
    if state.status == RoomStatus::Playing && state.you.is_some() && room.asking.is_none() {
        top.extend(
            wrap(&w.get("table-keys"), width)
                .into_iter()
                .map(|l| Line::styled(l, theme.dim())),
        );
    }
    // A draw offer, and a question before a table action.
    if let Some(offer) = play
        .and_then(|p| p.draw_offer)
        .filter(|_| state.status == RoomStatus::Playing)
    {
        top.extend(
            wrap(&words::draw_offer_words(w, state, offer), width)
                .into_iter()
                .map(|l| Line::styled(l, theme.key())),
        );
    }
    if let Some(asked) = room.asking {
        let text = match asked {
            TableAct::Resign => "ask-resign",
            TableAct::Abort => "ask-abort",
            _ => "ask-claim",
        };
        top.extend(
            wrap(&w.get(text), width)
                .into_iter()
                .map(|l| Line::styled(l, theme.error())),
        );
    }
    top.extend(controls(w, room, board, theme, width));
    // The server's warning about the move Enter would make.
    if let Some((action, risk)) = room.risk_now() {
        let id = match risk {
            lodestone_protocol::RiskState::Loses => "careful-loses",
            lodestone_protocol::RiskState::AllowsWin => "careful-allows-win",
        };
        let text = w.with(id, &[("action", action.into())]);
        top.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.error())),
        );
    }
    // What the last action did, as the server tells it.
    if let Some(last) = play
        .and_then(|p| p.last.as_ref())
        .filter(|l| !l.effects.is_empty())
    {
        let who = state
            .seats
            .get(usize::from(last.seat))
            .map_or_else(|| last.seat.to_string(), |s| words::color_word(w, &s.name));
        let what = effects::describe(w, &last.effects).join("; ");
        let text = w.with("last-action", &[("who", who.into()), ("what", what.into())]);
        // At most three lines: the board shows the rest.
        let mut lines = wrap(&text, width);
        if lines.len() > 3 {
            lines.truncate(3);
            let cut: String = lines[2].chars().take(width.saturating_sub(1)).collect();
            lines[2] = format!("{cut}…");
        }
        top.extend(lines.into_iter().map(|l| Line::styled(l, theme.dim())));
    }
    let mut facts: Vec<Line> = Vec::new();
    for text in board.info(w, state) {
        facts.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.dim())),
        );
    }
    let notice = notice_lines(app, theme, area.width.saturating_sub(1), now);
    // The chat takes up to half of what is left, the moves the rest.
    let spare = usize::from(area.height).saturating_sub(top.len() + facts.len() + notice.len());
    let chat = chat_lines(w, room, width, theme, (spare / 2).min(7));
    facts.splice(0..0, chat);
    // The move list takes what is left, showing its end.
    let fixed = top.len() + facts.len() + notice.len();
    let room_for_moves = usize::from(area.height).saturating_sub(fixed + 1);
    let moves = move_lines(w, room, state, width, theme);
    let mut lines = top;
    if room_for_moves >= 2 && !moves.is_empty() {
        let end = moves
            .len()
            .saturating_sub(room.scroll.min(moves.len().saturating_sub(1)));
        let start = end.saturating_sub(room_for_moves - 1);
        let title = if end < moves.len() {
            "moves-title-later"
        } else {
            "moves-title"
        };
        lines.push(Line::styled(w.get(title), theme.heading()));
        lines.extend(moves[start..end].iter().cloned());
    }
    let used = lines.len() + facts.len() + notice.len();
    for _ in used..usize::from(area.height) {
        if lines.len() + facts.len() + notice.len() >= usize::from(area.height) {
            break;
        }
        lines.push(Line::from(""));
    }
    lines.extend(facts);
    lines.extend(notice);
    frame.render_widget(Paragraph::new(lines), area);
}

/// What the player can do now, and what is chosen.
pub(super) fn controls(
    w: &Words,
    room: &Room,
    board: &Board,
    theme: &Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let play = room.play();
    if let Some(typed) = &room.typed {
        lines.push(Line::from(vec![Span::styled(
            w.get("typed-title"),
            theme.heading(),
        )]));
        let mut input = input_line(&typed.input, width.saturating_sub(2), theme);
        input.spans.insert(0, Span::raw("› "));
        lines.push(input);
        let matches = completions(&typed.input.text, room.legal());
        let shown: Vec<&str> = matches.iter().take(6).map(|s| s.as_str()).collect();
        let more = matches.len().saturating_sub(shown.len());
        let mut text = shown.join("  ");
        if more > 0 {
            text.push_str(&format!("  (+{more})"));
        }
        if matches.is_empty() {
            text = w.get("typed-none");
        }
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.dim())),
        );
        return lines;
    }
    if let Some(start) = room.arranging() {
        lines.extend(
            wrap(&w.get("arrange-title"), width)
                .into_iter()
                .map(|l| Line::styled(l, theme.heading())),
        );
        let picked = room.arrangement.picked.and_then(|i| start.get(i));
        let text = match picked {
            Some(v) => w.with("arrange-picked", &[("vertex", v.clone().into())]),
            None => w.get("arrange-help"),
        };
        lines.extend(wrap(&text, width).into_iter().map(Line::from));
        if let Some(cursor) = &room.cursor {
            let glyph = room
                .marks()
                .overrides
                .get(cursor)
                .map_or_else(|| board.glyph(cursor), Clone::clone);
            lines.push(Line::styled(
                w.with(
                    "cursor-on",
                    &[("cell", cursor.clone().into()), ("what", glyph.text.into())],
                ),
                theme.dim(),
            ));
        }
        return lines;
    }
    if let Some(chooser) = &room.chooser {
        let promotions = room.promotions();
        lines.push(Line::styled(
            w.with("magnet-on", &[("vertex", chooser.vertex.clone().into())]),
            theme.heading(),
        ));
        let pulls = room.pulls(chooser);
        if !pulls.is_empty() {
            let text = w.with("magnet-pulls", &[("cells", pulls.join(", ").into())]);
            lines.extend(wrap(&text, width).into_iter().map(Line::from));
        }
        if chooser.offers.len() > 1 {
            for (i, offer) in chooser.offers.iter().enumerate() {
                let (_, order, _) = boards::read_turn(offer);
                let text = if order.is_empty() {
                    w.get("order-default")
                } else {
                    order.join(" → ")
                };
                let mark = if i == chooser.order { "› " } else { "  " };
                let style = if i == chooser.order {
                    theme.selected()
                } else {
                    Style::new()
                };
                lines.push(Line::styled(format!("{mark}{text}"), style));
            }
        }
        let promotable = chooser.promotable(&promotions);
        if !promotable.is_empty() {
            let items: Vec<String> = promotable
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    format!(
                        "{} [{}] {v}",
                        i + 1,
                        if chooser.promote.contains(v) { "x" } else { " " }
                    )
                })
                .collect();
            lines.extend(
                wrap(
                    &w.with("promote-list", &[("items", items.join("  ").into())]),
                    width,
                )
                .into_iter()
                .map(Line::from),
            );
        }
        lines.push(Line::styled(
            w.with("enter-plays", &[("action", chooser.action(&promotions).into())]),
            theme.key(),
        ));
        return lines;
    }
    if let Board::Magnet(b) = board
        && b.in_setup
        && !room.to_act()
    {
        lines.push(Line::styled(w.get("waiting-setups"), theme.dim()));
    }
    let chosen = room.picker.chosen();
    if room.to_act() && chosen.is_empty() {
        lines.extend(wrap(&w.get(board.hint()), width).into_iter().map(Line::from));
    }
    if !chosen.is_empty() {
        let cells = chosen.join(" → ");
        let text = match room.picker.complete() {
            Some(action) => w.with(
                "picked-complete",
                &[("cells", cells.into()), ("action", action.into())],
            ),
            None => w.with("picked-cells", &[("cells", cells.into())]),
        };
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.key())),
        );
    }
    let buttons = room.picker.buttons();
    if !buttons.is_empty() && play.is_some() {
        let items: Vec<String> = buttons
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{} {}", i + 1, boards::button_label(w, a)))
            .collect();
        lines.extend(
            wrap(&items.join("  "), width)
                .into_iter()
                .map(|l| Line::styled(l, theme.key())),
        );
    }
    if let Some(cursor) = &room.cursor
        && room.state.as_ref().is_some_and(|s| s.status != RoomStatus::Open)
    {
        let glyph = board.glyph(cursor);
        let text = if glyph.empty {
            w.with("cursor-at", &[("cell", cursor.clone().into())])
        } else {
            w.with(
                "cursor-on",
                &[("cell", cursor.clone().into()), ("what", glyph.text.into())],
            )
        };
        lines.push(Line::styled(text, theme.dim()));
    }
    lines
}

pub(super) fn move_lines(
    w: &Words,
    room: &Room,
    state: &RoomState,
    width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let Some(play) = room.play() else {
        return Vec::new();
    };
    play.moves
        .iter()
        .map(|m| {
            let seat = state
                .seats
                .get(usize::from(m.seat))
                .map_or_else(|| m.seat.to_string(), |s| words::color_word(w, &s.name));
            let (text, style) = match (&m.action, &m.commitment) {
                (Some(a), _) => (a.clone(), Style::new()),
                (None, Some(c)) => (
                    w.with(
                        "move-secret-commitment",
                        &[("commitment", c[..c.len().min(10)].to_string().into())],
                    ),
                    theme.dim(),
                ),
                (None, None) => (w.get("move-secret"), theme.dim()),
            };
            let line = format!("{:>3} {seat:<6} {text}", m.ply);
            let line: String = line.chars().take(width).collect();
            Line::styled(line, style)
        })
        .collect()
}
