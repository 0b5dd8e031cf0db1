//! `lodestone play URL`: a full-screen terminal client over the same
//! WebSocket protocol as the browser. The parts: `target` (the URL),
//! `identity` (name and tokens in the config directory), `conn` (the
//! socket, reconnecting), `model` with `lobby`, `room`, `picker`,
//! `cursor`, `input`, `magnet_ui` and `turns` (the state machine, no I/O;
//! `turns` is "your move in N games"), `boards`,
//! `effects` and `ui` (drawing), and here the terminal and the event loop that ties
//! them together.

mod boards;
mod conn;
mod cursor;
mod effects;
#[cfg(test)]
mod fixtures;
mod identity;
mod input;
mod lobby;
mod magnet_ui;
mod model;
mod picker;
mod room;
mod target;
mod theme;
pub mod tournament;
mod turns;
mod ui;
pub mod words;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{DisableBracketedPaste, EnableBracketedPaste, Event, EventStream, KeyEventKind};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use crossterm::{cursor as term_cursor, execute};
use futures_util::StreamExt;
use rand::RngExt;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use tokio::sync::mpsc;

use identity::Identity;
use lodestone_i18n::Words;
use model::{App, Effect, Msg};
use target::Target;
use theme::Theme;
use words::Text;

/// Arguments of `lodestone play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The server (http://HOST:PORT, https://…, ws://…), or a room's invite
    /// link (http://HOST:PORT/#/room/ID?invite=CODE) to open that room.
    pub url: String,
    /// Your display name; kept in the identity file for next time.
    #[arg(long)]
    pub name: Option<String>,
    /// The identity file (name and guest tokens). Default:
    /// $XDG_CONFIG_HOME/lodestone/identity.json, usually
    /// ~/.config/lodestone/identity.json.
    #[arg(long, value_name = "FILE")]
    pub identity: Option<PathBuf>,
    /// Ring the terminal bell when it becomes your turn.
    #[arg(long)]
    pub bell: bool,
    /// No colours (as when NO_COLOR is set); letters still tell the sides
    /// apart.
    #[arg(long)]
    pub no_color: bool,
}

/// Why `play` stopped without success: a sentence and an exit code.
#[derive(Debug)]
pub struct Exit {
    pub message: String,
    pub code: u8,
}

impl Exit {
    fn new(message: impl Into<String>, code: u8) -> Exit {
        Exit {
            message: message.into(),
            code,
        }
    }
}

/// Names the server accepts: 1 to 32 characters, no control characters.
fn check_name(name: &str) -> Result<String, Text> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 32 || name.chars().any(char::is_control) {
        return Err(Text::new("exit-bad-name").arg("name", name.to_string()));
    }
    Ok(name.to_string())
}

/// The identity file (`identity`, or the default one) with the display
/// name set: `name`, the file's, or a new guest's; what is wrong in
/// `words`.
fn who(identity: Option<PathBuf>, name: Option<&str>, words: &Words) -> Result<(Identity, String), Exit> {
    let path = match identity {
        Some(path) => path,
        None => Identity::default_path().ok_or_else(|| Exit::new(words.get("exit-no-config-dir"), 2))?,
    };
    let mut identity = Identity::load(&path).map_err(|e| Exit::new(e.show(words), 1))?;
    let name = match (name, identity.name()) {
        (Some(name), _) => check_name(name).map_err(|e| Exit::new(e.show(words), 2))?,
        (None, Some(name)) => name.to_string(),
        (None, None) => words.with(
            "guest-name",
            &[("number", rand::rng().random_range(1000..10000).to_string().into())],
        ),
    };
    identity.set_name(&name);
    identity.save().map_err(|e| Exit::new(e.show(words), 1))?;
    Ok((identity, name))
}

pub fn run(args: PlayArgs) -> Result<(), Exit> {
    let words = Words::from_env();
    let target = Target::parse(&args.url).map_err(|e| Exit::new(e.show(&words), 2))?;
    let (identity, name) = who(args.identity.clone(), args.name.as_deref(), &words)?;
    let color = !args.no_color && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Exit::new(e.to_string(), 1))?;
    runtime.block_on(async move {
        let socket = conn::connect(&target, &words).await.map_err(|e| {
            let args = [("server", target.ws.clone().into()), ("error", e.into())];
            Exit::new(words.with("exit-unreachable", &args), 1)
        })?;
        if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
            return Err(Exit::new(words.get("exit-no-terminal"), 2));
        }
        let token = identity.token(&target.ws).map(str::to_string);
        let mut app = App::new(target, name, token, args.bell, rand::rng().random());
        app.words = words.clone();
        let mut screen = Screen::enter().map_err(|e| terminal_failed(&words, "exit-terminal", e))?;
        let result = event_loop(&mut screen, app, socket, identity, Theme::new(color)).await;
        drop(screen);
        result
    })
}

/// The terminal in full-screen mode; dropping it (also on an error or a
/// panic) gives the terminal back as it was.
struct Screen {
    terminal: Terminal<CrosstermBackend<std::io::Stdout>>,
}

impl Screen {
    fn enter() -> std::io::Result<Screen> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            leave();
            previous(info);
        }));
        enable_raw_mode()?;
        execute!(
            std::io::stdout(),
            EnterAlternateScreen,
            EnableBracketedPaste,
            term_cursor::Hide
        )?;
        let terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
        Ok(Screen { terminal })
    }
}

/// Leaves full-screen mode; harmless when already left.
fn leave() {
    let _ = execute!(
        std::io::stdout(),
        DisableBracketedPaste,
        LeaveAlternateScreen,
        term_cursor::Show
    );
    let _ = disable_raw_mode();
}

impl Drop for Screen {
    fn drop(&mut self) {
        leave();
    }
}

impl std::fmt::Debug for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Screen")
    }
}

async fn event_loop(
    screen: &mut Screen,
    mut app: App,
    socket: conn::Socket,
    mut identity: Identity,
    theme: Theme,
) -> Result<(), Exit> {
    let (commands, command_rx) = mpsc::unbounded_channel();
    let (events, mut event_rx) = mpsc::unbounded_channel();
    let server = app.target.ws.clone();
    tokio::spawn(conn::run(
        app.target.clone(),
        socket,
        command_rx,
        events.clone(),
        app.words.clone(),
    ));
    let fetch = |events: &mpsc::UnboundedSender<Msg>, app: &App| {
        let (events, target, words) = (events.clone(), app.target.clone(), app.words.clone());
        tokio::spawn(async move {
            let _ = events.send(Msg::Games(conn::fetch_games(&target, &words).await));
        });
    };
    fetch(&events, &app);
    let mut keys = EventStream::new();
    let mut ticker = tokio::time::interval(Duration::from_millis(250));
    let mut terminate = signal(tokio::signal::unix::SignalKind::terminate(), &app.words)?;
    let mut hangup = signal(tokio::signal::unix::SignalKind::hangup(), &app.words)?;
    loop {
        screen
            .terminal
            .draw(|frame| ui::draw(frame, &app, &theme, Instant::now()))
            .map_err(|e| terminal_failed(&app.words, "exit-draw", e))?;
        let msg = tokio::select! {
            key = keys.next() => match key {
                Some(Ok(Event::Key(key))) if key.kind != KeyEventKind::Release => Msg::Key(key),
                Some(Ok(Event::Paste(text))) => Msg::Paste(text),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(terminal_failed(&app.words, "exit-keyboard", e)),
                None => return Ok(()),
            },
            Some(msg) = event_rx.recv() => msg,
            _ = ticker.tick() => Msg::Tick,
            _ = terminate.recv() => return Ok(()),
            _ = hangup.recv() => return Ok(()),
        };
        for effect in app.update(msg, Instant::now()) {
            match effect {
                Effect::Send(message) => {
                    if commands.send(conn::Command::Send(message)).is_err() {
                        return Err(Exit::new(app.words.get("exit-connection-stopped"), 1));
                    }
                }
                Effect::Follow { url, after } => {
                    if commands.send(conn::Command::Follow { url, after }).is_err() {
                        return Err(Exit::new(app.words.get("exit-connection-stopped"), 1));
                    }
                }
                Effect::FetchGames => fetch(&events, &app),
                Effect::Bell => {
                    let mut out = std::io::stdout();
                    let _ = out.write_all(b"\x07").and_then(|()| out.flush());
                }
                Effect::Save { name, token } => {
                    identity.set_name(&name);
                    identity.set_token(&server, token.as_deref());
                    if let Err(e) = identity.save() {
                        let text = e.show(&app.words);
                        app.complain(text);
                    }
                }
                Effect::Quit => return Ok(()),
            }
        }
    }
}

fn signal(kind: tokio::signal::unix::SignalKind, words: &Words) -> Result<tokio::signal::unix::Signal, Exit> {
    tokio::signal::unix::signal(kind).map_err(|e| terminal_failed(words, "exit-signals", e))
}

/// The end of `lodestone play` when the system fails it (`id`: what
/// failed, in the catalogue; `error`: the system's words).
fn terminal_failed(words: &Words, id: &'static str, error: impl std::fmt::Display) -> Exit {
    Exit::new(words.with(id, &[("error", error.to_string().into())]), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_servers_rule() {
        assert_eq!(check_name(" Ann ").unwrap(), "Ann");
        assert!(check_name("").is_err());
        assert!(check_name(&"x".repeat(33)).is_err());
        assert!(check_name("a\tb").is_err());
    }
}
