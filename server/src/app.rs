//! The server as a whole: configuration, shared state, start and graceful
//! shutdown.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::net::TcpListener;
use tokio::sync::Mutex;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::bot_pool::BotPool;
use crate::clock::Clock;
use crate::limits::{Admission, Limits};
use crate::lobby::Lobby;
use crate::metrics::Metrics;
use crate::room::{self, RoomCore, RoomHandle, spawn_room};
use crate::store::{Store, StoreError, StoreOptions};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on; port 0 picks a free port.
    pub bind: SocketAddr,
    /// `sqlite://PATH` or a plain path (created if missing),
    /// `sqlite::memory:` (nothing kept), or `postgres://USER@HOST/DB`.
    pub database: String,
    /// Connections to PostgreSQL (SQLite keeps a few of its own).
    pub db_connections: u32,
    /// An open room that nobody starts within this many milliseconds of
    /// its creation expires; `None`: never.
    pub expire_open_after: Option<u64>,
    /// Messages a connection may send per second (bursts of twice that);
    /// 0 turns the limit off.
    pub rate_limit: u32,
    /// Messages queued for one connection before it counts as too slow and
    /// is disconnected.
    pub outbox: usize,
    /// Whether each commit waits for the disk (SQLite `synchronous=FULL`):
    /// then an acknowledged action survives a power cut, not only a crash
    /// of the server. Off (`NORMAL`), a commit is in the operating system's
    /// hands when it is acknowledged: it survives the server being killed.
    pub sync_full: bool,
    /// Admission limits and quotas (`limits.rs`).
    pub limits: Limits,
    /// Threads the bots think on (their CPU budget; at least 1).
    pub bot_threads: usize,
    /// Bot moves that may wait for a thread; more wait their turn to queue.
    pub bot_queue: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "sqlite://lodestone.db".into(),
            db_connections: 8,
            expire_open_after: Some(DEFAULT_EXPIRY_MS),
            rate_limit: 50,
            outbox: 256,
            sync_full: false,
            limits: Limits::default(),
            bot_threads: 1,
            bot_queue: 1024,
        }
    }
}

/// How long an open room waits for its game to start: a day.
pub const DEFAULT_EXPIRY_MS: u64 = 24 * 60 * 60 * 1000;

/// Why the server could not start, as a sentence for the host.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("could not listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("could not start the bots' threads: {0}")]
    Bots(std::io::Error),
}

/// State shared by every connection and room task.
#[derive(Debug)]
pub struct App {
    pub config: Config,
    pub store: Store,
    pub lobby: Lobby,
    pub clock: Clock,
    /// Where bots think (`bot_pool.rs`).
    pub bots: BotPool,
    /// Cancelled on shutdown: connections say goodbye, rooms stop.
    pub shutdown: CancellationToken,
    /// Every connection and room task, so shutdown can wait for them.
    pub tasks: TaskTracker,
    /// Connection counts and per-address rates (`limits.rs`).
    pub admission: Admission,
    pub metrics: Metrics,
    next_conn: AtomicU64,
    /// Serialises loading rooms from the store, so a room never gets two
    /// tasks.
    loading: Mutex<()>,
}

impl App {
    pub fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The task of room `id`, loading the room from the store if it is not
    /// in memory (a finished game, or one evicted).
    pub async fn room(self: &Arc<App>, id: &str) -> Result<Option<RoomHandle>, StoreError> {
        if let Some(handle) = self.lobby.get(id) {
            return Ok(Some(handle));
        }
        let _guard = self.loading.lock().await;
        if let Some(handle) = self.lobby.get(id) {
            return Ok(Some(handle));
        }
        let rows = self.store.room_events(id).await?;
        if rows.is_empty() {
            return Ok(None);
        }
        let restored = rows
            .iter()
            .map(room::from_row)
            .collect::<Result<Vec<_>, _>>()
            .and_then(|events| RoomCore::restore(id, &events));
        match restored {
            // An expired room is gone for good.
            Ok(core) if core.is_expired() => Ok(None),
            Ok(core) => Ok(Some(spawn_room(core, self))),
            Err(e) => {
                tracing::error!(room = id, error = %e, "stored room does not replay");
                Ok(None)
            }
        }
    }

    /// Loads every open or playing room from its log (one query for all)
    /// and starts its task; expires, in one write, the open rooms whose
    /// time ran out while the server was down; sets their bots playing.
    /// Returns how many rooms were resumed.
    async fn resume_rooms(self: &Arc<App>) -> Result<usize, StoreError> {
        let rows = self.store.live_events().await?;
        let now = self.clock.now_ms();
        let mut expired = Vec::new();
        let mut expired_rooms = 0;
        let mut live = Vec::new();
        for (id, events) in room::by_room(rows) {
            match events.and_then(|events| RoomCore::restore(&id, &events)) {
                Ok(mut core) => match core.expire(now, self.config.expire_open_after) {
                    Some(events) => {
                        expired.extend(room::ops(&id, &events));
                        expired_rooms += 1;
                    }
                    None => live.push(core),
                },
                Err(e) => tracing::error!(room = %id, error = %e, "stored room does not replay; left out"),
            }
        }
        if !expired.is_empty() {
            self.store.write(expired).await?;
            tracing::info!(rooms = expired_rooms, "expired open rooms nobody started in time");
        }
        let mut seated: Vec<String> = live.iter().flat_map(RoomCore::seated_guests).collect();
        seated.sort_unstable();
        seated.dedup();
        let bots: HashMap<String, crate::store::GuestRow> = self
            .store
            .guests(&seated)
            .await?
            .into_iter()
            .filter(|g| g.bot.is_some())
            .map(|g| (g.id.clone(), g))
            .collect();
        let resumed = live.len();
        for core in live {
            let seated = core.seated_guests();
            let handle = spawn_room(core, self);
            // Its computer players take their seats again.
            for guest in seated.iter().filter_map(|id| bots.get(id)) {
                if let Some(level) = guest.bot.as_deref().and_then(|l| l.parse().ok()) {
                    let player = crate::room::Player {
                        id: guest.id.clone(),
                        name: guest.name.clone(),
                    };
                    crate::bots::resume_bot(self, handle.clone(), player, level).await;
                }
            }
        }
        Ok(resumed)
    }
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    app: Arc<App>,
    store_task: JoinHandle<()>,
}

impl Server {
    /// Opens the database, resumes every unfinished room, binds and starts
    /// serving in the background.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        let options = StoreOptions {
            sync_full: config.sync_full,
            connections: config.db_connections,
        };
        let (store, store_task) = Store::open(&config.database, &options).await?;
        let bind = |source| StartError::Bind {
            addr: config.bind,
            source,
        };
        let listener = TcpListener::bind(config.bind).await.map_err(bind)?;
        let addr = listener.local_addr().map_err(bind)?;
        let metrics = Metrics::new();
        let store = store.with_commit_histogram(metrics.commit_seconds.clone());
        let bots = BotPool::start(config.bot_threads, config.bot_queue).map_err(StartError::Bots)?;
        let app = Arc::new(App {
            bots,
            admission: Admission::new(&config.limits),
            metrics,
            config,
            store,
            lobby: Lobby::default(),
            clock: Clock::new(),
            shutdown: CancellationToken::new(),
            tasks: TaskTracker::new(),
            next_conn: AtomicU64::new(1),
            loading: Mutex::new(()),
        });
        let resumed = app.resume_rooms().await?;
        tracing::info!(rooms = resumed, "resumed unfinished rooms");
        tracing::info!(threads = app.bots.threads(), "bots think on their own threads");
        let router = crate::http::router(app.clone());
        app.tasks
            .spawn(crate::serve::serve(listener, router, app.clone()));
        Ok(Server {
            addr,
            app,
            store_task,
        })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The shared state, for the server's own tests.
    #[cfg(test)]
    pub(crate) fn app(&self) -> &Arc<App> {
        &self.app
    }

    /// Resolves when shutdown has been asked for.
    pub async fn stopping(&self) {
        self.app.shutdown.cancelled().await
    }

    /// Stops accepting connections, closes every connection with a reason,
    /// stops the rooms (each finishes the store it is waiting for), then
    /// drains the storage writer and closes the database.
    pub async fn shutdown(self) {
        let Server { app, store_task, .. } = self;
        app.shutdown.cancel();
        app.tasks.close();
        app.tasks.wait().await;
        let closer = app.store.closer();
        // The writer ends once every handle to the store is gone, after
        // committing what it was given; then the pool can close.
        drop(app);
        if tokio::time::timeout(std::time::Duration::from_secs(10), store_task)
            .await
            .is_err()
        {
            tracing::error!("the storage writer did not stop in time");
        }
        closer.close().await;
    }
}
