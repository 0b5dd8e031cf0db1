//! A connection says who it is: `hello`, `login` and `register` are
//! answered by `accounts/requests.rs`; here the connection keeps who it
//! is now and answers `welcome` with the guest's rooms.

use lodestone_protocol::{Guest, PROTOCOL_VERSION, ServerMessage};

use super::state::Session;
use crate::accounts::requests::{Answer, Identity};
use crate::served::Change;

impl Session {
    /// The answer to `hello` (`login`: a `login`, after which what the
    /// connection watched as another guest it watches no more).
    pub(super) async fn identify(&mut self, answer: Answer, login: bool) {
        if answer.known {
            self.known();
        }
        let identity = match answer.found {
            Ok(identity) => identity,
            Err(reply) => return self.reply(reply),
        };
        // The client watches again as itself.
        if login && self.guest.is_some() {
            self.unwatch_all().await;
        }
        self.welcome(identity);
    }

    /// The connection is `player` now: `welcome` in answer to `id`, with
    /// `token` when it is new and the rooms where `player` is seated.
    fn welcome(
        &mut self,
        Identity {
            id,
            player,
            token,
            rooms,
        }: Identity,
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

    /// What the connection learns about itself from a service's answer.
    pub(super) fn learn(&mut self, change: Change) {
        match change {
            Change::Nothing => {}
            Change::Blocked { player, on: true } => {
                self.moderated.blocked.insert(player);
            }
            Change::Blocked { player, on: false } => {
                self.moderated.blocked.remove(&player);
            }
            Change::Zen(zen) => self.moderated.zen = zen,
            Change::Renamed(name) => {
                if let Some(guest) = self.guest.as_mut() {
                    guest.name = name;
                }
            }
            Change::Deleted(guest) => crate::moderation::data::deleted(&self.app, &guest),
        }
    }
}
