//! A connection's side of moderation (docs/moderation.md): the checks
//! made before a message is handled (`moderation/checks.rs` decides; a
//! ban closes the connection here), and its person's blocks and settings
//! loaded once it is a guest, for what `moderated.rs` hides on the way
//! out.

use std::time::Duration;

use lodestone_protocol::{ClientMessage, Guest, RequestId, codes, error};

use super::session::Session;
use crate::moderation::checks::Gate;
use crate::served::Refused;

/// How often a connection checks again that its account is not banned
/// (a ban given on another node reaches it then; one given on this node
/// closes it at once).
const BAN_CHECK: Duration = Duration::from_secs(30);

impl Session {
    /// The checks before `message` is handled; false when it was answered
    /// here (refused) and must not be handled.
    pub(super) async fn before(&mut self, message: &ClientMessage) -> bool {
        if self.moderated.kicked().is_some() {
            return false;
        }
        let renamed = self
            .moderated
            .notice
            .renamed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let (Some(name), Some(guest)) = (renamed, self.guest.as_mut()) {
            guest.name = name;
        }
        let id = message.id().clone();
        match self.check(message).await {
            Ok(()) => true,
            Err((code, sentence)) => {
                if code == codes::BANNED {
                    self.kick(Some(id), &sentence);
                } else {
                    self.fail(id, code, sentence);
                }
                false
            }
        }
    }

    /// Closes this connection for a ban: `banned` with `sentence` to the
    /// request `id`, then the close.
    fn kick(&self, id: Option<RequestId>, sentence: &str) {
        if self.moderated.notice.kicked.set(sentence.to_string()).is_ok() {
            self.reply(error(id, codes::BANNED, sentence));
        }
        self.outbox.close.cancel();
    }

    async fn check(&mut self, message: &ClientMessage) -> Result<(), Refused> {
        let gate = Gate {
            app: &self.app,
            client: self.client,
        };
        if matches!(
            message,
            ClientMessage::Hello { .. } | ClientMessage::Login { .. } | ClientMessage::Register { .. }
        ) {
            return gate.identity(message).await;
        }
        let Some(player) = self.guest.clone() else {
            return Ok(());
        };
        if self.moderated.checked.is_none_or(|t| t.elapsed() >= BAN_CHECK) {
            self.moderated.checked = Some(tokio::time::Instant::now());
            // A ban is refused here; a read that failed is tried again at
            // the next message rather than refusing this one.
            let now = self.app.clock.now_ms() as i64;
            match gate.check_ban(Some(&player.id), now).await {
                Err((code, sentence)) if code == codes::BANNED => return Err((code, sentence)),
                Err(_) => self.moderated.checked = None,
                Ok(()) => {}
            }
        }
        gate.request(&player.id, message).await
    }

    /// After a message: once the connection is a guest (again, or another
    /// one after `login`), its blocks and settings are loaded and it is
    /// counted online.
    pub(super) async fn after(&mut self) {
        let Some(player) = self.guest.clone() else { return };
        if self.moderated.loaded.as_deref() == Some(player.id.as_str()) || self.moderated.kicked().is_some() {
            return;
        }
        let (blocked, prefs) = match (
            self.app.store.blocked_by(&player.id).await,
            self.app.store.preferences(&player.id).await,
        ) {
            (Ok(b), Ok(p)) => (b, p),
            _ => return,
        };
        self.moderated.blocked = blocked.into_iter().collect();
        self.moderated.zen = prefs.zen;
        self.moderated.loaded = Some(player.id.clone());
        self.moderated.checked = Some(tokio::time::Instant::now());
        self.moderated.moderation.online.enter(
            Guest {
                id: player.id,
                name: player.name,
            },
            self.client,
            self.outbox.clone(),
            self.moderated.notice.clone(),
        );
    }
}
