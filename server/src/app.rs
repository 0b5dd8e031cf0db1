//! The server as a whole: configuration, shared state, start and graceful
//! shutdown.

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
use crate::room::{RoomCore, RoomHandle, spawn_room};
use crate::store::{Store, StoreError};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on; port 0 picks a free port.
    pub bind: SocketAddr,
    /// `sqlite://PATH` (created if missing) or `sqlite::memory:`.
    pub database: String,
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
            rate_limit: 50,
            outbox: 256,
            sync_full: false,
            limits: Limits::default(),
            bot_threads: 1,
            bot_queue: 1024,
        }
    }
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
        let Some(record) = self.store.room(id).await? else {
            return Ok(None);
        };
        match RoomCore::restore(&record) {
            Ok(core) => Ok(Some(spawn_room(core, self))),
            Err(e) => {
                tracing::error!(room = id, error = %e, "stored room does not replay");
                Ok(None)
            }
        }
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
    pub async fn start(config: Config) -> anyhow::Result<Server> {
        let (store, store_task) = Store::open(&config.database, config.sync_full).await?;
        let listener = TcpListener::bind(config.bind).await?;
        let addr = listener.local_addr()?;
        let bots = BotPool::start(config.bot_threads, config.bot_queue)?;
        let app = Arc::new(App {
            bots,
            admission: Admission::new(&config.limits),
            metrics: Metrics::new(),
            config,
            store,
            lobby: Lobby::default(),
            clock: Clock::new(),
            shutdown: CancellationToken::new(),
            tasks: TaskTracker::new(),
            next_conn: AtomicU64::new(1),
            loading: Mutex::new(()),
        });
        let rooms = app.store.unfinished_rooms().await?;
        let mut resumed = 0;
        for record in &rooms {
            match RoomCore::restore(record) {
                Ok(core) => {
                    let handle = spawn_room(core, &app);
                    resumed += 1;
                    // Its computer players take their seats again.
                    for (_, guest) in &record.seats {
                        if let Some(level) = guest.bot.as_deref().and_then(|l| l.parse().ok()) {
                            let player = crate::room::Player {
                                id: guest.id.clone(),
                                name: guest.name.clone(),
                            };
                            crate::bots::resume_bot(&app, handle.clone(), player, level).await;
                        }
                    }
                }
                Err(e) => {
                    tracing::error!(room = %record.id, error = %e, "stored room does not replay; left out")
                }
            }
        }
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
        let pool = app.store.pool();
        // The writer ends once every handle to the store is gone, after
        // committing what it was given; then the pool can close.
        drop(app);
        if tokio::time::timeout(std::time::Duration::from_secs(10), store_task)
            .await
            .is_err()
        {
            tracing::error!("the storage writer did not stop in time");
        }
        pool.close().await;
    }
}
