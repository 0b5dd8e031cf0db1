//! How the server runs: the configuration `main.rs` reads from flags and
//! tests fill in.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::limits::Limits;

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
    /// How long any wait on PostgreSQL may last (`store/bounds.rs`).
    pub db_bounds: crate::store::DbBounds,
    /// An open room that nobody starts within this many milliseconds of
    /// its creation expires; `None`: never.
    pub expire_open_after: Option<u64>,
    /// A seated player away (no connection) this many milliseconds during
    /// a game is absent (a day at least with a correspondence clock).
    pub absent_grace: u64,
    /// A game whose seated people are all absent this many milliseconds
    /// (at least ten grace periods) ends without a result.
    pub abandon_after: u64,
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
    /// A SQLite file's commits run on the runtime's thread, not on a
    /// writer thread of their own (`--writer inline`, for `--workers 1`:
    /// `store/sqlite_inline.rs`). Elsewhere it changes nothing.
    pub inline_writer: bool,
    /// Admission limits and quotas (`limits.rs`).
    pub limits: Limits,
    /// Threads the bots think on (their CPU budget; at least 1).
    pub bot_threads: usize,
    /// Bot moves that may wait for a thread; more wait their turn to queue.
    pub bot_queue: usize,
    /// This node's name among several sharing one PostgreSQL database
    /// (`--node`, which defaults to the host name): with PostgreSQL and a
    /// name, rooms are leased and fenced (`cluster.rs`). `None` (the
    /// library's default, for servers started inside tests) is a server
    /// alone with its database, as with SQLite. Unused with SQLite.
    pub node: Option<String>,
    /// Where clients reach this node's `/ws` (`--advertise`); `None`:
    /// derived from the address it listens on.
    pub advertise: Option<String>,
    /// Origins of other nodes (`wss://HOST[:PORT]`) the browser pages
    /// served here may open WebSockets to (`--node-origin`), besides their
    /// own.
    pub node_origins: Vec<String>,
    /// How long a room's lease lasts without renewal, in milliseconds.
    pub lease_ms: u64,
    /// How often the owner renews its leases (well before they expire),
    /// in milliseconds.
    pub renew_ms: u64,
    /// After a game ends, how many milliseconds its players may ask for a
    /// rematch; the room stays in memory that long while people watch it.
    pub after_game: u64,
    /// The first account made on this database becomes an admin
    /// (`--first-account-is-admin`; docs/moderation.md).
    pub first_account_is_admin: bool,
    /// Tournaments' limits and timings (`tournament/limits.rs`).
    pub tournaments: crate::tournament::limits::TournamentLimits,
    /// Web Push, webhooks and alarms (`notify/`).
    pub notify: crate::notify::NotifyConfig,
    /// Where the server keeps its files (`--state-dir`: scheduled backups,
    /// certificates); `None`: beside the SQLite file, or the working
    /// directory with PostgreSQL ([`Config::state_dir`]).
    pub state_dir: Option<PathBuf>,
    /// A backup of the SQLite database every this many milliseconds
    /// (`--backup-every`, `backup.rs`); `None`: none.
    pub backup_every: Option<u64>,
    /// Scheduled backups kept (the newest).
    pub backup_keep: usize,
    /// HTTPS by itself (`tls/`); off by default.
    pub tls: TlsConfig,
}

/// HTTPS: certificates over ACME for `domains`, or the host's own files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsConfig {
    /// `--tls-domain`: names to get a certificate for over ACME.
    pub domains: Vec<String>,
    /// `--tls-contact`: an e-mail address for the CA's notices.
    pub contact: Option<String>,
    /// `--tls-cert`, `--tls-key`: the host's certificate chain and key
    /// (PEM), reloaded on SIGHUP or when they change.
    pub cert: Option<PathBuf>,
    pub key: Option<PathBuf>,
    /// `--acme-directory`: the CA's ACME directory URL.
    pub acme_directory: String,
    /// `--acme-ca`: a root certificate to trust for the CA's own HTTPS (a
    /// private CA); `None`: the system's.
    pub acme_ca: Option<PathBuf>,
    /// `--https-bind`: where HTTPS is served.
    pub https_bind: SocketAddr,
    /// `--http-bind`: where plain HTTP answers ACME's challenges and sends
    /// everything else to HTTPS.
    pub http_bind: SocketAddr,
}

impl TlsConfig {
    /// Whether the server serves HTTPS.
    pub fn enabled(&self) -> bool {
        !self.domains.is_empty() || self.cert.is_some()
    }
}

impl Default for TlsConfig {
    fn default() -> TlsConfig {
        TlsConfig {
            domains: Vec::new(),
            contact: None,
            cert: None,
            key: None,
            acme_directory: crate::tls::acme::LETS_ENCRYPT.to_string(),
            acme_ca: None,
            https_bind: SocketAddr::from(([0, 0, 0, 0], 443)),
            http_bind: SocketAddr::from(([0, 0, 0, 0], 80)),
        }
    }
}

impl Config {
    /// The state directory: `--state-dir`, or the SQLite file's directory,
    /// or (PostgreSQL, memory) the working directory.
    pub fn state_dir(&self) -> PathBuf {
        if let Some(dir) = &self.state_dir {
            return dir.clone();
        }
        crate::store::sqlite_path(&self.database)
            .and_then(|file| file.parent().map(PathBuf::from))
            .filter(|dir| !dir.as_os_str().is_empty())
            .unwrap_or_else(|| PathBuf::from("."))
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "sqlite://lodestone.db".into(),
            db_connections: 8,
            db_bounds: Default::default(),
            expire_open_after: Some(DEFAULT_EXPIRY_MS),
            absent_grace: DEFAULT_ABSENT_GRACE_MS,
            abandon_after: DEFAULT_ABANDON_AFTER_MS,
            rate_limit: 50,
            outbox: 256,
            sync_full: false,
            inline_writer: false,
            limits: Limits::default(),
            bot_threads: 1,
            bot_queue: 1024,
            node: None,
            advertise: None,
            node_origins: Vec::new(),
            lease_ms: DEFAULT_LEASE_MS,
            renew_ms: DEFAULT_RENEW_MS,
            after_game: DEFAULT_AFTER_GAME_MS,
            first_account_is_admin: false,
            tournaments: Default::default(),
            notify: crate::notify::NotifyConfig::default(),
            state_dir: None,
            backup_every: None,
            backup_keep: DEFAULT_BACKUP_KEEP,
            tls: TlsConfig::default(),
        }
    }
}

/// How long a room's lease lasts without renewal: ten seconds.
pub const DEFAULT_LEASE_MS: u64 = 10_000;

/// How often leases are renewed: every three seconds.
pub const DEFAULT_RENEW_MS: u64 = 3_000;

/// How long a game may have every person absent before it is abandoned:
/// a week.
pub const DEFAULT_ABANDON_AFTER_MS: u64 = 7 * 24 * 60 * 60 * 1000;

/// How long a player may be away before it is absent: a minute.
pub const DEFAULT_ABSENT_GRACE_MS: u64 = 60 * 1000;

/// How long an open room waits for its game to start: a day.
pub const DEFAULT_EXPIRY_MS: u64 = 24 * 60 * 60 * 1000;

/// How long after a game its players may ask for a rematch: ten minutes.
pub const DEFAULT_AFTER_GAME_MS: u64 = 10 * 60 * 1000;

/// Scheduled backups kept by default (two weeks of daily ones).
pub const DEFAULT_BACKUP_KEEP: usize = 14;
