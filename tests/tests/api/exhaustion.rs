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

use crate::limits::{metric, metrics_until};

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
    ws.send(Message::Frame(fragment)).await.expect("the fragment is sent");
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
    metrics_until(
        server.addr(),
        "lodestone_refusals_total{reason=\"message_timeout\"} 1",
    )
    .await;
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
    let text = metrics_until(
        server.addr(),
        "lodestone_refusals_total{reason=\"input_budget\"} 4",
    )
    .await;
    assert_eq!(
        metric(&text, "lodestone_refusals_total{reason=\"message_timeout\"}"),
        2.0
    );
}
