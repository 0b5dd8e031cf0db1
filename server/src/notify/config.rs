//! How notifications run: [`NotifyConfig`], and the flags that fill it
//! ([`NotifyArgs`]).

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
    /// Vacation days an account may take in any 365 days.
    pub vacation_days: u32,
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
            vacation_days: 30,
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
    /// Vacation days an account may take in any 365 days (its
    /// correspondence clocks stop meanwhile).
    #[arg(long, env = "LODESTONE_VACATION_DAYS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=365))]
    pub vacation_days: u32,
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
            vacation_days: a.vacation_days,
            enabled: true,
            ..NotifyConfig::default()
        }
    }
}
