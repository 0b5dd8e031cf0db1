//! Refusals said from their details ([`Detail`] of an `error`), in any
//! language of the catalogues (`detail-*` of `server.ftl`). The server's
//! own English sentence of such a refusal is this, in English; a client in
//! another language gets the same details in its words.

use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::{Detail, Lasting};

/// Whole minutes from `now` to `until` (milliseconds), rounded up.
pub fn minutes_left(now: i64, until: i64) -> u64 {
    ((until - now).max(0) as u64).div_ceil(60_000)
}

/// How long a sanction ending at `until` (for good without) lasts at
/// `now`.
pub fn lasting(until: Option<i64>, now: i64) -> Lasting {
    Lasting {
        until: until.map(|u| u.max(0) as u64),
        minutes: until.map(|u| minutes_left(now, u)),
    }
}

/// How long `minutes` more is, in words (`a minute more`, `3 hours
/// more`): minutes up to an hour and a half, hours up to a day and a half,
/// then days, each rounded up.
pub fn left(words: &Words, minutes: u64) -> String {
    let (unit, count) = match minutes {
        0..=90 => ("minute", minutes.max(1)),
        _ if minutes <= 36 * 60 => ("hour", minutes.div_ceil(60)),
        _ => ("day", minutes.div_ceil(24 * 60)),
    };
    words.with(
        "detail-left",
        &[
            ("unit", FluentValue::from(unit)),
            ("count", FluentValue::from(count)),
        ],
    )
}

/// A message's id and arguments.
pub type Message = (String, Vec<(&'static str, FluentValue<'static>)>);

/// A ban's or a timeout's message: `id`, or `id`-for with the time left,
/// with its `flag` (none for a ban from rated play).
fn stopped(
    words: &Words,
    id: &str,
    flag: Option<(&'static str, bool)>,
    reason: &str,
    minutes: Option<u64>,
) -> Message {
    let mut args: Vec<_> = flag.map(|(name, on)| (name, yes(on))).into_iter().collect();
    args.push(("reason", text(reason)));
    match minutes {
        Some(m) => {
            args.push(("left", text(&left(words, m))));
            (format!("{id}-for"), args)
        }
        None => (id.to_string(), args),
    }
}

fn yes(b: bool) -> FluentValue<'static> {
    FluentValue::from(if b { "yes" } else { "no" })
}

fn text(s: &str) -> FluentValue<'static> {
    FluentValue::from(s.to_string())
}

fn number(n: u64) -> FluentValue<'static> {
    FluentValue::from(n)
}

/// A name as the server's English sentences always quoted it (Rust's
/// `{:?}`), without its quotes: escapes kept, so English is byte for
/// byte what it was, and every language quotes it in its own marks.
fn quoted(name: &str) -> FluentValue<'static> {
    let debug = format!("{name:?}");
    text(&debug[1..debug.len() - 1])
}

/// The server's own (English) sentence of `detail`.
pub fn english(detail: &Detail) -> String {
    say(&Words::english(), detail)
}

/// The refusal of `detail` in `words`' language.
pub fn say(words: &Words, detail: &Detail) -> String {
    let (id, args) = message(words, detail);
    words.with(&id, &args)
}

/// The message of `detail` in `server.ftl` and its arguments (`words`
/// says how long a ban lasts, an argument of its own).
pub fn message(words: &Words, detail: &Detail) -> Message {
    let names = |names: &[String]| {
        vec![
            ("names", text(&names.join(", "))),
            ("count", FluentValue::from(names.len())),
        ]
    };
    let one =
        |id: &str, name: &'static str, value: FluentValue<'static>| (id.to_string(), vec![(name, value)]);
    let action = |action: &lodestone_protocol::Action| ("action", FluentValue::from(action.as_str()));
    match detail {
        Detail::Banned {
            address,
            reason,
            lasting,
        } => stopped(
            words,
            "detail-banned",
            Some(("address", *address)),
            reason,
            lasting.minutes,
        ),
        Detail::TimedOut {
            reason,
            lasting,
            vacation,
        } => stopped(
            words,
            "detail-timed-out",
            Some(("vacation", *vacation)),
            reason,
            lasting.minutes,
        ),
        Detail::RatedBanned { reason, lasting } => {
            stopped(words, "detail-rated-banned", None, reason, lasting.minutes)
        }
        Detail::RatedBots => ("detail-rated-bots".into(), vec![]),
        Detail::RatedGuests { names: n } => ("detail-rated-guests".into(), names(n)),
        Detail::RatedBotAccounts { names: n } => ("detail-rated-bot-accounts".into(), names(n)),
        Detail::NotOwner { action: a, owner } => match owner {
            Some(owner) => ("detail-not-owner".into(), vec![action(a), ("owner", text(owner))]),
            None => ("detail-not-owner-nobody".into(), vec![action(a)]),
        },
        Detail::NotOrganizer { action: a, organizer } => (
            "detail-not-organizer".into(),
            vec![action(a), ("organizer", text(organizer))],
        ),
        Detail::AlreadyStarted { action: a } => ("detail-already-started".into(), vec![action(a)]),
        Detail::NoSuchSeat { game, seat, seats } => (
            "detail-no-such-seat".into(),
            vec![
                ("game", text(game)),
                ("seat", text(seat)),
                ("seats", text(&seats.join(", "))),
            ],
        ),
        Detail::SeatTaken { seat, name } => (
            "detail-seat-taken".into(),
            vec![("seat", text(seat)), ("name", text(name))],
        ),
        Detail::AlreadySeated { seat } => one("detail-already-seated", "seat", text(seat)),
        Detail::SeatEmpty { seat } => one("detail-seat-empty", "seat", text(seat)),
        Detail::NotABot { seat, name } => (
            "detail-not-a-bot".into(),
            vec![("seat", text(seat)), ("name", text(name))],
        ),
        Detail::SeatsNotFull { count } => one("detail-seats-not-full", "count", number(*count)),
        Detail::MovedOn { seen, now } => (
            "detail-moved-on".into(),
            vec![("seen", number(*seen)), ("now", number(*now))],
        ),
        Detail::ChatTooLong { max, length } => (
            "detail-chat-too-long".into(),
            vec![("max", number(*max)), ("length", number(*length))],
        ),
        Detail::ReasonTooLong { max, length } => (
            "detail-reason-too-long".into(),
            vec![("max", number(*max)), ("length", number(*length))],
        ),
        Detail::TooManyRooms { count, address } => {
            let id = if *address {
                "detail-too-many-rooms-address"
            } else {
                "detail-too-many-rooms-guest"
            };
            one(id, "count", number(*count))
        }
        Detail::TooManyWatched { count } => one("detail-too-many-watched", "count", number(*count)),
        Detail::TooManyGuests { count } => one("detail-too-many-guests", "count", number(*count)),
        Detail::ConnectRate { count } => one("detail-connect-rate", "count", number(*count)),
        Detail::RequestRate { count } => one("detail-request-rate", "count", number(*count)),
        Detail::MessageRate { count } => one("detail-message-rate", "count", number(*count)),
        Detail::ChatRate { count } => one("detail-chat-rate", "count", number(*count)),
        Detail::OpenReports { count } => one("detail-open-reports", "count", number(*count)),
        Detail::TooManyLogins { account, address } => (
            "detail-too-many-logins".into(),
            vec![("account", number(*account)), ("address", number(*address))],
        ),
        Detail::TooManyTokens { count } => one("detail-too-many-tokens", "count", number(*count)),
        Detail::TooManySubscriptions { count } => {
            one("detail-too-many-subscriptions", "count", number(*count))
        }
        Detail::TooManyWebhooks { count } => one("detail-too-many-webhooks", "count", number(*count)),
        Detail::TooFewPlayers { count } => one("detail-too-few-players", "count", number(*count)),
        Detail::TooFewTeams => ("detail-too-few-teams".into(), vec![]),
        Detail::NameTaken { name } => one("detail-name-taken", "name", quoted(name)),
        Detail::UnknownPlayer { name } => one("detail-unknown-player", "name", quoted(name)),
        Detail::UnknownRoom { room } => one("detail-unknown-room", "room", quoted(room)),
        Detail::RoomUnavailable { room } => one("detail-room-unavailable", "room", quoted(room)),
        Detail::RoomUnreadable { room } => one("detail-room-unreadable", "room", quoted(room)),
        Detail::ReplayUnavailable { room } => one("detail-replay-unavailable", "room", quoted(room)),
        Detail::RatingGames { keys } => one("detail-rating-games", "keys", text(&keys.join(", "))),
        Detail::UnknownReport { report } => one("detail-unknown-report", "report", quoted(report)),
        Detail::UnknownSanction { sanction } => one("detail-unknown-sanction", "sanction", quoted(sanction)),
        Detail::NotAnAddress { address } => one("detail-not-an-address", "address", quoted(address)),
        Detail::UnknownChatLine { seq } => one("detail-unknown-chat-line", "seq", number(*seq)),
        Detail::VacationLength { max } => one("detail-vacation-length", "max", number(*max)),
        // A time in milliseconds, said as its digits (no grouping).
        Detail::OnVacation { until } => one("detail-on-vacation", "until", text(&until.to_string())),
        Detail::VacationUsedUp { left, max } => (
            "detail-vacation-used-up".into(),
            vec![("left", number(*left)), ("max", number(*max))],
        ),
        Detail::ChatBidi { code_point } => {
            one("detail-chat-bidi", "code", text(&format!("U+{code_point:04X}")))
        }
        Detail::RematchOpened { room } => one("detail-rematch-opened", "room", text(room)),
        Detail::ProtocolVersion { speaks, asked } => (
            "detail-protocol-version".into(),
            vec![
                ("speaks", number(u64::from(*speaks))),
                ("asked", number(u64::from(*asked))),
            ],
        ),
        Detail::Unread { what } => one("detail-unread", "what", FluentValue::from(what.as_str())),
        // The id as the English sentence always wrote it (`Number(3)`).
        Detail::NotModeration { id } => one("detail-not-moderation", "id", text(&format!("{id:?}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lodestone_i18n::LANGUAGES;
    use lodestone_protocol::{Action, RequestId, Stored};

    fn all() -> Vec<(Detail, &'static str)> {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let action = |action| Detail::AlreadyStarted { action };
        let mut cases = vec![
            (
                Detail::Banned {
                    address: false,
                    reason: "spam".into(),
                    lasting: Lasting {
                        until: Some(1),
                        minutes: Some(150),
                    },
                },
                "this account is banned for 3 hours more: spam",
            ),
            (
                Detail::Banned {
                    address: true,
                    reason: "spam".into(),
                    lasting: Lasting::default(),
                },
                "this address is banned: spam",
            ),
            (
                Detail::TimedOut {
                    reason: "rude".into(),
                    lasting: Lasting {
                        until: Some(1),
                        minutes: Some(1),
                    },
                    vacation: false,
                },
                "a moderator has stopped your chat for a minute more: rude",
            ),
            (
                Detail::TimedOut {
                    reason: "rude".into(),
                    lasting: Lasting::default(),
                    vacation: true,
                },
                "a moderator has stopped your chat for good (take the vacation without a message): rude",
            ),
            (
                Detail::TimedOut {
                    reason: "rude".into(),
                    lasting: Lasting {
                        until: Some(1),
                        minutes: Some(3000),
                    },
                    vacation: false,
                },
                "a moderator has stopped your chat for 3 days more: rude",
            ),
            (
                Detail::RatedBots,
                "this room is rated: every seat must be held by an account, so no bot may sit",
            ),
            (
                Detail::RatedGuests {
                    names: names(&["Ann"]),
                },
                "this room is rated: every seat must be held by an account, and Ann is a guest (register first)",
            ),
            (
                Detail::RatedBotAccounts {
                    names: names(&["B1", "B2"]),
                },
                "this room is rated and B1, B2 are a bot account: bots play people rated only in a room with the option rated-bots=yes",
            ),
            (
                Detail::NotOwner {
                    action: Action::FreeSeat,
                    owner: Some("Ann".into()),
                },
                "only the room's owner may free someone's seat: this room is not yours (its owner, Ann, may)",
            ),
            (
                Detail::NotOwner {
                    action: Action::CloseRoom,
                    owner: None,
                },
                "only the room's owner may close the room: this room is not yours (its owner may)",
            ),
            (
                Detail::NotOrganizer {
                    action: Action::EnterBot,
                    organizer: "Ann".into(),
                },
                "only the organizer (Ann) may enter computer players",
            ),
            (action(Action::StartGame), "the game has already started"),
            (
                action(Action::StartTournament),
                "this tournament has started already",
            ),
            (
                action(Action::TakeSeat),
                "the game has started: seats can no longer be taken",
            ),
            (
                action(Action::CloseRoom),
                "the game has started: close the room by aborting or resigning the game instead",
            ),
            (
                Detail::NoSuchSeat {
                    game: "magneton".into(),
                    seat: "red".into(),
                    seats: names(&["white", "black"]),
                },
                "magneton has no seat red (its seats: white, black)",
            ),
            (
                Detail::SeatTaken {
                    seat: "white".into(),
                    name: "Ann Lee".into(),
                },
                "seat white is taken by Ann Lee",
            ),
            (
                Detail::AlreadySeated { seat: "black".into() },
                "you already hold seat black here",
            ),
            (Detail::SeatEmpty { seat: "red".into() }, "seat red is free"),
            (
                Detail::NotABot {
                    seat: "2".into(),
                    name: "Bo".into(),
                },
                "Bo at seat 2 is a person, not a bot (kick frees the seat)",
            ),
            (Detail::SeatsNotFull { count: 1 }, "1 seat is still free"),
            (Detail::SeatsNotFull { count: 3 }, "3 seats are still free"),
            (
                Detail::MovedOn { seen: 7, now: 9 },
                "the room changed after version 7 (it is at version 9); nothing was done: look at the room again",
            ),
            (
                Detail::ChatTooLong {
                    max: 500,
                    length: 501,
                },
                "a chat line has at most 500 characters; this one has 501",
            ),
            (
                Detail::RatedBanned {
                    reason: "left 3 games".into(),
                    lasting: Lasting {
                        until: Some(1),
                        minutes: Some(600),
                    },
                },
                "you may not play rated games for 10 hours more: left 3 games",
            ),
            (
                Detail::RatedBanned {
                    reason: "left 9 games".into(),
                    lasting: Lasting::default(),
                },
                "you may not play rated games for good: left 9 games",
            ),
            (
                Detail::ReasonTooLong {
                    max: 500,
                    length: 501,
                },
                "a reason has at most 500 characters; this one has 501",
            ),
            (
                Detail::TooManyRooms {
                    count: 3,
                    address: false,
                },
                "you have 3 open rooms, as many as a guest may: start or finish one first",
            ),
            (
                Detail::TooManyRooms {
                    count: 20,
                    address: true,
                },
                "this address has 20 open rooms, as many as it may: start or finish one first",
            ),
            (
                Detail::TooManyLogins {
                    account: 5,
                    address: 20,
                },
                "too many logins: at most 5 a minute for one account and 20 from one address; wait a minute",
            ),
            (
                Detail::TooFewTeams,
                "a tournament needs at least two complete teams to start",
            ),
            (
                Detail::NameTaken {
                    name: "Ann Lee".into(),
                },
                "an account is named \"Ann Lee\" already (names ignore case and invisible characters)",
            ),
            (
                Detail::UnknownPlayer { name: "Bo".into() },
                "there is no player \"Bo\"",
            ),
            // A name is quoted as `{:?}` always quoted it, escapes and all.
            (
                Detail::UnknownPlayer {
                    name: "say \"hi\"\n".into(),
                },
                r#"there is no player "say \"hi\"\n""#,
            ),
            (
                Detail::UnknownRoom { room: "r-1".into() },
                "there is no room \"r-1\"",
            ),
            (
                Detail::RoomUnavailable { room: "r-1".into() },
                "room \"r-1\" is not available; try again",
            ),
            (
                Detail::RoomUnreadable { room: "r-1".into() },
                "room \"r-1\" cannot be read",
            ),
            (
                Detail::ReplayUnavailable { room: "r-1".into() },
                "room \"r-1\" cannot be replayed now; try again",
            ),
            (
                Detail::RatingGames {
                    keys: vec!["magneton".into(), "magma".into()],
                },
                "give ?game= one of magneton, magma",
            ),
            (
                Detail::UnknownReport {
                    report: "rp-1".into(),
                },
                "there is no open report \"rp-1\"",
            ),
            (
                Detail::UnknownSanction {
                    sanction: "sn-1".into(),
                },
                "there is no sanction \"sn-1\"",
            ),
            (
                Detail::NotAnAddress {
                    address: "10.0.0".into(),
                },
                "\"10.0.0\" is not an IP address",
            ),
            (
                Detail::UnknownChatLine { seq: 12 },
                "line 12 is not a chat line of this room that you can read",
            ),
            (
                Detail::VacationLength { max: 30 },
                "a vacation lasts 1 to 30 days",
            ),
            (
                Detail::OnVacation {
                    until: 1_764_400_000_000,
                },
                "you are on vacation until 1764400000000 already",
            ),
            (
                Detail::VacationUsedUp { left: 4, max: 30 },
                "you have 4 vacation days left of 30 in 365 days",
            ),
            (
                Detail::ChatBidi { code_point: 0x202E },
                "a chat line cannot hold bidirectional overrides or isolates (it has U+202E)",
            ),
            (
                Detail::RematchOpened { room: "r-2".into() },
                "the rematch has already opened: room r-2",
            ),
            (
                Detail::ProtocolVersion { speaks: 3, asked: 2 },
                "this server speaks protocol 3, not 2",
            ),
            (
                Detail::NotModeration {
                    id: RequestId::Number(3),
                },
                "Number(3) is not a moderation message",
            ),
            (
                Detail::NotModeration {
                    id: RequestId::Text("a \"b\"".into()),
                },
                r#"Text("a \"b\"") is not a moderation message"#,
            ),
        ];
        // What the store could not give, as room/reads.rs and
        // moderation/console.rs always said it.
        cases.extend(
            [
                (
                    Stored::Players,
                    "the server could not look up the players; try again",
                ),
                (Stored::Room, "the server could not read this room; try again"),
                (
                    Stored::Reports,
                    "the server could not read the reports; try again",
                ),
                (
                    Stored::Sanctions,
                    "the server could not read the sanctions; try again",
                ),
                (
                    Stored::AuditLog,
                    "the server could not read the audit log; try again",
                ),
            ]
            .map(|(what, said)| (Detail::Unread { what }, said)),
        );
        // The kinds whose one value is a `count`: kind, count, English.
        let counted = "\
            too-many-watched 50 this connection watches 50 rooms, as many as it may: unwatch one first
            too-many-guests 20 this address has made 20 new guests in the last hour; come back with your token
            connect-rate 60 more than 60 new connections a minute from this address; wait a little
            request-rate 600 more than 600 requests a minute from this address; wait a little
            open-reports 10 you have 10 reports waiting for a moderator: wait until they are read
            too-many-tokens 5 an account has at most 5 API tokens: revoke one first
            too-many-subscriptions 10 this guest has 10 push subscriptions, as many as it may: remove one first
            too-many-webhooks 3 there are 3 webhooks here, as many as there may be: remove one first
            too-few-players 4 a tournament needs at least 4 players to start
            message-rate 20 more than 20 messages a second: slow down
            chat-rate 30 more than 30 chat lines a minute: wait a little";
        cases.extend(counted.lines().map(|line| {
            let mut words = line.trim().splitn(3, ' ');
            let (kind, count) = (words.next().unwrap(), words.next().unwrap());
            let count: u64 = count.parse().unwrap();
            let detail = serde_json::from_value(serde_json::json!({"kind": kind, "count": count}));
            (detail.expect(kind), words.next().unwrap())
        }));
        cases
    }

    /// Every kind of detail the protocol has: the `kind`s of its JSON
    /// Schema, generated from `Detail` itself.
    fn kinds() -> std::collections::BTreeSet<String> {
        use serde_json::Value;
        fn walk(value: &Value, kinds: &mut std::collections::BTreeSet<String>) {
            match value {
                Value::Object(map) => {
                    if let Some(kind) = map.get("properties").and_then(|p| p.get("kind")) {
                        let listed = kind.get("enum").and_then(Value::as_array).into_iter().flatten();
                        for name in kind.get("const").into_iter().chain(listed) {
                            kinds.extend(name.as_str().map(str::to_string));
                        }
                    }
                    map.values().for_each(|v| walk(v, kinds));
                }
                Value::Array(values) => values.iter().for_each(|v| walk(v, kinds)),
                _ => {}
            }
        }
        let mut kinds = std::collections::BTreeSet::new();
        walk(
            &lodestone_protocol::schema::protocol_schema()["$defs"]["Detail"],
            &mut kinds,
        );
        kinds
    }

    /// The ids of `server.ftl` in `lang`'s catalogue file.
    fn catalogue_ids(lang: &str) -> std::collections::BTreeSet<String> {
        let path = format!("{}/../i18n/locales/{lang}/server.ftl", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the catalogue");
        text.lines()
            .filter_map(|line| line.split_once(" = ").or_else(|| line.split_once(" =")))
            .map(|(id, _)| id)
            .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_kind_of_detail_is_said_in_every_language() {
        let listed: std::collections::BTreeSet<String> = all()
            .iter()
            .map(|(d, _)| {
                serde_json::to_value(d).unwrap()["kind"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        let every = kinds();
        assert!(every.len() >= 35 && every.contains("too-few-teams"), "{every:?}");
        let missing: Vec<&String> = every.difference(&listed).collect();
        assert!(
            missing.is_empty(),
            "kinds of detail without a case in all(): {missing:?}"
        );
        for lang in LANGUAGES {
            let ids = catalogue_ids(lang);
            let words = Words::for_tag(lang);
            for (detail, _) in all() {
                let (id, _) = message(&words, &detail);
                assert!(ids.contains(&id), "{lang}: server.ftl has no {id} ({detail:?})");
                let said = say(&words, &detail);
                assert!(!said.contains("{") && !said.contains(&id), "{lang}: {said}");
            }
            // And the time left, an argument of its own.
            assert!(ids.contains("detail-left"), "{lang}: detail-left");
        }
    }

    #[test]
    fn english_says_each_detail_as_the_server_always_has() {
        let english = Words::english();
        for (detail, said) in all() {
            assert_eq!(say(&english, &detail), said, "{detail:?}");
        }
        // The time left, as bans.rs always wrote it.
        for (minutes, said) in [
            (0, "a minute more"),
            (2, "2 minutes more"),
            (90, "90 minutes more"),
            (91, "2 hours more"),
            (36 * 60, "36 hours more"),
            (36 * 60 + 1, "2 days more"),
        ] {
            assert_eq!(left(&english, minutes), said);
        }
        assert_eq!(minutes_left(0, 60_001), 2);
        assert_eq!(minutes_left(10, 0), 0);
    }

    #[test]
    fn every_language_says_each_detail_with_its_values() {
        for lang in LANGUAGES.iter().skip(1) {
            let words = Words::for_tag(lang);
            for (detail, english) in all() {
                let said = say(&words, &detail);
                assert_ne!(said, english, "{lang}: {detail:?} is said in English");
                assert!(!said.contains("detail-"), "{lang}: {said}");
                let values: Vec<String> = match &detail {
                    Detail::Banned { reason, .. } | Detail::TimedOut { reason, .. } => vec![reason.clone()],
                    Detail::RatedGuests { names } | Detail::RatedBotAccounts { names } => names.clone(),
                    Detail::NotOwner { owner, .. } => owner.iter().cloned().collect(),
                    Detail::NotOrganizer { organizer, .. } => vec![organizer.clone()],
                    Detail::NoSuchSeat { game, seat, seats } => {
                        [vec![game.clone(), seat.clone()], seats.clone()].concat()
                    }
                    Detail::SeatTaken { seat, name } | Detail::NotABot { seat, name } => {
                        vec![seat.clone(), name.clone()]
                    }
                    Detail::AlreadySeated { seat } | Detail::SeatEmpty { seat } => vec![seat.clone()],
                    Detail::SeatsNotFull { count } => vec![count.to_string()],
                    Detail::MovedOn { seen, now } => vec![seen.to_string(), now.to_string()],
                    Detail::ChatTooLong { max, length } => vec![max.to_string(), length.to_string()],
                    Detail::RatedBanned { reason, .. } => vec![reason.clone()],
                    Detail::ReasonTooLong { max, length } => vec![max.to_string(), length.to_string()],
                    Detail::TooManyLogins { account, address } => {
                        vec![account.to_string(), address.to_string()]
                    }
                    Detail::TooManyRooms { count, .. }
                    | Detail::TooManyWatched { count }
                    | Detail::TooManyGuests { count }
                    | Detail::ConnectRate { count }
                    | Detail::RequestRate { count }
                    | Detail::OpenReports { count }
                    | Detail::MessageRate { count }
                    | Detail::ChatRate { count }
                    | Detail::TooManyTokens { count }
                    | Detail::TooManySubscriptions { count }
                    | Detail::TooManyWebhooks { count }
                    | Detail::TooFewPlayers { count } => vec![count.to_string()],
                    Detail::NameTaken { name } | Detail::UnknownPlayer { name } => {
                        vec![format!("{name:?}").trim_matches('"').to_string()]
                    }
                    Detail::UnknownRoom { room }
                    | Detail::RoomUnavailable { room }
                    | Detail::RoomUnreadable { room }
                    | Detail::ReplayUnavailable { room } => {
                        vec![room.clone()]
                    }
                    Detail::RatingGames { keys } => keys.clone(),
                    Detail::UnknownReport { report: name }
                    | Detail::UnknownSanction { sanction: name }
                    | Detail::NotAnAddress { address: name } => vec![name.clone()],
                    Detail::VacationLength { max } => vec![max.to_string()],
                    Detail::UnknownChatLine { seq } => vec![seq.to_string()],
                    Detail::OnVacation { until } => vec![until.to_string()],
                    Detail::VacationUsedUp { left, max } => vec![left.to_string(), max.to_string()],
                    Detail::ChatBidi { code_point } => vec![format!("{code_point:04X}")],
                    Detail::RematchOpened { room } => vec![room.clone()],
                    Detail::ProtocolVersion { speaks, asked } => vec![speaks.to_string(), asked.to_string()],
                    Detail::NotModeration { id } => vec![format!("{id:?}")],
                    Detail::RatedBots
                    | Detail::AlreadyStarted { .. }
                    | Detail::TooFewTeams
                    | Detail::Unread { .. } => vec![],
                };
                for value in values {
                    assert!(said.contains(&value), "{lang}: {said:?} lacks {value:?}");
                }
                if let Detail::Banned { lasting, .. }
                | Detail::TimedOut { lasting, .. }
                | Detail::RatedBanned { lasting, .. } = &detail
                    && let Some(m) = &lasting.minutes
                {
                    assert!(
                        said.contains(&left(&words, *m)),
                        "{lang}: {said:?} lacks how long"
                    );
                }
            }
        }
        assert_eq!(left(&Words::for_tag("fr"), 150), "encore 3 heures");
        assert_eq!(left(&Words::for_tag("de"), 1), "noch eine Minute");
    }
}
