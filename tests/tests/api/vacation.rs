//! Vacations (issue 27): an account's correspondence clocks stand still
//! while it is on vacation, in every game, whether it was to move or its
//! turn came meanwhile; its seat shows "on vacation until …" to the
//! others; coming back early starts them again; the allowance and the
//! refusals have their codes; a vacation is kept across a SIGKILL.

use std::time::Duration;

use lodestone_protocol::{Detail, RoomState, RoomStatus, ServerMessage, VacationState};
use lodestone_tests::{Client, ServerProcess, TestServer, account, each_backend, eventually, temp_dir};
use serde_json::{Value, json};

use crate::games::spectator;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");
const DAY: u64 = 86_400_000;

async fn vacation(client: &mut Client, request: Value) -> VacationState {
    match client.ok(request).await {
        ServerMessage::Vacation { vacation, .. } => vacation,
        other => panic!("{other:?}"),
    }
}

/// A `1d/move` Magneton room with `white` on seat 0 and `black` on seat
/// 1, started.
async fn room(white: &mut Client, black: &mut Client) -> String {
    white
        .game_with(black, "magneton", json!({"clock": "1d/move"}))
        .await
}

fn clock(state: &RoomState, seat: usize) -> (u64, bool) {
    let c = &state.play.as_ref().expect("started").clocks[seat];
    (c.remaining_ms, c.running)
}

each_backend!(a_vacation_stops_the_accounts_correspondence_clocks_in_every_game);
/// Ann, to move in one game and next in another, goes on vacation for two
/// days: both her clocks stand still (shown to Bo, with her message),
/// the turn that comes to her meanwhile does not start her clock, and on
/// paused time the games run out only after the two days and then the
/// day a move: three days, not one.
async fn a_vacation_stops_the_accounts_correspondence_clocks_in_every_game() {
    // Nothing else may be the next timer (see clocks.rs).
    let server = TestServer::start_with(lodestone_tests::for_paused_time).await;
    let (mut ann, _, _) = account(server.addr(), "Ann").await;
    let (mut bo, _, _) = account(server.addr(), "Bo").await;
    ann.patience = None;
    bo.patience = None;
    let one = room(&mut ann, &mut bo).await;
    let two = room(&mut bo, &mut ann).await;
    let state = bo.state_until(&one, |s| s.play.is_some()).await;
    assert!(clock(&state, 0).1, "Ann's clock runs before her vacation");
    assert!(state.seats[0].vacation.is_none());

    let taken = vacation(
        &mut ann,
        json!({"type": "take_vacation", "days": 2, "message": "Hiking in the Alps"}),
    )
    .await;
    assert_eq!((taken.days_left, taken.days_per_year), (28, 30));
    assert_eq!(taken.message.as_deref(), Some("Hiking in the Alps"));
    let until = taken.until.expect("on vacation");

    // Bo sees it on Ann's seat in both rooms, and her clock stopped.
    let state = bo.state_until(&one, |s| s.seats[0].vacation.is_some()).await;
    let shown = state.seats[0].vacation.clone().unwrap();
    assert_eq!(
        (shown.until, shown.message.as_str()),
        (until, "Hiking in the Alps")
    );
    assert!(!clock(&state, 0).1, "Ann's clock stands still: {state:?}");
    let state = bo.state_until(&two, |s| s.seats[1].vacation.is_some()).await;
    let legal = state.play.as_ref().unwrap().legal[0].clone();
    // Bo moves in room two: Ann's turn begins, but not her clock.
    bo.act(&two, &legal).await;
    let state = bo
        .state_until(&two, |s| s.play.as_ref().is_some_and(|p| p.to_act == [1]))
        .await;
    assert_eq!(clock(&state, 1), (DAY, false), "her day waits for her return");

    tokio::time::pause();
    let started = tokio::time::Instant::now();
    for room in [&one, &two] {
        let end = bo.state_until(room, |s| s.status == RoomStatus::Finished).await;
        let result = end
            .play
            .as_ref()
            .unwrap()
            .outcome
            .as_ref()
            .unwrap()
            .result
            .clone();
        assert!(result.ends_with("(on time)"), "{room}: {result}");
        assert!(
            end.seats.iter().all(|s| s.vacation.is_none()),
            "a finished game shows none"
        );
    }
    // Two days of vacation, then Ann's day: nothing ran out after one.
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(3 * DAY - 120_000), "{waited:?}");
    tokio::time::resume();
    // The vacation is over by now.
    ann.refused(json!({"type": "end_vacation"}), "not-on-vacation")
        .await;
}

each_backend!(vacation_days_are_counted_refused_with_codes_and_ended_early);
/// The allowance (30 days in 365) counts the days begun; a guest, no
/// days, too many, a long message, a second vacation, and coming back
/// without one are refused with their codes; coming back early starts the
/// clock again where it stood.
async fn vacation_days_are_counted_refused_with_codes_and_ended_early() {
    let server = TestServer::start().await;
    let mut eve = Client::guest(server.addr(), "Eve").await;
    eve.refused(json!({"type": "take_vacation", "days": 3}), "account-required")
        .await;
    eve.refused(json!({"type": "my_vacation"}), "account-required")
        .await;

    let (mut ann, _, _) = account(server.addr(), "Ann").await;
    let (mut bo, _, _) = account(server.addr(), "Bo").await;
    let game = room(&mut ann, &mut bo).await;
    let long = "x".repeat(201);
    for bad in [
        json!({"type": "take_vacation", "days": 0}),
        json!({"type": "take_vacation", "days": 31}),
        json!({"type": "take_vacation", "days": 2, "message": long}),
        json!({"type": "take_vacation", "days": 2, "message": "one\nline"}),
        // As in a chat line: no bidirectional overrides, not only
        // invisible characters.
        json!({"type": "take_vacation", "days": 2, "message": "away \u{202E}nwod"}),
        json!({"type": "take_vacation", "days": 2, "message": "\u{200B}\u{3164}"}),
    ] {
        ann.refused(bad, "bad-vacation").await;
    }
    ann.refused(json!({"type": "end_vacation"}), "not-on-vacation")
        .await;
    let none = vacation(&mut ann, json!({"type": "my_vacation"})).await;
    assert_eq!((none.until, none.days_left), (None, 30));

    let all = vacation(&mut ann, json!({"type": "take_vacation", "days": 30})).await;
    assert_eq!(all.days_left, 0);
    assert!(all.message.is_none());
    ann.refused(json!({"type": "take_vacation", "days": 1}), "on-vacation")
        .await;
    // The refusals carry their values as detail (said in every language).
    let until = all.until.expect("on vacation");
    let detail = refusal_detail(&mut ann, json!({"type": "take_vacation", "days": 1})).await;
    assert_eq!(detail, Some(Detail::OnVacation { until }));
    let state = bo.state_until(&game, |s| s.seats[0].vacation.is_some()).await;
    assert!(!clock(&state, 0).1);

    // Back at once: one day begun is counted, 29 are left, and the clock
    // runs again with (nearly) the whole day.
    let back = vacation(&mut ann, json!({"type": "end_vacation"})).await;
    assert_eq!((back.until, back.days_left), (None, 29));
    let state = bo.state_until(&game, |s| s.seats[0].vacation.is_none()).await;
    let (left, running) = clock(&state, 0);
    assert!(running && left > DAY - 60_000, "{left}");
    ann.refused(json!({"type": "take_vacation", "days": 30}), "vacation-used-up")
        .await;
    let detail = refusal_detail(&mut ann, json!({"type": "take_vacation", "days": 30})).await;
    assert_eq!(detail, Some(Detail::VacationUsedUp { left: 29, max: 30 }));
    let detail = refusal_detail(&mut ann, json!({"type": "take_vacation", "days": 31})).await;
    assert_eq!(detail, Some(Detail::VacationLength { max: 30 }));
    let rest = vacation(&mut ann, json!({"type": "take_vacation", "days": 29})).await;
    assert_eq!(rest.days_left, 0);
    assert!(rest.until.is_some());
}

each_backend!(a_vacation_is_kept_across_a_kill);
/// After a SIGKILL and a restart, the vacation is still on: the room
/// shows it and Ann's clock stands still; `my_vacation` says so.
async fn a_vacation_is_kept_across_a_kill() {
    let dir = temp_dir();
    let server = ServerProcess::start(SERVER, &dir);
    let (mut ann, _, ann_token) = account(server.addr, "Ann").await;
    let (mut bo, _, _) = account(server.addr, "Bo").await;
    let game = room(&mut ann, &mut bo).await;
    let taken = vacation(
        &mut ann,
        json!({"type": "take_vacation", "days": 5, "message": "Away"}),
    )
    .await;
    server.kill();

    let server = ServerProcess::start(SERVER, &dir);
    let (_, state) = spectator(server.addr, &game).await;
    let shown = state.seats[0].vacation.clone().expect("still on vacation");
    assert_eq!((Some(shown.until), shown.message.as_str()), (taken.until, "Away"));
    assert!(!clock(&state, 0).1);
    let mut ann = Client::connect(server.addr).await;
    ann.resume(&ann_token).await;
    let again = vacation(&mut ann, json!({"type": "my_vacation"})).await;
    assert_eq!((again.until, again.days_left), (taken.until, 25));
}

each_backend!(a_time_alarm_stored_before_a_vacation_moves_with_it);
/// Bo's turn on a `1d/move` clock has its 80% alarm stored; then he goes
/// on vacation for two days: the alarm moves two days on (it does not
/// fire while he is away), and when he comes back at once it moves back
/// to nearly where it was.
async fn a_time_alarm_stored_before_a_vacation_moves_with_it() {
    let (push, _pushed) = lodestone_tests::push::PushService::start("").await;
    let origin = push.origin();
    let server = TestServer::start_with(|c| c.notify.push_origins = vec![origin]).await;
    let (mut ann, _, _) = account(server.addr(), "Ann").await;
    let (mut bo, _, _) = account(server.addr(), "Bo").await;
    let (endpoint, keys) = push.subscribe("bo");
    bo.ok(
        json!({"type": "push_subscribe", "endpoint": endpoint, "keys": keys, "events": ["time-running-out"]}),
    )
    .await;
    let game = room(&mut ann, &mut bo).await;
    ann.act(&game, "D4").await;
    let first = alarm_until(&server.dir, &game, |_| true).await;
    let taken = vacation(&mut bo, json!({"type": "take_vacation", "days": 2})).await;
    assert!(taken.until.is_some());
    let moved = alarm_until(&server.dir, &game, |at| at != first).await;
    assert_eq!(moved, first + 2 * DAY as i64, "two days on");
    vacation(&mut bo, json!({"type": "end_vacation"})).await;
    let back = alarm_until(&server.dir, &game, |at| at != moved).await;
    assert!(
        back >= first && back < first + 60_000,
        "back to about where it was: {first} {back}"
    );
}

/// The due time of `room`'s one alarm not sent yet, once `want` holds.
async fn alarm_until(dir: &std::path::Path, room: &str, want: impl Fn(i64) -> bool) -> i64 {
    eventually!(format!("room {room}'s one alarm at the wanted time"), {
        let due = lodestone_tests::push::alarms_due(dir, room).await;
        match due[..] {
            [at] if want(at) => Ok(at),
            _ => Err(due),
        }
    })
}

each_backend!(a_vacation_message_is_moderated_like_a_chat_line);
/// A vacation's message is said to the other players as a chat line is:
/// refused (`timed-out`) while a moderator's chat timeout holds everywhere
/// (the vacation without a message is taken), and hidden from a player
/// who blocks its author, while a spectator reads it.
async fn a_vacation_message_is_moderated_like_a_chat_line() {
    let (server, _admin, mut mo, _) = crate::moderation::staffed_server(|_| {}).await;
    let addr = server.addr();
    let (mut bo, bo_id, _) = account(addr, "Bo").await;
    mo.ok(json!({"type": "admin_timeout", "player": bo_id, "minutes": 10, "reason": "insults"}))
        .await;
    let said = bo
        .refused(
            json!({"type": "take_vacation", "days": 1, "message": "you all lose"}),
            "timed-out",
        )
        .await;
    assert!(said.contains("insults"), "{said}");
    let quiet = vacation(&mut bo, json!({"type": "take_vacation", "days": 1})).await;
    assert!(quiet.until.is_some() && quiet.message.is_none());

    // Dee, at sea, plays Cy: Cy reads the message until Cy blocks Dee;
    // then the seat still says until when, without the message.
    let (mut dee, dee_id, _) = account(addr, "Dee").await;
    let (mut cy, _, _) = account(addr, "Cy").await;
    let game = room(&mut dee, &mut cy).await;
    let taken = vacation(
        &mut dee,
        json!({"type": "take_vacation", "days": 1, "message": "At sea"}),
    )
    .await;
    assert_eq!(taken.message.as_deref(), Some("At sea"));
    let shown = cy.state_until(&game, |s| s.seats[0].vacation.is_some()).await;
    assert_eq!(shown.seats[0].vacation.as_ref().unwrap().message, "At sea");
    cy.ok(json!({"type": "block", "player": dee_id})).await;
    cy.ok(json!({"type": "unwatch", "room": game})).await;
    cy.ok(json!({"type": "watch", "room": game})).await;
    let hidden = cy
        .state_until(&game, |s| {
            s.seats[0].vacation.as_ref().is_some_and(|v| v.message.is_empty())
        })
        .await;
    assert!(hidden.seats[0].vacation.is_some(), "the vacation is still shown");
    let (_, watched) = spectator(addr, &game).await;
    assert_eq!(watched.seats[0].vacation.as_ref().unwrap().message, "At sea");
}

/// The detail of the refusal `client` gets for `request`.
pub(crate) async fn refusal_detail(client: &mut Client, request: Value) -> Option<Detail> {
    match client.request(request).await {
        ServerMessage::Error { detail, .. } => detail.map(|d| *d),
        other => panic!("not refused: {other:?}"),
    }
}
