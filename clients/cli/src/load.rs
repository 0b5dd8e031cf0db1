//! `lodestone load`: drives a server with many concurrent games of random
//! legal moves and reports throughput, move latency, server CPU per move
//! and errors; or (`--idle`) opens many idle connections and reports the
//! server's memory per connection.
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

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use hdrhistogram::Histogram;
use lodestone_protocol::{Code, RoomStatus, ServerMessage};
use lodestone_rules::{AnyGame, GameKind};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde::Deserialize;
use serde_json::json;
use tokio::time::Instant;

use crate::net::{Connection, Endpoint, Event, RoomView};

/// What the load generator reads of a room's state: its status, who may
/// act, the actions offered and the seats of the new log entries; the rest
/// of each update (position, board, seats, clocks…) is skipped unbuilt.
#[derive(Debug, Deserialize)]
struct LoadView {
    status: RoomStatus,
    play: Option<LoadPlay>,
}

/// The part of [`lodestone_protocol::PlayState`] the load generator reads.
#[derive(Debug, Deserialize)]
struct LoadPlay {
    to_act: Vec<u8>,
    legal: Actions,
    moves: Vec<LoadMove>,
    #[serde(default)]
    moves_from: u32,
}

/// The part of [`lodestone_protocol::MoveEntry`] the load generator reads.
#[derive(Debug, Deserialize)]
struct LoadMove {
    seat: u8,
}

/// A list of actions in one buffer: the legal actions of an update, read
/// without a `String` each.
#[derive(Debug, Default, PartialEq, Eq)]
struct Actions {
    text: String,
    /// Where each action ends in `text`.
    ends: Vec<usize>,
}

impl Actions {
    fn len(&self) -> usize {
        self.ends.len()
    }

    fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Action `i` (of `0..len`).
    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }
}

impl<'de> Deserialize<'de> for Actions {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Actions, D::Error> {
        /// Reads the array.
        struct List;
        /// Appends one string to the buffer.
        struct Append<'a>(&'a mut String);
        impl<'de> serde::de::Visitor<'de> for List {
            type Value = Actions;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of actions")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Actions, A::Error> {
                let mut actions = Actions::default();
                while seq.next_element_seed(Append(&mut actions.text))?.is_some() {
                    actions.ends.push(actions.text.len());
                }
                Ok(actions)
            }
        }
        impl<'de> serde::de::DeserializeSeed<'de> for Append<'_> {
            type Value = ();
            fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
                deserializer.deserialize_str(self)
            }
        }
        impl<'de> serde::de::Visitor<'de> for Append<'_> {
            type Value = ();
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an action")
            }
            fn visit_str<E: serde::de::Error>(self, action: &str) -> Result<(), E> {
                self.0.push_str(action);
                Ok(())
            }
        }
        deserializer.deserialize_seq(List)
    }
}

impl RoomView for LoadView {
    fn finished(&self) -> bool {
        self.status == RoomStatus::Finished
    }
}

/// A load client's connection.
type Conn = Connection<LoadView>;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The servers (nodes): player `n` connects first to `endpoints[n %
    /// len]`.
    pub endpoints: Vec<Endpoint>,
    pub game: GameKind,
    pub options: Vec<(String, String)>,
    /// Concurrent games.
    pub games: usize,
    /// How long to play; games still in progress then are left unfinished.
    pub duration: Duration,
    /// Stop starting games after this many (all slots together).
    pub total_games: Option<u64>,
    /// Open loop: moves per second offered by all games together.
    pub rate: Option<f64>,
    /// Read CPU time of these processes (summed).
    pub server_pids: Vec<u32>,
    /// Spread connections over 127.0.0.1 ..= 127.0.0.N.
    pub sources: u8,
    pub seed: u64,
    /// Rooms of a client against the server's bots, played beside the
    /// measured games.
    pub bot_rooms: usize,
    pub bot_level: lodestone_rules::bot::Level,
}

#[derive(Debug, Default)]
struct Stats {
    started: AtomicU64,
    finished: AtomicU64,
    moves: AtomicU64,
    errors: AtomicU64,
    /// Refusals for one of the server's limits (see [`LIMITS_HINT`]).
    limited: AtomicU64,
    disconnects: AtomicU64,
    /// Requests the server could not store (`storage-failure`), sent
    /// again after a wait: not errors.
    retried: AtomicU64,
    claimed: AtomicU64,
    bot_moves: AtomicU64,
    bot_games: AtomicU64,
    /// Per node URL.
    nodes: Mutex<BTreeMap<String, NodeCounts>>,
}

impl Stats {
    fn node(&self, url: &str, f: impl FnOnce(&mut NodeCounts)) {
        let mut nodes = self.nodes.lock().unwrap_or_else(|e| e.into_inner());
        match nodes.get_mut(url) {
            Some(counts) => f(counts),
            None => f(nodes.entry(url.to_string()).or_default()),
        }
    }

    /// Counts the `moved` a connection followed, for the nodes that sent
    /// them.
    fn moves_of(&self, conn: &mut Conn) {
        for (url, n) in conn.take_moved_by() {
            self.node(&url, |c| c.moved += n);
        }
        for (url, n) in conn.take_dropped() {
            self.node(&url, |c| c.dropped += n);
        }
    }
}

/// What happened on one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeCounts {
    /// Players (connections) that went to this node first.
    pub players: u64,
    /// Moves of the measured games this node acknowledged.
    pub moves: u64,
    /// `moved` answers this node gave (followed to another node, or to
    /// itself again).
    pub moved: u64,
    /// Connections to this node that dropped (and went on elsewhere).
    pub dropped: u64,
}

/// The figures of a run.
#[derive(Debug)]
pub struct LoadReport {
    pub started: u64,
    pub finished: u64,
    pub moves: u64,
    pub errors: u64,
    /// Of the errors, refusals for one of the server's limits.
    pub limited: u64,
    pub disconnects: u64,
    /// Requests refused with `storage-failure` and sent again.
    pub retried: u64,
    pub seconds: f64,
    /// Microseconds.
    pub latency: Histogram<u64>,
    pub cpu_per_move_us: Option<f64>,
    /// The load generator's own CPU per move (microseconds), over the same
    /// window; none when no move was played.
    pub load_cpu_per_move_us: Option<f64>,
    /// With bot rooms: how many, their bots' level, the bots' moves and
    /// the bot games finished.
    pub bots: Option<(usize, lodestone_rules::bot::Level, u64, u64)>,
    /// Per node URL; shown when there are several nodes or a `moved` was
    /// followed.
    pub nodes: BTreeMap<String, NodeCounts>,
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |q: f64| self.latency.value_at_quantile(q) as f64 / 1000.0;
        writeln!(f, "games started {}, finished {}", self.started, self.finished)?;
        writeln!(
            f,
            "moves {} in {:.1} s: {:.0} moves/s",
            self.moves,
            self.seconds,
            self.moves as f64 / self.seconds.max(1e-9)
        )?;
        writeln!(
            f,
            "latency ms: p50 {:.3} p90 {:.3} p99 {:.3} max {:.3}",
            ms(0.5),
            ms(0.9),
            ms(0.99),
            self.latency.max() as f64 / 1000.0
        )?;
        match self.cpu_per_move_us {
            Some(us) => writeln!(f, "server cpu per move: {us:.1} us")?,
            None => writeln!(f, "server cpu per move: unknown (give --server-pid)")?,
        }
        match self.load_cpu_per_move_us {
            Some(us) => writeln!(f, "load generator cpu per move: {us:.1} us")?,
            None => writeln!(f, "load generator cpu per move: unknown (no moves)")?,
        }
        if let Some((rooms, level, moves, finished)) = self.bots {
            writeln!(
                f,
                "bot rooms {rooms} ({level}): bot moves {moves} ({:.1}/s), games finished {finished}",
                moves as f64 / self.seconds.max(1e-9)
            )?;
        }
        if self.nodes.len() > 1 || self.nodes.values().any(|n| n.moved > 0 || n.dropped > 0) {
            for (url, n) in &self.nodes {
                writeln!(
                    f,
                    "node {url}: players {}, moves {}, moved {}, dropped {}",
                    n.players, n.moves, n.moved, n.dropped
                )?;
            }
        }
        if self.retried > 0 {
            writeln!(f, "sent again after a storage failure {}", self.retried)?;
        }
        write!(f, "errors {}, disconnects {}", self.errors, self.disconnects)?;
        if self.limited > 0 {
            write!(f, "\nrefused for the server's limits {}", self.limited)?;
        }
        Ok(())
    }
}

/// The refusals a load test meets when the server keeps the limits meant
/// for a public server.
const LIMIT_CODES: [Code; 6] = [
    Code::RateLimited,
    Code::TooManyGuests,
    Code::TooManyRooms,
    Code::TooManyWatched,
    Code::TooManyConnections,
    Code::ServerFull,
];

/// What to do about such refusals, in one line.
pub const LIMITS_HINT: &str = "the server refused requests for its limits: start it for a load test with \
     --rate-limit 0 --per-address 0 --connect-rate 0 --request-rate 0 --guests-per-hour 0 \
     --rooms-per-guest 0 --rooms-per-address 0 (docs/operating.md), or stay under its limits";

/// Whether a failure's text tells of one of the server's limits (a refusal
/// with a limit's code, or the HTTP statuses of a refused connection).
pub fn is_limit_failure(text: &str) -> bool {
    LIMIT_CODES.iter().any(|code| text.contains(code.as_str()))
        || text.contains("429 Too Many Requests")
        || text.contains("503 Service Unavailable")
}

/// The local address for connection number `i`.
pub fn source(i: usize, sources: u8) -> Option<IpAddr> {
    (sources > 1).then(|| IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (i % sources as usize) as u8)))
}

/// CPU seconds (user + system) the process has used, from /proc.
pub fn cpu_seconds(pid: u32) -> Result<f64> {
    let per_second = clock_ticks();
    let stat =
        std::fs::read_to_string(format!("/proc/{pid}/stat")).with_context(|| format!("no process {pid}"))?;
    // Fields after the command name (which may hold spaces) start at ')'.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 here.
    let ticks: f64 = fields.get(11).and_then(|u| u.parse::<f64>().ok()).unwrap_or(0.0)
        + fields.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    Ok(ticks / per_second)
}

/// Clock ticks per second (asked of `getconf` once: not while a
/// measurement runs, whose CPU it would add to the load generator's).
fn clock_ticks() -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100.0)
    })
}

/// Resident memory of the process in KiB, from /proc.
pub fn rss_kib(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .with_context(|| format!("no process {pid}"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .context("no VmRSS line")
}

/// Runs the games; returns the figures.
pub async fn run(config: LoadConfig) -> Result<LoadReport> {
    let seats = AnyGame::new(config.game, &config.options)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .seat_count();
    let stats = Arc::new(Stats::default());
    let latency = Arc::new(Mutex::new(Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?));
    // Connect every client first, so the measurement covers play only.
    let mut slots = Vec::with_capacity(config.games);
    for g in 0..config.games {
        let mut clients = Vec::with_capacity(seats);
        for s in 0..seats {
            let n = g * seats + s;
            let endpoint = &config.endpoints[n % config.endpoints.len()];
            let mut c = Conn::connect(endpoint, source(n, config.sources))
                .await
                .with_context(|| format!("connection {n} to {}", endpoint.url))?;
            stats.node(&endpoint.url, |c| c.players += 1);
            c.hello(&format!("load-{g}-{s}"), None).await?;
            c.reconnect_to(elsewhere(&config.endpoints, n));
            clients.push(c);
        }
        slots.push(clients);
    }
    // The bot rooms start first, so that their bots are thinking before
    // the measured games begin.
    let mut bot_tasks = tokio::task::JoinSet::new();
    let bots_deadline = Instant::now() + config.duration + Duration::from_secs(2);
    for b in 0..config.bot_rooms {
        let n = config.games * seats + b;
        let endpoint = &config.endpoints[n % config.endpoints.len()];
        let mut conn = Conn::connect(endpoint, source(n, config.sources))
            .await
            .with_context(|| format!("connection {n} to {}", endpoint.url))?;
        stats.node(&endpoint.url, |c| c.players += 1);
        conn.reconnect_to(elsewhere(&config.endpoints, n));
        let room = BotRoom {
            config: config.clone(),
            stats: stats.clone(),
            rng: SmallRng::seed_from_u64(config.seed ^ (n as u64).wrapping_mul(0x2545_f491_4f6c_dd1d)),
            deadline: bots_deadline,
        };
        bot_tasks.spawn(room.run(conn, b));
    }
    let cpu_before = cpu_total(&config.server_pids)?;
    let own_before = cpu_seconds(std::process::id())?;
    let start = Instant::now();
    let deadline = start + config.duration;
    let interval = config
        .rate
        .map(|r| Duration::from_secs_f64(config.games as f64 / r));
    let mut tasks = tokio::task::JoinSet::new();
    for (g, clients) in slots.into_iter().enumerate() {
        let slot = Slot {
            config: config.clone(),
            stats: stats.clone(),
            latency: latency.clone(),
            deadline,
            rng: SmallRng::seed_from_u64(config.seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            // Spread the open-loop schedules over one interval.
            next_move: interval.map(|i| start + i.mul_f64(g as f64 / config.games as f64)),
            interval,
            waiting: false,
            action: String::new(),
        };
        tasks.spawn(slot.run(clients));
    }
    while let Some(result) = tasks.join_next().await {
        if let Ok(Err(e)) = result {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            if is_limit_failure(&format!("{e:#}")) {
                stats.limited.fetch_add(1, Ordering::Relaxed);
            }
            crate::out::note(format_args!("lodestone load: a game slot failed: {e:#}"));
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let own_after = cpu_seconds(std::process::id())?;
    let moves = stats.moves.load(Ordering::Relaxed);
    let bot_moves = stats.bot_moves.load(Ordering::Relaxed);
    bot_tasks.abort_all();
    while let Some(result) = bot_tasks.join_next().await {
        if let Ok(Err(e)) = result {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            if is_limit_failure(&format!("{e:#}")) {
                stats.limited.fetch_add(1, Ordering::Relaxed);
            }
            crate::out::note(format_args!("lodestone load: a bot room failed: {e:#}"));
        }
    }
    let cpu_per_move_us = match cpu_before {
        Some(before) if moves > 0 => {
            cpu_total(&config.server_pids)?.map(|after| (after - before) * 1e6 / moves as f64)
        }
        _ => None,
    };
    let latency = latency
        .lock()
        .map(|h| h.clone())
        .unwrap_or_else(|e| e.into_inner().clone());
    Ok(LoadReport {
        started: stats.started.load(Ordering::Relaxed),
        finished: stats.finished.load(Ordering::Relaxed),
        moves,
        errors: stats.errors.load(Ordering::Relaxed),
        limited: stats.limited.load(Ordering::Relaxed),
        disconnects: stats.disconnects.load(Ordering::Relaxed),
        retried: stats.retried.load(Ordering::Relaxed),
        seconds,
        latency,
        cpu_per_move_us,
        load_cpu_per_move_us: (moves > 0).then(|| (own_after - own_before) * 1e6 / moves as f64),
        bots: (config.bot_rooms > 0).then(|| {
            (
                config.bot_rooms,
                config.bot_level,
                bot_moves,
                stats.bot_games.load(Ordering::Relaxed),
            )
        }),
        nodes: stats.nodes.lock().unwrap_or_else(|e| e.into_inner()).clone(),
    })
}

/// Where player `n` goes when its socket drops: its own node first, then
/// the others in turn (a node that died is skipped, and the node reached
/// sends the room on with `moved`); with one server, that server again
/// (it restarts), with the connection's growing waits.
fn elsewhere(endpoints: &[Endpoint], n: usize) -> Vec<Endpoint> {
    (0..endpoints.len())
        .map(|i| endpoints[(n + i) % endpoints.len()].clone())
        .collect()
}

/// The wait before a request the server could not store is sent again:
/// 250 ms, doubling with each such refusal in a row, up to 4 s.
fn backoff(failures: u32) -> Duration {
    Duration::from_millis(250 << failures.min(4))
}

/// Whether a request failed because the server could not store it now
/// (its database is away): nothing was done, and it may go again.
fn storage_failure(e: &anyhow::Error) -> bool {
    e.to_string().starts_with(Code::StorageFailure.as_str())
}

/// CPU seconds of all these processes together (none: unknown).
fn cpu_total(pids: &[u32]) -> Result<Option<f64>> {
    if pids.is_empty() {
        return Ok(None);
    }
    pids.iter()
        .map(|&pid| cpu_seconds(pid))
        .sum::<Result<f64>>()
        .map(Some)
}

/// A room where one client plays seat 0 against the server's bots in all
/// the other seats, answering at once, game after game.
struct BotRoom {
    config: LoadConfig,
    stats: Arc<Stats>,
    rng: SmallRng,
    deadline: Instant,
}

impl BotRoom {
    async fn run(mut self, mut conn: Conn, n: usize) -> Result<()> {
        conn.hello(&format!("load-bots-{n}"), None).await?;
        let mut failures = 0;
        while Instant::now() < self.deadline {
            let played = self.play_one(&mut conn).await;
            self.stats.moves_of(&mut conn);
            match played {
                // The room's setup was not stored: a new room, a little later.
                Err(e) if storage_failure(&e) => {
                    self.stats.retried.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(backoff(failures)).await;
                    failures += 1;
                }
                played => {
                    played?;
                    failures = 0;
                }
            }
        }
        conn.close().await;
        Ok(())
    }

    async fn play_one(&mut self, conn: &mut Conn) -> Result<()> {
        let (room, invite) = conn
            .create_room(self.config.game, &self.config.options, false)
            .await?;
        conn.state = None;
        conn.request(json!({"type": "join", "room": room, "seat": 0, "invite": invite}))
            .await?;
        let seats = AnyGame::new(self.config.game, &self.config.options)
            .map_err(|e| anyhow::anyhow!("{e}"))?
            .seat_count();
        for _ in 1..seats {
            conn.request(json!({"type": "add_bot", "room": room, "level": self.config.bot_level.name(), "invite": invite}))
                .await?;
        }
        conn.request(json!({"type": "start", "room": room})).await?;
        let mut acted_on = 0;
        let mut seen = 0;
        let mut failures = 0;
        let deadline = tokio::time::sleep_until(self.deadline);
        tokio::pin!(deadline);
        loop {
            if let Some((version, state)) = &conn.state {
                let play = state.play.as_ref();
                // Every action past the ones seen that is not the client's
                // is a bot's.
                let total = play.map_or(0, |p| p.moves_from as usize + p.moves.len());
                let bots = play.map_or(0, |p| {
                    p.moves
                        .iter()
                        .enumerate()
                        .filter(|(i, m)| p.moves_from as usize + i >= seen && m.seat != 0)
                        .count()
                });
                self.stats.bot_moves.fetch_add(bots as u64, Ordering::Relaxed);
                seen = seen.max(total);
                if state.status == RoomStatus::Finished {
                    self.stats.bot_games.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                if let Some(play) = play
                    && *version > acted_on
                    && play.to_act.contains(&0)
                    && !play.legal.is_empty()
                {
                    acted_on = *version;
                    let action = play.legal.get(self.rng.random_range(0..play.legal.len()));
                    let action = action.to_string();
                    conn.act(&room, &action).await?;
                }
            }
            let event = tokio::select! {
                e = conn.next() => e?,
                _ = &mut deadline => return Ok(()),
            };
            match event {
                Event::Closed => bail!("a bot room's connection closed"),
                // Decide again on the state the next node sends.
                Event::Lost { .. } => acted_on = 0,
                // Not stored: decide again, a little later.
                Event::Reply(ServerMessage::Error {
                    code: Code::StorageFailure,
                    ..
                }) => {
                    self.stats.retried.fetch_add(1, Ordering::Relaxed);
                    acted_on = 0;
                    tokio::time::sleep(backoff(failures)).await;
                    failures += 1;
                }
                Event::Reply(ServerMessage::Ack { .. }) => failures = 0,
                _ => {}
            }
        }
    }
}

/// One concurrent game, played again and again.
struct Slot {
    config: LoadConfig,
    stats: Arc<Stats>,
    latency: Arc<Mutex<Histogram<u64>>>,
    deadline: Instant,
    rng: SmallRng,
    next_move: Option<Instant>,
    interval: Option<Duration>,
    /// Open loop: a seat is ready to act, but its move is not due before
    /// `next_move` (the game's loop wakes then, reading what comes
    /// meanwhile).
    waiting: bool,
    /// The action being sent (a buffer kept from move to move).
    action: String,
}

impl Slot {
    async fn run(mut self, mut clients: Vec<Conn>) -> Result<()> {
        loop {
            if Instant::now() >= self.deadline {
                break;
            }
            if let Some(total) = self.config.total_games
                && self.stats.claimed.fetch_add(1, Ordering::Relaxed) >= total
            {
                break;
            }
            let played = self.play_one(&mut clients).await;
            for c in clients.iter_mut() {
                self.stats.moves_of(c);
            }
            played?;
        }
        for c in clients {
            c.close().await;
        }
        Ok(())
    }

    /// Opens a room, seats every client and starts the game; returns the
    /// room. A step whose reply was lost with a node (several nodes) is
    /// not repeated: that room is left and a new one opened, a few times;
    /// so too, after a growing wait, when a step was not stored.
    async fn set_up(&mut self, clients: &mut [Conn]) -> Result<String> {
        let mut attempts = 0;
        let mut failures = 0;
        loop {
            let mut room = None;
            let result = async {
                let (id, invite) = clients[0]
                    .create_room(self.config.game, &self.config.options, false)
                    .await?;
                room = Some(id.clone());
                for (seat, c) in clients.iter_mut().enumerate() {
                    c.state = None;
                    c.request(json!({"type": "join", "room": id, "seat": seat, "invite": invite}))
                        .await?;
                }
                clients[0].request(json!({"type": "start", "room": id})).await?;
                anyhow::Ok(id)
            }
            .await;
            let again = match &result {
                Ok(_) => false,
                Err(e) if storage_failure(e) && Instant::now() < self.deadline => {
                    self.stats.retried.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(backoff(failures)).await;
                    failures += 1;
                    true
                }
                Err(e) if attempts < 3 && e.to_string().starts_with(crate::net::LOST) => {
                    attempts += 1;
                    true
                }
                Err(_) => false,
            };
            if !again {
                return result;
            }
            if let Some(room) = room {
                for c in clients.iter_mut() {
                    c.forget(&room);
                }
            }
        }
    }

    async fn play_one(&mut self, clients: &mut [Conn]) -> Result<()> {
        let room = self.set_up(clients).await?;
        self.stats.started.fetch_add(1, Ordering::Relaxed);
        // Every seat plays in turn from its own updates, concurrently.
        let mut finished = true;
        let deadline = tokio::time::sleep_until(self.deadline);
        tokio::pin!(deadline);
        let mut seats: Vec<SeatPlayer> = clients
            .iter_mut()
            .map(|c| SeatPlayer {
                conn: c,
                room: room.clone(),
                acted_at_version: 0,
                pending: None,
                resync: false,
                retry_at: None,
                failures: 0,
            })
            .collect();
        loop {
            let mut all_done = true;
            self.waiting = false;
            for p in seats.iter_mut() {
                if !p.done() {
                    all_done = false;
                    self.maybe_act(p).await?;
                }
            }
            if all_done {
                break;
            }
            // Wait for the next message of any seat still playing, or (open
            // loop) for the time of a move that waits for it. At the
            // deadline, games in progress are left unfinished: the
            // measurement covers the duration only.
            let now = Instant::now();
            let retry = seats.iter().filter_map(|p| p.retry_at).filter(|t| *t > now).min();
            let due = [self.next_move.filter(|_| self.waiting), retry]
                .into_iter()
                .flatten()
                .min();
            let (i, event) = tokio::select! {
                r = std::future::poll_fn(|cx| next_of_any(&mut seats, cx)) => r,
                _ = tokio::time::sleep_until(due.unwrap_or(self.deadline)), if due.is_some() => continue,
                _ = &mut deadline => { finished = false; break; }
            };
            match event {
                Ok(Event::Closed) | Err(_) => {
                    self.stats.disconnects.fetch_add(1, Ordering::Relaxed);
                    bail!("a connection closed during a game");
                }
                Ok(Event::Reply(reply)) => self.on_reply(&mut seats[i], &reply),
                Ok(Event::Update { version }) => {
                    seats[i].resync = false;
                    self.on_update(&mut seats[i], version);
                }
                Ok(Event::Lost { ids }) => {
                    // The move may or may not have been played: decide
                    // again on the state the next node sends.
                    let p = &mut seats[i];
                    if p.pending
                        .as_ref()
                        .is_some_and(|pending| ids.contains(&pending.id))
                    {
                        p.pending = None;
                        p.acted_at_version = 0;
                        p.resync = true;
                    }
                }
                Ok(Event::Unknown { .. }) => {}
            }
        }
        if finished {
            self.stats.finished.fetch_add(1, Ordering::Relaxed);
            // Leave the finished room, as a person would: a room nobody
            // watches leaves the server's memory, and a connection may
            // watch only so many rooms (--watch-limit).
            for c in clients.iter_mut() {
                c.request(json!({"type": "unwatch", "room": room})).await?;
            }
        }
        Ok(())
    }

    /// Sends a random legal action if it is this seat's turn and it has not
    /// acted on the current state yet.
    async fn maybe_act(&mut self, p: &mut SeatPlayer<'_>) -> Result<()> {
        if p.pending.is_some()
            || p.resync
            || Instant::now() >= self.deadline
            || p.retry_at.is_some_and(|t| Instant::now() < t)
        {
            return Ok(());
        }
        let Some((version, state)) = &p.conn.state else {
            return Ok(());
        };
        let Some(play) = &state.play else { return Ok(()) };
        if *version <= p.acted_at_version || play.legal.is_empty() || state.status != RoomStatus::Playing {
            return Ok(());
        }
        // Open loop: the move is sent at its time, and its latency counts
        // from then. Until then the game's loop goes on reading, so that
        // the other seat's replies are timed when they come.
        let mut sent = Instant::now();
        if let (Some(next), Some(interval)) = (self.next_move, self.interval) {
            if sent < next {
                self.waiting = true;
                return Ok(());
            }
            sent = next;
            self.next_move = Some(next + interval);
        }
        let action = play.legal.get(self.rng.random_range(0..play.legal.len()));
        self.action.clear();
        self.action.push_str(action);
        let version = *version;
        let id = p.conn.act(&p.room, &self.action).await?;
        p.acted_at_version = version;
        p.pending = Some(Pending { id, sent, ack: None });
        Ok(())
    }

    /// A reply: the ack of the pending move, or its refusal.
    fn on_reply(&mut self, p: &mut SeatPlayer<'_>, reply: &ServerMessage) {
        let Some(pending) = &mut p.pending else { return };
        match reply {
            ServerMessage::Ack { id, version, .. } if *id == pending.id => {
                pending.ack = *version;
                p.failures = 0;
                // The update may have come first (it never does today).
                let seen = p.conn.state.as_ref().map_or(0, |(v, _)| *v);
                self.on_update(p, seen);
            }
            ServerMessage::Error {
                id: Some(id), code, ..
            } if *id == pending.id && *code == Code::StorageFailure => {
                // Nothing was stored: decide again on the same state, a
                // little later (the database is away for a while).
                self.stats.retried.fetch_add(1, Ordering::Relaxed);
                p.pending = None;
                p.acted_at_version = 0;
                p.retry_at = Some(Instant::now() + backoff(p.failures));
                p.failures += 1;
            }
            ServerMessage::Error {
                id: Some(id), code, ..
            } if *id == pending.id => {
                self.stats.errors.fetch_add(1, Ordering::Relaxed);
                if LIMIT_CODES.contains(code) {
                    self.stats.limited.fetch_add(1, Ordering::Relaxed);
                }
                p.pending = None;
                // Try again on the same state.
                p.acted_at_version = 0;
            }
            _ => {}
        }
    }

    /// An update: if it includes the pending move, the move's round trip
    /// is over.
    fn on_update(&mut self, p: &mut SeatPlayer<'_>, version: u64) {
        let Some(pending) = &p.pending else { return };
        if pending.ack.is_some_and(|ack| version >= ack) {
            let micros = pending.sent.elapsed().as_micros() as u64;
            if let Ok(mut h) = self.latency.lock() {
                let _ = h.record(micros.max(1));
            }
            self.stats.moves.fetch_add(1, Ordering::Relaxed);
            self.stats.node(p.conn.node(), |c| c.moves += 1);
            p.pending = None;
        }
    }
}

/// The next event of the first seat still playing that has one (as
/// waiting on each seat's `next` at once, without a future per seat).
fn next_of_any(
    seats: &mut [SeatPlayer<'_>],
    cx: &mut std::task::Context<'_>,
) -> Poll<(usize, Result<Event>)> {
    for (i, p) in seats.iter_mut().enumerate() {
        if !p.done()
            && let Poll::Ready(event) = p.conn.poll_next(cx)
        {
            return Poll::Ready((i, event));
        }
    }
    Poll::Pending
}

#[derive(Debug)]
struct Pending {
    id: lodestone_protocol::RequestId,
    sent: Instant,
    ack: Option<u64>,
}

struct SeatPlayer<'a> {
    conn: &'a mut Conn,
    room: String,
    acted_at_version: u64,
    pending: Option<Pending>,
    /// A move was lost with a dropped socket: wait for the state the next
    /// node sends before deciding again.
    resync: bool,
    /// A move was not stored: decide again from this time on.
    retry_at: Option<Instant>,
    /// Moves not stored in a row (the wait before the next try grows).
    failures: u32,
}

impl SeatPlayer<'_> {
    fn done(&self) -> bool {
        self.pending.is_none()
            && self
                .conn
                .state
                .as_ref()
                .is_some_and(|(_, s)| s.status == RoomStatus::Finished)
    }
}

/// The figures of an idle run.
#[derive(Debug)]
pub struct IdleReport {
    pub connections: usize,
    pub seconds_to_open: f64,
    pub rss_before_kib: Option<u64>,
    pub rss_after_kib: Option<u64>,
    pub errors: u64,
}

impl std::fmt::Display for IdleReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "idle connections {} (opened in {:.1} s)",
            self.connections, self.seconds_to_open
        )?;
        match (self.rss_before_kib, self.rss_after_kib) {
            (Some(before), Some(after)) => writeln!(
                f,
                "server rss before {:.1} MiB, after {:.1} MiB: {:.2} KiB per connection",
                before as f64 / 1024.0,
                after as f64 / 1024.0,
                after.saturating_sub(before) as f64 / self.connections.max(1) as f64
            )?,
            _ => writeln!(f, "server rss: unknown (give --server-pid)")?,
        }
        write!(f, "errors {}", self.errors)
    }
}

/// Resident memory of all these processes together (none: unknown).
fn rss_total(pids: &[u32]) -> Result<Option<u64>> {
    if pids.is_empty() {
        return Ok(None);
    }
    pids.iter()
        .map(|&pid| rss_kib(pid))
        .sum::<Result<u64>>()
        .map(Some)
}

/// Opens `count` WebSocket connections that only wait; reads the
/// server's memory before and after, holds them for `hold`, closes them.
pub async fn idle(
    endpoints: &[Endpoint],
    count: usize,
    server_pids: &[u32],
    sources: u8,
    hold: Duration,
) -> Result<IdleReport> {
    let rss_before_kib = rss_total(server_pids)?;
    let start = Instant::now();
    let mut open = Vec::with_capacity(count);
    let mut errors = 0;
    let mut pending = tokio::task::JoinSet::new();
    let mut next = 0;
    // At most 256 handshakes in flight.
    while next < count || !pending.is_empty() {
        while next < count && pending.len() < 256 {
            let n = next;
            let endpoint = endpoints[n % endpoints.len()].clone();
            pending.spawn(async move {
                // Connected, and then only waiting: not even a hello.
                let c = Conn::connect(&endpoint, source(n, sources)).await?;
                anyhow::Ok(c)
            });
            next += 1;
        }
        match pending.join_next().await {
            Some(Ok(Ok(c))) => open.push(c),
            Some(_) => errors += 1,
            None => {}
        }
    }
    let seconds_to_open = start.elapsed().as_secs_f64();
    // Let the server settle before reading its memory.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_after_kib = rss_total(server_pids)?;
    tokio::time::sleep(hold).await;
    let connections = open.len();
    for c in open {
        c.close().await;
    }
    Ok(IdleReport {
        connections,
        seconds_to_open,
        rss_before_kib,
        rss_after_kib,
        errors,
    })
}

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use futures_util::{SinkExt, StreamExt};
    use lodestone_protocol::{RequestId, RoomState};
    use lodestone_server::{Config, Limits, Server};
    use serde_json::Value;
    use tokio_tungstenite::tungstenite::Message;

    use super::*;
    use crate::net::{Frame, read_frame};

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
        match (&old, read_frame::<RoomState>(text)) {
            (
                Ok(ServerMessage::Update { room, version, state }),
                Ok(Frame::Update {
                    room: r,
                    version: v,
                    state: s,
                }),
            ) => assert!(*room == r && *version == v && *state == s, "{text}"),
            (Ok(message), Ok(Frame::Other(m))) => assert_eq!(*message, m, "{text}"),
            (Err(id), Err(i)) => assert_eq!(*id, i, "{text}"),
            (_, _) => panic!("read otherwise than before: {text}"),
        }
        match (&old, read_frame::<LoadView>(text)) {
            (
                Ok(ServerMessage::Update { room, version, state }),
                Ok(Frame::Update {
                    room: r,
                    version: v,
                    state: s,
                }),
            ) => {
                assert!(*room == r && *version == v, "{text}");
                assert_eq!(seen_of_state(state), seen_of_view(&s), "{text}");
            }
            (Ok(message), Ok(Frame::Other(m))) => assert_eq!(*message, m, "{text}"),
            (Err(id), Err(i)) => assert_eq!(*id, i, "{text}"),
            (_, _) => panic!("the load view read otherwise than before: {text}"),
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
        assert!(
            frames
                .iter()
                .filter(|f| f.starts_with(r#"{"type":"update","#))
                .count()
                > 100,
            "the server's updates begin with their type"
        );
        assert!(
            frames
                .iter()
                .filter(|f| f.starts_with(r#"{"type":"ack","#))
                .count()
                > 100,
            "the server's acks begin with their type"
        );
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
