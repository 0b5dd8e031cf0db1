//! Games shown outside the client: a position at a ply as JSON
//! (`/api/rooms/{id}/ply/{n}`, what the embeddable replay page draws) and
//! as an SVG image (`/api/rooms/{id}/ply/{n}.svg`, `svg.rs`), and the game
//! record as JSON (`/api/rooms/{id}/record.json`). Each is folded from the
//! room's stored log (`replays.rs`) as a spectator sees it, or as the
//! guest of a bearer token: a running game shows only what a spectator
//! may see, a private room needs its invite. The embed pages themselves
//! (`/embed/room/{id}[/ply/{n}]`) are the client's `embed.html`
//! (`web.rs`), the only pages another site may frame (`http::admit`).

mod svg;

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lodestone_i18n::Words;
use lodestone_protocol::{Code, GameRecord, PlyView, RoomState, codes};

use crate::answers::json_error;
use crate::api_docs::{BadToken, RecordAddress, RecordRefused, StorageFailed, UnknownRoom};
use crate::app::App;
use crate::records::RecordText;
use crate::room::Replay;

/// The HTTP status of a refusal's code.
fn status_of(code: Code) -> StatusCode {
    match code {
        Code::UnknownRoom => StatusCode::NOT_FOUND,
        Code::StorageFailure => StatusCode::SERVICE_UNAVAILABLE,
        Code::BadPly => StatusCode::BAD_REQUEST,
        _ => StatusCode::FORBIDDEN,
    }
}

/// The guest of the request's bearer token (`""`: a spectator), or the
/// refusal.
async fn viewer(app: &App, headers: &HeaderMap) -> Result<String, Response> {
    let guest = crate::answers::bearer_guest(&app.store, headers).await?;
    Ok(guest.map(|g| g.id).unwrap_or_default())
}

/// Ply `n` (a number, or `latest`) of room `id` for the request.
async fn ply(
    app: &App,
    id: &str,
    n: &str,
    query: &HashMap<String, String>,
    headers: &HeaderMap,
) -> Result<Replay, Response> {
    let guest = viewer(app, headers).await?;
    let invite = query.get("invite").map(String::as_str);
    let refused = |r: crate::served::Refused| crate::answers::refused(status_of(r.code), r);
    let n = if n == "latest" {
        // The whole log's length, from a first fold of the start.
        crate::replays::fold(app, id, &guest, invite, 0)
            .await
            .map_err(refused)?
            .plies
    } else {
        n.parse().map_err(|_| {
            json_error(
                StatusCode::BAD_REQUEST,
                codes::BAD_PLY,
                "a ply is a number from 0, or latest",
            )
        })?
    };
    crate::replays::fold(app, id, &guest, invite, n)
        .await
        .map_err(refused)
}

/// `GET /api/rooms/{id}/ply/{n}`: the room at ply `n` (also `{n}.svg`,
/// below: both are this one route).
#[utoipa::path(get, path = "/api/rooms/{id}/ply/{n}", tag = "rooms",
    params(
        RecordAddress,
        ("n" = String, Path, description = "The ply: the number of actions played (0, the start, to the number logged), or `latest`")),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "The room at that ply as a spectator sees it (or the token's guest, from its seat): while the game runs, what a live update showed then; once it is over, everything", body = ref("#/components/schemas/PlyView")),
        (status = 400, description = "A ply past the end of the log, or not a number (`bad-ply`)", body = ref("#/components/schemas/HttpError")),
        (status = 401, response = inline(BadToken)),
        (status = 403, description = "A private room without its invite (`invite-required`), or a game not started (`not-started`)", body = ref("#/components/schemas/HttpError")),
        (status = 404, description = "No such room, or one that is gone (`unknown-room`)", body = ref("#/components/schemas/HttpError")),
        (status = 503, response = inline(StorageFailed))))]
pub async fn ply_json(
    State(app): State<Arc<App>>,
    Path((id, n)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    if let Some(n) = n.strip_suffix(".svg") {
        return ply_image(&app, &id, n, &query, &headers).await;
    }
    match ply(&app, &id, &n, &query, &headers).await {
        Ok(replay) => axum::Json(PlyView {
            room: id,
            ply: replay.ply,
            plies: replay.plies,
            version: replay.version,
            revealed: replay.revealed,
            state: replay.state,
        })
        .into_response(),
        Err(refused) => refused,
    }
}

/// The caption of an image, in the reader's language: the game, its
/// players, the ply and, at the end, the result (in English the rules' own
/// result line, `white wins (four in a row)`; in another language who won,
/// as the clients say it).
fn caption(words: &Words, state: &RoomState, ply: u32, plies: u32) -> String {
    let mut game = state.game.clone();
    if let Some(first) = game.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    let players: Vec<&str> = state
        .seats
        .iter()
        .filter_map(|s| s.player.as_ref().map(|p| p.name.as_str()))
        .collect();
    let versus = format!(" {} ", words.get("embed-versus"));
    let mut text = words.with(
        "embed-caption",
        &[
            ("game", game.into()),
            ("players", players.join(&versus).into()),
            ("ply", ply.into()),
            ("plies", plies.into()),
        ],
    );
    if let Some(outcome) = state.play.as_ref().and_then(|p| p.outcome.as_ref())
        && ply == plies
    {
        let result = match lodestone_i18n::ended::end_words(words, state) {
            Some((headline, _)) if !words.is_english() => headline,
            _ => outcome.result.clone(),
        };
        text.push_str(&format!(" · {result}"));
    }
    text
}

/// `GET /api/rooms/{id}/ply/{n}.svg`: the position at ply `n` as an
/// image. The route of [`ply_json`] answers it (axum's router takes no
/// suffix after a parameter); `openapi.rs` adds its description.
#[utoipa::path(get, path = "/api/rooms/{id}/ply/{n}.svg", tag = "rooms",
    params(RecordAddress, ("n" = String, Path, description = "The ply, or `latest`")),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "The position at that ply as an SVG image with a caption (game, players, ply, result), as a spectator may see it", content_type = "image/svg+xml", body = String),
        (status = 400, description = "A ply past the end of the log (`bad-ply`)", body = ref("#/components/schemas/HttpError")),
        (status = 401, response = inline(BadToken)),
        (status = 403, description = "A private room without its invite (`invite-required`), or a game not started (`not-started`)", body = ref("#/components/schemas/HttpError")),
        (status = 404, response = inline(UnknownRoom)),
        (status = 503, response = inline(StorageFailed))))]
async fn ply_image(
    app: &App,
    id: &str,
    n: &str,
    query: &HashMap<String, String>,
    headers: &HeaderMap,
) -> Response {
    match ply(app, id, n, query, headers).await {
        Ok(replay) => {
            let board = replay
                .state
                .play
                .as_ref()
                .map(|p| p.board_value())
                .unwrap_or_default();
            let image = svg::position(
                &replay.state.game,
                &board,
                &caption(
                    &crate::sentences::http_words(headers),
                    &replay.state,
                    replay.ply,
                    replay.plies,
                ),
            );
            (
                [
                    (header::CONTENT_TYPE, "image/svg+xml"),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                image,
            )
                .into_response()
        }
        Err(refused) => refused,
    }
}

/// `GET /api/rooms/{id}/record.json`: the game record as JSON.
#[utoipa::path(get, path = "/api/rooms/{id}/record.json", tag = "rooms",
    params(RecordAddress),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "The record of `/api/rooms/{id}/record`, line for line: its headers, the game, options, players and result, and its actions (a secret one as its seat and commitment)", body = ref("#/components/schemas/GameRecord")),
        (status = 403, description = "A private room without its invite (`invite-required`), or nothing to record yet (`not-started`)", body = ref("#/components/schemas/HttpError")),
        RecordRefused))]
pub async fn record_json(RecordText(text): RecordText) -> Response {
    axum::Json(GameRecord::from_text(&text)).into_response()
}
