//! The server's sentences in the client's language (`server.ftl` of the
//! shared catalogues, `lodestone-i18n`): an `error` frame or an HTTP
//! refusal keeps its code and gets the code's sentence in the language the
//! client asked for (`lang` in `hello`, `Accept-Language` over HTTP).
//! English, the default, is left exactly as the server wrote it, with
//! the details its sentence may give (which seat, how many, until when).

use axum::body::{Body, to_bytes};
use axum::extract::ws::Utf8Bytes;
use axum::http::{HeaderMap, header};
use axum::response::Response;
use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::{Code, HttpError, ServerMessage};

/// The most an HTTP refusal's body is read to be translated; a larger
/// answer is no refusal and goes out as it is.
const MOST_ERROR_BYTES: usize = 16 * 1024;

/// The catalogue id of a code's sentence (`error-room-full`).
pub fn error_id(code: Code) -> String {
    format!("error-{}", code.as_str())
}

/// A computer player's name in `words` (`Bot (greedy)`, `Ordinateur
/// (glouton)`), with a tournament's `number` for its bots (`Bot 2 (hard)`).
pub fn bot_name(words: &Words, level: lodestone_rules::bot::Level, number: Option<usize>) -> String {
    let level = ("level", FluentValue::from(level.name()));
    match number {
        Some(n) => words.with("bot-name-numbered", &[("number", FluentValue::from(n)), level]),
        None => words.with("bot-name", &[level]),
    }
}

/// The server's English sentences that carry details (a limit, a count,
/// a name, a seat, a version), each with the message of `server.ftl`
/// that says the same with the same details in every language: (code,
/// the English sentence with `{name}` where a detail goes, the message's
/// id, whose arguments are those names). A sentence of the code that
/// matches none gets the code's own sentence, `error-CODE`.
const DETAILED: &[(Code, &str, &str)] = &[
    (
        Code::BadMessage,
        "a reason has at most {max} characters; this one has {length}",
        "detail-reason-too-long",
    ),
    (
        Code::TooManyRooms,
        "you have {count} open rooms, as many as a guest may: start or finish one first",
        "detail-too-many-rooms-guest",
    ),
    (
        Code::TooManyRooms,
        "this address has {count} open rooms, as many as it may: start or finish one first",
        "detail-too-many-rooms-address",
    ),
    (
        Code::TooManyWatched,
        "this connection watches {count} rooms, as many as it may: unwatch one first",
        "detail-too-many-watched",
    ),
    (
        Code::TooManyGuests,
        "this address has made {count} new guests in the last hour; come back with your token",
        "detail-too-many-guests",
    ),
    (
        Code::RateLimited,
        "more than {count} new connections a minute from this address; wait a little",
        "detail-connect-rate",
    ),
    (
        Code::RateLimited,
        "more than {count} requests a minute from this address; wait a little",
        "detail-request-rate",
    ),
    (
        Code::RateLimited,
        "you have {count} reports waiting for a moderator: wait until they are read",
        "detail-open-reports",
    ),
    (
        Code::TooManyLogins,
        "too many logins: at most {account} a minute for one account and {address} from one address; wait a minute",
        "detail-too-many-logins",
    ),
    (
        Code::TooManyTokens,
        "an account has at most {count} API tokens: revoke one first",
        "detail-too-many-tokens",
    ),
    (
        Code::TooManySubscriptions,
        "this guest has {count} push subscriptions, as many as it may: remove one first",
        "detail-too-many-subscriptions",
    ),
    (
        Code::TooManyWebhooks,
        "there are {count} webhooks here, as many as there may be: remove one first",
        "detail-too-many-webhooks",
    ),
    (
        Code::TooEarly,
        "a tournament needs at least {count} players to start",
        "detail-too-few-players",
    ),
    (
        Code::NameTaken,
        "an account is named \"{name}\" already (names ignore case and invisible characters)",
        "detail-name-taken",
    ),
    (
        Code::UnknownPlayer,
        "there is no player \"{name}\"",
        "detail-unknown-player",
    ),
    (
        Code::UnknownRoom,
        "there is no room \"{room}\"",
        "detail-unknown-room",
    ),
    (
        Code::UnknownRoom,
        "room \"{room}\" is not available; try again",
        "detail-room-unavailable",
    ),
    (
        Code::UnknownRoom,
        "room \"{room}\" cannot be read",
        "detail-room-unreadable",
    ),
];

/// The details of `english` when it is `pattern` with them filled in:
/// each name of the pattern with its text (a number as a number, so the
/// catalogues may choose a plural by it).
fn details(pattern: &'static str, english: &str) -> Option<Vec<(&'static str, FluentValue<'static>)>> {
    // The pattern as text, name, text, name, …, text.
    let mut texts = Vec::new();
    let mut names = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}')?;
        texts.push(&rest[..open]);
        names.push(&rest[open + 1..close]);
        rest = &rest[close + 1..];
    }
    texts.push(rest);
    let mut left = english.strip_prefix(texts[0])?;
    let mut found = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let after = texts[i + 1];
        let value = if i + 1 == names.len() {
            let value = left.strip_suffix(after)?;
            left = "";
            value
        } else {
            let at = left.find(after).filter(|&at| after.is_empty() || at > 0)?;
            let value = &left[..at];
            left = &left[at + after.len()..];
            value
        };
        if value.is_empty() {
            return None;
        }
        let value = value
            .parse::<i64>()
            .map_or_else(|_| FluentValue::from(value.to_string()), FluentValue::from);
        found.push((*name, value));
    }
    left.is_empty().then_some(found)
}

/// The sentence of a refusal with `code`: the server's own `english` one
/// in English; else, in the language, the message that says the same
/// with its details when the English sentence is one of `DETAILED`, or
/// the code's own sentence.
pub fn error_sentence(words: &Words, code: Code, english: &str) -> String {
    if words.is_english() {
        return english.to_string();
    }
    DETAILED
        .iter()
        .filter(|(c, _, _)| *c == code)
        .find_map(|(_, pattern, id)| details(pattern, english).map(|args| words.with(id, &args)))
        .unwrap_or_else(|| words.get(&error_id(code)))
}

/// A frame for a client speaking `words`: an `error` with its sentence in
/// that language, anything else as it is.
pub fn frame(words: &Words, text: Utf8Bytes) -> Utf8Bytes {
    if words.is_english() || !text.as_str().starts_with(r#"{"type":"error""#) {
        return text;
    }
    match serde_json::from_str::<ServerMessage>(text.as_str()) {
        Ok(ServerMessage::Error {
            id,
            code,
            message,
            detail,
        }) => {
            // Said from its details when it carries them (`said.rs`).
            let message = match &detail {
                Some(detail) => crate::said::say(words, detail),
                None => error_sentence(words, code, &message),
            };
            crate::room::encode(&ServerMessage::Error {
                id,
                code,
                message,
                detail,
            })
        }
        _ => text,
    }
}

/// The language of an HTTP request: its `Accept-Language`, English without.
pub fn http_words(headers: &HeaderMap) -> Words {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or_else(Words::english, Words::from_accept_language)
}

/// An HTTP answer for a client speaking `words`: a JSON refusal (an
/// [`HttpError`]) with its sentence in that language, its status and
/// headers kept; anything else as it is.
pub async fn http_answer(words: &Words, response: Response) -> Response {
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if words.is_english()
        || !json
        || !(response.status().is_client_error() || response.status().is_server_error())
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, MOST_ERROR_BYTES).await else {
        // Nothing of it can be sent again: say so plainly.
        parts.headers.remove(header::CONTENT_LENGTH);
        return Response::from_parts(parts, Body::empty());
    };
    let body = match serde_json::from_slice::<HttpError>(&bytes) {
        Ok(mut refusal) => {
            refusal.message = error_sentence(words, refusal.code, &refusal.message);
            parts.headers.remove(header::CONTENT_LENGTH);
            Body::from(refusal.to_json())
        }
        Err(_) => Body::from(bytes),
    };
    Response::from_parts(parts, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lodestone_i18n::LANGUAGES;

    #[test]
    fn every_code_has_a_sentence_in_every_language() {
        let mut missing = Vec::new();
        for lang in LANGUAGES {
            let words = Words::for_tag(lang);
            for &code in Code::ALL {
                if words.own(&error_id(code)).is_none_or(|s| s.trim().is_empty()) {
                    missing.push(format!("{lang}: {}", error_id(code)));
                }
            }
        }
        assert!(missing.is_empty(), "no sentence for:\n{}", missing.join("\n"));
    }

    #[test]
    fn every_detailed_sentence_is_its_english_message_with_the_same_details() {
        let english = Words::english();
        for (code, pattern, id) in DETAILED {
            let names: Vec<&str> = pattern
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(name, _)| name))
                .collect();
            // One of a few values makes the catalogue's English the
            // server's sentence (a plural chooses by its number).
            let matched = [1, 7].iter().any(|&n| {
                let args: Vec<(&'static str, FluentValue)> =
                    names.iter().map(|name| (*name, FluentValue::from(n))).collect();
                let said = english.with(id, &args);
                details(pattern, &said).is_some_and(|found| found == args)
            });
            assert!(matched, "{code:?}: {id} does not say {pattern:?}");
            // Each other language has its own words, with every detail.
            let args: Vec<(&'static str, FluentValue)> = names
                .iter()
                .enumerate()
                .map(|(i, name)| (*name, FluentValue::from(format!("<{i}>"))))
                .collect();
            for lang in LANGUAGES.iter().skip(1) {
                let said = Words::for_tag(lang).with(id, &args);
                let all = (0..names.len()).all(|i| said.contains(&format!("<{i}>")));
                assert!(all && said != english.with(id, &args), "{lang}: {id}: {said}");
            }
        }
    }

    #[test]
    fn a_detail_reaches_the_french_and_german_sentence() {
        let (french, german) = (Words::for_tag("fr"), Words::for_tag("de"));
        // (Sentences said from their `detail` are tested in said.rs.)
        let long = "a reason has at most 500 characters; this one has 501";
        assert_eq!(
            error_sentence(&french, Code::BadMessage, long),
            "un motif a au plus 500 caractères ; celui-ci en a 501"
        );
        assert_eq!(
            error_sentence(&german, Code::BadMessage, long),
            "eine Begründung hat höchstens 500 Zeichen; diese hat 501"
        );
        // A number chooses the plural.
        let rooms = |n: u32| {
            let english =
                format!("you have {n} open rooms, as many as a guest may: start or finish one first");
            error_sentence(&french, Code::TooManyRooms, &english)
        };
        assert!(rooms(1).starts_with("vous avez 1 salle ouverte,"), "{}", rooms(1));
        assert!(
            rooms(3).starts_with("vous avez 3 salles ouvertes,"),
            "{}",
            rooms(3)
        );
        // Names come through as they are.
        assert_eq!(
            error_sentence(&german, Code::UnknownPlayer, r#"there is no player "Ann Lee""#),
            "es gibt keinen Spieler „Ann Lee“"
        );
        assert_eq!(
            error_sentence(&french, Code::UnknownRoom, r#"there is no room "no-such-room""#),
            "il n'y a pas de salle « no-such-room »"
        );
        // A sentence without a known shape gets the code's own sentence;
        // English keeps the server's.
        assert_eq!(
            error_sentence(&french, Code::BadMessage, "too long"),
            french.get("error-bad-message")
        );
        assert_eq!(error_sentence(&Words::english(), Code::BadMessage, long), long);
        // Through a frame, with its code.
        let frame_en = crate::room::encode(&lodestone_protocol::error(None, Code::BadMessage, long));
        let framed = frame(&french, frame_en);
        assert!(
            framed.as_str().contains(r#""code":"bad-message""#)
                && framed.as_str().contains("celui-ci en a 501"),
            "{}",
            framed.as_str()
        );
    }

    #[test]
    fn details_are_read_only_from_a_sentence_of_the_patterns_shape() {
        let pattern = "seat {seat} is taken by {name}";
        let found = details(pattern, "seat 2 is taken by Bo").expect("the shape");
        assert_eq!(
            found,
            [("seat", FluentValue::from(2)), ("name", FluentValue::from("Bo"))]
        );
        for other in [
            "seat  is taken by Bo",
            "seat 2 is taken by ",
            "a seat 2 is taken by Bo",
            "seat 2 was taken by Bo",
        ] {
            assert_eq!(details(pattern, other), None, "{other}");
        }
    }

    #[test]
    fn an_error_frame_keeps_its_code_and_english_keeps_its_sentence() {
        let english = crate::room::encode(&lodestone_protocol::error(
            None,
            Code::SeatTaken,
            "seat white is taken",
        ));
        assert_eq!(frame(&Words::english(), english.clone()), english);
        let french = frame(&Words::for_tag("fr"), english.clone());
        assert_eq!(
            french.as_str(),
            r#"{"type":"error","id":null,"code":"seat-taken","message":"quelqu'un occupe déjà cette place"}"#
        );
        let update = Utf8Bytes::from_static(r#"{"type":"pong","id":1}"#);
        assert_eq!(frame(&Words::for_tag("de"), update.clone()), update);
    }
}
