//! Helpers for the black-box tests: start a real server (in this process or
//! as a child process) on a loopback port 0 with a fresh database, and talk
//! to it as real WebSocket clients.
//!
//! Every test runs on both backends: [`each_backend!`] makes a `sqlite` and
//! a `postgres` test of each body, and a server started inside one gets a
//! fresh SQLite file or a fresh PostgreSQL database (made with `CREATE
//! DATABASE` on the server `LODESTONE_TEST_POSTGRES` names). Without that
//! variable a PostgreSQL test fails with a sentence saying how to get one,
//! unless `LODESTONE_TEST_SKIP_POSTGRES=1` is set.

pub mod push;
pub mod tls;
mod wait;

pub use wait::{Outcome, Polling, Waiting};

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use lodestone_protocol::{ClientMessage, PROTOCOL_VERSION, RequestId, RoomState, ServerMessage};
use lodestone_server::{Config, Limits, Server};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub mod schemas;

/// How long a test waits for a message before failing. A safety net
/// against hangs, not a speed requirement.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A fresh, empty directory under the system's temporary directory.
pub fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-test-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The database a test's servers use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

tokio::task_local! {
    static BACKEND: Backend;
}

/// The backend of the running test (SQLite outside [`each_backend!`]).
pub fn backend() -> Backend {
    BACKEND.try_with(|b| *b).unwrap_or(Backend::Sqlite)
}

/// Runs `test` with its servers on `backend`.
pub async fn on_backend<F: std::future::Future>(backend: Backend, test: F) -> F::Output {
    BACKEND.scope(backend, test).await
}

/// The variable naming the PostgreSQL server of the tests.
pub const POSTGRES_VAR: &str = "LODESTONE_TEST_POSTGRES";
/// The variable that skips the PostgreSQL tests.
pub const SKIP_POSTGRES_VAR: &str = "LODESTONE_TEST_SKIP_POSTGRES";

/// Whether a PostgreSQL test can run: true with `LODESTONE_TEST_POSTGRES`
/// set; false (the test is skipped) with `LODESTONE_TEST_SKIP_POSTGRES=1`;
/// otherwise the test fails, saying how to get a server.
pub fn postgres_ready() -> bool {
    if std::env::var_os(POSTGRES_VAR).is_some_and(|v| !v.is_empty()) {
        return true;
    }
    if std::env::var(SKIP_POSTGRES_VAR).is_ok_and(|v| v == "1") {
        eprintln!("skipped: {SKIP_POSTGRES_VAR}=1");
        return false;
    }
    panic!(
        "this test needs PostgreSQL and {POSTGRES_VAR} is not set: run the tests under \
         scripts/with-postgres.sh (e.g. `scripts/with-postgres.sh cargo test -p lodestone-tests`), \
         which starts a throwaway cluster, or set {POSTGRES_VAR}=postgres://USER@HOST:PORT/DB \
         (USER may create databases), or set {SKIP_POSTGRES_VAR}=1 to skip the PostgreSQL tests"
    )
}

/// Makes a `sqlite` and a `postgres` test of each named `async fn` (in a
/// module named after it): the same test on both backends. Written above
/// the test, where `#[tokio::test]` would be:
///
/// ```text
/// each_backend!(a_game_is_played);
/// /// What it proves.
/// async fn a_game_is_played() {
///     let server = TestServer::start().await;
///     // ...
/// }
/// ```
#[macro_export]
macro_rules! each_backend {
    ($($name:ident),+ $(,)?) => {
        $(
            mod $name {
                #[::tokio::test]
                async fn sqlite() {
                    $crate::on_backend($crate::Backend::Sqlite, super::$name()).await
                }

                #[::tokio::test]
                async fn postgres() {
                    if $crate::postgres_ready() {
                        $crate::on_backend($crate::Backend::Postgres, super::$name()).await
                    }
                }
            }
        )+
    };
}

/// The URL of the database of the servers started on `dir` with the
/// running test's backend: an SQLite file in `dir`, or a PostgreSQL
/// database named after `dir` (made the first time).
pub fn database_url(dir: &Path) -> String {
    match backend() {
        Backend::Sqlite => format!("sqlite://{}", dir.join("lodestone.db").display()),
        Backend::Postgres => postgres_database(dir),
    }
}

/// Evaluates `$body` with `$conn`, a new connection to the database at
/// `$url` (PostgreSQL or SQLite, by the URL), to read it straight as no
/// client can.
#[macro_export]
macro_rules! with_database {
    ($url:expr, |$conn:ident| $body:expr) => {{
        use sqlx::Connection;
        let url: &str = $url;
        if url.starts_with("postgres") {
            let mut $conn = sqlx::PgConnection::connect(url).await.unwrap();
            $body
        } else {
            let mut $conn = sqlx::SqliteConnection::connect(url).await.unwrap();
            $body
        }
    }};
}

/// The highest stored `seq` of `room` in the database at `url` (0 when it
/// has none).
pub async fn stored_version(url: &str, room: &str) -> i64 {
    let sql = "SELECT COALESCE(MAX(seq), 0) FROM events WHERE room_id = $1";
    with_database!(url, |conn| sqlx::query_scalar(sql)
        .bind(room)
        .fetch_one(&mut conn)
        .await
        .unwrap())
}

/// The address a server process started with a piped stdout says it
/// listens on (its first line, `listening on http://ADDR`).
pub fn listening(child: &mut Child) -> SocketAddr {
    let stdout = child.stdout.take().expect("piped stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("server prints a line");
    line.trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .expect("an address")
}

/// The `seq` of every event of `room` in the database of the servers
/// started on `dir`, in order, read straight from the event table.
pub async fn stored_seqs(dir: &Path, room: &str) -> Vec<i64> {
    let sql = "SELECT seq FROM events WHERE room_id = $1 ORDER BY seq";
    with_database!(&database_url(dir), |conn| sqlx::query_scalar(sql)
        .bind(room)
        .fetch_all(&mut conn)
        .await
        .unwrap())
}

/// The PostgreSQL database of `dir`, created if it does not exist yet.
fn postgres_database(dir: &Path) -> String {
    use std::sync::Mutex;
    static MADE: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let admin = std::env::var(POSTGRES_VAR).unwrap_or_else(|_| {
        postgres_ready();
        unreachable!("a PostgreSQL test runs only with {POSTGRES_VAR} set")
    });
    let tail: String = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let name = format!("lodestone_{}", &tail[tail.len().saturating_sub(40)..]).to_lowercase();
    let (base, _) = admin
        .rsplit_once('/')
        .expect("a URL with a database: postgres://USER@HOST:PORT/DB");
    let url = format!("{base}/{name}");
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if made.contains(&name) {
        return url;
    }
    // A runtime of its own on a thread of its own: this may be called
    // from inside a test's runtime, which must not block on itself.
    let create = {
        let (admin, name) = (admin.clone(), name.clone());
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime")
                .block_on(async move {
                    use sqlx::Connection;
                    let mut conn = sqlx::PgConnection::connect(&admin).await?;
                    let exists: Option<(i32,)> =
                        sqlx::query_as("SELECT 1 FROM pg_database WHERE datname = $1")
                            .bind(&name)
                            .fetch_optional(&mut conn)
                            .await?;
                    if exists.is_none() {
                        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
                            .execute(&mut conn)
                            .await?;
                    }
                    conn.close().await
                })
        })
    };
    if let Err(e) = create.join().expect("the database maker does not panic") {
        panic!("could not make the test database {name} on {admin}: {e}");
    }
    made.push(name);
    url
}

/// Settings for a test on paused time (`tokio::time::pause`), where time
/// jumps to the next timer whenever every task waits: no open room
/// expires, no connection idles out and the notifier does not poll, so
/// that none of these is that next timer.
pub fn for_paused_time(c: &mut Config) {
    c.expire_open_after = None;
    c.limits.idle_timeout = Duration::ZERO;
    c.notify.poll = None;
}

/// A server running in this process, on a fresh database of the running
/// test's backend.
#[derive(Debug)]
pub struct TestServer {
    pub server: Server,
    pub dir: PathBuf,
}

impl TestServer {
    /// Starts a server on 127.0.0.1:0 with a new database.
    pub async fn start() -> TestServer {
        TestServer::start_with(|_| {}).await
    }

    /// Starts a server with a changed default configuration.
    pub async fn start_with(change: impl FnOnce(&mut Config)) -> TestServer {
        let dir = temp_dir();
        TestServer::start_in(dir, change).await
    }

    /// Starts a server on the database of `dir` (kept from an earlier one).
    pub async fn start_in(dir: PathBuf, change: impl FnOnce(&mut Config)) -> TestServer {
        let mut config = Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            database: database_url(&dir),
            rate_limit: 0,
            // Tests of limits set the ones they test.
            limits: Limits::off(),
            ..Config::default()
        };
        change(&mut config);
        let server = Server::start(config).await.expect("server starts");
        TestServer { server, dir }
    }

    /// Shuts the server down gracefully; returns the folder of its
    /// database.
    pub async fn stop(self) -> PathBuf {
        self.server.shutdown().await;
        self.dir
    }

    /// Shuts the server down gracefully and starts a new one on its
    /// database with `change`.
    pub async fn restart(self, change: impl FnOnce(&mut Config)) -> TestServer {
        TestServer::start_in(self.stop().await, change).await
    }

    pub fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    pub async fn client(&self) -> Client {
        Client::connect(self.addr()).await
    }

    /// A client that said hello as the new guest `name`.
    pub async fn guest(&self, name: &str) -> Client {
        Client::guest(self.addr(), name).await
    }
}

/// The processes of `binary` working in `dir`: a test's servers, and the
/// new process of an upgrade, which is not a child of the test (its
/// command line need not name `dir`; its working directory does).
pub fn processes_in(binary: &str, dir: &Path) -> Vec<u32> {
    let (Ok(binary), Ok(dir)) = (std::fs::canonicalize(binary), std::fs::canonicalize(dir)) else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let exe = std::fs::read_link(entry.path().join("exe"));
        let cwd = std::fs::read_link(entry.path().join("cwd"));
        if exe.is_ok_and(|e| e == binary) && cwd.is_ok_and(|c| c == dir) {
            found.push(pid);
        }
    }
    found
}

/// SIGKILL to each of `pids` (processes a test started), when dropped.
#[derive(Debug)]
pub struct KillOnDrop(pub Vec<u32>);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        for pid in &self.0 {
            let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
        }
    }
}

/// Flags that lift the per-address limits: every player comes from
/// 127.0.0.1.
pub const NO_LIMITS: &[&str] = &[
    "--rate-limit",
    "0",
    "--per-address",
    "0",
    "--connect-rate",
    "0",
    "--request-rate",
    "0",
    "--guests-per-hour",
    "0",
    "--rooms-per-guest",
    "0",
    "--rooms-per-address",
    "0",
    "--watch-limit",
    "0",
];

/// A child process that is killed (SIGKILL) and reaped when dropped, if it
/// still runs; otherwise the `Child` itself.
#[derive(Debug)]
pub struct OwnedChild(pub Child);

impl std::ops::Deref for OwnedChild {
    type Target = Child;

    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for OwnedChild {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for OwnedChild {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server binary running as a child process, so it can be killed.
#[derive(Debug)]
pub struct ServerProcess {
    pub child: OwnedChild,
    pub addr: SocketAddr,
}

impl ServerProcess {
    /// Runs the server binary (pass `env!("CARGO_BIN_EXE_lodestone-test-server")`)
    /// on 127.0.0.1:0 with the database of `dir` and waits for its
    /// `listening on http://ADDR` line.
    pub fn start(binary: &str, dir: &Path) -> ServerProcess {
        ServerProcess::start_with(binary, &["--database", &database_url(dir)], dir)
    }

    /// Runs the server binary on 127.0.0.1:0 with `args` (a `--database`
    /// among them), in the working directory `cwd`, and waits for its
    /// `listening on http://ADDR` line.
    pub fn start_with(binary: &str, args: &[&str], cwd: &Path) -> ServerProcess {
        ServerProcess::start_command(ServerProcess::command(binary, args, cwd))
    }

    /// The command [`ServerProcess::start_with`] runs, for a test to change
    /// (its environment, where its log goes) before
    /// [`ServerProcess::start_command`].
    pub fn command(binary: &str, args: &[&str], cwd: &Path) -> Command {
        let mut command = Command::new(binary);
        command
            .args(["--bind", "127.0.0.1:0", "--rate-limit", "0"])
            .args(args)
            .current_dir(cwd)
            .env(
                "RUST_LOG",
                std::env::var("LODESTONE_TEST_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .stderr(Stdio::inherit());
        command
    }

    /// [`ServerProcess::start_with`] with the log (standard error) at
    /// `level` (`RUST_LOG`) written to the file `log`.
    pub fn start_logged(binary: &str, args: &[&str], cwd: &Path, level: &str, log: &Path) -> ServerProcess {
        let mut command = ServerProcess::command(binary, args, cwd);
        command
            .env("RUST_LOG", level)
            .stderr(std::fs::File::create(log).expect("a log file"));
        ServerProcess::start_command(command)
    }

    /// Runs `command` (a server) and waits for its `listening on
    /// http://ADDR` line.
    pub fn start_command(mut command: Command) -> ServerProcess {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("server binary starts");
        let addr = listening(&mut child);
        ServerProcess {
            child: OwnedChild(child),
            addr,
        }
    }

    /// SIGKILL: no chance to clean up.
    pub fn kill(mut self) {
        self.child.kill().expect("kill");
        self.child.wait().expect("reap");
    }
}

/// The standard output of a run that must have succeeded (else the test
/// fails with its standard output and error).
pub fn succeeded(out: std::process::Output) -> String {
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// What a run of a binary that ended by itself left.
#[derive(Debug)]
pub struct Exited {
    pub status: std::process::ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `binary` with `args` in `cwd` until it exits by itself (failing the
/// test if it has not within [`PATIENCE`]), with `RUST_BACKTRACE=1` so a
/// panic would show.
pub fn run_to_exit(binary: &str, args: &[&str], cwd: &Path) -> Exited {
    let mut child = Command::new(binary)
        .args(args)
        .current_dir(cwd)
        .env("RUST_BACKTRACE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let started = std::time::Instant::now();
    while child.try_wait().expect("a status").is_none() {
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("{binary} {args:?} did not exit within {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("its output");
    Exited {
        status: output.status,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The password of the accounts [`account`] registers.
pub const PASSWORD: &str = "correct horse battery";

/// A new guest named `name` that registers as an account (password
/// [`PASSWORD`]); returns its connection, guest id and first token.
pub async fn account(addr: SocketAddr, name: &str) -> (Client, String, String) {
    let mut c = Client::connect(addr).await;
    let (id, token) = match c
        .ok(serde_json::json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name}))
        .await
    {
        ServerMessage::Welcome {
            guest,
            token: Some(token),
            ..
        } => (guest.id, token),
        other => panic!("{other:?}"),
    };
    c.ok(serde_json::json!({"type": "register", "name": name, "password": PASSWORD}))
        .await;
    (c, id, token)
}

/// A WebSocket client that speaks the protocol, keeping every frame it
/// receives (for leak tests) and the updates it has not looked at yet.
#[derive(Debug)]
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// Updates and other pushes received while waiting for a reply.
    pending: VecDeque<ServerMessage>,
    /// Every text frame received, in order.
    pub frames: Vec<String>,
    /// How long to wait for a message before failing; `None` waits for
    /// ever (for tests on paused time, where a timeout would fire as soon
    /// as the runtime is idle).
    pub patience: Option<Duration>,
    /// The latest state of each watched room.
    pub states: std::collections::HashMap<String, (u64, RoomState)>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::try_connect(addr).await.expect("WebSocket connects")
    }

    /// Connects to `addr` and says hello as the new guest `name`.
    pub async fn guest(addr: SocketAddr, name: &str) -> Client {
        let mut c = Client::connect(addr).await;
        c.hello(name).await;
        c
    }

    /// Connects with extra request headers (say `X-Forwarded-For`, as a
    /// reverse proxy would send it).
    pub async fn connect_with(addr: SocketAddr, headers: &[(&str, &str)]) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}/ws")
            .into_client_request()
            .expect("a request");
        for (name, value) in headers {
            request.headers_mut().insert(
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                    .expect("a header name"),
                value.parse().expect("a header value"),
            );
        }
        let connect = tokio_tungstenite::connect_async(request);
        let (ws, _) = tokio::time::timeout(PATIENCE, connect)
            .await
            .expect("connects in time")
            .expect("WebSocket connects");
        Client::over(ws)
    }

    /// A client over the connected socket `ws`.
    fn over(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            next_id: 1,
            pending: VecDeque::new(),
            frames: Vec::new(),
            states: Default::default(),
            patience: Some(PATIENCE),
        }
    }

    /// Connects, or `None` if nothing answers at `addr` (a node that was
    /// killed).
    pub async fn try_connect(addr: SocketAddr) -> Option<Client> {
        let connect = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"));
        let (ws, _) = tokio::time::timeout(PATIENCE, connect).await.ok()?.ok()?;
        Some(Client::over(ws))
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("send");
    }

    /// Receives the next server message (or `None` when the server closed
    /// the connection).
    pub async fn recv(&mut self) -> Option<ServerMessage> {
        loop {
            let frame = match self.patience {
                Some(patience) => tokio::time::timeout(patience, self.ws.next())
                    .await
                    .expect("a message within the patience limit"),
                None => self.ws.next().await,
            };
            match frame {
                Some(Ok(Message::Text(text))) => {
                    self.frames.push(text.to_string());
                    schemas::check_server_frame(&text);
                    let message: ServerMessage = serde_json::from_str(&text).expect("server messages parse");
                    if let ServerMessage::Update { room, version, state } = &message {
                        let mut state = (**state).clone();
                        // An update may carry only the new moves: put the
                        // known ones in front.
                        if let Some(play) = state.play.as_mut()
                            && play.moves_from > 0
                        {
                            let known = self
                                .states
                                .get(room)
                                .and_then(|(_, s)| s.play.as_ref())
                                .map(|p| p.moves.clone())
                                .unwrap_or_default();
                            let from = play.moves_from as usize;
                            assert!(
                                known.len() >= from,
                                "an update continues a log this client does not have"
                            );
                            let mut moves = known[..from].to_vec();
                            moves.append(&mut play.moves);
                            play.moves = moves;
                            play.moves_from = 0;
                        }
                        self.states.insert(room.clone(), (*version, state));
                    }
                    return Some(message);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    fn fresh_id(&mut self) -> RequestId {
        let id = RequestId::Number(self.next_id);
        self.next_id += 1;
        id
    }

    /// Sends a message (its id replaced by a fresh one) and returns the
    /// reply with that id; pushes received meanwhile are kept.
    pub async fn request(&mut self, message: Value) -> ServerMessage {
        let id = self.fresh_id();
        let mut message = message;
        message["id"] = serde_json::to_value(&id).unwrap();
        let text = message.to_string();
        self.send_text(&text).await;
        let reply = self.reply_to(&id).await;
        // What the server read as a message, the protocol's schema accepts.
        let unread = ["bad-json", "bad-message", "too-large", "rate-limited"];
        if !matches!(&reply, ServerMessage::Error { code, .. } if unread.contains(&code.as_str())) {
            schemas::check_client_frame(&text);
        }
        reply
    }

    /// Waits for the reply to `id`.
    pub async fn reply_to(&mut self, id: &RequestId) -> ServerMessage {
        loop {
            let message = self
                .recv()
                .await
                .expect("connection open while waiting for a reply");
            let matches = match &message {
                ServerMessage::Welcome { id: i, .. }
                | ServerMessage::Ack { id: i, .. }
                | ServerMessage::Rooms { id: i, .. }
                | ServerMessage::Pong { id: i }
                | ServerMessage::Replay { id: i, .. }
                | ServerMessage::Preferences { id: i, .. }
                | ServerMessage::PlayerData { id: i, .. }
                | ServerMessage::AdminOverview { id: i, .. }
                | ServerMessage::AdminReports { id: i, .. }
                | ServerMessage::AdminSanctions { id: i, .. }
                | ServerMessage::AdminPlayer { id: i, .. }
                | ServerMessage::AdminAudit { id: i, .. }
                | ServerMessage::Tournaments { id: i, .. }
                | ServerMessage::Webhook { id: i, .. }
                | ServerMessage::Turns { id: i, .. }
                | ServerMessage::Vacation { id: i, .. } => i == id,
                ServerMessage::Error { id: i, .. } | ServerMessage::Tournament { id: i, .. } => {
                    i.as_ref() == Some(id)
                }
                _ => false,
            };
            if matches {
                return message;
            }
            self.pending.push_back(message);
        }
    }

    /// The reply to `id`, or `None` once the connection ends (a `bye`, a
    /// close): for clients that reconnect, as after an upgrade.
    pub async fn reply_to_or_end(&mut self, id: &RequestId) -> Option<ServerMessage> {
        loop {
            let message = self.recv().await?;
            let matches = match &message {
                ServerMessage::Bye { .. } => return None,
                ServerMessage::Welcome { id: i, .. }
                | ServerMessage::Ack { id: i, .. }
                | ServerMessage::Rooms { id: i, .. }
                | ServerMessage::Pong { id: i }
                | ServerMessage::Replay { id: i, .. } => i == id,
                ServerMessage::Error { id: i, .. } => i.as_ref() == Some(id),
                _ => false,
            };
            if matches {
                return Some(message);
            }
        }
    }

    /// `room`'s version and state at `version` or later, or `None` once
    /// the connection ends.
    pub async fn state_or_end(&mut self, room: &str, version: u64) -> Option<(u64, RoomState)> {
        loop {
            if let Some((v, state)) = self.states.get(room)
                && *v >= version
            {
                return Some((*v, state.clone()));
            }
            if self.pending.pop_front().is_none() && matches!(self.recv().await?, ServerMessage::Bye { .. }) {
                return None;
            }
        }
    }

    /// A request that must succeed; returns the reply.
    pub async fn ok(&mut self, message: Value) -> ServerMessage {
        let reply = self.request(message.clone()).await;
        if let ServerMessage::Error { code, message: m, .. } = &reply {
            panic!("{message} failed: {code}: {m}");
        }
        reply
    }

    /// A request that must fail with `code`; returns the message.
    pub async fn refused(&mut self, message: Value, code: &str) -> String {
        match self.request(message.clone()).await {
            ServerMessage::Error {
                code: c, message: m, ..
            } => {
                assert_eq!(c, code, "{message}: {m}");
                m
            }
            other => panic!("{message} was not refused: {other:?}"),
        }
    }

    /// Each of `bad` is refused (`bad-option`) as the options of a new
    /// Magneton room.
    pub async fn refuses_room_options(&mut self, bad: impl IntoIterator<Item = Value>) {
        for options in bad {
            self.refused(
                serde_json::json!({"type": "create_room", "game": "magneton", "options": options}),
                "bad-option",
            )
            .await;
        }
    }

    /// Requests that must each fail with their code, one after another.
    pub async fn refuses<'a>(&mut self, cases: impl IntoIterator<Item = (Value, &'a str)>) {
        for (message, code) in cases {
            self.refused(message, code).await;
        }
    }

    /// Says hello as a new guest; returns its token.
    pub async fn hello(&mut self, name: &str) -> String {
        match self
            .ok(serde_json::json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name}))
            .await
        {
            ServerMessage::Welcome {
                token: Some(token), ..
            } => token,
            other => panic!("unexpected {other:?}"),
        }
    }

    /// Says hello with a token; returns the welcome.
    pub async fn resume(&mut self, token: &str) -> ServerMessage {
        self.ok(serde_json::json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token}))
            .await
    }

    /// Creates a room; returns its id and invite code.
    pub async fn create_room(
        &mut self,
        game: &str,
        options: Value,
        public: bool,
    ) -> (String, Option<String>) {
        match self
            .ok(serde_json::json!({"type": "create_room", "game": game, "options": options, "public": public}))
            .await
        {
            ServerMessage::Ack { room: Some(room), invite, .. } => (room, invite),
            other => panic!("unexpected {other:?}"),
        }
    }

    /// Takes a seat (any free one if `seat` is null); returns its index.
    /// Creates a public room of `game` with `options` and sits in `seat`;
    /// returns the room's id.
    pub async fn seated_room(&mut self, game: &str, options: Value, seat: Value) -> String {
        let (room, _) = self.create_room(game, options, true).await;
        self.join(&room, seat).await;
        room
    }

    /// A new guest `name` at `addr` seated in `seat` of a new public room
    /// of `game` with `options`: the client, its token (to come back with,
    /// after a restart) and the room.
    pub async fn seated_guest(
        addr: SocketAddr,
        name: &str,
        game: &str,
        options: Value,
        seat: Value,
    ) -> (Client, String, String) {
        let mut client = Client::connect(addr).await;
        let token = client.hello(name).await;
        let room = client.seated_room(game, options, seat).await;
        (client, token, room)
    }

    /// Creates a public room of `game` with `options`, sits in seat 0, has
    /// `other` sit in seat 1 and starts the game; returns the room's id.
    pub async fn game_with(&mut self, other: &mut Client, game: &str, options: Value) -> String {
        let room = self.seated_room(game, options, serde_json::json!(0)).await;
        other.join(&room, serde_json::json!(1)).await;
        self.ok(serde_json::json!({"type": "start", "room": room})).await;
        room
    }

    pub async fn join(&mut self, room: &str, seat: Value) -> u8 {
        match self
            .ok(serde_json::json!({"type": "join", "room": room, "seat": seat}))
            .await
        {
            ServerMessage::Ack { seat: Some(seat), .. } => seat,
            other => panic!("unexpected {other:?}"),
        }
    }

    /// Plays an action; returns the room version of the acknowledgement.
    pub async fn act(&mut self, room: &str, action: &str) -> u64 {
        match self
            .ok(serde_json::json!({"type": "act", "room": room, "action": action}))
            .await
        {
            ServerMessage::Ack { version: Some(v), .. } => v,
            other => panic!("unexpected {other:?}"),
        }
    }

    /// The next push for `room` with a version of at least `version`.
    pub async fn state_at(&mut self, room: &str, version: u64) -> RoomState {
        loop {
            if let Some((v, state)) = self.states.get(room)
                && *v >= version
            {
                return state.clone();
            }
            if self.pending.pop_front().is_none() {
                self.recv()
                    .await
                    .expect("connection open while waiting for an update");
            }
        }
    }

    /// Waits until `cond` holds for the room's latest state.
    pub async fn state_until(&mut self, room: &str, cond: impl Fn(&RoomState) -> bool) -> RoomState {
        loop {
            if let Some((_, state)) = self.states.get(room)
                && cond(state)
            {
                return state.clone();
            }
            self.recv()
                .await
                .expect("connection open while waiting for a state");
        }
    }

    /// Sends a protocol message value as is (no id handling).
    pub async fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).unwrap();
        schemas::check_client_frame(&text);
        self.send_text(&text).await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The public page of player `id` (`GET /api/players/{id}`, answered 200).
pub async fn player_page(addr: SocketAddr, id: &str) -> lodestone_protocol::PlayerPage {
    let (status, body) = http_get(addr, &format!("/api/players/{id}"), None).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// `GET path` over plain HTTP/1.1; returns the status and the body.
pub async fn http_get(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, String) {
    let (status, _, body) = http_get_full(addr, path, token).await;
    (status, body)
}

/// The value of the header `name` among header lines (`name: value`).
pub fn header<'a>(headers: &'a [String], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find_map(|h| h.strip_prefix(name)?.strip_prefix(": "))
}

/// `GET path` without a token, answered 200 with the content type
/// `content_type`; returns the header lines and the body.
pub async fn http_get_typed(addr: SocketAddr, path: &str, content_type: &str) -> (Vec<String>, String) {
    let (status, headers, body) = http_get_full(addr, path, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    assert_eq!(
        header(&headers, "content-type"),
        Some(content_type),
        "{path}: {headers:?}"
    );
    (headers, body)
}

/// `GET path` over plain HTTP/1.1; returns the status, the header lines
/// (`name: value`, names in lower case) and the body.
pub async fn http_get_full(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, Vec<String>, String) {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    http_get_with(addr, path, &headers).await
}

/// `GET path` with extra request headers; returns the status, the header
/// lines (`name: value`, names in lower case) and the body.
pub async fn http_get_with(
    addr: SocketAddr,
    path: &str,
    extra: &[(&str, &str)],
) -> (u16, Vec<String>, String) {
    http_request(addr, "GET", path, extra, None).await
}

/// A request with `method`, extra headers and a JSON body; returns the
/// status, the header lines (`name: value`, names in lower case) and the
/// body. An answer under `/api/` is checked against the OpenAPI document.
pub async fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, Vec<String>, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.expect("HTTP connects");
    let mut extra: String = extra
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    if let Some(body) = body {
        extra.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Connection: close\r\n\r\n{}",
        body.unwrap_or("")
    );
    stream.write_all(request.as_bytes()).await.expect("HTTP request");
    let mut response = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response))
        .await
        .expect("HTTP response in time")
        .expect("HTTP response");
    // Lossy: an image's bytes compare as they read (tests/api/web.rs).
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("HTTP head and body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status code");
    let headers: Vec<String> = head
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| format!("{}: {}", name.trim().to_ascii_lowercase(), value.trim()))
        .collect();
    let body = if headers.iter().any(|h| h == "transfer-encoding: chunked") {
        dechunk(body)
    } else {
        body.to_string()
    };
    if path.starts_with("/api/") {
        schemas::check_api_answer(method, path, status, &headers, &body);
    }
    (status, headers, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}
