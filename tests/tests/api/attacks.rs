//! Attacks through real sockets against a server with the default limits
//! (issue 26): DNS rebinding (E).

use lodestone_server::Limits;
use lodestone_tests::TestServer;
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
