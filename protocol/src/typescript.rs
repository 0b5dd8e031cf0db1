//! The browser's copy of the wire types, generated from this crate's
//! types: TypeScript declarations of every message, the room state and
//! each game's board, written to `clients/web/src/wire.d.ts` (a test keeps
//! that file up to date: protocol/tests/typescript.rs).

use ts_rs::{Config, TS};

use crate::*;

/// The text of `wire.d.ts`.
pub fn declarations() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(
        "// Generated from the protocol crate's types (protocol/src/typescript.rs);\n\
         // do not edit. After changing a wire type, regenerate it with\n\
         // LODESTONE_WRITE_TYPES=1 cargo test -p lodestone-protocol --test typescript\n",
    );
    macro_rules! declare {
        ($($t:ty),* $(,)?) => {
            $(
                out.push('\n');
                if let Some(docs) = <$t as TS>::docs() {
                    out.push_str(&docs);
                }
                out.push_str("export ");
                out.push_str(&one_member_a_line(&<$t as TS>::decl(&cfg)));
                out.push('\n');
            )*
        };
    }
    declare!(
        RequestId,
        SeatRef,
        ClientMessage,
        ServerMessage,
        Code,
        Detail,
        Action,
        Stored,
        Guest,
        RoomSummary,
        GameInfo,
        OptionInfo,
        BotInfo,
        RoomStatus,
        SeatState,
        RoomState,
        PlayState,
        MoveEntry,
        OutcomeState,
        ClockState,
        LastAction,
        PieceState,
        EffectState,
        RiskState,
        Board,
        WhiteBlack<()>,
        RedBlue<()>,
        MagnetonBoard,
        MagnetismBoard,
        MagmaBoard,
        MagmaCell,
        MagmaSlot,
        MagmaSeat,
        MagmaScore,
        MagmaPhase,
        MagmaClock,
        MagnetBoard,
        MagnetSide,
        MagnetPiece,
        Destroyed,
        ChatTo,
        ChatLine,
        RematchState,
        EndState,
        EndHow,
        Password,
        PlayerPage,
        PlayerRating,
        RecentGame,
        Leaderboard,
        LeaderboardEntry,
        AccountInfo,
        ApiTokenInfo,
        NewTokenRequest,
        NewApiToken,
        Role,
        ReportStatus,
        ReportContext,
        ReportInfo,
        ReportOutcome,
        SanctionKind,
        Sanction,
        AuditEntry,
        Offense,
        LiveRoom,
        OnlinePlayer,
        PlayerFile,
        TournamentFormat,
        TournamentTeams,
        TournamentSpec,
        TournamentStatus,
        EntrantStatus,
        TournamentPlayer,
        StandingRow,
        TeamStandingRow,
        TournamentGame,
        TournamentRound,
        TournamentState,
        TournamentSummary,
        NotifyEvent,
        PushKeys,
        WebhookFormat,
        TurnWaiting,
        VacationState,
        SeatVacation,
    );
    // ts-rs ends a line before a field's comment with a space.
    out.lines().map(str::trim_end).flat_map(|l| [l, "\n"]).collect()
}

/// Puts each object of a union on its own line (ts-rs writes a
/// declaration on one line). Only ` | {` outside braces and comments is
/// touched, so the declaration means the same.
fn one_member_a_line(decl: &str) -> String {
    let mut out = String::with_capacity(decl.len() + 64);
    let mut depth = 0usize;
    let mut in_comment = false;
    let mut rest = decl;
    while let Some(c) = rest.chars().next() {
        if in_comment {
            if rest.starts_with("*/") {
                in_comment = false;
            }
        } else if rest.starts_with("/*") {
            in_comment = true;
        } else if c == '{' {
            depth += 1;
        } else if c == '}' {
            depth = depth.saturating_sub(1);
        } else if depth == 0 && rest.starts_with(" | {") {
            out.push_str("\n  | ");
            rest = &rest[3..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::one_member_a_line;

    #[test]
    fn union_members_go_on_their_own_lines() {
        assert_eq!(
            one_member_a_line(r#"type A = { "t": "a", x: { y: 1 } | { y: 2 }, } | { "t": "b", } | "c";"#),
            "type A = { \"t\": \"a\", x: { y: 1 } | { y: 2 }, }\n  | { \"t\": \"b\", } | \"c\";"
        );
        assert_eq!(
            one_member_a_line("/* a | {b} */ type B = 1;"),
            "/* a | {b} */ type B = 1;"
        );
    }
}
