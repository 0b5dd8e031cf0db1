//! Stored moderation rows as the console shows them: each guest id with
//! its current name, reports with their context, sanctions, audit
//! entries, and a player's whole file.

use std::collections::HashMap;

use lodestone_protocol::{
    AuditEntry, Guest, Offense, PlayerFile, RecentGame, ReportContext, ReportInfo, ReportStatus, Sanction,
    SanctionKind,
};

use crate::store::{AuditRow, ReportRow, SanctionRow, Store, StoreError};

/// The guests named by `ids`, by id (a guest that no longer exists keeps
/// its id as its name).
pub async fn names(store: &Store, ids: &[&str]) -> Result<HashMap<String, Guest>, StoreError> {
    let mut wanted: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
    wanted.sort();
    wanted.dedup();
    let found = store.guests(&wanted).await?;
    let mut out: HashMap<String, Guest> = wanted
        .into_iter()
        .map(|id| (id.clone(), Guest { name: id.clone(), id }))
        .collect();
    for g in found {
        out.insert(
            g.id.clone(),
            Guest {
                id: g.id,
                name: g.name,
            },
        );
    }
    Ok(out)
}

/// Each of `rows` as the console shows it (`show`), with the guests the
/// rows name (`mentions` of each row) by id.
async fn shown<'r, R, T, const N: usize>(
    store: &Store,
    rows: &'r [R],
    mentions: fn(&'r R) -> [Option<&'r str>; N],
    show: impl Fn(&HashMap<String, Guest>, &'r R) -> T,
) -> Result<Vec<T>, StoreError> {
    let ids: Vec<&str> = rows.iter().flat_map(mentions).flatten().collect();
    let names = names(store, &ids).await?;
    Ok(rows.iter().map(|r| show(&names, r)).collect())
}

fn guest(names: &HashMap<String, Guest>, id: &str) -> Guest {
    names.get(id).cloned().unwrap_or_else(|| Guest {
        id: id.to_string(),
        name: id.to_string(),
    })
}

fn status(text: &str) -> ReportStatus {
    match text {
        "taken" => ReportStatus::Taken,
        "resolved" => ReportStatus::Resolved,
        "dismissed" => ReportStatus::Dismissed,
        _ => ReportStatus::Open,
    }
}

fn kind(text: &str) -> SanctionKind {
    match text {
        "timeout" => SanctionKind::Timeout,
        "rated_ban" => SanctionKind::RatedBan,
        _ => SanctionKind::Ban,
    }
}

/// Reports as the console shows them.
pub async fn reports(store: &Store, rows: &[ReportRow]) -> Result<Vec<ReportInfo>, StoreError> {
    shown(
        store,
        rows,
        |r| {
            [
                Some(r.reporter_id.as_str()),
                Some(r.target_id.as_str()),
                r.moderator_id.as_deref(),
            ]
        },
        |names, r| ReportInfo {
            id: r.id.clone(),
            at: r.at as u64,
            reporter: guest(names, &r.reporter_id),
            player: guest(names, &r.target_id),
            reason: r.reason.clone(),
            status: status(&r.status),
            moderator: r.moderator_id.as_deref().map(|m| guest(names, m)),
            note: r.note.clone().filter(|n| !n.is_empty()),
            context: r
                .context
                .as_deref()
                .and_then(|c| serde_json::from_str::<ReportContext>(c).ok()),
        },
    )
    .await
}

/// Sanctions as the console shows them.
pub async fn sanctions(store: &Store, rows: &[SanctionRow]) -> Result<Vec<Sanction>, StoreError> {
    shown(
        store,
        rows,
        |r| [r.guest_id.as_deref(), r.by_id.as_deref()],
        |names, r| Sanction {
            id: r.id.clone(),
            kind: kind(&r.kind),
            player: r.guest_id.as_deref().map(|g| guest(names, g)),
            address: r.address.clone(),
            room: r.room_id.clone(),
            reason: r.reason.clone(),
            by: r.by_id.as_deref().map(|g| guest(names, g)),
            at: r.at as u64,
            until: r.until.map(|u| u as u64),
            lifted: r.lifted_at.map(|u| u as u64),
        },
    )
    .await
}

/// Audit entries as the console shows them.
pub async fn audit(store: &Store, rows: &[AuditRow]) -> Result<Vec<AuditEntry>, StoreError> {
    shown(
        store,
        rows,
        |r| [r.actor_id.as_deref(), r.target_id.as_deref()],
        |names, r| AuditEntry {
            id: r.id.clone(),
            at: r.at as u64,
            actor: r.actor_id.as_deref().map(|g| guest(names, g)),
            action: r.action.clone(),
            player: r.target_id.as_deref().map(|g| guest(names, g)),
            room: r.room_id.clone(),
            detail: r.detail.clone(),
        },
    )
    .await
}

/// The guest a moderator means by `text`: a guest id, or an account's
/// name, or else the newest guest with that name; never one whose data
/// was deleted.
pub async fn find_player(store: &Store, text: &str) -> Result<Option<String>, StoreError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 200 {
        return Ok(None);
    }
    if let Some(g) = store.guests(&[text.to_string()]).await?.pop() {
        return Ok((!store.is_deleted(&g.id).await?).then_some(g.id));
    }
    if let Some((id, _)) = store.account_by_name(&crate::accounts::name_key(text)).await? {
        return Ok(Some(id));
    }
    Ok(store.guests_named(text).await?.into_iter().next())
}

/// Everything the console shows of guest `id`; `None` if there is no such
/// guest.
pub async fn player_file(store: &Store, id: &str) -> Result<Option<PlayerFile>, StoreError> {
    let Some(row) = store.guests(&[id.to_string()]).await?.pop() else {
        return Ok(None);
    };
    let games = store
        .recent_games(id, Some(id), 50)
        .await?
        .into_iter()
        .map(|g| RecentGame {
            replay: format!("#/room/{}/ply/0", g.room_id),
            room: g.room_id,
            game: g.game.to_string(),
            result: g.result.as_str().to_string(),
            rated: g.rated,
            finished_at: g.finished_at as u64,
        })
        .collect();
    let offenses = store
        .offenses_of(id, 0)
        .await?
        .into_iter()
        .rev()
        .map(|o| Offense {
            room: o.room_id,
            kind: o.kind,
            at: o.at as u64,
        })
        .collect();
    Ok(Some(PlayerFile {
        guest: Guest {
            id: row.id.clone(),
            name: row.name,
        },
        account: store.is_account(id).await?,
        role: super::roles::role(store, id).await?,
        created_at: store.guest_created_at(id).await?.unwrap_or(0) as u64,
        games,
        reports: reports(store, &store.reports_of(id, true).await?).await?,
        reported: reports(store, &store.reports_of(id, false).await?).await?,
        sanctions: sanctions(store, &store.sanctions_of(id).await?).await?,
        actions: audit(store, &store.audit_of(id).await?).await?,
        offenses,
    }))
}
