//! The room task's broadcaster: where each watching connection's messages
//! go, and what each audience (a seat, or the spectators) was last sent of
//! the log, so that the next update carries only what is new. The room
//! core knows nothing of this: it renders from `&self` (`room/view.rs`).

use std::collections::{BTreeSet, HashMap};

use axum::extract::ws::Utf8Bytes;
#[cfg(test)]
use lodestone_protocol::RoomState;
#[cfg(test)]
use lodestone_protocol::ViewParts;
use lodestone_protocol::{ChatLine, RoomStatus, ServerMessage, Statics, UpdateFrame};
use lodestone_rules::Seat;

use super::core::RoomCore;
use super::handle::{Outbox, encode};
use super::outcome::{Outcome, Update};
use super::vec_map::VecMap;
use super::watchers::ConnId;

/// What one audience was last sent of the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sent {
    /// Entries sent.
    len: usize,
    /// How many of them were concealed from the audience.
    concealed: usize,
    /// Whether the game had ended (salts are shown only then).
    finished: bool,
    /// The size of the audience's last frame (the next one's buffer).
    size: usize,
}

/// When the kept [`Statics`] were rendered: the room's events other than
/// actions (each event counts in the version, each action in the log too),
/// its status and the seats connected. Everything in them changes only
/// with one of these.
#[derive(Debug, PartialEq, Eq)]
struct StaticsKey {
    events: u64,
    status: RoomStatus,
    connected: BTreeSet<Seat>,
    /// The end of each seat's vacation now (`room/away.rs`).
    away: Vec<Option<u64>>,
}

/// The watchers' outboxes, what each audience was last sent, and the
/// parts of an update that rarely change, kept from the last broadcast.
#[derive(Debug, Default)]
pub struct Broadcaster {
    outboxes: HashMap<ConnId, Outbox>,
    sent: VecMap<Option<Seat>, Sent>,
    statics: Option<(StaticsKey, Statics)>,
}

impl Broadcaster {
    /// Sends `outbox.conn`'s updates to `outbox`.
    pub fn add(&mut self, outbox: Outbox) {
        self.outboxes.insert(outbox.conn, outbox);
    }

    /// Whether `conn`'s updates are sent here.
    pub fn sends_to(&self, conn: ConnId) -> bool {
        self.outboxes.contains_key(&conn)
    }

    /// Every watcher's outbox.
    pub fn outboxes(&self) -> impl Iterator<Item = &Outbox> {
        self.outboxes.values()
    }

    /// Stops sending to `conn`.
    pub fn remove(&mut self, conn: ConnId) {
        self.outboxes.remove(&conn);
    }

    /// Stops sending to `conn` and closes its connection.
    pub fn close(&mut self, conn: ConnId) {
        if let Some(outbox) = self.outboxes.remove(&conn) {
            outbox.close.cancel();
        }
    }

    /// Sends `text` to the connections `conns`; returns those whose
    /// queue was full or closed (they are sent nothing more).
    pub fn send_to(&mut self, conns: &[ConnId], text: &Utf8Bytes) -> Vec<ConnId> {
        let mut dropped = Vec::new();
        for conn in conns {
            if !self.outboxes.get(conn).is_some_and(|o| o.send(text.clone())) {
                dropped.push(*conn);
            }
        }
        for conn in &dropped {
            self.outboxes.remove(conn);
        }
        dropped
    }

    /// Follows an outcome's changes of who is sent what: connections
    /// removed or closed, audiences to send the whole log again.
    pub fn follow(&mut self, outcome: &Outcome) {
        for conn in &outcome.removed {
            self.remove(*conn);
        }
        for conn in &outcome.closed {
            self.close(*conn);
        }
        for audience in &outcome.forget {
            self.forget(*audience);
        }
    }

    /// Delivers what a command sends once its events are committed: the
    /// requester's `reply` (its connection added to those sent updates
    /// when it is `watching` now) and the `update` it calls for, then the
    /// `chat` lines to their readers.
    pub fn deliver(
        &mut self,
        core: &mut RoomCore,
        now: u64,
        update: Update,
        watching: bool,
        reply: Option<(Outbox, Utf8Bytes)>,
        chat: Vec<(Vec<ConnId>, Vec<ChatLine>)>,
    ) {
        if let Some((outbox, _)) = &reply
            && watching
            && !self.sends_to(outbox.conn)
        {
            self.add(outbox.clone());
        }
        match (update, reply) {
            (Update::Everyone, reply) => {
                self.broadcast(core, now, reply.as_ref().map(|(o, a)| (o, a.clone())))
            }
            (Update::Requester(seat), Some((outbox, ack))) => {
                outbox.send(ack);
                let state = Box::new(core.state_for(seat, now));
                let room = core.id().to_string();
                outbox.send(encode(&ServerMessage::Update {
                    room,
                    version: core.version(),
                    state,
                }));
            }
            (_, Some((outbox, ack))) => {
                outbox.send(ack);
            }
            (_, None) => {}
        }
        let mut dropped = Vec::new();
        for (conns, lines) in chat {
            let room = core.id().to_string();
            let text = encode(&ServerMessage::Chat { room, lines });
            dropped.extend(self.send_to(&conns, &text));
        }
        self.drop_watchers(core, now, dropped);
    }

    /// Sends every watcher of `core` the room as it may see it (`reply`
    /// first, see [`Broadcaster::send`]); watchers whose queue is full are
    /// dropped, and the others told if a seat's presence changed.
    pub fn broadcast(&mut self, core: &mut RoomCore, now: u64, reply: Option<(&Outbox, Utf8Bytes)>) {
        let dropped = self.send(core, now, reply);
        self.drop_watchers(core, now, dropped);
    }

    fn drop_watchers(&mut self, core: &mut RoomCore, now: u64, dropped: Vec<ConnId>) {
        let mut changed = false;
        for conn in dropped {
            changed |= core.unwatch(conn);
        }
        if changed {
            self.broadcast(core, now, None);
        }
    }

    /// `audience` has a new watcher, which has none of the log yet: the
    /// audience's next update is whole.
    pub fn forget(&mut self, audience: Option<Seat>) {
        self.sent.remove(&audience);
    }

    /// The first log entry `viewer`'s audience is sent next: after those
    /// it was sent, unless older entries changed for it (an action
    /// revealed, salts at the end). Remembers what it will have been sent.
    fn first_unsent(&mut self, core: &RoomCore, viewer: Option<Seat>) -> usize {
        let finished = matches!(core.status(), RoomStatus::Finished | RoomStatus::Closed);
        let len = core.log_len();
        let from = match self.sent.get(&viewer) {
            Some(sent)
                if sent.len <= len
                    && sent.finished == finished
                    && core.concealed(viewer, sent.len) == sent.concealed =>
            {
                sent.len
            }
            _ => 0,
        };
        let sent = Sent {
            len,
            concealed: core.concealed(viewer, len),
            finished,
            size: self.sent.get(&viewer).map_or(0, |s| s.size),
        };
        self.sent.insert(viewer, sent);
        from
    }

    /// The room as `viewer`'s audience may see it, for a broadcast: with
    /// only the log entries the audience has not been sent (`first_unsent`).
    /// `shared`: the view parts, when every audience sees the same view.
    #[cfg(test)]
    pub fn state_for(
        &mut self,
        core: &RoomCore,
        viewer: Option<Seat>,
        now: u64,
        shared: Option<&ViewParts>,
    ) -> RoomState {
        let from = self.first_unsent(core, viewer);
        core.render_with(viewer, now, from, shared)
    }

    /// Sends every watcher of `core` the room as it may see it: what every
    /// audience shares rendered and serialised once, then each distinct
    /// viewer's own parts, all before any is queued.
    /// `reply` (a requester's outbox and the answer to its request) is
    /// queued right before that connection's update, so that the
    /// connection, woken once, writes both with one flush. Returns the
    /// connections whose queue was full or closed; they are sent nothing
    /// more.
    pub fn send(&mut self, core: &RoomCore, now: u64, reply: Option<(&Outbox, Utf8Bytes)>) -> Vec<ConnId> {
        // When the game hides nothing now, its view is built once.
        let shared =
            (!core.views_differ() && core.status() != RoomStatus::Open).then(|| core.view_parts(None));
        // What changes only with events other than actions, or with who
        // is connected, is rendered again only then.
        let key = StaticsKey {
            events: core.version().wrapping_sub(core.log_len() as u64),
            status: core.status(),
            connected: core.connected_seats(),
            away: core.vacations_now(now),
        };
        let (statics, play) = match self.statics.take() {
            Some((kept, statics)) if kept == key => (statics, core.render_shared_play(now)),
            _ => {
                let state = core.render_shared(now);
                (Statics::new(&state), state.play)
            }
        };
        let frame = UpdateFrame::new(
            core.id(),
            core.version(),
            &statics,
            play.as_ref(),
            shared.as_ref(),
        );
        let updates: Vec<(Vec<ConnId>, Utf8Bytes)> = core
            .audiences()
            .into_iter()
            .map(|(viewer, conns)| {
                if viewer.is_none() && core.lagging().is_some() {
                    // Spectators kept behind get the whole room as it
                    // stood then (`room/spectators.rs`), none of the live
                    // frame; their next update after the delay is whole.
                    self.sent.remove(&None);
                    let update = ServerMessage::Update {
                        room: core.id().to_string(),
                        version: core.version(),
                        state: Box::new(core.state_for(None, now)),
                    };
                    return (conns, super::handle::encode(&update));
                }
                let from = self.first_unsent(core, viewer);
                // Risks cost a search of every offer: only for a seat one
                // of whose connections reads them.
                let risks =
                    viewer.is_some() && conns.iter().any(|c| self.outboxes.get(c).is_none_or(|o| o.risks));
                let own = core.render_own_live(viewer, now, from, shared.as_ref(), risks);
                let sent = self
                    .sent
                    .get_mut(&viewer)
                    .expect("first_unsent notes the audience");
                let text = Utf8Bytes::from(frame.write(&own, sent.size + sent.size / 8));
                sent.size = text.len();
                (conns, text)
            })
            .collect();
        drop(frame);
        self.statics = Some((key, statics));
        let mut dropped = Vec::new();
        let first = reply.map(|(outbox, text)| {
            outbox.send(text);
            outbox.conn
        });
        // The requester's update first, right after its reply.
        let order = updates
            .iter()
            .flat_map(|(conns, text)| conns.iter().map(move |c| (*c, text)));
        let order = order
            .clone()
            .filter(|(c, _)| Some(*c) == first)
            .chain(order.filter(|(c, _)| Some(*c) != first));
        for (conn, text) in order {
            let delivered = self.outboxes.get(&conn).is_some_and(|o| o.send(text.clone()));
            if !delivered {
                dropped.push(conn);
            }
        }
        for conn in &dropped {
            self.outboxes.remove(conn);
        }
        dropped
    }
}
