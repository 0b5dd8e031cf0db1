//! A connection's side of moderation (docs/moderation.md): the checks
//! made before a message is handled (bans at `hello` and `login`, names
//! taken away, timeouts at `chat` and at a vacation's message, blocks at
//! `join` and `rematch`, bans from rated play, muted spectators), what is
//! hidden from the person on the way out (chat and vacation messages of
//! the players it blocks, all of them in zen), and a
//! player's own messages (block, settings, report, export, delete).
//! The moderators' messages are `ws/admin.rs`.

use std::time::Duration;

use lodestone_protocol::{ChatTo, ClientMessage, Code, Guest, RequestId, codes};

use super::session::{MAX_ROOM_ID_BYTES, Session};
use crate::moderation;
pub(super) use crate::moderation::bans::{ban_refusal, left};
use crate::room::Refusal;

/// How often a connection checks again that its account is not banned
/// (a ban given on another node reaches it then; one given on this node
/// closes it at once).
const BAN_CHECK: Duration = Duration::from_secs(30);

/// A refusal: its code and sentence.
pub(super) type Refused = (Code, String);

impl Session {
    /// The checks before `message` is handled; false when it was answered
    /// here (refused) and must not be handled.
    pub(super) async fn before(&mut self, message: &ClientMessage) -> bool {
        if self.moderated.kicked().is_some() {
            return false;
        }
        let renamed = self
            .moderated
            .notice
            .renamed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let (Some(name), Some(guest)) = (renamed, self.guest.as_mut()) {
            guest.name = name;
        }
        let id = message.id().clone();
        match self.check(message).await {
            Ok(()) => true,
            Err(refused) => {
                if refused.code == codes::BANNED {
                    self.kick(Some(id), refused);
                } else {
                    self.reply(refused.into_error(Some(id)));
                }
                false
            }
        }
    }

    /// Closes this connection for a ban: `banned` with `sentence` to the
    /// request `id`, then the close.
    fn kick(&self, id: Option<RequestId>, ban: Refusal) {
        if self.moderated.notice.kicked.set(ban.message.clone()).is_ok() {
            self.reply(ban.into_error(id));
        }
        self.outbox.close.cancel();
    }

    async fn check(&mut self, message: &ClientMessage) -> Result<(), Refusal> {
        let now = self.app.clock.now_ms() as i64;
        let store = self.app.store.clone();
        let failed = |_| Refusal::new(codes::STORAGE, "the server could not check this; try again");
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
                return self.check_ban(guest.as_deref(), now).await;
            }
            ClientMessage::Login { name, password, .. } => {
                self.check_ban(None, now).await?;
                let key = crate::accounts::name_key(name);
                let Some((guest, hash)) = store.account_by_name(&key).await.map_err(failed)? else {
                    return Ok(());
                };
                // Only the account's owner learns why it is refused.
                if self.ban_sentence(Some(&guest), now).await?.is_some()
                    && crate::accounts::verify_password(password.0.clone(), hash).await
                {
                    return self.check_ban(Some(&guest), now).await;
                }
                return Ok(());
            }
            ClientMessage::Register { name, .. } => return Ok(self.check_name(name).await?),
            _ => {}
        }
        let Some(player) = self.guest.clone() else {
            return Ok(());
        };
        if self.moderated.checked.is_none_or(|t| t.elapsed() >= BAN_CHECK) {
            self.moderated.checked = Some(tokio::time::Instant::now());
            // A ban is refused here; a read that failed is tried again at
            // the next message rather than refusing this one.
            match self.check_ban(Some(&player.id), now).await {
                Err(ban) if ban.code == codes::BANNED => return Err(ban),
                Err(_) => self.moderated.checked = None,
                Ok(()) => {}
            }
        }
        match message {
            ClientMessage::Join { room, .. } => {
                let seated = self.seated(room).await;
                self.check_blocks(&player.id, &seated).await?;
                if self.rated(room) {
                    self.check_rated_ban(&player.id, now).await?;
                }
            }
            ClientMessage::CreateRoom { options, .. } => {
                let rated = options
                    .get("rated")
                    .is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "yes" | "true"));
                if rated {
                    self.check_rated_ban(&player.id, now).await?;
                }
            }
            ClientMessage::Rematch {
                room, accept: true, ..
            } => {
                let seated = self.seated(room).await;
                self.check_blocks(&player.id, &seated).await?;
            }
            ClientMessage::Chat { room, to, .. } => {
                let timeout = store
                    .sanction_on("timeout", Some(&player.id), None, Some(room), now)
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
                    .sanction_on("timeout", Some(&player.id), None, None, now)
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
            Ok(true) => Err((
                codes::BAD_NAME,
                "a moderator took this name away: choose another".into(),
            )),
            Err(_) => Err((
                codes::STORAGE,
                "the server could not check the name; try again".into(),
            )),
        }
    }

    /// The refusal of the ban on `guest` or this connection's address in
    /// force at `now`, if there is one.
    async fn ban_sentence(&self, guest: Option<&str>, now: i64) -> Result<Option<Refusal>, Refused> {
        let address = self.client.to_string();
        let ban = self
            .app
            .store
            .sanction_on("ban", guest, Some(&address), None, now)
            .await
            .map_err(|_| {
                (
                    codes::STORAGE,
                    "the server could not check this; try again".to_string(),
                )
            })?;
        Ok(ban.map(|b| ban_refusal(&b, now)))
    }

    async fn check_ban(&self, guest: Option<&str>, now: i64) -> Result<(), Refusal> {
        match self.ban_sentence(guest, now).await? {
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
            .map_err(|_| {
                (
                    codes::STORAGE,
                    "the server could not check this; try again".to_string(),
                )
            })?;
        match ban {
            Some(b) => Err((
                codes::RATED_BANNED,
                format!(
                    "you may not play rated games for {}: {}",
                    b.until.map_or("good".to_string(), |u| left(now, u)),
                    b.reason
                ),
            )),
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
                    return Err((
                        codes::BLOCKED,
                        "a player at this table blocks you, or you block them".into(),
                    ));
                }
                Err(_) => {
                    return Err((
                        codes::STORAGE,
                        "the server could not check this; try again".into(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The guests seated in `room` (loaded if it is not in memory; none
    /// if another node serves it: the check is made there).
    async fn seated(&self, room: &str) -> Vec<String> {
        if room.len() <= MAX_ROOM_ID_BYTES && self.app.lobby.get(room).is_none() {
            let _ = crate::rooms::locate(&self.app, room).await;
        }
        self.app.lobby.seated(room)
    }

    /// Whether room `room` (in memory) is rated.
    fn rated(&self, room: &str) -> bool {
        self.app
            .lobby
            .live()
            .iter()
            .any(|(s, ..)| s.id == room && s.options.get("rated").is_some_and(|v| v == "yes"))
    }

    /// After a message: once the connection is a guest (again, or another
    /// one after `login`), its blocks and settings are loaded and it is
    /// counted online.
    pub(super) async fn after(&mut self) {
        let Some(player) = self.guest.clone() else { return };
        if self.moderated.loaded.as_deref() == Some(player.id.as_str()) || self.moderated.kicked().is_some() {
            return;
        }
        let (blocked, prefs) = match (
            self.app.store.blocked_by(&player.id).await,
            self.app.store.preferences(&player.id).await,
        ) {
            (Ok(b), Ok(p)) => (b, p),
            _ => return,
        };
        self.moderated.blocked = blocked.into_iter().collect();
        self.moderated.zen = prefs.zen;
        self.moderated.loaded = Some(player.id.clone());
        self.moderated.checked = Some(tokio::time::Instant::now());
        self.moderated.moderation.online.enter(
            Guest {
                id: player.id,
                name: player.name,
            },
            self.client,
            self.outbox.clone(),
            self.moderated.notice.clone(),
        );
    }

    /// With `--first-account-is-admin`: account `id`, just made, becomes
    /// an admin if it is the first account and there is no admin yet.
    pub(super) async fn first_admin(&self, id: &str, now: i64) {
        match self.app.store.grant_first_admin(id, now).await {
            Ok(true) => {
                tracing::info!(guest = %id, "the first account is an admin (--first-account-is-admin)");
                let audit = moderation::audit_row(
                    now as u64,
                    None,
                    "set_role",
                    Some(id),
                    None,
                    "admin (the first account)",
                );
                if let Err(e) = self.app.store.audit(&audit).await {
                    tracing::error!(error = %e, "could not store the audit entry of the first admin");
                }
            }
            Ok(false) => {}
            Err(e) => tracing::error!(error = %e, "could not make the first account an admin"),
        }
    }
}

/// The refusal of a chat timeout `t` at `now` (of a vacation's message
/// with `vacation`).
fn timed_out(t: &crate::store::SanctionRow, now: i64, vacation: bool) -> Refusal {
    let detail = lodestone_protocol::Detail::TimedOut {
        reason: t.reason.clone(),
        until: t.until.map(|u| u.max(0) as u64),
        minutes: t.until.map(|u| crate::said::minutes_left(now, u)),
        vacation,
    };
    Refusal::detailed(codes::TIMED_OUT, detail)
}
