//! The task that runs one room: the single writer of its game. It only
//! moves messages: it hands each request, timer and change of presence to
//! the core as a [`Command`], commits the [`Outcome`]'s events (the one
//! `commit`, fenced with the room's lease on PostgreSQL), then delivers
//! the rest of the outcome: the reply, the broadcaster's updates, chat
//! lines, stand-ins, the results worker's news, the lobby's line. It sees
//! of the server only its [`RoomEnv`]; what it reads besides is in
//! `reads.rs`, how it starts in `spawn.rs`, its lease in `lease.rs`. A
//! different runtime could drive the core the same way.

use std::sync::Arc;
use std::time::Duration;

use lodestone_protocol::{RequestId, codes, error};

use super::broadcast::Broadcaster;
use super::core::RoomCore;
use super::env::RoomEnv;
use super::event::Recorded;
use super::handle::{Inbox, Outbox, RoomHandle, RoomMsg, StandInChange, encode};
use super::lease::{self, Hold};
use super::notified::Notified;
use super::outcome::{Command, Outcome, Policy, Reply};
use super::reads::{self, Vacations};
use super::stored::{self, Fence};
use crate::secrets::OsSecrets;
use crate::store::StoreError;

/// A new room written with this room's events: its id, its first
/// events and their fence.
type NewRoom<'a> = (&'a str, &'a [Recorded], Option<Fence>);

/// Whether a commit stored its events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Committed {
    Yes,
    /// A fence refused it: the room is handed over.
    Fenced,
    /// Anything else: the room is rebuilt from what is stored.
    Failed,
}

pub(super) struct RoomTask {
    core: RoomCore,
    rx: Inbox,
    env: Arc<RoomEnv>,
    policy: Policy,
    broadcaster: Broadcaster,
    /// The way to this room, for its stand-ins.
    handle: RoomHandle,
    /// The room's lease (several nodes; `None` on SQLite): boxed, so that
    /// a room without one does not carry its size.
    hold: Option<Box<Hold>>,
    /// Requesters whose request a fence refused: told `moved` with the
    /// watchers.
    to_move: Vec<Outbox>,
    /// After a failed commit the room is rebuilt from the store; until
    /// that read succeeds, the version its watchers last got.
    stale: Option<u64>,
    /// The seated guests' vacations, as last read (`room/away.rs`).
    vacations: Vacations,
    /// The room's games waiting and who may be notified (`notified.rs`).
    notified: Notified,
}

impl RoomTask {
    /// The task of `core`, asked through `handle` (whose queue is `rx`),
    /// holding its lease by `hold`.
    pub(super) fn new(
        core: RoomCore,
        env: &Arc<RoomEnv>,
        handle: RoomHandle,
        rx: Inbox,
        hold: Option<Box<Hold>>,
    ) -> RoomTask {
        RoomTask {
            notified: Notified::new(&core),
            core,
            rx,
            policy: env.policy(),
            env: env.clone(),
            broadcaster: Broadcaster::default(),
            handle,
            hold,
            to_move: Vec::new(),
            stale: None,
            vacations: Vacations::new(),
        }
    }

    pub(super) async fn run(mut self: Box<Self>) {
        // Its steps' futures are boxed: only a running step needs their size.
        Box::pin(self.read_vacations()).await;
        Box::pin(self.notified.refresh(&self.env, &self.core, false)).await;
        self.changed();
        // A restarted room: bots stand in again for the absent.
        let standing = self.core.stand_in_for().into_iter().map(StandInChange::Start);
        (self.env).ask(&self.handle, self.core.id(), standing.collect(), false);
        loop {
            // Who is connected now (a restarted room counts from now).
            if self.stale.is_none() {
                let presence = self.decide(Command::Presence);
                if !presence.is_empty() && Box::pin(self.settle(presence, None)).await == Committed::Failed {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
            // A vacation's start or end is shown when it comes.
            let now = self.env.clock.now_ms();
            let edge = self.core.next_vacation_edge(now);
            let deadline = (self.core.wake_at(&self.policy).into_iter().chain(edge))
                .min()
                .map(|ms| self.env.clock.instant_at(ms));
            tokio::select! {
                biased;
                _ = self.env.shutdown.cancelled() => break,
                _ = lease::lost(self.hold.as_deref()) => return Box::pin(self.hand_over()).await,
                msg = self.rx.recv() => match msg {
                    Some(msg) => Box::pin(self.handle(*msg)).await,
                    None => break,
                },
                _ = crate::clock::sleep_until(deadline) => {
                    // A vacation taken on another node moves a clock on.
                    Box::pin(self.read_vacations()).await;
                    let failed = !Box::pin(self.fresh()).await || {
                        let timer = self.decide(Command::Timer);
                        Box::pin(self.settle(timer, None)).await == Committed::Failed
                    };
                    if failed {
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    } else if edge.is_some() {
                        self.broadcast();
                    }
                }
            }
            if self.core.leaves_memory(self.env.clock.now_ms(), &self.policy) {
                // Its watchers keep the final state and the room's id;
                // requests already queued are still answered.
                self.env.lobby.remove(self.core.id());
                self.rx.close();
                while let Some(msg) = self.rx.recv().await {
                    Box::pin(self.handle(*msg)).await;
                }
                if let Some(hold) = &self.hold {
                    Box::pin(hold.release(true)).await;
                }
                return;
            }
        }
        if let Some(hold) = &self.hold {
            hold.ended();
        }
    }

    fn decide(&mut self, command: Command<'_>) -> Outcome {
        let now = self.env.clock.now_ms();
        self.core.handle(command, now, &self.policy)
    }

    async fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Request {
                player,
                outbox,
                id,
                request,
            } => {
                let accounts = match self.fresh().await {
                    true => reads::accounts(&self.env.store, &self.core, &player, &request).await,
                    false => Err(reads::storage(lodestone_protocol::Stored::Room)),
                };
                let outcome = match accounts {
                    Ok(accounts) => self.decide(Command::Request {
                        player: &player,
                        conn: outbox.conn,
                        request: &request,
                        accounts: accounts.as_ref(),
                    }),
                    Err(refusal) => Outcome::refused(refusal),
                };
                self.settle(outcome, Some((outbox, id))).await;
            }
            RoomMsg::Disconnect { conn } => {
                let outcome = self.decide(Command::Disconnect { conn });
                self.settle(outcome, None).await;
            }
            RoomMsg::Renamed { guest, name } if self.fresh().await => {
                let (guest, name) = (&guest, &name);
                let outcome = self.decide(Command::Renamed { guest, name });
                self.settle(outcome, None).await;
            }
            RoomMsg::Renamed { .. } => {}
            RoomMsg::Vacation => self.read_vacations().await,
            RoomMsg::Targets => self.notified.refresh(&self.env, &self.core, true).await,
            RoomMsg::Noticed(notice) => self.notified.noticed(&self.env, &self.core, notice).await,
            RoomMsg::Record { guest, invite, reply } => {
                let _ = reply.send(self.core.record_for(guest.as_deref(), invite.as_deref()));
            }
            RoomMsg::Reopen { id, fence, reply } => {
                let _ = reply.send(self.reopen(id, fence).await);
            }
        }
    }

    /// Commits `outcome`'s events, then delivers the rest of it.
    async fn settle(&mut self, outcome: Outcome, requester: Option<(Outbox, RequestId)>) -> Committed {
        self.broadcaster.follow(&outcome);
        if let Reply::Refused(refusal) = outcome.reply {
            if let Some((outbox, id)) = requester {
                outbox.send_message(&refusal.into_error(Some(id)));
            }
            return Committed::Yes;
        }
        let committed = self.commit(&outcome.events, None).await;
        match (committed, requester) {
            (Committed::Yes, requester) => self.deliver(outcome, requester).await,
            (Committed::Fenced, Some((outbox, _))) => self.to_move.push(outbox),
            (Committed::Failed, Some((outbox, id))) => {
                let message = "the server could not store this; nothing changed, try again";
                outbox.send_message(&error(Some(id), codes::STORAGE, message));
            }
            (_, None) => {}
        }
        committed
    }

    /// Delivers a committed `outcome`: the reply, the updates, the chat,
    /// and what follows from stored events.
    async fn deliver(&mut self, outcome: Outcome, requester: Option<(Outbox, RequestId)>) {
        let started = (outcome.events.iter()).any(|e| matches!(e.event, super::event::RoomEvent::Started));
        (self.env).stored(outcome.ended, outcome.moves);
        let room = self.core.id().to_string();
        let reply = requester.and_then(|(outbox, id)| Some((outbox, encode(&outcome.reply.ack(id, room)?))));
        let now = self.env.clock.now_ms();
        let (update, chat) = (outcome.update, outcome.chat);
        (self.broadcaster).deliver(&mut self.core, now, update, outcome.watching, reply, chat);
        if outcome.lobby {
            self.changed();
        }
        (self.env).ask(&self.handle, self.core.id(), outcome.stand_ins, outcome.rematch);
        if started {
            self.read_vacations().await;
        }
    }

    /// Reads the seated guests' vacations again, when they matter here
    /// (a correspondence clock): a change moves their clocks and is shown.
    async fn read_vacations(&mut self) {
        if reads::vacations(&self.env.store, &mut self.core, &mut self.vacations).await {
            self.broadcast();
            self.changed();
            // The time alarms move with the clocks.
            self.notified.clocks_moved(&self.env, &self.core).await;
        }
    }

    /// The one way this room's events reach the store: their rows under
    /// the room's fence (and a rematch's new room's, `new`) with what they
    /// mean for the notifications, in one write.
    /// A refused fence hands the room over; any other failure rebuilds the
    /// room from what is stored. (The store times the commit.)
    async fn commit(&mut self, events: &[Recorded], new: Option<NewRoom<'_>>) -> Committed {
        if events.is_empty() && new.is_none() {
            return Committed::Yes;
        }
        let deadline = self.core.stored_deadline(&self.policy);
        let hold = self.hold.as_deref();
        let mut ops = stored::ops(self.core.id(), events, hold.map(|h| h.fence(deadline)));
        if let Some((id, events, fence)) = new {
            ops.extend(stored::ops(id, events, fence));
        }
        let mut prepared = self.notified.of_events(&self.env, &self.core, events).await;
        ops.extend(prepared.ops());
        match (self.env.store.write(ops).await).map(|()| self.notified.stored(&self.env, prepared)) {
            Ok(()) => Committed::Yes,
            Err(StoreError::Fenced) => {
                if let Some(hold) = hold {
                    hold.fenced();
                }
                Committed::Fenced
            }
            Err(e) => {
                tracing::error!(room = %self.core.id(), error = %e, "could not store a change; the room is read again from the store");
                let before = events.first().map_or(self.core.version(), |e| e.seq - 1);
                self.stale = Some(before);
                self.notified.failed();
                self.fresh().await;
                Committed::Failed
            }
        }
    }

    /// Whether the room is as committed: after a failed commit, rebuilds
    /// it from the store first (and tells its watchers if the store had
    /// taken more than they were sent).
    async fn fresh(&mut self) -> bool {
        let Some(sent) = self.stale else { return true };
        if !reads::rebuild(&self.env.store, &mut self.core, &self.vacations).await {
            return false;
        }
        self.stale = None;
        if self.core.version() != sent {
            self.broadcast();
            self.changed();
        }
        true
    }

    /// Opens the rematch as room `id` for the rooms service: the new
    /// room's events and this room's `RematchOpened` in one commit (the new
    /// room's under `fence`). The new room, to start; `None` when no
    /// rematch is due or the write failed (the next `rematch` tries again).
    async fn reopen(&mut self, id: String, fence: Option<Fence>) -> Option<RoomCore> {
        if !self.fresh().await {
            return None;
        }
        let now = self.env.clock.now_ms();
        let (room, events, opened) = self.core.open_rematch(id.clone(), now, Box::new(OsSecrets))?;
        if self.commit(&opened, Some((&id, &events, fence))).await != Committed::Yes {
            return None;
        }
        self.broadcast();
        self.changed();
        Some(room)
    }

    /// The lease is lost or the node drains: `moved` to everyone.
    async fn hand_over(&mut self) {
        if let Some(hold) = &self.hold {
            self.env.lobby.remove(self.core.id());
            let watchers = self.broadcaster.outboxes();
            hold.hand_over(self.core.id(), watchers, &self.to_move, &mut self.rx)
                .await;
        }
    }

    /// Refreshes the room's line in this node's lobby and, with several
    /// nodes, in the database.
    fn changed(&mut self) {
        self.env.lobby.update(&self.core);
        if let Some(hold) = &self.hold {
            hold.publish(&self.core);
        }
    }

    /// Sends every watcher the room as it may see it.
    fn broadcast(&mut self) {
        let now = self.env.clock.now_ms();
        self.broadcaster.broadcast(&mut self.core, now, None);
    }
}
