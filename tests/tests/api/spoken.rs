//! Words the server chooses in the client's language beyond its error
//! sentences: a computer player's name (in the language of whoever seats
//! it), and refusals that carry their details (`detail` of an `error`) so
//! that each language says them.

use lodestone_protocol::{PROTOCOL_VERSION, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::json;

/// A client that said `hello` as `name` in language `lang`.
async fn speaking(server: &TestServer, name: &str, lang: &str) -> Client {
    let mut c = server.client().await;
    c.ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "lang": lang}))
        .await;
    c
}

each_backend!(a_bot_is_named_in_the_language_of_whoever_seats_it);
async fn a_bot_is_named_in_the_language_of_whoever_seats_it() {
    let server = TestServer::start().await;
    for (lang, level, name) in [
        ("en", "greedy", "Bot (greedy)"),
        ("fr_FR.UTF-8", "greedy", "Ordinateur (glouton)"),
        ("de", "hard", "Computer (schwer)"),
    ] {
        let mut owner = speaking(&server, "Ann", lang).await;
        let (room, _) = owner.create_room("magneton", json!({}), true).await;
        owner.join(&room, json!("white")).await;
        owner
            .ok(json!({"type": "add_bot", "room": room, "level": level}))
            .await;
        let state = owner.state_until(&room, |s| s.seats[1].player.is_some()).await;
        assert_eq!(state.seats[1].player.as_ref().unwrap().name, name, "{lang}");
    }
    // A tournament's organizer names its bots, numbered.
    let mut ann = speaking(&server, "Ann", "fr").await;
    let created = ann
        .ok(json!({"type": "create_tournament", "tournament":
            {"name": "Vendredi", "game": "magneton", "format": "round-robin", "bots": true}}))
        .await;
    let ServerMessage::Tournament { tournament, .. } = created else {
        panic!("{created:?}");
    };
    let mut last = None;
    for level in ["random", "easy"] {
        last = Some(
            ann.ok(json!({"type": "add_tournament_bot", "tournament": tournament.id, "level": level}))
                .await,
        );
    }
    let Some(ServerMessage::Tournament { tournament, .. }) = last else {
        panic!("{last:?}");
    };
    let names: Vec<&str> = tournament.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ordinateur 1 (hasard)", "Ordinateur 2 (facile)"]);
}
