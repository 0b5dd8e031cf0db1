//! The broadcast's update frames (`room/frame.rs`: the shared parts
//! serialised once, each audience's own spliced in) against the old way,
//! kept here as the oracle: for each audience the whole state rendered by
//! the renderer as it was before the split (copied below unchanged) and
//! serialised whole with `encode(&ServerMessage::Update { … })`. Over
//! random games of every kind, with players and spectators watching,
//! leaving and coming back, every frame must be the same, byte for byte.

use std::collections::BTreeMap;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{
    ClockState, EffectState, Guest, LastAction, MoveEntry, PlayState, RiskState, RoomState, RoomStatus,
    SeatClock, SeatState, ServerMessage,
};
use lodestone_rules::{Seat, SeatSet, Viewer};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::broadcast::Broadcaster;
use super::core::{ConnId, Player, RoomCore};
use super::handle::{Outbox, encode};
use super::view::{ViewParts, outcome_state, shown_names};
use crate::secrets::SeededSecrets;

/// Whose eyes a rendering is for (the old renderer's lens).
#[derive(Clone, Copy, Debug)]
struct Lens {
    seat: Option<Seat>,
    rules: Viewer,
    live: bool,
    revealed: bool,
}

impl Lens {
    fn live(seat: Option<Seat>) -> Lens {
        Lens {
            seat,
            rules: RoomCore::rules_viewer(seat),
            live: true,
            revealed: false,
        }
    }
}

// The renderer before the split (`render_lens` and `play_for` of
// `room/view.rs` at 79864de), `self` read as `room`.

fn old_render_lens(
    room: &RoomCore,
    lens: Lens,
    now: u64,
    from: usize,
    shared: Option<&ViewParts>,
) -> RoomState {
    let viewer = lens.seat;
    let connected = room.connected_seats();
    let shown = shown_names(&room.seats);
    let seats = room
        .seats
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            SeatState {
                seat: seat.0,
                name: room.game.seat_name(seat),
                color: room.game.seat_color(seat),
                team: room.game.team(seat),
                player: p.as_ref().map(|p| Guest {
                    id: p.id.clone(),
                    name: p.name.clone(),
                }),
                connected: connected.contains(&seat),
                bot: p.as_ref().is_some_and(|p| p.bot),
                bot_account: p.as_ref().is_some_and(|p| p.bot_account),
                shown_as: shown[i].clone(),
                absent: room.absent[i],
            }
        })
        .collect();
    RoomState {
        id: room.id.clone(),
        game: room.kind.name().to_string(),
        options: room.shown_options(),
        public: room.public,
        invite: viewer.and(room.invite.clone()),
        status: room.status,
        seed_commitment: lodestone_protocol::seed_commitment(&room.seed),
        seed: (lens.revealed || matches!(room.status, RoomStatus::Finished | RoomStatus::Closed))
            .then(|| room.seed.clone()),
        seats,
        you: viewer.map(|s| s.0),
        owner: room.owner.as_ref().map(|o| Guest {
            id: o.guest.clone(),
            name: o.name.clone(),
        }),
        play: room
            .started_at
            .is_some()
            .then(|| old_play_for(room, lens, now, from, shared)),
        rematch: room.rematch_state(),
    }
}

fn old_play_for(room: &RoomCore, lens: Lens, now: u64, from: usize, shared: Option<&ViewParts>) -> PlayState {
    let (viewer, rules_viewer) = (lens.seat, lens.rules);
    let parts = match shared {
        Some(parts) => parts.clone(),
        None => room.view_parts(lens.seat),
    };
    // Once the room has ended the game (a resignation), nobody acts.
    let playing = room.status == RoomStatus::Playing;
    let to_act = if playing {
        room.game.to_act()
    } else {
        SeatSet::EMPTY
    };
    let finished = lens.revealed || matches!(room.status, RoomStatus::Finished | RoomStatus::Closed);
    let moves = room.log[from..]
        .iter()
        .enumerate()
        .map(|(i, l)| (i + from, l))
        .map(|(i, l)| {
            let hidden = room.game.conceals(l.seat, &l.action, rules_viewer);
            MoveEntry {
                ply: i as u32 + 1,
                seat: l.seat.0,
                action: (!hidden).then(|| l.text.clone()),
                commitment: l.secret.as_ref().map(|(_, c)| c.clone()),
                salt: l.secret.as_ref().filter(|_| finished).map(|(s, _)| s.clone()),
            }
        })
        .collect();
    let mut promotions = BTreeMap::new();
    let legal = match viewer {
        Some(seat) if lens.live && to_act.contains(seat) => {
            // Offers never hold the server's own actions (a timeout).
            let mut legal = Vec::new();
            for (action, extras) in room.game.offers(seat) {
                if !extras.is_empty() {
                    promotions.insert(action.clone(), extras);
                }
                legal.push(action);
            }
            legal
        }
        _ => Vec::new(),
    };
    let clock = room
        .game
        .deadline()
        .filter(|_| playing && lens.live)
        .zip(room.started_at)
        .map(|(d, started)| ClockState {
            seat: d.seat.0,
            remaining_ms: (started + d.at.0).saturating_sub(now),
        });
    // What the last action did, as this viewer may know it; the risks
    // of the offered actions, for a seat to act.
    let last = room
        .log
        .last()
        .zip(room.last_events.as_ref())
        .map(|(l, events)| LastAction {
            ply: room.log.len() as u32,
            seat: l.seat.0,
            effects: room
                .game
                .effects(l.seat, events, rules_viewer)
                .iter()
                .map(EffectState::from)
                .collect(),
        });
    let risks = match viewer {
        Some(seat) if !legal.is_empty() => room
            .game
            .risks(seat, room.game_time(now))
            .into_iter()
            .map(|(action, risk)| (action, RiskState::from(risk)))
            .collect(),
        _ => BTreeMap::new(),
    };
    PlayState {
        position: parts.position,
        board: parts.board,
        to_act: to_act.iter().map(|s| s.0).collect(),
        legal,
        promotions,
        moves,
        moves_from: from as u32,
        outcome: room.outcome().map(outcome_state),
        clock,
        clocks: room
            .clocks
            .at(room.game_time(now).0)
            .into_iter()
            .enumerate()
            .map(|(i, (remaining_ms, running))| SeatClock {
                seat: i as u8,
                remaining_ms,
                running: running && playing && lens.live,
            })
            .collect(),
        draw_offer: room.draw_offer.map(|s| s.0),
        last,
        risks,
    }
}

/// What the old broadcaster remembered of an audience.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OldSent {
    len: usize,
    concealed: usize,
    finished: bool,
}

/// The old broadcaster: one whole state per audience, serialised whole.
#[derive(Debug, Default)]
struct OldBroadcaster {
    sent: BTreeMap<Option<Seat>, OldSent>,
}

impl OldBroadcaster {
    fn forget(&mut self, audience: Option<Seat>) {
        self.sent.remove(&audience);
    }

    /// Each audience's frame, as the old `Broadcaster::send` made it.
    fn frames(&mut self, core: &RoomCore, now: u64) -> BTreeMap<Option<Seat>, Utf8Bytes> {
        let shared =
            (!core.views_differ() && core.status() != RoomStatus::Open).then(|| core.view_parts(None));
        let mut out = BTreeMap::new();
        for viewer in core.audiences().into_keys() {
            let finished = matches!(core.status(), RoomStatus::Finished | RoomStatus::Closed);
            let len = core.log_len();
            let from = match self.sent.get(&viewer) {
                Some(sent)
                    if sent.len <= len
                        && sent.finished == finished
                        && core.concealed(viewer, sent.len) == sent.concealed =>
                {
                    sent.len
                }
                _ => 0,
            };
            let state = old_render_lens(core, Lens::live(viewer), now, from, shared.as_ref());
            self.sent.insert(
                viewer,
                OldSent {
                    len,
                    concealed: core.concealed(viewer, len),
                    finished,
                },
            );
            let text = encode(&ServerMessage::Update {
                room: core.id().to_string(),
                version: core.version(),
                state: Box::new(state),
            });
            out.insert(viewer, text);
        }
        out
    }
}

/// A room, the new broadcaster with a queue per watching connection, and
/// the old one beside it.
struct Table {
    room: RoomCore,
    invite: Option<String>,
    new: Broadcaster,
    old: OldBroadcaster,
    inboxes: BTreeMap<ConnId, mpsc::Receiver<Utf8Bytes>>,
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
        let (tx, rx) = mpsc::channel(64);
        self.new.add(Outbox {
            conn,
            tx,
            close: CancellationToken::new(),
        });
        self.inboxes.insert(conn, rx);
        self.new.forget(audience);
        self.old.forget(audience);
    }

    fn unwatch(&mut self, conn: ConnId) {
        self.room.unwatch(conn);
        self.new.remove(conn);
        self.inboxes.remove(&conn);
    }

    /// Broadcasts, and compares what each connection got with the old
    /// frame for its audience.
    fn check(&mut self, now: u64, what: &str) {
        let expected = self.old.frames(&self.room, now);
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
                    "{what}: the frame for {viewer:?} (connection {conn}) differs from the old one"
                );
                assert!(inbox.try_recv().is_err(), "{what}: one update per watcher");
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
    let (room, _) = RoomCore::create(
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
        old: OldBroadcaster::default(),
        inboxes: BTreeMap::new(),
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
        let (seat, _) = t.room.join(conn, p, None, t.invite.as_deref(), now).unwrap();
        t.watching(conn, Some(seat));
        t.check(now, &what("a seat taken"));
    }
    t.room.start(&players[0], now).unwrap();
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
            t.room.note_presence(now);
            away = Some(i);
            label = "a player left";
        } else if roll < 10 && away.is_some() {
            let i = away.take().expect("away");
            t.room.mark_absent(now + 1_000_000, 1, u64::MAX / 4);
            t.check(now, &what("a player absent"));
            let conn = 1 + i as ConnId;
            let seat = t.room.watch(conn, &players[i], None).unwrap();
            t.room.note_presence(now);
            t.watching(conn, seat);
            label = "a player back";
        } else if roll < 12 {
            let p = &players[rng.random_range(0..seats)];
            if t.room.offer_draw(p, now).is_err() {
                continue;
            }
            label = "a draw offered";
        } else if roll < 15 && t.room.draw_offer.is_some() {
            let p = &players[rng.random_range(0..seats)];
            if t.room.answer_draw(p, rng.random_range(0..4) == 0, now).is_err() {
                continue;
            }
            label = "a draw answered";
        } else if roll < 17 {
            // A new name, or the chat turned off or on: the parts of an
            // update kept between broadcasts change.
            if rng.random_range(0..2) == 0 {
                let i = rng.random_range(0..seats);
                t.room.rename(&players[i].id, &format!("N{i}-{ply}"), now);
                label = "a player renamed";
            } else {
                let on = rng.random_range(0..2) == 0;
                if t.room.set_chat(&owner, on, now).is_err() {
                    continue;
                }
                label = "the chat turned on or off";
            }
        } else if roll < 18 && ply > 10 {
            let p = &players[rng.random_range(0..seats)];
            if t.room.resign(p, now).is_err() {
                continue;
            }
            label = "a resignation";
        } else {
            let to_act: Vec<Seat> = t.room.game.to_act().iter().collect();
            let seat = to_act[rng.random_range(0..to_act.len())];
            let state = t.room.state_for(Some(seat), now);
            let situation = state.situation().expect("the seat to act has a situation");
            let action =
                lodestone_rules::bot::choose(&situation, lodestone_rules::bot::Level::Random, &mut rng)
                    .expect("a random bot always finds an action");
            let p = &players[seat.0 as usize];
            let (status, line, seated) = (t.room.status(), t.room.summary(), t.room.seated_guests());
            t.room
                .act(p, &action, now)
                .unwrap_or_else(|e| panic!("{}: {action} refused: {e:?}", what("act")));
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
        t.room.rematch(&players[0], true, now, 600_000).unwrap();
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

/// Plays `games` random games of each option set of `game`.
fn play_many(game: &str, option_sets: &[&[(&str, &str)]], games: u64) -> Seen {
    let mut seen = Seen::default();
    for (i, options) in option_sets.iter().enumerate() {
        for seed in 0..games {
            play_one(game, options, seed * 31 + i as u64, &mut seen);
        }
    }
    eprintln!("{game}: {seen:?}");
    seen
}

#[test]
fn magneton_frames_equal_the_whole_state_serialised() {
    let seen = play_many(
        "magneton",
        &[&[], &[("move-rule", "per-ray"), ("clock", "5+3")]],
        6,
    );
    assert!(
        seen.frames > 1000 && seen.offers > 0 && seen.risks > 0,
        "{seen:?}"
    );
    assert!(
        seen.clocks > 0 && seen.seed > 0 && seen.absent > 0 && seen.open > 0,
        "{seen:?}"
    );
    assert!(seen.rematch > 0, "{seen:?}");
}

#[test]
fn magnetism_frames_equal_the_whole_state_serialised() {
    let seen = play_many(
        "magnetism",
        &[&[], &[("clock", "30s/move"), ("repetition", "off")]],
        4,
    );
    assert!(
        seen.frames > 500 && seen.hidden > 0 && seen.own_views > 0,
        "{seen:?}"
    );
}

#[test]
fn magma_frames_equal_the_whole_state_serialised() {
    let seen = play_many(
        "magma",
        &[
            &[("players", "4")],
            &[("players", "5"), ("timer", "hot")],
            &[("players", "6")],
            &[("players", "6"), ("board", "radius5"), ("timer", "white-hot")],
            &[("players", "3")],
        ],
        3,
    );
    assert!(
        seen.frames > 1000 && seen.offers > 0 && seen.clocks > 0,
        "{seen:?}"
    );
}

#[test]
fn magnet_frames_equal_the_whole_state_serialised() {
    let seen = play_many(
        "magnet",
        &[&[], &[("setup", "random"), ("trap-victims", "revealed")]],
        5,
    );
    assert!(
        seen.frames > 500 && seen.own_views > 0 && seen.offers > 0,
        "{seen:?}"
    );
}
