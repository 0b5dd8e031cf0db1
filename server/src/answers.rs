//! The JSON answers of refused HTTP requests (`HttpError`: a stable code,
//! a sentence, and for a refusal by a limit, the limit and when to retry
//! with a matching `Retry-After`), the bearer token of a request and its
//! guest, and the address of a request for one thing ([`Addressed`]).
//! Shared by every HTTP module (`http.rs`, `serve.rs`, `account_settings.rs`,
//! `embed/`, `records.rs`).

use std::collections::HashMap;

use axum::extract::{FromRequestParts, Path, Query};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lodestone_protocol::{Code, Detail, HttpError, codes};

use crate::secrets;
use crate::served::Refused;
use crate::store::{GuestRow, Store};

/// What a request for one thing names: the `{id}` of its path and its
/// query's parameters (`?invite=`); a request whose path or query does not
/// read is refused as axum refuses it.
pub struct Addressed {
    pub id: String,
    pub query: HashMap<String, String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Addressed {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Addressed, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let Query(query) = Query::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(Addressed { id, query })
    }
}

/// A refusal's answer: `status` with the JSON body of an [`HttpError`].
pub fn json_error(status: StatusCode, code: Code, message: &str) -> Response {
    error_response(status, &HttpError::new(code, message))
}

/// A refusal's answer with its `detail` when it has one (the same as a
/// WebSocket `error` of it carries).
pub fn refused(status: StatusCode, refused: Refused) -> Response {
    let mut body = HttpError::new(refused.code, refused.message);
    body.detail = refused.detail;
    error_response(status, &body)
}

/// A refusal with its values: its sentence said from `detail` (in
/// English; `sentences.rs` says it in the client's language).
pub fn detailed(status: StatusCode, code: Code, detail: Detail) -> Response {
    refused(status, Refused::detailed(code, detail))
}

fn error_response(status: StatusCode, body: &HttpError) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_json(),
    )
        .into_response()
}

/// A refusal by a limit: its body names the limit and the seconds to
/// wait, which `Retry-After` repeats.
pub fn limited(status: StatusCode, body: HttpError) -> Response {
    let mut response = error_response(status, &body);
    if let Some(seconds) = body.retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// The whole seconds until a rate of `per_minute` (a GCRA, as governor
/// keeps it) lets one more request through after a refusal: one emission
/// interval, at least a second.
pub fn retry_after(per_minute: u32) -> u64 {
    60u64.div_ceil(u64::from(per_minute.max(1))).max(1)
}

/// When to try again after a refusal for the number of connections: a
/// place frees when a connection closes, which cannot be foreseen.
pub const CONNECTION_RETRY_SECS: u64 = 10;

/// The token of `Authorization: Bearer TOKEN`, if there is one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

/// The refusal of a token that belongs to no guest: 401 `bad-token`.
pub fn bad_token() -> Response {
    json_error(
        StatusCode::UNAUTHORIZED,
        codes::BAD_TOKEN,
        "this token belongs to no guest",
    )
}

/// The guest of the request's `Authorization: Bearer` token (none without
/// one), or the refusal to answer: 401 `bad-token` for a token of no
/// guest, 503 `storage-failure`.
pub async fn bearer_guest(store: &Store, headers: &HeaderMap) -> Result<Option<GuestRow>, Response> {
    let Some(token) = bearer(headers) else {
        return Ok(None);
    };
    match store
        .guest_by_token(&secrets::Token::sent(token.to_string()))
        .await
    {
        Ok(Some(guest)) => Ok(Some(guest)),
        Ok(None) => Err(bad_token()),
        Err(_) => Err(json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            codes::STORAGE,
            "try again",
        )),
    }
}
