//! Tournament requests from a connection (`session/` hands them here)
//! and finding a tournament: its director on this server, a director
//! started from its log (taking its lease with several nodes), the node
//! that holds it, or, for a finished one, its log folded without a
//! director. At start, the live tournaments are resumed here (and with
//! several nodes, those nobody holds are swept up every renewal period).

use std::sync::Arc;
use std::time::Duration;

use lodestone_protocol::{ClientMessage, Code, RequestId, ServerMessage, TournamentSummary, codes, error};

use super::director::{self, spawn};
use super::event::from_row;
use super::registry::{DirectorHandle, What, director_gone};
use super::spec::check_spec;
use super::state::Tournament;
use crate::app::App;
use crate::room::{Outbox, Player, Refusal};
use crate::secrets::Secrets;
use crate::store::{StoreError, Take};

/// Where a tournament is.
pub enum Found {
    /// Directed here.
    Here(DirectorHandle),
    /// Over: its log folded, nothing more to direct.
    Over(Box<Tournament>),
    /// Another node directs it.
    Moved(String),
    Missing,
}

/// The tournament `id` folded from its log (`None` if there is none).
pub async fn from_log(app: &App, id: &str) -> Result<Option<Tournament>, StoreError> {
    let rows = app.store.tournament_events(id).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let events = rows.iter().map(from_row).collect::<Result<Vec<_>, _>>();
    match events.and_then(|e| Tournament::restore(id, &e)) {
        Ok(t) => Ok(Some(t)),
        Err(e) => {
            tracing::error!(tournament = id, error = %e, "a stored tournament does not fold");
            Ok(None)
        }
    }
}

/// Finds tournament `id`, starting its director here if it is live and
/// nobody else directs it.
pub async fn locate(app: &Arc<App>, id: &str) -> Result<Found, StoreError> {
    if let Some(handle) = app.tournaments.get(id) {
        return Ok(Found::Here(handle));
    }
    let _loading = app.tournaments.loading.lock().await;
    if let Some(handle) = app.tournaments.get(id) {
        return Ok(Found::Here(handle));
    }
    let Some(t) = from_log(app, id).await? else {
        return Ok(Found::Missing);
    };
    if t.status == lodestone_protocol::TournamentStatus::Finished {
        return Ok(Found::Over(Box::new(t)));
    }
    let Some(node) = app.node.clone() else {
        return Ok(Found::Here(spawn(app, t, None)));
    };
    match node.leases.take_tournament(id, &node.name, node.lease_ms).await? {
        Take::Taken(epoch) => {
            let lease = node.adopt(id, epoch);
            // Read again under the lease: the last owner may have written
            // since.
            match from_log(app, id).await? {
                Some(t) => {
                    tracing::info!(tournament = id, epoch, node = %node.name, "tournament lease taken; director started");
                    Ok(Found::Here(spawn(app, t, Some(lease))))
                }
                None => {
                    lease.ended.cancel();
                    Ok(Found::Missing)
                }
            }
        }
        Take::Owned { url: Some(url), .. } => Ok(Found::Moved(url)),
        Take::Owned { url: None, .. } | Take::NoRoom => Ok(Found::Missing),
    }
}

/// Resumes the live tournaments (at start), and with several nodes keeps
/// taking those nobody holds (a dead node's) every renewal period.
pub async fn resume(app: Arc<App>) {
    let Some(node) = app.node.clone() else {
        match app.store.tournament_lines(0).await {
            Ok(lines) => {
                for line in lines.iter().filter(|l| l.status != "finished") {
                    if let Err(e) = locate(&app, &line.id).await {
                        tracing::error!(tournament = %line.id, error = %e, "could not resume a tournament");
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "could not list the live tournaments"),
        }
        return;
    };
    let mut tick = tokio::time::interval(Duration::from_millis(node.renew_ms.max(100)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while node.next_period(&app.shutdown, &mut tick).await {
        match node.leases.orphan_tournaments().await {
            Ok(ids) => {
                for id in ids {
                    if let Ok(Found::Here(_)) = locate(&app, &id).await {
                        tracing::info!(tournament = %id, node = %node.name, "failover: took a tournament nobody held");
                    }
                }
            }
            Err(e) => tracing::debug!(error = %e, "could not read the tournaments nobody holds"),
        }
    }
}

fn refused(id: RequestId, r: Refusal) -> ServerMessage {
    r.into_error(Some(id))
}

fn storage(id: RequestId) -> ServerMessage {
    error(
        Some(id),
        codes::STORAGE,
        "the server could not read or store the tournament; try again",
    )
}

/// The summaries of the tournaments `guest` may see in the list: the
/// public ones and its own.
pub async fn list(app: &App, guest: Option<&str>) -> Result<Vec<TournamentSummary>, StoreError> {
    let lines = app.store.tournament_lines(50).await?;
    Ok(lines
        .into_iter()
        .filter(|l| l.public || guest == Some(l.organizer.as_str()))
        .filter_map(|l| serde_json::from_str(&l.summary).ok())
        .collect())
}

/// Creates a tournament for `player`.
async fn create(
    app: &Arc<App>,
    player: &Player,
    id: RequestId,
    mut spec: lodestone_protocol::TournamentSpec,
) -> ServerMessage {
    let limits = &app.config.tournaments;
    let now = app.clock.now_ms();
    if let Err(r) = check_spec(&mut spec, now, limits) {
        return refused(id, r);
    }
    match app.store.live_tournaments_of(&player.id).await {
        Ok(n) if n as usize >= limits.per_organizer => {
            return error(
                Some(id),
                Code::TooManyTournaments,
                format!(
                    "you organize {n} tournaments that are not over, as many as one may: finish one first"
                ),
            );
        }
        Ok(_) => {}
        Err(_) => return storage(id),
    }
    let tid = uuid::Uuid::new_v4().to_string();
    let invite = (!spec.public).then(|| crate::secrets::OsSecrets.invite());
    let (t, created) = Tournament::create(&tid, spec, player, invite, now);
    let lease = match &app.node {
        Some(node) => match node.leases.claim_new(&tid, &node.name, node.lease_ms).await {
            Ok(()) => Some(node.adopt(&tid, 1)),
            Err(_) => return storage(id),
        },
        None => None,
    };
    if director::store(app, &t, &[created], lease.as_deref())
        .await
        .is_err()
    {
        if let (Some(lease), Some(node)) = (&lease, &app.node) {
            lease.ended.cancel();
            let _ = node.leases.release(&tid, &node.name, 1, true).await;
        }
        return storage(id);
    }
    let state = t.view(true, None);
    spawn(app, t, lease);
    ServerMessage::Tournament {
        id: Some(id),
        tournament: Box::new(state),
    }
}

/// Answers one tournament request of `player` on the connection `outbox`.
pub async fn request(
    app: &Arc<App>,
    player: &Player,
    outbox: &Outbox,
    message: ClientMessage,
    words: &lodestone_i18n::Words,
) -> ServerMessage {
    let (id, tournament, what) = match message {
        ClientMessage::CreateTournament { id, tournament } => {
            return create(app, player, id, tournament).await;
        }
        ClientMessage::ListTournaments { id } => {
            return match list(app, Some(&player.id)).await {
                Ok(tournaments) => ServerMessage::Tournaments { id, tournaments },
                Err(_) => storage(id),
            };
        }
        ClientMessage::WatchTournament {
            id,
            tournament,
            invite,
        } => {
            // Twice at most: a director that stopped meanwhile (its event
            // just finished) is looked up again.
            for _ in 0..2 {
                let answer = match locate(app, &tournament).await {
                    Ok(Found::Here(handle)) => {
                        handle
                            .view(Some(player.id.clone()), invite.clone(), Some(outbox.clone()))
                            .await
                    }
                    other => return answer_elsewhere(id, &tournament, player, invite.as_deref(), other),
                };
                match answer {
                    Err(r) if director_gone(&r) => continue,
                    Ok(state) => {
                        return ServerMessage::Tournament {
                            id: Some(id),
                            tournament: Box::new(state),
                        };
                    }
                    Err(r) => return refused(id, r),
                }
            }
            return storage(id);
        }
        ClientMessage::UnwatchTournament { id, tournament } => {
            if let Some(handle) = app.tournaments.get(&tournament) {
                handle.unwatch(outbox.conn).await;
            }
            return ServerMessage::Ack {
                id,
                room: None,
                seat: None,
                invite: None,
                version: None,
            };
        }
        ClientMessage::JoinTournament {
            id,
            tournament,
            invite,
            team,
        } => (
            id,
            tournament,
            What::Join {
                invite,
                team,
                ratings: Vec::new(),
            },
        ),
        ClientMessage::WithdrawTournament { id, tournament } => (id, tournament, What::Withdraw),
        ClientMessage::StartTournament { id, tournament } => (id, tournament, What::Start),
        ClientMessage::RemoveFromTournament {
            id,
            tournament,
            player: guest,
        } => (id, tournament, What::Remove { guest }),
        ClientMessage::AddTournamentBot {
            id,
            tournament,
            level,
            team,
        } => match level.parse() {
            Ok(level) => {
                let words = words.clone();
                (id, tournament, What::AddBot { level, team, words })
            }
            Err(e) => return error(Some(id), codes::BAD_LEVEL, e),
        },
        other => {
            return error(
                Some(other.id().clone()),
                codes::BAD_MESSAGE,
                "not a tournament request",
            );
        }
    };
    // An entry is judged on what the store says the player is now: an
    // account, and whether that account is a bot (marked perhaps after
    // this connection's hello).
    let mut player = player.clone();
    let is_account = match &what {
        What::Join { .. } if !player.bot => {
            match app.store.accounts_among(std::slice::from_ref(&player.id)).await {
                Ok(accounts) => accounts.contains(&player.id),
                Err(_) => return storage(id),
            }
        }
        _ => false,
    };
    let mut what = what;
    if is_account {
        match app.store.is_bot_account(&player.id).await {
            Ok(bot_account) => player.bot_account = bot_account,
            Err(_) => return storage(id),
        }
        // The ratings an arena's performance is counted from.
        if let What::Join { ratings, .. } = &mut what {
            match app.store.ratings_of(&player.id).await {
                Ok(rows) => *ratings = rows.into_iter().map(|r| (r.key, r.rating.mu)).collect(),
                Err(_) => return storage(id),
            }
        }
    }
    let player = &player;
    let mut found = locate(app, &tournament).await;
    if let Ok(Found::Here(handle)) = &found {
        match handle.request(player.clone(), is_account, what.clone()).await {
            Ok(state) => {
                return ServerMessage::Tournament {
                    id: Some(id),
                    tournament: Box::new(state),
                };
            }
            // Stopped meanwhile (finished, or taken by another node):
            // looked up again below.
            Err(r) if director_gone(&r) => found = locate(app, &tournament).await,
            Err(r) => return refused(id, r),
        }
    }
    match found {
        Ok(Found::Here(handle)) => match handle.request(player.clone(), is_account, what).await {
            Ok(state) => ServerMessage::Tournament {
                id: Some(id),
                tournament: Box::new(state),
            },
            Err(r) => refused(id, r),
        },
        Ok(Found::Over(mut t)) => {
            // Every change of a finished tournament is refused; judged
            // on its folded log, nothing is stored.
            let now = app.clock.now_ms();
            let refusal = match what {
                What::Join { invite, team, .. } => {
                    (t.join(player, is_account, invite.as_deref(), None, team.as_deref(), now)).err()
                }
                What::Withdraw => t.withdraw(player, now).err(),
                What::Start => t.start(player, now).err(),
                What::Remove { guest } => t.remove(player, &guest, now).err(),
                What::AddBot { .. } => None,
            };
            refused(
                id,
                refusal.unwrap_or_else(|| Refusal::new(codes::TOO_LATE, "this tournament is over")),
            )
        }
        other => answer_elsewhere(id, &tournament, player, None, other),
    }
}

/// The answer when the tournament is not directed here.
fn answer_elsewhere(
    id: RequestId,
    tournament: &str,
    player: &Player,
    invite: Option<&str>,
    found: Result<Found, StoreError>,
) -> ServerMessage {
    match found {
        Ok(Found::Over(t)) => {
            if !t.admits(&player.id, invite) {
                return error(
                    Some(id),
                    Code::NotInvited,
                    "this tournament is private: its invite code is needed",
                );
            }
            ServerMessage::Tournament {
                id: Some(id),
                tournament: Box::new(t.view(player.id == t.organizer, None)),
            }
        }
        Ok(Found::Moved(url)) => ServerMessage::Moved {
            room: tournament.to_string(),
            url,
        },
        Ok(Found::Missing) => error(
            Some(id),
            Code::UnknownTournament,
            format!("there is no tournament {tournament:?}"),
        ),
        Ok(Found::Here(_)) | Err(_) => storage(id),
    }
}
