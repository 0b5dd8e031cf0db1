//! A stand-in for a node that does not own the rooms, for the clients'
//! tests of `moved` (the real nodes need PostgreSQL and several server
//! processes): a real WebSocket listener on 127.0.0.1:0 that forwards every
//! frame both ways between each client and a real server (and plain HTTP
//! requests, such as `/api/games`, byte for byte), except that it
//! answers `moved` to the server's own URL, either for the first request
//! about each room (the room belongs to another node) or after a few
//! updates of a watched room followed by `bye` (a node handing its rooms
//! over as it drains); or it forwards everything until it dies or stalls;
//! or it refuses the first few moves as a node that cannot store them; or it
//! loses a move's reply, or the move itself, with the connection; or it
//! answers `moved` in place of a stored move's reply.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// When the stand-in says `moved`.
#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// Never: every frame goes through.
    Passthrough,
    /// Instead of the first request about each room (any message with a
    /// `room`); the later ones go through.
    FirstRequest,
    /// After this many updates on one connection, once every request
    /// forwarded has its reply (as a node answers in order): `moved` for
    /// the room of the last update, then `bye`, then the connection
    /// closes.
    DrainAfter(usize),
    /// After this many updates in all, the node dies: each connection is
    /// cut (no `moved`, no `bye`) as soon as it has no request in flight
    /// but `act`s (which the server may or may not have carried out), and
    /// new connections are closed at once.
    DieAfter(usize),
    /// After this many updates in all, the node stalls: its connections
    /// stay open but nothing more goes through either way, and new
    /// connections are closed at once.
    StallAfter(usize),
    /// The first this many `act`s (all connections together) are answered
    /// `storage-failure` instead of being forwarded (the database is
    /// away); the later ones go through.
    FailActs(usize),
    /// A reply lost with the connection: the first `act` (all connections
    /// together) goes to the server, and once the server has answered it
    /// the client's connection is cut without the answer; the third `act`
    /// is not passed on at all and the connection is cut at once (a server
    /// killed before reading it). The others go through. (play.rs's.)
    #[allow(dead_code)]
    LoseActs,
    /// A move stored, then its room given up: the first `act` (all
    /// connections together) goes to the server, and once the server has
    /// answered it the answer is not passed on; the client gets `moved` to
    /// the server instead, and the connection closes. The copy the client
    /// sends there finds the room moved on. (network.rs's.)
    #[allow(dead_code)]
    StoredThenMoved,
}

/// A running stand-in.
pub struct Mover {
    /// Its WebSocket URL (`ws://127.0.0.1:PORT/ws`).
    pub url: String,
    /// The URL its `moved` names: the real server's.
    pub target: String,
    moved: Arc<AtomicU64>,
    shared: Arc<Shared>,
    task: tokio::task::JoinHandle<()>,
}

impl Mover {
    /// How many `moved` it has sent.
    pub fn moved(&self) -> u64 {
        self.moved.load(Ordering::SeqCst)
    }

    /// How many `act`s it refused (`Rule::FailActs`).
    pub fn failed(&self) -> usize {
        self.shared.failed.load(Ordering::SeqCst)
    }

    /// Every `act` the clients sent it: the action and its `at`.
    #[allow(dead_code)]
    pub fn acts(&self) -> Vec<(String, Value)> {
        self.shared.acts.lock().unwrap().clone()
    }

    /// Whether it died (`Rule::DieAfter`) or stalled (`Rule::StallAfter`).
    pub fn died(&self) -> bool {
        self.shared.dead.load(Ordering::SeqCst)
    }
}

impl Drop for Mover {
    fn drop(&mut self) {
        self.task.abort();
    }
}

struct Shared {
    upstream: SocketAddr,
    target: String,
    rule: Rule,
    /// Rooms already moved once (`Rule::FirstRequest`).
    seen: Mutex<HashSet<String>>,
    moved: Arc<AtomicU64>,
    /// Updates forwarded, all connections together.
    updates: AtomicUsize,
    dead: AtomicBool,
    /// `act`s refused (`Rule::FailActs`).
    failed: AtomicUsize,
    /// Every `act` received: its action and `at`.
    acts: Mutex<Vec<(String, Value)>>,
}

/// Starts a stand-in in front of the real server at `upstream`; its
/// `moved` names that server.
pub async fn start(upstream: SocketAddr, rule: Rule) -> Mover {
    start_to(upstream, rule, format!("ws://{upstream}/ws")).await
}

/// Starts a stand-in in front of the real server at `upstream` whose
/// `moved` names `target` (another stand-in, say).
pub async fn start_to(upstream: SocketAddr, rule: Rule, target: String) -> Mover {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}/ws", listener.local_addr().unwrap());
    let moved = Arc::new(AtomicU64::new(0));
    let shared = Arc::new(Shared {
        upstream,
        target: target.clone(),
        rule,
        seen: Mutex::new(HashSet::new()),
        moved: moved.clone(),
        updates: AtomicUsize::new(0),
        dead: AtomicBool::new(false),
        failed: AtomicUsize::new(0),
        acts: Mutex::new(Vec::new()),
    });
    let task = tokio::spawn({
        let shared = shared.clone();
        async move {
            while let Ok((stream, _)) = listener.accept().await {
                if !shared.dead.load(Ordering::SeqCst) {
                    tokio::spawn(serve(stream, shared.clone()));
                }
            }
        }
    });
    Mover {
        url,
        target,
        moved,
        shared,
        task,
    }
}

/// The room a message names, if any.
fn room_of(text: &str) -> Option<String> {
    let value: Value = serde_json::from_str(text).ok()?;
    value.get("room")?.as_str().map(str::to_string)
}

/// Whether the request waiting on `stream` asks for a WebSocket (read
/// without taking it off the stream).
async fn is_upgrade(stream: &TcpStream) -> bool {
    let mut buf = vec![0; 8192];
    loop {
        let Ok(n) = stream.peek(&mut buf).await else {
            return false;
        };
        let head = String::from_utf8_lossy(&buf[..n]).to_ascii_lowercase();
        if n == 0 || head.contains("\r\n\r\n") || n == buf.len() {
            return head.contains("upgrade: websocket");
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}

async fn serve(mut stream: TcpStream, shared: Arc<Shared>) {
    if !is_upgrade(&stream).await {
        if let Ok(mut server) = TcpStream::connect(shared.upstream).await {
            let _ = tokio::io::copy_bidirectional(&mut stream, &mut server).await;
        }
        return;
    }
    // Small frames at once (no Nagle delay), as the real server sends.
    let _ = stream.set_nodelay(true);
    let Ok(mut client) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let Ok(upstream) = TcpStream::connect(shared.upstream).await else {
        return;
    };
    let _ = upstream.set_nodelay(true);
    let Ok((mut server, _)) =
        tokio_tungstenite::client_async(format!("ws://{}/ws", shared.upstream), upstream).await
    else {
        return;
    };
    let moved =
        |room: &str| Message::text(json!({"type": "moved", "room": room, "url": shared.target}).to_string());
    let mut updates = 0;
    let mut unanswered = 0usize;
    // The requests forwarded and not answered yet: their ids and types.
    let mut in_flight: HashMap<String, String> = HashMap::new();
    let mut last_room = String::new();
    // The id of the `act` whose answer is not passed on (`Rule::LoseActs`,
    // `Rule::StoredThenMoved`), and its room.
    let mut withheld: Option<String> = None;
    let mut withheld_room = String::new();
    loop {
        if shared.dead.load(Ordering::SeqCst) && matches!(shared.rule, Rule::StallAfter(_)) {
            // Stalled: the sockets stay open, and nothing moves.
            std::future::pending::<()>().await;
        }
        if shared.dead.load(Ordering::SeqCst) && in_flight.values().all(|kind| kind == "act") {
            // Cut: no close frame, no goodbye.
            return;
        }
        tokio::select! {
            frame = client.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    let first = matches!(shared.rule, Rule::FirstRequest)
                        && room_of(&text).is_some_and(|room| shared.seen.lock().unwrap().insert(room));
                    let value: Value = serde_json::from_str(&text).unwrap_or_default();
                    if value["type"] == "act" {
                        let mut acts = shared.acts.lock().unwrap();
                        acts.push((value["action"].as_str().unwrap_or("").to_string(), value["at"].clone()));
                        if matches!(shared.rule, Rule::LoseActs | Rule::StoredThenMoved) {
                            match acts.len() {
                                1 => {
                                    withheld = Some(value["id"].to_string());
                                    withheld_room = value["room"].as_str().unwrap_or("").to_string();
                                }
                                // Cut: the move never reaches the server.
                                3 if matches!(shared.rule, Rule::LoseActs) => return,
                                _ => {}
                            }
                        }
                    }
                    let refuse = matches!(shared.rule, Rule::FailActs(n)
                        if value["type"] == "act"
                            && shared.failed.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |f| (f < n).then_some(f + 1)).is_ok());
                    let sent = if first {
                        shared.moved.fetch_add(1, Ordering::SeqCst);
                        client.send(moved(&room_of(&text).unwrap_or_default())).await
                    } else if refuse {
                        let error = json!({"type": "error", "id": value["id"], "code": "storage-failure",
                            "message": "the move could not be stored; try again"});
                        client.send(Message::text(error.to_string())).await
                    } else {
                        unanswered += 1;
                        let value: Value = serde_json::from_str(&text).unwrap_or_default();
                        in_flight.insert(value["id"].to_string(), value["type"].as_str().unwrap_or("").to_string());
                        server.send(Message::Text(text)).await
                    };
                    if sent.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(other)) => {
                    if server.send(other).await.is_err() {
                        break;
                    }
                }
            },
            frame = server.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(&text).unwrap_or_default();
                    if value["type"] == "update" {
                        updates += 1;
                        last_room = room_of(&text).unwrap_or_default();
                        let all = shared.updates.fetch_add(1, Ordering::SeqCst) + 1;
                        if let Rule::DieAfter(n) | Rule::StallAfter(n) = shared.rule
                            && all >= n
                        {
                            shared.dead.store(true, Ordering::SeqCst);
                        }
                    } else if !value["id"].is_null() {
                        if withheld.as_deref() == Some(value["id"].to_string().as_str()) {
                            if matches!(shared.rule, Rule::StoredThenMoved) {
                                shared.moved.fetch_add(1, Ordering::SeqCst);
                                let _ = client.send(moved(&withheld_room)).await;
                                break;
                            }
                            // Cut: the answer never reaches the client.
                            return;
                        }
                        unanswered = unanswered.saturating_sub(1);
                        in_flight.remove(&value["id"].to_string());
                    }
                    if client.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                    if let Rule::DrainAfter(n) = shared.rule
                        && updates >= n
                        && unanswered == 0
                    {
                        shared.moved.fetch_add(1, Ordering::SeqCst);
                        let _ = client.send(moved(&last_room)).await;
                        let bye = json!({"type": "bye", "reason": "the node is handing its rooms over"});
                        let _ = client.send(Message::text(bye.to_string())).await;
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(other)) => {
                    if client.send(other).await.is_err() {
                        break;
                    }
                }
            },
        }
    }
    let _ = client.close(None).await;
    let _ = server.close(None).await;
}
