//! What a room keeps for its notifications, so that a move reads nothing:
//! its games waiting for a move (read once, when the room first needs them,
//! and checked then against the room as its log rebuilt it; a room not
//! playing has none) and who may be notified (its people's subscriptions
//! and account webhooks and its own webhooks, read when its people change
//! or one of them changes a target). A change's notice is derived here
//! (`RoomEnv::notices`): its deliveries are stored in the room's own commit,
//! before the change is acknowledged; its games waiting, derived state, are
//! handed to the store once the commit is stored, which writes them apart
//! (`store/turns.rs`).

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
    /// The room's games waiting after the change, when they changed: the
    /// room, its version then, the rows.
    turns: Option<(String, u64, Vec<TurnRow>)>,
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
        let mut write = notifier.derive(&notice, turns, targets);
        if is_empty(&write) {
            return Prepared::default();
        }
        Prepared {
            deliveries: !write.deliveries.is_empty() || !write.alarms.is_empty(),
            ops: write.ops(),
            turns: (write.turns.take()).map(|rows| (write.room_id, notice.seq, rows)),
        }
    }

    /// `prepared` was stored: the room's turns are its (the store writes
    /// them soon), and the sender looks at new deliveries.
    pub(super) fn stored(&mut self, env: &RoomEnv, prepared: Prepared) {
        if let Some((room, version, rows)) = prepared.turns {
            let before = self.turns.replace(rows.clone()).unwrap_or_default();
            env.store.want_turns(&room, version, before, rows);
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

    /// A commit of the room failed: its turns are read again (and checked
    /// against the room rebuilt) before its next notice (the commit may
    /// have been stored after all, as when PostgreSQL's answer was lost).
    pub(super) fn failed(&mut self) {
        self.turns = None;
    }

    /// Reads the room's turns and targets if it does not know them: all
    /// its targets in one read, or when its seated people change, only
    /// the newcomers' (nothing read when nobody new sits). Turns read are
    /// derived again from the room ([`again`]): a crash may have lost the
    /// last ones before the store wrote them; if they differ, the room's
    /// are handed to the store.
    async fn read(&mut self, env: &RoomEnv, core: &RoomCore) -> Result<(), crate::store::StoreError> {
        if self.turns.is_none() {
            let stored = env.store.turns(Some(core.id()), None).await?;
            let turns = again(core, &stored);
            if turns.len() != stored.len() || turns.iter().any(|t| !stored.contains(t)) {
                tracing::debug!(room = %core.id(), ?stored, ?turns, "a room's games waiting derived again");
                env.store
                    .want_turns(core.id(), core.version(), stored, turns.clone());
            }
            self.turns = Some(turns);
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

/// The games waiting in `core` as its log left it, given those `stored`:
/// each person to act, with the stored row of their turn if they have not
/// played since it began, or else a turn that began with the last action
/// (or the start), at the room's version. (A live room's row of a turn
/// begins at the commit that began it; rebuilt, a turn's commits are not
/// known, only its actions.)
fn again(core: &RoomCore, stored: &[TurnRow]) -> Vec<TurnRow> {
    if core.status() != RoomStatus::Playing || core.is_gone() {
        return Vec::new();
    }
    let started = core.started_at().unwrap_or(0);
    let actions = core.log().live();
    let last = (started + core.log().last_at()) as i64;
    let seats = core.seating().seats();
    (core.game().to_act().iter())
        .filter_map(|seat| Some((seat, seats.get(seat.0 as usize)?.as_ref()?)))
        .filter(|(_, p)| !p.bot)
        .map(|(seat, p)| {
            let played = (actions.iter().rev())
                .find(|l| l.seat == seat)
                .map(|l| (started + l.at.0) as i64);
            match stored.iter().find(|t| t.guest_id == p.id) {
                Some(t) if played.is_none_or(|at| at <= t.since) => t.clone(),
                _ => TurnRow {
                    guest_id: p.id.clone(),
                    room_id: core.id().to_string(),
                    game: core.kind().to_string(),
                    since: last,
                    seq: core.version() as i64,
                },
            }
        })
        .collect()
}

/// Whether `write` stores nothing.
fn is_empty(write: &NoticeWrite) -> bool {
    write.turns.is_none()
        && write.drop_for.is_empty()
        && write.deliveries.is_empty()
        && write.alarms.is_empty()
}
