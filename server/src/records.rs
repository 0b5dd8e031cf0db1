//! The game record of a room for an HTTP request (`/api/rooms/{id}/record`
//! and its JSON form in `embed/`): as the bearer token's guest may see it,
//! or a spectator; from the room's task here, or from the stored log when
//! another node serves the room. Both routes take it as an extractor,
//! [`RecordText`].

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use lodestone_protocol::codes;

use crate::answers::{Addressed, json_error};
use crate::app::App;

/// The record of the room a request names (`{id}` in its path), as
/// [`record_text`] gives it: extracted only when the request may have it,
/// else the refusal's answer.
pub struct RecordText(pub String);

impl FromRequestParts<Arc<App>> for RecordText {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<RecordText, Response> {
        let Addressed { id, query } = Addressed::from_request_parts(parts, app).await?;
        record_text(app, &id, &query, &parts.headers)
            .await
            .map(RecordText)
    }
}

/// The record of room `id` for a request (its bearer token and invite),
/// or the refusal's answer.
async fn record_text(
    app: &Arc<App>,
    id: &str,
    query: &HashMap<String, String>,
    headers: &HeaderMap,
) -> Result<String, Response> {
    if query.contains_key("token") {
        return Err(json_error(
            StatusCode::BAD_REQUEST,
            codes::TOKEN_IN_URL,
            "send the token as `Authorization: Bearer TOKEN`, never in the address",
        ));
    }
    let guest = crate::answers::bearer_guest(&app.store, headers)
        .await?
        .map(|g| g.id);
    let invite = query.get("invite").map(String::as_str);
    let answer = match crate::rooms::locate(app, id).await {
        Ok(crate::rooms::Located::Here(h)) => {
            h.record(guest, invite.map(str::to_string)).await.map_err(|_| {
                json_error(
                    StatusCode::SERVICE_UNAVAILABLE,
                    codes::UNKNOWN_ROOM,
                    "the room is reloading; try again",
                )
            })?
        }
        // Another node serves the room: its record is read from the log.
        Ok(crate::rooms::Located::Moved(_)) => {
            crate::cluster::record_from_log(app, id, guest.as_deref(), invite)
                .await
                .map_err(|_| try_again())?
        }
        Ok(crate::rooms::Located::Missing) => {
            return Err(json_error(
                StatusCode::NOT_FOUND,
                codes::UNKNOWN_ROOM,
                "there is no such room",
            ));
        }
        Err(_) => return Err(try_again()),
    };
    answer.map_err(|refusal| crate::answers::refused(StatusCode::FORBIDDEN, refusal))
}

/// The store did not answer: the client may try again.
fn try_again() -> Response {
    json_error(StatusCode::SERVICE_UNAVAILABLE, codes::STORAGE, "try again")
}
