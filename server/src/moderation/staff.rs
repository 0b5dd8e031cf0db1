//! What moderators and admins change (`admin_*`, docs/moderation.md):
//! reports taken and resolved, timeouts and bans given and lifted, a
//! player renamed, a role set. Each change is stored with its audit
//! entry; who may act on whom is [`Staff::target`]. `console.rs` checks
//! the role first and dispatches here.

use std::net::IpAddr;
use std::sync::Arc;

use lodestone_protocol::{Detail, ReportOutcome, Role, codes};

use super::audit::{TIMEOUT_MINUTES, audit_row, check_reason};
use super::bans::{Banned, ban_refusal, left};
use super::roles;
use super::views;
use crate::app::App;
use crate::cluster;
use crate::served::Refused;
use crate::store::{SanctionRow, StoreError};

/// A moderator or admin at the console: who (`me`), from which address.
pub struct Staff<'a> {
    pub app: &'a Arc<App>,
    pub me: &'a str,
    pub client: IpAddr,
}

/// The refusal of a change the store could not make.
pub(super) fn storage<E>(_: E) -> Refused {
    Refused::new(codes::STORAGE, "the server could not do this; try again")
}

/// Whether report `report` moved on (`false`: it is not open).
fn moved_report(report: &str, moved: Result<bool, StoreError>) -> Result<(), Refused> {
    match moved {
        Ok(true) => Ok(()),
        Ok(false) => {
            let report = report.to_string();
            Err(Refused::detailed(
                codes::UNKNOWN_REPORT,
                Detail::UnknownReport { report },
            ))
        }
        Err(e) => Err(storage(e)),
    }
}

impl Staff<'_> {
    /// The player a moderator names, whom a moderator of role `role` may
    /// act on: not an admin unless `role` is admin, and not a moderator
    /// unless `role` is admin.
    pub async fn target(&self, text: &str, role: Role) -> Result<String, Refused> {
        let target = match views::find_player(&self.app.store, text).await.map_err(storage)? {
            Some(target) => target,
            None => return Err(crate::served::unknown_player(text)),
        };
        let theirs = roles::role(&self.app.store, &target).await.map_err(storage)?;
        if theirs >= Role::Moderator && role < Role::Admin {
            return Err(Refused::new(
                codes::NOT_ALLOWED,
                "a moderator cannot act on another moderator or an admin",
            ));
        }
        if theirs == Role::Admin && target != self.me {
            return Err(Refused::new(
                codes::NOT_ALLOWED,
                "nobody acts on an admin from the console",
            ));
        }
        Ok(target)
    }

    /// Moderator `me` takes open report `report`.
    pub async fn take_report(&self, me: &str, report: &str, now: u64) -> Result<(), Refused> {
        let audit = audit_row(
            now,
            Some(me),
            "take_report",
            None,
            None,
            format!("report {report}"),
        );
        let moved = (self.app.store).move_report(report, &["open"], "taken", me, None, &audit);
        moved_report(report, moved.await)
    }

    /// Moderator `me` resolves or dismisses report `report`.
    pub async fn resolve(
        &self,
        me: &str,
        report: &str,
        outcome: ReportOutcome,
        note: &str,
        now: u64,
    ) -> Result<(), Refused> {
        let note = check_reason(note, false)?;
        let (status, action) = match outcome {
            ReportOutcome::Resolved => ("resolved", "resolve_report"),
            ReportOutcome::Dismissed => ("dismissed", "dismiss_report"),
        };
        let target = self
            .app
            .store
            .report(report)
            .await
            .map_err(storage)?
            .map(|r| r.target_id);
        let audit = audit_row(
            now,
            Some(me),
            action,
            target.as_deref(),
            None,
            format!("report {report}: {note}"),
        );
        let moved = (self.app.store).move_report(report, &["open", "taken"], status, me, Some(&note), &audit);
        moved_report(report, moved.await)
    }

    pub async fn lift(&self, me: &str, sanction: &str, now: u64) -> Result<(), Refused> {
        let Some(row) = self.app.store.sanction(sanction).await.map_err(storage)? else {
            let sanction = sanction.to_string();
            return Err(Refused::detailed(
                codes::UNKNOWN_REPORT,
                Detail::UnknownSanction { sanction },
            ));
        };
        let what = row
            .address
            .map_or(row.kind.clone(), |a| format!("{} of {a}", row.kind));
        let detail = format!("{what}: {}", row.reason);
        let audit = audit_row(
            now,
            Some(me),
            "lift",
            row.guest_id.as_deref(),
            row.room_id.as_deref(),
            detail,
        );
        match self.app.store.lift_sanction(sanction, now as i64, &audit).await {
            Ok(true) => Ok(()),
            Ok(false) => Err(Refused::new(
                codes::UNKNOWN_REPORT,
                "that sanction is no longer in force",
            )),
            Err(e) => Err(storage(e)),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub async fn timeout(
        &self,
        me: &str,
        role: Role,
        who: &str,
        room: Option<String>,
        minutes: u32,
        reason: &str,
        now: u64,
    ) -> Result<(), Refused> {
        if !TIMEOUT_MINUTES.contains(&minutes) {
            return Err(Refused::new(
                codes::BAD_MESSAGE,
                "a timeout lasts 10, 60 or 1440 minutes",
            ));
        }
        let reason = check_reason(reason, true)?;
        let target = self.target(who, role).await?;
        let until = now as i64 + i64::from(minutes) * 60_000;
        let place = room
            .as_deref()
            .map_or("everywhere".to_string(), |r| format!("in room {r}"));
        let row = SanctionRow {
            id: uuid::Uuid::new_v4().to_string(),
            kind: "timeout".into(),
            guest_id: Some(target.clone()),
            address: None,
            room_id: room.clone(),
            reason: reason.clone(),
            by_id: Some(me.into()),
            at: now as i64,
            until: Some(until),
            lifted_at: None,
        };
        let detail = format!("{minutes} minutes {place}: {reason}");
        let audit = audit_row(now, Some(me), "timeout", Some(&target), room.as_deref(), detail);
        self.app
            .store
            .add_sanction(&row, Some(&audit))
            .await
            .map_err(storage)
    }

    #[allow(clippy::too_many_arguments)]
    pub async fn ban(
        &self,
        me: &str,
        role: Role,
        who: Option<String>,
        address: Option<String>,
        minutes: Option<u32>,
        reason: &str,
        now: u64,
    ) -> Result<(), Refused> {
        let reason = check_reason(reason, true)?;
        let (target, address) = match (who, address) {
            (Some(who), None) => (Some(self.target(&who, role).await?), None),
            (None, Some(address)) => {
                let ip: IpAddr = address.trim().parse().map_err(|_| {
                    Refused::detailed(
                        codes::BAD_MESSAGE,
                        Detail::NotAnAddress {
                            address: address.to_string(),
                        },
                    )
                })?;
                if ip == self.client {
                    return Err(Refused::new(codes::BAD_MESSAGE, "that is your own address"));
                }
                (None, Some(ip))
            }
            _ => {
                return Err(Refused::new(
                    codes::BAD_MESSAGE,
                    "ban a player or an address, one of the two",
                ));
            }
        };
        if minutes == Some(0) {
            return Err(Refused::new(
                codes::BAD_MESSAGE,
                "a ban lasts a minute at least (or no minutes: for good)",
            ));
        }
        let until = minutes.map(|m| now as i64 + i64::from(m) * 60_000);
        let row = SanctionRow {
            id: uuid::Uuid::new_v4().to_string(),
            kind: "ban".into(),
            guest_id: target.clone(),
            address: address.map(|a| a.to_string()),
            room_id: None,
            reason: reason.clone(),
            by_id: Some(me.into()),
            at: now as i64,
            until,
            lifted_at: None,
        };
        let length = until.map_or("for good".to_string(), |u| format!("for {}", left(now as i64, u)));
        let what = row
            .address
            .clone()
            .map_or(String::new(), |a| format!("address {a} "));
        let audit = audit_row(
            now,
            Some(me),
            "ban",
            target.as_deref(),
            None,
            format!("{what}{length}: {reason}"),
        );
        self.app
            .store
            .add_sanction(&row, Some(&audit))
            .await
            .map_err(storage)?;
        let ban = ban_refusal(&row, now as i64);
        self.app.moderation.online.kick(target.as_deref(), address, &ban);
        if let Some(node) = &self.app.node {
            let hint = Banned::about(target.as_deref(), address).hint();
            if let Err(e) = node.leases.notify(&hint).await {
                tracing::warn!(error = %e, "could not tell the other nodes of a ban");
            }
        }
        Ok(())
    }

    pub async fn rename_player(
        &self,
        me: &str,
        role: Role,
        who: &str,
        name: &str,
        now: u64,
    ) -> Result<(), Refused> {
        let target = self.target(who, role).await?;
        let name = crate::names::valid_name(name).map_err(|e| (codes::BAD_NAME, e))?;
        let old = self
            .app
            .store
            .guests(std::slice::from_ref(&target))
            .await
            .map_err(storage)?
            .pop()
            .map(|g| g.name)
            .unwrap_or_default();
        let key = crate::accounts::name_key(&name);
        let old_key = crate::accounts::name_key(&old);
        if key == old_key {
            return Err(Refused::new(codes::BAD_NAME, "give another name"));
        }
        let audit = audit_row(
            now,
            Some(me),
            "rename",
            Some(&target),
            None,
            format!("{old:?} to {name:?}"),
        );
        match self
            .app
            .store
            .rename_by_moderator(&target, &name, &key, &old_key, &audit)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                // The staff's own English; every other language says it
                // from the detail.
                let taken = Refused {
                    message: format!("an account is named {name:?} already"),
                    ..crate::served::name_taken(&name)
                };
                return Err(taken);
            }
            Err(e) => return Err(storage(e)),
        }
        for room in cluster::rooms_of(self.app, &target).await {
            if let Some(handle) = self.app.lobby.get(&room) {
                handle.renamed(target.clone(), name.clone()).await;
            }
        }
        self.app.moderation.online.rename(&target, &name);
        Ok(())
    }

    pub async fn set_role(&self, me: &str, who: &str, role: Role, now: u64) -> Result<(), Refused> {
        if role == Role::Admin {
            return Err(Refused::new(
                codes::NOT_ALLOWED,
                "admins are made by the host: lodestone-server admin grant NAME",
            ));
        }
        let target = self.target(who, Role::Admin).await?;
        if target == me {
            return Err(Refused::new(
                codes::NOT_ALLOWED,
                "you cannot change your own role",
            ));
        }
        if !self.app.store.is_account(&target).await.map_err(storage)? {
            return Err(Refused::new(
                codes::BAD_MESSAGE,
                "only an account can be a moderator",
            ));
        }
        let stored = (role == Role::Moderator).then_some("moderator");
        let audit = audit_row(now, Some(me), "set_role", Some(&target), None, role.as_str());
        self.app
            .store
            .set_role(&target, stored, Some(me), now as i64, &audit)
            .await
            .map_err(storage)
    }
}
