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

    /// Someone's targets changed: read them again when next needed.
    pub(super) fn forget_targets(&mut self) {
        self.targets = None;
    }

    /// The write of the `notice` of a change (nothing when notifications
    /// are off, there is no notice, or it changes nothing; the notice is
    /// worked out only when they are on). Reads only what the room does
    /// not know yet; a failed read is logged and the notice left out (the
    /// change itself is still stored).
    pub(super) async fn prepare(
        &mut self,
        env: &RoomEnv,
        notice: impl FnOnce() -> Option<RoomNotice>,
    ) -> Prepared {
        let Some(notifier) = &env.notices else {
            return Prepared::default();
        };
        let Some(notice) = notice() else {
            return Prepared::default();
        };
        if let Err(e) = self.read(env, &notice).await {
            tracing::error!(room = %notice.room, error = %e, "could not read a room's notifications");
            return Prepared::default();
        }
        let (Some(turns), Some((_, targets))) = (&self.turns, &self.targets) else {
            return Prepared::default();
        };
        let write = notifier.derive(&notice, turns, targets);
        if is_empty(&write) {
            return Prepared::default();
        }
        Prepared {
            turns: write.turns.clone(),
            deliveries: !write.deliveries.is_empty() || !write.alarms.is_empty(),
            ops: write.ops(),
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
        self.prepare(env, || notice(core, events)).await
    }

    /// `core`'s clocks moved without an event (a vacation learnt): its
    /// turns are stored as they stand, so their alarms move with them.
    pub(super) async fn clocks_moved(&mut self, env: &RoomEnv, core: &RoomCore) {
        let now = env.clock.now_ms();
        self.write_alone(env, || clocks_moved(core, now)).await;
    }

    /// Stores the write of `notice` alone (a change stored elsewhere, or
    /// clocks that moved without an event).
    pub(super) async fn write_alone(&mut self, env: &RoomEnv, notice: impl FnOnce() -> Option<RoomNotice>) {
        let mut prepared = self.prepare(env, notice).await;
        match env.store.write(prepared.ops()).await {
            Ok(()) => self.stored(env, prepared),
            Err(e) => tracing::error!(error = %e, "could not store a room's notifications"),
        }
    }

    /// Reads the room's turns and targets if it does not know them.
    async fn read(&mut self, env: &RoomEnv, notice: &RoomNotice) -> Result<(), crate::store::StoreError> {
        if self.turns.is_none() {
            self.turns = Some(env.store.turns(Some(&notice.room), None).await?);
        }
        let people: Vec<String> = (notice.players.iter())
            .filter(|(_, _, bot)| !bot)
            .map(|(id, _, _)| id.clone())
            .collect();
        if self.targets.as_ref().is_none_or(|(known, _)| *known != people) {
            let targets = env.store.targets_of(&notice.room, &people).await?;
            self.targets = Some((people, targets));
        }
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
