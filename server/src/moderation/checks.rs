//! The checks made before a connection's message is handled
//! (docs/moderation.md): bans at `hello` and `login`, names taken away,
//! timeouts at `chat` and at a vacation's message, blocks at `join` and
//! `rematch`, bans from rated play, muted spectators. `session/` asks
//! [`Gate`] and refuses what it refuses.

use std::net::IpAddr;
use std::sync::Arc;

use lodestone_protocol::{ChatTo, ClientMessage, codes};

use super::bans::ban_refusal;
use crate::app::App;
use crate::room::Refusal;
use crate::served::Refused;

/// Room ids are UUIDs; a longer one names no room and is not looked up.
const MAX_ROOM_ID_BYTES: usize = 64;

/// The refusal of a check the store could not make.
fn failed<E>(_: E) -> Refused {
    Refused::new(codes::STORAGE, "the server could not check this; try again")
}

/// The checks of one connection's messages, from its address. A refusal
/// with values every language says (a ban's, a chat timeout's) carries
/// them as its `detail`.
pub struct Gate<'a> {
    pub app: &'a Arc<App>,
    pub client: IpAddr,
}

impl Gate<'_> {
    /// The checks of a message that says who the connection is (`hello`,
    /// `login`, `register`): names taken away, bans of the guest or the
    /// address; any other message passes.
    pub async fn identity(&self, message: &ClientMessage) -> Result<(), Refusal> {
        let now = self.app.clock.now_ms() as i64;
        let store = self.app.store.clone();
        match message {
            ClientMessage::Hello { name, token, .. } => {
                if let Some(name) = name {
                    self.check_name(name).await?;
                }
                let guest = match token {
                    Some(token) => store
                        .guest_by_token(&crate::secrets::Token::sent(token.clone()))
                        .await
                        .map_err(failed)?
                        .map(|g| g.id),
                    None => None,
                };
                self.check_ban(guest.as_deref(), now).await
            }
            ClientMessage::Login { name, password, .. } => {
                self.check_ban(None, now).await?;
                let key = crate::accounts::name_key(name);
                let Some((guest, hash)) = store.account_by_name(&key).await.map_err(failed)? else {
                    return Ok(());
                };
                // Only the account's owner learns why it is refused.
                if self.ban(Some(&guest), now).await?.is_some()
                    && crate::accounts::verify_password(password.0.clone(), hash).await
                {
                    return self.check_ban(Some(&guest), now).await;
                }
                Ok(())
            }
            ClientMessage::Register { name, .. } => Ok(self.check_name(name).await?),
            _ => Ok(()),
        }
    }

    /// The checks of `guest`'s `message` before it is handled: blocks at
    /// `join` and `rematch`, bans from rated play, chat timeouts and muted
    /// spectators.
    pub async fn request(&self, guest: &str, message: &ClientMessage) -> Result<(), Refusal> {
        let now = self.app.clock.now_ms() as i64;
        let store = self.app.store.clone();
        match message {
            ClientMessage::Join { room, .. } => {
                let seated = self.seated(room).await;
                self.check_blocks(guest, &seated).await?;
                if self.rated(room) {
                    self.check_rated_ban(guest, now).await?;
                }
            }
            ClientMessage::CreateRoom { options, .. } => {
                let rated = options
                    .get("rated")
                    .is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "yes" | "true"));
                if rated {
                    self.check_rated_ban(guest, now).await?;
                }
            }
            ClientMessage::Rematch {
                room, accept: true, ..
            } => {
                let seated = self.seated(room).await;
                self.check_blocks(guest, &seated).await?;
            }
            ClientMessage::Chat { room, to, .. } => {
                let timeout = store
                    .sanction_on("timeout", Some(guest), None, Some(room), now)
                    .await
                    .map_err(failed)?;
                if let Some(t) = timeout {
                    return Err(timed_out(&t, now, false));
                }
                if *to == ChatTo::Spectators {
                    let seated = self.seated(room).await;
                    if store.mutes_spectators(&seated).await.map_err(failed)? {
                        return Err(Refusal::new(
                            codes::SPECTATORS_MUTED,
                            "a player of this game has muted its spectators' chat",
                        ));
                    }
                }
            }
            // A vacation's message is shown to others as a chat line is:
            // not while a chat timeout holds everywhere.
            ClientMessage::TakeVacation {
                message: Some(message),
                ..
            } if !message.trim().is_empty() => {
                let timeout = store
                    .sanction_on("timeout", Some(guest), None, None, now)
                    .await
                    .map_err(failed)?;
                if let Some(t) = timeout {
                    return Err(timed_out(&t, now, true));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Refuses a name a moderator took away.
    async fn check_name(&self, name: &str) -> Result<(), Refused> {
        let key = crate::accounts::name_key(name);
        match self.app.store.name_banned(&key).await {
            Ok(false) => Ok(()),
            Ok(true) => Err(Refused::new(
                codes::BAD_NAME,
                "a moderator took this name away: choose another",
            )),
            Err(_) => Err(Refused::new(
                codes::STORAGE,
                "the server could not check the name; try again",
            )),
        }
    }

    /// The refusal of the ban on `guest` or this connection's address in
    /// force at `now`, if there is one.
    async fn ban(&self, guest: Option<&str>, now: i64) -> Result<Option<Refusal>, Refused> {
        let address = self.client.to_string();
        let ban = self
            .app
            .store
            .sanction_on("ban", guest, Some(&address), None, now)
            .await
            .map_err(failed)?;
        Ok(ban.map(|b| ban_refusal(&b, now)))
    }

    pub async fn check_ban(&self, guest: Option<&str>, now: i64) -> Result<(), Refusal> {
        match self.ban(guest, now).await? {
            Some(ban) => Err(ban),
            None => Ok(()),
        }
    }

    async fn check_rated_ban(&self, guest: &str, now: i64) -> Result<(), Refused> {
        let ban = self
            .app
            .store
            .sanction_on("rated_ban", Some(guest), None, None, now)
            .await
            .map_err(failed)?;
        match ban {
            Some(b) => {
                let detail = lodestone_protocol::Detail::RatedBanned {
                    reason: b.reason.clone(),
                    lasting: crate::said::lasting(b.until, now),
                };
                Err(Refusal::detailed(codes::RATED_BANNED, detail))
            }
            None => Ok(()),
        }
    }

    /// Refuses `guest` a table with any of `seated` when one blocks the
    /// other.
    async fn check_blocks(&self, guest: &str, seated: &[String]) -> Result<(), Refused> {
        for other in seated.iter().filter(|s| *s != guest) {
            match self.app.store.blocks_between(guest, other).await {
                Ok(false) => {}
                Ok(true) => {
                    return Err(Refused::new(
                        codes::BLOCKED,
                        "a player at this table blocks you, or you block them",
                    ));
                }
                Err(e) => return Err(failed(e)),
            }
        }
        Ok(())
    }

    /// The guests seated in `room` (loaded if it is not in memory; none
    /// if another node serves it: the check is made there).
    async fn seated(&self, room: &str) -> Vec<String> {
        if room.len() <= MAX_ROOM_ID_BYTES && self.app.lobby.get(room).is_none() {
            let _ = crate::rooms::locate(self.app, room).await;
        }
        self.app.lobby.seated(room)
    }

    /// Whether room `room` (in memory) is rated.
    fn rated(&self, room: &str) -> bool {
        self.app.lobby.is_rated(room)
    }
}

/// The refusal of a chat timeout `t` at `now` (of a vacation's message
/// with `vacation`).
fn timed_out(t: &crate::store::SanctionRow, now: i64, vacation: bool) -> Refusal {
    let detail = lodestone_protocol::Detail::TimedOut {
        reason: t.reason.clone(),
        lasting: crate::said::lasting(t.until, now),
        vacation,
    };
    Refusal::detailed(codes::TIMED_OUT, detail)
}
