//! What a connection's session is ([`Session`]): who it is, the rooms it
//! watches, its moderation state, its language and its queue; and what it
//! writes to the client (replies, and what the client is shown of what
//! its rooms send).

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{Code, RequestId, ServerMessage, error};
use tokio_util::sync::CancellationToken;

use super::rate::RateLimit;
use crate::app::App;
use crate::moderation::conn::Moderated;
use crate::reserve::Standing;
use crate::room::{Outbox, Player, queue};

/// A connection's session: who it is, the rooms it watches, its
/// moderation state and language, and its queue.
pub struct Session {
    pub(super) app: Arc<App>,
    /// The client's address, for the per-address quotas.
    pub(super) client: IpAddr,
    pub(super) outbox: Outbox,
    pub(super) guest: Option<Player>,
    /// Rooms this connection watches (only rooms that exist).
    pub(super) watching: HashSet<String>,
    /// Blocks, settings and bans (`moderation/conn.rs`).
    pub(super) moderated: Moderated,
    /// Its standing (`reserve.rs`): known once it shows an account or a
    /// guest's token from before.
    pub(super) standing: Option<Arc<Standing>>,
    /// The language of its sentences (`lang` in `hello`; `sentences.rs`).
    pub(super) words: lodestone_i18n::Words,
    /// How fast it may send (`rate.rs`).
    pub(super) rate: RateLimit,
}

impl Session {
    /// The session of a connection of `client` (closed by cancelling
    /// `close`) and the queue of what is written to it, which the rooms it
    /// watches also feed.
    pub fn open(
        app: Arc<App>,
        client: IpAddr,
        close: CancellationToken,
        standing: Option<Arc<Standing>>,
    ) -> (Session, queue::Receiver) {
        let (tx, rx) = queue::channel(app.config.outbox);
        let outbox = Outbox::new(app.next_conn(), tx, close);
        let session = Session {
            moderated: Moderated::new(app.clone(), outbox.conn),
            rate: RateLimit::new(app.config.rate_limit),
            app,
            client,
            outbox,
            guest: None,
            watching: HashSet::new(),
            standing,
            words: lodestone_i18n::Words::english(),
        };
        (session, rx)
    }

    /// The client showed a known identity.
    pub(super) fn known(&self) {
        if let Some(standing) = &self.standing {
            standing.known();
        }
    }

    pub fn reply(&self, message: ServerMessage) {
        self.outbox.send_message(&message);
    }

    pub(super) fn fail(&self, id: RequestId, code: Code, message: impl Into<String>) {
        self.reply(error(Some(id), code, message));
    }

    /// Whether a moderator closed the connection (a ban, or its account
    /// deleted).
    pub fn kicked(&self) -> bool {
        self.moderated.kicked().is_some()
    }

    /// `text` as this client is shown it: what its person hides (blocked
    /// players' chat, zen) taken out, errors put in its language.
    pub fn shown(&self, text: Utf8Bytes) -> Option<Utf8Bytes> {
        (self.moderated.outgoing(text)).map(|text| self.spoken(text))
    }

    /// `text` with an error put in the client's language.
    pub fn spoken(&self, text: Utf8Bytes) -> Utf8Bytes {
        crate::sentences::frame(&self.words, text)
    }
}
