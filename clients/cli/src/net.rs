//! A small protocol client for the bot and the load generator: one
//! WebSocket connection, requests answered by id, and the latest room state
//! from the server's updates.

use std::net::{IpAddr, SocketAddr};

use anyhow::{Context, Result, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use lodestone_protocol::{PROTOCOL_VERSION, RequestId, RoomState, ServerMessage};
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async};

/// Where the server is: its socket address and the WebSocket URL.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub addr: SocketAddr,
    pub url: String,
}

impl Endpoint {
    /// Reads `ws://HOST:PORT[/ws]` or `http://HOST:PORT`. Only literal IP
    /// addresses; loopback only unless `remote` is allowed.
    pub fn parse(url: &str, remote: bool) -> Result<Endpoint> {
        let rest = url
            .strip_prefix("ws://")
            .or_else(|| url.strip_prefix("http://"))
            .ok_or_else(|| {
                anyhow!("{url}: use ws://HOST:PORT or http://HOST:PORT (TLS is the proxy's job)")
            })?;
        let host_port = rest.split('/').next().unwrap_or(rest);
        let addr: SocketAddr = host_port.parse().with_context(|| {
            format!("{url}: the host must be an IP address and a port, like 127.0.0.1:8080")
        })?;
        if !remote && !addr.ip().is_loopback() {
            bail!("{url} is not a loopback address; pass --allow-remote to drive another host");
        }
        Ok(Endpoint {
            addr,
            url: format!("ws://{host_port}/ws"),
        })
    }
}

/// One connection to the server.
#[derive(Debug)]
pub struct Connection {
    ws: WebSocketStream<TcpStream>,
    next_id: u64,
    /// The latest state per room, from updates.
    pub state: Option<(u64, Box<RoomState>)>,
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
    Closed,
}

impl Connection {
    /// Connects, from the local address `source` if given (to spread many
    /// connections over several loopback addresses).
    pub async fn connect(endpoint: &Endpoint, source: Option<IpAddr>) -> Result<Connection> {
        let socket = if endpoint.addr.is_ipv4() {
            TcpSocket::new_v4()?
        } else {
            TcpSocket::new_v6()?
        };
        if let Some(ip) = source {
            socket.bind(SocketAddr::new(ip, 0))?;
        }
        socket.set_nodelay(true)?;
        let stream = socket.connect(endpoint.addr).await.context("connecting")?;
        let (ws, _) = client_async(endpoint.url.as_str(), stream)
            .await
            .context("WebSocket handshake")?;
        Ok(Connection {
            ws,
            next_id: 1,
            state: None,
        })
    }

    /// Sends `message` with a fresh id; returns the id.
    pub async fn send(&mut self, mut message: Value) -> Result<RequestId> {
        let id = RequestId::Number(self.next_id);
        self.next_id += 1;
        message["id"] = json!(self.next_id - 1);
        self.ws.send(Message::text(message.to_string())).await?;
        Ok(id)
    }

    /// The next event: a reply, an update (kept as the current state) or
    /// the end of the connection.
    pub async fn next(&mut self) -> Result<Event> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(text))) => {
                    let Ok(value) = serde_json::from_str::<Value>(&text) else {
                        return Ok(Event::Unknown { id: None });
                    };
                    let message: ServerMessage = match serde_json::from_value(value.clone()) {
                        Ok(message) => message,
                        Err(_) => {
                            let id = value
                                .get("id")
                                .and_then(|i| serde_json::from_value(i.clone()).ok());
                            return Ok(Event::Unknown { id });
                        }
                    };
                    return Ok(match message {
                        ServerMessage::Update { version, state, .. } => {
                            self.state = Some((version, state));
                            Event::Update { version }
                        }
                        ServerMessage::Bye { .. } => Event::Closed,
                        other => Event::Reply(other),
                    });
                }
                Some(Ok(Message::Close(_))) | None => return Ok(Event::Closed),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
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
                }) if i == id => {
                    bail!("{code}: {message}")
                }
                Event::Reply(reply) if reply_id(&reply) == Some(&id) => return Ok(reply),
                Event::Unknown { id: Some(i) } if i == id => {
                    bail!("the server answered with a message this client does not understand")
                }
                Event::Closed => bail!("the server closed the connection"),
                _ => {}
            }
        }
    }

    /// `hello` as a new guest (or with a token); returns the guest token.
    pub async fn hello(&mut self, name: &str, token: Option<&str>) -> Result<Option<String>> {
        let mut message = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name});
        if let Some(token) = token {
            message["token"] = json!(token);
        }
        match self.request(message).await? {
            ServerMessage::Welcome { token, .. } => Ok(token),
            other => bail!("unexpected reply to hello: {other:?}"),
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
            other => bail!("unexpected reply to create_room: {other:?}"),
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
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
        let mut conn = Connection::connect(&endpoint, None).await.unwrap();
        conn.hello("Bot", None).await.unwrap();
    }

    #[tokio::test]
    async fn a_reply_of_an_unknown_kind_is_an_error_not_a_wait() {
        let endpoint = server(vec![r#"{"type":"welcome_v2","id":1}"#]).await;
        let mut conn = Connection::connect(&endpoint, None).await.unwrap();
        let e = conn.hello("Bot", None).await.unwrap_err();
        assert!(e.to_string().contains("does not understand"), "{e}");
    }
}
