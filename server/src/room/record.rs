//! Game records (NOTATION.md) of a room, as one guest may see them:
//! secret actions as comments with their commitment while the game runs,
//! then everything with the salts and the seed; simultaneous actions in
//! seat order, the order a replay expects.

use lodestone_protocol::RoomStatus;
use lodestone_rules::{AnyGame, Record, Seat};

use super::core::RoomCore;
use super::refusal::Refusal;

impl RoomCore {
    /// The game record (NOTATION.md) as `guest` may see it: while the game
    /// runs, actions still secret from the viewer appear only as comments
    /// with their commitment; once it is over, everything, with the salts of
    /// the commitments and the room's seed.
    pub fn record_for(&self, guest: Option<&str>, invite: Option<&str>) -> Result<String, Refusal> {
        self.check_spectator_policy(guest.unwrap_or(""), invite)?;
        // A spectator kept behind reads the record as it stood then.
        if guest.and_then(|g| self.seat_of(g)).is_none()
            && let Some(then) = self.lagging()
        {
            return then.record_for(guest, invite);
        }
        let viewer = Self::rules_viewer(guest.and_then(|g| self.seat_of(g)));
        let mut out = format!("[Game \"{}\"]\n", self.kind());
        for (k, v) in self.options() {
            out.push_str(&format!("[Option \"{k}={v}\"]\n"));
        }
        for (i, p) in self.seating().seats().iter().enumerate() {
            if let Some(p) = p {
                let name = p.name.replace('\\', "\\\\").replace('"', "\\\"");
                out.push_str(&format!(
                    "[Seat \"{}={name}\"]\n",
                    self.game().seat_name(Seat(i as u8))
                ));
            }
        }
        out.push_str(&format!("[Room \"{}\"]\n", self.id()));
        let finished = matches!(self.status(), RoomStatus::Finished | RoomStatus::Closed);
        if let Some(outcome) = self.game().outcome() {
            out.push_str(&format!("[Result \"{outcome}\"]\n"));
        }
        // Resignations and a draw agreed, after the actions before them,
        // so a replay ends the game the same way.
        for &(after, event) in self.table().table_events() {
            let header = Record::table_header(self.game(), event, after);
            out.push_str(&format!("[{} \"{}\"]\n", header.key, header.value));
        }
        out.push_str(&format!(
            "[SeedCommitment \"{}\"]\n",
            lodestone_protocol::seed_commitment(self.seed())
        ));
        let order = self.record_order();
        let log = self.log();
        if finished {
            out.push_str(&format!("[Seed \"{}\"]\n", self.seed()));
            // Each commitment names its action by its number in this
            // record (action lines from 1), not by the order of play:
            // the record lists simultaneous actions in seat order.
            for (number, &i) in order.iter().enumerate() {
                if let Some((salt, commitment)) = log.entry(i).secret {
                    out.push_str(&format!("[Commitment \"{} {commitment} {salt}\"]\n", number + 1));
                }
            }
        }
        out.push('\n');
        for i in order {
            let l = log.entry(i);
            if l.conceals(self.game(), viewer) {
                let commitment = l.secret.map_or("", |(_, c)| c.as_str());
                out.push_str(&format!(
                    "# ply {}: {}'s secret action, commitment {commitment}\n",
                    i + 1,
                    self.game().seat_name(l.seat)
                ));
            } else {
                out.push_str(l.text);
                out.push('\n');
            }
        }
        Ok(out)
    }

    /// The log in record order. A record names no seats: a replay gives
    /// each action to the first seat that may act, so in a simultaneous
    /// phase the actions must come in seat order, whatever order they were
    /// played in. Replays the log, each time taking the earliest pending
    /// action of the seat a replay would expect. A log summed up keeps
    /// the order worked out when the game ended.
    pub(super) fn record_order(&self) -> Vec<usize> {
        if let Some(order) = self.log().summed_order() {
            return order;
        }
        let log = self.log().live();
        let Ok(mut game) = AnyGame::new(self.kind(), self.options()) else {
            return (0..log.len()).collect();
        };
        let mut pending: Vec<usize> = (0..log.len()).collect();
        let mut order = Vec::with_capacity(pending.len());
        while !pending.is_empty() {
            let expected = game.to_act().first_seat();
            let next = pending
                .iter()
                .position(|&i| Some(log[i].seat) == expected)
                .unwrap_or(0);
            let i = pending.remove(next);
            let l = &log[i];
            // Every logged action was legal in log order; in record order
            // it is too, as simultaneous actions do not depend on each other.
            let _ = game.apply(l.seat, &l.action, l.at);
            order.push(i);
        }
        order
    }
}
