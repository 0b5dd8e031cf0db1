//! Serving (no command): the runtime, logging, the file limit, the
//! configuration from the flags, the server started (or taken over from
//! an old process), and until SIGTERM or ctrl-c the signals: SIGUSR2
//! hands over to a new binary (`takeover`), the others shut down
//! gracefully.

use lodestone_server::takeover::{self, Handed, Relaunch};
use lodestone_server::{Config, Server};
use tracing_subscriber::EnvFilter;

use super::flags::Args;

pub(crate) fn serve(args: Args) -> Result<(), String> {
    // Before any thread: the sockets handed over (systemd's, or with
    // --takeover the old process's) leave the environment here.
    let handed = Handed::from_env(args.takeover)?;
    let relaunch = Relaunch::capture();
    // Measured (docs/performance.md): one worker per CPU serves more games
    // than one thread; one thread costs a little less per move when idle.
    let workers = match args.workers {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    // Inline commits block the thread they run on: with several workers
    // the others would wait on that one.
    if args.writer == "inline" && workers != 1 {
        return Err("--writer inline needs --workers 1 (one runtime thread that also commits)".into());
    }
    let runtime = if workers <= 1 {
        tokio::runtime::Builder::new_current_thread().enable_all().build()
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers)
            .enable_all()
            .build()
    }
    .map_err(|e| format!("could not start the runtime: {e}"))?;
    runtime.block_on(run(args, handed, relaunch))
}

async fn run(args: Args, mut handed: Handed, relaunch: Relaunch) -> Result<(), String> {
    let args_config = args.config.clone();
    // The store's quiet defaults: PostgreSQL's notices are not news for a
    // host.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new(format!("info,{}", lodestone_server::QUIET_DATABASE_LOGS)))
        // tungstenite traces every message it receives, text and all:
        // passwords (`register`, `login`) and tokens (`hello`) must never
        // reach a log, whatever RUST_LOG asks for. Its debug lines (every
        // close frame) are not news for a host either.
        .add_directive("tungstenite::protocol=warn".parse().expect("a directive"));
    // Colours only for a person at a terminal: a journal or a file gets
    // plain text.
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    if args.log_format == "json" {
        logs.json().init();
    } else {
        logs.init();
    }
    // Every connection is a file descriptor: raise the soft limit to the
    // hard one.
    let files = match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => {
            tracing::debug!(limit, "open file limit");
            Some(limit)
        }
        Err(e) => {
            tracing::warn!(error = %e, "could not raise the open file limit");
            None
        }
    };
    let mut limits: lodestone_server::Limits = args.limits.into();
    if let Some(files) = files {
        limits.max_connections = lodestone_server::limits::fit_to_files(limits.max_connections, files);
    }
    let mut config = Config {
        bind: args.bind,
        database: args.database,
        db_connections: args.db_connections,
        db_bounds: args.db.into(),
        expire_open_after: args.expire_open_rooms.0,
        absent_grace: args
            .absent_grace
            .0
            .unwrap_or(lodestone_server::DEFAULT_ABSENT_GRACE_MS),
        abandon_after: args
            .abandon_after
            .0
            .unwrap_or(lodestone_server::DEFAULT_ABANDON_AFTER_MS),
        rate_limit: args.rate_limit,
        outbox: args.outbox.max(1),
        sync_full: args.sync == "full",
        inline_writer: args.writer == "inline",
        limits,
        bot_threads: match args.bot_threads {
            0 => std::thread::available_parallelism()
                .map_or(1, |n| n.get() / 2)
                .max(1),
            n => n,
        },
        bot_queue: 1024,
        // With PostgreSQL every server is a node (SQLite ignores it).
        node: Some(args.node.unwrap_or_else(lodestone_server::host_name)),
        advertise: args.advertise,
        node_origins: args.node_origins,
        first_account_is_admin: args.first_account_is_admin,
        lease_ms: args.lease_ms,
        renew_ms: args.renew_ms,
        after_game: args.after_game.0.unwrap_or(0),
        tournaments: Default::default(),
        notify: args.notify.into(),
        state_dir: args.state_dir,
        backup_every: args.backup_every.0,
        backup_keep: args.backup_keep as usize,
        tls: lodestone_server::TlsConfig {
            domains: args.tls_domains,
            contact: args.tls_contact,
            cert: args.tls_cert,
            key: args.tls_key,
            acme_directory: args.acme_directory,
            acme_ca: args.acme_ca,
            https_bind: args.https_bind,
            http_bind: args.http_bind,
        },
    };
    // Clients of another node reach this one where its certificate is.
    if config.advertise.is_none()
        && let Some(name) = config.tls.domains.first()
    {
        let port = match config.tls.https_bind.port() {
            443 => String::new(),
            port => format!(":{port}"),
        };
        config.advertise = Some(format!("wss://{name}{port}/ws"));
    }
    if let Some(file) = &args_config {
        tracing::info!(file = %file.display(), "settings read from the config file too");
    }
    // Taking over: the old process stores its rooms and lets go of the
    // database first.
    handed.wait_for_parent().await;
    let server = Server::start_on(config, std::mem::take(&mut handed.listeners))
        .await
        .map_err(|e| e.to_string())?;
    // The signal handlers are in place before the address is announced: a
    // SIGTERM sent as soon as the server answers drains it, never kills it.
    let signalled = shutdown_signal();
    let mut upgrade = upgrade_signal();
    // Tests and scripts read this line to learn the port (the app's plain
    // HTTP first, then HTTPS and its port 80, if any).
    for (role, addr) in server.addrs() {
        say(&format!("listening on {}://{addr}", role.scheme()));
    }
    lodestone_server::notify_ready(&format!("listening on {}", server.addr()));
    tokio::pin!(signalled);
    let successor = loop {
        tokio::select! {
            _ = &mut signalled => {
                tracing::info!("shutting down");
                break None;
            }
            _ = server.stopping() => break None,
            _ = upgrade.recv() => match takeover::start_successor(&server, &relaunch).await {
                Ok(successor) => break Some(successor),
                Err(e) => tracing::error!(error = %e, "upgrade failed; this process goes on serving"),
            },
        }
    };
    match successor {
        Some(successor) => {
            tracing::info!(pid = successor.pid(), "handing over to the new process");
            server.hand_over();
            server.shutdown().await;
            successor.release();
            tracing::info!("rooms stored; the new process takes over");
        }
        None => {
            lodestone_server::notify_stopping();
            server.shutdown().await;
        }
    }
    Ok(())
}

/// SIGUSR2: start the binary again and hand it the sockets (an upgrade).
/// Never fires where the signal cannot be caught.
fn upgrade_signal() -> UpgradeSignal {
    let signal = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::user_defined2())
        .map_err(|e| tracing::warn!(error = %e, "cannot catch SIGUSR2: no upgrades in place"))
        .ok();
    UpgradeSignal(signal)
}

struct UpgradeSignal(Option<tokio::signal::unix::Signal>);

impl UpgradeSignal {
    async fn recv(&mut self) {
        match self.0.as_mut() {
            Some(signal) => {
                signal.recv().await;
            }
            None => std::future::pending().await,
        }
    }
}

/// Writes a line on standard output, whoever reads it or not (a reader
/// that went away is no reason to stop).
fn say(line: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Resolves at ctrl-c or SIGTERM. The handlers are registered when this is
/// called, not when the future is first polled.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .map_err(|e| tracing::warn!(error = %e, "cannot catch SIGTERM; ctrl-c still stops the server"))
        .ok();
    let ctrl_c = tokio::signal::ctrl_c();
    async move {
        #[cfg(unix)]
        if let Some(mut term) = term {
            tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            }
            return;
        }
        let _ = ctrl_c.await;
    }
}
