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

use crate::admission::Ticket;
use crate::app::App;
use crate::input::{Meter, Read};
use crate::metrics::Refusal;
use crate::reserve::Standing;
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
    let handing_over = app.handing_over.clone();
    loop {
        let (stream, peer) = tokio::select! {
            _ = shutdown.cancelled() => break,
            // An upgrade: what comes next waits in the socket's backlog
            // for the new process.
            _ = handing_over.cancelled() => break,
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
                let io = admitted(stream, ticket, &app);
                app.tasks.spawn(connection(io, peer, served.clone(), app.clone()));
            }
            // Full: a stranger on probation makes room (`reserve.rs`).
            Err(Refusal::MaxConnections) if app.admission.make_room() => {
                let (served, app2) = (served.clone(), app.clone());
                app.tasks.spawn(async move {
                    match app2.admission.admit_once_free(peer.ip(), &app2.metrics).await {
                        Ok(ticket) => {
                            connection(admitted(stream, ticket, &app2), peer, served, app2.clone()).await
                        }
                        Err(reason) => {
                            app2.metrics.refused(reason);
                            refuse(stream, reason, app2.config.limits.connect_rate).await
                        }
                    }
                });
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

/// The stream of a connection admitted with `ticket`.
fn admitted(stream: TcpStream, ticket: Ticket, app: &App) -> Admitted {
    Admitted {
        stream,
        standing: ticket.standing.clone(),
        _ticket: ticket,
        meter: Arc::new(Meter::new(app.admission.input.clone(), &app.metrics)),
        begun: None,
        deadline: None,
    }
}

/// Serves one admitted connection as its listener says: plain HTTP, or
/// HTTPS once its TLS handshake is done (within the handshake timeout).
async fn connection(io: Admitted, peer: SocketAddr, served: Served, app: Arc<App>) {
    let meter = io.meter.clone();
    let standing = io.standing.clone();
    match served {
        Served::Plain(router) => {
            let service = app_service(router, peer, false, meter, standing.clone());
            http(io, peer, service, app, standing).await
        }
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
                Ok(stream) => {
                    let service = app_service(router, peer, true, meter, standing.clone());
                    http(stream, peer, service, app, standing).await
                }
                Err(e) => tracing::debug!(%peer, error = %e, "TLS handshake failed"),
            }
        }
        Served::Redirect(tls) => {
            let store = app.store.clone();
            let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                let (tls, store) = (tls.clone(), store.clone());
                async move { Ok::<_, std::convert::Infallible>(tls.plain_http(&store, request).await) }
            });
            http(io, peer, service, app, standing).await
        }
    }
}

/// The app's routes for a connection from `peer`; over HTTPS (`public`),
/// without `/metrics` (for the host's Prometheus on `--bind`, not the
/// world) and with HSTS on every answer. Its requests carry the
/// connection's input meter and standing (`input.rs`, `reserve.rs`).
fn app_service(
    router: Router,
    peer: SocketAddr,
    public: bool,
    meter: Arc<Meter>,
    standing: Arc<Standing>,
) -> impl hyper::service::Service<
    hyper::Request<Incoming>,
    Response = axum::response::Response,
    Error = std::convert::Infallible,
    Future = impl Future<Output = Result<axum::response::Response, std::convert::Infallible>> + Send,
> + Clone {
    hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(meter.clone());
        request.extensions_mut().insert(standing.clone());
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
/// WebSocket), or shutdown closes it once its request is answered, or a
/// connection on probation (`standing`) overstays it.
async fn http<I, S, B>(io: I, peer: SocketAddr, service: S, app: Arc<App>, standing: Arc<Standing>)
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
    // On probation (`reserve.rs`), a connection must become a WebSocket
    // within the handshake timeout (and show who it is there).
    let deadline = async {
        if standing.probation {
            standing.probation_over(handshake).await
        } else {
            std::future::pending().await
        }
    };
    tokio::select! {
        _ = deadline => {
            app.metrics.refused(Refusal::Probation);
            tracing::debug!(%peer, "a connection on probation did not become a known client's WebSocket in time");
        }
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
                crate::answers::CONNECTION_RETRY_SECS,
            ),
        ),
        Refusal::ConnectRate => {
            let detail = lodestone_protocol::Detail::ConnectRate {
                count: connect_rate.into(),
            };
            let body = HttpError::limited(
                codes::RATE_LIMITED,
                crate::said::english(&detail),
                "connect-rate",
                crate::answers::retry_after(connect_rate),
            );
            ("429 Too Many Requests", body.with_detail(detail))
        }
        _ => (
            "429 Too Many Requests",
            HttpError::limited(
                codes::TOO_MANY_CONNECTIONS,
                "this address has as many connections open as it may; close one first",
                "per-address",
                crate::answers::CONNECTION_RETRY_SECS,
            ),
        ),
    };
    let retry = body.retry_after.unwrap_or(crate::answers::CONNECTION_RETRY_SECS);
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
/// upgraded WebSocket owned it last. It counts what it reads as unfinished
/// input (`input.rs`), and fails a read once a message begun is overdue.
#[derive(Debug)]
struct Admitted {
    stream: TcpStream,
    _ticket: Ticket,
    standing: Arc<Standing>,
    meter: Arc<Meter>,
    /// When the message under way began.
    begun: Option<tokio::time::Instant>,
    /// Its deadline, set while a read waits for the rest of it.
    deadline: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl AsyncRead for Admitted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                match this.meter.read(buf.filled().len() - before)? {
                    Read::Began => {
                        this.begun = Some(tokio::time::Instant::now());
                        this.deadline = None;
                    }
                    Read::More | Read::Nothing => {}
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => {
                let timeout = this.meter.message_timeout();
                if timeout.is_zero() || !this.meter.under_way() {
                    this.deadline = None;
                    return Poll::Pending;
                }
                let begun = *this.begun.get_or_insert_with(tokio::time::Instant::now);
                let deadline = this
                    .deadline
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(begun + timeout)));
                match deadline.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(this.meter.timed_out())),
                    Poll::Pending => Poll::Pending,
                }
            }
            other => other,
        }
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
