//! The app's side of the server's messages: updates of the room shown
//! (and following its rematch when it opens while the room is shown),
//! welcomes, replies matched to their requests, refusals in words, chat
//! lines, `bye` and `moved`.

use std::time::{Duration, Instant};

use lodestone_protocol::{ClientMessage, Code, Guest, RequestId, RoomState, RoomStatus, ServerMessage};

use super::super::room::Applied;
use super::super::target::RoomLink;
use super::super::words::color_word;
use super::{App, Conn, Effect, Pending, Screen, with_id};

/// A move the server could not store (`storage-failure`: its database is
/// away for a moment, and nothing was played): sent again after a wait
/// that doubles from 250 ms up to 4 s, for as long as the room shown
/// still offers it.
#[derive(Debug)]
pub(super) struct StoreAgain {
    room: String,
    action: String,
    /// When to send it again (none: sent, its reply awaited).
    at: Option<Instant>,
    /// How many times in a row it was not stored.
    tries: u32,
}

impl App {
    /// A move refused with `storage-failure`: sent again later.
    fn not_stored(&mut self, action: String) {
        let Some(room) = self.room().map(|r| r.id.clone()) else {
            return;
        };
        let tries = self
            .store_again
            .as_ref()
            .filter(|s| s.room == room && s.action == action)
            .map_or(0, |s| s.tries);
        let wait = Duration::from_millis(250 << tries.min(4));
        let text = self.words.with(
            "notice-not-stored",
            &[
                ("action", action.clone().into()),
                ("ms", (wait.as_millis() as u64).into()),
            ],
        );
        self.say(text);
        self.store_again = Some(StoreAgain {
            room,
            action,
            at: Some(self.now + wait),
            tries: tries + 1,
        });
    }

    /// Sends again a move that was not stored, once its time has come and
    /// if it is still offered (on the clock's tick).
    pub(super) fn send_again_if_due(&mut self, now: Instant) {
        let Some(StoreAgain {
            room,
            action,
            at: Some(at),
            ..
        }) = &self.store_again
        else {
            return;
        };
        if now < *at || !self.live() {
            return;
        }
        let (room, action) = (room.clone(), action.clone());
        if !self
            .room()
            .is_some_and(|r| r.id == room && r.legal().contains(&action))
        {
            self.store_again = None;
            return;
        }
        if let Some(again) = &mut self.store_again {
            again.at = None;
        }
        let (at, before) = self.chosen_at();
        self.request(Pending::Act(action.clone(), before), |rid| ClientMessage::Act {
            id: rid,
            room,
            action,
            at,
        });
    }

    /// The room version a move is chosen at now (none before the room's
    /// first update), and how many moves the room shows.
    pub(super) fn chosen_at(&self) -> (Option<u64>, usize) {
        let Some(room) = self.room() else {
            return (None, 0);
        };
        let moves = room
            .state
            .as_ref()
            .and_then(|s| s.play.as_ref())
            .map_or(0, |p| p.moves.len());
        ((room.version > 0).then_some(room.version), moves)
    }

    /// Whether the room shown has `action` played by our seat among its
    /// moves after the first `before`.
    fn played_since(&self, action: &str, before: usize) -> bool {
        let Some(state) = self.room().and_then(|r| r.state.as_ref()) else {
            return false;
        };
        let moves = state.play.as_ref().map_or(&[][..], |p| &p.moves[..]);
        moves
            .iter()
            .skip(before)
            .any(|m| Some(m.seat) == state.you && m.action.as_deref() == Some(action))
    }

    pub(super) fn server(&mut self, message: ServerMessage, now: Instant) {
        match message {
            ServerMessage::Update { room, version, state } => self.room_update(&room, version, *state, now),
            ServerMessage::Bye { reason, .. } => {
                self.complain(self.words.with("notice-bye", &[("reason", reason.into())]))
            }
            ServerMessage::Moved { room, url } => self.moved(room, url, now),
            ServerMessage::Error {
                id: None,
                code,
                message,
                ..
            } => self.complain(self.refusal(&message, code)),
            ServerMessage::Error {
                id: Some(id),
                code,
                message,
                ..
            } => {
                let pending = self.take_pending(&id);
                self.refused(pending, code, &message);
            }
            ServerMessage::Welcome {
                id,
                guest,
                token,
                rooms,
                ..
            } => {
                self.take_pending(&id);
                self.welcome(guest, token, rooms, now);
            }
            ServerMessage::Ack {
                id,
                room,
                seat,
                invite,
                ..
            } => match self.take_pending(&id) {
                Some(Pending::Create) => {
                    if let Some(room) = room {
                        self.open_room(RoomLink { room, invite });
                        self.say(self.words.get("notice-room-created"));
                    }
                }
                Some(Pending::Join) => self.say(
                    self.words
                        .with("notice-you-sit", &[("seat", self.seat_name(seat).into())]),
                ),
                Some(Pending::AddBot) => self.say(
                    self.words
                        .with("notice-bot-sits", &[("seat", self.seat_name(seat).into())]),
                ),
                Some(Pending::Act(..)) => self.store_again = None,
                // Said only while the old room is shown (the new one may
                // have opened before this answer).
                Some(Pending::Rematch(accept, old)) if self.room().is_some_and(|r| r.id == old) => {
                    self.say(self.words.get(if accept {
                        "notice-rematch-in"
                    } else {
                        "notice-rematch-out"
                    }))
                }
                _ => {}
            },
            ServerMessage::Rooms { id, rooms, .. } => match self.take_pending(&id) {
                Some(Pending::ListOpen) => {
                    self.lists_pending = self.lists_pending.saturating_sub(1);
                    self.lobby.open = rooms;
                }
                Some(Pending::ListPlaying) => {
                    self.lists_pending = self.lists_pending.saturating_sub(1);
                    self.lobby.playing = rooms;
                }
                _ => {}
            },
            // The terminal client asks for no replays, nor webhooks (the
            // web app's notifications); tournaments are
            // `lodestone tournament`'s (it opens one's game here).
            ServerMessage::Turns { id, rooms } => {
                if let Some(Pending::Turns) = self.take_pending(&id) {
                    self.turns_answered(rooms);
                }
            }
            ServerMessage::Pong { id }
            | ServerMessage::Replay { id, .. }
            | ServerMessage::Webhook { id, .. }
            | ServerMessage::Vacation { id, .. }
            | ServerMessage::Tournaments { id, .. }
            | ServerMessage::Tournament { id: Some(id), .. } => {
                self.take_pending(&id);
            }
            ServerMessage::Tournament { id: None, .. } => {}
            ServerMessage::Chat { room, lines } => {
                if let Some(shown) = self.room_mut().filter(|r| r.id == room) {
                    shown.add_chat(lines);
                }
            }
            // Moderation's replies: the terminal client asks for none.
            _ => {}
        }
    }

    fn take_pending(&mut self, id: &RequestId) -> Option<Pending> {
        match id {
            RequestId::Number(n) => {
                self.about_rooms.remove(n);
                self.pending.remove(n)
            }
            RequestId::Text(_) => None,
        }
    }

    fn seat_name(&self, seat: Option<u8>) -> String {
        let state = self.room().and_then(|r| r.state.as_ref());
        let number = |seat: u8| self.words.with("seat-number", &[("seat", seat.into())]);
        match (state, seat) {
            (Some(state), Some(seat)) => state
                .seats
                .get(usize::from(seat))
                .map_or_else(|| number(seat), |s| color_word(&self.words, &s.name)),
            (None, Some(seat)) => number(seat),
            _ => self.words.get("seat-some"),
        }
    }

    /// A refusal of the server: its sentence (in our language when the
    /// server has one, see `hello`'s `lang`) and its code.
    fn refusal(&self, message: &str, code: Code) -> String {
        self.words.with(
            "notice-refused",
            &[
                ("message", message.to_string().into()),
                ("code", code.as_str().into()),
            ],
        )
    }

    /// A refusal of a request about `what` (a move, the chat…).
    fn refused_about(&self, what: String, message: &str, code: Code) -> String {
        self.words.with(
            "notice-refused-about",
            &[
                ("what", what.into()),
                ("message", message.to_string().into()),
                ("code", code.as_str().into()),
            ],
        )
    }

    fn welcome(&mut self, guest: Guest, token: Option<String>, rooms: Vec<String>, now: Instant) {
        self.conn = Conn::Online;
        self.live_again();
        if token.is_some() {
            self.token = token;
        }
        self.name = guest.name.clone();
        self.out.push(Effect::Save {
            name: self.name.clone(),
            token: self.token.clone(),
        });
        self.guest = Some(guest);
        self.my_rooms = rooms;
        self.lobby.turns.soon();
        if let Some(link) = self.first_room.take() {
            self.open_room(link);
            return;
        }
        match &self.screen {
            Screen::Room(_) => self.watch(),
            Screen::Lobby => {
                self.lists_pending = 0;
                self.refresh_lists(now);
            }
        }
        // After a `moved`: what the other node did not carry out.
        for (pending, message) in std::mem::take(&mut self.resend) {
            self.request(pending, |id| with_id(message, id));
        }
    }

    fn refused(&mut self, pending: Option<Pending>, code: Code, message: &str) {
        match pending {
            Some(Pending::Hello) if code == Code::BadToken => {
                // The server does not know this token (a new database):
                // start afresh as a new guest.
                self.token = None;
                self.hello();
                self.say(self.words.get("notice-new-guest"));
            }
            Some(Pending::Hello) => self.complain(
                self.words
                    .with("notice-name-refused", &[("message", message.to_string().into())]),
            ),
            Some(Pending::ListOpen | Pending::ListPlaying) => {
                self.lists_pending = self.lists_pending.saturating_sub(1);
                self.complain(
                    self.words
                        .with("notice-no-list", &[("message", message.to_string().into())]),
                );
            }
            Some(Pending::Watch(room)) => {
                let problem = match code {
                    Code::UnknownRoom => self
                        .words
                        .with("notice-no-such-room", &[("room", room.clone().into())]),
                    Code::InviteRequired => self.words.get("notice-room-private"),
                    _ => self.words.with(
                        "notice-cannot-watch",
                        &[
                            ("message", message.to_string().into()),
                            ("code", code.as_str().into()),
                        ],
                    ),
                };
                if let Some(r) = self.room_mut().filter(|r| r.id == room) {
                    r.problem = Some(problem);
                }
            }
            Some(Pending::Act(action, _)) if code == Code::StorageFailure => self.not_stored(action),
            // Sent again after a lost reply: the first copy was played
            // (the fresh state shows it), or the game moved on without it.
            Some(Pending::Act(action, before)) if code == Code::MovedOn => {
                if !self.played_since(&action, before) {
                    self.complain(self.words.with("notice-moved-on", &[("action", action.into())]));
                }
            }
            Some(Pending::Act(action, _)) => self.complain(self.refused_about(action, message, code)),
            Some(Pending::Chat) => {
                self.complain(self.refused_about(self.words.get("chat-title"), message, code))
            }
            Some(Pending::Rematch(..)) => {
                self.complain(self.refused_about(self.words.get("notice-rematch"), message, code))
            }
            _ => self.complain(self.refusal(message, code)),
        }
    }

    fn room_update(&mut self, id: &str, version: u64, state: RoomState, now: Instant) {
        let bell = self.bell;
        let Some(room) = self.room_mut().filter(|r| r.id == id) else {
            return;
        };
        match room.apply(version, state, now) {
            Applied::Taken { turn } => {
                if turn && bell {
                    self.out.push(Effect::Bell);
                }
            }
            Applied::Gap => self.watch(),
            Applied::Stale => {}
        }
        self.follow_rematch();
    }

    /// Once the rematch of the room shown has opened while it was shown,
    /// goes there (as the browser does); a later visitor stays on the
    /// finished game, which keeps its own address.
    fn follow_rematch(&mut self) {
        let Some(room) = self.room_mut() else { return };
        let rematch = room
            .state
            .as_ref()
            .filter(|s| s.status == RoomStatus::Finished)
            .map(|s| s.rematch.as_ref().and_then(|r| r.room.clone()));
        match rematch {
            Some(None) => room.saw_no_rematch = true,
            Some(Some(_)) if room.saw_no_rematch => {}
            _ => return,
        }
        let Some(room) = self.room() else { return };
        let next = room
            .state
            .as_ref()
            .and_then(|s| s.rematch.as_ref())
            .and_then(|r| r.room.clone())
            .filter(|next| *next != room.id);
        let Some(next) = next else { return };
        let old = room.id.clone();
        if self.conn == Conn::Online {
            self.request(Pending::Other, |rid| ClientMessage::Unwatch {
                id: rid,
                room: old,
            });
        }
        self.open_room(RoomLink {
            room: next,
            invite: None,
        });
        self.say(self.words.get("notice-rematch-begun"));
    }
}
