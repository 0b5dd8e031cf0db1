//! The wire types of notifications: Web Push subscriptions, webhooks, the
//! page's visibility, and the list of games waiting for a guest's move
//! (docs/notifications.md).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a notification is about: each a category a person can turn off.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum NotifyEvent {
    /// It is the person's move (held a few seconds, dropped if the person
    /// acted or is looking at the room).
    YourTurn,
    /// The person's room filled and its game began.
    GameStarted,
    /// Another player offered a draw or proposed a rematch.
    Offer,
    /// 80% of the person's correspondence clock for this turn is used.
    TimeRunningOut,
    /// The game ended.
    GameOver,
}

impl NotifyEvent {
    /// Every category, in the order above.
    pub const ALL: [NotifyEvent; 5] = [
        NotifyEvent::YourTurn,
        NotifyEvent::GameStarted,
        NotifyEvent::Offer,
        NotifyEvent::TimeRunningOut,
        NotifyEvent::GameOver,
    ];

    /// The category as the wire names it.
    pub const fn as_str(self) -> &'static str {
        match self {
            NotifyEvent::YourTurn => "your-turn",
            NotifyEvent::GameStarted => "game-started",
            NotifyEvent::Offer => "offer",
            NotifyEvent::TimeRunningOut => "time-running-out",
            NotifyEvent::GameOver => "game-over",
        }
    }

    /// The category named `text`, if any.
    pub fn parse(text: &str) -> Option<NotifyEvent> {
        NotifyEvent::ALL.into_iter().find(|e| e.as_str() == text)
    }
}

impl std::fmt::Display for NotifyEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A push subscription's keys, as the browser's `PushSubscription.toJSON()`
/// gives them (unpadded base64url).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PushKeys {
    /// The browser's P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// The browser's authentication secret (16 bytes).
    pub auth: String,
}

/// How a webhook's body is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WebhookFormat {
    /// `{"content": "…"}`, which a Discord (or Slack-compatible) channel
    /// webhook shows as a message.
    Discord,
    /// A JSON object with the event's fields, signed.
    #[default]
    Json,
}

/// A game waiting for the guest's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TurnWaiting {
    pub room: String,
    pub game: String,
    /// Since when (unix milliseconds) the move has been the guest's.
    pub since: u64,
}

/// An account's vacation: the one it is on (its end and message), and
/// the days it may still take (`days_per_year` in any 365 days).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct VacationState {
    /// The end of the vacation it is on (unix milliseconds); absent when
    /// it is not on vacation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub until: Option<u64>,
    /// The message of that vacation, shown to the other players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    pub days_left: u32,
    pub days_per_year: u32,
}

/// A seated player on vacation, as the room shows it: until when, and
/// its message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SeatVacation {
    /// The vacation's end (unix milliseconds).
    pub until: u64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[ts(optional, as = "Option<String>")]
    pub message: String,
}

/// The body of `GET /api/push/key`: the server's VAPID public key, as a
/// page gives it to `pushManager.subscribe` (`applicationServerKey`):
/// unpadded base64url of the uncompressed P-256 point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PushKey {
    pub public_key: String,
}
