//! The messages that say who a connection is: `hello` (a guest's token
//! from before — a new name renames it, in its rooms too —, or a name for
//! a new guest, counted against its address's guests per hour; a bot
//! account's token shows a bot), `register` (the guest becomes an
//! account) and `login` (another device comes back as that account).

use std::net::IpAddr;
use std::sync::Arc;

use lodestone_protocol::{Detail, PROTOCOL_VERSION, Password, RequestId, ServerMessage, codes};

use super::passwords::{
    MAX_PASSWORD_CHARS, check_password, hash_password, name_key, old_name_key, verify_nothing,
    verify_password,
};
use crate::app::App;
use crate::cluster;
use crate::metrics::Refusal;
use crate::moderation::audit_row;
use crate::room::Player;
use crate::secrets::Token;
use crate::served::{Change, Refused, Served, ack};
use crate::store::Registered;

/// Who the connection is after `hello` or `login`, for its `welcome`.
pub struct Identity {
    pub id: RequestId,
    pub player: Player,
    /// The guest's token, when it is new.
    pub token: Option<String>,
    /// The rooms where the guest is seated.
    pub rooms: Vec<String>,
}

/// The answer to `hello` or `login`: whether the connection showed a
/// known identity (`reserve.rs`), and who it is now or its refusal.
pub struct Answer {
    pub known: bool,
    pub found: Result<Identity, ServerMessage>,
}

impl Answer {
    fn refused(
        known: bool,
        id: RequestId,
        code: lodestone_protocol::Code,
        sentence: impl Into<String>,
    ) -> Answer {
        Answer::refusal(known, id, Refused::new(code, sentence))
    }

    /// The refusal, with its detail if it has one.
    fn refusal(known: bool, id: RequestId, refused: Refused) -> Answer {
        Answer {
            known,
            found: Err(refused.into_error(Some(id))),
        }
    }
}

/// `result`'s value; or, when the store failed, the error logged as
/// `what` and the `storage-failure` refusal saying `sentence`.
fn stored<T>(result: Result<T, impl std::fmt::Display>, what: &str, sentence: &str) -> Result<T, Refused> {
    result.map_err(|e| {
        tracing::error!(error = %e, "{what}");
        Refused::new(codes::STORAGE, sentence)
    })
}

/// Whether guest `guest` is a bot account (`false` at once for a guest
/// made just now), or the refusal when the store failed.
async fn bot_account(app: &App, guest: &str, new: bool) -> Result<bool, Refused> {
    if new {
        return Ok(false);
    }
    stored(
        app.store.is_bot_account(guest).await,
        "bot account lookup failed",
        "the server could not look up the guest; try again",
    )
}

/// `hello` from address `client`.
pub async fn hello(
    app: &Arc<App>,
    client: IpAddr,
    id: RequestId,
    protocol: u32,
    name: Option<String>,
    token: Option<String>,
) -> Answer {
    if protocol != PROTOCOL_VERSION {
        let detail = Detail::ProtocolVersion {
            speaks: PROTOCOL_VERSION,
            asked: protocol,
        };
        let refused = Refused::detailed(codes::UNSUPPORTED_PROTOCOL, detail);
        return Answer::refusal(false, id, refused);
    }
    let name = match name.as_deref().map(crate::names::valid_name).transpose() {
        Ok(name) => name,
        Err(e) => return Answer::refused(false, id, codes::BAD_NAME, e),
    };
    let mut known = false;
    let (guest, new_token) = match (token, name) {
        (Some(token), name) => {
            let found = stored(
                app.store.guest_by_token(&Token::sent(token)).await,
                "guest lookup failed",
                "the server could not look up the token; try again",
            );
            let mut guest = match found {
                Ok(Some(guest)) => guest,
                Ok(None) => {
                    return Answer::refused(false, id, codes::BAD_TOKEN, "this token belongs to no guest");
                }
                Err(refused) => return Answer::refusal(known, id, refused),
            };
            known = true;
            if let Some(name) = name.filter(|n| *n != guest.name) {
                if app.store.rename_guest(&guest.id, &name).await.is_err() {
                    let sentence = "the server could not store the new name; try again";
                    return Answer::refused(known, id, codes::STORAGE, sentence);
                }
                guest.name = name.clone();
                // The seats it holds take the new name.
                for room in cluster::rooms_of(app, &guest.id).await {
                    if let Some(handle) = app.lobby.get(&room) {
                        handle.renamed(guest.id.clone(), name.clone()).await;
                    }
                }
            }
            (guest, None)
        }
        (None, Some(name)) => {
            if !app.admission.new_guest(client) {
                app.metrics.refused(Refusal::GuestsPerHour);
                let count = u64::from(app.config.limits.guests_per_hour);
                let refused = Refused::detailed(codes::TOO_MANY_GUESTS, Detail::TooManyGuests { count });
                return Answer::refusal(known, id, refused);
            }
            match app.store.new_guest(name, app.clock.now_ms()).await {
                Ok((guest, token)) => (guest, Some(token.reveal())),
                Err(_) => {
                    let sentence = "the server could not store the new guest; try again";
                    return Answer::refused(known, id, codes::STORAGE, sentence);
                }
            }
        }
        (None, None) => {
            return Answer::refused(known, id, codes::BAD_MESSAGE, "hello needs a name or a token");
        }
    };
    let bot_account = match bot_account(app, &guest.id, new_token.is_some()).await {
        Ok(bot_account) => bot_account,
        Err(refused) => return Answer::refusal(known, id, refused),
    };
    let rooms = cluster::rooms_of(app, &guest.id).await;
    let bot = guest.bot.is_some();
    let player = Player {
        bot,
        bot_account,
        ..Player::person(guest.id, guest.name)
    };
    let found = Ok(Identity {
        id,
        player,
        token: new_token,
        rooms,
    });
    Answer { known, found }
}

/// `login` from address `client`: the connection becomes the account's
/// guest, with a new token for this device. A wrong name and a wrong
/// password get the same answer after the same work.
pub async fn login(app: &App, client: IpAddr, id: RequestId, name: String, password: Password) -> Answer {
    let key = name_key(&name);
    if !app.logins.allow(&key, client) {
        app.metrics.refused(Refusal::Logins);
        let detail = Detail::TooManyLogins {
            account: u64::from(app.logins.per_account),
            address: u64::from(app.logins.per_address),
        };
        return Answer::refusal(false, id, Refused::detailed(codes::TOO_MANY_LOGINS, detail));
    }
    let bad_login = "no account has this name and password";
    if password.expose().chars().count() > MAX_PASSWORD_CHARS {
        return Answer::refused(false, id, codes::BAD_LOGIN, bad_login);
    }
    // An account made before names were folded may be under its old key
    // (its lower case).
    let old = old_name_key(&name);
    let found = match app.store.account_by_name(&key).await {
        Ok(None) if old != key => app.store.account_by_name(&old).await,
        other => other,
    };
    let what = "the server could not look up the account; try again";
    let account = match stored(found, "account lookup failed", what) {
        Ok(account) => account,
        Err(refused) => return Answer::refusal(false, id, refused),
    };
    let Some((guest_id, hash)) = account else {
        verify_nothing(password.0).await;
        return Answer::refused(false, id, codes::BAD_LOGIN, bad_login);
    };
    if !verify_password(password.0, hash).await {
        return Answer::refused(false, id, codes::BAD_LOGIN, bad_login);
    }
    let now = app.clock.now_ms() as i64;
    let stored = app.store.new_device_token(&guest_id, now).await;
    let found = match stored {
        Ok(token) => app
            .store
            .guests(std::slice::from_ref(&guest_id))
            .await
            .map(|mut g| g.pop().map(|guest| (guest, token))),
        Err(e) => Err(e),
    };
    let (guest, token) = match found {
        Ok(Some(found)) => found,
        Ok(None) | Err(_) => {
            return Answer::refused(
                false,
                id,
                codes::STORAGE,
                "the server could not log you in; try again",
            );
        }
    };
    let bot_account = match bot_account(app, &guest.id, false).await {
        Ok(bot_account) => bot_account,
        Err(refused) => return Answer::refusal(true, id, refused),
    };
    tracing::info!(guest = %guest.id, "an account logged in on a new device");
    let rooms = app.lobby.rooms_of(&guest.id);
    let player = Player {
        bot_account,
        ..Player::person(guest.id, guest.name)
    };
    let found = Ok(Identity {
        id,
        player,
        token: Some(token.reveal()),
        rooms,
    });
    Answer { known: true, found }
}

/// `register`: guest `player` becomes an account (same id) with this
/// name and password, and takes the name (in its rooms too).
pub async fn register(app: &App, player: &Player, id: RequestId, name: String, password: Password) -> Served {
    let refused = |code, sentence: String| Served::refused(id.clone(), (code, sentence));
    if player.bot {
        return refused(
            codes::ALREADY_REGISTERED,
            "a computer player cannot be an account".into(),
        );
    }
    let name = match crate::names::valid_name(&name) {
        Ok(name) => name,
        Err(e) => return refused(codes::BAD_NAME, e),
    };
    if let Err(e) = check_password(password.expose()) {
        return refused(codes::BAD_PASSWORD, e);
    }
    let key = name_key(&name);
    let taken = || Served::refused(id.clone(), crate::served::name_taken(&name));
    let already = || {
        refused(
            codes::ALREADY_REGISTERED,
            "you are an account already: log in with its name and password".into(),
        )
    };
    // The refusals that need no hash come before the hash (the store
    // checks again, in the transaction). An account made before names
    // were folded may be under its old key.
    let old = old_name_key(&name);
    let found = match app.store.account_by_name(&key).await {
        Ok(None) if old != key => app.store.account_by_name(&old).await,
        other => other,
    };
    match found {
        Ok(None) => {}
        Ok(Some((owner, _))) if owner == player.id => return already(),
        Ok(Some(_)) => return taken(),
        Err(e) => {
            tracing::error!(error = %e, "account lookup failed");
            return refused(
                codes::STORAGE,
                "the server could not look up the name; try again".into(),
            );
        }
    }
    let unstored = "the server could not store the account; try again";
    let hash = match stored(
        hash_password(password.0).await,
        "could not hash a password",
        unstored,
    ) {
        Ok(hash) => hash,
        Err(refused) => return Served::refused(id, refused),
    };
    let now = app.clock.now_ms() as i64;
    match app.store.register(&player.id, &name, &key, &hash, now).await {
        Ok(Registered::Done) => {}
        Ok(Registered::NameTaken) => return taken(),
        Ok(Registered::AlreadyAccount) => return already(),
        Err(e) => {
            tracing::error!(error = %e, "could not store an account");
            return refused(codes::STORAGE, unstored.into());
        }
    }
    tracing::info!(guest = %player.id, "a guest became an account");
    if app.config.first_account_is_admin {
        first_admin(app, &player.id, now).await;
    }
    if name == player.name {
        return ack(id).into();
    }
    for room in app.lobby.rooms_of(&player.id) {
        if let Some(handle) = app.lobby.get(&room) {
            handle.renamed(player.id.clone(), name.clone()).await;
        }
    }
    Served::message(ack(id)).with(Change::Renamed(name))
}

/// With `--first-account-is-admin`: account `id`, just made, becomes an
/// admin if it is the first account and there is no admin yet.
async fn first_admin(app: &App, id: &str, now: i64) {
    match app.store.grant_first_admin(id, now).await {
        Ok(true) => {
            tracing::info!(guest = %id, "the first account is an admin (--first-account-is-admin)");
            let audit = audit_row(
                now as u64,
                None,
                "set_role",
                Some(id),
                None,
                "admin (the first account)",
            );
            if let Err(e) = app.store.audit(&audit).await {
                tracing::error!(error = %e, "could not store the audit entry of the first admin");
            }
        }
        Ok(false) => {}
        Err(e) => tracing::error!(error = %e, "could not make the first account an admin"),
    }
}
