//! One measured game slot: seats its clients in a new room, plays random
//! legal moves from every seat's own updates (closed or open loop), times
//! each move's round trip, and starts again until the deadline.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;

use anyhow::{Result, bail};
use hdrhistogram::Histogram;
use lodestone_protocol::{Code, RoomStatus, ServerMessage};
use rand::RngExt;
use rand::rngs::SmallRng;
use serde_json::json;
use tokio::time::Instant;

use super::stats::{LIMIT_CODES, LoadConfig, Stats, backoff, storage_failure};
use super::view::Conn;
use crate::net::Event;

/// How long a seat in a game in progress may hear nothing from its node
/// before it asks for a `pong`, and then how long that may go unanswered
/// before the seat leaves the node as stalled (runs over several nodes
/// only). Both seats of a game hear every move, and a game in progress
/// moves many times a second; a node whose database is away answers a
/// move late but a `ping` at once, so it is not left.
const STALL: Duration = Duration::from_secs(2);

/// How long a step of a room's setup may go unanswered, over several
/// nodes, before the node is left as stalled and the room set up anew:
/// longer than a node waits for its database before it refuses with
/// `storage-failure`.
const SETUP_PATIENCE: Duration = Duration::from_secs(10);

/// One concurrent game, played again and again.
pub(super) struct Slot {
    pub(super) config: LoadConfig,
    pub(super) stats: Arc<Stats>,
    pub(super) latency: Arc<Mutex<Histogram<u64>>>,
    pub(super) deadline: Instant,
    pub(super) rng: SmallRng,
    pub(super) next_move: Option<Instant>,
    pub(super) interval: Option<Duration>,
    /// Open loop: a seat is ready to act, but its move is not due before
    /// `next_move` (the game's loop wakes then, reading what comes
    /// meanwhile).
    pub(super) waiting: bool,
    /// The action being sent (a buffer kept from move to move).
    pub(super) action: String,
}

impl Slot {
    pub(super) async fn run(mut self, mut clients: Vec<Conn>) -> Result<()> {
        loop {
            if Instant::now() >= self.deadline {
                break;
            }
            if let Some(total) = self.config.total_games
                && self.stats.claimed.fetch_add(1, Ordering::Relaxed) >= total
            {
                break;
            }
            let played = self.play_one(&mut clients).await;
            for c in clients.iter_mut() {
                self.stats.moves_of(c);
            }
            played?;
        }
        for c in clients {
            c.close().await;
        }
        Ok(())
    }

    /// Opens a room, seats every client and starts the game; returns the
    /// room. A step whose reply was lost with a node (several nodes) is
    /// not repeated: that room is left and a new one opened, a few times;
    /// so too, after a growing wait, when a step was not stored.
    async fn set_up(&mut self, clients: &mut [Conn]) -> Result<String> {
        let mut attempts = 0;
        let mut failures = 0;
        loop {
            let mut room = None;
            let watch = self.config.endpoints.len() > 1;
            let (game, options) = (self.config.game, &self.config.options);
            let result = async {
                let (id, invite) = within(watch, &mut clients[0], async |c| {
                    c.create_room(game, options, false).await
                })
                .await?;
                room = Some(id.clone());
                for (seat, c) in clients.iter_mut().enumerate() {
                    c.state = None;
                    let join = json!({"type": "join", "room": id, "seat": seat, "invite": invite});
                    within(watch, c, async |c| c.request(join).await).await?;
                }
                let start = json!({"type": "start", "room": id});
                within(watch, &mut clients[0], async |c| c.request(start).await).await?;
                anyhow::Ok(id)
            }
            .await;
            let again = match &result {
                Ok(_) => false,
                Err(e) if storage_failure(e) && Instant::now() < self.deadline => {
                    self.stats.retried.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(backoff(failures)).await;
                    failures += 1;
                    true
                }
                // A stalled node may take several tries to get around (the
                // other seat may still be on it): those go on until the end.
                Err(e) if is_lost(e) && (attempts < 3 || watch && Instant::now() < self.deadline) => {
                    attempts += 1;
                    true
                }
                Err(_) => false,
            };
            if !again {
                return result;
            }
            if let Some(room) = room {
                for c in clients.iter_mut() {
                    c.forget(&room);
                }
            }
        }
    }

    async fn play_one(&mut self, clients: &mut [Conn]) -> Result<()> {
        let room = match self.set_up(clients).await {
            Ok(room) => room,
            // Set up again and again around a stalled node until the run
            // ended: no game, and no error.
            Err(e) if is_lost(&e) && Instant::now() >= self.deadline => return Ok(()),
            Err(e) => return Err(e),
        };
        self.stats.started.fetch_add(1, Ordering::Relaxed);
        // Every seat plays in turn from its own updates, concurrently.
        let mut finished = true;
        let deadline = tokio::time::sleep_until(self.deadline);
        tokio::pin!(deadline);
        let mut seats: Vec<SeatPlayer> = clients
            .iter_mut()
            .map(|c| SeatPlayer {
                conn: c,
                room: room.clone(),
                acted_at_version: 0,
                pending: None,
                resync: false,
                retry_at: None,
                failures: 0,
                heard: Instant::now(),
                probed: false,
            })
            .collect();
        // With other nodes to go to, a seat in a game in progress that
        // hears nothing for `STALL` may be on a stalled node (stopped, not
        // dead: its sockets stay open). It asks for a `pong` and leaves for
        // another node, as after a drop, only if that goes unanswered for
        // `STALL` too (a move may wait on the database; a ping does not).
        let watch_stalls = self.config.endpoints.len() > 1;
        loop {
            let mut all_done = true;
            self.waiting = false;
            for p in seats.iter_mut() {
                if !p.done() {
                    all_done = false;
                    self.maybe_act(p).await?;
                }
            }
            if all_done {
                break;
            }
            // Wait for the next message of any seat still playing, or (open
            // loop) for the time of a move that waits for it. At the
            // deadline, games in progress are left unfinished: the
            // measurement covers the duration only.
            let now = Instant::now();
            let retry = seats.iter().filter_map(|p| p.retry_at).filter(|t| *t > now).min();
            let due = [self.next_move.filter(|_| self.waiting), retry]
                .into_iter()
                .flatten()
                .min();
            let stall = seats
                .iter()
                .filter(|p| watch_stalls && !p.done())
                .map(|p| p.heard + STALL)
                .min();
            let (i, event) = tokio::select! {
                r = std::future::poll_fn(|cx| next_of_any(&mut seats, cx)) => r,
                _ = tokio::time::sleep_until(due.unwrap_or(self.deadline)), if due.is_some() => continue,
                _ = tokio::time::sleep_until(stall.unwrap_or(self.deadline)), if stall.is_some() => {
                    for p in seats.iter_mut().filter(|p| !p.done() && p.heard.elapsed() >= STALL) {
                        p.heard = Instant::now();
                        if p.probed {
                            p.probed = false;
                            let ids = p.conn.abandon()?;
                            p.lost(&ids);
                        } else {
                            p.probed = true;
                            p.conn.send(json!({"type": "ping"})).await?;
                        }
                    }
                    continue;
                }
                _ = &mut deadline => { finished = false; break; }
            };
            seats[i].heard = Instant::now();
            seats[i].probed = false;
            match event {
                Ok(Event::Closed) | Err(_) => {
                    self.stats.disconnects.fetch_add(1, Ordering::Relaxed);
                    bail!(crate::out::say("load-closed-in-game"));
                }
                Ok(Event::Reply(reply)) => self.on_reply(&mut seats[i], &reply),
                Ok(Event::Update { version }) => {
                    seats[i].resync = false;
                    self.on_update(&mut seats[i], version);
                }
                Ok(Event::Lost { ids }) => seats[i].lost(&ids),
                Ok(Event::Unknown { .. }) => {}
            }
        }
        if finished {
            self.stats.finished.fetch_add(1, Ordering::Relaxed);
            // Leave the finished room, as a person would: a room nobody
            // watches leaves the server's memory, and a connection may
            // watch only so many rooms (--watch-limit).
            let watch = self.config.endpoints.len() > 1;
            for c in clients.iter_mut() {
                let unwatch = json!({"type": "unwatch", "room": room});
                // Unanswered by a stalled node: it goes again to the next.
                match within(watch, c, async |c| c.request(unwatch).await).await {
                    Err(e) if !is_lost(&e) => return Err(e),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Sends a random legal action if it is this seat's turn and it has not
    /// acted on the current state yet.
    async fn maybe_act(&mut self, p: &mut SeatPlayer<'_>) -> Result<()> {
        if p.pending.is_some()
            || p.resync
            || Instant::now() >= self.deadline
            || p.retry_at.is_some_and(|t| Instant::now() < t)
        {
            return Ok(());
        }
        let Some((version, state)) = &p.conn.state else {
            return Ok(());
        };
        let Some(play) = &state.play else { return Ok(()) };
        if *version <= p.acted_at_version || play.legal.is_empty() || state.status != RoomStatus::Playing {
            return Ok(());
        }
        // Open loop: the move is sent at its time, and its latency counts
        // from then. Until then the game's loop goes on reading, so that
        // the other seat's replies are timed when they come.
        let mut sent = Instant::now();
        if let (Some(next), Some(interval)) = (self.next_move, self.interval) {
            if sent < next {
                self.waiting = true;
                return Ok(());
            }
            sent = next;
            self.next_move = Some(next + interval);
        }
        let action = play.legal.get(self.rng.random_range(0..play.legal.len()));
        self.action.clear();
        self.action.push_str(action);
        let version = *version;
        let id = p.conn.act(&p.room, &self.action, version).await?;
        p.acted_at_version = version;
        p.pending = Some(Pending { id, sent, ack: None });
        Ok(())
    }

    /// A reply: the ack of the pending move, or its refusal.
    fn on_reply(&mut self, p: &mut SeatPlayer<'_>, reply: &ServerMessage) {
        let Some(pending) = &mut p.pending else { return };
        match reply {
            ServerMessage::Ack { id, version, .. } if *id == pending.id => {
                pending.ack = *version;
                p.failures = 0;
                // The update may have come first (it never does today).
                let seen = p.conn.state.as_ref().map_or(0, |(v, _)| *v);
                self.on_update(p, seen);
            }
            ServerMessage::Error {
                id: Some(id), code, ..
            } if *id == pending.id && *code == Code::StorageFailure => {
                // Nothing was stored: decide again on the same state, a
                // little later (the database is away for a while).
                self.stats.retried.fetch_add(1, Ordering::Relaxed);
                p.pending = None;
                p.acted_at_version = 0;
                p.retry_at = Some(Instant::now() + backoff(p.failures));
                p.failures += 1;
            }
            ServerMessage::Error {
                id: Some(id),
                code: Code::MovedOn,
                ..
            } if *id == pending.id => {
                // The room left the version the move was decided on (a
                // copy of it, sent before, may have been played): nothing
                // was done, and no error. Decide again on a newer state.
                p.pending = None;
            }
            ServerMessage::Error {
                id: Some(id), code, ..
            } if *id == pending.id => {
                self.stats.errors.fetch_add(1, Ordering::Relaxed);
                if LIMIT_CODES.contains(code) {
                    self.stats.limited.fetch_add(1, Ordering::Relaxed);
                }
                p.pending = None;
                // Try again on the same state, a little later: a refusal
                // that comes again (a state the seat has not seen change
                // yet) is then not sent in a tight loop.
                p.acted_at_version = 0;
                p.retry_at = Some(Instant::now() + backoff(p.failures));
                p.failures += 1;
            }
            _ => {}
        }
    }

    /// An update: if it includes the pending move, the move's round trip
    /// is over.
    fn on_update(&mut self, p: &mut SeatPlayer<'_>, version: u64) {
        let Some(pending) = &p.pending else { return };
        if pending.ack.is_some_and(|ack| version >= ack) {
            let micros = pending.sent.elapsed().as_micros() as u64;
            if let Ok(mut h) = self.latency.lock() {
                let _ = h.record(micros.max(1));
            }
            self.stats.moves.fetch_add(1, Ordering::Relaxed);
            self.stats.node(p.conn.node(), |c| c.moves += 1);
            p.pending = None;
        }
    }
}

/// `step` on `conn`; with `watch` (other nodes to go to), given up after
/// [`SETUP_PATIENCE`]: the node is stalled, so the connection leaves it and
/// the step fails as lost with it (a room being set up is then set up
/// anew).
async fn within<T>(
    watch: bool,
    conn: &mut Conn,
    step: impl AsyncFnOnce(&mut Conn) -> Result<T>,
) -> Result<T> {
    if !watch {
        return step(conn).await;
    }
    match tokio::time::timeout(SETUP_PATIENCE, step(conn)).await {
        Ok(result) => result,
        Err(_) => {
            conn.abandon()?;
            Err(crate::net::Failed::Unanswered(SETUP_PATIENCE.as_secs()).into())
        }
    }
}

/// Whether `error` is a request's reply lost with its node (see
/// [`crate::net::Failed`]).
fn is_lost(error: &anyhow::Error) -> bool {
    crate::net::Failed::is_lost(error)
}

/// The next event of the first seat still playing that has one (as
/// waiting on each seat's `next` at once, without a future per seat).
fn next_of_any(
    seats: &mut [SeatPlayer<'_>],
    cx: &mut std::task::Context<'_>,
) -> Poll<(usize, Result<Event>)> {
    for (i, p) in seats.iter_mut().enumerate() {
        if !p.done()
            && let Poll::Ready(event) = p.conn.poll_next(cx)
        {
            return Poll::Ready((i, event));
        }
    }
    Poll::Pending
}

#[derive(Debug)]
struct Pending {
    id: lodestone_protocol::RequestId,
    sent: Instant,
    ack: Option<u64>,
}

struct SeatPlayer<'a> {
    conn: &'a mut Conn,
    room: String,
    acted_at_version: u64,
    pending: Option<Pending>,
    /// A move was lost with a dropped socket: wait for the state the next
    /// node sends before deciding again.
    resync: bool,
    /// A move was not stored: decide again from this time on.
    retry_at: Option<Instant>,
    /// Moves not stored in a row (the wait before the next try grows).
    failures: u32,
    /// When this seat last heard from its node (or left a stalled one, or
    /// asked it for a `pong`).
    heard: Instant,
    /// A `ping` went to a quiet node, unanswered so far.
    probed: bool,
}

impl SeatPlayer<'_> {
    /// Requests `ids` were lost with a node: if the pending move is among
    /// them, it may or may not have been played, so decide again on the
    /// state the next node sends.
    fn lost(&mut self, ids: &[lodestone_protocol::RequestId]) {
        if self
            .pending
            .as_ref()
            .is_some_and(|pending| ids.contains(&pending.id))
        {
            self.pending = None;
            self.acted_at_version = 0;
            self.resync = true;
        }
    }

    fn done(&self) -> bool {
        self.pending.is_none()
            && self
                .conn
                .state
                .as_ref()
                .is_some_and(|(_, s)| s.status == RoomStatus::Finished)
    }
}
