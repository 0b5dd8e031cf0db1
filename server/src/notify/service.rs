//! The notifications of one server ([`Notify`]): the VAPID key, what a
//! person subscribes to or sets (push subscriptions, webhooks), the games
//! waiting for a person's move, and what a room's notice derives (for
//! the room, which stores it: [`Notifier`]). A change of targets is told
//! to the rooms it concerns, on this node and through the others' notices.

use std::sync::{Arc, OnceLock};

use lodestone_protocol::{Detail, NotifyEvent, PushKeys, TurnWaiting, WebhookFormat, codes};

use super::config::NotifyConfig;
use super::looking::Looking;
use super::push::Vapid;
use super::rate::Rate;
use super::{derive, hooks, push};
use crate::clock::Clock;
use crate::room::{Lobby, Notifier, RoomNotice};
use crate::store::{
    Leases, NoticeWrite, Saved, Store, StoreError, SubscriptionRow, Targets, TurnRow, WebhookRow,
};

/// A request refused: a stable code, a sentence, and its detail when it
/// has values every language says.
pub use crate::served::Refused as Refusal;

/// The notifications of one server.
#[derive(Debug)]
pub struct Notify {
    pub config: NotifyConfig,
    /// Who looks at which room (`ws` keeps it up to date).
    pub looking: Looking,
    pub(super) store: Store,
    pub(super) clock: Clock,
    /// This node's name (deliveries it derived are its to send first).
    pub(super) node: String,
    pub(super) vapid: OnceLock<Vapid>,
    /// Rung when new deliveries are stored.
    pub(super) wake: tokio::sync::Notify,
    pub(super) rate: Rate,
    pub(super) push_client: reqwest::Client,
    pub(super) hook_client: reqwest::Client,
    /// This node's rooms, told when a target changes.
    lobby: Arc<Lobby>,
    /// With several nodes: the others are told too.
    leases: Option<Leases>,
}

impl Notify {
    pub fn new(
        config: NotifyConfig,
        store: Store,
        clock: Clock,
        node: Option<(&str, Leases)>,
        lobby: Arc<Lobby>,
    ) -> Notify {
        // reqwest's rustls takes the process's crypto provider: ring
        // (another part of the process may have chosen it already).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let push_client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Notify {
            rate: Rate::new(config.per_minute),
            hook_client: hooks::client(config.webhook_private),
            push_client,
            looking: Looking::default(),
            store,
            clock,
            node: node.as_ref().map_or("local", |(name, _)| name).to_string(),
            leases: node.map(|(_, leases)| leases),
            lobby,
            vapid: OnceLock::new(),
            wake: tokio::sync::Notify::new(),
            config,
        }
    }

    /// Loads the VAPID key (the flag's, else the stored one, else a new
    /// one, stored). Called once at start.
    pub async fn start(&self) -> Result<(), StoreError> {
        let vapid = match &self.config.vapid_private_key {
            Some(text) => Vapid::parse(text).map_err(StoreError::Open)?,
            None => match self.store.vapid_key().await? {
                Some(stored) => Vapid::parse(&stored).map_err(StoreError::Open)?,
                None => {
                    let made = Vapid::generate();
                    let kept = self
                        .store
                        .keep_vapid_key(&made.private(), self.clock.now_ms() as i64)
                        .await?;
                    Vapid::parse(&kept).map_err(StoreError::Open)?
                }
            },
        };
        let _ = self.vapid.set(vapid);
        Ok(())
    }

    /// The VAPID public key the page subscribes with.
    pub fn public_key(&self) -> Option<&str> {
        self.vapid.get().map(|v| v.public.as_str())
    }

    /// Subscribes `guest`'s browser at `endpoint` to `events` (all by
    /// default), its notifications written in `lang`.
    pub async fn subscribe(
        &self,
        guest: &str,
        endpoint: &str,
        keys: &PushKeys,
        events: Option<&[NotifyEvent]>,
        lang: &str,
    ) -> Result<(), Refusal> {
        push::check(endpoint, &keys.p256dh, &keys.auth, &self.config.push_origins).map_err(|r| match r {
            push::Refused::Bad(why) => (codes::BAD_SUBSCRIPTION, why),
            push::Refused::NotAllowed(why) => (codes::ENDPOINT_NOT_ALLOWED, why),
        })?;
        let row = SubscriptionRow {
            endpoint: endpoint.to_string(),
            guest_id: guest.to_string(),
            p256dh: keys.p256dh.clone(),
            auth: keys.auth.clone(),
            events: events_text(events),
            lang: lang.to_string(),
        };
        let max = self.config.subscriptions_per_guest;
        match self.store.save_subscription(&row, self.now(), max).await {
            Ok(Saved::Done) => {
                self.targets_changed(guest).await;
                Ok(())
            }
            Ok(Saved::TooMany) => Err(Refusal::detailed(
                codes::TOO_MANY_SUBSCRIPTIONS,
                Detail::TooManySubscriptions { count: max as u64 },
            )),
            Err(e) => Err(storage(e)),
        }
    }

    /// Ends `guest`'s subscription at `endpoint`.
    pub async fn unsubscribe(&self, guest: &str, endpoint: &str) -> Result<(), Refusal> {
        let deleted = self.store.delete_subscription(endpoint, Some(guest)).await;
        self.removed(guest, deleted, "this guest has no subscription there")
            .await
    }

    /// Sets the webhook of `owner` (`room:ID` or `guest:ID`) at `url`;
    /// returns its new secret (hex), shown once.
    pub async fn set_webhook(
        &self,
        owner: &str,
        url: &str,
        format: WebhookFormat,
        events: Option<&[NotifyEvent]>,
    ) -> Result<String, Refusal> {
        hooks::check(url, self.config.webhook_private)
            .await
            .map_err(|r| match r {
                hooks::Refused::Bad(why) => (codes::BAD_WEBHOOK, why),
                hooks::Refused::Internal(why) => (codes::ADDRESS_NOT_ALLOWED, why),
            })?;
        let secret = format!("{}{}", crate::secrets::new_salt(), crate::secrets::new_salt());
        let row = WebhookRow {
            owner: owner.to_string(),
            url: url.to_string(),
            format: match format {
                WebhookFormat::Discord => "discord".into(),
                WebhookFormat::Json => "json".into(),
            },
            secret: secret.clone(),
            events: events_text(events),
        };
        let max = self.config.webhooks_per_owner;
        match self.store.save_webhook(&row, self.now(), max).await {
            Ok(Saved::Done) => {
                self.targets_changed(owner).await;
                Ok(secret)
            }
            Ok(Saved::TooMany) => Err(Refusal::detailed(
                codes::TOO_MANY_WEBHOOKS,
                Detail::TooManyWebhooks { count: max as u64 },
            )),
            Err(e) => Err(storage(e)),
        }
    }

    /// Removes the webhook of `owner` at `url`.
    pub async fn delete_webhook(&self, owner: &str, url: &str) -> Result<(), Refusal> {
        let deleted = self.store.delete_webhook(owner, url).await;
        self.removed(owner, deleted, "there is no webhook at that URL here")
            .await
    }

    /// After a subscription or webhook of `owner` was `deleted` (whether
    /// there was one): its rooms told, or the refusal (`none`: the
    /// sentence when there was nothing to delete).
    async fn removed(
        &self,
        owner: &str,
        deleted: Result<bool, StoreError>,
        none: &'static str,
    ) -> Result<(), Refusal> {
        if !deleted.map_err(storage)? {
            return Err(Refusal::new(codes::NOT_SUBSCRIBED, none));
        }
        self.targets_changed(owner).await;
        Ok(())
    }

    /// The games waiting for `guest`'s move, oldest first.
    pub async fn turns_of(&self, guest: &str) -> Result<Vec<TurnWaiting>, Refusal> {
        let rows = self.store.turns(None, Some(guest)).await.map_err(storage)?;
        Ok(rows
            .into_iter()
            .map(|t| TurnWaiting {
                room: t.room_id,
                game: t.game,
                since: t.since.max(0) as u64,
            })
            .collect())
    }

    pub(super) fn now(&self) -> i64 {
        self.clock.now_ms() as i64
    }

    /// Tells the rooms `owner` concerns (a guest, `guest:ID` or
    /// `room:ID`) that its targets changed: this node's at once (before
    /// the change is answered), the other nodes' through their notices.
    pub(super) async fn targets_changed(&self, owner: &str) {
        self.tell_rooms(owner).await;
        if let Some(leases) = &self.leases {
            let _ = leases.notify(&format!("targets {owner}")).await;
        }
    }

    /// Tells this node's rooms `owner` concerns that its targets changed
    /// (every room with `*`: notices may have been missed), once the
    /// store marks it as having targets (a change on another node).
    pub async fn tell_rooms(&self, owner: &str) {
        self.store.marks().targets_heard(owner);
        let rooms = match owner.split_once(':') {
            Some(("room", room)) => self.lobby.get(room).into_iter().collect(),
            Some((_, guest)) => self.lobby.handles(Some(guest)),
            None if owner == "*" => self.lobby.handles(None),
            None => self.lobby.handles(Some(owner)),
        };
        for handle in rooms {
            handle.targets_changed().await;
        }
    }
}

impl Notifier for Notify {
    fn derive(&self, notice: &RoomNotice, turns: &[TurnRow], targets: &Targets) -> NoticeWrite {
        let timing = derive::Timing {
            hold_ms: self.config.hold_ms,
            alarm_min_ms: self.config.alarm_min_ms,
        };
        derive::write(notice, turns, targets, &timing, &self.node)
    }

    fn stored(&self) {
        self.wake.notify_one();
    }
}

/// The categories as stored: comma-separated, all by default.
fn events_text(events: Option<&[NotifyEvent]>) -> String {
    let all = NotifyEvent::ALL;
    let chosen = events.unwrap_or(&all);
    NotifyEvent::ALL
        .iter()
        .filter(|e| chosen.contains(e))
        .map(|e| e.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

fn storage(e: StoreError) -> Refusal {
    tracing::error!(error = %e, "notification storage failed");
    Refusal::new(codes::STORAGE, "the server could not store that; try again")
}
