//! A TCP proxy between one node and PostgreSQL that reads the server's
//! side of the protocol well enough to see a commit under way, and then
//! stalls that node right there, before it reads the answer: it stops the
//! node's process (SIGSTOP), or cuts the connections silently (nothing
//! more is passed either way, and nothing is closed). A commit is under way
//! when a transaction is open with work done in it (a `ReadyForQuery`
//! saying "in a transaction" after a statement other than `BEGIN`: a
//! commit of several round trips, such as the writer's storing requests
//! apart), or when a batch of one round trip that inserted rows is
//! answered (PostgreSQL's writer sends a batch as one script: it commits
//! without waiting for the node, so no lease row stays locked).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};

/// What the proxy does when it sees an open transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stall {
    /// SIGSTOP of this process, before the node gets the answer.
    Stop(u32),
    /// Nothing more passes on any of the node's connections.
    Cut,
}

#[derive(Debug, Default)]
struct State {
    /// What to do at the next open transaction, once armed.
    armed: Mutex<Option<Stall>>,
    /// Set when it was done.
    stalled: AtomicBool,
    /// Set by a cut: every connection stops passing bytes.
    cut: AtomicBool,
}

/// The proxy: connect the node to [`Proxy::url`].
#[derive(Debug)]
pub struct Proxy {
    pub addr: SocketAddr,
    state: Arc<State>,
}

impl Proxy {
    /// A proxy to the PostgreSQL server of `database` (a URL).
    pub async fn start(database: &str) -> Proxy {
        let rest = database.split_once("://").expect("a URL").1;
        let authority = rest.split('/').next().unwrap();
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        let upstream = host_port.to_string();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let state = Arc::new(State::default());
        let shared = state.clone();
        tokio::spawn(async move {
            while let Ok((node, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(&upstream).await else {
                    continue;
                };
                let (node_read, node_write) = node.into_split();
                let (server_read, server_write) = server.into_split();
                tokio::spawn(pass(node_read, server_write, shared.clone()));
                tokio::spawn(watch(server_read, node_write, shared.clone()));
            }
        });
        Proxy { addr, state }
    }

    /// `database` reached through this proxy (without TLS, so the proxy
    /// reads the protocol).
    pub fn url(&self, database: &str) -> String {
        let (scheme, rest) = database.split_once("://").unwrap();
        let (authority, path) = rest.split_once('/').unwrap();
        let user = authority
            .rsplit_once('@')
            .map(|(u, _)| format!("{u}@"))
            .unwrap_or_default();
        let sep = if path.contains('?') { '&' } else { '?' };
        format!("{scheme}://{user}{}/{path}{sep}sslmode=disable", self.addr)
    }

    /// Stalls the node at its next open transaction.
    pub fn arm(&self, stall: Stall) {
        *self.state.armed.lock().unwrap() = Some(stall);
    }

    /// Whether the stall happened.
    pub fn stalled(&self) -> bool {
        self.state.stalled.load(Ordering::SeqCst)
    }
}

/// Node to PostgreSQL, as it comes (until a cut).
async fn pass(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, state: Arc<State>) {
    let mut buf = vec![0u8; 16 * 1024];
    while let Ok(n) = from.read(&mut buf).await {
        if n == 0 || state.cut.load(Ordering::SeqCst) {
            break;
        }
        if to.write_all(&buf[..n]).await.is_err() {
            break;
        }
    }
    if state.cut.load(Ordering::SeqCst) {
        // Silent: the sockets stay open, nothing more passes.
        let _keep = (from, to);
        std::future::pending::<()>().await;
    }
}

/// PostgreSQL to node, message by message, watching for an open
/// transaction.
async fn watch(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, state: Arc<State>) {
    let mut buf: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 16 * 1024];
    let mut last_tag = String::new();
    // Whether a statement since the last `ReadyForQuery` inserted rows.
    let mut inserted = false;
    loop {
        // Whole messages: a type byte, then a length counting itself.
        while buf.len() >= 5 {
            let len = u32::from_be_bytes(buf[1..5].try_into().unwrap()) as usize;
            if buf.len() < 1 + len {
                break;
            }
            let message: Vec<u8> = buf.drain(..1 + len).collect();
            match message[0] {
                b'C' => {
                    last_tag = String::from_utf8_lossy(&message[5..message.len() - 1]).into_owned();
                    inserted |= last_tag.starts_with("INSERT");
                }
                b'Z' if (message[5] == b'T' && !last_tag.starts_with("BEGIN")) || inserted => {
                    inserted = false;
                    let armed = state.armed.lock().unwrap().take();
                    match armed {
                        Some(Stall::Stop(pid)) => {
                            let status = std::process::Command::new("kill")
                                .args(["-STOP", &pid.to_string()])
                                .status()
                                .expect("kill runs");
                            assert!(status.success());
                            state.stalled.store(true, Ordering::SeqCst);
                        }
                        Some(Stall::Cut) => {
                            state.cut.store(true, Ordering::SeqCst);
                            state.stalled.store(true, Ordering::SeqCst);
                        }
                        None => {}
                    }
                }
                b'Z' => inserted = false,
                _ => {}
            }
            if state.cut.load(Ordering::SeqCst) {
                let _keep = (from, to);
                std::future::pending::<()>().await;
                return;
            }
            if to.write_all(&message).await.is_err() {
                return;
            }
        }
        match from.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
}
