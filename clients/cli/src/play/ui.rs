//! Drawing: the whole screen from the app's state, nothing else. A title
//! line (server, name, connection), the lobby or the room (board and side
//! panel: turn or result, seats and clocks, the controls of the moment,
//! the move list, the chat, the board's facts, the last notice), and a help line
//! with the keys that work now. Popups for forms and the key help.

use std::time::Instant;

use lodestone_protocol::{ChatTo, RoomState, RoomStatus, SeatState};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph};

use super::boards::{self, Board};
use super::effects;
use super::input::{TextInput, completions};
use super::lobby::{CreateForm, Entry, Games};
use super::model::{App, Conn, Screen};
use super::room::Room;
use super::theme::Theme;

/// The narrowest side panel drawn beside a board.
const PANEL_MIN: u16 = 28;

/// What each game is, in a line, for the game chooser.
fn game_title(game: &str) -> &'static str {
    match game {
        "magneton" => "drop and slide stones on 8×8; four in a row wins",
        "magnetism" => "move your magnet, pull or push a piece; race to the far row",
        "magnet" => "hidden pieces on a 91-point hexagon, pulled by the magnet",
        "magma" => "2 to 6 players on 91 hexagons, with teams and hot timers",
        _ => "",
    }
}

pub fn draw(frame: &mut Frame, app: &App, theme: &Theme, now: Instant) {
    let area = frame.area();
    if area.width < 40 || area.height < 12 {
        frame.render_widget(
            Paragraph::new("Make the terminal larger: at least 40×12 (80×24 is best)."),
            area,
        );
        return;
    }
    let title = Rect::new(area.x, area.y, area.width, 1);
    let help = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
    let body = Rect::new(area.x, area.y + 1, area.width, area.height - 2);
    draw_title(frame, title, app, theme, now);
    frame.render_widget(Paragraph::new(help_line(app, theme)), help);
    match &app.screen {
        Screen::Lobby => draw_lobby(frame, body, app, theme, now),
        Screen::Room(room) => draw_room(frame, body, app, room, theme, now),
    }
    if app.help {
        draw_help(frame, body, theme);
    }
}

fn draw_title(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, now: Instant) {
    let who = app.guest.as_ref().map_or(app.name.as_str(), |g| g.name.as_str());
    let left = format!(" Lodestone · {} · {who}", app.target.http);
    let right = match &app.conn {
        Conn::Connecting | Conn::Greeting => "connecting… ".to_string(),
        Conn::Online => "● online ".to_string(),
        Conn::Lost { retry_at, reason } => {
            let secs = retry_at.saturating_duration_since(now).as_secs_f64().ceil() as u64;
            if secs > 0 {
                format!("○ reconnecting… next try in {secs} s ({reason}) ")
            } else {
                format!("○ reconnecting… ({reason}) ")
            }
        }
    };
    let width = usize::from(area.width);
    // The connection's state comes first: the server's address, then the
    // name, give way to it.
    let left = [left, format!(" Lodestone · {who}"), String::new()]
        .into_iter()
        .find(|l| l.chars().count() + right.chars().count() <= width)
        .unwrap_or_default();
    let right: String = right.chars().take(width).collect();
    let gap = width.saturating_sub(left.chars().count() + right.chars().count());
    let style = if matches!(app.conn, Conn::Lost { .. }) {
        theme.error().add_modifier(ratatui::style::Modifier::REVERSED)
    } else {
        theme.title()
    };
    let text = format!("{left}{}{right}", " ".repeat(gap));
    frame.render_widget(Paragraph::new(Line::styled(text, style)), area);
}

/// Keys for the help line: (keys, what they do).
fn keys(app: &App) -> Vec<(&'static str, &'static str)> {
    if app.help {
        return vec![("any key", "close")];
    }
    match &app.screen {
        Screen::Lobby if app.lobby.form.is_some() => {
            vec![
                ("↑↓", "line"),
                ("←→", "change"),
                ("Enter", "create"),
                ("Esc", "cancel"),
            ]
        }
        Screen::Lobby if app.lobby.join.is_some() => vec![("Enter", "open"), ("Esc", "cancel")],
        Screen::Lobby if app.lobby.rename.is_some() => vec![("Enter", "save"), ("Esc", "cancel")],
        Screen::Lobby => vec![
            ("↑↓", "choose"),
            ("Enter", "open"),
            ("n", "new"),
            ("j", "join"),
            ("e", "name"),
            ("r", "refresh"),
            ("?", "help"),
            ("q", "quit"),
        ],
        Screen::Room(room) if room.chat_input.is_some() => {
            let mut keys = vec![("Enter", "send")];
            if room.audiences().len() > 1 {
                keys.push(("Tab", "to whom"));
            }
            keys.push(("Esc", "cancel"));
            keys
        }
        Screen::Room(room) if room.typed.is_some() => {
            vec![("Tab", "complete"), ("Enter", "play"), ("Esc", "cancel")]
        }
        Screen::Room(room) if room.chooser.is_some() => {
            vec![
                ("↑↓", "order"),
                ("1-9", "promote"),
                ("Enter", "play"),
                ("Esc", "cancel"),
            ]
        }
        Screen::Room(room) if room.arranging().is_some() => vec![
            ("←↑↓→", "move"),
            ("Enter", "pick/swap"),
            ("r", "shuffle"),
            ("c", "confirm"),
            ("q", "lobby"),
        ],
        Screen::Room(room) => match room.status() {
            Some(RoomStatus::Open) => vec![
                ("↑↓", "seat"),
                ("Enter", "sit"),
                ("a", "add bot"),
                ("l", "leave"),
                ("s", "start"),
                ("c", "chat"),
                ("?", "help"),
                ("q", "lobby"),
            ],
            Some(RoomStatus::Playing) if !room.legal().is_empty() => vec![
                ("←↑↓→", "move"),
                ("Enter", "pick"),
                ("Esc", "undo"),
                (":", "type"),
                ("PgUp/Dn", "moves"),
                ("c", "chat"),
                ("?", "help"),
                ("q", "lobby"),
            ],
            Some(RoomStatus::Finished) if room.you().is_some() => vec![
                ("←↑↓→", "look"),
                ("r", "rematch"),
                ("R", "no rematch"),
                ("c", "chat"),
                ("?", "help"),
                ("q", "lobby"),
            ],
            Some(_) => vec![
                ("←↑↓→", "look"),
                ("PgUp/Dn", "moves"),
                ("c", "chat"),
                ("?", "help"),
                ("q", "lobby"),
            ],
            None => vec![("q", "lobby")],
        },
    }
}

fn help_line(app: &App, theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (key, what) in keys(app) {
        spans.push(Span::styled(format!(" {key}"), theme.key()));
        spans.push(Span::styled(format!(" {what} "), theme.dim()));
    }
    Line::from(spans)
}

/// Splits `text` into lines of at most `width` characters, at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let (len, wlen) = (line.chars().count(), word.chars().count());
        if len > 0 && len + 1 + wlen > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let head: String = line.chars().take(width).collect();
            line = line.chars().skip(width).collect();
            lines.push(head);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn notice_lines(app: &App, theme: &Theme, width: u16, now: Instant) -> Vec<Line<'static>> {
    let Some(notice) = app.notice.as_ref().filter(|n| n.fresh(now)) else {
        return Vec::new();
    };
    let style = if notice.error { theme.error() } else { theme.good() };
    wrap(&notice.text, usize::from(width))
        .into_iter()
        .map(|l| Line::styled(l, style))
        .collect()
}

fn summary_line(game: &str, options: &std::collections::BTreeMap<String, String>, rest: &str) -> String {
    format!("{game:<10} {rest:<28} {}", App::describe_options(options))
}

fn draw_lobby(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, now: Instant) {
    let entries = app.lobby.entries(&app.my_rooms);
    let mut lines: Vec<Line> = Vec::new();
    let mut selected_line = 0;
    let section = |lines: &mut Vec<Line>, title: &str| {
        if !lines.is_empty() {
            lines.push(Line::from(""));
        }
        lines.push(Line::styled(title.to_string(), theme.heading()));
    };
    let row = |i: usize, text: String, lines: &mut Vec<Line>, selected_line: &mut usize| {
        let chosen = i == app.lobby.selected;
        if chosen {
            *selected_line = lines.len();
        }
        let style = if chosen { theme.selected() } else { Style::new() };
        lines.push(Line::styled(
            format!("{} {text}", if chosen { "›" } else { " " }),
            style,
        ));
    };
    let mine: Vec<(usize, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Entry::Mine(..)))
        .collect();
    if !mine.is_empty() {
        section(&mut lines, "Your games");
        for (i, entry) in mine {
            if let Entry::Mine(id, known) = entry {
                let text = match known {
                    Some(r) => summary_line(&r.game, &r.options, &r.players.join(", ")),
                    None => format!("room {}", short(id)),
                };
                row(i, text, &mut lines, &mut selected_line);
            }
        }
    }
    section(&mut lines, "Open rooms");
    let open: Vec<(usize, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Entry::Open(_)))
        .collect();
    if open.is_empty() {
        lines.push(Line::styled(
            "  No open rooms right now: n creates one.",
            theme.dim(),
        ));
    }
    for (i, entry) in open {
        if let Entry::Open(r) = entry {
            let players = if r.players.is_empty() {
                String::new()
            } else {
                format!(" {}", r.players.join(", "))
            };
            row(
                i,
                summary_line(&r.game, &r.options, &format!("{}/{}{players}", r.taken, r.seats)),
                &mut lines,
                &mut selected_line,
            );
        }
    }
    let playing: Vec<(usize, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Entry::Playing(_)))
        .collect();
    if !playing.is_empty() {
        section(&mut lines, "Games in progress (Enter watches)");
        for (i, entry) in playing {
            if let Entry::Playing(r) = entry {
                row(
                    i,
                    summary_line(&r.game, &r.options, &r.players.join(", ")),
                    &mut lines,
                    &mut selected_line,
                );
            }
        }
    }
    let notice = notice_lines(app, theme, area.width.saturating_sub(2), now);
    let list_height = area.height.saturating_sub(notice.len() as u16 + 1);
    let skip = (selected_line + 2).saturating_sub(usize::from(list_height));
    let visible: Vec<Line> = lines.into_iter().skip(skip).collect();
    frame.render_widget(
        Paragraph::new(visible),
        Rect::new(area.x + 1, area.y + 1, area.width.saturating_sub(2), list_height),
    );
    frame.render_widget(
        Paragraph::new(notice.clone()),
        Rect::new(
            area.x + 1,
            area.y + area.height - notice.len() as u16,
            area.width.saturating_sub(2),
            notice.len() as u16,
        ),
    );
    if let Some(form) = &app.lobby.form
        && let Games::Ready(games) = &app.games
    {
        draw_form(frame, area, form, games, theme);
    }
    if let Some(input) = &app.lobby.join {
        draw_prompt(
            frame,
            area,
            " Open a room ",
            "Paste its link, or type its id and invite code:",
            input,
            theme,
        );
    }
    if let Some(input) = &app.lobby.rename {
        draw_prompt(
            frame,
            area,
            " Your name ",
            "The name others see (up to 32 characters):",
            input,
            theme,
        );
    }
}

fn short(id: &str) -> &str {
    &id[..id.len().min(8)]
}

/// A box in the middle of `area`.
fn popup(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

fn draw_form(
    frame: &mut Frame,
    area: Rect,
    form: &CreateForm,
    games: &[lodestone_protocol::GameInfo],
    theme: &Theme,
) {
    let Some(game) = games.get(form.game) else { return };
    let width = 64.min(area.width);
    let mut lines = Vec::new();
    let choice = |row: usize, label: &str, value: &str| {
        let selected = form.row == row;
        let style = if selected { theme.selected() } else { Style::new() };
        Line::from(vec![
            Span::styled(format!("{label:<14}"), theme.heading()),
            Span::styled(format!("◀ {value} ▶"), style),
        ])
    };
    lines.push(choice(0, "Game", &game.game));
    for (i, option) in game.options.iter().enumerate() {
        let value = form.value(option);
        let shown = if value == option.default {
            format!("{value} (default)")
        } else {
            value.to_string()
        };
        lines.push(choice(i + 1, &option.key, &shown));
    }
    let last = game.options.len() + 1;
    lines.push(choice(
        last,
        "Listed",
        if form.public {
            "yes, in the lobby"
        } else {
            "no, invite only"
        },
    ));
    lines.push(Line::from(""));
    let explain = if form.row == 0 {
        game_title(&game.game).to_string()
    } else if form.row == last {
        "A room that is not listed is joined and watched only with its invite link or code.".to_string()
    } else {
        game.options
            .get(form.row - 1)
            .map(|o| o.help.clone())
            .unwrap_or_default()
    };
    for l in wrap(&explain, usize::from(width.saturating_sub(6))) {
        lines.push(Line::styled(l, theme.dim()));
    }
    let height = lines.len() as u16 + 2;
    let rect = popup(area, width, height);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(" New room ")
                .padding(Padding::horizontal(1)),
        ),
        rect,
    );
}

fn input_line(input: &TextInput, width: usize, theme: &Theme) -> Line<'static> {
    let chars: Vec<char> = input.text.chars().collect();
    // Keep the cursor in view.
    let start = input.cursor.saturating_sub(width.saturating_sub(2));
    let before: String = chars[start..input.cursor].iter().collect();
    let at: String = chars.get(input.cursor).map_or(" ".to_string(), |c| c.to_string());
    let after: String = chars
        .iter()
        .skip(input.cursor + 1)
        .take(width.saturating_sub(before.chars().count() + 1))
        .collect();
    Line::from(vec![
        Span::raw(before),
        Span::styled(at, theme.selected()),
        Span::raw(after),
    ])
}

fn draw_prompt(frame: &mut Frame, area: Rect, title: &str, text: &str, input: &TextInput, theme: &Theme) {
    let width = 72.min(area.width);
    let rect = popup(area, width, 4);
    frame.render_widget(Clear, rect);
    let lines = vec![
        Line::from(text.to_string()),
        input_line(input, usize::from(width - 2), theme),
    ];
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title.to_string())),
        rect,
    );
}

fn draw_help(frame: &mut Frame, area: Rect, theme: &Theme) {
    let text = [
        ("Lobby", ""),
        ("↑ ↓, Enter", "choose a room and open it (to sit or to watch)"),
        (
            "n / j / e",
            "new room / open a room by its link or code / your name",
        ),
        ("Room, before the start", ""),
        ("↑ ↓, Enter", "choose a seat and sit there; l leaves it"),
        ("a / A", "seat a bot (greedy / random) on the chosen free seat"),
        ("s", "start, once every seat is taken"),
        ("In a game", ""),
        ("← ↑ ↓ →", "move among the cells you can pick now"),
        ("Enter", "pick the cell (the last cell of a move plays it)"),
        ("Esc", "forget the cells picked"),
        (": or t", "type a move (Tab completes from your legal moves)"),
        (
            "1–9, PgUp PgDn",
            "the numbered actions (pass, votes); scroll the moves",
        ),
        ("c / r, R", "chat (Tab: to whom) / after the end: rematch, or not"),
        ("q", "back to the lobby (the game goes on); Ctrl-C quits"),
        ("On the board", ""),
        ("• / ○", "completes a move here / leads on from here"),
        ("[x], reversed", "the cursor; picked cells are reversed"),
        ("W B, R B Y", "white, black; Magma's red, blue, yellow"),
        ("r… b…", "Magnet: red, blue; ? hidden; ²³⁴ the rank"),
    ];
    let width = 78.min(area.width);
    let mut lines = Vec::new();
    for (keys, what) in text {
        if what.is_empty() {
            lines.push(Line::styled(keys.to_string(), theme.heading()));
        } else {
            lines.push(Line::from(vec![
                Span::styled(format!("  {keys:<15}"), theme.key()),
                Span::raw(what.to_string()),
            ]));
        }
    }
    let rect = popup(area, width, lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Keys ").padding(Padding::horizontal(1))),
        rect,
    );
}

fn draw_room(frame: &mut Frame, area: Rect, app: &App, room: &Room, theme: &Theme, now: Instant) {
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
fn draw_seating(
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
fn rematch_text(state: &RoomState) -> Option<String> {
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

/// Chat text as plain text: control characters and bidirectional
/// formatting replaced (the server refuses them, but the wire is not
/// trusted).
pub fn plain(text: &str) -> String {
    text.chars()
        .map(|c| {
            let bidi =
                matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
            if c.is_control() || bidi { '\u{fffd}' } else { c }
        })
        .collect()
}

/// The room's chat in at most `max` lines (its end, and the line being
/// written); nothing when there is no chat and none is written.
fn chat_lines(room: &Room, width: usize, theme: &Theme, max: usize) -> Vec<Line<'static>> {
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

fn room_heading(state: &RoomState) -> String {
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
fn seat_spans(
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
            if state.you == Some(seat.seat) {
                spans.push(Span::styled(" (you)", theme.good()));
            }
            spans.push(Span::styled(
                if seat.connected { " ●" } else { " ○ away" },
                theme.dim(),
            ));
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

/// The side panel beside the board of `room` (with its state and board).
fn draw_panel(
    frame: &mut Frame,
    area: Rect,
    app: &App,
    (room, state, board): (&Room, &RoomState, &Board),
    theme: &Theme,
    now: Instant,
) {
    let width = usize::from(area.width.saturating_sub(1));
    let play = state.play.as_ref();
    let mut top: Vec<Line> = wrap(&room_heading(state), width)
        .into_iter()
        .map(|l| Line::styled(l, theme.heading()))
        .collect();
    // The turn, or the result.
    if let Some(outcome) = play.and_then(|p| p.outcome.as_ref()) {
        let won = state.you.is_some_and(|y| outcome.winners.contains(&y));
        let lost = state.you.is_some() && !outcome.winners.is_empty() && !won;
        let head = if won {
            "You win! "
        } else if lost {
            "You lose. "
        } else {
            "Game over. "
        };
        for l in wrap(&format!("{head}{}", outcome.result), width) {
            top.push(Line::styled(l, theme.attention()));
        }
        if let Some(text) = rematch_text(state) {
            top.extend(
                wrap(&text, width)
                    .into_iter()
                    .map(|l| Line::styled(l, theme.key())),
            );
        }
    } else if room.to_act() {
        let text = match play {
            Some(p) if p.to_act.len() > 1 => "Your turn (the others choose at the same time).",
            _ => "Your turn.",
        };
        top.push(Line::styled(text, theme.attention()));
    } else if let Some(play) = play {
        let names: Vec<String> = play
            .to_act
            .iter()
            .filter_map(|&s| state.seats.get(usize::from(s)))
            .map(|s| {
                s.player
                    .as_ref()
                    .map_or(s.name.clone(), |p| format!("{} ({})", s.name, p.name))
            })
            .collect();
        let watching = if state.you.is_none() { "Watching. " } else { "" };
        top.push(Line::from(format!("{watching}To act: {}", names.join(", "))));
    }
    // Seats, with the clock counting down from the last update.
    let clock = play.and_then(|p| p.clock.as_ref()).map(|c| {
        let elapsed = room
            .received
            .map_or(0, |at| now.saturating_duration_since(at).as_millis() as u64);
        (c.seat, clock_text(c.remaining_ms.saturating_sub(elapsed)))
    });
    for seat in &state.seats {
        let shown = clock
            .as_ref()
            .filter(|(s, _)| *s == seat.seat)
            .map(|(_, t)| t.clone());
        top.push(Line::from(seat_spans(seat, state, shown, theme)));
    }
    top.extend(controls(room, board, theme, width));
    // The server's warning about the move Enter would make.
    if let Some((action, risk)) = room.risk_now() {
        let text = match risk {
            lodestone_protocol::RiskState::Loses => format!("Careful: {action} loses at once."),
            lodestone_protocol::RiskState::AllowsWin => {
                format!("Careful: after {action} an opponent can win at once.")
            }
        };
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
            .map_or_else(|| last.seat.to_string(), |s| s.name.clone());
        let text = format!("Last, {who}: {}.", effects::describe(&last.effects).join("; "));
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
    for text in board.info(state) {
        facts.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.dim())),
        );
    }
    let notice = notice_lines(app, theme, area.width.saturating_sub(1), now);
    // The chat takes up to half of what is left, the moves the rest.
    let spare = usize::from(area.height).saturating_sub(top.len() + facts.len() + notice.len());
    let chat = chat_lines(room, width, theme, (spare / 2).min(7));
    facts.splice(0..0, chat);
    // The move list takes what is left, showing its end.
    let fixed = top.len() + facts.len() + notice.len();
    let room_for_moves = usize::from(area.height).saturating_sub(fixed + 1);
    let moves = move_lines(room, state, width, theme);
    let mut lines = top;
    if room_for_moves >= 2 && !moves.is_empty() {
        let end = moves
            .len()
            .saturating_sub(room.scroll.min(moves.len().saturating_sub(1)));
        let start = end.saturating_sub(room_for_moves - 1);
        let title = if end < moves.len() {
            "Moves (PgDn: later)"
        } else {
            "Moves"
        };
        lines.push(Line::styled(title, theme.heading()));
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
fn controls(room: &Room, board: &Board, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let play = room.play();
    if let Some(typed) = &room.typed {
        lines.push(Line::from(vec![Span::styled("Move: ", theme.heading())]));
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
            text = "no legal move starts like this".into();
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
            wrap("Arrange your pieces (in secret):", width)
                .into_iter()
                .map(|l| Line::styled(l, theme.heading())),
        );
        let picked = room.arrangement.picked.and_then(|i| start.get(i));
        let text = match picked {
            Some(v) => format!("{v} picked: Enter on another start vertex swaps them."),
            None => "Enter picks a piece, Enter on another swaps; r shuffles; c confirms.".to_string(),
        };
        lines.extend(wrap(&text, width).into_iter().map(Line::from));
        if let Some(cursor) = &room.cursor {
            let glyph = room
                .marks()
                .overrides
                .get(cursor)
                .map_or_else(|| board.glyph(cursor), Clone::clone);
            lines.push(Line::styled(
                format!("Cursor {cursor}: {}", glyph.text),
                theme.dim(),
            ));
        }
        return lines;
    }
    if let Some(chooser) = &room.chooser {
        let promotions = room.promotions();
        lines.push(Line::styled(
            format!("Magnet on {}:", chooser.vertex),
            theme.heading(),
        ));
        let pulls = room.pulls(chooser);
        if !pulls.is_empty() {
            let text = format!("It pulls {} (•).", pulls.join(", "));
            lines.extend(wrap(&text, width).into_iter().map(Line::from));
        }
        if chooser.offers.len() > 1 {
            for (i, offer) in chooser.offers.iter().enumerate() {
                let (_, order, _) = boards::read_turn(offer);
                let text = if order.is_empty() {
                    "default order".to_string()
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
                wrap(&format!("Promote: {}", items.join("  ")), width)
                    .into_iter()
                    .map(Line::from),
            );
        }
        lines.push(Line::styled(
            format!("Enter plays {}", chooser.action(&promotions)),
            theme.key(),
        ));
        return lines;
    }
    if let Board::Magnet(b) = board
        && b.in_setup
        && !room.to_act()
    {
        lines.push(Line::styled(
            "Waiting for the setups (each side arranges in secret).",
            theme.dim(),
        ));
    }
    let chosen = room.picker.chosen();
    if room.to_act() && chosen.is_empty() {
        lines.extend(wrap(board.hint(), width).into_iter().map(Line::from));
    }
    if !chosen.is_empty() {
        let mut text = format!("Picked: {}", chosen.join(" → "));
        if let Some(action) = room.picker.complete() {
            text.push_str(&format!(" (Enter again plays {action})"));
        }
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
            .map(|(i, a)| format!("{} {}", i + 1, boards::button_label(a)))
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
        let what = if glyph.empty {
            String::new()
        } else {
            format!(": {}", glyph.text)
        };
        lines.push(Line::styled(format!("Cursor {cursor}{what}"), theme.dim()));
    }
    lines
}

fn move_lines(room: &Room, state: &RoomState, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let Some(play) = room.play() else {
        return Vec::new();
    };
    play.moves
        .iter()
        .map(|m| {
            let seat = state
                .seats
                .get(usize::from(m.seat))
                .map_or_else(|| m.seat.to_string(), |s| s.name.clone());
            let (text, style) = match (&m.action, &m.commitment) {
                (Some(a), _) => (a.clone(), Style::new()),
                (None, Some(c)) => (format!("secret ({}…)", &c[..c.len().min(10)]), theme.dim()),
                (None, None) => ("secret".to_string(), theme.dim()),
            };
            let line = format!("{:>3} {seat:<6} {text}", m.ply);
            let line: String = line.chars().take(width).collect();
            Line::styled(line, style)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("one two three", 8), ["one two", "three"]);
        assert_eq!(wrap("abcdefghijkl", 8), ["abcdefgh", "ijkl"]);
        assert_eq!(clock_text(28_500), "0:29");
        assert_eq!(clock_text(61_000), "1:01");
        assert_eq!(clock_text(0), "0:00");
    }
}

#[cfg(test)]
mod screens {
    //! Whole screens drawn into ratatui's test backend, from room states
    //! made by the rules as the server makes them.

    use std::time::{Duration, Instant};

    use lodestone_protocol::{Guest, PROTOCOL_VERSION, RequestId, RoomState, ServerMessage};
    use lodestone_rules::GameKind;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::style::Color;

    use super::*;
    use crate::play::boards::tests::lines;
    use crate::play::fixtures;
    use crate::play::model::Msg;
    use crate::play::target::Target;

    /// An app welcomed by the server, showing the room of `state`.
    fn app_with(state: RoomState, now: Instant) -> App {
        let target = Target::parse("http://127.0.0.1:8080/#/room/fe7b84ed").unwrap();
        let mut app = App::new(target, "Ann".into(), Some("t".into()), false, 1);
        app.update(Msg::Connected, now);
        app.update(
            Msg::Server(ServerMessage::Welcome {
                id: RequestId::Number(1),
                protocol: PROTOCOL_VERSION,
                guest: Guest {
                    id: "g0".into(),
                    name: "Ann".into(),
                },
                token: None,
                rooms: vec!["fe7b84ed".into()],
            }),
            now,
        );
        app.update(
            Msg::Server(ServerMessage::Update {
                room: "fe7b84ed".into(),
                version: 9,
                state: Box::new(state),
            }),
            now,
        );
        app
    }

    fn draw_app(
        app: &App,
        (width, height): (u16, u16),
        color: bool,
        now: Instant,
    ) -> (Vec<String>, ratatui::buffer::Buffer) {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw(f, app, &Theme::new(color), now)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (lines(&buf), buf)
    }

    fn has(lines: &[String], text: &str) -> bool {
        lines.iter().any(|l| l.contains(text))
    }

    #[test]
    fn a_magneton_game_at_80_by_24() {
        let now = Instant::now();
        let state = fixtures::room(GameKind::Magneton, &[], &["H3", "B8"], Some(0));
        let app = app_with(state, now);
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(
            screen[0].contains("Lodestone") && screen[0].ends_with("● online"),
            "{}",
            screen[0]
        );
        // The large board fits: grid lines, coordinates on all sides.
        assert_eq!(
            screen[1].trim(),
            "A   B   C   D   E   F   G   H      Magneton · move-rule=line"
        );
        assert!(screen[2].starts_with("    ┌───┬"), "{}", screen[2]);
        assert!(screen[3].starts_with(" 8  │ • │ B │"), "{}", screen[3]);
        assert!(has(&screen, "Your turn."));
        assert!(has(&screen, "W white  Ann (you) ● ◀"));
        assert!(has(&screen, "B black  Bot 1 ●"));
        assert!(has(&screen, "1 white  H3") && has(&screen, "2 black  B8"));
        assert!(has(&screen, "In hand: W 11 · B 11"));
        assert!(screen[23].starts_with(" ←↑↓→ move  Enter pick"), "{}", screen[23]);
        // Twice the size: the same board, more room for the panel.
        let (big, _) = draw_app(&app, (160, 48), true, now);
        assert!(has(&big, "Drop: pick an empty square."));
    }

    #[test]
    fn the_servers_warning_shows_before_a_losing_drop() {
        let now = Instant::now();
        // Black to move; C3 would pull white's stones into a line.
        let moves = ["H3", "B8", "F1", "E1", "D2", "F2", "C6"];
        let mut app = app_with(fixtures::room(GameKind::Magneton, &[], &moves, Some(1)), now);
        let risky = app.room().unwrap().play().unwrap().risks.clone();
        assert!(risky.contains_key("C3"), "{risky:?}");
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(
            !has(&screen, "Careful"),
            "no warning off the risky square:\n{screen:#?}"
        );
        if let crate::play::model::Screen::Room(room) = &mut app.screen {
            room.cursor = Some("C3".into());
        }
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(has(&screen, "Careful: C3 loses at once."), "{screen:#?}");
    }

    #[test]
    fn the_chat_shows_beside_the_board_as_plain_text() {
        let now = Instant::now();
        let state = fixtures::room(GameKind::Magneton, &[], &["H3", "B8"], Some(0));
        let mut app = app_with(state, now);
        let line = |seq, to, name: &str, text: &str| lodestone_protocol::ChatLine {
            seq,
            at: 0,
            to,
            from: Guest {
                id: format!("g-{name}"),
                name: name.into(),
            },
            seat: None,
            text: text.into(),
        };
        app.update(
            Msg::Server(ServerMessage::Chat {
                room: "fe7b84ed".into(),
                lines: vec![
                    line(4, ChatTo::Room, "Bob", "good luck\u{1b}[2J"),
                    line(6, ChatTo::Team, "Ann", "mine"),
                ],
            }),
            now,
        );
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(has(&screen, "Bob: good luck\u{fffd}[2J"), "{screen:#?}");
        assert!(has(&screen, "[team] Ann: mine"), "{screen:#?}");
        assert!(has(&screen, " c chat"), "{}", screen[23]);
        app.update(
            Msg::Key(crossterm::event::KeyEvent::new(
                crossterm::event::KeyCode::Char('c'),
                crossterm::event::KeyModifiers::NONE,
            )),
            now,
        );
        app.update(Msg::Paste("gg".into()), now);
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(has(&screen, "to room› gg"), "{screen:#?}");
        assert!(screen[23].starts_with(" Enter send"), "{}", screen[23]);
    }

    #[test]
    fn a_finished_game_names_the_winner() {
        let now = Instant::now();
        let moves = ["H3", "B8", "F1", "E1", "D2", "F2", "C6", "C3"];
        let app = app_with(fixtures::room(GameKind::Magneton, &[], &moves, Some(0)), now);
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(has(&screen, "You win! white wins (four in a row)"), "{screen:#?}");
        assert!(has(&screen, "Last, black: black placed on C3;"), "{screen:#?}");
        // The board tints every cell the effects touched: the drop, both
        // pulls and the line.
        let last: Vec<String> = app.room().unwrap().marks().last.into_iter().collect();
        assert_eq!(last, ["C3", "C4", "C6", "D3", "E2", "F1", "H3"]);
        assert!(screen[23].starts_with(" ←↑↓→ look"), "{}", screen[23]);
        assert!(has(&screen, " r rematch"), "{}", screen[23]);
        let mut proposed = fixtures::room(GameKind::Magneton, &[], &moves, Some(0));
        proposed.rematch = Some(lodestone_protocol::RematchState {
            accepted: vec![1],
            room: None,
        });
        let proposed = app_with(proposed, now);
        let (screen, _) = draw_app(&proposed, (80, 24), true, now);
        assert!(
            has(&screen, "Rematch: Bot 1 in; waiting for Ann (r"),
            "{screen:#?}"
        );
        let watcher = app_with(fixtures::room(GameKind::Magneton, &[], &moves, None), now);
        let (screen, _) = draw_app(&watcher, (80, 24), true, now);
        assert!(
            has(&screen, "Game over. white wins (four in a row)"),
            "{screen:#?}"
        );
    }

    #[test]
    fn a_magnet_setup_in_monochrome_still_tells_the_sides_apart() {
        let now = Instant::now();
        let app = app_with(fixtures::room(GameKind::Magnet, &[], &[], Some(0)), now);
        let (screen, buf) = draw_app(&app, (80, 24), false, now);
        assert!(has(&screen, "Arrange your pieces"), "{screen:#?}");
        // Red's arrangement with its kinds, blue's start vertices empty
        // until blue sets up; the centre marked.
        assert!(screen[14].starts_with("   2   rK"), "{}", screen[14]);
        assert!(has(&screen, "◇"));
        for cell in buf.content() {
            assert_eq!(
                (cell.fg, cell.bg),
                (Color::Reset, Color::Reset),
                "no colour with --no-color"
            );
        }
        // After both setups, blue's pieces are `b?` to red.
        let red = "setup A2:K A3:2 A4:2 A5:2 B7:T2 C8:3 D9:3 E10:3 G10:T3 H9:4 I8:4 J7:4";
        let blue = "setup B1:K C1:2 D1:2 E1:2 G1:T2 H1:3 I1:3 J1:3 K2:T3 K3:4 K4:4 K5:4";
        let app = app_with(fixtures::room(GameKind::Magnet, &[], &[red, blue], Some(0)), now);
        let (screen, _) = draw_app(&app, (80, 24), false, now);
        assert!(has(&screen, "b?") && has(&screen, "rT2"), "{screen:#?}");
        assert!(has(&screen, "Pick the magnet's vertex"), "{screen:#?}");
        assert!(
            has(&screen, "2 blue   secret (c0ffee"),
            "blue's setup is a commitment:\n{screen:#?}"
        );
        assert!(!has(&screen, "bT2") && !has(&screen, "bK"), "{screen:#?}");
    }

    #[test]
    fn magnetism_hides_the_first_magnet_until_both_are_placed() {
        let now = Instant::now();
        let app = app_with(
            fixtures::room(GameKind::Magnetism, &[], &["magnet g4"], Some(1)),
            now,
        );
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(has(&screen, "White magnet: placed (secret)"), "{screen:#?}");
        assert!(has(&screen, "Secret opening: pick your magnet's"), "{screen:#?}");
        assert!(!has(&screen, "Mw"), "{screen:#?}");
        assert!(has(&screen, "1 white  secret (c0ffee"), "{screen:#?}");
        // The compact board (12 files) beside the panel at 80 columns.
        assert!(screen[1].starts_with("     a  b  c"), "{}", screen[1]);
    }

    #[test]
    fn magma_shows_teams_scores_and_its_buttons() {
        let now = Instant::now();
        let app = app_with(
            fixtures::room(GameKind::Magma, &[("players", "4")], &[], Some(0)),
            now,
        );
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(has(&screen, "team 1") && has(&screen, "team 2"), "{screen:#?}");
        assert!(has(&screen, "Scores (pieces + 3 × reach):"), "{screen:#?}");
        assert!(has(&screen, "1 Pass"), "{screen:#?}");
        // Rows a to m with their letters on both sides.
        assert!(
            screen[1].starts_with("  a") && screen[13].starts_with("  m"),
            "{screen:#?}"
        );
        let (big, _) = draw_app(&app, (120, 40), true, now);
        assert!(has(&big, "d1    d2    d3"), "labels under the cells:\n{big:#?}");
    }

    #[test]
    fn a_hot_magma_turn_counts_down_and_a_timeout_asks_for_a_penalty() {
        let now = Instant::now();
        let mut state = fixtures::room(GameKind::Magma, &[("timer", "hot")], &["enter d9"], Some(0));
        state.play.as_mut().unwrap().clock = Some(lodestone_protocol::ClockState {
            seat: 1,
            remaining_ms: 28_500,
        });
        let app = app_with(state, now);
        let (screen, _) = draw_app(&app, (80, 24), true, now + Duration::from_millis(1200));
        assert!(
            has(&screen, "B 2      Bot 1 ● 0:28 ◀"),
            "the clock counts down locally:\n{screen:#?}"
        );
        assert!(has(&screen, "Timer: hot"), "{screen:#?}");
        // Seat 2 runs out of time: seat 1 (before it) removes a piece.
        let state = fixtures::room(
            GameKind::Magma,
            &[("timer", "hot")],
            &["enter d9", "timeout"],
            Some(0),
        );
        let mut app = app_with(state, now);
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(has(&screen, "Pick the piece to remove."), "{screen:#?}");
        assert!(has(&screen, "ran out of time"), "{screen:#?}");
        // The only piece to remove is blue's on j1: Enter picks it.
        let out = app.update(
            Msg::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Enter)),
            now,
        );
        let sent: Vec<String> = out.iter().map(|e| format!("{e:?}")).collect();
        assert!(sent.iter().any(|e| e.contains("remove j1")), "{sent:?}");
    }

    #[test]
    fn the_title_says_when_the_connection_is_lost() {
        let now = Instant::now();
        let mut app = app_with(fixtures::room(GameKind::Magneton, &[], &[], Some(0)), now);
        app.update(
            Msg::Lost {
                retry_in: Duration::from_millis(2500),
                reason: "Connection refused (os error 111)".into(),
            },
            now,
        );
        let (screen, _) = draw_app(&app, (80, 24), true, now);
        assert!(
            screen[0].ends_with("○ reconnecting… next try in 3 s (Connection refused (os error 111))"),
            "{}",
            screen[0]
        );
        let (tiny, _) = draw_app(&app, (30, 10), true, now);
        assert!(tiny[0].starts_with("Make the terminal larger"), "{tiny:#?}");
    }
}
