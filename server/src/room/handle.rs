//! The way to a room's task: the requests a connection sends it
//! ([`RoomHandle`], [`RoomRequest`]) and the queue it answers through
//! ([`Outbox`]).

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{ChatTo, RequestId, SeatRef, ServerMessage};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use super::core::RoomCore;
use super::queue;
use super::refusal::Refusal;
use super::seating::Player;
use super::stored::Fence;
use super::watchers::ConnId;

/// Where a room sends one connection's messages. The queue is bounded: a
/// client that does not keep up is disconnected rather than slowing the
/// room (it reconnects and gets the current state).
#[derive(Clone, Debug)]
pub struct Outbox {
    pub conn: ConnId,
    pub tx: queue::Sender,
    /// Cancelled to close the connection.
    pub close: CancellationToken,
    /// Whether the client reads `play.risks` (`risks` in `hello`): a
    /// seat watched only by connections that do not is sent none.
    pub risks: bool,
}

impl Outbox {
    /// The outbox of connection `conn`, closed by cancelling `close`; it
    /// is sent risks until its client says it judges them itself.
    pub fn new(conn: ConnId, tx: queue::Sender, close: CancellationToken) -> Outbox {
        Outbox {
            conn,
            tx,
            close,
            risks: true,
        }
    }

    /// Queues `text`; a full or closed queue closes the connection and
    /// returns false.
    pub fn send(&self, text: Utf8Bytes) -> bool {
        if self.tx.try_send(text).is_ok() {
            true
        } else {
            self.close.cancel();
            false
        }
    }

    pub fn send_message(&self, message: &ServerMessage) -> bool {
        self.send(encode(message))
    }
}

/// Serialises a server message once.
pub fn encode(message: &ServerMessage) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(message).expect("server messages serialise"))
}

/// What a connection asks of a room.
#[derive(Clone, Debug)]
pub enum RoomRequest {
    Join {
        seat: Option<SeatRef>,
        invite: Option<String>,
    },
    Leave,
    Start,
    Watch {
        invite: Option<String>,
    },
    Unwatch,
    /// Watch as the guest's seat, standing in for the absent person (a
    /// bot of the `bot` absence policy): not counted as the person's
    /// presence.
    StandIn,
    /// `at`, on this and the other table actions: the room's version
    /// its sender saw; a room that changed since refuses with `moved-on`.
    Act {
        action: String,
        at: Option<u64>,
    },
    /// Seat the computer player `bot` (its connection is the request's
    /// outbox) for the requester: at a free seat, or at the requester's
    /// own (`replace_me`).
    AddBot {
        bot: Player,
        seat: Option<SeatRef>,
        replace_me: bool,
    },
    RemoveBot {
        seat: SeatRef,
    },
    Kick {
        seat: SeatRef,
    },
    CloseRoom,
    Resign {
        at: Option<u64>,
    },
    OfferDraw {
        at: Option<u64>,
    },
    Berserk {
        at: Option<u64>,
    },
    AnswerDraw {
        accept: bool,
        at: Option<u64>,
    },
    Abort {
        at: Option<u64>,
    },
    Claim {
        at: Option<u64>,
    },
    /// Propose or accept (`accept`) a rematch, or decline it.
    Rematch {
        accept: bool,
    },
    /// Say `text` in the chat, to `to`.
    Chat {
        to: ChatTo,
        text: String,
    },
    /// Turn the chat on or off (the owner).
    SetChat {
        on: bool,
    },
    /// Close the room whatever its state (a moderator, whose role
    /// `moderation/console.rs` checked): its game ends without a result.
    CloseByModerator,
}

impl RoomRequest {
    /// The room version a table action was chosen at, if it says.
    pub fn at(&self) -> Option<u64> {
        match self {
            RoomRequest::Act { at, .. }
            | RoomRequest::Resign { at }
            | RoomRequest::OfferDraw { at }
            | RoomRequest::Berserk { at }
            | RoomRequest::AnswerDraw { at, .. }
            | RoomRequest::Abort { at }
            | RoomRequest::Claim { at } => *at,
            _ => None,
        }
    }
}

/// What a room's queue holds: a message, boxed, so that a burst's slots
/// are pointers, not ~200-byte messages.
pub(super) type Queued = Box<RoomMsg>;

/// A room's queue of requests, as its task takes them.
pub(super) type Inbox = queue::Receiver<Queued>;

#[derive(Debug)]
pub(super) enum RoomMsg {
    Request {
        player: Player,
        outbox: Outbox,
        id: RequestId,
        request: RoomRequest,
    },
    Disconnect {
        conn: ConnId,
    },
    /// A guest seated here took a new name.
    Renamed {
        guest: String,
        name: String,
    },
    /// A seated guest's vacations changed: read them again.
    Vacation,
    /// A seated guest's or the room's notification targets changed.
    Targets,
    /// A change of this room stored elsewhere (a tournament's director
    /// started its game): its notifications.
    Noticed(super::notice::RoomNotice),
    Record {
        guest: Option<String>,
        invite: Option<String>,
        reply: oneshot::Sender<Result<String, Refusal>>,
    },
    /// Open the rematch as room `id` (written under `fence` with several
    /// nodes): answered with the new room, stored and ready to start.
    Reopen {
        id: String,
        fence: Option<Fence>,
        reply: oneshot::Sender<Option<RoomCore>>,
    },
}

/// Every seat of room `room` accepted its rematch: the rooms service
/// (`rooms.rs`) leases the new room and asks the room to open it.
#[derive(Debug)]
pub struct RematchDue {
    pub room: RoomHandle,
}

/// A bot to start or stop standing in for an absent person.
#[derive(Debug, PartialEq, Eq)]
pub enum StandInChange {
    Start(Player),
    Stop(String),
}

/// What a room asks of the server's stand-ins (`bots::stand_ins`): a bot
/// to play an absent person's seat, or to hand it back at once.
#[derive(Debug)]
pub enum StandIn {
    Start {
        room: RoomHandle,
        room_id: String,
        player: Player,
    },
    Stop {
        room_id: String,
        guest: String,
    },
}

impl StandIn {
    /// Asks the server's stand-ins (`bots::stand_ins`, through `tx`) for
    /// a core's `changes` in room `room_id` (`room`).
    pub(super) fn ask(
        tx: &Option<mpsc::UnboundedSender<StandIn>>,
        room: &RoomHandle,
        room_id: &str,
        changes: impl IntoIterator<Item = StandInChange>,
    ) {
        if let Some(tx) = tx {
            for change in changes {
                let _ = tx.send(StandIn::of(change, room, room_id));
            }
        }
    }

    fn of(change: StandInChange, room: &RoomHandle, room_id: &str) -> StandIn {
        let room_id = room_id.to_string();
        match change {
            StandInChange::Start(player) => StandIn::Start {
                room: room.clone(),
                room_id,
                player,
            },
            StandInChange::Stop(guest) => StandIn::Stop { room_id, guest },
        }
    }
}

/// The way to a room's task.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    pub(super) tx: queue::Sender<Queued>,
}

/// A request for a room's task, not yet taken.
#[derive(Debug)]
pub struct Unsent {
    pub player: Player,
    pub outbox: Outbox,
    pub id: RequestId,
    pub request: RoomRequest,
}

/// The room's task has stopped (it was evicted; load it again).
#[derive(Debug)]
pub struct RoomGone;

impl RoomHandle {
    /// Queues `msg`; hands it back when the room's task has stopped.
    async fn send(&self, msg: RoomMsg) -> Result<(), RoomMsg> {
        self.tx.send(Box::new(msg)).await.map_err(|msg| *msg)
    }

    pub async fn request(
        &self,
        player: Player,
        outbox: Outbox,
        id: RequestId,
        request: RoomRequest,
    ) -> Result<(), RoomGone> {
        self.send(RoomMsg::Request {
            player,
            outbox,
            id,
            request,
        })
        .await
        .map_err(|_| RoomGone)
    }

    /// [`RoomHandle::request`], handing the request back when the room's
    /// task has stopped, to be sent to the room loaded again without a
    /// copy made for each try.
    pub async fn request_or_return(&self, unsent: Unsent) -> Result<(), Unsent> {
        let Unsent {
            player,
            outbox,
            id,
            request,
        } = unsent;
        let msg = RoomMsg::Request {
            player,
            outbox,
            id,
            request,
        };
        match self.send(msg).await {
            Ok(()) => Ok(()),
            Err(RoomMsg::Request {
                player,
                outbox,
                id,
                request,
            }) => Err(Unsent {
                player,
                outbox,
                id,
                request,
            }),
            Err(_) => unreachable!("a request is handed back as it was sent"),
        }
    }

    /// Tells the room that `guest` now goes by `name`.
    pub async fn renamed(&self, guest: String, name: String) {
        let _ = self.send(RoomMsg::Renamed { guest, name }).await;
    }

    /// Tells the room that a seated guest's vacations changed.
    pub async fn vacation_changed(&self) {
        let _ = self.send(RoomMsg::Vacation).await;
    }

    /// Tells the room that who may be notified of it changed (a seated
    /// guest's or its own subscriptions or webhooks).
    pub async fn targets_changed(&self) {
        let _ = self.send(RoomMsg::Targets).await;
    }

    /// Hands the room the notice of a change stored elsewhere (its first
    /// message, before any request).
    pub async fn noticed(&self, notice: super::notice::RoomNotice) {
        let _ = self.send(RoomMsg::Noticed(notice)).await;
    }

    pub async fn disconnect(&self, conn: ConnId) {
        // A stopped room has no watchers left to tell.
        let _ = self.send(RoomMsg::Disconnect { conn }).await;
    }

    pub async fn record(
        &self,
        guest: Option<String>,
        invite: Option<String>,
    ) -> Result<Result<String, Refusal>, RoomGone> {
        let (reply, answer) = oneshot::channel();
        self.send(RoomMsg::Record { guest, invite, reply })
            .await
            .map_err(|_| RoomGone)?;
        answer.await.map_err(|_| RoomGone)
    }

    /// Asks the room to open its rematch as room `id` (its first events
    /// written under `fence`): the new room, stored, or `None` when it did
    /// not open (the room is gone, no rematch is due, or the write failed).
    pub async fn reopen(&self, id: String, fence: Option<Fence>) -> Option<RoomCore> {
        let (reply, answer) = oneshot::channel();
        self.send(RoomMsg::Reopen { id, fence, reply }).await.ok()?;
        answer.await.ok().flatten()
    }
}
