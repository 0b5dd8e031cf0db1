//! Helpers for the black-box tests: start a real server (in this process or
//! as a child process) on a loopback port 0 with a fresh SQLite file, and
//! talk to it as real WebSocket clients.

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

/// How long a test waits for a message before failing. A safety net
/// against hangs, not a speed requirement.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A fresh, empty directory under the system's temporary directory.
pub fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-test-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The SQLite URL of a database file in `dir`.
pub fn database_url(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("lodestone.db").display())
}

/// A server running in this process.
#[derive(Debug)]
pub struct TestServer {
    pub server: Server,
    pub dir: PathBuf,
}

impl TestServer {
    /// Starts a server on 127.0.0.1:0 with a new SQLite file.
    pub async fn start() -> TestServer {
        TestServer::start_with(|_| {}).await
    }

    /// Starts a server with a changed default configuration.
    pub async fn start_with(change: impl FnOnce(&mut Config)) -> TestServer {
        let dir = temp_dir();
        TestServer::start_in(dir, change).await
    }

    /// Starts a server on the database in `dir` (kept from an earlier one).
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

    pub fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    pub async fn client(&self) -> Client {
        Client::connect(self.addr()).await
    }
}

/// The server binary running as a child process, so it can be killed.
#[derive(Debug)]
pub struct ServerProcess {
    pub child: Child,
    pub addr: SocketAddr,
}

impl ServerProcess {
    /// Runs the server binary (pass `env!("CARGO_BIN_EXE_lodestone-test-server")`)
    /// on 127.0.0.1:0 with the database in `dir` and waits for its
    /// `listening on http://ADDR` line.
    pub fn start(binary: &str, dir: &Path) -> ServerProcess {
        let mut child = Command::new(binary)
            .args([
                "--bind",
                "127.0.0.1:0",
                "--database",
                &database_url(dir),
                "--rate-limit",
                "0",
            ])
            .env(
                "RUST_LOG",
                std::env::var("LODESTONE_TEST_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("server binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("server prints a line");
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .parse()
            .expect("an address");
        ServerProcess { child, addr }
    }

    /// SIGKILL: no chance to clean up.
    pub fn kill(mut self) {
        self.child.kill().expect("kill");
        self.child.wait().expect("reap");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
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
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("WebSocket connects");
        Client {
            ws,
            next_id: 1,
            pending: VecDeque::new(),
            frames: Vec::new(),
            states: Default::default(),
            patience: Some(PATIENCE),
        }
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
        self.send_text(&message.to_string()).await;
        self.reply_to(&id).await
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
                | ServerMessage::Pong { id: i } => i == id,
                ServerMessage::Error { id: i, .. } => i.as_ref() == Some(id),
                _ => false,
            };
            if matches {
                return message;
            }
            self.pending.push_back(message);
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
        self.send_text(&serde_json::to_string(message).unwrap()).await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// `GET path` over plain HTTP/1.1; returns the status and the body.
pub async fn http_get(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, String) {
    let (status, _, body) = http_get_full(addr, path, token).await;
    (status, body)
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
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.expect("HTTP connects");
    let extra: String = extra
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("HTTP request");
    let mut response = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response))
        .await
        .expect("HTTP response in time")
        .expect("HTTP response");
    let text = String::from_utf8(response).expect("UTF-8 response");
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
