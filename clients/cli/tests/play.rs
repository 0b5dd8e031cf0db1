//! `lodestone play` in a real terminal: tmux runs the real binary against
//! a real server on 127.0.0.1:0 with a fresh SQLite file, the tests type
//! keys (`send-keys`) and read the screen (`capture-pane`). A Magneton
//! game against a bot to its end and its rematch, a Magnet secret setup and first turn in
//! a monochrome 80×24 terminal, and a game that goes on after the server
//! is killed and started again on the same database. Two players who
//! chat in their room, and two whose game goes on across an upgrade in
//! place (tests/upgrade: the server child hands over on SIGUSR2).
//!
//! The server runs as a child process so it can be SIGKILLed: this test
//! binary starts itself with `LODESTONE_PLAY_TEST_SERVE` set, and then
//! serves instead of testing (its own `main`, hence `harness = false`).
//! Every wait polls the screen with a generous limit; nothing is timed.
//!
//! `moved`: the client reaches the server through a stand-in for another
//! node (`mover`, shared with network.rs), which answers the first request
//! about a room with `moved` to the real server.

// Shared with network.rs, which uses all of it.
#[allow(dead_code)]
mod mover;
// Issue 34's tests of the table and the small window.
mod table;
use table::{at_the_table, small_window};
// A private room and the chat.
mod rooms;
use rooms::{chat, private_room};
// The game across an upgrade in place (SIGUSR2), and the server child.
mod upgrade;
use upgrade::{serve_upgradable, upgrade_in_place};
mod tournament;
// A move refused with storage-failure, sent again.
mod storage;
// A move whose reply was lost with the connection, sent again.
mod resend;
// `lodestone play` in French (issue 33).
mod lang;
// "Your move in N games" (issue 27).
mod turns;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use libtest_mimic::{Arguments, Failed, Trial};
use lodestone_tests::OwnedChild;

/// Set in the environment of the server child: `DIR\nBIND`, and
/// optionally `\nGRACE_MS` (how long a player may be away before it is
/// absent).
const SERVE_ENV: &str = "LODESTONE_PLAY_TEST_SERVE";

/// How long a wait for the screen may take before the test fails. A
/// safety net against hangs, not a speed requirement.
const PATIENCE: Duration = Duration::from_secs(90);

fn main() {
    if let Ok(spec) = std::env::var(SERVE_ENV) {
        serve(&spec);
        return;
    }
    let args = Arguments::from_args();
    let tests: [(&str, fn()); 16] = [
        (
            "a_bad_url_or_an_unreachable_server_is_a_clear_error",
            bad_addresses,
        ),
        (
            "a_magneton_room_with_a_bot_played_to_the_end",
            magneton_to_the_end,
        ),
        (
            "a_magnet_secret_setup_and_first_turn_in_monochrome_80x24",
            magnet_setup,
        ),
        (
            "the_game_goes_on_after_the_server_is_killed_and_restarted",
            server_restart,
        ),
        (
            "a_private_room_is_joined_by_its_link_and_watched_by_its_code",
            private_room,
        ),
        ("a_room_on_another_node_is_followed_there_and_played", moved_room),
        ("two_players_chat_in_their_room", chat),
        (
            "draw_offers_a_claim_a_resignation_and_an_abort_from_the_terminal_with_the_clock_shown",
            at_the_table,
        ),
        ("the_small_window_message_fits_at_36x10", small_window),
        (
            "two_players_game_goes_on_without_an_error_across_a_server_upgrade",
            upgrade_in_place,
        ),
        (
            "a_tournament_is_joined_and_its_game_played_from_the_terminal",
            tournament::joined_and_played,
        ),
        (
            "a_move_the_server_could_not_store_is_sent_again_until_it_is",
            storage::not_stored,
        ),
        (
            "a_move_whose_reply_was_lost_is_sent_again_and_played_once",
            resend::lost_replies,
        ),
        ("the_lobby_and_its_help_in_french_from_lang", lang::french),
        ("a_game_its_panel_a_move_and_its_end_in_french", lang::french_game),
        (
            "your_move_in_n_games_counts_the_opponents_moves_and_g_opens_the_oldest",
            turns::your_move_in_n_games,
        ),
    ];
    let trials = tests
        .into_iter()
        .map(|(name, test)| Trial::test(name, as_trial(test)))
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    remove_temp_dirs();
    conclusion.exit();
}

/// Removes every directory `temp_dir` made in this run, passed or failed
/// (the screens worth keeping are in test-artifacts/play).
fn remove_temp_dirs() {
    let prefix = format!("lodestone-play-{}-", std::process::id());
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

fn as_trial(test: fn()) -> impl FnOnce() -> Result<(), Failed> + Send + 'static {
    move || {
        test();
        Ok(())
    }
}

/// The server child: serves on BIND with the database in DIR until its
/// standard input closes (the test is done, or died), it is killed, or it
/// hands over to a new process on SIGUSR2.
fn serve(spec: &str) {
    let mut parts = spec.split('\n');
    let (dir, bind) = (parts.next().expect("DIR"), parts.next().expect("BIND"));
    let bind: SocketAddr = bind.parse().expect("an address");
    let grace = parts.next().map(|g| g.parse::<u64>().expect("GRACE_MS"));
    serve_upgradable(lodestone_server::Config {
        bind,
        database: format!("sqlite://{dir}/lodestone.db"),
        rate_limit: 0,
        absent_grace: grace.unwrap_or(lodestone_server::Config::default().absent_grace),
        ..lodestone_server::Config::default()
    });
}

/// A server child process.
struct ServerChild {
    child: OwnedChild,
    addr: SocketAddr,
}

impl ServerChild {
    /// Starts a server on `bind` (port 0: any) with the database in `dir`.
    fn start(dir: &Path, bind: &str) -> ServerChild {
        ServerChild::start_with(dir, bind, "")
    }

    /// Starts a server with a spec's extra lines (`\nGRACE_MS`).
    fn start_with(dir: &Path, bind: &str, extra: &str) -> ServerChild {
        let mut child = Command::new(std::env::current_exe().expect("this test binary"))
            .env(SERVE_ENV, format!("{}\n{bind}{extra}", dir.display()))
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server child starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the server prints its address");
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .parse()
            .expect("an address");
        ServerChild {
            child: OwnedChild(child),
            addr,
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Freezes (`STOP`) or thaws (`CONT`) the server: its sockets stay
    /// open and say nothing meanwhile.
    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([format!("-{signal}"), self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal}");
    }

    /// Waits until the process has ended by itself. Its standard input
    /// stays open (`wait` would close it): a successor reads it too.
    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let stdin = self.child.stdin.take();
        let status = self.child.wait().expect("the server child ends");
        self.child.stdin = stdin;
        status
    }

    /// SIGKILL: no goodbye, no clean shutdown.
    fn kill(mut self) {
        self.child.kill().expect("kill");
        self.child.wait().expect("reap");
    }
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// A tmux server of its own (`tmux -L NAME`) with one session running
/// `lodestone play`; killed when dropped.
struct Tmux {
    socket: String,
    name: String,
}

impl Tmux {
    fn start(name: &str, width: u16, height: u16, args: &[&str], dir: &Path) -> Tmux {
        Tmux::start_with(name, (width, height), "play", args, dir, &[])
    }

    /// `lodestone play` writing its frames to `trace` (`LODESTONE_TRACE`).
    fn start_traced(
        name: &str,
        (width, height): (u16, u16),
        args: &[String],
        dir: &Path,
        trace: &Path,
    ) -> Tmux {
        let env = ["-e".to_string(), format!("LODESTONE_TRACE={}", trace.display())];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Tmux::start_with(name, (width, height), "play", &args, dir, &env)
    }

    fn start_with(
        name: &str,
        (width, height): (u16, u16),
        command_name: &str,
        args: &[&str],
        dir: &Path,
        env: &[String],
    ) -> Tmux {
        match Command::new("tmux").arg("-V").output() {
            Ok(out) if out.status.success() => {}
            _ => panic!(
                "tmux is not installed, and these tests drive `lodestone play` in it: \
                 install it with `apt-get install -y tmux` (scripts/test.sh does this when run as root)"
            ),
        }
        let config = dir.join("tmux.conf");
        // Keep the pane after the program exits, to read how it ended.
        std::fs::write(&config, "set -g remain-on-exit on\nset -g history-limit 100\n").expect("tmux.conf");
        let tmux = Tmux {
            socket: format!("lodestone-play-{}-{name}", std::process::id()),
            name: name.to_string(),
        };
        let mut command = vec![
            "-f".to_string(),
            config.display().to_string(),
            "new-session".into(),
            "-d".into(),
            "-s".into(),
            "play".into(),
            "-x".into(),
            width.to_string(),
            "-y".into(),
            height.to_string(),
        ];
        command.extend_from_slice(env);
        command.extend([
            "--".into(),
            // A shell runs the client, says how it ended and stays (tmux
            // may drop the last output of a pane whose process is gone).
            "sh".into(),
            "-c".into(),
            r#""$0" "$@"; echo "[exit status $?]"; exec sleep 86400"#.into(),
            env!("CARGO_BIN_EXE_lodestone").into(),
            command_name.into(),
        ]);
        command.extend(args.iter().map(|a| a.to_string()));
        tmux.run(&command);
        tmux
    }

    fn run<S: AsRef<std::ffi::OsStr>>(&self, args: &[S]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {:?}: {}",
            args.iter()
                .map(|a| a.as_ref().to_string_lossy().into_owned())
                .collect::<Vec<_>>(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Presses keys (tmux key names: `Enter`, `Down`, `q`).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Types text as it is.
    fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "play", "-l", text]);
    }

    /// The screen as text.
    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "play"])
    }

    /// The screen with its colours and attributes as escape sequences.
    fn screen_with_escapes(&self) -> String {
        self.run(&["capture-pane", "-p", "-e", "-t", "play"])
    }

    /// Waits until the screen satisfies `ready`; fails with the screen.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            if start.elapsed() > PATIENCE {
                panic!(
                    "{}: waited {PATIENCE:?} for {what}; the screen:\n{screen}",
                    self.name
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn wait_text(&self, text: &str) -> String {
        self.wait_for(&format!("{text:?}"), |s| s.contains(text))
    }

    /// Opens the new-room form with `n`. The client may still be asking
    /// the server for its games (it says so and opens nothing): then `n`
    /// is pressed again once that answer is on screen.
    fn open_new_room_form(&self) {
        // In any language of the catalogues: the form's title, and the
        // start of the request to wait (before it may wrap).
        let languages = lodestone_i18n::LANGUAGES.map(lodestone_i18n::Words::for_tag);
        let titles = languages.clone().map(|w| w.get("lobby-new-room"));
        let asking = languages.map(|w| {
            let text = w.get("refuse-games-loading");
            text.chars().take(30).collect::<String>()
        });
        let form = |s: &str| titles.iter().any(|t| s.contains(t.as_str()));
        let start = Instant::now();
        loop {
            self.keys(&["n"]);
            let screen = self.wait_for("the new-room form, or a request to wait", |s| {
                form(s) || asking.iter().any(|a| s.contains(a.as_str()))
            });
            if form(&screen) {
                return;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "{}: the games never came; the screen:\n{screen}",
                self.name
            );
            // Let that press be drawn in full before the next one.
            std::thread::sleep(Duration::from_secs(1));
            if form(&self.screen()) {
                return;
            }
        }
    }

    /// In a new room's seat list: takes the first seat and reads the
    /// invite link (they may be drawn in separate frames).
    fn sit_for_the_link(&self) -> String {
        self.keys(&["Enter"]);
        let screen = self.wait_for("the seat taken and the invite link", |s| {
            s.contains("(you)") && s.contains("/#/room/")
        });
        let line = screen.lines().map(str::trim).find(|l| l.contains("/#/room/"));
        line.expect("the invite link on screen").to_string()
    }

    /// From the lobby: a new room with the form's first choices, the first
    /// seat taken; returns the room's invite link.
    fn new_room_link(&self) -> String {
        self.wait_text("● online");
        self.open_new_room_form();
        self.keys(&["Enter"]);
        self.wait_text("Waiting for players: 0 of");
        self.sit_for_the_link()
    }

    /// Starts the game once every seat is taken.
    /// From the new-room form on the game wanted: creates the room, takes
    /// the first seat and adds a bot on the second, waiting after each
    /// step for what the screen then says in the client's language
    /// (`waiting`, `you`, `added`).
    fn seat_us_and_a_bot(&self, [waiting, you, added]: [&str; 3]) {
        self.keys(&["Enter"]);
        self.wait_text(waiting);
        self.keys(&["Enter"]);
        self.wait_text(you);
        self.keys(&["Down", "a"]);
        self.wait_text(added);
    }

    fn start_when_full(&self) {
        self.wait_text("Every seat is taken: press s to start.");
        self.keys(&["s"]);
    }

    /// Plays `action` by typing it after `:`.
    fn type_move(&self, action: &str) {
        self.keys(&[":"]);
        self.type_text(action);
        self.keys(&["Enter"]);
    }

    /// Types `typed` after `:` (its prompt reads `prompt`), completes it
    /// with Tab to the line `completed` and plays it.
    fn complete_move(&self, prompt: &str, typed: &str, completed: &str) {
        self.keys(&[":"]);
        self.wait_text(prompt);
        self.type_text(typed);
        self.keys(&["Tab"]);
        self.wait_text(completed);
        self.keys(&["Enter"]);
    }

    /// Presses `key`, waits for its `question` and answers it with
    /// `answer`; the screen with the question.
    fn answer(&self, key: &str, question: &str, answer: &str) -> String {
        self.keys(&[key]);
        let asked = self.wait_text(question);
        self.keys(&[answer]);
        asked
    }

    /// Writes `line` in the room's chat (`c`, the line, Enter).
    fn say(&self, line: &str) {
        self.keys(&["c"]);
        self.wait_text("to room›");
        self.type_text(line);
        self.keys(&["Enter"]);
    }

    /// Whether the program has exited, and with which status.
    fn exit_status(&self) -> Option<i32> {
        let screen = self.screen();
        let at = screen.find("[exit status ")?;
        screen[at + "[exit status ".len()..]
            .split(']')
            .next()?
            .parse()
            .ok()
    }

    /// Keeps the screen in `test-artifacts/play/` for people to look at.
    fn save(&self, file: &str) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-artifacts/play");
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join(format!("{file}.txt")), self.screen());
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .stderr(Stdio::null())
            .status();
    }
}

/// The highest ply in the move list on the screen (`  12 black  D4`).
fn last_ply(screen: &str) -> u32 {
    let mut best = 0;
    for line in screen.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(3) {
            if let (Ok(ply), true) = (
                pair[0].parse::<u32>(),
                ["white", "black", "red", "blue"].contains(&pair[1]),
            ) {
                best = best.max(ply);
            }
        }
    }
    best
}

/// The result line, once the game is over.
fn result(screen: &str) -> Option<String> {
    screen.lines().find_map(|line| {
        ["You win! ", "You lose. ", "Game over. "]
            .iter()
            .find_map(|head| line.find(head).map(|at| line[at..].trim().to_string()))
    })
}

/// A fresh directory, a server on its database, and the path of an
/// identity file there.
fn fresh(name: &str) -> (PathBuf, ServerChild, PathBuf) {
    let dir = temp_dir(name);
    let server = ServerChild::start(&dir, "127.0.0.1:0");
    let identity = dir.join("ann.json");
    (dir, server, identity)
}

/// Ann's client behind a stand-in node (`mover` with `rule`) in front of a
/// fresh server, kept together for the test's length.
struct Behind {
    server: ServerChild,
    node: mover::Mover,
    tmux: Tmux,
    _runtime: tokio::runtime::Runtime,
}

/// Ann plays through a stand-in with `rule`: makes a Magneton room,
/// starts it against the bot and sends D4.
fn d4_behind_a_mover(name: &str, rule: mover::Rule) -> Behind {
    let (dir, server, identity) = fresh(name);
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let node = runtime.block_on(mover::start(server.addr, rule));
    let url = node.url.replace("ws://", "http://").replace("/ws", "");
    let tmux = Tmux::start(
        name,
        80,
        24,
        &[&url, "--identity", identity.to_str().unwrap(), "--name", "Ann"],
        &dir,
    );
    create_and_start(&tmux, "magneton");
    tmux.wait_text("Your turn.");
    tmux.type_move("D4");
    Behind {
        server,
        node,
        tmux,
        _runtime: runtime,
    }
}

/// Bo (his identity in `dir`) opens the invite `link` in a `width` ×
/// `height` terminal and, once the room says `waiting`, takes the seat
/// left.
fn bo_sits_by_link(name: &str, (width, height): (u16, u16), link: &str, dir: &Path, waiting: &str) -> Tmux {
    let bo_identity = dir.join("bo.json");
    let bo = Tmux::start(
        name,
        width,
        height,
        &[link, "--identity", bo_identity.to_str().unwrap(), "--name", "Bo"],
        dir,
    );
    bo.wait_text(waiting);
    bo.keys(&["Down", "Enter"]);
    bo.wait_text("Bo (you)");
    bo
}

/// `lodestone play` as Ann in a `width` × `height` terminal.
fn play_as_ann(
    name: &str,
    (width, height): (u16, u16),
    server: &ServerChild,
    identity: &Path,
    dir: &Path,
    extra: &[&str],
) -> Tmux {
    let url = server.url();
    let mut args = vec![
        url.as_str(),
        "--identity",
        identity.to_str().unwrap(),
        "--name",
        "Ann",
    ];
    args.extend_from_slice(extra);
    Tmux::start(name, width, height, &args, dir)
}

/// From the lobby: the new-room form, `game` chosen, created; then a seat
/// for us (the first) and a bot on the second, and the start.
fn create_and_start(tmux: &Tmux, game: &str) {
    tmux.wait_text("● online");
    tmux.open_new_room_form();
    // The game line reads `Game  ◀ magnet ▶`: step until it names `game`.
    let shown = |s: &str| -> String {
        let line = s.lines().find(|l| l.contains("Game ")).unwrap_or("");
        line.split('◀')
            .nth(1)
            .and_then(|r| r.split('▶').next())
            .unwrap_or("")
            .trim()
            .to_string()
    };
    for _ in 0..4 {
        let now = shown(&tmux.screen());
        if now == game {
            break;
        }
        tmux.keys(&["Right"]);
        tmux.wait_for("the next game", |s| shown(s) != now);
    }
    tmux.wait_text(&format!("◀ {game} ▶"));
    tmux.seat_us_and_a_bot([
        "Waiting for players: 0 of 2 seats taken.",
        "(you)",
        "Bot (greedy)",
    ]);
    tmux.start_when_full();
}

fn bad_addresses() {
    let dir = temp_dir("bad");
    let identity = dir.join("id.json");
    let identity = identity.to_str().unwrap();
    let run = |url: &str| {
        Command::new(env!("CARGO_BIN_EXE_lodestone"))
            .args(["play", url, "--identity", identity])
            .stdin(Stdio::null())
            .output()
            .expect("lodestone runs")
    };
    let bad = run("ftp://127.0.0.1:21");
    assert_eq!(bad.status.code(), Some(2));
    let text = String::from_utf8_lossy(&bad.stderr);
    assert!(
        text.starts_with("lodestone: ftp://127.0.0.1:21: the scheme ftp:// is not one of"),
        "{text}"
    );
    // A port nobody listens on: bind one, then free it.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let down = run(&format!("http://127.0.0.1:{port}"));
    assert_eq!(down.status.code(), Some(1));
    let text = String::from_utf8_lossy(&down.stderr);
    assert!(
        text.contains(&format!("cannot reach ws://127.0.0.1:{port}/ws: ")),
        "{text}"
    );
    assert!(!text.contains("panicked"), "{text}");
    // https:// speaks TLS, which a plain server does not answer.
    let server = ServerChild::start(&dir, "127.0.0.1:0");
    let tls = run(&format!("https://{}", server.addr));
    assert_eq!(tls.status.code(), Some(1));
    let text = String::from_utf8_lossy(&tls.stderr);
    assert!(text.contains("the TLS handshake failed"), "{text}");
    // A server, but no terminal to draw on.
    let headless = run(&server.url());
    assert_eq!(headless.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&headless.stderr).contains("needs a terminal"));
    let name = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["play", &server.url(), "--identity", identity, "--name", ""])
        .output()
        .unwrap();
    assert_eq!(name.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&name.stderr).contains("cannot be a name"));
}

/// Plays a Magneton game by cursor: Enter picks what the cursor is on (a
/// drop, or a stone and then its destination) on each of our turns until
/// the game ends; returns the last screen.
fn enter_to_the_end(tmux: &Tmux) -> String {
    let mut turns = 0;
    loop {
        let screen = tmux.wait_for("our turn or the end", |s| {
            s.contains("Your turn.") || result(s).is_some()
        });
        if result(&screen).is_some() {
            return screen;
        }
        assert!(turns < 200, "the game does not end:\n{screen}");
        turns += 1;
        let before = last_ply(&screen);
        tmux.keys(&["Enter"]);
        let after = tmux.wait_for("the move, or a stone picked", |s| {
            last_ply(s) > before || s.contains("Picked:") || result(s).is_some()
        });
        if after.contains("Picked:") && last_ply(&after) == before {
            tmux.keys(&["Enter"]);
            tmux.wait_for("the move", |s| last_ply(s) > before || result(s).is_some());
        }
    }
}

fn magneton_to_the_end() {
    let (dir, server, identity) = fresh("magneton");
    let tmux = play_as_ann("magneton", (100, 30), &server, &identity, &dir, &[]);
    tmux.wait_text("Open rooms");
    tmux.save("magneton-lobby-100x30");
    create_and_start(&tmux, "magneton");
    tmux.wait_text("Your turn.");
    // The first move typed, with completion from the legal list.
    tmux.complete_move("Move:", "d4", "› D4");
    tmux.wait_for("white's D4 in the move list", |s| s.contains("1 white  D4"));
    // Then by cursor until the game ends.
    let screen = enter_to_the_end(&tmux);
    tmux.save("magneton-result-100x30");
    let line = result(&screen).unwrap();
    assert!(line.ends_with(" wins.") || line.ends_with("A draw."), "{line}");
    // A rematch: the bot accepts at once, the new room opens (seats
    // rotated, already started) and the client goes there.
    tmux.keys(&["r"]);
    tmux.wait_for("the rematch's room, Ann seated", |s| {
        s.contains("The rematch has begun.") && result(s).is_none() && s.contains("Ann (you)")
    });
    tmux.save("magneton-rematch-100x30");
    // Back to the lobby, and out: the program ends cleanly.
    tmux.keys(&["q"]);
    tmux.wait_text("Open rooms");
    tmux.keys(&["q"]);
    let start = Instant::now();
    while tmux.exit_status().is_none() {
        assert!(
            start.elapsed() < PATIENCE,
            "lodestone play did not quit:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(tmux.exit_status(), Some(0));
    let after = tmux.screen();
    assert!(
        !after.contains("Open rooms"),
        "the terminal is given back:\n{after}"
    );
    // The same player comes back: the identity file keeps name and token.
    let kept = std::fs::read_to_string(&identity).unwrap();
    assert!(
        kept.contains("\"name\": \"Ann\"") && kept.contains(&format!("ws://{}/ws", server.addr)),
        "{kept}"
    );
}

fn magnet_setup() {
    let (dir, server, identity) = fresh("magnet");
    let tmux = play_as_ann("magnet", (80, 24), &server, &identity, &dir, &["--no-color"]);
    create_and_start(&tmux, "magnet");
    tmux.wait_text("Arrange your pieces");
    tmux.save("magnet-setup-80x24");
    // To A2 (the King in a new arrangement), pick it, up to A3 (a 2),
    // swap: the cursor line shows the King on A3 now.
    let cursor = |s: &str| -> Option<String> {
        s.lines()
            .find_map(|l| l.split("Cursor ").nth(1))
            .map(|c| c.trim().to_string())
    };
    tmux.keys(&["Left", "Left", "Left", "Left", "Left", "Left"]);
    tmux.wait_for("the cursor in column A", |s| {
        cursor(s).is_some_and(|c| c.starts_with('A'))
    });
    tmux.keys(&["Down", "Down", "Down", "Down"]);
    tmux.wait_for("the cursor on A2", |s| cursor(s).as_deref() == Some("A2: rK"));
    tmux.keys(&["Enter"]);
    tmux.wait_text("A2 picked");
    tmux.keys(&["Up"]);
    tmux.wait_for("the cursor on A3", |s| cursor(s).as_deref() == Some("A3: r2"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("the swap", |s| {
        cursor(s).as_deref() == Some("A3: rK") && s.contains("Enter picks a piece")
    });
    tmux.keys(&["c"]);
    // Our setup is in the move list with its text; blue's is a secret.
    tmux.wait_for("both setups", |s| {
        s.contains("setup A2:") && s.contains("secret (")
    });
    // The server has the arrangement as composed (the record, as we may
    // see it, with our token).
    let record = our_record(&server, &identity);
    assert!(record.contains("setup A2:2 A3:K A4:2 A5:2 "), "{record}");
    // Red moves first. (Each wait names all it needs: a screen captured
    // while the client draws may hold part of a frame.)
    tmux.wait_for("red's first turn, both sides' pieces", |s| {
        s.contains("Pick the magnet's vertex")
            && s.contains("Your turn.")
            && s.contains("r2")
            && s.contains("b?")
    });
    // Monochrome: no colour at all, and the sides still apart by letters.
    let escapes = tmux.screen_with_escapes();
    assert!(
        !has_colour(&escapes),
        "colour in a --no-color screen:\n{escapes:?}"
    );
    tmux.save("magnet-turn-80x24");
    // The first turn: the magnet's vertex, then (if there is a choice) the
    // order or promotions, played as the server offered it.
    tmux.keys(&["Enter"]);
    let after = tmux.wait_for("the turn, or the chooser", |s| {
        last_ply(s) >= 3 || s.contains("Enter plays ")
    });
    if last_ply(&after) < 3 {
        tmux.keys(&["Enter"]);
    }
    // Red's turn is ply 3 (after both setups); the bot may answer at once.
    tmux.wait_for("red's first turn", |s| last_ply(s) >= 3);
    drop(server);
}

/// The record of the one game in progress, as the identity's guest may
/// see it.
fn our_record(server: &ServerChild, identity: &Path) -> String {
    let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(identity).unwrap()).unwrap();
    let token = file["tokens"][format!("ws://{}/ws", server.addr)]
        .as_str()
        .expect("a token")
        .to_string();
    let rooms: serde_json::Value = serde_json::from_str(
        &ureq::get(format!("{}/api/rooms?playing=1", server.url()))
            .call()
            .unwrap()
            .body_mut()
            .read_to_string()
            .unwrap(),
    )
    .unwrap();
    let room = rooms[0]["id"].as_str().expect("the game in progress");
    ureq::get(format!("{}/api/rooms/{room}/record", server.url()))
        .header("Authorization", format!("Bearer {token}"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap()
}

/// Whether an escaped capture sets a foreground or background colour.
fn has_colour(escaped: &str) -> bool {
    escaped.split("\u{1b}[").skip(1).any(|seq| {
        let params = seq.split('m').next().unwrap_or("");
        params
            .split(';')
            .any(|p| matches!(p.parse::<u32>(), Ok(30..=38 | 40..=48 | 90..=97 | 100..=107)))
    })
}

fn server_restart() {
    let (dir, server, identity) = fresh("restart");
    let addr = server.addr;
    let tmux = play_as_ann("restart", (80, 24), &server, &identity, &dir, &[]);
    create_and_start(&tmux, "magneton");
    tmux.wait_text("Your turn.");
    tmux.type_move("D4");
    tmux.wait_for("the bot's answer", |s| {
        last_ply(s) >= 2 && s.contains("Your turn.")
    });
    // Frozen, its socket open: the client says so within seconds, and
    // takes no move; thawed, it is live again by itself.
    server.signal("STOP");
    tmux.wait_text("no answer from the server");
    tmux.save("frozen-80x24");
    tmux.keys(&["Enter"]);
    let refused = tmux.wait_text("Not connected to the server right now");
    server.signal("CONT");
    assert_eq!(last_ply(&refused), 2, "a move was taken while frozen:\n{refused}");
    tmux.wait_text("● online");
    server.kill();
    // The game stays on screen.
    tmux.wait_for("reconnecting, the game still shown", |s| {
        s.contains("reconnecting") && s.contains("1 white  D4")
    });
    tmux.save("restart-down-80x24");
    // The same database, the same address.
    let server = ServerChild::start(&dir, &addr.to_string());
    let back = tmux.wait_for("the game back", |s| {
        s.contains("● online") && s.contains("Your turn.") && s.contains("1 white  D4")
    });
    let before = last_ply(&back);
    tmux.keys(&["Enter"]);
    tmux.wait_for("a move after the restart, and the bot's answer", |s| {
        last_ply(s) >= before + 2 && s.contains("Your turn.")
    });
    tmux.save("restart-after-80x24");
    drop(server);
}

/// Issue 12: Ann's client talks to a node that does not own her new room:
/// the room's first request is answered `moved`, the client goes to the
/// real server with the same token and plays there.
fn moved_room() {
    let Behind {
        server,
        node,
        tmux,
        _runtime,
    } = d4_behind_a_mover("moved", mover::Rule::FirstRequest);
    tmux.wait_for("the bot's answer", |s| {
        last_ply(s) >= 2 && s.contains("Your turn.") && s.contains("1 white  D4")
    });
    tmux.save("moved-80x24");
    assert_eq!(
        node.moved(),
        1,
        "one move, then the room's requests went to its node"
    );
    drop(server);
}
