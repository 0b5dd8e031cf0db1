//! A tournament's spec checked before anything is stored: the game and
//! its options (checked by making a room of them), what each format takes,
//! and the limits (`limits.rs`); and the options each game's room gets.

use std::collections::BTreeMap;

use lodestone_protocol::{TournamentFormat, TournamentSpec, codes};
use lodestone_rules::{AnyGame, GameKind};

use super::limits::TournamentLimits;
use crate::room::{Player, Refusal, RoomCore, berserk_option};
use crate::secrets::OsSecrets;

/// The room options every game takes besides its game's.
const ROOM_OPTIONS: [&str; 6] = ["clock", "absent", "chat", "rated", "weekends", "berserk"];

/// A day, in milliseconds.
const DAY_MS: u64 = 24 * 3600 * 1000;

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(codes::BAD_OPTION, message)
}

/// Checks `spec` (and fills in what it implies); `now` for its start time.
pub fn check_spec(spec: &mut TournamentSpec, now: u64, limits: &TournamentLimits) -> Result<(), Refusal> {
    let name = spec.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 60 || name.chars().any(char::is_control) {
        return Err(bad(
            "a tournament's name is 1 to 60 characters, without control characters",
        ));
    }
    spec.name = name;
    let kind: GameKind = spec
        .game
        .parse()
        .map_err(|e: lodestone_rules::NotationError| Refusal::new(codes::UNKNOWN_GAME, e.message))?;
    if spec.options.contains_key("players") && spec.format == TournamentFormat::Magma {
        return Err(bad(
            "a Magma event sets each table's number of players itself: leave out option players",
        ));
    }
    let mut game_options: Vec<(String, String)> = spec
        .options
        .iter()
        .filter(|(k, _)| !ROOM_OPTIONS.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if spec.format == TournamentFormat::Magma {
        if kind != GameKind::Magma {
            return Err(bad("a Magma event plays magma"));
        }
        let table = spec.table.unwrap_or(4);
        if !(3..=6).contains(&table) {
            return Err(bad(format!("a Magma table has 3 to 6 players, not {table}")));
        }
        spec.table = Some(table);
        game_options.push(("players".into(), table.to_string()));
    }
    let game = AnyGame::new(kind, &game_options).map_err(|e| bad(e.message))?;
    if spec.format != TournamentFormat::Magma && game.seat_count() != 2 {
        return Err(bad(format!(
            "round robins, Swiss events and arenas are for two-seat games; this game has {} seats (a Magma event seats tables)",
            game.seat_count()
        )));
    }
    if spec.options.contains_key("rated") || spec.options.contains_key("chat") {
        return Err(bad(
            "give rated as the tournament's own field, and leave the chat option out",
        ));
    }
    // An arena's games offer berserk where the clock has a bank to halve
    // (unless the organizer says berserk=off); other formats do not.
    if spec.format == TournamentFormat::Arena {
        let clock = spec.options.get("clock").and_then(|c| c.parse().ok());
        if !spec.options.contains_key("berserk")
            && clock.is_some_and(|c| berserk_option(Some("on"), c).is_ok())
        {
            spec.options.insert("berserk".into(), "on".into());
        }
    } else if spec.options.contains_key("berserk") {
        return Err(bad("only an arena offers berserk"));
    }
    // The room options (clock, absence), checked by making a room of them.
    let mut options = spec.options.clone();
    options.extend(game_options.iter().cloned());
    RoomCore::create(
        String::new(),
        &spec.game,
        &options,
        true,
        &Player::person("", ""),
        now,
        Box::new(OsSecrets),
    )?;
    let rounds_needed = matches!(spec.format, TournamentFormat::Swiss | TournamentFormat::Magma);
    match spec.rounds {
        Some(r) if rounds_needed && (1..=limits.rounds).contains(&r) => {}
        Some(r) if rounds_needed => return Err(bad(format!("rounds is 1 to {}, not {r}", limits.rounds))),
        None if rounds_needed => return Err(bad("a Swiss or Magma event needs its number of rounds")),
        Some(_) => return Err(bad("only Swiss and Magma events take a number of rounds")),
        None => {}
    }
    match (spec.format, spec.seconds) {
        (TournamentFormat::Arena, Some(s))
            if (limits.min_arena_seconds..=limits.max_arena_seconds).contains(&s) => {}
        (TournamentFormat::Arena, Some(s)) => {
            return Err(bad(format!(
                "an arena lasts {} to {} seconds, not {s}",
                limits.min_arena_seconds, limits.max_arena_seconds
            )));
        }
        (TournamentFormat::Arena, None) => return Err(bad("an arena needs its duration (seconds)")),
        (_, Some(_)) => return Err(bad("only an arena takes a duration")),
        _ => {}
    }
    if spec.double && spec.format != TournamentFormat::RoundRobin {
        return Err(bad("only a round robin can be double"));
    }
    if spec.two_games && spec.format != TournamentFormat::Swiss {
        return Err(bad("only a Swiss event plays two games a round"));
    }
    if spec.table.is_some() && spec.format != TournamentFormat::Magma {
        return Err(bad("only a Magma event has tables"));
    }
    if spec.teams.is_some() {
        if spec.format != TournamentFormat::Magma {
            return Err(bad("only a Magma event is played in fixed teams (teams=pairs)"));
        }
        // Magma's colour teams of two: two teams at four, three at six.
        if !matches!(spec.table, Some(4 | 6)) {
            return Err(bad(format!(
                "a Magma event of teams of two seats them at tables of 4 or 6 players (colour teams), not {}",
                spec.table.unwrap_or(4)
            )));
        }
    }
    if let Some(days) = spec.round_days
        && !(1..=60).contains(&days)
    {
        return Err(bad(format!("a round is open 1 to 60 days, not {days}")));
    }
    if spec.round_days.is_some() && spec.format == TournamentFormat::Arena {
        return Err(bad("an arena is played live: it has no rounds open for days"));
    }
    let max = spec.max_players.unwrap_or(limits.players);
    if !(2..=limits.players).contains(&max) {
        return Err(bad(format!("max_players is 2 to {}, not {max}", limits.players)));
    }
    spec.max_players = Some(max);
    if let Some(at) = spec.starts_at
        && (at < now || at > now + 90 * DAY_MS)
    {
        return Err(bad(
            "starts_at is a time (unix milliseconds) from now to 90 days ahead",
        ));
    }
    if spec.rated {
        if spec.bots {
            return Err(bad(
                "a rated tournament has no bots: rated games are between accounts",
            ));
        }
        spec.accounts_only = true;
    }
    if spec.format == TournamentFormat::RoundRobin {
        spec.late_join = false;
    }
    Ok(())
}

/// The spec's options for one game, with the game's own overrides.
pub fn game_options(spec: &TournamentSpec, own: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut options = spec.options.clone();
    options.extend(own.clone());
    if spec.rated {
        options.insert("rated".into(), "true".into());
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(options: serde_json::Value) -> TournamentSpec {
        serde_json::from_value(serde_json::json!({
            "name": "Weekend league", "game": "magneton", "format": "round-robin",
            "round_days": 14, "options": options,
        }))
        .expect("a spec")
    }

    /// `weekends` is a room option of a tournament's games: checked as a
    /// room checks it (it needs a clock) and carried to each game's room.
    #[test]
    fn a_tournament_takes_the_weekend_pause_for_its_rooms() {
        let limits = TournamentLimits::default();
        let mut paused = spec(serde_json::json!({"clock": "3d/move", "weekends": "pause"}));
        check_spec(&mut paused, 0, &limits).expect("weekends=pause with a clock is taken");
        let options = game_options(&paused, &BTreeMap::new());
        assert_eq!(options.get("weekends").map(String::as_str), Some("pause"));
        assert_eq!(options.get("clock").map(String::as_str), Some("3d/move"));
        for bad in [
            serde_json::json!({"weekends": "pause"}),
            serde_json::json!({"clock": "3d/move", "weekends": "often"}),
        ] {
            let refusal = check_spec(&mut spec(bad.clone()), 0, &limits).expect_err("refused");
            assert_eq!(refusal.code, codes::BAD_OPTION, "{bad}");
        }
    }

    /// An arena's games offer berserk where the clock has a bank (unless
    /// the organizer says `berserk=off`); other formats refuse the option.
    #[test]
    fn an_arena_offers_berserk_where_its_clock_has_a_bank() {
        let limits = TournamentLimits::default();
        let arena = |options: serde_json::Value| {
            let mut spec: TournamentSpec = serde_json::from_value(serde_json::json!({
                "name": "Blitz", "game": "magneton", "format": "arena", "seconds": 600,
                "options": options,
            }))
            .expect("a spec");
            check_spec(&mut spec, 0, &limits).map(|()| spec.options.get("berserk").cloned())
        };
        assert_eq!(
            arena(serde_json::json!({"clock": "5+3"})).unwrap().as_deref(),
            Some("on")
        );
        assert_eq!(
            arena(serde_json::json!({"clock": "bank:10d+36h"}))
                .unwrap()
                .as_deref(),
            Some("on")
        );
        assert_eq!(
            arena(serde_json::json!({"clock": "5+3", "berserk": "off"}))
                .unwrap()
                .as_deref(),
            Some("off")
        );
        assert_eq!(arena(serde_json::json!({"clock": "30s/move"})).unwrap(), None);
        assert_eq!(arena(serde_json::json!({})).unwrap(), None);
        for bad in [
            serde_json::json!({"berserk": "on"}),
            serde_json::json!({"clock": "30s/move", "berserk": "on"}),
        ] {
            assert_eq!(
                arena(bad.clone()).expect_err("refused").code,
                codes::BAD_OPTION,
                "{bad}"
            );
        }
        let refusal = check_spec(
            &mut spec(serde_json::json!({"clock": "5+3", "berserk": "on"})),
            0,
            &limits,
        )
        .expect_err("only an arena");
        assert_eq!(refusal.code, codes::BAD_OPTION);
    }
}
