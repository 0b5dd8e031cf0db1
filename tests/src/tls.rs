//! HTTPS in the tests: Debian's `pebble` (the ACME test server) started
//! by the test itself with a CA of the test's own for its HTTPS, a server
//! process with HTTPS (its three listening lines read), and a client that
//! trusts only pebble's root: HTTPS requests and `wss://` WebSockets.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::{OwnedChild, PATIENCE, Polling, eventually};

/// A port nobody listens on now (bound and let go).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A pebble process; killed when dropped.
#[derive(Debug)]
pub struct Pebble {
    _child: OwnedChild,
    /// The ACME directory URL.
    pub directory: String,
    /// The root of the test's CA, which signed pebble's own HTTPS
    /// certificate (`--acme-ca`).
    pub ca: PathBuf,
    management: u16,
}

impl Pebble {
    /// Starts pebble in `dir`, validating HTTP-01 challenges on
    /// `http_port` of the names it is asked for.
    pub fn start(dir: &Path, http_port: u16) -> Pebble {
        let ca_key = rcgen::KeyPair::generate().unwrap();
        let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        ca_params
            .distinguished_name
            .push(rcgen::DnType::CommonName, "lodestone test CA");
        let ca_cert = ca_params.self_signed(&ca_key).unwrap();
        let issuer = rcgen::Issuer::new(ca_params, ca_key);
        let key = rcgen::KeyPair::generate().unwrap();
        let params =
            rcgen::CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
        let cert = params.signed_by(&key, &issuer).unwrap();
        let ca = dir.join("pebble-ca.pem");
        std::fs::write(&ca, ca_cert.pem()).unwrap();
        std::fs::write(dir.join("pebble-cert.pem"), cert.pem()).unwrap();
        std::fs::write(dir.join("pebble-key.pem"), key.serialize_pem()).unwrap();
        let (listen, management) = (free_port(), free_port());
        let config = serde_json::json!({"pebble": {
            "listenAddress": format!("127.0.0.1:{listen}"),
            "managementListenAddress": format!("127.0.0.1:{management}"),
            "certificate": dir.join("pebble-cert.pem"),
            "privateKey": dir.join("pebble-key.pem"),
            "httpPort": http_port,
            "tlsPort": free_port(),
            "ocspResponderURL": "",
            "externalAccountBindingRequired": false
        }});
        std::fs::write(dir.join("pebble.json"), config.to_string()).unwrap();
        let child = Command::new("pebble")
            .arg("-config")
            .arg(dir.join("pebble.json"))
            .env("PEBBLE_VA_NOSLEEP", "1")
            .env("PEBBLE_WFE_NONCEREJECT", "0")
            .stdout(std::fs::File::create(dir.join("pebble.log")).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("pebble (Debian's ACME test server) is needed: {e}; scripts/test.sh installs it")
            });
        Polling::default().blocking("pebble to listen", || {
            std::net::TcpStream::connect(("127.0.0.1", listen)).is_ok()
        });
        Pebble {
            _child: OwnedChild(child),
            directory: format!("https://127.0.0.1:{listen}/dir"),
            ca,
            management,
        }
    }

    /// The root that signs the certificates pebble issues.
    pub async fn root(&self) -> CertificateDer<'static> {
        let addr: SocketAddr = ([127, 0, 0, 1], self.management).into();
        let trust = CertificateDer::from_pem_file(&self.ca).unwrap();
        let (status, _, body, _) = https_get(addr, "localhost", "/roots/0", &[trust]).await.unwrap();
        assert_eq!(status, 200, "{body}");
        CertificateDer::from_pem_slice(body.as_bytes()).unwrap()
    }
}

/// A server process with HTTPS, and the addresses of its three listeners.
#[derive(Debug)]
pub struct HttpsServer {
    pub child: OwnedChild,
    /// The app over plain HTTP (`--bind`).
    pub app: SocketAddr,
    pub https: SocketAddr,
    /// Port 80's stand-in: challenges and redirects.
    pub plain: SocketAddr,
}

impl HttpsServer {
    /// Runs `command` (a server with HTTPS on) and reads its three
    /// `listening on` lines.
    pub fn start(mut command: Command) -> HttpsServer {
        let mut child = command.stdout(Stdio::piped()).spawn().expect("the server starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut next = |scheme: &str| -> SocketAddr {
            let line = lines.next().expect("a line").expect("a line");
            line.strip_prefix(&format!("listening on {scheme}://"))
                .unwrap_or_else(|| panic!("unexpected line {line:?}"))
                .parse()
                .unwrap()
        };
        let (app, https, plain) = (next("http"), next("https"), next("http"));
        HttpsServer {
            child: OwnedChild(child),
            app,
            https,
            plain,
        }
    }

    /// Waits until HTTPS answers with a certificate `root` vouches for
    /// (the first order can take a few seconds); returns the leaf.
    pub async fn certified(&self, root: &CertificateDer<'static>) -> CertificateDer<'static> {
        eventually!(
            Polling::within(Duration::from_secs(90)).every(Duration::from_millis(200)),
            "a certificate the root vouches for",
            {
                match https_get(self.https, "localhost", "/healthz", std::slice::from_ref(root)).await {
                    Ok((200, _, _, leaf)) => Some(leaf),
                    _ => None,
                }
            }
        )
    }
}

/// A TLS client trusting only `roots`.
pub fn client_config(roots: &[CertificateDer<'static>]) -> Arc<rustls::ClientConfig> {
    let mut store = rustls::RootCertStore::empty();
    for root in roots {
        store.add(root.clone()).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(store)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Arc::new(config)
}

/// `GET path` over HTTPS to `addr` as `host`, trusting only `roots`:
/// the status, the header lines (names in lower case), the body and the
/// leaf certificate the server showed; an error if the handshake fails.
pub async fn https_get(
    addr: SocketAddr,
    host: &str,
    path: &str,
    roots: &[CertificateDer<'static>],
) -> Result<(u16, Vec<String>, String, CertificateDer<'static>), String> {
    let connector = tokio_rustls::TlsConnector::from(client_config(roots));
    let tcp = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let name = ServerName::try_from(host.to_string()).map_err(|e| e.to_string())?;
    let mut tls = tokio::time::timeout(PATIENCE, connector.connect(name, tcp))
        .await
        .map_err(|_| "the handshake took too long".to_string())?
        .map_err(|e| e.to_string())?;
    let leaf = tls
        .get_ref()
        .1
        .peer_certificates()
        .and_then(|c| c.first())
        .cloned()
        .unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {host}:{}\r\nConnection: close\r\n\r\n",
        addr.port()
    );
    tls.write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(PATIENCE, tls.read_to_end(&mut answer)).await;
    let text = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {text:?}"))?;
    let headers = lines.map(|l| l.to_ascii_lowercase()).collect();
    Ok((status, headers, body.to_string(), leaf))
}
