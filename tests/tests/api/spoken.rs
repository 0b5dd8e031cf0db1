//! Words the server chooses in the client's language beyond its error
//! sentences: a computer player's name (in the language of whoever seats
//! it), and refusals that carry their details (`detail` of an `error`) so
//! that each language says them.

use lodestone_protocol::{Action, Detail, Lasting, PROTOCOL_VERSION, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::json;

/// A client that said `hello` as `name` in language `lang`.
async fn speaking(server: &TestServer, name: &str, lang: &str) -> Client {
    let mut c = server.client().await;
    c.ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "lang": lang}))
        .await;
    c
}

each_backend!(a_bot_is_named_in_the_language_of_whoever_seats_it);
async fn a_bot_is_named_in_the_language_of_whoever_seats_it() {
    let server = TestServer::start().await;
    for (lang, level, name) in [
        ("en", "greedy", "Bot (greedy)"),
        ("fr_FR.UTF-8", "greedy", "Ordinateur (glouton)"),
        ("de", "hard", "Computer (schwer)"),
    ] {
        let mut owner = speaking(&server, "Ann", lang).await;
        let (room, _) = owner.create_room("magneton", json!({}), true).await;
        owner.join(&room, json!("white")).await;
        owner
            .ok(json!({"type": "add_bot", "room": room, "level": level}))
            .await;
        let state = owner.state_until(&room, |s| s.seats[1].player.is_some()).await;
        assert_eq!(state.seats[1].player.as_ref().unwrap().name, name, "{lang}");
    }
    // A tournament's organizer names its bots, numbered.
    let mut ann = speaking(&server, "Ann", "fr").await;
    let created = ann
        .ok(json!({"type": "create_tournament", "tournament":
            {"name": "Vendredi", "game": "magneton", "format": "round-robin", "bots": true}}))
        .await;
    let ServerMessage::Tournament { tournament, .. } = created else {
        panic!("{created:?}");
    };
    let mut last = None;
    for level in ["random", "easy"] {
        last = Some(
            ann.ok(json!({"type": "add_tournament_bot", "tournament": tournament.id, "level": level}))
                .await,
        );
    }
    let Some(ServerMessage::Tournament { tournament, .. }) = last else {
        panic!("{last:?}");
    };
    let names: Vec<&str> = tournament.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ordinateur 1 (hasard)", "Ordinateur 2 (facile)"]);
}

/// The refusal of `message`: its sentence and details.
async fn refusal(c: &mut Client, message: serde_json::Value, code: &str) -> (String, Option<Detail>) {
    match c.request(message.clone()).await {
        ServerMessage::Error {
            code: c,
            message: m,
            detail,
            ..
        } => {
            assert_eq!(c, code, "{message}: {m}");
            (m, detail.map(|d| *d))
        }
        other => panic!("{message} was not refused: {other:?}"),
    }
}

each_backend!(refusals_carry_their_details_and_each_language_says_them);
/// No such seat, a seat taken, not the owner, already started, a chat
/// timeout, a ban and the ban at the next `hello`: each refusal carries
/// its values (`detail`), the same in every language, and its sentence
/// says them in the client's language.
async fn refusals_carry_their_details_and_each_language_says_them() {
    let server = crate::moderation::moderated_server(|_| {}).await;
    let (_admin, mut mo, _) = crate::moderation::staff(server.addr()).await;
    let seats = || vec!["white".to_string(), "black".to_string()];
    for (lang, said) in [
        (
            "en",
            [
                "magneton has no seat red (its seats: white, black)",
                "only the room's owner may seat a bot: this room is not yours (its owner, Owner, may)",
                "the game has started: seats cannot be left",
                "a moderator has stopped your chat for 10 minutes more: insults",
                "this account is banned for 2 hours more: cheating",
                "seat white is taken by Owner",
            ],
        ),
        (
            "fr_FR.UTF-8",
            [
                "magneton n'a pas de place red (ses places : white, black)",
                "seul le propriétaire de la salle peut asseoir un robot : cette salle n'est pas la vôtre (son propriétaire, Owner, le peut)",
                "la partie a commencé : on ne peut plus quitter sa place",
                "un modérateur a coupé votre discussion pour encore 10 minutes : insults",
                "ce compte est banni pour encore 2 heures : cheating",
                "la place white est prise par Owner",
            ],
        ),
        (
            "de",
            [
                "magneton hat keinen Platz red (seine Plätze: white, black)",
                "nur der Besitzer des Raums darf einen Bot setzen: dieser Raum gehört nicht Ihnen (sein Besitzer, Owner, darf es)",
                "die Partie hat begonnen: Plätze können nicht verlassen werden",
                "ein Moderator hat Ihren Chat gesperrt, noch 10 Minuten: insults",
                "dieses Konto ist gesperrt, noch 2 Stunden: cheating",
                "Platz white hat schon Owner",
            ],
        ),
    ] {
        let mut owner = speaking(&server, "Owner", "en").await;
        let (room, _) = owner.create_room("magneton", json!({}), true).await;
        owner.join(&room, json!("white")).await;
        let mut zoe = server.client().await;
        let welcome = zoe
            .ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Zoé", "lang": lang}))
            .await;
        let ServerMessage::Welcome { guest, token, .. } = welcome else {
            panic!("{welcome:?}");
        };

        let (m, detail) = refusal(
            &mut zoe,
            json!({"type": "join", "room": room, "seat": "red"}),
            "no-such-seat",
        )
        .await;
        let seat = "red".to_string();
        let game = "magneton".to_string();
        assert_eq!(
            detail,
            Some(Detail::NoSuchSeat {
                game,
                seat,
                seats: seats()
            })
        );
        assert_eq!(m, said[0], "{lang}");

        let (m, detail) = refusal(
            &mut zoe,
            json!({"type": "join", "room": room, "seat": "white"}),
            "seat-taken",
        )
        .await;
        let (seat, name) = ("white".to_string(), "Owner".to_string());
        assert_eq!(detail, Some(Detail::SeatTaken { seat, name }));
        assert_eq!(m, said[5], "{lang}");

        zoe.join(&room, json!("black")).await;
        let (m, detail) = refusal(&mut zoe, json!({"type": "add_bot", "room": room}), "not-owner").await;
        let owner_name = Some("Owner".to_string());
        assert_eq!(
            detail,
            Some(Detail::NotOwner {
                action: Action::SeatBot,
                owner: owner_name
            })
        );
        assert_eq!(m, said[1], "{lang}");

        owner.ok(json!({"type": "start", "room": room})).await;
        let (m, detail) = refusal(
            &mut zoe,
            json!({"type": "leave", "room": room}),
            "already-started",
        )
        .await;
        assert_eq!(
            detail,
            Some(Detail::AlreadyStarted {
                action: Action::LeaveSeat
            })
        );
        assert_eq!(m, said[2], "{lang}");

        mo.ok(json!({"type": "admin_timeout", "player": guest.id, "minutes": 10, "reason": "insults"}))
            .await;
        let chat = json!({"type": "chat", "room": room, "text": "hello"});
        let (m, detail) = refusal(&mut zoe, chat, "timed-out").await;
        let Some(Detail::TimedOut {
            reason,
            lasting: Lasting { minutes, .. },
            vacation: false,
        }) = detail
        else {
            panic!("no details: {m}");
        };
        assert_eq!((reason.as_str(), minutes), ("insults", Some(10)));
        assert_eq!(m, said[3], "{lang}");

        mo.ok(json!({"type": "admin_ban", "player": guest.id, "minutes": 120, "reason": "cheating"}))
            .await;
        let told = zoe.recv().await.expect("told before the close");
        let ServerMessage::Error {
            code,
            message,
            detail,
            ..
        } = told
        else {
            panic!("{told:?}");
        };
        assert_eq!(code, "banned");
        let banned = |detail: Option<Detail>, message: &str| {
            let Some(Detail::Banned {
                address,
                reason,
                lasting: Lasting { minutes, .. },
            }) = detail
            else {
                panic!("no details: {message}");
            };
            assert_eq!(
                (address, reason.as_str(), minutes),
                (false, "cheating", Some(120))
            );
            assert_eq!(message, said[4], "{lang}");
        };
        banned(detail.map(|d| *d), &message);
        // Coming back with the guest's token: refused at the hello, in the
        // language that hello says, with the same details.
        let mut again = server.client().await;
        let hello = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token, "lang": lang});
        let (message, detail) = refusal(&mut again, hello, "banned").await;
        banned(detail, &message);
    }
}
