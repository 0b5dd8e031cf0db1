//! The server's sentences in the client's language (`server.ftl` of the
//! shared catalogues, `lodestone-i18n`): an `error` frame or an HTTP
//! refusal keeps its code and gets the code's sentence in the language the
//! client asked for (`lang` in `hello`, `Accept-Language` over HTTP).
//! English, the default, is left exactly as the server wrote it; another
//! language says a refusal from its typed `detail` (which seat, how many,
//! until when: `said.rs`) when it has one, else the code's own sentence.

use axum::body::{Body, to_bytes};
use axum::extract::ws::Utf8Bytes;
use axum::http::{HeaderMap, header};
use axum::response::Response;
use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::{Code, Detail, HttpError, ServerMessage};

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

/// The sentence of a refusal in `words`' language: the server's own
/// `english` one in English; else said from its `detail` when it has one
/// (`said.rs`), or the code's own sentence. Never read back from the
/// English.
pub fn error_sentence(words: &Words, code: Code, english: &str, detail: Option<&Detail>) -> String {
    if words.is_english() {
        return english.to_string();
    }
    match detail {
        Some(detail) => crate::said::say(words, detail),
        None => words.get(&error_id(code)),
    }
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
            let message = error_sentence(words, code, &message, detail.as_deref());
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
            refusal.message = error_sentence(words, refusal.code, &refusal.message, refusal.detail.as_ref());
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
    fn a_refusal_is_said_from_its_detail_never_read_back_from_its_english() {
        let (french, german) = (Words::for_tag("fr"), Words::for_tag("de"));
        let long = Detail::ReasonTooLong {
            max: 500,
            length: 501,
        };
        // The English given is not read: the detail alone says it.
        for english in [
            "a reason has at most 500 characters; this one has 501",
            "anything",
        ] {
            assert_eq!(
                error_sentence(&french, Code::BadMessage, english, Some(&long)),
                "un motif a au plus 500 caractères ; celui-ci en a 501"
            );
            assert_eq!(
                error_sentence(&german, Code::BadMessage, english, Some(&long)),
                "eine Begründung hat höchstens 500 Zeichen; diese hat 501"
            );
        }
        // A sentence of a detailed shape without its detail is not parsed:
        // it gets the code's own sentence.
        assert_eq!(
            error_sentence(
                &french,
                Code::BadMessage,
                "a reason has at most 500 characters; this one has 501",
                None
            ),
            french.get("error-bad-message")
        );
        // A number chooses the plural.
        let rooms = |count| {
            let detail = Detail::TooManyRooms {
                count,
                address: false,
            };
            error_sentence(&french, Code::TooManyRooms, "", Some(&detail))
        };
        assert!(rooms(1).starts_with("vous avez 1 salle ouverte,"), "{}", rooms(1));
        assert!(
            rooms(3).starts_with("vous avez 3 salles ouvertes,"),
            "{}",
            rooms(3)
        );
        // Names come through in the language's quotes.
        let ann = Detail::UnknownPlayer {
            name: "Ann Lee".into(),
        };
        assert_eq!(
            error_sentence(&german, Code::UnknownPlayer, "", Some(&ann)),
            "es gibt keinen Spieler „Ann Lee“"
        );
        let room = Detail::UnknownRoom {
            room: "no-such-room".into(),
        };
        assert_eq!(
            error_sentence(&french, Code::UnknownRoom, "", Some(&room)),
            "il n'y a pas de salle « no-such-room »"
        );
        // English keeps the server's sentence.
        assert_eq!(
            error_sentence(&Words::english(), Code::BadMessage, "as written", Some(&long)),
            "as written"
        );
        // Through a frame, with its code and its detail.
        let refusal = crate::room::Refusal::detailed(Code::BadMessage, long);
        let framed = frame(&french, crate::room::encode(&refusal.into_error(None)));
        assert!(
            framed.as_str().contains(r#""code":"bad-message""#)
                && framed.as_str().contains("celui-ci en a 501")
                && framed
                    .as_str()
                    .contains(r#""detail":{"kind":"reason-too-long","max":500,"length":501}"#),
            "{}",
            framed.as_str()
        );
    }

    #[tokio::test]
    async fn an_http_refusal_keeps_its_detail_and_is_said_from_it() {
        use axum::http::StatusCode;
        let detail = Detail::RequestRate { count: 600 };
        let english = crate::said::english(&detail);
        let limited = || {
            crate::answers::limited(
                StatusCode::TOO_MANY_REQUESTS,
                HttpError::limited(Code::RateLimited, english.clone(), "request-rate", 1)
                    .with_detail(detail.clone()),
            )
        };
        for (lang, said) in [
            (
                "en",
                "more than 600 requests a minute from this address; wait a little",
            ),
            ("de", &crate::said::say(&Words::for_tag("de"), &detail)),
        ] {
            let answer = http_answer(&Words::for_tag(lang), limited()).await;
            assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS);
            assert_eq!(answer.headers()[header::RETRY_AFTER], "1");
            let body = to_bytes(answer.into_body(), MOST_ERROR_BYTES).await.unwrap();
            let body: HttpError = serde_json::from_slice(&body).unwrap();
            assert_eq!(body.message, said, "{lang}");
            assert_eq!(body.detail.as_ref(), Some(&detail), "{lang}");
            assert_eq!(body.limit.as_deref(), Some("request-rate"));
        }
        assert!(crate::said::say(&Words::for_tag("de"), &detail).contains("600"));
    }

    /// The refusals whose sentence has values but no `detail` yet: other
    /// languages say only their code's sentence. (code, the `format!`.)
    /// None now: a new one is given its `Detail` rather than listed here.
    const UNDETAILED: &[(&str, &str)] = &[];

    /// The text of the first string literal in `text`.
    fn literal(text: &str) -> Option<&str> {
        let start = text.find('"')? + 1;
        let mut escaped = false;
        for (i, c) in text[start..].char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => return Some(&text[start..start + i]),
                _ => escaped = false,
            }
        }
        None
    }

    /// The refusals of `source` (outside its tests) whose sentence is a
    /// `format!`: each `codes::X`, with the call it is an argument of,
    /// giving a `format!` there or in a `let` of the lines before.
    fn formatted_refusals(source: &str) -> Vec<(String, String)> {
        let source = source.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
        let mut found = Vec::new();
        for (at, _) in source.match_indices("codes::") {
            let rest = &source[at + "codes::".len()..];
            let code: String = rest
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                .collect();
            // The rest of the call `codes::X` is an argument of.
            let mut depth = 0i32;
            let end = rest
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    depth < 0 || (c == ';' && depth == 0)
                })
                .map_or(rest.len(), |(i, _)| i);
            let call = &rest[code.len()..end];
            let mut from = (at.saturating_sub(800)..at)
                .find(|&i| source.is_char_boundary(i))
                .unwrap_or(at);
            let before = &source[from..at];
            let sentence = call.find("format!(").map(|i| &call[i..]).or_else(|| {
                call.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .filter(|word| !word.is_empty())
                    .find_map(|word| {
                        let lets = [
                            format!("let {word} = format!("),
                            format!("let {word}: String = format!("),
                        ];
                        lets.iter().filter_map(|l| before.rfind(l.as_str())).max()
                    })
                    .map(|i| {
                        from += i;
                        &source[from..at]
                    })
            });
            if let Some(text) = sentence.and_then(literal) {
                found.push((code, text.to_string()));
            }
        }
        found
    }

    #[test]
    fn the_scan_finds_a_refusal_formatted_without_its_detail() {
        let source = concat!(
            "fn a() { Err(Refusal::new(codes::TOO_EARLY, format!(\"at least {n}\"))) }\n",
            "fn b() { let why = format!(\"{n} more\");\n return self.fail(id, codes::TOO_LATE, why); }\n",
            "fn c() { Err(Refusal::new(codes::BAD_NAME, \"plain\")); let x = format!(\"{y}\"); }\n",
            "fn d() { Err(Refused::detailed(codes::TOO_EARLY, Detail::TooFewTeams)) }\n",
            "#[cfg(test)]\nmod tests { fn e() { (codes::BAD_NAME, format!(\"{z}\")); } }\n",
        );
        assert_eq!(
            formatted_refusals(source),
            [
                ("TOO_EARLY".to_string(), "at least {n}".to_string()),
                ("TOO_LATE".to_string(), "{n} more".to_string()),
            ]
        );
    }

    /// A refusal whose sentence says values (a `format!`) must carry them
    /// as its `detail`, or other languages say less than English: the
    /// server's sources hold no such refusal but the known ones.
    #[test]
    fn no_refusal_says_values_without_its_detail() {
        fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).expect("the sources").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    sources(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && !path
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))
                {
                    out.push(path);
                }
            }
        }
        let mut files = Vec::new();
        sources(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        let mut found: Vec<(String, String)> = files
            .iter()
            .flat_map(|f| formatted_refusals(&std::fs::read_to_string(f).expect("a source")))
            .collect();
        found.sort();
        let mut known: Vec<(String, String)> = UNDETAILED
            .iter()
            .map(|(c, s)| (c.to_string(), s.to_string()))
            .collect();
        known.sort();
        let new: Vec<_> = found.iter().filter(|f| !known.contains(f)).collect();
        assert!(
            new.is_empty(),
            "refusals that say values without a detail (give each a Detail, said.rs): {new:#?}"
        );
        let gone: Vec<_> = known.iter().filter(|k| !found.contains(k)).collect();
        assert!(
            gone.is_empty(),
            "no longer found, take them off UNDETAILED: {gone:#?}"
        );
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
