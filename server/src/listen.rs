//! The sockets a server listens on: the plain one of `--bind` (the app;
//! behind a proxy, or for the host's monitoring), and with HTTPS the
//! public HTTPS one (`--https-bind`) and plain HTTP (`--http-bind`, the
//! redirects and ACME's challenges). Each is bound here, or taken from the
//! sockets the server was handed (systemd's socket activation, or the
//! process it takes over from), matched to its role by port.

use std::net::SocketAddr;

use tokio::net::TcpListener;

use crate::config::Config;

/// What a socket serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The app over plain HTTP (`--bind`).
    App,
    /// The app over HTTPS (`--https-bind`).
    Https,
    /// Port 80 with HTTPS on: challenges and redirects (`--http-bind`).
    PlainHttp,
}

impl Role {
    pub fn scheme(self) -> &'static str {
        match self {
            Role::Https => "https",
            Role::App | Role::PlainHttp => "http",
        }
    }
}

/// A socket that could not be bound.
#[derive(Debug)]
pub struct BindError {
    pub addr: SocketAddr,
    pub source: std::io::Error,
}

/// The sockets `config` needs, in the order of [`Role`]: handed-over ones
/// first (by port; a single one for a single role whatever its port),
/// the others bound now. Handed sockets that fit no role are closed, with
/// a warning.
pub async fn open(
    config: &Config,
    mut handed: Vec<std::net::TcpListener>,
) -> Result<Vec<(Role, std::net::TcpListener)>, BindError> {
    let mut wanted = vec![(Role::App, config.bind)];
    if config.tls.enabled() {
        wanted.push((Role::Https, config.tls.https_bind));
        wanted.push((Role::PlainHttp, config.tls.http_bind));
    }
    let port = |l: &std::net::TcpListener| l.local_addr().map(|a| a.port()).ok();
    let mut open = Vec::new();
    let single = wanted.len() == 1 && handed.len() == 1;
    for (role, addr) in wanted {
        let found = if single {
            Some(0)
        } else {
            handed
                .iter()
                .position(|l| addr.port() != 0 && port(l) == Some(addr.port()))
        };
        let listener = match found {
            Some(i) => {
                let listener = handed.remove(i);
                tracing::info!(role = ?role, addr = ?listener.local_addr().ok(), "listening on a socket handed over");
                listener
            }
            None => {
                let bind = |source| BindError { addr, source };
                // tokio's backlog (1024): connections made while a new
                // process takes over wait in it.
                TcpListener::bind(addr)
                    .await
                    .map_err(bind)?
                    .into_std()
                    .map_err(bind)?
            }
        };
        open.push((role, listener));
    }
    for left in handed {
        tracing::warn!(addr = ?left.local_addr().ok(), "a socket handed over fits no listener; closed");
    }
    Ok(open)
}

/// A tokio listener on a copy of `listener` (the original is kept, to hand
/// over to a new process).
pub fn serving_copy(listener: &std::net::TcpListener) -> std::io::Result<TcpListener> {
    let copy = listener.try_clone()?;
    copy.set_nonblocking(true)?;
    TcpListener::from_std(copy)
}
