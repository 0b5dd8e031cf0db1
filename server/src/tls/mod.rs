//! HTTPS by itself (`--tls-domain`, or `--tls-cert`/`--tls-key`): the
//! rustls configuration of the HTTPS listener, the certificate it shows
//! (`certs.rs`) kept by ACME (`acme.rs`) or reloaded from the host's files
//! on SIGHUP or when they change, and the plain-HTTP listener of port 80,
//! which answers ACME's HTTP-01 challenges and sends everything else to
//! HTTPS. Pages over HTTPS carry HSTS.

pub mod acme;
pub mod certs;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use tokio_rustls::TlsAcceptor;
use tokio_util::sync::CancellationToken;

use self::certs::CertSlot;
use crate::config::TlsConfig;
use crate::store::Store;

/// The HSTS header of every answer over HTTPS: browsers use HTTPS for the
/// host for a year.
pub const HSTS: &str = "max-age=31536000";

/// How often the host's certificate files are looked at for a change.
const FILE_CHECK: Duration = Duration::from_secs(5);

/// Where the certificate comes from.
#[derive(Clone, Debug)]
enum Source {
    Files { cert: PathBuf, key: PathBuf },
    Acme(acme::Acme),
}

/// The HTTPS side of a server.
#[derive(Clone)]
pub struct Tls {
    slot: Arc<CertSlot>,
    acceptor: TlsAcceptor,
    source: Source,
    /// The HTTPS port, for the redirects of port 80.
    https_port: u16,
}

impl std::fmt::Debug for Tls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tls")
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

/// A domain name as ACME and SNI take it: lower case, no trailing dot,
/// letters, digits, hyphens and dots only.
pub fn domain(text: &str) -> Result<String, String> {
    let name = text.trim().trim_end_matches('.').to_ascii_lowercase();
    let fits = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
    if name.is_empty()
        || !name.chars().all(fits)
        || name.starts_with(['.', '-'])
        || !name.contains(|c: char| c.is_ascii_alphabetic())
    {
        return Err(format!(
            "{text:?} is not a domain name (such as games.example.org) that a certificate can be issued for"
        ));
    }
    Ok(name)
}

impl Tls {
    /// The HTTPS side `config` asks for (`None`: no HTTPS); the host's
    /// certificate files are read now, so a bad file stops the start.
    /// `holder` names this server in claims; `state_dir` is where the
    /// copies of ACME's certificate go.
    pub fn new(config: &TlsConfig, holder: &str, state_dir: PathBuf) -> Result<Option<Tls>, String> {
        let source = match (&config.cert, &config.key, config.domains.is_empty()) {
            (Some(cert), Some(key), true) => Source::Files {
                cert: cert.clone(),
                key: key.clone(),
            },
            (None, None, false) => {
                let mut domains = config.domains.clone();
                domains.sort();
                domains.dedup();
                Source::Acme(acme::Acme {
                    domains,
                    contact: config.contact.clone(),
                    directory: config.acme_directory.clone(),
                    ca: config.acme_ca.clone(),
                    holder: holder.to_string(),
                    dir: state_dir.join("tls"),
                })
            }
            (None, None, true) => return Ok(None),
            (Some(_), None, _) | (None, Some(_), _) => {
                return Err("--tls-cert and --tls-key go together: give both".into());
            }
            (Some(_), Some(_), false) => {
                return Err(
                    "give either --tls-domain (certificates over ACME) or --tls-cert and --tls-key (your own), not both"
                        .into(),
                );
            }
        };
        let slot = Arc::new(CertSlot::default());
        if let Source::Files { cert, key } = &source {
            slot.set(certs::from_files(cert, key)?);
        }
        let mut server = rustls::ServerConfig::builder_with_provider(certs::provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_cert_resolver(slot.clone());
        // WebSockets and the pages are HTTP/1.1.
        server.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Some(Tls {
            slot,
            acceptor: TlsAcceptor::from(Arc::new(server)),
            source,
            https_port: config.https_bind.port(),
        }))
    }

    pub fn acceptor(&self) -> &TlsAcceptor {
        &self.acceptor
    }

    /// The HTTPS port redirects point at (the one bound, when it was 0).
    pub fn set_https_port(&mut self, port: u16) {
        self.https_port = port;
    }

    /// Keeps the certificate current until `shutdown`: ACME's orders and
    /// renewals, or the host's files reloaded on SIGHUP or a change.
    pub async fn keep(self, store: Store, shutdown: CancellationToken) {
        match self.source {
            Source::Acme(acme) => acme::run(acme, store, self.slot, shutdown).await,
            Source::Files { cert, key } => reload_files(&cert, &key, &self.slot, shutdown).await,
        }
    }

    /// The answer of the port-80 listener: an ACME challenge's answer (from
    /// the database: any node's order), or a redirect to HTTPS.
    pub async fn plain_http(&self, store: &Store, request: Request<hyper::body::Incoming>) -> Response<Body> {
        let path = request.uri().path();
        if let Some(token) = path.strip_prefix("/.well-known/acme-challenge/") {
            return match store.challenge_get(token).await {
                Ok(Some(answer)) => plain(StatusCode::OK, answer),
                Ok(None) => plain(StatusCode::NOT_FOUND, "no such challenge\n".into()),
                Err(_) => plain(StatusCode::SERVICE_UNAVAILABLE, "try again\n".into()),
            };
        }
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map(|h| {
                h.rsplit_once(':').map_or(h, |(name, port)| {
                    if port.chars().all(|c| c.is_ascii_digit()) {
                        name
                    } else {
                        h
                    }
                })
            });
        let Some(host) = host.filter(|h| !h.is_empty()) else {
            return plain(StatusCode::BAD_REQUEST, "a Host header is needed\n".into());
        };
        let port = match self.https_port {
            443 => String::new(),
            port => format!(":{port}"),
        };
        let target = request.uri().path_and_query().map_or("/", |p| p.as_str());
        let location = format!("https://{host}{port}{target}");
        let mut response = plain(StatusCode::PERMANENT_REDIRECT, format!("{location}\n"));
        if let Ok(value) = HeaderValue::from_str(&location) {
            response.headers_mut().insert(header::LOCATION, value);
        }
        response
    }
}

fn plain(status: StatusCode, body: String) -> Response<Body> {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// The files' modification times, to notice a change.
fn stamps(cert: &std::path::Path, key: &std::path::Path) -> (Option<SystemTime>, Option<SystemTime>) {
    let modified = |p: &std::path::Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    (modified(cert), modified(key))
}

/// Reloads the host's certificate on SIGHUP, or when a file changes (a
/// look every few seconds: no file-watching machinery for two files); a
/// file that does not load leaves the certificate in use as it was.
async fn reload_files(
    cert: &std::path::Path,
    key: &std::path::Path,
    slot: &CertSlot,
    shutdown: CancellationToken,
) {
    let mut hangup = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup())
        .map_err(|e| tracing::warn!(error = %e, "cannot catch SIGHUP; certificate files are still watched"))
        .ok();
    let mut last = stamps(cert, key);
    let mut tick = tokio::time::interval(FILE_CHECK);
    loop {
        let hup = async {
            match hangup.as_mut() {
                Some(signal) => signal.recv().await,
                None => std::future::pending().await,
            }
        };
        let why = tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = hup => "SIGHUP",
            _ = tick.tick() => {
                let now = stamps(cert, key);
                if now == last {
                    continue;
                }
                last = now;
                "the files changed"
            }
        };
        match certs::from_files(cert, key) {
            Ok(loaded) => {
                slot.set(loaded);
                tracing::info!(cert = %cert.display(), why, "certificate reloaded");
            }
            Err(e) => tracing::error!(error = %e, why, "certificate not reloaded; the one in use stays"),
        }
    }
}
