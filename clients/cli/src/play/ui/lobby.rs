//! Drawing the lobby: the player's games, open rooms, games to watch, and
//! the forms (a new room, a room by its link, one's name).

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::super::input::TextInput;
use super::super::lobby::{CreateForm, Entry, Games};
use super::super::model::App;
use super::super::theme::Theme;
use super::super::turns;
use super::{draw_box, input_line, notice_lines, popup, short, wrap};

pub(super) fn summary_line(
    words: &lodestone_i18n::Words,
    game: &str,
    options: &std::collections::BTreeMap<String, String>,
    rest: &str,
) -> String {
    format!("{game:<10} {rest:<28} {}", App::describe_options(words, options))
}

pub(super) fn draw_lobby(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, now: Instant) {
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
    for (i, entry) in entries.iter().enumerate() {
        if let Entry::Turn(turn) = entry {
            if i == 0 {
                section(&mut lines, &app.lobby.turns.heading(&app.words));
            }
            let known = app
                .lobby
                .open
                .iter()
                .chain(&app.lobby.playing)
                .find(|r| r.id == turn.room);
            row(
                i,
                turns::entry_text(turn, known, &app.words),
                &mut lines,
                &mut selected_line,
            );
        }
    }
    let mine: Vec<(usize, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Entry::Mine(..)))
        .collect();
    if !mine.is_empty() {
        section(&mut lines, &app.words.get("lobby-your-games"));
        for (i, entry) in mine {
            if let Entry::Mine(id, known) = entry {
                let text = match known {
                    Some(r) => summary_line(&app.words, &r.game, &r.options, &r.players.join(", ")),
                    None => app.words.with("lobby-room", &[("id", short(id).into())]),
                };
                row(i, text, &mut lines, &mut selected_line);
            }
        }
    }
    section(&mut lines, &app.words.get("lobby-open-rooms"));
    let open: Vec<(usize, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Entry::Open(_)))
        .collect();
    if open.is_empty() {
        lines.push(Line::styled(
            format!("  {}", app.words.get("lobby-no-open-rooms")),
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
                summary_line(
                    &app.words,
                    &r.game,
                    &r.options,
                    &format!("{}/{}{players}", r.taken, r.seats),
                ),
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
        section(&mut lines, &app.words.get("lobby-in-progress"));
        for (i, entry) in playing {
            if let Entry::Playing(r) = entry {
                row(
                    i,
                    summary_line(&app.words, &r.game, &r.options, &r.players.join(", ")),
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
        draw_form(frame, area, form, games, app, theme);
    }
    for (input, title, prompt) in [
        (&app.lobby.join, "lobby-join-title", "lobby-join-prompt"),
        (&app.lobby.rename, "lobby-name-title", "lobby-name-prompt"),
    ] {
        if let Some(input) = input {
            let title = format!(" {} ", app.words.get(title));
            draw_prompt(frame, area, &title, &app.words.get(prompt), input, theme);
        }
    }
}

pub(super) fn draw_form(
    frame: &mut Frame,
    area: Rect,
    form: &CreateForm,
    games: &[lodestone_protocol::GameInfo],
    app: &App,
    theme: &Theme,
) {
    let words = &app.words;
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
    lines.push(choice(0, &words.get("lobby-form-game"), &game.game));
    for (i, option) in game.options.iter().enumerate() {
        let value = form.value(option);
        let shown = if value == option.default {
            words.with("lobby-default", &[("value", value.to_string().into())])
        } else {
            value.to_string()
        };
        lines.push(choice(i + 1, &option.key, &shown));
    }
    let last = game.options.len() + 1;
    lines.push(choice(
        last,
        &words.get("lobby-form-listed"),
        &words.get(if form.public {
            "lobby-listed-yes"
        } else {
            "lobby-listed-no"
        }),
    ));
    lines.push(Line::from(""));
    let explain = if form.row == 0 {
        game_title(words, &game.game)
    } else if form.row == last {
        words.get("lobby-unlisted")
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
    draw_box(frame, rect, &app.words.get("lobby-new-room"), lines);
}

pub(super) fn draw_prompt(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    text: &str,
    input: &TextInput,
    theme: &Theme,
) {
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

/// What each game is, in a line, for the game chooser.
pub(super) fn game_title(words: &lodestone_i18n::Words, game: &str) -> String {
    let id = match game {
        "magneton" => "game-magneton",
        "magnetism" => "game-magnetism",
        "magnet" => "game-magnet",
        "magma" => "game-magma",
        _ => return String::new(),
    };
    words.get(id)
}
