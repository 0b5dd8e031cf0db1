//! Limits that hold (issue 17's findings F1–F10): each test sets the limit
//! it tests (the harness lifts every other) and fails on a server without
//! it. Waits are bounded by the harness's patience, never timed.

use std::net::SocketAddr;
use std::time::Duration;

use lodestone_protocol::{PROTOCOL_VERSION, ServerMessage};
use lodestone_tests::{
    PATIENCE, TestServer, each_backend, eventually, http_get, http_get_full, http_get_with,
};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Polls `/metrics` until `line` is one of its lines (bounded by the
/// harness's patience); returns the text.
pub async fn metrics_until(addr: SocketAddr, line: &str) -> String {
    eventually!(format!("{line:?} in /metrics"), {
        let (status, text) = http_get(addr, "/metrics", None).await;
        assert_eq!(status, 200, "/metrics answers");
        text.lines().any(|l| l == line).then_some(text)
    })
}

/// `client` is refused a new room with `too-many-rooms`; the sentence.
async fn too_many_rooms(client: &mut lodestone_tests::Client) -> String {
    let create = json!({"type": "create_room", "game": "magneton"});
    client.refused(create, "too-many-rooms").await
}

/// The name of the counter of refusals for `reason`.
pub fn refusals(reason: &str) -> String {
    format!("lodestone_refusals_total{{reason=\"{reason}\"}}")
}

/// Waits until `/metrics` counts `count` refusals for `reason`; returns
/// the page.
pub async fn refusals_until(addr: SocketAddr, reason: &str, count: u32) -> String {
    metrics_until(addr, &format!("{} {count}", refusals(reason))).await
}

/// The value of a metric line (`name{labels} value`).
pub fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in\n{text}"))
}

/// Opens a TCP connection and upgrades it to a WebSocket by hand (with
/// `extra` header lines); returns the stream and the answer's head, or the
/// whole answer if it was not an upgrade.
pub(crate) async fn raw_upgrade(addr: SocketAddr, extra: &str) -> (TcpStream, String) {
    let mut stream = TcpStream::connect(addr).await.expect("TCP connects");
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("request sent");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(PATIENCE, stream.read(&mut byte))
            .await
            .expect("an answer in time")
            .expect("an answer");
        if n == 0 {
            break;
        }
        head.push(byte[0]);
    }
    let mut head = String::from_utf8(head).expect("a text head");
    if !head.starts_with("HTTP/1.1 101") {
        // Not upgraded: the body follows.
        let length: usize = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length: ")?
                    .parse()
                    .ok()
            })
            .expect("a refusal says its length");
        let mut body = vec![0; length];
        tokio::time::timeout(PATIENCE, stream.read_exact(&mut body))
            .await
            .expect("the body in time")
            .expect("the body");
        head.push_str(&String::from_utf8(body).expect("a text body"));
    }
    (stream, head)
}

/// A masked client frame (`opcode`, `payload`).
fn client_frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    assert!(payload.len() < 126);
    let mask = [1u8, 2, 3, 4];
    let mut frame = vec![0x80 | opcode, 0x80 | payload.len() as u8];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    frame
}

/// Reads server frames until the server closes; returns each as
/// (opcode, payload).
async fn frames_until_closed(stream: &mut TcpStream) -> Vec<(u8, Vec<u8>)> {
    let mut bytes = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut bytes))
        .await
        .expect("the server closes the connection in time")
        .expect("a clean read");
    let mut frames = Vec::new();
    let mut rest = &bytes[..];
    while rest.len() >= 2 {
        let opcode = rest[0] & 0x0f;
        let (len, start) = match rest[1] & 0x7f {
            126 => (u16::from_be_bytes([rest[2], rest[3]]) as usize, 4),
            127 => panic!("no frame this large is expected"),
            n => (n as usize, 2),
        };
        frames.push((opcode, rest[start..start + len].to_vec()));
        rest = &rest[start + len..];
    }
    frames
}

each_backend!(f1_unknown_rooms_take_no_watch_places_and_watches_are_capped);
/// F1: a `watch` of a room that does not exist keeps nothing, and one
/// connection watches at most `--watch-limit` rooms.
async fn f1_unknown_rooms_take_no_watch_places_and_watches_are_capped() {
    let server = TestServer::start_with(|c| c.limits.watch_per_connection = 2).await;
    let mut c = server.guest("Ann").await;
    for i in 0..5 {
        let id = format!("{i}{}", "x".repeat(10_000));
        c.refused(json!({"type": "watch", "room": id}), "unknown-room")
            .await;
        c.refused(
            json!({"type": "watch", "room": format!("no-room-{i}")}),
            "unknown-room",
        )
        .await;
    }
    let mut rooms = Vec::new();
    for _ in 0..3 {
        rooms.push(c.create_room("magneton", json!({}), true).await.0);
    }
    // The unknown ids took no places: two real rooms fit.
    c.ok(json!({"type": "watch", "room": rooms[0]})).await;
    c.ok(json!({"type": "join", "room": rooms[1]})).await;
    let m = c
        .refused(json!({"type": "watch", "room": rooms[2]}), "too-many-watched")
        .await;
    assert!(m.contains("unwatch"), "{m}");
    // Watching again a room already watched needs no new place.
    c.ok(json!({"type": "watch", "room": rooms[0]})).await;
    c.ok(json!({"type": "unwatch", "room": rooms[0]})).await;
    c.ok(json!({"type": "watch", "room": rooms[2]})).await;
    let text = refusals_until(server.addr(), "watch_limit", 1).await;
    assert!(text.contains("lodestone_ws_connections 1"), "{text}");
}

each_backend!(f2_a_silent_connection_is_closed_after_the_handshake_timeout);
/// F2: a connection that never sends its request is closed after the
/// handshake timeout.
async fn f2_a_silent_connection_is_closed_after_the_handshake_timeout() {
    let server = TestServer::start_with(|c| c.limits.handshake_timeout = Duration::from_millis(300)).await;
    let mut silent = TcpStream::connect(server.addr()).await.unwrap();
    // A slow client that sends part of its head and stops is closed too.
    let mut slow = TcpStream::connect(server.addr()).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    for stream in [&mut silent, &mut slow] {
        let mut rest = Vec::new();
        tokio::time::timeout(PATIENCE, stream.read_to_end(&mut rest))
            .await
            .expect("the server closes a silent connection")
            .ok();
    }
    // Others are still served.
    assert_eq!(http_get(server.addr(), "/healthz", None).await.0, 200);
}

each_backend!(f2_connections_per_address_and_in_all_are_refused_with_a_status);
/// F2: connections per address and in all are capped before the upgrade,
/// with a clear status; a place freed is free again.
async fn f2_connections_per_address_and_in_all_are_refused_with_a_status() {
    let server = TestServer::start_with(|c| c.limits.per_address = 2).await;
    let first = server.client().await;
    let _second = server.client().await;
    let (_, answer) = raw_upgrade(server.addr(), "").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.contains("\"too-many-connections\""), "{answer}");
    assert!(
        answer.contains(r#""limit":"per-address","retry_after":10}"#)
            && answer.contains("retry-after: 10\r\n"),
        "{answer}"
    );
    first.close().await;
    // The closed connection's place comes back once the server has seen
    // the close.
    eventually!("the closed connection's place", {
        let (_, answer) = raw_upgrade(server.addr(), "").await;
        answer.starts_with("HTTP/1.1 101")
    });

    // Known players (their tokens from before) fill the server: not
    // ready. (Strangers never make it so: `exhaustion.rs`.)
    let first = TestServer::start().await;
    let mut tokens = Vec::new();
    for name in ["Ann", "Bo"] {
        let mut c = first.client().await;
        tokens.push(c.hello(name).await);
    }
    let server = first.restart(|c| c.limits.max_connections = 3).await;
    let mut _a = server.client().await;
    _a.resume(&tokens[0]).await;
    let mut _b = server.client().await;
    _b.resume(&tokens[1]).await;
    // The third place is the probe's own: no room to spare, not ready.
    let (status, body) = http_get(server.addr(), "/readyz", None).await;
    assert_eq!((status, body.trim()), (503, "not ready: at the connection limit"));
    let _c = server.client().await;
    let (_, answer) = raw_upgrade(server.addr(), "").await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("\"server-full\""), "{answer}");
    assert!(answer.contains(r#""limit":"max-connections""#), "{answer}");
}

each_backend!(f2_behind_a_trusted_proxy_each_forwarded_address_counts_alone);
/// F2 behind a reverse proxy: from an address given as a trusted proxy,
/// `X-Forwarded-For` names the client, so two people behind one proxy each
/// get their own place; from any other address the header is ignored.
async fn f2_behind_a_trusted_proxy_each_forwarded_address_counts_alone() {
    let proxied = |c: &mut lodestone_server::Config| {
        c.limits.per_address = 1;
        c.limits.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    };
    let server = TestServer::start_with(proxied).await;
    let (_ann, answer) = raw_upgrade(server.addr(), "X-Forwarded-For: 203.0.113.7\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
    let (_bo, answer) = raw_upgrade(server.addr(), "X-Forwarded-For: 203.0.113.8\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
    // A second connection of the first person is over its limit.
    let (_, answer) = raw_upgrade(server.addr(), "X-Forwarded-For: 203.0.113.7\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.contains("\"too-many-connections\""), "{answer}");
    assert!(
        answer.contains(r#""limit":"per-address""#) && answer.contains("retry-after: 10"),
        "{answer}"
    );

    // Not trusted: the header is the client's word only, and the address
    // of the socket counts.
    let server = TestServer::start_with(|c| c.limits.per_address = 1).await;
    let (_ann, answer) = raw_upgrade(server.addr(), "X-Forwarded-For: 203.0.113.7\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
    let (_, answer) = raw_upgrade(server.addr(), "X-Forwarded-For: 203.0.113.8\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
}

each_backend!(f2_new_connections_per_address_are_rate_limited);
/// F2: new connections per address per minute are capped.
async fn f2_new_connections_per_address_are_rate_limited() {
    let server = TestServer::start_with(|c| c.limits.connect_rate = 3).await;
    let mut refused = 0;
    for _ in 0..6 {
        let (_, answer) = raw_upgrade(server.addr(), "").await;
        if answer.starts_with("HTTP/1.1 429") {
            // The body names the limit and when to retry, as the header
            // does: a minute's 3 connections free one every 20 s.
            assert!(answer.contains("\"rate-limited\""), "{answer}");
            assert!(
                answer.contains(r#""limit":"connect-rate","retry_after":20}"#),
                "{answer}"
            );
            assert!(answer.contains("retry-after: 20\r\n"), "{answer}");
            refused += 1;
        }
    }
    assert!(refused >= 3, "only {refused} of 6 were refused");
}

each_backend!(f2_requests_per_address_are_rate_limited);
/// F2: API requests and WebSocket upgrades per address are capped; the
/// page's own files are not counted.
async fn f2_requests_per_address_are_rate_limited() {
    let server = TestServer::start_with(|c| c.limits.request_rate = 3).await;
    let addr = server.addr();
    for _ in 0..3 {
        assert_eq!(http_get(addr, "/api/games", None).await.0, 200);
    }
    let (status, headers, body) = http_get_full(addr, "/api/rooms", None).await;
    assert_eq!(status, 429, "{body}");
    // The body names the limit and the seconds to wait, as `Retry-After`
    // does (3 a minute: one more every 20 s).
    let refusal: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(refusal["code"], "rate-limited", "{body}");
    assert_eq!(refusal["limit"], "request-rate", "{body}");
    assert_eq!(refusal["retry_after"], 20, "{body}");
    assert!(headers.contains(&"retry-after: 20".to_string()), "{headers:?}");
    let (_, answer) = raw_upgrade(addr, "").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    for path in ["/", "/src/app.js", "/healthz", "/metrics"] {
        assert_eq!(http_get(addr, path, None).await.0, 200, "{path}");
    }
}

each_backend!(f2_a_websocket_that_answers_no_ping_is_closed);
/// F2: a WebSocket that answers no ping is closed with a `bye` after the
/// idle timeout; one that answers stays.
async fn f2_a_websocket_that_answers_no_ping_is_closed() {
    let server = TestServer::start_with(|c| c.limits.idle_timeout = Duration::from_secs(2)).await;
    let (mut raw, head) = raw_upgrade(server.addr(), "").await;
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    let frames = frames_until_closed(&mut raw).await;
    let opcodes: Vec<u8> = frames.iter().map(|f| f.0).collect();
    assert_eq!(opcodes, [0x9, 0x1, 0x8], "a ping, the bye, the close");
    let bye: ServerMessage = serde_json::from_slice(&frames[1].1).unwrap();
    assert!(matches!(bye, ServerMessage::Bye { .. }), "{bye:?}");
    assert_eq!(u16::from_be_bytes([frames[2].1[0], frames[2].1[1]]), 1008);

    // A client that keeps reading (and so answers pings, as browsers and
    // WebSocket libraries do) is kept across idle periods.
    let mut c = server.guest("Ann").await;
    let quiet = tokio::time::timeout(Duration::from_secs(5), c.recv()).await;
    assert!(quiet.is_err(), "nothing arrives and nothing closes: {quiet:?}");
    match c.request(json!({"type": "ping"})).await {
        ServerMessage::Pong { .. } => {}
        other => panic!("{other:?}"),
    }
}

each_backend!(f3_room_and_guest_quotas_hold);
/// F3: open rooms per guest and per address, and new guests per address,
/// are capped; a started game frees its opener's place.
async fn f3_room_and_guest_quotas_hold() {
    let server = TestServer::start_with(|c| {
        c.limits.rooms_per_guest = 2;
        c.limits.rooms_per_address = 3;
        c.limits.guests_per_hour = 2;
    })
    .await;
    let mut ann = server.client().await;
    let ann_token = ann.hello("Ann").await;
    let (room, _) = ann.create_room("magneton", json!({}), true).await;
    ann.create_room("magneton", json!({}), false).await;
    let m = too_many_rooms(&mut ann).await;
    assert!(m.contains("you have 2 open rooms"), "{m}");
    let mut bo = server.guest("Bo").await;
    bo.create_room("magma", json!({}), true).await;
    let m = too_many_rooms(&mut bo).await;
    assert!(m.contains("this address has 3 open rooms"), "{m}");
    // A third new guest from the address is refused; coming back with a
    // token is not.
    let mut cy = server.client().await;
    let m = cy
        .refused(
            json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Cy"}),
            "too-many-guests",
        )
        .await;
    assert!(m.contains("token"), "{m}");
    cy.resume(&ann_token).await;
    // Once Ann's public game starts, it no longer counts.
    ann.join(&room, json!(0)).await;
    bo.join(&room, json!(1)).await;
    ann.ok(json!({"type": "start", "room": room})).await;
    bo.create_room("magneton", json!({}), true).await;
    let text = refusals_until(server.addr(), "guests_per_hour", 1).await;
    assert_eq!(metric(&text, &refusals("rooms_per_guest")), 1.0);
    assert_eq!(metric(&text, &refusals("rooms_per_address")), 1.0);
    assert_eq!(metric(&text, "lodestone_rooms{state=\"playing\"}"), 1.0);
}

each_backend!(f3_room_lists_are_bounded_and_counted);
/// F3: room lists hold one page and say how many rooms there are.
async fn f3_room_lists_are_bounded_and_counted() {
    let server = TestServer::start_with(|c| c.limits.lobby_page = 2).await;
    let mut c = server.guest("Ann").await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(c.create_room("magneton", json!({}), true).await.0);
    }
    ids.sort();
    match c.ok(json!({"type": "list_rooms"})).await {
        ServerMessage::Rooms { rooms, total, .. } => {
            let listed: Vec<String> = rooms.into_iter().map(|r| r.id).collect();
            assert_eq!((listed, total), (ids[..2].to_vec(), 3));
        }
        other => panic!("{other:?}"),
    }
    let (status, headers, body) = http_get_full(server.addr(), "/api/rooms", None).await;
    assert_eq!(status, 200);
    assert!(headers.contains(&"x-total-count: 3".to_string()), "{headers:?}");
    let listed: Vec<serde_json::Value> = serde_json::from_str(&body).unwrap();
    assert_eq!(listed.len(), 2);
}

each_backend!(f4_a_client_that_does_not_read_is_closed);
/// F4: a client that never reads is closed within the write timeout, not
/// kept with its unread messages.
async fn f4_a_client_that_does_not_read_is_closed() {
    let server = TestServer::start_with(|c| c.limits.write_timeout = Duration::from_millis(500)).await;
    let mut host = server.guest("Ann").await;
    for _ in 0..100 {
        host.create_room("magneton", json!({}), true).await;
    }
    // A socket with a small receive buffer, upgraded by hand.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(server.addr()).await.unwrap();
    let (mut reader, _) = tokio_tungstenite::client_async(format!("ws://{}/ws", server.addr()), stream)
        .await
        .expect("upgrade");
    use futures_util::SinkExt;
    let hello = json!({"type": "hello", "id": 0, "protocol": PROTOCOL_VERSION, "name": "Slow"});
    reader
        .send(tokio_tungstenite::tungstenite::Message::text(hello.to_string()))
        .await
        .unwrap();
    // Each reply lists 100 rooms (about 15 KB); the client reads none.
    for i in 1..=400 {
        let list = json!({"type": "list_rooms", "id": i}).to_string();
        let sent = tokio::time::timeout(
            PATIENCE,
            reader.send(tokio_tungstenite::tungstenite::Message::text(list)),
        )
        .await;
        if !matches!(sent, Ok(Ok(()))) {
            break;
        }
    }
    // Only the host is left, while the slow client still has not read.
    let text = metrics_until(server.addr(), "lodestone_ws_connections 1").await;
    let closed = metric(&text, &refusals("write_timeout")) + metric(&text, &refusals("slow_client"));
    assert_eq!(closed, 1.0, "{text}");
    match host.request(json!({"type": "ping"})).await {
        ServerMessage::Pong { .. } => {}
        other => panic!("{other:?}"),
    }
}

each_backend!(f5_the_rate_limit_counts_malformed_frames);
/// F5: malformed frames count against the message rate like any other.
async fn f5_the_rate_limit_counts_malformed_frames() {
    let server = TestServer::start_with(|c| c.rate_limit = 5).await;
    let mut c = server.client().await;
    let junk = format!("{{not json {}", "x".repeat(8 * 1024));
    for _ in 0..30 {
        c.send_text(&junk).await;
    }
    let mut limited = 0;
    for _ in 0..30 {
        match c.recv().await.expect("the connection stays") {
            ServerMessage::Error { code, detail, .. } if code == "rate-limited" => {
                // The refusal carries the limit as its detail.
                let rate = lodestone_protocol::Detail::MessageRate { count: 5 };
                assert_eq!(detail.as_deref(), Some(&rate));
                limited += 1
            }
            ServerMessage::Error { code, .. } => assert_eq!(code, "bad-json"),
            other => panic!("{other:?}"),
        }
    }
    assert!(limited >= 15, "only {limited} of 30 were limited");
    // A short limited message still gets its id back.
    let mut echoed = false;
    for i in 100..140u64 {
        c.send_text(&json!({"type": "ping", "id": i}).to_string()).await;
    }
    for _ in 100..140 {
        if let Some(ServerMessage::Error {
            id: Some(_), code, ..
        }) = c.recv().await
        {
            echoed |= code == "rate-limited";
        }
    }
    assert!(echoed, "no rate-limited reply carried its id");
}

each_backend!(f6_origins_are_checked_and_pages_carry_safety_headers);
/// F6: a page of another origin may not open a WebSocket; the server's
/// own pages and listed origins may; pages carry CSP and framing headers.
async fn f6_origins_are_checked_and_pages_carry_safety_headers() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (_, answer) = raw_upgrade(addr, "Origin: https://evil.example\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(answer.contains("\"origin-not-allowed\""), "{answer}");
    let (_, answer) = raw_upgrade(addr, &format!("Origin: http://{addr}\r\n")).await;
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");

    let listed =
        TestServer::start_with(|c| c.limits.allowed_origins = vec!["https://games.example".into()]).await;
    let (_, answer) = raw_upgrade(listed.addr(), "Origin: https://games.example\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
    let (_, answer) = raw_upgrade(listed.addr(), "Origin: https://evil.example\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");

    for path in ["/", "/src/app.js", "/api/games"] {
        let (status, headers, _) = http_get_with(addr, path, &[]).await;
        assert_eq!(status, 200, "{path}");
        let csp = headers
            .iter()
            .find_map(|h| h.strip_prefix("content-security-policy: "))
            .unwrap_or_else(|| panic!("{path}: no CSP in {headers:?}"));
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("default-src 'self'"), "{csp}");
        for h in ["x-frame-options: DENY", "referrer-policy: no-referrer"] {
            assert!(headers.iter().any(|l| l == h), "{path}: no {h} in {headers:?}");
        }
        assert!(csp.contains("connect-src 'self';"), "{csp}");
    }

    // Other nodes with hostnames of their own (`--node-origin`): the page
    // may open WebSockets to them too, to follow `moved`, and to no other.
    let noded = TestServer::start_with(|c| {
        c.node_origins = vec![
            "wss://n2.games.example".into(),
            "wss://n3.games.example:8443".into(),
        ]
    })
    .await;
    let (_, headers, _) = http_get_with(noded.addr(), "/", &[]).await;
    let csp = headers
        .iter()
        .find_map(|h| h.strip_prefix("content-security-policy: "))
        .expect("a CSP");
    assert!(
        csp.contains("connect-src 'self' wss://n2.games.example wss://n3.games.example:8443;"),
        "{csp}"
    );
    assert!(csp.contains("script-src 'self';"), "{csp}");
}

/// `--node-origin` takes an origin only: anything that could widen the
/// pages' Content-Security-Policy beyond one WebSocket origin is refused.
#[test]
fn a_node_origin_is_an_origin_and_nothing_more() {
    const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");
    let dir = lodestone_tests::temp_dir();
    for bad in [
        "https://n2.example",
        "wss://n2.example/ws; script-src *",
        "wss://",
        "n2.example",
    ] {
        let exited = lodestone_tests::run_to_exit(
            SERVER,
            &[
                "--bind",
                "127.0.0.1:0",
                "--database",
                "sqlite::memory:",
                "--node-origin",
                bad,
            ],
            &dir,
        );
        assert!(!exited.status.success(), "{bad}: the server started");
        assert!(
            exited.stderr.contains("is not a WebSocket origin"),
            "{bad}: {}",
            exited.stderr
        );
        assert!(!exited.stderr.contains("panicked"), "{}", exited.stderr);
    }
}

each_backend!(f8_invalid_utf8_closes_with_1007);
/// F8: a text frame that is not UTF-8 is closed with 1007.
async fn f8_invalid_utf8_closes_with_1007() {
    let server = TestServer::start().await;
    let (mut raw, head) = raw_upgrade(server.addr(), "").await;
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    raw.write_all(&client_frame(0x1, &[b'{', 0xff, 0xfe, b'}']))
        .await
        .unwrap();
    let frames = frames_until_closed(&mut raw).await;
    let close = frames.iter().find(|f| f.0 == 0x8).expect("a close frame");
    assert_eq!(u16::from_be_bytes([close.1[0], close.1[1]]), 1007);
    let text = refusals_until(server.addr(), "bad_utf8", 1).await;
    assert!(text.contains("lodestone_ws_connections 0"), "{text}");
}

each_backend!(f9_a_token_in_the_address_is_refused);
/// F9: a record is never fetched with the token in the address.
async fn f9_a_token_in_the_address_is_refused() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let token = c.hello("Ann").await;
    let (room, _) = c.create_room("magneton", json!({}), true).await;
    let (status, body) = http_get(
        server.addr(),
        &format!("/api/rooms/{room}/record?token={token}"),
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("\"token-in-url\""), "{body}");
    let (status, _) = http_get(server.addr(), &format!("/api/rooms/{room}/record"), Some(&token)).await;
    assert_eq!(status, 200);
}

each_backend!(f10_metrics_health_and_readiness);
/// F10: a host can watch the server: metrics in Prometheus text, health
/// and readiness.
async fn f10_metrics_health_and_readiness() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = crate::games::started_room(&server, "magneton", json!({})).await;
    crate::games::play(&mut clients, &room, &["D4", "E5"]).await;
    let (status, headers, text) = http_get_full(server.addr(), "/metrics", None).await;
    assert_eq!(status, 200);
    assert!(
        headers.iter().any(|h| h.starts_with("content-type: text/plain")),
        "{headers:?}"
    );
    assert_eq!(metric(&text, "lodestone_ws_connections"), 2.0);
    assert_eq!(metric(&text, "lodestone_moves_total"), 2.0);
    assert_eq!(metric(&text, "lodestone_rooms{state=\"playing\"}"), 1.0);
    assert_eq!(metric(&text, "lodestone_bots"), 0.0);
    // Guests, the room, the seats, the start and two moves were stored.
    assert!(metric(&text, "lodestone_commit_seconds_count") >= 6.0, "{text}");
    for name in [
        "lodestone_tcp_connections",
        "lodestone_store_queue",
        &refusals("per_address"),
    ] {
        metric(&text, name);
    }
    assert_eq!(
        http_get(server.addr(), "/healthz", None).await,
        (200, "ok\n".into())
    );
    assert_eq!(
        http_get(server.addr(), "/readyz", None).await,
        (200, "ready\n".into())
    );
}

/// F10: `/healthz` and `/readyz` fail while storage cannot commit (here:
/// another connection holds the SQLite file's write lock, so the storage
/// writer is stuck on a new guest), and recover when it can again.
#[tokio::test]
async fn f10_health_fails_while_storage_cannot_commit() {
    use sqlx::Connection;
    let server = TestServer::start().await;
    let addr = server.addr();
    assert_eq!(http_get(addr, "/healthz", None).await, (200, "ok\n".into()));
    let mut lock = sqlx::SqliteConnection::connect(&lodestone_tests::database_url(&server.dir))
        .await
        .expect("a second connection to the database");
    sqlx::raw_sql("BEGIN EXCLUSIVE")
        .execute(&mut lock)
        .await
        .expect("the write lock");
    // Writes keep arriving (each waits for the lock, then fails).
    let mut client = server.client().await;
    let writes = tokio::spawn(async move {
        loop {
            client
                .request(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Ann"}))
                .await;
        }
    });
    for (path, failed) in [("/healthz", "storage: "), ("/readyz", "not ready: storage: ")] {
        let body = eventually!(format!("{path} to fail"), {
            let (status, body) = http_get(addr, path, None).await;
            (status == 503).then_some(body)
        });
        assert!(body.starts_with(failed), "{body}");
    }
    writes.abort();
    sqlx::raw_sql("ROLLBACK").execute(&mut lock).await.unwrap();
    lock.close().await.unwrap();
    eventually!("storage back (/healthz answering 200)", {
        http_get(addr, "/healthz", None).await.0 == 200
    });
}
