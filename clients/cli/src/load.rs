//! `lodestone load`: drives a server with many concurrent games of random
//! legal moves and reports throughput, move latency, server CPU per move
//! and errors; or (`--idle`) opens many idle connections and reports the
//! server's memory per connection; or (`--live-games`) opens many live
//! games, each with its players' connections, and reports the server's
//! memory per live game.
//!
//! Closed loop: every client moves as soon as its turn arrives. Open loop
//! (`--rate`): each game moves on a fixed schedule so that all games
//! together offer the given moves per second; latency then counts from the
//! scheduled time, so a slow server cannot hide its queueing.
//!
//! Latency of a move = from sending the action (or its scheduled time) until
//! the mover receives the update that includes it.
//!
//! Several servers (the nodes of one cluster, docs/scaling.md): the
//! players are spread over them in turn, so the players of one game are
//! on different nodes, and each follows `moved` to the node that owns its
//! room; the report adds a line per node.
//!
//! `--bot-rooms N` adds N rooms where one client plays against the server's
//! own bots (`--bot-level`, `hard` by default), answering at once, so that
//! the bots are thinking all the time; their moves are counted apart and
//! the latency stays that of the people's games.

mod bots;
mod live;
mod process;
mod report;
mod run;
mod slot;
mod stats;
mod view;

pub use live::{LiveGames, live_games};
pub use run::{idle, run};
pub use stats::{LoadConfig, is_limit_failure, limits_hint};

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use futures_util::{SinkExt, StreamExt};
    use lodestone_protocol::{RequestId, RoomState};
    use lodestone_server::{Config, Limits, Server};
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    use serde_json::{Value, json};
    use tokio_tungstenite::tungstenite::Message;

    use lodestone_protocol::{RoomStatus, ServerMessage};

    use super::view::LoadView;
    use crate::net::{Frame, RoomView, read_frame};

    /// How a frame was read before: into a `serde_json::Value`, then into
    /// a `ServerMessage`; a message not understood gives its id, if any.
    fn oracle(text: &str) -> std::result::Result<ServerMessage, Option<RequestId>> {
        let Ok(value) = serde_json::from_str::<Value>(text) else {
            return Err(None);
        };
        serde_json::from_value(value.clone()).map_err(|_| {
            value
                .get("id")
                .and_then(|i| serde_json::from_value(i.clone()).ok())
        })
    }

    /// What the load generator reads of a whole state.
    type Seen = (RoomStatus, Option<(Vec<u8>, Vec<String>, Vec<u8>, u32)>);

    fn seen_of_state(state: &RoomState) -> Seen {
        let play = state.play.as_ref().map(|p| {
            (
                p.to_act.clone(),
                p.legal.clone(),
                p.moves.iter().map(|m| m.seat).collect(),
                p.moves_from,
            )
        });
        (state.status, play)
    }

    fn seen_of_view(view: &LoadView) -> Seen {
        let play = view.play.as_ref().map(|p| {
            (
                p.to_act.clone(),
                (0..p.legal.len()).map(|i| p.legal.get(i).to_string()).collect(),
                p.moves.iter().map(|m| m.seat).collect(),
                p.moves_from,
            )
        });
        (view.status, play)
    }

    /// Reads `text` the old way and both new ways (the whole state, the
    /// load generator's view) and asserts they agree.
    fn agree(text: &str) {
        let old = oracle(text);
        agrees::<RoomState>(text, &old, |state, s| assert!(state == s, "{text}"));
        agrees::<LoadView>(text, &old, |state, s| {
            assert_eq!(seen_of_state(state), seen_of_view(s), "{text}")
        });
    }

    /// Reads `text` with `S` for the room and asserts it agrees with `old`
    /// (the old way's reading); `same_state` compares an update's states.
    fn agrees<S: RoomView>(
        text: &str,
        old: &std::result::Result<ServerMessage, Option<RequestId>>,
        same_state: impl Fn(&RoomState, &S),
    ) {
        match (old, read_frame::<S>(text)) {
            (
                Ok(ServerMessage::Update { room, version, state }),
                Ok(Frame::Update {
                    room: r,
                    version: v,
                    state: s,
                }),
            ) => {
                assert!(*room == r && *version == v, "{text}");
                same_state(state, &s);
            }
            (Ok(message), Ok(Frame::Other(m))) => assert_eq!(*message, m, "{text}"),
            (Err(id), Err(i)) => assert_eq!(*id, i, "{text}"),
            (_, _) => panic!(
                "read as {} otherwise than before: {text}",
                std::any::type_name::<S>()
            ),
        }
    }

    type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

    /// A raw client that keeps every text frame it receives.
    struct Raw {
        ws: Ws,
        next_id: u64,
        frames: Vec<String>,
        state: Option<(u64, RoomState)>,
    }

    impl Raw {
        async fn read(&mut self) -> ServerMessage {
            let Some(Ok(Message::Text(text))) = self.ws.next().await else {
                panic!("the server closed the connection");
            };
            self.frames.push(text.to_string());
            let message: ServerMessage = serde_json::from_str(&text).unwrap();
            if let ServerMessage::Update { version, state, .. } = &message {
                self.state = Some((*version, (**state).clone()));
            }
            message
        }

        async fn request(&mut self, mut message: Value) -> ServerMessage {
            let id = self.next_id;
            self.next_id += 1;
            message["id"] = id.into();
            self.ws.send(Message::text(message.to_string())).await.unwrap();
            loop {
                let reply = self.read().await;
                if crate::net::reply_id(&reply) == Some(&RequestId::Number(id)) {
                    return reply;
                }
            }
        }

        /// Reads until the state is at `version` or later, and started.
        async fn until(&mut self, version: u64) {
            while self
                .state
                .as_ref()
                .is_none_or(|(v, s)| *v < version || s.play.is_none())
            {
                self.read().await;
            }
        }
    }

    /// Every frame two or more raw clients receive while they play
    /// `games` random games of `game` on a real server.
    async fn frames_of_random_games(
        game: &str,
        options: Value,
        seats: usize,
        games: usize,
        seed: u64,
    ) -> Vec<String> {
        let dir = std::env::temp_dir().join(format!("lodestone-load-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join(format!("{game}-{seed}.db"));
        let _ = std::fs::remove_file(&db);
        let server = Server::start(Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            database: format!("sqlite://{}", db.display()),
            rate_limit: 0,
            limits: Limits::off(),
            ..Config::default()
        })
        .await
        .unwrap();
        let url = format!("ws://{}/ws", server.addr());
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut clients = Vec::new();
        for s in 0..seats {
            let (ws, _) = tokio_tungstenite::connect_async(url.as_str()).await.unwrap();
            let mut c = Raw {
                ws,
                next_id: 1,
                frames: Vec::new(),
                state: None,
            };
            c.request(json!({"type": "hello", "protocol": lodestone_protocol::PROTOCOL_VERSION, "name": format!("p{s}")}))
                .await;
            clients.push(c);
        }
        for _ in 0..games {
            let ServerMessage::Ack {
                room: Some(room),
                invite,
                ..
            } = clients[0]
                .request(json!({"type": "create_room", "game": game, "options": options, "public": false}))
                .await
            else {
                panic!("no room");
            };
            for (seat, c) in clients.iter_mut().enumerate() {
                c.state = None;
                c.request(json!({"type": "join", "room": room, "seat": seat, "invite": invite}))
                    .await;
            }
            clients[0].request(json!({"type": "start", "room": room})).await;
            let mut version = 0;
            loop {
                for c in clients.iter_mut() {
                    c.until(version).await;
                }
                let state = &clients[0].state.as_ref().unwrap().1;
                if state.status == RoomStatus::Finished {
                    break;
                }
                let to_act = state.play.as_ref().unwrap().to_act.clone();
                let seat = to_act[rng.random_range(0..to_act.len())] as usize;
                let c = &mut clients[seat];
                let legal = &c.state.as_ref().unwrap().1.play.as_ref().unwrap().legal;
                let action = legal[rng.random_range(0..legal.len())].clone();
                let reply = c
                    .request(json!({"type": "act", "room": room, "action": action}))
                    .await;
                let ServerMessage::Ack { version: Some(v), .. } = reply else {
                    panic!("{game}: act {action} refused: {reply:?}");
                };
                version = v;
            }
            for c in clients.iter_mut() {
                c.request(json!({"type": "unwatch", "room": room})).await;
            }
        }
        server.shutdown().await;
        clients.into_iter().flat_map(|c| c.frames).collect()
    }

    /// Every frame of many random games (and a few written by hand) reads
    /// the same as it did through a `serde_json::Value`, whole and as the
    /// load generator's view.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn frames_read_as_they_did_through_a_value() {
        let mut frames = frames_of_random_games("magneton", json!({}), 2, 12, 7).await;
        for kind in ["update", "ack"] {
            let begin = format!(r#"{{"type":"{kind}","#);
            let count = frames.iter().filter(|f| f.starts_with(&begin)).count();
            assert!(count > 100, "the server's {kind}s begin with their type");
        }
        frames.extend(frames_of_random_games("magma", json!({"players": "3"}), 3, 3, 8).await);
        let update = frames
            .iter()
            .find(|f| f.starts_with(r#"{"type":"update","#) && f.contains(r#""legal":[""#))
            .unwrap()
            .clone();
        let mut value: Value = serde_json::from_str(&update).unwrap();
        // The same update with its tag last (not the fast path), with
        // actions that need escapes, and broken (on both paths).
        value.as_object_mut().unwrap().remove("type");
        let tag_last = |value: &Value| {
            let text = value.to_string();
            format!(r#"{},"type":"update"}}"#, &text[..text.len() - 1])
        };
        let tag_first = |value: &Value| r#"{"type":"update","#.to_string() + &value.to_string()[1..];
        value["state"]["play"]["legal"] = json!(["a\"b", "\u{e9}\\", ""]);
        let escaped = value.clone();
        value["state"]["play"]["legal"] = json!(["x", 3]);
        let broken = value;
        frames.extend([
            update.replacen(r#"{"type":"update","#, r#"{"type":"update" ,"#, 1),
            tag_last(&escaped),
            tag_first(&escaped),
            tag_last(&broken),
            tag_first(&broken),
            r#"{"type":"ack","id":"x","room":null,"seat":2,"extra":[1]}"#.to_string(),
            r#"{"type":"ack","id":1,"version":"7"}"#.to_string(),
            r#"{"type":"ack","room":"r"}"#.to_string(),
            r#"{"type":"ack","id":1,"id":2}"#.to_string(),
            r#"{"type":"ack","id":1,"type":"pong"}"#.to_string(),
            tag_first(&escaped).replacen(
                r#"{"type":"update","#,
                r#"{"type":"update","type":"bye","reason":"x","#,
                1,
            ),
            tag_first(&escaped).replacen(r#""version":"#, r#""version":1,"version":"#, 1),
            r#"{"type":"ack","id":1} x"#.to_string(),
            r#"{"type":"news","id":7,"text":"hi"}"#.to_string(),
            r#"{"type":"welcome_v2","id":"w"}"#.to_string(),
            r#"{"type":"update","room":"r","version":1}"#.to_string(),
            "not json".to_string(),
            r#"{"type":"error","id":3,"code":"not-your-turn","message":"wait"}"#.to_string(),
        ]);
        for frame in &frames {
            agree(frame);
        }
    }
}
