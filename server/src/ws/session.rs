//! A connection's session: who it is (`hello`), how fast it may send
//! (`RateLimit`), the rooms it watches, and each client message handed to
//! the service that answers it: room requests to the rooms (`rooms.rs`,
//! the room's task), identities to `accounts/`, moderation to
//! `moderation/`, notifications to `notify/`, replays to `replays.rs`,
//! tournaments to `tournament/`. What a service answers ([`Served`]) is
//! written back here.

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::Arc;

use lodestone_protocol::{ClientMessage, Code, RequestId, ServerMessage, codes, error, parse_client_message};

use super::rate::{RateLimit, peek_id};
use crate::app::App;
use crate::cluster;
use crate::moderation::checks::Gate;
use crate::moderation::conn::Moderated;

use crate::accounts::requests as accounts;
use crate::metrics::Refusal;
use crate::moderation::requests as moderation;
use crate::notify::requests as notify;
use crate::reserve::Standing;
use crate::room::{Outbox, Player, RoomRequest, Unsent};
use crate::rooms;
use crate::served::{Reply, Served};

/// Room ids are UUIDs; a longer one names no room and is not looked up.
pub(super) const MAX_ROOM_ID_BYTES: usize = 64;

pub(super) struct Session {
    pub(super) app: Arc<App>,
    /// The client's address, for the per-address quotas.
    pub(super) client: IpAddr,
    pub(super) outbox: Outbox,
    pub(super) guest: Option<Player>,
    /// Rooms this connection watches (only rooms that exist).
    pub(super) watching: HashSet<String>,
    pub(super) rate: RateLimit,
    /// Blocks, settings and bans (`moderation/conn.rs`).
    pub(super) moderated: Moderated,
    /// Its standing (`reserve.rs`): known once it shows an account or a
    /// guest's token from before.
    pub(super) standing: Option<Arc<Standing>>,
    /// The language of its sentences (`lang` in `hello`; `sentences.rs`).
    pub(super) words: lodestone_i18n::Words,
}

impl Session {
    pub(super) fn new(
        app: Arc<App>,
        client: IpAddr,
        outbox: Outbox,
        standing: Option<Arc<Standing>>,
    ) -> Session {
        Session {
            rate: RateLimit::new(app.config.rate_limit),
            moderated: Moderated::new(app.clone(), outbox.conn),
            app,
            client,
            outbox,
            guest: None,
            watching: HashSet::new(),
            standing,
            words: lodestone_i18n::Words::english(),
        }
    }

    /// The client showed a known identity.
    pub(super) fn known(&self) {
        if let Some(standing) = &self.standing {
            standing.known();
        }
    }

    pub(super) fn reply(&self, message: ServerMessage) {
        self.outbox.send_message(&message);
    }

    pub(super) fn fail(&self, id: RequestId, code: Code, message: impl Into<String>) {
        self.reply(error(Some(id), code, message));
    }

    /// Notes which rooms this connection watches, for the pushes it makes
    /// unnecessary.
    fn note_watching(&self, guest: &str) {
        (self.app.notify.looking).watching(self.outbox.conn, guest, &self.watching);
    }

    /// Writes a service's answer back and applies what it changes.
    fn serve(&mut self, served: Served) {
        match served.reply {
            Reply::Message(message) => self.reply(message),
            Reply::Text(text) => {
                self.outbox.send(text);
            }
        }
        self.learn(served.change);
    }

    pub(super) async fn on_text(&mut self, text: &str) {
        // Counted before anything is read: a malformed message costs a
        // token like any other.
        if !self.rate.allow() {
            self.app.metrics.refused(Refusal::MessageRate);
            return self.reply(error(
                peek_id(text),
                codes::RATE_LIMITED,
                format!("more than {} messages a second: slow down", self.rate.rate),
            ));
        }
        let message = match parse_client_message(text) {
            Ok(m) => m,
            Err(reply) => return self.reply(reply),
        };
        if !self.before(&message).await {
            return;
        }
        self.handle(message).await;
        // Once it is a guest, its blocks and settings are loaded.
        if let Some(player) = self.guest.clone() {
            self.moderated.load(player, self.client, &self.outbox).await;
        }
    }

    /// The moderation checks before `message` is handled
    /// (`moderation/conn.rs`); false when it was refused here (a ban also
    /// closes the connection).
    async fn before(&mut self, message: &ClientMessage) -> bool {
        if self.moderated.kicked().is_some() {
            return false;
        }
        if let (Some(name), Some(guest)) = (self.moderated.renamed(), self.guest.as_mut()) {
            guest.name = name;
        }
        let gate = Gate {
            app: &self.app,
            client: self.client,
        };
        let guest = self.guest.as_ref().map(|g| g.id.as_str());
        let id = message.id().clone();
        match self.moderated.check(&gate, guest, message).await {
            Ok(()) => return true,
            Err((code, sentence)) if code == codes::BANNED => {
                self.moderated.kick(&self.outbox, Some(id), &sentence)
            }
            Err((code, sentence)) => self.fail(id, code, sentence),
        }
        false
    }

    pub(super) async fn handle(&mut self, message: ClientMessage) {
        match message {
            ClientMessage::Hello {
                id,
                protocol,
                name,
                token,
                lang,
            } => {
                if let Some(lang) = lang {
                    self.words = lodestone_i18n::Words::for_tag(&lang);
                }
                let answer = accounts::hello(&self.app, self.client, id, protocol, name, token).await;
                self.identify(answer, false).await
            }
            ClientMessage::Ping { id } => self.reply(ServerMessage::Pong { id }),
            ClientMessage::Login { id, name, password } => {
                let answer = accounts::login(&self.app, self.client, id, name, password).await;
                self.identify(answer, true).await
            }
            other => {
                let Some(player) = self.guest.clone() else {
                    return self.fail(
                        other.id().clone(),
                        codes::NOT_IDENTIFIED,
                        "say hello first (with a name, or the token of an earlier visit)",
                    );
                };
                self.identified(player, other).await;
            }
        }
    }

    pub(super) async fn identified(&mut self, player: Player, message: ClientMessage) {
        let (id, room, request) = match message {
            message @ (ClientMessage::CreateTournament { .. }
            | ClientMessage::ListTournaments { .. }
            | ClientMessage::WatchTournament { .. }
            | ClientMessage::UnwatchTournament { .. }
            | ClientMessage::JoinTournament { .. }
            | ClientMessage::WithdrawTournament { .. }
            | ClientMessage::StartTournament { .. }
            | ClientMessage::RemoveFromTournament { .. }
            | ClientMessage::AddTournamentBot { .. }) => {
                let reply =
                    crate::tournament::serve::request(&self.app, &player, &self.outbox, message, &self.words)
                        .await;
                return self.reply(reply);
            }
            ClientMessage::ListRooms { id, game, playing } => {
                let page = self.app.config.limits.lobby_page;
                return match cluster::list_rooms(&self.app, game.as_deref(), playing, page).await {
                    Ok(page) => self.reply(ServerMessage::Rooms {
                        id,
                        rooms: page.rooms,
                        total: u32::try_from(page.total).unwrap_or(u32::MAX),
                    }),
                    Err(e) => {
                        tracing::error!(error = %e, "room list failed");
                        self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not read the room list; try again",
                        )
                    }
                };
            }
            ClientMessage::CreateRoom {
                id,
                game,
                options,
                public,
            } => {
                let created = rooms::create(&self.app, &player, self.client, &game, &options, public).await;
                return match created {
                    Ok((room, invite)) => self.reply(ServerMessage::Ack {
                        id,
                        room: Some(room),
                        seat: None,
                        invite,
                        version: None,
                    }),
                    Err(refusal) => self.fail(id, refusal.code, refusal.message),
                };
            }
            ClientMessage::Join {
                id,
                room,
                seat,
                invite,
            } => (id, room, RoomRequest::Join { seat, invite }),
            ClientMessage::Leave { id, room } => (id, room, RoomRequest::Leave),
            ClientMessage::Start { id, room } => (id, room, RoomRequest::Start),
            ClientMessage::Watch { id, room, invite } => (id, room, RoomRequest::Watch { invite }),
            ClientMessage::Unwatch { id, room } => (id, room, RoomRequest::Unwatch),
            ClientMessage::Act { id, room, action, at } => (id, room, RoomRequest::Act { action, at }),
            ClientMessage::AddBot {
                id,
                room,
                seat,
                level,
                replace_me,
                ..
            } => {
                let bot = rooms::BotWanted {
                    seat,
                    level,
                    replace_me,
                };
                return self.reply(rooms::add_bot(&self.app, player, id, room, bot, &self.words).await);
            }
            ClientMessage::RemoveBot { id, room, seat } => (id, room, RoomRequest::RemoveBot { seat }),
            ClientMessage::Kick { id, room, seat } => (id, room, RoomRequest::Kick { seat }),
            ClientMessage::CloseRoom { id, room } => (id, room, RoomRequest::CloseRoom),
            ClientMessage::Resign { id, room, at } => (id, room, RoomRequest::Resign { at }),
            ClientMessage::OfferDraw { id, room, at } => (id, room, RoomRequest::OfferDraw { at }),
            ClientMessage::Berserk { id, room, at } => (id, room, RoomRequest::Berserk { at }),
            ClientMessage::AnswerDraw { id, room, accept, at } => {
                (id, room, RoomRequest::AnswerDraw { accept, at })
            }
            ClientMessage::Abort { id, room, at } => (id, room, RoomRequest::Abort { at }),
            ClientMessage::Claim { id, room, at } => (id, room, RoomRequest::Claim { at }),
            ClientMessage::Replay {
                id,
                room,
                ply,
                invite,
            } => {
                let answer = crate::replays::request(&self.app, id, &player.id, room, ply, invite.as_deref());
                return self.reply(answer.await);
            }
            ClientMessage::Rematch { id, room, accept } => (id, room, RoomRequest::Rematch { accept }),
            ClientMessage::Chat { id, room, text, to } => {
                // Checked before the room is asked: a person's lines per
                // minute, in all rooms.
                if !self.app.admission.chat(&player.id) {
                    self.app.metrics.refused(Refusal::ChatRate);
                    return self.fail(
                        id,
                        codes::CHAT_RATE_LIMITED,
                        format!(
                            "more than {} chat lines a minute: wait a little",
                            self.app.config.limits.chat_rate
                        ),
                    );
                }
                (id, room, RoomRequest::Chat { to, text })
            }
            ClientMessage::SetChat { id, room, on } => (id, room, RoomRequest::SetChat { on }),
            ClientMessage::Register { id, name, password } => {
                let served = accounts::register(&self.app, &player, id, name, password).await;
                return self.serve(served);
            }
            message @ (ClientMessage::PushSubscribe { .. }
            | ClientMessage::PushUnsubscribe { .. }
            | ClientMessage::Visibility { .. }
            | ClientMessage::SetWebhook { .. }
            | ClientMessage::DeleteWebhook { .. }
            | ClientMessage::MyTurns { .. }
            | ClientMessage::TakeVacation { .. }
            | ClientMessage::EndVacation { .. }
            | ClientMessage::MyVacation { .. }) => {
                let asker = notify::Asker {
                    player: &player,
                    conn: self.outbox.conn,
                    watching: &self.watching,
                    lang: &self.words.lang(),
                };
                return self.reply(notify::request(&self.app, asker, message).await);
            }
            ClientMessage::Hello { .. } | ClientMessage::Ping { .. } | ClientMessage::Login { .. } => {
                unreachable!("answered before")
            }
            other => {
                let asker = moderation::Asker {
                    app: &self.app,
                    player: &player,
                    client: self.client,
                };
                let served = moderation::request(asker, other).await;
                return self.serve(served);
            }
        };
        let watches = matches!(request, RoomRequest::Join { .. } | RoomRequest::Watch { .. });
        let limit = self.app.config.limits.watch_per_connection;
        if watches && limit > 0 && self.watching.len() >= limit && !self.watching.contains(&room) {
            self.app.metrics.refused(Refusal::WatchLimit);
            return self.fail(
                id,
                codes::TOO_MANY_WATCHED,
                format!("this connection watches {limit} rooms, as many as it may: unwatch one first"),
            );
        }
        if room.len() > MAX_ROOM_ID_BYTES {
            return self.fail(id, codes::UNKNOWN_ROOM, "there is no room with so long an id");
        }
        // A finished room leaves memory at once, watched or not: a
        // connection that watched it unwatches it without loading it again.
        if matches!(request, RoomRequest::Unwatch)
            && self.watching.contains(&room)
            && self.app.lobby.get(&room).is_none()
        {
            self.watching.remove(&room);
            self.note_watching(&player.id);
            return self.reply(ServerMessage::Ack {
                id,
                room: Some(room),
                seat: None,
                invite: None,
                version: None,
            });
        }
        // A room evicted between the look-up and the send is loaded again.
        let guest = player.id.clone();
        let unsent = Unsent {
            player,
            outbox: self.outbox.clone(),
            id,
            request,
        };
        let unwatches = matches!(unsent.request, RoomRequest::Unwatch);
        if let Err((id, why)) = rooms::request(&self.app, &room, unsent).await {
            return self.reply(why.reply(id, &room));
        }
        // Only a room that exists is remembered.
        if watches {
            self.watching.insert(room);
        } else if unwatches {
            self.watching.remove(&room);
        }
        if watches || unwatches {
            self.note_watching(&guest);
        }
    }
}
