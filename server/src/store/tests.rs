//! The store on a real SQLite file: writes read back, group commit lets a
//! bad request fail alone, the live rooms are found by their summaries.

use super::handle::Store;
use super::plan;
use super::types::*;
use crate::secrets::Token;

pub(super) fn event(room: &str, seq: i64, kind: &str) -> Op {
    Op::Append(EventRow {
        room_id: room.into(),
        seq,
        kind: kind.into(),
        at: 1000 + seq,
        data: "{}".into(),
    })
}

pub(super) fn new_room(id: &str) -> Vec<Op> {
    vec![
        event(id, 1, "created"),
        Op::CreateRoom(RoomRow {
            id: id.into(),
            game: "magneton".into(),
            public: true,
            status: StoredStatus::Open,
            created_at: 1,
        }),
    ]
}

fn status(room: &str, status: &str) -> Op {
    Op::SetStatus {
        room: room.into(),
        status: status.parse().unwrap(),
    }
}

fn guest(id: &str, token_hash: &str) -> Op {
    Op::CreateGuest {
        id: id.into(),
        name: id.to_uppercase(),
        token_hash: token_hash.into(),
        created_at: 1,
        bot: None,
    }
}

/// The store at `url` (a SQLite file is made if missing) and its writer.
async fn opened(url: &str) -> (Store, tokio::task::JoinHandle<()>) {
    Store::open(url, &StoreOptions::default()).await.unwrap()
}

/// Rooms `r00`, `r01`, … (`n` of them) stored in `store`, with their ids.
async fn stored_rooms(store: &Store, n: usize) -> Vec<String> {
    let rooms: Vec<String> = (0..n).map(|i| format!("r{i:02}")).collect();
    store
        .write(rooms.iter().flat_map(|r| new_room(r)).collect())
        .await
        .unwrap();
    rooms
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-store-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test]
async fn writes_are_durable_and_a_bad_request_fails_alone() {
    let dir = tempdir();
    let url = format!("sqlite://{}", dir.join("t.db").display());
    let (store, task) = opened(&url).await;
    let mut ops = vec![guest("g1", "h1")];
    ops.extend(new_room("r1"));
    ops.extend([
        event("r1", 2, "seat-taken"),
        event("r1", 3, "started"),
        status("r1", "playing"),
    ]);
    store.write(ops).await.unwrap();
    // Three requests in one batch: the duplicate (r1, 3) fails alone.
    let (dup, ok, rename) = tokio::join!(
        store.write(vec![event("r1", 3, "action")]),
        store.write(new_room("r2")),
        store.write(vec![Op::RenameGuest {
            id: "g1".into(),
            name: "Ann".into()
        }]),
    );
    assert!(matches!(dup, Err(StoreError::Rejected(_))), "{dup:?}");
    ok.unwrap();
    rename.unwrap();
    // A rename of nobody, or a status of no room, changes nothing and says so.
    let nobody = Op::RenameGuest {
        id: "nobody".into(),
        name: "x".into(),
    };
    assert!(store.write(vec![event("r2", 2, "x"), nobody]).await.is_err());
    assert!(store.write(vec![status("r9", "playing")]).await.is_err());
    assert_eq!(store.room_events("r2").await.unwrap().len(), 1);
    // A finished room is no longer live.
    store.write(new_room("r3")).await.unwrap();
    store
        .write(vec![event("r3", 2, "finished"), status("r3", "finished")])
        .await
        .unwrap();
    drop(store);
    task.await.unwrap();

    let (store, _task) = opened(dir.join("t.db").to_str().unwrap()).await;
    let ann = store.guest_by_token_hash("h1").await.unwrap().unwrap();
    assert_eq!((ann.id.as_str(), ann.name.as_str()), ("g1", "Ann"));
    let live = store.live_events().await.unwrap();
    let seqs: Vec<(&str, i64)> = live.iter().map(|e| (e.room_id.as_str(), e.seq)).collect();
    assert_eq!(seqs, [("r1", 1), ("r1", 2), ("r1", 3), ("r2", 1)]);
    assert_eq!(store.room_events("r3").await.unwrap().len(), 2);
    assert_eq!(
        store.guests(&["g1".into(), "g9".into()]).await.unwrap(),
        vec![ann]
    );
}

#[tokio::test]
async fn a_big_batch_is_split_into_statements_that_fit() {
    // In memory: the writer and the readers share one connection.
    let (store, _task) = opened("sqlite::memory:").await;
    assert!(store.live_events().await.unwrap().is_empty());
    let mut ops = new_room("r");
    ops.extend((2..=20_000).map(|seq| event("r", seq, "action")));
    store.write(ops).await.unwrap();
    assert_eq!(store.room_events("r").await.unwrap().len(), 20_000);
}

#[test]
fn database_urls_are_read_or_refused_with_a_sentence() {
    assert_eq!(
        Location::parse("./x.db").unwrap(),
        Location::SqliteFile("./x.db".into())
    );
    assert_eq!(
        Location::parse("sqlite://a.db").unwrap(),
        Location::SqliteUrl("sqlite://a.db".into())
    );
    assert!(matches!(
        Location::parse("postgres://u@h/db").unwrap(),
        Location::Postgres(_)
    ));
    let e = Location::parse("mysql://u@h/db").unwrap_err().to_string();
    assert!(e.contains("\"mysql\"") && e.contains("postgres://"), "{e}");
    assert!(Location::parse(" ").is_err());
    assert_eq!(
        Location::parse("postgres://ann:secret@db.example.org:5432/games")
            .unwrap()
            .to_string(),
        "postgres://ann:***@db.example.org:5432/games"
    );
}

/// The fences of a batch run before anything is written, in room order
/// (the order renewals lock the same rows in), with their bound values.
#[test]
fn fences_come_first_in_room_order() {
    let fence = |room: &str, epoch| Op::Fence {
        room: room.into(),
        node: "n1".into(),
        epoch,
        deadline: (epoch == 2).then_some(5000),
    };
    let ops = [
        event("r2", 2, "action"),
        fence("r2", 2),
        event("r1", 3, "action"),
        fence("r1", 7),
    ];
    let ops: Vec<&Op> = ops.iter().collect();
    let statements = plan::plan(&ops, 1000);
    assert_eq!(statements.len(), 3, "{statements:?}");
    let rooms: Vec<&str> = statements[..2]
        .iter()
        .map(|s| match s {
            plan::Statement::Fence { room, .. } => *room,
            other => panic!("not a fence first: {other:?}"),
        })
        .collect();
    assert_eq!(rooms, ["r1", "r2"]);
    assert!(statements[0].sql().contains("expires_at > clock_timestamp()"));
    assert!(statements[0].returns_row());
    assert!(matches!(statements[2], plan::Statement::Events(ref e) if e.len() == 2));
}

/// Guest identity through typed methods: a new person's token names it
/// (the store keeps only its hash; `Debug` hides the token), a bot is
/// stored with its level, and a token of nobody names nobody.
#[tokio::test]
async fn a_new_guests_token_names_it_and_no_other_token_does() {
    let (store, _task) = opened("sqlite::memory:").await;
    let (ann, token) = store.new_guest("Ann".into(), 5).await.unwrap();
    assert_eq!(store.guest_by_token(&token).await.unwrap(), Some(ann.clone()));
    assert_eq!(
        store.guest_by_token_hash(&token.hash()).await.unwrap(),
        Some(ann.clone())
    );
    let text = token.clone().reveal();
    assert!(!format!("{token:?}").contains(&text), "Debug hides the token");
    assert_eq!(
        store.guest_by_token(&Token::sent(text)).await.unwrap(),
        Some(ann.clone())
    );
    assert_eq!(store.guest_by_token(&Token::fresh()).await.unwrap(), None);
    store
        .new_bot("b1".into(), "Bot".into(), lodestone_rules::bot::Level::Greedy, 6)
        .await
        .unwrap();
    let bot = store.guests(&["b1".into()]).await.unwrap().pop().unwrap();
    assert_eq!(bot.bot, Some(lodestone_rules::bot::Level::Greedy));
    assert!(!store.is_api_token(&token).await.unwrap());
}

/// Group commit on a SQLite file, the batch built by hand so that it is
/// one batch: twenty rooms' appends and one duplicate. The batch fails as
/// one, so it is stored again with each request apart (a savepoint each,
/// one transaction): the duplicate alone fails, every other append is
/// stored and acknowledged, with one commit.
#[tokio::test]
async fn in_a_failed_batch_of_many_rooms_only_the_bad_request_fails() {
    let dir = tempdir();
    let path = dir.join("t.db");
    let (store, _task) = opened(path.to_str().unwrap()).await;
    let rooms = stored_rooms(&store, 20).await;
    let mut conn = super::sqlite_writer::open(path.clone(), false).unwrap();
    let commits = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = commits.clone();
    conn.commit_hook(Some(move || {
        counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        false
    }))
    .unwrap();
    let mut batch = Vec::new();
    let mut answers = Vec::new();
    for (i, room) in rooms.iter().enumerate() {
        let mut ops = vec![event(room, 2, "action")];
        if i == 7 {
            // Seq 1 is taken: this request cannot be stored.
            ops.push(event(room, 1, "again"));
        }
        let (done, answer) = tokio::sync::oneshot::channel();
        batch.push(WriteRequest { ops, done });
        answers.push(answer);
    }
    super::sqlite_writer::answer(&mut conn, &mut batch);
    assert!(batch.is_empty());
    // The batch as one failed; stored apart, the others share one commit.
    assert_eq!(commits.load(std::sync::atomic::Ordering::SeqCst), 1);
    for (i, answer) in answers.into_iter().enumerate() {
        let result = answer.await.unwrap();
        assert_eq!(result.is_ok(), i != 7, "request {i}: {result:?}");
    }
    for (i, room) in rooms.iter().enumerate() {
        let stored = store.room_events(room).await.unwrap();
        assert_eq!(stored.len(), if i == 7 { 1 } else { 2 }, "room {room}");
    }
}

/// Many rooms' appends sent at once through the store: each acknowledged
/// only once stored, all of them stored.
#[tokio::test]
async fn concurrent_appends_of_many_rooms_are_all_stored() {
    let dir = tempdir();
    let (store, _task) = opened(dir.join("t.db").to_str().unwrap()).await;
    let rooms = stored_rooms(&store, 50).await;
    let writes = rooms.iter().map(|room| {
        let store = store.clone();
        let room = room.clone();
        tokio::spawn(async move {
            for seq in 2..=5 {
                store.write(vec![event(&room, seq, "action")]).await?;
                // Acknowledged: it is stored.
                assert_eq!(store.room_events(&room).await?.len() as i64, seq);
            }
            Ok::<_, StoreError>(())
        })
    });
    for write in futures_util::future::join_all(writes).await {
        write.unwrap().unwrap();
    }
    let live = store.live_events().await.unwrap();
    assert_eq!(live.len(), rooms.len() * 5);
}

/// The WAL of a SQLite file is checkpointed once it passes its threshold,
/// and under a writer that never rests it starts again from its
/// beginning: after appends of about ten times the threshold's pages from
/// many rooms at once, the WAL file is not much longer than the
/// threshold, checkpoints have run, and everything is stored. (With the
/// checkpoints on a thread of their own beside the writer, the WAL grew
/// with every append.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_starts_again_after_its_checkpoints_under_a_busy_writer() {
    let dir = tempdir();
    let path = dir.join("t.db");
    let (store, _task) = opened(path.to_str().unwrap()).await;
    assert_eq!(store.checkpoints(), 0);
    let rooms = stored_rooms(&store, 16).await;
    let pages = super::checkpoints::CHECKPOINT_PAGES as i64;
    // Each append takes about a page of 4 KiB (its row overflows into one).
    let data = format!("{{\"pad\": \"{}\"}}", "x".repeat(3000));
    let appends = 10 * pages / rooms.len() as i64;
    let writes = rooms.iter().map(|room| {
        let (store, room, data) = (store.clone(), room.clone(), data.clone());
        tokio::spawn(async move {
            for seq in 2..2 + appends {
                let mut op = event(&room, seq, "action");
                if let Op::Append(row) = &mut op {
                    row.data = data.clone();
                }
                store.write(vec![op]).await?;
            }
            Ok::<_, StoreError>(())
        })
    });
    for write in futures_util::future::join_all(writes).await {
        write.unwrap().unwrap();
    }
    assert!(store.checkpoints() > 0, "no checkpoint ran");
    let wal = std::fs::metadata(dir.join("t.db-wal")).unwrap().len();
    // A WAL frame is a page and a 24-byte header.
    let most = 3 * pages as u64 * (4096 + 24);
    assert!(
        wal <= most,
        "the WAL grew to {wal} bytes (at most {most} expected)"
    );
    for room in &rooms {
        assert_eq!(store.room_events(room).await.unwrap().len() as i64, 1 + appends);
    }
}

/// The same on the pool's writer (an in-memory database: sqlx's path, as
/// PostgreSQL's): three requests queued together, the duplicate fails
/// alone and the others are stored.
#[tokio::test]
async fn the_pools_writer_lets_a_bad_request_fail_alone() {
    let (store, _task) = opened("sqlite::memory:").await;
    store.write(new_room("r1")).await.unwrap();
    let (dup, ok, other) = tokio::join!(
        store.write(vec![event("r1", 1, "again")]),
        store.write(vec![event("r1", 2, "action")]),
        store.write(new_room("r2")),
    );
    assert!(matches!(dup, Err(StoreError::Rejected(_))), "{dup:?}");
    ok.unwrap();
    other.unwrap();
    assert_eq!(store.room_events("r1").await.unwrap().len(), 2);
    assert_eq!(store.room_events("r2").await.unwrap().len(), 1);
}
