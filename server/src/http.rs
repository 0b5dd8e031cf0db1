//! HTTP routes: the WebSocket endpoint, the games and their options, the
//! public room list, game records, a health check, and the browser client
//! (`web.rs`).

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use lodestone_protocol::{Code, GameInfo, codes, error};

use crate::app::App;
use crate::secrets;

/// The server's routes.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/ws", get(crate::ws::upgrade))
        .route("/api/games", get(games))
        .route("/api/rooms", get(rooms))
        .route("/api/rooms/{id}/record", get(record))
        .merge(crate::web::routes())
        .with_state(app)
}

fn json_error(status: StatusCode, code: Code, message: &str) -> Response {
    let body = serde_json::to_string(&error(None, code, message)).expect("errors serialise");
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `GET /api/games`: the games the server plays, with their options.
async fn games() -> Response {
    axum::Json(GameInfo::available()).into_response()
}

/// `GET /api/rooms[?game=G][&playing=1]`: the public rooms with a free
/// seat, or (`playing=1`) the public games being played.
async fn rooms(State(app): State<Arc<App>>, Query(query): Query<HashMap<String, String>>) -> Response {
    let game = query.get("game").map(String::as_str);
    let list = if query.get("playing").is_some_and(|v| v == "1" || v == "true") {
        app.lobby.playing_rooms(game)
    } else {
        app.lobby.open_rooms(game)
    };
    axum::Json(list).into_response()
}

/// `GET /api/rooms/{id}/record[?invite=CODE]`, with the guest's token as
/// `Authorization: Bearer TOKEN` (or `?token=`): the game record in
/// NOTATION.md format, as that guest may see it (a spectator without a
/// token). Complete, with commitment salts, once the game is over.
async fn record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string)
        .or_else(|| query.get("token").cloned());
    let guest = match token {
        None => None,
        Some(token) => match app.store.guest_by_token_hash(&secrets::token_hash(&token)).await {
            Ok(Some(g)) => Some(g.id),
            Ok(None) => {
                return json_error(
                    StatusCode::UNAUTHORIZED,
                    codes::BAD_TOKEN,
                    "this token belongs to no guest",
                );
            }
            Err(_) => return json_error(StatusCode::SERVICE_UNAVAILABLE, codes::STORAGE, "try again"),
        },
    };
    let handle = match app.room(&id).await {
        Ok(Some(h)) => h,
        Ok(None) => {
            return json_error(
                StatusCode::NOT_FOUND,
                codes::UNKNOWN_ROOM,
                "there is no such room",
            );
        }
        Err(_) => return json_error(StatusCode::SERVICE_UNAVAILABLE, codes::STORAGE, "try again"),
    };
    match handle.record(guest, query.get("invite").cloned()).await {
        Ok(Ok(text)) => ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response(),
        Ok(Err(refusal)) => json_error(StatusCode::FORBIDDEN, refusal.code, &refusal.message),
        Err(_) => json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            codes::UNKNOWN_ROOM,
            "the room is reloading; try again",
        ),
    }
}
