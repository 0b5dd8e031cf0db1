//! Answers a browser revalidates by their strong ETag (`web.rs`'s assets,
//! `manifest.rs`'s manifest): `304 Not Modified` when it still has the
//! body, which it asks about every time (`Cache-Control: no-cache`).

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// The strong ETag of `body`: the first 16 bytes of its SHA-256, in hex
/// and quotes.
pub(crate) fn strong_etag(body: &[u8]) -> String {
    format!("\"{}\"", hex::encode(&Sha256::digest(body)[..16]))
}

/// The answer to a GET of `body`, whose strong ETag is `etag`: `304 Not
/// Modified` when the request's `If-None-Match` names the ETag (or is
/// `*`), else the body as `content_type`; both with `Cache-Control:
/// no-cache` (a browser asks again each time, cheaply) and, where the
/// body depends on a request header, `Vary` naming it.
pub(crate) fn revalidated(
    headers: &HeaderMap,
    etag: &str,
    vary: Option<&'static str>,
    content_type: &'static str,
    body: impl IntoResponse,
) -> Response {
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut cache = HeaderMap::new();
    cache.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Some(vary) = vary {
        cache.insert(header::VARY, HeaderValue::from_static(vary));
    }
    cache.insert(
        header::ETAG,
        HeaderValue::from_str(etag).unwrap_or_else(|_| HeaderValue::from_static("\"\"")),
    );
    if fresh {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        cache,
        [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
        body,
    )
        .into_response()
}
