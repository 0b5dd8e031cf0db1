//! A pairing reaches its players as a push notification (issue 27's
//! Web Push), through a push-service stand-in that checks the server's
//! VAPID token and decrypts each payload with the browser's key.

use std::collections::BTreeMap;

use lodestone_tests::push::PushService;
use lodestone_tests::{PATIENCE, TestServer, each_backend, http_get};
use serde_json::{Value, json};

use crate::helpers::{create, join_tournament, quick, start_tournament, watch_tournament};

each_backend!(a_pairing_is_pushed_to_its_players);
/// Ann and Bob, subscribed to `game-started` and not looking at any
/// room, each get one push naming their tournament game's room, its
/// game and their opponent once the organizer starts the round robin.
async fn a_pairing_is_pushed_to_its_players() {
    let (push, mut pushed) = PushService::start("").await;
    let origin = push.origin();
    let server = TestServer::start_with(|c| {
        quick(c);
        c.notify.push_origins = vec![origin];
    })
    .await;
    let (status, body) = http_get(server.addr(), "/api/push/key", None).await;
    assert_eq!(status, 200, "{body}");
    let key: Value = serde_json::from_str(&body).unwrap();
    push.expect_key(key["public_key"].as_str().unwrap());

    let mut ann = server.guest("Ann").await;
    let mut bob = server.guest("Bob").await;
    for (client, name) in [(&mut ann, "ann"), (&mut bob, "bob")] {
        let (endpoint, keys) = push.subscribe(name);
        client
            .ok(json!({"type": "push_subscribe", "endpoint": endpoint, "keys": keys, "events": ["game-started"]}))
            .await;
    }
    let t = create(
        &mut ann,
        json!({"name": "Evening", "game": "magneton", "format": "round-robin"}),
    )
    .await;
    for client in [&mut ann, &mut bob] {
        join_tournament(client, &t.id).await;
    }
    start_tournament(&mut ann, &t.id).await;
    let running = watch_tournament(&mut ann, &t.id).await;
    let room = running.rounds[0].games[0].room.clone();

    let mut got = BTreeMap::new();
    while got.len() < 2 {
        let p = tokio::time::timeout(PATIENCE, pushed.recv())
            .await
            .expect("a push for each player within the patience limit")
            .expect("the stand-in runs");
        assert_eq!(p.payload["event"], "game-started", "{:?}", p.payload);
        assert!(got.insert(p.name.clone(), p.payload).is_none(), "one push each");
    }
    for (name, opponent) in [("ann", "Bob"), ("bob", "Ann")] {
        assert_eq!(got[name]["room"], room.as_str());
        assert_eq!(got[name]["game"], "magneton");
        assert_eq!(got[name]["opponents"], json!([opponent]));
    }
}
