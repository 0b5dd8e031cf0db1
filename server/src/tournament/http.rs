//! The tournaments over HTTP: `GET /api/tournaments` (the list: upcoming,
//! running, then the latest finished, public ones only),
//! `GET /api/tournaments/{id}` (players, standings, rounds and games; a
//! private one with `?invite=`), and `GET /api/tournaments/{id}/records`
//! (the records of all its games as one text file). Read from the logs,
//! so every node answers the same. `http::api_routes` registers them with
//! their OpenAPI descriptions.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use lodestone_protocol::{Code, HttpError, codes};

use super::serve::{from_log, list};
use crate::answers::Addressed;
use crate::api_docs::{StorageFailed, TournamentAddress, TournamentRefused};
use crate::app::App;
use crate::room::RoomCore;
use crate::secrets::OsSecrets;

fn json_error(status: StatusCode, code: Code, message: &str) -> Response {
    let body = HttpError::new(code, message).to_json();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn unavailable() -> Response {
    json_error(StatusCode::SERVICE_UNAVAILABLE, codes::STORAGE, "try again")
}

/// `GET /api/tournaments`: the public tournaments.
#[utoipa::path(get, path = "/api/tournaments", tag = "tournaments",
    responses(
        (status = 200, description = "The public tournaments that are upcoming or running, then the 50 latest finished", body = ref("#/components/schemas/TournamentList")),
        (status = 503, response = inline(StorageFailed))))]
pub async fn tournaments(State(app): State<Arc<App>>) -> Response {
    match list(&app, None).await {
        Ok(list) => axum::Json(list).into_response(),
        Err(_) => unavailable(),
    }
}

/// The tournament a request names (`{id}` in its path, `?invite=` in its
/// query), extracted only if the request may see it: else the answer
/// saying why not.
pub struct Visible(super::state::Tournament);

impl FromRequestParts<Arc<App>> for Visible {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Visible, Response> {
        let Addressed { id, query } = Addressed::from_request_parts(parts, app).await?;
        visible(app, &id, &query).await.map(Visible)
    }
}

/// The tournament `id` if the request may see it, or the answer saying
/// why not.
async fn visible(
    app: &App,
    id: &str,
    query: &HashMap<String, String>,
) -> Result<super::state::Tournament, Response> {
    let t = match from_log(app, id).await {
        Ok(Some(t)) => t,
        Ok(None) => {
            return Err(json_error(
                StatusCode::NOT_FOUND,
                Code::UnknownTournament,
                "there is no such tournament",
            ));
        }
        Err(_) => return Err(unavailable()),
    };
    if !t.admits("", query.get("invite").map(String::as_str)) {
        return Err(json_error(
            StatusCode::FORBIDDEN,
            Code::NotInvited,
            "this tournament is private: add its invite code (?invite=CODE)",
        ));
    }
    Ok(t)
}

/// `GET /api/tournaments/{id}[?invite=CODE]`: one tournament.
#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "tournaments",
    params(TournamentAddress),
    responses(
        (status = 200, description = "The tournament: players, standings, rounds and their games", body = ref("#/components/schemas/TournamentState")),
        TournamentRefused))]
pub async fn tournament(Visible(t): Visible) -> Response {
    axum::Json(t.view(false, t.next_round_at())).into_response()
}

/// Every game's record as a spectator may see it (a game still being
/// played hides what its players keep secret), one after another.
#[utoipa::path(get, path = "/api/tournaments/{id}/records", tag = "tournaments",
    params(TournamentAddress),
    responses(
        (status = 200, description = "The records of all the tournament's games (docs/notation.md), one after another, as a spectator may see each", content_type = "text/plain", body = String),
        TournamentRefused))]
pub async fn records(State(app): State<Arc<App>>, Visible(t): Visible) -> Response {
    let mut out = String::new();
    for game in &t.games {
        let Ok(rows) = app.store.room_events(&game.room).await else {
            return unavailable();
        };
        let core = rows
            .iter()
            .map(crate::room::from_row)
            .collect::<Result<Vec<_>, _>>()
            .and_then(|events| RoomCore::restore(&game.room, &events, Box::new(OsSecrets)));
        let Ok(core) = core else { continue };
        // The tournament's invite (checked above) opens its rooms.
        if let Ok(record) = core.record_for(None, core.invite()) {
            out.push_str(&record);
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out.push('\n');
        }
    }
    let name = format!("attachment; filename=\"tournament-{}.txt\"", t.id);
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, name),
        ],
        out,
    )
        .into_response()
}
