//! The task that runs one room: the single writer of its game. It takes
//! requests one at a time, lets the core decide, stores the events before
//! anyone hears of them, then answers and has the broadcaster send every
//! watcher its own view. It sees of the server only its [`RoomEnv`].

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{RequestId, RoomStatus, ServerMessage, codes, error};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::broadcast::Broadcaster;
use super::core::{ConnId, Player, Refusal, RoomCore};
use super::event::{Recorded, RoomEvent};
use super::handle::{Outbox, RoomHandle, RoomMsg, RoomRequest, StandIn, encode};
use super::lobby::Lobby;
use super::results::GameEnded;
use super::stored;
use crate::clock::Clock;
use crate::secrets::OsSecrets;
use crate::store::{Leases, LobbyLine as Published, Op, Store, StoreError};

/// A room task's lease, when several nodes share a PostgreSQL database
/// (none on SQLite: the one server owns every room). Shared with the
/// node's renewer (`node.rs`).
#[derive(Debug)]
pub struct RoomLease {
    /// The fencing epoch every append of this task is checked against.
    pub epoch: i64,
    /// Cancelled when the room must go: the lease was lost (another node
    /// took it, a renewal found it gone) or the node is draining. The task
    /// then stops accepting, releases the lease and sends its watchers
    /// `moved`.
    pub lost: CancellationToken,
    /// Cancelled by the task when it has stopped: the lease is no longer
    /// renewed.
    pub ended: CancellationToken,
    /// Set (before `lost`) when the node drains: with no other node to
    /// send the clients to, they just get the shutdown's goodbye.
    pub draining: std::sync::atomic::AtomicBool,
}

impl RoomLease {
    pub fn new(epoch: i64) -> RoomLease {
        RoomLease {
            epoch,
            lost: CancellationToken::new(),
            ended: CancellationToken::new(),
            draining: std::sync::atomic::AtomicBool::new(false),
        }
    }
}

/// The rooms whose lease a node holds, by id: what its renewer renews.
pub type Owned = Arc<std::sync::Mutex<std::collections::HashMap<String, Arc<RoomLease>>>>;

/// What a room task needs to know of the node it runs on (PostgreSQL with
/// several nodes).
#[derive(Clone, Debug)]
pub struct NodeEnv {
    pub leases: Leases,
    /// The leases this node holds (shared with `node.rs`).
    pub owned: Owned,
    /// How long a lease lasts, in milliseconds.
    pub lease_ms: u64,
    /// This node's name (`--node`).
    pub name: String,
    /// Where clients reach this node (`--advertise`).
    pub url: String,
    /// A node heard from within this many milliseconds is alive.
    pub alive_ms: u64,
    /// Leases lost (`lodestone_lease_losses_total`).
    pub losses: metrics::Counter,
}

impl NodeEnv {
    /// Records that this node holds `room` at `epoch`; returns the lease
    /// its task gets.
    pub fn adopt(&self, room: &str, epoch: i64) -> Arc<RoomLease> {
        let lease = Arc::new(RoomLease::new(epoch));
        self.owned
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(room.to_string(), lease.clone());
        lease
    }
}

/// What a room task needs of the server, and nothing more: where to store,
/// the lobby to keep its summary in, the time, the moves counter, and the
/// server's shutdown token and task tracker.
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
}

/// Starts the task of `core` and registers it in the lobby.
pub fn spawn_room(core: RoomCore, env: &Arc<RoomEnv>) -> RoomHandle {
    spawn_leased_room(core, env, None)
}

/// Starts the task of `core`, which holds `lease` (several nodes), and
/// registers it in the lobby.
pub fn spawn_leased_room(core: RoomCore, env: &Arc<RoomEnv>, lease: Option<Arc<RoomLease>>) -> RoomHandle {
    let (tx, rx) = mpsc::channel(1024);
    let handle = RoomHandle { tx };
    env.lobby.insert(handle.clone(), &core);
    let publisher = match (&env.node, &lease) {
        (Some(node), Some(lease)) => {
            let (tx, rx) = tokio::sync::watch::channel(None);
            env.tasks
                .spawn(publish(node.clone(), core.id().to_string(), lease.epoch, rx));
            Some(tx)
        }
        _ => None,
    };
    let task = RoomTask {
        core,
        rx,
        env: env.clone(),
        broadcaster: Broadcaster::default(),
        handle: handle.clone(),
        lease,
        publisher,
        to_move: Vec::new(),
    };
    env.tasks.spawn(task.run());
    handle
}

/// Writes a room's lobby line to the database whenever it changes (the
/// latest only), then tells the other nodes; ends with the room's task.
async fn publish(
    node: NodeEnv,
    room: String,
    epoch: i64,
    mut rx: tokio::sync::watch::Receiver<Option<Published>>,
) {
    while rx.changed().await.is_ok() {
        let Some(p) = rx.borrow_and_update().clone() else {
            continue;
        };
        let written = node.leases.publish(&room, &node.name, epoch, &p).await;
        match written {
            Ok(()) => {
                let _ = node.leases.notify("lobby").await;
            }
            Err(e) => {
                tracing::warn!(room = %room, error = %e, "could not publish the room's lobby line; trying again");
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                rx.mark_changed();
            }
        }
    }
}

struct RoomTask {
    core: RoomCore,
    rx: mpsc::Receiver<RoomMsg>,
    env: Arc<RoomEnv>,
    broadcaster: Broadcaster,
    /// The way to this room, for its stand-ins.
    handle: RoomHandle,
    /// The room's lease (several nodes; `None` on SQLite).
    lease: Option<Arc<RoomLease>>,
    /// Where the lobby line goes to be published (several nodes).
    publisher: Option<tokio::sync::watch::Sender<Option<Published>>>,
    /// Requesters whose request a fence refused: told `moved` with the
    /// watchers.
    to_move: Vec<Outbox>,
}

/// Resolves when `lease` is lost; never without a lease.
async fn lease_lost(lease: Option<&Arc<RoomLease>>) {
    match lease {
        Some(lease) => lease.lost.cancelled().await,
        None => std::future::pending().await,
    }
}

impl RoomTask {
    async fn run(mut self) {
        self.publish();
        // A restarted room: bots stand in again for the absent.
        if let Some(tx) = &self.env.stand_ins {
            for player in self.core.stand_in_for() {
                let _ = tx.send(StandIn::Start {
                    room: self.handle.clone(),
                    room_id: self.core.id().to_string(),
                    player,
                });
            }
        }
        loop {
            let ttl = self.env.expire_open_after;
            // Who is connected now (a restarted room counts from now).
            let now = self.env.clock.now_ms();
            let returned = self.core.note_presence(now);
            if !returned.is_empty() {
                self.apply(returned).await;
            }
            let absence = self
                .core
                .absence_deadline(self.env.absent_grace, self.env.abandon_after);
            let deadline = self
                .core
                .deadline()
                .into_iter()
                .chain(self.core.expires_at(ttl))
                .chain(absence)
                .chain(self.core.lounge_end(self.env.after_game))
                .min()
                .map(|ms| self.env.clock.instant_at(ms));
            tokio::select! {
                biased;
                _ = self.env.shutdown.cancelled() => break,
                _ = lease_lost(self.lease.as_ref()) => {
                    self.hand_over().await;
                    return;
                }
                msg = self.rx.recv() => match msg {
                    Some(msg) => self.handle(msg).await,
                    None => break,
                },
                _ = sleep_until(deadline) => self.on_timer().await,
            }
            let now = self.env.clock.now_ms();
            let lingers = self.core.people_watching()
                && self
                    .core
                    .lounge_end(self.env.after_game)
                    .is_some_and(|end| end > now);
            if (self.core.status() == RoomStatus::Finished || self.core.is_gone()) && !lingers {
                // The game is over (and the time after it has passed, or
                // nobody watches), or the room is gone (expired, closed,
                // aborted): free its memory, however long its watchers
                // stay. They have the final state; each keeps only the
                // room's id, and unwatching needs no room (`ws/mod.rs`); a
                // record or a new watcher loads the room again from its
                // log, and it leaves again. Requests already queued are
                // still answered.
                self.env.lobby.remove(self.core.id());
                self.rx.close();
                while let Some(msg) = self.rx.recv().await {
                    self.handle(msg).await;
                }
                self.release(true).await;
                return;
            }
        }
        if let Some(lease) = &self.lease {
            lease.ended.cancel();
        }
    }

    /// Gives up the room's lease (several nodes): deleted when the room is
    /// over (`gone`), otherwise expired so that another node takes it.
    /// Stops its renewal first.
    async fn release(&self, gone: bool) {
        let (Some(lease), Some(node)) = (&self.lease, &self.env.node) else {
            return;
        };
        lease.ended.cancel();
        let released = node.leases.release(self.core.id(), &node.name, lease.epoch, gone);
        match tokio::time::timeout(std::time::Duration::from_secs(2), released).await {
            // A room over leaves every node's lobby.
            Ok(Ok(())) if gone => {
                let _ = node.leases.notify("lobby").await;
            }
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::warn!(room = %self.core.id(), error = %e, "could not release the room's lease; it will expire")
            }
            Err(_) => {
                tracing::warn!(room = %self.core.id(), "releasing the room's lease took too long; it will expire")
            }
        }
    }

    /// The lease is lost or the node drains: stop accepting, let the
    /// lease go, and send every watcher (and every request still queued)
    /// `moved` to where the room is, or will be, served.
    async fn hand_over(&mut self) {
        let (Some(lease), Some(node)) = (self.lease.clone(), self.env.node.clone()) else {
            return;
        };
        let id = self.core.id().to_string();
        self.env.lobby.remove(&id);
        self.release(false).await;
        let whereto = node.leases.where_to(&id, &node.name, node.alive_ms);
        let draining = lease.draining.load(std::sync::atomic::Ordering::SeqCst);
        let url = match tokio::time::timeout(std::time::Duration::from_secs(2), whereto).await {
            Ok(Ok(Some(url))) => url,
            // The last node stops: its clients get its goodbye, and come
            // back when it (or another) is up.
            _ if draining => {
                tracing::info!(room = %id, epoch = lease.epoch, "lease released; no other node to hand the room to");
                self.rx.close();
                lease.ended.cancel();
                return;
            }
            // Nobody else: come back here, and this node takes it again.
            _ => node.url.clone(),
        };
        tracing::info!(room = %id, epoch = lease.epoch, to = %url, "room handed over; its clients are moved");
        let moved = encode(&ServerMessage::Moved {
            room: id.clone(),
            url,
        });
        let mut told = std::collections::HashSet::new();
        for outbox in self.broadcaster.outboxes().chain(self.to_move.iter()) {
            if told.insert(outbox.conn) {
                outbox.send(moved.clone());
            }
        }
        self.rx.close();
        while let Some(msg) = self.rx.recv().await {
            if let RoomMsg::Request { outbox, .. } = msg
                && told.insert(outbox.conn)
            {
                outbox.send(moved.clone());
            }
        }
        lease.ended.cancel();
    }

    /// The room's next deadline (a clock, a Magma turn, an open room's
    /// expiry), stored with each append for the other nodes' sweepers.
    fn next_deadline(&self) -> Option<i64> {
        self.core
            .deadline()
            .into_iter()
            .chain(self.core.expires_at(self.env.expire_open_after))
            .min()
            .map(|ms| ms as i64)
    }

    /// Refreshes the room's line in this node's lobby and, with several
    /// nodes, in the database.
    fn changed(&mut self) {
        self.env.lobby.update(&self.core);
        self.publish();
    }

    /// Queues the room's lobby line for the database if it changed.
    fn publish(&mut self) {
        let Some(tx) = &self.publisher else { return };
        let status = serde_json::to_value(self.core.status())
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let next = Published {
            public: self.core.is_public(),
            status,
            summary: serde_json::to_string(&self.core.summary()).unwrap_or_default(),
            seated: serde_json::to_string(&self.core.seated_guests()).unwrap_or_default(),
        };
        tx.send_if_modified(|last| {
            if last.as_ref() == Some(&next) {
                false
            } else {
                *last = Some(next);
                true
            }
        });
    }

    async fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Request {
                player,
                outbox,
                id,
                request,
            } => self.request(player, outbox, id, request).await,
            RoomMsg::Disconnect { conn } => {
                self.broadcaster.remove(conn);
                if self.core.unwatch(conn) {
                    self.broadcast();
                }
            }
            RoomMsg::Renamed { guest, name } => {
                let checkpoint = self.core.checkpoint();
                let events = self.core.rename(&guest, &name, self.env.clock.now_ms());
                if events.is_empty() {
                    return;
                }
                if let Err(e) = self.store(&events).await {
                    self.core.restore_checkpoint(checkpoint);
                    if !self.fenced(&e) {
                        tracing::error!(room = %self.core.id(), error = %e, "could not store a new name; keeping the old one");
                    }
                    return;
                }
                self.broadcast();
                self.changed();
            }
            RoomMsg::Record { guest, invite, reply } => {
                let _ = reply.send(self.core.record_for(guest.as_deref(), invite.as_deref()));
            }
        }
    }

    async fn request(&mut self, player: Player, outbox: Outbox, id: RequestId, request: RoomRequest) {
        let now = self.env.clock.now_ms();
        let version = self.core.version();
        let status = self.core.status();
        let connected = self.core.connected_seats();
        let checkpoint = self.core.checkpoint();
        let conn = outbox.conn;
        let room = Some(self.core.id().to_string());
        let ack = |seat: Option<u8>, version: Option<u64>| ServerMessage::Ack {
            id: id.clone(),
            room: room.clone(),
            seat,
            invite: None,
            version,
        };
        let result = match &request {
            RoomRequest::Join { seat, invite } => self
                .core
                .join(conn, &player, seat.as_ref(), invite.as_deref(), now)
                .map(|(seat, events)| {
                    // The new watcher has none of the log yet.
                    self.broadcaster.forget(Some(seat));
                    (events, ack(Some(seat.0), None))
                }),
            RoomRequest::Leave => self.core.leave(&player, now).map(|events| {
                // The leaver's connections now watch as spectators.
                self.broadcaster.forget(None);
                (events, ack(None, None))
            }),
            RoomRequest::Start => match self.rated_refusal(&player).await {
                Some(refusal) => Err(refusal),
                None => self
                    .core
                    .start(&player, now)
                    .map(|events| (events, ack(None, None))),
            },
            RoomRequest::Watch { invite } => self.core.watch(conn, &player, invite.as_deref()).map(|seat| {
                self.broadcaster.forget(seat);
                (Vec::new(), ack(seat.map(|s| s.0), None))
            }),
            RoomRequest::StandIn => self.core.watch_stand_in(conn, &player).map(|seat| {
                self.broadcaster.forget(seat);
                (Vec::new(), ack(seat.map(|s| s.0), None))
            }),
            RoomRequest::Unwatch => {
                // A finished room forgets its watchers when it leaves
                // memory: unwatching it is always fine.
                if self.core.is_watching(conn) || self.core.status() == RoomStatus::Finished {
                    self.core.unwatch(conn);
                    self.broadcaster.remove(conn);
                    Ok((Vec::new(), ack(None, None)))
                } else {
                    Err(Refusal::new(
                        codes::NOT_WATCHING,
                        "this connection is not watching the room",
                    ))
                }
            }
            RoomRequest::Act { action } => self
                .core
                .act(&player, action, now)
                .map(|events| (events, ack(None, Some(self.core.version())))),
            RoomRequest::AddBot {
                bot,
                seat,
                replace_me,
            } => self
                .core
                .add_bot(conn, &player, bot, seat.as_ref(), *replace_me, now)
                .map(|(seat, events)| {
                    // The bot has none of the log yet; a player who handed
                    // its seat over watches as a spectator now.
                    self.broadcaster.forget(Some(seat));
                    self.broadcaster.forget(None);
                    (events, ack(Some(seat.0), None))
                }),
            RoomRequest::RemoveBot { seat } => match self.core.remove_bot(&player, seat, now) {
                Ok((bot, events)) => {
                    self.stop_watching(&bot);
                    Ok((events, ack(None, None)))
                }
                Err(refusal) => Err(refusal),
            },
            RoomRequest::Kick { seat } => match self.core.kick(&player, seat, now) {
                Ok((holder, events)) => {
                    if holder.bot {
                        self.stop_watching(&holder.id);
                    }
                    // A kicked person's connections watch as spectators.
                    self.broadcaster.forget(None);
                    Ok((events, ack(None, None)))
                }
                Err(refusal) => Err(refusal),
            },
            RoomRequest::CloseRoom => self
                .core
                .close(&player, now)
                .map(|events| (events, ack(None, None))),
            RoomRequest::Resign => self
                .core
                .resign(&player, now)
                .map(|events| (events, ack(None, Some(self.core.version())))),
            RoomRequest::OfferDraw => self
                .core
                .offer_draw(&player, now)
                .map(|events| (events, ack(None, Some(self.core.version())))),
            RoomRequest::AnswerDraw { accept } => self
                .core
                .answer_draw(&player, *accept, now)
                .map(|events| (events, ack(None, Some(self.core.version())))),
            RoomRequest::Abort => self
                .core
                .abort(&player, now)
                .map(|events| (events, ack(None, Some(self.core.version())))),
            RoomRequest::Claim => self
                .core
                .claim(&player, now)
                .map(|events| (events, ack(None, Some(self.core.version())))),
            RoomRequest::Rematch { accept } => self
                .core
                .rematch(&player, *accept, now, self.env.after_game)
                .map(|events| (events, ack(None, Some(self.core.version())))),
            RoomRequest::Chat { to, text } => self
                .core
                .chat(conn, &player, *to, text, now)
                .map(|event| (vec![event], ack(None, Some(self.core.version())))),
            RoomRequest::SetChat { on } => self
                .core
                .set_chat(&player, *on, now)
                .map(|events| (events, ack(None, Some(self.core.version())))),
        };
        let (events, ack) = match result {
            Ok(ok) => ok,
            Err(refusal) => {
                outbox.send_message(&error(Some(id), refusal.code, refusal.message));
                return;
            }
        };
        if let Err(e) = self.store(&events).await {
            self.core.restore_checkpoint(checkpoint);
            if self.fenced(&e) {
                self.to_move.push(outbox);
                return;
            }
            tracing::error!(room = %self.core.id(), error = %e, "could not store a change; undoing it");
            outbox.send_message(&error(
                Some(id),
                codes::STORAGE,
                "the server could not store this; nothing changed, try again",
            ));
            return;
        }
        if matches!(request, RoomRequest::Act { .. }) {
            self.env.moves.increment(1);
        }
        let ack = encode(&ack);
        let watching = self.core.is_watching(conn);
        if watching && !self.broadcaster.sends_to(conn) {
            self.broadcaster.add(outbox.clone());
        }
        if matches!(request, RoomRequest::Chat { .. }) {
            // A line goes to those who may read it, and changes nothing
            // else: no update.
            outbox.send(ack);
            self.send_chat(&events);
            return;
        }
        if self.core.version() != version {
            self.broadcast_after(Some((&outbox, ack)));
            // An action changes nothing of the lobby's line (the game's
            // options, the seats, their players) but the status at the end.
            if !matches!(request, RoomRequest::Act { .. }) || self.core.status() != status {
                self.changed();
            }
        } else if self.core.connected_seats() != connected {
            // Only who is connected changed: the same version again.
            self.broadcast_after(Some((&outbox, ack)));
        } else if watching
            && matches!(
                request,
                RoomRequest::Join { .. } | RoomRequest::Watch { .. } | RoomRequest::StandIn
            )
        {
            outbox.send(ack);
            // Nothing changed for the others; the new watcher still needs
            // the current state.
            let seat = self
                .core
                .audiences()
                .into_iter()
                .find(|(_, c)| c.contains(&conn))
                .and_then(|(s, _)| s);
            outbox.send(self.update_text(seat));
        } else {
            outbox.send(ack);
        }
        if watching && matches!(request, RoomRequest::Join { .. } | RoomRequest::Watch { .. }) {
            // A new watcher (or a new seat) reads the chat it may.
            self.send_chat_history(&outbox);
        }
        self.chat_after_end(&events);
        if matches!(request, RoomRequest::Rematch { .. }) && self.core.rematch_ready() {
            self.open_rematch().await;
        }
    }

    /// Sends the chat lines among `events` to the watchers that may read
    /// them.
    fn send_chat(&mut self, events: &[Recorded]) {
        for recorded in events {
            let mut dropped = Vec::new();
            for (viewer, conns) in self.core.audiences() {
                let Some(line) = self.core.chat_line_for(recorded.seq, viewer) else {
                    continue;
                };
                let text = encode(&ServerMessage::Chat {
                    room: self.core.id().to_string(),
                    lines: vec![line],
                });
                dropped.extend(self.broadcaster.send_to(&conns, &text));
            }
            self.drop_watchers(dropped);
        }
    }

    /// Sends `outbox` the chat lines its viewer may read, if any.
    fn send_chat_history(&self, outbox: &Outbox) {
        let viewer = self
            .core
            .audiences()
            .into_iter()
            .find(|(_, c)| c.contains(&outbox.conn))
            .and_then(|(s, _)| s);
        let lines = self.core.chat_for(viewer, u64::MAX);
        if !lines.is_empty() {
            outbox.send_message(&ServerMessage::Chat {
                room: self.core.id().to_string(),
                lines,
            });
        }
    }

    /// When `events` end the game, the seated players may read the
    /// spectators' chat: each seated watcher gets the lines it may read.
    fn chat_after_end(&mut self, events: &[Recorded]) {
        let ended = events
            .iter()
            .any(|r| matches!(r.event, RoomEvent::Finished { .. }));
        if !ended || self.core.spectators_lines() == 0 {
            return;
        }
        let mut dropped = Vec::new();
        for (viewer, conns) in self.core.audiences() {
            if viewer.is_none() {
                continue;
            }
            let text = encode(&ServerMessage::Chat {
                room: self.core.id().to_string(),
                lines: self.core.chat_for(viewer, u64::MAX),
            });
            dropped.extend(self.broadcaster.send_to(&conns, &text));
        }
        self.drop_watchers(dropped);
    }

    /// Forgets watchers whose queue was full or closed (and tells the
    /// others if a seat's presence changed).
    fn drop_watchers(&mut self, dropped: Vec<ConnId>) {
        let mut changed = false;
        for conn in dropped {
            changed |= self.core.unwatch(conn);
        }
        if changed {
            self.broadcast();
        }
    }

    /// Every seat accepted the rematch: opens its room (stored with the
    /// old room's `RematchOpened` in one write), sets its bots playing
    /// and tells the watchers where to go. If the store fails, the old
    /// room stays as it was, every seat still accepted: the next
    /// `rematch` tries again.
    async fn open_rematch(&mut self) {
        let now = self.env.clock.now_ms();
        let id = uuid::Uuid::new_v4().to_string();
        let (room, events) = match self.core.rematch_room(id.clone(), now, Box::new(OsSecrets)) {
            Ok(made) => made,
            Err(refusal) => {
                tracing::error!(room = %self.core.id(), error = %refusal.message, "could not make the rematch's room");
                return;
            }
        };
        // With several nodes the new room is leased here, and both rooms'
        // events are stored under their fences.
        let lease = match (&self.env.node, &self.lease) {
            (Some(node), Some(_)) => match node.leases.claim_new(&id, &node.name, node.lease_ms).await {
                Ok(()) => Some(node.adopt(&id, 1)),
                Err(e) => {
                    tracing::error!(room = %self.core.id(), error = %e, "could not lease the rematch's room; it opens at the next request");
                    return;
                }
            },
            _ => None,
        };
        let checkpoint = self.core.checkpoint();
        let opened = self.core.rematch_opened(id.clone(), now);
        let mut ops = stored::to_ops(&id, &events);
        ops.extend(stored::to_ops(self.core.id(), std::slice::from_ref(&opened)));
        if let (Some(node), Some(new), Some(old)) = (&self.env.node, &lease, &self.lease) {
            ops.push(Op::Fence {
                room: id.clone(),
                node: node.name.clone(),
                epoch: new.epoch,
                deadline: None,
            });
            ops.push(Op::Fence {
                room: self.core.id().to_string(),
                node: node.name.clone(),
                epoch: old.epoch,
                deadline: self.next_deadline(),
            });
        }
        if let Err(e) = self.env.store.write(ops).await {
            self.core.restore_checkpoint(checkpoint);
            if let (Some(node), Some(new)) = (&self.env.node, &lease) {
                new.ended.cancel();
                let _ = node.leases.release(&id, &node.name, new.epoch, true).await;
            }
            if self.fenced(&e) {
                return;
            }
            tracing::error!(room = %self.core.id(), error = %e, "could not store the rematch; it opens at the next request");
            return;
        }
        let bots: Vec<Player> = room.seated_bots();
        let handle = spawn_leased_room(room, &self.env, lease);
        if let Some(tx) = &self.env.stand_ins {
            for player in bots {
                let _ = tx.send(StandIn::Bot {
                    room: handle.clone(),
                    player,
                });
            }
        }
        self.broadcast();
        self.changed();
    }

    /// Stores events that need no answer (who is absent or back) and
    /// tells the watchers; undone if the store fails.
    async fn apply(&mut self, events: Vec<Recorded>) {
        if let Err(e) = self.store(&events).await {
            if self.fenced(&e) {
                self.core.undo_presence(&events);
                return;
            }
            tracing::error!(room = %self.core.id(), error = %e, "could not store a change of presence; trying again later");
            self.core.undo_presence(&events);
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            return;
        }
        self.broadcast();
        self.changed();
        self.stand_ins(&events);
    }

    /// With the policy `bot`: a bot stands in for each seat that became
    /// absent, and hands back a seat whose person returned.
    fn stand_ins(&self, events: &[Recorded]) {
        let Some(tx) = &self.env.stand_ins else { return };
        let room_id = self.core.id().to_string();
        let standing: Vec<Player> = self.core.stand_in_for();
        for recorded in events {
            match &recorded.event {
                RoomEvent::Absent { seat } => {
                    if let Some(player) = standing.iter().find(|p| self.core.seat_of(&p.id) == Some(*seat)) {
                        let _ = tx.send(StandIn::Start {
                            room: self.handle.clone(),
                            room_id: room_id.clone(),
                            player: player.clone(),
                        });
                    }
                }
                RoomEvent::Returned { seat } => {
                    if let Some(player) = self.core.player_at(*seat) {
                        let _ = tx.send(StandIn::Stop {
                            room_id: room_id.clone(),
                            guest: player.id,
                        });
                    }
                }
                _ => {}
            }
        }
    }

    /// Closes the connections watching as `guest` (a bot taken away: its
    /// driver stops when its connection closes).
    fn stop_watching(&mut self, guest: &str) {
        for conn in self.core.conns_of(guest) {
            self.core.unwatch(conn);
            self.broadcaster.close(conn);
        }
    }

    /// Stores the events of a change.
    /// (The store times the commit and `/metrics` reads its queue.)
    async fn store(&self, events: &[Recorded]) -> Result<(), StoreError> {
        let mut ops = stored::to_ops(self.core.id(), events);
        if let (Some(lease), Some(node)) = (&self.lease, &self.env.node)
            && !ops.is_empty()
        {
            ops.push(Op::Fence {
                room: self.core.id().to_string(),
                node: node.name.clone(),
                epoch: lease.epoch,
                deadline: self.next_deadline(),
            });
        }
        self.env.store.write(ops).await?;
        self.after_stored(events);
        Ok(())
    }

    /// Whether `e` says the room's lease is gone; if so the room is handed
    /// over at once (nothing was stored).
    fn fenced(&self, e: &StoreError) -> bool {
        if !matches!(e, StoreError::Fenced) {
            return false;
        }
        if let Some(lease) = &self.lease
            && !lease.lost.is_cancelled()
        {
            tracing::warn!(room = %self.core.id(), epoch = lease.epoch, "lease lost: an append was refused by its fence");
            if let Some(node) = &self.env.node {
                node.losses.increment(1);
            }
            lease.lost.cancel();
        }
        true
    }

    /// An ended game goes to the results worker (`ratings.rs`), which
    /// records it and rates it once (its result was noted as due with the
    /// `started` event).
    fn after_stored(&self, events: &[Recorded]) {
        for recorded in events {
            match recorded.event {
                RoomEvent::Finished { .. } | RoomEvent::Aborted { .. } | RoomEvent::Abandoned => {
                    if let Some(tx) = &self.env.results {
                        let _ = tx.send(GameEnded {
                            room_id: self.core.id().to_string(),
                            finished: self.core.finished(),
                            at: recorded.at,
                        });
                    }
                }
                _ => {}
            }
        }
    }

    /// Why a rated room may not start now (a seat held by a bot or by a
    /// guest that is not an account); asked only of a seated player.
    async fn rated_refusal(&self, player: &Player) -> Option<Refusal> {
        if !self.core.is_rated() || self.core.seat_of(&player.id).is_none() {
            return None;
        }
        let seated = self.core.seated_guests();
        let looked_up = match self.env.store.accounts_among(&seated).await {
            Ok(accounts) => match self.core.rated_refusal(&accounts) {
                Some(refusal) => return Some(refusal),
                None => self.env.store.bot_accounts_among(&seated).await,
            },
            Err(e) => Err(e),
        };
        match looked_up {
            Ok(bots) => self.core.rated_bots_refusal(&bots),
            Err(e) => {
                tracing::error!(room = %self.core.id(), error = %e, "could not look up the players' accounts");
                Some(Refusal::new(
                    codes::STORAGE,
                    "the server could not look up the players; try again",
                ))
            }
        }
    }

    async fn on_timer(&mut self) {
        let checkpoint = self.core.checkpoint();
        let now = self.env.clock.now_ms();
        let events = match self.core.expire(now, self.env.expire_open_after) {
            Some(events) => events,
            None => match self.core.fire_timer(now) {
                Some(events) => events,
                None => {
                    let absent = self
                        .core
                        .mark_absent(now, self.env.absent_grace, self.env.abandon_after);
                    if !absent.is_empty() {
                        self.apply(absent).await;
                    }
                    return;
                }
            },
        };
        if let Err(e) = self.store(&events).await {
            self.core.restore_checkpoint(checkpoint);
            if self.fenced(&e) {
                return;
            }
            tracing::error!(room = %self.core.id(), error = %e, "could not store a timer's event; retrying in a second");
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            return;
        }
        if self.core.is_gone() {
            // The run loop closes the room; its watchers learn it at their
            // next request.
            tracing::info!(room = %self.core.id(), "an open room expired");
            return;
        }
        self.env.moves.increment(1);
        self.broadcast();
        self.changed();
        self.chat_after_end(&events);
    }

    fn update_text(&self, viewer: Option<lodestone_rules::Seat>) -> Utf8Bytes {
        encode(&ServerMessage::Update {
            room: self.core.id().to_string(),
            version: self.core.version(),
            state: Box::new(self.core.state_for(viewer, self.env.clock.now_ms())),
        })
    }

    /// Sends every watcher the room as it may see it; watchers whose
    /// queue is full are dropped (and the others told if a seat's presence
    /// changed).
    fn broadcast(&mut self) {
        self.broadcast_after(None);
    }

    /// [`RoomTask::broadcast`], with `reply` (a requester's outbox and the
    /// answer to its request) queued just before that connection's update,
    /// so that its connection writes both with one flush.
    fn broadcast_after(&mut self, reply: Option<(&Outbox, Utf8Bytes)>) {
        let dropped = self.broadcaster.send(&self.core, self.env.clock.now_ms(), reply);
        let mut changed = false;
        for conn in dropped {
            changed |= self.core.unwatch(conn);
        }
        if changed {
            self.broadcast();
        }
    }
}

/// Sleeps until `deadline`, or forever without one.
async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
