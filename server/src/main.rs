//! `lodestone-server`: reads flags and environment, sets up logging, runs
//! the server until SIGTERM or ctrl-c, then shuts it down gracefully; or
//! `migrate-db` copies a database into another. Whatever goes wrong ends
//! in one sentence on standard error and a non-zero exit code.

use std::net::SocketAddr;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use lodestone_server::takeover::{self, Handed, Relaunch};
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
                  pick a free port; print it as `listening on http://ADDR`\n  \
                  lodestone-server --database postgres://lodestone@localhost/lodestone\n      \
                  keep the games in PostgreSQL\n  \
                  lodestone-server --database postgres://lodestone@db/lodestone --node n2 --advertise wss://games.example.org/n/n2/ws\n      \
                  one of several nodes sharing that database (docs/scaling.md)\n  \
                  lodestone-server migrate-db --from lodestone.db --to postgres://lodestone@localhost/lodestone\n      \
                  copy everything from SQLite into an empty PostgreSQL database (server stopped)\n\n\
                  Logging: RUST_LOG (default info), e.g. RUST_LOG=lodestone_server=debug.",
    args_conflicts_with_subcommands = true,
    args_override_self = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    args: Args,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Copies every guest and every room's log from one database into
    /// another, empty one (e.g. from SQLite to PostgreSQL). Stop the server
    /// first; the source is brought up to the current schema, the target
    /// gets it.
    MigrateDb {
        /// The database to copy: sqlite://PATH, a file path, or
        /// postgres://USER@HOST/DB.
        #[arg(long)]
        from: String,
        /// The empty database to copy into.
        #[arg(long)]
        to: String,
    },
    /// Gives an account a role (docs/moderation.md): `admin grant NAME`
    /// makes the account named NAME an admin, `admin revoke NAME` a player
    /// again. Stored with an entry of the audit log.
    Admin {
        /// `grant` or `revoke`.
        #[arg(value_parser = ["grant", "revoke"])]
        action: String,
        /// The account's name.
        name: String,
        /// The server's database: sqlite://PATH, a file path, or
        /// postgres://USER@HOST/DB.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
        database: String,
    },
    /// Copies a SQLite database, while the server runs, into a new file:
    /// the database as it was at one moment, checked, in one file.
    Backup {
        /// The database to copy (sqlite://PATH or a file path).
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
        database: String,
        /// The new file (never overwritten).
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Puts a backup in place as the SQLite database (refused while a
    /// server uses it). The file gets the owner and mode of the one it
    /// replaces, which is kept beside it as NAME.replaced-TIME.
    Restore {
        /// The backup file.
        #[arg(long)]
        from: std::path::PathBuf,
        /// The database to replace (sqlite://PATH or a file path).
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
        database: String,
    },
}

#[derive(Debug, clap::Args)]
struct Args {
    /// Read the flags from this TOML file too (keys: the flags' long names,
    /// e.g. bind = "127.0.0.1:8080"; docs/operating.md). The command line
    /// and the environment win over it.
    #[arg(long = "config", value_name = "FILE")]
    config: Option<std::path::PathBuf>,
    /// Address to listen on (port 0 picks a free one).
    #[arg(long, env = "LODESTONE_BIND", default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Database: sqlite://PATH or a plain file path (created if missing),
    /// sqlite::memory: (nothing kept), or postgres://USER@HOST/DB.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
    database: String,
    /// Connections to PostgreSQL (SQLite keeps a few of its own).
    #[arg(long, env = "LODESTONE_DB_CONNECTIONS", default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=1000))]
    db_connections: u32,
    /// An open room whose game nobody starts within this time expires:
    /// a number with s, m, h or d (e.g. 90m, 24h, 7d), or `off`.
    #[arg(long, env = "LODESTONE_EXPIRE_OPEN_ROOMS", default_value = "24h", value_parser = parse_expiry)]
    expire_open_rooms: Expiry,
    /// A player away (no connection) this long during a game counts as
    /// absent, and the room's `absent` policy applies: a number with s, m,
    /// h or d (at least a day with a correspondence clock).
    #[arg(long, env = "LODESTONE_ABSENT_GRACE", default_value = "60s", value_parser = parse_expiry)]
    absent_grace: Expiry,
    /// A game whose seated people are all absent this long ends without a
    /// result (at least ten grace periods): a number with s, m, h or d.
    #[arg(long, env = "LODESTONE_ABANDON_AFTER", default_value = "7d", value_parser = parse_expiry)]
    abandon_after: Expiry,
    /// After a game ends, how long its players may ask for a rematch (the
    /// room stays in memory that long while people watch it): a number
    /// with s, m, h or d, or `off` (no rematches).
    #[arg(long, env = "LODESTONE_AFTER_GAME", default_value = "10m", value_parser = parse_expiry)]
    after_game: Expiry,
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
    /// This node's name when several servers share one PostgreSQL database
    /// (unique among them; default: the host name). Unused with SQLite.
    #[arg(long, env = "LODESTONE_NODE")]
    node: Option<String>,
    /// Where clients reach this node's WebSocket, sent to clients that ask
    /// another node for a room this one serves (`moved`), e.g.
    /// wss://n2.games.example.org/ws or wss://games.example.org/n/n2/ws
    /// (default: ws://ADDRESS/ws of --bind).
    #[arg(long, env = "LODESTONE_ADVERTISE")]
    advertise: Option<String>,
    /// The origin of another node with a hostname of its own (e.g.
    /// wss://n2.games.example.org; repeatable): the browser pages served
    /// here may open WebSockets to it, to follow `moved`. Nodes behind one
    /// hostname (paths /n/NAME/) need none.
    #[arg(long = "node-origin", value_name = "ORIGIN", value_parser = parse_node_origin)]
    node_origins: Vec<String>,
    /// How long a room's lease lasts without renewal, in milliseconds
    /// (several nodes; for tests).
    #[arg(long, env = "LODESTONE_LEASE_MS", default_value_t = lodestone_server::DEFAULT_LEASE_MS, hide = true)]
    lease_ms: u64,
    /// How often leases are renewed, in milliseconds (at most half the
    /// lease; for tests).
    #[arg(long, env = "LODESTONE_RENEW_MS", default_value_t = lodestone_server::DEFAULT_RENEW_MS, hide = true)]
    renew_ms: u64,
    /// The first account made on this database becomes an admin (for a
    /// new server; docs/moderation.md).
    #[arg(long, env = "LODESTONE_FIRST_ACCOUNT_IS_ADMIN")]
    first_account_is_admin: bool,
    /// Where the server keeps its files: scheduled backups (backups/) and
    /// certificates (default: the SQLite file's directory; with
    /// PostgreSQL, the working directory).
    #[arg(long, env = "LODESTONE_STATE_DIR")]
    state_dir: Option<std::path::PathBuf>,
    /// Back the SQLite database up this often into STATE_DIR/backups: a
    /// number with s, m, h or d (e.g. 6h), or `off`.
    #[arg(long, env = "LODESTONE_BACKUP_EVERY", default_value = "off", value_parser = parse_expiry)]
    backup_every: Expiry,
    /// Scheduled backups kept (the newest; older ones are removed).
    #[arg(long, env = "LODESTONE_BACKUP_KEEP", default_value_t = lodestone_server::DEFAULT_BACKUP_KEEP as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    backup_keep: u32,
    /// Serve HTTPS for this name (repeatable), with a certificate over
    /// ACME (Let's Encrypt unless --acme-directory), kept in the database
    /// and renewed by itself; ports 443 and 80 (--https-bind, --http-bind).
    #[arg(long = "tls-domain", value_name = "NAME", value_parser = lodestone_server::tls_domain)]
    tls_domains: Vec<String>,
    /// An e-mail address the CA may write to about the certificates.
    #[arg(long, env = "LODESTONE_TLS_CONTACT", value_name = "EMAIL")]
    tls_contact: Option<String>,
    /// Serve HTTPS with this certificate chain (PEM) of your own, with
    /// --tls-key; both are read again on SIGHUP or when they change.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    tls_cert: Option<std::path::PathBuf>,
    /// The private key (PEM) of --tls-cert.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<std::path::PathBuf>,
    /// The ACME directory of the CA that issues the certificates.
    #[arg(long, env = "LODESTONE_ACME_DIRECTORY", value_name = "URL",
          default_value = lodestone_server::LETS_ENCRYPT)]
    acme_directory: String,
    /// A root certificate (PEM) to trust for the CA's own HTTPS: a private
    /// CA (such as step-ca), or a test one.
    #[arg(long, value_name = "FILE")]
    acme_ca: Option<std::path::PathBuf>,
    /// Where HTTPS is served, with --tls-domain or --tls-cert.
    #[arg(long, env = "LODESTONE_HTTPS_BIND", default_value = "0.0.0.0:443")]
    https_bind: SocketAddr,
    /// Where plain HTTP answers ACME's challenges and sends everything else
    /// to HTTPS, with --tls-domain or --tls-cert.
    #[arg(long, env = "LODESTONE_HTTP_BIND", default_value = "0.0.0.0:80")]
    http_bind: SocketAddr,
    /// Take over from the running server that started this process on
    /// SIGUSR2 (an upgrade): its sockets, then its rooms once it has
    /// stored them. Not for starting by hand.
    #[arg(long)]
    takeover: bool,
    /// Admission limits and quotas (each 0 = off).
    #[command(flatten)]
    limits: lodestone_server::limits::LimitArgs,
    /// How long any wait on PostgreSQL may last.
    #[command(flatten)]
    db: lodestone_server::DbArgs,
    /// Web Push, webhooks and alarms.
    #[command(flatten)]
    notify: lodestone_server::notify::NotifyArgs,
}

fn main() -> ExitCode {
    let argv = lodestone_server::config_file::with_file(std::env::args_os().collect(), &Cli::command());
    let cli = match argv {
        Ok(argv) => Cli::parse_from(argv),
        Err(message) => {
            eprintln!("lodestone-server: {message}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cli.command {
        Some(Command::MigrateDb { from, to }) => migrate_db(&from, &to),
        Some(Command::Admin {
            action,
            name,
            database,
        }) => admin(&database, &name, action == "grant"),
        Some(Command::Backup { database, to }) => lodestone_server::backup(&database, &to)
            .map(|made| {
                println!(
                    "backed up {} rooms and {} events into {} ({} bytes)",
                    made.rooms,
                    made.events,
                    made.path.display(),
                    made.bytes
                )
            })
            .map_err(|e| e.to_string()),
        Some(Command::Restore { from, database }) => lodestone_server::restore(&from, &database)
            .map(|done| {
                println!(
                    "restored {} rooms and {} events into {}",
                    done.rooms,
                    done.events,
                    done.path.display()
                );
                if let Some(kept) = done.replaced {
                    println!("the database it replaced is kept as {}", kept.display());
                }
            })
            .map_err(|e| e.to_string()),
        None => serve(cli.args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("lodestone-server: {message}");
            ExitCode::FAILURE
        }
    }
}

fn serve(args: Args) -> Result<(), String> {
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

fn migrate_db(from: &str, to: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("could not start the runtime: {e}"))?;
    let copied = runtime
        .block_on(lodestone_server::copy_database(from, to, |p| {
            println!("copying {}: {} of {}", p.what, p.done, p.total);
        }))
        .map_err(|e| e.to_string())?;
    println!(
        "copied {} guests, {} rooms and {} events",
        copied.guests, copied.rooms, copied.events
    );
    Ok(())
}

fn admin(database: &str, name: &str, grant: bool) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("could not start the runtime: {e}"))?;
    let done = runtime.block_on(lodestone_server::grant_role(database, name, grant))?;
    println!("{done}");
    Ok(())
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

/// How long an open room may wait, in milliseconds; `None`: for ever.
#[derive(Clone, Copy, Debug)]
struct Expiry(Option<u64>);

/// A WebSocket origin another node is reached at: `ws://` or `wss://`, a
/// host name or address, maybe a port, nothing else (it goes into the
/// pages' Content-Security-Policy as it is).
fn parse_node_origin(text: &str) -> Result<String, String> {
    let origin = text.trim_end_matches('/').to_ascii_lowercase();
    let rest = origin
        .strip_prefix("wss://")
        .or_else(|| origin.strip_prefix("ws://"))
        .ok_or_else(|| format!("{text:?} is not a WebSocket origin: it must start with wss:// or ws://"))?;
    let fits = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
    if rest.is_empty() || !rest.chars().all(fits) {
        return Err(format!(
            "{text:?} is not a WebSocket origin: give only the scheme, the host and maybe a port, \
             such as wss://n2.games.example.org"
        ));
    }
    Ok(origin)
}

fn parse_expiry(text: &str) -> Result<Expiry, String> {
    if text == "off" {
        return Ok(Expiry(None));
    }
    let unit = |ms: u64| move |n: u64| n.checked_mul(ms);
    let (number, per) = match text.char_indices().last() {
        Some((i, 's')) => (&text[..i], unit(1_000)),
        Some((i, 'm')) => (&text[..i], unit(60_000)),
        Some((i, 'h')) => (&text[..i], unit(3_600_000)),
        Some((i, 'd')) => (&text[..i], unit(86_400_000)),
        _ => return Err("give a number with s, m, h or d (e.g. 24h), or off".into()),
    };
    match number.parse::<u64>().ok().and_then(per) {
        Some(0) | None => Err(format!("{number:?} is not a positive number of that unit")),
        Some(ms) => Ok(Expiry(Some(ms))),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag of the server is a key the config file may have.
    #[test]
    fn every_flag_is_a_config_key() {
        let command = Cli::command();
        for arg in command.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if ["config", "help", "version"].contains(&long) {
                continue;
            }
            let switch = !arg.get_action().takes_values();
            let text = if switch {
                format!("{long} = true")
            } else {
                format!("{long} = \"x\"")
            };
            let args = lodestone_server::config_file::arguments(&text, &command)
                .unwrap_or_else(|e| panic!("{long}: {e}"));
            let env_set = arg.get_env().is_some_and(|v| std::env::var_os(v).is_some());
            assert!(env_set || args[0] == *format!("--{long}"), "{long}");
        }
    }

    const OPERATING: &str = include_str!("../../docs/operating.md");

    /// The code blocks of docs/operating.md in `language`.
    fn blocks(language: &str) -> Vec<&'static str> {
        OPERATING
            .split(&format!("```{language}\n"))
            .skip(1)
            .filter_map(|rest| rest.split("```").next())
            .collect()
    }

    /// A shell line's words, with their quotes taken off (enough for the
    /// commands of the docs: no escapes, no substitutions).
    fn words(line: &str) -> Vec<String> {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut quote = None;
        let mut started = false;
        for c in line.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), c) => word.push(c),
                (None, '\'' | '"') => {
                    quote = Some(c);
                    started = true;
                }
                (None, c) if c.is_whitespace() => {
                    if started || !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                    started = false;
                }
                (None, c) => word.push(c),
            }
        }
        if started || !word.is_empty() {
            words.push(word);
        }
        words
    }

    /// Every example config file of docs/operating.md is a file the server
    /// reads, and the walkthrough's is where the systemd unit reads it.
    #[test]
    fn the_documented_config_files_are_read() {
        let examples = blocks("toml");
        assert!(examples.len() >= 2, "the TOML examples of docs/operating.md");
        for example in &examples {
            let args = lodestone_server::config_file::arguments(example, &Cli::command())
                .unwrap_or_else(|e| panic!("{e}:\n{example}"));
            let mut argv = vec![std::ffi::OsString::from("lodestone-server")];
            argv.extend(args);
            Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{e}:\n{example}"));
        }
        let unit = include_str!("../../docs/systemd/lodestone.service");
        let file = examples[0]
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# "))
            .unwrap();
        assert!(
            unit.contains(&format!("--config {file}")),
            "the unit reads {file}"
        );
        // The walkthrough's upgrade is `systemctl reload`.
        assert!(unit.contains("ExecReload=/bin/kill -USR2 $MAINPID"));
    }

    /// Every `lodestone-server` command of docs/operating.md's shell
    /// blocks is one the server takes, and every file of docs/ it names
    /// is there.
    #[test]
    fn the_documented_commands_parse() {
        let mut commands = 0;
        for block in blocks("sh") {
            let joined = block.replace("\\\n", " ");
            for line in joined.lines().filter(|l| !l.trim_start().starts_with('#')) {
                let mut words = words(line).into_iter().skip_while(|w| w.contains('='));
                let Some(first) = words.next() else { continue };
                if first != "lodestone-server" && !first.ends_with("/lodestone-server") {
                    continue;
                }
                let mut argv = vec!["lodestone-server".to_string()];
                argv.extend(words.take_while(|w| !["#", "&&", "|", ";"].contains(&w.as_str())));
                Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{line}: {e}"));
                commands += 1;
            }
        }
        assert!(commands >= 6, "{commands} commands");
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        for named in OPERATING.split(['`', ' ', '\n', '(', ')']) {
            let named = named.trim_end_matches(['.', ',', ':']);
            if named.starts_with("docs/") && !named.ends_with('/') {
                assert!(
                    std::path::Path::new(root).join(named).is_file(),
                    "{named} is not there"
                );
            }
        }
    }
}
