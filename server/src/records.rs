//! The game record of a room for an HTTP request (`/api/rooms/{id}/record`
//! and its JSON form in `embed/`): as the bearer token's guest may see it,
//! or a spectator; from the room's task here, or from the stored log when
//! another node serves the room.

use std::collections::HashMap;
use std::sync::Arc;

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use lodestone_protocol::codes;

use crate::answers::json_error;
use crate::app::App;

/// The record of room `id` for a request (its bearer token and invite),
/// or the refusal's answer.
pub async fn record_text(
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
