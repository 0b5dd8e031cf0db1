//! Tests of a room as a value: its transitions, what each viewer is
//! shown, records, restoring, and the broadcaster's bookkeeping. Rooms get
//! seeded secrets, so every run is the same.

use std::collections::BTreeMap;

use lodestone_protocol::SeatRef;
use lodestone_rules::{Millis, Seat};

use super::broadcast::Broadcaster;
use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::handle::RoomRequest;
use super::outcome::{Command, Outcome, Policy, Reply};
use super::refusal::Refusal;
use super::results::Seated;
use super::seating::Player;
use crate::secrets::{Secrets, SeededSecrets};

/// The same secrets for every room of a test.
fn seeded() -> Box<dyn Secrets> {
    Box::new(SeededSecrets::new(7))
}

/// A public room `r` of `game` owned by `owner`, and its first events.
fn created(game: &str, owner: &str) -> (RoomCore, Vec<Recorded>) {
    RoomCore::create(
        "r".into(),
        game,
        &BTreeMap::new(),
        true,
        &player(owner),
        0,
        seeded(),
    )
    .unwrap()
}

/// Room `id` of `game` with `options`, opened by `owner` at `now` with
/// the test's secrets.
fn open(
    id: &str,
    game: &str,
    options: &BTreeMap<String, String>,
    public: bool,
    now: u64,
) -> Result<(RoomCore, Vec<Recorded>), Refusal> {
    RoomCore::create(id.into(), game, options, public, &player("owner"), now, seeded())
}

fn player(id: &str) -> Player {
    Player::person(id, id.to_uppercase())
}

/// A public room of `game` that `a` and `b` have started.
fn started(game: &str) -> (RoomCore, Player, Player) {
    let (mut room, _) = open("r", game, &BTreeMap::new(), true, 0).unwrap();
    let (a, b) = (player("a"), player("b"));
    room.join(1, &a, None, None, 0).unwrap();
    room.join(2, &b, None, None, 0).unwrap();
    room.start(&a, 0).unwrap();
    (room, a, b)
}

fn magneton_room(public: bool) -> RoomCore {
    open("r", "magneton", &BTreeMap::new(), public, 1000).unwrap().0
}

#[test]
fn seats_start_and_play() {
    let mut room = magneton_room(true);
    let (ann, bo, cy) = (player("ann"), player("bo"), player("cy"));
    assert_eq!(
        room.join(1, &ann, Some(&SeatRef::Name("black".into())), None, 0)
            .unwrap()
            .0,
        Seat(1)
    );
    assert_eq!(room.start(&ann, 1000).unwrap_err().code, "seats-not-full");
    assert_eq!(room.join(2, &bo, None, None, 0).unwrap().0, Seat(0));
    assert_eq!(room.join(3, &cy, None, None, 0).unwrap_err().code, "room-full");
    assert_eq!(room.act(&bo, "D4", 1000).unwrap_err().code, "not-started");
    assert_eq!(room.start(&cy, 1000).unwrap_err().code, "not-seated");
    room.start(&ann, 2000).unwrap();
    assert_eq!(room.leave(&ann, 0).unwrap_err().code, "already-started");
    assert_eq!(room.act(&ann, "D4", 2500).unwrap_err().code, "not-your-turn");
    let events = room.act(&bo, "d4", 2500).unwrap();
    assert_eq!(
        events,
        vec![Recorded {
            seq: 5,
            at: 2500,
            event: RoomEvent::Action {
                seat: Seat(0),
                action: "D4".into(),
                at: Millis(500),
                salt: None
            }
        }]
    );
    assert_eq!(room.version(), 5, "created, two seats, started, D4");
    assert_eq!(room.act(&ann, "D4", 2600).unwrap_err().message, "D4 is occupied");
    assert_eq!(room.act(&cy, "E4", 2600).unwrap_err().code, "not-seated");
    let state = room.state_for(Some(Seat(1)), 2600);
    let play = state.play.unwrap();
    assert_eq!(play.to_act, vec![1]);
    assert_eq!(play.legal.len(), 63);
    assert_eq!(play.moves[0].action.as_deref(), Some("D4"));
    assert_eq!(state.seats[1].player.as_ref().unwrap().name, "ANN");
    assert!(state.seats[1].connected && state.seats[0].connected);
}

#[test]
fn private_rooms_need_the_invite() {
    let mut room = magneton_room(false);
    let invite = room.invite().unwrap().to_string();
    assert_eq!(
        room.join(1, &player("a"), None, None, 0).unwrap_err().code,
        "invite-required"
    );
    assert_eq!(
        room.watch(1, &player("a"), Some("wrong")).unwrap_err().code,
        "invite-required"
    );
    room.join(1, &player("a"), None, Some(&invite), 0).unwrap();
    // A seated player needs no invite to come back.
    assert!(room.watch(2, &player("a"), None).is_ok());
    assert_eq!(
        room.state_for(Some(Seat(0)), 0).invite.as_deref(),
        Some(invite.as_str())
    );
    assert_eq!(room.state_for(None, 0).invite, None);
}

#[test]
fn unknown_games_and_options_are_refused() {
    let e = open("r", "chess", &BTreeMap::new(), true, 0).unwrap_err();
    assert_eq!(e.code, "unknown-game");
    let mut o = BTreeMap::new();
    o.insert("move-rule".to_string(), "sideways".to_string());
    let e = open("r", "magneton", &o, true, 0).unwrap_err();
    assert_eq!(e.code, "bad-option");
}

#[test]
fn a_restored_room_keeps_its_turn_timer() {
    let mut options = BTreeMap::new();
    options.insert("timer".to_string(), "white-hot".to_string());
    let (mut room, mut events) = open("r", "magma", &options, true, 1_000).unwrap();
    let (a, b) = (player("a"), player("b"));
    events.extend(room.join(1, &a, None, None, 0).unwrap().1);
    events.extend(room.join(2, &b, None, None, 0).unwrap().1);
    events.extend(room.start(&a, 10_000).unwrap());
    // White-Hot: the first turn has 15 s; it ends after 4 s, leaving 11,
    // so the next turn gets 19 s from 14_000.
    assert_eq!(room.deadline(), Some(25_000));
    events.extend(room.act(&a, "pass", 14_000).unwrap());
    assert_eq!(room.deadline(), Some(33_000));
    let restored = RoomCore::restore("r", &events, seeded()).unwrap();
    assert_eq!(restored.version(), room.version());
    assert_eq!(
        restored.deadline(),
        Some(33_000),
        "the deadline comes back from the stored log"
    );
    // And a deadline that passed while the server was down fires at once.
    let mut restored = restored;
    let fired = restored.fire_timer(40_000).unwrap();
    assert!(matches!(
        &fired[0].event,
        RoomEvent::Action { action, at: Millis(23_000), .. } if action == "timeout"
    ));
}

/// `play.last`: what the last action did, filtered per viewer (a
/// secret magnet is told to its owner only), the same after a restart
/// and undone with a rolled-back change; `play.risks` for the seat to
/// act only.
#[test]
fn play_states_carry_the_last_effects_and_the_risks() {
    use lodestone_protocol::{EffectState, RiskState};
    let mut ops = Vec::new();
    let (mut room, created) = created("magnetism", "owner");
    ops.extend(created);
    let (a, b) = (player("a"), player("b"));
    ops.extend(room.join(1, &a, None, None, 0).unwrap().1);
    ops.extend(room.join(2, &b, None, None, 0).unwrap().1);
    ops.extend(room.start(&a, 0).unwrap());
    let last = |room: &RoomCore, viewer| room.state_for(viewer, 0).play.unwrap().last;
    assert_eq!(last(&room, Some(Seat(0))), None, "nothing played yet");
    ops.extend(room.act(&a, "magnet g4", 0).unwrap());
    let white = last(&room, Some(Seat(0))).unwrap();
    assert_eq!((white.ply, white.seat), (1, 0));
    assert!(matches!(&white.effects[..], [EffectState::Place { at, .. }] if at == "g4"));
    for viewer in [Some(Seat(1)), None] {
        let hidden = last(&room, viewer).unwrap();
        assert!(hidden.effects.is_empty(), "{viewer:?} told {:?}", hidden.effects);
    }
    ops.extend(room.act(&b, "magnet d5", 0).unwrap());
    let both = last(&room, None).unwrap().effects;
    assert_eq!(both.len(), 2, "both magnets, now public: {both:?}");
    // A restarted room tells the same.
    let restored = RoomCore::restore("r", &ops, seeded()).unwrap();
    for viewer in [Some(Seat(0)), Some(Seat(1)), None] {
        assert_eq!(last(&restored, viewer), last(&room, viewer));
    }
    // A change whose commit failed goes with its effects when the room is
    // rebuilt from what is committed.
    room.act(&a, "(f5) j1-g4", 0).unwrap();
    assert!(matches!(&last(&room, None).unwrap().effects[0], EffectState::Move { to, .. } if to == "f5"));
    room.rebuild(&ops).unwrap();
    assert_eq!(last(&room, None).unwrap().effects, both);
    // Risks go to the seat to act only: docs/protocol.md's game, where
    // black's C3 would complete white's line.
    let (mut room, a, b) = started("magneton");
    for (who, action) in [
        (&a, "H3"),
        (&b, "B8"),
        (&a, "F1"),
        (&b, "E1"),
        (&a, "D2"),
        (&b, "F2"),
        (&a, "C6"),
    ] {
        room.act(who, action, 0).unwrap();
    }
    let black = room.state_for(Some(Seat(1)), 0).play.unwrap();
    assert_eq!(
        black.risks,
        BTreeMap::from([("C3".to_string(), RiskState::Loses)])
    );
    assert!(room.state_for(Some(Seat(0)), 0).play.unwrap().risks.is_empty());
    assert!(room.state_for(None, 0).play.unwrap().risks.is_empty());
}

/// Both opening magnets of Magnetism are committed to, whichever is
/// placed first: a record lists them in seat order, and its checker
/// expects a commitment for each secret action (regression: the second
/// placement, revealed at once, had none).
#[test]
fn every_secret_action_is_committed_to_whatever_the_order() {
    let (mut room, a, b) = started("magnetism");
    room.act(&b, "magnet d5", 0).unwrap();
    room.act(&a, "magnet g3", 0).unwrap();
    assert!(room.log().from(0).all(|l| l.secret.is_some()));
    let record = room.record_for(Some("a"), None).unwrap();
    assert_eq!(record.matches("[Commitment ").count(), 0, "not before the end");
}

#[test]
fn broadcasts_carry_only_new_moves_until_old_ones_change() {
    let (mut room, a, b) = started("magnetism");
    let white = Some(Seat(0));
    let mut broadcaster = Broadcaster::default();
    let sent = |room: &RoomCore, broadcaster: &mut Broadcaster| {
        let play = broadcaster.state_for(room, white, 0, None).play.unwrap();
        (
            play.moves_from,
            play.moves.iter().map(|m| m.action.clone()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(sent(&room, &mut broadcaster), (0, vec![]));
    room.act(&b, "magnet d5", 0).unwrap();
    assert_eq!(
        sent(&room, &mut broadcaster),
        (0, vec![None]),
        "black's square is hidden from white"
    );
    // White's placement reveals black's: the whole log again.
    room.act(&a, "magnet g3", 0).unwrap();
    let (from, moves) = sent(&room, &mut broadcaster);
    assert_eq!(from, 0);
    assert_eq!(
        moves,
        vec![Some("magnet d5".to_string()), Some("magnet g3".to_string())]
    );
    let first = room.state_for(white, 0).play.unwrap().legal[0].clone();
    room.act(&a, &first, 0).unwrap();
    let (from, moves) = sent(&room, &mut broadcaster);
    assert_eq!((from, moves.len()), (2, 1), "only the new move");
    // A new watcher of the audience gets the whole log.
    let seat = room.watch(3, &a, None).unwrap();
    broadcaster.forget(seat);
    assert_eq!(sent(&room, &mut broadcaster).0, 0);
}

/// A commit that failed: the room is rebuilt from the events committed,
/// as it was before the change, with its watchers and their seats.
#[test]
fn a_failed_commit_rebuilds_the_room_from_what_is_committed() {
    let (mut room, mut committed) = created("magneton", "a");
    committed.extend(room.join(1, &player("a"), None, None, 0).unwrap().1);
    committed.extend(room.join(2, &player("b"), None, None, 0).unwrap().1);
    room.watch(3, &player("c"), None).unwrap();
    let before = room.state_for(Some(Seat(0)), 0);
    let failed = room.start(&player("a"), 0).unwrap();
    assert!(failed.len() == 1 && room.state_for(Some(Seat(0)), 0) != before);
    room.rebuild(&committed).unwrap();
    assert_eq!(room.state_for(Some(Seat(0)), 0), before);
    assert_eq!(room.audiences().len(), 3, "two seats and a spectator still watch");
    // It goes on from there: the same start again.
    assert_eq!(room.start(&player("a"), 0).unwrap(), failed);
}

#[test]
fn the_version_is_the_seq_of_the_last_event_and_presence_leaves_it() {
    let (mut room, mut events) = open("r", "magnetism", &BTreeMap::new(), false, 5).unwrap();
    let invite = room.invite().unwrap().to_string();
    assert_eq!((room.version(), events[0].seq), (1, 1));
    let (a, b) = (player("a"), player("b"));
    events.extend(room.join(1, &a, None, Some(&invite), 6).unwrap().1);
    // Watching and leaving change who is connected, not the version.
    room.watch(7, &b, Some(&invite)).unwrap();
    assert!(room.unwatch(1));
    assert_eq!(room.version(), 2);
    events.extend(room.join(2, &b, None, Some(&invite), 7).unwrap().1);
    events.extend(room.leave(&b, 8).unwrap());
    events.extend(room.join(2, &b, None, Some(&invite), 9).unwrap().1);
    events.extend(room.start(&a, 10).unwrap());
    events.extend(room.act(&b, "magnet d5", 20).unwrap());
    let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=7).collect::<Vec<_>>());
    assert_eq!(room.version(), 7);
    // The fold gives back the same room: version, seats, the secret.
    let restored = RoomCore::restore("r", &events, seeded()).unwrap();
    assert_eq!(restored.version(), 7);
    assert_eq!(restored.invite(), Some(invite.as_str()));
    assert_eq!(restored.state_for(Some(Seat(0)), 20), {
        let mut live = room.state_for(Some(Seat(0)), 20);
        // Nobody watches the restored room yet.
        live.seats.iter_mut().for_each(|s| s.connected = false);
        live
    });
    assert_eq!(
        restored.record_for(None, Some(&invite)),
        room.record_for(None, Some(&invite))
    );
}

#[test]
fn a_stored_log_that_does_not_fold_is_refused() {
    let (mut room, mut events) = created("magneton", "owner");
    events.extend(room.join(1, &player("a"), None, None, 0).unwrap().1);
    assert!(
        RoomCore::restore("r", &[], seeded())
            .unwrap_err()
            .contains("no events")
    );
    assert!(
        RoomCore::restore("r", &events[1..], seeded())
            .unwrap_err()
            .contains("creation")
    );
    let mut twice = events.clone();
    twice.push(events[1].clone());
    assert!(
        RoomCore::restore("r", &twice, seeded())
            .unwrap_err()
            .contains("comes after")
    );
    let mut illegal = events.clone();
    illegal.push(Recorded {
        seq: 3,
        at: 0,
        event: RoomEvent::Action {
            seat: Seat(0),
            action: "Z9".into(),
            at: Millis(0),
            salt: None,
        },
    });
    assert!(RoomCore::restore("r", &illegal, seeded()).is_err());
}

#[test]
fn an_open_room_expires_once_and_then_refuses() {
    let (mut room, created) = open("r", "magneton", &BTreeMap::new(), true, 1_000).unwrap();
    let ttl = Some(60_000);
    assert_eq!(room.expires_at(ttl), Some(61_000));
    assert_eq!(room.expires_at(None), None);
    assert_eq!(room.expire(60_999, ttl), None);
    let expired = room.expire(61_000, ttl).unwrap();
    assert_eq!(expired[0].event, RoomEvent::Expired);
    assert_eq!(expired[0].seq, 2);
    assert_eq!(room.expires_at(ttl), None);
    assert_eq!(
        room.join(1, &player("a"), None, None, 62_000).unwrap_err().code,
        "unknown-room"
    );
    let restored = RoomCore::restore("r", &[created, expired].concat(), seeded()).unwrap();
    assert!(restored.is_gone());
}

/// A room core draws its secrets only from what it is given: the same
/// secrets give the same events, dealt setups (chance from the seed) and
/// salted commitments included, and the same record.
#[test]
fn the_same_secrets_give_the_same_events() {
    let play = |seed: u64| {
        let options = BTreeMap::from([("setup".to_string(), "random".to_string())]);
        let secrets = Box::new(SeededSecrets::new(seed));
        let (mut room, mut events) = RoomCore::create(
            "r".into(),
            "magnet",
            &options,
            false,
            &player("owner"),
            0,
            secrets,
        )
        .unwrap();
        let invite = room.invite().unwrap().to_string();
        let (a, b) = (player("a"), player("b"));
        events.extend(room.join(1, &a, None, Some(&invite), 1).unwrap().1);
        events.extend(room.join(2, &b, None, Some(&invite), 2).unwrap().1);
        events.extend(room.start(&a, 3).unwrap());
        let record = room.record_for(Some("a"), None).unwrap();
        (events, record)
    };
    let (events, record) = play(7);
    let salted = |events: &[Recorded]| {
        events
            .iter()
            .filter(|e| matches!(&e.event, RoomEvent::Action { salt: Some(_), .. }))
            .count()
    };
    assert_eq!(salted(&events), 2, "both dealt setups are committed to");
    assert_eq!((events.clone(), record), play(7));
    assert_ne!(events, play(8).0, "other secrets: another invite, seed and salts");
}

#[test]
fn a_finished_game_has_ranked_sides_and_a_rated_room_wants_accounts() {
    // A two-sided game: the winner first, its key the game's name.
    let (mut room, a, b) = started("magneton");
    assert_eq!(room.finished(), None, "not over yet");
    room.resign(&a, 10).unwrap();
    let done = room.finished().expect("a result");
    assert_eq!(
        (done.key.to_string().as_str(), done.rated, done.draw),
        ("magneton", false, false)
    );
    let ranks: Vec<(Vec<String>, usize)> = done.sides.iter().map(|s| (s.guests.clone(), s.rank)).collect();
    assert_eq!(ranks, [(vec![a.id.clone()], 2), (vec![b.id.clone()], 1)]);
    assert_eq!(
        (
            done.sides[0].result(false).as_str(),
            done.sides[1].result(false).as_str()
        ),
        ("loss", "win")
    );

    // Rated: no bot sits; a guest that is not an account holds start up.
    let options = BTreeMap::from([("rated".to_string(), "yes".to_string())]);
    let (mut rated, _) = open("r2", "magneton", &options, true, 0).unwrap();
    assert!(rated.is_rated());
    rated.join(1, &a, None, None, 0).unwrap();
    rated.join(2, &b, None, None, 0).unwrap();
    let set = |ids: &[&String]| {
        ids.iter()
            .map(|id| id.to_string())
            .collect::<std::collections::HashSet<_>>()
    };
    let both = Seated {
        accounts: set(&[&a.id, &b.id]),
        bot_accounts: set(&[]),
    };
    assert_eq!(rated.rated_refusal(&both), None);
    let one = Seated {
        accounts: set(&[&a.id]),
        bot_accounts: set(&[]),
    };
    let refusal = rated.rated_refusal(&one).unwrap();
    assert_eq!(refusal.code, "rated-needs-accounts");
    assert!(refusal.message.contains("B is a guest"), "{}", refusal.message);
    // B is a bot account: not against a person, unless the room says so.
    let with_a_bot = Seated {
        accounts: set(&[&a.id, &b.id]),
        bot_accounts: set(&[&b.id]),
    };
    let refusal = rated.rated_refusal(&with_a_bot).unwrap();
    assert_eq!(refusal.code, "rated-needs-accounts");
    assert!(
        refusal.message.contains("B is a bot account"),
        "{}",
        refusal.message
    );
    let allowing = BTreeMap::from([
        ("rated".to_string(), "yes".to_string()),
        ("rated-bots".to_string(), "yes".to_string()),
    ]);
    let (mut allowed, _) = open("r4", "magneton", &allowing, true, 0).unwrap();
    allowed.join(1, &a, None, None, 0).unwrap();
    allowed.join(2, &b, None, None, 0).unwrap();
    assert_eq!(allowed.rated_refusal(&with_a_bot), None);
    assert_eq!(
        allowed.shown_options().get("rated-bots").map(String::as_str),
        Some("yes")
    );
    let bot = Player {
        id: "bot".into(),
        name: "Bot".into(),
        bot: true,
        bot_account: false,
    };
    let refused = rated.add_bot(3, &a, &bot, None, true, 0).unwrap_err();
    assert_eq!(refused.code, "rated-needs-accounts");
    // The option is kept in the log and shown with the options.
    let (_, created) = open("r3", "magneton", &options, true, 0).unwrap();
    assert!(RoomCore::restore("r3", &created, seeded()).unwrap().is_rated());
    assert_eq!(
        rated.state_for(None, 0).options.get("rated").map(String::as_str),
        Some("yes")
    );
}

#[test]
fn chance_made_at_its_first_draw_draws_what_the_seed_gives() {
    use lodestone_rules::{AnyGame, GameKind};
    use rand::Rng;

    use super::play::LazyChance;
    for actions in [0, 1, 7, 40] {
        let mut lazy = LazyChance::new("8c1f0e5b9a3d47e2", actions);
        let mut eager = lodestone_protocol::chance_rng("8c1f0e5b9a3d47e2", actions);
        let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
        lazy.fill_bytes(&mut a);
        eager.fill_bytes(&mut b);
        assert_eq!(a, b);
        for _ in 0..50 {
            assert_eq!(lazy.next_u64(), eager.next_u64());
            assert_eq!(lazy.next_u32(), eager.next_u32());
        }
    }
    // Magnet's dealt setups, drawn from either.
    let game = AnyGame::new(GameKind::Magnet, &[("setup", "random")]).unwrap();
    for seed in ["a", "b", "8c1f0e5b9a3d47e2"] {
        let lazy = game.chance_actions(&mut LazyChance::new(seed, 0));
        let eager = game.chance_actions(&mut lodestone_protocol::chance_rng(seed, 0));
        assert!(!lazy.is_empty());
        assert_eq!(format!("{lazy:?}"), format!("{eager:?}"));
    }
}

/// `weekends=pause`: a correspondence clock does not run on Saturday and
/// Sunday (UTC); the option is stored with the room, so a room restored
/// from its stored rows has the same deadline, and a deadline that the
/// weekend pushed on does not fire during the weekend.
#[test]
fn a_weekend_pause_is_stored_and_skips_saturday_and_sunday() {
    const H: u64 = 3_600_000;
    // Friday 2026-11-27, 12:00 UTC.
    const FRIDAY_NOON: u64 = 1_795_780_800_000;
    let options: BTreeMap<String, String> = [("clock", "1d/move"), ("weekends", "pause")]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let (mut room, mut events) = open("r", "magneton", &options, true, FRIDAY_NOON).unwrap();
    let (a, b) = (player("a"), player("b"));
    events.extend(room.join(1, &a, None, None, FRIDAY_NOON).unwrap().1);
    events.extend(room.join(2, &b, None, None, FRIDAY_NOON).unwrap().1);
    events.extend(room.start(&a, FRIDAY_NOON).unwrap());
    assert_eq!(
        room.shown_options().get("weekends").map(String::as_str),
        Some("pause")
    );
    // Twelve hours on Friday, none at the weekend, twelve on Monday.
    assert_eq!(room.deadline(), Some(FRIDAY_NOON + 72 * H));
    // Through the stored rows, as after a restart.
    let rows: Vec<Recorded> = events
        .iter()
        .map(|e| super::stored::from_row(&super::stored::to_row("r", e)).unwrap())
        .collect();
    let mut restored = RoomCore::restore("r", &rows, seeded()).unwrap();
    assert_eq!(restored.deadline(), Some(FRIDAY_NOON + 72 * H));
    assert!(
        restored.fire_timer(FRIDAY_NOON + 60 * H).is_none(),
        "not on Sunday night"
    );
    let fired = restored.fire_timer(FRIDAY_NOON + 72 * H).unwrap();
    assert!(matches!(
        fired[0].event,
        RoomEvent::OutOfTime { seat: Seat(0), at: Millis(at) } if at == 72 * H
    ));
    // Without the option, the same clock runs out on Saturday noon.
    let mut plain = options.clone();
    plain.remove("weekends");
    let (mut room, _) = open("r", "magneton", &plain, true, FRIDAY_NOON).unwrap();
    room.join(1, &a, None, None, FRIDAY_NOON).unwrap();
    room.join(2, &b, None, None, FRIDAY_NOON).unwrap();
    room.start(&a, FRIDAY_NOON).unwrap();
    assert_eq!(room.deadline(), Some(FRIDAY_NOON + 24 * H));
    // Refused: a pause without a clock, an unknown value.
    for bad in [
        vec![("weekends", "pause")],
        vec![("clock", "1d/move"), ("weekends", "sometimes")],
    ] {
        let options = bad
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let refusal = open("r", "magneton", &options, true, 0).err().unwrap();
        assert_eq!(
            refusal.code,
            lodestone_protocol::codes::BAD_OPTION,
            "{}",
            refusal.message
        );
    }
}

/// `player` on connection `conn` asks `request` of `room` at time 30.
fn decide(room: &mut RoomCore, conn: u64, player: &Player, request: RoomRequest) -> Outcome {
    let command = Command::Request {
        player,
        conn,
        request: &request,
        accounts: None,
    };
    room.handle(command, 30, &Policy::default())
}

fn refusal_code(outcome: &Outcome) -> Option<&str> {
    match &outcome.reply {
        Reply::Refused(refusal) => Some(refusal.code.as_str()),
        _ => None,
    }
}

#[test]
fn a_table_action_chosen_at_an_older_version_is_refused_and_changes_nothing() {
    let (mut room, a, b) = started("magneton");
    let (first, second) = if room.seat_of(&a.id) == Some(Seat(0)) {
        (a, b)
    } else {
        (b, a)
    };
    let seen = room.version();
    let legal = |room: &RoomCore, seat| room.state_for(Some(Seat(seat)), 30).play.unwrap().legal;
    let action = legal(&room, 0)[0].clone();
    let act = |action: &str, at| RoomRequest::Act {
        action: action.to_string(),
        at,
    };
    // Chosen at the current version: done as without `at`.
    let done = decide(&mut room, 1, &first, act(&action, Some(seen)));
    assert!(matches!(done.reply, Reply::Ack { .. }), "{:?}", done.reply);
    let after = room.version();
    assert!(after > seen);
    // The same request again (its reply was lost): refused, nothing changes.
    let again = decide(&mut room, 1, &first, act(&action, Some(seen)));
    assert_eq!(refusal_code(&again), Some("moved-on"));
    assert!(again.events.is_empty());
    assert_eq!(room.version(), after);
    assert_eq!(room.log().len(), 1);
    // A chat line is no change of the game: an action chosen before it
    // still counts.
    let chat = RoomRequest::Chat {
        to: lodestone_protocol::ChatTo::Room,
        text: "hm".into(),
    };
    assert!(matches!(
        decide(&mut room, 1, &first, chat).reply,
        Reply::Ack { .. }
    ));
    assert!(room.version() > after);
    let reply = legal(&room, 1)[0].clone();
    let answered = decide(&mut room, 2, &second, act(&reply, Some(after)));
    assert!(
        matches!(answered.reply, Reply::Ack { .. }),
        "{:?}",
        answered.reply
    );
    // The other table actions check `at` the same way; without it, as before.
    for stale in [
        RoomRequest::Resign { at: Some(after) },
        RoomRequest::OfferDraw { at: Some(seen) },
        RoomRequest::AnswerDraw {
            accept: true,
            at: Some(seen),
        },
        RoomRequest::Abort { at: Some(1) },
        RoomRequest::Claim { at: Some(after) },
    ] {
        let refused = decide(&mut room, 1, &first, stale);
        assert_eq!(refusal_code(&refused), Some("moved-on"));
    }
    assert_eq!(room.status(), lodestone_protocol::RoomStatus::Playing);
    let resigned = decide(&mut room, 1, &first, RoomRequest::Resign { at: None });
    assert!(
        matches!(resigned.reply, Reply::Ack { .. }),
        "{:?}",
        resigned.reply
    );
    assert_eq!(room.status(), lodestone_protocol::RoomStatus::Finished);
}

/// Issue 29: a game's log is summed up when it ends (`room/log.rs`), and
/// every viewer's state, replay state and record of the finished room is
/// byte for byte what the whole log gives: games with secrets (Magnet,
/// Magnetism), simultaneous actions and a seat that resigned while the
/// others played on (Magma), played at random to their end.
#[test]
fn a_finished_rooms_summed_log_shows_every_viewer_what_the_whole_log_did() {
    let magma = BTreeMap::from([("players".to_string(), "4".to_string())]);
    let magnet = BTreeMap::from([("setup".to_string(), "random".to_string())]);
    let games = [
        ("magneton", BTreeMap::new()),
        ("magnetism", BTreeMap::new()),
        ("magnet", magnet),
        ("magma", magma),
    ];
    for (game, options) in games {
        for seed in 1..4u64 {
            let (mut room, mut events) = open("r", game, &options, true, 0).unwrap();
            let players: Vec<Player> = ["a", "b", "c", "d"].iter().map(|p| player(p)).collect();
            for (conn, p) in players.iter().enumerate() {
                if let Ok((_, joined)) = room.join(conn as u64, p, None, None, 0) {
                    events.extend(joined);
                }
            }
            events.extend(room.start(&players[0], 0).unwrap());
            let mut pick = seed;
            for ply in 0..400u64 {
                if room.status() != lodestone_protocol::RoomStatus::Playing {
                    break;
                }
                let now = 1_000 * (ply + 1);
                // Any seat that may act, in no set order (simultaneous
                // actions come out of seat order).
                let acting: Vec<_> = (players.iter().enumerate())
                    .filter_map(|(s, p)| {
                        let legal = room.state_for(Some(Seat(s as u8)), now).play?.legal;
                        (!legal.is_empty()).then_some((p, legal))
                    })
                    .collect();
                pick = pick
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let Some((p, legal)) = acting.get((pick >> 40) as usize % acting.len().max(1)) else {
                    break;
                };
                let resign = ply == 12 && game == "magma" || ply == 399;
                let done = match resign {
                    true => room.resign(p, now),
                    false => room.act(p, &legal[(pick >> 33) as usize % legal.len()], now),
                };
                events.extend(done.unwrap());
            }
            if room.status() == lodestone_protocol::RoomStatus::Playing {
                events.extend(room.resign(&players[0], 500_000).unwrap());
            }
            assert_eq!(room.status(), lodestone_protocol::RoomStatus::Finished, "{game}");
            let mut whole = RoomCore::restore_keeping("r", &events, seeded(), true).unwrap();
            let summed = RoomCore::restore("r", &events, seeded()).unwrap();
            assert!(!whole.log().live().is_empty(), "{game}");
            let json = |state: lodestone_protocol::RoomState| serde_json::to_string(&state).unwrap();
            for core in [&room, &summed] {
                assert!(core.log().live().is_empty(), "{game}: summed up");
                // Who is connected, as in `core`.
                whole.watch_like(core);
                let now = 900_000;
                let seats = (0..room.seating().len()).map(|s| Some(Seat(s as u8)));
                for viewer in seats.chain([None]) {
                    let len = whole.log_len();
                    assert_eq!(
                        core.concealed(viewer, len),
                        whole.concealed(viewer, len),
                        "{game} {viewer:?}"
                    );
                    assert_eq!(
                        json(core.state_for(viewer, now)),
                        json(whole.state_for(viewer, now))
                    );
                    for revealed in [false, true] {
                        let (a, b) = (
                            core.replay_state(viewer, revealed, now),
                            whole.replay_state(viewer, revealed, now),
                        );
                        assert_eq!(json(a), json(b), "{game} {viewer:?} {revealed}");
                    }
                }
                for guest in [Some("a"), Some("b"), Some("d"), Some("x"), None] {
                    assert_eq!(
                        core.record_for(guest, None),
                        whole.record_for(guest, None),
                        "{game} {guest:?}"
                    );
                }
            }
        }
    }
}
