//! Berserk (the room option `berserk=on`, which an arena gives its games):
//! before its own first action a seat may halve its own clock, for one
//! point more if it wins (the arena's standings count it). The halving is
//! the room event `Berserk`, folded into the clocks (`room/timing.rs`)
//! live and on restore alike: half the time the seat has left at that
//! moment, and no increment after its moves (a correspondence bank: half
//! its cap). Only a clock with a bank of time offers it; a time per move
//! or no clock has nothing to halve.

use lodestone_protocol::codes;

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::refusal::Refusal;
use super::seating::Player;

impl RoomCore {
    /// `player`'s seat goes berserk: only where the room offers it, once,
    /// and before the seat's first action.
    pub fn berserk(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        let clocks = self.table().clocks();
        let refused = |why: &str| Err(Refusal::new(codes::NO_BERSERK, why));
        if !clocks.offers_berserk() {
            return refused("this room does not offer berserk (it needs the room option berserk=on)");
        }
        if clocks.is_berserk(usize::from(seat.0)) {
            return refused("you went berserk already");
        }
        if self.log().seats().any(|played| played == seat) {
            return refused("berserk is only before your first move");
        }
        let at = self.game_time(now);
        let mut events = Vec::new();
        self.push(&mut events, self.wall(at), RoomEvent::Berserk { seat, at })?;
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use lodestone_protocol::codes;

    use super::super::core::RoomCore;
    use super::super::event::Recorded;
    use super::super::seating::Player;
    use super::super::stored::{from_row, to_row};
    use crate::secrets::SeededSecrets;

    fn player(id: &str) -> Player {
        Player::person(id, id.to_uppercase())
    }

    fn options(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// A Magneton room of `pairs` that `a` (white) and `b` (black) started
    /// at time 0, and its events so far.
    fn started(pairs: &[(&str, &str)]) -> (RoomCore, Vec<Recorded>) {
        let secrets = Box::new(SeededSecrets::new(7));
        let (mut room, mut events) = RoomCore::create(
            "r".into(),
            "magneton",
            &options(pairs),
            true,
            &player("a"),
            0,
            secrets,
        )
        .unwrap();
        events.extend(room.join(1, &player("a"), None, None, 0).unwrap().1);
        events.extend(room.join(2, &player("b"), None, None, 0).unwrap().1);
        events.extend(room.start(&player("a"), 0).unwrap());
        (room, events)
    }

    #[test]
    fn berserk_halves_a_seat_once_before_its_first_move_and_is_restored() {
        let (mut room, mut events) = started(&[("clock", "5+3"), ("berserk", "on")]);
        let refused = |r: Result<Vec<Recorded>, super::Refusal>| r.unwrap_err().code;
        assert_eq!(refused(room.berserk(&player("eve"), 500)), codes::NOT_SEATED);
        events.extend(room.berserk(&player("b"), 1_000).unwrap());
        assert_eq!(refused(room.berserk(&player("b"), 2_000)), codes::NO_BERSERK);
        assert_eq!(
            room.table().clocks().at(1_000),
            vec![(299_000, true), (150_000, false)]
        );
        events.extend(room.act(&player("a"), "G5", 4_000).unwrap());
        assert_eq!(refused(room.berserk(&player("a"), 5_000)), codes::NO_BERSERK);
        // White got its increment, black (berserk) gets none.
        assert_eq!(
            room.table().clocks().at(4_000),
            vec![(299_000, false), (150_000, true)]
        );
        events.extend(room.act(&player("b"), "H1", 10_000).unwrap());
        assert_eq!(
            room.table().clocks().at(10_000),
            vec![(299_000, true), (144_000, false)]
        );
        // Through the stored rows, as after a restart.
        let rows: Vec<Recorded> = events
            .iter()
            .map(|e| from_row(&to_row("r", e)).unwrap())
            .collect();
        let restored = RoomCore::restore("r", &rows, Box::new(SeededSecrets::new(7))).unwrap();
        let clocks = restored.table().clocks();
        assert!(clocks.is_berserk(1) && !clocks.is_berserk(0) && clocks.offers_berserk());
        assert_eq!(clocks.at(10_000), vec![(299_000, true), (144_000, false)]);
        assert_eq!(
            restored.shown_options().get("berserk").map(String::as_str),
            Some("on")
        );
    }

    /// The notifications hear of a berserk: the seat to act gets its turn
    /// again with the halved clock, so its 80% alarm and the time its
    /// clock runs out are counted from what is left after the halving
    /// (not the whole bank it had when its turn began).
    #[test]
    fn the_turn_alarm_after_berserk_counts_the_halved_clock() {
        const H: u64 = 3_600_000;
        let (mut room, _) = started(&[("clock", "bank:10d+36h"), ("berserk", "on")]);
        let events = room.berserk(&player("b"), H).unwrap();
        let before = super::super::notice::notice(&room, &events);
        // Black is not to act: its berserk moves no turn.
        let turn = |n: &Option<super::super::notice::RoomNotice>| {
            n.as_ref()
                .expect("a notice")
                .to_act
                .first()
                .cloned()
                .expect("a turn")
        };
        assert_eq!(turn(&before).0, "a");
        let events = room.berserk(&player("a"), 2 * H).unwrap();
        let after = super::super::notice::notice(&room, &events);
        let (who, clock) = turn(&after);
        let clock = clock.expect("a clock");
        // 240 h, 2 h thought, 120 h taken: 118 h left from 2 h on.
        let left = 240 * H - 2 * H - 120 * H;
        let started = room.started_at().expect("started");
        assert_eq!(who, "a");
        assert_eq!(clock.left_ms, left);
        assert_eq!(clock.until, started + 2 * H + left);
        assert_eq!(clock.alarm_at, started + 2 * H + left * 4 / 5);
        assert!(clock.alarm_at < clock.until);
    }

    #[test]
    fn berserk_is_refused_without_the_option_and_the_option_without_a_bank() {
        let (mut room, _) = started(&[("clock", "5+3")]);
        let refusal = room.berserk(&player("b"), 1_000).unwrap_err();
        assert_eq!(refusal.code, codes::NO_BERSERK);
        assert!(!room.table().clocks().is_berserk(1));
        for bad in [
            &[("berserk", "on")][..],
            &[("clock", "none"), ("berserk", "on")],
            &[("clock", "30s/move"), ("berserk", "on")],
            &[("clock", "3d/move"), ("berserk", "on")],
            &[("clock", "5+3"), ("berserk", "yes please")],
        ] {
            let secrets = Box::new(SeededSecrets::new(7));
            let refusal = RoomCore::create(
                "r".into(),
                "magneton",
                &options(bad),
                true,
                &player("a"),
                0,
                secrets,
            )
            .expect_err("refused");
            assert_eq!(refusal.code, codes::BAD_OPTION, "{bad:?}");
        }
    }
}
