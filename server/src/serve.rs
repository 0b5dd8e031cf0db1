//! The accept loop: each TCP connection is admitted (or refused with an
//! HTTP status and closed) before any request is read, then served by
//! hyper with a deadline for its request head. Written here rather than
//! with `axum::serve`, which takes neither a per-connection admission
//! check nor a header timeout.

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::app::App;
use crate::limits::Ticket;
use crate::metrics::Refusal;
use crate::throttle::Throttle;
use crate::tls::Tls;

/// What a listener's connections get.
#[derive(Clone, Debug)]
pub enum Served {
    /// The app over plain HTTP.
    Plain(Router),
    /// The app over HTTPS: `/metrics` is not served to the world there,
    /// and every answer carries HSTS.
    Https(Router, Arc<Tls>),
    /// Plain HTTP beside HTTPS: ACME's challenges, and redirects.
    Redirect(Arc<Tls>),
}

/// Serves `served` on `listener` until shutdown.
pub async fn serve(listener: TcpListener, served: Served, app: Arc<App>) {
    let shutdown = app.shutdown.clone();
    loop {
        let (stream, peer) = tokio::select! {
            _ = shutdown.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, or a connection reset before
                    // it was accepted: wait a moment rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        // Game messages are small and answered at once: send them without
        // waiting to fill a packet (no Nagle delay).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "could not set TCP_NODELAY");
        }
        match app.admission.admit(peer.ip(), &app.metrics) {
            Ok(ticket) => {
                let io = Admitted {
                    stream,
                    _ticket: ticket,
                };
                app.tasks.spawn(connection(io, peer, served.clone(), app.clone()));
            }
            Err(reason) => {
                app.metrics.refused(reason);
                static REFUSED: Throttle = Throttle::new();
                if let Some(held_back) = REFUSED.pass() {
                    tracing::warn!(%peer, reason = reason.label(), held_back, "connection refused");
                }
                app.tasks
                    .spawn(refuse(stream, reason, app.config.limits.connect_rate));
            }
        }
    }
}

/// Serves one admitted connection as its listener says: plain HTTP, or
/// HTTPS once its TLS handshake is done (within the handshake timeout).
async fn connection(io: Admitted, peer: SocketAddr, served: Served, app: Arc<App>) {
    match served {
        Served::Plain(router) => http(io, peer, app_service(router, peer, false), app).await,
        Served::Https(router, tls) => {
            let limit = app.config.limits.handshake_timeout;
            let handshake = tls.acceptor().accept(io);
            let stream = if limit.is_zero() {
                handshake.await
            } else {
                match tokio::time::timeout(limit, handshake).await {
                    Ok(done) => done,
                    Err(_) => return,
                }
            };
            match stream {
                Ok(stream) => http(stream, peer, app_service(router, peer, true), app).await,
                Err(e) => tracing::debug!(%peer, error = %e, "TLS handshake failed"),
            }
        }
        Served::Redirect(tls) => {
            let store = app.store.clone();
            let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                let (tls, store) = (tls.clone(), store.clone());
                async move { Ok::<_, std::convert::Infallible>(tls.plain_http(&store, request).await) }
            });
            http(io, peer, service, app).await
        }
    }
}

/// The app's routes for a connection from `peer`; over HTTPS (`public`),
/// without `/metrics` (for the host's Prometheus on `--bind`, not the
/// world) and with HSTS on every answer.
fn app_service(
    router: Router,
    peer: SocketAddr,
    public: bool,
) -> impl hyper::service::Service<
    hyper::Request<Incoming>,
    Response = axum::response::Response,
    Error = std::convert::Infallible,
    Future = impl Future<Output = Result<axum::response::Response, std::convert::Infallible>> + Send,
> + Clone {
    hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let mut router = router.clone();
        async move {
            if public && request.uri().path() == "/metrics" {
                let mut hidden = axum::response::Response::new(axum::body::Body::from("not here\n"));
                *hidden.status_mut() = axum::http::StatusCode::NOT_FOUND;
                return Ok(hidden);
            }
            let mut response = tower_service::Service::call(&mut router, request).await?;
            if public {
                response.headers_mut().insert(
                    axum::http::header::STRICT_TRANSPORT_SECURITY,
                    axum::http::HeaderValue::from_static(crate::tls::HSTS),
                );
            }
            Ok(response)
        }
    })
}

/// Serves HTTP/1.1 on `io` until the connection closes (or is handed to a
/// WebSocket), or shutdown closes it once its request is answered.
async fn http<I, S, B>(io: I, peer: SocketAddr, service: S, app: Arc<App>)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    S: hyper::service::HttpService<Incoming, ResBody = B> + Send,
    S::Future: Send + 'static,
    B: hyper::body::Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).max_buf_size(64 * 1024);
    let handshake = app.config.limits.handshake_timeout;
    http.header_read_timeout((!handshake.is_zero()).then_some(handshake));
    let conn = http.serve_connection(TokioIo::new(io), service).with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        result = conn.as_mut() => {
            if let Err(e) = result {
                tracing::debug!(%peer, error = %e, "connection ended");
            }
        }
        _ = app.shutdown.cancelled() => {
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
        }
    }
}

/// Answers a refused connection with a status and a JSON `error`, then
/// closes it (without waiting long for a client that does not read).
async fn refuse(mut stream: TcpStream, reason: Refusal, connect_rate: u32) {
    use lodestone_protocol::{HttpError, codes};
    let (status, body) = match reason {
        Refusal::MaxConnections => (
            "503 Service Unavailable",
            HttpError::limited(
                codes::SERVER_FULL,
                "the server has as many connections as it takes; try again later",
                "max-connections",
                crate::http::CONNECTION_RETRY_SECS,
            ),
        ),
        Refusal::ConnectRate => (
            "429 Too Many Requests",
            HttpError::limited(
                codes::RATE_LIMITED,
                format!("more than {connect_rate} new connections a minute from this address; wait a little"),
                "connect-rate",
                crate::http::retry_after(connect_rate),
            ),
        ),
        _ => (
            "429 Too Many Requests",
            HttpError::limited(
                codes::TOO_MANY_CONNECTIONS,
                "this address has as many connections open as it may; close one first",
                "per-address",
                crate::http::CONNECTION_RETRY_SECS,
            ),
        ),
    };
    let retry = body.retry_after.unwrap_or(crate::http::CONNECTION_RETRY_SECS);
    let body = body.to_json();
    let response = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: {retry}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}

/// A TCP stream that holds its connection's place in the counts: the
/// place is given back when the stream drops, whether hyper or an
/// upgraded WebSocket owned it last.
#[derive(Debug)]
struct Admitted {
    stream: TcpStream,
    _ticket: Ticket,
}

impl AsyncRead for Admitted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Admitted {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
