//! The database as a host meets it: the forms `--database` takes (a plain
//! path, `sqlite::memory:`), start-up errors in one sentence (bad URLs, an
//! unwritable file, an unreachable or refusing PostgreSQL, a database of a
//! newer version), and `migrate-db` copying SQLite to PostgreSQL and back.

use std::path::Path;

use lodestone_protocol::ServerMessage;
use lodestone_tests::{
    Backend, Client, Exited, ServerProcess, TestServer, database_url, each_backend, on_backend,
    postgres_ready, run_to_exit, temp_dir, with_database,
};
use serde_json::json;

use crate::games::{play, started_room};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// Starts the server on `database` and expects it to stop at once with
/// one sentence on standard error (no panic, no backtrace, even with
/// `RUST_BACKTRACE=1`); returns the sentence.
fn refused(database: &str, cwd: &Path) -> String {
    let Exited { status, stderr, .. } =
        run_to_exit(SERVER, &["--bind", "127.0.0.1:0", "--database", database], cwd);
    assert!(!status.success(), "{database}: the server started");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{database}: one line, not {stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
    lines[0]
        .strip_prefix("lodestone-server: ")
        .unwrap_or_else(|| panic!("{stderr}"))
        .to_string()
}

#[tokio::test]
async fn bad_database_urls_are_refused_in_one_sentence() {
    let dir = temp_dir();
    let e = refused("mysql://ann@localhost/games", &dir);
    assert!(e.contains("\"mysql\"") && e.contains("postgres://"), "{e}");
    let e = refused("", &dir);
    assert!(e.contains("empty"), "{e}");
    let e = refused("postgres://ann@localhost:port/games", &dir);
    assert!(e.contains("cannot be read"), "{e}");
    // A file where a directory should be: SQLite cannot create the file.
    std::fs::write(dir.join("plain-file"), "").unwrap();
    let e = refused("plain-file/games.db", &dir);
    assert!(
        e.contains("could not open the SQLite database plain-file/games.db"),
        "{e}"
    );
}

#[tokio::test]
async fn an_unreachable_postgres_is_one_sentence() {
    // Port 1 of loopback: nothing listens there.
    let e = refused("postgres://lodestone@127.0.0.1:1/games", &temp_dir());
    assert_eq!(
        e,
        "could not connect to PostgreSQL at 127.0.0.1:1: connection refused (is it running and listening there?)"
    );
}

#[tokio::test]
async fn a_postgres_that_refuses_is_one_sentence() {
    if !postgres_ready() {
        return;
    }
    let admin = std::env::var(lodestone_tests::POSTGRES_VAR).unwrap();
    let (base, _) = admin.rsplit_once('/').unwrap();
    let e = refused(&format!("{base}/no_such_database"), &temp_dir());
    assert!(
        e.contains("refused") && e.contains("\"no_such_database\" does not exist"),
        "{e}"
    );
}

each_backend!(a_database_of_a_newer_version_is_refused);
async fn a_database_of_a_newer_version_is_refused() {
    let dir = TestServer::start().await.stop().await;
    // A migration this server does not know, as a newer one would leave.
    let url = database_url(&dir);
    let future = |checksum| {
        format!(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (9999, 'from the future', TRUE, {checksum}, 0)"
        )
    };
    let insert = match lodestone_tests::backend() {
        Backend::Sqlite => future("x'00'"),
        Backend::Postgres => future("'\\x00'::bytea"),
    };
    with_database!(&url, |conn| {
        sqlx::raw_sql(sqlx::AssertSqlSafe(insert))
            .execute(&mut conn)
            .await
            .unwrap();
    });
    let e = refused(&url, &dir);
    assert!(e.contains("newer version of lodestone-server"), "{e}");
    assert!(e.contains("9999"), "{e}");
}

/// A game played a little way: creates, joins, starts, two moves.
async fn a_short_game(addr: std::net::SocketAddr) -> (String, String) {
    let mut ann = Client::connect(addr).await;
    let token = ann.hello("Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!(0)).await;
    let mut bo = Client::guest(addr, "Bo").await;
    bo.join(&room, json!(1)).await;
    bo.ok(json!({"type": "start", "room": room})).await;
    play(&mut [ann, bo], &room, &["D4", "E5"]).await;
    (token, room)
}

#[tokio::test]
async fn sqlite_memory_and_a_plain_path_work() {
    // In memory: one connection, shared by the writer and the readers.
    let dir = temp_dir();
    let server = ServerProcess::start_with(SERVER, &["--database", "sqlite::memory:"], &dir);
    let (token, room) = a_short_game(server.addr).await;
    let mut ann = Client::connect(server.addr).await;
    match ann.resume(&token).await {
        ServerMessage::Welcome { rooms, .. } => assert_eq!(rooms, vec![room]),
        other => panic!("{other:?}"),
    }
    server.kill();
    // A plain relative path is a file in the working directory.
    let server = ServerProcess::start_with(SERVER, &["--database", "./games.db"], &dir);
    a_short_game(server.addr).await;
    server.kill();
    assert!(dir.join("games.db").exists());
}

/// Runs `migrate-db`; returns what it printed, having checked it succeeded.
fn migrate(from: &str, to: &str) -> String {
    let out = run_to_exit(SERVER, &["migrate-db", "--from", from, "--to", to], &temp_dir());
    assert!(out.status.success(), "{}", out.stderr);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    out.stdout
}

#[tokio::test]
async fn migrate_db_copies_sqlite_to_postgres_and_back() {
    if !postgres_ready() {
        return;
    }
    // On SQLite: a game in progress and an open private room.
    let first = TestServer::start().await;
    let sqlite_dir = first.dir.clone();
    let (room, mut clients, tokens) = started_room(&first, "magneton", json!({})).await;
    let before = play(&mut clients, &room, &["D4", "E5", "C3"]).await;
    let version = clients[0].states[&room].0;
    let mut cy = first.client().await;
    let cy_token = cy.hello("Cy").await;
    let (open, invite) = cy.create_room("magnetism", json!({}), false).await;
    cy.ok(json!({"type": "join", "room": open, "invite": invite}))
        .await;
    first.server.shutdown().await;
    let sqlite = database_url(&sqlite_dir);

    // Into a new PostgreSQL database.
    let pg_dir = temp_dir();
    let postgres = on_backend(Backend::Postgres, async { database_url(&pg_dir) }).await;
    let out = migrate(&sqlite, &postgres);
    assert!(out.contains("copying guests: 3 of 3"), "{out}");
    assert!(out.ends_with("copied 3 guests, 2 rooms and 9 events\n"), "{out}");
    // Not twice: the target is no longer empty.
    let again = run_to_exit(
        SERVER,
        &["migrate-db", "--from", &sqlite, "--to", &postgres],
        &temp_dir(),
    );
    assert!(!again.status.success());
    assert!(
        again
            .stderr
            .contains("is not empty (3 guests, 2 rooms, 9 events)"),
        "{}",
        again.stderr
    );

    // The games carry on from PostgreSQL.
    let server = ServerProcess::start_with(SERVER, &["--database", &postgres], &pg_dir);
    let mut bo = Client::connect(server.addr).await;
    bo.resume(&tokens[1]).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    let state = bo.state_until(&room, |_| true).await;
    assert_eq!(state.play.unwrap().position, before.play.unwrap().position);
    assert_eq!(bo.states[&room].0, version);
    assert!(bo.act(&room, "F6").await > version);
    let mut cy = Client::connect(server.addr).await;
    match cy.resume(&cy_token).await {
        ServerMessage::Welcome { rooms, .. } => assert_eq!(rooms, vec![open]),
        other => panic!("{other:?}"),
    }
    server.kill();

    // And back into a new SQLite file, with that move in it.
    let back = temp_dir();
    let out = migrate(&postgres, &database_url(&back));
    assert!(out.ends_with("copied 3 guests, 2 rooms and 10 events\n"), "{out}");
    let server = ServerProcess::start_with(SERVER, &["--database", &database_url(&back)], &back);
    let mut bo = Client::connect(server.addr).await;
    bo.resume(&tokens[1]).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    let state = bo.state_until(&room, |_| true).await;
    assert_eq!(state.play.unwrap().moves.len(), 4);
    assert_eq!(bo.states[&room].0, version + 1);
}

/// The tables `migrate-db` leaves empty on purpose (server
/// `store/copy_tables.rs` says why), and SQLite's own.
const NOT_COPIED: [&str; 6] = [
    "_sqlx_migrations",
    "sqlite_sequence",
    "nodes",
    "leases",
    "probes",
    "acme_challenges",
];

/// Every table of the SQLite file at `url` with its columns and declared
/// types.
async fn sqlite_tables(conn: &mut sqlx::SqliteConnection) -> Vec<(String, Vec<(String, String)>)> {
    let names: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&mut *conn)
            .await
            .unwrap();
    let mut tables = Vec::new();
    for name in names {
        let columns = sqlx::query_as("SELECT name, type FROM pragma_table_info($1) ORDER BY cid")
            .bind(&name)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
        tables.push((name, columns));
    }
    tables
}

/// Every row of `table`, each as SQLite quotes its values (so a number
/// and a text differ), sorted.
async fn sqlite_rows(
    conn: &mut sqlx::SqliteConnection,
    table: &str,
    columns: &[(String, String)],
) -> Vec<String> {
    let quoted: Vec<String> = columns.iter().map(|(c, _)| format!("quote({c})")).collect();
    let sql = format!("SELECT {} FROM {table}", quoted.join(" || '|' || "));
    let mut rows: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    rows.sort();
    rows
}

#[tokio::test]
async fn every_table_survives_migrate_db_to_postgres_and_back_row_for_row() {
    use sqlx::Connection;
    if !postgres_ready() {
        return;
    }
    // A game on SQLite; then every other table that is still empty gets
    // one row of made-up values, so a table the copy forgets shows.
    let dir = temp_dir();
    let server = ServerProcess::start_with(SERVER, &["--database", "./source.db"], &dir);
    a_short_game(server.addr).await;
    server.kill();
    let source = format!("sqlite://{}", dir.join("source.db").display());
    let mut conn = sqlx::SqliteConnection::connect(&source).await.unwrap();
    let tables = sqlite_tables(&mut conn).await;
    let mut filled = 0;
    for (table, columns) in &tables {
        let empty = sqlite_rows(&mut conn, table, columns).await.is_empty();
        if NOT_COPIED.contains(&table.as_str()) || !empty {
            continue;
        }
        let values: Vec<String> = columns
            .iter()
            .map(
                |(column, declared)| match declared.to_ascii_uppercase().as_str() {
                    // 1 is also a valid boolean (SQLite keeps those as integers).
                    t if t.contains("INT") => "1".to_string(),
                    t if t.contains("REAL") || t.contains("DOUBLE") => "1.5".to_string(),
                    _ => format!("'{table}.{column}'"),
                },
            )
            .collect();
        let names: Vec<&str> = columns.iter().map(|(c, _)| c.as_str()).collect();
        let sql = format!(
            "INSERT INTO {table} ({}) VALUES ({})",
            names.join(", "),
            values.join(", ")
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&mut conn)
            .await
            .unwrap();
        filled += 1;
    }
    assert!(
        filled >= 20,
        "only {filled} tables were empty: the schema changed?"
    );

    // To PostgreSQL and back into a new SQLite file.
    let pg_dir = temp_dir();
    let postgres = on_backend(Backend::Postgres, async { database_url(&pg_dir) }).await;
    let out = migrate(&source, &postgres);
    assert!(out.contains("copying push_subscriptions: 1 of 1"), "{out}");
    let back = format!("sqlite://{}", dir.join("back.db").display());
    migrate(&postgres, &back);

    let mut again = sqlx::SqliteConnection::connect(&back).await.unwrap();
    for (table, columns) in &tables {
        let before = sqlite_rows(&mut conn, table, columns).await;
        let after = sqlite_rows(&mut again, table, columns).await;
        if NOT_COPIED.contains(&table.as_str()) {
            assert!(
                after.is_empty() || table == "_sqlx_migrations",
                "{table}: {after:?}"
            );
        } else {
            assert!(!before.is_empty(), "{table} has no row to copy");
            assert_eq!(before, after, "{table}");
        }
    }
}

/// Runs `test` on a store of a new PostgreSQL database (its URL and the
/// store, its writer running), unless the PostgreSQL tests are skipped.
async fn on_a_postgres_store<F, T>(test: F)
where
    F: FnOnce(String, lodestone_server::testing::Store) -> T,
    T: std::future::Future<Output = ()>,
{
    use lodestone_server::testing::{Store, StoreOptions};
    if !postgres_ready() {
        return;
    }
    on_backend(Backend::Postgres, async {
        let url = database_url(&temp_dir());
        let (store, _task) = Store::open(&url, &StoreOptions::default()).await.unwrap();
        test(url, store).await;
    })
    .await;
}

/// An action event of `room` at `seq`.
fn action(room: &str, seq: i64, data: &str) -> lodestone_server::testing::Op {
    lodestone_server::testing::Op::Append(lodestone_server::testing::EventRow {
        room_id: room.into(),
        seq,
        kind: "action".into(),
        at: 1000 + seq,
        data: data.into(),
    })
}

/// Group commit on PostgreSQL with fences: twenty rooms' appends sent at
/// once (one batch: the test's runtime has one thread, so every request
/// is queued before the writer runs), each fenced by its room's lease, one
/// of them under a lease another node holds. The fenced one fails alone
/// (`Fenced`, nothing of it stored); the other nineteen are stored and
/// acknowledged together (their rows share one transaction id, `xmin`),
/// not with one commit each.
#[tokio::test(flavor = "current_thread")]
async fn a_fenced_append_fails_alone_and_the_others_share_one_commit() {
    use lodestone_server::testing::{Op, RoomRow, StoreError, StoredStatus};
    use sqlx::Connection;
    on_a_postgres_store(|url, store| async move {
        let leases = store.leases().expect("PostgreSQL has leases");
        let event = |room: &str, seq: i64| action(room, seq, "{}");
        let rooms: Vec<String> = (0..20).map(|i| format!("r{i:02}")).collect();
        for room in &rooms {
            store
                .write(vec![
                    Op::CreateRoom(RoomRow {
                        id: room.clone(),
                        game: "magneton".into(),
                        public: true,
                        status: StoredStatus::Open,
                        created_at: 1,
                    }),
                    event(room, 1),
                ])
                .await
                .unwrap();
            let node = if room == "r07" { "n2" } else { "n1" };
            leases.claim_new(room, node, 60_000).await.unwrap();
        }
        let writes = rooms.iter().map(|room| {
            store.write(vec![
                Op::Fence {
                    room: room.clone(),
                    node: "n1".into(),
                    epoch: 1,
                    deadline: None,
                },
                event(room, 2),
            ])
        });
        let results = futures_util::future::join_all(writes).await;
        for (room, result) in rooms.iter().zip(&results) {
            if room == "r07" {
                assert!(matches!(result, Err(StoreError::Fenced)), "{room}: {result:?}");
            } else {
                assert!(result.is_ok(), "{room}: {result:?}");
            }
        }
        let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
        let (stored, commits): (i64, i64) =
            sqlx::query_as("SELECT count(*), count(DISTINCT xmin::text) FROM events WHERE seq = 2")
                .fetch_one(&mut conn)
                .await
                .unwrap();
        assert_eq!((stored, commits), (19, 1), "appends stored, and their commits");
        let fenced: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE room_id = 'r07'")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        assert_eq!(fenced, 1, "nothing of the fenced request is stored");
    })
    .await;
}

/// PostgreSQL stores a batch as one script (the values written into it
/// as literals, one round trip): a lone request with a fence, an event, a
/// status, a game due and a rename is stored (had its script failed, it
/// would have failed: a batch of one is not stored again apart); every
/// text comes back exactly as given (quotes, backslashes, a `$1`, letters
/// beyond ASCII), and in one batch
/// the requests that cannot be stored fail alone, each for its own reason:
/// a text with a NUL (no script can carry it), a status for a room with no
/// row, and a lease that lapsed by the database's clock (`Fenced`). The
/// two good requests are stored, with their status and fence deadline.
#[tokio::test(flavor = "current_thread")]
async fn a_batch_in_one_script_stores_every_text_as_given_and_its_bad_requests_fail_alone() {
    use lodestone_server::testing::{Op, RoomRow, StoreError, StoredStatus};
    use sqlx::Connection;
    on_a_postgres_store(|url, store| async move {
        let leases = store.leases().expect("PostgreSQL has leases");
        let event = action;
        let fence = |room: &str| Op::Fence {
            room: room.into(),
            node: "n1".into(),
            epoch: 1,
            deadline: Some(4242),
        };
        let status = |room: &str| Op::SetStatus {
            room: room.into(),
            status: StoredStatus::Finished,
        };
        for room in ["good", "nul", "norow", "lapsed", "plain"] {
            store
                .write(vec![
                    Op::CreateRoom(RoomRow {
                        id: room.into(),
                        game: "magneton".into(),
                        public: true,
                        status: StoredStatus::Open,
                        created_at: 1,
                    }),
                    event(room, 1, "{}"),
                ])
                .await
                .unwrap();
            let lease_ms = if room == "lapsed" { 1 } else { 60_000 };
            leases.claim_new(room, "n1", lease_ms).await.unwrap();
        }
        // Alone, a request with every kind of statement a move's commit
        // may carry: a failed script would not be stored apart, it would
        // fail.
        store
            .write(vec![Op::CreateGuest {
                id: "g1".into(),
                name: "Ann".into(),
                token_hash: "h1".into(),
                created_at: 1,
                bot: None,
            }])
            .await
            .unwrap();
        store
            .write(vec![
                fence("plain"),
                event("plain", 2, "{}"),
                Op::SetStatus {
                    room: "plain".into(),
                    status: StoredStatus::Playing,
                },
                Op::GameDue {
                    room: "plain".into(),
                    at: 5,
                },
                Op::RenameGuest {
                    id: "g1".into(),
                    name: "Ann 'the' \\ best".into(),
                },
            ])
            .await
            .unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let said = r#"{"say":"it's \\ \"q\" $1 E'x' '' \\' ü 🦀"}"#;
        let (good, nul, norow, lapsed, plain) = tokio::join!(
            store.write(vec![fence("good"), event("good", 2, said), status("good")]),
            store.write(vec![fence("nul"), event("nul", 2, "{\"say\":\"a\0b\"}")]),
            store.write(vec![event("norow", 2, "{}"), status("nowhere")]),
            store.write(vec![fence("lapsed"), event("lapsed", 2, "{}")]),
            store.write(vec![fence("plain"), event("plain", 3, "{}")]),
        );
        good.unwrap();
        plain.unwrap();
        assert!(matches!(nul, Err(StoreError::Rejected(_))), "{nul:?}");
        assert!(matches!(norow, Err(StoreError::Rejected(_))), "{norow:?}");
        assert!(matches!(lapsed, Err(StoreError::Fenced)), "{lapsed:?}");
        let events = store.room_events("good").await.unwrap();
        assert_eq!(events.last().map(|e| e.data.as_str()), Some(said));
        let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
        let stored: Vec<(String, i64)> =
            sqlx::query_as("SELECT room_id, max(seq) FROM events GROUP BY room_id ORDER BY room_id")
                .fetch_all(&mut conn)
                .await
                .unwrap();
        let expected = [("good", 2), ("lapsed", 1), ("norow", 1), ("nul", 1), ("plain", 3)];
        let expected: Vec<(String, i64)> = expected.iter().map(|(r, s)| (r.to_string(), *s)).collect();
        assert_eq!(stored, expected, "the last event of each room");
        let (status, deadline): (String, Option<i64>) = sqlx::query_as(
            "SELECT r.status, l.deadline FROM rooms r JOIN leases l ON l.room_id = r.id WHERE r.id = 'good'",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        assert_eq!((status.as_str(), deadline), ("finished", Some(4242)));
        let name: String = sqlx::query_scalar("SELECT name FROM guests WHERE id = 'g1'")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        assert_eq!(name, "Ann 'the' \\ best");
    })
    .await;
}
