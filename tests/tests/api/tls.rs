//! HTTPS by itself (issue 31): a certificate over ACME from Debian's
//! pebble (started here, HTTP-01 answered on the server's port-80
//! stand-in), HSTS, `/metrics` kept off the public port, redirects, a
//! `wss://` game connection, the certificate kept for a restart; and the
//! host's own certificate files, reloaded on SIGHUP.

use std::process::Command;

use futures_util::{SinkExt, StreamExt};
use lodestone_protocol::PROTOCOL_VERSION;
use lodestone_tests::tls::{HttpsServer, Pebble, client_config, free_port, https_get};
use lodestone_tests::{database_url, each_backend, http_get_full, temp_dir};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// The server with HTTPS for `localhost` from `pebble`, its port 80 on
/// `plain_port`.
fn https_server(dir: &std::path::Path, pebble: &Pebble, plain_port: u16, database: &str) -> HttpsServer {
    let mut command = Command::new(SERVER);
    command
        .args(["--bind", "127.0.0.1:0", "--database", database])
        .args(["--tls-domain", "localhost", "--tls-contact", "host@example.org"])
        .args(["--acme-directory", &pebble.directory, "--acme-ca"])
        .arg(&pebble.ca)
        .args(["--https-bind", "127.0.0.1:0", "--http-bind"])
        .arg(format!("127.0.0.1:{plain_port}"))
        .arg("--state-dir")
        .arg(dir)
        .current_dir(dir)
        .env("RUST_LOG", "warn");
    HttpsServer::start(command)
}

/// A page's WebSocket over `wss://`, as the browser client opens it from a
/// page served there: `hello` is answered.
async fn wss_hello(server: &HttpsServer, root: &CertificateDer<'static>) {
    let url = format!("wss://localhost:{}/ws", server.https.port());
    let mut request = url.into_client_request().unwrap();
    let origin = format!("https://localhost:{}", server.https.port());
    request.headers_mut().insert("origin", origin.parse().unwrap());
    let tcp = tokio::net::TcpStream::connect(server.https).await.unwrap();
    let connector = tokio_tungstenite::Connector::Rustls(client_config(std::slice::from_ref(root)));
    let (mut ws, _) = tokio_tungstenite::client_async_tls_with_config(request, tcp, None, Some(connector))
        .await
        .expect("wss:// connects");
    let hello = serde_json::json!({"type": "hello", "id": 1, "protocol": PROTOCOL_VERSION, "name": "Ann"});
    ws.send(Message::Text(hello.to_string().into())).await.unwrap();
    let reply = tokio::time::timeout(lodestone_tests::PATIENCE, ws.next())
        .await
        .unwrap();
    let Some(Ok(Message::Text(text))) = reply else {
        panic!("{reply:?}")
    };
    assert!(text.contains("\"welcome\""), "{text}");
}

each_backend!(a_certificate_over_acme_serves_https_and_wss);
async fn a_certificate_over_acme_serves_https_and_wss() {
    let dir = temp_dir();
    let plain_port = free_port();
    let pebble = Pebble::start(&dir, plain_port);
    let database = database_url(&dir);
    let server = https_server(&dir, &pebble, plain_port, &database);
    let root = pebble.root().await;
    let leaf = server.certified(&root).await;
    let roots = [root.clone()];
    let (status, headers, _, _) = https_get(server.https, "localhost", "/healthz", &roots)
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert!(
        headers
            .iter()
            .any(|h| h.starts_with("strict-transport-security: max-age=")),
        "{headers:?}"
    );
    let (page, _, body, _) = https_get(server.https, "localhost", "/", &roots).await.unwrap();
    assert_eq!(page, 200);
    assert!(body.contains("<html"), "the browser client is served over HTTPS");
    // /metrics is for the host (plain --bind), not the world.
    let (hidden, _, _, _) = https_get(server.https, "localhost", "/metrics", &roots)
        .await
        .unwrap();
    assert_eq!(hidden, 404);
    assert_eq!(http_get_full(server.app, "/metrics", None).await.0, 200);
    // Port 80 sends people to HTTPS.
    let (status, headers, _) = http_get_full(server.plain, "/room?x=1", None).await;
    assert_eq!(status, 308);
    let location = format!("location: https://127.0.0.1:{}/room?x=1", server.https.port());
    assert!(headers.contains(&location), "{headers:?}");
    wss_hello(&server, &root).await;
    // A copy for the host, the key readable by the server alone.
    let key = std::fs::metadata(dir.join("tls/private-key.pem")).unwrap();
    assert_eq!(
        std::os::unix::fs::PermissionsExt::mode(&key.permissions()) & 0o777,
        0o600
    );
    assert!(dir.join("tls/certificate.pem").exists());
    // After a restart the stored certificate is shown at once: no order.
    drop(server);
    drop(pebble);
    let server = https_server(
        &dir,
        &Pebble::start(&temp_dir(), free_port()),
        free_port(),
        &database,
    );
    assert_eq!(server.certified(&root).await, leaf);
}

/// A certificate of the host's own: served, and replaced on SIGHUP.
#[tokio::test]
async fn the_hosts_own_certificate_is_reloaded_on_sighup() {
    let dir = temp_dir();
    let issue = |serial: u64| {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(vec!["localhost".to_string()]).unwrap();
        params.serial_number = Some(rcgen::SerialNumber::from(serial));
        let cert = params.self_signed(&key).unwrap();
        std::fs::write(dir.join("cert.pem"), cert.pem()).unwrap();
        std::fs::write(dir.join("key.pem"), key.serialize_pem()).unwrap();
        CertificateDer::from_pem_slice(cert.pem().as_bytes()).unwrap()
    };
    let first = issue(1);
    let mut command = Command::new(SERVER);
    command
        .args(["--bind", "127.0.0.1:0", "--database", &database_url(&dir)])
        .arg("--tls-cert")
        .arg(dir.join("cert.pem"))
        .arg("--tls-key")
        .arg(dir.join("key.pem"))
        .args(["--https-bind", "127.0.0.1:0", "--http-bind", "127.0.0.1:0"])
        .current_dir(&dir)
        // The broken file below is logged as an error: expected here.
        .env("RUST_LOG", "off");
    let server = HttpsServer::start(command);
    assert_eq!(server.certified(&first).await, first);
    let second = issue(2);
    let hup = Command::new("kill")
        .args(["-HUP", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(hup.success());
    // New handshakes get the new certificate (a file check would too,
    // within seconds; SIGHUP is at once).
    assert_eq!(server.certified(&second).await, second);
    // A broken file leaves the one in use.
    std::fs::write(dir.join("key.pem"), "not a key").unwrap();
    let hup = Command::new("kill")
        .args(["-HUP", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(hup.success());
    let (status, _, _, leaf) = https_get(
        server.https,
        "localhost",
        "/healthz",
        std::slice::from_ref(&second),
    )
    .await
    .unwrap();
    assert_eq!((status, leaf), (200, second));
}
