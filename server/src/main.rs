//! `lodestone-server`: reads flags and environment, sets up logging, runs
//! the server until SIGTERM or ctrl-c, then shuts it down gracefully.

use std::net::SocketAddr;

use clap::Parser;
use lodestone_server::{Config, Server};
use tracing_subscriber::EnvFilter;

/// Lodestone's authoritative game server for Magnet, Magma, Magnetism and
/// Magneton.
#[derive(Debug, Parser)]
#[command(
    name = "lodestone-server",
    version,
    after_help = "Examples:\n  lodestone-server\n      serve on 127.0.0.1:8080 with ./lodestone.db\n  \
                  lodestone-server --bind 127.0.0.1:0 --database sqlite:///var/lib/lodestone/games.db\n      \
                  pick a free port; print it as `listening on http://ADDR`\n\n\
                  Logging: RUST_LOG (default info), e.g. RUST_LOG=lodestone_server=debug."
)]
struct Args {
    /// Address to listen on (port 0 picks a free one).
    #[arg(long, env = "LODESTONE_BIND", default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Database URL: sqlite://PATH (created if missing) or sqlite::memory:
    /// (nothing kept).
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
    database: String,
    /// Messages each connection may send per second, in bursts of twice
    /// that; 0 for no limit.
    #[arg(long, env = "LODESTONE_RATE_LIMIT", default_value_t = 50)]
    rate_limit: u32,
    /// Messages queued for a connection before it is dropped as too slow.
    #[arg(long, env = "LODESTONE_OUTBOX", default_value_t = 256)]
    outbox: usize,
    /// Log lines as `text` or as `json` objects (one per line).
    #[arg(long, env = "LODESTONE_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"])]
    log_format: String,
    /// Threads that run connections and rooms; 0 (the default) means one
    /// per CPU. The database writer has a thread of its own.
    #[arg(long, env = "LODESTONE_WORKERS", default_value_t = 0)]
    workers: usize,
    /// When a commit counts as done: `normal` once the operating system
    /// has it (survives the server being killed), `full` once it is on the
    /// disk (survives a power cut too; every commit waits for the disk).
    #[arg(long, env = "LODESTONE_SYNC", default_value = "normal", value_parser = ["normal", "full"])]
    sync: String,
    /// Threads bots think on, apart from the runtime's: the most cores
    /// bots may use at once. 0 (the default) means half the CPUs, at
    /// least one.
    #[arg(long, env = "LODESTONE_BOT_THREADS", default_value_t = 0)]
    bot_threads: usize,
    /// Admission limits and quotas (each 0 = off).
    #[command(flatten)]
    limits: lodestone_server::limits::LimitArgs,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    // Measured (docs/performance.md): one worker per CPU serves more games
    // than one thread; one thread costs a little less per move when idle.
    let workers = match args.workers {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let runtime = if workers <= 1 {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers)
            .enable_all()
            .build()?
    };
    runtime.block_on(run(args))
}

async fn run(args: Args) -> anyhow::Result<()> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if args.log_format == "json" {
        logs.json().init();
    } else {
        logs.init();
    }
    // Every connection is a file descriptor: raise the soft limit to the
    // hard one.
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => tracing::debug!(limit, "open file limit"),
        Err(e) => tracing::warn!(error = %e, "could not raise the open file limit"),
    }
    let config = Config {
        bind: args.bind,
        database: args.database,
        rate_limit: args.rate_limit,
        outbox: args.outbox.max(1),
        sync_full: args.sync == "full",
        limits: args.limits.into(),
        bot_threads: match args.bot_threads {
            0 => std::thread::available_parallelism()
                .map_or(1, |n| n.get() / 2)
                .max(1),
            n => n,
        },
        bot_queue: 1024,
    };
    let server = Server::start(config).await?;
    // Tests and scripts read this line to learn the port.
    println!("listening on http://{}", server.addr());
    tokio::select! {
        _ = shutdown_signal() => tracing::info!("shutting down"),
        _ = server.stopping() => {}
    }
    server.shutdown().await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("SIGTERM handler");
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
