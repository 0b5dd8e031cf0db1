//! What a report carries: the room, the chat lines around the reported
//! one as the reporter could read them, and the game's record as the
//! reporter may see it, taken from the room's stored events when the
//! report is made (so the moderators see what the reporter saw, even if
//! the room is gone later).

use lodestone_protocol::{Detail, ReportContext, codes};

use crate::room::{Recorded, RoomCore};
use crate::secrets::OsSecrets;

/// Lines kept on each side of the reported line (or at the end of the
/// room's chat when no line is named).
pub const LINES_AROUND: usize = 5;

/// The context of a report by `reporter` about room `room_id` (its stored
/// `events`) and, if given, its chat line `line` (a `seq`).
pub fn context(
    room_id: &str,
    events: &[Recorded],
    reporter: &str,
    invite: Option<&str>,
    line: Option<u64>,
) -> Result<ReportContext, crate::served::Refused> {
    let core = RoomCore::restore(room_id, events, Box::new(OsSecrets))
        .map_err(|_| crate::served::room_unreadable(room_id))?;
    let viewer = core.seat_of_guest(reporter);
    let lines = core.chat_for(viewer, u64::MAX);
    let window = match line {
        Some(seq) => {
            let Some(at) = lines.iter().position(|l| l.seq == seq) else {
                let unknown = Detail::UnknownChatLine { seq };
                return Err(crate::served::Refused::detailed(codes::BAD_MESSAGE, unknown));
            };
            let from = at.saturating_sub(LINES_AROUND);
            lines[from..(at + LINES_AROUND + 1).min(lines.len())].to_vec()
        }
        None => lines[lines.len().saturating_sub(2 * LINES_AROUND)..].to_vec(),
    };
    Ok(ReportContext {
        room: room_id.to_string(),
        game: core.summary().game,
        lines: window,
        line,
        record: core.record_for(Some(reporter), invite).ok(),
    })
}
