//! Backups while games are played (issue 31): `lodestone-server backup`
//! (SQLite) or `pg_dump` (PostgreSQL, as docs/operating.md gives it) under
//! load, then `restore` (or `pg_restore`) into a new place and a new
//! server there: every action acknowledged before the backup began is in
//! it, and the games go on. Also `restore` refusing while a server uses
//! the file, and the scheduled backups keeping the newest few.

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use lodestone_protocol::{RoomStatus, ServerMessage};
use lodestone_tests::{
    Backend, Client, Exited, ServerProcess, backend, database_url, each_backend, eventually, run_to_exit,
    stored_version, temp_dir,
};
use serde_json::json;

use crate::games::started_room_at;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// Games played at once while the backup is made.
const GAMES: usize = 6;

/// Every acknowledged action: its room and the version it made.
type Acks = Arc<Mutex<Vec<(String, u64)>>>;

/// Plays games with legal actions until `stop` (a new one when one ends),
/// recording each acknowledged action; returns the rooms and their
/// players' tokens.
async fn keep_playing(
    addr: std::net::SocketAddr,
    acks: Acks,
    stop: Arc<AtomicBool>,
) -> Vec<(String, Vec<String>)> {
    let mut played = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let (room, mut clients, tokens) = started_room_at(addr, "magneton", json!({})).await;
        let mut state = clients[0].state_until(&room, |s| s.play.is_some()).await;
        let mut version = clients[0].states[&room].0;
        while !stop.load(Ordering::Relaxed) && state.status == RoomStatus::Playing {
            let seat = state.play.as_ref().unwrap().to_act[0] as usize;
            let mine = clients[seat].state_at(&room, version).await;
            let legal = &mine.play.as_ref().unwrap().legal;
            let action = legal[(version as usize * 7) % legal.len()].clone();
            version = clients[seat].act(&room, &action).await;
            acks.lock().unwrap().push((room.clone(), version));
            state = clients[0].state_at(&room, version).await;
        }
        played.push((room, tokens));
    }
    played
}

/// Waits until at least `n` actions are acknowledged.
async fn acked_at_least(acks: &Acks, n: usize) {
    eventually!(format!("{n} actions acknowledged"), {
        let acked = acks.lock().unwrap().len();
        if acked >= n { Ok(()) } else { Err(acked) }
    });
}

/// Runs the server's `restore` of the backup file `from` into the
/// database at `url`, in `dir`.
fn restore(from: &std::path::Path, url: &str, dir: &std::path::Path) -> Exited {
    let from = from.display().to_string();
    run_to_exit(SERVER, &["restore", "--from", &from, "--database", url], dir)
}

fn run(program: &str, args: &[&str]) {
    let out = Command::new(program).args(args).output().expect("it runs");
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

each_backend!(a_backup_under_load_holds_every_acknowledged_action_and_games_go_on);
async fn a_backup_under_load_holds_every_acknowledged_action_and_games_go_on() {
    let dir = temp_dir();
    let url = database_url(&dir);
    let mut server = ServerProcess::start_with(SERVER, &["--database", &url], &dir);
    let acks: Acks = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let games: Vec<_> = (0..GAMES)
        .map(|_| tokio::spawn(keep_playing(server.addr, acks.clone(), stop.clone())))
        .collect();
    acked_at_least(&acks, 40).await;
    // Everything acknowledged before the backup begins must be in it.
    let before = acks.lock().unwrap().clone();
    let backup = dir.join("backup.db");
    let dump = dir.join("backup.dump");
    match backend() {
        Backend::Sqlite => {
            let to = backup.display().to_string();
            let out = tokio::task::spawn_blocking(move || {
                run_to_exit(SERVER, &["backup", "--database", &url, "--to", &to], &temp_dir())
            })
            .await
            .unwrap();
            assert!(out.status.success(), "{}", out.stderr);
            assert!(out.stdout.starts_with("backed up "), "{}", out.stdout);
        }
        Backend::Postgres => {
            let (file, url) = (format!("--file={}", dump.display()), url.clone());
            tokio::task::spawn_blocking(move || run("pg_dump", &["--format=custom", &file, &url]))
                .await
                .unwrap();
        }
    }
    // The games went on during the backup and go on after it.
    let during = acks.lock().unwrap().len();
    acked_at_least(&acks, during + 20).await;
    stop.store(true, Ordering::Relaxed);
    let mut played = Vec::new();
    for game in games {
        played.extend(game.await.unwrap());
    }
    let url = database_url(&dir);
    let new_dir = temp_dir();
    let new_url = database_url(&new_dir);
    if backend() == Backend::Sqlite {
        // Not while a server uses the file.
        let out = restore(&backup, &url, &dir);
        assert!(!out.status.success());
        assert!(out.stderr.contains("a server is using"), "{}", out.stderr);
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    match backend() {
        Backend::Sqlite => {
            let out = restore(&backup, &new_url, &new_dir);
            assert!(out.status.success(), "{}", out.stderr);
        }
        Backend::Postgres => run(
            "pg_restore",
            &[
                "--no-owner",
                &format!("--dbname={new_url}"),
                &dump.display().to_string(),
            ],
        ),
    }
    for (room, version) in &before {
        let stored = stored_version(&new_url, room).await;
        assert!(
            stored >= *version as i64,
            "room {room}: version {version} was acknowledged before the backup, which holds {stored}"
        );
    }
    // A new server on the restored database: every game goes on.
    let server = ServerProcess::start_with(SERVER, &["--database", &new_url], &new_dir);
    // The games the backup has (those started later are not in it).
    for (room, tokens) in played
        .into_iter()
        .filter(|(room, _)| before.iter().any(|(r, _)| r == room))
    {
        let mut clients = Vec::new();
        for token in &tokens {
            let mut client = Client::connect(server.addr).await;
            assert!(matches!(
                client.resume(token).await,
                ServerMessage::Welcome { .. }
            ));
            client.ok(json!({"type": "watch", "room": room})).await;
            clients.push(client);
        }
        let state = clients[0].state_at(&room, 0).await;
        if state.status != RoomStatus::Playing {
            continue;
        }
        let version = clients[0].states[&room].0;
        let seat = state.play.as_ref().unwrap().to_act[0] as usize;
        let mine = clients[seat].state_at(&room, version).await;
        let action = mine.play.unwrap().legal[0].clone();
        assert!(clients[seat].act(&room, &action).await > version);
    }
}

#[tokio::test]
async fn scheduled_backups_keep_the_newest() {
    let dir = temp_dir();
    let log = dir.join("server.log");
    let database = format!("sqlite://{}", dir.join("games.db").display());
    let args = [
        "--database",
        &database,
        "--backup-every",
        "1s",
        "--backup-keep",
        "2",
    ];
    let server = ServerProcess::start_logged(SERVER, &args, &dir, "info", &log);
    eventually!("three scheduled backups", {
        std::fs::read_to_string(&log)
            .unwrap()
            .matches("backup made")
            .count()
            >= 3
    });
    drop(server);
    let kept: Vec<_> = std::fs::read_dir(dir.join("backups"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    // Each is a whole database a server starts on.
    let restored = temp_dir();
    let out = run_to_exit(
        SERVER,
        &[
            "restore",
            "--from",
            &kept[0].display().to_string(),
            "--database",
            &format!("sqlite://{}", restored.join("lodestone.db").display()),
        ],
        &restored,
    );
    assert!(out.status.success(), "{}", out.stderr);
    drop(ServerProcess::start(SERVER, &restored));
}

#[tokio::test]
async fn backup_of_postgresql_or_a_missing_file_is_refused_in_a_sentence() {
    let dir = temp_dir();
    let to = dir.join("b.db").display().to_string();
    for (database, said) in [
        ("postgres://lodestone@127.0.0.1:1/lodestone", "pg_dump"),
        ("sqlite://no-such.db", "does not exist"),
    ] {
        let out = run_to_exit(SERVER, &["backup", "--database", database, "--to", &to], &dir);
        assert!(!out.status.success());
        assert!(out.stderr.contains(said), "{database}: {}", out.stderr);
    }
    let out = run_to_exit(
        SERVER,
        &[
            "--database",
            "postgres://lodestone@127.0.0.1:1/lodestone",
            "--backup-every",
            "6h",
        ],
        &dir,
    );
    assert!(out.stderr.contains("pg_dump"), "{}", out.stderr);
}

#[tokio::test]
async fn a_restore_keeps_the_owner_and_mode_and_the_replaced_database() {
    use std::os::unix::fs::MetadataExt as _;
    let dir = temp_dir();
    let url = format!("sqlite://{}", dir.join("lodestone.db").display());
    let server = ServerProcess::start_with(SERVER, &["--database", &url], &dir);
    let backup = dir.join("b.db");
    let out = run_to_exit(
        SERVER,
        &[
            "backup",
            "--database",
            &url,
            "--to",
            &backup.display().to_string(),
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", out.stderr);
    drop(server);
    // The server's file belongs to its own user (as root: nobody's).
    let db = dir.join("lodestone.db");
    let _ = std::os::unix::fs::chown(&db, Some(65534), Some(65534));
    std::fs::set_permissions(&db, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let before = std::fs::metadata(&db).unwrap();
    let out = restore(&backup, &url, &dir);
    assert!(out.status.success(), "{}", out.stderr);
    assert!(out.stdout.contains("is kept as"), "{}", out.stdout);
    let after = std::fs::metadata(&db).unwrap();
    assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
    assert_eq!(after.mode() & 0o777, 0o600);
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("lodestone.db.replaced-")
        })
        .collect();
    assert!(!kept.is_empty(), "the replaced database was not kept");
}
