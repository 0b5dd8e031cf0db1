//! What moderation keeps of each act: the reasons and notes as given
//! ([`check_reason`]), the timeouts' lengths, and the audit entries
//! ([`audit_row`]).

use lodestone_protocol::{Detail, codes};

use crate::served::Refused;

use crate::store::AuditRow;

/// The chat timeouts a moderator may give, in minutes: 10 minutes, an
/// hour, a day.
pub const TIMEOUT_MINUTES: [u32; 3] = [10, 60, 1440];

/// The longest reason or note, in characters.
pub const MAX_REASON_CHARS: usize = 500;

/// A reason or note as kept: trimmed, at most [`MAX_REASON_CHARS`]
/// characters, no control characters; the refusal otherwise.
pub fn check_reason(text: &str, needed: bool) -> Result<String, Refused> {
    let text = text.trim();
    if needed && text.is_empty() {
        return Err(Refused::new(codes::BAD_MESSAGE, "give a reason"));
    }
    let n = text.chars().count();
    if n > MAX_REASON_CHARS {
        let detail = Detail::ReasonTooLong {
            max: MAX_REASON_CHARS as u64,
            length: n as u64,
        };
        return Err(Refused::detailed(codes::BAD_MESSAGE, detail));
    }
    if text
        .chars()
        .any(|c| c.is_control() || crate::names::is_bidi_control(c))
    {
        return Err(Refused::new(
            codes::BAD_MESSAGE,
            "a reason cannot hold control characters or bidirectional overrides",
        ));
    }
    Ok(text.to_string())
}

/// A new audit entry: `actor` (none: the host) did `action` to `target`.
pub fn audit_row(
    now: u64,
    actor: Option<&str>,
    action: &str,
    target: Option<&str>,
    room: Option<&str>,
    detail: impl Into<String>,
) -> AuditRow {
    AuditRow {
        id: uuid::Uuid::new_v4().to_string(),
        at: now as i64,
        actor_id: actor.map(str::to_string),
        action: action.to_string(),
        target_id: target.map(str::to_string),
        room_id: room.map(str::to_string),
        detail: detail.into(),
    }
}
