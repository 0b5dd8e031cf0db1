//! The server as a whole: start (open storage, resume the rooms, serve)
//! and graceful shutdown.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::task::JoinHandle;

use crate::app::App;
use crate::bot_pool::BotPool;
use crate::config::Config;
use crate::http::router;
use crate::listen::Role;
use crate::metrics::Metrics;
use crate::node::Node;
use crate::serve::{Served, serve};
use crate::store::{Store, StoreError, StoreOptions};
use crate::tls::Tls;

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
    /// A configuration the server cannot keep, as a sentence.
    #[error("{0}")]
    Config(String),
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    app: Arc<App>,
    store_task: JoinHandle<()>,
    /// The sockets it listens on (the originals: each serving task has a
    /// copy), to hand over to a new process.
    listeners: Vec<(Role, std::net::TcpListener)>,
}

impl Server {
    /// Opens the database, resumes every unfinished room, binds and starts
    /// serving in the background.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        Server::start_on(config, Vec::new()).await
    }

    /// [`Server::start`] on sockets handed over (systemd's, or those of the
    /// process this one takes over from), matched to their listeners by
    /// port; the listeners without one are bound.
    pub async fn start_on(config: Config, handed: Vec<std::net::TcpListener>) -> Result<Server, StartError> {
        crate::backup::check(&config).map_err(StartError::Config)?;
        let holder = format!(
            "{}#{}",
            config.node.clone().unwrap_or_else(crate::node::host_name),
            std::process::id()
        );
        let mut tls = Tls::new(&config.tls, &holder, config.state_dir()).map_err(StartError::Config)?;
        let options = StoreOptions {
            sync_full: config.sync_full,
            connections: config.db_connections,
            bounds: Some(config.db_bounds),
            existing: false,
            inline_writer: config.inline_writer,
        };
        let (store, store_task) = Store::open(&config.database, &options).await?;
        let listeners = crate::listen::open(&config, handed)
            .await
            .map_err(|e| StartError::Bind {
                addr: e.addr,
                source: e.source,
            })?;
        let local = |role: Role| {
            listeners
                .iter()
                .find(|(r, _)| *r == role)
                .and_then(|(_, l)| l.local_addr().ok())
        };
        let addr = local(Role::App).unwrap_or(config.bind);
        if let (Some(tls), Some(https)) = (tls.as_mut(), local(Role::Https)) {
            tls.set_https_port(https.port());
        }
        let metrics = Metrics::new();
        let store = store
            .with_commit_histogram(metrics.commit_seconds.clone())
            .with_failure_counter(metrics.store_failures.clone());
        let bots = BotPool::start(config.bot_threads, config.bot_queue).map_err(StartError::Bots)?;
        // PostgreSQL and a node name: this server is one node of however
        // many share the database.
        let node = match (store.leases(), &config.node) {
            (Some(leases), Some(name)) => Some(Arc::new(Node::new(name, &config, addr, leases, &metrics))),
            _ => None,
        };
        // The address it listens on (port 0 picked one): its pages' origin.
        let mut config = Config { bind: addr, ..config };
        // Likewise the HTTPS port: pages served there are the server's own.
        if let Some(https) = local(Role::Https) {
            config.tls.https_bind = https;
        }
        let app = Arc::new(App::new(config, store, metrics, bots, node));
        let requests = app
            .stand_in_requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(requests) = requests {
            app.tasks.spawn(crate::bots::stand_ins(app.clone(), requests));
        }
        let rematches = app.rematches.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(rematches) = rematches {
            app.tasks.spawn(crate::rooms::rematches(app.clone(), rematches));
        }
        let ended = app.game_results.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(ended) = ended {
            // With several nodes, a node that died between a game's end
            // and its result leaves it due while the others run on: they
            // look for such games now and then, not only at their start.
            let sweep = app.node.is_some().then_some(crate::ratings::NODE_SWEEP);
            app.tasks.spawn(crate::ratings::run(
                app.store.clone(),
                ended,
                app.shutdown.clone(),
                sweep,
            ));
        }
        app.notify.start().await?;
        crate::notify::spawn(app.notify.clone(), app.shutdown.clone(), &app.tasks);
        if app.node.is_some() {
            // The rooms nobody holds are taken now (all of them, for the
            // first node up), the others on demand; the sweeper takes
            // those whose owner dies.
            crate::cluster::start(&app).await;
        } else {
            let resumed = crate::rooms::resume_all(&app).await?;
            tracing::info!(rooms = resumed, "resumed unfinished rooms");
        }
        // The live tournaments' directors (with several nodes, those
        // nobody holds, now and whenever their node dies).
        app.tasks.spawn(crate::tournament::serve::resume(app.clone()));
        tracing::info!(threads = app.bots.threads(), "bots think on their own threads");
        let router = router(app.clone());
        let tls = tls.map(Arc::new);
        for (role, listener) in &listeners {
            let served = match (role, &tls) {
                (Role::Https, Some(tls)) => Served::Https(router.clone(), tls.clone()),
                (Role::PlainHttp, Some(tls)) => Served::Redirect(tls.clone()),
                _ => Served::Plain(router.clone()),
            };
            let copy = crate::listen::serving_copy(listener).map_err(|source| StartError::Bind {
                addr: listener.local_addr().unwrap_or(addr),
                source,
            })?;
            app.tasks.spawn(serve(copy, served, app.clone()));
        }
        if let Some(tls) = &tls {
            let keep = Tls::clone(tls).keep(app.store.clone(), app.shutdown.clone());
            app.tasks.spawn(keep);
        }
        app.tasks.spawn(crate::systemd::watchdog(app.clone()));
        app.tasks.spawn(crate::backup::scheduled(app.clone()));
        Ok(Server {
            addr,
            app,
            store_task,
            listeners,
        })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Every address it listens on, with what each serves.
    pub fn addrs(&self) -> Vec<(Role, SocketAddr)> {
        self.listeners
            .iter()
            .filter_map(|(role, l)| Some((*role, l.local_addr().ok()?)))
            .collect()
    }

    /// The sockets it listens on, for a process that takes over.
    pub fn listeners(&self) -> &[(Role, std::net::TcpListener)] {
        &self.listeners
    }

    /// The shared state, for the server's own tests.
    #[cfg(test)]
    pub(crate) fn app(&self) -> &Arc<App> {
        &self.app
    }

    /// Makes the shutdown that follows an upgrade's: the listeners stop
    /// accepting at once (a new process takes over the sockets), so a
    /// client that reconnects while the rooms are stored waits for the new
    /// process, and clients are told to reconnect at once.
    pub fn hand_over(&self) {
        self.app.handing_over.cancel();
    }

    /// Resolves when shutdown has been asked for.
    pub async fn stopping(&self) {
        self.app.shutdown.cancelled().await
    }

    /// With several nodes, first hands every room over to the others
    /// (their clients get `moved`); then stops accepting connections,
    /// closes every connection with a reason, stops the rooms (each
    /// finishes the store it is waiting for), drains the storage writer
    /// and closes the database.
    pub async fn shutdown(self) {
        let Server { app, store_task, .. } = self;
        crate::cluster::drain(&app).await;
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
