//! Words the server chooses in the client's language beyond its error
//! sentences: a computer player's name (in the language of whoever seats
//! it), and refusals that carry their details (`detail` of an `error`) so
//! that each language says them, a read the store could not give too.

use lodestone_protocol::{Action, Detail, Lasting, PROTOCOL_VERSION, ServerMessage, Stored};
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
    let (server, _admin, mut mo, _) = crate::moderation::staffed_server(|_| {}).await;
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

each_backend!(the_services_refusals_carry_their_details_in_every_language);
/// Too many open rooms, no such room, no such player, a reason too long,
/// too few players for a tournament: each refusal carries its values
/// (`detail`); English is the server's sentence as it always was, and
/// French and German say the values in their own words (not the code's
/// sentence without them).
async fn the_services_refusals_carry_their_details_in_every_language() {
    let server = TestServer::start_with(|c| c.limits.rooms_per_guest = 1).await;
    let long = "x".repeat(501);
    for lang in ["en", "fr", "de"] {
        let mut ann = speaking(&server, "Ann", lang).await;
        let tournament = ann
            .ok(json!({"type": "create_tournament", "tournament":
                {"name": "Friday", "game": "magneton", "format": "round-robin"}}))
            .await;
        let ServerMessage::Tournament { tournament, .. } = tournament else {
            panic!("{tournament:?}");
        };
        ann.create_room("magneton", json!({}), true).await;
        let room = "no-such-room".to_string();
        let cases = [
            (
                json!({"type": "create_room", "game": "magneton", "public": true}),
                "too-many-rooms",
                Detail::TooManyRooms {
                    count: 1,
                    address: false,
                },
                "you have 1 open rooms, as many as a guest may: start or finish one first",
                "1",
            ),
            (
                json!({"type": "replay", "room": room, "ply": 0}),
                "unknown-room",
                Detail::UnknownRoom { room: room.clone() },
                r#"there is no room "no-such-room""#,
                "no-such-room",
            ),
            (
                json!({"type": "block", "player": "Nobody"}),
                "unknown-player",
                Detail::UnknownPlayer {
                    name: "Nobody".into(),
                },
                r#"there is no player "Nobody""#,
                "Nobody",
            ),
            (
                json!({"type": "report", "player": "Nobody", "reason": long}),
                "bad-message",
                Detail::ReasonTooLong {
                    max: 500,
                    length: 501,
                },
                "a reason has at most 500 characters; this one has 501",
                "501",
            ),
            (
                json!({"type": "start_tournament", "tournament": tournament.id}),
                "too-early",
                Detail::TooFewPlayers { count: 2 },
                "a tournament needs at least 2 players to start",
                "2",
            ),
        ];
        for (message, code, detail, english, value) in cases {
            let (said, carried) = refusal(&mut ann, message, code).await;
            assert_eq!(carried.as_ref(), Some(&detail), "{lang}: {said}");
            if lang == "en" {
                assert_eq!(said, english);
            } else {
                assert_ne!(said, english, "{lang}");
                assert!(said.contains(value), "{lang}: {said:?} lacks {value}");
            }
        }
    }
}

each_backend!(a_refusal_carries_the_same_detail_over_http_and_the_websocket);
/// The same refusal over HTTP and over the WebSocket carries the same
/// `detail` and says it in the same words: no such room (a `replay` and
/// `GET /api/rooms/{id}/ply/0`), and the request-rate limit (a 429 to
/// `GET /api/rooms` and to a WebSocket's upgrade), in the language of
/// `Accept-Language`.
async fn a_refusal_carries_the_same_detail_over_http_and_the_websocket() {
    let body = |text: &str| serde_json::from_str::<serde_json::Value>(text).expect("a JSON body");
    let server = TestServer::start().await;
    let addr = server.addr();
    let mut zoe = speaking(&server, "Zoé", "fr").await;
    let replay = json!({"type": "replay", "room": "no-such-room", "ply": 0});
    let (said, detail) = refusal(&mut zoe, replay, "unknown-room").await;
    let french = [("Accept-Language", "fr")];
    let (status, _, http) =
        lodestone_tests::http_get_with(addr, "/api/rooms/no-such-room/ply/0", &french).await;
    let http = body(&http);
    assert_eq!((status, &http["code"]), (404, &json!("unknown-room")));
    assert_eq!(http["message"], said);
    assert_eq!(said, "il n'y a pas de salle « no-such-room »");
    let http_detail: Detail = serde_json::from_value(http["detail"].clone()).expect("a detail");
    assert_eq!(Some(http_detail), detail);

    let server = TestServer::start_with(|c| c.limits.request_rate = 2).await;
    let addr = server.addr();
    for _ in 0..2 {
        assert_eq!(lodestone_tests::http_get(addr, "/api/games", None).await.0, 200);
    }
    let german = [("Accept-Language", "de")];
    let (status, headers, http) = lodestone_tests::http_get_with(addr, "/api/rooms", &german).await;
    assert_eq!(status, 429, "{http}");
    assert!(headers.contains(&"retry-after: 30".to_string()), "{headers:?}");
    let http = body(&http);
    assert_eq!(
        http["detail"],
        json!({"kind": "request-rate", "count": 2}),
        "{http}"
    );
    assert_eq!(
        http["message"],
        "mehr als 2 Anfragen pro Minute von dieser Adresse; warten Sie ein wenig"
    );
    let (_, answer) = crate::limits::raw_upgrade(addr, "Accept-Language: de\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    let (_, upgrade) = answer.split_once("\r\n\r\n").expect("a body");
    let upgrade = body(upgrade);
    for field in ["code", "message", "detail", "limit", "retry_after"] {
        assert_eq!(upgrade[field], http[field], "{field}");
    }
}

each_backend!(a_read_the_store_cannot_give_is_said_with_what_it_was);
/// The store cannot read the reports (their table is gone from under the
/// server): `admin_reports` is refused with `storage-failure` and what
/// could not be read as its detail (`unread`), said in the moderator's
/// language; English as the server always said it.
async fn a_read_the_store_cannot_give_is_said_with_what_it_was() {
    let server = crate::moderation::moderated_server(|_| {}).await;
    let (_admin, _, token) = lodestone_tests::account(server.addr(), "Ann").await;
    let url = lodestone_tests::database_url(&server.dir);
    let drop = "DROP TABLE reports";
    lodestone_tests::with_database!(&url, |conn| {
        sqlx::query(drop).execute(&mut conn).await.unwrap();
    });
    for (lang, said) in [
        ("en", "the server could not read the reports; try again"),
        ("fr", "le serveur n'a pas pu lire les signalements ; réessayez"),
        (
            "de",
            "der Server konnte die Meldungen nicht lesen; bitte erneut versuchen",
        ),
    ] {
        let mut ann = server.client().await;
        ann.ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token, "lang": lang}))
            .await;
        let reports = json!({"type": "admin_reports", "all": true});
        let (message, detail) = refusal(&mut ann, reports, "storage-failure").await;
        assert_eq!(message, said, "{lang}");
        let what = Stored::Reports;
        assert_eq!(detail, Some(Detail::Unread { what }), "{lang}");
    }
}
