//! The moderation state of one connection ([`Moderated`]): its person's
//! blocks and settings (loaded once it is a guest), whether a moderator
//! closed it, its checks before each message (`checks.rs`, with a ban
//! looked up again every [`BAN_CHECK`]), and the chat taken out of what it
//! is sent (docs/moderation.md). `session/` holds one per connection.

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{ClientMessage, Guest, RequestId, ServerMessage, codes};

use super::checks::Gate;
use super::online::Notice;
use crate::app::App;
use crate::room::{Outbox, Player, Refusal};

/// How often a connection checks again that its account is not banned
/// (a ban given on another node reaches it then; one given on this node
/// closes it at once).
const BAN_CHECK: Duration = Duration::from_secs(30);

/// The moderation state of one connection.
#[derive(Debug)]
pub struct Moderated {
    app: Arc<App>,
    conn: u64,
    notice: Arc<Notice>,
    /// The guest the blocks and settings below are of.
    loaded: Option<String>,
    pub blocked: HashSet<String>,
    pub zen: bool,
    checked: Option<tokio::time::Instant>,
}

impl Moderated {
    pub fn new(app: Arc<App>, conn: u64) -> Moderated {
        Moderated {
            app,
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
    pub fn kicked(&self) -> Option<&str> {
        self.notice.kicked.get().map(String::as_str)
    }

    /// The name a moderator gave the connection's guest since its last
    /// message, if one did.
    pub fn renamed(&self) -> Option<String> {
        (self.notice.renamed.lock())
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// The checks before `message` of guest `guest` (none before `hello`)
    /// is handled: those of who it says it is, else a ban (looked up again
    /// every [`BAN_CHECK`]) and the message's own.
    pub async fn check(
        &mut self,
        gate: &Gate<'_>,
        guest: Option<&str>,
        message: &ClientMessage,
    ) -> Result<(), Refusal> {
        if matches!(
            message,
            ClientMessage::Hello { .. } | ClientMessage::Login { .. } | ClientMessage::Register { .. }
        ) {
            return gate.identity(message).await;
        }
        let Some(guest) = guest else {
            return Ok(());
        };
        if self.checked.is_none_or(|t| t.elapsed() >= BAN_CHECK) {
            self.checked = Some(tokio::time::Instant::now());
            // A ban is refused here; a read that failed is tried again at
            // the next message rather than refusing this one.
            let now = gate.app.clock.now_ms() as i64;
            match gate.check_ban(Some(guest), now).await {
                Err(ban) if ban.code == codes::BANNED => return Err(ban),
                Err(_) => self.checked = None,
                Ok(()) => {}
            }
        }
        gate.request(guest, message).await
    }

    /// Closes the connection of `outbox` for a ban: `banned` with its
    /// sentence and details to the request `id`, then the close.
    pub fn kick(&self, outbox: &Outbox, id: Option<RequestId>, ban: &Refusal) {
        if self.notice.kicked.set(ban.message.clone()).is_ok() {
            outbox.send_message(&ban.clone().into_error(id));
        }
        outbox.close.cancel();
    }

    /// After a message: once the connection is `player` (again, or another
    /// guest after `login`), its blocks and settings are loaded and it is
    /// counted online.
    pub async fn load(&mut self, player: Player, client: IpAddr, outbox: &Outbox) {
        let app = self.app.clone();
        if self.loaded.as_deref() == Some(player.id.as_str()) || self.kicked().is_some() {
            return;
        }
        let (blocked, prefs) = match (
            app.store.blocked_by(&player.id).await,
            app.store.preferences(&player.id).await,
        ) {
            (Ok(b), Ok(p)) => (b, p),
            _ => return,
        };
        self.blocked = blocked.into_iter().collect();
        self.zen = prefs.zen;
        self.loaded = Some(player.id.clone());
        self.checked = Some(tokio::time::Instant::now());
        let guest = Guest {
            id: player.id,
            name: player.name,
        };
        (app.moderation.online).enter(guest, client, outbox.clone(), self.notice.clone());
    }

    /// `text` as this person may receive it: chat lines and vacation
    /// messages of the players it blocks taken out (all of them in zen);
    /// `None` when nothing is left.
    pub fn outgoing(&self, text: Utf8Bytes) -> Option<Utf8Bytes> {
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
        self.app.moderation.online.leave(self.conn);
    }
}
