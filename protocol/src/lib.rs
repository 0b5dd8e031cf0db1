//! Lodestone's wire protocol: the JSON messages clients and the server
//! exchange over WebSocket. This crate is the only place wire types are
//! defined; `docs/protocol.md` documents every message with an example.
//!
//! Every client message carries a client-chosen `id`; the server answers it
//! with exactly one reply carrying the same id (`welcome`, `ack`, `rooms`,
//! `pong` or `error`). Between replies the server pushes `update`s: the
//! whole room as the receiving viewer may see it, with a version that grows
//! by one with every change.

mod account;
mod board;
mod chat;
mod client;
mod code;
mod detail;
mod effect;
mod fairness;
mod frame;
mod http;
mod lobby;
mod message;
mod moderation;
mod notify;
mod raw;
mod request_id;
pub mod schema;
mod state;
mod tournament;
pub mod typescript;

pub use account::{
    AccountInfo, ApiTokenInfo, MAX_API_TOKENS, MAX_TOKEN_LABEL_CHARS, NewApiToken, NewTokenRequest,
};
pub use board::{
    Board, Destroyed, MagmaBoard, MagmaCell, MagmaClock, MagmaPhase, MagmaScore, MagmaSeat, MagmaSlot,
    MagnetBoard, MagnetPiece, MagnetSide, MagnetismBoard, MagnetonBoard, RedBlue, WhiteBlack, board,
    board_json,
};
pub use chat::*;
pub use client::*;
pub use code::{Code, codes};
pub use detail::{Action, Detail, Lasting, Stored};
pub use effect::{EffectState, LastAction, PieceState, RiskState};
pub use fairness::{chance_rng, commitment, seed_commitment, sha256_hex};
pub use frame::{Own, OwnPlay, Statics, UpdateFrame, ViewParts};
pub use http::{ErrorType, GameRecord, HttpError, PlyView, RecordAction};
pub use lobby::*;
pub use message::*;
pub use moderation::{
    AuditEntry, LiveRoom, Offense, OnlinePlayer, PlayerFile, ReportContext, ReportInfo, ReportOutcome,
    ReportStatus, Role, Sanction, SanctionKind,
};
pub use notify::{NotifyEvent, PushKey, PushKeys, SeatVacation, TurnWaiting, VacationState, WebhookFormat};
pub use raw::RawJson;
pub use state::*;
pub use tournament::{
    EntrantStatus, StandingRow, Tally, TeamStandingRow, TournamentFormat, TournamentGame, TournamentPlayer,
    TournamentRound, TournamentSpec, TournamentState, TournamentStatus, TournamentSummary, TournamentTeams,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_message_and_reports_bad_ones() {
        let m = parse_client_message(r#"{"type":"act","id":7,"room":"r","action":"D4"}"#).unwrap();
        assert_eq!(m.id(), &RequestId::Number(7));
        let code = |text: &str| match parse_client_message(text) {
            Err(ServerMessage::Error { id, code, .. }) => (id, code),
            other => panic!("{other:?}"),
        };
        assert_eq!(code("{nope"), (None, Code::BadJson));
        assert_eq!(code("[1]"), (None, Code::BadMessage));
        assert_eq!(
            code(r#"{"type":"dance","id":"a"}"#),
            (Some(RequestId::Text("a".into())), Code::BadMessage)
        );
        assert_eq!(
            code(r#"{"type":"act","id":3}"#),
            (Some(RequestId::Number(3)), Code::BadMessage)
        );
        assert_eq!(code(&"x".repeat(MAX_MESSAGE_BYTES + 1)), (None, Code::TooLarge));
    }

    #[test]
    fn a_hello_names_a_guest_by_name_or_token() {
        let refused = parse_client_message(r#"{"type":"hello","id":1,"protocol":1}"#);
        assert!(
            matches!(&refused, Err(ServerMessage::Error { id: Some(RequestId::Number(1)), code: Code::BadMessage, message, .. })
                if message.contains("a name") && message.contains("a token")),
            "{refused:?}"
        );
        assert!(parse_client_message(r#"{"type":"hello","id":1,"protocol":1,"token":"t"}"#).is_ok());
    }

    #[test]
    fn option_values_may_be_numbers_and_booleans() {
        let text = r#"{"type":"create_room","id":1,"game":"magma","options":{"players":3,"teams":true,"timer":"hot","x":1.5}}"#;
        let Ok(ClientMessage::CreateRoom { options, .. }) = parse_client_message(text) else {
            panic!("refused: {text}");
        };
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            pairs,
            [
                ("players", "3"),
                ("teams", "true"),
                ("timer", "hot"),
                ("x", "1.5")
            ]
        );
        for bad in [
            r#"{"players":null}"#,
            r#"{"players":[3]}"#,
            r#"{"players":{"n":3}}"#,
        ] {
            let text = format!(r#"{{"type":"create_room","id":2,"game":"magma","options":{bad}}}"#);
            assert!(
                matches!(
                    parse_client_message(&text),
                    Err(ServerMessage::Error {
                        code: Code::BadMessage,
                        ..
                    })
                ),
                "{text}"
            );
        }
    }

    #[test]
    fn a_secret_move_has_no_action_field() {
        let entry = MoveEntry {
            ply: 1,
            seat: 1,
            action: None,
            commitment: Some("c".into()),
            salt: None,
        };
        assert_eq!(
            serde_json::to_string(&entry).unwrap(),
            r#"{"ply":1,"seat":1,"commitment":"c"}"#
        );
        assert_eq!(SeatRef::Name("purple".into()).to_string(), "purple");
        assert_eq!(SeatRef::Index(2).to_string(), "2");
    }
}
