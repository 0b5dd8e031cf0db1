//! What a room is asked ([`Command`]) and the one typed answer it gives
//! ([`Outcome`]): the events to commit, the reply, who gets the room's
//! state again, chat lines with their readers, stand-ins to start or
//! stop, a game that ended, a rematch to open, whether the lobby's line
//! changed. The core decides all of it without I/O; a runtime (the room
//! task today) commits the events and then only delivers: it never looks
//! into a request again.

use lodestone_protocol::{ChatLine, RequestId, RoomStatus, ServerMessage, codes};
use lodestone_rules::Seat;

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::handle::{RoomRequest, StandInChange};
use super::refusal::Refusal;
use super::results::{GameEnded, Seated};
use super::seating::Player;
use super::watchers::ConnId;

/// The server's settings a room's commands depend on.
#[derive(Clone, Copy, Debug, Default)]
pub struct Policy {
    /// An open room nobody starts within this many milliseconds expires.
    pub expire_open_after: Option<u64>,
    /// A seated player away this many milliseconds is absent.
    pub absent_grace: u64,
    /// A game whose people are all absent this long is abandoned.
    pub abandon_after: u64,
    /// How long after the end a rematch may be had.
    pub after_game: u64,
}

/// What a room is asked to do.
#[derive(Debug)]
pub enum Command<'a> {
    /// A connection's request. `accounts`: which seated guests are
    /// accounts and bot accounts, looked up for the start of a rated game.
    Request {
        player: &'a Player,
        conn: ConnId,
        request: &'a RoomRequest,
        accounts: Option<&'a Seated>,
    },
    /// A connection closed.
    Disconnect { conn: ConnId },
    /// A guest seated here took a new name.
    Renamed { guest: &'a str, name: &'a str },
    /// The room's deadlines at this time: an open room's expiry, a turn
    /// timer or clock, absent seats.
    Timer,
    /// Who is connected now: an absent seat may be back.
    Presence,
}

/// The answer to a request.
#[derive(Debug, Default)]
pub enum Reply {
    #[default]
    None,
    /// Done: the seat the requester holds or watches from, and whether
    /// the acknowledgement carries the room's version.
    Ack {
        seat: Option<u8>,
        version: Option<u64>,
    },
    Refused(Refusal),
}

impl Reply {
    /// The acknowledgement of request `id` in room `room`, if the request
    /// was done.
    pub fn ack(self, id: RequestId, room: String) -> Option<ServerMessage> {
        match self {
            Reply::Ack { seat, version } => Some(ServerMessage::Ack {
                id,
                room: Some(room),
                seat,
                invite: None,
                version,
            }),
            Reply::None | Reply::Refused(_) => None,
        }
    }
}

/// Who gets the room's state once the events are committed.
#[derive(Debug, Default, PartialEq, Eq)]
pub enum Update {
    #[default]
    None,
    /// Every watcher (the requester first, right after its reply).
    Everyone,
    /// Only the requester, watching from this seat (or as a spectator).
    Requester(Option<Seat>),
}

/// Everything a command causes.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The events to commit, in order. Nobody hears of them before.
    pub events: Vec<Recorded>,
    pub reply: Reply,
    pub update: Update,
    /// Audiences whose next update carries the whole log (a new watcher).
    pub forget: Vec<Option<Seat>>,
    /// The requester's connection watches the room now.
    pub watching: bool,
    /// Connections to send nothing more (unwatched, gone).
    pub removed: Vec<ConnId>,
    /// Connections to close (a bot taken away: its driver stops).
    pub closed: Vec<ConnId>,
    /// Chat lines, each batch with the connections that may read it;
    /// sent after the update.
    pub chat: Vec<(Vec<ConnId>, Vec<ChatLine>)>,
    pub stand_ins: Vec<StandInChange>,
    /// A game that ended, for the results worker (and, through the
    /// committed `events`, for anything else that follows stored events).
    pub ended: Option<GameEnded>,
    /// Every seat accepted the rematch: its room is to open.
    pub rematch: bool,
    /// The room's line in the lobby changed.
    pub lobby: bool,
    /// Moves played (`lodestone_moves_total`).
    pub moves: u64,
}

impl Outcome {
    /// A request refused: nothing changed.
    pub fn refused(refusal: Refusal) -> Outcome {
        Outcome {
            reply: Reply::Refused(refusal),
            ..Outcome::default()
        }
    }

    /// Whether there is nothing to store or send.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
            && matches!(self.reply, Reply::None)
            && self.update == Update::None
            && self.removed.is_empty()
            && self.closed.is_empty()
    }
}

impl RoomCore {
    /// Decides `command` at `now`: the room evolves with the events it
    /// decides; the caller commits them before it delivers the rest.
    pub fn handle(&mut self, command: Command<'_>, now: u64, policy: &Policy) -> Outcome {
        match command {
            Command::Request {
                player,
                conn,
                request,
                accounts,
            } => self.request(player, conn, request, accounts, now, policy),
            Command::Disconnect { conn } => {
                let changed = self.unwatch(conn);
                Outcome {
                    removed: vec![conn],
                    update: if changed { Update::Everyone } else { Update::None },
                    ..Outcome::default()
                }
            }
            Command::Renamed { guest, name } => {
                let events = self.rename(guest, name, now);
                self.changes(events)
            }
            Command::Timer => self.timer(now, policy),
            Command::Presence => {
                let events = self.note_presence(now);
                self.presence_changes(events)
            }
        }
    }

    /// A change everyone sees: the new state to every watcher, the lobby's
    /// line, the end of the game.
    fn changes(&self, events: Vec<Recorded>) -> Outcome {
        if events.is_empty() {
            return Outcome::default();
        }
        Outcome {
            update: Update::Everyone,
            lobby: true,
            chat: self.chat_after_end(&events),
            ended: self.ended(&events),
            events,
            ..Outcome::default()
        }
    }

    /// [`RoomCore::changes`] of seats that became absent or returned: a
    /// bot stands in for each absent person (policy `bot`) and hands the
    /// seat back when the person returns.
    fn presence_changes(&self, events: Vec<Recorded>) -> Outcome {
        let standing = self.stand_in_for();
        let mut stand_ins = Vec::new();
        for recorded in &events {
            match &recorded.event {
                RoomEvent::Absent { seat } => stand_ins.extend(
                    standing
                        .iter()
                        .find(|p| self.seat_of(&p.id) == Some(*seat))
                        .map(|p| StandInChange::Start(p.clone())),
                ),
                RoomEvent::Returned { seat } => {
                    stand_ins.extend(self.player_at(*seat).map(|p| StandInChange::Stop(p.id)));
                }
                _ => {}
            }
        }
        Outcome {
            stand_ins,
            ..self.changes(events)
        }
    }

    fn timer(&mut self, now: u64, policy: &Policy) -> Outcome {
        if let Some(events) = self.expire(now, policy.expire_open_after) {
            // The run loop closes the room; its watchers learn it at their
            // next request.
            return Outcome {
                events,
                ..Outcome::default()
            };
        }
        if let Some(events) = self.fire_timer(now) {
            return Outcome {
                moves: 1,
                ..self.changes(events)
            };
        }
        let absent = self.mark_absent(now, policy.absent_grace, policy.abandon_after);
        self.presence_changes(absent)
    }

    fn request(
        &mut self,
        player: &Player,
        conn: ConnId,
        request: &RoomRequest,
        accounts: Option<&Seated>,
        now: u64,
        policy: &Policy,
    ) -> Outcome {
        let (version, status, connected) = (self.version(), self.status(), self.connected_seats());
        let mut out = Outcome::default();
        if let Some(refusal) = request.at().and_then(|at| self.moved_on(at)) {
            out.reply = Reply::Refused(refusal);
            return out;
        }
        // The events, the seat to acknowledge, and whether the
        // acknowledgement carries the version.
        let decided = match request {
            RoomRequest::Join { seat, invite } => self
                .join(conn, player, seat.as_ref(), invite.as_deref(), now)
                .map(|(seat, events)| {
                    // The new watcher has none of the log yet.
                    out.forget.push(Some(seat));
                    (events, Some(seat.0), false)
                }),
            RoomRequest::Leave => self.leave(player, now).map(|events| {
                // The leaver's connections now watch as spectators.
                out.forget.push(None);
                (events, None, false)
            }),
            RoomRequest::Start => match accounts.and_then(|a| self.rated_refusal(a)) {
                Some(refusal) => Err(refusal),
                None => self.start(player, now).map(|events| (events, None, false)),
            },
            RoomRequest::Watch { invite } => self.watch(conn, player, invite.as_deref()).map(|seat| {
                out.forget.push(seat);
                (Vec::new(), seat.map(|s| s.0), false)
            }),
            RoomRequest::StandIn => self.watch_stand_in(conn, player).map(|seat| {
                out.forget.push(seat);
                (Vec::new(), seat.map(|s| s.0), false)
            }),
            RoomRequest::Unwatch => {
                // A finished room forgets its watchers when it leaves
                // memory: unwatching it is always fine.
                if self.is_watching(conn) || status == RoomStatus::Finished {
                    self.unwatch(conn);
                    out.removed.push(conn);
                    Ok((Vec::new(), None, false))
                } else {
                    Err(Refusal::new(
                        codes::NOT_WATCHING,
                        "this connection is not watching the room",
                    ))
                }
            }
            RoomRequest::Act { action, .. } => self.act(player, action, now).map(|events| {
                out.moves = 1;
                (events, None, true)
            }),
            RoomRequest::AddBot {
                bot,
                seat,
                replace_me,
            } => self
                .add_bot(conn, player, bot, seat.as_ref(), *replace_me, now)
                .map(|(seat, events)| {
                    // The bot has none of the log yet; a player who handed
                    // its seat over watches as a spectator now.
                    out.forget.extend([Some(seat), None]);
                    (events, Some(seat.0), false)
                }),
            RoomRequest::RemoveBot { seat } => self.remove_bot(player, seat, now).map(|(bot, events)| {
                self.stop_watching(&bot, &mut out);
                (events, None, false)
            }),
            RoomRequest::Kick { seat } => self.kick(player, seat, now).map(|(holder, events)| {
                if holder.bot {
                    self.stop_watching(&holder.id, &mut out);
                }
                // A kicked person's connections watch as spectators.
                out.forget.push(None);
                (events, None, false)
            }),
            RoomRequest::CloseRoom => self.close(player, now).map(|events| (events, None, false)),
            RoomRequest::CloseByModerator => self.close_by_moderator(now).map(|e| (e, None, true)),
            RoomRequest::Resign { .. } => self.resign(player, now).map(|e| (e, None, true)),
            RoomRequest::OfferDraw { .. } => self.offer_draw(player, now).map(|e| (e, None, true)),
            RoomRequest::Berserk { .. } => self.berserk(player, now).map(|e| (e, None, true)),
            RoomRequest::AnswerDraw { accept, .. } => {
                self.answer_draw(player, *accept, now).map(|e| (e, None, true))
            }
            RoomRequest::Abort { .. } => self.abort(player, now).map(|e| (e, None, true)),
            RoomRequest::Claim { .. } => self.claim(player, now).map(|e| (e, None, true)),
            RoomRequest::Rematch { accept } => self
                .rematch(player, *accept, now, policy.after_game)
                .map(|e| (e, None, true)),
            RoomRequest::Chat { to, text } => self
                .chat(conn, player, *to, text, now)
                .map(|said| (vec![said], None, true)),
            RoomRequest::SetChat { on } => self.set_chat(player, *on, now).map(|e| (e, None, true)),
        };
        let (events, seat, with_version) = match decided {
            Ok(decided) => decided,
            Err(refusal) => {
                out.reply = Reply::Refused(refusal);
                return out;
            }
        };
        out.reply = Reply::Ack {
            seat,
            version: with_version.then_some(self.version()),
        };
        out.watching = self.is_watching(conn);
        if matches!(request, RoomRequest::Chat { .. }) {
            // A line goes to those who may read it, and changes nothing
            // else: no update.
            out.chat = self.chat_readers(&events);
            out.events = events;
            return out;
        }
        let newly = matches!(request, RoomRequest::Join { .. } | RoomRequest::Watch { .. });
        if self.version() != version {
            out.update = Update::Everyone;
            // An action changes nothing of the lobby's line (the game's
            // options, the seats, their players) but the status at the end.
            out.lobby = !matches!(request, RoomRequest::Act { .. }) || self.status() != status;
        } else if self.connected_seats() != connected {
            // Only who is connected changed: the same version again.
            out.update = Update::Everyone;
        } else if out.watching && (newly || matches!(request, RoomRequest::StandIn)) {
            // Nothing changed for the others; the new watcher still needs
            // the current state.
            out.update = Update::Requester(self.watchers().seat_of_conn(conn));
        }
        if out.watching && newly {
            // A new watcher (or a new seat) reads the chat it may.
            let lines = self.chat_for(self.watchers().seat_of_conn(conn), u64::MAX);
            if !lines.is_empty() {
                out.chat.push((vec![conn], lines));
            }
        }
        out.chat.extend(self.chat_after_end(&events));
        out.rematch = matches!(request, RoomRequest::Rematch { .. }) && self.rematch_ready();
        out.ended = self.ended(&events);
        out.events = events;
        out
    }

    /// When the room's task is next to wake up at the latest: a turn
    /// timer or clock, an open room's expiry, an absence, the end of the
    /// time after the game.
    pub fn wake_at(&self, policy: &Policy) -> Option<u64> {
        self.deadline()
            .into_iter()
            .chain(self.expires_at(policy.expire_open_after))
            .chain(self.absence_deadline(policy.absent_grace, policy.abandon_after))
            .chain(self.lounge_end(policy.after_game))
            .min()
    }

    /// The room's next deadline stored with its events, for the other
    /// nodes' sweepers: a clock, a Magma turn, an open room's expiry.
    pub fn stored_deadline(&self, policy: &Policy) -> Option<u64> {
        self.deadline()
            .into_iter()
            .chain(self.expires_at(policy.expire_open_after))
            .min()
    }

    /// Whether the room leaves memory at `now`: its game is over (and the
    /// time after it has passed, or no person watches), or it is gone for
    /// good. However long its watchers stay: they have the final state,
    /// unwatching needs no room, and a record or a new watcher loads it
    /// again from its log.
    pub fn leaves_memory(&self, now: u64, policy: &Policy) -> bool {
        let lingers =
            self.people_watching() && self.lounge_end(policy.after_game).is_some_and(|end| end > now);
        (self.status() == RoomStatus::Finished || self.is_gone()) && !lingers
    }

    /// Whether starting this rated game needs to know which seated guests
    /// are accounts (asked only of a seated player).
    pub fn needs_accounts(&self, player: &Player) -> bool {
        self.is_rated() && self.seat_of(&player.id).is_some()
    }

    /// Stops the connections watching as `guest` (a bot taken away).
    fn stop_watching(&mut self, guest: &str, out: &mut Outcome) {
        for conn in self.conns_of(guest) {
            self.unwatch(conn);
            out.closed.push(conn);
        }
    }

    /// The chat lines among `events`, each to the watchers that may read
    /// it.
    fn chat_readers(&self, events: &[Recorded]) -> Vec<(Vec<ConnId>, Vec<ChatLine>)> {
        let mut out = Vec::new();
        for recorded in events {
            for (viewer, conns) in self.audiences() {
                if let Some(line) = self.chat_line_for(recorded.seq, viewer) {
                    out.push((conns, vec![line]));
                }
            }
        }
        out
    }

    /// When `events` end the game, the seated players may read the
    /// spectators' chat: each seated watcher gets the lines it may read.
    fn chat_after_end(&self, events: &[Recorded]) -> Vec<(Vec<ConnId>, Vec<ChatLine>)> {
        let ended = events
            .iter()
            .any(|r| matches!(r.event, RoomEvent::Finished { .. }));
        if !ended || self.spectators_lines() == 0 {
            return Vec::new();
        }
        self.audiences()
            .into_iter()
            .filter(|(viewer, _)| viewer.is_some())
            .map(|(viewer, conns)| (conns, self.chat_for(viewer, u64::MAX)))
            .collect()
    }

    /// The game that `events` end, for the results worker (which records
    /// it and rates it once; its result was noted as due with the
    /// `started` event).
    fn ended(&self, events: &[Recorded]) -> Option<GameEnded> {
        let end = events.iter().find(|r| {
            matches!(
                r.event,
                RoomEvent::Finished { .. }
                    | RoomEvent::Aborted { .. }
                    | RoomEvent::Abandoned
                    | RoomEvent::Closed
            )
        })?;
        Some(GameEnded {
            room_id: self.id().to_string(),
            finished: self.finished(),
            at: end.at,
            rated: self.is_rated(),
        })
    }
}
