//! One WebSocket connection: reads client messages, answers the ones about
//! identity and the lobby itself, and passes room requests to the room's
//! task. Its writes all go through one bounded queue (the `Outbox`), which
//! the rooms it watches also feed, so it sees replies and updates in order.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::response::Response;
use futures_util::SinkExt;
use lodestone_protocol::{ServerMessage, codes, error};
use tokio::sync::mpsc;

use crate::app::App;
use crate::input::{MAX_FRAME_BYTES, Meter};
use crate::limits::Slot;
use crate::metrics::Refusal;
use crate::reserve::Standing;
use crate::room::Outbox;

mod heartbeat;
mod hello;
mod rate;
mod session;

use heartbeat::{Beat, Heartbeat};
use session::Session;

/// What `bye` says when a new process takes over (`takeover.rs`).
const UPGRADING: &str = "the server is being upgraded: reconnect now";

/// The WebSocket read buffer of a connection: larger messages are read in
/// several pieces.
const READ_BUFFER_BYTES: usize = 512;

/// What a connection's writes gather before they go to the socket: the
/// messages queued for it at one time (a reply and the update after it)
/// leave in one write when they are flushed together. The buffer grows only
/// as a burst needs, so an idle connection pays nothing for it.
const WRITE_BUFFER_BYTES: usize = 64 * 1024;

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
                // taken out here, and errors put in its language.
                let shown = |text| match session.as_ref() {
                    Some(s) => s.moderated.outgoing(text).map(|t| crate::sentences::frame(&s.words, t)),
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
        let words = session.as_ref().map(|s| s.words.clone()).unwrap_or_default();
        let flush = async {
            while let Ok(text) = rx.try_recv() {
                socket
                    .feed(Message::Text(crate::sentences::frame(&words, text)))
                    .await?;
            }
            socket.flush().await
        };
        let _ = tokio::time::timeout(GOODBYE, flush).await;
    }
    if let Some((bye, code, reason)) = end.goodbye() {
        // An upgrade (a new process takes over): reconnect at once.
        let reconnect = end == End::Shutdown && app.handing_over.is_cancelled();
        let (bye, reason) = match reconnect {
            true => (Some(UPGRADING), UPGRADING),
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
