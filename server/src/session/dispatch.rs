//! Each message of a connection handed to the service that answers it:
//! the moderation checks first (`moderation/conn.rs`), then the message
//! read into its [`Command`] and the command to its service; what a
//! service answers ([`Served`]) is written back and what it changes
//! applied (`hello.rs`).

use lodestone_protocol::{ClientMessage, RequestId, ServerMessage, codes, parse_client_message, peek_id};

use super::command::{Command, GuestCommand};
use super::state::Session;
use crate::accounts::requests as accounts;
use crate::cluster;
use crate::metrics::Refusal;
use crate::moderation::checks::Gate;
use crate::moderation::requests as moderation;
use crate::notify::requests as notify;
use crate::room::Player;
use crate::rooms;
use crate::served::{Reply, Served};

impl Session {
    /// Writes a service's answer back and applies what it changes.
    pub(super) fn serve(&mut self, served: Served) {
        match served.reply {
            Reply::Message(message) => self.reply(message),
            Reply::Text(text) => {
                self.outbox.send(text);
            }
        }
        self.learn(served.change);
    }

    /// A text frame read into a message (the rate checked first: a
    /// malformed message costs a token like any other), or the reply that
    /// refuses it.
    pub fn read(&mut self, text: &str) -> Result<ClientMessage, Box<ServerMessage>> {
        if !self.rate.allow() {
            self.app.metrics.refused(Refusal::MessageRate);
            let refused = crate::served::message_rate(self.rate.rate as u64);
            return Err(Box::new(refused.into_error(peek_id(text))));
        }
        parse_client_message(text).map_err(Box::new)
    }

    /// Handles one message the client sent (read and allowed by `read`).
    pub async fn on_message(&mut self, message: ClientMessage) {
        if !self.before(&message).await {
            return;
        }
        let id = message.id().clone();
        self.handle(id, Command::from(message)).await;
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
        // A hello's refusal (a ban) in the language it says; whether the
        // client reads risks goes with the outbox to the rooms it watches.
        if let ClientMessage::Hello { lang, risks, .. } = message {
            if let Some(lang) = lang {
                self.words = lodestone_i18n::Words::for_tag(lang);
            }
            self.outbox.risks = *risks != Some(false);
        }
        let guest = self.guest.as_ref().map(|g| g.id.as_str());
        let id = message.id().clone();
        match self.moderated.check(&gate, guest, message).await {
            Ok(()) => return true,
            Err(ban) if ban.code == codes::BANNED => self.moderated.kick(&self.outbox, Some(id), &ban),
            Err(refusal) => self.reply(refusal.into_error(Some(id))),
        }
        false
    }

    /// Hands `command` (request `id`) to the service that answers it;
    /// all but `hello`, `login` and `ping` need a guest.
    async fn handle(&mut self, id: RequestId, command: Command) {
        match command {
            Command::Hello {
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
            Command::Ping(id) => self.reply(ServerMessage::Pong { id }),
            Command::Login { id, name, password } => {
                let answer = accounts::login(&self.app, self.client, id, name, password).await;
                self.identify(answer, true).await
            }
            Command::Guest(command) => match self.guest.clone() {
                Some(player) => self.identified(player, command).await,
                None => {
                    let hello = "say hello first (with a name, or the token of an earlier visit)";
                    self.fail(id, codes::NOT_IDENTIFIED, hello)
                }
            },
        }
    }

    /// Hands `command` of guest `player` to the service that answers it
    /// and writes back the answer.
    async fn identified(&mut self, player: Player, command: GuestCommand) {
        let (app, words) = (&self.app, &self.words);
        match command {
            GuestCommand::Register { id, name, password } => {
                let served = accounts::register(app, &player, id, name, password).await;
                self.serve(served)
            }
            GuestCommand::ListRooms { id, game, playing } => {
                let page = app.config.limits.lobby_page;
                match cluster::list_rooms(app, game.as_deref(), playing, page).await {
                    Ok(page) => self.reply(ServerMessage::Rooms {
                        id,
                        rooms: page.rooms,
                        total: u32::try_from(page.total).unwrap_or(u32::MAX),
                    }),
                    Err(e) => {
                        tracing::error!(error = %e, "room list failed");
                        let sentence = "the server could not read the room list; try again";
                        self.fail(id, codes::STORAGE, sentence)
                    }
                }
            }
            GuestCommand::CreateRoom {
                id,
                game,
                options,
                public,
            } => match rooms::create(app, &player, self.client, &game, &options, public).await {
                Ok((room, invite)) => self.reply(ServerMessage::Ack {
                    id,
                    room: Some(room),
                    seat: None,
                    invite,
                    version: None,
                }),
                Err(refusal) => self.reply(refusal.into_error(Some(id))),
            },
            GuestCommand::AddBot { id, room, bot } => {
                self.reply(rooms::add_bot(app, player, id, room, bot, words).await)
            }
            GuestCommand::Replay {
                id,
                room,
                ply,
                invite,
            } => {
                let answer = crate::replays::request(app, id, &player.id, room, ply, invite.as_deref());
                self.reply(answer.await)
            }
            GuestCommand::Room { id, room, request } => self.in_room(player, id, room, request).await,
            GuestCommand::Tournament(message) => {
                let reply = crate::tournament::serve::request(app, &player, &self.outbox, message, words);
                self.reply(reply.await)
            }
            GuestCommand::Notify(message) => {
                let asker = notify::Asker {
                    player: &player,
                    conn: self.outbox.conn,
                    watching: &self.watching,
                    lang: &words.lang(),
                };
                self.reply(notify::request(app, asker, message).await)
            }
            GuestCommand::Moderation(message) => {
                let asker = moderation::Asker {
                    app,
                    player: &player,
                    client: self.client,
                };
                let served = moderation::request(asker, message).await;
                self.serve(served)
            }
        }
    }
}
