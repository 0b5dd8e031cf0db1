//! One WebSocket connection, transport only: frames read and written, the
//! heartbeat, and each text frame handed to the connection's session
//! (`session/`), which checks its rate, reads it into a typed message and
//! hands it to the service that answers it. Its writes all go through one bounded
//! queue (the `Outbox`), which the rooms it watches also feed, so it sees
//! replies and updates in order.

use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::response::Response;
use futures_util::SinkExt;
use lodestone_protocol::{ServerMessage, codes, error};

use crate::admission::Slot;
use crate::app::App;
use crate::input::{MAX_FRAME_BYTES, Meter};
use crate::metrics::Refusal;
use crate::reserve::Standing;
use crate::room::queue;
use crate::session::Session;

mod heartbeat;

use heartbeat::{Beat, Heartbeat};

/// What `bye` says when a new process takes over (`takeover.rs`).
const UPGRADING: &str = "the server is being upgraded: reconnect now";

/// The WebSocket read buffer of a connection: larger messages are read in
/// several pieces.
const READ_BUFFER_BYTES: usize = 256;

/// What a connection's writes gather before they go to the socket: the
/// messages queued for it at one time (a reply and the update after it)
/// leave in one write when they are flushed together. The buffer grows only
/// as a burst needs, so an idle connection pays nothing for it.
const WRITE_BUFFER_BYTES: usize = 64 * 1024;

/// How long the goodbye (`bye` and the close frame) may take.
const GOODBYE: Duration = Duration::from_secs(2);

/// What the accept loop knows of a connection: its place in its
/// address's count (`limits.rs`, held while it is open), its unfinished
/// input (`input.rs`) and its standing (`reserve.rs`).
#[derive(Debug, Default)]
pub struct Conn {
    pub slot: Option<Slot>,
    pub meter: Option<Arc<Meter>>,
    pub standing: Option<Arc<Standing>>,
}

/// Upgrades a request `http.rs` has admitted to a WebSocket connection of
/// `client`, served by one task.
pub fn accept(ws: WebSocketUpgrade, app: Arc<App>, client: IpAddr, conn: Conn) -> Response {
    // A small read buffer: game messages are small, and most connections
    // are idle most of the time (tungstenite's default is 128 KiB).
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(WRITE_BUFFER_BYTES)
        .on_upgrade(move |socket| {
            // A task of its own, so that what the upgrade held is freed.
            let tasks = app.tasks.clone();
            tasks.spawn(connection(Box::new(socket), app, client, conn));
            std::future::ready(())
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
    /// The `bye` reason and close frame, if the client is told (told to
    /// `reconnect` at once when a new process takes over).
    fn goodbye(self, reconnect: bool) -> Option<(Option<&'static str>, u16, &'static str)> {
        // Told with a `bye` whose reason the close frame repeats.
        let told = |code, reason| Some((Some(reason), code, reason));
        let policy = |reason| told(close_code::POLICY, reason);
        match self {
            End::Client => None,
            End::Shutdown if reconnect => told(close_code::AWAY, UPGRADING),
            End::Shutdown => told(close_code::AWAY, "the server is shutting down"),
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

/// A write given at most `limit` (zero: no limit): why the connection
/// ends if it failed or ran out of time.
async fn written(limit: Duration, write: impl Future<Output = Result<(), axum::Error>>) -> Result<(), End> {
    let done = match limit.is_zero() {
        true => Some(write.await),
        false => tokio::time::timeout(limit, write).await.ok(),
    };
    done.map_or(Err(End::WriteTimeout), |done| done.map_err(|_| End::Client))
}

/// The queue's next message, or never while there is no queue yet.
async fn queued(open: &mut Option<(Session, queue::Receiver)>) -> Option<Utf8Bytes> {
    match open {
        Some((_, rx)) => rx.recv().await,
        None => std::future::pending().await,
    }
}

async fn connection(mut socket: Box<WebSocket>, app: Arc<App>, client: IpAddr, conn: Conn) {
    // Its place in its address's count (`conn.slot`) is held until the end.
    let (_slot, meter, standing) = (conn.slot, conn.meter, conn.standing);
    let _open = app.metrics.ws_connection();
    // On probation, it must show a known identity in time (`reserve.rs`):
    // boxed, and only then (an empty box allocates nothing).
    let mut probation: Pin<Box<dyn Future<Output = ()> + Send>> =
        match standing.clone().filter(|s| s.probation) {
            Some(s) => Box::pin(Standing::unknown_after(
                Some(s),
                app.config.limits.handshake_timeout,
            )),
            None => Box::pin(std::future::pending()),
        };
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
    let mut open: Option<(Session, queue::Receiver)> = None;
    // One task reads and writes: what is queued for the client (replies,
    // room updates) goes out first, in one write, then the next message
    // from the client is read and handled.
    let end = loop {
        tokio::select! {
            biased;
            _ = close.cancelled() => {
                break if app.shutdown.is_cancelled() {
                    End::Shutdown
                } else if open.as_ref().is_some_and(|(session, _)| session.kicked()) {
                    End::Kicked
                } else {
                    End::SlowClient
                };
            }
            Some(text) = queued(&mut open) => {
                let (session, rx) = open.as_mut().expect("a queue");
                // What a person hides (blocked players' chat, zen) is
                // taken out here, and errors put in its language.
                let texts = std::iter::once(text).chain(std::iter::from_fn(|| rx.try_recv()));
                let shown = texts.filter_map(|text| session.shown(text)).map(Message::Text);
                // A room that finds the queue full cancels `close`: stop
                // waiting for a client that does not read. Boxed, like the
                // ping's: a write's future is large, and idle most of the time.
                let written = tokio::select! {
                    written = Box::pin(written(write_timeout, write(&mut socket, shown))) => written,
                    _ = close.cancelled() => continue,
                };
                if let Err(end) = written {
                    break end;
                }
            }
            frame = socket.recv() => {
                heartbeat.heard();
                if let Some(meter) = &meter {
                    meter.received(&frame);
                }
                let text = match frame {
                    Some(Ok(Message::Text(text))) => Ok(text),
                    Some(Ok(Message::Binary(_))) => {
                        Err(Box::new(error(None, codes::BAD_MESSAGE, "binary frames are not used: send JSON text")))
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | None => break End::Client,
                    Some(Err(e)) => break bad_frame(e),
                };
                let (session, _) = open.get_or_insert_with(|| {
                    Session::open(app.clone(), client, close.clone(), standing.clone())
                });
                // Read by the session, which checks the message rate first.
                match text.and_then(|text| session.read(&text)) {
                    // Boxed: handling a message needs a large future, but
                    // only while it runs, not for every idle connection.
                    Ok(message) => Box::pin(session.on_message(message)).await,
                    Err(reply) => session.reply(*reply),
                }
            }
            _ = heartbeat.fired() => match heartbeat.beat() {
                Beat::Wait => {}
                Beat::Ping => {
                    let ping = socket.send(Message::Ping(Default::default()));
                    if let Err(end) = Box::pin(written(write_timeout, ping)).await {
                        break end;
                    }
                }
                Beat::Dead => break End::Idle,
            },
            _ = &mut probation => break End::Probation,
        }
    };
    if let Some(reason) = end.refusal() {
        app.metrics.refused(reason);
    }
    // What the rooms queued before a shutdown (a drained node's `moved`)
    // goes out before the goodbye, and a ban's reason before its close.
    if matches!(end, End::Shutdown | End::Kicked)
        && let Some((session, rx)) = open.as_mut()
    {
        let queued = std::iter::from_fn(|| rx.try_recv());
        let spoken = queued.map(|text| Message::Text(session.spoken(text)));
        let _ = Box::pin(tokio::time::timeout(GOODBYE, write(&mut socket, spoken))).await;
    }
    // An upgrade (a new process takes over): reconnect at once.
    let reconnect = end == End::Shutdown && app.handing_over.is_cancelled();
    if let Some((bye, code, reason)) = end.goodbye(reconnect) {
        let bye = bye.map(|bye| ServerMessage::Bye {
            reason: bye.into(),
            reconnect,
        });
        let close = CloseFrame {
            code,
            reason: reason.into(),
        };
        let bye = bye.iter().map(|bye| Message::Text(crate::room::encode(bye)));
        let goodbye = bye.chain([Message::Close(Some(close))]);
        let _ = Box::pin(tokio::time::timeout(GOODBYE, write(&mut socket, goodbye))).await;
    }
    if let Some((session, _)) = open {
        Box::pin(session.close()).await;
    }
}

/// Writes `messages` to the socket in one write.
async fn write(socket: &mut WebSocket, messages: impl Iterator<Item = Message>) -> Result<(), axum::Error> {
    for message in messages {
        socket.feed(message).await?;
    }
    socket.flush().await
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
