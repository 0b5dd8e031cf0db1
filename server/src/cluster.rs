//! Several nodes over one PostgreSQL database: a room's record read from
//! the log of another node's room, the lobby as every node sees it, and
//! the node's background work: holding its run's lock (`store/runs.rs`:
//! how the others see at once that it died), renewing its leases and its
//! heartbeat, sweeping up rooms nobody holds (a dead owner's, so clocks
//! keep their deadlines), listening for other nodes' notices, and handing
//! every room over on SIGTERM. Without a node (SQLite) every function here
//! does what one server always did.

use std::sync::Arc;
use std::time::Duration;

use lodestone_protocol::RoomSummary;

use crate::app::App;
use crate::moderation::bans::Banned;
use crate::node::Node;
use crate::store::{Notice, RunLock, StoreError};

/// The game record of room `id` (served by another node) as `guest` may
/// see it, read from its log without taking the room.
pub async fn record_from_log(
    app: &App,
    id: &str,
    guest: Option<&str>,
    invite: Option<&str>,
) -> Result<Result<String, crate::room::Refusal>, StoreError> {
    let rows = app.store.room_events(id).await?;
    let core = rows
        .iter()
        .map(crate::room::from_row)
        .collect::<Result<Vec<_>, _>>()
        .and_then(|events| crate::room::RoomCore::restore(id, &events, Box::new(crate::secrets::OsSecrets)))
        .map_err(|e| StoreError::Rejected(format!("room {id} does not replay: {e}")))?;
    Ok(core.record_for(guest, invite))
}

/// A page of the public room list: at most `page` (0: all) and how many
/// there are.
#[derive(Debug)]
pub struct Page {
    pub rooms: Vec<RoomSummary>,
    pub total: usize,
}

/// Public rooms with a free seat (or with `playing`, public games being
/// played), in id order: from this node's lobby alone, or with several
/// nodes from the database, so every node shows the same list.
pub async fn list_rooms(
    app: &App,
    game: Option<&str>,
    playing: bool,
    page: usize,
) -> Result<Page, StoreError> {
    let local = app
        .lobby
        .list(game, playing, if app.node.is_some() { 0 } else { page });
    let Some(node) = &app.node else {
        return Ok(Page {
            rooms: local.rooms,
            total: local.total,
        });
    };
    // This node's own rooms as it knows them now; the others' as their
    // owners last published them.
    let mut rooms = local.rooms;
    let mine: std::collections::HashSet<String> = rooms.iter().map(|r| r.id.clone()).collect();
    rooms.extend(
        node.list(playing)
            .await?
            .into_iter()
            .filter(|r| !mine.contains(&r.id) && app.lobby.get(&r.id).is_none())
            .filter(|r| playing || r.taken < r.seats)
            .filter(|r| game.is_none_or(|g| r.game.eq_ignore_ascii_case(g))),
    );
    rooms.sort_by(|a, b| a.id.cmp(&b.id));
    let total = rooms.len();
    if page > 0 {
        rooms.truncate(page);
    }
    Ok(Page { rooms, total })
}

/// The unfinished rooms where `guest` holds a seat, on any node.
pub async fn rooms_of(app: &App, guest: &str) -> Vec<String> {
    let mut rooms = app.lobby.rooms_of(guest);
    if let Some(node) = &app.node {
        match node.leases.rooms_of(guest).await {
            Ok(more) => rooms.extend(more),
            Err(e) => tracing::warn!(error = %e, "could not read the rooms of a guest from the database"),
        }
        rooms.sort();
        rooms.dedup();
    }
    rooms
}

/// Starts the node's background tasks: its run's lock, heartbeat and lease
/// renewal, the sweeper, and the notice listener.
pub async fn start(app: &Arc<App>) {
    let Some(node) = app.node.clone() else { return };
    // The run's lock first: the leases taken from now on name the run.
    let lock = lock_run(&node, None).await;
    if let Err(e) = node.leases.heartbeat(&node.name, &node.url).await {
        tracing::warn!(error = %e, "could not register the node");
    }
    tracing::info!(node = %node.name, url = %node.url, run = node.leases.run(), lease_ms = node.lease_ms, renew_ms = node.renew_ms, "node joined");
    // Before serving: the live rooms nobody holds (a database of one
    // server that was stopped, or copied from SQLite) are resumed here, as
    // a server alone resumes its rooms.
    let mut taken = 0;
    loop {
        let Ok((listed, took)) = crate::rooms::take_orphans(app, &node, 500).await else {
            break;
        };
        taken += took;
        if listed < 500 || took == 0 {
            break;
        }
    }
    tracing::info!(rooms = taken, "resumed the unfinished rooms nobody held");
    app.tasks.spawn(keep_run(app.clone(), node.clone(), lock));
    app.tasks.spawn(renew(app.clone(), node.clone()));
    app.tasks.spawn(sweep(app.clone(), node.clone()));
    app.tasks.spawn(listen(app.clone(), node));
}

/// Takes the lock of this node's run (`run`, or a fresh one), within a
/// renewal period; `None` if it could not (tried again by [`keep_run`]).
async fn lock_run(node: &Node, run: Option<i64>) -> Option<RunLock> {
    let wait = Duration::from_millis(node.renew_ms.max(1000));
    match tokio::time::timeout(wait, node.leases.lock_run(run)).await {
        Ok(Ok(Some(lock))) => {
            tracing::info!(node = %node.name, run = lock.run(), "holding the run's lock");
            Some(lock)
        }
        Ok(Ok(None)) => {
            tracing::warn!(node = %node.name, run, "the run's lock is still held by a session that ended; trying again");
            None
        }
        Ok(Err(e)) => {
            tracing::warn!(node = %node.name, error = %e, "could not take the run's lock; trying again");
            None
        }
        Err(_) => {
            tracing::warn!(node = %node.name, "taking the run's lock took too long; trying again");
            None
        }
    }
}

/// Every renewal period: checks that the run's lock is still held (after
/// PostgreSQL restarted, say), taking it again if not. Other runs are
/// judged dead by their locks only once this node has held its own for
/// two periods: after a restart of PostgreSQL ended every session, each
/// live node takes its lock again within a period, and none of them is
/// mistaken for dead meanwhile. (A mistake would cost hand-overs, never a
/// write: the fence is the lease's epoch.)
async fn keep_run(app: Arc<App>, node: Arc<Node>, mut lock: Option<RunLock>) {
    let period = Duration::from_millis(node.renew_ms);
    let mut held_since = lock.is_some().then(tokio::time::Instant::now);
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = app.shutdown.cancelled() => break,
            _ = tick.tick() => {}
        }
        let held = match lock.as_mut() {
            Some(l) => matches!(
                tokio::time::timeout(period.max(Duration::from_secs(1)), l.held()).await,
                Ok(Ok(true))
            ),
            None => false,
        };
        if !held {
            node.leases.judge_runs(false);
            if lock.take().is_some() {
                tracing::warn!(node = %node.name, "lost the run's lock (its database session ended); taking it again");
            }
            lock = lock_run(&node, node.leases.run()).await;
            held_since = lock.is_some().then(tokio::time::Instant::now);
            continue;
        }
        if held_since.is_some_and(|since| since.elapsed() >= 2 * period) {
            node.leases.judge_runs(true);
        }
    }
    node.leases.judge_runs(false);
    if let Some(lock) = lock {
        lock.close().await;
    }
}

/// Every renewal period: says the node is alive and renews its leases;
/// a room whose lease was not renewed (another node has it) is handed
/// over. A database that does not answer is tried again next period; a
/// lease that lapsed meanwhile but nobody took is still renewed.
async fn renew(app: Arc<App>, node: Arc<Node>) {
    let mut tick = tokio::time::interval(Duration::from_millis(node.renew_ms));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut failing = false;
    while node.next_period(&app.shutdown, &mut tick).await {
        let leases = node.to_renew();
        let owned: Vec<(String, i64)> = leases.iter().map(|(room, l)| (room.clone(), l.epoch)).collect();
        let result = async {
            node.leases.heartbeat(&node.name, &node.url).await?;
            node.leases.renew(&node.name, &owned, node.lease_ms).await
        };
        match tokio::time::timeout(Duration::from_millis(node.lease_ms), result).await {
            Ok(Ok(renewed)) => {
                if failing {
                    tracing::info!(node = %node.name, "the database answers again; leases renewed");
                    failing = false;
                }
                app.metrics.lease_renewals.increment(renewed.len() as u64);
                let renewed: std::collections::HashSet<String> = renewed.into_iter().collect();
                for (room, lease) in &leases {
                    if !renewed.contains(room) {
                        node.not_renewed(room, lease);
                    }
                }
                tracing::debug!(node = %node.name, rooms = renewed.len(), "leases renewed");
            }
            Ok(Err(e)) => {
                failing = true;
                tracing::warn!(node = %node.name, error = %e, "could not renew the leases; trying again");
            }
            Err(_) => {
                failing = true;
                tracing::warn!(node = %node.name, "renewing the leases took too long; trying again");
            }
        }
        app.metrics.rooms_owned.set(node.owned_count() as f64);
    }
}

/// Every renewal period, and at least every second (staggered by node):
/// takes the live rooms nobody holds (their lease expired, or its run
/// died), those whose deadline has passed first, so that a dead node's
/// games go on (their clocks and timers fire here) even before any client
/// comes back.
async fn sweep(app: Arc<App>, node: Arc<Node>) {
    let period = node.renew_ms.clamp(1, SWEEP_MS);
    // Nodes started together do not sweep in step.
    let offset = node.name.bytes().map(u64::from).sum::<u64>() % period;
    tokio::select! {
        _ = app.shutdown.cancelled() => return,
        _ = tokio::time::sleep(Duration::from_millis(offset)) => {}
    }
    let mut tick = tokio::time::interval(Duration::from_millis(period));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while node.next_period(&app.shutdown, &mut tick).await {
        if let Err(e) = crate::rooms::take_orphans(&app, &node, 50).await {
            tracing::debug!(error = %e, "the sweeper could not read the leases");
        }
    }
}

/// The longest period of the sweeper: a dead run's rooms are taken within
/// about this (or at once, by a node a client of theirs comes back to).
const SWEEP_MS: u64 = 1000;

/// Listens for other nodes' notices (`LISTEN lodestone`): `lobby` (a
/// room's line changed) forgets the cached lobby; `owner ROOM NODE` (a
/// node took a room) makes this node hand the room over if it still
/// serves it; `ban …` (a ban given elsewhere) checks the connections it
/// names here (and all of them whenever listening starts); `marked …` (a
/// block stored elsewhere) marks its guest in the store (`store/marks.rs`),
/// whose marks are loaded again whenever listening starts or is lost. A
/// lost connection forgets the lobby too (notices may have been missed;
/// the renewal finds lost rooms anyway) and listens again.
async fn listen(app: Arc<App>, node: Arc<Node>) {
    loop {
        let listened = async {
            let mut notices = node.leases.notices().await?;
            // Whatever changed while nobody listened is read again.
            node.lobby_changed();
            app.store.marks().forget();
            recheck_bans(&app, Banned::Anyone);
            targets_changed(&app, "*".into());
            loop {
                match notices.next().await? {
                    Notice::Lobby => node.lobby_changed(),
                    Notice::Owner { room, node: owner } => node.taken_by(&room, &owner),
                    Notice::Ban { kind, what } => {
                        if let Some(who) = Banned::parse(&kind, what.as_deref()) {
                            recheck_bans(&app, who);
                        }
                    }
                    Notice::Vacation { guest } => vacation_changed(&app, guest),
                    Notice::Targets { owner } => targets_changed(&app, owner),
                    Notice::Marked { kind, key } => app.store.marks().heard(&kind, &key),
                    Notice::Other => {}
                }
            }
            #[allow(unreachable_code)]
            Ok::<(), StoreError>(())
        };
        tokio::select! {
            _ = app.shutdown.cancelled() => return,
            result = listened => {
                node.lobby_changed();
                app.store.marks().forget();
                if let Err(e) = result {
                    tracing::warn!(node = %node.name, error = %e, "lost the notice listener; listening again");
                }
            }
        }
        tokio::select! {
            _ = app.shutdown.cancelled() => return,
            _ = tokio::time::sleep(Duration::from_millis(node.renew_ms)) => {}
        }
    }
}

/// Tells this node's rooms of `guest` that its vacations changed (taken
/// or ended through another node), in a task of its own.
fn vacation_changed(app: &Arc<App>, guest: String) {
    let app = app.clone();
    app.tasks.clone().spawn(async move {
        for room in app.lobby.rooms_of(&guest) {
            if let Some(handle) = app.lobby.get(&room) {
                handle.vacation_changed().await;
            }
        }
    });
}

/// Tells this node's rooms that `owner`'s notification targets changed
/// (`*`: anyone's), in a task of its own.
fn targets_changed(app: &Arc<App>, owner: String) {
    let app = app.clone();
    app.tasks
        .clone()
        .spawn(async move { app.notify.tell_rooms(&owner).await });
}

/// Closes this node's connections `who` names that a stored ban holds
/// (`moderation::bans`), in a task of its own: the listener reads on.
fn recheck_bans(app: &Arc<App>, who: Banned) {
    let app = app.clone();
    app.tasks.clone().spawn(async move {
        let now = app.clock.now_ms() as i64;
        crate::moderation::bans::recheck(&app.store, &app.moderation.online, &who, now).await;
    });
}

/// SIGTERM: leaves the registry, then hands every room over (each task
/// releases its lease and sends its clients `moved` to another live node),
/// and waits for that, at most a lease period.
pub async fn drain(app: &App) {
    let Some(node) = &app.node else { return };
    if let Err(e) = node.leases.remove_node(&node.name).await {
        tracing::warn!(error = %e, "could not leave the node registry");
    }
    let leases = node.drain();
    tracing::info!(node = %node.name, rooms = leases.len(), "draining: handing every room over");
    let all_ended = async {
        for lease in &leases {
            lease.ended.cancelled().await;
        }
    };
    if tokio::time::timeout(Duration::from_millis(node.lease_ms), all_ended)
        .await
        .is_err()
    {
        tracing::warn!(node = %node.name, "some rooms were not handed over in time; their leases will expire");
    }
    let _ = node.leases.notify("lobby").await;
}
