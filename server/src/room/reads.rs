//! What a room's task reads from the store besides committing: which
//! seated guests are accounts when a rated game starts, the seated
//! guests' vacations, and the room's own log again after a failed commit.
//! Each read logs its own failure.

use std::collections::HashMap;

use lodestone_protocol::{Detail, Stored, codes};

use super::core::RoomCore;
use super::handle::RoomRequest;
use super::refusal::Refusal;
use super::results::Seated;
use super::seating::Player;
use super::stored;
use crate::store::{Store, VacationSpan};

/// The seated guests' vacations, by guest (a guest with none is left out).
pub(super) type Vacations = HashMap<String, Vec<VacationSpan>>;

/// The refusal of a request the store could not serve: `what` could not
/// be read.
pub(super) fn storage(what: Stored) -> Refusal {
    Refusal::detailed(codes::STORAGE, Detail::Unread { what })
}

/// Which of `core`'s seated guests are accounts and bot accounts, when
/// `player`'s `request` starts a rated game (else `None`).
pub(super) async fn accounts(
    store: &Store,
    core: &RoomCore,
    player: &Player,
    request: &RoomRequest,
) -> Result<Option<Seated>, Refusal> {
    if !matches!(request, RoomRequest::Start) || !core.needs_accounts(player) {
        return Ok(None);
    }
    let seated = core.seated_guests();
    let found = match store.accounts_among(&seated).await {
        Ok(accounts) => (store.bot_accounts_among(&seated).await).map(|bot_accounts| Seated {
            accounts,
            bot_accounts,
        }),
        Err(e) => Err(e),
    };
    found.map(Some).map_err(|e| {
        tracing::error!(room = %core.id(), error = %e, "could not look up the players' accounts");
        storage(Stored::Players)
    })
}

/// Reads the vacations of `core`'s seated guests into `held` and gives
/// them to `core`, when they matter there (a correspondence clock).
/// Whether what its watchers see changed. When the store does not answer,
/// nothing changes (the room reads again later).
pub(super) async fn vacations(store: &Store, core: &mut RoomCore, held: &mut Vacations) -> bool {
    if !core.minds_vacations() {
        return false;
    }
    let mut found = HashMap::new();
    for guest in core.seated_guests() {
        match store.vacations_of(&guest).await {
            Ok((spans, _)) if !spans.is_empty() => {
                found.insert(guest, spans);
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(room = %core.id(), error = %e, "could not read the players' vacations; trying later");
                return false;
            }
        }
    }
    *held = found;
    core.set_vacations(held)
}

/// Rebuilds `core` from its stored log and gives it `vacations` again;
/// whether the store answered.
pub(super) async fn rebuild(store: &Store, core: &mut RoomCore, vacations: &Vacations) -> bool {
    let events = stored::load(store, core.id()).await;
    let rebuilt = events.map_err(|e| e.to_string()).and_then(|e| core.rebuild(&e));
    if let Err(e) = rebuilt {
        tracing::warn!(room = %core.id(), error = %e, "could not read the room again; trying later");
        return false;
    }
    core.set_vacations(vacations);
    true
}
