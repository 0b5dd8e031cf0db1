//! The storage of vacations (`notify/vacation.rs`): an account's stored
//! vacation events, appended in order (a conditional insert of the next
//! `seq`, so two requests at once cannot both begin one), read back as
//! spans of time.

use super::db::{Db, pooled, with_pool};
use super::handle::Store;
use super::types::StoreError;

/// One vacation, as its events make it: from `from` to `until` (unix
/// ms; an `end` event cuts it short), with its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VacationSpan {
    pub from: u64,
    pub until: u64,
    pub message: String,
}

/// A change of a vacation: `begin` (until `ends_at`, with `message`) or
/// `end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VacationChange {
    Begin { until: u64, message: String },
    End,
}

impl Store {
    /// The vacations of `guest`, oldest first, and how many events made
    /// them (the next event's `seq` is one more).
    pub async fn vacations_of(&self, guest: &str) -> Result<(Vec<VacationSpan>, i64), StoreError> {
        type Row = (i64, String, i64, Option<i64>, Option<String>);
        let rows = pooled!(
            &self.db,
            rows Row: "SELECT seq, kind, at, ends_at, message FROM vacation_events WHERE guest_id = $1 ORDER BY seq",
            guest,
        )?;
        let mut spans: Vec<VacationSpan> = Vec::new();
        let mut last = 0;
        for (seq, kind, at, ends_at, message) in rows {
            last = seq;
            let at = at.max(0) as u64;
            match kind.as_str() {
                "begin" => spans.push(VacationSpan {
                    from: at,
                    until: ends_at.unwrap_or(0).max(0) as u64,
                    message: message.unwrap_or_default(),
                }),
                _ => {
                    if let Some(span) = spans.last_mut() {
                        span.until = span.until.min(at).max(span.from);
                    }
                }
            }
        }
        Ok((spans, last))
    }

    /// Appends `change` to `guest`'s vacation events at `at` as event
    /// `seq`; false when another change took that `seq` first.
    pub async fn add_vacation_event(
        &self,
        guest: &str,
        seq: i64,
        at: u64,
        change: &VacationChange,
    ) -> Result<bool, StoreError> {
        let (kind, until, message) = match change {
            VacationChange::Begin { until, message } => {
                ("begin", Some(*until as i64), Some(message.as_str()))
            }
            VacationChange::End => ("end", None, None),
        };
        let done = pooled!(
            &self.db,
            exec "INSERT INTO vacation_events (guest_id, seq, kind, at, ends_at, message) \
                  VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            guest, seq, kind, at as i64, until, message,
        )?;
        Ok(done == 1)
    }
}
