//! A player's data: everything the server holds about a player as one
//! JSON object ([`export`]), and a player's deletion ([`delete`]): the
//! account goes, its games stay with its name replaced (and its chat
//! lines blanked), its ratings go; everyone else's records stay whole.

use std::collections::HashMap;

use serde_json::{Value, json};

use crate::store::{AuditRow, Deletion, EventRow, Store, StoreError};

/// The name a deleted player's games show in its place.
pub const DELETED_NAME: &str = "deleted player";

/// What a deleted player's chat lines say instead.
pub const DELETED_TEXT: &str = "(deleted)";

/// Everything the server holds about guest `id` (`None`: no such guest,
/// or one whose data was deleted).
/// Others appear in it only by their ids (in the reports it made, in
/// the rooms' ids); their names and words do not.
pub async fn export(store: &Store, id: &str) -> Result<Option<Value>, StoreError> {
    let Some(guest) = store.guests(&[id.to_string()]).await?.pop() else {
        return Ok(None);
    };
    if store.is_deleted(id).await? {
        return Ok(None);
    }
    let account = store.account_info(id).await?.map(|a| {
        json!({"name_key": a.name_key, "created_at": a.created_at, "devices": a.devices,
               "password": "kept only as an argon2id hash, not exported"})
    });
    let ratings: Vec<Value> = store
        .ratings_of(id)
        .await?
        .into_iter()
        .map(|r| json!({"game": r.key.to_string(), "mu": r.rating.mu, "sigma": r.rating.sigma, "games": r.rating.games}))
        .collect();
    let games: Vec<Value> = store
        .recent_games(id, Some(id), i64::MAX)
        .await?
        .into_iter()
        .map(|g| json!({"room": g.room_id, "game": g.game.to_string(), "result": g.result.as_str(), "rated": g.rated, "finished_at": g.finished_at}))
        .collect();
    let (rooms, chat) = rooms_and_chat(&store.events_naming(id).await?, id);
    let prefs = store.preferences(id).await?;
    let reports: Vec<Value> = store
        .reports_of(id, false)
        .await?
        .into_iter()
        .map(|r| json!({"id": r.id, "at": r.at, "player": r.target_id, "room": r.room_id, "reason": r.reason, "status": r.status}))
        .collect();
    let about: Vec<Value> = store
        .reports_of(id, true)
        .await?
        .into_iter()
        .map(|r| json!({"id": r.id, "at": r.at, "room": r.room_id, "reason": r.reason, "status": r.status}))
        .collect();
    let sanctions: Vec<Value> = store
        .sanctions_of(id)
        .await?
        .into_iter()
        .map(|s| json!({"id": s.id, "kind": s.kind, "room": s.room_id, "reason": s.reason, "at": s.at, "until": s.until, "lifted_at": s.lifted_at}))
        .collect();
    let offenses: Vec<Value> = store
        .offenses_of(id, 0)
        .await?
        .into_iter()
        .map(|o| json!({"room": o.room_id, "kind": o.kind, "at": o.at}))
        .collect();
    let actions: Vec<Value> = store
        .audit_of(id)
        .await?
        .into_iter()
        .map(|a| {
            let by_me = a.actor_id.as_deref() == Some(id);
            json!({"at": a.at, "action": a.action, "by_you": by_me, "room": a.room_id, "detail": a.detail})
        })
        .collect();
    Ok(Some(json!({
        "guest": {"id": guest.id, "name": guest.name, "bot": guest.bot.map(|level| level.name()),
                  "created_at": store.guest_created_at(id).await?},
        "account": account,
        "role": super::roles::role(store, id).await?.as_str(),
        "preferences": {"zen": prefs.zen, "mute_spectators": prefs.mute_spectators},
        "blocked": store.blocked_by(id).await?,
        "ratings": ratings,
        "games": games,
        "rooms": rooms,
        "chat": chat,
        "reports_made": reports,
        "reports_about_you": about,
        "sanctions": sanctions,
        "games_left": offenses,
        "moderation_actions": actions,
    })))
}

/// The rooms whose events name `id` (it sat or owned them) and the chat
/// lines it said, from the events that name it.
fn rooms_and_chat(rows: &[EventRow], id: &str) -> (Vec<String>, Vec<Value>) {
    let mut rooms: Vec<String> = Vec::new();
    let mut chat = Vec::new();
    for row in rows {
        let Ok(data) = serde_json::from_str::<Value>(&row.data) else {
            continue;
        };
        let mine = data["guest"] == id || data["owner"]["guest"] == id;
        if !mine {
            continue;
        }
        if rooms.last() != Some(&row.room_id) {
            rooms.push(row.room_id.clone());
        }
        if row.kind == "chat" {
            chat.push(json!({"room": row.room_id, "seq": row.seq, "at": row.at, "to": data["to"], "text": data["text"]}));
        }
    }
    (rooms, chat)
}

/// The events of `rooms` (each room's whole log, `logs`) rewritten
/// without guest `id`'s name and words: its seats, its ownership, its
/// renames and its chat lines. Returns room, seq and the new data.
pub fn scrub(logs: &[EventRow], id: &str) -> Vec<(String, i64, String)> {
    let mut holders: HashMap<(String, i64), String> = HashMap::new();
    let mut out = Vec::new();
    for row in logs {
        let Ok(mut data) = serde_json::from_str::<Value>(&row.data) else {
            continue;
        };
        let seat = data["seat"].as_i64();
        if let (Some(seat), Some(guest)) = (seat, data["guest"].as_str()) {
            holders.insert((row.room_id.clone(), seat), guest.to_string());
        }
        let held = seat.is_some_and(|s| holders.get(&(row.room_id.clone(), s)).is_some_and(|g| g == id));
        let mut changed = false;
        if data["guest"] == id || (row.kind == "renamed" && held) {
            if data.get("name").is_some() {
                data["name"] = json!(DELETED_NAME);
                changed = true;
            }
            if row.kind == "chat" {
                data["text"] = json!(DELETED_TEXT);
                changed = true;
            }
        }
        if data["owner"]["guest"] == id {
            data["owner"]["name"] = json!(DELETED_NAME);
            changed = true;
        }
        if changed {
            out.push((row.room_id.clone(), row.seq, data.to_string()));
        }
    }
    out
}

/// Deletes guest `id` (see [`Store::delete_player`]), with `audit`.
pub async fn delete(store: &Store, id: &str, audit: AuditRow) -> Result<(), StoreError> {
    let mut rooms: Vec<String> = store
        .events_naming(id)
        .await?
        .into_iter()
        .map(|r| r.room_id)
        .collect();
    rooms.dedup();
    let mut logs = Vec::new();
    for room in &rooms {
        logs.extend(store.room_events(room).await?);
    }
    let deletion = Deletion {
        guest: id.to_string(),
        name: DELETED_NAME.to_string(),
        token_hash: crate::secrets::Token::fresh().hash(),
        events: scrub(&logs, id),
        audit,
    };
    store.delete_player(&deletion).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64, kind: &str, data: Value) -> EventRow {
        EventRow {
            room_id: "r".into(),
            seq,
            kind: kind.into(),
            at: 0,
            data: data.to_string(),
        }
    }

    #[test]
    fn scrubbing_touches_only_the_deleted_players_name_and_words() {
        let logs = vec![
            row(
                1,
                "created",
                json!({"game": "magneton", "owner": {"guest": "a", "name": "Ann"}}),
            ),
            row(2, "seat-taken", json!({"seat": 0, "guest": "a", "name": "Ann"})),
            row(3, "seat-taken", json!({"seat": 1, "guest": "b", "name": "Bo"})),
            row(4, "renamed", json!({"seat": 0, "name": "Annie"})),
            row(5, "renamed", json!({"seat": 1, "name": "Bob"})),
            row(
                6,
                "chat",
                json!({"guest": "a", "name": "Ann", "to": "room", "text": "hi"}),
            ),
            row(
                7,
                "chat",
                json!({"guest": "b", "name": "Bo", "to": "room", "text": "hello"}),
            ),
        ];
        let out = scrub(&logs, "a");
        let seqs: Vec<i64> = out.iter().map(|(_, s, _)| *s).collect();
        assert_eq!(seqs, [1, 2, 4, 6]);
        for (_, _, data) in &out {
            assert!(!data.contains("Ann") && !data.contains("hi\""), "{data}");
        }
    }
}
