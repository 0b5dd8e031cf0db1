//! One WebSocket connection: reads client messages, answers the ones about
//! identity and the lobby itself, and passes room requests to the room's
//! task. Its writes all go through one bounded queue (the `Outbox`), which
//! the rooms it watches also feed, so it sees replies and updates in order.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::response::Response;
use futures_util::SinkExt;
use lodestone_protocol::{
    ClientMessage, Code, Guest, PROTOCOL_VERSION, RequestId, ServerMessage, codes, error,
    parse_client_message,
};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::app::App;
use crate::room::{Outbox, Player, RoomCore, RoomRequest, spawn_room};
use crate::secrets;
use crate::store::Op;

/// Frames larger than this close the connection (the WebSocket layer's
/// limit); messages between `MAX_MESSAGE_BYTES` and this get an error.
const MAX_FRAME_BYTES: usize = 1 << 20;

/// The WebSocket read buffer of a connection: larger messages are read in
/// several pieces.
const READ_BUFFER_BYTES: usize = 512;

pub async fn upgrade(ws: WebSocketUpgrade, State(app): State<Arc<App>>) -> Response {
    // Small buffers: game messages are small, and most connections are
    // idle most of the time (tungstenite's defaults are 128 KiB each).
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .on_upgrade(move |socket| {
            let tasks = app.tasks.clone();
            tasks.track_future(connection(socket, app))
        })
}

async fn connection(mut socket: WebSocket, app: Arc<App>) {
    // Cancelled by a room (client too slow) or by shutdown.
    let close = app.shutdown.child_token();
    // An idle connection costs as little as possible: the session and its
    // queue are made when the first message arrives.
    let first = tokio::select! {
        _ = close.cancelled() => None,
        frame = socket.recv() => frame,
    };
    let Some(Ok(first)) = first else {
        return;
    };
    let conn = app.next_conn();
    let (tx, mut rx) = mpsc::channel::<Utf8Bytes>(app.config.outbox);
    let mut session = Session {
        rate: RateLimit::new(app.config.rate_limit),
        app,
        outbox: Outbox {
            conn,
            tx,
            close: close.clone(),
        },
        guest: None,
        watching: HashSet::new(),
    };
    let mut pending = Some(first);
    // One task reads and writes: what is queued for the client (replies,
    // room updates) goes out first, in one write, then the next message
    // from the client is read and handled.
    loop {
        tokio::select! {
            biased;
            _ = close.cancelled() => break,
            text = rx.recv() => {
                // The session holds a sender, so the queue never closes.
                let Some(text) = text else { break };
                let mut sent = socket.feed(Message::Text(text)).await;
                while let (Ok(()), Ok(more)) = (&sent, rx.try_recv()) {
                    sent = socket.feed(Message::Text(more)).await;
                }
                if sent.is_err() || socket.flush().await.is_err() {
                    break;
                }
            }
            frame = next_frame(&mut socket, &mut pending) => match frame {
                // Boxed: handling a message needs a large future, but only
                // while it runs, not for every idle connection.
                Some(Ok(Message::Text(text))) => Box::pin(session.on_text(&text)).await,
                Some(Ok(Message::Binary(_))) => session.reply(error(
                    None,
                    codes::BAD_MESSAGE,
                    "binary frames are not used: send JSON text",
                )),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
        }
    }
    // Closed on purpose (shutdown, or a client too slow): say why, briefly.
    if close.is_cancelled() {
        let (code, reason) = if session.app.shutdown.is_cancelled() {
            (close_code::AWAY, "the server is shutting down")
        } else {
            (close_code::POLICY, "the client did not keep up with its messages")
        };
        let bye = crate::room::encode(&ServerMessage::Bye {
            reason: reason.into(),
        });
        let goodbye = async {
            socket.send(Message::Text(bye)).await?;
            socket
                .send(Message::Close(Some(CloseFrame {
                    code,
                    reason: reason.into(),
                })))
                .await
        };
        let _ = tokio::time::timeout(Duration::from_secs(2), goodbye).await;
    }
    for room in session.watching.drain() {
        if let Some(handle) = session.app.lobby.get(&room) {
            handle.disconnect(conn).await;
        }
    }
}

/// The frame read before the loop, if any, else the next one.
async fn next_frame(
    socket: &mut WebSocket,
    pending: &mut Option<Message>,
) -> Option<Result<Message, axum::Error>> {
    match pending.take() {
        Some(frame) => Some(Ok(frame)),
        None => socket.recv().await,
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

struct Session {
    app: Arc<App>,
    outbox: Outbox,
    guest: Option<Player>,
    watching: HashSet<String>,
    rate: RateLimit,
}

fn valid_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let len = name.chars().count();
    if len == 0 || len > 32 {
        return Err(format!("a name has 1 to 32 characters; this one has {len}"));
    }
    if name.chars().any(char::is_control) {
        return Err("a name cannot hold control characters".into());
    }
    Ok(name.to_string())
}

impl Session {
    fn reply(&self, message: ServerMessage) {
        self.outbox.send_message(&message);
    }

    fn fail(&self, id: RequestId, code: Code, message: impl Into<String>) {
        self.reply(error(Some(id), code, message));
    }

    async fn on_text(&mut self, text: &str) {
        let message = match parse_client_message(text) {
            Ok(m) => m,
            Err(reply) => return self.reply(reply),
        };
        if !self.rate.allow() {
            return self.fail(
                message.id().clone(),
                codes::RATE_LIMITED,
                format!("more than {} messages a second: slow down", self.rate.rate),
            );
        }
        match message {
            ClientMessage::Hello {
                id,
                protocol,
                name,
                token,
            } => self.hello(id, protocol, name, token).await,
            ClientMessage::Ping { id } => self.reply(ServerMessage::Pong { id }),
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
        let name = match name.as_deref().map(valid_name).transpose() {
            Ok(name) => name,
            Err(e) => return self.fail(id, codes::BAD_NAME, e),
        };
        let (guest, new_token) = match (token, name) {
            (Some(token), name) => {
                let found = match self
                    .app
                    .store
                    .guest_by_token_hash(&secrets::token_hash(&token))
                    .await
                {
                    Ok(found) => found,
                    Err(e) => {
                        tracing::error!(error = %e, "guest lookup failed");
                        return self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not look up the token; try again",
                        );
                    }
                };
                let Some(mut guest) = found else {
                    return self.fail(id, codes::BAD_TOKEN, "this token belongs to no guest");
                };
                if let Some(name) = name.filter(|n| *n != guest.name) {
                    let op = Op::RenameGuest {
                        id: guest.id.clone(),
                        name: name.clone(),
                    };
                    if self.app.store.write(vec![op]).await.is_err() {
                        return self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not store the new name; try again",
                        );
                    }
                    guest.name = name;
                }
                (guest, None)
            }
            (None, Some(name)) => {
                let token = secrets::new_token();
                let guest_id = uuid::Uuid::new_v4().to_string();
                let op = Op::CreateGuest {
                    id: guest_id.clone(),
                    name: name.clone(),
                    token_hash: secrets::token_hash(&token),
                    created_at: self.app.clock.now_ms(),
                    bot: None,
                };
                if self.app.store.write(vec![op]).await.is_err() {
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
        let rooms = self.app.lobby.rooms_of(&guest.id);
        self.guest = Some(Player {
            id: guest.id.clone(),
            name: guest.name.clone(),
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
        id: RequestId,
        room: String,
        seat: Option<lodestone_protocol::SeatRef>,
        level: Option<String>,
        invite: Option<String>,
    ) {
        let level = match level
            .as_deref()
            .unwrap_or("greedy")
            .parse::<lodestone_rules::bot::Level>()
        {
            Ok(level) => level,
            Err(e) => return self.fail(id, codes::BAD_LEVEL, e),
        };
        let handle = match self.app.room(&room).await {
            Ok(Some(handle)) => handle,
            Ok(None) => return self.fail(id, codes::UNKNOWN_ROOM, format!("there is no room {room:?}")),
            Err(_) => {
                return self.fail(
                    id,
                    codes::STORAGE,
                    "the server could not load the room; try again",
                );
            }
        };
        match crate::bots::add_bot(&self.app, handle, seat, invite, level).await {
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
            ClientMessage::ListRooms { id, game, playing } => {
                let rooms = if playing {
                    self.app.lobby.playing_rooms(game.as_deref())
                } else {
                    self.app.lobby.open_rooms(game.as_deref())
                };
                return self.reply(ServerMessage::Rooms { id, rooms });
            }
            ClientMessage::CreateRoom {
                id,
                game,
                options,
                public,
            } => {
                let room_id = uuid::Uuid::new_v4().to_string();
                let (core, ops) =
                    match RoomCore::create(room_id.clone(), &game, &options, public, self.app.clock.now_ms())
                    {
                        Ok(created) => created,
                        Err(r) => return self.fail(id, r.code, r.message),
                    };
                if self.app.store.write(ops).await.is_err() {
                    return self.fail(
                        id,
                        codes::STORAGE,
                        "the server could not store the room; try again",
                    );
                }
                let invite = core.invite().map(str::to_string);
                spawn_room(core, &self.app);
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
                invite,
            } => return self.add_bot(id, room, seat, level, invite).await,
            ClientMessage::Hello { .. } | ClientMessage::Ping { .. } => unreachable!("answered before"),
        };
        if matches!(request, RoomRequest::Join { .. } | RoomRequest::Watch { .. }) {
            self.watching.insert(room.clone());
        }
        // A room evicted between the look-up and the send is loaded again.
        for _ in 0..3 {
            let handle = match self.app.room(&room).await {
                Ok(Some(handle)) => handle,
                Ok(None) => return self.fail(id, codes::UNKNOWN_ROOM, format!("there is no room {room:?}")),
                Err(e) => {
                    tracing::error!(error = %e, "room lookup failed");
                    return self.fail(
                        id,
                        codes::STORAGE,
                        "the server could not load the room; try again",
                    );
                }
            };
            if handle
                .request(player.clone(), self.outbox.clone(), id.clone(), request.clone())
                .await
                .is_ok()
            {
                return;
            }
        }
        self.fail(
            id,
            codes::UNKNOWN_ROOM,
            format!("room {room:?} is not available; try again"),
        );
    }
}
