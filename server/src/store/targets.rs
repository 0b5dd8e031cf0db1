//! Who may be notified of a room's events, as its room reads them
//! (`room/notified.rs`): its webhooks, and its people's subscriptions and
//! account webhooks, read only for the room and the people marked as
//! having any (`marks.rs`).

use std::sync::atomic::Ordering;

use super::db::{Db, with_pool};
use super::handle::Store;
use super::marks::Marks;
use super::notify::{SubscriptionRow, Targets, WebhookRow};
use super::types::StoreError;

impl Store {
    /// Who may block someone or be notified (`marks.rs`).
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// Who may be notified of events of room `room` (its webhooks; `None`:
    /// they are known already) concerning `people`: their subscriptions
    /// and account webhooks. One read, of the room and people marked as
    /// having any target (`marks.rs`): nothing read for nobody.
    pub async fn targets_of(&self, room: Option<&str>, people: &[String]) -> Result<Targets, StoreError> {
        let mut targets = Targets::default();
        for person in people {
            targets.subscriptions.insert(person.clone(), Vec::new());
            targets.account_hooks.insert(person.clone(), Vec::new());
        }
        let all: Vec<String> = (room.map(|r| format!("room:{r}")).into_iter())
            .chain(people.iter().map(|p| format!("guest:{p}")))
            .collect();
        let marked = self.marks.may_have_targets(&self.db, &all).await;
        let owners: Vec<String> = (all.into_iter().zip(&marked))
            .filter_map(|(owner, marked)| marked.then_some(owner))
            .collect();
        let people: Vec<&String> = (people.iter())
            .zip(&marked[usize::from(room.is_some())..])
            .filter_map(|(person, marked)| marked.then_some(person))
            .collect();
        if owners.is_empty() {
            return Ok(targets);
        }
        self.notify_reads.fetch_add(1, Ordering::Relaxed);
        // Built from constant parts and placeholders only.
        let places = |from: usize, n: usize| {
            (from..from + n)
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let hooks = format!(
            "SELECT 'hook' AS kind, owner, url AS place, format, secret, events, '' AS lang FROM webhooks \
             WHERE owner IN ({})",
            places(people.len() + 1, owners.len())
        );
        let sql = match people.is_empty() {
            true => format!("{hooks} ORDER BY place"),
            false => format!(
                "SELECT 'push' AS kind, guest_id AS owner, endpoint AS place, p256dh, auth, events, lang \
                 FROM push_subscriptions WHERE guest_id IN ({}) UNION ALL {hooks} ORDER BY kind, owner, place",
                places(1, people.len())
            ),
        };
        type Row = (String, String, String, String, String, String, String);
        let rows = with_pool!(&self.db, pool => {
            let mut query = sqlx::query_as::<_, Row>(sqlx::AssertSqlSafe(sql.as_str()));
            for value in people.iter().copied().chain(&owners) {
                query = query.bind(value);
            }
            query.fetch_all(pool).await
        })?;
        for (kind, owner, place, a, b, events, lang) in rows {
            if kind == "push" {
                (targets.subscriptions.entry(owner.clone()).or_default()).push(SubscriptionRow {
                    endpoint: place,
                    guest_id: owner,
                    p256dh: a,
                    auth: b,
                    events,
                    lang,
                });
                continue;
            }
            let hook = WebhookRow {
                owner,
                url: place,
                format: a,
                secret: b,
                events,
            };
            match hook.owner.strip_prefix("guest:") {
                Some(guest) => targets
                    .account_hooks
                    .entry(guest.to_string())
                    .or_default()
                    .push(hook),
                None => targets.room_hooks.push(hook),
            }
        }
        Ok(targets)
    }
}
