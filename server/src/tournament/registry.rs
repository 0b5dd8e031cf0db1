//! The tournaments whose directors run on this server, by id, and the way
//! to a director ([`DirectorHandle`], [`Ask`]). A leaf beside the rooms:
//! `app.rs` keeps one registry; the director (`director.rs`) registers
//! itself and leaves when it stops.

use std::collections::HashMap;

use lodestone_protocol::{TournamentState, codes};
use tokio::sync::{mpsc, oneshot};

use crate::room::{Outbox, Player, Refusal};

/// What a request asks of a tournament.
#[derive(Clone, Debug)]
pub enum What {
    Join {
        invite: Option<String>,
        /// The team named, in an event of fixed teams.
        team: Option<String>,
        /// The player's stored ratings (key, mu) when it is an account.
        ratings: Vec<(crate::store::RatingKey, f64)>,
    },
    Withdraw,
    Start,
    Remove {
        guest: String,
    },
    /// The organizer enters a computer player of this level.
    AddBot {
        level: lodestone_rules::bot::Level,
        team: Option<String>,
        /// The organizer's language, the bot's name's.
        words: lodestone_i18n::Words,
    },
}

/// A message to a director.
#[derive(Debug)]
pub enum Ask {
    /// `player` asks `what` (`is_account`: whether its guest is an account).
    Request {
        player: Player,
        is_account: bool,
        what: What,
        reply: oneshot::Sender<Result<TournamentState, Refusal>>,
    },
    /// The tournament as `guest` may see it (with `invite` for a private
    /// one); `watch`: and every change after, on this outbox.
    View {
        guest: Option<String>,
        invite: Option<String>,
        watch: Option<Outbox>,
        reply: oneshot::Sender<Result<TournamentState, Refusal>>,
    },
    /// Stop sending changes to this connection.
    Unwatch { conn: u64 },
}

/// The way to a running director.
#[derive(Clone, Debug)]
pub struct DirectorHandle {
    pub(super) tx: mpsc::Sender<Ask>,
}

/// What a request to a director that has stopped gets.
const GONE: &str = "the tournament's director stopped; try again";

fn gone() -> Refusal {
    Refusal::new(codes::STORAGE, GONE)
}

/// Whether `refusal` says the director stopped (the tournament is to be
/// looked up again: it finished, or another node took it).
pub fn director_gone(refusal: &Refusal) -> bool {
    refusal.code == codes::STORAGE && refusal.message == GONE
}

impl DirectorHandle {
    /// Asks and waits for the answer.
    pub async fn request(
        &self,
        player: Player,
        is_account: bool,
        what: What,
    ) -> Result<TournamentState, Refusal> {
        self.ask(|reply| Ask::Request {
            player,
            is_account,
            what,
            reply,
        })
        .await
    }

    /// The tournament as `guest` may see it; `watch` follows it.
    pub async fn view(
        &self,
        guest: Option<String>,
        invite: Option<String>,
        watch: Option<Outbox>,
    ) -> Result<TournamentState, Refusal> {
        self.ask(|reply| Ask::View {
            guest,
            invite,
            watch,
            reply,
        })
        .await
    }

    /// Sends the director what `ask` makes of a reply channel, and waits
    /// for the answer.
    async fn ask(
        &self,
        ask: impl FnOnce(oneshot::Sender<Result<TournamentState, Refusal>>) -> Ask,
    ) -> Result<TournamentState, Refusal> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(ask(reply)).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    pub async fn unwatch(&self, conn: u64) {
        let _ = self.tx.send(Ask::Unwatch { conn }).await;
    }
}

/// The directors running here (std mutex, never held across `.await`),
/// and the lock held while one is loaded, so a tournament never gets two.
#[derive(Debug, Default)]
pub struct Registry {
    directors: std::sync::Mutex<HashMap<String, DirectorHandle>>,
    pub(super) loading: tokio::sync::Mutex<()>,
}

impl Registry {
    pub fn get(&self, id: &str) -> Option<DirectorHandle> {
        let map = self.directors.lock().unwrap_or_else(|e| e.into_inner());
        map.get(id).filter(|h| !h.tx.is_closed()).cloned()
    }

    pub(super) fn insert(&self, id: &str, handle: DirectorHandle) {
        let mut map = self.directors.lock().unwrap_or_else(|e| e.into_inner());
        map.insert(id.to_string(), handle);
    }

    pub(super) fn remove(&self, id: &str) {
        let mut map = self.directors.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(id);
    }
}
