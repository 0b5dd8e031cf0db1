//! The broadcast's update frames (`lodestone_protocol::UpdateFrame`: the shared parts
//! serialised once, each audience's own spliced in) against `serde_json`
//! of the real types: for each audience the whole state the room renders
//! (`render_with`, from the first log entry the audience was not sent)
//! serialised whole with `encode(&ServerMessage::Update { … })`. And the
//! room's one way of changing: at every step, the room folded from the
//! events it emitted (`RoomCore::restore`, with the same watchers) renders
//! every viewer's state byte for byte like the live room. Over random
//! games of every kind, with players and spectators watching, leaving and
//! coming back.

use std::collections::BTreeMap;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{ChatTo, RoomStatus, ServerMessage};
use lodestone_rules::Seat;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio_util::sync::CancellationToken;

use super::broadcast::Broadcaster;
use super::core::RoomCore;
use super::event::Recorded;
use super::handle::{Outbox, encode};
use super::queue;
use super::refusal::Refusal;
use super::seating::Player;
use super::watchers::ConnId;
use crate::secrets::SeededSecrets;

/// Each audience's whole state serialised with serde, as `oracle` (a
/// broadcaster that only tracks what each audience was sent) says it is
/// due: the frames the broadcast must equal.
fn whole_frames(oracle: &mut Broadcaster, core: &RoomCore, now: u64) -> BTreeMap<Option<Seat>, Utf8Bytes> {
    let shared = (!core.views_differ() && core.status() != RoomStatus::Open).then(|| core.view_parts(None));
    let mut out = BTreeMap::new();
    for viewer in core.audiences().into_keys() {
        let state = if viewer.is_none() && core.lagging().is_some() {
            // Spectators kept behind get the whole twin's state.
            oracle.forget(None);
            core.state_for(None, now)
        } else {
            oracle.state_for(core, viewer, now, shared.as_ref())
        };
        let text = encode(&ServerMessage::Update {
            room: core.id().to_string(),
            version: core.version(),
            state: Box::new(state),
        });
        out.insert(viewer, text);
    }
    out
}

/// A room, the new broadcaster with a queue per watching connection, and
/// the old one beside it.
struct Table {
    room: RoomCore,
    invite: Option<String>,
    new: Broadcaster,
    old: Broadcaster,
    inboxes: BTreeMap<ConnId, queue::Receiver>,
    /// Every event the room emitted, and the seed of its secrets.
    events: Vec<Recorded>,
    seed: u64,
    /// Frames compared, and those with a view of their own, offers, a
    /// hidden action, the seed shown: what the games went through.
    seen: Seen,
}

#[derive(Debug, Default)]
struct Seen {
    frames: usize,
    own_views: usize,
    offers: usize,
    risks: usize,
    promotions: usize,
    hidden: usize,
    seed: usize,
    clocks: usize,
    rematch: usize,
    absent: usize,
    open: usize,
}

impl Table {
    /// `conn` has started watching as `audience`: its queue, and the
    /// audience's next update is whole.
    fn watching(&mut self, conn: ConnId, audience: Option<Seat>) {
        let (tx, rx) = queue::channel(64);
        self.new.add(Outbox::new(conn, tx, CancellationToken::new()));
        self.inboxes.insert(conn, rx);
        self.new.forget(audience);
        self.old.forget(audience);
    }

    fn unwatch(&mut self, conn: ConnId) {
        self.room.unwatch(conn);
        self.new.remove(conn);
        self.inboxes.remove(&conn);
    }

    /// Keeps the events of a change that was not refused; whether it was.
    fn keep<T>(&mut self, changed: Result<T, Refusal>, events: impl FnOnce(T) -> Vec<Recorded>) -> bool {
        match changed {
            Ok(changed) => {
                self.events.extend(events(changed));
                true
            }
            Err(_) => false,
        }
    }

    /// The room folded from its events, with the live room's watchers,
    /// renders every viewer's state as the live room does.
    fn check_fold(&self, now: u64, what: &str) {
        let mut folded = RoomCore::restore(
            self.room.id(),
            &self.events,
            Box::new(SeededSecrets::new(self.seed)),
        )
        .unwrap_or_else(|e| panic!("{what}: the events do not fold: {e}"));
        folded.watch_like(&self.room);
        assert_eq!(folded.version(), self.room.version(), "{what}: the version");
        let seats = self.room.state_for(None, now).seats.len() as u8;
        for viewer in std::iter::once(None).chain((0..seats).map(|s| Some(Seat(s)))) {
            let live = serde_json::to_string(&self.room.state_for(viewer, now)).expect("JSON");
            let again = serde_json::to_string(&folded.state_for(viewer, now)).expect("JSON");
            assert_eq!(live, again, "{what}: {viewer:?} sees the folded room otherwise");
        }
        let record = |room: &RoomCore| room.record_for(Some("g-0"), self.invite.as_deref());
        assert_eq!(record(&self.room), record(&folded), "{what}: the record");
    }

    /// Broadcasts, and compares what each connection got with the whole
    /// state for its audience serialised, and the folded room with the
    /// live one.
    fn check(&mut self, now: u64, what: &str) {
        self.check_fold(now, what);
        let expected = whole_frames(&mut self.old, &self.room, now);
        let dropped = self.new.send(&self.room, now, None);
        assert!(dropped.is_empty(), "{what}: no queue is full");
        for (viewer, conns) in self.room.audiences() {
            let want = &expected[&viewer];
            for conn in conns {
                let inbox = self.inboxes.get_mut(&conn).expect("a watcher's queue");
                let got = inbox.try_recv().expect("one update per watcher");
                assert_eq!(
                    got.as_str(),
                    want.as_str(),
                    "{what}: the frame for {viewer:?} (connection {conn}) differs from the state serialised"
                );
                assert!(inbox.try_recv().is_none(), "{what}: one update per watcher");
                self.seen.frames += 1;
            }
            let value: serde_json::Value = serde_json::from_str(want.as_str()).expect("JSON");
            let state = &value["state"];
            let play = &state["play"];
            self.seen.offers += usize::from(play["legal"].as_array().is_some_and(|l| !l.is_empty()));
            self.seen.risks += usize::from(play.get("risks").is_some());
            self.seen.promotions += usize::from(play.get("promotions").is_some());
            self.seen.hidden += usize::from(
                play["moves"]
                    .as_array()
                    .is_some_and(|m| m.iter().any(|m| m.get("action").is_none())),
            );
            self.seen.seed += usize::from(state.get("seed").is_some());
            self.seen.clocks += usize::from(play.get("clocks").is_some() || !play["clock"].is_null());
            self.seen.rematch += usize::from(state.get("rematch").is_some());
            self.seen.absent += usize::from(
                state["seats"]
                    .as_array()
                    .is_some_and(|s| s.iter().any(|s| s.get("absent").is_some())),
            );
            self.seen.open += usize::from(state["status"] == "open");
        }
        if self.room.views_differ() && self.room.status() != RoomStatus::Open {
            self.seen.own_views += 1;
        }
    }
}

fn player(i: usize) -> Player {
    // Two players of the same name: `shown_as` in the seats.
    Player::person(
        format!("g-{i}"),
        if i == 1 { "P0".to_string() } else { format!("P{i}") },
    )
}

/// One random game of `game` with `options`, checked at every change.
fn play_one(game: &str, options: &[(&str, &str)], seed: u64, seen: &mut Seen) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let options: BTreeMap<String, String> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let public = !seed.is_multiple_of(3);
    let owner = Player::person("g-owner", "Owner");
    let mut now = 1_000_000;
    let (room, events) = RoomCore::create(
        format!("room-{seed}"),
        game,
        &options,
        public,
        &owner,
        now,
        Box::new(SeededSecrets::new(seed)),
    )
    .unwrap();
    let invite = room.invite().map(str::to_string);
    let mut t = Table {
        room,
        invite,
        new: Broadcaster::default(),
        old: Broadcaster::default(),
        inboxes: BTreeMap::new(),
        events,
        seed,
        seen: Seen::default(),
    };
    let what = |text: &str| format!("{game} {options:?} seed {seed}: {text}");
    // The owner and a second spectator watch from the start.
    let spectators = [owner.clone(), Player::person("g-sam", "Sam")];
    for (i, s) in spectators.iter().enumerate() {
        let conn = 100 + i as ConnId;
        let seat = t.room.watch(conn, s, t.invite.as_deref()).unwrap();
        t.watching(conn, seat);
    }
    t.check(now, &what("spectators"));
    let seats = t.room.state_for(None, now).seats.len();
    let players: Vec<Player> = (0..seats).map(player).collect();
    for (i, p) in players.iter().enumerate() {
        let conn = 1 + i as ConnId;
        let (seat, events) = t.room.join(conn, p, None, t.invite.as_deref(), now).unwrap();
        t.events.extend(events);
        t.watching(conn, Some(seat));
        t.check(now, &what("a seat taken"));
    }
    let started = t.room.start(&players[0], now);
    assert!(t.keep(started, |e| e));
    t.check(now, &what("started"));
    let mut away: Option<usize> = None;
    for ply in 0..90 {
        if t.room.status() != RoomStatus::Playing {
            break;
        }
        now += rng.random_range(0..1500);
        let roll = rng.random_range(0..100);
        let label;
        if roll < 5 && away.is_none() {
            // A player's connection goes; it is marked absent later.
            let i = rng.random_range(0..seats);
            t.unwatch(1 + i as ConnId);
            let events = t.room.note_presence(now);
            t.events.extend(events);
            away = Some(i);
            label = "a player left";
        } else if roll < 10 && away.is_some() {
            let i = away.take().expect("away");
            let events = t.room.mark_absent(now + 1_000_000, 1, u64::MAX / 4);
            t.events.extend(events);
            t.check(now, &what("a player absent"));
            let conn = 1 + i as ConnId;
            let seat = t.room.watch(conn, &players[i], None).unwrap();
            let events = t.room.note_presence(now);
            t.events.extend(events);
            t.watching(conn, seat);
            label = "a player back";
        } else if roll < 12 {
            let p = &players[rng.random_range(0..seats)];
            let offered = t.room.offer_draw(p, now);
            if !t.keep(offered, |e| e) {
                continue;
            }
            label = "a draw offered";
        } else if roll < 15 && t.room.table().draw_offer().is_some() {
            let p = &players[rng.random_range(0..seats)];
            let answered = t.room.answer_draw(p, rng.random_range(0..4) == 0, now);
            if !t.keep(answered, |e| e) {
                continue;
            }
            label = "a draw answered";
        } else if roll < 17 {
            // A new name, or the chat turned off or on: the parts of an
            // update kept between broadcasts change.
            let pick = rng.random_range(0..3);
            if pick == 2 {
                // A line of chat from a player still watching.
                let i = rng.random_range(0..seats);
                let said = t.room.chat(1 + i as ConnId, &players[i], ChatTo::Room, "gg", now);
                if !t.keep(said, |r| vec![r]) {
                    continue;
                }
                label = "a line of chat";
            } else if pick == 0 {
                let i = rng.random_range(0..seats);
                let events = t.room.rename(&players[i].id, &format!("N{i}-{ply}"), now);
                t.events.extend(events);
                label = "a player renamed";
            } else {
                let on = rng.random_range(0..2) == 0;
                let set = t.room.set_chat(&owner, on, now);
                if !t.keep(set, |e| e) {
                    continue;
                }
                label = "the chat turned on or off";
            }
        } else if roll < 18 && ply > 10 {
            let p = &players[rng.random_range(0..seats)];
            let resigned = t.room.resign(p, now);
            if !t.keep(resigned, |e| e) {
                continue;
            }
            label = "a resignation";
        } else {
            let to_act: Vec<Seat> = t.room.game().to_act().iter().collect();
            let seat = to_act[rng.random_range(0..to_act.len())];
            let state = t.room.state_for(Some(seat), now);
            let situation = state.situation().expect("the seat to act has a situation");
            let action =
                lodestone_rules::bot::choose(&situation, lodestone_rules::bot::Level::Random, &mut rng)
                    .expect("a random bot always finds an action");
            let p = &players[seat.0 as usize];
            let (status, line, seated) = (t.room.status(), t.room.summary(), t.room.seated_guests());
            let events = t
                .room
                .act(p, &action, now)
                .unwrap_or_else(|e| panic!("{}: {action} refused: {e:?}", what("act")));
            t.events.extend(events);
            // The room task leaves the lobby's line alone after an action
            // unless the status changed.
            if t.room.status() == status {
                assert_eq!(
                    (t.room.summary(), t.room.seated_guests()),
                    (line, seated),
                    "{}",
                    what("act")
                );
            }
            label = "an action";
        }
        t.check(now, &what(label));
    }
    if t.room.status() == RoomStatus::Finished && away.is_none() {
        let events = t.room.rematch(&players[0], true, now, 600_000).unwrap();
        t.events.extend(events);
        t.check(now, &what("a rematch proposed"));
    }
    for conn in [100, 1] {
        t.unwatch(conn);
        t.check(now, &what("a watcher left"));
    }
    let s = &t.seen;
    seen.frames += s.frames;
    seen.own_views += s.own_views;
    seen.offers += s.offers;
    seen.risks += s.risks;
    seen.promotions += s.promotions;
    seen.hidden += s.hidden;
    seen.seed += s.seed;
    seen.clocks += s.clocks;
    seen.rematch += s.rematch;
    seen.absent += s.absent;
    seen.open += s.open;
}

/// Plays `games` random games of each option set of `game`, then checks
/// that they showed `enough` (kinds of frames seen, counted in [`Seen`])
/// for the comparison to have covered what the game can send.
fn play_many(game: &str, option_sets: &[&[(&str, &str)]], games: u64, enough: fn(&Seen) -> bool) {
    let mut seen = Seen::default();
    for (i, options) in option_sets.iter().enumerate() {
        for seed in 0..games {
            play_one(game, options, seed * 31 + i as u64, &mut seen);
        }
    }
    eprintln!("{game}: {seen:?}");
    assert!(enough(&seen), "{game}: too little seen: {seen:?}");
}

#[test]
fn magneton_frames_equal_the_whole_state_serialised() {
    let options: &[&[_]] = &[&[], &[("move-rule", "per-ray"), ("clock", "5+3")]];
    play_many("magneton", options, 6, |s| {
        s.frames > 1000
            && s.offers > 0
            && s.risks > 0
            && s.clocks > 0
            && s.seed > 0
            && s.absent > 0
            && s.open > 0
            && s.rematch > 0
    });
}

#[test]
fn magnetism_frames_equal_the_whole_state_serialised() {
    let options: &[&[_]] = &[&[], &[("clock", "30s/move"), ("repetition", "off")]];
    play_many("magnetism", options, 4, |s| {
        s.frames > 500 && s.hidden > 0 && s.own_views > 0
    });
}

#[test]
fn magma_frames_equal_the_whole_state_serialised() {
    let options: &[&[_]] = &[
        &[("players", "4")],
        &[("players", "5"), ("timer", "hot")],
        &[("players", "6")],
        &[("players", "6"), ("board", "radius5"), ("timer", "white-hot")],
        &[("players", "3")],
    ];
    play_many("magma", options, 3, |s| {
        s.frames > 1000 && s.offers > 0 && s.clocks > 0
    });
}

#[test]
fn magnet_frames_equal_the_whole_state_serialised() {
    let options: &[&[_]] = &[&[], &[("setup", "random"), ("trap-victims", "revealed")]];
    play_many("magnet", options, 5, |s| {
        s.frames > 500 && s.own_views > 0 && s.offers > 0
    });
}
