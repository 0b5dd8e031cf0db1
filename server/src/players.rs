//! The player pages' HTTP answers: `GET /api/players/{id}` (name, account
//! or guest, ratings per key, recent games with a link to their replay)
//! and `GET /api/leaderboard?game=K` (the best by conservative rating).

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use lodestone_protocol::{Leaderboard, LeaderboardEntry, PlayerPage, RecentGame, codes};
use lodestone_rules::GameKind;

use crate::app::App;
use crate::http::json_error;
use crate::ratings;
use crate::room::rating_key;

/// Recent games on a player's page.
const RECENT_GAMES: i64 = 20;
/// The most lines of a leaderboard (and the default).
const LEADERBOARD_LINES: i64 = 100;

/// Every rating key: each game, Magma per number of players.
pub fn rating_keys() -> Vec<String> {
    GameKind::ALL
        .into_iter()
        .flat_map(|kind| match kind {
            GameKind::Magma => (2..=6).map(|n| rating_key(kind, n)).collect(),
            other => vec![rating_key(other, 2)],
        })
        .collect()
}

fn storage_failure() -> Response {
    json_error(
        StatusCode::SERVICE_UNAVAILABLE,
        codes::STORAGE,
        "the server could not read its storage; try again",
    )
}

/// `GET /api/players/{id}`.
pub async fn player(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    if id.len() > 64 {
        return json_error(
            StatusCode::NOT_FOUND,
            codes::UNKNOWN_PLAYER,
            "there is no such player",
        );
    }
    let guest = match app.store.guests(std::slice::from_ref(&id)).await {
        Ok(mut found) => match found.pop() {
            Some(guest) => guest,
            None => {
                return json_error(
                    StatusCode::NOT_FOUND,
                    codes::UNKNOWN_PLAYER,
                    "there is no such player",
                );
            }
        },
        Err(_) => return storage_failure(),
    };
    let (account, ratings, recent) = match tokio::try_join!(
        app.store.is_account(&id),
        app.store.ratings_of(&id),
        app.store.recent_games(&id, RECENT_GAMES),
    ) {
        Ok(found) => found,
        Err(_) => return storage_failure(),
    };
    axum::Json(PlayerPage {
        id: guest.id,
        name: guest.name,
        account,
        bot: guest.bot.is_some(),
        ratings: ratings
            .into_iter()
            .map(|r| ratings::shown(&r.key, r.rating))
            .collect(),
        recent: recent
            .into_iter()
            .map(|g| RecentGame {
                replay: format!("#/room/{}/ply/0", g.room_id),
                room: g.room_id,
                game: g.game,
                result: g.result,
                rated: g.rated,
                finished_at: u64::try_from(g.finished_at).unwrap_or(0),
            })
            .collect(),
    })
    .into_response()
}

/// `GET /api/leaderboard?game=K[&limit=N]`.
pub async fn leaderboard(
    State(app): State<Arc<App>>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let keys = rating_keys();
    let Some(game) = query.get("game").filter(|g| keys.contains(g)) else {
        return json_error(
            StatusCode::BAD_REQUEST,
            codes::UNKNOWN_GAME,
            &format!("give ?game= one of {}", keys.join(", ")),
        );
    };
    let limit = query
        .get("limit")
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or(LEADERBOARD_LINES)
        .clamp(1, LEADERBOARD_LINES);
    let rows = match app.store.leaderboard(game, limit).await {
        Ok(rows) => rows,
        Err(_) => return storage_failure(),
    };
    axum::Json(Leaderboard {
        game: game.clone(),
        players: rows
            .into_iter()
            .enumerate()
            .map(|(i, row)| LeaderboardEntry {
                rank: i as u32 + 1,
                id: row.guest_id,
                name: row.name,
                rating: ratings::conservative(row.rating),
                games: u32::try_from(row.rating.games).unwrap_or(u32::MAX),
                provisional: ratings::provisional(row.rating),
            })
            .collect(),
    })
    .into_response()
}
