//! Cheap ways to exhaust a server, tried through real sockets against a
//! server with the default limits (issue 26): unfinished WebSocket
//! messages (B).

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use lodestone_server::Limits;
use lodestone_tests::{PATIENCE, TestServer};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

use crate::limits::{metric, metrics_until, refusals, refusals_until};

/// A server with every default limit (the harness lifts them otherwise).
async fn defaults() -> TestServer {
    TestServer::start_with(|c| c.limits = Limits::default()).await
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket that has sent the first `bytes` of a text message (a
/// fragment that is not the last) and nothing more.
async fn unfinished(addr: std::net::SocketAddr, bytes: usize) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("WebSocket connects");
    let fragment = Frame::message(vec![b' '; bytes], OpCode::Data(Data::Text), false);
    ws.send(Message::Frame(fragment))
        .await
        .expect("the fragment is sent");
    ws
}

/// Reads until the server closes the connection (answering its pings, as
/// the attack does); how long that took.
async fn until_closed(ws: &mut Ws) -> Duration {
    let started = Instant::now();
    loop {
        match tokio::time::timeout(PATIENCE, ws.next()).await {
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => return started.elapsed(),
            Ok(Some(Ok(_))) => {}
            Err(_) => panic!("the connection was still open after {PATIENCE:?}"),
        }
    }
}

#[tokio::test]
/// A client that begins a message and never finishes it (answering pings,
/// so never idle) is closed once the message timeout (5 s) has passed,
/// and the refusal is counted.
async fn b_a_message_begun_and_never_finished_is_closed_in_time() {
    let server = defaults().await;
    let mut ws = unfinished(server.addr(), 100_000).await;
    until_closed(&mut ws).await;
    refusals_until(server.addr(), "message_timeout", 1).await;
}

#[tokio::test]
/// Six connections from one address each send the first megabyte of a
/// message: the address's input budget (2 MiB) holds two of them, the
/// others are closed as their bytes arrive (`input_budget`); the two are
/// closed at the message timeout.
async fn b_unfinished_messages_of_one_address_are_bounded_in_memory() {
    let server = defaults().await;
    let mut conns = Vec::new();
    for _ in 0..6 {
        conns.push(unfinished(server.addr(), 1_000_000).await);
    }
    for ws in &mut conns {
        until_closed(ws).await;
    }
    let text = refusals_until(server.addr(), "input_budget", 4).await;
    assert_eq!(metric(&text, &refusals("message_timeout")), 2.0);
}

/// A WebSocket of a client at `forwarded` behind the proxy the server
/// trusts (the test, on loopback).
async fn behind_proxy(addr: std::net::SocketAddr, forwarded: &str) -> Ws {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("WebSocket connects");
    ws
}

/// Sends `message` and returns the first reply (the server answers in
/// order).
async fn ask(ws: &mut Ws, message: serde_json::Value) -> serde_json::Value {
    ws.send(Message::text(message.to_string())).await.expect("sent");
    loop {
        match tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("an answer in time")
        {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
            Some(Ok(_)) => {}
            other => panic!("the connection ended: {other:?}"),
        }
    }
}

fn hello(name: &str) -> serde_json::Value {
    serde_json::json!({"type": "hello", "id": 1, "protocol": lodestone_protocol::PROTOCOL_VERSION, "name": name})
}

#[tokio::test]
/// Thirty-one clients of one IPv6 /64 (each a different address, as a
/// proxy the server trusts reports them) count as one address: the
/// thirty-first new guest of the hour is refused, as from one address.
async fn c_one_ipv6_network_counts_as_one_address() {
    let server = TestServer::start_with(|c| {
        c.limits = Limits {
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            ..Limits::default()
        }
    })
    .await;
    for i in 1..=31 {
        let mut ws = behind_proxy(server.addr(), &format!("2001:db8:7:7::{i:x}")).await;
        let reply = ask(&mut ws, hello(&format!("Guest {i}"))).await;
        if i <= 30 {
            assert_eq!(reply["type"], "welcome", "guest {i}: {reply}");
        } else {
            assert_eq!(reply["code"], "too-many-guests", "guest {i}: {reply}");
        }
    }
    // Another network is another address.
    let mut ws = behind_proxy(server.addr(), "2001:db8:7:8::1").await;
    assert_eq!(ask(&mut ws, hello("Elsewhere")).await["type"], "welcome");
}

#[tokio::test]
/// A server of 20 connections (10% kept for known clients) is flooded by
/// strangers from many addresses (the per-address limits lifted to stand
/// for them): they fill their 18 places, and those that come on are on
/// probation, each pushing the oldest one out. `/readyz` still says ready,
/// and a known player (her token from before) gets in, shows who she is
/// and stays while strangers keep coming.
async fn c_a_flood_of_strangers_leaves_room_for_known_players() {
    let server = TestServer::start_with(|c| {
        c.limits = Limits {
            max_connections: 20,
            per_address: 0,
            connect_rate: 0,
            ..Limits::default()
        }
    })
    .await;
    let addr = server.addr();
    let token = {
        let mut kim = server.client().await;
        let token = kim.hello("Kim").await;
        kim.close().await;
        token
    };
    let mut flood = Vec::new();
    for _ in 0..25 {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("a stranger gets in (on probation at worst)");
        flood.push(ws);
    }
    let (status, body) = lodestone_tests::http_get(addr, "/readyz", None).await;
    assert_eq!(
        (status, body.trim()),
        (200, "ready"),
        "a flood of strangers is not a full server"
    );
    let (mut kim, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("a known player gets in");
    let welcome = ask(
        &mut kim,
        serde_json::json!({"type": "hello", "id": 1, "protocol": lodestone_protocol::PROTOCOL_VERSION, "token": token}),
    )
    .await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    for _ in 0..5 {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("strangers keep coming");
        flood.push(ws);
    }
    let pong = ask(&mut kim, serde_json::json!({"type": "ping", "id": 2})).await;
    assert_eq!(pong["type"], "pong", "Kim was not pushed out: {pong}");
    let text = metrics_until(addr, "lodestone_tcp_connections 20").await;
    assert!(metric(&text, &refusals("probation")) >= 10.0);
}

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// The resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the server's status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmRSS line")
}

/// `logins` failed logins (no such account) from each of the IPv6
/// networks `networks`, all networks at once, each within the limits
/// (twenty a minute from a network, one per name).
async fn failed_logins(addr: std::net::SocketAddr, networks: std::ops::Range<u32>, logins: usize) {
    let attempts = networks.map(|n| async move {
        let mut ws = behind_proxy(addr, &format!("2001:db8:d:{n:x}::1")).await;
        assert_eq!(ask(&mut ws, hello(&format!("Net {n}"))).await["type"], "welcome");
        for i in 0..logins {
            let login = serde_json::json!({"type": "login", "id": 2, "name": format!("nobody-{n}-{i}"), "password": "not the password"});
            let reply = ask(&mut ws, login).await;
            assert_eq!(reply["code"], "bad-login", "{reply}");
        }
    });
    futures_util::future::join_all(attempts).await;
}

#[tokio::test]
/// 240 failed logins, twelve networks at once (each within the login
/// limits), cost an argon2 hash each: the server's resident memory after
/// them is within 10% of what it was after a few (the hashes' working
/// memory is bounded and given back).
async fn d_failed_logins_leave_no_memory_behind() {
    let dir = lodestone_tests::temp_dir();
    let database = format!("sqlite://{}", dir.join("d.db").display());
    let server = lodestone_tests::ServerProcess::start_with(
        SERVER,
        &["--database", &database, "--trusted-proxy", "127.0.0.1"],
        &dir,
    );
    failed_logins(server.addr, 0..4, 2).await;
    let before = rss_kib(server.child.id());
    failed_logins(server.addr, 4..16, 20).await;
    let after = rss_kib(server.child.id());
    eprintln!("resident memory: {before} KiB after 8 failed logins, {after} KiB after 240 more");
    assert!(
        after * 10 <= before * 11,
        "resident memory grew from {before} KiB to {after} KiB"
    );
}
