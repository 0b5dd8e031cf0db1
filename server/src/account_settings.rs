//! An account's settings over HTTP (`/api/account/...`, docs/api.md):
//! marking the account a bot, and a bot account's API tokens, made and
//! revoked here and said in `hello` by its program instead of a password.
//! Every request carries the token of a device the account logged in on
//! (or its guest's first token) as `Authorization: Bearer`; an API token
//! cannot manage tokens (`login-required`), so a leaked one cannot make
//! more. A token is 256 random bits, stored as its SHA-256 like every
//! other token, and shown once, in the answer that makes it.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use lodestone_protocol::{
    AccountInfo, ApiTokenInfo, MAX_API_TOKENS, MAX_TOKEN_LABEL_CHARS, NewApiToken, NewTokenRequest, codes,
};

use crate::answers::{bad_token, bearer, json_error};
use crate::api_docs::{AccountRefused, LoginRequired};
use crate::app::App;
use crate::secrets;
use crate::store::{self, BotMark, GuestRow};

fn storage<E: std::fmt::Display>(e: E) -> Response {
    tracing::error!(error = %e, "account settings: storage failed");
    json_error(
        StatusCode::SERVICE_UNAVAILABLE,
        codes::STORAGE,
        "the server could not read or store the account; try again",
    )
}

/// The guest whose device token the request carries, or the refusal.
async fn caller(app: &App, headers: &HeaderMap) -> Result<GuestRow, Response> {
    let Some(token) = bearer(headers) else {
        return Err(json_error(
            StatusCode::UNAUTHORIZED,
            codes::NOT_IDENTIFIED,
            "send your token as `Authorization: Bearer TOKEN`",
        ));
    };
    let token = secrets::Token::sent(token.to_string());
    if app.store.is_api_token(&token).await.map_err(storage)? {
        return Err(json_error(
            StatusCode::FORBIDDEN,
            codes::LOGIN_REQUIRED,
            "an API token cannot manage the account: log in (in the browser) and use that device's token",
        ));
    }
    app.store
        .guest_by_token(&token)
        .await
        .map_err(storage)?
        .ok_or_else(bad_token)
}

/// What the settings show of `guest`.
async fn info(app: &App, guest: GuestRow) -> Result<AccountInfo, Response> {
    let account = app.store.is_account(&guest.id).await.map_err(storage)?;
    let bot = account && app.store.is_bot_account(&guest.id).await.map_err(storage)?;
    let tokens = if bot {
        app.store.api_tokens(&guest.id).await.map_err(storage)?
    } else {
        Vec::new()
    };
    Ok(AccountInfo {
        id: guest.id,
        name: guest.name,
        account,
        bot,
        tokens: tokens.into_iter().map(token_info).collect(),
    })
}

fn token_info(row: store::ApiTokenRow) -> ApiTokenInfo {
    ApiTokenInfo {
        id: row.id,
        label: row.label,
        created_at: row.created_at.max(0) as u64,
    }
}

fn answer<T: serde::Serialize>(result: Result<T, Response>) -> Response {
    match result {
        Ok(body) => axum::Json(body).into_response(),
        Err(refused) => refused,
    }
}

/// `GET /api/account`: the caller's account settings.
#[utoipa::path(get, path = "/api/account", tag = "account",
    security(("token" = [])),
    responses(
        (status = 200, description = "Who the token's guest is, whether an account and a bot account, and a bot account's API tokens", body = ref("#/components/schemas/AccountInfo")),
        (status = 403, response = inline(LoginRequired)),
        AccountRefused))]
pub async fn account(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    answer(async { info(&app, caller(&app, &headers).await?).await }.await)
}

/// `POST /api/account/bot`: the caller's account becomes a bot account,
/// for good.
#[utoipa::path(post, path = "/api/account/bot", tag = "account",
    security(("token" = [])),
    responses(
        (status = 200, description = "The account is a bot account now (it may make API tokens); the same if it was already", body = ref("#/components/schemas/AccountInfo")),
        (status = 403, description = "A guest that is not an account (`not-an-account`), or an API token (`login-required`)", body = ref("#/components/schemas/HttpError")),
        (status = 409, description = "The account has played rated games (`has-ratings`)", body = ref("#/components/schemas/HttpError")),
        AccountRefused))]
pub async fn mark_bot(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    answer(
        async {
            let guest = caller(&app, &headers).await?;
            let now = app.clock.now_ms() as i64;
            match app.store.mark_bot(&guest.id, now).await.map_err(storage)? {
                BotMark::Done => {
                    tracing::info!(guest = %guest.id, "an account became a bot account");
                    info(&app, guest).await
                }
                BotMark::NotAccount => Err(json_error(
                    StatusCode::FORBIDDEN,
                    codes::NOT_AN_ACCOUNT,
                    "only an account can be a bot: make this guest an account first",
                )),
                BotMark::HasRatings => Err(json_error(
                    StatusCode::CONFLICT,
                    codes::HAS_RATINGS,
                    "this account has played rated games as a person; make a new account for the bot",
                )),
            }
        }
        .await,
    )
}

/// The label of a new token, checked: 1 to 64 characters after trimming,
/// no control characters or bidirectional overrides.
fn label(body: &[u8]) -> Result<String, String> {
    let request: NewTokenRequest =
        serde_json::from_slice(body).map_err(|e| format!("the body is not {{\"label\": \"...\"}}: {e}"))?;
    let label = request.label.trim();
    let n = label.chars().count();
    if n == 0 || n > MAX_TOKEN_LABEL_CHARS {
        return Err(format!(
            "a token's label has 1 to {MAX_TOKEN_LABEL_CHARS} characters; this one has {n}"
        ));
    }
    if label
        .chars()
        .any(|c| c.is_control() || crate::names::is_bidi_control(c))
    {
        return Err("a token's label has no control characters or direction overrides".into());
    }
    Ok(label.to_string())
}

/// `POST /api/account/tokens`: a new API token for the caller's bot
/// account.
#[utoipa::path(post, path = "/api/account/tokens", tag = "account",
    security(("token" = [])),
    request_body(content = ref("#/components/schemas/NewTokenRequest"), content_type = "application/json"),
    responses(
        (status = 201, description = "The new token, shown this once (the server keeps only its hash)", body = ref("#/components/schemas/NewApiToken")),
        (status = 400, description = "No label, or a bad one (`bad-message`)", body = ref("#/components/schemas/HttpError")),
        (status = 403, description = "An account that is not a bot (`not-a-bot-account`), or an API token (`login-required`)", body = ref("#/components/schemas/HttpError")),
        (status = 409, description = "The account has 10 API tokens already (`too-many-tokens`): revoke one", body = ref("#/components/schemas/HttpError")),
        AccountRefused))]
pub async fn new_token(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let made = async {
        let guest = caller(&app, &headers).await?;
        let label = label(&body).map_err(|e| json_error(StatusCode::BAD_REQUEST, codes::BAD_MESSAGE, &e))?;
        if !app.store.is_bot_account(&guest.id).await.map_err(storage)? {
            return Err(json_error(
                StatusCode::FORBIDDEN,
                codes::NOT_A_BOT_ACCOUNT,
                "API tokens are for bot accounts: make this account a bot first",
            ));
        }
        let token = secrets::Token::fresh();
        let info = ApiTokenInfo {
            id: uuid::Uuid::new_v4().to_string(),
            label,
            created_at: app.clock.now_ms(),
        };
        let row = store::NewApiToken {
            id: &info.id,
            guest_id: &guest.id,
            token: &token,
            label: &info.label,
            created_at: info.created_at as i64,
        };
        if !app
            .store
            .add_api_token(row, MAX_API_TOKENS as i64)
            .await
            .map_err(storage)?
        {
            return Err(crate::answers::detailed(
                StatusCode::CONFLICT,
                codes::TOO_MANY_TOKENS,
                lodestone_protocol::Detail::TooManyTokens {
                    count: MAX_API_TOKENS as u64,
                },
            ));
        }
        tracing::info!(guest = %guest.id, token = %info.id, "an API token was made");
        Ok(NewApiToken {
            token: token.reveal(),
            info,
        })
    };
    match made.await {
        Ok(made) => (StatusCode::CREATED, axum::Json(made)).into_response(),
        Err(refused) => refused,
    }
}

/// `DELETE /api/account/tokens/{id}`: revokes one of the caller's API
/// tokens; a program using it is refused from its next `hello`.
#[utoipa::path(delete, path = "/api/account/tokens/{id}", tag = "account",
    security(("token" = [])),
    params(("id" = String, Path, description = "The token's id (from the list), not the token")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 403, response = inline(LoginRequired)),
        (status = 404, description = "The account has no token with that id (`unknown-token`)", body = ref("#/components/schemas/HttpError")),
        AccountRefused))]
pub async fn revoke_token(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let revoked = async {
        let guest = caller(&app, &headers).await?;
        if !app
            .store
            .revoke_api_token(&guest.id, &id)
            .await
            .map_err(storage)?
        {
            return Err(json_error(
                StatusCode::NOT_FOUND,
                codes::UNKNOWN_TOKEN,
                "this account has no API token with that id",
            ));
        }
        tracing::info!(guest = %guest.id, token = %id, "an API token was revoked");
        Ok(())
    };
    match revoked.await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(refused) => refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_checked() {
        assert_eq!(label(br#"{"label": " my bot "}"#), Ok("my bot".into()));
        for bad in [
            &br#"{"label": "  "}"#[..],
            br#"{"label": "a\nb"}"#,
            br#"{"nope": 1}"#,
            b"label",
        ] {
            assert!(label(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
        let long = format!(r#"{{"label": "{}"}}"#, "x".repeat(MAX_TOKEN_LABEL_CHARS + 1));
        assert!(label(long.as_bytes()).is_err());
    }
}
