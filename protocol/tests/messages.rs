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
                lang: None,
                risks: None,
            },
        ),
        (
            "hello_again",
            ClientMessage::Hello {
                id: RequestId::Text("a1".into()),
                protocol: 1,
                name: None,
                token: Some("5f1c…".into()),
                lang: None,
                risks: None,
            },
        ),
        (
            "hello_in_french",
            ClientMessage::Hello {
                id: id(1),
                protocol: 1,
                name: Some("Anne".into()),
                token: None,
                lang: Some("fr-FR".into()),
                risks: None,
            },
        ),
        (
            "hello_without_risks",
            ClientMessage::Hello {
                id: id(1),
                protocol: 1,
                name: Some("Bot".into()),
                token: None,
                lang: None,
                risks: Some(false),
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
                at: None,
            },
        ),
        (
            "act_at",
            ClientMessage::Act {
                id: id(9),
                room: "7c9e…".into(),
                action: "D4".into(),
                at: Some(12),
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
                replace_me: false,
            },
        ),
        (
            "add_bot_replace_me",
            ClientMessage::AddBot {
                id: id(20),
                room: "7c9e…".into(),
                seat: None,
                level: Some("easy".into()),
                invite: None,
                replace_me: true,
            },
        ),
        (
            "resign",
            ClientMessage::Resign {
                id: id(15),
                room: "7c9e…".into(),
                at: None,
            },
        ),
        (
            "offer_draw",
            ClientMessage::OfferDraw {
                id: id(16),
                room: "7c9e…".into(),
                at: None,
            },
        ),
        (
            "answer_draw",
            ClientMessage::AnswerDraw {
                id: id(17),
                room: "7c9e…".into(),
                accept: false,
                at: None,
            },
        ),
        (
            "abort",
            ClientMessage::Abort {
                id: id(18),
                room: "7c9e…".into(),
                at: None,
            },
        ),
        (
            "claim",
            ClientMessage::Claim {
                id: id(19),
                room: "7c9e…".into(),
                at: None,
            },
        ),
        (
            "remove_bot",
            ClientMessage::RemoveBot {
                id: id(12),
                room: "7c9e…".into(),
                seat: SeatRef::Index(1),
            },
        ),
        (
            "kick",
            ClientMessage::Kick {
                id: id(13),
                room: "7c9e…".into(),
                seat: SeatRef::Name("black".into()),
            },
        ),
        (
            "close_room",
            ClientMessage::CloseRoom {
                id: id(14),
                room: "7c9e…".into(),
            },
        ),
        (
            "replay",
            ClientMessage::Replay {
                id: id(21),
                room: "7c9e…".into(),
                ply: 1,
                invite: None,
            },
        ),
        (
            "rematch",
            ClientMessage::Rematch {
                id: id(20),
                room: "7c9e…".into(),
                accept: true,
            },
        ),
        (
            "rematch_declined",
            ClientMessage::Rematch {
                id: id(21),
                room: "7c9e…".into(),
                accept: false,
            },
        ),
        (
            "chat",
            ClientMessage::Chat {
                id: id(22),
                room: "7c9e…".into(),
                text: "good luck!".into(),
                to: ChatTo::Team,
            },
        ),
        (
            "set_chat",
            ClientMessage::SetChat {
                id: id(23),
                room: "7c9e…".into(),
                on: false,
            },
        ),
        (
            "register",
            ClientMessage::Register {
                id: id(30),
                name: "Ann".into(),
                password: Password("correct horse battery".into()),
            },
        ),
        (
            "login",
            ClientMessage::Login {
                id: id(31),
                name: "ann".into(),
                password: Password("correct horse battery".into()),
            },
        ),
        (
            "block",
            ClientMessage::Block {
                id: id(60),
                player: "07c5…".into(),
            },
        ),
        (
            "set_preferences",
            ClientMessage::SetPreferences {
                id: id(63),
                zen: Some(true),
                mute_spectators: None,
            },
        ),
        (
            "report",
            ClientMessage::Report {
                id: id(64),
                player: "07c5…".into(),
                room: Some("7c9e…".into()),
                line: Some(12),
                reason: "insults".into(),
            },
        ),
        ("export_my_data", ClientMessage::ExportMyData { id: id(65) }),
        (
            "delete_account",
            ClientMessage::DeleteAccount {
                id: id(66),
                password: Some(Password("correct horse battery".into())),
            },
        ),
        ("admin_overview", ClientMessage::AdminOverview { id: id(70) }),
        (
            "admin_reports",
            ClientMessage::AdminReports {
                id: id(71),
                all: false,
            },
        ),
        (
            "admin_take_report",
            ClientMessage::AdminTakeReport {
                id: id(72),
                report: "5b0c…".into(),
            },
        ),
        (
            "admin_resolve_report",
            ClientMessage::AdminResolveReport {
                id: id(73),
                report: "5b0c…".into(),
                outcome: ReportOutcome::Resolved,
                note: "timed out".into(),
            },
        ),
        (
            "admin_timeout",
            ClientMessage::AdminTimeout {
                id: id(74),
                player: "07c5…".into(),
                room: None,
                minutes: 60,
                reason: "insults".into(),
            },
        ),
        (
            "admin_ban",
            ClientMessage::AdminBan {
                id: id(75),
                player: None,
                address: Some("203.0.113.9".into()),
                minutes: Some(1440),
                reason: "spam".into(),
            },
        ),
        (
            "admin_lift",
            ClientMessage::AdminLift {
                id: id(76),
                sanction: "9d1e…".into(),
            },
        ),
        ("admin_sanctions", ClientMessage::AdminSanctions { id: id(77) }),
        (
            "admin_close_room",
            ClientMessage::AdminCloseRoom {
                id: id(78),
                room: "7c9e…".into(),
                reason: "abuse".into(),
            },
        ),
        (
            "admin_rename",
            ClientMessage::AdminRename {
                id: id(79),
                player: "07c5…".into(),
                name: "Player 7".into(),
            },
        ),
        (
            "admin_player",
            ClientMessage::AdminPlayer {
                id: id(80),
                player: "Bo".into(),
            },
        ),
        (
            "admin_set_role",
            ClientMessage::AdminSetRole {
                id: id(81),
                player: "Mo".into(),
                role: Role::Moderator,
            },
        ),
        (
            "admin_audit",
            ClientMessage::AdminAudit {
                id: id(82),
                all: true,
            },
        ),
        (
            "admin_export",
            ClientMessage::AdminExport {
                id: id(83),
                player: "Bo".into(),
            },
        ),
        (
            "admin_delete",
            ClientMessage::AdminDelete {
                id: id(84),
                player: "Bo".into(),
            },
        ),
        (
            "create_tournament",
            ClientMessage::CreateTournament {
                id: id(32),
                tournament: spec(),
            },
        ),
        (
            "join_tournament",
            ClientMessage::JoinTournament {
                id: id(33),
                tournament: "5b0c…".into(),
                invite: Some("9f2c…".into()),
                team: None,
            },
        ),
        (
            "add_tournament_bot",
            ClientMessage::AddTournamentBot {
                id: id(34),
                tournament: "5b0c…".into(),
                level: "greedy".into(),
                team: None,
            },
        ),
        (
            "push_subscribe",
            ClientMessage::PushSubscribe {
                id: id(30),
                endpoint: "https://push.example.net/send/c1e7…".into(),
                keys: PushKeys {
                    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM".into(),
                    auth: "tBHItJI5svbpez7KI4CCXg".into(),
                },
                events: Some(vec![NotifyEvent::YourTurn, NotifyEvent::GameOver]),
            },
        ),
        (
            "push_unsubscribe",
            ClientMessage::PushUnsubscribe {
                id: id(31),
                endpoint: "https://push.example.net/send/c1e7…".into(),
            },
        ),
        ("visibility", ClientMessage::Visibility { id: id(32), visible: false }),
        (
            "set_webhook",
            ClientMessage::SetWebhook {
                id: id(33),
                room: Some("7c9e…".into()),
                url: "https://discord.com/api/webhooks/123/abc".into(),
                format: WebhookFormat::Discord,
                events: None,
            },
        ),
        (
            "delete_webhook",
            ClientMessage::DeleteWebhook {
                id: id(34),
                room: None,
                url: "https://hooks.example.org/lodestone".into(),
            },
        ),
        ("my_turns", ClientMessage::MyTurns { id: id(35) }),
        (
            "take_vacation",
            ClientMessage::TakeVacation {
                id: id(36),
                days: 10,
                message: Some("Hiking until the 12th".into()),
            },
        ),
        ("end_vacation", ClientMessage::EndVacation { id: id(37) }),
        ("my_vacation", ClientMessage::MyVacation { id: id(38) }),
    ]
}

/// A Swiss event's spec as a client sends it.
fn spec() -> TournamentSpec {
    TournamentSpec {
        name: "Friday league".into(),
        game: "magneton".into(),
        format: TournamentFormat::Swiss,
        options: BTreeMap::from([("clock".to_string(), "5+3".to_string())]),
        rounds: Some(5),
        double: false,
        two_games: false,
        seconds: None,
        table: None,
        starts_at: None,
        round_days: None,
        rated: false,
        public: true,
        bots: true,
        accounts_only: false,
        max_players: None,
        late_join: true,
        teams: None,
    }
}

/// `state()` as a replay of ply 1 shows it: nothing offered, nobody
/// connected.
fn replayed() -> RoomState {
    let mut state = state();
    for seat in &mut state.seats {
        seat.connected = false;
    }
    let play = state.play.as_mut().expect("a play state");
    play.legal.clear();
    play.risks.clear();
    state
}

#[test]
fn a_password_is_never_in_debug_output() {
    let m = ClientMessage::Login {
        id: RequestId::Number(1),
        name: "ann".into(),
        password: Password("s3cret-words".into()),
    };
    assert!(!format!("{m:?}").contains("s3cret"), "{m:?}");
}

fn state() -> RoomState {
    RoomState {
        id: "7c9e…".into(),
        game: "magneton".into(),
        options: BTreeMap::from([("move-rule".into(), "line".into())]),
        public: true,
        invite: None,
        status: RoomStatus::Playing,
        seed_commitment: "3b5f…".into(),
        seed: None,
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
                ..SeatState::default()
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
                ..SeatState::default()
            },
        ],
        you: Some(1),
        owner: None,
        rematch: None,
        ended: None,
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
            clocks: Vec::new(),
            draw_offer: None,
            last: Some(LastAction {
                ply: 1,
                seat: 0,
                effects: vec![EffectState::Place {
                    at: "D4".into(),
                    piece: PieceState {
                        side: Some("white".into()),
                        piece: None,
                    },
                }],
            }),
            risks: BTreeMap::from([("A1".into(), RiskState::AllowsWin)]),
        }),
    }
}

/// The state with an owner, two players of one name, a draw offer waiting
/// and the room's clocks: the fields absent from `state()`.
fn owned_with_offer() -> RoomState {
    let mut state = state();
    state.owner = Some(Guest {
        id: "g-ann".into(),
        name: "Ann".into(),
    });
    state.seats[1].player = Some(Guest {
        id: "g-ann2".into(),
        name: "Ann".into(),
    });
    state.seats[1].shown_as = Some("Ann (2)".into());
    state.seats[1].absent = true;
    if let Some(play) = state.play.as_mut() {
        play.draw_offer = Some(0);
        play.clocks = vec![
            SeatClock {
                seat: 0,
                remaining_ms: 281_500,
                running: false,
                berserk: false,
            },
            SeatClock {
                seat: 1,
                remaining_ms: 297_000,
                running: true,
                berserk: false,
            },
        ];
    }
    state
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
                detail: None,
            },
        ),
        (
            "error_detailed",
            ServerMessage::Error {
                id: Some(id(9)),
                code: Code::Banned,
                message: "this account is banned for 3 hours more: spam".into(),
                detail: Some(Box::new(lodestone_protocol::Detail::Banned {
                    address: false,
                    reason: "spam".into(),
                    lasting: lodestone_protocol::Lasting {
                        until: Some(1_764_400_000_000),
                        minutes: Some(150),
                    },
                })),
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
            "update_owned_with_offer",
            ServerMessage::Update {
                room: "7c9e…".into(),
                version: 6,
                state: Box::new(owned_with_offer()),
            },
        ),
        (
            "bye",
            ServerMessage::Bye {
                reason: "the server is shutting down".into(),
                reconnect: false,
            },
        ),
        (
            "bye_upgrade",
            ServerMessage::Bye {
                reason: "the server is being upgraded: reconnect now".into(),
                reconnect: true,
            },
        ),
        (
            "moved",
            ServerMessage::Moved {
                room: "7c9e…".into(),
                url: "wss://games.example.org/n/n2/ws".into(),
            },
        ),
        (
            "replay",
            ServerMessage::Replay {
                id: id(21),
                room: "7c9e…".into(),
                ply: 1,
                plies: 12,
                version: 5,
                revealed: false,
                state: Box::new(replayed()),
                chat: vec![],
            },
        ),
        (
            "chat",
            ServerMessage::Chat {
                room: "7c9e…".into(),
                lines: vec![
                    ChatLine {
                        seq: 41,
                        at: 1_700_000_000_000,
                        to: ChatTo::Room,
                        from: Guest {
                            id: "g-ann".into(),
                            name: "Ann".into(),
                        },
                        seat: Some(0),
                        text: "good game".into(),
                    },
                    ChatLine {
                        seq: 42,
                        at: 1_700_000_004_000,
                        to: ChatTo::Spectators,
                        from: Guest {
                            id: "g-eve".into(),
                            name: "Eve".into(),
                        },
                        seat: None,
                        text: "what a finish".into(),
                    },
                ],
            },
        ),
        (
            "preferences",
            ServerMessage::Preferences {
                id: RequestId::Number(62),
                zen: false,
                mute_spectators: true,
                blocked: vec![Guest {
                    id: "07c5…".into(),
                    name: "Bo".into(),
                }],
                role: Role::Player,
            },
        ),
        (
            "player_data",
            ServerMessage::PlayerData {
                id: RequestId::Number(65),
                player: "874b…".into(),
                data: json!({"guest": {"id": "874b…", "name": "Ann"}, "ratings": []}),
            },
        ),
        (
            "admin_sanctions",
            ServerMessage::AdminSanctions {
                id: RequestId::Number(77),
                sanctions: vec![Sanction {
                    id: "9d1e…".into(),
                    kind: SanctionKind::Timeout,
                    player: Some(Guest {
                        id: "07c5…".into(),
                        name: "Bo".into(),
                    }),
                    address: None,
                    room: Some("7c9e…".into()),
                    reason: "insults".into(),
                    by: None,
                    at: 1_764_320_000_000,
                    until: Some(1_764_320_600_000),
                    lifted: None,
                }],
            },
        ),
        (
            "admin_audit",
            ServerMessage::AdminAudit {
                id: RequestId::Number(82),
                entries: vec![AuditEntry {
                    id: "1f0e…".into(),
                    at: 1_764_320_000_000,
                    actor: None,
                    action: "set_role".into(),
                    player: Some(Guest {
                        id: "874b…".into(),
                        name: "Ann".into(),
                    }),
                    room: None,
                    detail: "admin (by the host, on the command line)".into(),
                }],
            },
        ),
        (
            "update_rematch",
            ServerMessage::Update {
                room: "7c9e…".into(),
                version: 44,
                state: Box::new(RoomState {
                    status: RoomStatus::Finished,
                    rematch: Some(RematchState {
                        accepted: vec![1, 0],
                        room: Some("5d2a…".into()),
                    }),
                    play: None,
                    ..state()
                }),
            },
        ),
        (
            "tournaments",
            ServerMessage::Tournaments {
                id: id(31),
                tournaments: vec![TournamentSummary {
                    id: "5b0c…".into(),
                    name: "Friday league".into(),
                    game: "magneton".into(),
                    format: TournamentFormat::Swiss,
                    status: TournamentStatus::Upcoming,
                    players: 6,
                    organizer_name: "Ann".into(),
                    created_at: 1_700_000_000_000,
                    starts_at: None,
                }],
            },
        ),
        (
            "tournament",
            ServerMessage::Tournament {
                id: None,
                tournament: Box::new(TournamentState {
                    id: "5b0c…".into(),
                    spec: spec(),
                    status: TournamentStatus::Running,
                    organizer: "g-ann".into(),
                    organizer_name: "Ann".into(),
                    created_at: 1_700_000_000_000,
                    started_at: Some(1_700_000_600_000),
                    ends_at: None,
                    finished_at: None,
                    next_round_at: None,
                    total_rounds: Some(5),
                    players: vec![
                        TournamentPlayer {
                            id: "g-ann".into(),
                            name: "Ann".into(),
                            bot: false,
                            bot_account: false,
                            status: EntrantStatus::Active,
                            team: None,
                        },
                        TournamentPlayer {
                            id: "g-bob".into(),
                            name: "Bob".into(),
                            bot: false,
                            bot_account: false,
                            status: EntrantStatus::Active,
                            team: None,
                        },
                    ],
                    standings: vec![StandingRow {
                        place: 1,
                        player: "g-ann".into(),
                        name: "Ann".into(),
                        points: 1.0,
                        buchholz: 0.0,
                        sonneborn_berger: 0.0,
                        performance: None,
                        tally: Tally {
                            games: 1,
                            wins: 1,
                            draws: 0,
                            losses: 0,
                        },
                        byes: 0,
                        on_fire: false,
                        team: None,
                    }],
                    team_standings: Vec::new(),
                    rounds: vec![TournamentRound {
                        number: 1,
                        paired_at: 1_700_000_600_000,
                        games: vec![TournamentGame {
                            room: "fe7b…".into(),
                            players: vec!["g-ann".into(), "g-bob".into()],
                            points: Some(vec![1.0, 0.0]),
                            no_shows: vec![1],
                            berserk: Vec::new(),
                            ended_at: Some(1_700_000_700_000),
                        }],
                        byes: Vec::new(),
                    }],
                    invite: None,
                }),
            },
        ),
        (
            "webhook",
            ServerMessage::Webhook {
                id: id(33),
                url: "https://discord.com/api/webhooks/123/abc".into(),
                secret: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".into(),
            },
        ),
        (
            "turns",
            ServerMessage::Turns {
                id: id(35),
                rooms: vec![TurnWaiting {
                    room: "7c9e…".into(),
                    game: "magneton".into(),
                    since: 1_700_000_000_000,
                }],
            },
        ),
        (
            "vacation",
            ServerMessage::Vacation {
                id: id(36),
                vacation: VacationState {
                    until: Some(1_700_864_000_000),
                    message: Some("Hiking until the 12th".into()),
                    days_left: 20,
                    days_per_year: 30,
                },
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

/// Every kind of effect, as the wire has it (pinned), read back to itself.
#[test]
fn every_effect_kind_is_pinned() {
    let piece = |side: &str, kind: Option<&str>| PieceState {
        side: Some(side.into()),
        piece: kind.map(Into::into),
    };
    let s = |v: &[&str]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let effects = vec![
        EffectState::Place {
            at: "F6".into(),
            piece: piece("red", Some("magnet")),
        },
        EffectState::Move {
            from: "C2".into(),
            to: "E2".into(),
            path: s(&["C2", "D2", "E2"]),
            piece: piece("red", None),
        },
        EffectState::Enter {
            to: "e1".into(),
            path: s(&["d1", "e1"]),
            piece: piece("blue", None),
        },
        EffectState::Push {
            from: "E3".into(),
            to: "F3".into(),
            piece: piece("white", None),
        },
        EffectState::Pull {
            from: "H6".into(),
            to: "D6".into(),
            piece: piece("black", None),
        },
        EffectState::Capture {
            at: "E2".into(),
            piece: piece("blue", Some("3")),
        },
        EffectState::Trapped {
            at: "E2".into(),
            piece: piece("red", None),
        },
        EffectState::Promote {
            at: "E2".into(),
            rank: 2,
        },
        EffectState::Remove {
            at: "e4".into(),
            piece: piece("yellow", None),
        },
        EffectState::Line {
            cells: s(&["B5", "B6", "B7", "B8"]),
            side: "white".into(),
        },
        EffectState::Claim {
            cells: s(&["c6", "c7"]),
            side: "red".into(),
        },
    ];
    insta::assert_json_snapshot!("effects", effects);
    for effect in effects {
        let text = serde_json::to_string(&effect).unwrap();
        assert_eq!(
            serde_json::from_str::<EffectState>(&text).unwrap(),
            effect,
            "{text}"
        );
    }
    // A trap victim whose kind the viewer may not know has no `piece`.
    let hidden = serde_json::to_value(EffectState::Trapped {
        at: "E2".into(),
        piece: piece("red", None),
    })
    .unwrap();
    assert_eq!(hidden, json!({"kind": "trapped", "at": "E2", "side": "red"}));
    assert_eq!(
        serde_json::to_value(RiskState::AllowsWin).unwrap(),
        json!("allows-win")
    );
}

/// The cells effects name are named as the board JSON names them, in
/// every game (random games through the rules, every viewer): each is a
/// label of the game's board as `board_json` writes labels, and where a
/// piece now stands after a move, the board JSON lists it there.
#[test]
fn effect_cells_are_named_as_the_board_names_them() {
    use lodestone_rules::geometry::square::Square;
    use lodestone_rules::{AnyGame, GameKind, Millis, Seat, Viewer, magnet, magnetism, magneton};
    use std::collections::BTreeSet;

    /// Every string of a JSON value.
    fn strings(value: &Value, out: &mut BTreeSet<String>) {
        match value {
            Value::String(s) => {
                out.insert(s.clone());
            }
            Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
            Value::Object(map) => map.values().for_each(|v| strings(v, out)),
            _ => {}
        }
    }
    fn cells(effect: &EffectState) -> Vec<String> {
        match effect {
            EffectState::Place { at, .. }
            | EffectState::Capture { at, .. }
            | EffectState::Trapped { at, .. }
            | EffectState::Promote { at, .. }
            | EffectState::Remove { at, .. } => vec![at.clone()],
            EffectState::Move { from, to, path, .. } => [from.clone(), to.clone()]
                .into_iter()
                .chain(path.clone())
                .collect(),
            EffectState::Enter { to, path, .. } => [to.clone()].into_iter().chain(path.clone()).collect(),
            EffectState::Push { from, to, .. } | EffectState::Pull { from, to, .. } => {
                vec![from.clone(), to.clone()]
            }
            EffectState::Line { cells, .. } | EffectState::Claim { cells, .. } => cells.clone(),
        }
    }
    for (kind, options) in [
        (GameKind::Magneton, vec![]),
        (GameKind::Magnetism, vec![]),
        (GameKind::Magnet, vec![("setup", "random")]),
        (GameKind::Magma, vec![("players", "3")]),
    ] {
        let mut game = AnyGame::new(kind, &options).unwrap();
        // The labels of the board, as board_json writes them.
        let mut labels: BTreeSet<String> = match kind {
            GameKind::Magneton => (0..64).map(|i| magneton::square_label(Square(i))).collect(),
            GameKind::Magnetism => (0..96).map(|i| magnetism::square_label(Square(i))).collect(),
            GameKind::Magnet => magnet::Vertex::all().map(|v| v.to_string()).collect(),
            GameKind::Magma => BTreeSet::new(),
        };
        if kind == GameKind::Magma {
            let board = board_json(&game.view(Viewer::Referee)).value();
            labels.extend(
                board["cells"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["cell"].as_str().unwrap().to_string()),
            );
        }
        let mut rng = chance_rng("effect-cells", 0);
        for (seat, action) in game.chance_actions(&mut rng) {
            game.apply(seat, &action, Millis(0)).unwrap();
        }
        let mut pick = 7u64;
        let mut named = 0;
        for _ in 0..200 {
            let Some(seat) = game.to_act().first_seat() else {
                break;
            };
            let offers = game.offers(seat);
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let text = &offers[(pick >> 33) as usize % offers.len()].0;
            let action = game.parse_action(text).unwrap();
            let events = game.apply_with_events(seat, &action, Millis(0)).unwrap();
            let mut on_board = BTreeSet::new();
            strings(&board_json(&game.view(Viewer::Referee)).value(), &mut on_board);
            for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Spectator] {
                for effect in game.effects(seat, &events, viewer) {
                    let effect = EffectState::from(&effect);
                    for cell in cells(&effect) {
                        assert!(labels.contains(&cell), "{kind}: {cell:?} in {effect:?}");
                        named += 1;
                    }
                    // Where a stone or Magma piece now stands, the board
                    // JSON names the same cell (Magnet's may be destroyed).
                    if let EffectState::Place { at: end, .. }
                    | EffectState::Move { to: end, .. }
                    | EffectState::Enter { to: end, .. }
                    | EffectState::Push { to: end, .. }
                    | EffectState::Pull { to: end, .. } = &effect
                        && kind != GameKind::Magnet
                    {
                        assert!(on_board.contains(end), "{kind}: {end} is not on the board JSON");
                    }
                }
            }
        }
        assert!(named > 0, "{kind}");
    }
}
