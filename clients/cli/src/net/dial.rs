//! Reaching a node: where it is (`Endpoint`), opening its WebSocket, and
//! going to another node after a `moved` or a drop (saying `hello` there
//! with the same token and sending again what must go again).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use lodestone_protocol::{PROTOCOL_VERSION, RequestId, ServerMessage};
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{WebSocketStream, client_async_with_config};

use crate::out::{say, say_with};

/// Where a server (or one node of several) is: its socket address and the
/// WebSocket URL.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub addr: SocketAddr,
    pub url: String,
    /// Whether an address off this machine is allowed (for the nodes a
    /// `moved` names too).
    pub remote: bool,
}

impl Endpoint {
    /// Reads `ws://HOST:PORT[/PATH]` (the path defaults to `/ws`, and
    /// another is kept: a node behind a proxy at `/n/n2/ws`) or
    /// `http://HOST:PORT`. Only literal IP addresses; loopback only unless
    /// `remote` is allowed.
    pub fn parse(url: &str, remote: bool) -> Result<Endpoint> {
        let (rest, keep_path) = match (url.strip_prefix("ws://"), url.strip_prefix("http://")) {
            (Some(rest), _) => (rest, true),
            (_, Some(rest)) => (rest, false),
            _ => bail!(say_with("net-url-scheme", &[("url", url.to_string().into())])),
        };
        let (host_port, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let addr: SocketAddr = host_port
            .parse()
            .with_context(|| say_with("net-url-host", &[("url", url.to_string().into())]))?;
        if !remote && !addr.ip().is_loopback() {
            bail!(say_with("net-url-remote", &[("url", url.to_string().into())]));
        }
        let path = match path.split(['?', '#']).next().unwrap_or("") {
            p if keep_path && p.len() > 1 => p,
            _ => "/ws",
        };
        Ok(Endpoint {
            addr,
            url: format!("ws://{host_port}{path}"),
            remote,
        })
    }
}

pub(super) type Socket = WebSocketStream<TcpStream>;

/// How long a node may take to welcome a connection that goes there
/// after a move or a drop.
const GREET_PATIENCE: Duration = Duration::from_secs(10);

/// The read buffer of a socket: tungstenite zeroes the whole buffer (128
/// KiB by default) before every read, which a client of many sockets pays
/// for on every frame.
const READ_BUFFER_BYTES: usize = 4096;

/// Ids of the requests the connection makes by itself after a move; never
/// a number, so never one of the caller's.
pub(super) const OWN_ID: &str = "moved-";

/// Opens a WebSocket to `endpoint`.
pub(super) async fn open(endpoint: &Endpoint, source: Option<IpAddr>) -> Result<Socket> {
    let socket = if endpoint.addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    if let Some(ip) = source {
        socket.bind(SocketAddr::new(ip, 0))?;
    }
    socket.set_nodelay(true)?;
    let stream = socket
        .connect(endpoint.addr)
        .await
        .with_context(|| say("net-connecting"))?;
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER_BYTES);
    let (ws, _) = client_async_with_config(endpoint.url.as_str(), stream, Some(config))
        .await
        .with_context(|| say("net-handshake"))?;
    Ok(ws)
}

/// Who a connection said it is in its `hello`, to say it again on another
/// node: its name, its token, and whether it reads risks.
#[derive(Clone, Debug)]
pub(super) struct Identity {
    pub name: String,
    pub token: String,
    pub risks: bool,
}

/// The `hello` of a client that judges its own risks says so (`risks`:
/// the server then need not compute them for it).
pub(super) fn say_risks(hello: &mut Value, risks: bool) {
    if !risks {
        hello["risks"] = Value::Bool(false);
    }
}

/// Goes to another node: waits `delay`, then tries each of `nodes` in
/// turn (`rounds` times, waiting longer after each round) until one
/// welcomes us with `token`; sends `resend` (the requests to carry out
/// there) and returns its socket.
pub(super) async fn go(
    nodes: Vec<Endpoint>,
    rounds: u32,
    source: Option<IpAddr>,
    delay: Duration,
    identity: Identity,
    resend: Vec<Value>,
) -> Result<(Socket, Endpoint)> {
    tokio::time::sleep(delay).await;
    let mut failure = anyhow!(say("net-no-node"));
    for round in 0..rounds {
        if round > 0 {
            tokio::time::sleep(Duration::from_millis(300 << (round - 1).min(4))).await;
        }
        for endpoint in &nodes {
            // A node that takes the connection and never says `welcome`
            // (stalled) is passed over like one that refuses it.
            let greeted = tokio::time::timeout(GREET_PATIENCE, greet(endpoint, source, &identity))
                .await
                .unwrap_or_else(|_| {
                    Err(anyhow!(say_with(
                        "net-no-welcome",
                        &[("url", endpoint.url.clone().into())]
                    )))
                });
            match greeted {
                Ok(mut ws) => {
                    for message in &resend {
                        ws.send(Message::text(message.to_string())).await?;
                    }
                    return Ok((ws, endpoint.clone()));
                }
                Err(e) => failure = e,
            }
        }
    }
    Err(failure)
}

/// Connects to `endpoint` and says `hello` with the same token.
async fn greet(
    endpoint: &Endpoint,
    source: Option<IpAddr>,
    Identity { name, token, risks }: &Identity,
) -> Result<Socket> {
    let mut ws = open(endpoint, source)
        .await
        .with_context(|| say_with("net-going-to", &[("url", endpoint.url.clone().into())]))?;
    let hello_id = format!("{OWN_ID}hello");
    let mut hello =
        json!({"type": "hello", "id": hello_id, "protocol": PROTOCOL_VERSION, "token": token, "name": name});
    say_risks(&mut hello, *risks);
    ws.send(Message::text(hello.to_string())).await?;
    loop {
        let Some(frame) = ws.next().await else {
            bail!(say_with(
                "net-closed-before-welcome",
                &[("url", endpoint.url.clone().into())]
            ));
        };
        let Message::Text(text) = frame? else { continue };
        match serde_json::from_str::<ServerMessage>(&text) {
            Ok(ServerMessage::Welcome { id, .. }) if id == RequestId::Text(hello_id.clone()) => break,
            Ok(ServerMessage::Error {
                id, code, message, ..
            }) if id == Some(RequestId::Text(hello_id.clone())) => {
                bail!(say_with(
                    "net-hello-refused",
                    &[
                        ("url", endpoint.url.clone().into()),
                        ("code", code.to_string().into()),
                        ("message", message.into())
                    ],
                ))
            }
            _ => {}
        }
    }
    Ok(ws)
}
