//! A connection's account requests: `register` (the guest becomes an
//! account) and `login` (another device comes back as that account).

use lodestone_protocol::{Password, RequestId, codes};

use super::session::Session;
use crate::metrics::Refusal;
use crate::room::Player;
use crate::store::Registered;

impl Session {
    /// `register`: the connection's guest becomes an account (same id)
    /// with this name and password, and takes the name.
    pub(super) async fn register(&mut self, player: Player, id: RequestId, name: String, password: Password) {
        if player.bot {
            return self.fail(
                id,
                codes::ALREADY_REGISTERED,
                "a computer player cannot be an account",
            );
        }
        let name = match crate::names::valid_name(&name) {
            Ok(name) => name,
            Err(e) => return self.fail(id, codes::BAD_NAME, e),
        };
        if let Err(e) = crate::accounts::check_password(password.expose()) {
            return self.fail(id, codes::BAD_PASSWORD, e);
        }
        let key = crate::accounts::name_key(&name);
        // The refusals that need no hash come before the hash (the store
        // checks again, in the transaction). An account made before names
        // were folded may be under its old key.
        let old = crate::accounts::old_name_key(&name);
        let found = match self.app.store.account_by_name(&key).await {
            Ok(None) if old != key => self.app.store.account_by_name(&old).await,
            other => other,
        };
        match found {
            Ok(None) => {}
            Ok(Some((owner, _))) if owner == player.id => {
                return self.fail(
                    id,
                    codes::ALREADY_REGISTERED,
                    "you are an account already: log in with its name and password",
                );
            }
            Ok(Some(_)) => {
                return self.fail(
                    id,
                    codes::NAME_TAKEN,
                    format!(
                        "an account is named {name:?} already (names ignore case and invisible characters)"
                    ),
                );
            }
            Err(e) => {
                tracing::error!(error = %e, "account lookup failed");
                return self.fail(
                    id,
                    codes::STORAGE,
                    "the server could not look up the name; try again",
                );
            }
        }
        let Some(hash) = self.stored(
            &id,
            crate::accounts::hash_password(password.0).await,
            "could not hash a password",
            "the server could not store the account; try again",
        ) else {
            return;
        };
        let now = self.app.clock.now_ms() as i64;
        match self.app.store.register(&player.id, &name, &key, &hash, now).await {
            Ok(Registered::Done) => {}
            Ok(Registered::NameTaken) => {
                return self.fail(
                    id,
                    codes::NAME_TAKEN,
                    format!(
                        "an account is named {name:?} already (names ignore case and invisible characters)"
                    ),
                );
            }
            Ok(Registered::AlreadyAccount) => {
                return self.fail(
                    id,
                    codes::ALREADY_REGISTERED,
                    "you are an account already: log in with its name and password",
                );
            }
            Err(e) => {
                tracing::error!(error = %e, "could not store an account");
                return self.fail(
                    id,
                    codes::STORAGE,
                    "the server could not store the account; try again",
                );
            }
        }
        tracing::info!(guest = %player.id, "a guest became an account");
        if self.app.config.first_account_is_admin {
            self.first_admin(&player.id, now).await;
        }
        if name != player.name {
            if let Some(guest) = self.guest.as_mut() {
                guest.name = name.clone();
            }
            for room in self.app.lobby.rooms_of(&player.id) {
                if let Some(handle) = self.app.lobby.get(&room) {
                    handle.renamed(player.id.clone(), name.clone()).await;
                }
            }
        }
        self.ack(id);
    }

    /// Whether guest `guest` is a bot account (`Some(false)` at once for a
    /// guest made just now); `None` when the store failed (the request
    /// `id` is answered then).
    pub(super) async fn bot_account(&self, id: &RequestId, guest: &str, new: bool) -> Option<bool> {
        if new {
            return Some(false);
        }
        self.stored(
            id,
            self.app.store.is_bot_account(guest).await,
            "bot account lookup failed",
            "the server could not look up the guest; try again",
        )
    }

    /// `login`: the connection becomes the account's guest, with a new
    /// token for this device. A wrong name and a wrong password get the
    /// same answer after the same work.
    pub(super) async fn login(&mut self, id: RequestId, name: String, password: Password) {
        let key = crate::accounts::name_key(&name);
        if !self.app.logins.allow(&key, self.client) {
            self.app.metrics.refused(Refusal::Logins);
            return self.fail(
                id,
                codes::TOO_MANY_LOGINS,
                format!(
                    "too many logins: at most {} a minute for one account and {} from one address; wait a minute",
                    self.app.logins.per_account,
                    self.app.logins.per_address
                ),
            );
        }
        let bad_login = "no account has this name and password";
        if password.expose().chars().count() > crate::accounts::MAX_PASSWORD_CHARS {
            return self.fail(id, codes::BAD_LOGIN, bad_login);
        }
        // An account made before names were folded may be under its old
        // key (its lower case).
        let old = crate::accounts::old_name_key(&name);
        let found = match self.app.store.account_by_name(&key).await {
            Ok(None) if old != key => self.app.store.account_by_name(&old).await,
            other => other,
        };
        let Some(account) = self.stored(
            &id,
            found,
            "account lookup failed",
            "the server could not look up the account; try again",
        ) else {
            return;
        };
        let Some((guest_id, hash)) = account else {
            crate::accounts::verify_nothing(password.0).await;
            return self.fail(id, codes::BAD_LOGIN, bad_login);
        };
        if !crate::accounts::verify_password(password.0, hash).await {
            return self.fail(id, codes::BAD_LOGIN, bad_login);
        }
        let now = self.app.clock.now_ms() as i64;
        let stored = self.app.store.new_device_token(&guest_id, now).await;
        let found = match stored {
            Ok(token) => self
                .app
                .store
                .guests(std::slice::from_ref(&guest_id))
                .await
                .map(|mut g| g.pop().map(|guest| (guest, token))),
            Err(e) => Err(e),
        };
        let (guest, token) = match found {
            Ok(Some(found)) => found,
            Ok(None) | Err(_) => {
                return self.fail(id, codes::STORAGE, "the server could not log you in; try again");
            }
        };
        self.known();
        // The connection becomes the account: what it watched as another
        // guest, it watches no more (the client watches again as itself).
        if self.guest.is_some() {
            for room in std::mem::take(&mut self.watching) {
                if let Some(handle) = self.app.lobby.get(&room) {
                    handle.disconnect(self.outbox.conn).await;
                }
            }
        }
        let Some(bot_account) = self.bot_account(&id, &guest.id, false).await else {
            return;
        };
        tracing::info!(guest = %guest.id, "an account logged in on a new device");
        let rooms = self.app.lobby.rooms_of(&guest.id);
        let player = Player {
            bot_account,
            ..Player::person(guest.id, guest.name)
        };
        self.welcome(id, player, Some(token.reveal()), rooms);
    }
}
