//! Games shown outside the client (issue 33): a ply as JSON and as an SVG
//! image, the record as JSON, as a spectator may see them (a running
//! game's secrets stay hidden, a private room needs its invite), and the
//! embeddable replay pages, the only pages another site may frame.

use lodestone_protocol::{GameRecord, PlyView, RecordAction, RoomStatus};
use lodestone_tests::{
    TestServer, each_backend, header, http_get, http_get_full, http_get_typed, http_get_with,
};
use serde_json::json;

each_backend!(a_finished_game_shows_every_ply_as_json_and_as_an_image);
async fn a_finished_game_shows_every_ply_as_json_and_as_an_image() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let mut ann = server.guest("Ann").await;
    let mut bo = server.guest("Bo <b>").await;
    let room = ann.game_with(&mut bo, "magneton", json!({})).await;
    ann.act(&room, "D4").await;
    bo.act(&room, "E5").await;
    ann.ok(json!({"type": "resign", "room": room})).await;
    ann.state_until(&room, |s| s.status == RoomStatus::Finished).await;

    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/ply/1"), None).await;
    assert_eq!(status, 200, "{body}");
    let view: PlyView = serde_json::from_str(&body).unwrap();
    assert_eq!((view.ply, view.plies, view.revealed), (1, 2, true));
    assert_eq!(view.state.you, None);
    let stones = &view.state.play.as_ref().unwrap().board_value()["stones"];
    assert_eq!(stones["white"], json!(["D4"]));
    let (_, body) = http_get(addr, &format!("/api/rooms/{room}/ply/latest"), None).await;
    assert_eq!(serde_json::from_str::<PlyView>(&body).unwrap().ply, 2);

    let (_, image) = http_get_typed(addr, &format!("/api/rooms/{room}/ply/2.svg"), "image/svg+xml").await;
    assert!(
        image.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{image}"
    );
    assert_eq!(image.matches("<circle").count(), 2, "two stones: {image}");
    assert!(
        image.contains("Bo &lt;b&gt;") && !image.contains("<b>"),
        "escaped names: {image}"
    );
    assert!(
        image.contains("Magneton · Ann v Bo &lt;b&gt; · ply 2 of 2 · black wins (resignation)"),
        "{image}"
    );
    // Its caption in the reader's language (`Accept-Language`).
    let svg = format!("/api/rooms/{room}/ply/2.svg");
    for (lang, caption) in [
        (
            "fr",
            "Magneton · Ann contre Bo &lt;b&gt; · coup 2 sur 2 · Bo &lt;b&gt; (noir) gagne.",
        ),
        (
            "de",
            "Magneton · Ann gegen Bo &lt;b&gt; · Zug 2 von 2 · Bo &lt;b&gt; (Schwarz) gewinnt.",
        ),
    ] {
        let (status, _, image) = http_get_with(addr, &svg, &[("Accept-Language", lang)]).await;
        assert_eq!(status, 200);
        assert!(image.contains(caption), "{lang}: {image}");
    }
    let (status, _) = http_get(addr, &format!("/api/rooms/{room}/ply/3.svg"), None).await;
    assert_eq!(status, 400);
    let (status, _) = http_get(addr, &format!("/api/rooms/{room}/ply/x"), None).await;
    assert_eq!(status, 400);
    let (status, _) = http_get(addr, "/api/rooms/nope/ply/0.svg", None).await;
    assert_eq!(status, 404);

    // The record as JSON says what the text says.
    let (_, text) = http_get(addr, &format!("/api/rooms/{room}/record"), None).await;
    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/record.json"), None).await;
    assert_eq!(status, 200, "{body}");
    let record: GameRecord = serde_json::from_str(&body).unwrap();
    assert_eq!(record, GameRecord::from_text(&text));
    assert_eq!(record.game, "magneton");
    assert_eq!(record.seats["white"], "Ann");
    assert_eq!(record.result.as_deref(), Some("black wins (resignation)"));
    assert_eq!(
        record.actions,
        [RecordAction::Open("D4".into()), RecordAction::Open("E5".into())]
    );
}

each_backend!(a_running_game_shows_what_a_spectator_sees);
/// A running Magnetism game whose white opening is played and secret: the
/// ply, its image and the record show it to nobody but white; a private
/// room's plies need its invite.
async fn a_running_game_shows_what_a_spectator_sees() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let mut ann = server.client().await;
    let ann_token = ann.hello("Ann").await;
    let mut bo = server.guest("Bo").await;
    let (room, invite) = ann.create_room("magnetism", json!({}), false).await;
    let invite = invite.unwrap();
    ann.ok(json!({"type": "join", "room": room, "seat": 0, "invite": invite}))
        .await;
    bo.ok(json!({"type": "join", "room": room, "seat": 1, "invite": invite}))
        .await;
    ann.ok(json!({"type": "start", "room": room})).await;
    let state = ann
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| !p.legal.is_empty()))
        .await;
    // White's secret opening: its magnet's square, `magnet g3`.
    let action = state.play.unwrap().legal[0].clone();
    let magnet = action.strip_prefix("magnet ").unwrap().to_string();
    ann.act(&room, &action).await;

    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/ply/1"), None).await;
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("invite-required"), "{body}");
    let query = format!("?invite={invite}");
    let (status, body) = http_get(addr, &format!("/api/rooms/{room}/ply/1{query}"), None).await;
    assert_eq!(status, 200, "{body}");
    let view: PlyView = serde_json::from_str(&body).unwrap();
    assert!(!view.revealed);
    let board = view.state.play.as_ref().unwrap().board_value();
    assert_eq!(board["magnets"]["white"], "hidden", "{board}");
    assert!(!body.contains(&action), "the secret opening leaks: {body}");
    let (_, image) = http_get(addr, &format!("/api/rooms/{room}/ply/1.svg{query}"), None).await;
    assert!(
        !image.contains("stroke-width=\"4\""),
        "the hidden magnet is drawn: {image}"
    );
    let (_, record) = http_get(addr, &format!("/api/rooms/{room}/record.json{query}"), None).await;
    assert!(!record.contains(&action), "{record}");
    assert!(record.contains("\"commitment\""), "{record}");
    // Its own player sees it, with its token.
    let (_, body) = http_get(addr, &format!("/api/rooms/{room}/ply/1"), Some(&ann_token)).await;
    let board = serde_json::from_str::<PlyView>(&body)
        .unwrap()
        .state
        .play
        .unwrap()
        .board_value();
    assert_eq!(board["magnets"]["white"], magnet.as_str(), "{board}");
}

each_backend!(only_the_embed_pages_may_be_framed);
async fn only_the_embed_pages_may_be_framed() {
    let server = TestServer::start().await;
    let addr = server.addr();
    for path in ["/embed/room/some-room", "/embed/room/some-room/ply/3"] {
        let (status, headers, body) = http_get_full(addr, path, None).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.contains("src/embed.js"), "{path}: {body}");
        let csp = header(&headers, "content-security-policy").unwrap();
        assert!(csp.contains("frame-ancestors *"), "{path}: {csp}");
        assert_eq!(header(&headers, "x-frame-options"), None, "{path}");
    }
    for path in ["/", "/src/embed.js", "/api/games", "/embed/elsewhere"] {
        let (_, headers, _) = http_get_full(addr, path, None).await;
        let csp = header(&headers, "content-security-policy").unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header(&headers, "x-frame-options"), Some("DENY"), "{path}");
    }
}
