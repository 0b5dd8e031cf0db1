//! The rooms service: how a room comes to exist, where it is, and how it
//! leaves. A new room (a client's `create_room`, a tournament's pairing, a
//! rematch) is leased first on a cluster, its first events stored under
//! that lease's fence, and only then its task started and its bots set
//! playing; when the store refuses, the lease is given back and no task
//! runs. A rematch's room is stored in one write with the old room's
//! `RematchOpened`, by the old room's task (its single writer), asked by
//! [`rematches`]. A room asked for is found in memory, or loaded from its
//! log (with several nodes only after taking its lease; else the owner's
//! URL), one flight per room (`flight.rs`); a request for a room that left
//! memory between the look-up and the send (evicted: its task decides so,
//! `RoomCore::leaves_memory`) loads it again ([`request`]). At start every
//! live room is resumed from one query; with several nodes the rooms
//! nobody holds are taken ([`take_orphans`]).

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use lodestone_protocol::{RequestId, ServerMessage, codes, error};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::app::App;
pub use crate::app::Located;
use crate::bots::resume_bot;
use crate::metrics;
use crate::node::Node;
use crate::room::{
    self, Fence, Opener, Player, Recorded, Refusal, RematchDue, RoomCore, RoomHandle, RoomLease, Unsent,
    spawn_leased_room, spawn_room,
};
use crate::secrets::OsSecrets;
use crate::store::{GuestRow, StoreError, Take};

/// Stores the first `events` of the new room `core` (leased first with
/// several nodes) and starts its task; `before_start` runs once they are
/// stored, with the room not yet running. On a refusal nothing runs and
/// the lease is given back.
pub async fn open(
    app: &Arc<App>,
    core: RoomCore,
    events: &[Recorded],
    before_start: impl FnOnce(&RoomCore),
) -> Result<RoomHandle, StoreError> {
    let id = core.id().to_string();
    // With several nodes, the new room is leased before its first events
    // are stored, under its fence.
    let lease = lease_new_room(app, &id).await.inspect_err(|e| {
        tracing::error!(error = %e, "could not lease a new room");
    })?;
    let ops = room::ops(&id, events, fence_of(app, lease.as_deref()));
    if let Err(e) = app.store.write(ops).await {
        drop_new_room(app, &id, lease).await;
        return Err(e);
    }
    before_start(&core);
    Ok(start(app, core, lease).await)
}

/// Opens a new room of `game` for `player`, from `address`: made,
/// counted against the opener's open rooms (per guest and per address),
/// then stored and started by [`open`]. Its id and invite, or why not.
pub async fn create(
    app: &Arc<App>,
    player: &Player,
    address: IpAddr,
    game: &str,
    options: &BTreeMap<String, String>,
    public: bool,
) -> Result<(String, Option<String>), Refusal> {
    let room_id = uuid::Uuid::new_v4().to_string();
    let now = app.clock.now_ms();
    let created = RoomCore::create(
        room_id.clone(),
        game,
        options,
        public,
        player,
        now,
        Box::new(OsSecrets),
    );
    let (core, events) = created?;
    let limits = &app.config.limits;
    let opener = Opener {
        guest: player.id.clone(),
        address,
    };
    let (per_guest, per_address) = (limits.rooms_per_guest, limits.rooms_per_address);
    if let Err(refusal) = (app.lobby).claim_open_room(&room_id, opener, per_guest, per_address) {
        app.metrics.refused(refusal);
        let address = refusal != metrics::Refusal::RoomsPerGuest;
        let count = if address { per_address } else { per_guest } as u64;
        let detail = lodestone_protocol::Detail::TooManyRooms { count, address };
        return Err(Refusal::detailed(codes::TOO_MANY_ROOMS, detail));
    }
    let invite = core.invite().map(str::to_string);
    if open(app, core, &events, |_| ()).await.is_err() {
        app.lobby.forget_opener(&room_id);
        return Err(Refusal::new(
            codes::STORAGE,
            "the server could not store the room; try again",
        ));
    }
    Ok((room_id, invite))
}

/// Opens the rematches the rooms ask for (every seat accepted), each in a
/// task of its own, until shutdown.
pub async fn rematches(app: Arc<App>, mut asked: UnboundedReceiver<RematchDue>) {
    while let Some(due) = app.next_before_shutdown(&mut asked).await {
        app.tasks.spawn(rematch(app.clone(), due));
    }
}

/// Opens one rematch: its room leased here (several nodes), stored by the
/// old room's task with the old room's `RematchOpened`, then started. If
/// anything fails the lease goes, and the next `rematch` tries again.
async fn rematch(app: Arc<App>, due: RematchDue) {
    let id = uuid::Uuid::new_v4().to_string();
    let lease = match lease_new_room(&app, &id).await {
        Ok(lease) => lease,
        Err(e) => {
            return tracing::error!(error = %e, "could not lease the rematch's room; it opens at the next request");
        }
    };
    match due
        .room
        .reopen(id.clone(), fence_of(&app, lease.as_deref()))
        .await
    {
        Some(core) => {
            start(&app, core, lease).await;
        }
        None => drop_new_room(&app, &id, lease).await,
    }
}

/// Starts the task of the stored room `core` (holding `lease` with several
/// nodes) and sets its computer players playing.
async fn start(app: &Arc<App>, core: RoomCore, lease: Option<Arc<RoomLease>>) -> RoomHandle {
    let bots: Vec<String> = core.seated_bots().into_iter().map(|p| p.id).collect();
    let handle = spawn_leased_room(core, &app.rooms, lease);
    resume_bots(app, &bots, &handle).await;
    handle
}

/// The fence of a new room's first write under `lease` (none without one).
fn fence_of(app: &App, lease: Option<&RoomLease>) -> Option<Fence> {
    lease.zip(app.node.as_ref()).map(|(lease, node)| Fence {
        node: node.name.clone(),
        epoch: lease.epoch,
        deadline: None,
    })
}

/// Finds room `id`: in memory, or loaded from its log; with several nodes,
/// only after taking its lease (free, expired, or a previous run's of this
/// node), otherwise the owner's advertised URL. Each room is found by one
/// flight at a time (`flight.rs`), which waits for no other room's.
pub async fn locate(app: &Arc<App>, id: &str) -> Result<Located, StoreError> {
    let Some(node) = app.node.clone() else {
        return Ok(match local(app, id).await? {
            Some(handle) => Located::Here(handle),
            None => Located::Missing,
        });
    };
    if let Some(handle) = app.lobby.get(id) {
        return Ok(Located::Here(handle));
    }
    for _ in 0..10 {
        let (flier, room, node) = (app.clone(), id.to_string(), node.clone());
        let found = app
            .finding
            .run(id, move || async move {
                take_and_load(&flier, &room, &node)
                    .await
                    .map_err(|e| e.to_string())
            })
            .await
            .map_err(StoreError::Lookup)?;
        match found {
            // Its owner left the registry (it drains): the lease is
            // released in a moment.
            Located::Moved(url) if url.is_empty() => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            found => return Ok(found),
        }
    }
    Ok(Located::Moved(node.url.clone()))
}

/// Why a request did not reach its room's task here.
#[derive(Debug)]
pub enum NotSent {
    /// The room is elsewhere or missing ([`Located::Here`] never), or
    /// could not be looked up.
    Found(Result<Located, StoreError>),
    /// The room kept leaving memory as it was asked.
    Leaving,
}

impl NotSent {
    /// What request `id` is answered when it did not reach room `room`:
    /// `moved` to the node serving it, `unknown-room`, `storage-failure`.
    pub fn reply(self, id: RequestId, room: &str) -> ServerMessage {
        match self {
            NotSent::Found(Ok(Located::Moved(url))) => ServerMessage::Moved {
                room: room.to_string(),
                url,
            },
            NotSent::Found(Ok(_)) => crate::served::refusal(id, crate::served::unknown_room(room)),
            NotSent::Found(Err(e)) => {
                tracing::error!(error = %e, "room lookup failed");
                error(
                    Some(id),
                    codes::STORAGE,
                    "the server could not load the room; try again",
                )
            }
            NotSent::Leaving => crate::served::refusal(id, crate::served::room_unavailable(room)),
        }
    }
}

/// A computer player asked for by `add_bot`.
pub struct BotWanted {
    pub seat: Option<lodestone_protocol::SeatRef>,
    /// Its level's name (none: `greedy`).
    pub level: Option<String>,
    /// Whether it takes the asker's own seat.
    pub replace_me: bool,
}

/// The answer to `add_bot` request `id` of `player` in room `room`.
pub async fn add_bot(
    app: &Arc<App>,
    player: Player,
    id: RequestId,
    room: String,
    bot: BotWanted,
    words: &lodestone_i18n::Words,
) -> ServerMessage {
    let level = match bot
        .level
        .as_deref()
        .unwrap_or("greedy")
        .parse::<lodestone_rules::bot::Level>()
    {
        Ok(level) => level,
        Err(e) => return error(Some(id), codes::BAD_LEVEL, e),
    };
    let handle = match here(app, &id, &room).await {
        Ok(handle) => handle,
        Err(answer) => return answer,
    };
    match crate::bots::add_bot(app, handle, player, bot.seat, bot.replace_me, level, words).await {
        Ok(seat) => ServerMessage::Ack {
            id,
            room: Some(room),
            seat: Some(seat),
            invite: None,
            version: None,
        },
        Err(refusal) => refusal.into_error(Some(id)),
    }
}

/// Room `room`'s handle when this node serves it (loaded if need be);
/// otherwise what request `id` is answered instead.
pub async fn here(app: &Arc<App>, id: &RequestId, room: &str) -> Result<RoomHandle, ServerMessage> {
    match locate(app, room).await {
        Ok(Located::Here(handle)) => Ok(handle),
        other => Err(NotSent::Found(other).reply(id.clone(), room)),
    }
}

/// Hands `unsent` to the task of room `id` here. A room evicted between
/// the look-up and the send (it left memory) is loaded again, a few
/// times. Otherwise the request's id and why it was not sent.
pub async fn request(app: &Arc<App>, id: &str, mut unsent: Unsent) -> Result<(), (RequestId, NotSent)> {
    for _ in 0..3 {
        let handle = match locate(app, id).await {
            Ok(Located::Here(handle)) => handle,
            other => return Err((unsent.id, NotSent::Found(other))),
        };
        match handle.request_or_return(unsent).await {
            Ok(()) => return Ok(()),
            Err(back) => unsent = back,
        }
    }
    Err((unsent.id, NotSent::Leaving))
}

/// Takes up to `batch` of the live rooms nobody holds (a dead owner's, or
/// a database that one server stopped with) and loads them here, so that
/// their clocks run on. How many were listed and how many taken.
pub async fn take_orphans(app: &Arc<App>, node: &Node, batch: i64) -> Result<(usize, usize), StoreError> {
    let orphans = node.leases.orphans(batch).await?;
    let mut taken = 0;
    for room in orphans.iter().filter(|r| node.sweepable(r)) {
        if app.shutdown.is_cancelled() || node.is_draining() {
            break;
        }
        match locate(app, room).await {
            Ok(Located::Here(_)) => {
                taken += 1;
                tracing::info!(room = %room, node = %node.name, "failover: took a room nobody held");
            }
            Ok(_) => {}
            Err(e) => tracing::debug!(room = %room, error = %e, "could not take a room nobody held"),
        }
    }
    Ok((orphans.len(), taken))
}

/// One try at room `id` (its flight): in memory now, or its lease taken
/// and the room loaded, or where its owner is (an empty URL: an owner
/// about to release it).
async fn take_and_load(app: &Arc<App>, id: &str, node: &Arc<Node>) -> Result<Located, StoreError> {
    if let Some(handle) = app.lobby.get(id) {
        return Ok(Located::Here(handle));
    }
    if node.is_draining() {
        return Ok(Located::Moved(elsewhere(node, id).await));
    }
    match node.leases.take(id, &node.name, node.lease_ms).await? {
        Take::Taken(epoch) => {
            let lease = node.adopt(id, epoch);
            app.metrics.lease_takes.increment(1);
            match load(app, id, Some(lease.clone())).await {
                Ok(Some(handle)) => {
                    tracing::info!(room = id, epoch, node = %node.name, "lease taken; room loaded from its log");
                    // Outside any move's transaction: a node still
                    // serving the room lets it go at once.
                    if epoch > 1 {
                        let _ = node.leases.notify(&format!("owner {id} {}", node.name)).await;
                    }
                    resume_bots(app, &app.lobby.seated(id), &handle).await;
                    Ok(Located::Here(handle))
                }
                other => {
                    lease.ended.cancel();
                    let gone = matches!(other, Ok(None));
                    if gone {
                        node.unreadable(id);
                    }
                    let _ = node.leases.release(id, &node.name, epoch, gone).await;
                    other.map(|_| Located::Missing)
                }
            }
        }
        Take::Owned { url: Some(url), .. } => Ok(Located::Moved(url)),
        Take::Owned { url: None, .. } => Ok(Located::Moved(String::new())),
        Take::NoRoom => Ok(Located::Missing),
    }
}

/// Where to send a client of `room` that this node will not serve.
async fn elsewhere(node: &Node, room: &str) -> String {
    match node.leases.where_to(room, &node.name, node.alive_ms()).await {
        Ok(Some(url)) => url,
        _ => node.url.clone(),
    }
}

/// The computer players among the `seated` guests of `handle`'s room play
/// again (a room this node just took or started).
async fn resume_bots(app: &Arc<App>, seated: &[String], handle: &RoomHandle) {
    if seated.is_empty() {
        return;
    }
    match app.store.guests(seated).await {
        Ok(guests) => {
            for guest in &guests {
                seat_bot_again(app, handle, guest).await;
            }
        }
        Err(e) => tracing::error!(error = %e, "could not read a room's computer players"),
    }
}

/// Seats `guest` again at the table of `handle` if it is a computer player.
async fn seat_bot_again(app: &Arc<App>, handle: &RoomHandle, guest: &GuestRow) {
    if let Some(level) = guest.bot {
        let player = Player {
            id: guest.id.clone(),
            name: guest.name.clone(),
            bot: true,
            bot_account: false,
        };
        resume_bot(app, handle.clone(), player, level).await;
    }
}

/// The task of room `id`, loading the room from the store if it is not
/// in memory (a finished game, or one evicted).
async fn local(app: &Arc<App>, id: &str) -> Result<Option<RoomHandle>, StoreError> {
    if let Some(handle) = app.lobby.get(id) {
        return Ok(Some(handle));
    }
    let flier = app.clone();
    let room = id.to_string();
    let found = app
        .finding
        .run(id, move || async move {
            if let Some(handle) = flier.lobby.get(&room) {
                return Ok(Located::Here(handle));
            }
            match load(&flier, &room, None).await {
                Ok(Some(handle)) => Ok(Located::Here(handle)),
                Ok(None) => Ok(Located::Missing),
                Err(e) => Err(e.to_string()),
            }
        })
        .await;
    match found.map_err(StoreError::Lookup)? {
        Located::Here(handle) => Ok(Some(handle)),
        _ => Ok(None),
    }
}

/// Loads room `id` from its log and starts its task, holding `lease`
/// (several nodes); the caller is the room's flight in
/// `App::finding`. `None` if there is no such room, or it is gone.
async fn load(app: &App, id: &str, lease: Option<Arc<RoomLease>>) -> Result<Option<RoomHandle>, StoreError> {
    let rows = app.store.room_events(id).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let restored = rows
        .iter()
        .map(room::from_row)
        .collect::<Result<Vec<_>, _>>()
        .and_then(|events| RoomCore::restore(id, &events, Box::new(OsSecrets)));
    match restored {
        // An expired, closed or aborted room is gone for good.
        Ok(core) if core.is_gone() => Ok(None),
        Ok(core) => Ok(Some(spawn_leased_room(core, &app.rooms, lease))),
        Err(e) => {
            tracing::error!(room = id, error = %e, "stored room does not replay");
            Ok(None)
        }
    }
}

/// At start: loads every open or playing room from its log (one query for all)
/// and starts its task; expires, in one write, the open rooms whose
/// time ran out while the server was down; sets their bots playing.
/// Returns how many rooms were resumed.
pub async fn resume_all(app: &Arc<App>) -> Result<usize, StoreError> {
    let rows = app.store.live_events().await?;
    let now = app.clock.now_ms();
    let mut expired = Vec::new();
    let mut expired_rooms = 0;
    let mut live = Vec::new();
    for (id, events) in room::by_room(rows) {
        match events.and_then(|events| RoomCore::restore(&id, &events, Box::new(OsSecrets))) {
            Ok(mut core) => match core.expire(now, app.config.expire_open_after) {
                Some(events) => {
                    expired.extend(room::ops(&id, &events, None));
                    expired_rooms += 1;
                }
                None => live.push(core),
            },
            Err(e) => tracing::error!(room = %id, error = %e, "stored room does not replay; left out"),
        }
    }
    if !expired.is_empty() {
        app.store.write(expired).await?;
        tracing::info!(rooms = expired_rooms, "expired open rooms nobody started in time");
    }
    let mut seated: Vec<String> = live.iter().flat_map(RoomCore::seated_guests).collect();
    seated.sort_unstable();
    seated.dedup();
    let bots: HashMap<String, GuestRow> = app
        .store
        .guests(&seated)
        .await?
        .into_iter()
        .filter(|g| g.bot.is_some())
        .map(|g| (g.id.clone(), g))
        .collect();
    let resumed = live.len();
    for core in live {
        let seated = core.seated_guests();
        let handle = spawn_room(core, &app.rooms);
        // Its computer players take their seats again.
        for guest in seated.iter().filter_map(|id| bots.get(id)) {
            seat_bot_again(app, &handle, guest).await;
        }
    }
    Ok(resumed)
}

/// Leases the new room `id` on a cluster (none without one).
async fn lease_new_room(app: &App, id: &str) -> Result<Option<Arc<RoomLease>>, StoreError> {
    let Some(node) = &app.node else { return Ok(None) };
    node.leases.claim_new(id, &node.name, node.lease_ms).await?;
    app.metrics.lease_takes.increment(1);
    Ok(Some(node.adopt(id, 1)))
}

/// Gives back the lease of a room whose creation failed.
async fn drop_new_room(app: &App, id: &str, lease: Option<Arc<RoomLease>>) {
    if let (Some(node), Some(lease)) = (&app.node, lease) {
        lease.ended.cancel();
        let _ = node.leases.release(id, &node.name, lease.epoch, true).await;
    }
}
