//! What a run is asked to do and what it counts as it goes: the run's
//! settings, the shared counters (per node too), the server's limits seen in
//! refusals, and the wait before a request not stored goes again.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use lodestone_protocol::Code;
use lodestone_rules::GameKind;

use super::view::Conn;
use crate::net::Endpoint;

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
    /// The players ask for `play.risks` (`risks` in `hello`), as a
    /// person's client does; otherwise they say they judge them.
    pub risks: bool,
}

#[derive(Debug, Default)]
pub(super) struct Stats {
    pub(super) started: AtomicU64,
    pub(super) finished: AtomicU64,
    pub(super) moves: AtomicU64,
    pub(super) errors: AtomicU64,
    /// Refusals for one of the server's limits (see [`limits_hint`]).
    pub(super) limited: AtomicU64,
    pub(super) disconnects: AtomicU64,
    /// Requests the server could not store (`storage-failure`), sent
    /// again after a wait: not errors.
    pub(super) retried: AtomicU64,
    pub(super) claimed: AtomicU64,
    pub(super) bot_moves: AtomicU64,
    pub(super) bot_games: AtomicU64,
    /// Per node URL.
    pub(super) nodes: Mutex<BTreeMap<String, NodeCounts>>,
}

impl Stats {
    pub(super) fn node(&self, url: &str, f: impl FnOnce(&mut NodeCounts)) {
        let mut nodes = self.nodes.lock().unwrap_or_else(|e| e.into_inner());
        match nodes.get_mut(url) {
            Some(counts) => f(counts),
            None => f(nodes.entry(url.to_string()).or_default()),
        }
    }

    /// Counts the `moved` a connection followed, for the nodes that sent
    /// them.
    pub(super) fn moves_of(&self, conn: &mut Conn) {
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

/// The refusals a load test meets when the server keeps the limits meant
/// for a public server.
pub(super) const LIMIT_CODES: [Code; 6] = [
    Code::RateLimited,
    Code::TooManyGuests,
    Code::TooManyRooms,
    Code::TooManyWatched,
    Code::TooManyConnections,
    Code::ServerFull,
];

/// What to do about such refusals, in one line (`hint: …`), in the
/// terminal's language.
pub fn limits_hint() -> String {
    crate::out::say("load-limits-hint")
}

/// Whether a failure's text tells of one of the server's limits (a refusal
/// with a limit's code, or the HTTP statuses of a refused connection).
pub fn is_limit_failure(text: &str) -> bool {
    LIMIT_CODES.iter().any(|code| text.contains(code.as_str()))
        || text.contains("429 Too Many Requests")
        || text.contains("503 Service Unavailable")
}

/// The wait before a request the server could not store is sent again:
/// 250 ms, doubling with each such refusal in a row, up to 4 s.
pub(super) fn backoff(failures: u32) -> Duration {
    Duration::from_millis(250 << failures.min(4))
}

/// Whether a request failed because the server could not store it now
/// (its database is away): nothing was done, and it may go again.
pub(super) fn storage_failure(e: &anyhow::Error) -> bool {
    crate::net::Failed::is_refused(e, Code::StorageFailure)
}
