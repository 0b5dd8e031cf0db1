//! What a room keeps for its notifications, so that a move reads nothing:
//! the games waiting for a move as stored (read once, when the room first
//! needs them; a room not playing has none) and who may be notified (its
//! people's subscriptions and account webhooks and its own webhooks, read
//! when its people change or one of them changes a target). A change's
//! notice is derived here (`RoomEnv::notices`) and stored in the room's own
//! commit, before the change is acknowledged.

use lodestone_protocol::RoomStatus;

use super::core::RoomCore;
use super::env::RoomEnv;
use super::event::Recorded;
use super::notice::{RoomNotice, clocks_moved, notice};
use crate::store::{NoticeWrite, Op, Targets, TurnRow};

/// A room's notifications as stored.
#[derive(Debug, Default)]
pub(super) struct Notified {
    /// The room's games waiting, as stored (`None`: not read yet).
    turns: Option<Vec<TurnRow>>,
    /// Who may be notified, and of which seated people it was read.
    targets: Option<(Vec<String>, Targets)>,
}

/// A notice's write on its way to the store with a commit.
#[derive(Debug, Default)]
pub(super) struct Prepared {
    ops: Vec<Op>,
    turns: Option<Vec<TurnRow>>,
    deliveries: bool,
}

impl Prepared {
    /// The operations to commit with the room's events.
    pub(super) fn ops(&mut self) -> Vec<Op> {
        std::mem::take(&mut self.ops)
    }
}

impl Notified {
    /// What `core`'s room keeps as it starts: a room not being played has
    /// no games waiting.
    pub(super) fn new(core: &RoomCore) -> Notified {
        Notified {
            turns: (core.status() != RoomStatus::Playing).then(Vec::new),
            targets: None,
        }
    }

    /// Reads what the room does not know yet (on its start, when its
    /// seated people change, when a target changes; never on a move): its
    /// turns, and its targets (read again with `again`). A failed read is
    /// logged; the room's notices wait for the next one.
    pub(super) async fn refresh(&mut self, env: &RoomEnv, core: &RoomCore, again: bool) {
        if again {
            self.targets = None;
        }
        if env.notices.is_some()
            && let Err(e) = self.read(env, core).await
        {
            tracing::error!(room = %core.id(), error = %e, "could not read a room's notifications");
        }
    }

    /// The write of the `notice` of a change (nothing when notifications
    /// are off, there is no notice, the room's turns or targets are not
    /// known, or it changes nothing; the notice is worked out only when
    /// they are on).
    fn prepare(&mut self, env: &RoomEnv, notice: impl FnOnce() -> Option<RoomNotice>) -> Prepared {
        let Some(notifier) = &env.notices else {
            return Prepared::default();
        };
        let (Some(turns), Some((_, targets))) = (&self.turns, &self.targets) else {
            return Prepared::default();
        };
        let Some(notice) = notice() else {
            return Prepared::default();
        };
        let write = notifier.derive(&notice, turns, targets);
        if is_empty(&write) {
            return Prepared::default();
        }
        Prepared {
            turns: write.turns.clone(),
            deliveries: !write.deliveries.is_empty() || !write.alarms.is_empty(),
            ops: write.ops(turns),
        }
    }

    /// `prepared` was stored: the room's turns are its, and the sender
    /// looks at new deliveries.
    pub(super) fn stored(&mut self, env: &RoomEnv, prepared: Prepared) {
        if let Some(turns) = prepared.turns {
            self.turns = Some(turns);
        }
        if prepared.deliveries
            && let Some(notifier) = &env.notices
        {
            notifier.stored();
        }
    }

    /// The write of `events` (just applied to `core`), to commit with them.
    pub(super) async fn of_events(
        &mut self,
        env: &RoomEnv,
        core: &RoomCore,
        events: &[Recorded],
    ) -> Prepared {
        self.refresh(env, core, false).await;
        self.prepare(env, || notice(core, events))
    }

    /// `core`'s clocks moved without an event (a vacation learnt): its
    /// turns are stored as they stand, so their alarms move with them.
    pub(super) async fn clocks_moved(&mut self, env: &RoomEnv, core: &RoomCore) {
        let now = env.clock.now_ms();
        self.write_alone(env, core, || clocks_moved(core, now)).await;
    }

    /// The notice of a change stored elsewhere (a tournament's start).
    pub(super) async fn noticed(&mut self, env: &RoomEnv, core: &RoomCore, notice: RoomNotice) {
        self.write_alone(env, core, || Some(notice)).await;
    }

    /// Stores the write of `notice` alone (a change stored elsewhere, or
    /// clocks that moved without an event).
    pub(super) async fn write_alone(
        &mut self,
        env: &RoomEnv,
        core: &RoomCore,
        notice: impl FnOnce() -> Option<RoomNotice>,
    ) {
        self.refresh(env, core, false).await;
        let mut prepared = self.prepare(env, notice);
        if prepared.ops.is_empty() {
            return;
        }
        match env.store.write(prepared.ops()).await {
            Ok(()) => self.stored(env, prepared),
            Err(e) => tracing::error!(error = %e, "could not store a room's notifications"),
        }
    }

    /// A commit of the room failed: what is stored of its turns is read
    /// again before its next notice (the commit may have been stored after
    /// all, as when PostgreSQL's answer was lost).
    pub(super) fn failed(&mut self) {
        self.turns = None;
    }

    /// Reads the room's turns and targets if it does not know them: all
    /// its targets in one read, or when its seated people change, only
    /// the newcomers' (nothing read when nobody new sits).
    async fn read(&mut self, env: &RoomEnv, core: &RoomCore) -> Result<(), crate::store::StoreError> {
        if self.turns.is_none() {
            self.turns = Some(env.store.turns(Some(core.id()), None).await?);
        }
        let seated: Vec<&str> = (core.seating().seats().iter().flatten())
            .filter(|p| !p.bot)
            .map(|p| p.id.as_str())
            .collect();
        let known = self.targets.as_ref().map(|(known, _)| known);
        if known.is_some_and(|known| seated.iter().copied().eq(known.iter().map(String::as_str))) {
            return Ok(());
        }
        let new: Vec<String> = (seated.iter())
            .filter(|p| known.is_none_or(|known| !known.iter().any(|k| k == *p)))
            .map(|p| p.to_string())
            .collect();
        let room = self.targets.is_none().then(|| core.id());
        let read = env.store.targets_of(room, &new).await?;
        let (known, targets) = self.targets.get_or_insert_with(Default::default);
        targets.room_hooks.extend(read.room_hooks);
        // Only people with targets are kept: nobody to notify costs no map.
        let (subs, hooks) = (read.subscriptions.into_iter(), read.account_hooks.into_iter());
        targets.subscriptions.extend(subs.filter(|(_, s)| !s.is_empty()));
        targets.account_hooks.extend(hooks.filter(|(_, h)| !h.is_empty()));
        targets.subscriptions.retain(|p, _| seated.contains(&p.as_str()));
        targets.account_hooks.retain(|p, _| seated.contains(&p.as_str()));
        *known = seated.iter().map(|p| p.to_string()).collect();
        Ok(())
    }
}

/// Whether `write` stores nothing.
fn is_empty(write: &NoticeWrite) -> bool {
    write.turns.is_none()
        && write.drop_for.is_empty()
        && write.deliveries.is_empty()
        && write.alarms.is_empty()
}
