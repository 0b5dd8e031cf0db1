//! Upgrades without dropping a game: a new process takes over the
//! listening sockets of the running one.
//!
//! On SIGUSR2 (`systemctl reload` runs `kill -USR2`), the running server
//! starts its binary again (the file at the path it was started from: the
//! new version, once the host has replaced it) with its own arguments and
//! `--takeover`, handing it the listening sockets as systemd's socket
//! activation would (`LISTEN_FDS`, descriptors 3, 4, ...), plus one end of
//! a socket pair. The new process reads its configuration, says `ready`
//! on the pair (and tells systemd it is the main process now), then waits.
//! Only then does the old one stop: it stops accepting (connections made
//! from now on wait in the sockets' backlog for the new process), tells
//! its clients to reconnect at once (`bye` with `reconnect: true`), stores
//! what its rooms were storing, closes the database and lets go of the
//! pair. The new process sees the pair close, opens the database, resumes
//! every room and accepts. A new binary that fails to start (a bad flag,
//! a crash) never said `ready`: the old process logs why and keeps
//! serving.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::Duration;

use command_fds::{CommandFdExt, FdMapping};

use crate::server::Server;

/// The flag of the new process.
pub const FLAG: &str = "--takeover";

/// How long a new process may take to be ready.
const READY_WITHIN: Duration = Duration::from_secs(60);

/// How long a new process waits for the old one to stop before it goes on
/// anyway (the old one is stuck; systemd would kill it).
const PARENT_WITHIN: Duration = Duration::from_secs(120);

/// How this process was started, for starting its successor the same way.
#[derive(Clone, Debug)]
pub struct Relaunch {
    exe: PathBuf,
    args: Vec<OsString>,
}

impl Relaunch {
    /// The binary's path (read now: once the file is replaced, the running
    /// process's own path names the deleted file) and the arguments.
    pub fn capture() -> Relaunch {
        let mut argv = std::env::args_os();
        let first = argv.next().map(PathBuf::from).unwrap_or_default();
        let exe = std::env::current_exe().unwrap_or(first);
        Relaunch {
            exe,
            args: argv.filter(|a| a != FLAG).collect(),
        }
    }
}

/// A new process that said it is ready to take over.
#[derive(Debug)]
pub struct Successor {
    child: Child,
    channel: UnixStream,
}

impl Successor {
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Lets the new process go on: called once this one has stored its
    /// rooms and closed the database.
    pub fn release(self) {
        drop(self.channel);
        // Not waited for: it goes on serving after this process ends.
        drop(self.child);
    }
}

/// Starts `relaunch`'s binary with `--takeover` on `server`'s sockets and
/// waits until it is ready; an error (in words) if it stopped or did not
/// get ready in time, and then this server simply goes on.
pub async fn start_successor(server: &Server, relaunch: &Relaunch) -> Result<Successor, String> {
    let (ours, theirs) = UnixStream::pair().map_err(|e| format!("no socket pair: {e}"))?;
    let listeners = server.listeners();
    let mut mappings = Vec::with_capacity(listeners.len() + 1);
    for (i, (_, listener)) in listeners.iter().enumerate() {
        let copy = listener
            .try_clone()
            .map_err(|e| format!("could not hand a socket over: {e}"))?;
        mappings.push(FdMapping {
            parent_fd: OwnedFd::from(copy),
            child_fd: 3 + i as i32,
        });
    }
    mappings.push(FdMapping {
        parent_fd: OwnedFd::from(theirs),
        child_fd: 3 + listeners.len() as i32,
    });
    let mut command = Command::new(&relaunch.exe);
    command
        .args(&relaunch.args)
        .arg(FLAG)
        .env("LISTEN_FDS", (listeners.len() + 1).to_string())
        .env("LISTEN_FDS_FIRST_FD", "3")
        .env_remove("LISTEN_PID")
        .env_remove("LISTEN_FDNAMES")
        .fd_mappings(mappings)
        .map_err(|e| e.to_string())?;
    let mut child = command
        .spawn()
        .map_err(|e| format!("could not start {}: {e}", relaunch.exe.display()))?;
    tracing::info!(pid = child.id(), exe = %relaunch.exe.display(), "started the new binary; waiting until it is ready");
    drop(command);
    let reader = ours.try_clone().map_err(|e| e.to_string())?;
    let said = tokio::task::spawn_blocking(move || {
        reader.set_read_timeout(Some(READY_WITHIN))?;
        let mut line = String::new();
        BufReader::new(reader).read_line(&mut line)?;
        Ok::<_, std::io::Error>(line)
    })
    .await
    .map_err(|e| e.to_string())?;
    match said {
        Ok(line) if line.trim() == "ready" => Ok(Successor { child, channel: ours }),
        other => {
            let _ = child.kill();
            let status = child.wait().map(|s| s.to_string()).unwrap_or_default();
            let why = match other {
                Ok(line) if line.is_empty() => format!("it stopped ({status})"),
                Ok(line) => format!("it said {line:?}"),
                Err(e) => format!("it was not ready within {} s ({e})", READY_WITHIN.as_secs()),
            };
            Err(format!("the new binary did not take over: {why}"))
        }
    }
}

/// The sockets this process was handed: systemd's (socket activation), or,
/// with `--takeover`, those of the process it takes over from, with the
/// pair to it.
#[derive(Debug, Default)]
pub struct Handed {
    pub listeners: Vec<std::net::TcpListener>,
    parent: Option<UnixStream>,
}

impl Handed {
    /// The sockets in `LISTEN_FDS` (which it takes out of the environment:
    /// call before any thread starts). With `takeover`, the last is the
    /// pair to the process being replaced.
    pub fn from_env(takeover: bool) -> Result<Handed, String> {
        let mut fds = listenfd::ListenFd::from_env();
        let count = fds.len();
        let mut handed = Handed::default();
        let sockets = if takeover {
            if count == 0 {
                return Err(format!(
                    "{FLAG} is for the process a running server starts on SIGUSR2 (it hands over its sockets); to upgrade, replace the binary and send SIGUSR2 to the running server"
                ));
            }
            handed.parent = fds
                .take_custom::<UnixStream>(
                    count - 1,
                    libc::AF_UNIX,
                    libc::SOCK_STREAM,
                    "the pair to the old process",
                )
                .map_err(|e| format!("{FLAG}: {e}"))?;
            count - 1
        } else {
            count
        };
        for i in 0..sockets {
            match fds.take_tcp_listener(i) {
                Ok(Some(listener)) => handed.listeners.push(listener),
                Ok(None) => {}
                Err(e) => return Err(format!("socket {} handed to the server: {e}", 3 + i)),
            }
        }
        Ok(handed)
    }

    /// With `--takeover`: tells the old process this one is ready (and
    /// systemd that this is the main process now), then waits until the old
    /// one has stored its rooms and let go of the database.
    pub async fn wait_for_parent(&mut self) {
        let Some(mut parent) = self.parent.take() else {
            return;
        };
        let _ = sd_notify::notify(&[sd_notify::NotifyState::MainPid(std::process::id())]);
        if let Err(e) = parent.write_all(b"ready\n") {
            tracing::warn!(error = %e, "the process being replaced went away");
            return;
        }
        tracing::info!("ready to take over; waiting for the old process to store its rooms");
        let waited = tokio::task::spawn_blocking(move || {
            parent.set_read_timeout(Some(PARENT_WITHIN))?;
            let mut rest = Vec::new();
            parent.read_to_end(&mut rest)
        })
        .await;
        match waited {
            Ok(Ok(_)) => tracing::info!("the old process is done; taking over"),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "the old process did not finish in time; taking over anyway")
            }
            Err(e) => tracing::warn!(error = %e, "taking over"),
        }
    }
}
