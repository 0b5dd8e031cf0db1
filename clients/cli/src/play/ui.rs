//! Drawing: the whole screen from the app's state, nothing else. A title
//! line (server, name, connection), the lobby or the room (board and side
//! panel: turn or result, seats and clocks, the controls of the moment,
//! the move list, the chat, the board's facts, the last notice), and a help line
//! with the keys that work now. Popups for forms and the key help. The lobby
//! is drawn in `ui/lobby.rs`, a room in `ui/room.rs` and its side panel in
//! `ui/panel.rs`.

use std::time::Instant;

use lodestone_protocol::RoomStatus;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph};

use super::input::TextInput;
use super::model::{App, Conn, Screen};
use super::theme::Theme;

mod lobby;
mod panel;
mod room;
mod room_parts;

use lobby::draw_lobby;
use room::draw_room;

/// The narrowest side panel drawn beside a board.
const PANEL_MIN: u16 = 28;

pub fn draw(frame: &mut Frame, app: &App, theme: &Theme, now: Instant) {
    let area = frame.area();
    if area.width < 40 || area.height < 12 {
        // Wrapped, so that it is read whole in the smallest window.
        let small = app.words.with(
            "small-window",
            &[("min", "40×12".into()), ("best", "80×24".into())],
        );
        let lines: Vec<Line> = wrap(&small, usize::from(area.width.max(1)))
            .into_iter()
            .map(Line::from)
            .collect();
        frame.render_widget(Paragraph::new(lines), area);
        return;
    }
    let title = Rect::new(area.x, area.y, area.width, 1);
    let help = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
    let mut body = Rect::new(area.x, area.y + 1, area.width, area.height - 2);
    draw_title(frame, title, app, theme, now);
    // The games waiting for our move elsewhere, in a line over a room.
    if let Some(line) = app
        .room()
        .and_then(|r| app.lobby.turns.room_line(&app.words, &r.id))
    {
        frame.render_widget(
            Paragraph::new(Line::styled(format!(" {line}"), theme.good())),
            body,
        );
        body = Rect::new(body.x, body.y + 1, body.width, body.height - 1);
    }
    frame.render_widget(Paragraph::new(help_line(app, theme)), help);
    match &app.screen {
        Screen::Lobby => draw_lobby(frame, body, app, theme, now),
        Screen::Room(room) => draw_room(frame, body, app, room, theme, now),
    }
    if app.help {
        draw_help(frame, body, app, theme);
    }
}

fn draw_title(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, now: Instant) {
    let who = app.guest.as_ref().map_or(app.name.as_str(), |g| g.name.as_str());
    let left = format!(" Lodestone · {} · {who}", app.target.http);
    let w = &app.words;
    let right = match &app.conn {
        Conn::Connecting | Conn::Greeting => format!("{} ", w.get("title-connecting")),
        Conn::Online if !app.live() => format!("○ {} ", w.get("title-no-answer")),
        Conn::Online => format!("● {} ", w.get("title-online")),
        Conn::Lost { retry_at, reason } => {
            let secs = retry_at.saturating_duration_since(now).as_secs_f64().ceil() as u64;
            let reason = ("reason", reason.clone().into());
            let text = if secs > 0 {
                w.with("title-retry-in", &[("seconds", secs.into()), reason])
            } else {
                w.with("title-retrying", &[reason])
            };
            format!("○ {text} ")
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
    let style = if !app.live() && !matches!(app.conn, Conn::Connecting | Conn::Greeting) {
        theme.error().add_modifier(ratatui::style::Modifier::REVERSED)
    } else {
        theme.title()
    };
    let text = format!("{left}{}{right}", " ".repeat(gap));
    frame.render_widget(Paragraph::new(Line::styled(text, style)), area);
}

/// Stands for "any key" among the keys of the help line (said in words).
const ANY_KEY: &str = "";

/// Keys for the help line: (keys, the id of the words for what they do).
fn keys(app: &App) -> Vec<(&'static str, &'static str)> {
    if app.help {
        return vec![(ANY_KEY, "key-close")];
    }
    match &app.screen {
        Screen::Lobby if app.lobby.form.is_some() => {
            vec![
                ("↑↓", "key-line"),
                ("←→", "key-change"),
                ("Enter", "key-create"),
                ("Esc", "key-cancel"),
            ]
        }
        Screen::Lobby if app.lobby.join.is_some() => vec![("Enter", "key-open"), ("Esc", "key-cancel")],
        Screen::Lobby if app.lobby.rename.is_some() => vec![("Enter", "key-save"), ("Esc", "key-cancel")],
        Screen::Lobby => vec![
            ("↑↓", "key-choose"),
            ("Enter", "key-open"),
            ("n", "key-new"),
            ("j", "key-join"),
            ("e", "key-name"),
            ("r", "key-refresh"),
            ("?", "key-help"),
            ("q", "key-quit"),
        ],
        Screen::Room(room) if room.chat_input.is_some() => {
            let mut keys = vec![("Enter", "key-send")];
            if room.audiences().len() > 1 {
                keys.push(("Tab", "key-to-whom"));
            }
            keys.push(("Esc", "key-cancel"));
            keys
        }
        Screen::Room(room) if room.typed.is_some() => {
            vec![
                ("Tab", "key-complete"),
                ("Enter", "key-play"),
                ("Esc", "key-cancel"),
            ]
        }
        Screen::Room(room) if room.chooser.is_some() => {
            vec![
                ("↑↓", "key-order"),
                ("1-9", "key-promote"),
                ("Enter", "key-play"),
                ("Esc", "key-cancel"),
            ]
        }
        Screen::Room(room) if room.arranging().is_some() => vec![
            ("←↑↓→", "key-move"),
            ("Enter", "key-pick-swap"),
            ("r", "key-shuffle"),
            ("c", "key-confirm"),
            ("q", "key-lobby"),
        ],
        Screen::Room(room) => match room.status() {
            Some(RoomStatus::Open) => vec![
                ("↑↓", "key-seat"),
                ("Enter", "key-sit"),
                ("a", "key-add-bot"),
                ("l", "key-leave"),
                ("s", "key-start"),
                ("c", "key-chat"),
                ("?", "key-help"),
                ("q", "key-lobby"),
            ],
            Some(RoomStatus::Playing) if !room.legal().is_empty() => vec![
                ("←↑↓→", "key-move"),
                ("Enter", "key-pick"),
                ("Esc", "key-undo"),
                (":", "key-type"),
                ("PgUp/Dn", "key-moves"),
                ("c", "key-chat"),
                ("?", "key-help"),
                ("q", "key-lobby"),
            ],
            Some(RoomStatus::Finished) if room.you().is_some() => vec![
                ("←↑↓→", "key-look"),
                ("r", "key-rematch"),
                ("R", "key-no-rematch"),
                ("c", "key-chat"),
                ("?", "key-help"),
                ("q", "key-lobby"),
            ],
            Some(_) => vec![
                ("←↑↓→", "key-look"),
                ("PgUp/Dn", "key-moves"),
                ("c", "key-chat"),
                ("?", "key-help"),
                ("q", "key-lobby"),
            ],
            None => vec![("q", "key-lobby")],
        },
    }
}

fn help_line(app: &App, theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (key, what) in keys(app) {
        let key = if key == ANY_KEY {
            app.words.get("key-any")
        } else {
            key.to_string()
        };
        spans.push(Span::styled(format!(" {key}"), theme.key()));
        spans.push(Span::styled(format!(" {} ", app.words.get(what)), theme.dim()));
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

pub(super) fn notice_lines(app: &App, theme: &Theme, width: u16, now: Instant) -> Vec<Line<'static>> {
    let Some(notice) = app.notice.as_ref().filter(|n| n.fresh(now)) else {
        return Vec::new();
    };
    let style = if notice.error { theme.error() } else { theme.good() };
    wrap(&notice.text, usize::from(width))
        .into_iter()
        .map(|l| Line::styled(l, style))
        .collect()
}

pub(super) fn short(id: &str) -> &str {
    &id[..id.len().min(8)]
}

/// A box in the middle of `area`.
pub(super) fn popup(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// `lines` in a bordered box titled `title` over whatever is under `rect`.
pub(super) fn draw_box(frame: &mut Frame, rect: Rect, title: &str, lines: Vec<Line<'_>>) {
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(format!(" {title} "))
                .padding(Padding::horizontal(1)),
        ),
        rect,
    );
}

pub(super) fn input_line(input: &TextInput, width: usize, theme: &Theme) -> Line<'static> {
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

fn draw_help(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    // (keys, the id of the words); a heading has no keys.
    let text = [
        ("", "help-lobby"),
        ("↑ ↓, Enter", "help-lobby-open"),
        ("n / j / e", "help-lobby-keys"),
        ("", "help-room"),
        ("↑ ↓, Enter", "help-room-sit"),
        ("a / A", "help-room-bot"),
        ("s", "help-room-start"),
        ("", "help-game"),
        ("← ↑ ↓ →", "help-game-move"),
        ("Enter", "help-game-pick"),
        ("Esc", "help-game-forget"),
        (": / t", "help-game-type"),
        ("1–9, PgUp PgDn", "help-game-numbered"),
        ("c / r, R", "help-game-chat"),
        ("x / d, y n", "help-game-resign"),
        ("a / w", "help-game-abort"),
        ("q", "help-game-quit"),
        ("", "help-board"),
        ("• / ○", "help-board-dots"),
        ("[x]", "help-board-cursor"),
        ("W B, R B Y", "help-board-stones"),
        ("r… b…", "help-board-magnet"),
    ];
    let width = 78.min(area.width);
    let mut lines = Vec::new();
    for (keys, what) in text {
        let what = app.words.get(what);
        if keys.is_empty() {
            lines.push(Line::styled(what, theme.heading()));
        } else {
            // Longer words (another language) go on under their own start.
            let room = usize::from(width.saturating_sub(4)).saturating_sub(17);
            for (i, part) in wrap(&what, room).into_iter().enumerate() {
                let keys = if i == 0 { keys } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("  {keys:<15}"), theme.key()),
                    Span::raw(part),
                ]));
            }
        }
    }
    let rect = popup(area, width, lines.len() as u16 + 2);
    draw_box(frame, rect, &app.words.get("help-title"), lines);
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

#[cfg(test)]
mod tests {
    use super::room_parts::clock_text;
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

    use lodestone_protocol::{ChatTo, Guest, PROTOCOL_VERSION, RequestId, RoomState, ServerMessage};
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

    /// Draws `app` at 80×24 in the language `tag` and asserts that each
    /// of `shown` is on the screen; returns the screen.
    fn shown_in(app: &mut App, tag: &str, shown: &[&str], now: Instant) -> Vec<String> {
        app.words = lodestone_i18n::Words::for_tag(tag);
        let (screen, _) = draw_app(app, (80, 24), true, now);
        for text in shown {
            assert!(has(&screen, text), "{text:?}:\n{screen:#?}");
        }
        screen
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
    fn bot_accounts_and_the_servers_bots_are_tagged_as_bots() {
        let now = Instant::now();
        let mut state = fixtures::room(GameKind::Magneton, &[], &["H3", "B8"], Some(0));
        state.seats[1].bot_account = true;
        let (screen, _) = draw_app(&app_with(state.clone(), now), (80, 24), true, now);
        assert!(has(&screen, "B black  Bot 1 [bot] ●"), "{screen:#?}");
        assert!(has(&screen, "W white  Ann (you) ● ◀"), "{screen:#?}");
        state.seats[1].bot_account = false;
        state.seats[1].bot = true;
        let (screen, _) = draw_app(&app_with(state, now), (80, 24), true, now);
        assert!(has(&screen, "B black  Bot 1 [bot] ●"), "{screen:#?}");
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
        assert!(has(&screen, "You win! Ann (white) wins."), "{screen:#?}");
        assert!(has(&screen, "Ann (white) made four in a row"), "{screen:#?}");
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
        assert!(has(&screen, "Game over. Bot 0 (white) wins."), "{screen:#?}");
    }

    #[test]
    fn a_game_and_its_end_in_french_and_german() {
        let now = Instant::now();
        let mut app = app_with(
            fixtures::room(GameKind::Magneton, &[], &["H3", "B8"], Some(0)),
            now,
        );
        let french = [
            "À vous de jouer.",
            "W blanc  Ann (vous) ● ◀",
            "En main : W 11 · B 11",
            "Coups",
        ];
        shown_in(&mut app, "fr", &french, now);
        let moves = ["H3", "B8", "F1", "E1", "D2", "F2", "C6", "C3"];
        let mut app = app_with(fixtures::room(GameKind::Magneton, &[], &moves, Some(0)), now);
        let french = [
            "Vous gagnez ! Ann (blanc) gagne.",
            "Ann (blanc) a aligné quatre pierres",
            "Dernier coup, noir : noir posé en",
        ];
        let screen = shown_in(&mut app, "fr", &french, now);
        for english in ["You win", "wins", "Last,", "Moves", "In hand", "white"] {
            assert!(!has(&screen, english), "{english:?}:\n{screen:#?}");
        }
        shown_in(&mut app, "de", &["Sie gewinnen! Ann (Weiß) gewinnt."], now);
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
