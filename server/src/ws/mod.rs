//! One WebSocket connection: reads client messages, answers the ones about
//! identity and the lobby itself, and passes room requests to the room's
//! task. Its writes all go through one bounded queue (the `Outbox`), which
//! the rooms it watches also feed, so it sees replies and updates in order.

use std::collections::HashSet;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::response::Response;
use futures_util::SinkExt;
use lodestone_protocol::{
    ClientMessage, Code, Guest, PROTOCOL_VERSION, RequestId, ServerMessage, codes, error,
    parse_client_message,
};
use tokio::sync::mpsc;
use tokio::time::{Instant, Sleep};

use crate::app::App;
use crate::cluster::{self, Located};
use crate::input::Meter;
use crate::limits::Slot;
use crate::metrics::Refusal;
use crate::reserve::Standing;
use crate::room::{Fence, Opener, Outbox, Player, RoomCore, RoomRequest, Unsent, spawn_leased_room};
use crate::secrets::{self, OsSecrets};
use crate::store::NewGuest;

mod accounts;
mod admin;
mod moderation;
mod notify;
mod replay;
mod settings;

/// Frames larger than this close the connection (the WebSocket layer's
/// limit); messages between `MAX_MESSAGE_BYTES` and this get an error.
pub const MAX_FRAME_BYTES: usize = 1 << 20;

/// The WebSocket read buffer of a connection: larger messages are read in
/// several pieces.
const READ_BUFFER_BYTES: usize = 512;

/// What a connection's writes gather before they go to the socket: the
/// messages queued for it at one time (a reply and the update after it)
/// leave in one write when they are flushed together. The buffer grows only
/// as a burst needs, so an idle connection pays nothing for it.
const WRITE_BUFFER_BYTES: usize = 64 * 1024;

/// Room ids are UUIDs; a longer one names no room and is not looked up.
const MAX_ROOM_ID_BYTES: usize = 64;

/// A rate-limited message's id is read only from a message this short
/// (reading a long one is the work the limit saves).
const MAX_ID_PEEK_BYTES: usize = 1024;

/// How long the goodbye (`bye` and the close frame) may take.
const GOODBYE: Duration = Duration::from_secs(2);

/// Upgrades a request `http.rs` has admitted to a WebSocket connection of
/// `client`, served by one task.
/// What the accept loop knows of a connection: its unfinished input
/// (`input.rs`) and its standing (`reserve.rs`).
#[derive(Debug, Default)]
pub struct Conn {
    pub meter: Option<Arc<Meter>>,
    pub standing: Option<Arc<Standing>>,
}

pub fn accept(
    ws: WebSocketUpgrade,
    app: Arc<App>,
    client: IpAddr,
    slot: Option<Slot>,
    conn: Conn,
) -> Response {
    // A small read buffer: game messages are small, and most connections
    // are idle most of the time (tungstenite's default is 128 KiB).
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(WRITE_BUFFER_BYTES)
        .on_upgrade(move |socket| {
            let tasks = app.tasks.clone();
            tasks.track_future(connection(socket, app, client, slot, conn))
        })
}

/// Why a connection ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The client closed it, or the socket failed: nothing to say.
    Client,
    Shutdown,
    /// A room found the connection's queue full.
    SlowClient,
    WriteTimeout,
    Idle,
    /// On probation, it did not show a known identity in time.
    Probation,
    /// A frame the WebSocket layer refused, closed with this code.
    BadFrame(u16, &'static str),
    /// A moderator banned the account or the address, or the account was
    /// deleted (the reason was queued before).
    Kicked,
}

impl End {
    /// The `bye` reason and close frame, if the client is told.
    fn goodbye(self) -> Option<(Option<&'static str>, u16, &'static str)> {
        let policy = |reason| Some((Some(reason), close_code::POLICY, reason));
        match self {
            End::Client => None,
            End::Shutdown => Some((
                Some("the server is shutting down"),
                close_code::AWAY,
                "the server is shutting down",
            )),
            End::SlowClient => policy("the client did not keep up with its messages"),
            End::WriteTimeout => policy("the client did not read its messages"),
            End::Idle => policy("nothing heard from the client for too long"),
            End::Probation => Some((
                Some("the server is full; only known players may connect now"),
                close_code::AGAIN,
                "the server is full",
            )),
            End::BadFrame(code, reason) => Some((None, code, reason)),
            End::Kicked => Some((None, close_code::POLICY, "closed by a moderator")),
        }
    }

    fn refusal(self) -> Option<Refusal> {
        match self {
            End::SlowClient => Some(Refusal::SlowClient),
            End::WriteTimeout => Some(Refusal::WriteTimeout),
            End::Idle => Some(Refusal::IdleTimeout),
            End::Probation => Some(Refusal::Probation),
            End::BadFrame(close_code::INVALID, _) => Some(Refusal::BadUtf8),
            _ => None,
        }
    }
}

/// `fut`, given at most `limit` (zero: no limit); `None` if it ran out.
async fn within<T>(limit: Duration, fut: impl Future<Output = T>) -> Option<T> {
    if limit.is_zero() {
        Some(fut.await)
    } else {
        tokio::time::timeout(limit, fut).await.ok()
    }
}

/// The ping/pong heartbeat: a connection silent for half the idle timeout
/// is pinged; one silent for all of it is closed. The timer is moved only
/// when it fires, not at every message.
struct Heartbeat {
    idle: Duration,
    heard: Instant,
    pinged: bool,
    timer: Pin<Box<Sleep>>,
}

enum Beat {
    Wait,
    Ping,
    Dead,
}

impl Heartbeat {
    fn new(idle: Duration) -> Heartbeat {
        let now = Instant::now();
        Heartbeat {
            idle,
            heard: now,
            pinged: false,
            timer: Box::pin(tokio::time::sleep_until(now + idle / 2)),
        }
    }

    fn heard(&mut self) {
        self.heard = Instant::now();
        self.pinged = false;
    }

    /// Resolves when the timer fires (never with no idle timeout).
    async fn fired(&mut self) {
        if self.idle.is_zero() {
            std::future::pending::<()>().await;
        }
        self.timer.as_mut().await;
    }

    /// What to do now that the timer fired.
    fn beat(&mut self) -> Beat {
        let now = Instant::now();
        let (ping_at, dead_at) = (self.heard + self.idle / 2, self.heard + self.idle);
        let next = if self.pinged && now >= dead_at {
            return Beat::Dead;
        } else if !self.pinged && now >= ping_at {
            self.pinged = true;
            self.timer.as_mut().reset(dead_at);
            return Beat::Ping;
        } else if self.pinged {
            dead_at
        } else {
            ping_at
        };
        self.timer.as_mut().reset(next);
        Beat::Wait
    }
}

/// The queue's next message, or never while there is no queue yet.
async fn queued(queue: &mut Option<mpsc::Receiver<Utf8Bytes>>) -> Option<Utf8Bytes> {
    match queue {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

async fn connection(
    mut socket: WebSocket,
    app: Arc<App>,
    client: IpAddr,
    _slot: Option<Slot>,
    Conn { meter, standing }: Conn,
) {
    let _open = app.metrics.ws_connection();
    // On probation, it must show a known identity in time (`reserve.rs`).
    let handshake = app.config.limits.handshake_timeout;
    let probation = async {
        match &standing {
            Some(s) => s.probation_over(handshake).await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(probation);
    let mut on_probation = standing.as_ref().is_some_and(|s| s.probation);
    // Its unfinished messages count from now (`input.rs`).
    if let Some(meter) = &meter {
        meter.arm(client);
    }
    // Cancelled by a room (client too slow) or by shutdown.
    let close = app.shutdown.child_token();
    let write_timeout = app.config.limits.write_timeout;
    let mut heartbeat = Heartbeat::new(app.config.limits.idle_timeout);
    // An idle connection costs as little as possible: the session and its
    // queue are made when the first message arrives.
    let mut session: Option<Session> = None;
    let mut queue = None;
    // One task reads and writes: what is queued for the client (replies,
    // room updates) goes out first, in one write, then the next message
    // from the client is read and handled.
    let end = loop {
        tokio::select! {
            biased;
            _ = close.cancelled() => {
                break if app.shutdown.is_cancelled() {
                    End::Shutdown
                } else if session.as_ref().is_some_and(|s| s.moderated.kicked().is_some()) {
                    End::Kicked
                } else {
                    End::SlowClient
                };
            }
            Some(text) = queued(&mut queue) => {
                let rx = queue.as_mut().expect("a queue");
                // What a person hides (blocked players' chat, zen) is
                // taken out here.
                let shown = |text| match session.as_ref() {
                    Some(s) => s.moderated.outgoing(text),
                    None => Some(text),
                };
                let write = async {
                    if let Some(text) = shown(text) {
                        socket.feed(Message::Text(text)).await?;
                    }
                    while let Ok(more) = rx.try_recv() {
                        if let Some(more) = shown(more) {
                            socket.feed(Message::Text(more)).await?;
                        }
                    }
                    socket.flush().await
                };
                // A room that finds the queue full cancels `close`: stop
                // waiting for a client that does not read.
                let written = tokio::select! {
                    written = within(write_timeout, write) => written,
                    _ = close.cancelled() => continue,
                };
                match written {
                    Some(Ok(())) => {}
                    Some(Err(_)) => break End::Client,
                    None => break End::WriteTimeout,
                }
            }
            frame = socket.recv() => {
                heartbeat.heard();
                if let Some(meter) = &meter {
                    match &frame {
                        Some(Ok(Message::Ping(p) | Message::Pong(p))) => meter.control(p.len()),
                        Some(Ok(_)) => meter.message(),
                        _ => {}
                    }
                }
                let message = match frame {
                    Some(Ok(Message::Text(text))) => Some(Ok(text)),
                    Some(Ok(Message::Binary(_))) => Some(Err(())),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                    Some(Ok(Message::Close(_))) | None => break End::Client,
                    Some(Err(e)) => break bad_frame(e),
                };
                let Some(message) = message else { continue };
                let session = session.get_or_insert_with(|| {
                    let (tx, rx) = mpsc::channel::<Utf8Bytes>(app.config.outbox);
                    queue = Some(rx);
                    Session::new(app.clone(), client, Outbox { conn: app.next_conn(), tx, close: close.clone() }, standing.clone())
                });
                match message {
                    // Boxed: handling a message needs a large future, but
                    // only while it runs, not for every idle connection.
                    Ok(text) => Box::pin(session.on_text(&text)).await,
                    Err(()) => session.reply(error(
                        None,
                        codes::BAD_MESSAGE,
                        "binary frames are not used: send JSON text",
                    )),
                }
            }
            _ = heartbeat.fired() => match heartbeat.beat() {
                Beat::Wait => {}
                Beat::Ping => {
                    match within(write_timeout, socket.send(Message::Ping(Default::default()))).await {
                        Some(Ok(())) => {}
                        Some(Err(_)) => break End::Client,
                        None => break End::WriteTimeout,
                    }
                }
                Beat::Dead => break End::Idle,
            },
            _ = &mut probation, if on_probation => {
                if standing.as_ref().is_some_and(|s| !s.is_known()) {
                    break End::Probation;
                }
                on_probation = false;
            }
        }
    };
    if let Some(reason) = end.refusal() {
        app.metrics.refused(reason);
    }
    // What the rooms queued before a shutdown (a drained node's `moved`)
    // goes out before the goodbye, and a ban's reason before its close.
    if matches!(end, End::Shutdown | End::Kicked)
        && let Some(rx) = queue.as_mut()
    {
        let flush = async {
            while let Ok(text) = rx.try_recv() {
                socket.feed(Message::Text(text)).await?;
            }
            socket.flush().await
        };
        let _ = tokio::time::timeout(GOODBYE, flush).await;
    }
    if let Some((bye, code, reason)) = end.goodbye() {
        // An upgrade (a new process takes over): reconnect at once.
        let reconnect = end == End::Shutdown && app.handing_over.is_cancelled();
        let (bye, reason) = match reconnect {
            true => (Some(crate::takeover::UPGRADING), crate::takeover::UPGRADING),
            false => (bye, reason),
        };
        let goodbye = async {
            if let Some(bye) = bye {
                let bye = crate::room::encode(&ServerMessage::Bye {
                    reason: bye.into(),
                    reconnect,
                });
                socket.send(Message::Text(bye)).await?;
            }
            socket
                .send(Message::Close(Some(CloseFrame {
                    code,
                    reason: reason.into(),
                })))
                .await
        };
        let _ = tokio::time::timeout(GOODBYE, goodbye).await;
    }
    if let Some(session) = &session {
        app.notify.looking.forget(session.outbox.conn);
    }
    if let Some(session) = session {
        for room in &session.watching {
            if let Some(handle) = app.lobby.get(room) {
                handle.disconnect(session.outbox.conn).await;
            }
        }
    }
}

/// How to end a connection whose frame the WebSocket layer refused: text
/// that is not UTF-8 is closed with 1007 (RFC 6455), a frame over the size
/// limit with 1009; any other failure just ends it.
fn bad_frame(e: axum::Error) -> End {
    match e.into_inner().downcast::<tungstenite::Error>().map(|e| *e) {
        Ok(tungstenite::Error::Utf8(_)) => {
            End::BadFrame(close_code::INVALID, "a text frame was not valid UTF-8")
        }
        Ok(tungstenite::Error::Capacity(_)) => {
            End::BadFrame(close_code::SIZE, "the frame is larger than 1 MiB")
        }
        _ => End::Client,
    }
}

/// A token bucket: `rate` messages a second, bursts of twice that.
#[derive(Debug)]
struct RateLimit {
    rate: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    fn new(rate: u32) -> RateLimit {
        RateLimit {
            rate: rate as f64,
            tokens: 2.0 * rate as f64,
            last: Instant::now(),
        }
    }

    fn allow(&mut self) -> bool {
        if self.rate == 0.0 {
            return true;
        }
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The id of a short message, read without checking the rest of it.
fn peek_id(text: &str) -> Option<RequestId> {
    #[derive(serde::Deserialize)]
    struct JustId {
        id: Option<RequestId>,
    }
    if text.len() > MAX_ID_PEEK_BYTES {
        return None;
    }
    serde_json::from_str::<JustId>(text).ok().and_then(|m| m.id)
}

struct Session {
    app: Arc<App>,
    /// The client's address, for the per-address quotas.
    client: IpAddr,
    outbox: Outbox,
    guest: Option<Player>,
    /// Rooms this connection watches (only rooms that exist).
    watching: HashSet<String>,
    rate: RateLimit,
    /// Blocks, settings and bans (`ws/moderation.rs`).
    moderated: moderation::Moderated,
    /// Its standing (`reserve.rs`): known once it shows an account or a
    /// guest's token from before.
    standing: Option<Arc<Standing>>,
}

impl Session {
    fn new(app: Arc<App>, client: IpAddr, outbox: Outbox, standing: Option<Arc<Standing>>) -> Session {
        Session {
            rate: RateLimit::new(app.config.rate_limit),
            moderated: moderation::Moderated::new(app.moderation.clone(), outbox.conn),
            app,
            client,
            outbox,
            guest: None,
            watching: HashSet::new(),
            standing,
        }
    }

    /// The client showed a known identity.
    fn known(&self) {
        if let Some(standing) = &self.standing {
            standing.known();
        }
    }

    fn reply(&self, message: ServerMessage) {
        self.outbox.send_message(&message);
    }

    /// `result`'s value; or, when the store failed, `None`: the error
    /// logged as `what`, and a `storage-failure` reply to `id` saying
    /// `sentence`.
    fn stored<T>(
        &self,
        id: &RequestId,
        result: Result<T, impl std::fmt::Display>,
        what: &str,
        sentence: &str,
    ) -> Option<T> {
        result
            .map_err(|e| {
                tracing::error!(error = %e, "{what}");
                self.fail(id.clone(), codes::STORAGE, sentence);
            })
            .ok()
    }

    fn fail(&self, id: RequestId, code: Code, message: impl Into<String>) {
        self.reply(error(Some(id), code, message));
    }

    async fn on_text(&mut self, text: &str) {
        // Counted before anything is read: a malformed message costs a
        // token like any other.
        if !self.rate.allow() {
            self.app.metrics.refused(Refusal::MessageRate);
            return self.reply(error(
                peek_id(text),
                codes::RATE_LIMITED,
                format!("more than {} messages a second: slow down", self.rate.rate),
            ));
        }
        let message = match parse_client_message(text) {
            Ok(m) => m,
            Err(reply) => return self.reply(reply),
        };
        if !self.before(&message).await {
            return;
        }
        self.handle(message).await;
        self.after().await;
    }

    async fn handle(&mut self, message: ClientMessage) {
        match message {
            ClientMessage::Hello {
                id,
                protocol,
                name,
                token,
            } => self.hello(id, protocol, name, token).await,
            ClientMessage::Ping { id } => self.reply(ServerMessage::Pong { id }),
            ClientMessage::Login { id, name, password } => self.login(id, name, password).await,
            other => {
                let Some(player) = self.guest.clone() else {
                    return self.fail(
                        other.id().clone(),
                        codes::NOT_IDENTIFIED,
                        "say hello first (with a name, or the token of an earlier visit)",
                    );
                };
                self.identified(player, other).await;
            }
        }
    }

    async fn hello(&mut self, id: RequestId, protocol: u32, name: Option<String>, token: Option<String>) {
        if protocol != PROTOCOL_VERSION {
            return self.fail(
                id,
                codes::UNSUPPORTED_PROTOCOL,
                format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}"),
            );
        }
        let name = match name.as_deref().map(crate::names::valid_name).transpose() {
            Ok(name) => name,
            Err(e) => return self.fail(id, codes::BAD_NAME, e),
        };
        let (guest, new_token) = match (token, name) {
            (Some(token), name) => {
                let Some(found) = self.stored(
                    &id,
                    self.app.store.guest_by_token(&secrets::token_hash(&token)).await,
                    "guest lookup failed",
                    "the server could not look up the token; try again",
                ) else {
                    return;
                };
                let Some(mut guest) = found else {
                    return self.fail(id, codes::BAD_TOKEN, "this token belongs to no guest");
                };
                self.known();
                if let Some(name) = name.filter(|n| *n != guest.name) {
                    if self.app.store.rename_guest(&guest.id, &name).await.is_err() {
                        return self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not store the new name; try again",
                        );
                    }
                    guest.name = name.clone();
                    // The seats it holds take the new name.
                    for room in cluster::rooms_of(&self.app, &guest.id).await {
                        if let Some(handle) = self.app.lobby.get(&room) {
                            handle.renamed(guest.id.clone(), name.clone()).await;
                        }
                    }
                }
                (guest, None)
            }
            (None, Some(name)) => {
                if !self.app.admission.new_guest(self.client) {
                    self.app.metrics.refused(Refusal::GuestsPerHour);
                    return self.fail(
                        id,
                        codes::TOO_MANY_GUESTS,
                        format!(
                            "this address has made {} new guests in the last hour; come back with your token",
                            self.app.config.limits.guests_per_hour
                        ),
                    );
                }
                let token = secrets::new_token();
                let guest_id = uuid::Uuid::new_v4().to_string();
                let new = NewGuest {
                    id: guest_id.clone(),
                    name: name.clone(),
                    token_hash: secrets::token_hash(&token),
                    created_at: self.app.clock.now_ms(),
                    bot: None,
                };
                if self.app.store.create_guest(new).await.is_err() {
                    return self.fail(
                        id,
                        codes::STORAGE,
                        "the server could not store the new guest; try again",
                    );
                }
                (
                    crate::store::GuestRow {
                        id: guest_id,
                        name,
                        bot: None,
                    },
                    Some(token),
                )
            }
            (None, None) => return self.fail(id, codes::BAD_MESSAGE, "hello needs a name or a token"),
        };
        let Some(bot_account) = self.bot_account(&id, &guest.id, new_token.is_some()).await else {
            return;
        };
        let rooms = cluster::rooms_of(&self.app, &guest.id).await;
        self.guest = Some(Player {
            id: guest.id.clone(),
            name: guest.name.clone(),
            bot: guest.bot.is_some(),
            bot_account,
        });
        self.reply(ServerMessage::Welcome {
            id,
            protocol: PROTOCOL_VERSION,
            guest: Guest {
                id: guest.id,
                name: guest.name,
            },
            token: new_token,
            rooms,
        });
    }

    async fn add_bot(
        &mut self,
        player: Player,
        id: RequestId,
        room: String,
        seat: Option<lodestone_protocol::SeatRef>,
        level: Option<String>,
        replace_me: bool,
    ) {
        let level = match level
            .as_deref()
            .unwrap_or("greedy")
            .parse::<lodestone_rules::bot::Level>()
        {
            Ok(level) => level,
            Err(e) => return self.fail(id, codes::BAD_LEVEL, e),
        };
        let handle = match cluster::locate(&self.app, &room).await {
            Ok(Located::Here(handle)) => handle,
            Ok(Located::Moved(url)) => return self.reply(ServerMessage::Moved { room, url }),
            Ok(Located::Missing) => {
                return self.fail(id, codes::UNKNOWN_ROOM, format!("there is no room {room:?}"));
            }
            Err(_) => {
                return self.fail(
                    id,
                    codes::STORAGE,
                    "the server could not load the room; try again",
                );
            }
        };
        match crate::bots::add_bot(&self.app, handle, player, seat, replace_me, level).await {
            Ok(seat) => self.reply(ServerMessage::Ack {
                id,
                room: Some(room),
                seat: Some(seat),
                invite: None,
                version: None,
            }),
            Err((code, message)) => self.fail(id, code, message),
        }
    }

    async fn identified(&mut self, player: Player, message: ClientMessage) {
        let (id, room, request) = match message {
            message @ (ClientMessage::CreateTournament { .. }
            | ClientMessage::ListTournaments { .. }
            | ClientMessage::WatchTournament { .. }
            | ClientMessage::UnwatchTournament { .. }
            | ClientMessage::JoinTournament { .. }
            | ClientMessage::WithdrawTournament { .. }
            | ClientMessage::StartTournament { .. }
            | ClientMessage::RemoveFromTournament { .. }
            | ClientMessage::AddTournamentBot { .. }) => {
                let reply =
                    crate::tournament::serve::request(&self.app, &player, &self.outbox, message).await;
                return self.reply(reply);
            }
            ClientMessage::ListRooms { id, game, playing } => {
                let listed = cluster::list_rooms(
                    &self.app,
                    game.as_deref(),
                    playing,
                    self.app.config.limits.lobby_page,
                )
                .await;
                let Some(page) = self.stored(
                    &id,
                    listed,
                    "room list failed",
                    "the server could not read the room list; try again",
                ) else {
                    return;
                };
                return self.reply(ServerMessage::Rooms {
                    id,
                    rooms: page.rooms,
                    total: u32::try_from(page.total).unwrap_or(u32::MAX),
                });
            }
            ClientMessage::CreateRoom {
                id,
                game,
                options,
                public,
            } => {
                let room_id = uuid::Uuid::new_v4().to_string();
                let now = self.app.clock.now_ms();
                let (core, events) = match RoomCore::create(
                    room_id.clone(),
                    &game,
                    &options,
                    public,
                    &player,
                    now,
                    Box::new(OsSecrets),
                ) {
                    Ok(created) => created,
                    Err(r) => return self.fail(id, r.code, r.message),
                };
                let limits = &self.app.config.limits;
                let opener = Opener {
                    guest: player.id.clone(),
                    address: self.client,
                };
                if let Err(refusal) = self.app.lobby.claim_open_room(
                    &room_id,
                    opener,
                    limits.rooms_per_guest,
                    limits.rooms_per_address,
                ) {
                    self.app.metrics.refused(refusal);
                    let message = if refusal == Refusal::RoomsPerGuest {
                        format!(
                            "you have {} open rooms, as many as a guest may: start or finish one first",
                            limits.rooms_per_guest
                        )
                    } else {
                        format!(
                            "this address has {} open rooms, as many as it may: start or finish one first",
                            limits.rooms_per_address
                        )
                    };
                    return self.fail(id, codes::TOO_MANY_ROOMS, message);
                }
                // With several nodes, the new room is leased before its
                // first events are stored, under its fence.
                let lease = match cluster::lease_new_room(&self.app, &room_id).await {
                    Ok(lease) => lease,
                    Err(e) => {
                        tracing::error!(error = %e, "could not lease a new room");
                        self.app.lobby.forget_opener(&room_id);
                        return self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not store the room; try again",
                        );
                    }
                };
                let fence = lease
                    .as_ref()
                    .zip(self.app.node.as_ref())
                    .map(|(lease, node)| Fence {
                        node: node.name.clone(),
                        epoch: lease.epoch,
                        deadline: None,
                    });
                let ops = crate::room::ops(&room_id, &events, fence);
                if self.app.store.write(ops).await.is_err() {
                    cluster::drop_new_room(&self.app, &room_id, lease).await;
                    self.app.lobby.forget_opener(&room_id);
                    return self.fail(
                        id,
                        codes::STORAGE,
                        "the server could not store the room; try again",
                    );
                }
                let invite = core.invite().map(str::to_string);
                spawn_leased_room(core, &self.app.rooms, lease);
                return self.reply(ServerMessage::Ack {
                    id,
                    room: Some(room_id),
                    seat: None,
                    invite,
                    version: None,
                });
            }
            ClientMessage::Join {
                id,
                room,
                seat,
                invite,
            } => (id, room, RoomRequest::Join { seat, invite }),
            ClientMessage::Leave { id, room } => (id, room, RoomRequest::Leave),
            ClientMessage::Start { id, room } => (id, room, RoomRequest::Start),
            ClientMessage::Watch { id, room, invite } => (id, room, RoomRequest::Watch { invite }),
            ClientMessage::Unwatch { id, room } => (id, room, RoomRequest::Unwatch),
            ClientMessage::Act { id, room, action } => (id, room, RoomRequest::Act { action }),
            ClientMessage::AddBot {
                id,
                room,
                seat,
                level,
                replace_me,
                ..
            } => return self.add_bot(player, id, room, seat, level, replace_me).await,
            ClientMessage::RemoveBot { id, room, seat } => (id, room, RoomRequest::RemoveBot { seat }),
            ClientMessage::Kick { id, room, seat } => (id, room, RoomRequest::Kick { seat }),
            ClientMessage::CloseRoom { id, room } => (id, room, RoomRequest::CloseRoom),
            ClientMessage::Resign { id, room } => (id, room, RoomRequest::Resign),
            ClientMessage::OfferDraw { id, room } => (id, room, RoomRequest::OfferDraw),
            ClientMessage::AnswerDraw { id, room, accept } => (id, room, RoomRequest::AnswerDraw { accept }),
            ClientMessage::Abort { id, room } => (id, room, RoomRequest::Abort),
            ClientMessage::Claim { id, room } => (id, room, RoomRequest::Claim),
            ClientMessage::Replay {
                id,
                room,
                ply,
                invite,
            } => return self.replay(player, id, room, ply, invite).await,
            ClientMessage::Rematch { id, room, accept } => (id, room, RoomRequest::Rematch { accept }),
            ClientMessage::Chat { id, room, text, to } => {
                // Checked before the room is asked: a person's lines per
                // minute, in all rooms.
                if !self.app.admission.chat(&player.id) {
                    self.app.metrics.refused(Refusal::ChatRate);
                    return self.fail(
                        id,
                        codes::CHAT_RATE_LIMITED,
                        format!(
                            "more than {} chat lines a minute: wait a little",
                            self.app.config.limits.chat_rate
                        ),
                    );
                }
                (id, room, RoomRequest::Chat { to, text })
            }
            ClientMessage::SetChat { id, room, on } => (id, room, RoomRequest::SetChat { on }),
            ClientMessage::Register { id, name, password } => {
                return self.register(player, id, name, password).await;
            }
            message @ (ClientMessage::PushSubscribe { .. }
            | ClientMessage::PushUnsubscribe { .. }
            | ClientMessage::Visibility { .. }
            | ClientMessage::SetWebhook { .. }
            | ClientMessage::DeleteWebhook { .. }
            | ClientMessage::MyTurns { .. }) => return self.notify_request(player, message).await,
            ClientMessage::Hello { .. } | ClientMessage::Ping { .. } | ClientMessage::Login { .. } => {
                unreachable!("answered before")
            }
            other => return self.moderation(player, other).await,
        };
        let watches = matches!(request, RoomRequest::Join { .. } | RoomRequest::Watch { .. });
        let limit = self.app.config.limits.watch_per_connection;
        if watches && limit > 0 && self.watching.len() >= limit && !self.watching.contains(&room) {
            self.app.metrics.refused(Refusal::WatchLimit);
            return self.fail(
                id,
                codes::TOO_MANY_WATCHED,
                format!("this connection watches {limit} rooms, as many as it may: unwatch one first"),
            );
        }
        if room.len() > MAX_ROOM_ID_BYTES {
            return self.fail(id, codes::UNKNOWN_ROOM, "there is no room with so long an id");
        }
        // A finished room leaves memory at once, watched or not: a
        // connection that watched it unwatches it without loading it again.
        if matches!(request, RoomRequest::Unwatch)
            && self.watching.contains(&room)
            && self.app.lobby.get(&room).is_none()
        {
            self.watching.remove(&room);
            self.note_watching(&player.id);
            return self.reply(ServerMessage::Ack {
                id,
                room: Some(room),
                seat: None,
                invite: None,
                version: None,
            });
        }
        // A room evicted between the look-up and the send is loaded again.
        let mut unsent = Unsent {
            player,
            outbox: self.outbox.clone(),
            id,
            request,
        };
        for _ in 0..3 {
            let handle = match cluster::locate(&self.app, &room).await {
                Ok(Located::Here(handle)) => handle,
                // Another node serves it: the client goes there.
                Ok(Located::Moved(url)) => return self.reply(ServerMessage::Moved { room, url }),
                Ok(Located::Missing) => {
                    return self.fail(
                        unsent.id,
                        codes::UNKNOWN_ROOM,
                        format!("there is no room {room:?}"),
                    );
                }
                Err(e) => {
                    tracing::error!(error = %e, "room lookup failed");
                    return self.fail(
                        unsent.id,
                        codes::STORAGE,
                        "the server could not load the room; try again",
                    );
                }
            };
            // Only a room that exists is remembered.
            if watches {
                self.watching.insert(room.clone());
            } else if matches!(unsent.request, RoomRequest::Unwatch) {
                self.watching.remove(&room);
            }
            if watches || matches!(unsent.request, RoomRequest::Unwatch) {
                self.note_watching(&unsent.player.id);
            }
            match handle.request_or_return(unsent).await {
                Ok(()) => return,
                Err(back) => unsent = back,
            }
        }
        self.fail(
            unsent.id,
            codes::UNKNOWN_ROOM,
            format!("room {room:?} is not available; try again"),
        );
    }
}
