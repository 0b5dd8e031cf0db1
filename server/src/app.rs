//! The state shared by every connection: the configuration, storage, the
//! lobby, the clock, the bots' threads, admission and metrics, and the
//! narrow environment each room task gets instead ([`RoomEnv`]), and where
//! a room is ([`Located`]; `rooms.rs` finds and loads it, one flight per
//! room: `flight.rs`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::admission::Admission;
use crate::bot_pool::BotPool;
use crate::clock::Clock;
use crate::config::Config;
use crate::flight::Flights;
use crate::metrics::Metrics;
use crate::node::Node;
use crate::notify::Notify;
use crate::room::{self, Lobby, RoomEnv, RoomHandle};
use crate::store::Store;

/// Where a room is.
#[derive(Clone, Debug)]
pub enum Located {
    /// Served by this node.
    Here(RoomHandle),
    /// Another node holds it: the client goes to this URL.
    Moved(String),
    /// There is no such room (or it is gone).
    Missing,
}

/// What finding a room gave, as shared by every caller of its flight.
pub type Found = Result<Located, String>;

/// State shared by every connection and room task.
#[derive(Debug)]
pub struct App {
    pub config: Config,
    pub store: Store,
    pub lobby: Arc<Lobby>,
    pub clock: Clock,
    /// Where bots think (`bot_pool.rs`).
    pub bots: BotPool,
    /// Cancelled on shutdown: connections say goodbye, rooms stop.
    pub shutdown: CancellationToken,
    /// Every connection and room task, so shutdown can wait for them.
    pub tasks: TaskTracker,
    /// Connection counts and per-address rates (`limits.rs`).
    pub admission: Admission,
    /// The pages that may open a WebSocket here (`origins.rs`).
    pub origins: crate::origins::Origins,
    /// Login attempts per account name and per address (`accounts.rs`).
    pub logins: crate::accounts::Logins,
    pub metrics: Metrics,
    /// The last readiness probe (`health.rs`).
    pub health: crate::health::Health,
    /// Cancelled when a new process takes over (`takeover.rs`): the
    /// listeners stop accepting (the new process accepts what comes next),
    /// and the shutdown's goodbye tells clients to reconnect at once.
    pub handing_over: CancellationToken,
    /// What every room task gets of all this.
    pub rooms: Arc<RoomEnv>,
    next_conn: AtomicU64,
    /// The rooms' requests for stand-ins, until `bots::stand_ins` takes
    /// them (at start).
    pub stand_in_requests: std::sync::Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<room::StandIn>>>,
    /// The games that ended, for the results worker (`ratings.rs`), until
    /// the server starts it.
    pub game_results: std::sync::Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<room::GameEnded>>>,
    /// The rooms being found (loaded, leased) now, one flight each: a room
    /// never gets two tasks, and a room that takes long to find holds up
    /// no other room's look-up.
    pub finding: Flights<Found>,
    /// This node, when several share a PostgreSQL database (`None` on
    /// SQLite).
    pub node: Option<Arc<Node>>,
    /// Who is connected, for moderation (`moderation/`).
    pub moderation: Arc<crate::moderation::Moderation>,
    /// The tournaments directed here (`tournament/`).
    pub tournaments: Arc<crate::tournament::Registry>,
    /// Web Push, webhooks and alarms (`notify/`).
    pub notify: Arc<Notify>,
    /// The rematches rooms ask for, until the server starts `rooms::rematches`.
    pub rematches: std::sync::Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<room::RematchDue>>>,
}

impl App {
    /// The next message of `rx`; `None` once it is closed or the server
    /// shuts down.
    pub async fn next_before_shutdown<T>(
        &self,
        rx: &mut tokio::sync::mpsc::UnboundedReceiver<T>,
    ) -> Option<T> {
        tokio::select! {
            _ = self.shutdown.cancelled() => None,
            next = rx.recv() => next,
        }
    }

    /// The shared state of a server that stores in `store`.
    pub fn new(
        config: Config,
        store: Store,
        metrics: Metrics,
        bots: BotPool,
        node: Option<Arc<Node>>,
    ) -> App {
        let lobby = Arc::new(Lobby::default());
        let clock = Clock::new();
        let shutdown = CancellationToken::new();
        let tasks = TaskTracker::new();
        let (stand_ins, stand_in_requests) = tokio::sync::mpsc::unbounded_channel();
        let (results, game_results) = tokio::sync::mpsc::unbounded_channel();
        let (rematches_tx, rematches) = tokio::sync::mpsc::unbounded_channel();
        let notify = Arc::new(Notify::new(
            config.notify.clone(),
            store.clone(),
            clock,
            (config.node.as_deref().zip(node.as_ref())).map(|(name, n)| (name, n.leases.clone())),
            lobby.clone(),
        ));
        let rooms = Arc::new(RoomEnv {
            store: store.clone(),
            lobby: lobby.clone(),
            clock,
            moves: metrics.moves.clone(),
            shutdown: shutdown.clone(),
            tasks: tasks.clone(),
            expire_open_after: config.expire_open_after,
            absent_grace: config.absent_grace,
            abandon_after: config.abandon_after,
            stand_ins: Some(stand_ins),
            node: node.as_ref().map(|n| n.env()),
            after_game: config.after_game,
            results: Some(results),
            notices: config
                .notify
                .enabled
                .then(|| notify.clone() as Arc<dyn room::Notifier>),
            rematches: Some(rematches_tx),
        });
        App {
            admission: Admission::new(&config.limits),
            origins: crate::origins::Origins::new(&config, config.bind),
            logins: crate::accounts::Logins::new(
                config.limits.logins_per_account,
                config.limits.logins_per_address,
            ),
            config,
            store,
            lobby,
            clock,
            bots,
            shutdown,
            tasks,
            metrics,
            health: crate::health::Health::default(),
            handing_over: CancellationToken::new(),
            rooms,
            next_conn: AtomicU64::new(1),
            stand_in_requests: std::sync::Mutex::new(Some(stand_in_requests)),
            game_results: std::sync::Mutex::new(Some(game_results)),
            finding: Flights::default(),
            node,
            moderation: Arc::default(),
            tournaments: Arc::default(),
            notify,
            rematches: std::sync::Mutex::new(Some(rematches)),
        }
    }

    pub fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }
}
