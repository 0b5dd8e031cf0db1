//! Notifications: Web Push, webhooks and correspondence alarms, derived
//! from what rooms stored, never from a timer held only in memory.
//!
//! A room task hands each stored change it may notify about to
//! [`run_notices`] (a [`RoomNotice`] through `RoomEnv::notices`). That
//! worker derives (`derive.rs`) and stores, in one transaction, the games
//! now waiting for each person's move, the pending pushes to drop, and
//! one delivery row per notable event and target (a push subscription or
//! a webhook URL), each with the time it falls due: a `your-turn` push
//! after a hold, a `time-running-out` alarm at 80% of a correspondence
//! turn. The sender (`send.rs`) claims due rows in the database and sends
//! them, so a restart or another node sends each once; a push whose
//! person is looking at the room (`looking.rs`) is dropped. Everything a
//! person sets (subscriptions, webhooks) is stored with its identity
//! (docs/notifications.md).

mod derive;
mod hooks;
mod looking;
mod push;
mod send;

use std::sync::{Arc, OnceLock};

use lodestone_protocol::{Code, NotifyEvent, PushKeys, TurnWaiting, WebhookFormat, codes};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use derive::Payload;
pub use hooks::{EVENT as EVENT_HEADER, SIGNATURE as SIGNATURE_HEADER};
pub use looking::Looking;
pub use push::Vapid;

use crate::clock::Clock;
use crate::room::RoomNotice;
use crate::store::{NoticeWrite, Saved, Store, StoreError, SubscriptionRow, WebhookRow};

/// How notifications run (flags in [`NotifyArgs`]).
#[derive(Clone, Debug)]
pub struct NotifyConfig {
    /// The VAPID private key given by the host (unpadded base64url);
    /// `None`: made at first start and kept in the database.
    pub vapid_private_key: Option<String>,
    /// The contact push services see in the VAPID token (`mailto:` or
    /// `https:` URI).
    pub vapid_subject: String,
    /// Push endpoint origins allowed besides `https://` ones
    /// (`http://127.0.0.1:8000`).
    pub push_origins: Vec<String>,
    /// Whether webhooks may go to loopback, private and link-local
    /// addresses.
    pub webhook_private: bool,
    /// How long a `your-turn` push waits, in milliseconds.
    pub hold_ms: u64,
    /// Turns shorter than this (milliseconds) get no 80% alarm.
    pub alarm_min_ms: u64,
    /// Notifications per identity (a guest's pushes, a webhook owner's
    /// posts) per minute; more are dropped (0: no limit).
    pub per_minute: u32,
    /// Deliveries sent at once; more wait in the database.
    pub queue: usize,
    /// Tries of a delivery a push service or receiver keeps refusing for
    /// now (429, 5xx, no answer) before it is given up.
    pub attempts: u32,
    /// Push subscriptions per guest (0: no limit).
    pub subscriptions_per_guest: usize,
    /// Webhooks per room or account (0: no limit).
    pub webhooks_per_owner: usize,
    /// The server's public address for links in webhooks
    /// (`https://games.example.org`), if known.
    pub public_url: Option<String>,
    /// How often the sender looks for due deliveries besides being woken
    /// (other nodes' deliveries, settled ones falling due again); `None`:
    /// only when woken or when a delivery it knows of falls due (tests on
    /// paused time, where a poll would be the next timer).
    pub poll: Option<std::time::Duration>,
    /// Whether rooms' notices are followed and notifications sent (not a
    /// flag: on for every server; off only for an embedded test server
    /// that must send nothing).
    pub enabled: bool,
}

impl Default for NotifyConfig {
    fn default() -> NotifyConfig {
        NotifyConfig {
            vapid_private_key: None,
            vapid_subject: "mailto:lodestone@localhost".into(),
            push_origins: Vec::new(),
            webhook_private: false,
            hold_ms: 5_000,
            alarm_min_ms: 3_600_000,
            per_minute: 20,
            queue: 64,
            attempts: 6,
            subscriptions_per_guest: 10,
            webhooks_per_owner: 3,
            public_url: None,
            poll: Some(std::time::Duration::from_secs(5)),
            enabled: true,
        }
    }
}

/// The notification flags of `lodestone-server` (flattened into its
/// arguments).
#[derive(Clone, Debug, clap::Args)]
pub struct NotifyArgs {
    /// The VAPID private key (unpadded base64url of a P-256 scalar); by
    /// default one is made at first start and kept in the database.
    #[arg(long, env = "LODESTONE_VAPID_PRIVATE_KEY", hide_env_values = true)]
    pub vapid_private_key: Option<String>,
    /// The contact push services see (`mailto:you@example.org`).
    #[arg(
        long,
        env = "LODESTONE_VAPID_SUBJECT",
        default_value = "mailto:lodestone@localhost"
    )]
    pub vapid_subject: String,
    /// A push endpoint origin allowed besides https:// ones
    /// (`http://127.0.0.1:8000`; repeatable).
    #[arg(long = "push-origin", value_name = "ORIGIN")]
    pub push_origins: Vec<String>,
    /// Let webhooks go to loopback, private and link-local addresses.
    #[arg(long, env = "LODESTONE_WEBHOOK_PRIVATE_ADDRESSES")]
    pub webhook_private_addresses: bool,
    /// Milliseconds a "your move" push waits, dropped if the player moves
    /// or looks at the room meanwhile.
    #[arg(long, env = "LODESTONE_PUSH_HOLD_MS", default_value_t = 5_000)]
    pub push_hold_ms: u64,
    /// Turns shorter than this many seconds get no "time running out"
    /// alarm at 80%.
    #[arg(long, env = "LODESTONE_ALARM_MIN_SECONDS", default_value_t = 3600)]
    pub alarm_min_seconds: u64,
    /// Notifications per guest (or webhook owner) per minute (0: no limit).
    #[arg(long, env = "LODESTONE_NOTIFY_RATE", default_value_t = 20)]
    pub notify_rate: u32,
    /// Push subscriptions per guest (0: no limit).
    #[arg(long, env = "LODESTONE_SUBSCRIPTIONS_PER_GUEST", default_value_t = 10)]
    pub subscriptions_per_guest: usize,
    /// Webhooks per room or account (0: no limit).
    #[arg(long, env = "LODESTONE_WEBHOOKS_PER_OWNER", default_value_t = 3)]
    pub webhooks_per_owner: usize,
    /// The server's public address, for links in webhooks
    /// (`https://games.example.org`).
    #[arg(long, env = "LODESTONE_PUBLIC_URL")]
    pub public_url: Option<String>,
}

impl From<NotifyArgs> for NotifyConfig {
    fn from(a: NotifyArgs) -> NotifyConfig {
        NotifyConfig {
            vapid_private_key: a.vapid_private_key,
            vapid_subject: a.vapid_subject,
            push_origins: a.push_origins,
            webhook_private: a.webhook_private_addresses,
            hold_ms: a.push_hold_ms,
            alarm_min_ms: a.alarm_min_seconds.saturating_mul(1000),
            per_minute: a.notify_rate,
            subscriptions_per_guest: a.subscriptions_per_guest,
            webhooks_per_owner: a.webhooks_per_owner,
            public_url: a.public_url,
            enabled: true,
            ..NotifyConfig::default()
        }
    }
}

/// A request refused: a stable code and a sentence.
pub type Refusal = (Code, String);

/// The notifications of one server.
#[derive(Debug)]
pub struct Notify {
    pub config: NotifyConfig,
    /// Who looks at which room (`ws` keeps it up to date).
    pub looking: Looking,
    store: Store,
    clock: Clock,
    /// This node's name (deliveries it derived are its to send first).
    node: String,
    vapid: OnceLock<Vapid>,
    /// Rung when new deliveries are stored.
    wake: tokio::sync::Notify,
    rate: send::Rate,
    push_client: reqwest::Client,
    hook_client: reqwest::Client,
}

impl Notify {
    pub fn new(config: NotifyConfig, store: Store, clock: Clock, node: Option<&str>) -> Notify {
        // reqwest's rustls takes the process's crypto provider: ring
        // (another part of the process may have chosen it already).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let push_client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Notify {
            rate: send::Rate::new(config.per_minute),
            hook_client: hooks::client(config.webhook_private),
            push_client,
            looking: Looking::default(),
            store,
            clock,
            node: node.unwrap_or("local").to_string(),
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
    /// default).
    pub async fn subscribe(
        &self,
        guest: &str,
        endpoint: &str,
        keys: &PushKeys,
        events: Option<&[NotifyEvent]>,
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
        };
        let max = self.config.subscriptions_per_guest;
        match self.store.save_subscription(&row, self.now(), max).await {
            Ok(Saved::Done) => Ok(()),
            Ok(Saved::TooMany) => Err((
                codes::TOO_MANY_SUBSCRIPTIONS,
                format!("this guest has {max} push subscriptions, as many as it may: remove one first"),
            )),
            Err(e) => Err(storage(e)),
        }
    }

    /// Ends `guest`'s subscription at `endpoint`.
    pub async fn unsubscribe(&self, guest: &str, endpoint: &str) -> Result<(), Refusal> {
        match self.store.delete_subscription(endpoint, Some(guest)).await {
            Ok(true) => Ok(()),
            Ok(false) => Err((
                codes::NOT_SUBSCRIBED,
                "this guest has no subscription there".into(),
            )),
            Err(e) => Err(storage(e)),
        }
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
            Ok(Saved::Done) => Ok(secret),
            Ok(Saved::TooMany) => Err((
                codes::TOO_MANY_WEBHOOKS,
                format!("there are {max} webhooks here, as many as there may be: remove one first"),
            )),
            Err(e) => Err(storage(e)),
        }
    }

    /// Removes the webhook of `owner` at `url`.
    pub async fn delete_webhook(&self, owner: &str, url: &str) -> Result<(), Refusal> {
        match self.store.delete_webhook(owner, url).await {
            Ok(true) => Ok(()),
            Ok(false) => Err((
                codes::NOT_SUBSCRIBED,
                "there is no webhook at that URL here".into(),
            )),
            Err(e) => Err(storage(e)),
        }
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

    fn now(&self) -> i64 {
        self.clock.now_ms() as i64
    }

    /// What `notice` changes: read the room's turns and the targets, plan.
    async fn derive(
        &self,
        notice: &RoomNotice,
        old: Option<Vec<crate::store::TurnRow>>,
    ) -> Result<NoticeWrite, StoreError> {
        let old = match old {
            Some(old) => old,
            None => self.store.turns(Some(&notice.room), None).await?,
        };
        let timing = derive::Timing {
            hold_ms: self.config.hold_ms,
            alarm_min_ms: self.config.alarm_min_ms,
        };
        let plan = derive::plan(notice, &old, &timing);
        let mut targets = derive::Targets::default();
        if !plan.events.is_empty() {
            for person in plan.recipients() {
                let subs = self.store.subscriptions_of(&person).await?;
                let hooks = self.store.webhooks_of(&format!("guest:{person}")).await?;
                targets.subscriptions.insert(person.clone(), subs);
                targets.account_hooks.insert(person, hooks);
            }
            targets.room_hooks = self.store.webhooks_of(&format!("room:{}", notice.room)).await?;
        }
        Ok(derive::deliveries(
            notice,
            plan,
            &targets,
            self.config.hold_ms,
            &self.node,
        ))
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
    (
        codes::STORAGE,
        "the server could not store that; try again".into(),
    )
}

/// Turns the rooms' notices into stored turns and deliveries, in order,
/// a batch at a time, until shutdown (then what is queued is written).
pub async fn run_notices(
    notify: Arc<Notify>,
    mut rx: mpsc::UnboundedReceiver<RoomNotice>,
    shutdown: CancellationToken,
) {
    let mut batch = Vec::new();
    loop {
        let stopping = tokio::select! {
            got = rx.recv_many(&mut batch, 64) => got == 0,
            _ = shutdown.cancelled() => {
                while let Ok(n) = rx.try_recv() {
                    batch.push(n);
                }
                true
            }
        };
        let mut writes: Vec<NoticeWrite> = Vec::new();
        for notice in batch.drain(..) {
            // A room twice in one batch: the second sees the first's turns.
            let earlier = writes
                .iter()
                .rev()
                .find(|w| w.room_id == notice.room)
                .map(|w| w.turns.clone());
            match notify.derive(&notice, earlier).await {
                Ok(write) => writes.push(write),
                Err(e) => {
                    tracing::error!(room = %notice.room, error = %e, "could not derive a room's notifications")
                }
            }
        }
        if !writes.is_empty() {
            let mut tries = 0;
            while let Err(e) = notify.store.write_notices(&writes).await {
                tries += 1;
                tracing::warn!(error = %e, tries, "could not store notifications; trying again");
                if tries >= 5 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(200 * tries)).await;
            }
            if writes.iter().any(|w| !w.deliveries.is_empty()) {
                notify.wake.notify_one();
            }
        }
        if stopping {
            return;
        }
    }
}

/// Starts the notifications' workers: the notices and the sender.
pub fn spawn(
    notify: Arc<Notify>,
    notices: Option<mpsc::UnboundedReceiver<RoomNotice>>,
    shutdown: CancellationToken,
    tasks: &TaskTracker,
) {
    if !notify.config.enabled {
        return;
    }
    if let Some(rx) = notices {
        tasks.spawn(run_notices(notify.clone(), rx, shutdown.clone()));
    }
    tasks.spawn(send::run(notify, shutdown, tasks.clone()));
}
