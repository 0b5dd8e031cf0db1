//! Limits: what a stranger may cost the server, each with a flag; 0 turns
//! it off (docs/protocol.md, Limits; docs/operating.md). The checks that
//! enforce them before any work is done are in `admission.rs`.

use std::net::IpAddr;
use std::time::Duration;

/// The limits a server enforces. `Limits::default()` suits a public
/// server; `Limits::off()` lifts every one (tests, load runs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open TCP connections in all; more are answered 503 and closed.
    pub max_connections: usize,
    /// Open connections from one address; more are answered 429.
    pub per_address: usize,
    /// New TCP connections one address may open per minute (bursts of as
    /// many); more are answered 429.
    pub connect_rate: u32,
    /// Requests to `/ws` and `/api/...` one address may make per minute
    /// (bursts of as many); more are answered 429.
    pub request_rate: u32,
    /// Reverse proxies whose `X-Forwarded-For` header is believed.
    pub trusted_proxies: Vec<IpAddr>,
    /// Time a connection has to send its request head (and between
    /// requests on a kept-alive connection).
    pub handshake_timeout: Duration,
    /// A WebSocket from which nothing (not even a pong) arrives for this
    /// long is closed; it is pinged after half of it.
    pub idle_timeout: Duration,
    /// Time a write to a client may take; a client that does not read is
    /// closed.
    pub write_timeout: Duration,
    /// Rooms one guest may have open (created and not yet started).
    pub rooms_per_guest: usize,
    /// Rooms the guests of one address may have open.
    pub rooms_per_address: usize,
    /// Rooms one connection may watch at once.
    pub watch_per_connection: usize,
    /// New guests (`hello` with a name and no token) per address per hour.
    pub guests_per_hour: u32,
    /// `login`s per account name per minute (bursts of as many).
    pub logins_per_account: u32,
    /// `login`s per address per minute (bursts of as many).
    pub logins_per_address: u32,
    /// Rooms in one `list_rooms` reply or `/api/rooms` answer.
    pub lobby_page: usize,
    /// Origins (`scheme://host[:port]`) whose pages may open a WebSocket;
    /// empty: only pages of the server's own host.
    pub allowed_origins: Vec<String>,
    /// Chat lines one person may say per minute, in all rooms (bursts of
    /// as many).
    pub chat_rate: u32,
    /// A WebSocket message begun must be finished within this (`input.rs`).
    pub message_timeout: Duration,
    /// Bytes of unfinished messages one address's connections may hold.
    pub input_per_address: usize,
    /// Bytes of unfinished messages all connections may hold.
    pub input_total: usize,
    /// The networks per-address limits count a client under.
    pub prefixes: crate::address::Prefixes,
    /// Percent of `max_connections` kept for known clients
    /// (`reserve.rs`).
    pub known_reserve: u8,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 10_000,
            per_address: 32,
            connect_rate: 120,
            request_rate: 600,
            trusted_proxies: Vec::new(),
            handshake_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            write_timeout: Duration::from_secs(10),
            rooms_per_guest: 5,
            rooms_per_address: 20,
            watch_per_connection: 32,
            guests_per_hour: 30,
            logins_per_account: 5,
            logins_per_address: 20,
            lobby_page: 100,
            allowed_origins: Vec::new(),
            chat_rate: 20,
            message_timeout: Duration::from_secs(5),
            input_per_address: 2 << 20,
            input_total: 64 << 20,
            prefixes: Default::default(),
            known_reserve: 10,
        }
    }
}

impl Limits {
    /// Every limit lifted (the origin check stays: no `Origin` header, as
    /// non-browser clients send, always passes).
    pub fn off() -> Limits {
        Limits {
            max_connections: 0,
            per_address: 0,
            connect_rate: 0,
            request_rate: 0,
            trusted_proxies: Vec::new(),
            handshake_timeout: Duration::ZERO,
            idle_timeout: Duration::ZERO,
            write_timeout: Duration::ZERO,
            rooms_per_guest: 0,
            rooms_per_address: 0,
            watch_per_connection: 0,
            guests_per_hour: 0,
            logins_per_account: 0,
            logins_per_address: 0,
            lobby_page: 0,
            allowed_origins: Vec::new(),
            chat_rate: 0,
            message_timeout: Duration::ZERO,
            input_per_address: 0,
            input_total: 0,
            prefixes: Default::default(),
            known_reserve: 0,
        }
    }
}

/// The limit flags of `lodestone-server` (flattened into its arguments).
#[derive(Clone, Debug, clap::Args)]
pub struct LimitArgs {
    /// Open connections in all; more are refused with 503 (0: no limit).
    #[arg(long, env = "LODESTONE_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// Open connections per client address; more are refused with 429
    /// (0: no limit).
    #[arg(long, env = "LODESTONE_PER_ADDRESS", default_value_t = 32)]
    pub per_address: usize,
    /// New connections per client address per minute (0: no limit).
    #[arg(long, env = "LODESTONE_CONNECT_RATE", default_value_t = 120)]
    pub connect_rate: u32,
    /// Requests to /ws (WebSocket upgrades) and /api/... per client address
    /// per minute (0: no limit).
    #[arg(long, env = "LODESTONE_REQUEST_RATE", default_value_t = 600)]
    pub request_rate: u32,
    /// A reverse proxy whose X-Forwarded-For header is believed (an IP
    /// address; repeatable). Without one, the header is ignored.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    pub trusted_proxies: Vec<IpAddr>,
    /// Seconds a connection has to send its request head (0: no limit).
    #[arg(long, env = "LODESTONE_HANDSHAKE_TIMEOUT", default_value_t = 10)]
    pub handshake_timeout: u64,
    /// Seconds of silence (no message, no pong) before a WebSocket is
    /// closed; it is pinged after half of it (0: never).
    #[arg(long, env = "LODESTONE_IDLE_TIMEOUT", default_value_t = 60)]
    pub idle_timeout: u64,
    /// Seconds a write to a client may take before the client is closed as
    /// not reading (0: no limit).
    #[arg(long, env = "LODESTONE_WRITE_TIMEOUT", default_value_t = 10)]
    pub write_timeout: u64,
    /// Open (not yet started) rooms per guest (0: no limit).
    #[arg(long, env = "LODESTONE_ROOMS_PER_GUEST", default_value_t = 5)]
    pub rooms_per_guest: usize,
    /// Open (not yet started) rooms per client address (0: no limit).
    #[arg(long, env = "LODESTONE_ROOMS_PER_ADDRESS", default_value_t = 20)]
    pub rooms_per_address: usize,
    /// Rooms one connection may watch at once (0: no limit).
    #[arg(long, env = "LODESTONE_WATCH_LIMIT", default_value_t = 32)]
    pub watch_limit: usize,
    /// New guests per client address per hour (0: no limit).
    #[arg(long, env = "LODESTONE_GUESTS_PER_HOUR", default_value_t = 30)]
    pub guests_per_hour: u32,
    /// Logins per account name per minute, counted before the password is
    /// checked (0: no limit).
    #[arg(long, env = "LODESTONE_LOGINS_PER_ACCOUNT", default_value_t = 5)]
    pub logins_per_account: u32,
    /// Logins per client address per minute (0: no limit).
    #[arg(long, env = "LODESTONE_LOGINS_PER_ADDRESS", default_value_t = 20)]
    pub logins_per_address: u32,
    /// Rooms in one room list reply; the reply says how many there are
    /// (0: no limit).
    #[arg(long, env = "LODESTONE_LOBBY_PAGE", default_value_t = 100)]
    pub lobby_page: usize,
    /// An origin (scheme://host[:port]) whose pages may open a WebSocket
    /// (repeatable). Without one, only pages of the server's own host may.
    #[arg(long = "allowed-origin", value_name = "URL")]
    pub allowed_origins: Vec<String>,
    /// Chat lines one person may say per minute, in all rooms (0: no
    /// limit).
    #[arg(long, env = "LODESTONE_CHAT_RATE", default_value_t = 20)]
    pub chat_rate: u32,
    /// Seconds a client has to finish a WebSocket message once it has
    /// begun it (0: no limit).
    #[arg(long, env = "LODESTONE_MESSAGE_TIMEOUT", default_value_t = 5)]
    pub message_timeout: u64,
    /// MiB of unfinished messages the connections of one client address
    /// may hold (0: no limit).
    #[arg(long, env = "LODESTONE_INPUT_BUDGET_PER_ADDRESS", default_value_t = 2)]
    pub input_budget_per_address: usize,
    /// MiB of unfinished messages all connections may hold (0: no limit).
    #[arg(long, env = "LODESTONE_INPUT_BUDGET", default_value_t = 64)]
    pub input_budget: usize,
    /// Per-address limits count IPv4 clients by networks of this prefix
    /// length (32: each address alone).
    #[arg(long, env = "LODESTONE_IPV4_PREFIX", default_value_t = 32, value_parser = clap::value_parser!(u8).range(0..=32))]
    pub ipv4_prefix: u8,
    /// Per-address limits count IPv6 clients by networks of this prefix
    /// length (64: one site's network).
    #[arg(long, env = "LODESTONE_IPV6_PREFIX", default_value_t = 64, value_parser = clap::value_parser!(u8).range(0..=128))]
    pub ipv6_prefix: u8,
    /// Percent of --max-connections kept for known clients (an account,
    /// or a guest's token from before); strangers may fill the rest.
    #[arg(long, env = "LODESTONE_KNOWN_RESERVE", default_value_t = 10, value_parser = clap::value_parser!(u8).range(0..=100))]
    pub known_reserve: u8,
}

impl From<LimitArgs> for Limits {
    fn from(a: LimitArgs) -> Limits {
        Limits {
            max_connections: a.max_connections,
            per_address: a.per_address,
            connect_rate: a.connect_rate,
            request_rate: a.request_rate,
            trusted_proxies: a.trusted_proxies,
            handshake_timeout: Duration::from_secs(a.handshake_timeout),
            idle_timeout: Duration::from_secs(a.idle_timeout),
            write_timeout: Duration::from_secs(a.write_timeout),
            rooms_per_guest: a.rooms_per_guest,
            rooms_per_address: a.rooms_per_address,
            watch_per_connection: a.watch_limit,
            guests_per_hour: a.guests_per_hour,
            logins_per_account: a.logins_per_account,
            logins_per_address: a.logins_per_address,
            lobby_page: a.lobby_page,
            allowed_origins: a
                .allowed_origins
                .into_iter()
                .map(|o| o.trim_end_matches('/').to_ascii_lowercase())
                .collect(),
            chat_rate: a.chat_rate,
            message_timeout: Duration::from_secs(a.message_timeout),
            input_per_address: a.input_budget_per_address << 20,
            input_total: a.input_budget << 20,
            prefixes: crate::address::Prefixes {
                v4: a.ipv4_prefix,
                v6: a.ipv6_prefix,
            },
            known_reserve: a.known_reserve,
        }
    }
}

/// Files the server keeps for itself (the database, its WAL, the listener,
/// logs) when it sets the connection limit from the open-file limit.
const SPARE_FILES: u64 = 64;

/// The connection limit that fits `files` open files: past it, new
/// connections get a clear 503 instead of failing to be accepted (which
/// would lock everyone out). `max` 0 (no limit) is bounded the same way.
pub fn fit_to_files(max: usize, files: u64) -> usize {
    let fits = usize::try_from(files.saturating_sub(SPARE_FILES))
        .unwrap_or(usize::MAX)
        .max(1);
    if max == 0 {
        tracing::debug!(set = fits, files, "connections bounded by the open-file limit");
        fits
    } else if max > fits {
        tracing::warn!(
            asked = max,
            set = fits,
            files,
            "the connection limit is set below the open-file limit; raise LimitNOFILE for more"
        );
        fits
    } else {
        max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_limit_fits_the_open_files() {
        assert_eq!(fit_to_files(10_000, 1_024), 960);
        assert_eq!(fit_to_files(0, 1_024), 960);
        assert_eq!(fit_to_files(500, 1_024), 500);
        assert_eq!(fit_to_files(500, 10), 1);
    }
}
