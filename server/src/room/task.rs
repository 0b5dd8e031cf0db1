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
use super::stored;
use crate::clock::Clock;
use crate::secrets::OsSecrets;
use crate::store::{Store, StoreError};

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
    /// After the end of a game, how many milliseconds a rematch may be
    /// had; the room stays in memory that long while people watch it
    /// (for the rematch and the chat after the game).
    pub after_game: u64,
}

/// Starts the task of `core` and registers it in the lobby.
pub fn spawn_room(core: RoomCore, env: &Arc<RoomEnv>) -> RoomHandle {
    let (tx, rx) = mpsc::channel(1024);
    let handle = RoomHandle { tx };
    env.lobby.insert(handle.clone(), &core);
    let task = RoomTask {
        core,
        rx,
        env: env.clone(),
        broadcaster: Broadcaster::default(),
        handle: handle.clone(),
    };
    env.tasks.spawn(task.run());
    handle
}

struct RoomTask {
    core: RoomCore,
    rx: mpsc::Receiver<RoomMsg>,
    env: Arc<RoomEnv>,
    broadcaster: Broadcaster,
    /// The way to this room, for its stand-ins.
    handle: RoomHandle,
}

impl RoomTask {
    async fn run(mut self) {
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
                // room's id, and unwatching needs no room (`ws.rs`); a
                // record or a new watcher loads the room again from its
                // log, and it leaves again. Requests already queued are
                // still answered.
                self.env.lobby.remove(self.core.id());
                self.rx.close();
                while let Some(msg) = self.rx.recv().await {
                    self.handle(msg).await;
                }
                break;
            }
        }
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
                    tracing::error!(room = %self.core.id(), error = %e, "could not store a new name; keeping the old one");
                    self.core.restore_checkpoint(checkpoint);
                    return;
                }
                self.broadcast();
                self.env.lobby.update(&self.core);
            }
            RoomMsg::Record { guest, invite, reply } => {
                let _ = reply.send(self.core.record_for(guest.as_deref(), invite.as_deref()));
            }
        }
    }

    async fn request(&mut self, player: Player, outbox: Outbox, id: RequestId, request: RoomRequest) {
        let now = self.env.clock.now_ms();
        let version = self.core.version();
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
            RoomRequest::Start => self
                .core
                .start(&player, now)
                .map(|events| (events, ack(None, None))),
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
            tracing::error!(room = %self.core.id(), error = %e, "could not store a change; undoing it");
            self.core.restore_checkpoint(checkpoint);
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
        if watching {
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
            self.env.lobby.update(&self.core);
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
        let checkpoint = self.core.checkpoint();
        let opened = self.core.rematch_opened(id.clone(), now);
        let mut ops = stored::to_ops(&id, &events);
        ops.extend(stored::to_ops(self.core.id(), &[opened]));
        if let Err(e) = self.env.store.write(ops).await {
            tracing::error!(room = %self.core.id(), error = %e, "could not store the rematch; it opens at the next request");
            self.core.restore_checkpoint(checkpoint);
            return;
        }
        let bots: Vec<Player> = room.seated_bots();
        let handle = spawn_room(room, &self.env);
        if let Some(tx) = &self.env.stand_ins {
            for player in bots {
                let _ = tx.send(StandIn::Bot {
                    room: handle.clone(),
                    player,
                });
            }
        }
        self.broadcast();
        self.env.lobby.update(&self.core);
    }

    /// Stores events that need no answer (who is absent or back) and
    /// tells the watchers; undone if the store fails.
    async fn apply(&mut self, events: Vec<Recorded>) {
        if let Err(e) = self.store(&events).await {
            tracing::error!(room = %self.core.id(), error = %e, "could not store a change of presence; trying again later");
            self.core.undo_presence(&events);
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            return;
        }
        self.broadcast();
        self.env.lobby.update(&self.core);
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
        self.env.store.write(stored::to_ops(self.core.id(), events)).await
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
            tracing::error!(room = %self.core.id(), error = %e, "could not store a timer's event; retrying in a second");
            self.core.restore_checkpoint(checkpoint);
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
        self.env.lobby.update(&self.core);
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
