//! Entering, leaving and the refusals that change nothing.

use lodestone_tests::{TestServer, each_backend};
use serde_json::json;

use crate::helpers::{create, quick, state};

each_backend!(refused_entries_change_nothing);
/// Every refusal has its code, and the tournament is as it was.
async fn refused_entries_change_nothing() {
    let server = TestServer::start_with(quick).await;
    let mut ann = server.client().await;
    ann.hello("Ann").await;
    let mut bob = server.client().await;
    bob.hello("Bob").await;
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
    ann.ok(json!({"type": "join_tournament", "tournament": private.id}))
        .await;
    let mut cat = server.client().await;
    cat.hello("Cat").await;
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
    let now = state(
        ann.ok(json!({"type": "watch_tournament", "tournament": private.id}))
            .await,
    );
    assert_eq!(now.players.len(), 2);
    let late = create(
        &mut ann,
        json!({"name": "Started", "game": "magneton", "format": "round-robin"}),
    )
    .await;
    ann.ok(json!({"type": "join_tournament", "tournament": late.id}))
        .await;
    bob.ok(json!({"type": "join_tournament", "tournament": late.id}))
        .await;
    ann.refused(
        json!({"type": "create_tournament", "tournament": {"name": "Fourth", "game": "magneton", "format": "arena", "seconds": 600}}),
        "too-many-tournaments",
    )
    .await;
    ann.ok(json!({"type": "start_tournament", "tournament": late.id}))
        .await;
    cat.refused(
        json!({"type": "join_tournament", "tournament": late.id}),
        "too-late",
    )
    .await;
    let running = state(
        ann.ok(json!({"type": "watch_tournament", "tournament": late.id}))
            .await,
    );
    assert_eq!(running.players.len(), 2);
    assert_eq!(running.rounds.len(), 1);
}
