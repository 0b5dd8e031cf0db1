//! The store's vocabulary, a leaf of `store/`: its errors and options,
//! where a database is, the rows it reads and writes, and the operations
//! a write is made of.

use std::fmt;
use std::str::FromStr;

use lodestone_rules::GameKind;
use lodestone_rules::bot::Level;
use tokio::sync::oneshot;

/// Declares a stored enum: its variants with their text in the database,
/// `as_str`, `Display` and `FromStr` (an unknown text is an error naming
/// it).
macro_rules! stored_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(text: &str) -> Result<$name, String> {
                $name::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == text)
                    .ok_or_else(|| format!("{text:?} is not a stored {}", stringify!($name)))
            }
        }

        impl TryFrom<String> for $name {
            type Error = String;

            fn try_from(text: String) -> Result<$name, String> {
                text.parse()
            }
        }
    };
}

stored_enum! {
    /// A room's stage as its summary keeps it (`rooms.status`).
    StoredStatus {
        Open = "open",
        Playing = "playing",
        Finished = "finished",
        /// Nobody started it in time.
        Expired = "expired",
        /// Closed, aborted or abandoned.
        Closed = "closed",
    }
}

stored_enum! {
    /// What a player got from a finished game (`player_games.result`).
    PlayResult {
        Win = "win",
        Loss = "loss",
        Draw = "draw",
    }
}

/// What a rating is kept under: a game, and Magma's number of players
/// (`magneton`, `magma-4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingKey {
    kind: GameKind,
    /// Magma's number of players; none for the two-player games.
    players: Option<u8>,
}

impl RatingKey {
    /// The key of a game of `kind` with `seats` seats.
    pub fn of(kind: GameKind, seats: usize) -> RatingKey {
        let players = (kind == GameKind::Magma).then(|| u8::try_from(seats).unwrap_or(u8::MAX));
        RatingKey { kind, players }
    }

    /// Every key: each game, Magma per number of players (2 to 6).
    pub fn all() -> Vec<RatingKey> {
        GameKind::ALL
            .into_iter()
            .flat_map(|kind| match kind {
                GameKind::Magma => (2..=6).map(|n| RatingKey::of(kind, n)).collect(),
                other => vec![RatingKey::of(other, 2)],
            })
            .collect()
    }
}

impl fmt::Display for RatingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.players {
            Some(n) => write!(f, "{}-{n}", self.kind.name()),
            None => f.write_str(self.kind.name()),
        }
    }
}

impl FromStr for RatingKey {
    type Err = String;

    fn from_str(text: &str) -> Result<RatingKey, String> {
        RatingKey::all()
            .into_iter()
            .find(|k| k.to_string() == text)
            .ok_or_else(|| format!("{text:?} is not a rating key"))
    }
}

impl TryFrom<String> for RatingKey {
    type Error = String;

    fn try_from(text: String) -> Result<RatingKey, String> {
        text.parse()
    }
}

/// A computer player's level as a guest row keeps it (`guests.bot`).
pub(super) fn bot_level(text: Option<String>) -> Option<Level> {
    text.and_then(|t| t.parse().ok())
}

/// A storage failure. The message is for logs and for a host reading the
/// server's start-up error; clients get a generic `storage-failure`.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The database would not take a write (a broken constraint, a lost
    /// connection); nothing of the request was stored.
    #[error("the write was not stored: {0}")]
    Rejected(String),
    /// The database URL names no backend we have, or cannot be read.
    #[error("{0}")]
    Url(String),
    /// The database could not be opened or prepared; a sentence for the
    /// host.
    #[error("{0}")]
    Open(String),
    #[error("the storage writer has stopped")]
    Closed,
    /// The writer no longer holds the lease of a room it appended to
    /// (another node took the room, or the lease lapsed): nothing of the
    /// request was stored, and this node must not write to that room
    /// again.
    #[error("this node no longer holds the room's lease; nothing was stored")]
    Fenced,
    /// A look-up shared with other callers failed (`flight.rs`): why.
    #[error("{0}")]
    Lookup(String),
}

/// Why the writer did not store a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// A fence refused it: the lease of a room it appends to is not this
    /// node's any more.
    #[error("the lease of room {0} is no longer this node's")]
    Fenced(String),
    /// The database would not take it (a broken constraint, a lost
    /// connection).
    #[error("{0}")]
    Rejected(String),
}

/// How to open the database, besides its URL.
#[derive(Clone, Debug)]
pub struct StoreOptions {
    /// SQLite: wait for the disk at every commit (`synchronous=FULL`).
    pub sync_full: bool,
    /// PostgreSQL: connections in the pool (SQLite keeps a few of its own).
    pub connections: u32,
    /// The database must exist already and be a Lodestone database (the
    /// source of a copy or a backup): nothing is created, and anything
    /// else is refused with a sentence.
    pub existing: bool,
    /// PostgreSQL: the bounds of every wait on the database (a server's;
    /// `None` when copying a database, which may take long).
    pub bounds: Option<super::bounds::DbBounds>,
    /// SQLite file: commit on the runtime's thread (a task of the
    /// runtime, `sqlite_inline.rs`) rather than on a writer thread of its
    /// own; for a current-thread runtime (`--workers 1 --writer inline`).
    pub inline_writer: bool,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            sync_full: false,
            connections: 8,
            existing: false,
            bounds: None,
            inline_writer: false,
        }
    }
}

/// A guest as the server uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuestRow {
    pub id: String,
    pub name: String,
    /// The level of a computer player.
    pub bot: Option<Level>,
}

impl GuestRow {
    /// The guest of a row `(id, name, bot)`.
    pub(super) fn read((id, name, bot): (String, String, Option<String>)) -> GuestRow {
        GuestRow {
            id,
            name,
            bot: bot_level(bot),
        }
    }
}

/// A guest with everything stored about it (for copying a database).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GuestRecord {
    pub id: String,
    pub name: String,
    pub token_hash: String,
    pub created_at: i64,
    pub bot: Option<String>,
}

/// One event of a room's log as stored: what happened (`kind`) and its
/// details (`data`, a JSON object whose fields depend on the kind).
/// `room/stored.rs` knows the kinds; the store does not.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRow {
    pub room_id: String,
    /// From 1; the room's version once this event is in.
    pub seq: i64,
    pub kind: String,
    /// Unix milliseconds.
    pub at: i64,
    pub data: String,
}

/// The derived summary of a room, written in the same transaction as the
/// events that change it: it lets the server find the live rooms at start
/// without reading every log.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RoomRow {
    pub id: String,
    pub game: String,
    pub public: bool,
    #[sqlx(try_from = "String")]
    pub status: StoredStatus,
    pub created_at: i64,
}

/// One change to store. Everything but a rename and a summary's status is
/// an INSERT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    CreateGuest {
        id: String,
        name: String,
        token_hash: String,
        created_at: u64,
        /// The level of a computer player.
        bot: Option<Level>,
    },
    RenameGuest {
        id: String,
        name: String,
    },
    /// Appends an event to its room's log.
    Append(EventRow),
    /// The summary of a new room.
    CreateRoom(RoomRow),
    /// A room's summary changes status.
    SetStatus {
        room: String,
        status: StoredStatus,
    },
    /// The fence of one room's appends (PostgreSQL with several nodes):
    /// the transaction stores nothing unless `node` still holds the
    /// room's lease at `epoch` and it has not expired by the database's
    /// clock; it also records the room's next `deadline` (unix ms) for the
    /// other nodes' sweepers. Checked before anything else is written.
    Fence {
        room: String,
        node: String,
        epoch: i64,
        deadline: Option<i64>,
    },
    /// A room's game started: its result is due (`ratings.rs` records it
    /// and removes the row), written with the `started` event.
    GameDue {
        room: String,
        at: i64,
    },
    /// One player's finished game that counts for no rating (a rated one
    /// is recorded with its ratings: `accounts.rs`).
    PlayerGame {
        guest: String,
        room: String,
        game: RatingKey,
        result: PlayResult,
        finished_at: i64,
    },
    /// A room's result is no longer due (recorded, or there is none).
    DueDone {
        room: String,
    },
    /// A readiness probe (`health.rs`): overwrites this server's row of
    /// `probes`, so it succeeds only if the database takes a write now.
    Probe {
        node: String,
        at: i64,
    },
    /// A change to the games waiting of a room's notifications, written
    /// apart from the room's events (`turns.rs` makes them).
    Turn(TurnOp),
    /// A statement of what a room's change means for its other
    /// notifications (deliveries dropped, new and moved), written with the
    /// room's events: [`NoticeWrite::ops`] makes them.
    Notice {
        sql: &'static str,
        values: Vec<Value>,
    },
}

/// A change to one row of the games waiting (`turns`, keyed by room and
/// guest, migration 0122): a guest's row stays while their game goes on,
/// and a move writes its columns in place, so no key or indexed column
/// changes. Each backend turns it into its statements (`plan.rs`; on
/// PostgreSQL one call of `lodestone_append`, `postgres.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnOp {
    /// The row's guest waits in its room now, since `since` (the row made,
    /// or set waiting with its turn).
    Waits(TurnRow),
    /// `guest` no longer waits in `room`: the row is kept, not waiting.
    Waited { room: String, guest: String },
    /// Nobody waits in `room` any more: its rows are deleted.
    Cleared { room: String },
}

/// A value bound to a notice's statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    MaybeText(Option<String>),
    Int(i64),
}

/// One notification of one event to one target.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DeliveryRow {
    pub room_id: String,
    pub seq: i64,
    pub kind: String,
    /// `push ENDPOINT` or `hook URL`.
    pub target: String,
    pub guest_id: Option<String>,
    pub hook_owner: Option<String>,
    pub body: String,
    pub due_at: i64,
    pub attempts: i64,
}

/// A game waiting for a guest's move.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TurnRow {
    pub guest_id: String,
    pub room_id: String,
    pub game: String,
    pub since: i64,
    pub seq: i64,
}

/// What one room's notice changes, written in the room's commit (but for
/// the games waiting, `turns` when they changed, which the room hands to
/// the store after the commit: `turns.rs`): the pending deliveries about `drop_for` dropped (they acted, or the
/// turn passed), and new deliveries (a second insert of the same key does
/// nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoticeWrite {
    pub room_id: String,
    pub turns: Option<Vec<TurnRow>>,
    pub drop_for: Vec<String>,
    /// Only deliveries derived before this seq are dropped.
    pub drop_before: i64,
    pub deliveries: Vec<DeliveryRow>,
    pub node: String,
    /// Time alarms not sent yet to move (a vacation moved their clock):
    /// guest, the turn's seq, the new due time.
    pub alarms: Vec<(String, i64, i64)>,
}

/// Where the database is, from the URL given to `--database`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// `sqlite://PATH`, `sqlite:PATH` or `sqlite::memory:`, as given.
    SqliteUrl(String),
    /// A plain file path: an SQLite file.
    SqliteFile(std::path::PathBuf),
    /// `postgres://USER@HOST/DB` (or `postgresql://…`), as given.
    Postgres(String),
}

impl Location {
    /// Reads a database URL: `sqlite://…`, `postgres://…`, or a plain path.
    pub fn parse(url: &str) -> Result<Location, StoreError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(StoreError::Url(
                "the database URL is empty: give sqlite://PATH, a file path, or postgres://USER@HOST/DB"
                    .into(),
            ));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Location::Postgres(url.to_string()));
        }
        if url.starts_with("sqlite:") {
            return Ok(Location::SqliteUrl(url.to_string()));
        }
        if let Some((scheme, _)) = url.split_once("://") {
            return Err(StoreError::Url(format!(
                "the database URL {url:?} names a kind of database this server does not know ({scheme:?}): give sqlite://PATH, a file path, or postgres://USER@HOST/DB"
            )));
        }
        Ok(Location::SqliteFile(url.into()))
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::SqliteUrl(url) => f.write_str(url),
            Location::SqliteFile(path) => write!(f, "{}", path.display()),
            // Never print a password.
            Location::Postgres(url) => f.write_str(&redact_password(url)),
        }
    }
}

/// `url` with the password part of its user information replaced.
fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_once('/').map_or((rest, None), |(a, p)| (a, Some(p)));
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{name}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    match path {
        Some(path) => format!("{scheme}://{authority}/{path}"),
        None => format!("{scheme}://{authority}"),
    }
}

/// Brings the database at `location` up to date: `run` is `migrator`'s
/// run on it, `applied` the migrations it had (see [`before_migrating`];
/// when `options` want an existing database, one that is not Lodestone's
/// is refused and nothing runs); each migration applied now is logged.
pub(super) async fn migrate(
    location: &Location,
    options: &StoreOptions,
    migrator: &sqlx::migrate::Migrator,
    applied: Result<Vec<i64>, sqlx::Error>,
    run: impl std::future::Future<Output = Result<(), sqlx::migrate::MigrateError>>,
) -> Result<(), StoreError> {
    let before = before_migrating(applied, location, options.existing)?;
    run.await.map_err(|e| migrate_error(location, e))?;
    log_migrations(migrator, &before, location);
    Ok(())
}

/// The migrations a database had before this start (`applied`: what its
/// migrations table says, an error if it has none). A database that must
/// exist already (`existing`) without a first Lodestone migration is
/// refused: it is not a Lodestone database.
fn before_migrating(
    applied: Result<Vec<i64>, sqlx::Error>,
    location: &Location,
    existing: bool,
) -> Result<Vec<i64>, StoreError> {
    match applied {
        Ok(versions) if !existing || versions.contains(&1) => Ok(versions),
        Err(_) if !existing => Ok(Vec::new()),
        _ => Err(StoreError::Open(format!(
            "the database {location} is not a Lodestone database (it has none of lodestone-server's tables)"
        ))),
    }
}

/// Logs each migration `migrator` applied that was not there `before`.
fn log_migrations(migrator: &sqlx::migrate::Migrator, before: &[i64], location: &Location) {
    for migration in migrator.iter().filter(|m| !before.contains(&m.version)) {
        tracing::info!(
            version = migration.version,
            description = %migration.description,
            database = %location,
            "applied schema migration"
        );
    }
}

/// A failed migration, as a sentence for the host.
fn migrate_error(location: &Location, e: sqlx::migrate::MigrateError) -> StoreError {
    use sqlx::migrate::MigrateError;
    StoreError::Open(match e {
        MigrateError::VersionMissing(version) => format!(
            "the database {location} was written by a newer version of lodestone-server (it has schema migration {version}, which this version does not know): run that version or a newer one, or restore a backup from before the upgrade"
        ),
        MigrateError::VersionMismatch(version) => format!(
            "the database {location} has a schema migration {version} that differs from this version's: it was written by another build of lodestone-server"
        ),
        other => format!("could not bring the database {location} up to date: {other}"),
    })
}

/// One write waiting for the writer, and where its answer goes.
pub(super) struct WriteRequest {
    pub(super) ops: Vec<Op>,
    pub(super) done: oneshot::Sender<Result<(), WriteError>>,
}

impl std::fmt::Debug for WriteRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteRequest").field("ops", &self.ops).finish()
    }
}

/// The most requests one transaction takes.
pub(super) const MAX_BATCH: usize = 512;
