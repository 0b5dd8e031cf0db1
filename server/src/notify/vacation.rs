//! Vacations (docs/protocol.md, Vacation): an account takes a number of
//! days from now, with a message the other players see, and may come
//! back early. Each change is an event stored with the account
//! (`store/vacations.rs`); the rooms read the spans they make and stop
//! the account's correspondence clocks during them (`room/away.rs`). The
//! allowance is `--vacation-days` in any 365 days: a vacation counts its
//! days begun, against the window of the day it began.

use lodestone_protocol::{Detail, VacationState, codes};

use super::service::{Notify, Refusal};
use crate::names::{is_bidi_control, is_invisible};
use crate::store::{StoreError, VacationChange, VacationSpan};

const DAY: u64 = 86_400_000;
const YEAR: u64 = 365 * DAY;
/// The longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 200;

fn storage(e: StoreError) -> Refusal {
    tracing::error!(error = %e, "vacation storage failed");
    Refusal::new(codes::STORAGE, "the server could not store this; try again")
}

/// A vacation's message, shown to the other players, passes the checks
/// of a chat line (`room/chat.rs`): one line of at most
/// [`MAX_MESSAGE_CHARS`], no bidirectional overrides, not only invisible
/// characters. (A chat timeout is checked before, `moderation/checks.rs`.)
fn check_message(message: &str) -> Result<(), Refusal> {
    let bad = |why: String| Err(Refusal::new(codes::BAD_VACATION, why));
    if message.chars().count() > MAX_MESSAGE_CHARS || message.chars().any(char::is_control) {
        return bad(format!(
            "a vacation's message is one line of at most {MAX_MESSAGE_CHARS} characters"
        ));
    }
    if let Some(c) = message.chars().find(|&c| is_bidi_control(c)) {
        return bad(format!(
            "a vacation's message cannot hold bidirectional overrides or isolates (it has U+{:04X})",
            c as u32
        ));
    }
    if !message.is_empty() && message.chars().all(is_invisible) {
        return bad("the vacation's message shows nothing".into());
    }
    Ok(())
}

/// The days a vacation counts: those begun between its start and its
/// (planned or actual) end.
fn days(span: &VacationSpan) -> u64 {
    span.until.saturating_sub(span.from).div_ceil(DAY)
}

/// The days taken in the 365 days before `now`.
fn used(spans: &[VacationSpan], now: u64) -> u64 {
    let since = now.saturating_sub(YEAR);
    spans.iter().filter(|s| s.from >= since).map(days).sum()
}

/// The vacation running at `now`, if any.
fn running(spans: &[VacationSpan], now: u64) -> Option<&VacationSpan> {
    spans.iter().rev().find(|s| s.from <= now && now < s.until)
}

/// What `my_vacation` answers.
fn state(spans: &[VacationSpan], now: u64, per_year: u32) -> VacationState {
    let on = running(spans, now);
    VacationState {
        until: on.map(|s| s.until),
        message: on.map(|s| s.message.clone()).filter(|m| !m.is_empty()),
        days_left: (per_year as u64).saturating_sub(used(spans, now)) as u32,
        days_per_year: per_year,
    }
}

impl Notify {
    async fn account_vacations(&self, guest: &str) -> Result<(Vec<VacationSpan>, i64), Refusal> {
        if !self.store.is_account(guest).await.map_err(storage)? {
            return Err(Refusal::new(
                codes::ACCOUNT_REQUIRED,
                "vacation is for accounts: register first",
            ));
        }
        self.store.vacations_of(guest).await.map_err(storage)
    }

    /// `guest`'s vacation and the days it has left.
    pub async fn vacation(&self, guest: &str) -> Result<VacationState, Refusal> {
        let (spans, _) = self.account_vacations(guest).await?;
        Ok(state(&spans, self.clock.now_ms(), self.config.vacation_days))
    }

    /// `guest` goes on vacation for `days` days from now.
    pub async fn take_vacation(
        &self,
        guest: &str,
        days: u32,
        message: Option<&str>,
    ) -> Result<VacationState, Refusal> {
        let per_year = self.config.vacation_days;
        let message = message.unwrap_or("").trim();
        if days == 0 || days > per_year {
            let max = per_year.into();
            return Err(Refusal::detailed(
                codes::BAD_VACATION,
                Detail::VacationLength { max },
            ));
        }
        check_message(message)?;
        let (spans, seq) = self.account_vacations(guest).await?;
        let now = self.clock.now_ms();
        if let Some(on) = running(&spans, now) {
            let until = on.until;
            return Err(Refusal::detailed(
                codes::ON_VACATION,
                Detail::OnVacation { until },
            ));
        }
        let left = (per_year as u64).saturating_sub(used(&spans, now));
        if days as u64 > left {
            let max = per_year.into();
            return Err(Refusal::detailed(
                codes::VACATION_USED_UP,
                Detail::VacationUsedUp { left, max },
            ));
        }
        let until = now + days as u64 * DAY;
        let change = VacationChange::Begin {
            until,
            message: message.to_string(),
        };
        self.append(guest, seq, now, &change).await?;
        self.vacation(guest).await
    }

    /// `guest` comes back from vacation now.
    pub async fn end_vacation(&self, guest: &str) -> Result<VacationState, Refusal> {
        let (spans, seq) = self.account_vacations(guest).await?;
        let now = self.clock.now_ms();
        if running(&spans, now).is_none() {
            return Err(Refusal::new(codes::NOT_ON_VACATION, "you are not on vacation"));
        }
        self.append(guest, seq, now, &VacationChange::End).await?;
        self.vacation(guest).await
    }

    async fn append(&self, guest: &str, seq: i64, now: u64, change: &VacationChange) -> Result<(), Refusal> {
        if self
            .store
            .add_vacation_event(guest, seq + 1, now, change)
            .await
            .map_err(storage)?
        {
            tracing::info!(guest, ?change, "vacation changed");
            return Ok(());
        }
        Err(Refusal::new(
            codes::STORAGE,
            "your vacation changed meanwhile; look again",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(from: u64, until: u64) -> VacationSpan {
        VacationSpan {
            from,
            until,
            message: String::new(),
        }
    }

    #[test]
    fn the_allowance_counts_days_begun_in_the_last_365_days() {
        let now = 1000 * DAY;
        // 3 days, 1 hour (counted as a day), and one older than a year.
        let spans = [
            span(now - 400 * DAY, now - 390 * DAY),
            span(now - 100 * DAY, now - 97 * DAY),
            span(now - 10 * DAY, now - 10 * DAY + 3_600_000),
        ];
        assert_eq!(used(&spans, now), 4);
        let shown = state(&spans, now, 30);
        assert_eq!(
            (shown.until, shown.days_left, shown.days_per_year),
            (None, 26, 30)
        );
        // On one now: shown until its end.
        let on = [span(now - DAY, now + 2 * DAY)];
        assert_eq!(state(&on, now, 30).until, Some(now + 2 * DAY));
        assert_eq!(state(&on, now, 30).days_left, 27);
        // Its end is not in it.
        assert!(running(&on, now + 2 * DAY).is_none());
    }
}
