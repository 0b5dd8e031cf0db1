//! Notifications (issue 27): Web Push to a push-service stand-in that
//! checks the VAPID token and decrypts the payload with the browser's
//! key; a push held and dropped when its player looks or acts; dead and
//! busy subscriptions; webhooks to a local receiver (body, signature, one
//! per URL, retries, private addresses); the games waiting for a move;
//! the 80% alarm across a SIGKILL.

use lodestone_protocol::ServerMessage;
use lodestone_tests::push::{
    HookReceiver, Hooked, PushService, Pushed, deliveries_until, signature, subscription_count,
};
use lodestone_tests::{
    Client, PATIENCE, ServerProcess, TestServer, each_backend, eventually, http_get, temp_dir,
};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::games::{play, started_room};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// The server's VAPID public key, as a page gets it.
async fn server_key(addr: std::net::SocketAddr) -> String {
    let (status, body) = http_get(addr, "/api/push/key", None).await;
    assert_eq!(status, 200, "{body}");
    let value: Value = serde_json::from_str(&body).unwrap();
    value["public_key"].as_str().unwrap().to_string()
}

/// A server whose pushes go to a new stand-in, a `your-turn` held
/// `hold_ms`.
pub(crate) async fn with_push(hold_ms: u64) -> (TestServer, PushService, UnboundedReceiver<Pushed>) {
    let (push, pushed) = PushService::start("").await;
    let origin = push.origin();
    let server = TestServer::start_with(|c| {
        c.notify.push_origins = vec![origin];
        c.notify.hold_ms = hold_ms;
    })
    .await;
    push.expect_key(&server_key(server.addr()).await);
    (server, push, pushed)
}

pub(crate) async fn next<T>(rx: &mut UnboundedReceiver<T>) -> T {
    tokio::time::timeout(PATIENCE, rx.recv())
        .await
        .expect("a notification within the patience limit")
        .expect("the stand-in runs")
}

/// Subscribes `client` at the stand-in under `name`, to the turns and
/// the time (the tests that want other events ask for them).
async fn subscribe(client: &mut Client, push: &PushService, name: &str) {
    let (endpoint, keys) = push.subscribe(name);
    client
        .ok(
            json!({"type": "push_subscribe", "endpoint": endpoint, "keys": keys,
            "events": ["your-turn", "time-running-out", "game-over"]}),
        )
        .await;
}

/// A magneton game of Ann and Bo started on `server`, Bo (seat 1)
/// subscribed at the stand-in as `bo` and, if `hidden`, his page hidden.
async fn bo_subscribed(server: &TestServer, push: &PushService, hidden: bool) -> (String, Vec<Client>) {
    let (room, mut clients, _) = started_room(server, "magneton", json!({})).await;
    subscribe(&mut clients[1], push, "bo").await;
    if hidden {
        hide(&mut clients[1]).await;
    }
    (room, clients)
}

/// Bo's page goes to the background: he no longer looks at the room.
pub(crate) async fn hide(client: &mut Client) {
    client.ok(json!({"type": "visibility", "visible": false})).await;
}

each_backend!(a_player_who_is_away_gets_a_push_for_their_turn);
/// Ann moves while Bo's page is hidden: the stand-in gets a push for Bo,
/// signed with the server's VAPID key and readable only with his key,
/// naming the game, the room and his opponent, and nothing else.
async fn a_player_who_is_away_gets_a_push_for_their_turn() {
    let (server, push, mut pushed) = with_push(100).await;
    let (room, mut clients) = bo_subscribed(&server, &push, true).await;
    play(&mut clients, &room, &["D4"]).await;
    let got = next(&mut pushed).await;
    assert_eq!(got.name, "bo");
    assert_eq!(got.subject, "mailto:lodestone@localhost");
    let p = &got.payload;
    assert_eq!(p["event"], "your-turn");
    assert_eq!(p["room"], room.as_str());
    assert_eq!(p["game"], "magneton");
    assert_eq!(p["opponents"], json!(["Ann"]));
    assert_eq!(p["players"], json!(["Ann", "Bo"]));
    assert_eq!(p["title"], "Your move");
    assert_eq!(p["text"], "Your move in Magneton against Ann");
    assert_eq!(p["url"], format!("/#/room/{room}"));
    let mut fields: Vec<&str> = p.as_object().unwrap().keys().map(String::as_str).collect();
    fields.sort();
    assert_eq!(
        fields,
        [
            "at",
            "event",
            "game",
            "opponents",
            "player",
            "players",
            "room",
            "text",
            "title",
            "url"
        ]
    );
}

each_backend!(no_push_while_the_player_watches_the_room);
/// Bo watches the room with his page visible: his `your-turn` is dropped
/// at the end of the hold and never reaches the push service; once he
/// hides the page, the next one does.
async fn no_push_while_the_player_watches_the_room() {
    let (server, push, mut pushed) = with_push(100).await;
    let (room, mut clients) = bo_subscribed(&server, &push, false).await;
    play(&mut clients, &room, &["D4"]).await;
    let rows = deliveries_until(&server.dir, &room, |rows| {
        rows.iter()
            .any(|(kind, _, state)| kind == "your-turn" && state != "due")
    })
    .await;
    assert!(rows.iter().all(|(_, _, state)| state == "dropped"), "{rows:?}");
    assert_eq!(push.tries("bo"), 0);
    hide(&mut clients[1]).await;
    play(&mut clients, &room, &["E5", "C3"]).await;
    let got = next(&mut pushed).await;
    assert_eq!(
        (got.name.as_str(), got.payload["event"].as_str()),
        ("bo", Some("your-turn"))
    );
}

each_backend!(a_push_is_dropped_when_the_player_moves_within_the_hold);
/// Bo, his page hidden, moves before the hold is over: his pending push
/// is dropped by his move and never sent.
async fn a_push_is_dropped_when_the_player_moves_within_the_hold() {
    let (server, push, _pushed) = with_push(600_000).await;
    let (room, mut clients) = bo_subscribed(&server, &push, true).await;
    play(&mut clients, &room, &["D4"]).await;
    deliveries_until(&server.dir, &room, |rows| {
        rows.iter()
            .any(|(kind, _, state)| kind == "your-turn" && state == "due")
    })
    .await;
    play(&mut clients, &room, &["E5"]).await;
    let rows = deliveries_until(&server.dir, &room, |rows| {
        rows.iter()
            .any(|(kind, target, state)| kind == "your-turn" && target.ends_with("/bo") && state == "dropped")
    })
    .await;
    assert!(
        rows.iter()
            .all(|(_, target, state)| !target.ends_with("/bo") || state == "dropped"),
        "{rows:?}"
    );
    assert_eq!(push.tries("bo"), 0);
}

each_backend!(bad_subscriptions_are_refused_with_a_code);
/// Subscriptions that are not URLs, not https, not keys, or one too many
/// are refused, each with its code; an unknown one cannot be ended.
async fn bad_subscriptions_are_refused_with_a_code() {
    let (push, _) = PushService::start("").await;
    let origin = push.origin();
    let server = TestServer::start_with(|c| {
        c.notify.push_origins = vec![origin];
        c.notify.subscriptions_per_guest = 1;
    })
    .await;
    let mut ann = server.guest("Ann").await;
    let (endpoint, keys) = push.subscribe("ann");
    let sub =
        |endpoint: &str, keys: &Value| json!({"type": "push_subscribe", "endpoint": endpoint, "keys": keys});
    ann.refused(sub("not a url", &keys), "bad-subscription").await;
    ann.refused(sub("http://push.example.com/x", &keys), "endpoint-not-allowed")
        .await;
    ann.refused(
        sub(&endpoint, &json!({"p256dh": "AAAA", "auth": keys["auth"]})),
        "bad-subscription",
    )
    .await;
    ann.refused(
        sub(&endpoint, &json!({"p256dh": keys["p256dh"], "auth": "AAAA"})),
        "bad-subscription",
    )
    .await;
    ann.refused(
        json!({"type": "push_subscribe", "endpoint": endpoint, "keys": keys, "events": ["nonsense"]}),
        "bad-message",
    )
    .await;
    ann.ok(sub(&endpoint, &keys)).await;
    // The same subscription again is no second one.
    ann.ok(sub(&endpoint, &keys)).await;
    let (other, other_keys) = push.subscribe("ann2");
    ann.refused(sub(&other, &other_keys), "too-many-subscriptions")
        .await;
    ann.refused(
        json!({"type": "push_unsubscribe", "endpoint": other}),
        "not-subscribed",
    )
    .await;
    ann.ok(json!({"type": "push_unsubscribe", "endpoint": endpoint}))
        .await;
    assert_eq!(subscription_count(&server.dir).await, 0);
}

each_backend!(a_subscription_the_push_service_calls_gone_is_deleted);
/// The push service answers 410 Gone: the subscription is deleted and
/// nothing more is sent to it.
async fn a_subscription_the_push_service_calls_gone_is_deleted() {
    let (server, push, _pushed) = with_push(50).await;
    let (room, mut clients) = bo_subscribed(&server, &push, true).await;
    push.answer("bo", &[410]);
    assert_eq!(subscription_count(&server.dir).await, 1);
    play(&mut clients, &room, &["D4"]).await;
    deliveries_until(&server.dir, &room, |rows| {
        rows.iter()
            .any(|(kind, _, state)| kind == "your-turn" && state == "dropped")
    })
    .await;
    assert_eq!(subscription_count(&server.dir).await, 0);
    assert_eq!(push.tries("bo"), 1);
}

each_backend!(a_busy_push_service_is_tried_again);
/// 503 and then 429: the push is tried again (backing off) and gets
/// through on the third try.
async fn a_busy_push_service_is_tried_again() {
    let (server, push, mut pushed) = with_push(50).await;
    let (room, mut clients) = bo_subscribed(&server, &push, true).await;
    push.answer("bo", &[503, 429]);
    play(&mut clients, &room, &["D4"]).await;
    let got = next(&mut pushed).await;
    assert_eq!(got.payload["event"], "your-turn");
    assert_eq!(push.tries("bo"), 3);
}

each_backend!(the_games_waiting_for_a_move_are_listed_oldest_first_and_only_to_their_player);
/// `my_turns` lists the games where it is the guest's move, the oldest
/// first, and follows the moves; the public player page does not show
/// them.
async fn the_games_waiting_for_a_move_are_listed_oldest_first_and_only_to_their_player() {
    let server = TestServer::start().await;
    let (first, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    // A second game of Ann's, against Cy: Ann (seat 0) to move in both.
    let (second, _) = clients[0].create_room("magneton", json!({}), true).await;
    clients[0].join(&second, json!(0)).await;
    let mut cy = server.guest("Cy").await;
    cy.join(&second, json!(1)).await;
    cy.ok(json!({"type": "start", "room": second})).await;
    assert_eq!(
        turns_until(&mut clients[0], 2).await,
        vec![first.clone(), second.clone()]
    );
    assert!(turns_until(&mut clients[1], 0).await.is_empty());
    play(&mut clients, &first, &["D4"]).await;
    assert_eq!(turns_until(&mut clients[0], 1).await, vec![second.clone()]);
    assert_eq!(turns_until(&mut clients[1], 1).await, vec![first.clone()]);
    let ann = guest_id(&clients[0]);
    let (status, page) = http_get(server.addr(), &format!("/api/players/{ann}"), None).await;
    assert_eq!(status, 200, "{page}");
    assert!(!page.contains(&second) && !page.contains(&first), "{page}");
}

/// The rooms `my_turns` lists for `client`, asked until there are `n`.
async fn turns_until(client: &mut Client, n: usize) -> Vec<String> {
    eventually!(format!("{n} rooms in my_turns"), {
        let rooms = match client.request(json!({"type": "my_turns"})).await {
            ServerMessage::Turns { rooms, .. } => rooms.into_iter().map(|t| t.room).collect::<Vec<_>>(),
            other => panic!("not turns: {other:?}"),
        };
        if rooms.len() == n { Ok(rooms) } else { Err(rooms) }
    })
}

/// The guest id of `client` (from its `welcome` frame).
fn guest_id(client: &Client) -> String {
    client
        .frames
        .iter()
        .find_map(|f| {
            let v: Value = serde_json::from_str(f).ok()?;
            (v["type"] == "welcome").then(|| v["guest"]["id"].as_str().unwrap().to_string())
        })
        .expect("a welcome")
}

/// A server whose webhooks may go to 127.0.0.1, and a receiver.
async fn with_hooks() -> (TestServer, HookReceiver, UnboundedReceiver<Hooked>) {
    let (hooks, hooked) = HookReceiver::start().await;
    let server = TestServer::start_with(|c| c.notify.webhook_private = true).await;
    (server, hooks, hooked)
}

/// Sets a webhook; returns its secret.
async fn set_webhook(client: &mut Client, message: Value) -> String {
    match client.request(message).await {
        ServerMessage::Webhook { secret, .. } => secret,
        other => panic!("not a webhook: {other:?}"),
    }
}

each_backend!(webhooks_post_signed_events_once_per_url);
/// Ann owns the room and sets its webhook; she and Bo register and set
/// their accounts' webhooks to the same URL: the game's start reaches the
/// URL once, as the event's JSON, signed with the secret shown when it
/// was set.
async fn webhooks_post_signed_events_once_per_url() {
    let (server, hooks, mut hooked) = with_hooks().await;
    let mut ann = server.guest("Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!(0)).await;
    let url = hooks.url("shared");
    let secret = set_webhook(&mut ann, json!({"type": "set_webhook", "room": room, "url": url})).await;
    assert_eq!(secret.len(), 64);
    let mut bo = server.guest("Bo").await;
    bo.ok(json!({"type": "register", "name": "bo-hooks", "password": "a long password"}))
        .await;
    let bo_secret = set_webhook(&mut bo, json!({"type": "set_webhook", "url": url})).await;
    assert_ne!(bo_secret, secret);
    bo.join(&room, json!(1)).await;
    bo.ok(json!({"type": "start", "room": room})).await;
    // The start: `game-started`, and Ann's `your-turn` (the room's hook).
    let mut got = [next(&mut hooked).await, next(&mut hooked).await];
    got.sort_by_key(|h| h.headers["x-lodestone-event"].clone());
    let started = &got[0];
    assert_eq!(started.path, "shared");
    assert_eq!(started.headers["content-type"], "application/json");
    assert_eq!(started.headers["x-lodestone-event"], "game-started");
    let body: Value = serde_json::from_slice(&started.body).unwrap();
    assert_eq!(body["event"], "game-started");
    assert_eq!(body["room"], room.as_str());
    assert_eq!(body["players"], json!(["Ann", "bo-hooks"]));
    // The words are those of the webhook kept: the room's, or Bo's
    // account's (his opponent named).
    assert!(
        [
            "Magneton with Ann, bo-hooks has started",
            "Magneton with Ann has started"
        ]
        .contains(&body["text"].as_str().unwrap()),
        "{body}"
    );
    // Signed with the secret of the webhook the delivery came from.
    let signed = started.headers["x-lodestone-signature"].clone();
    assert!(
        signed == signature(&secret, &started.body) || signed == signature(&bo_secret, &started.body),
        "{signed}"
    );
    let turn: Value = serde_json::from_slice(&got[1].body).unwrap();
    assert_eq!(
        (turn["event"].as_str(), turn["player"].as_str()),
        (Some("your-turn"), Some("Ann"))
    );
    // Ann's move: Bo's turn reaches the URL once, though both the room's
    // and Bo's account's webhooks post there.
    let mut clients = [ann, bo];
    play(&mut clients, &room, &["D4"]).await;
    let turn = next(&mut hooked).await;
    let body: Value = serde_json::from_slice(&turn.body).unwrap();
    assert_eq!(
        (body["event"].as_str(), body["player"].as_str()),
        (Some("your-turn"), Some("bo-hooks"))
    );
    let rows = deliveries_until(&server.dir, &room, |rows| rows.iter().all(|(_, _, s)| s != "due")).await;
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(hooked.try_recv().is_err());
}

each_backend!(a_discord_webhook_is_retried_until_it_takes);
/// A Discord-style webhook gets `{"content": …}`; a 500 and a 429 are
/// tried again, the same body each time.
async fn a_discord_webhook_is_retried_until_it_takes() {
    let (server, hooks, mut hooked) = with_hooks().await;
    let mut ann = server.guest("Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!(0)).await;
    hooks.answer("discord", &[500, 429]);
    set_webhook(
        &mut ann,
        json!({"type": "set_webhook", "room": room, "url": hooks.url("discord"), "format": "discord", "events": ["game-started"]}),
    )
    .await;
    let mut bo = server.guest("Bo").await;
    bo.join(&room, json!(1)).await;
    bo.ok(json!({"type": "start", "room": room})).await;
    let tries = [
        next(&mut hooked).await,
        next(&mut hooked).await,
        next(&mut hooked).await,
    ];
    for t in &tries {
        assert_eq!(t.body, tries[0].body);
    }
    let body: Value = serde_json::from_slice(&tries[0].body).unwrap();
    assert_eq!(body, json!({"content": "Magneton with Ann, Bo has started"}));
    deliveries_until(&server.dir, &room, |rows| {
        rows.iter().all(|(_, _, s)| s == "sent")
    })
    .await;
}

each_backend!(webhooks_are_refused_with_a_code);
/// Private addresses without the flag, URLs that are not http(s), a room
/// one does not own, an account webhook of a guest, one too many.
async fn webhooks_are_refused_with_a_code() {
    let server = TestServer::start_with(|c| c.notify.webhooks_per_owner = 1).await;
    let mut ann = server.guest("Ann").await;
    let (room, _) = ann.create_room("magneton", json!({}), true).await;
    let hook = |url: &str| json!({"type": "set_webhook", "room": room, "url": url});
    for private in [
        "http://127.0.0.1:9/x",
        "http://10.0.0.1/x",
        "http://[::1]/x",
        "http://169.254.169.254/latest",
        "http://localhost:9/x",
    ] {
        ann.refused(hook(private), "address-not-allowed").await;
    }
    ann.refused(hook("ftp://example.com/x"), "bad-webhook").await;
    ann.refused(hook("not a url"), "bad-webhook").await;
    ann.refused(
        json!({"type": "set_webhook", "url": "https://1.1.1.1/x"}),
        "account-required",
    )
    .await;
    set_webhook(&mut ann, hook("https://1.1.1.1/one")).await;
    ann.refused(hook("https://1.1.1.1/two"), "too-many-webhooks")
        .await;
    let mut bo = server.guest("Bo").await;
    bo.refused(hook("https://1.1.1.1/three"), "not-owner").await;
    bo.refused(
        json!({"type": "delete_webhook", "room": room, "url": "https://1.1.1.1/one"}),
        "not-owner",
    )
    .await;
    ann.ok(json!({"type": "delete_webhook", "room": room, "url": "https://1.1.1.1/one"}))
        .await;
    ann.refused(
        json!({"type": "delete_webhook", "room": room, "url": "https://1.1.1.1/one"}),
        "not-subscribed",
    )
    .await;
}

/// Ann's room of Magneton with `options` on the server at `addr`, Bo
/// seated there, subscribed at the stand-in as `bo` with his page hidden,
/// and the game started: the room, and Ann's and Bo's clients with their
/// tokens.
async fn away_game(
    addr: std::net::SocketAddr,
    push: &PushService,
    options: Value,
) -> (String, [(Client, String); 2]) {
    let mut ann = Client::connect(addr).await;
    let ann_token = ann.hello("Ann").await;
    let (room, _) = ann.create_room("magneton", options, true).await;
    ann.join(&room, json!(0)).await;
    let mut bo = Client::connect(addr).await;
    let bo_token = bo.hello("Bo").await;
    bo.join(&room, json!(1)).await;
    subscribe(&mut bo, push, "bo").await;
    hide(&mut bo).await;
    bo.ok(json!({"type": "start", "room": room})).await;
    (room, [(ann, ann_token), (bo, bo_token)])
}

/// A push stand-in and a new folder for server processes, with the
/// arguments that give them both (a `your-turn` held 50 ms) and `more`.
async fn push_on_disk(
    more: &[&str],
) -> (
    PushService,
    UnboundedReceiver<Pushed>,
    std::path::PathBuf,
    Vec<String>,
) {
    let (push, pushed) = PushService::start("").await;
    let dir = temp_dir();
    let database = lodestone_tests::database_url(&dir);
    let mut args: Vec<String> = [
        "--database",
        &database,
        "--push-origin",
        &push.origin(),
        "--push-hold-ms",
        "50",
    ]
    .map(String::from)
    .into();
    args.extend(more.iter().map(|a| a.to_string()));
    (push, pushed, dir, args)
}

each_backend!(the_time_alarm_fires_once_after_a_sigkill_and_a_restart);
/// A correspondence-style clock (shortened by the flags): Bo's turn
/// begins, the server is killed before 80% of it is used, and the server
/// started again on the same database sends the alarm, once, and then
/// the end of the game.
async fn the_time_alarm_fires_once_after_a_sigkill_and_a_restart() {
    let (push, mut pushed, dir, args) = push_on_disk(&["--alarm-min-seconds", "1"]).await;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let first = ServerProcess::start_with(SERVER, &args, &dir);
    push.expect_key(&server_key(first.addr).await);
    let (room, [(mut ann, _), _bo]) = away_game(first.addr, &push, json!({"clock": "8s/move"})).await;
    ann.act(&room, "D4").await;
    let turn = next(&mut pushed).await;
    assert_eq!(turn.payload["event"], "your-turn");
    first.kill();
    let second = ServerProcess::start_with(SERVER, &args, &dir);
    let alarm = next(&mut pushed).await;
    assert_eq!(alarm.payload["event"], "time-running-out");
    assert_eq!(
        alarm.payload["text"],
        "Your move in Magneton against Ann: 1 second left"
    );
    let over = next(&mut pushed).await;
    assert_eq!(over.payload["event"], "game-over");
    assert!(pushed.try_recv().is_err());
    let rows = lodestone_tests::push::deliveries(&dir, &room).await;
    assert_eq!(
        rows.iter()
            .filter(|(kind, _, state)| kind == "time-running-out" && state == "sent")
            .count(),
        1,
        "{rows:?}"
    );
    drop(second);
}

each_backend!(my_turns_follows_a_move_at_once);
/// Right after each move's ack, `my_turns` of both players already
/// follows it, asked once: the games waiting a room derived are read
/// before the store has written them (they are written apart from the
/// move's commit, issue 28).
async fn my_turns_follows_a_move_at_once() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    let record =
        lodestone_rules::Record::parse(include_str!("../../records/magneton/valid/forced-pass.txt")).unwrap();
    for (n, action) in record.actions.iter().take(6).enumerate() {
        play(&mut clients, &room, &[action.text.as_str()]).await;
        // Ann (seat 0) moved first: after an even move it is Bo's turn.
        let (waits, not) = if n % 2 == 0 { (1, 0) } else { (0, 1) };
        assert_eq!(
            my_turns(&mut clients[waits]).await,
            std::slice::from_ref(&room),
            "after move {n}"
        );
        assert!(my_turns(&mut clients[not]).await.is_empty(), "after move {n}");
    }
}

/// The rooms `my_turns` lists for `client` now.
async fn my_turns(client: &mut Client) -> Vec<String> {
    match client.request(json!({"type": "my_turns"})).await {
        ServerMessage::Turns { rooms, .. } => rooms.into_iter().map(|t| t.room).collect(),
        other => panic!("not turns: {other:?}"),
    }
}

/// The guests waiting in `room` as the database of the servers on `dir`
/// holds it (not what a server still means to write).
async fn stored_turns(dir: &std::path::Path, room: &str) -> Vec<String> {
    let sql = "SELECT guest_id FROM turns WHERE room_id = $1 AND waiting ORDER BY guest_id";
    lodestone_tests::with_database!(&lodestone_tests::database_url(dir), |conn| sqlx::query_scalar(
        sql
    )
    .bind(room)
    .fetch_all(&mut conn)
    .await
    .unwrap())
}

each_backend!(a_killed_server_that_had_not_written_a_turn_derives_it_again);
/// The games waiting are written apart from the moves, a while after:
/// a server killed before it wrote the last ones leaves them behind in
/// the database, and the room, resumed, derives them again from its log.
/// Ann moves, the server is stopped (SIGTERM: it writes what it kept);
/// on a second server, whose writes of the games waiting wait for
/// minutes, Bo moves and the server is killed (SIGKILL), the database
/// still saying Bo is to move. On a third, `my_turns` says Ann is, and
/// when she moves Bo gets his `your-turn` push (which a room believing
/// it was already his turn would not send).
async fn a_killed_server_that_had_not_written_a_turn_derives_it_again() {
    let (push, mut pushed, dir, args) = push_on_disk(&[]).await;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let slow = || {
        let mut command = ServerProcess::command(SERVER, &args, &dir);
        command.env("LODESTONE_TURN_WRITES_MS", "600000");
        ServerProcess::start_command(command)
    };
    let record =
        lodestone_rules::Record::parse(include_str!("../../records/magneton/valid/forced-pass.txt")).unwrap();
    let actions: Vec<&str> = record.actions.iter().map(|a| a.text.as_str()).collect();

    let mut first = slow();
    push.expect_key(&server_key(first.addr).await);
    let (room, [(mut ann, ann_token), (bo, bo_token)]) = away_game(first.addr, &push, json!({})).await;
    ann.act(&room, actions[0]).await;
    assert_eq!(next(&mut pushed).await.payload["event"], "your-turn");
    let (ann_id, bo_id) = (guest_id(&ann), guest_id(&bo));
    let status = std::process::Command::new("kill")
        .args(["-TERM", &first.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    tokio::task::spawn_blocking(move || first.child.wait().unwrap())
        .await
        .unwrap();
    assert_eq!(stored_turns(&dir, &room).await, std::slice::from_ref(&bo_id));

    let second = slow();
    let mut bo = Client::connect(second.addr).await;
    bo.resume(&bo_token).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    bo.act(&room, actions[1]).await;
    second.kill();
    assert_eq!(
        stored_turns(&dir, &room).await,
        std::slice::from_ref(&bo_id),
        "the second server wrote Ann's turn before it was killed: nothing was left to derive"
    );

    let third = ServerProcess::start_with(SERVER, &args, &dir);
    let mut ann = Client::connect(third.addr).await;
    ann.resume(&ann_token).await;
    let mut bo = Client::connect(third.addr).await;
    bo.resume(&bo_token).await;
    eventually!("Ann's game in her my_turns", {
        let (mine, his) = (my_turns(&mut ann).await, my_turns(&mut bo).await);
        if mine == [room.clone()] && his.is_empty() {
            Ok(())
        } else {
            Err((mine, his))
        }
    });
    eventually!("Ann's turn stored", {
        let stored = stored_turns(&dir, &room).await;
        if stored == [ann_id.clone()] {
            Ok(())
        } else {
            Err(stored)
        }
    });
    ann.ok(json!({"type": "watch", "room": room})).await;
    ann.act(&room, actions[2]).await;
    let turn = next(&mut pushed).await;
    assert_eq!(turn.payload["event"], "your-turn");
    assert_eq!(turn.name, "bo");
    drop(third);
}
