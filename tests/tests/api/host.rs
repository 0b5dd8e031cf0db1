//! What a host meets running the server (issue 31, "found by a host"):
//! readiness that means "can store a move now", `migrate-db` refusing a
//! source that is not there, plain logs that say why something was
//! refused, and systemd's notifications.

use std::os::unix::net::UnixDatagram;
use std::process::{Command, Stdio};
use std::time::Duration;

use lodestone_tests::{
    Backend, ServerProcess, backend, database_url, each_backend, http_get, run_to_exit, temp_dir,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// Stops a server process with SIGTERM and waits for it.
fn stop(mut server: ServerProcess) {
    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    server.child.wait().expect("the server exits");
}

fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output().expect("id runs");
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

#[tokio::test]
async fn readiness_fails_on_a_read_only_sqlite_file() {
    let dir = temp_dir();
    let db = dir.join("lodestone.db");
    let url = format!("sqlite://{}", db.display());
    stop(ServerProcess::start_with(SERVER, &["--database", &url], &dir));
    // What a restore copied in as root gives a server running as another
    // user: a file the server can read but not write. Root writes any
    // file, so as root the server runs as `nobody` (its directory is
    // its own, as a StateDirectory would be).
    let mut command = if is_root() {
        let chown = Command::new("chown")
            .args(["65534:65534", &dir.display().to_string()])
            .status()
            .unwrap();
        assert!(chown.success());
        std::fs::set_permissions(&db, std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();
        let mut command = Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--", SERVER]);
        command
    } else {
        std::fs::set_permissions(&db, std::os::unix::fs::PermissionsExt::from_mode(0o444)).unwrap();
        Command::new(SERVER)
    };
    command
        .args(["--bind", "127.0.0.1:0", "--database", &url])
        .current_dir(&dir)
        .env("RUST_LOG", "error")
        .stderr(Stdio::null());
    let server = ServerProcess::start_command(command);
    for path in ["/readyz", "/healthz"] {
        let (status, body) = http_get(server.addr, path, None).await;
        assert_eq!(status, 503, "{path} on a read-only file: {body}");
        assert!(body.contains("cannot store a move"), "{path}: {body}");
    }
}

each_backend!(migrate_db_refuses_a_source_that_is_not_a_lodestone_database);
/// A mistyped `--from` is refused in one sentence, and nothing is created
/// in its place; so is a database that is not Lodestone's.
async fn migrate_db_refuses_a_source_that_is_not_a_lodestone_database() {
    let dir = temp_dir();
    let to = format!("sqlite://{}", dir.join("copy.db").display());
    let refused = |from: &str| {
        let out = run_to_exit(SERVER, &["migrate-db", "--from", from, "--to", &to], &dir);
        assert!(!out.status.success(), "{from}: {}", out.stdout);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        out.stderr
    };
    match backend() {
        Backend::Sqlite => {
            let missing = dir.join("no-such.db");
            let said = refused(&missing.display().to_string());
            assert!(said.contains("does not exist"), "{said}");
            assert!(!missing.exists(), "migrate-db created its source");
            let said = refused(&format!("sqlite://{}", missing.display()));
            assert!(said.contains("does not exist"), "{said}");
            // A SQLite file of something else.
            let other = dir.join("other.db");
            let status = Command::new("sqlite3")
                .arg(&other)
                .arg("CREATE TABLE notes (text TEXT)")
                .status();
            if status.is_err() {
                // No sqlite3 here: an empty file is a database with nothing.
                std::fs::File::create(&other).unwrap();
            }
            let said = refused(&other.display().to_string());
            assert!(said.contains("is not a Lodestone database"), "{said}");
        }
        Backend::Postgres => {
            // A database that exists and holds nothing of Lodestone's.
            let empty = database_url(&temp_dir());
            let said = refused(&empty);
            assert!(said.contains("is not a Lodestone database"), "{said}");
        }
    }
    assert!(!dir.join("copy.db").exists(), "the target was made");
}

/// Sends `request` on a new connection and returns the status line, or
/// `None` if the connection was closed without one.
async fn raw(addr: std::net::SocketAddr, request: &str) -> Option<String> {
    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), async {
        let mut buf = [0u8; 1024];
        while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buf[..n]),
            }
        }
    });
    read.await.ok()?;
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .map(str::to_string)
}

#[tokio::test]
async fn logs_are_plain_text_and_say_why_something_was_refused() {
    let dir = temp_dir();
    let log = dir.join("server.log");
    let args = ["--database", &database_url(&dir), "--per-address", "2"];
    let server = ServerProcess::start_logged(SERVER, &args, &dir, "info", &log);
    // A page of a name that is not the server's own (its Host header is
    // not believed): the origin check refuses it, and says how to allow it.
    let upgrade = "GET /ws HTTP/1.1\r\nHost: games.example\r\nOrigin: https://games.example:8443\r\n\
                   Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
                   Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
    let status = raw(server.addr, upgrade).await.expect("an answer");
    assert!(status.contains("403"), "{status}");
    // One address, more connections than it may hold.
    let mut held = Vec::new();
    let mut refused = false;
    for _ in 0..4 {
        let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let mut first = [0u8; 12];
        match tokio::time::timeout(Duration::from_millis(500), stream.read(&mut first)).await {
            Ok(Ok(n)) if n > 0 && first.starts_with(b"HTTP/1.1 429") => {
                refused = true;
                break;
            }
            _ => held.push(stream),
        }
    }
    assert!(refused, "the third connection of an address was not refused");
    drop(held);
    stop(server);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains('\u{1b}'), "colour codes in a log file:\n{text}");
    assert!(text.contains("applied schema migration"), "{text}");
    assert!(
        text.contains("WebSocket refused") && text.contains("--advertise"),
        "no line says why the origin was refused:\n{text}"
    );
    assert!(
        text.contains("connection refused") && text.contains("per_address"),
        "no line says why a connection was refused:\n{text}"
    );
    // The next start applies no migration, and says nothing of them.
    let log_again = dir.join("again.log");
    let mut command = ServerProcess::command(SERVER, &["--database", &database_url(&dir)], &dir);
    command
        .env("RUST_LOG", "info")
        .stderr(std::fs::File::create(&log_again).unwrap());
    stop(ServerProcess::start_command(command));
    let again = std::fs::read_to_string(&log_again).unwrap();
    assert!(!again.contains("applied schema migration"), "{again}");
}

#[tokio::test]
async fn systemd_hears_ready_watchdog_pings_and_stopping() {
    let dir = temp_dir();
    let socket_path = dir.join("notify.sock");
    let socket = UnixDatagram::bind(&socket_path).unwrap();
    socket.set_read_timeout(Some(lodestone_tests::PATIENCE)).unwrap();
    let mut command = ServerProcess::command(SERVER, &["--database", &database_url(&dir)], &dir);
    command
        .env("NOTIFY_SOCKET", &socket_path)
        // A 400 ms watchdog: pings every 200 ms.
        .env("WATCHDOG_USEC", "400000")
        .env_remove("WATCHDOG_PID");
    let server = ServerProcess::start_command(command);
    let mut heard = String::new();
    let next = || {
        let mut buf = [0u8; 512];
        let n = socket.recv(&mut buf).expect("a notification in time");
        String::from_utf8_lossy(&buf[..n]).into_owned()
    };
    while !(heard.contains("READY=1") && heard.contains("WATCHDOG=1")) {
        heard.push_str(&next());
    }
    stop(server);
    while !heard.contains("STOPPING=1") {
        heard.push_str(&next());
    }
    assert!(heard.contains("STATUS=listening on"), "{heard}");
}

#[test]
fn hosts_get_a_small_stripped_binary_and_the_readme_says_how() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let cargo = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    let dist = cargo
        .split("[profile.dist]")
        .nth(1)
        .expect("a dist profile in Cargo.toml");
    let dist = dist.split("\n[").next().unwrap();
    for line in ["inherits = \"release\"", "debug = false", "strip = true"] {
        assert!(dist.contains(line), "[profile.dist] lacks {line:?}");
    }
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    assert!(readme.contains("cargo build --profile dist --bin lodestone-server"));
}

/// The systemd units of docs/systemd/ pass `systemd-analyze verify` (no
/// warning either), the service also with its TLS drop-in, and the service
/// is hardened (`systemd-analyze security` rates its exposure low).
#[test]
fn the_systemd_units_verify() {
    let analyze = Command::new("systemd-analyze").arg("--version").output();
    if analyze.is_err() {
        eprintln!("systemd-analyze is not installed here: the units are not checked");
        return;
    }
    let units = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/systemd");
    let dir = temp_dir();
    for entry in std::fs::read_dir(units).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("/usr/local/bin/lodestone-server", SERVER);
        std::fs::write(dir.join(path.file_name().unwrap()), text).unwrap();
    }
    // The service with its TLS drop-in applied.
    let service = std::fs::read_to_string(dir.join("lodestone.service")).unwrap();
    let tls = std::fs::read_to_string(dir.join("lodestone-tls.conf")).unwrap();
    let tls_lines = tls.split("[Service]").nth(1).unwrap();
    let with_tls = service.replacen("[Install]", &format!("{tls_lines}\n[Install]"), 1);
    std::fs::write(dir.join("lodestone-with-tls.service"), with_tls).unwrap();
    let units = [
        "lodestone.service",
        "lodestone-with-tls.service",
        "lodestone.socket",
        "lodestone-backup.service",
        "lodestone-backup.timer",
    ];
    let out = Command::new("systemd-analyze")
        .arg("verify")
        .args(units)
        .current_dir(&dir)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && said.trim().is_empty(), "{said}");
    let out = Command::new("systemd-analyze")
        .args([
            "security",
            "--offline=true",
            "--threshold=20",
            "lodestone.service",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the service is exposed:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `--config FILE`: the file's settings apply, the command line wins over
/// them, and a key that is no flag stops the server with a sentence.
#[tokio::test]
async fn the_config_file_sets_flags_and_refuses_unknown_keys() {
    let dir = temp_dir();
    let file = dir.join("server.toml");
    std::fs::write(
        &file,
        "bind = \"127.0.0.1:0\"\ndatabase = \"from-file.db\"\nallowed-origin = [\"https://games.example\"]\n",
    )
    .unwrap();
    let config = file.display().to_string();
    let server = ServerProcess::start_with(SERVER, &["--config", &config], &dir);
    assert!(dir.join("from-file.db").exists());
    let upgrade = |origin: &str| {
        format!(
            "GET /ws HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\nConnection: Upgrade\r\n\
             Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
            server.addr
        )
    };
    let listed = raw(server.addr, &upgrade("https://games.example")).await.unwrap();
    assert!(listed.contains("101"), "{listed}");
    let other = raw(server.addr, &upgrade("https://other.example")).await.unwrap();
    assert!(other.contains("403"), "{other}");
    stop(server);
    // The command line wins.
    let server = ServerProcess::start_with(SERVER, &["--config", &config, "--database", "cli.db"], &dir);
    assert!(dir.join("cli.db").exists());
    stop(server);
    std::fs::write(&file, "bind = \"127.0.0.1:0\"\nper-adress = 5\n").unwrap();
    let out = run_to_exit(SERVER, &["--config", &config], &dir);
    assert!(!out.status.success());
    assert!(
        out.stderr
            .contains("line 2: \"per-adress\" is not a setting of lodestone-server"),
        "{}",
        out.stderr
    );
}
