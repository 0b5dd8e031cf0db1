//! Bans reaching every node's connections (docs/moderation.md): the
//! sentence a banned connection is told, and the nodes' hint. A node that
//! stores a ban closes its own matching connections at once and publishes
//! a hint (`ban guest ID` or `ban address ADDR`, through the nodes'
//! notices); every node that hears it checks its matching connections
//! against the stored bans, and closes those banned with `banned`. The
//! hint carries no ban: the store decides. A node whose notice listener
//! (re)starts, having maybe missed hints, checks all its connections.

use std::net::IpAddr;

use lodestone_protocol::{Detail, codes};

use crate::moderation::online::Online;
use crate::room::Refusal;
use crate::said;
use crate::store::{SanctionRow, Store};

/// Whom a ban hint is about: a guest, an address, or (after notices may
/// have been missed) everybody connected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Banned {
    Guest(String),
    Address(IpAddr),
    Anyone,
}

impl Banned {
    /// Whom a ban of `guest` or `address` names.
    pub fn about(guest: Option<&str>, address: Option<IpAddr>) -> Banned {
        match (guest, address) {
            (Some(id), _) => Banned::Guest(id.to_string()),
            (None, Some(a)) => Banned::Address(a),
            (None, None) => Banned::Anyone,
        }
    }

    /// The hint another node reads back with [`Banned::parse`].
    pub fn hint(&self) -> String {
        match self {
            Banned::Guest(id) => format!("ban guest {id}"),
            Banned::Address(a) => format!("ban address {a}"),
            Banned::Anyone => "ban anyone".into(),
        }
    }

    /// The hint's words after `ban`; None for words this node does not know.
    pub fn parse(kind: &str, what: Option<&str>) -> Option<Banned> {
        match (kind, what) {
            ("guest", Some(id)) if !id.is_empty() => Some(Banned::Guest(id.to_string())),
            ("address", Some(a)) => a.parse().ok().map(Banned::Address),
            ("anyone", None) => Some(Banned::Anyone),
            _ => None,
        }
    }
}

/// Checks this node's connections that `who` names against the bans
/// stored for `now`, and closes those banned (`banned` with the ban's
/// sentence); returns how many. A read that fails leaves the connection
/// to its own check at its next message.
pub async fn recheck(store: &Store, online: &Online, who: &Banned, now: i64) -> usize {
    let mut closed = 0;
    for (conn, guest, address) in online.connections() {
        let named = match who {
            Banned::Guest(id) => *id == guest,
            Banned::Address(a) => *a == address,
            Banned::Anyone => true,
        };
        if !named {
            continue;
        }
        let address = address.to_string();
        match store
            .sanction_on("ban", Some(&guest), Some(&address), None, now)
            .await
        {
            Ok(Some(ban)) => {
                online.kick_conn(conn, &ban_refusal(&ban, now));
                closed += 1;
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "could not check a connection for a ban"),
        }
    }
    closed
}

/// What a banned connection is told: `banned`, with the ban's details.
pub fn ban_refusal(ban: &SanctionRow, now: i64) -> Refusal {
    let detail = Detail::Banned {
        address: ban.address.is_some() && ban.guest_id.is_none(),
        reason: ban.reason.clone(),
        lasting: said::lasting(ban.until, now),
    };
    Refusal::detailed(codes::BANNED, detail)
}

/// The time from `now` to `until` in English words (rounded up).
pub fn left(now: i64, until: i64) -> String {
    said::left(&lodestone_i18n::Words::english(), said::minutes_left(now, until))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_reads_back_as_itself() {
        for who in [
            Banned::Guest("874b0b1d-ee00-47bb-9e81-d08b970dcdbb".into()),
            Banned::Address("203.0.113.7".parse().unwrap()),
            Banned::Address("2001:db8::1".parse().unwrap()),
            Banned::Anyone,
        ] {
            let hint = who.hint();
            let mut words = hint.split(' ');
            assert_eq!(words.next(), Some("ban"));
            let kind = words.next().unwrap();
            assert_eq!(Banned::parse(kind, words.next()), Some(who));
        }
        assert_eq!(Banned::parse("address", Some("not-an-address")), None);
        assert_eq!(Banned::parse("room", Some("x")), None);
    }
}
