//! Pins the JSON of every message (insta snapshots in `snapshots/`), and
//! checks that every JSON example in `docs/protocol.md` is a valid message
//! that reads back to itself.

use std::collections::BTreeMap;

mod common;

use lodestone_protocol::*;
use serde_json::{Value, json};

fn client_messages() -> Vec<(&'static str, ClientMessage)> {
    let id = RequestId::Number;
    vec![
        (
            "hello_new",
            ClientMessage::Hello {
                id: id(1),
                protocol: 1,
                name: Some("Ann".into()),
                token: None,
            },
        ),
        (
            "hello_again",
            ClientMessage::Hello {
                id: RequestId::Text("a1".into()),
                protocol: 1,
                name: None,
                token: Some("5f1c…".into()),
            },
        ),
        (
            "list_rooms",
            ClientMessage::ListRooms {
                id: id(2),
                game: Some("magneton".into()),
                playing: false,
            },
        ),
        (
            "create_room",
            ClientMessage::CreateRoom {
                id: id(3),
                game: "magneton".into(),
                options: BTreeMap::from([("move-rule".into(), "per-ray".into())]),
                public: false,
            },
        ),
        (
            "join",
            ClientMessage::Join {
                id: id(4),
                room: "7c9e…".into(),
                seat: Some(SeatRef::Name("black".into())),
                invite: Some("0f3a…".into()),
            },
        ),
        (
            "leave",
            ClientMessage::Leave {
                id: id(5),
                room: "7c9e…".into(),
            },
        ),
        (
            "start",
            ClientMessage::Start {
                id: id(6),
                room: "7c9e…".into(),
            },
        ),
        (
            "watch",
            ClientMessage::Watch {
                id: id(7),
                room: "7c9e…".into(),
                invite: None,
            },
        ),
        (
            "unwatch",
            ClientMessage::Unwatch {
                id: id(8),
                room: "7c9e…".into(),
            },
        ),
        (
            "act",
            ClientMessage::Act {
                id: id(9),
                room: "7c9e…".into(),
                action: "D4".into(),
            },
        ),
        ("ping", ClientMessage::Ping { id: id(10) }),
        (
            "add_bot",
            ClientMessage::AddBot {
                id: id(11),
                room: "7c9e…".into(),
                seat: Some(SeatRef::Index(1)),
                level: Some("greedy".into()),
                invite: None,
            },
        ),
    ]
}

fn state() -> RoomState {
    RoomState {
        id: "7c9e…".into(),
        game: "magneton".into(),
        options: BTreeMap::from([("move-rule".into(), "line".into())]),
        public: true,
        invite: None,
        status: RoomStatus::Playing,
        seats: vec![
            SeatState {
                seat: 0,
                name: "white".into(),
                color: "white".into(),
                team: 0,
                player: Some(Guest {
                    id: "g-ann".into(),
                    name: "Ann".into(),
                }),
                connected: true,
            },
            SeatState {
                seat: 1,
                name: "black".into(),
                color: "black".into(),
                team: 1,
                player: Some(Guest {
                    id: "g-bo".into(),
                    name: "Bo".into(),
                }),
                connected: false,
            },
        ],
        you: Some(1),
        play: Some(PlayState {
            position: "8/8/8/8/3W4/8/8/8 b 11 12".into(),
            board: RawJson::new(
                &json!({"stones": {"white": ["D4"], "black": []}, "hands": {"white": 11, "black": 12}, "side": "black", "phase": "drop"}),
            ),
            to_act: vec![1],
            legal: vec!["A1".into(), "B1".into()],
            promotions: BTreeMap::new(),
            moves: vec![MoveEntry {
                ply: 1,
                seat: 0,
                action: Some("D4".into()),
                commitment: None,
                salt: None,
            }],
            moves_from: 0,
            outcome: None,
            clock: None,
        }),
    }
}

fn server_messages() -> Vec<(&'static str, ServerMessage)> {
    let id = RequestId::Number;
    vec![
        (
            "welcome",
            ServerMessage::Welcome {
                id: id(1),
                protocol: 1,
                guest: Guest {
                    id: "g-ann".into(),
                    name: "Ann".into(),
                },
                token: Some("5f1c…".into()),
                rooms: vec![],
            },
        ),
        (
            "ack",
            ServerMessage::Ack {
                id: id(9),
                room: Some("7c9e…".into()),
                seat: None,
                invite: None,
                version: Some(12),
            },
        ),
        (
            "rooms",
            ServerMessage::Rooms {
                id: id(2),
                rooms: vec![RoomSummary {
                    id: "7c9e…".into(),
                    game: "magneton".into(),
                    options: BTreeMap::from([("move-rule".into(), "line".into())]),
                    seats: 2,
                    taken: 1,
                    players: vec!["Ann".into()],
                }],
                total: 1,
            },
        ),
        ("pong", ServerMessage::Pong { id: id(10) }),
        (
            "error",
            ServerMessage::Error {
                id: Some(id(9)),
                code: Code::IllegalAction,
                message: "D4 is occupied".into(),
            },
        ),
        (
            "update",
            ServerMessage::Update {
                room: "7c9e…".into(),
                version: 5,
                state: Box::new(state()),
            },
        ),
        (
            "bye",
            ServerMessage::Bye {
                reason: "the server is shutting down".into(),
            },
        ),
    ]
}

#[test]
fn client_messages_are_pinned_and_read_back() {
    for (name, message) in client_messages() {
        insta::assert_json_snapshot!(format!("client_{name}"), message);
        let text = serde_json::to_string(&message).unwrap();
        assert_eq!(parse_client_message(&text), Ok(message));
    }
}

#[test]
fn server_messages_are_pinned_and_read_back() {
    for (name, message) in server_messages() {
        // As the wire has it (the board is embedded JSON text).
        let wire: Value = serde_json::from_str(&serde_json::to_string(&message).unwrap()).unwrap();
        insta::assert_json_snapshot!(format!("server_{name}"), wire);
        let text = serde_json::to_string(&message).unwrap();
        assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), message);
    }
}

/// Every message of a ```json block of docs/protocol.md.
#[test]
fn every_example_in_the_protocol_doc_is_a_message() {
    let mut seen = std::collections::BTreeSet::new();
    let examples = common::doc_examples();
    for value in &examples {
        let kind = value["type"]
            .as_str()
            .unwrap_or_else(|| panic!("no type: {value}"))
            .to_string();
        let text = value.to_string();
        let is_client = parse_client_message(&text).is_ok();
        let is_server = serde_json::from_str::<ServerMessage>(&text).is_ok();
        assert!(is_client || is_server, "not a message: {text}");
        if is_server {
            let back = serde_json::to_value(serde_json::from_str::<ServerMessage>(&text).unwrap()).unwrap();
            assert_eq!(&back, value, "does not read back to itself");
        }
        seen.insert(kind);
    }
    assert!(examples.len() > 20);
    for (name, m) in client_messages() {
        let kind = serde_json::to_value(&m).unwrap()["type"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            seen.contains(&kind),
            "docs/protocol.md has no example of {kind} ({name})"
        );
    }
    for (_, m) in server_messages() {
        let kind = serde_json::to_value(&m).unwrap()["type"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(seen.contains(&kind), "docs/protocol.md has no example of {kind}");
    }
}

/// The first-column codes of the table under "## Error codes" in
/// docs/protocol.md, as written.
fn documented_codes() -> Vec<String> {
    let doc = include_str!("../../docs/protocol.md");
    let section = doc
        .split("\n## Error codes\n")
        .nth(1)
        .expect("docs/protocol.md has an Error codes section");
    let section = section.split("\n## ").next().unwrap();
    let mut codes = Vec::new();
    for row in section.lines().filter(|l| l.starts_with('|')).skip(2) {
        let first = row.split('|').nth(1).unwrap();
        for cell in first.split(',') {
            let code = cell.trim().trim_matches('`');
            assert!(!code.is_empty(), "an empty code in row {row:?}");
            codes.push(code.to_string());
        }
    }
    codes
}

#[test]
fn every_code_is_in_the_protocol_doc_and_every_documented_code_is_a_code() {
    let documented = documented_codes();
    for code in Code::ALL {
        assert!(
            documented.iter().any(|d| code == d.as_str()),
            "docs/protocol.md's table of error codes has no row for {code}"
        );
    }
    for d in &documented {
        let parsed = serde_json::from_value::<Code>(Value::String(d.clone()));
        assert!(
            parsed.is_ok(),
            "docs/protocol.md lists {d:?}, which is not a Code"
        );
    }
    assert_eq!(documented.len(), Code::ALL.len(), "a code is listed twice");
}
