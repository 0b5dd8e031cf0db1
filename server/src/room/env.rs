//! What a room's task needs of the server, and nothing more ([`RoomEnv`]):
//! a room task sees the server only through it.

use std::sync::Arc;

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::handle::{RematchDue, RoomHandle, StandIn, StandInChange};
use super::lease::NodeEnv;
use super::lobby::Lobby;
use super::notice::RoomNotice;
use super::outcome::Policy;
use super::results::GameEnded;
use crate::clock::Clock;
use crate::store::{NoticeWrite, Store, Targets, TurnRow};

/// What the notifications make of a room's stored changes (`notify/`
/// implements it): a room derives its notice's write itself, from what
/// it keeps in memory, and stores it in its own commit.
pub trait Notifier: Send + Sync + std::fmt::Debug {
    /// What `notice` writes, given the room's stored `turns` and who may
    /// be notified (`targets`); nothing but the turns when nobody may.
    fn derive(&self, notice: &RoomNotice, turns: &[TurnRow], targets: &Targets) -> NoticeWrite;
    /// New deliveries are stored: the sender looks at them.
    fn stored(&self);
}

/// Where to store, the lobby to keep its summary in, the time, the moves
/// counter, the server's shutdown token and task tracker, the policies,
/// and where to send what follows from stored events.
#[derive(Clone, Debug)]
pub struct RoomEnv {
    pub store: Store,
    pub lobby: Arc<Lobby>,
    pub clock: Clock,
    /// `lodestone_moves_total`.
    pub moves: metrics::Counter,
    /// Cancelled on shutdown: the room stops after the store it waits for.
    pub shutdown: CancellationToken,
    /// Where room tasks run, so shutdown can wait for them.
    pub tasks: TaskTracker,
    /// An open room nobody starts within this many milliseconds expires.
    pub expire_open_after: Option<u64>,
    /// A seated player away this many milliseconds is absent.
    pub absent_grace: u64,
    /// A game whose people are all absent this many milliseconds is
    /// abandoned.
    pub abandon_after: u64,
    /// Where rooms ask for bots to stand in for absent people.
    pub stand_ins: Option<mpsc::UnboundedSender<StandIn>>,
    /// The node, when several share the database (`None` on SQLite).
    pub node: Option<NodeEnv>,
    /// After the end of a game, how many milliseconds a rematch may be
    /// had; the room stays in memory that long while people watch it
    /// (for the rematch and the chat after the game).
    pub after_game: u64,
    /// Where rooms tell of games that ended (`ratings.rs` records their
    /// results and rates them).
    pub results: Option<mpsc::UnboundedSender<GameEnded>>,
    /// The notifications, when they are on (`notify/` turns a room's
    /// notice into its turns, pushes, webhooks and alarms).
    pub notices: Option<Arc<dyn Notifier>>,
    /// Where rooms say that every seat accepted a rematch (`rooms.rs`
    /// opens it).
    pub rematches: Option<mpsc::UnboundedSender<RematchDue>>,
}

impl RoomEnv {
    /// The settings a room's commands depend on.
    pub fn policy(&self) -> Policy {
        Policy {
            expire_open_after: self.expire_open_after,
            absent_grace: self.absent_grace,
            abandon_after: self.abandon_after,
            after_game: self.after_game,
        }
    }

    /// Tells who listens what a commit brought about outside the room: the
    /// results worker a game that `ended`, the moves counter its `moves`.
    pub(super) fn stored(&self, ended: Option<GameEnded>, moves: u64) {
        if let (Some(results), Some(ended)) = (&self.results, ended) {
            let _ = results.send(ended);
        }
        self.moves.increment(moves);
    }

    /// Asks the stand-ins to start or stop for `room`, and the rooms
    /// service to open its rematch when every seat accepted one.
    pub(super) fn ask(&self, room: &RoomHandle, room_id: &str, stand_ins: Vec<StandInChange>, rematch: bool) {
        StandIn::ask(&self.stand_ins, room, room_id, stand_ins);
        if rematch && let Some(tx) = &self.rematches {
            let _ = tx.send(RematchDue { room: room.clone() });
        }
    }
}
