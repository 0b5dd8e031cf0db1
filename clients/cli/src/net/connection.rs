//! One connection to the server: requests answered by id, the latest
//! state of each room watched, `moved` followed and drops survived (see
//! the module above).

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::task::{Poll, ready};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use futures_util::{SinkExt, StreamExt};
use lodestone_protocol::{Code, PROTOCOL_VERSION, RequestId, RoomState, ServerMessage};
use serde_json::{Value, json};
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use super::dial::{Endpoint, Identity, OWN_ID, Socket, go, open, say_risks};
use super::frame::{Frame, RoomView, read_frame};
use crate::out::{say, say_with};

/// A request sent and not answered yet, kept to be sent again if its room
/// moves.
#[derive(Debug)]
struct Unanswered {
    id: RequestId,
    message: Request,
}

/// A request as kept until its reply: as JSON, or (an `act`, of which the
/// load generator sends many) as the text sent, read again only if it has
/// to be sent again.
#[derive(Debug)]
enum Request {
    Json(Value),
    Act(String),
}

impl Request {
    /// The request as JSON.
    fn value(&self) -> Value {
        match self {
            Request::Json(value) => value.clone(),
            Request::Act(text) => serde_json::from_str(text).unwrap_or(Value::Null),
        }
    }
}

/// An `act` request, written without building a `serde_json::Value`.
#[derive(serde::Serialize)]
struct Act<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    room: &'a str,
    action: &'a str,
    /// The room version the action was decided on.
    at: u64,
    id: u64,
}

/// The last `moved` followed: the same room sent to the same node again
/// soon after waits a little longer each time (the room is changing hands).
#[derive(Debug)]
struct LastMove {
    room: String,
    url: String,
    at: Instant,
    streak: u32,
}

/// How many times in a row one room may be sent to the same node before
/// the client gives up.
const MOVE_STREAK_LIMIT: u32 = 12;

/// After a drop: how many times each node is tried (with growing waits
/// between the rounds) before the connection gives up.
const RECONNECT_ROUNDS: u32 = 8;

/// How long a node left as stalled ([`Connection::abandon`]) is passed
/// over: tried last after a drop, and a `moved` to it is asked again of
/// the node that gave it every [`STALLED_RETRY`] (its rooms change hands
/// once its leases lapse, 10 s by default), not followed into a socket
/// that would hang.
const STALLED_FOR: Duration = Duration::from_secs(30);

/// See [`STALLED_FOR`].
const STALLED_RETRY: Duration = Duration::from_millis(250);

/// Requests that may go again after a drop even if the node carried them
/// out: doing them twice changes nothing.
const SAFE_AGAIN: [&str; 6] = ["watch", "unwatch", "join", "list_rooms", "ping", "replay"];

/// One connection to the server.
#[derive(Debug)]
pub struct Connection<S: RoomView = RoomState> {
    ws: Socket,
    next_id: u64,
    /// The latest state per room, from updates.
    pub state: Option<(u64, Box<S>)>,
    /// Where the socket goes now (a `moved` changes it).
    endpoint: Endpoint,
    source: Option<IpAddr>,
    /// The name and token of the `hello`, to say it again after a move.
    identity: Option<Identity>,
    /// Whether this client reads `play.risks` (see [`Connection::judges_risks`]).
    risks: bool,
    unanswered: Vec<Unanswered>,
    /// Rooms watched (a `watch` or `join` acknowledged), with their invite.
    watched: HashMap<String, Option<String>>,
    /// A move under way: the new node's socket once connected and greeted.
    following: Option<JoinHandle<Result<(Socket, Endpoint)>>>,
    last_move: Option<LastMove>,
    /// The `moved` answers followed, by the URL of the node that gave
    /// them.
    moved_by: HashMap<String, u64>,
    /// Where to go when the socket drops (none: the drop ends the
    /// connection, `Event::Closed`).
    fallbacks: Vec<Endpoint>,
    /// Dropped sockets, by the URL of their node.
    dropped: HashMap<String, u64>,
    /// Nodes left as stalled, by URL, and when (see [`STALLED_FOR`]).
    stalled: HashMap<String, Instant>,
    /// How many times each fallback is tried after a drop.
    rounds: u32,
    /// The room of the last `watch` or `join` sent: updates of other rooms
    /// (watched before) are not kept as the state.
    focus: Option<String>,
}

/// What arrived.
#[derive(Debug)]
pub enum Event {
    Reply(ServerMessage),
    Update {
        version: u64,
    },
    /// A message this client does not understand (a newer server's): its
    /// request id, if it has one, so a caller waiting for that reply can
    /// give up instead of waiting forever.
    Unknown {
        id: Option<RequestId>,
    },
    /// The socket dropped and the connection is on its way to another
    /// node: these requests had no reply and are not sent again (they may
    /// or may not have been carried out: an `act`, a `start`…).
    Lost {
        ids: Vec<RequestId>,
    },
    Closed,
}

/// How a request whose reply was lost with a dropped socket fails (the
/// start of its error, in the terminal's language).
fn lost() -> String {
    say("net-lost")
}

/// Why [`Connection::request`] got no reply to use: the error it fails
/// with, so that callers tell the cases apart by kind, never by the words
/// (which follow the terminal's language).
#[derive(Debug)]
pub enum Failed {
    /// The server refused the request: nothing was done.
    Refused { code: Code, message: String },
    /// The server did not understand the request.
    NotUnderstood,
    /// The socket dropped before the reply (see [`lost`]).
    Lost,
    /// The node did not answer within this many seconds, and the
    /// connection left it (stalled): lost with it, as [`Failed::Lost`].
    Unanswered(u64),
    /// The connection closed.
    Closed,
}

impl Failed {
    /// The `Failed` somewhere in `error`'s chain (under any context).
    pub fn of(error: &anyhow::Error) -> Option<&Failed> {
        error.chain().find_map(|e| e.downcast_ref::<Failed>())
    }

    /// Whether `error` is a request's reply lost with its node.
    pub fn is_lost(error: &anyhow::Error) -> bool {
        matches!(Failed::of(error), Some(Failed::Lost | Failed::Unanswered(_)))
    }

    /// Whether `error` is a refusal with `code`.
    pub fn is_refused(error: &anyhow::Error, code: Code) -> bool {
        matches!(Failed::of(error), Some(Failed::Refused { code: c, .. }) if *c == code)
    }
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failed::Refused { code, message } => write!(f, "{code}: {message}"),
            Failed::NotUnderstood => f.write_str(&say("net-not-understood")),
            Failed::Lost => f.write_str(&say_with("net-lost-request", &[("lost", lost().into())])),
            Failed::Unanswered(seconds) => write!(
                f,
                "{}; {}",
                lost(),
                say_with("net-no-answer", &[("seconds", (*seconds).into())])
            ),
            Failed::Closed => f.write_str(&say("bot-closed")),
        }
    }
}

impl std::error::Error for Failed {}

impl<S: RoomView> Connection<S> {
    /// Connects, from the local address `source` if given (to spread many
    /// connections over several loopback addresses).
    pub async fn connect(endpoint: &Endpoint, source: Option<IpAddr>) -> Result<Connection<S>> {
        let ws = open(endpoint, source).await?;
        Ok(Connection {
            ws,
            next_id: 1,
            state: None,
            endpoint: endpoint.clone(),
            source,
            identity: None,
            risks: true,
            unanswered: Vec::new(),
            watched: HashMap::new(),
            following: None,
            last_move: None,
            moved_by: HashMap::new(),
            fallbacks: Vec::new(),
            dropped: HashMap::new(),
            stalled: HashMap::new(),
            rounds: RECONNECT_ROUNDS,
            focus: None,
        })
    }

    /// The WebSocket URL of the node this connection talks to now.
    pub fn node(&self) -> &str {
        &self.endpoint.url
    }

    /// From now on, a dropped socket is not the end: the connection tries
    /// these nodes in turn (see `Event::Lost`).
    pub fn reconnect_to(&mut self, nodes: Vec<Endpoint>) {
        self.fallbacks = nodes;
    }

    /// After a drop, try each node `rounds` times (the waits between
    /// rounds grow to 4.8 s) before giving up ([`RECONNECT_ROUNDS`]
    /// unless set).
    pub fn reconnect_rounds(&mut self, rounds: u32) {
        self.rounds = rounds.max(1);
    }

    /// Leaves the node this connection talks to as if its socket had
    /// dropped (it answers nothing: stalled): goes to the reconnect nodes
    /// and returns the requests lost with it (see [`Event::Lost`]). An
    /// error when there is no node to go to.
    pub fn abandon(&mut self) -> Result<Vec<RequestId>> {
        if self.following.is_some() {
            return Ok(Vec::new());
        }
        self.stalled.insert(self.endpoint.url.clone(), Instant::now());
        self.start_reconnect().with_context(|| say("net-stalled-no-node"))
    }

    /// The sockets dropped since the last call, by the URL of their node.
    pub fn take_dropped(&mut self) -> HashMap<String, u64> {
        std::mem::take(&mut self.dropped)
    }

    /// The `moved` answers followed since the last call, by the URL of the
    /// node that gave them.
    pub fn take_moved_by(&mut self) -> HashMap<String, u64> {
        std::mem::take(&mut self.moved_by)
    }

    /// Sends `message` with a fresh id; returns the id.
    pub async fn send(&mut self, mut message: Value) -> Result<RequestId> {
        self.finish_move().await?;
        let id = RequestId::Number(self.next_id);
        self.next_id += 1;
        message["id"] = json!(self.next_id - 1);
        self.ws.send(Message::text(message.to_string())).await?;
        if let (Some("watch" | "join"), Some(room)) = (
            message.get("type").and_then(Value::as_str),
            message.get("room").and_then(Value::as_str),
        ) {
            self.focus = Some(room.to_string());
        }
        if message.get("type").and_then(Value::as_str) != Some("hello") {
            self.unanswered.push(Unanswered {
                id: id.clone(),
                message: Request::Json(message),
            });
        }
        Ok(id)
    }

    /// Sends `act` of `action` in `room`, decided on the room's version
    /// `at`, with a fresh id (as `send` would, only cheaper); returns the
    /// id. Sent again after a `moved` unchanged, `at` included: should the
    /// room have left version `at` meanwhile, the server does nothing and
    /// answers `moved-on`.
    pub async fn act(&mut self, room: &str, action: &str, at: u64) -> Result<RequestId> {
        self.finish_move().await?;
        let id = self.next_id;
        self.next_id += 1;
        let text = serde_json::to_string(&Act {
            kind: "act",
            room,
            action,
            at,
            id,
        })?;
        self.ws.send(Message::text(text.clone())).await?;
        let id = RequestId::Number(id);
        self.unanswered.push(Unanswered {
            id: id.clone(),
            message: Request::Act(text),
        });
        Ok(id)
    }

    /// Stops watching `room` here (not on the server): it is not watched
    /// again after a move or a drop, and its updates are no longer kept as
    /// the state.
    pub fn forget(&mut self, room: &str) {
        self.watched.remove(room);
        if self.focus.as_deref() == Some(room) {
            self.focus = None;
        }
    }

    /// Waits for a move under way to reach its node, then talks there.
    async fn finish_move(&mut self) -> Result<()> {
        std::future::poll_fn(|cx| self.poll_finish_move(cx)).await
    }

    /// [`Self::finish_move`] as a poll.
    fn poll_finish_move(&mut self, cx: &mut std::task::Context<'_>) -> Poll<Result<()>> {
        if let Some(task) = &mut self.following {
            let result = ready!(Pin::new(task).poll(cx));
            self.following = None;
            let (ws, endpoint) = result.with_context(|| say("net-following-move"))??;
            let old = std::mem::replace(&mut self.ws, ws);
            tokio::spawn(async move {
                let mut old = old;
                let _ = old.close(None).await;
            });
            self.endpoint = endpoint;
        }
        Poll::Ready(Ok(()))
    }

    /// Starts following `moved {room, url}`: every request not answered
    /// here is sent again there (the node that said `moved` did none of
    /// them), and the room is watched again if it was watched and no
    /// `watch` or `join` of it is among them.
    fn start_move(&mut self, room: String, url: String) -> Result<()> {
        let endpoint = Endpoint::parse(&url, self.endpoint.remote).with_context(|| {
            say_with(
                "net-moved",
                &[("room", room.clone().into()), ("url", url.clone().into())],
            )
        })?;
        let Some(identity) = self.identity.clone() else {
            bail!(say_with(
                "net-moved-before-hello",
                &[("room", room.into()), ("url", url.into())]
            ));
        };
        let resend: Vec<Value> = self.unanswered.iter().map(|u| u.message.value()).collect();
        if self.is_stalled(&endpoint.url) && endpoint.url != self.endpoint.url {
            // Its owner was left as stalled: ask this node again a little
            // later, until the room has changed hands.
            let nodes = std::iter::once(self.endpoint.clone())
                .chain(self.stalled_last(self.fallbacks.clone()))
                .collect();
            *self.moved_by.entry(self.endpoint.url.clone()).or_default() += 1;
            let resend = self.with_watch(&room, resend);
            self.following = Some(tokio::spawn(go(
                nodes,
                self.rounds,
                self.source,
                STALLED_RETRY,
                identity,
                resend,
            )));
            return Ok(());
        }
        let now = Instant::now();
        let streak = match &self.last_move {
            Some(last) if last.room == room && last.url == url && now - last.at < Duration::from_secs(5) => {
                last.streak + 1
            }
            _ => 0,
        };
        if streak >= MOVE_STREAK_LIMIT {
            bail!(say_with(
                "net-moved-too-often",
                &[
                    ("room", room.into()),
                    ("url", url.into()),
                    ("times", streak.into())
                ]
            ));
        }
        // Straight away to a new node; a little later (longer each time)
        // back to one that just sent us away, or to the same node again.
        let delay = if streak == 0 && endpoint.url != self.endpoint.url {
            Duration::ZERO
        } else {
            Duration::from_millis(100 << streak.min(5))
        };
        *self.moved_by.entry(self.endpoint.url.clone()).or_default() += 1;
        self.last_move = Some(LastMove {
            room: room.clone(),
            url,
            at: now,
            streak,
        });
        let resend = self.with_watch(&room, resend);
        // Should the node named be gone, the others are tried.
        let nodes: Vec<Endpoint> = std::iter::once(endpoint).chain(self.fallbacks.clone()).collect();
        let rounds = if self.fallbacks.is_empty() { 1 } else { self.rounds };
        self.following = Some(tokio::spawn(go(
            nodes,
            rounds,
            self.source,
            delay,
            identity,
            resend,
        )));
        Ok(())
    }

    /// `resend` with a `watch` of `room` in front if the room was watched
    /// and no `watch` or `join` of it is among them.
    fn with_watch(&self, room: &str, mut resend: Vec<Value>) -> Vec<Value> {
        let rewatches = |m: &Value| {
            m.get("room").and_then(Value::as_str) == Some(room)
                && matches!(m.get("type").and_then(Value::as_str), Some("watch" | "join"))
        };
        if let Some(invite) = self.watched.get(room)
            && !resend.iter().any(rewatches)
        {
            resend.insert(
                0,
                json!({"type": "watch", "id": format!("{OWN_ID}watch"), "room": room, "invite": invite}),
            );
        }
        resend
    }

    /// Whether the node at `url` was left as stalled lately.
    fn is_stalled(&self, url: &str) -> bool {
        self.stalled.get(url).is_some_and(|at| at.elapsed() < STALLED_FOR)
    }

    /// `nodes` with those left as stalled lately moved to the end.
    fn stalled_last(&self, mut nodes: Vec<Endpoint>) -> Vec<Endpoint> {
        nodes.sort_by_key(|node| self.is_stalled(&node.url));
        nodes
    }

    /// After a drop, with nodes to go to: starts going there, and returns
    /// the requests that are lost (not safe to send again); `None` when the
    /// drop ends the connection.
    fn start_reconnect(&mut self) -> Option<Vec<RequestId>> {
        if self.fallbacks.is_empty() {
            return None;
        }
        let identity = self.identity.clone()?;
        *self.dropped.entry(self.endpoint.url.clone()).or_default() += 1;
        let (safe, lost): (Vec<Unanswered>, Vec<Unanswered>) =
            std::mem::take(&mut self.unanswered).into_iter().partition(|u| {
                SAFE_AGAIN.contains(
                    &u.message
                        .value()
                        .get("type")
                        .and_then(Value::as_str)
                        .unwrap_or(""),
                )
            });
        let mut resend: Vec<Value> = Vec::new();
        for (n, (room, invite)) in self.watched.iter().enumerate() {
            let covered = safe.iter().any(|u| {
                let message = u.message.value();
                message.get("room").and_then(Value::as_str) == Some(room.as_str())
                    && matches!(
                        message.get("type").and_then(Value::as_str),
                        Some("watch" | "join")
                    )
            });
            if !covered {
                resend.push(json!({"type": "watch", "id": format!("{OWN_ID}watch-{n}"), "room": room, "invite": invite}));
            }
        }
        resend.extend(safe.iter().map(|u| u.message.value()));
        self.unanswered = safe;
        self.following = Some(tokio::spawn(go(
            self.stalled_last(self.fallbacks.clone()),
            self.rounds,
            self.source,
            Duration::ZERO,
            identity,
            resend,
        )));
        Some(lost.into_iter().map(|u| u.id).collect())
    }

    /// The socket ended: the event to give (`None`: carry on, the
    /// connection is on its way to another node).
    fn ended(&mut self) -> Option<Event> {
        match self.start_reconnect() {
            None => Some(Event::Closed),
            Some(ids) if ids.is_empty() => None,
            Some(ids) => Some(Event::Lost { ids }),
        }
    }

    /// Notes a reply: its request is answered; a `watch` or `join`
    /// acknowledged is a room watched, an `unwatch` one no longer.
    fn answered(&mut self, reply: &ServerMessage) {
        let Some(id) = reply_id(reply) else { return };
        let Some(at) = self.unanswered.iter().position(|u| &u.id == id) else {
            return;
        };
        // An `act` answered changes nothing watched.
        let Request::Json(request) = self.unanswered.remove(at).message else {
            return;
        };
        let (Some(kind), Some(room)) = (
            request.get("type").and_then(Value::as_str),
            request.get("room").and_then(Value::as_str),
        ) else {
            return;
        };
        if matches!(reply, ServerMessage::Ack { .. }) {
            match kind {
                "watch" | "join" => {
                    let invite = request.get("invite").and_then(Value::as_str).map(str::to_string);
                    self.watched.insert(room.to_string(), invite);
                }
                "unwatch" => {
                    self.watched.remove(room);
                }
                _ => {}
            }
        }
    }

    /// The next event: a reply, an update (kept as the current state) or
    /// the end of the connection. A `moved` is followed here, unseen by the
    /// caller.
    pub async fn next(&mut self) -> Result<Event> {
        std::future::poll_fn(|cx| self.poll_next(cx)).await
    }

    /// [`Self::next`] as a poll, to wait on many connections at once
    /// without a future (and an allocation) per connection and wait.
    pub fn poll_next(&mut self, cx: &mut std::task::Context<'_>) -> Poll<Result<Event>> {
        loop {
            ready!(self.poll_finish_move(cx))?;
            match ready!(self.ws.poll_next_unpin(cx)) {
                Some(Ok(Message::Text(text))) => {
                    return Poll::Ready(Ok(match read_frame::<S>(&text) {
                        Err(id) => Event::Unknown { id },
                        Ok(Frame::Update { room, version, state }) => {
                            // A finished room is not watched again after a
                            // move or a drop.
                            if state.finished() {
                                self.watched.remove(&room);
                            }
                            if self.focus.as_ref().is_some_and(|focus| *focus != room) {
                                continue;
                            }
                            self.state = Some((version, state));
                            Event::Update { version }
                        }
                        // An upgrade: the same address serves again at once,
                        // so a single server's connection goes back there.
                        Ok(Frame::Other(ServerMessage::Bye { reconnect: true, .. }))
                            if self.fallbacks.is_empty() =>
                        {
                            self.fallbacks = vec![self.endpoint.clone()];
                            let event = self.ended();
                            self.fallbacks.clear();
                            match event {
                                Some(event) => event,
                                None => continue,
                            }
                        }
                        Ok(Frame::Other(ServerMessage::Bye { .. })) => match self.ended() {
                            Some(event) => event,
                            None => continue,
                        },
                        Ok(Frame::Other(ServerMessage::Moved { room, url })) => {
                            self.start_move(room, url)?;
                            continue;
                        }
                        Ok(Frame::Other(other)) => {
                            if matches!(reply_id(&other), Some(RequestId::Text(t)) if t.starts_with(OWN_ID)) {
                                continue;
                            }
                            self.answered(&other);
                            Event::Reply(other)
                        }
                    }));
                }
                Some(Ok(Message::Close(_))) | None => match self.ended() {
                    Some(event) => return Poll::Ready(Ok(event)),
                    None => continue,
                },
                Some(Ok(_)) => {}
                Some(Err(e)) => match self.ended() {
                    Some(Event::Closed) => return Poll::Ready(Err(e.into())),
                    Some(event) => return Poll::Ready(Ok(event)),
                    None => continue,
                },
            }
        }
    }

    /// Sends `message` and waits for its reply; an `error` reply is an
    /// error.
    pub async fn request(&mut self, message: Value) -> Result<ServerMessage> {
        let id = self.send(message).await?;
        loop {
            match self.next().await? {
                Event::Reply(ServerMessage::Error {
                    id: Some(i),
                    code,
                    message,
                    ..
                }) if i == id => return Err(Failed::Refused { code, message }.into()),
                Event::Reply(reply) if reply_id(&reply) == Some(&id) => return Ok(reply),
                Event::Unknown { id: Some(i) } if i == id => return Err(Failed::NotUnderstood.into()),
                Event::Lost { ids } if ids.contains(&id) => return Err(Failed::Lost.into()),
                Event::Closed => return Err(Failed::Closed.into()),
                _ => {}
            }
        }
    }

    /// This client judges its own risks (a bot, a load generator): its
    /// `hello`s ask the server not to compute `play.risks` for it.
    pub fn judges_risks(&mut self) {
        self.risks = false;
    }

    /// `hello` as a new guest (or with a token); returns the guest token.
    pub async fn hello(&mut self, name: &str, token: Option<&str>) -> Result<Option<String>> {
        let mut message = json!({"type": "hello", "protocol": PROTOCOL_VERSION});
        say_risks(&mut message, self.risks);
        // With a token and no name, the guest keeps its name.
        if !name.is_empty() || token.is_none() {
            message["name"] = json!(name);
        }
        if let Some(token) = token {
            message["token"] = json!(token);
        }
        match self.request(message).await? {
            ServerMessage::Welcome {
                token: new, guest, ..
            } => {
                if let Some(token) = new.as_deref().or(token) {
                    // A token without a name (a bot account's) says the
                    // account's own name again after a drop.
                    let name = if name.is_empty() {
                        guest.name
                    } else {
                        name.to_string()
                    };
                    self.identity = Some(Identity {
                        name,
                        token: token.to_string(),
                        risks: self.risks,
                    });
                }
                Ok(new)
            }
            other => bail!(say_with(
                "net-unexpected-reply",
                &[
                    ("request", "hello".into()),
                    ("reply", format!("{other:?}").into())
                ]
            )),
        }
    }

    /// Opens a room of `game` with `options`; returns its id and, for a
    /// private room, its invite code.
    pub async fn create_room(
        &mut self,
        game: lodestone_rules::GameKind,
        options: &[(String, String)],
        public: bool,
    ) -> Result<(String, Option<String>)> {
        let options: serde_json::Map<String, Value> =
            options.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        match self
            .request(
                json!({"type": "create_room", "game": game.name(), "options": options, "public": public}),
            )
            .await?
        {
            ServerMessage::Ack {
                room: Some(room),
                invite,
                ..
            } => Ok((room, invite)),
            other => bail!(say_with(
                "net-unexpected-reply",
                &[
                    ("request", "create_room".into()),
                    ("reply", format!("{other:?}").into())
                ]
            )),
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        if let Some(task) = self.following.take() {
            task.abort();
        }
        let _ = self.ws.close(None).await;
    }
}

/// The request id a reply answers.
pub fn reply_id(message: &ServerMessage) -> Option<&RequestId> {
    match message {
        ServerMessage::Welcome { id, .. }
        | ServerMessage::Ack { id, .. }
        | ServerMessage::Rooms { id, .. }
        | ServerMessage::Pong { id }
        | ServerMessage::Replay { id, .. } => Some(id),
        ServerMessage::Error { id, .. } => id.as_ref(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use tokio::net::TcpListener;

    use super::*;

    /// A stand-in server that answers `hello` with the frames given.
    async fn server(frames: Vec<&'static str>) -> Endpoint {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (stream, _) = listener.accept().await.unwrap();
            let mut ws = tokio_tungstenite::accept_async(stream).await.unwrap();
            // The hello.
            ws.next().await;
            for frame in frames {
                ws.send(Message::text(frame)).await.unwrap();
            }
            // Hold the connection open: a client that waits must not hang
            // on its end closing.
            while ws.next().await.is_some() {}
        });
        Endpoint::parse(&format!("ws://{addr}"), false).unwrap()
    }

    #[tokio::test]
    async fn messages_of_unknown_kinds_are_skipped() {
        let welcome = r#"{"type":"welcome","id":1,"protocol":1,"guest":{"id":"g","name":"Bot"},"rooms":[]}"#;
        let endpoint = server(vec![r#"{"type":"news","text":"hi"}"#, "not json", welcome]).await;
        let mut conn: Connection = Connection::connect(&endpoint, None).await.unwrap();
        conn.hello("Bot", None).await.unwrap();
    }

    /// A refused request fails with its code, which callers read by kind
    /// under any context they add; its words stay those of the server.
    #[tokio::test]
    async fn a_refusal_is_told_by_its_code_not_its_words() {
        let welcome = r#"{"type":"welcome","id":1,"protocol":1,"guest":{"id":"g","name":"Bot"},"rooms":[]}"#;
        let refusal = r#"{"type":"error","id":2,"code":"storage-failure","message":"le serveur"}"#;
        let endpoint = server(vec![welcome, refusal]).await;
        let mut conn: Connection = Connection::connect(&endpoint, None).await.unwrap();
        conn.hello("Bot", None).await.unwrap();
        let e = conn
            .request(json!({"type": "start", "room": "r"}))
            .await
            .context("starting")
            .unwrap_err();
        assert!(Failed::is_refused(&e, Code::StorageFailure), "{e:#}");
        assert!(!Failed::is_refused(&e, Code::MovedOn) && !Failed::is_lost(&e));
        assert_eq!(format!("{e:#}"), "starting: storage-failure: le serveur");
    }

    /// A step a stalled node left unanswered (load's setup, given up after
    /// its patience) fails as lost with the node, saying so as before.
    #[test]
    fn an_unanswered_request_is_lost_with_its_node() {
        let e = anyhow::Error::from(Failed::Unanswered(10)).context("joining");
        assert!(Failed::is_lost(&e), "{e:#}");
        assert_eq!(
            format!("{e:#}"),
            "joining: the connection dropped before the reply; no answer in 10 s"
        );
    }

    /// An `act` written by hand is the JSON `send` wrote, and reads back
    /// as it for a move or a drop.
    #[test]
    fn an_act_is_written_as_its_json() {
        for (room, action) in [("r1", "D4"), ("a\"b", "\u{e9}\\ +C3,D4"), ("", "")] {
            let text = serde_json::to_string(&Act {
                kind: "act",
                room,
                action,
                at: 7,
                id: 42,
            })
            .unwrap();
            let value: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(
                value,
                json!({"type": "act", "room": room, "action": action, "at": 7, "id": 42})
            );
            assert_eq!(Request::Act(text).value(), value);
        }
    }

    #[test]
    fn an_endpoint_keeps_a_nodes_path() {
        let url = |text: &str| Endpoint::parse(text, false).unwrap().url;
        assert_eq!(url("ws://127.0.0.1:8080"), "ws://127.0.0.1:8080/ws");
        assert_eq!(url("ws://127.0.0.1:8080/"), "ws://127.0.0.1:8080/ws");
        assert_eq!(url("http://127.0.0.1:8080/lobby"), "ws://127.0.0.1:8080/ws");
        assert_eq!(url("ws://127.0.0.1:8080/n/n2/ws"), "ws://127.0.0.1:8080/n/n2/ws");
        let e = Endpoint::parse("wss://127.0.0.1:8080/ws", false).unwrap_err();
        assert!(e.to_string().contains("TLS is the proxy's job"), "{e}");
    }

    /// A stand-in node that welcomes every connection and answers every
    /// request about a room with `moved` to itself: a room that never
    /// settles.
    async fn restless_node() -> Endpoint {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}/ws", listener.local_addr().unwrap());
        let endpoint = Endpoint::parse(&url, false).unwrap();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let url = url.clone();
                tokio::spawn(async move {
                    let mut ws = tokio_tungstenite::accept_async(stream).await.unwrap();
                    while let Some(Ok(Message::Text(text))) = ws.next().await {
                        let m: Value = serde_json::from_str(&text).unwrap();
                        let reply = match m["room"].as_str() {
                            Some(room) => json!({"type": "moved", "room": room, "url": url}),
                            None => json!({"type": "welcome", "id": m["id"], "protocol": 1,
                                "guest": {"id": "g", "name": "Bot"}, "token": "t", "rooms": []}),
                        };
                        if ws.send(Message::text(reply.to_string())).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        endpoint
    }

    #[tokio::test(start_paused = true)]
    async fn a_room_moved_to_the_same_node_again_and_again_is_followed_ever_later_then_given_up() {
        let endpoint = restless_node().await;
        let mut conn: Connection = Connection::connect(&endpoint, None).await.unwrap();
        conn.hello("Bot", None).await.unwrap();
        let began = Instant::now();
        let e = conn
            .request(json!({"type": "watch", "room": "r1"}))
            .await
            .unwrap_err();
        assert!(e.to_string().contains("times in a row; giving up"), "{e}");
        // 100 ms, then doubling, up to 3.2 s: at least 25.5 s in all.
        assert!(
            began.elapsed() >= Duration::from_millis(25_500),
            "{:?}",
            began.elapsed()
        );
        assert_eq!(
            conn.take_moved_by().get(&endpoint.url),
            Some(&u64::from(MOVE_STREAK_LIMIT))
        );
    }

    /// A stand-in node that welcomes every connection (counting them in
    /// `dialled`) and then, if `moved_to` is `None`, answers nothing more
    /// (stalled); otherwise it answers the first request about a room
    /// with `moved` to `moved_to` and the later ones with an `ack`.
    async fn scripted_node(moved_to: Option<String>, dialled: Arc<AtomicUsize>) -> Endpoint {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint =
            Endpoint::parse(&format!("ws://{}/ws", listener.local_addr().unwrap()), false).unwrap();
        let moved_once = Arc::new(AtomicBool::new(false));
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                dialled.fetch_add(1, Ordering::SeqCst);
                let (moved_to, moved_once) = (moved_to.clone(), moved_once.clone());
                tokio::spawn(async move {
                    let mut ws = tokio_tungstenite::accept_async(stream).await.unwrap();
                    while let Some(Ok(Message::Text(text))) = ws.next().await {
                        let m: Value = serde_json::from_str(&text).unwrap();
                        let reply = match (m["room"].as_str(), &moved_to) {
                            (None, _) => json!({"type": "welcome", "id": m["id"], "protocol": 1,
                                "guest": {"id": "g", "name": "Bot"}, "token": "t", "rooms": []}),
                            (Some(_), None) => continue,
                            (Some(room), Some(url)) if !moved_once.swap(true, Ordering::SeqCst) => {
                                json!({"type": "moved", "room": room, "url": url})
                            }
                            (Some(_), Some(_)) => json!({"type": "ack", "id": m["id"]}),
                        };
                        if ws.send(Message::text(reply.to_string())).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        endpoint
    }

    /// Issue 29: a node left as stalled is not dialled again: after the
    /// drop the live node is tried first, and its `moved` back to the
    /// stalled owner (whose lease has not lapsed yet) is asked again of
    /// the live node a moment later, not followed into a socket that
    /// would hang.
    #[tokio::test]
    async fn a_room_moved_to_a_node_left_as_stalled_is_asked_for_again_where_it_was_said() {
        let stalled_dialled = Arc::new(AtomicUsize::new(0));
        let stalled = scripted_node(None, stalled_dialled.clone()).await;
        let live = scripted_node(Some(stalled.url.clone()), Arc::default()).await;
        let mut conn: Connection = Connection::connect(&stalled, None).await.unwrap();
        conn.hello("Bot", None).await.unwrap();
        conn.reconnect_to(vec![stalled.clone(), live.clone()]);
        let id = conn.send(json!({"type": "watch", "room": "r1"})).await.unwrap();
        // No answer: the caller gives up on the node.
        assert_eq!(
            conn.abandon().unwrap(),
            Vec::<RequestId>::new(),
            "a watch goes again"
        );
        let answered = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                if let Event::Reply(reply) = conn.next().await.unwrap()
                    && reply_id(&reply) == Some(&id)
                {
                    break reply;
                }
            }
        })
        .await
        .expect("the watch is answered by the live node");
        assert!(matches!(answered, ServerMessage::Ack { .. }), "{answered:?}");
        assert_eq!(
            stalled_dialled.load(Ordering::SeqCst),
            1,
            "the stalled node was dialled again"
        );
        assert_eq!(conn.take_moved_by().get(&live.url), Some(&1));
    }

    #[tokio::test]
    async fn a_reply_of_an_unknown_kind_is_an_error_not_a_wait() {
        let endpoint = server(vec![r#"{"type":"welcome_v2","id":1}"#]).await;
        let mut conn: Connection = Connection::connect(&endpoint, None).await.unwrap();
        let e = conn.hello("Bot", None).await.unwrap_err();
        assert!(e.to_string().contains("does not understand"), "{e}");
    }
}
