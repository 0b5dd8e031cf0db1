//! Bot accounts (issue 33): an account marked a bot (for good; only an
//! account, and only one without rated games) makes and revokes API
//! tokens from its settings over HTTP, its program says `hello` with one
//! instead of a password, its seats and its page show it as a bot, and a
//! rated room seats it against people only when its option `rated-bots`
//! allows.

use std::net::SocketAddr;

use lodestone_protocol::{AccountInfo, NewApiToken, PROTOCOL_VERSION, PlayerPage, RoomStatus, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend, eventually, http_get, http_request, player_page};
use serde_json::{Value, json};

use crate::accounts::account;

/// `method path` with `token` as the bearer and an optional JSON body;
/// the status and the body.
async fn call(addr: SocketAddr, method: &str, path: &str, token: &str, body: Option<Value>) -> (u16, String) {
    let auth = format!("Bearer {token}");
    let body = body.map(|b| b.to_string());
    let (status, _, text) =
        http_request(addr, method, path, &[("Authorization", &auth)], body.as_deref()).await;
    (status, text)
}

/// The refusal's code of a JSON error body.
fn code(body: &str) -> String {
    serde_json::from_str::<Value>(body).unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Asks for a new API token labelled `label` with the account token
/// `token`: the status and the body.
async fn new_token(addr: SocketAddr, token: &str, label: &str) -> (u16, String) {
    call(
        addr,
        "POST",
        "/api/account/tokens",
        token,
        Some(json!({ "label": label })),
    )
    .await
}

/// A new account made a bot, with one API token: its client, id, device
/// token and API token.
pub(crate) async fn bot_account(addr: SocketAddr, name: &str) -> (Client, String, String, String) {
    let (client, id, token) = account(addr, name).await;
    let (status, body) = call(addr, "POST", "/api/account/bot", &token, None).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = new_token(addr, &token, "laptop").await;
    assert_eq!(status, 201, "{body}");
    let made: NewApiToken = serde_json::from_str(&body).unwrap();
    (client, id, token, made.token)
}

each_backend!(a_bot_account_plays_with_its_api_token_until_it_is_revoked);
async fn a_bot_account_plays_with_its_api_token_until_it_is_revoked() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (_ann, ann_id, ann_token) = account(addr, "Annbot").await;
    // Not a bot yet: no API token.
    let (status, body) = new_token(addr, &ann_token, "x").await;
    assert_eq!((status, code(&body)), (403, "not-a-bot-account".into()), "{body}");
    let (status, body) = call(addr, "POST", "/api/account/bot", &ann_token, None).await;
    assert_eq!(status, 200, "{body}");
    let info: AccountInfo = serde_json::from_str(&body).unwrap();
    assert!(info.account && info.bot && info.tokens.is_empty(), "{info:?}");
    let (status, body) = new_token(addr, &ann_token, " laptop ").await;
    assert_eq!(status, 201, "{body}");
    let made: NewApiToken = serde_json::from_str(&body).unwrap();
    assert_eq!((made.token.len(), made.info.label.as_str()), (64, "laptop"));
    // Listed without the token itself, which the server does not keep.
    let (status, body) = call(addr, "GET", "/api/account", &ann_token, None).await;
    assert_eq!(status, 200, "{body}");
    assert!(!body.contains(&made.token), "{body}");
    let info: AccountInfo = serde_json::from_str(&body).unwrap();
    assert_eq!(info.tokens, vec![made.info.clone()]);
    // The database holds its SHA-256 only (docs/api.md).
    let url = lodestone_tests::database_url(&server.dir);
    let sql = "SELECT token_hash FROM api_tokens";
    let stored = lodestone_tests::with_database!(&url, |conn| {
        sqlx::query_scalar::<_, String>(sql)
            .fetch_all(&mut conn)
            .await
            .unwrap()
    });
    assert_eq!(stored, [lodestone_protocol::sha256_hex(&made.token)]);
    // The token manages nothing.
    let (status, body) = call(addr, "GET", "/api/account", &made.token, None).await;
    assert_eq!((status, code(&body)), (403, "login-required".into()), "{body}");

    // Its program says hello with the token and plays as Ann, shown as a
    // bot account in the room and on its page.
    let mut program = Client::connect(addr).await;
    match program.resume(&made.token).await {
        ServerMessage::Welcome { guest, token, .. } => {
            assert_eq!((guest.id.as_str(), token), (ann_id.as_str(), None));
        }
        other => panic!("{other:?}"),
    }
    let room = program.seated_room("magneton", json!({}), json!("white")).await;
    let mut bo = Client::guest(addr, "Bo").await;
    bo.join(&room, json!(null)).await;
    let state = bo
        .state_until(&room, |s| s.seats.iter().all(|s| s.player.is_some()))
        .await;
    assert!(
        state.seats[0].bot_account && !state.seats[0].bot,
        "{:?}",
        state.seats[0]
    );
    assert!(!state.seats[1].bot_account);
    let (status, body) = http_get(addr, &format!("/api/players/{ann_id}"), None).await;
    assert_eq!(status, 200);
    let page: PlayerPage = serde_json::from_str(&body).unwrap();
    assert!(page.bot && page.account, "{page:?}");
    // The record reads with the API token like any token.
    let (status, _) = http_get(addr, &format!("/api/rooms/{room}/record"), Some(&made.token)).await;
    assert_eq!(status, 200);

    // Revoked: the next hello with it is refused.
    let revoke = format!("/api/account/tokens/{}", made.info.id);
    let (status, body) = call(addr, "DELETE", &revoke, &ann_token, None).await;
    assert_eq!(status, 204, "{body}");
    let (status, body) = call(addr, "DELETE", &revoke, &ann_token, None).await;
    assert_eq!((status, code(&body)), (404, "unknown-token".into()), "{body}");
    let mut again = Client::connect(addr).await;
    again
        .refused(
            json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": made.token}),
            "bad-token",
        )
        .await;
}

each_backend!(only_accounts_without_ratings_become_bots_and_tokens_are_limited);
async fn only_accounts_without_ratings_become_bots_and_tokens_are_limited() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let mut guest = Client::connect(addr).await;
    let guest_token = guest.hello("Cy").await;
    let (status, body) = call(addr, "POST", "/api/account/bot", &guest_token, None).await;
    assert_eq!((status, code(&body)), (403, "not-an-account".into()), "{body}");
    let (status, body) = call(addr, "GET", "/api/account", "no-such-token", None).await;
    assert_eq!((status, code(&body)), (401, "bad-token".into()), "{body}");
    let (status, _, body) = http_request(addr, "GET", "/api/account", &[], None).await;
    assert_eq!((status, code(&body)), (401, "not-identified".into()), "{body}");

    // Two accounts play a rated game: the players have ratings now.
    let (mut dee, dee_id, dee_token) = account(addr, "Dee").await;
    let (mut eve, _, _) = account(addr, "Eve").await;
    let room = dee.game_with(&mut eve, "magneton", json!({"rated": "yes"})).await;
    dee.ok(json!({"type": "resign", "room": room})).await;
    dee.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    // The ratings are written just after the end: wait for them.
    eventually!("a rating on Dee's page", {
        let page = player_page(addr, &dee_id).await;
        if page.ratings.is_empty() {
            Err(page)
        } else {
            Ok(())
        }
    });
    let (status, body) = call(addr, "POST", "/api/account/bot", &dee_token, None).await;
    assert_eq!((status, code(&body)), (409, "has-ratings".into()), "{body}");

    // At most ten tokens; a bad label is refused.
    let (_, _, token, _) = bot_account(addr, "Flo").await;
    for i in 1..10 {
        let (status, body) = new_token(addr, &token, &format!("t{i}")).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = new_token(addr, &token, "one more").await;
    assert_eq!((status, code(&body)), (409, "too-many-tokens".into()), "{body}");
    let (status, body) = new_token(addr, &token, "a\u{0007}b").await;
    assert_eq!((status, code(&body)), (400, "bad-message".into()), "{body}");
}

each_backend!(rated_rooms_seat_bot_accounts_against_people_only_when_allowed);
async fn rated_rooms_seat_bot_accounts_against_people_only_when_allowed() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (_, _, _, api_token) = bot_account(addr, "Gus").await;
    let mut gus = Client::connect(addr).await;
    gus.resume(&api_token).await;
    let (mut hal, _, _) = account(addr, "Hal").await;
    for (options, allowed) in [
        (json!({"rated": "yes"}), false),
        (json!({"rated": "yes", "rated-bots": "yes"}), true),
    ] {
        let room = hal.seated_room("magneton", options, json!(0)).await;
        gus.join(&room, json!(1)).await;
        let start = json!({"type": "start", "room": room});
        if allowed {
            hal.ok(start).await;
            let state = hal.state_until(&room, |s| s.status == RoomStatus::Playing).await;
            assert_eq!(state.options.get("rated-bots").map(String::as_str), Some("yes"));
        } else {
            let message = hal.refused(start, "rated-needs-accounts").await;
            assert!(
                message.contains("Gus is a bot account") && message.contains("rated-bots"),
                "{message}"
            );
        }
    }
    // Bots among themselves play rated.
    let (_, _, _, other_token) = bot_account(addr, "Ida").await;
    let mut ida = Client::connect(addr).await;
    ida.resume(&other_token).await;
    gus.game_with(&mut ida, "magneton", json!({"rated": "yes"})).await;
}
