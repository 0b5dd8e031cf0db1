//! Attacks through real sockets against a server with the default limits
//! (issue 26): DNS rebinding (E), private games on public pages (G),
//! spoofed names (H).

use lodestone_server::Limits;
use lodestone_tests::{TestServer, eventually};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The status line of a WebSocket upgrade sent with `host` and `origin`.
async fn upgrade_status(addr: std::net::SocketAddr, host: &str, origin: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n") {
        let n = tokio::time::timeout(lodestone_tests::PATIENCE, stream.read(&mut byte))
            .await
            .expect("an answer in time")
            .unwrap();
        assert!(n > 0, "closed without an answer");
        head.push(byte[0]);
    }
    String::from_utf8(head).unwrap().trim().to_string()
}

#[tokio::test]
/// A page of evil.example whose name now resolves to this server (DNS
/// rebinding) sends `Host: evil.example` and `Origin: http://evil.example`:
/// refused, since the server's own addresses are not the Host header's.
/// Its own pages (the address it listens on, `localhost`) may connect.
async fn e_a_rebound_host_name_is_not_the_servers_origin() {
    let server = TestServer::start_with(|c| c.limits = Limits::default()).await;
    let addr = server.addr();
    let evil = upgrade_status(addr, "evil.example", "http://evil.example").await;
    assert!(evil.starts_with("HTTP/1.1 403"), "{evil}");
    let evil_port = upgrade_status(
        addr,
        &format!("evil.example:{}", addr.port()),
        &format!("http://evil.example:{}", addr.port()),
    )
    .await;
    assert!(evil_port.starts_with("HTTP/1.1 403"), "{evil_port}");
    let own = upgrade_status(addr, &addr.to_string(), &format!("http://{addr}")).await;
    assert!(own.starts_with("HTTP/1.1 101"), "{own}");
    let local = format!("localhost:{}", addr.port());
    let own = upgrade_status(addr, &local, &format!("http://{local}")).await;
    assert!(own.starts_with("HTTP/1.1 101"), "{own}");
}

/// A new guest on `addr`: its client, token and id.
async fn guest(addr: std::net::SocketAddr, name: &str) -> (lodestone_tests::Client, String, String) {
    let mut client = lodestone_tests::Client::connect(addr).await;
    let welcome = client
        .ok(serde_json::json!({"type": "hello", "protocol": lodestone_protocol::PROTOCOL_VERSION, "name": name}))
        .await;
    let lodestone_protocol::ServerMessage::Welcome {
        guest,
        token: Some(token),
        ..
    } = welcome
    else {
        panic!("unexpected {welcome:?}")
    };
    (client, token, guest.id)
}

/// The rooms of the recent games on `id`'s page, as the guest of `token`
/// (or anyone, without one) sees it.
async fn recent_rooms(addr: std::net::SocketAddr, id: &str, token: Option<&str>) -> Vec<String> {
    let (status, body) = lodestone_tests::http_get(addr, &format!("/api/players/{id}"), token).await;
    assert_eq!(status, 200, "{body}");
    let page: lodestone_protocol::PlayerPage = serde_json::from_str(&body).unwrap();
    page.recent.into_iter().map(|g| g.room).collect()
}

lodestone_tests::each_backend!(g_a_private_game_is_listed_only_to_its_players);
/// Ann and Bo finish a private game: it is on Ann's page for Ann and for
/// Bo, never for anyone else (with or without a token), who still sees
/// her public game.
async fn g_a_private_game_is_listed_only_to_its_players() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (mut ann, ann_token, ann_id) = guest(addr, "Ann").await;
    let (mut bo, bo_token, _) = guest(addr, "Bo").await;
    let (_, eve_token, _) = guest(addr, "Eve").await;
    let mut rooms = Vec::new();
    for public in [false, true] {
        let (room, invite) = ann.create_room("magneton", serde_json::json!({}), public).await;
        for (client, seat) in [(&mut ann, 0), (&mut bo, 1)] {
            client
                .ok(serde_json::json!({"type": "join", "room": room, "seat": seat, "invite": invite}))
                .await;
        }
        bo.ok(serde_json::json!({"type": "start", "room": room})).await;
        ann.ok(serde_json::json!({"type": "resign", "room": room})).await;
        rooms.push(room);
    }
    let (private, public) = (rooms[0].clone(), rooms[1].clone());
    // The results are recorded a moment after the games end.
    eventually!("both games recorded", {
        recent_rooms(addr, &ann_id, Some(&ann_token)).await.len() >= 2
    });
    for (who, token) in [("Ann", Some(&ann_token)), ("Bo", Some(&bo_token))] {
        let seen = recent_rooms(addr, &ann_id, token.map(String::as_str)).await;
        assert!(
            seen.contains(&private) && seen.contains(&public),
            "{who} sees {seen:?}"
        );
    }
    for (who, token) in [("anyone", None), ("Eve", Some(eve_token.as_str()))] {
        let seen = recent_rooms(addr, &ann_id, token).await;
        assert_eq!(seen, vec![public.clone()], "{who} sees the private game");
    }
}

lodestone_tests::each_backend!(h_names_that_only_look_alike_are_refused);
/// Victim has an account. Names that show as hers (or as `admin`) through
/// an invisible character are refused as names; a name that differs from
/// hers only by compatibility forms (full-width letters) or case is hers.
async fn h_names_that_only_look_alike_are_refused() {
    let server = TestServer::start_with(|c| c.limits = Limits::default()).await;
    let addr = server.addr();
    let password = "correct horse battery";
    let (mut victim, _, _) = guest(addr, "Victim").await;
    victim
        .ok(serde_json::json!({"type": "register", "name": "Victim", "password": password}))
        .await;
    let mut spoofer = lodestone_tests::Client::connect(addr).await;
    for name in ["ad\u{200B}min", "Vic\u{2060}tim"] {
        spoofer
            .refused(
                serde_json::json!({"type": "hello", "protocol": lodestone_protocol::PROTOCOL_VERSION, "name": name}),
                "bad-name",
            )
            .await;
    }
    let (mut eve, _, _) = guest(addr, "Eve").await;
    let invisible = eve
        .refused(
            serde_json::json!({"type": "register", "name": "Victim\u{200B}", "password": password}),
            "bad-name",
        )
        .await;
    assert!(invisible.contains("invisible"), "{invisible}");
    for name in ["Ｖｉｃｔｉｍ", "VICTIM"] {
        eve.refused(
            serde_json::json!({"type": "register", "name": name, "password": password}),
            "name-taken",
        )
        .await;
    }
    eve.ok(serde_json::json!({"type": "register", "name": "Eve", "password": password}))
        .await;
}
