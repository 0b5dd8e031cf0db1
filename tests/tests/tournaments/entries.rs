//! Entering, leaving and the refusals that change nothing.

use lodestone_protocol::TournamentState;
use lodestone_tests::{Client, TestServer, each_backend, header, http_get, http_get_full, http_request};
use serde_json::json;

use crate::helpers::{create, join_tournament, quick, start_tournament, state, watch_tournament};

each_backend!(a_private_tournament_over_http_needs_its_invite);
/// Over HTTP, a private tournament and its records are refused without
/// its invite (`not-invited`) and shown with it; the records come as a
/// file named after the tournament; an unknown id is `unknown-tournament`.
async fn a_private_tournament_over_http_needs_its_invite() {
    let server = TestServer::start_with(quick).await;
    let mut ann = server.guest("Ann").await;
    let private = create(
        &mut ann,
        json!({"name": "Club night", "game": "magneton", "format": "swiss", "rounds": 3, "public": false}),
    )
    .await;
    let invite = private.invite.clone().expect("the organizer sees the invite");
    let page = format!("/api/tournaments/{}", private.id);
    for path in [page.clone(), format!("{page}/records")] {
        let (status, body) = http_get(server.addr(), &path, None).await;
        assert_eq!(status, 403, "{path}: {body}");
        assert!(body.contains("not-invited"), "{path}: {body}");
        let (status, body) = http_get(server.addr(), &format!("{path}?invite={invite}"), None).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
    let (_, headers, _) =
        http_get_full(server.addr(), &format!("{page}/records?invite={invite}"), None).await;
    let file = format!("attachment; filename=\"tournament-{}.txt\"", private.id);
    assert_eq!(header(&headers, "content-disposition"), Some(file.as_str()));
    let (status, body) = http_get(server.addr(), "/api/tournaments/nope", None).await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("unknown-tournament"), "{body}");
}

each_backend!(refused_entries_change_nothing);
/// Every refusal has its code, and the tournament is as it was.
async fn refused_entries_change_nothing() {
    let server = TestServer::start_with(quick).await;
    let mut ann = server.guest("Ann").await;
    let mut bob = server.guest("Bob").await;
    let private = create(
        &mut ann,
        json!({"name": "Club night", "game": "magneton", "format": "swiss", "rounds": 3,
               "public": false, "max_players": 2}),
    )
    .await;
    let invite = private.invite.clone().expect("the organizer sees the invite");
    bob.refused(
        json!({"type": "join_tournament", "tournament": private.id}),
        "not-invited",
    )
    .await;
    ann.refused(
        json!({"type": "add_tournament_bot", "tournament": private.id, "level": "random"}),
        "bots-not-allowed",
    )
    .await;
    let joined = state(
        bob.ok(json!({"type": "join_tournament", "tournament": private.id, "invite": invite}))
            .await,
    );
    assert_eq!(joined.players.len(), 1);
    assert_eq!(joined.invite, None, "only the organizer sees the invite");
    join_tournament(&mut ann, &private.id).await;
    let mut cat = server.guest("Cat").await;
    cat.refused(
        json!({"type": "join_tournament", "tournament": private.id, "invite": invite}),
        "tournament-full",
    )
    .await;
    bob.refused(
        json!({"type": "start_tournament", "tournament": private.id}),
        "not-owner",
    )
    .await;
    let accounts = create(
        &mut ann,
        json!({"name": "Members", "game": "magneton", "format": "arena", "seconds": 600, "accounts_only": true}),
    )
    .await;
    cat.refused(
        json!({"type": "join_tournament", "tournament": accounts.id}),
        "not-an-account",
    )
    .await;
    ann.refused(
        json!({"type": "create_tournament", "tournament": {"name": "Bad", "game": "magma", "format": "swiss", "rounds": 3, "options": {"players": "4"}}}),
        "bad-option",
    )
    .await;
    ann.refused(
        json!({"type": "create_tournament", "tournament": {"name": "", "game": "magneton", "format": "arena", "seconds": 600}}),
        "bad-option",
    )
    .await;
    ann.refused(
        json!({"type": "join_tournament", "tournament": "nope"}),
        "unknown-tournament",
    )
    .await;
    // Nothing of the refusals shows.
    let now = watch_tournament(&mut ann, &private.id).await;
    assert_eq!(now.players.len(), 2);
    let late = create(
        &mut ann,
        json!({"name": "Started", "game": "magneton", "format": "round-robin"}),
    )
    .await;
    join_tournament(&mut ann, &late.id).await;
    join_tournament(&mut bob, &late.id).await;
    ann.refused(
        json!({"type": "create_tournament", "tournament": {"name": "Fourth", "game": "magneton", "format": "arena", "seconds": 600}}),
        "too-many-tournaments",
    )
    .await;
    start_tournament(&mut ann, &late.id).await;
    cat.refused(
        json!({"type": "join_tournament", "tournament": late.id}),
        "too-late",
    )
    .await;
    let running = watch_tournament(&mut ann, &late.id).await;
    assert_eq!(running.players.len(), 2);
    assert_eq!(running.rounds.len(), 1);
}

/// The password of the tests' accounts.
pub(crate) use lodestone_tests::account;

each_backend!(a_bot_account_enters_only_where_the_organizer_allowed_bots);
/// An account marked a bot (after its connection's hello) is refused with
/// `bots-not-allowed` where the organizer did not allow bots, on that
/// connection and on a new one, and nothing changes; where bots are
/// allowed it enters as a bot account, and its game's seat shows it.
async fn a_bot_account_enters_only_where_the_organizer_allowed_bots() {
    let server = TestServer::start_with(quick).await;
    let addr = server.addr();
    let mut ann = server.guest("Ann").await;
    let (mut robo, robo_id, token) = account(addr, "Robo").await;
    let people = create(
        &mut ann,
        json!({"name": "People only", "game": "magneton", "format": "round-robin"}),
    )
    .await;
    let welcome = create(
        &mut ann,
        json!({"name": "Bots welcome", "game": "magneton", "format": "round-robin", "bots": true}),
    )
    .await;
    // A person's account enters (and leaves again).
    join_tournament(&mut robo, &people.id).await;
    robo.ok(json!({"type": "withdraw_tournament", "tournament": people.id}))
        .await;
    let auth = format!("Bearer {token}");
    let (status, _, body) = http_request(
        addr,
        "POST",
        "/api/account/bot",
        &[("Authorization", &auth)],
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    robo.refused(
        json!({"type": "join_tournament", "tournament": people.id}),
        "bots-not-allowed",
    )
    .await;
    let mut program = Client::connect(addr).await;
    program.resume(&token).await;
    program
        .refused(
            json!({"type": "join_tournament", "tournament": people.id}),
            "bots-not-allowed",
        )
        .await;
    let unchanged = watch_tournament(&mut ann, &people.id).await;
    assert!(unchanged.players.is_empty(), "{:?}", unchanged.players);

    let entered = state(
        program
            .ok(json!({"type": "join_tournament", "tournament": welcome.id}))
            .await,
    );
    let seat = entered
        .players
        .iter()
        .find(|p| p.id == robo_id)
        .expect("the bot account entered");
    assert!(seat.bot_account && !seat.bot, "{seat:?}");
    join_tournament(&mut ann, &welcome.id).await;
    let running = start_tournament(&mut ann, &welcome.id).await;
    let (status, body) = http_get(addr, &format!("/api/tournaments/{}", welcome.id), None).await;
    assert_eq!(status, 200);
    let over_http: TournamentState = serde_json::from_str(&body).unwrap();
    assert!(over_http.players.iter().any(|p| p.id == robo_id && p.bot_account));
    let room = running.rounds[0].games[0].room.clone();
    program.ok(json!({"type": "watch", "room": room})).await;
    let game = program
        .state_until(&room, |s| s.seats.iter().all(|s| s.player.is_some()))
        .await;
    for s in &game.seats {
        let robo_here = s.player.as_ref().is_some_and(|p| p.id == robo_id);
        assert_eq!(s.bot_account, robo_here, "{s:?}");
        assert!(!s.bot, "{s:?}");
    }
}
