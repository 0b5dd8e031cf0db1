//! Accounts (issue 14): a guest registers and logs in on a new device as
//! the same guest, with its rooms; a wrong password and an unknown name
//! get the same refusal; logins are limited; the password never reaches
//! the server's logs.

use std::net::SocketAddr;
use std::path::Path;

use lodestone_protocol::ServerMessage;
use lodestone_tests::{Client, ServerProcess, TestServer, database_url, each_backend, temp_dir};
use serde_json::json;

pub use lodestone_tests::{PASSWORD, account};

/// Logs in on a fresh connection; returns the welcome.
async fn login(addr: SocketAddr, name: &str, password: &str) -> (Client, ServerMessage) {
    let mut c = Client::connect(addr).await;
    let reply = c
        .request(json!({"type": "login", "name": name, "password": password}))
        .await;
    (c, reply)
}

/// The server binary as a child process on the database of `dir`, with
/// `env` set and its log (stderr) written to `log`.
pub fn spawn_server(dir: &Path, env: &[(&str, &str)], log: &Path) -> ServerProcess {
    let server = env!("CARGO_BIN_EXE_lodestone-test-server");
    let mut command = ServerProcess::command(server, &["--database", &database_url(dir)], dir);
    command
        .envs(env.iter().copied())
        .stderr(std::fs::File::create(log).expect("a log file"));
    ServerProcess::start_command(command)
}

each_backend!(a_registered_guest_logs_in_on_a_new_device_as_itself);
async fn a_registered_guest_logs_in_on_a_new_device_as_itself() {
    let server = TestServer::start().await;
    let (mut ann, ann_id, first_token) = account(server.addr(), "Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!(0)).await;

    // A new device: login, not hello. The name ignores case.
    let (mut phone, welcome) = login(server.addr(), "aNN", PASSWORD).await;
    let token = match welcome {
        ServerMessage::Welcome {
            guest,
            token: Some(token),
            rooms,
            ..
        } => {
            assert_eq!(guest.id, ann_id, "the same guest");
            assert_eq!(guest.name, "Ann");
            assert_eq!(rooms, vec![room.clone()], "its rooms come along");
            token
        }
        other => panic!("{other:?}"),
    };
    assert_ne!(token, first_token, "a token of its own for the new device");
    phone.ok(json!({"type": "watch", "room": room})).await;
    let state = phone.state_at(&room, 0).await;
    assert_eq!(state.you, Some(0), "the new device plays the guest's seat");

    // Both devices' tokens keep working, as the same guest.
    for t in [&token, &first_token] {
        let mut c = server.client().await;
        match c.resume(t).await {
            ServerMessage::Welcome { guest, rooms, .. } => {
                assert_eq!(guest.id, ann_id);
                assert_eq!(rooms, vec![room.clone()]);
            }
            other => panic!("{other:?}"),
        }
    }
    // The record endpoint takes the device's token too.
    let (status, _) =
        lodestone_tests::http_get(server.addr(), &format!("/api/rooms/{room}/record"), Some(&token)).await;
    assert_eq!(status, 200);
    let (status, page) =
        lodestone_tests::http_get(server.addr(), &format!("/api/players/{ann_id}"), None).await;
    assert_eq!(status, 200);
    let page: serde_json::Value = serde_json::from_str(&page).unwrap();
    assert_eq!(page["account"], true);
    assert_eq!(page["name"], "Ann");
}

each_backend!(wrong_passwords_and_bad_registrations_are_refused_with_codes);
async fn wrong_passwords_and_bad_registrations_are_refused_with_codes() {
    let server = TestServer::start().await;
    let (mut ann, _, _) = account(server.addr(), "Ann").await;
    let (mut c, wrong) = login(server.addr(), "Ann", "not the password").await;
    let (_, unknown) = login(server.addr(), "Nobody", PASSWORD).await;
    let refusal = |m: &ServerMessage| match m {
        ServerMessage::Error { code, message, .. } => (code.as_str().to_string(), message.clone()),
        other => panic!("not refused: {other:?}"),
    };
    assert_eq!(refusal(&wrong).0, "bad-login");
    assert_eq!(
        refusal(&wrong),
        refusal(&unknown),
        "a wrong name is told like a wrong password"
    );
    // The refused connection is still nobody.
    c.refused(json!({"type": "list_rooms"}), "not-identified").await;

    ann.refused(
        json!({"type": "register", "name": "Ann", "password": PASSWORD}),
        "already-registered",
    )
    .await;
    let mut bo = server.guest("Bo").await;
    let short = bo
        .refused(
            json!({"type": "register", "name": "Bo", "password": "1234567"}),
            "bad-password",
        )
        .await;
    assert!(short.contains("8 to 128"), "{short}");
    bo.refused(
        json!({"type": "register", "name": "Bo", "password": "x".repeat(129)}),
        "bad-password",
    )
    .await;
    bo.refused(
        json!({"type": "register", "name": "ANN", "password": PASSWORD}),
        "name-taken",
    )
    .await;
    bo.refused(
        json!({"type": "register", "name": " ", "password": PASSWORD}),
        "bad-name",
    )
    .await;
    let mut nobody = server.client().await;
    nobody
        .refused(
            json!({"type": "register", "name": "Cy", "password": PASSWORD}),
            "not-identified",
        )
        .await;
    // After all that, Bo can still become an account, and log in.
    bo.ok(json!({"type": "register", "name": "Bo", "password": PASSWORD}))
        .await;
    let (_, ok) = login(server.addr(), "bo", PASSWORD).await;
    assert!(
        matches!(ok, ServerMessage::Welcome { token: Some(_), .. }),
        "{ok:?}"
    );
}

each_backend!(logins_are_limited_per_account);
async fn logins_are_limited_per_account() {
    let server = TestServer::start_with(|c| c.limits.logins_per_account = 5).await;
    account(server.addr(), "Ann").await;
    let mut c = server.client().await;
    for _ in 0..5 {
        c.refused(
            json!({"type": "login", "name": "Ann", "password": "guess guess"}),
            "bad-login",
        )
        .await;
    }
    // The right password does not get past the limit either.
    let m = c
        .refused(
            json!({"type": "login", "name": "ann", "password": PASSWORD}),
            "too-many-logins",
        )
        .await;
    assert!(m.contains("a minute"), "{m}");
    // Another account is not held back by Ann's limit.
    account(server.addr(), "Bo").await;
    let (_, ok) = login(server.addr(), "Bo", PASSWORD).await;
    assert!(matches!(ok, ServerMessage::Welcome { .. }), "{ok:?}");
    let (_, metrics) = lodestone_tests::http_get(server.addr(), "/metrics", None).await;
    assert!(
        metrics
            .lines()
            .any(|l| l == r#"lodestone_refusals_total{reason="logins"} 1"#),
        "{metrics}"
    );
}

each_backend!(the_password_never_reaches_the_servers_log);
async fn the_password_never_reaches_the_servers_log() {
    let dir = temp_dir();
    let log = dir.join("server.log");
    // The most a host can ask for: every module's traces.
    let server = spawn_server(&dir, &[("RUST_LOG", "trace")], &log);
    let addr = server.addr;
    let secret = "tell-no-one-7f3a";
    let mut c = Client::guest(addr, "Dee").await;
    c.refused(
        json!({"type": "register", "name": "Dee", "password": "short7!"}),
        "bad-password",
    )
    .await;
    c.ok(json!({"type": "register", "name": "Dee", "password": secret}))
        .await;
    let (_, ok) = login(addr, "Dee", secret).await;
    assert!(matches!(ok, ServerMessage::Welcome { .. }), "{ok:?}");
    login(addr, "Dee", "tell-no-one-wrong").await;
    server.kill();
    let text = std::fs::read_to_string(&log).expect("the log");
    assert!(text.contains("logged in"), "the log was captured:\n{text}");
    for needle in [secret, "short7!", "tell-no-one"] {
        assert!(!text.contains(needle), "the log has {needle:?}:\n{text}");
    }
}
