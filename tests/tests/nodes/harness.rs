//! The parts of the node tests: several server processes over one
//! PostgreSQL database ([`Nodes`]), players that follow `moved` and
//! reconnect to a live node when theirs dies ([`Follower`]), and the
//! checker's view of the event table.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lodestone_protocol::{PROTOCOL_VERSION, RequestId, RoomState, ServerMessage};
use lodestone_tests::{Client, Polling, ServerProcess, database_url, eventually, temp_dir};
use serde_json::{Value, json};

pub const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// The lease of the tests' nodes, in milliseconds: short, so a failover
/// takes about a second.
pub const LEASE_MS: u64 = 1000;
/// How often the tests' nodes renew their leases.
pub const RENEW_MS: u64 = 200;

/// How long the tests' nodes' transactions may sit idle before
/// PostgreSQL ends them (below the lease).
pub const IDLE_IN_TRANSACTION: &str = "300ms";

/// How long a follower keeps trying to get back to its room.
const REJOIN: Duration = Duration::from_secs(30);

/// Runs a test of several nodes on PostgreSQL: fails with a sentence
/// without `LODESTONE_TEST_POSTGRES` (unless
/// `LODESTONE_TEST_SKIP_POSTGRES=1`).
#[macro_export]
macro_rules! node_test {
    ($($name:ident),+ $(,)?) => {
        $(
            mod $name {
                #[::tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    if ::lodestone_tests::postgres_ready() {
                        ::lodestone_tests::on_backend(::lodestone_tests::Backend::Postgres, super::$name()).await
                    }
                }
            }
        )+
    };
}

/// The addresses of the nodes that are up, shared with the followers
/// (where they reconnect when their node dies).
pub type Live = Arc<Mutex<Vec<SocketAddr>>>;

/// One node process and its name.
#[derive(Debug)]
pub struct NodeProcess {
    pub name: String,
    pub process: ServerProcess,
}

impl NodeProcess {
    pub fn addr(&self) -> SocketAddr {
        self.process.addr
    }

    pub fn pid(&self) -> u32 {
        self.process.child.id()
    }

    pub fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &self.pid().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal} failed");
    }
}

/// Several nodes over one database.
#[derive(Debug)]
pub struct Nodes {
    pub dir: PathBuf,
    pub database: String,
    pub nodes: Vec<NodeProcess>,
    pub live: Live,
    /// More flags for the nodes started from now on.
    pub extra: Vec<String>,
    /// How often the nodes started from now on renew their leases.
    pub renew_ms: u64,
    /// How long the leases of the nodes started from now on last.
    pub lease_ms: u64,
}

impl Nodes {
    /// `names.len()` nodes over a fresh database.
    pub fn start(names: &[&str]) -> Nodes {
        let dir = temp_dir();
        let database = database_url(&dir);
        Nodes::start_on(dir, database, names)
    }

    /// Nodes over `database` (in a cluster of the test's own).
    pub fn start_on(dir: PathBuf, database: String, names: &[&str]) -> Nodes {
        let mut nodes = Nodes {
            dir,
            database,
            nodes: Vec::new(),
            live: Arc::new(Mutex::new(Vec::new())),
            extra: Vec::new(),
            renew_ms: RENEW_MS,
            lease_ms: LEASE_MS,
        };
        for name in names {
            nodes.add(name);
        }
        nodes
    }

    /// Starts node `name` (again).
    pub fn add(&mut self, name: &str) -> SocketAddr {
        let database = self.database.clone();
        self.add_via(name, &database)
    }

    /// Starts node `name` on the database at `database` (the tests'
    /// database, maybe through a proxy).
    pub fn add_via(&mut self, name: &str, database: &str) -> SocketAddr {
        let (lease, renew) = (self.lease_ms.to_string(), self.renew_ms.to_string());
        let mut args = vec![
            "--database",
            database,
            "--node",
            name,
            "--lease-ms",
            &lease,
            "--renew-ms",
            &renew,
            "--workers",
            "1",
            "--bot-threads",
            "1",
            // Below the lease, as the bound must be.
            "--db-idle-in-transaction-timeout",
            IDLE_IN_TRANSACTION,
        ];
        args.extend(self.extra.iter().map(String::as_str));
        let process = ServerProcess::start_with(SERVER, &args, &self.dir);
        let addr = process.addr;
        self.live.lock().unwrap().push(addr);
        self.nodes.push(NodeProcess {
            name: name.to_string(),
            process,
        });
        addr
    }

    pub fn addr(&self, name: &str) -> SocketAddr {
        self.node(name).addr()
    }

    pub fn node(&self, name: &str) -> &NodeProcess {
        self.nodes
            .iter()
            .find(|n| n.name == name)
            .expect("a node of that name")
    }

    /// Takes node `name` out of the list (its process is returned).
    pub fn remove(&mut self, name: &str) -> NodeProcess {
        let index = self
            .nodes
            .iter()
            .position(|n| n.name == name)
            .expect("a node of that name");
        let node = self.nodes.remove(index);
        self.live.lock().unwrap().retain(|a| *a != node.addr());
        node
    }

    /// SIGKILL of node `name`.
    pub fn kill(&mut self, name: &str) {
        self.remove(name).process.kill();
    }

    /// SIGTERM of node `name`; waits for it to exit (drained).
    pub fn stop(&mut self, name: &str) -> std::process::ExitStatus {
        let mut node = self.remove(name);
        node.signal("TERM");
        Polling::default()
            .every(Duration::from_millis(20))
            .blocking(format!("node {name} to stop"), || {
                node.process.child.try_wait().expect("a status")
            })
    }

    /// `room`'s lease row, expired or not; `None` if it has none.
    pub async fn lease(&self, room: &str) -> Option<Lease> {
        let mut conn = connect(&self.database).await;
        sqlx::query_as(
            "SELECT node, epoch, deadline, expires_at > clock_timestamp() AS live FROM leases WHERE room_id = $1",
        )
        .bind(room)
        .fetch_optional(&mut conn)
        .await
        .unwrap()
    }

    /// The node the database says holds `room`'s lease (unexpired).
    pub async fn owner(&self, room: &str) -> Option<String> {
        self.lease(room).await.filter(|l| l.live).map(|l| l.node)
    }

    /// Waits until `room`'s lease is held by a node other than `not`.
    pub async fn owner_other_than(&self, room: &str, not: &str) -> String {
        eventually!(
            Polling::within(REJOIN),
            format!("a node other than {not} to take room {room}"),
            { self.owner(room).await.filter(|owner| owner != not) }
        )
    }
}

pub async fn connect(url: &str) -> sqlx::PgConnection {
    use sqlx::Connection;
    sqlx::PgConnection::connect(url)
        .await
        .expect("the test connects to PostgreSQL")
}

/// A room's lease row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Lease {
    pub node: String,
    pub epoch: i64,
    /// The room's next timer (a clock, a Magma turn, expiry; unix ms), if any.
    pub deadline: Option<i64>,
    /// Unexpired, by the database's clock.
    pub live: bool,
}

/// One stored event, as the checker reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Stored {
    pub seq: i64,
    pub kind: String,
    pub data: String,
}

/// Every event of `room`, in order, from the event table.
pub async fn stored(database: &str, room: &str) -> Vec<Stored> {
    let mut conn = connect(database).await;
    sqlx::query_as("SELECT seq, kind, data FROM events WHERE room_id = $1 ORDER BY seq")
        .bind(room)
        .fetch_all(&mut conn)
        .await
        .unwrap()
}

/// The action of a stored `action` event.
pub fn action_of(event: &Stored) -> Option<String> {
    (event.kind == "action").then(|| {
        let data: Value = serde_json::from_str(&event.data).unwrap();
        data["action"].as_str().unwrap().to_string()
    })
}

/// The address of a `moved` URL (`ws://ADDR/ws`).
pub fn addr_of(url: &str) -> Option<SocketAddr> {
    url.strip_prefix("ws://")?.strip_suffix("/ws")?.parse().ok()
}

/// What became of an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Acted {
    /// Acknowledged at this version.
    Acked(u64),
    /// Not acknowledged (the node died or handed the room over), but the
    /// room has it: stored once, never sent again.
    StoredUnacked,
    /// Refused with this code.
    Refused(String),
}

/// A player that follows `moved` and, when its node dies, reconnects to a
/// live one, says hello with its token, watches its room again and
/// resumes from the version it gets.
#[derive(Debug)]
pub struct Follower {
    pub name: String,
    pub token: String,
    pub client: Client,
    pub addr: SocketAddr,
    pub room: Option<String>,
    live: Live,
    next_id: u64,
    /// `moved` messages followed.
    pub moved: usize,
    /// Connections lost (their node died or stopped).
    pub lost: usize,
}

/// A reply, or the connection or the room went away.
enum Reply {
    Got(ServerMessage),
    /// `moved` for our room, with where to.
    Moved(String),
    Closed,
}

impl Follower {
    /// A new guest `name` on the node at `addr`.
    pub async fn new(live: &Live, addr: SocketAddr, name: &str) -> Follower {
        let mut client = Client::connect(addr).await;
        let token = client.hello(name).await;
        Follower {
            name: name.to_string(),
            token,
            client,
            addr,
            room: None,
            live: live.clone(),
            next_id: 1_000_000,
            moved: 0,
            lost: 0,
        }
    }

    /// Sends `message` with a fresh id and waits for its reply, a `moved`
    /// for our room, or the end of the connection.
    async fn send(&mut self, mut message: Value) -> Reply {
        let id = RequestId::Number(self.next_id);
        self.next_id += 1;
        message["id"] = serde_json::to_value(&id).unwrap();
        self.client.send_text(&message.to_string()).await;
        loop {
            match self.client.recv().await {
                None | Some(ServerMessage::Bye { .. }) => return Reply::Closed,
                Some(ServerMessage::Moved { room, url }) if Some(&room) == self.room.as_ref() => {
                    return Reply::Moved(url);
                }
                Some(
                    m @ (ServerMessage::Ack { .. }
                    | ServerMessage::Welcome { .. }
                    | ServerMessage::Rooms { .. }),
                ) => {
                    let matches = match &m {
                        ServerMessage::Ack { id: i, .. }
                        | ServerMessage::Welcome { id: i, .. }
                        | ServerMessage::Rooms { id: i, .. } => *i == id,
                        _ => false,
                    };
                    if matches {
                        return Reply::Got(m);
                    }
                }
                Some(m @ ServerMessage::Error { .. }) => {
                    if let ServerMessage::Error { id: Some(i), .. } = &m
                        && *i == id
                    {
                        return Reply::Got(m);
                    }
                }
                Some(_) => {}
            }
        }
    }

    /// Gets back to the room: to `url` first if given, then any live node,
    /// until one serves the room (following `moved`), within [`REJOIN`].
    /// Returns the room's state as first sent.
    pub async fn rejoin(&mut self, url: Option<String>) -> RoomState {
        let room = self.room.clone().expect("a follower with a room");
        let mut next = url.as_deref().and_then(addr_of);
        let what = format!("{} back in room {room}", self.name);
        eventually!(Polling::within(REJOIN), what, {
            let candidates: Vec<SocketAddr> = next
                .take()
                .into_iter()
                .chain(self.live.lock().unwrap().iter().copied())
                .collect();
            for addr in candidates {
                let Some(client) = Client::try_connect(addr).await else {
                    continue;
                };
                self.client = client;
                self.addr = addr;
                let hello = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": self.token});
                if !matches!(self.send(hello).await, Reply::Got(ServerMessage::Welcome { .. })) {
                    continue;
                }
                match self.send(json!({"type": "watch", "room": room})).await {
                    Reply::Got(ServerMessage::Ack { .. }) => match self.wait_state(&room, 0).await {
                        Ok(state) => return Some(state),
                        Err(url) => {
                            next = url.as_deref().and_then(addr_of);
                            break;
                        }
                    },
                    Reply::Moved(url) => {
                        self.moved += 1;
                        next = addr_of(&url);
                        break;
                    }
                    Reply::Got(ServerMessage::Error { code, message, .. }) if code != "storage-failure" => {
                        panic!("{} could not watch {room} again: {code}: {message}", self.name)
                    }
                    _ => {}
                }
            }
            None
        })
    }

    /// The room's state at `version` or later; or, if the room went away
    /// meanwhile, where to rejoin it (a `moved` URL, or any live node).
    async fn wait_state(&mut self, room: &str, version: u64) -> Result<RoomState, Option<String>> {
        loop {
            if let Some((v, state)) = self.client.states.get(room)
                && *v >= version
            {
                return Ok(state.clone());
            }
            match self.client.recv().await {
                None | Some(ServerMessage::Bye { .. }) => {
                    self.lost += 1;
                    return Err(None);
                }
                Some(ServerMessage::Moved { room: r, url }) if r == room => {
                    self.moved += 1;
                    return Err(Some(url));
                }
                Some(_) => {}
            }
        }
    }

    /// The room's state at `version` or later, rejoining as often as it
    /// takes.
    pub async fn state_at(&mut self, version: u64) -> RoomState {
        let room = self.room.clone().expect("a follower with a room");
        loop {
            match self.wait_state(&room, version).await {
                Ok(state) => return state,
                Err(url) => {
                    self.rejoin(url).await;
                }
            }
        }
    }

    /// Waits until `cond` holds for the room's latest state.
    pub async fn state_where(&mut self, cond: impl Fn(&RoomState) -> bool) -> RoomState {
        let room = self.room.clone().expect("a follower with a room");
        let mut version = 0;
        loop {
            let state = self.state_at(version).await;
            if cond(&state) {
                return state;
            }
            version = self.client.states.get(&room).map_or(0, |(v, _)| *v) + 1;
        }
    }

    /// Waits until the room's game has started; returns that version.
    pub async fn until_playing(&mut self) -> u64 {
        let room = self.room.clone().expect("a follower with a room");
        let mut version = 0;
        loop {
            let state = self.state_at(version).await;
            let now = self.client.states.get(&room).map_or(0, |(v, _)| *v);
            if state.play.is_some() {
                return now;
            }
            version = now + 1;
        }
    }

    /// A request that is safe to send again (join, watch, start): its
    /// reply, following `moved` and reconnecting as needed.
    pub async fn call(&mut self, message: Value) -> ServerMessage {
        loop {
            match self.send(message.clone()).await {
                Reply::Got(reply) => return reply,
                Reply::Moved(url) => {
                    self.moved += 1;
                    self.rejoin(Some(url)).await;
                }
                Reply::Closed => {
                    self.lost += 1;
                    self.rejoin(None).await;
                }
            }
        }
    }

    /// Plays `action`, the room's log having `moves_before` entries: sent
    /// again after a reconnect only if the room does not have it yet.
    pub async fn act(&mut self, action: &str, moves_before: usize) -> Acted {
        let room = self.room.clone().expect("a follower with a room");
        loop {
            let url = match self
                .send(json!({"type": "act", "room": room, "action": action}))
                .await
            {
                Reply::Got(ServerMessage::Ack { version: Some(v), .. }) => return Acted::Acked(v),
                // Nothing was stored (the database is away): again.
                Reply::Got(ServerMessage::Error { code, .. }) if code == "storage-failure" => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
                Reply::Got(ServerMessage::Error { code, .. }) => return Acted::Refused(code.to_string()),
                Reply::Got(other) => panic!("unexpected reply to act: {other:?}"),
                Reply::Moved(url) => {
                    self.moved += 1;
                    Some(url)
                }
                Reply::Closed => {
                    self.lost += 1;
                    None
                }
            };
            let state = self.rejoin(url).await;
            if state.play.as_ref().is_some_and(|p| p.moves.len() > moves_before) {
                return Acted::StoredUnacked;
            }
        }
    }
}

/// A two-player game between followers, with what each action became.
#[derive(Debug)]
pub struct Game {
    pub room: String,
    pub players: Vec<Follower>,
    /// Acknowledged actions: the version of the ack and the action.
    pub acked: Vec<(u64, String)>,
    /// Actions stored but never acknowledged (their node died first).
    pub unacked: usize,
    pub version: u64,
    seed: u64,
}

impl Game {
    /// A started `game` room created on `create_at` by one player (seat
    /// 0), joined through `join_at` by the other (who follows `moved` to
    /// the owner).
    pub async fn start(
        live: &Live,
        create_at: SocketAddr,
        join_at: SocketAddr,
        game: &str,
        options: Value,
    ) -> Game {
        let mut ann = Follower::new(live, create_at, "Ann").await;
        let (room, _) = ann.client.create_room(game, options, true).await;

        ann.room = Some(room.clone());
        ann.call(json!({"type": "join", "room": room, "seat": 0})).await;
        let mut bo = Follower::new(live, join_at, "Bo").await;
        bo.room = Some(room.clone());
        match bo.call(json!({"type": "join", "room": room, "seat": 1})).await {
            ServerMessage::Ack { .. } => {}
            other => panic!("Bo could not join: {other:?}"),
        }
        bo.call(json!({"type": "start", "room": room})).await;
        let version = ann.until_playing().await;
        let seed = room.bytes().map(u64::from).sum();
        Game {
            room,
            players: vec![ann, bo],
            acked: Vec::new(),
            unacked: 0,
            version,
            seed,
        }
    }

    /// The rematch `room` of a two-player game: its players watch it, each
    /// one seat on (seat `i` takes seat `i + 1`).
    pub async fn join(players: Vec<Follower>, room: &str) -> Game {
        let mut seated = Vec::new();
        for mut player in players {
            player.room = Some(room.to_string());
            player.call(json!({"type": "watch", "room": room})).await;
            seated.push(player);
        }
        seated.rotate_right(1);
        let version = seated[0].until_playing().await;
        Game {
            room: room.to_string(),
            players: seated,
            acked: Vec::new(),
            unacked: 0,
            version,
            seed: room.bytes().map(u64::from).sum(),
        }
    }

    /// Plays up to `moves` actions (each a legal one chosen from the
    /// room's seed), calling `after` after each; stops early when the game
    /// is over. Returns whether it is over.
    pub async fn play(&mut self, moves: usize, mut after: impl FnMut(&Acted)) -> bool {
        for _ in 0..moves {
            let state = self.players[0].state_at(self.version).await;
            let Some(play) = state.play.as_ref() else {
                panic!("the game has not started")
            };
            if play.outcome.is_some() {
                return true;
            }
            let seat = play.to_act[0] as usize;
            let state = self.players[seat].state_at(self.version).await;
            let play = state.play.as_ref().expect("playing");
            if play.outcome.is_some() {
                return true;
            }
            if play.legal.is_empty() {
                // This seat's view is not yet at the turn (a stale state).
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            self.seed = self
                .seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = play.legal[(self.seed >> 33) as usize % play.legal.len()].clone();
            let acted = self.players[seat].act(&action, play.moves.len()).await;
            match &acted {
                Acted::Acked(v) => {
                    self.acked.push((*v, action));
                    self.version = *v;
                }
                Acted::StoredUnacked => {
                    self.unacked += 1;
                    let room = self.room.clone();
                    self.version = self.players[seat]
                        .client
                        .states
                        .get(&room)
                        .map_or(self.version, |(v, _)| *v);
                }
                Acted::Refused(code) => panic!("{action} was refused: {code}"),
            }
            after(&acted);
        }
        let state = self.players[0].state_at(self.version).await;
        state.play.is_some_and(|p| p.outcome.is_some())
    }

    /// Checks the event table against what the players were told: every
    /// acknowledged action stored at its version, exactly once; every
    /// stored action acknowledged or counted as stored without an ack;
    /// the log without gaps. Returns (lost, duplicated).
    pub async fn check(&self, database: &str) -> (usize, usize) {
        let events = stored(database, &self.room).await;
        for (i, e) in events.iter().enumerate() {
            assert_eq!(
                e.seq,
                i as i64 + 1,
                "room {}: the log has a gap or a repeat",
                self.room
            );
        }
        let mut lost = 0;
        for (version, action) in &self.acked {
            // The ack's version is the last event the action made (an
            // ending comes after it): the action is the last one up to it.
            let at = events[..(*version as usize).min(events.len())]
                .iter()
                .rev()
                .find_map(action_of);
            if at.as_deref() != Some(action.as_str()) {
                eprintln!(
                    "room {}: acknowledged {action} at {version} is not stored there ({at:?})",
                    self.room
                );
                lost += 1;
            }
        }
        let actions = events.iter().filter(|e| e.kind == "action").count();
        let expected = self.acked.len() + self.unacked;
        let duplicated = actions.saturating_sub(expected);
        if actions != expected {
            eprintln!(
                "room {}: {actions} actions stored, {} acknowledged and {} stored unacknowledged",
                self.room,
                self.acked.len(),
                self.unacked
            );
        }
        (lost + expected.saturating_sub(actions), duplicated)
    }
}

/// A follower of an existing guest (by token) on the node at `addr`,
/// watching `room`.
pub async fn follower_of(live: &Live, addr: SocketAddr, name: &str, token: &str, room: &str) -> Follower {
    let client = Client::connect(addr).await;
    let mut follower = Follower {
        name: name.to_string(),
        token: token.to_string(),
        client,
        addr,
        room: Some(room.to_string()),
        live: live.clone(),
        next_id: 2_000_000,
        moved: 0,
        lost: 0,
    };
    follower.rejoin(Some(format!("ws://{addr}/ws"))).await;
    follower
}

/// The value of metric `name` on the node at `addr`.
pub async fn metric(addr: SocketAddr, name: &str) -> f64 {
    let (status, body) = lodestone_tests::http_get(addr, "/metrics", None).await;
    assert_eq!(status, 200);
    body.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
        .unwrap_or(0.0)
}

/// A game owned by each node of `names` (its second player on the next
/// node), each played in a task of its own until `done` is set, then for
/// `after` rounds more; each task returns its game for the checker.
pub async fn games_until(
    nodes: &Nodes,
    names: &[&str],
    done: &Arc<AtomicBool>,
    after: usize,
) -> Vec<tokio::task::JoinHandle<Game>> {
    let mut tasks = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let join = nodes.addr(names[(i + 1) % names.len()]);
        let mut game = Game::start(&nodes.live, nodes.addr(name), join, "magneton", json!({})).await;
        let done = done.clone();
        tasks.push(tokio::spawn(async move {
            let mut rounds = 0;
            while !done.load(Ordering::SeqCst) || rounds < after {
                if done.load(Ordering::SeqCst) {
                    rounds += 1;
                }
                if game.play(2, |_| {}).await {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            game
        }));
    }
    tasks
}
