//! The player pages' answers, which `http.rs` serves: `GET
//! /api/players/{id}` (name, account or guest, ratings per key, recent
//! games with a link to their replay) and `GET /api/leaderboard?game=K`
//! (the best by conservative rating), or why not (a status, a code and a
//! sentence).

use axum::http::StatusCode;
use lodestone_protocol::{Detail, Leaderboard, LeaderboardEntry, PlayerPage, RecentGame, codes};

use crate::app::App;
use crate::ratings;
use crate::store::RatingKey;

/// Recent games on a player's page.
const RECENT_GAMES: i64 = 20;
/// The most lines of a leaderboard (and the default).
const LEADERBOARD_LINES: i64 = 100;

/// Every rating key: each game, Magma per number of players.
pub fn rating_keys() -> Vec<String> {
    RatingKey::all().iter().map(ToString::to_string).collect()
}

/// Why a page cannot be given: the HTTP status and the refusal.
pub type Refused = (StatusCode, crate::served::Refused);

fn storage_failure<E>(_: E) -> Refused {
    let sentence = "the server could not read its storage; try again";
    (
        StatusCode::SERVICE_UNAVAILABLE,
        crate::served::Refused::new(codes::STORAGE, sentence),
    )
}

fn no_player() -> Refused {
    let sentence = "there is no such player";
    (
        StatusCode::NOT_FOUND,
        crate::served::Refused::new(codes::UNKNOWN_PLAYER, sentence),
    )
}

/// `GET /api/players/{id}`: the player's page as `viewer` (the guest of
/// the request's token, if any) may see it: a private game is listed
/// only to those who played in it.
pub async fn player(app: &App, id: &str, viewer: Option<&str>) -> Result<PlayerPage, Refused> {
    if id.len() > 64 {
        return Err(no_player());
    }
    let id = id.to_string();
    let guest = app
        .store
        .guests(std::slice::from_ref(&id))
        .await
        .map_err(storage_failure)?
        .pop()
        .ok_or_else(no_player)?;
    // One after the other, games first: a rated game read here has its
    // ratings (written in the same transaction) in the next read.
    let recent = app
        .store
        .recent_games(&id, viewer, RECENT_GAMES)
        .await
        .map_err(storage_failure)?;
    let ratings = app.store.ratings_of(&id).await.map_err(storage_failure)?;
    let account = app.store.is_account(&id).await.map_err(storage_failure)?;
    let bot_account = account && app.store.is_bot_account(&id).await.map_err(storage_failure)?;
    Ok(PlayerPage {
        id: guest.id,
        name: guest.name,
        account,
        bot: guest.bot.is_some() || bot_account,
        ratings: ratings
            .into_iter()
            .map(|r| ratings::shown(&r.key.to_string(), r.rating))
            .collect(),
        recent: recent
            .into_iter()
            .map(|g| RecentGame {
                replay: format!("#/room/{}/ply/0", g.room_id),
                room: g.room_id,
                game: g.game.to_string(),
                result: g.result.to_string(),
                rated: g.rated,
                finished_at: u64::try_from(g.finished_at).unwrap_or(0),
            })
            .collect(),
    })
}

/// `GET /api/leaderboard?game=K[&limit=N]`: the best players of rating
/// key `game`.
pub async fn leaderboard(app: &App, game: Option<&str>, limit: Option<&str>) -> Result<Leaderboard, Refused> {
    let Some(key) = game.and_then(|g| g.parse::<RatingKey>().ok()) else {
        let keys = rating_keys();
        let refused = crate::served::Refused::detailed(codes::UNKNOWN_GAME, Detail::RatingGames { keys });
        return Err((StatusCode::BAD_REQUEST, refused));
    };
    let limit = limit
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or(LEADERBOARD_LINES)
        .clamp(1, LEADERBOARD_LINES);
    let rows = app.store.leaderboard(key, limit).await.map_err(storage_failure)?;
    Ok(Leaderboard {
        game: key.to_string(),
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
                bot: row.bot,
            })
            .collect(),
    })
}
