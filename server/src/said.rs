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

/// A ban's or a timeout's sentence: `id`, or `id`-for with the time left.
fn stopped(
    words: &Words,
    id: &str,
    flag: (&'static str, bool),
    reason: &str,
    minutes: Option<u64>,
) -> String {
    let (name, on) = flag;
    match minutes {
        Some(m) => words.with(
            &format!("{id}-for"),
            &[
                (name, yes(on)),
                ("left", text(&left(words, m))),
                ("reason", text(reason)),
            ],
        ),
        None => words.with(id, &[(name, yes(on)), ("reason", text(reason))]),
    }
}

fn yes(b: bool) -> FluentValue<'static> {
    FluentValue::from(if b { "yes" } else { "no" })
}

fn text(s: &str) -> FluentValue<'static> {
    FluentValue::from(s.to_string())
}

/// The refusal of `detail` in `words`' language.
pub fn say(words: &Words, detail: &Detail) -> String {
    let names = |names: &[String]| {
        [
            ("names", text(&names.join(", "))),
            ("count", FluentValue::from(names.len())),
        ]
    };
    match detail {
        Detail::Banned {
            address,
            reason,
            lasting,
        } => stopped(
            words,
            "detail-banned",
            ("address", *address),
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
            ("vacation", *vacation),
            reason,
            lasting.minutes,
        ),
        Detail::RatedBots => words.get("detail-rated-bots"),
        Detail::RatedGuests { names: n } => words.with("detail-rated-guests", &names(n)),
        Detail::RatedBotAccounts { names: n } => words.with("detail-rated-bot-accounts", &names(n)),
        Detail::NotOwner { action, owner } => {
            let action = ("action", FluentValue::from(action.as_str()));
            match owner {
                Some(owner) => words.with("detail-not-owner", &[action, ("owner", text(owner))]),
                None => words.with("detail-not-owner-nobody", &[action]),
            }
        }
        Detail::NotOrganizer { action, organizer } => words.with(
            "detail-not-organizer",
            &[
                ("action", FluentValue::from(action.as_str())),
                ("organizer", text(organizer)),
            ],
        ),
        Detail::AlreadyStarted { action } => words.with(
            "detail-already-started",
            &[("action", FluentValue::from(action.as_str()))],
        ),
        Detail::NoSuchSeat { game, seat, seats } => words.with(
            "detail-no-such-seat",
            &[
                ("game", text(game)),
                ("seat", text(seat)),
                ("seats", text(&seats.join(", "))),
            ],
        ),
        Detail::SeatTaken { seat, name } => {
            words.with("detail-seat-taken", &[("seat", text(seat)), ("name", text(name))])
        }
        Detail::AlreadySeated { seat } => words.with("detail-already-seated", &[("seat", text(seat))]),
        Detail::SeatEmpty { seat } => words.with("detail-seat-empty", &[("seat", text(seat))]),
        Detail::NotABot { seat, name } => {
            words.with("detail-not-a-bot", &[("seat", text(seat)), ("name", text(name))])
        }
        Detail::SeatsNotFull { count } => {
            words.with("detail-seats-not-full", &[("count", FluentValue::from(*count))])
        }
        Detail::MovedOn { seen, now } => words.with(
            "detail-moved-on",
            &[
                ("seen", FluentValue::from(*seen)),
                ("now", FluentValue::from(*now)),
            ],
        ),
        Detail::ChatTooLong { max, length } => words.with(
            "detail-chat-too-long",
            &[
                ("max", FluentValue::from(*max)),
                ("length", FluentValue::from(*length)),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lodestone_i18n::LANGUAGES;
    use lodestone_protocol::Action;

    fn all() -> Vec<(Detail, &'static str)> {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let action = |action| Detail::AlreadyStarted { action };
        vec![
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
        ]
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
                    Detail::RatedBots | Detail::AlreadyStarted { .. } => vec![],
                };
                for value in values {
                    assert!(said.contains(&value), "{lang}: {said:?} lacks {value:?}");
                }
                if let Detail::Banned { lasting, .. } | Detail::TimedOut { lasting, .. } = &detail
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
