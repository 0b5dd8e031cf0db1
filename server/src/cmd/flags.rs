//! The flags of `lodestone-server` when it serves (no command): clap's
//! description of each, with its environment variable and default, and
//! the parsers of durations and node origins.

use std::net::SocketAddr;

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Read the flags from this TOML file too (keys: the flags' long names,
    /// e.g. bind = "127.0.0.1:8080"; docs/operating.md). The command line
    /// and the environment win over it.
    #[arg(long = "config", value_name = "FILE")]
    pub(super) config: Option<std::path::PathBuf>,
    /// Address to listen on (port 0 picks a free one).
    #[arg(long, env = "LODESTONE_BIND", default_value = "127.0.0.1:8080")]
    pub(super) bind: SocketAddr,
    /// Database: sqlite://PATH or a plain file path (created if missing),
    /// sqlite::memory: (nothing kept), or postgres://USER@HOST/DB.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
    pub(super) database: String,
    /// Connections to PostgreSQL (SQLite keeps a few of its own).
    #[arg(long, env = "LODESTONE_DB_CONNECTIONS", default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub(super) db_connections: u32,
    /// An open room whose game nobody starts within this time expires:
    /// a number with s, m, h or d (e.g. 90m, 24h, 7d), or `off`.
    #[arg(long, env = "LODESTONE_EXPIRE_OPEN_ROOMS", default_value = "24h", value_parser = parse_expiry)]
    pub(super) expire_open_rooms: Expiry,
    /// A player away (no connection) this long during a game counts as
    /// absent, and the room's `absent` policy applies: a number with s, m,
    /// h or d (at least a day with a correspondence clock).
    #[arg(long, env = "LODESTONE_ABSENT_GRACE", default_value = "60s", value_parser = parse_expiry)]
    pub(super) absent_grace: Expiry,
    /// A game whose seated people are all absent this long ends without a
    /// result (at least ten grace periods): a number with s, m, h or d.
    #[arg(long, env = "LODESTONE_ABANDON_AFTER", default_value = "7d", value_parser = parse_expiry)]
    pub(super) abandon_after: Expiry,
    /// After a game ends, how long its players may ask for a rematch (the
    /// room stays in memory that long while people watch it): a number
    /// with s, m, h or d, or `off` (no rematches).
    #[arg(long, env = "LODESTONE_AFTER_GAME", default_value = "10m", value_parser = parse_expiry)]
    pub(super) after_game: Expiry,
    /// Messages each connection may send per second, in bursts of twice
    /// that; 0 for no limit.
    #[arg(long, env = "LODESTONE_RATE_LIMIT", default_value_t = 50)]
    pub(super) rate_limit: u32,
    /// Messages queued for a connection before it is dropped as too slow.
    #[arg(long, env = "LODESTONE_OUTBOX", default_value_t = 256)]
    pub(super) outbox: usize,
    /// Log lines as `text` or as `json` objects (one per line).
    #[arg(long, env = "LODESTONE_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub(super) log_format: String,
    /// Threads that run connections and rooms; 0 (the default) means one
    /// per CPU. The database writer has a thread of its own (see --writer).
    #[arg(long, env = "LODESTONE_WORKERS", default_value_t = 0)]
    pub(super) workers: usize,
    /// Where a SQLite file's commits run: `thread`, on a writer thread of
    /// their own; `inline`, on the one runtime thread (needs --workers 1;
    /// no hand-off between threads, docs/performance.md). Unused with
    /// PostgreSQL.
    #[arg(long, env = "LODESTONE_WRITER", default_value = "thread", value_parser = ["thread", "inline"])]
    pub(super) writer: String,
    /// When a commit counts as done: `normal` once the operating system
    /// has it (survives the server being killed), `full` once it is on the
    /// disk (survives a power cut too; every commit waits for the disk).
    #[arg(long, env = "LODESTONE_SYNC", default_value = "normal", value_parser = ["normal", "full"])]
    pub(super) sync: String,
    /// Threads bots think on, apart from the runtime's: the most cores
    /// bots may use at once. 0 (the default) means half the CPUs, at
    /// least one.
    #[arg(long, env = "LODESTONE_BOT_THREADS", default_value_t = 0)]
    pub(super) bot_threads: usize,
    /// This node's name when several servers share one PostgreSQL database
    /// (unique among them; default: the host name). Unused with SQLite.
    #[arg(long, env = "LODESTONE_NODE")]
    pub(super) node: Option<String>,
    /// Where clients reach this node's WebSocket, sent to clients that ask
    /// another node for a room this one serves (`moved`), e.g.
    /// wss://n2.games.example.org/ws or wss://games.example.org/n/n2/ws
    /// (default: ws://ADDRESS/ws of --bind).
    #[arg(long, env = "LODESTONE_ADVERTISE")]
    pub(super) advertise: Option<String>,
    /// The origin of another node with a hostname of its own (e.g.
    /// wss://n2.games.example.org; repeatable): the browser pages served
    /// here may open WebSockets to it, to follow `moved`. Nodes behind one
    /// hostname (paths /n/NAME/) need none.
    #[arg(long = "node-origin", value_name = "ORIGIN", value_parser = parse_node_origin)]
    pub(super) node_origins: Vec<String>,
    /// How long a room's lease lasts without renewal, in milliseconds
    /// (several nodes; for tests).
    #[arg(long, env = "LODESTONE_LEASE_MS", default_value_t = lodestone_server::DEFAULT_LEASE_MS, hide = true)]
    pub(super) lease_ms: u64,
    /// How often leases are renewed, in milliseconds (at most half the
    /// lease; for tests).
    #[arg(long, env = "LODESTONE_RENEW_MS", default_value_t = lodestone_server::DEFAULT_RENEW_MS, hide = true)]
    pub(super) renew_ms: u64,
    /// The first account made on this database becomes an admin (for a
    /// new server; docs/moderation.md).
    #[arg(long, env = "LODESTONE_FIRST_ACCOUNT_IS_ADMIN")]
    pub(super) first_account_is_admin: bool,
    /// Where the server keeps its files: scheduled backups (backups/) and
    /// certificates (default: the SQLite file's directory; with
    /// PostgreSQL, the working directory).
    #[arg(long, env = "LODESTONE_STATE_DIR")]
    pub(super) state_dir: Option<std::path::PathBuf>,
    /// Back the SQLite database up this often into STATE_DIR/backups: a
    /// number with s, m, h or d (e.g. 6h), or `off`.
    #[arg(long, env = "LODESTONE_BACKUP_EVERY", default_value = "off", value_parser = parse_expiry)]
    pub(super) backup_every: Expiry,
    /// Scheduled backups kept (the newest; older ones are removed).
    #[arg(long, env = "LODESTONE_BACKUP_KEEP", default_value_t = lodestone_server::DEFAULT_BACKUP_KEEP as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) backup_keep: u32,
    /// Serve HTTPS for this name (repeatable), with a certificate over
    /// ACME (Let's Encrypt unless --acme-directory), kept in the database
    /// and renewed by itself; ports 443 and 80 (--https-bind, --http-bind).
    #[arg(long = "tls-domain", value_name = "NAME", value_parser = lodestone_server::tls_domain)]
    pub(super) tls_domains: Vec<String>,
    /// An e-mail address the CA may write to about the certificates.
    #[arg(long, env = "LODESTONE_TLS_CONTACT", value_name = "EMAIL")]
    pub(super) tls_contact: Option<String>,
    /// Serve HTTPS with this certificate chain (PEM) of your own, with
    /// --tls-key; both are read again on SIGHUP or when they change.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub(super) tls_cert: Option<std::path::PathBuf>,
    /// The private key (PEM) of --tls-cert.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub(super) tls_key: Option<std::path::PathBuf>,
    /// The ACME directory of the CA that issues the certificates.
    #[arg(long, env = "LODESTONE_ACME_DIRECTORY", value_name = "URL",
          default_value = lodestone_server::LETS_ENCRYPT)]
    pub(super) acme_directory: String,
    /// A root certificate (PEM) to trust for the CA's own HTTPS: a private
    /// CA (such as step-ca), or a test one.
    #[arg(long, value_name = "FILE")]
    pub(super) acme_ca: Option<std::path::PathBuf>,
    /// Where HTTPS is served, with --tls-domain or --tls-cert.
    #[arg(long, env = "LODESTONE_HTTPS_BIND", default_value = "0.0.0.0:443")]
    pub(super) https_bind: SocketAddr,
    /// Where plain HTTP answers ACME's challenges and sends everything else
    /// to HTTPS, with --tls-domain or --tls-cert.
    #[arg(long, env = "LODESTONE_HTTP_BIND", default_value = "0.0.0.0:80")]
    pub(super) http_bind: SocketAddr,
    /// Take over from the running server that started this process on
    /// SIGUSR2 (an upgrade): its sockets, then its rooms once it has
    /// stored them. Not for starting by hand.
    #[arg(long)]
    pub(super) takeover: bool,
    /// Admission limits and quotas (each 0 = off).
    #[command(flatten)]
    pub(super) limits: lodestone_server::limits::LimitArgs,
    /// How long any wait on PostgreSQL may last.
    #[command(flatten)]
    pub(super) db: lodestone_server::DbArgs,
    /// Web Push, webhooks and alarms.
    #[command(flatten)]
    pub(super) notify: lodestone_server::notify::NotifyArgs,
}

/// How long an open room may wait, in milliseconds; `None`: for ever.
#[derive(Clone, Copy, Debug)]
pub(super) struct Expiry(pub(super) Option<u64>);

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
