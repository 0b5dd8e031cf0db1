//! The server's sentences in the client's language: `lang` in `hello`
//! over the WebSocket, `Accept-Language` over HTTP. The codes are the same
//! in every language, and English is the server's own sentence.

use lodestone_protocol::{PROTOCOL_VERSION, ServerMessage};
use lodestone_tests::{TestServer, each_backend, http_get_with};
use serde_json::{Value, json};

use crate::games::{play, started_room};
use crate::notify::{hide, next, with_push};

each_backend!(a_client_saying_french_gets_french_sentences_with_the_same_codes);
async fn a_client_saying_french_gets_french_sentences_with_the_same_codes() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let mut zoe = server.client().await;
    // Before its hello, a connection's errors are in English.
    zoe.send_text("{not json").await;
    match zoe.recv().await.expect("an error") {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, "bad-json");
            assert!(message.starts_with("the message is not JSON"), "{message}");
        }
        other => panic!("not an error: {other:?}"),
    }
    zoe.ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Zoé", "lang": "fr_FR.UTF-8"}))
        .await;

    // Answered by the connection itself.
    let unknown = json!({"type": "join", "room": "no-such-room"});
    let english = ann.refused(unknown.clone(), "unknown-room").await;
    let french = zoe.refused(unknown, "unknown-room").await;
    assert_eq!(french, "il n'y a pas de salle « no-such-room »");
    assert_ne!(english, french);

    // Answered by a room's task.
    let room = ann.seated_room("magneton", json!({}), json!(null)).await;
    let english = ann
        .refused(json!({"type": "start", "room": room}), "seats-not-full")
        .await;
    zoe.join(&room, json!(null)).await;
    let act = json!({"type": "act", "room": room, "action": "D4"});
    let french = zoe.refused(act, "not-started").await;
    assert_eq!(french, "la partie n'a pas commencé");
    // A refusal's details (here a limit and a length) reach French too.
    let long = json!({"type": "chat", "room": room, "text": "é".repeat(501)});
    let french = zoe.refused(long, "chat-too-long").await;
    assert_eq!(
        french,
        "une ligne de discussion a au plus 500 caractères ; celle-ci en a 501"
    );
    // English is the server's own sentence, not a catalogue's.
    assert!(!english.is_empty() && english.is_ascii(), "{english}");

    // A hello in German changes the connection's language.
    zoe.ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Zoé", "lang": "de"}))
        .await;
    let german = zoe
        .refused(json!({"type": "join", "room": "no-such-room"}), "unknown-room")
        .await;
    assert_eq!(german, "es gibt keinen Raum „no-such-room“");
}

each_backend!(an_api_refusal_comes_in_the_accept_language_with_its_code);
async fn an_api_refusal_comes_in_the_accept_language_with_its_code() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let path = "/api/players/no-such-player";
    let body = |text: &str| serde_json::from_str::<Value>(text).expect("a JSON body");
    let (status, _, english) = http_get_with(addr, path, &[]).await;
    let english = body(&english);
    assert_eq!((status, &english["code"]), (404, &json!("unknown-player")));
    let (status, headers, german) =
        http_get_with(addr, path, &[("Accept-Language", "de-DE,de;q=0.9,en;q=0.5")]).await;
    let german = body(&german);
    assert_eq!(status, 404);
    assert_eq!(german["code"], english["code"]);
    assert_eq!(german["type"], "error");
    assert_eq!(german["message"], "diesen Spieler gibt es nicht");
    assert!(
        headers.iter().any(|h| h == "content-type: application/json"),
        "{headers:?}"
    );
    // The best language with a catalogue, by weight; English otherwise.
    let (_, _, french) = http_get_with(addr, path, &[("Accept-Language", "es, fr;q=0.8, de;q=0.5")]).await;
    assert_eq!(body(&french)["message"], "ce joueur n'existe pas");
    for english_words in ["es, pt;q=0.5", "en-GB, fr;q=0.5", "*"] {
        let (_, _, same) = http_get_with(addr, path, &[("Accept-Language", english_words)]).await;
        assert_eq!(body(&same), english, "{english_words}");
    }
    // An answer that is not a refusal is left alone.
    let (status, _, games) = http_get_with(addr, "/api/games", &[("Accept-Language", "de")]).await;
    let (_, _, games_en) = http_get_with(addr, "/api/games", &[]).await;
    assert_eq!((status, games), (200, games_en));
}

each_backend!(a_push_subscription_keeps_the_language_it_was_made_in);
/// Bo subscribes once from a connection that said French, once after a
/// hello in English: Ann's move reaches each subscription in its own
/// language, with the same event and fields.
async fn a_push_subscription_keeps_the_language_it_was_made_in() {
    let (server, push, mut pushed) = with_push(100).await;
    let (room, mut clients, tokens) = started_room(&server, "magneton", json!({})).await;
    let bo = &mut clients[1];
    let subscribe = async |bo: &mut lodestone_tests::Client, name: &str, lang: &str| {
        bo.ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": tokens[1], "lang": lang}))
            .await;
        let (endpoint, keys) = push.subscribe(name);
        bo.ok(json!({"type": "push_subscribe", "endpoint": endpoint, "keys": keys, "events": ["your-turn"]}))
            .await;
    };
    subscribe(bo, "bo-fr", "fr").await;
    subscribe(bo, "bo-en", "en").await;
    hide(bo).await;
    play(&mut clients, &room, &["D4"]).await;
    let mut got = [next(&mut pushed).await, next(&mut pushed).await];
    got.sort_by(|a, b| a.name.cmp(&b.name));
    let [english, french] = got.map(|p| p.payload);
    assert_eq!(english["title"], "Your move");
    assert_eq!(english["text"], "Your move in Magneton against Ann");
    assert_eq!(french["title"], "À vous de jouer");
    assert_eq!(french["text"], "À vous de jouer dans Magneton contre Ann");
    for field in ["event", "room", "game", "players", "opponents", "url"] {
        assert_eq!(english[field], french[field], "{field}");
    }
}
