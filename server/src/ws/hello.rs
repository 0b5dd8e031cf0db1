//! A connection says who it is (`hello`): a guest's token from before
//! (a new name renames it, in its rooms too), or a name for a new guest
//! (counted against its address's guests per hour); a bot account's
//! token shows a bot. Answered with `welcome` and the guest's rooms.

use lodestone_protocol::{Guest, PROTOCOL_VERSION, RequestId, ServerMessage, codes};

use super::session::Session;
use crate::cluster;
use crate::metrics::Refusal;
use crate::room::Player;
use crate::secrets::Token;

impl Session {
    pub(super) async fn hello(
        &mut self,
        id: RequestId,
        protocol: u32,
        name: Option<String>,
        token: Option<String>,
    ) {
        if protocol != PROTOCOL_VERSION {
            return self.fail(
                id,
                codes::UNSUPPORTED_PROTOCOL,
                format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}"),
            );
        }
        let name = match name.as_deref().map(crate::names::valid_name).transpose() {
            Ok(name) => name,
            Err(e) => return self.fail(id, codes::BAD_NAME, e),
        };
        let (guest, new_token) = match (token, name) {
            (Some(token), name) => {
                let Some(found) = self.stored(
                    &id,
                    self.app.store.guest_by_token(&Token::sent(token)).await,
                    "guest lookup failed",
                    "the server could not look up the token; try again",
                ) else {
                    return;
                };
                let Some(mut guest) = found else {
                    return self.fail(id, codes::BAD_TOKEN, "this token belongs to no guest");
                };
                self.known();
                if let Some(name) = name.filter(|n| *n != guest.name) {
                    if self.app.store.rename_guest(&guest.id, &name).await.is_err() {
                        return self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not store the new name; try again",
                        );
                    }
                    guest.name = name.clone();
                    // The seats it holds take the new name.
                    for room in cluster::rooms_of(&self.app, &guest.id).await {
                        if let Some(handle) = self.app.lobby.get(&room) {
                            handle.renamed(guest.id.clone(), name.clone()).await;
                        }
                    }
                }
                (guest, None)
            }
            (None, Some(name)) => {
                if !self.app.admission.new_guest(self.client) {
                    self.app.metrics.refused(Refusal::GuestsPerHour);
                    return self.fail(
                        id,
                        codes::TOO_MANY_GUESTS,
                        format!(
                            "this address has made {} new guests in the last hour; come back with your token",
                            self.app.config.limits.guests_per_hour
                        ),
                    );
                }
                match self.app.store.new_guest(name, self.app.clock.now_ms()).await {
                    Ok((guest, token)) => (guest, Some(token.reveal())),
                    Err(_) => {
                        return self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not store the new guest; try again",
                        );
                    }
                }
            }
            (None, None) => return self.fail(id, codes::BAD_MESSAGE, "hello needs a name or a token"),
        };
        let Some(bot_account) = self.bot_account(&id, &guest.id, new_token.is_some()).await else {
            return;
        };
        let rooms = cluster::rooms_of(&self.app, &guest.id).await;
        let bot = guest.bot.is_some();
        let player = Player {
            bot,
            bot_account,
            ..Player::person(guest.id, guest.name)
        };
        self.welcome(id, player, new_token, rooms);
    }

    /// The connection is `player` now: `welcome` in answer to `id`, with
    /// `token` when it is new and the rooms where `player` is seated.
    pub(super) fn welcome(
        &mut self,
        id: RequestId,
        player: Player,
        token: Option<String>,
        rooms: Vec<String>,
    ) {
        let guest = Guest {
            id: player.id.clone(),
            name: player.name.clone(),
        };
        self.guest = Some(player);
        let protocol = PROTOCOL_VERSION;
        self.reply(ServerMessage::Welcome {
            id,
            protocol,
            guest,
            token,
            rooms,
        });
    }
}
