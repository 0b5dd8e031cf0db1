//! The moderation state of one connection ([`Moderated`]): its person's
//! blocks and settings, whether a moderator closed it, and the chat taken
//! out of what it is sent (docs/moderation.md).

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::ServerMessage;

use crate::moderation::Moderation;
use crate::moderation::online::Notice;

/// The moderation state of one connection.
#[derive(Debug)]
pub(super) struct Moderated {
    pub(super) moderation: Arc<Moderation>,
    pub(super) conn: u64,
    pub(super) notice: Arc<Notice>,
    /// The guest the blocks and settings below are of.
    pub(super) loaded: Option<String>,
    pub(super) blocked: HashSet<String>,
    pub(super) zen: bool,
    pub(super) checked: Option<tokio::time::Instant>,
}

impl Moderated {
    pub(super) fn new(moderation: Arc<Moderation>, conn: u64) -> Moderated {
        Moderated {
            moderation,
            conn,
            notice: Arc::default(),
            loaded: None,
            blocked: HashSet::new(),
            zen: false,
            checked: None,
        }
    }

    /// The sentence the connection was closed with by a moderator (a ban,
    /// a deleted account), if it was.
    pub(super) fn kicked(&self) -> Option<&str> {
        self.notice.kicked.get().map(String::as_str)
    }

    /// `text` as this person may receive it: chat lines and vacation
    /// messages of the players it blocks taken out (all of them in zen);
    /// `None` when nothing is left.
    pub(super) fn outgoing(&self, text: Utf8Bytes) -> Option<Utf8Bytes> {
        if self.blocked.is_empty() && !self.zen {
            return Some(text);
        }
        let chat = text.as_str().starts_with(r#"{"type":"chat""#);
        let away =
            text.as_str().starts_with(r#"{"type":"update""#) && text.as_str().contains(r#""vacation":"#);
        if !chat && !away && !text.as_str().starts_with(r#"{"type":"replay""#) {
            return Some(text);
        }
        let Ok(mut message) = serde_json::from_str::<ServerMessage>(text.as_str()) else {
            return Some(text);
        };
        let keep = |l: &lodestone_protocol::ChatLine| !self.zen && !self.blocked.contains(&l.from.id);
        match &mut message {
            ServerMessage::Chat { lines, .. } => {
                lines.retain(keep);
                if lines.is_empty() {
                    return None;
                }
            }
            ServerMessage::Replay { chat, .. } => chat.retain(keep),
            // A vacation's message is said to the others like a chat line.
            ServerMessage::Update { state, .. } => {
                for seat in &mut state.seats {
                    let hidden = seat
                        .player
                        .as_ref()
                        .is_some_and(|p| self.zen || self.blocked.contains(&p.id));
                    if let Some(vacation) = seat.vacation.as_mut().filter(|_| hidden) {
                        vacation.message.clear();
                    }
                }
            }
            _ => return Some(text),
        }
        Some(crate::room::encode(&message))
    }
}

impl Drop for Moderated {
    fn drop(&mut self) {
        self.moderation.online.leave(self.conn);
    }
}
