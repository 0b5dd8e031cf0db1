//! The socket side of `lodestone play`: one WebSocket to the server that
//! comes back by itself. It forwards every server message to the app,
//! sends what the app asks, notices a dead connection (no frame for a
//! while, even after a ping), and after a drop tries again with growing,
//! jittered waits, telling the app when the next try comes. When the app
//! follows a `moved`, the socket goes to the node named; when a socket to
//! such a node drops, the next try goes back to the server the player
//! named (which sends the room on again if it is still elsewhere). It
//! never reads or changes the game: that is the model's job.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use lodestone_i18n::Words;
use lodestone_protocol::{ClientMessage, Code, GameInfo, ServerMessage};
use rand::rngs::SmallRng;
use rand::{Rng, RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::time::{Instant, MissedTickBehavior, interval, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::model::Msg;
use super::target::Target;

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Without any frame for this long, a ping goes out.
const PING_AFTER: Duration = Duration::from_millis(1500);
/// Without any frame for this long (the ping unanswered), the app is told
/// the connection is not live: it refuses input and marks the clocks.
const QUIET_AFTER: Duration = Duration::from_millis(2700);
/// Without any frame for this long, the connection counts as dead.
const DEAD_AFTER: Duration = Duration::from_secs(8);
/// The first wait before reconnecting, and the longest.
const FIRST_DELAY: Duration = Duration::from_millis(300);
const MAX_DELAY: Duration = Duration::from_secs(8);

/// What the app asks of the socket.
#[derive(Debug)]
pub enum Command {
    Send(ClientMessage),
    /// Close this socket and connect to `url` (a node a `moved` named)
    /// after `after`.
    Follow {
        url: String,
        after: Duration,
    },
}

/// How a connection ended.
enum Ended {
    /// Lost, for this reason.
    Lost(String),
    /// The app follows a `moved`.
    Follow(String, Duration),
    /// The server is being upgraded: the same address serves again at once.
    Upgrade,
    /// The app is done.
    Done,
}

/// Opens the WebSocket (over TLS for `wss://`, checked against the
/// public roots of trust); the error says why not, in `words`.
pub async fn connect(target: &Target, words: &Words) -> Result<Socket, String> {
    match timeout(
        CONNECT_TIMEOUT,
        tokio_tungstenite::connect_async(target.ws.as_str()),
    )
    .await
    {
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(tokio_tungstenite::tungstenite::Error::Io(e)))
            if target.ws.starts_with("wss://") && e.kind() == std::io::ErrorKind::InvalidData =>
        {
            Err(words.with("conn-tls-handshake", &[("error", e.to_string().into())]))
        }
        Ok(Err(e)) => Err(describe(&e, words)),
        Err(_) => Err(words.with("conn-no-answer", &[("seconds", CONNECT_TIMEOUT.as_secs().into())])),
    }
}

/// A connection error in a person's words (the system's own words for
/// what the system reports).
fn describe(error: &tokio_tungstenite::tungstenite::Error, words: &Words) -> String {
    use tokio_tungstenite::tungstenite::Error;
    match error {
        Error::Io(e) => e.to_string(),
        Error::Tls(e) => format!("TLS: {e}"),
        Error::Http(response) => words.with(
            "conn-not-websocket",
            &[("status", response.status().to_string().into())],
        ),
        other => other.to_string(),
    }
}

/// The wait before attempt `failures` (from 1): doubling from 300 ms up
/// to 8 s, with jitter so a restarted server is not met by every client
/// at once.
pub fn backoff(failures: u32, rng: &mut impl Rng) -> Duration {
    let full = FIRST_DELAY
        .saturating_mul(1 << failures.saturating_sub(1).min(8))
        .min(MAX_DELAY);
    full.mul_f64(rng.random_range(0.5..=1.0))
}

/// Runs the connection until the app drops `commands`. `first` is the
/// connection made before the terminal was taken over.
pub async fn run(
    home: Target,
    first: Socket,
    mut commands: mpsc::UnboundedReceiver<Command>,
    events: mpsc::UnboundedSender<Msg>,
    words: Words,
) {
    let mut rng = SmallRng::seed_from_u64(rand::rng().random());
    let mut next = Some(first);
    let mut failures = 0;
    // Where the next try goes: home, or the node a `moved` named.
    let mut target = home.clone();
    loop {
        let socket = match next.take() {
            Some(socket) => Ok(socket),
            None => connect(&target, &words).await,
        };
        let reason = match socket {
            Ok(socket) => {
                failures = 0;
                if events.send(Msg::Connected).is_err() {
                    return;
                }
                match serve(socket, &mut commands, &events, &words).await {
                    Ended::Lost(reason) => reason,
                    Ended::Follow(url, after) => {
                        target = Target {
                            ws: url,
                            ..home.clone()
                        };
                        if !wait(after, &mut commands).await {
                            return;
                        }
                        continue;
                    }
                    Ended::Done => return,
                    // Back at once (after a moment of jitter, so the
                    // clients of the server do not all come at the same
                    // instant), with no failure counted: the requests
                    // without a reply are dropped as after any lost
                    // connection, and the rooms are watched again.
                    Ended::Upgrade => {
                        let wait = Duration::from_millis(rng.random_range(50..=300));
                        let upgrading = Msg::Lost {
                            retry_in: wait,
                            reason: words.get("conn-upgrading"),
                        };
                        if events.send(upgrading).is_err() || !self::wait(wait, &mut commands).await {
                            return;
                        }
                        continue;
                    }
                }
            }
            Err(reason) => reason,
        };
        // A node that is gone: the next try goes home.
        target = home.clone();
        failures += 1;
        let wait = backoff(failures, &mut rng);
        if events
            .send(Msg::Lost {
                retry_in: wait,
                reason,
            })
            .is_err()
        {
            return;
        }
        if !self::wait(wait, &mut commands).await {
            return;
        }
    }
}

/// Waits `wait` between connections; false when the app is done.
/// Requests made while offline are refused by the app; anything that
/// still arrives is dropped.
async fn wait(wait: Duration, commands: &mut mpsc::UnboundedReceiver<Command>) -> bool {
    let until = Instant::now() + wait;
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(until) => return true,
            command = commands.recv() => if command.is_none() { return false },
        }
    }
}

/// Serves one open connection; returns why it ended, or `None` when the
/// app is done.
async fn serve(
    mut socket: Socket,
    commands: &mut mpsc::UnboundedReceiver<Command>,
    events: &mpsc::UnboundedSender<Msg>,
    words: &Words,
) -> Ended {
    let mut last_heard = Instant::now();
    let (mut pinged, mut quiet) = (false, false);
    let mut watchdog = interval(Duration::from_millis(250));
    watchdog.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            frame = socket.next() => {
                last_heard = Instant::now();
                pinged = false;
                if quiet {
                    quiet = false;
                    if events.send(Msg::Quiet(false)).is_err() {
                        return Ended::Done;
                    }
                }
                match frame {
                    Some(Ok(Message::Text(text))) => {
                        trace("<", &text);
                        let message = serde_json::from_str::<ServerMessage>(&text).unwrap_or_else(|e| ServerMessage::Error {
                            id: None,
                            code: Code::BadMessage,
                            message: words.with("conn-unreadable", &[("error", e.to_string().into())]),
                            detail: None,
                        });
                        if let ServerMessage::Bye { reason, reconnect } = &message {
                            let _ = socket.close(None).await;
                            if *reconnect {
                                return Ended::Upgrade;
                            }
                            return Ended::Lost(words.with("conn-goodbye", &[("reason", reason.clone().into())]));
                        }
                        if events.send(Msg::Server(message)).is_err() {
                            return Ended::Done;
                        }
                    }
                    Some(Ok(Message::Close(_))) | None => return Ended::Lost(words.get("conn-closed")),
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return Ended::Lost(describe(&e, words)),
                }
            }
            command = commands.recv() => {
                let message = match command {
                    Some(Command::Send(message)) => message,
                    Some(Command::Follow { url, after }) => {
                        let _ = socket.close(None).await;
                        return Ended::Follow(url, after);
                    }
                    None => {
                        let _ = socket.close(None).await;
                        return Ended::Done;
                    }
                };
                let text = serde_json::to_string(&message).expect("client messages serialise");
                trace(">", &text);
                if let Err(e) = socket.send(Message::text(text)).await {
                    return Ended::Lost(describe(&e, words));
                }
            }
            _ = watchdog.tick() => {
                let silence = last_heard.elapsed();
                if silence >= DEAD_AFTER {
                    return Ended::Lost(words.with("conn-silent", &[("seconds", DEAD_AFTER.as_secs().into())]));
                }
                if silence >= PING_AFTER && !pinged {
                    pinged = true;
                    if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                        return Ended::Lost(words.get("conn-broke"));
                    }
                }
                if silence >= QUIET_AFTER && !quiet {
                    quiet = true;
                    if events.send(Msg::Quiet(true)).is_err() {
                        return Ended::Done;
                    }
                }
            }
        }
    }
}

/// With `LODESTONE_TRACE=FILE`, every frame sent (`>`) and received (`<`)
/// is appended to FILE: the terminal itself shows only the game.
fn trace(direction: &str, text: &str) {
    use std::io::Write;
    let Some(path) = std::env::var_os("LODESTONE_TRACE") else {
        return;
    };
    if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = writeln!(file, "{direction} {text}");
    }
}

/// `GET /api/games`: the games the server plays, with their options.
pub async fn fetch_games(target: &Target, words: &Words) -> Result<Vec<GameInfo>, String> {
    let url = format!("{}/api/games", target.http);
    let failed = |id: &'static str, url: &str, e: String| {
        words.with(id, &[("url", url.to_string().into()), ("error", e.into())])
    };
    let answer = tokio::task::spawn_blocking({
        let url = url.clone();
        move || {
            let agent: ureq::Agent = ureq::config::Config::builder()
                .timeout_global(Some(CONNECT_TIMEOUT))
                .build()
                .into();
            let mut response = agent.get(&url).call().map_err(|e| ("games-get", e.to_string()))?;
            let body = response
                .body_mut()
                .read_to_string()
                .map_err(|e| ("games-read", e.to_string()))?;
            serde_json::from_str(&body).map_err(|e| ("games-not-listed", e.to_string()))
        }
    })
    .await;
    match answer {
        Ok(Ok(games)) => Ok(games),
        Ok(Err((id, e))) => Err(failed(id, &url, e)),
        Err(e) => Err(failed("games-failed", &url, e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_off_doubles_up_to_a_ceiling_with_jitter() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        for failures in 1..20 {
            let wait = backoff(failures, &mut rng);
            let full = FIRST_DELAY * 2u32.pow(failures.min(9) - 1);
            let full = full.min(MAX_DELAY);
            assert!(wait <= full && wait >= full / 2, "{failures}: {wait:?}");
        }
    }
}
