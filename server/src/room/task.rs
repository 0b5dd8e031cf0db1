//! The task that runs one room: the single writer of its game. It takes
//! requests one at a time, lets the core decide, stores the events before
//! anyone hears of them, then answers and sends every watcher its own view.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{RequestId, RoomStatus, SeatRef, ServerMessage, codes, error};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use super::core::{ConnId, Player, Refusal, RoomCore};
use super::event::Recorded;
use crate::app::App;

/// Where a room sends one connection's messages. The queue is bounded: a
/// client that does not keep up is disconnected rather than slowing the
/// room (it reconnects and gets the current state).
#[derive(Clone, Debug)]
pub struct Outbox {
    pub conn: ConnId,
    pub tx: mpsc::Sender<Utf8Bytes>,
    /// Cancelled to close the connection.
    pub close: CancellationToken,
}

impl Outbox {
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
    Act {
        action: String,
    },
}

#[derive(Debug)]
enum RoomMsg {
    Request {
        player: Player,
        outbox: Outbox,
        id: RequestId,
        request: RoomRequest,
    },
    Disconnect {
        conn: ConnId,
    },
    Record {
        guest: Option<String>,
        invite: Option<String>,
        reply: oneshot::Sender<Result<String, Refusal>>,
    },
}

/// The way to a room's task.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<RoomMsg>,
}

/// The room's task has stopped (it was evicted; load it again).
#[derive(Debug)]
pub struct RoomGone;

impl RoomHandle {
    pub async fn request(
        &self,
        player: Player,
        outbox: Outbox,
        id: RequestId,
        request: RoomRequest,
    ) -> Result<(), RoomGone> {
        self.tx
            .send(RoomMsg::Request {
                player,
                outbox,
                id,
                request,
            })
            .await
            .map_err(|_| RoomGone)
    }

    pub async fn disconnect(&self, conn: ConnId) {
        // A stopped room has no watchers left to tell.
        let _ = self.tx.send(RoomMsg::Disconnect { conn }).await;
    }

    pub async fn record(
        &self,
        guest: Option<String>,
        invite: Option<String>,
    ) -> Result<Result<String, Refusal>, RoomGone> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(RoomMsg::Record { guest, invite, reply })
            .await
            .map_err(|_| RoomGone)?;
        answer.await.map_err(|_| RoomGone)
    }
}

/// Starts the task of `core` and registers it in the lobby.
pub fn spawn_room(core: RoomCore, app: &Arc<App>) -> RoomHandle {
    let (tx, rx) = mpsc::channel(1024);
    let handle = RoomHandle { tx };
    app.lobby.insert(handle.clone(), &core);
    let task = RoomTask {
        core,
        rx,
        app: app.clone(),
        outboxes: HashMap::new(),
    };
    app.tasks.spawn(task.run());
    handle
}

struct RoomTask {
    core: RoomCore,
    rx: mpsc::Receiver<RoomMsg>,
    app: Arc<App>,
    outboxes: HashMap<ConnId, Outbox>,
}

impl RoomTask {
    async fn run(mut self) {
        loop {
            let ttl = self.app.config.expire_open_after;
            let deadline = self
                .core
                .deadline()
                .or_else(|| self.core.expires_at(ttl))
                .map(|ms| self.app.clock.instant_at(ms));
            tokio::select! {
                biased;
                _ = self.app.shutdown.cancelled() => break,
                msg = self.rx.recv() => match msg {
                    Some(msg) => self.handle(msg).await,
                    None => break,
                },
                _ = sleep_until(deadline) => self.on_timer().await,
            }
            let over = self.core.status() == RoomStatus::Finished && !self.core.has_watchers();
            if over || self.core.is_expired() {
                // Nobody is left to watch a finished game, or the room has
                // expired: free its memory. Requests already queued are
                // still answered.
                self.app.lobby.remove(self.core.id());
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
                self.outboxes.remove(&conn);
                if self.core.unwatch(conn) {
                    self.broadcast();
                }
            }
            RoomMsg::Record { guest, invite, reply } => {
                let _ = reply.send(self.core.record_for(guest.as_deref(), invite.as_deref()));
            }
        }
    }

    async fn request(&mut self, player: Player, outbox: Outbox, id: RequestId, request: RoomRequest) {
        let now = self.app.clock.now_ms();
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
                .map(|(seat, events)| (events, ack(Some(seat.0), None))),
            RoomRequest::Leave => self
                .core
                .leave(&player, now)
                .map(|events| (events, ack(None, None))),
            RoomRequest::Start => self
                .core
                .start(&player, now)
                .map(|events| (events, ack(None, None))),
            RoomRequest::Watch { invite } => self
                .core
                .watch(conn, &player, invite.as_deref())
                .map(|seat| (Vec::new(), ack(seat.map(|s| s.0), None))),
            RoomRequest::Unwatch => {
                if self.core.is_watching(conn) {
                    self.core.unwatch(conn);
                    self.outboxes.remove(&conn);
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
            self.app.metrics.moves.increment(1);
        }
        outbox.send_message(&ack);
        let watching = self.core.is_watching(conn);
        if watching {
            self.outboxes.insert(conn, outbox.clone());
        }
        if self.core.version() != version {
            self.broadcast();
            self.app.lobby.update(&self.core);
        } else if self.core.connected_seats() != connected {
            // Only who is connected changed: the same version again.
            self.broadcast();
        } else if watching && matches!(request, RoomRequest::Join { .. } | RoomRequest::Watch { .. }) {
            // Nothing changed for the others; the new watcher still needs
            // the current state.
            let seat = self
                .core
                .audiences()
                .into_iter()
                .find(|(_, c)| c.contains(&conn))
                .and_then(|(s, _)| s);
            outbox.send(self.update_text(seat));
        }
    }

    /// Stores the events of a change.
    async fn store(&self, events: &[Recorded]) -> Result<(), crate::store::StoreError> {
        let metrics = &self.app.metrics;
        metrics.store_queue.set(self.app.store.queue_len() as f64);
        let asked = std::time::Instant::now();
        let stored = self.app.store.write(super::ops(self.core.id(), events)).await;
        metrics.commit_seconds.record(asked.elapsed().as_secs_f64());
        stored
    }

    async fn on_timer(&mut self) {
        let checkpoint = self.core.checkpoint();
        let now = self.app.clock.now_ms();
        let events = match self.core.expire(now, self.app.config.expire_open_after) {
            Some(events) => events,
            None => match self.core.fire_timer(now) {
                Some(events) => events,
                None => return,
            },
        };
        if let Err(e) = self.store(&events).await {
            tracing::error!(room = %self.core.id(), error = %e, "could not store a timer's event; retrying in a second");
            self.core.restore_checkpoint(checkpoint);
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            return;
        }
        if self.core.is_expired() {
            // The run loop closes the room; its watchers learn it at their
            // next request.
            tracing::info!(room = %self.core.id(), "an open room expired");
            return;
        }
        self.app.metrics.moves.increment(1);
        self.broadcast();
        self.app.lobby.update(&self.core);
    }

    fn update_text(&self, viewer: Option<lodestone_rules::Seat>) -> Utf8Bytes {
        encode(&ServerMessage::Update {
            room: self.core.id().to_string(),
            version: self.core.version(),
            state: Box::new(self.core.state_for(viewer, self.app.clock.now_ms())),
        })
    }

    /// Sends every watcher the room as it may see it: one rendering per
    /// distinct viewer. Watchers whose queue is full are dropped.
    fn broadcast(&mut self) {
        let mut dropped = Vec::new();
        let now = self.app.clock.now_ms();
        // When the game hides nothing now, its view is built once.
        let shared = (!self.core.views_differ()
            && self.core.status() != lodestone_protocol::RoomStatus::Open)
            .then(|| self.core.view_parts(None));
        for (viewer, conns) in self.core.audiences() {
            let state = self.core.broadcast_state_for(viewer, now, shared.as_ref());
            let text = encode(&ServerMessage::Update {
                room: self.core.id().to_string(),
                version: self.core.version(),
                state: Box::new(state),
            });
            for conn in conns {
                let delivered = self.outboxes.get(&conn).is_some_and(|o| o.send(text.clone()));
                if !delivered {
                    dropped.push(conn);
                }
            }
        }
        let mut changed = false;
        for conn in dropped {
            self.outboxes.remove(&conn);
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
