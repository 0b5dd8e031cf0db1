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
use lodestone_i18n::Words;
use lodestone_protocol::{Code, HttpError, ServerMessage};

/// The most an HTTP refusal's body is read to be translated; a larger
/// answer is no refusal and goes out as it is.
const MOST_ERROR_BYTES: usize = 16 * 1024;

/// The catalogue id of a code's sentence (`error-room-full`).
pub fn error_id(code: Code) -> String {
    format!("error-{}", code.as_str())
}

/// The sentence of a refusal with `code`: the server's own `english` one
/// in English, else the code's sentence in the language.
pub fn error_sentence(words: &Words, code: Code, english: &str) -> String {
    if words.is_english() {
        return english.to_string();
    }
    words.get(&error_id(code))
}

/// A frame for a client speaking `words`: an `error` with its sentence in
/// that language, anything else as it is.
pub fn frame(words: &Words, text: Utf8Bytes) -> Utf8Bytes {
    if words.is_english() || !text.as_str().starts_with(r#"{"type":"error""#) {
        return text;
    }
    match serde_json::from_str::<ServerMessage>(text.as_str()) {
        Ok(ServerMessage::Error { id, code, message }) => {
            let message = error_sentence(words, code, &message);
            crate::room::encode(&ServerMessage::Error { id, code, message })
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
